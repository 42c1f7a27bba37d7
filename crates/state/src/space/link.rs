//! The Utility space view's settings and their link keys ([`LINK_KEYS`], entries of the one
//! table of keys, `crate::link::keys`): each key's reader is [`SpaceSettings::apply`],
//! its writer [`SpaceSettings::pairs`].
//!
//! | key | value | default |
//! |---|---|---|
//! | `ucloud` | the cloud of uncertain utilities: `xy` (drawn, gaussian in `(x, y)`), `entries` (drawn, errors on each entry), or a typed list `p:MATRIX\|p:MATRIX…` | none |
//! | `usigma` | `σ` of a drawn cloud, `0 … 1` | `0.1` |
//! | `upoints` | candidates of a drawn cloud, `1 … 10000` | `500` |
//! | `useed` | seed of a drawn cloud, a 64-bit whole number | `1` |
//! | `uoverlay` | `gaussian` (fig. 4's prior), `uniform`, or `errors:0.1,0.2` (fig. 5's extents at these `σ`) | none |
//! | `uslice` | a 2-D slice: `row,col,low,high;row,col,low,high` | none |
//! | `uask` | the assessment's answers: `c10:0.05..0.2,l0:-0.3` | none |

use super::SpaceError;
use super::assess::{Answers, format_answers, parse_answers};
use super::cloud::{Cloud, Model, format_cloud, parse_cloud};
use super::error::bad_value;
use super::slice::{Slice, format_slice, parse_slice};
use crate::AppState;
use crate::link::error::LinkError;
use crate::link::key::Key;
use serde::{Deserialize, Serialize};
use ulab_core::mc::Prior;
use ulab_core::text;

/// Where the cloud of uncertain utilities comes from.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub enum CloudSource {
    /// No cloud.
    #[default]
    None,
    /// Drawn around the current matrix.
    Drawn(Model),
    /// Typed by the user.
    Typed(Cloud),
}

/// What is drawn under the regions, from the Monte Carlo's figures.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub enum Overlay {
    /// Nothing.
    #[default]
    None,
    /// The density of a prior of true utility matrices (fig. 4: [`Prior::Gaussian`]).
    Prior(Prior),
    /// The extents of errors of these `σ` around the current matrix (fig. 5), 1 to 4 values.
    Errors(Vec<f64>),
}

/// The view's settings that a link keeps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SpaceSettings {
    /// `ucloud`.
    pub cloud: CloudSource,
    /// `usigma`.
    pub sigma: f64,
    /// `upoints`.
    pub points: usize,
    /// `useed`.
    pub seed: u64,
    /// `uoverlay`.
    pub overlay: Overlay,
    /// `uslice`.
    pub slice: Option<Slice>,
    /// `uask`.
    pub answers: Option<Answers>,
}

impl Default for SpaceSettings {
    fn default() -> Self {
        SpaceSettings {
            cloud: CloudSource::None,
            sigma: 0.1,
            points: 500,
            seed: 1,
            overlay: Overlay::None,
            slice: None,
            answers: None,
        }
    }
}

/// The keys, in the order [`SpaceSettings::pairs`] writes them.
pub const KEYS: [&str; 7] = [
    "ucloud", "usigma", "upoints", "useed", "uoverlay", "uslice", "uask",
];

/// Reads the space key `key` into the state (for its number of classes): a bad value is a
/// notice and leaves the settings alone.
fn read_key(key: &str, v: &str, s: &mut AppState) -> Result<(), LinkError> {
    let n = s.n();
    s.space.apply(key, v, n).map_err(|e| match e {
        SpaceError::Value { text, expected, .. } => LinkError::rejected(&text, 24, expected),
        other => LinkError::rejected(v, 24, format!("readable here ({other})")),
    })
}

/// Writes the space key `key` when it differs from its default.
fn write_key(key: &str, s: &AppState, out: &mut Vec<String>) {
    for (k, v) in s.space.pairs() {
        if k == key {
            out.push(format!("{k}={v}"));
        }
    }
}

/// One space key: read by [`read_key`], written by [`write_key`].
macro_rules! space_key {
    ($name:literal, $holds:literal, $doc:literal) => {
        Key::value(
            $name,
            $holds,
            $doc,
            |v, s| read_key($name, v, s),
            |s, out| write_key($name, s, out),
        )
    };
}

/// The view's entries of the one table of link keys.
pub const LINK_KEYS: [Key; 7] = [
    space_key!(
        "ucloud",
        "`xy`, `entries`, `p:MATRIX\\|…`",
        "Utility space: a cloud of uncertain utility matrices — drawn (gaussian in (x, y), or errors on each entry) or typed, each with its probability"
    ),
    space_key!("usigma", "0–1", "Utility space: σ of a drawn cloud"),
    space_key!(
        "upoints",
        "1–10000",
        "Utility space: the candidates of a drawn cloud"
    ),
    space_key!(
        "useed",
        "whole number",
        "Utility space: the seed of a drawn cloud"
    ),
    space_key!(
        "uoverlay",
        "`gaussian`, `uniform`, `errors:σ,…`",
        "Utility space: under the regions, a prior's density (fig. 4) or the extents of errors of these σ (fig. 5)"
    ),
    space_key!(
        "uslice",
        "`row,col,low,high;row,col,low,high`",
        "Utility space: the 2-D slice shown for more than two classes (the two entries varied and their ranges)"
    ),
    space_key!(
        "uask",
        "`c10:0.05..0.2,l0:-0.3`",
        "Utility space: the answers of the guided utility assessment (a number or a range each)"
    ),
];

impl SpaceSettings {
    /// Applies one link value (already percent-decoded) for a problem with `n` classes.
    ///
    /// # Errors
    /// An unknown key or a bad value ([`SpaceError`]'s message says which); the settings are
    /// then unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::space::link::{CloudSource, SpaceSettings};
    /// use ulab_state::space::cloud::Model;
    /// let mut s = SpaceSettings::default();
    /// s.apply("ucloud", "xy", 2).unwrap();
    /// s.apply("usigma", "0.2", 2).unwrap();
    /// assert_eq!((s.cloud.clone(), s.sigma), (CloudSource::Drawn(Model::Coordinates), 0.2));
    /// assert_eq!(s.apply("usigma", "7", 2).unwrap_err().to_string(), "usigma: '7' is not a number from 0 to 1");
    /// assert_eq!(s.sigma, 0.2);
    /// ```
    pub fn apply(&mut self, key: &str, value: &str, n: usize) -> Result<(), SpaceError> {
        match key {
            "ucloud" => self.cloud = parse_cloud_source(value)?,
            "usigma" => {
                self.sigma = text::parse_number(value)
                    .filter(|v| (0.0..=1.0).contains(v))
                    .ok_or_else(|| bad_value(key, value, "a number from 0 to 1"))?
            }
            "upoints" => {
                self.points = text::parse_whole(value)
                    .filter(|v| (1..=super::cloud::MAX_DRAWN as u64).contains(v))
                    .ok_or_else(|| bad_value(key, value, "a whole number from 1 to 10000"))?
                    as usize
            }
            "useed" => {
                self.seed = text::parse_whole(value)
                    .ok_or_else(|| bad_value(key, value, "a whole number ≥ 0"))?
            }
            "uoverlay" => self.overlay = parse_overlay(value)?,
            "uslice" => self.slice = Some(parse_slice(value)?),
            "uask" => {
                // No answer is no assessment (as written: nothing).
                let a = parse_answers(value, n)?;
                self.answers = (!a.given.is_empty()).then_some(a);
            }
            _ => return Err(bad_value("key", key, "a key of the Utility space view")),
        }
        Ok(())
    }

    /// Checks the settings as a link would: every value of [`SpaceSettings::pairs`] must be
    /// read back by [`SpaceSettings::apply`] for `n` classes (e.g. after reading them from a
    /// saved JSON state).
    ///
    /// # Errors
    /// The first value that a link could not hold.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::space::link::SpaceSettings;
    /// let mut s = SpaceSettings::default();
    /// assert!(s.validate(2).is_ok());
    /// s.sigma = 5.0;
    /// assert!(s.validate(2).is_err());
    /// ```
    pub fn validate(&self, n: usize) -> Result<(), SpaceError> {
        let mut back = SpaceSettings::default();
        for (k, v) in self.pairs() {
            back.apply(k, &v, n)?;
        }
        Ok(())
    }

    /// The link pairs `(key, value)` of the settings that differ from the defaults, in
    /// [`KEYS`] order; [`SpaceSettings::apply`] reads each value back.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::space::link::SpaceSettings;
    /// let mut s = SpaceSettings::default();
    /// assert!(s.pairs().is_empty());
    /// s.apply("ucloud", "0.7:15,-335;-35,165|0.3:1,0;0,1", 2).unwrap();
    /// s.apply("uoverlay", "errors:0.1,0.2", 2).unwrap();
    /// assert_eq!(s.pairs(), vec![
    ///     ("ucloud", "0.7:15,-335;-35,165|0.3:1,0;0,1".to_string()),
    ///     ("uoverlay", "errors:0.1,0.2".to_string()),
    /// ]);
    /// ```
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = SpaceSettings::default();
        let mut out = Vec::new();
        if self.cloud != d.cloud {
            out.push(("ucloud", format_cloud_source(&self.cloud)));
        }
        if self.sigma != d.sigma {
            out.push(("usigma", text::shortest(self.sigma)));
        }
        if self.points != d.points {
            out.push(("upoints", self.points.to_string()));
        }
        if self.seed != d.seed {
            out.push(("useed", self.seed.to_string()));
        }
        if self.overlay != d.overlay {
            out.push(("uoverlay", format_overlay(&self.overlay)));
        }
        if let Some(s) = &self.slice {
            out.push(("uslice", format_slice(s)));
        }
        if let Some(a) = self.answers.as_ref().filter(|a| !a.given.is_empty()) {
            out.push(("uask", format_answers(a)));
        }
        out
    }
}

/// Reads `ucloud`: `none`, `xy`, `entries`, or a typed list ([`parse_cloud`]).
///
/// # Errors
/// A typed list that does not parse.
///
/// # Examples
///
/// ```
/// use ulab_state::space::link::{format_cloud_source, parse_cloud_source};
/// for v in ["xy", "entries", "none", "1:1,0;0,1|3:0,0;0,1"] {
///     assert_eq!(format_cloud_source(&parse_cloud_source(v).unwrap()), v);
/// }
/// assert!(parse_cloud_source("xz").is_err());
/// ```
pub fn parse_cloud_source(value: &str) -> Result<CloudSource, SpaceError> {
    Ok(match value.trim() {
        "" | "none" => CloudSource::None,
        "xy" => CloudSource::Drawn(Model::Coordinates),
        "entries" => CloudSource::Drawn(Model::Entries),
        list => CloudSource::Typed(parse_cloud(list)?),
    })
}

/// Writes `ucloud` (see [`parse_cloud_source`]).
///
/// # Examples
///
/// ```
/// use ulab_state::space::cloud::Model;
/// use ulab_state::space::link::{format_cloud_source, CloudSource};
/// assert_eq!(format_cloud_source(&CloudSource::Drawn(Model::Coordinates)), "xy");
/// ```
pub fn format_cloud_source(c: &CloudSource) -> String {
    match c {
        CloudSource::None => "none".into(),
        CloudSource::Drawn(Model::Coordinates) => "xy".into(),
        CloudSource::Drawn(Model::Entries) => "entries".into(),
        CloudSource::Typed(cloud) => format_cloud(cloud),
    }
}

/// The choice a cloud source is in the page's menu: `none`, `xy`, `entries`, or `typed` for
/// a typed cloud (whose matrices are in their own field).
///
/// # Examples
///
/// ```
/// use ulab_state::space::link::{CloudSource, cloud_choice, parse_cloud_source};
/// assert_eq!(cloud_choice(&CloudSource::None), "none");
/// assert_eq!(cloud_choice(&parse_cloud_source("entries").unwrap()), "entries");
/// assert_eq!(cloud_choice(&parse_cloud_source("1:1,0;0,1").unwrap()), "typed");
/// ```
pub fn cloud_choice(c: &CloudSource) -> String {
    match c {
        CloudSource::Typed(_) => "typed".to_string(),
        other => format_cloud_source(other),
    }
}

/// The typed cloud a page starts from when none was typed yet: the matrix `u` (in the link's
/// syntax) and accuracy's, equally likely.
///
/// # Examples
///
/// ```
/// use ulab_state::space::link::{parse_cloud_source, starter_cloud};
/// let text = starter_cloud("15,-335;-35,165");
/// assert_eq!(text, "0.5:15,-335;-35,165|0.5:1,0;0,1");
/// assert!(parse_cloud_source(&text).is_ok());
/// ```
pub fn starter_cloud(u: &str) -> String {
    format!("0.5:{u}|0.5:1,0;0,1")
}

/// Reads `uoverlay`: `none`, `gaussian`, `uniform`, or `errors:σ,σ…` (1 to 4 values in
/// `(0, 1]`; `errors` alone: fig. 5's `0.1,0.2`).
///
/// # Errors
/// Anything else.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::Prior;
/// use ulab_state::space::link::{format_overlay, parse_overlay, Overlay};
/// assert_eq!(parse_overlay("gaussian").unwrap(), Overlay::Prior(Prior::Gaussian));
/// assert_eq!(parse_overlay("errors").unwrap(), Overlay::Errors(vec![0.1, 0.2]));
/// assert_eq!(format_overlay(&parse_overlay("errors:0.05").unwrap()), "errors:0.05");
/// assert!(parse_overlay("errors:0,2").is_err());
/// ```
pub fn parse_overlay(value: &str) -> Result<Overlay, SpaceError> {
    let v = value.trim();
    let expected = "none, gaussian, uniform or errors:σ,σ (each σ from 0 to 1)";
    if let Some(p) = Prior::from_key(v) {
        return Ok(Overlay::Prior(p));
    }
    match v.split_once(':') {
        _ if v == "none" || v.is_empty() => Ok(Overlay::None),
        _ if v == "errors" => Ok(Overlay::Errors(vec![0.1, 0.2])),
        Some(("errors", list)) => {
            let s: Option<Vec<f64>> = list
                .split(',')
                .map(|x| text::parse_number(x).filter(|s| *s > 0.0 && *s <= 1.0))
                .collect();
            match s {
                Some(s) if (1..=4).contains(&s.len()) => Ok(Overlay::Errors(s)),
                _ => Err(bad_value("uoverlay", value, expected)),
            }
        }
        _ => Err(bad_value("uoverlay", value, expected)),
    }
}

/// Writes `uoverlay` (see [`parse_overlay`]).
///
/// # Examples
///
/// ```
/// use ulab_state::space::link::{format_overlay, Overlay};
/// assert_eq!(format_overlay(&Overlay::Errors(vec![0.1, 0.25])), "errors:0.1,0.25");
/// ```
pub fn format_overlay(o: &Overlay) -> String {
    match o {
        Overlay::None => "none".into(),
        Overlay::Prior(p) => p.key().into(),
        Overlay::Errors(s) => format!(
            "errors:{}",
            s.iter()
                .map(|v| text::shortest(*v))
                .collect::<Vec<_>>()
                .join(",")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_round_trips() {
        let mut s = SpaceSettings::default();
        for (k, v) in [
            ("ucloud", "entries"),
            ("usigma", "0.25"),
            ("upoints", "2000"),
            ("useed", "18446744073709551615"),
            ("uoverlay", "gaussian"),
            ("uslice", "0,1,-500,0;1,0,-100,100"),
            ("uask", "c10:0.05..0.2,l0:-0.3"),
        ] {
            s.apply(k, v, 2).unwrap();
        }
        let pairs = s.pairs();
        assert_eq!(pairs.iter().map(|p| p.0).collect::<Vec<_>>(), KEYS.to_vec());
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<SpaceSettings>(&json).unwrap(), s);
        assert!(s.validate(2).is_ok() && s.validate(6).is_err());
        let mut back = SpaceSettings::default();
        for (k, v) in &pairs {
            back.apply(k, v, 2).unwrap();
        }
        assert_eq!(back, s);
    }

    #[test]
    fn bad_values_leave_settings_alone() {
        let mut s = SpaceSettings::default();
        for (k, v) in [
            ("ucloud", "1,0;0,x"),
            ("usigma", "NaN"),
            ("upoints", "0"),
            ("upoints", "10001"),
            ("useed", "-1"),
            ("uoverlay", "errors:0.1,0.2,0.3,0.4,0.5"),
            ("uslice", "0,1"),
            ("uask", "c99:1"),
            ("colour", "red"),
        ] {
            assert!(s.apply(k, v, 2).is_err(), "{k}={v}");
        }
        assert_eq!(s, SpaceSettings::default());
    }
}
