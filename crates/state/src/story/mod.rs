//! The factory story of Dyrland et al. 2022, §0 as a guided walk (the Story view): its steps,
//! its matrices, and every number it shows, computed by the core.
//!
//! The matrices are those of the presets ([`super::presets`]), so that the story and its
//! "try it yourself" links show the same numbers: classifiers A and B (eqs. 1–2, counts out
//! of 100), the factory's utilities (eq. 4), the variant (eq. 5) and the medical case (eq. 6).
//! Pure and tested natively; the UI (`crates/ui/src/story/`) only words and lays the numbers out.
//!
//! One view's pure logic (over 500 lines with its tests): the steps and the story's numbers;
//! its link key is [`link`].

use super::compare::verdict::{TrivialWhy, trivial_why};
use super::presets::{self, preset};
use ulab_core::metrics::Metric;
use ulab_core::{ConfusionMatrix, UtilityMatrix};

pub mod link;

pub use link::{LINK_KEYS, STORY_STEPS};

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

/// A metric of Table 1 and its names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table1Metric {
    /// The metric.
    pub metric: Metric,
    /// Its name in Table 1.
    pub label: &'static str,
    /// A short name (tallies, small screens).
    pub short: &'static str,
    /// Its name inside a sentence.
    pub prose: &'static str,
}

const fn t1(
    metric: Metric,
    label: &'static str,
    short: &'static str,
    prose: &'static str,
) -> Table1Metric {
    Table1Metric {
        metric,
        label,
        short,
        prose,
    }
}

/// The metrics of Table 1 of Dyrland et al. 2022, in its order, with the names it uses. (The paper
/// merges accuracy and balanced accuracy into one row, equal here because the classes are
/// balanced; the course chapter lists them apart, as here.)
pub const TABLE1: [Table1Metric; 8] = [
    t1(Metric::Accuracy, "Accuracy", "Accuracy", "accuracy"),
    t1(
        Metric::BalancedAccuracy,
        "Balanced accuracy",
        "Balanced accuracy",
        "balanced accuracy",
    ),
    t1(Metric::Precision, "Precision", "Precision", "precision"),
    t1(Metric::F1, "F₁ measure", "F₁", "F₁ measure"),
    t1(
        Metric::Mcc,
        "Matthews correlation coefficient",
        "MCC",
        "Matthews correlation coefficient",
    ),
    t1(
        Metric::FowlkesMallows,
        "Fowlkes–Mallows index",
        "Fowlkes–Mallows",
        "Fowlkes–Mallows index",
    ),
    t1(
        Metric::Recall,
        "True-positive rate (recall)",
        "TPR (recall)",
        "true-positive rate",
    ),
    t1(
        Metric::Specificity,
        "True-negative rate (specificity)",
        "TNR (specificity)",
        "true-negative rate",
    ),
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

/// A metric of Table 1 for both classifiers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MetricRow {
    /// The metric and its names.
    pub names: Table1Metric,
    /// Its value for A and for B (every metric of Table 1 is defined for these matrices).
    pub values: [f64; 2],
    /// The classifier it favours (0 = A, 1 = B), `None` on a tie.
    pub favoured: Option<usize>,
    /// How much higher the favoured value is, relative to the other: `(hi − lo) / lo`
    /// (`None` on a tie or if `lo ≤ 0`).
    pub relative: Option<f64>,
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
        }
    }

    /// Table 1: each metric for A and B, and which one it favours.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::story::Story;
    /// let rows = Story::new().table1();
    /// assert_eq!(rows.len(), 8);
    /// assert_eq!(format!("{:.2}", rows[4].values[1]), "0.51"); // MCC of B
    /// ```
    pub fn table1(&self) -> Vec<MetricRow> {
        TABLE1
            .iter()
            .map(|&names| {
                let v = |k: usize| {
                    names
                        .metric
                        .value(&self.cms[k], None)
                        .ok()
                        .and_then(|s| s.value())
                        .unwrap_or(f64::NAN)
                };
                let values = [v(0), v(1)];
                let (hi, lo) = (values[0].max(values[1]), values[0].min(values[1]));
                let favoured = if (hi - lo).abs() <= 1e-12 {
                    None
                } else if values[0] > values[1] {
                    Some(0)
                } else if values[1] > values[0] {
                    Some(1)
                } else {
                    None
                };
                let relative = favoured.and_then(|_| (lo > 0.0).then(|| (hi - lo) / lo));
                MetricRow {
                    names,
                    values,
                    favoured,
                    relative,
                }
            })
            .collect()
    }

    /// How many metrics of Table 1 favour A and how many B.
    pub fn votes(&self) -> [usize; 2] {
        let mut votes = [0, 0];
        for row in self.table1() {
            if let Some(k) = row.favoured {
                votes[k] += 1;
            }
        }
        votes
    }

    /// The classifier most metrics of Table 1 favour (the developers' recommendation).
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
mod tests {
    use super::*;
    use crate::View;
    use ulab_core::text::{fixed, number as plain};

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn always_short_beats_both_classifiers_in_all_three_problems() {
        // Eqs. 1, 2 and 4: half the components short (165 €), half long (−35 € when judged
        // short): 65 € per component, against A's 3.5 € and B's −3.5 €.
        let s = Story::new();
        let (d, why) = s.trivial_winner(&s.factory).unwrap();
        assert_eq!(s.classes[d], "short");
        assert_eq!(why.value, 65.0);
        assert_eq!(why.avoided, Some((0, 1, -335.0)));
        assert_eq!((s.cms[0].c(0, 1), s.cms[1].c(0, 1)), (0.15, 0.18));
        // The variant (eq. 5): 0.5 × (−65) + 0.5 × 165 = 50, more than B's 7.3 €; the medical
        // case (eq. 6) is the factory shifted by 335 months: 65 + 335.
        assert_eq!(
            s.trivial_winner(&s.variant).map(|w| (w.0, w.1.value)),
            Some((1, 50.0))
        );
        assert_eq!(
            s.trivial_winner(&s.medical).map(|w| (w.0, w.1.value)),
            Some((1, 400.0))
        );
    }

    #[test]
    fn table1_matches_the_paper() {
        // Dyrland et al. 2022, Table 1 (two decimals); balanced accuracy = accuracy (balanced classes).
        let expected = [
            ("0.62", "0.75"),
            ("0.62", "0.75"),
            ("0.64", "0.70"),
            ("0.59", "0.77"),
            ("0.24", "0.51"),
            ("0.59", "0.78"),
            ("0.54", "0.86"),
            ("0.70", "0.64"),
        ];
        let rows = Story::new().table1();
        for (row, (a, b)) in rows.iter().zip(expected) {
            assert_eq!(fixed(row.values[0], 2), a, "{}", row.names.label);
            assert_eq!(fixed(row.values[1], 2), b, "{}", row.names.label);
        }
        // Hand-computed: MCC of A = (27·35 − 15·23) / √(42·58·50·50).
        let mcc_a = (27.0 * 35.0 - 15.0 * 23.0) / (42.0f64 * 58.0 * 50.0 * 50.0).sqrt();
        assert!(close(rows[4].values[0], mcc_a));
    }

    #[test]
    fn the_majority_favours_b_and_only_tnr_favours_a_by_9_percent() {
        let s = Story::new();
        assert_eq!(s.votes(), [1, 7]);
        assert_eq!(s.majority(), 1);
        let rows = s.table1();
        let tnr = rows
            .iter()
            .find(|r| r.names.metric == Metric::Specificity)
            .unwrap();
        assert_eq!(tnr.favoured, Some(0));
        // (0.70 − 0.64) / 0.64 = 0.09375: "a relative difference of 9 %".
        assert!(close(tnr.relative.unwrap(), 0.06 / 0.64));
        assert!(
            rows.iter()
                .filter(|r| r.names.metric != Metric::Specificity)
                .all(|r| r.favoured == Some(1))
        );
    }

    #[test]
    fn yields_of_eqs_3_5_6() {
        let s = Story::new();
        let [a, b] = s.yields(&s.factory);
        assert!(close(a, 3.5) && close(b, -3.5), "{a} {b}");
        let [a, b] = s.yields(&s.variant);
        assert!(close(a, 4.7) && close(b, 7.3), "{a} {b}");
        let [a, b] = s.yields(&s.medical);
        assert!(close(a, 338.5) && close(b, 331.5), "{a} {b}");
        assert_eq!(s.best(&s.factory), 0);
        assert_eq!(s.best(&s.variant), 1);
        assert_eq!(s.best(&s.medical), 0);
    }

    #[test]
    fn breakdown_is_the_course_chapters_arithmetic() {
        // [27·15 + 15·(−335) + 23·(−35) + 35·165] / 100 = 3.5.
        let s = Story::new();
        let br = s.breakdown(&s.factory, 0);
        let products: Vec<String> = br.terms.iter().map(|t| plain(t.2, 2)).collect();
        assert_eq!(products, ["4.05", "−50.25", "−8.05", "57.75"]);
        let shares: Vec<String> = br.terms.iter().map(|t| plain(t.1, 2)).collect();
        assert_eq!(shares, ["0.27", "0.15", "0.23", "0.35"]);
        let sum: f64 = br.terms.iter().map(|t| t.2).sum();
        assert!(close(sum, br.yield_value));
        assert!(close(br.total, 350.0));
        let br = s.breakdown(&s.factory, 1);
        assert!(close(br.total, -350.0));
    }

    #[test]
    fn tradeoff_explains_the_difference_of_yields() {
        let s = Story::new();
        for u in [&s.factory, &s.variant, &s.medical] {
            let t = s.tradeoff(u);
            let [a, b] = s.yields(u);
            assert!(close(a - b, t.a_edge() - t.b_edge()));
        }
        let t = s.tradeoff(&s.factory);
        assert!(close(t.weight_long, 50.0) && close(t.weight_short, 500.0));
        assert!(close(t.b_more_long, 0.16) && close(t.a_more_short, 0.03));
        let t = s.tradeoff(&s.variant);
        assert!(close(t.weight_long, 110.0) && close(t.weight_short, 500.0));
    }

    #[test]
    fn medical_is_the_factory_plus_335_and_the_variant_is_another_problem() {
        let s = Story::new();
        assert_eq!(s.medical_shift(), Some(335.0));
        assert!(!s.factory.is_equivalent(&s.variant, 1e-9));
        assert_eq!(changed_cells(&s.factory, &s.variant), vec![(0, 0), (1, 0)]);
        assert_eq!(s.class_shares(), vec![0.5, 0.5]);
        assert_eq!(s.test_size(), 100.0);
        assert_eq!(s.names, ["A", "B"]);
        assert_eq!(s.classes, ["long", "short"]);
        assert_eq!(s.medical_classes, ["type 0", "type 1"]);
    }

    #[test]
    fn every_step_opens_from_its_link_and_a_bad_step_gives_a_notice() {
        for (k, _) in STEPS.iter().enumerate() {
            let d = crate::link::decode(&step_fragment(k, k % 2 == 1));
            assert!(d.notices.is_empty(), "{:?}", d.notices);
            assert_eq!(d.state.view, View::Story);
            assert_eq!(d.state.step, k);
            assert_eq!(d.state.embed, k % 2 == 1);
            // The app writes the state back: the step survives.
            assert_eq!(
                crate::link::decode(&crate::link::encode(&d.state))
                    .state
                    .step,
                k
            );
        }
        for bad in ["0", "99", "x", "-1", "2.5"] {
            let d = crate::link::decode(&format!("view=story&step={bad}"));
            assert_eq!(d.state.step, 0, "step={bad}");
            assert_eq!(d.notices.len(), 1, "step={bad}");
            assert_eq!(d.notices[0].key, "step");
        }
        let last = crate::link::decode(&format!("view=story&step={}", STORY_STEPS + 1));
        assert_eq!(last.notices.len(), 1);
    }
}
