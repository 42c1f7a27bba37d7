//! Iso-utility lines in ROC space (Dyrland et al. 2022, eqs. 22–25): the points `(f, t)` of
//! equal yield. With `B` the class-0 share the yield (eq. 22) is affine in `(f, t)`,
//!
//! `yield = α·t + β·f + γ`, `α = (U00 − U10)·B`, `β = −(U11 − U01)·(1 − B)`,
//! `γ = U10·B + U11·(1 − B)`,
//!
//! so its level sets are parallel lines, of slope `m = −β/α`
//! ([`iso_utility_slope`](ulab_core::roc::iso_utility_slope), eq. 24) when `α > 0`. These
//! functions also handle the degenerate matrices (`α ≤ 0`: vertical or falling lines; `α = β = 0`:
//! every point yields the same, no line).

use ulab_core::UtilityMatrix;

/// An iso-utility line clipped to the unit square.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IsoLine {
    /// The yield along the line.
    pub yield_value: f64,
    /// One end, `(f, t)`.
    pub from: (f64, f64),
    /// The other end, `(f, t)`.
    pub to: (f64, f64),
}

/// The coefficients `(α, β, γ)` of `yield = α·t + β·f + γ` (module doc) for a 2 × 2 `u`.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::roc::iso::coefficients;
/// let u = UtilityMatrix::parse("4,0;0,1").unwrap();
/// assert_eq!(coefficients(&u, 0.5), (2.0, -0.5, 0.5));
/// ```
pub fn coefficients(u: &UtilityMatrix, b: f64) -> (f64, f64, f64) {
    (
        (u.get(0, 0) - u.get(1, 0)) * b,
        -(u.get(1, 1) - u.get(0, 1)) * (1.0 - b),
        u.get(1, 0) * b + u.get(1, 1) * (1.0 - b),
    )
}

/// The line of points of yield `y` inside `[0, 1]²`: the solutions of `α·t + β·f + γ = y` on the
/// square's edges (`f = 0`, `f = 1`, `t = 0`, `t = 1`), the two farthest apart. `None` when the
/// line misses the square, only touches it at a corner, or the yield is constant (`α = β = 0`).
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::roc::iso::iso_line;
/// // diag(4, 1) at B = ½: yield = 2t − f/2 + ½, slope ¼; yield 1.5 is t = f/4 + ½.
/// let u = UtilityMatrix::parse("4,0;0,1").unwrap();
/// let l = iso_line(&u, 0.5, 1.5).unwrap();
/// assert_eq!((l.from, l.to), ((0.0, 0.5), (1.0, 0.75)));
/// assert!(iso_line(&u, 0.5, 9.0).is_none());
/// ```
pub fn iso_line(u: &UtilityMatrix, b: f64, y: f64) -> Option<IsoLine> {
    let (alpha, beta, gamma) = coefficients(u, b);
    let c = y - gamma;
    let mut pts: Vec<(f64, f64)> = Vec::with_capacity(4);
    let eps = 1e-12;
    let inside = |v: f64| v.is_finite() && (-eps..=1.0 + eps).contains(&v);
    if alpha != 0.0 {
        for f in [0.0, 1.0] {
            let t = (c - beta * f) / alpha;
            if inside(t) {
                pts.push((f, t.clamp(0.0, 1.0)));
            }
        }
    }
    if beta != 0.0 {
        for t in [0.0, 1.0] {
            let f = (c - alpha * t) / beta;
            if inside(f) {
                pts.push((f.clamp(0.0, 1.0), t));
            }
        }
    }
    // The two candidates farthest apart (the line's ends) and their distance.
    let mut ends = ((0.0, 0.0), (0.0, 0.0));
    let mut d = f64::NEG_INFINITY;
    for (i, p) in pts.iter().enumerate() {
        for q in &pts[i + 1..] {
            let dq = (p.0 - q.0).hypot(p.1 - q.1);
            if dq > d {
                (ends, d) = ((*p, *q), dq);
            }
        }
    }
    let (mut from, mut to) = ends;
    if !(d > 1e-9) {
        return None;
    }
    if (to.0, to.1) < (from.0, from.1) {
        std::mem::swap(&mut from, &mut to);
    }
    Some(IsoLine {
        yield_value: y,
        from,
        to,
    })
}

/// A family of iso-utility lines for the plot: the levels `anchor + k·Δ` (k = …, −1, 0, 1, …)
/// strictly inside the range of the yield over the square, `Δ` = that range / `count`; each
/// clipped by [`iso_line`]. With `anchor` the best classifier's optimal yield, its tangent is
/// one of the lines.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::roc::iso::iso_family;
/// let u = UtilityMatrix::parse("4,0;0,1").unwrap();
/// // Yield range over the square at B = ½: [0, 2.5]; Δ = 0.25.
/// let fam = iso_family(&u, 0.5, 2.0, 10);
/// assert!(fam.iter().any(|l| l.yield_value == 2.0));
/// assert!(fam.iter().all(|l| l.yield_value > 0.0 && l.yield_value < 2.5));
/// assert_eq!(fam.len(), 9);
/// ```
pub fn iso_family(u: &UtilityMatrix, b: f64, anchor: f64, count: usize) -> Vec<IsoLine> {
    let (alpha, beta, gamma) = coefficients(u, b);
    let corners = [gamma, gamma + alpha, gamma + beta, gamma + alpha + beta];
    let lo = corners.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = corners.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let count = count.clamp(1, 100);
    let step = (hi - lo) / count as f64;
    if !(step > 0.0) || !step.is_finite() {
        return Vec::new();
    }
    let anchor = if anchor.is_finite() && anchor >= lo && anchor <= hi {
        anchor
    } else {
        (lo + hi) / 2.0
    };
    let k_lo = ((lo - anchor) / step).floor() as i64;
    let k_hi = ((hi - anchor) / step).ceil() as i64;
    let tiny = step * 1e-9;
    (k_lo..=k_hi)
        .map(|k| anchor + k as f64 * step)
        .filter(|y| *y > lo + tiny && *y < hi - tiny)
        .filter_map(|y| iso_line(u, b, y))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(s: &str) -> UtilityMatrix {
        UtilityMatrix::parse(s).unwrap()
    }

    #[test]
    fn lines_are_level_sets_of_the_yield() {
        for (m, b) in [
            ("15,-335;-35,165", 0.5),
            ("4,0;0,1", 0.3),
            ("1,0;0,1", 0.8),
            ("0,0;0,1", 0.5),
            ("1,0;2,1", 0.5),
        ] {
            let um = u(m);
            for l in iso_family(&um, b, 0.0, 8) {
                for (f, t) in [l.from, l.to] {
                    let y = ulab_core::roc::yield_at(&um, b, f, t);
                    assert!((y - l.yield_value).abs() < 1e-9, "{m} {b}: {y} vs {l:?}");
                    assert!((0.0..=1.0).contains(&f) && (0.0..=1.0).contains(&t));
                }
            }
        }
    }

    #[test]
    fn degenerate_matrices() {
        // Constant yield: no line.
        assert!(iso_family(&u("1,1;1,1"), 0.5, 1.0, 8).is_empty());
        // U00 = U10: vertical lines f = const.
        let v = iso_line(&u("0,0;0,1"), 0.5, 0.25).unwrap();
        assert_eq!((v.from, v.to), ((0.5, 0.0), (0.5, 1.0)));
    }
}
