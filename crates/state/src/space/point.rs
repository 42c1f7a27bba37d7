//! Fig. 1 of Dyrland et al. 2022 as an instrument: where the current utility matrix lies
//! (eqs. 12–13), the matrix of any point the user drags to, and the admissible metrics'
//! landmarks.

use super::SpaceError;
use ulab_core::metrics::Metric;
use ulab_core::space::{self, Point};
use ulab_core::text;
use ulab_core::{Matrix, UtilityMatrix};

/// The current matrix as the panel beside the diagram shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct PointInfo {
    /// The matrix as typed (the user's units).
    pub typed: Matrix,
    /// Normalized by eq. 12: `(U − min U)/(max U − min U)`.
    pub normalized: Matrix,
    /// Its point `(x, y)` by eq. 13: `x = N11 − N00`, `y = N01 − N10`.
    pub xy: Point,
}

impl PointInfo {
    /// The normalized matrix for people: cells `, `, rows `; `, at most 4 decimals, typographic
    /// minus.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_state::space::point::point_info;
    /// let p = point_info(&UtilityMatrix::parse("15,-335;-35,165").unwrap()).unwrap();
    /// assert_eq!(p.normalized_text(), "0.7, 0; 0.6, 1");
    /// ```
    pub fn normalized_text(&self) -> String {
        self.normalized
            .to_rows()
            .iter()
            .map(|r| {
                r.iter()
                    .map(|v| text::number(*v, 4))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The coordinates for people: `(x, y)` with at most 4 decimals.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_state::space::point::point_info;
    /// let p = point_info(&UtilityMatrix::parse("15,-335;-35,165").unwrap()).unwrap();
    /// assert_eq!(p.coordinates_text(), "(0.3, \u{2212}0.6)");
    /// ```
    pub fn coordinates_text(&self) -> String {
        format!(
            "({}, {})",
            text::number(self.xy.0, 4),
            text::number(self.xy.1, 4)
        )
    }
}

/// The current matrix, normalized (eq. 12), and its point (eq. 13).
///
/// # Errors
/// Not 2 × 2 ([`SpaceError::NotBinary`]); all utilities equal, or a wrong decision worth more
/// than the right one (outside the space) — the core's errors.
///
/// # Examples
///
/// The factory matrix (Dyrland et al. 2022, eq. 4): normalized `[[0.7, 0], [0.6, 1]]`, point
/// `(0.3, −0.6)`, exactly.
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::space::point::point_info;
/// let p = point_info(&UtilityMatrix::parse("15,-335;-35,165").unwrap()).unwrap();
/// assert_eq!(p.normalized.data(), &[0.7, 0.0, 0.6, 1.0]);
/// assert_eq!(p.xy, (0.3, -0.6));
/// ```
pub fn point_info(u: &UtilityMatrix) -> Result<PointInfo, SpaceError> {
    binary(u)?;
    Ok(PointInfo {
        typed: u.matrix().clone(),
        normalized: u.normalized()?.matrix().clone(),
        xy: u.xy()?,
    })
}

/// Checks that `u` is 2 × 2.
pub(crate) fn binary(u: &UtilityMatrix) -> Result<(), SpaceError> {
    if u.n_decisions() != 2 || u.n_classes() != 2 {
        return Err(SpaceError::NotBinary {
            decisions: u.n_decisions(),
            classes: u.n_classes(),
        });
    }
    Ok(())
}

/// The point moved by `(dx, dy)` and kept in the hexagon (the arrow keys: e.g. `dx = ±0.01`),
/// sliding along an edge it runs into. `None` for non-finite input.
///
/// # Examples
///
/// ```
/// use ulab_state::space::point::moved;
/// assert_eq!(moved((0.3, -0.6), 0.0, 0.01), Some((0.3, -0.59)));
/// assert_eq!(moved((1.0, 0.5), 0.01, 0.0), Some((1.0, 0.5)));
/// assert_eq!(moved((0.0, 0.0), f64::NAN, 0.0), None);
/// ```
pub fn moved(p: Point, dx: f64, dy: f64) -> Option<Point> {
    space::clamp((p.0 + dx, p.1 + dy))
}

/// The utility matrix that the point `p` stands for, in the units of the current matrix `u`:
/// `p` is kept in the hexagon ([`space::clamp`]), rounded to multiples of `step` when
/// `step > 0` (e.g. `0.001`, so that the numbers stay short), mapped to its normalized matrix
/// `N` by eq. 13, then back to `u`'s scale, `min U + (max U − min U)·N` — an equivalent matrix
/// (eq. 11) with `u`'s best and worst utilities. Each entry is cleaned of floating-point noise
/// (12 significant digits, [`text::exported`]). A constant `u` has no scale: `N` itself.
///
/// # Errors
/// `u` not 2 × 2, `p` not finite, `step` negative or not finite.
///
/// # Examples
///
/// Dragging the factory point to the centre gives accuracy's matrix on the factory's scale:
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::space::point::matrix_at;
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// assert_eq!(matrix_at(&u, (0.0, 0.0), 0.001).unwrap().matrix().to_string(), "165,-335;-335,165");
/// assert_eq!(matrix_at(&u, (0.30004, -0.6), 0.001).unwrap(), u);
/// ```
pub fn matrix_at(u: &UtilityMatrix, p: Point, step: f64) -> Result<UtilityMatrix, SpaceError> {
    binary(u)?;
    if !(step.is_finite() && step >= 0.0) {
        return Err(super::error::bad_value(
            "step",
            &text::shortest(step),
            "a number ≥ 0",
        ));
    }
    let mut q = space::clamp(p).ok_or(ulab_core::CoreError::OutsideUtilitySpace)?;
    if step > 0.0 {
        let snapped = ((q.0 / step).round() * step, (q.1 / step).round() * step);
        q = space::clamp(snapped).unwrap_or(q);
    }
    let n = UtilityMatrix::from_xy(q.0, q.1)?;
    let (lo, hi) = (u.matrix().min(), u.matrix().max());
    let (lo, span) = if hi > lo { (lo, hi - lo) } else { (0.0, 1.0) };
    let m = n.matrix().map(|v| {
        let w = lo + span * v;
        text::parse_number(&text::exported(w)).unwrap_or(w)
    })?;
    Ok(UtilityMatrix::new(m)?)
}

/// An admissible metric's place in the space (Dyrland et al. 2022, §3.3).
#[derive(Debug, Clone, PartialEq)]
pub struct Landmark {
    /// The metric, e.g. "accuracy", "net benefit, p_t = 0.2".
    pub label: String,
    /// A short label for the diagram ("accuracy", "TPR", "TNR", "NB 0.2").
    pub short: String,
    /// Its point.
    pub point: Point,
    /// The utility matrix whose yield ranks as the metric does (eq. 17).
    pub matrix: Matrix,
}

/// The thresholds `p_t` at which net benefit's matrices are marked.
pub const NET_BENEFIT_THRESHOLDS: [f64; 3] = [0.1, 0.2, 0.5];

/// The admissible metrics' matrices as points, from the core's admissibility data
/// ([`Metric::admissibility`], [`UtilityMatrix::net_benefit`]): accuracy (the identity) at the
/// centre, the true-positive rate `[[1, 0], [0, 0]]` at `(−1, 0)`, the true-negative rate
/// `[[0, 0], [0, 1]]` at `(1, 0)`, and net benefit at each of [`NET_BENEFIT_THRESHOLDS`]:
/// `[[1, −p_t/(1 − p_t)], [0, 0]]` normalizes to `[[1, 0], [p_t, p_t]]`, the point
/// `(p_t − 1, −p_t)`.
///
/// # Examples
///
/// ```
/// use ulab_state::space::point::landmarks;
/// let l = landmarks();
/// let at = |s: &str| l.iter().find(|m| m.short == s).unwrap().point;
/// assert_eq!(at("accuracy"), (0.0, 0.0));
/// assert_eq!(at("TPR"), (-1.0, 0.0));
/// assert_eq!(at("TNR"), (1.0, 0.0));
/// assert_eq!(at("NB 0.5"), (-0.5, -0.5));
/// ```
pub fn landmarks() -> Vec<Landmark> {
    let mut out = Vec::new();
    for (metric, label, short) in [
        (Metric::Accuracy, "accuracy", "accuracy"),
        (Metric::Recall, "true-positive rate (recall)", "TPR"),
        (
            Metric::Specificity,
            "true-negative rate (specificity)",
            "TNR",
        ),
    ] {
        if let Some(u) = metric.admissibility(2).utility()
            && let Ok(point) = u.xy()
        {
            out.push(Landmark {
                label: label.into(),
                short: short.into(),
                point,
                matrix: u.matrix().clone(),
            });
        }
    }
    for p in NET_BENEFIT_THRESHOLDS {
        if let Ok(u) = UtilityMatrix::net_benefit(p)
            && let Ok(point) = u.xy()
        {
            out.push(Landmark {
                label: format!("net benefit, p_t = {}", text::number(p, 3)),
                short: format!("NB {}", text::number(p, 3)),
                point,
                matrix: u.matrix().clone(),
            });
        }
    }
    out
}

/// Net benefit's matrices as `p_t` runs over `(0, 1)`: the points of `n` thresholds
/// `p_t = k/(n + 1)`, `k = 1 … n` (a straight chord from the true-positive rate's corner
/// `(−1, 0)`, its limit `p_t → 0`, towards `(0, −1)`). At most 1000 points.
///
/// # Examples
///
/// ```
/// use ulab_state::space::point::net_benefit_curve;
/// let c = net_benefit_curve(3);
/// assert_eq!(c, vec![(-0.75, -0.25), (-0.5, -0.5), (-0.25, -0.75)]);
/// ```
pub fn net_benefit_curve(n: usize) -> Vec<Point> {
    let n = n.min(1000);
    (1..=n)
        .filter_map(|k| {
            let p = k as f64 / (n + 1) as f64;
            UtilityMatrix::net_benefit(p).ok()?.xy().ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eq_12_13_round_trip_on_corners_and_edges() {
        let mut pts: Vec<Point> = space::HEXAGON.to_vec();
        for i in 0..6 {
            let (a, b) = (space::HEXAGON[i], space::HEXAGON[(i + 1) % 6]);
            for t in [0.25, 0.5, 0.75] {
                pts.push((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)));
            }
        }
        pts.push((0.0, 0.0));
        for p in pts {
            let n = UtilityMatrix::from_xy(p.0, p.1).unwrap();
            // Any equivalent matrix (eq. 11) has the same point.
            let u = n.affine(37.5, -12.0).unwrap();
            let info = point_info(&u).unwrap();
            assert!(
                (info.xy.0 - p.0).abs() < 1e-12 && (info.xy.1 - p.1).abs() < 1e-12,
                "{p:?}"
            );
            assert!(info.normalized.approx_eq(n.matrix(), 1e-12), "{p:?}");
            let back = matrix_at(&u, p, 0.0).unwrap();
            assert!(back.is_equivalent(&u, 1e-9), "{p:?}");
        }
    }

    #[test]
    fn factory_round_trip_is_exact() {
        let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
        let info = point_info(&u).unwrap();
        let n = UtilityMatrix::from_xy(info.xy.0, info.xy.1).unwrap();
        assert_eq!(n.matrix(), &info.normalized);
        assert_eq!(matrix_at(&u, info.xy, 0.0).unwrap(), u);
    }

    #[test]
    fn refuses_what_has_no_point() {
        for bad in ["1,1;1,1", "0,1;1,0", "1,0,0;0,1,0;0,0,1", "1,0;0,1;0.5,0.5"] {
            assert!(
                point_info(&UtilityMatrix::parse(bad).unwrap()).is_err(),
                "{bad}"
            );
        }
        let u = UtilityMatrix::parse("1,0;0,1").unwrap();
        assert!(matrix_at(&u, (f64::NAN, 0.0), 0.0).is_err());
        assert!(matrix_at(&u, (0.0, 0.0), -1.0).is_err());
        let c = UtilityMatrix::parse("2,2;2,2").unwrap();
        assert_eq!(
            matrix_at(&c, (0.0, 0.0), 0.0).unwrap().matrix().to_string(),
            "1,0;0,1"
        );
    }
}
