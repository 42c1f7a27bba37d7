//! The user's own question (beyond the paper): with the Compare view's utility matrix
//! and classifiers, and the user's uncertainty about both — how likely is each classifier to
//! be the best, and how is its yield distributed? Computed in the web workers.

use crate::derived;
use crate::{Computed, Var, cond, handler, memo, rx};
use std::sync::Arc;

use crate::widgets::table_scroll::table_scroll;
use leptos::prelude::*;

use crate::context::{AppContext, use_app};
use crate::web::use_download::use_download;
use crate::web::use_job::{Job, use_job};
use crate::widgets::card::{Card, CsvButton};
use crate::widgets::job_progress::{CancelButton, JobProgress};
use crate::widgets::number_field::{Field, number_fields, real_setting, whole_setting};
use crate::widgets::plot_canvas::PlotCanvas;
use ulab_core::mc::question::QuestionResult;
use ulab_core::text::{carried_decimals, number, significant};
use ulab_state::reliability::{
    Question, QuestionError, baseline_note, best_sentence, fractions_note, merge_question,
    question, question_csv, question_plots, question_works, throughput_text,
};
use ulab_state::{MAX_QUESTION_DRAWS, MAX_QUESTION_N, QuestionSettings, View};

/// An answered question.
#[derive(Debug, Clone, PartialEq)]
struct Answer {
    names: Vec<String>,
    result: QuestionResult,
    /// The question's settings when it was asked (to tell when they changed).
    asked: ulab_core::mc::question::QuestionConfig,
    seconds: f64,
    workers: usize,
}

/// The question built from the state (what Answer asks), or why there is none.
type Built = Computed<Result<Question, QuestionError>>;

/// The question panel: what is asked and the settings, Answer and Cancel, the answer, and what
/// it assumes.
#[component]
pub fn QuestionPanel() -> impl IntoView {
    let ctx = use_app();
    let job = use_job();
    let answer = Var::new(None::<Arc<Answer>>);
    let built = memo(move |_| ctx.state.with(question));
    let qs = memo(move |_| ctx.state.with(|s| s.mc.question.clone()));
    let fractions = move || {
        built.with(|b| {
            b.as_ref()
                .map(|q| q.assumed_size.clone())
                .unwrap_or_default()
        })
    };
    let build_error = move || built.with(|b| b.as_ref().err().map(|e| e.to_string()));
    let done_text = derived(move || {
        answer
            .get()
            .map(|a| {
                throughput_text(a.result.draws, a.seconds, a.workers).replace("pairs", "draws")
            })
            .unwrap_or_default()
    });
    view! {
        <Card
            class="rel-question"
            title_id="rel-question-title"
            title="Your question: how sure can you be that your best classifier is the best?"
            testid="rel-question"
        >
            <QuestionHint />
            <div class="rel-fields">
                {number_fields(qs, question_fields(ctx))}
                <Show when=cond(move || !fractions().is_empty())>
                    {size_field(ctx).view(qs)}
                </Show>
            </div>
            <Show when=cond(move || !fractions().is_empty())>
                <p class="notice is-warning" data-testid="q-fractions">
                    {rx(move || fractions_note(&fractions(), qs.with(|q| q.n)))}
                </p>
            </Show>
            {rx(move || build_error().map(|e| view! { <p class="notice is-error" role="alert" data-testid="q-error">{e}</p> }))}
            <QuestionActions job=job built=built answer=answer />
            <JobProgress state=job.state what="question" testid="q" done_text=done_text has_result=derived(move || answer.with(Option::is_some)) />
            <Show when=cond(move || answer.with(|a| a.is_some()))>
                <AnswerView job=job built=built answer=answer />
            </Show>
            <Assumptions />
        </Card>
    }
}

/// What is asked, with the classifiers of the Compare view.
#[component]
fn QuestionHint() -> impl IntoView {
    let ctx = use_app();
    let classifiers = move || ctx.state.with(|s| s.problem.names().join(", "));
    let to_compare = move |ev: leptos::ev::MouseEvent| {
        ev.prevent_default();
        let _ = ctx.edit(|s| s.view = View::Compare);
    };
    view! {
        <p class="hint">
            "With the utility matrix and the classifiers of the "
            <a href="#view=compare" on:click=handler(to_compare)>"Compare view"</a>
            {rx(move || format!(" ({})", classifiers()))}
            ". Each draw: the utilities with noise of size σ, and each classifier's confusion matrix as it might be on an endless test set, given the counts on yours; the best classifier of the draw gets one vote."
        </p>
    }
}

/// The question's settings: σ, α, draws and seed.
fn question_fields(ctx: AppContext) -> [Field<QuestionSettings>; 4] {
    [
        Field {
            label: "σ: your uncertainty on the utilities",
            testid: "q-sigma",
            step: "0.01",
            min: "0",
            max: Some(1),
            hint: "as a share of the utilities' range (max − min)",
            read: |q| q.sigma.to_string(),
            apply: real_setting(ctx, "σ", |s, v| s.mc.question.sigma = v),
        },
        Field {
            label: "α: Dirichlet pseudo-count",
            testid: "q-alpha",
            step: "0.5",
            min: "0",
            max: Some(1000),
            hint: "1: no prior preference",
            read: |q| q.alpha.to_string(),
            apply: real_setting(ctx, "α", |s, v| s.mc.question.alpha = v),
        },
        Field {
            label: "Draws",
            testid: "q-draws",
            step: "10000",
            min: "1",
            max: Some(MAX_QUESTION_DRAWS),
            hint: "",
            read: |q| q.draws.to_string(),
            apply: whole_setting(ctx, "draws", |s, v| s.mc.question.draws = v),
        },
        Field {
            label: "Seed",
            testid: "q-seed",
            step: "1",
            min: "0",
            max: None,
            hint: "",
            read: |q| q.seed.to_string(),
            apply: whole_setting(ctx, "seed", |s, v| s.mc.question.seed = v),
        },
    ]
}

/// The test set's size, asked for when a classifier is given as fractions.
fn size_field(ctx: AppContext) -> Field<QuestionSettings> {
    Field {
        label: "Test-set size N",
        testid: "q-n",
        step: "10",
        min: "1",
        max: Some(MAX_QUESTION_N),
        hint: "",
        read: |q| q.n.to_string(),
        apply: whole_setting(ctx, "test-set size", |s, v| s.mc.question.n = v),
    }
}

/// Answer (asks the question in the workers), Cancel, and the answer's CSV.
#[component]
fn QuestionActions(job: Job, built: Built, answer: Var<Option<Arc<Answer>>>) -> impl IntoView {
    let download = use_download();
    let ask = move |_| {
        let q = match built.get_untracked() {
            Ok(q) => q,
            Err(e) => {
                job.fail(e.to_string());
                return;
            }
        };
        let config = q.config.clone();
        let names = q.names.clone();
        job.launch(question_works(&config), move |outputs, seconds, workers| {
            let result = merge_question(&config, &outputs).map_err(|e| e.to_string())?;
            answer.set(Some(Arc::new(Answer {
                names,
                result,
                asked: config,
                seconds,
                workers,
            })));
            Ok(())
        });
    };
    let export = move |_| {
        if let Some(a) = answer.get_untracked() {
            download.csv("question-p-best.csv", &question_csv(&a.names, &a.result));
        }
    };
    view! {
        <div class="rel-actions">
            <button
                type="button"
                class="btn btn-primary"
                on:click=handler(ask)
                disabled=rx(move || built.with(|b| b.is_err()))
                data-testid="q-run"
            >
                "Answer"
            </button>
            <CancelButton job=job testid="q-cancel" />
            <Show when=cond(move || answer.with(|a| a.is_some()))>
                <CsvButton on_click=export testid="q-export-csv" />
            </Show>
        </div>
    }
}

/// The answer: notes while a new one runs or when the settings changed, the sentence, the
/// table and the two plots.
#[component]
fn AnswerView(job: Job, built: Built, answer: Var<Option<Arc<Answer>>>) -> impl IntoView {
    let running = move || job.is_running();
    let stale = move || {
        let Some(a) = answer.get() else { return false };
        built.with(|b| b.as_ref().map(|q| q.config != a.asked).unwrap_or(true))
    };
    let ctx = use_app();
    let sentence = move || {
        answer
            .get()
            .map(|a| best_sentence(&a.names, &a.result.p_best))
    };
    let baseline = move || {
        let a = answer.get()?;
        ctx.state.with(|s| baseline_note(&a.asked, s.decisions()))
    };
    let plots = memo(move |_| {
        answer
            .get()
            .map(|a| question_plots(&a.names, &a.result))
            .unwrap_or_default()
    });
    let best_plot = memo(move |_| plots.with(|p| p.0.clone()));
    let hist_plot = memo(move |_| plots.with(|p| p.1.clone()));
    view! {
        <Show when=running>
            <p class="notice" data-testid="q-running-note">
                "Running: the answer shown is the last complete one until this one is done."
            </p>
        </Show>
        <Show when=move || stale() && !running()>
            <p class="notice is-warning" data-testid="q-stale">
                "The classifiers or the settings have changed: press Answer to update."
            </p>
        </Show>
        <p class="rel-sentence" data-testid="q-sentence">{sentence}</p>
        {move || baseline().map(|b| view! { <p class="rel-sentence" data-testid="q-baseline">{b}</p> })}
        {table_scroll("Your question: how often each metric ranks wrongly", view! {
            <table class="results rel-q-table" data-testid="q-table">
                <thead>
                    <tr>
                        <th scope="col">"Classifier"</th>
                        <th scope="col" class="num">"P(best)"</th>
                        <th scope="col" class="num">"SE"</th>
                        <th scope="col" class="num">"Yield of the counts"</th>
                        <th scope="col" class="num">"Mean"</th>
                        <th scope="col" class="num">"SD"</th>
                        <th scope="col" class="num">"95 % of draws"</th>
                    </tr>
                </thead>
                <tbody>{rx(move || answer.get().map(|a| answer_rows(&a)))}</tbody>
            </table>
        })}
        <div class="rel-q-plots">
            <PlotCanvas
                plot=best_plot
                name="question-p-best"
                label="Probability that each classifier is the best"
                testid="q-best-plot"
            />
            <PlotCanvas
                plot=hist_plot
                name="question-yields"
                label="Distribution of each classifier's yield over the draws"
                testid="q-hist-plot"
            />
        </div>
    }
}

/// One row per classifier: P(best), its standard error, and its yield over the draws.
fn answer_rows(a: &Answer) -> impl IntoView + use<> {
    let r = &a.result;
    a.names
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let p = r.p_best[k];
            let se = r.p_best_se[k];
            let y = &r.yields[k];
            // To what the draws carry: the mean's Monte Carlo error, sd/√draws.
            let d = carried_decimals(y.sd / (a.asked.draws.max(1) as f64).sqrt());
            view! {
                <tr>
                    <th scope="row">{name.clone()}</th>
                    <td class="num" data-testid=format!("pbest-{name}") data-value=p.to_string()>
                        {number(p, 3)}
                    </td>
                    <td class="num">{format!("± {}", number(se, 3))}</td>
                    <td class="num">{number(y.point, d)}</td>
                    <td class="num">{number(y.mean, d)}</td>
                    <td class="num">{significant(y.sd, 2)}</td>
                    <td class="num">{format!("{} … {}", number(y.quantiles[0], d), number(y.quantiles[4], d))}</td>
                </tr>
            }
        })
        .collect_view()
}

/// "What this assumes".
#[component]
fn Assumptions() -> impl IntoView {
    view! {
        <details class="rel-assumptions">
            <summary>"What this assumes"</summary>
            <ul>
                <li>"The utilities you entered are right on average; each is off by an independent normal error of size σ × (largest − smallest utility). The errors are not cut off: a utility may move past its neighbours."</li>
                <li>"Each classifier's long-run confusion matrix is uncertain because the test set is finite: it is drawn from the Dirichlet distribution of its counts plus α (α = 1: every matrix equally plausible before seeing the test)."</li>
                <li>"The classifiers are treated as independent, although they were tested on the same items; this overstates the uncertainty of their difference when they err on the same items."</li>
                <li>"Ties count as a shared win. P(best) has a standard error of √(P(1 − P)/draws)."</li>
            </ul>
        </details>
    }
}
