//! How sure: the paired Bayesian bootstrap over the file's items
//! ([`ulab_probs::bootstrap`]) for every model and rule — its arms, their names, and the
//! sentences that read its summary.
//!
//! The page builds the [`Bootstrap`] once for the utility matrix and shares (linear in the
//! items: ~80 ms natively for 10⁶ items × 3 models; in the web worker), then asks for slices of
//! resamples ([`Bootstrap::run`]) with progress and cancel, and merges them
//! ([`Draws::extend`](ulab_probs::bootstrap::Draws::extend)); the summary is the same
//! whatever the slices.

use super::analysis::{ProbsViewError, RuleKind, decider};
use super::file::ProbsFile;
use ulab_core::UtilityMatrix;
use ulab_core::text::{fixed, prose};
use ulab_probs::bootstrap::{Bootstrap, BootstrapBuilder, Draws, MAX_RESAMPLES, Summary};
use ulab_probs::{Decider, ModelProbs};

/// Resamples of a run by default.
pub const RESAMPLES: u64 = 1000;

/// Why the comparison is paired, in the page's words.
pub const WHY_PAIRED: &str = "The models decided the same items, so every resample weighs the \
    same items for every model: the difference between two models is then measured on the \
    items where they decide differently, and P(A yields more than B) is much surer than two \
    separate intervals suggest.";

/// The bootstrap of `file`'s models (and of the recalibrated ones given, after them), both
/// rules each, under `u` and optional deployment shares; and each arm's name.
///
/// # Errors
/// `u` or the shares do not fit the file.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{file::parse_probs, howsure::{bootstrap, RESAMPLES}};
/// let f = parse_probs("y,A,B\n1,0.9,0.6\n0,0.6,0.2\n1,0.4,0.7\n0,0.2,0.1\n", None).unwrap();
/// let (b, names) = bootstrap(&f, &[], &UtilityMatrix::identity(2).unwrap(), None, 7).unwrap();
/// assert_eq!(names[3], "B, optimal (max expected utility)");
/// let s = b.run(0..RESAMPLES).summary();
/// assert!(s.better(3, 1) > 0.5); // B is right on all four items, A on two
/// ```
pub fn bootstrap(
    file: &ProbsFile,
    recalibrated: &[ModelProbs],
    u: &UtilityMatrix,
    prevalence: Option<&[f64]>,
    seed: u64,
) -> Result<(Bootstrap, Vec<String>), ProbsViewError> {
    let d = decider(file, u, prevalence)?;
    let models = all_models(file, recalibrated);
    let b = Bootstrap::new(&file.table, &models, &d, seed)?;
    Ok((b, arm_names(&models)))
}

/// Items grouped per step of a [`BootstrapJob`] (a few milliseconds for a few models).
pub const GROUP_ITEMS: usize = 20_000;

/// The work of one step of resamples, in group × arm operations.
const RESAMPLE_WORK: usize = 200_000;

/// The paired bootstrap of [`bootstrap`], a step at a time, so that a page can run 1000
/// resamples of 10⁶ items with progress and cancel: the items are grouped [`GROUP_ITEMS`] a
/// step, then resampled a bounded number of resamples a step. The summary is that of
/// [`bootstrap`]'s [`Bootstrap::run`] over the same resamples, whatever the steps.
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{file::parse_probs, howsure::{bootstrap, BootstrapJob}};
/// let f = parse_probs("y,A,B\n1,0.9,0.6\n0,0.6,0.2\n1,0.4,0.7\n0,0.2,0.1\n", None).unwrap();
/// let u = UtilityMatrix::identity(2).unwrap();
/// let mut job = BootstrapJob::new(&f, &[], &u, None, 7, 200).unwrap();
/// while !job.step(&f, &[]).unwrap() {} // report job.progress() meanwhile
/// let (b, _) = bootstrap(&f, &[], &u, None, 7).unwrap();
/// assert_eq!(job.summary(), b.run(0..200).summary());
/// ```
#[derive(Debug, Clone)]
pub struct BootstrapJob {
    /// Grouping the items; then `None`, and the bootstrap is in `boot`.
    builder: Option<BootstrapBuilder>,
    boot: Option<Bootstrap>,
    decider: Decider,
    names: Vec<String>,
    draws: Draws,
    next: u64,
    resamples: u64,
}

impl BootstrapJob {
    /// A job of `resamples` resamples (at most [`MAX_RESAMPLES`]) over `file`'s models and
    /// the recalibrated ones given (after them), both rules each.
    ///
    /// # Errors
    /// As [`bootstrap`].
    pub fn new(
        file: &ProbsFile,
        recalibrated: &[ModelProbs],
        u: &UtilityMatrix,
        prevalence: Option<&[f64]>,
        seed: u64,
        resamples: u64,
    ) -> Result<BootstrapJob, ProbsViewError> {
        let decider = decider(file, u, prevalence)?;
        let models = all_models(file, recalibrated);
        let builder = BootstrapBuilder::new(&file.table, &models, &decider, seed)?;
        Ok(BootstrapJob {
            builder: Some(builder),
            boot: None,
            names: arm_names(&models),
            decider,
            draws: Draws::default(),
            next: 0,
            resamples: resamples.min(MAX_RESAMPLES),
        })
    }

    /// Does the next step; whether the job is done. `file` and `recalibrated` must be those
    /// of [`BootstrapJob::new`].
    ///
    /// # Errors
    /// Other models than those the job was started with.
    pub fn step(
        &mut self,
        file: &ProbsFile,
        recalibrated: &[ModelProbs],
    ) -> Result<bool, ProbsViewError> {
        if let Some(b) = &mut self.builder {
            let models = all_models(file, recalibrated);
            if b.step(&file.table, &models, &self.decider, GROUP_ITEMS)? {
                self.boot = self.builder.take().map(BootstrapBuilder::finish);
            }
        } else if let Some(b) = &self.boot {
            let work = b.n_groups() * (b.arms().len() + 4);
            let k = (RESAMPLE_WORK / work.max(1)).max(1) as u64;
            let end = (self.next + k).min(self.resamples);
            self.draws.extend(&b.run(self.next..end));
            self.next = end;
        }
        Ok(self.is_done())
    }

    /// Whether every resample is drawn.
    pub fn is_done(&self) -> bool {
        self.boot.is_some() && self.next >= self.resamples
    }

    /// The share of the work done, 0 to 1 (grouping the items counts as much as the
    /// resamples).
    pub fn progress(&self) -> f64 {
        match &self.builder {
            Some(b) => {
                let (done, all) = b.progress();
                0.5 * done as f64 / all.max(1) as f64
            }
            None => 0.5 + 0.5 * self.next as f64 / self.resamples.max(1) as f64,
        }
    }

    /// The resamples drawn so far.
    pub fn resamples_done(&self) -> u64 {
        self.next
    }

    /// The arms' names ("A, most probable class", …), in order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Each arm's yield on the test set itself (empty until the items are grouped).
    pub fn observed(&self) -> Vec<f64> {
        self.boot
            .as_ref()
            .map(Bootstrap::observed)
            .unwrap_or_default()
    }

    /// The summary of the resamples drawn so far.
    pub fn summary(&self) -> Summary {
        self.draws.summary()
    }
}

/// The file's models, then the recalibrated ones.
fn all_models<'a>(file: &'a ProbsFile, recalibrated: &'a [ModelProbs]) -> Vec<&'a ModelProbs> {
    file.table.models().iter().chain(recalibrated).collect()
}

/// Each arm's name: "MODEL, rule" (two arms per model; a recalibrated model's name says so).
fn arm_names(models: &[&ModelProbs]) -> Vec<String> {
    models
        .iter()
        .flat_map(|m| {
            [RuleKind::MostProbable, RuleKind::Optimal]
                .map(|kind| format!("{}, {}", m.name(), kind.label()))
        })
        .collect()
}

/// The sentences of a summary: the best arm by its observed yield with its 90 % interval, and
/// how sure it beats each other model's best rule; then why paired.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{file::parse_probs, howsure::{bootstrap, sentences}};
/// let f = parse_probs("y,A,B\n1,0.9,0.6\n0,0.6,0.2\n1,0.4,0.7\n0,0.2,0.1\n", None).unwrap();
/// let (b, names) = bootstrap(&f, &[], &UtilityMatrix::identity(2).unwrap(), None, 7).unwrap();
/// let s = sentences(&b.run(0..1000).summary(), &names, &b.observed());
/// assert!(s[0].starts_with("B, most probable class yields 1 per item (90 % interval 1 to 1)"), "{}", s[0]);
/// ```
pub fn sentences(summary: &Summary, names: &[String], observed: &[f64]) -> Vec<String> {
    let a = names.len().min(observed.len()).min(summary.arms.len());
    let Some(best) = (0..a).reduce(|b, k| if observed[k] > observed[b] { k } else { b }) else {
        return vec![WHY_PAIRED.to_string()];
    };
    let s = summary.arms[best];
    let mut out = vec![format!(
        "{} yields {} per item (90 % interval {} to {}).",
        names[best],
        prose(observed[best]),
        prose(s.lo),
        prose(s.hi)
    )];
    // Each other model: its best arm (arms come two per model).
    for m in (0..a / 2).filter(|&m| m != best / 2) {
        let k = if observed[2 * m + 1] > observed[2 * m] {
            2 * m + 1
        } else {
            2 * m
        };
        let d = summary.difference[best * summary.arms.len() + k];
        out.push(format!(
            "P(it yields more than {}) = {}; the difference is {} per item (90 % interval {} \
             to {}).",
            names[k],
            fixed(summary.better(best, k), 3),
            prose(observed[best] - observed[k]),
            prose(d.lo),
            prose(d.hi)
        ));
    }
    out.push(WHY_PAIRED.to_string());
    out
}
