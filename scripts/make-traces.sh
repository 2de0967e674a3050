#!/usr/bin/env bash
# Regenerates public/traces/: small traces made by tiersim's own generators (seeded, so the
# same files every time), gzip'd without timestamps, and index.json, which the app lists.
#   bash scripts/make-traces.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -d $HOME/.cargo/bin ]] && export PATH="$HOME/.cargo/bin:$PATH"
cargo build -q --release --manifest-path engine-wasm/Cargo.toml -p tiersim-cli
tiersim=engine-wasm/target/release/tiersim
out=public/traces
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

entries=()
# make FILE FORMAT 'WORKLOAD JSON' 'description'
make() {
  local file=$1 format=$2 workload=$3 description=$4
  "$tiersim" default-scenario | node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      const v = JSON.parse(s); v.source.workload = JSON.parse(process.argv[1]); console.log(JSON.stringify(v));
    });' "$workload" >"$tmp/scenario.json"
  "$tiersim" export "$tmp/scenario.json" --format "$format" -o "$tmp/trace"
  gzip -n -9 -c "$tmp/trace" >"$out/$file"
  local command="tiersim export scenario.json --format $format -o - | gzip -n -9  (workload $workload)"
  entries+=("$(node -e 'console.log(JSON.stringify({ file: process.argv[1], format: process.argv[2], description: process.argv[3], command: process.argv[4] }))' "$file" "$format" "$description" "$command")")
}

make random-2048.csv.gz csv '{"kind":"random","blocks":2048,"measuredRequests":40960}' \
  "Paper 000 RANDOM at 1/16 size: uniform reads over 2,048 blocks (a 1,024 + 1,024 block hierarchy)"
make sequential-2047.csv.gz csv '{"kind":"sequential","blocks":2047,"measuredRequests":40940}' \
  "Paper 000 SEQUENTIAL at 1/16 size: a loop over 2,047 blocks"
make zipf-3072.csv.gz csv '{"kind":"zipf","blocks":3072,"alpha":1,"measuredRequests":61440}' \
  "Paper 000 ZIPF at 1/16 size: p(i) ∝ 1/i over 3,072 blocks"
make mix-20000.oracleGeneral.gz oracle-general '{"kind":"mix","blocks":20000,"measuredRequests":100000}' \
  "Scans, loops and random reads over a hot fifth of 20,000 blocks, as oracleGeneral records"
make phases.csv.gz csv '{"kind":"phases","phases":[{"workload":{"kind":"zipf","blocks":4000},"requests":40000},{"workload":{"kind":"zipf","blocks":4000},"requests":40000,"offset":3000},{"workload":{"kind":"sequential","blocks":6000},"requests":20000}]}' \
  "Phase changes: a Zipf working set that moves, then a scan"
make oltp-hints.csv.gz csv '{"kind":"oltp","warehouses":1,"warmupRequests":0,"measuredRequests":150000}' \
  "Paper 004's OLTP client at one warehouse (21,615 pages, half in its buffer pool): reads and SYNCH/REPLACE/RECOV-hinted writes"
make tpch-q7.csv.gz csv '{"kind":"tpch","query":"q7","scale":0.5,"warmupRequests":0,"measuredRequests":60000}' \
  "Paper 002's TPC-H client running query 7 at scale 0.5 (4,279 pages): index lookups with an (80, 20) skew, every read tagged with its range"

printf '[\n%s\n]\n' "$(IFS=$'\n'; printf '%s' "${entries[*]}" | sed '$!s/$/,/')" >"$out/index.json"
ls -l "$out"
