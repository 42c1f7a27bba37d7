//! The Monte Carlo's results: the mis-ranking table (with CSV export) and fig. 6 for the last
//! run; fig. 7 (the sweep over σ for both priors) with its own Run button.

use crate::widgets::table_scroll::table_scroll;
use crate::{cond, handler, memo, rx};
use leptos::prelude::*;

use super::ReliabilityContext;
use super::swatch_colour;
use crate::context::use_app;
use crate::widgets::job_progress::JobProgress;
use crate::widgets::plot_canvas::PlotCanvas;
use ulab_core::text::number;
use ulab_core::text::sci;
use ulab_plot::mc_scatter::DifferencesPlot;
use ulab_plot::reliability::SweepPlot;
use ulab_state::reliability::{
    differences_plot, mc_config, shown_metrics, sweep_csv, sweep_plot, table_csv, table_rows,
    throughput_text,
};

/// The table of the last run, and fig. 6.
///
/// Over ~120 lines: its length is one `view!` of the panel's markup and the handlers it needs,
/// which read best together.
#[component]
pub fn MisrankingResults() -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<ReliabilityContext>();
    let shown = memo(move |_| ctx.state.with(|s| shown_metrics(&s.mc)));
    let stale = move || {
        let Some(r) = rc.result.get() else {
            return false;
        };
        ctx.state
            .with(|s| mc_config(&s.mc).map(|c| c != r.run.config).unwrap_or(true))
    };
    let running = move || rc.run.with(|s| s.is_running());
    let caption = move || {
        rc.result.get().map(|r| {
            let c = &r.run.config;
            format!(
                "{} prior, σ = {} (realized sd {}), {} pairs, seed {}",
                c.prior,
                c.sigma,
                number(r.run.result.realized_sd, 4),
                sci(c.pairs as f64),
                c.seed
            )
        })
    };
    let rows = move || {
        let Some(r) = rc.result.get() else {
            return Vec::new();
        };
        let dark = ctx.scheme.dark.get();
        table_rows(&r.run.result, &shown.get())
            .into_iter()
            .map(|row| {
                let m = row.metric;
                let is_utility = m.is_utility();
                view! {
                    <tr class:is-utility=is_utility data-metric=m.key()>
                        <th scope="row">
                            <span class="swatch" style:background=swatch_colour(m, dark) aria-hidden="true"></span>
                            {m.label()}
                            {is_utility.then(|| view! { <span class="rel-tag">" (σ-noisy U)"</span> })}
                        </th>
                        <td
                            class="num"
                            data-testid=format!("mis-{}", m.key())
                            data-value=row.percent.to_string()
                            data-se=row.se.to_string()
                            data-count=row.count.to_string()
                        >
                            {format!("{} %", number(row.percent, 2))}
                        </td>
                        <td class="num">{format!("± {}", number(row.se, 2))}</td>
                        <td class="num">{row.count.to_string()}</td>
                    </tr>
                }
            })
            .collect::<Vec<_>>()
    };
    let export = move |_| {
        if let Some(r) = rc.result.get_untracked() {
            let rows = table_rows(&r.run.result, &shown.get_untracked());
            let csv = table_csv(&r.run.result, &rows);
            ctx.save_csv("misranking.csv", &csv);
        }
    };
    let tally = move || {
        rc.result
            .get()
            .map(|r| serde_json::to_string(&r.run.tally).unwrap_or_default())
    };
    let throughput = move || {
        rc.result
            .get()
            .map(|r| throughput_text(r.run.config.pairs, r.seconds, r.workers))
    };
    let rate = move || {
        rc.result
            .get()
            .map(|r| (r.run.config.pairs as f64 / r.seconds.max(1e-9)).to_string())
    };
    let fig6 = memo(move |_| {
        rc.result
            .get()
            .map(|r| differences_plot(&r.run, &shown.get()))
            .unwrap_or_default()
    });
    let fig6_signal: Signal<DifferencesPlot> = fig6.into();
    view! {
        <section class="card rel-table-card" aria-labelledby="rel-table-title" data-testid="rel-table-card">
            <h3 id="rel-table-title">"Mis-ranked pairs"</h3>
            <Show
                when=cond(move || rc.result.with(|r| r.is_some()))
                fallback=move || view! {
                    <p class="hint" data-testid="mc-empty">
                        {move || if running() {
                            "Running: the table appears here when the run is done."
                        } else {
                            "Press Run: the default settings are the paper's (uniform prior, σ = 0.1, 10⁶ pairs); it takes about a second."
                        }}
                    </p>
                }
            >
                <Show when=running>
                    <p class="notice rel-stale" data-testid="mc-running-note">
                        "Running: the table shows the last complete run until this one is done."
                    </p>
                </Show>
                <Show when=move || stale() && !running()>
                    <p class="notice is-warning rel-stale" data-testid="mc-stale">
                        "The settings have changed since this run: press Run to update."
                    </p>
                </Show>
                {table_scroll("How often each metric ranks a pair wrongly", view! {
                    <table class="results rel-table" data-testid="mc-table" data-tally=tally>
                        <caption>{caption}</caption>
                        <thead>
                            <tr>
                                <th scope="col">"Ranked by"</th>
                                <th scope="col" class="num">"Mis-ranked"</th>
                                <th scope="col" class="num">"SE"</th>
                                <th scope="col" class="num">"Pairs"</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                })}
                <p class="rel-throughput hint" data-testid="mc-throughput" data-pairs-per-second=rate>
                    {throughput}
                </p>
                <div class="rel-table-actions">
                    <button type="button" class="btn btn-small" on:click=handler(export) data-testid="mc-export-csv">
                        "CSV"
                    </button>
                </div>
                <p class="hint">
                    "Worst first. A metric's row is how often it prefers the classifier with the lower true yield; the last row of the paper's fig. 6, the erroneous utility matrix, is the true one plus errors of size σ. Standard errors are binomial."
                </p>
            </Show>
        </section>
        <Show when=cond(move || rc.result.with(|r| r.is_some()))>
            <section class="card rel-fig6" aria-labelledby="rel-fig6-title" data-testid="rel-fig6">
                <h3 id="rel-fig6-title">"Fig. 6 — each pair: difference in true yield vs difference in score"</h3>
                <p class="hint">
                    {rx(move || format!(
                        "Each dot is a pair of classifiers (the first {} pairs of the run are drawn; the percentages count all of them). Pairs in the shaded quadrants II and IV (red) are ranked the wrong way round by that metric.",
                        ulab_state::reliability::FIG6_POINTS
                    ))}
                </p>
                <PlotCanvas
                    plot=fig6_signal
                    name="fig6-pair-differences"
                    label="Fig. 6: difference in true yield against difference in score, one panel per metric"
                    testid="fig6-plot"
                />
            </section>
        </Show>
    }
}

/// Fig. 7: the sweep.
#[component]
pub fn SweepResults() -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<ReliabilityContext>();
    let shown = memo(move |_| ctx.state.with(|s| shown_metrics(&s.mc)));
    let axis = memo(move |_| ctx.state.with(|s| s.mc.axis));
    let plot = memo(move |_| {
        rc.sweep_result
            .get()
            .map(|r| sweep_plot(&r.results, axis.get(), &shown.get()))
            .unwrap_or_default()
    });
    let plot_signal: Signal<SweepPlot> = plot.into();
    let running = move || rc.sweep.with(|s| s.is_running());
    let done_text = Signal::derive(move || {
        rc.sweep_result
            .get()
            .map(|r| {
                let pairs: u64 = r.results.iter().map(|x| x.pairs).sum();
                throughput_text(pairs, r.seconds, r.workers)
            })
            .unwrap_or_default()
    });
    let export = move |_| {
        if let Some(r) = rc.sweep_result.get_untracked() {
            ctx.save_csv("sweep-fig7.csv", &sweep_csv(&r.results));
        }
    };
    let pairs_text = move || ctx.state.with(|s| sci(s.mc.pairs as f64));
    view! {
        <section class="card rel-sweep" aria-labelledby="rel-sweep-title" data-testid="rel-sweep">
            <h3 id="rel-sweep-title">"Fig. 7 — mis-ranking as the error on the utilities grows"</h3>
            <p class="hint">
                "The thick curve is the erroneous utility matrix: with no error it never mis-ranks, and it gets worse as σ grows. The dashed lines are the metrics: they do not look at the utilities at all, so the error cannot change them — a utility matrix assessed with errors below where the curve crosses a line is still the better guide. Both priors, σ = 0, 0.05, …, 0.3."
            </p>
            <div class="rel-actions">
                <button
                    type="button"
                    class="btn btn-primary"
                    on:click=handler(move |_| rc.start_sweep())
                    data-testid="sweep-run"
                >
                    {rx(move || format!("Run sweep ({} pairs × 14 runs)", pairs_text()))}
                </button>
                <button
                    type="button"
                    class="btn"
                    disabled=rx(move || !running())
                    on:click=handler(move |_| rc.cancel_sweep())
                    data-testid="sweep-cancel"
                >
                    "Cancel"
                </button>
                <Show when=cond(move || rc.sweep_result.with(|r| r.is_some()))>
                    <button type="button" class="btn btn-small" on:click=handler(export) data-testid="sweep-export-csv">
                        "CSV"
                    </button>
                </Show>
            </div>
            <JobProgress state=rc.sweep what="sweep" testid="sweep" done_text=done_text />
            <Show when=cond(move || rc.sweep_result.with(|r| r.is_some()))>
                <PlotCanvas
                    plot=plot_signal
                    name="fig7-sweep"
                    label="Fig. 7: mis-ranked pairs against the error on the utilities, for the uniform and the gaussian prior"
                    testid="fig7-plot"
                />
            </Show>
        </section>
    }
}
