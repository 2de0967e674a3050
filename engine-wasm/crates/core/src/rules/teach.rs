//! The teaching stepper's request list as people type it: blocks named by letters (A, B, … Z,
//! AA, …, spreadsheet columns) or numbers, separated by spaces or commas; a trailing `*` for a
//! write, or `*` and paper 004's hint for a hinted write (`A*replace`, `B*synch`, `C*recov`);
//! in a hierarchy of several clients the client before a colon (`c2:A`, by name, or its number
//! counted from 1: `2:A`; without one, the first client's); under MC² a block's range (paper
//! 002's hint) after an `@` (`c1:A@2`); an object's size in bytes after the block and a colon,
//! with a unit (`A:4K`, `c2:B:64KiB*`, `C:1500B`), which makes the walk one of objects of any
//! size. The same grammar types a cache's starting contents, without writes, clients, ranges or
//! sizes (a start object takes the size its requests give it).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::model::capacity::Capacity;
use crate::model::{Op, WriteHint};
use crate::run::teach::{TeachRequest, MAX_TEACH_REQUESTS};
use crate::scenario::Shape;
use crate::trace::MAX_OBJECT_BYTES;

/// What a list item asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum ItemOp {
    Read,
    Write,
    Synch,
    Replace,
    Recov,
}

/// One request (or starting block) as typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ListItem {
    pub block: u32,
    pub op: ItemOp,
    /// The client as typed (a name, or a number from 1); absent: the first.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client: Option<String>,
    /// MC²'s range id; absent: the client's rest.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
    /// The object's size in bytes, as typed; absent: none typed.
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
}

/// A list read: its items, and whether any block was named by letters (then every block is
/// shown by letters).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ItemList {
    pub items: Vec<ListItem>,
    pub letters: bool,
}

/// What a list may hold: writes (with their hints), and clients and ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListKind<'a> {
    /// Names the list in messages ("request", "client start block").
    pub what: &'a str,
    pub writes: bool,
    pub clients: bool,
}

/// Reads a typed list; the error names the item and says what an item may be.
pub fn parse_list(text: &str, kind: ListKind<'_>) -> Result<ItemList, String> {
    let mut items = Vec::new();
    let mut letters = false;
    for (i, token) in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).enumerate() {
        let Some((item, by_letters)) = parse_item(token, kind) else {
            let shown: String =
                if token.chars().count() > 12 { token.chars().take(12).chain(['…']).collect() } else { token.into() };
            let mut message = format!(
                "{} {}: \"{shown}\" is not a block — letters (A, B, … AA) or a number up to 999999",
                kind.what,
                i + 1
            );
            if kind.writes {
                message.push_str(", with * for a write (*synch, *replace, *recov for a hinted one)");
            }
            if kind.clients {
                message.push_str(
                    ", after its client and a colon (c2:A) if not the first, its size after a colon for an object of any size (A:4K, up to 1 TiB), and before @ and its range (A@2) under MC²",
                );
            }
            return Err(message);
        };
        letters |= by_letters;
        items.push(item);
    }
    if items.len() > MAX_TEACH_REQUESTS {
        return Err(format!("{}s: at most {MAX_TEACH_REQUESTS} (got {})", kind.what, items.len()));
    }
    Ok(ItemList { items, letters })
}

/// One item, and whether its block was named by letters; `None` if it is not one.
fn parse_item(token: &str, kind: ListKind<'_>) -> Option<(ListItem, bool)> {
    // `[client:]block[:size][*hint][@range]`: a size is the part after the last colon when it
    // carries a unit (a block is letters or a number, never with a unit).
    let (token, bytes) = match token.rsplit_once(':') {
        Some((head, tail)) => {
            let end = tail.find(['*', '@']).unwrap_or(tail.len());
            match object_size(&tail[..end]) {
                Some(size) if kind.clients => (format!("{head}{}", &tail[end..]), Some(size)),
                Some(_) => return None,
                None => (token.to_string(), None),
            }
        }
        None => (token.to_string(), None),
    };
    let token = token.as_str();
    let (client, rest) = match token.split_once(':') {
        Some((c, rest)) => {
            let ok = (1..=40).contains(&c.len())
                && c.chars().all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '_' | '.' | '-'));
            if !ok || !kind.clients {
                return None;
            }
            (Some(c.to_string()), rest)
        }
        None => (None, token),
    };
    let (rest, range) = match rest.split_once('@') {
        Some((rest, r)) => {
            if !kind.clients || r.is_empty() || r.len() > 6 || !r.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            (rest, Some(r.parse().ok()?))
        }
        None => (rest, None),
    };
    let (name, op) = match rest.split_once('*') {
        Some((name, hint)) => {
            if !kind.writes {
                return None;
            }
            let op = match hint.to_ascii_lowercase().as_str() {
                "" => ItemOp::Write,
                "synch" => ItemOp::Synch,
                "replace" => ItemOp::Replace,
                "recov" => ItemOp::Recov,
                _ => return None,
            };
            (name, op)
        }
        None => (rest, ItemOp::Read),
    };
    let by_letters = name.bytes().all(|b| b.is_ascii_alphabetic());
    let block = if by_letters && (1..=3).contains(&name.len()) {
        letter_id(name)
    } else if (1..=6).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_digit()) {
        name.parse().ok()?
    } else {
        return None;
    };
    Some((ListItem { block, op, client, range, bytes }, by_letters))
}

/// An object's size as typed after its block: bytes with a unit, from 1 byte to
/// [`MAX_OBJECT_BYTES`]; `None` if it is not one (a bare number is a block).
fn object_size(text: &str) -> Option<u64> {
    if !text.starts_with(|c: char| c.is_ascii_digit()) || text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    match Capacity::parse(text) {
        Ok(Capacity::Bytes(b)) if b <= MAX_OBJECT_BYTES => Some(b),
        _ => None,
    }
}

impl ItemOp {
    /// The operation and paper 004's hint it stands for.
    pub fn op(self) -> (Op, Option<WriteHint>) {
        match self {
            ItemOp::Read => (Op::Read, None),
            ItemOp::Write => (Op::Write, None),
            ItemOp::Synch => (Op::Write, Some(WriteHint::Synch)),
            ItemOp::Replace => (Op::Write, Some(WriteHint::Replace)),
            ItemOp::Recov => (Op::Write, Some(WriteHint::Recov)),
        }
    }
}

/// A request as the stepper serves it: its client resolved to a leaf, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeachItem {
    pub block: u32,
    pub op: ItemOp,
    pub client: u32,
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
    /// The object's size in bytes as typed (see [`TeachRequest::bytes`]).
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
}

impl From<TeachItem> for TeachRequest {
    fn from(i: TeachItem) -> TeachRequest {
        let (op, hint) = i.op.op();
        TeachRequest { client: i.client as usize, block: i.block, op, hint, range: i.range, bytes: i.bytes }
    }
}

/// A cache's starting contents as typed, next victim first.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct StartText {
    /// The cache's name.
    pub cache: String,
    pub text: String,
    /// Names the list in messages ("client start block").
    pub what: String,
    /// Leave an empty list out (a tree's caches start empty unless given blocks).
    #[serde(default)]
    pub skip_empty: bool,
}

/// What the stepper serves: the requests with their clients resolved, each cache's starting
/// blocks, whether blocks are shown by letters, and the clients' names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeachInput {
    pub requests: Vec<TeachItem>,
    pub start: BTreeMap<String, Vec<u32>>,
    pub letters: bool,
    pub clients: Vec<String>,
}

/// Reads the stepper's typed lists against `shape`'s clients: a request's client by its name,
/// or by its number from 1 (a name that is a number wins); no requests is an error.
pub fn read_input(requests: &str, starts: &[StartText], shape: &Shape) -> Result<TeachInput, String> {
    let list = parse_list(requests, ListKind { what: "request", writes: true, clients: true })?;
    if list.items.is_empty() {
        return Err("type at least one request".into());
    }
    let clients: Vec<String> = shape.client_names().map(String::from).collect();
    let mut letters = list.letters;
    let mut resolved = Vec::with_capacity(list.items.len());
    for (i, item) in list.items.iter().enumerate() {
        let client = match &item.client {
            None => 0,
            Some(who) => match clients.iter().position(|c| c == who) {
                Some(c) => c,
                None => match who.parse::<usize>() {
                    Ok(n) if (1..=clients.len()).contains(&n) => n - 1,
                    _ => {
                        return Err(format!(
                            "request {}: \"{who}\" is not a client of this hierarchy (its clients: {}, or 1 to {})",
                            i + 1,
                            clients.join(", "),
                            clients.len()
                        ))
                    }
                },
            },
        };
        resolved.push(TeachItem {
            block: item.block,
            op: item.op,
            client: client as u32,
            range: item.range,
            bytes: item.bytes,
        });
    }
    let mut start = BTreeMap::new();
    for s in starts {
        let list = parse_list(&s.text, ListKind { what: &s.what, writes: false, clients: false })?;
        letters |= list.letters;
        if s.skip_empty && list.items.is_empty() {
            continue;
        }
        start.insert(s.cache.clone(), list.items.iter().map(|i| i.block).collect());
    }
    Ok(TeachInput { requests: resolved, start, letters, clients })
}

/// A = 0 … Z = 25, AA = 26 … (spreadsheet columns).
pub fn letter_id(letters: &str) -> u32 {
    letters.bytes().fold(0u32, |n, b| n * 26 + u32::from(b.to_ascii_uppercase() - b'A' + 1)) - 1
}

/// The letters of block `id` (0 is A).
pub fn letter_name(id: u32) -> String {
    let mut out = Vec::new();
    let mut n = id as u64 + 1;
    while n > 0 {
        out.push(b'A' + ((n - 1) % 26) as u8);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII letters")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    const REQUESTS: ListKind<'static> = ListKind { what: "request", writes: true, clients: true };
    const START: ListKind<'static> = ListKind { what: "client start block", writes: false, clients: false };

    fn item(block: u32, op: ItemOp, client: Option<&str>, range: Option<u32>) -> ListItem {
        ListItem { block, op, client: client.map(String::from), range, bytes: None }
    }

    #[test]
    fn letters_numbers_writes_hints_clients_and_ranges() {
        let l = parse_list("A b, C* 12 c2:D*SYNCH 2:E@3 x.y-1:AA*replace@0 Z*recov", REQUESTS).unwrap();
        assert!(l.letters);
        assert_eq!(
            l.items,
            [
                item(0, ItemOp::Read, None, None),
                item(1, ItemOp::Read, None, None),
                item(2, ItemOp::Write, None, None),
                item(12, ItemOp::Read, None, None),
                item(3, ItemOp::Synch, Some("c2"), None),
                item(4, ItemOp::Read, Some("2"), Some(3)),
                item(26, ItemOp::Replace, Some("x.y-1"), Some(0)),
                item(25, ItemOp::Recov, None, None),
            ]
        );
        let numbers = parse_list("1 2 999999", REQUESTS).unwrap();
        assert!(!numbers.letters);
        assert_eq!(parse_list("  ", REQUESTS).unwrap().items, []);
    }

    #[test]
    fn what_is_not_an_item_is_named_with_what_would_be() {
        for bad in ["A*", "c1:A", "A@1"] {
            let e = parse_list(&format!("B {bad}"), START).unwrap_err();
            assert_eq!(
                e,
                format!(
                    "client start block 2: \"{bad}\" is not a block — letters (A, B, … AA) or a number up to 999999"
                )
            );
        }
        for bad in [
            "AAAA",
            "1234567",
            "A*write",
            "A@",
            "A@1234567",
            ":A",
            "A1",
            "é",
            "toolongclientnamexxxxxxxxxxxxxxxxxxxxxxxxxx:A",
        ] {
            let e = parse_list(bad, REQUESTS).unwrap_err();
            assert!(e.starts_with("request 1: \""), "{bad}: {e}");
            assert!(e.ends_with("(A@2) under MC²"), "{e}");
        }
        for bad in ["A:0K", "A:2T", "A:4X", "c1:A:4K:8K", "A:4K:c1"] {
            assert!(parse_list(bad, REQUESTS).is_err(), "{bad}");
        }
        assert!(parse_list("abcdefghijklmnop", REQUESTS).unwrap_err().contains("\"abcdefghijkl…\""));
        let many = vec!["A"; MAX_TEACH_REQUESTS + 1].join(" ");
        assert_eq!(parse_list(&many, REQUESTS).unwrap_err(), "requests: at most 1000 (got 1001)");
    }

    #[test]
    fn sizes_follow_the_block_after_a_colon_with_a_unit() {
        let l = parse_list("A:4K c2:B:64KiB* C:1500B*replace@2 2:4k D:1.5K c2:12 E", REQUESTS).unwrap();
        let sized =
            |block, op, client: Option<&str>, range, bytes| ListItem { bytes, ..item(block, op, client, range) };
        assert_eq!(
            l.items,
            [
                sized(0, ItemOp::Read, None, None, Some(4096)),
                sized(1, ItemOp::Write, Some("c2"), None, Some(65536)),
                sized(2, ItemOp::Replace, None, Some(2), Some(1500)),
                sized(2, ItemOp::Read, None, None, Some(4096)),
                sized(3, ItemOp::Read, None, None, Some(1536)),
                item(12, ItemOp::Read, Some("c2"), None),
                item(4, ItemOp::Read, None, None),
            ]
        );
        let e = parse_list("A:4K", START).unwrap_err();
        assert!(e.starts_with("client start block 1: \"A:4K\" is not a block"), "{e}");
    }

    #[test]
    fn letters_are_spreadsheet_columns() {
        for (id, name) in [(0, "A"), (25, "Z"), (26, "AA"), (701, "ZZ"), (702, "AAA")] {
            assert_eq!(letter_name(id), name);
            assert_eq!(letter_id(name), id);
            assert_eq!(letter_id(&name.to_lowercase()), id);
        }
    }

    #[test]
    fn clients_resolve_by_name_or_number_and_starts_read_without_writes() {
        let s = Scenario::from_json(
            r#"{"version": 5, "seed": 1, "topology": {"kind": "tree", "caches": [
                {"name": "c1", "capacity": 2, "policy": {"kind": "lru"}, "parent": "r"},
                {"name": "2", "capacity": 2, "policy": {"kind": "lru"}, "parent": "r"},
                {"name": "r", "capacity": 4, "policy": {"kind": "lru"}, "disk": {"kind": "constant", "serviceMs": 1}}]},
              "source": {"kind": "workload", "workload": {"kind": "random", "blocks": 100}}}"#,
        )
        .unwrap();
        let shape = s.shape().unwrap();
        let starts = [
            StartText { cache: "c1".into(), text: "A B".into(), what: "c1 start block".into(), skip_empty: true },
            StartText { cache: "r".into(), text: "".into(), what: "r start block".into(), skip_empty: true },
        ];
        let input = read_input("A c1:B*synch 1:C 2:D@4", &starts, &shape).unwrap();
        let clients: Vec<u32> = input.requests.iter().map(|r| r.client).collect();
        // "1" is the first client by number; "2" names the second by its name.
        assert_eq!(clients, [0, 0, 0, 1]);
        assert_eq!(input.requests[1].op, ItemOp::Synch);
        assert_eq!(input.requests[3].range, Some(4));
        assert_eq!(input.start, BTreeMap::from([("c1".to_string(), vec![0, 1])]));
        assert!(input.letters);
        assert_eq!(input.clients, ["c1", "2"]);
        assert_eq!(
            read_input("3:A", &[], &shape).unwrap_err(),
            "request 1: \"3\" is not a client of this hierarchy (its clients: c1, 2, or 1 to 2)"
        );
        assert_eq!(read_input(" ", &[], &shape).unwrap_err(), "type at least one request");
        let bad_start =
            [StartText { cache: "c1".into(), text: "A*".into(), what: "c1 start block".into(), skip_empty: false }];
        assert!(read_input("A", &bad_start, &shape).unwrap_err().starts_with("c1 start block 1: \"A*\""));
    }
}
