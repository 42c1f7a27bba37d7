//! A plot on a canvas, sharp on HiDPI screens, redrawn when its data, the colour scheme or
//! its container's width change, with "PNG" and "SVG" export buttons and a "Table" disclosure
//! with the numbers it draws ([`Plot::table`], built only while open); its accessible name is
//! the caller's label and the plot's key numbers ([`Plot::summary`]). Optionally reports
//! clicks (and taps) on it ([`CanvasClick`]).

use crate::ui::{cond, handler, memo, rx};
use leptos::html;
use leptos::prelude::*;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::ResizeObserver;

use crate::plot::{Plot, PlotTable, Theme};
use crate::ui::context::use_app;
use crate::ui::web::export::{download_url, file_stem};
use crate::ui::widgets::table_scroll::table_scroll;

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
    /// What the plot shows, for screen readers (its key numbers are added after a colon).
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
        plot.with(|p| {
            let dpr = window().device_pixel_ratio().clamp(1.0, 4.0);
            canvas.set_width((w as f64 * dpr).round() as u32);
            canvas.set_height((h as f64 * dpr).round() as u32);
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
        let dark = ctx.scheme.dark.get_untracked();
        match plot.with_untracked(|p| p.to_svg(w, dark)) {
            Ok(svg) => {
                ctx.save(&svg_name, "image/svg+xml", &svg);
            }
            Err(e) => ctx.say(format!("SVG export failed: {e}")),
        }
    };

    // The accessible name: the label, then the key numbers. The table is built only while its
    // disclosure is open (a big plot's table takes a moment; edits stay fast).
    let what = format!(" of the plot: {label}");
    let aria_name = rx(move || {
        let key = plot.with(|p| p.summary());
        if key.is_empty() {
            label.clone()
        } else {
            format!("{label}: {key}")
        }
    });
    let open = RwSignal::new(false);
    let table = Signal::derive(move || {
        if open.get() {
            plot.with(|p| p.table())
        } else {
            PlotTable::default()
        }
    });

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
                    aria-label=aria_name
                ></canvas>
            </div>
            <Show when=cond(move || error.get().is_some())>
                <p class="plot-error" role="alert">{rx(move || error.get().unwrap_or_default())}</p>
            </Show>
            <figcaption class="plot-actions">
                <button type="button" class="btn btn-small" on:click=handler(save_png) data-testid="export-png">
                    "PNG"
                </button>
                <button type="button" class="btn btn-small" on:click=handler(save_svg) data-testid="export-svg">
                    "SVG"
                </button>
            </figcaption>
            {plot_table(open, table, what)}
        </figure>
    }
}

/// The "Table" disclosure under a plot: `table` (read only while `open`) as a `<table>` that
/// scrolls sideways on a narrow screen, its note under it; `what` completes "Table" for screen
/// readers. Not generic: one copy for every plot.
fn plot_table(open: RwSignal<bool>, table: Signal<PlotTable>, what: String) -> impl IntoView {
    let toggle = move |ev: leptos::ev::Event| {
        let now = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|d| d.has_attribute("open"));
        open.set(now);
    };
    let body = move || {
        open.get().then(|| {
            let t = table.get();
            let head = t
                .headers
                .iter()
                .map(|h| view! { <th scope="col">{h.clone()}</th> })
                .collect_view();
            let rows = t
                .rows
                .iter()
                .map(|r| {
                    let mut cells = r.iter();
                    let first = cells.next().cloned().unwrap_or_default();
                    let rest = cells
                        .map(|c| view! { <td class="num">{c.clone()}</td> })
                        .collect_view();
                    view! { <tr><th scope="row">{first}</th>{rest}</tr> }
                })
                .collect_view();
            let note = (!t.note.is_empty()).then(|| view! { <p class="hint">{t.note.clone()}</p> });
            view! {
                {table_scroll(t.caption.clone(), view! {
                    <table>
                        <caption>{t.caption}</caption>
                        <thead><tr>{head}</tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                })}
                {note}
            }
        })
    };
    view! {
        <details class="plot-table" on:toggle=handler(toggle) data-testid="plot-table">
            <summary>"Table"<span class="visually-hidden">{what}</span></summary>
            {rx(body)}
        </details>
    }
}
