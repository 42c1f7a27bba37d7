//! The papers' worked examples as values, for the examples and tests of every layer.
//!
//! The factory of Dyrland et al. 2022 (§0): classifiers A and B on 100 components (eqs. 1–2,
//! rows = output, columns = true class, classes "long" and "short") and its utilities (eq. 4,
//! € per component).

use crate::{ConfusionMatrix, Orientation, UtilityMatrix};

/// The factory's utility matrix (eq. 4): `15,-335;-35,165`.
///
/// # Examples
///
/// ```
/// use ulab_core::examples::{factory_classifiers, factory_utility};
/// let u = factory_utility();
/// let [(_, a), (_, b)] = factory_classifiers();
/// assert!((u.yield_of(&a).unwrap() - 3.5).abs() < 1e-12);
/// assert!((u.yield_of(&b).unwrap() + 3.5).abs() < 1e-12);
/// ```
pub fn factory_utility() -> UtilityMatrix {
    UtilityMatrix::parse("15,-335;-35,165").expect("eq. 4 is a utility matrix")
}

/// The factory's classifiers A (`27,15;23,35`) and B (`43,18;7,32`), counts out of 100.
pub fn factory_classifiers() -> [(&'static str, ConfusionMatrix); 2] {
    let m = |s: &str| {
        ConfusionMatrix::parse(s, Orientation::OutputRows).expect("eqs. 1–2 are confusion matrices")
    };
    [("A", m("27,15;23,35")), ("B", m("43,18;7,32"))]
}

/// The factory's class names.
pub const FACTORY_CLASSES: [&str; 2] = ["long", "short"];
