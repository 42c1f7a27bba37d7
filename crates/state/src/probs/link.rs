//! The Probabilities view's keys in the link, entries of the app's one key table
//! ([`crate::link::keys::KEYS`]), and the settings they read and write ([`ProbsLink`], the
//! `probs` field of [`AppState`]):
//!
//! | key | value |
//! |---|---|
//! | `sample` | `triage` or `screening`: the built-in sample shown ([`super::sample`]) |
//! | `pmodels` | the models of the file the link was made with (names, comma-separated): a memo, the file itself is not in the link |
//! | `pbins` | bins of the reliability diagrams, 2–50 (default 10) |
//! | `pseed` | the seed of the paired bootstrap (default 1) |
//!
//! The view also reads the shared keys `u`, `classes`, `decisions` (the utility matrix's
//! columns are the file's classes, in its order), `prev` (deployment shares) and `pos` (the
//! positive label of single-column files, as the ROC view reads it).
//!
//! **A sample's problem.** A link with `sample` and no problem of its own (no `u`, `cm.NAME`,
//! `classes` or `decisions`: the problem the decoder gives is the factory example's) opens
//! with the sample's classes, decisions and utilities ([`apply_sample_problem`]), so that
//! `#view=probs&sample=triage` shows the whole view working. A link that gives its own
//! problem keeps it; the view then says when it does not fit the sample.
//!
//! A file cannot live in a link (10⁶ rows). After a file is read the link holds `pmodels`;
//! a reload shows [`reload_notice`]: the file must be given again.

use super::sample::{SAMPLES, problem};
use crate::edit::text::{Rule, read_syntax};
use crate::link::error::LinkError;
use crate::link::key::{Key, read_whole, write_whole};
use crate::presets::factory::factory;
use crate::roc::link::{names_in_words, read_memo, write_memo};
use crate::{AppState, ProblemFields};
use serde::{Deserialize, Serialize};

/// The key of the built-in sample.
pub const SAMPLE_KEY: &str = "sample";

/// The key of the file's model names.
pub const MODELS_KEY: &str = "pmodels";

/// The default bins of the reliability diagrams.
pub const DEFAULT_BINS: usize = 10;

/// The fewest and most bins of the reliability diagrams.
pub const BINS_RANGE: (usize, usize) = (2, 50);

/// The default seed of the bootstrap.
pub const DEFAULT_SEED: u64 = 1;

/// The view's settings (what the link holds of it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProbsLink {
    /// The built-in sample shown, if any (`triage`, `screening`).
    pub sample: Option<String>,
    /// The model names of the file the link was made with.
    pub models: Vec<String>,
    /// Bins of the reliability diagrams.
    pub bins: usize,
    /// The seed of the paired bootstrap.
    pub seed: u64,
}

impl Default for ProbsLink {
    fn default() -> ProbsLink {
        ProbsLink {
            sample: None,
            models: Vec::new(),
            bins: DEFAULT_BINS,
            seed: DEFAULT_SEED,
        }
    }
}

/// The problem of the sample `name`: its classes, decisions and utility matrix, without
/// classifiers; `None` for an unknown sample.
///
/// # Examples
///
/// ```
/// use ulab_state::probs::link::sample_problem;
/// let p = sample_problem("triage").unwrap();
/// assert_eq!((p.utility.rows(), p.utility.cols(), p.decisions[3].as_str()), (4, 3, "refer"));
/// ```
pub fn sample_problem(name: &str) -> Option<ProblemFields> {
    let p = problem(name)?;
    Some(ProblemFields {
        classes: p.classes.iter().map(|c| c.to_string()).collect(),
        decisions: p.decisions.iter().map(|d| d.to_string()).collect(),
        utility: read_syntax(p.utility, Rule::Any).ok()?,
        classifiers: Vec::new(),
        decided: Vec::new(),
    })
}

/// Puts the sample `name`'s problem in force (its classes, decisions and utilities; the
/// classifiers stay if `keep_classifiers` and they fit, else they go), and shows the sample.
///
/// # Errors
/// An unknown sample (nothing changes).
///
/// # Examples
///
/// ```
/// use ulab_state::AppState;
/// use ulab_state::probs::link::apply_sample_problem;
/// let mut s = AppState::default();
/// apply_sample_problem(&mut s, "triage", true).unwrap();
/// assert_eq!((s.n(), s.classifiers().len(), s.probs.sample.as_deref()), (3, 0, Some("triage")));
/// ```
pub fn apply_sample_problem(
    s: &mut AppState,
    name: &str,
    keep_classifiers: bool,
) -> Result<(), LinkError> {
    let mut fields = sample_problem(name).ok_or_else(|| rejected_sample(name))?;
    if keep_classifiers && fields.classes.len() == s.n() {
        fields.classifiers = s.classifiers().clone();
    }
    s.set_problem(fields)
        .map_err(|e| LinkError::rejected(name, 20, format!("a sample ({e})")))?;
    s.probs.sample = problem(name).map(|p| p.name.to_string());
    s.probs.models.clear();
    Ok(())
}

fn rejected_sample(v: &str) -> LinkError {
    LinkError::rejected(v, 20, format!("a sample ({})", SAMPLES.join(" or ")))
}

/// `sample=NAME`: the sample shown; with no problem in the link, the sample's problem too.
fn read_sample(v: &str, s: &mut AppState) -> Result<(), LinkError> {
    let p = problem(v).ok_or_else(|| rejected_sample(v))?;
    if s.problem == factory().problem {
        apply_sample_problem(s, p.name, false)?;
    }
    s.probs.sample = Some(p.name.to_string());
    Ok(())
}

/// The view's keys, for the app's key table.
pub const LINK_KEYS: [Key; 4] = [
    Key::value(
        SAMPLE_KEY,
        "`triage`, `screening`",
        "Probabilities: the built-in sample shown; a link without a problem of its own opens \
         with the sample's classes, decisions and utilities",
        read_sample,
        |s, out| {
            if let Some(name) = &s.probs.sample {
                out.push(format!("{SAMPLE_KEY}={name}"));
            }
        },
    ),
    Key::value(
        MODELS_KEY,
        "names",
        "Probabilities: the models of the file the link was made with (a memo: a link cannot \
         hold the file)",
        |v, s| {
            s.probs.models = read_memo(v)?;
            Ok(())
        },
        |s, out| write_memo(MODELS_KEY, &s.probs.models, out),
    ),
    Key::value(
        "pbins",
        "2–50",
        "Probabilities: bins of the reliability diagrams (default 10)",
        |v, s| {
            let (lo, hi) = BINS_RANGE;
            s.probs.bins =
                read_whole(v, lo as u64, hi as u64, "a whole number from 2 to 50")? as usize;
            Ok(())
        },
        |s, out| write_whole(out, "pbins", s.probs.bins as u64, DEFAULT_BINS as u64),
    ),
    Key::value(
        "pseed",
        "whole number",
        "Probabilities: the seed of the paired bootstrap (default 1)",
        |v, s| {
            s.probs.seed = read_whole(v, 0, u64::MAX, "a whole number ≥ 0")?;
            Ok(())
        },
        |s, out| write_whole(out, "pseed", s.probs.seed, DEFAULT_SEED),
    ),
];

/// The notice of a reloaded link that was made with a file: `None` without `pmodels`.
///
/// # Examples
///
/// ```
/// use ulab_state::probs::link::{reload_notice, ProbsLink};
/// let link = ProbsLink { models: vec!["A".into(), "B".into()], ..Default::default() };
/// assert_eq!(
///     reload_notice(&link).unwrap(),
///     "This link was made with a probabilities file (models A and B), which a link cannot \
///      hold: give the file again to see its numbers."
/// );
/// ```
pub fn reload_notice(link: &ProbsLink) -> Option<String> {
    if link.models.is_empty() {
        return None;
    }
    Some(format!(
        "This link was made with a probabilities file ({}), which a link cannot hold: give \
         the file again to see its numbers.",
        names_in_words("model", &link.models)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::View;
    use crate::link::{decode, encode};

    #[test]
    fn a_bare_sample_link_opens_with_the_samples_problem() {
        let d = decode("view=probs&sample=triage");
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        assert_eq!(d.state.view, View::Probs);
        assert_eq!(*d.state.classes(), ["ok", "minor", "severe"]);
        assert_eq!(d.state.decisions()[3], "refer");
        assert_eq!(
            d.state.utility().to_string(),
            "10,-20,-200;0,15,-100;-30,0,60;-5,5,40"
        );
        // Written back with its problem, and read back the same.
        let again = decode(&encode(&d.state));
        assert_eq!(again.state, d.state);
        assert!(encode(&d.state).contains("sample=triage"));
    }

    #[test]
    fn a_link_with_its_own_problem_keeps_it() {
        let d = decode("view=probs&sample=screening&u=1,0;0,1&classes=a,b");
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        assert_eq!(*d.state.classes(), ["a", "b"]);
        assert_eq!(d.state.probs.sample.as_deref(), Some("screening"));
    }

    #[test]
    fn bad_values_are_notices() {
        let d = decode("view=probs&sample=lottery&pbins=1&pseed=-1&pmodels=,");
        let keys: Vec<&str> = d.notices.iter().map(|n| n.key.as_str()).collect();
        assert_eq!(keys, ["sample", "pmodels", "pbins", "pseed"]);
        assert_eq!(d.state.probs, ProbsLink::default());
        assert!(d.notices[0].message().contains("triage or screening"));
    }

    #[test]
    fn settings_round_trip() {
        let d = decode("view=probs&pmodels=A,B%20C&pbins=20&pseed=7&pos=yes");
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        assert_eq!(d.state.probs.models, ["A", "B C"]);
        assert_eq!((d.state.probs.bins, d.state.probs.seed), (20, 7));
        assert_eq!(decode(&encode(&d.state)).state, d.state);
        assert!(
            reload_notice(&d.state.probs)
                .unwrap()
                .contains("models A and B C")
        );
    }
}
