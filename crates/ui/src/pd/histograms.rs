//! More classes: the histogram of p-d over a grid of κ vectors for each classifier (Kozak et
//! al. 2022, fig. 7), and how often each ranks first. The grid's chunks run a few per task
//! (never one long task), and a new setting or matrix restarts the count.

use crate::{Computed, Var, memo, on_value, rx};
use std::rc::Rc;

use crate::widgets::table_scroll::table_scroll;
use leptos::prelude::*;

use super::context::use_pd;
use super::maybe_canvas::MaybeCanvas;
use crate::context::{AppContext, use_app};
use crate::reactive::effect;
use crate::web::use_download::use_download;
use crate::widgets::card::{Card, CsvButton};
use ulab_core::text::percent;
use ulab_plot::MaybePlot;
use ulab_state::pd::PdError;
use ulab_state::pd::export::histogram_csv;
use ulab_state::pd::grid::{GridPlan, GridResult, GridSettings};
use ulab_state::pd::link::{format_grid, parse_bins, parse_grid, parse_seed};

/// The longest a task of chunks runs before giving the page back, in milliseconds.
const SLICE_MS: f64 = 12.0;

/// The running count: which run it is, chunks done of all.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Progress {
    done: u64,
    of: u64,
}

/// Runs `plan` chunk by chunk in tasks of at most [`SLICE_MS`]; `generation` changes when a new
/// run starts, and a stale run stops at its next task.
fn run_in_slices(
    plan: Rc<GridPlan>,
    run: u64,
    generation: StoredValue<u64>,
    progress: Var<Option<Progress>>,
    result: Var<Option<Result<GridResult, String>>>,
) {
    let tally = plan.empty_tally();
    tick(plan, run, generation, progress, result, tally, 0);
}

/// One task of [`run_in_slices`]: chunks from `k` on, then the next task or the result.
fn tick(
    plan: Rc<GridPlan>,
    run: u64,
    generation: StoredValue<u64>,
    progress: Var<Option<Progress>>,
    result: Var<Option<Result<GridResult, String>>>,
    mut tally: ulab_core::pd::PdTally,
    mut k: u64,
) {
    if generation.try_get_value() != Some(run) {
        return;
    }
    let start = js_sys::Date::now();
    let chunks = plan.chunks();
    while k < chunks && js_sys::Date::now() - start < SLICE_MS {
        tally.merge(&plan.run_chunk(k));
        k += 1;
    }
    if k >= chunks {
        progress.try_set(None);
        result.try_set(Some(Ok(plan.finish(&tally))));
        return;
    }
    progress.try_set(Some(Progress {
        done: k,
        of: chunks,
    }));
    set_timeout(
        move || tick(plan, run, generation, progress, result, tally, k),
        std::time::Duration::ZERO,
    );
}

/// The grid's settings: its values, the histograms' bins, the seed of the random vectors;
/// a value that does not read is said in `error` and changes nothing.
fn grid_fields(
    ctx: AppContext,
    settings: Computed<GridSettings>,
    grid_error: Var<Option<String>>,
) -> impl IntoView {
    let set_grid = move |v: String| {
        let r = parse_grid(&v)
            .map_err(|e| e.to_string())
            .and_then(|v| ctx.edit(|s| s.pd.grid.values = v));
        grid_error.set(r.err());
    };
    let set_bins = move |v: String| {
        let r = parse_bins(&v)
            .map_err(|e| e.to_string())
            .and_then(|v| ctx.edit(|s| s.pd.grid.bins = v));
        grid_error.set(r.err());
    };
    let set_seed = move |v: String| {
        let r = parse_seed(&v)
            .map_err(|e| e.to_string())
            .and_then(|v| ctx.edit(|s| s.pd.grid.seed = v));
        grid_error.set(r.err());
    };
    view! {
        <div class="pd-fields">
            <label>
                "Grid values "
                <input
                    type="text"
                    class="pd-grid-field"
                    prop:value=rx(move || settings.with(|s| format_grid(&s.values)))
                    on:change=on_value(set_grid)
                    aria-describedby="pd-grid-hint"
                    data-testid="pd-grid"
                />
            </label>
            <label>
                "Bins "
                <input type="text" inputmode="numeric" size="4" prop:value=rx(move || settings.with(|s| s.bins.to_string())) on:change=on_value(set_bins) data-testid="pd-bins" />
            </label>
            <label>
                "Seed "
                <input type="text" inputmode="numeric" size="6" prop:value=rx(move || settings.with(|s| s.seed.to_string())) on:change=on_value(set_seed) data-testid="pd-seed" />
            </label>
        </div>
    }
}

/// The histogram panel.
#[component]
pub fn HistogramPanel() -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let pd = use_pd();
    let settings = memo(move |_| ctx.state.with(|s| s.pd.grid.clone()));
    let progress = Var::new(None::<Progress>);
    let result = Var::new(None::<Result<GridResult, String>>);
    let generation = StoredValue::new(0u64);
    effect(move |_| {
        let plan = pd.classifiers.with(|c| {
            let c = c.as_ref().map_err(Clone::clone)?;
            settings.with(|s| GridPlan::new(c, s).map_err(|e: PdError| e.to_string()))
        });
        let run = generation.get_value() + 1;
        generation.set_value(run);
        match plan {
            Ok(plan) => run_in_slices(Rc::new(plan), run, generation, progress, result),
            Err(e) => {
                progress.set(None);
                result.set(Some(Err(e)));
            }
        }
    });
    let current = memo(move |_| {
        pd.table.with(|t| {
            t.as_ref()
                .map(|t| t.rows.iter().map(|r| Some(r.pd)).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    let plot = memo(move |_| {
        result.with(|r| {
            MaybePlot(match r {
                Some(Ok(r)) => Some(r.histogram_plot(current.get())),
                _ => None,
            })
        })
    });
    let grid_error = Var::new(None::<String>);
    let export = move |_| {
        let csv = result.with_untracked(|r| match r {
            Some(Ok(r)) => Some(histogram_csv(r)),
            _ => None,
        });
        if let Some(csv) = csv {
            download.csv("p-d histograms.csv", &csv);
        }
    };
    view! {
        <Card
            class="pd-hist"
            title_id="pd-hist-title"
            title="Over a grid of κ vectors"
            testid="pd-histograms"
            hint="Every κ vector whose entries are the grid values (fig. 7 of Kozak et al. 2022): how p-d is spread for each classifier, and how often each ranks first. Beyond 10⁵ vectors, 10⁵ are drawn at random from the grid (and said so). The line marks p-d at the κ in force."
        >
            {grid_fields(ctx, settings, grid_error)}
            <p class="hint" id="pd-grid-hint">"Values in [0, 1], comma-separated; 0,0.1,...,1 is 0 to 1 by 0.1."</p>
            <p class="field-error" role="alert" data-testid="pd-grid-error">{rx(move || grid_error.get().unwrap_or_default())}</p>
            {rx(move || progress.get().map(|p| view! {
                <p class="pd-progress" data-testid="pd-grid-progress">
                    <progress max=p.of value=p.done></progress>
                    " " {format!("{} of {} chunks", p.done, p.of)}
                </p>
            }))}
            {rx(move || result.with(|r| match r {
                Some(Err(e)) => Some(view! { <p class="notice is-error" role="alert">{e.clone()}</p> }.into_any()),
                Some(Ok(r)) => Some(view! {
                    <p class="pd-note" data-testid="pd-grid-note">{r.note.clone()}</p>
                    <FirstShares result=r.clone() />
                }.into_any()),
                None => None,
            }))}
            <MaybeCanvas
                plot=plot
                name="p-d histograms"
                label="histograms of p-d over the κ grid, one per classifier"
                testid="pd-hist-plot"
            />
            <div class="pd-actions">
                <CsvButton on_click=export testid="pd-export-histograms" text="CSV of the histograms" />
            </div>
        </Card>
    }
}

/// How often each classifier ranks first over the grid.
#[component]
fn FirstShares(result: GridResult) -> impl IntoView {
    let rows = result
        .names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let share = result.first_share().get(i).copied().unwrap_or(0.0);
            let alone = result.first_alone.get(i).copied().unwrap_or(0.0);
            let tied = result.first_tied.get(i).copied().unwrap_or(0.0);
            let a = &result.analysis;
            view! {
                <tr data-testid=format!("pd-first-{i}")>
                    <th scope="row" class="pd-name">{n.clone()}</th>
                    <td class="num">{percent(share, 1)}</td>
                    <td class="num">{percent(alone, 1)}</td>
                    <td class="num">{percent(tied, 1)}</td>
                    <td class="num">{ulab_core::text::fixed(a.min.get(i).copied().unwrap_or(f64::NAN), 4)}</td>
                    <td class="num">{ulab_core::text::fixed(a.mean.get(i).copied().unwrap_or(f64::NAN), 4)}</td>
                    <td class="num">{ulab_core::text::fixed(a.max.get(i).copied().unwrap_or(f64::NAN), 4)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        {table_scroll("p-d of the classifiers at the first κ", view! {
            <table class="pd-table" data-testid="pd-first-table">
                <thead>
                    <tr>
                        <th scope="col">"Classifier"</th>
                        <th scope="col">"Ranks first (ties shared)"</th>
                        <th scope="col">"first alone"</th>
                        <th scope="col">"first in a tie"</th>
                        <th scope="col">"min p-d"</th>
                        <th scope="col">"mean"</th>
                        <th scope="col">"max"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        })}
        <p class="hint" data-testid="pd-first-hint">"A tie of k classifiers counts 1/k for each: ranks first = first alone + first in a tie ÷ k."</p>
    }
}
