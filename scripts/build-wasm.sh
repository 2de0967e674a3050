#!/usr/bin/env bash
# Builds the engine to WebAssembly twice from one compile of the core, and generates their JS
# bindings into web/wasm-pkg/ (git-ignored):
#   tiersim_rules — the rules alone (--no-default-features), small: the page loads it first;
#   tiersim_wasm  — the whole engine: the workers load it when first asked for work.
# Only the façade crate's final link differs between the two. Skips the work when both outputs
# are newer than every engine source file.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=web/wasm-pkg
TARGET=engine-wasm/target/wasm32-unknown-unknown/release/tiersim_wasm.wasm
fresh() { # output
  [[ -f $1 ]] &&
    [[ -z $(find engine-wasm/crates engine-wasm/Cargo.toml engine-wasm/Cargo.lock -newer "$1" -type f 2>/dev/null | head -1) ]]
}
if [[ ${FORCE:-0} != 1 ]] && fresh "$OUT/tiersim_rules_bg.wasm" && fresh "$OUT/tiersim_wasm_bg.wasm"; then
  echo "wasm: up to date ($OUT)"
  exit 0
fi

build() { # name wasm-opt-flags cargo-flags...
  local name=$1 opt=$2
  shift 2
  echo "wasm: building $name (release, wasm32-unknown-unknown)"
  cargo build --manifest-path engine-wasm/Cargo.toml --release --target wasm32-unknown-unknown -p tiersim-wasm "$@"
  wasm-bindgen --target web --out-dir "$OUT" --out-name "$name" "$TARGET"
  # wasm-opt from the npm `binaryen` package (Debian's v108 emits modules that fail to load).
  if [[ -x node_modules/.bin/wasm-opt ]]; then
    # shellcheck disable=SC2086 # $opt is several flags
    node_modules/.bin/wasm-opt $opt --enable-bulk-memory --enable-nontrapping-float-to-int --enable-simd \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$OUT/${name}_bg.wasm" -o "$OUT/${name}_bg.wasm.opt"
    mv "$OUT/${name}_bg.wasm.opt" "$OUT/${name}_bg.wasm"
  fi
  ls -l "$OUT/${name}_bg.wasm"
}
# The rules answer a form's calls: size matters, not speed. The whole engine: speed.
build tiersim_rules -Oz --no-default-features
# -ocimfs: a function with one caller is inlined only while small. Unbounded, wasm-opt folded
# each protocol's request (one call site each) back into the run's request loop: one 190 KB
# function, which browsers take seconds to optimise while running it unoptimised.
build tiersim_wasm "-O3 -ocimfs 2000"
