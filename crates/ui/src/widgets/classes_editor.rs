//! The classes (names, add, remove any one) and the decisions: one per class, named after it
//! unless renamed, plus extra decisions such as "refer to an expert".

use crate::widgets::keyed::{Row, keyed};
use crate::{Var, callback, derived};
use crate::{cond, handler, memo, rx};
use leptos::prelude::*;

use crate::context::use_app;
use crate::widgets::card::{Card, Level};
use crate::widgets::input_kit::{NameField, large_problem, try_edit};
use crate::widgets::remove_button::RemoveButton;
use ulab_core::confusion::MAX_CLASSES;

/// The classes and decisions card.
#[component]
pub fn ClassesEditor() -> impl IntoView {
    let ctx = use_app();
    let n = memo(move |_| ctx.state.with(|s| s.n()));
    let n_decisions = memo(move |_| ctx.state.with(|s| s.decisions().len()));
    let error = Var::new(None::<String>);
    let large = large_problem(&ctx);
    // The name field to focus once it is on the page: the one just added.
    let focus = Var::new(None::<String>);
    let add_class = move |_| match try_edit(&ctx, |s| s.add_class()) {
        Ok(k) => {
            error.set(None);
            focus.set(Some(format!("class-name-{k}")));
        }
        Err(e) => error.set(Some(e)),
    };
    let add_decision = move |_| match try_edit(&ctx, |s| s.add_decision()) {
        Ok(d) => {
            error.set(None);
            focus.set(Some(format!("decision-name-{d}")));
        }
        Err(e) => error.set(Some(e)),
    };
    view! {
        <Card
            class="classes"
            title_id="classes-title"
            title="Classes and decisions"
            testid="classes"
            level=Level::H2
            large=large
            hint="The true classes of the items, and what can be decided about each item. Class 0 is “positive” for the binary metrics."
        >
            <h3 class="sub-title" id="class-list-title">
                "Classes "
                <span class="count" data-testid="class-count">{rx(move || n.get())}</span>
            </h3>
            <ol class="name-list" aria-labelledby="class-list-title" data-testid="class-list">
                {keyed(move || (0..n.get()).map(|k| Row::at(k, move || view! {
                    <ClassItem k=k can_remove=derived(move || n.get() > 2) error=error focus=focus />
                })).collect())}
            </ol>
            <div class="row-actions">
                <button
                    type="button"
                    class="btn"
                    on:click=handler(add_class)
                    disabled=rx(move || { n.get() >= MAX_CLASSES })
                    data-testid="add-class"
                >
                    "+ Add a class"
                </button>
                <button type="button" class="btn" on:click=handler(add_decision) data-testid="add-decision">
                    "+ Add a decision"
                </button>
            </div>
            <p class="field-error" role="alert" data-testid="classes-error">{rx(move || error.get())}</p>
            <Show when=cond(move || { n_decisions.get() > n.get() })>
                <h3 class="sub-title" id="extra-decisions-title">"Other decisions"</h3>
                <p class="hint">"Decisions that are not a class, e.g. “refer to an expert”: give each a row of utilities."</p>
                <ol class="name-list" aria-labelledby="extra-decisions-title" data-testid="extra-decisions">
                    {keyed(move || (n.get()..n_decisions.get()).map(|d| Row::at(d, move || view! {
                        <DecisionItem d=d error=error focus=focus />
                    })).collect())}
                </ol>
            </Show>
            <details class="decision-names">
                <summary>"Rename the decisions for the classes"</summary>
                <p class="hint">"By default decision k is named after class k (“decide long”) and follows its renames."</p>
                <ol class="name-list">
                    {keyed(move || (0..n.get()).map(|d| Row::at(d, move || view! {
                        <DecisionItem d=d error=error focus=focus />
                    })).collect())}
                </ol>
            </details>
        </Card>
    }
}

/// One class: its name and a remove button.
#[component]
fn ClassItem(
    k: usize,
    can_remove: Signal<bool>,
    error: Var<Option<String>>,
    focus: Var<Option<String>>,
) -> impl IntoView {
    let ctx = use_app();
    let name = memo(move |_| {
        ctx.state
            .with(|s| s.classes().get(k).cloned().unwrap_or_default())
    });
    let rename = callback(move |typed: String| try_edit(&ctx, |s| s.rename_class(k, &typed)));
    let remove = callback(move |()| error.set(try_edit(&ctx, |s| s.remove_class(k)).err()));
    view! {
        <li class="name-item">
            <span class="name-index" aria-hidden="true">{k}</span>
            <NameField
                value=name
                on_input=rename
                label=derived(move || format!("Name of class {k}"))
                testid=format!("class-name-{k}")
                focus=focus
            />
            <RemoveButton
                on_remove=remove
                disabled=derived(move || !can_remove.get())
                label=derived(move || format!("Remove class {}", name.get()))
                title=derived(move || {
                    if can_remove.get() { "Remove this class from every matrix" } else { "At least two classes are needed" }.to_string()
                })
                testid=format!("remove-class-{k}")
            />
        </li>
    }
}

/// One decision: its name, and for an extra decision a remove button.
#[component]
fn DecisionItem(d: usize, error: Var<Option<String>>, focus: Var<Option<String>>) -> impl IntoView {
    let ctx = use_app();
    let name = memo(move |_| {
        ctx.state
            .with(|s| s.decisions().get(d).cloned().unwrap_or_default())
    });
    let is_extra = memo(move |_| ctx.state.with(|s| d >= s.n()));
    let class_name = memo(move |_| {
        ctx.state
            .with(|s| s.classes().get(d).cloned().unwrap_or_default())
    });
    let rename = callback(move |typed: String| try_edit(&ctx, |s| s.rename_decision(d, &typed)));
    let remove = callback(move |()| error.set(try_edit(&ctx, |s| s.remove_decision(d)).err()));
    view! {
        <li class="name-item">
            <NameField
                value=name
                on_input=rename
                label=derived(move || {
                    if is_extra.get() {
                        format!("Name of decision {}", d + 1)
                    } else {
                        format!("Name of the decision for class {}", class_name.get())
                    }
                })
                testid=format!("decision-name-{d}")
                focus=focus
            />
            <Show when=cond(move || is_extra.get())>
                <RemoveButton
                    on_remove=remove
                    label=derived(move || format!("Remove decision {}", name.get()))
                    title="Remove this decision"
                    testid=format!("remove-decision-{d}")
                />
            </Show>
        </li>
    }
}
