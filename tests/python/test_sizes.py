"""Objects of any size from Python (issue 35): `sim` and `sweep` take byte sizes as
`tiersim sim --size` reads them ("350B", "1GiB"), report byte counts, and refuse what they
cannot do with the field named."""

from __future__ import annotations

import struct

import pytest

import tiersim


@pytest.fixture
def sized_trace(tmp_path):
    """Four requests in oracleGeneral: object 1 of 100 bytes, again as 300, 2 of 100, 1 as 300."""
    path = tmp_path / "four.oracleGeneral.bin"
    records = [(1, 1, 100), (2, 1, 300), (3, 2, 100), (4, 1, 300)]
    path.write_bytes(b"".join(struct.pack("<IQIq", t, obj, size, -1) for t, obj, size in records))
    return str(path)


def test_sim_in_bytes_counts_the_bytes_each_request_carries(sized_trace):
    # The hand-worked example the engine's tests and the peer agree on: in 350 bytes, miss,
    # hit (the copy keeps its 100 bytes), miss, hit; 200 of the 800 bytes requested missed.
    r = tiersim.sim("lru", "350B", sized_trace, object_mode=True)
    assert (r["misses"], r["hits"], r["size_bytes"]) == (2, 2, 350)
    assert (r["bytes_requested"], r["bytes_missed"], r["byte_miss_ratio"]) == (800, 200, 0.25)
    # A whole number stays a count of objects; the sized trace still reports its bytes.
    r = tiersim.sim("lru", 1, sized_trace, object_mode=True)
    assert (r["misses"], r.get("size_bytes"), r["bytes_missed"]) == (3, None, 500)
    # Objects of 100 bytes or more never enter behind the filter.
    r = tiersim.sim("arc", "1KiB", sized_trace, object_mode=True, admit_below="100B")
    assert (r["misses"], r["bytes_missed"]) == (4, 800)


def test_bad_sizes_name_the_field(sized_trace):
    with pytest.raises(ValueError, match="size: .*not a size"):
        tiersim.sim("lru", "lots", sized_trace, object_mode=True)
    with pytest.raises(ValueError, match="admit_below: a size threshold is bytes"):
        tiersim.sim("lru", "1KiB", sized_trace, object_mode=True, admit_below="5")
    with pytest.raises(ValueError, match="does not take a capacity in bytes"):
        tiersim.sim("lirs", "1KiB", sized_trace, object_mode=True)


def test_sweep_takes_byte_sizes_and_fills_the_byte_columns(sized_trace):
    df = tiersim.sweep(sized_trace, policies=["lru", "fifo"], sizes=["350B", 1], object_mode=True)
    assert list(df["size"]) == ["350B", 1, "350B", 1]
    lru = df[df["policy"] == "lru"].set_index(df[df["policy"] == "lru"]["size"].astype(str))
    assert (lru.loc["350B", "misses"], lru.loc["350B", "bytes"], lru.loc["350B", "bytes_missed"]) == (2, 800, 200)
    assert (lru.loc["1", "misses"], lru.loc["1", "bytes_missed"]) == (3, 500)
    with pytest.raises(ValueError, match=r"sizes\[0\]: .*not a size"):
        tiersim.sweep(sized_trace, policies=["lru"], sizes=["big"], object_mode=True)
    with pytest.raises(ValueError, match="sizes in bytes"):
        tiersim.sweep(sized_trace, policies=["lru"], sizes=["1KiB"], object_mode=True, method="mini")


def test_byte_mrc_counts_each_point_as_a_byte_lru_of_that_size(tmp_path):
    # 3,000 requests over 300 objects of 1 to 9,000 bytes, skewed; no size changes.
    import random

    rng = random.Random(35)
    sizes = [rng.randrange(1, 9_001) for _ in range(300)]
    records = []
    for t in range(3_000):
        obj = rng.randrange(30) if rng.random() < 0.5 else rng.randrange(300)
        records.append((t, obj, sizes[obj]))
    path = tmp_path / "skewed.oracleGeneral.bin"
    path.write_bytes(b"".join(struct.pack("<IQIq", t, obj, size, -1) for t, obj, size in records))
    t = tiersim.load_trace(str(path), object_mode=True)
    asked = ["8KiB", "64KiB", "256KiB", 500_000, "1MiB"]
    curve = tiersim.byte_mrc(t, sizes=asked)
    assert list(curve["sizes"]) == [8192, 65536, 262144, 500_000, 1 << 20]
    assert curve["references"] == 3_000 and curve["size_changes"] == 0
    assert curve["bytes_requested"] == sum(s for _, _, s in records)
    assert list(curve["exact"]) == [False, True, True, True, True]  # the largest object is above 8 KiB
    for i, size in enumerate(asked):
        one = tiersim.sim("lru", size if isinstance(size, str) else f"{size}B", t)
        if curve["exact"][i]:
            assert (curve["hits"][i], curve["bytes_hit"][i]) == (one["hits"], one["bytes_requested"] - one["bytes_missed"])
            assert curve["miss_ratios"][i] == one["miss_ratio"]
            assert curve["byte_miss_ratios"][i] == pytest.approx(one["byte_miss_ratio"], abs=1e-15)
        else:
            assert curve["hits"][i] <= one["hits"]  # below the largest object: a bound
    # Without sizes, eight per doubling up to the first that holds everything.
    full = tiersim.byte_mrc(t)
    assert full["sizes"][-1] >= full["distinct_bytes"] > full["sizes"][-2]
    assert full["miss_ratios"][-1] == full["cold"] / full["references"]
    # Sampled at rate 1, the same curve.
    same = tiersim.byte_mrc(t, sizes=asked, sample=1.0)
    assert list(same["miss_ratios"]) == list(curve["miss_ratios"])


def test_byte_mrc_refuses_what_it_cannot_count(sized_trace, tmp_path):
    with pytest.raises(ValueError, match=r"sizes\[1\]: \"12\": a capacity in bytes needs a unit"):
        tiersim.byte_mrc(sized_trace, sizes=["1KiB", "12"])
    with pytest.raises(ValueError, match=r"sizes\[0\]: must be a positive number"):
        tiersim.byte_mrc(sized_trace, sizes=[-5])
    with pytest.raises(ValueError, match="sample: sample rate must be"):
        tiersim.byte_mrc(sized_trace, sample=0.0)
    lines = tmp_path / "blocks.txt"
    lines.write_text("1\n2\n1\n")
    with pytest.raises(ValueError, match="carries no sizes as read"):
        tiersim.byte_mrc(str(lines))
    # A size change is counted, and then no point claims to be exact.
    curve = tiersim.byte_mrc(sized_trace, sizes=["350B"])
    assert curve["size_changes"] == 1 and list(curve["exact"]) == [False]
