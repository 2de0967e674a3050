#!/usr/bin/env bash
# npm start: install what is missing, build the engine and the app, and serve the production build
# on http://127.0.0.1:4173 (the default scenario is ready to run on load).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -d $HOME/.cargo/bin ]] && export PATH="$HOME/.cargo/bin:$PATH"

scripts/ensure-toolchain.sh
scripts/build-wasm.sh
echo "app: building (vite build)"
node_modules/.bin/vite build --logLevel warn
echo "app: serving http://127.0.0.1:4173/ (Ctrl-C stops)"
exec node_modules/.bin/vite preview --host 127.0.0.1 --port 4173 --strictPort
