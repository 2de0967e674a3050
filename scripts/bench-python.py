#!/usr/bin/env python3
"""The Python package's benchmark (issue 20): run it with the venv npm test builds,

    engine-wasm/target/py-venv/bin/python scripts/bench-python.py [--requests N] [--repeat R]

1. `tiersim.sim` LRU over a 10 M-request Zipf trace (alpha 1.0 over 1 M objects, cache 10 % of the
   distinct objects, oracleGeneral) against the native CLI (`tiersim sim`) on the same file:
   simulation requests/s (parsing timed apart, as the CLI does), wall time and peak memory (each
   side in a process of its own).
2. An 8-policy x 8-size sweep over a 2 M-request slice of that trace: 2 local Dask workers
   (processes) against local threads, whole-table wall time; the tables must be equal.
3. The same sweep through the `libcachesim` Python package, when it is installed
   (`pip install libcachesim`); otherwise says so.

Figures depend on the machine and its load: printed, not asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CLI = ROOT / "engine-wasm" / "target" / "release" / "tiersim"
WORK = ROOT / "engine-wasm" / "target" / "bench-python"

POLICIES = ["lru", "fifo", "clock", "arc", "lirs", "2q", "s3-fifo", "w-tinylfu"]
#: The same policies in libcachesim, by its class names.
LCS_POLICIES = ["LRU", "FIFO", "Clock", "ARC", "LIRS", "TwoQ", "S3FIFO", "WTinyLFU"]


def zipf_oracle_general(path: Path, requests: int, objects: int, alpha: float, seed: int) -> None:
    """A Zipf(alpha) trace over `objects` ids as oracleGeneral records (size 1, no next access)."""
    rng = np.random.default_rng(seed)
    cdf = np.cumsum(1.0 / np.arange(1, objects + 1) ** alpha)
    cdf /= cdf[-1]
    ids = rng.permutation(objects).astype(np.uint64) + 1  # popularity rank -> scattered id
    record = np.dtype([("time", "<u4"), ("id", "<u8"), ("size", "<u4"), ("next", "<i8")])
    with open(path, "wb") as f:
        for start in range(0, requests, 1 << 20):
            n = min(1 << 20, requests - start)
            chunk = np.zeros(n, dtype=record)
            chunk["time"] = (np.arange(start, start + n) // 1000).astype(np.uint32)
            chunk["id"] = ids[np.searchsorted(cdf, rng.random(n), side="right").clip(max=objects - 1)]
            chunk["size"] = 1
            chunk["next"] = -1
            chunk.tofile(f)


#: Starts a command and reports its peak memory. The command is forked from this small process,
#: not from the benchmark (whose NumPy-sized memory a forked child's peak would start from).
LAUNCH = """
import os, sys
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
sys.stderr.write(f"peak-kib {usage.ru_maxrss}\\n")
sys.exit(os.waitstatus_to_exitcode(status))
"""


def in_child(argv: list[str]) -> tuple[str, float, float]:
    """Runs `argv`; returns its output, wall seconds and peak resident memory (MiB)."""
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-S", "-c", LAUNCH, *argv], capture_output=True, text=True)
    wall = time.perf_counter() - start
    if proc.returncode:
        sys.exit(f"{argv[0]} failed ({proc.returncode}): {proc.stderr}")
    peak = next(int(line.split()[1]) for line in proc.stderr.splitlines() if line.startswith("peak-kib "))
    return proc.stdout, wall, peak / 1024


PY_SIM = """
import json, sys, tiersim
r = tiersim.sim("lru", int(sys.argv[2]), sys.argv[1], format="oracle-general")
print(json.dumps(r))
"""


def bench_sim(trace: Path, size: int, repeat: int) -> None:
    print(f"1. LRU, {size} objects, over {trace.name} (best of {repeat}; each in its own process)")
    rows = []
    for name, argv, rate_key, parse_key in [
        ("native CLI", [str(CLI), "sim", "--policy", "lru", "--size", str(size), "--trace", str(trace),
                        "--format", "oracle-general", "--json"], "requestsPerSec", "parseMs"),
        ("tiersim.sim", [sys.executable, "-c", PY_SIM, str(trace), str(size)], "requests_per_sec", "parse_ms"),
    ]:
        best = None
        for _ in range(repeat):
            out, wall, peak = in_child(argv)
            r = json.loads(out)
            run = (r[rate_key], wall, peak, r[parse_key], r["misses"])
            best = run if best is None or run[0] > best[0] else best
        rows.append((name, *best))
        print(f"   {name:<12} {best[0]:>12,.0f} requests/s   wall {best[1]:6.2f} s (parse {best[3] / 1e3:5.2f} s)"
              f"   peak {best[2]:7.1f} MiB   misses {best[4]}")
    (_, cli_rate, *_rest, cli_misses), (_, py_rate, *_rest2, py_misses) = rows
    print(f"   tiersim.sim / CLI: {py_rate / cli_rate:.3f} x the CLI's requests/s; same misses: {cli_misses == py_misses}")


def bench_sweep(trace: Path, sizes: list[int], threads: int) -> None:
    import pandas as pd
    from dask.distributed import Client, LocalCluster

    import tiersim

    print(f"2. sweep: {len(POLICIES)} policies x {len(sizes)} sizes over {trace.name}")
    start = time.perf_counter()
    local = tiersim.sweep(str(trace), policies=POLICIES, sizes=sizes, format="oracle-general", threads=threads)
    t_threads = time.perf_counter() - start
    print(f"   local threads ({threads})      {t_threads:7.2f} s")
    if threads != 1:
        start = time.perf_counter()
        tiersim.sweep(str(trace), policies=POLICIES, sizes=sizes, format="oracle-general", threads=1)
        print(f"   one local thread           {time.perf_counter() - start:7.2f} s (to set beside libcachesim's)")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=40) as cluster, Client(cluster) as client:
        client.wait_for_workers(2)
        start = time.perf_counter()
        table = tiersim.sweep(str(trace), policies=POLICIES, sizes=sizes, format="oracle-general", client=client)
        t_dask = time.perf_counter() - start
    print(f"   2 Dask workers (processes) {t_dask:7.2f} s (cluster start-up not counted)")
    pd.testing.assert_frame_equal(table, local)
    print("   the two tables are equal")
    return local


def bench_libcachesim(trace: Path, sizes: list[int], local) -> None:
    try:
        import libcachesim as lcs
    except ImportError:
        print("3. libcachesim: not installed here (pip install libcachesim to include it)")
        return
    print(f"3. libcachesim {getattr(lcs, '__version__', '')}: the same sweep, one policy and size at a time")
    reader = lcs.TraceReader(str(trace), lcs.TraceType.ORACLE_GENERAL_TRACE)
    start = time.perf_counter()
    worst = 0.0
    for policy, cls in zip(POLICIES, LCS_POLICIES):
        for size in sizes:
            # A hash table sized to the trace (2^20 slots), not libcachesim's default 2^24, which
            # would make allocating it a large part of each small run.
            cache = getattr(lcs, cls)(cache_size=size, hashpower=20)
            miss, _ = cache.process_trace(reader)
            ours = local[(local["policy"] == policy) & (local["size"] == size)]["miss_ratio"].iloc[0]
            worst = max(worst, abs(miss - ours)) if policy == "lru" else worst
    t = time.perf_counter() - start
    print(f"   libcachesim (one thread)   {t:7.2f} s; LRU miss ratios differ from tiersim's by at most {worst:.2e}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=10_000_000)
    ap.add_argument("--sweep-requests", type=int, default=2_000_000)
    ap.add_argument("--objects", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    if not CLI.exists():
        subprocess.run(["cargo", "build", "-q", "--release", "--manifest-path",
                        str(ROOT / "engine-wasm" / "Cargo.toml"), "-p", "tiersim-cli"], check=True)
    WORK.mkdir(parents=True, exist_ok=True)
    big = WORK / f"zipf-{args.requests}.oracleGeneral"
    small = WORK / f"zipf-{args.sweep_requests}.oracleGeneral"
    for path, n in ((big, args.requests), (small, args.sweep_requests)):
        if not path.exists():
            zipf_oracle_general(path, n, args.objects, 1.0, seed=20)
    import tiersim

    distinct = tiersim.load_trace(big, "oracle-general").distinct_blocks
    print(f"tiersim {tiersim.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; "
          f"Zipf alpha 1.0: {args.requests:,} requests over {distinct:,} distinct objects")
    bench_sim(big, max(distinct // 10, 1), args.repeat)
    d = tiersim.load_trace(small, "oracle-general").distinct_blocks
    sizes = sorted({max(int(s), 1) for s in np.geomspace(d / 100, d, 8).round()})
    local = bench_sweep(small, sizes, args.threads)
    bench_libcachesim(small, sizes, local)


if __name__ == "__main__":
    main()
