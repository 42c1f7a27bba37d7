//! The plots' data from a [`RocReport`]: [`roc_chart`] (the ROC picture) and
//! [`threshold_chart`] (yield against threshold). Curve `i` takes palette colour `i` in both.

use super::analysis::{CurveKind, RocReport};
use super::verdict::{auc_text, threshold_text};
use ulab_core::text::prose;
use ulab_plot::roc::threshold::{ThresholdChart, ThresholdPanel};
use ulab_plot::roc::{Marker, RocChart, RocSeries};

/// The range of latent thresholds drawn for a binormal curve (its yield is flat beyond).
pub const LATENT_RANGE: f64 = 4.0;

/// The label of an optimum in both plots: `thr 0.4322, yield 2.134`.
fn optimum_label(threshold: f64, y: f64) -> String {
    format!("thr {}, yield {}", threshold_text(threshold), prose(y))
}

/// The ROC picture of `report`.
///
/// # Examples
///
/// ```
/// use ulab_core::{roc::Binormal, UtilityMatrix};
/// use ulab_state::roc::{analysis::{analyze, choose_share}, charts::roc_chart, curves::Curve};
/// let curves = vec![
///     Curve::Binormal { name: "A".into(), model: Binormal::new(1.0, 1.0).unwrap() },
///     Curve::Binormal { name: "B".into(), model: Binormal::new(2.0, 1.0).unwrap() },
/// ];
/// let u = UtilityMatrix::parse("4,0;0,1").unwrap();
/// let r = analyze(&curves, &u, choose_share(Some(&[0.5, 0.5]), None).unwrap()).unwrap();
/// let chart = roc_chart(&r);
/// assert!(chart.series[1].best && chart.series[0].legend.starts_with("AUC 0.760"));
/// assert_eq!(chart.note, "iso-utility lines: slope m = 0.25");
/// ```
pub fn roc_chart(report: &RocReport) -> RocChart {
    let series = report
        .curves
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let o = &c.optimum;
            RocSeries {
                name: c.name.clone(),
                colour: i,
                points: c.drawn.iter().map(|p| (p.fpr, p.tpr)).collect(),
                smooth: matches!(c.kind, CurveKind::Binormal { .. }),
                hull: c.hull.iter().map(|p| (p.fpr, p.tpr)).collect(),
                legend: format!(
                    "AUC {} · best yield {}",
                    auc_text(c.auc),
                    prose(o.yield_value)
                ),
                best: report.best.contains(&i),
                // Named: the curves are told apart by more than their colour.
                optimum: Some(Marker {
                    x: o.point.fpr,
                    y: o.point.tpr,
                    label: format!(
                        "{}: {}",
                        ulab_core::text::truncate(&c.name, 12),
                        optimum_label(o.point.threshold, o.yield_value)
                    ),
                }),
                tangent: c.tangent.map(|l| (l.from, l.to)),
            }
        })
        .collect();
    let note = match report.slope {
        Some(m) => format!("iso-utility lines: slope m = {}", prose(m)),
        None if report.family.is_empty() => "every point yields the same".into(),
        None => "iso-utility lines (no finite positive slope: U00 ≤ U10)".into(),
    };
    RocChart {
        series,
        family: report.family.iter().map(|l| (l.from, l.to)).collect(),
        note,
        picked: None,
    }
}

/// The yield-against-threshold chart of `report`: for scores the score thresholds, for a
/// binormal curve the latent threshold on `[−4, 4]` ([`LATENT_RANGE`], plus its optimum).
///
/// # Examples
///
/// ```
/// use ulab_core::{roc::Roc, UtilityMatrix};
/// use ulab_state::roc::{analysis::{analyze, choose_share}, charts::threshold_chart, curves::{Curve, ScoredCurve}};
/// let roc = Roc::from_scores(&[0.9, 0.7, 0.4, 0.2], &[true, false, true, false]).unwrap();
/// let curves = vec![Curve::Scores(ScoredCurve::new("A".into(), roc))];
/// let u = UtilityMatrix::identity(2).unwrap();
/// let r = analyze(&curves, &u, choose_share(None, Some(0.5)).unwrap()).unwrap();
/// let chart = threshold_chart(&r);
/// assert_eq!(chart.panels[0].points.len(), 5); // (+∞ and the four scores)
/// assert_eq!(chart.panels[0].optimum.as_ref().unwrap().label, "thr 0.9, yield 0.75");
/// ```
pub fn threshold_chart(report: &RocReport) -> ThresholdChart {
    let panels = report
        .curves
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let binormal = matches!(c.kind, CurveKind::Binormal { .. });
            let o = &c.optimum;
            let points = c
                .drawn
                .iter()
                .zip(&c.yields)
                .enumerate()
                .filter(|(k, (p, _))| {
                    !binormal || p.threshold.abs() <= LATENT_RANGE || *k == o.drawn_index
                })
                .map(|(_, (p, y))| (p.threshold, *y))
                .collect();
            ThresholdPanel {
                name: c.name.clone(),
                colour: i,
                x_title: if binormal {
                    "latent threshold (class-1 score units)".into()
                } else {
                    "threshold (score ≥ it: class 0)".into()
                },
                points,
                smooth: binormal,
                optimum: Some(Marker {
                    x: o.point.threshold,
                    y: o.yield_value,
                    label: optimum_label(o.point.threshold, o.yield_value),
                }),
                best: report.best.contains(&i),
            }
        })
        .collect();
    ThresholdChart {
        panels,
        references: vec![
            ("never class 0".into(), report.never),
            ("always class 0".into(), report.always),
        ],
        y_title: "yield per item".into(),
    }
}
