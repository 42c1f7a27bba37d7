//! The classifiers with a row per decision (a rule that also refers, sent by the Probabilities
//! view or written in a link): one card each — name, counts with a row per decision (editable,
//! in the orientation of the other matrices), remove. Compare ranks them by their yield; the
//! metrics that need one output per class show "—" for them.

use crate::widgets::keyed::{Row, keyed};
use crate::{Computed, callback, derived};
use crate::{memo, rx};
use leptos::prelude::*;

use crate::context::use_app;
use crate::widgets::input_kit::{NameField, confusion_axes, confusion_corner, try_edit};
use crate::widgets::matrix_editor::MatrixEditor;
use crate::widgets::remove_button::RemoveButton;
use ulab_core::text::shortest;
use ulab_core::{Matrix, Orientation};

/// One card per classifier with a row per decision (nothing when there is none).
#[component]
pub fn DecidedList(
    /// The class names.
    classes: Computed<Vec<String>>,
    /// How the matrices are shown.
    orientation: Computed<Orientation>,
) -> impl IntoView {
    let ctx = use_app();
    let count = memo(move |_| ctx.state.with(|s| s.problem.decided().len()));
    let decisions = memo(move |_| ctx.state.with(|s| s.decisions().clone()));
    view! {
        {keyed(move || (0..count.get()).map(|i| Row::at(i, move || view! {
            <DecidedCard index=i classes=classes decisions=decisions orientation=orientation />
        })).collect())}
    }
}

#[component]
fn DecidedCard(
    index: usize,
    classes: Computed<Vec<String>>,
    decisions: Computed<Vec<String>>,
    orientation: Computed<Orientation>,
) -> impl IntoView {
    let ctx = use_app();
    let decided = move |f: &dyn Fn(&ulab_state::Classifier) -> String| {
        ctx.state
            .with(|s| s.problem.decided().get(index).map(f).unwrap_or_default())
    };
    let name = memo(move |_| decided(&|c| c.name.clone()));
    let stored = memo(move |_| {
        ctx.state.with(|s| {
            s.problem
                .decided()
                .get(index)
                .map(|c| c.matrix.clone())
                .unwrap_or_else(|| Matrix::zeros(s.decisions().len(), s.n()).expect("a valid size"))
        })
    });
    let shown = derived(move || stored.with(|m| m.to_orientation(orientation.get())));
    let rows = derived(move || match orientation.get() {
        Orientation::OutputRows => decisions.get(),
        Orientation::TrueRows => classes.get(),
    });
    let cols = derived(move || match orientation.get() {
        Orientation::OutputRows => classes.get(),
        Orientation::TrueRows => decisions.get(),
    });
    let extra = move || {
        let n = classes.with(Vec::len);
        let d = decisions.get();
        let m = stored.get();
        (n..d.len())
            .filter_map(|k| {
                let items: f64 = m.row(k).iter().sum();
                (items > 0.0).then(|| format!("'{}' for {} items", d[k], shortest(items)))
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let rename = callback(move |typed: String| try_edit(&ctx, |s| s.rename_decided(index, &typed)));
    let remove = callback(move |()| {
        let _ = try_edit(&ctx, |s| s.remove_decided(index));
    });
    let check = callback(move |m: Matrix| {
        let o = orientation.get_untracked();
        ctx.state
            .with_untracked(|s| s.check_decided(m, o))
            .map(|_| ())
            .map_err(|e| e.to_string())
    });
    let commit = callback(move |m: Matrix| {
        let o = orientation.get_untracked();
        let _ = try_edit(&ctx, |s| s.set_decided(index, m, o));
    });
    let output_rows = move || orientation.get() == Orientation::OutputRows;
    view! {
        <article
            class="card classifier is-decided"
            aria-label=rx(move || format!("Classifier {} (a row per decision)", name.get()))
            data-testid=rx(move || format!("decided-{}", name.get()))
        >
            <header class="classifier-head">
                <NameField
                    value=name
                    on_input=rename
                    label=derived(move || format!("Name of classifier {} with a row per decision", index + 1))
                    testid=format!("decided-name-{index}")
                    class="classifier-name"
                />
                <span class="card-actions">
                    <RemoveButton
                        on_remove=remove
                        label=derived(move || format!("Remove classifier {}", name.get()))
                        title="Remove"
                        testid=format!("remove-decided-{index}")
                    />
                </span>
            </header>
            <p class="values-kind" data-testid=format!("decided-values-{index}")>
                {rx(move || format!("A row per decision · N = {} · also decides {}", shortest(stored.with(Matrix::sum)), extra()))}
            </p>
            <MatrixEditor
                value=shown
                row_labels=rows
                col_labels=cols
                corner=derived(move || if output_rows() { "decision ↓ / true →" } else { confusion_corner(Orientation::TrueRows) }.to_string())
                check=check
                on_commit=commit
                label=derived(move || format!("Decisions × classes of {}", name.get()))
                testid=format!("decided-editor-{index}")
                non_negative=true
                row_axis=derived(move || if output_rows() { "decision".to_string() } else { confusion_axes(Orientation::TrueRows).0.to_string() })
                col_axis=derived(move || if output_rows() { confusion_axes(Orientation::OutputRows).1.to_string() } else { "decision".to_string() })
            />
            <p class="hint">
                "Compare ranks it by its yield, every decision's row counted; the metrics that need one output per class show — for it, and the other views leave it out."
            </p>
        </article>
    }
}
