//! The messages between the page and the web worker (`src/bin/mc_worker.rs`), and the worker's
//! pure request handler — no web crates, so it is tested natively.
//!
//! Protocol: when the worker has loaded its wasm it posts [`Response::Ready`] (messages sent to
//! a worker before its wasm is running would be lost, so the page waits for it); then each
//! [`Request`] the page posts gets exactly one [`Response`]. On the wire both are plain JS
//! objects tagged by `kind`, e.g. `{kind: "yield", utility: "15,-335;-35,165", confusion:
//! "27,15;23,35"}` → `{kind: "yield", value: 3.5}`.
//!
//! The Monte Carlo requests (seed 000 §4.2) will be added here as further variants.

use crate::core::{ConfusionMatrix, Orientation, UtilityMatrix};
use serde::{Deserialize, Serialize};

/// A request from the page to the worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Request {
    /// The utility yield `Σ U_ij C_ij` of one confusion matrix (matrix syntax, rows = output).
    Yield { utility: String, confusion: String },
}

/// A message from the worker to the page.
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
    /// The request could not be understood or computed; one line for the user.
    Error { message: String },
}

impl Response {
    /// The message a freshly started worker posts.
    pub fn ready() -> Response {
        Response::Ready {
            version: env!("CARGO_PKG_VERSION").to_string(),
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
        Request::Yield { utility, confusion } => {
            let value = UtilityMatrix::parse(&utility)
                .map_err(|e| format!("utility matrix: {e}"))
                .and_then(|u| {
                    let cm = ConfusionMatrix::parse(&confusion, Orientation::OutputRows)
                        .map_err(|e| format!("confusion matrix: {e}"))?;
                    u.yield_of(&cm).map_err(|e| e.to_string())
                });
            match value {
                Ok(value) => Response::Yield { value },
                Err(message) => Response::Error { message },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yield_request(utility: &str, confusion: &str) -> Request {
        Request::Yield {
            utility: utility.into(),
            confusion: confusion.into(),
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
                Response::Error { message } => assert!(!message.is_empty()),
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
    }
}
