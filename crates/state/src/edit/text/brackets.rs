//! Matrices written with brackets, as Python, NumPy, scikit-learn and PyTorch print them: a
//! list of rows, `[[27, 23], [15, 35]]` (a row's cells separated by commas, or by blanks as
//! scikit-learn prints `[[27 23]\n [15 35]]`), inside a call or not (`array([[27, 23],\n
//! [15, 35]])`, `np.array(…)`, `tensor(…)`, keyword arguments after the list ignored:
//! `, dtype=int64)`), turned into the matrix syntax ([`to_syntax`]) that
//! [`super::read_syntax`] reads.
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
        let what = match self {
            BracketError::Unclosed => "a '[' is not closed",
            BracketError::Unopened => "a ']' closes nothing",
            BracketError::TooDeep => "lists nested more than two deep",
            BracketError::Stray(t) => return write!(f, "'{t}' is outside the rows; {ROWS}"),
        };
        write!(f, "{what}; {ROWS}")
    }
}

/// How a matrix is written with brackets, said after each error.
const ROWS: &str = "a matrix is a list of rows, e.g. [[27, 23], [15, 35]]";

impl std::error::Error for BracketError {}

/// `text` in the matrix syntax when it is written with brackets (rows separated by `;`, cells
/// by `,`; blanks kept where they are not separators); `None` when it is not (it begins
/// neither with `[` nor with a call of a list, such as `array([`).
///
/// # Examples
///
/// ```
/// use ulab_state::edit::text::brackets::to_syntax;
/// assert_eq!(to_syntax("[[27 23]\n [15 35]]"), Some(Ok("27,23;15,35".into())));
/// let np = to_syntax("array([[ 0.5, -1. ],\n       [ 0.3,  2. ]], dtype=float32)");
/// assert_eq!(np, Some(Ok("0.5,-1.;0.3,2.".into())));
/// assert!(to_syntax("[[1, 2], [3, 4]").unwrap().is_err());
/// assert_eq!(to_syntax("27,23;15,35"), None);
/// ```
pub fn to_syntax(text: &str) -> Option<Result<String, BracketError>> {
    let t = text.trim();
    let list = if t.starts_with('[') {
        t
    } else {
        call_argument(t)?
    };
    Some(convert(list))
}

/// The list in `NAME([…])` (`array`, `np.array`, `tensor`, …), without the closing `)` and the
/// keyword arguments after the list (`, dtype=int64`).
fn call_argument(t: &str) -> Option<&str> {
    let open = t.find('(').filter(|&k| k > 0)?;
    let inner = t[open + 1..].trim();
    if !inner.starts_with('[') {
        return None;
    }
    let inner = inner.strip_suffix(')').unwrap_or(inner).trim_end();
    // (`]` is one byte: a byte search, not a reverse char searcher.)
    let end = inner.bytes().rposition(|b| b == b']').unwrap_or(0);
    let rest = &inner[end + 1..];
    let keywords = rest.trim_start().starts_with(',') && rest.contains('=');
    Some(if keywords { &inner[..=end] } else { inner })
}

/// `list` (which begins with `[`), a list of lists, in the matrix syntax: the cells of a row
/// are separated by its commas, or if it has none by its blanks (scikit-learn's print).
fn convert(list: &str) -> Result<String, BracketError> {
    let stray = |k: usize| Err(BracketError::Stray(truncate(list[k..].trim(), 12)));
    let mut out = String::with_capacity(list.len());
    let (mut depth, mut rows, mut closed) = (0usize, 0usize, false);
    // In a row: whether its cells are separated by blanks, and whether one was met.
    let (mut blanks, mut gap) = (false, false);
    for (k, c) in list.char_indices() {
        match c {
            '[' if closed => return stray(k),
            '[' if depth == 2 => return Err(BracketError::TooDeep),
            '[' => {
                depth += 1;
                if depth == 2 {
                    if rows > 0 {
                        out.push(';');
                    }
                    rows += 1;
                    let row = &list[k + 1..];
                    blanks = !row[..row.find(']').unwrap_or(0)].contains(',');
                    gap = false;
                }
            }
            ']' if depth == 0 => return Err(BracketError::Unopened),
            ']' => {
                depth -= 1;
                closed = depth == 0;
            }
            // Between rows (and after the list) only blanks, and commas between rows.
            c if depth < 2 && !(c.is_whitespace() || (c == ',' && !closed)) => return stray(k),
            _ if depth < 2 => {}
            c if c.is_whitespace() => gap = !matches!(out.as_bytes().last(), None | Some(b';')),
            c => {
                if blanks && gap {
                    out.push(',');
                }
                gap = false;
                out.push(c);
            }
        }
    }
    if depth > 0 {
        return Err(BracketError::Unclosed);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_people_paste() {
        for t in [
            "[[27 23]\n [15 35]]",
            "[[27, 23], [15, 35]]",
            "[[27,23],[15,35],]",
            "[[27 23], [15 35]]",
            "array([[27, 23],\n       [15, 35]])",
            "array([[27, 23],\n       [15, 35]], dtype=int64)",
            "np.array([[27, 23], [15, 35]])",
            "tensor([[27, 23],\n        [15, 35]])",
            "tf.Tensor(\n[[27 23]\n [15 35]], shape=(2, 2), dtype=int32)",
            "  [[ 27  23]\n [ 15  35]]  \n",
        ] {
            assert_eq!(to_syntax(t), Some(Ok("27,23;15,35".into())), "{t:?}");
        }
        // NumPy wraps long rows over lines.
        assert_eq!(
            to_syntax("[[1 2\n  3]\n [4 5 6]]"),
            Some(Ok("1,2,3;4,5,6".into()))
        );
    }

    #[test]
    fn not_brackets() {
        for t in ["", "27,23;15,35", "27\t23", "f(x)", "(1)", "x,[1]", "]]]"] {
            assert_eq!(to_syntax(t), None, "{t:?}");
        }
    }

    #[test]
    fn broken_brackets_say_why() {
        use BracketError::*;
        let e = |t: &str| to_syntax(t).unwrap().unwrap_err();
        assert_eq!(e("[[1, 2], [3, 4]"), Unclosed);
        assert_eq!(e("[["), Unclosed);
        assert_eq!(e("["), Unclosed);
        assert_eq!(e("[[1]]]"), Unopened);
        assert_eq!(e("[[[1]]]"), TooDeep);
        assert_eq!(e(&"[".repeat(100_000)), TooDeep);
        assert_eq!(e("[1, [2]]"), Stray("1, [2]]".into()));
        assert_eq!(e("[27 23; 15 35]"), Stray("27 23; 15 35…".into()));
        assert_eq!(e("[[1, 2] 3, [4, 5]]"), Stray("3, [4, 5]]".into()));
        assert_eq!(e("[[1]] [[2]]"), Stray("[[2]]".into()));
        assert_eq!(e("[[1]] x"), Stray("x".into()));
        assert!(e("[[1]] x").to_string().contains("'x' is outside the rows"));
    }
}
