//! Stage 1 of an import: the text as a matrix or as label columns, each value with the
//! line it came from. A matrix written with brackets (NumPy's and scikit-learn's prints), in
//! the matrix syntax on one line (`27,15;23,35`) or in blank-separated rows is read by
//! [`crate::edit::text`]; CSV by [`ulab_csv::read`] (`,`, `;` or tab; with `;` or tab a
//! decimal comma is accepted). Every bad cell is named.

use super::labels::{LabelCounts, labels, labels_header};
use super::{ImportError, ImportKind, ImportProblem};
use crate::edit::text::{self, Rule, TextError, read_rows};
use ulab_core::Matrix;
use ulab_core::text::parse_decimal;
use ulab_csv::{Record, delimiter};

/// What the text holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Imported {
    /// A matrix as written (its orientation is the user's to say).
    Matrix {
        /// The numbers.
        matrix: Matrix,
        /// Column names from a header row, if there was one.
        names: Option<Vec<String>>,
        /// The line of each row (empty if unknown).
        lines: Vec<usize>,
    },
    /// Paired labels, counted.
    Labels(LabelCounts),
}

impl Imported {
    fn bare(matrix: Matrix) -> Imported {
        Imported::Matrix {
            matrix,
            names: None,
            lines: Vec::new(),
        }
    }
}

/// Reads a classifier's `text` as a matrix of counts or as label columns
/// ([`read_with`]`(text, kind, `[`Rule::Counts`]`)`).
///
/// # Errors
/// Nothing to import, or the problem of the text, with its line.
///
/// # Examples
///
/// ```
/// use ulab_state::edit::import::read::{read, Imported};
/// use ulab_state::edit::ImportKind;
/// let m = read("27,15;23,35", ImportKind::Auto).unwrap();
/// assert!(matches!(m, Imported::Matrix { ref matrix, .. } if matrix.to_string() == "27,15;23,35"));
/// let l = read("y_pred,y_true\ncat,dog\n", ImportKind::Auto).unwrap();
/// assert!(matches!(l, Imported::Labels(ref c) if c.labels()[0] == "dog" && c.line_of(0) == 2));
/// assert_eq!(read("1,2\n3,x\n", ImportKind::Matrix).unwrap_err().to_string(), "line 2, cell 2: 'x' is not a number");
/// let np = read("array([[27, 23],\n       [15, 35]])", ImportKind::Auto).unwrap();
/// assert!(matches!(np, Imported::Matrix { ref matrix, .. } if matrix.to_string() == "27,23;15,35"));
/// ```
pub fn read(text: &str, kind: ImportKind) -> Result<Imported, ImportError> {
    read_with(text, kind, Rule::Counts)
}

/// Reads `text` as a matrix whose cells `rule` allows, or (unless `kind` says a matrix) as
/// label columns: brackets, then the matrix syntax on one line, then blank-separated rows
/// ([`crate::edit::text`]), then CSV ([`read_csv`]), then spreadsheet cells.
///
/// # Errors
/// Nothing to import, or the problem of the text (every bad cell; in CSV, with its line).
pub fn read_with(text: &str, kind: ImportKind, rule: Rule) -> Result<Imported, ImportError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(ImportError::whole(ImportProblem::NothingToImport));
    }
    let whole = |e: TextError| ImportError::whole(ImportProblem::Text(e));
    let matrix_ok = kind != ImportKind::Labels;
    if matrix_ok && let Some(read) = text::read_brackets(t, rule) {
        return read.map(Imported::bare).map_err(whole);
    }
    let one_line = !t.contains(['\n', '\r', '\t']);
    if matrix_ok && one_line && t.contains(';') {
        match text::read_syntax(t, rule) {
            Ok(m) => return Ok(Imported::bare(m)),
            Err(e @ TextError::Cells(_)) => return Err(whole(e)),
            Err(_) => {}
        }
    }
    // Rows of cells separated by blanks (no delimiter CSV knows) are not CSV.
    if matrix_ok && !t.contains([',', ';', '\t']) && t.contains(char::is_whitespace) {
        return text::read_pasted(t, rule)
            .map(Imported::bare)
            .map_err(whole);
    }
    read_csv_as(text, kind, rule).or_else(|e| match text::read_pasted(text, rule) {
        Ok(matrix) if matrix_ok => Ok(Imported::bare(matrix)),
        _ => Err(e),
    })
}

/// Reads CSV text as a matrix (a header row and a first column of names are optional) or as two
/// label columns `y_true,y_pred` (a header naming them, in either order, is optional). With
/// [`ImportKind::Auto`], a square numeric table is a matrix and two columns otherwise are
/// labels.
///
/// # Errors
/// The first problem, with its line: an unclosed quote, a non-number in a matrix, rows of
/// different lengths, a label row without exactly two fields, an empty file.
pub fn read_csv(text: &str, kind: ImportKind) -> Result<Imported, ImportError> {
    read_csv_as(text, kind, Rule::Counts)
}

/// [`read_csv`] with a matrix's cells as `rule` allows.
fn read_csv_as(text: &str, kind: ImportKind, rule: Rule) -> Result<Imported, ImportError> {
    let recs = ulab_csv::read(text).map_err(|e| ImportError {
        line: e.line(),
        problem: ImportProblem::Csv(e),
    })?;
    if recs.is_empty() {
        return Err(ImportError::whole(ImportProblem::Empty));
    }
    let decimal_comma = delimiter(text) != ',';
    records_as(&recs, kind, decimal_comma, rule)
}

/// What records say, read as `kind` (see [`read_csv`]); `decimal_comma`: the delimiter is not
/// `,`, so a matrix's numbers may have a decimal comma.
///
/// # Errors
/// As [`read_csv`], but for the CSV reader's own.
pub fn from_records(
    recs: &[Record],
    kind: ImportKind,
    decimal_comma: bool,
) -> Result<Imported, ImportError> {
    records_as(recs, kind, decimal_comma, Rule::Counts)
}

fn records_as(
    recs: &[Record],
    kind: ImportKind,
    decimal_comma: bool,
    rule: Rule,
) -> Result<Imported, ImportError> {
    let Some(first) = recs.first() else {
        return Err(ImportError::whole(ImportProblem::Empty));
    };
    let labels = |recs| labels(recs).map(Imported::Labels);
    match kind {
        ImportKind::Matrix => matrix(recs, decimal_comma, rule),
        ImportKind::Labels => labels(recs),
        ImportKind::Auto => {
            if labels_header(&first.fields).is_some() {
                return labels(recs);
            }
            match matrix(recs, decimal_comma, rule) {
                Ok(m @ Imported::Matrix { .. }) if is_square(&m) => Ok(m),
                // A square table of numbers but for a few bad cells is a matrix to fix.
                Err(e) if mostly_numbers(&e, recs, decimal_comma) => Err(e),
                result => {
                    if recs.iter().all(|r| r.fields.len() == 2) {
                        labels(recs)
                    } else {
                        result
                    }
                }
            }
        }
    }
}

/// Whether `e` names bad cells of a square table (a header row allowed) in which fewer than
/// half the fields are not numbers: a matrix to fix, not label columns (mostly words).
fn mostly_numbers(e: &ImportError, recs: &[Record], decimal_comma: bool) -> bool {
    if !matches!(e.problem, ImportProblem::Text(TextError::Cells(_))) {
        return false;
    }
    let fields = recs.iter().flat_map(|r| &r.fields);
    let words = fields
        .clone()
        .filter(|f| !is_number(f, decimal_comma))
        .count();
    let width = recs[0].fields.len();
    (recs.len() == width || recs.len() == width + 1) && 2 * words < fields.count()
}

/// Whether a field reads as a number, or as a number's bad spelling (`NaN`, `inf`: not a name).
fn is_number(field: &str, decimal_comma: bool) -> bool {
    parse_decimal(field, decimal_comma).is_some()
        || ["nan", "inf", "-inf", "infinity"].contains(&field.trim().to_ascii_lowercase().as_str())
}

fn is_square(m: &Imported) -> bool {
    matches!(m, Imported::Matrix { matrix, .. } if matrix.rows() == matrix.cols())
}

fn matrix(recs: &[Record], decimal_comma: bool, rule: Rule) -> Result<Imported, ImportError> {
    // Header row: any non-numeric cell other than an empty corner (`NaN` and `inf` are bad
    // numbers, not names).
    let is_num = |c: &String| is_number(c, decimal_comma);
    let first = &recs[0].fields;
    let header = first
        .iter()
        .enumerate()
        .any(|(i, c)| !is_num(c) && (i != 0 || !c.is_empty()));
    let body = if header { &recs[1..] } else { recs };
    if body.is_empty() {
        return Err(ImportError::at(
            recs[0].line,
            ImportProblem::HeaderOnlyMatrix,
        ));
    }
    // Row names: the first cell of every body row is non-numeric.
    let row_names = body
        .iter()
        .all(|r| r.fields.len() > 1 && !is_num(&r.fields[0]));
    let skip = usize::from(row_names);
    let width = body[0].fields.len() - skip;
    let mut rows: Vec<Vec<&str>> = Vec::with_capacity(body.len());
    for r in body {
        let cells = &r.fields[skip.min(r.fields.len())..];
        if cells.len() != width {
            let found = cells.len();
            return Err(ImportError::at(
                r.line,
                ImportProblem::RowLength { found, width },
            ));
        }
        rows.push(cells.iter().map(String::as_str).collect());
    }
    let lines: Vec<usize> = body.iter().map(|r| r.line).collect();
    let matrix = read_rows(&rows, &lines, decimal_comma, rule).map_err(|e| {
        // The line of the first bad cell (the message names every one's).
        let line = match &e {
            TextError::Cells(b) => b.0[0].line.unwrap_or(0),
            _ => 0,
        };
        ImportError::at(line, ImportProblem::Text(e))
    })?;
    let names = if header {
        let mut n: Vec<String> = first.clone();
        if n.len() == width + 1 {
            n.remove(0);
        }
        (n.len() == width).then_some(n)
    } else {
        None
    };
    Ok(Imported::Matrix {
        matrix,
        names,
        lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn the_matrix(text: &str, kind: ImportKind) -> String {
        match read(text, kind).unwrap() {
            Imported::Matrix { matrix, .. } => matrix.to_string(),
            other => panic!("{text:?}: {other:?}"),
        }
    }

    #[test]
    fn matrix_variants() {
        for text in [
            "27,15\n23,35",
            "27;15\r\n23;35\r\n",
            "27;15\r23;35\r",
            "27\t15\n23\t35\n",
            "\u{feff}\"27\",\"15\"\n23,35",
            "long,short\n27,15\n23,35",
            "27 15\n23 35",
            "27,15;23,35",
        ] {
            assert_eq!(
                the_matrix(text, ImportKind::Auto),
                "27,15;23,35",
                "{text:?}"
            );
        }
        assert_eq!(
            the_matrix("0,27;0,15\n0,23;0,35", ImportKind::Matrix),
            "0.27,0.15;0.23,0.35"
        );
    }

    #[test]
    fn rows_keep_their_lines_and_header_names() {
        let r = read(",long,short\n\nlong,27,15\nshort,23,35\n", ImportKind::Auto).unwrap();
        assert_eq!(
            r,
            Imported::Matrix {
                matrix: Matrix::parse("27,15;23,35").unwrap(),
                names: Some(vec!["long".into(), "short".into()]),
                lines: vec![3, 4],
            }
        );
    }

    #[test]
    fn labels_with_and_without_header() {
        let a = read("cat,dog\ndog,dog\ncat,cat\n", ImportKind::Auto).unwrap();
        assert!(matches!(a, Imported::Labels(ref c) if c.pairs() == 3));
        let Ok(Imported::Labels(b)) = read("y_pred,y_true\n1,0\n0,0\n", ImportKind::Labels) else {
            panic!("labels expected");
        };
        // Labels in the order they first appear, the true one first: "0" (line 2), then "1".
        assert_eq!(b.labels(), ["0", "1"]);
        assert_eq!((b.line_of(0), b.line_of(1), b.pairs()), (2, 2, 2));
        assert_eq!(
            (b.count(0, 1), b.count(0, 0), b.count(1, 0)),
            (1.0, 1.0, 0.0)
        );
    }

    #[test]
    fn errors_name_the_line() {
        let line = |text: &str, kind| read(text, kind).unwrap_err().line;
        assert_eq!(line("y_true,y_pred\na,b\nc\n", ImportKind::Auto), 3);
        assert_eq!(line("1,2\n3,4,5\n", ImportKind::Matrix), 2);
        assert_eq!(line("\"1,2\n", ImportKind::Matrix), 1);
        assert_eq!(line("\n \n", ImportKind::Auto), 0);
        assert!(read("a,b,c\nd,e,f\n", ImportKind::Auto).is_err());
        assert_eq!(
            read("y_true,y_pred\n", ImportKind::Labels)
                .unwrap_err()
                .to_string(),
            "line 1: a header but no data rows"
        );
    }
}
