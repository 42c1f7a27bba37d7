//! The ROC & thresholds view's engine (Dyrland et al. 2022, §5, eqs. 20–25, fig. 8): everything
//! the view computes that is not drawing or wiring. Pure, native-testable, never panics; errors
//! are typed, with a `Display` that is the user's message.
//!
//! How the page uses it:
//!
//! 1. **A scores file** (a CSV: one label column, one score column per classifier) is read by
//!    [`scores::ScoresParser`] as its bytes come (a slice of the file at a time) and a bounded
//!    number of lines per step, giving a [`scores::ScoresTable`]; on error nothing changes (keep
//!    the previous data, show the message, which names the line). [`scores::ScoresTable::positive`] picks the positive label
//!    (the link's `pos`, else scikit-learn's default; [`scores::ScoresError::PositiveRequired`]
//!    asks the user). [`build::TableCurves`] then sorts each classifier's scores in steps into
//!    its curve, prepared once ([`curves::ScoredCurve`]: AUC, hull, the points to draw).
//! 2. **Binormal curves** come from the link (`bn.NAME=a,b`, [`link`], [`binormal`]).
//! 3. **For the utility matrix and the class-0 share** ([`analysis::choose_share`]: `prev`, else
//!    the test set's, else ½), [`analysis::analyze`] gives every number: AUCs, hulls, optima,
//!    slope, iso-utility lines, the best curves — in microseconds, so it can run on every edit.
//!    [`verdict`] writes the sentences, [`charts`] the plots' data ([`ulab_plot::roc`]),
//!    [`export`] the CSV files, [`compare`] the confusion matrix of a chosen point for the
//!    Compare view, [`pick`] the point picked for it.
//! 4. [`presets::FIG8_PRESETS`]: fig. 8 as links.
//!
//! Budgets per animation frame (measured natively with `cargo run --release --example
//! roc_bench`, 10⁶ rows × 2 classifiers, on a loaded 2-core machine; the browser is slower,
//! so time each step and adapt): [`scores::ScoresParser::step`] reads about 20 000 lines in
//! 30 ms of CPU (mostly the CSV reader): give it 5 000 lines per frame; [`build::TableCurves::step`]
//! does 200 000 units in about 20 ms: give it 50 000; [`export::points_csv_part`] writes
//! 20 000 rows in about 60 ms: give it 5 000. [`analysis::analyze`] and the plots' data take
//! well under a millisecond (they see only hulls and the drawn points), so they can run on
//! every edit; drawing both plots to SVG takes about 2 ms.
//!
//! ```
//! use ulab_core::UtilityMatrix;
//! use ulab_state::roc::{analysis, curves::Curve, scores, verdict};
//! let text = "label,A,B\n1,0.9,0.6\n0,0.8,0.1\n1,0.7,0.7\n0,0.3,0.65\n1,0.2,0.9\n0,0.1,0.2\n";
//! let table = scores::parse_scores(text).unwrap();
//! let positive = table.positive(None).unwrap(); // "1", by scikit-learn's rule
//! let curves: Vec<Curve> = ulab_state::roc::scored_curves(&table, positive)
//!     .unwrap().into_iter().map(Curve::Scores).collect();
//! let u = UtilityMatrix::identity(2).unwrap();
//! let share = analysis::choose_share(None, Some(table.test_share(positive))).unwrap();
//! let report = analysis::analyze(&curves, &u, share).unwrap();
//! assert_eq!(verdict::auc_text(report.curves[1].auc), "0.889");
//! assert!(verdict::best_sentence(&report).unwrap().starts_with("B is the best"));
//! ```

pub mod analysis;
pub mod binormal;
pub mod build;
pub mod charts;
pub mod compare;
pub mod curves;
pub mod export;
pub mod iso;
pub mod labels;
pub mod link;
pub mod pick;
pub mod presets;
pub mod scores;
pub mod sure;
pub mod verdict;

use ulab_core::CoreError;

/// Every classifier's curve of `table` with `table.labels[positive]` as class 0, at once
/// ([`build::TableCurves`] run to the end; the page runs it in steps instead).
///
/// # Errors
/// A column cannot make a curve (cannot happen for a table from [`scores::ScoresParser`]).
///
/// # Examples
///
/// ```
/// use ulab_state::roc::{scored_curves, scores::parse_scores};
/// let t = parse_scores("y,A\n1,0.9\n0,0.1\n").unwrap();
/// assert_eq!(scored_curves(&t, 0).unwrap()[0].auc, 1.0);
/// ```
pub fn scored_curves(
    table: &scores::ScoresTable,
    positive: usize,
) -> Result<Vec<curves::ScoredCurve>, CoreError> {
    let mut job = build::TableCurves::new(table, positive);
    while !job.step(table, usize::MAX)? {}
    Ok(job.finish())
}
