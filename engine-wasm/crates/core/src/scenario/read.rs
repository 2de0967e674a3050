//! Reading a document of any version: JSON in, a current-version [`Scenario`] out, or every
//! issue found. Versions 1 to 4 (every link shared before this version) are migrated here to
//! give the numbers they gave when shared ([`super::v1`], `migrate_v2`, `migrate_v3`,
//! `migrate_v4`, [`Scenario::keep_co_writes_plain`], [`Scenario::keep_sizes_ignored`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::SCENARIO_VERSION;
use super::{
    v1, CacheConfig, FieldPath, Issue, Issues, Scenario, ScenarioError, Seg, Source, Topology, TraceSource, TreeCache,
};
use crate::hierarchy::{CoWrites, DiskConfig, LinkConfig};
use crate::workload::{Sharing, WorkloadConfig};

/// What the engine makes of a document: the scenario (this version, defaults filled in) when
/// nothing is wrong with it, else every issue found.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Checked {
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario: Option<Scenario>,
    pub issues: Vec<Issue>,
    /// The version the document was written in, when older than this engine's: it was read
    /// through that version's migration.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub migrated_from: Option<u32>,
}

impl Scenario {
    /// Parses and validates a scenario of this version or an earlier one (migrated). The error
    /// is the first issue: it names the field and what was expected; a scenario from a newer
    /// tiersim is refused with a message saying so.
    pub fn from_json(text: &str) -> Result<Self, ScenarioError> {
        match serde_json::from_str::<serde_json::Value>(text) {
            Ok(value) => Scenario::from_value(value),
            Err(e) => Err(ScenarioError { path: String::new(), message: format!("not valid JSON: {e}") }),
        }
    }

    /// [`Scenario::from_json`] of a parsed document.
    pub fn from_value(value: serde_json::Value) -> Result<Self, ScenarioError> {
        let checked = Scenario::check(value);
        match checked.scenario {
            Some(s) => Ok(s),
            None => Err(checked.issues.into_iter().next().expect("a refused document says why").into()),
        }
    }

    /// Reads a document of any version and checks it: its scenario when it has no issue, else
    /// every issue — one for a document that does not read (wrong version, wrong type at a
    /// field, an unknown key), every rule it breaks for one that does.
    pub fn check(value: serde_json::Value) -> Checked {
        let refused = |issue: Issue| Checked { scenario: None, issues: vec![issue], migrated_from: None };
        if !value.is_object() {
            return refused(Issue::new("", format!("expected a JSON object, got {}", kind_of(&value))));
        }
        let Some(version) = value.get("version") else { return refused(Issue::new("version", "missing")) };
        let migrated_from = match version.as_u64() {
            Some(v) if v < SCENARIO_VERSION as u64 && v > 0 => Some(v as u32),
            _ => None,
        };
        let read = match version.as_u64() {
            Some(1) => from_value::<v1::ScenarioV1>(value)
                .and_then(|old| old.migrate().map_err(|(path, message)| Issue::new(path, message))),
            Some(2) => strict(migrate_v2(value)),
            Some(3) => strict(migrate_v3(value)),
            Some(4) => strict(migrate_v4(value)),
            Some(v) if v == SCENARIO_VERSION as u64 => strict(value),
            Some(v) if v > SCENARIO_VERSION as u64 => Err(Issue::new(
                "version",
                format!(
                    "version {v} is newer than this tiersim understands (it reads versions 1 to {SCENARIO_VERSION})"
                ),
            )),
            _ => Err(Issue::new("version", format!("expected 1 to {SCENARIO_VERSION}, got {version}"))),
        };
        let mut scenario = match read {
            Ok(s) => s,
            Err(issue) => return Checked { scenario: None, issues: vec![issue], migrated_from },
        };
        if migrated_from.is_some_and(|v| v < 4) {
            scenario.keep_co_writes_plain();
        }
        if migrated_from.is_some() {
            scenario.keep_sizes_ignored();
        }
        let issues = scenario.issues();
        if issues.is_empty() {
            Checked { scenario: Some(scenario), issues: Vec::new(), migrated_from }
        } else {
            Checked { scenario: None, issues: issues.into_vec(), migrated_from }
        }
    }

    /// A current-version document read as it is — no migration, no checks — for what a form
    /// draws from a draft (its shape, its workload's size) while other fields are being typed;
    /// see [`read_draft`].
    pub fn read_draft(value: serde_json::Value) -> Result<Scenario, Issue> {
        read_draft(value)
    }

    /// A document from before version 5 whose trace is read as objects keeps that version's way,
    /// `"ignoreSizes": true`: every object one block, whatever size the trace records (version
    /// 5 moves each object at its size), so it gives the numbers it gave when shared.
    fn keep_sizes_ignored(&mut self) {
        if let Source::Trace(t) = &mut self.source {
            t.ignore_sizes |= t.object_mode;
        }
    }

    /// A document from before version 4 with CO at any cache keeps that version's way there,
    /// `"coWrites": "plain"` (version 4 passes a write and its hint through CO to a hint-aware
    /// policy — LRU+Hints, MQ+Hints, TQ — where versions 1 to 3 dropped the hint), so it gives
    /// the numbers it gave when shared. Without CO the setting changes nothing and is left out.
    fn keep_co_writes_plain(&mut self) {
        let co = match &self.topology {
            Topology::Single { cache, .. } => cache.co,
            Topology::TwoLevel { client, array, .. } => client.co || array.co,
            Topology::Tree { caches } => caches.iter().any(|c| c.co),
        };
        if co {
            self.co_writes = CoWrites::Plain;
        }
    }
}

impl Issues {
    /// Every issue of `checked`'s document, for a caller that gathers them.
    pub fn of(checked: &Checked) -> Issues {
        let mut issues = Issues::default();
        for i in &checked.issues {
            issues.add(i.path.clone(), i.message.clone());
        }
        issues
    }
}

/// A draft part of a document read for drawing: a number field being typed (empty: `null`)
/// reads as 0, so the rest can still be drawn; any other wrong type is the error. Its checks
/// ([`Scenario::check`]) say what is wrong with it.
pub fn read_draft<T: serde::de::DeserializeOwned>(mut value: serde_json::Value) -> Result<T, Issue> {
    // Each pass fixes one empty field; a draft has few.
    for _ in 0..64 {
        match from_value::<T>(value.clone()) {
            Ok(t) => return Ok(t),
            Err(issue) => {
                let slot = issue.path.0.iter().try_fold(&mut value, |v, seg| match seg {
                    Seg::Key(k) => v.get_mut(k.as_str()),
                    Seg::Index(i) => v.get_mut(*i),
                });
                // An enum read whole (a topology by its kind) names only itself: its empty
                // fields, all at once.
                if !slot.is_some_and(zero_nulls) {
                    return Err(issue);
                }
            }
        }
    }
    from_value(value)
}

/// Sets every `null` below `v` to 0; whether there was one.
fn zero_nulls(v: &mut serde_json::Value) -> bool {
    match v {
        serde_json::Value::Null => {
            *v = 0.into();
            true
        }
        // Every one visited (`|`, not `any`, which would stop at the first).
        serde_json::Value::Array(items) => items.iter_mut().map(zero_nulls).fold(false, |any, z| any | z),
        serde_json::Value::Object(fields) => fields.values_mut().map(zero_nulls).fold(false, |any, z| any | z),
        _ => false,
    }
}

/// A version-2 document as version 3 reads it, with the numbers it gave when it was shared:
/// version 3 serves a request of several blocks block by block and lends MC²'s free array space
/// to whoever misses (revision 2); a version-2 document that says neither keeps version 2's
/// ways, `"multiBlock": "atomic"` and MC² revision 1. Anything else reads as it did.
fn migrate_v2(mut value: serde_json::Value) -> serde_json::Value {
    let doc = value.as_object_mut().expect("checked to be an object");
    doc.entry("multiBlock").or_insert_with(|| "atomic".into());
    if let Some(protocol) = doc.get_mut("protocol").and_then(|p| p.as_object_mut()) {
        if protocol.get("kind").and_then(|k| k.as_str()) == Some("mc2") {
            protocol.entry("revision").or_insert_with(|| 1.into());
        }
    }
    migrate_v3(value)
}

/// A version-3 (or migrated version-2) document as version 4 reads it: only the version
/// changes here; what version 4 changed at CO is [`Scenario::keep_co_writes_plain`]'s.
fn migrate_v3(value: serde_json::Value) -> serde_json::Value {
    migrate_v4(value)
}

/// A version-4 (or older, migrated) document as version 5 reads it: only the version changes
/// here, and every version-4 capacity (a number of blocks) reads as it was; what version 5
/// changed for traces read as objects is [`Scenario::keep_sizes_ignored`]'s.
fn migrate_v4(mut value: serde_json::Value) -> serde_json::Value {
    let doc = value.as_object_mut().expect("checked to be an object");
    doc.insert("version".into(), SCENARIO_VERSION.into());
    value
}

/// The fields of each tagged value's variants, to name a bad field inside one: serde stops its
/// path at a tagged value (`topology`, `source`), so the value is read again as its variant's
/// fields alone. Never built otherwise.
#[allow(dead_code)]
mod fields {
    use super::*;

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct Single {
        cache: CacheConfig,
        link: LinkConfig,
        disk: DiskConfig,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct TwoLevel {
        client: CacheConfig,
        array: CacheConfig,
        link: LinkConfig,
        disk: DiskConfig,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct Tree {
        caches: Vec<TreeCache>,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct Workload {
        workload: WorkloadConfig,
        #[serde(default)]
        clients: BTreeMap<String, WorkloadConfig>,
        #[serde(default)]
        sharing: Sharing,
    }
}

/// A version-2 to -4 document read, refusing any key the reader would ignore (see
/// [`crate::util::strict`]): nothing a user writes is silently dropped.
fn strict(doc: serde_json::Value) -> Result<Scenario, Issue> {
    let scenario: Scenario = from_value(doc.clone()).map_err(|e| refine(&doc, e))?;
    match crate::util::strict::ignored_key(&doc, &scenario) {
        Some((path, message)) => Err(Issue::new(path, message)),
        None => Ok(scenario),
    }
}

/// `e`, an error serde placed at a tagged value of `doc`, placed at the field inside it.
fn refine(doc: &serde_json::Value, e: Issue) -> Issue {
    let [Seg::Key(top)] = &e.path.0[..] else { return e };
    let Some(tagged) = doc.get(top) else { return e };
    let Some(kind) = tagged.get("kind").and_then(|k| k.as_str()) else { return e };
    let mut rest = tagged.clone();
    rest.as_object_mut().expect("it has a kind").remove("kind");
    let inner = match (top.as_str(), kind) {
        ("topology", "single") => from_value::<fields::Single>(rest).err(),
        ("topology", "two-level") => from_value::<fields::TwoLevel>(rest).err(),
        ("topology", "tree") => from_value::<fields::Tree>(rest).err(),
        ("source", "workload") => from_value::<fields::Workload>(rest).err(),
        ("source", "trace") => from_value::<TraceSource>(rest).err(),
        _ => None,
    };
    match inner {
        Some(i) if !i.path.is_empty() => Issue::new(FieldPath(vec![Seg::Key(top.clone())]).join(i.path), i.message),
        _ => e,
    }
}

fn kind_of(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// Deserialises with the place of the first bad field.
pub(crate) fn from_value<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> Result<T, Issue> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = FieldPath(
            e.path()
                .iter()
                .filter_map(|s| match s {
                    serde_path_to_error::Segment::Seq { index } => Some(Seg::Index(*index)),
                    serde_path_to_error::Segment::Map { key } => Some(Seg::Key(key.clone())),
                    serde_path_to_error::Segment::Enum { variant } => Some(Seg::Key(variant.clone())),
                    serde_path_to_error::Segment::Unknown => None,
                })
                .collect(),
        );
        Issue::new(path, plain_words(e.into_inner().to_string()))
    })
}

/// serde's wording as a form says it — an empty number field ("invalid type: null, expected
/// u64") is "must be a number", a negative count "must be 0 or more", an unknown kind "must be
/// one of …"; any other message as serde gives it. The value typed is kept: "(got -5)".
fn plain_words(message: String) -> String {
    const UNSIGNED: [&str; 4] = ["u64", "u32", "u16", "usize"];
    const NUMBERS: [&str; 7] = ["u64", "u32", "u16", "usize", "i64", "f64", "f32"];
    let number = |expected: &str| NUMBERS.contains(&expected);
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        if let Some((got, expected)) = rest.rsplit_once(", expected ") {
            if got == "null" && number(expected) {
                return "must be a number".into();
            }
            if let Some(s) = got.strip_prefix("string ").filter(|_| number(expected)) {
                return format!("must be a number (got {s})");
            }
            if let Some(x) = got.strip_prefix("floating point `").and_then(|g| g.strip_suffix('`')) {
                if UNSIGNED.contains(&expected) {
                    return format!("must be a whole number (got {x})");
                }
            }
            if expected == "a boolean" {
                return format!("must be true or false (got {})", got.trim_start_matches("string "));
            }
        }
    }
    if let Some(rest) = message.strip_prefix("invalid value: integer `") {
        if let Some((got, expected)) = rest.split_once("`, expected ") {
            if UNSIGNED.contains(&expected) {
                return format!("must be 0 or more (got {got})");
            }
        }
    }
    // "unknown variant `ring`, expected one of `single`, `two-level`, `tree`"
    if let Some(rest) = message.strip_prefix("unknown variant `") {
        if let Some((got, expected)) = rest.split_once("`, expected one of ") {
            return format!("must be one of {} (got {got})", expected.replace('`', ""));
        }
        if let Some((got, expected)) = rest.split_once("`, expected ") {
            return format!("must be {} (got {got})", expected.replace('`', ""));
        }
    }
    message
}
