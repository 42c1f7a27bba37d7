//! Stage 2 of an import: the counts in this problem's classes. A matrix's header names that are
//! the current classes in another order reorder it; label columns are counted in the current
//! classes. When the file's classes are to replace the current ones (the user agreed, or there
//! is no other classifier), they are returned with the counts.

use super::labels::LabelCounts;
use super::read::Imported;
use super::{ImportError, ImportProblem};
use crate::AppState;
use crate::edit::resize_by_steps;
use ulab_core::confusion::class_order;
use ulab_core::{ConfusionMatrix, CoreError, Matrix, Orientation};

/// Where the counts came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A matrix.
    Matrix,
    /// Label columns.
    Labels,
}

impl Source {
    /// `matrix` or `labels`, for the sentence.
    pub fn word(&self) -> &'static str {
        match self {
            Source::Matrix => "matrix",
            Source::Labels => "labels",
        }
    }
}

/// The counts of an import in the problem's classes.
#[derive(Debug, Clone, PartialEq)]
pub struct Reconciled {
    /// Counts or fractions, rows = output, columns in the order of the classes they go with.
    pub counts: Matrix,
    /// The classes that replace the current ones (their names, and number), if they do.
    pub classes: Option<Vec<String>>,
    /// Where the counts came from.
    pub source: Source,
    /// What was done on the way ("rows and columns matched to the classes by name").
    pub notes: Vec<String>,
}

/// The counts of `imported` in `state`'s classes (`may_rename`: the file's classes may replace
/// them). A matrix is read in `orientation`.
///
/// # Errors
/// A matrix that is not a confusion matrix (a negative cell names its line), or of another
/// size, or a label that is not a class — when the classes may not be replaced.
///
/// # Examples
///
/// ```
/// use ulab_core::{Matrix, Orientation};
/// use ulab_state::edit::import::classes::reconcile;
/// use ulab_state::edit::import::read::Imported;
/// use ulab_state::AppState;
/// let s = AppState::default(); // classes long, short
/// let swapped = Imported::Matrix {
///     matrix: Matrix::parse("35,23;15,27").unwrap(),
///     names: Some(vec!["short".into(), "long".into()]),
///     lines: vec![2, 3],
/// };
/// let r = reconcile(&s, swapped, Orientation::OutputRows, false).unwrap();
/// assert_eq!(r.counts.to_string(), "27,15;23,35");
/// assert_eq!(r.classes, None);
/// ```
pub fn reconcile(
    state: &AppState,
    imported: Imported,
    orientation: Orientation,
    may_rename: bool,
) -> Result<Reconciled, ImportError> {
    match imported {
        Imported::Matrix {
            matrix,
            names,
            lines,
        } => from_matrix(state, matrix, names, &lines, orientation, may_rename),
        Imported::Labels(counts) => from_labels(state, &counts, may_rename),
    }
}

fn list(names: &[String]) -> String {
    ulab_core::text::truncate(&names.join(", "), 200)
}

fn from_matrix(
    state: &AppState,
    matrix: Matrix,
    names: Option<Vec<String>>,
    lines: &[usize],
    orientation: Orientation,
    may_rename: bool,
) -> Result<Reconciled, ImportError> {
    let (n, classes) = (state.n(), state.classes());
    if matrix.rows() != matrix.cols() {
        return Err(ImportError::whole(ImportProblem::NotSquare {
            rows: matrix.rows(),
            cols: matrix.cols(),
        }));
    }
    let k = matrix.rows();
    let cm = ConfusionMatrix::new(matrix, orientation).map_err(|e| match e {
        CoreError::Negative { row, col, value } => ImportError::at(
            lines.get(row).copied().unwrap_or(0),
            ImportProblem::Negative { value, col },
        ),
        other => ImportError::whole(ImportProblem::Matrix(other)),
    })?;
    let mut out = Reconciled {
        counts: cm.counts().clone(),
        classes: None,
        source: Source::Matrix,
        notes: Vec::new(),
    };
    // Header names, if they are usable: non-empty and distinct.
    let names = names
        .map(|v| v.iter().map(|s| s.trim().to_string()).collect::<Vec<_>>())
        .filter(|v| {
            v.iter().all(|s| !s.is_empty())
                && v.iter().enumerate().all(|(i, s)| !v[..i].contains(s))
        });
    match names {
        Some(v) if k == n && &v == classes => {}
        Some(v) if k == n && v.iter().all(|s| classes.contains(s)) => {
            // The current classes in another order: bring the matrix to ours.
            let pos: Vec<usize> = classes
                .iter()
                .map(|c| v.iter().position(|s| s == c).unwrap_or(0))
                .collect();
            let c = &out.counts;
            let data: Vec<f64> = (0..n)
                .flat_map(|i| (0..n).map(move |j| (i, j)))
                .map(|(i, j)| c.get(pos[i], pos[j]))
                .collect();
            out.counts = Matrix::new(n, n, data).expect("same size");
            out.notes
                .push("rows and columns matched to the classes by name".into());
        }
        Some(v) if may_rename => out.classes = Some(v),
        Some(v) if k == n => out.notes.push(format!(
            "the file's class names ({}) were not used; its columns were read as {} in this order",
            list(&v),
            list(classes)
        )),
        _ => {}
    }
    if k != n && out.classes.is_none() {
        if !may_rename {
            return Err(ImportError::whole(ImportProblem::ClassCount {
                k,
                n,
                classes: list(classes),
            }));
        }
        // Keep the current names for the classes that stay.
        let mut grown = state.clone();
        grown
            .change_problem(|p| p.classifiers.clear())
            .expect("a problem without classifiers is valid");
        resize_by_steps(&mut grown, k);
        out.classes = Some(grown.classes().clone());
    }
    Ok(out)
}

fn from_labels(
    state: &AppState,
    counts: &LabelCounts,
    may_rename: bool,
) -> Result<Reconciled, ImportError> {
    let classes = state.classes();
    let known = |l: &String| classes.iter().any(|c| c == l);
    let labels = counts.labels();
    if counts.beyond().is_none() && labels.iter().all(known) {
        return in_classes(counts, classes, None);
    }
    if may_rename {
        if let Some((line, label)) = counts.beyond() {
            return Err(ImportError::at(
                line,
                ImportProblem::TooManyLabels {
                    label: ulab_core::text::truncate(label, 40),
                },
            ));
        }
        let names = class_order(labels.to_vec());
        return in_classes(counts, &names, Some(names.clone()));
    }
    // The first unknown label met (the labels are in the order they are met; one beyond those
    // kept comes after them).
    let (line, label) = match labels.iter().position(|l| !known(l)) {
        Some(i) => (counts.line_of(i), labels[i].as_str()),
        None => counts.beyond().unwrap_or((0, "")),
    };
    Err(ImportError::at(
        line,
        ImportProblem::UnknownClass {
            label: ulab_core::text::truncate(label, 40),
            classes: list(classes),
        },
    ))
}

/// The counts as a matrix in the order of `classes` (each label is one of them): rows =
/// prediction, columns = true label.
fn in_classes(
    counts: &LabelCounts,
    classes: &[String],
    new_classes: Option<Vec<String>>,
) -> Result<Reconciled, ImportError> {
    let labels = |e| ImportError::whole(ImportProblem::Labels(e));
    let n = classes.len();
    if n < 2 {
        return Err(labels(CoreError::TooSmall {
            what: "distinct labels",
            found: n,
            min: 2,
        }));
    }
    let at: Vec<usize> = counts
        .labels()
        .iter()
        .map(|l| classes.iter().position(|c| c == l).unwrap_or(0))
        .collect();
    let mut data = vec![0.0; n * n];
    for (t, &j) in at.iter().enumerate() {
        for (p, &i) in at.iter().enumerate() {
            data[i * n + j] += counts.count(t, p);
        }
    }
    let cm = Matrix::new(n, n, data)
        .and_then(ConfusionMatrix::from_counts)
        .map_err(labels)?;
    Ok(Reconciled {
        counts: cm.counts().clone(),
        classes: new_classes,
        source: Source::Labels,
        notes: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    fn matrix(text: &str, names: Option<&[&str]>) -> Imported {
        Imported::Matrix {
            matrix: Matrix::parse(text).unwrap(),
            names: names.map(|v| v.iter().map(|s| s.to_string()).collect()),
            lines: vec![5, 6, 7],
        }
    }

    #[test]
    fn header_names_reorder_or_are_noted() {
        let s = presets::factory();
        let o = Orientation::OutputRows;
        let r = reconcile(&s, matrix("1,2;3,4", Some(&["long", "short"])), o, false).unwrap();
        assert_eq!((r.counts.to_string(), r.notes.len()), ("1,2;3,4".into(), 0));
        let r = reconcile(&s, matrix("1,2;3,4", Some(&["p0", "p1"])), o, false).unwrap();
        assert!(r.notes[0].contains("were not used"), "{:?}", r.notes);
        let r = reconcile(&s, matrix("1,2;3,4", Some(&["cat", "dog"])), o, true).unwrap();
        assert_eq!(r.classes, Some(vec!["cat".into(), "dog".into()]));
        // Repeated names are not names.
        let r = reconcile(&s, matrix("1,2;3,4", Some(&["a", "a"])), o, true).unwrap();
        assert_eq!(r.classes, None);
    }

    #[test]
    fn matrix_problems_name_their_line() {
        let s = presets::factory();
        let o = Orientation::TrueRows;
        // Written rows = true class: the negative cell is on the file's second line.
        let e = reconcile(&s, matrix("1,2;-3,4", None), o, false).unwrap_err();
        assert_eq!(e.line, 6);
        assert!(e.to_string().contains("-3 (cell 1) is negative"), "{e}");
        let e = reconcile(&s, matrix("1,2,3;4,5,6;7,8,9", None), o, false).unwrap_err();
        assert!(matches!(
            e.problem,
            ImportProblem::ClassCount { k: 3, n: 2, .. }
        ));
        let r = reconcile(&s, matrix("1,2,3;4,5,6;7,8,9", None), o, true).unwrap();
        assert_eq!(
            r.classes,
            Some(vec!["long".into(), "short".into(), "2".into()])
        );
    }

    #[test]
    fn labels_in_the_classes_or_the_files() {
        let s = presets::factory();
        let counted = |rows: &[[&str; 2]]| {
            let mut c = LabelCounts::new(false);
            for (i, r) in rows.iter().enumerate() {
                c.push_fields(i + 2, &r.map(String::from)).unwrap();
            }
            c
        };
        let r = from_labels(&s, &counted(&[["short", "long"], ["long", "long"]]), false).unwrap();
        assert_eq!(
            (r.counts.to_string(), r.source),
            ("1,1;0,0".into(), Source::Labels)
        );
        let e = from_labels(&s, &counted(&[["long", "long"], ["x", "long"]]), false).unwrap_err();
        assert_eq!(e.line, 3);
        let v = |x: &[&str]| x.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let r = from_labels(&s, &counted(&[["b", "a"], ["a", "a"]]), true).unwrap();
        assert_eq!(
            (r.classes, r.counts.to_string()),
            (Some(v(&["a", "b"])), "1,1;0,0".into())
        );
        // Numeric labels in numeric order, as scikit-learn's `unique_labels`.
        let r = from_labels(&s, &counted(&[["10", "9"], ["9", "9"], ["10", "10"]]), true).unwrap();
        assert_eq!(
            (r.classes, r.counts.to_string()),
            (Some(v(&["9", "10"])), "1,1;0,1".into())
        );
        let e = from_labels(&s, &counted(&[["a", "a"]]), true).unwrap_err();
        assert_eq!(e.to_string(), "distinct labels: 1 given, at least 2 needed");
    }

    #[test]
    fn a_label_too_many_is_named_with_its_line() {
        let s = presets::factory();
        let mut c = LabelCounts::new(false);
        for i in 0..60 {
            let (t, p) = (format!("t{i}"), format!("p{i}"));
            c.push_fields(i + 1, &[t, p]).unwrap();
        }
        let e = from_labels(&s, &c, true).unwrap_err();
        // Labels t0, p0, …, t49, p49 are 100; t50 (line 51) is the 101st.
        assert_eq!(e.line, 51);
        assert_eq!(
            e.to_string(),
            "line 51: more than 100 distinct labels ('t50' is one too many): at most 100 \
             classes are supported"
        );
        // Without renaming, the first unknown label is named, as before.
        assert_eq!(from_labels(&s, &c, false).unwrap_err().line, 1);
    }
}
