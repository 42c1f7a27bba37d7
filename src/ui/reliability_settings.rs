//! The Monte Carlo's settings (all in the link, through `ctx.edit`), the Run and Cancel buttons,
//! the progress bar, and the number of workers (not in the link: it changes the speed, never
//! the numbers).

use leptos::prelude::*;

use super::context::use_app;
use super::mc_pool::{self, MAX_WORKERS};
use super::reliability_view::{JobState, ReliabilityContext};
use crate::core::mc::Metric;
use crate::plot::reliability::metric_colour;
use crate::plot::Theme;
use crate::state::reliability::{sci, toggle_metric};
use crate::state::{AppState, ErrorAxis, Prior, MAX_PAIRS};

/// A number field applied on change: a value that does not parse, or that the state refuses,
/// is explained under the field and the last good value stays in force.
#[component]
pub fn NumberField(
    /// The label.
    #[prop(into)]
    label: String,
    /// The value in force, as text.
    #[prop(into)]
    value: Signal<String>,
    /// Applies a typed value; `Err` explains why it was not applied.
    apply: Callback<String, Result<(), String>>,
    /// `data-testid` of the input.
    #[prop(into)]
    testid: String,
    /// `step` of the input.
    #[prop(into, optional)]
    step: String,
    /// `min` of the input.
    #[prop(into, optional)]
    min: String,
    /// `max` of the input.
    #[prop(into, optional)]
    max: String,
    /// A hint under the field.
    #[prop(into, optional)]
    hint: String,
) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    let id = format!("field-{testid}");
    let err_id = format!("{id}-error");
    let on_change = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        error.set(apply.run(text).err());
    };
    let step = (!step.is_empty()).then_some(step);
    let min = (!min.is_empty()).then_some(min);
    let max = (!max.is_empty()).then_some(max);
    let has_hint = !hint.is_empty();
    view! {
        <div class="rel-field">
            <label for=id.clone()>{label}</label>
            <input
                id=id
                type="number"
                inputmode="decimal"
                step=step
                min=min
                max=max
                prop:value=move || value.get()
                class:is-invalid=move || error.get().is_some()
                aria-invalid=move || if error.get().is_some() { "true" } else { "false" }
                aria-describedby=err_id.clone()
                on:change=on_change
                data-testid=testid
            />
            <Show when=move || has_hint>
                <span class="hint">{hint.clone()}</span>
            </Show>
            <p class="field-error" id=err_id role="alert">{move || error.get().unwrap_or_default()}</p>
        </div>
    }
}

/// Parses and applies a real-valued setting.
pub fn apply_real(
    text: &str,
    what: &str,
    f: impl FnOnce(&mut AppState, f64),
) -> Result<(), String> {
    let v: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{what}: '{}' is not a number", text.trim()))?;
    if !v.is_finite() {
        return Err(format!("{what}: not a finite number"));
    }
    use_app().edit(|s| f(s, v))
}

/// Parses and applies a whole-number setting.
pub fn apply_whole(
    text: &str,
    what: &str,
    f: impl FnOnce(&mut AppState, u64),
) -> Result<(), String> {
    let t = text.trim();
    // Accept 1e6 and 1000000.0 as well as 1000000.
    let v: u64 = match t.parse::<u64>() {
        Ok(v) => v,
        Err(_) => match t.parse::<f64>() {
            Ok(x) if x >= 0.0 && x.fract() == 0.0 && x <= u64::MAX as f64 => x as u64,
            _ => return Err(format!("{what}: '{t}' is not a whole number ≥ 0")),
        },
    };
    use_app().edit(|s| f(s, v))
}

/// The progress of a job: a `<progress>` bar with its percentage, and a status line.
#[component]
pub fn JobProgress(
    /// The job.
    state: RwSignal<JobState>,
    /// What runs ("Monte Carlo", "sweep"), for the bar's label.
    #[prop(into)]
    what: String,
    /// `data-testid` prefix.
    #[prop(into)]
    testid: String,
    /// The line shown when done.
    #[prop(into)]
    done_text: Signal<String>,
) -> impl IntoView {
    let fraction = move || match state.get() {
        JobState::Running { done, total, .. } if total > 0 => done as f64 / total as f64,
        _ => 0.0,
    };
    let percent = move || format!("{:.0} %", 100.0 * fraction());
    let label = format!("Progress of the {what}");
    let status = move || match state.get() {
        JobState::Idle => String::new(),
        JobState::Running { .. } => format!("Running… {}", percent()),
        JobState::Done => done_text.get(),
        JobState::Cancelled => {
            "Cancelled: the results below are from the last complete run.".into()
        }
        JobState::Failed(e) => format!("Failed: {e}"),
    };
    let bar_id = format!("{testid}-bar");
    let bar_testid = format!("{testid}-bar");
    let status_testid = format!("{testid}-status");
    view! {
        <div class="rel-progress" data-testid=format!("{testid}-progress")>
            <Show when=move || state.with(|s| s.is_running())>
                <div class="rel-bar">
                    <progress
                        id=bar_id.clone()
                        max="1"
                        value=move || fraction().to_string()
                        aria-label=label.clone()
                        data-testid=bar_testid.clone()
                    ></progress>
                    <span class="rel-percent" aria-hidden="true">{percent}</span>
                </div>
            </Show>
            <p
                class="rel-status"
                class:is-error=move || matches!(state.get(), JobState::Failed(_))
                role="status"
                aria-live="polite"
                data-state=move || state.with(|s| s.key())
                data-testid=status_testid
            >
                {status}
            </p>
        </div>
    }
}

/// The settings panel.
#[component]
pub fn ReliabilitySettings() -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<ReliabilityContext>();
    let mc = Memo::new(move |_| ctx.state.with(|s| s.mc.clone()));

    let prior_options = [
        (Prior::Uniform, "uniform (fig. 1 hexagon)"),
        (Prior::Gaussian, "gaussian around accuracy (fig. 4)"),
    ];
    let on_prior = move |ev: leptos::ev::Event| {
        if let Some(p) = Prior::from_key(&event_target_value(&ev)) {
            let _ = ctx.edit(|s| s.mc.prior = p);
        }
    };
    let on_axis = move |axis: ErrorAxis| {
        let _ = ctx.edit(|s| s.mc.axis = axis);
    };
    let max_workers = mc_pool::default_size().clamp(1, MAX_WORKERS);
    let on_workers = move |ev: leptos::ev::Event| {
        if let Ok(n) = event_target_value(&ev).parse::<usize>() {
            rc.workers.set(n);
            mc_pool::set_size(n);
        }
    };
    let running = move || rc.run.with(|s| s.is_running());
    let done_text = Signal::derive(move || {
        rc.result
            .get()
            .map(|r| {
                crate::state::reliability::throughput_text(r.run.config.pairs, r.seconds, r.workers)
            })
            .unwrap_or_default()
    });
    let dark = ctx.dark;
    let swatch = move |m: Metric| {
        let c = metric_colour(
            m,
            &Theme {
                dark: dark.get(),
                scale: 1.0,
            },
        );
        if m == Metric::Utility {
            "background: var(--text)".to_string()
        } else {
            format!("background: rgb({}, {}, {})", c.0, c.1, c.2)
        }
    };

    view! {
        <section class="card rel-settings" aria-labelledby="rel-settings-title" data-testid="rel-settings">
            <h3 id="rel-settings-title">"Settings"</h3>
            <div class="rel-fields">
                <div class="rel-field">
                    <label for="rel-prior">"Prior of the true utilities"</label>
                    <select id="rel-prior" on:change=on_prior data-testid="mc-prior">
                        {prior_options
                            .into_iter()
                            .map(|(p, text)| {
                                view! {
                                    <option value=p.key() selected=move || mc.with(|m| m.prior == p)>
                                        {text}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </div>
                <NumberField
                    label="σ: error sd on the utilities"
                    value=Signal::derive(move || mc.with(|m| m.sigma.to_string()))
                    apply=Callback::new(|t: String| apply_real(&t, "σ", |s, v| s.mc.sigma = v))
                    testid="mc-sigma"
                    step="0.01"
                    min="0"
                    max="1"
                    hint="0.1 in the paper's fig. 6 (0.11 for its 4 %)"
                />
                <NumberField
                    label="Pairs of classifiers"
                    value=Signal::derive(move || mc.with(|m| m.pairs.to_string()))
                    apply=Callback::new(|t: String| apply_whole(&t, "pairs", |s, v| s.mc.pairs = v))
                    testid="mc-pairs"
                    step="100000"
                    min="1"
                    max=MAX_PAIRS.to_string()
                    hint="10⁶ in the paper"
                />
                <NumberField
                    label="Seed"
                    value=Signal::derive(move || mc.with(|m| m.seed.to_string()))
                    apply=Callback::new(|t: String| apply_whole(&t, "seed", |s, v| s.mc.seed = v))
                    testid="mc-seed"
                    step="1"
                    min="0"
                    hint="the same seed gives the same numbers, here and in ulab mc"
                />
            </div>
            <fieldset class="rel-axis">
                <legend>"Error axis of fig. 7"</legend>
                <label>
                    <input
                        type="radio"
                        name="rel-axis"
                        prop:checked=move || mc.with(|m| m.axis == ErrorAxis::Sigma)
                        on:change=move |_| on_axis(ErrorAxis::Sigma)
                        data-testid="mc-axis-sigma"
                    />
                    "σ (before truncation)"
                </label>
                <label>
                    <input
                        type="radio"
                        name="rel-axis"
                        prop:checked=move || mc.with(|m| m.axis == ErrorAxis::Realized)
                        on:change=move |_| on_axis(ErrorAxis::Realized)
                        data-testid="mc-axis-realized"
                    />
                    "realized sd (the paper's axis)"
                </label>
            </fieldset>
            <fieldset class="rel-metrics">
                <legend>"Metrics shown"</legend>
                <div class="rel-metric-list">
                    {Metric::ALL
                        .into_iter()
                        .map(|m| {
                            let checked = move || mc.with(|s| s.metrics.is_empty() || s.metrics.iter().any(|k| k == m.key()));
                            view! {
                                <label class="rel-metric">
                                    <input
                                        type="checkbox"
                                        prop:checked=checked
                                        on:change=move |ev| {
                                            let on = event_target_checked(&ev);
                                            let _ = ctx.edit(|s| s.mc.metrics = toggle_metric(&s.mc, m, on));
                                        }
                                        data-testid=format!("mc-metric-{}", m.key())
                                    />
                                    <span class="swatch" style=move || swatch(m) aria-hidden="true"></span>
                                    {m.label()}
                                </label>
                            }
                        })
                        .collect_view()}
                </div>
            </fieldset>
            <div class="rel-actions">
                <button
                    type="button"
                    class="btn btn-primary"
                    on:click=move |_| rc.start_run()
                    data-testid="mc-run"
                >
                    {move || if running() { "Restart" } else { "Run" }}
                </button>
                <button
                    type="button"
                    class="btn"
                    disabled=move || !running()
                    on:click=move |_| rc.cancel_run()
                    data-testid="mc-cancel"
                >
                    "Cancel"
                </button>
                <label class="rel-workers">
                    "Workers "
                    <select on:change=on_workers data-testid="mc-workers">
                        {(1..=max_workers)
                            .map(|n| {
                                view! {
                                    <option value=n.to_string() selected=move || rc.workers.get() == n>
                                        {n.to_string()}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
            </div>
            <JobProgress state=rc.run what="Monte Carlo" testid="mc" done_text=done_text />
            <p class="hint rel-size-hint">
                {move || {
                    let pairs = mc.with(|m| m.pairs);
                    format!(
                        "{} pairs in chunks of 65 536, spread over {} background worker{}; the page stays responsive and Cancel stops at once.",
                        sci(pairs as f64),
                        rc.workers.get(),
                        if rc.workers.get() == 1 { "" } else { "s" }
                    )
                }}
            </p>
        </section>
    }
}
