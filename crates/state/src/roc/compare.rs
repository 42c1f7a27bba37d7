//! "Send to Compare": an operating point of a curve becomes a classifier's confusion matrix —
//! rows = the classifier's output, columns = the true class, class 0 = the positive label:
//!
//! ```text
//!              true 0   true 1
//! output 0  [   TP       FP  ]
//! output 1  [   FN       TN  ]
//! ```
//!
//! For scores, in counts of the test set (`TP = t·P`, `FP = f·N`); for a binormal curve, which
//! has no test set, as fractions (eq. 21 of Dyrland et al. 2022 with the share `B` in use).
//! Also: the point of a threshold, the point nearest a click, the next one for the keyboard.

use super::curves::ScoredCurve;
use super::verdict::threshold_text;
use crate::{Classifier, clean_name};
use ulab_core::Matrix;
use ulab_core::roc::{Roc, RocPoint};

/// The confusion counts `[[TP, FP], [FN, TN]]` at point `index` of `roc` (rows = output,
/// columns = true class, class 0 positive): `TP = t·P`, `FP = f·N` (whole numbers: the rates
/// are counts over P and N), `FN = P − TP`, `TN = N − FP`. `None` for an index out of range.
///
/// # Examples
///
/// Five cases, scores 0.9 (pos), 0.8 (neg), 0.7 (pos), 0.4 (pos), 0.2 (neg); at threshold 0.7
/// the classifier says "class 0" for 0.9, 0.8 and 0.7: TP = 2, FP = 1, FN = 1, TN = 1.
///
/// ```
/// use ulab_core::roc::Roc;
/// use ulab_state::roc::compare::{counts_at, point_for_threshold};
/// let roc = Roc::from_scores(&[0.9, 0.8, 0.7, 0.4, 0.2], &[true, false, true, true, false]).unwrap();
/// let i = point_for_threshold(&roc, 0.7);
/// assert_eq!(counts_at(&roc, i).unwrap().to_string(), "2,1;1,1");
/// ```
pub fn counts_at(roc: &Roc, index: usize) -> Option<Matrix> {
    let p = roc.points.get(index)?;
    let (pos, neg) = (roc.positives as f64, roc.negatives as f64);
    let tp = (p.tpr * pos).round();
    let fp = (p.fpr * neg).round();
    Matrix::new(2, 2, vec![tp, fp, pos - tp, neg - fp]).ok()
}

/// The point of `roc` that the rule "class 0 iff score ≥ `threshold`" gives: the last point
/// whose threshold is `≥ threshold` (the point (0, 0) for a threshold above every score).
/// `O(log n)`. A NaN threshold gives the point (0, 0).
///
/// # Examples
///
/// ```
/// use ulab_core::roc::Roc;
/// use ulab_state::roc::compare::point_for_threshold;
/// let roc = Roc::from_scores(&[3.0, 2.0, 1.0], &[true, false, true]).unwrap();
/// assert_eq!(point_for_threshold(&roc, 2.5), 1); // only the 3.0 is called class 0
/// assert_eq!(point_for_threshold(&roc, 2.0), 2);
/// assert_eq!(point_for_threshold(&roc, 9.0), 0);
/// assert_eq!(point_for_threshold(&roc, -9.0), 3);
/// ```
pub fn point_for_threshold(roc: &Roc, threshold: f64) -> usize {
    if threshold.is_nan() {
        return 0;
    }
    // Thresholds decrease along the curve: count the points with threshold ≥ the given one.
    let k = roc.points.partition_point(|p| p.threshold >= threshold);
    k.saturating_sub(1)
}

/// The index of the point of `points` nearest `(f, t)` (Euclidean distance in ROC space;
/// the first on ties), e.g. where the user clicked. `None` without points or for a NaN input.
///
/// # Examples
///
/// ```
/// use ulab_core::roc::RocPoint;
/// use ulab_state::roc::compare::nearest_point;
/// let p = |fpr, tpr| RocPoint { fpr, tpr, threshold: 0.0 };
/// assert_eq!(nearest_point(&[p(0.0, 0.0), p(0.2, 0.6), p(1.0, 1.0)], 0.25, 0.5), Some(1));
/// ```
pub fn nearest_point(points: &[RocPoint], f: f64, t: f64) -> Option<usize> {
    if f.is_nan() || t.is_nan() {
        return None;
    }
    let d = |p: &RocPoint| (p.fpr - f).powi(2) + (p.tpr - t).powi(2);
    (0..points.len()).min_by(|&a, &b| d(&points[a]).total_cmp(&d(&points[b])))
}

/// The next stop along a curve for the keyboard (→ / ←): among `stops` — sorted point
/// indices, e.g. [`ScoredCurve::drawn`] (steps visible on screen) or [`ScoredCurve::hull`]
/// (the candidate optima) — the first after `current` when `forward`, else the last before it.
/// `None` at the end.
///
/// # Examples
///
/// ```
/// use ulab_state::roc::compare::next_stop;
/// let stops = [0, 4, 9, 20];
/// assert_eq!(next_stop(&stops, 4, true), Some(9));
/// assert_eq!(next_stop(&stops, 5, false), Some(4)); // from a point between stops
/// assert_eq!(next_stop(&stops, 20, true), None);
/// ```
pub fn next_stop(stops: &[usize], current: usize, forward: bool) -> Option<usize> {
    if forward {
        stops.iter().copied().find(|&s| s > current)
    } else {
        stops.iter().rev().copied().find(|&s| s < current)
    }
}

/// The Compare classifier's name for curve `name` at `threshold`: `A @ 0.4322` (`A @ +∞` for
/// the point (0, 0)), cut to the app's name length.
///
/// # Examples
///
/// ```
/// assert_eq!(ulab_state::roc::compare::pick_name("A", 0.43218), "A @ 0.4322");
/// ```
pub fn pick_name(name: &str, threshold: f64) -> String {
    clean_name(&format!("{name} @ {}", threshold_text(threshold)))
}

/// The Compare classifier of point `index` of an empirical curve: [`counts_at`] under
/// [`pick_name`]. `None` for an index out of range.
///
/// # Examples
///
/// ```
/// use ulab_core::roc::Roc;
/// use ulab_state::roc::{compare::scored_classifier, curves::ScoredCurve};
/// let roc = Roc::from_scores(&[0.9, 0.8, 0.7, 0.4, 0.2], &[true, false, true, true, false]).unwrap();
/// let c = scored_classifier(&ScoredCurve::new("A".into(), roc), 3).unwrap();
/// assert_eq!((c.name.as_str(), c.matrix.to_string().as_str()), ("A @ 0.7", "2,1;1,1"));
/// ```
pub fn scored_classifier(curve: &ScoredCurve, index: usize) -> Option<Classifier> {
    let p = curve.roc.points.get(index)?;
    Some(Classifier {
        name: pick_name(&curve.name, p.threshold),
        matrix: counts_at(&curve.roc, index)?,
    })
}

/// The Compare classifier of a binormal curve's point at class-0 share `B`: the normalized
/// confusion matrix of eq. 21, `[[B·t, (1−B)·f], [B·(1−t), (1−B)·(1−f)]]`. `None` if `B`, `f` or
/// `t` is outside `[0, 1]` (or the matrix would be all zero).
///
/// # Examples
///
/// ```
/// use ulab_core::roc::RocPoint;
/// use ulab_state::roc::compare::binormal_classifier;
/// let p = RocPoint { fpr: 0.25, tpr: 0.75, threshold: 0.5 };
/// let c = binormal_classifier("A", p, 0.5).unwrap();
/// assert_eq!(c.matrix.to_string(), "0.375,0.125;0.125,0.375");
/// ```
pub fn binormal_classifier(name: &str, point: RocPoint, b: f64) -> Option<Classifier> {
    let ok = |v: f64| (0.0..=1.0).contains(&v);
    if !(ok(b) && ok(point.fpr) && ok(point.tpr)) {
        return None;
    }
    let (f, t) = (point.fpr, point.tpr);
    let m = Matrix::new(
        2,
        2,
        vec![b * t, (1.0 - b) * f, b * (1.0 - t), (1.0 - b) * (1.0 - f)],
    )
    .ok()?;
    Some(Classifier {
        name: pick_name(name, point.threshold),
        matrix: m,
    })
}
