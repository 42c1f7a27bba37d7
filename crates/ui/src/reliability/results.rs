//! The Monte Carlo's results: the mis-ranking table (with CSV export) and fig. 6 for the last
//! run; fig. 7 (the sweep over σ for both priors) with its own Run button.

use crate::derived;
use crate::widgets::table_scroll::table_scroll;
use crate::{Computed, cond, handler, memo, rx};
use leptos::prelude::*;

use super::context::{ReliabilityContext, swatch_colour};
use crate::context::use_app;
use crate::web::use_download::use_download;
use crate::widgets::card::{Card, CsvButton};
use crate::widgets::job_progress::{CancelButton, JobProgress};
use crate::widgets::plot_canvas::PlotCanvas;
use ulab_core::mc::{McResult, Ranker};
use ulab_core::text::number;
use ulab_core::text::sci;
use ulab_state::reliability::{
    differences_plot, mc_config, run_caption, shown_metrics, sweep_csv, sweep_plot, table_csv,
    table_rows, throughput_text,
};

/// The table of the last run, and fig. 6.
#[component]
pub fn MisrankingResults() -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<ReliabilityContext>();
    let shown = memo(move |_| ctx.state.with(|s| shown_metrics(&s.mc)));
    let running = move || rc.run.is_running();
    view! {
        <Card
            class="rel-table-card"
            title_id="rel-table-title"
            title="Mis-ranked pairs"
            testid="rel-table-card"
        >
            <Show
                when=cond(move || rc.result.with(|r| r.is_some()))
                fallback=move || view! {
                    <p class="hint" data-testid="mc-empty">
                        {move || if running() {
                            "Running: the table appears here when the run is done."
                        } else {
                            "Press Run. The paper's settings (uniform prior, σ = 0.1, 10⁶ pairs) take about a second; the time grows with the pairs set."
                        }}
                    </p>
                }
            >
                <MisrankingTable shown=shown />
            </Show>
        </Card>
        <Show when=cond(move || rc.result.with(|r| r.is_some()))>
            <Fig6 shown=shown />
        </Show>
    }
}

/// The last run's table: notes while a new run goes or when the settings changed, the table,
/// the throughput and the CSV.
#[component]
fn MisrankingTable(shown: Computed<Vec<Ranker>>) -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let rc = expect_context::<ReliabilityContext>();
    let stale = move || {
        let Some(r) = rc.result.get() else {
            return false;
        };
        ctx.state
            .with(|s| mc_config(&s.mc).map(|c| c != r.run.config).unwrap_or(true))
    };
    let running = move || rc.run.is_running();
    let caption = move || rc.result.get().map(|r| run_caption(&r.run));
    let rows = move || {
        let dark = ctx.scheme.dark.get();
        rc.result
            .get()
            .map(|r| misranking_rows(&r.run.result, &shown.get(), dark))
    };
    let export = move |_| {
        if let Some(r) = rc.result.get_untracked() {
            let rows = table_rows(&r.run.result, &shown.get_untracked());
            let csv = table_csv(&r.run.result, &rows);
            download.csv("misranking.csv", &csv);
        }
    };
    let tally = move || rc.result.get().map(|r| ulab_json::to_json(&r.run.tally));
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
    view! {
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
            <CsvButton on_click=export testid="mc-export-csv" />
        </div>
        <p class="hint">
            "Worst first. A metric's row is how often it prefers the classifier with the lower true yield; the last row of the paper's fig. 6, the erroneous utility matrix, is the true one plus errors of size σ. Standard errors are binomial."
        </p>
    }
}

/// The table's rows: each metric shown, worst first, with its colour.
fn misranking_rows(result: &McResult, shown: &[Ranker], dark: bool) -> impl IntoView + use<> {
    table_rows(result, shown)
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
        .collect_view()
}

/// Fig. 6 of the last run.
#[component]
fn Fig6(shown: Computed<Vec<Ranker>>) -> impl IntoView {
    let rc = expect_context::<ReliabilityContext>();
    let fig6 = memo(move |_| {
        rc.result
            .get()
            .map(|r| differences_plot(&r.run, &shown.get()))
            .unwrap_or_default()
    });
    let fig6_signal = fig6;
    view! {
        <Card
            class="rel-fig6"
            title_id="rel-fig6-title"
            title="Fig. 6 — each pair: difference in true yield vs difference in score"
            testid="rel-fig6"
        >
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
        </Card>
    }
}

/// Fig. 7: the sweep.
#[component]
pub fn SweepResults() -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let rc = expect_context::<ReliabilityContext>();
    let shown = memo(move |_| ctx.state.with(|s| shown_metrics(&s.mc)));
    let axis = memo(move |_| ctx.state.with(|s| s.mc.axis));
    let plot = memo(move |_| {
        rc.sweep_result
            .get()
            .map(|r| sweep_plot(&r.results, axis.get(), &shown.get()))
            .unwrap_or_default()
    });
    let plot_signal = plot;
    let done_text = derived(move || {
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
            download.csv("sweep-fig7.csv", &sweep_csv(&r.results));
        }
    };
    let pairs_text = move || ctx.state.with(|s| sci(s.mc.pairs as f64));
    view! {
        <Card
            class="rel-sweep"
            title_id="rel-sweep-title"
            title="Fig. 7 — mis-ranking as the error on the utilities grows"
            testid="rel-sweep"
            hint="The thick curve is the erroneous utility matrix: with no error it never mis-ranks, and it gets worse as σ grows. The dashed lines are the metrics: they do not look at the utilities at all, so the error cannot change them — a utility matrix assessed with errors below where the curve crosses a line is still the better guide. Both priors, σ = 0, 0.05, …, 0.3."
        >
            <div class="rel-actions">
                <button
                    type="button"
                    class="btn btn-primary"
                    on:click=handler(move |_| rc.start_sweep())
                    data-testid="sweep-run"
                >
                    {rx(move || format!("Run sweep ({} pairs × 14 runs)", pairs_text()))}
                </button>
                <CancelButton job=rc.sweep testid="sweep-cancel" />
                <Show when=cond(move || rc.sweep_result.with(|r| r.is_some()))>
                    <CsvButton on_click=export testid="sweep-export-csv" />
                </Show>
            </div>
            <JobProgress state=rc.sweep.state what="sweep" testid="sweep" done_text=done_text />
            <Show when=cond(move || rc.sweep_result.with(|r| r.is_some()))>
                <PlotCanvas
                    plot=plot_signal
                    name="fig7-sweep"
                    label="Fig. 7: mis-ranked pairs against the error on the utilities, for the uniform and the gaussian prior"
                    testid="fig7-plot"
                />
            </Show>
        </Card>
    }
}
