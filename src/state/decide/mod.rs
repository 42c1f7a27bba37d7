//! The Decide view's logic (pure, native-tested): the optimal decision, not the most probable
//! class (Dyrland et al. (draft); Porta Mana, course notes).
//!
//! Modules, by concern:
//! * [`probabilities`]: one item's class probabilities — the sliders that keep the sum at 1,
//!   typed values, and the link values `p`, `alpha`, `n`;
//! * [`one_item`]: expected utility of each decision, the optimal decision beside the most
//!   probable class, and the sentence when they differ;
//! * [`two_classes`]: the flip points on `p₀` (upper envelope of the lines `Ū_d(p₀)`), for any
//!   number of decisions;
//! * [`simplex`]: three classes — the regions of the probability triangle where each decision
//!   is optimal, and barycentric ↔ plane coordinates;
//! * [`classifier`]: a label-only classifier's confusion counts → `p(class | output)` (eq. 23),
//!   the optimal decision per output, raw vs remapped yield;
//! * [`balance`]: "don't balance classes" — decisions tuned for the test set's, balanced and
//!   deployment shares, each evaluated at the deployment's;
//! * [`export`]: the view's tables as CSV;
//! * [`presets`]: the view's examples and its link keys;
//! * [`view`]: everything above in one call, and the plots' data.
//!
//! **How the UI uses it.** Keep a [`DecideParams`] beside the app state (link keys `p`, `alpha`,
//! `n`; see [`presets::LINK_KEYS`]). On every change call [`view::analyze`] with the state's
//! utility matrix, names, classifiers and deployment shares: it returns each part or its typed
//! error, to show in place. The plots are [`crate::plot::Plot`]s built by [`view::DecideView`]'s
//! methods; a slider calls [`probabilities::set_probability`], a typed field
//! [`probabilities::set_typed`], a click on the p₀ plot [`view::p_from_p0`], a click or drag on
//! the triangle [`crate::plot::decide::SimplexPlot::probabilities_at`]. Editing decisions reuses
//! the Compare view's edits (`AppState::add_decision`, …).

pub mod balance;
pub mod classifier;
pub mod error;
pub mod export;
pub mod one_item;
pub mod presets;
pub mod probabilities;
pub mod simplex;
pub mod two_classes;
pub mod view;

pub use error::DecideError;

use probabilities::{format_p, parse_alpha, parse_p, parse_test_size, uniform, DEFAULT_ALPHA};

/// The Decide view's own settings (what the link keeps beyond the shared keys).
#[derive(Debug, Clone, PartialEq)]
pub struct DecideParams {
    /// One item's class probabilities (`p`); `None`: equal probabilities.
    pub p: Option<Vec<f64>>,
    /// The Dirichlet pseudo-count α (`alpha`), default 1.
    pub alpha: f64,
    /// The test-set size for classifiers given as fractions (`n`).
    pub test_size: Option<u64>,
}

impl Default for DecideParams {
    fn default() -> Self {
        DecideParams {
            p: None,
            alpha: DEFAULT_ALPHA,
            test_size: None,
        }
    }
}

impl DecideParams {
    /// The probabilities for `n` classes: `p` if it has `n` values, else equal ones.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::decide::DecideParams;
    /// let mut d = DecideParams::default();
    /// assert_eq!(d.probabilities(2), vec![0.5, 0.5]);
    /// d.p = Some(vec![0.2, 0.8]);
    /// assert_eq!(d.probabilities(2), vec![0.2, 0.8]);
    /// assert_eq!(d.probabilities(4), vec![0.25; 4]);
    /// ```
    pub fn probabilities(&self, n: usize) -> Vec<f64> {
        match &self.p {
            Some(p) if p.len() == n => p.clone(),
            _ => uniform(n),
        }
    }

    /// Applies one link pair (`p`, `alpha` or `n`; other keys are not this view's: `Ok(None)`
    /// and nothing changes) for `n_classes` classes. `Ok(Some(notice))` when the value was
    /// used but changed (probabilities rescaled).
    ///
    /// # Errors
    /// The value is refused (nothing changes); the link codec shows the error as its notice.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::decide::DecideParams;
    /// let mut d = DecideParams::default();
    /// assert_eq!(d.read_link("p", "0.2,0.8", 2), Ok(None));
    /// assert!(d.read_link("alpha", "0", 2).is_ok() && d.alpha == 0.0);
    /// assert!(d.read_link("p", "0.5,0.504", 2).unwrap().is_some());
    /// assert!(d.read_link("p", "-1,2", 2).is_err()); // refused: the rescaled values stay
    /// let p = d.p.unwrap();
    /// assert!((p[0] + p[1] - 1.0).abs() < 1e-15 && p[0] < 0.5);
    /// ```
    pub fn read_link(
        &mut self,
        key: &str,
        value: &str,
        n_classes: usize,
    ) -> Result<Option<String>, DecideError> {
        match key {
            "p" => {
                let parsed = parse_p(value, n_classes)?;
                let notice = parsed.notice();
                self.p = Some(parsed.values);
                Ok(notice)
            }
            "alpha" => {
                self.alpha = parse_alpha(value)?;
                Ok(None)
            }
            "n" => {
                self.test_size = Some(parse_test_size(value)?);
                Ok(None)
            }
            _ => Ok(None),
        }
    }

    /// The link pairs of the values that differ from the defaults, in the order `p`, `alpha`,
    /// `n` (values that [`DecideParams::read_link`] reads back exactly).
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::decide::DecideParams;
    /// let d = DecideParams { p: Some(vec![0.2, 0.8]), alpha: 0.0, test_size: None };
    /// assert_eq!(d.link_pairs(), vec![("p", "0.2,0.8".to_string()), ("alpha", "0".to_string())]);
    /// assert!(DecideParams::default().link_pairs().is_empty());
    /// ```
    pub fn link_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if let Some(p) = &self.p {
            out.push(("p", format_p(p)));
        }
        if self.alpha != DEFAULT_ALPHA {
            out.push(("alpha", crate::text::shortest(self.alpha)));
        }
        if let Some(n) = self.test_size {
            out.push(("n", n.to_string()));
        }
        out
    }
}
