//! A rule's decisions sent to the Compare view as a classifier: its counts (rows = decisions,
//! columns = true classes). A rule that took only the classes' decisions is an ordinary
//! classifier (`n × n`); one that also referred (or took another extra decision) keeps a row
//! per decision (`n_d × n`), which Compare ranks by its yield and for which the metrics that
//! need one output per class say so ([`crate::Problem::decided`]).

use super::analysis::{Report, RuleKind};
use crate::edit::EditError;
use crate::{AppState, Classifier};
use std::fmt;
use ulab_core::Matrix;

/// Why a rule's matrix cannot go to Compare.
#[derive(Debug, Clone, PartialEq)]
pub enum SendError {
    /// No such model or rule.
    Missing,
}

impl fmt::Display for SendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SendError::Missing => write!(f, "there is no such model or rule"),
        }
    }
}

impl std::error::Error for SendError {}

/// The classifier of model `k`'s `rule`: named "MODEL, most probable" / "MODEL, optimal" /
/// "MODEL, recalibrated optimal", with the rows of the classes only (`n × n`) if the rule took
/// no extra decision, else a row per decision (`n_d × n`).
///
/// # Errors
/// No such model or rule.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{analysis::{analyse, RuleKind}, compare::classifier, file::parse_probs};
/// let f = parse_probs("label,A:x,A:y\nx,0.9,0.1\ny,0.5,0.5\ny,0.2,0.8\n", None).unwrap();
/// let u = UtilityMatrix::parse("1,-2;-2,1;0,0").unwrap(); // x, y, refer
/// let r = analyse(&f, &[], &u, None).unwrap();
/// let c = classifier(&r, 0, RuleKind::MostProbable).unwrap();
/// assert_eq!((c.name.as_str(), c.matrix.to_string().as_str()), ("A, most probable", "1,1;0,1"));
/// let c = classifier(&r, 0, RuleKind::Optimal).unwrap(); // refers the 50:50 item
/// assert_eq!((c.name.as_str(), c.matrix.to_string().as_str()), ("A, optimal", "1,0;0,1;0,1"));
/// ```
pub fn classifier(report: &Report, k: usize, rule: RuleKind) -> Result<Classifier, SendError> {
    let o = report.outcome(k, rule).ok_or(SendError::Missing)?;
    let m = &o.counts;
    let n = m.cols();
    let extra = m.data()[n * n..].iter().any(|v| *v > 0.0);
    let rows = if extra { m.rows() } else { n };
    let matrix =
        Matrix::new(rows, n, m.data()[..rows * n].to_vec()).map_err(|_| SendError::Missing)?;
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

impl AppState {
    /// Adds `classifier` to Compare as what its matrix is: a classifier (`n × n`) or one with
    /// a row per decision (`n_d × n`); renamed if its name is taken. Returns its name.
    ///
    /// # Errors
    /// No room; a matrix that fits neither.
    pub fn send_to_compare(&mut self, classifier: Classifier) -> Result<String, EditError> {
        if classifier.matrix.rows() == self.n() {
            let i = self.push_classifier(classifier)?;
            Ok(self.classifiers()[i].name.clone())
        } else {
            let i = self.push_decided(classifier)?;
            Ok(self.problem.decided()[i].name.clone())
        }
    }
}
