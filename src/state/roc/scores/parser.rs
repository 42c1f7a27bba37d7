//! The chunked parser of a scores file.

use super::super::labels::{is_ignored_column, label_column};
use super::{ScoreColumn, ScoresError, ScoresTable, MAX_SCORES_BYTES, MAX_SCORES_ROWS};
use crate::csv::CsvError;
use crate::state::{clean_name, MAX_CLASSIFIERS};
use crate::text::{parse_decimal, parse_number};

/// The CSV reader used for every chunk: the crate's ([`crate::csv::read`]), as (line, fields).
fn read_records(text: &str) -> Result<Vec<(usize, Vec<String>)>, CsvError> {
    Ok(crate::csv::read(text)?
        .into_iter()
        .map(|r| (r.line, r.fields))
        .collect())
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

/// The longest header line read: room for every column name the app takes, far below a
/// file read at once.
const MAX_HEADER_BYTES: usize = 100_000;

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
        // Old Mac line ends (a bare `\r`) are line breaks: otherwise the whole file would be
        // one line, read at once as the header.
        let bytes = text.as_bytes();
        let bare_cr = bytes
            .iter()
            .enumerate()
            .any(|(i, &c)| c == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
        let text = if bare_cr {
            text.replace("\r\n", "\n").replace('\r', "\n")
        } else {
            text
        };
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
            if end - pos > MAX_HEADER_BYTES {
                // (An unclosed quote also makes the header run on.)
                return Err(ScoresError::Csv {
                    line,
                    message: format!(
                        "the header line is longer than {MAX_HEADER_BYTES} characters (an \
                         unclosed quote?)"
                    ),
                });
            }
            let header_raw = text[pos..end].trim_end_matches(['\n', '\r']).to_string();
            let header_lines = text[pos..end].matches('\n').count().max(1);
            let recs = read_records(&header_raw).map_err(|e| ScoresError::Csv {
                line: line + e.line().saturating_sub(1),
                message: e.to_string(),
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
                        line: self.physical(e.line().max(self.header_lines + 1)),
                        message: e.to_string(),
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
