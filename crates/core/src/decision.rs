//! Decisions under uncertainty: expected utility, the optimal decision, the binary threshold,
//! and probabilities of the true class from a label-only classifier (Dyrland et al. 2022 §2.3;
//! Dyrland et al. (draft) §2.3, §3.3 and appendix).

use super::confusion::ConfusionMatrix;
use super::error::CoreError;
use super::limits::MAX_ALPHA;
use super::matrix::Matrix;
use super::utility::{UtilityMatrix, check_shares};
use serde::{Deserialize, Serialize};

/// Expected utility of each decision (Dyrland et al. 2022, eq. 8; Dyrland et al. (draft) eq. 2): `Ū_d = Σ_c U_dc p_c`.
///
/// # Errors
/// `p` is not a probability vector over the utility matrix's classes.
///
/// # Examples
///
/// The lottery of Dyrland et al. (draft) (buy / not-buy × win / lose) with p(win) = 0.2:
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_core::decision::expected_utilities;
/// let u = UtilityMatrix::parse("10,-1;0,0").unwrap();
/// let eu = expected_utilities(&u, &[0.2, 0.8]).unwrap();
/// assert!((eu[0] - 1.2).abs() < 1e-12 && eu[1] == 0.0);
/// ```
pub fn expected_utilities(u: &UtilityMatrix, p: &[f64]) -> Result<Vec<f64>, CoreError> {
    check_shares("class probabilities", p, u.n_classes())?;
    Ok(u.expected_utilities_unchecked(p))
}

/// The outcome of a decision under uncertainty.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// `Ū_d` for each decision.
    pub expected: Vec<f64>,
    /// The optimal decision `argmax_d Ū_d` (Dyrland et al. 2022, eq. 9; Dyrland et al. (draft) eq. 12); the first one
    /// if several tie.
    pub optimal: usize,
    /// Every decision whose expected utility equals the maximum (within 1e-12 relative).
    pub tied: Vec<usize>,
    /// The most probable class `argmax_c p_c` (Dyrland et al. (draft) eq. 13), what common practice outputs.
    pub most_probable: usize,
}

/// The optimal decision beside the most probable class.
///
/// # Errors
/// As [`expected_utilities`].
///
/// # Examples
///
/// In the lottery, the most probable class is "lose", but the optimal decision is "buy":
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_core::decision::decide;
/// let u = UtilityMatrix::parse("10,-1;0,0").unwrap();
/// let d = decide(&u, &[0.2, 0.8]).unwrap();
/// assert_eq!((d.optimal, d.most_probable), (0, 1));
/// ```
pub fn decide(u: &UtilityMatrix, p: &[f64]) -> Result<Decision, CoreError> {
    let expected = expected_utilities(u, p)?;
    let best = expected.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let tol = 1e-12 * best.abs().max(1.0);
    let tied: Vec<usize> = (0..expected.len())
        .filter(|&d| expected[d] >= best - tol)
        .collect();
    // `best` is finite (utilities and probabilities are bounded), so it ties with itself; the
    // fallback only guards the indexing.
    let optimal = tied.first().copied().unwrap_or_else(|| argmax(&expected));
    let most_probable = argmax(p);
    Ok(Decision {
        expected,
        optimal,
        tied,
        most_probable,
    })
}

fn argmax(v: &[f64]) -> usize {
    let mut best = 0;
    for (i, x) in v.iter().enumerate() {
        if *x > v[best] {
            best = i;
        }
    }
    best
}

/// The binary decision rule in terms of the probability `p₀` of class 0.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum BinaryRule {
    /// Choose decision 0 iff `p₀ ≥ t` (the usual case: correct decisions beat wrong ones).
    ZeroAtOrAbove(f64),
    /// Choose decision 0 iff `p₀ ≤ t` (a misclassification is rewarded above a correct one).
    ZeroAtOrBelow(f64),
    /// One decision is best whatever the probabilities.
    Always(usize),
    /// Both decisions always have the same expected utility.
    Indifferent,
}

/// The threshold on `p₀` for a 2 × 2 utility matrix: with `a = U00 − U10` and
/// `b = U11 − U01`, `Ū₀ − Ū₁ = a·p₀ − b·(1 − p₀)`, so decision 0 is optimal iff
/// `p₀ ≥ b / (a + b) = (U11 − U01) / ((U00 − U10) + (U11 − U01))` when `a + b > 0`.
///
/// # Errors
/// Not 2 × 2.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_core::decision::{binary_threshold, BinaryRule};
/// let factory = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// // (165 + 335) / ((15 + 35) + (165 + 335)) = 500 / 550
/// assert_eq!(binary_threshold(&factory).unwrap(), BinaryRule::ZeroAtOrAbove(500.0 / 550.0));
/// let lottery = UtilityMatrix::parse("10,-1;0,0").unwrap();
/// assert_eq!(binary_threshold(&lottery).unwrap(), BinaryRule::ZeroAtOrAbove(1.0 / 11.0));
/// ```
pub fn binary_threshold(u: &UtilityMatrix) -> Result<BinaryRule, CoreError> {
    if u.n_decisions() != 2 || u.n_classes() != 2 {
        return Err(CoreError::DimensionMismatch {
            expected: "a 2 × 2 utility matrix".into(),
            found: format!("{} × {}", u.n_decisions(), u.n_classes()),
        });
    }
    let a = u.get(0, 0) - u.get(1, 0);
    let b = u.get(1, 1) - u.get(0, 1);
    let s = a + b;
    Ok(if s == 0.0 {
        if b < 0.0 {
            BinaryRule::Always(0)
        } else if b > 0.0 {
            BinaryRule::Always(1)
        } else {
            BinaryRule::Indifferent
        }
    } else {
        let t = b / s;
        if s > 0.0 {
            if t <= 0.0 {
                BinaryRule::Always(0)
            } else if t > 1.0 {
                BinaryRule::Always(1)
            } else {
                BinaryRule::ZeroAtOrAbove(t)
            }
        } else if t >= 1.0 {
            BinaryRule::Always(0)
        } else if t < 0.0 {
            BinaryRule::Always(1)
        } else {
            BinaryRule::ZeroAtOrBelow(t)
        }
    })
}

/// The probability of each output given each true class, from a label-only classifier's
/// counts `M` (rows = output `o`, columns = true class `c`) with a Dirichlet pseudo-count `α`
/// (Dyrland et al. (draft), §3.2 and appendix): `p(o | c) = (M_oc + α) / (N_c + n_o·α)`, with
/// `N_c = Σ_o M_oc` and `n_o` the number of outputs. Rows = output, columns = class; each
/// column sums to 1. `M` must be counts of test items, not fractions: `α` is a number of
/// imaginary items added to every cell, so it would swamp fractions that sum to 1 (scale
/// them by the test-set size first, `M = C·N`).
///
/// # Errors
/// `α` not in `[0, 1000]` ([`MAX_ALPHA`]); a class with no case while `α = 0` (its column would
/// be 0/0).
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation};
/// use ulab_core::decision::output_given_class;
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let p = output_given_class(&a, 1.0).unwrap();
/// assert!((p.get(0, 0) - 28.0 / 52.0).abs() < 1e-15);
/// ```
pub fn output_given_class(cm: &ConfusionMatrix, alpha: f64) -> Result<Matrix, CoreError> {
    if !(0.0..=MAX_ALPHA).contains(&alpha) {
        return Err(CoreError::InvalidParameter {
            name: "pseudo-count α",
            value: alpha,
            expected: "0 ≤ α ≤ 1000",
        });
    }
    let n = cm.n();
    let totals = cm.class_totals();
    let mut data = vec![0.0; n * n];
    for c in 0..n {
        let den = totals[c] + n as f64 * alpha;
        if den == 0.0 {
            return Err(CoreError::NoCases { class: c });
        }
        for o in 0..n {
            data[o * n + c] = (cm.get(o, c) + alpha) / den;
        }
    }
    Matrix::new(n, n, data)
}

/// The probability of each true class given each output, by Bayes' theorem with the
/// deployment base rates `π` (Dyrland et al. (draft) eq. 23): `p(c | o) = p(o | c)·π_c / Σ_c' p(o | c')·π_c'`.
/// Rows = output, columns = class; each row sums to 1. An output with zero probability under
/// `π` (possible only with `α = 0`) has no evidence: its row is `π` itself.
///
/// # Errors
/// `π` not a probability vector over the classes.
///
/// # Examples
///
/// ```
/// use ulab_core::Matrix;
/// use ulab_core::decision::class_given_output;
/// // A test that detects 90 % of cases and has 5 % false alarms, for a 1 % base rate:
/// let p_o_c = Matrix::parse("0.9,0.05;0.1,0.95").unwrap();
/// let post = class_given_output(&p_o_c, &[0.01, 0.99]).unwrap();
/// assert!((post.get(0, 0) - 0.009 / (0.009 + 0.0495)).abs() < 1e-15);
/// ```
pub fn class_given_output(p_o_given_c: &Matrix, prevalence: &[f64]) -> Result<Matrix, CoreError> {
    let (n_o, n_c) = (p_o_given_c.rows(), p_o_given_c.cols());
    check_shares("base rates", prevalence, n_c)?;
    let mut data = vec![0.0; n_o * n_c];
    for o in 0..n_o {
        let joint: Vec<f64> = (0..n_c)
            .map(|c| p_o_given_c.get(o, c) * prevalence[c])
            .collect();
        let z: f64 = joint.iter().sum();
        for c in 0..n_c {
            data[o * n_c + c] = if z > 0.0 { joint[c] / z } else { prevalence[c] };
        }
    }
    Matrix::new(n_o, n_c, data)
}

/// A label-only classifier turned into a decision maker: for each output label, the
/// probabilities of the true classes, the expected utility of each decision, the optimal
/// decision and the most probable class; and the yields, in deployment, of the raw classifier
/// and of the classifier whose outputs are remapped to the optimal decisions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Remap {
    /// `p(o | c)`, rows = output, columns = class.
    pub output_given_class: Matrix,
    /// `p(c | o)`, rows = output, columns = class.
    pub class_given_output: Matrix,
    /// `p(o) = Σ_c p(o | c)·π_c` in deployment.
    pub output_probability: Vec<f64>,
    /// `Ū_d(o) = Σ_c U_dc p(c | o)`: one row per output, one column per decision.
    pub expected: Matrix,
    /// The optimal decision for each output (`argmax_d Ū_d(o)`, first on ties).
    pub decisions: Vec<usize>,
    /// The most probable class for each output.
    pub most_probable: Vec<usize>,
    /// Expected yield per item in deployment of the raw classifier (output `o` ↦ decision `o`):
    /// `Σ_o Σ_c U_oc p(o | c) π_c`.
    pub raw_yield: f64,
    /// Expected yield per item in deployment of the remapped classifier:
    /// `Σ_o p(o)·max_d Ū_d(o)`. Never below `raw_yield`, since for each output the maximum is
    /// at least the raw decision's expected utility.
    pub remapped_yield: f64,
}

/// Remaps a label-only classifier's outputs to optimal decisions.
///
/// `prevalence` defaults to the test set's class shares; with `α = 0` and the test shares,
/// `raw_yield` equals the test-set yield `Σ U_ij C_ij`. The utility matrix may have more
/// decisions than classes (decision `o < n` is the raw meaning of output `o`).
///
/// # Errors
/// Sizes that do not fit, bad `α` or `π` (see [`output_given_class`], [`class_given_output`]).
///
/// # Examples
///
/// With the factory's utilities, a component that classifier A calls "long" (output 0) is
/// still better sent to the "short" line (decision 1): remapped, A decides "short" for every
/// component and yields 65 € instead of 3.5 €.
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_core::decision::remap;
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let r = remap(&a, &u, 0.0, None).unwrap();
/// assert!((r.raw_yield - 3.5).abs() < 1e-12);
/// assert_eq!(r.decisions, vec![1, 1]);
/// assert!((r.remapped_yield - 65.0).abs() < 1e-12);
/// ```
pub fn remap(
    cm: &ConfusionMatrix,
    u: &UtilityMatrix,
    alpha: f64,
    prevalence: Option<&[f64]>,
) -> Result<Remap, CoreError> {
    let n = cm.n();
    if u.n_classes() != n || u.n_decisions() < n {
        return Err(CoreError::DimensionMismatch {
            expected: format!("a utility matrix with {n} columns and at least {n} rows"),
            found: format!("{} × {}", u.n_decisions(), u.n_classes()),
        });
    }
    let shares = cm.class_shares();
    let pi = prevalence.unwrap_or(&shares);
    let p_oc = output_given_class(cm, alpha)?;
    let p_co = class_given_output(&p_oc, pi)?;
    let n_d = u.n_decisions();
    let mut output_probability = vec![0.0; n];
    let mut expected = vec![0.0; n * n_d];
    let mut decisions = vec![0; n];
    let mut most_probable = vec![0; n];
    let mut raw_yield = 0.0;
    let mut remapped_yield = 0.0;
    for o in 0..n {
        let p_o: f64 = (0..n).map(|c| p_oc.get(o, c) * pi[c]).sum();
        output_probability[o] = p_o;
        let post = p_co.row(o);
        let eu = u.expected_utilities_unchecked(post);
        let mut best = 0;
        for d in 1..n_d {
            if eu[d] > eu[best] {
                best = d;
            }
        }
        decisions[o] = best;
        most_probable[o] = argmax(post);
        expected[o * n_d..(o + 1) * n_d].copy_from_slice(&eu);
        // Computed from the joint p(o|c)π_c so that an output of probability 0 adds nothing.
        raw_yield += (0..n)
            .map(|c| u.get(o, c) * p_oc.get(o, c) * pi[c])
            .sum::<f64>();
        remapped_yield += (0..n)
            .map(|c| u.get(best, c) * p_oc.get(o, c) * pi[c])
            .sum::<f64>();
    }
    Ok(Remap {
        output_given_class: p_oc,
        class_given_output: p_co,
        output_probability,
        expected: Matrix::new(n, n_d, expected)?,
        decisions,
        most_probable,
        raw_yield,
        remapped_yield,
    })
}

/// The expected yield per item, at base rates `π`, of a label-only classifier whose output `o`
/// is turned into decision `mapping[o]`: `Σ_o Σ_c U_{mapping(o), c} · p(o | c) · π_c`, with
/// `p(o | c)` as from [`output_given_class`] (rows = output, columns = class). The identity
/// mapping gives [`Remap::raw_yield`], the optimal one [`Remap::remapped_yield`]; any other
/// mapping — e.g. the decisions that would be optimal for other base rates — is evaluated the
/// same way (Porta Mana, course notes: decisions tuned on a balanced test set, used on the real
/// class shares).
///
/// # Errors
/// `π` not a probability vector over the classes; a mapping of the wrong length or naming a
/// decision the utility matrix does not have; sizes that do not fit.
///
/// # Examples
///
/// The factory's classifier A (α = 0): "always short" yields 65 € at the test set's 50/50, and
/// 163 € where only 1 % of the components are long.
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_core::decision::{output_given_class, yield_of_mapping};
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let p = output_given_class(&a, 0.0).unwrap();
/// assert!((yield_of_mapping(&p, &[1, 1], &u, &[0.5, 0.5]).unwrap() - 65.0).abs() < 1e-12);
/// assert!((yield_of_mapping(&p, &[0, 1], &u, &[0.5, 0.5]).unwrap() - 3.5).abs() < 1e-12);
/// assert!((yield_of_mapping(&p, &[1, 1], &u, &[0.01, 0.99]).unwrap() - 163.0).abs() < 1e-12);
/// ```
pub fn yield_of_mapping(
    p_o_given_c: &Matrix,
    mapping: &[usize],
    u: &UtilityMatrix,
    prevalence: &[f64],
) -> Result<f64, CoreError> {
    let (n_o, n_c) = (p_o_given_c.rows(), p_o_given_c.cols());
    check_shares("base rates", prevalence, n_c)?;
    if u.n_classes() != n_c {
        return Err(CoreError::DimensionMismatch {
            expected: format!("a utility matrix with {n_c} columns"),
            found: format!("{} × {}", u.n_decisions(), u.n_classes()),
        });
    }
    if mapping.len() != n_o {
        return Err(CoreError::LengthMismatch {
            what: "decision for each output",
            expected: n_o,
            found: mapping.len(),
        });
    }
    if let Some(&d) = mapping.iter().find(|&&d| d >= u.n_decisions()) {
        return Err(CoreError::DimensionMismatch {
            expected: format!("a decision below {}", u.n_decisions()),
            found: format!("decision {d}"),
        });
    }
    Ok((0..n_o)
        .map(|o| {
            (0..n_c)
                .map(|c| u.get(mapping[o], c) * p_o_given_c.get(o, c) * prevalence[c])
                .sum::<f64>()
        })
        .sum())
}
