"""tiersim.sim, stackdist, run and sweep give the CLI's numbers (issue 20: "sim equals the CLI on
every policy on the bundled traces")."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tiersim
from conftest import BUNDLED, TRACES

#: Timings differ from run to run; everything else must be equal.
TIMINGS = {"requests_per_sec", "parse_ms"}


def snake(key: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in key)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_sim_equals_the_cli_on_every_policy(path, run_cli):
    trace = tiersim.load_trace(path)
    sizes = {max(trace.distinct_blocks // 10, 1), max(trace.distinct_blocks // 2, 1)}
    for policy, size in ((p, s) for p in tiersim.policy_kinds() for s in sorted(sizes)):
        ours = tiersim.sim(policy, size, trace)
        theirs = run_cli("sim", "--policy", policy, "--size", str(size), "--trace", str(path), "--json")
        theirs = {snake(k): v for k, v in theirs.items()}
        assert ours.keys() == theirs.keys()
        for key in ours.keys() - TIMINGS:
            assert ours[key] == theirs[key], f"{path.name} {policy}@{size} {key}: {ours[key]} != {theirs[key]}"


def test_sim_takes_paths_parameters_and_multi_block_as_the_cli(run_cli):
    path = TRACES / "tpch-q7.csv.gz"
    params = {"kind": "s3-fifo", "smallShare": 0.25}
    for multi in ("per-block", "atomic"):
        theirs = run_cli("sim", "--policy", json.dumps(params), "--size", "300", "--trace", str(path),
                         "--multi-block", multi, "--json")
        by_kwargs = tiersim.sim("s3-fifo", 300, str(path), multi_block=multi, small_share=0.25)
        by_dict = tiersim.sim(params, 300, path, multi_block=multi)
        assert by_kwargs["misses"] == by_dict["misses"] == theirs["misses"]
        assert by_kwargs["block_hits"] == theirs["blockHits"]


@pytest.mark.parametrize("path", BUNDLED[:3], ids=lambda p: p.name)
def test_stackdist_equals_the_cli_and_lru_at_every_size(path, run_cli):
    sd = tiersim.stackdist(path)
    depths, counts = sd
    theirs = run_cli("stackdist", "--trace", str(path), "--json")
    assert [[int(d), int(c)] for d, c in zip(depths, counts)] == theirs["depths"]
    assert (sd.references, sd.cold, sd.distinct) == (theirs["references"], theirs["cold"], theirs["distinct"])
    # LRU over the trace, block by block, misses what the stack distances say at every size.
    sizes, miss = tiersim.miss_ratio_curve(sd, [1, 7, 64, 500, int(sd.distinct)])
    for size, m in zip(sizes, miss):
        assert tiersim.sim("lru", int(size), path)["block_miss_ratio"] == pytest.approx(m, abs=1e-12)
    # The default curve is the CLI's: tenths of the distinct blocks.
    sizes, _ = tiersim.miss_ratio_curve(sd)
    assert list(sizes) == [max(theirs["distinct"] * i // 10, 1) for i in range(1, 11)]


def test_sampled_stackdist_equals_the_cli(run_cli):
    path = TRACES / "mix-20000.oracleGeneral.gz"
    sd = tiersim.stackdist(path, sample=0.1)
    theirs = run_cli("stackdist", "--trace", str(path), "--sample", "0.1", "--json")
    assert sd.rate == theirs["rate"] and sd.distinct == theirs["distinctEstimate"]
    sizes, miss = sd.miss_ratio_curve()
    assert [int(s) for s in sizes] == [c[0] for c in theirs["curve"]]
    np.testing.assert_allclose(1 - miss, [c[1] for c in theirs["curve"]], rtol=0, atol=1e-12)
    depths, counts = sd
    assert depths.dtype == np.uint64 and counts.dtype == np.float64 and len(depths) == len(theirs["depths"])


def test_run_equals_the_cli(run_cli, tmp_path):
    scenario = tiersim.default_scenario()
    scenario["source"]["workload"]["measuredRequests"] = 20000
    file = tmp_path / "s.json"
    file.write_text(json.dumps(scenario))
    assert tiersim.run(scenario) == run_cli("run", str(file), "--json")
    # A scenario replaying a trace, given the file as the CLI's --trace.
    scenario["source"] = {"kind": "trace", "name": "zipf-3072.csv.gz"}
    file.write_text(json.dumps(scenario))
    trace = TRACES / "zipf-3072.csv.gz"
    ours = tiersim.run(str(file), trace=trace)
    assert ours == run_cli("run", str(file), "--trace", str(trace), "--json")
    assert ours["counters"]["requests"] > 0


def test_scenario_sweep_equals_tiersim_sweep(run_cli, tmp_path):
    scenario = tiersim.default_scenario()
    scenario["source"]["workload"] = {"kind": "zipf", "blocks": 2000, "alpha": 0.8, "measuredRequests": 20000}
    file = tmp_path / "s.json"
    file.write_text(json.dumps(scenario))
    theirs = run_cli("sweep", str(file), "--policies", "lru,arc,min", "--sizes", "20,200,1000", "--json")
    df = tiersim.sweep(scenario=scenario, policies=["lru", "arc", "min"], sizes=[20, 200, 1000])
    assert list(df["size"].unique()) == theirs["sizes"]
    for curve in theirs["curves"]:
        rows = df[df["policy"] == curve["policy"]["kind"]]
        assert list(rows["miss_ratio"]) == curve["missRatio"]
        assert list(rows["block_miss_ratio"]) == curve["blockMissRatio"]
    # The floor: LRU holding all 2,000 blocks after the same warm-up, in both; below every point.
    assert (df["compulsory_miss_ratio"] == theirs["compulsoryMissRatio"]).all()
    assert (df["compulsory_block_miss_ratio"] == theirs["compulsoryBlockMissRatio"]).all()
    assert 0 < theirs["compulsoryMissRatio"] <= df["miss_ratio"].min()
