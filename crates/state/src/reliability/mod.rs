//! Everything the Metric reliability view computes that is not drawing: the work it hands to
//! the web workers ([`ulab_worker::Work`]), how the answers are merged, the table, the plots'
//! data and the CSV exports. Pure, tested natively; the view (`ui::reliability`) only wires
//! these to the page.
//!
//! The numbers are those of the core's Monte Carlo ([`ulab_core::mc`]): the answers of the
//! chunks are merged in chunk order into one [`Tally`](ulab_core::mc::Tally), and
//! [`McResult::from_tally`](ulab_core::mc::McResult::from_tally) gives the percentages —
//! exactly what `ulab mc` prints for the same settings.
//!
//! One file per concern: [`settings`] (the settings, their link keys, the run they describe),
//! [`run`] (the run and its table, fig. 6's data), [`sweep`] (fig. 7), [`scatter`] (figs 2–3),
//! [`question`] (the user's own question).

pub mod question;
pub mod run;
pub mod scatter;
pub mod settings;
pub mod sweep;

pub use question::{
    Question, QuestionError, baseline_note, best_sentence, fractions_note, merge_question,
    question, question_csv, question_plots, question_works,
};
pub use run::{
    FIG6_POINTS, RunResult, TableRow, differences_plot, merge_run, run_caption, run_works,
    table_csv, table_rows, throughput_text,
};
pub use scatter::{
    PAPER_SCATTER_METRICS, SCATTER_KEPT, SCATTER_POINTS, SCATTER_UTILITIES, merge_scatter,
    scatter_works, score_scatter,
};
pub use settings::{mc_config, shown_metrics, toggle_metric};
pub use sweep::{merge_sweep, sweep_configs, sweep_csv, sweep_plot, sweep_works};

use std::fmt;
use ulab_core::CoreError;
use ulab_worker::Output;

/// Answers of the web workers that do not fit their job: one line for the page.
#[derive(Debug, Clone, PartialEq)]
pub enum MergeError {
    /// An answer of another kind than the job's tasks.
    Unexpected {
        /// What the job was for ("a run", "figs 2–3", "the question").
        job: &'static str,
        /// The kind of answer received.
        answer: &'static str,
    },
    /// The answers of a run count other pairs than the run has.
    PairCount {
        /// Pairs counted.
        found: u64,
        /// Pairs of the run.
        expected: u64,
    },
    /// Fewer answers than the sweep's tasks.
    IncompleteSweep,
    /// The merged answers cannot be summarized.
    Summary(CoreError),
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Unexpected { job, answer } => {
                write!(f, "unexpected answer for {job}: {answer}")
            }
            MergeError::PairCount { found, expected } => {
                write!(f, "the answers count {found} pairs, not {expected}")
            }
            MergeError::IncompleteSweep => write!(f, "the sweep's answers are incomplete"),
            MergeError::Summary(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for MergeError {}

/// The kind of a worker's answer, for [`MergeError::Unexpected`].
fn kind(output: &Output) -> &'static str {
    match output {
        Output::McChunk { .. } => "mc_chunk",
        Output::PairDifferences { .. } => "pair_differences",
        Output::Scatter { .. } => "scatter",
        Output::Question { .. } => "question",
    }
}

/// The workers' answers to `works`, computed here (in reverse order, as workers might) and
/// stored by task number.
#[cfg(test)]
fn outputs(works: &[ulab_worker::Work]) -> Vec<Output> {
    let mut out: Vec<Option<Output>> = vec![None; works.len()];
    for (k, w) in works.iter().enumerate().rev() {
        out[k] = Some(ulab_worker::run_work(w).unwrap());
    }
    out.into_iter().map(Option::unwrap).collect()
}
