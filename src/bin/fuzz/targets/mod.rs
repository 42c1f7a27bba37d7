//! The fuzz targets: each generates one input from a [`Gen`], runs it, and records in a
//! [`Case`] what it found (a round-trip mismatch, a non-finite result). Panics are caught by the
//! driver.

use crate::inputs::Gen;
use utility_lab::core::Score;

mod cli;
mod core_fns;
mod files;
mod link;
mod text;
mod worker;

pub use cli::clean_up;

/// One input and what it found.
#[derive(Default)]
pub struct Case {
    /// The input, as text (set before the risky part runs, so that a panic can show it).
    pub input: String,
    /// The first non-finite result: what it was.
    pub nonfinite: Option<String>,
    /// When the input was ready (generation done): the time of an input is measured from here.
    pub started: Option<std::time::Instant>,
    /// Time spent checking (formatting and scanning results), not counted as the input's.
    pub checking: std::time::Duration,
    /// The first mismatch (a round trip that did not give the input back, an edit that left an
    /// invalid state, an error that was not one line).
    pub mismatch: Option<String>,
}

impl Case {
    /// Records the input.
    pub fn input(&mut self, text: impl Into<String>) {
        self.input = text.into();
        self.started = Some(std::time::Instant::now());
    }

    /// Runs `f`, a check, without counting its time as the input's.
    pub fn checking<R>(&mut self, f: impl FnOnce() -> R) -> R {
        let start = std::time::Instant::now();
        let r = f();
        self.checking += start.elapsed();
        r
    }

    /// Notes `NaN` or an infinity found in the `Debug` text of `value` (outside strings).
    pub fn debug_finite(&mut self, what: &str, value: &impl std::fmt::Debug) {
        let start = std::time::Instant::now();
        if let Some(bad) = link::non_finite_in(&format!("{value:?}")) {
            self.nonfinite.get_or_insert(format!("{what} holds {bad}"));
        }
        self.checking += start.elapsed();
    }

    /// Notes `v` if it is NaN or infinite.
    pub fn finite(&mut self, what: &str, v: f64) {
        if !v.is_finite() && self.nonfinite.is_none() {
            self.nonfinite = Some(format!("{what} = {v}"));
        }
    }

    /// Notes the first non-finite value of `vs`.
    pub fn all_finite<'a>(&mut self, what: &str, vs: impl IntoIterator<Item = &'a f64>) {
        for v in vs {
            self.finite(what, *v);
        }
    }

    /// Notes a defined score that is not finite (an undefined one is fine).
    pub fn score(&mut self, what: &str, s: Score) {
        if let Score::Defined(v) = s {
            self.finite(what, v);
        }
    }

    /// Notes a mismatch.
    pub fn mismatch(&mut self, what: impl Into<String>) {
        if self.mismatch.is_none() {
            self.mismatch = Some(what.into());
        }
    }

    /// Notes a mismatch unless `ok`.
    pub fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            self.mismatch(what());
        }
    }
}

/// A fuzz target.
pub struct Target {
    /// Its name, as `--target` takes it.
    pub name: &'static str,
    /// What it feeds where.
    pub about: &'static str,
    /// One input: generate, run, record.
    pub run: fn(&mut Gen, &mut Case),
}

/// Every target, in the order of the report.
pub const TARGETS: &[Target] = &[
    Target {
        name: "link",
        about: "link decode, then encode → decode (exact round trip), JSON round trip, views",
        run: link::run,
    },
    Target {
        name: "matrix-edit",
        about: "matrix syntax, pasted text, a cell; every edit of the app state",
        run: text::run,
    },
    Target {
        name: "csv",
        about: "CSV importers: matrix, y_true,y_pred, ROC scores file",
        run: files::run,
    },
    Target {
        name: "core",
        about: "core constructors, metrics, yields, decisions, ROC, p-d",
        run: core_fns::run,
    },
    Target {
        name: "ulab",
        about: "ulab subcommands in-process, random arguments and files",
        run: cli::run,
    },
    Target {
        name: "worker",
        about: "worker messages: handle_json, parse_response",
        run: worker::run,
    },
];
