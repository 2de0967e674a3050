#!/usr/bin/env bash
# Records the golden reports of one set: runs every scenario of SET/manifest.json through a
# `tiersim` binary and writes SET/NAME.report.json (compact JSON). A trace named in the manifest
# is SET/FILE when the set carries it, else public/traces/FILE.
#
# v1 was recorded once, by the engine of commit 9064e22 (the last with two hierarchy engines):
#   git worktree add /tmp/old 9064e22 && cargo build --release --manifest-path /tmp/old/engine-wasm/Cargo.toml -p tiersim-cli
#   bash record.sh v1 /tmp/old/engine-wasm/target/release/tiersim
# v4 was recorded once, by the engine of commit e825827 (the last of scenario version 4), the
# same way with `bash record.sh v4 …`.
# Never re-record them with a newer engine: they are what a shared link gave, and must keep giving.
set -euo pipefail
cd "$(dirname "$0")"
set_dir=${1:?usage: record.sh SET path/to/tiersim}
bin=${2:?usage: record.sh SET path/to/tiersim}
traces=../../../../../public/traces
python3 -c 'import json,sys; [print(e["name"], int(e["curves"]), e["trace"] or "-") for e in json.load(open(sys.argv[1]))]' "$set_dir/manifest.json" |
  while read -r name curves trace; do
    args=(run "$set_dir/$name.json" --json)
    [[ $curves == 1 ]] && args+=(--curves)
    if [[ $trace != - ]]; then
      if [[ -f $set_dir/$trace ]]; then args+=(--trace "$set_dir/$trace"); else args+=(--trace "$traces/$trace"); fi
    fi
    "$bin" "${args[@]}" | python3 -c 'import json,sys; json.dump(json.load(sys.stdin), sys.stdout, separators=(",", ":")); print()' >"$set_dir/$name.report.json"
    echo "$name"
  done
