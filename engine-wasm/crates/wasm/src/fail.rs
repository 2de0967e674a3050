//! Every error the engine throws into JavaScript, made in one place.

use tiersim_core::scenario::{Issue, ScenarioError};
use tiersim_core::trace::TraceError;
use wasm_bindgen::prelude::*;

/// An error thrown into JavaScript as an `Error` whose `message` is the whole sentence
/// ("scenario.topology.client.capacity: must be …"), with `path` the place alone
/// ("scenario.topology.client.capacity", "line 12", "" when there is none) and `detail` the
/// rest: `{ path, message }` crosses the boundary whole, never to be parsed out of a string.
pub struct Fail {
    path: String,
    detail: String,
}

impl Fail {
    pub fn new(detail: impl std::fmt::Display) -> Fail {
        Fail { path: String::new(), detail: detail.to_string() }
    }

    /// `detail` about the argument or field `path`.
    pub fn at(path: impl Into<String>, detail: impl std::fmt::Display) -> Fail {
        Fail { path: path.into(), detail: detail.to_string() }
    }
}

impl From<ScenarioError> for Fail {
    fn from(e: ScenarioError) -> Fail {
        let path = if e.path.is_empty() { "scenario".to_string() } else { format!("scenario.{}", e.path) };
        Fail { path, detail: e.message }
    }
}

impl From<Issue> for Fail {
    fn from(i: Issue) -> Fail {
        Fail::from(ScenarioError::from(i))
    }
}

impl From<TraceError> for Fail {
    fn from(e: TraceError) -> Fail {
        Fail { path: e.place, detail: e.message }
    }
}

impl From<Fail> for JsValue {
    fn from(f: Fail) -> JsValue {
        let text = if f.path.is_empty() { f.detail.clone() } else { format!("{}: {}", f.path, f.detail) };
        let error = js_sys::Error::new(&text);
        // Setting a property on a fresh Error cannot fail.
        let _ = js_sys::Reflect::set(&error, &"path".into(), &f.path.into());
        let _ = js_sys::Reflect::set(&error, &"detail".into(), &f.detail.into());
        error.into()
    }
}
