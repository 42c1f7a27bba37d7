//! Figs 2–3 (metric score against yield at a fixed class balance, computed in the workers
//! whenever the balance or the seed changes) and figs 4–5 (the priors and the error extents on
//! the space of utility matrices, small enough to compute on the page).

use crate::{Var, callback, derived};
use crate::{cond, handler, memo, rx};
use std::sync::Arc;

use leptos::prelude::*;

use crate::context::use_app;
use crate::reactive::effect;
use crate::web::use_job::use_job;
use crate::widgets::card::Card;
use crate::widgets::job_progress::JobProgress;
use crate::widgets::number_field::{NumberField, real_setting};
use crate::widgets::plot_canvas::PlotCanvas;
use crate::widgets::select_field::SelectField;
use ulab_core::UtilityMatrix;
use ulab_core::mc::figures::ScatterSample;
use ulab_core::mc::scatter::{error_points, prior_points};
use ulab_core::mc::scores::SCORE_METRICS;
use ulab_core::mc::{self, Ranker};
use ulab_core::metrics::Metric;
use ulab_plot::mc_space::{Density, Marker, PointGroup, SpacePanel, SpacePlot, Tone};
use ulab_state::reliability::{
    PAPER_SCATTER_METRICS, SCATTER_KEPT, SCATTER_POINTS, merge_scatter, scatter_works,
    score_scatter,
};

/// Figs 2–3.
#[component]
pub fn ScatterFigures() -> impl IntoView {
    let ctx = use_app();
    let job = use_job();
    let samples = Var::new(None::<Arc<Vec<ScatterSample>>>);
    // "paper": the paper's four metrics (one row each); else one metric's key.
    let choice = Var::new("paper".to_string());
    let inputs = memo(move |_| ctx.state.with(|s| (s.mc.balance, s.mc.seed)));
    effect(move |_| {
        let (balance, seed) = inputs.get();
        job.launch(scatter_works(balance, seed), move |outputs, _, _| {
            samples.set(Some(Arc::new(
                merge_scatter(&outputs).map_err(|e| e.to_string())?,
            )));
            Ok(())
        });
    });
    let plot = memo(move |_| {
        let metrics: Vec<Metric> = match choice.get().as_str() {
            "paper" => PAPER_SCATTER_METRICS.to_vec(),
            key => Metric::from_key(key).into_iter().collect(),
        };
        samples
            .get()
            .map(|s| score_scatter(&s, &metrics))
            .unwrap_or_default()
    });
    let plot_signal = plot;
    let balance = memo(move |_| ctx.state.with(|s| s.mc.balance));
    let set_balance = move |b: f64| {
        let _ = ctx.edit(|s| s.mc.balance = b);
    };
    let metric_options = std::iter::once((
        "paper".to_string(),
        "accuracy, TPR, F1, MCC (paper)".to_string(),
    ))
    .chain(
        SCORE_METRICS
            .into_iter()
            .filter_map(Ranker::from_metric)
            .map(|r| (r.key().to_string(), r.label().to_string())),
    )
    .collect::<Vec<_>>();
    view! {
        <Card
            class="rel-figs23"
            title_id="rel-figs23-title"
            title="Figs 2–3 — a metric's score against the true yield"
            testid="rel-figs23"
        >
            <p class="hint">
                {format!(
                    "Confusion matrices of good classifiers (TPR and TNR between ½ and 1) on one test set with the class balance below. Left: the utilities are those of accuracy; right: those of the true-positive rate. A metric ranks two classifiers correctly only if its score rises with the yield: each red pair is ranked the wrong way round. {} matrices are drawn; the percentages count {} pairs.",
                    SCATTER_KEPT,
                    ulab_core::text::sci((SCATTER_POINTS / 2) as f64)
                )}
            </p>
            <div class="rel-fields rel-figs23-controls">
                <NumberField
                    label="Share of class 0 (positive)"
                    value=derived(move || balance.get().to_string())
                    apply=real_setting(ctx, "class balance", |s, v| s.mc.balance = v)
                    testid="mc-balance"
                    step="0.05"
                    min="0.01"
                    max="0.99"
                />
                <div class="rel-field rel-presets">
                    <span class="rel-field-label">"Paper"</span>
                    <div class="rel-preset-buttons">
                        <button
                            type="button"
                            class="btn btn-small"
                            aria-pressed=rx(move || (balance.get() == 0.5).to_string())
                            on:click=handler(move |_| set_balance(0.5))
                            data-testid="mc-balance-fig2"
                        >
                            "fig. 2: 50/50"
                        </button>
                        <button
                            type="button"
                            class="btn btn-small"
                            aria-pressed=rx(move || (balance.get() == 0.9).to_string())
                            on:click=handler(move |_| set_balance(0.9))
                            data-testid="mc-balance-fig3"
                        >
                            "fig. 3: 90/10"
                        </button>
                    </div>
                </div>
                <SelectField
                    label="Metric"
                    id="rel-figs23-metric"
                    options=metric_options
                    selected=choice
                    on_change=callback(move |v: String| choice.set(v))
                    testid="figs23-metric"
                />
            </div>
            <JobProgress state=job.state what="figs 2–3" testid="figs23" done_text=derived(String::new) />
            <Show when=cond(move || samples.with(|s| s.is_some()))>
                <PlotCanvas
                    plot=plot_signal
                    name="figs2-3-score-vs-yield"
                    label="Figs 2–3: metric score against utility yield, for two utility matrices"
                    testid="figs23-plot"
                />
            </Show>
        </Card>
    }
}

/// The matrices of fig. 5 (row-major).
const FIG5_MATRICES: [&str; 2] = ["0.5,0.5;0,1", "1,0;0.5,0.1"];

/// Builds figs 4–5 (a few tens of thousands of points: a few milliseconds).
fn space_plot() -> SpacePlot {
    let density = |prior| {
        prior_points(prior, 20_000, 1)
            .map(|p| Density::from_points(&p, 36))
            .ok()
    };
    let mut groups = Vec::new();
    for (sigma, marker, tone) in [
        (0.1, Marker::Triangle, Tone::Blue),
        (0.2, Marker::Square, Tone::Red),
    ] {
        let mut points = Vec::new();
        for m in FIG5_MATRICES {
            if let Ok(u) = UtilityMatrix::parse(m)
                && let Ok(p) = error_points(&u, sigma, 250, 1)
            {
                points.extend(p);
            }
        }
        groups.push(PointGroup {
            label: format!("σ = {sigma}"),
            marker,
            tone,
            points,
        });
    }
    let centres: Vec<(f64, f64)> = FIG5_MATRICES
        .iter()
        .filter_map(|m| UtilityMatrix::parse(m).ok()?.xy().ok())
        .collect();
    groups.push(PointGroup {
        label: "[[0.5, 0.5], [0, 1]] and [[1, 0], [0.5, 0.1]]".into(),
        marker: Marker::Diamond,
        tone: Tone::Strong,
        points: centres,
    });
    SpacePlot {
        panels: vec![
            SpacePanel {
                title: "Uniform prior".into(),
                density: density(mc::Prior::Uniform),
                groups: Vec::new(),
            },
            SpacePanel {
                title: "Gaussian prior (fig. 4)".into(),
                density: density(mc::Prior::Gaussian),
                groups: Vec::new(),
            },
            SpacePanel {
                title: "Errors of size σ (fig. 5)".into(),
                density: None,
                groups,
            },
        ],
    }
}

/// Figs 4–5.
#[component]
pub fn SpaceFigures() -> impl IntoView {
    let plot = memo(move |_| space_plot());
    let plot_signal = plot;
    view! {
        <Card
            class="rel-figs45"
            title_id="rel-figs45-title"
            title="Figs 4–5 — where the true utilities come from, and how big the errors are"
            testid="rel-figs45"
            hint="Every binary utility matrix, normalized, is a point of this hexagon (fig. 1 of the paper): accuracy is the centre, the true-positive rate the left corner (−1, 0), the true-negative rate the right one (1, 0). The Monte Carlo draws the true utilities uniformly over it, or from a gaussian around accuracy (fig. 4); the right panel shows assessments of two matrices with errors of σ = 0.1 and 0.2 — already a large part of the space (fig. 5)."
        >
            <PlotCanvas
                plot=plot_signal
                name="figs4-5-utility-space"
                label="Figs 4–5: the priors of true utility matrices on the hexagon, and clouds of erroneous matrices"
                testid="figs45-plot"
            />
        </Card>
    }
}
