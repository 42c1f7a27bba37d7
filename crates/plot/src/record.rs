//! A plot drawn once, shown twice: plotters' [`DrawingBackend`] that records what a plot draws
//! ([`Recorder`]), and the replay of that record on any backend ([`replay`]) — the page's
//! canvas (`ui::widgets::plot_canvas`), an SVG document for "SVG" ([`Record::svg`]) (issue 29).
//!
//! Each plot's `draw_on` (and plotters' chart code under it) is generic over the backend, and
//! was compiled once for the canvas and once more for the SVG export: half the plots' code in
//! every view's wasm. Drawn on the recorder only, it is compiled once; the replay is compiled
//! once per backend for all plots. The record holds plain shapes (points, colours, widths, the
//! text and its style), so what each backend receives is what it received before: the same
//! calls with the same values. Text is measured as before too: plotters measures it itself
//! (`estimate_text_size` is its default, the text style's own layout box).

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, IntoDrawingArea, SVGBackend};
use plotters::style::FontDesc;
use plotters_backend::text_anchor::Pos;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
    FontFamily, FontStyle, FontTransform,
};
use std::cell::RefCell;
use std::convert::Infallible;
use std::rc::Rc;

/// A line's or a shape's style: its colour and stroke width.
#[derive(Clone, Copy)]
struct Line {
    color: BackendColor,
    width: u32,
}

impl Line {
    fn of(style: &impl BackendStyle) -> Line {
        Line {
            color: style.color(),
            width: style.stroke_width(),
        }
    }
}

impl BackendStyle for Line {
    fn color(&self) -> BackendColor {
        self.color
    }

    fn stroke_width(&self) -> u32 {
        self.width
    }
}

/// A text's style, as the backend was given it.
#[derive(Clone)]
struct Text {
    color: BackendColor,
    size: f64,
    transform: FontTransform,
    style: FontStyle,
    anchor: Pos,
    family: String,
}

impl Text {
    fn of(style: &impl BackendTextStyle) -> Text {
        Text {
            color: style.color(),
            size: style.size(),
            transform: style.transform(),
            style: style.style(),
            anchor: style.anchor(),
            family: style.family().as_str().to_string(),
        }
    }

    fn font(&self) -> FontDesc<'_> {
        FontDesc::new(FontFamily::Name(&self.family), self.size, self.style)
    }
}

impl BackendTextStyle for Text {
    type FontError = plotters::style::FontError;

    fn color(&self) -> BackendColor {
        self.color
    }

    fn size(&self) -> f64 {
        self.size
    }

    fn transform(&self) -> FontTransform {
        self.transform.clone()
    }

    fn style(&self) -> FontStyle {
        self.style
    }

    fn anchor(&self) -> Pos {
        self.anchor
    }

    fn family(&self) -> FontFamily<'_> {
        FontFamily::Name(&self.family)
    }

    fn layout_box(&self, text: &str) -> Result<((i32, i32), (i32, i32)), Self::FontError> {
        self.font().layout_box(text)
    }

    fn draw<E, F: FnMut(i32, i32, BackendColor) -> Result<(), E>>(
        &self,
        text: &str,
        pos: BackendCoord,
        mut draw: F,
    ) -> Result<Result<(), E>, Self::FontError> {
        // As plotters' own text style: the glyph's coverage times the colour's alpha.
        let BackendColor { alpha, rgb } = self.color;
        self.font().draw(text, pos, move |x, y, a| {
            draw(
                x,
                y,
                BackendColor {
                    alpha: alpha * f64::from(a),
                    rgb,
                },
            )
        })
    }
}

/// One call a plot made on its backend.
enum Shape {
    Pixel(BackendCoord, BackendColor),
    Line(BackendCoord, BackendCoord, Line),
    Rect(BackendCoord, BackendCoord, Line, bool),
    Path(Vec<BackendCoord>, Line),
    Polygon(Vec<BackendCoord>, Line),
    Circle(BackendCoord, u32, Line, bool),
    Text(String, Text, BackendCoord),
}

/// What a plot drew, in order (shared by the recorder and its creator).
#[derive(Default, Clone)]
pub struct Record(Rc<RefCell<Vec<Shape>>>);

/// The backend a plot draws on: it records each call (into a [`Record`] that its creator
/// keeps) and draws nothing.
pub struct Recorder {
    size: (u32, u32),
    shapes: Record,
}

impl Recorder {
    /// A recorder of `size` device pixels (its drawing area), and its record.
    ///
    /// # Examples
    ///
    /// ```
    /// use plotters::prelude::*;
    /// use ulab_plot::record::Recorder;
    /// let (root, record) = Recorder::new((100, 50));
    /// root.fill(&WHITE).unwrap();
    /// let svg = record.svg((100, 50)).unwrap();
    /// assert!(svg.starts_with("<svg") && svg.contains("<rect"));
    /// ```
    pub fn new(size: (u32, u32)) -> (DrawingArea<Recorder, Shift>, Record) {
        let shapes = Record::default();
        let recorder = Recorder {
            size,
            shapes: shapes.clone(),
        };
        (recorder.into_drawing_area(), shapes)
    }

    fn push(&self, shape: Shape) -> Result<(), DrawingErrorKind<Infallible>> {
        self.shapes.0.borrow_mut().push(shape);
        Ok(())
    }
}

impl DrawingBackend for Recorder {
    type ErrorType = Infallible;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Shape::Pixel(point, color))
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Shape::Line(from, to, Line::of(style)))
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Shape::Rect(upper_left, bottom_right, Line::of(style), fill))
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Shape::Path(path.into_iter().collect(), Line::of(style)))
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Shape::Polygon(path.into_iter().collect(), Line::of(style)))
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Shape::Circle(center, radius, Line::of(style), fill))
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Shape::Text(text.to_string(), Text::of(style), pos))
    }
}

/// Makes on `backend` the calls of `record`, in order, then presents it.
///
/// # Errors
/// The backend's first error, as text.
pub fn replay<DB: DrawingBackend>(record: &Record, backend: &mut DB) -> Result<(), String> {
    let text = |e: DrawingErrorKind<DB::ErrorType>| e.to_string();
    for shape in record.0.borrow().iter() {
        match shape {
            Shape::Pixel(p, c) => backend.draw_pixel(*p, *c),
            Shape::Line(a, b, s) => backend.draw_line(*a, *b, s),
            Shape::Rect(a, b, s, fill) => backend.draw_rect(*a, *b, s, *fill),
            Shape::Path(points, s) => backend.draw_path(points.iter().copied(), s),
            Shape::Polygon(points, s) => backend.fill_polygon(points.iter().copied(), s),
            Shape::Circle(c, r, s, fill) => backend.draw_circle(*c, *r, s, *fill),
            Shape::Text(t, s, p) => backend.draw_text(t, s, *p),
        }
        .map_err(text)?;
    }
    backend.present().map_err(text)
}

impl Record {
    /// The SVG document of the record, drawn at `size` pixels (what [`crate::render_svg`] gives
    /// for the same drawing).
    ///
    /// # Errors
    /// The SVG backend's error, as text.
    pub fn svg(&self, size: (u32, u32)) -> Result<String, String> {
        let mut out = String::new();
        {
            let mut backend = SVGBackend::with_string(&mut out, size);
            replay(self, &mut backend)?;
        }
        Ok(out)
    }
}
