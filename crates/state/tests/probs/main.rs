//! The Probabilities view's logic (`ulab_state::probs`), natively:
//!
//! * `reference`: the fixture files of `tests/reference/probs/` read by the file reader, and
//!   the view's numbers against NumPy / scikit-learn;
//! * `stream`: a file read in slices cut anywhere gives the same table and the same errors as
//!   the whole text; no string makes the reader panic;
//! * `errors`: every error names its line and model;
//! * `view`: the samples tell their story, recognition of ROC files, the exports and sentences.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../../../probs/tests/probs/fixture.rs"]
mod fixture;

mod bench;
mod errors;
mod reference;
mod stream;
mod view;
