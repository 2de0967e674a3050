//! Paper 000 §4.5 SEQUENTIAL: one-block reads cycling through `0..blocks` in order.

use super::Workload;
use crate::model::{Block, Request};

pub struct Sequential {
    blocks: u64,
    next: u64,
    remaining: u64,
}

impl Sequential {
    pub fn new(blocks: u64, requests: u64) -> Self {
        assert!(blocks > 0 && blocks <= u32::MAX as u64, "validated by WorkloadConfig");
        Self { blocks, next: 0, remaining: requests }
    }
}

impl Workload for Sequential {
    #[inline]
    fn next_request(&mut self) -> Option<Request> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let b = self.next;
        self.next = if b + 1 == self.blocks { 0 } else { b + 1 };
        Some(Request::read(b as Block))
    }

    fn universe(&self) -> usize {
        self.blocks as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_in_order() {
        let mut w = Sequential::new(3, 7);
        let got: Vec<Block> = std::iter::from_fn(|| w.next_request()).map(|r| r.block).collect();
        assert_eq!(got, [0, 1, 2, 0, 1, 2, 0]);
    }
}
