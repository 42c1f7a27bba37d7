//! Everything the Decide view shows, in one call ([`analyze`]), and the data of its plots.
//! Each part carries its own typed error, so that a bad part is explained in place and the rest
//! still shows.

use super::balance::{BalanceStudy, balance_study, explain_balance};
use super::classifier::{LabelOnly, explain_label_only, label_only};
use super::error::{DecideError, check_names};
use super::one_item::{Explanation, OneItem, explain, one_item};
use super::simplex::{Region, regions};
use super::two_classes::{Envelope, envelope, rule_text};
use crate::Classifier;
use ulab_core::{Matrix, UtilityMatrix};
use ulab_plot::decide::{PosteriorPlot, SimplexPlot, SimplexRegion, ThresholdPlot, UtilityBars};

/// What the view reads (plain inputs; the UI passes the app state's fields).
#[derive(Debug, Clone, Copy)]
pub struct DecideInputs<'a> {
    /// The utility matrix, rows = decisions (at least one per class), columns = classes.
    pub utility: &'a Matrix,
    /// Decision names, one per row.
    pub decisions: &'a [String],
    /// Class names, one per column.
    pub classes: &'a [String],
    /// One item's class probabilities.
    pub p: &'a [f64],
    /// The label-only classifiers (rows = output).
    pub classifiers: &'a [Classifier],
    /// Deployment base rates `π`; `None`: each classifier's test-set shares.
    pub base_rates: Option<&'a [f64]>,
    /// The Dirichlet pseudo-count α.
    pub alpha: f64,
    /// The test-set size for classifiers given as fractions.
    pub test_size: Option<u64>,
}

impl<'a> DecideInputs<'a> {
    /// The inputs the app state `s` gives, with `p` the item's class probabilities
    /// (`s.decide.probabilities(s.n())`).
    pub fn from_app(s: &'a crate::AppState, p: &'a [f64]) -> Self {
        DecideInputs {
            utility: s.utility(),
            decisions: s.decisions(),
            classes: s.classes(),
            p,
            classifiers: s.classifiers(),
            base_rates: s.prevalence.as_deref(),
            alpha: s.decide.alpha,
            test_size: s.decide.test_size,
        }
    }
}

/// The shape-specific part: lines for two classes, the triangle for three.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// Two classes: the envelope of the lines `Ū_d(p₀)`, and the rule in words.
    TwoClasses {
        /// The envelope.
        envelope: Envelope,
        /// E.g. "short for p(long) below 0.9091, long from 0.9091".
        rule: String,
    },
    /// Three classes: the regions of the triangle.
    ThreeClasses(Vec<Region>),
    /// More classes: bars only.
    Many,
}

/// One classifier turned into a decision maker.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassifierPart {
    /// The classifier's name.
    pub name: String,
    /// The remapping, or why not.
    pub remap: Result<LabelOnly, DecideError>,
    /// The remapping in words (empty on error).
    pub sentences: Vec<String>,
    /// Test-set, balanced and deployment shares side by side, or why not.
    pub balance: Result<BalanceStudy, DecideError>,
    /// The balance study in words (empty on error).
    pub balance_sentences: Vec<String>,
}

/// Everything the view shows.
#[derive(Debug, Clone, PartialEq)]
pub struct DecideView {
    /// Decision names.
    pub decisions: Vec<String>,
    /// Class names.
    pub classes: Vec<String>,
    /// One item, or why not (bad `p`, bad matrix).
    pub item: Result<(OneItem, Explanation), DecideError>,
    /// Lines or triangle, or why not.
    pub shape: Result<Shape, DecideError>,
    /// One part per classifier.
    pub classifiers: Vec<ClassifierPart>,
}

/// Analyzes the view's inputs: one item's expected utilities and sentence, the flip points (two
/// classes) or the triangle's regions (three), and each classifier's remapping and balance
/// study (at `base_rates`, or its test-set shares).
///
/// # Examples
///
/// ```
/// use ulab_core::Matrix;
/// use ulab_state::decide::view::{analyze, DecideInputs, Shape};
/// let names = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
/// let (u, d, c) = (Matrix::parse("10,-1;0,0").unwrap(), names("buy,not-buy"), names("win,lose"));
/// let v = analyze(&DecideInputs {
///     utility: &u, decisions: &d, classes: &c, p: &[0.2, 0.8],
///     classifiers: &[], base_rates: None, alpha: 1.0, test_size: None,
/// });
/// let (item, sentence) = v.item.as_ref().unwrap();
/// assert_eq!(item.optimal, 0);
/// assert!(sentence.headline.starts_with("Decide buy (expected utility 1.2) although lose"));
/// assert!(matches!(v.shape, Ok(Shape::TwoClasses { .. })));
/// ```
pub fn analyze(inputs: &DecideInputs<'_>) -> DecideView {
    let names_ok = checked_utility(inputs);
    let item = item_part(&names_ok, inputs);
    let shape = names_ok.clone().and_then(|u| match u.n_classes() {
        2 => {
            let envelope = envelope(&u)?;
            let rule = rule_text(&envelope, inputs.decisions, inputs.classes)?;
            Ok(Shape::TwoClasses { envelope, rule })
        }
        3 => Ok(Shape::ThreeClasses(regions(&u)?)),
        _ => Ok(Shape::Many),
    });
    let classifiers = inputs
        .classifiers
        .iter()
        .map(|c| classifier_part(c, &names_ok, inputs))
        .collect();
    DecideView {
        decisions: inputs.decisions.to_vec(),
        classes: inputs.classes.to_vec(),
        item,
        shape,
        classifiers,
    }
}

/// The utility matrix with its decision and class names checked.
fn checked_utility(inputs: &DecideInputs<'_>) -> Result<UtilityMatrix, DecideError> {
    let u = UtilityMatrix::new(inputs.utility.clone())?;
    check_names(
        inputs.decisions,
        u.n_decisions(),
        inputs.classes,
        u.n_classes(),
    )?;
    Ok(u)
}

/// One item's expected utilities and sentence, at `inputs.p`.
fn item_part(
    u: &Result<UtilityMatrix, DecideError>,
    inputs: &DecideInputs<'_>,
) -> Result<(OneItem, Explanation), DecideError> {
    let u = u.as_ref().map_err(Clone::clone)?;
    let item = one_item(u, inputs.p)?;
    let e = explain(&item, u, inputs.decisions, inputs.classes)?;
    Ok((item, e))
}

/// The view's inputs that one item's probabilities leave unchanged, owned: what the UI keeps
/// between two moves of a probability slider ([`DecideView::with_item`]).
#[derive(Debug, Clone, PartialEq)]
pub struct DecideProblem {
    /// The utility matrix, rows = decisions, columns = classes.
    pub utility: Matrix,
    /// Decision names, one per row.
    pub decisions: Vec<String>,
    /// Class names, one per column.
    pub classes: Vec<String>,
    /// The label-only classifiers (rows = output).
    pub classifiers: Vec<Classifier>,
    /// Deployment base rates `π`; `None`: each classifier's test-set shares.
    pub base_rates: Option<Vec<f64>>,
    /// The Dirichlet pseudo-count α.
    pub alpha: f64,
    /// The test-set size for classifiers given as fractions.
    pub test_size: Option<u64>,
}

impl DecideProblem {
    /// The problem of the app state `s`.
    pub fn from_app(s: &crate::AppState) -> DecideProblem {
        DecideProblem {
            utility: s.utility().clone(),
            decisions: s.decisions().clone(),
            classes: s.classes().clone(),
            classifiers: s.classifiers().clone(),
            base_rates: s.prevalence.clone(),
            alpha: s.decide.alpha,
            test_size: s.decide.test_size,
        }
    }

    /// The view's inputs: this problem, with `p` one item's class probabilities.
    pub fn inputs<'a>(&'a self, p: &'a [f64]) -> DecideInputs<'a> {
        DecideInputs {
            utility: &self.utility,
            decisions: &self.decisions,
            classes: &self.classes,
            p,
            classifiers: &self.classifiers,
            base_rates: self.base_rates.as_deref(),
            alpha: self.alpha,
            test_size: self.test_size,
        }
    }
}

fn classifier_part(
    c: &Classifier,
    u: &Result<UtilityMatrix, DecideError>,
    inputs: &DecideInputs<'_>,
) -> ClassifierPart {
    let (d, cl) = (inputs.decisions, inputs.classes);
    let remap = u.clone().and_then(|u| {
        label_only(
            &c.name,
            &c.matrix,
            &u,
            inputs.alpha,
            inputs.base_rates,
            inputs.test_size,
        )
    });
    let sentences = remap
        .as_ref()
        .ok()
        .and_then(|r| explain_label_only(r, &c.name, d, cl).ok())
        .unwrap_or_default();
    let balance = match &remap {
        Ok(r) => u.clone().and_then(|u| {
            balance_study(
                &c.name,
                &c.matrix,
                &u,
                inputs.alpha,
                &r.base_rates,
                inputs.test_size,
            )
        }),
        Err(e) => Err(e.clone()),
    };
    let balance_sentences = balance
        .as_ref()
        .ok()
        .and_then(|b| explain_balance(b, &c.name, d, cl).ok())
        .unwrap_or_default();
    ClassifierPart {
        name: c.name.clone(),
        remap,
        sentences,
        balance,
        balance_sentences,
    }
}

/// The probabilities `(p₀, 1 − p₀)` for a click on the two-class plot at `p₀` (clamped to
/// [0, 1]; NaN gives 0.5).
///
/// # Examples
///
/// ```
/// use ulab_state::decide::view::p_from_p0;
/// assert_eq!(p_from_p0(0.25), vec![0.25, 0.75]);
/// assert_eq!(p_from_p0(2.0), vec![1.0, 0.0]);
/// ```
pub fn p_from_p0(p0: f64) -> Vec<f64> {
    let p0 = if p0.is_nan() { 0.5 } else { p0.clamp(0.0, 1.0) };
    vec![p0, 1.0 - p0]
}

impl DecideView {
    /// The view at other probabilities of the item: when `self` was analyzed from `inputs` with
    /// another `p`, this is `analyze(inputs)`, but only the item is computed again (the shape and
    /// the classifiers' remaps do not depend on `p`), so that a slider's move stays cheap.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// use ulab_state::decide::view::{analyze, DecideInputs};
    /// let names = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
    /// let (u, d, c) = (Matrix::parse("10,-1;0,0").unwrap(), names("buy,not-buy"), names("win,lose"));
    /// let at = |p: &'static [f64]| DecideInputs { utility: &u, decisions: &d, classes: &c, p,
    ///     classifiers: &[], base_rates: None, alpha: 1.0, test_size: None };
    /// let before = analyze(&at(&[0.2, 0.8]));
    /// assert_eq!(before.with_item(&at(&[0.05, 0.95])), analyze(&at(&[0.05, 0.95])));
    /// ```
    pub fn with_item(&self, inputs: &DecideInputs<'_>) -> DecideView {
        DecideView {
            item: item_part(&checked_utility(inputs), inputs),
            ..self.clone()
        }
    }

    /// The bar chart of expected utilities (`None` when the item has an error).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// use ulab_plot::Plot;
    /// use ulab_state::decide::view::{analyze, DecideInputs};
    /// let names = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
    /// let (u, d, c) = (Matrix::parse("10,-1;0,0").unwrap(), names("buy,not-buy"), names("win,lose"));
    /// let v = analyze(&DecideInputs { utility: &u, decisions: &d, classes: &c, p: &[0.2, 0.8],
    ///     classifiers: &[], base_rates: None, alpha: 1.0, test_size: None });
    /// let bars = v.bars().unwrap();
    /// assert_eq!(bars.most_probable, Some((1, "lose".to_string())));
    /// assert!(bars.to_svg(375, false).unwrap().contains("optimal"));
    /// ```
    pub fn bars(&self) -> Option<UtilityBars> {
        let (item, _) = self.item.as_ref().ok()?;
        Some(UtilityBars {
            decisions: self.decisions.clone(),
            values: item.expected.clone(),
            optimal: item.tied.clone(),
            most_probable: (item.most_probable_tied.len() == 1)
                .then(|| (item.most_probable, self.classes[item.most_probable].clone())),
            x_title: "expected utility of each decision".into(),
        })
    }

    /// The item's optimal decision (tied ones joined by "or"), and its most probable class
    /// (likewise); empty when the item cannot be computed.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// use ulab_state::decide::view::{analyze, DecideInputs};
    /// let names = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
    /// let (u, d, c) = (Matrix::parse("10,-1;0,0").unwrap(), names("buy,not-buy"), names("win,lose"));
    /// let inputs = |p| DecideInputs { utility: &u, decisions: &d, classes: &c, p,
    ///     classifiers: &[], base_rates: None, alpha: 1.0, test_size: None };
    /// let v = analyze(&inputs(&[0.2, 0.8]));
    /// assert_eq!(v.verdict_names(), ("buy".to_string(), "lose".to_string()));
    /// let tie = analyze(&inputs(&[0.5, 0.5]));
    /// assert_eq!(tie.verdict_names().1, "win or lose");
    /// ```
    pub fn verdict_names(&self) -> (String, String) {
        let join = |ks: &[usize], names: &[String]| {
            ks.iter()
                .map(|k| names[*k].clone())
                .collect::<Vec<_>>()
                .join(" or ")
        };
        match &self.item {
            Ok((i, _)) => (
                join(&i.tied, &self.decisions),
                join(&i.most_probable_tied, &self.classes),
            ),
            Err(_) => (String::new(), String::new()),
        }
    }

    /// The lines `Ū_d(p₀) = U_d0·p₀ + U_d1·(1 − p₀)` with the flip points and the current `p₀`
    /// (two classes only).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// use ulab_state::decide::view::{analyze, DecideInputs};
    /// let names = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
    /// let (u, d) = (Matrix::parse("15,-335;-35,165").unwrap(), names("long,short"));
    /// let v = analyze(&DecideInputs { utility: &u, decisions: &d, classes: &d, p: &[0.5, 0.5],
    ///     classifiers: &[], base_rates: None, alpha: 1.0, test_size: None });
    /// let t = v.threshold_plot().unwrap();
    /// assert_eq!(t.thresholds, vec![500.0 / 550.0]);
    /// assert_eq!(t.p0, Some(0.5));
    /// assert!(v.simplex_plot().is_none());
    /// ```
    pub fn threshold_plot(&self) -> Option<ThresholdPlot> {
        let Ok(Shape::TwoClasses { envelope, .. }) = &self.shape else {
            return None;
        };
        Some(ThresholdPlot {
            class0: self.classes.first().cloned().unwrap_or_default(),
            decisions: self.decisions.clone(),
            lines: envelope.lines.clone(),
            segments: envelope
                .segments
                .iter()
                .map(|s| (s.decision, s.from, s.to))
                .collect(),
            thresholds: envelope.thresholds.iter().map(|t| t.p0).collect(),
            p0: self.item.as_ref().ok().map(|(i, _)| i.p[0]),
            y_title: "expected utility".into(),
        })
    }

    /// The triangle coloured by optimal decision, with the current point (three classes only).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// use ulab_state::decide::view::{analyze, DecideInputs};
    /// let names = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
    /// let u = Matrix::parse("1,0,0;0,1,0;0,0,1;0.6,0.6,0.6").unwrap();
    /// let (d, c) = (names("a,b,c,ask"), names("a,b,c"));
    /// let v = analyze(&DecideInputs { utility: &u, decisions: &d, classes: &c, p: &[0.5, 0.3, 0.2],
    ///     classifiers: &[], base_rates: None, alpha: 1.0, test_size: None });
    /// let s = v.simplex_plot().unwrap();
    /// assert_eq!(s.regions.len(), 4);
    /// assert_eq!(s.point, Some(([0.5, 0.3, 0.2], 3))); // "ask" is optimal there
    /// ```
    pub fn simplex_plot(&self) -> Option<SimplexPlot> {
        let Ok(Shape::ThreeClasses(regions)) = &self.shape else {
            return None;
        };
        Some(SimplexPlot {
            classes: self.classes.clone(),
            decisions: self.decisions.clone(),
            regions: regions
                .iter()
                .map(|r| SimplexRegion {
                    decision: r.decision,
                    vertices: r.vertices.clone(),
                    centroid: r.centroid,
                })
                .collect(),
            point: self
                .item
                .as_ref()
                .ok()
                .and_then(|(i, _)| Some(([*i.p.first()?, *i.p.get(1)?, *i.p.get(2)?], i.optimal))),
        })
    }

    /// Classifier `k`'s `p(class | output)` heat plot (eq. 23; `None` when it has an error).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::Matrix;
    /// use ulab_state::{decide::view::{analyze, DecideInputs}, Classifier};
    /// let names = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
    /// let (u, d) = (Matrix::parse("15,-335;-35,165").unwrap(), names("long,short"));
    /// let a = Classifier { name: "A".into(), matrix: Matrix::parse("27,15;23,35").unwrap() };
    /// let v = analyze(&DecideInputs { utility: &u, decisions: &d, classes: &d, p: &[0.5, 0.5],
    ///     classifiers: &[a], base_rates: None, alpha: 0.0, test_size: None });
    /// let p = v.posterior_plot(0).unwrap();
    /// assert_eq!((p.decision.clone(), p.changed.clone()), (vec![1, 1], vec![true, false]));
    /// assert!(v.posterior_plot(1).is_none());
    /// ```
    pub fn posterior_plot(&self, k: usize) -> Option<PosteriorPlot> {
        let part = self.classifiers.get(k)?;
        let r = part.remap.as_ref().ok()?;
        Some(PosteriorPlot {
            classifier: part.name.clone(),
            classes: self.classes.clone(),
            decisions: self.decisions.clone(),
            posterior: r.outputs.iter().map(|o| o.posterior.clone()).collect(),
            p_output: r.outputs.iter().map(|o| o.probability).collect(),
            decision: r.outputs.iter().map(|o| o.decision).collect(),
            changed: r.outputs.iter().map(|o| o.changed).collect(),
        })
    }
}
