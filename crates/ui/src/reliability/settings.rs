//! The Monte Carlo's settings (all in the link, through `ctx.edit`), the Run and Cancel buttons,
//! the progress bar, and the number of workers (not in the link: it changes the speed, never
//! the numbers).

use crate::{handler, memo, rx};
use leptos::ev::{Event, Targeted};
use leptos::prelude::*;
use web_sys::HtmlSelectElement;

use super::{ReliabilityContext, swatch_colour};
use crate::context::use_app;
use crate::web::mc_pool::{self, MAX_WORKERS};
use crate::widgets::job_progress::JobProgress;
use crate::widgets::number_field::{NumberField, real_setting, setting_text, whole_setting};
use crate::widgets::select_field::{SelectField, choices};
use ulab_core::mc::Ranker;
use ulab_core::text::sci;
use ulab_state::reliability::toggle_metric;
use ulab_state::{ErrorAxis, MAX_APP_PAIRS, Prior};

/// The settings panel.
///
/// Over ~120 lines: its length is one `view!` of the panel's markup and the handlers it needs,
/// which read best together.
#[component]
pub fn ReliabilitySettings() -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<ReliabilityContext>();
    let mc = memo(move |_| ctx.state.with(|s| s.mc.clone()));

    let prior_options = choices(&[
        (Prior::Uniform.key(), "uniform (fig. 1 hexagon)"),
        (Prior::Gaussian.key(), "gaussian around accuracy (fig. 4)"),
    ]);
    let on_prior = Callback::new(move |v: String| {
        if let Some(p) = Prior::from_key(&v) {
            let _ = ctx.edit(|s| s.mc.prior = p);
        }
    });
    let on_axis = move |axis: ErrorAxis| {
        let _ = ctx.edit(|s| s.mc.axis = axis);
    };
    let max_workers = mc_pool::default_size().clamp(1, MAX_WORKERS);
    let on_workers = move |ev: Targeted<Event, HtmlSelectElement>| {
        if let Ok(n) = ev.target().value().parse::<usize>() {
            rc.workers.set(n);
            mc_pool::set_size(n);
        }
    };
    let running = move || rc.run.with(|s| s.is_running());
    let done_text = Signal::derive(move || {
        rc.result
            .get()
            .map(|r| {
                ulab_state::reliability::throughput_text(r.run.config.pairs, r.seconds, r.workers)
            })
            .unwrap_or_default()
    });
    let dark = ctx.scheme.dark;

    view! {
        <section class="card rel-settings" aria-labelledby="rel-settings-title" data-testid="rel-settings">
            <h3 id="rel-settings-title">"Settings"</h3>
            <div class="rel-fields">
                <SelectField
                    label="Prior of the true utilities"
                    id="rel-prior"
                    options=prior_options
                    selected=Signal::derive(move || mc.with(|m| m.prior.key().to_string()))
                    on_change=on_prior
                    testid="mc-prior"
                />
                <NumberField
                    label="σ: error sd on the utilities"
                    value=setting_text(mc, |m| m.sigma)
                    apply=real_setting(ctx, "σ", |s, v| s.mc.sigma = v)
                    testid="mc-sigma"
                    step="0.01"
                    min="0"
                    max="1"
                    hint="0.1 in the paper's fig. 6 (0.11 for its 4 %)"
                />
                <NumberField
                    label="Pairs of classifiers"
                    value=setting_text(mc, |m| m.pairs)
                    apply=whole_setting(ctx, "pairs", |s, v| s.mc.pairs = v)
                    testid="mc-pairs"
                    step="100000"
                    min="1"
                    max=MAX_APP_PAIRS.to_string()
                    hint="10⁶ in the paper"
                />
                <NumberField
                    label="Seed"
                    value=setting_text(mc, |m| m.seed)
                    apply=whole_setting(ctx, "seed", |s, v| s.mc.seed = v)
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
                        prop:checked=rx(move || mc.with(|m| m.axis == ErrorAxis::Sigma))
                        on:change=handler(move |_| on_axis(ErrorAxis::Sigma))
                        data-testid="mc-axis-sigma"
                    />
                    "σ (before truncation)"
                </label>
                <label>
                    <input
                        type="radio"
                        name="rel-axis"
                        prop:checked=rx(move || mc.with(|m| m.axis == ErrorAxis::Realized))
                        on:change=handler(move |_| on_axis(ErrorAxis::Realized))
                        data-testid="mc-axis-realized"
                    />
                    "realized sd (the paper's axis)"
                </label>
            </fieldset>
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
                                        on:change:target=move |ev| {
                                            let on = ev.target().checked();
                                            let _ = ctx.edit(|s| s.mc.metrics = toggle_metric(&s.mc, m, on));
                                        }
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
            <div class="rel-actions">
                <button
                    type="button"
                    class="btn btn-primary"
                    on:click=handler(move |_| rc.start_run())
                    data-testid="mc-run"
                >
                    {rx(move || if running() { "Restart" } else { "Run" })}
                </button>
                <button
                    type="button"
                    class="btn"
                    disabled=rx(move || !running())
                    on:click=handler(move |_| rc.cancel_run())
                    data-testid="mc-cancel"
                >
                    "Cancel"
                </button>
                <label class="rel-workers">
                    "Workers "
                    <select on:change:target=on_workers data-testid="mc-workers">
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
            <JobProgress state=rc.run what="Monte Carlo" testid="mc" done_text=done_text />
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
        </section>
    }
}
