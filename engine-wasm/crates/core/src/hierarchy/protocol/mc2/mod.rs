//! MC² (paper 002) with Karma's local management, for clients over one shared array.
//!
//! **Hints.** Each client's application names ranges of blocks — a database table, an index
//! level — with each range's size, access pattern (loop, sequential, uniform, skewed (x, y))
//! and share of the client's references ([`RangeHint`]); every request carries its range id.
//! References outside every hinted range form the client's *rest*: one range of the blocks no
//! hint covers, taking the frequency the hints leave, skewed (80, 20) by Pareto's default
//! (§3.1) — all of a client's data when it gives no hints at all.
//!
//! **Local allocation (Karma, [`karma`]).** Each client sizes a partition per range, by
//! marginal gain, in its own cache and then in the array, as if the array were its own. A
//! range that straddles the two is one partition split across the levels, kept as one
//! continuous stack: the client holds its top and demotes what it evicts to the array's part.
//! Each partition is ordered by its pattern: MRU for loops and scans, LRU for random reads.
//!
//! **Operations (§2).** A block of a range the client keeps is fetched with READ: the array
//! lets go of it (exclusive caching) and takes it back as a DEMOTE when the client evicts it.
//! A block the client does not keep is fetched with READ-SAVE: the array keeps (or, from disk,
//! takes in) its copy if its range has space there.
//!
//! **Shared ranges (§3.3).** When clients address the same blocks (conjoint streams, or a
//! shared fraction of 1) a range hinted by two or more clients is one *shared* partition of
//! the array: inclusive (a READ is served as a READ-SAVE; every read, READ-SAVE and DEMOTE
//! stays), LRU whatever the patterns (several clients looping at different speeds reuse each
//! other's blocks before their own), as large as the largest space any sharer gives the range.
//! When some sharers read the range at random and others scan it, the shared partition is the
//! random readers' (as large as the largest space one of them gives it) and the scans do not
//! alter it: a scanning sharer is served by the blocks it finds there without reordering
//! them, and keeps its loop's own blocks — the ones it demotes or reads from disk — in a
//! partition of its own sized by its own allocation, as if the range were not shared. The
//! random readers are not harmed by the scans, and the scanner keeps what its share pays for.
//! (A block found in another client's own partition is served as a READ-SAVE, untouched.)
//!
//! **Global allocation (§3.2).** The array is not cut into fixed shares: every (partition,
//! client) pair sits in an LRU stack, moved to its top whenever the client reaches the
//! partition in the array. A partition at its size replaces within itself; otherwise, with the
//! array full, the victim client is the owner of the least recently used pair, and its lowest
//! priority partition gives up a block — so clients that use the array often and well keep
//! their space.
//!
//! **Free space ([`Revision::Two`]).** Each client sizes its array partitions from what its
//! own cache cannot hold, so when the caches are large the sizes add up to less than the
//! array, and revision 1 (version 1's MC²) left the rest idle: a partition at its size
//! replaced within itself even with the array half empty, and a range no client gave array
//! space had no partition at all. With q3 and q7 over an array of twice the data set each
//! client's cache holds its whole range set, every partition size is 0, and the array stayed
//! empty while q7 read from disk pages q3 had just read. §3.2 has the array take every
//! fetched block, growing the share of the client that brought it ("a client may temporarily
//! save a block with a low marginal gain. The space occupied by this block will later be used
//! to increase the size of a partition with a higher marginal gain"). Revision 2 does that:
//! every range has a partition (of size 0 if Karma gives it none), and while the array has
//! free space a partition takes what comes to it whatever its size — READ-SAVEs, DEMOTEs, and
//! a scanning sharer's READs from disk, as copies below the random readers' blocks (§3.3's
//! scans still reorder nothing: the copies go first, newest first). A client drops, rather
//! than demotes, a victim whose range has no space of its own below once the array is full.
//! When a partition under its size needs a block of a full array, the blocks free space gave
//! beyond their partitions' sizes go first — those of partitions no allocation sizes, then
//! the least recently used pair's — and only then the victim client's.
//!
//! Writes are not MC²'s business (the paper assumes a separate write cache): they pass through
//! without caching.

mod karma;

pub use karma::{allocate, validate_hints, with_rest, Allocation, REST};

use super::Cooperation;
use crate::hierarchy::Core;
use crate::model::{Block, Pattern, RangeHint, WriteHint};
use crate::util::parts::Parts;
use crate::util::slab::IdList;

use serde::{Deserialize, Serialize};

/// Which end of a partition gives up the next victim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The least recently used block.
    Lru,
    /// The most recently used block (loops, scans).
    Mru,
}

impl Order {
    fn of(pattern: Pattern) -> Self {
        if pattern.is_scan() {
            Order::Mru
        } else {
            Order::Lru
        }
    }
}

/// One client as MC² sees it.
#[derive(Clone, Debug)]
pub struct Mc2Client {
    /// Its cache, in blocks.
    pub capacity: usize,
    pub hints: Vec<RangeHint>,
    /// Distinct blocks its requests may touch (sizes its rest).
    pub blocks: u64,
}

/// One of a client's ranges.
#[derive(Clone, Copy, Debug)]
struct Local {
    id: u32,
    /// Its partition of the client's cache, in blocks (0: not kept there).
    target: u32,
    order: Order,
    scan: bool,
    /// Its partition of the array, if it has one.
    part: Option<u32>,
    /// Revision 2, a scanning sharer of a range others read at random: the random readers'
    /// shared partition, whose free space takes this client's READs from disk (module docs).
    copies_to: Option<u32>,
}

/// A partition of the array.
#[derive(Clone, Copy, Debug)]
struct Part {
    id: u32,
    target: u32,
    order: Order,
    /// `None`: shared by several clients.
    owner: Option<u16>,
    /// Shared, and read at random: the scanning sharers leave it alone.
    random_sharer: bool,
    /// Revision 2, shared and read at random: the list below its least recently used block,
    /// holding the scanning sharers' copies (`NO_LIST` if none).
    below: u32,
}

/// A partition without a list below it.
const NO_LIST: u32 = u32::MAX;

struct Side {
    cache: Parts,
    capacity: usize,
    locals: Vec<Local>,
    /// (range id, local index), by id.
    by_id: Vec<(u32, u32)>,
    rest: u32,
    /// Local indices, least valuable first (to make room when the cache is full).
    client_order: Vec<u32>,
    /// The array partitions this client uses, least valuable first (its victims).
    array_order: Vec<u32>,
}

/// What reading one block did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockRead {
    /// 0: the client's cache; 1: the array; 2: the disk.
    pub level: u8,
    /// DEMOTEs sent, and those that moved data (the array did not hold the block already).
    pub demotions: u32,
    pub demotions_moved: u32,
    pub client_evictions: u32,
    pub array_evictions: u32,
}

/// One partition as a teaching view draws it ([`Mc2::client_lists`], [`Mc2::array_lists`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartitionList {
    /// Its range id ([`REST`]: the client's references no hint covers).
    pub range: u32,
    /// The client whose partition it is; `None`: shared by the clients that hint its range.
    pub owner: Option<u16>,
    /// The size Karma gave it, in blocks (revision 2's free space may hold more).
    pub size: u32,
    /// Its blocks, next victim first.
    pub blocks: Vec<Block>,
    /// A shared partition's list below its blocks, of the scanning sharers' copies (revision 2),
    /// newest — the next victim — first; `None`: it has no such list.
    pub copies: Option<Vec<Block>>,
}

/// Which MC² runs. Revision 1 is version 1's, kept so that migrated version-1 documents give
/// the numbers they gave; revision 2 gives the array space no partition claims to whoever
/// misses (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Revision {
    One,
    Two,
}

impl Revision {
    /// The newest revision: what a scenario that names none should run.
    pub const LATEST: Revision = Revision::Two;
}

impl TryFrom<u8> for Revision {
    type Error = String;

    fn try_from(n: u8) -> Result<Self, String> {
        match n {
            1 => Ok(Revision::One),
            2 => Ok(Revision::Two),
            _ => Err(format!("MC² has revisions 1 and 2 (got {n})")),
        }
    }
}

impl From<Revision> for u8 {
    fn from(r: Revision) -> u8 {
        match r {
            Revision::One => 1,
            Revision::Two => 2,
        }
    }
}

pub struct Mc2 {
    revision: Revision,
    sides: Vec<Side>,
    /// One list per partition, then the lists below partitions (see [`Part::below`]).
    array: Parts,
    /// The partition of each list below one, from the first such list on.
    list_part: Vec<u32>,
    array_capacity: usize,
    parts: Vec<Part>,
    /// (partition, client) pairs, `part · clients + client`; front: least recently used.
    stack: IdList,
}

impl Mc2 {
    /// MC² over `clients` and an array of `array_capacity` blocks, block ids `0..universe`.
    /// `shared_ids`: the clients address the same blocks, so a range id two clients hint is
    /// one shared range. `active`: only this client runs (paper 002's single-client baseline),
    /// so nothing is shared; the others keep empty caches.
    ///
    /// This is revision 1 (version 1's MC²), what the engine builds until scenarios name a
    /// revision; [`Mc2::with_revision`] builds either.
    pub fn new(
        clients: &[Mc2Client],
        array_capacity: usize,
        universe: usize,
        shared_ids: bool,
        active: Option<usize>,
    ) -> Self {
        Self::with_revision(Revision::One, clients, array_capacity, universe, shared_ids, active)
    }

    /// [`Mc2::new`] at `revision`.
    pub fn with_revision(
        revision: Revision,
        clients: &[Mc2Client],
        array_capacity: usize,
        universe: usize,
        shared_ids: bool,
        active: Option<usize>,
    ) -> Self {
        let n = clients.len();
        let runs = |c: usize| active.is_none_or(|a| a == c);
        // Each client's ranges, its rest last, and Karma's allocation of them.
        let ranges: Vec<Vec<RangeHint>> = clients.iter().map(|c| karma::with_rest(&c.hints, c.blocks)).collect();
        // Revision 2 gives every range a partition, so that free space has somewhere to go.
        let every = revision == Revision::Two;
        let allocs: Vec<Vec<Allocation>> =
            ranges.iter().zip(clients).map(|(r, c)| allocate(r, c.capacity as u64, array_capacity as u64)).collect();
        let sharers =
            |id: u32| (0..n).filter(|&c| runs(c) && ranges[c].iter().any(|h| h.id == id && h.frequency > 0.0)).count();
        let random_sharer = |id: u32| {
            (0..n).any(|c| runs(c) && ranges[c].iter().any(|h| h.id == id && h.frequency > 0.0 && !h.pattern.is_scan()))
        };
        let mut parts: Vec<Part> = Vec::new();
        // Shared partitions first, one per range id, then each client's own.
        let shared_part = |id: u32, parts: &mut Vec<Part>| -> Option<u32> {
            if let Some(p) = parts.iter().position(|p| p.id == id && p.owner.is_none()) {
                return Some(p as u32);
            }
            // The random readers' partition if any sharer reads at random, else the scanners'.
            let random = random_sharer(id);
            let mut target = 0u64;
            for c in (0..n).filter(|&c| runs(c)) {
                if let Some(j) = ranges[c].iter().position(|h| h.id == id && h.frequency > 0.0) {
                    if !random || !ranges[c][j].pattern.is_scan() {
                        target = target.max(allocs[c][j].array);
                    }
                }
            }
            (target > 0 || every).then(|| {
                parts.push(Part {
                    id,
                    target: target as u32,
                    order: Order::Lru,
                    owner: None,
                    random_sharer: random,
                    below: NO_LIST,
                });
                (parts.len() - 1) as u32
            })
        };
        let mut sides = Vec::with_capacity(n);
        for c in 0..n {
            let mut locals = Vec::with_capacity(ranges[c].len());
            for (j, h) in ranges[c].iter().enumerate() {
                let a = allocs[c][j];
                let shared = shared_ids && sharers(h.id) > 1 && h.frequency > 0.0;
                let part = if !runs(c) {
                    None
                } else if shared && !(h.pattern.is_scan() && random_sharer(h.id)) {
                    shared_part(h.id, &mut parts)
                } else if a.array > 0 || every {
                    parts.push(Part {
                        id: h.id,
                        target: a.array as u32,
                        order: Order::of(h.pattern),
                        owner: Some(c as u16),
                        random_sharer: false,
                        below: NO_LIST,
                    });
                    Some((parts.len() - 1) as u32)
                } else {
                    None
                };
                let copies_to = if every && runs(c) && shared && h.pattern.is_scan() && random_sharer(h.id) {
                    shared_part(h.id, &mut parts)
                } else {
                    None
                };
                locals.push(Local {
                    id: h.id,
                    target: if runs(c) { a.client as u32 } else { 0 },
                    order: Order::of(h.pattern),
                    scan: h.pattern.is_scan(),
                    part,
                    copies_to,
                });
            }
            let mut by_id: Vec<(u32, u32)> = locals.iter().enumerate().map(|(j, l)| (l.id, j as u32)).collect();
            by_id.sort_unstable();
            let mut client_order: Vec<u32> = (0..locals.len() as u32).collect();
            client_order
                .sort_by(|&a, &b| allocs[c][a as usize].client_gain.total_cmp(&allocs[c][b as usize].client_gain));
            let mut array_order: Vec<(f64, u32)> =
                locals.iter().enumerate().filter_map(|(j, l)| l.part.map(|p| (allocs[c][j].array_gain, p))).collect();
            array_order.sort_by(|a, b| a.0.total_cmp(&b.0));
            let lists = locals.len();
            sides.push(Side {
                cache: Parts::new(universe, lists, clients[c].capacity),
                capacity: clients[c].capacity,
                rest: (locals.len() - 1) as u32,
                locals,
                by_id,
                client_order,
                array_order: array_order.into_iter().map(|(_, p)| p).collect(),
            });
        }
        // The lists below the shared partitions that scanning sharers copy into.
        let mut lists = parts.len() as u32;
        let mut list_part: Vec<u32> = Vec::new();
        for (p, part) in parts.iter_mut().enumerate() {
            if sides.iter().any(|s: &Side| s.locals.iter().any(|l| l.copies_to == Some(p as u32))) {
                part.below = lists;
                lists += 1;
                list_part.push(p as u32);
            }
        }
        Self {
            revision,
            array: Parts::new(universe, lists as usize, array_capacity),
            stack: IdList::with_capacity(parts.len() * n, parts.len() * n),
            list_part,
            sides,
            array_capacity,
            parts,
        }
    }

    /// The client's local range for a request's range id (its rest if the id is not hinted).
    #[inline]
    pub fn local(&self, client: usize, range: Option<u32>) -> usize {
        let s = &self.sides[client];
        match range {
            Some(id) => match s.by_id.binary_search_by_key(&id, |&(i, _)| i) {
                Ok(k) => s.by_id[k].1 as usize,
                Err(_) => s.rest as usize,
            },
            None => s.rest as usize,
        }
    }

    pub fn client_len(&self, client: usize) -> usize {
        self.sides[client].cache.len()
    }

    pub fn client_capacity(&self, client: usize) -> usize {
        self.sides[client].capacity
    }

    pub fn array_len(&self) -> usize {
        self.array.len()
    }

    pub fn array_capacity(&self) -> usize {
        self.array_capacity
    }

    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// The array's partitions: range id, owning client (`None`: shared), size Karma gave it,
    /// and blocks it holds.
    pub fn array_partitions(&self) -> Vec<(u32, Option<u16>, usize, usize)> {
        (0..self.parts.len())
            .map(|p| (self.parts[p].id, self.parts[p].owner, self.parts[p].target as usize, self.part_len(p)))
            .collect()
    }

    /// Client `client`'s partitions of its own cache (teaching views): one per range Karma gives
    /// space there, in its range order (its rest last), each next victim first.
    pub fn client_lists(&self, client: usize) -> Vec<PartitionList> {
        let s = &self.sides[client];
        (0..s.locals.len())
            .filter(|&j| s.locals[j].target > 0 || s.cache.list_len(j) > 0)
            .map(|j| {
                let l = s.locals[j];
                let mut blocks: Vec<Block> = s.cache.iter(j).collect();
                if l.order == Order::Mru {
                    blocks.reverse();
                }
                PartitionList { range: l.id, owner: Some(client as u16), size: l.target, blocks, copies: None }
            })
            .collect()
    }

    /// The array's partitions (teaching views) in the global stack's order (§3.2): those of
    /// the least recently used (partition, client) pair first — where the next victim client
    /// is found — then the partitions no pair holds yet. Each lists its blocks next victim
    /// first, and a shared partition the scanning sharers' copies below it apart (newest
    /// first: they go before its own blocks).
    pub fn array_lists(&self) -> Vec<PartitionList> {
        let n = self.sides.len() as u32;
        let mut order: Vec<usize> = Vec::with_capacity(self.parts.len());
        for p in self.stack.iter().map(|pair| (pair / n) as usize).chain(0..self.parts.len()) {
            if !order.contains(&p) {
                order.push(p);
            }
        }
        order
            .into_iter()
            .map(|p| {
                let part = self.parts[p];
                let copies = (part.below != NO_LIST).then(|| {
                    let mut below: Vec<Block> = self.array.iter(part.below as usize).collect();
                    below.reverse();
                    below
                });
                let mut blocks: Vec<Block> = self.array.iter(p).collect();
                if part.order == Order::Mru {
                    blocks.reverse();
                }
                PartitionList { range: part.id, owner: part.owner, size: part.target, blocks, copies }
            })
            .collect()
    }

    #[cfg(test)]
    /// Blocks of the array held in partitions of `client`'s own (not shared ones).
    pub fn array_share(&self, client: usize) -> usize {
        (0..self.parts.len()).filter(|&p| self.parts[p].owner == Some(client as u16)).map(|p| self.part_len(p)).sum()
    }

    #[cfg(test)]
    /// Blocks of the array in shared partitions (copies below them included).
    pub fn array_shared(&self) -> usize {
        (0..self.parts.len()).filter(|&p| self.parts[p].owner.is_none()).map(|p| self.part_len(p)).sum()
    }

    #[cfg(test)]
    /// Client `client`'s partition sizes (range id, target in its cache, target in the array,
    /// whether the array partition is shared).
    pub fn partitions(&self, client: usize) -> Vec<(u32, u32, u32, bool)> {
        self.sides[client]
            .locals
            .iter()
            .map(|l| {
                let p = l.part.map(|p| self.parts[p as usize]);
                (l.id, l.target, p.map_or(0, |p| p.target), p.is_some_and(|p| p.owner.is_none()))
            })
            .collect()
    }

    #[cfg(test)]
    pub fn client_contains(&self, client: usize, b: Block) -> bool {
        self.sides[client].cache.list_of(b).is_some()
    }

    #[cfg(test)]
    pub fn array_contains(&self, b: Block) -> bool {
        self.array.list_of(b).is_some()
    }

    /// Client `client` reached partition `part`: their pair moves to the top of the stack. A
    /// partition no allocation sizes (revision 2's, holding only what free space gave it) is
    /// no client's share, and has no pair.
    fn touch(&mut self, part: u32, client: usize) {
        if self.parts[part as usize].target == 0 {
            return;
        }
        let pair = part * self.sides.len() as u32 + client as u32;
        if self.stack.contains(pair) {
            self.stack.move_to_back(pair);
        } else {
            self.stack.push_back(pair);
        }
    }

    /// The partition a list of the array belongs to.
    #[inline]
    fn part_of(&self, list: usize) -> usize {
        match list.checked_sub(self.parts.len()) {
            None => list,
            Some(k) => self.list_part[k] as usize,
        }
    }

    /// Blocks partition `p` holds, the list below it included.
    #[inline]
    fn part_len(&self, p: usize) -> usize {
        let below = self.parts[p].below;
        self.array.list_len(p) + if below == NO_LIST { 0 } else { self.array.list_len(below as usize) }
    }

    fn has_room(&self) -> bool {
        self.array.len() < self.array_capacity
    }

    /// Reads block `b` of the client's local range `local` (see [`Mc2::local`]).
    pub fn read(&mut self, client: usize, local: usize, b: Block) -> BlockRead {
        let mut out = BlockRead::default();
        let side = &mut self.sides[client];
        if side.cache.list_of(b).is_some() {
            side.cache.move_to_back(b);
            return out;
        }
        let loc = side.locals[local];
        let keeps = loc.target > 0;
        if let Some(p) = loc.part {
            self.touch(p, client);
        }
        match self.array.list_of(b) {
            Some(list) => {
                out.level = 1;
                let q = self.part_of(list);
                if self.parts[q].owner == Some(client as u16) && keeps {
                    // READ: the client keeps it, the array lets go of it.
                    self.array.remove(b);
                } else if self.reorders(client, &loc, q) {
                    // READ-SAVE (and every read of a shared partition): the array keeps it.
                    self.use_in_array(b, list, q);
                }
            }
            None => out.level = 2,
        }
        if keeps {
            self.make_room(client, local, &mut out);
            self.sides[client].cache.push_back(local, b);
        }
        if out.level == 2 {
            if let Some(p) = loc.part {
                if (self.parts[p as usize].owner.is_none() || !keeps) && self.saves(p as usize) {
                    self.array_insert(p as usize, client, b, &mut out);
                } else if let Some(s) = loc.copies_to {
                    // A scan's READ of a range others read at random: a copy in free space,
                    // below the random readers' blocks, so that the scan does not reorder them.
                    if self.has_room() {
                        self.array.push_back(self.parts[s as usize].below as usize, b);
                    }
                }
            }
        }
        out
    }

    /// Whether the array saves a block given to partition `p`: always in revision 1; in
    /// revision 2 if the partition has space of its own, or the array has free space.
    fn saves(&self, p: usize) -> bool {
        self.revision == Revision::One || self.parts[p].target > 0 || self.has_room()
    }

    /// A use of block `b`, in `list` of partition `q`, that counts: it becomes the most
    /// recently used block of the partition (a copy below it joins it).
    fn use_in_array(&mut self, b: Block, list: usize, q: usize) {
        if list == q {
            self.array.move_to_back(b);
        } else {
            self.array.remove(b);
            self.array.push_back(q, b);
        }
    }

    /// Evicts from the client until `local`'s partition and the cache have room for one more;
    /// each victim is demoted to its range's array partition, if it has one.
    fn make_room(&mut self, client: usize, local: usize, out: &mut BlockRead) {
        loop {
            let side = &self.sides[client];
            let from = if side.cache.list_len(local) >= side.locals[local].target as usize {
                local
            } else if side.cache.len() >= side.capacity {
                match side.client_order.iter().find(|&&l| side.cache.list_len(l as usize) > 0) {
                    Some(&l) => l as usize,
                    None => return,
                }
            } else {
                return;
            };
            let victim = match side.locals[from].order {
                Order::Lru => side.cache.front(from),
                Order::Mru => side.cache.back(from),
            };
            let Some(v) = victim else { return };
            self.sides[client].cache.remove(v);
            out.client_evictions += 1;
            self.demote(client, from, v, out);
        }
    }

    fn demote(&mut self, client: usize, from: usize, v: Block, out: &mut BlockRead) {
        let loc = self.sides[client].locals[from];
        let Some(p) = loc.part else { return };
        if !self.saves(p as usize) {
            return; // the client knows its range has no space below, and drops the block
        }
        out.demotions += 1;
        self.touch(p, client);
        if let Some(list) = self.array.list_of(v) {
            // A shared partition is inclusive: the array has it already, no data moves.
            let q = self.part_of(list);
            if list != q && loc.copies_to == Some(q as u32) {
                // The scan's own copy, below the random readers' blocks: it is the scan's
                // victim now, and joins its own partition.
                self.array.remove(v);
                self.array_insert(p as usize, client, v, out);
            } else if self.reorders(client, &loc, q) {
                self.use_in_array(v, list, q);
            }
            return;
        }
        out.demotions_moved += 1;
        self.array_insert(p as usize, client, v, out);
    }

    /// Whether `client`'s use of a block of its range `loc` found in partition `q` counts as a
    /// use there: not in another client's own partition, nor a scan's in a partition others
    /// read at random.
    fn reorders(&self, client: usize, loc: &Local, q: usize) -> bool {
        let part = &self.parts[q];
        match part.owner {
            Some(o) => o as usize == client,
            None => !(loc.scan && part.random_sharer),
        }
    }

    /// Puts `b` in partition `p` for `client`. Revision 1: evicting within `p` if it has
    /// reached its size, else from the victim client when the array is full. Revision 2: into
    /// free space first, whatever the partition's size; with the array full, within `p` if it
    /// has reached its size, else from the blocks free space gave beyond their partitions'
    /// sizes, else from the victim client.
    fn array_insert(&mut self, p: usize, client: usize, b: Block, out: &mut BlockRead) {
        match self.revision {
            Revision::One => {
                if self.array.list_len(p) >= self.parts[p].target as usize {
                    self.evict_array(p, out);
                } else if !self.has_room() {
                    let victim = self.victim_part(client);
                    self.evict_array(victim, out);
                }
            }
            Revision::Two => {
                if !self.has_room() {
                    let from = if self.part_len(p) >= self.parts[p].target as usize {
                        p
                    } else {
                        self.surplus_part().unwrap_or_else(|| self.victim_part(client))
                    };
                    self.evict_array(from, out);
                }
            }
        }
        self.array.push_back(p, b);
    }

    /// Revision 2: a partition holding more than its size (what free space gave it), to give
    /// a block back — one no allocation sizes first, then the one in the least recently used
    /// (partition, client) pair.
    fn surplus_part(&self) -> Option<usize> {
        let n = self.sides.len() as u32;
        let over = |q: usize| self.part_len(q) > self.parts[q].target as usize;
        (0..self.parts.len())
            .find(|&q| self.parts[q].target == 0 && over(q))
            .or_else(|| self.stack.iter().map(|pair| (pair / n) as usize).find(|&q| over(q)))
    }

    /// The lowest priority non-empty partition of the client in the least recently used
    /// (partition, client) pair that has one.
    fn victim_part(&self, client: usize) -> usize {
        let n = self.sides.len() as u32;
        let lowest = |c: usize| self.sides[c].array_order.iter().copied().find(|&q| self.part_len(q as usize) > 0);
        self.stack
            .iter()
            .find_map(|pair| lowest((pair % n) as usize))
            .or_else(|| lowest(client))
            .map(|q| q as usize)
            .or_else(|| (0..self.parts.len()).find(|&q| self.part_len(q) > 0))
            .expect("a full array has a non-empty partition")
    }

    /// Evicts partition `p`'s next victim: the newest copy below it, if any, else by its order.
    fn evict_array(&mut self, p: usize, out: &mut BlockRead) {
        let below = self.parts[p].below;
        let victim = if below != NO_LIST && self.array.list_len(below as usize) > 0 {
            self.array.back(below as usize)
        } else {
            match self.parts[p].order {
                Order::Lru => self.array.front(p),
                Order::Mru => self.array.back(p),
            }
        };
        if let Some(v) = victim {
            self.array.remove(v);
            out.array_evictions += 1;
        }
    }

    /// Sizes within bounds (revision 2: a partition beyond its size only by what free space
    /// gave it), lists well formed, and a client's own array partitions exclusive of its cache.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.array.validate().map_err(|e| format!("array: {e}"))?;
        if self.array.len() > self.array_capacity {
            return Err(format!("array holds {} of {}", self.array.len(), self.array_capacity));
        }
        for (p, part) in self.parts.iter().enumerate() {
            if self.revision == Revision::One && self.array.list_len(p) > part.target as usize {
                return Err(format!(
                    "array partition of range {} holds {} of {}",
                    part.id,
                    self.array.list_len(p),
                    part.target
                ));
            }
            if let Some(c) = part.owner {
                if let Some(b) = self.array.iter(p).find(|&b| self.sides[c as usize].cache.list_of(b).is_some()) {
                    return Err(format!("block {b} is in client {c}'s cache and its own array partition"));
                }
            }
        }
        for (k, &p) in self.list_part.iter().enumerate() {
            let part = &self.parts[p as usize];
            if part.below as usize != self.parts.len() + k || part.owner.is_some() || !part.random_sharer {
                return Err(format!("list {} below range {}'s partition is misfiled", self.parts.len() + k, part.id));
            }
        }
        for (c, s) in self.sides.iter().enumerate() {
            s.cache.validate().map_err(|e| format!("client {c}: {e}"))?;
            if s.cache.len() > s.capacity {
                return Err(format!("client {c} holds {} of {}", s.cache.len(), s.capacity));
            }
            for (j, l) in s.locals.iter().enumerate() {
                if s.cache.list_len(j) > l.target as usize {
                    return Err(format!("client {c}, range {}: {} of {}", l.id, s.cache.list_len(j), l.target));
                }
            }
        }
        Ok(())
    }
}

/// MC² runs the caches itself: each block of a read goes through [`Mc2::read`]; the engine
/// counts, times and records what it did.
impl Cooperation for Mc2 {
    const COUNTS_ONE_BLOCK: bool = false;

    fn make_room(&mut self, _core: &mut Core, _path: &[usize], _incoming: u32) -> u32 {
        0 // Karma makes room within the partitions (see `read`)
    }

    fn place(&mut self, _core: &mut Core, _path: &[usize], _found: usize, _target: u8, _b: Block) {}

    fn read<I: Iterator<Item = Block>>(
        &mut self,
        core: &mut Core,
        client: usize,
        path: &[usize],
        range: Option<u32>,
        blocks: I,
    ) -> (usize, u64, u32) {
        let (leaf, root) = (path[0], path[1]);
        core.clear_crossings(path);
        let local = self.local(client, range);
        let (mut deepest, mut disk_ns, mut n, mut from_disk) = (0, 0, 0, false);
        for b in blocks {
            n += 1;
            let r = Mc2::read(self, client, local, b);
            let level = r.level as usize;
            let l = &mut core.nodes[leaf];
            if level == 0 {
                l.counters.hits += 1;
            } else {
                l.counters.misses += 1;
                l.crossing += 1;
                if core.record_lookups {
                    core.lookups.push((root as u32, b));
                }
            }
            l.counters.evictions += r.client_evictions as u64;
            l.demoted += if core.demote_always { r.demotions } else { r.demotions_moved };
            let rc = &mut core.nodes[root].counters;
            rc.demotions_in += r.demotions as u64;
            rc.demotions_moved_in += r.demotions_moved as u64;
            rc.evictions += r.array_evictions as u64;
            match level {
                0 => {}
                1 => rc.hits += 1,
                _ => {
                    rc.misses += 1;
                    core.nodes[root].crossing += 1;
                    let disk = core.nodes[root].disk.as_mut().expect("roots have disks");
                    if !from_disk {
                        from_disk = true;
                        disk_ns = disk.request_ns();
                    }
                    disk_ns += disk.block_ns(b);
                }
            }
            deepest = deepest.max(level);
            let stats = &mut core.clients[client].counters;
            match stats.blocks_served_at.get_mut(level) {
                Some(at) => *at += 1,
                None => stats.disk_blocks += 1,
            }
        }
        core.clients[client].counters.block_reads += n;
        (deepest, disk_ns, 0)
    }

    /// Writes pass through to the array's separate write cache, uncached (paper 002 §2).
    fn write<I: Iterator<Item = Block> + Clone>(
        &mut self,
        core: &mut Core,
        path: &[usize],
        _hint: Option<WriteHint>,
        blocks: I,
    ) -> (usize, u32) {
        let n = blocks.count() as u32;
        core.clear_crossings(path);
        for &c in path {
            core.nodes[c].crossing += n;
        }
        (path.len() - 1, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hint(id: u32, blocks: u64, pattern: Pattern, frequency: f64) -> RangeHint {
        RangeHint { id, blocks, pattern, frequency }
    }

    fn one(capacity: usize, hints: Vec<RangeHint>, blocks: u64) -> Mc2Client {
        Mc2Client { capacity, hints, blocks }
    }

    /// Reads `blocks` of `range` for `client`; returns the level of each.
    fn reads(m: &mut Mc2, client: usize, range: u32, blocks: &[Block]) -> Vec<u8> {
        let local = m.local(client, Some(range));
        blocks
            .iter()
            .map(|&b| {
                let r = m.read(client, local, b);
                m.check_invariants().unwrap();
                r.level
            })
            .collect()
    }

    #[test]
    fn a_split_lru_range_is_one_exclusive_stack_over_both_levels() {
        // One uniform range of 6 blocks, client 2 + array 4: READ takes a block up, the client's
        // victim is demoted, so after the first pass nothing goes to disk.
        let mut m = Mc2::new(&[one(2, vec![hint(0, 6, Pattern::Uniform, 1.0)], 6)], 4, 6, false, None);
        assert_eq!(m.partitions(0)[0], (0, 2, 4, false));
        assert_eq!(reads(&mut m, 0, 0, &[0, 1, 2, 3, 4, 5]), [2; 6]);
        assert_eq!((m.client_len(0), m.array_len()), (2, 4));
        // An LRU stack of 6: 0 is its bottom (in the array), 5 its top (in the client).
        assert_eq!(reads(&mut m, 0, 0, &[0, 5, 3, 1, 2, 4, 0]), [1, 0, 1, 1, 1, 1, 1]);
        assert!(!m.array_contains(0) && m.client_contains(0, 0) && m.client_contains(0, 4));
    }

    #[test]
    fn a_loop_under_mru_keeps_most_of_itself_in_the_aggregate() {
        // A loop of 10 over client 3 + array 4: LRU would miss every time; MRU partitions keep a
        // fixed part of the loop in each level.
        let mut m = Mc2::new(&[one(3, vec![hint(0, 10, Pattern::Loop, 1.0)], 10)], 4, 10, false, None);
        let pass: Vec<Block> = (0..10).collect();
        reads(&mut m, 0, 0, &pass);
        for _ in 0..5 {
            let levels = reads(&mut m, 0, 0, &pass);
            let disk = levels.iter().filter(|&&l| l == 2).count();
            assert!(disk <= 10 - 7 + 2, "{levels:?}");
            assert!(levels.contains(&0) && levels.contains(&1), "{levels:?}");
        }
    }

    #[test]
    fn a_range_the_client_does_not_keep_is_read_saved_in_the_array() {
        // Range 0 is worth the client's whole cache; range 1 only fits the array.
        let hints = vec![hint(0, 2, Pattern::Uniform, 0.8), hint(1, 3, Pattern::Uniform, 0.2)];
        let mut m = Mc2::new(&[one(2, hints, 5)], 3, 5, false, None);
        assert_eq!(m.partitions(0)[1], (1, 0, 3, false));
        assert_eq!(reads(&mut m, 0, 1, &[2, 3, 4]), [2, 2, 2]);
        assert_eq!((m.client_len(0), m.array_len()), (0, 3));
        assert_eq!(reads(&mut m, 0, 1, &[2, 3, 4, 2]), [1, 1, 1, 1]);
    }

    #[test]
    fn shared_ranges_are_inclusive_and_serve_every_client() {
        let clients =
            [one(2, vec![hint(0, 8, Pattern::Uniform, 1.0)], 8), one(2, vec![hint(0, 8, Pattern::Uniform, 1.0)], 8)];
        let mut m = Mc2::new(&clients, 4, 8, true, None);
        assert_eq!(m.partitions(1)[0], (0, 2, 4, true));
        // Client 0's READ from disk stays in the shared partition: client 1 finds it there.
        assert_eq!(reads(&mut m, 0, 0, &[5]), [2]);
        assert!(m.array_contains(5) && m.client_contains(0, 5));
        assert_eq!(reads(&mut m, 1, 0, &[5]), [1]);
        // Not shared (disjoint ids): the READ takes it from the array to client 0 alone.
        let mut m = Mc2::new(&clients, 4, 8, false, None);
        assert_eq!(reads(&mut m, 0, 0, &[5]), [2]);
        assert!(!m.array_contains(5));
        assert_eq!(reads(&mut m, 1, 0, &[5]), [2]);
        // Alone (the single-client baseline), nothing is shared.
        let m = Mc2::new(&clients, 4, 8, true, Some(0));
        assert_eq!(m.partitions(0)[0], (0, 2, 4, false));
        assert_eq!(m.partitions(1)[0], (0, 0, 0, false));
    }

    #[test]
    fn scans_leave_a_shared_partition_read_at_random_alone() {
        let clients =
            [one(1, vec![hint(0, 8, Pattern::Loop, 1.0)], 8), one(1, vec![hint(0, 8, Pattern::Uniform, 1.0)], 8)];
        let mut m = Mc2::new(&clients, 3, 8, true, None);
        // The looping client's own part of the range is its own MRU partition (a loop of 8
        // over its cache of 1 and the array's 3: 3 blocks there); the random reader's shared
        // one takes all the array it may.
        assert_eq!(m.partitions(0)[0], (0, 1, 3, false));
        assert_eq!(m.partitions(1)[0], (0, 1, 3, true));
        reads(&mut m, 0, 0, &[0, 1, 2, 3]);
        assert_eq!((m.array_share(0), m.array_shared()), (3, 0));
        // The random reader's blocks take the array from the idle looping client.
        assert_eq!(reads(&mut m, 1, 0, &[4, 5, 6]), [2, 2, 2]);
        assert_eq!((m.array_share(0), m.array_shared()), (0, 3));
        // The looping client is served by what the random reader keeps, without reordering
        // it; it demotes its own victim (3) to its own partition, and the victim client (the
        // random reader, whose pair is older) gives up its least recently used block: 4 itself,
        // not reordered by the scan.
        assert_eq!(reads(&mut m, 0, 0, &[4]), [1]);
        assert!(m.client_contains(0, 4) && m.array_contains(3));
        assert!(!m.array_contains(4) && m.array_contains(5));
        assert_eq!((m.array_share(0), m.array_shared()), (1, 2));
        // Now the looping client's pair is the older: it gives the block back.
        assert_eq!(reads(&mut m, 1, 0, &[7]), [2]);
        assert_eq!((m.array_share(0), m.array_shared()), (0, 3));
    }

    #[test]
    fn the_least_recently_active_client_gives_up_array_space() {
        let clients = [
            one(1, vec![hint(0, 10, Pattern::Uniform, 1.0)], 10),
            one(1, vec![hint(1, 10, Pattern::Uniform, 1.0)], 10),
        ];
        let mut m = Mc2::new(&clients, 4, 20, false, None);
        reads(&mut m, 0, 0, &[0, 1, 2, 3, 4]);
        assert_eq!(m.array_share(0), 4);
        // Client 1 is now the active one: each of its demotions takes a block of client 0's.
        reads(&mut m, 1, 1, &[10, 11, 12]);
        assert_eq!((m.array_share(0), m.array_share(1)), (2, 2));
        reads(&mut m, 1, 1, &[13, 14, 15]);
        assert_eq!((m.array_share(0), m.array_share(1)), (0, 4));
        // Back to client 0: client 1's pair is now the older.
        reads(&mut m, 0, 0, &[5, 6]);
        assert_eq!((m.array_share(0), m.array_share(1)), (2, 2));
    }

    /// Reads block `b` of `range` for `client`, checking the invariants after.
    fn read_one(m: &mut Mc2, client: usize, range: u32, b: Block) -> BlockRead {
        let local = m.local(client, Some(range));
        let r = m.read(client, local, b);
        m.check_invariants().unwrap();
        r
    }

    #[test]
    fn revision_1_leaves_the_array_empty_while_a_client_misses_and_revision_2_fills_it() {
        // Paper 002's q3 + q7 at an aggregate cache of twice the data set, in small: a client
        // scanning a range (0) and one reading it at random (1), each cache holding the whole
        // range, over an array as large. Karma gives the range no array space in either client.
        let clients =
            [one(8, vec![hint(0, 8, Pattern::Loop, 1.0)], 8), one(8, vec![hint(0, 8, Pattern::Uniform, 1.0)], 8)];
        let scan: Vec<Block> = (0..8).collect();
        let mut m = Mc2::with_revision(Revision::One, &clients, 8, 8, true, None);
        assert_eq!(m.partitions(1)[0], (0, 8, 0, false));
        assert_eq!(reads(&mut m, 0, 0, &scan), [2; 8]);
        // Revision 1: no partition, so the array holds none of its 8 blocks while client 1
        // reads from disk each block client 0 has just read.
        assert_eq!(m.array_len(), 0);
        assert_eq!(reads(&mut m, 1, 0, &[5, 2, 7]), [2, 2, 2]);
        assert_eq!(m.array_len(), 0);
        // Revision 2: the range has a shared partition of size 0; the scan's READs are copied
        // into the free space below it, and client 1 finds them there.
        let mut m = Mc2::with_revision(Revision::Two, &clients, 8, 8, true, None);
        assert_eq!(m.partitions(1)[0], (0, 8, 0, true));
        assert_eq!(reads(&mut m, 0, 0, &scan), [2; 8]);
        assert_eq!((m.array_len(), m.array_shared()), (8, 8));
        assert_eq!(reads(&mut m, 1, 0, &[5, 2, 7]), [1, 1, 1]);
        // Inclusive: they stay for the next reader, and the scanner still hits in its cache.
        assert!([5, 2, 7].iter().all(|&b| m.array_contains(b) && m.client_contains(1, b)));
        assert_eq!(reads(&mut m, 0, 0, &scan), [0; 8]);
    }

    #[test]
    fn revision_2_lends_free_space_beyond_partition_sizes_and_takes_it_back_first() {
        // Range 0 (4 blocks at random, half the references) is worth the client's 2 blocks and
        // 2 of the array's 6; range 1 is sequential (worth nothing): Karma sizes the array's
        // partitions at 2 of 6.
        let hints = vec![hint(0, 4, Pattern::Uniform, 0.5), hint(1, 20, Pattern::Sequential, 0.5)];
        let stream: Vec<Block> = (4..10).collect();
        let mut m = Mc2::with_revision(Revision::One, &[one(2, hints.clone(), 24)], 6, 24, false, None);
        assert_eq!(reads(&mut m, 0, 1, &stream), [2; 6]);
        assert_eq!(reads(&mut m, 0, 0, &[0, 1, 2, 3]), [2; 4]);
        // Revision 1: range 1 has no partition and range 0's stops at its size.
        assert_eq!((m.array_len(), m.array_share(0)), (2, 2));
        assert_eq!(reads(&mut m, 0, 1, &stream), [2; 6]);

        let mut m = Mc2::with_revision(Revision::Two, &[one(2, hints, 24)], 6, 24, false, None);
        assert_eq!(m.partitions(0), [(0, 2, 2, false), (1, 0, 0, false), (REST, 0, 0, false)]);
        // Free space takes the sequential blocks (READ-SAVEs of a partition of size 0).
        assert_eq!(reads(&mut m, 0, 1, &stream), [2; 6]);
        assert_eq!(m.array_len(), 6);
        // Range 0's demotions (0, then 1) take their partition's 2 blocks back from that
        // surplus: the sequential partition is ordered MRU, so 9, then 8, go.
        assert_eq!(reads(&mut m, 0, 0, &[0, 1, 2, 3]), [2; 4]);
        assert_eq!(m.array_len(), 6);
        assert!(m.array_contains(0) && m.array_contains(1) && !m.array_contains(9) && !m.array_contains(8));
        assert_eq!(reads(&mut m, 0, 1, &stream), [1, 1, 1, 1, 2, 2]);
        // The array full, a partition of size 0 takes nothing more.
        assert!(!m.array_contains(8) && !m.array_contains(9) && m.array_len() == 6);
    }

    #[test]
    fn revision_2_drops_a_victim_with_no_space_below_once_the_array_is_full() {
        // Range 0's hot 2 blocks fill the client; range 1 is worth the array; range 0's cold
        // blocks are worth no space at all.
        let hints = vec![hint(0, 10, Pattern::PARETO, 0.8), hint(1, 2, Pattern::Uniform, 0.2)];
        let mut m = Mc2::with_revision(Revision::Two, &[one(2, hints, 12)], 2, 12, false, None);
        assert_eq!(m.partitions(0)[..2], [(0, 2, 0, false), (1, 0, 2, false)]);
        read_one(&mut m, 0, 0, 0);
        read_one(&mut m, 0, 0, 1);
        // The array has room: the client's victim (0) is demoted into it.
        let r = read_one(&mut m, 0, 0, 2);
        assert_eq!((r.level, r.client_evictions, r.demotions, r.demotions_moved), (2, 1, 1, 1));
        assert!(m.array_contains(0));
        // Range 1's READ-SAVEs take the array, 0 first (lent beyond its partition's size).
        read_one(&mut m, 0, 1, 10);
        let r = read_one(&mut m, 0, 1, 11);
        assert_eq!(r.array_evictions, 1);
        assert!(!m.array_contains(0) && m.array_len() == 2);
        // Now the client drops its victim (1): no DEMOTE, no transfer.
        let r = read_one(&mut m, 0, 0, 3);
        assert_eq!((r.client_evictions, r.demotions, r.demotions_moved), (1, 0, 0));
        assert!(!m.array_contains(1));
    }

    #[test]
    fn revision_2_copies_of_a_scan_go_first_newest_first() {
        // Client 0 scans range 0 (6 blocks, all in its cache); client 1 reads it at random with
        // 1 block of cache, so the shared partition is its 3 blocks of the array.
        let clients =
            [one(6, vec![hint(0, 6, Pattern::Loop, 1.0)], 6), one(1, vec![hint(0, 6, Pattern::Uniform, 1.0)], 6)];
        let mut m = Mc2::with_revision(Revision::Two, &clients, 3, 6, true, None);
        assert_eq!(m.partitions(1)[0], (0, 1, 3, true));
        // The scan's READs are copied below the partition while the array has room.
        assert_eq!(reads(&mut m, 0, 0, &[0, 1, 2, 3, 4, 5]), [2; 6]);
        assert!([0, 1, 2].iter().all(|&b| m.array_contains(b)) && m.array_len() == 3);
        // A random reader's hit on a copy makes it the partition's own.
        assert_eq!(reads(&mut m, 1, 0, &[1]), [1]);
        // Its READs from disk push the copies out, the newest (2) first.
        assert_eq!(reads(&mut m, 1, 0, &[4]), [2]);
        assert!(m.array_contains(0) && !m.array_contains(2) && m.array_contains(1) && m.array_contains(4));
        assert_eq!(reads(&mut m, 1, 0, &[5]), [2]);
        assert!(!m.array_contains(0) && [1, 4, 5].iter().all(|&b| m.array_contains(b)));
        // The scanner, its cache holding the range, is not affected.
        assert_eq!(reads(&mut m, 0, 0, &[0, 1, 2, 3, 4, 5]), [0; 6]);
    }

    #[test]
    fn revisions_are_numbers_1_and_2() {
        assert_eq!(serde_json::from_str::<Revision>("1").unwrap(), Revision::One);
        assert_eq!(serde_json::from_str::<Revision>("2").unwrap(), Revision::Two);
        assert_eq!(serde_json::to_string(&Revision::Two).unwrap(), "2");
        let e = serde_json::from_str::<Revision>("3").unwrap_err().to_string();
        assert!(e.contains("MC² has revisions 1 and 2 (got 3)"), "{e}");
        assert_eq!(Revision::LATEST, Revision::Two);
        let clients = [one(2, vec![hint(0, 6, Pattern::Uniform, 1.0)], 6)];
        assert_eq!(Mc2::new(&clients, 4, 6, false, None).revision(), Revision::One);
    }

    #[test]
    fn invariants_hold_under_random_hints_and_reads() {
        let mut rng = crate::util::rng::Rng::seeded(11);
        let patterns = [Pattern::Loop, Pattern::Sequential, Pattern::Uniform, Pattern::PARETO];
        for round in 0..60 {
            let universe = 60;
            let clients: Vec<Mc2Client> = (0..1 + rng.below(3) as usize)
                .map(|_| {
                    let hints = (0..rng.below(4) as u32)
                        .map(|id| hint(id, 1 + rng.below(15), patterns[rng.below(4) as usize], 0.2))
                        .collect();
                    one(1 + rng.below(8) as usize, hints, universe)
                })
                .collect();
            let shared = round % 2 == 0;
            let active = (round % 5 == 4).then_some(0);
            let revision = if round % 3 == 0 { Revision::One } else { Revision::Two };
            let array = 1 + rng.below(12) as usize;
            let mut m = Mc2::with_revision(revision, &clients, array, universe as usize, shared, active);
            for _ in 0..400 {
                let c = if active.is_some() { 0 } else { rng.below(clients.len() as u64) as usize };
                let range = (rng.below(5) as u32).checked_sub(1);
                let local = m.local(c, range);
                m.read(c, local, rng.below(universe) as Block);
                m.check_invariants().unwrap_or_else(|e| panic!("round {round}: {e}"));
            }
        }
    }
}
