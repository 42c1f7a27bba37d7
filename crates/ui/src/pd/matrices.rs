//! The confusion matrices, editable here as in the Compare view (the heatmaps, histograms and
//! table follow every valid edit; a bad cell keeps the last good matrix).

use crate::derived;
use crate::widgets::keyed::{Row, keyed};
use crate::{handler, memo, rx};
use leptos::prelude::*;

use crate::context::use_app;
use crate::widgets::card::FoldedCard;
use crate::widgets::confusion_editor::{ConfusionEditor, classifier_name, stored_confusion};
use ulab_core::Orientation;

/// The panel: one editor per classifier.
#[component]
pub fn MatricesPanel() -> impl IntoView {
    let ctx = use_app();
    let count = memo(move |_| ctx.state.with(|s| s.classifiers().len()));
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
        <FoldedCard
            class="pd-matrices"
            title_id="pd-matrices-title"
            title="Confusion matrices"
            testid="pd-matrices"
            folded=derived(move || count.get() > 4)
        >
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
                {keyed(move || (0..count.get()).map(|index| Row::at(index, move || view! {
                    <MatrixCard index=index />
                })).collect())}
            </div>
        </FoldedCard>
    }
}

/// One classifier's editor.
#[component]
fn MatrixCard(index: usize) -> impl IntoView {
    let ctx = use_app();
    let orientation = memo(move |_| ctx.state.with(|s| s.orientation));
    let classes = memo(move |_| ctx.state.with(|s| s.classes().clone()));
    let name = classifier_name(&ctx, index);
    let stored = stored_confusion(&ctx, index);
    let shown = memo(move |_| stored.with(|m| m.to_orientation(orientation.get())));
    view! {
        <article class="pd-matrix" data-testid=format!("pd-matrix-{index}")>
            <h4 class="pd-name">{rx(move || name.get())}</h4>
            <ConfusionEditor
                index=index
                shown=shown
                classes=classes
                orientation=orientation
                name=name
                testid=format!("pd-cm-editor-{index}")
            />
        </article>
    }
}
