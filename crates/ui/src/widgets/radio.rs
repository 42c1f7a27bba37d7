//! A radio button bound to a choice ([`radio`]).

use crate::{Var, handler, rx};
use leptos::prelude::*;

/// One radio button of the group `group`, `<label><input type="radio"><span>label</span></label>`:
/// checked while `choice` holds `value`; choosing it sets `choice` to `value`.
pub fn radio<T>(
    choice: Var<T>,
    value: T,
    group: String,
    label: &'static str,
    testid: String,
) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
{
    view! {
        <label>
            <input
                type="radio"
                name=group
                prop:checked=rx(move || choice.get() == value)
                on:change=handler(move |_| choice.set(value))
                data-testid=testid
            />
            <span>{label}</span>
        </label>
    }
}
