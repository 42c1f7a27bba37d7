//! How sure: the paired Bayesian bootstrap over the file's items
//! ([`ulab_core::probs::bootstrap`]) for every model and rule — its arms, their names, and the
//! sentences that read its summary.
//!
//! The page builds the [`Bootstrap`] once for the utility matrix and shares (linear in the
//! items: ~80 ms natively for 10⁶ items × 3 models; in the web worker), then asks for slices of
//! resamples ([`Bootstrap::run`]) with progress and cancel, and merges them
//! ([`Draws::extend`](ulab_core::probs::bootstrap::Draws::extend)); the summary is the same
//! whatever the slices.

use super::analysis::{ProbsViewError, RuleKind, decider};
use super::file::ProbsFile;
use ulab_core::UtilityMatrix;
use ulab_core::probs::bootstrap::{Bootstrap, Summary};
use ulab_core::probs::{ModelProbs, Rule};
use ulab_core::text::{fixed, prose};

/// Resamples of a run by default.
pub const RESAMPLES: u64 = 1000;

/// Why the comparison is paired, in the page's words.
pub const WHY_PAIRED: &str = "The models decided the same items, so every resample weighs the \
    same items for every model: the difference between two models is then measured on the \
    items where they decide differently, and P(A yields more than B) is much surer than two \
    separate intervals suggest.";

/// The bootstrap of `file`'s models (and of the recalibrated ones given, after them), both
/// rules each, under `u` and optional deployment shares; and each arm's name.
///
/// # Errors
/// `u` or the shares do not fit the file.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{file::parse_probs, howsure::{bootstrap, RESAMPLES}};
/// let f = parse_probs("y,A,B\n1,0.9,0.6\n0,0.6,0.2\n1,0.4,0.7\n0,0.2,0.1\n", None).unwrap();
/// let (b, names) = bootstrap(&f, &[], &UtilityMatrix::identity(2).unwrap(), None, 7).unwrap();
/// assert_eq!(names[3], "B, optimal (max expected utility)");
/// let s = b.run(0..RESAMPLES).summary();
/// assert!(s.better(3, 1) > 0.5); // B is right on all four items, A on two
/// ```
pub fn bootstrap(
    file: &ProbsFile,
    recalibrated: &[ModelProbs],
    u: &UtilityMatrix,
    prevalence: Option<&[f64]>,
    seed: u64,
) -> Result<(Bootstrap, Vec<String>), ProbsViewError> {
    let d = decider(file, u, prevalence)?;
    let models: Vec<&ModelProbs> = file.table.models().iter().chain(recalibrated).collect();
    let b = Bootstrap::new(&file.table, &models, &d, seed)?;
    let names = b
        .arms()
        .iter()
        .map(|a| {
            let kind = match (a.rule, a.model >= file.table.models().len()) {
                (Rule::MostProbable, _) => RuleKind::MostProbable,
                (Rule::Optimal, false) => RuleKind::Optimal,
                (Rule::Optimal, true) => RuleKind::Recalibrated,
            };
            format!("{}, {}", models[a.model].name(), kind.label())
        })
        .collect();
    Ok((b, names))
}

/// The sentences of a summary: the best arm by its observed yield with its 90 % interval, and
/// how sure it beats each other model's best rule; then why paired.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{file::parse_probs, howsure::{bootstrap, sentences}};
/// let f = parse_probs("y,A,B\n1,0.9,0.6\n0,0.6,0.2\n1,0.4,0.7\n0,0.2,0.1\n", None).unwrap();
/// let (b, names) = bootstrap(&f, &[], &UtilityMatrix::identity(2).unwrap(), None, 7).unwrap();
/// let s = sentences(&b.run(0..1000).summary(), &names, &b.observed());
/// assert!(s[0].starts_with("B, most probable class yields 1 per item (90 % interval 1 to 1)"), "{}", s[0]);
/// ```
pub fn sentences(summary: &Summary, names: &[String], observed: &[f64]) -> Vec<String> {
    let a = names.len().min(observed.len()).min(summary.arms.len());
    let Some(best) = (0..a).reduce(|b, k| if observed[k] > observed[b] { k } else { b }) else {
        return vec![WHY_PAIRED.to_string()];
    };
    let s = summary.arms[best];
    let mut out = vec![format!(
        "{} yields {} per item (90 % interval {} to {}).",
        names[best],
        prose(observed[best]),
        prose(s.lo),
        prose(s.hi)
    )];
    // Each other model: its best arm (arms come two per model).
    for m in (0..a / 2).filter(|&m| m != best / 2) {
        let k = if observed[2 * m + 1] > observed[2 * m] {
            2 * m + 1
        } else {
            2 * m
        };
        let d = summary.difference[best * summary.arms.len() + k];
        out.push(format!(
            "P(it yields more than {}) = {}; the difference is {} per item (90 % interval {} \
             to {}).",
            names[k],
            fixed(summary.better(best, k), 3),
            prose(observed[best] - observed[k]),
            prose(d.lo),
            prose(d.hi)
        ));
    }
    out.push(WHY_PAIRED.to_string());
    out
}
