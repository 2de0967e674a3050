//! Refusing every key a document's reader would silently drop. `deny_unknown_fields` does not
//! reach the unit variants of serde's internally tagged enums: `{"kind": "lru", "foo": 1}` reads
//! as LRU and `"protocol": {"kind": "ha-r", "du": "drop"}` as HA_R without DU, though the user
//! meant something by the key. A misplaced key is a mistake, and must be refused with its path.
//!
//! How, for any type, without a second description of its fields: read the document, write what
//! was read back out, and look at each key of the document that the written form lacks. Such a
//! key is either a field left at its default (`"co": false`, which serde skips when writing) or
//! one the reader ignored. To tell which, put a value no field accepts in its place (an object
//! with one odd key holding `null`, which no number, string, flag, list, tagged enum or strict
//! struct takes) and read again: a field refuses it, an ignored key lets the read succeed.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// A place in a document: object keys and list positions from its root.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Key(String),
    Index(usize),
}

/// `steps` written as the engine writes paths: `protocol.du`, `topology.caches[2].policy.foo`.
pub fn dotted(steps: &[Step]) -> String {
    let mut out = String::new();
    for s in steps {
        match s {
            Step::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// The first key of `doc` that reading it as a `T` ignores, with a message; `read` is what
/// `doc` read as. `None` when every key means something.
pub fn ignored_key<T>(doc: &Value, read: &T) -> Option<(String, String)>
where
    T: DeserializeOwned + Serialize,
{
    let written = serde_json::to_value(read).ok()?;
    let mut missing = Vec::new();
    absent_keys(doc, &written, &mut Vec::new(), &mut missing);
    for steps in missing {
        let mut probe = doc.clone();
        let slot = at_mut(&mut probe, &steps)?;
        *slot = serde_json::json!({ "\u{1}not-a-field": null });
        if serde_json::from_value::<T>(probe).is_ok() {
            let Some(Step::Key(key)) = steps.last() else { continue };
            let parent = at(doc, &steps[..steps.len() - 1]);
            let what = parent.and_then(tag_of).map(|(tag, kind)| format!(" ({tag} \"{kind}\" has no such setting)"));
            return Some((dotted(&steps), format!("unknown field `{key}`{}", what.unwrap_or_default())));
        }
    }
    None
}

/// The tag of an internally tagged object (`kind`, `preset`, `arrivals`) and its value.
fn tag_of(v: &Value) -> Option<(&'static str, &str)> {
    ["kind", "preset", "arrivals"].into_iter().find_map(|t| v.get(t).and_then(|k| k.as_str()).map(|k| (t, k)))
}

/// Every key path of `doc` whose key `written` lacks at the same place (not below such a key).
fn absent_keys(doc: &Value, written: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match (doc, written) {
        (Value::Object(d), Value::Object(w)) => {
            for (k, v) in d {
                path.push(Step::Key(k.clone()));
                match w.get(k) {
                    Some(wv) => absent_keys(v, wv, path, out),
                    None => out.push(path.clone()),
                }
                path.pop();
            }
        }
        (Value::Array(d), Value::Array(w)) if d.len() == w.len() => {
            for (i, (dv, wv)) in d.iter().zip(w).enumerate() {
                path.push(Step::Index(i));
                absent_keys(dv, wv, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a Value, steps: &[Step]) -> Option<&'a Value> {
    steps.iter().try_fold(v, |v, s| match s {
        Step::Key(k) => v.get(k),
        Step::Index(i) => v.get(i),
    })
}

fn at_mut<'a>(v: &'a mut Value, steps: &[Step]) -> Option<&'a mut Value> {
    steps.iter().try_fold(v, |v, s| match s {
        Step::Key(k) => v.get_mut(k),
        Step::Index(i) => v.get_mut(i),
    })
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
    enum Shape {
        Dot,
        Box {
            #[serde(default, skip_serializing_if = "is_zero")]
            side: u32,
        },
    }

    fn is_zero(x: &u32) -> bool {
        *x == 0
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Doc {
        shapes: Vec<Shape>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        flag: bool,
    }

    fn check(json: &str) -> Option<(String, String)> {
        let doc: Value = serde_json::from_str(json).unwrap();
        let read: Doc = serde_json::from_value(doc.clone()).expect("serde reads it");
        ignored_key(&doc, &read)
    }

    #[test]
    fn finds_the_key_serde_drops_from_a_unit_variant() {
        // serde reads all three; only the first two mean exactly what they say.
        assert_eq!(check(r#"{"shapes": [{"kind": "dot"}, {"kind": "box", "side": 0}], "flag": false}"#), None);
        assert_eq!(check(r#"{"shapes": [{"kind": "box", "side": 3}], "flag": true}"#), None);
        assert_eq!(
            check(r#"{"shapes": [{"kind": "box"}, {"kind": "dot", "side": 2}]}"#),
            Some(("shapes[1].side".into(), "unknown field `side` (kind \"dot\" has no such setting)".into()))
        );
    }

    #[test]
    fn paths_are_written_as_the_engine_writes_them() {
        let steps =
            [Step::Key("topology".into()), Step::Key("caches".into()), Step::Index(2), Step::Key("policy".into())];
        assert_eq!(dotted(&steps), "topology.caches[2].policy");
    }
}
