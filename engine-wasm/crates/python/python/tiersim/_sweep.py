"""Sweeps: policies x cache sizes x traces (or a scenario's workload) into one table.

The table is cut into tasks of one (trace, policy) each, every size of that policy in the task:
a task reads its trace once (a worker keeps the last few it read) and its cells are independent
and deterministic. The same task function runs on local threads (the engine releases the GIL)
or as Dask tasks on a cluster; rows are put back in (trace, policy, size) order, so the table
is the same wherever and in whatever order the tasks ran. A Dask worker that dies takes its
running tasks with it; the scheduler gives them to another worker (up to the
``distributed.scheduler.allowed-failures`` deaths per task), and a task that raises is retried
(``retries``).
"""

from __future__ import annotations

import json
import os
import threading
import uuid
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Sequence

from . import _native

#: Traces a Dask worker keeps parsed between tasks (each may be hundreds of MB).
WORKER_TRACES = 2


@dataclass(frozen=True)
class _Source:
    """Where a task's requests come from: a trace file (read with these options), a scenario
    (its generated workload), or a scenario replaying a trace file."""

    trace: str | None
    format: str | None = None
    object_mode: bool = False
    block_size: int = 4096
    skip_bad: bool = False
    scenario: str | None = None  # JSON text
    origin: str = "scenario"


class _Traces:
    """Parsed traces by source, each read once however many threads ask at the same time; at
    most ``keep`` kept (``None``: all, for the length of one local sweep)."""

    def __init__(self, keep: int | None):
        self.keep = keep
        self.lock = threading.Lock()
        self.loading: dict[Any, threading.Lock] = {}
        self.traces: OrderedDict[Any, _native.Trace] = OrderedDict()

    def get(self, source: _Source) -> _native.Trace:
        key = (source, _stamp(source.trace))
        with self.lock:
            key_lock = self.loading.setdefault(key, threading.Lock())
        with key_lock:
            with self.lock:
                if key in self.traces:
                    self.traces.move_to_end(key)
                    return self.traces[key]
            trace = _read(source)
            with self.lock:
                self.traces[key] = trace
                while self.keep is not None and len(self.traces) > self.keep:
                    old, _ = self.traces.popitem(last=False)
                    self.loading.pop(old, None)
            return trace


def _stamp(path: str | None) -> tuple[int, int] | None:
    """A local file's size and modification time: a cached trace is reread when they change."""
    if path is None or "://" in path:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


def _read(source: _Source) -> _native.Trace:
    from . import load_trace

    if source.scenario is not None:
        return _native.load_scenario_trace(source.scenario, source.origin, source.trace)
    return load_trace(
        source.trace,
        source.format,
        source.object_mode,
        block_size=source.block_size,
        skip_bad=source.skip_bad,
    )


#: The traces a worker process keeps between Dask tasks.
_worker_traces = _Traces(WORKER_TRACES)


def _mini_cells(
    source: _Source, name: str, config: str, sizes: Sequence[int], sample: float | None, trace: _native.Trace
) -> list[dict[str, Any]]:
    """One task of a ``method="mini"`` sweep: the policy's curve at every size in one pass, as
    rows of the exact sweep's columns. Block counts are the estimates scaled to the trace
    (rounded); request counts are the block ones when every request is one block, else unknown
    (``None``): miniature simulation samples block references, not requests."""
    if any(isinstance(s, str) for s in sizes):
        return _mini_byte_cells(source, name, config, sizes, sample, trace)
    r = json.loads(_native.mrc(trace, config, list(sizes), sample))
    block_refs, requests = r["blockRefs"], r["requests"]
    single = requests == block_refs
    known = not source.object_mode
    rows = []
    for p in r["points"]:
        ratio = p["missRatio"]
        block_misses = None if ratio is None else round(ratio * block_refs)
        block_hits = None if block_misses is None else block_refs - block_misses
        hits = block_hits if single else None
        rows.append(
            {
                "trace": source.trace,
                "policy": name,
                "policy_config": config,
                "size": p["size"],
                "requests": requests,
                "reads": r["reads"],
                "writes": r["writes"],
                "hits": hits,
                "misses": None if hits is None else requests - hits,
                "miss_ratio": ratio if single else None,
                # Read hits are not told apart from write hits in the sample.
                "read_hits": hits if r["writes"] == 0 else None,
                "block_refs": block_refs,
                "block_hits": block_hits,
                "block_misses": block_misses,
                "block_miss_ratio": ratio,
                "distinct_blocks": r["distinctBlocks"],
                "compulsory_block_miss_ratio": r["compulsoryMissRatio"],
                "bytes": block_refs * source.block_size if known else None,
                "bytes_missed": block_misses * source.block_size if known and block_misses is not None else None,
            }
        )
    return rows


def _mini_byte_cells(
    source: _Source, name: str, config: str, sizes: Sequence[int | str], sample: float | None, trace: _native.Trace
) -> list[dict[str, Any]]:
    """A ``method="mini"`` task at capacities in bytes: the policy's byte curve in one pass
    (as ``tiersim mrc --sizes 1GiB``), as rows of the exact sweep's columns. Requests and bytes
    are estimates scaled to the trace (rounded); reads and writes are not told apart."""
    if not all(isinstance(s, str) for s in sizes):
        raise ValueError('sizes: a method="mini" sweep in bytes gives every size in bytes ("128MiB")')
    r = json.loads(_native.byte_mrc_of(trace, config, list(sizes), sample))
    requests, total = r["references"], r["bytesRequested"]
    rows = []
    for size, p in zip(sizes, r["points"]):
        misses = round(p["missRatio"] * requests)
        rows.append(
            {
                "trace": source.trace,
                "policy": name,
                "policy_config": config,
                "size": size,
                "requests": requests,
                "reads": None,
                "writes": None,
                "hits": requests - misses,
                "misses": misses,
                "miss_ratio": p["missRatio"],
                "read_hits": None,
                # Read as objects, every request is one reference.
                "block_refs": requests,
                "block_hits": requests - misses,
                "block_misses": misses,
                "block_miss_ratio": p["missRatio"],
                "distinct_blocks": r["distinctObjects"],
                "compulsory_block_miss_ratio": r["compulsoryMissRatio"],
                "bytes": total,
                "bytes_missed": round(p["byteMissRatio"] * total),
            }
        )
    return rows


_floors: dict[_Source, dict[str, Any] | None] = {}


def _scenario_floor(source: _Source, trace: Any) -> dict[str, Any] | None:
    """A scenario's floor (``tiersim sweep``'s): one run per source in each process, kept."""
    if source not in _floors:
        r = _native.sweep_floor(source.scenario, source.origin, trace)
        _floors[source] = None if r is None else json.loads(r)
    return _floors[source]


def _cells(
    source: _Source,
    policy: tuple[str, str],
    sizes: Sequence[int],
    multi_block: str,
    traces: _Traces | None = None,
    method: str = "exact",
    sample: float | None = None,
) -> list[dict[str, Any]]:
    """One task: every size of one policy over one source; a row per size."""
    name, config = policy
    trace = None
    if source.trace is not None:
        trace = (traces or _worker_traces).get(source)
    if method == "mini":
        return _mini_cells(source, name, config, sizes, sample, trace)
    rows = []
    for size in sizes:
        row: dict[str, Any] = {"trace": source.trace, "policy": name, "policy_config": config, "size": size}
        if source.scenario is None:
            r = json.loads(_native.sim(trace, config, str(size), multi_block))
            misses = r["requests"] - r["hits"]
            block_misses = r["blockRefs"] - r["blockHits"]
            # Bytes are known when requests carry sizes (an object trace's, or a cache in bytes
            # over blocks), or are split into blocks of a known size.
            sized = r.get("bytesRequested") is not None
            known = not source.object_mode
            row.update(
                requests=r["requests"],
                reads=r["reads"],
                writes=r["writes"],
                hits=r["hits"],
                misses=misses,
                miss_ratio=r["missRatio"],
                read_hits=r["readHits"],
                block_refs=r["blockRefs"],
                block_hits=r["blockHits"],
                block_misses=block_misses,
                block_miss_ratio=r["blockMissRatio"],
                distinct_blocks=r["distinctBlocks"],
                compulsory_block_miss_ratio=r["compulsoryBlockMissRatio"],
                bytes=r["bytesRequested"] if sized else r["blockRefs"] * source.block_size if known else None,
                bytes_missed=r["bytesMissed"] if sized else block_misses * source.block_size if known else None,
            )
        else:
            r = json.loads(_native.sweep_point(source.scenario, source.origin, config, size, trace))
            row.update(r)
            # A scenario counts after its warm-up: its floor is LRU holding every block, run so.
            floor = _scenario_floor(source, trace)
            row["compulsory_miss_ratio"] = floor and floor["miss_ratio"]
            row["compulsory_block_miss_ratio"] = floor and floor["block_miss_ratio"]
        rows.append(row)
    return rows


def _sweep_size(size: Any, field: str) -> int | str:
    """A sweep's size: blocks as a whole number, or bytes as a string with a unit (``"1GiB"``),
    kept as given (the cell reads it as ``tiersim sim --size`` does); a bare number in a string is
    blocks."""
    from . import _size

    if isinstance(size, str):
        try:
            in_bytes, amount = _native.parse_size(size)
        except ValueError as e:
            raise ValueError(f"{field}: {e}") from None
        return size if in_bytes else amount
    return _size(size, field)


def sweep(
    trace: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
    scenario: Any = None,
    policies: Sequence[Any] = ("lru", "arc"),
    sizes: Sequence[int | str] | None = None,
    format: str | None = None,
    object_mode: bool = False,
    client: Any = None,
    *,
    multi_block: str | None = None,
    block_size: int = 4096,
    skip_bad: bool = False,
    threads: int | None = None,
    retries: int = 2,
    method: str = "exact",
    sample: float | None = None,
):
    """Every policy at every size over every trace: a :class:`pandas.DataFrame` with one row per
    (trace, policy, size), in that order.

    ``trace`` is one path or a list (local paths, or URLs fsspec opens; on a cluster every
    worker must be able to read them: a shared file system or an object store). Without a
    trace, ``scenario`` (dict, JSON text or file) gives the workload, as ``tiersim sweep``
    does; with both, the scenario replays each trace. ``policies`` are names (``"arc"``) or
    dicts with parameters (``{"kind": "slru", "protectedShare": 0.6}``); ``sizes`` are cache
    sizes in blocks, or for a sweep of traces in bytes as strings with a unit (``"1GiB"``, as
    ``tiersim sim --size`` reads them; the ``size`` column keeps them as given). A
    ``method="mini"`` sweep in bytes (every size with a unit) estimates each curve as ``tiersim
    mrc --sizes 1GiB`` does, requests and bytes scaled to the trace, reads and writes unknown.

    Columns for traces: ``trace, policy, policy_config, size, requests, reads, writes, hits,
    misses, miss_ratio, read_hits, block_refs, block_hits, block_misses, block_miss_ratio,
    distinct_blocks, compulsory_block_miss_ratio, bytes, bytes_missed`` (the floor: distinct blocks
    over block references, which no cache's ``block_miss_ratio`` goes below; bytes: the
    requests' own sizes where the trace carries them — read with ``object_mode`` — or the cache
    counts bytes; else block references x ``block_size``; ``None`` for an object trace without
    sizes). For a scenario: ``requests, reads, writes, misses, miss_ratio, block_refs,
    block_misses, block_miss_ratio, compulsory_miss_ratio, compulsory_block_miss_ratio`` with
    misses counting read requests that reached the disk, as ``tiersim sweep`` does; the floor is
    its too: one LRU cache holding every block (the trace's, or the workload's), counted after the
    same warm-up (``None`` past the engine's largest cache).

    ``method="mini"`` estimates each (trace, policy) curve in one pass by miniature simulation
    (as ``tiersim mrc``: ``sample`` is the lowest sampling rate, default 0.01, raised for small
    traces and small sizes), with the same columns: block counts are estimates scaled to the
    trace (``block_miss_ratio``, ``block_misses`` …); request-level ones (``hits``, ``misses``,
    ``miss_ratio``) are given when every request is one block and are ``None`` otherwise, and
    ``read_hits`` only for traces without writes. It needs traces (not a scenario's workload)
    and online policies; it is deterministic, so the table is the same wherever it runs.

    Without ``client`` the tasks run on ``threads`` local threads (default: the CPU count);
    with a ``dask.distributed.Client`` each task is a Dask task and the table is the same.
    Save it with :func:`to_parquet` (or ``df.to_parquet``).
    """
    import pandas as pd

    from . import _policy_json, _scenario_text

    if sizes is None or isinstance(sizes, (str, bytes)) or len(sizes) == 0:
        raise ValueError("sizes: name the cache sizes in blocks, e.g. sizes=[100, 1000, 10000]")
    sizes = [_sweep_size(s, f"sizes[{i}]") for i, s in enumerate(sizes)]
    if any(isinstance(s, str) for s in sizes) and scenario is not None:
        raise ValueError("sizes: sizes in bytes (\"1GiB\") are for a sweep of traces; a scenario's caches count blocks")
    if method == "mini" and any(isinstance(s, str) for s in sizes) and not all(isinstance(s, str) for s in sizes):
        raise ValueError('sizes: a method="mini" sweep in bytes gives every size in bytes ("128MiB")')
    if isinstance(policies, (str, bytes)) or not isinstance(policies, Sequence) or len(policies) == 0:
        raise ValueError("policies: name one or more policies, e.g. policies=[\"lru\", \"arc\"]")
    normalised = []
    for i, p in enumerate(policies):
        try:
            normalised.append(tuple(_native.normalise_policy(_policy_json(p, field=f"policies[{i}]"))))
        except ValueError as e:
            raise ValueError(str(e).replace("policy:", f"policies[{i}]:", 1)) from None
    multi_block = multi_block or "per-block"
    if multi_block not in ("per-block", "atomic"):
        raise ValueError(f"multi_block: expected \"per-block\" or \"atomic\" (got {multi_block!r})")
    if method not in ("exact", "mini"):
        raise ValueError(f"method: expected \"exact\" or \"mini\" (got {method!r})")
    if method == "exact" and sample is not None:
        raise ValueError("sample: only a method=\"mini\" sweep samples")
    if method == "mini":
        if scenario is not None:
            raise ValueError("method: \"mini\" sweeps traces; a scenario's workload runs exactly (method=\"exact\")")
        if multi_block != "per-block":
            raise ValueError("multi_block: a method=\"mini\" sweep serves requests block by block (\"per-block\")")
        for i, (name, _) in enumerate(normalised):
            if name in ("min", "read-opt"):
                raise ValueError(f"policies[{i}]: {name} is offline: a method=\"mini\" sweep needs online policies")

    text, origin = (None, "scenario") if scenario is None else _scenario_text(scenario)
    if text is not None:
        _native.validate_scenario(text, origin)  # a bad document fails here, before any task
    if trace is None:
        if text is None:
            raise ValueError("trace: give a trace (or a list of traces), a scenario, or both")
        paths: list[str | None] = [None]
    elif isinstance(trace, (str, os.PathLike)):
        paths = [os.fspath(trace)]
    else:
        paths = [os.fspath(t) for t in trace]
    if client is None:
        # Checked here, so a missing file fails at once with its name. On a cluster the workers,
        # not this machine, must read the traces: a missing one fails in its task, with its name.
        for p in paths:
            if p is not None and "://" not in p and not os.path.exists(p):
                raise FileNotFoundError(2, "No such file or directory", p)

    sources = [_Source(p, format, object_mode, block_size, skip_bad, text, origin) for p in paths]
    tasks = [(s, pol) for s in sources for pol in normalised]
    if client is None:
        traces = _Traces(None)
        workers = threads or os.cpu_count() or 1
        with ThreadPoolExecutor(max_workers=max(1, min(workers, len(tasks)))) as pool:
            parts = list(pool.map(lambda t: _cells(t[0], t[1], sizes, multi_block, traces, method, sample), tasks))
    else:
        tag = uuid.uuid4().hex[:12]
        futures = [
            client.submit(
                _cells, s, pol, sizes, multi_block, None, method, sample,
                key=f"tiersim-sweep-{tag}-{i}", retries=retries,
            )
            for i, (s, pol) in enumerate(tasks)
        ]
        parts = client.gather(futures)
    rows = [row for part in parts for row in part]
    df = pd.DataFrame(rows)
    for column in ("bytes", "bytes_missed"):
        if column in df and df[column].notna().all():
            df[column] = df[column].astype("int64")
    return df


def to_parquet(df, path: str | os.PathLike[str], **kwargs: Any) -> None:
    """Writes a sweep's table as Parquet (needs ``pyarrow``): ``df.to_parquet(path, index=False)``."""
    df.to_parquet(path, index=False, **kwargs)
