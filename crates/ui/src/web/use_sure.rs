//! [`use_sure`]: how sure a ranking from confusion counts is (`ulab_state::sure`'s job), worked
//! out in slices of a few milliseconds on the page after every change of its inputs (the latest
//! change's job only), for the cards of [`crate::widgets::sure_card`].

use crate::Var;
use crate::reactive::effect;
use crate::web::mc_pool::now_ms;
use crate::web::next_background_task;
use leptos::prelude::*;
use std::cell::Cell;
use std::rc::Rc;
use ulab_state::sure::{SureJob, SureReport};

/// The work per slice, in milliseconds: the page stays responsive while the draws go on (a
/// slice that runs just before a frame delays it by at most this).
const SLICE_MS: f64 = 4.0;

/// The cells drawn per step within a slice (gammas: ~100 ns each in Chromium): a step of
/// ~2 ms, so that a slice ends near [`SLICE_MS`] — 10 draws of a 20-class, 5-classifier
/// problem (2 000 cells a draw), 1 000 of the factory.
const STEP_CELLS: u64 = 20_000;

/// Where the answer is.
#[derive(Debug, Clone, PartialEq)]
pub enum SureState {
    /// Nothing to rank.
    None,
    /// Being worked out.
    Working,
    /// The answer.
    Done(Box<SureReport>),
    /// Why there is none.
    Failed(String),
}

impl SureState {
    /// The state's name, for `data-state`: `none`, `working`, `done` or `failed`.
    pub fn name(&self) -> &'static str {
        match self {
            SureState::None => "none",
            SureState::Working => "working",
            SureState::Done(_) => "done",
            SureState::Failed(_) => "failed",
        }
    }
}

/// Runs the job `make` gives (`None`: nothing to rank) after every change of what `make`
/// reads, its state in `out`; a newer change stops the older job.
///
/// ```ignore
/// let sure = Var::new(SureState::None);
/// use_sure(sure, move || analysis.with(|a| remapped_job(a, &u, None).transpose()).map(|j| j.map_err(|e| e.to_string())));
/// view! { <SureCard state=sure prefix="decide" what="remapped classifier" /> }
/// ```
pub fn use_sure(out: Var<SureState>, make: impl Fn() -> Option<Result<SureJob, String>> + 'static) {
    let generation = Rc::new(Cell::new(0u64));
    effect(move |_| {
        let job = make();
        let this = generation.get() + 1;
        generation.set(this);
        let current = generation.clone();
        match job {
            None => out.set(SureState::None),
            Some(Err(e)) => out.set(SureState::Failed(e)),
            Some(Ok(job)) => {
                out.set(SureState::Working);
                wasm_bindgen_futures::spawn_local(run(job, out, move || current.get() != this));
            }
        }
    });
}

/// Runs `job` in slices of [`SLICE_MS`], stopping when `stale()` (a newer change).
async fn run(mut job: SureJob, out: Var<SureState>, stale: impl Fn() -> bool) {
    let step_draws = (STEP_CELLS / job.cells_per_draw()).clamp(1, 1_000);
    loop {
        // Background priority, also before the first slice: the edit's frame and the next
        // keystroke come first.
        next_background_task().await;
        if stale() || out.try_with_untracked(|_| ()).is_none() {
            return;
        }
        let start = now_ms();
        while now_ms() - start < SLICE_MS {
            match job.step(step_draws) {
                Ok(Some(report)) => {
                    if !stale() {
                        let _ = out.try_set(SureState::Done(Box::new(report.clone())));
                    }
                    return;
                }
                Ok(None) => {}
                Err(e) => {
                    if !stale() {
                        let _ = out.try_set(SureState::Failed(e.to_string()));
                    }
                    return;
                }
            }
        }
    }
}
