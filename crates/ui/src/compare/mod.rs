//! The Compare view: the utility matrix and the classifiers on the left, what they
//! yield and what the popular metrics say on the right (below them on narrow screens).

use crate::widgets::keyed::{Row, keyed};
use crate::{Var, cond, handler, memo, rx};
use leptos::prelude::*;

mod classifier_list;
mod context;
mod decided_list;
mod intro;
mod metric_detail;
mod metric_table;
mod new_classifier;
mod problem_editor;
mod sure;
mod to_answer;
mod verdict;
mod yields_panel;

use crate::chrome::share_bar::share_bar;
use crate::context::use_app;
use crate::lazy::{deferred, split_entry};
use crate::reactive::effect;
use crate::web::use_sure::SureState;
use classifier_list::ClassifierList;
use context::CompareContext;
use intro::Intro;
use metric_table::MetricTable;
use problem_editor::ProblemEditor;
use sure::SurePanel;
use to_answer::{RESULTS_ID, ToAnswer};
use ulab_state::compare::{DEFAULT_THRESHOLD, Options, analyze_with};
use verdict::Verdict;
use yields_panel::YieldsPanel;

split_entry!(
    /// The editors, in the chunk `compare` (`ui::lazy`) with the metrics table and the chart:
    /// the page shows the factory's numbers first, and the editors' code (with the importers and
    /// the readers of typed text) follows.
    inputs_entry,
    compare,
    (),
    |()| view! { <ToAnswer /> <ProblemEditor /> <ClassifierList /> }.into_any()
);

split_entry!(
    /// The metrics table, in the chunk `compare` (`ui::lazy`): it follows the yields and the
    /// verdict, which the page shows first.
    metrics_entry,
    compare,
    (),
    |()| view! { <MetricTable /> }.into_any()
);

split_entry!(
    /// The How sure card and its job, in the chunk `later` (`ui::lazy`, with the import form):
    /// fetched once the editors, the metrics and the chart are in.
    sure_entry,
    later,
    (),
    |()| view! { <SurePanel /> }.into_any()
);

/// The Compare view.
#[component]
pub fn CompareView() -> impl IntoView {
    let ctx = use_app();
    let threshold = Var::new(DEFAULT_THRESHOLD);
    let analysis = memo(move |_| {
        let opts = Options {
            threshold: Some(threshold.get()),
        };
        ctx.state
            .with(|s| analyze_with(s, &opts).map_err(|e| e.to_string()))
    });
    // The metric table shows the class shares the verdict speaks of: the deployment's once
    // they are set (issue 28, item 4); the reader may switch.
    let show_deployment = Var::new(false);
    let deployment_set = memo(move |_| ctx.state.with(|s| s.prevalence.is_some()));
    effect(move |_| show_deployment.set(deployment_set.get()));
    provide_context(CompareContext {
        analysis,
        threshold,
        show_deployment,
        decimals: Var::new(2),
        sure: Var::new(SureState::None),
    });
    let embed = move || ctx.state.with(|s| s.embed);
    let warnings = move || {
        analysis.with(|a| match a {
            Ok(a) => a.warnings.clone(),
            Err(_) => Vec::new(),
        })
    };
    // On a phone the results come first: this takes the reader to the editors (by focus and
    // scroll, not by a #fragment, which holds the state).
    let inputs_ref = NodeRef::<leptos::html::Div>::new();
    let to_inputs = move |_: leptos::ev::MouseEvent| {
        if let Some(inputs) = inputs_ref.get_untracked() {
            inputs.scroll_into_view();
            let _ = inputs.focus();
        }
    };
    view! {
        <section class="view view-compare" data-testid="view-compare" aria-label="Compare classifiers">
            <Show when=cond(move || !embed())>
                <Intro />
                {share_bar()}
            </Show>
            <div class="compare-grid">
                <div class="compare-inputs" id="compare-inputs" tabindex="-1" node_ref=inputs_ref>
                    {deferred("the editors", inputs_entry, ())}
                </div>
                <div class="compare-results" id=RESULTS_ID tabindex="-1" aria-label="Results">
                    <button type="button" class="btn btn-small to-inputs" data-testid="to-inputs" on:click=handler(to_inputs)>
                        "Edit the inputs ↓"
                    </button>
                    {rx(move || {
                        analysis
                            .with(|a| a.as_ref().err().cloned())
                            .map(|e| {
                                view! {
                                    <p class="notice is-error" role="alert" data-testid="analysis-error">
                                        {e}
                                    </p>
                                }
                            })
                    })}
                    {keyed(move || warnings().into_iter().map(|w| Row::new(w.clone(), move || view! {
                        <p class="notice is-warning analysis-warning" role="note" data-testid="analysis-warning">
                            {w}
                        </p>
                    })).collect())}
                    <Verdict />
                    {deferred("how sure the ranking is", sure_entry, ())}
                    <YieldsPanel />
                    {deferred("the metrics table", metrics_entry, ())}
                </div>
            </div>
        </section>
    }
}
