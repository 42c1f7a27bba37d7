//! Utility matrices (rows = decisions, columns = true classes), utility yields, rankings.
//!
//! (Just over 500 lines: the constructor with its range, normalization, equivalence, the
//! binary coordinates, yields and expected matrices share one type; most of the length is
//! formula documentation and doctests.)

use super::confusion::ConfusionMatrix;
use super::error::{CoreError, RangeKind, check_range};
use super::limits::{MAX_CLASSES, MAX_UTILITY};
use super::matrix::Matrix;
use serde::{Deserialize, Serialize};

/// A utility matrix `U`: `U_dc` is the utility of decision `d` when the true class is `c`.
///
/// It may be rectangular (`n_d × n_c`, more decisions than classes, e.g. an extra "refer to an
/// expert" decision); decision `i < n_c` corresponds to class `i`.
///
/// # Examples
///
/// The factory's utilities (Dyrland et al. 2022, eq. 4), in € per component:
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let b = ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap();
/// assert!((u.yield_of(&a).unwrap() - 3.5).abs() < 1e-12);
/// assert!((u.yield_of(&b).unwrap() + 3.5).abs() < 1e-12);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "UtilityFields")]
pub struct UtilityMatrix {
    m: Matrix,
}

/// The fields of a [`UtilityMatrix`] as they are written; deserialized through
/// [`UtilityMatrix::new`].
#[derive(Deserialize)]
struct UtilityFields {
    m: Matrix,
}

impl TryFrom<UtilityFields> for UtilityMatrix {
    type Error = CoreError;

    fn try_from(f: UtilityFields) -> Result<UtilityMatrix, CoreError> {
        UtilityMatrix::new(f.m)
    }
}

impl UtilityMatrix {
    /// A utility matrix with at least 2 decisions and 2 to [`MAX_CLASSES`] classes, every
    /// entry in `[−10¹⁵, 10¹⁵]` ([`MAX_UTILITY`]: so that no yield, expected utility or
    /// threshold overflows).
    ///
    /// # Errors
    /// Fewer than 2 rows or columns, more than [`MAX_CLASSES`] columns, or an entry beyond
    /// ±10¹⁵ ([`CoreError::OutOfRange`]).
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// let e = UtilityMatrix::parse("1.7976931348623157e308,0;0,1").unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "row 1, cell 1: 1.7976931348623157e308 is beyond ±10¹⁵, the largest utility supported"
    /// );
    /// assert!(UtilityMatrix::parse("-1e15,0;0,1e-320").is_ok());
    /// ```
    pub fn new(m: Matrix) -> Result<UtilityMatrix, CoreError> {
        if m.cols() > MAX_CLASSES {
            return Err(CoreError::TooLarge {
                what: "classes (columns)",
                found: m.cols(),
                max: MAX_CLASSES,
            });
        }
        if let Some(k) = m.data().iter().position(|v| !(v.abs() <= MAX_UTILITY)) {
            return Err(CoreError::OutOfRange {
                row: k / m.cols(),
                col: k % m.cols(),
                value: m.data()[k],
                kind: RangeKind::Utility,
            });
        }
        if m.cols() < 2 {
            return Err(CoreError::TooSmall {
                what: "classes (columns)",
                found: m.cols(),
                min: 2,
            });
        }
        if m.rows() < 2 {
            return Err(CoreError::TooSmall {
                what: "decisions (rows)",
                found: m.rows(),
                min: 2,
            });
        }
        Ok(UtilityMatrix { m })
    }

    /// Parses the matrix syntax, rows = decisions.
    pub fn parse(text: &str) -> Result<UtilityMatrix, CoreError> {
        UtilityMatrix::new(Matrix::parse(text)?)
    }

    /// The `n × n` identity: the utility matrix equivalent to accuracy.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// assert_eq!(UtilityMatrix::identity(3).unwrap().matrix().to_string(), "1,0,0;0,1,0;0,0,1");
    /// ```
    pub fn identity(n: usize) -> Result<UtilityMatrix, CoreError> {
        UtilityMatrix::new(Matrix::identity(n)?)
    }

    /// The underlying matrix.
    pub fn matrix(&self) -> &Matrix {
        &self.m
    }

    /// Number of decisions `n_d` (rows).
    pub fn n_decisions(&self) -> usize {
        self.m.rows()
    }

    /// Number of classes `n_c` (columns).
    pub fn n_classes(&self) -> usize {
        self.m.cols()
    }

    /// Whether it is square.
    pub fn is_square(&self) -> bool {
        self.m.rows() == self.m.cols()
    }

    /// `U_dc`.
    pub fn get(&self, d: usize, c: usize) -> f64 {
        self.m.get(d, c)
    }

    /// Normalization to [0, 1] (Dyrland et al. 2022, eq. 12): `U ↦ (U − min U) / (max U − min U)`.
    ///
    /// # Errors
    /// [`CoreError::ConstantUtility`] if all entries are equal.
    ///
    /// # Examples
    ///
    /// The medical matrix (eq. 6) and the factory one (eq. 4) normalize to the same matrix:
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// let factory = UtilityMatrix::parse("15,-335;-35,165").unwrap().normalized().unwrap();
    /// let medical = UtilityMatrix::parse("350,0;300,500").unwrap().normalized().unwrap();
    /// assert!(factory.matrix().approx_eq(medical.matrix(), 1e-12));
    /// assert_eq!(medical.matrix().to_string(), "0.7,0;0.6,1");
    /// ```
    pub fn normalized(&self) -> Result<UtilityMatrix, CoreError> {
        let (lo, hi) = (self.m.min(), self.m.max());
        let span = hi - lo;
        if !(span > 0.0) {
            return Err(CoreError::ConstantUtility);
        }
        Ok(UtilityMatrix {
            m: self.m.map(|v| (v - lo) / span)?,
        })
    }

    /// The affine image `a·U + b` with `a > 0` (eq. 11): an equivalent utility matrix.
    ///
    /// # Errors
    /// `a ≤ 0`, or a non-finite result.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
    /// let medical = u.affine(1.0, 335.0).unwrap();
    /// assert_eq!(medical.matrix().to_string(), "350,0;300,500");
    /// assert!(u.affine(-1.0, 0.0).is_err());
    /// ```
    pub fn affine(&self, a: f64, b: f64) -> Result<UtilityMatrix, CoreError> {
        if !(a > 0.0) || !a.is_finite() {
            return Err(CoreError::InvalidParameter {
                name: "a",
                value: a,
                expected: "a > 0",
            });
        }
        check_range("b", b, f64::MIN, f64::MAX, "a finite number")?;
        Ok(UtilityMatrix {
            m: self.m.map(|v| a * v + b)?,
        })
    }

    /// Whether `other = a·self + b` for some `a > 0` and `b` (eq. 11), i.e. both describe the
    /// same decision problem. Compares the normalized matrices entry by entry within `tol`;
    /// two constant matrices of the same shape are equivalent.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
    /// let medical = UtilityMatrix::parse("350,0;300,500").unwrap();
    /// let variant = UtilityMatrix::parse("45,-335;-65,165").unwrap();
    /// assert!(u.is_equivalent(&medical, 1e-9));
    /// assert!(!u.is_equivalent(&variant, 1e-9));
    /// ```
    pub fn is_equivalent(&self, other: &UtilityMatrix, tol: f64) -> bool {
        if self.m.rows() != other.m.rows() || self.m.cols() != other.m.cols() {
            return false;
        }
        match (self.normalized(), other.normalized()) {
            (Ok(a), Ok(b)) => a.m.approx_eq(&b.m, tol),
            (Err(_), Err(_)) => true,
            _ => false,
        }
    }

    /// The binary utility matrix at coordinates `(x, y)` of the space of fig. 1 (Dyrland et al. 2022,
    /// eq. 13):
    ///
    /// ```text
    /// ⎡ 1 − x·δ(x>0)    y·δ(y>0)    ⎤
    /// ⎣ −y·δ(y<0)       1 + x·δ(x<0)⎦
    /// ```
    ///
    /// The centre `(0, 0)` is the identity (accuracy); `(1, 0)` is `[[0,0],[0,1]]` (TNR);
    /// `(−1, 0)` is `[[1,0],[0,0]]` (TPR).
    ///
    /// # Errors
    /// A point outside the hexagon `|x| ≤ 1, |y| ≤ 1, |y − x| ≤ 1`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// let u = UtilityMatrix::from_xy(0.5, -0.25).unwrap();
    /// assert_eq!(u.matrix().to_string(), "0.5,0;0.25,1");
    /// assert_eq!(u.xy().unwrap(), (0.5, -0.25));
    /// assert!(UtilityMatrix::from_xy(-0.8, 0.5).is_err());
    /// ```
    pub fn from_xy(x: f64, y: f64) -> Result<UtilityMatrix, CoreError> {
        check_range("x", x, -1.0, 1.0, "−1 ≤ x ≤ 1")?;
        check_range("y", y, -1.0, 1.0, "−1 ≤ y ≤ 1")?;
        if (y - x).abs() > 1.0 {
            return Err(CoreError::OutsideUtilitySpace);
        }
        let pos = |v: f64| if v > 0.0 { v } else { 0.0 };
        let neg = |v: f64| if v < 0.0 { -v } else { 0.0 };
        UtilityMatrix::new(Matrix::new(
            2,
            2,
            vec![1.0 - pos(x), pos(y), neg(y), 1.0 - neg(x)],
        )?)
    }

    /// The coordinates `(x, y)` of a binary utility matrix in the space of fig. 1, the inverse
    /// of [`UtilityMatrix::from_xy`] up to equivalence: with `N` the normalized matrix,
    /// `x = N11 − N00 = (U11 − U00)/(max U − min U)` and `y = N01 − N10`.
    ///
    /// # Errors
    /// Not 2 × 2, constant, or a misclassification rewarded above a correct classification
    /// (`U10 > U00` or `U01 > U11`): such matrices lie outside the space.
    ///
    /// # Examples
    ///
    /// The factory matrix lies at `x = 0.3`, `y = −0.6`... after normalization by 500:
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// let (x, y) = UtilityMatrix::parse("15,-335;-35,165").unwrap().xy().unwrap();
    /// assert_eq!((x, y), (0.3, -0.6));
    /// ```
    pub fn xy(&self) -> Result<(f64, f64), CoreError> {
        if self.m.rows() != 2 || self.m.cols() != 2 {
            return Err(CoreError::DimensionMismatch {
                expected: "a 2 × 2 utility matrix".into(),
                found: format!("{} × {}", self.m.rows(), self.m.cols()),
            });
        }
        // Differences of the entries divided by the range, `(U11 − U00)/(max − min)`: one
        // rounding less than normalizing first, so that e.g. the factory matrix lies exactly at
        // (0.3, −0.6). A range that overflows is normalized first.
        let span = self.m.max() - self.m.min();
        let m = if span.is_finite() {
            self.m.clone()
        } else {
            self.normalized()?.m
        };
        let span = m.max() - m.min();
        if !(span > 0.0) {
            return Err(CoreError::ConstantUtility);
        }
        let d = |a: (usize, usize), b: (usize, usize)| (m.get(a.0, a.1) - m.get(b.0, b.1)) / span;
        // Rounding can put a point built on the hexagon's edge a hair outside it: allow 1e-9
        // of the utility range, then snap onto the hexagon.
        let tol = 1e-9;
        if d((1, 0), (0, 0)) > tol || d((0, 1), (1, 1)) > tol {
            return Err(CoreError::OutsideUtilitySpace);
        }
        let x = d((1, 1), (0, 0)).clamp(-1.0, 1.0);
        let y = d((0, 1), (1, 0)).clamp(-1.0, 1.0);
        let y = y.clamp(x - 1.0, x + 1.0);
        Ok((x, y))
    }

    /// The utility yield of a classifier (Dyrland et al. 2022, eq. 10): `Σ_ij U_ij C_ij`, the average
    /// utility per item, with `C` the normalized confusion matrix. Output `i` is decision `i`.
    ///
    /// # Errors
    /// The classifier's number of classes differs from `n_c`, or exceeds `n_d`.
    pub fn yield_of(&self, cm: &ConfusionMatrix) -> Result<f64, CoreError> {
        let n = cm.n();
        if n != self.n_classes() || n > self.n_decisions() {
            return Err(CoreError::DimensionMismatch {
                expected: format!(
                    "a classifier with {} classes (the utility matrix's columns)",
                    self.n_classes()
                ),
                found: format!("{n} classes"),
            });
        }
        let mut s = 0.0;
        for i in 0..n {
            for j in 0..n {
                s += self.get(i, j) * cm.get(i, j);
            }
        }
        Ok(s / cm.total())
    }

    /// The total utility `N · yield = Σ_ij U_ij M_ij` over the test set's `N` items.
    pub fn total_yield_of(&self, cm: &ConfusionMatrix) -> Result<f64, CoreError> {
        Ok(self.yield_of(cm)? * cm.total())
    }

    /// The yields of the trivial classifiers "always decide `d`", one per decision, given the
    /// class shares `f`: `Σ_c U_dc f_c`. They are the reference points any useful classifier
    /// should beat.
    ///
    /// # Errors
    /// `shares` has the wrong length, a negative entry, or does not sum to 1 (within 1e-6).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
    /// assert_eq!(u.trivial_yields(&[0.5, 0.5]).unwrap(), vec![-160.0, 65.0]);
    /// ```
    pub fn trivial_yields(&self, shares: &[f64]) -> Result<Vec<f64>, CoreError> {
        check_shares("class shares", shares, self.n_classes())?;
        Ok(self.expected_utilities_unchecked(shares))
    }

    /// `Σ_c U_dc p_c` for each decision, without checks.
    pub(crate) fn expected_utilities_unchecked(&self, p: &[f64]) -> Vec<f64> {
        (0..self.n_decisions())
            .map(|d| self.m.row(d).iter().zip(p).map(|(u, p)| u * p).sum())
            .collect()
    }

    /// The expected utility matrix of uncertain utilities (Dyrland et al. 2022, eqs. 18–19):
    /// `Û = Σ_a q_a U⁽ᵃ⁾`, with the weights `q_a` normalized to sum to 1.
    ///
    /// # Errors
    /// No matrices, shapes differ, a negative weight or all weights zero.
    ///
    /// # Examples
    ///
    /// Complete, symmetric uncertainty between TPR's and TNR's matrices gives a matrix
    /// equivalent to accuracy's:
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// let tpr = UtilityMatrix::parse("1,0;0,0").unwrap();
    /// let tnr = UtilityMatrix::parse("0,0;0,1").unwrap();
    /// let e = UtilityMatrix::expected(&[(1.0, tpr), (1.0, tnr)]).unwrap();
    /// assert!(e.is_equivalent(&UtilityMatrix::identity(2).unwrap(), 1e-12));
    /// ```
    pub fn expected(weighted: &[(f64, UtilityMatrix)]) -> Result<UtilityMatrix, CoreError> {
        let (_, first) = weighted.first().ok_or(CoreError::Empty)?;
        let (rows, cols) = (first.n_decisions(), first.n_classes());
        // The weights are divided by the largest first, so that huge weights cannot overflow
        // their sum or the products.
        let w_max = weighted.iter().map(|(w, _)| *w).fold(0.0, f64::max);
        let mut total_w = 0.0;
        let mut acc = vec![0.0; rows * cols];
        for (w, u) in weighted {
            if !(*w >= 0.0) || !w.is_finite() {
                return Err(CoreError::InvalidParameter {
                    name: "probability",
                    value: *w,
                    expected: "a non-negative number",
                });
            }
            if u.n_decisions() != rows || u.n_classes() != cols {
                return Err(CoreError::DimensionMismatch {
                    expected: format!("{rows} × {cols}"),
                    found: format!("{} × {}", u.n_decisions(), u.n_classes()),
                });
            }
            let w = if w_max > 0.0 { w / w_max } else { *w };
            total_w += w;
            for (a, v) in acc.iter_mut().zip(u.m.data()) {
                *a += w * v;
            }
        }
        if !(total_w > 0.0) {
            return Err(CoreError::InvalidParameter {
                name: "total probability",
                value: total_w,
                expected: "a positive sum of weights",
            });
        }
        // A weighted mean stays within the entries' range, up to rounding: clamped.
        UtilityMatrix::new(Matrix::new(
            rows,
            cols,
            acc.into_iter()
                .map(|v| (v / total_w).clamp(-MAX_UTILITY, MAX_UTILITY))
                .collect(),
        )?)
    }

    /// The utility matrix whose yield is the net benefit at threshold probability `p_t`:
    /// `[[1, −p_t/(1−p_t)], [0, 0]]`, i.e. `TP/N − FP/N · p_t/(1−p_t)`.
    ///
    /// # Errors
    /// `p_t` outside `(0, 1)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// let u = UtilityMatrix::net_benefit(0.2).unwrap();
    /// assert_eq!(u.matrix().to_string(), "1,-0.25;0,0");
    /// ```
    pub fn net_benefit(p_t: f64) -> Result<UtilityMatrix, CoreError> {
        if !(p_t > 0.0 && p_t < 1.0 && p_t / (1.0 - p_t) <= MAX_UTILITY) {
            return Err(CoreError::InvalidParameter {
                name: "threshold probability p_t",
                value: p_t,
                expected: "0 < p_t < 1, with p_t/(1 − p_t) ≤ 10¹⁵",
            });
        }
        UtilityMatrix::new(Matrix::new(2, 2, vec![1.0, -p_t / (1.0 - p_t), 0.0, 0.0])?)
    }
}

/// Checks a probability vector: right length, entries ≥ 0 and finite, sum 1 within 1e-6.
pub fn check_shares(what: &'static str, p: &[f64], n: usize) -> Result<(), CoreError> {
    if p.len() != n {
        return Err(CoreError::LengthMismatch {
            what,
            expected: n,
            found: p.len(),
        });
    }
    for v in p {
        if !(*v >= 0.0) || !v.is_finite() {
            return Err(CoreError::InvalidParameter {
                name: what,
                value: *v,
                expected: "non-negative shares",
            });
        }
    }
    let s: f64 = p.iter().sum();
    if (s - 1.0).abs() > 1e-6 {
        return Err(CoreError::InvalidParameter {
            name: what,
            value: s,
            expected: "shares summing to 1",
        });
    }
    Ok(())
}

/// The ranking of several values, best (largest) first: the indices sorted by decreasing
/// value; equal values keep their input order.
///
/// # Examples
///
/// ```
/// use ulab_core::utility::ranking;
/// assert_eq!(ranking(&[3.5, -3.5, 7.0]), vec![2, 0, 1]);
/// ```
pub fn ranking(values: &[f64]) -> Vec<usize> {
    crate::order::order_by(values, true)
}

/// The yields of several classifiers under one utility matrix and their ranking (best first).
///
/// # Errors
/// A classifier whose size does not fit the utility matrix.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_core::utility::rank_classifiers;
/// let u = UtilityMatrix::parse("45,-335;-65,165").unwrap(); // the variant, eq. 5
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let b = ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap();
/// let (yields, order) = rank_classifiers(&u, &[a, b]).unwrap();
/// assert!((yields[0] - 4.7).abs() < 1e-12 && (yields[1] - 7.3).abs() < 1e-12);
/// assert_eq!(order, vec![1, 0]);
/// ```
pub fn rank_classifiers(
    u: &UtilityMatrix,
    classifiers: &[ConfusionMatrix],
) -> Result<(Vec<f64>, Vec<usize>), CoreError> {
    let yields = classifiers
        .iter()
        .map(|c| u.yield_of(c))
        .collect::<Result<Vec<_>, _>>()?;
    let order = ranking(&yields);
    Ok((yields, order))
}
