//! The histograms of p-d over a grid of κ vectors, one panel per classifier (Kozak et al. 2022,
//! fig. 7), on a common x axis, each with the p-d for the κ in force marked (dashed line) and
//! how often the classifier ranks first in its title.

use super::{font, short};
use crate::reliability::grid_layout;
use crate::{DrawResult, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use ulab_core::pd::GridAnalysis;

/// Panel size, CSS pixels.
const PANEL_MIN_W: u32 = 300;
const PANEL_H: u32 = 170;

/// The data of the histograms.
#[derive(Debug, Clone, PartialEq)]
pub struct HistogramPlot {
    /// The classifiers' names.
    pub names: Vec<String>,
    /// p-d over the κ vectors (the core's [`grid_analysis`](ulab_core::pd::grid_analysis)).
    pub analysis: GridAnalysis,
    /// How the vectors were chosen (a sentence for the page).
    pub note: String,
    /// Per classifier, p-d for the κ in force (marked), if any.
    pub current: Vec<Option<f64>>,
}

impl HistogramPlot {
    /// The x range shown: the bins that hold any vector, widened to whole tenths
    /// (`[⌊10·min⌋/10, ⌈10·max⌉/10]`, at least 0.1 wide), so the panels share one axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::pd::histogram::HistogramPlot;
    /// use ulab_core::{examples::factory_classifiers, pd::grid_analysis};
    /// let m = factory_classifiers().map(|(_, cm)| cm);
    /// let analysis = grid_analysis(&m, &[0.0, 0.25, 0.5, 0.75, 1.0], 50).unwrap();
    /// let plot = HistogramPlot { names: vec!["A".into(), "B".into()], analysis, note: String::new(), current: vec![] };
    /// let (lo, hi) = plot.x_range();
    /// assert_eq!((lo, hi), (0.5, 0.9));
    /// ```
    pub fn x_range(&self) -> (f64, f64) {
        let a = &self.analysis;
        let lo = a
            .min
            .iter()
            .copied()
            .filter(|v| v.is_finite())
            .fold(f64::INFINITY, f64::min);
        let hi = a
            .max
            .iter()
            .copied()
            .filter(|v| v.is_finite())
            .fold(f64::NEG_INFINITY, f64::max);
        if !(lo.is_finite() && hi.is_finite()) {
            return (0.0, 1.0);
        }
        let mut lo = ((lo * 10.0 + 1e-9).floor() / 10.0).clamp(0.0, 1.0);
        let mut hi = ((hi * 10.0 - 1e-9).ceil() / 10.0).clamp(0.0, 1.0);
        if hi - lo < 0.1 {
            if hi >= 0.1 {
                lo = hi - 0.1;
            } else {
                hi = lo + 0.1;
            }
        }
        (lo, hi)
    }

    fn layout(&self, width: u32) -> (usize, usize) {
        let n = self.names.len();
        grid_layout(width, n, n, PANEL_MIN_W)
    }
}

impl crate::Plot for HistogramPlot {
    crate::draw_on_with!(draw_histograms);

    fn height_for(&self, width: u32) -> u32 {
        let (rows, _) = self.layout(width);
        rows as u32 * PANEL_H + 24
    }

    fn table(&self) -> crate::PlotTable {
        let r = self;
        let mut headers = vec!["p-d from", "to"];
        headers.extend(r.names.iter().map(String::as_str));
        let mut t = crate::PlotTable::new("κ vectors per bin of p-d, per classifier", &headers);
        // The bins that hold any vector (the CSV export has the empty ones too).
        let rows = ulab_core::pd::rows::histogram_rows(&r.analysis, crate::table::cell);
        t.rows = rows
            .into_iter()
            .filter(|row| row[2..].iter().any(|c| c != "0"))
            .collect();
        let current: Vec<String> = r
            .names
            .iter()
            .zip(&self.current)
            .filter_map(|(n, v)| v.map(|v| format!("{n} {}", crate::table::cell(v))))
            .collect();
        let t = t.capped().note(r.note.clone());
        if current.is_empty() {
            t
        } else {
            t.note(format!(
                "p-d at the κ in force (dashed): {}.",
                current.join(", ")
            ))
        }
    }
}

/// Draws the panels and, under them, the note on how the κ vectors were chosen.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, pd::histogram::HistogramPlot};
/// use ulab_core::{examples::factory_classifiers, pd::grid_analysis};
/// let m = factory_classifiers().map(|(_, cm)| cm);
/// let analysis = grid_analysis(&m, &[0.0, 0.25, 0.5, 0.75, 1.0], 50).unwrap();
/// let note = "Every κ vector of the grid: 25 vectors.".to_string();
/// let plot = HistogramPlot { names: vec!["A".into(), "B".into()], analysis, note, current: vec![Some(0.62), Some(0.76)] };
/// let svg = plot.to_svg(800, false).unwrap();
/// assert!(svg.contains("B — first at 100") && svg.contains("25 vectors"));
/// ```
pub fn draw_histograms<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &HistogramPlot,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let r = plot;
    if r.names.is_empty() {
        return Ok(());
    }
    let (w, h) = root.dim_in_pixel();
    let (rows, cols) = plot.layout((w as f64 / theme.scale.max(1e-6)) as u32);
    let note_h = theme.px(24.0);
    let (panels_area, note_area) = root.split_vertically(h.saturating_sub(note_h));
    let areas = panels_area.split_evenly((rows, cols));
    let (lo, hi) = plot.x_range();
    let a = &r.analysis;
    let bins = a.edges.len().saturating_sub(1).max(1);
    // One y scale for all panels: the largest count in the shown range.
    let ymax = a
        .histograms
        .iter()
        .flatten()
        .copied()
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    for (m, area) in areas.iter().enumerate().take(r.names.len()) {
        let share = a.first_share.get(m).copied().unwrap_or(0.0);
        let title = format!(
            "{} — first at {}",
            short(&r.names[m], 28),
            ulab_core::text::percent(share, 1)
        );
        let mut cc = ChartBuilder::on(area)
            .caption(title, font(theme, 12.5))
            .margin(theme.px(6.0))
            .margin_right(theme.px(14.0))
            .x_label_area_size(theme.px(32.0))
            .y_label_area_size(theme.px(40.0))
            .build_cartesian_2d(lo..hi, 0.0..ymax * 1.08)?;
        theme
            .mesh(&mut cc, 10.0, 11.0)
            .x_labels(6)
            .y_labels(4)
            .x_desc("p-d")
            .draw()?;
        let colour = theme.series(m);
        let counts = a.histograms.get(m).cloned().unwrap_or_default();
        cc.draw_series(
            counts
                .iter()
                .enumerate()
                .filter(|(_, c)| **c > 0)
                .filter_map(|(b, c)| {
                    let (x0, x1) = (b as f64 / bins as f64, (b + 1) as f64 / bins as f64);
                    (x1 > lo && x0 < hi).then(|| {
                        Rectangle::new(
                            [(x0.max(lo), 0.0), (x1.min(hi), *c as f64)],
                            colour.filled(),
                        )
                    })
                }),
        )?;
        if let Some(v) = plot
            .current
            .get(m)
            .copied()
            .flatten()
            .filter(|v| v.is_finite())
            && (lo..=hi).contains(&v)
        {
            cc.draw_series(DashedLineSeries::new(
                vec![(v, 0.0), (v, ymax * 1.08)],
                theme.px(4.0),
                theme.px(3.0),
                theme.fg().stroke_width(theme.px(1.5)),
            ))?;
        }
    }
    note_area.draw(&Text::new(
        format!("{} Dashed: p-d for the κ in force.", r.note),
        (theme.px(6.0) as i32, theme.px(4.0) as i32),
        theme.muted_font(11.0).pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    Ok(())
}
