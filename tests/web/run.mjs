// Headless-Chromium test of the web page that scripts/build-web.sh writes to target/web/
// (scripts/test-web.sh builds what is missing and runs this). Serves the folder with
// python3 -m http.server, drives Debian's chromium through playwright-core and checks:
// - the default scenario draws a first frame (its time is printed);
// - a saved preset and an exported PNG arrive as downloads, and the desktop reads the preset as
//   exactly the scenario the page showed;
// - every bundled preset opened by address (index.html#<loadlab link PRESET>) gives report()
//   equal to `loadlab eval PRESET --json` (numbers to 12 significant digits);
// - the arrow key steps, and the address follows; the app's F-keys and Ctrl shortcuts are
//   kept from the browser (F5 does not reload the page);
// - a lesson step opens by address with its question hidden; View ▸ Full screen fills the
//   screen; ?embed=1 hides the menus;
// - on a 2x screen the page lays out as on a 1x screen, drawn sharp;
// - an n × n map keeps the page's longest task short, equals `loadlab map … --json`, its time
//   is printed, Cancel stops it;
// - the service worker serves the page with the network cut after the first visit;
// - no panic and no uncaught error in the console.
// Screenshots go to target/web-shots/. The last line is "N passed, M failed".
import { chromium } from "playwright-core";
import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(new URL("../..", import.meta.url).pathname);
const SITE = join(ROOT, "target/web");
const LOADLAB = process.env.LOADLAB || join(ROOT, "target/debug/loadlab");
// The desktop's time for the map: DESKTOP, else a release build where there is one (what a
// user runs), else the CLI above.
const RELEASE = join(ROOT, "target/release/loadlab");
const DESKTOP = process.env.DESKTOP || (existsSync(RELEASE) ? RELEASE : LOADLAB);
const SHOTS = join(ROOT, "target/web-shots");
const PORT = Number(process.env.PORT || 8765);
const BASE = `http://127.0.0.1:${PORT}`;
const MAP_POINTS = Number(process.env.MAP_POINTS || 64);
const ONLY = process.env.PRESETS ? process.env.PRESETS.split(",") : null;

let passed = 0;
let failed = 0;
function check(name, ok, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${ok || !detail ? "" : ": " + detail}`);
}
const cli = (...args) => execFileSync(LOADLAB, args, { encoding: "utf8", maxBuffer: 1 << 28 });

// The first difference between two JSON values (numbers to 12 significant digits), or null.
function differ(a, b, path = "$") {
  if (typeof a === "number" && typeof b === "number") {
    if (a === b || Math.abs(a - b) <= 5e-12 * Math.max(Math.abs(a), Math.abs(b))) return null;
    return `${path}: ${a} against ${b}`;
  }
  if (Array.isArray(a) !== Array.isArray(b) || typeof a !== typeof b || (a === null) !== (b === null))
    return `${path}: ${JSON.stringify(a)?.slice(0, 80)} against ${JSON.stringify(b)?.slice(0, 80)}`;
  if (a === null || typeof a !== "object") return a === b ? null : `${path}: ${a} against ${b}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (!(k in a) || !(k in b)) return `${path}.${k}: only in ${k in a ? "the page" : "the CLI"}`;
    const d = differ(a[k], b[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`);
    if (d) return d;
  }
  return null;
}

async function serve() {
  // Another server answering on the port (a stray one of an earlier run) would be tested in
  // this one's place, and the offline check would wait for ever for this one to stop.
  const taken = await fetch(`${BASE}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${PORT} is taken by another server: stop it, or set PORT`);
  const server = spawn("python3", ["-m", "http.server", String(PORT), "--bind", "127.0.0.1", "-d", SITE], {
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i++) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${BASE}/index.html`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`the static server on port ${PORT} did not answer`);
}

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const profiles = [];
const problems = [];
/** A fresh browser (its own profile) and its page; `gpu` false: --disable-gpu. `scale`: a
 * screen of that many device pixels per CSS pixel, as a HiDPI screen is (the window then 1280
 * × 720: Playwright's own deviceScaleFactor is no such screen, as its ResizeObserver's
 * devicePixelContentBoxSize stays in CSS pixels, which eframe sizes the canvas by). */
async function launch(gpu, scale) {
  const profile = mkdtempSync(join(tmpdir(), "loadlab-chromium-"));
  profiles.push(profile);
  const screen = scale ? [`--force-device-scale-factor=${scale}`, "--window-size=1280,720"] : [];
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    viewport: scale ? null : { width: 1280, height: 720 },
    args: [...FLAGS, ...screen, ...(gpu ? ["--use-angle=swiftshader", "--enable-unsafe-swiftshader"] : ["--disable-gpu"])],
  });
  const page = context.pages()[0] || (await context.newPage());
  page.on("console", (m) => {
    const t = m.text();
    if (/panicked|RuntimeError|unreachable|could not start/i.test(t)) problems.push(t);
  });
  page.on("pageerror", (e) => problems.push(String(e)));
  return { context, page };
}

let server = await serve();
mkdirSync(SHOTS, { recursive: true });
let { context, page } = await launch(false);
const state = async () => JSON.parse(await page.evaluate(() => window.loadlab.state()));

/** Loads index.html<query><hash> afresh; the time to the first frame in ms. */
async function load(hash = "", query = "") {
  await page.goto("about:blank");
  await page.goto(`${BASE}/index.html${query}${hash}`);
  await page.waitForFunction(() => window.loadlab && window.loadlab.ready === true, null, { timeout: 60000 });
  return (await state()).ready_ms;
}
async function idle(timeout = 120000) {
  await page.waitForFunction(() => !JSON.parse(window.loadlab.state()).busy, null, { timeout, polling: 50 });
}

try {
  // The default scenario.
  const first = await load();
  check(`first frame within 3 s (${Math.round(first)} ms)`, first < 3000, `${first} ms`);
  await idle();
  await page.screenshot({ path: join(SHOTS, "default.png") });

  // Every bundled preset by address.
  const presets = cli("presets")
    .split("\n")
    .map((l) => l.trim().split(/\s+/)[0])
    .filter((n) => n && !n.startsWith("#"))
    .filter((n) => !ONLY || ONLY.includes(n));
  for (const name of presets) {
    const link = cli("link", name).trim();
    const want = JSON.parse(cli("eval", name, "--json"));
    await load(`#${link}`);
    const text = await page.evaluate(() => window.loadlab.report());
    let got;
    try {
      got = JSON.parse(text);
    } catch {
      check(`${name}: report() is JSON`, false, text.slice(0, 200));
      continue;
    }
    const d = differ(got, want);
    check(`${name}: report() equals loadlab eval --json`, !d, d);
  }

  // Stepping with the keyboard; the address follows.
  const stepper = "divisible-table-1";
  await load(`#${cli("link", stepper).trim()}`);
  await idle();
  await page.locator("canvas").focus();
  const before = (await state()).step;
  // One key per frame, as a person types (egui takes one shortcut press per frame).
  await page.keyboard.press("ArrowRight");
  await page.waitForTimeout(250);
  await page.keyboard.press("ArrowRight");
  await page.waitForTimeout(250);
  const after = (await state()).step;
  check(`→ twice steps ${stepper} from ${before} to ${before + 2}`, after === before + 2, `step ${after}`);
  const hash = await page.evaluate(() => location.hash);
  const link = await page.evaluate(() => window.loadlab.link());
  check("the address follows the app", hash === `#${link}`, hash.slice(0, 40));
  await page.screenshot({ path: join(SHOTS, "stepped.png") });
  // The app's function keys and Ctrl shortcuts are the app's, not the browser's: F5 is
  // presenter mode (not a reload), F1 the model's help, F6 a focus move, Ctrl+D Describe the
  // picture (not a bookmark). Typed letters and keys the app leaves alone (Shift+F5, Ctrl+C)
  // keep the browser's action. (Sent to the window, where the page's listener is: the app's
  // own listeners, on the canvas, do not see them.)
  const keys = [["F5"], ["F1"], ["F6"], ["d", { ctrlKey: true }], ["h"], ["F5", { shiftKey: true }], ["c", { ctrlKey: true }]];
  const cancelled = await page.evaluate((keys) =>
    keys.map(([key, mods]) => {
      const e = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...mods });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    }), keys);
  const expected = [true, true, true, true, false, false, false];
  check(
    "the page keeps F5, F1, F6 and Ctrl+D from the browser, and h, Shift+F5 and Ctrl+C not",
    JSON.stringify(cancelled) === JSON.stringify(expected),
    `cancelled: ${JSON.stringify(cancelled)}`,
  );

  // Saving and exporting give downloads; the saved preset reads on the desktop as the same
  // scenario.
  const saving = page.waitForEvent("download", { timeout: 20000 });
  await page.keyboard.press("Control+Shift+S");
  const saved = await saving.catch(() => null);
  if (saved) {
    const file = join(SHOTS, "saved.ron");
    await saved.saveAs(file);
    // Exactly the same scenario: the desktop's share link of the file (which encodes the whole
    // scenario) and its report are those of the bundled preset, byte for byte.
    const [gotEval, wantEval] = [cli("eval", file, "--json"), cli("eval", stepper, "--json")];
    const [gotLink, wantLink] = [cli("link", file).trim(), cli("link", stepper).trim()];
    check(
      `Save as downloads ${saved.suggestedFilename()}; on the desktop its link and report equal ${stepper}'s`,
      gotEval === wantEval && gotLink === wantLink,
      gotLink !== wantLink ? "the links differ" : differ(JSON.parse(gotEval), JSON.parse(wantEval)) || "the reports differ in their text",
    );
  } else {
    check("Save as gives a download", false, "no download");
  }
  // The picture's ↓ PNG button (top right of the Timeline, at 1280×720).
  const exporting = page.waitForEvent("download", { timeout: 60000 });
  await page.mouse.click(866, 104);
  const png = await exporting.catch(() => null);
  if (png) {
    const file = join(SHOTS, "figure.png");
    await png.saveAs(file);
    const bytes = readFileSync(file);
    const head = bytes.subarray(0, 8).toString("latin1");
    // The IHDR chunk follows the signature: width and height, big-endian.
    const [w, h] = bytes.length >= 24 ? [bytes.readUInt32BE(16), bytes.readUInt32BE(20)] : [0, 0];
    check(
      `↓ PNG downloads ${png.suggestedFilename()}, a PNG image of ${w}×${h}`,
      head === "\x89PNG\r\n\x1a\n" && w >= 200 && h >= 100,
      `${JSON.stringify(head)} ${w}×${h}`,
    );
  } else {
    check("↓ PNG gives a download", false, "no download");
  }

  // A lesson step by address, its question hidden.
  await load("#lesson=rrv&step=1");
  await idle();
  await page.waitForTimeout(300);
  const lesson = await state();
  check(
    "#lesson=rrv&step=1 opens the lesson with its question hidden",
    lesson.lesson === "rrv" && lesson.lesson_step === 1 && lesson.hidden,
    JSON.stringify(lesson),
  );
  check(
    "the address shows the lesson step",
    (await page.evaluate(() => location.hash)) === "#lesson=rrv&step=1",
    await page.evaluate(() => location.hash),
  );
  await page.screenshot({ path: join(SHOTS, "lesson-rrv-1.png") });
  await page.keyboard.press("Escape");
  // View ▸ Full screen (at 1280×720: the View menu, then its entry) asks the browser to show
  // the page alone: a click is the user's gesture the Fullscreen API wants.
  await page.mouse.click(90, 12);
  await page.waitForTimeout(500);
  await page.mouse.click(130, 209);
  await page.waitForTimeout(800);
  check(
    "View ▸ Full screen shows the page alone (the Fullscreen API)",
    await page.evaluate(() => document.fullscreenElement !== null),
    "document.fullscreenElement is null",
  );
  await page.evaluate(() => document.fullscreenElement && document.exitFullscreen());
  await page.waitForTimeout(500);

  // A phone held upright (390 × 844 CSS pixels): one column, the drawer under the picture the
  // whole width, the lesson's Next still there. (At device pixel ratio 1: headless Chromium's
  // emulated ratio leaves ResizeObserver's devicePixelContentBoxSize in CSS pixels, so eframe
  // would size the canvas a third of a real phone's.)
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(800);
  await idle();
  const phone = await state();
  const [left, top, right, bottom] = phone.drawer || [0, 0, 0, 0];
  check(
    "a phone's page is one column, the drawer under the picture",
    phone.column && left <= 1 && right >= 389 && top > 844 * 0.4 && bottom <= 844,
    JSON.stringify(phone.drawer),
  );
  await page.screenshot({ path: join(SHOTS, "phone-rrv-1.png") });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.waitForTimeout(500);

  // Embedded: the stage only.
  await load(`#${cli("link", "divisible-table-1").trim()}`, "?embed=1");
  await idle();
  check("?embed=1 embeds the stage", (await state()).embedded);
  await page.screenshot({ path: join(SHOTS, "embed.png") });

  // A HiDPI screen (2 device pixels per CSS pixel, as a Retina laptop's or a phone's): the
  // page lays out the same room in points as on a 1× screen, drawn with 2 device pixels per
  // point, on a canvas of 2 device pixels per CSS pixel (sharp, not stretched).
  await context.close();
  ({ context, page } = await launch(false, 2));
  await load();
  await idle();
  const hidpi = await state();
  const canvas = await page.evaluate(() => {
    const c = document.querySelector("canvas");
    return { w: c.width, cw: c.clientWidth, h: c.height, ch: c.clientHeight };
  });
  check(
    `a 2x screen: the canvas has 2 device pixels per CSS pixel, the layout ${hidpi.points.map(Math.round).join(" × ")} points at ${hidpi.ppp} pixels per point, as a 1x screen's`,
    Math.abs(canvas.w - 2 * canvas.cw) <= 2 &&
      Math.abs(canvas.h - 2 * canvas.ch) <= 2 &&
      Math.abs(hidpi.ppp - 2) < 1e-3 &&
      Math.abs(hidpi.points[0] - canvas.cw) <= 1 &&
      Math.abs(hidpi.points[1] - canvas.ch) <= 1,
    `${JSON.stringify(canvas)} ${JSON.stringify({ points: hidpi.points, ppp: hidpi.ppp })}`,
  );
  await page.screenshot({ path: join(SHOTS, "hidpi.png") });

  // A map: the page keeps its tasks short, shows progress, and Cancel stops it. With
  // --disable-gpu Chromium composites the WebGL canvas in software (a read-back of every
  // frame: 100-300 ms per frame here, whatever the app does), so this part runs in a browser
  // whose GPU process renders with SwiftShader.
  await context.close();
  ({ context, page } = await launch(true));
  // A map of real work: KS-BF simulated on every pyramid G_2 … G_400 against every ring
  // R_1 … R_256 (the complete trees of the default axes are counted, not simulated: a 64 × 64
  // map of them takes the desktop about 10 ms, too little to time).
  const mapPreset = "ksbf-g200-r16";
  const axes = [`n=2..400:${MAP_POINTS}`, `p=1..256:${MAP_POINTS}:log`];
  const spec = ["--x", axes[0], "--y", axes[1], "--metric", "efficiency"];
  const flags = ["--shape", "grid", "--json"];
  // The desktop's time for the map, on every core, the browser on a blank page meanwhile.
  const deskTime = async () => {
    await page.goto("about:blank");
    const t = Date.now();
    execFileSync(DESKTOP, ["map", "ksbf", ...spec, ...flags], { stdio: "ignore" });
    return Date.now() - t;
  };
  const mapLink = `#${cli("link", mapPreset).trim()}`;
  // Opens the preset, runs `before`, asks for the map, runs `computing` once it computes and
  // waits for its end; the time from asking to the end. The map's long tasks are watched, each
  // as [start, duration] in ms from the map's request, in `window.__long` (`longTasks()`).
  const pageMap = async (before, computing) => {
    await load(mapLink);
    await idle();
    await before();
    const t = Date.now();
    await page.evaluate(([x, y]) => {
      window.__long = [];
      const asked = performance.now();
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) window.__long.push([e.startTime - asked, e.duration]);
      }).observe({ type: "longtask" });
      window.loadlab.mapAxes(x, y);
      window.loadlab.view("map");
    }, axes);
    await page.waitForFunction(() => JSON.parse(window.loadlab.state()).busy, null, { timeout: 10000, polling: 10 });
    await computing();
    await idle(300000);
    return Date.now() - t;
  };
  const longTasks = () => page.evaluate(() => window.__long);
  const longestOf = (tasks) => Math.max(0, ...tasks.map(([, d]) => d));
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  // The first map's frames are watched too, and a screenshot taken while it computes.
  const deskFirst = await deskTime();
  const mapMs = await pageMap(
    () =>
      page.evaluate(() => {
        // The browser's frames while the map computes: a callback per frame it could draw.
        window.__frames = [];
        const tick = (t) => {
          window.__frames.push(t);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    async () => {
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(SHOTS, "map-computing.png") });
    },
  );
  const longs = [await longTasks()];
  const slices = [(await state()).slice_max_ms];
  const frames = await page.evaluate(() => window.__frames.splice(0));
  const gaps = frames.slice(1).map((t, i) => t - frames[i]);
  const frameGap = Math.max(0, ...gaps);
  // The cells the workers computed are the desktop's: the page's finished map against
  // `loadlab map … --json` for the same scenario and axes.
  const finished = await page.evaluate(() => window.loadlab.map());
  const cliMap = JSON.parse(cli("map", "ksbf", ...spec, ...flags));
  const mapDiff = finished ? differ(JSON.parse(finished), cliMap) : "the page has no finished map";
  check("the page's map equals the desktop's (loadlab map --json)", !mapDiff, mapDiff);
  // Three pairs, each the desktop's map then the page's (opened afresh), so that other work
  // on this shared machine weighs on both sides of a pair alike; their median ratio.
  const pairs = [[deskFirst, mapMs]];
  for (let i = 0; i < 2; i++) {
    const desk = await deskTime();
    pairs.push([desk, await pageMap(async () => {}, async () => {})]);
    longs.push(await longTasks());
    slices.push((await state()).slice_max_ms);
  }
  // The longest task of each map, and their median: a task the page's own work makes long
  // is long in every map, while the machine's own pauses (another process, the hypervisor)
  // fall on one map or another. Each long task is printed as start+duration in ms from the
  // map's request, so a failure shows where in the map it fell.
  const longestEach = longs.map(longestOf);
  const longest = median(longestEach);
  const slice = median(slices);
  const longText = longs
    .map((l) => (l.length ? l.map(([s, d]) => `${Math.round(s)}+${Math.round(d)}`).join(" ") : "none"))
    .join("; ");
  const ratio = median(pairs.map(([desk, web]) => web / desk));
  console.log(
    `map ${MAP_POINTS}x${MAP_POINTS} of ${mapPreset} (desktop ${DESKTOP} on every core, page): ` +
      `${pairs.map(([desk, web]) => `${desk} ms, ${web} ms`).join("; ")}; median ratio ${ratio.toFixed(2)}; ` +
      `long tasks of the three page maps (ms from the request + ms): ${longText}; ` +
      `longest slices of background work ${slices.map(Math.round).join(", ")} ms; ` +
      `first page map: ${frames.length} frames, ` +
      `longest gap between frames ${Math.round(frameGap)} ms`,
  );
  // The budget (issue 35): the page within 3x the desktop's time. The page computes a map's
  // cells on web workers, one per core, as the desktop does on rayon's threads, so it is held
  // to the desktop on every core.
  check(`the map in the page within 3x the desktop's time on every core (${ratio.toFixed(2)}x)`, ratio <= 3);
  check(
    `longest task while the map computes under 100 ms (median of the three maps' longest: ${Math.round(longest)} ms; ` +
      `each ${longestEach.map(Math.round).join(", ")} ms)`,
    longest < 100,
  );
  // The runner pauses after 10 ms of work; what a slice measures beyond that is the machine
  // descheduling the browser (on this 2-core machine under a load of 10, a CPU profile shows
  // 40-48 ms without a single 0.5 ms sample inside the longest slices). A runner that did not
  // pause would hold the page for the whole map (seconds).
  // The median of the three maps' longest slices, as for the tasks.
  check(`background work yields: its longest slice under 100 ms (median of the three maps': ${Math.round(slice)} ms)`, slice < 100);
  // Frames keep coming. While the workers keep every core busy, how many frames the browser
  // draws depends on its renderer: here Chromium renders WebGL in software (SwiftShader), a
  // costly frame, and drew 4-6 frames per second on 2 idle cores (no task of the page's was
  // long); a page that held the main thread would show one gap the length of the map.
  const fps = (frames.length * 1000) / mapMs;
  check(
    `frames keep coming while the map computes (${frames.length} in ${mapMs} ms, longest gap ${Math.round(frameGap)} ms)`,
    fps >= 2 && frameGap < 1500,
    `${fps.toFixed(1)} frames/s`,
  );
  await page.screenshot({ path: join(SHOTS, "map.png") });
  // Cancel: a new map (one more point per axis) stops soon after Cancel.
  await page.evaluate((n) => window.loadlab.mapPoints(n), MAP_POINTS + 1);
  await page.waitForFunction(() => JSON.parse(window.loadlab.state()).busy, null, { timeout: 10000, polling: 10 });
  await page.waitForTimeout(300);
  await page.evaluate(() => window.loadlab.cancel());
  const c0 = Date.now();
  await idle(5000).catch(() => {});
  const stopped = !(await state()).busy;
  check(`Cancel stops the map (${Date.now() - c0} ms)`, stopped);
  await page.screenshot({ path: join(SHOTS, "map-cancelled.png") });

  // Offline after the first visit: once the service worker controls the page and holds its
  // files, the page opens a scenario and computes its report with the network cut (the browser
  // offline and the static server stopped).
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 60000 });
  const held = await page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith("loadlab-"));
    return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
  });
  await context.setOffline(true);
  const exited = server.exitCode !== null ? Promise.resolve() : new Promise((r) => server.once("exit", r));
  server.kill();
  await exited;
  const offlinePreset = "redistribute-12-ring";
  const present = presets.includes(offlinePreset) ? offlinePreset : stepper;
  try {
    const ms = await load(`#${cli("link", present).trim()}`);
    const d = differ(JSON.parse(await page.evaluate(() => window.loadlab.report())), JSON.parse(cli("eval", present, "--json")));
    check(
      `offline (network cut) the service worker serves the page (${held.length} files held): first frame ${Math.round(ms)} ms, ${present}'s report() equals the CLI's`,
      !d,
      d,
    );
    await page.screenshot({ path: join(SHOTS, "offline.png") });
  } catch (e) {
    check(`offline the page opens ${present} (${held.length} files held: ${held.join(" ")})`, false, String(e).split("\n")[0]);
  }
  await context.setOffline(false);

  check("no panic or uncaught error in the console", problems.length === 0, problems.slice(0, 3).join(" | "));
} catch (e) {
  check("the test ran to its end", false, String(e).split("\n")[0]);
} finally {
  await context.close().catch(() => {});
  server.kill();
  for (const p of profiles) rmSync(p, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
