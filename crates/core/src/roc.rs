//! Receiver operating characteristic (Dyrland et al. 2022, §5): empirical curves from scores, their convex
//! hull, AUC, iso-utility lines and the yield-maximizing operating point; binormal curves.
//!
//! Class 0 is "positive". A score is "evidence for class 0": the classifier outputs class 0
//! iff `score ≥ threshold`. `f` is the false-positive rate (1 − TNR), `t` the true-positive rate,
//! `B` the share of class 0.
//!
//! (Just over 500 lines: the empirical curve, its hull, AUC, the tangent and the binormal
//! model share the ROC conventions above; most of the length is formula documentation and doctests.)

use super::error::{CoreError, check_range};
use super::limits::MAX_BINORMAL;
use super::special::{norm_cdf, norm_inv};
use super::utility::UtilityMatrix;
use serde::{Deserialize, Serialize};

/// A point of a ROC curve.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RocPoint {
    /// False-positive rate `f`.
    pub fpr: f64,
    /// True-positive rate `t`.
    pub tpr: f64,
    /// Output class 0 iff `score ≥ threshold` (`+∞` for the point (0, 0)).
    pub threshold: f64,
}

/// An empirical ROC curve.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Roc {
    /// From (0, 0) to (1, 1), one point per distinct score; tied scores give one diagonal step.
    pub points: Vec<RocPoint>,
    /// Number of class-0 cases.
    pub positives: usize,
    /// Number of class-1 cases.
    pub negatives: usize,
}

/// The best operating point of a curve for a utility matrix.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct OperatingPoint {
    /// Index in [`Roc::points`].
    pub index: usize,
    /// The point (with its threshold).
    pub point: RocPoint,
    /// The utility yield there (eq. 22).
    pub yield_value: f64,
}

/// Checks scored cases for a ROC curve and counts them: `(P, N)`, the numbers of class-0
/// (`positive[i]`) and class-1 cases.
///
/// # Errors
/// Lengths differ, a non-finite score, or no case of one of the classes.
///
/// # Examples
///
/// ```
/// use ulab_core::roc::check_scores;
/// assert_eq!(check_scores(&[0.3, 0.1, 0.2], &[true, false, false]).unwrap(), (1, 2));
/// assert!(check_scores(&[0.3, f64::NAN], &[true, false]).is_err());
/// assert!(check_scores(&[0.3, 0.1], &[true, true]).is_err());
/// ```
pub fn check_scores(scores: &[f64], positive: &[bool]) -> Result<(usize, usize), CoreError> {
    if scores.len() != positive.len() {
        return Err(CoreError::LengthMismatch {
            what: "labels (one per score)",
            expected: scores.len(),
            found: positive.len(),
        });
    }
    if let Some(i) = scores.iter().position(|s| !s.is_finite()) {
        return Err(CoreError::NotFinite { row: i, col: 0 });
    }
    let p = positive.iter().filter(|x| **x).count();
    let n = positive.len() - p;
    if p == 0 || n == 0 {
        return Err(CoreError::Invalid(
            "a ROC curve needs at least one case of each class".into(),
        ));
    }
    Ok((p, n))
}

impl Roc {
    /// The empirical ROC curve of `scores` with `positive[i]` true when case `i` is of class 0.
    ///
    /// # Errors
    /// Lengths differ, a non-finite score, or no case of one of the classes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Roc;
    /// let roc = Roc::from_scores(&[0.9, 0.8, 0.8, 0.3], &[true, true, false, false]).unwrap();
    /// let pts: Vec<(f64, f64)> = roc.points.iter().map(|p| (p.fpr, p.tpr)).collect();
    /// assert_eq!(pts, vec![(0.0, 0.0), (0.0, 0.5), (0.5, 1.0), (1.0, 1.0)]);
    /// assert_eq!(roc.auc(), 0.875);
    /// ```
    pub fn from_scores(scores: &[f64], positive: &[bool]) -> Result<Roc, CoreError> {
        let (p, n) = check_scores(scores, positive)?;
        let order = crate::order::order_by(scores, true);
        let mut points = vec![RocPoint {
            fpr: 0.0,
            tpr: 0.0,
            threshold: f64::INFINITY,
        }];
        let (mut tp, mut fp) = (0usize, 0usize);
        let mut k = 0;
        while k < order.len() {
            let s = scores[order[k]];
            while k < order.len() && scores[order[k]] == s {
                if positive[order[k]] {
                    tp += 1;
                } else {
                    fp += 1;
                }
                k += 1;
            }
            points.push(RocPoint {
                fpr: fp as f64 / n as f64,
                tpr: tp as f64 / p as f64,
                threshold: s,
            });
        }
        Ok(Roc {
            points,
            positives: p,
            negatives: n,
        })
    }

    /// The share of class 0, `B = P / (P + N)`.
    pub fn class0_share(&self) -> f64 {
        self.positives as f64 / (self.positives + self.negatives) as f64
    }

    /// The area under the curve, by the trapezoid rule over the empirical points (a tie
    /// contributes its diagonal, i.e. counts ½), which equals the Mann–Whitney statistic
    /// `P(score of a class-0 case > score of a class-1 case) + ½·P(equal)`.
    pub fn auc(&self) -> f64 {
        self.points
            .windows(2)
            .map(|w| (w[1].fpr - w[0].fpr) * (w[1].tpr + w[0].tpr) / 2.0)
            .sum()
    }

    /// The vertices of the upper convex hull of the curve (a subset of its points, from (0, 0)
    /// to (1, 1)). Every yield-maximizing operating point lies on it.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Roc;
    /// let roc = Roc::from_scores(&[4.0, 3.0, 2.0, 1.0], &[true, false, true, false]).unwrap();
    /// let hull: Vec<(f64, f64)> = roc.hull().iter().map(|p| (p.fpr, p.tpr)).collect();
    /// assert_eq!(hull, vec![(0.0, 0.0), (0.0, 0.5), (0.5, 1.0), (1.0, 1.0)]);
    /// ```
    pub fn hull(&self) -> Vec<RocPoint> {
        upper_hull(&self.points)
    }

    /// The utility yield at each point of the curve (eq. 22 with this curve's `B`).
    ///
    /// # Errors
    /// `u` not 2 × 2.
    pub fn yields(&self, u: &UtilityMatrix) -> Result<Vec<f64>, CoreError> {
        require_2x2(u)?;
        let b = self.class0_share();
        Ok(self
            .points
            .iter()
            .map(|p| yield_at(u, b, p.fpr, p.tpr))
            .collect())
    }

    /// The operating point (and threshold) that maximizes the utility yield (eq. 20); the first
    /// (highest threshold) on ties.
    ///
    /// # Errors
    /// `u` not 2 × 2.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_core::roc::Roc;
    /// let roc = Roc::from_scores(&[4.0, 3.0, 2.0, 1.0], &[true, false, true, false]).unwrap();
    /// let best = roc.optimal(&UtilityMatrix::identity(2).unwrap()).unwrap();
    /// assert_eq!(best.point.threshold, 4.0);
    /// assert_eq!(best.yield_value, 0.75);
    /// ```
    pub fn optimal(&self, u: &UtilityMatrix) -> Result<OperatingPoint, CoreError> {
        optimal_point(&self.points, u, self.class0_share())
    }
}

/// The area under the ROC curve computed directly as the Mann–Whitney statistic:
/// `U / (P·N)` with `U = Σ_{class-0 i, class-1 j} [s_i > s_j] + ½·[s_i = s_j]`, via ranks
/// (average ranks for ties): `U = R₀ − P(P + 1)/2`, `R₀` the rank sum of class 0.
///
/// # Errors
/// As [`Roc::from_scores`].
///
/// # Examples
///
/// ```
/// use ulab_core::roc::mann_whitney_auc;
/// assert_eq!(mann_whitney_auc(&[0.9, 0.8, 0.8, 0.3], &[true, true, false, false]).unwrap(), 0.875);
/// ```
pub fn mann_whitney_auc(scores: &[f64], positive: &[bool]) -> Result<f64, CoreError> {
    // Validation shared with the curve.
    let roc = Roc::from_scores(scores, positive)?;
    let order = crate::order::order_by(scores, false);
    let mut rank_sum = 0.0;
    let mut k = 0;
    while k < order.len() {
        let mut e = k;
        while e + 1 < order.len() && scores[order[e + 1]] == scores[order[k]] {
            e += 1;
        }
        let avg_rank = (k + e) as f64 / 2.0 + 1.0;
        for &i in &order[k..=e] {
            if positive[i] {
                rank_sum += avg_rank;
            }
        }
        k = e + 1;
    }
    let p = roc.positives as f64;
    let n = roc.negatives as f64;
    Ok((rank_sum - p * (p + 1.0) / 2.0) / (p * n))
}

fn require_2x2(u: &UtilityMatrix) -> Result<(), CoreError> {
    if u.n_decisions() != 2 || u.n_classes() != 2 {
        return Err(CoreError::DimensionMismatch {
            expected: "a 2 × 2 utility matrix".into(),
            found: format!("{} × {}", u.n_decisions(), u.n_classes()),
        });
    }
    Ok(())
}

/// The utility yield at ROC point `(f, t)` with class-0 share `B` (Dyrland et al. 2022 eqs. 21–22):
/// the confusion matrix is `[[B·t, (1−B)·f], [B·(1−t), (1−B)·(1−f)]]`, so the yield is
/// `(U00 − U10)·B·t − (U11 − U01)·(1−B)·f + U10·B + U11·(1−B)`.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_core::roc::yield_at;
/// let u = UtilityMatrix::identity(2).unwrap();
/// assert_eq!(yield_at(&u, 0.5, 0.3, 0.54), 0.62); // classifier A of the factory: its accuracy
/// ```
pub fn yield_at(u: &UtilityMatrix, b: f64, f: f64, t: f64) -> f64 {
    (u.get(0, 0) - u.get(1, 0)) * b * t - (u.get(1, 1) - u.get(0, 1)) * (1.0 - b) * f
        + u.get(1, 0) * b
        + u.get(1, 1) * (1.0 - b)
}

/// The vertices of the upper convex hull of a ROC polyline given from (0, 0) to (1, 1) in
/// order of decreasing threshold (Andrew's monotone chain, upper half): a point stays only if
/// it lies strictly above the segment joining its neighbours on the hull, i.e. the cross
/// product `(b − a) × (p − a) < 0` for consecutive kept `a`, `b` and the next point `p`.
/// Collinear points are dropped. Linear in the number of points. Every yield-maximizing
/// operating point of the polyline lies on this hull (the yield, eq. 22, is linear in
/// `(f, t)`).
///
/// # Examples
///
/// ```
/// use ulab_core::roc::{upper_hull, RocPoint};
/// let p = |fpr, tpr| RocPoint { fpr, tpr, threshold: 0.0 };
/// let hull = upper_hull(&[p(0.0, 0.0), p(0.0, 0.5), p(0.5, 0.5), p(0.5, 1.0), p(1.0, 1.0)]);
/// let xy: Vec<(f64, f64)> = hull.iter().map(|q| (q.fpr, q.tpr)).collect();
/// assert_eq!(xy, vec![(0.0, 0.0), (0.0, 0.5), (0.5, 1.0), (1.0, 1.0)]);
/// ```
pub fn upper_hull(points: &[RocPoint]) -> Vec<RocPoint> {
    let mut h: Vec<RocPoint> = Vec::new();
    for p in points {
        while h.len() >= 2 {
            let a = h[h.len() - 2];
            let b = h[h.len() - 1];
            // Remove b unless it lies strictly above the segment a–p.
            let cross = (b.fpr - a.fpr) * (p.tpr - a.tpr) - (b.tpr - a.tpr) * (p.fpr - a.fpr);
            if cross >= 0.0 {
                h.pop();
            } else {
                break;
            }
        }
        h.push(*p);
    }
    h
}

/// The point of `points` with the largest utility yield (eq. 20) for utility matrix `u` and
/// class-0 share `B`, the yield being eq. 22, `yield_at(u, B, f, t)`; the first one (highest
/// threshold) on ties. `index` is the position in `points`.
///
/// # Errors
/// `u` not 2 × 2, `B` outside `[0, 1]`, or no point.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_core::roc::{optimal_point, RocPoint};
/// let p = |fpr, tpr, threshold| RocPoint { fpr, tpr, threshold };
/// let pts = [p(0.0, 0.0, f64::INFINITY), p(0.2, 0.7, 0.5), p(1.0, 1.0, 0.1)];
/// let u = UtilityMatrix::identity(2).unwrap();
/// // B = 0.5: yields 0.5, 0.5·0.7 + 0.5·0.8 = 0.75, 0.5.
/// let best = optimal_point(&pts, &u, 0.5).unwrap();
/// assert_eq!((best.index, best.yield_value), (1, 0.75));
/// ```
pub fn optimal_point(
    points: &[RocPoint],
    u: &UtilityMatrix,
    b: f64,
) -> Result<OperatingPoint, CoreError> {
    require_2x2(u)?;
    check_range("class-0 share B", b, 0.0, 1.0, "0 ≤ B ≤ 1")?;
    let mut best: Option<OperatingPoint> = None;
    for (index, p) in points.iter().enumerate() {
        let y = yield_at(u, b, p.fpr, p.tpr);
        if best.is_none_or(|o| y > o.yield_value) {
            best = Some(OperatingPoint {
                index,
                point: *p,
                yield_value: y,
            });
        }
    }
    best.ok_or_else(|| CoreError::Invalid("a ROC curve needs at least one point".into()))
}

/// The slope of the iso-utility lines in ROC space (Dyrland et al. 2022 eqs. 24–25):
/// `m = (U11 − U01)·(1 − B) / ((U00 − U10)·B)`. The best classifier is the one whose curve
/// touches the highest line of this slope.
///
/// # Errors
/// `u` not 2 × 2; `B` outside `(0, 1)`; `U00 ≤ U10` (the slope is then infinite or negative:
/// the yield does not grow with the true-positive rate); a slope too steep for a finite number
/// (`B` or `U00 − U10` within ~10⁻³⁰⁰ of 0).
///
/// # Examples
///
/// Fig. 8 of Dyrland et al. 2022: `[[4,0],[0,1]]` on a balanced set has slope ¼, as does the identity on
/// a set with 80 % of class 0.
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_core::roc::iso_utility_slope;
/// let u = UtilityMatrix::parse("4,0;0,1").unwrap();
/// assert_eq!(iso_utility_slope(&u, 0.5).unwrap(), 0.25);
/// let id = UtilityMatrix::identity(2).unwrap();
/// assert!((iso_utility_slope(&id, 0.8).unwrap() - 0.25).abs() < 1e-15);
/// ```
pub fn iso_utility_slope(u: &UtilityMatrix, b: f64) -> Result<f64, CoreError> {
    require_2x2(u)?;
    if !(b > 0.0 && b < 1.0) {
        return Err(CoreError::InvalidParameter {
            name: "class-0 share B",
            value: b,
            expected: "0 < B < 1",
        });
    }
    let gain0 = u.get(0, 0) - u.get(1, 0);
    if !(gain0 > 0.0) {
        return Err(CoreError::Invalid(
            "U00 must exceed U10 for the iso-utility lines to have a finite positive slope".into(),
        ));
    }
    let m = (u.get(1, 1) - u.get(0, 1)) * (1.0 - b) / (gain0 * b);
    if !m.is_finite() {
        // A share B or a gain U00 − U10 so close to 0 that the slope overflows.
        return Err(CoreError::Invalid(
            "the iso-utility lines are too steep to compute: B or U00 − U10 is too close to 0"
                .into(),
        ));
    }
    Ok(m)
}

/// The binormal ROC model `t(f) = Φ(a + b·Φ⁻¹(f))`: class-0 scores `N(a/b, 1/b)` against
/// class-1 scores `N(0, 1)` in the units of the latter (`b > 0`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Binormal {
    /// Separation `a` (intercept on the normal-deviate axes).
    pub a: f64,
    /// Slope `b > 0` (ratio of the standard deviations, class 1 over class 0).
    pub b: f64,
}

impl Binormal {
    /// A binormal curve.
    ///
    /// # Errors
    /// `a` outside `[−10⁶, 10⁶]` or `b` outside `[10⁻⁶, 10⁶]` ([`MAX_BINORMAL`]).
    pub fn new(a: f64, b: f64) -> Result<Binormal, CoreError> {
        check_range("a", a, -MAX_BINORMAL, MAX_BINORMAL, "−10⁶ ≤ a ≤ 10⁶")?;
        check_range("b", b, 1.0 / MAX_BINORMAL, MAX_BINORMAL, "10⁻⁶ ≤ b ≤ 10⁶")?;
        Ok(Binormal { a, b })
    }

    /// The true-positive rate at false-positive rate `f ∈ [0, 1]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Binormal;
    /// let c = Binormal::new(0.0, 1.0).unwrap(); // chance
    /// assert!((c.tpr(0.3) - 0.3).abs() < 1e-15);
    /// ```
    pub fn tpr(&self, f: f64) -> f64 {
        if f <= 0.0 {
            0.0
        } else if f >= 1.0 {
            1.0
        } else {
            norm_cdf(self.a + self.b * norm_inv(f))
        }
    }

    /// The area under the curve, `Φ(a / √(1 + b²))`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Binormal;
    /// let c = Binormal::new(1.0, 1.0).unwrap();
    /// assert!((c.auc() - 0.7602499389065233).abs() < 1e-14);
    /// ```
    pub fn auc(&self) -> f64 {
        norm_cdf(self.a / (1.0 + self.b * self.b).sqrt())
    }

    /// The latent threshold `s` at false-positive rate `f`: the model calls class 0 when the
    /// latent score is `≥ s`, with class-1 scores `N(0, 1)`, so `f = 1 − Φ(s)` and
    /// `s = −Φ⁻¹(f)` (`+∞` at `f = 0`, `−∞` at `f = 1`; NaN outside `[0, 1]`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Binormal;
    /// let c = Binormal::new(1.0, 1.0).unwrap();
    /// assert_eq!(c.threshold_at(0.5), 0.0);
    /// assert!((c.threshold_at(0.025) - 1.959963984540054).abs() < 1e-12);
    /// assert_eq!(c.threshold_at(0.0), f64::INFINITY);
    /// ```
    pub fn threshold_at(&self, f: f64) -> f64 {
        -norm_inv(f)
    }

    /// The operating point `(f, t)` at latent threshold `s` (the inverse of
    /// [`Binormal::threshold_at`]): `f = Φ(−s)`, and class-0 scores being `N(a/b, 1/b)`,
    /// `t = Φ(a − b·s)` — which is `Φ(a + b·Φ⁻¹(f))`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Binormal;
    /// let c = Binormal::new(1.0, 2.0).unwrap();
    /// let (f, t) = c.rates_at(0.5);
    /// assert!((f - 0.3085375387259869).abs() < 1e-15); // Φ(−0.5)
    /// assert_eq!(t, 0.5); // Φ(1 − 2·0.5)
    /// assert!((c.tpr(f) - t).abs() < 1e-12);
    /// ```
    pub fn rates_at(&self, s: f64) -> (f64, f64) {
        (norm_cdf(-s), norm_cdf(self.a - self.b * s))
    }

    /// `k ≥ 2` points of the curve, denser where it bends: `f = Φ(z)` for `z` evenly spaced on
    /// `[−6, 6]`, plus the end points (0, 0) and (1, 1).
    pub fn curve(&self, k: usize) -> Vec<(f64, f64)> {
        let k = k.max(2);
        let mut pts = vec![(0.0, 0.0)];
        for i in 0..k {
            let z = -6.0 + 12.0 * i as f64 / (k - 1) as f64;
            let f = norm_cdf(z);
            pts.push((f, norm_cdf(self.a + self.b * z)));
        }
        pts.push((1.0, 1.0));
        pts
    }

    /// The operating point `(f*, t*)` that maximizes the yield for utility matrix `u` and
    /// class-0 share `B` (Dyrland et al. 2022, eq. 23), and that yield: a grid search over `f = Φ(z)`,
    /// `z ∈ [−8, 8]` (and the end points), refined by golden-section search.
    ///
    /// # Errors
    /// `u` not 2 × 2 or `B` outside `[0, 1]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_core::roc::Binormal;
    /// let c = Binormal::new(1.0, 1.0).unwrap();
    /// let (f, t, y) = c.optimal(&UtilityMatrix::identity(2).unwrap(), 0.5).unwrap();
    /// // Equal-variance binormal, slope 1: the optimum is at z = −a/2 (f = Φ(−0.5)).
    /// assert!((f - 0.3085375387259869).abs() < 1e-7 && (t - 0.6914624612740131).abs() < 1e-7);
    /// assert!((y - 0.6914624612740131).abs() < 1e-12);
    /// ```
    pub fn optimal(&self, u: &UtilityMatrix, b: f64) -> Result<(f64, f64, f64), CoreError> {
        require_2x2(u)?;
        check_range("class-0 share B", b, 0.0, 1.0, "0 ≤ B ≤ 1")?;
        let g = |z: f64| {
            let f = norm_cdf(z);
            yield_at(u, b, f, norm_cdf(self.a + self.b * z))
        };
        let mut best = (0.0, 0.0, yield_at(u, b, 0.0, 0.0));
        let end = yield_at(u, b, 1.0, 1.0);
        if end > best.2 {
            best = (1.0, 1.0, end);
        }
        let steps = 1600;
        let (lo, hi) = (-8.0, 8.0);
        let h = (hi - lo) / steps as f64;
        let mut best_i = None;
        let mut best_v = f64::NEG_INFINITY;
        for i in 0..=steps {
            let v = g(lo + h * i as f64);
            if v > best_v {
                best_v = v;
                best_i = Some(i);
            }
        }
        if let Some(i) = best_i {
            let (mut a, mut c) = (lo + h * (i as f64 - 1.0), lo + h * (i as f64 + 1.0));
            let r = (5f64.sqrt() - 1.0) / 2.0;
            for _ in 0..80 {
                let x1 = c - r * (c - a);
                let x2 = a + r * (c - a);
                if g(x1) >= g(x2) {
                    c = x2;
                } else {
                    a = x1;
                }
            }
            let z = (a + c) / 2.0;
            let v = g(z).max(best_v);
            if v > best.2 {
                let zz = if g(z) >= best_v { z } else { lo + h * i as f64 };
                best = (norm_cdf(zz), norm_cdf(self.a + self.b * zz), v);
            }
        }
        Ok(best)
    }
}
