//! A figure made of a grid of panels (the Monte Carlo's figs 2–3 and 6): its height and its
//! drawing, one panel per cell.

use super::{DrawResult, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The height of a grid of panels (`(rows, columns)` in `width` CSS pixels), each row
/// `aspect` × a panel's width tall, within `(lo, hi)`.
pub fn grid_height(
    (rows, cols): (usize, usize),
    width: u32,
    aspect: f64,
    (lo, hi): (f64, f64),
) -> u32 {
    let panel_w = width / cols as u32;
    rows as u32 * ((panel_w as f64 * aspect).clamp(lo, hi) as u32)
}

/// Fills `root` and draws each panel in its cell of the grid `layout` gives for the plot's
/// width in CSS pixels, or the message `empty` when there is no panel.
pub fn draw_panel_grid<DB: DrawingBackend, P>(
    root: &DrawingArea<DB, Shift>,
    panels: &[P],
    layout: impl Fn(u32) -> (usize, usize),
    empty: &str,
    theme: &Theme,
    draw_panel: impl Fn(&DrawingArea<DB, Shift>, &P, &Theme) -> DrawResult<DB>,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    if panels.is_empty() {
        root.draw(&Text::new(
            empty,
            (theme.px(12.0) as i32, theme.px(20.0) as i32),
            theme.muted_font(14.0),
        ))?;
        return Ok(());
    }
    let (w, _) = root.dim_in_pixel();
    let (rows, cols) = layout((w as f64 / theme.scale) as u32);
    let areas = root.split_evenly((rows, cols));
    for (area, panel) in areas.iter().zip(panels) {
        draw_panel(area, panel, theme)?;
    }
    Ok(())
}
