//! Public object traces read as their collections publish them, each a fixed column map over the
//! `columns` reader ([`super::columns`]): every request is a GET of one object with its size in
//! bytes, timed in seconds.
//! - `webcachesim`: the webcachesim simulator's `time id size`, separated by spaces; columns
//!   after the third (that simulator's extra features) are ignored.
//! - `wikimedia-upload`: Wikimedia's 2019 CDN trace of upload.wikimedia.org (images), tab-separated
//!   `relative_unix hashed_path_query image_type response_size time_firstbyte`.
//! - `wikimedia-text`: the 2019 trace of its text cluster (pages), tab-separated
//!   `relative_unix hashed_host_path_query response_size time_firstbyte`.
//!
//! Wikimedia's hashed ids are signed 64-bit numbers (Hive's `bigint`): a negative one is read as
//! its two's complement, so every id keeps its own 64 bits. A first line naming the columns
//! (`relative_unix…`) is skipped; an object of 0 bytes is refused at its line, as oracleGeneral's
//! are.

use super::columns::{Address, Columns, Delimiter, KeyKind, TimeUnit};
use super::Format;

/// The column map `format` reads through, if it is one of these.
pub(super) fn map(format: Format) -> Option<Columns> {
    let (delimiter, key, size) = match format {
        Format::Webcachesim => (Delimiter::Space, 2, 3),
        Format::WikimediaUpload => (Delimiter::Tab, 2, 4),
        Format::WikimediaText => (Delimiter::Tab, 2, 3),
        _ => return None,
    };
    Some(Columns {
        delimiter,
        header: false,
        key,
        ids: KeyKind::Number,
        address: Address::Object,
        size: Some(size),
        time: Some(1),
        time_unit: TimeUnit::S,
        op: None,
        client: None,
    })
}

/// Whether `line`, the first that is not blank, names the columns (and is skipped).
pub(super) fn is_header(format: Format, line: &str) -> bool {
    matches!(format, Format::WikimediaUpload | Format::WikimediaText) && line.trim_start().starts_with("relative_unix")
}

/// Whether the first lines look like `format`'s (a header line aside): every one with its
/// fields, each of the right kind.
pub(super) fn looks_like(format: Format, first: &str) -> bool {
    let int = |f: &str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
    let signed = |f: &str| int(f.strip_prefix('-').unwrap_or(f));
    let real = |f: &str| f.parse::<f64>().is_ok_and(f64::is_finite);
    let word = |f: &str| !f.is_empty() && f.parse::<f64>().is_err();
    let fits = |line: &str| match format {
        Format::Webcachesim => {
            let f: Vec<&str> = line.split_ascii_whitespace().collect();
            !line.contains('\t') && f.len() >= 3 && f.iter().all(|x| int(x))
        }
        Format::WikimediaUpload => match line.split('\t').collect::<Vec<_>>()[..] {
            [t, id, kind, size, first_byte] => int(t) && signed(id) && word(kind) && int(size) && real(first_byte),
            _ => false,
        },
        Format::WikimediaText => match line.split('\t').collect::<Vec<_>>()[..] {
            [t, id, size, first_byte] => int(t) && signed(id) && int(size) && real(first_byte),
            _ => false,
        },
        _ => false,
    };
    let mut lines = first.lines().map(str::trim_end).filter(|l| !l.trim().is_empty()).peekable();
    if lines.peek().is_some_and(|l| is_header(format, l)) {
        lines.next();
    }
    let mut any = false;
    for line in lines {
        if !fits(line) {
            return false;
        }
        any = true;
    }
    any
}

#[cfg(test)]
mod tests {
    use super::super::{detect, parse, Format, Options};

    fn objects() -> Options {
        Options { object_mode: true, ..Options::default() }
    }

    #[test]
    fn webcachesim_reads_time_id_size_and_ignores_extra_columns() {
        let t = parse(b"0 7 1200\n1 9 300 5 6\n1 7 1200\n", Format::Webcachesim, &objects()).unwrap();
        assert_eq!(t.raw, [7, 9]);
        assert_eq!(t.refs, [0, 1, 0]);
        assert_eq!(t.sizes, [1200, 300, 1200]);
        assert_eq!(t.records.iter().map(|r| r.time_us()).collect::<Vec<_>>(), [Some(0.0), Some(1e6), Some(1e6)]);
        assert_eq!(detect(b"0 7 1200\n1 9 300\n1 7 1200\n"), Some(Format::Webcachesim));
    }

    #[test]
    fn wikimedia_reads_both_layouts_with_signed_ids_and_a_header() {
        let upload = b"relative_unix\thashed_path_query\timage_type\tresponse_size\ttime_firstbyte\n\
            0\t-8417265581546291571\tjpeg\t20483\t0.000149\n\
            3\t55\tpng\t911\t0.12\n\
            4\t-8417265581546291571\tjpeg\t20483\t0.000101\n";
        let t = parse(upload, Format::WikimediaUpload, &objects()).unwrap();
        assert_eq!(t.raw, [(-8417265581546291571i64) as u64, 55]);
        assert_eq!((t.refs.as_slice(), t.sizes.as_slice()), ([0, 1, 0].as_slice(), [20483, 911, 20483].as_slice()));
        assert_eq!(detect(upload), Some(Format::WikimediaUpload));
        let text = b"0\t12\t5120\t0.02\n2\t-3\t800\t0.5\n";
        let t = parse(text, Format::WikimediaText, &objects()).unwrap();
        assert_eq!((t.raw.as_slice(), t.sizes.as_slice()), ([12, u64::MAX - 2].as_slice(), [5120, 800].as_slice()));
        assert_eq!(t.records[1].time_us(), Some(2e6));
        assert_eq!(detect(text), Some(Format::WikimediaText));
        // Read as blocks: one block per object, no sizes kept.
        let blocks = parse(text, Format::WikimediaText, &Options::default()).unwrap();
        assert_eq!((blocks.refs.len(), blocks.sizes.len()), (2, 0));
    }

    #[test]
    fn errors_name_the_line_and_the_field() {
        let err = |f: Format, text: &str| parse(text.as_bytes(), f, &objects()).unwrap_err().to_string();
        assert_eq!(
            err(Format::Webcachesim, "0 7 1200\n1 x 300\n"),
            "line 2: key (column 2): expected a numeric id (or ids=text to hash any text), got \"x\""
        );
        assert_eq!(
            err(Format::WikimediaUpload, "0\t5\tjpeg\tbig\t0.1\n"),
            "line 1: size (column 4): expected a size in bytes, got \"big\""
        );
        assert!(err(Format::WikimediaText, "0\t5\t0\t0.1\n").starts_with("line 1: "), "an object of 0 bytes");
        assert_eq!(
            err(Format::WikimediaText, "0\t5\n"),
            "line 1: expected at least 3 tab fields (the column map's last is column 3), got 2"
        );
    }
}
