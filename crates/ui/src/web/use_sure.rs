//! [`use_sure`]: how sure a ranking from confusion counts is (`ulab_state::sure`'s job), worked
//! out in slices of a few milliseconds on the page after every change of its inputs (the latest
//! change's job only), for the cards of [`crate::widgets::sure_card`].

use crate::web::mc_pool::now_ms;
use crate::web::next_task;
use leptos::prelude::*;
use std::cell::Cell;
use std::rc::Rc;
use ulab_state::sure::{SureJob, SureReport};

/// The work per slice, in milliseconds: the page stays responsive while the draws go on.
const SLICE_MS: f64 = 8.0;

/// The draws per step within a slice (a step of a 20-class, 5-classifier problem ≈ 2 ms
/// natively).
const STEP_DRAWS: u64 = 100;

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
/// let sure = RwSignal::new(SureState::None);
/// use_sure(sure, move || analysis.with(|a| remapped_job(a, &u, None).transpose()).map(|j| j.map_err(|e| e.to_string())));
/// view! { <SureCard state=sure prefix="decide" what="remapped classifier" /> }
/// ```
pub fn use_sure(
    out: RwSignal<SureState>,
    make: impl Fn() -> Option<Result<SureJob, String>> + 'static,
) {
    let generation = Rc::new(Cell::new(0u64));
    Effect::new(move |_| {
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
async fn run(mut job: SureJob, out: RwSignal<SureState>, stale: impl Fn() -> bool) {
    loop {
        let start = now_ms();
        while now_ms() - start < SLICE_MS {
            match job.step(STEP_DRAWS) {
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
        next_task().await;
        if stale() || out.try_with_untracked(|_| ()).is_none() {
            return;
        }
    }
}
