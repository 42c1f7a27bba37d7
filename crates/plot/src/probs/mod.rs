//! The Probabilities view's plots (a test set's per-item class probabilities):
//!
//! * [`reliability::ReliabilityChart`]: the reliability diagram of every class (one against
//!   the rest), each model's mean predicted probability against the observed frequency per
//!   bin, with Wilson intervals and the items per bin;
//! * [`curves::DecisionCurveChart`]: two classes, net benefit against the threshold
//!   probability (the decision curve), with "treat all" and "treat none";
//! * [`curves::YieldCurveChart`]: two classes, the yield against the threshold under the
//!   user's utility matrix, "trust the probabilities" and the best threshold on the data;
//! * [`intervals::IntervalChart`]: each model and rule's yield with its 90 % interval from
//!   the paired bootstrap.
//!
//! The data come from `state::probs::charts`. Models are told apart by colour and by name,
//! decision rules by their marker ([`RuleMark`]), never by colour alone.

pub mod curves;
pub mod intervals;
pub mod reliability;

use super::{DrawResult, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The marker of a decision rule: the most probable class, the optimal decision, the optimal
/// decision on recalibrated probabilities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RuleMark {
    /// The most probable class: a circle.
    #[default]
    MostProbable,
    /// The decision of maximal expected utility: a square.
    Optimal,
    /// The same on recalibrated probabilities: a triangle.
    Recalibrated,
}

/// One entry of a legend: a line sample (dashed or not) in a series colour, or a muted
/// reference line, and its text.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendEntry {
    /// The text.
    pub text: String,
    /// The series colour ([`Theme::series`]); `None`: the muted reference colour.
    pub colour: Option<usize>,
    /// A dashed line.
    pub dashed: bool,
}

/// The height of a legend row, CSS pixels.
const LEGEND_ROW: f64 = 20.0;

/// The width of a legend entry, CSS pixels.
fn entry_width(e: &LegendEntry) -> f64 {
    34.0 + 6.6 * short(&e.text, 28).chars().count() as f64 + 14.0
}

/// The legend's rows for a plot `width` CSS pixels wide, and each entry's (row, x).
fn legend_layout(entries: &[LegendEntry], width: f64) -> (usize, Vec<(usize, f64)>) {
    let (mut row, mut x) = (0, 8.0);
    let mut at = Vec::with_capacity(entries.len());
    for e in entries {
        let w = entry_width(e);
        if x + w > width && x > 8.0 {
            row += 1;
            x = 8.0;
        }
        at.push((row, x));
        x += w;
    }
    (if entries.is_empty() { 0 } else { row + 1 }, at)
}

/// The height of a legend of `entries` in `width` CSS pixels.
pub fn legend_height(entries: &[LegendEntry], width: u32) -> u32 {
    let (rows, _) = legend_layout(entries, f64::from(width));
    (LEGEND_ROW * rows as f64 + if rows > 0 { 6.0 } else { 0.0 }) as u32
}

/// The colour of a legend entry's line.
fn entry_colour(e: &LegendEntry, theme: &Theme) -> RGBColor {
    e.colour.map_or(theme.muted(), |c| theme.series(c))
}

/// Draws a legend of `entries` at the top of `area`, wrapped into rows.
pub fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[LegendEntry],
    theme: &Theme,
) -> DrawResult<DB> {
    let (_, at) = legend_layout(entries, theme.css_width(area));
    for (e, (row, x)) in entries.iter().zip(at) {
        let y = theme.px(4.0 + LEGEND_ROW * row as f64 + LEGEND_ROW / 2.0) as i32;
        let x0 = theme.px(x) as i32;
        let x1 = x0 + theme.px(26.0) as i32;
        let style = entry_colour(e, theme).stroke_width(theme.px(2.2));
        if e.dashed {
            area.draw(&plotters::element::DashedPathElement::new(
                vec![(x0, y), (x1, y)],
                theme.px(5.0),
                theme.px(3.0),
                style,
            ))?;
        } else {
            area.draw(&PathElement::new(vec![(x0, y), (x1, y)], style))?;
        }
        area.draw(&Text::new(
            short(&e.text, 28),
            (x1 + theme.px(6.0) as i32, y),
            theme.font(12.0).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
}

/// `text` cut to `max` characters, with "…".
pub fn short(text: &str, max: usize) -> String {
    ulab_core::text::truncate(text, max)
}

/// The pieces of a polyline inside `lo ≤ y ≤ hi`: each segment that crosses a bound is cut
/// where it crosses it, and the line breaks where it leaves the band (non-finite points break
/// it too).
///
/// # Examples
///
/// ```
/// use ulab_plot::probs::clip_band;
/// let pieces = clip_band(&[(0.0, 0.0), (1.0, 2.0), (2.0, 0.0)], -1.0, 1.0);
/// assert_eq!(pieces, vec![vec![(0.0, 0.0), (0.5, 1.0)], vec![(1.5, 1.0), (2.0, 0.0)]]);
/// ```
pub fn clip_band(points: &[(f64, f64)], lo: f64, hi: f64) -> Vec<Vec<(f64, f64)>> {
    let mut out: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut cur: Vec<(f64, f64)> = Vec::new();
    let inside = |y: f64| y >= lo && y <= hi;
    let cut = |a: (f64, f64), b: (f64, f64), y: f64| {
        let t = (y - a.1) / (b.1 - a.1);
        (a.0 + t * (b.0 - a.0), y)
    };
    let mut prev: Option<(f64, f64)> = None;
    for &p in points {
        if !(p.0.is_finite() && p.1.is_finite()) {
            prev = None;
            out.push(std::mem::take(&mut cur));
            continue;
        }
        if let Some(a) = prev {
            // Where the segment a → p enters and leaves the band.
            let bound = |y: f64| if y > hi { hi } else { lo };
            match (inside(a.1), inside(p.1)) {
                (true, true) => cur.push(p),
                (true, false) => {
                    cur.push(cut(a, p, bound(p.1)));
                    out.push(std::mem::take(&mut cur));
                }
                (false, true) => {
                    cur.push(cut(a, p, bound(a.1)));
                    cur.push(p);
                }
                (false, false) if (a.1 > hi) != (p.1 > hi) => {
                    out.push(vec![cut(a, p, bound(a.1)), cut(a, p, bound(p.1))]);
                }
                (false, false) => {}
            }
        } else if inside(p.1) {
            cur.push(p);
        }
        prev = Some(p);
    }
    out.push(cur);
    out.retain(|piece| piece.len() >= 2);
    out
}

/// Draws a rule's marker of radius `r` (pixels) at `(x, y)`: filled, with a ring of the
/// background so that it stands out on lines.
pub fn draw_mark<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x, y): (i32, i32),
    mark: RuleMark,
    r: i32,
    colour: RGBColor,
    theme: &Theme,
) -> DrawResult<DB> {
    let ring = theme.px(1.5) as i32;
    match mark {
        RuleMark::MostProbable => {
            area.draw(&Circle::new((x, y), r + ring, theme.bg().filled()))?;
            area.draw(&Circle::new((x, y), r, colour.filled()))?;
        }
        RuleMark::Optimal => {
            let s = r + ring;
            area.draw(&Rectangle::new(
                [(x - s, y - s), (x + s, y + s)],
                theme.bg().filled(),
            ))?;
            area.draw(&Rectangle::new(
                [(x - r, y - r), (x + r, y + r)],
                colour.filled(),
            ))?;
        }
        RuleMark::Recalibrated => {
            let tri = |k: i32| {
                vec![
                    (x, y - k - k / 3),
                    (x - k - k / 6, y + k),
                    (x + k + k / 6, y + k),
                ]
            };
            area.draw(&Polygon::new(tri(r + ring), theme.bg().filled()))?;
            area.draw(&Polygon::new(tri(r), colour.filled()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipping_keeps_what_is_inside() {
        assert_eq!(
            clip_band(&[(0.0, 0.5), (1.0, 0.6)], 0.0, 1.0),
            vec![vec![(0.0, 0.5), (1.0, 0.6)]]
        );
        // Falls out below and stays out: one piece up to the bound.
        let p = clip_band(&[(0.0, 0.5), (1.0, -0.5), (2.0, -3.0)], 0.0, 1.0);
        assert_eq!(p, vec![vec![(0.0, 0.5), (0.5, 0.0)]]);
        // Crosses the whole band in one segment.
        let p = clip_band(&[(0.0, 2.0), (1.0, -2.0)], -1.0, 1.0);
        assert_eq!(p, vec![vec![(0.25, 1.0), (0.75, -1.0)]]);
        assert!(clip_band(&[(0.0, f64::NAN)], 0.0, 1.0).is_empty());
    }

    #[test]
    fn legends_wrap() {
        let e = |t: &str| LegendEntry {
            text: t.into(),
            colour: Some(0),
            dashed: false,
        };
        let entries: Vec<LegendEntry> = (0..6).map(|k| e(&format!("model {k}"))).collect();
        assert_eq!(legend_layout(&entries, 2000.0).0, 1);
        assert_eq!(legend_layout(&entries, 300.0).0, 2);
        assert_eq!(legend_height(&[], 300), 0);
    }
}
