//! The view's inputs: the scores file (picker, drop, paste), the binormal curves of the link,
//! the utility matrix and the class-0 share.

use crate::widgets::input_kit::try_edit;
use crate::widgets::keyed::{Row, key_of, keyed};
use crate::{Var, callback, derived, on_value};
use crate::{cond, handler, memo, rx};
use leptos::prelude::*;

use super::context::{LoadState, RocContext};
use super::loader;
use crate::context::use_app;
use crate::web::handoff::{self, Source};
use crate::widgets::card::Card;
use crate::widgets::file_drop::{FileDrop, LoadLine, PasteCsv};
use crate::widgets::matrix_editor::MatrixEditor;
use crate::widgets::number_field::{NumberField, apply_real};
use ulab_core::Matrix;
use ulab_state::roc::link::reload_notice;

/// Starts loading a dropped or picked file (read in slices, [`loader`]).
fn read_file(rc: RocContext, file: web_sys::File) {
    let name = file.name();
    if file.size() > ulab_state::roc::scores::MAX_SCORES_BYTES as f64 {
        rc.load.set(LoadState::Failed(format!(
            "{name} was not read: larger than 200 MB"
        )));
        return;
    }
    loader::start(rc, name, Source::File(file));
}

/// The scores file: picker, drop zone, paste box, progress and the positive label.
#[component]
pub fn ScoresInput() -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<RocContext>();
    let notice = move || {
        if rc.loaded.with(Option::is_some) {
            return None;
        }
        ctx.state.with(|s| reload_notice(&s.roc))
    };
    // The labels to choose from: those of a file waiting for its positive label, else those
    // of the loaded file.
    let labels = move || {
        rc.pending
            .with(|p| p.as_ref().map(|p| p.1.labels.clone()))
            .or_else(|| {
                rc.loaded
                    .with(|l| l.as_ref().map(|l| l.table.labels.clone()))
            })
    };
    let read_pasted = move |text: String| {
        loader::start(rc, "the pasted scores".into(), Source::Text(text));
    };
    view! {
        <Card
            class="roc-scores"
            title_id="roc-scores-title"
            title="Your scores"
            testid="roc-scores"
        >
            {rx(move || notice().map(|n| view! { <p class="notice is-warning" role="note" data-testid="roc-reload-notice">{n}</p> }))}
            <FileDrop
                testid="roc-drop"
                input_testid="roc-file"
                hint="Up to 10⁶ rows: read in slices, the page stays responsive. Nothing leaves your browser."
                on_file=callback(move |file| read_file(rc, file))
            >
                "A CSV with one label column and one score column per classifier (a header row names them), e.g. "
                <code>"label,logistic,forest"</code>
                "."
            </FileDrop>
            <PasteCsv prefix="roc" what="scores" placeholder="label,A,B\n1,0.9,0.6\n0,0.8,0.1\n…" on_read=callback(read_pasted) />
            <LoadLine prefix="roc" load=rc.load />
            <ProbabilitiesNotice />
            <Show when=cond(move || labels().is_some())>
                <PositiveLabel labels=derived(move || labels().unwrap_or_default()) />
            </Show>
        </Card>
    }
}

/// A file read that is a probabilities file: what the view says, and a button that opens it in
/// the Probabilities view.
#[component]
fn ProbabilitiesNotice() -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<RocContext>();
    let open_probs = move |_| {
        if let Some((_, name, source)) = rc.probabilities.get_untracked() {
            handoff::hand(name, source);
            let _ = ctx.edit(|s| s.view = ulab_state::View::Probs);
        }
    };
    move || {
        rc.probabilities
            .with(|p| p.as_ref().map(|(what, _, _)| what.clone()))
            .map(|what| {
                view! {
                    <div class="notice roc-probabilities" role="note" data-testid="roc-probabilities">
                        <p>{what}</p>
                        <button type="button" class="btn btn-small" on:click=handler(open_probs) data-testid="roc-open-probs">
                            "Open it in the Probabilities view"
                        </button>
                    </div>
                }
            })
    }
}

/// The positive label (class 0) among the file's `labels`, and "Remove the scores".
#[component]
fn PositiveLabel(labels: Signal<[String; 2]>) -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<RocContext>();
    let current = move || {
        if rc.pending.with(Option::is_some) {
            return String::new();
        }
        rc.loaded
            .with(|l| l.as_ref().map(|l| l.table.labels[l.positive].clone()))
            .unwrap_or_default()
    };
    let choose_positive = move |v: String| {
        let label = v;
        if label.is_empty() {
            return;
        }
        let source = rc.pending.get_untracked().or_else(|| {
            rc.loaded
                .with_untracked(|l| l.as_ref().map(|l| (l.file.clone(), l.table.clone())))
        });
        if let Some((file, table)) = source
            && let Ok(p) = table.positive(Some(&label))
        {
            let _ = ctx.edit(|s| s.roc.positive = Some(label.clone()));
            loader::build(rc, file, table, p);
        }
    };
    let clear = move |_| {
        rc.set_loaded(None);
        rc.load.set(LoadState::Idle);
        let _ = ctx.edit(|s| {
            s.roc.scores.clear();
            s.roc.positive = None;
        });
    };
    view! {
        <div class="roc-positive">
            <label for="roc-positive">"Positive label (class 0)"</label>
            <select id="roc-positive" on:change=on_value(choose_positive) data-testid="roc-positive">
                <option value="" selected=rx(move || current().is_empty())>"Choose…"</option>
                {rx(move || labels.get().into_iter().map(|l| {
                    let sel = l.clone();
                    view! { <option value=l.clone() selected=rx(move || current() == sel)>{l.clone()}</option> }
                }).collect_view())}
            </select>
            <Show when=cond(move || rc.loaded.with(Option::is_some))>
                <button type="button" class="btn btn-small" on:click=handler(clear) data-testid="roc-clear">"Remove the scores"</button>
            </Show>
        </div>
    }
}

/// The binormal curves: each editable (`a,b`) and removable, and a form to add one.
#[component]
pub fn BinormalCurves() -> impl IntoView {
    let ctx = use_app();
    let new_name = Var::new(String::new());
    let new_ab = Var::new("1,1".to_string());
    let error = Var::new(None::<String>);
    let add = move |_| {
        let (name, ab) = (new_name.get_untracked(), new_ab.get_untracked());
        let mut next = ctx.state.get_untracked();
        match next.roc.add_binormal(&name, &ab) {
            Ok(()) => {
                error.set(None);
                let _ = ctx.edit(|s| s.roc = next.roc);
                new_name.set(String::new());
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let rows = move || {
        ctx.state.with(|s| {
            s.roc
                .binormal
                .iter()
                .enumerate()
                .map(|(i, (n, m))| (i, n.clone(), ulab_state::roc::binormal::format_ab(m)))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <Card
            class="roc-binormal"
            title_id="roc-bn-title"
            title="Binormal curves"
            testid="roc-binormal"
            hint="TPR = Φ(a + b·Φ⁻¹(FPR)), AUC = Φ(a/√(1+b²)): a model curve from two numbers (in the link as bn.NAME=a,b)."
        >
            <ul class="roc-bn-list">
                {keyed(move || rows().into_iter().map(|r| Row::new(key_of(&[&r.0, &r.1, &r.2]), move || {
                        let (i, name, ab) = r;
                        let edit = move |v: String| {
                            let text = v;
                            match ulab_state::roc::binormal::parse_ab(&text) {
                                Ok(m) => {
                                    error.set(None);
                                    let _ = ctx.edit(|s| if let Some(c) = s.roc.binormal.get_mut(i) { c.1 = m });
                                }
                                Err(e) => error.set(Some(e.to_string())),
                            }
                        };
                        let remove = move |_| {
                            let _ = ctx.edit(|s| {
                                if i < s.roc.binormal.len() {
                                    s.roc.binormal.remove(i);
                                }
                            });
                        };
                        let label = format!("a,b of {name}");
                        view! {
                            <li class="roc-bn-row">
                                <span class="roc-bn-name">{name.clone()}</span>
                                <input type="text" class="roc-bn-ab" value=ab aria-label=label on:change=on_value(edit) data-testid="roc-bn-ab" />
                                <button type="button" class="btn btn-small" on:click=handler(remove) aria-label=format!("Remove {name}")>"×"</button>
                            </li>
                        }
                    })).collect())}
            </ul>
            <div class="roc-bn-add">
                <input type="text" placeholder="name" aria-label="Name of a new curve" prop:value=rx(move || new_name.get()) on:input=on_value(move |v| new_name.set(v)) data-testid="roc-bn-new-name" />
                <input type="text" placeholder="a,b" aria-label="a,b of the new curve" prop:value=rx(move || new_ab.get()) on:input=on_value(move |v| new_ab.set(v)) data-testid="roc-bn-new-ab" />
                <button type="button" class="btn btn-small" on:click=handler(add) data-testid="roc-bn-add">"Add curve"</button>
            </div>
            <p class="field-error" role="alert">{rx(move || error.get().unwrap_or_default())}</p>
        </Card>
    }
}

/// The utility matrix (2 × 2) and the class-0 share `B`.
#[component]
pub fn ProblemPanel() -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<RocContext>();
    let utility = memo(move |_| ctx.state.with(|s| s.utility().clone()));
    let binary = memo(move |_| ctx.state.with(|s| s.n() == 2 && s.utility().rows() == 2));
    let names = derived(move || ctx.state.with(|s| s.classes().clone()));
    let decisions = derived(move || ctx.state.with(|s| s.decisions().clone()));
    let share = move || {
        rc.report
            .with(|r| r.as_ref().map(|r| r.share.note()).unwrap_or_default())
    };
    let b_value = derived(move || {
        ctx.state.with(|s| {
            s.prevalence
                .as_ref()
                .and_then(|p| p.first())
                .map(|b| ulab_core::text::shortest(*b))
                .unwrap_or_default()
        })
    });
    let make_binary = move |_| {
        let _ = try_edit(&ctx, |s| {
            s.resize_classes(2);
            s.change_problem(|p| {
                p.utility = Matrix::identity(2).expect("2 ≥ 1");
                p.decisions = p.classes.clone();
            })
        });
    };
    view! {
        <Card
            class="roc-problem"
            title_id="roc-problem-title"
            title="Your utilities"
            testid="roc-problem"
        >
            <Show
                when=cond(move || binary.get())
                fallback=move || view! {
                    <p class="notice is-warning" role="note">"ROC curves are for two classes and two decisions; the utility matrix has more."</p>
                    <button type="button" class="btn btn-small" on:click=handler(make_binary) data-testid="roc-make-binary">"Use two classes (identity utilities)"</button>
                }
            >
                <MatrixEditor
                    value=Signal::from(utility)
                    row_labels=decisions
                    col_labels=names
                    corner=derived(|| "decision \\ true".to_string())
                    check=callback(|_m: Matrix| Ok(()))
                    on_commit=callback(move |m: Matrix| { let _ = ctx.edit_problem(|p| p.utility = m); })
                    label=derived(|| "Utility matrix".to_string())
                    testid="roc-utility"
                />
            </Show>
            <NumberField
                label="Class-0 share π₀ in deployment"
                value=b_value
                apply=callback(move |t: String| {
                    if t.trim().is_empty() {
                        return ctx.edit(|s| s.prevalence = None);
                    }
                    apply_real(&ctx, &t, "class-0 share", |s, b| {
                        if s.n() == 2 && (0.0..=1.0).contains(&b) {
                            s.prevalence = Some(vec![b, 1.0 - b]);
                        }
                    })
                })
                testid="roc-share"
                step="0.05"
                min="0"
                max="1"
                hint="empty: the test set's (½ for binormal curves only)"
            />
            <p class="hint" data-testid="roc-share-note">{share}</p>
        </Card>
    }
}
