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
mod operations;

pub use karma::{allocate, validate_hints, with_rest, Allocation, REST};

use super::{BlockRead, Caches, Cooperation};
use crate::model::{Block, Pattern, RangeHint};
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
}

/// MC² runs the caches itself: each block of a read goes through [`Mc2::read`]; the engine
/// counts, times and records what it did. Writes are not MC²'s business (paper 002 §2: the
/// array has a separate write cache): they pass through uncached.
impl Cooperation for Mc2 {
    const RUNS_CACHES: bool = true;

    fn make_room<C: Caches>(&mut self, _caches: &mut C, _path: &[usize], _incoming: u32) -> u32 {
        0 // Karma makes room within the partitions (see `read`)
    }

    fn place<C: Caches>(&mut self, _caches: &mut C, _path: &[usize], _found: usize, _target: u8, _b: Block) {}

    #[inline]
    fn read_itself<I: Iterator<Item = Block>>(
        &mut self,
        client: usize,
        range: Option<u32>,
        blocks: I,
        mut each: impl FnMut(Block, BlockRead),
    ) {
        let local = self.local(client, range);
        for b in blocks {
            each(b, Mc2::read(self, client, local, b));
        }
    }
}

#[cfg(test)]
mod tests;
