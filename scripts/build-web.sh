#!/usr/bin/env bash
# Builds loadlab as a static web page into target/web/: index.html, the JS glue and the .wasm,
# the job runner's pause import, icons, a manifest and a service worker (offline after the
# first visit). Serve the folder with any static server, e.g.
#   python3 -m http.server -d target/web 8000   and open http://localhost:8000/
# Installs what it needs when missing (the Rust target wasm32-unknown-unknown) and builds the
# glue generator tools/wasm-bindgen-run. Fails with one line otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

fail() {
  echo "error: build-web: $*" >&2
  exit 1
}

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "installing the Rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown >/dev/null 2>&1 ||
    fail "could not install the Rust target wasm32-unknown-unknown (rustup target add wasm32-unknown-unknown)"
fi
# The JS glue's generator: wasm-bindgen's own library at the version the workspace pins for
# the bindings crate (tools/wasm-bindgen-run), with the same output as that version's
# command-line tool, which takes 6 min of CPU to build against 38 s here (profile `tool`,
# unoptimised: it runs once, on one file).
echo "building the glue generator (tools/wasm-bindgen-run)"
cargo build --locked -q --profile tool -p wasm-bindgen-run ||
  fail "cargo could not build tools/wasm-bindgen-run (see above)"
bindgen="${CARGO_TARGET_DIR:-target}/tool/wasm-bindgen-run"

# The build profile: `web` (small, fat LTO: what the site ships, and what CI tests) unless
# WEB_PROFILE names another, such as `web-ci` (no LTO, 16 codegen units: less wall time on
# many cores, though more CPU time and a larger, slower module).
profile=${WEB_PROFILE:-web}
echo "building the wasm module (profile $profile)"
# The library as a cdylib for this build only: the desktop build is untouched.
cargo rustc --locked --lib --profile "$profile" --target wasm32-unknown-unknown --crate-type cdylib -q ||
  fail "cargo could not build the wasm module (see above)"

out=target/web
rm -rf "$out"
mkdir -p "$out"
"$bindgen" "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/$profile/loadlab.wasm" "$out" ||
  fail "wasm-bindgen failed (see above)"
if command -v wasm-opt >/dev/null 2>&1; then
  wasm-opt -Os --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$out/loadlab_bg.wasm" -o "$out/loadlab_bg.wasm" ||
    fail "wasm-opt failed (see above)"
fi
cp web/index.html web/loadlab-work.js web/loadlab-cells.js web/loadlab-worker.js web/manifest.json web/icon-192.png web/icon-512.png "$out/"
hash=$(sha256sum "$out/loadlab_bg.wasm" "$out"/*.js "$out/index.html" | sha256sum | cut -c1-16)
sed "s/@VERSION@/$hash/" web/sw.js >"$out/sw.js"

raw=$(stat -c %s "$out/loadlab_bg.wasm")
gz=$(gzip -9 -c "$out/loadlab_bg.wasm" | wc -c)
echo "wrote $out/ (loadlab_bg.wasm: $((raw / 1024)) KiB, $((gz / 1024)) KiB gzip-compressed)"
# The shipped profile's budget (README, In the browser): 4 MB gzip-compressed.
if [ "$profile" = web ] && [ "$gz" -gt 4000000 ]; then
  fail "loadlab_bg.wasm is $gz bytes gzip-compressed, over the 4 MB budget"
fi
