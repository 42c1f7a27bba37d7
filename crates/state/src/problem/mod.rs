//! The problem every view reads: the class names, the decisions, the validated utility matrix
//! (rows = decisions, columns = true classes) and the named classifiers with their validated
//! confusion matrices (rows = output, columns = true class). [`Problem`] is built only through
//! [`Problem::new`] — by the link decoder, the state file reader, the presets and the edits —
//! so a view never meets a problem that breaks an invariant, and none rebuilds it its own way.
//!
//! The invariants, checked in this order (the first broken is the error):
//! 1. the shape rule ([`Shape`]: 2–100 classes, `n ≤ n_d ≤ 100` decisions, at most
//!    [`MAX_CELLS`](ulab_core::limits::MAX_CELLS) confusion cells);
//! 2. the utility matrix is a utility matrix ([`UtilityMatrix::new`]);
//! 3. one non-empty name per class and per decision;
//! 4. at most [`MAX_CLASSIFIERS`] classifiers, each named, uniquely, with an `n × n` confusion
//!    matrix of counts or fractions ([`ConfusionMatrix::new`]);
//! 5. the classifiers with **a row per decision** ([`Problem::decided`]: a rule that refers or
//!    takes another extra decision, e.g. sent by the Probabilities view) only when the utility
//!    matrix has extra decisions (`n_d > n`), each `n_d × n` ([`DecisionCounts::new`]), named
//!    uniquely among all classifiers, and counted in the limits of invariant 4 and of the
//!    cells. Only Compare ranks them; the other views read [`Problem::classifiers`] and say
//!    they leave them out.
//!
//! [`ProblemFields`] is the same data without the checks: what the edits change before they
//! ask for a new `Problem`, and what the state file holds.

mod shape;

pub use shape::{MAX_CLASSES, MAX_DECISIONS, Shape, ShapeError};

use serde::{Deserialize, Serialize};
use std::fmt;
use ulab_core::{ConfusionMatrix, CoreError, DecisionCounts, Matrix, Orientation, UtilityMatrix};

/// The most classifiers a problem holds.
pub const MAX_CLASSIFIERS: usize = ulab_core::limits::MAX_CLASSIFIERS;

/// A named classifier: its confusion matrix as given (counts or fractions), rows = output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Classifier {
    /// The name shown everywhere (plain text, never markup).
    pub name: String,
    /// Counts or fractions, rows = output `i`, columns = true class `j`.
    pub matrix: Matrix,
}

impl Classifier {
    /// The validated confusion matrix.
    ///
    /// # Errors
    /// What [`ConfusionMatrix::new`] refuses.
    pub fn confusion(&self) -> Result<ConfusionMatrix, CoreError> {
        ConfusionMatrix::new(self.matrix.clone(), Orientation::OutputRows)
    }
}

/// A problem's data without its checks (see [`Problem`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProblemFields {
    /// Names of the true classes (length `n`).
    pub classes: Vec<String>,
    /// Names of the decisions (length `n_d ≥ n`; the first `n` mean "decide class k").
    pub decisions: Vec<String>,
    /// The utility matrix, rows = decisions, columns = classes.
    pub utility: Matrix,
    /// The classifiers, in order.
    pub classifiers: Vec<Classifier>,
    /// The classifiers with a row per decision (`n_d × n`, rows = decisions), in order, after
    /// the others wherever all are listed (see the module's invariant 5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decided: Vec<Classifier>,
}

/// The first invariant a problem breaks: its `Display` is one line for the user.
#[derive(Debug, Clone, PartialEq)]
pub enum ProblemError {
    /// The shape rule.
    Shape(ShapeError),
    /// The utility matrix is not a utility matrix (an entry beyond ±10¹⁵).
    Utility(CoreError),
    /// Not one class name per class, or an empty one.
    ClassNames {
        /// Names given.
        found: usize,
        /// Classes.
        n: usize,
    },
    /// Not one decision name per decision, or an empty one.
    DecisionNames {
        /// Names given.
        found: usize,
        /// Decisions.
        n: usize,
    },
    /// More than [`MAX_CLASSIFIERS`] classifiers.
    TooManyClassifiers,
    /// A classifier without a name (its 0-based position).
    Unnamed(usize),
    /// Two classifiers with this name.
    DuplicateName(String),
    /// A classifier's matrix is not `n × n`.
    ClassifierSize {
        /// Its name.
        name: String,
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
        /// The number of classes.
        n: usize,
    },
    /// A classifier with a row per decision whose matrix is not `n_d × n` with `n_d > n`.
    DecidedSize {
        /// Its name.
        name: String,
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
        /// The number of decisions.
        n_d: usize,
        /// The number of classes.
        n: usize,
    },
    /// A classifier's matrix is not a confusion matrix.
    Classifier {
        /// Its name.
        name: String,
        /// Why.
        error: CoreError,
    },
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::Shape(e) => write!(f, "{e}"),
            ProblemError::Utility(e) => write!(f, "utility matrix: {e}"),
            ProblemError::ClassNames { found, n } => {
                write!(f, "{found} class names for {n} classes")
            }
            ProblemError::DecisionNames { found, n } => {
                write!(f, "{found} decision names for {n} decisions")
            }
            ProblemError::TooManyClassifiers => {
                write!(f, "more than {MAX_CLASSIFIERS} classifiers")
            }
            ProblemError::Unnamed(i) => write!(f, "classifier {} has no name", i + 1),
            ProblemError::DuplicateName(name) => write!(f, "two classifiers are named '{name}'"),
            ProblemError::ClassifierSize {
                name,
                rows,
                cols,
                n,
            } => write!(
                f,
                "classifier '{name}' is {rows} × {cols} but there are {n} classes"
            ),
            ProblemError::DecidedSize {
                name,
                rows,
                cols,
                n_d,
                n,
            } if n_d > n => write!(
                f,
                "classifier '{name}' is {rows} × {cols} but has a row per decision: {n_d} \
                 decisions × {n} classes"
            ),
            ProblemError::DecidedSize { name, n, .. } => write!(
                f,
                "classifier '{name}' has a row per decision, but the utility matrix has no \
                 decision beyond the {n} classes"
            ),
            ProblemError::Classifier { name, error } => write!(f, "classifier '{name}': {error}"),
        }
    }
}

impl std::error::Error for ProblemError {}

impl From<ShapeError> for ProblemError {
    fn from(e: ShapeError) -> ProblemError {
        ProblemError::Shape(e)
    }
}

/// The validated problem (see the module's invariants). Read it with its accessors; change it
/// by building a new one from changed [`ProblemFields`] ([`Problem::fields`], then
/// [`Problem::new`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "ProblemFields", into = "ProblemFields")]
pub struct Problem {
    fields: ProblemFields,
    shape: Shape,
    utility: UtilityMatrix,
    confusions: Vec<ConfusionMatrix>,
    decided: Vec<DecisionCounts>,
}

impl TryFrom<ProblemFields> for Problem {
    type Error = ProblemError;

    fn try_from(fields: ProblemFields) -> Result<Problem, ProblemError> {
        Problem::new(fields)
    }
}

impl From<Problem> for ProblemFields {
    fn from(p: Problem) -> ProblemFields {
        p.fields
    }
}

impl Problem {
    /// Checks `fields` against every invariant of the module.
    ///
    /// # Errors
    /// The first invariant broken.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// use ulab_state::problem::{Classifier, Problem, ProblemError, ProblemFields};
    /// let fields = ProblemFields {
    ///     classes: vec!["long".into(), "short".into()],
    ///     decisions: vec!["long".into(), "short".into(), "refer".into()],
    ///     utility: Matrix::parse("15,-335;-35,165;0,0").unwrap(),
    ///     classifiers: vec![Classifier { name: "A".into(), matrix: Matrix::parse("27,15;23,35").unwrap() }],
    ///     // A rule that referred 20 items: a row per decision.
    ///     decided: vec![Classifier { name: "R".into(), matrix: Matrix::parse("20,10;20,30;10,10").unwrap() }],
    /// };
    /// let p = Problem::new(fields.clone()).unwrap();
    /// assert_eq!((p.n(), p.n_decisions(), p.confusion(0).total()), (2, 3, 100.0));
    /// assert_eq!((p.all_names(), p.decided_counts()[0].total()), (vec!["A".into(), "R".into()], 100.0));
    /// let mut twice = fields;
    /// twice.classifiers.push(twice.classifiers[0].clone());
    /// assert_eq!(Problem::new(twice), Err(ProblemError::DuplicateName("A".into())));
    /// ```
    pub fn new(fields: ProblemFields) -> Result<Problem, ProblemError> {
        let shape = Shape::new(fields.utility.rows(), fields.utility.cols())?;
        shape.check_cells(fields.classifiers.len())?;
        shape.check_decided_cells(fields.classifiers.len(), fields.decided.len())?;
        let utility = UtilityMatrix::new(fields.utility.clone()).map_err(ProblemError::Utility)?;
        let n = shape.classes();
        if fields.classes.len() != n || fields.classes.iter().any(String::is_empty) {
            return Err(ProblemError::ClassNames {
                found: fields.classes.len(),
                n,
            });
        }
        let n_d = shape.decisions();
        if fields.decisions.len() != n_d || fields.decisions.iter().any(String::is_empty) {
            return Err(ProblemError::DecisionNames {
                found: fields.decisions.len(),
                n: n_d,
            });
        }
        let confusions = check_classifiers(&fields.classifiers, n)?;
        let decided = check_decided(&fields, n_d)?;
        Ok(Problem {
            fields,
            shape,
            utility,
            confusions,
            decided,
        })
    }

    /// A copy of the data, to change and check again with [`Problem::new`].
    pub fn fields(&self) -> ProblemFields {
        self.fields.clone()
    }

    /// The shape: numbers of decisions and classes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The number of classes `n`.
    pub fn n(&self) -> usize {
        self.shape.classes()
    }

    /// The number of decisions `n_d ≥ n`.
    pub fn n_decisions(&self) -> usize {
        self.shape.decisions()
    }

    /// The class names (length `n`).
    pub fn classes(&self) -> &Vec<String> {
        &self.fields.classes
    }

    /// The decision names (length `n_d`; the first `n` mean "decide class k").
    pub fn decisions(&self) -> &Vec<String> {
        &self.fields.decisions
    }

    /// The utility matrix's cells as entered (rows = decisions), for editors and links.
    pub fn utility_cells(&self) -> &Matrix {
        &self.fields.utility
    }

    /// The validated utility matrix.
    pub fn utility(&self) -> &UtilityMatrix {
        &self.utility
    }

    /// The classifiers, in order, as entered.
    pub fn classifiers(&self) -> &Vec<Classifier> {
        &self.fields.classifiers
    }

    /// The validated confusion matrix of classifier `i` (panics past the end, as indexing
    /// does: `i < classifiers().len()`).
    pub fn confusion(&self, i: usize) -> &ConfusionMatrix {
        &self.confusions[i]
    }

    /// The validated confusion matrices, in the classifiers' order.
    pub fn confusions(&self) -> &[ConfusionMatrix] {
        &self.confusions
    }

    /// The classifiers with a row per decision, in order, as entered (invariant 5).
    pub fn decided(&self) -> &Vec<Classifier> {
        &self.fields.decided
    }

    /// Their validated decision × class counts, in order.
    pub fn decided_counts(&self) -> &[DecisionCounts] {
        &self.decided
    }

    /// Every classifier's decision × class counts: the classifiers' (one output per class,
    /// output `i` = decision `i`), then the [`Problem::decided`] ones — the order of
    /// [`Problem::all_names`], in which Compare ranks them all.
    pub fn all_counts(&self) -> Vec<DecisionCounts> {
        self.confusions
            .iter()
            .map(DecisionCounts::from_confusion)
            .chain(self.decided.iter().cloned())
            .collect()
    }

    /// Every classifier's name: the classifiers', then the [`Problem::decided`] ones.
    pub fn all_names(&self) -> Vec<String> {
        let all = self.fields.classifiers.iter().chain(&self.fields.decided);
        all.map(|c| c.name.clone()).collect()
    }

    /// The classifiers a view that reads only [`Problem::classifiers`] leaves out, said for
    /// the user (`None` when there are none): "It leaves out 'A, optimal', which has a row per
    /// decision: only Compare ranks such classifiers."
    pub fn left_out_note(&self) -> Option<String> {
        let names: Vec<String> = self
            .fields
            .decided
            .iter()
            .map(|c| format!("'{}'", ulab_core::text::truncate(&c.name, 40)))
            .collect();
        let (list, which) = match names.len() {
            0 => return None,
            1 => (names[0].clone(), "which has"),
            _ => (names.join(", "), "which have"),
        };
        Some(format!(
            "This view leaves out {list}, {which} a row per decision (it also decides '{}'): \
             only Compare ranks such classifiers.",
            self.fields.decisions[self.n()..].join("', '")
        ))
    }

    /// The classifiers' names, in order.
    pub fn names(&self) -> Vec<String> {
        self.fields
            .classifiers
            .iter()
            .map(|c| c.name.clone())
            .collect()
    }
}

/// Invariant 5: the classifiers with a row per decision; their validated counts.
fn check_decided(fields: &ProblemFields, n_d: usize) -> Result<Vec<DecisionCounts>, ProblemError> {
    let n = fields.classes.len();
    if fields.classifiers.len() + fields.decided.len() > MAX_CLASSIFIERS {
        return Err(ProblemError::TooManyClassifiers);
    }
    let mut out = Vec::with_capacity(fields.decided.len());
    for (i, c) in fields.decided.iter().enumerate() {
        if c.name.is_empty() {
            return Err(ProblemError::Unnamed(fields.classifiers.len() + i));
        }
        let before = fields.classifiers.iter().chain(&fields.decided[..i]);
        if before.clone().any(|d| d.name == c.name) {
            return Err(ProblemError::DuplicateName(c.name.clone()));
        }
        if n_d == n || c.matrix.rows() != n_d || c.matrix.cols() != n {
            return Err(ProblemError::DecidedSize {
                name: c.name.clone(),
                rows: c.matrix.rows(),
                cols: c.matrix.cols(),
                n_d,
                n,
            });
        }
        out.push(DecisionCounts::new(c.matrix.clone()).map_err(|error| {
            ProblemError::Classifier {
                name: c.name.clone(),
                error,
            }
        })?);
    }
    Ok(out)
}

/// The classifiers' invariants; their validated confusion matrices.
fn check_classifiers(
    classifiers: &[Classifier],
    n: usize,
) -> Result<Vec<ConfusionMatrix>, ProblemError> {
    if classifiers.len() > MAX_CLASSIFIERS {
        return Err(ProblemError::TooManyClassifiers);
    }
    let mut confusions = Vec::with_capacity(classifiers.len());
    for (i, c) in classifiers.iter().enumerate() {
        if c.name.is_empty() {
            return Err(ProblemError::Unnamed(i));
        }
        if classifiers[..i].iter().any(|d| d.name == c.name) {
            return Err(ProblemError::DuplicateName(c.name.clone()));
        }
        if c.matrix.rows() != n || c.matrix.cols() != n {
            return Err(ProblemError::ClassifierSize {
                name: c.name.clone(),
                rows: c.matrix.rows(),
                cols: c.matrix.cols(),
                n,
            });
        }
        confusions.push(c.confusion().map_err(|error| ProblemError::Classifier {
            name: c.name.clone(),
            error,
        })?);
    }
    Ok(confusions)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn factory() -> ProblemFields {
        let m = |s: &str| Matrix::parse(s).unwrap();
        ProblemFields {
            classes: vec!["long".into(), "short".into()],
            decisions: vec!["long".into(), "short".into()],
            utility: m("15,-335;-35,165"),
            classifiers: vec![
                Classifier {
                    name: "A".into(),
                    matrix: m("27,15;23,35"),
                },
                Classifier {
                    name: "B".into(),
                    matrix: m("43,18;7,32"),
                },
            ],
            decided: Vec::new(),
        }
    }

    #[test]
    fn each_invariant_is_named() {
        fn m(s: &str) -> Matrix {
            Matrix::parse(s).unwrap()
        }
        type Change = fn(&mut ProblemFields);
        let cases: Vec<(Change, &str)> = vec![
            (
                |p| p.utility = m("1,2"),
                "the utility matrix needs at least one decision per class (2 rows)",
            ),
            (
                |p| p.utility = m("1;2"),
                "the utility matrix needs at least 2 classes (columns)",
            ),
            (
                |p| p.classes.pop().map(drop).unwrap_or(()),
                "1 class names for 2 classes",
            ),
            (|p| p.classes[1].clear(), "2 class names for 2 classes"),
            (|p| p.decisions.clear(), "0 decision names for 2 decisions"),
            (
                |p| p.classifiers[0].name.clear(),
                "classifier 1 has no name",
            ),
            (
                |p| p.classifiers[1].name = "A".into(),
                "two classifiers are named 'A'",
            ),
            (
                |p| p.classifiers[0].matrix = m("1,2,3;4,5,6;7,8,9"),
                "classifier 'A' is 3 × 3 but there are 2 classes",
            ),
            (
                |p| p.classifiers[0].matrix = m("0,0;0,0"),
                "classifier 'A': all counts are zero",
            ),
            (
                |p| p.utility = m("1e300,0;0,1"),
                "utility matrix: row 1, cell 1: 1e300 is beyond ±10¹⁵, the largest utility supported",
            ),
        ];
        for (change, message) in cases {
            let mut f = factory();
            change(&mut f);
            assert_eq!(Problem::new(f).unwrap_err().to_string(), message);
        }
    }

    #[test]
    fn serde_is_the_fields_and_checks_them() {
        let p = Problem::new(factory()).unwrap();
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, serde_json::to_string(&factory()).unwrap());
        assert_eq!(serde_json::from_str::<Problem>(&json).unwrap(), p);
        let bad = json.replace("\"B\"", "\"A\"");
        let e = serde_json::from_str::<Problem>(&bad).unwrap_err();
        assert!(
            e.to_string().contains("two classifiers are named 'A'"),
            "{e}"
        );
    }

    #[test]
    fn accessors_read_the_validated_data() {
        let p = Problem::new(factory()).unwrap();
        assert_eq!(p.names(), vec!["A", "B"]);
        assert_eq!(p.utility().get(0, 1), -335.0);
        assert_eq!(p.utility_cells().to_string(), "15,-335;-35,165");
        assert_eq!(p.confusions()[1].get(0, 0), 43.0);
        assert_eq!(p.fields(), factory());
    }
}
