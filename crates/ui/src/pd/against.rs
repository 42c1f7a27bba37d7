//! p-d against the yield: a plain statement that p-d is not an admissible metric, and how
//! often it mis-ranks pairs of classifiers in the Metric reliability Monte Carlo (Dyrland et
//! al. 2022, §4.2) beside the erroneous utility matrix — from the defaults' known run, or run
//! again here on the reliability engine's workers.

use crate::derived;
use crate::{Var, handler, memo, rx};
use std::sync::Arc;

use leptos::prelude::*;

use crate::context::use_app;
use crate::web::use_job::use_job;
use crate::widgets::card::Card;
use crate::widgets::job_progress::JobProgress;
use ulab_core::mc::{McConfig, Prior};
use ulab_core::text::fixed;
use ulab_state::pd::against::{KNOWN_RUN, McComparison, admissibility_sentence};
use ulab_state::reliability::{merge_run, run_works};

/// Pairs of a rerun from this view (the known run's size).
const RERUN_PAIRS: u64 = 1_000_000;

/// A percentage with two decimals (kept: `3.70 %`) and its standard error: `23.24 % ± 0.04`.
fn with_error(p: f64, se: f64) -> String {
    format!("{}\u{202f}% ± {}", fixed(p, 2), fixed(se, 2))
}

/// The panel.
#[component]
pub fn AgainstPanel() -> impl IntoView {
    let ctx = use_app();
    let n = memo(move |_| ctx.state.with(|s| s.n()));
    let job = use_job();
    let rerun = Var::new(None::<Arc<McComparison>>);
    let comparison = memo(move |_| rerun.get().map(|c| *c).unwrap_or(KNOWN_RUN));
    let start = move |_| {
        let Ok(config) = McConfig::new(Prior::Uniform, 0.1, RERUN_PAIRS, 1) else {
            return;
        };
        job.launch(run_works(&config), move |outputs, _seconds, _workers| {
            let run = merge_run(&config, &outputs).map_err(|e| e.to_string())?;
            rerun.set(Some(Arc::new(McComparison::from_result(&run.result))));
            Ok(())
        });
    };
    let running = move || job.is_running();
    let done_text = derived(move || {
        "Run again here: the same numbers as the known run (the run is reproducible to the last pair).".to_string()
    });
    view! {
        <Card
            class="pd-against"
            title_id="pd-against-title"
            title="Against the utility yield"
            testid="pd-against"
        >
            <p data-testid="pd-admissibility">{rx(move || admissibility_sentence(n.get()))}</p>
            <p data-testid="pd-mc-sentence">{rx(move || comparison.get().sentence())}</p>
            <table class="pd-table pd-mc-table" data-testid="pd-mc-table">
                <thead>
                    <tr>
                        <th scope="col">"Ranked by"</th>
                        <th scope="col">"pairs mis-ranked"</th>
                    </tr>
                </thead>
                <tbody>
                    <tr>
                        <th scope="row">"p-d (default κ)"</th>
                        <td class="num" data-testid="pd-mc-pd">
                            {rx(move || comparison.with(|c| with_error(c.pd_percent, c.pd_stderr)))}
                        </td>
                    </tr>
                    <tr>
                        <th scope="row">"the erroneous utility matrix"</th>
                        <td class="num" data-testid="pd-mc-utility">
                            {rx(move || comparison.with(|c| with_error(c.utility_percent, c.utility_stderr)))}
                        </td>
                    </tr>
                </tbody>
            </table>
            <p class="hint">
                {rx(move || if rerun.get().is_some() { "Numbers of the run made on this page." } else { "Numbers of the defaults' known run (uniform prior, σ = 0.1, 10⁶ pairs, seed 1), the same as the Metric reliability view's Run and the command “ulab mc”." })}
            </p>
            <div class="pd-actions">
                <button type="button" class="btn btn-small" on:click=handler(start) prop:disabled=running data-testid="pd-mc-run">
                    "Run it here (10⁶ pairs)"
                </button>
                <Show when=running>
                    <button type="button" class="btn btn-small" on:click=handler(move |_| job.cancel()) data-testid="pd-mc-cancel">
                        "Cancel"
                    </button>
                </Show>
            </div>
            <JobProgress state=job.state what="Monte Carlo" testid="pd-mc" done_text=done_text />
        </Card>
    }
}
