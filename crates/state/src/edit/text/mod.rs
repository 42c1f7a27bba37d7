//! The one reader of a matrix written as text — a link's `u` and `cm.NAME`, and whatever is
//! pasted into a matrix editor, a paste box or the import box:
//!
//! * brackets ([`brackets`]): scikit-learn's printed `confusion_matrix` (`[[27 23]\n [15 35]]`),
//!   NumPy's repr (`array([[27, 23],\n [15, 35]])`, with `dtype=…` or floats such as `-1.`),
//!   Python and JSON lists, PyTorch's `tensor([[…]])`;
//! * the matrix syntax, `27,23;15,35` ([`read_syntax`]: all a link's value holds);
//! * spreadsheet cells and blank-separated rows ([`read_pasted`]); CSV with a header row and
//!   row names is read by [`crate::edit::import::read::read_with`], which tries these first.
//!
//! Every cell is read and every bad one named ([`BadCells`]), whatever the form:
//!
//! ```
//! use ulab_state::edit::text::{read_syntax, Rule};
//! let e = read_syntax("-5,10;NaN,20", Rule::Counts).unwrap_err();
//! assert_eq!(
//!     e.to_string(),
//!     "2 cells cannot be read: row 1, cell 1: -5 is negative; row 2, cell 1: 'NaN' is not a \
//!      number (counts and fractions must be ≥ 0)"
//! );
//! assert_eq!(read_syntax("[[27, 23], [15, 35]]", Rule::Counts).unwrap().to_string(), "27,23;15,35");
//! ```

pub mod brackets;

use super::cell::{CellError, judge};
use brackets::BracketError;
use std::fmt;
use ulab_core::matrix::MAX_DIM;
use ulab_core::text::{parse_decimal, shortest, truncate};
use ulab_core::{CoreError, Matrix};

/// What the cells of a matrix may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Any number within ±10¹⁵ (utilities).
    Any,
    /// Counts or fractions: numbers from 0 to 10¹⁵.
    Counts,
    /// Any finite number (a link's lists of shares, whose sum is what counts).
    Finite,
}

/// A cell that cannot be read: where (0-based row and cell; the line, in a file) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadCell {
    /// The 1-based line of a file, when the text is one.
    pub line: Option<usize>,
    /// The row, 0-based, as written.
    pub row: usize,
    /// The cell in its row, 0-based, as written.
    pub col: usize,
    /// Why.
    pub why: CellError,
}

/// Every bad cell of a matrix, in reading order (at least one). Its `Display` names each (the
/// first ten, then how many more) in one sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadCells(pub Vec<BadCell>);

/// The most bad cells a message names.
const NAMED: usize = 10;

impl fmt::Display for BadCells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        if n > 1 {
            write!(f, "{n} cells cannot be read: ")?;
        }
        for (k, cell) in self.0.iter().take(NAMED).enumerate() {
            let (at, i) = match cell.line {
                Some(l) => ("line", l),
                None => ("row", cell.row + 1),
            };
            let (before, t, after) = match &cell.why {
                CellError::Empty => (" is empty", "", ""),
                CellError::NotANumber(t) => (": '", t.as_str(), "' is not a number"),
                CellError::Negative(t) => (": ", t.as_str(), " is negative"),
                CellError::TooLarge(t) => {
                    (": ", t.as_str(), " is beyond ±10¹⁵, the largest accepted")
                }
            };
            let sep = if k > 0 { "; " } else { "" };
            write!(f, "{sep}{at} {i}, cell {}{before}{t}{after}", cell.col + 1)?;
        }
        if n > NAMED {
            write!(f, "; and {} more", n - NAMED)?;
        }
        if self
            .0
            .iter()
            .any(|c| matches!(c.why, CellError::Negative(_)))
        {
            f.write_str(" (counts and fractions must be ≥ 0)")?;
        }
        Ok(())
    }
}

/// Why a matrix's text cannot be read.
#[derive(Debug, Clone, PartialEq)]
pub enum TextError {
    /// Cells that are not numbers, or not in range: every one.
    Cells(BadCells),
    /// Brackets that do not make a list of rows.
    Brackets(BracketError),
    /// The numbers do not make the matrix (rows of different lengths, empty, too large, …).
    Matrix(CoreError),
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextError::Cells(b) => write!(f, "{b}"),
            TextError::Brackets(b) => write!(f, "{b}"),
            TextError::Matrix(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TextError {}

impl From<CoreError> for TextError {
    fn from(e: CoreError) -> TextError {
        TextError::Matrix(e)
    }
}

/// The matrix of `rows` of cells (row `r` on line `lines[r]` of a file, if given), each read
/// as a number (`decimal_comma`: `0,5` is 0.5) that `rule` allows.
///
/// # Errors
/// Every bad cell; else rows of different lengths, none, or more than [`MAX_DIM`].
pub fn read_rows(
    rows: &[Vec<&str>],
    lines: &[usize],
    decimal_comma: bool,
    rule: Rule,
) -> Result<Matrix, TextError> {
    let found = rows.len().max(rows.first().map_or(0, Vec::len));
    if found > MAX_DIM {
        let (what, max) = ("matrix size", MAX_DIM);
        return Err(CoreError::TooLarge { what, found, max }.into());
    }
    let mut bad = Vec::new();
    let mut values = Vec::with_capacity(rows.len());
    for (row, cells) in rows.iter().enumerate() {
        let mut out = Vec::with_capacity(cells.len());
        for (col, cell) in cells.iter().enumerate() {
            let t = cell.trim();
            let value = (!t.is_empty()).then(|| parse_decimal(t, decimal_comma));
            let shown = || truncate(t, 20);
            let read = match (value, rule) {
                (None, _) => Err(CellError::Empty),
                (Some(v), Rule::Finite) => v.ok_or_else(|| CellError::NotANumber(shown())),
                (Some(v), _) => judge(v, shown, rule == Rule::Counts),
            };
            match read {
                Ok(v) => out.push(v),
                Err(why) => {
                    let line = lines.get(row).copied();
                    bad.push(BadCell {
                        line,
                        row,
                        col,
                        why,
                    });
                }
            }
        }
        values.push(out);
    }
    if !bad.is_empty() {
        return Err(TextError::Cells(BadCells(bad)));
    }
    Ok(Matrix::from_rows(&values)?)
}

/// Every cell of `m` that `rule` refuses (a negative count, beyond ±10¹⁵), or `None`.
///
/// ```
/// use ulab_core::Matrix;
/// use ulab_state::edit::text::{refused_cells, Rule};
/// let m = Matrix::parse("-5,10;-1,20").unwrap();
/// assert_eq!(refused_cells(&m, Rule::Counts).unwrap().0.len(), 2);
/// assert_eq!(refused_cells(&m, Rule::Any), None);
/// ```
pub fn refused_cells(m: &Matrix, rule: Rule) -> Option<BadCells> {
    let cells = (0..m.rows()).flat_map(|row| (0..m.cols()).map(move |col| (row, col)));
    let bad: Vec<BadCell> = cells
        .filter_map(|(row, col)| {
            let v = m.get(row, col);
            let why = judge(Some(v), || shortest(v), rule == Rule::Counts).err()?;
            Some(BadCell {
                line: None,
                row,
                col,
                why,
            })
        })
        .collect();
    (!bad.is_empty()).then_some(BadCells(bad))
}

/// A matrix written with brackets ([`brackets`]), read as `rule` says; `None` when `text` is
/// not written with brackets.
pub fn read_brackets(text: &str, rule: Rule) -> Option<Result<Matrix, TextError>> {
    brackets::to_syntax(text).map(|s| plain(&s.map_err(TextError::Brackets)?, rule))
}

/// A matrix in the matrix syntax (cells separated by `,`, rows by `;`, blanks ignored, one
/// final `;` allowed) or written with brackets, as a link's value is.
///
/// # Errors
/// Every bad cell, or why the text is not a matrix.
pub fn read_syntax(text: &str, rule: Rule) -> Result<Matrix, TextError> {
    read_brackets(text, rule).unwrap_or_else(|| plain(text, rule))
}

/// A matrix in the matrix syntax.
fn plain(text: &str, rule: Rule) -> Result<Matrix, TextError> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let body = compact.strip_suffix(';').unwrap_or(&compact);
    if body.is_empty() {
        return Err(CoreError::Empty.into());
    }
    let rows: Vec<Vec<&str>> = body.split(';').map(|r| r.split(',').collect()).collect();
    read_rows(&rows, &[], false, rule)
}

/// A matrix pasted from a spreadsheet or typed by hand: rows on lines or separated by `;`,
/// cells by tabs (a comma in a cell is then a decimal comma), `,` or blanks
/// ([`Matrix::pasted_cells`]); or written with brackets.
///
/// # Errors
/// Every bad cell, or why the text is not a matrix.
///
/// # Examples
///
/// ```
/// use ulab_state::edit::text::{read_pasted, Rule};
/// assert_eq!(read_pasted("0,5\t1\n2\t3", Rule::Any).unwrap().to_string(), "0.5,1;2,3");
/// assert_eq!(read_pasted("[[27 23]\n [15 35]]", Rule::Counts).unwrap().to_string(), "27,23;15,35");
/// ```
pub fn read_pasted(text: &str, rule: Rule) -> Result<Matrix, TextError> {
    if let Some(read) = read_brackets(text, rule) {
        return read;
    }
    let (rows, tabbed) = Matrix::pasted_cells(text);
    if rows.is_empty() {
        return Err(CoreError::Empty.into());
    }
    read_rows(&rows, &[], tabbed, rule)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bad_cell_is_named_and_the_list_is_cut() {
        let e = read_syntax("x,-1;1e16,", Rule::Counts)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "4 cells cannot be read: row 1, cell 1: 'x' is not a number; row 1, cell 2: -1 is \
             negative; row 2, cell 1: 1e16 is beyond ±10¹⁵, the largest accepted; row 2, cell 2 \
             is empty (counts and fractions must be ≥ 0)"
        );
        let many = vec!["x"; 30].join(",");
        let e = read_syntax(&many, Rule::Any).unwrap_err().to_string();
        assert!(
            e.starts_with("30 cells cannot be read: row 1, cell 1: 'x'"),
            "{e}"
        );
        assert!(
            e.ends_with("row 1, cell 10: 'x' is not a number; and 20 more"),
            "{e}"
        );
        // Negative utilities are utilities.
        assert_eq!(
            read_syntax("-1,0;0,-1", Rule::Any).unwrap().to_string(),
            "-1,0;0,-1"
        );
    }

    #[test]
    fn the_syntax_reads_as_matrix_parse_does() {
        for t in [
            "15,-335;-35,165",
            " 1 000 , 2 ; 3,4 ;",
            "1",
            "1;2;3",
            "0.5,1e-3",
        ] {
            assert_eq!(
                read_syntax(t, Rule::Any).ok(),
                Matrix::parse(t).ok(),
                "{t:?}"
            );
        }
        for t in ["", ";", "1,2;3", "1;;2", "1,2;3,4;;"] {
            assert!(read_syntax(t, Rule::Any).is_err(), "{t:?}");
            assert!(Matrix::parse(t).is_err(), "{t:?}");
        }
    }

    #[test]
    fn sizes_are_bounded_before_reading() {
        let wide = vec!["1"; MAX_DIM + 1].join(",");
        assert!(matches!(
            read_syntax(&wide, Rule::Any),
            Err(TextError::Matrix(CoreError::TooLarge { .. }))
        ));
        let tall = vec!["1"; MAX_DIM + 1].join(";");
        assert!(read_syntax(&tall, Rule::Any).is_err());
    }
}
