// Walks a bundled lesson on the web page the way a teacher does, in headless Chromium at
// 1280 × 720: opens index.html#lesson=NAME&step=1, turns presenter mode on (F5), and at every
// step opens the drawer's Controls, Numbers and Lesson tabs, then presses Next ▶, to the last
// step. Every screen goes into one folder: look at all of them. Not part of CI (a lesson
// takes about a minute); the desktop's walk is ../shared/tools/walk.sh and the kittest walks.
// Usage: scripts/build-web.sh, then node tests/web/walk.mjs LESSON [OUT_DIR]
// (OUT_DIR defaults to target/web-walk/LESSON). The drawer's tabs and Next are clicked where
// they stand at 1280 × 720 in presenter mode; the walk fails when Next stops advancing the
// lesson before its last step or the page logs a panic or an uncaught error.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(new URL("../..", import.meta.url).pathname);
const [lesson, outArg] = process.argv.slice(2);
if (!lesson) {
  console.error("error: usage: node tests/web/walk.mjs LESSON [OUT_DIR]");
  process.exit(2);
}
const out = outArg || join(ROOT, "target/web-walk", lesson);
const PORT = Number(process.env.PORT || 8767);
// Where the drawer's parts stand at 1280 × 720 in presenter mode (the drawer never moves).
const NEXT = [1089, 128];
const TABS = [
  ["controls", 977],
  ["numbers", 1089],
  ["lesson", 875],
];
const TAB_Y = 161;

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const server = spawn("python3", ["-m", "http.server", String(PORT), "--bind", "127.0.0.1", "-d", join(ROOT, "target/web")], {
  stdio: "ignore",
});
const profile = mkdtempSync(join(tmpdir(), "loadlab-walk-"));
let code = 0;
try {
  await new Promise((r) => setTimeout(r, 1500));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1280, height: 720 },
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  const page = context.pages()[0] || (await context.newPage());
  const problems = [];
  page.on("console", (m) => {
    if (/panicked|RuntimeError|unreachable/i.test(m.text())) problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(String(e)));
  const state = async () => JSON.parse(await page.evaluate(() => window.loadlab.state()));
  const settle = async () => {
    await page.waitForTimeout(600);
    await page.waitForFunction(() => !JSON.parse(window.loadlab.state()).busy, null, { timeout: 60000, polling: 50 });
    await page.waitForTimeout(300);
  };
  await page.goto(`http://127.0.0.1:${PORT}/index.html#lesson=${lesson}&step=1`);
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready === true, null, { timeout: 60000 });
  await page.mouse.click(640, 400);
  await page.keyboard.press("F5");
  await settle();
  const { lesson_steps: steps, drawer } = await state();
  // A name the page does not bundle opens no lesson: one error line (the app's own list of
  // lessons is `loadlab lessons`), exit 2.
  if (!steps) {
    console.error(`error: the page has no lesson "${lesson}" (the bundled lessons' names: loadlab lessons)`);
    code = 2;
  } else if (!drawer) {
    throw new Error(`lesson ${lesson} opened without the drawer in presenter mode`);
  }
  for (let k = 1; code === 0; k++) {
    const at = (await state()).lesson_step;
    if (at !== k) {
      console.log(`FAIL Next left the lesson at step ${at}, not ${k}`);
      code = 1;
      break;
    }
    const name = (part) => join(out, `${String(k).padStart(2, "0")}-${part}.png`);
    await page.screenshot({ path: name("0-arrive") });
    for (const [i, [tab, x]] of TABS.entries()) {
      await page.mouse.click(x, TAB_Y);
      await settle();
      await page.screenshot({ path: name(`${i + 1}-${tab}`) });
    }
    console.log(`step ${k} of ${steps}: 4 screens`);
    if (k >= steps) break;
    await page.mouse.click(...NEXT);
    await settle();
  }
  if (problems.length) {
    console.log(`FAIL the page logged: ${problems.join(" | ")}`);
    code = 1;
  }
  await context.close();
  if (code !== 2) console.log(`screens in ${out}`);
} finally {
  server.kill();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(code);
