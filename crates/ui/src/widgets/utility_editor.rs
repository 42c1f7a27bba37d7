//! The editor of the utility matrix (rows = decisions, columns = true classes) that the
//! Compare and Decide views share.

use crate::{callback, derived};
use leptos::prelude::*;

use crate::context::use_app;
use crate::memo;
use crate::widgets::input_kit::try_edit;
use crate::widgets::matrix_editor::MatrixEditor;
use ulab_core::Matrix;

/// The corner label of the utility matrix.
pub const UTILITY_CORNER: &str = "decision ↓ / true →";

/// The app's utility matrix, editable: a matrix of fewer than two classes is refused, a valid
/// edit is applied at once.
#[component]
pub fn UtilityEditor(
    /// The editor's `data-testid`.
    testid: &'static str,
) -> impl IntoView {
    let ctx = use_app();
    let utility = memo(move |_| ctx.state.with(|s| s.utility().clone()));
    let decisions = memo(move |_| ctx.state.with(|s| s.decisions().clone()));
    let classes = memo(move |_| ctx.state.with(|s| s.classes().clone()));
    let check = callback(|m: Matrix| {
        if m.cols() < 2 {
            Err("a utility matrix needs at least two classes".to_string())
        } else {
            Ok(())
        }
    });
    let commit = callback(move |m: Matrix| {
        let _ = try_edit(&ctx, |s| s.set_utility(m));
    });
    view! {
        <MatrixEditor
            value=utility
            row_labels=decisions
            col_labels=classes
            corner=derived(|| UTILITY_CORNER.to_string())
            check=check
            on_commit=commit
            label="Utility matrix"
            testid=testid
            row_axis="decision"
            col_axis="true"
        />
    }
}
