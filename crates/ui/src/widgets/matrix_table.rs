//! A matrix shown as a table, with both axes labelled so that no one mistakes its orientation.

use leptos::prelude::*;

use ulab_core::text::number;

/// The label of the table's corner cell: rows = the classifier's output (decision), columns =
/// the true class.
pub const AXES_LABEL: &str = "output ↓ / true →";

/// A matrix in the project's orientation (rows = output or decision, columns = true class).
#[component]
pub fn MatrixTable(
    /// What the matrix is, shown above it.
    #[prop(into)]
    caption: String,
    /// One label per row (outputs or decisions).
    row_labels: Vec<String>,
    /// One label per column (true classes).
    col_labels: Vec<String>,
    /// The values, row by row.
    rows: Vec<Vec<f64>>,
    /// At most this many decimals are shown.
    #[prop(default = 3)]
    decimals: usize,
    /// `data-testid` of the table, for the end-to-end tests.
    #[prop(into)]
    testid: String,
) -> impl IntoView {
    let body = rows
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let label = row_labels.get(i).cloned().unwrap_or_else(|| i.to_string());
            view! {
                <tr>
                    <th scope="row">{label}</th>
                    {row
                        .into_iter()
                        .map(|v| view! { <td class="num">{number(v, decimals)}</td> })
                        .collect_view()}
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="matrix" data-testid=testid>
            <caption>{caption}</caption>
            <thead>
                <tr>
                    <th scope="col" class="matrix-axes">
                        {AXES_LABEL}
                    </th>
                    {col_labels
                        .into_iter()
                        .map(|label| view! { <th scope="col">{label}</th> })
                        .collect_view()}
                </tr>
            </thead>
            <tbody>{body}</tbody>
        </table>
    }
}
