#!/usr/bin/env bash
# Builds loadlab as a static web page into target/web/: index.html, the JS glue and the .wasm,
# the job runner's pause import, icons, a manifest and a service worker (offline after the
# first visit). Serve the folder with any static server, e.g.
#   python3 -m http.server -d target/web 8000   and open http://localhost:8000/
# Installs what it needs when missing: the Rust target wasm32-unknown-unknown and the
# wasm-bindgen command-line tool at the version Cargo.lock pins. Fails with one line otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

fail() {
  echo "error: build-web: $*" >&2
  exit 1
}

# The wasm-bindgen crate's version in the lock file: the CLI must match it exactly.
version=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ -n "$version" ] || fail "Cargo.lock names no wasm-bindgen version"

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "installing the Rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown >/dev/null 2>&1 ||
    fail "could not install the Rust target wasm32-unknown-unknown (rustup target add wasm32-unknown-unknown)"
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
  echo "installing wasm-bindgen-cli $version (once; a minute or two)"
  # A tool run once per build on one file: built quickly (no link-time optimisation, no
  # debug info, light optimisation) rather than to run fast; it still processes the module
  # in seconds. --locked first; without it when the registry lacks one of its locked versions.
  install_cli() {
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_DEBUG=false \
      CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_INCREMENTAL=0 \
      cargo install -q wasm-bindgen-cli --version "$version" "$@" >/dev/null 2>&1
  }
  install_cli --locked || install_cli ||
    fail "could not install wasm-bindgen-cli $version (cargo install wasm-bindgen-cli --version $version)"
fi

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
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name loadlab \
  "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/$profile/loadlab.wasm" || fail "wasm-bindgen failed (see above)"
if command -v wasm-opt >/dev/null 2>&1; then
  wasm-opt -Os --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$out/loadlab_bg.wasm" -o "$out/loadlab_bg.wasm" ||
    fail "wasm-opt failed (see above)"
fi
cp web/index.html web/loadlab-work.js web/manifest.json web/icon-192.png web/icon-512.png "$out/"
hash=$(sha256sum "$out/loadlab_bg.wasm" "$out/loadlab.js" "$out/index.html" | sha256sum | cut -c1-16)
sed "s/@VERSION@/$hash/" web/sw.js >"$out/sw.js"

raw=$(stat -c %s "$out/loadlab_bg.wasm")
gz=$(gzip -9 -c "$out/loadlab_bg.wasm" | wc -c)
echo "wrote $out/ (loadlab_bg.wasm: $((raw / 1024)) KiB, $((gz / 1024)) KiB gzip-compressed)"
# The shipped profile's budget (README, In the browser): 4 MB gzip-compressed.
if [ "$profile" = web ] && [ "$gz" -gt 4000000 ]; then
  fail "loadlab_bg.wasm is $gz bytes gzip-compressed, over the 4 MB budget"
fi
