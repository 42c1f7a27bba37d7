//! The classifiers with a row per decision (the problem's invariant 5): renaming, removing and
//! editing them, and how they follow the edits of the classes and decisions — a new class or
//! decision is an empty row (and column), a removed class takes its row and column, and a
//! decision such a classifier takes cannot be removed. Once the utility matrix has no extra
//! decision left, they are ordinary classifiers ([`settle`]).

use super::EditError;
use super::names::{check_name, unique_name};
use crate::{AppState, Classifier, ProblemFields};
use ulab_core::{DecisionCounts, Matrix, Orientation};

/// `m` with row `r` taken from `rows[r]` and column `c` from `cols[c]` (`None`: zeros).
pub(crate) fn reshape(m: &Matrix, rows: &[Option<usize>], cols: &[Option<usize>]) -> Matrix {
    let mut data = vec![0.0; rows.len() * cols.len()];
    for (r, src_r) in rows.iter().enumerate() {
        for (c, src_c) in cols.iter().enumerate() {
            if let (Some(i), Some(j)) = (src_r, src_c) {
                data[r * cols.len() + c] = m.get(*i, *j);
            }
        }
    }
    Matrix::new(rows.len(), cols.len(), data).expect("a reshaped valid matrix is valid")
}

/// Every classifier with a row per decision reshaped (see [`reshape`]).
pub(crate) fn reshape_all(
    fields: &mut ProblemFields,
    rows: &[Option<usize>],
    cols: &[Option<usize>],
) {
    for c in &mut fields.decided {
        c.matrix = reshape(&c.matrix, rows, cols);
    }
}

/// The decision rows `keep` of every classifier with a row per decision (the others
/// removed), or the first classifier that takes a removed decision.
///
/// # Errors
/// [`EditError::DecisionTaken`].
pub(crate) fn keep_decisions(fields: &mut ProblemFields, keep: &[usize]) -> Result<(), EditError> {
    for c in &fields.decided {
        for d in (0..c.matrix.rows()).filter(|d| !keep.contains(d)) {
            let items: f64 = c.matrix.row(d).iter().sum();
            if items > 0.0 {
                return Err(EditError::DecisionTaken {
                    decision: fields.decisions.get(d).cloned().unwrap_or_default(),
                    classifier: c.name.clone(),
                    items,
                });
            }
        }
    }
    let rows: Vec<Option<usize>> = keep.iter().map(|d| Some(*d)).collect();
    let cols: Vec<Option<usize>> = (0..fields.classes.len()).map(Some).collect();
    reshape_all(fields, &rows, &cols);
    Ok(())
}

/// Once the utility matrix has no extra decision, a classifier with a row per decision is an
/// ordinary one (one output per class): it moves to the classifiers.
pub(crate) fn settle(fields: &mut ProblemFields) {
    let n = fields.utility.cols();
    if fields.utility.rows() == n && fields.decided.iter().all(|c| c.matrix.rows() == n) {
        let decided = std::mem::take(&mut fields.decided);
        fields.classifiers.extend(decided);
    }
}

impl AppState {
    /// Every classifier: those with one output per class, then those with a row per decision.
    pub fn all_classifiers(&self) -> impl Iterator<Item = &Classifier> + Clone {
        self.classifiers().iter().chain(self.problem.decided())
    }

    /// Adds `classifier` (its matrix `n_d × n`, rows = decisions) after the others with a row
    /// per decision, renamed if its name is taken. Returns its index among them.
    ///
    /// # Errors
    /// No room for another classifier; a matrix that does not fit the problem.
    pub fn push_decided(&mut self, mut classifier: Classifier) -> Result<usize, EditError> {
        self.check_room_for_classifier()?;
        let taken: Vec<&str> = self.all_classifiers().map(|c| c.name.as_str()).collect();
        classifier.name = unique_name(std::slice::from_ref(&classifier.name), &taken);
        self.change_problem(|p| p.decided.push(classifier))?;
        Ok(self.problem.decided().len() - 1)
    }

    /// Removes the classifier with a row per decision `i` (nothing happens past the end).
    ///
    /// # Errors
    /// None in practice.
    pub fn remove_decided(&mut self, i: usize) -> Result<(), EditError> {
        if i >= self.problem.decided().len() {
            return Ok(());
        }
        self.change_problem(|p| {
            p.decided.remove(i);
        })
    }

    /// Renames the classifier with a row per decision `i`.
    ///
    /// # Errors
    /// As [`check_name`].
    pub fn rename_decided(&mut self, i: usize, name: &str) -> Result<(), EditError> {
        let Some(me) = self.problem.decided().get(i) else {
            return Err(EditError::NoSuch("classifier"));
        };
        let others = self
            .all_classifiers()
            .filter(|c| !std::ptr::eq(*c, me))
            .map(|c| c.name.as_str());
        let name = check_name("classifier", name, others)?;
        self.change_problem(|p| p.decided[i].name = name)
    }

    /// Checks counts with a row per decision written in `orientation` (`n_d × n` with rows =
    /// decisions, or its transpose for [`Orientation::TrueRows`]) and returns them with rows =
    /// decisions.
    ///
    /// # Errors
    /// Not that size, not counts, or no item of a class with a deployment share.
    pub fn check_decided(&self, m: Matrix, orientation: Orientation) -> Result<Matrix, EditError> {
        let m = m.from_orientation(orientation);
        let (n_d, n) = (self.decisions().len(), self.n());
        if (m.rows(), m.cols()) != (n_d, n) {
            return Err(EditError::DecidedSize {
                n,
                n_d,
                rows: m.rows(),
                cols: m.cols(),
            });
        }
        let counts = DecisionCounts::new(m).map_err(EditError::Confusion)?;
        self.check_cases(&counts.class_totals())?;
        Ok(counts.counts().clone())
    }

    /// Sets the counts of the classifier with a row per decision `i` (see
    /// [`AppState::check_decided`]).
    ///
    /// # Errors
    /// No such classifier; as [`AppState::check_decided`].
    pub fn set_decided(
        &mut self,
        i: usize,
        m: Matrix,
        orientation: Orientation,
    ) -> Result<(), EditError> {
        if i >= self.problem.decided().len() {
            return Err(EditError::NoSuch("classifier"));
        }
        let m = self.check_decided(m, orientation)?;
        self.change_problem(|p| p.decided[i].matrix = m)
    }
}

#[cfg(test)]
mod tests {
    use crate::link;

    /// Two classes, "refer", A with one output per class and D with a row per decision.
    fn with_refer() -> crate::AppState {
        link::decode("u=15,-335;-35,165;0,0&cm.A=27,15;23,35&cm.D=27,5;13,35;10,10").state
    }

    #[test]
    fn a_row_per_decision_follows_the_class_and_decision_edits() {
        let mut s = with_refer();
        assert_eq!(s.problem.decided().len(), 1);
        s.add_class().unwrap();
        assert_eq!(
            s.problem.decided()[0].matrix.to_string(),
            "27,5,0;13,35,0;0,0,0;10,10,0"
        );
        s.add_decision().unwrap();
        assert_eq!(s.problem.decided()[0].matrix.rows(), 5);
        s.remove_decision(4).unwrap();
        s.remove_class(2).unwrap();
        assert_eq!(
            s.problem.decided()[0].matrix.to_string(),
            "27,5;13,35;10,10"
        );
        let e = s.remove_decision(2).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Classifier 'D' decides 'decision 2' for 20 items: remove that classifier first."
        );
        s.validate().unwrap();
        assert_eq!(link::decode(&link::encode(&s)).state, s);
    }

    #[test]
    fn without_extra_decisions_it_is_an_ordinary_classifier() {
        let mut s = link::decode("u=1,0;0,1;0,0&cm.D=3,1;1,3;0,0").state;
        assert_eq!(s.problem.decided().len(), 1);
        s.remove_decision(2).unwrap();
        assert_eq!(s.problem.decided().len(), 0);
        assert_eq!(s.classifiers()[0].matrix.to_string(), "3,1;1,3");
    }

    #[test]
    fn names_are_unique_among_all_classifiers() {
        let mut s = with_refer();
        assert!(s.rename_decided(0, "A").is_err());
        s.rename_decided(0, "A, optimal").unwrap();
        assert!(s.rename_classifier(0, "A, optimal").is_err());
        assert!(s.check_new_classifier_name("A, optimal").is_err());
        let i = s.push_decided(s.problem.decided()[0].clone()).unwrap();
        assert_eq!(s.problem.decided()[i].name, "A, optimal 2");
        let m = ulab_core::Matrix::parse("1,2;3,4").unwrap();
        assert!(
            s.set_decided(0, m, ulab_core::Orientation::OutputRows)
                .is_err()
        );
        let m = ulab_core::Matrix::parse("1,2,3;4,5,6").unwrap();
        s.set_decided(0, m, ulab_core::Orientation::TrueRows)
            .unwrap();
        assert_eq!(s.problem.decided()[0].matrix.to_string(), "1,4;2,5;3,6");
        s.remove_decided(1).unwrap();
        assert_eq!(s.problem.decided().len(), 1);
    }
}
