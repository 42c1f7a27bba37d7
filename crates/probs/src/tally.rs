//! Decisions of a test set read row by row and never held whole (`ulab decide --probs` on a
//! file larger than memory): each row is checked and renormalized as a [`ProbTable`] does
//! ([`normalize_row`]), stored in single precision as a table stores it, decided, and added to
//! whole-number counts — so the counts, yields and net benefits equal those of the same rows
//! held in a [`ProbTable`] ([`decide_all`], [`ThresholdCurve`]).
//!
//! Deployment shares need the test set's class shares before the first decision: read the
//! file once to count the classes ([`Tally::count_only`]), then again to decide.
//!
//! [`ProbTable`]: super::ProbTable
//! [`decide_all`]: super::decide_all
//! [`ThresholdCurve`]: super::curve::ThresholdCurve

use super::counts::Counts;
use super::curve::{class0, net_benefit, treat_all};
use super::decide::{Decider, ModelOutcome, Scratch};
use super::error::ProbError;
use super::table::check_item;
use serde::{Deserialize, Serialize};
use ulab_core::error::{CoreError, check_count};
use ulab_core::limits::{MAX_CLASSIFIERS, MAX_LIST};

/// The net benefit at one threshold probability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    /// `p_t`.
    pub threshold: f64,
    /// "Treat all" (decide class 0 for every item).
    pub treat_all: f64,
    /// Each model's net benefit.
    pub models: Vec<f64>,
}

/// Counts of items with `q ≥ t` for given thresholds, by a histogram over the sorted
/// thresholds.
#[derive(Debug, Clone)]
struct NetBenefits {
    /// The thresholds as given.
    given: Vec<f64>,
    /// Sorted ascending.
    sorted: Vec<f64>,
    /// `hist[(m·2 + c)·(T + 1) + j]`: items of model `m`, class `c` with exactly `j` thresholds
    /// at or below their `q`.
    hist: Vec<u64>,
}

/// The running counts of a test set read row by row.
#[derive(Debug, Clone)]
pub struct Tally {
    decider: Option<Decider>,
    n: usize,
    names: Vec<String>,
    counts: Vec<Counts>,
    class_counts: Vec<u64>,
    renormalized: Vec<usize>,
    curve: Option<NetBenefits>,
    row: Vec<f64>,
    single: Vec<f32>,
    scratch: Option<Scratch>,
}

impl Tally {
    /// A tally for the models `names` deciding with `decider` (its utilities and shares),
    /// and, for two classes, the net benefit at the thresholds `net_benefit` (each in
    /// `(0, 1)`, at most [`MAX_LIST`]).
    ///
    /// # Errors
    /// No model or more than [`MAX_CLASSIFIERS`]; thresholds with more than two classes, or
    /// outside `(0, 1)`.
    pub fn new(
        decider: Decider,
        names: Vec<String>,
        net_benefit: Option<&[f64]>,
    ) -> Result<Tally, CoreError> {
        let n = decider.n_classes();
        let mut t = Tally::count_only(n, names)?;
        if let Some(thresholds) = net_benefit {
            if n != 2 {
                return Err(CoreError::DimensionMismatch {
                    expected: "two classes for a decision curve".into(),
                    found: format!("{n} classes"),
                });
            }
            check_count("thresholds", thresholds.len(), 1, MAX_LIST)?;
            if let Some(&bad) = thresholds.iter().find(|&&v| !(v > 0.0 && v < 1.0)) {
                return Err(CoreError::InvalidParameter {
                    name: "threshold probability p_t",
                    value: bad,
                    expected: "0 < p_t < 1",
                });
            }
            let mut sorted = thresholds.to_vec();
            ulab_core::order::sort_ascending(&mut sorted);
            let bins = sorted.len() + 1;
            t.curve = Some(NetBenefits {
                given: thresholds.to_vec(),
                sorted,
                hist: vec![0; t.names.len() * 2 * bins],
            });
        }
        t.counts = t.names.iter().map(|_| Counts::new(&decider)).collect();
        t.scratch = Some(decider.scratch());
        t.decider = Some(decider);
        Ok(t)
    }

    /// A tally that only checks the rows and counts the classes (the first pass before
    /// deployment shares).
    ///
    /// # Errors
    /// Fewer than 2 or more than 100 classes; no model or more than [`MAX_CLASSIFIERS`].
    pub fn count_only(n_classes: usize, names: Vec<String>) -> Result<Tally, CoreError> {
        check_count("classes", n_classes, 2, ulab_core::limits::MAX_CLASSES)?;
        check_count("models", names.len(), 1, MAX_CLASSIFIERS)?;
        Ok(Tally {
            decider: None,
            n: n_classes,
            renormalized: vec![0; names.len()],
            names,
            counts: Vec::new(),
            class_counts: vec![0; n_classes],
            curve: None,
            row: Vec::new(),
            single: vec![0.0; n_classes],
            scratch: None,
        })
    }

    /// Items so far.
    pub fn items(&self) -> usize {
        self.class_counts.iter().sum::<u64>() as usize
    }

    /// `N_c` so far.
    pub fn class_counts(&self) -> &[u64] {
        &self.class_counts
    }

    /// Rows renormalized so far, per model.
    pub fn renormalized(&self) -> &[usize] {
        &self.renormalized
    }

    /// Adds an item of true class `class` with every model's probabilities, model after model
    /// (`n` each): checked and renormalized as [`ProbTableBuilder::push`](super::ProbTableBuilder::push)
    /// does, then decided and counted. On error nothing is added.
    ///
    /// # Errors
    /// As [`ProbTableBuilder::push`](super::ProbTableBuilder::push), without its cap.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_probs::{tally::Tally, Decider};
    /// let d = Decider::new(&UtilityMatrix::parse("10,-1;0,0").unwrap(), None).unwrap();
    /// let mut t = Tally::new(d, vec!["A".into()], Some(&[0.1, 0.5])).unwrap();
    /// for class in [0, 1, 1, 1, 1] {
    ///     t.push(class, &[0.2, 0.8]).unwrap();
    /// }
    /// assert!((t.outcomes().unwrap()[0].optimal.yield_per_item - 1.2).abs() < 1e-12);
    /// let c = t.decision_curve().unwrap();
    /// assert!((c[0].models[0] - (0.2 - 0.8 / 9.0)).abs() < 1e-12); // all treated at 0.1
    /// assert_eq!(c[1].models[0], 0.0); // none at 0.5
    /// ```
    pub fn push(&mut self, class: usize, probs: &[f64]) -> Result<(), ProbError> {
        let (n, item) = (self.n, self.items());
        let renormalized = check_item((item, class, n), probs, &mut self.row, &self.names)?;
        for (k, r) in self.renormalized.iter_mut().enumerate() {
            *r += usize::from(renormalized[k]);
        }
        self.class_counts[class] += 1;
        if let (Some(d), Some(s)) = (&self.decider, &mut self.scratch) {
            for (k, p) in self.row.chunks_exact(n).enumerate() {
                for (x, &v) in self.single.iter_mut().zip(p) {
                    *x = v as f32;
                }
                self.counts[k].add(class, d.decide_into(&self.single, s));
                if let Some(c) = &mut self.curve {
                    let w = d
                        .shares()
                        .map_or([1.0, 1.0], |s| [s.ratios()[0], s.ratios()[1]]);
                    let pi0 = d.shares().map_or(0.0, |s| s.deployment()[0]);
                    let q = f64::from(class0(&self.single, w, pi0));
                    let j = c.sorted.partition_point(|&t| t <= q);
                    c.hist[(k * 2 + class) * (c.sorted.len() + 1) + j] += 1;
                }
            }
        }
        Ok(())
    }

    /// Each model's outcomes (both rules) so far.
    ///
    /// # Errors
    /// A count-only tally.
    pub fn outcomes(&self) -> Result<Vec<ModelOutcome>, CoreError> {
        let d = self.decider.as_ref().ok_or(CoreError::Empty)?;
        self.counts.iter().map(|c| c.outcome(d)).collect()
    }

    /// The decision curve at the thresholds given, in their order: "treat all" and each
    /// model's net benefit, re-weighted to the decider's shares. `None` without thresholds.
    pub fn decision_curve(&self) -> Option<Vec<CurvePoint>> {
        let c = self.curve.as_ref()?;
        let d = self.decider.as_ref()?;
        let n_items = self.items().max(1) as f64;
        let (w, pi0) = match d.shares() {
            Some(s) => ([s.ratios()[0], s.ratios()[1]], s.deployment()[0]),
            None => ([1.0, 1.0], self.class_counts[0] as f64 / n_items),
        };
        let bins = c.sorted.len() + 1;
        Some(
            c.given
                .iter()
                .map(|&t| {
                    // Items whose q is at or above t have more than `i` thresholds below them.
                    let i = c.sorted.partition_point(|&s| s < t);
                    let treated = |m: usize, class: usize| -> f64 {
                        let h = &c.hist[(m * 2 + class) * bins..(m * 2 + class + 1) * bins];
                        h[i + 1..].iter().sum::<u64>() as f64
                    };
                    CurvePoint {
                        threshold: t,
                        treat_all: treat_all(pi0, t).unwrap_or(0.0),
                        models: (0..self.names.len())
                            .map(|m| {
                                let tp = w[0] * treated(m, 0) / n_items;
                                let fp = w[1] * treated(m, 1) / n_items;
                                net_benefit(tp, fp, t).unwrap_or(0.0)
                            })
                            .collect(),
                    }
                })
                .collect(),
        )
    }
}
