//! The Monte Carlo's settings (all in the link, through `ctx.edit`), the Run and Cancel buttons,
//! the progress bar, and the number of workers (not in the link: it changes the speed, never
//! the numbers).

use crate::{Computed, callback, derived, on_checked, on_value};
use crate::{handler, memo, rx};
use leptos::prelude::*;

use super::context::{ReliabilityContext, swatch_colour};
use crate::context::{AppContext, use_app};
use crate::web::mc_pool::{self, MAX_WORKERS};
use crate::widgets::card::Card;
use crate::widgets::job_progress::{CancelButton, JobProgress};
use crate::widgets::number_field::{Field, number_fields, real_setting, whole_setting};
use crate::widgets::select_field::{SelectField, choices};
use ulab_core::mc::Ranker;
use ulab_core::text::sci;
use ulab_state::reliability::toggle_metric;
use ulab_state::{ErrorAxis, MAX_APP_PAIRS, McSettings, Prior};

/// The settings panel: the prior, the Monte Carlo's numbers, the error axis of fig. 7, the
/// metrics shown, Run and Cancel with the workers, and the run's progress.
#[component]
pub fn ReliabilitySettings() -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<ReliabilityContext>();
    let mc = memo(move |_| ctx.state.with(|s| s.mc.clone()));
    let prior_options = choices(&[
        (Prior::Uniform.key(), "uniform (fig. 1 hexagon)"),
        (Prior::Gaussian.key(), "gaussian around accuracy (fig. 4)"),
    ]);
    let on_prior = callback(move |v: String| {
        if let Some(p) = Prior::from_key(&v) {
            let _ = ctx.edit(|s| s.mc.prior = p);
        }
    });
    let done_text = derived(move || {
        rc.result
            .get()
            .map(|r| {
                ulab_state::reliability::throughput_text(r.run.config.pairs, r.seconds, r.workers)
            })
            .unwrap_or_default()
    });
    view! {
        <Card
            class="rel-settings"
            title_id="rel-settings-title"
            title="Settings"
            testid="rel-settings"
        >
            <div class="rel-fields">
                <SelectField
                    label="Prior of the true utilities"
                    id="rel-prior"
                    options=prior_options
                    selected=derived(move || mc.with(|m| m.prior.key().to_string()))
                    on_change=on_prior
                    testid="mc-prior"
                />
                {number_fields(mc, run_fields(ctx))}
            </div>
            {axis_choice(ctx, mc)}
            {metric_choice(ctx, mc)}
            <RunActions />
            <JobProgress state=rc.run.state what="Monte Carlo" testid="mc" done_text=done_text has_result=derived(move || rc.result.with(Option::is_some)) />
            <p class="hint rel-size-hint">
                {rx(move || {
                    let pairs = mc.with(|m| m.pairs);
                    format!(
                        "{} pairs in chunks of 65 536, spread over {} background worker{}; the page stays responsive and Cancel stops at once.",
                        sci(pairs as f64),
                        rc.workers.get(),
                        if rc.workers.get() == 1 { "" } else { "s" }
                    )
                })}
            </p>
        </Card>
    }
}

/// The Monte Carlo's numbers: σ, the pairs, the seed.
fn run_fields(ctx: AppContext) -> [Field<McSettings>; 3] {
    [
        Field {
            label: "σ: error sd on the utilities",
            testid: "mc-sigma",
            step: "0.01",
            min: "0",
            max: Some(1),
            hint: "0.1 in the paper's fig. 6 (0.11 for its 4 %)",
            read: |m| m.sigma.to_string(),
            apply: real_setting(ctx, "σ", |s, v| s.mc.sigma = v),
        },
        Field {
            label: "Pairs of classifiers",
            testid: "mc-pairs",
            step: "100000",
            min: "1",
            max: Some(MAX_APP_PAIRS),
            hint: "10⁶ in the paper",
            read: |m| m.pairs.to_string(),
            apply: whole_setting(ctx, "pairs", |s, v| s.mc.pairs = v),
        },
        Field {
            label: "Seed",
            testid: "mc-seed",
            step: "1",
            min: "0",
            max: None,
            hint: "the same seed gives the same numbers, here and in ulab mc",
            read: |m| m.seed.to_string(),
            apply: whole_setting(ctx, "seed", |s, v| s.mc.seed = v),
        },
    ]
}

/// The error axes of fig. 7: the axis, its label, the `data-testid` of its radio button.
const AXES: [(ErrorAxis, &str, &str); 2] = [
    (ErrorAxis::Sigma, "σ (before truncation)", "mc-axis-sigma"),
    (
        ErrorAxis::Realized,
        "realized sd (the paper's axis)",
        "mc-axis-realized",
    ),
];

/// The error axis of fig. 7: σ before truncation, or the realized sd.
fn axis_choice(ctx: AppContext, mc: Computed<McSettings>) -> impl IntoView {
    let on_axis = move |axis: ErrorAxis| {
        let _ = ctx.edit(|s| s.mc.axis = axis);
    };
    view! {
        <fieldset class="rel-axis">
            <legend>"Error axis of fig. 7"</legend>
            {AXES
                .into_iter()
                .map(|(axis, text, testid)| {
                    view! {
                        <label>
                            <input
                                type="radio"
                                name="rel-axis"
                                prop:checked=rx(move || mc.with(|m| m.axis == axis))
                                on:change=handler(move |_| on_axis(axis))
                                data-testid=testid
                            />
                            {text}
                        </label>
                    }
                })
                .collect_view()}
        </fieldset>
    }
}

/// The metrics shown in the table and the figures, each with its colour.
fn metric_choice(ctx: AppContext, mc: Computed<McSettings>) -> impl IntoView {
    let dark = ctx.scheme.dark;
    view! {
        <fieldset class="rel-metrics">
            <legend>"Metrics shown"</legend>
            <div class="rel-metric-list">
                {Ranker::ALL
                    .into_iter()
                    .map(|m| {
                        let checked = move || mc.with(|s| s.metrics.is_empty() || s.metrics.contains(&m));
                        view! {
                            <label class="rel-metric">
                                <input
                                    type="checkbox"
                                    prop:checked=checked
                                    on:change=on_checked(move |on| {
                                        let _ = ctx.edit(|s| s.mc.metrics = toggle_metric(&s.mc, m, on));
                                    })
                                    data-testid=format!("mc-metric-{}", m.key())
                                />
                                <span class="swatch" style:background=rx(move || swatch_colour(m, dark.get())) aria-hidden="true"></span>
                                {m.label()}
                            </label>
                        }
                    })
                    .collect_view()}
            </div>
        </fieldset>
    }
}

/// Run (Restart while running), Cancel, and the number of workers (not in the link: it
/// changes the speed, never the numbers).
#[component]
fn RunActions() -> impl IntoView {
    let rc = expect_context::<ReliabilityContext>();
    let max_workers = mc_pool::default_size().clamp(1, MAX_WORKERS);
    let on_workers = move |v: String| {
        if let Ok(n) = v.parse::<usize>() {
            rc.workers.set(n);
            mc_pool::set_size(n);
        }
    };
    let running = move || rc.run.is_running();
    view! {
        <div class="rel-actions">
            <button
                type="button"
                class="btn btn-primary"
                on:click=handler(move |_| rc.start_run())
                data-testid="mc-run"
            >
                {rx(move || if running() { "Restart" } else { "Run" })}
            </button>
            <CancelButton job=rc.run testid="mc-cancel" />
            <label class="rel-workers">
                "Workers "
                <select on:change=on_value(on_workers) data-testid="mc-workers">
                    {(1..=max_workers)
                        .map(|n| {
                            view! {
                                <option value=n.to_string() selected=rx(move || rc.workers.get() == n)>
                                    {n.to_string()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
        </div>
    }
}
