//! The Decide view: the optimal decision, not the most probable class (Dyrland et al. (draft);
//! Porta Mana, course notes).
//!
//! Layout: the classes, decisions and utilities on the left ([`problem`]); one item's
//! probabilities, the expected utility of each decision and the verdict on the right
//! ([`item`]), with the flip points (two classes) or the probability triangle (three) under it
//! ([`shape`]); then each classifier as a decision maker, and the "don't balance classes"
//! study ([`classifiers`]). Everything is computed by [`ulab_state::decide::view::analyze`]
//! (a slider's move by [`ulab_state::decide::view::DecideView::with_item`]).

use crate::memo;
use leptos::prelude::*;

mod classifiers;
mod context;
mod item;
mod problem;
mod shape;
mod sure;

use crate::chrome::view_intro::ViewIntro;
use crate::context::use_app;
use classifiers::ClassifierPanels;
use context::DecideContext;
use item::ItemPanel;
use problem::ProblemPanel;
use shape::ShapePanel;
use sure::RemapSure;
use ulab_state::decide::view::{DecideProblem, analyze};

/// The Decide view.
#[component]
pub fn DecideView() -> impl IntoView {
    let ctx = use_app();
    let p = memo(move |_| ctx.state.with(|s| s.decide.probabilities(s.n())));
    // What a slider leaves unchanged (the shape, the classifiers' remaps) is analyzed again only
    // when the problem changes; a slider's move computes the item.
    let problem = memo(move |_| ctx.state.with(DecideProblem::from_app));
    let base = memo(move |_| problem.with(|pr| analyze(&pr.inputs(&p.get_untracked()))));
    let analysis = memo(move |_| {
        let p = p.get();
        problem.with(|pr| base.with(|b| b.with_item(&pr.inputs(&p))))
    });
    provide_context(DecideContext {
        analysis,
        p,
        remaps: base,
    });
    view! {
        <section class="view view-decide" data-testid="view-decide" aria-labelledby="decide-title">
            <ViewIntro class="decide-intro" title_id="decide-title" title="Decide: the optimal action, not the most probable class" share=true>
                "A classifier should output the decision with the highest expected utility, Ū(d) = Σ"<sub>"c"</sub>" U(d, c) · p(c). That is often not the most probable class: a lottery ticket that pays 11 for a cost of 1 is worth buying at a 20 % chance of winning, although losing is more probable (Dyrland et al. (draft)). Set the probabilities of one item below, or turn a classifier that only outputs labels into a decision maker with its confusion counts and the base rates where it will be used."
            </ViewIntro>
            <div class="view-grid decide-grid">
                <div class="decide-inputs">
                    <ProblemPanel />
                </div>
                <div class="decide-results" aria-label="One item">
                    <ItemPanel />
                    <ShapePanel />
                </div>
            </div>
            <ClassifierPanels />
            <RemapSure />
        </section>
    }
}
