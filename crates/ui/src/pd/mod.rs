//! The Preference-driven measure view: Kozak et al. 2022's p-d explored as its authors do
//! (figs 2–5 and 7, Tables 3–4), set against the utility yield (Dyrland et al. 2022).
//!
//! Layout: the κ sliders ([`kappa_panel`]); the table per classifier with the κ where p-d = F1
//! ([`table_panel`]); two classes: the heatmaps and the first-rank map ([`two_class`]); the
//! histograms over a κ grid ([`histograms`]); p-d against the yield ([`against`]); the
//! confusion matrices ([`matrices`]). The numbers come from [`ulab_state::pd`].

use crate::{memo, rx};
use leptos::prelude::*;

mod against;
mod context;
mod histograms;
mod kappa_panel;
mod matrices;
mod maybe_canvas;
mod table_panel;
mod two_class;

use crate::chrome::view_intro::ViewIntro;
use crate::context::use_app;
use context::PdContext;
use ulab_state::pd::Classifiers;
use ulab_state::pd::kappa::shown;
use ulab_state::pd::table::table;

/// The Preference-driven measure view.
#[component]
pub fn PdView() -> impl IntoView {
    let ctx = use_app();
    let classifiers = memo(move |_| {
        ctx.state
            .with(|s| Classifiers::from_app(s.classifiers()).map_err(|e| e.to_string()))
    });
    let custom = memo(move |_| ctx.state.with(|s| s.kappa.clone()));
    let shown = memo(move |_| {
        classifiers.with(|c| {
            c.as_ref()
                .ok()
                .map(|c| custom.with(|k| shown(k.as_deref(), c)))
        })
    });
    let utility = memo(move |_| ctx.state.with(|s| Some(s.utility_matrix().clone())));
    let table = memo(move |_| {
        classifiers.with(|c| {
            let c = c.as_ref().map_err(Clone::clone)?;
            custom.with(|k| {
                utility.with(|u| table(c, k.as_deref(), u.as_ref()).map_err(|e| e.to_string()))
            })
        })
    });
    provide_context(PdContext {
        classifiers,
        shown,
        table,
    });
    let two = move || classifiers.with(|c| c.as_ref().is_ok_and(|c| c.n() == 2));
    view! {
        <section class="view view-pd" data-testid="view-pd" aria-labelledby="pd-title">
            <ViewIntro class="pd-intro" title_id="pd-title" title="Preference-driven measure" share=true>
                "Kozak, Probierz, Kania & Juszczuk (2022) weight each class's precision and recall by a preference vector κ: p-d = (1/c) Σ κ"
                <sub>"k"</sub>
                " precision"
                <sub>"k"</sub>
                " + (1 − κ"
                <sub>"k"</sub>
                ") recall"
                <sub>"k"</sub>
                ". Move κ and see how p-d ranks the classifiers — and, beside it, what the utility yield of Dyrland, Lundervold & Porta Mana (2022) says."
            </ViewIntro>
            {rx(move || {
                classifiers
                    .with(|c| c.as_ref().err().cloned())
                    .map(|e| view! { <p class="notice is-error" role="alert" data-testid="pd-error">{e}</p> })
            })}
            <div class="view-grid pd-grid">
                <kappa_panel::KappaPanel />
                <table_panel::TablePanel />
            </div>
            <Show when=two>
                <two_class::TwoClassPanel />
            </Show>
            <histograms::HistogramPanel />
            <against::AgainstPanel />
            <matrices::MatricesPanel />
        </section>
    }
}
