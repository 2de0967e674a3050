"""Two replacement policies of your own, in Python, run by tiersim's engine.

    python examples/policies.py TRACE [SIZE]

prints LRU and CLOCK as written here beside the engine's built-in LRU and CLOCK over TRACE (any
format tiersim reads) with a cache of SIZE objects (default 1000). LRU written here misses
exactly as the built-in one does; CLOCK too.
"""

from __future__ import annotations

import collections
import sys
import time

import tiersim


class LRU(tiersim.Policy):
    """Least recently used: a dict keeps insertion order, the least recent first."""

    def __init__(self):
        self.order = {}

    def hit(self, id):
        self.order[id] = self.order.pop(id)  # to the most recent end

    def miss(self, id):
        self.order[id] = None  # in, as the most recent

    def victim(self):
        id = next(iter(self.order))  # the least recent
        del self.order[id]
        return id

    def remove(self, id):
        del self.order[id]


class Clock(tiersim.Policy):
    """CLOCK (Corbató 1968): objects in a ring with reference bits; the hand passes objects
    whose bit is set (clearing it) and evicts the first whose bit is clear. A new object goes in
    just behind the hand, its bit clear. The ring is a deque whose left end is the hand."""

    def __init__(self):
        self.ring = collections.deque()
        self.bit = {}

    def hit(self, id):
        self.bit[id] = True

    def miss(self, id):
        self.ring.append(id)  # behind the hand
        self.bit[id] = False

    def victim(self):
        while self.bit[self.ring[0]]:  # a second chance: clear the bit, pass it
            self.bit[self.ring[0]] = False
            self.ring.rotate(-1)
        id = self.ring.popleft()
        del self.bit[id]
        return id

    def remove(self, id):
        self.ring.remove(id)
        del self.bit[id]


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    trace = tiersim.load_trace(sys.argv[1])
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    for mine, builtin in [(LRU(), "lru"), (Clock(), "clock")]:
        start = time.perf_counter()
        ours = tiersim.sim(mine, size, trace)
        secs = time.perf_counter() - start
        theirs = tiersim.sim(builtin, size, trace)
        print(
            f"{ours['policy']:>6}: {ours['misses']:,} misses of {ours['requests']:,} "
            f"({ours['requests'] / secs / 1e6:.2f} M requests/s); built-in {builtin}: {theirs['misses']:,}"
        )


if __name__ == "__main__":
    main()
