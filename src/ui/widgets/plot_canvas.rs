//! A plot on a canvas, sharp on HiDPI screens, redrawn when its data, the colour scheme or
//! the page width change, with "PNG" and "SVG" export buttons.

use leptos::html;
use leptos::prelude::*;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;

use crate::plot::{Plot, Theme};
use crate::ui::context::use_app;
use crate::ui::web::export::{download_text, download_url, file_stem};

/// A plot drawn on a `<canvas>`.
///
/// The canvas's backing store is `css size × devicePixelRatio`; the plot is drawn with
/// [`Theme::scale`] = devicePixelRatio so that text and lines keep their CSS sizes.
#[component]
pub fn PlotCanvas<P>(
    /// The plot's data (`Signal::from(memo)`).
    plot: Signal<P>,
    /// Base name of exported files ("yields" → `yields.png`, `yields.svg`).
    #[prop(into)]
    name: String,
    /// What the plot shows, for screen readers.
    #[prop(into)]
    label: String,
    /// `data-testid` of the figure.
    #[prop(into)]
    testid: String,
) -> impl IntoView
where
    P: Plot + Clone + PartialEq + Send + Sync + 'static,
{
    let ctx = use_app();
    let canvas_ref = NodeRef::<html::Canvas>::new();
    let box_ref = NodeRef::<html::Div>::new();
    let width = RwSignal::new(0u32);
    let error = RwSignal::new(None::<String>);

    // Track the container's width (window resizes; the first measure after mount).
    let measure = move || {
        if let Some(div) = box_ref.get_untracked() {
            let w = div.client_width().max(0) as u32;
            if w != width.get_untracked() {
                width.set(w);
            }
        }
    };
    let resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || resize.remove());
    // The first measure (and so the first drawing) in a task of its own: when several plots
    // appear at once (a finished Monte Carlo run), each draws in its own task rather than all
    // in one animation frame, so the page stays responsive between them.
    set_timeout(measure, std::time::Duration::ZERO);

    Effect::new(move |_| {
        let w = width.get();
        let dark = ctx.dark.get();
        let Some(canvas) = canvas_ref.get() else {
            return;
        };
        if w == 0 {
            return;
        }
        plot.with(|p| {
            let h = p.height_for(w);
            let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
            canvas.set_width((w as f64 * dpr).round() as u32);
            canvas.set_height((h as f64 * dpr).round() as u32);
            let style: web_sys::CssStyleDeclaration = web_sys::HtmlElement::style(&canvas);
            let _ = style.set_property("height", &format!("{h}px"));
            let Some(backend) = CanvasBackend::with_canvas_object(canvas.clone()) else {
                error.set(Some("this browser cannot draw on a canvas".into()));
                return;
            };
            let root = backend.into_drawing_area();
            let theme = Theme { dark, scale: dpr };
            match p
                .draw_on(&root, &theme)
                .and_then(|_| root.present().map_err(|e| e.to_string()))
            {
                Ok(()) => error.set(None),
                Err(e) => error.set(Some(format!("the plot could not be drawn: {e}"))),
            }
        });
    });

    let stem = file_stem(&name);
    let png_name = format!("{stem}.png");
    let svg_name = format!("{stem}.svg");
    let save_png = move |_| {
        if let Some(canvas) = canvas_ref.get_untracked() {
            match canvas.to_data_url_with_type("image/png") {
                Ok(url) => {
                    if let Err(e) = download_url(&png_name, &url) {
                        ctx.say(e);
                    }
                }
                Err(_) => ctx.say("the browser could not export the canvas"),
            }
        }
    };
    let save_svg = move |_| {
        let w = width.get_untracked().max(320);
        let dark = ctx.dark.get_untracked();
        match plot.with_untracked(|p| p.to_svg(w, dark)) {
            Ok(svg) => {
                if let Err(e) = download_text(&svg_name, "image/svg+xml", &svg) {
                    ctx.say(e);
                }
            }
            Err(e) => ctx.say(format!("SVG export failed: {e}")),
        }
    };

    view! {
        <figure class="plot" data-testid=testid>
            <div class="plot-box" node_ref=box_ref>
                <canvas node_ref=canvas_ref class="plot-canvas" role="img" aria-label=label></canvas>
            </div>
            <Show when=move || error.get().is_some()>
                <p class="plot-error" role="alert">{move || error.get().unwrap_or_default()}</p>
            </Show>
            <figcaption class="plot-actions">
                <button type="button" class="btn btn-small" on:click=save_png data-testid="export-png">
                    "PNG"
                </button>
                <button type="button" class="btn btn-small" on:click=save_svg data-testid="export-svg">
                    "SVG"
                </button>
            </figcaption>
        </figure>
    }
}
