//! The κ at which p-d equals F1 (Kozak et al. 2022, §4.2: "the F1 counterparts", e.g.
//! κ = [0.189, 0.284] for cm4).
//!
//! F1 here is the F1 of macro P and R (eq. 23), `F = 2PR/(P + R)`. p-d is affine in κ, so the
//! κ with p-d = F form a hyperplane `base + Σ_k slope_k κ_k = F` cut by the cube `[0, 1]^c`.
//! Since `P = p-d(1)` and `R = p-d(0)` and a harmonic mean lies between its terms, `F` is
//! reached on the diagonal: the **uniform** vector `κ = t·1`, `t = (F − R)/(P − R)`
//! ([`PdLinear::uniform_for`]). The page shows it, and the point of the hyperplane **nearest**
//! (Euclidean) the κ in force ([`kappa_for_value`]: `clamp(κ + λ·slopes, 0, 1)`, λ by
//! bisection) — the smallest change of the user's preferences that makes p-d agree with F1.
//! The paper's own κ are other points of the same hyperplane (it does not say how it chose
//! them).
//!
//! **Undefined F1.** When a class is never output (precision 0/0) or has no case (recall 0/0),
//! the app reports P, R and F1 as undefined. p-d counts those terms as 0, and so do Kozak et al.
//! in Table 3 (cm9: P = 0.25, F1 = 0.3333, κ = [0.67, 0]); the solver then solves for that F1,
//! `F₀ = 2P₀R₀/(P₀ + R₀)` with `P₀ = p-d(1)`, `R₀ = p-d(0)`, and says so. "None" remains
//! only when `P₀ + R₀ = 0` (no case is ever classified right).

use super::kappa::{KappaError, check};
use std::fmt;
use ulab_core::pd::{PdLinear, f1_of_macro_pr, kappa_for_value};
use ulab_core::{ConfusionMatrix, Score};

/// Which F1 was solved for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum F1Convention {
    /// The F1 of macro P and R, both defined.
    Defined,
    /// P or R was undefined (0/0): F1 from p-d's own P and R, 0/0 counted as 0 (as Kozak et
    /// al. 2022's Table 3).
    ZeroForUndefined,
}

/// Why no κ gives p-d = F1.
#[derive(Debug, Clone, PartialEq)]
pub enum NoKappa {
    /// `P + R = 0` even with 0/0 counted as 0: F1 is 0/0.
    F1Undefined,
    /// F1 is outside p-d's range over `[0, 1]^c` (only by rounding; kept for safety).
    OutOfRange {
        /// F1.
        f1: f64,
        /// Least p-d.
        min: f64,
        /// Greatest p-d.
        max: f64,
    },
}

impl fmt::Display for NoKappa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoKappa::F1Undefined => write!(
                f,
                "none: F1 is undefined (0/0), since macro precision and macro recall are both 0"
            ),
            NoKappa::OutOfRange { f1, min, max } => write!(
                f,
                "none: F1 = {} is outside the values p-d takes for κ in [0, 1] ({} to {})",
                ulab_core::text::number(*f1, 4),
                ulab_core::text::number(*min, 4),
                ulab_core::text::number(*max, 4)
            ),
        }
    }
}

/// The κ for which p-d equals F1, or why there is none.
#[derive(Debug, Clone, PartialEq)]
pub enum KappaForF1 {
    /// Found.
    Found {
        /// The F1 of macro P and R as the app reports it (may be undefined).
        f1: Score,
        /// The value solved for.
        target: f64,
        /// Which F1 `target` is.
        convention: F1Convention,
        /// `t` such that p-d(t·1) = target.
        uniform: f64,
        /// The κ nearest the reference κ with p-d = target.
        nearest: Vec<f64>,
    },
    /// None, and why.
    None {
        /// The F1 as the app reports it.
        f1: Score,
        /// Why.
        reason: NoKappa,
    },
}

/// Finds the κ at which p-d equals F1 for one classifier; `reference` is the κ in force (its
/// default, eq. 31, if `None`), from which the nearest solution is measured.
///
/// # Errors
/// A `reference` κ of the wrong length or outside `[0, 1]`.
///
/// # Examples
///
/// A hand example, rows = output, `[[9, 3], [1, 7]]`: precisions 0.75 and 0.875, recalls 0.9
/// and 0.7, so
/// `P = 0.8125`, `R = 0.8`, `F1 = 2·0.8125·0.8/1.6125 = 0.80620…`; on the diagonal
/// `t = (F1 − R)/(P − R) = 0.49612…`.
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation};
/// use ulab_state::pd::f1::{kappa_for_f1, KappaForF1};
/// let cm = ConfusionMatrix::parse("9,3;1,7", Orientation::OutputRows).unwrap();
/// let KappaForF1::Found { target, uniform, nearest, .. } = kappa_for_f1(&cm, None).unwrap() else {
///     panic!()
/// };
/// let f1 = 2.0 * 0.8125 * 0.8 / 1.6125;
/// assert!((target - f1).abs() < 1e-12);
/// assert!((uniform - (f1 - 0.8) / 0.0125).abs() < 1e-9);
/// // the nearest point to the default κ = [0.5, 0.5] has p-d = F1 too
/// let p = 0.5 * (nearest[0] * 0.75 + (1.0 - nearest[0]) * 0.9 + nearest[1] * 0.875 + (1.0 - nearest[1]) * 0.7);
/// assert!((p - f1).abs() < 1e-9);
/// ```
pub fn kappa_for_f1(
    cm: &ConfusionMatrix,
    reference: Option<&[f64]>,
) -> Result<KappaForF1, KappaError> {
    if let Some(k) = reference {
        check(k, cm.n())?;
    }
    let lin = PdLinear::of(cm);
    let f1 = f1_of_macro_pr(cm);
    let (target, convention) = match f1 {
        Score::Defined(v) => (v, F1Convention::Defined),
        Score::Undefined(_) => {
            let p0 = lin.at(&vec![1.0; cm.n()]);
            let r0 = lin.base;
            if !(p0 + r0 > 0.0) {
                return Ok(KappaForF1::None {
                    f1,
                    reason: NoKappa::F1Undefined,
                });
            }
            (2.0 * p0 * r0 / (p0 + r0), F1Convention::ZeroForUndefined)
        }
    };
    let nearest = kappa_for_value(cm, target, reference).ok().flatten();
    match (lin.uniform_for(target), nearest) {
        (Some(uniform), Some(nearest)) => Ok(KappaForF1::Found {
            f1,
            target,
            convention,
            uniform,
            nearest,
        }),
        _ => {
            let (min, max) = lin.range();
            Ok(KappaForF1::None {
                f1,
                reason: NoKappa::OutOfRange {
                    f1: target,
                    min,
                    max,
                },
            })
        }
    }
}

impl KappaForF1 {
    /// One line for the page, e.g. "p-d = F1 = 0.7895 at κ = 0.474·1 (the same κ for every
    /// class) or, nearest the κ in force, κ = [0.504, 0.494]".
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{ConfusionMatrix, Orientation};
    /// use ulab_state::pd::f1::kappa_for_f1;
    /// let cm4 = ConfusionMatrix::parse("10,0;5,5", Orientation::TrueRows).unwrap();
    /// let s = kappa_for_f1(&cm4, None).unwrap().sentence();
    /// assert!(s.starts_with("p-d = F1 = 0.7895 at κ = 0.474·1"), "{s}");
    /// ```
    pub fn sentence(&self) -> String {
        let list = |k: &[f64]| {
            let v: Vec<String> = k.iter().map(|x| ulab_core::text::fixed(*x, 3)).collect();
            format!("[{}]", v.join(", "))
        };
        match self {
            KappaForF1::Found {
                target,
                convention,
                uniform,
                nearest,
                ..
            } => {
                let pre = match convention {
                    F1Convention::Defined => String::new(),
                    F1Convention::ZeroForUndefined => "F1 is undefined (0/0); counting 0/0 as 0, \
                         as p-d and Kozak et al. do, "
                        .to_string(),
                };
                format!(
                    "{pre}p-d = F1 = {} at κ = {}·1 (the same κ for every class) or, nearest the \
                     κ in force, κ = {}",
                    ulab_core::text::fixed(*target, 4),
                    ulab_core::text::fixed(*uniform, 3),
                    list(nearest)
                )
            }
            KappaForF1::None { reason, .. } => reason.to_string(),
        }
    }
}
