//! An operating point to deploy: a classifier and a point along its curve (the optimum, a
//! point clicked on the ROC picture, or any point reached with the slider — arrow keys move one
//! point, Page Up/Down further), and
//! "Send to Compare", which adds its confusion matrix at the test set's counts (a binormal
//! curve: as fractions at the class-0 share `B`) to the Compare view's classifiers.

use crate::widgets::input_kit::try_edit;
use crate::{cond, handler, memo, rx};
use leptos::ev::{Event, Targeted};
use leptos::prelude::*;
use web_sys::{HtmlInputElement, HtmlSelectElement};

use super::RocContext;
use crate::context::use_app;
use ulab_core::text::{number, prose};
use ulab_state::View;
use ulab_state::roc::compare::{binormal_classifier, scored_classifier};
use ulab_state::roc::curves::Curve;
use ulab_state::roc::verdict::threshold_text;

/// The operating-point picker and "Send to Compare".
///
/// Over ~120 lines: one `view!` of the panel with the handlers it needs.
#[component]
pub fn PickPanel() -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<RocContext>();
    // The picked point, or the optimum of the best curve.
    let current = memo(move |_| {
        let picked = rc.picked.get();
        rc.report.with(|r| {
            let r = r.as_ref().ok()?;
            let (c, k) = picked.unwrap_or_else(|| {
                let c = r.best.first().copied().unwrap_or(0);
                (
                    c,
                    r.curves.get(c).map(|c| c.optimum.drawn_index).unwrap_or(0),
                )
            });
            let curve = r.curves.get(c)?;
            let k = k.min(curve.drawn.len().saturating_sub(1));
            Some((c, k, curve.drawn.len()))
        })
    });
    let names = move || {
        rc.report.with(|r| {
            r.as_ref()
                .map(|r| {
                    r.curves
                        .iter()
                        .map(|c| c.name.clone())
                        .enumerate()
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    let choose_curve = move |ev: Targeted<Event, HtmlSelectElement>| {
        let Ok(c) = ev.target().value().parse::<usize>() else {
            return;
        };
        let k = rc.report.with_untracked(|r| {
            r.as_ref()
                .ok()
                .and_then(|r| r.curves.get(c))
                .map(|c| c.optimum.drawn_index)
                .unwrap_or(0)
        });
        rc.picked.set(Some((c, k)));
    };
    let slide = move |ev: Targeted<Event, HtmlInputElement>| {
        if let (Some((c, _, _)), Ok(k)) = (
            current.get_untracked(),
            ev.target().value().parse::<usize>(),
        ) {
            rc.picked.set(Some((c, k)));
        }
    };
    let to_optimum = move |_| {
        if let Some((c, _, _)) = current.get_untracked() {
            let k = rc.report.with_untracked(|r| {
                r.as_ref()
                    .ok()
                    .and_then(|r| r.curves.get(c))
                    .map(|c| c.optimum.drawn_index)
            });
            rc.picked.set(k.map(|k| (c, k)));
        }
    };
    let describe = move || {
        let (c, k, _) = current.get()?;
        rc.report.with(|r| {
            let r = r.as_ref().ok()?;
            let curve = r.curves.get(c)?;
            let p = curve.drawn.get(k)?;
            let y = curve.yields.get(k)?;
            let opt = if k == curve.optimum.drawn_index {
                " — its optimum"
            } else {
                ""
            };
            Some(format!(
                "{}: threshold {}, FPR {}, TPR {}, yield {} per item{opt}",
                curve.name,
                threshold_text(p.threshold),
                number(p.fpr, 3),
                number(p.tpr, 3),
                prose(*y)
            ))
        })
    };
    let send = move |_| {
        let Some((c, k, _)) = current.get_untracked() else {
            return;
        };
        let classifier = rc.report.with_untracked(|r| {
            let r = r.as_ref().ok()?;
            let report = r.curves.get(c)?;
            rc.curves.with_untracked(|curves| match curves.get(c)? {
                Curve::Scores(s) => scored_classifier(s, *s.drawn.get(k)?),
                Curve::Binormal { name, .. } => {
                    binormal_classifier(name, *report.drawn.get(k)?, r.share.value)
                }
            })
        });
        let Some(classifier) = classifier else {
            ctx.say("This point cannot be sent to Compare.");
            return;
        };
        match try_edit(&ctx, |s| s.push_classifier(classifier)) {
            Ok(i) => {
                let name = ctx
                    .state
                    .with_untracked(|s| s.classifiers()[i].name.clone());
                ctx.say(format!("Added '{name}' to Compare"));
            }
            Err(e) => ctx.say(format!("Not added: {e}")),
        }
    };
    view! {
        <section class="card roc-pick" aria-labelledby="roc-pick-title" data-testid="roc-pick">
            <h3 id="roc-pick-title">"An operating point for Compare"</h3>
            <Show when=cond(move || current.get().is_some()) fallback=|| view! { <p class="hint">"No curve yet."</p> }>
                <div class="roc-pick-row">
                    <label for="roc-pick-curve">"Classifier"</label>
                    <select id="roc-pick-curve" on:change:target=choose_curve data-testid="roc-pick-curve">
                        {rx(move || names().into_iter().map(|(i, n)| {
                            view! { <option value=i.to_string() selected=rx(move || current.get().map(|c| c.0) == Some(i))>{n}</option> }
                        }).collect_view())}
                    </select>
                    <button type="button" class="btn btn-small" on:click=handler(to_optimum) data-testid="roc-pick-optimum">"Its optimum"</button>
                </div>
                <label for="roc-pick-slider" class="roc-pick-label">"Move along the curve (arrow keys: one point), or click the ROC picture"</label>
                <input
                    id="roc-pick-slider"
                    type="range"
                    min="0"
                    max=rx(move || current.get().map(|c| c.2.saturating_sub(1)).unwrap_or(0).to_string())
                    step="1"
                    prop:value=rx(move || current.get().map(|c| c.1).unwrap_or(0).to_string())
                    on:input:target=slide
                    aria-valuetext=rx(move || describe().unwrap_or_default())
                    data-testid="roc-pick-slider"
                />
                <p class="roc-pick-point" aria-live="polite" data-testid="roc-pick-point">{describe}</p>
                <div class="roc-pick-actions">
                    <button type="button" class="btn btn-primary" on:click=handler(send) data-testid="roc-send">"Send to Compare"</button>
                    <button type="button" class="btn btn-small" on:click=handler(move |_| { let _ = ctx.edit(|s| s.view = View::Compare); }) data-testid="roc-open-compare">"Open Compare"</button>
                </div>
                <p class="hint">"A scores curve's point becomes its confusion matrix at the test set's counts; a binormal one, fractions at the class-0 share B."</p>
            </Show>
        </section>
    }
}
