//! `tiersim run` refuses a key nothing reads, wherever it sits, naming its path (issue 24): the
//! browser refuses it too, and a run that silently dropped it would not be the run the user wrote.

use std::process::Command;

fn tiersim(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tiersim")).args(args).output().unwrap()
}

#[test]
fn run_refuses_a_misplaced_key_with_its_path() {
    let dir = std::env::temp_dir().join(format!("tiersim-strict-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut doc: serde_json::Value = serde_json::from_slice(&tiersim(&["default-scenario"]).stdout).unwrap();
    doc["source"]["workload"]["measuredRequests"] = 1000.into();
    let path = dir.join("scenario.json");
    let path = path.to_str().unwrap();

    std::fs::write(path, doc.to_string()).unwrap();
    assert!(tiersim(&["run", path]).status.success(), "the default scenario runs");

    doc["protocol"] = serde_json::json!({"kind": "ha-r", "du": "drop"});
    std::fs::write(path, doc.to_string()).unwrap();
    let out = tiersim(&["run", path]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("scenario.protocol.du: unknown field `du`"), "{stderr}");

    let trace = dir.join("trace.txt");
    std::fs::write(&trace, "1\n2\n1\n").unwrap();
    let trace = trace.to_str().unwrap();
    assert!(tiersim(&["sim", "--policy", "lru", "--size", "4", "--trace", trace]).status.success());
    let out = tiersim(&["sim", "--policy", r#"{"kind":"lru","k":2}"#, "--size", "4", "--trace", trace]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("unknown field `k`"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}
