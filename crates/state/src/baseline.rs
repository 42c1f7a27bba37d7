//! The baseline every comparison holds: deciding the same `d` for every item, without any
//! model. Its yield per item is `Σ_c U_dc π_c` — it depends on the class shares `π` only —
//! and a model is worth deploying only if it beats the best such decision. One rule for every
//! view that ranks models (Compare, the Utility space, the Metric reliability view's question,
//! ROC, Probabilities): the best constant decision is computed here, for the shares the
//! view's yields are computed on, it "beats" the models when it yields more than every one
//! of them beyond rounding ([`TIE`]), and then the view says so with [`Baseline::sentence`].
//! The "how sure" draws leave it out of `P(best)` (its yield has no test-set noise of its
//! own, [`crate::sure`]).

use ulab_core::UtilityMatrix;
use ulab_core::text::prose;

/// Yields within this relative distance count as a tie: a baseline that only ties the best
/// model does not beat it.
pub const TIE: f64 = 1e-12;

/// The best constant decision on some class shares.
#[derive(Debug, Clone, PartialEq)]
pub struct Baseline {
    /// The decision's index (a row of the utility matrix).
    pub decision: usize,
    /// The decision's name.
    pub name: String,
    /// Its yield per item, `Σ_c U_dc π_c`.
    pub yield_per_item: f64,
}

impl Baseline {
    /// The constant decision of largest yield under the class `shares` (the first on ties),
    /// named from `decisions` (missing names: the index). `None` when the shares do not fit
    /// `u` (wrong length, negative, not summing to 1).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_state::baseline::Baseline;
    /// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
    /// let names = ["long".to_string(), "short".to_string()];
    /// let b = Baseline::best(&u, &[0.5, 0.5], &names).unwrap();
    /// assert_eq!((b.decision, b.name.as_str(), b.yield_per_item), (1, "short", 65.0));
    /// // Deployment shares 90 % long: "always short" yields 0.9 × (−35) + 0.1 × 165 = −15.
    /// let b = Baseline::best(&u, &[0.9, 0.1], &names).unwrap();
    /// assert_eq!((b.name.as_str(), b.yield_per_item), ("short", -15.0));
    /// ```
    pub fn best(u: &UtilityMatrix, shares: &[f64], decisions: &[String]) -> Option<Baseline> {
        let yields = u.trivial_yields(shares).ok()?;
        let (decision, &yield_per_item) = yields
            .iter()
            .enumerate()
            .reduce(|a, b| if b.1 > a.1 { b } else { a })?;
        Some(Baseline {
            decision,
            name: decisions
                .get(decision)
                .cloned()
                .unwrap_or_else(|| decision.to_string()),
            yield_per_item,
        })
    }

    /// Whether the baseline yields more than `best_model` (the best model's yield per item on
    /// the same shares) beyond rounding: `b − m > TIE · max(|b|, |m|, 1)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_state::baseline::Baseline;
    /// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
    /// let b = Baseline::best(&u, &[0.5, 0.5], &[]).unwrap();
    /// assert!(b.beats(3.5) && !b.beats(65.0) && !b.beats(70.0));
    /// ```
    pub fn beats(&self, best_model: f64) -> bool {
        let (b, m) = (self.yield_per_item, best_model);
        b - m > TIE * b.abs().max(m.abs()).max(1.0)
    }

    /// The sentence a view writes when the baseline beats its models: "Deciding 'short' for
    /// every item, without any classifier, would yield 65 per item — more than every
    /// classifier here." `model` names what the view ranks ("classifier", "model"), `count`
    /// how many there are (one: "this classifier").
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_state::baseline::Baseline;
    /// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
    /// let b = Baseline::best(&u, &[0.5, 0.5], &["long".into(), "short".into()]).unwrap();
    /// assert_eq!(b.sentence("model", 2), "Deciding 'short' for every item, without any model, would yield 65 per item — more than every model here.");
    /// assert!(b.sentence("classifier", 1).ends_with("more than this classifier."));
    /// ```
    pub fn sentence(&self, model: &str, count: usize) -> String {
        let than = if count == 1 {
            format!("this {model}")
        } else {
            format!("every {model} here")
        };
        format!(
            "Deciding '{}' for every item, without any {model}, would yield {} per item — more \
             than {than}.",
            self.name,
            prose(self.yield_per_item)
        )
    }

    /// The sentence when `count` models are ranked and the best yields `best_model`: the
    /// baseline's [`sentence`](Baseline::sentence) if it beats them, else nothing.
    pub fn sentence_if_beats(&self, best_model: f64, model: &str, count: usize) -> Option<String> {
        self.beats(best_model).then(|| self.sentence(model, count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_that_do_not_fit_give_no_baseline_and_ties_do_not_beat() {
        let u = UtilityMatrix::parse("1,0;0,1").unwrap();
        assert_eq!(Baseline::best(&u, &[0.5], &[]), None);
        assert_eq!(Baseline::best(&u, &[0.7, 0.7], &[]), None);
        let b = Baseline::best(&u, &[0.5, 0.5], &[]).unwrap();
        assert_eq!((b.decision, b.name.as_str()), (0, "0")); // the first on ties
        assert!(!b.beats(0.5) && !b.beats(0.5 - 1e-15) && b.beats(0.4));
        // Extra decisions: "refer" (row 2) is a constant decision too.
        let u = UtilityMatrix::parse("1,-10;-10,1;0,0").unwrap();
        let b = Baseline::best(&u, &[0.5, 0.5], &["a".into(), "b".into(), "refer".into()]).unwrap();
        assert_eq!((b.name.as_str(), b.yield_per_item), ("refer", 0.0));
    }
}
