//! The "Table" disclosure under a plot: the numbers it draws, built only while open.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::widgets::table_scroll::table_scroll;
use crate::{Var, handler, rx};
use ulab_plot::PlotTable;

/// The "Table" disclosure under a plot: `table` (read only while `open`) as a `<table>` that
/// scrolls sideways on a narrow screen, its note under it; `what` completes "Table" for screen
/// readers. Not generic: one copy for every plot.
pub(super) fn plot_table(open: Var<bool>, table: Signal<PlotTable>, what: String) -> impl IntoView {
    let toggle = move |ev: leptos::ev::Event| {
        let now = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|d| d.has_attribute("open"));
        open.set(now);
    };
    let body = move || {
        open.get().then(|| {
            let t = table.get();
            let head = t
                .headers
                .iter()
                .map(|h| view! { <th scope="col">{h.clone()}</th> })
                .collect_view();
            let rows = t
                .rows
                .iter()
                .map(|r| {
                    let mut cells = r.iter();
                    let first = cells.next().cloned().unwrap_or_default();
                    let rest = cells
                        .map(|c| view! { <td class="num">{c.clone()}</td> })
                        .collect_view();
                    view! { <tr><th scope="row">{first}</th>{rest}</tr> }
                })
                .collect_view();
            let note = (!t.note.is_empty()).then(|| view! { <p class="hint">{t.note.clone()}</p> });
            // The caption is shown above the region (which may scroll sideways on a phone),
            // and kept in the table for screen readers.
            view! {
                <p class="plot-table-caption" aria-hidden="true">{t.caption.clone()}</p>
                {table_scroll(t.caption.clone(), view! {
                    <table>
                        <caption class="visually-hidden">{t.caption}</caption>
                        <thead><tr>{head}</tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                })}
                {note}
            }
        })
    };
    view! {
        <details class="plot-table" on:toggle=handler(toggle) data-testid="plot-table">
            <summary>"Table"<span class="visually-hidden">{what}</span></summary>
            {rx(body)}
        </details>
    }
}
