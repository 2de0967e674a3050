//! Any delimited text trace, read through a column map ([`Columns`]): which column holds each
//! request's key (an object id, or a byte or block address), its size in bytes, its time, its
//! operation and its client, how the fields are separated, and whether a header line comes
//! first. This is the format `columns`; the map travels in [`super::Options::columns`], in a
//! scenario's trace source (`columns`), and on the command line as a spec
//! ([`Columns::parse_spec`]) that also takes libCacheSim's own CSV parameters
//! (`time-col=2,obj-id-col=5,obj-size-col=4,has-header=true`).
//!
//! A key is a number (decimal, a negative one as its 64-bit two's complement, or hexadecimal
//! after `0x`), or any text hashed to 64 bits
//! (xxHash3, seed 0) when the map says `ids=text`; a hashed trace counts the distinct texts
//! that met an earlier text's hash ([`Finished::collisions`](super::Finished)), each found by
//! a second, independent hash. A request is:
//! - `address=object` — one block keyed by the id (an object trace, as oracleGeneral's records
//!   are); read as objects it keeps its size, which must then be at least 1 byte;
//! - `address=bytes` — a byte offset, split into the blocks that `size` bytes from it touch
//!   (one block without a size column), as MSR's requests are;
//! - `address=blocks` — a block number, and `ceil(size / block size)` blocks from it (one
//!   without a size column).
//!
//! Read as objects (`object_mode`), a byte or block address is the key, unsplit, with its size.
//! Times are in the map's unit (seconds unless it says `ms`, `us` or `ns`); an operation is a
//! read (`r`, `read`, `get`, in any case) or a write (`w`, `write`, `set`, `put`); without an op
//! column every request is a read. Blank lines are skipped, and so are lines starting with `#`.

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use super::{bad_field, clip, parse_u64, split, Builder, Meta, Options, TraceError};
use crate::model::Op;

/// The most columns a map may name (a column from 1 to this).
pub const MAX_COLUMN: u16 = 64;

/// How a line's fields are separated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Delimiter {
    #[default]
    Comma,
    Tab,
    Semicolon,
    Pipe,
    /// Runs of spaces and tabs.
    Space,
}

impl Delimiter {
    pub const ALL: [Delimiter; 5] =
        [Delimiter::Comma, Delimiter::Tab, Delimiter::Semicolon, Delimiter::Pipe, Delimiter::Space];

    fn byte(self) -> Option<u8> {
        match self {
            Delimiter::Comma => Some(b','),
            Delimiter::Tab => Some(b'\t'),
            Delimiter::Semicolon => Some(b';'),
            Delimiter::Pipe => Some(b'|'),
            Delimiter::Space => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Delimiter::Comma => "comma",
            Delimiter::Tab => "tab",
            Delimiter::Semicolon => "semicolon",
            Delimiter::Pipe => "pipe",
            Delimiter::Space => "space",
        }
    }
}

/// What a key column holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum KeyKind {
    /// A number: decimal, or hexadecimal after `0x`.
    #[default]
    Number,
    /// Any text, hashed to 64 bits.
    Text,
}

/// What a request's key is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Address {
    /// An object id: one block per request.
    #[default]
    Object,
    /// A byte offset, split into blocks by the request's size.
    Bytes,
    /// A block number, the request's size in bytes spanning blocks from it.
    Blocks,
}

/// The unit of a time column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum TimeUnit {
    #[default]
    S,
    Ms,
    Us,
    Ns,
}

impl TimeUnit {
    fn to_us(self) -> f64 {
        match self {
            TimeUnit::S => 1e6,
            TimeUnit::Ms => 1e3,
            TimeUnit::Us => 1.0,
            TimeUnit::Ns => 1e-3,
        }
    }
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// Which column (from 1) holds what, in a delimited text trace (see the module's docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Columns {
    #[serde(default, skip_serializing_if = "is_default")]
    pub delimiter: Delimiter,
    /// The first line names the columns: skipped.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub header: bool,
    /// The key's column: an object id, or an address.
    pub key: u16,
    #[serde(default, skip_serializing_if = "is_default")]
    pub ids: KeyKind,
    #[serde(default, skip_serializing_if = "is_default")]
    pub address: Address,
    /// The size's column, in bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub size: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub time: Option<u16>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub time_unit: TimeUnit,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub op: Option<u16>,
    /// The client's column: an integer from 0 to 65535.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub client: Option<u16>,
}

impl Columns {
    /// A map of only a key column.
    pub fn key(key: u16) -> Self {
        Self {
            delimiter: Delimiter::Comma,
            header: false,
            key,
            ids: KeyKind::Number,
            address: Address::Object,
            size: None,
            time: None,
            time_unit: TimeUnit::S,
            op: None,
            client: None,
        }
    }

    /// The columns named, with their roles, in the order key, size, time, op, client.
    pub fn roles(&self) -> impl Iterator<Item = (&'static str, u16)> {
        [("key", Some(self.key)), ("size", self.size), ("time", self.time), ("op", self.op), ("client", self.client)]
            .into_iter()
            .filter_map(|(role, c)| c.map(|c| (role, c)))
    }

    /// Every column from 1 to [`MAX_COLUMN`], no column in two roles, and an address a number.
    pub fn validate(&self) -> Result<(), String> {
        let mut seen: Vec<(&str, u16)> = Vec::new();
        for (role, c) in self.roles() {
            if !(1..=MAX_COLUMN).contains(&c) {
                return Err(format!("columns.{role}: a column from 1 to {MAX_COLUMN}, got {c}"));
            }
            if let Some((other, _)) = seen.iter().find(|(_, o)| *o == c) {
                return Err(format!("columns.{role}: column {c} is already the {other}"));
            }
            seen.push((role, c));
        }
        if self.ids == KeyKind::Text && self.address != Address::Object {
            return Err("columns.ids: an address (bytes or blocks) is a number, not text to hash".into());
        }
        Ok(())
    }

    /// The most fields a line must have: the last column named.
    fn width(&self) -> usize {
        self.roles().map(|(_, c)| c as usize).max().unwrap_or(1)
    }

    /// Reads a spec: `key=value` pairs separated by commas, in tiersim's names or libCacheSim's
    /// (`key` or `obj-id-col`, `size` or `obj-size-col`, `time` or `time-col`, `op` or `op-col`,
    /// `client` or `client-col`, `header` or `has-header`, `ids=number|text` or
    /// `obj-id-is-num`, `address=object|bytes|blocks`, `time-unit=s|ms|us|ns`,
    /// `delimiter=comma|tab|semicolon|pipe|space` or the character itself, `delimiter=,,` for a
    /// comma as libCacheSim writes it). `header` alone means `header=true`.
    pub fn parse_spec(spec: &str) -> Result<Columns, String> {
        let mut map = Columns::key(0);
        let mut key = None;
        let parts: Vec<&str> = spec.split(',').collect();
        let mut i = 0;
        while i < parts.len() {
            let part = parts[i].trim();
            i += 1;
            if part.is_empty() {
                continue;
            }
            let (name, value) = part.split_once('=').map_or((part, None), |(n, v)| (n.trim(), Some(v.trim())));
            let bad = |want: &str| format!("columns: {name}: expected {want}, got \"{}\"", clip(value.unwrap_or("")));
            let column = || value.and_then(|v| v.parse::<u16>().ok()).ok_or_else(|| bad("a column number from 1"));
            let flag = || match value {
                None | Some("true" | "1" | "yes") => Ok(true),
                Some("false" | "0" | "no") => Ok(false),
                _ => Err(bad("true or false")),
            };
            match name {
                "key" | "id" | "obj-id-col" => key = Some(column()?),
                "size" | "obj-size-col" | "size-col" => map.size = Some(column()?),
                "time" | "time-col" => map.time = Some(column()?),
                "op" | "op-col" => map.op = Some(column()?),
                "client" | "client-col" => map.client = Some(column()?),
                "header" | "has-header" => map.header = flag()?,
                "obj-id-is-num" => map.ids = if flag()? { KeyKind::Number } else { KeyKind::Text },
                "ids" => {
                    map.ids = match value {
                        Some("number") => KeyKind::Number,
                        Some("text") => KeyKind::Text,
                        _ => return Err(bad("number or text")),
                    }
                }
                "address" => {
                    map.address = match value {
                        Some("object") => Address::Object,
                        Some("bytes") => Address::Bytes,
                        Some("blocks") => Address::Blocks,
                        _ => return Err(bad("object, bytes or blocks")),
                    }
                }
                "time-unit" => {
                    map.time_unit = match value {
                        Some("s") => TimeUnit::S,
                        Some("ms") => TimeUnit::Ms,
                        Some("us" | "µs") => TimeUnit::Us,
                        Some("ns") => TimeUnit::Ns,
                        _ => return Err(bad("s, ms, us or ns")),
                    }
                }
                "delimiter" => {
                    // `delimiter=,` splits into "delimiter=" and the empty part after it.
                    let raw = parts[i - 1].split_once('=').map_or("", |(_, v)| v);
                    map.delimiter = match raw {
                        "" if parts.get(i).is_some_and(|p| p.is_empty()) => {
                            i += 1;
                            Delimiter::Comma
                        }
                        "" if i == parts.len() => Delimiter::Comma,
                        "\t" | "\\t" | "tab" => Delimiter::Tab,
                        ";" | "semicolon" => Delimiter::Semicolon,
                        "|" | "pipe" => Delimiter::Pipe,
                        " " | "space" => Delimiter::Space,
                        "comma" => Delimiter::Comma,
                        _ => return Err(bad("comma, tab, semicolon, pipe or space")),
                    }
                }
                _ => {
                    return Err(format!(
                        "columns: unknown setting \"{}\" (expected key, size, time, op, client, header, ids, \
                         address, time-unit or delimiter, or libCacheSim's obj-id-col, obj-size-col, time-col, \
                         has-header, obj-id-is-num)",
                        clip(name)
                    ))
                }
            }
        }
        map.key = key.ok_or("columns: no key column (key=N, or obj-id-col=N)")?;
        map.validate()?;
        Ok(map)
    }

    /// A guess from a file's first lines: a header's names where they say what a column is
    /// (`id`, `key`, `obj…`, `lbn`, `lba`, `block` for the key; `size`, `len`, `bytes`; `time`,
    /// `ts`; `op`, `type`, `rw`; `client`, `host`, `tenant`, `volume`), else by the values: the
    /// delimiter that splits the lines alike, the key the first column of numbers (or of text)
    /// that is not a time. `None` when no line splits.
    pub fn guess(head: &str) -> Option<Columns> {
        let lines: Vec<&str> = head.lines().map(str::trim).filter(|l| !l.is_empty()).take(9).collect::<Vec<_>>();
        let lines: Vec<&str> = match head.ends_with('\n') {
            // A cut last line says nothing reliable.
            false if lines.len() > 2 => lines[..lines.len() - 1].to_vec(),
            _ => lines,
        };
        let first = *lines.first()?;
        // A `#` first line is a header whatever it is separated by; the delimiter is the data's.
        let data = if first.starts_with('#') && lines.len() > 1 { &lines[1..] } else { &lines[..] };
        let delimiter = Delimiter::ALL
            .into_iter()
            .find(|d| {
                let n = split_line(data[0], *d).len();
                n > 1 && data.iter().all(|l| split_line(l, *d).len() == n)
            })
            .unwrap_or(Delimiter::Space);
        let mut names = split_line(first.trim_start_matches('#').trim(), delimiter);
        if names.len() < split_line(data[0], delimiter).len() {
            names = split_line(first.trim_start_matches('#').trim(), Delimiter::Space);
        }
        let names: Vec<String> = names.iter().map(|s| s.to_ascii_lowercase()).collect();
        let is_number = |s: &str| s.parse::<f64>().is_ok() || hex(s).is_some();
        let header = (lines.len() > 1 && !names.iter().any(|n| is_number(n))) || first.starts_with('#');
        let rows: Vec<Vec<&str>> = lines.iter().skip(usize::from(header)).map(|l| split_line(l, delimiter)).collect();
        let mut map = Columns { delimiter, header, ..Columns::key(0) };
        let col = |i: usize| (i + 1).min(MAX_COLUMN as usize) as u16;
        let all = |i: usize, f: &dyn Fn(&str) -> bool| rows.iter().all(|r| r.get(i).is_some_and(|s| f(s)));
        if header {
            for (i, n) in names.iter().enumerate() {
                let n = n.as_str();
                let has = |words: &[&str]| words.iter().any(|w| n == *w || n.starts_with(w));
                if map.size.is_none() && (has(&["size", "len", "bytes"]) || n.ends_with("size")) {
                    map.size = Some(col(i));
                } else if map.key == 0 && has(&["id", "key", "obj", "lbn", "lba", "block", "addr", "offset", "url"]) {
                    map.key = col(i);
                    if n.starts_with("offset") || n.starts_with("addr") {
                        map.address = Address::Bytes;
                    }
                } else if map.time.is_none() && has(&["time", "ts", "timestamp", "clock"]) {
                    map.time = Some(col(i));
                } else if map.op.is_none()
                    && has(&["op", "type", "rw", "cmd", "command", "operation"])
                    && all(i, &|s| op_of(s).is_some())
                {
                    map.op = Some(col(i));
                } else if map.client.is_none()
                    && has(&["client", "host", "tenant", "volume", "disk", "user"])
                    && all(i, &|s| s.parse::<u16>().is_ok())
                {
                    map.client = Some(col(i));
                }
            }
        }
        if map.key == 0 {
            // The first column of ids: numbers that are not the time, else text.
            let width = rows.first().map_or(0, Vec::len);
            let taken = |c: u16| map.roles().any(|(_, o)| o == c);
            let key = (0..width)
                .find(|&i| !taken(col(i)) && all(i, &|s| parse_u64(s.as_bytes()).is_some() || hex(s).is_some()));
            let key = key.or_else(|| (0..width).find(|&i| !taken(col(i)) && !all(i, &is_number)));
            map.key = col(key?);
        }
        let key = (map.key - 1) as usize;
        if rows.iter().any(|r| r.get(key).is_some_and(|s| parse_u64(s.as_bytes()).is_none() && hex(s).is_none())) {
            map.ids = KeyKind::Text;
            map.address = Address::Object;
        }
        map.validate().ok().map(|()| map)
    }
}

/// What a column map makes of a file's first bytes, for a form that sets the map up against a
/// preview: the map (the one given, else [`Columns::guess`]'s), the first lines cut into its
/// fields, and what reading those lines through it gives.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ColumnsPreview {
    /// `None`: no map given, and none could be guessed.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<Columns>,
    /// The first non-blank lines (at most [`PREVIEW_LINES`]), each cut into fields.
    pub rows: Vec<Vec<String>>,
    /// Requests the head's whole lines read as through the map.
    pub requests: u64,
    /// The first problem reading them, with its line.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Lines a preview shows.
pub const PREVIEW_LINES: usize = 8;

/// [`ColumnsPreview`] of the start of a file (through any compression), read through
/// `columns` (else a guess) with `opts`' block size and object mode.
pub fn preview(bytes: &[u8], columns: Option<Columns>, opts: &Options) -> ColumnsPreview {
    let head = super::detect::head_of(bytes);
    let text = String::from_utf8_lossy(&head);
    // Whole lines only, unless the head is the whole file.
    let all = head.len() < super::detect::DETECT_BYTES && bytes.len() < super::detect::DETECT_BYTES;
    let whole = match text.rsplit_once('\n') {
        Some((w, _)) if !all => w,
        _ => &text[..],
    };
    let columns = columns.or_else(|| Columns::guess(whole));
    let delimiter = columns.map_or(Delimiter::Comma, |c| c.delimiter);
    let rows = whole
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(PREVIEW_LINES)
        .map(|l| split_line(l.trim(), delimiter).into_iter().map(clip).collect())
        .collect();
    let Some(map) = columns else {
        return ColumnsPreview {
            columns,
            rows,
            requests: 0,
            error: Some("no column map fits these lines: say which column is the key".into()),
        };
    };
    let read = || -> Result<u64, super::TraceError> {
        let mut s = super::TraceStream::new(super::Format::Columns, Options { columns: Some(map), ..*opts })?;
        s.push(whole.as_bytes())?;
        Ok(s.finish()?.requests)
    };
    match read() {
        Ok(requests) => ColumnsPreview { columns, rows, requests, error: None },
        Err(e) => ColumnsPreview { columns, rows, requests: 0, error: Some(e.to_string()) },
    }
}

/// An operation's word, in any case.
fn op_of(s: &str) -> Option<Op> {
    const READS: [&str; 4] = ["r", "read", "get", "gets"];
    const WRITES: [&str; 9] = ["w", "write", "set", "put", "add", "replace", "append", "prepend", "cas"];
    let is = |names: &[&str]| names.iter().any(|n| n.eq_ignore_ascii_case(s));
    if is(&READS) {
        Some(Op::Read)
    } else if is(&WRITES) {
        Some(Op::Write)
    } else {
        None
    }
}

/// `0x…` as a number.
fn hex(s: &str) -> Option<u64> {
    let digits = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"))?;
    (!digits.is_empty() && digits.len() <= 16).then(|| u64::from_str_radix(digits, 16).ok()).flatten()
}

/// A line's fields, trimmed.
pub fn split_line(line: &str, d: Delimiter) -> Vec<&str> {
    match d.byte() {
        Some(b) => line.split(b as char).map(str::trim).collect(),
        None => line.split_ascii_whitespace().collect(),
    }
}

/// Text ids hashed to 64 bits, and the distinct texts that met an earlier text's hash.
#[derive(Default)]
pub(crate) struct IdHashes {
    /// First hash → second hash of the first text that had it.
    seen: FxHashMap<u64, u64>,
    /// (first, second) of each text that collided, counted once.
    collided: FxHashMap<(u64, u64), ()>,
}

impl IdHashes {
    fn key(&mut self, text: &[u8]) -> u64 {
        let h = twox_hash::XxHash3_64::oneshot(text);
        let check = twox_hash::XxHash3_64::oneshot_with_seed(0x7469_6572_7369_6d00, text);
        let first = *self.seen.entry(h).or_insert(check);
        if first != check {
            self.collided.insert((h, check), ());
        }
        h
    }

    pub(crate) fn collisions(&self) -> u64 {
        self.collided.len() as u64
    }

    pub(crate) fn distinct(&self) -> u64 {
        (self.seen.len() + self.collided.len()) as u64
    }
}

/// The fields of a line in the map's roles (key, size, time, op, client; `""` for a role the
/// map leaves out) and how many fields the line has, counted up to the map's last column:
/// columns past it are not looked at.
fn pick<'a>(fields: impl Iterator<Item = &'a str>, map: &Columns, width: usize) -> ([&'a str; 5], usize) {
    let columns = [Some(map.key), map.size, map.time, map.op, map.client];
    let mut picked = [""; 5];
    let mut count = 0;
    for field in fields.take(width) {
        count += 1;
        for (slot, c) in picked.iter_mut().zip(columns) {
            if c == Some(count as u16) {
                *slot = field;
            }
        }
    }
    (picked, count)
}

/// One line (`n` from 1) read through `map`; blank lines and `#` lines are skipped. `hashes`
/// keys text ids.
/// A negative decimal id (a signed 64-bit hash, as Hive's `bigint`s are) as its two's complement.
fn negative(raw: &str) -> Option<u64> {
    raw.starts_with('-').then(|| raw.parse::<i64>().ok()).flatten().filter(|v| *v < 0).map(|v| v as u64)
}

pub(crate) fn line(
    b: &mut Builder,
    n: u64,
    line: &str,
    map: &Columns,
    opts: &Options,
    hashes: &mut IdHashes,
) -> Result<(), TraceError> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(());
    }
    let place = || format!("line {n}");
    let bad = |role: &str, c: u16, want: &str, got: &str| bad_field(n, &format!("{role} (column {c})"), want, got);
    let width = map.width();
    let (f, count) = match map.delimiter.byte() {
        Some(d) => pick(trimmed.split(d as char).map(str::trim), map, width),
        None => pick(trimmed.split_ascii_whitespace(), map, width),
    };
    if count < width {
        return Err(TraceError {
            place: place(),
            message: format!(
                "expected at least {width} {} fields (the column map's last is column {width}), got {count}",
                map.delimiter.name()
            ),
        });
    }
    let [raw, size_field, time_field, op_field, client_field] = f;
    let key = match map.ids {
        KeyKind::Number => {
            parse_u64(raw.as_bytes()).or_else(|| hex(raw)).or_else(|| negative(raw)).ok_or_else(|| {
                let want = match map.address {
                    Address::Object => "a numeric id (or ids=text to hash any text)",
                    Address::Bytes => "a byte offset",
                    Address::Blocks => "a block number",
                };
                bad("key", map.key, want, raw)
            })?
        }
        KeyKind::Text if raw.is_empty() => return Err(bad("key", map.key, "an id", raw)),
        KeyKind::Text => hashes.key(raw.as_bytes()),
    };
    let size = match map.size {
        None => None,
        Some(c) => Some(parse_u64(size_field.as_bytes()).ok_or_else(|| bad("size", c, "a size in bytes", size_field))?),
    };
    let time_us = match map.time {
        None => None,
        Some(c) => Some(
            time_field
                .parse::<f64>()
                .ok()
                .map(|t| t * map.time_unit.to_us())
                .filter(|t| t.is_finite() && *t >= 0.0)
                .ok_or_else(|| bad("time", c, "a time ≥ 0", time_field))?,
        ),
    };
    let op = match map.op {
        None => Op::Read,
        Some(c) => op_of(op_field)
            .ok_or_else(|| bad("op", c, "a read (r, read, get) or a write (w, write, set, put)", op_field))?,
    };
    let client = match map.client {
        None => 0,
        Some(c) => {
            client_field.parse::<u16>().map_err(|_| bad("client", c, "an integer from 0 to 65535", client_field))?
        }
    };
    let (first, blocks) = match map.address {
        _ if opts.object_mode => (key, 1),
        Address::Object => (key, 1),
        Address::Bytes => split(key, size.unwrap_or(0), opts),
        Address::Blocks => (key, size.map_or(1, |s| s.div_ceil(opts.block_size as u64).max(1))),
    };
    b.push(place, first, blocks, Meta { time_us, client, size, ..Meta::op(op) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{parse, Format};

    fn read(text: &str, spec: &str, object_mode: bool) -> Result<crate::trace::Trace, String> {
        let opts = Options { object_mode, columns: Some(Columns::parse_spec(spec)?), ..Options::default() };
        parse(text.as_bytes(), Format::Columns, &opts).map_err(|e| e.to_string())
    }

    #[test]
    fn reads_the_peers_cloudphysics_csv_as_the_peer_does() {
        // `version,time,op,size,lbn`: time in seconds, size in bytes, lbn the object id.
        let text = "version,time,op,size,lbn\n1,10,0,4096,700\n1,11,1,8192,5\n1,12,0,4096,700\n";
        let spec = "time-col=2,obj-id-col=5,obj-size-col=4,delimiter=,,has-header=true";
        let t = read(text, spec, true).unwrap();
        assert_eq!(t.raw, [700, 5]);
        assert_eq!(t.refs, [0, 1, 0]);
        assert_eq!(t.sizes, [4096, 8192, 4096]);
        assert_eq!(t.records[1].time_us(), Some(11e6));
        assert!(t.records.iter().all(|r| r.op == Op::Read), "no op column: reads");
        let blind = read(text, spec, false).unwrap();
        assert!(blind.sizes.is_empty() && blind.refs == [0, 1, 0], "as blocks: one block per id, sizes dropped");
    }

    #[test]
    fn byte_and_block_addresses_split_as_the_block_formats_do() {
        let text = "4095 2 w\n8192 8192 r\n";
        let t = read(text, "key=1,size=2,op=3,address=bytes,delimiter=space", false).unwrap();
        assert_eq!(t.raw, [0, 1, 2, 3], "4095+2 straddles blocks 0 and 1; 8192+8192 is blocks 2 and 3");
        assert_eq!((t.records[0].op, t.records[0].len), (Op::Write, 2));
        let t = read("3|5000\n", "key=1,size=2,address=blocks,delimiter=|", false).unwrap();
        assert_eq!(t.raw, [3, 4], "5000 bytes from block 3 span two 4 KiB blocks");
        let objects = read(text, "key=1,size=2,address=bytes,delimiter=space", true).unwrap();
        assert_eq!((objects.raw, objects.sizes), (vec![4095, 8192], vec![2, 8192]));
    }

    #[test]
    fn text_ids_hash_and_count_collisions() {
        let text = "t,key,client\n1,alpha,0\n2,beta,3\n3,alpha,0\n";
        let t = read(text, "header,time=1,key=2,ids=text,client=3,time-unit=ms", false).unwrap();
        assert_eq!(t.refs, [0, 1, 0]);
        assert_eq!(t.raw[0], twox_hash::XxHash3_64::oneshot(b"alpha"));
        assert_eq!((t.records[1].client, t.records[2].time_us()), (3, Some(3000.0)));
        let mut h = IdHashes::default();
        let (a, b) = (h.key(b"alpha"), h.key(b"beta"));
        assert_ne!(a, b);
        h.key(b"alpha");
        assert_eq!((h.distinct(), h.collisions()), (2, 0));
        // A forged collision: a text whose first hash is taken by another's check.
        h.seen.insert(twox_hash::XxHash3_64::oneshot(b"gamma"), 1);
        h.key(b"gamma");
        h.key(b"gamma");
        assert_eq!((h.distinct(), h.collisions()), (4, 1), "counted once however often it comes");
    }

    #[test]
    fn bad_lines_name_the_line_column_and_text() {
        let err = |text: &str, spec: &str| read(text, spec, true).unwrap_err();
        assert_eq!(
            err("1,2\n", "key=1,size=3"),
            "line 1: expected at least 3 comma fields (the column map's last is column 3), got 2"
        );
        assert_eq!(
            err("abc,4\n", "key=1,size=2"),
            "line 1: key (column 1): expected a numeric id (or ids=text to hash any text), got \"abc\""
        );
        assert_eq!(err("1,-4\n", "key=1,size=2"), "line 1: size (column 2): expected a size in bytes, got \"-4\"");
        assert_eq!(
            err("1,0\n", "key=1,size=2").split(": ").nth(1),
            Some("an object's size must be from 1 byte to 1099511627776 bytes (1 TiB), got 0")
        );
        assert_eq!(
            err("1,4,del\n", "key=1,size=2,op=3"),
            "line 1: op (column 3): expected a read (r, read, get) or a write (w, write, set, put), got \"del\""
        );
        assert_eq!(err("1,x\n", "key=1,time=2"), "line 1: time (column 2): expected a time ≥ 0, got \"x\"");
        assert!(err("\n# note\n1,70000\n", "key=1,client=2").starts_with("line 3: client (column 2)"));
    }

    #[test]
    fn specs_are_checked_and_name_the_setting() {
        assert_eq!(Columns::parse_spec("size=2").unwrap_err(), "columns: no key column (key=N, or obj-id-col=N)");
        assert_eq!(Columns::parse_spec("key=1,size=1").unwrap_err(), "columns.size: column 1 is already the key");
        assert_eq!(Columns::parse_spec("key=0").unwrap_err(), "columns.key: a column from 1 to 64, got 0");
        assert_eq!(
            Columns::parse_spec("key=x").unwrap_err(),
            "columns: key: expected a column number from 1, got \"x\""
        );
        assert!(Columns::parse_spec("key=1,colour=2").unwrap_err().starts_with("columns: unknown setting \"colour\""));
        assert!(Columns::parse_spec("key=1,ids=text,address=bytes").unwrap_err().starts_with("columns.ids:"));
        let m = Columns::parse_spec("obj-id-col=5,delimiter=,,has-header=1,obj-id-is-num=0").unwrap();
        assert_eq!((m.key, m.delimiter, m.header, m.ids), (5, Delimiter::Comma, true, KeyKind::Text));
        assert_eq!(Columns::parse_spec("key=2,delimiter=\\t").unwrap().delimiter, Delimiter::Tab);
        assert_eq!(Columns::parse_spec("key=2,delimiter=,").unwrap().delimiter, Delimiter::Comma);
    }

    #[test]
    fn a_preview_cuts_the_first_lines_and_reads_them_through_the_map() {
        let text = b"version,time,op,size,lbn\n1,10,r,4096,700\n1,11,w,8192,5\n1,12,r,40";
        let p = preview(text, None, &Options::default());
        assert_eq!(p.columns.map(|c| (c.key, c.size, c.header)), Some((5, Some(4), true)));
        assert_eq!(p.rows.len(), 4, "the head is the whole file: its last line counts");
        assert_eq!(p.rows[1], ["1", "10", "r", "4096", "700"]);
        assert_eq!(
            (p.requests, p.error.as_deref()),
            (0, Some("line 4: expected at least 5 comma fields (the column map's last is column 5), got 4"))
        );
        let p = preview(&text[..text.len() - 9], None, &Options::default());
        assert_eq!((p.requests, p.error), (2, None));
        let p =
            preview(b"a b\n", Some(Columns { delimiter: Delimiter::Space, ..Columns::key(2) }), &Options::default());
        assert!(p.error.unwrap().starts_with("line 1: key (column 2)"), "the map given, not a guess");
    }

    #[test]
    fn guesses_a_map_from_a_header_or_the_values() {
        let g = Columns::guess("version,time,op,size,lbn\n1,10,r,4096,700\n1,11,w,8192,5\n").unwrap();
        assert_eq!(
            (g.header, g.key, g.size, g.time, g.op, g.ids),
            (true, 5, Some(4), Some(2), Some(3), KeyKind::Number)
        );
        let g = Columns::guess("version,time,op,size,lbn\n1,10,0,4096,700\n1,11,1,8192,5\n").unwrap();
        assert_eq!(g.op, None, "0 and 1 are not operations it knows");
        let g = Columns::guess("# time object size next\n1\tabc\t20\t-1\n2\tdef\t30\t-1\n").unwrap();
        assert_eq!((g.delimiter, g.header, g.key, g.ids, g.size), (Delimiter::Tab, true, 2, KeyKind::Text, Some(3)));
        let g = Columns::guess("1.5 700 4096\n2.5 5 512\n").unwrap();
        assert_eq!((g.delimiter, g.header, g.key), (Delimiter::Space, false, 2), "1.5 is a time, not an id");
        assert_eq!(Columns::guess("   \n"), None);
    }
}
