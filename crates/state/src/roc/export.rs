//! The view's CSV exports, written with the crate's CSV writer ([`ulab_csv::write`])
//! and computed numbers with [`ulab_core::text::exported`]:
//!
//! * [`points_csv`]: every point of every curve — `classifier, threshold, fpr, tpr, yield,
//!   on_hull, optimal` — i.e. each ROC curve with its thresholds and the yield-against-threshold
//!   series; in parts with [`points_csv_part`] for large files. Empirical curves give all their points (one per distinct score, not the decimated
//!   drawing); binormal curves their sampled points, with latent thresholds. The end thresholds
//!   are written `inf` and `-inf` (what spreadsheets and pandas read as infinities).
//! * [`summary_csv`]: one row per curve — its AUC, optimal operating point and yield, whether
//!   it is the best.

use super::analysis::{CurveKind, RocReport};
use super::curves::Curve;
use ulab_core::UtilityMatrix;
use ulab_core::roc::{RocPoint, yield_at};
use ulab_core::text::exported;
use ulab_csv::write;

/// A threshold for a file: `inf`, `-inf`, or [`exported`].
fn threshold_cell(t: f64) -> String {
    if t == f64::INFINITY {
        "inf".into()
    } else if t == f64::NEG_INFINITY {
        "-inf".into()
    } else {
        exported(t)
    }
}

/// The header of [`points_csv`].
pub const POINTS_HEADER: [&str; 7] = [
    "classifier",
    "threshold",
    "fpr",
    "tpr",
    "yield",
    "on_hull",
    "optimal",
];

/// The curves exported: `which` one, or all.
fn chosen(n: usize, which: Option<usize>) -> impl Iterator<Item = usize> {
    (0..n).filter(move |i| which.is_none_or(|w| w == *i))
}

/// The number of data rows of [`points_csv`]: every point of the chosen curves (an empirical
/// curve's `roc.points`, a binormal curve's drawn points).
///
/// # Examples
///
/// ```
/// use ulab_core::{roc::Roc, UtilityMatrix};
/// use ulab_state::roc::{analysis::{analyze, choose_share}, curves::{Curve, ScoredCurve}, export::points_rows};
/// let roc = Roc::from_scores(&[0.9, 0.4], &[true, false]).unwrap();
/// let curves = vec![Curve::Scores(ScoredCurve::new("A".into(), roc))];
/// let r = analyze(&curves, &UtilityMatrix::identity(2).unwrap(), choose_share(None, None).unwrap()).unwrap();
/// assert_eq!(points_rows(&curves, &r, None), 3);
/// ```
pub fn points_rows(curves: &[Curve], report: &RocReport, which: Option<usize>) -> usize {
    chosen(curves.len().min(report.curves.len()), which)
        .map(|i| match &curves[i] {
            Curve::Scores(s) => s.roc.points.len(),
            Curve::Binormal { .. } => report.curves[i].drawn.len(),
        })
        .sum()
}

/// Every point of the chosen curves (`which`, or all, in order) with its yield at share
/// `report.share` under `u`: the header and [`points_csv_part`] of every row. The report must
/// be [`analyze`](super::analysis::analyze)'s for the same curves and `u`. For 10⁶ points
/// this takes seconds: the page writes it in parts ([`points_csv_part`]).
///
/// # Examples
///
/// ```
/// use ulab_core::{roc::Roc, UtilityMatrix};
/// use ulab_state::roc::{analysis::{analyze, choose_share}, curves::{Curve, ScoredCurve}, export::points_csv};
/// let roc = Roc::from_scores(&[0.9, 0.4], &[true, false]).unwrap();
/// let curves = vec![Curve::Scores(ScoredCurve::new("A".into(), roc))];
/// let u = UtilityMatrix::identity(2).unwrap();
/// let r = analyze(&curves, &u, choose_share(None, Some(0.5)).unwrap()).unwrap();
/// assert_eq!(
///     points_csv(&curves, &r, &u, None),
///     "classifier,threshold,fpr,tpr,yield,on_hull,optimal\n\
///      A,inf,0,0,0.5,1,0\n\
///      A,0.9,0,1,1,1,1\n\
///      A,0.4,1,1,0.5,1,0\n"
/// );
/// ```
pub fn points_csv(
    curves: &[Curve],
    report: &RocReport,
    u: &UtilityMatrix,
    which: Option<usize>,
) -> String {
    let mut out = write(&[POINTS_HEADER.map(String::from).to_vec()]);
    let n = points_rows(curves, report, which);
    out.push_str(&points_csv_part(curves, report, u, which, 0..n));
    out
}

/// Data rows `rows` (0-based, of [`points_rows`]) of [`points_csv`], without the header: the
/// parts of a large export, written a few tens of thousands of rows at a time and joined (e.g.
/// as the parts of a `Blob`). Rows beyond the end are ignored.
///
/// # Examples
///
/// ```
/// use ulab_core::{roc::Roc, UtilityMatrix};
/// use ulab_state::roc::{analysis::{analyze, choose_share}, curves::{Curve, ScoredCurve}, export::*};
/// let roc = Roc::from_scores(&[0.9, 0.7, 0.4], &[true, false, false]).unwrap();
/// let curves = vec![Curve::Scores(ScoredCurve::new("A".into(), roc))];
/// let u = UtilityMatrix::identity(2).unwrap();
/// let r = analyze(&curves, &u, choose_share(None, None).unwrap()).unwrap();
/// let whole = points_csv(&curves, &r, &u, None);
/// let head = whole.split_inclusive('\n').next().unwrap().to_string();
/// let parts = head + &points_csv_part(&curves, &r, &u, None, 0..2) + &points_csv_part(&curves, &r, &u, None, 2..9);
/// assert_eq!(parts, whole);
/// ```
pub fn points_csv_part(
    curves: &[Curve],
    report: &RocReport,
    u: &UtilityMatrix,
    which: Option<usize>,
    rows: std::ops::Range<usize>,
) -> String {
    let b = report.share.value;
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut first = 0; // global index of the current curve's first row
    for i in chosen(curves.len().min(report.curves.len()), which) {
        let r = &report.curves[i];
        let points: &[RocPoint] = match &curves[i] {
            Curve::Scores(s) => &s.roc.points,
            Curve::Binormal { .. } => &r.drawn,
        };
        let (lo, hi) = (
            rows.start.clamp(first, first + points.len()) - first,
            rows.end.clamp(first, first + points.len()) - first,
        );
        first += points.len();
        for (k, p) in points.iter().enumerate().take(hi).skip(lo) {
            let on_hull = match &curves[i] {
                Curve::Scores(s) => s.hull.binary_search(&k).is_ok(),
                Curve::Binormal { .. } => r.hull.iter().any(|q| q.threshold == p.threshold),
            };
            out.push(vec![
                r.name.clone(),
                threshold_cell(p.threshold),
                exported(p.fpr),
                exported(p.tpr),
                exported(yield_at(u, b, p.fpr, p.tpr)),
                u8::from(on_hull).to_string(),
                u8::from(k == r.optimum.index).to_string(),
            ]);
        }
    }
    write(&out)
}

/// One row per curve: `classifier, source, a, b, positives, negatives, auc, threshold, fpr,
/// tpr, yield, intercept, best`, with the class-0 share and slope in the last columns (the same
/// on every row).
///
/// # Examples
///
/// ```
/// use ulab_core::{roc::Binormal, UtilityMatrix};
/// use ulab_state::roc::{analysis::{analyze, choose_share}, curves::Curve, export::summary_csv};
/// let curves = vec![Curve::Binormal { name: "A".into(), model: Binormal::new(1.0, 1.0).unwrap() }];
/// let u = UtilityMatrix::identity(2).unwrap();
/// let r = analyze(&curves, &u, choose_share(None, None).unwrap()).unwrap();
/// let csv = summary_csv(&r);
/// assert!(csv.starts_with("classifier,source,a,b,positives,negatives,auc,threshold,fpr,tpr,yield,intercept,best,class0_share,slope\n"));
/// assert!(csv.contains("A,binormal,1,1,,,0.760249938907,0.5,"));
/// ```
pub fn summary_csv(report: &RocReport) -> String {
    let mut rows = vec![
        [
            "classifier",
            "source",
            "a",
            "b",
            "positives",
            "negatives",
            "auc",
            "threshold",
            "fpr",
            "tpr",
            "yield",
            "intercept",
            "best",
            "class0_share",
            "slope",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for (i, c) in report.curves.iter().enumerate() {
        let (source, a, b, pos, neg) = match c.kind {
            CurveKind::Scores {
                positives,
                negatives,
            } => (
                "scores",
                String::new(),
                String::new(),
                positives.to_string(),
                negatives.to_string(),
            ),
            CurveKind::Binormal { a, b } => (
                "binormal",
                exported(a),
                exported(b),
                String::new(),
                String::new(),
            ),
        };
        let o = &c.optimum;
        rows.push(vec![
            c.name.clone(),
            source.into(),
            a,
            b,
            pos,
            neg,
            exported(c.auc),
            threshold_cell(o.point.threshold),
            exported(o.point.fpr),
            exported(o.point.tpr),
            exported(o.yield_value),
            o.intercept.map(exported).unwrap_or_default(),
            u8::from(report.best.contains(&i)).to_string(),
            exported(report.share.value),
            report.slope.map(exported).unwrap_or_default(),
        ]);
    }
    write(&rows)
}
