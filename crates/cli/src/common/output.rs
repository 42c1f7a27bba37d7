//! The subcommands' output: numbers for text (plain ASCII, aligned), names, text tables,
//! JSON, and writing to standard output.

use std::io::Write;
use ulab_core::Matrix;

// ---------------------------------------------------------------------------------------------
// Numbers

/// A general number for text output: at most 4 decimals, trailing zeros removed
/// (`3.5`, `-160`, `0.3333`); scientific notation with 4 significant digits for very large or
/// very small magnitudes; "∞"/"−∞"/"NaN" spelled out.
pub fn fmt_num(v: f64) -> String {
    if v.is_nan() {
        return "NaN".to_string();
    }
    if v.is_infinite() {
        return if v > 0.0 {
            "+∞".to_string()
        } else {
            "-∞".to_string()
        };
    }
    let a = v.abs();
    if a != 0.0 && !(1e-4..1e12).contains(&a) {
        let s = format!("{v:.3e}");
        // 1.230e5 → 1.23e5
        if let Some((mant, exp)) = s.split_once('e') {
            let mant = if mant.contains('.') {
                mant.trim_end_matches('0').trim_end_matches('.')
            } else {
                mant
            };
            return format!("{mant}e{exp}");
        }
        return s;
    }
    ulab_core::text::trimmed(v, 4)
}

/// A number with exactly 4 decimals (metrics, probabilities, rates), for aligned columns.
pub fn fmt4(v: f64) -> String {
    if !v.is_finite() {
        return fmt_num(v);
    }
    let s = format!("{v:.4}");
    if s == "-0.0000" {
        "0.0000".to_string()
    } else {
        s
    }
}

/// A list of numbers, `fmt_num` each, separated by ", ".
pub fn fmt_list(v: &[f64]) -> String {
    v.iter().map(|x| fmt_num(*x)).collect::<Vec<_>>().join(", ")
}

/// Names joined by ", ", or for more than 12 the first 10, "…" and the last.
pub fn fmt_names(names: &[String]) -> String {
    if names.len() <= 12 {
        names.join(", ")
    } else {
        format!(
            "{}, …, {} ({} in all)",
            names[..10].join(", "),
            names[names.len() - 1],
            names.len()
        )
    }
}

/// Numbers as in [`fmt_list`], or for more than 12 the first 10, "…" and the last.
pub fn fmt_list_capped(v: &[f64]) -> String {
    if v.len() <= 12 {
        fmt_list(v)
    } else {
        format!(
            "{}, …, {} ({} in all)",
            fmt_list(&v[..10]),
            fmt_num(v[v.len() - 1]),
            v.len()
        )
    }
}

/// A matrix in the matrix syntax with `fmt_num` cells (at most 4 decimals).
pub fn fmt_matrix(m: &Matrix) -> String {
    (0..m.rows())
        .map(|i| {
            m.row(i)
                .iter()
                .map(|v| fmt_num(*v))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// `'name'` for messages.
pub fn quoted(name: &str) -> String {
    format!("'{name}'")
}

// ---------------------------------------------------------------------------------------------
// Tables

/// A text table: the first column left-aligned, the others right-aligned (or left-aligned when
/// marked), columns separated by two spaces, widths in characters.
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    left: Vec<bool>,
    indent: usize,
}

impl Table {
    /// A table with these column headers.
    pub fn new<S: AsRef<str>>(header: &[S]) -> Table {
        let n = header.len();
        let mut left = vec![false; n];
        if n > 0 {
            left[0] = true;
        }
        Table {
            header: header.iter().map(|s| s.as_ref().to_string()).collect(),
            rows: Vec::new(),
            left,
            indent: 2,
        }
    }

    /// Makes column `k` left-aligned.
    pub fn left(mut self, k: usize) -> Table {
        if k < self.left.len() {
            self.left[k] = true;
        }
        self
    }

    /// Adds a row (missing cells are blank).
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// The table as text, one line per row, each ending with a newline.
    pub fn render(&self) -> String {
        let n = self.header.len();
        let mut w = vec![0usize; n];
        for r in std::iter::once(&self.header).chain(self.rows.iter()) {
            for (k, c) in r.iter().enumerate().take(n) {
                w[k] = w[k].max(c.chars().count());
            }
        }
        let mut out = String::new();
        let empty = String::new();
        for r in std::iter::once(&self.header).chain(self.rows.iter()) {
            let mut line = " ".repeat(self.indent);
            for (k, width) in w.iter().enumerate() {
                let c = r.get(k).unwrap_or(&empty);
                let pad = width - c.chars().count();
                if k > 0 {
                    line.push_str("  ");
                }
                if self.left[k] {
                    line.push_str(c);
                    line.push_str(&" ".repeat(pad));
                } else {
                    line.push_str(&" ".repeat(pad));
                    line.push_str(c);
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// Output

thread_local! {
    /// Where [`emit`] writes instead of standard output while [`capture`] runs.
    static CAPTURED: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with every [`emit`] of this thread collected into a string instead of written to
/// standard output (the fuzz driver runs the subcommands in-process this way).
pub fn capture<R>(f: impl FnOnce() -> R) -> (R, String) {
    CAPTURED.with(|c| *c.borrow_mut() = Some(String::new()));
    let r = f();
    let text = CAPTURED.with(|c| c.borrow_mut().take()).unwrap_or_default();
    (r, text)
}

/// Writes the output to standard output. A closed pipe (`ulab ... | head`) ends quietly.
///
/// # Errors
/// Any other write error.
pub fn emit(text: &str) -> Result<(), String> {
    let captured = CAPTURED.with(|c| match c.borrow_mut().as_mut() {
        Some(buf) => {
            buf.push_str(text);
            true
        }
        None => false,
    });
    if captured {
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

/// Serializes to pretty JSON, followed by a newline.
///
/// # Errors
/// Only if serialization fails (it does not for the plain structs used here).
pub fn to_json<T: serde::Serialize>(value: &T) -> Result<String, String> {
    serde_json::to_string_pretty(value)
        .map(|mut s| {
            s.push('\n');
            s
        })
        .map_err(|e| format!("cannot write JSON: {e}"))
}

/// A finite value, or `None` (JSON null) for a non-finite one.
pub fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}
