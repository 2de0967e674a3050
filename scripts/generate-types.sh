#!/usr/bin/env bash
# Regenerates web/generated/engine.ts, the TypeScript declarations of the engine's reports, from
# its Rust types (engine-wasm/crates/core/src/typescript.rs) through the release CLI. The
# integration tests fail while the file is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -d $HOME/.cargo/bin ]] && export PATH="$HOME/.cargo/bin:$PATH"
cargo build --release -p tiersim-cli --manifest-path engine-wasm/Cargo.toml
engine-wasm/target/release/tiersim typescript > web/generated/engine.ts.tmp
mv web/generated/engine.ts.tmp web/generated/engine.ts
echo "web/generated/engine.ts: $(grep -c '^export type' web/generated/engine.ts) types"
