#!/usr/bin/env bash
# Installs what building and testing tiersim needs and is missing; quiet when all is present.
#   scripts/ensure-toolchain.sh            rustup wasm32 target, wasm-bindgen-cli (pinned), npm packages
#   scripts/ensure-toolchain.sh --browser  … and Debian's Chromium for the browser tests
# Safe to run any number of times: every step checks first.
set -euo pipefail
cd "$(dirname "$0")/.."

browser=0
for arg in "$@"; do
  case "$arg" in
    --browser) browser=1 ;;
    *) echo "usage: $0 [--browser]" >&2; exit 2 ;;
  esac
done

# rustup installs cargo binaries here; non-login shells may not have it on PATH.
[[ -d $HOME/.cargo/bin ]] && export PATH="$HOME/.cargo/bin:$PATH"

if ! command -v cargo >/dev/null || ! command -v rustup >/dev/null; then
  echo "toolchain: cargo/rustup not found; install Rust with rustup (https://rustup.rs) and retry" >&2
  exit 1
fi

# 1. The WebAssembly target of the active Rust toolchain.
targets=$(cd engine-wasm && rustup target list --installed)
if ! grep -qx wasm32-unknown-unknown <<<"$targets"; then
  echo "toolchain: adding Rust target wasm32-unknown-unknown"
  (cd engine-wasm && rustup target add wasm32-unknown-unknown)
fi

# 2. wasm-bindgen-cli must equal the version the wasm crate pins, or the bindings will not match.
want=$(sed -n 's/^wasm-bindgen *= *"=\([0-9][0-9.]*\)".*/\1/p' engine-wasm/crates/wasm/Cargo.toml)
if [[ -z $want ]]; then
  echo "toolchain: no exact wasm-bindgen pin (wasm-bindgen = \"=X.Y.Z\") in engine-wasm/crates/wasm/Cargo.toml" >&2
  exit 1
fi
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [[ $have != "$want" ]]; then
  echo "toolchain: installing wasm-bindgen-cli $want${have:+ (found $have)}; this compiles for ~5 minutes"
  # Not --locked: its lock file asks for crate versions this registry does not serve.
  cargo install --quiet --force wasm-bindgen-cli --version "$want"
fi

# 3. npm packages, exactly as locked, when missing or older than the lock file.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "toolchain: installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi

# 4. Chromium for the browser tests: Debian's package (test tools' own downloads are unavailable).
if [[ $browser == 1 && ! -x /usr/bin/chromium ]]; then
  echo "toolchain: installing Chromium (apt-get install chromium)"
  sudo=""
  [[ $(id -u) != 0 ]] && sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  /usr/bin/chromium --version
fi
exit 0
