//! Each classifier's utility yield (per item and over the test set, and under the deployment
//! class shares when they are set), the ranking as a bar chart, and the trivial "always decide
//! d" classifiers as reference rows and reference lines. The numbers are
//! [`ulab_state::compare::yields`]'s.

use crate::widgets::table_scroll::table_scroll;
use crate::{Computed, memo, rx};
use leptos::prelude::*;

use super::context::CompareContext;
use crate::context::use_app;
use crate::lazy::{deferred, split_entry};
use crate::web::use_download::use_download;
use crate::web::use_sure::SureState;
use crate::widgets::card::{Card, CardActions, CsvButton, Level};
use crate::widgets::plot_canvas::PlotCanvas;
use ulab_core::text::number;
use ulab_plot::yields::YieldChart;
use ulab_state::compare::yields::{
    YieldLine, YieldsTable, with_sureness, yields_chart, yields_table,
};
use ulab_state::compare::yields_csv;

/// The yields table and chart.
#[component]
pub fn YieldsPanel() -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let cc = expect_context::<CompareContext>();
    let chart = memo(move |_| {
        let chart = ctx.state.with(|s| {
            cc.analysis.with(|a| match a {
                Ok(a) => yields_chart(s, a),
                Err(_) => YieldChart::default(),
            })
        });
        // The 90 % intervals, once worked out.
        cc.sure.with(|sure| match sure {
            SureState::Done(r) => with_sureness(chart, r),
            _ => chart,
        })
    });
    let table = memo(move |_| {
        ctx.state.with(|s| {
            cc.analysis.with(|a| match a {
                Ok(a) => yields_table(s, a),
                Err(_) => YieldsTable::default(),
            })
        })
    });
    let export_csv = move |_| {
        let text = ctx.state.with_untracked(|s| {
            cc.analysis
                .with_untracked(|a| a.as_ref().ok().map(|a| yields_csv(s, a)))
        });
        if let Some(text) = text {
            download.csv("utility-yields.csv", &text);
        }
    };
    let beaten_note = move || {
        table.with(|t| t.beaten_note()).map(|t| {
            view! { <p class="notice is-warning beaten-note" role="note" data-testid="beaten-note">{t}</p> }
        })
    };
    let chart_signal = chart;
    view! {
        <Card class="yields" title_id="yields-title" title="Utility yield" testid="yields" level=Level::H2>
            <CardActions slot>
                <CsvButton on_click=export_csv testid="export-yields-csv" label="Download the yields table as CSV" />
            </CardActions>
            <p class="hint">
                "Average utility per item on the test set, Σ U" <sub>"ij"</sub> " C" <sub>"ij"</sub>
                ", in the unit of your utility matrix; higher is better. Deciding the same thing for every item is the baseline to beat."
            </p>
            <YieldsTableView table=table />
            {rx(beaten_note)}
            {deferred("the chart", chart_entry, chart_signal)}
        </Card>
    }
}

/// The table: a row per classifier, ranked, then the reference rows.
#[component]
fn YieldsTableView(table: Computed<YieldsTable>) -> impl IntoView {
    let has_dep = move || table.with(|t| t.has_deployment);
    let has_totals = move || table.with(|t| t.has_totals);
    let total_label = move || match table.with(|t| t.n_items) {
        Some(n) => format!("Total, {} items", number(n, 6)),
        None => "Total".to_string(),
    };
    let classifier_rows = move || {
        let t = table.get();
        let (totals, dep) = (t.has_totals, t.has_deployment);
        t.classifiers
            .into_iter()
            .map(|l| classifier_row(l, totals, dep))
            .collect_view()
    };
    let reference_rows = move || {
        let t = table.get();
        let (totals, dep) = (t.has_totals, t.has_deployment);
        t.references
            .into_iter()
            .map(|l| reference_row(l, totals, dep))
            .collect_view()
    };
    table_scroll(
        "Yields of the classifiers",
        view! {
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
                        <th scope="rowgroup" colspan=move || table.with(|t| t.columns())>
                            "Reference: one decision for every item"
                        </th>
                    </tr>
                    {reference_rows}
                </tbody>
            </table>
        },
    )
}

/// A classifier's row: rank, name, yield per item, total (`totals`), and yield and rank under
/// the deployment shares (`dep`).
fn classifier_row(l: YieldLine, totals: bool, dep: bool) -> impl IntoView {
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
}

/// A reference row ("always d"): not ranked, marked when it beats every classifier.
fn reference_row(l: YieldLine, totals: bool, dep: bool) -> impl IntoView {
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
}

split_entry!(
    /// The bar chart, in the chunk `compare` (`ui::lazy`): the drawing code (plotters, the
    /// canvas, the exports) loads after the page shows the yields table.
    chart_entry,
    compare,
    Computed<YieldChart>,
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
