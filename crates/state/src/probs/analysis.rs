//! The decisions of every model under the app's utility matrix (and deployment shares): what
//! the view recomputes on every edit of the matrix (about 30 ms natively for 10⁶ items × 3
//! classes × 3 models; see [`ulab_probs::decide`]).
//!
//! ```
//! use ulab_core::UtilityMatrix;
//! use ulab_state::probs::{analysis::{analyse, RuleKind}, file::parse_probs};
//! let f = parse_probs("label,A:win,A:lose\nwin,0.2,0.8\nlose,0.2,0.8\nlose,0.2,0.8\n", None).unwrap();
//! let u = UtilityMatrix::parse("10,-1;0,0").unwrap(); // buy / not-buy
//! let r = analyse(&f, &[], &u, None).unwrap();
//! let rows = r.rows();
//! assert_eq!((rows[0].rule, rows[0].yield_per_item), (RuleKind::MostProbable, 0.0));
//! assert_eq!(rows[1].rule, RuleKind::Optimal); // buy: (10 − 1 − 1)/3
//! assert!((rows[1].yield_per_item - 8.0 / 3.0).abs() < 1e-12 && rows[1].best);
//! ```

use super::file::ProbsFile;
use std::borrow::Borrow;
use std::fmt;
use ulab_core::text::truncate;
use ulab_core::{CoreError, UtilityMatrix};
use ulab_probs::{Counts, Decider, ModelOutcome, ModelProbs, ProbError, RuleOutcome, Shares};

/// Why the decisions cannot be computed: the utility matrix or the shares do not fit the
/// file. `Display` is the user's message.
#[derive(Debug, Clone, PartialEq)]
pub enum ProbsViewError {
    /// The utility matrix's columns are not the file's classes, or it has fewer rows.
    UtilityShape {
        rows: usize,
        cols: usize,
        classes: usize,
    },
    /// Deployment shares that are not shares of the file's classes.
    Shares(String),
    /// Anything else the core refuses.
    Core(String),
}

impl fmt::Display for ProbsViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbsViewError::UtilityShape {
                rows,
                cols,
                classes,
            } => write!(
                f,
                "the utility matrix is {rows} × {cols}, but the file has {classes} classes: it \
                 needs {classes} columns (one per class, in the file's order) and at least \
                 {classes} rows (one decision per class, then any extra decisions)"
            ),
            ProbsViewError::Shares(m) => write!(f, "deployment shares: {m}"),
            ProbsViewError::Core(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for ProbsViewError {}

impl From<CoreError> for ProbsViewError {
    fn from(e: CoreError) -> ProbsViewError {
        ProbsViewError::Core(e.to_string())
    }
}

impl From<ProbError> for ProbsViewError {
    fn from(e: ProbError) -> ProbsViewError {
        ProbsViewError::Core(e.to_string())
    }
}

/// A decider for the file under `u` and optional deployment shares `π`.
///
/// # Errors
/// `u` does not fit the file's classes; `π` is not a vector of shares of its classes, or puts
/// a share on a class with no item.
pub fn decider(
    file: &ProbsFile,
    u: &UtilityMatrix,
    prevalence: Option<&[f64]>,
) -> Result<Decider, ProbsViewError> {
    let n = file.table.n_classes();
    if u.n_classes() != n || u.n_decisions() < n {
        return Err(ProbsViewError::UtilityShape {
            rows: u.n_decisions(),
            cols: u.n_classes(),
            classes: n,
        });
    }
    let shares = match prevalence {
        Some(pi) => Some(
            Shares::new(pi, file.table.class_counts()).map_err(|e| match e {
                CoreError::AbsentClass { class } => ProbsViewError::Shares(format!(
                    "class '{}' has no item in the file, so it cannot be given a share",
                    truncate(&file.classes[class], 30)
                )),
                other => ProbsViewError::Shares(other.to_string()),
            })?,
        ),
        None => None,
    };
    Ok(Decider::new(u, shares.as_ref())?)
}

/// Which rule a row of the decisions table is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleKind {
    /// The most probable class.
    MostProbable,
    /// The decision of maximal expected utility.
    Optimal,
    /// The decision of maximal expected utility on the recalibrated probabilities.
    Recalibrated,
}

impl RuleKind {
    /// The rule's name in the table and the exports.
    pub fn label(&self) -> &'static str {
        match self {
            RuleKind::MostProbable => "most probable class",
            RuleKind::Optimal => "optimal (max expected utility)",
            RuleKind::Recalibrated => "optimal, recalibrated",
        }
    }

    /// The rule's key in exports and links (`most_probable`, `optimal`, `recalibrated`).
    pub fn key(&self) -> &'static str {
        match self {
            RuleKind::MostProbable => "most_probable",
            RuleKind::Optimal => "optimal",
            RuleKind::Recalibrated => "recalibrated",
        }
    }
}

/// One model's results.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelReport {
    /// Its name.
    pub name: String,
    /// Both rules on its probabilities.
    pub outcome: ModelOutcome,
    /// The optimal rule on its recalibrated probabilities, when recalibrated.
    pub recalibrated: Option<RuleOutcome>,
    /// Rows of the file renormalized for it.
    pub renormalized: usize,
}

/// Every model's decisions.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Items of the test set.
    pub items: usize,
    /// The deployment shares used, if any.
    pub shares: Option<Vec<f64>>,
    /// The test set's class shares.
    pub test_shares: Vec<f64>,
    /// Per model, in the file's order.
    pub models: Vec<ModelReport>,
}

/// A row of the decisions table.
#[derive(Debug, Clone, PartialEq)]
pub struct DecisionRow {
    /// The model.
    pub model: usize,
    /// The rule.
    pub rule: RuleKind,
    /// Yield per item (at the deployment shares, if any).
    pub yield_per_item: f64,
    /// Total utility over the items.
    pub total: f64,
    /// What this rule gains per item over the same model's most probable class.
    pub gain: f64,
    /// Whether it is the best row of the table (the first, on ties).
    pub best: bool,
}

/// Decides every item of every model (and of the recalibrated models given, one per model or
/// none) under `u` and optional deployment shares: an [`AnalysisJob`] run at once.
///
/// # Errors
/// As [`decider`]; a recalibrated model of other items.
pub fn analyse(
    file: &ProbsFile,
    recalibrated: &[Option<ModelProbs>],
    u: &UtilityMatrix,
    prevalence: Option<&[f64]>,
) -> Result<Report, ProbsViewError> {
    let mut job = AnalysisJob::new(file, recalibrated, u, prevalence)?;
    while !job.step(file, recalibrated, usize::MAX)? {}
    job.finish(file)
}

/// Items decided per step of an [`AnalysisJob`] by the page (a few milliseconds).
pub const ANALYSIS_ITEMS: usize = 40_000;

/// [`analyse`] a slice of items at a time, so that a page can re-decide 10⁶ items without a
/// long task: [`AnalysisJob::step`] until it says done, then [`AnalysisJob::finish`]. The
/// models are decided in order (the file's, then the recalibrated ones), each in slices of
/// items; the counts, and so the report, are those of [`analyse`] whatever the slices.
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_probs::ModelProbs;
/// use ulab_state::probs::{analysis::{analyse, AnalysisJob}, file::parse_probs};
/// let f = parse_probs("label,A:x,A:y\nx,0.9,0.1\ny,0.6,0.4\ny,0.2,0.8\n", None).unwrap();
/// let u = UtilityMatrix::parse("1,-3;0,0").unwrap();
/// let mut job = AnalysisJob::new(&f, &[] as &[Option<ModelProbs>], &u, None).unwrap();
/// while !job.step(&f, &[] as &[Option<ModelProbs>], 1).unwrap() {} // report job.progress() meanwhile
/// assert_eq!(job.finish(&f).unwrap(), analyse(&f, &[], &u, None).unwrap());
/// ```
#[derive(Debug, Clone)]
pub struct AnalysisJob {
    decider: Decider,
    shares: Option<Vec<f64>>,
    /// Per model (the file's, then each recalibrated one given), its counts.
    counts: Vec<Counts>,
    /// Which of the file's models has a recalibrated version (its index among `counts`).
    recalibrated: Vec<Option<usize>>,
    model: usize,
    next: usize,
    items: usize,
}

impl AnalysisJob {
    /// A job for `file` (and the recalibrated models given, one per model or none) under `u`
    /// and optional deployment shares.
    ///
    /// # Errors
    /// As [`decider`].
    pub fn new<M: Borrow<ModelProbs>>(
        file: &ProbsFile,
        recalibrated: &[Option<M>],
        u: &UtilityMatrix,
        prevalence: Option<&[f64]>,
    ) -> Result<AnalysisJob, ProbsViewError> {
        let decider = decider(file, u, prevalence)?;
        let k = file.table.models().len();
        let mut extra = k;
        let recal = (0..k)
            .map(|m| {
                matches!(recalibrated.get(m), Some(Some(_))).then(|| {
                    extra += 1;
                    extra - 1
                })
            })
            .collect();
        Ok(AnalysisJob {
            counts: vec![Counts::new(&decider); extra],
            decider,
            shares: prevalence.map(<[f64]>::to_vec),
            recalibrated: recal,
            model: 0,
            next: 0,
            items: file.table.n_items(),
        })
    }

    /// The model whose counts are `counts[k]`.
    fn model_of<'a, M: Borrow<ModelProbs>>(
        &self,
        file: &'a ProbsFile,
        recalibrated: &'a [Option<M>],
        k: usize,
    ) -> Option<&'a ModelProbs> {
        file.table.models().get(k).or_else(|| {
            let m = self.recalibrated.iter().position(|r| *r == Some(k))?;
            recalibrated.get(m)?.as_ref().map(Borrow::borrow)
        })
    }

    /// Decides the next `max_items` items (at least one) of the model under way; whether
    /// every model is decided. `file` and `recalibrated` must be those of
    /// [`AnalysisJob::new`].
    ///
    /// # Errors
    /// A model that does not fit the file.
    pub fn step<M: Borrow<ModelProbs>>(
        &mut self,
        file: &ProbsFile,
        recalibrated: &[Option<M>],
        max_items: usize,
    ) -> Result<bool, ProbsViewError> {
        if self.model < self.counts.len() {
            let model = self
                .model_of(file, recalibrated, self.model)
                .ok_or_else(|| ProbsViewError::Core("a recalibrated model is missing".into()))?;
            let end = self.next.saturating_add(max_items.max(1)).min(self.items);
            self.counts[self.model].add_range(&file.table, model, &self.decider, self.next..end)?;
            self.next = end;
            if self.next >= self.items {
                self.model += 1;
                self.next = 0;
            }
        }
        Ok(self.model >= self.counts.len())
    }

    /// Items decided, and items to decide in all.
    pub fn progress(&self) -> (usize, usize) {
        (
            self.model * self.items + self.next,
            self.counts.len() * self.items,
        )
    }

    /// Whether the file's own models are decided (the recalibrated ones come after them): a
    /// page can show [`AnalysisJob::report`] then.
    pub fn own_done(&self) -> bool {
        self.model >= self.recalibrated.len()
    }

    /// The report (the steps left are not done: call it once [`AnalysisJob::step`] has said
    /// done).
    ///
    /// # Errors
    /// None for counts of a valid utility matrix.
    pub fn finish(self, file: &ProbsFile) -> Result<Report, ProbsViewError> {
        self.report(file)
    }

    /// The report of the models decided so far: each model's outcome once the file's models
    /// are done ([`AnalysisJob::own_done`]), a recalibrated model's once it is.
    ///
    /// # Errors
    /// None for counts of a valid utility matrix.
    pub fn report(&self, file: &ProbsFile) -> Result<Report, ProbsViewError> {
        let t = &file.table;
        let models = t
            .models()
            .iter()
            .enumerate()
            .map(|(k, m)| {
                let recal = match self.recalibrated.get(k).copied().flatten() {
                    Some(r) if r < self.model => {
                        Some(self.counts[r].outcome(&self.decider)?.optimal)
                    }
                    _ => None,
                };
                Ok(ModelReport {
                    name: m.name().to_string(),
                    outcome: self.counts[k].outcome(&self.decider)?,
                    recalibrated: recal,
                    renormalized: m.renormalized(),
                })
            })
            .collect::<Result<Vec<_>, CoreError>>()?;
        Ok(Report {
            items: t.n_items(),
            shares: self.shares.clone(),
            test_shares: t.class_shares(),
            models,
        })
    }
}

impl Report {
    /// The decisions table: per model its most probable class, its optimal decisions and,
    /// when recalibrated, the optimal decisions on the recalibrated probabilities; the best
    /// row marked.
    pub fn rows(&self) -> Vec<DecisionRow> {
        let mut rows = Vec::new();
        for (k, m) in self.models.iter().enumerate() {
            let base = m.outcome.most_probable.yield_per_item;
            let mut push = |rule, o: &RuleOutcome| {
                rows.push(DecisionRow {
                    model: k,
                    rule,
                    yield_per_item: o.yield_per_item,
                    total: o.total,
                    gain: o.yield_per_item - base,
                    best: false,
                })
            };
            push(RuleKind::MostProbable, &m.outcome.most_probable);
            push(RuleKind::Optimal, &m.outcome.optimal);
            if let Some(r) = &m.recalibrated {
                push(RuleKind::Recalibrated, r);
            }
        }
        let best = rows
            .iter()
            .enumerate()
            .fold(None, |b: Option<(usize, f64)>, (i, r)| match b {
                Some((_, y)) if y >= r.yield_per_item => b,
                _ => Some((i, r.yield_per_item)),
            });
        if let Some((i, _)) = best {
            rows[i].best = true;
        }
        rows
    }

    /// The outcome of `rule` for model `k`, if there is one.
    pub fn outcome(&self, k: usize, rule: RuleKind) -> Option<&RuleOutcome> {
        let m = self.models.get(k)?;
        match rule {
            RuleKind::MostProbable => Some(&m.outcome.most_probable),
            RuleKind::Optimal => Some(&m.outcome.optimal),
            RuleKind::Recalibrated => m.recalibrated.as_ref(),
        }
    }
}
