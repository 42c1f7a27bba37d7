//! How sure: each model and rule's yield per item on the test set (its marker) with the 90 %
//! interval of the paired bootstrap (a whisker), one row each, the best row's label in bold
//! words ("best"), on one yield axis.

use super::super::{DrawResult, Theme};
use super::{RuleMark, draw_mark, short};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One arm: a model with a rule.
#[derive(Debug, Clone, PartialEq)]
pub struct IntervalRow {
    /// "B, optimal (max expected utility)".
    pub label: String,
    /// The model's palette index.
    pub colour: usize,
    /// The rule's marker.
    pub mark: RuleMark,
    /// The yield per item on the test set.
    pub observed: f64,
    /// The 90 % interval.
    pub interval: (f64, f64),
    /// Whether it yields the most.
    pub best: bool,
}

/// The intervals of every arm.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct IntervalChart {
    /// The arms, top to bottom.
    pub rows: Vec<IntervalRow>,
    /// Resamples behind the intervals.
    pub resamples: usize,
}

/// A row's height: its label above its whisker.
const ROW: f64 = 40.0;
const TOP: f64 = 10.0;
const AXIS: f64 = 42.0;

impl super::super::Plot for IntervalChart {
    crate::draw_on_with!(draw);

    fn height_for(&self, _width: u32) -> u32 {
        (TOP + ROW * self.rows.len().max(1) as f64 + AXIS) as u32
    }

    fn table(&self) -> crate::PlotTable {
        use crate::table::cell;
        let mut t = crate::PlotTable::new(
            "Yield per item of each model and rule, with its 90 % interval (paired Bayesian bootstrap)",
            &["model, rule", "yield per item", "90 % interval"],
        );
        for r in &self.rows {
            let best = if r.best { " (best)" } else { "" };
            t = t.row(vec![
                format!("{}{best}", r.label),
                cell(r.observed),
                format!("{} to {}", cell(r.interval.0), cell(r.interval.1)),
            ]);
        }
        t.note(format!("{} resamples.", self.resamples))
    }

    fn summary(&self) -> String {
        self.rows
            .iter()
            .find(|r| r.best)
            .map(|r| {
                format!(
                    "best {} {} (90 % interval {} to {})",
                    r.label,
                    crate::table::cell(r.observed),
                    crate::table::cell(r.interval.0),
                    crate::table::cell(r.interval.1)
                )
            })
            .unwrap_or_default()
    }
}

/// Draws the rows.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, probs::{RuleMark, intervals::{IntervalChart, IntervalRow}}};
/// let c = IntervalChart {
///     rows: vec![IntervalRow { label: "A, optimal".into(), colour: 0, mark: RuleMark::Optimal, observed: 9.4, interval: (8.1, 10.6), best: true }],
///     resamples: 1000,
/// };
/// assert!(c.to_svg(400, false).unwrap().contains("A, optimal (best)"));
/// ```
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &IntervalChart,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    if c.rows.is_empty() {
        root.draw(&Text::new(
            "No bootstrap yet",
            (theme.px(12.0) as i32, theme.px(20.0) as i32),
            theme.muted_font(14.0),
        ))?;
        return Ok(());
    }
    let values = c
        .rows
        .iter()
        .flat_map(|r| [r.observed, r.interval.0, r.interval.1])
        .filter(|v| v.is_finite());
    let lo = values.clone().fold(f64::INFINITY, f64::min);
    let hi = values.fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if lo < hi {
        (lo, hi)
    } else {
        (lo - 1.0, lo + 1.0)
    };
    let pad = 0.06 * (hi - lo);
    let n = c.rows.len() as f64;
    let mut cc = ChartBuilder::on(root)
        .margin_left(theme.px(12.0))
        .margin_right(theme.px(18.0))
        .margin_top(theme.px(TOP))
        .x_label_area_size(theme.px(AXIS))
        .y_label_area_size(0)
        .build_cartesian_2d((lo - pad)..(hi + pad), 0f64..n)?;
    theme
        .mesh(&mut cc, 11.0, 12.0)
        .x_labels(if theme.css_width(root) < 420.0 { 5 } else { 8 })
        .disable_y_mesh()
        .disable_y_axis()
        .x_desc("yield per item (90 % interval)")
        .draw()?;
    let base = root.get_base_pixel();
    for (k, r) in c.rows.iter().enumerate() {
        let y = n - k as f64 - 0.62;
        let colour = theme.series(r.colour);
        cc.draw_series(std::iter::once(PathElement::new(
            vec![(r.interval.0, y), (r.interval.1, y)],
            colour.stroke_width(theme.px(if r.best { 3.0 } else { 2.0 })),
        )))?;
        let tick = 0.12;
        for x in [r.interval.0, r.interval.1] {
            cc.draw_series(std::iter::once(PathElement::new(
                vec![(x, y - tick), (x, y + tick)],
                colour.stroke_width(theme.px(2.0)),
            )))?;
        }
        let at = cc.backend_coord(&(r.observed, y));
        draw_mark(
            root,
            (at.0 - base.0, at.1 - base.1),
            r.mark,
            theme.px(5.0) as i32,
            colour,
            theme,
        )?;
        let (lx, ly) = cc.backend_coord(&(lo - pad, y + 0.3));
        let best = if r.best { " (best)" } else { "" };
        let font = if r.best {
            theme.font(12.5)
        } else {
            theme.font(12.0)
        };
        root.draw(&Text::new(
            format!("{}{best}", short(&r.label, 60)),
            (lx - base.0 + theme.px(2.0) as i32, ly - base.1),
            font.pos(Pos::new(HPos::Left, VPos::Bottom)),
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Plot;

    #[test]
    fn draws_every_arm_and_tables_it() {
        let rows: Vec<IntervalRow> = (0..4)
            .map(|k| IntervalRow {
                label: format!("model {}, rule {}", k / 2, k % 2),
                colour: k / 2,
                mark: if k % 2 == 0 {
                    RuleMark::MostProbable
                } else {
                    RuleMark::Optimal
                },
                observed: k as f64,
                interval: (k as f64 - 0.5, k as f64 + 0.4),
                best: k == 3,
            })
            .collect();
        let c = IntervalChart {
            rows,
            resamples: 1000,
        };
        for (w, dark) in [(375, false), (1280, true)] {
            let svg = c.to_svg(w, dark).unwrap();
            assert!(svg.contains("model 1, rule 1 (best)"));
        }
        assert_eq!(c.height_for(375), 10 + 160 + 42);
        assert_eq!(c.table().rows[3][2], "2.5 to 3.4");
        assert!(c.summary().starts_with("best model 1, rule 1 3"));
        assert!(IntervalChart::default().to_svg(300, false).is_ok());
    }
}
