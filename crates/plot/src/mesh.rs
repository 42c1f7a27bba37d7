//! The axes and grid every chart of the app draws, set up once from its [`Theme`].

use super::Theme;
use plotters::chart::{ChartContext, MeshStyle};
use plotters::coord::cartesian::Cartesian2d;
use plotters::coord::ranged1d::{Ranged, ValueFormatter};
use plotters::prelude::*;
use ulab_core::text::axis_label;

/// A tick label: the number as [`axis_label`] writes it.
fn tick(v: &f64) -> String {
    axis_label(*v)
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
