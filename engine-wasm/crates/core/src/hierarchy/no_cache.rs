//! The absent cache: holds nothing, so every lookup misses and every insertion is undone at
//! once (reported as its own victim). A single-cache topology is a client over a `NoCache`
//! array, which keeps one code path, one latency model and one set of counters for both shapes.

use crate::model::Block;
use crate::policy::{End, Policy};

#[derive(Clone, Copy, Debug, Default)]
pub struct NoCache;

impl Policy for NoCache {
    fn name(&self) -> &'static str {
        "none"
    }
    fn capacity(&self) -> usize {
        0
    }
    fn len(&self) -> usize {
        0
    }
    fn contains(&self, _block: Block) -> bool {
        false
    }
    fn on_hit(&mut self, _block: Block) -> bool {
        false
    }
    fn miss_end(&self) -> End {
        End::EjectLast
    }
    fn insert(&mut self, block: Block, _end: End, evicted: &mut Vec<Block>) {
        evicted.push(block);
    }
    fn reposition(&mut self, _block: Block, _end: End) -> bool {
        false
    }
    fn remove(&mut self, _block: Block) -> bool {
        false
    }
    fn evict(&mut self) -> Option<Block> {
        None
    }
    fn contents(&self, _out: &mut Vec<Block>) {}
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}
