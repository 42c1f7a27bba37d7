//! The probabilities core (`ulab_probs`), natively:
//!
//! * `reference`: against NumPy, SciPy and scikit-learn (`tests/reference/probs/`);
//! * `hand`: hand calculations — ties, a rectangular utility matrix, shares that change a
//!   decision, the fall-back on the shares, recalibration of an overconfident model;
//! * `props`: property tests — affine invariance, calibrated probabilities never lose to the
//!   most probable class, slices and streams agree with the whole, the bootstrap's slices,
//!   cross-fitting never sees an item's own label;
//! * `bench` (ignored; `cargo test --release -p ulab-core --test probs -- --ignored
//!   --nocapture`): the timings of the README.
#![cfg(not(target_arch = "wasm32"))]

mod bench;
mod fixture;
mod hand;
mod props;
mod reference;
