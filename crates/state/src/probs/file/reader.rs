//! The chunked reader of a probabilities file: the text comes in pieces
//! ([`ProbsReader::push_bytes`], [`ProbsReader::push_str`], then [`ProbsReader::end`]), and is
//! read a bounded number of lines per [`ProbsReader::step`], each row handed, as its true class
//! and every model's probabilities in class order, to a sink: a table that holds the rows
//! ([`super::ProbsParser`]) or a tally that only counts them (`ulab decide --probs`). The rows
//! and the errors are the same wherever the pieces and the steps cut the file.

use super::MAX_PROBS_BYTES;
use super::error::ProbsFileError;
use super::header::{Header, Source};
use std::collections::HashMap;
use ulab_core::labels::conventional_positive;
use ulab_core::text::{parse_decimal, parse_number};
use ulab_csv::{RecordStream, StreamError, TooLarge};
use ulab_probs::{ProbError, RowIssue};

/// The longest header line read.
const MAX_HEADER_BYTES: usize = 200_000;

/// Where the rows go: each row's true class and its probabilities, model after model in class
/// order (a table's builder, or a tally that only counts).
pub type RowSink<'a> = dyn FnMut(usize, &[f64]) -> Result<(), ProbError> + 'a;

/// How to read a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbsOptions {
    /// The positive label (class 0) for single-column models (the ROC view's `pos`); `None`:
    /// scikit-learn's rule (`1` of `0`/`1`, `true` of `false`/`true`, `1` of `−1`/`1`).
    pub positive: Option<String>,
    /// Column names to read in place of the header's (same number), e.g. a ROC scores file's
    /// `proba_0, proba_1` renamed `proba:0, proba:1` ([`crate::probs::recognise`]).
    pub header: Option<Vec<String>>,
    /// The most bytes taken ([`MAX_PROBS_BYTES`] for the page; `usize::MAX` for `ulab`).
    pub max_bytes: usize,
}

impl Default for ProbsOptions {
    fn default() -> ProbsOptions {
        ProbsOptions {
            positive: None,
            header: None,
            max_bytes: MAX_PROBS_BYTES,
        }
    }
}

/// The progress of a reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Bytes of text read so far.
    pub bytes_done: usize,
    /// Bytes of text received so far.
    pub bytes_total: usize,
    /// Data rows read so far.
    pub rows: usize,
}

/// The classes of the labels seen: fixed by the header (`MODEL:CLASS` columns), or, with
/// single columns only, the positive label (class 0) and the other (class 1) as they come.
#[derive(Debug, Clone, Default)]
struct Labels {
    index: HashMap<String, usize>,
    names: Vec<Option<String>>,
    fixed: bool,
}

impl From<TooLarge> for ProbsFileError {
    fn from(e: TooLarge) -> ProbsFileError {
        ProbsFileError::TooLarge { bytes: e.bytes }
    }
}

impl From<StreamError> for ProbsFileError {
    fn from(e: StreamError) -> ProbsFileError {
        match e {
            StreamError::Empty => ProbsFileError::Empty,
            StreamError::FirstTooLong { line, max } => ProbsFileError::Csv {
                line,
                message: format!(
                    "the header line is longer than {max} characters (an unclosed quote?)"
                ),
            },
            other => ProbsFileError::Csv {
                line: other.line(),
                message: other.to_string(),
            },
        }
    }
}

/// A probabilities file read in slices.
#[derive(Debug, Clone)]
pub struct ProbsReader {
    records: RecordStream,
    options: ProbsOptions,
    header: Option<Header>,
    labels: Labels,
    rows: usize,
    row: Vec<f64>,
}

impl ProbsReader {
    /// A reader waiting for the file's pieces.
    pub fn new(options: ProbsOptions) -> ProbsReader {
        ProbsReader {
            records: RecordStream::new(options.max_bytes, MAX_HEADER_BYTES),
            options,
            header: None,
            labels: Labels::default(),
            rows: 0,
            row: Vec::new(),
        }
    }

    /// Takes the next piece of the file's bytes (UTF-8; a character may be cut between two
    /// pieces).
    ///
    /// # Errors
    /// [`ProbsFileError::TooLarge`] beyond the options' bytes; drop the reader.
    pub fn push_bytes(&mut self, bytes: &[u8]) -> Result<(), ProbsFileError> {
        Ok(self.records.push_bytes(bytes)?)
    }

    /// Takes the next piece of the file's text.
    ///
    /// # Errors
    /// As [`ProbsReader::push_bytes`].
    pub fn push_str(&mut self, text: &str) -> Result<(), ProbsFileError> {
        Ok(self.records.push_str(text)?)
    }

    /// The file has all come.
    pub fn end(&mut self) {
        self.records.end();
    }

    /// Whether every line has come and been read.
    pub fn is_done(&self) -> bool {
        self.header.is_some() && self.records.is_done()
    }

    /// Bytes read of those received, rows read.
    pub fn progress(&self) -> Progress {
        let (bytes_done, bytes_total) = self.records.bytes();
        Progress {
            bytes_done,
            bytes_total,
            rows: self.rows,
        }
    }

    /// The header, once read.
    pub fn header(&self) -> Option<&Header> {
        self.header.as_ref()
    }

    /// Reads the header if its line has come.
    ///
    /// # Errors
    /// The file's first line is not a valid header (see [`Header::parse`]).
    pub fn read_header(&mut self) -> Result<Option<&Header>, ProbsFileError> {
        if self.header.is_none() {
            let Some(first) = self.records.first()? else {
                return Ok(None);
            };
            let (line, width) = (first.line, first.fields.len());
            let fields = match &self.options.header {
                Some(names) if names.len() != width => {
                    return Err(ProbsFileError::Ragged {
                        line,
                        expected: names.len(),
                        found: width,
                    });
                }
                Some(names) => names.clone(),
                None => first.fields.clone(),
            };
            let mut h = Header::parse(&fields, line, self.options.positive.as_deref())?;
            let raw = self.records.first_raw().unwrap_or_default();
            h.decimal_comma = !raw.contains(',') && (raw.contains(';') || raw.contains('\t'));
            self.labels = Labels {
                index: h.classes.iter().cloned().zip(0..).collect(),
                names: if h.classes.is_empty() {
                    vec![h.positive.clone(), None]
                } else {
                    h.classes.iter().cloned().map(Some).collect()
                },
                fixed: !h.classes.is_empty(),
            };
            if let Some(p) = h.positive.as_ref().filter(|_| h.classes.is_empty()) {
                self.labels.index.insert(p.clone(), 0);
            }
            self.header = Some(h);
        }
        Ok(self.header.as_ref())
    }

    /// Reads the header if needed, then at most `max_lines` more lines (at least 1; before
    /// [`ProbsReader::end`], only whole records), handing each row's true class and
    /// probabilities (model after model, in class order) to `sink`.
    ///
    /// # Errors
    /// The first bad line: its fields, label or values, or the sink's error, with the line and
    /// the model. After an error the reader should be dropped.
    pub fn step(
        &mut self,
        max_lines: usize,
        sink: &mut RowSink<'_>,
    ) -> Result<Progress, ProbsFileError> {
        if self.read_header()?.is_none() {
            return Ok(self.progress());
        }
        let records = match self.records.next_records(max_lines) {
            Ok(r) => r,
            // A broken record further on (an unclosed quote): the lines before it come first,
            // one a step, so that the error reported is the first by line whatever the steps.
            Err(_) if max_lines > 1 => self.records.next_records(1)?,
            Err(e) => return Err(e.into()),
        };
        for r in records {
            let class = self.class_of(r.line, &r.fields)?;
            self.values(r.line, &r.fields)?;
            sink(class, &self.row).map_err(|e| self.sink_error(r.line, e))?;
            self.rows += 1;
        }
        Ok(self.progress())
    }

    /// The class names, in class order, once the file is read.
    ///
    /// # Errors
    /// With single columns only and one label seen, the other class has no name
    /// ([`ProbsFileError::OneClass`]).
    pub fn class_names(&self) -> Result<Vec<String>, ProbsFileError> {
        let seen = || {
            self.labels
                .names
                .iter()
                .flatten()
                .next()
                .cloned()
                .unwrap_or_default()
        };
        self.labels
            .names
            .iter()
            .map(|n| {
                n.clone()
                    .ok_or_else(|| ProbsFileError::OneClass { label: seen() })
            })
            .collect()
    }

    /// The class of a row's label.
    fn class_of(&mut self, line: usize, fields: &[String]) -> Result<usize, ProbsFileError> {
        let Some(h) = &self.header else {
            return Err(ProbsFileError::Empty);
        };
        if fields.len() != h.width {
            return Err(ProbsFileError::Ragged {
                line,
                expected: h.width,
                found: fields.len(),
            });
        }
        let label = fields[h.label_col].as_str();
        if label.is_empty() {
            return Err(ProbsFileError::EmptyLabel {
                line,
                column: h.label_name.clone(),
            });
        }
        if let Some(&k) = self.labels.index.get(label) {
            return Ok(k);
        }
        if self.labels.fixed {
            return Err(ProbsFileError::UnknownLabel {
                line,
                label: label.to_string(),
                classes: h.classes.clone(),
            });
        }
        let k = self.new_label(line, label, h.positive.is_some())?;
        self.labels.index.insert(label.to_string(), k);
        self.labels.names[k] = Some(label.to_string());
        Ok(k)
    }

    /// The class (0 = positive, 1) of a new label when single columns name no class: the free
    /// one when the positive label was given; otherwise by scikit-learn's rule, from the first
    /// label on (`1`/`true` positive, `0`/`−1`/`false` negative).
    fn new_label(&self, line: usize, label: &str, given: bool) -> Result<usize, ProbsFileError> {
        let names = &self.labels.names;
        let known: Vec<String> = names.iter().flatten().cloned().collect();
        if known.len() >= 2 || (given && names[1].is_some()) {
            return Err(ProbsFileError::ThirdLabel {
                line,
                first: known.first().cloned().unwrap_or_default(),
                second: known.get(1).cloned().unwrap_or_default(),
                third: label.to_string(),
            });
        }
        if given {
            return Ok(1);
        }
        let required = |labels: Vec<String>| ProbsFileError::PositiveRequired { line, labels };
        match known.first() {
            None => positive_side(label)
                .map(|pos| if pos { 0 } else { 1 })
                .ok_or_else(|| required(vec![label.to_string()])),
            Some(first) => {
                let pair = [first.clone(), label.to_string()];
                // The first label took its class by the rule: the pair must agree.
                let want = if names[0].is_some() { Some(0) } else { Some(1) };
                if conventional_positive(&pair) == want {
                    Ok(if names[0].is_some() { 1 } else { 0 })
                } else {
                    Err(required(pair.to_vec()))
                }
            }
        }
    }

    /// Reads a row's probabilities into `self.row`, model after model in class order.
    fn values(&mut self, line: usize, fields: &[String]) -> Result<(), ProbsFileError> {
        let Some(h) = &self.header else {
            return Err(ProbsFileError::Empty);
        };
        self.row.clear();
        for (k, src) in h.sources.iter().enumerate() {
            let i = src.column();
            let cell = fields[i].as_str();
            let model = || h.models[k / h.n].clone();
            let v = parse_number(cell)
                .or_else(|| h.decimal_comma.then(|| parse_decimal(cell, true)).flatten())
                .ok_or_else(|| ProbsFileError::NotANumber {
                    line,
                    model: model(),
                    column: h.column_name(i).to_string(),
                    value: cell.to_string(),
                })?;
            if !(0.0..=1.0).contains(&v) {
                return Err(ProbsFileError::OutOfRange {
                    line,
                    model: model(),
                    column: h.column_name(i).to_string(),
                    value: v,
                });
            }
            self.row.push(match src {
                Source::Column(_) => v,
                Source::Complement(_) => 1.0 - v,
            });
        }
        Ok(())
    }

    /// The sink's error on line `line`, naming the model.
    fn sink_error(&self, line: usize, e: ProbError) -> ProbsFileError {
        let model = |k: usize| {
            self.header
                .as_ref()
                .and_then(|h| h.models.get(k).cloned())
                .unwrap_or_default()
        };
        match e {
            ProbError::Row {
                model: k,
                issue: RowIssue::BadSum { sum },
                ..
            } => ProbsFileError::BadSum {
                line,
                model: model(k),
                sum,
            },
            ProbError::Row {
                model: k,
                issue: RowIssue::OutOfRange { value, .. },
                ..
            } => ProbsFileError::OutOfRange {
                line,
                model: model(k),
                column: String::new(),
                value,
            },
            ProbError::TooManyCells { .. } => ProbsFileError::TooManyRows { line },
            other => ProbsFileError::Csv {
                line,
                message: other.to_string(),
            },
        }
    }
}

/// Whether `label` is the positive (`Some(true)`: `1`, `true`) or the negative
/// (`Some(false)`: `0`, `−1`, `false`) label of scikit-learn's conventional pairs.
fn positive_side(label: &str) -> Option<bool> {
    let pos = |other: &str| conventional_positive(&[label, other]) == Some(0);
    let neg = |other: &str| conventional_positive(&[label, other]) == Some(1);
    if pos("0") || pos("false") {
        Some(true)
    } else if neg("1") || neg("true") {
        Some(false)
    } else {
        None
    }
}
