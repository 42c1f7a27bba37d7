//! An operating point to deploy: a classifier and a point along its curve (the optimum, a
//! point clicked on the ROC picture, or any point reached with the slider — arrow keys move one
//! point, Page Up/Down further), and
//! "Send to Compare", which adds its confusion matrix at the test set's counts (a binormal
//! curve: as fractions at the class-0 share `B`) to the Compare view's classifiers.

use crate::widgets::input_kit::try_edit;
use crate::{Computed, cond, handler, memo, on_value, rx};
use leptos::prelude::*;

use super::context::RocContext;
use crate::context::{AppContext, use_app};
use crate::widgets::card::Card;
use ulab_state::View;
use ulab_state::roc::pick::{Picked, classifier_at, describe, in_force, optimum_of};

/// The operating-point picker and "Send to Compare".
#[component]
pub fn PickPanel() -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<RocContext>();
    // The picked point, or the optimum of the best curve.
    let current = memo(move |_| {
        let picked = rc.picked.get();
        rc.report
            .with(|r| r.as_ref().ok().and_then(|r| in_force(r, picked)))
    });
    let point_text = move || {
        let p = current.get()?;
        rc.report
            .with(|r| describe(r.as_ref().ok()?, p.curve, p.point))
    };
    let slide = move |v: String| {
        if let (Some(p), Ok(k)) = (current.get_untracked(), v.parse::<usize>()) {
            rc.picked.set(Some((p.curve, k)));
        }
    };
    view! {
        <Card
            class="roc-pick"
            title_id="roc-pick-title"
            title="An operating point for Compare"
            testid="roc-pick"
        >
            <Show when=cond(move || current.get().is_some()) fallback=|| view! { <p class="hint">"No curve yet."</p> }>
                <CurveChoice current=current />
                <label for="roc-pick-slider" class="roc-pick-label">"Move along the curve (arrow keys: one point), or click the ROC picture"</label>
                <input
                    id="roc-pick-slider"
                    type="range"
                    min="0"
                    max=rx(move || current.get().map(|c| c.points.saturating_sub(1)).unwrap_or(0).to_string())
                    step="1"
                    prop:value=rx(move || current.get().map(|c| c.point).unwrap_or(0).to_string())
                    on:input=on_value(slide)
                    aria-valuetext=rx(move || point_text().unwrap_or_default())
                    data-testid="roc-pick-slider"
                />
                <p class="roc-pick-point" aria-live="polite" data-testid="roc-pick-point">{point_text}</p>
                <div class="roc-pick-actions">
                    <button type="button" class="btn btn-primary" on:click=handler(move |_| send(ctx, rc, current.get_untracked())) data-testid="roc-send">"Send to Compare"</button>
                    <button type="button" class="btn btn-small" on:click=handler(move |_| { let _ = ctx.edit(|s| s.view = View::Compare); }) data-testid="roc-open-compare">"Open Compare"</button>
                </div>
                <p class="hint">"A scores curve's point becomes its confusion matrix at the test set's counts; a binormal one, fractions at the class-0 share π₀."</p>
            </Show>
        </Card>
    }
}

/// The curve picked (at its optimum when chosen), and "Its optimum".
#[component]
fn CurveChoice(current: Computed<Option<Picked>>) -> impl IntoView {
    let rc = expect_context::<RocContext>();
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
    let optimum = move |c: usize| {
        rc.report
            .with_untracked(|r| r.as_ref().ok().and_then(|r| optimum_of(r, c)))
    };
    let choose_curve = move |v: String| {
        if let Ok(c) = v.parse::<usize>() {
            rc.picked.set(Some((c, optimum(c).unwrap_or(0))));
        }
    };
    let to_optimum = move |_| {
        if let Some(p) = current.get_untracked() {
            rc.picked.set(optimum(p.curve).map(|k| (p.curve, k)));
        }
    };
    view! {
        <div class="roc-pick-row">
            <label for="roc-pick-curve">"Classifier"</label>
            <select id="roc-pick-curve" on:change=on_value(choose_curve) data-testid="roc-pick-curve">
                {rx(move || names().into_iter().map(|(i, n)| {
                    view! { <option value=i.to_string() selected=rx(move || current.get().map(|c| c.curve) == Some(i))>{n}</option> }
                }).collect_view())}
            </select>
            <button type="button" class="btn btn-small" on:click=handler(to_optimum) data-testid="roc-pick-optimum">"Its optimum"</button>
        </div>
    }
}

/// Adds the point `p`'s classifier to the Compare view's, and says so.
fn send(ctx: AppContext, rc: RocContext, p: Option<Picked>) {
    let Some(p) = p else {
        return;
    };
    let classifier = rc.report.with_untracked(|r| {
        let r = r.as_ref().ok()?;
        rc.curves
            .with_untracked(|curves| classifier_at(r, curves, p.curve, p.point))
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
}
