#!/usr/bin/env bash
# npm test: installs what is missing (Chromium included), then runs every check of the project:
# Rust tests, the wasm and native builds, the type check, Vitest unit/integration tests, the
# production build and the browser end-to-end tests. Ends with one line "N passed, N failed[, N skipped]".
# A failing test stage does not stop the later ones (so one run shows every failure); a failing
# build does, since what follows would only fail for the same reason.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -d $HOME/.cargo/bin ]] && export PATH="$HOME/.cargo/bin:$PATH"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0 skipped=0
broken=() # stages that failed

stage() { printf '\n==> %s\n' "$*"; }
add() { passed=$((passed + $1)) failed=$((failed + $2)) skipped=$((skipped + $3)); }

# Counts a stage's exit status: a failing stage whose report shows no failed test (a compile
# error, a suite that could not load) still counts as one failure, so the summary never hides it.
settle() { # name status failed-tests-reported
  if [[ $2 != 0 ]]; then
    broken+=("$1")
    [[ $3 == 0 ]] && failed=$((failed + 1))
  fi
  return 0
}

# Sums Vitest's JSON report: passed failed skipped (todo counts as skipped).
vitest_counts() {
  node -e '
    const fs = require("fs");
    let r = {};
    try { r = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); } catch {}
    console.log(r.numPassedTests ?? 0, r.numFailedTests ?? 0, (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0));
  ' "$1"
}

run_vitest() { # name config
  local out="$tmp/$1.json" status=0
  node_modules/.bin/vitest run --config "$2" --reporter=default --reporter=json --outputFile.json="$out" || status=$?
  read -r p f s < <(vitest_counts "$out")
  add "$p" "$f" "$s"
  settle "$1" "$status" "$f"
}

SECONDS=0
stage "toolchain"
scripts/ensure-toolchain.sh --browser

stage "cargo test (engine-wasm workspace)"
status=0
cargo test -q --manifest-path engine-wasm/Cargo.toml --workspace 2>&1 | tee "$tmp/cargo.log" || status=$?
read -r p f s < <(awk '/^test result:/ {
    for (i = 1; i <= NF; i++) {
      if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i; if ($(i+1) ~ /^ignored/) s += $i
    }
  } END { print p+0, f+0, s+0 }' "$tmp/cargo.log")
add "$p" "$f" "$s"
settle "cargo test" "$status" "$f"

stage "wasm build"
scripts/build-wasm.sh

stage "native CLI build (release; integration tests compare wasm with it)"
cargo build -q --release --manifest-path engine-wasm/Cargo.toml -p tiersim-cli

stage "type check (tsc)"
status=0
node_modules/.bin/tsc -p tsconfig.json || status=$?
settle "type check" "$status" 0

stage "vitest: unit and integration"
run_vitest unit vitest.config.ts

stage "production build (vite build)"
node_modules/.bin/vite build --logLevel warn

stage "vitest: browser end-to-end (Chromium)"
run_vitest e2e vitest.e2e.config.ts

printf '\n==> done in %dm%02ds' $((SECONDS / 60)) $((SECONDS % 60))
((${#broken[@]})) && printf '; failed: %s' "$(IFS=,; echo "${broken[*]}" | sed 's/,/, /g')"
printf '\n'
summary="$passed passed, $failed failed"
((skipped)) && summary+=", $skipped skipped"
echo "$summary"
((${#broken[@]} == 0))
