//! How sure: the paired Bayesian bootstrap over the items (Dirichlet(1, …, 1) weights, seeded
//! by `pseed`) for every model and rule — each yield's 90 % interval, and for each pair
//! P(A yields more than B) with the difference's interval — run in slices of a few
//! milliseconds with its progress and Cancel. Small files run it by themselves; large ones
//! on request. Why paired is said on the page.

use crate::web::use_download::use_download;
use crate::{Var, cond, handler, memo, rx};
use leptos::prelude::*;

use super::{ProbsContext, Shared};
use crate::context::use_app;
use crate::reactive::effect;
use crate::web::sliced::run_in_slices;
use crate::widgets::card::Card;
use crate::widgets::plot_canvas::PlotCanvas;
use crate::widgets::table_scroll::table_scroll;
use ulab_core::text::{fixed, number, percent};
use ulab_plot::probs::intervals::IntervalChart;
use ulab_probs::bootstrap::Summary;
use ulab_state::probs::charts::interval_chart;
use ulab_state::probs::export::bootstrap_csv;
use ulab_state::probs::howsure::{BootstrapJob, RESAMPLES, sentences};

/// Items × models up to which the bootstrap runs by itself after every change.
const AUTO: usize = 200_000;

/// A finished bootstrap.
#[derive(Debug, Clone)]
struct Result_ {
    summary: Summary,
    names: Vec<String>,
    observed: Vec<f64>,
    /// The file's models.
    own: usize,
    /// Of which model each recalibrated one is.
    recal_of: Vec<usize>,
}

/// Where the bootstrap is.
#[derive(Debug, Clone, PartialEq)]
enum Boot {
    Idle,
    Running(f64),
    Cancelled,
    Failed(String),
    Done(Shared<Result_>),
}

/// The pairs compared: (first arm, second arm, what).
fn pairs(r: &Result_) -> Vec<(usize, usize, String)> {
    let name = |k: usize| {
        r.names[2 * k]
            .split(", ")
            .next()
            .unwrap_or_default()
            .to_string()
    };
    let mut out = Vec::new();
    for (rule, what) in [(0, "most probable class"), (1, "optimal")] {
        for a in 0..r.own {
            for b in a + 1..r.own {
                out.push((
                    2 * a + rule,
                    2 * b + rule,
                    format!("{} vs {}, {what}", name(a), name(b)),
                ));
            }
        }
    }
    for a in 0..r.own {
        out.push((
            2 * a + 1,
            2 * a,
            format!("{}: optimal vs most probable class", name(a)),
        ));
    }
    for (j, &m) in r.recal_of.iter().enumerate() {
        let k = r.own + j;
        out.push((
            2 * k + 1,
            2 * m + 1,
            format!("{}: recalibrated optimal vs optimal", name(m)),
        ));
    }
    out
}

/// Starts a run (stopping one under way).
fn start(pc: ProbsContext, state: Var<Boot>, runs: StoredValue<u32>) {
    runs.update_value(|k| *k += 1);
    let run = runs.get_value();
    let Some(file) = pc.file_untracked() else {
        return;
    };
    let recal = pc.derived.recalibrated.get_untracked();
    let recal: Vec<_> = recal.map(|r| r.to_vec()).unwrap_or_default();
    let (u, prev, seed) = pc.app.state.with_untracked(|s| {
        (
            s.utility_matrix().clone(),
            s.prevalence.clone(),
            s.probs.seed,
        )
    });
    let mut job = match BootstrapJob::new(&file, &recal, &u, prev.as_deref(), seed, RESAMPLES) {
        Ok(j) => j,
        Err(e) => return state.set(Boot::Failed(e.to_string())),
    };
    state.set(Boot::Running(0.0));
    let stale = move || runs.try_get_value() != Some(run);
    leptos::task::spawn_local(async move {
        let fraction = std::cell::Cell::new(0.0);
        let step = || {
            let done = job.step(&file, &recal).map_err(|e| e.to_string())?;
            fraction.set(job.progress());
            Ok(done)
        };
        let between = || {
            let _ = state.try_set(Boot::Running(fraction.get()));
        };
        let ok = run_in_slices("probs-bootstrap", step, stale, between).await;
        if stale() {
            return;
        }
        let next = match ok {
            Ok(_) => Boot::Done(Shared::new(Result_ {
                summary: job.summary(),
                names: job.names().to_vec(),
                observed: job.observed(),
                own: file.table.models().len(),
                recal_of: (0..recal.len()).collect(),
            })),
            Err(e) => Boot::Failed(e),
        };
        let _ = state.try_set(next);
    });
}

/// The bootstrap panel.
///
/// Over ~120 lines: one `view!` of the panel with the handlers it needs.
#[component]
pub fn HowSurePanel() -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let pc = expect_context::<ProbsContext>();
    let state = Var::new(Boot::Idle);
    let runs = StoredValue::new(0u32);
    // Every change of the decisions makes the last run out of date: small files run again.
    effect(move |_| {
        let ready = pc.derived.report.with(|r| matches!(r, Some(Ok(_))));
        let seed = ctx.state.with(|s| s.probs.seed);
        let _ = seed;
        runs.update_value(|k| *k += 1);
        state.set(Boot::Idle);
        let small = pc
            .file_untracked()
            .is_some_and(|f| f.table.n_items() * f.table.models().len() <= AUTO);
        if ready && small {
            start(pc, state, runs);
        }
    });
    let result = memo(move |_| match state.get() {
        Boot::Done(r) => Some(r),
        _ => None,
    });
    let chart = memo(move |_| {
        result.with(|r| match r {
            Some(r) => interval_chart(&r.summary, &r.names, &r.observed, r.own, &r.recal_of),
            None => IntervalChart::default(),
        })
    });
    let plot = chart;
    let cancel = move |_| {
        runs.update_value(|k| *k += 1);
        state.set(Boot::Cancelled);
    };
    let status = move || match state.get() {
        Boot::Idle => String::new(),
        Boot::Running(f) => format!("Resampling… {}", percent(f, 0)),
        Boot::Cancelled => "Cancelled.".into(),
        Boot::Failed(e) => format!("Failed: {e}"),
        Boot::Done(r) => format!(
            "{} resamples of the {} items.",
            r.summary.resamples,
            pc.file_untracked().map_or(0, |f| f.table.n_items())
        ),
    };
    let rows = move || {
        result.with(|r| {
            r.as_ref()
                .map(|r| {
                    let a = r.summary.arms.len();
                    pairs(r)
                        .into_iter()
                        .map(|(x, y, what)| {
                            let d = r.summary.difference[x * a + y];
                            (
                                what,
                                fixed(r.summary.better(x, y), 3),
                                number(r.observed[x] - r.observed[y], 4),
                                format!("{} to {}", number(d.lo, 4), number(d.hi, 4)),
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    let words = move || {
        result.with(|r| {
            r.as_ref()
                .map(|r| sentences(&r.summary, &r.names, &r.observed))
                .unwrap_or_default()
        })
    };
    let save = move |_| {
        if let Some(r) = result.get_untracked() {
            download.csv(
                "probs-bootstrap.csv",
                &bootstrap_csv(&r.summary, &r.names, &r.observed),
            );
        }
    };
    let running = move || matches!(state.get(), Boot::Running(_));
    view! {
        <Card class="probs-howsure" title_id="probs-sure-title" title="How sure?" testid="probs-howsure">
            <p class="hint">"A test set is a sample: the paired Bayesian bootstrap weighs its items at random (Dirichlet(1, …, 1)) " {RESAMPLES} " times and gives each model and rule's yield a 90 % interval, and each pair the probability that the first yields more."</p>
            <div class="probs-run">
                <button type="button" class="btn btn-primary" on:click=handler(move |_| start(pc, state, runs)) disabled=rx(move || running() || pc.derived.report.with(|r| !matches!(r, Some(Ok(_))))) data-testid="probs-boot-run">
                    {format!("Run {RESAMPLES} resamples")}
                </button>
                <Show when=cond(running)>
                    <button type="button" class="btn" on:click=handler(cancel) data-testid="probs-boot-cancel">"Cancel"</button>
                    <progress max="1" value=rx(move || match state.get() { Boot::Running(f) => f.to_string(), _ => "0".into() }) aria-label="Progress of the bootstrap"></progress>
                </Show>
                <p class="rel-status" role="status" aria-live="polite" data-state=rx(move || match state.get() { Boot::Idle => "idle", Boot::Running(_) => "running", Boot::Cancelled => "cancelled", Boot::Failed(_) => "failed", Boot::Done(_) => "done" }) data-testid="probs-boot-status">{rx(status)}</p>
            </div>
            <Show when=cond(move || result.with(Option::is_some))>
                <PlotCanvas plot=plot name="probs-bootstrap" label="Each model and rule's yield per item with its 90 % interval (paired bootstrap)" testid="probs-boot-plot" />
                <ul class="probs-sure-sentences" data-testid="probs-sure-sentences">
                    {rx(move || words().into_iter().map(|s| view! { <li>{s}</li> }).collect_view())}
                </ul>
                {table_scroll("Pairs of models and rules: how sure the first yields more", view! {
                    <table class="results-table probs-table" data-testid="probs-pairs">
                        <caption class="visually-hidden">"For each pair, P(the first yields more), the difference in yield per item and its 90 % interval"</caption>
                        <thead><tr><th scope="col">"Pair"</th><th scope="col">"P(first yields more)"</th><th scope="col">"Difference per item"</th><th scope="col">"90 % interval"</th></tr></thead>
                        <tbody>
                            {rx(move || rows().into_iter().map(|(w, p, d, i)| view! { <tr><th scope="row">{w}</th><td class="num">{p}</td><td class="num">{d}</td><td class="num">{i}</td></tr> }).collect_view())}
                        </tbody>
                    </table>
                })}
                <div class="probs-exports">
                    <button type="button" class="btn btn-small" on:click=handler(save) data-testid="probs-export-bootstrap">"CSV: bootstrap summary"</button>
                </div>
            </Show>
        </Card>
    }
}
