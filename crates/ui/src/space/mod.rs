//! The Utility space view: fig. 1 of Dyrland et al. 2022 as an instrument.
//!
//! Layout: the diagram (the hexagon of binary utility matrices, or a 2-D slice for more than
//! two classes) with the current matrix as a point to drag, click or move with the arrow keys
//! ([`diagram`]); beside it the matrix as typed, normalized and as `(x, y)`, the yields and
//! "A stays best unless …" ([`panel`]); then the uncertain utilities ([`cloud`]), the slice's
//! controls ([`slice`]) and the guided assessment ([`assess`]). What is shown comes from
//! [`ulab_state::space::model`]; this module only wires it to the page.

use crate::widgets::keyed::{Row, keyed};
use crate::{Var, handler, memo, rx};
use std::sync::Arc;

use leptos::prelude::*;

mod assess;
mod cloud;
mod context;
mod diagram;
mod panel;
mod slice;

use crate::chrome::view_intro::ViewIntro;
use crate::context::use_app;
use crate::reactive::effect;
use assess::AssessPanel;
use cloud::CloudPanel;
use context::SpaceContext;
use diagram::SpaceDiagram;
use panel::PointPanel;
use slice::SlicePanel;
use ulab_state::space::model::{Live, Model, Shown, model_of};

/// The Utility space view.
#[component]
pub fn SpaceView() -> impl IntoView {
    let ctx = use_app();
    let model = memo(move |_| ctx.state.with(model_of).map(Arc::new));
    let live = Var::new(None::<Live>);
    let sc = SpaceContext {
        model,
        live,
        undo: Var::new(None),
    };
    provide_context(sc);
    // The Undo holds only while the matrix it made is the one in force.
    effect(move |_| {
        let stale = ctx.state.with(|s| {
            let now = s.problem.utility().matrix();
            sc.undo
                .with_untracked(|u| u.as_ref().is_some_and(|u| &u.after != now))
        });
        if stale {
            sc.undo.set(None);
        }
    });
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
            {keyed(move || notices().into_iter().map(|n| Row::new(n.clone(), move || view! {
                <p class="notice is-warning" role="note" data-testid="space-notice">
                    {n}
                </p>
            })).collect())}
            {rx(move || sc.undo.with(|u| u.as_ref().map(|u| u.sentence.clone())).map(|text| view! {
                <div class="notice space-undo" role="status" data-testid="space-undo">
                    <span>{text}</span>
                    " "
                    <button type="button" class="btn btn-small" on:click=handler(move |_| sc.undo(ctx)) data-testid="space-undo-button">"Undo"</button>
                </div>
            }))}
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
