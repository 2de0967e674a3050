//! LIRS, Low Inter-reference Recency Set (Jiang & Zhang, "LIRS: An Efficient Low Inter-reference
//! Recency Set Replacement Policy to Improve Buffer Cache Performance", SIGMETRICS 2002).
//!
//! Blocks are LIR (low inter-reference recency: kept) or HIR (high; a small share of the cache,
//! [`DEFAULT_HIR_SHARE`] = 1 %, holds the resident ones). Stack S orders recently referenced
//! blocks — LIR, resident HIR and non-resident HIR — by recency, and is pruned so that its
//! bottom is always LIR. Queue Q holds the resident HIR blocks; its front is the next victim.
//! - Hit on LIR: to S's top (prune if it was the bottom).
//! - Hit on resident HIR in S: it becomes LIR (top of S, out of Q); S's bottom LIR becomes HIR
//!   at Q's end; prune. Not in S: to S's top, and to Q's end, still HIR.
//! - Miss: Q's front is evicted (it stays in S as non-resident if it was there). The new block
//!   becomes LIR if S remembers it (S's bottom LIR then drops to Q as above), else resident HIR
//!   on S's top and at Q's end. While fewer than Llirs blocks are LIR (warm-up), new blocks are LIR.
//! - Our addition: while fewer than Llirs blocks are LIR (warm-up, or after removals and
//!   repositionings took LIR blocks away), a hit on a resident HIR block makes it LIR too, with
//!   no demotion. This keeps S's bottom LIR whenever S is non-empty.
//!
//! Open points and our choices:
//! - The paper leaves S unbounded. We keep at most [`NONRESIDENT_LIMIT`] × capacity
//!   non-resident entries; past that the one that became non-resident longest ago leaves S.
//! - Lhirs = round(c × hirShare) clamped to 1 … c − 1, so both sets exist; with c = 1 the
//!   single block is LIR (Lhirs = 0) and each miss demotes it to Q and evicts it, as below.
//! - Should Q be empty when room is needed (all residents LIR, e.g. after removals), S's bottom
//!   LIR is demoted to Q first.
//! - "Eject me next" insertion makes the block resident HIR at Q's front, outside S;
//!   repositioning to "eject me next" does the same to a resident block (a LIR one stops being
//!   LIR); repositioning to "eject me last" counts as a reference.
//! - `remove` forgets the block entirely. `contents` lists Q front to back, then LIR blocks from
//!   S's bottom up — the order they would be evicted if nothing else happened.
//! - Memory: one index slot per id and a 24-byte node (links for S and for Q-or-non-resident)
//!   per block in S or Q: about 88 bytes per cached block with a full non-resident bound.

use super::{End, Policy, Queue, StackEntry, StackStatus, TeachingViews};
use crate::model::Block;
use crate::util::slab::NIL;

/// Share of the cache for resident HIR blocks (the paper's 1 %).
pub const DEFAULT_HIR_SHARE: f64 = 0.01;
/// Non-resident HIR entries kept in S, per cached block.
pub const NONRESIDENT_LIMIT: usize = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Lir,
    HirResident,
    HirNonResident,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    id: u32,
    /// Links in S (towards the bottom / the top).
    s_down: u32,
    s_up: u32,
    /// Links in Q (resident HIR) or in the non-resident FIFO.
    q_prev: u32,
    q_next: u32,
    status: Status,
    in_s: bool,
}

#[derive(Clone, Copy, Debug, Default)]
struct Ends {
    first: u32,
    last: u32,
    len: usize,
}

const EMPTY: Ends = Ends { first: NIL, last: NIL, len: 0 };

#[derive(Clone, Debug)]
pub struct Lirs {
    c: usize,
    llirs: usize,
    nr_limit: usize,
    slot_of: Vec<u32>,
    nodes: Vec<Node>,
    free: u32,
    /// S: `first` = bottom, `last` = top.
    s: Ends,
    /// Q: `first` = next victim.
    q: Ends,
    /// Non-resident HIR blocks in S, oldest first.
    nr: Ends,
    lir: usize,
}

pub fn check_hir_share(share: f64) -> Result<(), String> {
    if share.is_finite() && share > 0.0 && share < 1.0 {
        Ok(())
    } else {
        Err(format!("hirShare must be above 0 and below 1 (got {share})"))
    }
}

impl Lirs {
    pub fn new(capacity: usize, universe: usize, hir_share: f64) -> Result<Self, String> {
        check_hir_share(hir_share)?;
        if capacity == 0 {
            return Err("a cache must hold at least one block".into());
        }
        // A one-block cache has no room for both sets: its block is LIR, evicted through Q.
        let lhirs =
            if capacity == 1 { 0 } else { ((capacity as f64 * hir_share).round() as usize).clamp(1, capacity - 1) };
        let nr_limit = NONRESIDENT_LIMIT * capacity;
        let mut nodes = Vec::new();
        nodes.reserve_exact(capacity + nr_limit + 1);
        Ok(Self {
            c: capacity,
            llirs: capacity - lhirs,
            nr_limit,
            slot_of: vec![NIL; universe],
            nodes,
            free: NIL,
            s: EMPTY,
            q: EMPTY,
            nr: EMPTY,
            lir: 0,
        })
    }

    pub fn with_defaults(capacity: usize, universe: usize) -> Self {
        Self::new(capacity, universe, DEFAULT_HIR_SHARE).expect("default share is valid")
    }

    /// S from bottom to top with each block's status, and Q front to back (tests, teaching views).
    pub fn stacks(&self) -> (Vec<(Block, Status)>, Vec<Block>) {
        let mut s = Vec::new();
        let mut cur = self.s.first;
        while cur != NIL {
            let n = self.nodes[cur as usize];
            s.push((n.id, n.status));
            cur = n.s_up;
        }
        (s, self.q_iter(self.q).collect())
    }

    fn q_iter(&self, list: Ends) -> impl Iterator<Item = Block> + '_ {
        let mut cur = list.first;
        std::iter::from_fn(move || {
            (cur != NIL).then(|| {
                let n = self.nodes[cur as usize];
                cur = n.q_next;
                n.id
            })
        })
    }

    #[inline]
    fn slot(&self, id: u32) -> u32 {
        self.slot_of.get(id as usize).copied().unwrap_or(NIL)
    }

    fn status(&self, id: u32) -> Option<Status> {
        let s = self.slot(id);
        (s != NIL).then(|| self.nodes[s as usize].status)
    }

    fn node(&mut self, id: u32) -> u32 {
        let s = self.slot(id);
        if s != NIL {
            return s;
        }
        if self.slot_of.len() <= id as usize {
            let n = (id as usize + 1).max(self.slot_of.len() * 2);
            self.slot_of.resize(n, NIL);
        }
        let node =
            Node { id, s_down: NIL, s_up: NIL, q_prev: NIL, q_next: NIL, status: Status::HirNonResident, in_s: false };
        let n = if self.free != NIL {
            let n = self.free;
            self.free = self.nodes[n as usize].q_next;
            self.nodes[n as usize] = node;
            n
        } else {
            self.nodes.push(node);
            (self.nodes.len() - 1) as u32
        };
        self.slot_of[id as usize] = n;
        n
    }

    /// Frees a node that is in no list. (A fresh node from `node` is in none either: it carries
    /// status `HirNonResident` with `in_s` false until `insert` places it.)
    fn release(&mut self, n: u32) {
        let id = self.nodes[n as usize].id;
        debug_assert!(!self.nodes[n as usize].in_s);
        self.slot_of[id as usize] = NIL;
        self.nodes[n as usize].q_next = self.free;
        self.nodes[n as usize].id = NIL;
        self.free = n;
    }

    // --- S -----------------------------------------------------------------------------------

    fn s_unlink(&mut self, n: u32) {
        let Node { s_down, s_up, .. } = self.nodes[n as usize];
        if s_down == NIL {
            self.s.first = s_up;
        } else {
            self.nodes[s_down as usize].s_up = s_up;
        }
        if s_up == NIL {
            self.s.last = s_down;
        } else {
            self.nodes[s_up as usize].s_down = s_down;
        }
        self.s.len -= 1;
        self.nodes[n as usize].in_s = false;
    }

    fn s_push_top(&mut self, n: u32) {
        if self.nodes[n as usize].in_s {
            self.s_unlink(n);
        }
        let top = self.s.last;
        let node = &mut self.nodes[n as usize];
        node.s_down = top;
        node.s_up = NIL;
        node.in_s = true;
        if top == NIL {
            self.s.first = n;
        } else {
            self.nodes[top as usize].s_up = n;
        }
        self.s.last = n;
        self.s.len += 1;
    }

    /// Removes HIR entries from S's bottom until it is LIR; non-resident ones are forgotten.
    fn prune(&mut self) {
        while self.s.first != NIL {
            let b = self.s.first;
            match self.nodes[b as usize].status {
                Status::Lir => break,
                Status::HirResident => self.s_unlink(b),
                Status::HirNonResident => {
                    self.s_unlink(b);
                    self.fifo_unlink(b);
                    self.release(b);
                }
            }
        }
    }

    // --- Q and the non-resident FIFO (they share the q links) --------------------------------

    fn fifo(&mut self, nr: bool) -> &mut Ends {
        if nr {
            &mut self.nr
        } else {
            &mut self.q
        }
    }

    fn fifo_unlink(&mut self, n: u32) {
        let nr = self.nodes[n as usize].status == Status::HirNonResident;
        let Node { q_prev, q_next, .. } = self.nodes[n as usize];
        if q_prev == NIL {
            self.fifo(nr).first = q_next;
        } else {
            self.nodes[q_prev as usize].q_next = q_next;
        }
        if q_next == NIL {
            self.fifo(nr).last = q_prev;
        } else {
            self.nodes[q_next as usize].q_prev = q_prev;
        }
        self.fifo(nr).len -= 1;
    }

    /// Appends `n` to Q (resident HIR) or the non-resident FIFO, by its status; at the front if asked.
    fn fifo_push(&mut self, n: u32, front: bool) {
        let nr = self.nodes[n as usize].status == Status::HirNonResident;
        let l = *self.fifo(nr);
        if front {
            self.nodes[n as usize].q_prev = NIL;
            self.nodes[n as usize].q_next = l.first;
            if l.first == NIL {
                self.fifo(nr).last = n;
            } else {
                self.nodes[l.first as usize].q_prev = n;
            }
            self.fifo(nr).first = n;
        } else {
            self.nodes[n as usize].q_prev = l.last;
            self.nodes[n as usize].q_next = NIL;
            if l.last == NIL {
                self.fifo(nr).first = n;
            } else {
                self.nodes[l.last as usize].q_next = n;
            }
            self.fifo(nr).last = n;
        }
        self.fifo(nr).len += 1;
    }

    // --- transitions -------------------------------------------------------------------------

    /// S's bottom LIR block becomes resident HIR at Q's end; then prune.
    fn demote_bottom_lir(&mut self) {
        let b = self.s.first;
        if b == NIL || self.nodes[b as usize].status != Status::Lir {
            return;
        }
        self.s_unlink(b);
        self.nodes[b as usize].status = Status::HirResident;
        self.lir -= 1;
        self.fifo_push(b, false);
        self.prune();
    }

    fn make_lir(&mut self, n: u32) {
        match self.nodes[n as usize].status {
            Status::Lir => {}
            Status::HirResident | Status::HirNonResident => {
                self.fifo_unlink(n);
                self.nodes[n as usize].status = Status::Lir;
                self.lir += 1;
            }
        }
        self.s_push_top(n);
    }

    /// Evicts Q's front; returns it.
    fn evict_one(&mut self) -> Option<Block> {
        if self.q.first == NIL {
            self.demote_bottom_lir();
        }
        let v = self.q.first;
        if v == NIL {
            return None;
        }
        let id = self.nodes[v as usize].id;
        self.fifo_unlink(v);
        if self.nodes[v as usize].in_s {
            self.nodes[v as usize].status = Status::HirNonResident;
            self.fifo_push(v, false);
            if self.nr.len > self.nr_limit {
                let old = self.nr.first;
                self.fifo_unlink(old);
                self.s_unlink(old);
                self.release(old);
                self.prune();
            }
        } else {
            self.release(v);
        }
        Some(id)
    }

    fn resident(&self) -> usize {
        self.lir + self.q.len
    }

    /// A reference to a resident block (cases 1 and 2).
    fn hit(&mut self, n: u32) {
        match self.nodes[n as usize].status {
            Status::Lir => {
                let was_bottom = self.s.first == n;
                self.s_push_top(n);
                if was_bottom {
                    self.prune();
                }
            }
            // Below Llirs LIR blocks (warm-up, or after removals) a referenced block is LIR.
            Status::HirResident if self.lir < self.llirs => self.make_lir(n),
            Status::HirResident if self.nodes[n as usize].in_s => {
                self.make_lir(n);
                self.demote_bottom_lir();
            }
            Status::HirResident => {
                self.s_push_top(n);
                self.fifo_unlink(n);
                self.fifo_push(n, false);
            }
            Status::HirNonResident => unreachable!("hit on a non-resident block"),
        }
    }
}

impl Policy for Lirs {
    fn name(&self) -> &'static str {
        "lirs"
    }

    fn capacity(&self) -> usize {
        self.c
    }

    fn len(&self) -> usize {
        self.resident()
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        matches!(self.status(block), Some(Status::Lir | Status::HirResident))
    }

    fn on_hit(&mut self, block: Block) -> bool {
        if !self.contains(block) {
            return false;
        }
        let n = self.slot(block);
        self.hit(n);
        true
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        while self.resident() >= self.c {
            match self.evict_one() {
                Some(v) => evicted.push(v),
                None => break,
            }
        }
        let n = self.node(block);
        let remembered = self.nodes[n as usize].in_s;
        match end {
            End::EjectNext => {
                if remembered {
                    self.fifo_unlink(n);
                    self.s_unlink(n);
                    self.prune();
                }
                self.nodes[n as usize].status = Status::HirResident;
                self.fifo_push(n, true);
            }
            End::EjectLast if remembered => {
                let warm = self.lir < self.llirs;
                self.make_lir(n);
                if !warm {
                    self.demote_bottom_lir();
                }
            }
            End::EjectLast if self.lir < self.llirs => {
                // Warm-up: the first Llirs blocks are LIR.
                self.nodes[n as usize].status = Status::Lir;
                self.lir += 1;
                self.s_push_top(n);
            }
            End::EjectLast => {
                self.nodes[n as usize].status = Status::HirResident;
                self.s_push_top(n);
                self.fifo_push(n, false);
            }
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        if !self.contains(block) {
            return false;
        }
        let n = self.slot(block);
        match end {
            End::EjectLast => self.hit(n),
            End::EjectNext => {
                if self.nodes[n as usize].status == Status::Lir {
                    self.lir -= 1;
                } else {
                    self.fifo_unlink(n);
                }
                if self.nodes[n as usize].in_s {
                    self.s_unlink(n);
                }
                self.nodes[n as usize].status = Status::HirResident;
                self.fifo_push(n, true);
                self.prune();
            }
        }
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        if !self.contains(block) {
            return false;
        }
        let n = self.slot(block);
        if self.nodes[n as usize].status == Status::Lir {
            self.lir -= 1;
        } else {
            self.fifo_unlink(n);
        }
        if self.nodes[n as usize].in_s {
            self.s_unlink(n);
        }
        self.release(n);
        self.prune();
        true
    }

    fn evict(&mut self) -> Option<Block> {
        self.evict_one()
    }

    fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.q_iter(self.q));
        let mut cur = self.s.first;
        while cur != NIL {
            let n = self.nodes[cur as usize];
            if n.status == Status::Lir {
                out.push(n.id);
            }
            cur = n.s_up;
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let (s, q) = self.stacks();
        if s.len() != self.s.len {
            return Err(format!("S walks {} entries, len {}", s.len(), self.s.len));
        }
        // Walk S top-down too: the down links must mirror the up links, and `in_s` must mark
        // exactly the nodes S holds.
        let mut down = Vec::with_capacity(s.len());
        let mut cur = self.s.last;
        while cur != NIL && down.len() <= s.len() {
            let n = self.nodes[cur as usize];
            if !n.in_s || self.slot(n.id) != cur {
                return Err(format!("S holds {} but its node is not marked in S or not indexed", n.id));
            }
            down.push((n.id, n.status));
            cur = n.s_down;
        }
        down.reverse();
        if down != s {
            return Err("S's down links disagree with its up links".into());
        }
        let marked = self.nodes.iter().filter(|n| n.id != NIL && n.in_s).count();
        if marked != s.len() {
            return Err(format!("{marked} nodes marked in S, S holds {}", s.len()));
        }
        if let Some(&(b, st)) = s.first() {
            if st != Status::Lir {
                return Err(format!("S's bottom {b} is {st:?}, not LIR"));
            }
        }
        let lir = s.iter().filter(|e| e.1 == Status::Lir).count();
        if lir != self.lir || lir > self.llirs {
            return Err(format!("{lir} LIR blocks in S, counted {}, Llirs {}", self.lir, self.llirs));
        }
        if q.len() != self.q.len || q.iter().any(|&b| self.status(b) != Some(Status::HirResident)) {
            return Err("Q holds something other than its resident HIR blocks".into());
        }
        let nr: Vec<Block> = self.q_iter(self.nr).collect();
        if nr.len() != self.nr.len || nr.len() > self.nr_limit {
            return Err(format!("{} non-resident entries (len {}, limit {})", nr.len(), self.nr.len, self.nr_limit));
        }
        let nr_in_s = s.iter().filter(|e| e.1 == Status::HirNonResident).count();
        if nr_in_s != nr.len() {
            return Err(format!("{nr_in_s} non-resident entries in S but {} in their FIFO", nr.len()));
        }
        if self.resident() > self.c {
            return Err(format!("{} blocks in a cache of {}", self.resident(), self.c));
        }
        let indexed = self.slot_of.iter().filter(|&&x| x != NIL).count();
        let distinct = s.iter().filter(|e| e.1 != Status::HirResident).count() + q.len();
        if indexed != distinct {
            return Err(format!("{indexed} ids indexed but {distinct} blocks tracked"));
        }
        Ok(())
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }
}

impl TeachingViews for Lirs {
    /// The resident HIR blocks (Q, front first: the next victims), the LIR blocks (from S's
    /// bottom up: the next to be demoted to HIR first), then the non-resident HIR blocks S still
    /// remembers, as a ghost list — oldest first, the next forgotten once there are too many
    /// ([`NONRESIDENT_LIMIT`]; pruning S's bottom may forget one sooner). The paper's names.
    /// S's interleaving of the three is not shown: [`Lirs::stacks`] has it.
    fn queues(&self, out: &mut Vec<Queue>) {
        out.push(Queue { name: "HIR resident", ghost: false, blocks: self.q_iter(self.q).collect() });
        let mut lir = Vec::with_capacity(self.lir);
        let mut cur = self.s.first;
        while cur != NIL {
            let n = self.nodes[cur as usize];
            if n.status == Status::Lir {
                lir.push(n.id);
            }
            cur = n.s_up;
        }
        out.push(Queue { name: "LIR", ghost: false, blocks: lir });
        out.push(Queue { name: "HIR non-resident", ghost: true, blocks: self.q_iter(self.nr).collect() });
    }

    /// S from its bottom (always LIR) to its top, each entry LIR, resident HIR or non-resident HIR.
    fn stack(&self, out: &mut Vec<StackEntry>) -> bool {
        let mut cur = self.s.first;
        while cur != NIL {
            let n = self.nodes[cur as usize];
            let status = match n.status {
                Status::Lir => StackStatus::Lir,
                Status::HirResident => StackStatus::HirResident,
                Status::HirNonResident => StackStatus::HirNonResident,
            };
            out.push(StackEntry { block: n.id, status });
            cur = n.s_up;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, ghost, queues_checked, resident, skewed_with_scans, Reference};
    use crate::policy::Lru;
    use std::collections::HashMap;
    use Status::*;

    /// LIRS on `Vec`s, straight from the description above (index 0 = S's bottom / Q's front).
    struct NaiveLirs {
        c: usize,
        llirs: usize,
        s: Vec<Block>,
        q: Vec<Block>,
        nr: Vec<Block>,
        st: HashMap<Block, Status>,
    }

    impl NaiveLirs {
        fn new(c: usize, hir_share: f64) -> Self {
            let lhirs = if c == 1 { 0 } else { ((c as f64 * hir_share).round() as usize).clamp(1, c - 1) };
            Self { c, llirs: c - lhirs, s: vec![], q: vec![], nr: vec![], st: HashMap::new() }
        }
        fn lir(&self) -> usize {
            self.st.values().filter(|&&s| s == Lir).count()
        }
        fn resident(&self) -> usize {
            self.lir() + self.q.len()
        }
        fn take(v: &mut Vec<Block>, b: Block) -> bool {
            v.iter().position(|&x| x == b).map(|i| v.remove(i)).is_some()
        }
        fn prune(&mut self) {
            while let Some(&b) = self.s.first() {
                match self.st[&b] {
                    Lir => break,
                    HirResident => {
                        self.s.remove(0);
                    }
                    HirNonResident => {
                        self.s.remove(0);
                        Self::take(&mut self.nr, b);
                        self.st.remove(&b);
                    }
                }
            }
        }
        fn top(&mut self, b: Block) {
            Self::take(&mut self.s, b);
            self.s.push(b);
        }
        fn demote_bottom(&mut self) {
            if let Some(&b) = self.s.first() {
                if self.st[&b] == Lir {
                    self.s.remove(0);
                    self.st.insert(b, HirResident);
                    self.q.push(b);
                    self.prune();
                }
            }
        }
        fn evict_one(&mut self) -> Option<Block> {
            if self.q.is_empty() {
                self.demote_bottom();
            }
            if self.q.is_empty() {
                return None;
            }
            let v = self.q.remove(0);
            if self.s.contains(&v) {
                self.st.insert(v, HirNonResident);
                self.nr.push(v);
                if self.nr.len() > self.c {
                    let old = self.nr.remove(0);
                    Self::take(&mut self.s, old);
                    self.st.remove(&old);
                    self.prune();
                }
            } else {
                self.st.remove(&v);
            }
            Some(v)
        }
        fn hit(&mut self, b: Block) {
            match self.st[&b] {
                Lir => {
                    let bottom = self.s.first() == Some(&b);
                    self.top(b);
                    if bottom {
                        self.prune();
                    }
                }
                HirResident if self.lir() < self.llirs => {
                    self.top(b);
                    Self::take(&mut self.q, b);
                    self.st.insert(b, Lir);
                }
                HirResident if self.s.contains(&b) => {
                    self.top(b);
                    Self::take(&mut self.q, b);
                    self.st.insert(b, Lir);
                    self.demote_bottom();
                }
                _ => {
                    self.top(b);
                    Self::take(&mut self.q, b);
                    self.q.push(b);
                }
            }
        }
    }

    impl Reference for NaiveLirs {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if matches!(self.st.get(&b), Some(Lir | HirResident)) {
                self.hit(b);
                return true;
            }
            while self.resident() >= self.c {
                match self.evict_one() {
                    Some(v) => ev.push(v),
                    None => break,
                }
            }
            let remembered = self.s.contains(&b);
            if self.lir() < self.llirs || remembered {
                Self::take(&mut self.nr, b);
                self.top(b);
                let warm = self.lir() < self.llirs;
                self.st.insert(b, Lir);
                if !warm {
                    self.demote_bottom();
                }
            } else {
                self.st.insert(b, HirResident);
                self.top(b);
                self.q.push(b);
            }
            false
        }

        fn remove(&mut self, b: Block) -> bool {
            if !matches!(self.st.get(&b), Some(Lir | HirResident)) {
                return false;
            }
            Self::take(&mut self.q, b);
            Self::take(&mut self.s, b);
            self.st.remove(&b);
            self.prune();
            true
        }

        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            if !matches!(self.st.get(&b), Some(Lir | HirResident)) {
                return Some(false);
            }
            match end {
                End::EjectLast => self.hit(b),
                End::EjectNext => {
                    Self::take(&mut self.q, b);
                    Self::take(&mut self.s, b);
                    self.st.insert(b, HirResident);
                    self.q.insert(0, b);
                    self.prune();
                }
            }
            Some(true)
        }

        fn evict(&mut self) -> Option<Option<Block>> {
            Some(self.evict_one())
        }

        fn insert_next(&mut self, b: Block, ev: &mut Vec<Block>) -> Option<()> {
            while self.resident() >= self.c {
                match self.evict_one() {
                    Some(v) => ev.push(v),
                    None => break,
                }
            }
            // Resident HIR at Q's front, outside S; a remembered entry is forgotten.
            if Self::take(&mut self.s, b) {
                Self::take(&mut self.nr, b);
                self.prune();
            }
            self.st.insert(b, HirResident);
            self.q.insert(0, b);
            Some(())
        }

        fn contents(&self) -> Vec<Block> {
            self.q.iter().copied().chain(self.s.iter().copied().filter(|b| self.st[b] == Lir)).collect()
        }

        fn capacity(&self) -> usize {
            self.c
        }
    }

    /// Blocks A..E are ids 0..4. In a snapshot, `A` is LIR, `a` resident HIR, `~a` non-resident
    /// HIR; S is listed bottom to top, Q front to back.
    fn id(name: &str) -> Block {
        Block::from(name.trim_start_matches('~').to_ascii_uppercase().as_bytes()[0] - b'A')
    }

    fn snapshot(s: &str, q: &str) -> (Vec<(Block, Status)>, Vec<Block>) {
        let status = |t: &str| match (t.starts_with('~'), t.chars().all(|ch| ch.is_ascii_uppercase())) {
            (true, _) => HirNonResident,
            (false, true) => Lir,
            (false, false) => HirResident,
        };
        (s.split_whitespace().map(|t| (id(t), status(t))).collect(), q.split_whitespace().map(id).collect())
    }

    #[test]
    fn hand_worked_example() {
        // c = 3: Llirs = 2, Lhirs = 1 (the setting of the paper's example, on our own trace).
        // (block, hit, victims, S bottom..top, Q front..back) after each reference.
        #[rustfmt::skip]
        let steps = [
            ("A", false, "",  "A",             ""),  // warm-up: LIR
            ("B", false, "",  "A B",           ""),  // warm-up: LIR; the LIR set is full
            ("C", false, "",  "A B c",         "c"), // new, cache not full: resident HIR
            ("D", false, "C", "A B ~c d",      "d"), // new: Q's front C evicted, stays in S non-resident
            ("B", true,  "",  "A ~c d B",      "d"), // hit on LIR (not the bottom): to the top
            ("A", true,  "",  "B A",           "d"), // hit on the bottom LIR: to the top, prune ~c (forgotten) and d (stays in Q)
            ("D", true,  "",  "B A d",         "d"), // hit on resident HIR not in S: S's top, Q's end, still HIR
            ("E", false, "D", "B A ~d e",      "e"), // new: D evicted, stays in S non-resident
            ("D", false, "E", "A ~e D",        "b"), // non-resident in S: E evicted; D becomes LIR, bottom LIR B to Q
            ("E", false, "B", "D E",           "a"), // non-resident in S: B evicted (not in S: gone); E LIR, A to Q
            ("C", false, "A", "D E c",         "c"), // C was pruned at step 6, so it is new: resident HIR
            ("C", true,  "",  "E C",           "d"), // hit on resident HIR in S: LIR; bottom LIR D to Q
            ("D", true,  "",  "E C d",         "d"), // hit on resident HIR not in S
            ("B", false, "D", "E C ~d b",      "b"), // new: D evicted, stays in S non-resident
            ("C", true,  "",  "E ~d b C",      "b"), // hit on LIR
            ("B", true,  "",  "C B",           "e"), // resident HIR in S: LIR; E to Q, prune ~d (forgotten)
            ("D", false, "E", "C B d",         "d"), // D was forgotten: new, resident HIR; E evicted (not in S)
        ];
        let mut p = Lirs::with_defaults(3, 8);
        let mut ev = Vec::new();
        for (i, &(b, hit, victims, s, q)) in steps.iter().enumerate() {
            ev.clear();
            assert_eq!(p.access(id(b), &mut ev), hit, "step {}: {b}", i + 1);
            assert_eq!(ev, victims.split_whitespace().map(id).collect::<Vec<_>>(), "step {}: {b} victims", i + 1);
            assert_eq!(p.stacks(), snapshot(s, q), "step {}: {b}", i + 1);
            p.check_invariants().unwrap_or_else(|e| panic!("step {}: {e}", i + 1));
        }
    }

    /// The stack S a teaching view draws is S itself, bottom first, each entry's status as kept
    /// (`A B ~c d`: A, B LIR; C non-resident; D resident HIR — the first steps of
    /// `hand_worked_example`), and stays so through the C/B/D steps that prune and reorder it.
    #[test]
    fn stack_is_s_bottom_first_with_each_entrys_status() {
        use crate::policy::StackStatus as M;
        let mut p = Lirs::with_defaults(3, 8);
        let mut ev = Vec::new();
        let stack = |p: &Lirs| {
            let mut out = Vec::new();
            assert!(p.stack(&mut out));
            out.iter().map(|e| (e.block, e.status)).collect::<Vec<_>>()
        };
        assert_eq!(stack(&p), []);
        for b in ["A", "B", "C", "D"] {
            p.access(id(b), &mut ev);
        }
        assert_eq!(
            stack(&p),
            [(id("A"), M::Lir), (id("B"), M::Lir), (id("C"), M::HirNonResident), (id("D"), M::HirResident)]
        );
        for b in ["C", "B", "D", "E", "A", "C"] {
            p.access(id(b), &mut ev);
            let mapped: Vec<_> = p
                .stacks()
                .0
                .into_iter()
                .map(|(b, s)| {
                    (
                        b,
                        match s {
                            Lir => M::Lir,
                            HirResident => M::HirResident,
                            HirNonResident => M::HirNonResident,
                        },
                    )
                })
                .collect();
            assert_eq!(stack(&p), mapped, "after {b}");
        }
        // Only LIRS keeps one.
        assert!(!(&Lru::new(3, 8) as &dyn Policy).stack(&mut Vec::new()));
    }

    #[test]
    fn queues_show_hir_resident_lir_and_the_non_resident_ghosts() {
        // c = 3: Llirs = 2, Lhirs = 1; the first steps of `hand_worked_example`.
        let mut p = Lirs::with_defaults(3, 8);
        let mut ev = Vec::new();
        let queues = |hir: &str, lir: &str, gone: &str| {
            let ids = |s: &str| s.split_whitespace().map(id).collect::<Vec<_>>();
            [resident("HIR resident", &ids(hir)), resident("LIR", &ids(lir)), ghost("HIR non-resident", &ids(gone))]
        };
        for b in ["A", "B", "C", "D"] {
            p.access(id(b), &mut ev);
        }
        // S = A B ~c d, Q = d: C was evicted but S still holds it.
        assert_eq!(queues_checked(&p), queues("D", "A B", "C"));
        p.access(id("B"), &mut ev); // S = A ~c d B: the LIR order from S's bottom is unchanged
        assert_eq!(queues_checked(&p), queues("D", "A B", "C"));
        p.access(id("A"), &mut ev); // S = B A: the bottom moved up, pruning ~c (forgotten) and d
        assert_eq!(queues_checked(&p), queues("D", "B A", ""));
        p.access(id("D"), &mut ev); // a hit on d, not in S: back on S's top (B A d), still HIR
        assert_eq!(queues_checked(&p), queues("D", "B A", ""));
        p.access(id("E"), &mut ev); // D evicted, but S remembers it: S = B A ~d e, Q = e
        assert_eq!(queues_checked(&p), queues("E", "B A", "D"));
        // D is remembered: it becomes LIR (E evicted, kept in S), and the bottom LIR B drops to Q.
        p.access(id("D"), &mut ev);
        assert_eq!(queues_checked(&p), queues("B", "A D", "E"));
        assert_eq!(ev, [id("C"), id("D"), id("E")]);
    }

    #[test]
    fn cache_operations_beyond_references() {
        // c = 3, Llirs = 2. After A, B, C: S = A B c, Q = c.
        let mut p = Lirs::with_defaults(3, 8);
        let mut ev = Vec::new();
        for b in ["A", "B", "C"] {
            p.access(id(b), &mut ev);
        }
        // "Eject me next" of a LIR block: resident HIR at Q's front, out of S; S is pruned.
        assert!(p.reposition(id("A"), End::EjectNext));
        assert_eq!(p.stacks(), snapshot("B c", "a c"));
        // With one LIR block short, a hit on a resident HIR block makes it LIR, demoting nothing.
        assert!(p.access(id("C"), &mut ev));
        assert_eq!(p.stacks(), snapshot("B C", "a"));
        // "Eject me last" is a reference: A (not in S) to S's top and Q's end.
        assert!(p.reposition(id("A"), End::EjectLast));
        assert_eq!(p.stacks(), snapshot("B C a", "a"));
        // evict() takes Q's front; A was in S, so it stays there non-resident.
        assert_eq!(p.evict(), Some(id("A")));
        assert_eq!(p.stacks(), snapshot("B C ~a", ""));
        // Q empty: the bottom LIR B is demoted to Q first, then evicted (gone: no longer in S).
        assert_eq!(p.evict(), Some(id("B")));
        assert_eq!(p.stacks(), snapshot("C ~a", ""));
        // "Eject me next" insertion of a remembered block: resident HIR at Q's front, forgotten by S.
        p.insert(id("A"), End::EjectNext, &mut ev);
        assert_eq!(p.stacks(), snapshot("C", "a"));
        p.insert(id("D"), End::EjectNext, &mut ev);
        assert_eq!(p.stacks(), snapshot("C", "d a"));
        assert!(ev.is_empty());
        // Full: an insertion evicts Q's front first.
        p.insert(id("E"), End::EjectNext, &mut ev);
        assert_eq!((ev.as_slice(), p.stacks()), ([id("D")].as_slice(), snapshot("C", "e a")));
        assert!(p.remove(id("C")) && !p.remove(id("C")));
        assert_eq!(p.stacks(), snapshot("", "e a"));
        p.check_invariants().unwrap();

        // One block: it is LIR, and each miss evicts it through Q.
        let mut p = Lirs::with_defaults(1, 8);
        ev.clear();
        assert!(!p.access(id("A"), &mut ev) && p.access(id("A"), &mut ev));
        assert!(!p.access(id("B"), &mut ev));
        assert_eq!((ev.as_slice(), p.stacks()), ([id("A")].as_slice(), snapshot("B", "")));
        p.check_invariants().unwrap();
    }

    #[test]
    fn non_resident_entries_are_bounded_oldest_first() {
        // c = 3: at most 3 non-resident entries in S. A scan of new blocks leaves each one in S
        // non-resident when the next evicts it.
        let mut p = Lirs::with_defaults(3, 16);
        let mut ev = Vec::new();
        for b in [0, 1, 2, 3, 4, 5, 6] {
            p.access(b, &mut ev);
            p.check_invariants().unwrap();
        }
        let (s, q) = p.stacks();
        let nr = |s: &[(Block, Status)]| s.iter().filter(|e| e.1 == HirNonResident).map(|e| e.0).collect::<Vec<_>>();
        assert_eq!((nr(&s), q), (vec![3, 4, 5], vec![6]), "2 was dropped when 5 became non-resident");
        // 5 is remembered: its miss makes it LIR. 2 is not: it comes back as resident HIR.
        p.access(5, &mut ev);
        assert_eq!(p.stacks().0.iter().find(|e| e.0 == 5).unwrap().1, Lir);
        p.access(2, &mut ev);
        assert_eq!(p.stacks().0.last(), Some(&(2, HirResident)));
        p.check_invariants().unwrap();
    }

    #[test]
    fn agrees_with_the_naive_model() {
        for (c, seed) in [(1, 51), (2, 52), (3, 53), (10, 54), (50, 55)] {
            agrees_with(Box::new(Lirs::with_defaults(c, 64)), NaiveLirs::new(c, DEFAULT_HIR_SHARE), seed);
        }
        // Below 150 blocks the default share rounds to Lhirs = 1, so Q holds one block in steady
        // state; larger shares exercise Q's order (e.g. a hit on a resident HIR block not in S
        // moves it to Q's end).
        for (c, share, seed) in [(10, 0.3, 56), (50, 0.2, 57), (50, 0.5, 58)] {
            agrees_with(Box::new(Lirs::new(c, 64, share).unwrap()), NaiveLirs::new(c, share), seed);
        }
    }

    #[test]
    fn beats_lru_on_a_loop_slightly_larger_than_the_cache_and_on_scans() {
        let mut ev = Vec::new();
        let looped: Vec<Block> = (0..20_000).map(|i| i % 110).collect();
        let mut lirs = Lirs::with_defaults(100, 200);
        let mut lru = Lru::new(100, 200);
        let lirs_hits = looped.iter().filter(|&&b| lirs.access(b, &mut ev)).count();
        let lru_hits = looped.iter().filter(|&&b| lru.access(b, &mut ev)).count();
        assert_eq!(lru_hits, 0, "LRU thrashes on a loop larger than the cache");
        assert!(lirs_hits > 15_000, "LIRS keeps most of the loop: {lirs_hits}");

        let refs = skewed_with_scans(500, 60_000, 56);
        let mut lirs = Lirs::with_defaults(100, 2000);
        let mut lru = Lru::new(100, 2000);
        let lirs_hits = refs.iter().filter(|&&b| lirs.access(b, &mut ev)).count();
        let lru_hits = refs.iter().filter(|&&b| lru.access(b, &mut ev)).count();
        assert!(lirs_hits as f64 > 1.1 * lru_hits as f64, "LIRS {lirs_hits} vs LRU {lru_hits}");
        assert!(Lirs::new(10, 10, 0.0).err().unwrap().contains("hirShare"));
    }
}
