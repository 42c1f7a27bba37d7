//! The Utility space view's logic (Dyrland et al. 2022, §3.2–§4): pure, native-tested, taking
//! plain inputs (a utility matrix, named confusion matrices, settings); the view's components
//! only wire these to the page.
//!
//! * [`point`]: fig. 1 as an instrument — the current matrix normalized (eq. 12) and its point
//!   (eq. 13), the matrix of any point dragged to ([`point::matrix_at`]), the arrow keys
//!   ([`point::moved`]), the admissible metrics' landmarks.
//! * [`regions`]: the contestants (classifiers, and "always decide d") and their exact winner
//!   regions ([`regions::WinnerMap`]), the winner grid as CSV.
//! * [`verdict`]: "A stays best unless …" — each utility's exact margin, the nearest boundary.
//! * [`cloud`]: uncertain utilities (eqs. 18–19) — typed or drawn clouds, the expected matrix,
//!   its point vs the cloud's centre, the ranking; CSV.
//! * [`slice`]: more than two classes — 2-D slices of the utility matrix.
//! * [`assess`]: the guided assessment — questions, answers, the matrix, a cloud and a `σ`.
//! * [`link`]: the view's settings and their link values.
//! * [`plots`]: the diagrams' data; [`view`]: everything at once.
//!
//! Pixel geometry (hit-testing a click or a drag) is the diagram's:
//! [`crate::plot::space::frame::Frame`].

pub mod assess;
pub mod cloud;
pub mod error;
pub mod link;
pub mod plots;
pub mod point;
pub mod regions;
pub mod slice;
pub mod verdict;
pub mod view;

pub use error::SpaceError;
