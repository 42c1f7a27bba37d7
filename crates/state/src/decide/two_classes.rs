//! Two classes: where the optimal decision flips as the probability `p₀` of class 0 goes from 0
//! to 1, for any number of decisions.
//!
//! Each decision's expected utility is a line in `p₀`: `Ū_d(p₀) = U_d0·p₀ + U_d1·(1 − p₀)`.
//! The optimal decision follows the **upper envelope** of these lines; it flips where the
//! envelope passes from one line to the next. With two decisions there is at most one flip (the
//! core's [`binary_threshold`](ulab_core::decision::binary_threshold)); with extra decisions
//! ("inspect", "refer to an expert") there can be one fewer flips than decisions.
//!
//! Where lines `i` and `j` cross: `Ū_j − Ū_i = (U_j0 − U_i0)·p₀ + (U_j1 − U_i1)·(1 − p₀) = 0` at
//! `p₀ = (U_i1 − U_j1) / ((U_j0 − U_i0) + (U_i1 − U_j1))`, computed from the differences of the
//! utilities as written, so that e.g. the factory's threshold is exactly `500.0 / 550.0`.

use super::error::{DecideError, check_names};
use ulab_core::UtilityMatrix;

/// A stretch of `p₀` over which one decision is optimal.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    /// The optimal decision (the first of `tied`).
    pub decision: usize,
    /// Decisions with the very same line (identical utilities): equally optimal here.
    pub tied: Vec<usize>,
    /// Where the stretch starts (`p₀`, inclusive).
    pub from: f64,
    /// Where it ends (`p₀`, inclusive).
    pub to: f64,
}

/// A point where the optimal decision flips.
#[derive(Debug, Clone, PartialEq)]
pub struct Threshold {
    /// The value of `p₀`: `numerator / denominator`.
    pub p0: f64,
    /// `U_i1 − U_j1` (the left decision's advantage at `p₀ = 0`).
    pub numerator: f64,
    /// `(U_j0 − U_i0) + (U_i1 − U_j1)` (how much faster the right decision's line rises).
    pub denominator: f64,
    /// The optimal decision just below `p0`.
    pub below: usize,
    /// The optimal decision just above `p0`.
    pub above: usize,
}

/// The upper envelope of the lines `Ū_d(p₀)` over `p₀ ∈ [0, 1]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Envelope {
    /// `(Ū_d(0), Ū_d(1)) = (U_d1, U_d0)` for each decision: its line.
    pub lines: Vec<(f64, f64)>,
    /// The stretches, left to right, covering [0, 1]; consecutive ones meet at a threshold.
    pub segments: Vec<Segment>,
    /// The flips, left to right (one fewer than the segments). At a threshold both decisions
    /// are optimal; [`decide`](ulab_core::decision::decide) then takes the lower index.
    pub thresholds: Vec<Threshold>,
}

impl Envelope {
    /// The optimal decision at `p₀` (clamped to [0, 1]); at a threshold, the lower index of
    /// the two, as [`decide`](ulab_core::decision::decide).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_state::decide::two_classes::envelope;
    /// let e = envelope(&UtilityMatrix::parse("15,-335;-35,165").unwrap()).unwrap();
    /// assert_eq!(e.decision_at(0.9), 1);
    /// assert_eq!(e.decision_at(500.0 / 550.0), 0);
    /// assert_eq!(e.decision_at(0.95), 0);
    /// ```
    pub fn decision_at(&self, p0: f64) -> usize {
        let p0 = if p0.is_nan() { 0.0 } else { p0.clamp(0.0, 1.0) };
        let mut best: Option<usize> = None;
        for s in &self.segments {
            if p0 >= s.from && p0 <= s.to {
                best = Some(best.map_or(s.decision, |b: usize| b.min(s.decision)));
            }
        }
        best.unwrap_or(0)
    }

    /// `Ū_d(p₀) = U_d0·p₀ + U_d1·(1 − p₀)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_state::decide::two_classes::envelope;
    /// let e = envelope(&UtilityMatrix::parse("10,-1;0,0").unwrap()).unwrap();
    /// assert!((e.value(0, 0.2) - 1.2).abs() < 1e-12);
    /// ```
    pub fn value(&self, d: usize, p0: f64) -> f64 {
        self.lines
            .get(d)
            .map_or(f64::NAN, |(at0, at1)| at1 * p0 + at0 * (1.0 - p0))
    }
}

/// The upper envelope of the decisions' expected-utility lines for two classes, exactly: which
/// decision is optimal on which stretch of `p₀`, and the flip points `p₀ = num / den` (see the
/// module's formula). Identical lines are tied over their whole stretch; a decision whose line
/// never reaches the top has no stretch.
///
/// Starting at `p₀ = 0` with the best line there (the steepest one on a tie), each step moves to
/// the line that overtakes the current one first (the steepest one if several overtake at the
/// same point); each line is visited at most once, so there are at most `n_d − 1` flips.
///
/// # Errors
/// A utility matrix without exactly 2 columns.
///
/// # Examples
///
/// The factory (Dyrland et al. 2022, eq. 4): decide "long" (class 0) iff `p₀ ≥ 500/550`. With a
/// third decision "inspect" worth −10 whatever the class, two flips:
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::decide::two_classes::envelope;
/// let e = envelope(&UtilityMatrix::parse("15,-335;-35,165").unwrap()).unwrap();
/// assert_eq!(e.thresholds.len(), 1);
/// assert_eq!(e.thresholds[0].p0, 500.0 / 550.0);
/// assert_eq!((e.thresholds[0].below, e.thresholds[0].above), (1, 0));
/// let e = envelope(&UtilityMatrix::parse("15,-335;-35,165;-10,-10").unwrap()).unwrap();
/// let t: Vec<f64> = e.thresholds.iter().map(|t| t.p0).collect();
/// assert_eq!(t, vec![175.0 / 200.0, 325.0 / 350.0]);
/// ```
pub fn envelope(u: &UtilityMatrix) -> Result<Envelope, DecideError> {
    if u.n_classes() != 2 {
        return Err(DecideError::WrongClassCount {
            what: "the threshold on p₀",
            expected: 2,
            found: u.n_classes(),
        });
    }
    let n_d = u.n_decisions();
    let at0 = |d: usize| u.get(d, 1);
    let at1 = |d: usize| u.get(d, 0);
    let lines: Vec<(f64, f64)> = (0..n_d).map(|d| (at0(d), at1(d))).collect();
    let same = |a: usize, b: usize| at0(a) == at0(b) && at1(a) == at1(b);
    let tied_with = |d: usize| -> Vec<usize> { (0..n_d).filter(|&e| same(d, e)).collect() };

    // The best line at p₀ = 0; on a tie the one that is best just after (largest at p₀ = 1);
    // then the lowest index (identical lines).
    let mut current = 0;
    for d in 1..n_d {
        let better = at0(d) > at0(current) || (at0(d) == at0(current) && at1(d) > at1(current));
        if better {
            current = d;
        }
    }
    let mut visited = vec![false; n_d];
    let mut segments = Vec::new();
    let mut thresholds = Vec::new();
    let mut from = 0.0;
    loop {
        let group = tied_with(current);
        for &g in &group {
            visited[g] = true;
        }
        // The first line to overtake `current` after `from`.
        let mut next: Option<(usize, f64, f64, f64)> = None;
        for j in (0..n_d).filter(|&j| !visited[j]) {
            let num = at0(current) - at0(j);
            let den = (at1(j) - at1(current)) + num;
            if !(den > 0.0) {
                continue;
            }
            let p = (num / den).max(from);
            if !(p < 1.0) {
                continue;
            }
            let earlier = match next {
                None => true,
                Some((k, q, _, _)) => p < q || (p == q && at1(j) > at1(k)),
            };
            if earlier {
                next = Some((j, p, num, den));
            }
        }
        let decision = group[0];
        match next {
            Some((j, p, num, den)) => {
                segments.push(Segment {
                    decision,
                    tied: group,
                    from,
                    to: p,
                });
                let j = tied_with(j)[0];
                thresholds.push(Threshold {
                    p0: p,
                    numerator: num,
                    denominator: den,
                    below: decision,
                    above: j,
                });
                from = p;
                current = j;
            }
            None => {
                segments.push(Segment {
                    decision,
                    tied: group,
                    from,
                    to: 1.0,
                });
                break;
            }
        }
    }
    // A flip at the very same point as the previous one leaves an empty stretch: fold it.
    fold_empty(&mut segments, &mut thresholds);
    Ok(Envelope {
        lines,
        segments,
        thresholds,
    })
}

/// Removes zero-length stretches (three or more lines through one point).
fn fold_empty(segments: &mut Vec<Segment>, thresholds: &mut Vec<Threshold>) {
    let mut k = 0;
    while k < segments.len() {
        if segments.len() > 1 && segments[k].from == segments[k].to {
            segments.remove(k);
            if k < thresholds.len() {
                // The flip into this stretch now goes directly to the next one.
                let above = thresholds[k].above;
                thresholds.remove(k);
                if k > 0 {
                    thresholds[k - 1].above = above;
                }
            } else {
                thresholds.pop();
            }
        } else {
            k += 1;
        }
    }
}

/// The decision rule in words: "short for p(long) < 0.9091, long from 0.9091"; one decision:
/// "long whatever p(long) is".
///
/// # Errors
/// Names that do not match the envelope (one per decision, two classes).
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::decide::two_classes::{envelope, rule_text};
/// let names = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
/// let e = envelope(&UtilityMatrix::parse("15,-335;-35,165;-10,-10").unwrap()).unwrap();
/// assert_eq!(rule_text(&e, &names("long,short,inspect"), &names("long,short")).unwrap(),
///     "short for p(long) below 0.875, inspect from 0.875 to 0.9286, long from 0.9286");
/// let e = envelope(&UtilityMatrix::parse("1,1;0,0").unwrap()).unwrap();
/// assert_eq!(rule_text(&e, &names("a,b"), &names("x,y")).unwrap(), "a whatever p(x) is");
/// ```
pub fn rule_text(
    e: &Envelope,
    decisions: &[String],
    classes: &[String],
) -> Result<String, DecideError> {
    check_names(decisions, e.lines.len(), classes, 2)?;
    let name = |s: &Segment| {
        s.tied
            .iter()
            .map(|d| decisions[*d].as_str())
            .collect::<Vec<_>>()
            .join(" = ")
    };
    let c0 = &classes[0];
    if e.segments.len() == 1 {
        return Ok(format!("{} whatever p({c0}) is", name(&e.segments[0])));
    }
    let n = e.segments.len();
    let parts: Vec<String> = e
        .segments
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let (a, b) = (ulab_core::text::prose(s.from), ulab_core::text::prose(s.to));
            if k == 0 {
                format!("{} for p({c0}) below {b}", name(s))
            } else if k + 1 == n {
                format!("{} from {a}", name(s))
            } else {
                format!("{} from {a} to {b}", name(s))
            }
        })
        .collect();
    Ok(parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(s: &str) -> Envelope {
        envelope(&UtilityMatrix::parse(s).unwrap()).unwrap()
    }

    #[test]
    fn lottery_and_always() {
        let e = env("10,-1;0,0");
        assert_eq!(e.thresholds[0].p0, 1.0 / 11.0);
        assert_eq!((e.thresholds[0].below, e.thresholds[0].above), (1, 0));
        // Decision 0 dominates: one stretch.
        let e = env("2,2;1,1");
        assert_eq!(e.segments.len(), 1);
        assert_eq!(e.segments[0].decision, 0);
        assert!(e.thresholds.is_empty());
    }

    #[test]
    fn identical_and_constant_lines_tie() {
        let e = env("0,0;0,0;0,0");
        assert_eq!(e.segments.len(), 1);
        assert_eq!(e.segments[0].tied, vec![0, 1, 2]);
        let e = env("1,0;0,1;1,0");
        assert_eq!(e.segments[1].tied, vec![0, 2]);
        assert_eq!(e.thresholds[0].above, 0);
    }

    #[test]
    fn three_lines_through_one_point() {
        // Lines 1 − p, p and 0.5 all meet at p = 0.5: the middle one has no stretch.
        let e = env("0,1;1,0;0.5,0.5");
        assert_eq!(e.segments.len(), 2, "{e:?}");
        assert_eq!(e.thresholds.len(), 1);
        assert_eq!(e.thresholds[0].p0, 0.5);
        assert_eq!((e.thresholds[0].below, e.thresholds[0].above), (0, 1));
    }

    #[test]
    fn flips_at_the_ends_are_not_stretches() {
        // Equal at p₀ = 1, decision 1 better below: no flip inside.
        let e = env("1,0;1,1");
        assert_eq!(e.segments.len(), 1);
        assert_eq!(e.segments[0].decision, 1);
        // Equal at p₀ = 0, decision 0 better above.
        let e = env("1,1;0,1");
        assert_eq!(e.segments.len(), 1);
        assert_eq!(e.segments[0].decision, 0);
        assert!(envelope(&UtilityMatrix::identity(3).unwrap()).is_err());
    }
}
