//! A label-only classifier as a decision maker, as a table-like heat plot: one row per output
//! label, one cell per class shaded by `p(class | output)` (eq. 23 of Dyrland et al. (draft)),
//! and the decision for that output — marked when it is not the output's own.

use super::{blend, decision_colour, ink_on, short};
use crate::mc_space::{Tone, tone_colour};
use crate::{DrawResult, Plot, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use ulab_core::text::{fixed, percent};

/// The data of the heat plot.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PosteriorPlot {
    /// The classifier's name.
    pub classifier: String,
    /// Class names (columns; output `o` is labelled with class `o`).
    pub classes: Vec<String>,
    /// Decision names.
    pub decisions: Vec<String>,
    /// `p(c | o)`, one row per output.
    pub posterior: Vec<Vec<f64>>,
    /// `p(o)` in deployment, one per output.
    pub p_output: Vec<f64>,
    /// The decision for each output.
    pub decision: Vec<usize>,
    /// Whether it differs from the output's own decision.
    pub changed: Vec<bool>,
}

const HEADER: f64 = 44.0;
const ROW: f64 = 34.0;

impl Plot for PosteriorPlot {
    crate::draw_on_with!(draw);

    fn height_for(&self, _width: u32) -> u32 {
        (HEADER + ROW * self.posterior.len().max(1) as f64 + 8.0) as u32
    }

    fn table(&self) -> crate::PlotTable {
        use crate::table::cell;
        let mut headers = vec!["output".to_string(), "p(output)".into()];
        headers.extend(self.classes.iter().map(|c| format!("p({c} | output)")));
        headers.push("decision".into());
        let mut t = crate::PlotTable {
            caption: format!(
                "{}: p(class | output) and the decision for each output",
                self.classifier
            ),
            headers,
            ..Default::default()
        };
        for (o, row) in self.posterior.iter().enumerate() {
            let mut cells = vec![
                self.classes.get(o).cloned().unwrap_or_default(),
                cell(self.p_output.get(o).copied().unwrap_or(f64::NAN)),
            ];
            cells.extend(row.iter().map(|v| cell(*v)));
            let d = self.decision.get(o).and_then(|d| self.decisions.get(*d));
            let changed = if self.changed.get(o) == Some(&true) {
                " (changed)"
            } else {
                ""
            };
            cells.push(format!("{}{changed}", d.cloned().unwrap_or_default()));
            t = t.row(cells);
        }
        t
    }
}

/// Draws the table of posteriors.
///
/// Over ~120 lines: one drawing step by step (the grid of cells, their shading, the
/// decisions, the headers), the steps sharing the cells' geometry.
fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &PosteriorPlot,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let (w, _) = root.dim_in_pixel();
    let s = theme.scale;
    let css_w = f64::from(w) / s;
    let n_o = plot.posterior.len();
    let n_c = plot.classes.len();
    if n_o == 0 || n_c == 0 {
        return Ok(());
    }
    // Cells at most 110 px wide; what is left goes to the decision column.
    let row_label_w = (css_w * 0.22).clamp(70.0, 170.0);
    let avail = css_w - row_label_w - 8.0;
    let cell_w = ((avail - 100.0) / n_c as f64).clamp(4.0, 110.0);
    let decide_w = (avail - n_c as f64 * cell_w).max(60.0);
    let at = |x: f64, y: f64| ((x * s).round() as i32, (y * s).round() as i32);
    let label_chars = ((row_label_w - 8.0) / 7.0) as usize;
    let cell_chars = ((cell_w - 4.0) / 6.5).max(1.0) as usize;
    // Header: "p(class | says …)" over the cells, "decide" over the last column.
    root.draw(&Text::new(
        short(&format!("{} says", plot.classifier), label_chars.max(4)),
        at(4.0, HEADER - 8.0),
        theme
            .muted_font(11.5)
            .pos(Pos::new(HPos::Left, VPos::Bottom)),
    ))?;
    for (c, name) in plot.classes.iter().enumerate() {
        let x = row_label_w + (c as f64 + 0.5) * cell_w;
        if cell_chars >= 3 {
            root.draw(&Text::new(
                short(&format!("p({} | …)", name), cell_chars.max(3)),
                at(x, HEADER - 8.0),
                theme.font(11.5).pos(Pos::new(HPos::Center, VPos::Bottom)),
            ))?;
        }
    }
    root.draw(&Text::new(
        "decide",
        at(row_label_w + n_c as f64 * cell_w + 10.0, HEADER - 8.0),
        theme.font(11.5).pos(Pos::new(HPos::Left, VPos::Bottom)),
    ))?;
    let hot = tone_colour(Tone::Blue, theme);
    for (o, row) in plot.posterior.iter().enumerate() {
        let y = HEADER + o as f64 * ROW;
        let out_name = plot.classes.get(o).map_or("?", String::as_str);
        let share = plot.p_output.get(o).copied().unwrap_or(f64::NAN);
        root.draw(&Text::new(
            short(out_name, label_chars),
            at(4.0, y + ROW * 0.36),
            theme.font(12.5).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
        if share.is_finite() {
            root.draw(&Text::new(
                format!("{} of items", percent(share, 1)),
                at(4.0, y + ROW * 0.74),
                theme
                    .muted_font(10.0)
                    .pos(Pos::new(HPos::Left, VPos::Center)),
            ))?;
        }
        for (c, v) in row.iter().enumerate().take(n_c) {
            let v = if v.is_finite() {
                v.clamp(0.0, 1.0)
            } else {
                0.0
            };
            let x = row_label_w + c as f64 * cell_w;
            let fill = blend(hot, theme, 0.08 + 0.92 * v);
            root.draw(&Rectangle::new(
                [at(x + 1.0, y + 1.0), at(x + cell_w - 1.0, y + ROW - 1.0)],
                fill.filled(),
            ))?;
            if cell_w >= 30.0 {
                root.draw(&Text::new(
                    fixed(v, 2),
                    at(x + cell_w / 2.0, y + ROW / 2.0),
                    ("sans-serif", 12.0 * s)
                        .into_font()
                        .color(&ink_on(fill))
                        .pos(Pos::new(HPos::Center, VPos::Center)),
                ))?;
            }
        }
        let d = plot.decision.get(o).copied().unwrap_or(o);
        let changed = plot.changed.get(o).copied().unwrap_or(false);
        let name = plot.decisions.get(d).map_or("?", String::as_str);
        let dx = row_label_w + n_c as f64 * cell_w + 10.0;
        let name_y = if changed {
            y + ROW * 0.36
        } else {
            y + ROW / 2.0
        };
        root.draw(&Rectangle::new(
            [at(dx, name_y - 5.0), at(dx + 10.0, name_y + 5.0)],
            decision_colour(theme, d).filled(),
        ))?;
        let chars = ((decide_w - 20.0) / 7.0).max(3.0) as usize;
        let font = if changed {
            ("sans-serif", 12.5 * s)
                .into_font()
                .style(FontStyle::Bold)
                .color(&theme.fg())
        } else {
            theme.font(12.5)
        };
        root.draw(&Text::new(
            short(name, chars),
            at(dx + 16.0, name_y),
            font.pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
        if changed {
            let own = plot.decisions.get(o).map_or("?", String::as_str);
            root.draw(&Text::new(
                short(
                    &format!("instead of {own}"),
                    ((decide_w - 16.0) / 5.6) as usize,
                ),
                at(dx + 16.0, y + ROW * 0.74),
                theme
                    .muted_font(10.0)
                    .pos(Pos::new(HPos::Left, VPos::Center)),
            ))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_cells_and_changed_decisions() {
        let p = PosteriorPlot {
            classifier: "A".into(),
            classes: vec!["long".into(), "short".into()],
            decisions: vec!["long".into(), "short".into()],
            posterior: vec![
                vec![27.0 / 42.0, 15.0 / 42.0],
                vec![23.0 / 58.0, 35.0 / 58.0],
            ],
            p_output: vec![0.42, 0.58],
            decision: vec![1, 1],
            changed: vec![true, false],
        };
        let svg = p.to_svg(375, false).unwrap();
        assert!(svg.contains("0.64") && svg.contains("0.60"));
        assert!(svg.contains("instead of long"));
        assert!(PosteriorPlot::default().to_svg(300, true).is_ok());
    }
}
