//! Small pieces shared by the Compare view's input editors: a name field that validates as it
//! is typed, an edit that reports its own error, and the axis labels of confusion matrices.

use crate::{Computed, Var, memo, on_value, rx};
use leptos::html;
use leptos::prelude::*;

use crate::context::AppContext;
use crate::reactive::effect;
use ulab_core::Orientation;
use ulab_state::edit::EditError;
use ulab_state::{AppState, clean_name};

/// Runs an edit that may refuse (`Err` leaves the state as it was) through
/// [`AppContext::edit`], and returns its own result or the validation error, as the message
/// shown.
pub fn try_edit<T>(
    ctx: &AppContext,
    f: impl FnOnce(&mut AppState) -> Result<T, EditError>,
) -> Result<T, String> {
    let mut out = None;
    ctx.edit(|s| out = Some(f(s)))?;
    match out {
        Some(result) => result.map_err(|e| e.to_string()),
        None => Err("not applied".into()),
    }
}

/// The corner label of a confusion matrix shown in `o`: which axis is which.
pub fn confusion_corner(o: Orientation) -> &'static str {
    match o {
        Orientation::OutputRows => "output ↓ / true →",
        Orientation::TrueRows => "true ↓ / output →",
    }
}

/// The names of the row and column axes of a confusion matrix shown in `o` (for screen
/// readers: "output long, true short").
pub fn confusion_axes(o: Orientation) -> (&'static str, &'static str) {
    match o {
        Orientation::OutputRows => ("output", "true"),
        Orientation::TrueRows => ("true", "output"),
    }
}

/// A text field holding a name: each keystroke is checked and, when valid, applied at once;
/// an invalid name is marked and explained, and the last good name stays in force. What is
/// typed is never rewritten while it still means the name in force (so trailing spaces can be
/// typed).
///
/// A field given `focus` takes the focus (its text selected) once it is on the page when the
/// request names its test id — e.g. the name of a class just added — and clears the request.
#[component]
pub fn NameField(
    /// The name in force.
    #[prop(into)]
    value: Signal<String>,
    /// Checks and applies a typed name; `Err` explains why it was not applied.
    on_input: Callback<String, Result<(), String>>,
    /// What the field is, for screen readers ("Name of class 1").
    #[prop(into)]
    label: Signal<String>,
    /// `data-testid` of the input.
    #[prop(into)]
    testid: String,
    /// CSS class of the input.
    #[prop(into, optional)]
    class: String,
    /// A request to focus the field with this test id.
    #[prop(optional)]
    focus: Option<Var<Option<String>>>,
) -> impl IntoView {
    let text = Var::new(value.get_untracked());
    let input_ref = NodeRef::<html::Input>::new();
    if let Some(request) = focus {
        let id = testid.clone();
        effect(move |_| {
            let wanted = request.with(|r| r.as_deref() == Some(id.as_str()));
            if let (true, Some(input)) = (wanted, input_ref.get()) {
                request.set(None);
                // On the next frame: the field is then in the page with its value, so the
                // selection holds (selected at once, it was lost and typing appended).
                request_animation_frame(move || {
                    let _ = input.focus();
                    input.select();
                });
            }
        });
    }
    let error = Var::new(None::<String>);
    effect(move |_| {
        let v = value.get();
        if text.with_untracked(|t| clean_name(t) != v) {
            text.set(v);
            error.set(None);
        }
    });
    let error_id = format!("{testid}-{}-error", next_id());
    let input = move |v: String| {
        let typed = v;
        text.set(typed.clone());
        error.set(on_input.run(typed).err());
    };
    let class = if class.is_empty() {
        "name-input".to_string()
    } else {
        format!("name-input {class}")
    };
    view! {
        <span class="name-field">
            <input
                type="text"
                class=class
                maxlength="80"
                autocomplete="off"
                spellcheck="false"
                node_ref=input_ref
                prop:value=rx(move || text.get())
                on:input=on_value(input)
                aria-label=rx(move || label.get())
                aria-invalid=rx(move || if error.with(Option::is_some) { "true" } else { "false" })
                aria-describedby=error_id.clone()
                data-testid=testid
            />
            <span class="field-error" id=error_id role="status">
                {rx(move || error.get())}
            </span>
        </span>
    }
}

/// Number of classes from which the input cards are rendered lazily (only near the viewport;
/// see `.card.is-large` in style/app.css).
pub const LARGE_FROM: usize = 8;

/// Whether the problem is large enough for lazy rendering of the input cards.
pub fn large_problem(ctx: &AppContext) -> Computed<bool> {
    let state = ctx.state;
    memo(move |_| state.with(|s| s.n() >= LARGE_FROM))
}

/// A number unique in this page (for element ids).
pub fn next_id() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
