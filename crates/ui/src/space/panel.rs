//! Beside the diagram: the current matrix (or the dragged one) as typed, normalized (eq. 12)
//! and as its point (eq. 13); every contestant's yield and how much of the diagram it wins;
//! who is best and how far that holds ("A stays best unless …").

use crate::{memo, rx};
use leptos::prelude::*;

use super::context::SpaceContext;
use crate::widgets::matrix_table::MatrixTable;
use ulab_core::text::{number, percent};
use ulab_state::space::model::reading;

/// The panel.
///
/// Over ~120 lines: one `view!` of the panel's markup.
#[component]
pub fn PointPanel() -> impl IntoView {
    let sc = expect_context::<SpaceContext>();
    let now = memo(move |_| {
        let live = sc.live.get();
        sc.model
            .with(|m| m.as_ref().ok().and_then(|m| reading(m, live.as_ref())))
    });
    let names = memo(move |_| {
        sc.model.with(|m| {
            m.as_ref()
                .map(|m| (m.decisions.clone(), m.classes.clone()))
                .unwrap_or_default()
        })
    });
    view! {
        <aside class="space-panel card" aria-label="Your utility matrix" data-testid="space-panel">
            {rx(move || {
                now.get()
                    .map(|n| {
                        let (decisions, classes) = names.get();
                        let rows = n.typed.len();
                        let caption = if n.live {
                            "Your utility matrix (dragging; applied on release)"
                        } else {
                            "Your utility matrix, as typed"
                        };
                        let row_labels: Vec<String> = (0..rows)
                            .map(|d| decisions.get(d).cloned().unwrap_or_else(|| d.to_string()))
                            .collect();
                        let col_labels: Vec<String> = (0..n.typed.first().map_or(0, Vec::len))
                            .map(|c| classes.get(c).cloned().unwrap_or_else(|| c.to_string()))
                            .collect();
                        let winner = n.verdict.winner;
                        let yields = n
                            .names
                            .iter()
                            .enumerate()
                            .map(|(k, name)| {
                                let y = n.verdict.yields.get(k).copied().unwrap_or(f64::NAN);
                                let share = n.shares.get(k).copied().unwrap_or(0.0);
                                view! {
                                    <tr class:is-best=k == winner>
                                        <th scope="row">{name.clone()}</th>
                                        <td class="num">{number(y, 4)}</td>
                                        <td class="num">{percent(share, 1)}</td>
                                    </tr>
                                }
                            })
                            .collect_view();
                        view! {
                            <div class="space-matrix" data-testid="space-typed" data-matrix=n.syntax.clone()>
                                <MatrixTable
                                    caption=caption
                                    row_labels=row_labels
                                    col_labels=col_labels
                                    rows=n.typed.clone()
                                    decimals=4
                                    testid="space-typed-table"
                                />
                                <p class="space-syntax">
                                    "In a link: " <code data-testid="space-u">{n.syntax.clone()}</code>
                                </p>
                            </div>
                            {n
                                .normalized
                                .clone()
                                .map(|(norm, xy)| {
                                    view! {
                                        <dl class="space-coords">
                                            <dt>"Normalized (eq. 12)"</dt>
                                            <dd data-testid="space-normalized">{norm}</dd>
                                            <dt>"Point (x, y) (eq. 13)"</dt>
                                            <dd data-testid="space-xy">{xy}</dd>
                                        </dl>
                                    }
                                })}
                            <table class="space-yields" data-testid="space-yields">
                                <caption>"Yield per item here, and where each is best"</caption>
                                <thead>
                                    <tr>
                                        <th scope="col">"classifier"</th>
                                        <th scope="col">"yield"</th>
                                        <th scope="col">"share of the diagram"</th>
                                    </tr>
                                </thead>
                                <tbody>{yields}</tbody>
                            </table>
                            <p class="space-headline" aria-live="polite" data-testid="space-headline">
                                {n.verdict.headline.clone()}
                            </p>
                            <p class="space-sentence" data-testid="space-sentence">
                                {n.verdict.sentence.clone()}
                            </p>
                            <details class="space-margins">
                                <summary>"How far each utility may move"</summary>
                                <ul>
                                    {n
                                        .verdict
                                        .lines
                                        .iter()
                                        .map(|l| view! { <li>{l.clone()}</li> })
                                        .collect_view()}
                                </ul>
                            </details>
                        }
                            .into_any()
                    })
                    .unwrap_or_else(|| view! { <p class="hint">"Nothing to show yet."</p> }.into_any())
            })}
        </aside>
    }
}
