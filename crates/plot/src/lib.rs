//! Plot builders, generic over plotters' [`DrawingBackend`]: the same code draws to a canvas in
//! the page (`ui::widgets::plot_canvas`'s canvas backend) and to SVG (natively in tests, and
//! for "export SVG").
//!
//! Every builder takes a [`DrawingArea`], its data, and a [`Theme`] (colours for light or dark
//! pages, and a scale factor so that a canvas drawn at the device pixel ratio keeps the same
//! proportions).

pub mod colour;
pub mod decide;
#[cfg(test)]
mod legibility_tests;
pub mod maybe;
pub mod mc_question;
pub mod mc_scatter;
pub mod mc_space;
mod mesh;
mod panel_grid;
pub mod pd;
pub mod probs;
pub mod record;
pub mod reliability;
pub mod roc;
pub mod space;
#[cfg(test)]
pub(crate) mod svg_probe;
pub mod table;
pub mod yields;

pub use maybe::MaybePlot;
pub use mesh::tick_decimals;
pub use table::PlotTable;

use plotters::coord::Shift;
use plotters::prelude::*;

/// The error type of a drawing on backend `DB`.
pub type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Writes a plot's [`Plot::draw_on`] (inside its `impl Plot`) from drawing functions
/// `f(root, &plot, theme) -> DrawResult<DB>`: it calls them in the order given, stops at the
/// first error and gives it as text. `draw_on_with!(draw)` is the usual one;
/// `draw_on_with!(cells, markers)` draws the markers over the cells.
macro_rules! draw_on_with {
    ($($draw:path),+ $(,)?) => {
        fn draw_on<DB: ::plotters::prelude::DrawingBackend>(
            &self,
            root: &::plotters::prelude::DrawingArea<DB, ::plotters::coord::Shift>,
            theme: &$crate::Theme,
        ) -> Result<(), String> {
            $($draw(root, self, theme).map_err(|e| e.to_string())?;)+
            Ok(())
        }
    };
}
pub(crate) use draw_on_with;

/// Colours and scale of a plot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Theme {
    /// Dark page background.
    pub dark: bool,
    /// Multiplier of sizes (font sizes, line widths, margins): the device pixel ratio on a
    /// canvas, 1 in SVG.
    pub scale: f64,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            dark: false,
            scale: 1.0,
        }
    }
}

/// A colour-blind-safe palette (Okabe & Ito), for classifiers and metrics; drawn through
/// [`Theme::mark`] and [`Theme::text`], which darken or lighten its colours as far as the
/// background needs.
const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(120, 120, 120),
    RGBColor(240, 228, 66),
];

impl Theme {
    /// The width of `root` in CSS pixels: its device pixels over [`Theme::scale`].
    pub fn css_width<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> f64 {
        root.dim_in_pixel().0 as f64 / self.scale.max(1e-6)
    }

    /// Background.
    pub fn bg(&self) -> RGBColor {
        if self.dark {
            RGBColor(24, 26, 31)
        } else {
            RGBColor(255, 255, 255)
        }
    }

    /// Text and axes.
    pub fn fg(&self) -> RGBColor {
        if self.dark {
            RGBColor(228, 230, 235)
        } else {
            RGBColor(28, 30, 36)
        }
    }

    /// Secondary text, reference lines.
    pub fn muted(&self) -> RGBColor {
        if self.dark {
            RGBColor(150, 155, 165)
        } else {
            RGBColor(105, 110, 120)
        }
    }

    /// Grid lines.
    pub fn grid(&self) -> RGBColor {
        if self.dark {
            RGBColor(55, 58, 66)
        } else {
            RGBColor(226, 228, 233)
        }
    }

    /// Series colour `i` (cycles), for marks: at least 3:1 against the background.
    pub fn series(&self, i: usize) -> RGBColor {
        self.mark(PALETTE[i % PALETTE.len()])
    }

    /// Series colour `i` for text (labels of a series): at least 4.5:1 against the background.
    pub fn series_text(&self, i: usize) -> RGBColor {
        self.text(PALETTE[i % PALETTE.len()])
    }

    /// A colour for "wrong" marks (mis-ranked pairs, losses): a red, lighter on a dark page.
    pub fn bad(&self) -> RGBColor {
        if self.dark {
            RGBColor(240, 90, 90)
        } else {
            RGBColor(213, 40, 40)
        }
    }

    /// A size in pixels scaled by [`Theme::scale`].
    pub fn px(&self, v: f64) -> u32 {
        (v * self.scale).round().max(1.0) as u32
    }

    /// A font of `size` CSS pixels (scaled), in the page's sans-serif.
    pub fn font(&self, size: f64) -> TextStyle<'static> {
        ("sans-serif", size * self.scale)
            .into_font()
            .color(&self.fg())
    }

    /// A font of `size` CSS pixels (scaled) in colour `c`.
    pub fn font_in(&self, size: f64, c: RGBColor) -> TextStyle<'static> {
        TextStyle {
            color: c.to_backend_color(),
            ..self.font(size)
        }
    }

    /// A muted font.
    pub fn muted_font(&self, size: f64) -> TextStyle<'static> {
        ("sans-serif", size * self.scale)
            .into_font()
            .color(&self.muted())
    }
}

/// A plot: data that can draw itself on any backend, at a height that suits a width.
///
/// The page draws it on a canvas (at the device pixel ratio), "export SVG" and the native
/// tests draw the same data with [`render_svg`].
pub trait Plot {
    /// Draws on `root` (which is already sized).
    fn draw_on<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        theme: &Theme,
    ) -> Result<(), String>;

    /// The height in CSS pixels for a plot `width` CSS pixels wide.
    fn height_for(&self, width: u32) -> u32;

    /// The numbers the plot draws, as a table of text (shown under the plot on request, so it
    /// may take a moment on a big plot).
    fn table(&self) -> PlotTable;

    /// The key numbers for the plot's accessible name, e.g. "A 3.5, B −3.5" (cheap: it is
    /// rebuilt with the plot); empty for none.
    fn summary(&self) -> String {
        String::new()
    }

    /// The plot as an SVG document `width` pixels wide (light theme, scale 1).
    fn to_svg(&self, width: u32, dark: bool) -> Result<String, String> {
        let theme = Theme { dark, scale: 1.0 };
        render_svg(width, self.height_for(width), |root| {
            self.draw_on(root, &theme)
        })
    }
}

/// Draws with `draw` onto an SVG of `width × height` and returns the SVG text.
///
/// # Errors
/// The drawing's error, as text.
///
/// # Examples
///
/// ```
/// use plotters::prelude::*;
/// use ulab_plot::render_svg;
/// let svg = render_svg(100, 50, |root| {
///     root.fill(&WHITE).map_err(|e| e.to_string())
/// }).unwrap();
/// assert!(svg.starts_with("<svg"));
/// ```
pub fn render_svg(
    width: u32,
    height: u32,
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
        draw(&root)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(out)
}
