//! The pure logic of the Preference-driven measure view: Kozak et al. 2022's p-d explored as its
//! authors do (figs 2–5 and 7, Tables 3–4), set against the utility yield (Dyrland et al. 2022).
//!
//! p-d of a classifier for a preference vector `κ ∈ [0, 1]^c` (Kozak et al. 2022, eq. 30) is
//! `p-d_κ = (1/c) Σ_k κ_k·precision_k + (1 − κ_k)·recall_k` — affine in κ
//! ([`ulab_core::pd::PdLinear`]), with 0/0 counted as 0 inside the sum as its authors do.
//!
//! Everything here takes plain inputs — the named confusion matrices ([`Classifiers`]), κ
//! (`Option<&[f64]>`, `None` = the default of eq. 31, as `AppState::kappa`), grid settings, a
//! utility matrix — and never panics; errors are typed, and their `Display` is the user's
//! message.
//!
//! * [`kappa`]: the κ in force, the default (eq. 31), sliders, the `kappa=…` link value;
//! * [`table`]: p-d beside macro precision, macro recall, the F1 of macro P and R (eq. 23) and
//!   the utility yield, with the ranking by each;
//! * [`heatmap`]: two classes — p-d over (κ₀, κ₁) per classifier (figs 2–5), the winner map,
//!   hit-testing a cell;
//! * [`grid`]: more classes — the histogram of p-d over a grid of κ vectors (fig. 7) and how
//!   often each classifier ranks first, in chunks;
//! * [`f1`]: the κ at which p-d equals F1;
//! * [`presets`]: Table 4 and the reconstructed Table 3 matrices (figs 2–5) as links;
//! * [`against`]: p-d against the yield (admissibility, the Monte Carlo's numbers, the sentence);
//! * [`export`]: CSV of the table, the heatmap grids, the winner map and the histograms;
//! * [`link`]: the view's link keys and their syntax.

pub mod against;
pub mod export;
pub mod f1;
pub mod grid;
pub mod heatmap;
pub mod kappa;
pub mod link;
pub mod presets;
pub mod table;

use std::fmt;
use ulab_core::pd::PdLinear;
use ulab_core::{ConfusionMatrix, CoreError};

pub use kappa::KappaError;

/// The label of Kozak et al.'s F1 (eq. 23), the harmonic mean of macro precision and macro
/// recall — not the mean of per-class F1 that the Compare view calls "macro F1".
pub const F1_LABEL: &str = "F1 of macro P and R (Kozak et al. eq. 23)";

/// Why the view cannot compute something. `Display` is the message for the user.
#[derive(Debug, Clone, PartialEq)]
pub enum PdError {
    /// No classifier to show.
    NoClassifier,
    /// More classifiers than the view handles.
    TooManyClassifiers {
        /// How many were given.
        found: usize,
        /// The most allowed.
        max: usize,
    },
    /// A classifier's number of classes differs from the first one's.
    ClassMismatch {
        /// The classifier's name.
        name: String,
        /// Its classes.
        found: usize,
        /// The first classifier's classes.
        expected: usize,
    },
    /// Names and matrices of different lengths.
    NamesMismatch,
    /// The heatmap needs two classes.
    NotTwoClasses {
        /// The classes there are.
        found: usize,
    },
    /// A bad κ.
    Kappa(KappaError),
    /// A bad setting (grid step, grid values, bins, seed), with the message.
    Setting(String),
    /// More work than the view allows.
    TooMuchWork {
        /// What would be computed.
        what: &'static str,
        /// How much.
        found: u64,
        /// The bound.
        max: u64,
    },
    /// An error of the core (e.g. a utility matrix that does not fit).
    Core(CoreError),
}

impl fmt::Display for PdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdError::NoClassifier => write!(f, "add a classifier to see its p-d"),
            PdError::TooManyClassifiers { found, max } => {
                write!(f, "{found} classifiers: this view shows at most {max}")
            }
            PdError::ClassMismatch {
                name,
                found,
                expected,
            } => write!(
                f,
                "classifier '{}' has {found} classes but the first one has {expected}",
                ulab_core::text::truncate(name, 40)
            ),
            PdError::NamesMismatch => write!(f, "one name per confusion matrix is needed"),
            PdError::NotTwoClasses { found } => write!(
                f,
                "the heatmap over (κ₀, κ₁) needs two classes; there are {found}: see the \
                 histogram over κ vectors instead"
            ),
            PdError::Kappa(e) => write!(f, "{e}"),
            PdError::Setting(m) => write!(f, "{m}"),
            PdError::TooMuchWork { what, found, max } => write!(
                f,
                "{} {what}: at most {} at once",
                ulab_core::text::sci(*found as f64),
                ulab_core::text::sci(*max as f64)
            ),
            PdError::Core(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PdError {}

impl From<KappaError> for PdError {
    fn from(e: KappaError) -> Self {
        PdError::Kappa(e)
    }
}

impl From<CoreError> for PdError {
    fn from(e: CoreError) -> Self {
        PdError::Core(e)
    }
}

/// The view's settings in the app state (and the link: `pdstep`, `pdgrid`, `pdbins`,
/// `pdseed`, [`link::LINK_KEYS`]); κ itself is `AppState::kappa`.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PdSettings {
    /// Divisions `N` of the two-class heatmaps (step `1/N`).
    pub divisions: usize,
    /// The κ grid of the histograms.
    pub grid: grid::GridSettings,
}

impl Default for PdSettings {
    /// Step 0.1 (the paper's 11 × 11), the default grid.
    fn default() -> Self {
        PdSettings {
            divisions: heatmap::DEFAULT_DIVISIONS,
            grid: grid::GridSettings::default(),
        }
    }
}

/// The most classifiers the view computes for (the app's own limit).
pub const MAX_CLASSIFIERS: usize = crate::MAX_CLASSIFIERS;

/// The classifiers of the view: names and validated confusion matrices (rows = output), all
/// with the same classes.
#[derive(Debug, Clone, PartialEq)]
pub struct Classifiers {
    names: Vec<String>,
    matrices: Vec<ConfusionMatrix>,
}

impl Classifiers {
    /// Checks that there is at least one classifier, at most [`MAX_CLASSIFIERS`], one name per
    /// matrix, and that all have the classes of the first.
    ///
    /// # Errors
    /// [`PdError::NoClassifier`], [`PdError::TooManyClassifiers`], [`PdError::NamesMismatch`],
    /// [`PdError::ClassMismatch`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{ConfusionMatrix, Orientation};
    /// use ulab_state::pd::Classifiers;
    /// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
    /// let c = Classifiers::new(vec!["A".into()], vec![a]).unwrap();
    /// assert_eq!((c.len(), c.n()), (1, 2));
    /// assert!(Classifiers::new(vec![], vec![]).is_err());
    /// ```
    pub fn new(names: Vec<String>, matrices: Vec<ConfusionMatrix>) -> Result<Self, PdError> {
        if names.len() != matrices.len() {
            return Err(PdError::NamesMismatch);
        }
        let first = matrices.first().ok_or(PdError::NoClassifier)?;
        if matrices.len() > MAX_CLASSIFIERS {
            return Err(PdError::TooManyClassifiers {
                found: matrices.len(),
                max: MAX_CLASSIFIERS,
            });
        }
        let expected = first.n();
        for (name, cm) in names.iter().zip(&matrices) {
            if cm.n() != expected {
                return Err(PdError::ClassMismatch {
                    name: name.clone(),
                    found: cm.n(),
                    expected,
                });
            }
        }
        Ok(Classifiers { names, matrices })
    }

    /// The app's classifiers (each matrix rows = output, as [`crate::Classifier`] holds
    /// it).
    ///
    /// # Errors
    /// An invalid matrix (named), or as [`Classifiers::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::{pd::Classifiers, presets::factory};
    /// let c = Classifiers::from_app(&factory().classifiers()).unwrap();
    /// assert_eq!(c.names(), ["A", "B"]);
    /// ```
    pub fn from_app(classifiers: &[crate::Classifier]) -> Result<Self, PdError> {
        let mut names = Vec::with_capacity(classifiers.len());
        let mut matrices = Vec::with_capacity(classifiers.len());
        for c in classifiers {
            let cm = c.confusion().map_err(|e| {
                PdError::Setting(format!(
                    "classifier '{}': {e}",
                    ulab_core::text::truncate(&c.name, 40)
                ))
            })?;
            names.push(c.name.clone());
            matrices.push(cm);
        }
        Classifiers::new(names, matrices)
    }

    /// Number of classifiers.
    pub fn len(&self) -> usize {
        self.matrices.len()
    }

    /// Never true (a `Classifiers` has at least one).
    pub fn is_empty(&self) -> bool {
        self.matrices.is_empty()
    }

    /// Number of classes `c`.
    pub fn n(&self) -> usize {
        self.matrices.first().map_or(0, ConfusionMatrix::n)
    }

    /// The names, in order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The confusion matrices, in order.
    pub fn matrices(&self) -> &[ConfusionMatrix] {
        &self.matrices
    }

    /// Each classifier's p-d as an affine function of κ.
    pub fn linear(&self) -> Vec<PdLinear> {
        self.matrices.iter().map(PdLinear::of).collect()
    }
}
