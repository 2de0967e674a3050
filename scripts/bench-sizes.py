#!/usr/bin/env python3
"""Objects of any size, timed (issue 35): `tiersim sim` over one oracleGeneral trace read as
blocks, as objects counted in objects, and as objects in a cache counted in bytes, beside the
peer (libCacheSim's Python package, when installed) on the same file — whole processes,
alternating, N rounds; prints each one's median wall time, requests/s and peak memory, and
checks that every run misses what the others do where they must agree.

    python3 scripts/bench-sizes.py [--requests N] [--rounds R] [--before PATH-TO-ANOTHER-tiersim]

The trace is a seeded Zipf (alpha 1) over 1 M objects whose sizes (one per object) are drawn
from a lognormal of mean ~28 KB, written to a temporary directory and removed. `--before`
times another build of the CLI (e.g. an older commit's) in the same rounds: its LRU runs.
Figures depend on the machine and its load: printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLI = ROOT / "engine-wasm" / "target" / "release" / "tiersim"


def write_trace(path: Path, requests: int, objects: int, seed: int) -> int:
    """Zipf(1) ids with one lognormal size per object; returns the distinct objects' bytes."""
    import numpy as np

    rng = np.random.default_rng(seed)
    ranks = np.arange(1, objects + 1, dtype=np.float64)
    weights = 1.0 / ranks
    ids = rng.choice(objects, size=requests, p=weights / weights.sum()).astype(np.uint64)
    # Lognormal, median 8 KiB, sigma 1.6: mean ~ 8192 * e^(1.6^2 / 2) ~ 29 KB; 1 B to 4 GiB.
    sizes = np.clip(rng.lognormal(np.log(8192), 1.6, size=objects), 1, 2**32 - 1).astype(np.uint32)
    records = np.zeros(requests, dtype=[("t", "<u4"), ("id", "<u8"), ("size", "<u4"), ("next", "<i8")])
    records["t"] = np.arange(requests, dtype=np.uint32)
    records["id"] = ids
    records["size"] = sizes[ids.astype(np.int64)]
    records["next"] = -1
    records.tofile(path)
    return int(sizes[np.unique(ids).astype(np.int64)].astype(np.uint64).sum())


def timed(cmd: list[str]) -> tuple[float, str]:
    """Wall seconds and standard output of one process."""
    start = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - start, out


PEER = """
import sys, resource, time, libcachesim as lcs
path, size, policy = sys.argv[1], int(sys.argv[2]), sys.argv[3]
r = lcs.TraceReader(trace=path, trace_type=lcs.TraceType.ORACLE_GENERAL_TRACE)
start = time.perf_counter()
miss, byte_miss = getattr(lcs, policy)(cache_size=size).process_trace(r)
print(miss, byte_miss, time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=10_000_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--before", type=Path)
    args = ap.parse_args()
    try:
        import libcachesim  # noqa: F401

        peer = True
    except ImportError:
        peer = False
        print("libcachesim is not installed here (pip install libcachesim): the peer's column is left out")
    with tempfile.TemporaryDirectory(prefix="tiersim-bench-sizes-") as tmp:
        trace = Path(tmp) / "zipf-sized.oracleGeneral"
        footprint = write_trace(trace, args.requests, 1_000_000, 35)
        size = footprint // 10
        objects = 100_000
        print(f"{args.requests:,} requests of 1 M objects, {footprint / 2**30:.2f} GiB of distinct objects;")
        print(f"caches: {size:,} bytes (10 % of the distinct bytes), {objects:,} objects, blocks as such\n")
        runs = {
            "sim, blocks (LRU, 100,000 blocks)": [str(CLI), "sim", "--policy", "lru", "--size", str(objects)],
            "sim --object, objects (LRU)": [str(CLI), "sim", "--policy", "lru", "--size", str(objects), "--object"],
            "sim --object, bytes (LRU)": [str(CLI), "sim", "--policy", "lru", "--size", f"{size}B", "--object"],
            "sim --object, bytes (GDSF)": [str(CLI), "sim", "--policy", "gdsf", "--size", f"{size}B", "--object"],
        }
        if args.before:
            for label in [k for k in runs if "LRU" in k]:
                runs[f"before: {label}"] = [str(args.before), *runs[label][1:]]
        times: dict[str, list[tuple[float, int, float]]] = {k: [] for k in runs}
        results: dict[str, dict] = {}
        for label in ("peer LRU", "peer GDSF") if peer else ():
            times[label] = []
        for _ in range(args.rounds):
            for label, cmd in runs.items():
                wall, out = timed([*cmd, "--trace", str(trace), "--json"])
                r = json.loads(out)
                results[label] = r
                times[label].append((wall, 0, r["requestsPerSec"]))
            if peer:
                for label, policy in (("peer LRU", "LRU"), ("peer GDSF", "GDSF")):
                    start = time.perf_counter()
                    out = subprocess.run([sys.executable, "-c", PEER, str(trace), str(size), policy],
                                         check=True, capture_output=True, text=True).stdout.split()
                    wall = time.perf_counter() - start
                    results[label] = {"missRatio": float(out[0]), "byteMissRatio": float(out[1])}
                    times[label].append((wall, int(out[3]), args.requests / float(out[2])))
        # Peak memory, each run alone (GNU time's maximum resident set).
        peaks = {}
        for label, cmd in runs.items():
            err = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd, "--trace", str(trace)],
                                 capture_output=True, text=True).stderr.strip().splitlines()
            peaks[label] = int(err[-1])
        for label in times:
            if label.startswith("peer"):
                peaks[label] = sorted(t[1] for t in times[label])[len(times[label]) // 2]
        print(f"{'run':44} {'wall (median)':>14} {'requests/s (sim)':>18} {'peak memory':>12}")
        for label, ts in times.items():
            walls = sorted(t[0] for t in ts)
            speeds = sorted(t[2] for t in ts)
            print(f"{label:44} {walls[len(walls) // 2]:12.2f} s {speeds[len(speeds) // 2]:16,.0f} "
                  f"{peaks[label] / 1024:9.1f} MiB")
        ours = results["sim --object, bytes (LRU)"]
        print(f"\nLRU in bytes: miss ratio {ours['missRatio']:.6f}, byte miss ratio {ours['byteMissRatio']:.6f}")
        if peer:
            for mine, theirs in (("sim --object, bytes (LRU)", "peer LRU"), ("sim --object, bytes (GDSF)", "peer GDSF")):
                a, b = results[mine], results[theirs]
                same = round(a["missRatio"] * args.requests) == round(b["missRatio"] * args.requests)
                print(f"{mine} vs {theirs}: misses {'equal' if same else 'DIFFER'} "
                      f"({a['missRatio']:.6f} / {b['missRatio']:.6f})")
        if os.environ.get("KEEP"):
            print(trace)


if __name__ == "__main__":
    main()
