//! Jobs run in the pool of web workers ([`super::mc_pool`]), tracked by a signal that panels
//! show with [`crate::widgets::job_progress::JobProgress`].

use leptos::prelude::*;

use super::mc_pool::{self, JobId, Outcome};
use crate::Var;
use ulab_worker::{Output, Work};

/// Where a job is.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum JobState {
    /// Nothing run yet.
    #[default]
    Idle,
    /// Running: `done` of `total` tasks answered.
    Running {
        job: JobId,
        done: usize,
        total: usize,
    },
    /// Finished; the result is in its signal.
    Done,
    /// Stopped by the user.
    Cancelled,
    /// Failed: one line for the user.
    Failed(String),
}

impl JobState {
    /// Whether it is running.
    pub fn is_running(&self) -> bool {
        matches!(self, JobState::Running { .. })
    }

    /// The running job's number.
    pub fn job(&self) -> Option<JobId> {
        match self {
            JobState::Running { job, .. } => Some(*job),
            _ => None,
        }
    }

    /// `data-state` of the status line.
    pub fn key(&self) -> &'static str {
        match self {
            JobState::Idle => "idle",
            JobState::Running { .. } => "running",
            JobState::Done => "done",
            JobState::Cancelled => "cancelled",
            JobState::Failed(_) => "failed",
        }
    }
}

/// Submits `works` to the pool, tracking it in `state`; `finish` turns the outputs into the
/// result (or an error line).
fn launch(
    state: Var<JobState>,
    works: Vec<Work>,
    finish: impl FnOnce(Vec<Output>, f64, usize) -> Result<(), String> + 'static,
) {
    if let Some(job) = state.get_untracked().job() {
        mc_pool::cancel(job);
    }
    let total = works.len();
    // Running before submitting: a job that ends at once (e.g. no worker can start) calls back
    // from inside `submit`, and its outcome must not be overwritten afterwards.
    state.set(JobState::Running {
        job: PENDING,
        done: 0,
        total,
    });
    let id = mc_pool::submit(
        works,
        move |done, total| {
            state.update(|s| {
                if let JobState::Running {
                    done: d, total: t, ..
                } = s
                {
                    *d = done;
                    *t = total;
                }
            })
        },
        move |outcome| match outcome {
            Outcome::Done {
                outputs,
                seconds,
                workers,
            } => match finish(outputs, seconds, workers) {
                Ok(()) => state.set(JobState::Done),
                Err(e) => state.set(JobState::Failed(e)),
            },
            Outcome::Failed(e) => state.set(JobState::Failed(e)),
        },
    );
    state.update(|s| {
        if let JobState::Running { job, .. } = s
            && *job == PENDING
        {
            *job = id;
        }
    });
}

/// The job number of a job being submitted.
const PENDING: JobId = JobId::MAX;

/// Cancels the job tracked by `state`, if running.
pub fn cancel(state: Var<JobState>) {
    if let Some(job) = state.get_untracked().job() {
        mc_pool::cancel(job);
        state.set(JobState::Cancelled);
    }
}

/// Submits a job tracked by `state` (cancelling the one it tracks)..
pub fn launch_job(
    state: Var<JobState>,
    works: Vec<Work>,
    finish: impl FnOnce(Vec<Output>, f64, usize) -> Result<(), String> + 'static,
) {
    state.set(JobState::Idle);
    launch(state, works, finish);
}
