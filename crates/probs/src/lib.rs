//! Probabilities on a test set (Dyrland et al. (draft) §3 and appendix; spec §2): per-item
//! class probabilities from one or more models and the items' true classes, turned into
//! decisions and judged by their utility yield.
//!
//! * [`table`]: the validated container ([`ProbTable`], [`ModelProbs`], [`ProbTableBuilder`]),
//!   at most [`MAX_PROB_CELLS`](ulab_core::limits::MAX_PROB_CELLS) probabilities, single precision;
//! * [`decide`]: the most probable class (eq. 13) against the decision of maximal expected
//!   utility (eq. 12), their confusion matrices (rows = decisions) and yields ([`Decider`],
//!   [`Counts`], [`decide_model`], [`decide_all`]); [`deploy`]: deployment shares by Bayes'
//!   rule, `p'_c ∝ p_c π_c / f_c`, and yields at those shares ([`Shares`]);
//! * [`tally`]: the same counts for a file read row by row, never held whole (`ulab decide
//!   --probs`), with the net benefit at given thresholds;
//! * [`reliability`]: one-vs-rest reliability diagrams in equal-width bins, with Wilson
//!   intervals; [`recalibrate`]: cross-fitted recalibration ("temperature and bias",
//!   `p' ∝ exp(a·ln p_c + b_c)`, fitted by maximum likelihood);
//! * [`curve`]: for two classes, the decision curve (net benefit against the threshold
//!   probability, "treat all", "treat none") and the yield against the threshold;
//! * [`bootstrap`]: the paired Bayesian bootstrap over the items, seeded and chunked.
//!
//! Pure numbers on the core's types, in a crate of its own so that the web app compiles these
//! loops for speed and the rest of the core for size (the workspace's `Cargo.toml`, profile
//! `wasm-app`).

pub mod bootstrap;
pub mod counts;
pub mod curve;
pub mod decide;
pub mod deploy;
pub mod error;
pub mod recalibrate;
pub mod reliability;
pub mod table;
pub mod tally;

pub use counts::{Counts, decide_all, decide_model};
pub use decide::{Decider, ModelOutcome, Rule, RuleOutcome};
pub use deploy::{Shares, deployed};
pub use error::{ProbError, RowIssue};
pub use table::{ModelProbs, ProbTable, ProbTableBuilder};
