//! [`Var`]: a read-write signal whose value's type is erased inside, for the same reason as
//! [`super::Computed`]: Leptos's signal machinery (its node, reads, writes and guards) is
//! compiled once for the whole app instead of once per value type. Read and written as a
//! signal (`get`, `with`, `set`, `update`, `track`…: the traits below give the rest); only a
//! downcast is compiled per type.

use leptos::prelude::{
    DefinedAt, Get, IsDisposed, Notify, ReadUntracked, RwSignal, Signal, Track, UntrackableGuard,
    Write,
};
use std::any::Any;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::panic::Location;

/// A signal's value, its type erased: the one value type of every [`Var`]'s signal.
pub struct AnyBox(Box<dyn Any + Send + Sync>);

impl AnyBox {
    /// The value, as the `T` it was made from.
    fn get<T: 'static>(&self) -> &T {
        match self.0.downcast_ref::<T>() {
            Some(v) => v,
            None => unreachable!("a Var<T> holds a T"),
        }
    }

    /// The value, as the `T` it was made from, to change.
    fn get_mut<T: 'static>(&mut self) -> &mut T {
        match self.0.downcast_mut::<T>() {
            Some(v) => v,
            None => unreachable!("a Var<T> holds a T"),
        }
    }
}

/// A signal of `T` (see the module docs), `Copy` like a signal.
pub struct Var<T> {
    inner: RwSignal<AnyBox>,
    kind: PhantomData<fn() -> T>,
}

impl<T> Clone for Var<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Var<T> {}

impl<T: Send + Sync + 'static> Var<T> {
    /// A signal holding `value`.
    #[track_caller]
    pub fn new(value: T) -> Self {
        Var {
            inner: signal(AnyBox(Box::new(value))),
            kind: PhantomData,
        }
    }
}

/// The one signal of [`AnyBox`] every [`Var`] is.
#[track_caller]
fn signal(value: AnyBox) -> RwSignal<AnyBox> {
    RwSignal::new(value)
}

impl<T> DefinedAt for Var<T> {
    fn defined_at(&self) -> Option<&'static Location<'static>> {
        self.inner.defined_at()
    }
}

impl<T> Track for Var<T> {
    fn track(&self) {
        self.inner.track();
    }
}

impl<T> Notify for Var<T> {
    fn notify(&self) {
        self.inner.notify();
    }
}

impl<T> IsDisposed for Var<T> {
    fn is_disposed(&self) -> bool {
        self.inner.is_disposed()
    }
}

/// A read or a write of a [`Var`]'s value: the signal's own guard, seen as the `T`.
pub struct Guard<G, T> {
    guard: G,
    kind: PhantomData<fn() -> T>,
}

impl<G: Deref<Target = AnyBox>, T: 'static> Deref for Guard<G, T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.guard.get::<T>()
    }
}

impl<G: DerefMut<Target = AnyBox>, T: 'static> DerefMut for Guard<G, T> {
    fn deref_mut(&mut self) -> &mut T {
        self.guard.get_mut::<T>()
    }
}

impl<G: UntrackableGuard<Target = AnyBox>, T: 'static> UntrackableGuard for Guard<G, T> {
    fn untrack(&mut self) {
        self.guard.untrack();
    }
}

impl<T: 'static> ReadUntracked for Var<T> {
    type Value = Guard<<RwSignal<AnyBox> as ReadUntracked>::Value, T>;

    fn try_read_untracked(&self) -> Option<Self::Value> {
        self.inner.try_read_untracked().map(|guard| Guard {
            guard,
            kind: PhantomData,
        })
    }
}

impl<T: 'static> Write for Var<T> {
    type Value = T;

    fn try_write(&self) -> Option<impl UntrackableGuard<Target = T>> {
        self.inner.try_write().map(|guard| Guard {
            guard,
            kind: PhantomData,
        })
    }

    fn try_write_untracked(&self) -> Option<impl DerefMut<Target = T>> {
        self.inner.try_write_untracked().map(|guard| Guard {
            guard,
            kind: PhantomData,
        })
    }
}

/// A [`Var`] as a read-only `Signal`, for a prop that takes one: each read copies the value, so
/// for small values.
impl<T: Clone + Send + Sync + 'static> From<Var<T>> for Signal<T> {
    fn from(v: Var<T>) -> Signal<T> {
        crate::derived(move || v.get())
    }
}
