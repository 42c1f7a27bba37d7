//! The Utility space view: fig. 1 of Dyrland et al. 2022 as an instrument.
//!
//! Layout: the diagram (the hexagon of binary utility matrices, or a 2-D slice for more than
//! two classes) with the current matrix as a point to drag, click or move with the arrow keys
//! ([`diagram`]); beside it the matrix as typed, normalized and as `(x, y)`, the yields and
//! "A stays best unless …" ([`panel`]); then the uncertain utilities ([`cloud`]), the slice's
//! controls ([`slice`]) and the guided assessment ([`assess`]). What is shown comes from
//! [`ulab_state::space::view`]; this module only wires it to the page.

use crate::{memo, rx};
use std::sync::Arc;

use leptos::prelude::*;

mod assess;
mod cloud;
mod diagram;
mod panel;
mod slice;

use crate::chrome::view_intro::ViewIntro;
use crate::context::use_app;
use assess::AssessPanel;
use cloud::CloudPanel;
use diagram::SpaceDiagram;
use panel::PointPanel;
use slice::SlicePanel;
use ulab_core::space::Point;
use ulab_core::{ConfusionMatrix, UtilityMatrix};
use ulab_plot::space::frame::Frame;
use ulab_plot::space::{HexPlot, SlicePlot};
use ulab_plot::{Plot, Theme};
use ulab_state::AppState;
use ulab_state::space::SpaceError;
use ulab_state::space::plots::{hex_plot, slice_plot};
use ulab_state::space::point::matrix_at;
use ulab_state::space::regions::Trivial;
use ulab_state::space::verdict::{Diagram, Verdict, verdict};
use ulab_state::space::view::{HexagonView, Problem, SliceView, hexagon_view, slice_view};

/// What the view shows for the current state.
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    /// Two classes, two decisions: the hexagon.
    Hexagon(Box<HexagonView>),
    /// Anything else: a slice.
    Slice(Box<SliceView>),
}

/// The current state's view, with the problem it was computed from.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// The utility matrix in force.
    pub utility: UtilityMatrix,
    /// Class names.
    pub classes: Vec<String>,
    /// Decision names.
    pub decisions: Vec<String>,
    /// The diagram and what it says.
    pub shown: Shown,
}

impl Model {
    /// The current matrix's point in the diagram.
    pub fn point(&self) -> Option<Point> {
        match &self.shown {
            Shown::Hexagon(v) => v.info.as_ref().map(|i| i.xy),
            Shown::Slice(v) => v.plot.current,
        }
    }

    /// The utility matrix that point `p` of the diagram stands for (on the user's scale,
    /// rounded to a thousandth of the diagram's range).
    pub fn matrix_at(&self, p: Point) -> Result<UtilityMatrix, SpaceError> {
        match &self.shown {
            Shown::Hexagon(_) => matrix_at(&self.utility, p, 0.001),
            Shown::Slice(v) => {
                let step = |lo: f64, hi: f64, x: f64| {
                    let s = (hi - lo) / 1000.0;
                    let r = (x.clamp(lo, hi) / s).round() * s;
                    ulab_core::text::parse_number(&ulab_core::text::exported(r)).unwrap_or(r)
                };
                let q = (
                    step(v.slice.x.lo, v.slice.x.hi, p.0),
                    step(v.slice.y.lo, v.slice.y.hi, p.1),
                );
                v.slice.matrix_at(&self.utility, q)
            }
        }
    }

    /// The point of the diagram under pixel `q` of a canvas `width` CSS px wide, if `q` is on
    /// the plotting area (give or take 12 px).
    pub fn point_under(&self, width: f64, q: (f64, f64)) -> Option<Point> {
        let frame = self.frame(width);
        if !frame.contains_px(q, 12.0) {
            return None;
        }
        match &self.shown {
            Shown::Hexagon(_) => frame.hexagon_point(q),
            Shown::Slice(v) => {
                let (x, y) = frame.from_px(q);
                Some((
                    x.clamp(v.slice.x.lo, v.slice.x.hi),
                    y.clamp(v.slice.y.lo, v.slice.y.hi),
                ))
            }
        }
    }

    /// The diagram's frame for a canvas `width` CSS px wide.
    pub fn frame(&self, width: f64) -> Frame {
        match &self.shown {
            Shown::Hexagon(v) => v.plot.frame(width),
            Shown::Slice(v) => v.plot.frame(width),
        }
    }

    /// One arrow-key step across and up: a hundredth of the hexagon's half-width, or of the
    /// slice's ranges.
    pub fn key_step(&self) -> (f64, f64) {
        match &self.shown {
            Shown::Hexagon(_) => (0.01, 0.01),
            Shown::Slice(v) => (
                (v.slice.x.hi - v.slice.x.lo) / 100.0,
                (v.slice.y.hi - v.slice.y.lo) / 100.0,
            ),
        }
    }

    /// The point `p` moved by `(dx, dy)`, kept in the diagram.
    pub fn moved(&self, p: Point, dx: f64, dy: f64) -> Option<Point> {
        match &self.shown {
            Shown::Hexagon(_) => ulab_state::space::point::moved(p, dx, dy),
            Shown::Slice(v) => Some((
                (p.0 + dx).clamp(v.slice.x.lo, v.slice.x.hi),
                (p.1 + dy).clamp(v.slice.y.lo, v.slice.y.hi),
            )),
        }
    }

    /// The verdict for matrix `u` at point `p` of the diagram (while dragging).
    pub fn verdict_at(&self, u: &UtilityMatrix, p: Point) -> Result<Verdict, SpaceError> {
        let (map, axes) = match &self.shown {
            Shown::Hexagon(v) => (&v.map, ("x".to_string(), "y".to_string())),
            Shown::Slice(v) => (&v.map, (v.plot.x_title.clone(), v.plot.y_title.clone())),
        };
        verdict(
            u,
            &map.contestants,
            &self.decisions,
            &self.classes,
            Some(Diagram {
                map,
                point: p,
                axes: (&axes.0, &axes.1),
            }),
        )
    }

    /// The diagram with the current point at `p` (while dragging; the regions stay).
    pub fn plot_at(&self, p: Point, u: &UtilityMatrix) -> SpacePlot {
        match &self.shown {
            Shown::Hexagon(v) => SpacePlot::Hexagon(hex_plot(
                &v.map,
                Some(p),
                v.cloud.as_ref().map(|c| &c.summary),
                (v.plot.density.clone(), v.plot.groups.clone()),
            )),
            Shown::Slice(v) => SpacePlot::Slice(slice_plot(
                &v.map,
                &v.slice,
                u,
                &self.decisions,
                &self.classes,
            )),
        }
    }

    /// The diagram as computed.
    pub fn plot(&self) -> SpacePlot {
        match &self.shown {
            Shown::Hexagon(v) => SpacePlot::Hexagon(v.plot.clone()),
            Shown::Slice(v) => SpacePlot::Slice(v.plot.clone()),
        }
    }

    /// The verdict at the current matrix.
    pub fn verdict(&self) -> &Verdict {
        match &self.shown {
            Shown::Hexagon(v) => &v.verdict,
            Shown::Slice(v) => &v.verdict,
        }
    }

    /// The winner map.
    pub fn map(&self) -> &ulab_state::space::regions::WinnerMap {
        match &self.shown {
            Shown::Hexagon(v) => &v.map,
            Shown::Slice(v) => &v.map,
        }
    }
}

/// Either diagram, drawn by one canvas.
#[derive(Debug, Clone, PartialEq)]
pub enum SpacePlot {
    /// Fig. 1 with the regions.
    Hexagon(HexPlot),
    /// A slice.
    Slice(SlicePlot),
}

impl Plot for SpacePlot {
    fn draw_on<DB: plotters::prelude::DrawingBackend>(
        &self,
        root: &plotters::prelude::DrawingArea<DB, plotters::coord::Shift>,
        theme: &Theme,
    ) -> Result<(), String> {
        match self {
            SpacePlot::Hexagon(p) => p.draw_on(root, theme),
            SpacePlot::Slice(p) => p.draw_on(root, theme),
        }
    }

    fn height_for(&self, width: u32) -> u32 {
        match self {
            SpacePlot::Hexagon(p) => p.height_for(width),
            SpacePlot::Slice(p) => p.height_for(width),
        }
    }

    fn table(&self) -> ulab_plot::PlotTable {
        match self {
            SpacePlot::Hexagon(p) => p.table(),
            SpacePlot::Slice(p) => p.table(),
        }
    }

    fn summary(&self) -> String {
        match self {
            SpacePlot::Hexagon(p) => p.summary(),
            SpacePlot::Slice(p) => p.summary(),
        }
    }
}

/// The view of the state `s`.
///
/// # Errors
/// A matrix that is not valid, no classifier, a slice that does not fit: the message.
pub fn model_of(s: &AppState) -> Result<Model, String> {
    let utility = s.utility_matrix().clone();
    let classifiers: Vec<(String, ConfusionMatrix)> = s
        .classifiers()
        .iter()
        .map(|c| c.confusion().map(|m| (c.name.clone(), m)))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let p = Problem {
        utility: &utility,
        classifiers: &classifiers,
        classes: s.classes(),
        decisions: s.decisions(),
    };
    let shown = match hexagon_view(&p, &s.space, Trivial::Auto) {
        Ok(v) => Shown::Hexagon(Box::new(v)),
        Err(SpaceError::NotBinary { .. }) => Shown::Slice(Box::new(
            slice_view(&p, &s.space, Trivial::Auto).map_err(|e| e.to_string())?,
        )),
        Err(e) => return Err(e.to_string()),
    };
    Ok(Model {
        utility,
        classes: s.classes().clone(),
        decisions: s.decisions().clone(),
        shown,
    })
}

/// A point being dragged: where, and the matrix it stands for.
#[derive(Debug, Clone, PartialEq)]
pub struct Live {
    /// The point.
    pub point: Point,
    /// Its matrix, on the user's scale.
    pub matrix: UtilityMatrix,
}

/// What the view's parts share.
#[derive(Clone, Copy)]
pub struct SpaceContext {
    /// The view of the current state.
    pub model: Memo<Result<Arc<Model>, String>>,
    /// The point while it is dragged (the app's `u` changes on release).
    pub live: RwSignal<Option<Live>>,
}

/// The Utility space view.
#[component]
pub fn SpaceView() -> impl IntoView {
    let ctx = use_app();
    let model = memo(move |_| ctx.state.with(model_of).map(Arc::new));
    let live = RwSignal::new(None::<Live>);
    provide_context(SpaceContext { model, live });
    let error = move || model.with(|m| m.as_ref().err().cloned());
    let notices = move || {
        model.with(|m| match m.as_deref() {
            Ok(Model {
                shown: Shown::Hexagon(v),
                ..
            }) => v.notices.clone(),
            _ => Vec::new(),
        })
    };
    view! {
        <section class="view view-space" data-testid="view-space" aria-labelledby="space-title">
            <ViewIntro class="space-intro" title_id="space-title" title="Utility space" share=true>
                "Every binary utility matrix, normalized so that its worst outcome is 0 and its best 1, is a point of this hexagon (Dyrland, Lundervold & Porta Mana 2022, fig. 1). Each colour is where one classifier yields the most. Drag the point, click anywhere, or use the arrow keys: the yields follow, and on release the utility matrix of the whole app becomes the one you chose."
            </ViewIntro>
            {rx(move || {
                error()
                    .map(|e| {
                        view! {
                            <p class="notice is-error" role="alert" data-testid="space-error">
                                {e}
                            </p>
                        }
                    })
            })}
            <For each=notices key=|n| n.clone() let:n>
                <p class="notice is-warning" role="note" data-testid="space-notice">
                    {n}
                </p>
            </For>
            <div class="view-grid space-grid">
                <SpaceDiagram />
                <PointPanel />
            </div>
            <SlicePanel />
            <CloudPanel />
            <AssessPanel />
        </section>
    }
}
