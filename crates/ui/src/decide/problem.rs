//! The decision problem of the Decide view: classes and decisions (decisions that are not
//! classes can be added, renamed and removed), the utility matrix (rows = decisions, columns =
//! true classes) and the deployment base rates.

use leptos::prelude::*;

use crate::context::use_app;
use crate::widgets::card::{Card, Level};
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
        <Card
            class="decide-utility"
            title_id="decide-utility-title"
            title="Utilities"
            testid="decide-utility"
            level=Level::H2
            large=large
            hint="What each decision (row) gains or costs when the true class is each column. Add a decision that is not a class (“refer to an expert”) above and give it a row."
        >
            <UtilityEditor testid="decide-utility-editor" />
        </Card>
        <DeploymentEditor />
    }
}
