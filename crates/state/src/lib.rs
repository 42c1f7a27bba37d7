//! The app state and its codecs (link, JSON, CSV import), and each view's pure logic. Pure: no
//! web crates, tested natively; the UI keeps one [`AppState`] and writes it to the link on
//! every change.
//!
//! * [`AppState`] (here), its invariants and their error ([`validate`]);
//! * [`link`]: the link format, one table of keys ([`link::keys`]) and a staged decoder;
//! * [`edit`]: the edits behind the Compare view's editors, the readers of typed and pasted
//!   text, and the import of a classifier from a file;
//! * one module per view with pure logic: [`compare`], [`reliability`], [`story`];
//! * [`embed`]: the embed code (an `<iframe>` and the script that fits it to its content), and
//!   [`theme`]: the colours a link may fix (`theme=dark`);
//! * [`presets`] (the papers' examples as links), [`references`] (the texts cited);
//! * [`qr`]: the printed page's link as a QR code (SVG).
//!
//! Every fallible function returns a typed error whose `Display` is the message the user
//! reads.

pub mod baseline;
pub mod compare;
pub mod decide;
pub mod edit;
pub mod embed;
pub mod json;
pub mod link;
pub mod pd;
pub mod presets;
pub mod problem;
pub mod probs;
pub mod qr;
pub mod references;
pub mod reliability;
pub mod roc;
pub mod space;
pub mod story;
pub mod sure;
pub mod theme;
pub mod unread;
pub mod validate;

use serde::{Deserialize, Serialize};
use ulab_core::{Matrix, Orientation, UtilityMatrix};

pub use json::JsonError;
pub use problem::{Classifier, Problem, ProblemError, ProblemFields, Shape};
pub use reliability::settings::{
    ErrorAxis, MAX_APP_PAIRS, MAX_QUESTION_DRAWS, MAX_QUESTION_N, McSettings, QuestionSettings,
};
pub use ulab_core::mc::Prior;
pub use unread::{UnreadClassifier, UnreadUtility};
pub use validate::StateError;

/// Version of the link and JSON format (`v=1`).
pub const FORMAT_VERSION: u32 = 1;

/// The most classifiers the app holds.
pub const MAX_CLASSIFIERS: usize = problem::MAX_CLASSIFIERS;

/// The longest classifier, class or decision name kept (longer names are cut).
pub const MAX_NAME_CHARS: usize = ulab_core::limits::MAX_NAME_CHARS;

/// Declares [`View`]: one line per view (its variant, its link key, its menu label), so that a
/// new view is added in one place.
macro_rules! views {
    ($($(#[$attr:meta])* $variant:ident = $key:literal, $label:literal;)+) => {
        /// The views of the page. Its [`View::key`] is its value in links (`view=compare`) and
        /// in JSON.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum View {
            $($(#[$attr])* $variant,)+
        }

        impl View {
            /// Every view, in menu order.
            pub const ALL: [View; [$($key),+].len()] = [$(View::$variant),+];

            /// The link key value (`view=compare`).
            pub fn key(&self) -> &'static str {
                match self {
                    $(View::$variant => $key,)+
                }
            }

            /// The menu label.
            pub fn label(&self) -> &'static str {
                match self {
                    $(View::$variant => $label,)+
                }
            }
        }
    };
}

views! {
    /// Utility matrix and classifiers: yields, ranking, metric table.
    #[default]
    Compare = "compare", "Compare";
    /// Fig. 1 as an instrument: where the utility matrix lies, who wins where.
    Space = "space", "Utility space";
    /// The Monte Carlo of mis-ranked pairs (figs. 2–7).
    Reliability = "reliability", "Metric reliability";
    /// ROC curves, their hulls and the iso-utility tangent (fig. 8).
    Roc = "roc", "ROC & thresholds";
    /// One item's optimal decision, and a label-only classifier as a decision maker.
    Decide = "decide", "Decide";
    /// Kozak et al. 2022's preference-driven measure beside the utility yield.
    Pd = "pd", "Preference-driven measure";
    /// The factory story as a guided walk.
    Story = "story", "Story";
    /// A test set's per-item class probabilities: both decision rules, calibration, the
    /// decision curve and how sure.
    Probs = "probs", "Probabilities";
}

impl View {
    /// The view whose [`View::key`] is `key` (trimmed).
    pub fn from_key(key: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.key() == key.trim())
    }
}

/// The whole state of the page: everything a link restores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AppState {
    /// The view shown.
    pub view: View,
    /// Show the view without the app's chrome (for iframes).
    pub embed: bool,
    /// The colours the link fixes (`theme=`); `None`: the reader's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<theme::FixedTheme>,
    /// The problem: classes, decisions, utility matrix, classifiers (validated; the JSON
    /// keeps its four fields at this level).
    #[serde(flatten)]
    pub problem: Problem,
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
    /// The Decide view's settings (`p`, `alpha`, `n`).
    #[serde(default)]
    pub decide: decide::DecideParams,
    /// The Utility space view's settings.
    #[serde(default)]
    pub space: space::link::SpaceSettings,
    /// The Preference-driven measure view's settings (heatmap step, κ grid).
    #[serde(default)]
    pub pd: pd::PdSettings,
    /// The ROC view's binormal curves and scores-file settings.
    #[serde(default)]
    pub roc: roc::link::RocLink,
    /// The Probabilities view's settings (the sample, the file's models, the bins).
    #[serde(default)]
    pub probs: probs::link::ProbsLink,
    /// The link's utility matrix when it could not be read (issue 28): the problem then holds
    /// a stand-in, every view says so, Compare ranks nothing, and links keep the text as given
    /// until the problem is edited ([`AppState::set_problem`]). Not in the JSON state.
    #[serde(skip)]
    pub unread_utility: Option<UnreadUtility>,
    /// The link's classifiers whose confusion matrix could not be read (issue 28): left out
    /// of the problem, said by every view; Compare ranks nothing, and links keep the text as
    /// given, until the problem is edited. Not in the JSON state.
    #[serde(skip)]
    pub unread_classifiers: Vec<UnreadClassifier>,
}

impl Default for AppState {
    /// The factory of Dyrland et al. 2022: utilities of eq. 4, classifiers A and B of eqs. 1–2
    /// (counts out of 100), classes "long" and "short".
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

/// Cuts a name to [`MAX_NAME_CHARS`] characters and trims it; control characters (line breaks,
/// tabs) become spaces and invisible formatting characters (right-to-left overrides, zero-width
/// characters, a BOM) are dropped, so that a name is one line that shows what it holds.
///
/// # Examples
///
/// ```
/// use ulab_state::clean_name;
/// assert_eq!(clean_name("  Model\r\nA\u{202e}  "), "Model  A");
/// assert_eq!(clean_name("\u{feff}long"), "long");
/// ```
pub fn clean_name(name: &str) -> String {
    one_line_name(name)
        .trim()
        .chars()
        .take(MAX_NAME_CHARS)
        .collect::<String>()
        .trim()
        .to_string()
}

/// `name` on one line: control characters (line breaks, tabs) become spaces, invisible
/// formatting characters (right-to-left overrides, zero-width characters, a BOM) are dropped.
pub(crate) fn one_line_name(name: &str) -> String {
    name.chars()
        .filter(|c| !ulab_core::text::is_invisible_format(*c))
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

impl AppState {
    /// Number of classes `n`.
    pub fn n(&self) -> usize {
        self.problem.n()
    }

    /// The class names (length `n`).
    pub fn classes(&self) -> &Vec<String> {
        self.problem.classes()
    }

    /// The decision names (length `n_d ≥ n`).
    pub fn decisions(&self) -> &Vec<String> {
        self.problem.decisions()
    }

    /// The utility matrix's cells as entered (rows = decisions), for editors and links; the
    /// validated matrix is [`AppState::utility_matrix`].
    pub fn utility(&self) -> &Matrix {
        self.problem.utility_cells()
    }

    /// The validated utility matrix.
    pub fn utility_matrix(&self) -> &UtilityMatrix {
        self.problem.utility()
    }

    /// The classifiers, in order.
    pub fn classifiers(&self) -> &Vec<Classifier> {
        self.problem.classifiers()
    }

    /// Replaces the problem by `fields`, checked ([`Problem::new`]); the view settings that no
    /// longer fit the number of classes are dropped ([`AppState::fit_settings`]). Nothing
    /// changes on error.
    ///
    /// # Errors
    /// The first invariant `fields` breaks.
    pub fn set_problem(&mut self, fields: ProblemFields) -> Result<(), ProblemError> {
        let problem = Problem::new(fields)?;
        // An edit of the problem replaces what a link gave that could not be read: the link
        // then writes the problem as edited (it reproduces the stand-in only unchanged).
        if problem != self.problem {
            self.unread_utility = None;
            self.unread_classifiers.clear();
        }
        if problem.n() != self.n() {
            self.prevalence = None;
            self.kappa = None;
        }
        self.problem = problem;
        self.fit_settings();
        Ok(())
    }

    /// Adds classes (or removes the last ones) so that there are `n` classes: matrices grow with
    /// zero rows and columns (utilities: 0) or lose their last rows and columns; extra decisions
    /// stay after the class decisions. `n` is clamped to 2 … [`ulab_core::limits::MAX_CLASSES`],
    /// and to what the classifiers' cells allow ([`ulab_core::limits::MAX_CELLS`]).
    pub fn resize_classes(&mut self, n: usize) {
        // At most MAX_CLASSES, and no more than the classifiers' cells allow.
        let n = n.clamp(2, Shape::max_classes_for(self.classifiers().len()));
        let old = self.n();
        if n == old {
            return;
        }
        let p = self.problem.fields();
        let extra = p.utility.rows() - old;
        let keep = n.min(old);
        // New cells: the best old utility for a correct decision, the worst for a wrong one.
        let (lo, hi) = (p.utility.min(), p.utility.max());
        let mut u = vec![lo; (n + extra) * n];
        for d in 0..n + extra {
            let src = if d < n {
                (d < old).then_some(d)
            } else {
                Some(old + (d - n))
            };
            for c in 0..n {
                u[d * n + c] = match src {
                    Some(s) if c < keep => p.utility.get(s, c),
                    _ if d == c => hi,
                    _ => lo,
                };
            }
        }
        let classes: Vec<String> = (0..n)
            .map(|k| {
                p.classes
                    .get(k)
                    .cloned()
                    .unwrap_or_else(|| default_class_name(k))
            })
            .collect();
        let mut decisions: Vec<String> = (0..n)
            .map(|d| {
                if d < old {
                    p.decisions[d].clone()
                } else {
                    classes[d].clone()
                }
            })
            .collect();
        decisions.extend(p.decisions[old..].iter().cloned());
        let classifiers = p
            .classifiers
            .into_iter()
            .map(|c| {
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
                Classifier {
                    name: c.name,
                    matrix: Matrix::new(n, n, m).expect("resized confusion matrix is valid"),
                }
            })
            .collect();
        let mut fields = ProblemFields {
            classes,
            decisions,
            utility: Matrix::new(n + extra, n, u).expect("resized utility matrix is valid"),
            classifiers,
            decided: p.decided,
        };
        // A new class's decision row and column are empty; a dropped class's go.
        let rows: Vec<Option<usize>> = (0..n + extra)
            .map(|d| {
                if d < n {
                    (d < old).then_some(d)
                } else {
                    Some(old + (d - n))
                }
            })
            .collect();
        let cols: Vec<Option<usize>> = (0..n).map(|j| (j < old).then_some(j)).collect();
        edit::decided::reshape_all(&mut fields, &rows, &cols);
        fields.decided.retain(|c| c.matrix.sum() > 0.0);
        self.set_problem(fields)
            .expect("a resized valid problem is valid");
    }

    /// Drops the view settings that no longer fit the number of classes after an edit changed
    /// it — one item's probabilities (Decide), the guided assessment's answers (Utility space)
    /// — so that the state is exactly what its link restores.
    pub fn fit_settings(&mut self) {
        let n = self.n();
        if self.decide.p.as_ref().is_some_and(|p| p.len() != n) {
            self.decide.p = None;
        }
        if self
            .space
            .answers
            .as_ref()
            .is_some_and(|a| a.n != n || a.given.is_empty())
        {
            self.space.answers = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn view_keys_are_the_serde_names_and_read_back() {
        for v in View::ALL {
            assert_eq!(
                serde_json::to_string(&v).unwrap(),
                format!("\"{}\"", v.key())
            );
            assert_eq!(View::from_key(v.key()), Some(v));
            assert!(!v.label().is_empty());
        }
        // Views of later versions are not views of this one.
        for key in ["", "metrics", "Compare"] {
            assert_eq!(View::from_key(key), None, "{key}");
        }
    }

    #[test]
    fn json_errors_say_why() {
        let s = AppState::default();
        let newer = s
            .to_json()
            .replace("\"utility_lab_state\": 1", "\"utility_lab_state\": 7");
        assert_eq!(AppState::from_json(&newer), Err(JsonError::Newer(7)));
        // A state whose problem breaks an invariant is refused while it is read.
        let broken = s.to_json().replace("\"B\"", "\"A\"");
        let e = AppState::from_json(&broken).unwrap_err();
        assert!(
            e.to_string().contains("two classifiers are named 'A'"),
            "{e}"
        );
        // A matrix whose shape does not match its cells is refused while it is read.
        let bad = s.to_json().replacen("\"rows\": 2", "\"rows\": 3", 1);
        let e = AppState::from_json(&bad).unwrap_err();
        assert!(e.to_string().contains("matrix cells"), "{e}");
    }

    #[test]
    fn resize_keeps_old_cells_and_validity() {
        let mut s = AppState::default();
        s.resize_classes(4);
        s.validate().unwrap();
        assert_eq!(s.n(), 4);
        assert_eq!(s.utility().get(0, 1), -335.0);
        assert_eq!(s.utility().get(3, 3), 165.0);
        assert_eq!(s.utility().get(3, 0), -335.0);
        assert_eq!(s.classifiers()[0].matrix.get(1, 1), 35.0);
        assert_eq!(*s.classes(), vec!["long", "short", "2", "3"]);
        s.resize_classes(2);
        s.validate().unwrap();
        assert_eq!(s.utility().to_string(), "15,-335;-35,165");
        assert_eq!(s.classifiers()[1].matrix.to_string(), "43,18;7,32");
    }

    #[test]
    fn resize_keeps_extra_decisions_last() {
        let mut s = AppState::default();
        s.change_problem(|p| {
            p.utility = Matrix::parse("15,-335;-35,165;0,0").unwrap();
            p.decisions.push("refer".into());
        })
        .unwrap();
        s.validate().unwrap();
        s.resize_classes(3);
        s.validate().unwrap();
        assert_eq!(*s.decisions(), vec!["long", "short", "2", "refer"]);
        assert_eq!(s.utility().rows(), 4);
        assert_eq!(s.utility().row(3), &[0.0, 0.0, -335.0]);
    }
}
