//! Dense real matrices, the project's matrix syntax, and orientation.
//!
//! **Matrix syntax** (links, command line, paste boxes): cells separated by `,`, rows by `;`,
//! rows first, whitespace ignored — e.g. `15,-335;-35,165` is
//!
//! ```text
//!  15  -335
//! -35   165
//! ```

use super::error::CoreError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest number of rows or columns accepted anywhere (classes, decisions).
pub const MAX_DIM: usize = super::limits::MAX_DECISIONS;

/// Which way round a matrix is written.
///
/// The project's own convention is [`Orientation::OutputRows`]: rows = the classifier's output
/// (decision), columns = the true class, as in the papers. scikit-learn, PyCM and many
/// textbooks write [`Orientation::TrueRows`]: rows = true class, columns = predicted class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Orientation {
    /// Rows = output (decision), columns = true class. The default.
    #[default]
    OutputRows,
    /// Rows = true class, columns = output (scikit-learn's `confusion_matrix`).
    TrueRows,
}

impl Orientation {
    /// The name used on the command line (`output-rows`, `true-rows`).
    pub fn as_str(&self) -> &'static str {
        match self {
            Orientation::OutputRows => "output-rows",
            Orientation::TrueRows => "true-rows",
        }
    }

    /// Parses `output-rows` / `true-rows`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Orientation;
    /// assert_eq!(Orientation::parse("true-rows"), Some(Orientation::TrueRows));
    /// assert_eq!(Orientation::parse("sideways"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Orientation> {
        match s.trim() {
            "output-rows" => Some(Orientation::OutputRows),
            "true-rows" => Some(Orientation::TrueRows),
            _ => None,
        }
    }
}

/// A dense matrix of finite reals, row-major, at least 1 × 1 and at most
/// [`MAX_DIM`] × [`MAX_DIM`]. Deserialized through [`Matrix::new`], so a matrix read from a file
/// or a message is valid.
///
/// # Examples
///
/// ```
/// use ulab_core::Matrix;
/// let m: Matrix = serde_json::from_str(r#"{"rows":1,"cols":2,"data":[1,2]}"#).unwrap();
/// assert_eq!(m.to_string(), "1,2");
/// assert!(serde_json::from_str::<Matrix>(r#"{"rows":5,"cols":5,"data":[1,2]}"#).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "MatrixFields")]
pub struct Matrix {
    rows: usize,
    cols: usize,
    data: Vec<f64>,
}

/// The fields of a [`Matrix`] as they are written, before [`Matrix::new`] checks them.
#[derive(Deserialize)]
struct MatrixFields {
    rows: usize,
    cols: usize,
    data: Vec<f64>,
}

impl TryFrom<MatrixFields> for Matrix {
    type Error = CoreError;

    fn try_from(f: MatrixFields) -> Result<Matrix, CoreError> {
        Matrix::new(f.rows, f.cols, f.data)
    }
}

impl Matrix {
    /// A `rows × cols` matrix from row-major `data`.
    ///
    /// # Errors
    /// Empty or too large dimensions, a wrong data length, or a non-finite value.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// let m = Matrix::new(2, 2, vec![1.0, 2.0, 3.0, 4.0]).unwrap();
    /// assert_eq!(m.get(1, 0), 3.0);
    /// assert!(Matrix::new(2, 2, vec![1.0, f64::NAN, 3.0, 4.0]).is_err());
    /// ```
    pub fn new(rows: usize, cols: usize, data: Vec<f64>) -> Result<Matrix, CoreError> {
        if rows == 0 || cols == 0 {
            return Err(CoreError::Empty);
        }
        if rows > MAX_DIM || cols > MAX_DIM {
            return Err(CoreError::TooLarge {
                what: "matrix size",
                found: rows.max(cols),
                max: MAX_DIM,
            });
        }
        if data.len() != rows * cols {
            return Err(CoreError::LengthMismatch {
                what: "matrix cells",
                expected: rows * cols,
                found: data.len(),
            });
        }
        if let Some(k) = data.iter().position(|v| !v.is_finite()) {
            return Err(CoreError::NotFinite {
                row: k / cols,
                col: k % cols,
            });
        }
        Ok(Matrix { rows, cols, data })
    }

    /// A matrix from its rows.
    ///
    /// # Errors
    /// No rows, rows of different lengths, too large, or a non-finite value.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// let m = Matrix::from_rows(&[vec![27.0, 15.0], vec![23.0, 35.0]]).unwrap();
    /// assert_eq!(m.to_string(), "27,15;23,35");
    /// ```
    pub fn from_rows(rows: &[Vec<f64>]) -> Result<Matrix, CoreError> {
        let first = rows.first().ok_or(CoreError::Empty)?;
        let cols = first.len();
        if cols == 0 {
            return Err(CoreError::Empty);
        }
        let mut data = Vec::with_capacity(rows.len() * cols);
        for (r, row) in rows.iter().enumerate() {
            if row.len() != cols {
                return Err(CoreError::Ragged {
                    row: r,
                    expected: cols,
                    found: row.len(),
                });
            }
            data.extend_from_slice(row);
        }
        Matrix::new(rows.len(), cols, data)
    }

    /// A `rows × cols` matrix of zeros.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// assert_eq!(Matrix::zeros(2, 3).unwrap().to_string(), "0,0,0;0,0,0");
    /// ```
    pub fn zeros(rows: usize, cols: usize) -> Result<Matrix, CoreError> {
        Matrix::new(rows, cols, vec![0.0; rows * cols])
    }

    /// The `n × n` identity matrix.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// assert_eq!(Matrix::identity(2).unwrap().to_string(), "1,0;0,1");
    /// ```
    pub fn identity(n: usize) -> Result<Matrix, CoreError> {
        let mut m = Matrix::zeros(n, n)?;
        for i in 0..n {
            m.data[i * n + i] = 1.0;
        }
        Ok(m)
    }

    /// Parses the matrix syntax: cells separated by `,`, rows by `;`, whitespace ignored;
    /// one trailing `;` is allowed.
    ///
    /// # Errors
    /// [`CoreError::Parse`] names the row and cell of the first bad token; ragged rows,
    /// non-finite values and empty input are errors too.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// let u = Matrix::parse(" 15, -335 ; -35, 165 ").unwrap();
    /// assert_eq!(u.get(0, 1), -335.0);
    /// let err = Matrix::parse("1,2;3,x").unwrap_err();
    /// assert_eq!(err.to_string(), "row 2, cell 2: 'x' is not a number");
    /// ```
    pub fn parse(text: &str) -> Result<Matrix, CoreError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let body = compact.strip_suffix(';').unwrap_or(&compact);
        if body.is_empty() {
            return Err(CoreError::Empty);
        }
        let rows: Vec<&str> = body.split(';').collect();
        Matrix::from_cells(rows.iter().map(|r| r.split(',').collect()).collect(), false)
    }

    /// Parses text pasted from a spreadsheet or typed by hand: rows separated by new lines or
    /// `;`, cells by tabs, `,`, or runs of spaces. When cells are separated by tabs, a comma
    /// inside a cell is read as a decimal comma (`0,5` = 0.5). Blank lines are skipped.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// let m = Matrix::parse_pasted("27\t15\n23\t35\n").unwrap();
    /// assert_eq!(m.to_string(), "27,15;23,35");
    /// let d = Matrix::parse_pasted("0,27\t0,15\r\n0,23\t0,35").unwrap();
    /// assert_eq!(d.get(1, 1), 0.35);
    /// let s = Matrix::parse_pasted("1 2\n3 4").unwrap();
    /// assert_eq!(s.to_string(), "1,2;3,4");
    /// assert_eq!(Matrix::parse_pasted("1,2;3,4").unwrap().to_string(), "1,2;3,4");
    /// ```
    pub fn parse_pasted(text: &str) -> Result<Matrix, CoreError> {
        let (rows, tabbed) = Matrix::pasted_cells(text);
        if rows.is_empty() {
            return Err(CoreError::Empty);
        }
        Matrix::from_cells(rows, tabbed)
    }

    /// The cells of text pasted from a spreadsheet or typed by hand, as
    /// [`Matrix::parse_pasted`] splits it (blank lines skipped), and whether they are
    /// tab-separated (a comma in a cell is then a decimal comma).
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// assert_eq!(Matrix::pasted_cells("1 2\n\n3 4"), (vec![vec!["1", "2"], vec!["3", "4"]], false));
    /// ```
    pub fn pasted_cells(text: &str) -> (Vec<Vec<&str>>, bool) {
        let tabbed = text.contains('\t');
        let rows = text
            .split(['\n', ';'])
            .map(|line| line.trim())
            .filter(|line| !line.is_empty())
            .map(|line| {
                if tabbed {
                    line.split('\t').collect()
                } else if line.contains(',') {
                    line.split(',').collect()
                } else {
                    line.split_whitespace().collect()
                }
            })
            .collect();
        (rows, tabbed)
    }

    fn from_cells(rows: Vec<Vec<&str>>, decimal_comma: bool) -> Result<Matrix, CoreError> {
        if rows.len() > MAX_DIM {
            return Err(CoreError::TooLarge {
                what: "matrix rows",
                found: rows.len(),
                max: MAX_DIM,
            });
        }
        let mut parsed = Vec::with_capacity(rows.len());
        for (r, cells) in rows.iter().enumerate() {
            if cells.len() > MAX_DIM {
                return Err(CoreError::TooLarge {
                    what: "matrix columns",
                    found: cells.len(),
                    max: MAX_DIM,
                });
            }
            let mut row = Vec::with_capacity(cells.len());
            for (c, cell) in cells.iter().enumerate() {
                row.push(
                    crate::text::parse_decimal(cell, decimal_comma).ok_or_else(|| {
                        CoreError::Parse {
                            row: r,
                            col: c,
                            token: crate::text::truncate(cell.trim(), 24),
                        }
                    })?,
                );
            }
            parsed.push(row);
        }
        Matrix::from_rows(&parsed)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The entry at row `i`, column `j`. Panics if out of range (a programming error, never
    /// reachable from user input through the public constructors).
    pub fn get(&self, i: usize, j: usize) -> f64 {
        assert!(i < self.rows && j < self.cols, "matrix index out of range");
        self.data[i * self.cols + j]
    }

    /// Row `i` as a slice.
    pub fn row(&self, i: usize) -> &[f64] {
        &self.data[i * self.cols..(i + 1) * self.cols]
    }

    /// Column `j` as a vector.
    pub fn col(&self, j: usize) -> Vec<f64> {
        (0..self.rows).map(|i| self.get(i, j)).collect()
    }

    /// All entries, row-major.
    pub fn data(&self) -> &[f64] {
        &self.data
    }

    /// The rows as vectors.
    pub fn to_rows(&self) -> Vec<Vec<f64>> {
        (0..self.rows).map(|i| self.row(i).to_vec()).collect()
    }

    /// The transpose.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// let m = Matrix::parse("1,2,3;4,5,6").unwrap();
    /// assert_eq!(m.transpose().to_string(), "1,4;2,5;3,6");
    /// ```
    pub fn transpose(&self) -> Matrix {
        let mut data = Vec::with_capacity(self.data.len());
        for j in 0..self.cols {
            for i in 0..self.rows {
                data.push(self.get(i, j));
            }
        }
        Matrix {
            rows: self.cols,
            cols: self.rows,
            data,
        }
    }

    /// The sum of all entries.
    pub fn sum(&self) -> f64 {
        self.data.iter().sum()
    }

    /// Row sums.
    pub fn row_sums(&self) -> Vec<f64> {
        (0..self.rows).map(|i| self.row(i).iter().sum()).collect()
    }

    /// Column sums.
    pub fn col_sums(&self) -> Vec<f64> {
        let mut s = vec![0.0; self.cols];
        for i in 0..self.rows {
            for (j, v) in self.row(i).iter().enumerate() {
                s[j] += v;
            }
        }
        s
    }

    /// The smallest entry.
    pub fn min(&self) -> f64 {
        self.data.iter().copied().fold(f64::INFINITY, f64::min)
    }

    /// The largest entry.
    pub fn max(&self) -> f64 {
        self.data.iter().copied().fold(f64::NEG_INFINITY, f64::max)
    }

    /// `f` applied to every entry (the result must stay finite).
    pub fn map(&self, f: impl Fn(f64) -> f64) -> Result<Matrix, CoreError> {
        Matrix::new(
            self.rows,
            self.cols,
            self.data.iter().map(|v| f(*v)).collect(),
        )
    }

    /// The matrix as written in `orientation`, given that `self` is in the project's
    /// orientation (rows = output): the transpose for [`Orientation::TrueRows`].
    pub fn to_orientation(&self, orientation: Orientation) -> Matrix {
        match orientation {
            Orientation::OutputRows => self.clone(),
            Orientation::TrueRows => self.transpose(),
        }
    }

    /// A matrix written in `orientation`, brought to the project's orientation (rows = output).
    pub fn from_orientation(self, orientation: Orientation) -> Matrix {
        match orientation {
            Orientation::OutputRows => self,
            Orientation::TrueRows => self.transpose(),
        }
    }

    /// Whether every entry is within `tol` of the same entry of `other` (same shape required).
    pub fn approx_eq(&self, other: &Matrix, tol: f64) -> bool {
        self.rows == other.rows
            && self.cols == other.cols
            && self
                .data
                .iter()
                .zip(&other.data)
                .all(|(a, b)| (a - b).abs() <= tol)
    }
}

impl fmt::Display for Matrix {
    /// The matrix syntax with the shortest exact representation of each number
    /// (or the formatter's precision if one is given).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.rows {
            if i > 0 {
                f.write_str(";")?;
            }
            for j in 0..self.cols {
                if j > 0 {
                    f.write_str(",")?;
                }
                let v = self.get(i, j);
                match f.precision() {
                    Some(p) => f.write_str(&crate::text::trimmed(v, p))?,
                    None => f.write_str(&crate::text::shortest(v))?,
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_rejects_bad_tokens() {
        for bad in [
            "",
            ";",
            "1,,2",
            "1,2;3",
            "inf,1;1,1",
            "NaN",
            "1e999,1;1,1",
            "a",
            "1;;2",
        ] {
            assert!(Matrix::parse(bad).is_err(), "{bad:?} should fail");
        }
    }

    #[test]
    fn parse_accepts_formats() {
        let m = Matrix::parse("1e2, -.5; +3, 4.;").unwrap();
        assert_eq!(m.data(), &[100.0, -0.5, 3.0, 4.0]);
    }

    #[test]
    fn ragged_error_names_row() {
        let e = Matrix::parse("1,2;3,4,5").unwrap_err();
        assert_eq!(
            e,
            CoreError::Ragged {
                row: 1,
                expected: 2,
                found: 3
            }
        );
    }

    #[test]
    fn display_round_trips() {
        let m = Matrix::parse("0.1,0.2;0.30000000000000004,-1e-20").unwrap();
        assert_eq!(Matrix::parse(&m.to_string()).unwrap(), m);
    }

    #[test]
    fn too_large_is_refused() {
        let row = vec!["1"; MAX_DIM + 1].join(",");
        assert!(matches!(
            Matrix::parse(&row),
            Err(CoreError::TooLarge { .. })
        ));
    }
}
