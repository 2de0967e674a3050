#!/usr/bin/env bash
# npm test: installs what is missing (Chromium included), then runs every check of the project:
# the Rust gates (rustfmt, clippy), Rust tests, the wasm and native builds, the Python package's
# tests (pytest), the type check, the lint gates (Biome, dependency-cruiser), Vitest
# unit/integration tests, the production build and the browser end-to-end tests. Ends with one
# line "N passed, N failed[, N skipped]".
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

# Sums pytest's JUnit report: passed failed skipped (errors count as failed).
junit_counts() { # python report
  "$1" -c '
import sys, xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
except Exception:
    print(0, 0, 0); sys.exit()
suites = [root] if root.tag == "testsuite" else root.iter("testsuite")
t = f = s = 0
for suite in suites:
    t += int(suite.get("tests", 0)); f += int(suite.get("failures", 0)) + int(suite.get("errors", 0))
    s += int(suite.get("skipped", 0))
print(t - f - s, f, s)
' "$2"
}

# The Python package (engine-wasm/crates/python): a venv under the git-ignored target dir, the
# wheel built in release mode by maturin (cargo's incremental cache keeps rebuilds short),
# then pytest over tests/python (the CLI equivalence, Dask and notebook tests).
run_pytest() {
  local venv=engine-wasm/target/py-venv report="$tmp/pytest.xml" status=0 python=""
  for candidate in python3.13 python3.12 python3.11 python3.10 python3; do
    if command -v "$candidate" >/dev/null &&
      "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
      python=$candidate
      break
    fi
  done
  if [[ -z $python ]]; then
    echo "no Python 3.10 or later found"
    settle python 1 0
    return
  fi
  local py=$venv/bin/python pip=(-m pip install -q --disable-pip-version-check)
  [[ -x $py ]] || "$python" -m venv "$venv" || status=$?
  if ((status == 0)); then
    "$py" "${pip[@]}" maturin pytest pytest-timeout nbclient nbformat ipykernel "dask[distributed]" \
      pandas numpy pyarrow matplotlib || status=$?
  fi
  if ((status == 0)); then
    # The peer the object-size tests compare with (issue 35), pinned: its semantics are what the
    # tests hold us to; where it cannot be installed, those tests skip and say so.
    "$py" "${pip[@]}" libcachesim==0.3.5 || echo "libcachesim could not be installed: the peer tests will skip"
    # Without build isolation the venv's maturin builds it: put it on the PATH.
    PATH="$PWD/$venv/bin:$PATH" "$py" "${pip[@]}" --no-build-isolation --force-reinstall --no-deps \
      ./engine-wasm/crates/python || status=$?
  fi
  if ((status == 0)); then
    TIERSIM_CLI=engine-wasm/target/release/tiersim "$py" -m pytest tests/python -q \
      -p no:cacheprovider --timeout=600 --junitxml="$report" || status=$?
  fi
  read -r p f s < <(junit_counts "$python" "$report")
  add "$p" "$f" "$s"
  settle python "$status" "$f"
}

SECONDS=0
stage "toolchain"
scripts/ensure-toolchain.sh --browser

# The Rust gates: formatting and clippy (warnings are errors; the few lints allowed are allowed
# where they apply, each with its reason). Every workspace member is linted, the Python façade
# included: PyO3's abi3 build needs no Python interpreter to compile. A failing gate counts as one
# failure and the stages after it still run.
stage "rust gates: cargo fmt --check, cargo clippy -D warnings"
for component in rustfmt clippy; do
  rustup component list --installed 2>/dev/null | grep -q "^$component" ||
    (cd engine-wasm && rustup component add "$component")
done
status=0
cargo fmt --all --manifest-path engine-wasm/Cargo.toml --check || status=$?
settle "cargo fmt" "$status" 0
status=0
cargo clippy -q --manifest-path engine-wasm/Cargo.toml --workspace --all-targets -- -D warnings || status=$?
settle "cargo clippy" "$status" 0

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

stage "python: the tiersim package (maturin wheel, pytest, examples/compare-policies.ipynb)"
run_pytest

stage "type check (tsc)"
status=0
node_modules/.bin/tsc -p tsconfig.json || status=$?
settle "type check" "$status" 0

# The gates: Biome's format and lint check (warnings fail too) and dependency-cruiser's rules
# for the web app's layers (.dependency-cruiser.cjs). Each failing gate counts as one failure.
stage "lint (Biome: format and lint; dependency-cruiser: the web layers)"
status=0
node_modules/.bin/biome ci --error-on-warnings . || status=$?
settle "biome" "$status" 0
status=0
node_modules/.bin/depcruise web --config .dependency-cruiser.cjs || status=$?
settle "dependency-cruiser" "$status" 0

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
