//! Utility Lab: evaluate classifiers by the **utility yield** of their confusion matrices.
//!
//! Conventions, everywhere (in the app, the links and the command line):
//!
//! * a confusion matrix has **rows = the classifier's output (its decision) `i`, columns = the
//!   true class `j`**; class 0 is "positive" for binary metrics;
//! * a utility matrix has rows = decisions, columns = true classes, and the utility yield is
//!   `Σ_ij U_ij C_ij` with `C` the normalized confusion matrix.
//!
//! The code is a workspace of crates, one per layer, each importing only from below
//! (docs/architecture.md):
//!
//! * [`core`] (`crates/core`): pure numbers (matrices, metrics, yields, decisions, ROC,
//!   preference-driven measure, the Monte Carlo sampler) and [`text`], how numbers and short
//!   texts are written and read. No web crates; random generators are passed in.
//! * [`csv`] (`crates/csv`): CSV files, read and written the same way everywhere.
//! * [`plot`] (`crates/plot`): plot builders generic over plotters' `DrawingBackend`.
//! * [`worker`] (`crates/worker`): the messages between the page and the web worker, and the
//!   worker's pure request handler.
//! * [`state`] (`crates/state`): the app state, its link codec, the importers and each view's
//!   pure logic.
//! * `ui` (`crates/ui`, wasm32 only): the Leptos components.
//!
//! This package holds the binaries — the web app (`src/main.rs`), `ulab` (`crates/cli`) and the
//! fuzz driver — and this facade, which names the layers for the integration tests.

pub use ulab_core as core;
pub use ulab_core::text;
pub use ulab_csv as csv;
pub use ulab_plot as plot;
pub use ulab_probs as probs;
pub use ulab_state as state;
#[cfg(target_arch = "wasm32")]
pub use ulab_ui as ui;
pub use ulab_worker as worker;
