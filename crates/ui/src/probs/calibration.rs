//! Calibration: each class's reliability diagram (one against the rest) with every model and,
//! once computed, its recalibrated version dashed; the calibration errors; how the models are
//! recalibrated; the bins' CSV.

use crate::web::use_download::use_download;
use crate::{Var, cond, handler, memo, on_checked, on_value, rx};
use leptos::prelude::*;

use super::ProbsContext;
use crate::context::use_app;
use crate::widgets::card::Card;
use crate::widgets::plot_canvas::PlotCanvas;
use ulab_core::text::number;
use ulab_plot::probs::reliability::ReliabilityChart;
use ulab_state::probs::calibration::{ModelCalibration, recalibrated_name};
use ulab_state::probs::charts::reliability_chart;
use ulab_state::probs::export::calibration_csv;

/// The bins offered.
const BINS: [usize; 6] = [5, 10, 15, 20, 30, 50];

/// How the models are recalibrated, in the page's words.
const METHOD: &str = "Recalibrated: p′(c) ∝ exp(a·ln p(c) + b(c)) — one temperature a and one \
    bias per class (Platt scaling for two classes) — fitted by maximum likelihood and \
    cross-fitted over 5 folds: each item's recalibrated probabilities come from a fit on the \
    other folds, so what recalibrating gains is never measured on the items it was fitted to.";

/// Each model's mean calibration error, and its recalibrated version's.
fn errors(own: &[ModelCalibration], recal: &[ModelCalibration]) -> String {
    own.iter()
        .map(|m| {
            let e = |m: &ModelCalibration| m.mean_error().map_or("—".into(), |v| number(v, 3));
            let after = recal
                .iter()
                .find(|r| r.name == recalibrated_name(&m.name))
                .map(|r| format!(" (recalibrated {})", e(r)))
                .unwrap_or_default();
            format!("{} {}{after}", m.name, e(m))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The reliability diagrams and their numbers.
#[component]
pub fn CalibrationPanel() -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let pc = expect_context::<ProbsContext>();
    let d = pc.derived;
    let show_recal = Var::new(true);
    let chart = memo(move |_| {
        let Some(own) = d.calibration.get() else {
            return ReliabilityChart::default();
        };
        let recal = d.recal_calibration.get().filter(|_| show_recal.get());
        let classes = pc
            .loaded
            .with(|l| l.as_ref().map(|l| l.file.classes.clone()))
            .unwrap_or_default();
        let mut models: Vec<(usize, bool, &ModelCalibration)> =
            own.iter().enumerate().map(|(k, m)| (k, false, m)).collect();
        if let Some(r) = &recal {
            models.extend(r.iter().enumerate().map(|(k, m)| (k, true, m)));
        }
        let bins = ctx.state.with(|s| s.probs.bins);
        reliability_chart(&models, &classes, bins)
    });
    let plot = chart;
    let bins = move || ctx.state.with(|s| s.probs.bins);
    let choose_bins = move |v: String| {
        if let Ok(b) = v.parse::<usize>() {
            let _ = ctx.edit(|s| s.probs.bins = b);
        }
    };
    let summary = move || {
        let own = d.calibration.get()?;
        let recal = d.recal_calibration.get();
        Some(errors(&own, recal.as_deref().map_or(&[], |r| &r[..])))
    };
    let save = move |_| {
        let (Some(own), Some(classes)) = (
            d.calibration.get_untracked(),
            pc.loaded
                .with_untracked(|l| l.as_ref().map(|l| l.file.classes.clone())),
        ) else {
            return;
        };
        let mut all: Vec<ModelCalibration> = own.to_vec();
        all.extend(
            d.recal_calibration
                .get_untracked()
                .iter()
                .flat_map(|r| r.iter().cloned()),
        );
        download.csv("probs-calibration.csv", &calibration_csv(&all, &classes));
    };
    view! {
        <Card class="probs-calibration" title_id="probs-cal-title" title="Can the probabilities be trusted?" testid="probs-calibration">
            <p class="hint">
                "The optimal rule is optimal only for calibrated probabilities: of the items given p(c) ≈ 0.8, about 80 % should be of class c. Each panel bins the items by a model's probability of one class and draws the share that is of the class, with its 90 % Wilson interval; the bars above count the items in each bin. On the diagonal: calibrated. Miscalibration is why the optimal rule can lose to the most probable class."
            </p>
            <div class="probs-cal-controls">
                <label>
                    "Bins "
                    <select on:change=on_value(choose_bins) data-testid="probs-bins">
                        {BINS.into_iter().map(|b| view! { <option value=b.to_string() selected=rx(move || bins() == b)>{b.to_string()}</option> }).collect_view()}
                    </select>
                </label>
                <label class="check">
                    <input type="checkbox" prop:checked=rx(move || show_recal.get()) on:change=on_checked(move |on| show_recal.set(on)) data-testid="probs-show-recal" />
                    " the recalibrated models (dashed)"
                </label>
            </div>
            <Show when=cond(move || d.calibration.with(Option::is_some)) fallback=|| view! { <p class="hint">"No diagrams yet."</p> }>
                <PlotCanvas plot=plot name="probs-reliability" label="Reliability diagrams: each model's mean predicted probability of each class against the observed share, per bin" testid="probs-reliability-plot" />
                <p class="probs-errors" data-testid="probs-cal-errors">"Mean calibration error (Σ bins n/N·|observed − predicted|, averaged over the classes): " {rx(move || summary().unwrap_or_default())}</p>
                <p class="hint">{METHOD}</p>
                <div class="probs-exports">
                    <button type="button" class="btn btn-small" on:click=handler(save) data-testid="probs-export-calibration">"CSV: calibration bins"</button>
                </div>
            </Show>
        </Card>
    }
}
