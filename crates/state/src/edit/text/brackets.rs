//! Matrices written with brackets, as Python, NumPy, scikit-learn, PyTorch and MATLAB print
//! them: a list of rows, `[[27, 23], [15, 35]]` (cells separated by commas or blanks, as
//! scikit-learn prints `[[27 23]\n [15 35]]`), inside a call or not (`array([[27, 23],\n
//! [15, 35]])`, `np.array(…)`, `tensor(…)`, keyword arguments after the list ignored:
//! `, dtype=int64)`), or one list with rows separated by `;` or new lines (`[27 23; 15 35]`).
//!
//! The text is read in one pass, without recursion: any nesting, any length, never a panic.

use std::fmt;
use ulab_core::text::truncate;

/// Why text written with brackets is not a list of rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BracketError {
    /// A `[` that is never closed.
    Unclosed,
    /// A `]` that closes nothing.
    Unopened,
    /// Lists in rows (`[[[1]]]`).
    TooDeep,
    /// Text that is neither in a row nor between rows (as written, cut).
    Stray(String),
}

impl fmt::Display for BracketError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = "a matrix is a list of rows, e.g. [[27, 23], [15, 35]]";
        match self {
            BracketError::Unclosed => write!(f, "a '[' is not closed; {rows}"),
            BracketError::Unopened => write!(f, "a ']' closes nothing; {rows}"),
            BracketError::TooDeep => write!(f, "lists nested more than two deep; {rows}"),
            BracketError::Stray(t) => write!(f, "'{t}' is outside the rows; {rows}"),
        }
    }
}

impl std::error::Error for BracketError {}

/// The rows of cells of `text` when it is written with brackets; `None` when it is not (it
/// begins neither with `[` nor with a call of a list, such as `array([`).
///
/// # Examples
///
/// ```
/// use ulab_state::edit::text::brackets::rows;
/// let sk = rows("[[27 23]\n [15 35]]").unwrap().unwrap();
/// assert_eq!(sk, vec![vec!["27", "23"], vec!["15", "35"]]);
/// let np = rows("array([[ 0.5, -1. ],\n       [ 0.3,  2. ]], dtype=float32)").unwrap().unwrap();
/// assert_eq!(np, vec![vec!["0.5", "-1."], vec!["0.3", "2."]]);
/// assert_eq!(rows("[27 23; 15 35]").unwrap().unwrap().len(), 2);
/// assert!(rows("[[1, 2], [3, 4]").unwrap().is_err());
/// assert_eq!(rows("27,23;15,35"), None);
/// ```
pub fn rows(text: &str) -> Option<Result<Vec<Vec<&str>>, BracketError>> {
    let t = text.trim();
    let list = if t.starts_with('[') {
        t
    } else {
        call_argument(t)?
    };
    Some(split(list))
}

/// The list in `NAME([…])` (NAME of letters, digits, `_` and `.`: `np.array`, `tensor`),
/// without the closing `)` and the keyword arguments after the list (`, dtype=int64`).
fn call_argument(t: &str) -> Option<&str> {
    let open = t.find('(')?;
    let name = &t[..open];
    let named = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
    let inner = t[open + 1..].trim();
    if !named || !inner.starts_with('[') {
        return None;
    }
    let inner = inner.strip_suffix(')').unwrap_or(inner).trim_end();
    Some(match inner.rfind(']') {
        Some(k) if inner[k + 1..].trim_start().starts_with(',') && inner[k + 1..].contains('=') => {
            &inner[..=k]
        }
        _ => inner,
    })
}

/// The rows of `list` (which begins with `[`): a list of lists, or one list of rows separated
/// by `;` or new lines.
fn split(list: &str) -> Result<Vec<Vec<&str>>, BracketError> {
    let nested = list[1..].trim_start().starts_with('[');
    let deepest = if nested { 2 } else { 1 };
    let stray = |k: usize| Err(BracketError::Stray(truncate(list[k..].trim(), 12)));
    let mut rows = Vec::new();
    let (mut depth, mut start, mut closed) = (0usize, 0, false);
    for (k, c) in list.char_indices() {
        match c {
            '[' if closed => return stray(k),
            '[' if depth == deepest => {
                return if nested {
                    Err(BracketError::TooDeep)
                } else {
                    stray(k)
                };
            }
            '[' => {
                depth += 1;
                start = k + 1;
            }
            ']' if depth == 0 => return Err(BracketError::Unopened),
            ']' => {
                if depth == deepest {
                    let body = &list[start..k];
                    if nested {
                        rows.push(cells(body));
                    } else {
                        let lines = body.split([';', '\n']).map(str::trim);
                        rows.extend(lines.filter(|r| !r.is_empty()).map(cells));
                    }
                }
                depth -= 1;
                closed = depth == 0;
            }
            // Between rows (and after the list) only blanks, and commas between rows.
            c if (closed || (nested && depth == 1))
                && !(c.is_whitespace() || (c == ',' && !closed)) =>
            {
                return stray(k);
            }
            _ => {}
        }
    }
    if depth > 0 {
        return Err(BracketError::Unclosed);
    }
    Ok(rows)
}

/// The cells of a row: separated by commas (one after the last is allowed, as in Python), else
/// by blanks.
fn cells(row: &str) -> Vec<&str> {
    let row = row.trim();
    if row.contains(',') {
        let row = row.strip_suffix(',').unwrap_or(row);
        row.split(',').map(str::trim).collect()
    } else {
        row.split_whitespace().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_people_paste() {
        let two = vec![vec!["27", "23"], vec!["15", "35"]];
        for t in [
            "[[27 23]\n [15 35]]",
            "[[27, 23], [15, 35]]",
            "[[27,23],[15,35],]",
            "array([[27, 23],\n       [15, 35]])",
            "array([[27, 23],\n       [15, 35]], dtype=int64)",
            "np.array([[27, 23], [15, 35]])",
            "tensor([[27, 23],\n        [15, 35]])",
            "tf.Tensor(\n[[27 23]\n [15 35]], shape=(2, 2), dtype=int32)",
            "[27 23; 15 35]",
            "[27, 23\n 15, 35]",
            "  [[27 23]\n [15 35]]  \n",
        ] {
            assert_eq!(rows(t), Some(Ok(two.clone())), "{t:?}");
        }
    }

    #[test]
    fn not_brackets() {
        for t in [
            "",
            "27,23;15,35",
            "27\t23",
            "f(x)",
            "(1)",
            "a b([1])",
            "x,[1]",
            "]]]",
        ] {
            assert_eq!(rows(t), None, "{t:?}");
        }
    }

    #[test]
    fn broken_brackets_say_why() {
        use BracketError::*;
        let e = |t: &str| rows(t).unwrap().unwrap_err();
        assert_eq!(e("[[1, 2], [3, 4]"), Unclosed);
        assert_eq!(e("[["), Unclosed);
        assert_eq!(e("["), Unclosed);
        assert_eq!(e("[[1]]]"), Unopened);
        assert_eq!(e("[[[1]]]"), TooDeep);
        assert_eq!(e(&"[".repeat(100_000)), TooDeep);
        assert_eq!(e("[1, [2]]"), Stray("[2]]".into()));
        assert_eq!(e("[[1, 2] 3, [4, 5]]"), Stray("3, [4, 5]]".into()));
        assert_eq!(e("[[1]] [[2]]"), Stray("[[2]]".into()));
        assert_eq!(e("[[1]] x"), Stray("x".into()));
        assert!(e("[[1]] x").to_string().contains("'x' is outside the rows"));
    }
}
