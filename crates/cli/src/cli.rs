//! The command line's parser and dispatcher, apart from `main` so that the fuzz driver
//! (`src/bin/fuzz/`) runs `ulab` in-process with [`run`] exactly as `main` does.

use clap::{Parser, Subcommand};

/// Utility Lab: evaluate classifiers by the utility yield of their confusion matrices.
///
/// Matrices use the matrix syntax: cells separated by ',', rows by ';', rows first,
/// e.g. '15,-335;-35,165'. Confusion matrices have rows = output (decision), columns =
/// true class, unless --orientation true-rows is given.
#[derive(Parser)]
#[command(name = "ulab", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub cmd: Cmd,
}

#[derive(Subcommand)]
pub enum Cmd {
    /// Yields, metrics and ranking of classifiers under a utility matrix.
    Eval(crate::eval::Args),
    /// The Monte Carlo experiment of mis-ranked pairs (Dyrland et al. 2022, §4.2).
    Mc(crate::mc::Args),
    /// Expected utilities and the optimal decision; probabilities from a label-only classifier.
    Decide(crate::decide::Args),
    /// ROC curve, AUC and the yield-maximizing operating point.
    Roc(crate::roc::Args),
    /// The preference-driven measure (Kozak et al. 2022).
    Pd(crate::pd::Args),
}

/// How a run ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Done: the output was written (exit code 0).
    Done,
    /// `--help` or `--version`: print this on standard output, exit code 0.
    Help(String),
    /// Help shown because the subcommand or arguments are missing: print this on standard
    /// error, exit code 2.
    Usage(String),
    /// Bad input: print `ulab: LINE` on standard error, exit code 2. One line.
    Error(String),
}

impl Outcome {
    /// The process's exit code.
    pub fn code(&self) -> i32 {
        match self {
            Outcome::Done | Outcome::Help(_) => 0,
            Outcome::Usage(_) | Outcome::Error(_) => 2,
        }
    }
}

/// Parses `args` (the first is the program's name) and runs the subcommand.
pub fn run<I, T>(args: I) -> Outcome
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return parse_error(&e),
    };
    let result = match &cli.cmd {
        Cmd::Eval(a) => crate::eval::run(a),
        Cmd::Mc(a) => crate::mc::run(a),
        Cmd::Decide(a) => crate::decide::run(a),
        Cmd::Roc(a) => crate::roc::run(a),
        Cmd::Pd(a) => crate::pd::run(a),
    };
    match result {
        Ok(()) => Outcome::Done,
        Err(msg) => Outcome::Error(one_line(&msg)),
    }
}

/// The outcome of a clap error: help, usage, or the error on one line.
fn parse_error(e: &clap::Error) -> Outcome {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Outcome::Help(e.to_string()),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Outcome::Usage(e.to_string()),
        _ => {
            let text = e.to_string();
            let mut lines = text.lines().skip_while(|l| l.trim().is_empty());
            let mut line = lines
                .next()
                .unwrap_or("invalid arguments")
                .trim_start_matches("error: ")
                .to_string();
            // "the following required arguments were not provided:" is followed by the
            // indented names: keep them on the one line.
            if line.ends_with(':') {
                let names: Vec<&str> = lines
                    .take_while(|l| l.starts_with(' ') && !l.trim().is_empty())
                    .map(str::trim)
                    .collect();
                line = format!("{} {}", line, names.join(", "));
            }
            Outcome::Error(one_line(&line))
        }
    }
}

/// `msg` on one line: line breaks (and other control characters an argument may carry into a
/// message) become spaces.
fn one_line(msg: &str) -> String {
    msg.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}
