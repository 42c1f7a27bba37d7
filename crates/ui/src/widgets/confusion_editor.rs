//! One classifier's confusion matrix, editable in the orientation the user chose: the editor
//! the Compare view's classifier cards and the p-d view's matrix cards share, and the memos
//! that read one classifier from the app state.

use crate::{Computed, callback, derived};
use leptos::prelude::*;

use crate::context::AppContext;
use crate::memo;
use crate::widgets::input_kit::{confusion_axes, confusion_corner, try_edit};
use crate::widgets::matrix_editor::MatrixEditor;
use ulab_core::{Matrix, Orientation};

/// The name of classifier `index` (empty once it is gone).
pub fn classifier_name(ctx: &AppContext, index: usize) -> Computed<String> {
    let state = ctx.state;
    memo(move |_| {
        state.with(|s| {
            s.classifiers()
                .get(index)
                .map(|c| c.name.clone())
                .unwrap_or_default()
        })
    })
}

/// The confusion matrix of classifier `index` as stored (rows = output); the identity once
/// the classifier is gone.
pub fn stored_confusion(ctx: &AppContext, index: usize) -> Computed<Matrix> {
    let state = ctx.state;
    memo(move |_| {
        state.with(|s| {
            s.classifiers()
                .get(index)
                .map(|c| c.matrix.clone())
                .unwrap_or_else(|| Matrix::identity(s.n()).expect("n ≥ 2"))
        })
    })
}

/// The check of a confusion matrix typed in `orientation` for the app's problem
/// ([`ulab_state::AppState::check_confusion`]), for a [`MatrixEditor`].
pub fn confusion_check(
    ctx: AppContext,
    orientation: Computed<Orientation>,
) -> Callback<Matrix, Result<(), String>> {
    callback(move |m: Matrix| {
        let o = orientation.get_untracked();
        ctx.state
            .with_untracked(|s| s.check_confusion(m, o))
            .map(|_| ())
            .map_err(|e| e.to_string())
    })
}

/// The editor of classifier `index`'s confusion matrix, shown as `shown` (the stored matrix in
/// `orientation`): a valid edit is written back in the stored orientation, a bad cell keeps
/// the last good matrix.
#[component]
pub fn ConfusionEditor(
    /// The classifier's index in the app state.
    index: usize,
    /// Its matrix as shown (in `orientation`).
    shown: Computed<Matrix>,
    /// The class names (row and column labels).
    classes: Computed<Vec<String>>,
    /// How the matrix is shown.
    orientation: Computed<Orientation>,
    /// The classifier's name (for the editor's accessible label).
    name: Computed<String>,
    /// The editor's `data-testid`.
    testid: String,
) -> impl IntoView {
    let ctx = crate::context::use_app();
    let check = confusion_check(ctx, orientation);
    let commit = callback(move |m: Matrix| {
        let o = orientation.get_untracked();
        let _ = try_edit(&ctx, |s| s.set_confusion(index, m, o));
    });
    view! {
        <MatrixEditor
            value=shown
            row_labels=classes
            col_labels=classes
            corner=derived(move || confusion_corner(orientation.get()).to_string())
            check=check
            on_commit=commit
            label=derived(move || format!("Confusion matrix of {}", name.get()))
            testid=testid
            non_negative=true
            row_axis=derived(move || confusion_axes(orientation.get()).0.to_string())
            col_axis=derived(move || confusion_axes(orientation.get()).1.to_string())
        />
    }
}
