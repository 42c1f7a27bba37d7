//! Each classifier's utility yield (per item and over the test set, and under the deployment
//! class shares when they are set), the ranking as a bar chart, and the trivial "always decide
//! d" classifiers as reference rows and reference lines.

use crate::widgets::table_scroll::table_scroll;
use crate::{handler, memo, rx};
use leptos::prelude::*;

use super::CompareContext;
use crate::context::use_app;
use crate::lazy::{deferred, split_entry};
use crate::widgets::plot_canvas::PlotCanvas;
use ulab_core::text::number;
use ulab_plot::yields::{Sureness, YieldChart};
use ulab_state::AppState;
use ulab_state::compare::{Analysis, yields_csv};

/// One line of the yields table (a classifier or a trivial reference classifier).
#[derive(Debug, Clone, PartialEq)]
struct Line {
    /// Rank on the test set (`None` for reference rows).
    rank: Option<usize>,
    name: String,
    /// Yield per item on the test set.
    value: f64,
    /// Total over the test set (counts only).
    total: Option<f64>,
    /// Yield per item and rank under the deployment class shares.
    deployment: Option<(f64, Option<usize>)>,
    /// Ranked first (classifiers) / beats every classifier (references).
    highlight: bool,
}

/// What the table shows, in display order.
#[derive(Debug, Clone, PartialEq, Default)]
struct Table {
    classifiers: Vec<Line>,
    references: Vec<Line>,
    /// The test set's size when every classifier's matrix holds counts of the same size.
    n_items: Option<f64>,
    has_totals: bool,
    has_deployment: bool,
    /// The reference that beats every classifier on the test set / under deployment.
    beaten: Option<String>,
    beaten_deployment: Option<String>,
}

fn table_of(s: &AppState, a: &Analysis) -> Table {
    let dep = a.deployment.as_ref();
    let classifiers = a
        .test
        .ranking
        .iter()
        .enumerate()
        .map(|(rank, &i)| {
            let row = &a.test.rows[i];
            Line {
                rank: Some(rank + 1),
                name: s.classifiers()[i].name.clone(),
                value: row.yield_value,
                total: row.total,
                deployment: dep.map(|d| {
                    (
                        d.rows[i].yield_value,
                        d.ranking.iter().position(|j| *j == i).map(|r| r + 1),
                    )
                }),
                highlight: a.test.best.contains(&i),
            }
        })
        .collect();
    let n_items = {
        let totals: Vec<f64> = s.classifiers().iter().map(|c| c.matrix.sum()).collect();
        let counts = a.test.rows.iter().all(|r| r.total.is_some());
        match totals.first() {
            Some(t) if counts && totals.iter().all(|u| u == t) => Some(*t),
            _ => None,
        }
    };
    let references = a
        .test
        .trivial
        .iter()
        .enumerate()
        .map(|(d, y)| Line {
            rank: None,
            name: format!(
                "always {}",
                s.decisions().get(d).cloned().unwrap_or_default()
            ),
            value: *y,
            total: n_items.map(|n| n * y),
            deployment: dep.and_then(|dd| dd.trivial.get(d)).map(|v| (*v, None)),
            highlight: a.test.trivial_best == Some(d)
                || dep.is_some_and(|dd| dd.trivial_best == Some(d)),
        })
        .collect();
    let name_of = |d: usize| s.decisions().get(d).cloned().unwrap_or_default();
    Table {
        classifiers,
        references,
        n_items,
        has_totals: a.test.rows.iter().any(|r| r.total.is_some()),
        has_deployment: dep.is_some(),
        beaten: a.test.trivial_best.map(name_of),
        beaten_deployment: dep.and_then(|d| d.trivial_best).map(name_of),
    }
}

fn chart_of(s: &AppState, a: &Analysis) -> YieldChart {
    let order = &a.test.ranking;
    let mut references: Vec<(String, f64)> = s
        .decisions()
        .iter()
        .zip(a.test.trivial.iter())
        .map(|(d, y)| (format!("always {d}"), *y))
        .collect();
    if let Some(d) = &a.deployment {
        references.extend(
            s.decisions()
                .iter()
                .zip(d.trivial.iter())
                .map(|(d, y)| (format!("always {d} (deployment)"), *y)),
        );
    }
    YieldChart {
        names: order
            .iter()
            .map(|i| s.classifiers()[*i].name.clone())
            .collect(),
        yields: order.iter().map(|i| a.test.rows[*i].yield_value).collect(),
        deployment: a
            .deployment
            .as_ref()
            .map(|d| order.iter().map(|i| d.rows[*i].yield_value).collect()),
        references,
        x_title: "utility yield per item".into(),
        sure: vec![],
    }
}

/// The yields table and chart.
///
/// Over ~120 lines: its length is one `view!` of the panel's markup and the handlers it needs,
/// which read best together.
#[component]
pub fn YieldsPanel() -> impl IntoView {
    let ctx = use_app();
    let cc = expect_context::<CompareContext>();
    let chart = memo(move |_| {
        let mut chart = ctx.state.with(|s| {
            cc.analysis.with(|a| match a {
                Ok(a) => chart_of(s, a),
                Err(_) => YieldChart::default(),
            })
        });
        // The 90 % intervals, once worked out (classifiers in the chart's order).
        cc.sure.with(|sure| {
            if let crate::web::use_sure::SureState::Done(r) = sure {
                chart.sure = chart
                    .names
                    .iter()
                    .map(|n| {
                        let k = r.names.iter().position(|m| m == n)?;
                        let y = r.sure.yields[k];
                        Some(Sureness {
                            low: y.low,
                            high: y.high,
                            p_best: r.sure.p_best[k],
                        })
                    })
                    .collect();
            }
        });
        chart
    });
    let table = memo(move |_| {
        ctx.state.with(|s| {
            cc.analysis.with(|a| match a {
                Ok(a) => table_of(s, a),
                Err(_) => Table::default(),
            })
        })
    });
    let has_dep = move || table.with(|t| t.has_deployment);
    let has_totals = move || table.with(|t| t.has_totals);
    let total_label = move || match table.with(|t| t.n_items) {
        Some(n) => format!("Total, {} items", number(n, 6)),
        None => "Total".to_string(),
    };
    let columns = move || 3 + usize::from(has_totals()) + 2 * usize::from(has_dep());

    let classifier_rows = move || {
        let t = table.get();
        let dep = t.has_deployment;
        let totals = t.has_totals;
        t.classifiers
            .into_iter()
            .map(|l| {
                let name = l.name.clone();
                let y = l.value;
                view! {
                    <tr class:is-best=l.highlight data-testid=format!("yield-row-{name}")>
                        <td class="num rank" data-testid=format!("rank-{name}")>
                            {l.rank.map(|r| r.to_string()).unwrap_or_default()}
                            {l.highlight.then(|| view! { <span class="visually-hidden">" (highest yield)"</span> })}
                        </td>
                        <th scope="row" class="name-cell">
                            <span class="name-text">{name.clone()}</span>
                        </th>
                        <td class="num yield-value">
                            <span data-testid=format!("yield-{name}") data-value=y.to_string() title=y.to_string()>
                                {number(y, 4)}
                            </span>
                        </td>
                        {totals
                            .then(|| {
                                view! {
                                    <td class="num" data-testid=format!("total-{name}")>
                                        {l.total.map(|t| number(t, 2)).unwrap_or_else(|| "—".into())}
                                    </td>
                                }
                            })}
                        {dep
                            .then(|| {
                                let (d, r) = l.deployment.unwrap_or((f64::NAN, None));
                                view! {
                                    <td class="num deployment-col yield-value">
                                        <span
                                            data-testid=format!("deployment-yield-{name}")
                                            data-value=d.to_string()
                                            title=d.to_string()
                                        >
                                            {number(d, 4)}
                                        </span>
                                    </td>
                                    <td class="num rank" data-testid=format!("deployment-rank-{name}")>
                                        {r.map(|r| r.to_string()).unwrap_or_default()}
                                    </td>
                                }
                            })}
                    </tr>
                }
            })
            .collect_view()
    };
    let reference_rows = move || {
        let t = table.get();
        let dep = t.has_deployment;
        let totals = t.has_totals;
        t.references
            .into_iter()
            .map(|l| {
                let name = l.name.clone();
                let id = name.trim_start_matches("always ").to_string();
                view! {
                    <tr class="reference-row" class:beats-all=l.highlight>
                        <td class="num rank" aria-label="reference, not ranked">"–"</td>
                        <th scope="row" class="name-cell">
                            <span class="name-text">{name}</span>
                            {l
                                .highlight
                                .then(|| {
                                    view! {
                                        <span class="badge badge-warn" data-testid="beats-all">
                                            "beats every classifier"
                                        </span>
                                    }
                                })}
                        </th>
                        <td class="num">
                            <span data-testid=format!("trivial-{id}") data-value=l.value.to_string()>
                                {number(l.value, 4)}
                            </span>
                        </td>
                        {totals
                            .then(|| {
                                view! {
                                    <td class="num">
                                        {l.total.map(|t| number(t, 2)).unwrap_or_else(|| "—".into())}
                                    </td>
                                }
                            })}
                        {dep
                            .then(|| {
                                let d = l.deployment.map(|d| d.0).unwrap_or(f64::NAN);
                                view! {
                                    <td class="num deployment-col">
                                        <span data-testid=format!("deployment-trivial-{id}") data-value=d.to_string()>
                                            {number(d, 4)}
                                        </span>
                                    </td>
                                    <td class="num rank">"–"</td>
                                }
                            })}
                    </tr>
                }
            })
            .collect_view()
    };
    let beaten_note = move || {
        let t = table.get();
        let text = match (t.beaten, t.beaten_deployment) {
            (Some(a), Some(b)) if a == b => Some(format!(
                "Deciding '{a}' for every item yields more than every classifier, on the test set and under the deployment class shares."
            )),
            (Some(a), Some(b)) => Some(format!(
                "Deciding '{a}' for every item yields more than every classifier on the test set; deciding '{b}' does under the deployment class shares."
            )),
            (Some(a), None) => Some(format!(
                "Deciding '{a}' for every item, without any classifier, yields more than every classifier."
            )),
            (None, Some(b)) => Some(format!(
                "Under the deployment class shares, deciding '{b}' for every item yields more than every classifier."
            )),
            (None, None) => None,
        };
        text.map(|t| view! { <p class="notice is-warning beaten-note" role="note" data-testid="beaten-note">{t}</p> })
    };
    let export_csv = move |_| {
        let text = ctx.state.with_untracked(|s| {
            cc.analysis
                .with_untracked(|a| a.as_ref().ok().map(|a| yields_csv(s, a)))
        });
        if let Some(text) = text {
            ctx.save_csv("utility-yields.csv", &text);
        }
    };
    let chart_signal: Signal<YieldChart> = chart.into();
    view! {
        <section class="card yields" aria-labelledby="yields-title" data-testid="yields">
            <div class="card-head">
                <h2 id="yields-title">"Utility yield"</h2>
                <button
                    type="button"
                    class="btn btn-small"
                    on:click=handler(export_csv)
                    data-testid="export-yields-csv"
                    aria-label="Download the yields table as CSV"
                >
                    "CSV"
                </button>
            </div>
            <p class="hint">
                "Average utility per item on the test set, Σ U" <sub>"ij"</sub> " C" <sub>"ij"</sub>
                ", in the unit of your utility matrix; higher is better. Deciding the same thing for every item is the baseline to beat."
            </p>
            {table_scroll("Yields of the classifiers", view! {
                <table class="results yields-table" data-testid="yields-table">
                    <caption class="visually-hidden">
                        "Utility yield of each classifier, ranked, with the trivial classifiers as reference"
                    </caption>
                    <thead>
                        <Show when=has_dep>
                            <tr class="group-row">
                                <td colspan="2"></td>
                                <th scope="colgroup" colspan=rx(move || 1 + usize::from(has_totals()))>
                                    "Test set"
                                </th>
                                <th scope="colgroup" colspan="2" class="deployment-col">
                                    "Deployment"
                                </th>
                            </tr>
                        </Show>
                        <tr>
                            <th scope="col" class="num">"Rank"</th>
                            <th scope="col">"Classifier"</th>
                            <th scope="col" class="num">
                                "Per item"
                            </th>
                            <Show when=has_totals>
                                <th scope="col" class="num">{total_label}</th>
                            </Show>
                            <Show when=has_dep>
                                <th scope="col" class="num deployment-col">"Per item"</th>
                                <th scope="col" class="num">"Rank"</th>
                            </Show>
                        </tr>
                    </thead>
                    <tbody>{classifier_rows}</tbody>
                    <tbody class="reference-rows" data-testid="reference-rows">
                        <tr class="reference-head">
                            <th scope="rowgroup" colspan=columns>
                                "Reference: one decision for every item"
                            </th>
                        </tr>
                        {reference_rows}
                    </tbody>
                </table>
            })}
            {beaten_note}
            {deferred("the chart", chart_entry, chart_signal)}
        </section>
    }
}

split_entry!(
    /// The bar chart, in the chunk `compare` (`ui::lazy`): the drawing code (plotters, the
    /// canvas, the exports) loads after the page shows the yields table.
    chart_entry,
    compare,
    Signal<YieldChart>,
    |plot| {
        view! {
            <PlotCanvas
                plot=plot
                name="utility-yields"
                label="Bar chart of each classifier's utility yield, with the trivial classifiers as dashed reference lines"
                testid="yields-chart"
            />
        }
        .into_any()
    }
);
