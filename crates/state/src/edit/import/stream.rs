//! Stage 1 of an import for a large file, read in pieces so that the page stays responsive: the
//! bytes come a slice at a time ([`ImportStream::push_bytes`], then [`ImportStream::end`]), and
//! [`ImportStream::step`] reads a bounded number of lines. Label rows are counted as they are
//! read ([`LabelCounts`]: a 50 MB file of 4 million rows is held as its pair counts). A matrix
//! has at most [`MAX_CLASSES`]` + 1` rows (a header and one per class), so more rows than that
//! are read as labels (with [`ImportKind::Auto`]) or refused (with [`ImportKind::Matrix`]).
//!
//! Up to that many rows, the result is [`read::read_csv`]'s for the whole text.
//!
//! ```
//! use ulab_state::edit::import::read::Imported;
//! use ulab_state::edit::import::stream::ImportStream;
//! use ulab_state::edit::ImportKind;
//! let mut s = ImportStream::new(ImportKind::Auto);
//! s.push_bytes(b"y_true,y_pred\ncat,dog\n").unwrap();
//! s.step(1000).unwrap();
//! s.push_bytes(b"dog,dog\n").unwrap();
//! s.end();
//! while !s.is_done() {
//!     s.step(1000).unwrap(); // show s.progress() meanwhile
//! }
//! let Imported::Labels(c) = s.finish().unwrap() else { panic!() };
//! assert_eq!((c.labels(), c.pairs()), (&["cat".to_string(), "dog".to_string()][..], 2));
//! ```

use super::labels::{LabelCounts, labels_header};
use super::read::{self, Imported};
use super::{ImportError, ImportKind, ImportProblem};
use ulab_core::limits::MAX_CLASSES;
use ulab_csv::{
    CsvError, MAX_CSV_BYTES, Record, RecordStream, StreamError, TooLarge, delimiter, step_to_end,
};

/// The longest first line read (a header of class names, or a matrix row).
const MAX_FIRST_BYTES: usize = 100_000;

/// The most rows a matrix file has: a header row and one row per class.
const MAX_MATRIX_ROWS: usize = MAX_CLASSES + 1;

/// What the rows read so far are taken for.
#[derive(Debug, Clone)]
enum Mode {
    /// Not known yet (no row has come).
    Unknown,
    /// Rows kept to be read as [`read::read_csv`] reads them (at most [`MAX_MATRIX_ROWS`]).
    Rows(Vec<Record>),
    /// Label rows, counted.
    Labels(LabelCounts),
}

/// A classifier's file read in pieces (see the module's documentation).
#[derive(Debug, Clone)]
pub struct ImportStream {
    records: RecordStream,
    kind: ImportKind,
    mode: Mode,
}

impl From<TooLarge> for ImportError {
    fn from(_: TooLarge) -> ImportError {
        ImportError::whole(ImportProblem::Csv(CsvError::TooLarge))
    }
}

impl From<StreamError> for ImportError {
    fn from(e: StreamError) -> ImportError {
        match e {
            StreamError::Empty => ImportError::whole(ImportProblem::Empty),
            StreamError::Csv(c) => ImportError::at(c.line(), ImportProblem::Csv(c)),
            other => ImportError::at(other.line(), ImportProblem::Stream(other)),
        }
    }
}

impl ImportStream {
    /// A stream waiting for the file, to be read as `kind`.
    pub fn new(kind: ImportKind) -> ImportStream {
        ImportStream {
            records: RecordStream::new(MAX_CSV_BYTES, MAX_FIRST_BYTES),
            kind,
            mode: Mode::Unknown,
        }
    }

    /// Takes the next slice of the file's bytes (UTF-8; a character may be cut between two).
    ///
    /// # Errors
    /// The file is larger than [`MAX_CSV_BYTES`].
    pub fn push_bytes(&mut self, bytes: &[u8]) -> Result<(), ImportError> {
        Ok(self.records.push_bytes(bytes)?)
    }

    /// The file has all come.
    pub fn end(&mut self) {
        self.records.end();
    }

    /// Whether everything has come and been read.
    pub fn is_done(&self) -> bool {
        self.records.is_done()
    }

    /// Bytes read, and bytes received (after decoding).
    pub fn progress(&self) -> (usize, usize) {
        self.records.bytes()
    }

    /// Reads at most `max_lines` more lines (before [`ImportStream::end`], whole rows only).
    ///
    /// # Errors
    /// The first problem met, with its line: a quote not closed, a label row without two
    /// fields or with an empty label, more rows than a matrix has.
    pub fn step(&mut self, max_lines: usize) -> Result<(), ImportError> {
        let mut rows = Vec::new();
        if matches!(self.mode, Mode::Unknown) {
            let Some(first) = self.records.first()? else {
                return Ok(());
            };
            rows.push(first.clone());
            self.mode = match (self.kind, labels_header(&first.fields)) {
                (ImportKind::Labels, header) => {
                    if header.is_some() {
                        rows.clear();
                    }
                    Mode::Labels(LabelCounts::new(header.unwrap_or(false)))
                }
                (ImportKind::Auto, Some(swapped)) => {
                    rows.clear();
                    Mode::Labels(LabelCounts::new(swapped))
                }
                _ => Mode::Rows(Vec::new()),
            };
        }
        rows.extend(self.records.next_records(max_lines)?);
        match &mut self.mode {
            Mode::Labels(counts) => counts.push_records(&rows),
            Mode::Rows(kept) => {
                kept.extend(rows);
                if kept.len() <= MAX_MATRIX_ROWS {
                    return Ok(());
                }
                let two = kept.iter().all(|r| r.fields.len() == 2);
                if self.kind == ImportKind::Matrix || !two {
                    return Err(ImportError::at(
                        kept[MAX_MATRIX_ROWS].line,
                        ImportProblem::TooManyRows {
                            max: MAX_MATRIX_ROWS,
                        },
                    ));
                }
                // Too many rows for a matrix: label rows without a header.
                let mut counts = LabelCounts::new(false);
                counts.push_records(kept)?;
                self.mode = Mode::Labels(counts);
                Ok(())
            }
            Mode::Unknown => Ok(()),
        }
    }

    /// Ends the input, reads what is left and returns what the file holds.
    ///
    /// # Errors
    /// Any error of [`ImportStream::step`]; an empty file; a header and no rows; and for a
    /// matrix, [`read::read_csv`]'s.
    pub fn finish(mut self) -> Result<Imported, ImportError> {
        self.records.end();
        step_to_end(&mut self, Self::is_done, Self::progress, Self::step)?;
        if matches!(self.mode, Mode::Unknown) {
            self.step(1)?;
        }
        let decimal_comma = self.records.first_raw().map(delimiter) != Some(',');
        match self.mode {
            Mode::Labels(counts) if counts.pairs() == 0 && counts.beyond().is_none() => {
                let line = self.records.first()?.map_or(0, |r| r.line);
                Err(ImportError::at(line, ImportProblem::HeaderOnly))
            }
            Mode::Labels(counts) => Ok(Imported::Labels(counts)),
            Mode::Rows(rows) => read::from_records(&rows, self.kind, decimal_comma),
            Mode::Unknown => Err(ImportError::whole(ImportProblem::Empty)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` streamed in pieces of `piece` bytes, `lines` lines per step.
    fn streamed(
        text: &str,
        kind: ImportKind,
        piece: usize,
        lines: usize,
    ) -> Result<Imported, ImportError> {
        let mut s = ImportStream::new(kind);
        for chunk in text.as_bytes().chunks(piece.max(1)) {
            s.push_bytes(chunk)?;
            s.step(lines)?;
        }
        s.end();
        while !s.is_done() {
            s.step(lines)?;
        }
        s.finish()
    }

    #[test]
    fn small_files_read_as_at_once() {
        let texts = [
            "27,15\n23,35\n",
            ",long,short\nlong,27,15\nshort,23,35\n",
            "0,27;0,15\n0,23;0,35\n",
            "y_pred,y_true\ncat,dog\ndog,dog\n",
            "cat,dog\ndog,dog\ncat,cat\n",
            "1,2\n3,4,5\n",
            "y_true,y_pred\n",
            "a,b,c\nd,e,f\n",
            "\n\n",
            "\"open\n1,2\n",
        ];
        for text in texts {
            for kind in [ImportKind::Auto, ImportKind::Matrix, ImportKind::Labels] {
                let whole = read::read_csv(text, kind);
                for piece in [1, 3, 7, 100] {
                    for lines in [1, 2, 50] {
                        assert_eq!(
                            streamed(text, kind, piece, lines),
                            whole,
                            "{text:?} {kind:?} {piece} {lines}"
                        );
                    }
                }
            }
        }
    }

    fn label_file(rows: usize, header: bool) -> String {
        let mut t = String::new();
        if header {
            t.push_str("y_pred,y_true\n");
        }
        for i in 0..rows {
            t.push_str(["cat,cat\n", "cat,dog\n", "dog,dog\n"][i % 3]);
        }
        t
    }

    #[test]
    fn many_rows_are_counted_as_labels() {
        for (kind, header) in [
            (ImportKind::Auto, false),
            (ImportKind::Auto, true),
            (ImportKind::Labels, false),
        ] {
            let text = label_file(1_000, header);
            let Ok(Imported::Labels(c)) = streamed(&text, kind, 97, 10) else {
                panic!("{kind:?} {header}");
            };
            assert_eq!(c.pairs(), 1_000);
            // (true, pred) = (cat, cat) ×334, (cat, dog) ×333 without a header, (dog, cat) with one.
            let (t, p) = if header { (1, 0) } else { (0, 1) };
            assert_eq!(
                (c.count(0, 0), c.count(t, p), c.count(1, 1)),
                (334.0, 333.0, 333.0),
                "{header}"
            );
            // Read at once, the same counts.
            assert_eq!(read::read_csv(&text, kind), Ok(Imported::Labels(c)));
        }
    }

    #[test]
    fn large_files_say_where_they_go_wrong() {
        let line = |text: &str, kind| streamed(text, kind, 64, 10).unwrap_err().line;
        let mut bad = label_file(500, true);
        bad.push_str("cat,dog,bird\n");
        assert_eq!(line(&bad, ImportKind::Auto), 502);
        let e = streamed(&label_file(200, false), ImportKind::Matrix, 64, 10).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 102: more than 101 rows: a confusion matrix has at most 100 classes (and a header row)"
        );
        let wide = "1,2,3\n".repeat(200);
        assert_eq!(line(&wide, ImportKind::Auto), 102);
        let mut s = ImportStream::new(ImportKind::Auto);
        assert!(s.push_bytes(&vec![b'a'; MAX_CSV_BYTES + 1]).is_err());
    }
}
