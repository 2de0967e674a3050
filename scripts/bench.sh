#!/usr/bin/env bash
# npm run bench: engine throughput and peak memory on paper 000's RANDOM two-level run
# (LRU-LRU-none and LRU-MRU-demote), and every policy on a 10 M-request Zipf trace (issue 3),
# natively and as WebAssembly in Node, in one table; trace files streamed through the native
# sim against the whole-file read of commit 0072e54 (issue 22); then the one hierarchy engine side
# by side with the two engines of commit 9064e22 (issue 18; built once by scripts/build-baseline.sh).
# Not part of npm test.
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
echo
echo "== a progress snapshot from worker to page: cloned as is, or packed and transferred (scripts/bench-snapshot.mjs)"
node scripts/bench-snapshot.mjs
echo
echo "== trace files streamed natively: sim against commit 0072e54's whole-file read (scripts/bench-stream.sh)"
status=0
scripts/bench-stream.sh --pairs 1 || status=$?
if [[ $status == 3 ]]; then
  echo "(skipped: commit 0072e54 is not in this clone)"
elif [[ $status != 0 ]]; then
  exit "$status"
fi
echo
echo "== the one engine against commit 9064e22's two (scripts/bench-engines.mjs)"
status=0
scripts/build-baseline.sh || status=$?
if [[ $status == 0 ]]; then
  node scripts/bench-engines.mjs "$@"
elif [[ $status == 3 ]]; then
  echo "(skipped: the baseline commit is not in this clone)"
else
  exit "$status"
fi
