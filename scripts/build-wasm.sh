#!/usr/bin/env bash
# Builds the engine to WebAssembly and generates its JS bindings into web/wasm-pkg/
# (git-ignored). Skips the work when the output is newer than every engine source file.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=web/wasm-pkg
if [[ -f $OUT/tiersim_wasm_bg.wasm && "${FORCE:-0}" != 1 ]] &&
   [[ -z $(find engine-wasm/crates engine-wasm/Cargo.toml engine-wasm/Cargo.lock -newer "$OUT/tiersim_wasm_bg.wasm" -type f 2>/dev/null | head -1) ]]; then
  echo "wasm: up to date ($OUT)"
  exit 0
fi

echo "wasm: building tiersim-wasm (release, wasm32-unknown-unknown)"
cargo build --manifest-path engine-wasm/Cargo.toml --release --target wasm32-unknown-unknown -p tiersim-wasm
wasm-bindgen --target web --out-dir "$OUT" engine-wasm/target/wasm32-unknown-unknown/release/tiersim_wasm.wasm
# wasm-opt from the npm `binaryen` package (Debian's v108 emits modules that fail to load).
if [[ -x node_modules/.bin/wasm-opt ]]; then
  node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-simd \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$OUT/tiersim_wasm_bg.wasm" -o "$OUT/tiersim_wasm_bg.wasm.opt"
  mv "$OUT/tiersim_wasm_bg.wasm.opt" "$OUT/tiersim_wasm_bg.wasm"
fi
ls -l "$OUT/tiersim_wasm_bg.wasm"
