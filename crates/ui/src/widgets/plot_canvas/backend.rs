//! The plots' canvas backend: plotters' [`DrawingBackend`] on a `<canvas>` 2-D context, drawing
//! what `plotters-canvas` 0.3 draws (the same shapes at the same coordinates, so the plots look
//! the same), but setting each style on the context only when it changes.
//!
//! `plotters-canvas` sets the colour — a `format!`ed `rgba(…)` string, which the browser parses
//! again —, the line width, the font, the alignment and the baseline before every line,
//! rectangle and text; a chart draws hundreds of them in a handful of colours and one or two
//! fonts, and on the Compare page that was a third of a chart's redraw on each keystroke. Here
//! the last value set is remembered and an unchanged one is not set again. A new backend
//! remembers nothing, so it sets each style the first time it is used; nothing else may set
//! styles on the context while it draws.

use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
    FontTransform,
};
use std::f64::consts::PI;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// A canvas 2-D context with the styles last set on it.
pub struct Canvas {
    canvas: HtmlCanvasElement,
    context: CanvasRenderingContext2d,
    fill: Option<Rgba>,
    stroke: Option<Rgba>,
    line_width: Option<u32>,
    font: String,
    align: &'static str,
    baseline: &'static str,
}

/// What the canvas refused, in the browser's words.
#[derive(Debug)]
pub struct CanvasError(String);

impl std::fmt::Display for CanvasError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "canvas error: {}", self.0)
    }
}

impl std::error::Error for CanvasError {}

fn error(e: JsValue) -> DrawingErrorKind<CanvasError> {
    DrawingErrorKind::DrawingError(CanvasError(
        e.as_string()
            .or_else(|| js_sys::JSON::stringify(&e).ok().map(String::from))
            .unwrap_or_else(|| "unknown".into()),
    ))
}

/// A colour as compared: the three channels and the alpha's bits.
#[derive(Clone, Copy, PartialEq)]
struct Rgba((u8, u8, u8), u64);

impl Rgba {
    fn of(c: BackendColor) -> Rgba {
        Rgba(c.rgb, c.alpha.to_bits())
    }

    /// The CSS colour, as plotters-canvas writes it.
    fn css(self) -> String {
        let ((r, g, b), a) = (self.0, f64::from_bits(self.1));
        format!("rgba({r},{g},{b},{a})")
    }
}

impl Canvas {
    /// The backend of `canvas`; `None` if the browser gives no 2-D context.
    pub fn new(canvas: HtmlCanvasElement) -> Option<Canvas> {
        let context = canvas.get_context("2d").ok()??.dyn_into().ok()?;
        Some(Canvas {
            canvas,
            context,
            fill: None,
            stroke: None,
            line_width: None,
            font: String::new(),
            align: "",
            baseline: "",
        })
    }

    /// Clears the whole canvas, its size kept: a redraw at the same size starts from here
    /// instead of setting the size again, which would reset the canvas's bitmap and context
    /// (and the element's size attributes) on every draw.
    pub fn clear(&self) {
        let _ = self.context.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        let (w, h) = (self.canvas.width(), self.canvas.height());
        self.context
            .clear_rect(0.0, 0.0, f64::from(w), f64::from(h));
    }

    fn set_fill(&mut self, color: BackendColor) {
        let c = Rgba::of(color);
        if self.fill != Some(c) {
            self.context.set_fill_style_str(&c.css());
            self.fill = Some(c);
        }
    }

    fn set_line(&mut self, style: &impl BackendStyle) {
        let c = Rgba::of(style.color());
        if self.stroke != Some(c) {
            self.context.set_stroke_style_str(&c.css());
            self.stroke = Some(c);
        }
        let width = style.stroke_width();
        if self.line_width != Some(width) {
            self.context.set_line_width(f64::from(width));
            self.line_width = Some(width);
        }
    }

    /// Begins a path through `points`; whether there was any point.
    fn trace(&self, points: impl IntoIterator<Item = BackendCoord>) -> bool {
        let mut points = points.into_iter();
        self.context.begin_path();
        let Some(start) = points.next() else {
            return false;
        };
        self.context.move_to(f64::from(start.0), f64::from(start.1));
        for next in points {
            self.context.line_to(f64::from(next.0), f64::from(next.1));
        }
        true
    }

    fn set_text(&mut self, style: &impl BackendTextStyle) {
        let align = match style.anchor().h_pos {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "center",
        };
        if self.align != align {
            self.context.set_text_align(align);
            self.align = align;
        }
        let baseline = match style.anchor().v_pos {
            VPos::Top => "top",
            VPos::Center => "middle",
            VPos::Bottom => "bottom",
        };
        if self.baseline != baseline {
            self.context.set_text_baseline(baseline);
            self.baseline = baseline;
        }
        self.set_fill(style.color());
        let font = format!(
            "{} {}px {}",
            style.style().as_str(),
            style.size(),
            style.family().as_str()
        );
        if self.font != font {
            self.context.set_font(&font);
            self.font = font;
        }
    }
}

/// A vertical or horizontal line moved by half a pixel, so that it is sharp (as plotters-canvas).
fn sharp(from: BackendCoord, to: BackendCoord) -> ((f64, f64), (f64, f64)) {
    let mut a = (f64::from(from.0), f64::from(from.1));
    let mut b = (f64::from(to.0), f64::from(to.1));
    if from.0 == to.0 {
        a.0 -= 0.5;
        b.0 -= 0.5;
    }
    if from.1 == to.1 {
        a.1 -= 0.5;
        b.1 -= 0.5;
    }
    (a, b)
}

impl DrawingBackend for Canvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        (self.canvas.width(), self.canvas.height())
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        Ok(())
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if color.alpha == 0.0 {
            return Ok(());
        }
        self.set_fill(color);
        self.context
            .fill_rect(f64::from(point.0), f64::from(point.1), 1.0, 1.0);
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        let (a, b) = sharp(from, to);
        self.set_line(style);
        self.context.begin_path();
        self.context.move_to(a.0, a.1);
        self.context.line_to(b.0, b.1);
        self.context.stroke();
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        let (x, y) = (f64::from(upper_left.0), f64::from(upper_left.1));
        let (w, h) = (
            f64::from(bottom_right.0 - upper_left.0),
            f64::from(bottom_right.1 - upper_left.1),
        );
        if fill {
            self.set_fill(style.color());
            self.context.fill_rect(x, y, w, h);
        } else {
            self.set_line(style);
            self.context.stroke_rect(x, y, w, h);
        }
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        if self.trace(path) {
            self.set_line(style);
        }
        self.context.stroke();
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        if self.trace(path) {
            self.set_fill(style.color());
            self.context.close_path();
        }
        self.context.fill();
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        if fill {
            self.set_fill(style.color());
        } else {
            self.set_line(style);
        }
        self.context.begin_path();
        self.context
            .arc(
                f64::from(center.0),
                f64::from(center.1),
                f64::from(radius),
                0.0,
                2.0 * PI,
            )
            .map_err(error)?;
        if fill {
            self.context.fill();
        } else {
            self.context.stroke();
        }
        Ok(())
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        // Set before any save(), so that restore() keeps them and what is remembered stays
        // true.
        self.set_text(style);
        let degrees = match style.transform() {
            FontTransform::None => 0.0,
            FontTransform::Rotate90 => 90.0,
            FontTransform::Rotate180 => 180.0,
            FontTransform::Rotate270 => 270.0,
        };
        let (x, y) = (f64::from(pos.0), f64::from(pos.1));
        if degrees == 0.0 {
            return self.context.fill_text(text, x, y).map_err(error);
        }
        self.context.save();
        let drawn = self
            .context
            .translate(x, y)
            .and_then(|()| self.context.rotate(degrees / 180.0 * PI))
            .and_then(|()| self.context.fill_text(text, 0.0, 0.0));
        self.context.restore();
        drawn.map_err(error)
    }
}
