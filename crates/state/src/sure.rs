//! How sure a ranking from confusion counts is, given the size of the test sets: each
//! classifier's yield per item with its 90 % interval and the probability that it is the best
//! of the classifiers, under the Dirichlet(M + α) posterior of each confusion matrix's cells
//! (α = 1 per cell), the utility matrix as entered and the deployment shares in force — and how
//! many test items, at the same proportions, would make the most likely best the best with
//! probability 0.95. Every view that ranks from counts says it: Compare ([`compare_job`]),
//! Decide's remapped classifiers and ROC's operating points (their own modules build the job).
//!
//! One engine, the core's question ([`QuestionConfig::how_sure`], [`sure_summary`],
//! [`SettleSearch`]): the same draws as the Metric reliability view's own question with
//! `σ = 0`. The trivial "decide the same for every item" strategies are not in `P(best)`: their
//! yields depend on the class shares only, and each verdict says separately when one of them
//! beats the classifiers.
//!
//! [`SureJob`] does the work in steps of a bounded number of draws, so that the page can spread
//! it over frames; [`SureJob::run`] does it at once (tests, `ulab`). Seeded: a link always shows
//! the same numbers.

use crate::AppState;
use std::fmt;
use ulab_core::mc::question::{QuestionConfig, QuestionSlices, QuestionTally};
use ulab_core::mc::settle::{ItemsToSettle, Settle, SettleSearch, SettleStep, settle_wins};
use ulab_core::mc::sure::{Sure, sure_summary};
use ulab_core::text::{number, prose};
use ulab_core::{ConfusionMatrix, CoreError, DecisionCounts, Matrix, Orientation};

/// Why there is no answer (one line for the user).
#[derive(Debug, Clone, PartialEq)]
pub enum SureError {
    /// No classifier to rank.
    NoClassifier,
    /// What the core refused.
    Core(CoreError),
}

impl fmt::Display for SureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SureError::NoClassifier => write!(f, "no classifier to rank"),
            SureError::Core(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SureError {}

impl From<CoreError> for SureError {
    fn from(e: CoreError) -> SureError {
        SureError::Core(e)
    }
}

/// The answer: how sure each classifier's yield and rank are.
#[derive(Debug, Clone, PartialEq)]
pub struct SureReport {
    /// The classifiers' names, in order.
    pub names: Vec<String>,
    /// P(best), the 90 % intervals, the point yields.
    pub sure: Sure,
    /// How many test items would settle which is best.
    pub settle: ItemsToSettle,
    /// Each classifier's test-set size (counts), or the assumed size for fractions.
    pub test_items: Vec<f64>,
    /// The classifiers given as fractions, whose size was assumed ([`compare_job`]).
    pub assumed_size: Vec<String>,
}

/// Where a [`SureJob`] is.
#[derive(Debug, Clone)]
enum Phase {
    /// Drawing the posterior on the test sets as they are: the chunk under way, and the
    /// tally of the chunks before it.
    Draws(Box<QuestionSlices>, u64, Box<QuestionTally>),
    /// Searching for the test-set size that settles it; `eval`: the evaluation under way
    /// (its question, the next draw, the wins so far).
    Settle {
        sure: Sure,
        search: Box<SettleSearch>,
        eval: Option<(Box<QuestionConfig>, u64, f64)>,
    },
    /// Done.
    Done(Box<SureReport>),
}

/// The computation of a [`SureReport`] in steps.
#[derive(Debug, Clone)]
pub struct SureJob {
    config: QuestionConfig,
    names: Vec<String>,
    test_items: Vec<f64>,
    assumed_size: Vec<String>,
    /// `None` only within a step.
    phase: Option<Phase>,
}

/// The job for the state's classifiers (Compare): counts as they are; a classifier given as
/// fractions is read as `fraction × n` counts with the question panel's assumed test-set size
/// `n` (`qn`), and named in [`SureReport::assumed_size`].
///
/// # Errors
/// No classifier; what the core refuses.
///
/// # Examples
///
/// ```
/// use ulab_state::{sure::compare_job, AppState};
/// let r = compare_job(&AppState::default()).unwrap().run().unwrap();
/// assert!((r.sure.p_best[0] - 0.61).abs() < 0.03); // the factory: A on 100 items
/// assert_eq!(r.test_items, [100.0, 100.0]);
/// ```
pub fn compare_job(state: &AppState) -> Result<SureJob, SureError> {
    let problem = &state.problem;
    let n = state.mc.question.n as f64;
    let mut assumed_size = Vec::new();
    let mut counts = Vec::new();
    for (c, cm) in problem.classifiers().iter().zip(problem.confusions()) {
        match as_test_items(cm.counts(), cm.total(), cm.is_integer_counts(), n)? {
            None => counts.push(cm.clone()),
            Some(scaled) => {
                assumed_size.push(c.name.clone());
                counts.push(ConfusionMatrix::new(scaled, Orientation::OutputRows)?);
            }
        }
    }
    let mut decided = Vec::new();
    for (c, d) in problem.decided().iter().zip(problem.decided_counts()) {
        match as_test_items(d.counts(), d.total(), d.is_integer_counts(), n)? {
            None => decided.push(d.clone()),
            Some(scaled) => {
                assumed_size.push(c.name.clone());
                decided.push(DecisionCounts::new(scaled)?);
            }
        }
    }
    let mut config = QuestionConfig::how_sure(problem.utility().clone(), counts);
    config.decided = decided;
    config.prevalence = state.prevalence.clone();
    config.draws = draws_for(&config);
    SureJob::new(config, problem.all_names(), assumed_size)
}

/// A classifier's counts as the question draws from them: `None` when they are whole counts of
/// more than one item (as given), else the fractions scaled to the question's `n` test items,
/// `M_ij / N · n`.
fn as_test_items(m: &Matrix, total: f64, whole: bool, n: f64) -> Result<Option<Matrix>, CoreError> {
    if whole && total > 1.0 {
        return Ok(None);
    }
    m.map(|v| v / total * n).map(Some)
}

/// The number of draws of a page's question: about 2·10⁶ cells drawn in all
/// (`2·10⁶ / Σ_k n_k²`), from 2 000 (20 classes × 5 classifiers) to 20 000 (the factory:
/// P(best) within ±0.007 at 2 standard errors). Fixed by the problem's size, so that a link
/// always shows the same numbers.
///
/// # Examples
///
/// ```
/// use ulab_core::examples::{factory_classifiers, factory_utility};
/// use ulab_core::mc::question::QuestionConfig;
/// use ulab_state::sure::draws_for;
/// let [(_, a), (_, b)] = factory_classifiers();
/// assert_eq!(draws_for(&QuestionConfig::how_sure(factory_utility(), vec![a, b])), 20_000);
/// ```
pub fn draws_for(config: &QuestionConfig) -> u64 {
    (2_000_000 / cells_of(config) / 1000 * 1000).clamp(2_000, 20_000)
}

/// The cells of all the question's classifiers (at least 1): what one draw costs.
fn cells_of(config: &QuestionConfig) -> u64 {
    let square = config.classifiers.iter().map(|c| c.n() * c.n());
    let decided = config.decided.iter().map(|d| d.n_decisions() * d.n());
    square.chain(decided).map(|c| c as u64).sum::<u64>().max(1)
}

impl SureJob {
    /// The job of a question (`config`, σ = 0 as [`QuestionConfig::how_sure`] sets it) about
    /// the classifiers `names`, of which `assumed_size` were given as fractions.
    ///
    /// # Errors
    /// No classifier; what the core refuses.
    pub fn new(
        config: QuestionConfig,
        names: Vec<String>,
        assumed_size: Vec<String>,
    ) -> Result<SureJob, SureError> {
        if config.n_classifiers() == 0 {
            return Err(SureError::NoClassifier);
        }
        config.validate()?;
        let test_items = (config.classifiers.iter().map(ConfusionMatrix::total))
            .chain(config.decided.iter().map(DecisionCounts::total))
            .collect();
        let slices = QuestionSlices::new(&config, 0)?;
        let tally = Box::default();
        Ok(SureJob {
            config,
            names,
            test_items,
            assumed_size,
            phase: Some(Phase::Draws(Box::new(slices), 0, tally)),
        })
    }

    /// The cost of one draw, in cells: what a step's budget is measured in.
    pub fn cells_per_draw(&self) -> u64 {
        cells_of(&self.config)
    }

    /// Does at most `max_draws` posterior draws of the work left; the report once it is done.
    ///
    /// # Errors
    /// What the core refuses (should not happen for a job [`SureJob::new`] built).
    pub fn step(&mut self, max_draws: u64) -> Result<Option<&SureReport>, SureError> {
        let max_draws = max_draws.max(1);
        let next = match self.phase.take() {
            Some(Phase::Draws(mut slices, chunk, mut tally)) => {
                if !slices.step(max_draws) {
                    Phase::Draws(slices, chunk, tally)
                } else {
                    tally.merge(&slices.into_tally());
                    if chunk + 1 < self.config.chunks() {
                        let next = QuestionSlices::new(&self.config, chunk + 1)?;
                        Phase::Draws(Box::new(next), chunk + 1, tally)
                    } else {
                        let sure = sure_summary(&self.config, &tally)?;
                        let search = SettleSearch::new(&self.config, &sure)?;
                        Phase::Settle {
                            sure,
                            search: Box::new(search),
                            eval: None,
                        }
                    }
                }
            }
            Some(Phase::Settle { sure, search, eval }) => {
                self.settle_step(sure, search, eval, max_draws)?
            }
            Some(done @ Phase::Done(_)) => done,
            None => return Err(SureError::Core(CoreError::Invalid("a failed step".into()))),
        };
        self.phase = Some(next);
        Ok(match &self.phase {
            Some(Phase::Done(r)) => Some(r),
            _ => None,
        })
    }

    /// One step of the settle search: the next evaluation's draws, or the answer.
    fn settle_step(
        &self,
        sure: Sure,
        mut search: Box<SettleSearch>,
        eval: Option<(Box<QuestionConfig>, u64, f64)>,
        max_draws: u64,
    ) -> Result<Phase, SureError> {
        let (at, next, wins) = match eval {
            Some(e) => e,
            None => match search.next() {
                SettleStep::Done(settle) => {
                    return Ok(Phase::Done(Box::new(SureReport {
                        names: self.names.clone(),
                        settle: ItemsToSettle {
                            classifier: search.leader(),
                            settle,
                        },
                        sure,
                        test_items: self.test_items.clone(),
                        assumed_size: self.assumed_size.clone(),
                    })));
                }
                SettleStep::Evaluate { items } => (Box::new(search.config_at(items)?), 0, 0.0),
            },
        };
        let end = next.saturating_add(max_draws).min(at.draws);
        let wins = wins + settle_wins(&at, search.leader(), next..end)?;
        let eval = if end == at.draws {
            search.record(wins / at.draws as f64);
            None
        } else {
            Some((at, end, wins))
        };
        Ok(Phase::Settle { sure, search, eval })
    }

    /// Does all the work at once.
    ///
    /// # Errors
    /// As [`SureJob::step`].
    pub fn run(mut self) -> Result<SureReport, SureError> {
        loop {
            if let Some(r) = self.step(u64::MAX)? {
                return Ok(r.clone());
            }
        }
    }
}

impl SureReport {
    /// "on 100 test items", "on 100 to 120 test items" (the classifiers' sizes).
    pub fn test_items_phrase(&self) -> String {
        let lo = self
            .test_items
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min);
        let hi = self.test_items.iter().copied().fold(0.0, f64::max);
        let n = |v: f64| number(v, 0);
        if (hi - lo).abs() < 0.5 {
            format!("on {} test items", n(lo))
        } else {
            format!("on {} to {} test items", n(lo), n(hi))
        }
    }

    /// The verdict's sentences: how likely the most likely best is to be the best, and how
    /// many test items would settle it.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::{sure::compare_job, AppState};
    /// let r = compare_job(&AppState::default()).unwrap().run().unwrap();
    /// let s = r.sentences();
    /// assert!(s[0].starts_with("A is the best with probability 0.6"), "{}", s[0]);
    /// assert!(s[0].ends_with("on 100 test items: more test items would settle it."), "{}", s[0]);
    /// assert!(s[1].contains("test items per classifier, at the same proportions, would make A the best with probability 0.95"), "{}", s[1]);
    /// ```
    pub fn sentences(&self) -> Vec<String> {
        let k = self.settle.classifier;
        let name = &self.names[k];
        let p = self.sure.p_best[k];
        let on = self.test_items_phrase();
        let mut out = Vec::new();
        if self.names.len() == 1 {
            out.push(format!(
                "{name}'s yield per item lies between {} and {} with probability 0.9 {on}.",
                prose(self.sure.yields[0].low),
                prose(self.sure.yields[0].high)
            ));
            return out;
        }
        match self.settle.settle {
            Settle::AlreadySettled => out.push(format!(
                "{name} is the best with probability {} {on}.",
                probability(p)
            )),
            Settle::Settled { items } => {
                out.push(format!(
                    "{name} is the best with probability {} {on}: more test items would settle it.",
                    probability(p)
                ));
                out.push(format!(
                    "About {} test items per classifier, at the same proportions, would make \
                     {name} the best with probability 0.95.",
                    number(items as f64, 0)
                ));
            }
            Settle::Never => {
                out.push(format!(
                    "{name} is the best with probability {} {on}.",
                    probability(p)
                ));
                out.push(
                    "No number of test items would settle it: the best yields are equal (or \
                     another classifier would win in the long run)."
                        .into(),
                );
            }
        }
        if let Some(first) = self.assumed_size.first() {
            let k = self.names.iter().position(|n| n == first).unwrap_or(0);
            out.push(format!(
                "{} given as fractions: read as {} test items each (the assumed test-set size).",
                self.assumed_size.join(", "),
                number(self.test_items[k], 0)
            ));
        }
        out
    }
}

/// A probability for a reader: two decimals, `> 0.99` and `< 0.01` at the ends.
///
/// # Examples
///
/// ```
/// use ulab_state::sure::probability;
/// assert_eq!(probability(0.6123), "0.61");
/// assert_eq!(probability(0.9996), "> 0.99");
/// assert_eq!(probability(0.0), "< 0.01");
/// ```
pub fn probability(p: f64) -> String {
    if p > 0.995 {
        "> 0.99".into()
    } else if p < 0.005 {
        "< 0.01".into()
    } else {
        format!("{p:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::factory;

    #[test]
    fn steps_of_any_size_give_the_answer_at_once() {
        let whole = compare_job(&factory()).unwrap().run().unwrap();
        for budget in [1, 97, 1000, 4096] {
            let mut job = compare_job(&factory()).unwrap();
            let mut steps = 0;
            let report = loop {
                steps += 1;
                if let Some(r) = job.step(budget).unwrap() {
                    break r.clone();
                }
            };
            assert_eq!(report, whole, "budget {budget}");
            assert!(steps > 1, "budget {budget}: {steps} steps");
        }
        assert!(
            matches!(whole.settle.settle, Settle::Settled { items } if (2800..3500).contains(&items))
        );
    }

    #[test]
    fn more_items_make_it_surer_and_fractions_use_the_assumed_size() {
        let mut s = factory();
        let p100 = compare_job(&s).unwrap().run().unwrap().sure.p_best[0];
        s.change_problem(|p| {
            for c in &mut p.classifiers {
                c.matrix = c.matrix.map(|v| v * 10.0).unwrap();
            }
        })
        .unwrap();
        let p1000 = compare_job(&s).unwrap().run().unwrap().sure.p_best[0];
        assert!(p1000 > p100 + 0.1, "{p100} {p1000}");
        s.change_problem(|p| {
            for c in &mut p.classifiers {
                c.matrix = c.matrix.map(|v| v / 1000.0).unwrap();
            }
        })
        .unwrap();
        s.mc.question.n = 100;
        let r = compare_job(&s).unwrap().run().unwrap();
        assert_eq!(r.assumed_size, ["A", "B"]);
        assert_eq!(r.test_items, [100.0, 100.0]);
        assert!((r.sure.p_best[0] - p100).abs() < 1e-12);
        assert!(
            r.sentences()
                .last()
                .unwrap()
                .starts_with("A, B given as fractions")
        );
    }

    #[test]
    fn equal_classifiers_never_settle_and_no_classifier_is_an_error() {
        let mut s = factory();
        s.change_problem(|p| p.classifiers[1].matrix = p.classifiers[0].matrix.clone())
            .unwrap();
        let r = compare_job(&s).unwrap().run().unwrap();
        assert_eq!(r.settle.settle, Settle::Never);
        assert!(r.sentences()[1].starts_with("No number of test items"));
        s.change_problem(|p| p.classifiers.clear()).unwrap();
        assert_eq!(compare_job(&s).unwrap_err(), SureError::NoClassifier);
    }
}
