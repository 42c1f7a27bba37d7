//! The decision problem of the Decide view: classes and decisions (decisions that are not
//! classes can be added, renamed and removed), the utility matrix (rows = decisions, columns =
//! true classes) and the deployment base rates.

use crate::ui::memo;
use leptos::prelude::*;

use crate::core::Matrix;
use crate::ui::context::use_app;
use crate::ui::widgets::classes_editor::ClassesEditor;
use crate::ui::widgets::deployment_editor::DeploymentEditor;
use crate::ui::widgets::input_kit::try_edit;
use crate::ui::widgets::matrix_editor::MatrixEditor;

/// Classes and decisions, utilities, deployment shares.
#[component]
pub fn ProblemPanel() -> impl IntoView {
    let ctx = use_app();
    let utility = memo(move |_| ctx.state.with(|s| s.utility.clone()));
    let decisions = memo(move |_| ctx.state.with(|s| s.decisions.clone()));
    let classes = memo(move |_| ctx.state.with(|s| s.classes.clone()));
    let check = Callback::new(|m: Matrix| {
        if m.cols() < 2 {
            Err("a utility matrix needs at least two classes".to_string())
        } else {
            Ok(())
        }
    });
    let commit = Callback::new(move |m: Matrix| {
        let _ = try_edit(&ctx, |s| s.set_utility(m));
    });
    view! {
        <ClassesEditor />
        <section class="card decide-utility" aria-labelledby="decide-utility-title" data-testid="decide-utility">
            <h2 id="decide-utility-title">"Utilities"</h2>
            <p class="hint">
                "What each decision (row) gains or costs when the true class is each column. Add a decision that is not a class (“refer to an expert”) above and give it a row."
            </p>
            <MatrixEditor
                value=utility
                row_labels=decisions
                col_labels=classes
                corner=Signal::derive(|| "decision ↓ / true →".to_string())
                check=check
                on_commit=commit
                label="Utility matrix"
                testid="decide-utility-editor"
                row_axis="decision"
                col_axis="true"
            />
        </section>
        <DeploymentEditor />
    }
}
