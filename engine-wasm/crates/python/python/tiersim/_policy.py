"""A replacement policy of your own, which the engine calls as it calls its built-in ones.

Subclass :class:`Policy` and give :func:`tiersim.sim` an instance in place of a policy's name::

    class LRU(tiersim.Policy):
        def __init__(self):
            self.order = {}                     # insertion-ordered: least recent first

        def hit(self, id):
            self.order[id] = self.order.pop(id)  # to the most recent end

        def miss(self, id):
            self.order[id] = None                # in, as the most recent

        def victim(self):
            id = next(iter(self.order))          # the least recent
            del self.order[id]
            return id

    tiersim.sim(LRU(), 1000, "trace.oracleGeneral")

``examples/policies.py`` has this LRU and a CLOCK.
"""

from __future__ import annotations


class Policy:
    """What a cache of ``size`` objects asks its policy, reference by reference.

    The engine keeps which objects are cached; the policy keeps its own order of them and
    decides. Ids are the trace's own (its object ids, or block numbers). On a
    reference to ``id``:

    - cached: :meth:`hit`;
    - not cached: :meth:`admit` says whether it goes in at all (``False``: it bypasses the
      cache, nothing changes); if it does and the cache is full, :meth:`victim` names a cached
      object to evict (and forgets it); then :meth:`miss` — ``id`` is in: record it.

    :meth:`remove` says the engine dropped a cached object itself (not an eviction). Eviction
    comes before the new object, as in libCacheSim's plugin cache.

    Each answer is checked: a victim that is not cached, an answer of the wrong type, or an
    exception stops the run with a ``ValueError`` naming the reference (counted from 1) and the
    reason, the exception as its cause. Ctrl-C stops it with ``KeyboardInterrupt``.
    """

    def hit(self, id: int) -> None:
        """A cached object, ``id``, was referenced."""

    def admit(self, id: int) -> bool:
        """``id`` missed: should it go in? (Default: always.)"""
        return True

    def victim(self) -> int:
        """The cache is full and an admitted object waits: the id of a cached object to evict
        (the policy forgets it)."""
        raise NotImplementedError(f"{type(self).__name__} must say which object to evict: define victim()")

    def miss(self, id: int) -> None:
        """``id`` missed and is now cached: record it."""
        raise NotImplementedError(f"{type(self).__name__} must record what goes in: define miss()")

    def remove(self, id: int) -> None:
        """The engine dropped the cached object ``id`` (not an eviction): forget it."""
