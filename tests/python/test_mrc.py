"""Miss-ratio curves by miniature simulation from Python (issue 22): tiersim.mrc gives the CLI's
curve, and sweep(method="mini") gives the exact sweep's table shape, its numbers when the trace
is too small to sample, and close ones when it is sampled."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import tiersim
from conftest import TRACES

MIX = TRACES / "mix-20000.oracleGeneral.gz"  # 20,000 blocks, one per request, reads only
ZIPF = TRACES / "zipf-3072.csv.gz"
OLTP = TRACES / "oltp-hints.csv.gz"  # reads and hinted writes
SIZES = [200, 1000, 4000, 12000]


@pytest.mark.parametrize("policy", ["lru", "arc", "s3-fifo", "tq"])
def test_mrc_equals_the_cli_when_it_samples(policy, run_cli):
    # min_blocks=0: the trace's 20,000 blocks sampled at 0.2, not raised to the minimum sample.
    ours = tiersim.mrc(policy, SIZES, MIX, sample=0.2, min_blocks=0, seed=3)
    theirs = run_cli(
        "mrc", "--trace", str(MIX), "--policies", policy, "--sizes", ",".join(map(str, SIZES)),
        "--sample", "0.2", "--min-blocks", "0", "--seed", "3", "--json",
    )["curves"][0]["mini"]
    assert ours["method"] == theirs["method"] == "mini" and ours["rate"] == theirs["rate"] == 0.2
    assert list(ours["sizes"]) == SIZES
    np.testing.assert_array_equal(ours["miss_ratios"], [p["missRatio"] for p in theirs["points"]])
    assert [p["sampled_references"] for p in ours["points"]] == [p["sampledReferences"] for p in theirs["points"]]
    # And it is close to the exact curve, which it can also compute.
    exact = tiersim.mrc(policy, SIZES, MIX, exact=True)
    assert exact["method"] == "exact"
    for size, m in zip(SIZES, exact["miss_ratios"]):
        assert m == tiersim.sim(policy, size, MIX)["block_miss_ratio"]
    assert np.abs(ours["miss_ratios"] - exact["miss_ratios"]).mean() < 0.02
    # The floor (issue 36): first references over all, as the trace's analysis counts them, and
    # no point of the exact curve below it.
    floor = tiersim.analyze(MIX)["compulsory_miss_ratio"]
    assert ours["compulsory_miss_ratio"] == theirs["compulsoryMissRatio"] == exact["compulsory_miss_ratio"] == floor
    assert (exact["miss_ratios"] >= floor).all()


def test_one_seed_one_curve_another_seed_another_sample():
    trace = tiersim.load_trace(MIX)
    a = tiersim.mrc("arc", SIZES, trace, sample=0.1, min_blocks=0, seed=1)
    b = tiersim.mrc("arc", SIZES, trace, sample=0.1, min_blocks=0, seed=1)
    c = tiersim.mrc("arc", SIZES, trace, sample=0.1, min_blocks=0, seed=2)
    np.testing.assert_array_equal(a["miss_ratios"], b["miss_ratios"])
    assert [p["sampled_references"] for p in a["points"]] != [p["sampled_references"] for p in c["points"]]


def test_a_mini_sweep_has_the_exact_sweeps_columns_and_on_small_traces_its_numbers():
    paths = [str(ZIPF), str(MIX)]
    policies = ["lru", "arc", {"kind": "s3-fifo", "smallShare": 0.2}, "sieve"]
    exact = tiersim.sweep(paths, policies=policies, sizes=SIZES, threads=2)
    mini = tiersim.sweep(paths, policies=policies, sizes=SIZES, threads=2, method="mini")
    assert list(mini.columns) == list(exact.columns)
    key = ["trace", "policy", "policy_config", "size"]
    pd.testing.assert_frame_equal(mini[key], exact[key])
    # Both traces hold fewer blocks than the minimum sample: every size runs in full, so the
    # "estimates" are the exact numbers (one block per request: request columns too).
    counts = ["requests", "reads", "writes", "hits", "misses", "block_refs", "block_hits", "block_misses"]
    for column in [*counts, "distinct_blocks", "compulsory_block_miss_ratio", "bytes", "bytes_missed"]:
        assert (mini[column] == exact[column]).all(), column
    # The floor: the trace's first block references over all, under every point.
    assert (exact["compulsory_block_miss_ratio"] == exact["distinct_blocks"] / exact["block_refs"]).all()
    assert (exact["block_miss_ratio"] >= exact["compulsory_block_miss_ratio"]).all()
    np.testing.assert_allclose(mini["block_miss_ratio"], exact["block_miss_ratio"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(mini["miss_ratio"], exact["miss_ratio"], rtol=0, atol=1e-12)
    # The thread count does not change it.
    pd.testing.assert_frame_equal(mini, tiersim.sweep(paths, policies=policies, sizes=SIZES, threads=1, method="mini"))


def test_a_mini_sweep_of_a_trace_with_writes_leaves_read_hits_unknown():
    mini = tiersim.sweep(str(OLTP), policies=["lru"], sizes=[500, 5000], method="mini")
    exact = tiersim.sweep(str(OLTP), policies=["lru"], sizes=[500, 5000])
    assert (mini["writes"] > 0).all() and mini["read_hits"].isna().all()
    np.testing.assert_allclose(mini["block_miss_ratio"], exact["block_miss_ratio"], rtol=0, atol=1e-12)


def test_bad_mini_input_names_the_field():
    with pytest.raises(ValueError, match=r"^policy: min is offline"):
        tiersim.mrc("min", SIZES, MIX)
    with pytest.raises(ValueError, match=r"^sample: sample rate must be above 0"):
        tiersim.mrc("lru", SIZES, MIX, sample=0)
    with pytest.raises(ValueError, match=r"^min_cache: must be at least 1 block"):
        tiersim.mrc("lru", SIZES, MIX, min_cache=0)
    with pytest.raises(ValueError, match=r"^sizes\[1\]: must be from 1 to"):
        tiersim.mrc("lru", [10, 0], MIX)
    with pytest.raises(ValueError, match=r"^sizes: name the cache sizes"):
        tiersim.mrc("lru", [], MIX)
    with pytest.raises(ValueError, match=r"^method: expected \"exact\" or \"mini\""):
        tiersim.sweep(MIX, policies=["lru"], sizes=[10], method="fast")
    with pytest.raises(ValueError, match=r"^policies\[1\]: min is offline"):
        tiersim.sweep(MIX, policies=["lru", "min"], sizes=[10], method="mini")
    with pytest.raises(ValueError, match=r"^sample: only a method=\"mini\" sweep samples"):
        tiersim.sweep(MIX, policies=["lru"], sizes=[10], sample=0.1)
    with pytest.raises(ValueError, match=r"^method: \"mini\" sweeps traces"):
        tiersim.sweep(scenario=tiersim.default_scenario(), policies=["lru"], sizes=[10], method="mini")
