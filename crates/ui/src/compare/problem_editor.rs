//! The decision problem: the classes and decisions, the utility matrix (rows = decisions,
//! columns = true classes) with its normalized form and (x, y) coordinates, and the deployment
//! class shares.

use crate::{Computed, memo, rx};
use leptos::prelude::*;

use crate::context::use_app;
use crate::widgets::card::{Card, Level};
use crate::widgets::classes_editor::ClassesEditor;
use crate::widgets::deployment_editor::DeploymentEditor;
use crate::widgets::input_kit::large_problem;
use crate::widgets::paste_box::{PasteBox, PasteTarget};
use crate::widgets::utility_editor::{UTILITY_CORNER, UtilityEditor};
use ulab_core::text::number;
use ulab_core::{CoreError, Matrix, UtilityMatrix};

/// Editors of the classes, the utilities and the deployment shares.
#[component]
pub fn ProblemEditor() -> impl IntoView {
    let ctx = use_app();
    let utility = memo(move |_| ctx.state.with(|s| s.utility().clone()));
    let decisions = memo(move |_| ctx.state.with(|s| s.decisions().clone()));
    let classes = memo(move |_| ctx.state.with(|s| s.classes().clone()));
    let large = large_problem(&ctx);
    view! {
        <ClassesEditor />
        <Card
            class="problem"
            title_id="problem-title"
            title="Utilities"
            testid="problem"
            level=Level::H2
            large=large
            hint="What each decision (row) gains or costs when the true class is each column — in any unit: €, months, points. Only differences and ratios matter."
        >
            <UtilityEditor testid="utility-editor" />
            <Normalized utility=utility decisions=decisions classes=classes />
            <PasteBox target=PasteTarget::Utility />
        </Card>
        <DeploymentEditor />
    }
}

/// The normalized utility matrix (eq. 12 of Dyrland et al. 2022) and, for two classes, its place in the
/// space of fig. 1.
#[component]
fn Normalized(
    utility: Computed<Matrix>,
    decisions: Computed<Vec<String>>,
    classes: Computed<Vec<String>>,
) -> impl IntoView {
    let analysis = memo(move |_| {
        utility.with(|m| {
            let u = UtilityMatrix::new(m.clone());
            let normalized = u
                .as_ref()
                .ok()
                .and_then(|u| u.normalized().ok())
                .map(|n| n.matrix().clone());
            let xy = u
                .as_ref()
                .ok()
                .filter(|u| u.n_decisions() == 2 && u.n_classes() == 2)
                .map(|u| u.xy());
            (normalized, xy)
        })
    });
    let xy_line = move || {
        analysis.with(|(normalized, xy)| {
            if normalized.is_none() {
                return Some("All utilities are equal: every decision is as good as any other.".to_string());
            }
            xy.as_ref().map(|r| match r {
                Ok((x, y)) => format!(
                    "In the space of binary utility matrices (fig. 1 of Dyrland et al. 2022): x = {}, y = {}.",
                    number(*x, 3),
                    number(*y, 3)
                ),
                Err(CoreError::OutsideUtilitySpace) => {
                    "Outside the space of fig. 1: a wrong decision is worth more than the right one.".to_string()
                }
                Err(e) => e.to_string(),
            })
        })
    };
    let table = move || {
        analysis.with(|(normalized, _)| {
            normalized.as_ref().map(|m| {
                let cols = classes.get();
                let rows = decisions.get();
                let body = (0..m.rows())
                    .map(|i| {
                        let label = rows.get(i).cloned().unwrap_or_default();
                        view! {
                            <tr>
                                <th scope="row">{label}</th>
                                {m.row(i)
                                    .iter()
                                    .map(|v| view! { <td class="num">{number(*v, 3)}</td> })
                                    .collect_view()}
                            </tr>
                        }
                    })
                    .collect_view();
                view! {
                    <table class="matrix matrix-small" data-testid="utility-normalized">
                        <caption>"Normalized to [0, 1]: (U − min) / (max − min), eq. 12"</caption>
                        <thead>
                            <tr>
                                <th scope="col" class="matrix-axes">{UTILITY_CORNER}</th>
                                {cols.into_iter().map(|c| view! { <th scope="col">{c}</th> }).collect_view()}
                            </tr>
                        </thead>
                        <tbody>{body}</tbody>
                    </table>
                }
            })
        })
    };
    let small = memo(move |_| utility.with(|m| m.cols() <= 3 && m.rows() <= 4));
    view! {
        <div class="utility-extra">
            <p class="hint utility-xy" data-testid="utility-xy">{xy_line}</p>
            {rx(move || {
                if small.get() {
                    view! { <div class="matrix-editor">{table}</div> }.into_any()
                } else {
                    view! {
                        <details class="normalized">
                            <summary>"Normalized matrix (eq. 12)"</summary>
                            <div class="matrix-editor">{table}</div>
                        </details>
                    }
                    .into_any()
                }
            })}
        </div>
    }
}
