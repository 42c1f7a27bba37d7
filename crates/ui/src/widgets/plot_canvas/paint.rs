//! Painting a plot on a canvas at a CSS size, sharp on HiDPI screens.

use plotters::coord::Shift;
use plotters::prelude::DrawingArea;

use super::backend::Canvas;
use ulab_plot::Theme;
use ulab_plot::record::{Recorder, replay};

/// Draws a plot: on the recorder (`ulab_plot::record`), whose record is then replayed on the
/// canvas or written as SVG.
pub(super) type DrawFn = dyn Fn(&DrawingArea<Recorder, Shift>, &Theme) -> Result<(), String>;

/// The plot theme of the page now: `dark`, at the screen's device pixel ratio (1 to 4).
pub(super) fn screen_theme(dark: bool) -> Theme {
    Theme {
        dark,
        scale: leptos::prelude::window()
            .device_pixel_ratio()
            .clamp(1.0, 4.0),
    }
}

/// Draws with `draw` on `canvas` at `(width, height)` CSS pixels, its backing store
/// `theme.scale` times that.
pub(super) fn paint(
    canvas: &web_sys::HtmlCanvasElement,
    draw: &DrawFn,
    (w, h): (u32, u32),
    theme: Theme,
) -> Result<(), String> {
    let size = (
        (f64::from(w) * theme.scale).round() as u32,
        (f64::from(h) * theme.scale).round() as u32,
    );
    let (root, record) = Recorder::new(size);
    draw(&root, &theme).map_err(|e| format!("the plot could not be drawn: {e}"))?;
    // A new size clears the canvas; the same size is not set again (that would reset the
    // canvas on every redraw, e.g. on every move of a slider), only cleared.
    let resized = (canvas.width(), canvas.height()) != size;
    if resized {
        canvas.set_width(size.0);
        canvas.set_height(size.1);
    }
    let mut backend = Canvas::new(canvas.clone())
        .ok_or_else(|| "this browser cannot draw on a canvas".to_string())?;
    if !resized {
        backend.clear();
    }
    replay(&record, &mut backend).map_err(|e| format!("the plot could not be drawn: {e}"))
}

/// The SVG document of what `draw` draws at `size` pixels in `theme` (the plot's
/// `Plot::to_svg`, from the one drawing code the canvas uses).
pub(super) fn svg_of(draw: &DrawFn, size: (u32, u32), theme: Theme) -> Result<String, String> {
    let (root, record) = Recorder::new(size);
    draw(&root, &theme)?;
    record.svg(size)
}
