//! The decision problem of the Decide view: classes and decisions (decisions that are not
//! classes can be added, renamed and removed), the utility matrix (rows = decisions, columns =
//! true classes) and the deployment base rates.

use leptos::prelude::*;

use crate::context::use_app;
use crate::rx;
use crate::widgets::classes_editor::ClassesEditor;
use crate::widgets::deployment_editor::DeploymentEditor;
use crate::widgets::input_kit::large_problem;
use crate::widgets::utility_editor::UtilityEditor;

/// Classes and decisions, utilities, deployment shares.
#[component]
pub fn ProblemPanel() -> impl IntoView {
    let large = large_problem(&use_app());
    view! {
        <ClassesEditor />
        <section class="card decide-utility" class:is-large=rx(move || large.get()) aria-labelledby="decide-utility-title" data-testid="decide-utility">
            <h2 id="decide-utility-title">"Utilities"</h2>
            <p class="hint">
                "What each decision (row) gains or costs when the true class is each column. Add a decision that is not a class (“refer to an expert”) above and give it a row."
            </p>
            <UtilityEditor testid="decide-utility-editor" />
        </section>
        <DeploymentEditor />
    }
}
