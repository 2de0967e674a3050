"""Shared fixtures of the Python package's tests: the bundled traces and the native CLI they
are compared with (built by npm test's "native CLI build" stage; built here when missing)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TRACES = ROOT / "public" / "traces"
BUNDLED = sorted(p for p in TRACES.iterdir() if p.name != "index.json")


@pytest.fixture(scope="session")
def cli() -> Path:
    """The release `tiersim` binary (TIERSIM_CLI overrides)."""
    path = Path(os.environ.get("TIERSIM_CLI", ROOT / "engine-wasm" / "target" / "release" / "tiersim"))
    if not path.exists():
        manifest = ROOT / "engine-wasm" / "Cargo.toml"
        subprocess.run(
            ["cargo", "build", "-q", "--release", "--manifest-path", str(manifest), "-p", "tiersim-cli"], check=True
        )
    return path


@pytest.fixture(scope="session")
def run_cli(cli):
    """Runs `tiersim <args>` and returns its JSON output."""

    def run(*args: str) -> dict:
        out = subprocess.run([str(cli), *args], check=True, capture_output=True, text=True).stdout
        return json.loads(out)

    return run
