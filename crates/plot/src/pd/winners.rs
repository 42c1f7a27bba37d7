//! The map of which classifier ranks first by p-d at each (κ₀, κ₁) (two classes), with the κ
//! in force marked: each cell in the winner's colour; a tie split diagonally between the first
//! two tied classifiers' colours (and counted in the legend as a tie).

use super::heatmap::{draw_cells, draw_frame, marker_at, to_kappa};
use super::{Rect, font, grid_layout, short};
use crate::{DrawResult, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use ulab_core::pd::heatmaps::{Heatmaps, bits};

/// Height of one legend line, CSS pixels.
const LEGEND_LINE: f64 = 18.0;

/// The data of the winner map.
#[derive(Debug, Clone, PartialEq)]
pub struct WinnerMap {
    /// The grids and winners ([`Heatmaps::compute`], or the state's bounded builder).
    pub heatmaps: Heatmaps,
    /// The names of the two classes.
    pub classes: [String; 2],
    /// The κ in force (marked), if any.
    pub marker: Option<[f64; 2]>,
}

impl WinnerMap {
    /// The square and the legend's band for a plot `width` CSS pixels wide.
    pub fn layout(&self, width: f64) -> (Rect, Rect) {
        let (squares, h) = grid_layout(width, 1, 0.0);
        let lines = self.heatmaps.names.len() + 1;
        let legend = Rect {
            x: squares[0].x,
            y: h,
            w: width - squares[0].x,
            h: LEGEND_LINE * lines as f64 + 8.0,
        };
        (squares[0], legend)
    }

    /// κ under the CSS pixel `(x, y)` (see [`super::heatmap::HeatmapPlot::kappa_at`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::pd::winners::WinnerMap;
    /// use ulab_core::{examples::factory_classifiers, pd::heatmaps::Heatmaps};
    /// let heatmaps = |n| Heatmaps::compute(&factory_classifiers(), n);
    /// let w = WinnerMap { heatmaps: heatmaps(10).unwrap(), classes: ["0".into(), "1".into()], marker: None };
    /// let (sq, _) = w.layout(375.0);
    /// let (k0, k1) = w.kappa_at(375.0, sq.x + sq.w - 1.0, sq.y + 1.0).unwrap(); // top right
    /// assert_eq!(w.heatmaps.cell_at(k0, k1).unwrap().kappa, [1.0, 1.0]);
    /// ```
    pub fn kappa_at(&self, width: f64, x: f64, y: f64) -> Option<(f64, f64)> {
        let (sq, _) = self.layout(width);
        if !sq.contains(x, y) {
            return None;
        }
        Some(to_kappa(&sq, self.heatmaps.divisions, x, y))
    }
}

impl crate::Plot for WinnerMap {
    crate::draw_on_with!(draw_winners, name_regions, draw_winner_marker);

    fn height_for(&self, width: u32) -> u32 {
        let (_, legend) = self.layout(width as f64);
        (legend.y + legend.h).ceil() as u32
    }

    fn table(&self) -> crate::PlotTable {
        let h = &self.heatmaps;
        let mut t = crate::PlotTable::new(
            "Who ranks first by p-d over the grid of κ",
            &[
                "classifier",
                "share of the grid where it ranks first (ties split)",
            ],
        );
        for (name, share) in h.names.iter().zip(h.first_shares()) {
            t = t.row(vec![name.clone(), ulab_core::text::percent(share, 1)]);
        }
        let cells = h.winners.iter().flatten();
        let ties = cells.clone().filter(|m| m.count_ones() > 1).count();
        let tied = ties as f64 / cells.count().max(1) as f64;
        let mut t = t.note(format!(
            "Ties: {} of the grid.",
            ulab_core::text::percent(tied, 1)
        ));
        if let Some(c) = self.marker.and_then(|k| h.cell_at(k[0], k[1])) {
            let first: Vec<&str> = c
                .winners
                .iter()
                .filter_map(|m| h.names.get(*m).map(String::as_str))
                .collect();
            t = t.note(format!(
                "At the κ in force, {}: {} first.",
                crate::table::pair(c.kappa[0], c.kappa[1]),
                first.join(" = ")
            ));
        }
        t
    }
}

/// Draws the map and its legend (each classifier's colour and share of grid points where it is
/// first, ties split evenly; and the tie swatch) — everything but the marker.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, pd::winners::WinnerMap};
/// use ulab_core::{examples::factory_classifiers, pd::heatmaps::Heatmaps};
/// let heatmaps = |n| Heatmaps::compute(&factory_classifiers(), n);
/// let w = WinnerMap { heatmaps: heatmaps(10).unwrap(), classes: ["long".into(), "short".into()], marker: Some([0.5, 0.5]) };
/// let svg = w.to_svg(375, true).unwrap();
/// assert!(svg.contains("B: first at 100"), "{svg}");
/// ```
pub fn draw_winners<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    map: &WinnerMap,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let width = theme.css_width(root);
    let (sq, legend) = map.layout(width);
    let h = &map.heatmaps;
    let s = theme.scale;
    let tie = theme.muted();
    draw_cells(
        root,
        &sq,
        h.divisions,
        |i, j| {
            let w = bits(h.winners[i][j]);
            match w.as_slice() {
                [one] => theme.series(*one),
                _ => tie,
            }
        },
        theme,
    )?;
    // Ties: split each tied cell diagonally between the first two winners' colours.
    let side = h.side();
    for i in 0..side {
        for j in 0..side {
            let w = bits(h.winners[i][j]);
            if w.len() < 2 {
                continue;
            }
            let e = |k: usize| k as f64 / side as f64;
            let (x0, x1) = (sq.x + e(i) * sq.w, sq.x + e(i + 1) * sq.w);
            let (y1, y0) = (sq.y + sq.h - e(j) * sq.h, sq.y + sq.h - e(j + 1) * sq.h);
            let p = |x: f64, y: f64| ((x * s).round() as i32, (y * s).round() as i32);
            root.draw(&Polygon::new(
                vec![p(x0, y0), p(x1, y0), p(x0, y1)],
                theme.series(w[0]).filled(),
            ))?;
            root.draw(&Polygon::new(
                vec![p(x1, y0), p(x1, y1), p(x0, y1)],
                theme.series(w[1]).filled(),
            ))?;
        }
    }
    draw_frame(root, &sq, h.divisions, &map.classes, theme)?;
    root.draw(&Text::new(
        "ranks first by p-d",
        ((sq.x * s) as i32, ((sq.y - 6.0) * s) as i32),
        font(theme, 13.0).pos(Pos::new(HPos::Left, VPos::Bottom)),
    ))?;
    let shares = h.first_shares();
    let mut lines: Vec<(RGBColor, String)> = h
        .names
        .iter()
        .enumerate()
        .map(|(m, name)| {
            (
                theme.series(m),
                format!(
                    "{}: first at {} of the grid",
                    short(name, 28),
                    ulab_core::text::percent(shares.get(m).copied().unwrap_or(0.0), 1)
                ),
            )
        })
        .collect();
    let ties = h
        .winners
        .iter()
        .flatten()
        .filter(|w| w.count_ones() > 1)
        .count();
    lines.push((
        tie,
        format!(
            "ties (cells split between two colours): {} of the grid",
            ulab_core::text::percent(ties as f64 / (side * side) as f64, 1)
        ),
    ));
    for (k, (colour, text)) in lines.into_iter().enumerate() {
        let y = legend.y + 8.0 + LEGEND_LINE * k as f64;
        let (x0, y0) = ((legend.x * s) as i32, (y * s) as i32);
        let sw = theme.px(12.0) as i32;
        root.draw(&Rectangle::new(
            [(x0, y0), (x0 + sw, y0 + sw)],
            colour.filled(),
        ))?;
        root.draw(&Text::new(
            text,
            (x0 + sw + theme.px(6.0) as i32, y0 + sw / 2),
            font(theme, 11.0).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
}

/// Draws the marker only (for an overlay canvas).
pub fn draw_winner_marker<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    map: &WinnerMap,
    theme: &Theme,
) -> DrawResult<DB> {
    let width = theme.css_width(root);
    let (sq, _) = map.layout(width);
    match map.marker {
        Some([k0, k1]) => marker_at(root, &sq, map.heatmaps.divisions, k0, k1, theme),
        None => Ok(()),
    }
}

/// Each classifier's name written on its region (at the centre of the cells where it alone
/// ranks first, when they are at least 3 % of the grid), so that the map does not speak by
/// colour alone.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, pd::winners::WinnerMap};
/// use ulab_core::{examples::factory_classifiers, pd::heatmaps::Heatmaps};
/// let heatmaps = |n| Heatmaps::compute(&factory_classifiers(), n);
/// let w = WinnerMap { heatmaps: heatmaps(10).unwrap(), classes: ["long".into(), "short".into()], marker: None };
/// assert!(w.to_svg(600, false).unwrap().contains(">\nB\n<"));
/// ```
pub fn name_regions<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    map: &WinnerMap,
    theme: &Theme,
) -> DrawResult<DB> {
    let width = theme.css_width(root);
    let (sq, _) = map.layout(width);
    let h = &map.heatmaps;
    let side = h.side() as f64;
    for (m, name) in h.names.iter().enumerate() {
        let mine = (0..h.side())
            .flat_map(|i| (0..h.side()).map(move |j| (i, j)))
            .filter(|&(i, j)| h.winners[i][j] == 1u64 << m.min(63));
        let (n, si, sj) = mine.fold((0.0, 0.0, 0.0), |(n, a, b), (i, j)| {
            (n + 1.0, a + i as f64, b + j as f64)
        });
        if n < 0.03 * side * side {
            continue;
        }
        let (ci, cj) = (si / n, sj / n);
        let x = sq.x + (ci + 0.5) / side * sq.w;
        let y = sq.y + sq.h - (cj + 0.5) / side * sq.h;
        let ink = crate::decide::ink_on(theme.series(m));
        root.draw(&Text::new(
            short(name, 16),
            ((x * theme.scale) as i32, (y * theme.scale) as i32),
            ("sans-serif", 14.0 * theme.scale)
                .into_font()
                .color(&ink)
                .pos(Pos::new(HPos::Center, VPos::Center)),
        ))?;
    }
    Ok(())
}
