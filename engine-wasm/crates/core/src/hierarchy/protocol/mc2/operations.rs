//! MC²'s operations on one block (§2: READ, READ-SAVE, DEMOTE) and the array's global
//! allocation among the (partition, client) pairs (§3.2), with revision 2's free space (see the
//! module docs of [`super`]).

use super::*;

impl Mc2 {
    /// Client `client` reached partition `part`: their pair moves to the top of the stack. A
    /// partition no allocation sizes (revision 2's, holding only what free space gave it) is
    /// no client's share, and has no pair.
    pub(super) fn touch(&mut self, part: u32, client: usize) {
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
    pub(super) fn part_of(&self, list: usize) -> usize {
        match list.checked_sub(self.parts.len()) {
            None => list,
            Some(k) => self.list_part[k] as usize,
        }
    }

    /// Blocks partition `p` holds, the list below it included.
    #[inline]
    pub(super) fn part_len(&self, p: usize) -> usize {
        let below = self.parts[p].below;
        self.array.list_len(p) + if below == NO_LIST { 0 } else { self.array.list_len(below as usize) }
    }

    pub(super) fn has_room(&self) -> bool {
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
    pub(super) fn saves(&self, p: usize) -> bool {
        self.revision == Revision::One || self.parts[p].target > 0 || self.has_room()
    }

    /// A use of block `b`, in `list` of partition `q`, that counts: it becomes the most
    /// recently used block of the partition (a copy below it joins it).
    pub(super) fn use_in_array(&mut self, b: Block, list: usize, q: usize) {
        if list == q {
            self.array.move_to_back(b);
        } else {
            self.array.remove(b);
            self.array.push_back(q, b);
        }
    }

    /// Evicts from the client until `local`'s partition and the cache have room for one more;
    /// each victim is demoted to its range's array partition, if it has one.
    pub(super) fn make_room(&mut self, client: usize, local: usize, out: &mut BlockRead) {
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

    pub(super) fn demote(&mut self, client: usize, from: usize, v: Block, out: &mut BlockRead) {
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
    pub(super) fn reorders(&self, client: usize, loc: &Local, q: usize) -> bool {
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
    pub(super) fn array_insert(&mut self, p: usize, client: usize, b: Block, out: &mut BlockRead) {
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
    pub(super) fn surplus_part(&self) -> Option<usize> {
        let n = self.sides.len() as u32;
        let over = |q: usize| self.part_len(q) > self.parts[q].target as usize;
        (0..self.parts.len())
            .find(|&q| self.parts[q].target == 0 && over(q))
            .or_else(|| self.stack.iter().map(|pair| (pair / n) as usize).find(|&q| over(q)))
    }

    /// The lowest priority non-empty partition of the client in the least recently used
    /// (partition, client) pair that has one.
    pub(super) fn victim_part(&self, client: usize) -> usize {
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
    pub(super) fn evict_array(&mut self, p: usize, out: &mut BlockRead) {
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
