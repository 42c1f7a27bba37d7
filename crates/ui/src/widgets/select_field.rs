//! A labelled drop-down list of choices, applied on change.

use leptos::prelude::*;

use crate::on_value;
use crate::rx;

/// A `<select>` under its label: each choice is `(value, text)`, the one whose value is
/// `selected` is shown chosen, and picking one calls `on_change` with its value.
#[component]
pub fn SelectField(
    /// The label.
    #[prop(into)]
    label: String,
    /// The `id` of the `<select>` (the label's `for`).
    #[prop(into)]
    id: String,
    /// The choices, `(value, text)`.
    #[prop(into)]
    options: Signal<Vec<(String, String)>>,
    /// The value of the choice in force.
    #[prop(into)]
    selected: Signal<String>,
    /// Called with the value picked.
    on_change: Callback<String>,
    /// `data-testid` of the `<select>`.
    #[prop(into)]
    testid: String,
) -> impl IntoView {
    let on_change = on_value(move |v| on_change.run(v));
    view! {
        <div class="rel-field">
            <label for=id.clone()>{label}</label>
            <select id=id on:change=on_change data-testid=testid>
                {rx(move || {
                    options
                        .get()
                        .into_iter()
                        .map(|(value, text)| {
                            let v = value.clone();
                            view! { <option value=value selected=rx(move || selected.with(|s| *s == v))>{text}</option> }
                        })
                        .collect_view()
                })}
            </select>
        </div>
    }
}

/// Choices from a table of `(value, text)` pairs written in the code.
pub fn choices(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(v, t)| (v.to_string(), t.to_string()))
        .collect()
}
