//! The settings of a run: the [`Prior`] of true utility matrices and the [`McConfig`] (prior,
//! `σ`, pairs, seed), and how a run is cut into chunks.

use crate::error::CoreError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Pairs per chunk: the unit of work of a thread or web worker (`2¹⁶`).
pub const CHUNK_PAIRS: u64 = 1 << 16;

/// The most pairs one run can count (`2³²`): the engine's limit, so that the fixed-point error
/// sums of a [`super::Tally`] cannot overflow. (The page asks for fewer:
/// the state's `MAX_APP_PAIRS`.)
pub const MAX_TALLY_PAIRS: u64 = crate::limits::MAX_TALLY_PAIRS;

/// The prior distribution of true utility matrices on the space of fig. 1 (Dyrland et al. 2022,
/// §4.2 (i)). Its [`Prior::key`] is its name in links, on the command line and in JSON.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::Prior;
/// assert_eq!(Prior::from_key(" Gaussian"), Some(Prior::Gaussian));
/// assert_eq!(Prior::Uniform.key(), "uniform");
/// assert_eq!(Prior::from_key("normal"), None);
/// assert_eq!(serde_json::to_string(&Prior::Gaussian).unwrap(), "\"gaussian\"");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Prior {
    /// `x, y ~ U(−1, 1)` restricted to `|y − x| < 1` (the hexagon).
    #[default]
    Uniform,
    /// `x, y ~ N(0, (1/3)²)` restricted to `|x| ≤ 1`, `|y| ≤ 1`, `|y − x| < 1` (fig. 4).
    Gaussian,
}

impl Prior {
    /// Both priors, uniform first.
    pub const ALL: [Prior; 2] = [Prior::Uniform, Prior::Gaussian];

    /// The name used in links, the command line and JSON: `uniform` or `gaussian`.
    pub fn key(&self) -> &'static str {
        match self {
            Prior::Uniform => "uniform",
            Prior::Gaussian => "gaussian",
        }
    }

    /// The prior whose [`Prior::key`] is `key` (case-insensitive, trimmed).
    pub fn from_key(key: &str) -> Option<Prior> {
        let key = key.trim().to_ascii_lowercase();
        Prior::ALL.into_iter().find(|p| p.key() == key)
    }
}

impl fmt::Display for Prior {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The settings of one Monte Carlo run. Deserialized through [`McConfig::new`], so a config read
/// from a message is valid.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::{McConfig, Prior};
/// let c = McConfig::new(Prior::Uniform, 0.1, 200_000, 1).unwrap();
/// assert_eq!(c.chunks(), 4); // ⌈200000 / 65536⌉
/// assert_eq!(c.chunk_len(3), 200_000 - 3 * 65_536);
/// assert!(McConfig::new(Prior::Uniform, -0.1, 10, 1).is_err());
/// assert_eq!(McConfig::default().pairs, 1_000_000);
/// let bad = r#"{"prior":"uniform","sigma":-1,"pairs":10,"seed":1}"#;
/// assert!(serde_json::from_str::<McConfig>(bad).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "McConfigFields")]
pub struct McConfig {
    /// The prior of true utility matrices.
    pub prior: Prior,
    /// `σ`, the standard deviation of the utility errors before truncation (≥ 0).
    pub sigma: f64,
    /// Number of pairs of classifiers, `1 ≤ pairs ≤` [`MAX_TALLY_PAIRS`].
    pub pairs: u64,
    /// The seed.
    pub seed: u64,
}

/// The fields of an [`McConfig`] as they are written, before [`McConfig::new`] checks them.
#[derive(Deserialize)]
struct McConfigFields {
    prior: Prior,
    sigma: f64,
    pairs: u64,
    seed: u64,
}

impl TryFrom<McConfigFields> for McConfig {
    type Error = CoreError;

    fn try_from(f: McConfigFields) -> Result<McConfig, CoreError> {
        McConfig::new(f.prior, f.sigma, f.pairs, f.seed)
    }
}

impl Default for McConfig {
    /// The spec's defaults: uniform prior, `σ = 0.1`, `10⁶` pairs, seed 1.
    fn default() -> McConfig {
        McConfig {
            prior: Prior::Uniform,
            sigma: 0.1,
            pairs: 1_000_000,
            seed: 1,
        }
    }
}

impl McConfig {
    /// A checked configuration.
    ///
    /// # Errors
    /// See [`McConfig::validate`].
    pub fn new(prior: Prior, sigma: f64, pairs: u64, seed: u64) -> Result<McConfig, CoreError> {
        let c = McConfig {
            prior,
            sigma,
            pairs,
            seed,
        };
        c.validate()?;
        Ok(c)
    }

    /// Checks `σ` (finite, ≥ 0) and `pairs` (`1 ..= MAX_TALLY_PAIRS`).
    ///
    /// # Errors
    /// [`CoreError::InvalidParameter`] naming the bad field.
    pub fn validate(&self) -> Result<(), CoreError> {
        if !(self.sigma.is_finite() && self.sigma >= 0.0) {
            return Err(CoreError::InvalidParameter {
                name: "sigma",
                value: self.sigma,
                expected: "a finite number ≥ 0",
            });
        }
        if self.pairs == 0 || self.pairs > MAX_TALLY_PAIRS {
            return Err(CoreError::InvalidParameter {
                name: "pairs",
                value: self.pairs as f64,
                expected: "between 1 and 4294967296 pairs",
            });
        }
        Ok(())
    }

    /// Number of chunks, `⌈pairs / CHUNK_PAIRS⌉`.
    pub fn chunks(&self) -> u64 {
        self.pairs.div_ceil(CHUNK_PAIRS)
    }

    /// Pairs in chunk `k` ([`CHUNK_PAIRS`], fewer in the last one, 0 past the end).
    pub fn chunk_len(&self, k: u64) -> u64 {
        let start = k.saturating_mul(CHUNK_PAIRS);
        self.pairs.saturating_sub(start).min(CHUNK_PAIRS)
    }

    /// Checks that `chunk` is one of the run's chunks.
    ///
    /// # Errors
    /// `chunk ≥` [`McConfig::chunks`].
    pub fn check_chunk(&self, chunk: u64) -> Result<(), CoreError> {
        if chunk >= self.chunks() {
            return Err(CoreError::InvalidParameter {
                name: "chunk",
                value: chunk as f64,
                expected: "a chunk index below the number of chunks",
            });
        }
        Ok(())
    }
}
