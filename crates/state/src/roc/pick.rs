//! The operating point picked for Compare: a curve and a point along it (by default the
//! optimum of the best curve), what it is in words, and the classifier it becomes.

use super::analysis::RocReport;
use super::compare::{binormal_classifier, scored_classifier};
use super::curves::Curve;
use super::verdict::threshold_text;
use crate::Classifier;
use ulab_core::text::{number, prose};

/// A point in force: the curve's index, the point's index among the curve's drawn points, and
/// how many points the curve draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Picked {
    /// The curve.
    pub curve: usize,
    /// The point, in [`super::analysis::CurveReport::drawn`].
    pub point: usize,
    /// The curve's number of drawn points.
    pub points: usize,
}

/// The index of curve `c`'s optimum among its drawn points.
pub fn optimum_of(r: &RocReport, c: usize) -> Option<usize> {
    r.curves.get(c).map(|c| c.optimum.drawn_index)
}

/// The point in force: `picked` (curve, point), or the optimum of the (first) best curve; the
/// point kept on its curve. `None` without curves.
pub fn in_force(r: &RocReport, picked: Option<(usize, usize)>) -> Option<Picked> {
    let (c, k) = picked.unwrap_or_else(|| {
        let c = r.best.first().copied().unwrap_or(0);
        (c, optimum_of(r, c).unwrap_or(0))
    });
    let curve = r.curves.get(c)?;
    Some(Picked {
        curve: c,
        point: k.min(curve.drawn.len().saturating_sub(1)),
        points: curve.drawn.len(),
    })
}

/// Point `k` of curve `c` in words: "A: threshold 0.5, FPR 0.2, TPR 0.8, yield 0.35 per item —
/// its optimum".
pub fn describe(r: &RocReport, c: usize, k: usize) -> Option<String> {
    let curve = r.curves.get(c)?;
    let p = curve.drawn.get(k)?;
    let y = curve.yields.get(k)?;
    let opt = if k == curve.optimum.drawn_index {
        " — its optimum"
    } else {
        ""
    };
    Some(format!(
        "{}: threshold {}, FPR {}, TPR {}, yield {} per item{opt}",
        curve.name,
        threshold_text(p.threshold),
        number(p.fpr, 3),
        number(p.tpr, 3),
        prose(*y)
    ))
}

/// The classifier that point `k` of curve `c` (of `curves`, analysed in `r`) becomes: a scores
/// curve's confusion counts, a binormal curve's fractions at the share in use.
pub fn classifier_at(r: &RocReport, curves: &[Curve], c: usize, k: usize) -> Option<Classifier> {
    let report = r.curves.get(c)?;
    match curves.get(c)? {
        Curve::Scores(s) => scored_classifier(s, *s.drawn.get(k)?),
        Curve::Binormal { name, .. } => {
            binormal_classifier(name, *report.drawn.get(k)?, r.share.value)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roc::analysis::{analyze, choose_share};
    use ulab_core::UtilityMatrix;
    use ulab_core::roc::Binormal;

    fn report() -> (Vec<Curve>, RocReport) {
        let curves = vec![
            Curve::Binormal {
                name: "A".into(),
                model: Binormal::new(1.0, 1.0).unwrap(),
            },
            Curve::Binormal {
                name: "B".into(),
                model: Binormal::new(2.0, 1.0).unwrap(),
            },
        ];
        let u = UtilityMatrix::parse("4,0;0,1").unwrap();
        let share = choose_share(Some(&[0.5, 0.5]), None).unwrap();
        let r = analyze(&curves, &u, share).unwrap();
        (curves, r)
    }

    #[test]
    fn by_default_the_best_curve_s_optimum_is_in_force() {
        let (_, r) = report();
        let p = in_force(&r, None).unwrap();
        assert_eq!(p.curve, 1);
        assert_eq!(Some(p.point), optimum_of(&r, 1));
        assert_eq!(p.points, r.curves[1].drawn.len());
        let said = describe(&r, p.curve, p.point).unwrap();
        assert!(said.starts_with("B: threshold "), "{said}");
        assert!(said.ends_with(" per item — its optimum"), "{said}");
    }

    #[test]
    fn a_picked_point_stays_on_its_curve() {
        let (_, r) = report();
        let p = in_force(&r, Some((0, usize::MAX))).unwrap();
        assert_eq!((p.curve, p.point), (0, r.curves[0].drawn.len() - 1));
        assert_eq!(in_force(&r, Some((9, 0))), None);
        assert_eq!(optimum_of(&r, 9), None);
        assert_eq!(describe(&r, 0, usize::MAX), None);
    }

    #[test]
    fn a_binormal_point_becomes_fractions() {
        let (curves, r) = report();
        let k = optimum_of(&r, 1).unwrap();
        let c = classifier_at(&r, &curves, 1, k).unwrap();
        assert!(c.name.starts_with('B'), "{}", c.name);
        assert!((c.matrix.sum() - 1.0).abs() < 1e-9);
        assert_eq!(classifier_at(&r, &curves, 1, usize::MAX), None);
        assert_eq!(classifier_at(&r, &curves[..1], 1, k), None);
    }
}
