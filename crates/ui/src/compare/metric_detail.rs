//! The disclosure of one row of the metric table ([`super::metric_table`]): the metric's formula,
//! whether it is admissible (eq. 17 of Dyrland et al. 2022) with the equivalent utility matrix
//! or the reason it has none, and for more than two classes its value for each class.

use crate::widgets::table_scroll::table_scroll;
use leptos::prelude::*;

use crate::widgets::matrix_table::MatrixTable;
use ulab_core::Score;
use ulab_core::metrics::Admissibility;
use ulab_core::text::{fixed, number};
use ulab_state::compare::{Measure, TableRow};

/// A cell's text, tooltip and the value for `data-value` (empty when undefined).
pub(super) fn cell(score: &Score, decimals: usize, classes: &[String]) -> (String, String, String) {
    match score {
        Score::Defined(v) => (fixed(*v, decimals), v.to_string(), v.to_string()),
        Score::Undefined(u) => ("—".to_string(), u.describe(classes), String::new()),
    }
}

/// A matrix in link syntax with spaces (`[[1, 0], [0, 0]]`), for tooltips.
pub(super) fn matrix_text(a: &Admissibility) -> String {
    match a {
        Admissibility::Admissible(u) => {
            let m = u.matrix();
            let rows: Vec<String> = (0..m.rows())
                .map(|i| {
                    let cells: Vec<String> = m.row(i).iter().map(|v| number(*v, 4)).collect();
                    format!("[{}]", cells.join(", "))
                })
                .collect();
            format!("[{}]", rows.join(", "))
        }
        Admissibility::Inadmissible(_) => String::new(),
    }
}

/// The ▲ / ▼ after a favoured / disfavoured value.
pub(super) fn marks(fav: bool, dis: bool) -> impl IntoView {
    view! {
        {fav
            .then(|| {
                view! {
                    <span class="mark mark-favoured" aria-hidden="true">"▲"</span>
                    <span class="visually-hidden">" (favoured)"</span>
                }
            })}
        {dis
            .then(|| {
                view! {
                    <span class="mark mark-disfavoured" aria-hidden="true">"▼"</span>
                    <span class="visually-hidden">" (disfavoured)"</span>
                }
            })}
    }
}

/// The disclosure of metric `key`'s row.
#[component]
pub(super) fn MetricDetail(
    /// The row.
    row: TableRow,
    /// The metric's key.
    key: &'static str,
    /// The classifiers' names.
    names: Vec<String>,
    /// Decimals shown.
    decimals: usize,
    /// The number of classes.
    n: usize,
    /// The decisions' names.
    decisions: Vec<String>,
    /// The classes' names.
    classes: Vec<String>,
) -> impl IntoView {
    let r = row;
    let formula = r.measure.formula();
    let explanation = match (&r.measure, &r.admissibility) {
        (Measure::Yield, Admissibility::Admissible(u)) => view! {
            <p>
                "The utility yield is admissible by construction: it is the average utility per item under your utility matrix, the only measure decision theory allows (eq. 10 of Dyrland et al. 2022). Your matrix:"
            </p>
            <MatrixTable
                caption="Your utility matrix"
                row_labels=decisions.clone()
                col_labels=classes.clone()
                rows=u.matrix().to_rows()
                decimals=6
                testid=format!("adm-matrix-{key}")
            />
        }
        .into_any(),
        (_, Admissibility::Admissible(u)) => {
            let m = u.matrix();
            let rows_labels: Vec<String> = (0..m.rows())
                .map(|i| decisions.get(i).cloned().unwrap_or_else(|| i.to_string()))
                .collect();
            view! {
                <p>
                    <strong>"Admissible. "</strong>
                    "It is a linear function of the confusion matrix with coefficients that do not depend on it (eq. 17 of Dyrland et al. 2022): on one test set it ranks classifiers exactly as the utility yield of this utility matrix does, so it is the right measure when your utilities are equivalent to these (up to a positive factor and an offset):"
                </p>
                <MatrixTable
                    caption="Equivalent utility matrix"
                    row_labels=rows_labels
                    col_labels=classes.clone()
                    rows=m.to_rows()
                    decimals=4
                    testid=format!("adm-matrix-{key}")
                />
            }
            .into_any()
        }
        (_, Admissibility::Inadmissible(reason)) => view! {
            <p data-testid=format!("adm-reason-{key}")>
                <strong>"Not admissible: "</strong>
                {reason.to_string()}
                "."
            </p>
            <p class="hint">
                "Eq. 17 of Dyrland et al. 2022: a metric complies with decision theory only if, on a fixed test set, it can be written a·(X·C"
                <sub>"00"</sub>
                " + Y·C"
                <sub>"11"</sub>
                ") + b, with constants X, Y, a > 0 and b depending only on the test set's size and class shares — that is, as the utility yield of one fixed utility matrix. No utility matrix ranks every pair of classifiers as this metric does, so for some pairs its ranking is wrong whatever your utilities are."
            </p>
        }
        .into_any(),
    };
    let per_class = (!r.per_class.is_empty())
        .then(|| per_class_table(&r, key, &names, decimals, n, &decisions, &classes));
    view! {
        <div class="metric-detail-body">
            <p class="formula-line">
                <span class="hint">"Formula: "</span>
                <code>{formula}</code>
            </p>
            {explanation}
            {per_class}
        </div>
    }
}

/// The value of a per-class metric for each class, and its admissibility per class.
fn per_class_table(
    r: &TableRow,
    key: &'static str,
    names: &[String],
    decimals: usize,
    n: usize,
    decisions: &[String],
    classes: &[String],
) -> impl IntoView + use<> {
    let metric_label = match r.measure {
        Measure::Metric(m) => m.label(),
        _ => "",
    };
    let body = r
        .per_class
        .iter()
        .map(|c| {
            let class = classes.get(c.class).cloned().unwrap_or_default();
            let cells = c
                .values
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let (text, title, value) = cell(s, decimals, classes);
                    let fav = c.favoured.contains(&i);
                    let dis = c.disfavoured.contains(&i);
                    view! {
                        <td class="num" class:is-favoured=fav class:is-disfavoured=dis title=title data-value=value>
                            <span class="v">{text}</span>
                            {marks(fav, dis)}
                        </td>
                    }
                })
                .collect_view();
            let adm = match &c.admissibility {
                Admissibility::Admissible(u) => {
                    let text = matrix_text(&c.admissibility);
                    view! {
                        <details class="class-adm">
                            <summary title=format!("Equivalent utility matrix {text}")>"✓ admissible"</summary>
                            <MatrixTable
                                caption=format!("{metric_label} of '{class}'")
                                row_labels=decisions[..n.min(decisions.len())].to_vec()
                                col_labels=classes.to_vec()
                                rows=u.matrix().to_rows()
                                decimals=4
                                testid=format!("class-adm-{key}-{}", c.class)
                            />
                        </details>
                    }
                    .into_any()
                }
                Admissibility::Inadmissible(reason) => {
                    view! { <span class="adm-no" title=reason.to_string()>"✗ inadmissible"</span> }.into_any()
                }
            };
            view! {
                <tr>
                    <th scope="row">{class}</th>
                    {cells}
                    <td class="admissibility">{adm}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="per-class">
            <h4>{format!("{metric_label} of each class")}</h4>
            {table_scroll(format!("{metric_label} of each class"), view! {
                <table class="results per-class-table" data-testid=format!("per-class-{key}")>
                    <thead>
                        <tr>
                            <th scope="col">"Class"</th>
                            {names.iter().map(|n| view! { <th scope="col" class="num">{n.clone()}</th> }).collect_view()}
                            <th scope="col">"Admissible"</th>
                        </tr>
                    </thead>
                    <tbody>{body}</tbody>
                </table>
            })}
        </div>
    }
}
