//! Calibration: each model's reliability diagrams (one per class, one against the rest) and
//! their calibration errors; and the recalibrated models, fitted fold by fold so that the page
//! stays responsive ([`RecalibrationJob`]).
//!
//! **The method** ([`ulab_probs::recalibrate`]): `p' ∝ exp(a·ln p_c + b_c)` — one
//! temperature, one bias per class; Platt scaling of the log-odds for two classes — fitted by
//! maximum likelihood, **cross-fitted** over 5 folds (item `i` in fold `i mod 5`): each item's
//! recalibrated probabilities come from a fit on the other folds, so the gain of recalibrating
//! is never measured on the items it was fitted to.

use super::analysis::ProbsViewError;
use super::file::ProbsFile;
use ulab_probs::ModelProbs;
use ulab_probs::recalibrate::{CrossFit, FOLDS, Fitting, Scaling, fold_fitting};
use ulab_probs::reliability::{Bin, ReliabilityTally, calibration_error};

/// The bins of the reliability diagrams (scikit-learn's default is 5; 10 shows more).
pub const BINS: usize = 10;

/// Items recalibrated per step of a [`RecalibrationJob`] (about 2 ms natively for 3 classes).
pub const APPLY_ITEMS: usize = 20_000;

/// One model's reliability diagrams.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelCalibration {
    /// The model's name.
    pub name: String,
    /// Per class, its bins.
    pub classes: Vec<Vec<Bin>>,
    /// Per class, the expected calibration error `Σ_j (n_j/N)·|observed_j − predicted_j|`.
    pub error: Vec<Option<f64>>,
}

impl ModelCalibration {
    /// The mean of the classes' calibration errors (a summary for a sentence).
    pub fn mean_error(&self) -> Option<f64> {
        let v: Vec<f64> = self.error.iter().flatten().copied().collect();
        (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
    }
}

/// The reliability diagrams of `model` (one of the file's, or a recalibrated one).
///
/// # Errors
/// `model` is not of the file's items; `bins` not in `1..=1000`.
///
/// # Examples
///
/// ```
/// use ulab_state::probs::{calibration::calibrate, file::parse_probs};
/// let f = parse_probs("label,A:x,A:y\nx,0.9,0.1\ny,0.9,0.1\n", None).unwrap();
/// let c = calibrate(&f, &f.table.models()[0], 10).unwrap();
/// assert_eq!(c.classes[0][8].count, 2); // p(x) = 0.9: bin (0.8, 0.9]
/// assert!((c.error[0].unwrap() - 0.4).abs() < 1e-6); // observed ½ against 0.9
/// ```
pub fn calibrate(
    file: &ProbsFile,
    model: &ModelProbs,
    bins: usize,
) -> Result<ModelCalibration, ProbsViewError> {
    let mut job = CalibrationJob::new(file, model, bins)?;
    while !job.step(file, model, usize::MAX)? {}
    Ok(job.finish())
}

/// Items binned per step of a [`CalibrationJob`] by the page.
pub const CALIBRATION_ITEMS: usize = 100_000;

/// [`calibrate`] a slice of items at a time (the same bins whatever the slices).
///
/// ```
/// use ulab_state::probs::{calibration::{calibrate, CalibrationJob}, file::parse_probs};
/// let f = parse_probs("label,A:x,A:y\nx,0.9,0.1\ny,0.9,0.1\nx,0.3,0.7\n", None).unwrap();
/// let m = &f.table.models()[0];
/// let mut job = CalibrationJob::new(&f, m, 10).unwrap();
/// while !job.step(&f, m, 1).unwrap() {}
/// assert_eq!(job.finish(), calibrate(&f, m, 10).unwrap());
/// ```
#[derive(Debug, Clone)]
pub struct CalibrationJob {
    name: String,
    tally: ReliabilityTally,
    next: usize,
}

impl CalibrationJob {
    /// A job for `model` (one of the file's, or a recalibrated one) in `bins` bins.
    ///
    /// # Errors
    /// `bins` not in `1..=1000`.
    pub fn new(
        file: &ProbsFile,
        model: &ModelProbs,
        bins: usize,
    ) -> Result<CalibrationJob, ProbsViewError> {
        Ok(CalibrationJob {
            name: model.name().to_string(),
            tally: ReliabilityTally::new(file.table.n_classes(), bins)?,
            next: 0,
        })
    }

    /// Bins the next `max_items` items (at least one); whether every item is binned.
    ///
    /// # Errors
    /// `model` is not of the file's items.
    pub fn step(
        &mut self,
        file: &ProbsFile,
        model: &ModelProbs,
        max_items: usize,
    ) -> Result<bool, ProbsViewError> {
        let end = self
            .next
            .saturating_add(max_items.max(1))
            .min(file.table.n_items());
        self.tally.add_range(&file.table, model, self.next..end)?;
        self.next = end;
        Ok(self.next >= file.table.n_items())
    }

    /// The diagrams of the items binned.
    pub fn finish(self) -> ModelCalibration {
        let classes = self.tally.bins();
        ModelCalibration {
            name: self.name,
            error: classes.iter().map(|b| calibration_error(b)).collect(),
            classes,
        }
    }
}

/// The name of a model's recalibrated version.
pub fn recalibrated_name(name: &str) -> String {
    format!("{name} (recalibrated)")
}

/// The cross-fitted recalibration of one model, a step at a time: first each fold's fit, one
/// Newton iteration per step ([`Fitting`]), then [`APPLY_ITEMS`] items per step.
///
/// ```
/// use ulab_state::probs::{calibration::RecalibrationJob, file::parse_probs};
/// let f = parse_probs("label,A:x,A:y\nx,0.9,0.1\ny,0.8,0.2\nx,0.6,0.4\ny,0.3,0.7\nx,0.7,0.3\n", None).unwrap();
/// let mut job = RecalibrationJob::new(0);
/// while !job.step(&f).unwrap() {} // report job.progress() meanwhile
/// let r = job.finish(&f).unwrap();
/// assert_eq!((r.name(), r.n_items()), ("A (recalibrated)", 5));
/// ```
#[derive(Debug, Clone)]
pub struct RecalibrationJob {
    model: usize,
    fits: Vec<Scaling>,
    fitting: Option<Fitting>,
    values: Vec<f32>,
    next: usize,
}

impl RecalibrationJob {
    /// A job for the file's model `model`, with [`FOLDS`] folds.
    pub fn new(model: usize) -> RecalibrationJob {
        RecalibrationJob {
            model,
            fits: Vec::new(),
            fitting: None,
            values: Vec::new(),
            next: 0,
        }
    }

    /// Does the next step; whether the job is done.
    ///
    /// # Errors
    /// The model is not in the file.
    pub fn step(&mut self, file: &ProbsFile) -> Result<bool, ProbsViewError> {
        let t = &file.table;
        let model = t
            .models()
            .get(self.model)
            .ok_or_else(|| ProbsViewError::Core(format!("no model {}", self.model + 1)))?;
        if self.fits.len() < FOLDS {
            match &mut self.fitting {
                None => self.fitting = Some(fold_fitting(t, model, FOLDS, self.fits.len())?),
                Some(f) => {
                    if f.step() {
                        self.fits.push(f.scaling());
                        self.fitting = None;
                    }
                }
            }
            return Ok(false);
        }
        if self.next < t.n_items() {
            let cf = CrossFit {
                folds: self.fits.clone(),
            };
            let end = (self.next + APPLY_ITEMS).min(t.n_items());
            cf.apply_range(model, self.next..end, &mut self.values);
            self.next = end;
        }
        Ok(self.next >= t.n_items())
    }

    /// Steps done and steps in all.
    pub fn progress(&self, file: &ProbsFile) -> (usize, usize) {
        let items = file.table.n_items();
        (
            self.fits.len() + self.next.div_ceil(APPLY_ITEMS),
            FOLDS + items.div_ceil(APPLY_ITEMS),
        )
    }

    /// The recalibrated model (steps left are done first).
    ///
    /// # Errors
    /// As [`RecalibrationJob::step`].
    pub fn finish(mut self, file: &ProbsFile) -> Result<ModelProbs, ProbsViewError> {
        while !self.step(file)? {}
        let name = file
            .table
            .models()
            .get(self.model)
            .map(|m| recalibrated_name(m.name()))
            .unwrap_or_default();
        let cf = CrossFit { folds: self.fits };
        Ok(cf.model_from(&file.table, &name, self.values)?)
    }

    /// The fitted maps so far (fold `k`'s map is fitted on the other folds).
    pub fn fits(&self) -> &[Scaling] {
        &self.fits
    }
}

/// Every model of the file recalibrated, at once (for tests, `ulab` and small files).
///
/// # Errors
/// As [`RecalibrationJob::finish`].
pub fn recalibrate_all(file: &ProbsFile) -> Result<Vec<ModelProbs>, ProbsViewError> {
    (0..file.table.models().len())
        .map(|k| RecalibrationJob::new(k).finish(file))
        .collect()
}
