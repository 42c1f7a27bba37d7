//! One item: the expected utility of every decision, the optimal decision beside the most
//! probable class, and the sentence when they differ (Dyrland et al. (draft), eq. 2, 12, 13 and
//! the lottery of §2.3).

use super::error::{DecideError, check_names};
use ulab_core::UtilityMatrix;
use ulab_core::decision::decide;
use ulab_core::text::prose;
use ulab_core::utility::ranking;

/// What the view shows for one item.
#[derive(Debug, Clone, PartialEq)]
pub struct OneItem {
    /// The class probabilities used.
    pub p: Vec<f64>,
    /// `Ū_d = Σ_c U_dc p_c` for each decision (the bars).
    pub expected: Vec<f64>,
    /// The optimal decision `argmax_d Ū_d`, the first one on a tie.
    pub optimal: usize,
    /// Every decision with the maximal expected utility (within 1e-12 relative).
    pub tied: Vec<usize>,
    /// The decisions from best to worst (equal values keep their order).
    pub ranking: Vec<usize>,
    /// The most probable class `argmax_c p_c`, the first one on a tie.
    pub most_probable: usize,
    /// Every class with the maximal probability.
    pub most_probable_tied: Vec<usize>,
    /// Whether the decision that goes with the most probable class (decision `c` for class
    /// `c`) is not optimal: the case the view explains. False when several classes are equally
    /// probable.
    pub differs: bool,
}

/// Expected utilities, the optimal decision and the most probable class for one item with class
/// probabilities `p` (`Ū_d = Σ_c U_dc p_c`; Dyrland et al. (draft), eq. 2 and 12). Reuses
/// [`decide`] of the core.
///
/// # Errors
/// `p` not a probability vector over the matrix's classes.
///
/// # Examples
///
/// The lottery (buy / not-buy × win / lose) with p(win) = 0.2:
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::decide::one_item::one_item;
/// let u = UtilityMatrix::parse("10,-1;0,0").unwrap();
/// let item = one_item(&u, &[0.2, 0.8]).unwrap();
/// assert!((item.expected[0] - 1.2).abs() < 1e-12 && item.expected[1] == 0.0);
/// assert_eq!((item.optimal, item.most_probable, item.differs), (0, 1, true));
/// ```
pub fn one_item(u: &UtilityMatrix, p: &[f64]) -> Result<OneItem, DecideError> {
    let d = decide(u, p)?;
    let top = p.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let most_probable_tied: Vec<usize> = (0..p.len()).filter(|&c| p[c] == top).collect();
    let differs = most_probable_tied.len() == 1 && !d.tied.contains(&d.most_probable);
    Ok(OneItem {
        p: p.to_vec(),
        ranking: ranking(&d.expected),
        expected: d.expected,
        optimal: d.optimal,
        tied: d.tied,
        most_probable: d.most_probable,
        most_probable_tied,
        differs,
    })
}

/// The view's sentence: a headline and, when the optimal decision and the most probable class
/// differ, the arithmetic that shows why.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    /// One sentence: what to decide, and whether it is the most probable class's decision.
    pub headline: String,
    /// The expected utilities worked out (`10 × 0.2 − 1 × 0.8 = 1.2`), for up to
    /// [`ARITHMETIC_MAX_CLASSES`] classes; else their values only.
    pub detail: String,
}

/// The most classes for which [`explain`] writes out the sums.
pub const ARITHMETIC_MAX_CLASSES: usize = 4;

/// `Σ_c U_dc p_c` written out: `10 × 0.2 − 1 × 0.8 = 1.2`.
fn arithmetic(u: &UtilityMatrix, p: &[f64], d: usize, value: f64) -> String {
    let mut s = String::new();
    for (c, pc) in p.iter().enumerate() {
        let x = u.get(d, c);
        let term = format!("{} × {}", prose(x.abs()), prose(*pc));
        if c == 0 {
            s.push_str(&if x < 0.0 { format!("−{term}") } else { term });
        } else {
            s.push_str(if x < 0.0 { " − " } else { " + " });
            s.push_str(&term);
        }
    }
    format!("{s} = {}", prose(value))
}

/// The sentence for one item. When the optimal decision is not the most probable class's:
/// "Decide buy (expected utility 1.2) although lose is the more probable class (0.8): …".
///
/// # Errors
/// Names that do not match the matrix (one per decision, one per class), or `item` not from
/// this matrix.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::decide::one_item::{explain, one_item};
/// let u = UtilityMatrix::parse("10,-1;0,0").unwrap();
/// let item = one_item(&u, &[0.2, 0.8]).unwrap();
/// let names = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
/// let e = explain(&item, &u, &names("buy,not-buy"), &names("win,lose")).unwrap();
/// assert_eq!(e.headline, "Decide buy (expected utility 1.2) although lose is the more probable \
///     class (0.8): what is at stake counts as much as how probable it is.");
/// assert_eq!(e.detail, "buy: 10 × 0.2 − 1 × 0.8 = 1.2; not-buy, the decision for lose: \
///     0 × 0.2 + 0 × 0.8 = 0.");
/// ```
pub fn explain(
    item: &OneItem,
    u: &UtilityMatrix,
    decisions: &[String],
    classes: &[String],
) -> Result<Explanation, DecideError> {
    let (n_d, n_c) = (u.n_decisions(), u.n_classes());
    check_names(decisions, n_d, classes, n_c)?;
    if item.expected.len() != n_d || item.p.len() != n_c {
        return Err(DecideError::WrongLength {
            expected: n_c,
            found: item.p.len(),
        });
    }
    let opt = &decisions[item.optimal];
    let eu = prose(item.expected[item.optimal]);
    let more = if n_c == 2 { "more" } else { "most" };
    let mp = item.most_probable;
    let show = |d: usize| {
        if n_c <= ARITHMETIC_MAX_CLASSES {
            arithmetic(u, &item.p, d, item.expected[d])
        } else {
            prose(item.expected[d])
        }
    };
    let choice = if item.tied.len() > 1 {
        let names: Vec<&str> = item.tied.iter().map(|d| decisions[*d].as_str()).collect();
        format!(
            "Decide {}: they are equally good (expected utility {eu})",
            or_list(&names)
        )
    } else {
        format!("Decide {opt} (expected utility {eu})")
    };
    let headline = if item.differs {
        format!(
            "{choice} although {} is the {more} probable class ({}): what is at stake counts as \
             much as how probable it is.",
            classes[mp],
            prose(item.p[mp])
        )
    } else if item.most_probable_tied.len() > 1 {
        let names: Vec<&str> = item
            .most_probable_tied
            .iter()
            .map(|c| classes[*c].as_str())
            .collect();
        format!(
            "{choice}: no class is more probable than the others ({} are equally probable, {} \
             each).",
            names.join(", "),
            prose(item.p[mp])
        )
    } else if item.tied.len() > 1 {
        format!(
            "{choice}; {} is the decision for the {more} probable class, {} ({}).",
            decisions[mp],
            classes[mp],
            prose(item.p[mp])
        )
    } else {
        format!(
            "{choice}: here the optimal decision is also the one for the {more} probable class, \
             {} ({}).",
            classes[mp],
            prose(item.p[mp])
        )
    };
    let detail = if item.differs {
        format!(
            "{opt}: {}; {}, the decision for {}: {}.",
            show(item.optimal),
            decisions[mp],
            classes[mp],
            show(mp)
        )
    } else {
        format!("{opt}: {}.", show(item.optimal))
    };
    Ok(Explanation { headline, detail })
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(names: &[&str]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(s: &str) -> Vec<String> {
        s.split(',').map(String::from).collect()
    }

    #[test]
    fn agreeing_and_tied_cases() {
        let u = UtilityMatrix::parse("10,-1;0,0").unwrap();
        let item = one_item(&u, &[0.9, 0.1]).unwrap();
        assert!(!item.differs);
        let e = explain(&item, &u, &names("buy,not-buy"), &names("win,lose")).unwrap();
        assert!(
            e.headline
                .contains("also the one for the more probable class, win (0.9)")
        );
        // Ū(buy) = 10/11 − 10/11 = 0 at p(win) = 1/11: both decisions tie.
        let item = one_item(&u, &[1.0 / 11.0, 10.0 / 11.0]).unwrap();
        assert_eq!(item.tied, vec![0, 1]);
        assert!(!item.differs);
        let e = explain(&item, &u, &names("buy,not-buy"), &names("win,lose")).unwrap();
        assert_eq!(
            e.headline,
            "Decide buy or not-buy: they are equally good (expected utility 0); not-buy is the \
             decision for the more probable class, lose (0.9091)."
        );
        let item = one_item(&u, &[0.5, 0.5]).unwrap();
        let e = explain(&item, &u, &names("buy,not-buy"), &names("win,lose")).unwrap();
        assert!(
            e.headline
                .contains("win, lose are equally probable, 0.5 each")
        );
    }

    #[test]
    fn rectangular_and_wrong_names() {
        let u = UtilityMatrix::parse("1,0;0,1;0.8,0.8").unwrap();
        let item = one_item(&u, &[0.55, 0.45]).unwrap();
        assert_eq!(item.optimal, 2);
        assert!(item.differs);
        let e = explain(&item, &u, &names("yes,no,refer"), &names("a,b")).unwrap();
        assert!(
            e.headline
                .starts_with("Decide refer (expected utility 0.8) although a")
        );
        assert!(explain(&item, &u, &names("yes,no"), &names("a,b")).is_err());
        assert!(explain(&item, &u, &names("yes,no,refer"), &names("a")).is_err());
        assert!(one_item(&u, &[0.5, 0.6]).is_err());
    }

    #[test]
    fn many_classes_skip_the_arithmetic() {
        let u = UtilityMatrix::identity(5).unwrap();
        let item = one_item(&u, &[0.1, 0.1, 0.1, 0.1, 0.6]).unwrap();
        let e = explain(&item, &u, &names("a,b,c,d,e"), &names("A,B,C,D,E")).unwrap();
        assert_eq!(e.detail, "e: 0.6.");
    }
}
