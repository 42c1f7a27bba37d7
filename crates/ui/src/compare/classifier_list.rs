//! The classifiers: how their matrices are written (orientation) and shown (as entered, or as
//! fractions of N), one card each (name, confusion matrix, N, duplicate, remove, paste), add,
//! and import from CSV.
//!
//! Each card reacts only to its own matrix (memos), so typing in one matrix re-renders nothing
//! in the others.

use crate::widgets::keyed::{Row, keyed};
use crate::{Computed, Var, callback, derived};
use crate::{handler, memo, rx};
use leptos::prelude::*;

use super::decided_list::DecidedList;
use super::new_classifier::{Draft, NewClassifier};
use crate::context::use_app;
use crate::widgets::confusion_editor::{ConfusionEditor, classifier_name, stored_confusion};
use crate::widgets::import_dialog::ImportPanel;
use crate::widgets::input_kit::{NameField, confusion_corner, large_problem, next_id, try_edit};
use crate::widgets::paste_box::{PasteBox, PasteTarget};
use crate::widgets::remove_button::RemoveButton;
use ulab_core::text::number;
use ulab_core::text::shortest;
use ulab_core::{Matrix, Orientation};
use ulab_state::MAX_CLASSIFIERS;
use ulab_state::edit::{Values, values_of};

/// The list of classifier cards, their display controls, "add" and "import".
#[component]
pub fn ClassifierList() -> impl IntoView {
    let ctx = use_app();
    let count = memo(move |_| ctx.state.with(|s| s.classifiers().len()));
    let all = memo(move |_| ctx.state.with(|s| s.all_classifiers().count()));
    let classes = memo(move |_| ctx.state.with(|s| s.classes().clone()));
    let orientation = memo(move |_| ctx.state.with(|s| s.orientation));
    let fractions = Var::new(false);
    let error = Var::new(None::<String>);
    // The name field to focus once it is on the page: the classifier just added.
    let focus = Var::new(None::<String>);
    let n = memo(move |_| ctx.state.with(|s| s.n()));
    let draft = Draft::new(n, orientation);
    // A new classifier starts empty, in its own card, out of the ranking until it has counts.
    let add = move |_| {
        error.set(None);
        let name = ctx.state.with_untracked(|s| s.new_classifier_name());
        draft.start(name, n.get_untracked());
        focus.set(Some("new-classifier-name".into()));
    };
    let set_orientation = move |o: Orientation| {
        let _ = ctx.edit(|s| s.orientation = o);
    };
    let uid = next_id();
    let orient_name = format!("orientation-{uid}");
    let show_name = format!("show-{uid}");
    view! {
        <section class="classifiers" aria-labelledby="classifiers-title" data-testid="classifiers">
            <div class="card classifiers-head">
                <h2 id="classifiers-title">
                    "Classifiers "
                    <span class="count" data-testid="classifier-count">{rx(move || all.get())}</span>
                </h2>
                <p class="hint">
                    "Each classifier's confusion matrix on the test set: counts, or fractions. Type in a cell and everything updates."
                </p>
                <div class="display-controls">
                    <fieldset class="segmented" data-testid="orientation">
                        <legend>"Rows of the confusion matrices are"</legend>
                        <label>
                            <input
                                type="radio"
                                name=orient_name.clone()
                                value="output-rows"
                                prop:checked=rx(move || orientation.get() == Orientation::OutputRows)
                                on:change=handler(move |_| set_orientation(Orientation::OutputRows))
                                data-testid="orientation-output-rows"
                            />
                            <span>"the output (papers)"</span>
                        </label>
                        <label>
                            <input
                                type="radio"
                                name=orient_name
                                value="true-rows"
                                prop:checked=rx(move || orientation.get() == Orientation::TrueRows)
                                on:change=handler(move |_| set_orientation(Orientation::TrueRows))
                                data-testid="orientation-true-rows"
                            />
                            <span>"the true class (scikit-learn)"</span>
                        </label>
                    </fieldset>
                    <fieldset class="segmented" data-testid="display-mode">
                        <legend>"Show the values"</legend>
                        <label>
                            <input
                                type="radio"
                                name=show_name.clone()
                                prop:checked=rx(move || !fractions.get())
                                on:change=handler(move |_| fractions.set(false))
                                data-testid="show-entered"
                            />
                            <span>"as entered (editable)"</span>
                        </label>
                        <label>
                            <input
                                type="radio"
                                name=show_name
                                prop:checked=rx(move || fractions.get())
                                on:change=handler(move |_| fractions.set(true))
                                data-testid="show-fractions"
                            />
                            <span>"as fractions of N"</span>
                        </label>
                    </fieldset>
                </div>
            </div>
            {keyed(move || (0..count.get()).map(|i| Row::at(i, move || view! {
                <ClassifierCard index=i classes=classes orientation=orientation fractions=fractions focus=focus />
            })).collect())}
            <DecidedList classes=classes orientation=orientation />
            <Show when=move || draft.open.get()>
                <NewClassifier draft=draft classes=classes orientation=orientation focus=focus />
            </Show>
            <div class="row-actions">
                <button
                    type="button"
                    class="btn"
                    on:click=handler(add)
                    disabled=rx(move || { all.get() >= MAX_CLASSIFIERS })
                    data-testid="add-classifier"
                >
                    "+ Add a classifier"
                </button>
            </div>
            <p class="field-error" role="alert">{rx(move || error.get())}</p>
            <ImportPanel />
        </section>
    }
}

/// One classifier: its name, what its values are, its confusion matrix, and its actions.
///
/// Over ~120 lines: its length is one `view!` of the panel's markup and the handlers it needs,
/// which read best together.
#[component]
fn ClassifierCard(
    index: usize,
    classes: Computed<Vec<String>>,
    orientation: Computed<Orientation>,
    fractions: Var<bool>,
    focus: Var<Option<String>>,
) -> impl IntoView {
    let ctx = use_app();
    let name = classifier_name(&ctx, index);
    // The matrix as stored (rows = output), and as shown.
    let stored = stored_confusion(&ctx, index);
    let shown = memo(move |_| stored.with(|m| m.to_orientation(orientation.get())));
    let values = memo(move |_| stored.with(values_of));
    let note = memo(move |_| ctx.state.with(|s| s.test_set_note(index)));
    let large = large_problem(&ctx);
    let corner = derived(move || confusion_corner(orientation.get()).to_string());
    let rename =
        callback(move |typed: String| try_edit(&ctx, |s| s.rename_classifier(index, &typed)));
    let remove = callback(move |()| {
        let _ = try_edit(&ctx, |s| s.remove_classifier(index));
    });
    let duplicate = move |_| {
        if let Ok(i) = try_edit(&ctx, |s| s.duplicate_classifier(index)) {
            focus.set(Some(format!("classifier-name-{i}")));
        }
    };
    let values_text = move || match values.get() {
        Values::Counts { total } => format!("Counts · N = {}", shortest(total)),
        Values::Fractions { sum } if (sum - 1.0).abs() < 1e-9 => "Fractions · sum 1".to_string(),
        Values::Fractions { sum } => format!(
            "Fractions · sum {} (read relative to their sum)",
            number(sum, 4)
        ),
    };
    view! {
        <article
            class="card classifier"
            class:is-large=rx(move || large.get())
            aria-label=rx(move || format!("Classifier {}", name.get()))
            data-testid=rx(move || format!("classifier-{}", name.get()))
            data-index=index
        >
            <header class="classifier-head">
                <NameField
                    value=name
                    on_input=rename
                    label=derived(move || format!("Name of classifier {}", index + 1))
                    testid=format!("classifier-name-{index}")
                    class="classifier-name"
                    focus=focus
                />
                <span class="card-actions">
                    <button
                        type="button"
                        class="btn btn-small"
                        on:click=handler(duplicate)
                        aria-label=rx(move || format!("Duplicate classifier {}", name.get()))
                        data-testid=format!("duplicate-classifier-{index}")
                    >
                        "Duplicate"
                    </button>
                    <RemoveButton
                        on_remove=remove
                        label=derived(move || format!("Remove classifier {}", name.get()))
                        title="Remove"
                        testid=format!("remove-classifier-{index}")
                    />
                </span>
            </header>
            <p class="values-kind" data-testid=format!("values-{index}")>{values_text}</p>
            {rx(move || {
                if fractions.get() {
                    view! {
                        <FractionTable
                            shown=shown
                            classes=classes
                            corner=corner
                            testid=format!("cm-fractions-{index}")
                        />
                    }
                    .into_any()
                } else {
                    view! {
                        <ConfusionEditor
                            index=index
                            shown=shown
                            classes=classes
                            orientation=orientation
                            name=name
                            testid=format!("cm-editor-{index}")
                        />
                    }
                    .into_any()
                }
            })}
            {rx(move || {
                note.get().map(|n| view! { <p class="notice is-warning card-note" data-testid=format!("test-set-note-{index}")>{n}</p> })
            })}
            <PasteBox target=PasteTarget::Classifier(index) />
        </article>
    }
}

/// A confusion matrix shown read-only as fractions of its total `N`.
#[component]
fn FractionTable(
    shown: Computed<Matrix>,
    classes: Computed<Vec<String>>,
    corner: Signal<String>,
    testid: String,
) -> impl IntoView {
    let body = move || {
        shown.with(|m| {
            let total = m.sum();
            let names = classes.get();
            (0..m.rows())
                .map(|i| {
                    let label = names.get(i).cloned().unwrap_or_default();
                    view! {
                        <tr>
                            <th scope="row">{label}</th>
                            {m.row(i)
                                .iter()
                                .map(|v| view! { <td class="num">{number(v / total, 4)}</td> })
                                .collect_view()}
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <div class="matrix-editor">
            <table class="matrix matrix-fractions" data-testid=testid>
                <caption class="visually-hidden">"Fractions of the total N (read-only)"</caption>
                <thead>
                    <tr>
                        <th scope="col" class="matrix-axes">{rx(move || corner.get())}</th>
                        {rx(move || classes.get().into_iter().map(|c| view! { <th scope="col">{c}</th> }).collect_view())}
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
            <p class="hint">"Read-only: switch to “as entered” to edit."</p>
        </div>
    }
}
