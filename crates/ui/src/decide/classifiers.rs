//! Each of the app's classifiers as a decision maker (Dyrland et al. (draft), eq. 23): from its
//! confusion counts, the deployment base rates and a Dirichlet pseudo-count α, `p(output |
//! class)`, `p(class | output)`, the best decision for each output label and the yield of the
//! remapped classifier against the raw one; then the "don't balance classes" study (Porta
//! Mana, course notes): decisions tuned for the test set's, balanced and deployment shares,
//! each evaluated at the deployment's.

use crate::widgets::keyed::{Row, keyed};
use crate::{Computed, callback, derived};
use crate::{cond, handler, memo, rx};
use leptos::prelude::*;

use super::context::{DecideContext, ToCompare};
use crate::context::use_app;
use crate::web::export::file_stem;
use crate::web::use_download::use_download;
use crate::widgets::card::{Card, Level};
use crate::widgets::input_kit::{large_problem, try_edit};
use crate::widgets::matrix_editor::MatrixEditor;
use crate::widgets::matrix_table::MatrixTable;
use crate::widgets::number_field::NumberField;
use crate::widgets::plot_canvas::PlotCanvas;
use ulab_core::text::{capitalize, number, percent, prose};
use ulab_core::{Matrix, Orientation};
use ulab_plot::decide::PosteriorPlot;
use ulab_state::decide::classifier::{LabelOnly, is_fractions};
use ulab_state::decide::export::remap_csv;
use ulab_state::decide::probabilities::{parse_alpha, parse_test_size};
use ulab_state::decide::view::ClassifierPart;

/// The settings (α, test-set size) and one card per classifier.
#[component]
pub fn ClassifierPanels() -> impl IntoView {
    let ctx = use_app();
    let count = memo(move |_| ctx.state.with(|s| s.classifiers().len()));
    let any_fractions = memo(move |_| {
        ctx.state
            .with(|s| s.classifiers().iter().any(|c| is_fractions(&c.matrix)))
    });
    let alpha_text = derived(move || ctx.state.with(|s| prose(s.decide.alpha)));
    let n_text = derived(move || {
        ctx.state.with(|s| {
            s.decide
                .test_size
                .map(|n| n.to_string())
                .unwrap_or_default()
        })
    });
    let set_alpha = callback(move |text: String| {
        let a = parse_alpha(&text).map_err(|e| capitalize(&e.to_string()))?;
        ctx.edit(|s| s.decide.alpha = a)
    });
    let set_n = callback(move |text: String| {
        if text.trim().is_empty() {
            return ctx.edit(|s| s.decide.test_size = None);
        }
        let n = parse_test_size(&text).map_err(|e| capitalize(&e.to_string()))?;
        ctx.edit(|s| s.decide.test_size = Some(n))
    });
    let base = move || {
        ctx.state.with(|s| match &s.prevalence {
            Some(p) => format!(
                "Base rates: the deployment shares ({}).",
                shares_text(p, s.classes())
            ),
            None => "Base rates: each classifier's test-set shares (set deployment shares in the Deployment card to change them).".to_string(),
        })
    };
    view! {
        <Card
            class="decide-settings"
            title_id="decide-clf-title"
            title="A label-only classifier as a decision maker"
            testid="decide-classifiers"
            level=Level::H2
        >
            <p class="hint">
                "A classifier that only outputs a label can still be used optimally: its confusion counts give p(output | class) = (M + α) / (N"<sub>"c"</sub>" + n·α), Bayes' theorem with the base rates π gives p(class | output) ∝ p(output | class) · π (eq. 23 of Dyrland et al. (draft)), and each output label then gets the decision of highest expected utility."
            </p>
            <p class="hint" data-testid="decide-base-rates">{base}</p>
            <div class="decide-fields">
                <NumberField
                    label="Pseudo-count α"
                    value=alpha_text
                    apply=set_alpha
                    testid="decide-alpha"
                    step="any"
                    min="0"
                    hint="added to each count; 0: the counts as they are"
                />
                <NumberField
                    label="Test-set size N"
                    value=n_text
                    apply=set_n
                    testid="decide-n"
                    step="1"
                    min="1"
                    hint=if any_fractions.get_untracked() {
                        "needed for classifiers given as fractions when α > 0 (a pseudo-count is added to counts, never to fractions)"
                    } else {
                        "only for classifiers given as fractions (a pseudo-count is never added to fractions)"
                    }
                />
            </div>
            <Show when=cond(move || count.get() == 0)>
                <p class="hint" data-testid="decide-no-classifier">"No classifier yet."</p>
            </Show>
            <ToCompare />
        </Card>
        {keyed(move || (0..count.get()).map(|i| Row::at(i, move || view! { <ClassifierCard i=i /> })).collect())}
    }
}

/// `long 90 %, short 10 %`.
fn shares_text(p: &[f64], classes: &[String]) -> String {
    p.iter()
        .zip(classes)
        .map(|(v, c)| format!("{c} {}", percent(*v, 2)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One classifier: its counts, the remapping, the yields, the balance study.
#[component]
fn ClassifierCard(i: usize) -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let large = large_problem(&ctx);
    let dc = expect_context::<DecideContext>();
    let part = memo(move |_| dc.analysis.with(|a| a.classifiers.get(i).cloned()));
    let name = memo(move |_| part.with(|p| p.as_ref().map(|p| p.name.clone()).unwrap_or_default()));
    let matrix = memo(move |_| {
        ctx.state.with(|s| {
            s.classifiers()
                .get(i)
                .map(|c| c.matrix.clone())
                .unwrap_or_else(|| s.utility().clone())
        })
    });
    let classes = memo(move |_| ctx.state.with(|s| s.classes().clone()));
    let check = callback(|_m: Matrix| Ok(()));
    let commit = callback(move |m: Matrix| {
        let _ = try_edit(&ctx, |s| s.set_confusion(i, m, Orientation::OutputRows));
    });
    let posterior = memo(move |prev: Option<&Option<PosteriorPlot>>| {
        dc.analysis
            .with(|a| a.posterior_plot(i))
            .or_else(|| prev.cloned().flatten())
    });
    let has_posterior = memo(move |_| part.with(|p| p.as_ref().is_some_and(|p| p.remap.is_ok())));
    let error = move || {
        part.with(|p| {
            p.as_ref()
                .and_then(|p| p.remap.as_ref().err())
                .map(|e| capitalize(&e.to_string()))
        })
    };
    let sentences =
        move || part.with(|p| p.as_ref().map(|p| p.sentences.clone()).unwrap_or_default());
    let export_csv = move |_| {
        let out = part.with_untracked(|p| {
            let p = p.as_ref().ok_or("no such classifier")?;
            let r = p.remap.as_ref().map_err(|e| e.to_string())?;
            let csv = dc
                .analysis
                .with_untracked(|a| remap_csv(r, &a.decisions, &a.classes))
                .map_err(|e| e.to_string())?;
            Ok::<_, String>((format!("{}-remapped.csv", file_stem(&p.name)), csv))
        });
        match out {
            Ok((name, csv)) => download.csv(&name, &csv),
            Err(e) => ctx.say(e),
        }
    };
    view! {
        <Card
            class="decide-clf"
            title=move || format!("Classifier {}", name.get())
            label=move || format!("Classifier {}", name.get())
            testid=format!("decide-clf-{i}")
            level=Level::H2
            large=large
        >
            <div class="decide-clf-grid">
                <div class="decide-clf-counts">
                    <MatrixEditor
                        value=matrix
                        row_labels=classes
                        col_labels=classes
                        corner=derived(|| "output ↓ / true →".to_string())
                        check=check
                        on_commit=commit
                        label=derived(move || format!("Confusion counts of {}", name.get()))
                        testid=format!("decide-cm-{i}")
                        non_negative=true
                        row_axis="output"
                        col_axis="true"
                    />
                </div>
                <div class="decide-clf-result">
                    {rx(move || error().map(|e| view! { <p class="notice is-error" role="alert" data-testid=format!("decide-clf-error-{i}")>{e}</p> }))}
                    <YieldPair part=part i=i />
                    <ul class="decide-sentences" data-testid=format!("decide-sentences-{i}")>
                        {rx(move || sentences().into_iter().map(|s| view! { <li>{s}</li> }).collect_view())}
                    </ul>
                </div>
            </div>
            {rx(move || part.with(|p| p.as_ref().and_then(|p| p.remap.as_ref().ok().cloned())).map(|r| view! { <RemapTables r=r i=i /> }))}
            <Show when=cond(move || has_posterior.get())>
                <PlotCanvas
                    plot=memo(move |_| posterior.get().unwrap_or_default())
                    name=format!("posterior-{i}")
                    label="p(class | output) for each output label, with the decision for each"
                    testid=format!("decide-posterior-{i}")
                />
            </Show>
            <div class="row-actions">
                <button type="button" class="btn btn-small" on:click=handler(export_csv) data-testid=format!("export-remap-csv-{i}")>
                    "Remapping table (CSV)"
                </button>
            </div>
            <BalanceStudy part=part i=i />
        </Card>
    }
}

/// Raw and remapped yield per item, side by side.
#[component]
fn YieldPair(part: Computed<Option<ClassifierPart>>, i: usize) -> impl IntoView {
    let yields = move || {
        part.with(|p| {
            p.as_ref()
                .and_then(|p| p.remap.as_ref().ok())
                .map(|r| (r.raw_yield, r.remapped_yield, r.totals, r.counts.test_size))
        })
    };
    view! {
        <Show when=cond(move || yields().is_some())>
            <div class="verdict-pair decide-yields">
                <div class="verdict-cell">
                    <span class="verdict-label">"Raw yield per item"</span>
                    <strong data-testid=format!("raw-yield-{i}")>{rx(move || yields().map(|y| prose(y.0)))}</strong>
                    <span class="hint">"each output taken as the decision"</span>
                </div>
                <div class="verdict-cell is-optimal">
                    <span class="verdict-label">"Remapped yield per item"</span>
                    <strong data-testid=format!("remap-yield-{i}")>{rx(move || yields().map(|y| prose(y.1)))}</strong>
                    <span class="hint">
                        {rx(move || yields().and_then(|y| Some(format!("over {} items: {} (raw {})", prose(y.3?), prose(y.2?.1), prose(y.2?.0)))))}
                    </span>
                </div>
            </div>
        </Show>
    }
}

/// The table per output label, and p(output | class).
#[component]
fn RemapTables(r: LabelOnly, i: usize) -> impl IntoView {
    let dc = expect_context::<DecideContext>();
    let (decisions, classes) = dc
        .analysis
        .with_untracked(|a| (a.decisions.clone(), a.classes.clone()));
    let pog = r.output_given_class.clone();
    let pog_rows: Vec<Vec<f64>> = (0..pog.rows()).map(|o| pog.row(o).to_vec()).collect();
    let rows = r
        .outputs
        .iter()
        .map(|o| {
            view! {
                <tr class:is-changed=o.changed>
                    <th scope="row">{classes[o.output].clone()}</th>
                    <td class="best-decision" data-testid=format!("remap-{i}-{}", o.output)>
                        <strong>{decisions[o.decision].clone()}</strong>
                        " (" {prose(o.expected[o.decision])} ")"
                    </td>
                    <td>{decisions[o.output].clone()} " (" {prose(o.expected[o.output])} ")"</td>
                    <td class="num">{number(o.probability, 3)}</td>
                    {o.posterior.iter().map(|v| view! { <td class="num">{number(*v, 3)}</td> }).collect_view()}
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="matrix-editor decide-remap" role="region" tabindex="0" aria-label="What each output label should make you do">
            <table class="matrix" data-testid=format!("decide-remap-{i}")>
                <caption>"What each output label should make you do: p(class | output) at the base rates (eq. 23) and the decision of highest expected utility Ū"</caption>
                <thead>
                    <tr>
                        // The answer next to the output: on a phone it is in sight without scrolling.
                        <th scope="col">"It says"</th>
                        <th scope="col">"Best decision (Ū)"</th>
                        <th scope="col">"Raw decision (Ū)"</th>
                        <th scope="col" class="num">"p(output)"</th>
                        {classes.iter().map(|c| view! { <th scope="col" class="num">"p(" {c.clone()} " | output)"</th> }).collect_view()}
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        <details class="decide-pog">
            <summary>"p(output | class) with α = " {prose(r.alpha)}</summary>
            <div class="matrix-editor">
                <MatrixTable
                    caption="p(output | class) = (M + α) / (N_c + n·α); each column sums to 1"
                    row_labels=classes.clone()
                    col_labels=classes.clone()
                    rows=pog_rows
                    testid=format!("decide-pog-{i}")
                />
            </div>
        </details>
    }
}

/// Test-set, balanced and deployment shares side by side.
#[component]
fn BalanceStudy(part: Computed<Option<ClassifierPart>>, i: usize) -> impl IntoView {
    let dc = expect_context::<DecideContext>();
    // The names only: the table is not rebuilt when a slider moves the item.
    let names = memo(move |_| {
        dc.analysis
            .with(|a| (a.decisions.clone(), a.classes.clone()))
    });
    let table = move || {
        let (decisions, classes) = names.get();
        part.with(|p| {
            let p = p.as_ref()?;
            let b = p.balance.as_ref().ok()?;
            let rows = b
                .cases
                .iter()
                .map(|c| {
                    let rule = c
                        .decisions
                        .iter()
                        .enumerate()
                        .map(|(o, d)| format!("{} → {}", classes[o], decisions[*d]))
                        .collect::<Vec<_>>()
                        .join(", ");
                    view! {
                        <tr data-testid=format!("balance-{i}-{}", c.kind.label().replace(' ', "-"))>
                            <th scope="row">{capitalize(c.kind.label())}</th>
                            <td class="num">{prose(c.real_yield)}</td>
                            <td class="num">{prose(c.loss)}</td>
                            <td class="num">{prose(c.claimed_yield)}</td>
                            <td>{shares_text(&c.shares, &classes)}</td>
                            <td>{rule}</td>
                        </tr>
                    }
                })
                .collect_view();
            Some(view! {
                <div class="matrix-editor">
                    <table class="matrix decide-balance" data-testid=format!("decide-balance-{i}")>
                        <caption>"Decisions tuned for each set of class shares, and what they really yield at the deployment's"</caption>
                        <thead>
                            <tr>
                                <th scope="col">"Tuned for"</th>
                                <th scope="col" class="num">"Yield in deployment"</th>
                                <th scope="col" class="num">"Loss"</th>
                                <th scope="col" class="num">"Yield claimed"</th>
                                <th scope="col">"Shares"</th>
                                <th scope="col">"It says → decide"</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                <ul class="decide-sentences">
                    {p.balance_sentences.iter().map(|s| view! { <li>{s.clone()}</li> }).collect_view()}
                </ul>
            })
        })
    };
    view! {
        <details class="decide-balance-study" data-testid=format!("decide-balance-study-{i}")>
            <summary>"Don't balance classes: test-set, balanced and deployment shares"</summary>
            <p class="hint">
                "Re-weighting a test set to equal class shares changes p(class | output), so it changes which decision is best for each output — for shares that will never occur. Tune the decisions to the base rates where the classifier will be used (Porta Mana, course notes)."
            </p>
            {table}
        </details>
    }
}
