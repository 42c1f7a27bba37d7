//! The diagram as an instrument: the canvas of [`PlotCanvas`] with the pointer and the arrow
//! keys on it. A press on the plotting area puts the point there and starts a drag; while it
//! moves, only the point, the panel's matrix and yields follow ([`SpaceContext::live`]); on
//! release the app's utility matrix becomes the point's. The arrow keys move the point by a
//! hundredth of the diagram (Shift: a tenth) and apply at once. Under the canvas: the winner
//! grid as CSV.

use crate::{handler, memo};
use leptos::html;
use leptos::prelude::*;

use super::{Live, SpaceContext, SpacePlot};
use crate::context::use_app;
use crate::widgets::plot_canvas::PlotCanvas;
use ulab_core::space::Point;

/// Grid of the winner CSV (points across and up).
const GRID: usize = 101;

/// The pointer's position on the canvas (CSS px from its top-left corner) and the canvas's
/// width.
fn on_canvas(wrapper: &web_sys::HtmlDivElement, client: (f64, f64)) -> Option<((f64, f64), f64)> {
    let canvas = wrapper.query_selector("canvas").ok()??;
    let r = canvas.get_bounding_client_rect();
    Some(((client.0 - r.left(), client.1 - r.top()), r.width()))
}

/// The interactive diagram.
///
/// Over ~120 lines: the pointer's and the keys' handlers share the drag's state and read best
/// beside the markup they are bound to.
#[component]
pub fn SpaceDiagram() -> impl IntoView {
    let ctx = use_app();
    let sc = expect_context::<SpaceContext>();
    let wrapper = NodeRef::<html::Div>::new();
    let dragging = StoredValue::new(false);

    let plot = memo(move |_| {
        let live = sc.live.get();
        sc.model.with(|m| match m {
            Ok(m) => match live {
                Some(l) => m.plot_at(l.point, &l.matrix),
                None => m.plot(),
            },
            Err(_) => SpacePlot::Hexagon(Default::default()),
        })
    });

    // The live point at `p`, if the model can place it.
    let set_live = move |p: Point| {
        let next = sc.model.with_untracked(|m| {
            let m = m.as_ref().ok()?;
            let matrix = m.matrix_at(p).ok()?;
            Some(Live { point: p, matrix })
        });
        if next.is_some() {
            sc.live.set(next);
        }
    };
    let commit = move || {
        if let Some(l) = sc.live.get_untracked() {
            let _ = ctx.edit_problem(|p| p.utility = l.matrix.matrix().clone());
        }
        sc.live.set(None);
    };
    let point_at = move |ev: &leptos::ev::PointerEvent| -> Option<Point> {
        let div = wrapper.get_untracked()?;
        let (q, width) = on_canvas(&div, (ev.client_x() as f64, ev.client_y() as f64))?;
        sc.model
            .with_untracked(|m| m.as_ref().ok().and_then(|m| m.point_under(width, q)))
    };
    let on_down = move |ev: leptos::ev::PointerEvent| {
        if ev.button() != 0 {
            return;
        }
        if let Some(p) = point_at(&ev) {
            ev.prevent_default();
            dragging.set_value(true);
            if let Some(div) = wrapper.get_untracked() {
                let _ = div.set_pointer_capture(ev.pointer_id());
                let _ = div.focus();
            }
            set_live(p);
        }
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        if !dragging.get_value() {
            return;
        }
        if let Some(p) = point_at(&ev) {
            set_live(p);
        }
    };
    let on_up = move |_ev: leptos::ev::PointerEvent| {
        if dragging.get_value() {
            dragging.set_value(false);
            commit();
        }
    };
    let on_cancel = move |_ev: leptos::ev::PointerEvent| {
        dragging.set_value(false);
        sc.live.set(None);
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        // Only the diagram's own keys (not those of the export buttons inside it).
        let on_self = match (ev.target(), wrapper.get_untracked()) {
            (Some(t), Some(div)) => js_sys::Object::is(&t, &div),
            _ => false,
        };
        if !on_self {
            return;
        }
        let dir = match ev.key().as_str() {
            "ArrowLeft" => (-1.0, 0.0),
            "ArrowRight" => (1.0, 0.0),
            "ArrowUp" => (0.0, 1.0),
            "ArrowDown" => (0.0, -1.0),
            _ => return,
        };
        ev.prevent_default();
        let factor = if ev.shift_key() { 10.0 } else { 1.0 };
        let next = sc.model.with_untracked(|m| {
            let m = m.as_ref().ok()?;
            let (sx, sy) = m.key_step();
            let p = sc.live.get_untracked().map(|l| l.point).or(m.point())?;
            m.moved(p, dir.0 * sx * factor, dir.1 * sy * factor)
        });
        if let Some(p) = next {
            set_live(p);
            commit();
        }
    };

    let grid_csv = move |_| {
        let csv = sc.model.with_untracked(|m| {
            let m = m.as_ref().map_err(Clone::clone)?;
            let (ax, ay) = match &m.shown {
                super::Shown::Hexagon(_) => ("x".to_string(), "y".to_string()),
                super::Shown::Slice(v) => (v.plot.x_title.clone(), v.plot.y_title.clone()),
            };
            m.map()
                .grid_csv(&ax, &ay, GRID, GRID)
                .map(|rows| ulab_csv::write(&rows))
                .map_err(|e| e.to_string())
        });
        match csv {
            Ok(c) => ctx.save_csv("winner-grid.csv", &c),
            Err(e) => ctx.say(e),
        }
    };
    let is_hexagon = move || {
        sc.model.with(|m| {
            matches!(
                m.as_deref(),
                Ok(super::Model {
                    shown: super::Shown::Hexagon(_),
                    ..
                })
            )
        })
    };
    let label = move || {
        if is_hexagon() {
            "The hexagon of binary utility matrices (x across, y up) coloured by the classifier that yields the most there; your matrix is the ringed point. Arrow keys move it."
        } else {
            "A 2-D slice of the utility matrix coloured by the classifier that yields the most there; your matrix is the ringed point. Arrow keys move it."
        }
    };

    let plot_signal: Signal<SpacePlot> = plot.into();
    view! {
        <div class="space-diagram card">
            <div
                class="space-canvas"
                node_ref=wrapper
                tabindex="0"
                role="application"
                aria-roledescription="draggable point"
                aria-label=label
                on:pointerdown=handler(on_down)
                on:pointermove=handler(on_move)
                on:pointerup=handler(on_up)
                on:pointercancel=handler(on_cancel)
                on:keydown=handler(on_key)
                data-testid="space-diagram"
            >
                <PlotCanvas
                    plot=plot_signal
                    name="utility-space"
                    label="Winner regions in the space of utility matrices"
                    testid="space-plot"
                />
            </div>
            <p class="hint space-keys">
                "Drag the point or click where it should go; arrow keys move it by 0.01 (Shift: 0.1)."
            </p>
            <div class="space-exports">
                <button type="button" class="btn btn-small" on:click=handler(grid_csv) data-testid="space-grid-csv">
                    "Winner grid (CSV)"
                </button>
            </div>
        </div>
    }
}
