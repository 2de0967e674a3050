//! `tiersim sim` refuses a file that is not a trace, naming it and why (issue 24): thirty lines
//! of prose are text no text format reads, never a binary oracleGeneral trace of "55 requests
//! over 11 blocks". The CLI, the Python package and the browser share the detection in the core.

use std::process::Command;

fn tiersim(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tiersim")).args(args).output().unwrap()
}

#[test]
fn prose_is_refused_with_the_file_and_the_reason() {
    let dir = std::env::temp_dir().join(format!("tiersim-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let notes = dir.join("notes.txt");
    let text: String =
        (1..=30).map(|i| format!("Note {i}: the cache’s hit ratio — “better” than last week.\n")).collect();
    std::fs::write(&notes, text).unwrap();
    let notes = notes.to_str().unwrap();
    let out = tiersim(&["sim", "--policy", "lru", "--size", "4", "--trace", notes]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "{notes}: not a trace — looks like text but no line parses as any text format (line 1: \"Note 1: the cache’s hit ratio — “better”…\")"
        )),
        "{stderr}"
    );
    assert!(stderr.contains("if it is one, name its format with --format"), "{stderr}");
    // A real trace beside it still reads.
    let trace = dir.join("t.txt");
    std::fs::write(&trace, "1\n2\n1\n").unwrap();
    assert!(tiersim(&["sim", "--policy", "lru", "--size", "4", "--trace", trace.to_str().unwrap()]).status.success());
    std::fs::remove_dir_all(&dir).ok();
}
