//! CSV files, read and written the same way everywhere: the app's importers, every CSV export,
//! and `ulab roc`'s scores file.
//!
//! Reading ([`read`]) follows RFC 4180 and what spreadsheets write: fields separated by one
//! delimiter (`,`, `;` or tab, chosen from the first line by [`delimiter`]), double-quoted
//! fields that may hold the delimiter, `""` (a quote) and line breaks, records ended by `\r\n`,
//! `\n` or `\r`, a byte-order mark ignored, blank lines skipped, fields trimmed. Each record
//! keeps the line it starts on, so that errors can name it.
//!
//! Writing ([`write`]) is RFC 4180 with `,` and one line ending, `\n`, in every file the app
//! and `ulab` write (spreadsheets and CSV readers accept it; RFC 4180's `\r\n` would leave a
//! `\r` at the end of each line for line-based tools). Numbers in exported files are written by
//! [`ulab_core::text::shortest`] (what the user typed) and [`ulab_core::text::exported`] (computed
//! values), never by `{}`.

use std::fmt;

mod input;
mod stream;

pub use input::TooLarge;
pub use stream::{RecordStream, StreamError, step_to_end};

/// The largest file accepted, in bytes.
pub const MAX_CSV_BYTES: usize = ulab_core::limits::MAX_CSV_BYTES;

/// The line ending of every CSV file written.
pub const LINE_END: &str = "\n";

/// What is wrong with a CSV text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CsvError {
    /// The text is larger than [`MAX_CSV_BYTES`].
    TooLarge,
    /// A quoted field is not closed; the line it opens on (1-based).
    UnclosedQuote {
        /// The line of the opening quote's record.
        line: usize,
    },
}

impl CsvError {
    /// The 1-based line concerned (0: the whole file).
    pub fn line(&self) -> usize {
        match self {
            CsvError::TooLarge => 0,
            CsvError::UnclosedQuote { line } => *line,
        }
    }
}

impl fmt::Display for CsvError {
    /// The problem, without its line (see [`CsvError::line`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CsvError::TooLarge => write!(
                f,
                "the file is larger than {} MB",
                MAX_CSV_BYTES / 1_000_000
            ),
            CsvError::UnclosedQuote { .. } => write!(f, "a quoted field is not closed"),
        }
    }
}

impl std::error::Error for CsvError {}

/// One record: the 1-based line it starts on, and its fields (trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The line the record starts on.
    pub line: usize,
    /// The fields, unquoted and trimmed.
    pub fields: Vec<String>,
}

/// The delimiter of `text`, from its first non-blank line: tab if there is one; `;` if there
/// is one and every `,` sits between two digits (a decimal comma, as spreadsheets of many
/// locales write `0,27;0,15`); otherwise `,`.
///
/// # Examples
///
/// ```
/// use ulab_csv::delimiter;
/// assert_eq!(delimiter("a,b\n"), ',');
/// assert_eq!(delimiter("\n0,27;0,15\n"), ';');
/// assert_eq!(delimiter("a;b,c\n"), ',');
/// assert_eq!(delimiter("1\t2\r3\t4"), '\t');
/// assert_eq!(delimiter("\u{feff}\t\na,b"), ','); // a byte-order mark is not content
/// ```
pub fn delimiter(text: &str) -> char {
    delimiter_after_mark(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// [`delimiter`] of a text whose byte-order mark, if any, is already gone: a second mark is
/// content (the streamed reader strips the first itself; stripping another here made it pick
/// another delimiter than the whole-text reader, found by `scripts/fuzz.sh 100000 7`).
pub(crate) fn delimiter_after_mark(text: &str) -> char {
    let first = text
        .split(['\n', '\r'])
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
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

/// Reads `text` as CSV with the [`delimiter`] of its first line: the records, blank lines
/// skipped. [`write`] reads back.
///
/// # Errors
/// A quoted field that is not closed (with its line), or a text above [`MAX_CSV_BYTES`].
///
/// # Examples
///
/// ```
/// use ulab_csv::read;
/// let r = read("\u{feff}a,\"b, \"\"c\"\"\"\r\n\r\n1;2\r3,\"x\ny\"\n").unwrap();
/// assert_eq!(r[0].fields, ["a", "b, \"c\""]);
/// assert_eq!((r[1].line, r[1].fields.len()), (3, 1)); // `;` is not this file's delimiter
/// assert_eq!((r[2].line, r[2].fields[1].as_str()), (4, "x\ny"));
/// assert_eq!(read("\"open\n").unwrap_err().line(), 1);
/// ```
pub fn read(text: &str) -> Result<Vec<Record>, CsvError> {
    read_with(text, delimiter(text))
}

/// Reads `text` as CSV with the given delimiter (see [`read`]).
///
/// # Errors
/// As [`read`].
pub fn read_with(text: &str, delim: char) -> Result<Vec<Record>, CsvError> {
    if text.len() > MAX_CSV_BYTES {
        return Err(CsvError::TooLarge);
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Ok(read_records(text, delim, usize::MAX, true)?.records)
}

/// Records read from the start of a text ([`read_records`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Records {
    /// The records (lines counted from 1 at the text's start), blank lines skipped.
    pub records: Vec<Record>,
    /// The bytes read: the text's first `bytes` bytes hold the records (and blank lines).
    pub bytes: usize,
    /// The line breaks read.
    pub breaks: usize,
}

/// Reads at most `max` records (blank lines skipped, not counted) from the start of `text`
/// with the delimiter `delim`. A record is read only if it is whole: ended by a line break
/// outside quotes, or by the text's end when the text is `ended`. So a text that comes in
/// pieces can be read a few records at a time and gives what [`read_with`] gives for the whole.
///
/// Over ~120 lines: no; one loop over the characters, with the quote rules of RFC 4180.
///
/// # Errors
/// A quoted field that is not closed at the end of an `ended` text (with its line).
pub(crate) fn read_records(
    text: &str,
    delim: char,
    max: usize,
    ended: bool,
) -> Result<Records, CsvError> {
    let mut out = Records {
        records: Vec::new(),
        bytes: 0,
        breaks: 0,
    };
    let mut line = 1;
    let mut chars = text.char_indices().peekable();
    while chars.peek().is_some() && out.records.len() < max {
        let start = line;
        let mut fields = Vec::new();
        let mut field = String::new();
        let mut quoted = false;
        let mut whole = false;
        while let Some((_, c)) = chars.next() {
            if quoted {
                match c {
                    '"' if chars.peek().map(|p| p.1) == Some('"') => {
                        chars.next();
                        field.push('"');
                    }
                    '"' => quoted = false,
                    _ => {
                        // A line break inside quotes belongs to the field; count it once.
                        if c == '\n' || (c == '\r' && chars.peek().map(|p| p.1) != Some('\n')) {
                            line += 1;
                        }
                        field.push(c);
                    }
                }
            } else if c == '"' && field.trim().is_empty() {
                field.clear();
                quoted = true;
            } else if c == delim {
                fields.push(std::mem::take(&mut field));
            } else if c == '\n' || c == '\r' {
                if c == '\r' && chars.peek().map(|p| p.1) == Some('\n') {
                    chars.next();
                }
                line += 1;
                whole = true;
                break;
            } else {
                field.push(c);
            }
        }
        if !whole && !ended {
            break; // the record may go on in the text's next piece
        }
        if quoted {
            return Err(CsvError::UnclosedQuote { line: start });
        }
        out.bytes = chars.peek().map_or(text.len(), |p| p.0);
        out.breaks = line - 1;
        fields.push(field);
        let fields: Vec<String> = fields.iter().map(|f| f.trim().to_string()).collect();
        if !(fields.len() == 1 && fields[0].is_empty()) {
            out.records.push(Record {
                line: start,
                fields,
            });
        }
    }
    Ok(out)
}

/// Writes rows as CSV: fields separated by `,`, a field with `,`, `"` or a line break quoted
/// (a quote doubled), each row ended by [`LINE_END`]. [`read`] gives the rows back (trimmed).
///
/// # Examples
///
/// ```
/// use ulab_csv::{read, write};
/// let rows = vec![vec!["name".to_string(), "note".to_string()], vec!["A".into(), "say \"hi\", ok".into()]];
/// let text = write(&rows);
/// assert_eq!(text, "name,note\nA,\"say \"\"hi\"\", ok\"\n");
/// let back: Vec<Vec<String>> = read(&text).unwrap().into_iter().map(|r| r.fields).collect();
/// assert_eq!(back, rows);
/// ```
pub fn write(rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    for row in rows {
        for (k, f) in row.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            if f.contains([',', '"', '\n', '\r']) {
                out.push('"');
                out.push_str(&f.replace('"', "\"\""));
                out.push('"');
            } else {
                out.push_str(f);
            }
        }
        out.push_str(LINE_END);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> Vec<(usize, Vec<String>)> {
        read(text)
            .unwrap()
            .into_iter()
            .map(|r| (r.line, r.fields))
            .collect()
    }

    #[test]
    fn every_line_ending_ends_a_record() {
        let want = vec![
            (1, vec!["1".to_string(), "2".to_string()]),
            (2, vec!["3".to_string(), "4".to_string()]),
        ];
        for text in [
            "1,2\n3,4",
            "1,2\r\n3,4\r\n",
            "1,2\r3,4\r",
            "\u{feff}1,2\n3,4\n",
        ] {
            assert_eq!(fields(text), want, "{text:?}");
        }
    }

    #[test]
    fn quoted_fields_keep_delimiters_quotes_and_line_breaks() {
        let r = fields("\"a\nb\",c\nd,e");
        assert_eq!(r[0].1, vec!["a\nb", "c"]);
        assert_eq!(r[1].0, 3);
        let r = fields("\"a\r\nb\",\"x\"\"y\"\r\nz");
        assert_eq!(r[0].1, vec!["a\r\nb", "x\"y"]);
        assert_eq!(r[1].0, 3);
        assert_eq!(fields("a;\"b;c\"\n")[0].1, vec!["a", "b;c"]);
    }

    #[test]
    fn blank_lines_are_skipped_and_counted() {
        let r = fields("\n\na,b\n \n\nc,d\n");
        assert_eq!(r.iter().map(|r| r.0).collect::<Vec<_>>(), vec![3, 6]);
    }

    #[test]
    fn errors() {
        assert_eq!(
            read("a\n\"b,c\n").unwrap_err(),
            CsvError::UnclosedQuote { line: 2 }
        );
        let big = "a".repeat(MAX_CSV_BYTES + 1);
        assert_eq!(read(&big).unwrap_err(), CsvError::TooLarge);
        assert_eq!(
            CsvError::TooLarge.to_string(),
            "the file is larger than 50 MB"
        );
    }

    #[test]
    fn written_files_read_back() {
        let rows: Vec<Vec<String>> = vec![
            vec!["a,b".into(), "say \"x\"".into(), "two\nlines".into()],
            vec!["c\rd".into(), "".into(), "plain".into()],
        ];
        let text = write(&rows);
        assert!(!text.contains("\r\n"));
        let back: Vec<Vec<String>> = read(&text).unwrap().into_iter().map(|r| r.fields).collect();
        assert_eq!(back, rows);
    }
}
