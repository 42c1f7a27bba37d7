//! Each classifier's utility yield (per item and over the test set), the ranking as a bar
//! chart, and the trivial "always decide k" classifiers as reference lines.

use leptos::prelude::*;

use super::compare_view::CompareContext;
use super::context::use_app;
use super::format::number;
use super::plot_canvas::PlotCanvas;
use crate::plot::yields::YieldChart;

/// The yields table and chart.
#[component]
pub fn YieldsPanel() -> impl IntoView {
    let ctx = use_app();
    let cc = expect_context::<CompareContext>();
    let chart = Memo::new(move |_| {
        let s = ctx.state.get();
        cc.analysis.with(|a| match a {
            Ok(a) => {
                let order = &a.test.ranking;
                YieldChart {
                    names: order.iter().map(|i| s.classifiers[*i].name.clone()).collect(),
                    yields: order.iter().map(|i| a.test.rows[*i].yield_value).collect(),
                    deployment: a
                        .deployment
                        .as_ref()
                        .map(|d| order.iter().map(|i| d.rows[*i].yield_value).collect()),
                    references: s
                        .decisions
                        .iter()
                        .zip(a.deployment.as_ref().unwrap_or(&a.test).trivial.iter())
                        .map(|(d, y)| (format!("always {d}"), *y))
                        .collect(),
                    x_title: "utility yield per item".into(),
                }
            }
            Err(_) => YieldChart::default(),
        })
    });
    let chart_signal: Signal<YieldChart> = chart.into();
    let rows = move || {
        let s = ctx.state.get();
        cc.analysis.with(|a| {
            let Ok(a) = a else { return Vec::new() };
            a.test
                .ranking
                .iter()
                .enumerate()
                .map(|(rank, &i)| {
                    let name = s.classifiers[i].name.clone();
                    let row = &a.test.rows[i];
                    let y = row.yield_value;
                    let dep = a.deployment.as_ref().map(|d| d.rows[i].yield_value);
                    view! {
                        <tr class:is-best=rank == 0>
                            <td class="num">{rank + 1}</td>
                            <th scope="row">{name.clone()}</th>
                            <td class="num">
                                <span data-testid=format!("yield-{name}") data-value=y.to_string()>
                                    {number(y, 4)}
                                </span>
                            </td>
                            <td class="num">{row.total.map(|t| number(t, 2)).unwrap_or_else(|| "—".into())}</td>
                            {dep.map(|d| view! {
                                <td class="num" data-testid=format!("deployment-yield-{name}") data-value=d.to_string()>
                                    {number(d, 4)}
                                </td>
                            })}
                        </tr>
                    }
                })
                .collect::<Vec<_>>()
        })
    };
    let has_deployment = move || cc.analysis.with(|a| a.as_ref().map(|a| a.deployment.is_some()).unwrap_or(false));
    view! {
        <section class="card yields" aria-labelledby="yields-title" data-testid="yields">
            <h2 id="yields-title">"Utility yield"</h2>
            <table class="results" data-testid="yields-table">
                <thead>
                    <tr>
                        <th scope="col" class="num">"Rank"</th>
                        <th scope="col">"Classifier"</th>
                        <th scope="col" class="num">"Per item"</th>
                        <th scope="col" class="num">"Total (test set)"</th>
                        <Show when=has_deployment>
                            <th scope="col" class="num">"Per item, deployment"</th>
                        </Show>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
            <PlotCanvas
                plot=chart_signal
                name="utility-yields"
                label="Bar chart of each classifier's utility yield, with the trivial classifiers as reference lines"
                testid="yields-chart"
            />
        </section>
    }
}
