//! Whole-number counts of both rules' decisions against the true classes ([`Counts`]),
//! added item by item or a range of items at a time; the loop that decides a range for 2–4
//! classes known at compile time; a model's or a table's decisions at once
//! ([`decide_model`], [`decide_all`]). The rules themselves are in `decide`.

use super::decide::{Decider, ModelOutcome, Rule, RuleOutcome};
use super::deploy::Shares;
use super::error::ProbError;
use super::table::{ModelProbs, ProbTable};
use ulab_core::error::CoreError;
use ulab_core::matrix::Matrix;
use ulab_core::utility::UtilityMatrix;

/// Whole-number counts `M_dc` of both rules' decisions against the true classes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counts {
    n: usize,
    n_d: usize,
    /// Most probable class, then optimal: `2 × n_d × n`, row-major per rule.
    m: Vec<u64>,
}

impl Counts {
    /// Zero counts for `decider`'s decisions and classes.
    pub fn new(decider: &Decider) -> Counts {
        Counts {
            n: decider.n_classes(),
            n_d: decider.n_decisions(),
            m: vec![0; 2 * decider.n_decisions() * decider.n_classes()],
        }
    }

    /// Adds one item of class `class` decided `(most_probable, optimal)`; an index beyond the
    /// counts' classes or decisions is not counted.
    #[inline]
    pub fn add(&mut self, class: usize, (most_probable, optimal): (usize, usize)) {
        let (n, k) = (self.n, self.n_d * self.n);
        if class >= n || most_probable >= self.n_d || optimal >= self.n_d {
            return;
        }
        self.m[most_probable * n + class] += 1;
        self.m[k + optimal * n + class] += 1;
    }

    /// Decides `model`'s items `range` (clamped to the table) and adds them.
    ///
    /// # Errors
    /// `model` or `decider` do not fit the table, or these counts.
    pub fn add_range(
        &mut self,
        table: &ProbTable,
        model: &ModelProbs,
        decider: &Decider,
        range: std::ops::Range<usize>,
    ) -> Result<(), CoreError> {
        table.check_model(model)?;
        if (decider.n_classes(), decider.n_decisions()) != (self.n, self.n_d)
            || self.n != table.n_classes()
        {
            return Err(CoreError::DimensionMismatch {
                expected: format!("{} classes, {} decisions", self.n, self.n_d),
                found: format!(
                    "{} classes, {} decisions",
                    decider.n_classes(),
                    decider.n_decisions()
                ),
            });
        }
        let end = range.end.min(table.n_items());
        let start = range.start.min(end);
        let truth = &table.truth()[start..end];
        let values = &model.values()[start * self.n..end * self.n];
        match self.n {
            2 => self.add_fixed::<2>(decider, truth, values),
            3 => self.add_fixed::<3>(decider, truth, values),
            4 => self.add_fixed::<4>(decider, truth, values),
            _ => {
                let mut s = decider.scratch();
                for (&class, p) in truth.iter().zip(values.chunks_exact(self.n)) {
                    self.add(usize::from(class), decider.decide_into(p, &mut s));
                }
            }
        }
        Ok(())
    }

    /// The loop of [`Counts::add_range`] for `N` classes known at compile time.
    fn add_fixed<const N: usize>(&mut self, decider: &Decider, truth: &[u16], values: &[f32]) {
        let mut eu = vec![0.0; decider.n_decisions()];
        for (&class, p) in truth.iter().zip(values.chunks_exact(N)) {
            if let Ok(p) = <&[f32; N]>::try_from(p) {
                self.add(usize::from(class), decider.decide_fixed(p, &mut eu));
            }
        }
    }

    /// Adds other counts of the same shape.
    pub fn merge(&mut self, other: &Counts) {
        for (a, b) in self.m.iter_mut().zip(&other.m) {
            *a += b;
        }
    }

    /// The counts of `rule`, `n_d × n`.
    ///
    /// # Errors
    /// None for counts made by [`Counts::new`] (their shape is a utility matrix's).
    pub fn matrix(&self, rule: Rule) -> Result<Matrix, CoreError> {
        let k = self.n_d * self.n;
        let part = match rule {
            Rule::MostProbable => &self.m[..k],
            Rule::Optimal => &self.m[k..],
        };
        Matrix::new(self.n_d, self.n, part.iter().map(|&v| v as f64).collect())
    }

    /// Both rules' outcomes under `decider`'s utilities and shares.
    ///
    /// # Errors
    /// As [`Counts::matrix`].
    pub fn outcome(&self, decider: &Decider) -> Result<ModelOutcome, CoreError> {
        Ok(ModelOutcome {
            most_probable: RuleOutcome::new(self.matrix(Rule::MostProbable)?, decider),
            optimal: RuleOutcome::new(self.matrix(Rule::Optimal)?, decider),
        })
    }
}

/// Decides every item of `model` with both rules: each rule's counts and yield.
///
/// # Errors
/// `model` or `decider` do not fit the table.
///
/// # Examples
///
/// The lottery (buy / not-buy × win / lose): a model that gives every ticket p(win) = 0.2;
/// 1 ticket in 5 wins. The most probable class is "lose" (not-buy: yield 0); buying is optimal,
/// `Ū_buy = 10·0.2 − 0.8 = 1.2`, and yields `(10·1 − 1·4)/5 = 1.2` per ticket.
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_probs::{decide_model, Decider, ProbTable};
/// let t = ProbTable::new(2, vec!["A".into()], vec![0, 1, 1, 1, 1], vec![[0.2, 0.8].repeat(5)]).unwrap();
/// let u = UtilityMatrix::parse("10,-1;0,0").unwrap();
/// let o = decide_model(&t, &t.models()[0], &Decider::new(&u, None).unwrap()).unwrap();
/// assert_eq!(o.most_probable.counts.to_string(), "0,0;1,4");
/// assert_eq!(o.optimal.counts.to_string(), "1,4;0,0");
/// assert!((o.optimal.yield_per_item - 1.2).abs() < 1e-12 && o.gain() > 1.19);
/// ```
pub fn decide_model(
    table: &ProbTable,
    model: &ModelProbs,
    decider: &Decider,
) -> Result<ModelOutcome, CoreError> {
    if decider.n_classes() != table.n_classes() {
        return Err(CoreError::DimensionMismatch {
            expected: format!("a utility matrix with {} columns", table.n_classes()),
            found: format!("{} × {}", decider.n_decisions(), decider.n_classes()),
        });
    }
    let mut counts = Counts::new(decider);
    counts.add_range(table, model, decider, 0..table.n_items())?;
    counts.outcome(decider)
}

/// [`decide_model`] for every model of the table, under `u` and optional deployment shares
/// `π` (re-weighted by Bayes' rule, yields at those shares).
///
/// # Errors
/// `u` does not fit the table's classes; bad shares (see [`Shares::new`]).
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_probs::{decide_all, ProbTable};
/// let t = ProbTable::new(2, vec!["A".into()], vec![0, 1], vec![vec![0.6, 0.4, 0.3, 0.7]]).unwrap();
/// let u = UtilityMatrix::identity(2).unwrap();
/// assert_eq!(decide_all(&t, &u, None).unwrap()[0].optimal.yield_per_item, 1.0);
/// // In deployment class 1 is 9 times as common: p' = (0.6·0.2, 0.4·1.8)/0.84 for item 1.
/// let o = decide_all(&t, &u, Some(&[0.1, 0.9])).unwrap();
/// assert_eq!(o[0].optimal.counts.to_string(), "0,0;1,1");
/// assert!((o[0].optimal.yield_per_item - 0.9).abs() < 1e-12);
/// ```
pub fn decide_all(
    table: &ProbTable,
    u: &UtilityMatrix,
    shares: Option<&[f64]>,
) -> Result<Vec<ModelOutcome>, ProbError> {
    let shares = match shares {
        Some(pi) => Some(Shares::new(pi, table.class_counts())?),
        None => None,
    };
    let decider = Decider::new(u, shares.as_ref())?;
    Ok(table
        .models()
        .iter()
        .map(|m| decide_model(table, m, &decider))
        .collect::<Result<Vec<_>, _>>()?)
}
