//! The problem's keys — the matrices, the names, the deployment shares and κ — and the problem
//! stage of the decoder, which reads the first of them before every other key (they set the
//! number of classes the others depend on), one function per step:
//!
//! 1. [`version`] and [`orientation`] (how the matrices are written);
//! 2. [`utility`] and [`classifiers`];
//! 3. [`classes`]: their number (from `u`, else the first classifier, else the class names),
//!    the classifiers that fit, the factory example if nothing could be read, the class names;
//! 4. [`decisions`]: the decision names.
//!
//! `prev` and `kappa` are ordinary keys, read after this stage.

use super::error::LinkError;
use super::key::{Key, join_numbers, read_list};
use super::parts::{Notes, Parts};
use super::pct::{join_names, pct_decode, pct_encode, split_names};
use crate::edit::text::{Rule, read_syntax};
use crate::presets::factory::factory;
use crate::problem::{Problem, ProblemError, ProblemFields, ShapeError};
use crate::{
    AppState, Classifier, FORMAT_VERSION, MAX_CLASSIFIERS, StateError, UnreadClassifier,
    UnreadUtility, clean_name, default_class_name, default_decision_name,
};
use ulab_core::confusion::MAX_CLASSES;
use ulab_core::limits::MAX_CELLS;
use ulab_core::{ConfusionMatrix, DecisionCounts, Matrix, Orientation, UtilityMatrix};

/// The problem's keys, in the order links are written.
pub const KEYS: [Key; 7] = [
    Key::problem(
        "orient",
        "`true-rows`",
        "the matrices of this link have rows = true class (default `output-rows`)",
        |s, out| {
            if s.orientation == Orientation::TrueRows {
                out.push("orient=true-rows".into())
            }
        },
    ),
    Key::problem(
        "u",
        "matrix",
        "utility matrix, rows = decisions, columns = classes (matrix syntax)",
        |s, out| match &s.unread_utility {
            // The text as given, until the utility matrix is edited.
            Some(x) => out.push(format!("u={}", as_given(&x.text))),
            None => out.push(format!("u={}", s.utility())),
        },
    ),
    Key::problem(
        "cm.",
        "matrix",
        "a classifier's confusion matrix, rows = output (unless `orient=true-rows`); one key \
         per classifier, in order; a matrix with a row per decision (`u`'s rows) is a \
         classifier that also refers or takes another extra decision (Compare ranks it)",
        |s, out| {
            for c in s.all_classifiers() {
                out.push(format!(
                    "cm.{}={}",
                    pct_encode(&c.name),
                    c.matrix.to_orientation(s.orientation)
                ));
            }
            // Those that could not be read, as given, until the problem is edited.
            for c in &s.unread_classifiers {
                out.push(format!("cm.{}={}", pct_encode(&c.name), as_given(&c.text)));
            }
        },
    ),
    Key::problem(
        "classes",
        "names",
        "class names, comma-separated",
        |s, out| {
            let default: Vec<String> = (0..s.n()).map(default_class_name).collect();
            if *s.classes() != default {
                out.push(format!("classes={}", join_names(s.classes())));
            }
        },
    ),
    Key::problem(
        "decisions",
        "names",
        "decision names, comma-separated (when `u` has more rows than columns)",
        |s, out| {
            let default: Vec<String> = (0..s.utility().rows())
                .map(|d| default_decision_name(d, s.classes()))
                .collect();
            if *s.decisions() != default {
                out.push(format!("decisions={}", join_names(s.decisions())));
            }
        },
    ),
    Key::value(
        "prev",
        "shares",
        "deployment class shares, comma-separated (rescaled if they do not sum to 1)",
        read_prevalence,
        |s, out| {
            if let Some(p) = &s.prevalence {
                out.push(format!("prev={}", join_numbers(p)));
            }
        },
    ),
    Key::value(
        "kappa",
        "values 0–1",
        "the p-d preference vector, comma-separated, each in [0, 1]",
        |v, s| {
            let n = s.n();
            let k = read_list(v)
                .filter(|k| k.len() == n && k.iter().all(|x| (0.0..=1.0).contains(x)))
                .ok_or(LinkError::BadKappa { n })?;
            s.kappa = Some(k);
            Ok(())
        },
        |s, out| {
            if let Some(k) = &s.kappa {
                out.push(format!("kappa={}", join_numbers(k)));
            }
        },
    ),
];

/// A matrix's text as given, percent-encoded but for its `,` and `;`.
fn as_given(text: &str) -> String {
    pct_encode(text).replace("%2C", ",").replace("%3B", ";")
}

/// Shares that sum to 1 within this are kept as written (no rescaling, so no drift from one
/// decode to the next); the state's own check allows the same.
const SHARES_SUM_TOLERANCE: f64 = ulab_core::limits::SHARES_TOLERANCE;

/// `prev`: `n` shares ≥ 0 with a positive sum; rescaled (with a notice) unless they already
/// sum to 1.
///
/// Any finite values ≥ 0 with a positive sum are read, even `1e308,1e308` (whose sum
/// overflows) or `1e-320,0`: they are divided by the largest first, then by their sum. A
/// rescaled vector sums to 1 within rounding, so the next decode keeps it as written.
fn read_prevalence(v: &str, s: &mut AppState) -> Result<(), LinkError> {
    let n = s.n();
    let p = read_list(v)
        .filter(|p| p.len() == n && p.iter().all(|x| *x >= 0.0) && p.iter().any(|x| *x > 0.0))
        .ok_or(LinkError::BadShares { n })?;
    let sum: f64 = p.iter().sum();
    if (sum - 1.0).abs() <= SHARES_SUM_TOLERANCE {
        s.prevalence = Some(p);
        return Ok(());
    }
    let max = p.iter().copied().fold(0.0, f64::max);
    let scaled: Vec<f64> = p.iter().map(|x| x / max).collect();
    let scaled_sum: f64 = scaled.iter().sum();
    s.prevalence = Some(scaled.iter().map(|x| x / scaled_sum).collect());
    Err(LinkError::Rescaled { sum })
}

/// Reads the problem keys into a state (the rest from the factory example's defaults).
pub fn decode(parts: &Parts, notes: &mut Notes) -> AppState {
    version(parts, notes);
    let orientation = orientation(parts, notes);
    let utility = utility(parts, notes);
    let unread = match (&utility, parts.get("u")) {
        (None, Some(text)) => read_utility(&text).err().map(|why| UnreadUtility {
            text,
            why: why.to_string().trim_end_matches("; ignored").to_string(),
        }),
        _ => None,
    };
    let (classifiers, unread_classifiers) = classifiers(parts, orientation, notes);
    let mut state = factory();
    let unread_cm = !unread_classifiers.is_empty();
    if let Some(mut fields) = classes(parts, utility, classifiers, unread_cm, notes) {
        decisions(parts, &mut fields, notes);
        state.problem = checked(fields, notes);
    }
    state.orientation = orientation;
    state.unread_utility = unread;
    state.unread_classifiers = unread_classifiers;
    state
}

/// The problem of `fields`, each part that breaks an invariant dropped or reset with a notice
/// (should not happen: every key above is checked), else the factory example's.
fn checked(mut fields: ProblemFields, notes: &mut Notes) -> Problem {
    for _ in 0..=MAX_CLASSIFIERS + 8 {
        match Problem::new(fields.clone()) {
            Ok(p) => return p,
            Err(e) => {
                let (key, what) = repair(&mut fields, &e);
                notes.add(
                    key,
                    LinkError::Dropped {
                        error: StateError::Problem(e),
                        what,
                    },
                );
            }
        }
    }
    factory().problem
}

/// Drops or resets the part of `fields` that breaks the invariant `e`, and says which key it
/// came from and what was done. A utility matrix that breaks one leaves the factory example.
fn repair(fields: &mut ProblemFields, e: &ProblemError) -> (&'static str, &'static str) {
    use ProblemError as E;
    let remove = |fields: &mut ProblemFields, name: &str| {
        // The last classifier of that name: a duplicate is the later one.
        if let Some(i) = fields.decided.iter().rposition(|c| c.name == name) {
            fields.decided.remove(i);
        } else if let Some(i) = fields.classifiers.iter().rposition(|c| c.name == name) {
            fields.classifiers.remove(i);
        }
    };
    match e {
        E::Classifier { name, .. }
        | E::ClassifierSize { name, .. }
        | E::DecidedSize { name, .. }
        | E::DuplicateName(name) => {
            remove(fields, name);
            ("cm.", "the classifier was ignored")
        }
        E::Unnamed(i) => {
            let k = fields.classifiers.len();
            if *i < k {
                fields.classifiers.remove(*i);
            } else if i - k < fields.decided.len() {
                fields.decided.remove(i - k);
            }
            ("cm.", "the classifier was ignored")
        }
        E::TooManyClassifiers | E::Shape(ShapeError::TooManyCells { .. }) => {
            let n = fields.utility.cols().max(1);
            let fit = (MAX_CELLS / (n * n)).min(MAX_CLASSIFIERS);
            fields.classifiers.truncate(fit);
            fields.decided.clear();
            ("cm.", "the classifiers beyond the limit were ignored")
        }
        E::ClassNames { .. } => {
            fields.classes = (0..fields.utility.cols()).map(default_class_name).collect();
            ("classes", "default names are used")
        }
        E::DecisionNames { .. } => {
            fields.decisions = (0..fields.utility.rows())
                .map(|d| default_decision_name(d, &fields.classes))
                .collect();
            ("decisions", "default names are used")
        }
        E::Utility(_) | E::Shape(_) => {
            *fields = factory().problem.fields();
            ("u", "the factory example is shown")
        }
    }
}

/// `v`: a newer format is read as far as it goes, with a notice.
pub fn version(parts: &Parts, notes: &mut Notes) {
    let Some(v) = parts.get("v") else { return };
    match v.trim().parse::<u32>() {
        Ok(n) if n <= FORMAT_VERSION => {}
        Ok(n) => notes.add("v", LinkError::NewerVersion(n)),
        Err(_) => notes.add(
            "v",
            LinkError::NotAVersion(ulab_core::text::truncate(&v, 20)),
        ),
    }
}

/// `orient`: how the link's confusion matrices are written.
pub fn orientation(parts: &Parts, notes: &mut Notes) -> Orientation {
    let Some(o) = parts.get("orient") else {
        return Orientation::OutputRows;
    };
    Orientation::parse(&o).unwrap_or_else(|| {
        notes.add(
            "orient",
            LinkError::NotAnOrientation(ulab_core::text::truncate(&o, 20)),
        );
        Orientation::OutputRows
    })
}

/// `u`: at least 2 columns and one row per column.
pub fn utility(parts: &Parts, notes: &mut Notes) -> Option<Matrix> {
    let u = parts.get("u")?;
    match read_utility(&u) {
        Ok(m) => Some(m),
        Err(error) => {
            notes.add("u", error);
            None
        }
    }
}

/// The utility matrix of the text `u` (the matrix syntax, or brackets), or why not.
fn read_utility(u: &str) -> Result<Matrix, LinkError> {
    Err(match read_syntax(u, Rule::Any) {
        Ok(m) if m.cols() < 2 => LinkError::UtilityTooNarrow,
        Ok(m) if m.rows() < m.cols() => LinkError::UtilityTooFewRows {
            rows: m.rows(),
            cols: m.cols(),
        },
        Ok(m) if m.cols() > MAX_CLASSES => LinkError::UtilityTooWide,
        Ok(m) => match UtilityMatrix::new(m) {
            Ok(u) => return Ok(u.matrix().clone()),
            Err(e) => LinkError::BadMatrix(e.to_string()),
        },
        Err(e) => LinkError::BadMatrix(e.to_string()),
    })
}

/// `cm.NAME`: each a named confusion matrix (the matrix syntax, or brackets), in order; those
/// whose matrix cannot be read are kept as given ([`UnreadClassifier`]); unnamed, repeated,
/// surplus and unreadable ones are noted.
pub fn classifiers(
    parts: &Parts,
    orientation: Orientation,
    notes: &mut Notes,
) -> (Vec<Classifier>, Vec<UnreadClassifier>) {
    let mut out: Vec<Classifier> = Vec::new();
    let mut unread: Vec<UnreadClassifier> = Vec::new();
    for (key, raw) in parts.family("cm.") {
        let name = clean_name(&key["cm.".len()..]);
        let taken = out.iter().any(|c| c.name == name) || unread.iter().any(|c| c.name == name);
        let error = if name.is_empty() {
            LinkError::Unnamed
        } else if taken {
            LinkError::SecondClassifier(name)
        } else if out.len() + unread.len() >= MAX_CLASSIFIERS {
            LinkError::TooManyClassifiers
        } else {
            let text = pct_decode(raw);
            let read = read_syntax(&text, Rule::Counts).and_then(|m| {
                let m = m.from_orientation(orientation);
                Ok(match m.rows() == m.cols() {
                    true => ConfusionMatrix::new(m, Orientation::OutputRows)?
                        .counts()
                        .clone(),
                    // A row per decision: its size is checked against `u` in `classes`.
                    false => DecisionCounts::new(m)?.counts().clone(),
                })
            });
            match read {
                Ok(matrix) => {
                    out.push(Classifier { name, matrix });
                    continue;
                }
                Err(e) => {
                    let why = e.to_string();
                    unread.push(UnreadClassifier {
                        name,
                        text,
                        why: why.clone(),
                    });
                    LinkError::BadMatrix(why)
                }
            }
        };
        notes.add(key, error);
    }
    (out, unread)
}

/// The number of classes and their names: from `u`, else the first classifier, else the class
/// names; the classifiers of another size are dropped. A link whose every matrix and class list
/// was unreadable opens the factory example rather than an empty page.
pub fn classes(
    parts: &Parts,
    utility: Option<Matrix>,
    classifiers: Vec<Classifier>,
    unread_cm: bool,
    notes: &mut Notes,
) -> Option<ProblemFields> {
    let has_content = parts
        .keys()
        .any(|k| k == "u" || k == "classes" || k == "decisions" || k.starts_with("cm."));
    if !has_content {
        return None;
    }
    let names = parts
        .raw("classes")
        .map(|raw| fill_empty(split_names(raw), "classes", default_class_name, notes));
    let n = utility
        .as_ref()
        .map(|u| u.cols())
        .or_else(|| classifiers.first().map(|c| c.matrix.cols()))
        .or_else(|| names.as_ref().map(|c| c.len()).filter(|n| *n >= 2))
        .unwrap_or(2)
        .clamp(2, MAX_CLASSES);
    // A row per decision: as many rows as `u` has, more than its columns.
    let n_d = utility.as_ref().map(|u| u.rows()).filter(|r| *r > n);
    let (mut decided, mut classifiers): (Vec<Classifier>, Vec<Classifier>) = classifiers
        .into_iter()
        .filter(|c| {
            let (rows, cols) = (c.matrix.rows(), c.matrix.cols());
            let fits = cols == n && (rows == n || Some(rows) == n_d);
            if !fits {
                notes.add(
                    &format!("cm.{}", c.name),
                    LinkError::ClassifierSize {
                        size: rows,
                        cols,
                        n,
                        n_d: n_d.unwrap_or(n),
                    },
                );
            }
            fits
        })
        .partition(|c| c.matrix.rows() > n);
    let fit = MAX_CELLS / (n * n);
    for c in classifiers.iter().skip(fit) {
        notes.add(&format!("cm.{}", c.name), LinkError::TooManyCells { n });
    }
    classifiers.truncate(fit);
    decided.truncate((MAX_CELLS - classifiers.len() * n * n) / (n * n_d.unwrap_or(n)).max(1));
    let names_ok = names
        .as_ref()
        .is_some_and(|c| c.len() >= 2 && c.iter().all(|s| !s.is_empty()));
    let mut fields = factory().problem.fields();
    // A `u` that could not be read gets the identity as its stand-in, whatever else the link
    // holds, so that a link written while it is in force (with the text as given) gives the
    // same state again; a classifier that could not be read is left out, never replaced by
    // the factory's.
    let unread_u = utility.is_none() && parts.get("u").is_some();
    let unread = unread_u || unread_cm;
    if utility.is_none() && classifiers.is_empty() && !names_ok && !unread {
        notes.add("link", LinkError::Unreadable);
    } else {
        fields.utility = utility.unwrap_or_else(|| Matrix::identity(n).expect("n ≥ 2"));
        fields.classifiers = classifiers;
        fields.decided = decided;
        fields.classes = (0..n).map(default_class_name).collect();
    }
    // The factory example's classes when nothing could be read.
    let n = fields.utility.cols();
    if let Some(names) = names {
        if names.len() == n && names.iter().all(|s| !s.is_empty()) {
            fields.classes = names;
        } else {
            notes.add(
                "classes",
                LinkError::NameCount {
                    found: names.len(),
                    n,
                    what: "classes",
                },
            );
        }
    }
    Some(fields)
}

/// `names` with each empty name replaced by its default name (`default(k)` for the 0-based
/// position `k`), each noted: `classes=a,,b` keeps `a` and `b`.
fn fill_empty(
    mut names: Vec<String>,
    key: &str,
    default: impl Fn(usize) -> String,
    notes: &mut Notes,
) -> Vec<String> {
    for (k, name) in names.iter_mut().enumerate() {
        if name.is_empty() {
            *name = default(k);
            notes.add(
                key,
                LinkError::EmptyName {
                    position: k + 1,
                    default: name.clone(),
                },
            );
        }
    }
    names
}

/// `decisions`: one name per row of the utility matrix (default: the class names, then
/// `decision d`).
pub fn decisions(parts: &Parts, fields: &mut ProblemFields, notes: &mut Notes) {
    let n_d = fields.utility.rows();
    fields.decisions = (0..n_d)
        .map(|d| default_decision_name(d, &fields.classes))
        .collect();
    let Some(raw) = parts.raw("decisions") else {
        return;
    };
    let split = split_names(raw);
    if split.len() != n_d {
        notes.add(
            "decisions",
            LinkError::NameCount {
                found: split.len(),
                n: n_d,
                what: "decisions",
            },
        );
        return;
    }
    let classes = fields.classes.clone();
    let names = fill_empty(
        split,
        "decisions",
        |d| default_decision_name(d, &classes),
        notes,
    );
    if names.iter().all(|s| !s.is_empty()) {
        fields.decisions = names;
    } else {
        notes.add(
            "decisions",
            LinkError::NameCount {
                found: names.len(),
                n: n_d,
                what: "decisions",
            },
        );
    }
}
