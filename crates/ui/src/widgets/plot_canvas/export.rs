//! A plot's exports: "PNG" and "SVG" buttons under it, in the page's colours or, on a dark
//! page, on a light background for slides and print when asked for.

use leptos::html;
use leptos::prelude::*;
use std::rc::Rc;
use std::sync::Arc;
use ulab_plot::Theme;
use wasm_bindgen::JsCast;

use super::paint::{DrawFn, paint, screen_theme, svg_of};
use crate::context::use_app;
use crate::web::export::file_stem;
use crate::web::use_download::use_download;
use crate::{Var, cond, handler, on_checked, rx};

/// What the exports draw: the plot (on a canvas for a PNG in the other colours, as SVG) and its
/// height for a width.
pub(super) struct Sources {
    /// Draws the plot.
    pub(super) draw: Rc<DrawFn>,
    /// The plot's height for a width.
    pub(super) height_for: Arc<dyn Fn(u32) -> u32 + Send + Sync>,
    /// The canvas as shown.
    pub(super) canvas: NodeRef<html::Canvas>,
    /// The canvas's CSS size as shown.
    pub(super) size: Signal<(u32, u32)>,
}

/// The `<figcaption>` of a plot: the light-background choice (on a dark page), "PNG" and
/// "SVG"; the files are named `name` (made a file name) with their extension.
pub(super) fn export_buttons(sources: Sources, name: &str) -> impl IntoView + use<> {
    let ctx = use_app();
    let download = use_download();
    let Sources {
        draw,
        height_for,
        canvas,
        size,
    } = sources;
    let draw_svg = Rc::clone(&draw);
    let light_export = Var::new(false);
    let export_dark = move || ctx.scheme.dark.get_untracked() && !light_export.get_untracked();
    let stem = file_stem(name);
    let (png_name, svg_name) = (format!("{stem}.png"), format!("{stem}.svg"));
    let save_png = move |_| {
        let Some(shown) = canvas.get_untracked() else {
            return;
        };
        download.url(&png_name, || {
            // The canvas as shown, or drawn again off screen in the other colours.
            let source = if export_dark() == ctx.scheme.dark.get_untracked() {
                shown
            } else {
                let c = document()
                    .create_element("canvas")
                    .ok()
                    .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
                    .ok_or_else(|| "this browser cannot draw on a canvas".to_string())?;
                paint(
                    &c,
                    &*draw,
                    size.get_untracked(),
                    screen_theme(export_dark()),
                )?;
                c
            };
            source
                .to_data_url_with_type("image/png")
                .map_err(|_| "the browser could not export the canvas".to_string())
        });
    };
    let save_svg = move |_| {
        let w = size.get_untracked().0.max(320);
        let theme = Theme {
            dark: export_dark(),
            scale: 1.0,
        };
        match svg_of(&*draw_svg, (w, height_for(w)), theme) {
            Ok(svg) => download.svg(&svg_name, &svg),
            Err(e) => ctx.say(format!("SVG export failed: {e}")),
        }
    };
    view! {
        <figcaption class="plot-actions">
            <Show when=cond(move || ctx.scheme.dark.get())>
                <label class="plot-export-light">
                    <input
                        type="checkbox"
                        prop:checked=rx(move || light_export.get())
                        on:change=on_checked(move |on| light_export.set(on))
                        data-testid="export-light"
                    />
                    "light background"
                </label>
            </Show>
            <button type="button" class="btn btn-small" on:click=handler(save_png) data-testid="export-png">
                "PNG"
            </button>
            <button type="button" class="btn btn-small" on:click=handler(save_svg) data-testid="export-svg">
                "SVG"
            </button>
        </figcaption>
    }
}
