//! How code is loaded on demand, so that the page's own wasm is small and the first page's
//! numbers come first: every view but Compare lives in its own wasm chunk, fetched the first
//! time the view opens ([`crate::views`], the list of views); the Compare editors, metrics
//! table (`ui::compare`) and chart (`ui::compare::yields_panel`), in one chunk (`compare`:
//! they are always shown together), follow the yields and the verdict; the How sure card
//! (`ui::compare::sure`) and the import form (`ui::widgets::import_dialog`), in the chunk
//! `later`, and the share bar (`ui::chrome::share_bar`, on every view), in one of its own,
//! follow the editors (`scripts/bundle.mjs` fetches them once `compare` is in); the state
//! file's code (`state_file` in `ui::chrome::share_bar`) when "Save state" or "Open state…" is
//! first used.
//!
//! This file is the mechanism only: it names no view (the views use it, and `views` names
//! them), so that no two files import each other.
//!
//! Each piece's entry is a split point (`wasm_split`, the mechanism of Leptos's `#[lazy]`,
//! re-exported as `leptos::wasm_split`, here with `fallible` so that a failed load is an
//! error, not a panic): a function that returns the piece's render function. The build
//! (`scripts/app.mjs`, with `wasm-split-cli`) cuts the wasm at these points: the code reached
//! only from one chunk's entries goes into that chunk, the code shared by several chunks but
//! not by the main module into chunks of their own; the chunk loader (`__wasm_split.js`)
//! fetches an entry's chunks and links them to the page's memory and function table. Without
//! that build step (clippy, a plain `cargo build`) the entries are ordinary functions.
//!
//! [`deferred`] shows a piece: at once if its code has loaded, else a status line ("Loading
//! the Decide view…") until it has, and the other views' stylesheet with it
//! ([`crate::web::views_css`]) (the load starts once the page has been painted, so that
//! the first page's numbers are on screen before the loader's work); if the load fails
//! (offline on a first visit, a deployment replaced under the page), a message and a Retry
//! button.

use std::any::Any;
use std::cell::RefCell;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos::wasm_split::SplitLoaderError;

use crate::web::views_css::views_css;
use crate::{Var, handler, rx};

/// A part's render function, taking the part's props (in its chunk once loaded).
pub type Render<P> = fn(P) -> AnyView;

/// What a split point gives: the part's render function, or the loader's error.
pub type Loaded<P> = Result<Render<P>, SplitLoaderError>;

/// A split point: `split_entry!(entry, chunk, Props, render)` declares `entry`, an async fn
/// giving [`Loaded<Props>`]; `render` (a `fn(Props) -> AnyView`) and the code only it reaches go
/// into the chunk `split_<chunk>.wasm`. Every split point of the app is written with it.
macro_rules! split_entry {
    ($(#[$attr:meta])* $entry:ident, $chunk:ident, $props:ty, $render:expr) => {
        $(#[$attr])*
        #[::leptos::wasm_split::wasm_split($chunk, wasm_split_path = ::leptos::wasm_split, fallible)]
        fn $entry() -> $crate::lazy::Loaded<$props> {
            Ok($render)
        }
    };
}
pub(crate) use split_entry;

thread_local! {
    /// The render functions loaded so far, by the part's name: a part shown again renders at
    /// once.
    static LOADED: RefCell<Vec<(&'static str, Box<dyn Any>)>> = const { RefCell::new(Vec::new()) };
}

/// A loaded part with its props, ready to render.
type Show = Arc<dyn Fn() -> AnyView + Send + Sync>;

/// Where a part's load stands.
#[derive(Clone)]
enum Load {
    Pending,
    Ready(Show),
    Failed,
}

/// A part of the page whose code is in a chunk: rendered with `props` at once if its chunk has
/// loaded, else a status line ("Loading `what`…") until `load` (the part's split point) gives
/// its render function; if that fails, a message and a Retry button.
///
/// Only the loading is generic (one copy per part); the status line, the message and the
/// switch between them are [`slot`]'s, one copy for all parts.
pub fn deferred<P, F>(what: &'static str, load: fn() -> F, props: P) -> AnyView
where
    P: Clone + Send + Sync + 'static,
    F: Future<Output = Loaded<P>> + 'static,
{
    let known = LOADED.with(|l| {
        l.borrow()
            .iter()
            .find(|(name, _)| *name == what)
            .and_then(|(_, r)| r.downcast_ref::<Render<P>>().copied())
    });
    if let Some(render) = known {
        return render(props);
    }
    let state = Var::new(Load::Pending);
    let start: Arc<dyn Fn() + Send + Sync> = Arc::new(move || {
        // The part may have been closed before its load starts (its signal disposed).
        let _ = state.try_set(Load::Pending);
        let props = props.clone();
        // The views' stylesheet loads beside the chunk (the first call starts it); the part
        // shows once both are in.
        let css = views_css();
        spawn_local(async move {
            let loaded = load().await;
            let _ = css.await;
            let next = match loaded {
                Ok(render) => {
                    LOADED.with(|l| l.borrow_mut().push((what, Box::new(render))));
                    Load::Ready(Arc::new(move || render(props.clone())))
                }
                Err(e) => {
                    // Shown on the page; a warning in the console (a load cut short by a reload
                    // is one).
                    leptos::logging::warn!("{what}: {e}");
                    Load::Failed
                }
            };
            // The part may have been closed meanwhile (its signal disposed).
            let _ = state.try_set(next);
        });
    });
    after_paint(start.clone());
    slot(what, state, start)
}

/// Calls `f` once the browser has painted the page as it is now: the loader's work (a fetch
/// per chunk, their linking) comes after the first page's numbers are on screen, not before.
/// A page opened in a background tab draws no frames until it is shown, so there `f` runs in
/// the next task instead: the parts are ready when the tab is opened.
fn after_paint(f: Arc<dyn Fn() + Send + Sync>) {
    let next_task = move || set_timeout(move || f(), Duration::ZERO);
    if document().hidden() {
        next_task();
    } else {
        request_animation_frame(next_task);
    }
}

/// The place of a deferred part: the status line, the part, or the message with Retry (which
/// calls `start` again).
fn slot(what: &'static str, state: Var<Load>, start: Arc<dyn Fn() + Send + Sync>) -> AnyView {
    rx(move || match state.get() {
        Load::Pending => view! {
            <p class="part-loading" role="status" data-testid="part-loading">
                "Loading " {what} "…"
            </p>
        }
        .into_any(),
        Load::Ready(show) => show(),
        Load::Failed => {
            let start = start.clone();
            view! {
                <div class="part-load-failed" role="alert" data-testid="part-load-failed">
                    <p>"Could not load " {what} ". Check the connection, then try again."</p>
                    <button type="button" class="btn" on:click=handler(move |_: leptos::ev::MouseEvent| start())>
                        "Retry"
                    </button>
                </div>
            }
            .into_any()
        }
    })
    .into_any()
}
