//! Three classes: the probability triangle coloured by optimal decision, with the current point,
//! the class names at the vertices (vertex `k` is `p_k = 1`) and iso-probability lines at 0.2,
//! 0.4, 0.6, 0.8. [`SimplexPlot::probabilities_at`] turns a click or drag position into the
//! probabilities under it, with the very layout the drawing uses.

use super::{blend, decision_colour, ink_on, short};
use crate::{DrawResult, Plot, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use ulab_core::simplex::{HEIGHT, from_plane, project, to_plane};

/// A region of the triangle where one decision is optimal.
#[derive(Debug, Clone, PartialEq)]
pub struct SimplexRegion {
    /// The decision (its colour and name).
    pub decision: usize,
    /// The polygon, barycentric coordinates.
    pub vertices: Vec<[f64; 3]>,
    /// Where to write the name, barycentric.
    pub centroid: [f64; 3],
}

/// The data of the triangle plot.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SimplexPlot {
    /// The three class names (vertices 0, 1, 2).
    pub classes: Vec<String>,
    /// Decision names (legend, labels).
    pub decisions: Vec<String>,
    /// The regions, tiling the triangle.
    pub regions: Vec<SimplexRegion>,
    /// The current probabilities and the decision optimal there, if shown.
    pub point: Option<([f64; 3], usize)>,
}

const SIDE_MARGIN: f64 = 22.0;
const TOP: f64 = 28.0;
const BOTTOM: f64 = 30.0;
const MAX_SIDE: f64 = 460.0;
const LEGEND_ROW: f64 = 20.0;

/// Where the triangle's vertices are, in CSS pixels of the plot (y downwards).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimplexFrame {
    /// Vertex `k` (`p_k = 1`): class 0 bottom left, class 1 bottom right, class 2 top.
    pub vertices: [(f64, f64); 3],
    /// The side length.
    pub side: f64,
}

impl SimplexFrame {
    /// The pixel of barycentric `p` (normalized first): `Σ_k p_k · vertex_k`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::{decide::SimplexPlot, Plot};
    /// let p = SimplexPlot::default();
    /// let f = p.frame(375, p.height_for(375));
    /// assert_eq!(f.to_pixel([0.0, 0.0, 1.0]), f.vertices[2]);
    /// let (x, _) = f.to_pixel([0.5, 0.5, 0.0]);
    /// assert!((x - 187.5).abs() < 1e-9);
    /// ```
    pub fn to_pixel(&self, p: [f64; 3]) -> (f64, f64) {
        let (x, y) = to_plane(p);
        let (x0, y0) = self.vertices[0];
        (x0 + x * self.side, y0 - y * self.side)
    }

    /// The barycentric coordinates of a pixel (negative outside the triangle): the inverse
    /// of [`SimplexFrame::to_pixel`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::{decide::SimplexPlot, Plot};
    /// let p = SimplexPlot::default();
    /// let f = p.frame(375, p.height_for(375));
    /// let q = f.from_pixel(f.vertices[1]);
    /// assert!((q[1] - 1.0).abs() < 1e-12 && q[0].abs() < 1e-12);
    /// assert!(f.from_pixel((0.0, 0.0)).iter().any(|v| *v < 0.0)); // the top left corner: outside
    /// ```
    pub fn from_pixel(&self, (px, py): (f64, f64)) -> [f64; 3] {
        let (x0, y0) = self.vertices[0];
        if !(self.side > 0.0) {
            return [1.0 / 3.0; 3];
        }
        from_plane(((px - x0) / self.side, (y0 - py) / self.side))
    }
}

impl SimplexPlot {
    /// The decisions optimal somewhere, in order.
    fn shown(&self) -> Vec<usize> {
        (0..self.decisions.len())
            .filter(|d| self.regions.iter().any(|r| r.decision == *d))
            .collect()
    }

    /// Legend rows for a plot `width` CSS pixels wide: one swatch per decision optimal
    /// somewhere (each with its row and x offset), then one line naming the others.
    fn legend(&self, width: f64) -> (usize, Vec<(usize, usize, f64)>) {
        // Under the triangle, from its left corner.
        let (left, right) = Self::legend_span(width);
        let mut row = 0;
        let mut x = left;
        let mut at = Vec::new();
        for d in self.shown() {
            let w = 22.0 + 7.0 * short(&self.decisions[d], 20).chars().count() as f64 + 14.0;
            if x + w > right && x > left {
                row += 1;
                x = left;
            }
            at.push((d, row, x));
            x += w;
        }
        let rows = if at.is_empty() { 0 } else { row + 1 };
        let never = usize::from(at.len() < self.decisions.len());
        (rows + never, at)
    }

    /// The legend's left and right ends: the triangle's corners (the plot's margins on narrow
    /// plots).
    fn legend_span(width: f64) -> (f64, f64) {
        let side = (width - 2.0 * SIDE_MARGIN).clamp(60.0, MAX_SIDE);
        let left = ((width - side) / 2.0).max(SIDE_MARGIN);
        (left, (left + side).max(width - left))
    }

    /// "never optimal: b, c, …", cut to `width` CSS pixels.
    fn never_text(&self, width: f64) -> Option<String> {
        let never: Vec<&str> = (0..self.decisions.len())
            .filter(|d| !self.regions.iter().any(|r| r.decision == *d))
            .map(|d| self.decisions[d].as_str())
            .collect();
        if never.is_empty() {
            return None;
        }
        let (left, right) = Self::legend_span(width);
        let chars = ((right - left) / 6.2).max(10.0) as usize;
        Some(short(
            &format!("never optimal: {}", never.join(", ")),
            chars,
        ))
    }

    fn triangle_height(width: f64) -> f64 {
        (width - 2.0 * SIDE_MARGIN).clamp(60.0, MAX_SIDE) * HEIGHT + TOP + BOTTOM
    }

    /// The triangle's layout for a plot `width × height` CSS pixels (the height from
    /// [`Plot::height_for`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::{decide::SimplexPlot, Plot};
    /// let p = SimplexPlot::default();
    /// let f = p.frame(375, p.height_for(375));
    /// assert!((f.side - 331.0).abs() < 1e-9);
    /// assert_eq!(f.vertices[0].1, f.vertices[1].1);
    /// ```
    pub fn frame(&self, width: u32, height: u32) -> SimplexFrame {
        let (w, h) = (f64::from(width), f64::from(height));
        let (rows, _) = self.legend(w);
        let tri_h = (h - LEGEND_ROW * rows as f64 - 6.0).max(0.0);
        let side =
            ((w - 2.0 * SIDE_MARGIN).min((tri_h - TOP - BOTTOM) / HEIGHT)).clamp(0.0, MAX_SIDE);
        let cx = w / 2.0;
        let base = TOP + side * HEIGHT;
        SimplexFrame {
            vertices: [(cx - side / 2.0, base), (cx + side / 2.0, base), (cx, TOP)],
            side,
        }
    }

    /// The probabilities under the CSS pixel `(x, y)` of the plot drawn `width` pixels wide
    /// (at [`Plot::height_for`]): inside the triangle, its barycentric coordinates; outside,
    /// the nearest point of the triangle (so that a drag past an edge slides along it). The
    /// result is ≥ 0 and sums to 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::{decide::SimplexPlot, Plot};
    /// let p = SimplexPlot::default();
    /// let f = p.frame(600, p.height_for(600));
    /// let (x, y) = f.to_pixel([0.2, 0.3, 0.5]);
    /// let q = p.probabilities_at(600, x, y);
    /// assert!((q[0] - 0.2).abs() < 1e-12 && (q[2] - 0.5).abs() < 1e-12);
    /// assert_eq!(p.probabilities_at(600, f.vertices[1].0 + 50.0, f.vertices[1].1 + 50.0), [0.0, 1.0, 0.0]);
    /// ```
    pub fn probabilities_at(&self, width: u32, x: f64, y: f64) -> [f64; 3] {
        let f = self.frame(width, self.height_for(width));
        project(f.from_pixel((x, y)))
    }
}

impl Plot for SimplexPlot {
    crate::draw_on_with!(draw);

    fn height_for(&self, width: u32) -> u32 {
        let w = f64::from(width);
        let (rows, _) = self.legend(w);
        (Self::triangle_height(w) + 6.0 + LEGEND_ROW * rows as f64).ceil() as u32
    }

    fn table(&self) -> crate::PlotTable {
        use crate::table::{PlotTable, cell};
        let triple = |p: &[f64; 3]| format!("({}, {}, {})", cell(p[0]), cell(p[1]), cell(p[2]));
        let classes = self.classes.join(", ");
        let mut t = PlotTable::new(
            format!("Where each decision is optimal: probabilities of ({classes})"),
            &["decision", "share of the triangle", "corners of its region"],
        );
        for r in &self.regions {
            // Twice the area in the plane (p₁, p₂), where the triangle's area is 1/2.
            let plane: Vec<(f64, f64)> = r.vertices.iter().map(|p| (p[1], p[2])).collect();
            let share = 2.0 * ulab_core::space::polygon::signed_area(&plane).abs();
            let corners: Vec<String> = r.vertices.iter().map(triple).collect();
            let name = self.decisions.get(r.decision).cloned().unwrap_or_default();
            t = t.row(vec![
                name,
                ulab_core::text::percent(share, 1),
                corners.join(" "),
            ]);
        }
        match &self.point {
            Some((p, d)) => t.note(format!(
                "The item {}: optimal decision {}.",
                triple(p),
                self.decisions.get(*d).cloned().unwrap_or_default()
            )),
            None => t,
        }
    }
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &SimplexPlot,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let (w, h) = root.dim_in_pixel();
    let s = theme.scale;
    let f = plot.frame((f64::from(w) / s) as u32, (f64::from(h) / s) as u32);
    let px = |p: [f64; 3]| {
        let (x, y) = f.to_pixel(p);
        ((x * s).round() as i32, (y * s).round() as i32)
    };
    let n_d = plot.decisions.len();
    // Regions, light fills separated by background-coloured borders.
    for r in &plot.regions {
        let pts: Vec<(i32, i32)> = r.vertices.iter().map(|v| px(*v)).collect();
        root.draw(&Polygon::new(
            pts.clone(),
            blend(decision_colour(theme, r.decision), theme, 0.5).filled(),
        ))?;
        let mut ring = pts;
        if let Some(first) = ring.first().copied() {
            ring.push(first);
        }
        root.draw(&PathElement::new(
            ring,
            theme.bg().stroke_width(theme.px(1.5)),
        ))?;
    }
    // Iso-probability lines p_k = 0.2 … 0.8.
    let iso = blend(theme.fg(), theme, 0.14);
    for k in 0..3 {
        for v in [0.2, 0.4, 0.6, 0.8] {
            let mut a = [0.0; 3];
            let mut b = [0.0; 3];
            a[k] = v;
            b[k] = v;
            a[(k + 1) % 3] = 1.0 - v;
            b[(k + 2) % 3] = 1.0 - v;
            root.draw(&PathElement::new(
                vec![px(a), px(b)],
                iso.stroke_width(theme.px(1.0)),
            ))?;
        }
    }
    let corners = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let outline: Vec<(i32, i32)> = [0, 1, 2, 0].iter().map(|k| px(corners[*k])).collect();
    root.draw(&PathElement::new(
        outline,
        theme.muted().stroke_width(theme.px(1.5)),
    ))?;
    // Decision names inside regions big enough for them.
    for r in &plot.regions {
        let Some(name) = plot.decisions.get(r.decision) else {
            continue;
        };
        let label = short(name, 16);
        let need = (7.0 * label.chars().count() as f64 + 10.0) * 18.0;
        if region_area_px(&f, &r.vertices) < 2.5 * need {
            continue;
        }
        let bg = blend(decision_colour(theme, r.decision), theme, 0.5);
        root.draw(&Text::new(
            label,
            px(r.centroid),
            ("sans-serif", 12.5 * s)
                .into_font()
                .style(FontStyle::Bold)
                .color(&ink_on(bg))
                .pos(Pos::new(HPos::Center, VPos::Center)),
        ))?;
    }
    // Vertex labels: class names.
    let gap = theme.px(8.0) as i32;
    let anchors = [
        (HPos::Left, VPos::Top, 0, gap),
        (HPos::Right, VPos::Top, 0, gap),
        (HPos::Center, VPos::Bottom, 0, -gap),
    ];
    for (k, (hp, vp, dx, dy)) in anchors.iter().enumerate() {
        let name = plot
            .classes
            .get(k)
            .map_or_else(|| k.to_string(), |c| short(c, 18));
        let (x, y) = px(corners[k]);
        root.draw(&Text::new(
            format!("{name} (p = 1)"),
            (x + dx, y + dy),
            theme.font(12.5).pos(Pos::new(*hp, *vp)),
        ))?;
    }
    if let Some((p, d)) = plot.point {
        let c = px(p);
        let colour = if d < n_d.max(1) {
            decision_colour(theme, d)
        } else {
            theme.muted()
        };
        root.draw(&Circle::new(c, theme.px(7.0), colour.filled()))?;
        root.draw(&Circle::new(
            c,
            theme.px(7.0),
            theme.fg().stroke_width(theme.px(2.0)),
        ))?;
    }
    draw_legend(root, plot, theme, f64::from(h) / s)
}

/// A polygon's area in CSS pixels².
fn region_area_px(f: &SimplexFrame, vertices: &[[f64; 3]]) -> f64 {
    let pts: Vec<(f64, f64)> = vertices.iter().map(|v| f.to_pixel(*v)).collect();
    let n = pts.len();
    let twice: f64 = (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum();
    twice.abs() / 2.0
}

fn draw_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &SimplexPlot,
    theme: &Theme,
    css_h: f64,
) -> DrawResult<DB> {
    let (w, _) = root.dim_in_pixel();
    let css_w = f64::from(w) / theme.scale;
    let (rows, at) = plot.legend(css_w);
    let top = css_h - LEGEND_ROW * rows as f64 - 2.0;
    let mut last_row = 0;
    for (d, row, x) in &at {
        last_row = last_row.max(*row + 1);
        let y = top + LEGEND_ROW * *row as f64 + LEGEND_ROW / 2.0;
        let (x, y) = (theme.px(*x) as i32, theme.px(y) as i32);
        let h = theme.px(6.0) as i32;
        root.draw(&Rectangle::new(
            [(x, y - h), (x + 2 * h, y + h)],
            blend(decision_colour(theme, *d), theme, 0.5).filled(),
        ))?;
        root.draw(&Text::new(
            short(&plot.decisions[*d], 20),
            (x + theme.px(18.0) as i32, y),
            theme.font(12.0).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    if let Some(text) = plot.never_text(css_w) {
        let y = top + LEGEND_ROW * last_row as f64 + LEGEND_ROW / 2.0;
        root.draw(&Text::new(
            text,
            (
                theme.px(SimplexPlot::legend_span(css_w).0) as i32,
                theme.px(y) as i32,
            ),
            theme
                .muted_font(11.5)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_round_trip_and_labels() {
        let p = SimplexPlot {
            classes: vec!["a".into(), "b".into(), "c".into()],
            decisions: vec!["a".into(), "b".into(), "c".into(), "never".into()],
            regions: vec![SimplexRegion {
                decision: 0,
                vertices: vec![[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
                centroid: [1.0 / 3.0; 3],
            }],
            point: Some(([0.2, 0.3, 0.5], 0)),
        };
        for width in [375u32, 1280] {
            let f = p.frame(width, p.height_for(width));
            for q in [[0.2, 0.3, 0.5], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]] {
                let back = f.from_pixel(f.to_pixel(q));
                assert!((0..3).all(|k| (back[k] - q[k]).abs() < 1e-12));
            }
        }
        let svg = p.to_svg(375, false).unwrap();
        assert!(svg.contains("c (p = 1)") && svg.contains("never optimal: b, c, never"));
        assert!(SimplexPlot::default().to_svg(200, true).is_ok());
    }
}
