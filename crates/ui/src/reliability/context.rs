//! What the Metric reliability view's parts share: the run and the sweep with their results
//! ([`ReliabilityContext`]), and a metric's swatch colour.

use std::sync::Arc;

use leptos::prelude::*;

use crate::Var;
use crate::context::AppContext;
use crate::web::mc_pool;
use crate::web::use_job::{Job, use_job};
use ulab_core::mc::{McResult, Ranker};
use ulab_plot::Theme;
use ulab_plot::reliability::metric_colour;
use ulab_state::McSettings;
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
    pub run: Job,
    /// Its last result.
    pub result: Var<Option<Arc<TimedRun>>>,
    /// The sweep (fig. 7).
    pub sweep: Job,
    /// Its last result.
    pub sweep_result: Var<Option<Arc<TimedSweep>>>,
    /// Workers to use (UI only, not in the link).
    pub workers: Var<usize>,
    /// The app context, looked up once by the view (the runs start from event handlers).
    app: AppContext,
}

impl ReliabilityContext {
    /// The view's context, with no run yet; the runs stop when the calling component (the
    /// view) goes.
    pub fn new(app: AppContext) -> ReliabilityContext {
        ReliabilityContext {
            run: use_job(),
            result: Var::new(None),
            sweep: use_job(),
            sweep_result: Var::new(None),
            workers: Var::new(mc_pool::size()),
            app,
        }
    }

    /// What `make` makes of the current settings for `job` (which fails with the reason
    /// when it makes nothing), the pool sized to the workers chosen.
    fn prepare<C, E: std::fmt::Display>(
        &self,
        job: Job,
        make: impl FnOnce(&McSettings) -> Result<C, E>,
    ) -> Option<C> {
        let made = self.app.state.with_untracked(|s| make(&s.mc));
        match made {
            Ok(c) => {
                mc_pool::set_size(self.workers.get_untracked());
                Some(c)
            }
            Err(e) => {
                job.fail(e.to_string());
                None
            }
        }
    }

    /// Starts the run of the current settings (cancelling one in progress).
    pub fn start_run(&self) {
        let Some(config) = self.prepare(self.run, mc_config) else {
            return;
        };
        let result = self.result;
        self.run
            .launch(run_works(&config), move |outputs, seconds, workers| {
                let run = merge_run(&config, &outputs).map_err(|e| e.to_string())?;
                result.set(Some(Arc::new(TimedRun {
                    run,
                    seconds,
                    workers,
                })));
                Ok(())
            });
    }

    /// Starts the sweep of fig. 7 (both priors, σ = 0 … 0.3) with the current pairs and seed.
    pub fn start_sweep(&self) {
        let Some(configs) = self.prepare(self.sweep, sweep_configs) else {
            return;
        };
        let result = self.sweep_result;
        let works = sweep_works(&configs);
        self.sweep.launch(works, move |outputs, seconds, workers| {
            let results = merge_sweep(&configs, &outputs).map_err(|e| e.to_string())?;
            result.set(Some(Arc::new(TimedSweep {
                results,
                seconds,
                workers,
            })));
            Ok(())
        });
    }
}
