//! The expected utility of each decision: one horizontal bar per decision with its value, the
//! optimal one(s) in full colour with a bold name, the decision that goes with the most probable
//! class outlined; both captioned under their bar.

use super::{blend, decision_colour, short};
use crate::{DrawResult, Plot, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use ulab_core::text::number;

/// The data of the bar chart.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct UtilityBars {
    /// Decision names, top to bottom.
    pub decisions: Vec<String>,
    /// `Ū_d`, one per decision.
    pub values: Vec<f64>,
    /// The optimal decisions (several on a tie).
    pub optimal: Vec<usize>,
    /// The decision that goes with the most probable class, and that class's name; `None`
    /// when several classes are equally probable.
    pub most_probable: Option<(usize, String)>,
    /// Axis title, e.g. "expected utility".
    pub x_title: String,
}

const ROW: f64 = 34.0;

impl Plot for UtilityBars {
    crate::draw_on_with!(draw);

    fn height_for(&self, _width: u32) -> u32 {
        (70.0 + ROW * self.decisions.len().max(1) as f64) as u32
    }

    fn table(&self) -> crate::PlotTable {
        let mut t = crate::PlotTable::new(
            ulab_core::text::capitalize(&self.x_title),
            &["decision", &self.x_title, "mark"],
        );
        for (d, name) in self.decisions.iter().enumerate() {
            let mut marks = vec![];
            if self.optimal.contains(&d) {
                marks.push("optimal".to_string());
            }
            if let Some((_, class)) = self.most_probable.as_ref().filter(|m| m.0 == d) {
                marks.push(format!("goes with the most probable class, {class}"));
            }
            let v = self.values.get(d).copied().unwrap_or(f64::NAN);
            t = t.row(vec![name.clone(), crate::table::cell(v), marks.join("; ")]);
        }
        t
    }

    fn summary(&self) -> String {
        let one = |(d, n): (usize, &String)| {
            let v = crate::table::cell(self.values.get(d).copied().unwrap_or(f64::NAN));
            let best = if self.optimal.contains(&d) {
                " (optimal)"
            } else {
                ""
            };
            format!("{n} {v}{best}")
        };
        let all: Vec<String> = self.decisions.iter().enumerate().map(one).collect();
        all.join(", ")
    }
}

/// Draws the bars.
///
/// Over ~120 lines: one chart drawn step by step (mesh, bars, the optimum's and the most
/// probable class's marks, labels), the steps sharing the chart and its ranges, in the style of
/// `reliability::draw_sweep_panel`.
fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &UtilityBars,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let n = chart.decisions.len().min(chart.values.len());
    if n == 0 {
        root.draw(&Text::new(
            "No decision",
            (theme.px(12.0) as i32, theme.px(20.0) as i32),
            theme.muted_font(14.0),
        ))?;
        return Ok(());
    }
    let values: Vec<f64> = chart.values[..n]
        .iter()
        .map(|v| if v.is_finite() { *v } else { 0.0 })
        .collect();
    let lo = values.iter().copied().fold(0.0, f64::min);
    let hi = values.iter().copied().fold(0.0, f64::max);
    let span = if hi > lo && (hi - lo).is_finite() {
        hi - lo
    } else {
        1.0
    };
    // Room beyond the bars' ends for their values; a sliver only on a side without bars.
    let x0 = if lo < 0.0 {
        lo - 0.2 * span
    } else {
        -0.03 * span
    };
    let x1 = if hi > 0.0 {
        hi + 0.2 * span
    } else {
        0.03 * span
    };
    let (w, _) = root.dim_in_pixel();
    let css_w = f64::from(w) / theme.scale;
    let max_chars = ((css_w * 0.32) / 7.0).clamp(4.0, 24.0) as usize;
    let label_w = chart.decisions[..n]
        .iter()
        .map(|s| s.chars().count().min(max_chars))
        .max()
        .unwrap_or(1) as f64
        * 7.2
        + 14.0;
    let mut cc = ChartBuilder::on(root)
        .margin_top(theme.px(10.0))
        .margin_right(theme.px(14.0))
        .margin_left(theme.px(4.0))
        .x_label_area_size(theme.px(40.0))
        .y_label_area_size(theme.px(label_w))
        .build_cartesian_2d(x0..x1, -0.5f64..(n as f64 - 0.5))?;
    theme
        .mesh(&mut cc, 11.5, 12.0)
        .disable_y_mesh()
        .y_labels(0)
        .x_labels(if css_w < 420.0 { 4 } else { 7 })
        .x_desc(chart.x_title.as_str())
        .draw()?;
    let y_of = |d: usize| (n - 1 - d) as f64;
    // Captions ("optimal", "for lose, the most probable class") go under the bar, from the
    // zero line towards the roomier side, so that they never run into the names or off the plot.
    let caption_right = x1 >= -x0;
    for (d, v) in values.iter().enumerate() {
        let y = y_of(d);
        let optimal = chart.optimal.contains(&d);
        let colour = decision_colour(theme, d);
        let fill = if optimal {
            colour
        } else {
            blend(colour, theme, 0.38)
        };
        let is_mp = chart.most_probable.as_ref().is_some_and(|m| m.0 == d);
        let captioned = optimal || is_mp;
        let (b0, b1) = if captioned {
            (y + 0.02, y + 0.4)
        } else {
            (y - 0.3, y + 0.3)
        };
        cc.draw_series(std::iter::once(Rectangle::new(
            [(0.0, b0), (*v, b1)],
            fill.filled(),
        )))?;
        if is_mp {
            cc.draw_series(std::iter::once(Rectangle::new(
                [(0.0, b0), (*v, b1)],
                theme.fg().stroke_width(theme.px(1.5)),
            )))?;
        }
        let (px, py) = cc.backend_coord(&(*v, (b0 + b1) / 2.0));
        let gap = theme.px(5.0) as i32;
        let (x, h) = if *v >= 0.0 {
            (px + gap, HPos::Left)
        } else {
            (px - gap, HPos::Right)
        };
        root.draw(&Text::new(
            number(*v, 3),
            (x, py),
            theme.font(11.5).pos(Pos::new(h, VPos::Center)),
        ))?;
        if captioned {
            let mut parts = Vec::new();
            if optimal {
                parts.push("optimal".to_string());
            }
            if let Some((_, class)) = chart.most_probable.as_ref().filter(|_| is_mp) {
                parts.push(format!("for {}, the most probable class", short(class, 14)));
            }
            let (zx, zy) = cc.backend_coord(&(0.0, y - 0.2));
            let off = theme.px(4.0) as i32;
            let (cx, ch) = if caption_right {
                (zx + off, HPos::Left)
            } else {
                (zx - off, HPos::Right)
            };
            root.draw(&Text::new(
                parts.join(" · "),
                (cx, zy),
                theme.muted_font(10.5).pos(Pos::new(ch, VPos::Center)),
            ))?;
        }
        let (lx, ly) = cc.backend_coord(&(x0, y));
        let name_font = if optimal {
            ("sans-serif", 13.0 * theme.scale)
                .into_font()
                .style(FontStyle::Bold)
                .color(&theme.fg())
        } else {
            theme.font(13.0)
        };
        root.draw(&Text::new(
            short(&chart.decisions[d], max_chars),
            (lx - theme.px(7.0) as i32, ly),
            name_font.pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
    }
    cc.draw_series(std::iter::once(PathElement::new(
        vec![(0.0, -0.5), (0.0, n as f64 - 0.5)],
        theme.fg().stroke_width(theme.px(1.0)),
    )))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_optimal_and_most_probable() {
        let b = UtilityBars {
            decisions: vec!["buy".into(), "not-buy".into()],
            values: vec![1.2, 0.0],
            optimal: vec![0],
            most_probable: Some((1, "lose".into())),
            x_title: "expected utility".into(),
        };
        let svg = b.to_svg(500, false).unwrap();
        assert!(svg.contains(">\noptimal\n<"), "{svg}");
        assert!(svg.contains("for lose, the most probable class"));
        assert!(svg.contains("not-buy"));
    }

    #[test]
    fn degenerate_inputs_draw() {
        for b in [
            UtilityBars::default(),
            UtilityBars {
                decisions: vec!["a".into(), "b".into()],
                values: vec![0.0, 0.0],
                optimal: vec![0, 1],
                most_probable: None,
                x_title: String::new(),
            },
            UtilityBars {
                decisions: vec!["a".into(), "b".into()],
                values: vec![f64::NAN, -1e300],
                optimal: vec![],
                most_probable: Some((7, "x".into())),
                x_title: String::new(),
            },
        ] {
            b.to_svg(300, true).unwrap();
        }
    }
}
