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
//! * [`presets`]: the view's examples;
//! * [`view`]: everything above in one call, and the plots' data.
//!
//! **How the UI uses it.** The app state keeps a [`DecideParams`] (`AppState::decide`; link keys
//! `p`, `alpha`, `n` in [`LINK_KEYS`]). On every change call [`view::analyze`] with the state's
//! utility matrix, names, classifiers and deployment shares: it returns each part or its typed
//! error, to show in place. The plots are [`ulab_plot::Plot`]s built by [`view::DecideView`]'s
//! methods; a slider calls [`probabilities::set_probability`], a typed field
//! [`probabilities::set_typed`], a click on the p₀ plot [`view::p_from_p0`], a click or drag on
//! the triangle [`ulab_plot::decide::SimplexPlot::probabilities_at`]. Editing decisions reuses
//! the Compare view's edits (`AppState::add_decision`, …).

pub mod balance;
pub mod classifier;
pub mod error;
pub mod export;
pub mod limits;
pub mod one_item;
pub mod presets;
pub mod probabilities;
pub mod simplex;
pub mod sure;
pub mod two_classes;
pub mod view;

pub use error::DecideError;

use crate::AppState;
use crate::link::error::LinkError;
use crate::link::key::{Key, write_real};
use probabilities::{DEFAULT_ALPHA, format_p, parse_alpha, parse_p, parse_test_size, uniform};
use serde::{Deserialize, Serialize};

/// The Decide view's own settings (what the link keeps beyond the shared keys).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
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
    /// use ulab_state::decide::DecideParams;
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
}

/// The Decide view's link keys (one item's probabilities, the pseudo-count, the test-set size
/// of fractions); `u`, `decisions`, `classes`, `cm.NAME` and `prev` are the Compare view's.
/// `p` is read after the problem (it needs the number of classes): rescaled with a notice when
/// it sums to within 1 % of 1, else refused with a notice.
pub const LINK_KEYS: [Key; 3] = [
    Key::value(
        "p",
        "one probability per class, `0.2,0.8`",
        "Decide: one item's class probabilities (default equal; rescaled with a notice when \
         they sum to within 1 % of 1, else ignored)",
        |v, s| {
            let parsed = parse_p(v, s.n()).map_err(LinkError::Decide)?;
            let notice = parsed.notice();
            s.decide.p = Some(parsed.values);
            notice.map_or(Ok(()), |n| Err(LinkError::Changed(n)))
        },
        |s, out| {
            if let Some(p) = s.decide.p.as_ref().filter(|p| p.len() == s.n()) {
                out.push(format!("p={}", format_p(p)));
            }
        },
    ),
    Key::value(
        "alpha",
        "number 0–1000",
        "Decide: the Dirichlet pseudo-count α added to each confusion count (default 1)",
        |v, s| {
            s.decide.alpha = parse_alpha(v).map_err(LinkError::Decide)?;
            Ok(())
        },
        |s, out| write_real(out, "alpha", s.decide.alpha, DEFAULT_ALPHA),
    ),
    Key::value(
        "n",
        "whole number 1–10⁹",
        "Decide: the test-set size of classifiers given as fractions (needed when α > 0)",
        |v, s| {
            s.decide.test_size = Some(parse_test_size(v).map_err(LinkError::Decide)?);
            Ok(())
        },
        |s: &AppState, out| {
            if let Some(n) = s.decide.test_size {
                out.push(format!("n={n}"));
            }
        },
    ),
];
