//! The Probabilities view's pure logic (issue 26): a test set's per-item class probabilities
//! from one or more models, decided by the most probable class and by maximal expected utility
//! (Dyrland et al. (draft) eqs. 12–13), calibrated and recalibrated, the decision curve for two
//! classes, and how sure the ranking is. The numbers are [`ulab_probs`]'; this module
//! reads the file, names things and writes the sentences and the exports.
//!
//! How the page uses it:
//!
//! 1. **The file** is read in slices by [`file::ProbsParser`] (push the bytes as they come,
//!    [`file::ProbsParser::step`] a few thousand lines per frame, then
//!    [`file::ProbsParser::finish`]); on error nothing changes (keep the previous data, show the
//!    message: it names the line and the model). A ROC view's scores file that is a
//!    probabilities file: [`recognise`]. Without a file: [`sample::sample`] (`sample=NAME`).
//! 2. **On every edit** of the utility matrix or the shares, [`analysis::analyse`] re-decides
//!    every item (≈ 30 ms natively for 10⁶ items × 3 classes × 3 models): the decisions table
//!    ([`analysis::Report::rows`]), [`sentences::verdict`], [`export::decisions_csv`]. A
//!    rule's confusion matrix ([`analysis::Report::outcome`], rows = decisions) can be sent to
//!    Compare.
//! 3. **Once per file**: the reliability diagrams ([`calibration::calibrate`]) and the
//!    recalibrated models, fold by fold ([`calibration::RecalibrationJob`]); for two classes the
//!    sorted curves ([`curve::threshold_curves`]), then on every edit [`curve::decision_curve`],
//!    [`curve::thresholds`], [`curve::yield_curve`].
//! 4. **How sure**: [`howsure::bootstrap`] (in the web worker), resamples in slices, merged;
//!    [`howsure::sentences`], [`export::bootstrap_csv`].
//!
//! Budgets measured natively (`cargo test --release -p ulab-state --test probs -- --ignored
//! --nocapture`, a loaded 2-core machine, CPU time; the browser is slower, so time each step
//! and adapt): reading 10⁶ rows × 3 classes × 2 models takes about 1.2 s, i.e. 5000 lines a
//! step ≈ 6 ms; [`analysis::analyse`] ≈ 15 ms for those 10⁶ items; a
//! [`calibration::RecalibrationJob`] step ≤ 40 ms (a fold's fit, or 10⁵ items); the bootstrap
//! of 10⁶ items, grouped, then 1000 resamples ≈ 50 ms (the items fall into a few dozen groups
//! of equal decisions; with 20 classes × 10 models about one group per item, and a resample
//! then costs ≈ 3 ms per 2·10⁵ items).

pub mod analysis;
pub mod calibration;
pub mod charts;
pub mod compare;
pub mod curve;
pub mod export;
pub mod file;
pub mod fit;
pub mod howsure;
pub mod link;
pub mod presets;
pub mod recognise;
pub mod sample;
pub mod sentences;
