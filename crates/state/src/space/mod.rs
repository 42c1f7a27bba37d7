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
//! * [`plots`]: the diagrams' data; [`view`]: everything at once; [`model`]: the view of an
//!   app state, and what it does under the pointer and the keys.
//!
//! Pixel geometry (hit-testing a click or a drag) is the diagram's:
//! [`ulab_plot::space::frame::Frame`].
//!
//! **How the page uses it.**
//!
//! 1. *Render.* On every change of the matrices or settings: [`view::hexagon_view`] for a 2 × 2
//!    utility matrix, else (it returns [`SpaceError::NotBinary`]) [`view::slice_view`]. Draw
//!    `plot` on a canvas (it implements [`ulab_plot::Plot`]: PNG and SVG export as any plot);
//!    show `info` (`typed`, [`point::PointInfo::normalized_text`],
//!    [`point::PointInfo::coordinates_text`]), `verdict` (`headline`, `sentence`, `lines`),
//!    the cloud's summary with [`cloud::EXPECTED_NOTE`], and `notices`.
//! 2. *Drag, click, arrow keys.* `Frame::hexagon(css_width)` is where the diagram is drawn:
//!    `frame.near(pointer, info.xy, 14.0)` starts a drag; `frame.hexagon_point(pointer)` is
//!    the point under the pointer (kept in the hexagon); the arrow keys move it with
//!    [`point::moved`]`(p, ±0.01, 0)` / `(p, 0, ±0.01)`. For each position `p`:
//!    [`point::matrix_at`]`(&u, p, 0.001)` is the matrix on the user's scale (shown live), and
//!    [`verdict::verdict`] with that matrix and `Diagram { map: &view.map, point: p, … }` gives
//!    the live yields and sentence; [`plots::hex_plot`]`(&view.map, Some(p), …)` redraws (the
//!    regions do not change during a drag). On release, that matrix becomes the app's `u`.
//!    A slice works the same with `SlicePlot::frame` and [`slice::Slice::matrix_at`].
//! 3. *Assessment.* [`assess::questions`]`(n)` with [`assess::Question::prompt`]; each field
//!    read by [`assess::parse_answer`] (its error under the field); prefill with
//!    [`assess::implied_answers`]`(u)`. [`assess::matrix_from`] is the new `u`;
//!    [`assess::cloud_from`] a typed cloud ([`link::CloudSource::Typed`]);
//!    [`assess::sigma_from`] the Metric reliability view's `qsigma`.
//! 4. *Exports.* `csv::write(&view.map.grid_csv("x", "y", 101, 101)?)` and
//!    `csv::write(&cloud::cloud_csv(&cloud, &summary))`.
//! 5. *Link.* For each key of [`link::KEYS`]: [`link::SpaceSettings::apply`] (a notice on
//!    error); on encode, [`link::SpaceSettings::pairs`].

pub mod assess;
pub mod cloud;
pub mod error;
pub mod link;
pub mod model;
pub mod plots;
pub mod point;
pub mod regions;
pub mod slice;
pub mod verdict;
pub mod view;

pub use error::SpaceError;
