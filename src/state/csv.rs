//! CSV import: a matrix, or two columns `y_true,y_pred`. Errors name the line; nothing is
//! applied on error.
//!
//! Accepted: `,`, `;` or tab as delimiter (from the first line), double-quoted fields (`""` is
//! a quote), blank lines, `\r\n`. With `;` or tab delimiters a decimal comma is accepted
//! (`0,27`).

use crate::core::Matrix;
use std::fmt;

/// What the file is expected to hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ImportKind {
    /// Decide from the content: a square numeric table is a matrix; two columns otherwise
    /// are labels.
    #[default]
    Auto,
    /// A numeric matrix, with optional header row and optional first column of names.
    Matrix,
    /// Two columns of labels, true class and prediction, with an optional header.
    Labels,
}

/// The content of an imported file.
#[derive(Debug, Clone, PartialEq)]
pub enum Imported {
    /// A matrix as written in the file (its orientation is the user's to say).
    Matrix {
        /// The numbers.
        matrix: Matrix,
        /// Column names from a header row, if there was one.
        names: Option<Vec<String>>,
    },
    /// Paired labels.
    Labels {
        /// True classes.
        y_true: Vec<String>,
        /// Predictions.
        y_pred: Vec<String>,
    },
}

/// An import error, with its 1-based line number (0 when it concerns the whole file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvError {
    /// 1-based line number; 0 for the whole file.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

fn err(line: usize, message: impl Into<String>) -> CsvError {
    CsvError {
        line,
        message: message.into(),
    }
}

/// The largest file accepted, in bytes.
pub const MAX_CSV_BYTES: usize = 50_000_000;

/// Splits CSV text into records `(line number, fields)`, skipping blank lines.
///
/// # Errors
/// An unterminated quoted field, or a file above [`MAX_CSV_BYTES`].
///
/// # Examples
///
/// ```
/// use utility_lab::state::csv::records;
/// let r = records("a,\"b, c\"\n\n1;2\n").unwrap();
/// assert_eq!(r[0], (1, vec!["a".to_string(), "b, c".to_string()]));
/// assert_eq!(r[1].0, 3);
/// ```
pub fn records(text: &str) -> Result<Vec<(usize, Vec<String>)>, CsvError> {
    if text.len() > MAX_CSV_BYTES {
        return Err(err(
            0,
            format!("the file is larger than {} MB", MAX_CSV_BYTES / 1_000_000),
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let delim = delimiter(text);
    let mut out = Vec::new();
    let mut line_no = 1;
    let mut chars = text.chars().peekable();
    loop {
        let start_line = line_no;
        let mut fields = Vec::new();
        let mut field = String::new();
        let mut quoted = false;
        while let Some(c) = chars.next() {
            if quoted {
                if c == '"' {
                    if chars.peek() == Some(&'"') {
                        chars.next();
                        field.push('"');
                    } else {
                        quoted = false;
                    }
                } else {
                    if c == '\n' {
                        line_no += 1;
                    }
                    field.push(c);
                }
            } else if c == '"' && field.trim().is_empty() {
                field.clear();
                quoted = true;
            } else if c == delim {
                fields.push(std::mem::take(&mut field));
            } else if c == '\n' {
                line_no += 1;
                break;
            } else if c != '\r' {
                field.push(c);
            }
        }
        if quoted {
            return Err(err(start_line, "a quoted field is not closed"));
        }
        fields.push(field);
        let fields: Vec<String> = fields.into_iter().map(|f| f.trim().to_string()).collect();
        if !(fields.len() == 1 && fields[0].is_empty()) {
            out.push((start_line, fields));
        }
        if chars.peek().is_none() {
            break;
        }
    }
    Ok(out)
}

/// The delimiter, from the first non-blank line: tab if there is one; `;` if there is one and
/// every `,` sits between two digits (a decimal comma); otherwise `,`.
fn delimiter(text: &str) -> char {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.contains('\t') {
        return '\t';
    }
    if first.contains(';') {
        let b = first.as_bytes();
        let decimal_commas = (0..b.len()).filter(|&i| b[i] == b',').all(|i| {
            i > 0 && i + 1 < b.len() && b[i - 1].is_ascii_digit() && b[i + 1].is_ascii_digit()
        });
        if decimal_commas {
            return ';';
        }
    }
    ','
}

fn number(cell: &str, decimal_comma: bool) -> Option<f64> {
    let c = if decimal_comma {
        cell.replace(',', ".")
    } else {
        cell.to_string()
    };
    let m = Matrix::parse(&c).ok()?;
    (m.rows() == 1 && m.cols() == 1).then(|| m.get(0, 0))
}

const TRUE_NAMES: [&str; 8] = [
    "y_true", "true", "truth", "actual", "label", "target", "y", "class",
];
const PRED_NAMES: [&str; 7] = [
    "y_pred",
    "pred",
    "predicted",
    "prediction",
    "output",
    "y_hat",
    "yhat",
];

/// Reads a CSV file as a matrix or as label columns.
///
/// # Errors
/// A [`CsvError`] naming the first bad line: an unclosed quote, a non-number in a matrix, rows
/// of different lengths, a label row without exactly two fields, an empty file.
///
/// # Examples
///
/// ```
/// use utility_lab::state::csv::{import, ImportKind, Imported};
/// let m = import(",long,short\nlong,27,15\nshort,23,35\n", ImportKind::Auto).unwrap();
/// assert!(matches!(m, Imported::Matrix { ref matrix, .. } if matrix.to_string() == "27,15;23,35"));
/// let l = import("y_pred,y_true\ncat,dog\n", ImportKind::Auto).unwrap();
/// assert_eq!(l, Imported::Labels { y_true: vec!["dog".into()], y_pred: vec!["cat".into()] });
/// let e = import("1,2\n3,x\n", ImportKind::Matrix).unwrap_err();
/// assert_eq!(e.to_string(), "line 2: 'x' is not a number");
/// ```
pub fn import(text: &str, kind: ImportKind) -> Result<Imported, CsvError> {
    let recs = records(text)?;
    if recs.is_empty() {
        return Err(err(0, "the file is empty"));
    }
    let decimal_comma = delimiter(text) != ',';
    match kind {
        ImportKind::Matrix => import_matrix(&recs, decimal_comma),
        ImportKind::Labels => import_labels(&recs),
        ImportKind::Auto => {
            let header = labels_header(&recs[0].1);
            if header.is_some() {
                return import_labels(&recs);
            }
            match import_matrix(&recs, decimal_comma) {
                Ok(Imported::Matrix { matrix, names }) if matrix.rows() == matrix.cols() => {
                    Ok(Imported::Matrix { matrix, names })
                }
                matrix_result => {
                    if recs.iter().all(|(_, f)| f.len() == 2) {
                        import_labels(&recs)
                    } else {
                        matrix_result
                    }
                }
            }
        }
    }
}

/// `Some(swapped)` if the fields are a header of label columns (`swapped`: prediction first).
fn labels_header(fields: &[String]) -> Option<bool> {
    if fields.len() != 2 {
        return None;
    }
    let a = fields[0].to_lowercase();
    let b = fields[1].to_lowercase();
    if TRUE_NAMES.contains(&a.as_str()) && PRED_NAMES.contains(&b.as_str()) {
        Some(false)
    } else if PRED_NAMES.contains(&a.as_str()) && TRUE_NAMES.contains(&b.as_str()) {
        Some(true)
    } else {
        None
    }
}

fn import_labels(recs: &[(usize, Vec<String>)]) -> Result<Imported, CsvError> {
    let (swapped, body) = match labels_header(&recs[0].1) {
        Some(s) => (s, &recs[1..]),
        None => (false, recs),
    };
    if body.is_empty() {
        return Err(err(recs[0].0, "a header but no data rows"));
    }
    let mut y_true = Vec::with_capacity(body.len());
    let mut y_pred = Vec::with_capacity(body.len());
    for (line, f) in body {
        if f.len() != 2 {
            return Err(err(
                *line,
                format!("expected 2 columns (y_true, y_pred), found {}", f.len()),
            ));
        }
        if f[0].is_empty() || f[1].is_empty() {
            return Err(err(*line, "an empty label"));
        }
        let (t, p) = if swapped {
            (&f[1], &f[0])
        } else {
            (&f[0], &f[1])
        };
        y_true.push(t.clone());
        y_pred.push(p.clone());
    }
    Ok(Imported::Labels { y_true, y_pred })
}

fn import_matrix(recs: &[(usize, Vec<String>)], decimal_comma: bool) -> Result<Imported, CsvError> {
    // Header row: any non-numeric cell other than an empty corner.
    let is_num = |c: &String| number(c, decimal_comma).is_some();
    let first = &recs[0].1;
    let header = first
        .iter()
        .enumerate()
        .any(|(i, c)| !is_num(c) && (i != 0 || !c.is_empty()));
    let body = if header { &recs[1..] } else { recs };
    if body.is_empty() {
        return Err(err(recs[0].0, "a header but no rows of numbers"));
    }
    // Row names: the first cell of every body row is non-numeric.
    let row_names = body.iter().all(|(_, f)| f.len() > 1 && !is_num(&f[0]));
    let skip = usize::from(row_names);
    let mut rows: Vec<Vec<f64>> = Vec::with_capacity(body.len());
    let width = body[0].1.len() - skip;
    for (line, f) in body {
        let cells = &f[skip.min(f.len())..];
        if cells.len() != width {
            return Err(err(
                *line,
                format!("{} numbers, but the first row has {width}", cells.len()),
            ));
        }
        let mut row = Vec::with_capacity(width);
        for c in cells {
            match number(c, decimal_comma) {
                Some(v) => row.push(v),
                None => {
                    let shown: String = c.chars().take(24).collect();
                    return Err(err(*line, format!("'{shown}' is not a number")));
                }
            }
        }
        rows.push(row);
    }
    let matrix = Matrix::from_rows(&rows).map_err(|e| err(0, e.to_string()))?;
    let names = if header {
        let mut n: Vec<String> = first.clone();
        if n.len() == width + 1 {
            n.remove(0);
        }
        (n.len() == width).then_some(n)
    } else {
        None
    };
    Ok(Imported::Matrix { matrix, names })
}

/// Writes rows as CSV (RFC 4180: a field with `,`, `"` or a line break is quoted; `\r\n`
/// line ends). [`records`] reads it back.
///
/// # Examples
///
/// ```
/// use utility_lab::state::csv::{records, write};
/// let rows = vec![vec!["name".to_string(), "note".to_string()], vec!["A".into(), "say \"hi\", ok".into()]];
/// let text = write(&rows);
/// assert_eq!(text, "name,note\r\nA,\"say \"\"hi\"\", ok\"\r\n");
/// let back: Vec<Vec<String>> = records(&text).unwrap().into_iter().map(|r| r.1).collect();
/// assert_eq!(back, rows);
/// ```
pub fn write(rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    for row in rows {
        let line: Vec<String> = row
            .iter()
            .map(|f| {
                if f.contains([',', '"', '\n', '\r']) {
                    format!("\"{}\"", f.replace('"', "\"\""))
                } else {
                    f.clone()
                }
            })
            .collect();
        out.push_str(&line.join(","));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrix_variants() {
        for text in [
            "27,15\n23,35",
            "27;15\r\n23;35\r\n",
            "27\t15\n23\t35\n",
            "\u{feff}\"27\",\"15\"\n23,35",
            "long,short\n27,15\n23,35",
        ] {
            match import(text, ImportKind::Auto).unwrap() {
                Imported::Matrix { matrix, .. } => {
                    assert_eq!(matrix.to_string(), "27,15;23,35", "{text:?}")
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn decimal_commas_with_semicolons() {
        match import("0,27;0,15\n0,23;0,35", ImportKind::Matrix).unwrap() {
            Imported::Matrix { matrix, .. } => {
                assert_eq!(matrix.to_string(), "0.27,0.15;0.23,0.35")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn labels_with_and_without_header() {
        let a = import("cat,dog\ndog,dog\ncat,cat\n", ImportKind::Auto).unwrap();
        assert!(matches!(a, Imported::Labels { ref y_true, .. } if y_true.len() == 3));
        let b = import("y_true,y_pred\n1,0\n0,0\n", ImportKind::Labels).unwrap();
        assert_eq!(
            b,
            Imported::Labels {
                y_true: vec!["1".into(), "0".into()],
                y_pred: vec!["0".into(), "0".into()]
            }
        );
    }

    #[test]
    fn errors_name_the_line() {
        let e = import("y_true,y_pred\na,b\nc\n", ImportKind::Auto).unwrap_err();
        assert_eq!(e.line, 3);
        let e = import("1,2\n3,4,5\n", ImportKind::Matrix).unwrap_err();
        assert_eq!(e.line, 2);
        let e = import("\"1,2\n", ImportKind::Matrix).unwrap_err();
        assert_eq!(e.line, 1);
        assert_eq!(import("\n \n", ImportKind::Auto).unwrap_err().line, 0);
        assert!(import("a,b,c\nd,e,f\n", ImportKind::Auto).is_err());
    }

    #[test]
    fn quoted_fields_span_lines() {
        let r = records("\"a\nb\",c\nd,e").unwrap();
        assert_eq!(r[0].1, vec!["a\nb", "c"]);
        assert_eq!(r[1].0, 3);
    }
}
