//! The worker's messages: real requests (yield, Monte Carlo chunk, fig. 6 points, scatter,
//! your question) serialized, then with numbers swapped for hostile ones (huge, negative,
//! 2⁶⁴, null, strings) or the text mutated; and responses likewise. Checks: `handle_json`
//! answers every text with a response that `parse_response` reads; a yield answered is finite.

use super::Case;
use crate::inputs::Gen;
use utility_lab::core::mc::question::QuestionConfig;
use utility_lab::core::mc::{McConfig, Prior};
use utility_lab::core::{ConfusionMatrix, Orientation, UtilityMatrix};
use utility_lab::worker::{Request, Response, Work, handle_json, parse_response, request_json};

const HOSTILE: &[&str] = &[
    "0",
    "-1",
    "1e308",
    "1.5",
    "18446744073709551615",
    "18446744073709551616",
    "4294967296",
    "null",
    "\"x\"",
    "[]",
    "{}",
    "-0",
    "1e-320",
    "NaN",
    "1e400",
];

/// A small, valid request.
fn request(g: &mut Gen) -> Request {
    let config = McConfig::new(
        *g.pick(&[Prior::Uniform, Prior::Gaussian]),
        g.unit() * 0.3,
        1 + g.below(2000) as u64,
        g.bits(),
    )
    .expect("valid settings");
    let job = g.below(100) as u32;
    let task = g.below(100) as u32;
    let work = match g.below(5) {
        0 => {
            return Request::Yield {
                utility: g.matrix_of(2, 2),
                confusion: g.matrix_of(2, 2),
            };
        }
        1 => Work::McChunk { config, chunk: 0 },
        2 => Work::PairDifferences {
            config,
            points: g.below(200) as u64,
        },
        3 => Work::Scatter {
            balance: g.unit(),
            utility: [g.unit(), g.unit(), g.unit(), g.unit()],
            points: g.below(500) as u64,
            keep: g.below(100) as u64,
            seed: g.bits(),
        },
        _ => {
            let u = UtilityMatrix::parse("15,-335;-35,165").expect("valid");
            let cm = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).expect("valid");
            let mut q = QuestionConfig::new(u, vec![cm.clone(), cm]);
            q.draws = 1 + g.below(300) as u64;
            q.seed = g.bits();
            Work::Question {
                config: q,
                chunk: 0,
            }
        }
    };
    Request::Task { job, task, work }
}

/// `json` with one of its numbers replaced by a hostile token.
fn swap_number(g: &mut Gen, json: &str) -> String {
    let b = json.as_bytes();
    let starts: Vec<usize> = (0..b.len())
        .filter(|&k| {
            (b[k].is_ascii_digit() || b[k] == b'-')
                && (k == 0 || matches!(b[k - 1], b':' | b'[' | b','))
        })
        .collect();
    if starts.is_empty() {
        return json.to_string();
    }
    let s = *g.pick(&starts);
    let mut e = s + 1;
    while e < b.len() && (b[e].is_ascii_digit() || matches!(b[e], b'.' | b'e' | b'E' | b'-' | b'+'))
    {
        e += 1;
    }
    format!("{}{}{}", &json[..s], g.pick(HOSTILE), &json[e..])
}

pub fn run(g: &mut Gen, case: &mut Case) {
    let mut text = request_json(&request(g));
    for _ in 0..g.below(3) {
        text = swap_number(g, &text);
    }
    match g.below(10) {
        0 => text = g.mutate(&text),
        1 => text = g.noise(60),
        _ => {}
    }
    case.input(text.clone());
    let answer = handle_json(&text);
    match parse_response(&answer) {
        Ok(Response::Yield { value }) => case.finite("yield", value),
        Ok(Response::Done { output, .. }) => case.debug_finite("a task's output", &output),
        Ok(_) => {}
        Err(e) => case.mismatch(format!("the answer {answer} does not read back: {e}")),
    }
    let response = match g.below(3) {
        0 => Response::ready(),
        1 => Response::Yield { value: g.real() },
        _ => Response::error(g.name()),
    };
    let mut r = serde_json::to_string(&response).unwrap_or_default();
    if g.chance(0.5) {
        r = swap_number(g, &r);
    }
    if g.chance(0.3) {
        r = g.mutate(&r);
    }
    if let Ok(Response::Yield { value }) = parse_response(&r) {
        case.finite("parsed yield", value);
    }
}
