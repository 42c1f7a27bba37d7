//! The preference vector κ of the view: the default (Kozak et al. 2022, eq. 31: each true
//! class's share), the κ in force for each classifier, the sliders (each `κ_k ∈ [0, 1]`
//! independently), and the `kappa=…` link value.
//!
//! κ is held as `AppState::kappa` holds it: `None` = the default, `Some(v)` = the user's.
//! "Reset to default" is setting it to `None`. The default is each classifier's own class
//! shares (eq. 31 for its own test set); the sliders show [`shown`], which is those shares
//! when the classifiers share a test set (the usual case) and their mean otherwise.

use super::Classifiers;
use std::fmt;
use ulab_core::metrics;
use ulab_core::text;

/// Decimals kept from a slider (so that a link reads `kappa=0.25,0.6`).
pub const SLIDER_DECIMALS: i32 = 3;

/// The most κ values read from a link or a field (the core's class limit).
pub const MAX_KAPPA_VALUES: usize = ulab_core::confusion::MAX_CLASSES;

/// A bad preference vector. Values are numbered from 1 in messages.
#[derive(Debug, Clone, PartialEq)]
pub enum KappaError {
    /// Nothing was typed.
    Empty,
    /// Value `index` (0-based) is not a number.
    NotANumber {
        /// 0-based position.
        index: usize,
        /// What was there (cut to 24 characters).
        text: String,
    },
    /// Value `index` (0-based) is outside `[0, 1]`.
    OutOfRange {
        /// 0-based position.
        index: usize,
        /// The value.
        value: f64,
    },
    /// Not one value per class.
    WrongLength {
        /// Classes.
        expected: usize,
        /// Values given.
        found: usize,
    },
}

impl fmt::Display for KappaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KappaError::Empty => write!(f, "κ: no value given"),
            KappaError::NotANumber { index, text } => {
                write!(f, "κ: value {} ('{text}') is not a number", index + 1)
            }
            KappaError::OutOfRange { index, value } => write!(
                f,
                "κ: value {} ({}) is outside [0, 1]",
                index + 1,
                text::shortest(*value)
            ),
            KappaError::WrongLength { expected, found } => write!(
                f,
                "κ needs {expected} values (one per class), {found} given"
            ),
        }
    }
}

impl std::error::Error for KappaError {}

/// Reads one κ value (a slider's typed field): a number in `[0, 1]`.
///
/// # Errors
/// [`KappaError::Empty`], [`KappaError::NotANumber`] or [`KappaError::OutOfRange`] (index 0).
///
/// # Examples
///
/// ```
/// use ulab_state::pd::kappa::{parse_component, KappaError};
/// assert_eq!(parse_component(" 0.25 "), Ok(0.25));
/// assert!(matches!(parse_component("1.5"), Err(KappaError::OutOfRange { .. })));
/// assert!(matches!(parse_component("x"), Err(KappaError::NotANumber { .. })));
/// ```
pub fn parse_component(s: &str) -> Result<f64, KappaError> {
    parse_at(s, 0)
}

fn parse_at(s: &str, index: usize) -> Result<f64, KappaError> {
    if s.trim().is_empty() {
        return Err(if index == 0 {
            KappaError::Empty
        } else {
            KappaError::NotANumber {
                index,
                text: String::new(),
            }
        });
    }
    let v = text::parse_number(s).ok_or_else(|| KappaError::NotANumber {
        index,
        text: text::truncate(s.trim(), 24),
    })?;
    if (0.0..=1.0).contains(&v) {
        Ok(v)
    } else {
        Err(KappaError::OutOfRange { index, value: v })
    }
}

/// Reads a `kappa=…` link value (or a typed vector): `n` comma-separated numbers in `[0, 1]`.
///
/// # Errors
/// The first bad value ([`KappaError::NotANumber`], [`KappaError::OutOfRange`]), else
/// [`KappaError::WrongLength`]; [`KappaError::Empty`] for nothing.
///
/// # Examples
///
/// ```
/// use ulab_state::pd::kappa::{format_kappa, parse_kappa, KappaError};
/// let k = parse_kappa("0.5, 0.2,0.3", 3).unwrap();
/// assert_eq!(k, vec![0.5, 0.2, 0.3]);
/// assert_eq!(parse_kappa(&format_kappa(&k), 3).unwrap(), k);
/// assert_eq!(parse_kappa("0.5,0.5", 3), Err(KappaError::WrongLength { expected: 3, found: 2 }));
/// assert!(matches!(parse_kappa("0.5,-1,0", 3), Err(KappaError::OutOfRange { index: 1, .. })));
/// assert!(matches!(parse_kappa("0.5,a,0", 3), Err(KappaError::NotANumber { index: 1, .. })));
/// ```
pub fn parse_kappa(s: &str, n: usize) -> Result<Vec<f64>, KappaError> {
    if s.trim().is_empty() {
        return Err(KappaError::Empty);
    }
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() > MAX_KAPPA_VALUES.max(n) {
        return Err(KappaError::WrongLength {
            expected: n,
            found: parts.len(),
        });
    }
    let values = parts
        .iter()
        .enumerate()
        .map(|(i, p)| parse_at(p, i))
        .collect::<Result<Vec<f64>, _>>()?;
    if values.len() != n {
        return Err(KappaError::WrongLength {
            expected: n,
            found: values.len(),
        });
    }
    Ok(values)
}

/// The `kappa=…` link value: each value in the shortest form that reads back exactly
/// ([`text::shortest`]), comma-separated.
///
/// # Examples
///
/// ```
/// use ulab_state::pd::kappa::format_kappa;
/// assert_eq!(format_kappa(&[0.5, 0.2, 1.0]), "0.5,0.2,1");
/// ```
pub fn format_kappa(kappa: &[f64]) -> String {
    kappa
        .iter()
        .map(|v| text::shortest(*v))
        .collect::<Vec<_>>()
        .join(",")
}

/// A κ vector as the page writes it: `[0.5, 0.2, 0.3]`, each value with at most 3 decimals,
/// trailing zeros dropped ([`text::number`]).
///
/// # Examples
///
/// ```
/// use ulab_state::pd::kappa::kappa_text;
/// assert_eq!(kappa_text(&[0.5, 0.2, 1.0]), "[0.5, 0.2, 1]");
/// assert_eq!(kappa_text(&[1.0 / 3.0]), "[0.333]");
/// assert_eq!(kappa_text(&[]), "[]");
/// ```
pub fn kappa_text(k: &[f64]) -> String {
    let v: Vec<String> = k.iter().map(|x| text::number(*x, 3)).collect();
    format!("[{}]", v.join(", "))
}

/// A slider's raw position as a κ value: clamped to `[0, 1]` (NaN → 0) and rounded to
/// [`SLIDER_DECIMALS`] decimals, `round(v·10³)/10³`.
///
/// # Examples
///
/// ```
/// use ulab_state::pd::kappa::slider_value;
/// assert_eq!(slider_value(0.250000001), 0.25);
/// assert_eq!(slider_value(1.7), 1.0);
/// assert_eq!(slider_value(f64::NAN), 0.0);
/// ```
pub fn slider_value(raw: f64) -> f64 {
    if !raw.is_finite() {
        return if raw == f64::INFINITY { 1.0 } else { 0.0 };
    }
    let scale = 10f64.powi(SLIDER_DECIMALS);
    ((raw.clamp(0.0, 1.0) * scale).round() / scale).clamp(0.0, 1.0)
}

/// κ with component `index` set to `value` and the others unchanged (each `κ_k` moves
/// independently): the new `AppState::kappa` after a slider or field of class `index` moved.
/// `current` is what the sliders showed ([`shown`]).
///
/// # Errors
/// [`KappaError::OutOfRange`] for a value outside `[0, 1]` (or NaN), and
/// [`KappaError::WrongLength`] for an `index` past the end.
///
/// # Examples
///
/// ```
/// use ulab_state::pd::kappa::set_component;
/// assert_eq!(set_component(&[0.5, 0.5], 1, 0.9).unwrap(), vec![0.5, 0.9]);
/// assert!(set_component(&[0.5, 0.5], 0, 1.5).is_err());
/// assert!(set_component(&[0.5, 0.5], 2, 0.1).is_err());
/// ```
pub fn set_component(current: &[f64], index: usize, value: f64) -> Result<Vec<f64>, KappaError> {
    if index >= current.len() {
        return Err(KappaError::WrongLength {
            expected: current.len(),
            found: index + 1,
        });
    }
    if !(0.0..=1.0).contains(&value) {
        return Err(KappaError::OutOfRange { index, value });
    }
    let mut k = current.to_vec();
    k[index] = value;
    Ok(k)
}

/// The default κ of one classifier (eq. 31): its true-class shares `t_k / s`.
///
/// # Examples
///
/// Table 4 of Kozak et al. 2022 (rows = true class): 50, 20 and 30 cases.
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation};
/// use ulab_state::pd::kappa::default_of;
/// let t4 = ConfusionMatrix::parse("40,7,3;8,10,2;9,1,20", Orientation::TrueRows).unwrap();
/// assert_eq!(default_of(&t4), vec![0.5, 0.2, 0.3]);
/// ```
pub fn default_of(cm: &ulab_core::ConfusionMatrix) -> Vec<f64> {
    metrics::default_kappa(cm)
}

/// The κ each classifier is scored with: the user's `custom` κ for all, or (for `None`) each
/// one's own default (eq. 31).
///
/// # Errors
/// A `custom` κ of the wrong length or outside `[0, 1]`.
///
/// # Examples
///
/// ```
/// use ulab_state::{pd::{kappa::in_force, Classifiers}, presets::factory};
/// let c = Classifiers::from_app(&factory().classifiers()).unwrap();
/// assert_eq!(in_force(None, &c).unwrap(), vec![vec![0.5, 0.5], vec![0.5, 0.5]]);
/// assert_eq!(in_force(Some(&[0.1, 0.2]), &c).unwrap()[1], vec![0.1, 0.2]);
/// assert!(in_force(Some(&[0.1]), &c).is_err());
/// ```
pub fn in_force(
    custom: Option<&[f64]>,
    classifiers: &Classifiers,
) -> Result<Vec<Vec<f64>>, KappaError> {
    match custom {
        Some(k) => {
            check(k, classifiers.n())?;
            Ok(vec![k.to_vec(); classifiers.len()])
        }
        None => Ok(classifiers.matrices().iter().map(default_of).collect()),
    }
}

/// Checks a κ: `n` values in `[0, 1]`.
///
/// # Errors
/// [`KappaError::WrongLength`] or [`KappaError::OutOfRange`] (the first bad value).
///
/// # Examples
///
/// ```
/// use ulab_state::pd::kappa::{check, KappaError};
/// assert!(check(&[0.0, 1.0], 2).is_ok());
/// assert_eq!(check(&[0.0, f64::NAN], 2).unwrap_err().to_string(), "κ: value 2 (NaN) is outside [0, 1]");
/// assert_eq!(check(&[0.5], 2), Err(KappaError::WrongLength { expected: 2, found: 1 }));
/// ```
pub fn check(kappa: &[f64], n: usize) -> Result<(), KappaError> {
    if kappa.len() != n {
        return Err(KappaError::WrongLength {
            expected: n,
            found: kappa.len(),
        });
    }
    match kappa.iter().position(|v| !(0.0..=1.0).contains(v)) {
        Some(index) => Err(KappaError::OutOfRange {
            index,
            value: kappa[index],
        }),
        None => Ok(()),
    }
}

/// What the sliders show, and whether it is the default.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    /// One value per class.
    pub kappa: Vec<f64>,
    /// `true` when no custom κ is set (the "reset to default" button is then disabled).
    pub is_default: bool,
    /// `true` when the classifiers' class shares differ (different test sets): each is then
    /// scored with its own default, and the sliders show the mean of the defaults.
    pub defaults_differ: bool,
}

/// The κ the sliders show: the custom κ if valid, else the default — the class shares when
/// every classifier has the same (within `1e-12`), else their mean `(1/m) Σ_i shares_i`.
/// A custom κ that does not fit (wrong length, outside `[0, 1]`) is shown as the default.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation};
/// use ulab_state::pd::{kappa::shown, Classifiers};
/// let a = ConfusionMatrix::parse("3,1;1,3", Orientation::OutputRows).unwrap(); // shares 0.5, 0.5
/// let b = ConfusionMatrix::parse("7,0;1,2", Orientation::OutputRows).unwrap(); // 0.8, 0.2
/// let c = Classifiers::new(vec!["a".into(), "b".into()], vec![a, b]).unwrap();
/// let s = shown(None, &c);
/// assert!(s.is_default && s.defaults_differ);
/// assert!((s.kappa[0] - 0.65).abs() < 1e-12);
/// assert_eq!(shown(Some(&[0.1, 0.9]), &c).kappa, vec![0.1, 0.9]);
/// ```
pub fn shown(custom: Option<&[f64]>, classifiers: &Classifiers) -> Shown {
    let defaults: Vec<Vec<f64>> = classifiers.matrices().iter().map(default_of).collect();
    let n = classifiers.n();
    let differ = defaults
        .windows(2)
        .any(|w| w[0].iter().zip(&w[1]).any(|(a, b)| (a - b).abs() > 1e-12));
    let mean: Vec<f64> = (0..n)
        .map(|k| defaults.iter().map(|d| d[k]).sum::<f64>() / defaults.len().max(1) as f64)
        .collect();
    match custom {
        Some(k) if check(k, n).is_ok() => Shown {
            kappa: k.to_vec(),
            is_default: false,
            defaults_differ: differ,
        },
        _ => Shown {
            kappa: mean,
            is_default: true,
            defaults_differ: differ,
        },
    }
}

/// After a link was decoded over a state whose κ was `previous`: when the link's `kappa` was
/// refused (a notice under `kappa`), the previous κ stays in force if it still fits the
/// decoded problem — "a bad κ gives a notice and the last good κ".
///
/// # Examples
///
/// ```
/// use ulab_state::link::decode;
/// use ulab_state::pd::kappa::keep_last_good;
/// let mut d = decode("view=pd&u=1,0;0,1&cm.A=1,2;3,4&kappa=2,0");
/// assert_eq!(d.state.kappa, None);
/// keep_last_good(Some(&[0.3, 0.6]), &mut d);
/// assert_eq!(d.state.kappa, Some(vec![0.3, 0.6]));
/// let mut d = decode("view=pd&u=1,0,0;0,1,0;0,0,1&cm.A=1,2,0;3,4,0;0,0,1&kappa=x");
/// keep_last_good(Some(&[0.3, 0.6]), &mut d); // two values for three classes: not kept
/// assert_eq!(d.state.kappa, None);
/// ```
pub fn keep_last_good(previous: Option<&[f64]>, decoded: &mut crate::link::parts::Decoded) {
    let refused = decoded.notices.iter().any(|n| n.key == "kappa");
    if let (true, Some(k)) = (refused, previous)
        && check(k, decoded.state.n()).is_ok()
    {
        decoded.state.kappa = Some(k.to_vec());
    }
}
