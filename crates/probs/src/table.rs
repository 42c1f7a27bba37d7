//! The validated container of a test set's per-item class probabilities: the true class of
//! each item and, for each model, one probability per class and item.
//!
//! **Storage.** Each model's probabilities are one contiguous `Vec<f32>`, item after item
//! (`n` classes each): 4 bytes a probability, so that the cap
//! [`MAX_PROB_CELLS`] = 5·10⁷ probabilities (items × classes × models) is 200 MB. Single
//! precision keeps 7 significant digits, more than any classifier's probabilities mean; the
//! decisions allow for it (see [`super::decide`]).
//!
//! **Validation** ([`normalize_row`]): every probability is a number in `[0, 1]`; each item's
//! probabilities for one model sum to 1 within 1 % and are divided by their sum (rows off by
//! more than 10⁻⁶, beyond the rounding of written decimals, are counted as renormalized);
//! otherwise a typed error names the item and the model.

use super::error::{ProbError, RowIssue};
use ulab_core::error::{CoreError, check_count};
use ulab_core::limits::{MAX_CLASSES, MAX_CLASSIFIERS, MAX_PROB_CELLS};

/// How far from 1 a row's sum may be and still be renormalized: 1 %.
pub const SUM_TOLERANCE: f64 = 0.01;

/// A row whose sum is further than this from 1 is counted as renormalized.
pub const RENORMALIZED_BEYOND: f64 = 1e-6;

/// Checks one model's probabilities for one item and divides them by their sum: every `p_c`
/// must be in `[0, 1]` and `|Σ_c p_c − 1| ≤ 0.01`; then `p_c ← p_c / Σ p`. Returns whether
/// the row counts as renormalized (`|Σ p − 1| > 10⁻⁶`).
///
/// # Errors
/// The first value outside `[0, 1]` (or NaN), else a sum off by more than 1 %.
///
/// # Examples
///
/// ```
/// use ulab_probs::table::normalize_row;
/// use ulab_probs::RowIssue;
/// let mut p = [0.2, 0.795];
/// assert_eq!(normalize_row(&mut p), Ok(true));
/// assert!((p[0] - 0.2 / 0.995).abs() < 1e-15);
/// assert_eq!(normalize_row(&mut [0.5, 0.5]), Ok(false));
/// assert_eq!(normalize_row(&mut [0.5, 1.5]), Err(RowIssue::OutOfRange { class: 1, value: 1.5 }));
/// assert_eq!(normalize_row(&mut [0.5, 0.4]), Err(RowIssue::BadSum { sum: 0.9 }));
/// ```
pub fn normalize_row(p: &mut [f64]) -> Result<bool, RowIssue> {
    let mut sum = 0.0;
    for (class, &value) in p.iter().enumerate() {
        if !(0.0..=1.0).contains(&value) {
            return Err(RowIssue::OutOfRange { class, value });
        }
        sum += value;
    }
    if !((sum - 1.0).abs() <= SUM_TOLERANCE) {
        return Err(RowIssue::BadSum { sum });
    }
    for v in p.iter_mut() {
        *v /= sum;
    }
    Ok((sum - 1.0).abs() > RENORMALIZED_BEYOND)
}

/// Whether `items × classes × models` probabilities fit under [`MAX_PROB_CELLS`].
fn cells_fit(items: usize, classes: usize, models: usize) -> bool {
    items.saturating_mul(classes).saturating_mul(models) <= MAX_PROB_CELLS
}

/// Checks item `item` of true class `class` (below `n`) with the probabilities of `names`'
/// models, model after model (`n` each), into `row`, each model's renormalized by
/// [`normalize_row`]; returns which were counted as renormalized.
pub(crate) fn check_item(
    (item, class, n): (usize, usize, usize),
    probs: &[f64],
    row: &mut Vec<f64>,
    names: &[String],
) -> Result<[bool; MAX_CLASSIFIERS], ProbError> {
    if class >= n {
        return Err(ProbError::UnknownClass { item, class });
    }
    if probs.len() != n * names.len() || names.len() > MAX_CLASSIFIERS {
        return Err(CoreError::LengthMismatch {
            what: "probabilities of an item (models × classes)",
            expected: n * names.len(),
            found: probs.len(),
        }
        .into());
    }
    row.clear();
    row.extend_from_slice(probs);
    let mut renormalized = [false; MAX_CLASSIFIERS];
    for (k, p) in row.chunks_exact_mut(n).enumerate() {
        renormalized[k] = normalize_row(p).map_err(|issue| ProbError::Row {
            item,
            model: k,
            name: names[k].clone(),
            issue,
        })?;
    }
    Ok(renormalized)
}

/// One model's probabilities on a test set: `n` per item, item after item.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelProbs {
    name: String,
    n: usize,
    p: Vec<f32>,
    renormalized: usize,
}

impl ModelProbs {
    /// A model's probabilities from values that are already valid (each item's `n` values in
    /// `[0, 1]` summing to 1): the recalibrated models. Crate-private: the public way in is
    /// [`ProbTableBuilder`].
    pub(crate) fn from_valid(name: String, n: usize, p: Vec<f32>) -> ModelProbs {
        ModelProbs {
            name,
            n,
            p,
            renormalized: 0,
        }
    }

    /// The model's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Number of classes.
    pub fn n_classes(&self) -> usize {
        self.n
    }

    /// Number of items.
    pub fn n_items(&self) -> usize {
        self.p.len() / self.n.max(1)
    }

    /// Item `i`'s probabilities, one per class (empty for `i` beyond [`ModelProbs::n_items`]).
    pub fn item(&self, i: usize) -> &[f32] {
        self.p.get(i * self.n..(i + 1) * self.n).unwrap_or(&[])
    }

    /// All probabilities, item after item.
    pub fn values(&self) -> &[f32] {
        &self.p
    }

    /// How many items' probabilities were renormalized (summed to 1 within 1 % but not
    /// within 10⁻⁶).
    pub fn renormalized(&self) -> usize {
        self.renormalized
    }
}

/// A test set's true classes and several models' probabilities for each item.
///
/// # Examples
///
/// ```
/// use ulab_probs::ProbTable;
/// let t = ProbTable::new(
///     2,
///     vec!["A".into()],
///     vec![0, 1, 1],
///     vec![vec![0.9, 0.1, 0.3, 0.7, 0.5, 0.5]],
/// )
/// .unwrap();
/// assert_eq!((t.n_items(), t.class_counts()), (3, &[1, 2][..]));
/// assert_eq!(t.models()[0].item(1), &[0.3, 0.7]);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ProbTable {
    n: usize,
    truth: Vec<u16>,
    counts: Vec<u64>,
    models: Vec<ModelProbs>,
}

impl ProbTable {
    /// A table from the true class of each item and, per model, its probabilities item after
    /// item (`n_classes` per item), validated and renormalized as [`ProbTableBuilder::push`]
    /// does.
    ///
    /// # Errors
    /// As [`ProbTableBuilder::new`] and [`ProbTableBuilder::push`]; a model whose values are
    /// not `n_classes` per item; no item.
    pub fn new(
        n_classes: usize,
        names: Vec<String>,
        truth: Vec<usize>,
        probs: Vec<Vec<f64>>,
    ) -> Result<ProbTable, ProbError> {
        let mut b = ProbTableBuilder::new(n_classes, names)?;
        let m = b.models.len();
        if probs.len() != m {
            return Err(CoreError::LengthMismatch {
                what: "models' probabilities",
                expected: m,
                found: probs.len(),
            }
            .into());
        }
        for p in &probs {
            if p.len() != truth.len() * n_classes {
                return Err(CoreError::LengthMismatch {
                    what: "probabilities of a model (items × classes)",
                    expected: truth.len() * n_classes,
                    found: p.len(),
                }
                .into());
            }
        }
        let mut row = vec![0.0; m * n_classes];
        for (i, &class) in truth.iter().enumerate() {
            for (k, p) in probs.iter().enumerate() {
                row[k * n_classes..(k + 1) * n_classes]
                    .copy_from_slice(&p[i * n_classes..(i + 1) * n_classes]);
            }
            b.push(class, &row)?;
        }
        b.finish()
    }

    /// Number of classes `n`.
    pub fn n_classes(&self) -> usize {
        self.n
    }

    /// Number of items `N`.
    pub fn n_items(&self) -> usize {
        self.truth.len()
    }

    /// The true class of each item.
    pub fn truth(&self) -> &[u16] {
        &self.truth
    }

    /// `N_c`: the number of items of each class.
    pub fn class_counts(&self) -> &[u64] {
        &self.counts
    }

    /// The test set's class shares `f_c = N_c / N`.
    pub fn class_shares(&self) -> Vec<f64> {
        let n = self.n_items().max(1) as f64;
        self.counts.iter().map(|&c| c as f64 / n).collect()
    }

    /// The models, in the order given.
    pub fn models(&self) -> &[ModelProbs] {
        &self.models
    }

    /// Checks that `model` has this table's items and classes (e.g. a recalibrated model).
    ///
    /// # Errors
    /// [`CoreError::DimensionMismatch`] otherwise.
    pub fn check_model(&self, model: &ModelProbs) -> Result<(), CoreError> {
        if model.n != self.n || model.p.len() != self.truth.len() * self.n {
            return Err(CoreError::DimensionMismatch {
                expected: format!("{} items × {} classes", self.n_items(), self.n),
                found: format!("{} items × {} classes", model.n_items(), model.n),
            });
        }
        Ok(())
    }
}

/// Builds a [`ProbTable`] an item at a time (as a file is read), checking each row.
#[derive(Debug, Clone)]
pub struct ProbTableBuilder {
    n: usize,
    names: Vec<String>,
    truth: Vec<u16>,
    counts: Vec<u64>,
    models: Vec<ModelProbs>,
    row: Vec<f64>,
}

impl ProbTableBuilder {
    /// A builder for `n_classes` classes (2 to [`MAX_CLASSES`]) and the models `names` (1 to
    /// [`MAX_CLASSIFIERS`]).
    ///
    /// # Errors
    /// Too few or too many classes or models.
    pub fn new(n_classes: usize, names: Vec<String>) -> Result<ProbTableBuilder, ProbError> {
        check_count("classes", n_classes, 2, MAX_CLASSES)?;
        check_count("models", names.len(), 1, MAX_CLASSIFIERS)?;
        Ok(ProbTableBuilder {
            n: n_classes,
            names: names.clone(),
            truth: Vec::new(),
            counts: vec![0; n_classes],
            models: names
                .into_iter()
                .map(|name| ModelProbs {
                    name,
                    n: n_classes,
                    p: Vec::new(),
                    renormalized: 0,
                })
                .collect(),
            row: Vec::with_capacity(n_classes * MAX_CLASSIFIERS),
        })
    }

    /// Items so far.
    pub fn len(&self) -> usize {
        self.truth.len()
    }

    /// Whether no item was added.
    pub fn is_empty(&self) -> bool {
        self.truth.is_empty()
    }

    /// Adds an item of true class `class` with every model's probabilities, model after model
    /// (`n_classes` each), each model's checked and renormalized by [`normalize_row`]. On error
    /// nothing is added.
    ///
    /// # Errors
    /// [`ProbError::UnknownClass`]; [`ProbError::Row`] naming the model; a row of the wrong
    /// length; [`ProbError::TooManyCells`] beyond [`MAX_PROB_CELLS`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_probs::ProbTableBuilder;
    /// let mut b = ProbTableBuilder::new(2, vec!["A".into(), "B".into()]).unwrap();
    /// b.push(0, &[0.9, 0.1, 0.6, 0.402]).unwrap();
    /// let e = b.push(1, &[0.9, 0.1, 0.6, 0.6]).unwrap_err();
    /// assert_eq!(e.to_string(), "item 2, model 'B': the probabilities sum to 1.2, more than 1 % away from 1");
    /// let t = b.finish().unwrap();
    /// assert_eq!((t.n_items(), t.models()[1].renormalized()), (1, 1));
    /// ```
    pub fn push(&mut self, class: usize, probs: &[f64]) -> Result<(), ProbError> {
        let (n, m, item) = (self.n, self.models.len(), self.truth.len());
        if !cells_fit(item + 1, n, m) {
            return Err(ProbError::TooManyCells {
                items: item + 1,
                classes: n,
                models: m,
            });
        }
        let renormalized = check_item((item, class, n), probs, &mut self.row, &self.names)?;
        for (k, model) in self.models.iter_mut().enumerate() {
            model
                .p
                .extend(self.row[k * n..(k + 1) * n].iter().map(|&v| v as f32));
            model.renormalized += usize::from(renormalized[k]);
        }
        self.truth.push(class as u16);
        self.counts[class] += 1;
        Ok(())
    }

    /// The table.
    ///
    /// # Errors
    /// No item ([`CoreError::Empty`]).
    pub fn finish(self) -> Result<ProbTable, ProbError> {
        if self.truth.is_empty() {
            return Err(CoreError::Empty.into());
        }
        Ok(ProbTable {
            n: self.n,
            truth: self.truth,
            counts: self.counts,
            models: self.models,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_rows_name_item_and_model_and_add_nothing() {
        let mut b = ProbTableBuilder::new(3, vec!["A".into(), "B".into()]).unwrap();
        b.push(2, &[0.2, 0.3, 0.5, 0.0, 0.0, 1.0]).unwrap();
        let e = b.push(1, &[0.2, 0.3, 0.5, 0.0, -0.1, 1.1]).unwrap_err();
        assert_eq!(
            e,
            ProbError::Row {
                item: 1,
                model: 1,
                name: "B".into(),
                issue: RowIssue::OutOfRange {
                    class: 1,
                    value: -0.1
                }
            }
        );
        let e = b.push(1, &[f64::NAN, 0.3, 0.7, 0.0, 0.0, 1.0]).unwrap_err();
        assert!(e.to_string().starts_with("item 2, model 'A'"), "{e}");
        assert!(matches!(
            b.push(3, &[0.2, 0.3, 0.5, 0.0, 0.0, 1.0]),
            Err(ProbError::UnknownClass { item: 1, class: 3 })
        ));
        assert!(b.push(0, &[0.2, 0.3, 0.5]).is_err());
        let t = b.finish().unwrap();
        assert_eq!(t.n_items(), 1);
        assert_eq!(t.class_counts(), &[0, 0, 1]);
        assert_eq!(t.models()[0].values().len(), 3);
        assert_eq!(t.models()[1].values().len(), 3);
    }

    #[test]
    fn cap_on_cells() {
        // 10⁶ items × 5 classes × 10 models fit; one more item does not.
        assert!(cells_fit(1_000_000, 5, 10));
        assert!(!cells_fit(1_000_001, 5, 10));
        assert!(!cells_fit(usize::MAX, 100, 50));
        // The builder asks before it adds: a builder whose next item would pass the cap.
        let mut b = ProbTableBuilder::new(2, vec!["A".into()]).unwrap();
        b.truth = vec![0; MAX_PROB_CELLS / 2];
        assert!(matches!(
            b.push(0, &[0.5, 0.5]),
            Err(ProbError::TooManyCells { items, .. }) if items == MAX_PROB_CELLS / 2 + 1
        ));
    }

    #[test]
    fn sizes_are_checked() {
        assert!(ProbTableBuilder::new(1, vec!["A".into()]).is_err());
        assert!(ProbTableBuilder::new(2, vec![]).is_err());
        assert!(
            ProbTableBuilder::new(2, vec!["A".into()])
                .unwrap()
                .finish()
                .is_err()
        );
        assert!(ProbTable::new(2, vec!["A".into()], vec![0], vec![vec![0.5]]).is_err());
        assert!(ProbTable::new(2, vec!["A".into()], vec![0], vec![]).is_err());
    }
}
