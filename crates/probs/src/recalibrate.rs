//! Recalibration of a model's probabilities, cross-fitted so that its gain is never measured on
//! the items it was fitted to.
//!
//! **The map** ("temperature and bias", a vector scaling of the log-probabilities):
//! `p'_c = exp(a·z_c + b_c) / Σ_c' exp(a·z_c' + b_c')` with `z_c = ln max(p_c, 10⁻⁹)` (a
//! probability 0 is clamped: its log would be −∞), one temperature `a` and one bias per class,
//! `b_0 = 0`. `a < 1` softens an overconfident model, `a > 1` sharpens a timid one, and the
//! biases move the class shares. For two classes it is Platt scaling of the log-odds:
//! `logit p'_0 = a·logit p_0 − b_1`. `a = 1, b = 0` leaves the probabilities unchanged.
//!
//! **The fit**: maximum likelihood, with a weak Gaussian prior that keeps the optimum finite
//! (a class absent from the fitting items): minimize
//! `Σ_i [ln Σ_c exp(s_ic) − s_{i,y_i}] + (λ/2)·((a − 1)² + Σ_c b_c²)`, `s_ic = a·z_ic + b_c`,
//! `λ = 0.01` (a prior standard deviation of 10). The objective is convex (a multinomial
//! logistic regression with one shared slope); it is minimized by Newton's method with a
//! backtracking line search. A fit uses at most `10⁶/(n + 1)²` items (every `s`-th of those
//! available; at least 2000): ample for `n` parameters, and a bounded cost per fit.
//!
//! **Cross-fitting**: item `i` belongs to fold `i mod K` ([`FOLDS`] = 5 by default); the map
//! applied to the items of fold `k` is fitted on the items of the other folds only.

use super::table::{ModelProbs, ProbTable};
use ulab_core::error::{CoreError, check_count};

/// The default number of folds.
pub const FOLDS: usize = 5;

/// The most folds.
pub const MAX_FOLDS: usize = 100;

/// Probabilities below this are clamped before their logarithm.
pub const P_MIN: f64 = 1e-9;

/// The prior's precision `λ` on `a − 1` and on the biases.
pub const LAMBDA: f64 = 0.01;

/// The work of one fit, items × (classes + 1)², at most.
const FIT_WORK: usize = 1_000_000;

/// The fewest items a fit uses (when that many are available).
const MIN_FIT_ITEMS: usize = 2000;

/// A recalibration map `p' ∝ exp(a·ln p_c + b_c)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Scaling {
    /// The temperature (slope) `a`.
    pub a: f64,
    /// The biases, `b[0] = 0`.
    pub b: Vec<f64>,
}

impl Scaling {
    /// The identity map over `n` classes (`a = 1`, `b = 0`).
    pub fn identity(n: usize) -> Scaling {
        Scaling {
            a: 1.0,
            b: vec![0.0; n],
        }
    }

    /// The recalibrated probabilities of one item: `out_c = exp(a·z_c + b_c) / Σ exp(…)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_probs::recalibrate::Scaling;
    /// let s = Scaling { a: 0.5, b: vec![0.0, 0.0] };
    /// let mut out = [0.0f32; 2];
    /// s.apply(&[0.9, 0.1], &mut out); // odds 9 → 3
    /// assert!((out[0] - 0.75).abs() < 1e-6);
    /// ```
    pub fn apply(&self, p: &[f32], out: &mut [f32]) {
        let mut s = [0.0f64; ulab_core::limits::MAX_CLASSES];
        let n = p.len().min(out.len()).min(self.b.len());
        let mut top = f64::NEG_INFINITY;
        for c in 0..n {
            s[c] = self.a * ln_clamped(p[c]) + self.b[c];
            top = top.max(s[c]);
        }
        let mut z = 0.0;
        for v in &mut s[..n] {
            *v = (*v - top).exp();
            z += *v;
        }
        for c in 0..n {
            out[c] = (s[c] / z) as f32;
        }
    }
}

/// `ln max(p, 10⁻⁹)`.
fn ln_clamped(p: f32) -> f64 {
    f64::from(p).max(P_MIN).ln()
}

/// The fold of item `i`: `i mod K`.
pub fn fold_of(item: usize, folds: usize) -> usize {
    item % folds.max(1)
}

/// The penalized negative log-likelihood, its gradient and Hessian at `θ = (a, b_1, …,
/// b_{n−1})`, over the fitting items' log-probabilities `z` (item after item) and classes `y`.
#[derive(Debug, Clone)]
struct Objective {
    n: usize,
    z: Vec<f64>,
    y: Vec<usize>,
}

impl Objective {
    fn new(model: &ModelProbs, truth: &[u16], items: &[usize]) -> Objective {
        Objective {
            n: model.n_classes(),
            z: items
                .iter()
                .flat_map(|&i| model.item(i).iter().map(|&p| ln_clamped(p)))
                .collect(),
            y: items.iter().map(|&i| usize::from(truth[i])).collect(),
        }
    }

    /// `s_c = a·z_c + b_c` of one item, and its largest value.
    #[inline]
    fn scores(&self, th: &[f64], z: &[f64], s: &mut [f64]) -> f64 {
        let mut top = f64::NEG_INFINITY;
        for c in 0..self.n {
            s[c] = th[0] * z[c] + if c > 0 { th[c] } else { 0.0 };
            if s[c] > top {
                top = s[c];
            }
        }
        top
    }

    fn value(&self, th: &[f64]) -> f64 {
        let mut s = vec![0.0; self.n];
        let mut f =
            0.5 * LAMBDA * ((th[0] - 1.0).powi(2) + th[1..].iter().map(|b| b * b).sum::<f64>());
        for (z, &y) in self.z.chunks_exact(self.n).zip(&self.y) {
            let top = self.scores(th, z, &mut s);
            let lse = top + s.iter().map(|v| (v - top).exp()).sum::<f64>().ln();
            f += lse - s[y];
        }
        f
    }

    /// Gradient `g` and Hessian `h` (row-major `n × n`).
    fn derivatives(&self, th: &[f64], g: &mut [f64], h: &mut [f64]) {
        let n = self.n;
        g.fill(0.0);
        h.fill(0.0);
        let mut q = vec![0.0; n];
        for (z, &y) in self.z.chunks_exact(n).zip(&self.y) {
            let top = self.scores(th, z, &mut q);
            let mut sum = 0.0;
            for v in q.iter_mut() {
                *v = (*v - top).exp();
                sum += *v;
            }
            let mut zbar = 0.0;
            let mut zz = 0.0;
            for c in 0..n {
                q[c] /= sum;
                zbar += q[c] * z[c];
                zz += q[c] * z[c] * z[c];
            }
            g[0] += zbar - z[y];
            h[0] += zz - zbar * zbar;
            for c in 1..n {
                g[c] += q[c] - f64::from(u8::from(c == y));
                let hac = q[c] * (z[c] - zbar);
                h[c] += hac;
                h[c * n] += hac;
                h[c * n + c] += q[c];
                for d in 1..n {
                    h[c * n + d] -= q[c] * q[d];
                }
            }
        }
        g[0] += LAMBDA * (th[0] - 1.0);
        h[0] += LAMBDA;
        for c in 1..n {
            g[c] += LAMBDA * th[c];
            h[c * n + c] += LAMBDA;
        }
    }
}

/// Solves `h·x = r` for a symmetric positive-definite `h` (`n × n`) by Cholesky; `None` if
/// `h` is not positive definite to working precision.
fn cholesky_solve(h: &[f64], r: &[f64], n: usize) -> Option<Vec<f64>> {
    let mut l = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..=i {
            let s: f64 = h[i * n + j] - (0..j).map(|k| l[i * n + k] * l[j * n + k]).sum::<f64>();
            if i == j {
                if !(s > 0.0) {
                    return None;
                }
                l[i * n + i] = s.sqrt();
            } else {
                l[i * n + j] = s / l[j * n + j];
            }
        }
    }
    let mut y = vec![0.0; n];
    for i in 0..n {
        y[i] = (r[i] - (0..i).map(|k| l[i * n + k] * y[k]).sum::<f64>()) / l[i * n + i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        x[i] = (y[i] - (i + 1..n).map(|k| l[k * n + i] * x[k]).sum::<f64>()) / l[i * n + i];
    }
    Some(x)
}

/// Fits the map to `model`'s probabilities on the items `items` (all of them: no
/// subsampling) by penalized maximum likelihood (see the module's objective).
///
/// # Errors
/// `model` does not fit the table; an item beyond the table.
///
/// # Examples
///
/// Two items of each class, each given probability 0.99 for its own class and 0.01 for the
/// other, against one of each mislabelled: the fit softens the model (`a < 1`).
///
/// ```
/// use ulab_probs::{recalibrate::fit, ProbTable};
/// let t = ProbTable::new(2, vec!["A".into()], vec![0, 0, 1, 1, 0, 1],
///     vec![[0.99, 0.01, 0.99, 0.01, 0.01, 0.99, 0.01, 0.99, 0.01, 0.99, 0.99, 0.01].to_vec()]).unwrap();
/// let s = fit(&t, &t.models()[0], &[0, 1, 2, 3, 4, 5]).unwrap();
/// assert!(s.a > 0.0 && s.a < 0.5 && s.b[1].abs() < 1e-9);
/// ```
pub fn fit(table: &ProbTable, model: &ModelProbs, items: &[usize]) -> Result<Scaling, CoreError> {
    let mut f = Fitting::new(table, model, items)?;
    while !f.step() {}
    Ok(f.scaling())
}

/// The most Newton iterations of a fit.
const MAX_ITERATIONS: usize = 100;

/// A [`fit`] one Newton iteration at a time (a page fits 10⁵ items without a long task): the
/// same iterations, so the same map, as [`fit`].
///
/// # Examples
///
/// ```
/// use ulab_probs::{recalibrate::{fit, Fitting}, ProbTable};
/// let t = ProbTable::new(2, vec!["A".into()], vec![0, 0, 1, 1, 0, 1],
///     vec![[0.9, 0.1, 0.6, 0.4, 0.3, 0.7, 0.2, 0.8, 0.4, 0.6, 0.7, 0.3].to_vec()]).unwrap();
/// let items = [0, 1, 2, 3, 4, 5];
/// let mut f = Fitting::new(&t, &t.models()[0], &items).unwrap();
/// let mut steps = 0;
/// while !f.step() { steps += 1; } // report the iterations meanwhile
/// assert!(steps > 0 && steps < 100);
/// assert_eq!(f.scaling(), fit(&t, &t.models()[0], &items).unwrap());
/// ```
#[derive(Debug, Clone)]
pub struct Fitting {
    obj: Objective,
    th: Vec<f64>,
    f: f64,
    g: Vec<f64>,
    h: Vec<f64>,
    iterations: usize,
    done: bool,
}

impl Fitting {
    /// Starts the fit of `model`'s map on `items` (their log-probabilities are read once).
    ///
    /// # Errors
    /// `model` does not fit the table; an item beyond the table.
    pub fn new(
        table: &ProbTable,
        model: &ModelProbs,
        items: &[usize],
    ) -> Result<Fitting, CoreError> {
        table.check_model(model)?;
        if let Some(&i) = items.iter().find(|&&i| i >= table.n_items()) {
            return Err(CoreError::DimensionMismatch {
                expected: format!("items below {}", table.n_items()),
                found: format!("item {i}"),
            });
        }
        let n = table.n_classes();
        let obj = Objective::new(model, table.truth(), items);
        let mut th = vec![0.0; n];
        th[0] = 1.0;
        let f = obj.value(&th);
        Ok(Fitting {
            obj,
            th,
            f,
            g: vec![0.0; n],
            h: vec![0.0; n * n],
            iterations: 0,
            done: false,
        })
    }

    /// One Newton iteration with its backtracking line search; whether the fit is done (the
    /// Newton decrement is negligible, the line search cannot decrease the objective, or
    /// [`MAX_ITERATIONS`] are done).
    pub fn step(&mut self) -> bool {
        if self.done || self.iterations >= MAX_ITERATIONS {
            self.done = true;
            return true;
        }
        self.iterations += 1;
        let n = self.th.len();
        let (obj, th) = (&self.obj, &mut self.th);
        obj.derivatives(th, &mut self.g, &mut self.h);
        let neg: Vec<f64> = self.g.iter().map(|v| -v).collect();
        // A Hessian that is not positive definite in floating point: a gradient step.
        let step = cholesky_solve(&self.h, &neg, n).unwrap_or_else(|| {
            let scale = 1.0 / (1.0 + obj.y.len() as f64);
            neg.iter().map(|v| v * scale).collect()
        });
        // The Newton decrement −g·step is twice the predicted decrease: stop when it is
        // negligible.
        let decrement: f64 = -self.g.iter().zip(&step).map(|(g, d)| g * d).sum::<f64>();
        if !(decrement > 1e-12 * (1.0 + self.f.abs())) {
            self.done = true;
            return true;
        }
        let mut t = 1.0;
        let mut moved = false;
        for _ in 0..40 {
            let cand: Vec<f64> = th.iter().zip(&step).map(|(x, d)| x + t * d).collect();
            let fc = obj.value(&cand);
            if fc.is_finite() && fc <= self.f {
                moved = fc < self.f;
                *th = cand;
                self.f = fc;
                break;
            }
            t *= 0.5;
        }
        if !moved || self.iterations >= MAX_ITERATIONS {
            self.done = true;
        }
        self.done
    }

    /// Iterations done.
    pub fn iterations(&self) -> usize {
        self.iterations
    }

    /// The map as fitted so far.
    pub fn scaling(&self) -> Scaling {
        let mut b = self.th.clone();
        b[0] = 0.0;
        Scaling { a: self.th[0], b }
    }
}

/// The items a fit for fold `fold` of `folds` uses: those of the other folds (all items when
/// `fold ≥ folds`), every `s`-th of them, at most `max(2000, 10⁶/(n + 1)²)`.
///
/// # Examples
///
/// ```
/// use ulab_probs::recalibrate::fit_items;
/// assert_eq!(fit_items(7, 2, 3, 1), vec![0, 2, 3, 5, 6]);
/// assert_eq!(fit_items(3, 2, 3, 3), vec![0, 1, 2]);
/// assert_eq!(fit_items(1_000_000, 20, 5, 0).len(), 2267); // 10⁶/21² items, evenly spread
/// ```
pub fn fit_items(n_items: usize, n_classes: usize, folds: usize, fold: usize) -> Vec<usize> {
    let folds = folds.max(1);
    let keep = |i: &usize| fold >= folds || i % folds != fold;
    let others = (0..n_items).filter(keep).count();
    let cap = (FIT_WORK / ((n_classes + 1) * (n_classes + 1))).max(MIN_FIT_ITEMS);
    let stride = others.div_ceil(cap).max(1);
    (0..n_items).filter(keep).step_by(stride).collect()
}

/// The maps of a cross-fitted recalibration, one per fold.
#[derive(Debug, Clone, PartialEq)]
pub struct CrossFit {
    /// Fold `k`'s map, fitted on the items of the other folds.
    pub folds: Vec<Scaling>,
}

/// Fits the map of fold `fold` of `folds`: on the items of the other folds ([`fit_items`]).
/// With one fold, on all items (then the gain is measured on the fitting items: use ≥ 2).
///
/// # Errors
/// `folds` not in `1..=100` or `fold ≥ folds`; `model` does not fit the table.
pub fn fit_fold(
    table: &ProbTable,
    model: &ModelProbs,
    folds: usize,
    fold: usize,
) -> Result<Scaling, CoreError> {
    let mut f = fold_fitting(table, model, folds, fold)?;
    while !f.step() {}
    Ok(f.scaling())
}

/// The [`Fitting`] of [`fit_fold`]: the map of fold `fold` of `folds`, to be fitted one
/// iteration at a time.
///
/// # Errors
/// As [`fit_fold`].
pub fn fold_fitting(
    table: &ProbTable,
    model: &ModelProbs,
    folds: usize,
    fold: usize,
) -> Result<Fitting, CoreError> {
    check_count("folds", folds, 1, MAX_FOLDS)?;
    if fold >= folds {
        return Err(CoreError::DimensionMismatch {
            expected: format!("a fold below {folds}"),
            found: format!("fold {fold}"),
        });
    }
    // With one fold, `fold_of` is 0 for every item: fit on all (fold index `folds`).
    let excluded = if folds == 1 { folds } else { fold };
    Fitting::new(
        table,
        model,
        &fit_items(table.n_items(), table.n_classes(), folds, excluded),
    )
}

/// Fits every fold ([`fit_fold`]); the page may instead fit one fold per frame.
///
/// # Errors
/// As [`fit_fold`].
///
/// # Examples
///
/// ```
/// use ulab_probs::{recalibrate::cross_fit, ProbTable};
/// let t = ProbTable::new(2, vec!["A".into()], vec![0, 1, 0, 1, 1, 0],
///     vec![[0.8, 0.2, 0.3, 0.7, 0.6, 0.4, 0.1, 0.9, 0.4, 0.6, 0.9, 0.1].to_vec()]).unwrap();
/// let cf = cross_fit(&t, &t.models()[0], 3).unwrap();
/// let r = cf.apply(&t, &t.models()[0], "A recalibrated").unwrap();
/// assert_eq!((cf.folds.len(), r.n_items(), r.name()), (3, 6, "A recalibrated"));
/// ```
pub fn cross_fit(
    table: &ProbTable,
    model: &ModelProbs,
    folds: usize,
) -> Result<CrossFit, CoreError> {
    let folds = (0..folds.max(1))
        .map(|k| fit_fold(table, model, folds, k))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(CrossFit { folds })
}

impl CrossFit {
    /// The recalibrated probabilities of `model`'s items `range` (clamped), each from its
    /// fold's map, appended to `out`.
    pub fn apply_range(
        &self,
        model: &ModelProbs,
        range: std::ops::Range<usize>,
        out: &mut Vec<f32>,
    ) {
        let n = model.n_classes();
        let end = range.end.min(model.n_items());
        let mut buf = vec![0.0f32; n];
        for i in range.start.min(end)..end {
            match self.folds.get(fold_of(i, self.folds.len())) {
                Some(s) => s.apply(model.item(i), &mut buf),
                None => buf.copy_from_slice(model.item(i)),
            }
            out.extend_from_slice(&buf);
        }
    }

    /// The recalibrated model, named `name`.
    ///
    /// # Errors
    /// `model` does not fit the table.
    pub fn apply(
        &self,
        table: &ProbTable,
        model: &ModelProbs,
        name: &str,
    ) -> Result<ModelProbs, CoreError> {
        table.check_model(model)?;
        let mut out = Vec::with_capacity(model.values().len());
        self.apply_range(model, 0..model.n_items(), &mut out);
        Ok(ModelProbs::from_valid(
            name.to_string(),
            model.n_classes(),
            out,
        ))
    }

    /// The recalibrated model named `name` from the values [`CrossFit::apply_range`] wrote
    /// for every item of `table` (for a page that applies the maps a slice of items at a time).
    ///
    /// # Errors
    /// Not one value per class and item, or a value that is not a probability.
    pub fn model_from(
        &self,
        table: &ProbTable,
        name: &str,
        values: Vec<f32>,
    ) -> Result<ModelProbs, CoreError> {
        let expected = table.n_items() * table.n_classes();
        if values.len() != expected {
            return Err(CoreError::LengthMismatch {
                what: "recalibrated probabilities",
                expected,
                found: values.len(),
            });
        }
        if let Some(k) = values.iter().position(|v| !(0.0..=1.0).contains(v)) {
            return Err(CoreError::InvalidParameter {
                name: "recalibrated probability",
                value: f64::from(values[k]),
                expected: "a probability in [0, 1]",
            });
        }
        Ok(ModelProbs::from_valid(
            name.to_string(),
            table.n_classes(),
            values,
        ))
    }
}
