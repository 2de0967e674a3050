#!/usr/bin/env bash
# npm run bench: engine throughput and peak memory on paper 000's RANDOM two-level run
# (LRU-LRU-none and LRU-MRU-demote), natively and as WebAssembly in Node. Not part of npm test.
#   npm run bench [-- --repeat N]
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -d $HOME/.cargo/bin ]] && export PATH="$HOME/.cargo/bin:$PATH"

scripts/ensure-toolchain.sh
scripts/build-wasm.sh
cargo build -q --release --manifest-path engine-wasm/Cargo.toml -p tiersim-cli
echo
echo "== native (engine-wasm/target/release/tiersim bench)"
engine-wasm/target/release/tiersim bench "$@"
echo
echo "== wasm in Node $(node --version) (scripts/bench-wasm.mjs)"
node scripts/bench-wasm.mjs "$@"
