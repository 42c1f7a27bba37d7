//! A ROC view's scores file that is in fact a probabilities file, so that the ROC view can
//! offer to open it in the Probabilities view:
//!
//! * columns named `MODEL:CLASS` (the probabilities file's own form; a ROC parse fails on
//!   its third label, or reads each class's column as a classifier);
//! * columns named `PREFIX_CLASS` whose classes are the file's labels — scikit-learn users'
//!   `proba_0, proba_1` or `A_ok, A_bad, B_ok, B_bad` — read with the names rewritten
//!   `PREFIX:CLASS` ([`Recognised::header`], given to [`super::file::ProbsOptions::header`]);
//! * a two-class scores table whose every score is in `[0, 1]`: each column is then the
//!   probability of the positive label ([`scores_as_probabilities`]).

use super::file::{ProbsFile, ProbsFileError};
use crate::roc::labels::{is_ignored_column, label_column};
use crate::roc::scores::ScoresTable;
use ulab_core::text::truncate;
use ulab_probs::ProbTable;

/// A header read as a probabilities file's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recognised {
    /// The names to read in place of the header's (`MODEL:CLASS` columns).
    pub header: Vec<String>,
    /// The models.
    pub models: Vec<String>,
    /// The classes, in the first model's order.
    pub classes: Vec<String>,
    /// The probability columns, as the file names them.
    pub columns: Vec<String>,
}

/// Whether a scores file's `header` (and its `labels` as far as known; may be empty) is a
/// probabilities file's, and how to read it.
///
/// # Examples
///
/// ```
/// use ulab_state::probs::recognise::recognise;
/// let v = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
/// let r = recognise(&v("y_true,proba_0,proba_1"), &v("0,1")).unwrap();
/// assert_eq!(r.header, v("y_true,proba:0,proba:1"));
/// assert_eq!((r.models, r.classes), (v("proba"), v("0,1")));
/// assert!(recognise(&v("label,A:ok,A:bad,B:ok,B:bad"), &[]).is_some());
/// assert!(recognise(&v("label,model_a,model_b"), &v("0,1")).is_none()); // two classifiers
/// assert!(recognise(&v("label,logistic,forest"), &[]).is_none());
/// ```
pub fn recognise(header: &[String], labels: &[String]) -> Option<Recognised> {
    let label = label_column(header)?;
    let cols: Vec<usize> = (0..header.len())
        .filter(|&i| i != label && !is_ignored_column(&header[i], i, header.len(), Some(label)))
        .collect();
    if cols.is_empty() {
        return None;
    }
    let colon = cols.iter().any(|&i| header[i].contains(':'));
    let mut renamed = header.to_vec();
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for &i in &cols {
        let sep = if colon { ':' } else { '_' };
        let (prefix, class) = if colon {
            header[i].split_once(sep)?
        } else {
            header[i].rsplit_once(sep)?
        };
        let (prefix, class) = (prefix.trim(), class.trim());
        if prefix.is_empty() || class.is_empty() {
            return None;
        }
        renamed[i] = format!("{prefix}:{class}");
        match groups.iter_mut().find(|(p, _)| p == prefix) {
            Some((_, classes)) => classes.push(class.to_string()),
            None => groups.push((prefix.to_string(), vec![class.to_string()])),
        }
    }
    let classes = groups[0].1.clone();
    let same = |c: &Vec<String>| {
        c.len() == classes.len() && c.iter().all(|x| classes.contains(x)) && c.len() >= 2
    };
    let labelled = labels.iter().all(|l| classes.contains(l));
    if !groups.iter().all(|(_, c)| same(c)) || !(colon || labelled) {
        return None;
    }
    Some(Recognised {
        header: renamed,
        models: groups.into_iter().map(|(p, _)| p).collect(),
        classes,
        columns: cols.iter().map(|&i| header[i].clone()).collect(),
    })
}

impl Recognised {
    /// What the ROC view says of a file of these columns instead of reading each class's
    /// column as a classifier of its own (`proba_0` would be one with an AUC below 0.5), with
    /// `kept`: what happened to the data in force.
    ///
    /// ```
    /// use ulab_state::probs::recognise::recognise;
    /// let v = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
    /// let r = recognise(&v("y_true,proba_0,proba_1"), &v("0,1")).unwrap();
    /// assert_eq!(
    ///     r.not_scores("p.csv", "nothing was loaded"),
    ///     "p.csv was not read as scores (nothing was loaded): its columns proba_0, proba_1 are \
    ///      one model's probabilities of the classes 0, 1 (model proba), not 2 classifiers' \
    ///      scores. The Probabilities view (#view=probs) reads this file: open it there."
    /// );
    /// ```
    pub fn not_scores(&self, name: &str, kept: &str) -> String {
        let classes = self.classes.join(", ");
        let whose = match self.models.as_slice() {
            [one] => format!("one model's probabilities of the classes {classes} (model {one})"),
            all => format!(
                "the probabilities of the classes {classes} of {} models ({})",
                all.len(),
                all.join(", ")
            ),
        };
        format!(
            "{name} was not read as scores ({kept}): its columns {} are {whose}, not {} \
             classifiers' scores. The Probabilities view (#view=probs) reads this file: open it \
             there.",
            truncate(&self.columns.join(", "), 120),
            self.columns.len()
        )
    }
}

/// The bytes of a file's beginning [`sniff`] reads.
pub const SNIFF_BYTES: usize = 64 * 1024;

/// Whether a file whose text begins with `head` (e.g. its first [`SNIFF_BYTES`]) is a
/// probabilities file by its columns ([`recognise`]): its header and the labels of the whole
/// lines of `head` (a last line cut short is left out, unless `head` is the whole file:
/// `complete`).
///
/// # Examples
///
/// ```
/// use ulab_state::probs::recognise::sniff;
/// let r = sniff("id,y,A_ok,A_bad\n1,ok,0.9,0.1\n2,bad,0.3,0.7\n3,b", false).unwrap();
/// assert_eq!((r.header[2].as_str(), r.models.len()), ("A:ok", 1));
/// assert!(sniff("y,A,B\n0,0.1,0.2\n1,0.9,0.6\n", true).is_none()); // single columns
/// ```
pub fn sniff(head: &str, complete: bool) -> Option<Recognised> {
    let whole = if complete {
        head
    } else {
        &head[..head.rfind('\n')? + 1]
    };
    let records = ulab_csv::read(whole).ok()?;
    let (first, rows) = records.split_first()?;
    let header = &first.fields;
    let label = label_column(header)?;
    let mut labels: Vec<String> = Vec::new();
    for r in rows {
        if let Some(l) = r.fields.get(label)
            && !labels.contains(l)
        {
            labels.push(l.clone());
        }
    }
    recognise(header, &labels)
}

/// Whether every score of a scores table is in `[0, 1]`: a two-class table of probabilities
/// of the positive label ([`scores_as_probabilities`]).
pub fn all_probabilities(t: &ScoresTable) -> bool {
    t.classifiers
        .iter()
        .all(|c| c.scores.iter().all(|s| (0.0..=1.0).contains(s)))
}

/// A two-class scores table read as probabilities of its positive label (`positive` as
/// [`ScoresTable::positive`] chooses it): `Ok(None)` when some score is outside `[0, 1]` (a
/// score, not a probability).
///
/// # Errors
/// No positive label can be chosen (see [`ScoresTable::positive`]).
///
/// # Examples
///
/// ```
/// use ulab_state::probs::recognise::scores_as_probabilities;
/// use ulab_state::roc::scores::parse_scores;
/// let t = parse_scores("label,A\n0,0.2\n1,0.9\n").unwrap();
/// let f = scores_as_probabilities(&t, None).unwrap().unwrap();
/// assert_eq!((f.classes.clone(), f.table.truth().to_vec()), (vec!["1".to_string(), "0".into()], vec![1, 0]));
/// let t = parse_scores("label,A\n0,-2\n1,3\n").unwrap();
/// assert!(scores_as_probabilities(&t, None).unwrap().is_none());
/// ```
pub fn scores_as_probabilities(
    t: &ScoresTable,
    positive: Option<&str>,
) -> Result<Option<ProbsFile>, ProbsFileError> {
    if !all_probabilities(t) {
        return Ok(None);
    }
    let pos = t
        .positive(positive)
        .map_err(|_| ProbsFileError::PositiveRequired {
            line: 1,
            labels: t.labels.to_vec(),
        })?;
    let truth: Vec<usize> = t
        .label_index
        .iter()
        .map(|&l| usize::from(l as usize != pos))
        .collect();
    let probs = t
        .classifiers
        .iter()
        .map(|c| c.scores.iter().flat_map(|&s| [s, 1.0 - s]).collect())
        .collect();
    let names = t.classifiers.iter().map(|c| c.name.clone()).collect();
    let table = ProbTable::new(2, names, truth, probs).map_err(|e| ProbsFileError::Csv {
        line: 1,
        message: e.to_string(),
    })?;
    let classes = t.class_names(pos).to_vec();
    Ok(Some(ProbsFile {
        table,
        positive: Some(classes[0].clone()),
        classes,
        label_column: t.label_column.clone(),
        ignored: t.ignored.clone(),
    }))
}
