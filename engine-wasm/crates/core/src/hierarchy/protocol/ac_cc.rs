//! Paper 003's client-controlled caching (AC_CC), after Jiang and Zhang's ULC ("unified
//! level-aware caching", ICDCS 2004): each client runs every level of its path as one unified
//! cache. It measures, for each block it reads, the distance between its last two references
//! (in its own block references) and places the block by it: at the lowest level whose
//! summed size from the client up covers that distance — within the client cache's size, in
//! the client; farther, one level up, and so on; a first reference, or a distance beyond every
//! level, at the root. A block lives in one level of a path: a block the client takes from a
//! level above leaves that level (a READ that moves it), and what a level evicts moves one
//! level up (a DEMOTE), as in a single LRU stack cut into levels. Writes are written through
//! without caching above the client (ULC's bypass), so the client's copy stays the only one.
//!
//! With one client over one array this is paper 003's AC_CC exactly (the distance within the
//! client's size or not). Its multi-client form — ULC's, where the server's cache is shared by
//! the blocks every client places there — keeps the same rule per client, with each client's
//! own clock, and one more: no block is placed or demoted into a shared cache while another
//! client below that cache holds it, so that every path still holds each block at most once
//! (such a block is simply not cached at that level).

use super::{Caches, Cooperation};
use crate::model::{Block, WriteHint};

#[derive(Clone, Debug)]
pub struct AcCc {
    /// Per client: per block, the time of its latest reference (the client's block references,
    /// counted from 1; 0 = never), and the client's clock.
    last_ref: Vec<Vec<u64>>,
    now: Vec<u64>,
    /// Per client, per level of its path: the summed capacity of its caches up to that level.
    reach: Vec<Vec<u64>>,
}

impl AcCc {
    /// `paths[c]` and the capacities of the caches (by index).
    pub fn new(paths: &[Box<[usize]>], capacities: &[usize]) -> Self {
        let reach = paths
            .iter()
            .map(|p| {
                let mut sum = 0u64;
                p.iter()
                    .map(|&i| {
                        sum += capacities[i] as u64;
                        sum
                    })
                    .collect()
            })
            .collect();
        Self { last_ref: vec![Vec::new(); paths.len()], now: vec![0; paths.len()], reach }
    }
}

impl Cooperation for AcCc {
    const PASSES_HINTS: bool = true;
    const PLACES: bool = true;

    #[inline]
    fn reference(&mut self, client: usize, path: &[usize], b: Block) -> u8 {
        let now = &mut self.now[client];
        *now += 1;
        let last_ref = &mut self.last_ref[client];
        if last_ref.len() <= b as usize {
            last_ref.resize((b as usize + 1).max(last_ref.len() * 2), 0);
        }
        let last = std::mem::replace(&mut last_ref[b as usize], *now);
        let root = path.len() - 1;
        if last == 0 {
            return root as u8;
        }
        let distance = *now - last;
        self.reach[client][..root].iter().position(|&r| distance <= r).unwrap_or(root) as u8
    }

    #[inline(always)]
    fn make_room<C: Caches>(&mut self, caches: &mut C, path: &[usize], incoming: u32) -> u32 {
        let leaf = path[0];
        let limit = caches.room_for(leaf, incoming);
        while caches.room_short(leaf, limit) {
            let Some(v) = caches.evict(leaf) else { break };
            if let Some(&p) = path.get(1) {
                caches.demote(leaf, p, v);
            }
        }
        0
    }

    #[inline]
    fn place<C: Caches>(&mut self, caches: &mut C, path: &[usize], found: usize, target: u8, b: Block) {
        let t = target as usize;
        if found < path.len() && t >= found {
            return; // it stays where it was found (the lookup reordered it)
        }
        if found < path.len() {
            // It moves down to where it belongs: one level only.
            caches.remove(path[found], b);
        }
        if t == 0 {
            caches.insert_client(path[0], b);
        } else if !caches.held_below_elsewhere(path[t], path, b) {
            let end = caches.upper_end(path[t], Self::PASSES_HINTS);
            caches.insert(path[t], b, end);
        }
    }

    #[inline]
    fn write_above<C: Caches>(&mut self, caches: &mut C, path: &[usize], b: Block, _hint: Option<WriteHint>) {
        // Written through without caching (ULC's cache bypass): the client's copy is the only one.
        for &c in &path[1..] {
            caches.remove(c, b);
        }
    }
}
