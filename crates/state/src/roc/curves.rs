//! The curves of the view: empirical ones from scores (prepared once per file: AUC, hull,
//! the points to draw) and binormal ones from two parameters; and the decimation that keeps a
//! drawn curve of 10⁶ points to a few thousand vertices.

use super::binormal::sample;
use std::sync::Arc;
use ulab_core::roc::{Binormal, Roc, RocPoint, upper_hull};

/// The drawing tolerance of [`decimate`], in ROC units (a fraction of the plot's side): a
/// point is dropped only if it lies within this distance (max-norm) of the last kept point.
/// 1/1500 is below a pixel on a plot 1500 px wide.
pub const DRAW_TOLERANCE: f64 = 1.0 / 1500.0;

/// Points of a binormal curve drawn (latent thresholds evenly spaced on `[−6, 6]`).
pub const BINORMAL_POINTS: usize = 481;

/// An empirical ROC curve, prepared once: everything that does not depend on the utilities
/// or the class-0 share (linear work after the curve's sort).
#[derive(Debug, Clone, PartialEq)]
pub struct ScoredCurve {
    /// The classifier's name.
    pub name: String,
    /// The curve: one point per distinct score (shared: cloning a curve, as the page does for
    /// every edit of the view, does not copy its 10⁶ points).
    pub roc: Arc<Roc>,
    /// Its AUC (trapezoid rule = Mann–Whitney statistic).
    pub auc: f64,
    /// Indices in `roc.points` of the upper convex hull's vertices.
    pub hull: Vec<usize>,
    /// Indices in `roc.points` of the points drawn ([`decimate`] with [`DRAW_TOLERANCE`],
    /// keeping every hull vertex).
    pub drawn: Vec<usize>,
}

impl ScoredCurve {
    /// Prepares `roc` under `name`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Roc;
    /// use ulab_state::roc::curves::ScoredCurve;
    /// let roc = Roc::from_scores(&[4.0, 3.0, 2.0, 1.0], &[true, false, true, false]).unwrap();
    /// let c = ScoredCurve::new("A".into(), roc);
    /// assert_eq!(c.auc, 0.75);
    /// assert_eq!(c.hull, vec![0, 1, 3, 4]); // (0,0) (0,½) (½,1) (1,1); (½,½) is under the hull
    /// assert_eq!(c.drawn, vec![0, 1, 2, 3, 4]);
    /// ```
    pub fn new(name: String, roc: Roc) -> ScoredCurve {
        let auc = roc.auc();
        let hull = hull_indices(&roc.points);
        let drawn = decimate(&roc.points, &hull, DRAW_TOLERANCE);
        ScoredCurve {
            name,
            roc: Arc::new(roc),
            auc,
            hull,
            drawn,
        }
    }

    /// The hull's vertices (`roc.points` at [`ScoredCurve::hull`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Roc;
    /// use ulab_state::roc::curves::ScoredCurve;
    /// let c = ScoredCurve::new("A".into(), Roc::from_scores(&[1.0, 1.0], &[true, false]).unwrap());
    /// let h: Vec<(f64, f64)> = c.hull_points().iter().map(|p| (p.fpr, p.tpr)).collect();
    /// assert_eq!(h, vec![(0.0, 0.0), (1.0, 1.0)]);
    /// ```
    pub fn hull_points(&self) -> Vec<RocPoint> {
        self.hull
            .iter()
            .filter_map(|&i| self.roc.points.get(i).copied())
            .collect()
    }

    /// The points drawn (`roc.points` at [`ScoredCurve::drawn`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Roc;
    /// use ulab_state::roc::curves::ScoredCurve;
    /// let c = ScoredCurve::new("A".into(), Roc::from_scores(&[2.0, 1.0], &[true, false]).unwrap());
    /// assert_eq!(c.drawn_points(), c.roc.points); // few points: all drawn
    /// ```
    pub fn drawn_points(&self) -> Vec<RocPoint> {
        self.drawn
            .iter()
            .filter_map(|&i| self.roc.points.get(i).copied())
            .collect()
    }
}

/// A curve of the view.
#[derive(Debug, Clone, PartialEq)]
pub enum Curve {
    /// From a scores file.
    Scores(ScoredCurve),
    /// From binormal parameters.
    Binormal {
        /// Its name.
        name: String,
        /// The model.
        model: Binormal,
    },
}

impl Curve {
    /// The name shown.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Binormal;
    /// use ulab_state::roc::curves::Curve;
    /// let c = Curve::Binormal { name: "A".into(), model: Binormal::new(1.0, 1.0).unwrap() };
    /// assert_eq!(c.name(), "A");
    /// ```
    pub fn name(&self) -> &str {
        match self {
            Curve::Scores(c) => &c.name,
            Curve::Binormal { name, .. } => name,
        }
    }

    /// The AUC: the empirical one, or `Φ(a / √(1 + b²))`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Binormal;
    /// use ulab_state::roc::curves::Curve;
    /// let c = Curve::Binormal { name: "A".into(), model: Binormal::new(1.0, 1.0).unwrap() };
    /// assert_eq!(format!("{:.3}", c.auc()), "0.760");
    /// ```
    pub fn auc(&self) -> f64 {
        match self {
            Curve::Scores(c) => c.auc,
            Curve::Binormal { model, .. } => model.auc(),
        }
    }

    /// The test set's class-0 share `P / (P + N)` (`None` for a binormal curve: it has no test
    /// set).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::{Binormal, Roc};
    /// use ulab_state::roc::curves::{Curve, ScoredCurve};
    /// let roc = Roc::from_scores(&[1.0, 2.0, 3.0, 4.0], &[true, false, false, false]).unwrap();
    /// assert_eq!(Curve::Scores(ScoredCurve::new("A".into(), roc)).test_share(), Some(0.25));
    /// let b = Curve::Binormal { name: "B".into(), model: Binormal::new(1.0, 1.0).unwrap() };
    /// assert_eq!(b.test_share(), None);
    /// ```
    pub fn test_share(&self) -> Option<f64> {
        match self {
            Curve::Scores(c) => Some(c.roc.class0_share()),
            Curve::Binormal { .. } => None,
        }
    }

    /// The points drawn: the decimated empirical curve, or [`BINORMAL_POINTS`] points of the
    /// binormal one (with `extra`, a latent threshold, inserted in order).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Binormal;
    /// use ulab_state::roc::curves::{Curve, BINORMAL_POINTS};
    /// let c = Curve::Binormal { name: "A".into(), model: Binormal::new(1.0, 1.0).unwrap() };
    /// assert_eq!(c.drawn_points(None).len(), BINORMAL_POINTS + 2);
    /// assert_eq!(c.drawn_points(Some(0.01)).len(), BINORMAL_POINTS + 3);
    /// ```
    pub fn drawn_points(&self, extra: Option<f64>) -> Vec<RocPoint> {
        match self {
            Curve::Scores(c) => c.drawn_points(),
            Curve::Binormal { model, .. } => sample(model, BINORMAL_POINTS, extra),
        }
    }
}

/// The indices of the upper convex hull's vertices ([`upper_hull`]) in `points`.
///
/// # Examples
///
/// ```
/// use ulab_core::roc::RocPoint;
/// use ulab_state::roc::curves::hull_indices;
/// let p = |fpr, tpr, threshold| RocPoint { fpr, tpr, threshold };
/// let pts = [p(0.0, 0.0, 9.0), p(0.5, 0.5, 2.0), p(0.5, 1.0, 1.0), p(1.0, 1.0, 0.0)];
/// assert_eq!(hull_indices(&pts), vec![0, 2, 3]);
/// ```
pub fn hull_indices(points: &[RocPoint]) -> Vec<usize> {
    let hull = upper_hull(points);
    let mut out = Vec::with_capacity(hull.len());
    let mut j = 0;
    for h in &hull {
        while j < points.len() && points[j] != *h {
            j += 1;
        }
        if j < points.len() {
            out.push(j);
            j += 1;
        }
    }
    out
}

/// The indices of the points of a monotone curve that are drawn: the first and the last, every
/// index of `keep` (sorted, e.g. the hull's vertices and the optimum), and every point farther
/// than `tol` (max-norm) from the last point kept. So every dropped point lies within `tol` of a
/// kept one, and since a ROC curve's path from (0, 0) to (1, 1) has length at most 2 (in the
/// 1-norm), at most `2/tol` points are kept besides `keep` — 3 000 for [`DRAW_TOLERANCE`],
/// whatever the number of points. (The hull of an empirical curve of P and N cases is a convex
/// lattice polygon, with O((P·N)^⅓) vertices at most, and far fewer in practice.)
///
/// # Examples
///
/// ```
/// use ulab_core::roc::RocPoint;
/// use ulab_state::roc::curves::decimate;
/// let pts: Vec<RocPoint> = (0..=1000)
///     .map(|i| RocPoint { fpr: i as f64 / 1000.0, tpr: i as f64 / 1000.0, threshold: -(i as f64) })
///     .collect();
/// let kept = decimate(&pts, &[500], 0.01);
/// assert!(kept.len() <= 102 && kept.contains(&500) && kept[0] == 0 && *kept.last().unwrap() == 1000);
/// ```
pub fn decimate(points: &[RocPoint], keep: &[usize], tol: f64) -> Vec<usize> {
    let n = points.len();
    let mut out: Vec<usize> = Vec::new();
    let mut k = 0;
    for (i, p) in points.iter().enumerate() {
        while k < keep.len() && keep[k] < i {
            k += 1;
        }
        let forced = i == 0 || i + 1 == n || keep.get(k) == Some(&i);
        let far = out.last().is_none_or(|&l| {
            let q = points[l];
            (p.fpr - q.fpr).abs() > tol || (p.tpr - q.tpr).abs() > tol
        });
        if forced || far {
            out.push(i);
        }
    }
    out
}
