//! Raw block numbers → dense ids by first appearance: the one hash table on the way in.
//!
//! Parsing a big trace is mostly this table's cache misses: each reference looks up an id in a
//! table of every distinct block seen. So lookups are batched: first every slot of the batch
//! is touched (independent loads, which the processor overlaps — wasm has no prefetch, but
//! out-of-order execution does the same for independent loads), then the batch is resolved in
//! order, mostly from cache. Open addressing with linear probing over 16-byte slots (key and
//! id + 1, 0 meaning empty), Fibonacci hashing of groups of eight blocks, at most 5/8 full.

use crate::model::Block;

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Slot {
    key: u64,
    /// Dense id + 1; 0: empty.
    id: u32,
}

pub(crate) struct DenseIds {
    slots: Vec<Slot>,
    shift: u32,
    len: usize,
}

/// References resolved together.
pub(crate) const BATCH: usize = 32;

impl DenseIds {
    pub(crate) fn new() -> Self {
        Self { slots: vec![Slot::default(); 1024], shift: 64 - 10, len: 0 }
    }

    /// Eight consecutive blocks share a hashed group of eight slots (two cache lines): a
    /// request spanning a run of blocks, the common case in block traces, touches one group
    /// rather than a slot per block.
    #[inline]
    fn home(&self, key: u64) -> usize {
        let group = ((key >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (self.shift + 3)) as usize;
        (group << 3) | (key & 7) as usize
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![Slot::default(); old.len() * 2];
        self.shift -= 1;
        let mask = self.slots.len() - 1;
        for s in old.into_iter().filter(|s| s.id != 0) {
            let mut i = self.home(s.key);
            while self.slots[i].id != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = s;
        }
    }

    /// The ids of `keys` (at most [`BATCH`]), appended to `out`; keys seen for the first time
    /// get the next ids, in order, and are appended to `raw`.
    pub(crate) fn resolve(&mut self, keys: &[u64], out: &mut Vec<Block>, raw: &mut Vec<u64>) {
        debug_assert!(keys.len() <= BATCH);
        if (self.len + keys.len()) * 8 > self.slots.len() * 5 {
            self.grow();
        }
        // Touch every home slot first: the loads overlap.
        let mut homes = [0usize; BATCH];
        let mut sink = 0u64;
        for (h, &k) in homes.iter_mut().zip(keys) {
            *h = self.home(k);
            sink ^= self.slots[*h].key;
        }
        std::hint::black_box(sink);
        let mask = self.slots.len() - 1;
        for (&k, &h) in keys.iter().zip(&homes) {
            let mut i = h;
            loop {
                let s = self.slots[i];
                if s.id == 0 {
                    self.slots[i] = Slot { key: k, id: raw.len() as u32 + 1 };
                    out.push(raw.len() as Block);
                    raw.push(k);
                    self.len += 1;
                    break;
                }
                if s.key == k {
                    out.push(s.id - 1);
                    break;
                }
                i = (i + 1) & mask;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng::Rng;

    #[test]
    fn numbers_by_first_appearance_like_a_hash_map() {
        let mut rng = Rng::seeded(4);
        let keys: Vec<u64> = (0..100_000).map(|i| if i % 3 == 0 { rng.next_u64() } else { rng.below(5000) }).collect();
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
    }
}
