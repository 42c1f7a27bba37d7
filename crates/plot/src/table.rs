//! The numbers a plot draws, as a small table of text ([`PlotTable`]): what the page shows
//! under every plot (a "Table" disclosure) for readers who cannot see the picture, and what a
//! screen reader reads. Cells are already written by [`ulab_core::text`]; a plot of thousands of
//! points gives a summary or its first [`MAX_ROWS`] rows and says how many there are.

use ulab_core::text::number;

/// The most rows a plot's table lists; beyond, [`PlotTable::capped`] says how many were left
/// out and that the plot's CSV export has them all.
pub const MAX_ROWS: usize = 150;

/// A plot's numbers as text: a caption, column headers and rows of cells.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlotTable {
    /// What the table shows, e.g. "Utility yield per item of each classifier".
    pub caption: String,
    /// Column headers.
    pub headers: Vec<String>,
    /// The rows, each as long as `headers`; the first cell names the row.
    pub rows: Vec<Vec<String>>,
    /// A line under the table (rows left out, what a mark means); empty for none.
    pub note: String,
}

impl PlotTable {
    /// An empty table with its caption and headers.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::PlotTable;
    /// let t = PlotTable::new("Yields", &["classifier", "yield"]).row(vec!["A".into(), "3.5".into()]);
    /// assert_eq!((t.headers.len(), t.rows[0][1].as_str()), (2, "3.5"));
    /// ```
    pub fn new(caption: impl Into<String>, headers: &[&str]) -> Self {
        PlotTable {
            caption: caption.into(),
            headers: headers.iter().map(|h| h.to_string()).collect(),
            ..Default::default()
        }
    }

    /// The table with one more row.
    pub fn row(mut self, cells: Vec<String>) -> Self {
        self.rows.push(cells);
        self
    }

    /// The table with `note` under it (after the note it has, if any).
    pub fn note(mut self, note: impl Into<String>) -> Self {
        let note = note.into();
        self.note = match (self.note.is_empty(), note.is_empty()) {
            (_, true) => self.note,
            (true, false) => note,
            (false, false) => format!("{} {note}", self.note),
        };
        self
    }

    /// The table with at most [`MAX_ROWS`] rows: the first ones, and a note saying how many
    /// there are and that the CSV export has them all.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::{table::MAX_ROWS, PlotTable};
    /// let rows = (0..1000).map(|i| vec![i.to_string()]).collect();
    /// let t = PlotTable { rows, ..Default::default() }.capped();
    /// assert_eq!(t.rows.len(), MAX_ROWS);
    /// assert_eq!(t.note, "The first 150 of 1000 rows; the CSV export has them all.");
    /// ```
    pub fn capped(mut self) -> Self {
        let n = self.rows.len();
        if n > MAX_ROWS {
            self.rows.truncate(MAX_ROWS);
            let earlier = std::mem::take(&mut self.note);
            return self
                .note(format!(
                    "The first {MAX_ROWS} of {n} rows; the CSV export has them all."
                ))
                .note(earlier);
        }
        self
    }
}

/// A number for a table cell: at most 4 decimals ([`number`]), "—" when undefined.
///
/// # Examples
///
/// ```
/// use ulab_plot::table::cell;
/// assert_eq!(cell(-3.5), "\u{2212}3.5");
/// assert_eq!(cell(2.0 / 3.0), "0.6667");
/// assert_eq!(cell(f64::NAN), "—");
/// ```
pub fn cell(v: f64) -> String {
    if v.is_finite() {
        number(v, 4)
    } else {
        "—".into()
    }
}

/// A point for a table cell: `(x, y)`, each by [`cell`].
///
/// # Examples
///
/// ```
/// assert_eq!(ulab_plot::table::pair(0.5, -1.0), "(0.5, \u{2212}1)");
/// ```
pub fn pair(x: f64, y: f64) -> String {
    format!("({}, {})", cell(x), cell(y))
}

/// The range of `values` for a table cell: `min to max` (finite values only), "—" for none.
///
/// # Examples
///
/// ```
/// use ulab_plot::table::span;
/// assert_eq!(span(&[0.5, -1.0, f64::NAN, 2.0]), "\u{2212}1 to 2");
/// assert_eq!(span(&[]), "—");
/// ```
pub fn span(values: &[f64]) -> String {
    let finite = values.iter().copied().filter(|v| v.is_finite());
    let lo = finite.clone().fold(f64::INFINITY, f64::min);
    let hi = finite.fold(f64::NEG_INFINITY, f64::max);
    if lo <= hi {
        format!("{} to {}", cell(lo), cell(hi))
    } else {
        "—".into()
    }
}

/// The note under a table of a plot with reference lines: "Reference lines: never class 0 0.5,
/// always class 0 −1."
///
/// # Examples
///
/// ```
/// use ulab_plot::table::references_note;
/// assert_eq!(references_note(&[("always a".into(), -1.0)]), "Reference lines: always a \u{2212}1.");
/// ```
pub fn references_note(references: &[(String, f64)]) -> String {
    let refs: Vec<String> = references
        .iter()
        .map(|(n, v)| format!("{n} {}", cell(*v)))
        .collect();
    format!("Reference lines: {}.", refs.join(", "))
}

/// The table of a scatter plot's panels: one summary row per panel (its title, how many points
/// it draws, their x and y ranges, how many it marks mis-ranked, and its subtitle, which counts
/// all the pairs) — not thousands of points.
pub fn scatter_summary<'a>(
    caption: &str,
    what: [&str; 5],
    panels: impl Iterator<Item = (&'a String, &'a [f64], &'a [f64], usize, &'a String)>,
) -> PlotTable {
    let [a, b, c, d, e] = what;
    let mut t = PlotTable::new(caption, &[a, b, c, d, e, "all pairs"]);
    for (title, x, y, wrong, subtitle) in panels {
        let n = x.len().to_string();
        t = t.row(vec![
            title.clone(),
            n,
            span(x),
            span(y),
            wrong.to_string(),
            subtitle.clone(),
        ]);
    }
    t.note("A summary: the points themselves are not listed.")
}
