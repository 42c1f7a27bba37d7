//! The ROC & thresholds view (Dyrland et al. 2022, §5, eqs. 20–25, fig. 8): which classifier
//! to deploy, and at which threshold, for the user's utilities — the tangent of the
//! iso-utility lines, not the area under the curve.
//!
//! Layout: the inputs — a scores file (picker, drop, paste; read in chunks, [`loader`]) and
//! binormal curves from the link — with the utility matrix and the class-0 share
//! ([`inputs`]); the verdict, the ROC picture and yield against threshold ([`figures`]); an
//! operating point to send to Compare ([`pick`]). The numbers are [`ulab_state::roc`]'s.

use crate::memo;
use std::sync::Arc;

use leptos::prelude::*;

mod context;
mod figures;
mod inputs;
mod loader;
mod pick;
mod sure;

use crate::Var;
use crate::chrome::view_intro::ViewIntro;
use crate::context::use_app;
use context::{LoadState, RocContext, Shared, kept};
use figures::{RocFigures, Verdict};
use inputs::{BinormalCurves, ProblemPanel, ScoresInput};
use pick::PickPanel;
use sure::OptimumSure;
use ulab_state::roc::analysis::{analyze, choose_share};
use ulab_state::roc::curves::Curve;

/// The ROC & thresholds view.
#[component]
pub fn RocView() -> impl IntoView {
    let ctx = use_app();
    let loaded = Var::new(kept());
    let binormal = memo(move |_| ctx.state.with(|s| s.roc.binormal.clone()));
    let curves = memo(move |_| {
        let mut all: Vec<Curve> = loaded.with(|l| {
            l.as_ref()
                .map(|l| l.curves.iter().cloned().map(Curve::Scores).collect())
                .unwrap_or_default()
        });
        all.extend(
            binormal
                .get()
                .into_iter()
                .map(|(name, model)| Curve::Binormal { name, model }),
        );
        Shared(Arc::new(all))
    });
    let report = memo(move |_| {
        let curves = curves.get();
        let test_share = curves.iter().find_map(Curve::test_share);
        ctx.state.with(|s| {
            let u = s.utility_matrix();
            let share =
                choose_share(s.prevalence.as_deref(), test_share).map_err(|e| e.to_string())?;
            analyze(&curves, u, share)
                .map(|r| Shared(Arc::new(r)))
                .map_err(|e| e.to_string())
        })
    });
    let rc = RocContext {
        loaded,
        pending: Var::new(None),
        load: Var::new(LoadState::Idle),
        generation: Var::new(0),
        curves,
        report,
        picked: Var::new(None),
        probabilities: RwSignal::new_local(None),
        app: ctx,
    };
    provide_context(rc);
    // Leaving the view stops a loading under way.
    on_cleanup(move || {
        rc.generation.try_update(|g| *g += 1);
    });
    view! {
        <section class="view view-roc" data-testid="view-roc" aria-labelledby="roc-title">
            <ViewIntro class="roc-intro" title_id="roc-title" title="ROC & thresholds" share=true>
                "Which model should you deploy, and at which threshold? Not the one with the larger area under its ROC curve: the one whose curve touches the highest iso-utility line — straight lines of slope m set by your utilities and the class balance (Dyrland, Lundervold & Porta Mana 2022, §5, eqs. 20–25, fig. 8). Drop a CSV of scores from your own models, or draw binormal curves from the link."
            </ViewIntro>
            <div class="view-grid roc-grid">
                <div class="roc-inputs">
                    <ScoresInput />
                    <BinormalCurves />
                    <ProblemPanel />
                </div>
                <div class="roc-results" aria-label="Results">
                    <Verdict />
                    <OptimumSure />
                    <RocFigures />
                    <PickPanel />
                </div>
            </div>
        </section>
    }
}
