//! `ulab`: Utility Lab's command line, built from the same core as the web app.
//!
//! Every subcommand lives in its own file and exposes `Args` (clap) and
//! `run(&Args) -> Result<(), String>`. Errors are one line on stderr and exit code 2.

#[cfg(not(target_arch = "wasm32"))]
mod common;
#[cfg(not(target_arch = "wasm32"))]
mod decide;
#[cfg(not(target_arch = "wasm32"))]
mod eval;
#[cfg(not(target_arch = "wasm32"))]
mod mc;
#[cfg(not(target_arch = "wasm32"))]
mod pd;
#[cfg(not(target_arch = "wasm32"))]
mod roc;

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let outcome = cli::run(std::env::args_os());
    match &outcome {
        cli::Outcome::Done => {}
        cli::Outcome::Help(text) => print!("{text}"),
        cli::Outcome::Usage(text) => eprint!("{text}"),
        cli::Outcome::Error(line) => eprintln!("ulab: {line}"),
    }
    if outcome.code() != 0 {
        std::process::exit(outcome.code());
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
