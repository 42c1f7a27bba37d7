//! What the reliability view's figures ask the web workers for, as pure functions of their
//! inputs: the kept points and the counts of figs 2–3 ([`scatter_sample`]), and the first pairs
//! of a run for fig. 6 ([`first_pair_differences`]).

use super::scatter::{PairDifferences, metric_scatter, pair_differences_chunk};
use super::{CHUNK_PAIRS, McConfig};
use crate::error::CoreError;
use crate::metrics::Metric;
use crate::{Matrix, UtilityMatrix};
use serde::{Deserialize, Serialize};

/// The most matrices counted by one [`scatter_sample`].
pub const MAX_SCATTER_POINTS: u64 = 1_000_000;

/// The most points kept (and sent back) by one [`scatter_sample`] or
/// [`first_pair_differences`].
pub const MAX_KEPT_POINTS: u64 = 20_000;

/// One metric's part of a [`ScatterSample`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScatterSeries {
    /// The metric.
    pub metric: Metric,
    /// Its score for each kept matrix (same order as [`ScatterSample::yields`]).
    pub values: Vec<f64>,
    /// The kept pairs `k` (matrices `2k`, `2k + 1`) that the metric ranks against their yields.
    pub misranked_kept: Vec<u64>,
    /// Mis-ranked pairs among all [`ScatterSample::pairs`] pairs.
    pub misranked: u64,
}

/// Figs 2–3 of Dyrland et al. 2022 for one class balance and one utility matrix: the first
/// matrices of a [`metric_scatter`] as points, and the mis-ranked pairs counted over all of them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScatterSample {
    /// The class-0 share.
    pub balance: f64,
    /// The utility matrix, row-major.
    pub utility: [f64; 4],
    /// Pairs counted (`⌊points / 2⌋`).
    pub pairs: u64,
    /// The yield of each kept matrix.
    pub yields: Vec<f64>,
    /// One series per metric scored ([`super::scores::SCORE_METRICS`]).
    pub series: Vec<ScatterSeries>,
}

fn out_of_range(name: &'static str, value: u64, expected: &'static str) -> CoreError {
    CoreError::InvalidParameter {
        name,
        value: value as f64,
        expected,
    }
}

/// The [`metric_scatter`] of `points` confusion matrices with class-0 share `balance`, scored
/// against their yield under `utility` (row-major 2 × 2): the first `keep` matrices as points,
/// the mis-ranked pairs `(2k, 2k + 1)` counted over all of them.
///
/// # Errors
/// `points` not in `2 ..=` [`MAX_SCATTER_POINTS`], `keep >` [`MAX_KEPT_POINTS`], a utility
/// matrix that is not finite, or what [`metric_scatter`] refuses (`balance` not in `(0, 1)`).
///
/// # Examples
///
/// ```
/// use ulab_core::mc::figures::scatter_sample;
/// let s = scatter_sample(0.5, [1.0, 0.0, 0.0, 1.0], 1000, 10, 1).unwrap();
/// assert_eq!((s.pairs, s.yields.len()), (500, 10));
/// // With the identity, the yield is the accuracy: it never mis-ranks.
/// assert_eq!(s.series[0].misranked, 0);
/// assert!(scatter_sample(0.5, [1.0, 0.0, 0.0, 1.0], 1, 1, 1).is_err());
/// ```
pub fn scatter_sample(
    balance: f64,
    utility: [f64; 4],
    points: u64,
    keep: u64,
    seed: u64,
) -> Result<ScatterSample, CoreError> {
    if !(2..=MAX_SCATTER_POINTS).contains(&points) {
        return Err(out_of_range(
            "matrices",
            points,
            "between 2 and 1000000 matrices",
        ));
    }
    if keep > MAX_KEPT_POINTS {
        return Err(out_of_range("kept points", keep, "at most 20000 points"));
    }
    let u = UtilityMatrix::new(Matrix::new(2, 2, utility.to_vec())?)?;
    let s = metric_scatter(balance, &u, points as usize, seed)?;
    let keep = keep.min(points) as usize;
    let kept_pairs = (keep / 2) as u64;
    let series = s
        .scores
        .into_iter()
        .map(|series| ScatterSeries {
            metric: series.metric,
            misranked: series.misranked_pairs.len() as u64,
            misranked_kept: series
                .misranked_pairs
                .iter()
                .map(|&k| k as u64)
                .filter(|&k| k < kept_pairs)
                .collect(),
            values: series.values[..keep].to_vec(),
        })
        .collect();
    Ok(ScatterSample {
        balance,
        utility,
        pairs: points / 2,
        yields: s.yields[..keep].to_vec(),
        series,
    })
}

/// The first `points` pairs of the run `config` as [`PairDifferences`] (fig. 6): they are the
/// first pairs of its chunk 0, whatever the run's size (all of them if the run is smaller).
///
/// # Errors
/// `points` not in `1 ..=` [`MAX_KEPT_POINTS`], or an invalid config.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::figures::first_pair_differences;
/// use ulab_core::mc::scatter::pair_differences;
/// use ulab_core::mc::{McConfig, Prior};
/// let c = McConfig::new(Prior::Uniform, 0.11, 200_000, 3).unwrap();
/// let head = first_pair_differences(&c, 300).unwrap();
/// assert_eq!(head.true_diff, pair_differences(&c, 300).unwrap().true_diff);
/// assert_eq!(head.tally.pairs, 300);
/// assert!(first_pair_differences(&c, 0).is_err());
/// ```
pub fn first_pair_differences(
    config: &McConfig,
    points: u64,
) -> Result<PairDifferences, CoreError> {
    if points == 0 || points > MAX_KEPT_POINTS {
        return Err(out_of_range("points", points, "between 1 and 20000 points"));
    }
    config.validate()?;
    let n = points.min(config.pairs).min(CHUNK_PAIRS);
    let head = McConfig {
        pairs: n,
        ..*config
    };
    pair_differences_chunk(&head, 0, n as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mc::Prior;

    #[test]
    fn scatter_keeps_the_first_points_and_counts_all_pairs() {
        let identity = [1.0, 0.0, 0.0, 1.0];
        let scatter = scatter_sample(0.9, identity, 20_000, 400, 5).unwrap();
        let full =
            metric_scatter(0.9, &UtilityMatrix::parse("1,0;0,1").unwrap(), 20_000, 5).unwrap();
        assert_eq!(scatter.pairs, 10_000);
        assert_eq!(scatter.yields, full.yields[..400].to_vec());
        assert_eq!(scatter.series.len(), 10);
        for (s, f) in scatter.series.iter().zip(&full.scores) {
            assert_eq!(s.metric, f.metric);
            assert_eq!(s.values, f.values[..400].to_vec());
            assert_eq!(s.misranked, f.misranked_pairs.len() as u64);
            let kept: Vec<u64> = f
                .misranked_pairs
                .iter()
                .map(|&k| k as u64)
                .filter(|&k| k < 200)
                .collect();
            assert_eq!(s.misranked_kept, kept);
        }
        // Accuracy is the identity's yield: it never mis-ranks; F1 and recall do.
        assert_eq!(scatter.series[0].misranked, 0);
        for (m, least) in [(Metric::F1, 1), (Metric::Recall, 100)] {
            let s = scatter.series.iter().find(|s| s.metric == m).unwrap();
            assert!(s.misranked >= least, "{m:?}: {}", s.misranked);
        }
    }

    #[test]
    fn bad_figure_requests_are_errors() {
        let id = [1.0, 0.0, 0.0, 1.0];
        assert!(scatter_sample(1.5, id, 100, 10, 1).is_err());
        assert!(scatter_sample(0.5, id, 0, 10, 1).is_err());
        assert!(scatter_sample(0.5, id, 10, 1 << 40, 1).is_err());
        assert!(scatter_sample(0.5, [f64::NAN, 0.0, 0.0, 1.0], 10, 1, 1).is_err());
        let bad = McConfig {
            prior: Prior::Uniform,
            sigma: -1.0,
            pairs: 10,
            seed: 1,
        };
        assert!(first_pair_differences(&bad, 10).is_err());
        let small = McConfig::new(Prior::Uniform, 0.1, 10, 1).unwrap();
        assert_eq!(
            first_pair_differences(&small, 1500)
                .unwrap()
                .true_diff
                .len(),
            10
        );
    }
}
