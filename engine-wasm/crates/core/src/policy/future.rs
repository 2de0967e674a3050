//! What offline policies know of the future: for each position of the reference string, the
//! position of the block's next *use* (every reference for MIN; the next read for read-OPT),
//! found in one backward pass over a per-id array — no hashing. The policy advances a cursor
//! by one reference per `on_hit` call; a block that does not match the string at the cursor is
//! treated as never used again rather than failing.

use crate::model::Block;

/// Position of no further use.
pub const NEVER: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub struct Future {
    refs: Vec<Block>,
    next: Vec<u32>,
    cursor: usize,
    /// Per id: the next use recorded at its latest reference.
    pending: Vec<u32>,
}

impl Future {
    /// `refs`: the reference string with, for each reference, whether it counts as a use.
    /// Positions are `u32`: strings of `NEVER` references or more are refused.
    pub fn new(universe: usize, refs: impl ExactSizeIterator<Item = (Block, bool)> + Clone) -> Result<Self, String> {
        let n = refs.len();
        if n >= NEVER as usize {
            return Err(format!("offline policies handle at most {} references (got {n})", NEVER - 1));
        }
        let universe = universe.max(refs.clone().map(|(b, _)| b as usize + 1).max().unwrap_or(0));
        let blocks: Vec<Block> = refs.clone().map(|(b, _)| b).collect();
        let uses: Vec<bool> = refs.map(|(_, u)| u).collect();
        let mut used_at = vec![NEVER; universe];
        let mut next = vec![NEVER; n];
        for i in (0..n).rev() {
            let b = blocks[i] as usize;
            next[i] = used_at[b];
            if uses[i] {
                used_at[b] = i as u32;
            }
        }
        Ok(Self { refs: blocks, next, cursor: 0, pending: used_at })
    }

    /// One reference to `block`: moves the cursor on and returns (and records) its next use.
    #[inline]
    pub fn advance(&mut self, block: Block) -> u32 {
        let i = self.cursor;
        self.cursor += 1;
        let next = if self.refs.get(i) == Some(&block) { self.next[i] } else { NEVER };
        if block as usize >= self.pending.len() {
            self.pending.resize(block as usize + 1, NEVER);
        }
        self.pending[block as usize] = next;
        next
    }

    /// The next use of `block` as of its latest reference.
    #[inline]
    pub fn next_use(&self, block: Block) -> u32 {
        self.pending.get(block as usize).copied().unwrap_or(NEVER)
    }
}
