//! The axes and grid every chart of the app draws, set up once from its [`Theme`].

use super::Theme;
use plotters::chart::{ChartContext, MeshStyle};
use plotters::coord::cartesian::Cartesian2d;
use plotters::coord::ranged1d::{Ranged, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use ulab_core::text::{axis_label, trimmed};

/// A tick label: the number as [`axis_label`] writes it.
fn tick(v: &f64) -> String {
    axis_label(*v)
}

/// The decimals that write every tick of an axis from `lo` to `hi` with at most `labels`
/// labels alike — `0.00, 0.05, 0.10`, not `0, 0.05, 0.1` — the most any of its ticks needs
/// (at most 3), for a chart whose values stay below 10³ ([`axis_label`] writes larger ones).
///
/// ```
/// use ulab_plot::tick_decimals;
/// assert_eq!(tick_decimals(0.0, 0.31, 7), 2); // 0.00, 0.05, …, 0.30
/// assert_eq!(tick_decimals(0.0, 40.0, 5), 0); // 0, 10, …, 40
/// ```
pub fn tick_decimals(lo: f64, hi: f64, labels: usize) -> usize {
    if !(lo.is_finite() && hi.is_finite() && lo < hi) {
        return 0;
    }
    RangedCoordf64::from(lo..hi)
        .key_points(labels)
        .iter()
        .map(|&t| trimmed(t, 3).split_once('.').map_or(0, |(_, d)| d.len()))
        .max()
        .unwrap_or(0)
}

impl Theme {
    /// The mesh of a chart with numbers on both axes: grid lines at the labelled ticks only,
    /// in the grid colour; axes in the muted colour; tick labels `label_px` CSS pixels in the
    /// text colour, written by [`axis_label`]; axis titles `title_px` CSS pixels, muted. The
    /// caller adds the label counts and the titles, then draws it.
    ///
    /// # Examples
    ///
    /// ```
    /// use plotters::prelude::*;
    /// use ulab_plot::{render_svg, Theme};
    /// let theme = Theme::default();
    /// let svg = render_svg(300, 200, |root| {
    ///     let mut cc = ChartBuilder::on(root)
    ///         .x_label_area_size(30)
    ///         .y_label_area_size(30)
    ///         .build_cartesian_2d(0.0..1.0, -2.0..2.0)
    ///         .map_err(|e| e.to_string())?;
    ///     theme.mesh(&mut cc, 11.0, 12.0).x_desc("p").draw().map_err(|e| e.to_string())
    /// })
    /// .unwrap();
    /// assert!(svg.contains(">\n0.5\n<") && svg.contains(">\n−2\n<"));
    /// ```
    pub fn mesh<'a, 'b, DB, X, Y>(
        &self,
        cc: &'b mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
        label_px: f64,
        title_px: f64,
    ) -> MeshStyle<'a, 'b, X, Y, DB>
    where
        DB: DrawingBackend,
        X: Ranged<ValueType = f64> + ValueFormatter<f64>,
        Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
    {
        let mut mesh = cc.configure_mesh();
        mesh.x_label_formatter(&tick)
            .y_label_formatter(&tick)
            .axis_desc_style(self.muted_font(title_px))
            .label_style(self.font(label_px))
            .axis_style(self.muted())
            .light_line_style(TRANSPARENT)
            .bold_line_style(self.grid());
        mesh
    }
}
