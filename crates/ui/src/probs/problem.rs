//! The decision problem the probabilities are decided under: whether the app's classes fit
//! the file's (the utility matrix's columns are the file's classes, in its order) and the way
//! to make them fit; the classes and decisions, the utility matrix, the deployment shares.

use crate::{Var, cond, handler, memo, on_value, rx};
use leptos::prelude::*;

use super::ProbsContext;
use crate::context::use_app;
use crate::widgets::card::Card;
use crate::widgets::classes_editor::ClassesEditor;
use crate::widgets::input_kit::large_problem;
use crate::widgets::utility_editor::UtilityEditor;
use ulab_core::text::{percent, shortest};
use ulab_state::probs::fit::{Fit, fit, fitted_problem};
use ulab_state::probs::link::apply_sample_problem;

/// How the app's classes stand against the file's, and the buttons that make them fit.
#[component]
pub fn FitNotice() -> impl IntoView {
    let ctx = use_app();
    let pc = expect_context::<ProbsContext>();
    let state = memo(move |_| {
        let file = pc.loaded.with(|l| {
            l.as_ref()
                .map(|l| (l.file.classes.clone(), l.sample.clone()))
        })?;
        let app = ctx.state.with(|s| s.classes().clone());
        Some((fit(&file.0, &app), file.0, app, file.1))
    });
    let use_file = move |_| {
        let Some((_, file, _, _)) = state.get_untracked() else {
            return;
        };
        let _ = ctx.edit(|s| {
            let _ = s.set_problem(fitted_problem(s.problem.fields(), &file));
        });
    };
    let use_sample = move |_| {
        if let Some((_, _, _, Some(name))) = state.get_untracked() {
            let _ = ctx.edit(|s| {
                let _ = apply_sample_problem(s, &name, true);
            });
        }
    };
    let text = move || {
        let (f, file, app, _) = state.get()?;
        Some(match f {
            Fit::Same => return None,
            Fit::Renamed => format!(
                "The file's classes are {}; the utility matrix's columns are named {}. They are \
                 read in the file's order.",
                file.join(", "),
                app.join(", ")
            ),
            Fit::Size { file: n, app: m } => format!(
                "The file has {n} classes ({}), the utility matrix {m}: no decision can be \
                 computed until it has one column per class of the file.",
                file.join(", ")
            ),
        })
    };
    let is_sample = move || state.with(|s| s.as_ref().is_some_and(|s| s.3.is_some()));
    let wrong_size = move || state.with(|s| matches!(s, Some((Fit::Size { .. }, ..))));
    view! {
        <Show when=cond(move || text().is_some())>
            <div class="notice probs-fit" class:is-error=rx(wrong_size) class:is-warning=rx(move || !wrong_size()) role="note" data-testid="probs-fit">
                <p>{rx(move || text().unwrap_or_default())}</p>
                <div class="row-actions">
                    <Show when=cond(is_sample)>
                        <button type="button" class="btn btn-small btn-primary" on:click=handler(use_sample) data-testid="probs-use-sample-problem">
                            "Use the sample's utilities"
                        </button>
                    </Show>
                    <button type="button" class="btn btn-small" on:click=handler(use_file) data-testid="probs-use-file-classes">
                        {rx(move || if wrong_size() { "Use the file's classes (identity utilities: then edit them)" } else { "Name the classes as the file does" })}
                    </button>
                </div>
            </div>
        </Show>
    }
}

/// Deployment shares, one per class in the file's order: the probabilities are re-weighted
/// by Bayes' rule and the yields are those at these shares.
#[component]
fn SharesField() -> impl IntoView {
    let ctx = use_app();
    let pc = expect_context::<ProbsContext>();
    let error = Var::new(None::<String>);
    let value = move || {
        ctx.state.with(|s| {
            s.prevalence
                .as_ref()
                .map(|p| p.iter().map(|v| shortest(*v)).collect::<Vec<_>>().join(","))
                .unwrap_or_default()
        })
    };
    let apply = move |v: String| {
        let text = v;
        if text.trim().is_empty() {
            error.set(None);
            let _ = ctx.edit(|s| s.prevalence = None);
            return;
        }
        let read = ulab_core::Matrix::parse(&text)
            .ok()
            .filter(|m| m.rows() == 1 && m.data().iter().all(|v| *v >= 0.0) && m.sum() > 0.0);
        let Some(m) = read else {
            error.set(Some(format!(
                "'{}' are not shares: write one number ≥ 0 per class, e.g. 0.2,0.8",
                ulab_core::text::truncate(&text, 30)
            )));
            return;
        };
        let p: Vec<f64> = m.data().iter().map(|v| v / m.sum()).collect();
        let r = crate::widgets::input_kit::try_edit(&ctx, |s| s.set_prevalence(Some(p)));
        error.set(r.err());
    };
    let file_shares = move || {
        pc.loaded.with(|l| {
            l.as_ref().map(|l| {
                let shares = l.file.table.class_shares();
                l.file
                    .classes
                    .iter()
                    .zip(shares)
                    .map(|(c, s)| format!("{c} {}", percent(s, 1)))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
        })
    };
    view! {
        <div class="probs-shares">
            <label for="probs-shares-input">"Deployment shares (one per class, in the file's order; empty: the file's)"</label>
            <input id="probs-shares-input" type="text" inputmode="decimal" autocomplete="off" prop:value=rx(value) on:change=on_value(apply) placeholder="e.g. 0.3,0.4,0.3" data-testid="probs-shares" />
            {rx(move || file_shares().map(|s| view! { <p class="hint">"In the file: " {s} "."</p> }))}
            <p class="field-error" role="alert">{rx(move || error.get().unwrap_or_default())}</p>
        </div>
    }
}

/// The fit notice, classes and decisions, utilities and shares.
#[component]
pub fn ProblemPanel() -> impl IntoView {
    let large = large_problem(&use_app());
    view! {
        <FitNotice />
        <ClassesEditor />
        <Card class="probs-utility" title_id="probs-utility-title" title="Utilities" testid="probs-utility" large=large>
            <p class="hint">
                "What each decision (row) gains or costs when the true class is each column, the columns in the file's order. Add a decision that is not a class (“refer”) above and give it a row."
            </p>
            <UtilityEditor testid="probs-utility-editor" />
            <SharesField />
        </Card>
    }
}
