//! Utility Lab: evaluate classifiers by the **utility yield** of their confusion matrices.
//!
//! Conventions, everywhere in this crate (and in the app, the links and the command line):
//!
//! * a confusion matrix has **rows = the classifier's output (its decision) `i`, columns = the
//!   true class `j`**; class 0 is "positive" for binary metrics;
//! * a utility matrix has rows = decisions, columns = true classes, and the utility yield is
//!   `Σ_ij U_ij C_ij` with `C` the normalized confusion matrix.
//!
//! Modules:
//! * [`core`]: pure numbers (matrices, metrics, yields, decisions, ROC, preference-driven
//!   measure, the Monte Carlo sampler). No web crates; random generators are passed in.
//! * [`plot`]: plot builders generic over plotters' `DrawingBackend`.
//! * [`state`]: the app state, its link codec, the importers and each view's pure logic.
//! * [`text`]: how numbers and short texts are written and read, everywhere.
//! * [`csv`]: CSV files, read and written the same way everywhere.
//! * [`worker`]: the messages between the page and the web worker, and the worker's pure
//!   request handler.
//! * `ui` (wasm32 only): the Leptos components.

// `!(x > 0.0)` is used on purpose: unlike `x <= 0.0` it also rejects NaN.
#![allow(clippy::neg_cmp_op_on_partial_ord)]

pub mod core;
pub mod csv;
pub mod plot;
pub mod state;
pub mod text;
#[cfg(target_arch = "wasm32")]
pub mod ui;
pub mod worker;
