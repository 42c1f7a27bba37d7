//! The Metric reliability view: the Monte Carlo of Dyrland et al. 2022, §4.2 in the browser.
//!
//! Layout: the settings with Run / Cancel and a progress bar ([`settings`]);
//! the mis-ranking table and fig. 6, then the sweep of fig. 7 ([`results`]);
//! figs 2–5 ([`figures`]); the user's own question
//! ([`question`]). The work runs in the pool of web workers
//! ([`crate::web::mc_pool`]); what to compute and how to merge it is in
//! [`ulab_state::reliability`].

use leptos::prelude::*;

use crate::chrome::view_intro::ViewIntro;
use crate::context::use_app;
mod context;
mod figures;
mod question;
mod results;
mod settings;

use crate::web::mc_pool;
use context::ReliabilityContext;
use figures::{ScatterFigures, SpaceFigures};
use question::QuestionPanel;
use results::{MisrankingResults, SweepResults};
use settings::ReliabilitySettings;

/// The Metric reliability view.
#[component]
pub fn ReliabilityView() -> impl IntoView {
    let ctx = use_app();
    // Leaving the view stops its work (the jobs are the view's).
    provide_context(ReliabilityContext::new(ctx));
    // Start the workers once the view has drawn, so the first Run starts at once.
    set_timeout(mc_pool::warm, std::time::Duration::from_millis(300));
    view! {
        <section class="view view-reliability" data-testid="view-reliability" aria-labelledby="reliability-title">
            <ViewIntro class="rel-intro" title_id="reliability-title" title="Metric reliability">
                "How often does a metric rank two classifiers the wrong way round? Each sample below is a pair of binary classifiers tested on the same test set, a true utility matrix, and an assessment of it with errors of size σ; a pair is mis-ranked when the metric prefers the classifier with the lower true yield. This is the experiment of Dyrland, Lundervold & Porta Mana (2022, §4.2): with the uniform prior, σ = 0.1 and 10⁶ pairs they found accuracy wrong for 8.7 % of pairs, and the erroneous utility matrix for only 4 %."
            </ViewIntro>
            <div class="view-grid rel-grid">
                <ReliabilitySettings />
                <div class="rel-results">
                    <MisrankingResults />
                </div>
            </div>
            <SweepResults />
            <ScatterFigures />
            <SpaceFigures />
            <QuestionPanel />
        </section>
    }
}
