//! A label-only classifier as a decision maker (Dyrland et al. (draft), §3.2, eq. 23 and the
//! appendix): from its confusion counts `M` (rows = output `o`, columns = true class `c`), the
//! deployment base rates `π` and a Dirichlet pseudo-count `α`,
//!
//! * `p(o | c) = (M_oc + α) / (N_c + n·α)` ([`output_given_class`]);
//! * `p(c | o) = p(o | c)·π_c / Σ_c' p(o | c')·π_c'` (eq. 23, [`class_given_output`]);
//! * for each output, the decision of maximal expected utility `Σ_c U_dc p(c | o)`;
//! * the yield per item in deployment of the raw classifier (output `o` ↦ decision `o`) and of
//!   the remapped one, `Σ_o Σ_c U_{d(o),c}·p(o | c)·π_c` — never below the raw one.
//!
//! **Fractions.** A pseudo-count is a number of imagined cases: it is added to counts, never to
//! fractions. A classifier given as fractions (not whole numbers, or a total of at most 1) needs
//! the test set's size `N` (counts = fraction × N / sum) when `α > 0`; without it the result is
//! [`DecideError::NeedsTestSetSize`]. With `α = 0` the fractions are used as they are
//! (`p(o | c)` does not depend on the scale) and no total over `N` items is given.
//!
//! [`output_given_class`]: ulab_core::decision::output_given_class
//! [`class_given_output`]: ulab_core::decision::class_given_output

use super::error::{DecideError, check_names};
use crate::edit::{Values, values_of};
use ulab_core::decision::remap;
use ulab_core::text::{prose, signed};
use ulab_core::{ConfusionMatrix, Matrix, Orientation, UtilityMatrix};

/// A classifier's confusion matrix as counts, and the test-set size it stands for.
#[derive(Debug, Clone, PartialEq)]
pub struct Counts {
    /// The counts (rows = output).
    pub cm: ConfusionMatrix,
    /// The number of test items `N`: the counts' total, or the size given for fractions;
    /// `None` for fractions used as they are (α = 0, no size given).
    pub test_size: Option<f64>,
    /// The matrix was given as fractions.
    pub from_fractions: bool,
}

/// Whether the matrix is fractions rather than counts (the rule of the Compare view's cards):
/// then a pseudo-count α > 0 needs a test-set size, and the UI asks for one.
///
/// # Examples
///
/// ```
/// use ulab_core::Matrix;
/// use ulab_state::decide::classifier::is_fractions;
/// assert!(!is_fractions(&Matrix::parse("27,15;23,35").unwrap()));
/// assert!(is_fractions(&Matrix::parse("0.27,0.15;0.23,0.35").unwrap()));
/// ```
pub fn is_fractions(m: &Matrix) -> bool {
    matches!(values_of(m), Values::Fractions { .. })
}

/// The counts to which a pseudo-count can be added: counts as they are; fractions `f` as
/// `f × N / Σf` with the test-set size `N`; fractions as they are when `α = 0` and no `N`.
///
/// # Errors
/// [`DecideError::NeedsTestSetSize`] (fractions, `α > 0`, no `N`); an invalid `α` or matrix.
///
/// # Examples
///
/// ```
/// use ulab_core::Matrix;
/// use ulab_state::decide::classifier::counts_for;
/// let f = Matrix::parse("0.27,0.15;0.23,0.35").unwrap();
/// assert!(counts_for("A", &f, 1.0, None).is_err());
/// let c = counts_for("A", &f, 1.0, Some(100)).unwrap();
/// assert!((c.cm.get(0, 0) - 27.0).abs() < 1e-12);
/// assert_eq!(c.test_size, Some(100.0));
/// assert_eq!(counts_for("A", &f, 0.0, None).unwrap().test_size, None);
/// ```
pub fn counts_for(
    name: &str,
    m: &Matrix,
    alpha: f64,
    test_size: Option<u64>,
) -> Result<Counts, DecideError> {
    let alpha = super::probabilities::check_alpha(alpha)?;
    match values_of(m) {
        Values::Counts { total } => Ok(Counts {
            cm: ConfusionMatrix::new(m.clone(), Orientation::OutputRows)?,
            test_size: Some(total),
            from_fractions: false,
        }),
        Values::Fractions { sum } => match test_size {
            Some(n) => {
                let n = n as f64;
                if !(sum > 0.0) {
                    return Err(ulab_core::CoreError::ZeroTotal.into());
                }
                let scaled = m.map(|v| v * n / sum)?;
                Ok(Counts {
                    cm: ConfusionMatrix::new(scaled, Orientation::OutputRows)?,
                    test_size: Some(n),
                    from_fractions: true,
                })
            }
            None if alpha == 0.0 => Ok(Counts {
                cm: ConfusionMatrix::new(m.clone(), Orientation::OutputRows)?,
                test_size: None,
                from_fractions: true,
            }),
            None => Err(DecideError::NeedsTestSetSize {
                name: name.to_string(),
                sum,
            }),
        },
    }
}

/// One output label of the classifier, turned into a decision.
#[derive(Debug, Clone, PartialEq)]
pub struct OutputRow {
    /// The output (a class index: the label the classifier gives).
    pub output: usize,
    /// `p(o) = Σ_c p(o | c)·π_c`: how often it is given in deployment.
    pub probability: f64,
    /// `p(c | o)` for each class (eq. 23).
    pub posterior: Vec<f64>,
    /// `Ū_d(o) = Σ_c U_dc p(c | o)` for each decision.
    pub expected: Vec<f64>,
    /// The optimal decision: the raw one (`o`) if it is among the best, else the first best.
    pub decision: usize,
    /// Every decision with the maximal expected utility (within 1e-12 relative).
    pub tied: Vec<usize>,
    /// The most probable class given this output.
    pub most_probable: usize,
    /// Whether the optimal decision is not the raw one (`o` is not among the best).
    pub changed: bool,
    /// This output's share of the raw yield: `Σ_c U_oc p(o | c) π_c = p(o)·Ū_o(o)`.
    pub raw_contribution: f64,
    /// This output's share of the remapped yield: `p(o)·Ū_{d(o)}(o)`.
    pub remapped_contribution: f64,
}

/// A label-only classifier turned into a decision maker.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelOnly {
    /// The pseudo-count used.
    pub alpha: f64,
    /// The deployment base rates used (`π`; the test set's class shares by default).
    pub base_rates: Vec<f64>,
    /// The test set's class shares `f_c = N_c / N`.
    pub test_shares: Vec<f64>,
    /// How the counts were obtained (and `N`).
    pub counts: Counts,
    /// `p(o | c)`, rows = output, columns = class.
    pub output_given_class: Matrix,
    /// `p(c | o)`, rows = output, columns = class.
    pub class_given_output: Matrix,
    /// One row per output label.
    pub outputs: Vec<OutputRow>,
    /// Yield per item of the raw classifier (output `o` ↦ decision `o`).
    pub raw_yield: f64,
    /// Yield per item of the remapped classifier; never below `raw_yield`.
    pub remapped_yield: f64,
    /// Total over `N` items (`N ×` per item), raw and remapped, when `N` is known.
    pub totals: Option<(f64, f64)>,
}

impl LabelOnly {
    /// The decision every output is remapped to, if it is the same for all (e.g. "always
    /// short"): `d` with `d(o) = d` for every output `o`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{Matrix, UtilityMatrix};
    /// use ulab_state::decide::classifier::label_only;
    /// let u = UtilityMatrix::parse("1,0;0,1").unwrap();
    /// let r = label_only("X", &Matrix::parse("8,1;2,9").unwrap(), &u, 0.0, None, None).unwrap();
    /// assert_eq!(r.single_decision(), None); // says 0 → decide 0, says 1 → decide 1
    /// ```
    pub fn single_decision(&self) -> Option<usize> {
        let d = self.outputs.first()?.decision;
        self.outputs.iter().all(|o| o.decision == d).then_some(d)
    }
}

/// Turns a classifier's confusion matrix (counts or fractions, rows = output) into a decision
/// maker for utility matrix `u` (rows = decisions, at least one per class; decision `o < n`
/// is the raw meaning of output `o`), base rates `π` (`None`: the test set's shares) and
/// pseudo-count `α` (see the module's formulas). Reuses the core's
/// [`remap`](ulab_core::decision::remap).
///
/// # Errors
/// See [`counts_for`]; sizes that do not fit; bad base rates; a class without cases when α = 0.
///
/// # Examples
///
/// The factory's classifier A (Dyrland et al. 2022): remapped, it decides "short" whatever it
/// outputs and yields 65 € per component instead of 3.5 €.
///
/// ```
/// use ulab_core::{Matrix, UtilityMatrix};
/// use ulab_state::decide::classifier::label_only;
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let a = Matrix::parse("27,15;23,35").unwrap();
/// let r = label_only("A", &a, &u, 0.0, None, None).unwrap();
/// assert!((r.raw_yield - 3.5).abs() < 1e-12 && (r.remapped_yield - 65.0).abs() < 1e-12);
/// assert_eq!(r.single_decision(), Some(1));
/// let (raw, remapped) = r.totals.unwrap();
/// assert!((raw - 350.0).abs() < 1e-9 && (remapped - 6500.0).abs() < 1e-9);
/// ```
pub fn label_only(
    name: &str,
    m: &Matrix,
    u: &UtilityMatrix,
    alpha: f64,
    base_rates: Option<&[f64]>,
    test_size: Option<u64>,
) -> Result<LabelOnly, DecideError> {
    let counts = counts_for(name, m, alpha, test_size)?;
    let r = remap(&counts.cm, u, alpha, base_rates)?;
    let test_shares = counts.cm.class_shares();
    let pi: Vec<f64> = base_rates.map_or_else(|| test_shares.clone(), <[f64]>::to_vec);
    let n = counts.cm.n();
    let n_d = u.n_decisions();
    let p_oc = &r.output_given_class;
    let contribution = |o: usize, d: usize| {
        (0..n)
            .map(|c| u.get(d, c) * p_oc.get(o, c) * pi[c])
            .sum::<f64>()
    };
    let mut outputs = Vec::with_capacity(n);
    for o in 0..n {
        let expected: Vec<f64> = r.expected.row(o).to_vec();
        let best = expected.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let tol = 1e-12 * best.abs().max(1.0);
        let tied: Vec<usize> = (0..n_d).filter(|&d| expected[d] >= best - tol).collect();
        let decision = if tied.contains(&o) { o } else { r.decisions[o] };
        outputs.push(OutputRow {
            output: o,
            probability: r.output_probability[o],
            posterior: r.class_given_output.row(o).to_vec(),
            decision,
            changed: !tied.contains(&o),
            tied,
            most_probable: r.most_probable[o],
            raw_contribution: contribution(o, o),
            remapped_contribution: contribution(o, decision),
            expected,
        });
    }
    let totals = counts
        .test_size
        .map(|big_n| (big_n * r.raw_yield, big_n * r.remapped_yield));
    Ok(LabelOnly {
        alpha,
        base_rates: pi,
        test_shares,
        counts,
        output_given_class: r.output_given_class,
        class_given_output: r.class_given_output,
        outputs,
        raw_yield: r.raw_yield,
        remapped_yield: r.remapped_yield,
        totals,
    })
}

/// What the remapping says, in plain words: one sentence per changed output (or one for "the
/// same decision whatever the output"), then the yields.
///
/// # Errors
/// Names that do not match (one per class, one per decision).
///
/// # Examples
///
/// ```
/// use ulab_core::{Matrix, UtilityMatrix};
/// use ulab_state::decide::classifier::{explain_label_only, label_only};
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let r = label_only("A", &Matrix::parse("27,15;23,35").unwrap(), &u, 0.0, None, None).unwrap();
/// let names = vec!["long".to_string(), "short".to_string()];
/// let s = explain_label_only(&r, "A", &names, &names).unwrap();
/// assert_eq!(s[0], "Whatever A outputs, decide short: A adds nothing over deciding 'short' for every item, without any classifier.");
/// assert_eq!(s[1], "When A says long, short has expected utility 36.429 against −110 for long.");
/// assert_eq!(s[2], "Remapped, A yields 65 per item instead of 3.5 (+61.5); over 100 items, 6500 instead of 350.");
/// ```
pub fn explain_label_only(
    r: &LabelOnly,
    name: &str,
    decisions: &[String],
    classes: &[String],
) -> Result<Vec<String>, DecideError> {
    let n = r.outputs.len();
    let n_d = r.outputs.first().map_or(0, |o| o.expected.len());
    check_names(decisions, n_d, classes, n)?;
    let mut out = Vec::new();
    let changed: Vec<&OutputRow> = r.outputs.iter().filter(|o| o.changed).collect();
    if changed.is_empty() {
        out.push(format!(
            "{name}'s outputs are already the best decisions for these utilities and base rates: \
             remapping changes nothing."
        ));
    } else if let Some(d) = r.single_decision() {
        // The baseline every view states (crate::baseline): a remap that always takes one
        // decision is that baseline, the classifier adds nothing to it.
        out.push(format!(
            "Whatever {name} outputs, decide {0}: {name} adds nothing over deciding '{0}' for \
             every item, without any classifier.",
            decisions[d]
        ));
    }
    for o in changed {
        out.push(format!(
            "When {name} says {}, {} has expected utility {} against {} for {}.",
            classes[o.output],
            decisions[o.decision],
            prose(o.expected[o.decision]),
            prose(o.expected[o.output]),
            decisions[o.output]
        ));
    }
    let mut yields = format!(
        "Remapped, {name} yields {} per item instead of {} ({})",
        prose(r.remapped_yield),
        prose(r.raw_yield),
        signed(r.remapped_yield - r.raw_yield, 3)
    );
    if let (Some((raw, rem)), Some(big_n)) = (r.totals, r.counts.test_size) {
        yields.push_str(&format!(
            "; over {} items, {} instead of {}",
            prose(big_n),
            prose(rem),
            prose(raw)
        ));
    }
    yields.push('.');
    out.push(yields);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unchanged_outputs_keep_their_decision() {
        let u = UtilityMatrix::identity(2).unwrap();
        let r = label_only(
            "X",
            &Matrix::parse("40,10;10,40").unwrap(),
            &u,
            1.0,
            None,
            None,
        )
        .unwrap();
        assert!(r.outputs.iter().all(|o| !o.changed));
        assert!((r.remapped_yield - r.raw_yield).abs() < 1e-15);
        let names = vec!["a".to_string(), "b".to_string()];
        let s = explain_label_only(&r, "X", &names, &names).unwrap();
        assert!(s[0].contains("changes nothing"));
        assert!(explain_label_only(&r, "X", &names[..1], &names).is_err());
    }

    #[test]
    fn errors_are_typed() {
        let u = UtilityMatrix::identity(2).unwrap();
        let m = Matrix::parse("0,1;0,1").unwrap();
        // A class without cases and α = 0: the core's NoCases.
        assert!(matches!(
            label_only("X", &m, &u, 0.0, None, None),
            Err(DecideError::Core(ulab_core::CoreError::NoCases {
                class: 0
            }))
        ));
        let m = Matrix::parse("0.5,0.5;0,0").unwrap();
        let e = label_only("X", &m, &u, 1.0, None, None).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("X is given as fractions (they sum to 1)")
        );
        assert!(label_only("X", &m, &u, -1.0, None, Some(10)).is_err());
        let three = UtilityMatrix::identity(3).unwrap();
        assert!(
            label_only(
                "X",
                &Matrix::parse("1,2;3,4").unwrap(),
                &three,
                1.0,
                None,
                None
            )
            .is_err()
        );
    }
}
