//! [`use_job`]: a job on the pool of web workers, owned by the component that runs it.

use leptos::prelude::*;

use super::jobs::{JobState, cancel, launch_job};
use super::mc_pool;
use crate::Var;
use ulab_worker::{Output, Work};

/// A job on the worker pool ([`super::mc_pool`]): where it is ([`Job::state`], what
/// [`crate::widgets::job_progress::JobProgress`] shows), started again by [`Job::launch`]
/// (which cancels the run in progress), stopped by [`Job::cancel`], and stopped when the
/// component that made it goes (leaving a view stops its work).
///
/// ```ignore
/// let job = use_job();
/// let run = move |_| job.launch(run_works(&config), move |outputs, seconds, workers| Ok(()));
/// view! { <JobProgress state=job.state what="Monte Carlo" testid="mc" done_text=done /> }
/// ```
#[derive(Clone, Copy)]
pub struct Job {
    /// Where the job is.
    pub state: Var<JobState>,
}

/// A new [`Job`], idle, cancelled when the calling component goes.
pub fn use_job() -> Job {
    let state = Var::new(JobState::Idle);
    on_cleanup(move || {
        if let Some(job) = state.try_get_untracked().and_then(|s| s.job()) {
            mc_pool::cancel(job);
        }
    });
    Job { state }
}

impl Job {
    /// Submits `works` (cancelling the run in progress); `finish` turns the outputs, the
    /// seconds taken and the workers that took part into the result (or an error line).
    pub fn launch(
        &self,
        works: Vec<Work>,
        finish: impl FnOnce(Vec<Output>, f64, usize) -> Result<(), String> + 'static,
    ) {
        launch_job(self.state, works, finish);
    }

    /// Stops the run in progress, if any (the last result stays).
    pub fn cancel(&self) {
        cancel(self.state);
    }

    /// Fails the job with `why` before it is submitted (settings that do not make a run).
    pub fn fail(&self, why: impl Into<String>) {
        self.state.set(JobState::Failed(why.into()));
    }

    /// Whether it is running (tracked).
    pub fn is_running(&self) -> bool {
        self.state.with(JobState::is_running)
    }
}
