#!/usr/bin/env python3
"""Policies of your own in Python (issue 38): requests/s of the worked LRU and CLOCK of
`examples/policies.py` run by `tiersim.sim`, beside the engine's built-in LRU and CLOCK, and
beside the same LRU in libCacheSim's Python plugin cache (`libcachesim.PluginCache`) when the
package is installed. The trace: Zipf (alpha 1.0) over 100 k objects, oracleGeneral, objects of
size 1 (so the peer's cache in bytes holds as many objects); the cache holds 10 % of them.

    python scripts/bench-user-policy.py [--requests N]

Misses must agree (ours with the built-in, exactly; the peer's LRU with ours, exactly). Figures
depend on the machine and its load: printed, not asserted.
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import tiersim  # noqa: E402

spec = importlib.util.spec_from_file_location("bench_python", ROOT / "scripts" / "bench-python.py")
bench_python = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_python)
spec = importlib.util.spec_from_file_location("policies", ROOT / "examples" / "policies.py")
policies = importlib.util.module_from_spec(spec)
spec.loader.exec_module(policies)

OBJECTS = 100_000


def timed(f):
    start = time.perf_counter()
    out = f()
    return out, time.perf_counter() - start


def peer_lru(path: Path, size: int, requests: int) -> tuple[int, float] | None:
    try:
        import libcachesim as lcs
    except ImportError:
        print("libcachesim is not installed (pip install libcachesim): no peer figure")
        return None
    cache = lcs.PluginCache(
        cache_size=size,
        cache_init_hook=lambda params: collections.OrderedDict(),
        cache_hit_hook=lambda c, r: c.move_to_end(r.obj_id),
        cache_miss_hook=lambda c, r: c.__setitem__(r.obj_id, True),
        cache_eviction_hook=lambda c, r: c.popitem(last=False)[0],
        cache_remove_hook=lambda c, obj_id: c.pop(obj_id),
        cache_free_hook=lambda c: None,
    )
    reader = lcs.TraceReader(str(path), lcs.TraceType.ORACLE_GENERAL_TRACE)
    (miss_ratio, _), secs = timed(lambda: cache.process_trace(reader))
    return round(miss_ratio * requests), secs


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=2_000_000)
    args = parser.parse_args()
    size = OBJECTS // 10
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "zipf.oracleGeneral"
        bench_python.zipf_oracle_general(path, args.requests, OBJECTS, 1.0, seed=7)
        trace = tiersim.load_trace(str(path))
        rate = lambda secs: f"{args.requests / secs / 1e6:.2f} M requests/s"  # noqa: E731
        for mine, builtin in ((policies.LRU(), "lru"), (policies.Clock(), "clock")):
            ours, secs = timed(lambda: tiersim.sim(mine, size, trace))
            theirs, native = timed(lambda: tiersim.sim(builtin, size, trace))
            assert ours["misses"] == theirs["misses"], (builtin, ours["misses"], theirs["misses"])
            print(
                f"{ours['policy']:>5} in Python: {rate(secs)} ({secs:.2f} s); built-in {builtin}: "
                f"{rate(native)}; {ours['misses']:,} misses each"
            )
        peer = peer_lru(path, size, args.requests)
        if peer is not None:
            misses, secs = peer
            print(f"  LRU in libcachesim.PluginCache: {rate(secs)} ({secs:.2f} s); {misses:,} misses")


if __name__ == "__main__":
    main()
