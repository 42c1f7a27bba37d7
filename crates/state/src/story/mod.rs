//! The factory story of Dyrland et al. 2022, §0 as a guided walk (the Story view): its steps,
//! its matrices, and every number it shows, computed by the core.
//!
//! The matrices are those of the presets ([`super::presets`]), so that the story and its
//! "try it yourself" links show the same numbers: classifiers A and B (eqs. 1–2, counts out
//! of 100), the factory's utilities (eq. 4), the variant (eq. 5) and the medical case (eq. 6).
//! Pure and tested natively; the UI (`crates/ui/src/story/`) only words and lays the numbers out.
//!
//! One view's pure logic: the steps and the story's numbers; its link key is [`link`], the
//! metrics it counts (Compare's, [`metrics`]) are in their own module, its tests in `tests.rs`.

use super::compare::verdict::{TrivialWhy, trivial_why};
use super::presets::{self, preset};
use ulab_core::{ConfusionMatrix, UtilityMatrix};

pub mod link;
pub mod metrics;

pub use link::{LINK_KEYS, STORY_STEPS};
pub use metrics::{MetricRow, TABLE1, Table1Metric};

/// One step of the walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepInfo {
    /// A word or two, for the list of steps.
    pub short: &'static str,
    /// The step's heading.
    pub title: &'static str,
}

/// The steps, in order (`step=1` in a link is the first).
pub const STEPS: [StepInfo; STORY_STEPS] = [
    StepInfo {
        short: "The factory",
        title: "A factory, two classifiers",
    },
    StepInfo {
        short: "The metrics",
        title: "What the metrics say",
    },
    StepInfo {
        short: "The verdict",
        title: "The majority's verdict",
    },
    StepInfo {
        short: "The utilities",
        title: "What each decision is worth",
    },
    StepInfo {
        short: "The yields",
        title: "The trial: what each classifier earns",
    },
    StepInfo {
        short: "The variant",
        title: "Intuition fails too",
    },
    StepInfo {
        short: "The clinic",
        title: "When lives are at stake",
    },
    StepInfo {
        short: "Try it",
        title: "The lesson — and try it yourself",
    },
];

/// The link fragment (without `#`) that opens step `step` (0-based) of the story.
///
/// # Examples
///
/// ```
/// use ulab_state::story::step_fragment;
/// assert_eq!(step_fragment(0, false), "view=story&step=1");
/// assert_eq!(step_fragment(4, true), "view=story&step=5&embed=1");
/// ```
pub fn step_fragment(step: usize, embed: bool) -> String {
    let step = step.min(STORY_STEPS - 1) + 1;
    if embed {
        format!("view=story&step={step}&embed=1")
    } else {
        format!("view=story&step={step}")
    }
}

/// The fragment of the preset `id` (`factory`, `variant`, `medical`): the story's matrices in
/// the Compare view.
pub fn compare_fragment(id: &str) -> &'static str {
    preset(id)
        .map(|p| p.fragment)
        .unwrap_or(presets::PRESETS[0].fragment)
}

/// A classifier's yield written out term by term (eq. 10): `Σ_ij U_ij C_ij`.
#[derive(Debug, Clone, PartialEq)]
pub struct Breakdown {
    /// `(U_ij, C_ij, U_ij·C_ij)` row by row: (0,0), (0,1), (1,0), (1,1).
    pub terms: Vec<(f64, f64, f64)>,
    /// The yield per item, from [`UtilityMatrix::yield_of`].
    pub yield_value: f64,
    /// The total over the test set, from [`UtilityMatrix::total_yield_of`].
    pub total: f64,
}

/// Why one utility matrix prefers A and another B (Dyrland et al. 2022, eq. 15): on a fixed test set only
/// the two correct cells vary, and each weighs by how much a right decision beats a wrong one
/// for its class.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tradeoff {
    /// `U00 − U10`: what a right "long" is worth more than a wrong one.
    pub weight_long: f64,
    /// `U11 − U01`: what a right "short" is worth more than a wrong one.
    pub weight_short: f64,
    /// `C00(B) − C00(A)`: the share of components B gets right as "long" and A does not.
    pub b_more_long: f64,
    /// `C11(A) − C11(B)`: the share A gets right as "short" and B does not.
    pub a_more_short: f64,
}

impl Tradeoff {
    /// What B gains over A per component on "long": `weight_long · b_more_long`.
    pub fn b_edge(&self) -> f64 {
        self.weight_long * self.b_more_long
    }

    /// What A gains over B per component on "short": `weight_short · a_more_short`.
    pub fn a_edge(&self) -> f64 {
        self.weight_short * self.a_more_short
    }
}

/// The story's data: classifiers A and B, the class names, and the three utility matrices.
#[derive(Debug, Clone, PartialEq)]
pub struct Story {
    /// Classifier names (`A`, `B`).
    pub names: [String; 2],
    /// Their confusion matrices (counts; rows = output, columns = true class).
    pub cms: [ConfusionMatrix; 2],
    /// Class names (`long`, `short`).
    pub classes: [String; 2],
    /// Class names of the medical case (`type 0`, `type 1`).
    pub medical_classes: [String; 2],
    /// The factory's utilities, € per component (eq. 4).
    pub factory: UtilityMatrix,
    /// The variant (eq. 5).
    pub variant: UtilityMatrix,
    /// Remaining life in months (eq. 6).
    pub medical: UtilityMatrix,
    /// The metrics of A and B the story counts: the Compare view's ([`metrics::metric_rows`]).
    pub metrics: Vec<MetricRow>,
}

impl Default for Story {
    fn default() -> Self {
        Story::new()
    }
}

impl Story {
    /// The story, read from the presets `factory`, `variant` and `medical`.
    ///
    /// # Panics
    /// Never for the presets shipped (a test decodes them).
    pub fn new() -> Story {
        let state = |id: &str| crate::link::decode(compare_fragment(id)).state;
        let f = state("factory");
        let m = state("medical");
        let cm = |k: usize| {
            f.classifiers()[k]
                .confusion()
                .expect("the factory preset's matrices are valid")
        };
        let u = |s: &super::AppState| s.utility_matrix().clone();
        Story {
            names: [
                f.classifiers()[0].name.clone(),
                f.classifiers()[1].name.clone(),
            ],
            cms: [cm(0), cm(1)],
            classes: [f.classes()[0].clone(), f.classes()[1].clone()],
            factory: u(&f),
            variant: u(&state("variant")),
            medical: u(&m),
            medical_classes: [m.classes()[0].clone(), m.classes()[1].clone()],
            metrics: metrics::metric_rows(&f),
        }
    }

    /// Each metric for A and B, and which one it favours: the metrics of Table 1 of the paper,
    /// then those the Compare view shows besides (the same set as Compare's, and its verdict).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::story::Story;
    /// let s = Story::new();
    /// let rows = s.metrics();
    /// assert_eq!(rows.len(), 12);
    /// assert_eq!(rows.iter().filter(|r| r.in_table1).count(), 8);
    /// assert_eq!(format!("{:.2}", rows[4].values[1]), "0.51"); // MCC of B
    /// ```
    pub fn metrics(&self) -> &[MetricRow] {
        &self.metrics
    }

    /// How many of the story's metrics favour A and how many B.
    pub fn votes(&self) -> [usize; 2] {
        let mut votes = [0, 0];
        for row in self.metrics() {
            if let Some(k) = row.favoured {
                votes[k] += 1;
            }
        }
        votes
    }

    /// The classifier most metrics favour (the developers' recommendation).
    pub fn majority(&self) -> usize {
        let v = self.votes();
        usize::from(v[1] > v[0])
    }

    /// The yields of A and B under `u`.
    pub fn yields(&self, u: &UtilityMatrix) -> [f64; 2] {
        let y = |k: usize| u.yield_of(&self.cms[k]).unwrap_or(f64::NAN);
        [y(0), y(1)]
    }

    /// The classifier with the higher yield under `u`.
    pub fn best(&self, u: &UtilityMatrix) -> usize {
        let y = self.yields(u);
        usize::from(y[1] > y[0])
    }

    /// Classifier `k`'s yield under `u`, term by term.
    pub fn breakdown(&self, u: &UtilityMatrix, k: usize) -> Breakdown {
        let cm = &self.cms[k];
        let mut terms = Vec::with_capacity(4);
        for i in 0..2 {
            for j in 0..2 {
                let (uij, cij) = (u.get(i, j), cm.c(i, j));
                terms.push((uij, cij, uij * cij));
            }
        }
        Breakdown {
            terms,
            yield_value: u.yield_of(cm).unwrap_or(f64::NAN),
            total: u.total_yield_of(cm).unwrap_or(f64::NAN),
        }
    }

    /// Why `u` prefers the classifier it does (eq. 15).
    pub fn tradeoff(&self, u: &UtilityMatrix) -> Tradeoff {
        let [a, b] = &self.cms;
        Tradeoff {
            weight_long: u.get(0, 0) - u.get(1, 0),
            weight_short: u.get(1, 1) - u.get(0, 1),
            b_more_long: b.c(0, 0) - a.c(0, 0),
            a_more_short: a.c(1, 1) - b.c(1, 1),
        }
    }

    /// The constant `b` with medical = factory + `b` (eq. 6 vs eq. 4: 335), if the two are
    /// equivalent (eq. 11) with a unit factor.
    pub fn medical_shift(&self) -> Option<f64> {
        if !self.factory.is_equivalent(&self.medical, 1e-9) {
            return None;
        }
        let b = self.medical.get(0, 0) - self.factory.get(0, 0);
        let shifted = self.factory.affine(1.0, b).ok()?;
        shifted
            .matrix()
            .approx_eq(self.medical.matrix(), 1e-9)
            .then_some(b)
    }

    /// Deciding one class for every component, when that yields more than both classifiers
    /// under `u`: the decision, and why it yields what it does (the factory: "short", 65 € per
    /// component, never making the −335 € mistake).
    pub fn trivial_winner(&self, u: &UtilityMatrix) -> Option<(usize, TrivialWhy)> {
        let shares = self.class_shares();
        let trivial = u.trivial_yields(&shares).ok()?;
        let (d, best) = trivial
            .iter()
            .copied()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(&b.1))?;
        let y = self.yields(u);
        (best > y[0].max(y[1])).then_some(())?;
        Some((d, trivial_why(u, &shares, d)?))
    }

    /// Class shares of the test set (the same for A and B): 50 % and 50 %.
    pub fn class_shares(&self) -> Vec<f64> {
        self.cms[0].class_shares()
    }

    /// Number of components in the test set (100).
    pub fn test_size(&self) -> f64 {
        self.cms[0].total()
    }
}

/// The cells where two matrices of the same shape differ (the variant's changed utilities).
pub fn changed_cells(a: &UtilityMatrix, b: &UtilityMatrix) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    for i in 0..a.n_decisions().min(b.n_decisions()) {
        for j in 0..a.n_classes().min(b.n_classes()) {
            if a.get(i, j) != b.get(i, j) {
                cells.push((i, j));
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests;
