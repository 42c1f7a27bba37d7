//! Reading a file a user brings: where it is dropped or chosen ([`FileDrop`]), the box its
//! text can be pasted into ([`PasteCsv`]), and where the reading is ([`LoadState`],
//! [`LoadLine`]). The ROC view (scores) and the Probabilities view (probabilities) read their
//! files through these.
//!
//! ```ignore
//! view! {
//!     <FileDrop testid="roc-drop" input_testid="roc-file" on_file=callback(read)
//!         hint="Up to 10⁶ rows: read in slices.">
//!         "A CSV with one label column and one score column per classifier."
//!     </FileDrop>
//!     <PasteCsv prefix="roc" what="scores" placeholder="label,A,B\n1,0.9,0.6\n…"
//!         on_read=callback(move |text| loader::start(rc, "the pasted scores".into(), Source::Text(text))) />
//!     <LoadLine prefix="roc" load=rc.load />
//! }
//! ```

use leptos::ev::{DragEvent, Event, Targeted};
use leptos::prelude::*;
use web_sys::HtmlInputElement;

use crate::{Var, handler, on_value, rx};

/// Where the reading of a file is.
#[derive(Debug, Clone, PartialEq)]
pub enum LoadState {
    /// Nothing under way.
    Idle,
    /// Reading or building: what, and the fraction done.
    Working(String, f64),
    /// The last file was not applied: why.
    Failed(String),
    /// The last file was applied: a summary.
    Done(String),
}

/// The first file of a drop or a pick, if any.
fn first_file(files: Option<web_sys::FileList>) -> Option<web_sys::File> {
    files.and_then(|f| f.get(0))
}

/// The drop zone: `children` say what the file holds, then "Drop it here, or [choose a
/// file]." and the `hint` under it. A file dropped or chosen goes to `on_file`; the zone is
/// marked (`is-over`) while a file is dragged over it.
#[component]
pub fn FileDrop(
    /// The zone's `data-testid`.
    testid: &'static str,
    /// The file input's `data-testid`.
    input_testid: &'static str,
    /// Under the zone: limits, privacy.
    hint: &'static str,
    /// What is done with the file.
    on_file: Callback<web_sys::File>,
    /// What the file holds (before "Drop it here").
    children: Children,
) -> impl IntoView {
    let over = Var::new(false);
    let on_pick = move |ev: Targeted<Event, HtmlInputElement>| {
        let input = ev.target();
        if let Some(file) = first_file(input.files()) {
            on_file.run(file);
        }
        input.set_value("");
    };
    let on_drop = move |ev: DragEvent| {
        ev.prevent_default();
        over.set(false);
        if let Some(file) = first_file(ev.data_transfer().and_then(|d| d.files())) {
            on_file.run(file);
        }
    };
    let on_over = move |ev: DragEvent| {
        ev.prevent_default();
        over.set(true);
    };
    view! {
        <div
            class="file-drop"
            class:is-over=rx(move || over.get())
            on:dragover=handler(on_over)
            on:dragleave=handler(move |_| over.set(false))
            on:drop=handler(on_drop)
            data-testid=testid
        >
            <p>
                {children()}
                " Drop it here, or "
                <label class="btn btn-small file-label">
                    "choose a file"
                    <input type="file" accept=".csv,.tsv,.txt,text/csv" class="visually-hidden" on:change:target=on_pick data-testid=input_testid />
                </label>
                "."
            </p>
            <p class="hint">{hint}</p>
        </div>
    }
}

/// "…or paste the CSV": a text area (`{prefix}-paste-text`, test id `{prefix}-paste`) and a
/// button "Read the pasted {what}" (`{prefix}-paste-load`) that hands a text that is not blank
/// to `on_read`.
#[component]
pub fn PasteCsv(
    /// The ids' prefix (`"roc"`, `"probs"`).
    prefix: &'static str,
    /// What is pasted, in the plural ("scores", "probabilities").
    what: &'static str,
    /// The text area's placeholder: the first lines of such a file.
    placeholder: &'static str,
    /// What is done with the text.
    on_read: Callback<String>,
) -> impl IntoView {
    let pasted = Var::new(String::new());
    let read = move |_| {
        let text = pasted.get_untracked();
        if !text.trim().is_empty() {
            on_read.run(text);
        }
    };
    let id = format!("{prefix}-paste-text");
    view! {
        <details class="file-paste">
            <summary>"…or paste the CSV"</summary>
            <label for=id.clone() class="visually-hidden">{format!("The {what} as CSV")}</label>
            <textarea
                id=id
                rows="5"
                placeholder=placeholder
                prop:value=rx(move || pasted.get())
                on:input=on_value(move |v| pasted.set(v))
                data-testid=format!("{prefix}-paste")
            ></textarea>
            <button type="button" class="btn btn-small" on:click=handler(read) data-testid=format!("{prefix}-paste-load")>
                {format!("Read the pasted {what}")}
            </button>
        </details>
    }
}

/// Where the reading is: its progress (with a Cancel button when `on_cancel` is given), why it
/// failed, or what it read. Test ids `{prefix}-load-progress`, `-load-cancel`, `-load-error`,
/// `-load-done`.
#[component]
pub fn LoadLine(
    /// The test ids' prefix (`"roc"`, `"probs"`).
    prefix: &'static str,
    /// The reading.
    #[prop(into)]
    load: Signal<LoadState>,
    /// Stops the reading.
    #[prop(optional)]
    on_cancel: Option<Callback<()>>,
) -> impl IntoView {
    rx(move || {
        match load.get() {
        LoadState::Idle => None,
        LoadState::Working(what, f) => Some(
            view! {
                <div class="file-progress" role="status" data-testid=format!("{prefix}-load-progress")>
                    <span>{what}</span>
                    <progress max="1" value=f.to_string()></progress>
                    {on_cancel.map(|cancel| view! {
                        <button type="button" class="btn btn-small" on:click=handler(move |_| cancel.run(()))
                            data-testid=format!("{prefix}-load-cancel")>"Cancel"</button>
                    })}
                </div>
            }
            .into_any(),
        ),
        LoadState::Failed(why) => Some(
            view! { <p class="notice is-error" role="alert" data-testid=format!("{prefix}-load-error")>{why}</p> }
                .into_any(),
        ),
        LoadState::Done(what) => Some(
            view! { <p class="notice file-loaded" role="status" data-testid=format!("{prefix}-load-done")>{what}</p> }
                .into_any(),
        ),
    }
    })
}
