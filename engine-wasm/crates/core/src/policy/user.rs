//! A policy of the user's own: four callbacks, written in another language (Python today), that
//! the engine calls as it calls a built-in policy, checking each answer.
//!
//! The engine keeps what is resident; the callbacks keep their own order of it and decide. On a
//! reference to object `id`:
//! - resident: `hit(id)`;
//! - not: `admit(id)` says whether it goes in at all (a bypass changes nothing); if it does and
//!   the cache is full, `victim()` names a resident object to evict (and forgets it), until
//!   there is room; then `miss(id)`: it is in, the policy records it. Eviction before the new
//!   object, as libCacheSim's plugin cache calls its eviction hook before its miss hook.
//! - `remove(id)`: the engine dropped a resident object itself (not an eviction).
//!
//! Ids here are the engine's dense ids; a façade shows its user the trace's own (Python does).
//! Every answer is checked: a victim that is not resident, or a callback that fails, stops the
//! policy with the reference it happened at and the reason ([`UserPolicy::failure`]); from
//! then on nothing more is asked of it and every reference misses, so the run ends promptly
//! and its caller reports the failure instead of numbers.

use std::sync::{Arc, OnceLock};

use super::{End, Policy};
use crate::model::Block;

/// What a user's policy answers. An `Err` is the callback's own failure (an exception, a wrong
/// type), said as the user should read it.
pub trait UserCallbacks: Send {
    fn hit(&mut self, id: Block) -> Result<(), String>;
    /// Whether `id`, which missed, goes in.
    fn admit(&mut self, id: Block) -> Result<bool, String> {
        let _ = id;
        Ok(true)
    }
    /// A resident object to evict: the cache is full and an admitted object waits.
    fn victim(&mut self) -> Result<Block, String>;
    /// `id`, admitted, is in.
    fn miss(&mut self, id: Block) -> Result<(), String>;
    fn remove(&mut self, id: Block) -> Result<(), String>;
}

/// A policy whose decisions are `C`'s, at `capacity` objects.
pub struct UserPolicy<C> {
    callbacks: C,
    capacity: usize,
    /// Per dense id: resident or not.
    resident: Vec<bool>,
    len: usize,
    /// References so far (1 is the first): where a failure happened.
    reference: u64,
    /// Set once, at the first failure; shared with whoever runs the policy ([`Self::failure_handle`]).
    failure: Arc<OnceLock<String>>,
}

impl<C: UserCallbacks> UserPolicy<C> {
    pub fn new(callbacks: C, capacity: usize, universe: usize) -> Result<Self, String> {
        if capacity == 0 {
            return Err("a cache of your own policy holds at least 1 object".into());
        }
        Ok(Self {
            callbacks,
            capacity,
            resident: vec![false; universe],
            len: 0,
            reference: 0,
            failure: Arc::new(OnceLock::new()),
        })
    }

    /// Why the policy stopped, naming the reference; `None` while it answers well.
    pub fn failure(&self) -> Option<&str> {
        self.failure.get().map(String::as_str)
    }

    /// The failure as whoever runs the policy reads it once the policy is out of reach (boxed
    /// in a simulator).
    pub fn failure_handle(&self) -> Arc<OnceLock<String>> {
        Arc::clone(&self.failure)
    }

    fn failed(&self) -> bool {
        self.failure.get().is_some()
    }

    fn fail(&mut self, what: String) {
        let _ = self.failure.set(format!("reference {}: {what}", self.reference));
    }

    fn is_resident(&self, id: Block) -> bool {
        self.resident.get(id as usize).copied().unwrap_or(false)
    }

    fn set(&mut self, id: Block, on: bool) {
        let i = id as usize;
        if i >= self.resident.len() {
            self.resident.resize((i + 1).max(self.resident.len() * 2), false);
        }
        self.resident[i] = on;
    }

    /// Asks for victims until `room` more objects fit, each checked.
    fn make_room(&mut self, room: usize, evicted: &mut Vec<Block>) {
        while self.len + room > self.capacity && !self.failed() {
            match self.callbacks.victim() {
                Err(e) => self.fail(format!("victim() failed: {e}")),
                Ok(v) if !self.is_resident(v) => self.fail(format!(
                    "victim() named object {v}, which is not in the cache (it holds {} objects)",
                    self.len
                )),
                Ok(v) => {
                    self.set(v, false);
                    self.len -= 1;
                    evicted.push(v);
                }
            }
        }
    }
}

impl<C: UserCallbacks> Policy for UserPolicy<C> {
    fn name(&self) -> &'static str {
        "user"
    }

    fn capacity(&self) -> usize {
        self.capacity
    }

    fn len(&self) -> usize {
        self.len
    }

    fn contains(&self, block: Block) -> bool {
        self.is_resident(block)
    }

    fn on_hit(&mut self, block: Block) -> bool {
        self.reference += 1;
        // Once failed, every reference misses and nothing more is asked.
        if !self.is_resident(block) || self.failed() {
            return false;
        }
        if let Err(e) = self.callbacks.hit(block) {
            self.fail(format!("hit() failed: {e}"));
        }
        true
    }

    /// The user's policy places what it admits; the end is its business.
    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, _end: End, evicted: &mut Vec<Block>) {
        if self.failed() || self.is_resident(block) {
            return;
        }
        match self.callbacks.admit(block) {
            Err(e) => self.fail(format!("admit() failed: {e}")),
            Ok(false) => {}
            Ok(true) => {
                self.make_room(1, evicted);
                if self.failed() {
                    return;
                }
                self.set(block, true);
                self.len += 1;
                if let Err(e) = self.callbacks.miss(block) {
                    self.fail(format!("miss() failed: {e}"));
                }
            }
        }
    }

    /// Its order is the user's: a resident block stays where the policy keeps it.
    fn reposition(&mut self, block: Block, _end: End) -> bool {
        self.is_resident(block)
    }

    fn remove(&mut self, block: Block) -> bool {
        if !self.is_resident(block) {
            return false;
        }
        self.set(block, false);
        self.len -= 1;
        if !self.failed() {
            if let Err(e) = self.callbacks.remove(block) {
                self.fail(format!("remove() failed: {e}"));
            }
        }
        true
    }

    fn evict(&mut self) -> Option<Block> {
        if self.len == 0 || self.failed() {
            return None;
        }
        // The policy names its victim as when it makes room for one more in a full cache.
        let mut out = Vec::with_capacity(1);
        self.make_room(self.capacity + 1 - self.len, &mut out);
        out.pop()
    }

    /// The resident objects by id (the user's order is theirs to show).
    fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.resident.iter().enumerate().filter(|(_, &r)| r).map(|(i, _)| i as Block));
    }

    fn check_invariants(&self) -> Result<(), String> {
        let counted = self.resident.iter().filter(|&&r| r).count();
        if counted != self.len {
            return Err(format!("{counted} objects resident, {} counted", self.len));
        }
        if self.len > self.capacity && !self.failed() {
            return Err(format!("{} objects in a cache of {}", self.len, self.capacity));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// LRU as a user writes it: a queue, the least recent first.
    #[derive(Default)]
    struct UserLru {
        queue: VecDeque<Block>,
    }

    impl UserCallbacks for UserLru {
        fn hit(&mut self, id: Block) -> Result<(), String> {
            let at = self.queue.iter().position(|&b| b == id).ok_or("hit of an unknown id")?;
            self.queue.remove(at);
            self.queue.push_back(id);
            Ok(())
        }
        fn miss(&mut self, id: Block) -> Result<(), String> {
            self.queue.push_back(id);
            Ok(())
        }
        fn victim(&mut self) -> Result<Block, String> {
            self.queue.pop_front().ok_or_else(|| "empty".into())
        }
        fn remove(&mut self, id: Block) -> Result<(), String> {
            self.queue.retain(|&b| b != id);
            Ok(())
        }
    }

    #[test]
    fn a_user_lru_misses_as_the_built_in_lru_does() {
        let mut seed = 3u64;
        let refs: Vec<Block> = (0..20_000)
            .map(|_| {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let r = (seed >> 33) as u32;
                if r.is_multiple_of(4) {
                    r % 50
                } else {
                    r % 400
                }
            })
            .collect();
        for capacity in [1, 7, 64, 300] {
            let mut mine = UserPolicy::new(UserLru::default(), capacity, 0).unwrap();
            let mut lru = super::super::Lru::new(capacity, 400);
            let (mut e1, mut e2) = (Vec::new(), Vec::new());
            for (i, &b) in refs.iter().enumerate() {
                assert_eq!(mine.access(b, &mut e1), lru.access(b, &mut e2), "reference {i} at {capacity}");
                assert_eq!(e1, e2, "victims at reference {i}");
                mine.check_invariants().unwrap();
            }
            assert!(mine.failure().is_none());
        }
    }

    #[test]
    fn a_hand_worked_walk_with_a_bypass() {
        /// FIFO that never admits object 9.
        #[derive(Default)]
        struct NoNine(VecDeque<Block>);
        impl UserCallbacks for NoNine {
            fn hit(&mut self, _: Block) -> Result<(), String> {
                Ok(())
            }
            fn admit(&mut self, id: Block) -> Result<bool, String> {
                Ok(id != 9)
            }
            fn miss(&mut self, id: Block) -> Result<(), String> {
                self.0.push_back(id);
                Ok(())
            }
            fn victim(&mut self) -> Result<Block, String> {
                self.0.pop_front().ok_or_else(|| "empty".into())
            }
            fn remove(&mut self, _: Block) -> Result<(), String> {
                Ok(())
            }
        }
        let mut p = UserPolicy::new(NoNine::default(), 2, 0).unwrap();
        let mut ev = Vec::new();
        assert!(!p.access(1, &mut ev)); // [1]
        assert!(!p.access(9, &mut ev)); // [1]: 9 bypassed
        assert!(!p.access(9, &mut ev)); // [1]: again
        assert!(!p.access(2, &mut ev)); // [1, 2]
        assert!(p.access(1, &mut ev)); // a hit; FIFO keeps [1, 2]
        assert!(!p.access(3, &mut ev)); // [2, 3]: 1 evicted
        assert_eq!(ev, [1]);
        let mut c = Vec::new();
        p.contents(&mut c);
        assert_eq!(c, [2, 3]);
    }

    #[test]
    fn a_wrong_victim_or_a_failing_callback_stops_it_at_its_reference() {
        struct Liar;
        impl UserCallbacks for Liar {
            fn hit(&mut self, _: Block) -> Result<(), String> {
                Err("ValueError: no (policy.py, line 3)".into())
            }
            fn miss(&mut self, _: Block) -> Result<(), String> {
                Ok(())
            }
            fn victim(&mut self) -> Result<Block, String> {
                Ok(42)
            }
            fn remove(&mut self, _: Block) -> Result<(), String> {
                Ok(())
            }
        }
        let mut p = UserPolicy::new(Liar, 2, 0).unwrap();
        let mut ev = Vec::new();
        for b in [1, 2, 3, 4, 5] {
            p.access(b, &mut ev);
        }
        assert_eq!(
            p.failure(),
            Some("reference 3: victim() named object 42, which is not in the cache (it holds 2 objects)")
        );
        // Nothing more is asked: every later reference misses, and nothing is evicted.
        assert!(ev.is_empty());
        let mut p = UserPolicy::new(Liar, 2, 0).unwrap();
        p.access(1, &mut ev);
        p.access(1, &mut ev);
        assert_eq!(p.failure(), Some("reference 2: hit() failed: ValueError: no (policy.py, line 3)"));
        assert!(UserPolicy::new(Liar, 0, 0).is_err());
    }
}
