//! How sure the ROC view's ranking of the optimal operating points is: each scored curve's
//! yield-maximizing point as the confusion counts of its test set ([`counts_at`]), drawn from
//! the Dirichlet(M + 1) posterior at the class share in force — the same engine and sentences
//! as Compare ([`crate::sure`]). Binormal curves are models, not counts: they are left out.

use super::analysis::RocReport;
use super::compare::counts_at;
use super::curves::Curve;
use crate::sure::{SureError, SureJob};
use ulab_core::mc::question::QuestionConfig;
use ulab_core::{ConfusionMatrix, UtilityMatrix};

/// The job for the scored curves' optimal points (at least two: with one, nothing is
/// ranked), or `None`; `prevalence` the deployment's class shares when set (`prev`).
///
/// # Errors
/// What the core refuses.
pub fn optimum_job(
    curves: &[Curve],
    report: &RocReport,
    utility: &UtilityMatrix,
    prevalence: Option<&[f64]>,
) -> Result<Option<SureJob>, SureError> {
    let mut names = Vec::new();
    let mut counts = Vec::new();
    for (curve, r) in curves.iter().zip(&report.curves) {
        let Curve::Scores(c) = curve else { continue };
        let Some(m) = counts_at(&c.roc, r.optimum.index) else {
            continue;
        };
        names.push(c.name.clone());
        counts.push(ConfusionMatrix::from_counts(m)?);
    }
    if names.len() < 2 {
        return Ok(None);
    }
    let mut config = QuestionConfig::how_sure(utility.clone(), counts);
    config.prevalence = prevalence.map(<[f64]>::to_vec);
    config.draws = crate::sure::draws_for(&config);
    SureJob::new(config, names, Vec::new()).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roc::analysis::{analyze, choose_share};
    use crate::roc::curves::ScoredCurve;
    use ulab_core::roc::Roc;

    #[test]
    fn two_scored_curves_are_ranked_with_how_sure() {
        let positive = [true, true, true, false, false, false];
        let curve = |name: &str, scores: &[f64]| {
            Curve::Scores(ScoredCurve::new(
                name.into(),
                Roc::from_scores(scores, &positive).unwrap(),
            ))
        };
        let curves = vec![
            curve("A", &[0.9, 0.8, 0.3, 0.2, 0.6, 0.1]),
            curve("B", &[0.6, 0.4, 0.7, 0.5, 0.1, 0.3]),
        ];
        let u = UtilityMatrix::parse("1,0;0,1").unwrap();
        let share = choose_share(None, curves[0].test_share()).unwrap();
        let report = analyze(&curves, &u, share).unwrap();
        let r = optimum_job(&curves, &report, &u, None)
            .unwrap()
            .unwrap()
            .run()
            .unwrap();
        assert_eq!(r.names, ["A", "B"]);
        assert_eq!(r.test_items, [6.0, 6.0]);
        assert!((r.sure.p_best.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
