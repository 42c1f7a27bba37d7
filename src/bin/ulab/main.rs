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
mod cli {
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
        Eval(super::eval::Args),
        /// The Monte Carlo experiment of mis-ranked pairs (Dyrland et al. 2022, §4.2).
        Mc(super::mc::Args),
        /// Expected utilities and the optimal decision; probabilities from a label-only classifier.
        Decide(super::decide::Args),
        /// ROC curve, AUC and the yield-maximizing operating point.
        Roc(super::roc::Args),
        /// The preference-driven measure (Kozak et al. 2022).
        Pd(super::pd::Args),
    }

    pub fn main() {
        let cli = match Cli::try_parse() {
            Ok(cli) => cli,
            Err(e) => {
                use clap::error::ErrorKind;
                match e.kind() {
                    ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                        let _ = e.print();
                        std::process::exit(0);
                    }
                    ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                        let _ = e.print();
                        std::process::exit(2);
                    }
                    _ => {
                        let text = e.to_string();
                        let mut lines = text.lines().skip_while(|l| l.trim().is_empty());
                        let mut line = lines
                            .next()
                            .unwrap_or("invalid arguments")
                            .trim_start_matches("error: ")
                            .to_string();
                        // "the following required arguments were not provided:" is followed by
                        // the indented names: keep them on the one line.
                        if line.ends_with(':') {
                            let names: Vec<&str> = lines
                                .take_while(|l| l.starts_with(' ') && !l.trim().is_empty())
                                .map(str::trim)
                                .collect();
                            line = format!("{} {}", line, names.join(", "));
                        }
                        eprintln!("ulab: {line}");
                        std::process::exit(2);
                    }
                }
            }
        };
        let result = match &cli.cmd {
            Cmd::Eval(a) => super::eval::run(a),
            Cmd::Mc(a) => super::mc::run(a),
            Cmd::Decide(a) => super::decide::run(a),
            Cmd::Roc(a) => super::roc::run(a),
            Cmd::Pd(a) => super::pd::run(a),
        };
        if let Err(msg) = result {
            eprintln!("ulab: {msg}");
            std::process::exit(2);
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    cli::main();
}

#[cfg(target_arch = "wasm32")]
fn main() {}
