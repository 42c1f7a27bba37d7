//! The user's question as asked ([`QuestionConfig`]) and its checks; the number of draws of
//! each chunk.

use crate::error::CoreError;
use crate::limits::{MAX_ALPHA, MAX_SIGMA};
use crate::utility::check_shares;
use crate::{ConfusionMatrix, DecisionCounts, UtilityMatrix};
use serde::{Deserialize, Serialize};

/// Draws per chunk.
pub const QUESTION_CHUNK: u64 = 4096;

/// The most draws × classifiers of one question (the yields are kept for the quantiles).
pub const MAX_DRAW_YIELDS: u64 = 10_000_000;

/// The most histogram bins.
pub const MAX_BINS: usize = 1000;

/// The user's question.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::QuestionConfig;
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// let cfg = QuestionConfig::new(
///     UtilityMatrix::parse("15,-335;-35,165").unwrap(),
///     vec![
///         ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap(),
///         ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap(),
///     ],
/// );
/// assert_eq!((cfg.sigma, cfg.alpha, cfg.draws), (0.05, 1.0, 20_000));
/// assert!(cfg.validate().is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "QuestionFields")]
pub struct QuestionConfig {
    /// The utility matrix, rows = decisions, columns = true classes (any real values).
    pub utility: UtilityMatrix,
    /// The classifiers' confusion matrices as **counts** (rows = output).
    pub classifiers: Vec<ConfusionMatrix>,
    /// `σ`, the noise on the min-max-normalized utilities (≥ 0).
    pub sigma: f64,
    /// The Dirichlet pseudo-count `α` added to every count (≥ 0; 1 = uniform prior). A cell
    /// with `M_ij + α = 0` is 0 in every draw.
    pub alpha: f64,
    /// Number of draws `K`.
    pub draws: u64,
    /// The seed.
    pub seed: u64,
    /// Number of histogram bins (common to all classifiers).
    pub bins: usize,
    /// Deployment class shares `π` (one per class, summing to 1), applied to every draw; `None`:
    /// the test sets' own shares. Absent from older messages and links (then `None`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prevalence: Option<Vec<f64>>,
    /// Per classifier, the decision taken on each of its outputs (e.g. Decide's remapped
    /// classifier, [`crate::decision::Remap::decisions`]); `None`: output `i` is decision `i`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remap: Option<Vec<Vec<usize>>>,
    /// Classifiers given as decisions × classes **counts** (`n_d × n`, a row per decision of
    /// the utility matrix, e.g. "refer"), after [`classifiers`](Self::classifiers): classifier
    /// `classifiers.len() + i` of every result is `decided[i]`. Its posterior is
    /// `Dirichlet(M + α)` over its `n_d · n` cells and its yield in a draw
    /// `Y = Σ_dj U'_dj C_dj` (with shares `π`: `Σ_j π_j Σ_d U'_dj G_dj / Σ_d G_dj`). Absent
    /// from older messages and links (then empty).
    ///
    /// # Examples
    ///
    /// The factory (Dyrland et al. 2022, §0) with a third decision, "refer" (0 € either way),
    /// and a classifier that refers 40 of its 100 components:
    ///
    /// ```
    /// use ulab_core::mc::question::QuestionConfig;
    /// use ulab_core::mc::sure::sure;
    /// use ulab_core::{DecisionCounts, Matrix, UtilityMatrix};
    /// use ulab_core::examples::factory_classifiers;
    /// let u = UtilityMatrix::parse("15,-335;-35,165;0,0").unwrap();
    /// let [(_, a), (_, b)] = factory_classifiers();
    /// let mut q = QuestionConfig::how_sure(u, vec![a, b]);
    /// q.decided = vec![DecisionCounts::new(Matrix::parse("27,15;13,5;10,30").unwrap()).unwrap()];
    /// let s = sure(&q).unwrap();
    /// // (27·15 − 15·335 − 13·35 + 5·165) / 100 = −42.5 €/item: A (3.5) stays the best.
    /// assert_eq!(s.yields.len(), 3);
    /// assert!((s.yields[2].point + 42.5).abs() < 1e-12);
    /// assert_eq!(s.leader(), 0);
    /// assert!((s.p_best.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    /// ```
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decided: Vec<DecisionCounts>,
}

/// The fields of a [`QuestionConfig`] as they are written; deserialized through
/// [`QuestionConfig::validate`] (the matrices through their own constructors).
#[derive(Deserialize)]
struct QuestionFields {
    utility: UtilityMatrix,
    classifiers: Vec<ConfusionMatrix>,
    sigma: f64,
    alpha: f64,
    draws: u64,
    seed: u64,
    bins: usize,
    #[serde(default)]
    prevalence: Option<Vec<f64>>,
    #[serde(default)]
    remap: Option<Vec<Vec<usize>>>,
    #[serde(default)]
    decided: Vec<DecisionCounts>,
}

impl TryFrom<QuestionFields> for QuestionConfig {
    type Error = CoreError;

    fn try_from(f: QuestionFields) -> Result<QuestionConfig, CoreError> {
        let q = QuestionConfig {
            utility: f.utility,
            classifiers: f.classifiers,
            sigma: f.sigma,
            alpha: f.alpha,
            draws: f.draws,
            seed: f.seed,
            bins: f.bins,
            prevalence: f.prevalence,
            remap: f.remap,
            decided: f.decided,
        };
        q.validate()?;
        Ok(q)
    }
}

impl QuestionConfig {
    /// A question with the defaults: `σ = 0.05`, `α = 1`, 20 000 draws, seed 1, 40 bins, the
    /// test sets' class shares.
    pub fn new(utility: UtilityMatrix, classifiers: Vec<ConfusionMatrix>) -> QuestionConfig {
        QuestionConfig {
            utility,
            classifiers,
            sigma: 0.05,
            alpha: 1.0,
            draws: 20_000,
            seed: 1,
            bins: 40,
            prevalence: None,
            remap: None,
            decided: Vec::new(),
        }
    }

    /// The number of classifiers `K` of every result: [`classifiers`](Self::classifiers)
    /// then [`decided`](Self::decided), `K = classifiers.len() + decided.len()`.
    ///
    /// ```
    /// use ulab_core::mc::question::QuestionConfig;
    /// use ulab_core::{DecisionCounts, Matrix, UtilityMatrix};
    /// use ulab_core::examples::factory_classifiers;
    /// let [(_, a), (_, b)] = factory_classifiers();
    /// let mut q = QuestionConfig::new(UtilityMatrix::parse("15,-335;-35,165;0,0").unwrap(), vec![a, b]);
    /// q.decided.push(DecisionCounts::new(Matrix::parse("27,15;13,5;10,30").unwrap()).unwrap());
    /// assert_eq!(q.n_classifiers(), 3);
    /// ```
    pub fn n_classifiers(&self) -> usize {
        self.classifiers.len() + self.decided.len()
    }

    /// Checks the sizes and parameters.
    ///
    /// # Errors
    /// No classifier (neither [`classifiers`](Self::classifiers) nor
    /// [`decided`](Self::decided)); a classifier whose classes differ from the utility matrix's
    /// columns or exceed its decisions; decided counts without the utility matrix's decisions
    /// (rows) and classes (columns); a constant utility matrix with `σ > 0`; `σ` not in `[0, 1]` or `α`
    /// not in `[0, 1000]` ([`MAX_SIGMA`], [`MAX_ALPHA`]);
    /// `draws` 0 or `draws × K >` [`MAX_DRAW_YIELDS`] (`K` all the classifiers, decided
    /// ones too); `bins` not in `1 ..=` [`MAX_BINS`]; deployment shares that are not shares of
    /// the classes, or that give a positive share to a class with no case in some classifier's
    /// (or decided classifier's) test set ([`CoreError::AbsentClass`]); a remap without one
    /// decision (a row of the utility matrix) per class of each of
    /// [`classifiers`](Self::classifiers).
    ///
    /// ```
    /// use ulab_core::mc::question::QuestionConfig;
    /// use ulab_core::{DecisionCounts, Matrix, UtilityMatrix};
    /// let mut q = QuestionConfig::new(UtilityMatrix::parse("1,0;0,1;0.5,0.5").unwrap(), vec![]);
    /// assert!(q.validate().is_err()); // no classifier
    /// q.decided.push(DecisionCounts::new(Matrix::parse("40,5;5,40;5,5").unwrap()).unwrap());
    /// assert!(q.validate().is_ok());
    /// q.decided.push(DecisionCounts::new(Matrix::parse("40,5;5,40").unwrap()).unwrap());
    /// assert!(q.validate().unwrap_err().to_string().contains("decisions"));
    /// ```
    pub fn validate(&self) -> Result<(), CoreError> {
        if self.n_classifiers() == 0 {
            return Err(CoreError::TooSmall {
                what: "classifiers",
                found: 0,
                min: 1,
            });
        }
        let (nd, nc) = (self.utility.n_decisions(), self.utility.n_classes());
        for cm in &self.classifiers {
            if cm.n() != nc || cm.n() > nd {
                return Err(CoreError::DimensionMismatch {
                    expected: format!(
                        "classifiers with {nc} classes (the utility matrix's columns)"
                    ),
                    found: format!("{} classes", cm.n()),
                });
            }
        }
        for d in &self.decided {
            if (d.n_decisions(), d.n()) != (nd, nc) {
                return Err(CoreError::DimensionMismatch {
                    expected: format!(
                        "decided classifiers of {nd} decisions × {nc} classes (the utility \
                         matrix's rows × columns)"
                    ),
                    found: format!("{} decisions × {} classes", d.n_decisions(), d.n()),
                });
            }
        }
        if self.sigma != 0.0 {
            self.utility.normalized()?;
        }
        for (name, v, max, expected) in [
            ("sigma", self.sigma, MAX_SIGMA, "0 ≤ σ ≤ 1"),
            ("alpha", self.alpha, MAX_ALPHA, "0 ≤ α ≤ 1000"),
        ] {
            if !(0.0..=max).contains(&v) {
                return Err(CoreError::InvalidParameter {
                    name,
                    value: v,
                    expected,
                });
            }
        }
        let k = self.n_classifiers() as u64;
        if self.draws == 0 || self.draws.saturating_mul(k) > MAX_DRAW_YIELDS {
            return Err(CoreError::InvalidParameter {
                name: "draws",
                value: self.draws as f64,
                expected: "at least 1, and draws × classifiers ≤ 10000000",
            });
        }
        if self.bins == 0 || self.bins > MAX_BINS {
            return Err(CoreError::InvalidParameter {
                name: "bins",
                value: self.bins as f64,
                expected: "between 1 and 1000 bins",
            });
        }
        if let Some(remap) = &self.remap {
            check_remap(remap, self.classifiers.len(), &self.utility)?;
        }
        if let Some(pi) = &self.prevalence {
            check_shares("deployment class shares", pi, nc)?;
            let plain = self.classifiers.iter().map(ConfusionMatrix::class_totals);
            let decided = self.decided.iter().map(DecisionCounts::class_totals);
            for totals in plain.chain(decided) {
                if let Some(j) = (0..nc).find(|&j| pi[j] > 0.0 && !(totals[j] > 0.0)) {
                    return Err(CoreError::AbsentClass { class: j });
                }
            }
        }
        Ok(())
    }

    /// Number of chunks, `⌈draws / QUESTION_CHUNK⌉`.
    pub fn chunks(&self) -> u64 {
        self.draws.div_ceil(QUESTION_CHUNK)
    }
}

/// The number of draws of chunk `chunk` of a valid `config`.
///
/// # Errors
/// An invalid config ([`QuestionConfig::validate`]) or `chunk ≥ config.chunks()`.
pub(crate) fn question_chunk_len(config: &QuestionConfig, chunk: u64) -> Result<u64, CoreError> {
    config.validate()?;
    if chunk >= config.chunks() {
        return Err(CoreError::InvalidParameter {
            name: "chunk",
            value: chunk as f64,
            expected: "a chunk index below the number of chunks",
        });
    }
    Ok((config.draws - chunk * QUESTION_CHUNK).min(QUESTION_CHUNK))
}

/// Checks [`QuestionConfig::remap`]: one map per classifier, one decision per class, each a
/// row of `utility`.
///
/// # Errors
/// A map of the wrong length ([`CoreError::LengthMismatch`]) or a decision beyond the utility
/// matrix's rows ([`CoreError::InvalidParameter`]).
pub(crate) fn check_remap(
    remap: &[Vec<usize>],
    classifiers: usize,
    utility: &UtilityMatrix,
) -> Result<(), CoreError> {
    let n = utility.n_classes();
    if remap.len() != classifiers {
        return Err(CoreError::LengthMismatch {
            what: "remapped classifiers",
            expected: classifiers,
            found: remap.len(),
        });
    }
    for d in remap {
        if d.len() != n {
            return Err(CoreError::LengthMismatch {
                what: "decisions of a remapped classifier",
                expected: n,
                found: d.len(),
            });
        }
        if let Some(&bad) = d.iter().find(|&&v| v >= utility.n_decisions()) {
            return Err(CoreError::InvalidParameter {
                name: "remapped decision",
                value: bad as f64,
                expected: "a row of the utility matrix",
            });
        }
    }
    Ok(())
}
