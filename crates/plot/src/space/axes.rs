//! The diagrams' axes: ticks, labels, titles.

use super::frame::{Area, Frame, pix};
use crate::{DrawResult, Theme};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use ulab_core::text;

/// Tick marks and labels along the frame's bottom and left edges, and the axes' titles.
pub(super) fn draw_axes<DB: DrawingBackend>(
    root: &Area<DB>,
    f: &Frame,
    xs: &[f64],
    ys: &[f64],
    titles: (&str, &str),
    theme: &Theme,
) -> DrawResult<DB> {
    let tick = theme.px(4.0) as i32;
    let bottom = (f.top + f.height).round() as i32;
    let left = f.left.round() as i32;
    let axis = theme.muted().stroke_width(theme.px(1.0));
    root.draw(&PathElement::new(
        vec![(left, f.top.round() as i32), (left, bottom)],
        axis,
    ))?;
    root.draw(&PathElement::new(
        vec![(left, bottom), ((f.left + f.width).round() as i32, bottom)],
        axis,
    ))?;
    for x in xs {
        let (px, _) = pix(f, (*x, f.y_range.0));
        root.draw(&PathElement::new(
            vec![(px, bottom), (px, bottom + tick)],
            axis,
        ))?;
        root.draw(&Text::new(
            text::axis_label(*x),
            (px, bottom + tick + theme.px(2.0) as i32),
            theme.font(10.5).pos(Pos::new(HPos::Center, VPos::Top)),
        ))?;
    }
    for y in ys {
        let (_, py) = pix(f, (f.x_range.0, *y));
        root.draw(&PathElement::new(vec![(left - tick, py), (left, py)], axis))?;
        root.draw(&Text::new(
            text::axis_label(*y),
            (left - tick - theme.px(2.0) as i32, py),
            theme.font(10.5).pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
    }
    root.draw(&Text::new(
        titles.0.to_string(),
        (
            (f.left + f.width / 2.0).round() as i32,
            bottom + theme.px(19.0) as i32,
        ),
        theme
            .muted_font(11.5)
            .pos(Pos::new(HPos::Center, VPos::Top)),
    ))?;
    root.draw(&Text::new(
        titles.1.to_string(),
        (
            left + theme.px(6.0) as i32,
            f.top.round() as i32 + theme.px(4.0) as i32,
        ),
        theme.muted_font(11.5).pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    Ok(())
}

/// Up to about `n` round tick values between `lo` and `hi` (steps of 1, 2 or 5 × 10^k).
pub(super) fn nice_ticks(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let span = hi - lo;
    if !(span > 0.0 && span.is_finite()) || n == 0 {
        return Vec::new();
    }
    let raw = span / n as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last.min(first + 50))
        .map(|k| k as f64 * step)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        assert_eq!(
            nice_ticks(-500.0, 0.0, 5),
            vec![-500.0, -400.0, -300.0, -200.0, -100.0, 0.0]
        );
        assert_eq!(nice_ticks(0.0, 1.0, 4), vec![0.0, 0.5, 1.0]);
        assert!(nice_ticks(1.0, 1.0, 4).is_empty());
        assert!(nice_ticks(0.0, f64::INFINITY, 4).is_empty());
    }
}
