//! One item's class probabilities: the sliders that keep their sum at 1, typed values, and the
//! link values `p=0.2,0.8`, `alpha=1`, `n=100`.
//!
//! The rules, exactly:
//! * moving class `k` to `v` ([`set_probability`]) clamps `v` to [0, 1], gives class `k`
//!   exactly `v`, and shares `1 − v` among the others **in proportion to their old values**;
//!   when the others are all 0 it spreads `1 − v` evenly among them. So `v = 1` sets every other
//!   class to exactly 0, and `v = 0` gives the others all of it (evenly if they had nothing);
//! * the result sums to 1 within 1e-12 and has no negative value: the rounding residual goes to
//!   the largest of the others;
//! * a typed value ([`read_typed`]) is a number in [0, 1] or a percentage (`20 %`); a value a
//!   hair outside (within 1e-9) is clamped, one further outside is refused, never clamped;
//! * the link's `p` ([`parse_p`]) needs one value ≥ 0 per class. If their sum is within
//!   [`RESCALE_TOLERANCE`] (1 %) of 1 they are used, rescaled to sum to 1 with a notice when
//!   the sum is more than 1e-9 off (a typed `0.33,0.33,0.33`); further off, they are refused
//!   (a typo such as `0.2,0.9` is not silently turned into something else).

use super::error::{DecideError, echo};
use ulab_core::text::{parse_number, parse_whole, prose, shortest};

/// How far from 1 the link's probabilities may sum and still be rescaled (1 %).
pub const RESCALE_TOLERANCE: f64 = 0.01;

/// Sums closer to 1 than this are taken as they are (floating-point rounding of typed values).
pub const SUM_EXACT: f64 = 1e-9;

pub use super::limits::{MAX_ALPHA, MAX_TEST_SIZE};

/// The default pseudo-count α (a uniform Dirichlet prior, as `ulab decide`).
pub const DEFAULT_ALPHA: f64 = 1.0;

/// Equal probabilities `1/n` for `n` classes (the view's default when the link has no `p`).
///
/// # Examples
///
/// ```
/// use ulab_state::decide::probabilities::uniform;
/// assert_eq!(uniform(4), vec![0.25; 4]);
/// assert!(uniform(0).is_empty());
/// ```
pub fn uniform(n: usize) -> Vec<f64> {
    vec![1.0 / n.max(1) as f64; n]
}

/// Class `k` moved to `v`, the others rescaled: `p'_k = v` (clamped to [0, 1]) and, with
/// `s = Σ_{j≠k} p_j`, `p'_j = p_j·(1 − v)/s` for `j ≠ k`, or `(1 − v)/(n − 1)` each when
/// `s = 0`. Non-finite or negative old values count as 0. `Σ p' = 1` within 1e-12.
///
/// # Errors
/// Fewer than 2 classes, `k` out of range, `v` not a number.
///
/// # Examples
///
/// ```
/// use ulab_state::decide::probabilities::set_probability;
/// let p = set_probability(&[0.2, 0.3, 0.5], 0, 0.6).unwrap();
/// assert_eq!(p[0], 0.6);
/// assert!((p[1] - 0.15).abs() < 1e-15 && (p[2] - 0.25).abs() < 1e-15);
/// // The others all 0: spread evenly. Beyond the ends: clamped.
/// assert_eq!(set_probability(&[1.0, 0.0, 0.0], 0, 0.5).unwrap(), vec![0.5, 0.25, 0.25]);
/// assert_eq!(set_probability(&[0.2, 0.8], 1, 7.0).unwrap(), vec![0.0, 1.0]);
/// ```
pub fn set_probability(p: &[f64], k: usize, v: f64) -> Result<Vec<f64>, DecideError> {
    let n = p.len();
    if n < 2 {
        return Err(DecideError::TooFewClasses { found: n });
    }
    if k >= n {
        return Err(DecideError::OutOfRange {
            what: "class",
            index: k,
            len: n,
        });
    }
    if v.is_nan() {
        return Err(DecideError::NotANumber {
            index: k,
            text: "NaN".into(),
        });
    }
    let v = v.clamp(0.0, 1.0);
    let clean = |x: f64| if x.is_finite() && x > 0.0 { x } else { 0.0 };
    let rest = 1.0 - v;
    let s: f64 = (0..n).filter(|&j| j != k).map(|j| clean(p[j])).sum();
    let mut out: Vec<f64> = (0..n)
        .map(|j| {
            if j == k {
                v
            } else if s > 0.0 && s.is_finite() {
                clean(p[j]) / s * rest
            } else {
                rest / (n - 1) as f64
            }
        })
        .collect();
    // The rounding residual goes to the largest of the others (never below 0).
    let residual = 1.0 - out.iter().sum::<f64>();
    if residual != 0.0 {
        let big = (0..n)
            .filter(|&j| j != k)
            .max_by(|&a, &b| out[a].total_cmp(&out[b]))
            .unwrap_or(k);
        if big != k {
            out[big] = (out[big] + residual).max(0.0);
        }
    }
    Ok(out)
}

/// A typed probability: a number (`0.2`, `.2`, `2e-1`) or a percentage (`20 %`, `20%`), in
/// [0, 1]; values within 1e-9 outside are clamped, others refused.
///
/// # Errors
/// Not a number, negative, above 1 (`index` in the error is 0).
///
/// # Examples
///
/// ```
/// use ulab_state::decide::probabilities::read_typed;
/// assert_eq!(read_typed(" 0.2 ").unwrap(), 0.2);
/// assert_eq!(read_typed("20 %").unwrap(), 0.2);
/// assert_eq!(read_typed("1.0000000001").unwrap(), 1.0);
/// assert!(read_typed("1.2").is_err() && read_typed("-0.1").is_err() && read_typed("x").is_err());
/// ```
pub fn read_typed(text: &str) -> Result<f64, DecideError> {
    let t = text.trim();
    let (body, scale) = match t.strip_suffix('%') {
        Some(b) => (b, 100.0),
        None => (t, 1.0),
    };
    let v = parse_number(body).ok_or_else(|| DecideError::NotANumber {
        index: 0,
        text: echo(text),
    })? / scale;
    if v < -SUM_EXACT {
        return Err(DecideError::Negative { index: 0, value: v });
    }
    if v > 1.0 + SUM_EXACT {
        return Err(DecideError::AboveOne { index: 0, value: v });
    }
    Ok(v.clamp(0.0, 1.0))
}

/// [`read_typed`] then [`set_probability`]: what the UI does when a value is typed into class
/// `k`'s field.
///
/// # Errors
/// As [`read_typed`] (with `index = k`) and [`set_probability`].
///
/// # Examples
///
/// ```
/// use ulab_state::decide::probabilities::set_typed;
/// assert_eq!(set_typed(&[0.5, 0.5], 0, "20 %").unwrap(), vec![0.2, 0.8]);
/// assert!(set_typed(&[0.5, 0.5], 1, "abc").unwrap_err().to_string().starts_with("value 2"));
/// ```
pub fn set_typed(p: &[f64], k: usize, text: &str) -> Result<Vec<f64>, DecideError> {
    let v = read_typed(text).map_err(|e| match e {
        DecideError::NotANumber { text, .. } => DecideError::NotANumber { index: k, text },
        DecideError::Negative { value, .. } => DecideError::Negative { index: k, value },
        DecideError::AboveOne { value, .. } => DecideError::AboveOne { index: k, value },
        other => other,
    })?;
    set_probability(p, k, v)
}

/// Probabilities for the link: every value but class `k`'s rounded to 9 decimals, so that a
/// slider at 0.949 writes `p=0.051,0.949` rather than `0.05100000000000005,0.949` — unless the
/// rounded values would sum further than 1e-10 from 1 (then `p` is returned as it is). The
/// result always sums to 1 within 1e-10 (below [`SUM_EXACT`]: the link reads it back as
/// written, without a notice).
///
/// # Examples
///
/// ```
/// use ulab_state::decide::probabilities::{set_probability, tidy};
/// let p = set_probability(&[0.05, 0.95], 1, 0.949).unwrap();
/// assert_ne!(p[0], 0.051);
/// assert_eq!(tidy(p, 1), vec![0.051, 0.949]);
/// let third = vec![1.0 / 3.0; 3];
/// assert_eq!(tidy(third.clone(), 0), third); // rounding would move the sum by 7e-10
/// ```
pub fn tidy(p: Vec<f64>, k: usize) -> Vec<f64> {
    let rounded: Vec<f64> = p
        .iter()
        .enumerate()
        .map(|(j, v)| if j == k { *v } else { (v * 1e9).round() / 1e9 })
        .collect();
    let sum: f64 = rounded.iter().sum();
    if (sum - 1.0).abs() <= 1e-10 {
        rounded
    } else {
        p
    }
}

/// Probabilities read from the link, and whether they were rescaled.
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedProbabilities {
    /// The probabilities to use: `n` values ≥ 0 summing to 1 (within 1e-9).
    pub values: Vec<f64>,
    /// The sum as written, when it was rescaled (more than 1e-9 but at most 1 % off).
    pub rescaled_from: Option<f64>,
}

impl ParsedProbabilities {
    /// The notice to show when the values were rescaled.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::decide::probabilities::parse_p;
    /// let p = parse_p("0.33,0.33,0.33", 3).unwrap();
    /// assert_eq!(p.notice().unwrap(), "the probabilities summed to 0.99 (0.01 less than 1); they were rescaled to sum to 1");
    /// assert!(parse_p("0.2,0.8", 2).unwrap().notice().is_none());
    /// ```
    pub fn notice(&self) -> Option<String> {
        self.rescaled_from.map(|s| {
            format!(
                "the probabilities summed to {} ({} {} than 1); they were rescaled to sum to 1",
                prose(s),
                prose((s - 1.0).abs()),
                if s > 1.0 { "more" } else { "less" }
            )
        })
    }
}

/// Reads the link value of `p`: `n` comma-separated numbers ≥ 0 (whitespace ignored), the
/// probability of each class in class order; sum `s` with `|s − 1| ≤ 1e-9` kept as written,
/// `|s − 1| ≤ 1 %` rescaled `p_c / s` (see [`ParsedProbabilities::notice`]), else refused.
///
/// # Errors
/// [`DecideError::WrongLength`], [`DecideError::NotANumber`], [`DecideError::Negative`],
/// [`DecideError::AllZero`], [`DecideError::NotSummingToOne`] (says by how much).
///
/// # Examples
///
/// ```
/// use ulab_state::decide::probabilities::parse_p;
/// assert_eq!(parse_p("0.2, 0.8", 2).unwrap().values, vec![0.2, 0.8]);
/// assert_eq!(parse_p("0.2,0.8,0", 2).unwrap_err().to_string(), "3 probabilities for 2 classes: give one per class");
/// assert_eq!(parse_p("-0.2,1.2", 2).unwrap_err().to_string(), "value 1: −0.2 is negative; a probability is between 0 and 1");
/// assert_eq!(parse_p("0.2,0.9", 2).unwrap_err().to_string(),
///     "the probabilities sum to 1.1, 0.1 more than 1: more than 1 % off, so they were not rescaled; correct them");
/// assert_eq!(parse_p("0.2,x", 2).unwrap_err().to_string(), "value 2: 'x' is not a number");
/// ```
pub fn parse_p(text: &str, n: usize) -> Result<ParsedProbabilities, DecideError> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != n {
        return Err(DecideError::WrongLength {
            expected: n,
            found: parts.len(),
        });
    }
    let mut values = Vec::with_capacity(n);
    for (index, part) in parts.iter().enumerate() {
        let v = parse_number(part).ok_or_else(|| DecideError::NotANumber {
            index,
            text: echo(part),
        })?;
        if v < 0.0 {
            return Err(DecideError::Negative { index, value: v });
        }
        values.push(v);
    }
    let sum: f64 = values.iter().sum();
    if sum <= 0.0 {
        return Err(DecideError::AllZero);
    }
    // The slack keeps a sum of exactly 1 % off (0.33 × 3) inside despite rounding.
    if !sum.is_finite() || (sum - 1.0).abs() > RESCALE_TOLERANCE + 1e-12 {
        return Err(DecideError::NotSummingToOne { sum });
    }
    if (sum - 1.0).abs() <= SUM_EXACT {
        return Ok(ParsedProbabilities {
            values,
            rescaled_from: None,
        });
    }
    Ok(ParsedProbabilities {
        values: values.iter().map(|v| v / sum).collect(),
        rescaled_from: Some(sum),
    })
}

/// The link value of `p`: each probability in its shortest exact form ([`shortest`]),
/// comma-separated, so that [`parse_p`] reads back exactly the same numbers.
///
/// # Examples
///
/// ```
/// use ulab_state::decide::probabilities::{format_p, parse_p};
/// assert_eq!(format_p(&[0.2, 0.8]), "0.2,0.8");
/// let p = [1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0];
/// assert_eq!(parse_p(&format_p(&p), 3).unwrap().values, p.to_vec());
/// ```
pub fn format_p(p: &[f64]) -> String {
    p.iter().map(|v| shortest(*v)).collect::<Vec<_>>().join(",")
}

/// Reads the link value of `alpha`, the Dirichlet pseudo-count: a number from 0 to
/// [`MAX_ALPHA`].
///
/// # Errors
/// [`DecideError::InvalidAlpha`].
///
/// # Examples
///
/// ```
/// use ulab_state::decide::probabilities::parse_alpha;
/// assert_eq!(parse_alpha("0").unwrap(), 0.0);
/// assert_eq!(parse_alpha(" 0.5 ").unwrap(), 0.5);
/// assert!(parse_alpha("-1").is_err() && parse_alpha("1e9").is_err() && parse_alpha("a").is_err());
/// ```
pub fn parse_alpha(text: &str) -> Result<f64, DecideError> {
    match parse_number(text) {
        Some(a) if (0.0..=MAX_ALPHA).contains(&a) => Ok(a),
        _ => Err(DecideError::InvalidAlpha { text: echo(text) }),
    }
}

/// Checks a pseudo-count given as a number (see [`parse_alpha`]).
///
/// # Errors
/// [`DecideError::InvalidAlpha`].
///
/// # Examples
///
/// ```
/// use ulab_state::decide::probabilities::check_alpha;
/// assert_eq!(check_alpha(1.0).unwrap(), 1.0);
/// assert!(check_alpha(f64::NAN).is_err());
/// ```
pub fn check_alpha(alpha: f64) -> Result<f64, DecideError> {
    if (0.0..=MAX_ALPHA).contains(&alpha) {
        Ok(alpha)
    } else {
        Err(DecideError::InvalidAlpha {
            text: shortest(alpha),
        })
    }
}

/// Reads the link value of `n`, the test-set size assumed for a classifier given as fractions:
/// a whole number from 1 to [`MAX_TEST_SIZE`] (`1e3` allowed).
///
/// # Errors
/// [`DecideError::InvalidTestSize`].
///
/// # Examples
///
/// ```
/// use ulab_state::decide::probabilities::parse_test_size;
/// assert_eq!(parse_test_size("100").unwrap(), 100);
/// assert_eq!(parse_test_size("1e3").unwrap(), 1000);
/// assert!(parse_test_size("0").is_err() && parse_test_size("2.5").is_err());
/// ```
pub fn parse_test_size(text: &str) -> Result<u64, DecideError> {
    match parse_whole(text) {
        Some(n) if (1..=MAX_TEST_SIZE).contains(&n) => Ok(n),
        _ => Err(DecideError::InvalidTestSize { text: echo(text) }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_rules_at_zero_and_one() {
        let p = [0.1, 0.2, 0.3, 0.4];
        let one = set_probability(&p, 2, 1.0).unwrap();
        assert_eq!(one, vec![0.0, 0.0, 1.0, 0.0]);
        let zero = set_probability(&one, 2, 0.0).unwrap();
        assert_eq!(zero, vec![1.0 / 3.0, 1.0 / 3.0, 0.0, 1.0 / 3.0]);
        let back = set_probability(&p, 3, 0.0).unwrap();
        assert_eq!(back[3], 0.0);
        assert!((back[0] - 1.0 / 6.0).abs() < 1e-15);
        assert!(set_probability(&p, 4, 0.5).is_err());
        assert!(set_probability(&[1.0], 0, 0.5).is_err());
        assert!(set_probability(&p, 0, f64::NAN).is_err());
        assert_eq!(set_probability(&p, 0, -3.0).unwrap()[0], 0.0);
    }

    #[test]
    fn bad_old_values_count_as_zero() {
        let p = set_probability(&[f64::NAN, -1.0, f64::INFINITY], 0, 0.4).unwrap();
        assert_eq!(p, vec![0.4, 0.3, 0.3]);
    }

    #[test]
    fn link_rescales_within_one_percent_only() {
        let p = parse_p("0.5,0.505", 2).unwrap();
        assert_eq!(p.rescaled_from, Some(1.005));
        assert!((p.values.iter().sum::<f64>() - 1.0).abs() < 1e-15);
        assert!(matches!(
            parse_p("0.5,0.52", 2),
            Err(DecideError::NotSummingToOne { .. })
        ));
        assert_eq!(parse_p("0,0", 2), Err(DecideError::AllZero));
        assert!(parse_p("", 2).is_err());
        assert_eq!(
            parse_p("0.5,0.4", 2).unwrap_err().to_string(),
            "the probabilities sum to 0.9, 0.1 less than 1: more than 1 % off, so they were not \
             rescaled; correct them"
        );
    }
}
