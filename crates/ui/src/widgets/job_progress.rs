//! The progress of a job run by the worker pool: a bar with its percentage and a status line;
//! and the button that cancels it.

use crate::{Var, cond, handler, rx};
use leptos::prelude::*;

use crate::web::jobs::JobState;
use crate::web::use_job::Job;

/// "Cancel": stops `job`, enabled while it runs.
#[component]
pub fn CancelButton(
    /// The job.
    job: Job,
    /// `data-testid` of the button.
    testid: &'static str,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="btn"
            disabled=rx(move || !job.is_running())
            on:click=handler(move |_| job.cancel())
            data-testid=testid
        >
            "Cancel"
        </button>
    }
}

/// The progress of a job: a `<progress>` bar with its percentage, and a status line.
#[component]
pub fn JobProgress(
    /// The job.
    state: Var<JobState>,
    /// What runs ("Monte Carlo", "sweep"), for the bar's label.
    #[prop(into)]
    what: String,
    /// `data-testid` prefix.
    #[prop(into)]
    testid: String,
    /// The line shown when done.
    #[prop(into)]
    done_text: Signal<String>,
    /// Whether a complete run's results are on the page (what a Cancel leaves shown); not
    /// given: they are.
    #[prop(optional, into)]
    has_result: Option<Signal<bool>>,
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
        JobState::Cancelled if has_result.is_some_and(|r| !r.get()) => {
            "Cancelled: no run has completed yet.".into()
        }
        JobState::Cancelled => {
            "Cancelled: the results shown are those of the last complete run.".into()
        }
        JobState::Failed(e) => format!("Failed: {e}"),
    };
    let bar_id = format!("{testid}-bar");
    let bar_testid = format!("{testid}-bar");
    let status_testid = format!("{testid}-status");
    view! {
        <div class="rel-progress" data-testid=format!("{testid}-progress")>
            <Show when=cond(move || state.with(|s| s.is_running()))>
                <div class="rel-bar">
                    <progress
                        id=bar_id.clone()
                        max="1"
                        value=rx(move || fraction().to_string())
                        aria-label=label.clone()
                        data-testid=bar_testid.clone()
                    ></progress>
                    <span class="rel-percent" aria-hidden="true">{percent}</span>
                </div>
            </Show>
            <p
                class="rel-status"
                class:is-error=rx(move || matches!(state.get(), JobState::Failed(_)))
                role="status"
                aria-live="polite"
                data-state=rx(move || state.with(|s| s.key()))
                data-testid=status_testid
            >
                {status}
            </p>
        </div>
    }
}
