//! The messages between the page and the web workers (`crates/mc-worker/src/main.rs`), and the worker's
//! pure request handler — no web crates, so it is tested natively.
//!
//! Protocol: when a worker has loaded its wasm it posts [`Response::Ready`] (messages sent to a
//! worker before its wasm is running would be lost, so the page waits for it); then each
//! [`Request`] the page posts gets exactly one [`Response`]. Both are tagged by `kind`.
//!
//! Two encodings, answered in kind:
//! * a JSON **string** ([`handle_json`]; `Ready` too, [`response_json`]): the page's encoding,
//!   written and read by hand ([`codec`], [`ulab_json`]: no serde in the worker nor for the
//!   messages in the page). JSON keeps every `u64` (seeds, counts) and every `f64` exact
//!   (shortest round-trip digits, read back correctly rounded), which a JS number cannot
//!   promise for a `u64` above 2⁵³. The shape is the one the types' serde derives write (the
//!   command line's and the tests' encoding; the tests check that both agree);
//! * a plain JS object (`JSON.stringify`d by the worker, then as a string), e.g. `{kind: "yield",
//!   utility: "15,-335;-35,165", confusion: "27,15;23,35"}` → `{kind: "yield", value: 3.5}`,
//!   for scripts that talk to the worker directly.
//!
//! The Monte Carlo requests are [`Request::Task`]: one unit of [`Work`] of job `job`, numbered
//! `task` within it — a chunk of a run (Dyrland et al. 2022, §4.2), the first pairs of a run as points for
//! fig. 6, the scatter of figs 2–3, or a chunk of the user's own question. Each is a pure
//! function of its inputs ([`run_work`]), so the page can hand the tasks of a job to any worker
//! in any order and merge the answers in task order: the numbers depend only on the settings
//! and the seed. There is no "cancel" request: a worker holds at most the tasks the page has
//! just handed it (each a few milliseconds of work), so the page cancels a job by not sending
//! its remaining tasks and dropping the answers of the ones in flight.

pub mod codec;

use serde::{Deserialize, Serialize};
use std::fmt;
use ulab_core::mc::figures::{first_pair_differences, scatter_sample};
use ulab_core::mc::question::{QuestionConfig, QuestionTally, question_chunk};
use ulab_core::mc::scatter::PairDifferences;
use ulab_core::mc::{McConfig, Tally, run_chunk};
use ulab_core::{ConfusionMatrix, CoreError, Orientation, UtilityMatrix};
use ulab_json::Decode;

pub use ulab_core::mc::figures::{ScatterSample, ScatterSeries};

/// A request from the page to a worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Request {
    /// The utility yield `Σ U_ij C_ij` of one confusion matrix (matrix syntax, rows = output).
    Yield { utility: String, confusion: String },
    /// Task `task` of job `job`: one unit of Monte Carlo work.
    Task { job: u32, task: u32, work: Work },
}

/// One unit of Monte Carlo work: a pure function of its fields ([`run_work`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Work {
    /// Chunk `chunk` of the run `config` ([`run_chunk`]): its [`Tally`].
    McChunk { config: McConfig, chunk: u64 },
    /// The first `points` pairs of the run `config` ([`first_pair_differences`]), as
    /// differences in true yield and in every ranker's score (fig. 6).
    PairDifferences { config: McConfig, points: u64 },
    /// `points` confusion matrices with class-0 share `balance` scored by every metric against
    /// their yield under `utility` (row-major 2 × 2), figs 2–3 ([`scatter_sample`]); the first
    /// `keep` matrices come back as points, the mis-ranked pairs are counted over all of them.
    Scatter {
        balance: f64,
        utility: [f64; 4],
        points: u64,
        keep: u64,
        seed: u64,
    },
    /// Chunk `chunk` of the user's question ([`question_chunk`]).
    Question { config: QuestionConfig, chunk: u64 },
}

/// A message from a worker to the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Response {
    /// The worker's wasm is running and it accepts requests.
    Ready {
        /// The crate version the worker was built from.
        version: String,
    },
    /// The answer to [`Request::Yield`].
    Yield { value: f64 },
    /// The answer to [`Request::Task`] (boxed: an output is large, the other answers small).
    Done {
        job: u32,
        task: u32,
        output: Box<Output>,
    },
    /// The request could not be understood or computed; one line for the user. `job` and
    /// `task` name the task when the request was one.
    Error {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        job: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        task: Option<u32>,
        message: String,
    },
}

/// The result of one [`Work`], same variant names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)] // a message, built once and serialized
pub enum Output {
    /// Of [`Work::McChunk`].
    McChunk { tally: Tally },
    /// Of [`Work::PairDifferences`].
    PairDifferences { differences: PairDifferences },
    /// Of [`Work::Scatter`].
    Scatter { scatter: ScatterSample },
    /// Of [`Work::Question`].
    Question { tally: QuestionTally },
}

impl Response {
    /// The message a freshly started worker posts.
    pub fn ready() -> Response {
        Response::Ready {
            version: env!("CARGO_PKG_VERSION").to_string(),
        }
    }

    /// An error about no particular task.
    pub fn error(message: impl Into<String>) -> Response {
        Response::Error {
            job: None,
            task: None,
            message: message.into(),
        }
    }
}

/// Why a request got no answer: the one line the page shows (its [`Display`](fmt::Display)).
#[derive(Debug, Clone, PartialEq)]
pub enum WorkerError {
    /// The message is not a request, or a setting in it is invalid (settings are read through
    /// the core's constructors, so an invalid one is refused here).
    NotARequest(String),
    /// The utility matrix of a [`Request::Yield`].
    Utility(CoreError),
    /// The confusion matrix of a [`Request::Yield`].
    Confusion(CoreError),
    /// The yield of a [`Request::Yield`].
    Yield(CoreError),
    /// A unit of work that cannot be computed, with the figure it was for.
    Work {
        /// What the work was for: `Monte Carlo`, `fig. 6`, `figs 2–3`, `your question`.
        what: &'static str,
        /// Why.
        error: CoreError,
    },
    /// A worker's message that is not a [`Response`].
    NotAResponse(String),
}

impl fmt::Display for WorkerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorkerError::NotARequest(e) => write!(f, "not a worker request: {e}"),
            WorkerError::Utility(e) => write!(f, "utility matrix: {e}"),
            WorkerError::Confusion(e) => write!(f, "confusion matrix: {e}"),
            WorkerError::Yield(e) => write!(f, "{e}"),
            WorkerError::Work { what, error } => write!(f, "{what}: {error}"),
            WorkerError::NotAResponse(e) => write!(f, "unexpected message from a worker: {e}"),
        }
    }
}

impl std::error::Error for WorkerError {}

impl Work {
    /// What the work is for, as the page names it in an error.
    pub fn what(&self) -> &'static str {
        match self {
            Work::McChunk { .. } => "Monte Carlo",
            Work::PairDifferences { .. } => "fig. 6",
            Work::Scatter { .. } => "figs 2–3",
            Work::Question { .. } => "your question",
        }
    }
}

/// Computes the answer to one request. Never panics: bad input gives [`Response::Error`].
///
/// # Examples
///
/// ```
/// use ulab_worker::{handle, Request, Response};
/// let answer = handle(Request::Yield {
///     utility: "15,-335;-35,165".into(),
///     confusion: "27,15;23,35".into(),
/// });
/// assert!(matches!(answer, Response::Yield { value } if (value - 3.5).abs() < 1e-12));
/// ```
pub fn handle(request: Request) -> Response {
    match request {
        Request::Yield { utility, confusion } => match yield_of(&utility, &confusion) {
            Ok(value) => Response::Yield { value },
            Err(e) => Response::error(e.to_string()),
        },
        Request::Task { job, task, work } => match run_work(&work) {
            Ok(output) => Response::Done {
                job,
                task,
                output: Box::new(output),
            },
            Err(e) => Response::Error {
                job: Some(job),
                task: Some(task),
                message: e.to_string(),
            },
        },
    }
}

/// The yield `Σ U_ij C_ij` of [`Request::Yield`].
fn yield_of(utility: &str, confusion: &str) -> Result<f64, WorkerError> {
    let u = UtilityMatrix::parse(utility).map_err(WorkerError::Utility)?;
    let cm = ConfusionMatrix::parse(confusion, Orientation::OutputRows)
        .map_err(WorkerError::Confusion)?;
    u.yield_of(&cm).map_err(WorkerError::Yield)
}

/// [`handle`] for a request written as JSON; the answer as JSON. Never panics. A request whose
/// settings are invalid is refused while it is read (through the core's constructors,
/// [`codec`]), with its job and task named.
///
/// # Examples
///
/// ```
/// use ulab_worker::handle_json;
/// let answer = handle_json(r#"{"kind":"task","job":1,"task":0,"work":{"kind":"mc_chunk",
///     "config":{"prior":"uniform","sigma":0.1,"pairs":1000,"seed":42},"chunk":0}}"#);
/// assert!(answer.starts_with(r#"{"kind":"done","job":1,"task":0,"output":{"kind":"mc_chunk","tally":{"pairs":1000,"#));
/// assert!(handle_json("nonsense").starts_with(r#"{"kind":"error","message":"not a worker request"#));
/// let bad = handle_json(r#"{"kind":"task","job":1,"task":2,"work":{"kind":"mc_chunk",
///     "config":{"prior":"uniform","sigma":-1,"pairs":1000,"seed":42},"chunk":0}}"#);
/// assert!(bad.starts_with(r#"{"kind":"error","job":1,"task":2,"message":"not a worker request: sigma = -1"#), "{bad}");
/// ```
pub fn handle_json(text: &str) -> String {
    let response = match ulab_json::parse(text) {
        Err(e) => Response::error(WorkerError::NotARequest(e).to_string()),
        Ok(v) => match Request::decode(&v) {
            Ok(request) => handle(request),
            // The job and task, read even when the rest is not a valid request, so that the
            // error names the task.
            Err(e) => Response::Error {
                job: v.get("job").and_then(|n| u32::decode(n).ok()),
                task: v.get("task").and_then(|n| u32::decode(n).ok()),
                message: WorkerError::NotARequest(e.to_string()).to_string(),
            },
        },
    };
    response_json(&response)
}

/// Writes a [`Response`] as JSON (what a worker posts to the pool: every answer of
/// [`handle_json`], and [`Response::Ready`]).
///
/// ```
/// use ulab_worker::{parse_response, response_json, Response};
/// assert_eq!(parse_response(&response_json(&Response::ready())).unwrap(), Response::ready());
/// ```
pub fn response_json(response: &Response) -> String {
    ulab_json::to_json(response)
}

/// Reads a [`Response`] written by [`handle_json`].
///
/// # Errors
/// Not JSON, or not a response ([`WorkerError::NotAResponse`]).
pub fn parse_response(text: &str) -> Result<Response, WorkerError> {
    ulab_json::from_json(text).map_err(|e| WorkerError::NotAResponse(e.to_string()))
}

/// Writes a [`Request`] as JSON (what the pool posts; a non-finite number is written as null,
/// which the worker refuses).
pub fn request_json(request: &Request) -> String {
    ulab_json::to_json(request)
}

/// Does one unit of work. Pure: the same work gives the same output, bit for bit, on every
/// platform. Each unit is one call of the core, which checks its inputs.
///
/// # Errors
/// Invalid settings ([`WorkerError::Work`]).
///
/// # Examples
///
/// ```
/// use ulab_core::mc::{run_chunk, McConfig, Prior};
/// use ulab_worker::{run_work, Output, Work};
/// let config = McConfig::new(Prior::Uniform, 0.1, 100_000, 1).unwrap();
/// let out = run_work(&Work::McChunk { config, chunk: 1 }).unwrap();
/// assert_eq!(out, Output::McChunk { tally: run_chunk(&config, 1).unwrap() });
/// ```
pub fn run_work(work: &Work) -> Result<Output, WorkerError> {
    let output = match work {
        Work::McChunk { config, chunk } => {
            run_chunk(config, *chunk).map(|tally| Output::McChunk { tally })
        }
        Work::PairDifferences { config, points } => first_pair_differences(config, *points)
            .map(|differences| Output::PairDifferences { differences }),
        Work::Scatter {
            balance,
            utility,
            points,
            keep,
            seed,
        } => scatter_sample(*balance, *utility, *points, *keep, *seed)
            .map(|scatter| Output::Scatter { scatter }),
        Work::Question { config, chunk } => {
            question_chunk(config, *chunk).map(|tally| Output::Question { tally })
        }
    };
    output.map_err(|error| WorkerError::Work {
        what: work.what(),
        error,
    })
}

#[cfg(test)]
mod codec_tests;
#[cfg(test)]
mod tests;
