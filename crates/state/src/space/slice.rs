//! More than two classes: no 2-D picture of the whole space of utility matrices exists (for
//! `n` classes it has `n² − 2` dimensions after eq. 12's normalization). A **slice** varies
//! two entries of the utility matrix over ranges and keeps the others fixed; on it, every
//! yield `Y_k = Σ_ij U_ij C^k_ij` is affine in the two varied entries, so the winner regions
//! are exact convex polygons and their boundaries straight lines. Works for any shape of
//! utility matrix, binary too.
//!
//! **Link syntax** (`uslice`): the matrix syntax with two rows `row,column,low,high`, indices
//! from 0 as `U_ij` in Dyrland et al. 2022 — `0,1,-500,0;1,0,-100,100` varies `U01` from −500
//! to 0 and `U10` from −100 to 100.

use super::SpaceError;
use super::error::bad_value;
use super::regions::{Contestant, WinnerMap};
use crate::edit::text::{Rule, read_syntax};
use serde::{Deserialize, Serialize};
use ulab_core::space::field::AffineField;
use ulab_core::space::{Affine, Point};
use ulab_core::text;
use ulab_core::{Matrix, UtilityMatrix};

/// One varied entry `U_rc` and its range `[lo, hi]`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Axis {
    /// The decision (row), from 0.
    pub row: usize,
    /// The true class (column), from 0.
    pub col: usize,
    /// The range's low end.
    pub lo: f64,
    /// The range's high end (`> lo`).
    pub hi: f64,
}

/// A 2-D slice: entry `x` across, entry `y` up.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Slice {
    /// The entry along the horizontal axis.
    pub x: Axis,
    /// The entry along the vertical axis.
    pub y: Axis,
}

impl Slice {
    /// The slice through `u` varying entries `a` (across) and `b` (up), each over its current
    /// value `± (max U − min U)` (`± 1` for a constant `u`): a window as wide as the spread of
    /// the utilities, centred on the current matrix.
    ///
    /// # Errors
    /// As [`Slice::check`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// use ulab_state::space::slice::Slice;
    /// let u = Matrix::parse("3,0,0;0,2,0;0,0,1").unwrap();
    /// let s = Slice::around(&u, (0, 1), (2, 0)).unwrap();
    /// assert_eq!((s.x.lo, s.x.hi, s.y.lo, s.y.hi), (-3.0, 3.0, -3.0, 3.0));
    /// assert!(Slice::around(&u, (0, 1), (0, 1)).is_err());
    /// ```
    pub fn around(u: &Matrix, a: (usize, usize), b: (usize, usize)) -> Result<Slice, SpaceError> {
        let span = u.max() - u.min();
        let span = if span > 0.0 && span.is_finite() {
            span
        } else {
            1.0
        };
        let axis = |(row, col): (usize, usize)| {
            let v = if row < u.rows() && col < u.cols() {
                u.get(row, col)
            } else {
                0.0
            };
            Axis {
                row,
                col,
                lo: v - span,
                hi: v + span,
            }
        };
        let s = Slice {
            x: axis(a),
            y: axis(b),
        };
        s.check(u)?;
        Ok(s)
    }

    /// Checks the slice against `u`: two different entries inside `u`, finite ranges with
    /// `lo < hi`.
    ///
    /// # Errors
    /// [`SpaceError::Value`] naming what is wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// use ulab_state::space::slice::parse_slice;
    /// let u = Matrix::parse("1,0;0,1").unwrap();
    /// assert!(parse_slice("0,1,-1,1;1,0,-1,1").unwrap().check(&u).is_ok());
    /// assert!(parse_slice("0,1,-1,1;2,0,-1,1").unwrap().check(&u).is_err());
    /// ```
    pub fn check(&self, u: &Matrix) -> Result<(), SpaceError> {
        for a in [self.x, self.y] {
            if a.row >= u.rows() || a.col >= u.cols() {
                return Err(bad_value(
                    "slice",
                    &format!("{},{}", a.row, a.col),
                    &format!("an entry of the {} × {} utility matrix", u.rows(), u.cols()),
                ));
            }
            if !(a.lo.is_finite() && a.hi.is_finite() && a.lo < a.hi) {
                return Err(bad_value(
                    "slice range",
                    &format!("{} to {}", text::shortest(a.lo), text::shortest(a.hi)),
                    "a range from a lower to a higher number",
                ));
            }
        }
        if (self.x.row, self.x.col) == (self.y.row, self.y.col) {
            return Err(bad_value(
                "slice",
                &format!("{},{}", self.x.row, self.x.col),
                "two different entries",
            ));
        }
        Ok(())
    }

    /// Where `u` lies on the slice: its two entries `(U_x, U_y)` (possibly outside the ranges).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// use ulab_state::space::slice::parse_slice;
    /// let u = Matrix::parse("15,-335;-35,165").unwrap();
    /// assert_eq!(parse_slice("0,1,-500,0;1,0,-100,100").unwrap().point(&u), Some((-335.0, -35.0)));
    /// ```
    pub fn point(&self, u: &Matrix) -> Option<Point> {
        self.check(u).ok()?;
        Some((u.get(self.x.row, self.x.col), u.get(self.y.row, self.y.col)))
    }

    /// The utility matrix at point `p` of the slice: `u` with `U_x = p.0`, `U_y = p.1` (for a
    /// click or a drag on the slice).
    ///
    /// # Errors
    /// An invalid slice for `u`, or a non-finite `p`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_state::space::slice::parse_slice;
    /// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
    /// let s = parse_slice("0,1,-500,0;1,0,-100,100").unwrap();
    /// assert_eq!(s.matrix_at(&u, (-300.0, 0.0)).unwrap().matrix().to_string(), "15,-300;0,165");
    /// ```
    pub fn matrix_at(&self, u: &UtilityMatrix, p: Point) -> Result<UtilityMatrix, SpaceError> {
        self.check(u.matrix())?;
        let mut v = u.matrix().data().to_vec();
        let cols = u.n_classes();
        v[self.x.row * cols + self.x.col] = p.0;
        v[self.y.row * cols + self.y.col] = p.1;
        Ok(UtilityMatrix::new(Matrix::new(u.n_decisions(), cols, v)?)?)
    }
}

/// Reads the `uslice` syntax (see the module's doc): two rows of `row,column,low,high`.
///
/// # Errors
/// Not two rows of four numbers, indices not whole numbers ≥ 0, a range not `low < high`.
///
/// # Examples
///
/// ```
/// use ulab_state::space::slice::{format_slice, parse_slice};
/// let s = parse_slice("0,1,-500,0; 1,0,-100,100").unwrap();
/// assert_eq!((s.y.row, s.y.col, s.y.lo, s.y.hi), (1, 0, -100.0, 100.0));
/// assert_eq!(format_slice(&s), "0,1,-500,0;1,0,-100,100");
/// assert!(parse_slice("0,1,5,-5;1,0,0,1").is_err());
/// assert!(parse_slice("0.5,1,0,1;1,0,0,1").is_err());
/// ```
pub fn parse_slice(text: &str) -> Result<Slice, SpaceError> {
    let expected = "two rows row,column,low,high (e.g. 0,1,-500,0;1,0,-100,100)";
    let m = read_syntax(text, Rule::Any).map_err(|_| bad_value("slice", text, expected))?;
    if m.rows() != 2 || m.cols() != 4 {
        return Err(bad_value("slice", text, expected));
    }
    let index = |v: f64| {
        (v >= 0.0 && v.fract() == 0.0 && v < ulab_core::matrix::MAX_DIM as f64)
            .then_some(v as usize)
            .ok_or_else(|| bad_value("slice", text, "whole row and column numbers from 0"))
    };
    let mut axes = Vec::with_capacity(2);
    for r in 0..2 {
        let (lo, hi) = (m.get(r, 2), m.get(r, 3));
        if !(lo < hi) {
            return Err(bad_value(
                "slice range",
                &format!("{} to {}", text::shortest(lo), text::shortest(hi)),
                "a range from a lower to a higher number",
            ));
        }
        axes.push(Axis {
            row: index(m.get(r, 0))?,
            col: index(m.get(r, 1))?,
            lo,
            hi,
        });
    }
    Ok(Slice {
        x: axes[0],
        y: axes[1],
    })
}

/// Writes a slice in the `uslice` syntax; [`parse_slice`] reads it back.
///
/// # Examples
///
/// ```
/// use ulab_state::space::slice::{format_slice, parse_slice};
/// let s = parse_slice("2,0,-1.5,0.25;0,2,0,3").unwrap();
/// assert_eq!(parse_slice(&format_slice(&s)).unwrap(), s);
/// ```
pub fn format_slice(s: &Slice) -> String {
    let row = |a: &Axis| {
        format!(
            "{},{},{},{}",
            a.row,
            a.col,
            text::shortest(a.lo),
            text::shortest(a.hi)
        )
    };
    format!("{};{}", row(&s.x), row(&s.y))
}

/// The winner map on a slice: one rectangular cell, each contestant's yield
/// `Y_k(s, t) = Y_k(u) + (s − U_x)·C^k_x + (t − U_y)·C^k_y` in the user's units.
///
/// # Errors
/// An invalid slice for `u`; no contestant; contestants of another shape than `u`.
///
/// # Examples
///
/// Three classes: on the slice of `U01` and `U20` through the identity, the regions agree with
/// the yields computed directly.
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_core::utility::rank_classifiers;
/// use ulab_state::space::regions::{contestants, Trivial};
/// use ulab_state::space::slice::{slice_map, Slice};
/// let u = UtilityMatrix::identity(3).unwrap();
/// let p = ConfusionMatrix::parse("40,2,9;6,10,1;3,1,20", Orientation::OutputRows).unwrap();
/// let q = ConfusionMatrix::parse("30,1,1;12,12,2;7,0,27", Orientation::OutputRows).unwrap();
/// let cs = contestants(&u, &[("P".into(), p.clone()), ("Q".into(), q.clone())], Trivial::Exclude, &[]).unwrap();
/// let s = Slice::around(u.matrix(), (0, 1), (2, 0)).unwrap();
/// let map = slice_map(&u, cs, &s).unwrap();
/// let at = (0.5, -0.5);
/// let (_, order) = rank_classifiers(&s.matrix_at(&u, at).unwrap(), &[p, q]).unwrap();
/// assert_eq!(map.winner_at(at), Some(order[0]));
/// ```
pub fn slice_map(
    u: &UtilityMatrix,
    contestants: Vec<Contestant>,
    slice: &Slice,
) -> Result<WinnerMap, SpaceError> {
    slice.check(u.matrix())?;
    if contestants.is_empty() {
        return Err(SpaceError::NoClassifier);
    }
    let (ux, uy) = (
        u.get(slice.x.row, slice.x.col),
        u.get(slice.y.row, slice.y.col),
    );
    let mut values = Vec::with_capacity(contestants.len());
    for c in &contestants {
        let m = &c.confusion;
        if (m.rows(), m.cols()) != (u.n_decisions(), u.n_classes()) {
            return Err(SpaceError::Mismatch {
                name: c.name.clone(),
                found: m.cols(),
                expected: u.n_classes(),
            });
        }
        let y: f64 = u
            .matrix()
            .data()
            .iter()
            .zip(m.data())
            .map(|(a, b)| a * b)
            .sum();
        let (cx, cy) = (
            m.get(slice.x.row, slice.x.col),
            m.get(slice.y.row, slice.y.col),
        );
        values.push(Affine {
            c: y - ux * cx - uy * cy,
            x: cx,
            y: cy,
        });
    }
    let (x, y) = (slice.x, slice.y);
    let rect = vec![(x.lo, y.lo), (x.hi, y.lo), (x.hi, y.hi), (x.lo, y.hi)];
    let field = AffineField::new(vec![(rect, values)])?;
    Ok(WinnerMap::new(contestants, field))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_rejects_garbage() {
        for bad in [
            "",
            "0,1,0,1",
            "0,1,0,1;1,0,0",
            "a,1,0,1;1,0,0,1",
            "0,1,0,1;-1,0,0,1",
            "0,1,0,0;1,0,0,1",
        ] {
            assert!(parse_slice(bad).is_err(), "{bad:?}");
        }
        let u = Matrix::parse("1,0;0,1").unwrap();
        let s = parse_slice("0,0,0,1;0,0,0,1").unwrap();
        assert!(s.check(&u).is_err());
        assert_eq!(s.point(&u), None);
    }
}
