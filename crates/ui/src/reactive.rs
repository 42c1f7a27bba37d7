//! Boxed closures for Leptos, so the page's wasm stays small. Use them in `crates/ui/src/` for the
//! closures of `view!`s, memos, `<Show when>` conditions and event handlers.
//!
//! Leptos compiles its machinery (a view's build and rebuild, a render effect, a memo, an event
//! listener) once per closure *type*, and every `move || …` is its own type. Behind a box, the
//! closures with the same output share one copy: `{rx(move || count.get().to_string())}`
//! renders exactly like `{move || …}`. Measured on the whole app (gzip -9 of the main wasm,
//! opt-level "z"): [`rx`] −16 KB, [`handler`] −16 KB, [`memo`] and [`cond`] −3.5 KB together.

use leptos::prelude::Memo;
use std::sync::Arc;

/// A reactive closure behind a box: `tachys` renders any `FnMut() -> T + Send` through its
/// `ReactiveFunction` impl, so this type costs one copy of that code per output type `T` (a
/// box, not an `Arc<dyn Fn>`, because views as outputs are `Send` but not `Sync`).
pub type Rx<T> = Box<dyn FnMut() -> T + Send>;

/// Erases the closure's type (see the module docs); use it for every closure in a `view!`.
pub fn rx<T: 'static>(f: impl FnMut() -> T + Send + 'static) -> Rx<T> {
    Box::new(f)
}

/// A memo's closure behind a box (its argument is the previous value).
type MemoFn<T> = Box<dyn Fn(Option<&T>) -> T + Send + Sync>;

/// [`Memo::new`] with the closure behind a box, for the same reason as [`rx`]: the memo's
/// machinery is compiled once per value type instead of once per closure.
pub fn memo<T>(f: impl Fn(Option<&T>) -> T + Send + Sync + 'static) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    let f: MemoFn<T> = Box::new(f);
    Memo::new(f)
}

/// A `<Show when=…>` condition behind a box (see [`rx`]): `Show` is compiled once per
/// condition type, so boxed conditions share one copy.
pub fn cond(f: impl Fn() -> bool + Send + Sync + 'static) -> Box<dyn Fn() -> bool + Send + Sync> {
    Box::new(f)
}

/// An event handler behind a box (see [`rx`]): `on:click=handler(move |_| …)`; tachys
/// attaches handlers once per event type instead of once per closure.
pub fn handler<E: 'static>(f: impl FnMut(E) + 'static) -> Box<dyn FnMut(E)> {
    Box::new(f)
}

/// A value shared without copying, equal only to itself (so that signals of large data — a
/// file of 10⁶ rows — compare in O(1)).
#[derive(Debug)]
pub struct Shared<T>(pub Arc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> Shared<T> {
    /// `value`, shared.
    pub fn new(value: T) -> Self {
        Shared(Arc::new(value))
    }
}
