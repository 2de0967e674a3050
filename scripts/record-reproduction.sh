#!/usr/bin/env bash
# Records every paper's reproduction, as the gallery shows it: rebuilds the release CLI and writes
# what `tiersim reproduce --json` prints to public/reproduction.json (about 3 minutes natively on
# two cores), then the table docs/papers.md carries (between its reproduce markers) from that
# record.
# Re-record whenever the engine's numbers or the checks change; the integration tests fail on a
# stale recording (papers 000 and 001 are rerun in wasm and compared).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -d $HOME/.cargo/bin ]] && export PATH="$HOME/.cargo/bin:$PATH"

cargo build --release -p tiersim-cli --manifest-path engine-wasm/Cargo.toml
out=public/reproduction.json
# Written beside, then moved: an interrupted run leaves the last recording whole.
engine-wasm/target/release/tiersim reproduce --json --threads 2 > "$out.tmp"
mv "$out.tmp" "$out"
echo "recorded $(grep -c '"paper"' "$out") checks in $out"
engine-wasm/target/release/tiersim reproduce --from "$out" > "$out.md"
node scripts/docs-reproduction.mjs "$out.md"
rm "$out.md"
echo "docs/papers.md: the table updated"
