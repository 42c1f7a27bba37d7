//! The Compare view (SPEC §4.1): the utility matrix and the classifiers on the left, what they
//! yield and what the popular metrics say on the right.

use leptos::prelude::*;

use super::classifier_list::ClassifierList;
use super::context::use_app;
use super::intro::Intro;
use super::metric_table::MetricTable;
use super::problem_editor::ProblemEditor;
use super::share_bar::ShareBar;
use super::verdict::Verdict;
use super::yields_panel::YieldsPanel;
use crate::state::analysis::{analyze, Analysis};

/// What every part of the Compare view reads: the analysis of the current state.
#[derive(Clone, Copy)]
pub struct CompareContext {
    /// Yields, rankings, metrics and verdict of the current state (recomputed on every edit).
    pub analysis: Memo<Result<Analysis, String>>,
}

/// The Compare view.
#[component]
pub fn CompareView() -> impl IntoView {
    let ctx = use_app();
    let analysis = Memo::new(move |_| ctx.state.with(analyze));
    provide_context(CompareContext { analysis });
    let embed = move || ctx.state.with(|s| s.embed);
    view! {
        <section class="view view-compare" data-testid="view-compare" aria-label="Compare classifiers">
            <Show when=move || !embed()>
                <Intro />
                <ShareBar />
            </Show>
            <div class="compare-grid">
                <div class="compare-inputs">
                    <ProblemEditor />
                    <ClassifierList />
                </div>
                <div class="compare-results">
                    {move || {
                        analysis
                            .with(|a| a.as_ref().err().cloned())
                            .map(|e| view! { <p class="notice is-error" role="alert">{e}</p> })
                    }}
                    <Verdict />
                    <YieldsPanel />
                    <MetricTable />
                </div>
            </div>
        </section>
    }
}
