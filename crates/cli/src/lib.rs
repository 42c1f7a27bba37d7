//! `ulab`: Utility Lab's command line, built from the same core as the web app (the binary is
//! `src/bin/ulab.rs` of the root package; the fuzz driver runs it in-process through
//! [`cli::run`]).
//!
//! Every subcommand lives in its own module and exposes `Args` (clap) and
//! `run(&Args) -> Result<(), String>`. Errors are one line on stderr and exit code 2.
#![cfg(not(target_arch = "wasm32"))]

pub mod cli;
pub mod common;
pub mod decide;
pub mod eval;
pub mod mc;
pub mod pd;
pub mod roc;

/// Runs `ulab` with `args` (the first is the program's name): prints what the run gives and
/// returns the process's exit code.
pub fn main<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let outcome = cli::run(args);
    match &outcome {
        cli::Outcome::Done => {}
        cli::Outcome::Help(text) => print!("{text}"),
        cli::Outcome::Usage(text) => eprint!("{text}"),
        cli::Outcome::Error(line) => eprintln!("ulab: {line}"),
    }
    outcome.code()
}
