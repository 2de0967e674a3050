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
    /// The first request of the current window. Windows never go back, so an object's latest
    /// reference is in it exactly when that reference's request number is at least this.
    current_from: u64,
    /// The latest request's time (its bits) while the current window holds it: requests at the
    /// same time (whole seconds, most of them in a busy trace) skip the division.
    current_time_bits: u64,
    /// An untimed trace: the first request past the current window.
    current_until: u64,
    list: Vec<(u32, Window)>,
}

/// No time seen yet (`NaN`'s bits never come from a record's time, or match it if they did).
const NO_TIME_BITS: u64 = u64::MAX;

impl Windows {
    pub(super) fn new(width_secs: f64, width_requests: u64) -> Self {
        Self {
            width_secs,
            width_requests,
            timed: None,
            first_us: 0.0,
            current: 0,
            current_from: 0,
            current_time_bits: NO_TIME_BITS,
            current_until: 0,
            list: Vec::new(),
        }
    }

    /// Counts request number `request`, issued at `time_us`, in its window. Windows never go
    /// back: a record timed before the current window counts in it.
    #[inline]
    pub(super) fn request(&mut self, request: u64, time_us: Option<f64>, bytes: u64) {
        let timed = *self.timed.get_or_insert_with(|| {
            self.first_us = time_us.unwrap_or(0.0);
            time_us.is_some()
        });
        // The common case first: the same window as the request before, for the same reason.
        let same = match (timed, time_us) {
            (true, Some(t)) => t.to_bits() == self.current_time_bits,
            (true, None) => true,
            (false, _) => request < self.current_until,
        };
        if !same || self.list.is_empty() {
            self.open(request, time_us, timed);
        }
        let win = &mut self.list.last_mut().expect("just opened").1;
        win.requests += 1;
        win.bytes += bytes;
    }

    /// The window of a request not known to be in the current one; a new window if it is not.
    #[cold]
    fn open(&mut self, request: u64, time_us: Option<f64>, timed: bool) {
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
            self.current_from = request;
        }
        self.current = w;
        self.current_time_bits = time_us.map_or(NO_TIME_BITS, f64::to_bits);
        self.current_until =
            if w < u32::MAX - 1 { (u64::from(w) + 1).saturating_mul(self.width_requests) } else { u64::MAX };
    }

    /// The first request of the current window.
    #[inline]
    pub(super) fn current_from(&self) -> u64 {
        self.current_from
    }

    /// One reference in the current window: `new`, an object's first; `seen`, one whose
    /// previous reference is in this window too.
    #[inline]
    pub(super) fn reference(&mut self, new: bool, seen: bool) {
        let win = &mut self.list.last_mut().expect("a request opened it").1;
        win.references += 1;
        win.distinct += u64::from(!seen);
        win.new += u64::from(new);
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
