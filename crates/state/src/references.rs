//! The texts the app implements, cited on the page (footer), in the README and docs/ and in
//! the code as "Dyrland et al. 2022, eq. 12", "Kozak et al. 2022, Table 4", "Dyrland et al.
//! (draft)".

/// One cited text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reference {
    /// How the code and the page cite it.
    pub short: &'static str,
    /// Authors.
    pub authors: &'static str,
    /// Year (or "draft").
    pub year: &'static str,
    /// Title.
    pub title: &'static str,
    /// Where it appeared.
    pub venue: &'static str,
    /// What of it the app implements.
    pub used_for: &'static str,
}

/// Every cited text, the main paper first.
pub const REFERENCES: [Reference; 4] = [
    Reference {
        short: "Dyrland et al. 2022",
        authors: "K. Dyrland, A. S. Lundervold, P. G. L. Porta Mana",
        year: "2022",
        title: "Does the evaluation stand up to evaluation? A first-principle approach to the evaluation of classifiers",
        venue: "preprint",
        used_for: "utility yield, the space of utility matrices (fig. 1), admissible metrics (eq. 17), the Monte Carlo of mis-ranked pairs (§4.2), ROC and the optimal operating point (§5), the factory story",
    },
    Reference {
        short: "Kozak et al. 2022",
        authors: "J. Kozak, B. Probierz, K. Kania, P. Juszczuk",
        year: "2022",
        title: "Preference-Driven Classification Measure",
        venue: "Entropy 24, 531, doi:10.3390/e24040531",
        used_for: "multi-class metrics, the preference-driven measure p-d and its worked example (Table 4)",
    },
    Reference {
        short: "Dyrland et al. (draft)",
        authors: "K. Dyrland, A. S. Lundervold, P. G. L. Porta Mana",
        year: "draft, 2022",
        title: "Guessing what's true or choosing what's optimal? A first-principle approach to some issues of classifiers",
        venue: "unpublished draft",
        used_for: "decisions vs classes, the lottery, probabilities of classes from a label-only classifier, base-rate correction (eq. 23)",
    },
    Reference {
        short: "Porta Mana, course notes",
        authors: "P. G. L. Porta Mana",
        year: "2023",
        title: "Evaluation practices and utilities",
        venue: "course notes, chapter 40",
        used_for: "the same story for students; don't balance classes; good (linear) and bad (non-linear) metrics",
    },
];
