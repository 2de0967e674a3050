#!/usr/bin/env bash
# npm run bench: engine throughput and peak memory on paper 000's RANDOM two-level run
# (LRU-LRU-none and LRU-MRU-demote), and every policy on a 10 M-request Zipf trace (issue 3),
# natively and as WebAssembly in Node, in one table. Not part of npm test.
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
native_json=$(mktemp)
trap 'rm -f "$native_json"' EXIT
engine-wasm/target/release/tiersim bench-policies --json >"$native_json"
echo
echo "== wasm in Node $(node --version) (scripts/bench-wasm.mjs), with the native policy figures"
node scripts/bench-wasm.mjs "$@" --native "$native_json"
