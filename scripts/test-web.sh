#!/usr/bin/env bash
# Builds the web page (scripts/build-web.sh) and tests it in headless Chromium
# (tests/web/run.mjs, driven by playwright-core from npm): every bundled preset by address
# against the CLI, keyboard stepping, a saved preset and a PNG as downloads (the desktop reads
# the preset as exactly the bundled one), a lesson step by address, ?embed=1, a 2x screen, a map's longest
# task, frames and Cancel, the page offline after the first visit, no panic in the console.
# Screenshots: target/web-shots/. WEB_PROFILE=web-ci builds the quicker, larger module.
# Needs chromium, node and npm (Debian: apt-get install chromium nodejs npm).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

fail() {
  echo "error: test-web: $*" >&2
  exit 1
}
command -v chromium >/dev/null 2>&1 || fail "needs chromium (apt-get install chromium)"
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 ||
  fail "needs node and npm (apt-get install nodejs npm)"
# The CLI gives the expected reports.
cargo build --locked -q --bin loadlab || fail "cargo could not build the CLI"
scripts/build-web.sh
(cd tests/web && npm ci --no-audit --no-fund --silent) || fail "npm could not install playwright-core"
LOADLAB="${CARGO_TARGET_DIR:-target}/debug/loadlab" node tests/web/run.mjs
