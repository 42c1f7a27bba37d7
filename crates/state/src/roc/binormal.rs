//! Binormal curves as the link writes them, `bn.NAME=a,b`: the model
//! `t(f) = Φ(a + b·Φ⁻¹(f))` (class-1 scores `N(0, 1)`, class-0 scores `N(a/b, 1/b)`), with
//! `AUC = Φ(a / √(1 + b²))` — so `bn.A=1,1` has AUC 0.760 and `bn.B=2,1` 0.921.
//!
//! Thresholds of a binormal curve are **latent thresholds** `s`, in the units of the class-1
//! scores: class 0 is called when the latent score is `≥ s`, so `f = Φ(−s)` and
//! `t = Φ(a − b·s)` ([`Binormal::rates_at`]). The yield-against-threshold plot of a binormal
//! curve uses this axis (the same as `ulab roc --binormal`).

use std::fmt;
use ulab_core::CoreError;
use ulab_core::roc::{Binormal, RocPoint};
use ulab_core::text::{parse_number, shortest, truncate};

/// Why an `a,b` value cannot be read.
#[derive(Debug, Clone, PartialEq)]
pub enum BinormalError {
    /// Not two values.
    Count { found: usize },
    /// A value is not a number.
    NotANumber { token: String },
    /// `a` is not finite or too large (|a| > 10⁶).
    BadA { value: f64 },
    /// `b` is not between 10⁻⁶ and 10⁶.
    BadB { value: f64 },
}

impl fmt::Display for BinormalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BinormalError::Count { found } => write!(
                f,
                "a binormal curve needs two numbers a,b (e.g. 1,1), found {found}"
            ),
            BinormalError::NotANumber { token } => {
                write!(f, "'{}' is not a number", truncate(token, 24))
            }
            BinormalError::BadA { value } => write!(
                f,
                "a = {} is out of range: it must be a number between −10⁶ and 10⁶",
                shortest(*value)
            ),
            BinormalError::BadB { value } if *value > 0.0 => write!(
                f,
                "b = {} is out of range: the slope b must be between 10⁻⁶ and 10⁶",
                shortest(*value)
            ),
            BinormalError::BadB { value } => write!(
                f,
                "b = {} is invalid: the slope b must be greater than 0",
                shortest(*value)
            ),
        }
    }
}

impl std::error::Error for BinormalError {}

/// Reads the value of `bn.NAME=a,b`: two numbers of the app's syntax separated by `,`
/// (whitespace ignored), `|a| ≤ 10⁶`, `10⁻⁶ ≤ b ≤ 10⁶` ([`ulab_core::limits::MAX_BINORMAL`]).
///
/// # Errors
/// Not two values, a non-number, `b` or `a` out of range.
///
/// # Examples
///
/// ```
/// use ulab_state::roc::binormal::{format_ab, parse_ab};
/// let m = parse_ab(" 1.5 , 0.5 ").unwrap();
/// assert_eq!((m.a, m.b), (1.5, 0.5));
/// assert_eq!(format_ab(&m), "1.5,0.5");
/// assert_eq!(parse_ab("1,0").unwrap_err().to_string(), "b = 0 is invalid: the slope b must be greater than 0");
/// assert!(parse_ab("1").is_err() && parse_ab("1,x").is_err() && parse_ab("1,2,3").is_err());
/// ```
pub fn parse_ab(text: &str) -> Result<Binormal, BinormalError> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != 2 {
        return Err(BinormalError::Count {
            found: if text.trim().is_empty() {
                0
            } else {
                parts.len()
            },
        });
    }
    let num = |t: &str| {
        parse_number(t).ok_or_else(|| BinormalError::NotANumber {
            token: t.trim().to_string(),
        })
    };
    let (a, b) = (num(parts[0])?, num(parts[1])?);
    if !(b > 0.0) {
        return Err(BinormalError::BadB { value: b });
    }
    Binormal::new(a, b).map_err(|e| match e {
        CoreError::InvalidParameter { name: "b", .. } => BinormalError::BadB { value: b },
        _ => BinormalError::BadA { value: a },
    })
}

/// Writes a model as the link's `a,b` (the shortest decimals that read back exactly), the
/// inverse of [`parse_ab`].
///
/// # Examples
///
/// ```
/// use ulab_core::roc::Binormal;
/// use ulab_state::roc::binormal::{format_ab, parse_ab};
/// let m = Binormal::new(-0.25, 1e-3).unwrap();
/// assert_eq!(format_ab(&m), "-0.25,0.001");
/// assert_eq!(parse_ab(&format_ab(&m)).unwrap(), m);
/// ```
pub fn format_ab(model: &Binormal) -> String {
    format!("{},{}", shortest(model.a), shortest(model.b))
}

/// `k ≥ 2` points of the curve in decreasing latent threshold, as ROC points: (0, 0) at
/// `s = +∞`, then `s` evenly spaced from 6 down to −6 (`f = Φ(−s)`, `t = Φ(a − b·s)`), then
/// (1, 1) at `s = −∞`; `extra` (a finite latent threshold, e.g. the optimum's) is inserted in
/// its place, so the drawn curve passes through it exactly.
///
/// # Examples
///
/// ```
/// use ulab_core::roc::Binormal;
/// use ulab_state::roc::binormal::sample;
/// let m = Binormal::new(1.0, 1.0).unwrap();
/// let pts = sample(&m, 5, Some(0.5));
/// let s: Vec<f64> = pts.iter().map(|p| p.threshold).collect();
/// assert_eq!(s, vec![f64::INFINITY, 6.0, 3.0, 0.5, 0.0, -3.0, -6.0, f64::NEG_INFINITY]);
/// assert_eq!((pts[4].fpr, pts[4].tpr), m.rates_at(0.0));
/// ```
pub fn sample(model: &Binormal, k: usize, extra: Option<f64>) -> Vec<RocPoint> {
    let k = k.max(2);
    let at = |s: f64| {
        let (fpr, tpr) = model.rates_at(s);
        RocPoint {
            fpr,
            tpr,
            threshold: s,
        }
    };
    let mut pts = Vec::with_capacity(k + 3);
    pts.push(RocPoint {
        fpr: 0.0,
        tpr: 0.0,
        threshold: f64::INFINITY,
    });
    let mut extra = extra.filter(|s| s.is_finite());
    for i in 0..k {
        let s = 6.0 - 12.0 * i as f64 / (k - 1) as f64;
        if let Some(e) = extra
            && e >= s
        {
            if e > s {
                pts.push(at(e));
            }
            extra = None;
        }
        pts.push(at(s));
    }
    if let Some(e) = extra {
        pts.push(at(e));
    }
    pts.push(RocPoint {
        fpr: 1.0,
        tpr: 1.0,
        threshold: f64::NEG_INFINITY,
    });
    pts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_auc_values_to_three_decimals() {
        // Φ(1/√2) = 0.76025 and Φ(2/√2) = 0.92135 (tables of the standard normal).
        assert_eq!(format!("{:.3}", parse_ab("1,1").unwrap().auc()), "0.760");
        assert_eq!(format!("{:.3}", parse_ab("2,1").unwrap().auc()), "0.921");
    }

    #[test]
    fn errors_are_typed() {
        assert_eq!(parse_ab(""), Err(BinormalError::Count { found: 0 }));
        assert_eq!(parse_ab("1,-2"), Err(BinormalError::BadB { value: -2.0 }));
        assert_eq!(parse_ab("2e6,1"), Err(BinormalError::BadA { value: 2e6 }));
        assert!(matches!(
            parse_ab("1,inf"),
            Err(BinormalError::NotANumber { .. })
        ));
    }

    #[test]
    fn extra_outside_the_grid_is_kept_in_order() {
        let m = Binormal::new(1.0, 1.0).unwrap();
        for e in [7.0, -7.0, 6.0, 0.123] {
            let pts = sample(&m, 9, Some(e));
            assert!(pts.iter().any(|p| p.threshold == e));
            assert!(pts.windows(2).all(|w| w[0].threshold > w[1].threshold));
        }
    }
}
