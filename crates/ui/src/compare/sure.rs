//! How sure the ranking is (issue 27): under the Dirichlet posterior of each classifier's
//! confusion counts, each one's yield per item with its 90 % interval, the probability that it
//! is the best, and how many test items would settle it — `ulab_state::sure`'s job, run in
//! slices of a few milliseconds after every edit (a 20-class, 5-classifier problem takes
//! longer than a frame), the latest edit's job only. The card and its job are in the chunk
//! `compare` (`ui::lazy`): the page shows the yields and the verdict first.

use crate::web::mc_pool::now_ms;
use crate::web::next_task;
use crate::widgets::table_scroll::table_scroll;
use crate::{handler, memo, rx};
use leptos::prelude::*;
use std::cell::Cell;
use std::rc::Rc;

use super::CompareContext;
use crate::context::use_app;
use ulab_core::text::{number, prose};
use ulab_state::sure::{SureJob, SureReport, compare_job, probability};

/// The work per slice, in milliseconds: the page stays responsive while the draws go on.
const SLICE_MS: f64 = 8.0;

/// The draws per step within a slice (a step of the 20 × 5 problem ≈ 2 ms natively).
const STEP_DRAWS: u64 = 100;

/// Where the answer is.
#[derive(Debug, Clone, PartialEq)]
pub enum SureState {
    /// Nothing to rank.
    None,
    /// Being worked out.
    Working,
    /// The answer.
    Done(Box<SureReport>),
    /// Why there is none.
    Failed(String),
}

/// Starts the job of the current state after every change of the problem, the deployment
/// shares or the assumed test-set size (the latest change's job only), its state in `out`.
fn use_sure(out: RwSignal<SureState>) {
    let ctx = use_app();
    let generation = Rc::new(Cell::new(0u64));
    let input = memo(move |_| {
        ctx.state
            .with(|s| (s.problem.clone(), s.prevalence.clone(), s.mc.question.n))
    });
    Effect::new(move |_| {
        // Read, not only tracked: a memo computes (and follows the state) only when read.
        input.with(|_| ());
        let job = ctx.state.with_untracked(compare_job);
        let this = generation.get() + 1;
        generation.set(this);
        let current = generation.clone();
        match job {
            Err(_) if ctx.state.with_untracked(|s| s.classifiers().is_empty()) => {
                out.set(SureState::None)
            }
            Err(e) => out.set(SureState::Failed(e.to_string())),
            Ok(job) => {
                out.set(SureState::Working);
                wasm_bindgen_futures::spawn_local(run(job, out, move || current.get() != this));
            }
        }
    });
}

/// Runs `job` in slices of [`SLICE_MS`], stopping when `stale()` (a newer edit).
async fn run(mut job: SureJob, out: RwSignal<SureState>, stale: impl Fn() -> bool) {
    loop {
        let start = now_ms();
        while now_ms() - start < SLICE_MS {
            match job.step(STEP_DRAWS) {
                Ok(Some(report)) => {
                    if !stale() {
                        out.set(SureState::Done(Box::new(report.clone())));
                    }
                    return;
                }
                Ok(None) => {}
                Err(e) => {
                    if !stale() {
                        out.set(SureState::Failed(e.to_string()));
                    }
                    return;
                }
            }
        }
        next_task().await;
        if stale() {
            return;
        }
    }
}

/// The card: the sentences and, per classifier, the yield, its 90 % interval and P(best).
#[component]
pub fn SurePanel() -> impl IntoView {
    let cc = expect_context::<CompareContext>();
    let sure = cc.sure;
    use_sure(sure);
    let shown = move || !matches!(sure.with(|s| s.clone()), SureState::None);
    let state = move || match sure.with(|s| s.clone()) {
        SureState::None => "none",
        SureState::Working => "working",
        SureState::Done(_) => "done",
        SureState::Failed(_) => "failed",
    };
    let p_best = move || match sure.with(|s| s.clone()) {
        SureState::Done(r) => r
            .sure
            .p_best
            .iter()
            .map(|p| format!("{p:.4}"))
            .collect::<Vec<_>>()
            .join(","),
        _ => String::new(),
    };
    let body = move || {
        match sure.with(|s| s.clone()) {
        SureState::None => ().into_any(),
        SureState::Working => view! {
            <p class="hint" data-testid="compare-sure-working">"Working out how sure the ranking is…"</p>
        }
        .into_any(),
        SureState::Failed(e) => view! { <p class="notice is-warning">{format!("How sure: {e}.")}</p> }.into_any(),
        SureState::Done(r) => report_view(&r).into_any(),
    }
    };
    let (open, set_open) = signal(false);
    view! {
        <section
            class="card compare-sure"
            data-testid="compare-sure"
            data-state=rx(state)
            data-p-best=rx(p_best)
            aria-labelledby="compare-sure-title"
            hidden=rx(move || !shown())
        >
            <h3 id="compare-sure-title">"How sure"</h3>
            {body}
            <button type="button" class="btn btn-small" on:click=handler(move |_| set_open.update(|o| *o = !*o))
                aria-expanded=rx(move || open.get().to_string())>
                "How is this computed?"
            </button>
            <Show when=move || open.get()>
                <p class="hint">
                    "The yields come from test sets of a finite size. Each classifier's confusion counts M are \
                     the evidence about its long-run confusion matrix: under a Dirichlet(M + 1) posterior \
                     (one pseudo-count per cell), its yield per item has a distribution; the interval holds \
                     its middle 90 %, and P(best) is the share of draws in which the classifier yields the \
                     most among the classifiers (the utility matrix as entered, the deployment shares in \
                     force). The trivial \"decide the same for every item\" strategies are not in it: the \
                     verdict says when one of them beats the classifiers. Seeded: a link always shows the \
                     same numbers."
                </p>
            </Show>
        </section>
    }
}

fn report_view(r: &SureReport) -> impl IntoView + use<> {
    let sentences = r.sentences();
    let mut order: Vec<usize> = (0..r.names.len()).collect();
    order.sort_by(|&a, &b| r.sure.p_best[b].total_cmp(&r.sure.p_best[a]));
    let rows = order
        .into_iter()
        .map(|k| {
            let y = r.sure.yields[k];
            view! {
                <tr data-testid=format!("sure-row-{}", r.names[k])>
                    <th scope="row">{r.names[k].clone()}</th>
                    <td class="num">{prose(y.point)}</td>
                    <td class="num">{format!("{} to {}", prose(y.low), prose(y.high))}</td>
                    <td class="num" data-testid=format!("p-best-{}", r.names[k])>{probability(r.sure.p_best[k])}</td>
                    <td class="num">{number(r.test_items[k], 0)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="compare-sure-verdict" data-testid="compare-sure-sentences">
            {sentences.into_iter().map(|s| view! { <p>{s}</p> }).collect_view()}
        </div>
        {table_scroll(
            "How sure each yield is",
            view! {
                <table class="results compare-sure-table" data-testid="sure-table">
                    <caption class="visually-hidden">"Each classifier's yield per item, its 90 % interval and the probability that it is the best"</caption>
                    <thead>
                        <tr>
                            <th scope="col">"Classifier"</th>
                            <th scope="col" class="num">"Yield per item"</th>
                            <th scope="col" class="num">"90 % interval"</th>
                            <th scope="col" class="num">"P(best)"</th>
                            <th scope="col" class="num">"Test items"</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            },
        )}
    }
}
