//! How far each utility may move, alone, before another classifier yields the most — for any
//! number of classes and decisions.
//!
//! **Derivation.** Yields are linear in the utility matrix: adding `δ` to the single entry
//! `U_rc` changes classifier `k`'s yield `Y_k = Σ_ij U_ij C^k_ij` by `δ·C^k_rc` (with `C^k` its
//! normalized confusion matrix, rows = decisions). The best classifier `W` stays best while
//! `Y_W − Y_k + δ(C^W_rc − C^k_rc) ≥ 0` for every `k`. Upwards (`δ > 0`) only the `k` with
//! `C^k_rc > C^W_rc` can catch up, at `δ = (Y_W − Y_k)/(C^k_rc − C^W_rc)`; downwards only those
//! with `C^k_rc < C^W_rc`, at `δ = −(Y_W − Y_k)/(C^W_rc − C^k_rc)`. The margin of the entry in
//! each direction is the nearest of these — an exact number in the user's own units, with the
//! classifier that catches up.

use crate::error::CoreError;
use crate::matrix::Matrix;

/// The change of one entry at which another contestant yields as much as the best one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Flip {
    /// The change `δ` (positive upwards, negative downwards), in the utility matrix's units.
    pub delta: f64,
    /// The contestant that then yields as much (and more beyond).
    pub rival: usize,
}

/// The margins of one entry `U_rc` (row = decision `r`, column = true class `c`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EntryMargin {
    /// The decision (row).
    pub row: usize,
    /// The true class (column).
    pub col: usize,
    /// The nearest flip downwards, if any (`delta ≤ 0`).
    pub down: Option<Flip>,
    /// The nearest flip upwards, if any (`delta ≥ 0`).
    pub up: Option<Flip>,
}

/// The best contestant and each contestant's yield, `Y_k = Σ_ij U_ij C^k_ij`. Among yields
/// within `10⁻¹²·max|Y|` of the highest, the first contestant is best.
///
/// # Errors
/// No contestant, or a contestant whose shape differs from `u`'s.
///
/// # Examples
///
/// ```
/// use ulab_core::Matrix;
/// use ulab_core::space::margins::best;
/// let u = Matrix::parse("15,-335;-35,165").unwrap();
/// let a = Matrix::parse("0.27,0.15;0.23,0.35").unwrap();
/// let b = Matrix::parse("0.43,0.18;0.07,0.32").unwrap();
/// let (w, y) = best(&u, &[a, b]).unwrap();
/// assert_eq!(w, 0);
/// assert!((y[0] - 3.5).abs() < 1e-12 && (y[1] + 3.5).abs() < 1e-12);
/// ```
pub fn best(u: &Matrix, contestants: &[Matrix]) -> Result<(usize, Vec<f64>), CoreError> {
    if contestants.is_empty() {
        return Err(CoreError::TooSmall {
            what: "contestants",
            found: 0,
            min: 1,
        });
    }
    let mut yields = Vec::with_capacity(contestants.len());
    for c in contestants {
        if c.rows() != u.rows() || c.cols() != u.cols() {
            return Err(CoreError::DimensionMismatch {
                expected: format!("{} × {}", u.rows(), u.cols()),
                found: format!("{} × {}", c.rows(), c.cols()),
            });
        }
        yields.push(
            u.data()
                .iter()
                .zip(c.data())
                .map(|(a, b)| a * b)
                .sum::<f64>(),
        );
    }
    let scale = yields.iter().fold(0.0f64, |m, y| m.max(y.abs()));
    let eps = 1e-12 * scale;
    let mut w = 0;
    for (k, y) in yields.iter().enumerate() {
        if *y > yields[w] + eps {
            w = k;
        }
    }
    Ok((w, yields))
}

/// For every entry of `u` (row-major), the nearest changes of that entry alone, down and up,
/// at which another contestant yields as much as the best one (see the module's derivation);
/// with the best contestant. Contestants are normalized confusion matrices of `u`'s shape
/// (rows = decisions; an extra decision no classifier outputs is a row of zeros). A margin is
/// `None` when no single change of that entry in that direction lets anyone catch up
/// (contestants whose entries differ by less than `10⁻¹⁵` count as equal there); `0` when
/// someone already ties (yields within `10⁻¹²·max|Y|`).
///
/// # Errors
/// As [`best`].
///
/// # Examples
///
/// The factory (Dyrland et al. 2022): A earns 3.5 €, B loses 3.5 €; raising the utility of
/// deciding "long" for a "short" component (`U01 = −335`, where B's 0.18 exceeds A's 0.15) by
/// `7/0.03 ≈ 233` makes B as good.
///
/// ```
/// use ulab_core::Matrix;
/// use ulab_core::space::margins::entry_margins;
/// let u = Matrix::parse("15,-335;-35,165").unwrap();
/// let a = Matrix::parse("0.27,0.15;0.23,0.35").unwrap();
/// let b = Matrix::parse("0.43,0.18;0.07,0.32").unwrap();
/// let (w, m) = entry_margins(&u, &[a, b]).unwrap();
/// assert_eq!(w, 0);
/// let u01 = m[1];
/// assert_eq!((u01.row, u01.col, u01.down), (0, 1, None));
/// let up = u01.up.unwrap();
/// assert_eq!(up.rival, 1);
/// assert!((up.delta - 7.0 / 0.03).abs() < 1e-9);
/// ```
pub fn entry_margins(
    u: &Matrix,
    contestants: &[Matrix],
) -> Result<(usize, Vec<EntryMargin>), CoreError> {
    let (w, yields) = best(u, contestants)?;
    let eps = 1e-12 * yields.iter().fold(0.0f64, |m, y| m.max(y.abs()));
    let cw = &contestants[w];
    let mut out = Vec::with_capacity(u.rows() * u.cols());
    for r in 0..u.rows() {
        for c in 0..u.cols() {
            let mut m = EntryMargin {
                row: r,
                col: c,
                down: None,
                up: None,
            };
            for (k, ck) in contestants.iter().enumerate() {
                if k == w {
                    continue;
                }
                let diff = ck.get(r, c) - cw.get(r, c);
                let gap = yields[w] - yields[k];
                let gap = if gap > eps { gap } else { 0.0 };
                if diff > 1e-15 {
                    let delta = gap / diff;
                    if m.up.is_none_or(|f| delta < f.delta) {
                        m.up = Some(Flip { delta, rival: k });
                    }
                } else if diff < -1e-15 {
                    let delta = gap / diff; // ≤ 0
                    if m.down.is_none_or(|f| delta > f.delta) {
                        m.down = Some(Flip { delta, rival: k });
                    }
                }
            }
            out.push(m);
        }
    }
    Ok((w, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flips_are_where_yields_meet() {
        // Three classes, three contestants: moving each entry by its margin makes the rival tie.
        let u = Matrix::parse("3,0,-1;0,2,0;-2,1,1").unwrap();
        let cs: Vec<Matrix> = [
            "0.3,0.05,0.02;0.02,0.25,0.03;0.01,0.03,0.29",
            "0.25,0.02,0.01;0.05,0.3,0.02;0.03,0.01,0.31",
            "0.33,0.1,0.1;0.0,0.2,0.0;0.0,0.03,0.24",
        ]
        .iter()
        .map(|s| Matrix::parse(s).unwrap())
        .collect();
        let (w, margins) = entry_margins(&u, &cs).unwrap();
        for m in &margins {
            for f in [m.down, m.up].into_iter().flatten() {
                let mut v = u.data().to_vec();
                v[m.row * 3 + m.col] += f.delta;
                let moved = Matrix::new(3, 3, v).unwrap();
                let (_, y) = best(&moved, &cs).unwrap();
                assert!((y[w] - y[f.rival]).abs() < 1e-9, "{m:?}");
                assert!(y.iter().all(|v| *v <= y[w] + 1e-9));
            }
        }
    }

    #[test]
    fn identical_contestants_never_flip() {
        let u = Matrix::parse("1,0;0,1").unwrap();
        let c = Matrix::parse("0.4,0.1;0.1,0.4").unwrap();
        let (w, m) = entry_margins(&u, &[c.clone(), c]).unwrap();
        assert_eq!(w, 0);
        assert!(m.iter().all(|e| e.up.is_none() && e.down.is_none()));
        assert!(entry_margins(&u, &[]).is_err());
        assert!(entry_margins(&u, &[Matrix::zeros(3, 3).unwrap()]).is_err());
    }
}
