//! Helpers shared by the `ulab` command-line tests (`use super::common::*;` in each `cli_*` module):
//! run the built binary and check the output contracts (exit code 0 and clean stderr on
//! success; exactly one `ulab: …` line on stderr, nothing on stdout and exit code 2 on error).
#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

pub fn ulab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ulab"))
        .args(args)
        .output()
        .expect("run ulab")
}

pub fn ulab_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ulab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ulab");
    // ulab may refuse its arguments and exit before it reads its input: a closed pipe is then
    // no failure of the test.
    match child.stdin.take().unwrap().write_all(input.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.unwrap(),
    }
    child.wait_with_output().unwrap()
}

pub fn text_of(out: &Output, args: &[&str]) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "ulab {args:?} failed: {stderr}");
    assert!(stderr.is_empty(), "ulab {args:?} wrote to stderr: {stderr}");
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

pub fn ok(args: &[&str]) -> String {
    text_of(&ulab(args), args)
}

pub fn json(args: &[&str]) -> Value {
    let text = ok(args);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("bad JSON from {args:?}: {e}\n{text}"))
}

/// Asserts the one-line error contract and returns the line.
pub fn fails_out(out: &Output, args: &[&str]) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(
        out.status.code(),
        Some(2),
        "ulab {args:?}: exit {:?}, stderr {stderr}",
        out.status
    );
    assert!(
        out.stdout.is_empty(),
        "ulab {args:?} wrote to stdout on error"
    );
    assert_eq!(
        stderr.lines().count(),
        1,
        "ulab {args:?}: not one line: {stderr:?}"
    );
    assert!(stderr.starts_with("ulab: "), "ulab {args:?}: {stderr:?}");
    assert!(stderr.ends_with('\n'));
    stderr.trim_end().to_string()
}

pub fn fails(args: &[&str]) -> String {
    fails_out(&ulab(args), args)
}

pub fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

pub fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// The records of a CSV text (written by the app) as (line, fields); panics if it is not CSV.
pub fn csv_records(text: &str) -> Vec<(usize, Vec<String>)> {
    utility_lab::csv::read(text)
        .unwrap_or_else(|e| panic!("not CSV ({e} at line {}):\n{text}", e.line()))
        .into_iter()
        .map(|r| (r.line, r.fields))
        .collect()
}
