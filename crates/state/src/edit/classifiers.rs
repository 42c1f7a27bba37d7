//! The edits of the classifiers: adding, copying and renaming them, their confusion matrices,
//! and the deployment class shares they must allow.

use super::EditError;
use super::names::{check_name, next_classifier_name, unique_name};
use super::readers::{Values, default_confusion, values_of};
use crate::{AppState, Classifier, MAX_CLASSIFIERS, MAX_NAME_CHARS};
use ulab_core::{ConfusionMatrix, Matrix, Orientation};

impl AppState {
    /// Whether one more classifier fits: fewer than [`MAX_CLASSIFIERS`], and its cells within
    /// [`ulab_core::limits::MAX_CELLS`].
    ///
    /// # Errors
    /// [`EditError::TooManyClassifiers`] or [`EditError::TooManyCells`].
    pub fn check_room_for_classifier(&self) -> Result<(), EditError> {
        let (k, n) = (self.classifiers().len() + 1, self.n());
        let decided = self.problem.decided().len();
        if k + decided > MAX_CLASSIFIERS {
            return Err(EditError::TooManyClassifiers);
        }
        if k * n * n + decided * n * self.decisions().len() > ulab_core::limits::MAX_CELLS {
            return Err(EditError::TooManyCells { classifiers: k, n });
        }
        Ok(())
    }

    /// Adds `classifier` after the others, renamed if its name is taken (`A` → `A 2`, …).
    /// Returns its index.
    ///
    /// # Errors
    /// No room for another classifier, or a matrix that does not fit the problem.
    pub fn push_classifier(&mut self, mut classifier: Classifier) -> Result<usize, EditError> {
        self.check_room_for_classifier()?;
        let taken: Vec<&str> = self.all_classifiers().map(|c| c.name.as_str()).collect();
        classifier.name = unique_name(std::slice::from_ref(&classifier.name), &taken);
        self.change_problem(|p| p.classifiers.push(classifier))?;
        Ok(self.classifiers().len() - 1)
    }

    /// Removes classifier `i` (nothing happens past the end).
    ///
    /// # Errors
    /// None in practice: a problem without one of its classifiers is valid.
    pub fn remove_classifier(&mut self, i: usize) -> Result<(), EditError> {
        if i >= self.classifiers().len() {
            return Ok(());
        }
        self.change_problem(|p| {
            p.classifiers.remove(i);
        })
    }

    /// Adds a classifier on the same test set as the first one (80 % right per class; 50
    /// items per class if there is none). Returns its index.
    ///
    /// # Errors
    /// Already [`MAX_CLASSIFIERS`].
    pub fn add_classifier(&mut self) -> Result<usize, EditError> {
        self.check_room_for_classifier()?;
        let totals = self
            .classifiers()
            .first()
            .map(|c| c.matrix.col_sums())
            .unwrap_or_else(|| vec![50.0; self.n()]);
        let name = self.new_classifier_name();
        self.change_problem(|p| {
            p.classifiers.push(Classifier {
                name,
                matrix: default_confusion(&totals),
            })
        })?;
        Ok(self.classifiers().len() - 1)
    }

    /// The name a new classifier gets: the first free of A, B, …, Z, C27, …
    pub fn new_classifier_name(&self) -> String {
        let all: Vec<Classifier> = self.all_classifiers().cloned().collect();
        next_classifier_name(&all)
    }

    /// Checks the name of a classifier about to be added and returns it cleaned (as a link
    /// reads names).
    ///
    /// # Errors
    /// Empty, too long, or another classifier's name.
    pub fn check_new_classifier_name(&self, name: &str) -> Result<String, EditError> {
        let others = self.all_classifiers().map(|c| c.name.as_str());
        check_name("classifier", name, others)
    }

    /// Adds the classifier `name` with the confusion matrix `m` written in `orientation` (a
    /// new classifier the user has typed: it joins the ranking only now, with counts of its
    /// own, never with made-up ones). Returns its index.
    ///
    /// # Errors
    /// Already [`MAX_CLASSIFIERS`]; a bad or taken name; a matrix [`AppState::check_confusion`]
    /// refuses.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{Matrix, Orientation};
    /// use ulab_state::presets;
    /// let mut s = presets::factory();
    /// let m = Matrix::parse("30,5;20,45").unwrap();
    /// assert_eq!(s.add_classifier_with("C", m.clone(), Orientation::OutputRows).unwrap(), 2);
    /// assert!(s.add_classifier_with("C", m.clone(), Orientation::OutputRows).is_err()); // taken
    /// assert!(s.add_classifier_with("D", Matrix::zeros(2, 2).unwrap(), Orientation::OutputRows).is_err());
    /// ```
    pub fn add_classifier_with(
        &mut self,
        name: &str,
        m: Matrix,
        orientation: Orientation,
    ) -> Result<usize, EditError> {
        self.check_room_for_classifier()?;
        let name = self.check_new_classifier_name(name)?;
        let matrix = self.check_confusion(m, orientation)?;
        self.change_problem(|p| p.classifiers.push(Classifier { name, matrix }))?;
        Ok(self.classifiers().len() - 1)
    }

    /// Adds a copy of classifier `i` right after it, named "… copy". Returns its index.
    ///
    /// # Errors
    /// No such classifier, or already [`MAX_CLASSIFIERS`].
    pub fn duplicate_classifier(&mut self, i: usize) -> Result<usize, EditError> {
        let Some(c) = self.classifiers().get(i) else {
            return Err(EditError::NoSuch("classifier"));
        };
        self.check_room_for_classifier()?;
        let base: String = c.name.chars().take(MAX_NAME_CHARS - 8).collect();
        let taken: Vec<&str> = self.all_classifiers().map(|c| c.name.as_str()).collect();
        let name = unique_name(&[format!("{} copy", base.trim_end())], &taken);
        let copy = Classifier {
            name,
            matrix: c.matrix.clone(),
        };
        self.change_problem(|p| p.classifiers.insert(i + 1, copy))?;
        Ok(i + 1)
    }

    /// Renames classifier `i`.
    ///
    /// # Errors
    /// As [`check_name`].
    pub fn rename_classifier(&mut self, i: usize, name: &str) -> Result<(), EditError> {
        if i >= self.classifiers().len() {
            return Err(EditError::NoSuch("classifier"));
        }
        let others = self
            .all_classifiers()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, c)| c.name.as_str());
        let name = check_name("classifier", name, others)?;
        self.change_problem(|p| p.classifiers[i].name = name)
    }

    /// Checks a confusion matrix written in `orientation` for this problem and returns it with
    /// rows = output: `n × n`, no negative value, not all zero, and a test case of every class
    /// that has a deployment share.
    ///
    /// # Errors
    /// Not `n × n`, not a confusion matrix, or no test case of a class with a deployment share.
    pub fn check_confusion(
        &self,
        m: Matrix,
        orientation: Orientation,
    ) -> Result<Matrix, EditError> {
        let n = self.n();
        if m.rows() != n || m.cols() != n {
            return Err(EditError::ConfusionSize {
                n,
                rows: m.rows(),
                cols: m.cols(),
            });
        }
        let cm = ConfusionMatrix::new(m, orientation).map_err(EditError::Confusion)?;
        self.check_cases(&cm.class_totals())?;
        Ok(cm.counts().clone())
    }

    /// Checks a classifier's class totals against the deployment shares: a class with a share
    /// needs a test case.
    ///
    /// # Errors
    /// [`EditError::NeedsCases`] naming the first class with a share and no case.
    pub(crate) fn check_cases(&self, totals: &[f64]) -> Result<(), EditError> {
        let Some(p) = &self.prevalence else {
            return Ok(());
        };
        match (0..self.n()).find(|j| p[*j] > 0.0 && totals[*j] <= 0.0) {
            Some(j) => Err(EditError::NeedsCases {
                class: self.classes()[j].clone(),
            }),
            None => Ok(()),
        }
    }

    /// Sets classifier `i`'s matrix, written in `orientation`.
    ///
    /// # Errors
    /// As [`AppState::check_confusion`].
    pub fn set_confusion(
        &mut self,
        i: usize,
        m: Matrix,
        orientation: Orientation,
    ) -> Result<(), EditError> {
        if i >= self.classifiers().len() {
            return Err(EditError::NoSuch("classifier"));
        }
        let m = self.check_confusion(m, orientation)?;
        self.change_problem(|p| p.classifiers[i].matrix = m)
    }

    /// The test set's class shares (of the first classifier; equal shares without one).
    pub fn test_shares(&self) -> Vec<f64> {
        let n = self.n();
        self.classifiers()
            .first()
            .and_then(|c| c.confusion().ok())
            .map(|c| c.class_shares())
            .unwrap_or_else(|| vec![1.0 / n as f64; n])
    }

    /// Checks deployment shares against the classifiers: a class without any test case in a
    /// classifier's matrix cannot be re-weighted to a positive share.
    ///
    /// # Errors
    /// Not `n` shares ≥ 0 summing to 1, or a positive share for a class with no test case.
    pub fn check_prevalence(&self, p: &[f64]) -> Result<(), EditError> {
        ulab_core::utility::check_shares("deployment shares", p, self.n())
            .map_err(EditError::Shares)?;
        for c in self.classifiers() {
            let totals = c.matrix.col_sums();
            if let Some(j) = (0..p.len()).find(|j| p[*j] > 0.0 && totals[*j] <= 0.0) {
                return Err(EditError::ShareWithoutCases {
                    class: self.classes()[j].clone(),
                    classifier: c.name.clone(),
                });
            }
        }
        Ok(())
    }

    /// Sets (or, with `None`, clears) the deployment class shares.
    ///
    /// # Errors
    /// As [`AppState::check_prevalence`].
    pub fn set_prevalence(&mut self, p: Option<Vec<f64>>) -> Result<(), EditError> {
        if let Some(p) = &p {
            self.check_prevalence(p)?;
        }
        self.prevalence = p;
        Ok(())
    }

    /// A note when classifier `i` was not tested on the same test set as the first one
    /// (other class totals or shares), or `None`.
    pub fn test_set_note(&self, i: usize) -> Option<String> {
        if i == 0 {
            return None;
        }
        let first = self.classifiers().first()?;
        let this = self.classifiers().get(i)?;
        let (a, b) = (first.matrix.col_sums(), this.matrix.col_sums());
        let both_counts = matches!(values_of(&first.matrix), Values::Counts { .. })
            && matches!(values_of(&this.matrix), Values::Counts { .. });
        let differ = if both_counts {
            a != b
        } else {
            let (sa, sb) = (first.matrix.sum(), this.matrix.sum());
            a.iter()
                .zip(&b)
                .any(|(x, y)| (x / sa - y / sb).abs() > 1e-9)
        };
        let fmt = |v: &[f64]| {
            v.iter()
                .map(|x| ulab_core::text::trimmed(*x, 4))
                .collect::<Vec<_>>()
                .join(", ")
        };
        differ.then(|| {
            format!(
                "Other class totals ({}) than {} ({}): compare classifiers on the same test set.",
                fmt(&b),
                first.name,
                fmt(&a)
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{link, presets};

    #[test]
    fn classifiers_add_duplicate_rename() {
        let mut s = presets::factory();
        assert_eq!(s.add_classifier().unwrap(), 2);
        assert_eq!(s.classifiers()[2].name, "C");
        assert_eq!(s.classifiers()[2].matrix.col_sums(), vec![50.0, 50.0]);
        assert_eq!(s.duplicate_classifier(0).unwrap(), 1);
        assert_eq!(s.classifiers()[1].name, "A copy");
        assert_eq!(s.classifiers()[1].matrix, s.classifiers()[0].matrix);
        s.duplicate_classifier(0).unwrap();
        assert_eq!(s.classifiers()[1].name, "A copy 2");
        assert!(s.rename_classifier(1, "B").is_err());
        s.rename_classifier(1, "<img src=x onerror=alert(1)>")
            .unwrap();
        s.validate().unwrap();
        let long = "x".repeat(60);
        s.rename_classifier(0, &long).unwrap();
        let i = s.duplicate_classifier(0).unwrap();
        assert!(s.classifiers()[i].name.chars().count() <= MAX_NAME_CHARS);
        s.validate().unwrap();
    }

    #[test]
    fn new_classifier_on_fractions_or_without_any() {
        let mut s = link::decode("u=1,0;0,1&cm.A=0.3,0.1;0.2,0.4").state;
        s.add_classifier().unwrap();
        let m = &s.classifiers()[1].matrix;
        assert!((m.sum() - 1.0).abs() < 1e-12);
        assert!((m.col_sums()[0] - 0.5).abs() < 1e-12);
        s.change_problem(|p| {
            p.classifiers.clear();
        })
        .unwrap();
        s.add_classifier().unwrap();
        assert_eq!(s.classifiers()[0].name, "A");
        assert_eq!(s.classifiers()[0].matrix.to_string(), "40,10;10,40");
    }

    #[test]
    fn set_confusion_in_either_orientation() {
        let mut s = presets::factory();
        s.set_confusion(
            0,
            Matrix::parse("27,23;15,35").unwrap(),
            Orientation::TrueRows,
        )
        .unwrap();
        assert_eq!(s.classifiers()[0].matrix.to_string(), "27,15;23,35");
        assert!(
            s.set_confusion(
                0,
                Matrix::parse("1,-1;0,1").unwrap(),
                Orientation::OutputRows
            )
            .is_err()
        );
        assert!(
            s.set_confusion(
                0,
                Matrix::parse("1,0,0;0,1,0;0,0,1").unwrap(),
                Orientation::OutputRows
            )
            .is_err()
        );
        s.prevalence = Some(vec![0.5, 0.5]);
        let e = s
            .set_confusion(
                0,
                Matrix::parse("1,0;1,0").unwrap(),
                Orientation::OutputRows,
            )
            .unwrap_err();
        assert!(e.to_string().contains("'short'"), "{e}");
        assert_eq!(s.classifiers()[0].matrix.to_string(), "27,15;23,35");
    }

    #[test]
    fn prevalence_checks_absent_classes() {
        let mut s = link::decode("u=1,0;0,1&cm.A=5,0;5,0").state;
        let e = s.set_prevalence(Some(vec![0.5, 0.5])).unwrap_err();
        assert_eq!(
            e,
            EditError::ShareWithoutCases {
                class: "1".into(),
                classifier: "A".into()
            }
        );
        s.set_prevalence(Some(vec![1.0, 0.0])).unwrap();
        s.validate().unwrap();
        assert!(crate::compare::analyze(&s).is_ok());
        assert!(s.set_prevalence(Some(vec![0.5, 0.6])).is_err());
        s.set_prevalence(None).unwrap();
        assert_eq!(s.prevalence, None);
        assert_eq!(presets::factory().test_shares(), vec![0.5, 0.5]);
    }

    #[test]
    fn test_set_notes() {
        let s =
            link::decode("u=1,0;0,1&cm.A=10,0;0,10&cm.B=10,0;0,30&cm.C=0.5,0;0,0.5&cm.D=5,5;5,5")
                .state;
        assert_eq!(s.test_set_note(0), None);
        assert!(s.test_set_note(1).unwrap().contains("(10, 30)"));
        assert_eq!(s.test_set_note(2), None); // same shares as fractions
        assert_eq!(s.test_set_note(3), None);
        assert_eq!(s.test_set_note(9), None);
    }
}
