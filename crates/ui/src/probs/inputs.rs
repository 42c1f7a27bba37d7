//! The probabilities: a file (dropped, picked or pasted; read in slices, [`loader`]), or a
//! built-in sample with its problem; the positive label of single-column files.

use crate::{cond, handler, rx};
use leptos::ev::{DragEvent, Event, Targeted};
use leptos::prelude::*;
use web_sys::{HtmlInputElement, HtmlSelectElement};

use super::{LoadState, ProbsContext, loader};
use crate::context::use_app;
use crate::web::handoff::Source;
use ulab_state::probs::file::MAX_PROBS_BYTES;
use ulab_state::probs::link::{apply_sample_problem, reload_notice};

/// Starts reading a dropped or picked file.
fn read_file(pc: ProbsContext, file: web_sys::File) {
    let name = file.name();
    if file.size() > MAX_PROBS_BYTES as f64 {
        pc.load.set(LoadState::Failed(format!(
            "{name} was not read: larger than {} MB",
            MAX_PROBS_BYTES / 1_000_000
        )));
        return;
    }
    loader::start(pc, name, Source::File(file));
}

/// The file card: drop zone and picker, paste box, progress or outcome, the sample, the
/// positive label.
///
/// Over ~120 lines: one `view!` of the card with the handlers it needs.
#[component]
pub fn FileInput() -> impl IntoView {
    let ctx = use_app();
    let pc = expect_context::<ProbsContext>();
    let pasted = RwSignal::new(String::new());
    let over = RwSignal::new(false);
    let on_pick = move |ev: Targeted<Event, HtmlInputElement>| {
        let input = ev.target();
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            read_file(pc, file);
        }
        input.set_value("");
    };
    let on_drop = move |ev: DragEvent| {
        ev.prevent_default();
        over.set(false);
        if let Some(file) = ev
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            read_file(pc, file);
        }
    };
    let on_over = move |ev: DragEvent| {
        ev.prevent_default();
        over.set(true);
    };
    let load_pasted = move |_| {
        let text = pasted.get_untracked();
        if !text.trim().is_empty() {
            loader::start(pc, "the pasted probabilities".into(), Source::Text(text));
        }
    };
    let notice = move || {
        if pc.loaded.with(Option::is_some) {
            return None;
        }
        ctx.state.with(|s| reload_notice(&s.probs))
    };
    let clear = move |_| {
        pc.set_loaded(None);
        pc.load.set(LoadState::Idle);
        let _ = ctx.edit(|s| {
            s.probs.sample = None;
            s.probs.models.clear();
        });
    };
    view! {
        <section class="card probs-file" aria-labelledby="probs-file-title" data-testid="probs-file">
            <h3 id="probs-file-title">"Your probabilities"</h3>
            {rx(move || notice().map(|n| view! { <p class="notice is-warning" role="note" data-testid="probs-reload-notice">{n}</p> }))}
            <div
                class="probs-drop"
                class:is-over=rx(move || over.get())
                on:dragover=handler(on_over)
                on:dragleave=handler(move |_| over.set(false))
                on:drop=handler(on_drop)
                data-testid="probs-drop"
            >
                <p>
                    "A CSV with a header: the true class (a column named "<code>"label"</code>", "<code>"y_true"</code>", … or the first), then one column per model and class, "
                    <code>"A:ok,A:minor,A:severe,B:ok,…"</code>
                    " (two classes: one column per model, the probability of the positive label, will do). Drop it here, or "
                    <label class="btn btn-small probs-file-label">
                        "choose a file"
                        <input type="file" accept=".csv,.tsv,.txt,text/csv" class="visually-hidden" on:change:target=on_pick data-testid="probs-file-input" />
                    </label>
                    "."
                </p>
                <p class="hint">"Up to 10⁶ rows × 20 classes × 10 models, read in slices: the page stays responsive. Nothing leaves your browser."</p>
            </div>
            <details class="probs-paste">
                <summary>"…or paste the CSV"</summary>
                <label for="probs-paste-text" class="visually-hidden">"Probabilities CSV"</label>
                <textarea
                    id="probs-paste-text"
                    rows="5"
                    placeholder="label,A:ok,A:bad\nok,0.9,0.1\nbad,0.3,0.7\n…"
                    prop:value=rx(move || pasted.get())
                    on:input:target=move |ev| pasted.set(ev.target().value())
                    data-testid="probs-paste"
                ></textarea>
                <button type="button" class="btn btn-small" on:click=handler(load_pasted) data-testid="probs-paste-load">"Read the pasted probabilities"</button>
            </details>
            <LoadLine />
            <PositiveChoice />
            <div class="probs-file-actions">
                <SampleChoice />
                <Show when=cond(move || pc.loaded.with(Option::is_some))>
                    <button type="button" class="btn btn-small" on:click=handler(clear) data-testid="probs-clear">"Remove the probabilities"</button>
                </Show>
            </div>
        </section>
    }
}

/// The reading's progress, its error (naming the line and the model) or its summary.
#[component]
fn LoadLine() -> impl IntoView {
    let pc = expect_context::<ProbsContext>();
    rx(move || {
        match pc.load.get() {
        LoadState::Idle => None,
        LoadState::Working(what, f) => Some(view! {
            <div class="probs-progress" role="status" data-testid="probs-load-progress">
                <span>{what}</span>
                <progress max="1" value=f.to_string()></progress>
                <button type="button" class="btn btn-small" on:click=handler(move |_| {
                    pc.generation.update(|g| *g += 1);
                    pc.load.set(LoadState::Failed("Reading cancelled: the previous data are kept.".into()));
                }) data-testid="probs-load-cancel">"Cancel"</button>
            </div>
        }.into_any()),
        LoadState::Failed(why) => Some(view! { <p class="notice is-error" role="alert" data-testid="probs-load-error">{why}</p> }.into_any()),
        LoadState::Done(what) => Some(view! { <p class="notice probs-loaded" role="status" data-testid="probs-load-done">{what}</p> }.into_any()),
    }
    })
}

/// The positive label of single columns: asked when the labels have no conventional one,
/// changeable when a file of single columns is read.
#[component]
fn PositiveChoice() -> impl IntoView {
    let pc = expect_context::<ProbsContext>();
    let labels = move || {
        pc.choose_positive.get().or_else(|| {
            pc.loaded.with(|l| {
                l.as_ref()
                    .filter(|l| l.file.positive.is_some() && l.sample.is_none())
                    .map(|l| l.file.classes.clone())
            })
        })
    };
    let current = move || {
        pc.loaded
            .with(|l| l.as_ref().and_then(|l| l.file.positive.clone()))
            .filter(|_| pc.choose_positive.with(Option::is_none))
            .unwrap_or_default()
    };
    let choose = move |ev: Targeted<Event, HtmlSelectElement>| {
        let label = ev.target().value();
        if !label.is_empty() {
            loader::with_positive(pc, label);
        }
    };
    view! {
        <Show when=cond(move || labels().is_some())>
            <div class="probs-positive">
                <label for="probs-positive">"Positive label (the class a single column gives the probability of)"</label>
                <select id="probs-positive" on:change:target=choose data-testid="probs-positive">
                    <option value="" selected=rx(move || current().is_empty())>"Choose…"</option>
                    {rx(move || labels().unwrap_or_default().into_iter().map(|l| {
                        let sel = l.clone();
                        view! { <option value=l.clone() selected=rx(move || current() == sel)>{l.clone()}</option> }
                    }).collect_view())}
                </select>
            </div>
        </Show>
    }
}

/// The built-in samples: choosing one shows it with its classes, decisions and utilities.
#[component]
fn SampleChoice() -> impl IntoView {
    let ctx = use_app();
    let current = move || {
        ctx.state
            .with(|s| s.probs.sample.clone().unwrap_or_default())
    };
    let choose = move |ev: Targeted<Event, HtmlSelectElement>| {
        let name = ev.target().value();
        if name.is_empty() {
            return;
        }
        let _ = ctx.edit(|s| {
            let _ = apply_sample_problem(s, &name, true);
        });
        ctx.say(format!(
            "The {name} sample, with its classes, decisions and utilities"
        ));
    };
    let options = [
        ("triage", "Triage: 3 classes, a “refer” decision"),
        ("screening", "Screening: 2 classes, decision curve"),
    ];
    view! {
        <label class="probs-sample">
            "Or a sample: "
            <select on:change:target=choose data-testid="probs-sample">
                <option value="" selected=rx(move || current().is_empty())>"Choose…"</option>
                {options.into_iter().map(|(key, label)| view! {
                    <option value=key selected=rx(move || current() == key)>{label}</option>
                }).collect_view()}
            </select>
        </label>
    }
}
