//! A CSV file read in pieces: the text comes a slice of bytes at a time (or at once), and its
//! records are read a bounded number of lines per call, so that a page can read a file of tens
//! of megabytes without freezing. The records and their lines are those [`super::read`] gives
//! for the whole text, wherever the pieces and the calls cut it.
//!
//! ```
//! use ulab_csv::RecordStream;
//! let mut s = RecordStream::new(1_000_000, 1_000);
//! s.push_bytes("\u{feff}a;b\r\n1;".as_bytes()).unwrap();
//! assert_eq!(s.first().unwrap().unwrap().fields, ["a", "b"]); // its line has come
//! assert!(s.next_records(10).unwrap().is_empty()); // "1;" may go on
//! s.push_str("2\n\n3;\"x\ny\"\n").unwrap();
//! s.end();
//! let r = s.next_records(10).unwrap();
//! assert_eq!((r[0].line, &r[0].fields[..]), (2, &["1".to_string(), "2".to_string()][..]));
//! assert_eq!((r[1].line, r[1].fields[1].as_str()), (4, "x\ny"));
//! assert!(s.is_done());
//! ```

use super::input::{Input, TooLarge};
use super::{CsvError, Record, delimiter_after_mark, read_records};
use std::fmt;

/// What stops a [`RecordStream`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamError {
    /// The whole text came and holds no record.
    Empty,
    /// The first record's line is longer than the stream takes (an unclosed quote also makes
    /// it run on); the line it starts on.
    FirstTooLong {
        /// The line the first record starts on.
        line: usize,
        /// The longest first line taken, in bytes.
        max: usize,
    },
    /// A record longer than [`MAX_RECORD_BYTES`] (an unclosed quote?); the line it starts on.
    RecordTooLong {
        /// The line the record starts on.
        line: usize,
    },
    /// The text is not CSV (a quoted field not closed), with the file's line.
    Csv(CsvError),
}

/// The longest record read (after the first, see [`RecordStream::new`]): far more than any
/// row of a classifier's or a scores file, and a bound on the work of one step.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

impl StreamError {
    /// The 1-based line concerned (0: the whole file).
    pub fn line(&self) -> usize {
        match self {
            StreamError::Empty => 0,
            StreamError::FirstTooLong { line, .. } | StreamError::RecordTooLong { line } => *line,
            StreamError::Csv(e) => e.line(),
        }
    }
}

impl fmt::Display for StreamError {
    /// The problem, without its line (see [`StreamError::line`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Empty => write!(f, "the file is empty"),
            StreamError::FirstTooLong { max, .. } => write!(
                f,
                "the first line is longer than {max} characters (an unclosed quote?)"
            ),
            StreamError::RecordTooLong { .. } => write!(
                f,
                "a row is longer than {} MB (an unclosed quote?)",
                MAX_RECORD_BYTES >> 20
            ),
            StreamError::Csv(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StreamError {}

/// A CSV text read in pieces ([`RecordStream::push_bytes`], [`RecordStream::push_str`], then
/// [`RecordStream::end`]): the first record as soon as its line has come
/// ([`RecordStream::first`]), then at most a given number of lines of records per
/// [`RecordStream::next_records`] (only whole records until the end). It keeps only the text
/// not read yet; work per call is linear in the lines read.
#[derive(Debug, Clone)]
pub struct RecordStream {
    input: Input,
    /// The 1-based line number of the next unread line.
    line: usize,
    /// The delimiter, once the first line with content has come ([`crate::delimiter`]).
    delim: Option<char>,
    /// The first line with content, as it came (line ends `\n`).
    first_line: Option<String>,
    first: Option<Record>,
    /// The longest first line taken.
    max_first: usize,
    /// No whole record was in the text received when it was this long: try again once it is
    /// twice as long (or has all come), so that a long record is not scanned once per piece.
    retry_at: usize,
}

impl RecordStream {
    /// A stream that takes at most `max_bytes` bytes, with a first line of at most
    /// `max_first` bytes.
    pub fn new(max_bytes: usize, max_first: usize) -> RecordStream {
        RecordStream {
            input: Input::new(max_bytes),
            line: 1,
            delim: None,
            first_line: None,
            first: None,
            max_first,
            retry_at: 0,
        }
    }

    /// Takes the next piece of the file's bytes (UTF-8, decoded as a browser decodes a file; a
    /// character may be cut between two pieces). Linear in the piece.
    ///
    /// # Errors
    /// [`TooLarge`] once more than `max_bytes` have come; the stream should then be dropped.
    pub fn push_bytes(&mut self, bytes: &[u8]) -> Result<(), TooLarge> {
        self.input.push_bytes(bytes)
    }

    /// Takes the next piece of the file's text.
    ///
    /// # Errors
    /// As [`RecordStream::push_bytes`].
    pub fn push_str(&mut self, text: &str) -> Result<(), TooLarge> {
        self.input.push_str(text)
    }

    /// The file has all come.
    pub fn end(&mut self) {
        self.input.end();
    }

    /// Whether [`RecordStream::end`] was called.
    pub fn ended(&self) -> bool {
        self.input.ended()
    }

    /// Whether the first record is read and everything else has come and been read.
    pub fn is_done(&self) -> bool {
        self.first.is_some() && self.input.is_done()
    }

    /// Bytes of text read, and of text received (decoded, line ends normalized).
    pub fn bytes(&self) -> (usize, usize) {
        self.input.bytes()
    }

    /// The first line with content as it came (line ends `\n`), once it has come.
    pub fn first_raw(&self) -> Option<&str> {
        self.first_line.as_deref()
    }

    /// Reads the first record (blank lines and a byte-order mark before it skipped) if it has
    /// come: `Ok(None)` while it has not.
    ///
    /// # Errors
    /// [`StreamError::Empty`] if the whole text came without a record; the first line too long
    /// or not CSV.
    pub fn first(&mut self) -> Result<Option<&Record>, StreamError> {
        if self.first.is_none() {
            self.first = self.read(1)?.pop();
        }
        Ok(self.first.as_ref())
    }

    /// The delimiter, once the first line with content has come (as [`crate::delimiter`] picks it for
    /// the whole text).
    fn delimiter(&mut self) -> Result<Option<char>, StreamError> {
        if self.delim.is_some() {
            return Ok(self.delim);
        }
        if self.input.at_start() && self.input.rest().starts_with('\u{feff}') {
            self.input.advance('\u{feff}'.len_utf8());
        }
        let rest = self.input.rest();
        let mut at = 0;
        for line in rest.split_inclusive('\n') {
            let whole = line.ends_with('\n') || self.input.ended();
            if !whole {
                break;
            }
            if !line.trim().is_empty() {
                self.first_line = Some(line.trim_end_matches('\n').to_string());
                self.delim = Some(delimiter_after_mark(line));
                return Ok(self.delim);
            }
            at += line.len();
        }
        if rest.len() - at > self.max_first {
            return Err(StreamError::FirstTooLong {
                line: self.line + rest[..at].matches('\n').count(),
                max: self.max_first,
            });
        }
        if self.input.ended() {
            return Err(StreamError::Empty);
        }
        Ok(None)
    }

    /// Reads the records of at most `max` lines of what has come (whole records only).
    fn read(&mut self, max: usize) -> Result<Vec<Record>, StreamError> {
        let Some(delim) = self.delimiter()? else {
            return Ok(Vec::new());
        };
        let (ended, line) = (self.input.ended(), self.line);
        let rest = self.input.rest();
        if !ended && rest.len() < self.retry_at {
            return Ok(Vec::new());
        }
        let got = read_records(rest, delim, max, ended)
            .map_err(|e| StreamError::Csv(at_line(e, line + e.line() - 1)))?;
        if self.first.is_none() && got.bytes > self.max_first {
            return Err(StreamError::FirstTooLong {
                line: got.records.first().map_or(line, |r| line + r.line - 1),
                max: self.max_first,
            });
        }
        if got.records.is_empty() && self.first.is_none() {
            if ended && got.bytes == rest.len() {
                return Err(StreamError::Empty);
            }
            if rest.len() - got.bytes > self.max_first {
                return Err(StreamError::FirstTooLong {
                    line: line + got.breaks,
                    max: self.max_first,
                });
            }
        }
        if got.records.is_empty() && !ended {
            if rest.len() - got.bytes > MAX_RECORD_BYTES {
                return Err(StreamError::RecordTooLong {
                    line: line + got.breaks,
                });
            }
            self.retry_at = 2 * rest.len() + 1;
        } else {
            self.retry_at = 0;
        }
        self.input.advance(got.bytes);
        self.line += got.breaks;
        Ok(got
            .records
            .into_iter()
            .map(|r| Record {
                line: line + r.line - 1,
                fields: r.fields,
            })
            .collect())
    }

    /// Reads the first record if needed, then the records of at most `max_lines` more lines
    /// (at least 1; before [`RecordStream::end`], only whole records, so possibly none), with
    /// the file's line numbers; blank lines are skipped.
    ///
    /// # Errors
    /// As [`RecordStream::first`]; a quoted field not closed at the end of the text.
    pub fn next_records(&mut self, max_lines: usize) -> Result<Vec<Record>, StreamError> {
        if self.first()?.is_none() {
            return Ok(Vec::new());
        }
        self.read(max_lines.max(1))
    }
}

/// `e` with its line replaced by `line` (the file's line of a chunk's line).
fn at_line(e: CsvError, line: usize) -> CsvError {
    match e {
        CsvError::UnclosedQuote { .. } => CsvError::UnclosedQuote { line },
        other => other,
    }
}

/// Reads to its end a reader `s` of a [`RecordStream`] that has ended: calls
/// `step(s, usize::MAX)` until `is_done(s)`, and stops early only if a step leaves
/// `progress(s)` unchanged (which cannot happen once the input has ended; the check keeps a
/// faulty reader from spinning).
///
/// # Errors
/// The first error of `step`.
pub fn step_to_end<S, P: PartialEq, T, E>(
    s: &mut S,
    is_done: fn(&S) -> bool,
    progress: fn(&S) -> P,
    step: fn(&mut S, usize) -> Result<T, E>,
) -> Result<(), E> {
    while !is_done(s) {
        let before = progress(s);
        step(s, usize::MAX)?;
        if progress(s) == before && !is_done(s) {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::read;
    use super::*;

    /// The records of `text` cut into pieces of `piece` bytes and read `lines` lines per call.
    fn streamed(text: &str, piece: usize, lines: usize) -> Result<Vec<Record>, StreamError> {
        let mut s = RecordStream::new(usize::MAX, 1_000);
        let mut out = Vec::new();
        let bytes = text.as_bytes();
        let mut at = 0;
        loop {
            if at < bytes.len() {
                let end = (at + piece).min(bytes.len());
                s.push_bytes(&bytes[at..end]).unwrap();
                at = end;
            } else {
                s.end();
            }
            if out.is_empty()
                && let Some(r) = s.first()?
            {
                out.push(r.clone());
            }
            out.extend(s.next_records(lines)?);
            if s.is_done() || (s.ended() && out.is_empty()) {
                return Ok(out);
            }
        }
    }

    /// Asserts that `text` streamed in pieces of every size, `1..=most_lines` lines per call,
    /// gives the records of the whole text read at once.
    fn streams_as_read(text: &str, most_lines: usize) {
        let whole = read(text).unwrap();
        for piece in 1..=text.len() {
            for lines in 1..=most_lines {
                assert_eq!(
                    streamed(text, piece, lines).unwrap(),
                    whole,
                    "{text:?} {piece} {lines}"
                );
            }
        }
    }

    #[test]
    fn any_cut_gives_the_records_of_the_whole_text() {
        let text = "\u{feff}\n a , \"b, \"\"c\"\"\" \r\n\r\n1;2\r3,\"x\ny\"\n\"é\"\r\n4,5";
        streams_as_read(text, 4);
    }

    #[test]
    fn stray_quotes_and_blank_looking_lines_read_as_at_once() {
        let texts = [
            "truth,l0.1abel\"\ncat,0\ncat,1\n",
            "\t\na\tO0\t39\nneg\t-880\t85\n",
            " \n\t\na,b\n1,2\n",
            "x\"y,\"a\nb\",c\n\"\"\"\",d\n",
            // Two byte-order marks: the second is content, and its tab the delimiter, either
            // way (`scripts/fuzz.sh 100000 7`, csv target, input 33340).
            "\u{feff}\u{feff}\t\n",
            "\u{feff}\u{feff}\ta\n1\t2\n",
        ];
        for text in texts {
            streams_as_read(text, 3);
        }
    }

    #[test]
    fn errors_name_the_files_line() {
        assert_eq!(streamed("", 3, 1), Err(StreamError::Empty));
        assert_eq!(streamed("\n\n", 3, 1), Err(StreamError::Empty));
        let e = streamed("a,b\n1,2\n3,\"4\n5,6\n", 4, 1).unwrap_err();
        assert_eq!(
            (e.line(), e.to_string().as_str()),
            (3, "a quoted field is not closed")
        );
        let e = streamed(&format!("\n\"{}", "x".repeat(2_000)), 100, 1).unwrap_err();
        assert_eq!(
            e,
            StreamError::FirstTooLong {
                line: 2,
                max: 1_000
            }
        );
        let mut s = RecordStream::new(5, 100);
        assert_eq!(s.push_str("abcdef"), Err(TooLarge { bytes: 6 }));
    }
}
