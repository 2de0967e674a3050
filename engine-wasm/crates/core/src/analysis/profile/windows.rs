//! The load over time: requests, bytes, the working set and the objects seen for the first
//! time, per window of wall-clock time (from the first record's time) or, for a trace without
//! times, per window of requests. Windows are kept sparse: a long gap costs nothing.

use serde::Serialize;

/// The peer's window (libCacheSim's traceAnalyzer): 300 s.
pub const DEFAULT_WINDOW_SECS: f64 = 300.0;
/// A trace without times is cut every this many requests.
pub const DEFAULT_WINDOW_REQUESTS: u64 = 100_000;

/// One window's load.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ProfileWindow"))]
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Window {
    /// Where it starts: seconds after the first record's time, or a request number (from 0).
    pub start: f64,
    pub requests: u64,
    pub references: u64,
    /// Bytes requested (0 for a trace without sizes).
    pub bytes: u64,
    /// The working set: distinct objects (blocks) referenced in the window.
    pub distinct: u64,
    /// Objects referenced for the first time in the trace.
    pub new: u64,
}

/// The windows of a pass, in order; empty ones are left out.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WindowsReport {
    /// `"seconds"` or `"requests"`: what `width` and each window's `start` count.
    pub unit: &'static str,
    pub width: f64,
    /// 1: every window with a request is listed; k: every k-th of them (a report thinned to a
    /// few thousand points for drawing, [`WindowsReport::thin`]), each still whole and exact.
    pub every: u64,
    pub windows: Vec<Window>,
}

impl WindowsReport {
    /// Lists at most `most` windows: every k-th (from the first) for the smallest k that does.
    pub fn thin(&mut self, most: usize) {
        let n = self.windows.len();
        if most == 0 || n <= most {
            return;
        }
        let k = n.div_ceil(most);
        let mut i = 0;
        self.windows.retain(|_| {
            i += 1;
            (i - 1) % k == 0
        });
        self.every *= k as u64;
    }
}

#[derive(Clone, Debug)]
pub(super) struct Windows {
    width_secs: f64,
    width_requests: u64,
    /// Decided by the first record: whether it carries a time.
    timed: Option<bool>,
    first_us: f64,
    /// Index of the current (last) window; `list`'s last entry is it.
    current: u32,
    list: Vec<(u32, Window)>,
}

impl Windows {
    pub(super) fn new(width_secs: f64, width_requests: u64) -> Self {
        Self { width_secs, width_requests, timed: None, first_us: 0.0, current: 0, list: Vec::new() }
    }

    /// The window of request number `request` issued at `time_us`, counting it there. Windows
    /// never go back: a record timed before the current window counts in it.
    #[inline]
    pub(super) fn request(&mut self, request: u64, time_us: Option<f64>, bytes: u64) -> u32 {
        let timed = *self.timed.get_or_insert_with(|| {
            self.first_us = time_us.unwrap_or(0.0);
            time_us.is_some()
        });
        let w = match (timed, time_us) {
            (true, Some(t)) => {
                ((t - self.first_us) / (self.width_secs * 1e6)).floor().clamp(0.0, (u32::MAX - 1) as f64) as u32
            }
            (true, None) => self.current,
            (false, _) => (request / self.width_requests).min(u64::from(u32::MAX - 1)) as u32,
        };
        let w = w.max(self.current);
        if self.list.last().is_none_or(|&(i, _)| i != w) {
            self.list.push((w, Window::default()));
        }
        self.current = w;
        let win = &mut self.list.last_mut().expect("just pushed").1;
        win.requests += 1;
        win.bytes += bytes;
        w
    }

    /// One reference in the current window; `last`: the window of the object's previous
    /// reference (`None` for its first).
    #[inline]
    pub(super) fn reference(&mut self, last: Option<u32>) {
        let win = &mut self.list.last_mut().expect("a request opened it").1;
        win.references += 1;
        if last != Some(self.current) {
            win.distinct += 1;
        }
        if last.is_none() {
            win.new += 1;
        }
    }

    pub(super) fn report(&self) -> WindowsReport {
        let timed = self.timed == Some(true);
        let width = if timed { self.width_secs } else { self.width_requests as f64 };
        WindowsReport {
            unit: if timed { "seconds" } else { "requests" },
            width,
            every: 1,
            windows: self.list.iter().map(|(i, w)| Window { start: f64::from(*i) * width, ..w.clone() }).collect(),
        }
    }
}
