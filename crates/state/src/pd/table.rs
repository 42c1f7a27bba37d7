//! p-d for the κ in force, per classifier, beside macro precision, macro recall, the F1 of
//! macro P and R (Kozak et al. 2022, eq. 23) and the utility yield (Dyrland et al. 2022, eq. 10),
//! with the ranking of the classifiers by each.

use super::{Classifiers, PdError, kappa};
use ulab_core::metrics;
use ulab_core::pd::{PdLinear, TIE_TOLERANCE, f1_of_macro_pr};
use ulab_core::{Score, UtilityMatrix};

/// A column of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Measure {
    /// p-d for the κ in force (eq. 30).
    Pd,
    /// Macro precision (eq. 17) = p-d at κ = 1.
    MacroPrecision,
    /// Macro recall (eq. 18) = p-d at κ = 0.
    MacroRecall,
    /// The F1 of macro P and R (eq. 23).
    F1MacroPr,
    /// The utility yield (needs a utility matrix).
    Yield,
}

impl Measure {
    /// Every column, in table order.
    pub const ALL: [Measure; 5] = [
        Measure::Pd,
        Measure::MacroPrecision,
        Measure::MacroRecall,
        Measure::F1MacroPr,
        Measure::Yield,
    ];

    /// The column header.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::pd::table::Measure;
    /// assert_eq!(Measure::F1MacroPr.label(), "F1 of macro P and R (Kozak et al. eq. 23)");
    /// ```
    pub fn label(&self) -> &'static str {
        match self {
            Measure::Pd => "p-d (κ in force)",
            Measure::MacroPrecision => "macro precision",
            Measure::MacroRecall => "macro recall",
            Measure::F1MacroPr => super::F1_LABEL,
            Measure::Yield => "utility yield",
        }
    }

    /// The CSV key: `preference_driven`, `macro_precision`, `macro_recall`,
    /// `f1_of_macro_pr`, `yield`.
    pub fn key(&self) -> &'static str {
        match self {
            Measure::Pd => "preference_driven",
            Measure::MacroPrecision => "macro_precision",
            Measure::MacroRecall => "macro_recall",
            Measure::F1MacroPr => "f1_of_macro_pr",
            Measure::Yield => "yield",
        }
    }

    /// The formula, for a tooltip.
    pub fn formula(&self) -> &'static str {
        match self {
            Measure::Pd => "(1/c) Σ_k κ_k·precision_k + (1 − κ_k)·recall_k (0/0 counted as 0)",
            Measure::MacroPrecision => "(1/c) Σ_k TP_k / (TP_k + FP_k) = p-d at κ = 1",
            Measure::MacroRecall => "(1/c) Σ_k TP_k / (TP_k + FN_k) = p-d at κ = 0",
            Measure::F1MacroPr => "2·P·R / (P + R), P and R the macro precision and recall",
            Measure::Yield => "Σ_ij U_ij C_ij, C the normalized confusion matrix",
        }
    }
}

/// One classifier's row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Its name.
    pub name: String,
    /// The κ it is scored with.
    pub kappa: Vec<f64>,
    /// p-d at that κ.
    pub pd: f64,
    /// Macro precision (undefined if the classifier never outputs some class).
    pub macro_precision: Score,
    /// Macro recall (undefined if some class has no case).
    pub macro_recall: Score,
    /// The F1 of macro P and R.
    pub f1_macro_pr: Score,
    /// The yield per item, with a utility matrix.
    pub yield_value: Option<f64>,
}

impl Row {
    /// The value in column `m`, `None` if undefined or absent.
    pub fn value(&self, m: Measure) -> Option<f64> {
        match m {
            Measure::Pd => Some(self.pd),
            Measure::MacroPrecision => self.macro_precision.value(),
            Measure::MacroRecall => self.macro_recall.value(),
            Measure::F1MacroPr => self.f1_macro_pr.value(),
            Measure::Yield => self.yield_value,
        }
    }
}

/// The table: rows, and the rank of each classifier by each column.
#[derive(Debug, Clone, PartialEq)]
pub struct PdTable {
    /// One row per classifier, in order.
    pub rows: Vec<Row>,
    /// `true` when κ is the default (eq. 31).
    pub kappa_is_default: bool,
    /// Per column (in [`Measure::ALL`] order), each classifier's rank ([`competition_ranks`]).
    pub ranks: Vec<(Measure, Vec<Option<usize>>)>,
}

impl PdTable {
    /// Each classifier's κ as a pair, where it has two classes (the markers of the two-class
    /// heatmaps).
    pub fn kappa_pairs(&self) -> Vec<Option<[f64; 2]>> {
        self.rows
            .iter()
            .map(|r| (r.kappa.len() == 2).then(|| [r.kappa[0], r.kappa[1]]))
            .collect()
    }

    /// The ranks by column `m`.
    pub fn ranks_by(&self, m: Measure) -> &[Option<usize>] {
        self.ranks
            .iter()
            .find(|(k, _)| *k == m)
            .map(|(_, r)| r.as_slice())
            .unwrap_or(&[])
    }

    /// The names ranked first by column `m` (several on a tie; none if every value is
    /// undefined).
    pub fn first_by(&self, m: Measure) -> Vec<&str> {
        self.ranks_by(m)
            .iter()
            .zip(&self.rows)
            .filter(|(r, _)| **r == Some(1))
            .map(|(_, row)| row.name.as_str())
            .collect()
    }
}

/// Standard competition ranks ("1, 1, 3"), highest first: a value's rank is 1 + the number of
/// values greater than it by more than `tol·max(1, |v|)`. Undefined values get `None`.
///
/// # Examples
///
/// ```
/// use ulab_state::pd::table::competition_ranks;
/// let r = competition_ranks(&[Some(0.5), Some(0.7), None, Some(0.7)], 1e-12);
/// assert_eq!(r, vec![Some(3), Some(1), None, Some(1)]);
/// ```
pub fn competition_ranks(values: &[Option<f64>], tol: f64) -> Vec<Option<usize>> {
    values
        .iter()
        .map(|v| {
            let v = (*v).filter(|x| x.is_finite())?;
            let above = values
                .iter()
                .flatten()
                .filter(|w| w.is_finite() && **w > v + tol * v.abs().max(1.0))
                .count();
            Some(above + 1)
        })
        .collect()
}

/// The table for κ = `custom` (`None`: each classifier's default, eq. 31) and, if given, a
/// utility matrix (rows = decisions; output `i` is decision `i`).
///
/// p-d by [`PdLinear`]: `base + Σ_k slope_k·κ_k`, equal to eq. 30; macro P and R by
/// [`metrics::macro_average`]; F1 by [`f1_of_macro_pr`]; yield by
/// [`UtilityMatrix::yield_of`]. Ties within [`TIE_TOLERANCE`] (relative for the yield) share a
/// rank.
///
/// # Errors
/// A bad `custom` κ; a utility matrix whose classes do not fit; a yield that overflows.
///
/// # Examples
///
/// The factory (Dyrland et al. 2022): p-d and F1 prefer B; the yield prefers A.
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::{pd::{table::{table, Measure}, Classifiers}, presets::factory};
/// let c = Classifiers::from_app(&factory().classifiers()).unwrap();
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let t = table(&c, None, Some(&u)).unwrap();
/// assert_eq!(t.first_by(Measure::Pd), ["B"]);
/// assert_eq!(t.first_by(Measure::F1MacroPr), ["B"]);
/// assert_eq!(t.first_by(Measure::Yield), ["A"]);
/// assert!((t.rows[0].yield_value.unwrap() - 3.5).abs() < 1e-12);
/// ```
pub fn table(
    classifiers: &Classifiers,
    custom: Option<&[f64]>,
    utility: Option<&UtilityMatrix>,
) -> Result<PdTable, PdError> {
    let kappas = kappa::in_force(custom, classifiers)?;
    let mut rows = Vec::with_capacity(classifiers.len());
    for ((name, cm), k) in classifiers
        .names()
        .iter()
        .zip(classifiers.matrices())
        .zip(kappas)
    {
        let yield_value = match utility {
            Some(u) => {
                let y = u.yield_of(cm)?;
                if !y.is_finite() {
                    return Err(PdError::Setting(
                        "the yields overflow: rescale the utility matrix".into(),
                    ));
                }
                Some(y)
            }
            None => None,
        };
        rows.push(Row {
            name: name.clone(),
            pd: PdLinear::of(cm).at(&k),
            kappa: k,
            macro_precision: metrics::macro_average(cm, metrics::precision),
            macro_recall: metrics::macro_average(cm, metrics::recall),
            f1_macro_pr: f1_of_macro_pr(cm),
            yield_value,
        });
    }
    let ranks = Measure::ALL
        .iter()
        .map(|m| {
            let values: Vec<Option<f64>> = rows.iter().map(|r| r.value(*m)).collect();
            (*m, competition_ranks(&values, TIE_TOLERANCE))
        })
        .collect();
    Ok(PdTable {
        rows,
        kappa_is_default: custom.is_none(),
        ranks,
    })
}
