//! The bounds of the Decide view's settings, which its readers and its error messages share.

/// The largest pseudo-count α accepted (as the question panel's `qalpha`).
pub const MAX_ALPHA: f64 = ulab_core::limits::MAX_ALPHA;

/// The largest test-set size accepted for classifiers given as fractions.
pub const MAX_TEST_SIZE: u64 = crate::MAX_QUESTION_N;
