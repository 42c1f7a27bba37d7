//! What the view computes, when, and in slices of a few milliseconds (so that 10⁶ items never
//! make a long task): each computation is an effect that starts a job when its inputs change;
//! a newer job of the same kind makes the older one stop.
//!
//! * the sample of the link (`sample=NAME`) follows the link;
//! * **once per file**: each model recalibrated (cross-fitted, fold by fold, then a slice of
//!   items a step: [`RecalibrationJob`]); each model's (and recalibrated model's) reliability
//!   diagrams, again when the bins change; for two classes, each model's items sorted by the
//!   probability of class 0, again when the deployment shares change;
//! * **on every edit** of the utility matrix or the shares: every item decided by both rules
//!   for every model and recalibrated model ([`AnalysisJob`], [`ANALYSIS_ITEMS`] a step).
//!
//! The results go to [`super::Derived`]'s signals; the panels read them.

use std::cell::Cell;

use leptos::prelude::*;

use super::{ProbsContext, Shared, loader};
use crate::memo;
use crate::reactive::effect;
use crate::web::mc_pool::now_ms;
use crate::web::sliced::run_in_slices;
use ulab_core::UtilityMatrix;
use ulab_probs::ModelProbs;
use ulab_probs::curve::ThresholdCurve;
use ulab_state::probs::analysis::{ANALYSIS_ITEMS, AnalysisJob, decider};
use ulab_state::probs::calibration::{CALIBRATION_ITEMS, CalibrationJob, RecalibrationJob};
use ulab_state::probs::file::ProbsFile;

/// A counter of the runs of one kind of job: a run is stale once a newer one has started (or
/// the view is gone).
#[derive(Clone, Copy)]
struct Runs(StoredValue<u32>);

impl Runs {
    fn new() -> Runs {
        Runs(StoredValue::new(0))
    }

    /// Starts a run: its number.
    fn next(&self) -> u32 {
        self.0.update_value(|k| *k += 1);
        self.0.get_value()
    }

    fn stale(&self, run: u32) -> bool {
        self.0.try_get_value() != Some(run)
    }
}

/// Starts every computation of the view.
pub fn install(pc: ProbsContext) {
    sample_follows_link(pc);
    recalibrate(pc);
    calibrate_models(pc);
    decide(pc);
    sort_curves(pc);
}

/// `sample=NAME` in the link shows that sample; a link without it drops a sample shown.
fn sample_follows_link(pc: ProbsContext) {
    effect(move |_| {
        let wanted = pc.app.state.with(|s| s.probs.sample.clone());
        let shown = pc
            .loaded
            .with_untracked(|l| l.as_ref().and_then(|l| l.sample.clone()));
        match wanted {
            Some(name) if shown.as_deref() != Some(name.as_str()) => loader::show_sample(pc, &name),
            None if shown.is_some() => pc.set_loaded(None),
            _ => {}
        }
    });
}

/// Each model recalibrated, once per file.
fn recalibrate(pc: ProbsContext) {
    let runs = Runs::new();
    let d = pc.derived;
    effect(move |_| {
        let run = runs.next();
        d.recalibrated.set(None);
        let Some(file) = pc.file() else {
            d.recalibrating.set(None);
            return;
        };
        leptos::task::spawn_local(async move {
            let models = file.table.models().len();
            let mut done: Vec<ModelProbs> = Vec::with_capacity(models);
            let mut job = RecalibrationJob::new(0);
            let fraction = Cell::new(0.0);
            let step = || {
                let f: &ProbsFile = &file;
                if job.step(f).map_err(|e| e.to_string())? {
                    let next = RecalibrationJob::new(done.len() + 1);
                    let finished = std::mem::replace(&mut job, next);
                    done.push(finished.finish(f).map_err(|e| e.to_string())?);
                }
                let (k, all) = job.progress(f);
                fraction.set((done.len() as f64 + k as f64 / all.max(1) as f64) / models as f64);
                Ok(done.len() == models)
            };
            let between = || {
                let _ = d.recalibrating.try_set(Some(fraction.get()));
            };
            let ok = run_in_slices("probs-recalibrate", step, || runs.stale(run), between).await;
            if runs.stale(run) {
                return;
            }
            let _ = d.recalibrating.try_set(None);
            if let Ok(true) = ok {
                let _ = d.recalibrated.try_set(Some(Shared::new(done)));
            }
        });
    });
}

/// The reliability diagrams of every model (one model a step), and of the recalibrated ones
/// once they are in; again when the bins change.
fn calibrate_models(pc: ProbsContext) {
    let runs = Runs::new();
    let d = pc.derived;
    // A memo: the state changes on every edit, the bins seldom.
    let bins = memo(move |_| pc.app.state.with(|s| s.probs.bins));
    effect(move |_| {
        let run = runs.next();
        let bins = bins.get();
        let recal = d.recalibrated.get();
        let Some(file) = pc.file() else {
            d.calibration.set(None);
            d.recal_calibration.set(None);
            return;
        };
        leptos::task::spawn_local(async move {
            let own: Vec<ModelProbs> = Vec::new();
            let models: Vec<&ModelProbs> = file
                .table
                .models()
                .iter()
                .chain(recal.as_deref().unwrap_or(&own))
                .collect();
            let mut out = Vec::with_capacity(models.len());
            let mut job: Option<CalibrationJob> = None;
            let step = || {
                let m = models[out.len()];
                let j = match job.take() {
                    Some(j) => j,
                    None => CalibrationJob::new(&file, m, bins).map_err(|e| e.to_string())?,
                };
                let mut j = j;
                if j.step(&file, m, CALIBRATION_ITEMS)
                    .map_err(|e| e.to_string())?
                {
                    out.push(j.finish());
                } else {
                    job = Some(j);
                }
                Ok(out.len() == models.len())
            };
            let ok = run_in_slices("probs-calibrate", step, || runs.stale(run), || {}).await;
            if runs.stale(run) || ok != Ok(true) {
                return;
            }
            let k = file.table.models().len();
            let recal_part = out.split_off(k);
            let _ = d.calibration.try_set(Some(Shared::new(out)));
            let _ = d
                .recal_calibration
                .try_set((!recal_part.is_empty()).then(|| Shared::new(recal_part)));
        });
    });
}

/// After this long (ms), re-deciding the items says its progress.
const PROGRESS_AFTER_MS: f64 = 300.0;

/// Every item decided by both rules, for every model and recalibrated model: on every edit
/// of the utility matrix or the shares.
fn decide(pc: ProbsContext) {
    let runs = Runs::new();
    let d = pc.derived;
    // A memo: only an edit of the utilities or the shares decides again.
    let inputs = pc.app.utility_and_shares();
    effect(move |_| {
        let run = runs.next();
        let (u, prev) = inputs.get();
        let recal = d.recalibrated.get();
        let Some(file) = pc.file() else {
            d.report.set(None);
            d.deciding.set(None);
            return;
        };
        let mut job = match AnalysisJob::new(&file, &borrowed(&recal), &u, prev.as_deref()) {
            Ok(job) => job,
            Err(e) => {
                d.deciding.set(None);
                d.report.set(Some(Err(e.to_string())));
                return;
            }
        };
        leptos::task::spawn_local(async move {
            let with = borrowed(&recal);
            let fraction = Cell::new(0.0);
            let mut shown = false;
            let step = || {
                let done = job
                    .step(&file, &with, ANALYSIS_ITEMS)
                    .map_err(|e| e.to_string())?;
                let (k, all) = job.progress();
                fraction.set(k as f64 / all.max(1) as f64);
                // The file's own models first: their rows are shown while the recalibrated
                // ones are decided.
                if !done && !shown && job.own_done() {
                    shown = true;
                    let r = job.report(&file).map_err(|e| e.to_string())?;
                    let _ = d.report.try_set(Some(Ok(Shared::new(r))));
                }
                Ok(done)
            };
            // The progress is said only once the work has taken a while: an edit re-decides
            // 10⁶ items in ~70 ms, and a line in the verdict's live region that flashes for
            // it at every slice would be read out and redrawn for nothing.
            let started = now_ms();
            let between = || {
                if now_ms() - started >= PROGRESS_AFTER_MS {
                    let _ = d.deciding.try_set(Some(fraction.get()));
                }
            };
            let ok = run_in_slices("probs-decide", step, || runs.stale(run), between).await;
            if runs.stale(run) {
                return;
            }
            let _ = d.deciding.try_set(None);
            let report = ok.and_then(|_| job.finish(&file).map_err(|e| e.to_string()));
            let _ = d.report.try_set(Some(report.map(Shared::new)));
        });
    });
}

/// The recalibrated models borrowed, not copied (3 × 10⁶ × 3 values).
fn borrowed(r: &Option<Shared<Vec<ModelProbs>>>) -> Vec<Option<&ModelProbs>> {
    r.as_deref()
        .map(|r| r.iter().map(Some).collect())
        .unwrap_or_default()
}

/// Two classes: each model's items sorted by the probability of class 0 (one model a step),
/// again when the deployment shares change.
fn sort_curves(pc: ProbsContext) {
    let runs = Runs::new();
    let d = pc.derived;
    let prev = memo(move |_| pc.app.state.with(|s| s.prevalence.clone()));
    effect(move |_| {
        let run = runs.next();
        let prev = prev.get();
        let Some(file) = pc.file().filter(|f| f.table.n_classes() == 2) else {
            d.curves.set(None);
            return;
        };
        let shares = match decider(
            &file,
            &UtilityMatrix::identity(2).expect("2 ≥ 1"),
            prev.as_deref(),
        ) {
            Ok(dec) => dec.shares().cloned(),
            Err(e) => {
                d.curves.set(Some(Err(e.to_string())));
                return;
            }
        };
        leptos::task::spawn_local(async move {
            // One model a step: the core sorts a model's items at once.
            let models = file.table.models();
            let mut out = Vec::with_capacity(models.len());
            let step = || {
                let m = &models[out.len()];
                out.push(
                    ThresholdCurve::new(&file.table, m, shares.as_ref())
                        .map_err(|e| e.to_string())?,
                );
                Ok(out.len() == models.len())
            };
            let ok = run_in_slices("probs-curves", step, || runs.stale(run), || {}).await;
            if runs.stale(run) {
                return;
            }
            let _ = d.curves.try_set(Some(ok.map(|_| Shared::new(out))));
        });
    });
}
