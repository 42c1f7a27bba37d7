//! [`Computed`]: a memo of a type-erased value ([`super::erased`]), made by [`crate::memo`].
//! A memo notifies only when its value changed: the erased value compares as its `T` does.

use super::erased::{Erased, Holds, Typed};
use leptos::prelude::Memo;
use std::any::Any;
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

impl Holds for AnyValue {
    fn get<T: 'static>(&self) -> &T {
        match (*self.0).as_any().downcast_ref::<T>() {
            Some(v) => v,
            None => unreachable!("a Computed<T> holds a T"),
        }
    }
}

/// A memo of `T`: made by [`crate::memo`], `Copy` like a memo, read like one.
pub type Computed<T> = Erased<Memo<AnyValue>, T>;

impl<T: 'static> Erased<Memo<AnyValue>, T> {
    /// A memo of `f` (its argument: the previous value, `None` at first).
    pub(crate) fn new(f: impl Fn(Option<&T>) -> T + Send + Sync + 'static) -> Self
    where
        T: PartialEq + Send + Sync,
    {
        Erased::wrap(erased(Box::new(Typed::<_, T>::new(f))))
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
