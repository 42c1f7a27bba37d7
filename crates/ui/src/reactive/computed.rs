//! [`Computed`]: a memo whose value's type is erased inside, so that Leptos's memo machinery
//! (the node, its update check, its reads) is compiled once for the whole app instead of once
//! per value type. Read it as a memo (`get`, `with`, `track`, …: the traits below give the
//! rest); only the value's own comparison and a downcast are compiled per type.

use leptos::prelude::{DefinedAt, Memo, ReadUntracked, Signal, Track};
use std::any::Any;
use std::marker::PhantomData;
use std::ops::Deref;
use std::panic::Location;
use std::sync::Arc;

/// A value of any type that can be compared with another of any type (equal only to a value
/// of its own type that is `==` to it).
trait Value: Any + Send + Sync {
    /// Whether `other` is a value of this type, equal to this one.
    fn same_as(&self, other: &dyn Value) -> bool;
    /// The value, to downcast.
    fn as_any(&self) -> &dyn Any;
}

impl<T: PartialEq + Send + Sync + 'static> Value for T {
    fn same_as(&self, other: &dyn Value) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A memo's value, its type erased: the one value type of every [`Computed`]'s memo.
#[derive(Clone)]
pub struct AnyValue(Arc<dyn Value>);

impl PartialEq for AnyValue {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.same_as(&*other.0)
    }
}

impl AnyValue {
    /// The value, as the `T` it was made from.
    fn get<T: 'static>(&self) -> &T {
        match (*self.0).as_any().downcast_ref::<T>() {
            Some(v) => v,
            None => unreachable!("a Computed<T> holds a T"),
        }
    }
}

/// A memo of `T` (see the module docs): made by [`crate::memo`], `Copy` like a memo, read like
/// one.
pub struct Computed<T> {
    inner: Memo<AnyValue>,
    kind: PhantomData<fn() -> T>,
}

impl<T> Clone for Computed<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Computed<T> {}

impl<T: 'static> Computed<T> {
    /// A memo of `f` (its argument: the previous value, `None` at first).
    pub(crate) fn new(f: impl Fn(Option<&T>) -> T + Send + Sync + 'static) -> Self
    where
        T: PartialEq + Send + Sync,
    {
        Computed {
            inner: erased(Box::new(Typed {
                guard: f,
                kind: PhantomData,
            })),
            kind: PhantomData,
        }
    }
}

/// A memo's closure, its value's type erased (a one-method trait rather than `dyn Fn`, whose
/// vtable would hold shims compiled for every closure: `crate::reactive`).
trait Compute: Send + Sync {
    /// The new value, from the previous one.
    fn run(&self, prev: Option<&AnyValue>) -> AnyValue;
}

impl<T, F> Compute for Typed<F, T>
where
    T: PartialEq + Send + Sync + 'static,
    F: Fn(Option<&T>) -> T + Send + Sync,
{
    fn run(&self, prev: Option<&AnyValue>) -> AnyValue {
        AnyValue(Arc::new((self.guard)(prev.map(AnyValue::get::<T>))))
    }
}

/// The one memo of [`AnyValue`] every [`Computed`] is, from its boxed closure.
fn erased(f: Box<dyn Compute>) -> Memo<AnyValue> {
    Memo::new(move |prev| f.run(prev))
}

impl<T> DefinedAt for Computed<T> {
    fn defined_at(&self) -> Option<&'static Location<'static>> {
        self.inner.defined_at()
    }
}

impl<T> Track for Computed<T> {
    fn track(&self) {
        self.inner.track();
    }
}

/// Something seen as a `T`: a read of a [`Computed`]'s value (the memo's own guard), or its
/// closure.
pub struct Typed<G, T> {
    guard: G,
    kind: PhantomData<fn() -> T>,
}

impl<G: Deref<Target = AnyValue>, T: 'static> Deref for Typed<G, T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.guard.get::<T>()
    }
}

impl<T: 'static> ReadUntracked for Computed<T> {
    type Value = Typed<<Memo<AnyValue> as ReadUntracked>::Value, T>;

    fn try_read_untracked(&self) -> Option<Self::Value> {
        self.inner.try_read_untracked().map(|guard| Typed {
            guard,
            kind: PhantomData,
        })
    }
}

/// A [`Computed`] as a `Signal`, for a prop that takes one: each read copies the value, so for
/// small values (a large one is read in place: `with`).
impl<T: Clone + Send + Sync + 'static> From<Computed<T>> for Signal<T> {
    fn from(c: Computed<T>) -> Signal<T> {
        crate::derived(move || leptos::prelude::Get::get(&c))
    }
}
