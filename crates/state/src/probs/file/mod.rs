//! The probabilities file: a CSV with a header row, the true class of each item and each
//! model's probability of each class, read in slices so that a page can read 10⁶ rows without
//! freezing.
//!
//! ```text
//! id,label,A:ok,A:minor,A:severe,B:ok,B:minor,B:severe
//! 1,ok,0.80,0.15,0.05,0.97,0.02,0.01
//! 2,severe,0.20,0.30,0.50,0.60,0.30,0.10
//! ```
//!
//! * **The true class** is the column named as the ROC view's label column is
//!   ([`LABEL_COLUMN_NAMES`](crate::roc::labels::LABEL_COLUMN_NAMES): `label`, `y_true`,
//!   `true`, `target`, `class`, …, any case), else the first column. Columns named `id`,
//!   `index`, and an unnamed first column are ignored.
//! * **Each model** has one column per class, `MODEL:CLASS` (split at the first `:`), the
//!   class names as the label column writes them. The **class order** is the first model's
//!   columns' order; the other models may list their columns in any order.
//! * **Two classes**: a model may give a single column `MODEL`, the probability of the
//!   positive label, which becomes class 0 — the label the caller names (the ROC view's
//!   `pos`), else scikit-learn's rule (`1` of `0`/`1` or `−1`/`1`, `true` of `false`/`true`).
//! * **Values** are numbers in `[0, 1]` (a decimal comma with `;` or tab delimiters); each
//!   model's probabilities of a row must sum to 1 within 1 %, and are then divided by their sum
//!   (the rows off by more than 10⁻⁶ are counted: [`ProbsFile::renormalized`]).
//! * **Errors** are typed ([`ProbsFileError`]) and name the line (1-based, blank lines
//!   counted) and the model; nothing is returned on error, so the caller keeps its previous
//!   data. The same rows and the same errors whatever the slices and the steps.
//! * At most [`MAX_PROB_CELLS`](ulab_core::limits::MAX_PROB_CELLS) probabilities (rows ×
//!   classes × models) and [`MAX_PROBS_BYTES`] bytes.
//!
//! ```
//! use ulab_state::probs::file::ProbsParser;
//! let text = "label,A:x,A:y\nx,0.9,0.1\ny,0.3,0.7\nx,0.5,0.5\n".to_string();
//! let mut parser = ProbsParser::new(text, None).unwrap();
//! while !parser.is_done() {
//!     parser.step(2).unwrap(); // ≤ 2 lines per call; report parser.progress() meanwhile
//! }
//! let file = parser.finish().unwrap();
//! assert_eq!((file.classes.clone(), file.table.n_items()), (vec!["x".to_string(), "y".into()], 3));
//! ```

mod error;
mod header;
mod reader;

pub use error::ProbsFileError;
pub use header::{Header, Source};
pub use reader::{ProbsOptions, ProbsReader, Progress, RowSink};

use ulab_csv::step_to_end;
use ulab_probs::{ProbTable, ProbTableBuilder};

/// The largest probabilities file the page reads, in bytes.
pub const MAX_PROBS_BYTES: usize = ulab_core::limits::MAX_PROBS_BYTES;

/// A read probabilities file.
#[derive(Debug, Clone, PartialEq)]
pub struct ProbsFile {
    /// The true classes and the models' probabilities.
    pub table: ProbTable,
    /// The class names, in class order (the utility matrix's columns).
    pub classes: Vec<String>,
    /// The label column's header name.
    pub label_column: String,
    /// With single-column models: the positive label (class 0).
    pub positive: Option<String>,
    /// The names of the ignored columns.
    pub ignored: Vec<String>,
}

impl ProbsFile {
    /// The models' names.
    pub fn models(&self) -> Vec<String> {
        self.table
            .models()
            .iter()
            .map(|m| m.name().to_string())
            .collect()
    }

    /// Rows renormalized, per model (summed to 1 within 1 % but not within 10⁻⁶).
    pub fn renormalized(&self) -> Vec<usize> {
        self.table
            .models()
            .iter()
            .map(|m| m.renormalized())
            .collect()
    }
}

/// An incremental parser that holds the rows: the page's reader of a file.
#[derive(Debug, Clone)]
pub struct ProbsParser {
    reader: ProbsReader,
    builder: Option<ProbTableBuilder>,
}

impl ProbsParser {
    /// Starts parsing the whole of `text` (with `positive` as the positive label of
    /// single-column models) and reads the header.
    ///
    /// # Errors
    /// The file is empty or too large; its header is not valid.
    pub fn new(text: String, positive: Option<&str>) -> Result<ProbsParser, ProbsFileError> {
        let mut p = ProbsParser::streaming(ProbsOptions {
            positive: positive.map(str::to_string),
            ..ProbsOptions::default()
        });
        p.push_str(&text)?;
        p.end();
        p.reader.read_header()?;
        Ok(p)
    }

    /// A parser waiting for the file's pieces.
    pub fn streaming(options: ProbsOptions) -> ProbsParser {
        ProbsParser {
            reader: ProbsReader::new(options),
            builder: None,
        }
    }

    /// Takes the next piece of the file's bytes.
    ///
    /// # Errors
    /// The file is too large; drop the parser.
    pub fn push_bytes(&mut self, bytes: &[u8]) -> Result<(), ProbsFileError> {
        self.reader.push_bytes(bytes)
    }

    /// Takes the next piece of the file's text.
    ///
    /// # Errors
    /// As [`ProbsParser::push_bytes`].
    pub fn push_str(&mut self, text: &str) -> Result<(), ProbsFileError> {
        self.reader.push_str(text)
    }

    /// The file has all come.
    pub fn end(&mut self) {
        self.reader.end();
    }

    /// Whether every line has come and been read.
    pub fn is_done(&self) -> bool {
        self.reader.is_done()
    }

    /// Bytes read of those received, rows read.
    pub fn progress(&self) -> Progress {
        self.reader.progress()
    }

    /// The models' names, once the header is read.
    pub fn names(&self) -> &[String] {
        self.reader.header().map_or(&[], |h| &h.models[..])
    }

    /// Reads the header if needed, then at most `max_lines` more lines.
    ///
    /// # Errors
    /// The first bad line (see [`ProbsFileError`]); drop the parser after an error.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::probs::file::ProbsParser;
    /// let mut p = ProbsParser::new("y,A:0,A:1\n0,0.7,0.3\n1,0.2,0.9\n".into(), None).unwrap();
    /// assert_eq!(p.step(1).unwrap().rows, 1);
    /// assert_eq!(
    ///     p.step(1).unwrap_err().to_string(),
    ///     "line 3, model 'A': the probabilities sum to 1.1; they must sum to 1 within 1 % (rows that do are renormalized)"
    /// );
    /// ```
    pub fn step(&mut self, max_lines: usize) -> Result<Progress, ProbsFileError> {
        let Some(h) = self.reader.read_header()? else {
            return Ok(self.progress());
        };
        if self.builder.is_none() {
            let b =
                ProbTableBuilder::new(h.n, h.models.clone()).map_err(|e| ProbsFileError::Csv {
                    line: h.line,
                    message: e.to_string(),
                })?;
            self.builder = Some(b);
        }
        let Some(b) = &mut self.builder else {
            return Ok(self.progress());
        };
        self.reader
            .step(max_lines, &mut |class, p| b.push(class, p))
    }

    /// Ends the input, reads what is left and returns the file.
    ///
    /// # Errors
    /// Any error of [`ProbsParser::step`]; no data row; single columns with one label.
    pub fn finish(mut self) -> Result<ProbsFile, ProbsFileError> {
        self.reader.end();
        step_to_end(&mut self, Self::is_done, Self::progress, Self::step)?;
        let Some(h) = self.reader.header() else {
            return Err(ProbsFileError::Empty);
        };
        // No builder: the header was read by `new` and no step came after it.
        let Some(b) = self.builder.filter(|b| !b.is_empty()) else {
            return Err(ProbsFileError::NoRows { line: h.line });
        };
        let classes = self.reader.class_names()?;
        let table = b.finish().map_err(|e| ProbsFileError::Csv {
            line: h.line,
            message: e.to_string(),
        })?;
        Ok(ProbsFile {
            table,
            positive: h.single.then(|| classes[0].clone()),
            classes,
            label_column: h.label_name.clone(),
            ignored: h.ignored.clone(),
        })
    }
}

/// The parse of a whole file at once: [`ProbsParser`] run to the end.
///
/// # Errors
/// The first [`ProbsFileError`] of the file.
///
/// # Examples
///
/// ```
/// use ulab_state::probs::file::parse_probs;
/// let f = parse_probs("y_true,A,B\n1,0.8,0.6\n0,0.3,0.1\n", None).unwrap();
/// assert_eq!(f.classes, ["1", "0"]); // class 0 is the positive label "1"
/// assert_eq!(f.table.models()[1].item(1), &[0.1, 0.9]);
/// let e = parse_probs("label,A:ok,A:bad\nok,0.5,0.5\nfine,0.5,0.5\n", None).unwrap_err();
/// assert_eq!(e.to_string(), "line 3: the true class 'fine' has no column; the models' classes are 'ok', 'bad'");
/// ```
pub fn parse_probs(text: &str, positive: Option<&str>) -> Result<ProbsFile, ProbsFileError> {
    ProbsParser::new(text.to_string(), positive)?.finish()
}
