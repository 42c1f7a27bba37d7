//! Helpers shared by the subcommands: parsing of matrix, list and name arguments into the core's
//! types with one-line errors that name the option, number formatting, aligned text tables, and
//! writing the output.
//!
//! Every error is a `String` of one line (main prints it as `ulab: <msg>` and exits with 2).
#![allow(dead_code)]

mod args;
mod output;

pub use args::*;
pub use output::*;
