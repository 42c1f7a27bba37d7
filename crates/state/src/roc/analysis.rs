//! The view's numbers for a utility matrix `U` and a class-0 share `B` (Dyrland et al. 2022,
//! §5): for each curve its AUC, convex hull and yield-maximizing operating point (eq. 20,
//! with the yield of eq. 22); the iso-utility slope (eq. 24) and lines (eq. 25); the best
//! classifier, the one whose curve touches the highest iso-utility line.
//!
//! Cheap: an empirical curve's optimum is searched on its upper hull only (when `U00 ≥ U10` the
//! yield, linear in `(f, t)`, does not fall with `t`, so its maximum is at an upper-hull vertex;
//! other matrices search every point) and its yields are computed on its drawn points only, so
//! a change of `U` or `B` costs microseconds even for 10⁶ scores.

use super::curves::Curve;
use super::iso::{IsoLine, iso_family, iso_line};
use std::fmt;
use ulab_core::roc::{RocPoint, iso_utility_slope, optimal_point, yield_at};
use ulab_core::{CoreError, UtilityMatrix};

/// Lines in the iso-utility family drawn (besides the tangents).
pub const FAMILY_LINES: usize = 10;

/// Where the class-0 share `B` comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShareSource {
    /// The deployment's class shares (`prev` in the link).
    Deployment,
    /// The test set's share of the positive label (the scores file).
    TestSet,
    /// No test set (binormal curves only) and no `prev`: ½.
    Default,
}

/// The class-0 share `B` used for the yields, the slope and the lines.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Share {
    /// `B`, in `[0, 1]`.
    pub value: f64,
    /// Its origin.
    pub source: ShareSource,
}

impl Share {
    /// A sentence saying where `B` comes from, for beside the plot.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::analysis::{choose_share, Share};
    /// let s = choose_share(None, None).unwrap();
    /// assert_eq!(s.value, 0.5);
    /// assert!(s.note().contains("binormal curves have no test set"));
    /// ```
    pub fn note(&self) -> String {
        let b = ulab_core::text::number(self.value, 4);
        match self.source {
            ShareSource::Deployment => {
                format!("class-0 share π₀ = {b}, from the deployment shares")
            }
            ShareSource::TestSet => format!("class-0 share π₀ = {b}, the test set's"),
            ShareSource::Default => format!(
                "class-0 share π₀ = {b} by default: binormal curves have no test set (set the \
                 deployment shares to change it)"
            ),
        }
    }
}

/// Why the view cannot be computed.
#[derive(Debug, Clone, PartialEq)]
pub enum RocError {
    /// The utility matrix is not 2 × 2.
    NotBinary { decisions: usize, classes: usize },
    /// The deployment shares are not two non-negative numbers with a positive sum.
    BadShares(String),
    /// An error of the core (cannot happen with valid inputs).
    Core(CoreError),
}

impl fmt::Display for RocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RocError::NotBinary { decisions, classes } => write!(
                f,
                "ROC curves are for two classes and two decisions; the utility matrix is \
                 {decisions} × {classes}"
            ),
            RocError::BadShares(m) => write!(f, "deployment shares: {m}"),
            RocError::Core(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RocError {}

impl From<CoreError> for RocError {
    fn from(e: CoreError) -> Self {
        RocError::Core(e)
    }
}

/// The class-0 share: `prev[0] / (prev[0] + prev[1])` if the deployment shares are given, else
/// the test set's share, else ½.
///
/// # Errors
/// `prev` not two finite non-negative numbers with a positive sum.
///
/// # Examples
///
/// ```
/// use ulab_state::roc::analysis::{choose_share, ShareSource};
/// assert_eq!(choose_share(Some(&[0.8, 0.2]), Some(0.3)).unwrap().value, 0.8);
/// let t = choose_share(None, Some(0.3)).unwrap();
/// assert_eq!((t.value, t.source), (0.3, ShareSource::TestSet));
/// assert!(choose_share(Some(&[0.2, 0.3, 0.5]), None).is_err());
/// ```
pub fn choose_share(prev: Option<&[f64]>, test_share: Option<f64>) -> Result<Share, RocError> {
    if let Some(p) = prev {
        if p.len() != 2 {
            return Err(RocError::BadShares(format!(
                "{} values for 2 classes",
                p.len()
            )));
        }
        let sum = p[0] + p[1];
        if !p.iter().all(|v| v.is_finite() && *v >= 0.0) || !(sum > 0.0) || !sum.is_finite() {
            return Err(RocError::BadShares(
                "they must be numbers ≥ 0 with a positive sum".into(),
            ));
        }
        return Ok(Share {
            value: p[0] / sum,
            source: ShareSource::Deployment,
        });
    }
    Ok(match test_share.filter(|b| (0.0..=1.0).contains(b)) {
        Some(value) => Share {
            value,
            source: ShareSource::TestSet,
        },
        None => Share {
            value: 0.5,
            source: ShareSource::Default,
        },
    })
}

/// What a curve is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CurveKind {
    /// From scores: class-0 and class-1 counts of the test set.
    Scores { positives: usize, negatives: usize },
    /// Binormal, with its parameters.
    Binormal { a: f64, b: f64 },
}

/// A curve's yield-maximizing operating point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Optimum {
    /// For scores: the index in the curve's points (`roc.points`); for a binormal curve: in
    /// [`CurveReport::drawn`].
    pub index: usize,
    /// Index in [`CurveReport::drawn`].
    pub drawn_index: usize,
    /// The point: `(f, t)` and its threshold (a score, or the latent threshold).
    pub point: RocPoint,
    /// Its yield (eq. 22).
    pub yield_value: f64,
    /// The intercept `t − m·f` of its tangent iso-utility line of slope `m` (eq. 25), when
    /// the slope is defined.
    pub intercept: Option<f64>,
}

/// One curve's numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct CurveReport {
    /// The name.
    pub name: String,
    /// Scores or binormal.
    pub kind: CurveKind,
    /// The AUC (empirical, or `Φ(a/√(1+b²))`).
    pub auc: f64,
    /// The points drawn (decimated; for a binormal curve sampled, through its optimum).
    pub drawn: Vec<RocPoint>,
    /// The yield at each drawn point (the yield-against-threshold series).
    pub yields: Vec<f64>,
    /// The upper convex hull's vertices.
    pub hull: Vec<RocPoint>,
    /// The best operating point.
    pub optimum: Optimum,
    /// Its iso-utility line (the tangent), clipped to the square.
    pub tangent: Option<IsoLine>,
}

/// Everything the view shows for a set of curves, `U` and `B`.
#[derive(Debug, Clone, PartialEq)]
pub struct RocReport {
    /// `B` and its origin.
    pub share: Share,
    /// The iso-utility slope `m` (eq. 24), if defined (`U00 > U10`, `0 < B < 1`).
    pub slope: Option<f64>,
    /// One per curve, in order.
    pub curves: Vec<CurveReport>,
    /// The family of iso-utility lines, anchored at the best optimal yield.
    pub family: Vec<IsoLine>,
    /// The best curves (highest optimal yield = highest tangent intercept); more than one on a
    /// tie (to 10⁻⁹ relative); empty without curves.
    pub best: Vec<usize>,
    /// The yield of "never class 0", the point (0, 0).
    pub never: f64,
    /// The yield of "always class 0", the point (1, 1).
    pub always: f64,
}

/// Computes the view: each curve's AUC, hull, optimum (eq. 20 on the hull, yield of eq. 22)
/// and tangent; the slope `m` (eq. 24); the family of [`FAMILY_LINES`] iso-utility lines; the
/// best curves.
///
/// # Errors
/// `u` not 2 × 2; `share` outside `[0, 1]`.
///
/// # Examples
///
/// ```
/// use ulab_core::{roc::Binormal, UtilityMatrix};
/// use ulab_state::roc::analysis::{analyze, choose_share};
/// use ulab_state::roc::curves::Curve;
/// let curves = vec![
///     Curve::Binormal { name: "A".into(), model: Binormal::new(1.0, 1.0).unwrap() },
///     Curve::Binormal { name: "B".into(), model: Binormal::new(2.0, 1.0).unwrap() },
/// ];
/// let u = UtilityMatrix::parse("4,0;0,1").unwrap();
/// let r = analyze(&curves, &u, choose_share(Some(&[0.5, 0.5]), None).unwrap()).unwrap();
/// assert_eq!(r.slope, Some(0.25));
/// assert_eq!(r.best, vec![1]);
/// assert_eq!(format!("{:.3}/{:.3}", r.curves[0].auc, r.curves[1].auc), "0.760/0.921");
/// ```
pub fn analyze(curves: &[Curve], u: &UtilityMatrix, share: Share) -> Result<RocReport, RocError> {
    if u.n_decisions() != 2 || u.n_classes() != 2 {
        return Err(RocError::NotBinary {
            decisions: u.n_decisions(),
            classes: u.n_classes(),
        });
    }
    let b = share.value;
    if !(0.0..=1.0).contains(&b) {
        return Err(RocError::BadShares(format!(
            "the class-0 share must be in [0, 1], not {b}"
        )));
    }
    let slope = iso_utility_slope(u, b).ok().filter(|m| m.is_finite());
    let mut reports = Vec::with_capacity(curves.len());
    for c in curves {
        reports.push(curve_report(c, u, b, slope)?);
    }
    let top = reports
        .iter()
        .map(|r| r.optimum.yield_value)
        .fold(f64::NEG_INFINITY, f64::max);
    let tol = 1e-9 * top.abs().max(1.0);
    let best: Vec<usize> = (0..reports.len())
        .filter(|&i| reports[i].optimum.yield_value >= top - tol)
        .collect();
    let anchor = if reports.is_empty() { f64::NAN } else { top };
    Ok(RocReport {
        share,
        slope,
        family: iso_family(u, b, anchor, FAMILY_LINES),
        best,
        never: yield_at(u, b, 0.0, 0.0),
        always: yield_at(u, b, 1.0, 1.0),
        curves: reports,
    })
}

/// One curve's report.
fn curve_report(
    c: &Curve,
    u: &UtilityMatrix,
    b: f64,
    slope: Option<f64>,
) -> Result<CurveReport, RocError> {
    let (kind, drawn, hull, index, point, y) = match c {
        Curve::Scores(s) => {
            let hull = s.hull_points();
            // The yield grows with t (U00 ≥ U10): its maximum is on the upper hull. Otherwise
            // (a matrix that prefers decision 1 for class 0) search every point.
            let (index, best) = if u.get(0, 0) >= u.get(1, 0) {
                let o = optimal_point(&hull, u, b)?;
                (s.hull[o.index], o)
            } else {
                let o = optimal_point(&s.roc.points, u, b)?;
                (o.index, o)
            };
            let mut drawn = s.drawn_points();
            if s.drawn.binary_search(&index).is_err() {
                let at = s.drawn.partition_point(|&k| k < index);
                drawn.insert(at, best.point);
            }
            let kind = CurveKind::Scores {
                positives: s.roc.positives,
                negatives: s.roc.negatives,
            };
            (kind, drawn, hull, index, best.point, best.yield_value)
        }
        Curve::Binormal { model, .. } => {
            let (f, _, _) = model.optimal(u, b)?;
            let s = model.threshold_at(f);
            let drawn = c.drawn_points(Some(s));
            // The optimum as a point of the drawn curve (its end points when f is 0 or 1).
            let index = drawn.iter().position(|p| p.threshold == s).unwrap_or(0);
            let point = drawn[index];
            let y = yield_at(u, b, point.fpr, point.tpr);
            let hull = ulab_core::roc::upper_hull(&drawn);
            let kind = CurveKind::Binormal {
                a: model.a,
                b: model.b,
            };
            (kind, drawn, hull, index, point, y)
        }
    };
    let yields: Vec<f64> = drawn.iter().map(|p| yield_at(u, b, p.fpr, p.tpr)).collect();
    let drawn_index = match c {
        Curve::Scores(s) => s.drawn.partition_point(|&k| k < index),
        Curve::Binormal { .. } => index,
    };
    Ok(CurveReport {
        name: c.name().to_string(),
        kind,
        auc: c.auc(),
        drawn,
        yields,
        hull,
        optimum: Optimum {
            index,
            drawn_index,
            point,
            yield_value: y,
            intercept: slope.map(|m| point.tpr - m * point.fpr),
        },
        tangent: iso_line(u, b, y),
    })
}
