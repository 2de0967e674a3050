"""Objects of any size, against the peer (issue 35): on the CloudPhysics trace in oracleGeneral,
read as objects with the sizes the file records, `tiersim sim --object --size S` misses exactly the
requests and the bytes libCacheSim's Python package (`libcachesim`, 0.3.5 as npm test installs it)
misses, at 128 MiB, 256 MiB, 512 MiB and 1 GiB, for LRU, FIFO, CLOCK, SIEVE, ARC, S3-FIFO, GDSF and
Belady (MIN), and BeladySize (whose sampler is the peer's own); and with a size-threshold admission
filter in front (the peer's SizeAdmissioner). LHD, which samples with its own generator, and AdaptSize in
front of LRU, which rolls with it, within the noise of their draws.

libcachesim reports ratios; the counts are the ratios times the requests (or bytes), rounded, so
"equal" here is equal to the request and to the byte. Skips, saying why, where the peer is not
installed or the shared trace is not beside the checkout."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT

TRACE = ROOT.parent / "shared" / "traces" / "cloudPhysicsIO.oracleGeneral.bin"
SIZES = {"128MiB": 128 << 20, "256MiB": 256 << 20, "512MiB": 512 << 20, "1GiB": 1 << 30}
#: tiersim's policy kind → libcachesim's class.
POLICIES = {
    "lru": "LRU",
    "fifo": "FIFO",
    "clock": "Clock",
    "sieve": "Sieve",
    "arc": "ARC",
    "s3-fifo": "S3FIFO",
    "gdsf": "GDSF",
    "min": "Belady",
}


@pytest.fixture(scope="module")
def peer():
    lcs = pytest.importorskip("libcachesim", reason="the peer (pip install libcachesim) is not installed here")
    if not TRACE.exists():
        pytest.skip(f"{TRACE} is absent: the shared traces are not beside this checkout")
    return lcs


@pytest.mark.parametrize("size", SIZES, ids=str)
@pytest.mark.parametrize("policy", POLICIES, ids=str)
def test_sim_in_bytes_misses_what_the_peer_misses(peer, run_cli, policy, size):
    ours = run_cli("sim", "--policy", policy, "--size", size, "--trace", str(TRACE), "--object", "--json")
    reader = peer.TraceReader(trace=str(TRACE), trace_type=peer.TraceType.ORACLE_GENERAL_TRACE)
    miss_ratio, byte_miss_ratio = getattr(peer, POLICIES[policy])(cache_size=SIZES[size]).process_trace(reader)
    assert ours["sizeBytes"] == SIZES[size]
    assert (ours["requests"], ours["bytesRequested"]) == (113_872, 4_368_040_448)
    assert ours["misses"] == round(miss_ratio * ours["requests"])
    assert ours["bytesMissed"] == round(byte_miss_ratio * ours["bytesRequested"])


@pytest.mark.parametrize("threshold", [8192, 65537], ids=str)
@pytest.mark.parametrize("policy", ["lru", "arc", "s3-fifo", "gdsf"], ids=str)
def test_a_size_threshold_in_front_admits_what_the_peers_admits(peer, run_cli, policy, threshold):
    size = "128MiB"
    ours = run_cli(
        "sim", "--policy", policy, "--size", size, "--admit-below", f"{threshold}B",
        "--trace", str(TRACE), "--object", "--json",
    )
    reader = peer.TraceReader(trace=str(TRACE), trace_type=peer.TraceType.ORACLE_GENERAL_TRACE)
    admissioner = peer.SizeAdmissioner(size_threshold=threshold)
    cache = getattr(peer, POLICIES[policy])(cache_size=SIZES[size], admissioner=admissioner)
    miss_ratio, byte_miss_ratio = cache.process_trace(reader)
    assert ours["misses"] == round(miss_ratio * ours["requests"])
    assert ours["bytesMissed"] == round(byte_miss_ratio * ours["bytesRequested"])


#: The peer's BeladySize draws from one generator per process, never reset between caches: its
#: numbers are those of a fresh process (ours start every cache afresh), so each runs in its own.
FRESH_PEER = """
import sys, libcachesim as lcs
reader = lcs.TraceReader(trace=sys.argv[1], trace_type=lcs.TraceType.ORACLE_GENERAL_TRACE)
print(*lcs.BeladySize(cache_size=int(sys.argv[2])).process_trace(reader))
"""


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_belady_size_misses_what_a_fresh_peer_misses(peer, run_cli, size):
    ours = run_cli("sim", "--policy", "belady-size", "--size", size, "--trace", str(TRACE), "--object", "--json")
    out = subprocess.run(
        [sys.executable, "-c", FRESH_PEER, str(TRACE), str(SIZES[size])], capture_output=True, text=True, check=True
    )
    miss_ratio, byte_miss_ratio = map(float, out.stdout.split())
    assert ours["misses"] == round(miss_ratio * ours["requests"])
    assert ours["bytesMissed"] == round(byte_miss_ratio * ours["bytesRequested"])


#: LHD samples its victims: ours draws from the run's seeded generator, the peer from its own, so
#: the two agree within the noise of sampling, not to the request. Over eight seeds our ratios
#: vary by a standard deviation of 0.0003 to 0.0009 on this trace, and the peer's lie within
#: 1.5 of them of our mean (engine-wasm/crates/core/tests/sizes.rs); 0.003 is about 3 σ.
LHD_NOISE = 0.003


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_lhd_misses_what_the_peer_misses_within_sampling_noise(peer, run_cli, size):
    ours = run_cli("sim", "--policy", "lhd", "--size", size, "--trace", str(TRACE), "--object", "--json")
    reader = peer.TraceReader(trace=str(TRACE), trace_type=peer.TraceType.ORACLE_GENERAL_TRACE)
    miss_ratio, byte_miss_ratio = peer.LHD(cache_size=SIZES[size]).process_trace(reader)
    assert abs(ours["misses"] / ours["requests"] - miss_ratio) <= LHD_NOISE
    assert abs(ours["bytesMissed"] / ours["bytesRequested"] - byte_miss_ratio) <= LHD_NOISE
    # Not LRU's numbers by another name: fewer misses at every size (0.538 against 0.630 at 1 GiB).
    lru = run_cli("sim", "--policy", "lru", "--size", size, "--trace", str(TRACE), "--object", "--json")
    assert ours["misses"] < lru["misses"]


#: AdaptSize rolls its admissions with the run's seeded generator, the peer with its own: over
#: eight seeds LRU behind ours varies by a standard deviation of 0.0007 to 0.0018 on this trace,
#: and the peer's ratios lie within 2 of them of our mean (tests/sizes.rs); 0.006 is about 3 σ.
ADAPTSIZE_NOISE = 0.006


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_adaptsize_in_front_of_lru_admits_what_the_peers_admits_within_noise(peer, run_cli, size):
    ours = run_cli(
        "sim", "--policy", "lru", "--adaptsize", "--size", size, "--trace", str(TRACE), "--object", "--json"
    )
    reader = peer.TraceReader(trace=str(TRACE), trace_type=peer.TraceType.ORACLE_GENERAL_TRACE)
    cache = peer.LRU(cache_size=SIZES[size], admissioner=peer.AdaptSizeAdmissioner())
    miss_ratio, byte_miss_ratio = cache.process_trace(reader)
    assert abs(ours["misses"] / ours["requests"] - miss_ratio) <= ADAPTSIZE_NOISE
    assert abs(ours["bytesMissed"] / ours["bytesRequested"] - byte_miss_ratio) <= ADAPTSIZE_NOISE
    # The filter changes the numbers: at 128 MiB LRU alone misses 0.820 of the requests, 0.731 behind it.
    plain = run_cli("sim", "--policy", "lru", "--size", size, "--trace", str(TRACE), "--object", "--json")
    assert ours["misses"] != plain["misses"]


def test_lru_byte_curve_in_one_pass_is_the_peers_lru_at_every_size(peer, run_cli):
    # One pass of stack distances weighted by bytes: the CLI and Python give, at every size,
    # exactly the requests and bytes the peer's LRU misses (each object is far below 128 MiB).
    ours = run_cli("stackdist", "--trace", str(TRACE), "--object", "--sizes", ",".join(SIZES), "--json")["bytes"]
    import tiersim

    py = tiersim.byte_mrc(str(TRACE), sizes=list(SIZES))
    assert [p["bytes"] for p in ours["points"]] == list(SIZES.values()) == list(py["sizes"])
    for i, (point, size) in enumerate(zip(ours["points"], SIZES.values())):
        reader = peer.TraceReader(trace=str(TRACE), trace_type=peer.TraceType.ORACLE_GENERAL_TRACE)
        miss_ratio, byte_miss_ratio = peer.LRU(cache_size=size).process_trace(reader)
        assert point["exact"] and py["exact"][i]
        assert ours["references"] - point["hits"] == round(miss_ratio * ours["references"])
        assert ours["bytesRequested"] - point["bytesHit"] == round(byte_miss_ratio * ours["bytesRequested"])
        assert (py["hits"][i], py["bytes_hit"][i]) == (point["hits"], point["bytesHit"])


@pytest.fixture(scope="module")
def peer_csvs(peer, tmp_path_factory):
    """The trace as libCacheSim's own cloudPhysicsIO.csv lays it out (``version,time,op,size,lbn``:
    seconds, bytes, the object id), with numeric ids and with text ids (``key-<id>``)."""
    import struct

    data = TRACE.read_bytes()
    rows = [struct.unpack_from("<IQIq", data, i) for i in range(0, len(data), 24)]
    out = {}
    for kind, key in [("number", "{}"), ("text", "key-{}")]:
        path = tmp_path_factory.mktemp("csv") / f"cloudPhysicsIO-{kind}.csv"
        body = "".join(f"1,{t},r,{s},{key.format(o)}\n" for t, o, s, _ in rows)
        path.write_text("version,time,op,size,lbn\n" + body)
        out[kind] = path
    return out


@pytest.mark.parametrize("ids", ["number", "text"], ids=str)
@pytest.mark.parametrize("policy", ["lru", "s3-fifo", "gdsf"], ids=str)
def test_a_csv_read_through_a_column_map_misses_what_the_peer_misses(peer, peer_csvs, run_cli, policy, ids):
    """The peer's own CSV parameters name the map; text ids are hashed (by another hash than the
    peer's: the same objects, so the same misses, unless two ids collide — none do here)."""
    path = peer_csvs[ids]
    numeric = ids == "number"
    spec = f"time-col=2,obj-id-col=5,obj-size-col=4,delimiter=,,has-header=true,obj-id-is-num={int(numeric)}"
    params = peer.ReaderInitParam()
    params.time_field, params.obj_id_field, params.obj_size_field = 2, 5, 4
    params.has_header, params.delimiter, params.obj_id_is_num = True, ",", numeric
    for size in ("128MiB", "1GiB"):
        ours = run_cli("sim", "--policy", policy, "--size", size, "--trace", str(path), "--object", "--json",
                       "--columns", spec)
        reader = peer.TraceReader(trace=str(path), trace_type=peer.TraceType.CSV_TRACE, reader_init_params=params)
        miss_ratio, byte_miss_ratio = getattr(peer, POLICIES[policy])(cache_size=SIZES[size]).process_trace(reader)
        assert (ours["requests"], ours["bytesRequested"]) == (113_872, 4_368_040_448)
        assert ours["misses"] == round(miss_ratio * ours["requests"]), size
        assert ours["bytesMissed"] == round(byte_miss_ratio * ours["bytesRequested"]), size
    # The Python package reads it through the same map.
    import tiersim

    t = tiersim.load_trace(str(path), object_mode=True, columns=spec)
    assert tiersim.sim(policy, "1GiB", t)["misses"] == ours["misses"]
