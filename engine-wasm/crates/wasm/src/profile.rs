//! A trace's analysis, fed batch by batch as the file streams (`tiersim_core::analysis::profile`):
//! what `tiersim analyze` computes, live, for the page's Trace view.

use tiersim_core::analysis::profile::Profile;
use tiersim_core::trace::Trace;
use wasm_bindgen::prelude::*;

use crate::types::*;
use crate::Fail;

/// The largest integer a JavaScript number holds exactly.
const SAFE: u64 = (1 << 53) - 1;

/// The most windows of the load over time a report lists (every k-th beyond: a chart has no
/// more pixels, and a report crosses to the page four times a second).
const DRAWN_WINDOWS: usize = 2048;

/// One analysis pass over a streamed trace.
#[wasm_bindgen]
pub struct TraceProfile {
    profile: Profile,
    batch: Trace,
    top: usize,
}

#[wasm_bindgen]
impl TraceProfile {
    /// `blocks`: the trace is read as blocks (runs and the footprint are reported too);
    /// `windowSecs` / `windowRequests`: the load's windows, for a trace with times / without;
    /// `top`: how many of the most referenced objects the report names. As `tiersim analyze`.
    #[wasm_bindgen(constructor)]
    pub fn new(blocks: bool, window_secs: f64, window_requests: f64, top: u32) -> Result<TraceProfile, Fail> {
        if !(window_requests.is_finite() && window_requests >= 1.0 && window_requests.fract() == 0.0) {
            return Err(Fail::at(
                "windowRequests",
                format!("must be a whole number of requests (got {window_requests})"),
            ));
        }
        let profile = Profile::new().windows(window_secs, window_requests as u64).map_err(|e| match e {
            tiersim_core::analysis::profile::WindowError::Seconds(_) => Fail::at("windowSecs", e),
            tiersim_core::analysis::profile::WindowError::Requests => Fail::at("windowRequests", e),
        })?;
        let profile = if blocks { profile.for_blocks() } else { profile };
        Ok(TraceProfile { profile, batch: Trace::default(), top: top as usize })
    }

    /// The next batch ([`crate::TraceReader::drain`]'s words, sizes, and the file ids of the
    /// blocks it numbered first, [`crate::TraceReader::batch_addresses`]).
    pub fn feed(&mut self, records: &[u32], refs: &[u32], sizes: &[u32], ids: &[u32]) -> Result<(), Fail> {
        use tiersim_core::trace::batch;
        // Ids are numbered as they come: every reference is below the blocks numbered so far.
        batch::unpack(records, refs, usize::MAX, &mut self.batch).map_err(Fail::new)?;
        batch::unpack_sizes(sizes, &mut self.batch).map_err(Fail::new)?;
        batch::unpack_ids(ids, &mut self.batch.raw).map_err(Fail::new)?;
        self.profile.feed(&self.batch);
        Ok(())
    }

    /// What the pass has found so far (at any point: the view updates while the file streams),
    /// its windows thinned to at most [`DRAWN_WINDOWS`].
    pub fn report(&self) -> Result<ProfileReportJs, Fail> {
        let mut report = self.profile.report(self.top);
        report.windows.thin(DRAWN_WINDOWS);
        let mut value =
            serde_json::to_value(report).map_err(|e| Fail::new(format!("could not encode the analysis: {e}")))?;
        safe_numbers(&mut value, "");
        write(&value)
    }
}

/// Integers a JavaScript number would round: an object's id becomes its decimal text; any
/// other (a region's end near 2^64) its nearest number.
fn safe_numbers(v: &mut serde_json::Value, key: &str) {
    match v {
        serde_json::Value::Number(n) => {
            if let Some(u) = n.as_u64().filter(|&u| u > SAFE) {
                *v = if key == "id" { u.to_string().into() } else { (u as f64).into() };
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(|x| safe_numbers(x, key)),
        serde_json::Value::Object(fields) => fields.iter_mut().for_each(|(k, x)| safe_numbers(x, k)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_ids_become_text_and_other_big_integers_numbers() {
        let mut v = serde_json::json!({"top": [{"id": u64::MAX, "references": 3}, {"id": 7}], "to": 1u64 << 60});
        safe_numbers(&mut v, "");
        assert_eq!(v["top"][0]["id"], "18446744073709551615");
        assert_eq!(v["top"][1]["id"], 7);
        assert_eq!(v["to"].as_f64(), Some((1u64 << 60) as f64));
        assert_eq!(v["top"][0]["references"], 3);
    }
}
