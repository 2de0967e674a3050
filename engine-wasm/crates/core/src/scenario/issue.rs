//! What is wrong with a scenario, and where: every check reports into an [`Issues`] list instead
//! of stopping at the first problem, so that a form can mark every bad field at once, and the
//! command line can still print the first ([`ScenarioError`]).

use serde::Serialize;

/// One step of a field's place in the document: an object's key, or a list's position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// A field's place: `topology.caches[2].parent` is `["topology", "caches", 2, "parent"]`. Kept
/// as steps, not text, because a step can be a cache's name, which may hold any character.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FieldPath(pub Vec<Seg>);

impl FieldPath {
    /// A path as the engine's code writes a fixed one: keys joined by dots, list positions in
    /// brackets (`topology.caches[2].parent`). Names (map keys) are added with [`FieldPath::key`].
    pub fn parse(text: &str) -> FieldPath {
        let mut segs = Vec::new();
        for part in text.split('.').filter(|p| !p.is_empty()) {
            let (key, mut rest) = match part.find('[') {
                Some(i) => (&part[..i], &part[i..]),
                None => (part, ""),
            };
            if !key.is_empty() {
                segs.push(Seg::Key(key.to_string()));
            }
            while let Some(close) = rest.find(']') {
                match rest[1..close].parse() {
                    Ok(i) => segs.push(Seg::Index(i)),
                    Err(_) => segs.push(Seg::Key(rest[1..close].to_string())),
                }
                rest = &rest[close + 1..];
            }
        }
        FieldPath(segs)
    }

    pub fn key(mut self, key: impl Into<String>) -> FieldPath {
        self.0.push(Seg::Key(key.into()));
        self
    }

    pub fn index(mut self, i: usize) -> FieldPath {
        self.0.push(Seg::Index(i));
        self
    }

    /// This path followed by `rest`.
    pub fn join(mut self, rest: FieldPath) -> FieldPath {
        self.0.extend(rest.0);
        self
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<&str> for FieldPath {
    fn from(text: &str) -> FieldPath {
        FieldPath::parse(text)
    }
}

impl From<String> for FieldPath {
    fn from(text: String) -> FieldPath {
        FieldPath::parse(&text)
    }
}

impl std::fmt::Display for FieldPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Seg::Key(k) if i == 0 => write!(f, "{k}")?,
                Seg::Key(k) => write!(f, ".{k}")?,
                Seg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// One problem with a scenario document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Issue {
    /// The field, step by step (empty: the document as a whole).
    pub path: FieldPath,
    /// The same place as one line of text, as errors print it (`topology.caches[2].parent`).
    pub at: String,
    /// What is wanted there ("must be between 1 and 33554432 blocks (got 0)").
    pub message: String,
}

impl Issue {
    pub fn new(path: impl Into<FieldPath>, message: impl Into<String>) -> Issue {
        let path = path.into();
        Issue { at: path.to_string(), path, message: message.into() }
    }
}

impl std::fmt::Display for Issue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.at.is_empty() {
            write!(f, "scenario: {}", self.message)
        } else {
            write!(f, "scenario.{}: {}", self.at, self.message)
        }
    }
}

/// Every issue found, in the order the checks run (the first is what [`ScenarioError`] gives).
#[derive(Clone, Debug, Default)]
pub struct Issues(Vec<Issue>);

impl Issues {
    pub fn add(&mut self, path: impl Into<FieldPath>, message: impl Into<String>) {
        self.0.push(Issue::new(path, message));
    }

    /// An `Err` of an object's own check, placed at `path` — or at the object's field when the
    /// message names one first, as those checks do ("trigger must be between 1 and …" is
    /// `path.trigger`: "must be between 1 and …").
    pub fn check(&mut self, path: impl Into<FieldPath>, result: Result<(), String>) {
        if let Err(m) = result {
            let path = path.into();
            match m.split_once(" must ") {
                Some((field, rest)) if !field.is_empty() && field.chars().all(|c| c.is_ascii_alphanumeric()) => {
                    self.add(path.key(field), format!("must {rest}"))
                }
                _ => self.add(path, m),
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn first(&self) -> Option<ScenarioError> {
        self.0.first().map(|i| ScenarioError::from(i.clone()))
    }

    pub fn into_vec(self) -> Vec<Issue> {
        self.0
    }
}

/// A scenario that could not be read or is not acceptable: its first issue, `path` naming the
/// field as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    pub path: String,
    pub message: String,
}

impl From<Issue> for ScenarioError {
    fn from(i: Issue) -> ScenarioError {
        ScenarioError { path: i.at, message: i.message }
    }
}

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            write!(f, "scenario: {}", self.message)
        } else {
            write!(f, "scenario.{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for ScenarioError {}

pub(crate) fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError { path: path.into(), message: message.into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_read_as_code_writes_them_and_print_back() {
        let p = FieldPath::parse("topology.caches[2].parent");
        assert_eq!(
            p.0,
            vec![Seg::Key("topology".into()), Seg::Key("caches".into()), Seg::Index(2), Seg::Key("parent".into())]
        );
        assert_eq!(p.to_string(), "topology.caches[2].parent");
        assert_eq!(
            FieldPath::parse("source.workload.phases[0].workload.blocks").to_string(),
            "source.workload.phases[0].workload.blocks"
        );
        assert!(FieldPath::parse("").is_empty());
        // A name is one step, whatever it holds.
        let named = FieldPath::parse("source.clients").key("web.1[a]").key("blocks");
        assert_eq!(named.0[2], Seg::Key("web.1[a]".into()));
        assert_eq!(named.0.len(), 4);
    }

    #[test]
    fn issues_keep_their_order_and_the_first_is_the_error() {
        let mut issues = Issues::default();
        issues.check("seed", Ok(()));
        issues.add("seed", "must be at most 9");
        issues.check("name", Err("too long".into()));
        issues.check("source.sharing", Err("fraction must be between 0 and 1 (got 2)".into()));
        assert_eq!(issues.len(), 3);
        let first = issues.first().unwrap();
        assert_eq!(first.to_string(), "scenario.seed: must be at most 9");
        let all = issues.into_vec();
        assert_eq!(all[1].at, "name");
        // The field an object's check names first is the place.
        assert_eq!(
            (all[2].at.as_str(), all[2].message.as_str()),
            ("source.sharing.fraction", "must be between 0 and 1 (got 2)")
        );
    }
}
