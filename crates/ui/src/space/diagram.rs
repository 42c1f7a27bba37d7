//! The diagram as an instrument: the canvas of [`PlotCanvas`] with the pointer and the arrow
//! keys on it. A press on the plotting area puts the point there and starts a drag; while it
//! moves, only the point, the panel's matrix and yields follow ([`SpaceContext::live`]); on
//! release the app's utility matrix becomes the point's. The arrow keys move the point by a
//! hundredth of the diagram (Shift: a tenth) and apply at once. Under the canvas: the winner
//! grid as CSV.

use crate::{handler, memo};
use leptos::ev::{KeyboardEvent, PointerEvent};
use leptos::html;
use leptos::prelude::*;

use super::context::SpaceContext;
use crate::context::{AppContext, use_app};
use crate::web::use_download::use_download;
use crate::web::use_width::use_width;
use crate::widgets::card::CsvButton;
use crate::widgets::plot_canvas::PlotCanvas;
use ulab_core::space::Point;
use ulab_plot::space::SpacePlot;
use ulab_state::space::model::arrow;

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
#[component]
pub fn SpaceDiagram() -> impl IntoView {
    let ctx = use_app();
    let sc = expect_context::<SpaceContext>();
    let download = use_download();
    let wrapper = NodeRef::<html::Div>::new();
    let drag = Drag {
        ctx,
        sc,
        wrapper,
        dragging: StoredValue::new(false),
    };
    let plot = memo(move |_| {
        let live = sc.live.get();
        sc.model.with(|m| match m {
            Ok(m) => m.plot_live(live.as_ref()),
            Err(_) => SpacePlot::default(),
        })
    });
    let grid_csv = move |_| {
        let csv = sc.model.with_untracked(|m| {
            let m = m.as_ref().map_err(Clone::clone)?;
            m.grid_csv(GRID).map_err(|e| e.to_string())
        });
        match csv {
            Ok(c) => download.csv("winner-grid.csv", &c),
            Err(e) => ctx.say(e),
        }
    };
    let is_hexagon = move || sc.model.with(|m| m.as_ref().is_ok_and(|m| m.is_hexagon()));
    let label = move || {
        if is_hexagon() {
            "The hexagon of binary utility matrices (x across, y up) coloured by the classifier that yields the most there; your matrix is the ringed point. Arrow keys move it."
        } else {
            "A 2-D slice of the utility matrix coloured by the classifier that yields the most there; your matrix is the ringed point. Arrow keys move it."
        }
    };

    // Over the point, a fingertip's target that takes the touch (touch-action: none) while
    // the rest of the canvas lets the page scroll.
    let width = use_width(wrapper);
    let handle = move || {
        let w = f64::from(width.get());
        let at = sc.live.with(|l| l.as_ref().map(|l| l.point));
        sc.model
            .with(|m| {
                let m = m.as_ref().ok()?;
                let (x, y) = m.px_of(w, at.or_else(|| m.point())?);
                (w > 0.0).then(|| format!("left: {x:.1}px; top: {y:.1}px"))
            })
            .unwrap_or_else(|| "display: none".into())
    };
    let plot_signal = plot;
    view! {
        <div class="space-diagram card">
            <div
                class="space-canvas"
                node_ref=wrapper
                tabindex="0"
                role="application"
                aria-roledescription="draggable point"
                aria-label=label
                on:pointerdown=handler(move |ev| drag.down(ev))
                on:pointermove=handler(move |ev| drag.pointer_move(ev))
                on:pointerup=handler(move |_: PointerEvent| drag.up())
                on:pointercancel=handler(move |_: PointerEvent| drag.cancel())
                on:keydown=handler(move |ev| drag.key(ev))
                data-testid="space-diagram"
            >
                <PlotCanvas
                    plot=plot_signal
                    name="utility-space"
                    label="Winner regions in the space of utility matrices"
                    testid="space-plot"
                />
                <span class="space-handle" aria-hidden="true" style=handle data-testid="space-handle"></span>
            </div>
            <p class="hint space-keys">
                "Drag the point or click where it should go (on a touch screen, drag the point itself: elsewhere the page scrolls); arrow keys move it by 0.01 (Shift: 0.1). Every change can be undone, also with the browser's Back."
            </p>
            <div class="space-exports">
                <CsvButton on_click=grid_csv testid="space-grid-csv" text="Winner grid (CSV)" />
            </div>
        </div>
    }
}

/// The point under the pointer and the keys: a press on the plotting area puts it there and
/// starts a drag, during which only [`SpaceContext::live`] follows; the release (or an arrow
/// key) makes its matrix the app's.
#[derive(Clone, Copy)]
struct Drag {
    ctx: AppContext,
    sc: SpaceContext,
    /// The element the pointer and the keys are heard on.
    wrapper: NodeRef<html::Div>,
    /// Whether the pointer is dragging the point.
    dragging: StoredValue<bool>,
}

impl Drag {
    /// Puts the live point at `p`, if the model can place it.
    fn set_live(&self, p: Point) {
        let next = self
            .sc
            .model
            .with_untracked(|m| m.as_ref().ok().and_then(|m| m.live_at(p)));
        if next.is_some() {
            self.sc.live.set(next);
        }
    }

    /// Makes the live point's matrix the app's utility matrix (undoably: [`SpaceContext::apply`]).
    fn commit(&self) {
        if let Some(l) = self.sc.live.get_untracked() {
            let u = l.matrix.matrix().clone();
            let applied = self.sc.apply(self.ctx, |s| {
                s.change_problem(|p| p.utility = u)
                    .map_err(|e| e.to_string())
            });
            if let Err(e) = applied {
                self.ctx.say(format!("Not applied: {e}"));
            }
        }
        self.sc.live.set(None);
    }

    /// Whether a press at `ev` may move the point: a mouse or pen anywhere on the plotting
    /// area; a finger only on the point itself (anywhere else it scrolls the page).
    fn may_move(&self, ev: &PointerEvent) -> bool {
        if ev.pointer_type() != "touch" {
            return true;
        }
        let Some(div) = self.wrapper.get_untracked() else {
            return false;
        };
        let Some((q, width)) = on_canvas(&div, (ev.client_x() as f64, ev.client_y() as f64)) else {
            return false;
        };
        let at = self.sc.live.get_untracked().map(|l| l.point);
        self.sc.model.with_untracked(|m| {
            m.as_ref()
                .ok()
                .and_then(|m| Some(m.grabs(width, q, at.or_else(|| m.point())?)))
                .unwrap_or(false)
        })
    }

    /// The diagram's point under the pointer, if it is on the plotting area.
    fn point_at(&self, ev: &PointerEvent) -> Option<Point> {
        let div = self.wrapper.get_untracked()?;
        let (q, width) = on_canvas(&div, (ev.client_x() as f64, ev.client_y() as f64))?;
        self.sc
            .model
            .with_untracked(|m| m.as_ref().ok().and_then(|m| m.point_under(width, q)))
    }

    fn down(&self, ev: PointerEvent) {
        if ev.button() != 0 || !self.may_move(&ev) {
            return;
        }
        if let Some(p) = self.point_at(&ev) {
            ev.prevent_default();
            self.dragging.set_value(true);
            if let Some(div) = self.wrapper.get_untracked() {
                let _ = div.set_pointer_capture(ev.pointer_id());
                let _ = div.focus();
            }
            self.set_live(p);
        }
    }

    fn pointer_move(&self, ev: PointerEvent) {
        if !self.dragging.get_value() {
            return;
        }
        if let Some(p) = self.point_at(&ev) {
            self.set_live(p);
        }
    }

    fn up(&self) {
        if self.dragging.get_value() {
            self.dragging.set_value(false);
            self.commit();
        }
    }

    fn cancel(&self) {
        self.dragging.set_value(false);
        self.sc.live.set(None);
    }

    /// An arrow key moves the point by a step (Shift: ten) and applies it at once.
    fn key(&self, ev: KeyboardEvent) {
        // Only the diagram's own keys (not those of the export buttons inside it).
        let on_self = match (ev.target(), self.wrapper.get_untracked()) {
            (Some(t), Some(div)) => js_sys::Object::is(&t, &div),
            _ => false,
        };
        if !on_self || arrow(&ev.key()).is_none() {
            return;
        }
        ev.prevent_default();
        let from = self.sc.live.get_untracked().map(|l| l.point);
        let next = self.sc.model.with_untracked(|m| {
            let m = m.as_ref().ok()?;
            m.key_move(&ev.key(), ev.shift_key(), from)
        });
        if let Some(p) = next {
            self.set_live(p);
            self.commit();
        }
    }
}
