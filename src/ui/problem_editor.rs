//! The decision problem: class names, the utility matrix (rows = decisions, columns = true
//! classes) and how confusion matrices are written (orientation).

use leptos::prelude::*;

use super::context::use_app;
use super::matrix_editor::MatrixEditor;
use crate::core::{Matrix, Orientation};

/// Editors of the classes, the utilities and the orientation.
#[component]
pub fn ProblemEditor() -> impl IntoView {
    let ctx = use_app();
    let utility = Signal::derive(move || ctx.state.with(|s| s.utility.clone()));
    let decisions = Signal::derive(move || ctx.state.with(|s| s.decisions.clone()));
    let classes = Signal::derive(move || ctx.state.with(|s| s.classes.clone()));
    let check = Callback::new(|m: Matrix| {
        if m.cols() < 2 {
            Err("a utility matrix needs at least two classes".to_string())
        } else {
            Ok(())
        }
    });
    let commit = Callback::new(move |m: Matrix| {
        let _ = ctx.edit(|s| s.utility = m);
    });
    let orientation = move || ctx.state.with(|s| s.orientation);
    let set_orientation = move |o: Orientation| {
        let _ = ctx.edit(|s| s.orientation = o);
    };
    view! {
        <section class="card problem" aria-labelledby="problem-title" data-testid="problem">
            <h2 id="problem-title">"Utilities"</h2>
            <p class="hint">
                "What each decision (row) gains or costs when the true class is each column — in any unit: €, months, points."
            </p>
            <MatrixEditor
                value=utility
                row_labels=decisions
                col_labels=classes
                corner=Signal::derive(|| "decision ↓ / true →".to_string())
                check=check
                on_commit=commit
                label="Utility matrix"
                testid="utility-editor"
            />
            <fieldset class="orientation" data-testid="orientation">
                <legend>"Confusion matrices are written with"</legend>
                <label>
                    <input
                        type="radio"
                        name="orientation"
                        value="output-rows"
                        prop:checked=move || orientation() == Orientation::OutputRows
                        on:change=move |_| set_orientation(Orientation::OutputRows)
                    />
                    " rows = output (as in the papers)"
                </label>
                <label>
                    <input
                        type="radio"
                        name="orientation"
                        value="true-rows"
                        prop:checked=move || orientation() == Orientation::TrueRows
                        on:change=move |_| set_orientation(Orientation::TrueRows)
                    />
                    " rows = true class (as scikit-learn)"
                </label>
            </fieldset>
        </section>
    }
}
