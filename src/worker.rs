//! The messages between the page and the web workers (`src/bin/mc_worker.rs`), and the worker's
//! pure request handler — no web crates, so it is tested natively.
//!
//! Protocol: when a worker has loaded its wasm it posts [`Response::Ready`] (messages sent to a
//! worker before its wasm is running would be lost, so the page waits for it); then each
//! [`Request`] the page posts gets exactly one [`Response`]. Both are tagged by `kind`.
//!
//! Two encodings, answered in kind:
//! * a plain JS object (through `serde-wasm-bindgen`), e.g. `{kind: "yield", utility:
//!   "15,-335;-35,165", confusion: "27,15;23,35"}` → `{kind: "yield", value: 3.5}` (the footer's
//!   round trip, and `Ready`);
//! * a JSON **string** ([`handle_json`]): the Monte Carlo pool's encoding. JSON keeps every
//!   `u64` (seeds, counts) and every `f64` exact (shortest round-trip digits, read back with
//!   serde_json's `float_roundtrip`), which a JS number cannot promise for a `u64` above 2⁵³.
//!
//! The Monte Carlo requests are [`Request::Task`]: one unit of [`Work`] of job `job`, numbered
//! `task` within it — a chunk of a run (Dyrland et al. 2022, §4.2), the first pairs of a run as points for
//! fig. 6, the scatter of figs 2–3, or a chunk of the user's own question. Each is a pure
//! function of its inputs ([`run_work`]), so the page can hand the tasks of a job to any worker
//! in any order and merge the answers in task order: the numbers depend only on the settings
//! and the seed. There is no "cancel" request: a worker holds at most the tasks the page has
//! just handed it (each a few milliseconds of work), so the page cancels a job by not sending
//! its remaining tasks and dropping the answers of the ones in flight.

use crate::core::mc::figures::{first_pair_differences, scatter_sample};
use crate::core::mc::question::{question_chunk, QuestionConfig, QuestionTally};
use crate::core::mc::scatter::PairDifferences;
use crate::core::mc::{run_chunk, McConfig, Tally};
use crate::core::{ConfusionMatrix, CoreError, Orientation, UtilityMatrix};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use crate::core::mc::figures::{ScatterSample, ScatterSeries};

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
/// use utility_lab::worker::{handle, Request, Response};
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

/// The job and task of a message, read even when the rest is not a valid request, so that the
/// error names the task.
#[derive(Deserialize)]
struct Envelope {
    job: Option<u32>,
    task: Option<u32>,
}

/// [`handle`] for a request written as JSON; the answer as JSON. Never panics. A request whose
/// settings are invalid is refused while it is read (the core's types deserialize through their
/// constructors), with its job and task named.
///
/// # Examples
///
/// ```
/// use utility_lab::worker::handle_json;
/// let answer = handle_json(r#"{"kind":"task","job":1,"task":0,"work":{"kind":"mc_chunk",
///     "config":{"prior":"uniform","sigma":0.1,"pairs":1000,"seed":42},"chunk":0}}"#);
/// assert!(answer.starts_with(r#"{"kind":"done","job":1,"task":0,"output":{"kind":"mc_chunk","tally":{"pairs":1000,"#));
/// assert!(handle_json("nonsense").starts_with(r#"{"kind":"error","message":"not a worker request"#));
/// let bad = handle_json(r#"{"kind":"task","job":1,"task":2,"work":{"kind":"mc_chunk",
///     "config":{"prior":"uniform","sigma":-1,"pairs":1000,"seed":42},"chunk":0}}"#);
/// assert!(bad.starts_with(r#"{"kind":"error","job":1,"task":2,"message":"not a worker request: sigma = -1"#), "{bad}");
/// ```
pub fn handle_json(text: &str) -> String {
    let response = match serde_json::from_str::<Request>(text) {
        Ok(request) => handle(request),
        Err(e) => {
            let (job, task) = serde_json::from_str::<Envelope>(text)
                .map(|e| (e.job, e.task))
                .unwrap_or((None, None));
            Response::Error {
                job,
                task,
                message: WorkerError::NotARequest(e.to_string()).to_string(),
            }
        }
    };
    serde_json::to_string(&response).unwrap_or_else(|e| {
        format!(
            r#"{{"kind":"error","message":{}}}"#,
            serde_json::to_string(&format!("cannot encode the answer: {e}"))
                .unwrap_or_else(|_| "\"cannot encode the answer\"".into())
        )
    })
}

/// Reads a [`Response`] written by [`handle_json`].
///
/// # Errors
/// Not JSON, or not a response ([`WorkerError::NotAResponse`]).
pub fn parse_response(text: &str) -> Result<Response, WorkerError> {
    serde_json::from_str(text).map_err(|e| WorkerError::NotAResponse(e.to_string()))
}

/// Writes a [`Request`] as JSON (what the pool posts).
pub fn request_json(request: &Request) -> String {
    // Serializing these plain data types cannot fail (no maps with non-string keys, and
    // non-finite floats are written as null).
    serde_json::to_string(request).unwrap_or_default()
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
/// use utility_lab::core::mc::{run_chunk, McConfig, Prior};
/// use utility_lab::worker::{run_work, Output, Work};
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
mod tests {
    use super::*;
    use crate::core::mc::question::{question, question_summary};
    use crate::core::mc::scatter::pair_differences;
    use crate::core::mc::{McResult, PerRanker, Prior};

    fn yield_request(utility: &str, confusion: &str) -> Request {
        Request::Yield {
            utility: utility.into(),
            confusion: confusion.into(),
        }
    }

    /// Sends `work` through the JSON wire format both ways, as the pool does.
    fn over_the_wire(job: u32, task: u32, work: Work) -> Response {
        let request = Request::Task { job, task, work };
        let text = request_json(&request);
        // The request itself survives the trip.
        assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), request);
        parse_response(&handle_json(&text)).unwrap()
    }

    /// The answer to `work` sent as JSON, whether or not the work is valid.
    fn answer(job: u32, task: u32, work: Work) -> Response {
        let text = request_json(&Request::Task { job, task, work });
        parse_response(&handle_json(&text)).unwrap()
    }

    fn done(response: Response) -> Output {
        match response {
            Response::Done { output, .. } => *output,
            other => panic!("expected an output, got {other:?}"),
        }
    }

    #[test]
    fn factory_yields_by_hand() {
        // A: (15·27 − 335·15 − 35·23 + 165·35) / 100 = (405 − 5025 − 805 + 5775) / 100 = 3.5
        // B: (15·43 − 335·18 − 35·7 + 165·32) / 100 = (645 − 6030 − 245 + 5280) / 100 = −3.5
        for (cm, expected) in [("27,15;23,35", 3.5), ("43,18;7,32", -3.5)] {
            match handle(yield_request("15,-335;-35,165", cm)) {
                Response::Yield { value } => assert!((value - expected).abs() < 1e-12, "{value}"),
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    #[test]
    fn bad_input_is_an_error_message_not_a_panic() {
        for (u, cm) in [
            ("15,-335;-35,x", "27,15;23,35"),
            ("15,-335;-35,165", ""),
            ("1,0,0;0,1,0;0,0,1", "27,15;23,35"),
            ("15,-335;-35,165", "0,0;0,0"),
            ("15,-335;-35,165", "1,2;3"),
        ] {
            match handle(yield_request(u, cm)) {
                Response::Error { message, .. } => assert!(!message.is_empty()),
                other => panic!("{u} / {cm}: expected an error, got {other:?}"),
            }
        }
    }

    #[test]
    fn wire_format_is_tagged_by_kind() {
        let json = serde_json::to_string(&Response::Yield { value: 3.5 }).unwrap();
        assert_eq!(json, r#"{"kind":"yield","value":3.5}"#);
        let request: Request =
            serde_json::from_str(r#"{"kind":"yield","utility":"1,0;0,1","confusion":"1,0;0,1"}"#)
                .unwrap();
        assert_eq!(request, yield_request("1,0;0,1", "1,0;0,1"));
        let ready = serde_json::to_value(Response::ready()).unwrap();
        assert_eq!(ready["kind"], "ready");
        assert_eq!(ready["version"], env!("CARGO_PKG_VERSION"));
        // An error about no task has no job or task field (the footer's round trip reads it).
        let e = serde_json::to_string(&Response::error("x")).unwrap();
        assert_eq!(e, r#"{"kind":"error","message":"x"}"#);
        let e: Response = serde_json::from_str(r#"{"kind":"error","message":"x"}"#).unwrap();
        assert_eq!(e, Response::error("x"));
    }

    /// The golden tallies of tests/it/mc_determinism.rs, through the worker's JSON round trip:
    /// what the page merges is exactly what the native engine computes.
    #[test]
    fn chunks_over_the_wire_give_the_golden_tallies() {
        let c = McConfig::new(Prior::Uniform, 0.1, 1000, 42).unwrap();
        let Output::McChunk { tally } = done(over_the_wire(
            7,
            0,
            Work::McChunk {
                config: c,
                chunk: 0,
            },
        )) else {
            panic!("not a tally")
        };
        assert_eq!(tally.misranked.accuracy, 91);
        assert_eq!(tally.misranked.utility, 43);
        assert_eq!(tally.error_sum, -996191616);
        assert_eq!(tally.error_sq_sum, 9572069059);

        let c = McConfig::new(Prior::Gaussian, 0.25, 70_000, 7).unwrap();
        // Answers merged in reverse order (any order): integer sums.
        let mut t = Tally::default();
        for k in (0..c.chunks()).rev() {
            match done(over_the_wire(
                1,
                k as u32,
                Work::McChunk {
                    config: c,
                    chunk: k,
                },
            )) {
                Output::McChunk { tally } => t.merge(&tally),
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(t.misranked.kappa, 4602);
        assert_eq!(t.error_sq_sum, 3670057937995);
        assert_eq!(
            McResult::from_tally(&c, &t),
            crate::core::mc::run(&c, |_, _| {}).unwrap()
        );
    }

    #[test]
    fn seeds_above_two_to_the_53_survive_json() {
        let c = McConfig::new(Prior::Uniform, 0.05, 500, u64::MAX - 1).unwrap();
        let out = done(over_the_wire(
            0,
            0,
            Work::McChunk {
                config: c,
                chunk: 0,
            },
        ));
        assert_eq!(
            out,
            Output::McChunk {
                tally: run_chunk(&c, 0).unwrap()
            }
        );
    }

    #[test]
    fn pair_differences_are_the_first_pairs_of_the_run() {
        let c = McConfig::new(Prior::Uniform, 0.11, 200_000, 3).unwrap();
        let Output::PairDifferences { differences } = done(over_the_wire(
            2,
            0,
            Work::PairDifferences {
                config: c,
                points: 1500,
            },
        )) else {
            panic!("not differences")
        };
        let whole = pair_differences(&c, 1500).unwrap();
        // Floats survive the JSON trip bit for bit.
        assert_eq!(differences.true_diff, whole.true_diff);
        assert_eq!(differences.score_diff, whole.score_diff);
        assert_eq!(differences.tally.pairs, 1500);
        // Fewer pairs than asked for: all of them.
        let small = McConfig { pairs: 10, ..c };
        match run_work(&Work::PairDifferences {
            config: small,
            points: 1500,
        })
        .unwrap()
        {
            Output::PairDifferences { differences } => assert_eq!(differences.true_diff.len(), 10),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn scatter_over_the_wire_is_the_core_sample() {
        let identity = [1.0, 0.0, 0.0, 1.0];
        let Output::Scatter { scatter } = done(over_the_wire(
            3,
            1,
            Work::Scatter {
                balance: 0.9,
                utility: identity,
                points: 20_000,
                keep: 400,
                seed: 5,
            },
        )) else {
            panic!("not a scatter")
        };
        // Floats and keys survive the JSON trip bit for bit.
        assert_eq!(
            scatter,
            scatter_sample(0.9, identity, 20_000, 400, 5).unwrap()
        );
        assert_eq!(scatter.series.len(), 10);
    }

    #[test]
    fn question_chunks_over_the_wire_match_the_native_answer() {
        let mut q = QuestionConfig::new(
            UtilityMatrix::parse("15,-335;-35,165").unwrap(),
            vec![
                ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap(),
                ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap(),
            ],
        );
        q.draws = 5000;
        q.seed = 3;
        let mut t = QuestionTally::default();
        for k in 0..q.chunks() {
            match done(over_the_wire(
                4,
                k as u32,
                Work::Question {
                    config: q.clone(),
                    chunk: k,
                },
            )) {
                Output::Question { tally } => t.merge(&tally),
                other => panic!("{other:?}"),
            }
        }
        let r = question_summary(&q, &t).unwrap();
        assert_eq!(r, question(&q, |_, _| {}).unwrap());
        // The golden values of tests/it/mc_determinism.rs.
        assert_eq!(r.p_best, vec![0.6118, 0.3882]);
        assert_eq!(r.yields[1].mean.to_bits(), 0xc014dd827fc31baf);
    }

    #[test]
    fn bad_work_is_an_error_naming_the_task() {
        let bad_config = McConfig {
            prior: Prior::Uniform,
            sigma: -1.0,
            pairs: 10,
            seed: 1,
        };
        let good = McConfig::new(Prior::Uniform, 0.1, 10, 1).unwrap();
        let mut q = QuestionConfig::new(
            UtilityMatrix::parse("1,0;0,1").unwrap(),
            vec![ConfusionMatrix::parse("1,2;3,4", Orientation::OutputRows).unwrap()],
        );
        q.alpha = -1.0;
        for work in [
            Work::McChunk {
                config: bad_config,
                chunk: 0,
            },
            Work::McChunk {
                config: good,
                chunk: 5,
            },
            Work::PairDifferences {
                config: bad_config,
                points: 10,
            },
            Work::PairDifferences {
                config: good,
                points: 0,
            },
            Work::Scatter {
                balance: 1.5,
                utility: [1.0, 0.0, 0.0, 1.0],
                points: 100,
                keep: 10,
                seed: 1,
            },
            Work::Scatter {
                balance: 0.5,
                utility: [1.0, 0.0, 0.0, 1.0],
                points: 0,
                keep: 10,
                seed: 1,
            },
            Work::Scatter {
                balance: 0.5,
                utility: [1.0, 0.0, 0.0, 1.0],
                points: 10,
                keep: 1 << 40,
                seed: 1,
            },
            Work::Question {
                config: q,
                chunk: 0,
            },
        ] {
            assert!(run_work(&work).is_err(), "{work:?}");
            match answer(9, 4, work.clone()) {
                Response::Error { job, task, message } => {
                    assert_eq!((job, task), (Some(9), Some(4)));
                    assert!(!message.is_empty());
                }
                other => panic!("{work:?}: expected an error, got {other:?}"),
            }
        }
        // A non-finite utility cannot travel as JSON (it becomes null, which is refused), nor
        // be computed with.
        let nan = Work::Scatter {
            balance: 0.5,
            utility: [f64::NAN, 0.0, 0.0, 1.0],
            points: 10,
            keep: 1,
            seed: 1,
        };
        assert!(run_work(&nan).is_err());
        let text = request_json(&Request::Task {
            job: 1,
            task: 0,
            work: nan,
        });
        assert!(handle_json(&text).starts_with(r#"{"kind":"error""#));
    }

    #[test]
    fn malformed_matrices_in_a_question_are_errors_not_panics() {
        // A matrix whose declared shape does not match its data, as a hand-made message could
        // carry: it is refused while the request is read (the matrix deserializes through its
        // constructor), with the task named; the worker never indexes out of bounds.
        let text = r#"{"kind":"task","job":1,"task":0,"work":{"kind":"question","chunk":0,
            "config":{"utility":{"m":{"rows":2,"cols":2,"data":[1,0,0,1]}},
            "classifiers":[{"values":{"rows":5,"cols":5,"data":[1,2]},"total":3}],
            "sigma":0.1,"alpha":1,"draws":10,"seed":1,"bins":5}}}"#;
        let answer = handle_json(text);
        assert!(
            answer.starts_with(r#"{"kind":"error","job":1,"task":0,"#),
            "{answer}"
        );
        assert!(
            answer.contains("matrix cells: expected 25 values, found 2"),
            "{answer}"
        );
        for junk in [
            "",
            "{}",
            "[1,2]",
            r#"{"kind":"task"}"#,
            r#"{"kind":"launch"}"#,
        ] {
            let answer = handle_json(junk);
            assert!(answer.starts_with(r#"{"kind":"error""#), "{junk}: {answer}");
        }
    }

    #[test]
    fn per_metric_values_keep_their_keys_on_the_wire() {
        let t = Tally {
            pairs: 3,
            misranked: PerRanker::from_fn(|r| r.index() as u64),
            error_sum: -5,
            error_sq_sum: 7,
        };
        let text = serde_json::to_string(&Output::McChunk { tally: t.clone() }).unwrap();
        assert!(text.contains(r#""fowlkes_mallows":7"#), "{text}");
        assert_eq!(
            serde_json::from_str::<Output>(&text).unwrap(),
            Output::McChunk { tally: t }
        );
    }
}
