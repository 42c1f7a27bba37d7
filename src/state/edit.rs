//! Pure edits behind the Compare view's input editors: classes, decisions, classifiers,
//! deployment shares, pasted matrices and CSV imports.
//!
//! Every edit either succeeds and leaves a valid state ([`AppState::validate`]), or returns a
//! one-sentence message and leaves the state exactly as it was. The UI only wires these to
//! fields and buttons.

use super::csv::{self, CsvError, ImportKind, Imported};
use super::{
    default_class_name, default_decision_name, AppState, Classifier, MAX_CLASSIFIERS,
    MAX_NAME_CHARS,
};
use crate::core::confusion::MAX_CLASSES;
use crate::core::matrix::MAX_DIM;
use crate::core::{ConfusionMatrix, CoreError, Matrix, Orientation};
use crate::text::{capitalize, shortest};

/// Checks a name typed by the user: trimmed, non-empty, at most [`MAX_NAME_CHARS`] characters,
/// and different from every name in `others`. Returns the trimmed name.
///
/// # Errors
/// A sentence naming the problem (`what` is "class", "decision" or "classifier").
///
/// # Examples
///
/// ```
/// use utility_lab::state::edit::check_name;
/// assert_eq!(check_name("class", "  long ", ["short"]).unwrap(), "long");
/// assert!(check_name("class", " ", ["short"]).is_err());
/// assert!(check_name("class", "short", ["short"]).is_err());
/// ```
pub fn check_name<'a>(
    what: &str,
    name: &str,
    others: impl IntoIterator<Item = &'a str>,
) -> Result<String, String> {
    let t = name.trim();
    if t.is_empty() {
        return Err(format!("A {what} needs a name."));
    }
    if t.chars().count() > MAX_NAME_CHARS {
        return Err(format!(
            "A {what} name can have at most {MAX_NAME_CHARS} characters."
        ));
    }
    if others.into_iter().any(|o| o == t) {
        return Err(format!("Another {what} is already named '{t}'."));
    }
    Ok(t.to_string())
}

/// The first of `candidates` not in `taken`, else the first candidate with a number appended.
fn unique_name(candidates: &[String], taken: &[&str]) -> String {
    if let Some(c) = candidates.iter().find(|c| !taken.contains(&c.as_str())) {
        return c.clone();
    }
    let base = &candidates[0];
    (2..)
        .map(|k| format!("{base} {k}"))
        .find(|c| !taken.contains(&c.as_str()))
        .expect("some numbered name is free")
}

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

/// "A", "B", …, "Z", then "C27", "C28", … — the first classifier name not taken.
///
/// # Examples
///
/// ```
/// use utility_lab::state::{edit::next_classifier_name, AppState};
/// assert_eq!(next_classifier_name(&AppState::default().classifiers), "C");
/// ```
pub fn next_classifier_name(existing: &[Classifier]) -> String {
    (0..)
        .map(|k: usize| {
            if k < 26 {
                ((b'A' + k as u8) as char).to_string()
            } else {
                format!("C{}", k + 1)
            }
        })
        .find(|n| existing.iter().all(|c| &c.name != n))
        .expect("some name is free")
}

/// A plausible classifier for a test set with these class totals: 80 % of each class on the
/// diagonal, the rest spread over the other outputs. Whole totals give whole counts; other
/// totals (fractions) are split exactly.
///
/// # Examples
///
/// ```
/// use utility_lab::state::edit::default_confusion;
/// assert_eq!(default_confusion(&[50.0, 50.0]).to_string(), "40,10;10,40");
/// assert_eq!(default_confusion(&[0.5, 0.5]).to_string(), "0.4,0.1;0.1,0.4");
/// ```
pub fn default_confusion(totals: &[f64]) -> Matrix {
    let n = totals.len().max(2);
    let whole = totals.iter().all(|t| t.fract() == 0.0);
    let mut m = vec![0.0; n * n];
    for (j, t) in totals.iter().enumerate() {
        let others = (n - 1) as f64;
        let (right, each) = if whole {
            let right = (0.8 * t).round();
            (right, ((t - right) / others).floor())
        } else {
            (0.8 * t, 0.2 * t / others)
        };
        m[j * n + j] = right;
        let mut left = t - right;
        for i in (0..n).filter(|i| *i != j) {
            m[i * n + j] = each;
            left -= each;
        }
        if whole {
            // What the even split left over goes to one wrong output.
            let last = if j == n - 1 { 0 } else { n - 1 };
            m[last * n + j] += left;
        }
    }
    if m.iter().all(|v| *v == 0.0) {
        m[0] = 1.0;
    }
    Matrix::new(n, n, m).expect("valid default matrix")
}

/// What a confusion matrix's values are, for the card's status line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Values {
    /// Whole numbers with a total `N > 1`: counts of test items.
    Counts {
        /// The number of test items `N`.
        total: f64,
    },
    /// Anything else: fractions (or rates), read relative to their sum.
    Fractions {
        /// Their sum (1 for a normalized matrix).
        sum: f64,
    },
}

/// Whether `m` holds counts or fractions (the rule the analysis uses for totals).
///
/// # Examples
///
/// ```
/// use utility_lab::core::Matrix;
/// use utility_lab::state::edit::{values_of, Values};
/// assert_eq!(values_of(&Matrix::parse("27,15;23,35").unwrap()), Values::Counts { total: 100.0 });
/// assert!(matches!(values_of(&Matrix::parse("0.27,0.15;0.23,0.35").unwrap()), Values::Fractions { .. }));
/// ```
pub fn values_of(m: &Matrix) -> Values {
    let sum = m.sum();
    if m.data().iter().all(|v| v.fract() == 0.0) && sum > 1.0 {
        Values::Counts { total: sum }
    } else {
        Values::Fractions { sum }
    }
}

/// What was read from share fields (percentages).
#[derive(Debug, Clone, PartialEq)]
pub struct SharesReading {
    /// The shares to use (summing to 1), or why there are none.
    pub shares: Result<Vec<f64>, String>,
    /// Indices of the fields that are not a number ≥ 0.
    pub bad: Vec<usize>,
    /// The sum of the fields, in percent (when every field is a number).
    pub sum_percent: Option<f64>,
    /// The fields did not sum to 100 % and were scaled to do so.
    pub rescaled: bool,
}

/// Reads deployment shares typed as percentages (`1`, `99`, `0.5 %`, `2,5`): each must be a
/// number ≥ 0 and their sum positive; if the sum is not 100 % they are scaled to it (and
/// `rescaled` says so).
///
/// # Examples
///
/// ```
/// use utility_lab::state::edit::read_percent_shares;
/// let r = read_percent_shares(&["1".into(), "99 %".into()]);
/// assert_eq!(r.shares.unwrap(), vec![0.01, 0.99]);
/// let s = read_percent_shares(&["1".into(), "1".into()]);
/// assert!(s.rescaled);
/// assert_eq!(s.shares.unwrap(), vec![0.5, 0.5]);
/// assert_eq!(read_percent_shares(&["x".into(), "-1".into()]).bad, vec![0, 1]);
/// ```
pub fn read_percent_shares(fields: &[String]) -> SharesReading {
    let mut values = Vec::with_capacity(fields.len());
    let mut bad = Vec::new();
    for (k, f) in fields.iter().enumerate() {
        let t = f.trim().trim_end_matches('%').trim().replace(',', ".");
        match t.parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 => values.push(v),
            _ => bad.push(k),
        }
    }
    if !bad.is_empty() {
        return SharesReading {
            shares: Err("Each share must be a number ≥ 0 (in percent).".into()),
            bad,
            sum_percent: None,
            rescaled: false,
        };
    }
    let sum: f64 = values.iter().sum();
    if !(sum > 0.0) || !sum.is_finite() {
        return SharesReading {
            shares: Err("At least one share must be above 0.".into()),
            bad,
            sum_percent: Some(sum),
            rescaled: false,
        };
    }
    let rescaled = (sum - 100.0).abs() > 1e-9;
    SharesReading {
        shares: Ok(values.iter().map(|v| v / sum).collect()),
        bad,
        sum_percent: Some(sum),
        rescaled,
    }
}

/// A matrix read from pasted text, with the column names of a header row if there was one.
#[derive(Debug, Clone, PartialEq)]
pub struct Pasted {
    /// The numbers, rows first as written.
    pub matrix: Matrix,
    /// Names from a header row.
    pub names: Option<Vec<String>>,
}

/// Reads a matrix from pasted text: the matrix syntax (`27,15;23,35`), spreadsheet cells
/// (tab-separated rows, decimal commas allowed), space-separated rows, or CSV text with an
/// optional header row and first column of names.
///
/// # Errors
/// The first problem, with its row or line.
///
/// # Examples
///
/// ```
/// use utility_lab::state::edit::read_matrix_text;
/// assert_eq!(read_matrix_text("43,18;7,32").unwrap().matrix.to_string(), "43,18;7,32");
/// assert_eq!(read_matrix_text("43\t18\n7\t32\n").unwrap().matrix.to_string(), "43,18;7,32");
/// let h = read_matrix_text("\tlong\tshort\nlong\t27\t15\nshort\t23\t35").unwrap();
/// assert_eq!(h.matrix.to_string(), "27,15;23,35");
/// assert_eq!(h.names.unwrap(), vec!["long", "short"]);
/// assert!(read_matrix_text("1,2;3,x").is_err());
/// ```
pub fn read_matrix_text(text: &str) -> Result<Pasted, String> {
    if text.trim().is_empty() {
        return Err("Nothing to read: paste or type a matrix first.".into());
    }
    let direct = Matrix::parse_pasted(text);
    if let Ok(matrix) = direct {
        return Ok(Pasted {
            matrix,
            names: None,
        });
    }
    if text.trim().contains(['\n', '\t']) {
        return match csv::import(text, ImportKind::Matrix) {
            Ok(Imported::Matrix { matrix, names }) => Ok(Pasted { matrix, names }),
            Ok(Imported::Labels { .. }) => Err("expected a matrix".into()),
            Err(e) => Err(capitalize(&e.to_string())),
        };
    }
    Err(capitalize(&direct.expect_err("handled above").to_string()))
}

/// Adds or removes (last) classes one at a time until there are `k`, so that new classes get
/// unique names. The state must have no classifier that removing a class would empty.
fn resize_by_steps(state: &mut AppState, k: usize) {
    let k = k.clamp(2, MAX_CLASSES);
    while state.n() < k {
        if state.add_class().is_err() {
            break;
        }
    }
    while state.n() > k {
        if state.remove_class(state.n() - 1).is_err() {
            break;
        }
    }
}

/// What to do with an imported file or text (see [`import_classifier`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ImportOptions {
    /// A matrix, label columns, or decide from the content.
    pub kind: ImportKind,
    /// How a matrix in the file is written.
    pub orientation: Orientation,
    /// The classifier's name: a new name adds a classifier, an existing one replaces it.
    pub name: String,
    /// The user agrees that the file's class names (and number of classes) replace the
    /// current ones. Implied when there is no other classifier.
    pub use_file_classes: bool,
}

/// A successful import: the new state and one sentence on what was done.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportOutcome {
    /// The state with the classifier added or replaced.
    pub state: AppState,
    /// Index of the imported classifier.
    pub index: usize,
    /// What was done ("Added classifier 'C': 100 items, from labels.").
    pub message: String,
}

fn whole(message: impl Into<String>) -> CsvError {
    CsvError {
        line: 0,
        message: message.into(),
    }
}

/// The line numbers of the last `count` records of `text` (the data rows of an import).
fn data_lines(text: &str, count: usize) -> Vec<usize> {
    let recs = csv::records(text).unwrap_or_default();
    let start = recs.len().saturating_sub(count);
    recs[start..].iter().map(|r| r.0).collect()
}

/// Reads `text` as a matrix or as label columns, like [`csv::import`], and also accepts the
/// matrix syntax on one line (`27,15;23,35`) and space-separated rows.
fn read_import(text: &str, kind: ImportKind) -> Result<Imported, CsvError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(whole("nothing to import: paste text or choose a file"));
    }
    if kind != ImportKind::Labels && !t.contains(['\n', '\t']) && t.contains(';') {
        if let Ok(matrix) = Matrix::parse(t) {
            return Ok(Imported::Matrix {
                matrix,
                names: None,
            });
        }
    }
    match csv::import(text, kind) {
        Ok(i) => Ok(i),
        Err(e) => {
            if kind != ImportKind::Labels {
                if let Ok(matrix) = Matrix::parse_pasted(text) {
                    if matrix.rows() == matrix.cols() {
                        return Ok(Imported::Matrix {
                            matrix,
                            names: None,
                        });
                    }
                }
            }
            Err(e)
        }
    }
}

/// Imports a classifier from CSV text (or pasted text): a confusion matrix (in
/// `opts.orientation`, optional header row of class names) or two label columns `y_true,
/// y_pred` (optional header). The classifier is added under `opts.name`, or replaces the one of
/// that name.
///
/// Classes: labels must be the current class names, and a matrix must have one row and column
/// per class; header names that are the current classes in another order reorder the matrix.
/// With `opts.use_file_classes` (implied when there is no other classifier) the file's class
/// names replace the current ones — and their number too, when there is no other classifier.
///
/// # Errors
/// A [`CsvError`] with the line of the first problem (0: the whole file). Nothing is changed.
///
/// # Examples
///
/// ```
/// use utility_lab::core::Orientation;
/// use utility_lab::state::csv::ImportKind;
/// use utility_lab::state::edit::{import_classifier, ImportOptions};
/// use utility_lab::state::AppState;
/// let s = AppState::default(); // classes long, short
/// let opts = ImportOptions {
///     kind: ImportKind::Auto,
///     orientation: Orientation::OutputRows,
///     name: "C".into(),
///     use_file_classes: false,
/// };
/// let out = import_classifier(&s, "y_true,y_pred\nlong,long\nshort,long\nshort,short\n", &opts).unwrap();
/// assert_eq!(out.state.classifiers[2].matrix.to_string(), "1,1;0,1");
/// let err = import_classifier(&s, "long,long\nshort,medium\n", &opts).unwrap_err();
/// assert_eq!(err.line, 2);
/// ```
pub fn import_classifier(
    state: &AppState,
    text: &str,
    opts: &ImportOptions,
) -> Result<ImportOutcome, CsvError> {
    let name = check_name("classifier", &opts.name, std::iter::empty()).map_err(whole)?;
    let target = state.classifiers.iter().position(|c| c.name == name);
    if target.is_none() && state.classifiers.len() >= MAX_CLASSIFIERS {
        return Err(whole(format!(
            "there are already {MAX_CLASSIFIERS} classifiers; remove one first"
        )));
    }
    let others = state.classifiers.len() - usize::from(target.is_some());
    let may_rename = opts.use_file_classes || others == 0;
    let n = state.n();
    let classes = &state.classes;
    let list = |names: &[String]| names.join(", ");
    let mut notes: Vec<String> = Vec::new();

    // The counts (rows = output), and the number and names of the classes if they change.
    let (counts, new_classes, source): (Matrix, Option<Vec<String>>, &str) =
        match read_import(text, opts.kind)? {
            Imported::Matrix { matrix, names } => {
                let lines = data_lines(text, matrix.rows());
                if matrix.rows() != matrix.cols() {
                    return Err(whole(format!(
                        "the matrix is {} × {}, but a confusion matrix is square (one row and one \
                         column per class)",
                        matrix.rows(),
                        matrix.cols()
                    )));
                }
                let k = matrix.rows();
                let cm = ConfusionMatrix::new(matrix, opts.orientation).map_err(|e| match e {
                    CoreError::Negative { row, col, value } => CsvError {
                        line: lines.get(row).copied().unwrap_or(0),
                        message: format!(
                            "{} (cell {}) is negative; counts and fractions must be ≥ 0",
                            shortest(value),
                            col + 1
                        ),
                    },
                    other => whole(other.to_string()),
                })?;
                let mut counts = cm.counts().clone();
                let names: Option<Vec<String>> = names
                    .map(|v| v.iter().map(|s| s.trim().to_string()).collect::<Vec<_>>())
                    .filter(|v| {
                        v.iter().all(|s| !s.is_empty())
                            && v.iter().enumerate().all(|(i, s)| !v[..i].contains(s))
                    });
                let mut new_classes = None;
                match names {
                    Some(v) if k == n && &v == classes => {}
                    Some(v) if k == n && v.iter().all(|s| classes.contains(s)) => {
                        // The current classes in another order: bring the matrix to ours.
                        let pos: Vec<usize> = classes
                            .iter()
                            .map(|c| v.iter().position(|s| s == c).expect("same set"))
                            .collect();
                        let data: Vec<f64> = (0..n)
                            .flat_map(|i| (0..n).map(move |j| (i, j)))
                            .map(|(i, j)| counts.get(pos[i], pos[j]))
                            .collect();
                        counts = Matrix::new(n, n, data).expect("same size");
                        notes.push("rows and columns matched to the classes by name".into());
                    }
                    Some(v) if may_rename => new_classes = Some(v),
                    Some(v) if k == n => notes.push(format!(
                        "the file's class names ({}) were not used; its columns were read as {} \
                         in this order",
                        list(&v),
                        list(classes)
                    )),
                    _ => {}
                }
                if k != n && new_classes.is_none() {
                    if !may_rename {
                        return Err(whole(format!(
                            "the matrix has {k} classes but this problem has {n} ({}); to \
                             change the classes, remove the other classifiers first",
                            list(classes)
                        )));
                    }
                    // Keep the current names for the classes that stay.
                    let mut grown = state.clone();
                    grown.classifiers.clear();
                    resize_by_steps(&mut grown, k);
                    new_classes = Some(grown.classes);
                }
                (counts, new_classes, "matrix")
            }
            Imported::Labels { y_true, y_pred } => {
                let lines = data_lines(text, y_true.len());
                let known = |l: &String| classes.iter().any(|c| c == l.trim());
                if y_true.iter().chain(&y_pred).all(known) {
                    let cm = ConfusionMatrix::from_labels_with_classes(&y_true, &y_pred, classes)
                        .map_err(|e| whole(e.to_string()))?;
                    (cm.counts().clone(), None, "labels")
                } else if may_rename {
                    let (cm, labels) = ConfusionMatrix::from_labels(&y_true, &y_pred)
                        .map_err(|e| whole(e.to_string()))?;
                    (cm.counts().clone(), Some(labels), "labels")
                } else {
                    let (i, label) = y_true
                        .iter()
                        .zip(&y_pred)
                        .enumerate()
                        .find_map(|(i, (t, p))| {
                            [t, p].into_iter().find(|l| !known(l)).map(|l| (i, l))
                        })
                        .expect("some label is unknown");
                    return Err(CsvError {
                        line: lines.get(i).copied().unwrap_or(0),
                        message: format!(
                            "unknown class '{}': the classes are {}; tick “use the file's \
                             classes” to replace them",
                            label.trim().chars().take(40).collect::<String>(),
                            list(classes)
                        ),
                    });
                }
            }
        };

    let mut next = state.clone();
    let mut target = target;
    if let Some(names) = &new_classes {
        let k = names.len();
        if k != n {
            if others > 0 {
                return Err(whole(format!(
                    "the file has {k} classes ({}) but the other classifiers have {n}; remove them \
                     first to change the number of classes",
                    list(names)
                )));
            }
            next.classifiers.clear();
            target = None;
            resize_by_steps(&mut next, k);
        }
        let renamed = names != &next.classes;
        if renamed {
            next.set_class_names(names.clone()).map_err(whole)?;
        }
        if renamed || k != n {
            notes.push(format!("the classes are now {}", list(names)));
            if next.prevalence.is_some() {
                notes.push("deployment shares were turned off".into());
            }
            next.prevalence = None;
            next.kappa = None;
        }
    }
    let classifier = Classifier {
        name: name.clone(),
        matrix: counts,
    };
    let index = match target {
        Some(i) if i < next.classifiers.len() => {
            next.classifiers[i] = classifier;
            i
        }
        _ => {
            next.classifiers.push(classifier);
            next.classifiers.len() - 1
        }
    };
    next.validate().map_err(whole)?;
    if let Some(p) = &next.prevalence {
        next.check_prevalence(p).map_err(|e| {
            whole(format!(
                "{} Set it to 0 or turn deployment shares off first.",
                e.trim_end_matches('.')
            ))
        })?;
    }
    let items = match values_of(&next.classifiers[index].matrix) {
        Values::Counts { total } => format!("{} items", shortest(total)),
        Values::Fractions { .. } => "fractions".to_string(),
    };
    let verb = if target.is_some() {
        "Replaced"
    } else {
        "Added"
    };
    let mut message = format!("{verb} classifier '{name}' from {source} ({items})");
    if !notes.is_empty() {
        message.push_str("; ");
        message.push_str(&notes.join("; "));
    }
    message.push('.');
    Ok(ImportOutcome {
        state: next,
        index,
        message,
    })
}

impl AppState {
    /// Replaces all class names at once. Each decision named after its class follows the
    /// new name.
    ///
    /// # Errors
    /// Wrong count, an empty, too long or repeated name, or a decision name clash.
    pub fn set_class_names(&mut self, names: Vec<String>) -> Result<(), String> {
        let n = self.n();
        if names.len() != n {
            return Err(format!("{} names for {n} classes.", names.len()));
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
        let mut decisions = self.decisions.clone();
        for (d, new) in clean.iter().enumerate() {
            if decisions[d] == self.classes[d] {
                decisions[d] = new.clone();
            }
        }
        for (d, name) in decisions.iter().enumerate() {
            if decisions[..d].contains(name) {
                return Err(format!(
                    "A decision is already named '{name}'; rename it first."
                ));
            }
        }
        self.classes = clean;
        self.decisions = decisions;
        Ok(())
    }

    /// Renames class `k` (its decision follows if it was named after it).
    ///
    /// # Errors
    /// As [`check_name`], or a decision name clash.
    pub fn rename_class(&mut self, k: usize, name: &str) -> Result<(), String> {
        if k >= self.n() {
            return Err("There is no such class.".into());
        }
        let mut names = self.classes.clone();
        let others = self
            .classes
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
    /// Already [`MAX_CLASSES`] classes.
    pub fn add_class(&mut self) -> Result<usize, String> {
        let n = self.n();
        if n >= MAX_CLASSES || self.utility.rows() >= MAX_DIM {
            return Err(format!("At most {MAX_CLASSES} classes."));
        }
        let taken: Vec<&str> = self
            .classes
            .iter()
            .chain(&self.decisions)
            .map(String::as_str)
            .collect();
        let name = unique_name(&[default_class_name(n), format!("class {}", n + 1)], &taken);
        let prevalence = self.prevalence.take();
        let kappa = self.kappa.take();
        self.resize_classes(n + 1);
        self.classes[n] = name.clone();
        self.decisions[n] = name;
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
    pub fn remove_class(&mut self, k: usize) -> Result<(), String> {
        let n = self.n();
        if k >= n {
            return Err("There is no such class.".into());
        }
        if n <= 2 {
            return Err("At least two classes are needed.".into());
        }
        let mut classifiers = self.classifiers.clone();
        for c in &mut classifiers {
            let m = without(&c.matrix, Some(k), Some(k));
            if m.sum() <= 0.0 {
                return Err(format!(
                    "Removing '{}' would leave classifier '{}' without any test case.",
                    self.classes[k], c.name
                ));
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
        self.utility = without(&self.utility, Some(k), Some(k));
        self.classes.remove(k);
        self.decisions.remove(k);
        self.classifiers = classifiers;
        self.prevalence = prevalence;
        if let Some(kappa) = &mut self.kappa {
            kappa.remove(k);
        }
        debug_assert!(self.validate().is_ok());
        Ok(())
    }

    /// Renames decision `d`.
    ///
    /// # Errors
    /// As [`check_name`].
    pub fn rename_decision(&mut self, d: usize, name: &str) -> Result<(), String> {
        if d >= self.decisions.len() {
            return Err("There is no such decision.".into());
        }
        let others = self
            .decisions
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != d)
            .map(|(_, s)| s.as_str());
        self.decisions[d] = check_name("decision", name, others)?;
        Ok(())
    }

    /// Adds a decision that is not a class (e.g. "refer to an expert"): a row of zeros in the
    /// utility matrix. Returns its index.
    ///
    /// # Errors
    /// Already [`MAX_DIM`] decisions.
    pub fn add_decision(&mut self) -> Result<usize, String> {
        let rows = self.utility.rows();
        if rows >= MAX_DIM {
            return Err(format!("At most {MAX_DIM} decisions."));
        }
        let taken: Vec<&str> = self.decisions.iter().map(String::as_str).collect();
        let name = unique_name(&[default_decision_name(rows, &self.classes)], &taken);
        let mut data = self.utility.data().to_vec();
        data.extend(std::iter::repeat_n(0.0, self.n()));
        self.utility = Matrix::new(rows + 1, self.n(), data).expect("one more row");
        self.decisions.push(name);
        Ok(rows)
    }

    /// Removes decision `d`, which must be an extra one (not a class's).
    ///
    /// # Errors
    /// `d` is the decision of a class.
    pub fn remove_decision(&mut self, d: usize) -> Result<(), String> {
        if d >= self.decisions.len() {
            return Err("There is no such decision.".into());
        }
        if d < self.n() {
            return Err(format!(
                "'{}' is the decision for a class; remove the class instead.",
                self.decisions[d]
            ));
        }
        self.utility = without(&self.utility, Some(d), None);
        self.decisions.remove(d);
        Ok(())
    }

    /// Sets the utility matrix (rows = decisions): it must have one column per class and at
    /// least one row per class; rows beyond the current decisions become new decisions, and
    /// missing extra rows remove the last extra decisions.
    ///
    /// # Errors
    /// Wrong number of columns, too few rows.
    pub fn set_utility(&mut self, m: Matrix) -> Result<(), String> {
        let n = self.n();
        if m.cols() != n {
            return Err(format!(
                "The utility matrix needs {n} columns, one per class ({}); this one has {}.",
                self.classes.join(", "),
                m.cols()
            ));
        }
        if m.rows() < n {
            return Err(format!(
                "The utility matrix needs at least {n} rows, one decision per class; this one has {}.",
                m.rows()
            ));
        }
        let mut decisions: Vec<String> = self.decisions.iter().take(m.rows()).cloned().collect();
        while decisions.len() < m.rows() {
            let taken: Vec<&str> = decisions.iter().map(String::as_str).collect();
            let name = unique_name(
                &[default_decision_name(decisions.len(), &self.classes)],
                &taken,
            );
            decisions.push(name);
        }
        self.utility = m;
        self.decisions = decisions;
        Ok(())
    }

    /// Adds a classifier on the same test set as the first one (80 % right per class; 50
    /// items per class if there is none). Returns its index.
    ///
    /// # Errors
    /// Already [`MAX_CLASSIFIERS`].
    pub fn add_classifier(&mut self) -> Result<usize, String> {
        if self.classifiers.len() >= MAX_CLASSIFIERS {
            return Err(format!("At most {MAX_CLASSIFIERS} classifiers."));
        }
        let totals = self
            .classifiers
            .first()
            .map(|c| c.matrix.col_sums())
            .unwrap_or_else(|| vec![50.0; self.n()]);
        let name = next_classifier_name(&self.classifiers);
        self.classifiers.push(Classifier {
            name,
            matrix: default_confusion(&totals),
        });
        Ok(self.classifiers.len() - 1)
    }

    /// Adds a copy of classifier `i` right after it, named "… copy". Returns its index.
    ///
    /// # Errors
    /// No such classifier, or already [`MAX_CLASSIFIERS`].
    pub fn duplicate_classifier(&mut self, i: usize) -> Result<usize, String> {
        let Some(c) = self.classifiers.get(i) else {
            return Err("There is no such classifier.".into());
        };
        if self.classifiers.len() >= MAX_CLASSIFIERS {
            return Err(format!("At most {MAX_CLASSIFIERS} classifiers."));
        }
        let base: String = c.name.chars().take(MAX_NAME_CHARS - 8).collect();
        let taken: Vec<&str> = self.classifiers.iter().map(|c| c.name.as_str()).collect();
        let name = unique_name(&[format!("{} copy", base.trim_end())], &taken);
        let copy = Classifier {
            name,
            matrix: c.matrix.clone(),
        };
        self.classifiers.insert(i + 1, copy);
        Ok(i + 1)
    }

    /// Renames classifier `i`.
    ///
    /// # Errors
    /// As [`check_name`].
    pub fn rename_classifier(&mut self, i: usize, name: &str) -> Result<(), String> {
        if i >= self.classifiers.len() {
            return Err("There is no such classifier.".into());
        }
        let others = self
            .classifiers
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, c)| c.name.as_str());
        self.classifiers[i].name = check_name("classifier", name, others)?;
        Ok(())
    }

    /// Checks a confusion matrix written in `orientation` for this problem and returns it with
    /// rows = output: `n × n`, no negative value, not all zero, and a test case of every class
    /// that has a deployment share.
    ///
    /// # Errors
    /// A sentence naming the problem.
    pub fn check_confusion(&self, m: Matrix, orientation: Orientation) -> Result<Matrix, String> {
        let n = self.n();
        if m.rows() != n || m.cols() != n {
            return Err(format!(
                "A confusion matrix here is {n} × {n} (one row and column per class); this one is {} × {}.",
                m.rows(),
                m.cols()
            ));
        }
        let cm = ConfusionMatrix::new(m, orientation).map_err(|e| capitalize(&e.to_string()))?;
        if let Some(p) = &self.prevalence {
            let totals = cm.class_totals();
            if let Some(j) = (0..n).find(|j| p[*j] > 0.0 && totals[*j] <= 0.0) {
                return Err(format!(
                    "'{}' needs at least one test case: its deployment share is above 0.",
                    self.classes[j]
                ));
            }
        }
        Ok(cm.counts().clone())
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
    ) -> Result<(), String> {
        if i >= self.classifiers.len() {
            return Err("There is no such classifier.".into());
        }
        self.classifiers[i].matrix = self.check_confusion(m, orientation)?;
        Ok(())
    }

    /// The test set's class shares (of the first classifier; equal shares without one).
    pub fn test_shares(&self) -> Vec<f64> {
        let n = self.n();
        self.classifiers
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
    pub fn check_prevalence(&self, p: &[f64]) -> Result<(), String> {
        crate::core::utility::check_shares("deployment shares", p, self.n())
            .map_err(|e| capitalize(&e.to_string()))?;
        for c in &self.classifiers {
            let totals = c.matrix.col_sums();
            if let Some(j) = (0..p.len()).find(|j| p[*j] > 0.0 && totals[*j] <= 0.0) {
                return Err(format!(
                    "'{}' has no test case in {}'s matrix, so its deployment share must be 0.",
                    self.classes[j], c.name
                ));
            }
        }
        Ok(())
    }

    /// Sets (or, with `None`, clears) the deployment class shares.
    ///
    /// # Errors
    /// As [`AppState::check_prevalence`].
    pub fn set_prevalence(&mut self, p: Option<Vec<f64>>) -> Result<(), String> {
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
        let first = self.classifiers.first()?;
        let this = self.classifiers.get(i)?;
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
                .map(|x| crate::text::trimmed(*x, 4))
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
    use crate::state::{presets, url};

    fn opts(name: &str) -> ImportOptions {
        ImportOptions {
            kind: ImportKind::Auto,
            orientation: Orientation::OutputRows,
            name: name.into(),
            use_file_classes: false,
        }
    }

    fn three() -> AppState {
        url::decode("u=1,0,0;0,1,0;0,0,1;0.5,0.5,0.5&cm.A=5,1,2;1,6,0;0,3,7&cm.B=4,0,0;0,4,0;1,0,4&classes=a,b,c&decisions=a,b,c,refer&prev=0.2,0.3,0.5&kappa=0.1,0.2,0.3").state
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("class", " x ", ["y"]).unwrap(), "x");
        assert_eq!(
            check_name("class", "", ["y"]).unwrap_err(),
            "A class needs a name."
        );
        let long = "x".repeat(61);
        assert!(check_name("class", &long, []).is_err());
        assert!(check_name("class", &"x".repeat(60), []).is_ok());
        assert!(check_name("class", "y ", ["y"]).is_err());
    }

    #[test]
    fn rename_class_moves_its_decision_too() {
        let mut s = presets::factory();
        s.rename_class(0, " tall ").unwrap();
        assert_eq!(s.classes, vec!["tall", "short"]);
        assert_eq!(s.decisions, vec!["tall", "short"]);
        assert!(s.rename_class(0, "short").is_err());
        assert!(s.rename_class(1, "").is_err());
        assert!(s.rename_class(5, "x").is_err());
        assert_eq!(s.classes, vec!["tall", "short"]);
        s.validate().unwrap();
        // A decision with its own name stays.
        let mut m = url::decode(presets::preset("medical").unwrap().fragment).state;
        m.rename_class(0, "benign").unwrap();
        assert_eq!(m.decisions[0], "treat as 0");
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
        assert_eq!(s.classes, vec!["a", "b", "c", "3"]);
        assert_eq!(s.decisions, vec!["a", "b", "c", "3", "refer"]);
        assert_eq!(s.prevalence.as_deref(), Some(&[0.2, 0.3, 0.5, 0.0][..]));
        assert_eq!(s.kappa.as_deref(), Some(&[0.1, 0.2, 0.3, 0.0][..]));
        assert_eq!(s.utility.row(4), &[0.5, 0.5, 0.5, 0.0]);
        assert_eq!(s.classifiers[0].matrix.row(3), &[0.0; 4]);
        // "4" is taken by a class: the next one is "class 5".
        let mut t = url::decode("u=1,0;0,1&cm.A=1,0;0,1&classes=4,x").state;
        t.add_class().unwrap();
        assert_eq!(t.classes, vec!["4", "x", "2"]);
        t.add_class().unwrap();
        t.validate().unwrap();
        t.rename_class(2, "y").unwrap();
        t.add_class().unwrap();
        assert_eq!(t.classes[4], "class 5");
    }

    #[test]
    fn add_class_up_to_the_limit() {
        let mut s = presets::factory();
        for _ in 2..MAX_CLASSES {
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
        assert_eq!(s.classes, vec!["a", "c"]);
        assert_eq!(s.decisions, vec!["a", "c", "refer"]);
        assert_eq!(s.utility.to_string(), "1,0;0,1;0.5,0.5");
        assert_eq!(s.classifiers[0].matrix.to_string(), "5,2;0,7");
        assert_eq!(s.classifiers[1].matrix.to_string(), "4,0;1,4");
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
        assert_eq!(s.classes, vec!["b", "c"]);
        assert_eq!(s.classifiers[0].matrix.to_string(), "6,0;3,7");
        let mut t = three();
        t.remove_class(2).unwrap();
        assert_eq!(t.utility.to_string(), "1,0;0,1;0.5,0.5");
        t.validate().unwrap();
    }

    #[test]
    fn remove_class_refuses_to_empty_a_classifier() {
        let mut s =
            url::decode("u=1,0,0;0,1,0;0,0,1&cm.A=0,0,0;0,0,0;0,0,9&cm.B=1,0,0;0,1,0;0,0,1").state;
        let before = s.clone();
        let e = s.remove_class(2).unwrap_err();
        assert!(e.contains("'A'"), "{e}");
        assert_eq!(s, before);
        // Without any share left, deployment shares are dropped.
        let mut t = url::decode("u=1,0,0;0,1,0;0,0,1&cm.A=1,0,0;0,1,0;0,0,1&prev=0,0,1").state;
        t.remove_class(2).unwrap();
        assert_eq!(t.prevalence, None);
        t.validate().unwrap();
    }

    #[test]
    fn decisions_add_rename_remove() {
        let mut s = presets::factory();
        assert_eq!(s.add_decision().unwrap(), 2);
        assert_eq!(s.decisions, vec!["long", "short", "decision 2"]);
        assert_eq!(s.utility.row(2), &[0.0, 0.0]);
        s.validate().unwrap();
        s.rename_decision(2, "refer to an expert").unwrap();
        assert!(s.rename_decision(2, "long").is_err());
        assert!(s.rename_decision(2, " ").is_err());
        assert!(s.remove_decision(0).is_err());
        s.add_decision().unwrap();
        assert_eq!(s.decisions[3], "decision 3");
        s.remove_decision(2).unwrap();
        assert_eq!(s.decisions, vec!["long", "short", "decision 3"]);
        s.validate().unwrap();
        // The encoded link keeps the names.
        let back = url::decode(&url::encode(&s)).state;
        assert_eq!(back, s);
    }

    #[test]
    fn set_utility_adjusts_decisions() {
        let mut s = presets::factory();
        s.set_utility(Matrix::parse("1,0;0,1;0.2,0.2").unwrap())
            .unwrap();
        assert_eq!(s.decisions, vec!["long", "short", "decision 2"]);
        s.validate().unwrap();
        s.set_utility(Matrix::parse("1,0;0,1").unwrap()).unwrap();
        assert_eq!(s.decisions.len(), 2);
        assert!(s
            .set_utility(Matrix::parse("1,0,0;0,1,0;0,0,1").unwrap())
            .is_err());
        assert!(s.set_utility(Matrix::parse("1,0").unwrap()).is_err());
    }

    #[test]
    fn classifiers_add_duplicate_rename() {
        let mut s = presets::factory();
        assert_eq!(s.add_classifier().unwrap(), 2);
        assert_eq!(s.classifiers[2].name, "C");
        assert_eq!(s.classifiers[2].matrix.col_sums(), vec![50.0, 50.0]);
        assert_eq!(s.duplicate_classifier(0).unwrap(), 1);
        assert_eq!(s.classifiers[1].name, "A copy");
        assert_eq!(s.classifiers[1].matrix, s.classifiers[0].matrix);
        s.duplicate_classifier(0).unwrap();
        assert_eq!(s.classifiers[1].name, "A copy 2");
        assert!(s.rename_classifier(1, "B").is_err());
        s.rename_classifier(1, "<img src=x onerror=alert(1)>")
            .unwrap();
        s.validate().unwrap();
        let long = "x".repeat(60);
        s.rename_classifier(0, &long).unwrap();
        let i = s.duplicate_classifier(0).unwrap();
        assert!(s.classifiers[i].name.chars().count() <= MAX_NAME_CHARS);
        s.validate().unwrap();
    }

    #[test]
    fn new_classifier_on_fractions_or_without_any() {
        let mut s = url::decode("u=1,0;0,1&cm.A=0.3,0.1;0.2,0.4").state;
        s.add_classifier().unwrap();
        let m = &s.classifiers[1].matrix;
        assert!((m.sum() - 1.0).abs() < 1e-12);
        assert!((m.col_sums()[0] - 0.5).abs() < 1e-12);
        s.classifiers.clear();
        s.add_classifier().unwrap();
        assert_eq!(s.classifiers[0].name, "A");
        assert_eq!(s.classifiers[0].matrix.to_string(), "40,10;10,40");
        // Twenty classes: every column keeps its total.
        let m = default_confusion(&[50.0; 20]);
        assert_eq!(m.col_sums(), vec![50.0; 20]);
        assert_eq!(m.get(3, 3), 40.0);
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
        assert_eq!(s.classifiers[0].matrix.to_string(), "27,15;23,35");
        assert!(s
            .set_confusion(
                0,
                Matrix::parse("1,-1;0,1").unwrap(),
                Orientation::OutputRows
            )
            .is_err());
        assert!(s
            .set_confusion(
                0,
                Matrix::parse("1,0,0;0,1,0;0,0,1").unwrap(),
                Orientation::OutputRows
            )
            .is_err());
        s.prevalence = Some(vec![0.5, 0.5]);
        let e = s
            .set_confusion(
                0,
                Matrix::parse("1,0;1,0").unwrap(),
                Orientation::OutputRows,
            )
            .unwrap_err();
        assert!(e.contains("'short'"), "{e}");
        assert_eq!(s.classifiers[0].matrix.to_string(), "27,15;23,35");
    }

    #[test]
    fn percent_shares() {
        let r = read_percent_shares(&["50".into(), "50".into()]);
        assert_eq!(r.shares.unwrap(), vec![0.5, 0.5]);
        assert!(!r.rescaled);
        let r = read_percent_shares(&["1".into(), "98".into()]);
        assert!(r.rescaled);
        assert_eq!(r.sum_percent, Some(99.0));
        assert!(read_percent_shares(&["0".into(), "0".into()])
            .shares
            .is_err());
        assert_eq!(
            read_percent_shares(&["2,5".into(), "97.5".into()])
                .shares
                .unwrap()[0],
            0.025
        );
        assert_eq!(read_percent_shares(&["".into(), "1".into()]).bad, vec![0]);
    }

    #[test]
    fn prevalence_checks_absent_classes() {
        let mut s = url::decode("u=1,0;0,1&cm.A=5,0;5,0").state;
        let e = s.set_prevalence(Some(vec![0.5, 0.5])).unwrap_err();
        assert!(e.contains("'1'") && e.contains("A"), "{e}");
        s.set_prevalence(Some(vec![1.0, 0.0])).unwrap();
        s.validate().unwrap();
        assert!(crate::state::analysis::analyze(&s).is_ok());
        assert!(s.set_prevalence(Some(vec![0.5, 0.6])).is_err());
        s.set_prevalence(None).unwrap();
        assert_eq!(s.prevalence, None);
        assert_eq!(presets::factory().test_shares(), vec![0.5, 0.5]);
    }

    #[test]
    fn test_set_notes() {
        let s =
            url::decode("u=1,0;0,1&cm.A=10,0;0,10&cm.B=10,0;0,30&cm.C=0.5,0;0,0.5&cm.D=5,5;5,5")
                .state;
        assert_eq!(s.test_set_note(0), None);
        assert!(s.test_set_note(1).unwrap().contains("(10, 30)"));
        assert_eq!(s.test_set_note(2), None); // same shares as fractions
        assert_eq!(s.test_set_note(3), None);
        assert_eq!(s.test_set_note(9), None);
    }

    #[test]
    fn values_kinds() {
        assert_eq!(
            values_of(&Matrix::parse("1,0;0,0").unwrap()),
            Values::Fractions { sum: 1.0 }
        );
        assert_eq!(
            values_of(&Matrix::parse("2,0;0,0").unwrap()),
            Values::Counts { total: 2.0 }
        );
    }

    #[test]
    fn matrix_text_variants() {
        for t in [
            "43,18;7,32",
            " 43 , 18 ; 7 , 32 ",
            "43\t18\n7\t32",
            "43\t18\r\n7\t32\r\n",
            "43 18\n7 32",
            "out\tlong\tshort\nlong\t43\t18\nshort\t7\t32",
        ] {
            assert_eq!(
                read_matrix_text(t).unwrap().matrix.to_string(),
                "43,18;7,32",
                "{t:?}"
            );
        }
        assert_eq!(
            read_matrix_text("0,5\t0,5\n1\t0")
                .unwrap()
                .matrix
                .to_string(),
            "0.5,0.5;1,0"
        );
        assert!(read_matrix_text("  ").is_err());
        let e = read_matrix_text("1\t2\n3\tx").unwrap_err();
        assert!(e.starts_with("Line 2"), "{e}");
    }

    #[test]
    fn import_matrix_both_orientations() {
        let s = presets::factory();
        let out = import_classifier(&s, "27,15\n23,35\n", &opts("C")).unwrap();
        assert_eq!(out.index, 2);
        assert_eq!(out.state.classifiers[2].matrix.to_string(), "27,15;23,35");
        let t = ImportOptions {
            orientation: Orientation::TrueRows,
            ..opts("C")
        };
        let out = import_classifier(&s, "27,15\n23,35\n", &t).unwrap();
        assert_eq!(out.state.classifiers[2].matrix.to_string(), "27,23;15,35");
        // The matrix syntax on one line, and replacing by name.
        let out = import_classifier(&s, "1,2;3,4", &opts("A")).unwrap();
        assert_eq!(out.index, 0);
        assert_eq!(out.state.classifiers.len(), 2);
        assert!(
            out.message.starts_with("Replaced classifier 'A'"),
            "{}",
            out.message
        );
    }

    #[test]
    fn import_matrix_header_reorders_or_renames() {
        let s = presets::factory();
        let out =
            import_classifier(&s, ",short,long\nshort,35,23\nlong,15,27\n", &opts("C")).unwrap();
        assert_eq!(out.state.classifiers[2].matrix.to_string(), "27,15;23,35");
        assert!(out.message.contains("matched"), "{}", out.message);
        // Unknown names: kept as they are, with a note.
        let out = import_classifier(&s, "p0,p1\n1,2\n3,4\n", &opts("C")).unwrap();
        assert_eq!(out.state.classes, vec!["long", "short"]);
        assert!(out.message.contains("were not used"), "{}", out.message);
        // With consent, the names replace the classes.
        let agree = ImportOptions {
            use_file_classes: true,
            ..opts("C")
        };
        let out = import_classifier(&s, "cat,dog\n1,2\n3,4\n", &agree).unwrap();
        assert_eq!(out.state.classes, vec!["cat", "dog"]);
        assert_eq!(out.state.decisions, vec!["cat", "dog"]);
    }

    #[test]
    fn import_matrix_errors_name_the_line_and_change_nothing() {
        let s = presets::factory();
        let m = ImportOptions {
            kind: ImportKind::Matrix,
            ..opts("C")
        };
        let e = import_classifier(&s, "1,2\n3,x\n", &m).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(import_classifier(&s, "1,2\n3,x\n", &opts("C")).is_err());
        let e = import_classifier(&s, "# h\n1,2\n-3,4\n", &opts("C")).unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        assert!(e.message.contains("negative"), "{e}");
        let e = import_classifier(&s, "1,2,3\n4,5,6\n7,8,9\n", &opts("C")).unwrap_err();
        assert_eq!(e.line, 0);
        assert!(e.message.contains("3 classes"), "{e}");
        let e = import_classifier(&s, "0,0\n0,0\n", &opts("C")).unwrap_err();
        assert!(e.message.contains("zero"), "{e}");
        assert!(import_classifier(&s, "", &opts("C")).is_err());
        assert!(import_classifier(&s, "1,2\n3,4", &opts(" ")).is_err());
    }

    #[test]
    fn import_resizes_when_alone() {
        let mut s = presets::factory();
        s.classifiers.truncate(1);
        // Replacing the only classifier may change the number of classes.
        let out = import_classifier(&s, "1,0,0\n0,1,0\n0,0,1\n", &opts("A")).unwrap();
        assert_eq!(out.state.n(), 3);
        assert_eq!(out.state.classes, vec!["long", "short", "2"]);
        out.state.validate().unwrap();
        let out = import_classifier(&s, "y_true,y_pred\nx,y\ny,z\nz,z\n", &opts("A")).unwrap();
        assert_eq!(out.state.classes, vec!["x", "y", "z"]);
        assert_eq!(
            out.state.classifiers[0].matrix.to_string(),
            "0,0,0;1,0,0;0,1,1"
        );
        // Adding a second one may not.
        let e = import_classifier(&s, "1,0,0\n0,1,0\n0,0,1\n", &opts("B")).unwrap_err();
        assert!(e.message.contains("3 classes"), "{e}");
        let agree = ImportOptions {
            use_file_classes: true,
            ..opts("B")
        };
        let e = import_classifier(&s, "x,y\ny,z\nz,z\n", &agree).unwrap_err();
        assert!(e.message.contains("remove them first"), "{e}");
    }

    #[test]
    fn import_labels() {
        let s = presets::factory();
        let text = "long,long\nlong,short\nshort,short\nshort,short\n";
        let out = import_classifier(&s, text, &opts("C")).unwrap();
        assert_eq!(out.state.classifiers[2].matrix.to_string(), "1,0;1,2");
        assert!(out.message.contains("4 items"), "{}", out.message);
        let hdr = format!("y_pred,y_true\n{text}");
        let out = import_classifier(&s, &hdr, &opts("C")).unwrap();
        assert_eq!(out.state.classifiers[2].matrix.to_string(), "1,1;0,2");
        // Unknown labels: the line, the classes, and nothing applied.
        let e = import_classifier(&s, "y_true,y_pred\nlong,long\n\nlong,tall\n", &opts("C"))
            .unwrap_err();
        assert_eq!(e.line, 4, "{e}");
        assert!(
            e.message.contains("'tall'") && e.message.contains("long, short"),
            "{e}"
        );
        // With consent and the same number of classes, the names are replaced.
        let agree = ImportOptions {
            use_file_classes: true,
            ..opts("C")
        };
        let out = import_classifier(&s, "1,0\n0,0\n1,1\n", &agree).unwrap();
        assert_eq!(out.state.classes, vec!["0", "1"]);
        assert_eq!(out.state.classifiers[2].matrix.to_string(), "1,1;0,1");
        assert_eq!(out.state.classifiers[0].matrix.to_string(), "27,15;23,35");
        // Label errors from the CSV reader keep their lines.
        let e = import_classifier(
            &s,
            "y_true,y_pred\na,b\nc\n",
            &ImportOptions {
                kind: ImportKind::Labels,
                ..opts("C")
            },
        )
        .unwrap_err();
        assert_eq!(e.line, 3);
        // Only one class in the file.
        let e = import_classifier(&s, "x,x\nx,x\n", &agree).unwrap_err();
        assert_eq!(e.line, 0);
    }

    #[test]
    fn import_subset_of_classes_and_kind_forced() {
        let s = three();
        let out = import_classifier(&s, "a,a\nb,a\nc,c\n", &opts("C")).unwrap();
        assert_eq!(
            out.state.classifiers[2].matrix.to_string(),
            "1,1,0;0,0,0;0,0,1"
        );
        // Deployment shares survive an import that keeps the classes...
        assert_eq!(out.state.prevalence, s.prevalence);
        assert!(crate::state::analysis::analyze(&out.state).is_ok());
        // ... and a classifier without a case of a class with a deployment share is refused.
        let e = import_classifier(&s, "a,a\nb,a\n", &opts("C")).unwrap_err();
        assert!(
            e.message.contains("'c'") && e.message.contains("deployment"),
            "{e}"
        );
        let m = ImportOptions {
            kind: ImportKind::Matrix,
            ..opts("C")
        };
        assert!(import_classifier(&s, "a,a\nb,a\n", &m).is_err());
    }

    #[test]
    fn every_edit_keeps_the_state_valid() {
        let mut s = three();
        s.add_class().unwrap();
        s.add_decision().unwrap();
        s.duplicate_classifier(1).unwrap();
        s.remove_class(0).unwrap();
        s.rename_class(0, "z").unwrap();
        s.remove_decision(s.decisions.len() - 1).unwrap();
        s.validate().unwrap();
        assert!(crate::state::analysis::analyze(&s).is_ok());
        assert_eq!(url::decode(&url::encode(&s)).state, s);
    }
}
