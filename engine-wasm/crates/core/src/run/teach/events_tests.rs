//! Each policy's decisions, on hand-worked request strings: the lists after each step in the
//! comments (next victim first), then the events the step must carry.

use super::super::tests::{letters, single, two_level};
use super::super::{teach, Start, TeachRequest};
use super::TeachEvent::{self, Mark, Moved, Status, Target};
use crate::model::{Block, Op, WriteHint};
use crate::policy::{PolicyConfig, StackStatus};

const A: Block = 0;
const B: Block = 1;
const C: Block = 2;
const D: Block = 3;
const E: Block = 4;

/// The events of every step after the start.
fn events(policy: PolicyConfig, capacity: u64, requests: &[TeachRequest]) -> Vec<Vec<TeachEvent>> {
    let steps = teach(&single(policy, capacity), requests, &Start::new()).unwrap();
    assert!(steps[0].events.is_empty());
    steps[1..].iter().map(|s| s.events.clone()).collect()
}

/// `block` entered list `to`.
fn entered(block: Block, to: &str) -> TeachEvent {
    Moved { cache: 0, block, from: None, to: Some(to.into()), from_ghost: false, to_ghost: false, next_use: None }
}

/// `block` moved between two resident lists.
fn moved(block: Block, from: &str, to: &str) -> TeachEvent {
    Moved {
        cache: 0,
        block,
        from: Some(from.into()),
        to: Some(to.into()),
        from_ghost: false,
        to_ghost: false,
        next_use: None,
    }
}

/// `block` was evicted from `from`, to ghost list `to` (or out of every list), next asked for at
/// step `next_use`.
fn evicted(block: Block, from: &str, to: Option<&str>, next_use: Option<usize>) -> TeachEvent {
    Moved {
        cache: 0,
        block,
        from: Some(from.into()),
        to: to.map(str::to_string),
        from_ghost: false,
        to_ghost: to.is_some(),
        next_use,
    }
}

/// A ghost hit: `block` comes back from ghost list `from` into `to`.
fn recalled(block: Block, from: &str, to: &str) -> TeachEvent {
    Moved {
        cache: 0,
        block,
        from: Some(from.into()),
        to: Some(to.into()),
        from_ghost: true,
        to_ghost: false,
        next_use: None,
    }
}

/// ARC, c = 2, over A B A C B D A (Fig. 4; p starts at 0).
#[test]
fn arc_narrates_its_ghost_hits_and_p() {
    let e = events(PolicyConfig::Arc, 2, &letters("A B A C B D A"));
    assert_eq!(e[0], [entered(A, "T1")]); // T1 [A]
    assert_eq!(e[1], [entered(B, "T1")]); // T1 [A, B]
    assert_eq!(e[2], [moved(A, "T1", "T2")]); // a hit: T1 [B], T2 [A]
                                              // IV-B, REPLACE: |T1| = 1 > p = 0, so B goes to B1; T1 [C], T2 [A], B1 [B]. B is next asked
                                              // for at step 5.
    assert_eq!(e[3], [evicted(B, "T1", Some("B1"), Some(5)), entered(C, "T1")]);
    // II: a ghost hit in B1 raises p from 0 to 1; REPLACE: |T1| = 1 = p, so T2's A goes to B2;
    // B to T2: T1 [C], T2 [B], B1 [], B2 [A].
    let p = |from: f64, to: f64| Target { cache: 0, name: "p".into(), from, to };
    assert_eq!(e[4], [p(0.0, 1.0), evicted(A, "T2", Some("B2"), Some(7)), recalled(B, "B1", "T2")]);
    // IV-B: REPLACE, |T1| = 1 = p, so T2's B goes to B2 (never asked for again): T1 [C, D],
    // T2 [], B2 [A, B].
    assert_eq!(e[5], [evicted(B, "T2", Some("B2"), None), entered(D, "T1")]);
    // III: a ghost hit in B2 lowers p from 1 to 0 (δ2 = max(|B1| / |B2|, 1) = 1); REPLACE:
    // |T1| = 2 > p, so C goes to B1: T1 [D], T2 [A], B1 [C], B2 [B].
    assert_eq!(e[6], [p(1.0, 0.0), evicted(C, "T1", Some("B1"), None), recalled(A, "B2", "T2")]);
}

/// LIRS, c = 3 (Llirs = 2, Lhirs = 1), the start of `lirs::hand_worked_example`.
#[test]
fn lirs_narrates_status_changes_and_pruning() {
    use StackStatus::{HirNonResident as N, HirResident as H, Lir as L};
    let status = |block, from, to| Status { cache: 0, block, from, to };
    let e = events(PolicyConfig::Lirs { hir_share: 0.01 }, 3, &letters("A B C D B A D E D"));
    assert_eq!(e[0], [entered(A, "LIR"), status(A, None, Some(L))]); // S: A
    assert_eq!(e[1], [entered(B, "LIR"), status(B, None, Some(L))]); // S: A B
    assert_eq!(e[2], [entered(C, "HIR resident"), status(C, None, Some(H))]); // S: A B c, Q: c
                                                                              // Q's front C is evicted and stays in S non-resident: S: A B ~c d, Q: d.
    assert_eq!(
        e[3],
        [
            evicted(C, "HIR resident", Some("HIR non-resident"), None),
            entered(D, "HIR resident"),
            status(C, Some(H), Some(N)),
            status(D, None, Some(H)),
        ]
    );
    assert_eq!(e[4], []); // a hit on a LIR block not at the bottom: S: A ~c d B
                          // A hit on the bottom LIR: to the top, and S is pruned down to a LIR bottom — ~c is
                          // forgotten, d leaves S but stays in Q: S: B A, Q: d.
    assert_eq!(
        e[5],
        [
            Moved {
                cache: 0,
                block: C,
                from: Some("HIR non-resident".into()),
                to: None,
                from_ghost: true,
                to_ghost: false,
                next_use: None
            },
            status(C, Some(N), None),
            status(D, Some(H), None),
        ]
    );
    assert_eq!(e[6], [status(D, None, Some(H))]); // a resident HIR not in S: S: B A d, Q: d
                                                  // D evicted, remembered: S: B A ~d e, Q: e.
    assert_eq!(
        e[7],
        [
            evicted(D, "HIR resident", Some("HIR non-resident"), Some(9)),
            entered(E, "HIR resident"),
            status(D, Some(H), Some(N)),
            status(E, None, Some(H)),
        ]
    );
    // D is non-resident in S: E evicted; D becomes LIR, and the bottom LIR B is demoted to Q
    // (and pruned from S): S: A ~e D, Q: b. (Moves in the order of the lists before — Q, the
    // LIR blocks, the non-resident ones — statuses in S's order before, bottom first.)
    assert_eq!(
        e[8],
        [
            evicted(E, "HIR resident", Some("HIR non-resident"), None),
            moved(B, "LIR", "HIR resident"),
            Moved {
                cache: 0,
                block: D,
                from: Some("HIR non-resident".into()),
                to: Some("LIR".into()),
                from_ghost: true,
                to_ghost: false,
                next_use: None
            },
            status(B, Some(L), None),
            status(D, Some(N), Some(L)),
            status(E, Some(H), Some(N)),
        ]
    );
}

/// A mark's change on cache 0.
fn mark(block: Block, name: &str, from: u32, to: u32) -> TeachEvent {
    Mark { cache: 0, block, name: name.into(), from, to }
}

/// S3-FIFO, c = 3 (S holds 1), over A B C A A D.
#[test]
fn s3fifo_narrates_promotion_from_s_to_m() {
    let e = events(PolicyConfig::S3Fifo { small_share: 0.1 }, 3, &letters("A B C A A D"));
    assert_eq!((&e[0], &e[1], &e[2]), (&vec![entered(A, "S")], &vec![entered(B, "S")], &vec![entered(C, "S")]));
    assert_eq!((&e[3], &e[4]), (&vec![mark(A, "freq", 0, 1)], &vec![mark(A, "freq", 1, 2)])); // hits count
                                                                                              // Full: S's head A was hit twice, so it moves to M (count cleared); B was not: to G.
                                                                                              // S [C, D], M [A], G [B].
    assert_eq!(e[5], [moved(A, "S", "M"), evicted(B, "S", Some("G"), None), entered(D, "S"), mark(A, "freq", 2, 0)]);
}

/// CLOCK, c = 3, over A B C A D: the hand clears A's bit and takes B.
#[test]
fn clock_narrates_the_hand_and_the_reference_bits() {
    let e = events(PolicyConfig::Clock, 3, &letters("A B C A D"));
    assert_eq!(e[2], [entered(C, "cache")]); // ring [A, B, C], hand at A, bits 0 0 0
    assert_eq!(e[3], [mark(A, "ref", 0, 1)]); // a hit sets A's bit
                                              // The hand passes A (clearing its bit; A goes round) and evicts B, whose bit is clear; D
                                              // enters behind the hand: ring [C, A, D].
    assert_eq!(e[4], [evicted(B, "cache", None, None), entered(D, "cache"), mark(A, "ref", 1, 0)]);
}

/// SLRU, c = 4 (protected holds 2), over A B C A B C.
#[test]
fn slru_narrates_promotion_and_demotion_from_protected() {
    let share = PolicyConfig::Slru { protected_share: 0.5 };
    let e = events(share, 4, &letters("A B C A B C"));
    assert_eq!(e[2], [entered(C, "probationary")]); // probationary [A, B, C]
    assert_eq!(e[3], [moved(A, "probationary", "protected")]); // protected [A]
    assert_eq!(e[4], [moved(B, "probationary", "protected")]); // protected [A, B]
                                                               // C's hit overflows protected: its LRU block A drops back to probationary.
    assert_eq!(e[5], [moved(C, "probationary", "protected"), moved(A, "protected", "probationary")]);
}

/// MQ, c = 4, over A B A: A's second reference (f = 2) moves it up to Q1.
#[test]
fn mq_narrates_its_queue_moves() {
    let e = events(PolicyConfig::Mq { life_time: 0 }, 4, &letters("A B A"));
    assert_eq!((&e[0], &e[1]), (&vec![entered(A, "Q0")], &vec![entered(B, "Q0")]));
    assert_eq!(e[2], [moved(A, "Q0", "Q1"), mark(A, "f", 1, 2)]); // Q0 [B], Q1 [A]
}

/// TQ in the array (c = 4) under an LRU client, inclusive, as `hinted_writes_reach_tq_with_their_hint`:
/// a READ puts a block in Qlow (the client has just loaded it); a REPLACE write of A (the client
/// letting it go) moves it to Qhigh: Qlow [B], Qhigh [A].
#[test]
fn tq_narrates_its_hint_routing() {
    let s = two_level(PolicyConfig::Lru, PolicyConfig::Tq, crate::hierarchy::Protocol::None, 4);
    let write = TeachRequest { op: Op::Write, hint: Some(WriteHint::Replace), ..letters("A")[0] };
    let steps = teach(&s, &[letters("A")[0], letters("B")[0], write], &Start::new()).unwrap();
    let array = |n: usize| steps[n].events.iter().filter(|e| event_cache(e) == 1).cloned().collect::<Vec<_>>();
    let moved = |block, from: Option<&str>, list: &str| Moved {
        cache: 1,
        block,
        from: from.map(str::to_string),
        to: Some(list.into()),
        from_ghost: false,
        to_ghost: false,
        next_use: None,
    };
    assert_eq!(array(1), [moved(A, None, "Qlow")]);
    assert_eq!(array(2), [moved(B, None, "Qlow")]);
    assert_eq!(array(3), [moved(A, Some("Qlow"), "Qhigh")]);
}

fn event_cache(e: &TeachEvent) -> usize {
    match *e {
        Moved { cache, .. } | Status { cache, .. } | Target { cache, .. } | Mark { cache, .. } => cache,
    }
}

/// MIN, c = 2: over A B C B A it evicts A, next used at step 5 (B is at step 4); over A B C A
/// it evicts B, never used again.
#[test]
fn min_narrates_each_victims_next_use() {
    let e = events(PolicyConfig::Min, 2, &letters("A B C B A"));
    assert_eq!(e[2], [evicted(A, "cache", None, Some(5)), entered(C, "cache")]); // [B, C]
    let e = events(PolicyConfig::Min, 2, &letters("A B C A"));
    assert_eq!(e[2], [evicted(B, "cache", None, None), entered(C, "cache")]); // [A, C]
}

/// LRU, c = 2, over A B C: A, the least recent, goes (never asked for again).
#[test]
fn lru_and_fifo_report_what_entered_and_left() {
    for policy in [PolicyConfig::Lru, PolicyConfig::Fifo] {
        let e = events(policy, 2, &letters("A B C"));
        assert_eq!(e[2], [evicted(A, "cache", None, None), entered(C, "cache")]);
    }
}
