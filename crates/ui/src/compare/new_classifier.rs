//! A classifier being added: "+ Add a classifier" opens this card with an empty confusion
//! matrix; the classifier joins the state, the link and the ranking only when the user has
//! typed counts (or fractions) of its own and presses "Compare …" (issue 28: a new classifier
//! with made-up counts was ranked at once). Until then it is the page's only, not the link's.

use crate::{Computed, Var, callback, derived};
use crate::{handler, rx};
use leptos::prelude::*;

use crate::context::use_app;
use crate::reactive::effect;
use crate::widgets::confusion_editor::confusion_check;
use crate::widgets::input_kit::{NameField, confusion_axes, confusion_corner, try_edit};
use crate::widgets::matrix_editor::MatrixEditor;
use crate::widgets::remove_button::RemoveButton;
use ulab_core::{Matrix, Orientation};

/// The classifier being added: its name, its matrix as shown (in the orientation in force),
/// and whether that matrix is one the problem takes.
#[derive(Clone, Copy)]
pub struct Draft {
    /// Whether the card is open.
    pub open: Var<bool>,
    name: Var<String>,
    matrix: Var<Matrix>,
    ready: Var<bool>,
}

impl Draft {
    /// A closed draft; it follows the number of classes (a new, empty matrix) and the
    /// orientation (its matrix transposed).
    pub fn new(n: Computed<usize>, orientation: Computed<Orientation>) -> Draft {
        let zeros = |n: usize| Matrix::zeros(n, n).expect("n ≥ 2");
        let d = Draft {
            open: Var::new(false),
            name: Var::new(String::new()),
            matrix: Var::new(zeros(n.get_untracked())),
            ready: Var::new(false),
        };
        effect(move |_| {
            let n = n.get();
            d.matrix.set(zeros(n));
            d.ready.set(false);
        });
        Effect::new(move |before: Option<Orientation>| {
            let now = orientation.get();
            if before.is_some_and(|b| b != now) {
                d.matrix.update(|m| *m = m.transpose());
            }
            now
        });
        d
    }

    /// Opens the card with the next free name and an empty matrix (an open card is kept as
    /// it is).
    pub fn start(&self, name: String, n: usize) {
        if !self.open.get_untracked() {
            self.name.set(name);
            self.matrix.set(Matrix::zeros(n, n).expect("n ≥ 2"));
            self.ready.set(false);
            self.open.set(true);
        }
    }
}

/// The card of the classifier being added.
#[component]
pub fn NewClassifier(
    draft: Draft,
    classes: Computed<Vec<String>>,
    orientation: Computed<Orientation>,
    focus: Var<Option<String>>,
) -> impl IntoView {
    let ctx = use_app();
    let rename = callback(move |typed: String| {
        let name = ctx
            .state
            .with_untracked(|s| s.check_new_classifier_name(&typed))
            .map_err(|e| e.to_string())?;
        draft.name.set(name);
        Ok(())
    });
    let check = confusion_check(ctx, orientation);
    let commit = callback(move |m: Matrix| {
        draft.matrix.set(m);
        draft.ready.set(true);
    });
    let add = move |_| {
        let (name, m) = (draft.name.get_untracked(), draft.matrix.get_untracked());
        let o = orientation.get_untracked();
        if let Ok(i) = try_edit(&ctx, |s| s.add_classifier_with(&name, m, o)) {
            draft.open.set(false);
            focus.set(Some(format!("classifier-name-{i}")));
        }
    };
    let discard = callback(move |()| draft.open.set(false));
    let name = draft.name;
    view! {
        <article
            class="card classifier is-draft"
            aria-label=rx(move || format!("New classifier {}, not compared yet", name.get()))
            data-testid="new-classifier"
        >
            <header class="classifier-head">
                <NameField
                    value=name
                    on_input=rename
                    label="Name of the new classifier"
                    testid="new-classifier-name"
                    class="classifier-name"
                    focus=focus
                />
                <span class="card-actions">
                    <RemoveButton
                        on_remove=discard
                        label="Discard the new classifier"
                        title="Discard"
                        testid="new-classifier-discard".to_string()
                    />
                </span>
            </header>
            <p class="hint" data-testid="new-classifier-hint">
                "Type its confusion matrix on your test set (counts, or fractions): it is compared and ranked only once you add it."
            </p>
            <MatrixEditor
                value=draft.matrix
                row_labels=classes
                col_labels=classes
                corner=derived(move || confusion_corner(orientation.get()).to_string())
                check=check
                on_commit=commit
                label="Confusion matrix of the new classifier"
                testid="cm-editor-new"
                non_negative=true
                row_axis=derived(move || confusion_axes(orientation.get()).0.to_string())
                col_axis=derived(move || confusion_axes(orientation.get()).1.to_string())
            />
            <div class="row-actions">
                <button
                    type="button"
                    class="btn btn-primary"
                    disabled=rx(move || !draft.ready.get())
                    on:click=handler(add)
                    data-testid="new-classifier-add"
                >
                    {rx(move || format!("Compare {}", name.get()))}
                </button>
            </div>
        </article>
    }
}
