//! A number field applied on change, with its error under it, and the parsers that apply a
//! typed real or whole number to the app state.

use leptos::prelude::*;

use crate::state::AppState;
use crate::ui::context::use_app;

/// A number field applied on change: a value that does not parse, or that the state refuses,
/// is explained under the field and the last good value stays in force.
#[component]
pub fn NumberField(
    /// The label.
    #[prop(into)]
    label: String,
    /// The value in force, as text.
    #[prop(into)]
    value: Signal<String>,
    /// Applies a typed value; `Err` explains why it was not applied.
    apply: Callback<String, Result<(), String>>,
    /// `data-testid` of the input.
    #[prop(into)]
    testid: String,
    /// `step` of the input.
    #[prop(into, optional)]
    step: String,
    /// `min` of the input.
    #[prop(into, optional)]
    min: String,
    /// `max` of the input.
    #[prop(into, optional)]
    max: String,
    /// A hint under the field.
    #[prop(into, optional)]
    hint: String,
) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    let id = format!("field-{testid}");
    let err_id = format!("{id}-error");
    let on_change = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        error.set(apply.run(text).err());
    };
    let step = (!step.is_empty()).then_some(step);
    let min = (!min.is_empty()).then_some(min);
    let max = (!max.is_empty()).then_some(max);
    let has_hint = !hint.is_empty();
    view! {
        <div class="rel-field">
            <label for=id.clone()>{label}</label>
            <input
                id=id
                type="number"
                inputmode="decimal"
                step=step
                min=min
                max=max
                prop:value=move || value.get()
                class:is-invalid=move || error.get().is_some()
                aria-invalid=move || if error.get().is_some() { "true" } else { "false" }
                aria-describedby=err_id.clone()
                on:change=on_change
                data-testid=testid
            />
            <Show when=move || has_hint>
                <span class="hint">{hint.clone()}</span>
            </Show>
            <p class="field-error" id=err_id role="alert">{move || error.get().unwrap_or_default()}</p>
        </div>
    }
}

/// Parses and applies a real-valued setting.
pub fn apply_real(
    text: &str,
    what: &str,
    f: impl FnOnce(&mut AppState, f64),
) -> Result<(), String> {
    let v: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{what}: '{}' is not a number", text.trim()))?;
    if !v.is_finite() {
        return Err(format!("{what}: not a finite number"));
    }
    use_app().edit(|s| f(s, v))
}

/// Parses and applies a whole-number setting.
pub fn apply_whole(
    text: &str,
    what: &str,
    f: impl FnOnce(&mut AppState, u64),
) -> Result<(), String> {
    let t = text.trim();
    // Accept 1e6 and 1000000.0 as well as 1000000.
    let v: u64 = match t.parse::<u64>() {
        Ok(v) => v,
        Err(_) => match t.parse::<f64>() {
            Ok(x) if x >= 0.0 && x.fract() == 0.0 && x <= u64::MAX as f64 => x as u64,
            _ => return Err(format!("{what}: '{t}' is not a whole number ≥ 0")),
        },
    };
    use_app().edit(|s| f(s, v))
}
