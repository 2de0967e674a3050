//! Raw block numbers → dense ids by first appearance: the one hash table on the way in.
//!
//! Parsing a big trace is mostly this table's cache misses: each reference looks up an id in a
//! table of every distinct block seen. So lookups are batched: first every slot of the batch
//! is touched (independent loads, which the processor overlaps — wasm has no prefetch, but
//! out-of-order execution does the same for independent loads), then the batch is resolved in
//! order, mostly from cache. Open addressing with linear probing (id + 1 beside the key, 0
//! meaning empty), Fibonacci hashing of groups of eight blocks, at most 5/8 full. Slots are
//! 8 bytes while every key fits in 32 bits — half the table, so more of it stays in cache (on
//! the parse benchmark, oracleGeneral in wasm went from 660 to 900 MB/s) — and 16 bytes from
//! the first key that does not.

use crate::model::Block;

/// A table slot: a key and its dense id + 1 (0: empty).
trait Slot: Copy + Default {
    fn new(key: u64, id1: u32) -> Self;
    fn key(self) -> u64;
    fn id1(self) -> u32;
}

/// While every key fits in 32 bits (block numbers of any disk under 16 TiB at 4 KiB, most
/// object ids): the key in the high half, the id + 1 in the low half — a group of eight is one
/// cache line, and the table half the size.
impl Slot for u64 {
    #[inline]
    fn new(key: u64, id1: u32) -> Self {
        (key << 32) | id1 as u64
    }
    #[inline]
    fn key(self) -> u64 {
        self >> 32
    }
    #[inline]
    fn id1(self) -> u32 {
        self as u32
    }
}

/// Any key: 16 bytes.
#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Wide {
    key: u64,
    id1: u32,
}

impl Slot for Wide {
    #[inline]
    fn new(key: u64, id1: u32) -> Self {
        Self { key, id1 }
    }
    #[inline]
    fn key(self) -> u64 {
        self.key
    }
    #[inline]
    fn id1(self) -> u32 {
        self.id1
    }
}

pub(crate) struct DenseIds {
    /// The table while every key fits in 32 bits.
    narrow: Vec<u64>,
    /// The table once one does not (then `narrow` is empty).
    wide: Vec<Wide>,
    shift: u32,
    len: usize,
}

/// References resolved together.
pub(crate) const BATCH: usize = 32;

/// Eight consecutive blocks share a hashed group of eight slots: a request spanning a run of
/// blocks, the common case in block traces, touches one group rather than a slot per block.
#[inline]
fn home(shift: u32, key: u64) -> usize {
    let group = ((key >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (shift + 3)) as usize;
    (group << 3) | (key & 7) as usize
}

/// `len` empty slots, written rather than allocated zeroed: the lookups read a slot before they
/// write it, and a zeroed allocation's page read first is the kernel's shared zero page, whose
/// first write then faults again and flushes every core's TLB: on a 10 M-request trace of 1 M
/// objects, about 3 % of the reader's samples, and 5–8 % of a reader-bound run's wall time.
fn empty<T: Slot>(len: usize) -> Vec<T> {
    let mut slots = Vec::with_capacity(len);
    slots.resize(len, T::default());
    slots
}

fn rehash<S: Slot, T: Slot>(old: &[S], len: usize, shift: u32) -> Vec<T> {
    let mut slots: Vec<T> = empty(len);
    let mask = len - 1;
    for s in old.iter().filter(|s| s.id1() != 0) {
        let mut i = home(shift, s.key());
        while slots[i].id1() != 0 {
            i = (i + 1) & mask;
        }
        slots[i] = T::new(s.key(), s.id1());
    }
    slots
}

fn resolve_in<S: Slot>(slots: &mut [S], shift: u32, keys: &[u64], out: &mut Vec<Block>, raw: &mut Vec<u64>) {
    // Touch every home slot first: the loads overlap.
    let mut homes = [0usize; BATCH];
    let mut sink = 0u64;
    for (h, &k) in homes.iter_mut().zip(keys) {
        *h = home(shift, k);
        sink ^= slots[*h].key();
    }
    std::hint::black_box(sink);
    let mask = slots.len() - 1;
    for (&k, &h) in keys.iter().zip(&homes) {
        let mut i = h;
        loop {
            let s = slots[i];
            if s.id1() == 0 {
                slots[i] = S::new(k, raw.len() as u32 + 1);
                out.push(raw.len() as Block);
                raw.push(k);
                break;
            }
            if s.key() == k {
                out.push(s.id1() - 1);
                break;
            }
            i = (i + 1) & mask;
        }
    }
}

impl DenseIds {
    pub(crate) fn new() -> Self {
        Self { narrow: empty(1024), wide: Vec::new(), shift: 64 - 10, len: 0 }
    }

    fn capacity(&self) -> usize {
        self.narrow.len().max(self.wide.len())
    }

    /// The ids of `keys` (at most [`BATCH`]), appended to `out`; keys seen for the first time
    /// get the next ids, in order, and are appended to `raw`.
    pub(crate) fn resolve(&mut self, keys: &[u64], out: &mut Vec<Block>, raw: &mut Vec<u64>) {
        debug_assert!(keys.len() <= BATCH);
        if (self.len + keys.len()) * 8 > self.capacity() * 5 {
            let len = self.capacity() * 2;
            self.shift -= 1;
            if self.wide.is_empty() {
                self.narrow = rehash(&self.narrow, len, self.shift);
            } else {
                self.wide = rehash(&self.wide, len, self.shift);
            }
        }
        if self.wide.is_empty() && keys.iter().fold(0, |a, k| a | k) >> 32 != 0 {
            self.wide = rehash(&self.narrow, self.narrow.len(), self.shift);
            self.narrow = Vec::new();
        }
        let before = raw.len();
        if self.wide.is_empty() {
            resolve_in(&mut self.narrow, self.shift, keys, out, raw);
        } else {
            resolve_in(&mut self.wide, self.shift, keys, out, raw);
        }
        self.len += raw.len() - before;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng::Rng;

    fn check(keys: &[u64]) -> DenseIds {
        let mut d = DenseIds::new();
        let (mut out, mut raw) = (Vec::new(), Vec::new());
        for batch in keys.chunks(BATCH) {
            d.resolve(batch, &mut out, &mut raw);
        }
        let mut map = std::collections::HashMap::new();
        let mut want_raw = Vec::new();
        let want: Vec<Block> = keys
            .iter()
            .map(|&k| {
                *map.entry(k).or_insert_with(|| {
                    want_raw.push(k);
                    want_raw.len() as Block - 1
                })
            })
            .collect();
        assert_eq!(out, want);
        assert_eq!(raw, want_raw);
        d
    }

    #[test]
    fn numbers_by_first_appearance_like_a_hash_map() {
        let mut rng = Rng::seeded(4);
        let keys: Vec<u64> = (0..100_000).map(|i| if i % 3 == 0 { rng.next_u64() } else { rng.below(5000) }).collect();
        assert!(!check(&keys).wide.is_empty());
    }

    #[test]
    fn narrow_slots_hold_32_bit_keys_and_widen_at_the_first_wider_one() {
        let mut rng = Rng::seeded(5);
        // Runs of blocks and repeats, all below 2^32 (the edges included), through several
        // doublings of the narrow table.
        let mut keys: Vec<u64> = (0..150_000)
            .map(|i| match i % 4 {
                0 => rng.below(1 << 32),
                1 => u32::MAX as u64 - rng.below(100),
                _ => rng.below(20_000),
            })
            .collect();
        let narrow = check(&keys);
        assert!(narrow.wide.is_empty() && narrow.narrow.len() >= 1 << 17);
        // Then 2^32 itself, in the middle of a batch, and more of both kinds.
        keys.extend((0..50_000).map(|i| {
            if i == 7 {
                1 << 32
            } else if i % 5 == 0 {
                rng.next_u64()
            } else {
                rng.below(20_000)
            }
        }));
        let wide = check(&keys);
        assert!(wide.narrow.is_empty() && !wide.wide.is_empty());
    }
}
