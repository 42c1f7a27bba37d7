//! "Don't do class balancing" (Porta Mana, course notes; Dyrland et al. (draft), §2.5): the same
//! classifier and utilities, with the decisions made optimal for three sets of class shares —
//! the test set's `f`, balanced shares `1/n`, and the deployment's `π` — each evaluated where it
//! will be used, at `π`.
//!
//! The classifier's per-class behaviour `p(o | c)` is what the test set measures; the class
//! shares only enter through Bayes' theorem (eq. 23). Re-weighting (balancing) the test set
//! changes the shares the decisions are tuned for, not the shares the decisions will meet: the
//! decisions optimal for balanced shares, used at the real shares, yield
//! `Σ_o Σ_c U_{d_bal(o),c}·p(o | c)·π_c ≤ Σ_o Σ_c U_{d_π(o),c}·p(o | c)·π_c`. The difference is
//! what balancing costs per item. (With α > 0 the pseudo-count stays on the counts as measured;
//! only the shares change.)

use super::classifier::counts_for;
use super::error::{DecideError, check_names};
use ulab_core::decision::{remap, yield_of_mapping};
use ulab_core::text::{percent, prose};
use ulab_core::{Matrix, UtilityMatrix};

/// Which class shares a set of decisions was made optimal for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SharesKind {
    /// The test set's class shares `f_c = N_c / N`.
    TestSet,
    /// Equal shares `1/n` (a balanced, or re-weighted, test set).
    Balanced,
    /// The deployment's base rates `π` (the real ones).
    Deployment,
}

impl SharesKind {
    /// A short label: "test set", "balanced", "deployment".
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::decide::balance::SharesKind;
    /// assert_eq!(SharesKind::Balanced.label(), "balanced");
    /// ```
    pub fn label(&self) -> &'static str {
        match self {
            SharesKind::TestSet => "test set",
            SharesKind::Balanced => "balanced",
            SharesKind::Deployment => "deployment",
        }
    }
}

/// Decisions optimal for one set of shares, and what they yield.
#[derive(Debug, Clone, PartialEq)]
pub struct SharesCase {
    /// Which shares.
    pub kind: SharesKind,
    /// The shares.
    pub shares: Vec<f64>,
    /// The decision for each output, optimal for these shares.
    pub decisions: Vec<usize>,
    /// Their yield per item at these shares: what an evaluation at these shares reports.
    pub claimed_yield: f64,
    /// Their yield per item at the deployment's shares: what they really bring.
    pub real_yield: f64,
    /// `best − real_yield`, with `best` the yield of the decisions optimal at deployment (≥ 0).
    pub loss: f64,
    /// The raw classifier's (output `o` ↦ decision `o`) yield per item at these shares.
    pub raw_claimed_yield: f64,
}

/// The three cases side by side.
#[derive(Debug, Clone, PartialEq)]
pub struct BalanceStudy {
    /// Test set, balanced, deployment, in this order.
    pub cases: Vec<SharesCase>,
    /// The raw classifier's yield per item at deployment.
    pub raw_real_yield: f64,
}

impl BalanceStudy {
    /// The case for `kind`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{Matrix, UtilityMatrix};
    /// use ulab_state::decide::balance::{balance_study, SharesKind};
    /// let u = UtilityMatrix::parse("1,0;0,1").unwrap();
    /// let s = balance_study("X", &Matrix::parse("8,1;2,9").unwrap(), &u, 0.0, &[0.5, 0.5], None).unwrap();
    /// assert_eq!(s.case(SharesKind::Deployment).shares, vec![0.5, 0.5]);
    /// ```
    pub fn case(&self, kind: SharesKind) -> &SharesCase {
        self.cases
            .iter()
            .find(|c| c.kind == kind)
            .unwrap_or(&self.cases[0])
    }
}

/// The study: for the test set's shares `f`, balanced shares `1/n` and the deployment's `π`,
/// the remapping optimal for those shares (core [`remap`]), its yield at those shares, and its
/// yield at `π` ([`yield_of_mapping`]); the loss is the shortfall from the decisions optimal at
/// `π`. Fractions follow the rule of [`counts_for`].
///
/// # Errors
/// As [`label_only`](super::classifier::label_only).
///
/// # Examples
///
/// A lottery-ticket checker that is right 80 % of the time on each class, tested on 50 % winning
/// tickets, where really 1 % win (utilities of Dyrland et al. (draft), eq. 1): tuned on the
/// balanced test set, "buy whatever it says" claims 4.5 per ticket but really loses 0.89;
/// tuned for the real shares, "never buy" yields 0.
///
/// ```
/// use ulab_core::{Matrix, UtilityMatrix};
/// use ulab_state::decide::balance::{balance_study, SharesKind};
/// let u = UtilityMatrix::parse("10,-1;0,0").unwrap();
/// let checker = Matrix::parse("40,10;10,40").unwrap();
/// let s = balance_study("checker", &checker, &u, 0.0, &[0.01, 0.99], None).unwrap();
/// let bal = s.case(SharesKind::Balanced);
/// assert_eq!(bal.decisions, vec![0, 0]);
/// assert!((bal.claimed_yield - 4.5).abs() < 1e-12 && (bal.real_yield + 0.89).abs() < 1e-12);
/// let dep = s.case(SharesKind::Deployment);
/// assert_eq!(dep.decisions, vec![1, 1]);
/// assert_eq!(dep.real_yield, 0.0);
/// assert!((bal.loss - 0.89).abs() < 1e-12);
/// ```
pub fn balance_study(
    name: &str,
    m: &Matrix,
    u: &UtilityMatrix,
    alpha: f64,
    deployment: &[f64],
    test_size: Option<u64>,
) -> Result<BalanceStudy, DecideError> {
    let counts = counts_for(name, m, alpha, test_size)?;
    let cm = &counts.cm;
    let n = cm.n();
    let test = cm.class_shares();
    let balanced = vec![1.0 / n as f64; n];
    let raw: Vec<usize> = (0..n).collect();
    let mut cases = Vec::with_capacity(3);
    let mut p_oc = None;
    for (kind, shares) in [
        (SharesKind::TestSet, test),
        (SharesKind::Balanced, balanced),
        (SharesKind::Deployment, deployment.to_vec()),
    ] {
        let r = remap(cm, u, alpha, Some(&shares))?;
        let real = yield_of_mapping(&r.output_given_class, &r.decisions, u, deployment)?;
        let raw_claimed = r.raw_yield;
        cases.push(SharesCase {
            kind,
            decisions: r.decisions,
            claimed_yield: r.remapped_yield,
            real_yield: real,
            loss: 0.0,
            raw_claimed_yield: raw_claimed,
            shares,
        });
        p_oc = Some(r.output_given_class);
    }
    let p_oc = p_oc.ok_or(DecideError::TooFewClasses { found: 0 })?;
    let raw_real_yield = yield_of_mapping(&p_oc, &raw, u, deployment)?;
    let best = cases[2].real_yield;
    for c in &mut cases {
        c.loss = (best - c.real_yield).max(0.0);
    }
    Ok(BalanceStudy {
        cases,
        raw_real_yield,
    })
}

/// The decisions as words: "buy whatever checker says", or "when checker says win: buy, when
/// it says lose: not-buy".
fn rule(decisions: &[usize], name: &str, dn: &[String], cn: &[String]) -> String {
    if let Some(&d) = decisions
        .first()
        .filter(|d| decisions.iter().all(|e| e == *d))
    {
        return format!("{} whatever {name} says", dn[d]);
    }
    let parts: Vec<String> = decisions
        .iter()
        .enumerate()
        .map(|(o, d)| format!("{} if it says {}", dn[*d], cn[o]))
        .collect();
    parts.join(", ")
}

/// The study in plain words, numbers included: what the test set (or a balanced one) suggests,
/// what those decisions really bring at the deployment's shares, and what balancing costs.
///
/// # Errors
/// Names that do not match (one per class, one per decision).
///
/// # Examples
///
/// ```
/// use ulab_core::{Matrix, UtilityMatrix};
/// use ulab_state::decide::balance::{balance_study, explain_balance};
/// let u = UtilityMatrix::parse("10,-1;0,0").unwrap();
/// let s = balance_study("checker", &Matrix::parse("40,10;10,40").unwrap(), &u, 0.0, &[0.01, 0.99], None).unwrap();
/// let names = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
/// let text = explain_balance(&s, "checker", &names("buy,not-buy"), &names("win,lose")).unwrap();
/// assert_eq!(text[0], "On a balanced test set (50\u{202f}% each), the best use of checker seems to be: \
///     buy whatever checker says, yielding 4.5 per item.");
/// assert_eq!(text[1], "In deployment only 1\u{202f}% are win: those decisions yield −0.89 per item; \
///     the decisions made for the real shares (not-buy whatever checker says) yield 0.");
/// assert_eq!(text[2], "Tuning the decisions on balanced classes costs 0.89 per item. Don't \
///     balance classes: evaluate and decide at the shares the classifier will meet.");
/// ```
pub fn explain_balance(
    s: &BalanceStudy,
    name: &str,
    decisions: &[String],
    classes: &[String],
) -> Result<Vec<String>, DecideError> {
    let dep = s.case(SharesKind::Deployment);
    let n = dep.shares.len();
    check_names(decisions, decisions.len(), classes, n)?;
    if let Some(&d) = s.cases.iter().flat_map(|c| &c.decisions).max()
        && d >= decisions.len()
    {
        return Err(DecideError::Names {
            what: "decisions",
            expected: d + 1,
            found: decisions.len(),
        });
    }
    let test = s.case(SharesKind::TestSet);
    let bal = s.case(SharesKind::Balanced);
    let test_is_balanced = test
        .shares
        .iter()
        .zip(&bal.shares)
        .all(|(a, b)| (a - b).abs() < 1e-9);
    let rarest = (0..n)
        .min_by(|&a, &b| dep.shares[a].total_cmp(&dep.shares[b]))
        .unwrap_or(0);
    let mut out = Vec::new();
    let where_ = if test_is_balanced {
        format!(
            "On a balanced test set ({} each)",
            percent(bal.shares[0], 1)
        )
    } else {
        format!(
            "If the test set were balanced ({} each)",
            percent(bal.shares[0], 1)
        )
    };
    out.push(format!(
        "{where_}, the best use of {name} seems to be: {}, yielding {} per item.",
        rule(&bal.decisions, name, decisions, classes),
        prose(bal.claimed_yield)
    ));
    let real = if bal.decisions == dep.decisions {
        format!(
            "In deployment {} are {}: the same decisions are still the best, and yield {} per \
             item.",
            percent(dep.shares[rarest], 1),
            classes[rarest],
            prose(dep.real_yield)
        )
    } else {
        format!(
            "In deployment only {} are {}: those decisions yield {} per item; the decisions made \
             for the real shares ({}) yield {}.",
            percent(dep.shares[rarest], 1),
            classes[rarest],
            prose(bal.real_yield),
            rule(&dep.decisions, name, decisions, classes),
            prose(dep.real_yield)
        )
    };
    out.push(real);
    if bal.loss > 0.0 {
        out.push(format!(
            "Tuning the decisions on balanced classes costs {} per item. Don't balance classes: \
             evaluate and decide at the shares the classifier will meet.",
            prose(bal.loss)
        ));
    } else {
        out.push(format!(
            "Here balancing happens not to change the decisions, but it changes the yield you \
             would report: {} instead of {} per item.",
            prose(bal.claimed_yield),
            prose(dep.real_yield)
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factory_a_keeps_its_decisions_but_not_its_yield() {
        let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
        let a = Matrix::parse("27,15;23,35").unwrap();
        let s = balance_study("A", &a, &u, 0.0, &[0.01, 0.99], None).unwrap();
        for c in &s.cases {
            assert_eq!(c.decisions, vec![1, 1], "{:?}", c.kind);
            assert!(c.loss.abs() < 1e-12);
        }
        // Always short at 1 % long: −35·0.01 + 165·0.99 = 163.
        assert!((s.case(SharesKind::Deployment).real_yield - 163.0).abs() < 1e-12);
        // Raw A at 1 % long: 15·0.54·0.01 − 335·0.3·0.99 − 35·0.46·0.01 + 165·0.7·0.99 = 14.77.
        assert!((s.raw_real_yield - 14.77).abs() < 1e-12);
        let names = vec!["long".to_string(), "short".to_string()];
        let text = explain_balance(&s, "A", &names, &names).unwrap();
        assert!(text[1].contains("still the best, and yield 163 per item"));
        assert!(text[2].contains("65 instead of 163"));
    }
}
