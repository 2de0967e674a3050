"""Bad input becomes a Python exception naming the field or the file; nothing crashes the
interpreter; long native calls let other Python threads run (the GIL is released)."""

from __future__ import annotations

import threading

import pytest

import tiersim
from conftest import TRACES

TRACE = TRACES / "zipf-3072.csv.gz"


def test_unknown_policies_name_the_field():
    with pytest.raises(ValueError, match=r"^policy: unknown variant `belady`"):
        tiersim.sim("belady", 10, TRACE)
    with pytest.raises(ValueError, match=r"^policies\[1\]: unknown variant `belady`"):
        tiersim.sweep(TRACE, policies=["lru", "belady"], sizes=[10])
    with pytest.raises(ValueError, match=r"^policy: smallShare must be above 0"):
        tiersim.sim("s3-fifo", 10, TRACE, small_share=7)
    with pytest.raises(ValueError, match=r"^policy: expected a policy name"):
        tiersim.sim(3, 10, TRACE)


def test_missing_files_are_file_not_found_errors_naming_the_file(tmp_path):
    missing = str(tmp_path / "nope.csv")
    for call in (
        lambda: tiersim.sim("lru", 10, missing),
        lambda: tiersim.stackdist(missing),
        lambda: tiersim.load_trace(missing),
        lambda: tiersim.sweep(missing, policies=["lru"], sizes=[10]),
        lambda: tiersim.sweep([TRACE, missing], policies=["lru"], sizes=[10]),
        lambda: tiersim.run(missing),
    ):
        with pytest.raises(FileNotFoundError) as e:
            call()
        assert e.value.filename == missing and missing in str(e.value)


def test_bad_scenarios_name_the_field():
    bad = tiersim.default_scenario()
    bad["topology"]["disk"]["serviceMs"] = -3
    with pytest.raises(ValueError, match=r"^scenario: scenario\.topology\.disk\.serviceMs: must be between"):
        tiersim.run(bad)
    with pytest.raises(ValueError, match=r"^scenario: .*serviceMs"):
        tiersim.sweep(scenario=bad, policies=["lru"], sizes=[10])
    unknown = tiersim.default_scenario()
    unknown["topology"]["client"]["policy"] = {"kind": "belady"}
    with pytest.raises(ValueError, match="belady"):
        tiersim.run(unknown)
    with pytest.raises(ValueError, match=r"^scenario: "):
        tiersim.run("{not json")
    with pytest.raises(ValueError, match=r"^scenario: expected a dict"):
        tiersim.run(42)
    replaying = tiersim.default_scenario()
    replaying["source"] = {"kind": "trace", "name": "t.csv"}
    with pytest.raises(ValueError, match=r"replays the trace \"t.csv\": pass the file as trace="):
        tiersim.run(replaying)
    with pytest.raises(ValueError, match=r"source is a workload, not a trace"):
        tiersim.run(tiersim.default_scenario(), trace=TRACE)


def test_bad_options_and_files_name_the_field_or_the_place(tmp_path):
    with pytest.raises(ValueError, match=r'^size: "0": a cache holds from 1 to'):
        tiersim.sim("lru", 0, TRACE)
    with pytest.raises(ValueError, match=r"^size: must be a positive"):
        tiersim.sim("lru", -5, TRACE)
    with pytest.raises(ValueError, match=r'^size: "big" is not a size: a number of blocks, or of bytes'):
        tiersim.sim("lru", "big", TRACE)
    with pytest.raises(ValueError, match=r"^size: expected a whole number of blocks"):
        tiersim.sim("lru", 2.5, TRACE)
    with pytest.raises(ValueError, match=r"^sizes\[1\]: expected a whole number"):
        tiersim.sweep(TRACE, policies=["lru"], sizes=[10, 2.5])
    with pytest.raises(ValueError, match=r"^sizes: name the cache sizes"):
        tiersim.sweep(TRACE, policies=["lru"])
    with pytest.raises(ValueError, match=r"^format: unknown trace format \"parquet\""):
        tiersim.sim("lru", 10, TRACE, format="parquet")
    with pytest.raises(ValueError, match=r"^multi_block: expected"):
        tiersim.sim("lru", 10, TRACE, multi_block="sideways")
    with pytest.raises(ValueError, match=r"^sample: sample rate must be"):
        tiersim.stackdist(TRACE, sample=2.0)
    with pytest.raises(ValueError, match=r"^max_blocks: the sample must hold"):
        tiersim.stackdist(TRACE, max_blocks=0)
    with pytest.raises(ValueError, match=r"^block_size: block size must be a power of two"):
        tiersim.load_trace(TRACE, block_size=1000)
    with pytest.raises(ValueError, match=r"^trace: give a trace"):
        tiersim.sweep(policies=["lru"], sizes=[10])
    bad = tmp_path / "t.txt"
    bad.write_text("1\n2\nx3\n")
    with pytest.raises(ValueError, match=rf"^{bad}: line 3: expected a block number, got \"x3\""):
        tiersim.sim("lru", 10, bad, format="lines")
    assert tiersim.load_trace(bad, "lines", skip_bad=True).skipped == 1
    with pytest.raises(ValueError, match=r"index.json: not a trace — looks like text but no line parses as any text format \(line 1: .*name its format with format="):
        tiersim.load_trace(TRACES / "index.json")
    # Still alive, and still simulating.
    assert tiersim.sim("lru", 10, TRACE)["requests"] > 0


def test_long_calls_release_the_gil(tmp_path):
    # A trace long enough that one simulation takes a good fraction of a second.
    big = tmp_path / "big.txt"
    big.write_text("\n".join(str((i * 7919) % 200_000) for i in range(2_000_000)))
    trace = tiersim.load_trace(big, "lines")
    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1

    counter = threading.Thread(target=count)
    counter.start()
    try:
        before = ticks
        tiersim.sim("arc", 50_000, trace)
        during = ticks - before
    finally:
        done.set()
        counter.join()
    # Holding the GIL, the simulation would let the counter run at most one switch interval.
    assert during > 10_000, during
