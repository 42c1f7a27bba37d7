//! The κ sliders: one slider and one typed field per class, each `κ_k ∈ [0, 1]` on its own,
//! and the default κ (the true-class shares, Kozak et al. 2022, eq. 31) one click away.

use crate::widgets::keyed::{Row, keyed};
use crate::{Computed, Var, cond, handler, memo, on_value, rx};
use leptos::ev::{Event, Targeted};
use leptos::prelude::*;
use web_sys::HtmlInputElement;

use super::context::use_pd;
use crate::context::use_app;
use crate::widgets::card::Card;
use ulab_core::text::shortest;
use ulab_state::pd::kappa::kappa_text;
use ulab_state::pd::kappa::{parse_component, set_component, slider_value};

/// The κ panel.
#[component]
pub fn KappaPanel() -> impl IntoView {
    let ctx = use_app();
    let pd = use_pd();
    let classes = memo(move |_| ctx.state.with(|s| s.classes().clone()));
    let is_default = memo(move |_| pd.shown.with(|s| s.as_ref().is_none_or(|s| s.is_default)));
    let differ = memo(move |_| {
        pd.shown
            .with(|s| s.as_ref().is_some_and(|s| s.defaults_differ))
    });
    let reset = move |_| {
        let _ = ctx.edit(|s| s.kappa = None);
    };
    let summary = move || {
        pd.shown.with(|s| match s {
            Some(s) if s.is_default => format!(
                "κ = {} — the default: each class's share of the test set (Kozak et al. 2022, eq. 31).",
                kappa_text(&s.kappa)
            ),
            Some(s) => format!("κ = {} (your preferences).", kappa_text(&s.kappa)),
            None => String::new(),
        })
    };
    view! {
        <Card
            class="pd-kappa"
            title_id="pd-kappa-title"
            title="Preference vector κ"
            testid="pd-kappa"
        >
            <p class="hint">
                "κ" <sub>"k"</sub> " = 1 scores class k by its precision, 0 by its recall; each class moves on its own."
            </p>
            <div class="pd-sliders">
                {keyed(move || (0..classes.with(Vec::len)).map(|k| Row::at(k, move || view! {
                    <KappaSlider k=k classes=classes />
                })).collect())}
            </div>
            <div class="pd-kappa-actions">
                <button
                    type="button"
                    class="btn"
                    on:click=handler(reset)
                    prop:disabled=rx(move || is_default.get())
                    data-testid="pd-kappa-default"
                >
                    "Default κ (class shares)"
                </button>
            </div>
            <p class="pd-kappa-summary" data-testid="pd-kappa-summary" aria-live="polite">{summary}</p>
            <Show when=cond(move || differ.get() && is_default.get())>
                <p class="notice is-warning" data-testid="pd-kappa-differ">
                    "The classifiers were tested on different test sets: by default each is scored with its own class shares; the sliders show their mean."
                </p>
            </Show>
        </Card>
    }
}

/// One class's slider and typed field.
#[component]
fn KappaSlider(k: usize, classes: Computed<Vec<String>>) -> impl IntoView {
    let ctx = use_app();
    let pd = use_pd();
    let error = Var::new(None::<String>);
    let value = memo(move |_| {
        pd.shown
            .with(|s| s.as_ref().and_then(|s| s.kappa.get(k).copied()))
            .unwrap_or(0.5)
    });
    let name = move || classes.with(|c| c.get(k).cloned().unwrap_or_default());
    let apply = move |v: f64| -> Result<(), String> {
        let current = pd
            .shown
            .with_untracked(|s| s.as_ref().map(|s| s.kappa.clone()))
            .ok_or("no classifier to score")?;
        let next = set_component(&current, k, v).map_err(|e| e.to_string())?;
        ctx.edit(|s| s.kappa = Some(next))
    };
    // A range input's value is always a number (NaN as `valueAsNumber` gives it otherwise).
    let on_slide = on_value(move |v| {
        let raw = v.parse::<f64>().unwrap_or(f64::NAN);
        error.set(apply(slider_value(raw)).err());
    });
    let on_typed = move |ev: Targeted<Event, HtmlInputElement>| {
        let typed = ev.target().value();
        let r = parse_component(&typed)
            .map_err(|e| e.to_string())
            .and_then(apply);
        if r.is_err() {
            // The last good κ stays; the field shows what was typed until it is corrected.
            ev.target().set_value(&typed);
        }
        error.set(r.err().map(|e| format!("{e}; κ is unchanged")));
    };
    let slider_id = format!("pd-kappa-slider-{k}");
    let field_id = format!("pd-kappa-field-{k}");
    let err_id = format!("pd-kappa-error-{k}");
    view! {
        <div class="pd-slider" data-testid=format!("pd-kappa-{k}")>
            <label for=slider_id.clone()>"κ of " <span class="pd-class-name">{name}</span></label>
            <input
                id=slider_id
                type="range"
                min="0"
                max="1"
                step="0.001"
                prop:value=rx(move || shortest(value.get()))
                on:input=on_slide
                aria-valuetext=rx(move || ulab_core::text::number(value.get(), 3))
                data-testid=format!("pd-kappa-slider-{k}")
            />
            <input
                id=field_id
                class="pd-kappa-field"
                type="text"
                inputmode="decimal"
                size="6"
                aria-label=rx(move || format!("κ of {} (0 to 1)", name()))
                aria-invalid=rx(move || if error.get().is_some() { "true" } else { "false" })
                aria-describedby=err_id.clone()
                class:is-invalid=rx(move || error.get().is_some())
                prop:value=rx(move || ulab_core::text::trimmed(value.get(), 3))
                on:change:target=on_typed
                data-testid=format!("pd-kappa-field-{k}")
            />
            <p class="field-error" id=err_id role="alert">{rx(move || error.get().unwrap_or_default())}</p>
        </div>
    }
}
