//! A rule's decisions sent to the Compare view as a classifier: its confusion matrix of counts
//! (rows = decisions, columns = true classes). Compare holds `n × n` confusion matrices: a
//! matrix with rows for extra decisions ("refer") can be sent only when those rows are empty,
//! and then without them; otherwise [`SendError::ExtraDecisions`] says which decisions the rule
//! used.

use super::analysis::{Report, RuleKind};
use crate::Classifier;
use std::fmt;
use ulab_core::Matrix;
use ulab_core::text::truncate;

/// Why a rule's matrix cannot go to Compare.
#[derive(Debug, Clone, PartialEq)]
pub enum SendError {
    /// The rule used decisions that are not classes (their names and how often).
    ExtraDecisions {
        /// The rule, e.g. "optimal (max expected utility)".
        rule: &'static str,
        /// Each extra decision used, with its number of items.
        used: Vec<(String, u64)>,
    },
    /// No such model or rule.
    Missing,
}

impl fmt::Display for SendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SendError::ExtraDecisions { rule, used } => {
                let list: Vec<String> = used
                    .iter()
                    .map(|(d, k)| format!("'{}' for {k} items", truncate(d, 30)))
                    .collect();
                write!(
                    f,
                    "the {rule} rule decides {}: its matrix has a row for each decision, and \
                     Compare holds only square confusion matrices (one row per class) for now, \
                     so it cannot be sent",
                    list.join(", ")
                )
            }
            SendError::Missing => write!(f, "there is no such model or rule"),
        }
    }
}

impl std::error::Error for SendError {}

/// The classifier of model `k`'s `rule`: named "MODEL, most probable" / "MODEL, optimal" /
/// "MODEL, recalibrated optimal", its counts with the rows of the classes (the extra
/// decisions' rows must be empty). `decisions` names the utility matrix's rows.
///
/// # Errors
/// The rule used an extra decision; no such model or rule.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{analysis::{analyse, RuleKind}, compare::classifier, file::parse_probs};
/// let f = parse_probs("label,A:x,A:y\nx,0.9,0.1\ny,0.5,0.5\ny,0.2,0.8\n", None).unwrap();
/// let u = UtilityMatrix::parse("1,-2;-2,1;0,0").unwrap(); // x, y, refer
/// let r = analyse(&f, &[], &u, None).unwrap();
/// let d = ["x".to_string(), "y".into(), "refer".into()];
/// let c = classifier(&r, 0, RuleKind::MostProbable, &d).unwrap();
/// assert_eq!((c.name.as_str(), c.matrix.to_string().as_str()), ("A, most probable", "1,1;0,1"));
/// let e = classifier(&r, 0, RuleKind::Optimal, &d).unwrap_err();
/// assert!(e.to_string().contains("'refer' for 1 items"), "{e}");
/// ```
pub fn classifier(
    report: &Report,
    k: usize,
    rule: RuleKind,
    decisions: &[String],
) -> Result<Classifier, SendError> {
    let o = report.outcome(k, rule).ok_or(SendError::Missing)?;
    let m = &o.counts;
    let n = m.cols();
    let used: Vec<(String, u64)> = (n..m.rows())
        .filter_map(|d| {
            let items: f64 = m.row(d).iter().sum();
            (items > 0.0).then(|| {
                let name = decisions
                    .get(d)
                    .cloned()
                    .unwrap_or_else(|| format!("decision {d}"));
                (name, items as u64)
            })
        })
        .collect();
    if !used.is_empty() {
        return Err(SendError::ExtraDecisions {
            rule: rule.label(),
            used,
        });
    }
    let matrix = Matrix::new(n, n, m.data()[..n * n].to_vec()).map_err(|_| SendError::Missing)?;
    let how = match rule {
        RuleKind::MostProbable => "most probable",
        RuleKind::Optimal => "optimal",
        RuleKind::Recalibrated => "recalibrated optimal",
    };
    Ok(Classifier {
        name: format!("{}, {how}", report.models[k].name),
        matrix,
    })
}
