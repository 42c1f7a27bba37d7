//! Stage 3 of an import: the classifier in a copy of the state — added, or replacing the one of
//! its name — with the classes renamed or resized when the file's replace them, and the result
//! checked (invariants, deployment shares).

use super::classes::{Reconciled, Source};
use super::{ImportError, ImportProblem};
use crate::edit::names::check_name;
use crate::edit::resize_by_steps;
use crate::{AppState, Classifier, MAX_CLASSIFIERS, ProblemError, StateError};
use ulab_core::Matrix;

/// Where an imported classifier goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// Its name (checked, trimmed).
    pub name: String,
    /// The classifier of that name it replaces, if any.
    pub index: Option<usize>,
    /// The other classifiers (those it does not replace).
    pub others: usize,
}

/// Where a classifier named `name` goes in `state`: replacing the one of that name, or added.
///
/// # Errors
/// An empty or too long name, or a new classifier when there are already
/// [`MAX_CLASSIFIERS`].
///
/// # Examples
///
/// ```
/// use ulab_state::edit::import::place::target;
/// use ulab_state::AppState;
/// let s = AppState::default(); // A and B
/// assert_eq!(target(&s, " B ").unwrap().index, Some(1));
/// assert_eq!(target(&s, "C").unwrap().others, 2);
/// assert!(target(&s, " ").is_err());
/// ```
pub fn target(state: &AppState, name: &str) -> Result<Target, ImportError> {
    let name = check_name("classifier", name, std::iter::empty())
        .map_err(|e| ImportError::whole(ImportProblem::Edit(e)))?;
    let index = state.classifiers().iter().position(|c| c.name == name);
    if index.is_none() && state.classifiers().len() >= MAX_CLASSIFIERS {
        return Err(ImportError::whole(ImportProblem::TooManyClassifiers));
    }
    Ok(Target {
        name,
        index,
        others: state.classifiers().len() - usize::from(index.is_some()),
    })
}

/// An imported classifier in its state.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// The new state.
    pub state: AppState,
    /// The classifier's index.
    pub index: usize,
    /// Its name.
    pub name: String,
    /// Whether it replaced one of the same name.
    pub replaced: bool,
    /// Where its counts came from.
    pub source: Source,
    /// What was done on the way, in order.
    pub notes: Vec<String>,
}

/// Places the reconciled counts at `target` in a copy of `state`. When the file's classes
/// replace the current ones, the classes are renamed (and resized, when there is no other
/// classifier), and deployment shares and κ are turned off.
///
/// # Errors
/// Another number of classes while other classifiers keep the current one, a class name
/// refused, an invalid result, or a classifier without a test case of a class with a
/// deployment share.
pub fn place(
    state: &AppState,
    target: &Target,
    reconciled: Reconciled,
) -> Result<Placed, ImportError> {
    let whole = |p| ImportError::whole(p);
    let Reconciled {
        counts,
        classes,
        source,
        mut notes,
    } = reconciled;
    let mut next = state.clone();
    let mut index = target.index;
    if let Some(names) = &classes {
        let (k, n) = (names.len(), state.n());
        if k != n {
            if target.others > 0 {
                return Err(whole(ImportProblem::FileClassCount {
                    k,
                    names: ulab_core::text::truncate(&names.join(", "), 200),
                    n,
                }));
            }
            next.change_problem(|p| p.classifiers.clear())
                .map_err(|e| whole(ImportProblem::Edit(e)))?;
            index = None;
            resize_by_steps(&mut next, k);
        }
        let renamed = names != next.classes();
        if renamed {
            next.set_class_names(names.clone())
                .map_err(|e| whole(ImportProblem::Edit(e)))?;
        }
        if renamed || k != n {
            notes.push(format!(
                "the classes are now {}",
                ulab_core::text::truncate(&next.classes().join(", "), 200)
            ));
            if next.prevalence.is_some() {
                notes.push("deployment shares were turned off".into());
            }
            next.prevalence = None;
            next.kappa = None;
        }
    }
    let index = insert(&mut next, index, &target.name, counts)
        .map_err(|e| whole(ImportProblem::Invalid(StateError::Problem(e))))?;
    next.validate()
        .map_err(|e| whole(ImportProblem::Invalid(e)))?;
    if let Some(p) = &next.prevalence {
        next.check_prevalence(p)
            .map_err(|e| whole(ImportProblem::SharesNeeded(e)))?;
    }
    Ok(Placed {
        state: next,
        index,
        name: target.name.clone(),
        replaced: target.index.is_some(),
        source,
        notes,
    })
}

/// Puts the classifier at `index` (replacing it) or at the end; returns its index.
///
/// # Errors
/// The classifier does not fit the problem.
fn insert(
    state: &mut AppState,
    index: Option<usize>,
    name: &str,
    counts: Matrix,
) -> Result<usize, ProblemError> {
    let classifier = Classifier {
        name: name.to_string(),
        matrix: counts,
    };
    let mut fields = state.problem.fields();
    let i = match index {
        Some(i) if i < fields.classifiers.len() => {
            fields.classifiers[i] = classifier;
            i
        }
        _ => {
            fields.classifiers.push(classifier);
            fields.classifiers.len() - 1
        }
    };
    state.set_problem(fields)?;
    Ok(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    fn counts(text: &str, classes: Option<&[&str]>) -> Reconciled {
        Reconciled {
            counts: Matrix::parse(text).unwrap(),
            classes: classes.map(|v| v.iter().map(|s| s.to_string()).collect()),
            source: Source::Matrix,
            notes: Vec::new(),
        }
    }

    #[test]
    fn added_or_replaced() {
        let s = presets::factory();
        let p = place(&s, &target(&s, "C").unwrap(), counts("1,2;3,4", None)).unwrap();
        assert_eq!((p.index, p.replaced), (2, false));
        let p = place(&s, &target(&s, "A").unwrap(), counts("1,2;3,4", None)).unwrap();
        assert_eq!(
            (p.index, p.replaced, p.state.classifiers().len()),
            (0, true, 2)
        );
        assert_eq!(p.state.classifiers()[0].matrix.to_string(), "1,2;3,4");
    }

    #[test]
    fn the_files_classes_replace_the_current_ones() {
        let mut s = presets::factory();
        s.prevalence = Some(vec![0.5, 0.5]);
        let t = target(&s, "C").unwrap();
        let p = place(&s, &t, counts("1,2;3,4", Some(&["cat", "dog"]))).unwrap();
        assert_eq!(*p.state.classes(), ["cat", "dog"]);
        assert_eq!(p.state.prevalence, None);
        assert_eq!(
            p.notes,
            [
                "the classes are now cat, dog",
                "deployment shares were turned off"
            ]
        );
        // Another number of classes only without other classifiers.
        let three = counts("1,0,0;0,1,0;0,0,1", Some(&["x", "y", "z"]));
        let e = place(&s, &t, three.clone()).unwrap_err();
        assert!(matches!(
            e.problem,
            ImportProblem::FileClassCount { k: 3, n: 2, .. }
        ));
        s.change_problem(|p| {
            p.classifiers.truncate(1);
        })
        .unwrap();
        let p = place(&s, &target(&s, "A").unwrap(), three).unwrap();
        assert_eq!((p.state.n(), p.index), (3, 0));
    }

    #[test]
    fn deployment_shares_need_a_case_of_each_class() {
        let mut s = presets::factory();
        s.prevalence = Some(vec![0.5, 0.5]);
        let e = place(&s, &target(&s, "C").unwrap(), counts("1,0;1,0", None)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "'short' has no test case in C's matrix, so its deployment share must be 0; set it \
             to 0 or turn deployment shares off first"
        );
    }
}
