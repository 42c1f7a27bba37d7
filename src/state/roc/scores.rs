//! The scores file: a CSV with a header row, one label column and one score column per
//! classifier (the header names them), read in chunks so that a page can parse 10⁶ rows
//! without freezing.
//!
//! ```text
//! label,logistic,forest
//! spam,0.91,0.80
//! ham,0.12,0.35
//! ```
//!
//! * The label column is found by name ([`LABEL_COLUMN_NAMES`](super::labels::LABEL_COLUMN_NAMES):
//!   `label`, `y_true`, `class`, `target`, `y`, …, any case), else it is the first column.
//!   Columns named `id`/`index`, and an unnamed first column (pandas' index), are ignored; every
//!   other column is a classifier's scores (a higher score speaks for the positive class).
//! * Labels are any non-empty texts; exactly two distinct labels are needed.
//! * Scores are numbers in the app's syntax ([`crate::text::parse_number`]); with `;` or tab
//!   delimiters a decimal comma is accepted (`0,91`).
//! * Errors are typed ([`ScoresError`]) and name the line (1-based, as an editor counts, blank
//!   lines included) and the column. Nothing is returned on error, so the caller keeps its
//!   previous data.
//!
//! Chunked use (the page: a few thousand lines per animation frame, or in a worker):
//!
//! ```
//! use utility_lab::state::roc::scores::ScoresParser;
//! let text = "label,A,B\n1,0.9,0.8\n0,0.2,0.4\n1,0.7,0.1\n".to_string();
//! let mut parser = ScoresParser::new(text).unwrap();
//! while !parser.is_done() {
//!     parser.step(2).unwrap(); // ≤ 2 lines per call; report parser.progress() meanwhile
//! }
//! let table = parser.finish().unwrap();
//! assert_eq!(table.rows(), 3);
//! assert_eq!(table.classifiers[1].scores, vec![0.8, 0.4, 0.1]);
//! ```

use super::labels::{default_positive, is_ignored_column, label_column};
use crate::state::csv::CsvError;
use crate::state::{clean_name, MAX_CLASSIFIERS};
use crate::text::{parse_decimal, parse_number, truncate};
use std::fmt;

/// The largest scores file accepted, in bytes.
pub const MAX_SCORES_BYTES: usize = 200_000_000;

/// The most data rows accepted.
pub const MAX_SCORES_ROWS: usize = 5_000_000;

/// The CSV reader used for every chunk: the crate's (`state::csv::records`). Swapping the
/// reader is this one line.
fn read_records(text: &str) -> Result<Vec<(usize, Vec<String>)>, CsvError> {
    crate::state::csv::records(text)
}

/// Why a scores file cannot be used. Line numbers are 1-based; [`ScoresError::line`] gives
/// the line when there is one. The `Display` text is the user's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScoresError {
    /// No line with content.
    Empty,
    /// Above [`MAX_SCORES_BYTES`].
    TooLarge { bytes: usize },
    /// Above [`MAX_SCORES_ROWS`] data rows.
    TooManyRows { line: usize },
    /// The CSV reader's own error (an unclosed quote).
    Csv { line: usize, message: String },
    /// The first line holds only numbers: it must be the header.
    HeaderIsData { line: usize },
    /// No classifier column beside the label column.
    NoScoreColumn { line: usize },
    /// More classifier columns than the app holds.
    TooManyColumns { line: usize, found: usize },
    /// Two classifier columns with the same name.
    DuplicateColumn { line: usize, name: String },
    /// A row with another number of fields than the header.
    Ragged {
        line: usize,
        expected: usize,
        found: usize,
    },
    /// A score that is not a number (or not finite).
    NotANumber {
        line: usize,
        column: String,
        value: String,
    },
    /// An empty label.
    EmptyLabel { line: usize, column: String },
    /// A third distinct label.
    ThirdLabel {
        line: usize,
        first: String,
        second: String,
        third: String,
    },
    /// A header and no data row.
    NoRows { line: usize },
    /// Every row has the same label.
    OneClass { label: String },
    /// The labels are not {0, 1}, {−1, 1} or {false, true}: the user must choose.
    PositiveRequired { labels: [String; 2] },
    /// The chosen positive label is not one of the file's.
    UnknownPositive { given: String, labels: [String; 2] },
}

impl ScoresError {
    /// The 1-based line the error is about, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::parse_scores;
    /// let e = parse_scores("label,A\n1,0.5\n0,x\n").unwrap_err();
    /// assert_eq!(e.line(), Some(3));
    /// ```
    pub fn line(&self) -> Option<usize> {
        use ScoresError::*;
        match self {
            TooManyRows { line }
            | Csv { line, .. }
            | HeaderIsData { line }
            | NoScoreColumn { line }
            | TooManyColumns { line, .. }
            | DuplicateColumn { line, .. }
            | Ragged { line, .. }
            | NotANumber { line, .. }
            | EmptyLabel { line, .. }
            | ThirdLabel { line, .. }
            | NoRows { line } => Some(*line),
            Empty | TooLarge { .. } | OneClass { .. } | PositiveRequired { .. } => None,
            UnknownPositive { .. } => None,
        }
    }
}

/// A text from the file, quoted and cut for a message.
fn q(s: &str) -> String {
    format!("'{}'", truncate(s, 30))
}

impl fmt::Display for ScoresError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ScoresError::*;
        match self {
            Empty => write!(f, "the file is empty"),
            TooLarge { bytes } => write!(
                f,
                "the file has {} MB; at most {} MB can be read",
                bytes / 1_000_000,
                MAX_SCORES_BYTES / 1_000_000
            ),
            TooManyRows { line } => write!(
                f,
                "line {line}: more than {MAX_SCORES_ROWS} rows; at most that many can be read"
            ),
            Csv { line, message } => write!(f, "line {line}: {message}"),
            HeaderIsData { line } => write!(
                f,
                "line {line}: the first line must be a header naming the columns (the labels, \
                 then one column of scores per classifier); this one holds only numbers"
            ),
            NoScoreColumn { line } => write!(
                f,
                "line {line}: no column of scores: the header needs a label column and one \
                 column per classifier"
            ),
            TooManyColumns { line, found } => write!(
                f,
                "line {line}: {found} classifier columns; at most {MAX_CLASSIFIERS} can be shown"
            ),
            DuplicateColumn { line, name } => {
                write!(f, "line {line}: two columns are named {}", q(name))
            }
            Ragged {
                line,
                expected,
                found,
            } => write!(
                f,
                "line {line}: {found} fields, but the header has {expected}"
            ),
            NotANumber {
                line,
                column,
                value,
            } => write!(
                f,
                "line {line}, column {}: {} is not a number",
                q(column),
                q(value)
            ),
            EmptyLabel { line, column } => {
                write!(f, "line {line}: the label (column {}) is empty", q(column))
            }
            ThirdLabel {
                line,
                first,
                second,
                third,
            } => write!(
                f,
                "line {line}: a third label {} (after {} and {}): a ROC curve needs exactly two \
                 classes",
                q(third),
                q(first),
                q(second)
            ),
            NoRows { line } => write!(f, "line {line}: a header but no rows of data"),
            OneClass { label } => write!(
                f,
                "every row has the label {}: a ROC curve needs cases of both classes",
                q(label)
            ),
            PositiveRequired { labels } => write!(
                f,
                "the labels are {} and {}: choose which one is positive (class 0, the class a \
                 high score speaks for)",
                q(&labels[0]),
                q(&labels[1])
            ),
            UnknownPositive { given, labels } => write!(
                f,
                "the positive label {} is not in the file (its labels are {} and {})",
                q(given),
                q(&labels[0]),
                q(&labels[1])
            ),
        }
    }
}

impl std::error::Error for ScoresError {}

/// One classifier's column.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreColumn {
    /// The header's name (cleaned: trimmed, at most 60 characters).
    pub name: String,
    /// One finite score per row.
    pub scores: Vec<f64>,
}

/// A parsed scores file.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoresTable {
    /// The label column's header name.
    pub label_column: String,
    /// The two labels, in order of first appearance.
    pub labels: [String; 2],
    /// Per row: 0 or 1, the index of its label in [`ScoresTable::labels`].
    pub label_index: Vec<u8>,
    /// The classifiers, in the file's column order.
    pub classifiers: Vec<ScoreColumn>,
    /// Names of the columns that were ignored (`id`, `index`, an unnamed first column).
    pub ignored: Vec<String>,
}

impl ScoresTable {
    /// Number of data rows.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::parse_scores;
    /// assert_eq!(parse_scores("y,A\n0,0.1\n\n1,0.9\n").unwrap().rows(), 2);
    /// ```
    pub fn rows(&self) -> usize {
        self.label_index.len()
    }

    /// Number of rows with label `labels[k]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::parse_scores;
    /// let t = parse_scores("y,A\nb,0.1\na,0.9\nb,0.3\n").unwrap();
    /// assert_eq!((t.count(0), t.count(1)), (2, 1)); // labels in order of appearance: b, a
    /// ```
    pub fn count(&self, k: usize) -> usize {
        self.label_index
            .iter()
            .filter(|&&l| l as usize == k)
            .count()
    }

    /// The index (0 or 1) of the positive label: `chosen` if given (exact text, trimmed),
    /// else scikit-learn's default ([`default_positive`]).
    ///
    /// # Errors
    /// [`ScoresError::UnknownPositive`] if `chosen` is not a label of the file,
    /// [`ScoresError::PositiveRequired`] if nothing is chosen and the rule does not apply.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::parse_scores;
    /// let t = parse_scores("y,A\n0,0.1\n1,0.9\n").unwrap();
    /// assert_eq!(t.positive(None).unwrap(), 1); // "1" by scikit-learn's rule
    /// assert_eq!(t.positive(Some("0")).unwrap(), 0);
    /// let t = parse_scores("y,A\ncat,0.1\ndog,0.9\n").unwrap();
    /// assert!(t.positive(None).is_err());
    /// assert!(t.positive(Some("cow")).is_err());
    /// ```
    pub fn positive(&self, chosen: Option<&str>) -> Result<usize, ScoresError> {
        match chosen {
            Some(c) => {
                let c = c.trim();
                self.labels.iter().position(|l| l == c).ok_or_else(|| {
                    ScoresError::UnknownPositive {
                        given: c.to_string(),
                        labels: self.labels.clone(),
                    }
                })
            }
            None => default_positive(&self.labels[0], &self.labels[1]).ok_or_else(|| {
                ScoresError::PositiveRequired {
                    labels: self.labels.clone(),
                }
            }),
        }
    }

    /// Per row: whether its label is the positive one (`labels[positive]`), i.e. the row is of
    /// class 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::parse_scores;
    /// let t = parse_scores("y,A\nb,0.1\na,0.9\n").unwrap();
    /// assert_eq!(t.is_positive(1), vec![false, true]);
    /// ```
    pub fn is_positive(&self, positive: usize) -> Vec<bool> {
        self.label_index
            .iter()
            .map(|&l| l as usize == positive)
            .collect()
    }

    /// The class names in the app's order: `[positive, negative]` (class 0, class 1), e.g. for
    /// the Compare view's classes.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::parse_scores;
    /// let t = parse_scores("y,A\nham,0.1\nspam,0.9\n").unwrap();
    /// assert_eq!(t.class_names(1), ["spam".to_string(), "ham".to_string()]);
    /// ```
    pub fn class_names(&self, positive: usize) -> [String; 2] {
        let p = positive.min(1);
        [self.labels[p].clone(), self.labels[1 - p].clone()]
    }

    /// The test set's class-0 share `B = P / (P + N)` with `labels[positive]` as class 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::parse_scores;
    /// let t = parse_scores("y,A\n0,0.1\n1,0.9\n0,0.3\n0,0.2\n").unwrap();
    /// assert_eq!(t.test_share(1), 0.25);
    /// ```
    pub fn test_share(&self, positive: usize) -> f64 {
        self.count(positive.min(1)) as f64 / self.rows().max(1) as f64
    }
}

/// The parse of a whole file at once (for small files and tests): [`ScoresParser`] run to the
/// end.
///
/// # Errors
/// The first [`ScoresError`] of the file.
///
/// # Examples
///
/// ```
/// use utility_lab::state::roc::scores::parse_scores;
/// let t = parse_scores("id,target,m1\n7,spam,2.5\n8,ham,-1\n").unwrap();
/// assert_eq!((t.label_column.as_str(), t.labels.clone()), ("target", ["spam".to_string(), "ham".to_string()]));
/// assert_eq!(t.ignored, vec!["id".to_string()]);
/// let e = parse_scores("label,A,B\n1,0.5,0.1\n0,0.4,oops\n").unwrap_err();
/// assert_eq!(e.to_string(), "line 3, column 'B': 'oops' is not a number");
/// ```
pub fn parse_scores(text: &str) -> Result<ScoresTable, ScoresError> {
    ScoresParser::new(text.to_string())?.finish()
}

/// The progress of a [`ScoresParser`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Bytes read so far.
    pub bytes_done: usize,
    /// Bytes in the file.
    pub bytes_total: usize,
    /// Data rows read so far.
    pub rows: usize,
}

/// An incremental parser of a scores file: [`ScoresParser::new`] reads the header,
/// each [`ScoresParser::step`] reads at most a given number of lines, [`ScoresParser::finish`]
/// checks the whole and returns the table. It owns the text, so a page can keep it between
/// animation frames. Work per step is linear in the lines read.
#[derive(Debug, Clone)]
pub struct ScoresParser {
    text: String,
    /// Byte offset of the next unread line.
    pos: usize,
    /// Its 1-based line number.
    line: usize,
    /// The header's text (each chunk is read after it, so that the CSV reader sees the same
    /// first line and picks the same delimiter) and the lines it spans.
    header_raw: String,
    header_lines: usize,
    header_line: usize,
    width: usize,
    label_col: usize,
    label_name: String,
    score_cols: Vec<usize>,
    names: Vec<String>,
    ignored: Vec<String>,
    decimal_comma: bool,
    labels: Vec<String>,
    label_index: Vec<u8>,
    scores: Vec<Vec<f64>>,
}

/// The end (exclusive byte offset) of the text after at most `max_lines` record-ending line
/// breaks from `start`, a line break ending a record unless an odd number of `"` precede it in
/// the record; and the number of line breaks passed.
fn chunk_end(text: &str, start: usize, max_lines: usize) -> (usize, usize) {
    let bytes = text.as_bytes();
    let (mut quoted, mut ends, mut breaks) = (false, 0usize, 0usize);
    for (i, &c) in bytes.iter().enumerate().skip(start) {
        if c == b'"' {
            quoted = !quoted;
        } else if c == b'\n' {
            breaks += 1;
            if !quoted {
                ends += 1;
                if ends >= max_lines {
                    return (i + 1, breaks);
                }
            }
        }
    }
    (text.len(), breaks)
}

impl ScoresParser {
    /// Starts parsing `text`: skips blank lines, reads and checks the header (linear in the
    /// header's length only).
    ///
    /// # Errors
    /// The file is empty or too large; the header is not a header ([`ScoresError::HeaderIsData`]),
    /// has no score column, too many, or two with the same name.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::ScoresParser;
    /// let p = ScoresParser::new("\nlabel,A,B\n1,2,3\n".into()).unwrap();
    /// assert_eq!(p.names(), ["A", "B"]);
    /// assert!(ScoresParser::new("0,1\n".into()).is_err()); // numbers: not a header
    /// ```
    pub fn new(text: String) -> Result<ScoresParser, ScoresError> {
        if text.len() > MAX_SCORES_BYTES {
            return Err(ScoresError::TooLarge { bytes: text.len() });
        }
        let mut pos = if text.starts_with('\u{feff}') { 3 } else { 0 };
        let mut line = 1;
        // Skip blank lines before the header.
        loop {
            let (end, _) = chunk_end(&text, pos, 1);
            if end == pos {
                return Err(ScoresError::Empty);
            }
            if text[pos..end].trim().is_empty() {
                pos = end;
                line += 1;
                continue;
            }
            let header_raw = text[pos..end].trim_end_matches(['\n', '\r']).to_string();
            let header_lines = text[pos..end].matches('\n').count().max(1);
            let recs = read_records(&header_raw).map_err(|e| ScoresError::Csv {
                line: line + e.line.saturating_sub(1),
                message: e.message,
            })?;
            let header = recs.into_iter().next().map(|r| r.1).unwrap_or_default();
            let mut parser = ScoresParser::with_header(header, line)?;
            parser.decimal_comma = !header_raw.contains(',')
                && (header_raw.contains(';') || header_raw.contains('\t'));
            parser.header_raw = header_raw;
            parser.header_lines = header_lines;
            parser.pos = end;
            parser.line = line + text[pos..end].matches('\n').count();
            parser.text = text;
            return Ok(parser);
        }
    }

    /// The parser state for a header (without text yet).
    fn with_header(header: Vec<String>, line: usize) -> Result<ScoresParser, ScoresError> {
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
        Ok(ScoresParser {
            text: String::new(),
            pos: 0,
            line,
            header_raw: String::new(),
            header_lines: 1,
            header_line: line,
            width,
            label_col,
            label_name: header[label_col].trim().to_string(),
            scores: vec![Vec::new(); score_cols.len()],
            score_cols,
            names,
            ignored,
            decimal_comma: false,
            labels: Vec::new(),
            label_index: Vec::new(),
        })
    }

    /// Whether every line has been read.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::ScoresParser;
    /// let mut p = ScoresParser::new("y,A\n1,2\n0,3\n".into()).unwrap();
    /// assert!(!p.is_done());
    /// p.step(10).unwrap();
    /// assert!(p.is_done());
    /// ```
    pub fn is_done(&self) -> bool {
        self.pos >= self.text.len()
    }

    /// How far the parse is: bytes read of the total (for a progress bar), rows read.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::ScoresParser;
    /// let mut p = ScoresParser::new("y,A\n1,2\n0,3\n".into()).unwrap();
    /// let g = p.step(1).unwrap();
    /// assert_eq!((g.bytes_done, g.bytes_total, g.rows), (8, 12, 1));
    /// ```
    pub fn progress(&self) -> Progress {
        Progress {
            bytes_done: self.pos.min(self.text.len()),
            bytes_total: self.text.len(),
            rows: self.label_index.len(),
        }
    }

    /// The classifier names of the header (known as soon as the parser is made).
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::ScoresParser;
    /// let p = ScoresParser::new("id,y,m1\n".into()).unwrap();
    /// assert_eq!(p.names(), ["m1"]);
    /// ```
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Reads at most `max_lines` more lines (at least 1); returns the progress.
    ///
    /// # Errors
    /// The first bad line of the chunk: [`ScoresError::Ragged`], [`ScoresError::NotANumber`],
    /// [`ScoresError::EmptyLabel`], [`ScoresError::ThirdLabel`], [`ScoresError::Csv`],
    /// [`ScoresError::TooManyRows`]. After an error the parser should be dropped.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::ScoresParser;
    /// let mut p = ScoresParser::new("y,A\n1,2\n0,x\n".into()).unwrap();
    /// assert_eq!(p.step(1).unwrap().rows, 1);
    /// assert_eq!(p.step(1).unwrap_err().to_string(), "line 3, column 'A': 'x' is not a number");
    /// ```
    pub fn step(&mut self, max_lines: usize) -> Result<Progress, ScoresError> {
        if self.is_done() {
            return Ok(self.progress());
        }
        let (mut end, mut breaks) = chunk_end(&self.text, self.pos, max_lines.max(1));
        let recs = loop {
            let chunk = format!("{}\n{}", self.header_raw, &self.text[self.pos..end]);
            match read_records(&chunk) {
                Ok(r) => break r,
                // A chunk cut inside a quoted field (stray quotes fooled `chunk_end`): read the
                // rest of the file at once.
                Err(_) if end < self.text.len() => {
                    breaks += self.text[end..].matches('\n').count();
                    end = self.text.len();
                }
                Err(e) => {
                    return Err(ScoresError::Csv {
                        line: self.physical(e.line.max(self.header_lines + 1)),
                        message: e.message,
                    })
                }
            }
        };
        for (rec_line, fields) in recs.into_iter().skip(1) {
            let line = self.physical(rec_line);
            self.row(line, &fields)?;
        }
        self.pos = end;
        self.line += breaks;
        Ok(self.progress())
    }

    /// The file's line number of line `k` of the current chunk (which starts with the header).
    fn physical(&self, k: usize) -> usize {
        self.line + k.saturating_sub(self.header_lines + 1)
    }

    /// Reads one data row.
    fn row(&mut self, line: usize, fields: &[String]) -> Result<(), ScoresError> {
        if fields.len() != self.width {
            return Err(ScoresError::Ragged {
                line,
                expected: self.width,
                found: fields.len(),
            });
        }
        if self.label_index.len() >= MAX_SCORES_ROWS {
            return Err(ScoresError::TooManyRows { line });
        }
        let label = fields[self.label_col].as_str();
        if label.is_empty() {
            return Err(ScoresError::EmptyLabel {
                line,
                column: self.label_name.clone(),
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
                })
            }
        };
        for (j, &c) in self.score_cols.iter().enumerate() {
            let cell = fields[c].as_str();
            let v = parse_number(cell).or_else(|| {
                self.decimal_comma
                    .then(|| parse_decimal(cell, true))
                    .flatten()
            });
            match v {
                Some(v) => self.scores[j].push(v),
                None => {
                    // Undo the row's earlier columns: every column keeps one value per row.
                    for s in &mut self.scores[..j] {
                        s.pop();
                    }
                    return Err(ScoresError::NotANumber {
                        line,
                        column: self.names[j].clone(),
                        value: cell.to_string(),
                    });
                }
            }
        }
        self.label_index.push(k as u8);
        Ok(())
    }

    /// Reads what is left and returns the table.
    ///
    /// # Errors
    /// Any error of [`ScoresParser::step`]; [`ScoresError::NoRows`] without data rows,
    /// [`ScoresError::OneClass`] with a single label.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::roc::scores::ScoresParser;
    /// let p = ScoresParser::new("y,A\n1,2\n0,3\n".into()).unwrap();
    /// assert_eq!(p.finish().unwrap().classifiers[0].scores, vec![2.0, 3.0]);
    /// let p = ScoresParser::new("y,A\n1,2\n".into()).unwrap();
    /// assert!(p.finish().is_err()); // one class only
    /// ```
    pub fn finish(mut self) -> Result<ScoresTable, ScoresError> {
        while !self.is_done() {
            self.step(usize::MAX)?;
        }
        if self.label_index.is_empty() {
            return Err(ScoresError::NoRows {
                line: self.header_line,
            });
        }
        if self.labels.len() < 2 {
            return Err(ScoresError::OneClass {
                label: self.labels.first().cloned().unwrap_or_default(),
            });
        }
        let labels = [self.labels[0].clone(), self.labels[1].clone()];
        Ok(ScoresTable {
            label_column: self.label_name,
            labels,
            label_index: self.label_index,
            classifiers: self
                .names
                .into_iter()
                .zip(self.scores)
                .map(|(name, scores)| ScoreColumn { name, scores })
                .collect(),
            ignored: self.ignored,
        })
    }
}
