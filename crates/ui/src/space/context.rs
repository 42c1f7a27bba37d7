//! What the Utility space view's parts share ([`SpaceContext`]), and how the view changes the
//! app's utility matrix: undoably ([`SpaceContext::apply`]).

use std::sync::Arc;

use leptos::prelude::*;

use crate::Computed;
use crate::Var;
use crate::context::AppContext;
use ulab_core::Matrix;
use ulab_state::space::model::{Live, Model, changed_sentence};
use ulab_state::{AppState, Problem};

/// What a change of the problem made from this view replaced: Undo puts it back.
#[derive(Debug, Clone, PartialEq)]
pub struct Undo {
    /// The problem before the change (before the first of a run of changes).
    pub before: Problem,
    /// The utility matrix the change made.
    pub after: Matrix,
    /// What the notice says.
    pub sentence: String,
}

/// What the view's parts share.
#[derive(Clone, Copy)]
pub struct SpaceContext {
    /// The view of the current state.
    pub model: Computed<Result<Arc<Model>, String>>,
    /// The point while it is dragged (the app's `u` changes on release).
    pub live: Var<Option<Live>>,
    /// The last change of the utility matrix made here, while it is the one in force.
    pub undo: Var<Option<Undo>>,
}

impl SpaceContext {
    /// Applies `edit` (a change of the utility matrix from the diagram or the assessment) as
    /// an entry of the browser's history (Back undoes it) and with an Undo in the view's
    /// notice; `Err` (the edit refused) changes nothing.
    pub fn apply(
        &self,
        ctx: AppContext,
        edit: impl FnOnce(&mut AppState) -> Result<(), String>,
    ) -> Result<(), String> {
        let current = ctx.state.get_untracked();
        let before = current.problem.clone();
        let mut next = current.clone();
        edit(&mut next)?;
        if next == current {
            return Ok(());
        }
        let changes_problem = next.problem != before;
        if changes_problem {
            ctx.checkpoint();
        }
        ctx.edit(move |s| *s = next)?;
        if !changes_problem {
            return Ok(());
        }
        let first = self
            .undo
            .with_untracked(|u| u.as_ref().map(|u| u.before.clone()))
            .unwrap_or(before);
        let after = ctx
            .state
            .with_untracked(|s| s.problem.utility().matrix().clone());
        self.undo.set(Some(Undo {
            sentence: changed_sentence(first.utility().matrix(), &after),
            before: first,
            after,
        }));
        Ok(())
    }

    /// Puts back the problem of the last change.
    pub fn undo(&self, ctx: AppContext) {
        if let Some(u) = self.undo.get_untracked() {
            self.undo.set(None);
            let _ = ctx.edit(|s| s.problem = u.before);
        }
    }
}
