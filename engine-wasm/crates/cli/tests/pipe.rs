//! The command-line runner ends quietly when its reader closes the pipe (`tiersim … | head`).

use std::io::Read;
use std::process::{Command, Stdio};

/// Runs `tiersim args`, reads 16 bytes of its output, closes the pipe; its stderr and status.
fn head(args: &[&str]) -> (String, std::process::ExitStatus) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tiersim"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (String::from_utf8_lossy(&out.stderr).into_owned(), out.status)
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let dir = std::env::temp_dir().join(format!("tiersim-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("scenario.json");
    let text = Command::new(env!("CARGO_BIN_EXE_tiersim")).arg("default-scenario").output().unwrap().stdout;
    std::fs::write(&scenario, text).unwrap();
    let path = scenario.to_str().unwrap();
    let trace = dir.join("trace.csv");
    let out = Command::new(env!("CARGO_BIN_EXE_tiersim")).args(["export", path, "-o"]).arg(&trace).output().unwrap();
    assert!(out.status.success());
    let trace = trace.to_str().unwrap();
    // The default workload as CSV (megabytes, far more than a pipe holds), printed as JSON
    // with every stack-depth curve, and printed as a table; miss-ratio curves of its trace.
    for args in [
        vec!["export", path, "-o", "-"],
        vec!["run", path, "--json", "--curves"],
        vec!["reproduce", "--paper", "001"],
        vec!["mrc", "--trace", trace, "--policies", "lru,arc,2q", "--json"],
    ] {
        let (stderr, status) = head(&args);
        assert!(stderr.is_empty(), "{args:?}: nothing on standard error, got: {stderr}");
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            // Ended by the closed pipe's signal, or done before it noticed.
            assert!(status.success() || status.signal() == Some(libc::SIGPIPE), "{args:?}: {status:?}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
