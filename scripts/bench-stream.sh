#!/usr/bin/env bash
# Streaming whole-trace runs (issue 22): `tiersim sim` over a 10 M-request Zipf (α = 1)
# oracleGeneral trace of a million ids (240 MB), this tree's CLI against commit 0072e54's (the
# last that loaded the whole trace before simulating), alternately, N pairs per policy: wall
# time, CPU time and peak memory (/usr/bin/time). Then, with --big GB, a generated trace of that size
# streamed from a pipe through `sim`: its peak memory stays that of the 240 MB one.
# The trace goes to $TMPDIR (default /tmp), never into the repository, and is removed at the
# end. Part of npm run bench (one pair), not of npm test.
#   scripts/bench-stream.sh [--pairs N] [--big GB]
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -d $HOME/.cargo/bin ]] && export PATH="$HOME/.cargo/bin:$PATH"

PAIRS=3
BIG=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --pairs) PAIRS=$2; shift 2 ;;
    --big) BIG=$2; shift 2 ;;
    *) echo "usage: $0 [--pairs N] [--big GB]" >&2; exit 2 ;;
  esac
done

BASELINE=0072e54
OUT=engine-wasm/target/stream-baseline
SIZE=76266 # 10 % of the trace's 763,176 distinct blocks

cargo build -q --release --manifest-path engine-wasm/Cargo.toml -p tiersim-cli
NEW=engine-wasm/target/release/tiersim
if [[ ! -x $OUT/tiersim ]]; then
  if ! git cat-file -e "$BASELINE^{commit}" 2>/dev/null; then
    echo "baseline: commit $BASELINE is not in this clone: fetch the history to compare with it" >&2
    exit 3
  fi
  echo "baseline: building commit $BASELINE's CLI into $OUT"
  rm -rf "$OUT"
  mkdir -p "$OUT/src"
  git archive "$BASELINE" engine-wasm | tar -x -C "$OUT/src"
  CARGO_TARGET_DIR="$PWD/$OUT/target" cargo build -q --release --manifest-path "$OUT/src/engine-wasm/Cargo.toml" -p tiersim-cli
  cp "$OUT/target/release/tiersim" "$OUT/tiersim"
fi
OLD=$OUT/tiersim

TRACE=$(mktemp "${TMPDIR:-/tmp}/tiersim-zipf10m.XXXXXX.oracleGeneral")
scenario=$(mktemp)
trap 'rm -f "$TRACE" "$scenario"' EXIT
cat >"$scenario" <<'EOF'
{"version":3,"name":"zipf 10M","seed":1,"blockSize":4096,"protocol":{"kind":"none"},
 "topology":{"kind":"single","cache":{"capacity":1000,"policy":{"kind":"lru"}},
   "disk":{"kind":"constant","serviceMs":10.0},"link":{"preset":"fc-1g"}},
 "source":{"kind":"workload","workload":{"kind":"zipf","blocks":1000000,"alpha":1.0,
   "warmupRequests":0,"measuredRequests":10000000}}}
EOF
echo "writing $TRACE (10 M requests, Zipf α = 1 over 1 M ids; removed at the end)"
"$NEW" export "$scenario" --format oracle-general -o "$TRACE"

echo
echo "== tiersim sim --size $SIZE over $TRACE: commit $BASELINE (whole file) vs this tree (streamed), $PAIRS pairs"
printf '  %-9s %-8s %s\n' policy binary "wall s (cpu s: user + system, all threads), max RSS MiB — each run"
for policy in lru arc lirs s3-fifo; do
  declare -A runs=([old]="" [new]="")
  for ((i = 0; i < PAIRS; i++)); do
    for side in old new; do
      bin=$OLD
      [[ $side == new ]] && bin=$NEW
      t=$( { /usr/bin/time -f '%e %U %S %M' "$bin" sim --policy "$policy" --size "$SIZE" --trace "$TRACE" >/dev/null; } 2>&1 | tail -1)
      runs[$side]+=$(awk '{printf "  %.2f s (cpu %.2f) %.0f MiB", $1, $2 + $3, $4 / 1024}' <<<"$t")
    done
  done
  printf '  %-9s %-8s%s\n' "$policy" "$BASELINE" "${runs[old]}"
  printf '  %-9s %-8s%s\n' "" "streamed" "${runs[new]}"
done

if [[ $BIG != 0 ]]; then
  echo
  echo "== a ${BIG} GB generated oracleGeneral trace piped through this tree's sim (LRU, $SIZE blocks)"
  mb=$((BIG * 1024))
  t=$( { "$NEW" gen-trace --format oracle-general --megabytes "$mb" \
    | /usr/bin/time -f '%e %M' "$NEW" sim --policy lru --size "$SIZE" --trace - --format oracle-general; } 2>&1)
  grep -E 'requests|speed' <<<"$t" | sed 's/^/  /'
  awk 'END {printf "  wall %.1f s, max RSS %.0f MiB\n", $1, $2 / 1024}' <<<"$t"
fi
