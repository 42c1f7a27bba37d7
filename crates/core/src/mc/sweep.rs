//! Sweeps over the noise level `σ` (Dyrland et al. 2022 fig. 7): the mis-ranking percentage of every
//! metric as `σ` grows, for one or both priors, with the realized standard deviation beside
//! each `σ` (so either can be the x-axis).

use super::{McConfig, McResult, Prior, run};
use crate::error::CoreError;
use serde::{Deserialize, Serialize};

/// The default grid: `σ = 0, 0.05, …, 0.3` (the range of fig. 7's discussion).
pub const DEFAULT_SWEEP_SIGMAS: [f64; 7] = [0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3];

/// The grid of the paper's runs: `σ = 0, 0.1, …, 0.5`.
pub const PAPER_SWEEP_SIGMAS: [f64; 6] = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5];

/// A sweep: every `σ` of `sigmas` for every prior of `priors`, each point a full run of
/// `pairs` pairs with the same `seed` — so the point `(prior, σ)` is exactly the single run
/// `McConfig { prior, sigma: σ, pairs, seed }` (e.g. `ulab mc --prior P --sigma σ`).
///
/// # Examples
///
/// ```
/// use ulab_core::mc::sweep::SweepConfig;
/// let s = SweepConfig::default();
/// assert_eq!(s.points().unwrap().len(), 14); // 7 σ × 2 priors
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepConfig {
    /// The noise levels `σ` (each finite and ≥ 0).
    pub sigmas: Vec<f64>,
    /// The priors (uniform, gaussian or both).
    pub priors: Vec<Prior>,
    /// Pairs per point.
    pub pairs: u64,
    /// The seed of every point.
    pub seed: u64,
}

impl Default for SweepConfig {
    /// [`DEFAULT_SWEEP_SIGMAS`], both priors, `10⁶` pairs per point, seed 1.
    fn default() -> SweepConfig {
        SweepConfig {
            sigmas: DEFAULT_SWEEP_SIGMAS.to_vec(),
            priors: Prior::ALL.to_vec(),
            pairs: 1_000_000,
            seed: 1,
        }
    }
}

impl SweepConfig {
    /// The runs of the sweep, prior by prior, `σ` in the given order.
    ///
    /// # Errors
    /// No `σ` or no prior, or an invalid point ([`McConfig::validate`]).
    pub fn points(&self) -> Result<Vec<McConfig>, CoreError> {
        if self.sigmas.is_empty() || self.priors.is_empty() {
            return Err(CoreError::Empty);
        }
        let mut out = Vec::with_capacity(self.sigmas.len() * self.priors.len());
        for &prior in &self.priors {
            for &sigma in &self.sigmas {
                out.push(McConfig::new(prior, sigma, self.pairs, self.seed)?);
            }
        }
        Ok(out)
    }
}

/// Runs a sweep on this thread: one [`McResult`] per point of [`SweepConfig::points`], in that
/// order. `progress(done_pairs, total_pairs)` counts over the whole sweep. Each point can also
/// be computed chunk by chunk with [`super::run_chunk`] (web workers).
///
/// # Errors
/// As [`SweepConfig::points`].
///
/// # Examples
///
/// ```
/// use ulab_core::mc::sweep::{sweep, SweepConfig};
/// use ulab_core::mc::Prior;
/// let cfg = SweepConfig { sigmas: vec![0.0, 0.3], priors: vec![Prior::Uniform], pairs: 50_000, seed: 1 };
/// let r = sweep(&cfg, |_, _| {}).unwrap();
/// assert_eq!(r[0].misranked_percent.utility, 0.0);
/// assert!(r[1].misranked_percent.utility > 3.0);
/// assert!(r[1].realized_sd < 0.3);
/// ```
pub fn sweep(
    config: &SweepConfig,
    mut progress: impl FnMut(u64, u64),
) -> Result<Vec<McResult>, CoreError> {
    let points = config.points()?;
    let total = config.pairs.saturating_mul(points.len() as u64);
    let mut done = 0u64;
    let mut out = Vec::with_capacity(points.len());
    for point in &points {
        out.push(run(point, |d, _| progress(done + d, total))?);
        done += point.pairs;
    }
    Ok(out)
}
