//! The app's shared state: one [`AppState`] in a signal, kept in the URL fragment.
//!
//! * On start the fragment is decoded ([`ulab_state::link::decode`]): what could not be read is
//!   shown as notices, everything else is applied.
//! * Every change of the state is written back with `history.replaceState` (no history entry
//!   per keystroke).
//! * A `hashchange` (the user pasted another link, or went back) decodes the new fragment.
//! * Edits go through [`AppContext::edit`], which validates the result and keeps the last good
//!   state if an edit would break an invariant — the page never shows a broken state.
//! * The colour scheme ([`crate::theme`]) is part of the context: installed here, so that
//!   it holds in embed mode too.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::reactive::effect;
use crate::theme::{self, ColourScheme};
use crate::{Computed, Var, memo};
use ulab_core::UtilityMatrix;
use ulab_plot::Theme;
use ulab_state::link::{self, Notice};
use ulab_state::{AppState, ProblemFields};

/// Shared signals of the app.
#[derive(Clone, Copy)]
pub struct AppContext {
    /// The whole state (what links restore).
    pub state: Var<AppState>,
    /// What the last link could not apply.
    pub notices: Var<Vec<Notice>>,
    /// The colour scheme: the user's choice, the system's preference, and whether the page is
    /// dark ([`ColourScheme::dark`], which the plots follow).
    pub scheme: ColourScheme,
    /// A short message shown for a few seconds ("Link copied").
    pub toast: Var<Option<String>>,
    /// The state's link fragment as the address bar has it: it follows the state within
    /// `URL_DELAY` (links on the page are built from it, not by encoding on every keystroke).
    pub fragment: Var<String>,
}

impl AppContext {
    /// The plot theme for the current colour scheme at `scale` (device pixel ratio, or 1).
    pub fn theme(&self, scale: f64) -> Theme {
        Theme {
            dark: self.scheme.dark.get(),
            scale,
        }
    }

    /// Applies an edit to a copy of the state and keeps it only if the result is valid;
    /// otherwise the state is unchanged and the reason is returned (and shown as a toast).
    pub fn edit(&self, f: impl FnOnce(&mut AppState)) -> Result<(), String> {
        let mut next = self.state.get_untracked();
        f(&mut next);
        match next.validate() {
            Ok(()) => {
                if self.state.with_untracked(|s| *s != next) {
                    self.state.set(next);
                }
                Ok(())
            }
            Err(e) => {
                self.say(format!("Not applied: {e}"));
                Err(e.to_string())
            }
        }
    }

    /// Applies a change of the problem (checked by [`ulab_state::Problem::new`], with the
    /// rest of the state as [`AppContext::edit`] does); says why when it is refused.
    pub fn edit_problem(&self, f: impl FnOnce(&mut ProblemFields)) -> Result<(), String> {
        let mut out = Ok(());
        self.edit(|s| out = s.change_problem(f))?;
        out.map_err(|e| {
            let m = e.to_string();
            self.say(format!("Not applied: {m}"));
            m
        })
    }

    /// Replaces the whole state (a preset, an imported file); clears the link notices.
    pub fn replace(&self, state: AppState) -> Result<(), String> {
        state.validate().map_err(|e| e.to_string())?;
        self.notices.set(Vec::new());
        self.state.set(state);
        Ok(())
    }

    /// The utility matrix and the deployment shares in force, as a memo: what an analysis
    /// that depends on nothing else of the problem reads, so that it runs again only when one
    /// of them changes (not on an edit of a classifier, a name or a setting).
    pub fn utility_and_shares(&self) -> Computed<(UtilityMatrix, Option<Vec<f64>>)> {
        let state = self.state;
        memo(move |_| state.with(|s| (s.utility_matrix().clone(), s.prevalence.clone())))
    }

    /// Makes the state as it is now an entry of the browser's history, so that Back returns
    /// to it after the next edit (every other edit replaces the current entry). For a change
    /// made with a gesture (the Utility space's point), not for typing. Several within
    /// [`CHECKPOINT_GAP_MS`] are one entry (a run of arrow keys).
    pub fn checkpoint(&self) {
        let now = js_sys::Date::now();
        let last = LAST_CHECKPOINT.with(|l| l.replace(now));
        if now - last < CHECKPOINT_GAP_MS {
            return;
        }
        let fragment = self.state.with_untracked(link::encode);
        if let Ok(history) = window().history() {
            let _ = history.push_state_with_url(&JsValue::NULL, "", Some(&format!("#{fragment}")));
        }
        self.fragment.set(fragment);
    }

    /// Shows `msg` for four seconds.
    pub fn say(&self, msg: impl Into<String>) {
        let msg = msg.into();
        self.toast.set(Some(msg.clone()));
        let toast = self.toast;
        set_timeout(
            move || {
                if toast.get_untracked().as_deref() == Some(msg.as_str()) {
                    toast.set(None);
                }
            },
            std::time::Duration::from_secs(4),
        );
    }
}

/// Checkpoints closer than this (ms) are one history entry.
pub const CHECKPOINT_GAP_MS: f64 = 1500.0;

thread_local! {
    /// When the last checkpoint was made (ms since the epoch).
    static LAST_CHECKPOINT: std::cell::Cell<f64> = const { std::cell::Cell::new(f64::NEG_INFINITY) };
}

/// The app context (panics outside the app, which is a programming error).
pub fn use_app() -> AppContext {
    expect_context::<AppContext>()
}

/// The current fragment, without `#`.
pub fn current_fragment() -> String {
    window()
        .location()
        .hash()
        .ok()
        .map(|h| h.strip_prefix('#').map(str::to_string).unwrap_or(h))
        .unwrap_or_default()
}

/// The page's address without the fragment (for "copy link" and embed code).
pub fn page_address() -> String {
    let href = window().location().href().unwrap_or_default();
    match href.split_once('#') {
        Some((base, _)) => base.to_string(),
        None => href,
    }
}

/// A full link to `state`.
pub fn link_to(state: &AppState) -> String {
    format!("{}#{}", page_address(), link::encode(state))
}

/// The longest the address lags behind an edit.
const URL_DELAY: std::time::Duration = std::time::Duration::from_millis(100);

fn write_fragment(fragment: &str) {
    if current_fragment() == fragment {
        return;
    }
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("#{fragment}")));
    }
}

/// Creates the context from the URL, provides it, and wires the URL sync and the colour
/// scheme ([`theme::install`]).
pub fn install() -> AppContext {
    let decoded = link::decode(&current_fragment());
    let state = Var::new(decoded.state);
    let ctx = AppContext {
        state,
        notices: Var::new(decoded.notices),
        scheme: theme::install(state),
        toast: Var::new(None),
        fragment: Var::new(String::new()),
    };
    provide_context(ctx);

    // State → URL: at once for the first state, then at most every URL_DELAY while editing
    // (encoding the state is off the keystroke's frame, and browsers throttle pages that call
    // `replaceState` hundreds of times). "Copy link" encodes the state itself, never the URL.
    let pending = StoredValue::new(false);
    effect(move |first: Option<()>| {
        ctx.state.track();
        if first.is_none() {
            let fragment = ctx.state.with_untracked(link::encode);
            write_fragment(&fragment);
            ctx.fragment.set(fragment);
            return;
        }
        if pending.get_value() {
            return;
        }
        pending.set_value(true);
        set_timeout(
            move || {
                pending.set_value(false);
                // The address was changed from outside since our last write (a link pasted
                // within URL_DELAY of an edit): its `hashchange` is on its way and will decode
                // it; writing now would put the old state back over the new link.
                if ctx
                    .fragment
                    .try_get_untracked()
                    .is_some_and(|f| f != current_fragment())
                {
                    return;
                }
                if let Some(fragment) = ctx.state.try_with_untracked(link::encode) {
                    write_fragment(&fragment);
                    ctx.fragment.set(fragment);
                }
            },
            URL_DELAY,
        );
    });

    // URL → state (a pasted link, back/forward).
    let handle = window_event_listener(leptos::ev::hashchange, move |_| {
        let fragment = current_fragment();
        // The address as it is now is the one the next write compares with.
        ctx.fragment.set(fragment.clone());
        if fragment == ctx.state.with_untracked(link::encode) {
            return;
        }
        let mut d = link::decode(&fragment);
        let previous = ctx.state.with_untracked(|s| s.kappa.clone());
        ulab_state::pd::kappa::keep_last_good(previous.as_deref(), &mut d);
        ctx.notices.set(d.notices);
        ctx.state.set(d.state);
    });
    on_cleanup(move || handle.remove());

    ctx
}
