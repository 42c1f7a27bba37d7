//! The verdict (which model and rule to deploy, what the optimal rule gains, whether the
//! probabilities can be trusted, what deployment shares do), and the decisions table: per
//! model its most probable class, its optimal decisions and, once recalibrated, the optimal
//! decisions on the recalibrated probabilities — yield per item and in total, the gain over
//! the most probable class, the best marked — with each rule's confusion matrix (rows =
//! decisions) for Compare and as CSV.

use crate::web::use_download::use_download;
use crate::widgets::input_kit::try_edit;
use crate::widgets::keyed::{self, key_of, keyed};
use crate::{Var, cond, handler, memo, rx};
use leptos::prelude::*;

use super::ProbsContext;
use crate::context::use_app;
use crate::widgets::card::Card;
use crate::widgets::matrix_table::MatrixTable;
use crate::widgets::table_scroll::table_scroll;
use ulab_core::text::{number, percent, signed};
use ulab_state::probs::analysis::{Report, RuleKind};
use ulab_state::probs::compare::classifier;
use ulab_state::probs::export::decisions_csv;
use ulab_state::probs::sentences::{baseline_sentence, verdict};

/// The verdict: its sentences, the work under way, or why there is none.
#[component]
pub fn Verdict() -> impl IntoView {
    let pc = expect_context::<ProbsContext>();
    let d = pc.derived;
    let sentences = memo(move |_| {
        let cal = d.calibration.get();
        d.report.with(|r| match r {
            Some(Ok(r)) => {
                let mut v = verdict(r, cal.as_deref().map_or(&[], |c| &c[..]));
                let base = pc
                    .app
                    .state
                    .with(|s| baseline_sentence(r, s.utility_matrix(), s.decisions()));
                v.splice(1.min(v.len())..1.min(v.len()), base);
                v
            }
            _ => Vec::new(),
        })
    });
    let error = move || {
        d.report
            .with(|r| r.as_ref().and_then(|r| r.as_ref().err().cloned()))
    };
    let empty = move || pc.loaded.with(Option::is_none);
    let work = move || {
        let mut out = Vec::new();
        if let Some(f) = d.deciding.get() {
            out.push(format!("Deciding every item… {}", percent(f, 0)));
        }
        if let Some(f) = d.recalibrating.get() {
            out.push(format!(
                "Recalibrating the models (cross-fitted)… {}",
                percent(f, 0)
            ));
        }
        out.join(" ")
    };
    view! {
        <section class="verdict probs-verdict" aria-live="polite" aria-label="Verdict" data-testid="probs-verdict">
            <Show when=cond(empty)>
                <p class="verdict-headline">"No probabilities yet: drop a file of your models' probabilities, or choose a sample."</p>
            </Show>
            {rx(move || error().map(|e| view! { <p class="notice is-error" role="alert" data-testid="probs-error">{e}</p> }))}
            {rx(move || sentences.with(|s| s.first().cloned()).map(|h| view! { <p class="verdict-headline" data-testid="probs-best">{h}</p> }))}
            <ul class="verdict-details probs-sentences" data-testid="probs-sentences">
                {rx(move || sentences.get().into_iter().skip(1).map(|s| view! { <li>{s}</li> }).collect_view())}
            </ul>
            <p class="hint probs-work" role="status" data-testid="probs-work">{rx(work)}</p>
        </section>
    }
}

/// A row of the table, as shown.
#[derive(Clone, PartialEq)]
struct Row {
    key: String,
    model: usize,
    name: String,
    rule: RuleKind,
    yield_per_item: String,
    total: String,
    gain: String,
    best: bool,
    /// Whether the rule took an extra decision (its matrix keeps a row per decision).
    refers: bool,
}

fn rows_of(r: &Report, n: usize) -> Vec<Row> {
    r.rows()
        .into_iter()
        .map(|row| Row {
            key: format!("{}-{}", row.model, row.rule.key()),
            model: row.model,
            name: r.models[row.model].name.clone(),
            rule: row.rule,
            yield_per_item: number(row.yield_per_item, 4),
            total: number(row.total, 2),
            gain: if row.rule == RuleKind::MostProbable {
                "—".into()
            } else {
                signed(row.gain, 4)
            },
            best: row.best,
            refers: classifier(r, row.model, row.rule).is_ok_and(|c| c.matrix.rows() > n),
        })
        .collect()
}

/// The decisions table, "Send to Compare", the confusion matrices and the CSV.
///
/// Over ~120 lines: one `view!` of the panel with the handlers it needs.
#[component]
pub fn DecisionsPanel() -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let pc = expect_context::<ProbsContext>();
    let report = memo(move |_| pc.derived.report.with(|r| r.clone().and_then(Result::ok)));
    let decisions = memo(move |_| ctx.state.with(|s| s.decisions().clone()));
    let rows = memo(move |_| {
        report.with(|r| {
            r.as_ref()
                .map(|r| rows_of(r, r.test_shares.len()))
                .unwrap_or_default()
        })
    });
    let send = move |model: usize, rule: RuleKind| {
        let c = report.with_untracked(|r| r.as_ref().map(|r| classifier(r, model, rule)));
        match c {
            Some(Ok(c)) => match try_edit(&ctx, |s| s.send_to_compare(c)) {
                Ok(name) => ctx.say(format!("Added '{name}' to Compare")),
                Err(e) => ctx.say(format!("Not added: {e}")),
            },
            Some(Err(e)) => ctx.say(format!("Not sent: {e}")),
            None => {}
        }
    };
    let save = move |_| {
        report.with_untracked(|r| {
            if let (Some(r), Some(classes)) = (
                r,
                pc.loaded
                    .with_untracked(|l| l.as_ref().map(|l| l.file.classes.clone())),
            ) {
                download.csv(
                    "probs-decisions.csv",
                    &decisions.with_untracked(|d| decisions_csv(r, &classes, d)),
                );
            }
        });
    };
    let refers = move || {
        rows.with(|rows| rows.iter().any(|r| r.refers)).then_some(
            "† This rule also takes decisions beyond the classes: in Compare its matrix keeps a \
             row per decision, it is ranked by its yield, and the metrics that need one output \
             per class are shown as —.",
        )
    };
    view! {
        <Card class="probs-decisions" title_id="probs-decisions-title" title="Most probable class or best expected utility" testid="probs-decisions">
            <p class="hint">"For each item, the most probable class decides its own row; the optimal rule decides argmax"<sub>"d"</sub>" Σ"<sub>"c"</sub>" U(d, c)·p(c) (the first on ties). Yields per item and in total; the gain is over the same model's most probable class."</p>
            <Show when=cond(move || rows.with(|r| !r.is_empty())) fallback=|| view! { <p class="hint">"No decisions yet."</p> }>
                {table_scroll("Yields of each model's decision rules", view! {
                    <table class="results-table probs-table" data-testid="probs-table">
                        <caption class="visually-hidden">"Each model's decision rules: yield per item and in total, and the gain over the most probable class"</caption>
                        <thead>
                            <tr><th scope="col">"Model"</th><th scope="col">"Rule"</th><th scope="col">"Yield per item"</th><th scope="col">"Total"</th><th scope="col">"Gain per item"</th><th scope="col">"Compare"</th></tr>
                        </thead>
                        <tbody>
                            {keyed(move || rows.get().into_iter().map(|r| keyed::Row::new(key_of(&[&r.key, &r.yield_per_item, &r.best, &r.refers]), move || view! {
                                <tr class:is-best=r.best data-testid=format!("probs-row-{}", r.key)>
                                    <th scope="row">{r.name.clone()}</th>
                                    <td class="probs-rule">{r.rule.label()}{if r.best { " ★ best" } else { "" }}</td>
                                    <td class="num" data-testid="probs-yield">{r.yield_per_item.clone()}</td>
                                    <td class="num" data-testid="probs-total">{r.total.clone()}</td>
                                    <td class="num" data-testid="probs-gain">{r.gain.clone()}</td>
                                    <td>
                                        {
                                            let (m, rule) = (r.model, r.rule);
                                            view! { <button type="button" class="btn btn-small" on:click=handler(move |_| send(m, rule)) aria-label=format!("Send {}, {} to Compare", r.name, r.rule.label()) data-testid="probs-send">"Send"{r.refers.then_some(" †")}</button> }
                                        }
                                    </td>
                                </tr>
                            })).collect())}
                        </tbody>
                    </table>
                })}
                <p class="hint probs-blocked" data-testid="probs-refers">{rx(move || refers().unwrap_or_default())}</p>
                <Matrices />
                <div class="probs-exports">
                    <button type="button" class="btn btn-small" on:click=handler(save) data-testid="probs-export-decisions">"CSV: decisions"</button>
                    <button type="button" class="btn btn-small" on:click=handler(move |_| { let _ = ctx.edit(|s| s.view = ulab_state::View::Compare); }) data-testid="probs-open-compare">"Open Compare"</button>
                </div>
            </Show>
        </Card>
    }
}

/// Every rule's confusion matrix (counts, rows = decisions), in a disclosure.
#[component]
fn Matrices() -> impl IntoView {
    let ctx = use_app();
    let pc = expect_context::<ProbsContext>();
    let open = Var::new(false);
    let body = move || {
        if !open.get() {
            return None;
        }
        let decisions = ctx.state.with(|s| s.decisions().clone());
        let classes = pc
            .loaded
            .with(|l| l.as_ref().map(|l| l.file.classes.clone()))?;
        pc.derived.report.with(|r| {
            let r = r.as_ref()?.as_ref().ok()?;
            Some(
                r.rows()
                    .into_iter()
                    .filter_map(|row| {
                        let o = r.outcome(row.model, row.rule)?;
                        let rows: Vec<Vec<f64>> = (0..o.counts.rows()).map(|i| o.counts.row(i).to_vec()).collect();
                        Some(view! {
                            <MatrixTable
                                caption=format!("{}, {}", r.models[row.model].name, row.rule.label())
                                row_labels=decisions.clone()
                                col_labels=classes.clone()
                                rows=rows
                                decimals=0
                                testid=format!("probs-matrix-{}-{}", row.model, row.rule.key())
                            />
                        })
                    })
                    .collect_view(),
            )
        })
    };
    view! {
        <details class="probs-matrices" on:toggle=handler(move |ev: leptos::ev::Event| {
            use wasm_bindgen::JsCast;
            let now = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|d| d.has_attribute("open"));
            open.set(now);
        })>
            <summary>"Confusion matrices (counts; rows = decisions, columns = true classes)"</summary>
            <div class="probs-matrix-list">{rx(body)}</div>
        </details>
    }
}
