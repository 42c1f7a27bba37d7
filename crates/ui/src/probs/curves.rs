//! Two classes: the decision curve — net benefit against the threshold probability `p_t`,
//! as `dcurves` draws it, with "treat all" and "treat none" — which is the yield under the
//! family of utility matrices `[[1, −p_t/(1−p_t)], [0, 0]]`: a picked `p_t` opens its matrix
//! in the Utility space. Beside it, the yield against the threshold under the app's utility
//! matrix: "trust the probabilities" (the threshold the matrix implies) against the best
//! threshold found on the data.

use crate::callback;
use crate::web::use_download::use_download;
use crate::{Var, cond, handler, memo, on_value, rx};
use leptos::prelude::*;

use super::ProbsContext;
use crate::context::use_app;
use crate::widgets::card::Card;
use crate::widgets::plot_canvas::{CanvasClick, PlotCanvas};
use ulab_core::UtilityMatrix;
use ulab_core::text::number;
use ulab_plot::probs::curves::DecisionCurveChart;
use ulab_state::View;
use ulab_state::probs::charts::{decision_curve_chart, implied_threshold, yield_curve_chart};
use ulab_state::probs::curve::{decision_curve, default_thresholds};
use ulab_state::probs::export::curve_csv;
use ulab_state::probs::sentences::{pick_readout, threshold_sentences};

/// The link that opens the net-benefit matrix of `p_t` in the Utility space, with the rest
/// of the state as it is.
fn space_link(s: &ulab_state::AppState, p_t: f64) -> Option<String> {
    let m = UtilityMatrix::net_benefit(p_t).ok()?;
    let mut next = s.clone();
    next.change_problem(|p| {
        p.utility = m.matrix().clone();
        p.decisions.truncate(2);
    })
    .ok()?;
    next.view = View::Space;
    Some(format!("#{}", ulab_state::link::encode(&next)))
}

/// The two-class curves, their sentences, the open-in-space link and the CSV.
#[component]
pub fn CurvesPanel() -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let pc = expect_context::<ProbsContext>();
    let d = pc.derived;
    let picked = Var::new(0.2f64);
    let curves = memo(move |_| d.curves.with(|c| c.clone().and_then(Result::ok)));
    let names = memo(move |_| {
        pc.loaded
            .with(|l| l.as_ref().map(|l| l.file.models()).unwrap_or_default())
    });
    let class0 = memo(move |_| {
        pc.loaded.with(|l| {
            l.as_ref()
                .and_then(|l| l.file.classes.first().cloned())
                .unwrap_or_default()
        })
    });
    let implied = memo(move |_| ctx.state.with(|s| implied_threshold(s.utility_matrix())));
    let decision = memo(move |_| {
        curves.with(|c| match c {
            Some(c) => decision_curve_chart(
                c,
                &names.get(),
                &class0.get(),
                implied.get(),
                Some(picked.get()),
            ),
            None => DecisionCurveChart::default(),
        })
    });
    let yields = memo(move |_| {
        let (u, decisions) = ctx
            .state
            .with(|s| (s.utility_matrix().clone(), s.decisions().clone()));
        curves.with(|c| {
            let c = c.as_ref()?;
            yield_curve_chart(c, &names.get(), &u, &class0.get(), &decisions).ok()
        })
    });
    let yield_chart =
        memo(move |_| yields.with(|y| y.as_ref().map(|y| y.0.clone()).unwrap_or_default()));
    let sentences = move || {
        yields.with(|y| {
            let (_, reports) = y.as_ref()?;
            Some(threshold_sentences(reports, &names.get(), &class0.get()))
        })
    };
    let readout = move || {
        let p = picked.get();
        curves.with(|c| pick_readout(c.as_ref()?, &names.get(), p))
    };
    let href = move || {
        ctx.state
            .with(|s| space_link(s, picked.get()))
            .unwrap_or_default()
    };
    let click = callback(move |c: CanvasClick| {
        if let Some(p) = decision.with_untracked(|d| d.threshold_at(c.width as u32, c.x)) {
            picked.set((p * 100.0).round() / 100.0);
        }
    });
    let save = move |_| {
        curves.with_untracked(|c| {
            if let Some(c) = c {
                let points = decision_curve(c, &default_thresholds());
                download.csv(
                    "probs-decision-curve.csv",
                    &curve_csv(&points, &names.get_untracked()),
                );
            }
        });
    };
    let slide = move |v: String| {
        if let Ok(v) = v.parse::<f64>() {
            picked.set(v);
        }
    };
    let decision_plot = decision;
    let yield_plot = yield_chart;
    let two = move || {
        pc.loaded
            .with(|l| l.as_ref().is_some_and(|l| l.file.classes.len() == 2))
    };
    view! {
        <Show when=cond(two)>
            <Card class="probs-curves" title_id="probs-curves-title" title="Two classes: the decision curve" testid="probs-curves">
                <p class="hint">
                    "Decide " {rx(move || class0.get())} " iff its probability is at least p"<sub>"t"</sub>": the net benefit TP/N − FP/N · p"<sub>"t"</sub>"/(1 − p"<sub>"t"</sub>") of each model against p"<sub>"t"</sub>", beside treating all and treating none. The curve is the yield under the family of utility matrices [[1, −p"<sub>"t"</sub>"/(1 − p"<sub>"t"</sub>")], [0, 0]]: each p"<sub>"t"</sub>" is one utility matrix. Click the plot, or move the slider, to pick one."
                </p>
                <Show when=cond(move || curves.with(Option::is_some)) fallback=|| view! { <p class="hint">"Sorting the items…"</p> }>
                    <PlotCanvas plot=decision_plot name="probs-decision-curve" label="Decision curve: net benefit against the threshold probability for each model, treat all and treat none" testid="probs-decision-plot" on_click=click />
                    <div class="probs-pick">
                        <label for="probs-pt">"Threshold probability p" <sub>"t"</sub></label>
                        <input id="probs-pt" type="range" min="0.01" max="0.99" step="0.01" prop:value=rx(move || picked.get().to_string())
                            on:input=on_value(slide)
                            aria-valuetext=rx(move || readout().unwrap_or_default())
                            data-testid="probs-pt" />
                        <p aria-live="polite" data-testid="probs-pt-readout">{rx(move || readout().unwrap_or_default())}</p>
                        <a class="btn btn-small" href=rx(href) data-testid="probs-open-space">
                            {rx(move || format!("Open [[1, −{}], [0, 0]] in the Utility space", number(picked.get() / (1.0 - picked.get()), 4)))}
                        </a>
                    </div>
                    <h4>"Yield against the threshold, with your utilities"</h4>
                    <Show when=cond(move || yields.with(Option::is_some)) fallback=|| view! { <p class="hint">"A threshold rule decides between two decisions: with extra decisions (“refer”), see the table above."</p> }>
                        <PlotCanvas plot=yield_plot name="probs-yield-vs-threshold" label="Yield per item against the threshold under your utility matrix, for each model" testid="probs-yield-plot" />
                        <ul class="probs-threshold-sentences" data-testid="probs-thresholds">
                            {rx(move || sentences().unwrap_or_default().into_iter().map(|s| view! { <li>{s}</li> }).collect_view())}
                        </ul>
                    </Show>
                    <div class="probs-exports">
                        <button type="button" class="btn btn-small" on:click=handler(save) data-testid="probs-export-curve">"CSV: decision curve"</button>
                    </div>
                </Show>
            </Card>
        </Show>
    }
}
