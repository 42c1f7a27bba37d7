//! The Metric reliability view: the Monte Carlo of Dyrland et al. 2022, §4.2 in the browser.
//!
//! Layout: the settings with Run / Cancel and a progress bar ([`settings`]);
//! the mis-ranking table and fig. 6, then the sweep of fig. 7 ([`results`]);
//! figs 2–5 ([`figures`]); the user's own question
//! ([`question`]). The work runs in the pool of web workers
//! ([`crate::web::mc_pool`]); what to compute and how to merge it is in
//! [`ulab_state::reliability`].

use std::sync::Arc;

use leptos::prelude::*;

use crate::chrome::view_intro::ViewIntro;
use crate::context::{AppContext, use_app};
mod figures;
mod question;
mod results;
mod settings;

use crate::web::jobs::{JobState, cancel, launch_job};
use crate::web::mc_pool;
use figures::{ScatterFigures, SpaceFigures};
use question::QuestionPanel;
use results::{MisrankingResults, SweepResults};
use settings::ReliabilitySettings;
use ulab_core::mc::{McResult, Ranker};
use ulab_plot::Theme;
use ulab_plot::reliability::metric_colour;
use ulab_state::reliability::{
    RunResult, mc_config, merge_run, merge_sweep, run_works, sweep_configs, sweep_works,
};

/// The CSS colour of a metric's swatch: its colour in the plots (the erroneous utility matrix
/// in the text's colour).
pub fn swatch_colour(m: Ranker, dark: bool) -> String {
    if m.is_utility() {
        return "var(--text)".into();
    }
    let c = metric_colour(m, &Theme { dark, scale: 1.0 });
    format!("rgb({}, {}, {})", c.0, c.1, c.2)
}

/// A finished run with how long it took.
#[derive(Debug, Clone, PartialEq)]
pub struct TimedRun {
    /// The run.
    pub run: RunResult,
    /// Seconds from Run to the last answer.
    pub seconds: f64,
    /// Workers that took part.
    pub workers: usize,
}

/// A finished sweep.
#[derive(Debug, Clone, PartialEq)]
pub struct TimedSweep {
    /// One result per (prior, σ).
    pub results: Vec<McResult>,
    /// Seconds.
    pub seconds: f64,
    /// Workers that took part.
    pub workers: usize,
}

/// The view's shared signals.
#[derive(Clone, Copy)]
pub struct ReliabilityContext {
    /// The main run (table, fig. 6).
    pub run: RwSignal<JobState>,
    /// Its last result.
    pub result: RwSignal<Option<Arc<TimedRun>>>,
    /// The sweep (fig. 7).
    pub sweep: RwSignal<JobState>,
    /// Its last result.
    pub sweep_result: RwSignal<Option<Arc<TimedSweep>>>,
    /// Workers to use (UI only, not in the link).
    pub workers: RwSignal<usize>,
    /// The app context, looked up once by the view (the runs start from event handlers).
    app: AppContext,
}

impl ReliabilityContext {
    /// Starts the run of the current settings (cancelling one in progress).
    pub fn start_run(&self) {
        let settings = self.app.state.with_untracked(|s| s.mc.clone());
        let config = match mc_config(&settings) {
            Ok(c) => c,
            Err(e) => {
                self.run.set(JobState::Failed(e.to_string()));
                return;
            }
        };
        mc_pool::set_size(self.workers.get_untracked());
        let result = self.result;
        launch_job(
            self.run,
            run_works(&config),
            move |outputs, seconds, workers| {
                let run = merge_run(&config, &outputs).map_err(|e| e.to_string())?;
                result.set(Some(Arc::new(TimedRun {
                    run,
                    seconds,
                    workers,
                })));
                Ok(())
            },
        );
    }

    /// Starts the sweep of fig. 7 (both priors, σ = 0 … 0.3) with the current pairs and seed.
    pub fn start_sweep(&self) {
        let settings = self.app.state.with_untracked(|s| s.mc.clone());
        let configs = match sweep_configs(&settings) {
            Ok(c) => c,
            Err(e) => {
                self.sweep.set(JobState::Failed(e.to_string()));
                return;
            }
        };
        mc_pool::set_size(self.workers.get_untracked());
        let result = self.sweep_result;
        let works = sweep_works(&configs);
        launch_job(self.sweep, works, move |outputs, seconds, workers| {
            let results = merge_sweep(&configs, &outputs).map_err(|e| e.to_string())?;
            result.set(Some(Arc::new(TimedSweep {
                results,
                seconds,
                workers,
            })));
            Ok(())
        });
    }

    /// Cancels the run.
    pub fn cancel_run(&self) {
        cancel(self.run);
    }

    /// Cancels the sweep.
    pub fn cancel_sweep(&self) {
        cancel(self.sweep);
    }
}

/// The Metric reliability view.
#[component]
pub fn ReliabilityView() -> impl IntoView {
    let ctx = use_app();
    let rc = ReliabilityContext {
        run: RwSignal::new(JobState::Idle),
        result: RwSignal::new(None),
        sweep: RwSignal::new(JobState::Idle),
        sweep_result: RwSignal::new(None),
        workers: RwSignal::new(mc_pool::size()),
        app: ctx,
    };
    provide_context(rc);
    // Leaving the view stops its work.
    on_cleanup(move || {
        for s in [rc.run, rc.sweep] {
            if let Some(job) = s.try_get_untracked().and_then(|s| s.job()) {
                mc_pool::cancel(job);
            }
        }
    });
    // Start the workers once the view has drawn, so the first Run starts at once.
    set_timeout(mc_pool::warm, std::time::Duration::from_millis(300));
    view! {
        <section class="view view-reliability" data-testid="view-reliability" aria-labelledby="reliability-title">
            <ViewIntro class="rel-intro" title_id="reliability-title" title="Metric reliability">
                "How often does a metric rank two classifiers the wrong way round? Each sample below is a pair of binary classifiers tested on the same test set, a true utility matrix, and an assessment of it with errors of size σ; a pair is mis-ranked when the metric prefers the classifier with the lower true yield. This is the experiment of Dyrland, Lundervold & Porta Mana (2022, §4.2): with the uniform prior, σ = 0.1 and 10⁶ pairs they found accuracy wrong for 8.7 % of pairs, and the erroneous utility matrix for only 4 %."
            </ViewIntro>
            <div class="view-grid rel-grid">
                <ReliabilitySettings />
                <div class="rel-results">
                    <MisrankingResults />
                </div>
            </div>
            <SweepResults />
            <ScatterFigures />
            <SpaceFigures />
            <QuestionPanel />
        </section>
    }
}
