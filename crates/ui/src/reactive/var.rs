//! [`Var`]: a read-write signal of a type-erased value ([`super::erased`]). Every write
//! notifies, as a signal's does.

use super::erased::{Erased, Holds, HoldsMut, Typed};
use leptos::prelude::{RwSignal, UntrackableGuard, Write};
use std::any::Any;
use std::ops::DerefMut;

/// A signal's value, its type erased: the one value type of every [`Var`]'s signal.
pub struct AnyBox(Box<dyn Any + Send + Sync>);

impl Holds for AnyBox {
    fn get<T: 'static>(&self) -> &T {
        match self.0.downcast_ref::<T>() {
            Some(v) => v,
            None => unreachable!("a Var<T> holds a T"),
        }
    }
}

impl HoldsMut for AnyBox {
    fn get_mut<T: 'static>(&mut self) -> &mut T {
        match self.0.downcast_mut::<T>() {
            Some(v) => v,
            None => unreachable!("a Var<T> holds a T"),
        }
    }
}

/// A read-write signal of `T`, `Copy` like a signal: `Var::new(value)`.
pub type Var<T> = Erased<RwSignal<AnyBox>, T>;

impl<T: Send + Sync + 'static> Erased<RwSignal<AnyBox>, T> {
    /// A signal holding `value`.
    #[track_caller]
    pub fn new(value: T) -> Self {
        Erased::wrap(signal(AnyBox(Box::new(value))))
    }
}

/// The one signal of [`AnyBox`] every [`Var`] is.
#[track_caller]
fn signal(value: AnyBox) -> RwSignal<AnyBox> {
    RwSignal::new(value)
}

impl<T: 'static> Write for Erased<RwSignal<AnyBox>, T> {
    type Value = T;

    fn try_write(&self) -> Option<impl UntrackableGuard<Target = T>> {
        self.inner.try_write().map(Typed::new)
    }

    fn try_write_untracked(&self) -> Option<impl DerefMut<Target = T>> {
        self.inner.try_write_untracked().map(Typed::new)
    }
}
