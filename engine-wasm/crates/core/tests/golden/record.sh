#!/usr/bin/env bash
# Records the golden reports: runs every scenario of v1/manifest.json through a `tiersim` binary
# and writes v1/NAME.report.json (compact JSON). The committed reports were recorded once, by
# the engine of commit 9064e22 (the last with two hierarchy engines):
#   git worktree add /tmp/old 9064e22 && cargo build --release --manifest-path /tmp/old/engine-wasm/Cargo.toml -p tiersim-cli
#   bash record.sh /tmp/old/engine-wasm/target/release/tiersim
# Never re-record them with a newer engine: they are what a shared link gave, and must keep giving.
set -euo pipefail
cd "$(dirname "$0")"
bin=${1:?usage: record.sh path/to/tiersim}
traces=../../../../../public/traces
python3 -c 'import json; [print(e["name"], int(e["curves"]), e["trace"] or "-") for e in json.load(open("v1/manifest.json"))]' |
  while read -r name curves trace; do
    args=(run "v1/$name.json" --json)
    [[ $curves == 1 ]] && args+=(--curves)
    [[ $trace != - ]] && args+=(--trace "$traces/$trace")
    "$bin" "${args[@]}" | python3 -c 'import json,sys; json.dump(json.load(sys.stdin), sys.stdout, separators=(",", ":")); print()' >"v1/$name.report.json"
    echo "$name"
  done
