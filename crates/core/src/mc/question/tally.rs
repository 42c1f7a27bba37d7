//! The draws of a question, chunk by chunk ([`QuestionTally`]).

use serde::{Deserialize, Serialize};

/// The draws of some chunks: wins per classifier (ties split) and every yield, in draw order.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::{question_chunk, QuestionConfig, QuestionTally};
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// let mut cfg = QuestionConfig::new(
///     UtilityMatrix::parse("1,0;0,1").unwrap(),
///     vec![ConfusionMatrix::parse("40,10;10,40", Orientation::OutputRows).unwrap(),
///          ConfusionMatrix::parse("30,20;20,30", Orientation::OutputRows).unwrap()],
/// );
/// cfg.draws = 5000;
/// let mut t = QuestionTally::default();
/// for k in 0..cfg.chunks() {
///     t.merge(&question_chunk(&cfg, k).unwrap());
/// }
/// assert_eq!(t.draws, 5000);
/// assert_eq!(t.yields[1].len(), 5000);
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct QuestionTally {
    /// Number of draws.
    pub draws: u64,
    /// Per classifier: the draws in which it had the largest yield (`1/m` for an `m`-way tie).
    pub wins: Vec<f64>,
    /// Per classifier: its yield in each draw.
    pub yields: Vec<Vec<f64>>,
}

impl QuestionTally {
    /// Appends `other` (the next chunk) to `self`: merge chunks in chunk order.
    pub fn merge(&mut self, other: &QuestionTally) {
        if self.wins.len() < other.wins.len() {
            self.wins.resize(other.wins.len(), 0.0);
            self.yields.resize(other.yields.len(), Vec::new());
        }
        self.draws += other.draws;
        for (w, o) in self.wins.iter_mut().zip(&other.wins) {
            *w += o;
        }
        for (y, o) in self.yields.iter_mut().zip(&other.yields) {
            y.extend_from_slice(o);
        }
    }
}
