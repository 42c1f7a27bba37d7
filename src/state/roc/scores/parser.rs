//! The chunked parser of a scores file: the text comes in pieces ([`ScoresParser::push_bytes`],
//! [`ScoresParser::push_str`], then [`ScoresParser::end`]) or at once ([`ScoresParser::new`]),
//! and is parsed a bounded number of lines per [`ScoresParser::step`]. Both give the same
//! table and the same errors, wherever the pieces and the steps cut the file.

use super::super::labels::{is_ignored_column, label_column};
use super::input::{chunk_end, Input};
use super::{ScoreColumn, ScoresError, ScoresTable, MAX_SCORES_ROWS};
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
    /// Its text (each chunk is read after it, so that the CSV reader sees the same first line
    /// and picks the same delimiter) and the lines it spans.
    raw: String,
    lines: usize,
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
    input: Input,
    /// The 1-based line number of the next unread line.
    line: usize,
    header: Option<Header>,
    /// A chunk could not be read alone (stray quotes fooled [`chunk_end`]): the rest is read
    /// at once when it has all come.
    whole_rest: bool,
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
    /// use utility_lab::state::roc::scores::ScoresParser;
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
    /// use utility_lab::state::roc::scores::ScoresParser;
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
            input: Input::default(),
            line: 1,
            header: None,
            whole_rest: false,
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
        self.input.push_bytes(bytes)
    }

    /// Takes the next piece of the file's text.
    ///
    /// # Errors
    /// As [`ScoresParser::push_bytes`].
    pub fn push_str(&mut self, text: &str) -> Result<(), ScoresError> {
        self.input.push_str(text)
    }

    /// The file has all come.
    pub fn end(&mut self) {
        self.input.end();
    }

    /// Reads the header if its line has come; whether it is read.
    fn read_header(&mut self) -> Result<bool, ScoresError> {
        if self.header.is_some() {
            return Ok(true);
        }
        loop {
            if self.input.at_start() && self.input.rest().starts_with('\u{feff}') {
                self.input.advance('\u{feff}'.len_utf8());
            }
            let (rest, ended) = (self.input.rest(), self.input.ended());
            let (end, breaks) = chunk_end(rest, 1, ended);
            let too_long = |line| ScoresError::Csv {
                line,
                // (An unclosed quote also makes the header run on.)
                message: format!(
                    "the header line is longer than {MAX_HEADER_BYTES} characters (an \
                     unclosed quote?)"
                ),
            };
            if end == 0 {
                if ended {
                    return Err(ScoresError::Empty);
                }
                if rest.len() > MAX_HEADER_BYTES && !rest.trim().is_empty() {
                    return Err(too_long(self.line));
                }
                return Ok(false);
            }
            if rest[..end].trim().is_empty() {
                // A blank line before the header.
                self.input.advance(end);
                self.line += 1;
                continue;
            }
            if end > MAX_HEADER_BYTES {
                return Err(too_long(self.line));
            }
            let raw = rest[..end].trim_end_matches(['\n', '\r']).to_string();
            let recs = read_records(&raw).map_err(|e| ScoresError::Csv {
                line: self.line + e.line().saturating_sub(1),
                message: e.to_string(),
            })?;
            let fields = recs.into_iter().next().map(|r| r.1).unwrap_or_default();
            let mut header = Self::header(fields, self.line)?;
            header.decimal_comma = !raw.contains(',') && (raw.contains(';') || raw.contains('\t'));
            header.raw = raw;
            header.lines = breaks.max(1);
            self.scores = vec![Vec::new(); header.score_cols.len()];
            self.header = Some(header);
            self.input.advance(end);
            self.line += breaks;
            return Ok(true);
        }
    }

    /// The header's meaning (without its text yet).
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
            raw: String::new(),
            lines: 1,
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
    /// use utility_lab::state::roc::scores::ScoresParser;
    /// let mut p = ScoresParser::new("y,A\n1,2\n0,3\n".into()).unwrap();
    /// assert!(!p.is_done());
    /// p.step(10).unwrap();
    /// assert!(p.is_done());
    /// ```
    pub fn is_done(&self) -> bool {
        self.header.is_some() && self.input.is_done()
    }

    /// How far the parse is: bytes of text read of those received (for a progress bar), rows
    /// read.
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
        let (bytes_done, bytes_total) = self.input.bytes();
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
    /// use utility_lab::state::roc::scores::ScoresParser;
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
    /// use utility_lab::state::roc::scores::ScoresParser;
    /// let mut p = ScoresParser::new("y,A\n1,2\n0,x\n".into()).unwrap();
    /// assert_eq!(p.step(1).unwrap().rows, 1);
    /// assert_eq!(p.step(1).unwrap_err().to_string(), "line 3, column 'A': 'x' is not a number");
    /// ```
    pub fn step(&mut self, max_lines: usize) -> Result<Progress, ScoresError> {
        if !self.read_header()? || self.input.is_done() {
            return Ok(self.progress());
        }
        let ended = self.input.ended();
        if self.whole_rest && !ended {
            return Ok(self.progress());
        }
        let (raw, lines) = match &self.header {
            Some(h) => (h.raw.clone(), h.lines),
            None => return Ok(self.progress()),
        };
        let rest = self.input.rest();
        let (mut end, mut breaks) = if self.whole_rest {
            (rest.len(), rest.matches('\n').count())
        } else {
            chunk_end(rest, max_lines.max(1), ended)
        };
        if end == 0 {
            return Ok(self.progress()); // no whole record yet
        }
        let recs = loop {
            let chunk = format!("{raw}\n{}", &rest[..end]);
            match read_records(&chunk) {
                Ok(r) => break r,
                // A chunk cut inside a quoted field (stray quotes fooled `chunk_end`): read
                // the rest of the file at once, when it has all come.
                Err(_) if !ended => {
                    self.whole_rest = true;
                    return Ok(self.progress());
                }
                Err(_) if end < rest.len() => {
                    breaks += rest[end..].matches('\n').count();
                    end = rest.len();
                }
                Err(e) => {
                    return Err(ScoresError::Csv {
                        line: self.physical(e.line().max(lines + 1), lines),
                        message: e.to_string(),
                    })
                }
            }
        };
        for (rec_line, fields) in recs.into_iter().skip(1) {
            let line = self.physical(rec_line, lines);
            self.row(line, &fields)?;
        }
        self.input.advance(end);
        self.line += breaks;
        Ok(self.progress())
    }

    /// The file's line number of line `k` of the current chunk (which starts with the header's
    /// `header_lines` lines).
    fn physical(&self, k: usize, header_lines: usize) -> usize {
        self.line + k.saturating_sub(header_lines + 1)
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
                })
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
    /// use utility_lab::state::roc::scores::ScoresParser;
    /// let p = ScoresParser::new("y,A\n1,2\n0,3\n".into()).unwrap();
    /// assert_eq!(p.finish().unwrap().classifiers[0].scores, vec![2.0, 3.0]);
    /// let p = ScoresParser::new("y,A\n1,2\n".into()).unwrap();
    /// assert!(p.finish().is_err()); // one class only
    /// ```
    pub fn finish(mut self) -> Result<ScoresTable, ScoresError> {
        self.input.end();
        while !self.is_done() {
            let before = self.progress();
            self.step(usize::MAX)?;
            if self.progress() == before && !self.is_done() {
                break; // cannot happen once ended; never spin
            }
        }
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
