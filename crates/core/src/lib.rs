//! The evaluation core: pure numbers, tested natively.
//!
//! Nothing of the browser and no OS entropy source here: every random function takes its generator as an
//! argument (`&mut impl rand::Rng`), so that a seed gives the same numbers natively and in the
//! browser.

pub mod confusion;
pub mod decided;
pub mod decision;
pub mod error;
pub mod examples;
pub mod labels;
pub mod limits;
pub mod matrix;
pub mod mc;
pub mod metrics;
pub mod order;
pub mod pd;
pub mod prevalence;
pub mod roc;
pub mod score;
pub mod simplex;
pub mod space;
pub mod special;
pub mod text;
pub mod utility;

pub use confusion::ConfusionMatrix;
pub use decided::DecisionCounts;
pub use error::CoreError;
pub use matrix::{Matrix, Orientation};
pub use score::{Score, Undefined};
pub use utility::UtilityMatrix;
