//! The view's link keys and their syntax: `pdstep`, `pdgrid`, `pdbins`, `pdseed` ([`LINK_KEYS`],
//! entries of the app's one key table, [`crate::link::keys`]). `view=pd` and `kappa`
//! (κ, one value in [0, 1] per class; absent = class shares, eq. 31) are the app's general and
//! problem keys.
//!
//! | key | value | default |
//! |---|---|---|
//! | `pdstep` | the heatmap's grid step, `1/N` for a whole `N` from 10 to 200 (`0.1`, `0.05`, `0.02`, `0.01`, `0.005`, …) | `0.1` |
//! | `pdgrid` | the κ grid values of the histograms, comma-separated in [0, 1]; `a,b,...,z` stands for `a, b, 2b − a, …` up to `z` | `0,0.25,0.5,0.75,1` |
//! | `pdbins` | histogram bins on [0, 1], 1 to 200 | `50` |
//! | `pdseed` | seed of the random κ vectors (only when the grid exceeds 10⁵ vectors), a whole number ≥ 0 | `1` |
//!
//! Example: `#view=pd&cm.T4=40,7,3;8,10,2;9,1,20&orient=true-rows&kappa=0.5,0.2,0.3&pdgrid=0,0.1,...,1&pdbins=100`.

use super::PdError;
use super::grid::{GridSettings, MAX_BINS, MAX_GRID_VALUES};
use super::heatmap::{DEFAULT_DIVISIONS, divisions_for_step};
use crate::link::error::LinkError;
use crate::link::key::Key;
use ulab_core::text;

/// A setting's error as a link notice: the value and what the key takes.
fn rejected(v: &str, e: PdError) -> LinkError {
    LinkError::rejected(v, 24, format!("valid ({e})"))
}

/// The view's keys (besides the app's `view`, `kappa`, `u`, `cm.NAME`, `classes`, `orient`,
/// `embed`), in the order links are written.
pub const LINK_KEYS: [Key; 4] = [
    Key::value(
        "pdstep",
        "`1/N`, N 10–200",
        "p-d: the grid step of the two-class heatmaps (0.1, 0.05, 0.02, 0.01, 0.005; default 0.1)",
        |v, s| {
            s.pd.divisions = parse_step(v).map_err(|e| rejected(v, e))?;
            Ok(())
        },
        |s, out| {
            if !step_is_default(s.pd.divisions) {
                out.push(format!("pdstep={}", format_step(s.pd.divisions)));
            }
        },
    ),
    Key::value(
        "pdgrid",
        "values 0–1",
        "p-d: the κ grid values of the histograms, comma-separated; `a,b,...,z` = a, b, 2b − a, … \
         up to z (default 0,0.25,0.5,0.75,1)",
        |v, s| {
            s.pd.grid.values = parse_grid(v).map_err(|e| rejected(v, e))?;
            Ok(())
        },
        |s, out| {
            if s.pd.grid.values != GridSettings::default().values {
                out.push(format!("pdgrid={}", format_grid(&s.pd.grid.values)));
            }
        },
    ),
    Key::value(
        "pdbins",
        "1–200",
        "p-d: histogram bins on [0, 1] (default 50)",
        |v, s| {
            s.pd.grid.bins = parse_bins(v).map_err(|e| rejected(v, e))?;
            Ok(())
        },
        |s, out| {
            if s.pd.grid.bins != GridSettings::default().bins {
                out.push(format!("pdbins={}", s.pd.grid.bins));
            }
        },
    ),
    Key::value(
        "pdseed",
        "whole number",
        "p-d: the seed of the random κ vectors drawn when the grid exceeds 10⁵ vectors (default 1)",
        |v, s| {
            s.pd.grid.seed = parse_seed(v).map_err(|e| rejected(v, e))?;
            Ok(())
        },
        |s, out| {
            if s.pd.grid.seed != GridSettings::default().seed {
                out.push(format!("pdseed={}", s.pd.grid.seed));
            }
        },
    ),
];

/// Reads `pdstep`: the number of divisions `N` of the heatmap grid.
///
/// # Errors
/// Not a number, or not `1/N` for `N` in 10..=200.
///
/// # Examples
///
/// ```
/// use ulab_state::pd::link::{format_step, parse_step};
/// assert_eq!(parse_step("0.01").unwrap(), 100);
/// assert_eq!(format_step(100), "0.01");
/// assert!(parse_step("abc").is_err());
/// ```
pub fn parse_step(s: &str) -> Result<usize, PdError> {
    let v = text::parse_number(s).ok_or_else(|| {
        PdError::Setting(format!(
            "grid step '{}' is not a number",
            text::truncate(s.trim(), 20)
        ))
    })?;
    divisions_for_step(v)
}

/// Writes `pdstep` for `N` divisions: `1/N` in its shortest form.
pub fn format_step(divisions: usize) -> String {
    text::shortest(1.0 / divisions.max(1) as f64)
}

/// Whether `pdstep` can be left out (the default).
pub fn step_is_default(divisions: usize) -> bool {
    divisions == DEFAULT_DIVISIONS
}

/// Reads `pdgrid`: [`read_grid`] with at most [`MAX_GRID_VALUES`] values, its error named
/// "κ grid".
///
/// # Errors
/// [`PdError::Setting`] with the message of a [`GridTextError`].
///
/// # Examples
///
/// ```
/// use ulab_state::pd::link::{format_grid, parse_grid};
/// assert_eq!(parse_grid("0,0.25,...,1").unwrap(), vec![0.0, 0.25, 0.5, 0.75, 1.0]);
/// assert_eq!(parse_grid("0.33, 0.66").unwrap(), vec![0.33, 0.66]);
/// assert_eq!(parse_grid("0,0.1,...,1").unwrap().len(), 11);
/// assert_eq!(parse_grid("0,1.5").unwrap_err().to_string(), "κ grid: 1.5 is outside [0, 1]");
/// assert!(parse_grid("0,...,1").is_err());
/// assert_eq!(format_grid(&[0.0, 0.5, 1.0]), "0,0.5,1");
/// ```
pub fn parse_grid(s: &str) -> Result<Vec<f64>, PdError> {
    read_grid(s, MAX_GRID_VALUES).map_err(|e| PdError::Setting(format!("κ grid: {e}")))
}

/// Why a κ grid's text was refused ([`read_grid`]); its `Display` is the message, to follow
/// the name of the field or option ("κ grid: …", "--grid: …").
#[derive(Debug, Clone, PartialEq)]
pub enum GridTextError {
    /// Value `index` (from 1) is empty.
    Empty(usize),
    /// A value that is not a number (its text, shortened).
    NotANumber(String),
    /// A `...` with no value after it.
    NoEnd,
    /// A `...` with fewer than two values before it.
    NoStep,
    /// `a,b,...,end` that does not increase.
    NotIncreasing(f64, f64, f64),
    /// More than this many values.
    TooMany(usize),
    /// A value outside `[0, 1]`.
    Outside(f64),
}

impl std::fmt::Display for GridTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use GridTextError::*;
        match self {
            Empty(i) => write!(f, "value {i} is empty"),
            NotANumber(t) => write!(f, "'{t}' is not a number"),
            NoEnd => f.write_str("'...' must be followed by the last value, as in 0,0.1,...,1"),
            NoStep => f.write_str("'...' needs two values before it, as in 0,0.1,...,1"),
            NotIncreasing(a, b, end) => write!(
                f,
                "'{},{},...,{}' is not an increasing sequence",
                text::shortest(*a),
                text::shortest(*b),
                text::shortest(*end)
            ),
            TooMany(max) => write!(f, "more than {max} values"),
            Outside(v) => write!(f, "{} is outside [0, 1]", text::shortest(*v)),
        }
    }
}

impl std::error::Error for GridTextError {}

/// A κ grid written as text, for the view's field and link and for `ulab pd --grid`: values
/// in `[0, 1]`, comma-separated, in the order given, duplicates removed; `a,b,...,z` is the
/// progression `a, b, b + (b − a), …` up to `z` (the last value snapped to `z` when it lands
/// within `10⁻⁹` of a step of it, else `z` appended); at most `max` values.
///
/// # Errors
/// A [`GridTextError`]: an empty value, a value that is not a number or is outside `[0, 1]`,
/// a `...` without two values before it and one after, a progression that does not
/// increase, more than `max` values.
///
/// # Examples
///
/// ```
/// use ulab_state::pd::link::{read_grid, GridTextError};
/// assert_eq!(read_grid("0,0.5,...,1, 0.5", 10).unwrap(), vec![0.0, 0.5, 1.0]);
/// assert_eq!(read_grid("0,0.1,...,1", 5), Err(GridTextError::TooMany(5)));
/// assert_eq!(
///     read_grid("0.5,0.2,...,1", 10).unwrap_err().to_string(),
///     "'0.5,0.2,...,1' is not an increasing sequence"
/// );
/// ```
pub fn read_grid(s: &str, max: usize) -> Result<Vec<f64>, GridTextError> {
    let tokens: Vec<&str> = s.split(',').map(str::trim).collect();
    let mut out: Vec<f64> = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        let t = tokens[k];
        if t == "..." || t == "…" {
            let end = tokens
                .get(k + 1)
                .and_then(|e| text::parse_number(e))
                .ok_or(GridTextError::NoEnd)?;
            let n = out.len();
            if n < 2 {
                return Err(GridTextError::NoStep);
            }
            let (a, b) = (out[n - 2], out[n - 1]);
            let step = b - a;
            if !(step > 0.0) || end < b {
                return Err(GridTextError::NotIncreasing(a, b, end));
            }
            let count = ((end - b) / step + 1e-9).floor();
            if count + n as f64 > max as f64 {
                return Err(GridTextError::TooMany(max));
            }
            out.extend((1..=count as usize).map(|i| b + step * i as f64));
            // The end value itself, unless the progression already hit it (up to rounding).
            match out.last_mut() {
                Some(last) if (*last - end).abs() <= 1e-9 * step + 1e-12 => *last = end,
                _ => out.push(end),
            }
            k += 2;
            continue;
        }
        if t.is_empty() {
            return Err(GridTextError::Empty(out.len() + 1));
        }
        let v = text::parse_number(t)
            .ok_or_else(|| GridTextError::NotANumber(text::truncate(t, 24)))?;
        out.push(v);
        if out.len() > max {
            return Err(GridTextError::TooMany(max));
        }
        k += 1;
    }
    if let Some(v) = out.iter().find(|v| !(0.0..=1.0).contains(*v)) {
        return Err(GridTextError::Outside(*v));
    }
    let mut unique: Vec<f64> = Vec::with_capacity(out.len());
    for v in out {
        if !unique.contains(&v) {
            unique.push(v);
        }
    }
    Ok(unique)
}

/// Writes `pdgrid`: each value by [`text::shortest`], comma-separated (no ellipsis).
pub fn format_grid(values: &[f64]) -> String {
    super::kappa::format_kappa(values)
}

/// Reads `pdbins`: a whole number from 1 to [`MAX_BINS`].
///
/// # Errors
/// Anything else.
///
/// # Examples
///
/// ```
/// use ulab_state::pd::link::parse_bins;
/// assert_eq!(parse_bins("100").unwrap(), 100);
/// assert!(parse_bins("0").is_err() && parse_bins("2.5").is_err());
/// ```
pub fn parse_bins(s: &str) -> Result<usize, PdError> {
    match text::parse_whole(s) {
        Some(v) if (1..=MAX_BINS as u64).contains(&v) => Ok(v as usize),
        _ => Err(PdError::Setting(format!(
            "histogram bins '{}': a whole number from 1 to {MAX_BINS}",
            text::truncate(s.trim(), 20)
        ))),
    }
}

/// Reads `pdseed`: a whole number ≥ 0 (up to 2⁶⁴ − 1).
///
/// # Errors
/// Anything else.
///
/// # Examples
///
/// ```
/// assert_eq!(ulab_state::pd::link::parse_seed("7").unwrap(), 7);
/// assert!(ulab_state::pd::link::parse_seed("-1").is_err());
/// ```
pub fn parse_seed(s: &str) -> Result<u64, PdError> {
    text::parse_whole(s).ok_or_else(|| {
        PdError::Setting(format!(
            "seed '{}': a whole number ≥ 0",
            text::truncate(s.trim(), 24)
        ))
    })
}
