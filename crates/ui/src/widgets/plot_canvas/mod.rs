//! A plot on a canvas, sharp on HiDPI screens, redrawn when its data, the colour scheme or
//! its container's width change, with "PNG" and "SVG" export buttons (on a dark page, with the
//! choice of a light background for them) and a "Table" disclosure with the numbers it draws ([`Plot::table`], built only while open); its accessible name is
//! the caller's label and the plot's key numbers ([`Plot::summary`]). Optionally reports
//! clicks (and taps) on it ([`CanvasClick`]).

//!
//! The parts: the width followed ([`crate::web::use_width`]), the painting ([`paint`]: the
//! plot drawn on a recorder, `ulab_plot::record`, whose record is replayed on the canvas or written as
//! SVG, so that each plot's drawing code is compiled once), the exports ([`export`]), the table
//! ([`table`]); [`figure`] wires them, with the accessible name and the clicks.

mod backend;
mod export;
mod paint;
mod table;

use crate::derived;
use crate::{Computed, Var, cond, handler, memo, rx};
use leptos::html;
use leptos::prelude::*;
use std::rc::Rc;
use std::sync::Arc;

use crate::context::use_app;
use crate::reactive::effect;
use crate::web::use_width::use_width;
use export::{Sources, export_buttons};
use paint::{DrawFn, paint, screen_theme};
use table::plot_table;
use ulab_plot::{Plot, PlotTable};

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

/// What a figure needs from its plot, with the plot's type erased: the generic
/// [`PlotCanvas`] builds it, the one non-generic [`figure`] uses it, so that the figure's
/// markup, effects and exports are compiled once rather than once per type of plot.
struct Parts {
    /// Tracks the plot: the painting Effect reads it first (see [`figure`]).
    track: Rc<dyn Fn()>,
    /// The height for a width (tracks the plot).
    height_for: Arc<dyn Fn(u32) -> u32 + Send + Sync>,
    /// Draws the plot (tracks it).
    draw: Rc<DrawFn>,
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
    /// The plot's data (a [`crate::memo`]: read where it is, never copied).
    plot: Computed<P>,
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
    let open = Var::new(false);
    let parts = Parts {
        track: Rc::new(move || plot.track()),
        height_for: Arc::new(move |w| plot.with(|p| p.height_for(w))),
        draw: Rc::new(move |root, theme| plot.with(|p| p.draw_on(root, theme))),
        table: derived(move || {
            if open.get() {
                plot.with(|p| p.table())
            } else {
                PlotTable::default()
            }
        }),
        summary: derived(move || plot.with(|p| p.summary())),
    };
    figure(parts, open, name, label, testid, on_click)
}

/// The figure of [`PlotCanvas`]: the canvas, drawn at its box's width in the page's colours,
/// its exports and its table.
fn figure(
    parts: Parts,
    open: Var<bool>,
    name: String,
    label: String,
    testid: String,
    on_click: Option<Callback<CanvasClick>>,
) -> impl IntoView {
    let Parts {
        track,
        height_for,
        draw,
        table,
        summary,
    } = parts;
    let ctx = use_app();
    let canvas_ref = NodeRef::<html::Canvas>::new();
    let box_ref = NodeRef::<html::Div>::new();
    let width = use_width(box_ref);
    let error = Var::new(None::<String>);

    // The canvas's CSS height follows from its width (none before the first measure: the
    // canvas's own aspect ratio).
    let height_of = Arc::clone(&height_for);
    let height = memo(move |_| {
        let w = width.get();
        (w > 0).then(|| height_of(w))
    });

    let draw_png = Rc::clone(&draw);
    // The plot is read first, before `height` (a memo of the plot): Leptos 0.8 checks an
    // Effect's sources in the order they were read, with the Effect as the observer, so a
    // changed plot first seen through `height` (same height) would not mark the Effect dirty
    // and the canvas would keep the old drawing (the p-d heatmaps after an edit did).
    effect(move |_| {
        track();
        let w = width.get();
        let dark = ctx.scheme.dark.get();
        let (Some(canvas), Some(h)) = (canvas_ref.get(), height.get()) else {
            return;
        };
        error.set(paint(&canvas, &*draw, (w, h), screen_theme(dark)).err());
    });
    let exports = Sources {
        draw: draw_png,
        height_for,
        canvas: canvas_ref,
        size: derived(move || (width.get(), height.get().unwrap_or(0))),
    };

    // The table is built only while its disclosure is open (a big plot's table takes a
    // moment; edits stay fast).
    let what = format!(" of the plot: {label}");
    let click = move |ev: leptos::ev::MouseEvent| {
        if let (Some(cb), Some(canvas)) = (on_click, canvas_ref.get_untracked()) {
            cb.run(CanvasClick::of(&ev, &canvas));
        }
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
                    aria-label=rx(move || accessible_name(&label, &summary.get()))
                ></canvas>
            </div>
            <Show when=cond(move || error.get().is_some())>
                <p class="plot-error" role="alert">{rx(move || error.get().unwrap_or_default())}</p>
            </Show>
            {export_buttons(exports, &name)}
            {plot_table(open, table, what)}
        </figure>
    }
}

impl CanvasClick {
    /// Where `ev` clicked on `canvas`.
    fn of(ev: &leptos::ev::MouseEvent, canvas: &web_sys::HtmlCanvasElement) -> CanvasClick {
        let r = canvas.get_bounding_client_rect();
        CanvasClick {
            x: ev.client_x() as f64 - r.left(),
            y: ev.client_y() as f64 - r.top(),
            width: r.width(),
            height: r.height(),
        }
    }
}

/// The canvas's accessible name: the caller's label, then the plot's key numbers.
fn accessible_name(label: &str, key: &str) -> String {
    if key.is_empty() {
        label.to_string()
    } else {
        format!("{label}: {key}")
    }
}
