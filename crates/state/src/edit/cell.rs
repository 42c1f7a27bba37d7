//! What one cell of a matrix editor means: the reader behind every field of the app's matrix
//! editors, run on every cell at every edit.

use std::fmt;
use ulab_core::Matrix;
use ulab_core::limits::MAX_COUNT;
use ulab_core::text::parse_number;

/// Why a cell's text is not a valid cell. `Display` is the end of the sentence the editor
/// shows after "Cell (row, column)".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CellError {
    /// Only blanks.
    Empty,
    /// Below 0 where counts or fractions are expected (the text, at most 20 characters).
    Negative(String),
    /// Beyond ±10¹⁵, [`MAX_COUNT`] (the text).
    TooLarge(String),
    /// Not a number (the text).
    NotANumber(String),
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CellError::Empty => write!(f, "is empty"),
            CellError::Negative(t) => {
                write!(f, "is negative ({t}); counts and fractions must be ≥ 0")
            }
            CellError::TooLarge(t) => {
                write!(f, "'{t}' is beyond ±10¹⁵, the largest number accepted")
            }
            CellError::NotANumber(t) => write!(f, "'{t}' is not a number"),
        }
    }
}

impl std::error::Error for CellError {}

/// The value of a cell typed as `text`: a finite number within ±10¹⁵, read as the matrix
/// syntax reads a 1 × 1 matrix ([`Matrix::parse`]: blanks anywhere are ignored, a final `;` is
/// allowed), and ≥ 0 when `non_negative`.
///
/// # Errors
/// Empty, not a number, beyond ±10¹⁵, or negative when `non_negative`.
///
/// # Examples
///
/// ```
/// use ulab_state::edit::cell::{read_cell, CellError};
/// assert_eq!(read_cell(" 2.5e1 ", true), Ok(25.0));
/// assert_eq!(read_cell("1 000", true), Ok(1000.0));
/// assert_eq!(read_cell("-3", false), Ok(-3.0));
/// assert_eq!(read_cell("-3", true), Err(CellError::Negative("-3".into())));
/// assert_eq!(read_cell("1,5", true), Err(CellError::NotANumber("1,5".into())));
/// assert_eq!(read_cell("  ", true), Err(CellError::Empty));
/// ```
pub fn read_cell(text: &str, non_negative: bool) -> Result<f64, CellError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(CellError::Empty);
    }
    // A plain number (what is typed nearly always) reads as `Matrix::parse` reads it, without
    // its copy of the text and its splitting.
    let plain = !t.contains(|c: char| c.is_whitespace() || c == ',' || c == ';');
    let value = match plain.then(|| parse_number(t)) {
        Some(v) => v,
        None => Matrix::parse(t)
            .ok()
            .filter(|m| m.rows() == 1 && m.cols() == 1)
            .map(|m| m.get(0, 0)),
    };
    judge(value, || t.chars().take(20).collect(), non_negative)
}

/// A cell's `value` as read (`None`: not a number), judged as [`read_cell`] does: beyond
/// ±10¹⁵, or negative when `non_negative`, is an error that shows the cell as `shown` gives it.
pub(crate) fn judge(
    value: Option<f64>,
    shown: impl FnOnce() -> String,
    non_negative: bool,
) -> Result<f64, CellError> {
    match value {
        None => Err(CellError::NotANumber(shown())),
        Some(v) if non_negative && v < 0.0 => Err(CellError::Negative(shown())),
        Some(v) if v.abs() > MAX_COUNT => Err(CellError::TooLarge(shown())),
        Some(v) => Ok(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reader as it was before its fast path: every text through `Matrix::parse`.
    fn by_matrix(text: &str, non_negative: bool) -> Result<f64, CellError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(CellError::Empty);
        }
        let shown = t.chars().take(20).collect::<String>();
        match Matrix::parse(t) {
            Ok(m) if m.rows() == 1 && m.cols() == 1 && non_negative && m.get(0, 0) < 0.0 => {
                Err(CellError::Negative(shown))
            }
            Ok(m) if m.rows() == 1 && m.cols() == 1 && m.get(0, 0).abs() > MAX_COUNT => {
                Err(CellError::TooLarge(shown))
            }
            Ok(m) if m.rows() == 1 && m.cols() == 1 => Ok(m.get(0, 0)),
            _ => Err(CellError::NotANumber(shown)),
        }
    }

    #[test]
    fn reads_as_the_matrix_syntax_does() {
        let texts = [
            "0",
            "12",
            " 7 ",
            "0.5",
            ".5",
            "5.",
            "-0",
            "-2",
            "+3",
            "1e3",
            "1E-2",
            "2.5e+1",
            "1e15",
            "1e16",
            "-1e16",
            "1000000000000001",
            "1 000",
            "5;",
            "5;;",
            ";5",
            "1,2",
            "1;2",
            "1,",
            "",
            "  ",
            "abc",
            "inf",
            "NaN",
            "0x10",
            "1_000",
            "--1",
            "1e999",
            "é",
            "١",
            "1\u{a0}0",
            "\t4\n",
            "0.1.2",
            "e5",
            "1e",
            "-",
            ".",
            "12345678901234567890123",
        ];
        for t in texts {
            for nn in [false, true] {
                assert_eq!(
                    read_cell(t, nn),
                    by_matrix(t, nn),
                    "{t:?} non_negative={nn}"
                );
            }
        }
    }

    #[test]
    fn random_texts_read_as_the_matrix_syntax_does() {
        use rand::{Rng, SeedableRng};
        let alphabet: Vec<char> = "0123456789+-.eE ,;\tx\u{a0}é".chars().collect();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
        for _ in 0..50_000 {
            let len = rng.random_range(0..9);
            let t: String = (0..len)
                .map(|_| alphabet[rng.random_range(0..alphabet.len())])
                .collect();
            for nn in [false, true] {
                assert_eq!(
                    read_cell(&t, nn),
                    by_matrix(&t, nn),
                    "{t:?} non_negative={nn}"
                );
            }
        }
    }

    #[test]
    fn long_texts_are_cut_by_characters() {
        let t = "é".repeat(30);
        assert_eq!(
            read_cell(&t, true),
            Err(CellError::NotANumber("é".repeat(20)))
        );
    }
}
