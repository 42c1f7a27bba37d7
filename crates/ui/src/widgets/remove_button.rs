//! The "×" button that removes one item of a list (a classifier, a class, a decision).

use leptos::prelude::*;

use crate::{handler, rx};

/// A small "×" button: `label` names what it removes for screen readers, `title` is its
/// tooltip, and it is greyed out while `disabled`.
#[component]
pub fn RemoveButton(
    /// Removes the item.
    on_remove: Callback<()>,
    /// The accessible name, e.g. "Remove class long".
    #[prop(into)]
    label: Signal<String>,
    /// The tooltip.
    #[prop(into)]
    title: Signal<String>,
    /// Whether the item may not be removed now.
    #[prop(optional, into)]
    disabled: Signal<bool>,
    /// The button's `data-testid`.
    testid: String,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="btn btn-icon"
            on:click=handler(move |_| on_remove.run(()))
            disabled=rx(move || disabled.get())
            aria-label=rx(move || label.get())
            title=rx(move || title.get())
            data-testid=testid
        >
            "×"
        </button>
    }
}
