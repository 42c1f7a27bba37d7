//! A paste box for one matrix (the utilities, or one classifier's confusion matrix): the
//! matrix syntax (`43,18;7,32`), cells copied from a spreadsheet (tab-separated, header row
//! and row names allowed), or NumPy's and scikit-learn's prints (`[[27 23]\n [15 35]]`), with
//! the orientation of a confusion matrix ([`read_matrix_text`]). Nothing is applied on error.

use crate::{Var, cond, handler, on_value, rx};
use leptos::html;
use leptos::prelude::*;

use super::input_kit::{next_id, try_edit};
use super::radio::radio;
use crate::context::{AppContext, use_app};
use crate::reactive::effect;
use ulab_core::Orientation;
use ulab_state::edit::read_matrix_text;
use ulab_state::edit::text::Rule;

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

    /// Whether it is a confusion matrix (which is pasted in either orientation).
    fn is_confusion(&self) -> bool {
        matches!(self, PasteTarget::Classifier(_))
    }

    /// What is pasted, for the text area's label.
    fn what(&self) -> &'static str {
        match self {
            PasteTarget::Utility => "the utility matrix",
            PasteTarget::Classifier(_) => "this confusion matrix",
        }
    }

    /// How to write it.
    fn hint(&self) -> &'static str {
        match self {
            PasteTarget::Classifier(_) => {
                "One row per line (or rows separated by ;), cells by tabs or commas: 43,18;7,32, cells copied from a spreadsheet, or what NumPy prints: [[43 18] [7 32]]. Ctrl+Enter applies."
            }
            PasteTarget::Utility => {
                "One row per decision, one column per class: 15,-335;-35,165, or cells copied from a spreadsheet. Extra rows become extra decisions. Ctrl+Enter applies."
            }
        }
    }

    /// An example in the empty text area.
    fn placeholder(&self) -> &'static str {
        match self {
            PasteTarget::Classifier(_) => "43,18;7,32",
            PasteTarget::Utility => "15,-335;-35,165",
        }
    }
}

/// A paste box's text, orientation and outcome, and the paste itself.
#[derive(Clone, Copy)]
struct Paste {
    ctx: AppContext,
    target: PasteTarget,
    text: Var<String>,
    orientation: Var<Orientation>,
    /// The last outcome: whether it is an error, and what to say.
    message: Var<Option<(bool, String)>>,
}

impl Paste {
    /// Reads the text and replaces the target matrix by it; says how it went (nothing is
    /// applied on error).
    fn apply(&self) {
        let ctx = self.ctx;
        let t = self.text.get_untracked();
        let o = self.orientation.get_untracked();
        let rule = match self.target {
            PasteTarget::Utility => Rule::Any,
            PasteTarget::Classifier(_) => Rule::Counts,
        };
        let result = read_matrix_text(&t, rule)
            .map_err(|e| e.to_string())
            .and_then(|p| match self.target {
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
                self.message.set(Some((false, m)));
                self.text.set(String::new());
            }
            Err(e) => self
                .message
                .set(Some((true, format!("{e} Nothing was changed.")))),
        }
    }
}

/// A "Paste…" button that opens a text box, an orientation choice (confusion matrices) and
/// an "Apply" button; the outcome under it.
#[component]
pub fn PasteBox(target: PasteTarget) -> impl IntoView {
    let ctx = use_app();
    let open = Var::new(false);
    let paste = Paste {
        ctx,
        target,
        text: Var::new(String::new()),
        orientation: Var::new(Orientation::OutputRows),
        message: Var::new(None),
    };
    let message = paste.message;
    let prefix = target.prefix();
    let uid = next_id();
    let panel_id = format!("{prefix}-panel-{uid}");
    let msg_id = format!("{prefix}-msg-{uid}");
    let toggle = move |_| {
        let now = !open.get_untracked();
        if now {
            paste
                .orientation
                .set(ctx.state.with_untracked(|s| s.orientation));
            message.set(None);
        }
        open.set(now);
    };
    let (panel_id2, msg_id2) = (panel_id.clone(), msg_id.clone());
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
                {paste_panel(paste, uid, panel_id2.clone(), msg_id2.clone())}
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

/// The open box: the text area (which takes the focus; Ctrl+Enter applies), how to write the
/// matrix, the orientation of a confusion matrix, and "Apply".
fn paste_panel(paste: Paste, uid: usize, panel_id: String, msg_id: String) -> impl IntoView {
    let target = paste.target;
    let (text, orientation) = (paste.text, paste.orientation);
    let prefix = target.prefix();
    let text_id = format!("{prefix}-text-{uid}");
    let radio_name = format!("{prefix}-orient-{uid}");
    // Opening the box puts the focus in its text area, once it is on the page.
    let text_ref = NodeRef::<html::Textarea>::new();
    effect(move |_| {
        if let Some(area) = text_ref.get() {
            let _ = area.focus();
        }
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
            ev.prevent_default();
            paste.apply();
        }
    };
    let orient_fieldset = target.is_confusion().then(|| {
        view! {
            <fieldset class="inline-choice">
                <legend>"The pasted rows are"</legend>
                {radio(orientation, Orientation::OutputRows, radio_name.clone(), " the output (papers)", format!("{prefix}-output-rows"))}
                {radio(orientation, Orientation::TrueRows, radio_name.clone(), " the true class (scikit-learn)", format!("{prefix}-true-rows"))}
            </fieldset>
        }
    });
    view! {
        <div class="paste-panel" id=panel_id>
            <label class="stack-label" for=text_id.clone()>{format!("Paste {}", target.what())}</label>
            <textarea
                node_ref=text_ref
                id=text_id.clone()
                rows="4"
                spellcheck="false"
                aria-describedby=msg_id
                placeholder=target.placeholder()
                prop:value=rx(move || text.get())
                on:input=on_value(move |v| text.set(v))
                on:keydown=handler(on_key)
                data-testid=format!("{prefix}-text")
            ></textarea>
            <p class="hint">{target.hint()}</p>
            {orient_fieldset}
            <div class="row-actions">
                <button
                    type="button"
                    class="btn btn-primary btn-small"
                    on:click=handler(move |_| paste.apply())
                    data-testid=format!("{prefix}-apply")
                >
                    "Apply"
                </button>
            </div>
        </div>
    }
}
