//! The data of the view's plots ([`ulab_plot::probs`]), built from the view's numbers: the
//! reliability diagrams, the decision curve, the yield against the threshold and the
//! bootstrap's intervals. Models keep their colour everywhere: model `k` of the file is
//! palette colour `k`, its recalibrated version the same colour, dashed.

use super::analysis::ProbsViewError;
use super::calibration::ModelCalibration;
use super::curve::{ThresholdReport, default_thresholds, thresholds};
use ulab_core::UtilityMatrix;
use ulab_plot::probs::RuleMark;
use ulab_plot::probs::curves::{CurveSeries, DecisionCurveChart, YieldCurveChart};
use ulab_plot::probs::intervals::{IntervalChart, IntervalRow};
use ulab_plot::probs::reliability::{
    BinPoint, ReliabilityChart, ReliabilityPanel, ReliabilitySeries,
};
use ulab_probs::bootstrap::Summary;
use ulab_probs::curve::ThresholdCurve;

/// One model's reliability diagrams for the chart: its colour, whether it is a recalibrated
/// version (dashed), and its calibration.
pub type CalibratedModel<'a> = (usize, bool, &'a ModelCalibration);

/// The reliability chart: one panel per class, one series per model given.
///
/// # Examples
///
/// ```
/// use ulab_state::probs::{calibration::calibrate, charts::reliability_chart, file::parse_probs};
/// let f = parse_probs("label,A:x,A:y\nx,0.9,0.1\ny,0.9,0.1\n", None).unwrap();
/// let c = calibrate(&f, &f.table.models()[0], 10).unwrap();
/// let chart = reliability_chart(&[(0, false, &c)], &f.classes, 10);
/// assert_eq!((chart.panels.len(), chart.panels[0].series[0].points.len()), (2, 1));
/// assert_eq!(chart.panels[0].series[0].points[0].count, 2);
/// ```
pub fn reliability_chart(
    models: &[CalibratedModel<'_>],
    classes: &[String],
    bins: usize,
) -> ReliabilityChart {
    let panels = classes
        .iter()
        .enumerate()
        .map(|(k, class)| ReliabilityPanel {
            class: class.clone(),
            series: models
                .iter()
                .map(|&(colour, dashed, m)| ReliabilitySeries {
                    name: m.name.clone(),
                    colour,
                    dashed,
                    points: m
                        .classes
                        .get(k)
                        .map(|bins| {
                            bins.iter()
                                .filter_map(|b| {
                                    Some(BinPoint {
                                        bin: (b.lo, b.hi),
                                        predicted: b.mean_predicted?,
                                        observed: b.observed?,
                                        interval: b.interval?,
                                        count: b.count,
                                    })
                                })
                                .collect()
                        })
                        .unwrap_or_default(),
                    error: m.error.get(k).copied().flatten(),
                })
                .collect(),
        })
        .collect();
    ReliabilityChart { panels, bins }
}

/// The threshold the 2 × 2 utility matrix `u` implies, in `(0, 1)` (`None` for a matrix that
/// always decides one way, or one that is not 2 × 2).
pub fn implied_threshold(u: &UtilityMatrix) -> Option<f64> {
    match ulab_core::decision::binary_threshold(u) {
        Ok(ulab_core::decision::BinaryRule::ZeroAtOrAbove(t)) if t > 0.0 && t < 1.0 => Some(t),
        _ => None,
    }
}

/// The decision curve at 0.01, 0.02, …, 0.99, each model named `names[k]`; `implied` is the
/// threshold the user's utilities imply, `picked` a threshold probability chosen on the page.
pub fn decision_curve_chart(
    curves: &[ThresholdCurve],
    names: &[String],
    class0: &str,
    implied: Option<f64>,
    picked: Option<f64>,
) -> DecisionCurveChart {
    let points = super::curve::decision_curve(curves, &default_thresholds());
    DecisionCurveChart {
        models: names
            .iter()
            .enumerate()
            .take(curves.len())
            .map(|(k, name)| CurveSeries {
                name: name.clone(),
                colour: k,
                points: points.iter().map(|p| (p.threshold, p.models[k])).collect(),
            })
            .collect(),
        treat_all: points.iter().map(|p| (p.threshold, p.treat_all)).collect(),
        implied,
        picked,
        class0: class0.to_string(),
    }
}

/// The yield against the threshold under a 2 × 2 `u`, at thresholds 0, 0.005, …, 1 and each
/// model's marked thresholds; "always" `decisions[0]` and `decisions[1]` as references. Also
/// each model's threshold report (for the sentences and the table).
///
/// # Errors
/// `u` is not 2 × 2.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{charts::yield_curve_chart, curve::threshold_curves, file::parse_probs};
/// let f = parse_probs("y,A\n1,0.9\n0,0.6\n1,0.4\n0,0.2\n", None).unwrap();
/// let curves = threshold_curves(&f, None).unwrap();
/// let u = UtilityMatrix::identity(2).unwrap();
/// let names = ["yes".to_string(), "no".to_string()];
/// let (chart, reports) = yield_curve_chart(&curves, &f.models(), &u, "1", &names).unwrap();
/// assert_eq!(chart.implied.as_ref().map(|i| i.0), Some(0.5));
/// assert_eq!(reports[0].best.yield_per_item, 0.75);
/// assert_eq!(chart.references[0], ("always yes".to_string(), 0.5));
/// ```
pub fn yield_curve_chart(
    curves: &[ThresholdCurve],
    names: &[String],
    u: &UtilityMatrix,
    class0: &str,
    decisions: &[String],
) -> Result<(YieldCurveChart, Vec<ThresholdReport>), ProbsViewError> {
    let reports = thresholds(curves, u)?;
    let implied = implied_threshold(u);
    let grid: Vec<f64> = (0..=200).map(|k| f64::from(k) / 200.0).collect();
    let mut models = Vec::with_capacity(curves.len());
    for (k, (c, r)) in curves.iter().zip(&reports).enumerate() {
        let mut ts = grid.clone();
        ts.extend(implied);
        ts.extend(r.best.threshold.filter(|t| (0.0..=1.0).contains(t)));
        ulab_core::order::sort_ascending(&mut ts);
        ts.dedup();
        let points = ts
            .into_iter()
            .map(|t| Ok((t, c.yield_at(u, t)?)))
            .collect::<Result<Vec<_>, ulab_core::CoreError>>()?;
        models.push(CurveSeries {
            name: names.get(k).cloned().unwrap_or_default(),
            colour: k,
            points,
        });
    }
    let always = |d: usize, t: f64| -> Result<Option<(String, f64)>, ProbsViewError> {
        let Some(c) = curves.first() else {
            return Ok(None);
        };
        let name = decisions.get(d).cloned().unwrap_or_else(|| d.to_string());
        Ok(Some((format!("always {name}"), c.yield_at(u, t)?)))
    };
    let references = [always(0, 0.0)?, always(1, f64::INFINITY)?]
        .into_iter()
        .flatten()
        .collect();
    let chart = YieldCurveChart {
        models,
        implied: implied.map(|t| {
            (
                t,
                reports
                    .iter()
                    .map(|r| r.at_implied.unwrap_or(f64::NAN))
                    .collect(),
            )
        }),
        best: reports
            .iter()
            .map(|r| r.best.threshold.map(|t| (t, r.best.yield_per_item)))
            .collect(),
        references,
        class0: class0.to_string(),
    };
    Ok((chart, reports))
}

/// The bootstrap's intervals: one row per arm, named `names[a]`; arms come two per model (the
/// most probable class, then the optimal decision), the file's `own` models first, then the
/// recalibrated ones (of the models `recalibrated_of`, in order).
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_plot::probs::RuleMark;
/// use ulab_state::probs::{charts::interval_chart, file::parse_probs, howsure::bootstrap};
/// let f = parse_probs("y,A,B\n1,0.9,0.6\n0,0.6,0.2\n1,0.4,0.7\n0,0.2,0.1\n", None).unwrap();
/// let (b, names) = bootstrap(&f, &[], &UtilityMatrix::identity(2).unwrap(), None, 7).unwrap();
/// let c = interval_chart(&b.run(0..100).summary(), &names, &b.observed(), 2, &[]);
/// assert_eq!((c.rows.len(), c.rows[3].mark, c.rows[3].colour), (4, RuleMark::Optimal, 1));
/// assert!(c.rows[2].best); // B, most probable class: all four right (the first of the best)
/// ```
pub fn interval_chart(
    summary: &Summary,
    names: &[String],
    observed: &[f64],
    own: usize,
    recalibrated_of: &[usize],
) -> IntervalChart {
    let a = names.len().min(observed.len()).min(summary.arms.len());
    let best = (0..a).reduce(|b, k| if observed[k] > observed[b] { k } else { b });
    let rows = (0..a)
        .map(|k| {
            let model = k / 2;
            let (colour, mark) = if model < own {
                let mark = if k % 2 == 0 {
                    RuleMark::MostProbable
                } else {
                    RuleMark::Optimal
                };
                (model, mark)
            } else {
                let of = recalibrated_of.get(model - own).copied().unwrap_or(model);
                let mark = if k % 2 == 0 {
                    RuleMark::MostProbable
                } else {
                    RuleMark::Recalibrated
                };
                (of, mark)
            };
            IntervalRow {
                label: names[k].clone(),
                colour,
                mark,
                observed: observed[k],
                interval: (summary.arms[k].lo, summary.arms[k].hi),
                best: best == Some(k),
            }
        })
        .collect();
    IntervalChart {
        rows,
        resamples: summary.resamples,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probs::curve::threshold_curves;
    use crate::probs::sample::sample;

    #[test]
    fn the_screening_samples_curves() {
        let s = sample("screening", 1).unwrap();
        let curves = threshold_curves(&s.file, None).unwrap();
        let implied = implied_threshold(&s.utility);
        // [[50, −10], [−100, 0]]: t = (0 − (−10)) / ((50 − (−100)) + 10) = 1/16.
        assert_eq!(implied, Some(10.0 / 160.0));
        let d = decision_curve_chart(&curves, &s.file.models(), "1", implied, Some(0.3));
        assert_eq!((d.models.len(), d.treat_all.len()), (2, 99));
        // Treat all at p_t = 0.01 is π₀ − (1 − π₀)/99.
        let pi0 = s.file.table.class_shares()[0];
        assert!((d.treat_all[0].1 - (pi0 - (1.0 - pi0) / 99.0)).abs() < 1e-12);
        let (y, reports) =
            yield_curve_chart(&curves, &s.file.models(), &s.utility, "1", &s.decisions).unwrap();
        assert_eq!(y.models.len(), 2);
        // The best threshold on the data yields at least what trusting the probabilities does.
        for r in &reports {
            assert!(r.best.yield_per_item >= r.at_implied.unwrap() - 1e-12);
        }
        assert_eq!(y.references[0].0, "always treat");
        assert!(
            yield_curve_chart(
                &curves,
                &s.file.models(),
                &UtilityMatrix::identity(3).unwrap(),
                "1",
                &[]
            )
            .is_err()
        );
    }
}
