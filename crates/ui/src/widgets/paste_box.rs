//! A paste box for one matrix (the utilities, or one classifier's confusion matrix): the
//! matrix syntax (`43,18;7,32`) or cells copied from a spreadsheet (tab-separated, header row
//! and row names allowed), with the orientation of a confusion matrix. Nothing is applied on
//! error.

use crate::{cond, handler, rx};
use leptos::html;
use leptos::prelude::*;

use super::input_kit::{next_id, try_edit};
use super::radio::radio;
use crate::context::use_app;
use ulab_core::Orientation;
use ulab_state::edit::read_matrix_text;

/// Which matrix a paste box fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasteTarget {
    /// The utility matrix (rows = decisions).
    Utility,
    /// The confusion matrix of classifier `i`.
    Classifier(usize),
}

impl PasteTarget {
    fn prefix(&self) -> String {
        match self {
            PasteTarget::Utility => "paste-utility".into(),
            PasteTarget::Classifier(i) => format!("paste-cm-{i}"),
        }
    }
}

/// A "Paste…" button that opens a text box, an orientation choice (confusion matrices) and
/// an "Apply" button.
///
/// Over ~120 lines: its length is one `view!` of the panel's markup and the handlers it needs,
/// which read best together.
#[component]
pub fn PasteBox(target: PasteTarget) -> impl IntoView {
    let ctx = use_app();
    let open = RwSignal::new(false);
    let text = RwSignal::new(String::new());
    let orientation = RwSignal::new(Orientation::OutputRows);
    let message = RwSignal::new(None::<(bool, String)>);
    let prefix = target.prefix();
    let uid = next_id();
    let panel_id = format!("{prefix}-panel-{uid}");
    let text_id = format!("{prefix}-text-{uid}");
    let msg_id = format!("{prefix}-msg-{uid}");
    let radio_name = format!("{prefix}-orient-{uid}");
    let is_cm = matches!(target, PasteTarget::Classifier(_));

    // Opening the box puts the focus in its text area, once it is on the page.
    let text_ref = NodeRef::<html::Textarea>::new();
    Effect::new(move |_| {
        if let Some(area) = text_ref.get() {
            let _ = area.focus();
        }
    });
    let toggle = move |_| {
        let now = !open.get_untracked();
        if now {
            orientation.set(ctx.state.with_untracked(|s| s.orientation));
            message.set(None);
        }
        open.set(now);
    };
    let apply = move || {
        let t = text.get_untracked();
        let o = orientation.get_untracked();
        let result = read_matrix_text(&t)
            .map_err(|e| e.to_string())
            .and_then(|p| match target {
                PasteTarget::Utility => try_edit(&ctx, |s| s.set_utility(p.matrix))
                    .map(|_| "The utility matrix was replaced.".to_string()),
                PasteTarget::Classifier(i) => try_edit(&ctx, |s| {
                    s.set_confusion(i, p.matrix, o)?;
                    Ok(s.classifiers()[i].name.clone())
                })
                .map(|name| format!("{name}'s confusion matrix was replaced.")),
            });
        match result {
            Ok(m) => {
                message.set(Some((false, m)));
                text.set(String::new());
            }
            Err(e) => message.set(Some((true, format!("{e} Nothing was changed.")))),
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
            ev.prevent_default();
            apply();
        }
    };
    let hint = if is_cm {
        "One row per line (or rows separated by ;), cells by tabs or commas: 43,18;7,32, or cells copied from a spreadsheet. Ctrl+Enter applies."
    } else {
        "One row per decision, one column per class: 15,-335;-35,165, or cells copied from a spreadsheet. Extra rows become extra decisions. Ctrl+Enter applies."
    };
    let what = match target {
        PasteTarget::Utility => "the utility matrix".to_string(),
        PasteTarget::Classifier(_) => "this confusion matrix".to_string(),
    };
    let p3 = prefix.clone();
    let p4 = prefix.clone();
    let orient_fieldset = move || {
        is_cm.then(|| {
            view! {
                <fieldset class="inline-choice">
                    <legend>"The pasted rows are"</legend>
                    {radio(orientation, Orientation::OutputRows, radio_name.clone(), " the output (papers)", format!("{p3}-output-rows"))}
                    {radio(orientation, Orientation::TrueRows, radio_name.clone(), " the true class (scikit-learn)", format!("{p4}-true-rows"))}
                </fieldset>
            }
        })
    };
    let p2 = prefix.clone();
    let p5 = prefix.clone();
    let panel_id2 = panel_id.clone();
    let msg_id2 = msg_id.clone();
    view! {
        <div class="paste-box">
            <button
                type="button"
                class="btn btn-small"
                aria-expanded=rx(move || if open.get() { "true" } else { "false" })
                aria-controls=panel_id.clone()
                on:click=handler(toggle)
                data-testid=prefix.clone()
            >
                {rx(move || if open.get() { "Close the paste box" } else { "Paste…" })}
            </button>
            <Show when=cond(move || open.get())>
                <div class="paste-panel" id=panel_id2.clone()>
                    <label class="stack-label" for=text_id.clone()>{format!("Paste {what}")}</label>
                    <textarea
                        node_ref=text_ref
                        id=text_id.clone()
                        rows="4"
                        spellcheck="false"
                        aria-describedby=msg_id2.clone()
                        placeholder=if is_cm { "43,18;7,32" } else { "15,-335;-35,165" }
                        prop:value=rx(move || text.get())
                        on:input:target=move |ev| text.set(ev.target().value())
                        on:keydown=handler(on_key)
                        data-testid=format!("{p2}-text")
                    ></textarea>
                    <p class="hint">{hint}</p>
                    {orient_fieldset()}
                    <div class="row-actions">
                        <button
                            type="button"
                            class="btn btn-primary btn-small"
                            on:click=handler(move |_| apply())
                            data-testid=format!("{p5}-apply")
                        >
                            "Apply"
                        </button>
                    </div>
                </div>
            </Show>
            <p
                id=msg_id.clone()
                class=rx(move || match message.get() {
                    Some((true, _)) => "field-error",
                    _ => "hint paste-status",
                })
                role="status"
                data-testid=format!("{prefix}-message")
            >
                {rx(move || message.get().map(|(_, m)| m))}
            </p>
        </div>
    }
}
