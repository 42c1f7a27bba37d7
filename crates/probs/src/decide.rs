//! Decisions from per-item probabilities (Dyrland et al. (draft) §3.3): for each item, the
//! **most probable class** `argmax_c p_c` (eq. 13; its decision is the class's row of the
//! utility matrix) and the **optimal decision** `argmax_d Σ_c U_dc p_c` (eq. 12), each with
//! its decision × class confusion matrix of counts and its utility yield.
//!
//! **Ties.** The first maximum wins, up to rounding: a class whose probability is within
//! [`PROB_TIE`] = 10⁻⁶ of the largest, a decision whose expected utility is within
//! [`UTILITY_TIE`]` · max |U|` of the largest, counts as a maximum. (The probabilities are held
//! in single precision, 6·10⁻⁸ relative; differences below these bounds are rounding, not the
//! model's.)
//!
//! **Speed.** A [`Decider`] holds the utility rows, the deployment ratios and the tolerance;
//! deciding an item allocates nothing ([`Scratch`]). Counts are whole numbers
//! ([`Counts`](super::Counts), in `counts`), added item by item, so a test set may be decided
//! in slices of items ([`Counts::add_range`](super::Counts::add_range)) and the slices merged
//! in any order.

use super::deploy::{Shares, deployed};
use serde::{Deserialize, Serialize};
use ulab_core::error::CoreError;
use ulab_core::matrix::Matrix;
use ulab_core::utility::UtilityMatrix;

/// Probabilities within this of the largest tie for the most probable class.
pub const PROB_TIE: f64 = 1e-6;

/// Expected utilities within this times `max |U_dc|` of the largest tie for the optimal
/// decision.
pub const UTILITY_TIE: f64 = 1e-6;

/// A decision rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// The most probable class (eq. 13), decision = the class's row.
    MostProbable,
    /// The decision of maximal expected utility (eq. 12).
    Optimal,
}

impl Rule {
    /// Both rules, most probable first.
    pub const BOTH: [Rule; 2] = [Rule::MostProbable, Rule::Optimal];
}

/// The buffers of one decision: reused from item to item.
#[derive(Debug, Clone)]
pub struct Scratch {
    q: Vec<f64>,
    eu: Vec<f64>,
}

/// Decides items for one utility matrix and, optionally, deployment shares.
#[derive(Debug, Clone)]
pub struct Decider {
    n: usize,
    n_d: usize,
    u: Vec<f64>,
    shares: Option<Shares>,
    /// The decisions for an item with no probability on a class of positive share.
    fallback: (usize, usize),
    tol: f64,
}

impl Decider {
    /// A decider for `u` (`n_d × n`, `n_d ≥ n`), with probabilities re-weighted to
    /// deployment `shares` by Bayes' rule, `p'_c ∝ p_c π_c / f_c`, when given. An item whose
    /// every probability falls on classes of share 0 has no evidence left: it is decided on
    /// `π` itself.
    ///
    /// # Errors
    /// Fewer decisions than classes; shares over another number of classes.
    ///
    /// # Examples
    ///
    /// A "refer" decision worth 0.8 whatever the class: the optimal decision for an item with
    /// `p = (0.55, 0.45)` is "refer", its most probable class is class 0.
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_probs::Decider;
    /// let u = UtilityMatrix::parse("1,0;0,1;0.8,0.8").unwrap();
    /// assert_eq!(Decider::new(&u, None).unwrap().decide(&[0.55, 0.45]), (0, 2));
    /// ```
    pub fn new(u: &UtilityMatrix, shares: Option<&Shares>) -> Result<Decider, CoreError> {
        let (n_d, n) = (u.n_decisions(), u.n_classes());
        if n_d < n {
            return Err(CoreError::DimensionMismatch {
                expected: format!("a utility matrix with at least {n} decisions (rows)"),
                found: format!("{n_d} × {n}"),
            });
        }
        if let Some(s) = shares
            && s.deployment().len() != n
        {
            return Err(CoreError::LengthMismatch {
                what: "deployment class shares",
                expected: n,
                found: s.deployment().len(),
            });
        }
        let scale = u.matrix().data().iter().fold(0.0f64, |m, v| m.max(v.abs()));
        let mut d = Decider {
            n,
            n_d,
            u: u.matrix().data().to_vec(),
            shares: shares.cloned(),
            fallback: (0, 0),
            tol: UTILITY_TIE * scale,
        };
        if let Some(s) = shares {
            let mut eu = vec![0.0; n_d];
            d.fallback = d.choose(s.deployment(), &mut eu);
        }
        Ok(d)
    }

    /// Number of classes.
    pub fn n_classes(&self) -> usize {
        self.n
    }

    /// Number of decisions.
    pub fn n_decisions(&self) -> usize {
        self.n_d
    }

    /// The deployment shares, if any.
    pub fn shares(&self) -> Option<&Shares> {
        self.shares.as_ref()
    }

    /// `U_dc`.
    pub fn utility(&self, d: usize, c: usize) -> f64 {
        self.u[d * self.n + c]
    }

    /// The buffers [`Decider::decide_into`] needs.
    pub fn scratch(&self) -> Scratch {
        Scratch {
            q: vec![0.0; self.n],
            eu: vec![0.0; self.n_d],
        }
    }

    /// One item's (most probable class, optimal decision) for its probabilities `p` (one per
    /// class, as a [`ModelProbs`](super::ModelProbs) holds them): with `q = p` (or `p'` under
    /// shares), `argmax_c q_c` and `argmax_d Σ_c U_dc q_c`, the first maximum on ties. Probabilities
    /// of another length than the classes' carry no evidence: such an item is decided as one
    /// with nothing left under the shares (on `π`; class 0 and decision 0 without shares).
    pub fn decide_into(&self, p: &[f32], s: &mut Scratch) -> (usize, usize) {
        if p.len() != self.n || s.q.len() != self.n || s.eu.len() != self.n_d {
            return self.fallback;
        }
        if !self.posterior(p, &mut s.q) {
            return self.fallback;
        }
        self.choose(&s.q, &mut s.eu)
    }

    /// [`Decider::decide_into`] with its own buffers (for one item; a loop should reuse a
    /// [`Scratch`]).
    pub fn decide(&self, p: &[f32]) -> (usize, usize) {
        self.decide_into(p, &mut self.scratch())
    }

    /// `q = p`, or `p'_c = p_c r_c / Σ p r` under shares; false if `Σ p r = 0` (no evidence).
    #[inline(always)]
    fn posterior(&self, p: &[f32], q: &mut [f64]) -> bool {
        match &self.shares {
            None => {
                for (q, &p) in q.iter_mut().zip(p) {
                    *q = f64::from(p);
                }
            }
            Some(sh) => {
                let mut z = 0.0;
                for ((q, &p), &r) in q.iter_mut().zip(p).zip(sh.ratios()) {
                    *q = f64::from(p) * r;
                    z += *q;
                }
                if !(z > 0.0) {
                    return false;
                }
                for q in q.iter_mut() {
                    *q /= z;
                }
            }
        }
        true
    }

    /// The most probable class and the optimal decision for `q`, with `eu` (one per decision)
    /// as buffer. Inlined into the loops of `Counts` with `q` an array of a size known at
    /// compile time (2–4 classes), so its loops unroll.
    #[inline(always)]
    pub(super) fn choose(&self, q: &[f64], eu: &mut [f64]) -> (usize, usize) {
        // Branch-free scans (maxima, then the first index within the tolerance, found from the
        // end): items are decided ~10⁷ times a second. Maxima by comparison, not `f64::max`:
        // in wasm that is a call to `fmax` (wasm's `f64.max` treats NaN otherwise), and six of
        // them a decision were 76 of an edit's 250 ms in the Probabilities view. A NaN is
        // skipped either way.
        let top = q
            .iter()
            .fold(f64::NEG_INFINITY, |m, &v| if v > m { v } else { m });
        let mut most_probable = 0;
        for (c, &v) in q.iter().enumerate().rev() {
            if v >= top - PROB_TIE {
                most_probable = c;
            }
        }
        let mut best = f64::NEG_INFINITY;
        for (e, row) in eu.iter_mut().zip(self.u.chunks_exact(q.len())) {
            let mut sum = 0.0;
            for (u, q) in row.iter().zip(q) {
                sum += u * q;
            }
            *e = sum;
            if sum > best {
                best = sum;
            }
        }
        let mut optimal = 0;
        for (d, &v) in eu.iter().enumerate().rev() {
            if v >= best - self.tol {
                optimal = d;
            }
        }
        (most_probable, optimal)
    }

    /// [`Decider::decide_into`] for `N` classes known at compile time (the loops unrolled).
    #[inline(always)]
    pub(super) fn decide_fixed<const N: usize>(
        &self,
        p: &[f32; N],
        eu: &mut [f64],
    ) -> (usize, usize) {
        let mut q = [0.0f64; N];
        if !self.posterior(p, &mut q) {
            return self.fallback;
        }
        self.choose(&q, eu)
    }
}

/// One rule's result on a test set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleOutcome {
    /// `M_dc`: items of true class `c` given decision `d` (rows = decisions), whole numbers.
    pub counts: Matrix,
    /// The counts re-weighted to the deployment shares, `M'_dc = M_dc·π_c/f_c` (total `N`);
    /// the counts themselves without shares.
    pub deployed: Matrix,
    /// The utility yield per item, `Σ_dc U_dc M'_dc / N`.
    pub yield_per_item: f64,
    /// The total utility over the `N` items, `Σ_dc U_dc M'_dc`.
    pub total: f64,
}

impl RuleOutcome {
    /// The outcome of the counts `m` under `decider`'s utilities and shares.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{Matrix, UtilityMatrix};
    /// use ulab_probs::{Decider, RuleOutcome};
    /// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
    /// let o = RuleOutcome::new(Matrix::parse("27,15;23,35").unwrap(), &Decider::new(&u, None).unwrap());
    /// assert!((o.yield_per_item - 3.5).abs() < 1e-12 && (o.total - 350.0).abs() < 1e-9);
    /// ```
    pub fn new(counts: Matrix, decider: &Decider) -> RuleOutcome {
        let deployed = deployed(&counts, decider.shares());
        let n = counts.sum();
        let total: f64 = deployed
            .data()
            .iter()
            .zip(&decider.u)
            .map(|(m, u)| m * u)
            .sum();
        RuleOutcome {
            counts,
            deployed,
            yield_per_item: if n > 0.0 { total / n } else { 0.0 },
            total,
        }
    }
}

/// Both rules' results for one model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelOutcome {
    /// The most probable class.
    pub most_probable: RuleOutcome,
    /// The optimal decision.
    pub optimal: RuleOutcome,
}

impl ModelOutcome {
    /// The outcome of `rule`.
    pub fn rule(&self, rule: Rule) -> &RuleOutcome {
        match rule {
            Rule::MostProbable => &self.most_probable,
            Rule::Optimal => &self.optimal,
        }
    }

    /// What the optimal rule gains per item over the most probable class (negative when it
    /// loses: miscalibrated probabilities).
    pub fn gain(&self) -> f64 {
        self.optimal.yield_per_item - self.most_probable.yield_per_item
    }
}
