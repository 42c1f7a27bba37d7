//! Where the diagrams of the Utility space view put things, in CSS pixels: the mapping between
//! data coordinates and pixels (for drawing, and for the page to hit-test a click, a drag or a
//! touch), and the legend's layout. Pure: the page computes the same frame from the canvas's
//! CSS width as the drawing does from the backend's size divided by the device pixel ratio.

use ulab_core::space::Point;

/// Room left of the plotting area for the vertical axis's labels (CSS px).
const AXIS_LEFT: f64 = 40.0;
/// Room under the plotting area for the horizontal axis's labels and title.
const AXIS_BOTTOM: f64 = 34.0;
/// Margin above the plotting area.
const TOP: f64 = 10.0;
/// Margin right of the plotting area.
const RIGHT: f64 = 12.0;
/// The largest side of the plotting area.
const MAX_SIDE: f64 = 560.0;
/// The smallest side of the plotting area.
const MIN_SIDE: f64 = 60.0;
/// The hexagon's data range on both axes, `[−R, R]`: a margin around `[−1, 1]` for markers.
pub const HEX_RANGE: f64 = 1.1;

/// A rectangle of pixels showing a rectangle of data: `x` from `x_range.0` (left) to
/// `x_range.1` (right), `y` from `y_range.0` (bottom) to `y_range.1` (top).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Left edge of the plotting area (px from the canvas's left).
    pub left: f64,
    /// Top edge (px from the canvas's top).
    pub top: f64,
    /// Width in px.
    pub width: f64,
    /// Height in px.
    pub height: f64,
    /// Data shown across.
    pub x_range: (f64, f64),
    /// Data shown up.
    pub y_range: (f64, f64),
}

impl Frame {
    /// The square plotting area of a canvas `canvas_width` CSS px wide, showing `x_range` ×
    /// `y_range`: side `min(canvas_width − 52, 560)` (at least 60), centred, with room for the
    /// axes' labels left of and under it.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::space::frame::Frame;
    /// let f = Frame::square(375.0, (-1.1, 1.1), (-1.1, 1.1));
    /// assert_eq!((f.left, f.top, f.width, f.height), (40.0, 10.0, 323.0, 323.0));
    /// let wide = Frame::square(1280.0, (-1.1, 1.1), (-1.1, 1.1));
    /// assert_eq!(wide.width, 560.0);
    /// assert!((wide.left + wide.width / 2.0 - (1280.0 + 40.0 - 12.0) / 2.0).abs() < 1e-9);
    /// ```
    pub fn square(canvas_width: f64, x_range: (f64, f64), y_range: (f64, f64)) -> Frame {
        let w = if canvas_width.is_finite() {
            canvas_width
        } else {
            0.0
        };
        let side = (w - AXIS_LEFT - RIGHT).clamp(MIN_SIDE, MAX_SIDE);
        let spare = (w - AXIS_LEFT - RIGHT - side).max(0.0);
        Frame {
            left: AXIS_LEFT + spare / 2.0,
            top: TOP,
            width: side,
            height: side,
            x_range,
            y_range,
        }
    }

    /// The frame of the hexagon of fig. 1 for a canvas `canvas_width` CSS px wide:
    /// [`Frame::square`] over `[−1.1, 1.1]²` ([`HEX_RANGE`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::space::frame::Frame;
    /// let f = Frame::hexagon(375.0);
    /// assert_eq!(f.to_px((0.0, 0.0)), (40.0 + 323.0 / 2.0, 10.0 + 323.0 / 2.0));
    /// ```
    pub fn hexagon(canvas_width: f64) -> Frame {
        Frame::square(
            canvas_width,
            (-HEX_RANGE, HEX_RANGE),
            (-HEX_RANGE, HEX_RANGE),
        )
    }

    /// The pixel of data point `p`:
    /// `(left + (x − x₀)/(x₁ − x₀)·width, top + (y₁ − y)/(y₁ − y₀)·height)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::space::frame::Frame;
    /// let f = Frame { left: 10.0, top: 20.0, width: 100.0, height: 50.0, x_range: (0.0, 1.0), y_range: (0.0, 1.0) };
    /// assert_eq!(f.to_px((0.5, 1.0)), (60.0, 20.0));
    /// ```
    pub fn to_px(&self, p: Point) -> (f64, f64) {
        let (x0, x1) = self.x_range;
        let (y0, y1) = self.y_range;
        (
            self.left + (p.0 - x0) / (x1 - x0) * self.width,
            self.top + (y1 - p.1) / (y1 - y0) * self.height,
        )
    }

    /// The data point at pixel `q` (the inverse of [`Frame::to_px`]), wherever `q` is; keep it
    /// in the hexagon with [`ulab_core::space::clamp`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::space::frame::Frame;
    /// let f = Frame::hexagon(640.0);
    /// let p = f.from_px(f.to_px((0.3, -0.6)));
    /// assert!((p.0 - 0.3).abs() < 1e-12 && (p.1 + 0.6).abs() < 1e-12);
    /// ```
    pub fn from_px(&self, q: (f64, f64)) -> Point {
        let (x0, x1) = self.x_range;
        let (y0, y1) = self.y_range;
        (
            x0 + (q.0 - self.left) / self.width * (x1 - x0),
            y1 - (q.1 - self.top) / self.height * (y1 - y0),
        )
    }

    /// The point of the hexagon of fig. 1 under pixel `q` of the hexagon's frame: the data
    /// point [`Frame::from_px`] kept in the hexagon ([`ulab_core::space::clamp`]) — where a
    /// click puts the point, and where a drag moves it (sliding along the border when the
    /// pointer leaves the hexagon). `None` for a non-finite `q`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::space::frame::Frame;
    /// let f = Frame::hexagon(375.0);
    /// let p = f.hexagon_point(f.to_px((0.25, 0.5))).unwrap();
    /// assert!((p.0 - 0.25).abs() < 1e-12 && (p.1 - 0.5).abs() < 1e-12);
    /// let (x, y) = f.hexagon_point((1e6, 1e6)).unwrap(); // far down and right
    /// assert!((y - x + 1.0).abs() < 1e-9 && x > 0.0 && x < 1.0); // on the edge y − x = −1
    /// ```
    pub fn hexagon_point(&self, q: (f64, f64)) -> Option<Point> {
        ulab_core::space::clamp(self.from_px(q))
    }

    /// Whether pixel `q` is within `radius` px of data point `p` (e.g. the pointer on the
    /// current point: start a drag).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::space::frame::Frame;
    /// let f = Frame::hexagon(375.0);
    /// let (px, py) = f.to_px((0.3, -0.6));
    /// assert!(f.near((px + 5.0, py - 5.0), (0.3, -0.6), 12.0));
    /// assert!(!f.near((px + 20.0, py), (0.3, -0.6), 12.0));
    /// ```
    pub fn near(&self, q: (f64, f64), p: Point, radius: f64) -> bool {
        let c = self.to_px(p);
        (q.0 - c.0).hypot(q.1 - c.1) <= radius
    }

    /// Whether pixel `q` falls in the plotting area, widened by `margin` px.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::space::frame::Frame;
    /// let f = Frame::hexagon(375.0);
    /// assert!(f.contains_px((200.0, 100.0), 0.0) && !f.contains_px((5.0, 100.0), 10.0));
    /// ```
    pub fn contains_px(&self, q: (f64, f64), margin: f64) -> bool {
        q.0 >= self.left - margin
            && q.0 <= self.left + self.width + margin
            && q.1 >= self.top - margin
            && q.1 <= self.top + self.height + margin
    }

    /// The same frame with every pixel quantity multiplied by `s` (the device pixel ratio:
    /// drawing on a canvas of `s ×` the CSS size).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::space::frame::Frame;
    /// let f = Frame::hexagon(375.0);
    /// let g = f.scaled(2.0);
    /// let (a, b) = (f.to_px((0.5, 0.5)), g.to_px((0.5, 0.5)));
    /// assert!((b.0 - 2.0 * a.0).abs() < 1e-9 && (b.1 - 2.0 * a.1).abs() < 1e-9);
    /// ```
    pub fn scaled(&self, s: f64) -> Frame {
        Frame {
            left: self.left * s,
            top: self.top * s,
            width: self.width * s,
            height: self.height * s,
            ..*self
        }
    }

    /// Where the legend starts: under the horizontal axis (CSS px from the top).
    pub(crate) fn legend_top(&self) -> f64 {
        self.top + self.height + AXIS_BOTTOM
    }
}

/// One line of legend entries: each entry `(x, y)` of its swatch's left edge, in CSS px.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendLayout {
    /// The position of each entry, in order.
    pub positions: Vec<(f64, f64)>,
    /// The height the legend takes.
    pub height: f64,
}

/// Legend row height, CSS px.
pub(crate) const LEGEND_ROW: f64 = 18.0;
/// Estimated width of a character of the legend's 12 px font.
pub(crate) const CHAR_W: f64 = 6.6;

/// Places legend entries with these labels left to right in rows no wider than `width`, from
/// `(left, top)`: each entry is a 12 px swatch, 6 px, its label (estimated at 6.6 px per
/// character), then 16 px.
///
/// # Examples
///
/// ```
/// use ulab_plot::space::frame::legend_layout;
/// let l = legend_layout(&["A", "B", "a long classifier name"], 10.0, 100.0, 120.0);
/// assert_eq!(l.positions[0], (10.0, 100.0));
/// assert_eq!(l.positions[1].1, 100.0);
/// assert_eq!(l.positions[2], (10.0, 118.0)); // wrapped
/// assert_eq!(l.height, 36.0);
/// ```
pub fn legend_layout(labels: &[&str], left: f64, top: f64, width: f64) -> LegendLayout {
    let (mut x, mut y) = (left, top);
    let mut positions = Vec::with_capacity(labels.len());
    for label in labels {
        let w = 12.0 + 6.0 + CHAR_W * label.chars().count() as f64 + 16.0;
        if x > left && x + w > left + width {
            x = left;
            y += LEGEND_ROW;
        }
        positions.push((x, y));
        x += w;
    }
    let height = if labels.is_empty() {
        0.0
    } else {
        y - top + LEGEND_ROW
    };
    LegendLayout { positions, height }
}

/// `text` cut into lines of at most `width / 6 px` characters at spaces (the footnote's 11 px
/// font).
///
/// # Examples
///
/// ```
/// use ulab_plot::space::frame::wrap;
/// assert_eq!(wrap("never best: C, D, E", 60.0), vec!["never", "best: C,", "D, E"]);
/// assert!(wrap("", 100.0).is_empty());
/// ```
pub fn wrap(text: &str, width: f64) -> Vec<String> {
    let max = ((width / 6.0).floor() as usize).max(8);
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= max => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The drawing area of a space plot.
pub(crate) type Area<DB> = plotters::prelude::DrawingArea<DB, plotters::coord::Shift>;

/// The pixel of the point `p` of the space, rounded.
pub(crate) fn pix(f: &Frame, p: Point) -> (i32, i32) {
    let (x, y) = f.to_px(p);
    (x.round() as i32, y.round() as i32)
}
