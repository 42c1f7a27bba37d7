//! A table that may scroll sideways on a narrow screen: a region that keyboard users can reach
//! and scroll (`tabindex="0"`), named for screen readers, with a shadow at each edge that has
//! more to show (style/app.css `.table-scroll`).

use leptos::prelude::*;

/// `table`, wrapped so that it scrolls sideways instead of widening the page; `label` says
/// what it shows, e.g. "Yields of the classifiers".
///
/// (A function, not a component: the table is built by the caller, who may borrow.)
pub fn table_scroll(label: impl Into<String>, table: impl IntoView) -> impl IntoView {
    view! {
        <div class="table-scroll" role="region" tabindex="0" aria-label=label.into()>
            {table}
        </div>
    }
}
