//! Readers of what the user types and pastes: deployment shares in percent, a pasted matrix
//! (the matrix syntax, spreadsheet cells, CSV), and whether a matrix holds counts or
//! fractions; and the default matrix of a new classifier.

use super::import::read::{Imported, read_with};
use super::import::{ImportError, ImportKind};
use super::text::Rule;
use std::fmt;
use ulab_core::Matrix;
use ulab_core::text::{capitalize, number, parse_decimal, trimmed};

pub use super::values::{Values, values_of};

/// Why share fields give no shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SharesError {
    /// A field is not a number ≥ 0.
    NotANumber,
    /// Every share is 0.
    AllZero,
}

impl fmt::Display for SharesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SharesError::NotANumber => write!(f, "Each share must be a number ≥ 0 (in percent)."),
            SharesError::AllZero => write!(f, "At least one share must be above 0."),
        }
    }
}

impl std::error::Error for SharesError {}

/// Why pasted text is not a matrix.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadError {
    /// Nothing but blanks.
    Nothing,
    /// The text's problem: every bad cell (with its line in CSV), or why it is not a matrix.
    Text(ImportError),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Nothing => write!(f, "Nothing to read: paste or type a matrix first."),
            ReadError::Text(e) => write!(f, "{}.", capitalize(&e.to_string())),
        }
    }
}

impl std::error::Error for ReadError {}

/// What was read from share fields (percentages).
#[derive(Debug, Clone, PartialEq)]
pub struct SharesReading {
    /// The shares to use (summing to 1), or why there are none.
    pub shares: Result<Vec<f64>, SharesError>,
    /// Indices of the fields that are not a number ≥ 0.
    pub bad: Vec<usize>,
    /// The sum of the fields, in percent (when every field is a number).
    pub sum_percent: Option<f64>,
    /// The fields did not sum to 100 % and were scaled to do so.
    pub rescaled: bool,
}

/// Reads deployment shares typed as percentages (`1`, `99`, `0.5 %`, `2,5`): each must be a
/// number ≥ 0 and their sum positive; if the sum is not 100 % they are scaled to it (and
/// `rescaled` says so).
///
/// # Examples
///
/// ```
/// use ulab_state::edit::read_percent_shares;
/// let r = read_percent_shares(&["1".into(), "99 %".into()]);
/// assert_eq!(r.shares.unwrap(), vec![0.01, 0.99]);
/// let s = read_percent_shares(&["1".into(), "1".into()]);
/// assert!(s.rescaled);
/// assert_eq!(s.shares.unwrap(), vec![0.5, 0.5]);
/// assert_eq!(read_percent_shares(&["x".into(), "-1".into()]).bad, vec![0, 1]);
/// ```
pub fn read_percent_shares(fields: &[String]) -> SharesReading {
    let mut values = Vec::with_capacity(fields.len());
    let mut bad = Vec::new();
    for (k, f) in fields.iter().enumerate() {
        match parse_decimal(f.trim().trim_end_matches('%'), true) {
            Some(v) if v >= 0.0 => values.push(v),
            _ => bad.push(k),
        }
    }
    if !bad.is_empty() {
        return SharesReading {
            shares: Err(SharesError::NotANumber),
            bad,
            sum_percent: None,
            rescaled: false,
        };
    }
    let sum: f64 = values.iter().sum();
    if !(sum > 0.0) || !sum.is_finite() {
        return SharesReading {
            shares: Err(SharesError::AllZero),
            bad,
            sum_percent: Some(sum),
            rescaled: false,
        };
    }
    let rescaled = (sum - 100.0).abs() > 1e-9;
    SharesReading {
        shares: Ok(values.iter().map(|v| v / sum).collect()),
        bad,
        sum_percent: Some(sum),
        rescaled,
    }
}

impl SharesReading {
    /// Whether the fields read mean the shares `p` (to 10⁻⁹), so that they need not be written
    /// again.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::edit::read_percent_shares;
    /// let r = read_percent_shares(&["25".into(), "75.0".into()]);
    /// assert!(r.means(&[0.25, 0.75]));
    /// assert!(!r.means(&[0.5, 0.5]));
    /// assert!(!r.means(&[0.25, 0.75, 0.0]));
    /// assert!(!read_percent_shares(&["x".into()]).means(&[1.0]));
    /// ```
    pub fn means(&self, p: &[f64]) -> bool {
        self.shares
            .as_ref()
            .map(|s| s.len() == p.len() && s.iter().zip(p).all(|(a, b)| (a - b).abs() < 1e-9))
            .unwrap_or(false)
    }

    /// When the fields did not sum to 100 %: their sum, and the shares `used` (in percent) —
    /// "These sum to 50 %, so they are used scaled to 100 %: 20 %, 80 %."
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::edit::read_percent_shares;
    /// let r = read_percent_shares(&["10".into(), "40".into()]);
    /// assert_eq!(
    ///     r.rescaled_note(Some(&[0.2, 0.8])).unwrap(),
    ///     "These sum to 50 %, so they are used scaled to 100 %: 20 %, 80 %."
    /// );
    /// assert_eq!(read_percent_shares(&["20".into(), "80".into()]).rescaled_note(None), None);
    /// ```
    pub fn rescaled_note(&self, used: Option<&[f64]>) -> Option<String> {
        if !self.rescaled {
            return None;
        }
        let used = used
            .map(|p| {
                p.iter()
                    .map(|v| format!("{} %", number(100.0 * v, 2)))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default();
        Some(format!(
            "These sum to {} %, so they are used scaled to 100 %: {used}.",
            number(self.sum_percent.unwrap_or(0.0), 2)
        ))
    }
}

/// Shares as the percentages typed in share fields (up to 4 decimals, trailing zeros dropped).
///
/// # Examples
///
/// ```
/// use ulab_state::edit::percent_texts;
/// assert_eq!(percent_texts(&[0.25, 0.75]), ["25", "75"]);
/// assert_eq!(percent_texts(&[1.0 / 3.0]), ["33.3333"]);
/// ```
pub fn percent_texts(p: &[f64]) -> Vec<String> {
    p.iter().map(|v| trimmed(100.0 * v, 4)).collect()
}

/// A matrix read from pasted text, with the column names of a header row if there was one.
#[derive(Debug, Clone, PartialEq)]
pub struct Pasted {
    /// The numbers, rows first as written.
    pub matrix: Matrix,
    /// Names from a header row.
    pub names: Option<Vec<String>>,
}

/// Reads a matrix from pasted text, its cells as `rule` allows: written with brackets as NumPy
/// and scikit-learn print it, the matrix syntax (`27,15;23,35`), spreadsheet cells
/// (tab-separated rows, decimal commas allowed), blank-separated rows, or CSV text with an
/// optional header row and first column of names — the import's reader
/// ([`read_with`]), so that every place a matrix is pasted reads the same.
///
/// # Errors
/// Nothing to read, or the problem: every bad cell, with its row or line.
///
/// # Examples
///
/// ```
/// use ulab_state::edit::read_matrix_text;
/// use ulab_state::edit::text::Rule;
/// let read = |t| read_matrix_text(t, Rule::Counts).map(|p| p.matrix.to_string());
/// assert_eq!(read("43,18;7,32").unwrap(), "43,18;7,32");
/// assert_eq!(read("43\t18\n7\t32\n").unwrap(), "43,18;7,32");
/// assert_eq!(read("[[43 18]\n [ 7 32]]").unwrap(), "43,18;7,32");
/// let h = read_matrix_text("\tlong\tshort\nlong\t27\t15\nshort\t23\t35", Rule::Counts).unwrap();
/// assert_eq!(h.matrix.to_string(), "27,15;23,35");
/// assert_eq!(h.names.unwrap(), vec!["long", "short"]);
/// assert!(read("1,2;3,x").is_err());
/// ```
pub fn read_matrix_text(text: &str, rule: Rule) -> Result<Pasted, ReadError> {
    if text.trim().is_empty() {
        return Err(ReadError::Nothing);
    }
    match read_with(text, ImportKind::Matrix, rule) {
        Ok(Imported::Matrix { matrix, names, .. }) => Ok(Pasted { matrix, names }),
        // (A matrix is asked for: never labels.)
        Ok(Imported::Labels(_)) => Err(ReadError::Nothing),
        Err(e) => Err(ReadError::Text(e)),
    }
}

/// A plausible classifier for a test set with these class totals: 80 % of each class on the
/// diagonal, the rest spread over the other outputs. Whole totals give whole counts; other
/// totals (fractions) are split exactly.
///
/// # Examples
///
/// ```
/// use ulab_state::edit::default_confusion;
/// assert_eq!(default_confusion(&[50.0, 50.0]).to_string(), "40,10;10,40");
/// assert_eq!(default_confusion(&[0.5, 0.5]).to_string(), "0.4,0.1;0.1,0.4");
/// ```
pub fn default_confusion(totals: &[f64]) -> Matrix {
    let n = totals.len().max(2);
    let whole = totals.iter().all(|t| t.fract() == 0.0);
    let mut m = vec![0.0; n * n];
    for (j, t) in totals.iter().enumerate() {
        let others = (n - 1) as f64;
        let (right, each) = if whole {
            let right = (0.8 * t).round();
            (right, ((t - right) / others).floor())
        } else {
            (0.8 * t, 0.2 * t / others)
        };
        m[j * n + j] = right;
        let mut left = t - right;
        for i in (0..n).filter(|i| *i != j) {
            m[i * n + j] = each;
            left -= each;
        }
        if whole {
            // What the even split left over goes to one wrong output.
            let last = if j == n - 1 { 0 } else { n - 1 };
            m[last * n + j] += left;
        }
    }
    if m.iter().all(|v| *v == 0.0) {
        m[0] = 1.0;
    }
    Matrix::new(n, n, m).expect("valid default matrix")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_shares() {
        let r = read_percent_shares(&["50".into(), "50".into()]);
        assert_eq!(r.shares.unwrap(), vec![0.5, 0.5]);
        assert!(!r.rescaled);
        let r = read_percent_shares(&["1".into(), "98".into()]);
        assert!(r.rescaled);
        assert_eq!(r.sum_percent, Some(99.0));
        assert_eq!(
            read_percent_shares(&["0".into(), "0".into()]).shares,
            Err(SharesError::AllZero)
        );
        assert_eq!(
            read_percent_shares(&["2,5".into(), "97.5".into()])
                .shares
                .unwrap()[0],
            0.025
        );
        assert_eq!(read_percent_shares(&["".into(), "1".into()]).bad, vec![0]);
        let r = read_percent_shares(&["inf".into(), "NaN".into()]);
        assert_eq!(
            (r.bad, r.shares),
            (vec![0, 1], Err(SharesError::NotANumber))
        );
    }

    #[test]
    fn values_kinds() {
        assert_eq!(
            values_of(&Matrix::parse("1,0;0,0").unwrap()),
            Values::Fractions { sum: 1.0 }
        );
        assert_eq!(
            values_of(&Matrix::parse("2,0;0,0").unwrap()),
            Values::Counts { total: 2.0 }
        );
    }

    #[test]
    fn default_matrices_keep_the_column_totals() {
        let m = default_confusion(&[50.0; 20]);
        assert_eq!(m.col_sums(), vec![50.0; 20]);
        assert_eq!(m.get(3, 3), 40.0);
        let f = default_confusion(&[0.3, 0.7]);
        assert!((f.sum() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn matrix_text_variants() {
        let read = |t: &str| read_matrix_text(t, Rule::Counts);
        for t in [
            "43,18;7,32",
            " 43 , 18 ; 7 , 32 ",
            "43\t18\n7\t32",
            "43\t18\r\n7\t32\r\n",
            "43 18\n7 32",
            "43;18\n7;32",
            "out\tlong\tshort\nlong\t43\t18\nshort\t7\t32",
        ] {
            assert_eq!(read(t).unwrap().matrix.to_string(), "43,18;7,32", "{t:?}");
        }
        assert_eq!(
            read("0,5\t0,5\n1\t0").unwrap().matrix.to_string(),
            "0.5,0.5;1,0"
        );
        // A utility matrix: any sign, any shape.
        let u = read_matrix_text("1 0\n0 1\n-0.5 -0.5", Rule::Any).unwrap();
        assert_eq!(u.matrix.to_string(), "1,0;0,1;-0.5,-0.5");
        assert_eq!(read("  "), Err(ReadError::Nothing));
        let e = read("1\t2\n3\tx").unwrap_err();
        assert!(e.to_string().starts_with("Line 2, cell 2"), "{e}");
        let e = read("1,2;3,x").unwrap_err();
        assert_eq!(e.to_string(), "Row 2, cell 2: 'x' is not a number.");
    }
}
