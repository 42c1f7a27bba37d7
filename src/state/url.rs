//! The link format: the whole state in the URL fragment, readable and writable by hand.
//!
//! `#v=1&view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short`
//!
//! | key | value |
//! |---|---|
//! | `v` | format version (1) |
//! | `view` | `compare`, `space`, `reliability`, `roc`, `decide`, `pd`, `story` |
//! | `u` | utility matrix, rows = decisions, columns = classes (matrix syntax) |
//! | `cm.NAME` | a classifier's confusion matrix, rows = output (unless `orient=true-rows`); one key per classifier, in order |
//! | `classes` | class names, comma-separated |
//! | `decisions` | decision names, comma-separated (when `u` has more rows than columns) |
//! | `orient` | `true-rows`: the matrices in this link have rows = true class (default `output-rows`) |
//! | `prev` | deployment class shares, comma-separated (normalized if they don't sum to 1) |
//! | `kappa` | p-d preference vector, comma-separated, each in [0, 1] |
//! | `embed` | `1`: the view alone, for an iframe |
//! | `prior`, `sigma`, `pairs`, `seed` | Monte Carlo settings |
//! | `axis` | `sigma` or `realized`: x axis of the reliability curves |
//! | `balance` | class-0 share of the scatter plots (figs. 2–3) |
//! | `metrics` | metric keys shown in the reliability view, comma-separated |
//! | `qsigma`, `qalpha`, `qdraws`, `qseed`, `qn` | the user's own question: utility noise σ, Dirichlet α, draws, seed, test-set size assumed for classifiers given as fractions |
//! | `step` | story step (1-based) |
//!
//! Names and labels are percent-encoded (UTF-8). Decoding never fails: a bad or unknown part is
//! ignored with a [`Notice`] saying what and why, and everything else is applied.

use super::{
    clean_name, default_class_name, default_decision_name, presets, AppState, Classifier,
    ErrorAxis, McSettings, Prior, View, FORMAT_VERSION, MAX_CLASSIFIERS, MAX_PAIRS,
    MAX_QUESTION_DRAWS, MAX_QUESTION_N,
};
use crate::core::{ConfusionMatrix, Matrix, Orientation};
use crate::text::truncate;

/// The metric keys of the Monte Carlo (`ulab mc --json`).
pub const MC_METRIC_KEYS: [&str; 11] = [
    "accuracy",
    "balanced_accuracy",
    "precision",
    "recall",
    "specificity",
    "f1",
    "mcc",
    "fowlkes_mallows",
    "kappa",
    "preference_driven",
    "utility",
];

/// Number of steps of the story view.
pub const STORY_STEPS: usize = 8;

/// Something in a link that was ignored, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The key (or the raw part) concerned.
    pub key: String,
    /// What was done about it, in one sentence.
    pub message: String,
}

impl std::fmt::Display for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.key, self.message)
    }
}

/// A decoded link: the state (always valid) and what was ignored.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// The state to show.
    pub state: AppState,
    /// What was ignored and why (empty for a clean link).
    pub notices: Vec<Notice>,
}

const MAX_FRAGMENT: usize = 200_000;

/// Decodes a fragment (with or without the leading `#`). Never panics, whatever the input.
/// An empty fragment gives the default state (the factory example).
///
/// # Examples
///
/// ```
/// use utility_lab::state::url::decode;
/// let d = decode("#view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short");
/// assert!(d.notices.is_empty());
/// assert_eq!(d.state.classifiers[1].name, "B");
/// let bad = decode("#u=1,0;0,x&cm.A=3,1;1,3&colour=red");
/// assert_eq!(bad.notices.len(), 2);
/// assert_eq!(bad.state.utility.to_string(), "1,0;0,1"); // identity, the default
/// ```
pub fn decode(fragment: &str) -> Decoded {
    let mut notices = Vec::new();
    let mut note = |key: &str, message: String| {
        notices.push(Notice {
            key: truncate(key, 40),
            message,
        });
    };
    let raw = fragment.strip_prefix('#').unwrap_or(fragment);
    let raw = if raw.len() > MAX_FRAGMENT {
        note(
            "link",
            format!("longer than {MAX_FRAGMENT} characters; the rest was ignored"),
        );
        let mut end = MAX_FRAGMENT;
        while !raw.is_char_boundary(end) {
            end -= 1;
        }
        &raw[..end]
    } else {
        raw
    };

    // 1. Split into (key, value) pairs, keeping order.
    let mut pairs: Vec<(String, String)> = Vec::new();
    for part in raw.split('&') {
        if part.trim().is_empty() {
            continue;
        }
        match part.split_once('=') {
            // Values stay raw here: name lists are split on ',' before decoding.
            Some((k, v)) => pairs.push((pct_decode(k).trim().to_string(), v.to_string())),
            None => {
                let k = pct_decode(part);
                if k.trim() == "embed" {
                    pairs.push(("embed".into(), "1".into()));
                } else {
                    note(&k, "has no value (expected key=value); ignored".into());
                }
            }
        }
    }
    let get_raw = |key: &str| {
        pairs
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    };
    let get = |key: &str| get_raw(key).map(|v| pct_decode(&v));

    let has_content = pairs
        .iter()
        .any(|(k, _)| k == "u" || k == "classes" || k == "decisions" || k.starts_with("cm."));
    let mut state = if has_content {
        AppState {
            classes: vec![],
            decisions: vec![],
            classifiers: vec![],
            ..presets::factory()
        }
    } else {
        presets::factory()
    };

    // 2. Version and orientation first: they change how the rest is read.
    if let Some(v) = get("v") {
        match v.trim().parse::<u32>() {
            Ok(n) if n <= FORMAT_VERSION => {}
            Ok(n) => note(
                "v",
                format!(
                    "this link was made by a newer version of Utility Lab (format {n}); \
                     parts this version does not know are ignored"
                ),
            ),
            Err(_) => note(
                "v",
                format!(
                    "'{}' is not a version number; read as version 1",
                    truncate(&v, 20)
                ),
            ),
        }
    }
    let orientation = match get("orient") {
        None => Orientation::OutputRows,
        Some(o) => match Orientation::parse(&o) {
            Some(o) => o,
            None => {
                note(
                    "orient",
                    format!(
                        "'{}' is not 'true-rows' or 'output-rows'; read as output-rows",
                        truncate(&o, 20)
                    ),
                );
                Orientation::OutputRows
            }
        },
    };
    state.orientation = orientation;

    // 3. Matrices.
    let mut utility: Option<Matrix> = None;
    if let Some(u) = get("u") {
        match Matrix::parse(&u) {
            Ok(m) if m.cols() < 2 => {
                note("u", "needs at least 2 columns (classes); ignored".into())
            }
            Ok(m) if m.rows() < m.cols() => note(
                "u",
                format!(
                    "has {} rows but needs at least one decision per class ({}); ignored",
                    m.rows(),
                    m.cols()
                ),
            ),
            Ok(m) if m.cols() > crate::core::confusion::MAX_CLASSES => {
                note("u", "has too many classes; ignored".into())
            }
            Ok(m) => utility = Some(m),
            Err(e) => note("u", format!("{e}; ignored")),
        }
    }
    let mut classifiers: Vec<Classifier> = Vec::new();
    for (k, v) in &pairs {
        let Some(name) = k.strip_prefix("cm.") else {
            continue;
        };
        let name = clean_name(name);
        if name.is_empty() {
            note(k, "a classifier needs a name (cm.NAME=…); ignored".into());
            continue;
        }
        if classifiers.iter().any(|c| c.name == name) {
            note(k, format!("a second classifier named '{name}'; ignored"));
            continue;
        }
        if classifiers.len() >= MAX_CLASSIFIERS {
            note(
                k,
                format!("more than {MAX_CLASSIFIERS} classifiers; ignored"),
            );
            continue;
        }
        match ConfusionMatrix::parse(&pct_decode(v), orientation) {
            Ok(cm) => classifiers.push(Classifier {
                name,
                matrix: cm.counts().clone(),
            }),
            Err(e) => note(k, format!("{e}; ignored")),
        }
    }

    // 4. The number of classes: from u, else the first classifier, else the class names.
    let class_names = get_raw("classes").map(|c| split_names(&c));
    let n = utility
        .as_ref()
        .map(|u| u.cols())
        .or_else(|| classifiers.first().map(|c| c.matrix.rows()))
        .or_else(|| class_names.as_ref().map(|c| c.len()).filter(|n| *n >= 2))
        .unwrap_or(2)
        .clamp(2, crate::core::confusion::MAX_CLASSES);
    classifiers.retain(|c| {
        let ok = c.matrix.rows() == n;
        if !ok {
            note(
                &format!("cm.{}", c.name),
                format!(
                    "is {0} × {0} but there are {n} classes; ignored",
                    c.matrix.rows()
                ),
            );
        }
        ok
    });
    // A link whose every matrix and class list was unreadable opens the factory example
    // rather than an empty page.
    let names_ok = class_names
        .as_ref()
        .is_some_and(|c| c.len() >= 2 && c.iter().all(|s| !s.is_empty()));
    let fallback = has_content && utility.is_none() && classifiers.is_empty() && !names_ok;
    if fallback {
        note(
            "link",
            "no matrix or class list in it could be read; showing the factory example".into(),
        );
        let factory = presets::factory();
        state.utility = factory.utility;
        state.classifiers = factory.classifiers;
        state.classes = factory.classes;
    } else if has_content {
        state.utility = utility.unwrap_or_else(|| Matrix::identity(n).expect("n ≥ 2"));
        state.classifiers = classifiers;
        state.classes = (0..n).map(default_class_name).collect();
    }
    if let Some(names) = class_names {
        if names.len() == n && names.iter().all(|s| !s.is_empty()) {
            state.classes = names;
        } else {
            note(
                "classes",
                format!("{} names for {n} classes; default names used", names.len()),
            );
        }
    }
    let n_d = state.utility.rows();
    state.decisions = (0..n_d)
        .map(|d| default_decision_name(d, &state.classes))
        .collect();
    if let Some(d) = get_raw("decisions") {
        let names = split_names(&d);
        if names.len() == n_d && names.iter().all(|s| !s.is_empty()) {
            state.decisions = names;
        } else {
            note(
                "decisions",
                format!(
                    "{} names for {n_d} decisions; default names used",
                    names.len()
                ),
            );
        }
    }

    // 5. Vectors.
    if let Some(p) = get("prev") {
        match parse_list(&p) {
            Some(v)
                if v.len() == n && v.iter().all(|x| *x >= 0.0) && v.iter().sum::<f64>() > 0.0 =>
            {
                let s: f64 = v.iter().sum();
                if (s - 1.0).abs() > 1e-6 {
                    note(
                        "prev",
                        format!("the shares sum to {s}; they were rescaled to sum to 1"),
                    );
                }
                state.prevalence = Some(v.iter().map(|x| x / s).collect());
            }
            _ => note("prev", format!("expected {n} non-negative shares; ignored")),
        }
    }
    if let Some(k) = get("kappa") {
        match parse_list(&k) {
            Some(v) if v.len() == n && v.iter().all(|x| (0.0..=1.0).contains(x)) => {
                state.kappa = Some(v)
            }
            _ => note(
                "kappa",
                format!("expected {n} values between 0 and 1; ignored"),
            ),
        }
    }

    // 6. Scalars.
    if let Some(e) = get("embed") {
        match e.trim() {
            "1" | "true" | "yes" => state.embed = true,
            "0" | "false" | "no" => state.embed = false,
            other => note(
                "embed",
                format!("'{}' is not 1 or 0; ignored", truncate(other, 20)),
            ),
        }
    }
    if let Some(v) = get("view") {
        match View::from_key(v.trim()) {
            Some(view) if view.is_available() => state.view = view,
            Some(view) => note(
                "view",
                format!(
                    "the {} view is not available in this version; showing Compare",
                    view.label()
                ),
            ),
            None => note(
                "view",
                format!("unknown view '{}'; showing Compare", truncate(&v, 20)),
            ),
        }
    }
    let mc = &mut state.mc;
    if let Some(p) = get("prior") {
        match Prior::from_key(p.trim()) {
            Some(p) => mc.prior = p,
            None => note(
                "prior",
                format!(
                    "'{}' is not 'uniform' or 'gaussian'; ignored",
                    truncate(&p, 20)
                ),
            ),
        }
    }
    if let Some(s) = get("sigma") {
        match s.trim().parse::<f64>() {
            Ok(v) if (0.0..=1.0).contains(&v) => mc.sigma = v,
            _ => note(
                "sigma",
                format!(
                    "'{}' is not a number between 0 and 1; ignored",
                    truncate(&s, 20)
                ),
            ),
        }
    }
    if let Some(p) = get("pairs") {
        match p.trim().parse::<f64>() {
            Ok(v) if v >= 1.0 && v <= MAX_PAIRS as f64 && v.fract() == 0.0 => mc.pairs = v as u64,
            _ => note(
                "pairs",
                format!(
                    "'{}' is not a whole number from 1 to {MAX_PAIRS}; ignored",
                    truncate(&p, 20)
                ),
            ),
        }
    }
    if let Some(s) = get("seed") {
        match s.trim().parse::<u64>() {
            Ok(v) => mc.seed = v,
            Err(_) => note(
                "seed",
                format!("'{}' is not a whole number ≥ 0; ignored", truncate(&s, 24)),
            ),
        }
    }
    if let Some(a) = get("axis") {
        match a.trim() {
            "sigma" => mc.axis = ErrorAxis::Sigma,
            "realized" => mc.axis = ErrorAxis::Realized,
            _ => note(
                "axis",
                format!(
                    "'{}' is not 'sigma' or 'realized'; ignored",
                    truncate(&a, 20)
                ),
            ),
        }
    }
    if let Some(b) = get("balance") {
        match b.trim().parse::<f64>() {
            Ok(v) if v > 0.0 && v < 1.0 => mc.balance = v,
            _ => note(
                "balance",
                format!(
                    "'{}' is not a share strictly between 0 and 1; ignored",
                    truncate(&b, 20)
                ),
            ),
        }
    }
    if let Some(m) = get("metrics") {
        let keys: Vec<String> = m
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        let (good, bad): (Vec<String>, Vec<String>) = keys
            .into_iter()
            .partition(|k| MC_METRIC_KEYS.contains(&k.as_str()));
        if !bad.is_empty() {
            note(
                "metrics",
                format!(
                    "unknown metric(s) {}; ignored",
                    truncate(&bad.join(", "), 60)
                ),
            );
        }
        mc.metrics = good;
    }
    decode_question(&get, &mut mc.question, &mut note);
    if let Some(s) = get("step") {
        match s.trim().parse::<usize>() {
            Ok(v) if (1..=STORY_STEPS).contains(&v) => state.step = v - 1,
            _ => note(
                "step",
                format!(
                    "'{}' is not a step from 1 to {STORY_STEPS}; ignored",
                    truncate(&s, 20)
                ),
            ),
        }
    }

    // 7. Unknown keys.
    const KNOWN: &[&str] = &[
        "v",
        "view",
        "u",
        "classes",
        "decisions",
        "orient",
        "prev",
        "kappa",
        "embed",
        "prior",
        "sigma",
        "pairs",
        "seed",
        "axis",
        "balance",
        "metrics",
        "step",
        "qsigma",
        "qalpha",
        "qdraws",
        "qseed",
        "qn",
    ];
    for (k, _) in &pairs {
        if k.is_empty() {
            note("=", "a part with no key before '='; ignored".into());
        } else if !k.starts_with("cm.") && !KNOWN.contains(&k.as_str()) {
            note(k, "unknown key; ignored".into());
        }
    }

    if let Err(e) = state.validate() {
        // Should not happen: every part above is checked. Never show a broken state.
        note("link", format!("{e}; the default example is shown instead"));
        state = presets::factory();
    }
    Decoded { state, notices }
}

/// An encoded fragment with its view set to `view` (the `view=` part replaced, or added after
/// the version): the same link as [`encode`] of the state with that view, without encoding
/// the state again.
///
/// # Examples
///
/// ```
/// use utility_lab::state::{url, View};
/// assert_eq!(
///     url::with_view("v=1&view=compare&u=1,0;0,1", View::Story),
///     "v=1&view=story&u=1,0;0,1"
/// );
/// assert_eq!(url::with_view("u=1,0;0,1", View::Reliability), "view=reliability&u=1,0;0,1");
/// ```
pub fn with_view(fragment: &str, view: View) -> String {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let part = format!("view={}", view.key());
    let mut parts: Vec<&str> = fragment
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("view="))
        .collect();
    let at = usize::from(parts.first().is_some_and(|p| p.starts_with("v=")));
    parts.insert(at, &part);
    parts.join("&")
}

/// Encodes the state as a fragment (without `#`): the version, the view, the matrices and
/// every setting that differs from its default. `decode(encode(s))` gives `s` back.
///
/// # Examples
///
/// ```
/// use utility_lab::state::{url, AppState};
/// let s = AppState::default();
/// assert_eq!(
///     url::encode(&s),
///     "v=1&view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short"
/// );
/// assert_eq!(url::decode(&url::encode(&s)).state, s);
/// ```
pub fn encode(state: &AppState) -> String {
    let mut parts: Vec<String> = vec![
        format!("v={FORMAT_VERSION}"),
        format!("view={}", state.view.key()),
    ];
    if state.embed {
        parts.push("embed=1".into());
    }
    if state.orientation == Orientation::TrueRows {
        parts.push("orient=true-rows".into());
    }
    parts.push(format!("u={}", state.utility));
    for c in &state.classifiers {
        parts.push(format!(
            "cm.{}={}",
            pct_encode(&c.name),
            c.matrix.to_orientation(state.orientation)
        ));
    }
    let default_classes: Vec<String> = (0..state.n()).map(default_class_name).collect();
    if state.classes != default_classes {
        parts.push(format!("classes={}", join_names(&state.classes)));
    }
    let default_decisions: Vec<String> = (0..state.utility.rows())
        .map(|d| default_decision_name(d, &state.classes))
        .collect();
    if state.decisions != default_decisions {
        parts.push(format!("decisions={}", join_names(&state.decisions)));
    }
    if let Some(p) = &state.prevalence {
        parts.push(format!("prev={}", join_numbers(p)));
    }
    if let Some(k) = &state.kappa {
        parts.push(format!("kappa={}", join_numbers(k)));
    }
    let d = McSettings::default();
    let mc = &state.mc;
    if mc.prior != d.prior {
        parts.push(format!("prior={}", mc.prior.key()));
    }
    if mc.sigma != d.sigma {
        parts.push(format!("sigma={}", mc.sigma));
    }
    if mc.pairs != d.pairs {
        parts.push(format!("pairs={}", mc.pairs));
    }
    if mc.seed != d.seed {
        parts.push(format!("seed={}", mc.seed));
    }
    if mc.axis != d.axis {
        parts.push("axis=realized".into());
    }
    if mc.balance != d.balance {
        parts.push(format!("balance={}", mc.balance));
    }
    if !mc.metrics.is_empty() {
        parts.push(format!("metrics={}", mc.metrics.join(",")));
    }
    let (q, dq) = (&mc.question, &d.question);
    if q.sigma != dq.sigma {
        parts.push(format!("qsigma={}", q.sigma));
    }
    if q.alpha != dq.alpha {
        parts.push(format!("qalpha={}", q.alpha));
    }
    if q.draws != dq.draws {
        parts.push(format!("qdraws={}", q.draws));
    }
    if q.seed != dq.seed {
        parts.push(format!("qseed={}", q.seed));
    }
    if q.n != dq.n {
        parts.push(format!("qn={}", q.n));
    }
    if state.step != 0 {
        parts.push(format!("step={}", state.step + 1));
    }
    parts.join("&")
}

/// The question's keys (`qsigma`, `qalpha`, `qdraws`, `qseed`, `qn`): each applied if valid,
/// else noted.
fn decode_question(
    get: &dyn Fn(&str) -> Option<String>,
    q: &mut super::QuestionSettings,
    note: &mut dyn FnMut(&str, String),
) {
    let real =
        |key: &str, lo: f64, hi: f64, target: &mut f64, note: &mut dyn FnMut(&str, String)| {
            if let Some(s) = get(key) {
                match s.trim().parse::<f64>() {
                    Ok(v) if (lo..=hi).contains(&v) => *target = v,
                    _ => note(
                        key,
                        format!(
                            "'{}' is not a number from {lo} to {hi}; ignored",
                            truncate(&s, 20)
                        ),
                    ),
                }
            }
        };
    real("qsigma", 0.0, 1.0, &mut q.sigma, note);
    real("qalpha", 0.0, 1000.0, &mut q.alpha, note);
    let whole =
        |key: &str, lo: u64, hi: u64, target: &mut u64, note: &mut dyn FnMut(&str, String)| {
            if let Some(s) = get(key) {
                match s.trim().parse::<u64>() {
                    Ok(v) if (lo..=hi).contains(&v) => *target = v,
                    _ => note(
                        key,
                        format!(
                            "'{}' is not a whole number from {lo} to {hi}; ignored",
                            truncate(&s, 24)
                        ),
                    ),
                }
            }
        };
    whole("qdraws", 1, MAX_QUESTION_DRAWS, &mut q.draws, note);
    whole("qseed", 0, u64::MAX, &mut q.seed, note);
    whole("qn", 1, MAX_QUESTION_N, &mut q.n, note);
}

fn join_numbers(v: &[f64]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn join_names(names: &[String]) -> String {
    names
        .iter()
        .map(|n| pct_encode(n))
        .collect::<Vec<_>>()
        .join(",")
}

/// Splits a raw (still percent-encoded) list of names on ',' and decodes each name, so that a
/// name containing ',' (encoded `%2C`) survives.
fn split_names(raw: &str) -> Vec<String> {
    raw.split(',').map(|n| clean_name(&pct_decode(n))).collect()
}

fn parse_list(s: &str) -> Option<Vec<f64>> {
    let m = Matrix::parse(s).ok()?;
    (m.rows() == 1).then(|| m.data().to_vec())
}

/// Percent-encodes everything but ASCII letters, digits and `-_.~` (UTF-8 bytes).
///
/// # Examples
///
/// ```
/// use utility_lab::state::url::{pct_decode, pct_encode};
/// assert_eq!(pct_encode("Model A, v2"), "Model%20A%2C%20v2");
/// assert_eq!(pct_decode(&pct_encode("<img src=x>é")), "<img src=x>é");
/// ```
pub fn pct_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Decodes `%XX` escapes (invalid escapes are kept as they are; invalid UTF-8 is replaced).
pub fn pct_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = |c: u8| (c as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_example_decodes_cleanly() {
        let d = decode(
            "#view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short",
        );
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        assert_eq!(d.state, presets::factory());
    }

    #[test]
    fn true_rows_links_are_transposed() {
        let d = decode("u=15,-335;-35,165&orient=true-rows&cm.A=27,23;15,35");
        assert!(d.notices.is_empty());
        assert_eq!(d.state.classifiers[0].matrix.to_string(), "27,15;23,35");
        assert_eq!(d.state.orientation, Orientation::TrueRows);
        let again = decode(&encode(&d.state));
        assert_eq!(again.state, d.state);
        assert!(encode(&d.state).contains("cm.A=27,23;15,35"));
    }

    #[test]
    fn names_with_separators_round_trip() {
        let mut s = presets::factory();
        s.classifiers[0].name = "<img src=x onerror=alert(1)>".into();
        s.classes = vec!["a,b".into(), "c&d=e".into()];
        let e = encode(&s);
        let d = decode(&e);
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        assert_eq!(d.state, s);
    }

    #[test]
    fn bad_parts_are_reported_and_the_rest_applied() {
        let d = decode("#v=9&view=nope&u=1,2;3&cm.A=27,15;23,35&cm.B=-1,0;0,1&classes=x&prev=0.5&kappa=2,0&sigma=-1&pairs=0&seed=abc&prior=flat&foo=bar&junk");
        let keys: Vec<&str> = d.notices.iter().map(|n| n.key.as_str()).collect();
        for k in [
            "v", "view", "u", "cm.B", "classes", "prev", "kappa", "sigma", "pairs", "seed",
            "prior", "foo", "junk",
        ] {
            assert!(keys.contains(&k), "no notice for {k}: {keys:?}");
        }
        assert_eq!(d.state.classifiers.len(), 1);
        assert_eq!(d.state.utility.to_string(), "1,0;0,1");
        d.state.validate().unwrap();
    }

    #[test]
    fn a_link_with_nothing_readable_opens_the_factory_with_notices() {
        let d = decode("#view=compare&u=1,2;3&cm.A=x&zzz=1&classes=a&==");
        assert_eq!(d.state.classifiers, presets::factory().classifiers);
        assert_eq!(d.state.utility, presets::factory().utility);
        let keys: Vec<&str> = d.notices.iter().map(|n| n.key.as_str()).collect();
        for k in ["u", "cm.A", "zzz", "classes", "link", "="] {
            assert!(keys.contains(&k), "no notice for {k}: {keys:?}");
        }
        assert!(d.notices.iter().all(|n| !n.key.is_empty()));
        d.state.validate().unwrap();
        // A bare class list is a real (empty) problem, not a broken link.
        let d = decode("classes=a,b,c");
        assert!(d.notices.is_empty());
        assert_eq!(d.state.classes, ["a", "b", "c"]);
        assert!(d.state.classifiers.is_empty());
    }

    #[test]
    fn with_view_is_encode_with_that_view() {
        let mut s = presets::factory();
        s.step = 3;
        for v in View::ALL {
            let mut t = s.clone();
            t.view = v;
            assert_eq!(with_view(&encode(&s), v), encode(&t));
        }
    }

    #[test]
    fn size_mismatch_drops_the_classifier() {
        let d = decode("u=1,0;0,1&cm.A=1,2,3;4,5,6;7,8,9&cm.B=1,2;3,4");
        assert_eq!(d.state.classifiers.len(), 1);
        assert_eq!(d.notices.len(), 1);
        assert_eq!(d.notices[0].key, "cm.A");
    }

    #[test]
    fn prevalence_is_rescaled_with_a_notice() {
        let d = decode("u=1,0;0,1&cm.A=1,2;3,4&prev=1,3");
        assert_eq!(d.state.prevalence, Some(vec![0.25, 0.75]));
        assert_eq!(d.notices.len(), 1);
    }

    #[test]
    fn empty_and_view_only_links_show_the_factory() {
        assert_eq!(decode("").state, presets::factory());
        let d = decode("#view=story&step=3");
        assert_eq!(d.state.view, View::Story);
        assert_eq!(d.state.step, 2);
        assert_eq!(d.state.classifiers.len(), 2);
    }

    #[test]
    fn mc_settings_round_trip() {
        let mut s = presets::factory();
        s.view = View::Reliability;
        s.mc.prior = Prior::Gaussian;
        s.mc.sigma = 0.11;
        s.mc.pairs = 250_000;
        s.mc.seed = 42;
        s.mc.axis = ErrorAxis::Realized;
        s.mc.balance = 0.9;
        s.mc.metrics = vec!["accuracy".into(), "utility".into()];
        let d = decode(&encode(&s));
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        assert_eq!(d.state, s);
    }

    #[test]
    fn question_settings_round_trip_and_bad_values_are_noted() {
        let mut s = presets::factory();
        s.view = View::Reliability;
        s.mc.question.sigma = 0.2;
        s.mc.question.alpha = 0.5;
        s.mc.question.draws = 50_000;
        s.mc.question.seed = u64::MAX;
        s.mc.question.n = 250;
        let e = encode(&s);
        assert!(
            e.contains("qsigma=0.2&qalpha=0.5&qdraws=50000&qseed=18446744073709551615&qn=250"),
            "{e}"
        );
        let d = decode(&e);
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        assert_eq!(d.state, s);
        // Defaults are not written.
        assert!(!encode(&presets::factory()).contains("qsigma"));
        let d = decode("view=reliability&qsigma=-1&qalpha=x&qdraws=0&qseed=-3&qn=0");
        let keys: Vec<&str> = d.notices.iter().map(|n| n.key.as_str()).collect();
        assert_eq!(keys, ["qsigma", "qalpha", "qdraws", "qseed", "qn"]);
        assert_eq!(
            d.state.mc.question,
            super::super::QuestionSettings::default()
        );
    }

    #[test]
    fn pct_decode_is_total() {
        for s in ["%", "%4", "%zz", "%E9", "a%2", "%%%", "100%"] {
            let _ = pct_decode(s);
        }
        assert_eq!(pct_decode("a%20b"), "a b");
        assert_eq!(pct_decode("100%"), "100%");
    }
}
