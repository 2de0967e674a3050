"""tiersim from Python: the same engine as the CLI and the web app, with the same numbers.

- :func:`run` — a scenario to the end (``tiersim run --json``'s report);
- :func:`sim` — one cache of one policy over a trace (``tiersim sim --json``), a built-in one or
  your own (:class:`Policy`);
- :func:`stackdist` and :func:`miss_ratio_curve` — exact or sampled LRU stack distances;
- :func:`mrc` — any online policy's miss-ratio curve in one pass, by miniature simulation
  (``tiersim mrc``), or exactly;
- :func:`sweep` — policies x sizes x traces into a :class:`pandas.DataFrame`, on local threads
  or on a Dask cluster (``client=``), the same table either way; ``method="mini"`` estimates
  each (trace, policy) curve in one pass;
- :func:`load_trace` — read a trace once and pass it to :func:`sim`/:func:`stackdist` many times.

The work is done in Rust (``tiersim._native``, a thin façade over the engine's core crate), which
releases the GIL while it runs: Python threads simulate in parallel. Errors are ``ValueError``
naming the field (``policy: unknown variant `belady` ...``), ``FileNotFoundError`` naming the file.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Mapping
from typing import Any, Iterator

import numpy as np

from . import _native
from ._native import ENGINE_VERSION, Trace
from ._policy import Policy
from ._sweep import sweep, to_parquet

__all__ = [
    "ENGINE_VERSION",
    "Policy",
    "StackDistances",
    "Trace",
    "analyze",
    "byte_mrc",
    "default_scenario",
    "load_trace",
    "miss_ratio_curve",
    "mrc",
    "policy_kinds",
    "run",
    "sim",
    "stackdist",
    "sweep",
    "to_parquet",
]

__version__ = ENGINE_VERSION

#: Bytes read from a remote (fsspec) trace at a time, as the native reader reads local files.
_CHUNK = 1 << 20


def _snake(key: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key).lower()


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


def _policy_json(policy: Any, params: Mapping[str, Any] | None = None, field: str = "policy") -> str:
    """A policy given by name (``"arc"``), JSON text or dict (``{"kind": "slru", ...}``), with
    extra parameters (snake_case or camelCase), as the JSON the engine reads."""
    if isinstance(policy, str):
        text = policy.strip()
        if text.startswith("{"):
            try:
                config = json.loads(text)
            except json.JSONDecodeError as e:
                raise ValueError(f"{field}: not JSON: {e}") from None
        else:
            config = {"kind": text}
    elif isinstance(policy, Mapping):
        config = dict(policy)
    else:
        raise ValueError(f"{field}: expected a policy name or a dict with a \"kind\" (got {type(policy).__name__})")
    for key, value in (params or {}).items():
        config[_camel(key)] = value
    return json.dumps(config)


def _size(size: Any, field: str = "size") -> int:
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)):
        raise ValueError(f"{field}: expected a whole number of blocks (got {size!r})")
    size = int(size)
    if size < 0:
        # The core checks the range; a negative number cannot even reach it.
        raise ValueError(f"{field}: must be a positive number of blocks (got {size})")
    return size


def _is_remote(path: str) -> bool:
    return "://" in path and not path.startswith("file://")


def load_trace(
    trace: str | os.PathLike[str] | Trace,
    format: str | None = None,
    object_mode: bool = False,
    *,
    block_size: int = 4096,
    skip_bad: bool = False,
    columns: str | None = None,
) -> Trace:
    """Reads a trace file (streamed; gzip/zstd read through; its format detected when not named).

    ``trace`` is a local path, or a URL fsspec opens (``s3://``, ``gs://``, ``https://`` …: needs
    ``fsspec`` and the file system's package). A :class:`Trace` is returned as is. ``columns``
    reads any delimited text trace through a column map, as ``tiersim --columns`` does:
    ``"key=5,size=4,time=2,header"``, or libCacheSim's ``"obj-id-col=5,obj-size-col=4,has-header=true"``.
    """
    if isinstance(trace, Trace):
        return trace
    path = os.fspath(trace)
    if not _is_remote(path):
        return _native.load_trace(path.removeprefix("file://"), format, block_size, object_mode, skip_bad, columns)
    import fsspec  # only for remote traces

    reader = _native.TraceReader(path, format, block_size, object_mode, skip_bad, columns)
    with fsspec.open(path, "rb") as f:
        while chunk := f.read(_CHUNK):
            reader.push(chunk)
    return reader.finish()


def sim(
    policy: str | Mapping[str, Any] | Policy,
    size: int | str,
    trace: str | os.PathLike[str] | Trace,
    format: str | None = None,
    object_mode: bool = False,
    multi_block: str | None = None,
    *,
    block_size: int = 4096,
    skip_bad: bool = False,
    admit_below: str | None = None,
    adaptsize: bool = False,
    **policy_params: Any,
) -> dict[str, Any]:
    """One cache of ``policy`` at ``size`` over ``trace``: ``tiersim sim --json``'s fields in
    snake_case (``misses``, ``hits``, ``requests``, ``block_refs``, ``miss_ratio`` …).

    ``size`` is blocks (objects, with ``object_mode``) as a whole number, or bytes as a string
    with a unit, as ``tiersim sim --size`` takes it (``"128MiB"``, ``"1GiB"``, ``"512KB"``): a
    cache in bytes, whose result adds ``size_bytes``, ``bytes_requested``, ``bytes_missed``,
    ``byte_miss_ratio`` (an object trace read with ``object_mode`` carries each request's size)
    and ``too_large`` (requests for objects larger than the whole cache, never admitted).
    ``admit_below`` (``"64KiB"``) puts a size-threshold admission filter in front of a cache in
    bytes; ``adaptsize=True`` puts AdaptSize there instead (``tiersim sim --adaptsize``: a missed
    object of s bytes admitted with probability e^(−s/c), c tuned by its model). ``policy_params`` are the policy's parameters (``sim("s3-fifo", 100, t,
    small_share=0.2)``); ``multi_block`` is ``"per-block"`` (the default) or ``"atomic"``.

    ``policy`` may be a :class:`Policy` of your own (an instance): its cache holds ``size``
    objects (a whole number), and its result names its class as its policy.
    """
    t = load_trace(trace, format, object_mode, block_size=block_size, skip_bad=skip_bad)
    if isinstance(policy, Policy):
        if isinstance(size, str):
            raise ValueError(f"size: a policy of your own holds a number of objects, not bytes (got {size!r})")
        if policy_params or admit_below is not None or adaptsize:
            raise ValueError("a policy of your own takes no parameters, admission filter or AdaptSize here")
        result = json.loads(_native.sim_user(t, policy, _size(size), multi_block or "per-block"))
        result["policy"] = type(policy).__name__
        return {_snake(k): v for k, v in result.items()}
    capacity = size if isinstance(size, str) else str(_size(size))
    result = _native.sim(
        t, _policy_json(policy, policy_params), capacity, multi_block or "per-block", admit_below, adaptsize
    )
    return {_snake(k): v for k, v in json.loads(result).items()}


def mrc(
    policy: str | Mapping[str, Any],
    sizes: Any,
    trace: str | os.PathLike[str] | Trace,
    format: str | None = None,
    object_mode: bool = False,
    *,
    sample: float | None = None,
    min_blocks: int | None = None,
    min_cache: int | None = None,
    seed: int = 0,
    exact: bool = False,
    block_size: int = 4096,
    skip_bad: bool = False,
    **policy_params: Any,
) -> dict[str, Any]:
    """The miss-ratio curve of ``policy`` at ``sizes`` (blocks) over ``trace``, in one pass by
    miniature simulation (Waldspurger et al., USENIX ATC 2017) — ``tiersim mrc --json``'s curve.

    ``sample`` is the lowest sampling rate (default 0.01), raised until the sample holds
    ``min_blocks`` blocks (default 32768) and for sizes whose scaled-down cache would hold fewer
    than ``min_cache`` blocks (default 100); ``seed`` picks the sample. ``exact=True`` computes
    the curve exactly instead (LRU by stack distances, other policies by a full simulation per
    size). Offline policies (``min``, ``read-opt``) are refused.

    ``sizes`` given as strings with a unit (``["128MiB", "1GiB"]``) are capacities in bytes over
    an object trace with sizes (read with ``object_mode``): each point then also carries
    ``byte_miss_ratio``, and the report ``byte_miss_ratios`` beside ``miss_ratios`` (sampling
    with the byte curves' own defaults: a sample of 65,536 objects, mini-caches of 1,000).

    Returns the report with snake_case keys: ``policy``, ``method`` (``"mini"``, or ``"exact"``
    when every size ran at rate 1), ``references``, ``distinct_blocks``,
    ``compulsory_miss_ratio`` (the curve's floor: first references miss in a cache of any size;
    in bytes ``compulsory_byte_miss_ratio`` too), ``rate``, ``sampled_blocks``, ``sizes`` and
    ``miss_ratios`` (NumPy arrays: misses per block reference), and ``points`` (per size:
    ``rate``, ``mini_size``, ``sampled_references`` …).
    """
    if isinstance(sizes, (str, bytes)) or not hasattr(sizes, "__len__") or len(sizes) == 0:
        raise ValueError("sizes: name the cache sizes in blocks, e.g. sizes=[100, 1000, 10000]")
    if any(isinstance(s, str) for s in sizes):
        # Capacities in bytes: an object trace read with its sizes.
        t = load_trace(trace, format, True, block_size=block_size, skip_bad=skip_bad)
        items = [s if isinstance(s, str) else f"{_size(s, f'sizes[{i}]')}B" for i, s in enumerate(sizes)]
        raw = json.loads(
            _native.byte_mrc_of(
                t, _policy_json(policy, policy_params), items, sample, min_blocks, min_cache, int(seed), exact
            )
        )
        points = [{_snake(k): v for k, v in p.items()} for p in raw.pop("points")]
        out = {_snake(k): v for k, v in raw.items()}
        out["points"] = points
        out["sizes"] = np.array([p["bytes"] for p in points], dtype=np.uint64)
        out["miss_ratios"] = np.array([p["miss_ratio"] for p in points], dtype=np.float64)
        out["byte_miss_ratios"] = np.array([p["byte_miss_ratio"] for p in points], dtype=np.float64)
        return out
    t = load_trace(trace, format, object_mode, block_size=block_size, skip_bad=skip_bad)
    sizes = [_size(s, f"sizes[{i}]") for i, s in enumerate(sizes)]
    for name, value in (("min_blocks", min_blocks), ("min_cache", min_cache)):
        if value is not None:
            _size(value, name)
    raw = json.loads(
        _native.mrc(t, _policy_json(policy, policy_params), sizes, sample, min_blocks, min_cache, int(seed), exact)
    )
    points = [{_snake(k): v for k, v in p.items()} for p in raw["points"]]
    out = {_snake(k): v for k, v in raw.items() if k not in ("points", "requests", "reads", "writes", "blockRefs")}
    out["points"] = points
    out["sizes"] = np.array([p["size"] for p in points], dtype=np.uint64)
    out["miss_ratios"] = np.array([np.nan if p["miss_ratio"] is None else p["miss_ratio"] for p in points])
    return out


def _scenario_text(scenario: Any) -> tuple[str, str]:
    """The scenario's JSON text and what to call it in errors (its file, or "scenario")."""
    if isinstance(scenario, Mapping):
        return json.dumps(scenario), "scenario"
    if isinstance(scenario, (str, os.PathLike)):
        text = os.fspath(scenario)
        if text.lstrip().startswith("{"):
            return text, "scenario"
        with open(text, encoding="utf-8") as f:  # FileNotFoundError names the file
            return f.read(), text
    raise ValueError(f"scenario: expected a dict, JSON text or a file path (got {type(scenario).__name__})")


def _scenario_trace(text: str, origin: str, trace: Any) -> Trace | None:
    if trace is None or isinstance(trace, Trace):
        return trace
    path = os.fspath(trace)
    return _native.load_scenario_trace(text, origin, path)


def run(
    scenario: Mapping[str, Any] | str | os.PathLike[str],
    trace: str | os.PathLike[str] | Trace | None = None,
    *,
    curves: bool = False,
) -> dict[str, Any]:
    """Runs a scenario to the end and returns ``tiersim run --json``'s report (its keys as the
    CLI and the web app write them). ``scenario`` is a dict, JSON text or a file path; ``trace``
    the file a trace-replaying scenario names (read as its ``source`` says). ``curves`` adds LRU
    stack-depth graphs, as ``tiersim run --curves``."""
    text, origin = _scenario_text(scenario)
    t = _scenario_trace(text, origin, trace)
    return json.loads(_native.run(text, origin, t, curves))


def default_scenario() -> dict[str, Any]:
    """The default scenario (paper 000 RANDOM, LRU-MRU-demote)."""
    return json.loads(_native.default_scenario())


def policy_kinds() -> list[str]:
    """Every policy kind the engine has (``"lru"``, ``"arc"`` …)."""
    return list(_native.policy_kinds())


class StackDistances:
    """LRU stack distances of a trace's block references (paper 000 §3's stack-depth graph).

    ``depths, counts = tiersim.stackdist(...)`` unpacks the histogram: ``counts[i]`` references
    had stack depth ``depths[i]`` (an LRU cache of ``depths[i]`` blocks or more hits them).
    First references (:attr:`cold`) miss at every size and are not in the histogram.
    """

    def __init__(self, native: _native.StackDist):
        self._native = native
        self.depths: np.ndarray = native.depths()
        self.counts: np.ndarray = native.counts()
        #: Every block reference.
        self.references: int = native.references
        #: Distinct blocks (estimated when sampled).
        self.distinct: float = native.distinct
        #: First references (estimated when sampled).
        self.cold: float = native.cold
        #: The sampling rate at the end (1.0 when exact).
        self.rate: float = native.rate

    def __iter__(self) -> Iterator[np.ndarray]:
        return iter((self.depths, self.counts))

    def __repr__(self) -> str:
        kind = "exact" if self.rate == 1.0 else f"sampled at {self.rate:g}"
        return f"<tiersim.StackDistances {kind}: {self.references} references, {self.distinct:.0f} distinct>"

    def hit_ratios(self, sizes: Any) -> np.ndarray:
        """LRU hit ratio at each of ``sizes`` (blocks), as ``tiersim stackdist`` computes it."""
        sizes = np.asarray(sizes, dtype=np.uint64)
        order = np.argsort(sizes, kind="stable")
        out = np.empty(len(sizes), dtype=np.float64)
        out[order] = self._native.hit_fractions([int(s) for s in sizes[order]])
        return out

    def miss_ratio_curve(self, sizes: Any = None) -> tuple[np.ndarray, np.ndarray]:
        """See :func:`miss_ratio_curve`."""
        return miss_ratio_curve(self, sizes)

    def to_dict(self) -> dict[str, Any]:
        """The report as ``tiersim stackdist --json`` prints it (without timing and file)."""
        return json.loads(self._native.to_json())


def stackdist(
    trace: str | os.PathLike[str] | Trace,
    format: str | None = None,
    sample: float | None = None,
    *,
    max_blocks: int | None = None,
    object_mode: bool = False,
    block_size: int = 4096,
    skip_bad: bool = False,
) -> StackDistances:
    """Exact LRU stack distances of ``trace``, or sampled (SHARDS) at rate ``sample`` or keeping
    at most ``max_blocks`` blocks. Unpacks as ``depths, counts`` (NumPy arrays)."""
    t = load_trace(trace, format, object_mode, block_size=block_size, skip_bad=skip_bad)
    if max_blocks is not None:
        max_blocks = _size(max_blocks, "max_blocks")
    return StackDistances(_native.stackdist(t, sample, max_blocks))


def analyze(
    trace: str | os.PathLike[str] | Trace,
    format: str | None = None,
    *,
    top: int = 10,
    window_secs: float = 300.0,
    window_requests: int = 100_000,
    object_mode: bool = False,
    block_size: int = 4096,
    skip_bad: bool = False,
) -> dict[str, Any]:
    """What is in ``trace`` before it is cached, as ``tiersim analyze --json`` reports it, with
    snake_case keys at every level: ``requests``, ``distinct``, ``bytes_requested`` and
    ``distinct_bytes`` (with sizes, else ``None``), ``compulsory_miss_ratio`` and
    ``compulsory_byte_miss_ratio`` (no cache of any size misses less), ``mean_size_by_requests``,
    ``mean_size_by_objects``, ``frequency_mean``, ``time_span_secs``, ``referenced_times``
    (objects referenced exactly 1, 2, … 16 times), ``referenced_more``, ``one_hit_wonders``,
    ``top`` (the ``top`` most referenced: ``id``, ``references``, ``share``), ``zipf``
    (``alpha``, ``r2``, or ``None``); and the distributions in power-of-two bins (each bin
    ``from``, ``to``, ``count``): ``reuse`` (``requests``, ``seconds``, ``distance`` — the LRU
    stack distance — and ``distance_sample_rate``, ``None`` where exact), ``sizes`` (per size bin:
    ``requests``, ``bytes``, ``objects``, ``references``), ``popularity`` (objects by their
    references, with ``mean_size``), ``windows`` (the load per window of ``window_secs`` seconds,
    or of ``window_requests`` requests for a trace without times: ``requests``, ``bytes``,
    ``distinct`` — the working set — and ``new``), ``clients`` (per client, where records name
    more than one) and ``blocks`` (a block trace's ``request_blocks``, ``sequential_requests``,
    ``runs`` and ``regions``).
    """
    if isinstance(top, bool) or not isinstance(top, (int, np.integer)) or top < 0:
        raise ValueError(f"top: expected how many of the most referenced objects to list (got {top!r})")
    if isinstance(window_requests, bool) or not isinstance(window_requests, (int, np.integer)) or window_requests < 0:
        raise ValueError(f"window_requests: expected a whole number of requests (got {window_requests!r})")
    t = load_trace(trace, format, object_mode, block_size=block_size, skip_bad=skip_bad)
    return _snake_keys(json.loads(_native.analyze(t, int(top), float(window_secs), int(window_requests))))


def _snake_keys(value: Any) -> Any:
    """``value`` with every dict's keys in snake_case, at every level."""
    if isinstance(value, dict):
        return {_snake(k): _snake_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_snake_keys(v) for v in value]
    return value


def byte_mrc(
    trace: str | os.PathLike[str] | Trace,
    sizes: Any = None,
    format: str | None = None,
    *,
    sample: float | None = None,
    object_mode: bool = True,
    block_size: int = 4096,
    skip_bad: bool = False,
) -> dict[str, Any]:
    """LRU's miss-ratio curve in bytes over an object trace with sizes, in one pass: stack
    distances weighted by bytes (``tiersim stackdist --json``'s ``bytes``).

    ``sizes`` are capacities in bytes: strings with a unit (``"128MiB"``, ``"1GiB"``) or whole
    numbers of bytes; by default eight per doubling, up to the first that holds every object.
    ``sample`` samples objects at that rate (SHARDS, fixed rate) instead of tracking all.

    Returns the report with snake_case keys — ``references``, ``bytes_requested``,
    ``distinct_bytes``, ``cold_bytes``, ``largest_object``, ``size_changes`` … — and, as NumPy
    arrays, ``sizes`` (bytes), ``miss_ratios`` (per request), ``byte_miss_ratios`` (per byte
    requested) and, when exact, ``exact``: whether each point is exactly what an LRU cache of
    that many bytes gets (below the largest object, a cache that small would not admit it and
    the point is an upper bound on the miss ratios).
    """
    t = load_trace(trace, format, object_mode, block_size=block_size, skip_bad=skip_bad)
    if sizes is not None:
        if isinstance(sizes, (str, bytes)) or not hasattr(sizes, "__len__") or len(sizes) == 0:
            raise ValueError('sizes: name the capacities in bytes, e.g. sizes=["128MiB", "1GiB"]')
        items = []
        for i, s in enumerate(sizes):
            if isinstance(s, str):
                items.append(s)
            else:
                items.append(f"{_size(s, f'sizes[{i}]')}B")
        sizes = items
    raw = json.loads(_native.byte_mrc(t, sizes, sample))
    points = raw.pop("points")
    out = {_snake(k): v for k, v in raw.items()}
    out["sizes"] = np.array([p["bytes"] for p in points], dtype=np.uint64)
    out["miss_ratios"] = np.array([p["missRatio"] for p in points], dtype=np.float64)
    out["byte_miss_ratios"] = np.array([p["byteMissRatio"] for p in points], dtype=np.float64)
    if points and "exact" in points[0]:
        out["exact"] = np.array([p["exact"] for p in points], dtype=bool)
        out["hits"] = np.array([p["hits"] for p in points], dtype=np.uint64)
        out["bytes_hit"] = np.array([p["bytesHit"] for p in points], dtype=np.uint64)
    return out


def miss_ratio_curve(sd: StackDistances, sizes: Any = None) -> tuple[np.ndarray, np.ndarray]:
    """``(sizes, miss_ratios)``: the LRU miss ratio (of block references) at each cache size.

    Without ``sizes``, the ten sizes ``tiersim stackdist`` prints: tenths of the distinct blocks.
    """
    if sizes is None:
        d = sd.distinct
        if sd.rate == 1.0:
            sizes = [max(int(d) * i // 10, 1) for i in range(1, 11)]
        else:
            # Rust's round(): halves away from zero.
            sizes = [max(math.floor(d * i / 10 + 0.5), 1) for i in range(1, 11)]
    sizes = np.asarray(sizes, dtype=np.uint64)
    return sizes, 1.0 - sd.hit_ratios(sizes)
