//! How numbers are written on the page.

use crate::core::matrix::format_trimmed;

/// The typographic minus sign, used instead of the hyphen for negative numbers.
pub const MINUS: char = '\u{2212}';

/// `v` with at most `decimals` decimals, trailing zeros removed, and a typographic minus:
/// `3.5`, `−3.5`, `27`, `0` (never `−0`).
pub fn number(v: f64, decimals: usize) -> String {
    let s = format_trimmed(v, decimals);
    match s.strip_prefix('-') {
        Some(rest) => format!("{MINUS}{rest}"),
        None => s,
    }
}

/// `v` (a share in [0, 1]) as a percentage with at most `decimals` decimals: `62 %`.
pub fn percent(v: f64, decimals: usize) -> String {
    format!("{}\u{202f}%", number(100.0 * v, decimals))
}

/// `v` with exactly `decimals` decimals (trailing zeros kept, so that a column lines up) and a
/// typographic minus: `0.70`, `−3.50`; never `−0.00`.
pub fn fixed(v: f64, decimals: usize) -> String {
    let s = format!("{v:.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        Some(rest) => format!("{MINUS}{rest}"),
        None => s,
    }
}
