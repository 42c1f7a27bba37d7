//! The classifiers: one card each (name, confusion matrix), add and remove.

use leptos::prelude::*;

use super::context::use_app;
use super::matrix_editor::MatrixEditor;
use crate::core::{ConfusionMatrix, Matrix, Orientation};
use crate::state::{clean_name, Classifier};

/// The list of classifier cards and the "add" button.
#[component]
pub fn ClassifierList() -> impl IntoView {
    let ctx = use_app();
    let count = Memo::new(move |_| ctx.state.with(|s| s.classifiers.len()));
    let add = move |_| {
        let _ = ctx.edit(|s| {
            let n = s.n();
            let name = next_name(&s.classifiers);
            let totals: Vec<f64> = s
                .classifiers
                .first()
                .map(|c| c.matrix.col_sums())
                .unwrap_or_else(|| vec![50.0; n]);
            s.classifiers.push(Classifier { name, matrix: default_matrix(&totals) });
        });
    };
    view! {
        <section class="classifiers" aria-label="Classifiers" data-testid="classifiers">
            <For each=move || 0..count.get() key=|i| *i let:i>
                <ClassifierCard index=i />
            </For>
            <button type="button" class="btn" on:click=add data-testid="add-classifier">
                "+ Add a classifier"
            </button>
        </section>
    }
}

/// "A", "B", …, "Z", then "C27", … — the first name not taken.
fn next_name(existing: &[Classifier]) -> String {
    (0..)
        .map(|k: usize| {
            if k < 26 {
                ((b'A' + k as u8) as char).to_string()
            } else {
                format!("C{}", k + 1)
            }
        })
        .find(|n| existing.iter().all(|c| &c.name != n))
        .unwrap_or_else(|| "new".into())
}

/// A plausible classifier for the same test set: 80 % of each class on the diagonal.
fn default_matrix(totals: &[f64]) -> Matrix {
    let n = totals.len();
    let mut m = vec![0.0; n * n];
    for (j, t) in totals.iter().enumerate() {
        let right = (0.8 * t).round();
        m[j * n + j] = right;
        let rest = t - right;
        let others = (n - 1) as f64;
        let each = (rest / others).floor();
        let mut left = rest;
        for i in (0..n).filter(|i| *i != j) {
            m[i * n + j] = each;
            left -= each;
        }
        let last = if j == n - 1 { 0 } else { n - 1 };
        m[last * n + j] += left;
    }
    if m.iter().all(|v| *v == 0.0) {
        m[0] = 1.0;
    }
    Matrix::new(n, n, m).expect("valid default matrix")
}

/// One classifier: its name and its confusion matrix.
#[component]
fn ClassifierCard(index: usize) -> impl IntoView {
    let ctx = use_app();
    let name = Memo::new(move |_| {
        ctx.state.with(|s| s.classifiers.get(index).map(|c| c.name.clone()).unwrap_or_default())
    });
    let orientation = Memo::new(move |_| ctx.state.with(|s| s.orientation));
    let shown = Signal::derive(move || {
        ctx.state.with(|s| {
            s.classifiers
                .get(index)
                .map(|c| c.matrix.to_orientation(s.orientation))
                .unwrap_or_else(|| Matrix::identity(s.n()).expect("n ≥ 2"))
        })
    });
    let classes = Signal::derive(move || ctx.state.with(|s| s.classes.clone()));
    let corner = Signal::derive(move || match orientation.get() {
        Orientation::OutputRows => "output ↓ / true →".to_string(),
        Orientation::TrueRows => "true ↓ / output →".to_string(),
    });
    let check = Callback::new(move |m: Matrix| {
        ConfusionMatrix::new(m, orientation.get_untracked()).map(|_| ()).map_err(|e| e.to_string())
    });
    let commit = Callback::new(move |m: Matrix| {
        let o = orientation.get_untracked();
        let _ = ctx.edit(|s| {
            if let Some(c) = s.classifiers.get_mut(index) {
                c.matrix = m.from_orientation(o);
            }
        });
    });
    let name_error = RwSignal::new(None::<String>);
    let rename = move |ev: leptos::ev::Event| {
        let new = clean_name(&event_target_value(&ev));
        if new.is_empty() {
            name_error.set(Some("A classifier needs a name.".into()));
            return;
        }
        let taken = ctx.state.with_untracked(|s| {
            s.classifiers.iter().enumerate().any(|(i, c)| i != index && c.name == new)
        });
        if taken {
            name_error.set(Some(format!("Another classifier is already named '{new}'.")));
            return;
        }
        name_error.set(None);
        let _ = ctx.edit(|s| {
            if let Some(c) = s.classifiers.get_mut(index) {
                c.name = new;
            }
        });
    };
    let remove = move |_| {
        let _ = ctx.edit(|s| {
            if index < s.classifiers.len() {
                s.classifiers.remove(index);
            }
        });
    };
    view! {
        <article class="card classifier" data-testid=move || format!("classifier-{}", name.get())>
            <header class="classifier-head">
                <label class="name-field">
                    <span class="visually-hidden">"Classifier name"</span>
                    <input
                        type="text"
                        class="name-input"
                        maxlength="60"
                        prop:value=move || name.get()
                        on:change=rename
                        aria-label="Classifier name"
                        data-testid="classifier-name"
                    />
                </label>
                <button
                    type="button"
                    class="btn btn-icon"
                    on:click=remove
                    aria-label=move || format!("Remove classifier {}", name.get())
                    title="Remove"
                    data-testid="remove-classifier"
                >
                    "×"
                </button>
            </header>
            <p class="field-error" role="status">{move || name_error.get()}</p>
            <MatrixEditor
                value=shown
                row_labels=classes
                col_labels=classes
                corner=corner
                check=check
                on_commit=commit
                label=format!("Confusion matrix of classifier {}", index + 1)
                testid=format!("cm-editor-{index}")
            />
        </article>
    }
}
