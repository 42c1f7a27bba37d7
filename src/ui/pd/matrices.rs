//! The confusion matrices, editable here as in the Compare view (the heatmaps, histograms and
//! table follow every valid edit; a bad cell keeps the last good matrix).

use crate::ui::{handler, memo, rx};
use leptos::prelude::*;

use crate::core::{Matrix, Orientation};
use crate::ui::context::use_app;
use crate::ui::widgets::input_kit::{confusion_axes, confusion_corner, try_edit};
use crate::ui::widgets::matrix_editor::MatrixEditor;

/// The panel: one editor per classifier.
#[component]
pub fn MatricesPanel() -> impl IntoView {
    let ctx = use_app();
    let count = memo(move |_| ctx.state.with(|s| s.classifiers.len()));
    let orientation = memo(move |_| ctx.state.with(|s| s.orientation));
    let flip = move |_| {
        let _ = ctx.edit(|s| {
            s.orientation = match s.orientation {
                Orientation::OutputRows => Orientation::TrueRows,
                Orientation::TrueRows => Orientation::OutputRows,
            }
        });
    };
    view! {
        <section class="card pd-matrices" aria-labelledby="pd-matrices-title" data-testid="pd-matrices">
            <details open=rx(move || { count.get() <= 4 })>
                <summary>
                    <h3 id="pd-matrices-title">"Confusion matrices"</h3>
                </summary>
                <p class="hint">
                    {rx(move || match orientation.get() {
                        Orientation::TrueRows => "Rows = true class, as Kozak et al. write them. ",
                        Orientation::OutputRows => "Rows = the classifier's output. ",
                    })}
                    <button type="button" class="btn btn-small" on:click=handler(flip) data-testid="pd-flip">
                        "Transpose the display"
                    </button>
                </p>
                <div class="pd-matrix-list">
                    <For each=move || { (0..count.get()).collect::<Vec<_>>() } key=|i| *i let:index>
                        <MatrixCard index=index />
                    </For>
                </div>
            </details>
        </section>
    }
}

/// One classifier's editor.
#[component]
fn MatrixCard(index: usize) -> impl IntoView {
    let ctx = use_app();
    let orientation = memo(move |_| ctx.state.with(|s| s.orientation));
    let classes = memo(move |_| ctx.state.with(|s| s.classes.clone()));
    let name = memo(move |_| {
        ctx.state.with(|s| {
            s.classifiers
                .get(index)
                .map(|c| c.name.clone())
                .unwrap_or_default()
        })
    });
    let shown = memo(move |_| {
        ctx.state.with(|s| {
            s.classifiers
                .get(index)
                .map(|c| c.matrix.clone())
                .unwrap_or_else(|| Matrix::identity(s.n()).expect("n ≥ 2"))
                .to_orientation(orientation.get())
        })
    });
    let check = Callback::new(move |m: Matrix| {
        let o = orientation.get_untracked();
        ctx.state
            .with_untracked(|s| s.check_confusion(m, o))
            .map(|_| ())
            .map_err(|e| e.to_string())
    });
    let commit = Callback::new(move |m: Matrix| {
        let o = orientation.get_untracked();
        let _ = try_edit(&ctx, |s| s.set_confusion(index, m, o));
    });
    view! {
        <article class="pd-matrix" data-testid=format!("pd-matrix-{index}")>
            <h4 class="pd-name">{rx(move || name.get())}</h4>
            <MatrixEditor
                value=Signal::from(shown)
                row_labels=Signal::from(classes)
                col_labels=Signal::from(classes)
                corner=Signal::derive(move || confusion_corner(orientation.get()).to_string())
                check=check
                on_commit=commit
                label=Signal::derive(move || format!("Confusion matrix of {}", name.get()))
                testid=format!("pd-cm-editor-{index}")
                non_negative=true
                row_axis=Signal::derive(move || confusion_axes(orientation.get()).0.to_string())
                col_axis=Signal::derive(move || confusion_axes(orientation.get()).1.to_string())
            />
        </article>
    }
}
