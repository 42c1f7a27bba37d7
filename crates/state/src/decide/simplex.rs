//! Three classes: the regions of optimal decisions on the probability triangle. The geometry
//! (the map to the plane, the regions as exact polygons) is the core's
//! [`ulab_core::simplex`]; this adds the Decide view's error.

use super::error::DecideError;
use ulab_core::UtilityMatrix;
pub use ulab_core::simplex::{HEIGHT, Region, contains, from_plane, project, to_plane};

/// The regions of optimal decisions on the simplex ([`ulab_core::simplex::regions`]).
///
/// # Errors
/// A utility matrix without exactly 3 columns.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::decide::simplex::regions;
/// assert_eq!(regions(&UtilityMatrix::identity(3).unwrap()).unwrap().len(), 3);
/// let e = regions(&UtilityMatrix::identity(2).unwrap()).unwrap_err();
/// assert!(e.to_string().contains("3"), "{e}");
/// ```
pub fn regions(u: &UtilityMatrix) -> Result<Vec<Region>, DecideError> {
    ulab_core::simplex::regions(u).map_err(|_| DecideError::WrongClassCount {
        what: "the probability triangle",
        expected: 3,
        found: u.n_classes(),
    })
}
