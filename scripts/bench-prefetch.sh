#!/usr/bin/env bash
# Prefetching's cost and effect (issue 22), side by side with the engine before it, in one run:
#  1. no cost when unset: `tiersim run` of the same scenarios (no prefetch) by this tree's
#     binary and by the one built from BEFORE (default: the merge base with main), in
#     alternating pairs — requests/s (measured requests over wall time, the run's generation
#     included) and peak memory (max RSS), best of REPEAT;
#  2. the effect on a sequential-heavy workload (scans and loops mixed with random reads): miss
#     ratio, prefetch hits and wasted prefetches, and speed, with no prefetch, one-block
#     lookahead and read-ahead at two settings.
# Not part of npm test.
#   scripts/bench-prefetch.sh [BEFORE] [REPEAT]     (BEFORE_BIN=path: use that binary as BEFORE's)
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -d $HOME/.cargo/bin ]] && export PATH="$HOME/.cargo/bin:$PATH"
BEFORE=${1:-$(git merge-base HEAD main)}
REPEAT=${2:-3}
OUT=engine-wasm/target/before-prefetch
if [[ -n ${BEFORE_BIN:-} ]]; then
  # A binary built elsewhere (e.g. main's own release build), named by BEFORE for the table.
  mkdir -p "$OUT" && cp "$BEFORE_BIN" "$OUT/tiersim" && echo "$BEFORE" >"$OUT/commit"
elif ! [[ -x $OUT/tiersim && -f $OUT/commit && $(cat "$OUT/commit") == "$BEFORE" ]]; then
  echo "building the engine of ${BEFORE:0:7} into $OUT"
  rm -rf "$OUT/src"
  mkdir -p "$OUT/src"
  git archive "$BEFORE" engine-wasm | tar -x -C "$OUT/src"
  CARGO_TARGET_DIR="$PWD/$OUT/target" cargo build -q --release --manifest-path "$OUT/src/engine-wasm/Cargo.toml" -p tiersim-cli
  cp "$OUT/target/release/tiersim" "$OUT/tiersim"
  echo "$BEFORE" >"$OUT/commit"
fi
cargo build -q --release --manifest-path engine-wasm/Cargo.toml -p tiersim-cli
NOW=engine-wasm/target/release/tiersim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# scenario NAME CACHES WORKLOAD: a scenario file from the default one (its link and disk), with
# CACHES a JSON list of one cache (single) or two (client, array: two levels, its protocol).
scenario() {
  "$NOW" default-scenario | python3 -c '
import json, sys
s = json.load(sys.stdin)
t, caches = s["topology"], json.loads(sys.argv[1])
if len(caches) == 1:
    s["topology"] = {"kind": "single", "cache": caches[0], "link": t["link"], "disk": t["disk"]}
    s["protocol"] = {"kind": "none"}
else:
    t["client"], t["array"] = caches
s["source"]["workload"] = json.loads(sys.argv[2])
print(json.dumps(s))' "$2" "$3" >"$tmp/$1.json"
}

# measure BINARY FILE: "wall_s max_rss_kib" and the report (JSON) in $tmp/last.json.
measure() {
  /usr/bin/time -f '%e %M' -o "$tmp/time" "$1" run "$2" --json >"$tmp/last.json"
  cat "$tmp/time"
}

zipf='{"kind":"zipf","blocks":200000,"alpha":0.9,"warmupRequests":0,"measuredRequests":20000000}'
scenario single-lru '[{"capacity":16384,"policy":{"kind":"lru"}}]' "$zipf"
scenario two-level '[{"capacity":16384,"policy":{"kind":"lru"}},{"capacity":16384,"policy":{"kind":"mru"}}]' "$zipf"

echo
echo "== no prefetch set: ${BEFORE:0:7} (before) against this tree, alternating pairs, best of $REPEAT"
printf '  %-28s %14s %14s %12s %12s\n' scenario 'before req/s' 'now req/s' 'before MiB' 'now MiB'
for name in single-lru two-level; do
  best_b=0 best_n=0 mem_b=0 mem_n=0
  for _ in $(seq "$REPEAT"); do
    read -r wall rss < <(measure "$OUT/tiersim" "$tmp/$name.json")
    cp "$tmp/last.json" "$tmp/before.json"
    rate=$(python3 -c "print(20000000/max($wall,0.001))")
    best_b=$(python3 -c "print(max($best_b,$rate))"); mem_b=$rss
    read -r wall rss < <(measure "$NOW" "$tmp/$name.json")
    rate=$(python3 -c "print(20000000/max($wall,0.001))")
    best_n=$(python3 -c "print(max($best_n,$rate))"); mem_n=$rss
    cmp -s "$tmp/before.json" "$tmp/last.json" || echo "  $name: the reports differ (is BEFORE another engine than the merge base?)" >&2
  done
  printf '  %-28s %14.0f %14.0f %12.1f %12.1f\n' "$name" "$best_b" "$best_n" "$(python3 -c "print($mem_b/1024)")" "$(python3 -c "print($mem_n/1024)")"
done
echo "  (the reports of each pair are identical byte for byte)"

echo
echo "== sequential-heavy: scans 60 %, loops 10 %, random 30 % over 200,000 blocks, one LRU cache of 16,384, 20 M requests"
mix='{"kind":"mix","blocks":200000,"scanShare":0.6,"loopShare":0.1,"warmupRequests":0,"measuredRequests":20000000}'
printf '  %-26s %10s %12s %12s %12s %12s %8s\n' prefetch 'miss ratio' prefetched 'hits' 'wasted' 'req/s' MiB
for p in none '{"kind":"lookahead"}' '{"kind":"readahead","trigger":2,"window":8}' '{"kind":"readahead","trigger":4,"window":32}'; do
  cache='{"capacity":16384,"policy":{"kind":"lru"}}'
  [[ $p != none ]] && cache=$(python3 -c 'import json,sys; c=json.loads(sys.argv[1]); c["prefetch"]=json.loads(sys.argv[2]); print(json.dumps(c))' "$cache" "$p")
  scenario mix "[$cache]" "$mix"
  read -r wall rss < <(measure "$NOW" "$tmp/mix.json")
  python3 - "$tmp/last.json" "$p" "$wall" "$rss" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
c = r["counters"]
miss = 1 - c["clientBlockHits"] / c["blockReads"]
p = r["caches"][0].get("prefetch") or {"prefetched": 0, "hits": 0, "wasted": 0}
label = sys.argv[2] if sys.argv[2] == "none" else json.loads(sys.argv[2])["kind"] + "".join(
    f" {k[0]}={v}" for k, v in json.loads(sys.argv[2]).items() if k != "kind")
print(f"  {label:<26} {miss:>10.4f} {p['prefetched']:>12} {p['hits']:>12} {p['wasted']:>12} {20e6/max(float(sys.argv[3]),1e-3):>12.0f} {int(sys.argv[4])/1024:>8.1f}")
PY
done
