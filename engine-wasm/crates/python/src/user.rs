//! A `tiersim.Policy` of the user's own, called by the engine as it calls a built-in policy
//! (`tiersim_core::policy::user`): its five methods, looked up once, each answer checked. The
//! simulation holds the GIL (it calls Python at every reference); the trace is already read.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use tiersim_core::model::Block;
use tiersim_core::policy::user::UserCallbacks;
use tiersim_core::run::sim::simulate_user;

use crate::{parse_multi_block, to_json, Trace};

/// The policy's bound methods, and the first exception one raised (re-raised as the cause).
/// The policy sees the trace's own ids (`raw`, by the engine's dense id); a victim's id comes
/// back through `cached`, the resident objects' dense ids by their own.
struct PyCallbacks {
    raw: Arc<tiersim_core::trace::Trace>,
    cached: HashMap<u64, Block>,
    hit: Py<PyAny>,
    admit: Py<PyAny>,
    miss: Py<PyAny>,
    victim: Py<PyAny>,
    remove: Py<PyAny>,
    raised: Arc<Mutex<Option<PyErr>>>,
}

impl PyCallbacks {
    /// `e` as the user reads it: its type and message, and where in their code it was raised.
    fn say(&self, py: Python<'_>, e: PyErr) -> String {
        let mut said = e.to_string();
        if let Some(at) = e
            .traceback(py)
            .and_then(|tb| tb.format().ok())
            .and_then(|text| text.lines().rfind(|l| l.trim_start().starts_with("File ")).map(|l| l.trim().to_owned()))
        {
            said = format!("{said} ({at})");
        }
        self.raised.lock().expect("not poisoned").get_or_insert(e);
        said
    }

    /// Calls `method` with `id`, its answer left to `read` (its type's name for a message).
    fn call<T>(
        &self,
        method: &Py<PyAny>,
        id: Option<u64>,
        read: impl FnOnce(&Bound<'_, PyAny>, &str) -> Result<T, String>,
    ) -> Result<T, String> {
        Python::attach(|py| {
            let out = match id {
                Some(id) => method.call1(py, (id,)),
                None => method.call0(py),
            };
            let out = out.map_err(|e| self.say(py, e))?;
            let out = out.bind(py);
            let got = out.get_type().name().map(|n| n.to_string()).unwrap_or_default();
            read(out, &got)
        })
    }
}

impl UserCallbacks for PyCallbacks {
    fn hit(&mut self, id: Block) -> Result<(), String> {
        let key = self.raw.raw[id as usize];
        self.call(&self.hit, Some(key), |_, _| Ok(()))
    }

    fn admit(&mut self, id: Block) -> Result<bool, String> {
        let key = self.raw.raw[id as usize];
        self.call(&self.admit, Some(key), |out, got| {
            out.extract::<bool>().map_err(|_| format!("returned a {got} for object {key}, not True or False"))
        })
    }

    fn victim(&mut self) -> Result<Block, String> {
        let key = self.call(&self.victim, None, |out, got| {
            out.extract::<u64>().map_err(|_| match out.extract::<i64>() {
                Ok(n) => format!("returned {n}, which is no object's id (ids are whole numbers from 0)"),
                Err(_) => format!("returned a {got}, not the id of a cached object"),
            })
        })?;
        self.cached
            .remove(&key)
            .ok_or_else(|| format!("object {key} is not in the cache (it holds {} objects)", self.cached.len()))
    }

    fn miss(&mut self, id: Block) -> Result<(), String> {
        let key = self.raw.raw[id as usize];
        self.cached.insert(key, id);
        self.call(&self.miss, Some(key), |_, _| Ok(()))
    }

    fn remove(&mut self, id: Block) -> Result<(), String> {
        let key = self.raw.raw[id as usize];
        self.cached.remove(&key);
        self.call(&self.remove, Some(key), |_, _| Ok(()))
    }
}

/// One cache of the user's `policy` (a `tiersim.Policy`) at `size` objects over `trace`:
/// `tiersim sim --json`'s object, or a `ValueError` naming the reference where the policy went
/// wrong (its exception as the cause); Ctrl-C stops the run with `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(signature = (trace, policy, size, multi_block="per-block"))]
pub fn sim_user(trace: &Trace, policy: &Bound<'_, PyAny>, size: u64, multi_block: &str) -> PyResult<String> {
    let multi = parse_multi_block(multi_block)?;
    let raised = Arc::new(Mutex::new(None));
    let callbacks = PyCallbacks {
        raw: Arc::clone(&trace.trace),
        cached: HashMap::new(),
        hit: policy.getattr("hit")?.unbind(),
        admit: policy.getattr("admit")?.unbind(),
        miss: policy.getattr("miss")?.unbind(),
        victim: policy.getattr("victim")?.unbind(),
        remove: policy.getattr("remove")?.unbind(),
        raised: Arc::clone(&raised),
    };
    match simulate_user(callbacks, size, &trace.trace, multi) {
        Ok((mut result, _)) => {
            result.format = trace.format.name();
            result.parse_ms = trace.parse_ms;
            Ok(to_json(&result))
        }
        Err(why) => {
            let cause = raised.lock().expect("not poisoned").take();
            let py = policy.py();
            match cause {
                Some(e) if e.is_instance_of::<PyKeyboardInterrupt>(py) => Err(e),
                cause => {
                    let err = PyValueError::new_err(why);
                    err.set_cause(py, cause);
                    Err(err)
                }
            }
        }
    }
}
