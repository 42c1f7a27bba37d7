//! A plot on a canvas, sharp on HiDPI screens, redrawn when its data, the colour scheme or
//! its container's width change, with "PNG" and "SVG" export buttons (on a dark page, with the
//! choice of a light background for them); optionally reporting clicks (and taps) on it
//! ([`CanvasClick`]).

use crate::ui::{cond, handler, memo, rx};
use leptos::html;
use leptos::prelude::*;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::ResizeObserver;

use crate::plot::{Plot, Theme};
use crate::ui::context::use_app;
use crate::ui::web::export::{download_url, file_stem};

/// A click on the canvas: where, in CSS pixels from the canvas's top-left corner, and the
/// canvas's CSS size (the plot builders' own unit, see e.g. `RocChart::pick`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CanvasClick {
    /// Pixels from the left edge.
    pub x: f64,
    /// Pixels from the top edge.
    pub y: f64,
    /// The canvas's width.
    pub width: f64,
    /// The canvas's height.
    pub height: f64,
}

/// A plot drawn on a `<canvas>`.
///
/// The canvas's backing store is `css size × devicePixelRatio`; the plot is drawn with
/// [`Theme::scale`] = devicePixelRatio so that text and lines keep their CSS sizes.
///
/// Over ~120 lines: the canvas's measuring, drawing and exports share its signals; most of the
/// length is their comments.
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
    /// Called on a click (or tap) on the canvas; the canvas then shows a crosshair cursor.
    #[prop(optional)]
    on_click: Option<Callback<CanvasClick>>,
) -> impl IntoView
where
    P: Plot + Clone + PartialEq + Send + Sync + 'static,
{
    let ctx = use_app();
    let canvas_ref = NodeRef::<html::Canvas>::new();
    let box_ref = NodeRef::<html::Div>::new();
    let width = RwSignal::new(0u32);
    let error = RwSignal::new(None::<String>);

    // Track the container's width with a ResizeObserver on it (its first report comes when
    // observing starts). Each report measures in a task of its own: when several plots appear
    // at once (a finished Monte Carlo run), each draws in its own task rather than all in one
    // animation frame, so the page stays responsive between them.
    let measure = move || {
        if let Some(div) = box_ref.try_get_untracked().flatten() {
            let w = div.client_width().max(0) as u32;
            if width.try_get_untracked().is_some_and(|old| old != w) {
                width.set(w);
            }
        }
    };
    let observer = StoredValue::new_local(None::<(ResizeObserver, Closure<dyn FnMut()>)>);
    box_ref.on_load(move |div| {
        let on_resize = Closure::<dyn FnMut()>::new(move || {
            set_timeout(measure, std::time::Duration::ZERO);
        });
        match ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
            Ok(o) => {
                o.observe(&div);
                observer.set_value(Some((o, on_resize)));
            }
            // No ResizeObserver (very old browsers): the plot keeps its first width.
            Err(_) => set_timeout(measure, std::time::Duration::ZERO),
        }
    });
    on_cleanup(move || {
        if let Some(Some((o, _on_resize))) = observer.try_update_value(Option::take) {
            o.disconnect();
        }
    });

    // The canvas's CSS height follows from its width (none before the first measure: the
    // canvas's own aspect ratio).
    let height = memo(move |_| {
        let w = width.get();
        (w > 0).then(|| plot.with(|p| p.height_for(w)))
    });

    Effect::new(move |_| {
        let w = width.get();
        let dark = ctx.scheme.dark.get();
        let Some(canvas) = canvas_ref.get() else {
            return;
        };
        let Some(h) = height.get() else {
            return;
        };
        let theme = Theme {
            dark,
            scale: window().device_pixel_ratio().clamp(1.0, 4.0),
        };
        error.set(plot.with(|p| paint(&canvas, p, (w, h), theme)).err());
    });

    // Exports follow the page's colours, or, on a dark page, a light background for slides
    // and print when asked for.
    let light_export = RwSignal::new(false);
    let export_dark = move || ctx.scheme.dark.get_untracked() && !light_export.get_untracked();
    let stem = file_stem(&name);
    let png_name = format!("{stem}.png");
    let svg_name = format!("{stem}.svg");
    let save_png = move |_| {
        let Some(canvas) = canvas_ref.get_untracked() else {
            return;
        };
        // The canvas as shown, or drawn again off screen in the other colours.
        let source = if export_dark() == ctx.scheme.dark.get_untracked() {
            Ok(canvas)
        } else {
            let size = (width.get_untracked(), height.get_untracked().unwrap_or(0));
            let theme = Theme {
                dark: export_dark(),
                scale: window().device_pixel_ratio().clamp(1.0, 4.0),
            };
            document()
                .create_element("canvas")
                .ok()
                .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
                .ok_or_else(|| "this browser cannot draw on a canvas".to_string())
                .and_then(|c| {
                    plot.with_untracked(|p| paint(&c, p, size, theme))
                        .map(|_| c)
                })
        };
        let url = source.and_then(|c| {
            c.to_data_url_with_type("image/png")
                .map_err(|_| "the browser could not export the canvas".to_string())
        });
        if let Err(e) = url.and_then(|url| download_url(&png_name, &url)) {
            ctx.say(e);
        }
    };
    let save_svg = move |_| {
        let w = width.get_untracked().max(320);
        match plot.with_untracked(|p| p.to_svg(w, export_dark())) {
            Ok(svg) => {
                ctx.save(&svg_name, "image/svg+xml", &svg);
            }
            Err(e) => ctx.say(format!("SVG export failed: {e}")),
        }
    };

    let click = move |ev: leptos::ev::MouseEvent| {
        let (Some(cb), Some(canvas)) = (on_click, canvas_ref.get_untracked()) else {
            return;
        };
        let r = canvas.get_bounding_client_rect();
        cb.run(CanvasClick {
            x: ev.client_x() as f64 - r.left(),
            y: ev.client_y() as f64 - r.top(),
            width: r.width(),
            height: r.height(),
        });
    };

    view! {
        <figure class="plot" data-testid=testid>
            <div class="plot-box" node_ref=box_ref>
                <canvas
                    node_ref=canvas_ref
                    class="plot-canvas"
                    class:is-clickable=on_click.is_some()
                    on:click=handler(click)
                    style:height=rx(move || height.get().map(|h| format!("{h}px")))
                    role="img"
                    aria-label=label
                ></canvas>
            </div>
            <Show when=cond(move || error.get().is_some())>
                <p class="plot-error" role="alert">{rx(move || error.get().unwrap_or_default())}</p>
            </Show>
            <figcaption class="plot-actions">
                <Show when=cond(move || ctx.scheme.dark.get())>
                    <label class="plot-export-light">
                        <input
                            type="checkbox"
                            prop:checked=rx(move || light_export.get())
                            on:change:target=move |ev| light_export.set(ev.target().checked())
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
        </figure>
    }
}

/// Draws `p` on `canvas` at `(width, height)` CSS pixels, its backing store `theme.scale` times
/// that.
fn paint<P: Plot>(
    canvas: &web_sys::HtmlCanvasElement,
    p: &P,
    (w, h): (u32, u32),
    theme: Theme,
) -> Result<(), String> {
    canvas.set_width((f64::from(w) * theme.scale).round() as u32);
    canvas.set_height((f64::from(h) * theme.scale).round() as u32);
    let backend = CanvasBackend::with_canvas_object(canvas.clone())
        .ok_or_else(|| "this browser cannot draw on a canvas".to_string())?;
    let root = backend.into_drawing_area();
    p.draw_on(&root, &theme)
        .and_then(|_| root.present().map_err(|e| e.to_string()))
        .map_err(|e| format!("the plot could not be drawn: {e}"))
}
