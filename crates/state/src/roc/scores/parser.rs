//! The chunked parser of a scores file: the text comes in pieces ([`ScoresParser::push_bytes`],
//! [`ScoresParser::push_str`], then [`ScoresParser::end`]) or at once ([`ScoresParser::new`]),
//! and is parsed a bounded number of lines per [`ScoresParser::step`]. Both give the same
//! table and the same errors, wherever the pieces and the steps cut the file.

use super::super::labels::{is_ignored_column, label_column};
use super::{MAX_SCORES_BYTES, MAX_SCORES_ROWS, ScoreColumn, ScoresError, ScoresTable};
use crate::{MAX_CLASSIFIERS, clean_name};
use ulab_core::text::{parse_decimal, parse_number};
use ulab_csv::{RecordStream, StreamError, TooLarge, step_to_end};

impl From<TooLarge> for ScoresError {
    fn from(e: TooLarge) -> ScoresError {
        ScoresError::TooLarge { bytes: e.bytes }
    }
}

impl From<StreamError> for ScoresError {
    fn from(e: StreamError) -> ScoresError {
        match e {
            StreamError::Empty => ScoresError::Empty,
            StreamError::FirstTooLong { line, max } => ScoresError::Csv {
                line,
                message: format!(
                    "the header line is longer than {max} characters (an unclosed quote?)"
                ),
            },
            StreamError::Csv(e) => ScoresError::Csv {
                line: e.line(),
                message: e.to_string(),
            },
            e @ StreamError::RecordTooLong { .. } => ScoresError::Csv {
                line: e.line(),
                message: e.to_string(),
            },
        }
    }
}

/// The progress of a [`ScoresParser`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Bytes of text parsed so far.
    pub bytes_done: usize,
    /// Bytes of text received so far (the whole file once it has all come).
    pub bytes_total: usize,
    /// Data rows read so far.
    pub rows: usize,
}

/// What the header line says.
#[derive(Debug, Clone)]
struct Header {
    /// Its line number.
    line: usize,
    width: usize,
    label_col: usize,
    label_name: String,
    score_cols: Vec<usize>,
    names: Vec<String>,
    ignored: Vec<String>,
    decimal_comma: bool,
}

/// An incremental parser of a scores file. It reads the header as soon as its line has come,
/// then at most a given number of lines per [`ScoresParser::step`] (only whole records until
/// [`ScoresParser::end`]); [`ScoresParser::finish`] checks the whole and returns the table.
/// It keeps only the text not parsed yet. Work per step is linear in the lines read.
#[derive(Debug, Clone)]
pub struct ScoresParser {
    records: RecordStream,
    header: Option<Header>,
    labels: Vec<String>,
    label_index: Vec<u8>,
    scores: Vec<Vec<f64>>,
}

/// The longest header line read: room for every column name the app takes, far below a
/// file read at once.
const MAX_HEADER_BYTES: usize = 100_000;

impl ScoresParser {
    /// Starts parsing the whole of `text`: skips blank lines, reads and checks the header
    /// (linear in the header's length, and in the text's for its line ends).
    ///
    /// # Errors
    /// The file is empty or too large; the header is not a header ([`ScoresError::HeaderIsData`]),
    /// has no score column, too many, or two with the same name.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::ScoresParser;
    /// let p = ScoresParser::new("\nlabel,A,B\n1,2,3\n".into()).unwrap();
    /// assert_eq!(p.names(), ["A", "B"]);
    /// assert!(ScoresParser::new("0,1\n".into()).is_err()); // numbers: not a header
    /// ```
    pub fn new(text: String) -> Result<ScoresParser, ScoresError> {
        let mut parser = ScoresParser::streaming();
        parser.push_str(&text)?;
        parser.end();
        parser.read_header()?;
        Ok(parser)
    }

    /// A parser waiting for the file's pieces.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::ScoresParser;
    /// let mut p = ScoresParser::streaming();
    /// p.push_bytes("label,A\n1,0.".as_bytes()).unwrap();
    /// p.step(100).unwrap(); // reads the header; "1,0." may go on
    /// assert_eq!((p.names(), p.progress().rows), (&["A".to_string()][..], 0));
    /// p.push_str("9\n0,0.2").unwrap();
    /// p.end();
    /// assert_eq!(p.finish().unwrap().classifiers[0].scores, vec![0.9, 0.2]);
    /// ```
    pub fn streaming() -> ScoresParser {
        ScoresParser {
            records: RecordStream::new(MAX_SCORES_BYTES, MAX_HEADER_BYTES),
            header: None,
            labels: Vec::new(),
            label_index: Vec::new(),
            scores: Vec::new(),
        }
    }

    /// Takes the next piece of the file's bytes (UTF-8; a character may be cut between two
    /// pieces). Linear in the piece.
    ///
    /// # Errors
    /// [`ScoresError::TooLarge`] once the file is too large; the parser should then be dropped.
    pub fn push_bytes(&mut self, bytes: &[u8]) -> Result<(), ScoresError> {
        Ok(self.records.push_bytes(bytes)?)
    }

    /// Takes the next piece of the file's text.
    ///
    /// # Errors
    /// As [`ScoresParser::push_bytes`].
    pub fn push_str(&mut self, text: &str) -> Result<(), ScoresError> {
        Ok(self.records.push_str(text)?)
    }

    /// The file has all come.
    pub fn end(&mut self) {
        self.records.end();
    }

    /// Reads the header if its line has come; whether it is read.
    fn read_header(&mut self) -> Result<bool, ScoresError> {
        if self.header.is_some() {
            return Ok(true);
        }
        let Some(first) = self.records.first()? else {
            return Ok(false);
        };
        let mut header = Self::header(first.fields.clone(), first.line)?;
        let raw = self.records.first_raw().unwrap_or_default();
        header.decimal_comma = !raw.contains(',') && (raw.contains(';') || raw.contains('\t'));
        self.scores = vec![Vec::new(); header.score_cols.len()];
        self.header = Some(header);
        Ok(true)
    }

    /// The header's meaning.
    fn header(header: Vec<String>, line: usize) -> Result<Header, ScoresError> {
        if header.iter().all(|h| parse_number(h).is_some()) {
            return Err(ScoresError::HeaderIsData { line });
        }
        let width = header.len();
        let label_col = label_column(&header).ok_or(ScoresError::NoScoreColumn { line })?;
        let mut score_cols = Vec::new();
        let mut names: Vec<String> = Vec::new();
        let mut ignored = Vec::new();
        for (i, h) in header.iter().enumerate() {
            if i == label_col {
                continue;
            }
            if is_ignored_column(h, i, width, Some(label_col)) {
                ignored.push(h.clone());
                continue;
            }
            let mut name = clean_name(h);
            if name.is_empty() {
                name = format!("column {}", i + 1);
            }
            if names.contains(&name) {
                return Err(ScoresError::DuplicateColumn { line, name });
            }
            names.push(name);
            score_cols.push(i);
        }
        if score_cols.is_empty() {
            return Err(ScoresError::NoScoreColumn { line });
        }
        if score_cols.len() > MAX_CLASSIFIERS {
            return Err(ScoresError::TooManyColumns {
                line,
                found: score_cols.len(),
            });
        }
        Ok(Header {
            line,
            width,
            label_col,
            label_name: header[label_col].trim().to_string(),
            score_cols,
            names,
            ignored,
            decimal_comma: false,
        })
    }

    /// Whether every line has come and been read.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::ScoresParser;
    /// let mut p = ScoresParser::new("y,A\n1,2\n0,3\n".into()).unwrap();
    /// assert!(!p.is_done());
    /// p.step(10).unwrap();
    /// assert!(p.is_done());
    /// ```
    pub fn is_done(&self) -> bool {
        self.header.is_some() && self.records.is_done()
    }

    /// How far the parse is: bytes of text read of those received (for a progress bar), rows
    /// read.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::ScoresParser;
    /// let mut p = ScoresParser::new("y,A\n1,2\n0,3\n".into()).unwrap();
    /// let g = p.step(1).unwrap();
    /// assert_eq!((g.bytes_done, g.bytes_total, g.rows), (8, 12, 1));
    /// ```
    pub fn progress(&self) -> Progress {
        let (bytes_done, bytes_total) = self.records.bytes();
        Progress {
            bytes_done,
            bytes_total,
            rows: self.label_index.len(),
        }
    }

    /// The classifier names of the header (known as soon as the header is read; none before).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::ScoresParser;
    /// let p = ScoresParser::new("id,y,m1\n".into()).unwrap();
    /// assert_eq!(p.names(), ["m1"]);
    /// ```
    pub fn names(&self) -> &[String] {
        self.header.as_ref().map(|h| &h.names[..]).unwrap_or(&[])
    }

    /// Reads the header if it is not read yet, then at most `max_lines` more lines (at least
    /// 1; before [`ScoresParser::end`], only whole records, so possibly none); returns the
    /// progress.
    ///
    /// # Errors
    /// The header's errors (see [`ScoresParser::new`]); the first bad line of the chunk:
    /// [`ScoresError::Ragged`], [`ScoresError::NotANumber`], [`ScoresError::EmptyLabel`],
    /// [`ScoresError::ThirdLabel`], [`ScoresError::Csv`], [`ScoresError::TooManyRows`]. After
    /// an error the parser should be dropped.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::ScoresParser;
    /// let mut p = ScoresParser::new("y,A\n1,2\n0,x\n".into()).unwrap();
    /// assert_eq!(p.step(1).unwrap().rows, 1);
    /// assert_eq!(p.step(1).unwrap_err().to_string(), "line 3, column 'A': 'x' is not a number");
    /// // The first bad line is the error, read whole or in steps, before a broken quote.
    /// let whole = ScoresParser::new("label,A\n1,x\n0,\"0.5\n".into()).unwrap().finish();
    /// assert!(whole.unwrap_err().to_string().starts_with("line 2"));
    /// ```
    pub fn step(&mut self, max_lines: usize) -> Result<Progress, ScoresError> {
        if !self.read_header()? {
            return Ok(self.progress());
        }
        let records = match self.records.next_records(max_lines) {
            Ok(r) => r,
            // A broken record further on (an unclosed quote): the lines before it come first,
            // one a step, so that the error reported is the first by line whatever the steps
            // (issue 28: read whole, a ragged line 3 was reported as line 4's open quote).
            Err(_) if max_lines > 1 => self.records.next_records(1)?,
            Err(e) => return Err(e.into()),
        };
        for r in records {
            self.row(r.line, &r.fields)?;
        }
        Ok(self.progress())
    }

    /// Reads one data row.
    fn row(&mut self, line: usize, fields: &[String]) -> Result<(), ScoresError> {
        let Some(h) = &self.header else {
            return Ok(());
        };
        if fields.len() != h.width {
            return Err(ScoresError::Ragged {
                line,
                expected: h.width,
                found: fields.len(),
            });
        }
        if self.label_index.len() >= MAX_SCORES_ROWS {
            return Err(ScoresError::TooManyRows { line });
        }
        let label = fields[h.label_col].as_str();
        if label.is_empty() {
            return Err(ScoresError::EmptyLabel {
                line,
                column: h.label_name.clone(),
            });
        }
        let k = match self.labels.iter().position(|l| l == label) {
            Some(k) => k,
            None if self.labels.len() < 2 => {
                self.labels.push(label.to_string());
                self.labels.len() - 1
            }
            None => {
                return Err(ScoresError::ThirdLabel {
                    line,
                    first: self.labels[0].clone(),
                    second: self.labels[1].clone(),
                    third: label.to_string(),
                });
            }
        };
        for (j, &c) in h.score_cols.iter().enumerate() {
            let cell = fields[c].as_str();
            let v = parse_number(cell)
                .or_else(|| h.decimal_comma.then(|| parse_decimal(cell, true)).flatten());
            match v {
                Some(v) => self.scores[j].push(v),
                None => {
                    // Undo the row's earlier columns: every column keeps one value per row.
                    for s in &mut self.scores[..j] {
                        s.pop();
                    }
                    return Err(ScoresError::NotANumber {
                        line,
                        column: h.names[j].clone(),
                        value: cell.to_string(),
                    });
                }
            }
        }
        self.label_index.push(k as u8);
        Ok(())
    }

    /// Ends the input, reads what is left and returns the table.
    ///
    /// # Errors
    /// Any error of [`ScoresParser::step`]; [`ScoresError::NoRows`] without data rows,
    /// [`ScoresError::OneClass`] with a single label.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::ScoresParser;
    /// let p = ScoresParser::new("y,A\n1,2\n0,3\n".into()).unwrap();
    /// assert_eq!(p.finish().unwrap().classifiers[0].scores, vec![2.0, 3.0]);
    /// let p = ScoresParser::new("y,A\n1,2\n".into()).unwrap();
    /// assert!(p.finish().is_err()); // one class only
    /// ```
    pub fn finish(mut self) -> Result<ScoresTable, ScoresError> {
        self.records.end();
        step_to_end(&mut self, Self::is_done, Self::progress, Self::step)?;
        let Some(header) = self.header else {
            return Err(ScoresError::Empty);
        };
        if self.label_index.is_empty() {
            return Err(ScoresError::NoRows { line: header.line });
        }
        if self.labels.len() < 2 {
            return Err(ScoresError::OneClass {
                label: self.labels.first().cloned().unwrap_or_default(),
            });
        }
        let labels = [self.labels[0].clone(), self.labels[1].clone()];
        Ok(ScoresTable {
            label_column: header.label_name,
            labels,
            label_index: self.label_index,
            classifiers: header
                .names
                .into_iter()
                .zip(self.scores)
                .map(|(name, scores)| ScoreColumn { name, scores })
                .collect(),
            ignored: header.ignored,
        })
    }
}
