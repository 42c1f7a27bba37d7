//! The edits of the problem's shape: class names, adding and removing classes and decisions,
//! and the utility matrix.

use super::EditError;
use super::names::{check_name, unique_name};
use crate::problem::{Shape, ShapeError};
use crate::{AppState, default_class_name, default_decision_name};
use ulab_core::limits::MAX_CELLS;
use ulab_core::{Matrix, UtilityMatrix};

/// `m` without row `row` and column `col` (either may be `None`).
fn without(m: &Matrix, row: Option<usize>, col: Option<usize>) -> Matrix {
    let rows: Vec<Vec<f64>> = (0..m.rows())
        .filter(|i| Some(*i) != row)
        .map(|i| {
            m.row(i)
                .iter()
                .enumerate()
                .filter(|(j, _)| Some(*j) != col)
                .map(|(_, v)| *v)
                .collect()
        })
        .collect();
    Matrix::from_rows(&rows).expect("a smaller part of a valid matrix is valid")
}

impl AppState {
    /// Replaces all class names at once. Each decision named after its class follows the
    /// new name.
    ///
    /// # Errors
    /// Wrong count, an empty, too long or repeated name, or a decision name clash.
    pub fn set_class_names(&mut self, names: Vec<String>) -> Result<(), EditError> {
        let n = self.n();
        if names.len() != n {
            return Err(EditError::NameCount {
                found: names.len(),
                n,
            });
        }
        let mut clean = Vec::with_capacity(n);
        for (k, name) in names.iter().enumerate() {
            let others = names
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(_, s)| s.trim());
            clean.push(check_name("class", name, others)?);
        }
        let mut decisions = self.decisions().clone();
        for (d, new) in clean.iter().enumerate() {
            if decisions[d] == self.classes()[d] {
                decisions[d] = new.clone();
            }
        }
        for (d, name) in decisions.iter().enumerate() {
            if decisions[..d].contains(name) {
                return Err(EditError::DecisionClash(name.clone()));
            }
        }
        self.change_problem(|p| {
            p.classes = clean;
            p.decisions = decisions;
        })
    }

    /// Renames class `k` (its decision follows if it was named after it).
    ///
    /// # Errors
    /// As [`check_name`], or a decision name clash.
    pub fn rename_class(&mut self, k: usize, name: &str) -> Result<(), EditError> {
        if k >= self.n() {
            return Err(EditError::NoSuch("class"));
        }
        let mut names = self.classes().clone();
        let others = self
            .classes()
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != k)
            .map(|(_, s)| s.as_str());
        names[k] = check_name("class", name, others)?;
        self.set_class_names(names)
    }

    /// Adds a class after the last one, named `2`, `3`, … (or `class 3` if that is taken):
    /// every confusion matrix gets an empty row and column (no test case of the new class
    /// yet), the utility matrix a row and a column (the best old utility for the right
    /// decision, the worst for wrong ones). Deployment shares and κ get a 0 for it.
    ///
    /// # Errors
    /// Already [`MAX_CLASSES`] classes, or the matrices would hold more than [`MAX_CELLS`]
    /// cells.
    pub fn add_class(&mut self) -> Result<usize, EditError> {
        let n = self.n();
        Shape::new(self.utility().rows() + 1, n + 1).map_err(|_| EditError::TooManyClasses)?;
        let k = self.classifiers().len();
        if k * (n + 1) * (n + 1) > MAX_CELLS {
            return Err(EditError::TooManyCells {
                classifiers: k,
                n: n + 1,
            });
        }
        let taken: Vec<&str> = self
            .classes()
            .iter()
            .chain(self.decisions())
            .map(String::as_str)
            .collect();
        let name = unique_name(&[default_class_name(n), format!("class {}", n + 1)], &taken);
        let prevalence = self.prevalence.take();
        let kappa = self.kappa.take();
        self.resize_classes(n + 1);
        self.change_problem(|p| {
            p.classes[n] = name.clone();
            p.decisions[n] = name;
        })?;
        self.prevalence = prevalence.map(|mut p| {
            p.push(0.0);
            p
        });
        self.kappa = kappa.map(|mut k| {
            k.push(0.0);
            k
        });
        debug_assert!(self.validate().is_ok());
        Ok(n)
    }

    /// Removes class `k`: its row and column in every matrix (its test cases and the cases
    /// the classifiers assigned to it are dropped), its decision, and its deployment share
    /// (the others are rescaled).
    ///
    /// # Errors
    /// Only two classes left, or a classifier would be left without any test case.
    pub fn remove_class(&mut self, k: usize) -> Result<(), EditError> {
        let n = self.n();
        if k >= n {
            return Err(EditError::NoSuch("class"));
        }
        if n <= 2 {
            return Err(EditError::TooFewClasses);
        }
        let mut classifiers = self.classifiers().clone();
        for c in &mut classifiers {
            let m = without(&c.matrix, Some(k), Some(k));
            if m.sum() <= 0.0 {
                return Err(EditError::WouldEmpty {
                    class: self.classes()[k].clone(),
                    classifier: c.name.clone(),
                });
            }
            c.matrix = m;
        }
        let prevalence = self.prevalence.as_ref().and_then(|p| {
            let rest: Vec<f64> = p
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(_, v)| *v)
                .collect();
            let s: f64 = rest.iter().sum();
            (s > 0.0).then(|| rest.iter().map(|v| v / s).collect())
        });
        let mut kappa = self.kappa.take();
        if let Some(kappa) = &mut kappa {
            kappa.remove(k);
        }
        let rows: Vec<Option<usize>> = (0..self.decisions().len())
            .filter(|d| *d != k)
            .map(Some)
            .collect();
        let cols: Vec<Option<usize>> = (0..n).filter(|j| *j != k).map(Some).collect();
        for c in self.problem.decided() {
            if super::decided::reshape(&c.matrix, &rows, &cols).sum() <= 0.0 {
                return Err(EditError::WouldEmpty {
                    class: self.classes()[k].clone(),
                    classifier: c.name.clone(),
                });
            }
        }
        self.change_problem(|p| {
            p.utility = without(&p.utility, Some(k), Some(k));
            p.classes.remove(k);
            p.decisions.remove(k);
            p.classifiers = classifiers;
            super::decided::reshape_all(p, &rows, &cols);
        })?;
        self.prevalence = prevalence;
        self.kappa = kappa;
        debug_assert!(self.validate().is_ok());
        Ok(())
    }

    /// Renames decision `d`.
    ///
    /// # Errors
    /// As [`check_name`].
    pub fn rename_decision(&mut self, d: usize, name: &str) -> Result<(), EditError> {
        if d >= self.decisions().len() {
            return Err(EditError::NoSuch("decision"));
        }
        let others = self
            .decisions()
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != d)
            .map(|(_, s)| s.as_str());
        let name = check_name("decision", name, others)?;
        self.change_problem(|p| p.decisions[d] = name)
    }

    /// Adds a decision that is not a class (e.g. "refer to an expert"): a row of zeros in the
    /// utility matrix. Returns its index.
    ///
    /// # Errors
    /// Already [`MAX_DIM`] decisions.
    pub fn add_decision(&mut self) -> Result<usize, EditError> {
        let rows = self.utility().rows();
        Shape::new(rows + 1, self.n()).map_err(|_| EditError::TooManyDecisions)?;
        let taken: Vec<&str> = self.decisions().iter().map(String::as_str).collect();
        let name = unique_name(&[default_decision_name(rows, self.classes())], &taken);
        let mut data = self.utility().data().to_vec();
        data.extend(std::iter::repeat_n(0.0, self.n()));
        let n = self.n();
        self.change_problem(|p| {
            p.utility = Matrix::new(rows + 1, n, data).expect("one more row");
            p.decisions.push(name);
            let new_rows: Vec<Option<usize>> = (0..rows).map(Some).chain([None]).collect();
            let cols: Vec<Option<usize>> = (0..n).map(Some).collect();
            super::decided::reshape_all(p, &new_rows, &cols);
        })?;
        Ok(rows)
    }

    /// Removes decision `d`, which must be an extra one (not a class's).
    ///
    /// # Errors
    /// `d` is the decision of a class.
    pub fn remove_decision(&mut self, d: usize) -> Result<(), EditError> {
        if d >= self.decisions().len() {
            return Err(EditError::NoSuch("decision"));
        }
        if d < self.n() {
            return Err(EditError::ClassDecision(self.decisions()[d].clone()));
        }
        let mut fields = self.problem.fields();
        let keep: Vec<usize> = (0..self.decisions().len()).filter(|k| *k != d).collect();
        super::decided::keep_decisions(&mut fields, &keep)?;
        self.change_problem(|p| {
            p.decided = fields.decided;
            p.utility = without(&p.utility, Some(d), None);
            p.decisions.remove(d);
        })
    }

    /// Sets the utility matrix (rows = decisions): it must have one column per class and at
    /// least one row per class; rows beyond the current decisions become new decisions, and
    /// missing extra rows remove the last extra decisions.
    ///
    /// # Errors
    /// Wrong number of columns, too few rows.
    pub fn set_utility(&mut self, m: Matrix) -> Result<(), EditError> {
        let n = self.n();
        if m.cols() != n {
            return Err(EditError::UtilityColumns {
                n,
                classes: self.classes().join(", "),
                found: m.cols(),
            });
        }
        match Shape::new(m.rows(), n) {
            Err(ShapeError::TooFewDecisions { .. }) => {
                return Err(EditError::UtilityRows { n, found: m.rows() });
            }
            Err(_) => return Err(EditError::TooManyDecisions),
            Ok(_) => {}
        }
        let m = UtilityMatrix::new(m)
            .map_err(EditError::Utility)?
            .matrix()
            .clone();
        let mut decisions: Vec<String> = self.decisions().iter().take(m.rows()).cloned().collect();
        while decisions.len() < m.rows() {
            let taken: Vec<&str> = decisions.iter().map(String::as_str).collect();
            let name = unique_name(
                &[default_decision_name(decisions.len(), self.classes())],
                &taken,
            );
            decisions.push(name);
        }
        let mut fields = self.problem.fields();
        let keep: Vec<usize> = (0..m.rows().min(self.decisions().len())).collect();
        super::decided::keep_decisions(&mut fields, &keep)?;
        let rows: Vec<Option<usize>> = (0..m.rows())
            .map(|d| keep.contains(&d).then_some(d))
            .collect();
        let cols: Vec<Option<usize>> = (0..n).map(Some).collect();
        super::decided::reshape_all(&mut fields, &rows, &cols);
        self.change_problem(|p| {
            p.utility = m;
            p.decisions = decisions;
            p.decided = fields.decided;
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::three;
    use super::*;
    use crate::{link, presets};

    #[test]
    fn rename_class_moves_its_decision_too() {
        let mut s = presets::factory();
        s.rename_class(0, " tall ").unwrap();
        assert_eq!(*s.classes(), vec!["tall", "short"]);
        assert_eq!(*s.decisions(), vec!["tall", "short"]);
        assert!(s.rename_class(0, "short").is_err());
        assert!(s.rename_class(1, "").is_err());
        assert!(s.rename_class(5, "x").is_err());
        assert_eq!(*s.classes(), vec!["tall", "short"]);
        s.validate().unwrap();
        // A decision with its own name stays.
        let mut m = link::decode(presets::preset("medical").unwrap().fragment).state;
        m.rename_class(0, "benign").unwrap();
        assert_eq!(m.decisions()[0], "treat as 0");
    }

    #[test]
    fn rename_class_refuses_a_decision_clash() {
        let mut s = three();
        let before = s.clone();
        assert!(s.rename_class(0, "refer").is_err());
        assert_eq!(s, before);
    }

    #[test]
    fn add_class_keeps_shares_kappa_and_unique_names() {
        let mut s = three();
        assert_eq!(s.add_class().unwrap(), 3);
        s.validate().unwrap();
        assert_eq!(*s.classes(), vec!["a", "b", "c", "3"]);
        assert_eq!(*s.decisions(), vec!["a", "b", "c", "3", "refer"]);
        assert_eq!(s.prevalence.as_deref(), Some(&[0.2, 0.3, 0.5, 0.0][..]));
        assert_eq!(s.kappa.as_deref(), Some(&[0.1, 0.2, 0.3, 0.0][..]));
        assert_eq!(s.utility().row(4), &[0.5, 0.5, 0.5, 0.0]);
        assert_eq!(s.classifiers()[0].matrix.row(3), &[0.0; 4]);
        // "4" is taken by a class: the next one is "class 5".
        let mut t = link::decode("u=1,0;0,1&cm.A=1,0;0,1&classes=4,x").state;
        t.add_class().unwrap();
        assert_eq!(*t.classes(), vec!["4", "x", "2"]);
        t.add_class().unwrap();
        t.validate().unwrap();
        t.rename_class(2, "y").unwrap();
        t.add_class().unwrap();
        assert_eq!(t.classes()[4], "class 5");
    }

    #[test]
    fn add_class_up_to_the_limit() {
        let mut s = presets::factory();
        for _ in 2..crate::problem::MAX_CLASSES {
            s.add_class().unwrap();
        }
        s.validate().unwrap();
        assert!(s.add_class().is_err());
    }

    #[test]
    fn remove_any_class() {
        let mut s = three();
        s.remove_class(1).unwrap();
        s.validate().unwrap();
        assert_eq!(*s.classes(), vec!["a", "c"]);
        assert_eq!(*s.decisions(), vec!["a", "c", "refer"]);
        assert_eq!(s.utility().to_string(), "1,0;0,1;0.5,0.5");
        assert_eq!(s.classifiers()[0].matrix.to_string(), "5,2;0,7");
        assert_eq!(s.classifiers()[1].matrix.to_string(), "4,0;1,4");
        let p = s.prevalence.clone().unwrap();
        assert!((p[0] - 0.2 / 0.7).abs() < 1e-12 && (p[1] - 0.5 / 0.7).abs() < 1e-12);
        assert_eq!(s.kappa.as_deref(), Some(&[0.1, 0.3][..]));
        // Two classes are the minimum.
        assert!(s.remove_class(0).is_err());
        assert_eq!(s.n(), 2);
    }

    #[test]
    fn remove_first_and_last_class() {
        let mut s = three();
        s.remove_class(0).unwrap();
        assert_eq!(*s.classes(), vec!["b", "c"]);
        assert_eq!(s.classifiers()[0].matrix.to_string(), "6,0;3,7");
        let mut t = three();
        t.remove_class(2).unwrap();
        assert_eq!(t.utility().to_string(), "1,0;0,1;0.5,0.5");
        t.validate().unwrap();
    }

    #[test]
    fn remove_class_refuses_to_empty_a_classifier() {
        let mut s =
            link::decode("u=1,0,0;0,1,0;0,0,1&cm.A=0,0,0;0,0,0;0,0,9&cm.B=1,0,0;0,1,0;0,0,1").state;
        let before = s.clone();
        let e = s.remove_class(2).unwrap_err();
        assert!(e.to_string().contains("'A'"), "{e}");
        assert_eq!(s, before);
        // Without any share left, deployment shares are dropped.
        let mut t = link::decode("u=1,0,0;0,1,0;0,0,1&cm.A=1,0,0;0,1,0;0,0,1&prev=0,0,1").state;
        t.remove_class(2).unwrap();
        assert_eq!(t.prevalence, None);
        t.validate().unwrap();
    }

    #[test]
    fn decisions_add_rename_remove() {
        let mut s = presets::factory();
        assert_eq!(s.add_decision().unwrap(), 2);
        assert_eq!(*s.decisions(), vec!["long", "short", "decision 2"]);
        assert_eq!(s.utility().row(2), &[0.0, 0.0]);
        s.validate().unwrap();
        s.rename_decision(2, "refer to an expert").unwrap();
        assert!(s.rename_decision(2, "long").is_err());
        assert!(s.rename_decision(2, " ").is_err());
        assert!(s.remove_decision(0).is_err());
        s.add_decision().unwrap();
        assert_eq!(s.decisions()[3], "decision 3");
        s.remove_decision(2).unwrap();
        assert_eq!(*s.decisions(), vec!["long", "short", "decision 3"]);
        s.validate().unwrap();
        // The encoded link keeps the names.
        let back = link::decode(&link::encode(&s)).state;
        assert_eq!(back, s);
    }

    #[test]
    fn set_utility_adjusts_decisions() {
        let mut s = presets::factory();
        s.set_utility(Matrix::parse("1,0;0,1;0.2,0.2").unwrap())
            .unwrap();
        assert_eq!(*s.decisions(), vec!["long", "short", "decision 2"]);
        s.validate().unwrap();
        s.set_utility(Matrix::parse("1,0;0,1").unwrap()).unwrap();
        assert_eq!(s.decisions().len(), 2);
        assert!(
            s.set_utility(Matrix::parse("1,0,0;0,1,0;0,0,1").unwrap())
                .is_err()
        );
        assert!(s.set_utility(Matrix::parse("1,0").unwrap()).is_err());
    }
}
