//! The view's CSV exports, written with the crate's CSV writer ([`ulab_csv::write`]) and
//! computed numbers with [`ulab_core::text::exported`]; undefined values (an empty bin's
//! frequency) are empty cells.
//!
//! * [`decisions_csv`]: one row per model and rule — its yield per item, total, gain over the
//!   most probable class, and its confusion matrix of counts, one column per decision and
//!   class (`decision→class`, rows = decisions);
//! * [`calibration_csv`]: one row per model, class and bin;
//! * [`curve_csv`]: the decision curve, one row per threshold;
//! * [`bootstrap_csv`]: one row per arm (observed yield, bootstrap mean, 90 % interval), then
//!   one per ordered pair of arms (`P(A > B)`, the difference's interval).

use super::analysis::Report;
use super::calibration::ModelCalibration;
use ulab_core::text::exported;
use ulab_csv::write;
use ulab_probs::bootstrap::Summary;
use ulab_probs::tally::CurvePoint;

/// An optional number for a file: empty when undefined.
fn cell(v: Option<f64>) -> String {
    v.map(exported).unwrap_or_default()
}

/// The decisions table.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{analysis::analyse, export::decisions_csv, file::parse_probs};
/// let f = parse_probs("label,A:x,A:y\nx,0.9,0.1\ny,0.6,0.4\n", None).unwrap();
/// let r = analyse(&f, &[], &UtilityMatrix::identity(2).unwrap(), None).unwrap();
/// let csv = decisions_csv(&r, &f.classes, &["x".into(), "y".into()]);
/// assert_eq!(csv.lines().next().unwrap(), "model,rule,yield_per_item,total,gain_per_item,best,x→x,x→y,y→x,y→y");
/// assert_eq!(csv.lines().nth(1).unwrap(), "A,most_probable,0.5,1,0,true,1,1,0,0");
/// ```
pub fn decisions_csv(report: &Report, classes: &[String], decisions: &[String]) -> String {
    let mut header: Vec<String> = [
        "model",
        "rule",
        "yield_per_item",
        "total",
        "gain_per_item",
        "best",
    ]
    .map(String::from)
    .to_vec();
    for d in decisions {
        for c in classes {
            header.push(format!("{d}→{c}"));
        }
    }
    let mut rows = vec![header];
    for r in report.rows() {
        let Some(o) = report.outcome(r.model, r.rule) else {
            continue;
        };
        let mut row = vec![
            report.models[r.model].name.clone(),
            r.rule.key().to_string(),
            exported(r.yield_per_item),
            exported(r.total),
            exported(r.gain),
            r.best.to_string(),
        ];
        row.extend(o.counts.data().iter().map(|&v| exported(v)));
        rows.push(row);
    }
    write(&rows)
}

/// The reliability diagrams' bins.
///
/// # Examples
///
/// ```
/// use ulab_state::probs::{calibration::calibrate, export::calibration_csv, file::parse_probs};
/// let f = parse_probs("label,A:x,A:y\nx,0.9,0.1\ny,0.9,0.1\n", None).unwrap();
/// let c = calibrate(&f, &f.table.models()[0], 2).unwrap();
/// let csv = calibration_csv(&[c], &f.classes);
/// // Bin (½, 1] of class x: 2 items, 1 of class x; Wilson: (½ + z²/4 ± z·√(⅛ + z²/16)) / (1 + z²/2).
/// assert_eq!(csv.lines().nth(2).unwrap(), "A,x,0.5,1,2,1,0.899999976158,0.5,0.120866319422,0.879133680578");
/// assert_eq!(csv.lines().nth(1).unwrap(), "A,x,0,0.5,0,0,,,,");
/// ```
pub fn calibration_csv(calibrations: &[ModelCalibration], classes: &[String]) -> String {
    let mut rows = vec![
        [
            "model",
            "class",
            "bin_from",
            "bin_to",
            "items",
            "items_of_class",
            "mean_predicted",
            "observed",
            "observed_lo90",
            "observed_hi90",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for m in calibrations {
        for (k, bins) in m.classes.iter().enumerate() {
            for b in bins {
                rows.push(vec![
                    m.name.clone(),
                    classes.get(k).cloned().unwrap_or_else(|| k.to_string()),
                    exported(b.lo),
                    exported(b.hi),
                    b.count.to_string(),
                    b.hits.to_string(),
                    cell(b.mean_predicted),
                    cell(b.observed),
                    cell(b.interval.map(|i| i.0)),
                    cell(b.interval.map(|i| i.1)),
                ]);
            }
        }
    }
    write(&rows)
}

/// The decision curve: threshold, treat none, treat all, then each model's net benefit.
///
/// # Examples
///
/// ```
/// use ulab_state::probs::{curve::{decision_curve, threshold_curves}, export::curve_csv, file::parse_probs};
/// let f = parse_probs("y,A\n1,0.9\n0,0.6\n1,0.4\n0,0.2\n", None).unwrap();
/// let c = decision_curve(&threshold_curves(&f, None).unwrap(), &[0.25]);
/// // p ≥ ¼: TP 2, FP 1 of 4: 2/4 − 1/4 · ⅓; treat all: ½ − ½ · ⅓.
/// assert_eq!(curve_csv(&c, &f.models()), "threshold,treat_none,treat_all,A\n0.25,0,0.333333333333,0.416666666667\n");
/// ```
pub fn curve_csv(points: &[CurvePoint], models: &[String]) -> String {
    let mut header: Vec<String> = ["threshold", "treat_none", "treat_all"]
        .map(String::from)
        .to_vec();
    header.extend(models.iter().cloned());
    let mut rows = vec![header];
    for p in points {
        let mut row = vec![exported(p.threshold), "0".into(), exported(p.treat_all)];
        row.extend(p.models.iter().map(|&v| exported(v)));
        rows.push(row);
    }
    write(&rows)
}

/// The bootstrap's summary: per arm, then per ordered pair.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{export::bootstrap_csv, file::parse_probs, howsure::bootstrap};
/// let f = parse_probs("y,A\n1,0.9\n0,0.6\n", None).unwrap();
/// let (b, names) = bootstrap(&f, &[], &UtilityMatrix::identity(2).unwrap(), None, 1).unwrap();
/// let csv = bootstrap_csv(&b.run(0..10).summary(), &names, &b.observed());
/// assert!(csv.starts_with("kind,arm,other,observed,mean,lo90,hi90,p_better\narm,\"A, most probable class\",,0.5,"));
/// ```
pub fn bootstrap_csv(summary: &Summary, names: &[String], observed: &[f64]) -> String {
    let mut rows = vec![
        [
            "kind", "arm", "other", "observed", "mean", "lo90", "hi90", "p_better",
        ]
        .map(String::from)
        .to_vec(),
    ];
    let a = summary.arms.len().min(names.len()).min(observed.len());
    for k in 0..a {
        let s = summary.arms[k];
        rows.push(vec![
            "arm".into(),
            names[k].clone(),
            String::new(),
            exported(observed[k]),
            exported(s.mean),
            exported(s.lo),
            exported(s.hi),
            String::new(),
        ]);
    }
    for x in 0..a {
        for y in (0..a).filter(|&y| y != x) {
            let d = summary.difference[x * summary.arms.len() + y];
            rows.push(vec![
                "pair".into(),
                names[x].clone(),
                names[y].clone(),
                exported(observed[x] - observed[y]),
                exported(d.mean),
                exported(d.lo),
                exported(d.hi),
                exported(summary.better(x, y)),
            ]);
        }
    }
    write(&rows)
}
