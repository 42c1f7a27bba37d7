//! A number field applied on change, with its error under it ([`NumberField`]); a settings
//! panel's fields as a table, one [`Field`] a row ([`number_fields`]); and the parsers that
//! apply a typed real or whole number to the app state.
//!
//! ```ignore
//! let mc = memo(move |_| ctx.state.with(|s| s.mc.clone()));
//! let fields = [Field {
//!     label: "Seed",
//!     testid: "mc-seed",
//!     step: "1",
//!     min: "0",
//!     max: None,
//!     hint: "",
//!     read: |m| m.seed.to_string(),
//!     apply: whole_setting(ctx, "seed", |s, v| s.mc.seed = v),
//! }];
//! view! { <div class="rel-fields">{number_fields(mc, fields)}</div> }
//! ```

use crate::{Computed, Var, callback, derived, on_value};
use crate::{cond, rx};
use leptos::prelude::*;

use crate::context::AppContext;
use ulab_core::text::{parse_number, parse_whole};
use ulab_state::AppState;

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
    let error = Var::new(None::<String>);
    let id = format!("field-{testid}");
    let err_id = format!("{id}-error");
    let on_change = move |v: String| {
        error.set(apply.run(v).err());
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
                prop:value=rx(move || value.get())
                class:is-invalid=rx(move || error.get().is_some())
                aria-invalid=rx(move || if error.get().is_some() { "true" } else { "false" })
                aria-describedby=err_id.clone()
                on:change=on_value(on_change)
                data-testid=testid
            />
            <Show when=cond(move || has_hint)>
                <span class="hint">{hint.clone()}</span>
            </Show>
            <p class="field-error" id=err_id role="alert">{rx(move || error.get().unwrap_or_default())}</p>
        </div>
    }
}

/// One row of a settings table: a [`NumberField`] whose value is read from the settings `T`.
pub struct Field<T> {
    /// The label.
    pub label: &'static str,
    /// `data-testid` of the input (its `id` is `field-{testid}`).
    pub testid: &'static str,
    /// `step` of the input.
    pub step: &'static str,
    /// `min` of the input.
    pub min: &'static str,
    /// `max` of the input, if any.
    pub max: Option<u64>,
    /// A hint under the field ("" for none).
    pub hint: &'static str,
    /// The value in force, as text.
    pub read: fn(&T) -> String,
    /// Applies a typed value ([`real_setting`], [`whole_setting`], …).
    pub apply: Callback<String, Result<(), String>>,
}

impl<T: Send + Sync + 'static> Field<T> {
    /// The field, its value read from `source`.
    pub fn view(self, source: Computed<T>) -> impl IntoView + use<T> {
        let read = self.read;
        view! {
            <NumberField
                label=self.label
                value=derived(move || source.with(read))
                apply=self.apply
                testid=self.testid
                step=self.step
                min=self.min
                max=self.max.map(|m| m.to_string()).unwrap_or_default()
                hint=self.hint
            />
        }
    }
}

/// The fields of a settings table, in order, their values read from `source`.
pub fn number_fields<T: Send + Sync + 'static>(
    source: Computed<T>,
    fields: impl IntoIterator<Item = Field<T>>,
) -> impl IntoView {
    fields.into_iter().map(|f| f.view(source)).collect_view()
}

/// A field's `apply` for a real-valued setting: [`apply_real`] with `write`.
pub fn real_setting(
    ctx: AppContext,
    what: &'static str,
    write: fn(&mut AppState, f64),
) -> Callback<String, Result<(), String>> {
    callback(move |t: String| apply_real(&ctx, &t, what, write))
}

/// A field's `apply` for a whole-number setting: [`apply_whole`] with `write`.
pub fn whole_setting(
    ctx: AppContext,
    what: &'static str,
    write: fn(&mut AppState, u64),
) -> Callback<String, Result<(), String>> {
    callback(move |t: String| apply_whole(&ctx, &t, what, write))
}

/// Parses and applies a real-valued setting through `ctx` (looked up by the component that
/// makes the callback, never inside it).
pub fn apply_real(
    ctx: &AppContext,
    text: &str,
    what: &str,
    f: impl FnOnce(&mut AppState, f64),
) -> Result<(), String> {
    let v =
        parse_number(text).ok_or_else(|| format!("{what}: '{}' is not a number", text.trim()))?;
    ctx.edit(|s| f(s, v))
}

/// Parses and applies a whole-number setting (`1e6` and `1000000.0` are accepted as well as
/// `1000000`) through `ctx`.
pub fn apply_whole(
    ctx: &AppContext,
    text: &str,
    what: &str,
    f: impl FnOnce(&mut AppState, u64),
) -> Result<(), String> {
    let v = parse_whole(text)
        .ok_or_else(|| format!("{what}: '{}' is not a whole number ≥ 0", text.trim()))?;
    ctx.edit(|s| f(s, v))
}
