//! Boxed closures for Leptos, so the page's wasm stays small. Use them in `crates/ui/src/` for the
//! closures of `view!`s, memos, `<Show when>` conditions, event handlers, derived signals,
//! callbacks and effects.
//!
//! Leptos compiles its machinery (a view's build and rebuild, a render effect, a memo, an event
//! listener) once per closure *type*, and every `move || …` is its own type. Behind a box, the
//! closures with the same output share one copy: `{rx(move || count.get().to_string())}`
//! renders exactly like `{move || …}`. Measured on the whole app (gzip -9 of the main wasm,
//! opt-level "z"): [`rx`] −16 KB, [`handler`] −16 KB, [`memo`] and [`cond`] −3.5 KB together;
//! the boxes behind one-method traits instead of `dyn Fn…` (below), with [`derived`] and
//! [`callback`]: −8.6 KB of all wasm (2026-11-28). A memo is a [`Computed`] and a read-write
//! signal a [`Var`], whose value's type is erased inside, so that the memo and signal machinery
//! itself is compiled once: −50 KB and −16 KB (same day). Use `Var::new`, not `RwSignal::new`
//! (a value that is not `Send` stays in `RwSignal::new_local`).

use leptos::prelude::{
    Callback, Effect, LocalStorage, Signal, event_target_checked, event_target_value,
};
use std::sync::Arc;
use wasm_bindgen::JsCast;

mod computed;
mod erased;
mod var;
pub use computed::Computed;
pub use var::Var;

// Why traits of our own, not `Box<dyn FnMut() -> T>`: a `dyn Fn…` vtable holds the closure's
// `FnOnce::call_once` (and a `dyn Fn`'s its `call_mut` too), a shim compiled for every closure
// type and never called through the box (Leptos calls the box, not the closure) — ~60 bytes
// of wasm per closure, ~1 000 closures. A one-method trait's vtable holds that method only;
// each helper wraps its box in one closure per output type, which is what Leptos sees.

/// A view's reactive closure, called through [`rx`]'s box.
trait RxFn<T>: Send {
    /// Calls the closure.
    fn run(&mut self) -> T;
}

impl<T, F: FnMut() -> T + Send> RxFn<T> for F {
    fn run(&mut self) -> T {
        self()
    }
}

/// The closure Leptos sees for every boxed view closure with output `T`: one type per `T`.
fn rx_boxed<T: 'static>(mut f: Box<dyn RxFn<T>>) -> impl FnMut() -> T + Send + 'static {
    move || f.run()
}

/// Erases the closure's type (see the module docs); use it for every closure in a `view!`.
/// `tachys` renders any `FnMut() -> T + Send` through its `ReactiveFunction` impl; what it
/// gets here is one closure type per output `T` (behind it a box, not an `Arc<dyn Fn>`,
/// because views as outputs are `Send` but not `Sync`).
pub fn rx<T: 'static>(f: impl FnMut() -> T + Send + 'static) -> impl FnMut() -> T + Send + 'static {
    rx_boxed(Box::new(f))
}

/// A memo of `f` (its argument: the previous value), with its value's type erased inside
/// ([`Computed`]): Leptos's memo machinery is compiled once instead of once per value type.
pub fn memo<T>(f: impl Fn(Option<&T>) -> T + Send + Sync + 'static) -> Computed<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    Computed::new(f)
}

/// A `<Show when=…>` condition behind a box (see [`rx`]): `Show` is compiled once per
/// condition type, so boxed conditions share one copy (a derived signal's, of `bool`).
pub fn cond(
    f: impl Fn() -> bool + Send + Sync + 'static,
) -> impl Fn() -> bool + Send + Sync + 'static {
    derived_boxed(Box::new(f))
}

/// An event handler, called through [`handler`]'s box.
trait HandlerFn<E> {
    /// Calls the handler.
    fn run(&mut self, event: E);
}

impl<E, F: FnMut(E)> HandlerFn<E> for F {
    fn run(&mut self, event: E) {
        self(event)
    }
}

/// The one closure type of every boxed handler of events `E`.
fn handler_boxed<E: 'static>(mut f: Box<dyn HandlerFn<E>>) -> impl FnMut(E) + 'static {
    move |e| f.run(e)
}

/// An event handler behind a box (see [`rx`]): `on:click=handler(move |_| …)`; tachys
/// attaches handlers once per event type instead of once per closure.
pub fn handler<E: 'static>(f: impl FnMut(E) + 'static) -> impl FnMut(E) + 'static {
    handler_boxed(Box::new(f))
}

/// An `on:input` or `on:change` handler of an `<input>`, `<textarea>` or `<select>`: `f` gets
/// the element's value. Behind [`handler`]'s box, so tachys compiles one listener per event
/// type; `on:input:target=move |ev| …` compiled one per closure (~0.5 KB of wasm each).
pub fn on_value<E: JsCast + 'static>(
    mut f: impl FnMut(String) + 'static,
) -> impl FnMut(E) + 'static {
    handler(move |ev: E| f(event_target_value(&ev)))
}

/// An `on:change` handler of a checkbox: `f` gets whether it is checked (see [`on_value`]).
pub fn on_checked<E: JsCast + 'static>(
    mut f: impl FnMut(bool) + 'static,
) -> impl FnMut(E) + 'static {
    handler(move |ev: E| f(event_target_checked(ev.unchecked_ref())))
}

/// An `on:focus` handler that selects the text of its `<input>` or `<textarea>` (a field
/// holding a link or code to copy).
pub fn select_all(ev: web_sys::FocusEvent) {
    let Some(target) = ev.target() else { return };
    if let Some(input) = target.dyn_ref::<web_sys::HtmlInputElement>() {
        input.select();
    } else if let Some(area) = target.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        area.select();
    }
}

/// A derived signal's closure, called through [`derived`]'s box.
trait GetFn<T>: Send + Sync {
    /// Calls the closure.
    fn run(&self) -> T;
}

impl<T, F: Fn() -> T + Send + Sync> GetFn<T> for F {
    fn run(&self) -> T {
        self()
    }
}

/// The closure every boxed derived signal of `T` is built from: one type per `T`.
fn derived_boxed<T: 'static>(f: Box<dyn GetFn<T>>) -> impl Fn() -> T + Send + Sync + 'static {
    move || f.run()
}

/// [`Signal::derive`] with the closure behind a box (see [`rx`]): Leptos keeps it in an
/// `Arc<dyn Fn>`, whose vtable would otherwise hold two shims per closure.
pub fn derived<T>(f: impl Fn() -> T + Send + Sync + 'static) -> Signal<T>
where
    T: Send + Sync + 'static,
{
    Signal::derive(derived_boxed(Box::new(f)))
}

/// A callback's closure, called through [`callback`]'s box.
trait CallFn<In, Out>: Send + Sync {
    /// Calls the closure.
    fn run(&self, input: In) -> Out;
}

impl<In, Out, F: Fn(In) -> Out + Send + Sync> CallFn<In, Out> for F {
    fn run(&self, input: In) -> Out {
        self(input)
    }
}

/// The closure every boxed callback from `In` to `Out` is built from.
fn callback_boxed<In: 'static, Out: 'static>(
    f: Box<dyn CallFn<In, Out>>,
) -> impl Fn(In) -> Out + Send + Sync + 'static {
    move |input| f.run(input)
}

/// [`Callback::new`] with the closure behind a box, for the same reason as [`derived`].
pub fn callback<In: 'static, Out: 'static>(
    f: impl Fn(In) -> Out + Send + Sync + 'static,
) -> Callback<In, Out> {
    Callback::new(callback_boxed(Box::new(f)))
}

/// An effect's closure (its argument: `None` on the first run), called through [`effect`]'s box.
trait EffectFn {
    /// Calls the closure.
    fn run(&mut self, first: Option<()>);
}

impl<F: FnMut(Option<()>)> EffectFn for F {
    fn run(&mut self, first: Option<()>) {
        self(first)
    }
}

/// The closure every boxed effect is built from: one type for all.
fn effect_boxed(mut f: Box<dyn EffectFn>) -> impl FnMut(Option<()>) + 'static {
    move |first| f.run(first)
}

/// [`Effect::new`] with the closure behind a box (see [`rx`]): an effect's machinery (its
/// task, its channel) is compiled once instead of once per effect (~500 bytes of wasm each).
/// The closure's argument is `None` on the first run.
pub fn effect(f: impl FnMut(Option<()>) + 'static) -> Effect<LocalStorage> {
    Effect::new(effect_boxed(Box::new(f)))
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
