//! Paper 004: Li, Aboulnaga, Salem, Sachedina & Gao, "Second-tier cache management using write
//! hints" (FAST 2005) — Table 2's write mixes and Figs. 4–7's read hit ratios at the storage
//! server, under the OLTP client's model 2 (DB2's page cleaning and page sizing, see
//! [`crate::workload::oltp`]).
//!
//! **Parameters, all from the paper.** §5.1 / Table 1: buffer pools of 60 K, 300 K and 540 K
//! blocks against an initial database of 606,317 blocks, `softmax` 50, 400 and 4000,
//! `chngpgs_thresh` 50 %. §5.2–5.3: server caches of 60 K, 120 K (the baseline) and 300 K blocks.
//! §5.1: MQ, MQ+Hints and TQ give their out queue's space back (the engine's default); the read
//! hit ratio counts once the server cache is full. What the paper does not give — DB2's log file
//! size, which turns `softmax` into a number of changes — is its one free parameter, fitted once
//! ([`LOG_FILE_RECORDS`]) and validated on the other four rows of Table 2.
//!
//! **Scale.** The paper's TPC-C database has 25 warehouses and its traces 12–16 M requests (about
//! 22 database sizes). Here: [`WAREHOUSES`] warehouses, every pool and server size scaled by the
//! database's size against the paper's 606,317 blocks, a warm-up of [`WARMUP_DBS`] database
//! sizes and [`MEASURED_DBS`] measured — 37 runs of about 1.2 M requests, about 15 s on two
//! threads. At the paper's 25 warehouses (about a minute) with the fitted log file, Table 2's
//! 300_400, 300_4000 and 300_50 stay within 5 points and 60_400 stays off, but 540_400 moves out
//! (REPLACE +7.5 and reads −5.6 points there, +1.4 and −4.9 here): that row's verdict depends on
//! the scale. (With model 1's log file, every verdict was the same at 25 warehouses and no
//! number moved by more than two points; Figs. 4–7 have not been rerun at 25 with the fit.)
//!
//! **Judging.** Table 2's shares pass within 5 points each. Figs. 4–7 are bar charts without
//! numbers in the text, so their checks are the text's own statements (§5.2, §5.3, and the
//! abstract's "almost 30 %" and "twice as well"); where the text says "very poor" or
//! "negligible", the check says what threshold it takes.

use super::{claim, run_all, value, Check, RATIO};
use crate::run::Report;
use crate::scenario::Scenario;
use crate::workload::oltp::OltpModel;

/// Warehouses of the simulated database (the paper's: 25; see the module doc).
const WAREHOUSES: u32 = 8;
/// The paper's initial database, in 4 KiB blocks (§5.1).
const PAPER_DATABASE: f64 = 606_317.0;
/// Warm-up and measured requests, in database sizes.
const WARMUP_DBS: u64 = 2;
const MEASURED_DBS: u64 = 4;
/// Table 2's tolerance on each share, in points.
const MIX_POINTS: f64 = 5.0;
/// DB2's log file, in log records per warehouse, fitted once on 300_400's write mix: the log
/// file only moves the RECOV share of the writes (SYNCH stays 0), which is 5.44 % in the paper
/// (3.60 of 66.17 points). On a grid of 5,000 records, model 2 gives 6.23 % at 75,000, 5.64 % at
/// 80,000 and 4.67 % at 85,000 (model 1's 60,000: 10.4 %), so 80,000. The other four rows are
/// its validation: at 60,000, 540_400 was 34 points short on REPLACE; at 80,000 it is within 5
/// (`tiersim reproduce --paper 004`).
pub const LOG_FILE_RECORDS: u64 = 80_000;

const POLICIES: [&str; 6] = ["lru", "lru+hints", "mq", "mq+hints", "tq", "read-opt"];
const LRU: usize = 0;
const LRU_HINTS: usize = 1;
const MQ: usize = 2;
const MQ_HINTS: usize = 3;
const TQ: usize = 4;
const OPT: usize = 5;

/// One of Table 2's traces: name, buffer pool (paper blocks), `softmax`, and its shares in %
/// (SYNCH, REPLACE, RECOV, reads).
struct Trace {
    name: &'static str,
    pool: f64,
    softmax: u32,
    mix: [f64; 4],
}

const TABLE_2: [Trace; 5] = [
    Trace { name: "300_400", pool: 300_000.0, softmax: 400, mix: [0.00, 62.57, 3.60, 33.83] },
    Trace { name: "60_400", pool: 60_000.0, softmax: 400, mix: [0.08, 48.89, 0.18, 50.85] },
    Trace { name: "540_400", pool: 540_000.0, softmax: 400, mix: [0.00, 35.78, 49.89, 14.33] },
    Trace { name: "300_4000", pool: 300_000.0, softmax: 4000, mix: [0.01, 65.37, 0.11, 34.51] },
    Trace { name: "300_50", pool: 300_000.0, softmax: 50, mix: [0.00, 0.03, 74.33, 25.64] },
];

/// The server cache sizes of Figs. 4–7 (paper blocks): the baseline 120 K (Figs. 4, 6, 7) and
/// Fig. 5's ends.
const SERVER_BASE: f64 = 120_000.0;
const SERVER_SMALL: f64 = 60_000.0;
const SERVER_LARGE: f64 = 300_000.0;

/// The simulated database's initial pages.
fn database() -> u64 {
    OltpModel::V2.database_pages(WAREHOUSES).0
}

/// `paper_blocks` of the paper's database, in pages of ours.
fn scaled(paper_blocks: f64) -> u64 {
    (paper_blocks / PAPER_DATABASE * database() as f64).round() as u64
}

/// The server cache under `policy`, fed by `trace`'s client, `server` paper blocks large.
fn scenario(trace: &Trace, server: f64, policy: &str) -> Scenario {
    let db = database();
    let json = serde_json::json!({
        "version": 5, "seed": 1, "name": format!("{} {policy} {server}", trace.name),
        "topology": {"kind": "single", "cache": {"capacity": scaled(server), "policy": {"kind": policy}},
                     "link": {"preset": "fc-1g"}, "disk": {"kind": "constant", "serviceMs": 10}},
        "source": {"kind": "workload", "workload": {
            "kind": "oltp", "model": 2, "warehouses": WAREHOUSES, "bufferPool": scaled(trace.pool),
            "softmax": trace.softmax, "dirtyThreshold": 0.5, "logFileRecords": LOG_FILE_RECORDS,
            "warmupRequests": WARMUP_DBS * db, "measuredRequests": MEASURED_DBS * db}}
    });
    Scenario::from_json(&json.to_string()).expect("paper 004's testbed is a valid scenario")
}

/// The read hit ratio once the server cache is warm (§5.1).
fn hit(r: &Report) -> f64 {
    let c = &r.counters;
    c.warm_block_hits as f64 / c.warm_block_reads.max(1) as f64
}

/// The measured requests' shares in % (SYNCH, REPLACE, RECOV, reads).
fn mix(r: &Report) -> [f64; 4] {
    let c = &r.counters;
    let n = c.requests.max(1) as f64;
    [c.synch_writes, c.replace_writes, c.recov_writes, c.reads].map(|x| x as f64 / n * 100.0)
}

fn pct(h: f64) -> String {
    format!("{:.1} %", h * 100.0)
}

fn row(h: &[f64]) -> String {
    POLICIES.iter().zip(h).map(|(p, h)| format!("{p} {}", pct(*h))).collect::<Vec<_>>().join(", ")
}

/// The runs: (trace, server size, how many of [`POLICIES`]) — read-OPT only where a check uses it.
const RUNS: [(usize, f64, usize); 7] = [
    (0, SERVER_BASE, 6),
    (0, SERVER_SMALL, 5),
    (0, SERVER_LARGE, 5),
    (1, SERVER_BASE, 5),
    (2, SERVER_BASE, 6),
    (3, SERVER_BASE, 5),
    (4, SERVER_BASE, 5),
];

pub(super) fn paper004(threads: usize) -> Vec<Check> {
    let scenarios: Vec<Scenario> = RUNS
        .iter()
        .flat_map(|&(t, server, n)| POLICIES[..n].iter().map(move |p| scenario(&TABLE_2[t], server, p)))
        .collect();
    let reports = run_all(&scenarios, threads);
    // Hit ratios per run, NaN where read-OPT was not run.
    let mut at = reports.iter();
    let runs: Vec<(Vec<f64>, [f64; 4])> = RUNS
        .iter()
        .map(|&(_, _, n)| {
            let rs: Vec<&Report> = at.by_ref().take(n).collect();
            let mut h: Vec<f64> = rs.iter().map(|r| hit(r)).collect();
            h.resize(POLICIES.len(), f64::NAN);
            (h, mix(rs[0]))
        })
        .collect();
    let run = |t: usize, server: f64| -> &[f64] {
        let i = RUNS.iter().position(|&(rt, s, _)| rt == t && s == server).expect("a run");
        &runs[i].0
    };
    let mut out = Vec::new();
    table_2(&mut out, |t| runs[RUNS.iter().position(|&(rt, s, _)| rt == t && s == SERVER_BASE).expect("a run")].1);
    figure_4(&mut out, run(0, SERVER_BASE));
    figure_5(&mut out, run(0, SERVER_SMALL), run(0, SERVER_BASE), run(0, SERVER_LARGE));
    figure_6(&mut out, run(1, SERVER_BASE), run(0, SERVER_BASE), run(2, SERVER_BASE));
    figure_7(&mut out, run(4, SERVER_BASE), run(0, SERVER_BASE), run(3, SERVER_BASE));
    out
}

fn table_2(out: &mut Vec<Check>, mix_of: impl Fn(usize) -> [f64; 4]) {
    const KINDS: [&str; 4] = ["SYNCH", "REPLACE", "RECOV", "reads"];
    for (t, trace) in TABLE_2.iter().enumerate() {
        let ours = mix_of(t);
        let off: Vec<String> = KINDS
            .iter()
            .zip(ours.iter().zip(trace.mix))
            .filter(|(_, (o, p))| (*o - p).abs() > MIX_POINTS)
            .map(|(k, (o, p))| format!("{k} {:+.1}", o - p))
            .collect();
        let show = |m: [f64; 4]| m.map(|x| format!("{x:.2}")).join(" / ");
        let check = claim(
            "004",
            "Table 2",
            &format!("{}: SYNCH / REPLACE / RECOV / reads", trace.name),
            &format!("{} %, each within {MIX_POINTS} points", show(trace.mix)),
            off.is_empty(),
            format!("{} %", show(ours)),
        );
        let why = match trace.name {
            "60_400" => "a pool of 10 % of the database misses more here than DB2's did",
            _ => "",
        };
        let off_note = format!("off: {}{}{why}", off.join(", "), if why.is_empty() { "" } else { " — " });
        let fitted = format!(
            "the log file ({LOG_FILE_RECORDS} records per warehouse) is fitted to this row's RECOV share of the \
             writes; the other rows validate it"
        );
        out.push(match (t == 0, off.is_empty()) {
            (true, true) => check.note(fitted),
            (true, false) => check.note(format!("{fitted}; {off_note}")),
            (false, true) => check,
            (false, false) => check.note(off_note),
        });
    }
}

fn figure_4(out: &mut Vec<Check>, h: &[f64]) {
    let f4 = "Fig. 4";
    let label = |s: &str| format!("300_400, server 120 K: {s}");
    let ours = row(h);
    // "Very poor" by the text's own chain: LRU+Hints is "more than three times" LRU yet "still
    // very low" (below MQ, which "performs significantly better than LRU"), and TQ is "nearly
    // double" MQ — so LRU is under a sixth of TQ.
    out.push(claim(
        "004",
        f4,
        &label("LRU"),
        "LRU has very poor performance (we take, from §5.2's chain LRU < LRU+Hints / 3 < MQ / 3 ≈ TQ / 6: \
         under a sixth of TQ's hit ratio)",
        h[LRU] < h[TQ] / 6.0,
        format!("LRU {} vs TQ {}", pct(h[LRU]), pct(h[TQ])),
    ));
    out.push(claim(
        "004",
        f4,
        &label("LRU+Hints over LRU"),
        "LRU+Hints: a hit ratio more than three times that of LRU",
        h[LRU_HINTS] > 3.0 * h[LRU],
        format!("{} vs {}", pct(h[LRU_HINTS]), pct(h[LRU])),
    ));
    out.push(
        claim(
            "004",
            f4,
            &label("LRU+Hints still very low"),
            "LRU+Hints is still very low in absolute terms (we take: below MQ, which performs significantly better \
             than LRU)",
            h[LRU_HINTS] < h[MQ],
            format!("LRU+Hints {} vs MQ {}", pct(h[LRU_HINTS]), pct(h[MQ])),
        )
        .note_unless_pass("why ours ranks LRU+Hints above MQ here is not known yet"),
    );
    out.push(claim(
        "004",
        f4,
        &label("order"),
        "MQ above LRU; MQ+Hints above MQ; TQ the best of the online policies",
        h[MQ] > h[LRU] && h[MQ_HINTS] > h[MQ] && h[..OPT].iter().all(|&x| x <= h[TQ]),
        ours.clone(),
    ));
    out.push(
        value("004", f4, &label("MQ+Hints over MQ"), 30.0, "%", RATIO, 100.0 * (h[MQ_HINTS] / h[MQ] - 1.0))
            .note("abstract: write hints improve MQ \"by almost 30 %\" — judged on the improvement"),
    );
    out.push(
        value("004", f4, &label("TQ / MQ"), 2.0, "×", RATIO, h[TQ] / h[MQ])
            .note("§5.2: TQ's hit ratio is \"nearly double that of MQ\""),
    );
    out.push(claim(
        "004",
        f4,
        &label("TQ against OPT"),
        "TQ achieves more than half of the hit ratio of the off-line OPT; OPT above all",
        h[TQ] > h[OPT] / 2.0 && h.iter().all(|&x| x <= h[OPT]),
        format!("TQ {} vs OPT {}", pct(h[TQ]), pct(h[OPT])),
    ));
}

fn figure_5(out: &mut Vec<Check>, small: &[f64], base: &[f64], large: &[f64]) {
    let f5 = "Fig. 5";
    let lead = |h: &[f64]| h[TQ] / h[MQ].max(h[MQ_HINTS]);
    out.push(claim(
        "004",
        f5,
        "300_400, server 60 K / 120 K / 300 K: TQ's lead",
        "TQ's relative advantage is consistent (TQ ahead at every size), and begins to diminish at 300 K",
        lead(small) > 1.0 && lead(base) > 1.0 && lead(large) > 1.0 && lead(large) < lead(base),
        format!("TQ / best MQ: {:.2} / {:.2} / {:.2}", lead(small), lead(base), lead(large)),
    ));
    let gain = large[MQ_HINTS] / large[MQ] - 1.0;
    out.push(
        claim(
            "004",
            f5,
            "300_400, server 300 K: MQ+Hints over MQ",
            "the improvement from adding hints to MQ becomes negligible (we take: under 5 %)",
            gain.abs() < 0.05,
            format!("{:+.1} %", gain * 100.0),
        )
        .note_unless_pass("ours keeps a clear gain from the hints at a server as large as the client's pool"),
    );
    out.push(
        claim(
            "004",
            f5,
            "300_400, server 300 K: LRU+Hints",
            "LRU+Hints much better than LRU (we take: ≥ 1.5 ×), comparable to TQ and MQ (within 25 % of TQ)",
            large[LRU_HINTS] >= 1.5 * large[LRU] && large[LRU_HINTS] >= 0.75 * large[TQ],
            row(&large[..OPT]),
        )
        .note_unless_pass(format!(
            "LRU+Hints is {:.2} × LRU: LRU does better here at 300 K than the paper's \"much better\" suggests",
            large[LRU_HINTS] / large[LRU]
        )),
    );
    let kept = |h: &[f64], p: usize| h[p] / large[p];
    out.push(claim(
        "004",
        f5,
        "300_400, server 300 K → 60 K: LRU+Hints",
        "as the server cache gets smaller, LRU+Hints (and LRU) drop off quickly (we take: faster than TQ)",
        kept(small, LRU_HINTS) < kept(small, TQ) && kept(small, LRU) < kept(small, TQ),
        format!(
            "kept at 60 K: LRU+Hints {:.0} %, LRU {:.0} %, TQ {:.0} %",
            kept(small, LRU_HINTS) * 100.0,
            kept(small, LRU) * 100.0,
            kept(small, TQ) * 100.0
        ),
    ));
}

fn figure_6(out: &mut Vec<Check>, c60: &[f64], c300: &[f64], c540: &[f64]) {
    let f6 = "Fig. 6";
    out.push(claim(
        "004",
        f6,
        "client 60 K / 300 K / 540 K, server 120 K: TQ",
        "management of the server cache becomes more difficult as the client cache becomes larger",
        c60[TQ] > c300[TQ] && c300[TQ] > c540[TQ],
        format!("TQ {} / {} / {}", pct(c60[TQ]), pct(c300[TQ]), pct(c540[TQ])),
    ));
    let oblivious = c540[LRU].max(c540[MQ]);
    out.push(claim(
        "004",
        f6,
        "540_400: TQ over the hint-oblivious",
        "for very large client caches TQ performs more than five times better than the best hint-oblivious policy",
        c540[TQ] > 5.0 * oblivious,
        format!("TQ {} vs {}", pct(c540[TQ]), pct(oblivious)),
    ));
    out.push(claim(
        "004",
        f6,
        "540_400: against OPT",
        "all policies, TQ included, far below OPT (we take: under half of it)",
        c540[..OPT].iter().all(|&x| x < c540[OPT] / 2.0),
        row(c540),
    ));
    let spread = |h: &[f64]| h[LRU_HINTS..OPT].iter().cloned().fold(0.0, f64::max) / h[LRU];
    out.push(claim(
        "004",
        f6,
        "60_400: the policies alike",
        "with a 60 K client all policies are similar: LRU's gap to the rest is smaller than at 300 K",
        spread(c60) < spread(c300),
        format!("best / LRU: {:.2} at 60 K, {:.2} at 300 K", spread(c60), spread(c300)),
    ));
}

fn figure_7(out: &mut Vec<Check>, s50: &[f64], s400: &[f64], s4000: &[f64]) {
    let f7 = "Fig. 7";
    let near = |a: f64, b: f64| (a - b).abs() <= 0.02 || (a / b - 1.0).abs() <= 0.2;
    out.push(claim(
        "004",
        f7,
        "300_4000 against 300_400",
        "softmax 4000 has little impact on any policy (we take: within 20 % or 2 points)",
        (0..OPT).all(|p| near(s4000[p], s400[p])),
        format!("{} vs {}", row(&s4000[..OPT]), row(&s400[..OPT])),
    ));
    let hinted = [s50[LRU_HINTS], s50[MQ_HINTS], s50[TQ]];
    let (lo, hi) = hinted.iter().fold((f64::MAX, 0.0f64), |(l, h), &x| (l.min(x), h.max(x)));
    out.push(claim(
        "004",
        f7,
        "300_50",
        "the hint-based policies alike (we take: within 25 %), above MQ, much above LRU (we take: ≥ 2 ×)",
        hi <= 1.25 * lo && lo > s50[MQ] && lo >= 2.0 * s50[LRU],
        row(&s50[..OPT]),
    ));
}
