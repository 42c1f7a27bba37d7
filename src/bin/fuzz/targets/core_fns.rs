//! The core: constructors fed raw values (NaN, ±inf, 1e308, 5e-324, −0, huge sizes), then
//! every metric, yield, decision, ROC and p-d function on what they accepted. Every result
//! must be a finite number, an undefined score or a typed error.

use super::Case;
use crate::inputs::Gen;
use utility_lab::core::decision::{
    binary_threshold, class_given_output, decide, expected_utilities, output_given_class, remap,
    yield_of_mapping,
};
use utility_lab::core::metrics::{self, Metric};
use utility_lab::core::pd::{self, PdLinear};
use utility_lab::core::prevalence::reweight;
use utility_lab::core::roc::{Binormal, Roc, iso_utility_slope, mann_whitney_auc};
use utility_lab::core::utility::rank_classifiers;
use utility_lab::core::{ConfusionMatrix, Matrix, Orientation, UtilityMatrix};

/// A matrix of `rows × cols` values from `value` (sometimes one raw value anywhere).
fn raw_matrix(g: &mut Gen, rows: usize, cols: usize, value: fn(&mut Gen) -> f64) -> Vec<f64> {
    let mut data: Vec<f64> = (0..rows * cols).map(|_| value(g)).collect();
    if !data.is_empty() && g.chance(0.2) {
        let k = g.below(data.len());
        data[k] = g.real();
    }
    data
}

/// `n` shares: normalized counts, or raw values.
fn shares(g: &mut Gen, n: usize) -> Vec<f64> {
    let n = if g.chance(0.05) { g.size() } else { n };
    let v: Vec<f64> = (0..n).map(|_| g.count()).collect();
    let s: f64 = v.iter().sum();
    if g.chance(0.8) && s > 0.0 && s.is_finite() {
        v.iter().map(|x| x / s).collect()
    } else {
        v
    }
}

fn dims(g: &mut Gen) -> usize {
    if g.chance(0.85) {
        2 + g.below(3)
    } else {
        g.size()
    }
}

/// One input: a utility matrix, two classifiers, shares, κ, α, scores.
pub fn run(g: &mut Gen, case: &mut Case) {
    let n = dims(g);
    let extra = if g.chance(0.2) { g.below(3) } else { 0 };
    let u_data = raw_matrix(g, n + extra, n, |g| {
        if g.chance(0.7) {
            g.below(400) as f64 - 200.0
        } else {
            g.real()
        }
    });
    let cms: Vec<Vec<f64>> = (0..2).map(|_| raw_matrix(g, n, n, Gen::count)).collect();
    let p = shares(g, n);
    let kappa: Vec<f64> = (0..n)
        .map(|_| if g.chance(0.9) { g.unit() } else { g.real() })
        .collect();
    let alpha = if g.chance(0.8) {
        g.unit() * 3.0
    } else {
        g.real()
    };
    let beta = if g.chance(0.8) {
        g.unit() * 4.0
    } else {
        g.real()
    };
    case.input(format!(
        "u={u_data:?} ({}×{n}) cm={cms:?} p={p:?} kappa={kappa:?} alpha={alpha} beta={beta}",
        n + extra
    ));
    let u = Matrix::new(n + extra, n, u_data).and_then(UtilityMatrix::new);
    let cms: Vec<ConfusionMatrix> = cms
        .into_iter()
        .filter_map(|d| {
            Matrix::new(n, n, d)
                .and_then(|m| ConfusionMatrix::new(m, Orientation::TrueRows))
                .ok()
        })
        .collect();
    for cm in &cms {
        metrics_of(case, cm, &kappa, beta);
        pd_of(case, cm, &kappa);
        if let Ok(r) = reweight(cm, &p) {
            case.finite("reweighted total", r.total());
            metrics_of(case, &r, &kappa, beta);
        }
        if let Ok(m) = output_given_class(cm, alpha) {
            case.all_finite("p(o|c)", m.data());
            if let Ok(post) = class_given_output(&m, &p) {
                case.all_finite("p(c|o)", post.data());
            }
        }
    }
    if let Ok(u) = &u {
        utility_of(case, u, &p);
        for cm in &cms {
            if let Ok(y) = u.yield_of(cm) {
                case.finite("yield", y);
            }
            if let Ok(y) = u.total_yield_of(cm) {
                case.finite("total yield", y);
            }
            if let Ok(r) = remap(cm, u, alpha, Some(&p)) {
                case.finite("raw yield", r.raw_yield);
                case.finite("remapped yield", r.remapped_yield);
                case.all_finite("remap expected", r.expected.data());
                let mapping: Vec<usize> = (0..n).map(|_| g.below(n + extra + 1)).collect();
                if let Ok(y) = yield_of_mapping(&r.output_given_class, &mapping, u, &p) {
                    case.finite("yield of mapping", y);
                }
            }
        }
        if let Ok((yields, _)) = rank_classifiers(u, &cms) {
            case.all_finite("ranked yields", &yields);
        }
    }
    if !cms.is_empty() && g.chance(0.3) {
        let grid: Vec<f64> = (0..1 + g.below(4)).map(|_| g.unit()).collect();
        if let Ok(a) = pd::grid_analysis(&cms, &grid, 1 + g.below(20)) {
            case.all_finite("grid mean", &a.mean);
            case.all_finite("grid min", &a.min);
        }
    }
    roc_of(g, case, u.as_ref().ok());
}

/// Every metric, every class, F-beta.
fn metrics_of(case: &mut Case, cm: &ConfusionMatrix, kappa: &[f64], beta: f64) {
    case.finite("total", cm.total());
    for m in Metric::ALL {
        if let Ok(s) = m.value(cm, Some(kappa)) {
            case.score(m.key(), s);
        }
        if let Ok(s) = m.value(cm, None) {
            case.score(m.key(), s);
        }
        for k in 0..cm.n() {
            if let Some(s) = m.class_value(cm, k) {
                case.score(m.key(), s);
            }
        }
    }
    if let Ok(s) = metrics::f_beta(cm, 0, beta) {
        case.score("F-beta", s);
    }
    case.score("macro F1", metrics::macro_f1(cm));
    case.score("F1 of macro P and R", pd::f1_of_macro_pr(cm));
    if let Ok(v) = metrics::net_benefit(cm, beta.fract().abs()) {
        case.finite("net benefit", v);
    }
}

fn pd_of(case: &mut Case, cm: &ConfusionMatrix, kappa: &[f64]) {
    if let Ok(v) = metrics::preference_driven(cm, kappa) {
        case.finite("p-d", v);
    }
    let lin = PdLinear::of(cm);
    case.finite("p-d base", lin.base);
    case.all_finite("p-d slopes", &lin.slopes);
    if let Ok(h) = pd::heatmap(cm, 10) {
        for row in &h {
            case.all_finite("heatmap", row);
        }
    }
    if let Some(v) = pd::f1_of_macro_pr(cm).value()
        && let Ok(Some(k)) = pd::kappa_for_value(cm, v, Some(kappa))
    {
        case.all_finite("κ for F1", &k);
    }
}

fn utility_of(case: &mut Case, u: &UtilityMatrix, p: &[f64]) {
    if let Ok(e) = expected_utilities(u, p) {
        case.all_finite("expected utilities", &e);
    }
    if let Ok(d) = decide(u, p) {
        case.all_finite("decision expected", &d.expected);
    }
    if let Ok(t) = u.trivial_yields(p) {
        case.all_finite("trivial yields", &t);
    }
    if let Ok(n) = u.normalized() {
        case.all_finite("normalized", n.matrix().data());
    }
    if let Ok((x, y)) = u.xy() {
        case.finite("x", x);
        case.finite("y", y);
    }
    if let Ok(utility_lab::core::decision::BinaryRule::ZeroAtOrAbove(t)) = binary_threshold(u) {
        case.finite("threshold", t);
    }
    if let Ok(e) = UtilityMatrix::expected(&[(p.first().copied().unwrap_or(1.0), u.clone())]) {
        case.all_finite("expected matrix", e.matrix().data());
    }
}

/// An empirical ROC from random scores, and a binormal curve.
fn roc_of(g: &mut Gen, case: &mut Case, u: Option<&UtilityMatrix>) {
    let len = if g.chance(0.05) { 2000 } else { g.below(12) };
    let scores: Vec<f64> = (0..len)
        .map(|_| {
            if g.chance(0.9) {
                g.below(10) as f64 / 3.0
            } else {
                g.real()
            }
        })
        .collect();
    let positive: Vec<bool> = (0..len).map(|_| g.chance(0.5)).collect();
    if let Ok(roc) = Roc::from_scores(&scores, &positive) {
        case.finite("AUC", roc.auc());
        if let Ok(a) = mann_whitney_auc(&scores, &positive) {
            case.finite("Mann–Whitney AUC", a);
        }
        if let Some(u) = u {
            if let Ok(y) = roc.yields(u) {
                case.all_finite("ROC yields", &y);
            }
            if let Ok(o) = roc.optimal(u) {
                case.finite("optimal yield", o.yield_value);
            }
            if let Ok(m) = iso_utility_slope(u, roc.class0_share()) {
                case.finite("iso-utility slope", m);
            }
        }
    }
    let (a, b) = (g.real(), g.real());
    if let Ok(bn) = Binormal::new(a, b) {
        case.finite("binormal AUC", bn.auc());
        for (f, t) in bn.curve(16) {
            case.finite("binormal FPR", f);
            case.finite("binormal TPR", t);
        }
        let share = g.unit();
        if let Some(u) = u {
            if let Ok(m) = iso_utility_slope(u, share) {
                case.finite("iso-utility slope", m);
            }
            if let Ok((f, t, y)) = bn.optimal(u, share) {
                case.all_finite("binormal optimum", &[f, t, y]);
            }
        }
    }
}
