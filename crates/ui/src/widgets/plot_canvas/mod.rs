//! A plot on a canvas, sharp on HiDPI screens, redrawn when its data, the colour scheme or
//! its container's width change, with "PNG" and "SVG" export buttons (on a dark page, with the
//! choice of a light background for them) and a "Table" disclosure with the numbers it draws ([`Plot::table`], built only while open); its accessible name is
//! the caller's label and the plot's key numbers ([`Plot::summary`]). Optionally reports
//! clicks (and taps) on it ([`CanvasClick`]).

mod backend;

use crate::{cond, handler, memo, rx};
use leptos::html;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::ResizeObserver;

use crate::context::use_app;
use crate::web::export::{download_url, file_stem};
use crate::widgets::table_scroll::table_scroll;
use backend::Canvas;
use ulab_plot::{Plot, PlotTable, Theme};

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

/// Draws a plot on a canvas's drawing area.
type DrawFn = dyn Fn(&DrawingArea<Canvas, Shift>, &Theme) -> Result<(), String>;

/// What a figure needs from its plot, with the plot's type erased: the generic
/// [`PlotCanvas`] builds it, the one non-generic [`figure`] uses it, so that the figure's
/// markup, effects and exports are compiled once rather than once per type of plot.
struct Parts {
    /// The height for a width (tracks the plot).
    height_for: Arc<dyn Fn(u32) -> u32 + Send + Sync>,
    /// Draws on the canvas (tracks the plot).
    draw: Rc<DrawFn>,
    /// The SVG document for a width and a scheme (does not track).
    svg: Rc<dyn Fn(u32, bool) -> Result<String, String>>,
    /// The table, read only while its disclosure is open.
    table: Signal<PlotTable>,
    /// The key numbers for the accessible name.
    summary: Signal<String>,
}

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
    let open = RwSignal::new(false);
    let parts = Parts {
        height_for: Arc::new(move |w| plot.with(|p| p.height_for(w))),
        draw: Rc::new(move |root, theme| plot.with(|p| p.draw_on(root, theme))),
        svg: Rc::new(move |w, dark| plot.with_untracked(|p| p.to_svg(w, dark))),
        table: Signal::derive(move || {
            if open.get() {
                plot.with(|p| p.table())
            } else {
                PlotTable::default()
            }
        }),
        summary: Signal::derive(move || plot.with(|p| p.summary())),
    };
    figure(parts, open, name, label, testid, on_click)
}

/// The figure of [`PlotCanvas`]: the canvas, its exports and its table.
///
/// Over ~120 lines: the canvas's measuring, drawing and exports share its signals; most of the
/// length is their comments.
fn figure(
    parts: Parts,
    open: RwSignal<bool>,
    name: String,
    label: String,
    testid: String,
    on_click: Option<Callback<CanvasClick>>,
) -> impl IntoView {
    let Parts {
        height_for,
        draw,
        svg,
        table,
        summary,
    } = parts;
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
        (w > 0).then(|| height_for(w))
    });

    let draw_png = Rc::clone(&draw);
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
        error.set(paint(&canvas, &*draw, (w, h), theme).err());
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
                .and_then(|c| paint(&c, &*draw_png, size, theme).map(|_| c))
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
        match svg(w, export_dark()) {
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
        let key = summary.get();
        if key.is_empty() {
            label.clone()
        } else {
            format!("{label}: {key}")
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
            // The caption is shown above the region (which may scroll sideways on a phone),
            // and kept in the table for screen readers.
            view! {
                <p class="plot-table-caption" aria-hidden="true">{t.caption.clone()}</p>
                {table_scroll(t.caption.clone(), view! {
                    <table>
                        <caption class="visually-hidden">{t.caption}</caption>
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

/// Draws with `draw` on `canvas` at `(width, height)` CSS pixels, its backing store
/// `theme.scale` times that.
fn paint(
    canvas: &web_sys::HtmlCanvasElement,
    draw: &DrawFn,
    (w, h): (u32, u32),
    theme: Theme,
) -> Result<(), String> {
    let size = (
        (f64::from(w) * theme.scale).round() as u32,
        (f64::from(h) * theme.scale).round() as u32,
    );
    // A new size clears the canvas; the same size is not set again (that would reset the
    // canvas on every redraw, e.g. on every move of a slider), only cleared.
    let resized = (canvas.width(), canvas.height()) != size;
    if resized {
        canvas.set_width(size.0);
        canvas.set_height(size.1);
    }
    let backend = Canvas::new(canvas.clone())
        .ok_or_else(|| "this browser cannot draw on a canvas".to_string())?;
    if !resized {
        backend.clear();
    }
    let root = backend.area();
    draw(&root, &theme)
        .and_then(|_| root.present().map_err(|e| e.to_string()))
        .map_err(|e| format!("the plot could not be drawn: {e}"))
}
