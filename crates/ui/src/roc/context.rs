//! What the ROC view's parts share: the scores file in force, its loading, every curve and
//! the analysis ([`RocContext`]).

use leptos::prelude::*;
use std::cell::RefCell;

use crate::Computed;
use crate::Var;
use crate::context::AppContext;
use crate::web::handoff::Source;
use ulab_state::roc::analysis::RocReport;
use ulab_state::roc::curves::{Curve, ScoredCurve};
use ulab_state::roc::scores::ScoresTable;

pub use crate::reactive::Shared;

/// A scores file read and its curves built.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The file's name (or "pasted scores").
    pub file: String,
    /// The table.
    pub table: Shared<ScoresTable>,
    /// The index of the positive label (class 0) in `table.labels`.
    pub positive: usize,
    /// One curve per classifier column.
    pub curves: Shared<Vec<ScoredCurve>>,
}

pub use crate::widgets::file_drop::LoadState;

thread_local! {
    /// The loaded scores outlive the view (switching to Compare and back keeps them).
    static KEPT: RefCell<Option<Loaded>> = const { RefCell::new(None) };
}

/// The scores file kept from the view's last visit.
pub fn kept() -> Option<Loaded> {
    KEPT.with(|k| k.borrow().clone())
}

/// The view's shared signals.
#[derive(Clone, Copy)]
pub struct RocContext {
    /// The scores file in force.
    pub loaded: Var<Option<Loaded>>,
    /// A table read whose positive label must be chosen before its curves are built.
    pub pending: Var<Option<(String, Shared<ScoresTable>)>>,
    /// The loading's progress or outcome.
    pub load: Var<LoadState>,
    /// A counter that makes older loadings stop.
    pub generation: Var<u32>,
    /// Every curve: the scores file's, then the binormal ones.
    pub curves: Computed<Shared<Vec<Curve>>>,
    /// The analysis for the current utilities and share.
    pub report: Computed<Result<Shared<RocReport>, String>>,
    /// The operating point picked: curve index and index in its drawn points.
    pub picked: Var<Option<(usize, usize)>>,
    /// A file read that is a probabilities file: what the view says, and the file to hand to
    /// the Probabilities view.
    pub probabilities: RwSignal<Option<(String, String, Source)>, LocalStorage>,
    /// The app context (the loading's tasks run outside any component).
    pub app: AppContext,
}

impl RocContext {
    /// Puts a loaded file in force (and keeps it for the next visit of the view).
    pub fn set_loaded(&self, loaded: Option<Loaded>) {
        KEPT.with(|k| *k.borrow_mut() = loaded.clone());
        self.picked.set(None);
        self.loaded.set(loaded);
    }
}
