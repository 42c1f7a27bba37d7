//! The Probabilities view (issue 26): a test set's per-item class probabilities from one or
//! more models → the decisions of the most probable class against those of maximal expected
//! utility (Dyrland et al. (draft), eqs. 12–13), calibration and recalibration, the decision
//! curve for two classes, and how sure the ranking is.
//!
//! Layout: the inputs — the file (drop, pick, paste; read in slices, [`loader`]) or a built-in
//! sample, and the problem: classes, decisions, utilities, deployment shares ([`inputs`],
//! [`problem`]) — beside the verdict and the decisions table ([`decisions`]); then, the whole
//! width, the reliability diagrams ([`calibration`]), the two-class curves ([`curves`]) and the
//! paired bootstrap ([`howsure`]). The numbers are [`ulab_state::probs`]'; what is recomputed when (the
//! decisions on every edit, calibration once per file, …) and in slices is [`jobs`]'.

use std::cell::RefCell;

use leptos::prelude::*;

mod calibration;
mod curves;
mod decisions;
mod howsure;
mod inputs;
mod jobs;
mod loader;
mod problem;

use crate::Var;
use crate::chrome::view_intro::ViewIntro;
use crate::context::{AppContext, use_app};
pub use crate::reactive::Shared;
use calibration::CalibrationPanel;
use curves::CurvesPanel;
use decisions::{DecisionsPanel, Verdict};
use howsure::HowSurePanel;
use inputs::FileInput;
use problem::ProblemPanel;
use ulab_probs::ModelProbs;
use ulab_probs::curve::ThresholdCurve;
use ulab_state::probs::analysis::Report;
use ulab_state::probs::calibration::ModelCalibration;
use ulab_state::probs::file::ProbsFile;

/// The probabilities in force: a file read, or a built-in sample.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The file's name ("the triage sample", "the pasted probabilities").
    pub name: String,
    /// The file read.
    pub file: Shared<ProbsFile>,
    /// The sample's name, when it is one.
    pub sample: Option<String>,
}

pub use crate::widgets::file_drop::LoadState;

thread_local! {
    /// The file in force outlives the view (switching to Compare and back keeps it).
    static KEPT: RefCell<Option<Loaded>> = const { RefCell::new(None) };
}

/// What the view computes from the file, the problem and the settings ([`jobs`]).
#[derive(Clone, Copy)]
pub struct Derived {
    /// Both rules' decisions for every model (and the recalibrated ones), or why not.
    pub report: Var<Option<Result<Shared<Report>, String>>>,
    /// The share of the decisions done, while they are computed in slices.
    pub deciding: Var<Option<f64>>,
    /// Each model's reliability diagrams.
    pub calibration: Var<Option<Shared<Vec<ModelCalibration>>>>,
    /// Each model recalibrated (cross-fitted), once all are.
    pub recalibrated: Var<Option<Shared<Vec<ModelProbs>>>>,
    /// The share of the recalibration done, while it runs.
    pub recalibrating: Var<Option<f64>>,
    /// The recalibrated models' reliability diagrams.
    pub recal_calibration: Var<Option<Shared<Vec<ModelCalibration>>>>,
    /// Two classes: each model's items sorted by the probability of class 0.
    pub curves: Var<Option<Result<Shared<Vec<ThresholdCurve>>, String>>>,
}

/// The view's shared signals.
#[derive(Clone, Copy)]
pub struct ProbsContext {
    /// The probabilities in force.
    pub loaded: Var<Option<Loaded>>,
    /// The reading's progress or outcome.
    pub load: Var<LoadState>,
    /// A counter that makes older readings stop.
    pub generation: Var<u32>,
    /// The labels of a file whose positive label must be chosen (single columns).
    pub choose_positive: Var<Option<Vec<String>>>,
    /// What is computed from them.
    pub derived: Derived,
    /// The app context (the tasks run outside any component).
    pub app: AppContext,
}

impl ProbsContext {
    /// Puts probabilities in force (and keeps them for the next visit of the view).
    pub fn set_loaded(&self, loaded: Option<Loaded>) {
        KEPT.with(|k| *k.borrow_mut() = loaded.clone());
        self.loaded.set(loaded);
    }

    /// The file in force, if any.
    pub fn file(&self) -> Option<Shared<ProbsFile>> {
        self.loaded.with(|l| l.as_ref().map(|l| l.file.clone()))
    }

    /// The file in force, not tracked.
    pub fn file_untracked(&self) -> Option<Shared<ProbsFile>> {
        self.loaded
            .with_untracked(|l| l.as_ref().map(|l| l.file.clone()))
    }
}

/// The Probabilities view.
#[component]
pub fn ProbsView() -> impl IntoView {
    let ctx = use_app();
    let pc = ProbsContext {
        loaded: Var::new(KEPT.with(|k| k.borrow().clone())),
        load: Var::new(LoadState::Idle),
        generation: Var::new(0),
        choose_positive: Var::new(None),
        derived: Derived {
            report: Var::new(None),
            deciding: Var::new(None),
            calibration: Var::new(None),
            recalibrated: Var::new(None),
            recalibrating: Var::new(None),
            recal_calibration: Var::new(None),
            curves: Var::new(None),
        },
        app: ctx,
    };
    provide_context(pc);
    jobs::install(pc);
    loader::take_handed(pc);
    // Leaving the view stops a reading under way.
    on_cleanup(move || {
        pc.generation.try_update(|g| *g += 1);
    });
    view! {
        <section class="view view-probs" data-testid="view-probs" aria-labelledby="probs-title">
            <ViewIntro class="probs-intro" title_id="probs-title" title="Probabilities: decide by expected utility" share=true>
                "Most classifiers give probabilities. For each item, take the decision of maximal expected utility, Ū(d) = Σ"<sub>"c"</sub>" U(d, c) · p(c), not the most probable class — it needs no retraining (Dyrland et al. (draft), eqs. 12–13). Drop a CSV of your models' probabilities on a test set (the true class, then MODEL:CLASS columns) to see what each rule yields with your utilities, whether the probabilities can be trusted, and how sure the answer is. Nothing leaves your browser."
            </ViewIntro>
            <div class="view-grid probs-grid">
                <div class="probs-inputs">
                    <FileInput />
                    <ProblemPanel />
                </div>
                <div class="probs-results" aria-label="Results">
                    <Verdict />
                    <DecisionsPanel />
                </div>
            </div>
            <div class="probs-more">
                <CalibrationPanel />
                <CurvesPanel />
                <HowSurePanel />
            </div>
        </section>
    }
}
