//! The probabilities: a file (dropped, picked or pasted; read in slices, [`loader`]), or a
//! built-in sample with its problem; the positive label of single-column files.

use crate::callback;
use crate::{cond, handler, on_value, rx};
use leptos::prelude::*;

use super::{ProbsContext, loader};
use crate::context::use_app;
use crate::web::handoff::Source;
use crate::widgets::card::Card;
use crate::widgets::file_drop::{FileDrop, LoadLine, LoadState, PasteCsv};
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
#[component]
pub fn FileInput() -> impl IntoView {
    let ctx = use_app();
    let pc = expect_context::<ProbsContext>();
    let read_pasted = move |text: String| {
        loader::start(pc, "the pasted probabilities".into(), Source::Text(text));
    };
    let cancel = move |()| {
        pc.generation.update(|g| *g += 1);
        pc.load.set(LoadState::Failed(
            "Reading cancelled: the previous data are kept.".into(),
        ));
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
        <Card class="probs-file" title_id="probs-file-title" title="Your probabilities" testid="probs-file">
            {rx(move || notice().map(|n| view! { <p class="notice is-warning" role="note" data-testid="probs-reload-notice">{n}</p> }))}
            <FileDrop
                testid="probs-drop"
                input_testid="probs-file-input"
                hint="Up to 10⁶ rows × 20 classes × 10 models, read in slices: the page stays responsive. Nothing leaves your browser."
                on_file=callback(move |file| read_file(pc, file))
            >
                "A CSV with a header: the true class (a column named "<code>"label"</code>", "<code>"y_true"</code>", … or the first), then one column per model and class, "
                <code>"A:ok,A:minor,A:severe,B:ok,…"</code>
                " (two classes: one column per model, the probability of the positive label, will do)."
            </FileDrop>
            <PasteCsv prefix="probs" what="probabilities" placeholder="label,A:ok,A:bad\nok,0.9,0.1\nbad,0.3,0.7\n…" on_read=callback(read_pasted) />
            <LoadLine prefix="probs" load=pc.load on_cancel=callback(cancel) />
            <PositiveChoice />
            <div class="probs-file-actions">
                <SampleChoice />
                <Show when=cond(move || pc.loaded.with(Option::is_some))>
                    <button type="button" class="btn btn-small" on:click=handler(clear) data-testid="probs-clear">"Remove the probabilities"</button>
                </Show>
            </div>
        </Card>
    }
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
    let choose = move |v: String| {
        let label = v;
        if !label.is_empty() {
            loader::with_positive(pc, label);
        }
    };
    view! {
        <Show when=cond(move || labels().is_some())>
            <div class="probs-positive">
                <label for="probs-positive">"Positive label (the class a single column gives the probability of)"</label>
                <select id="probs-positive" on:change=on_value(choose) data-testid="probs-positive">
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
    let choose = move |v: String| {
        let name = v;
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
            <select on:change=on_value(choose) data-testid="probs-sample">
                <option value="" selected=rx(move || current().is_empty())>"Choose…"</option>
                {options.into_iter().map(|(key, label)| view! {
                    <option value=key selected=rx(move || current() == key)>{label}</option>
                }).collect_view()}
            </select>
        </label>
    }
}
