#!/usr/bin/env bash
# Builds the engine of the baseline commit — the last with two hierarchy engines (9064e22) —
# natively and as WebAssembly, for the side-by-side benchmark (scripts/bench-engines.mjs):
#   engine-wasm/target/baseline/tiersim        the native CLI
#   engine-wasm/target/baseline/pkg/           the wasm package (wasm-bindgen --target web)
# Its sources come from git history (`git archive`), so this needs a clone with that commit;
# without it, it says so and exits 3. Skips the work when already built. Not part of npm test.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -d $HOME/.cargo/bin ]] && export PATH="$HOME/.cargo/bin:$PATH"

BASELINE=9064e2290a6fc98ab95b803c2df04ac95f8f2f36
OUT=engine-wasm/target/baseline
if [[ -x $OUT/tiersim && -f $OUT/pkg/tiersim_wasm_bg.wasm && -f $OUT/commit && $(cat "$OUT/commit") == "$BASELINE" ]]; then
  echo "baseline: up to date ($OUT, commit ${BASELINE:0:7})"
  exit 0
fi
if ! git cat-file -e "$BASELINE^{commit}" 2>/dev/null; then
  echo "baseline: commit ${BASELINE:0:7} is not in this clone (a shallow clone?): fetch the history to compare with it" >&2
  exit 3
fi
echo "baseline: building commit ${BASELINE:0:7} (native CLI and wasm) into $OUT"
rm -rf "$OUT"
mkdir -p "$OUT/src"
git archive "$BASELINE" engine-wasm | tar -x -C "$OUT/src"
export CARGO_TARGET_DIR="$PWD/$OUT/target"
cargo build -q --release --manifest-path "$OUT/src/engine-wasm/Cargo.toml" -p tiersim-cli
cp "$CARGO_TARGET_DIR/release/tiersim" "$OUT/tiersim"
cargo build -q --release --target wasm32-unknown-unknown --manifest-path "$OUT/src/engine-wasm/Cargo.toml" -p tiersim-wasm
wasm-bindgen --target web --out-dir "$OUT/pkg" "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/tiersim_wasm.wasm"
# The same wasm-opt pass as scripts/build-wasm.sh, so both sides are built alike.
if [[ -x node_modules/.bin/wasm-opt ]]; then
  node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-simd \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$OUT/pkg/tiersim_wasm_bg.wasm" -o "$OUT/pkg/tiersim_wasm_bg.wasm.opt"
  mv "$OUT/pkg/tiersim_wasm_bg.wasm.opt" "$OUT/pkg/tiersim_wasm_bg.wasm"
fi
echo "$BASELINE" >"$OUT/commit"
