//! [`Erased`]: a Leptos memo or signal whose value's type is erased inside, seen as one of `T`
//! ([`super::Computed`], [`super::Var`]). Leptos compiles a memo's or a signal's machinery (its
//! node, reads, writes and guards) once per value type, and again in each bundle of the page
//! that uses the type; behind one value type it is compiled once, and only a downcast is
//! compiled per `T`. Read (and a `Var` written) through Leptos's own traits, so `get`, `with`,
//! `set`, `update`, `track`… work as on a memo or a signal.

use leptos::prelude::{
    DefinedAt, Get, IsDisposed, Notify, ReadUntracked, Signal, Track, UntrackableGuard,
};
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::panic::Location;

/// A type-erased value that holds a `T` (the `T` its handle was made with).
pub(super) trait Holds {
    /// The value, as the `T` it was made from.
    fn get<T: 'static>(&self) -> &T;
}

/// A [`Holds`] whose value can be changed in place.
pub(super) trait HoldsMut: Holds {
    /// The value, as the `T` it was made from, to change.
    fn get_mut<T: 'static>(&mut self) -> &mut T;
}

/// A memo or signal `S` of a type-erased value, seen as one of `T`: `Copy` like them.
pub struct Erased<S, T> {
    pub(super) inner: S,
    kind: PhantomData<fn() -> T>,
}

impl<S, T> Erased<S, T> {
    /// `inner` seen as holding a `T` (it must).
    pub(super) fn wrap(inner: S) -> Self {
        Erased {
            inner,
            kind: PhantomData,
        }
    }
}

impl<S: Copy, T> Clone for Erased<S, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: Copy, T> Copy for Erased<S, T> {}

impl<S: DefinedAt, T> DefinedAt for Erased<S, T> {
    fn defined_at(&self) -> Option<&'static Location<'static>> {
        self.inner.defined_at()
    }
}

impl<S: Track, T> Track for Erased<S, T> {
    fn track(&self) {
        self.inner.track();
    }
}

impl<S: Notify, T> Notify for Erased<S, T> {
    fn notify(&self) {
        self.inner.notify();
    }
}

impl<S: IsDisposed, T> IsDisposed for Erased<S, T> {
    fn is_disposed(&self) -> bool {
        self.inner.is_disposed()
    }
}

impl<S, T: 'static> ReadUntracked for Erased<S, T>
where
    S: ReadUntracked,
    <S::Value as Deref>::Target: Holds,
{
    type Value = Typed<S::Value, T>;

    fn try_read_untracked(&self) -> Option<Self::Value> {
        self.inner.try_read_untracked().map(Typed::new)
    }
}

/// Something seen as a `T`: a read or a write of an [`Erased`]'s value (the memo's or signal's
/// own guard), or a memo's closure.
pub struct Typed<G, T> {
    pub(super) guard: G,
    kind: PhantomData<fn() -> T>,
}

impl<G, T> Typed<G, T> {
    /// `guard` seen as a `T`.
    pub(super) fn new(guard: G) -> Self {
        Typed {
            guard,
            kind: PhantomData,
        }
    }
}

impl<G: Deref<Target: Holds>, T: 'static> Deref for Typed<G, T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.guard.get::<T>()
    }
}

impl<G: DerefMut<Target: HoldsMut>, T: 'static> DerefMut for Typed<G, T> {
    fn deref_mut(&mut self) -> &mut T {
        self.guard.get_mut::<T>()
    }
}

impl<G: UntrackableGuard<Target: HoldsMut>, T: 'static> UntrackableGuard for Typed<G, T> {
    fn untrack(&mut self) {
        self.guard.untrack();
    }
}

/// An [`Erased`] as a read-only `Signal`, for a prop that takes one: each read copies the
/// value, so for small values (a large one is read in place: `with`).
impl<S, T> From<Erased<S, T>> for Signal<T>
where
    Erased<S, T>: Get<Value = T> + Send + Sync + 'static,
    T: Clone + Send + Sync + 'static,
{
    fn from(e: Erased<S, T>) -> Signal<T> {
        crate::derived(move || e.get())
    }
}
