"""Policies of your own (issue 38): a `tiersim.Policy` subclass runs in `sim` as a built-in does.
The worked LRU and CLOCK of `examples/policies.py` miss exactly as the engine's own; a
hand-worked walk checks the order of the calls; every wrong answer stops the run naming the
reference and the reason."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

import pytest

import tiersim

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "traces" / "cloudPhysicsIO.oracleGeneral.bin"


def _examples():
    spec = importlib.util.spec_from_file_location("policies", ROOT / "examples" / "policies.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _oracle(path, ids):
    """Requests for `ids` in order, as an oracleGeneral file (every object 4 KiB)."""
    path.write_bytes(b"".join(struct.pack("<IQIq", t, i, 4096, -1) for t, i in enumerate(ids)))
    return tiersim.load_trace(str(path))


@pytest.mark.parametrize("trace", ["zipf-3072.csv.gz", "mix-20000.oracleGeneral.gz", "shared"])
def test_the_worked_lru_and_clock_miss_as_the_built_in_ones(trace):
    if trace == "shared":
        if not SHARED.exists():
            pytest.skip(f"{SHARED} is absent: the shared traces are not beside this checkout")
        path = SHARED
    else:
        path = ROOT / "public" / "traces" / trace
    t = tiersim.load_trace(str(path))
    examples = _examples()
    for size in (10, 200, 3000):
        for mine, builtin in ((examples.LRU(), "lru"), (examples.Clock(), "clock")):
            ours = tiersim.sim(mine, size, t)
            theirs = tiersim.sim(builtin, size, t)
            assert ours["policy"] == type(mine).__name__
            for field in ("requests", "hits", "misses", "block_hits", "read_hits"):
                assert ours[field] == theirs[field], (trace, size, builtin, field)


def test_a_hand_worked_walk_calls_in_order(tmp_path):
    calls = []

    class Fifo(tiersim.Policy):
        """FIFO that lets object 9 bypass the cache, logging what it is asked."""

        def __init__(self):
            self.queue = []

        def hit(self, id):
            calls.append(f"hit {id}")

        def admit(self, id):
            calls.append(f"admit {id}")
            return id != 9

        def victim(self):
            calls.append("victim")
            return self.queue.pop(0)

        def miss(self, id):
            calls.append(f"miss {id}")
            self.queue.append(id)

    # The policy sees the trace's own ids.
    t = _oracle(tmp_path / "walk.bin", [5, 9, 5, 7, 8])
    result = tiersim.sim(Fifo(), 2, t)
    assert calls == [
        "admit 5", "miss 5",  # [5]
        "admit 9",  # 9 bypasses: [5]
        "hit 5",
        "admit 7", "miss 7",  # [5, 7]
        "admit 8", "victim", "miss 8",  # full: 5 goes first, then [7, 8]
    ]  # fmt: skip
    assert (result["hits"], result["misses"]) == (1, 4)


class _Lru(tiersim.Policy):
    def __init__(self):
        self.order = {}

    def hit(self, id):
        self.order[id] = self.order.pop(id)

    def miss(self, id):
        self.order[id] = None

    def victim(self):
        id = next(iter(self.order))
        del self.order[id]
        return id


def test_wrong_answers_stop_the_run_at_their_reference(tmp_path):
    t = _oracle(tmp_path / "t.bin", [1, 2, 3, 1, 4, 5])

    class Stranger(_Lru):
        def victim(self):
            return 77

    with pytest.raises(
        ValueError, match=r"^your policy: reference 3: victim\(\) failed: object 77 is not in the cache \(it holds 2 objects\)$"
    ):
        tiersim.sim(Stranger(), 2, t)

    class Negative(_Lru):
        def victim(self):
            return -1

    with pytest.raises(ValueError, match=r"reference 3: victim\(\) failed: returned -1, which is no object's id"):
        tiersim.sim(Negative(), 2, t)

    class Maybe(_Lru):
        def admit(self, id):
            return "yes"

    with pytest.raises(ValueError, match=r"reference 1: admit\(\) failed: returned a str for object 1, not True or False"):
        tiersim.sim(Maybe(), 2, t)

    class Raises(_Lru):
        def hit(self, id):
            raise KeyError(id)

    with pytest.raises(ValueError, match=r"reference 4: hit\(\) failed: KeyError: 1 \(File \".*test_user_policy.py\", line \d+, in hit\)") as caught:
        tiersim.sim(Raises(), 3, t)
    assert isinstance(caught.value.__cause__, KeyError)

    class Vague(_Lru):
        def victim(self):
            return "the old one"

    with pytest.raises(ValueError, match=r"reference 3: victim\(\) failed: returned a str, not the id of a cached object"):
        tiersim.sim(Vague(), 2, t)

    class NoVictim(tiersim.Policy):
        def miss(self, id):
            pass

    with pytest.raises(ValueError, match=r"reference 3: victim\(\) failed: NotImplementedError: NoVictim must say which object to evict"):
        tiersim.sim(NoVictim(), 2, t)

    class Interrupted(_Lru):
        def miss(self, id):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tiersim.sim(Interrupted(), 2, t)

    with pytest.raises(ValueError, match="size: a policy of your own holds a number of objects, not bytes"):
        tiersim.sim(_Lru(), "1MiB", t)
    with pytest.raises(ValueError, match="size: must be from 1"):
        tiersim.sim(_Lru(), 0, t)
