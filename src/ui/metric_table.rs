//! The popular metrics of every classifier (Table 1 of seed 000), the favoured classifier
//! marked per metric, and whether each metric is admissible.

use leptos::prelude::*;

use super::compare_view::CompareContext;
use super::context::use_app;
use super::format::number;
use crate::core::metrics::Metric;
use crate::core::Score;

/// The metric table.
#[component]
pub fn MetricTable() -> impl IntoView {
    let ctx = use_app();
    let cc = expect_context::<CompareContext>();
    let names = Memo::new(move |_| ctx.state.with(|s| s.classifiers.iter().map(|c| c.name.clone()).collect::<Vec<_>>()));
    let body = move || {
        let names = names.get();
        let classes = ctx.state.with(|s| s.classes.clone());
        cc.analysis.with(|a| {
            let Ok(a) = a else { return Vec::new() };
            Metric::ALL
                .iter()
                .enumerate()
                .map(|(k, m)| {
                    let (best, _) = a.test.favoured[k].clone();
                    let cells = names
                        .iter()
                        .enumerate()
                        .map(|(i, n)| {
                            let score = a.test.rows[i].metrics[k].1;
                            let (text, title) = match score {
                                Score::Defined(v) => (number(v, 4), String::new()),
                                Score::Undefined(u) => ("—".to_string(), u.describe(&classes)),
                            };
                            let fav = best.contains(&i);
                            view! {
                                <td
                                    class="num"
                                    class:is-favoured=fav
                                    title=title
                                    data-testid=format!("metric-{}-{}", m.key(), n)
                                >
                                    {text}
                                </td>
                            }
                        })
                        .collect_view();
                    let admissible = a.admissibility[k].is_admissible();
                    view! {
                        <tr>
                            <th scope="row">{m.label()}</th>
                            {cells}
                            <td class="admissibility">{if admissible { "✓ admissible" } else { "✗" }}</td>
                        </tr>
                    }
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="card metrics" aria-labelledby="metrics-title" data-testid="metrics">
            <h2 id="metrics-title">"What the popular metrics say"</h2>
            <div class="table-scroll">
                <table class="results metric-table" data-testid="metric-table">
                    <thead>
                        <tr>
                            <th scope="col">"Metric"</th>
                            {move || names.get().into_iter().map(|n| view! { <th scope="col" class="num">{n}</th> }).collect_view()}
                            <th scope="col">"Decision theory"</th>
                        </tr>
                    </thead>
                    <tbody>{body}</tbody>
                </table>
            </div>
        </section>
    }
}
