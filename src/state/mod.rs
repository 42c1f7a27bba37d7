//! The app state and its codecs (URL fragment, JSON, CSV import). Pure: no web crates, tested
//! natively; the UI keeps one [`AppState`] and writes it to the URL on every change.

pub mod analysis;
pub mod csv;
pub mod edit;
pub mod presets;
pub mod references;
pub mod reliability;
pub mod roc;
pub mod story;
pub mod url;

use crate::core::matrix::MAX_DIM;
use crate::core::{ConfusionMatrix, Matrix, Orientation, UtilityMatrix};
use serde::{Deserialize, Serialize};

/// Version of the link and JSON format (`v=1`).
pub const FORMAT_VERSION: u32 = 1;

/// The most classifiers the app holds.
pub const MAX_CLASSIFIERS: usize = 50;

/// The longest classifier, class or decision name kept (longer names are cut).
pub const MAX_NAME_CHARS: usize = 60;

/// The views of the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum View {
    /// Utility matrix and classifiers: yields, ranking, metric table.
    #[default]
    Compare,
    /// The space of binary utility matrices (fig. 1).
    Space,
    /// The Monte Carlo of mis-ranked pairs (figs. 2–7).
    Reliability,
    /// ROC curves and thresholds (fig. 8).
    Roc,
    /// Expected utility and optimal decisions.
    Decide,
    /// The preference-driven measure.
    Pd,
    /// The factory story as a guided walk.
    Story,
}

impl View {
    /// Every view, in menu order.
    pub const ALL: [View; 7] = [
        View::Compare,
        View::Space,
        View::Reliability,
        View::Roc,
        View::Decide,
        View::Pd,
        View::Story,
    ];

    /// The link key value (`view=compare`).
    pub fn key(&self) -> &'static str {
        match self {
            View::Compare => "compare",
            View::Space => "space",
            View::Reliability => "reliability",
            View::Roc => "roc",
            View::Decide => "decide",
            View::Pd => "pd",
            View::Story => "story",
        }
    }

    /// The view named `key`.
    pub fn from_key(key: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.key() == key)
    }

    /// The menu label.
    pub fn label(&self) -> &'static str {
        match self {
            View::Compare => "Compare",
            View::Space => "Utility space",
            View::Reliability => "Metric reliability",
            View::Roc => "ROC & thresholds",
            View::Decide => "Decide",
            View::Pd => "Preference-driven",
            View::Story => "Story",
        }
    }

    /// Whether this version of the app has the view.
    pub fn is_available(&self) -> bool {
        matches!(self, View::Compare | View::Reliability | View::Story)
    }
}

/// A named classifier: its confusion matrix as given (counts or fractions), rows = output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Classifier {
    /// The name shown everywhere (plain text, never markup).
    pub name: String,
    /// Counts or fractions, rows = output `i`, columns = true class `j`.
    pub matrix: Matrix,
}

impl Classifier {
    /// The validated confusion matrix.
    pub fn confusion(&self) -> Result<ConfusionMatrix, crate::core::CoreError> {
        ConfusionMatrix::new(self.matrix.clone(), Orientation::OutputRows)
    }
}

/// The prior of true utility matrices in the Monte Carlo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Prior {
    /// Uniform on the hexagon of fig. 1.
    #[default]
    Uniform,
    /// Truncated gaussian around the identity, sd 1/3 (fig. 4).
    Gaussian,
}

impl Prior {
    /// The link value.
    pub fn key(&self) -> &'static str {
        match self {
            Prior::Uniform => "uniform",
            Prior::Gaussian => "gaussian",
        }
    }

    /// The prior named `key`.
    pub fn from_key(key: &str) -> Option<Prior> {
        match key {
            "uniform" => Some(Prior::Uniform),
            "gaussian" => Some(Prior::Gaussian),
            _ => None,
        }
    }
}

/// Which error measure the reliability curves are drawn against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorAxis {
    /// σ, the noise's standard deviation before truncation.
    #[default]
    Sigma,
    /// The realized standard deviation of the errors after truncation (fig. 7's axis).
    Realized,
}

/// Settings of the Monte Carlo (Metric reliability view, `ulab mc`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct McSettings {
    /// Prior of the true utility matrices.
    pub prior: Prior,
    /// Noise sd on the assessed utilities.
    pub sigma: f64,
    /// Number of pairs of classifiers.
    pub pairs: u64,
    /// Seed of the generator.
    pub seed: u64,
    /// x axis of the sweep plot.
    pub axis: ErrorAxis,
    /// Class-0 share for the scatter plots of figs. 2–3.
    pub balance: f64,
    /// Metric keys shown (empty: all).
    pub metrics: Vec<String>,
    /// The user's own question (P(best) of the Compare view's classifiers).
    #[serde(default)]
    pub question: QuestionSettings,
}

/// Settings of the user's own question: how unsure the user is about the utilities
/// and the confusion matrices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct QuestionSettings {
    /// Noise sd on the min-max-normalized utilities (0 … 1).
    pub sigma: f64,
    /// Dirichlet pseudo-count added to every count (0 … 1000; 1 = uniform prior).
    pub alpha: f64,
    /// Number of draws (1 … [`MAX_QUESTION_DRAWS`]).
    pub draws: u64,
    /// Seed of the draws.
    pub seed: u64,
    /// Test-set size assumed for classifiers given as fractions (no counts).
    pub n: u64,
}

impl Default for QuestionSettings {
    fn default() -> Self {
        QuestionSettings {
            sigma: 0.05,
            alpha: 1.0,
            draws: 20_000,
            seed: 1,
            n: 100,
        }
    }
}

/// The most draws of the user's question.
pub const MAX_QUESTION_DRAWS: u64 = 1_000_000;

/// The largest test-set size assumed for fractional classifiers.
pub const MAX_QUESTION_N: u64 = 1_000_000_000;

impl Default for McSettings {
    fn default() -> Self {
        McSettings {
            prior: Prior::Uniform,
            sigma: 0.1,
            pairs: 1_000_000,
            seed: 1,
            axis: ErrorAxis::Sigma,
            balance: 0.5,
            metrics: Vec::new(),
            question: QuestionSettings::default(),
        }
    }
}

/// Limits of the Monte Carlo settings.
pub const MAX_PAIRS: u64 = 100_000_000;

/// The whole state of the page: everything a link restores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AppState {
    /// The view shown.
    pub view: View,
    /// Show the view without the app's chrome (for iframes).
    pub embed: bool,
    /// Names of the true classes (length `n`).
    pub classes: Vec<String>,
    /// Names of the decisions (length `n_d ≥ n`; the first `n` mean "decide class k").
    pub decisions: Vec<String>,
    /// The utility matrix, rows = decisions, columns = classes.
    pub utility: Matrix,
    /// The classifiers, in order.
    pub classifiers: Vec<Classifier>,
    /// How matrices are shown in editors and written in links.
    pub orientation: Orientation,
    /// Deployment class shares, if they differ from the test set's.
    pub prevalence: Option<Vec<f64>>,
    /// The p-d preference vector (default: class shares).
    pub kappa: Option<Vec<f64>>,
    /// Monte Carlo settings.
    pub mc: McSettings,
    /// Step of the story (0-based).
    pub step: usize,
}

impl Default for AppState {
    /// The factory of Dyrland et al. 2022: utilities of eq. 4, classifiers A and B of eqs. 1–2 (counts
    /// out of 100), classes "long" and "short".
    fn default() -> Self {
        presets::factory()
    }
}

/// The default name of class `k` (`0`, `1`, …).
pub fn default_class_name(k: usize) -> String {
    k.to_string()
}

/// The default name of decision `d` given `n` classes: the class name for `d < n`, else
/// `decision d`.
pub fn default_decision_name(d: usize, classes: &[String]) -> String {
    classes
        .get(d)
        .cloned()
        .unwrap_or_else(|| format!("decision {d}"))
}

/// Cuts a name to [`MAX_NAME_CHARS`] characters and trims it.
pub fn clean_name(name: &str) -> String {
    name.trim()
        .chars()
        .take(MAX_NAME_CHARS)
        .collect::<String>()
        .trim()
        .to_string()
}

impl AppState {
    /// Number of classes `n`.
    pub fn n(&self) -> usize {
        self.utility.cols()
    }

    /// The validated utility matrix.
    pub fn utility_matrix(&self) -> Result<UtilityMatrix, crate::core::CoreError> {
        UtilityMatrix::new(self.utility.clone())
    }

    /// Checks the invariants every view relies on; the codecs only ever produce states that
    /// pass it.
    ///
    /// # Errors
    /// A one-line description of the first violated invariant.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.n();
        if n < 2 {
            return Err("the utility matrix needs at least 2 classes (columns)".into());
        }
        if self.utility.rows() < n {
            return Err(format!(
                "the utility matrix needs at least one decision per class ({n} rows)"
            ));
        }
        if self.utility.rows() > MAX_DIM || n > crate::core::confusion::MAX_CLASSES {
            return Err("too many classes or decisions".into());
        }
        if self.classes.len() != n {
            return Err(format!(
                "{} class names for {n} classes",
                self.classes.len()
            ));
        }
        if self.decisions.len() != self.utility.rows() {
            return Err(format!(
                "{} decision names for {} decisions",
                self.decisions.len(),
                self.utility.rows()
            ));
        }
        if self.classifiers.len() > MAX_CLASSIFIERS {
            return Err(format!("more than {MAX_CLASSIFIERS} classifiers"));
        }
        for (i, c) in self.classifiers.iter().enumerate() {
            if c.name.is_empty() {
                return Err(format!("classifier {} has no name", i + 1));
            }
            if self.classifiers[..i].iter().any(|d| d.name == c.name) {
                return Err(format!("two classifiers are named '{}'", c.name));
            }
            if c.matrix.rows() != n || c.matrix.cols() != n {
                return Err(format!(
                    "classifier '{}' is {} × {} but there are {n} classes",
                    c.name,
                    c.matrix.rows(),
                    c.matrix.cols()
                ));
            }
            c.confusion()
                .map_err(|e| format!("classifier '{}': {e}", c.name))?;
        }
        if let Some(p) = &self.prevalence {
            crate::core::utility::check_shares("deployment shares", p, n)
                .map_err(|e| e.to_string())?;
        }
        if let Some(k) = &self.kappa {
            crate::core::metrics::check_kappa(k, n).map_err(|e| e.to_string())?;
        }
        let mc = &self.mc;
        if !(mc.sigma >= 0.0 && mc.sigma <= 1.0) {
            return Err("σ must be between 0 and 1".into());
        }
        if mc.pairs == 0 || mc.pairs > MAX_PAIRS {
            return Err(format!("pairs must be between 1 and {MAX_PAIRS}"));
        }
        if !(mc.balance > 0.0 && mc.balance < 1.0) {
            return Err("the class balance must be strictly between 0 and 1".into());
        }
        let q = &mc.question;
        if !(q.sigma >= 0.0 && q.sigma <= 1.0) {
            return Err("the question's σ must be between 0 and 1".into());
        }
        if !(q.alpha >= 0.0 && q.alpha <= 1000.0) {
            return Err("α must be between 0 and 1000".into());
        }
        if q.draws == 0 || q.draws > MAX_QUESTION_DRAWS {
            return Err(format!("draws must be between 1 and {MAX_QUESTION_DRAWS}"));
        }
        if q.n == 0 || q.n > MAX_QUESTION_N {
            return Err(format!(
                "the test-set size must be between 1 and {MAX_QUESTION_N}"
            ));
        }
        Ok(())
    }

    /// The state as pretty JSON (with the format version), for "export state".
    pub fn to_json(&self) -> String {
        let doc = StateDocument {
            utility_lab_state: FORMAT_VERSION,
            state: self.clone(),
        };
        serde_json::to_string_pretty(&doc).unwrap_or_else(|_| "{}".to_string())
    }

    /// Reads a state exported by [`AppState::to_json`]; nothing is applied on error.
    ///
    /// # Errors
    /// Not JSON, not a Utility Lab state, a newer format version, or an invalid state.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::AppState;
    /// let s = AppState::default();
    /// assert_eq!(AppState::from_json(&s.to_json()).unwrap(), s);
    /// assert!(AppState::from_json("{\"foo\": 1}").is_err());
    /// ```
    pub fn from_json(text: &str) -> Result<AppState, String> {
        let doc: StateDocument = serde_json::from_str(text).map_err(|e| {
            let msg = e.to_string();
            format!(
                "not a Utility Lab state file: {}",
                msg.lines().next().unwrap_or("")
            )
        })?;
        if doc.utility_lab_state > FORMAT_VERSION {
            return Err(format!(
                "this file was written by a newer version of Utility Lab (format {})",
                doc.utility_lab_state
            ));
        }
        doc.state.validate()?;
        Ok(doc.state)
    }

    /// Adds classes (or removes the last ones) so that there are `n` classes: matrices grow with
    /// zero rows and columns (utilities: 0) or lose their last rows and columns; extra decisions
    /// stay after the class decisions.
    pub fn resize_classes(&mut self, n: usize) {
        let n = n.clamp(2, crate::core::confusion::MAX_CLASSES);
        let old = self.n();
        if n == old {
            return;
        }
        let extra = self.utility.rows() - old;
        let keep = n.min(old);
        // New cells: the best old utility for a correct decision, the worst for a wrong one.
        let (lo, hi) = (self.utility.min(), self.utility.max());
        let mut u = vec![lo; (n + extra) * n];
        for d in 0..n + extra {
            let src = if d < n {
                (d < old).then_some(d)
            } else {
                Some(old + (d - n))
            };
            for c in 0..n {
                u[d * n + c] = match src {
                    Some(s) if c < keep => self.utility.get(s, c),
                    _ if d == c => hi,
                    _ => lo,
                };
            }
        }
        self.utility = Matrix::new(n + extra, n, u).expect("resized utility matrix is valid");
        self.classes = (0..n)
            .map(|k| {
                self.classes
                    .get(k)
                    .cloned()
                    .unwrap_or_else(|| default_class_name(k))
            })
            .collect();
        let mut decisions: Vec<String> = (0..n)
            .map(|d| {
                if d < old {
                    self.decisions[d].clone()
                } else {
                    self.classes[d].clone()
                }
            })
            .collect();
        decisions.extend(self.decisions[old..].iter().cloned());
        self.decisions = decisions;
        for c in &mut self.classifiers {
            let mut m = vec![0.0; n * n];
            for i in 0..n.min(old) {
                for j in 0..n.min(old) {
                    m[i * n + j] = c.matrix.get(i, j);
                }
            }
            // A new class must not leave a classifier's matrix all zero.
            if m.iter().all(|v| *v == 0.0) {
                m[0] = 1.0;
            }
            c.matrix = Matrix::new(n, n, m).expect("resized confusion matrix is valid");
        }
        self.prevalence = None;
        self.kappa = None;
    }
}

#[derive(Serialize, Deserialize)]
struct StateDocument {
    utility_lab_state: u32,
    state: AppState,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_state_is_valid() {
        AppState::default().validate().unwrap();
    }

    #[test]
    fn resize_keeps_old_cells_and_validity() {
        let mut s = AppState::default();
        s.resize_classes(4);
        s.validate().unwrap();
        assert_eq!(s.n(), 4);
        assert_eq!(s.utility.get(0, 1), -335.0);
        assert_eq!(s.utility.get(3, 3), 165.0);
        assert_eq!(s.utility.get(3, 0), -335.0);
        assert_eq!(s.classifiers[0].matrix.get(1, 1), 35.0);
        assert_eq!(s.classes, vec!["long", "short", "2", "3"]);
        s.resize_classes(2);
        s.validate().unwrap();
        assert_eq!(s.utility.to_string(), "15,-335;-35,165");
        assert_eq!(s.classifiers[1].matrix.to_string(), "43,18;7,32");
    }

    #[test]
    fn resize_keeps_extra_decisions_last() {
        let mut s = AppState {
            utility: Matrix::parse("15,-335;-35,165;0,0").unwrap(),
            ..AppState::default()
        };
        s.decisions.push("refer".into());
        s.validate().unwrap();
        s.resize_classes(3);
        s.validate().unwrap();
        assert_eq!(s.decisions, vec!["long", "short", "2", "refer"]);
        assert_eq!(s.utility.rows(), 4);
        assert_eq!(s.utility.row(3), &[0.0, 0.0, -335.0]);
    }
}
