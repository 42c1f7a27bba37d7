//! The native integration tests, in one test binary (one link of the crate instead of one per
//! file): each module is one former `tests/*.rs` file.
//!
//! * `cli_*`: the `ulab` command line (built by Cargo for these tests), with [`common`]
//!   (`cli_eval_sure`: `ulab eval --draws`, how sure the ranking is; `cli_probs`:
//!   `ulab decide --probs` against `tests/reference/probs/`);
//! * `architecture`: the layers and the import graph (`scripts/layers.sh`);
//! * `mc_*`: the Monte Carlo against the paper, a reference implementation and itself;
//! * `paper_values`, `reference_sklearn`: formulas against published and independent values;
//! * `properties`, `state_props`: property tests of the core and of the app state;
//! * `docs_links`: the documentation against the code — `docs/links.md`'s key table, every
//!   example link of it and of the README, the README's references;
//! * `decide_view`, `decide_view_classifier`, `decide_view_plots`: the Decide view's logic,
//!   plots and presets;
//! * `space`: the Utility space view's engine against direct yields and hand examples;
//! * `roc_view`, `roc_view_output`, `roc_stream`: the ROC & thresholds view's engine
//!   (`state::roc`, `plot::roc`), and its scores file read in slices as the page reads it;
//! * `plot_tables`: every plot's table of numbers and accessible key numbers, against known
//!   values;
//! * `hostile`: hostile and broken input — every failure the fuzz driver found, the limits.

mod architecture;
mod cli_decide;
mod cli_eval;
mod cli_eval_sure;
mod cli_pd;
mod cli_probs;
mod cli_roc;
mod cli_sklearn;
mod common;
mod decide_view;
mod decide_view_classifier;
mod decide_view_plots;
mod docs_links;
mod hostile;
mod mc_cli;
mod mc_determinism;
mod mc_figures;
mod mc_paper;
mod mc_question;
mod mc_reference;
mod mc_samplers;
mod mc_scores;
mod mc_stream;
mod metric_edge_cases;
mod paper_values;
mod pd_view;
mod pd_view_plots;
mod pd_view_presets;
mod plot_tables;
mod properties;
mod reference_sklearn;
mod roc_stream;
mod roc_view;
mod roc_view_output;
mod space;
mod state_props;
