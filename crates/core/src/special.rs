//! Special functions: the standard normal distribution function and its inverse.
//!
//! Built on the `libm` crate so that results are identical natively and in WebAssembly.

/// The standard normal distribution function `Φ(x) = ½·erfc(−x/√2)`.
///
/// # Examples
///
/// ```
/// use ulab_core::special::norm_cdf;
/// assert_eq!(norm_cdf(0.0), 0.5);
/// assert!((norm_cdf(1.959963984540054) - 0.975).abs() < 1e-15);
/// ```
pub fn norm_cdf(x: f64) -> f64 {
    0.5 * libm::erfc(-x / std::f64::consts::SQRT_2)
}

/// The standard normal density `φ(x) = exp(−x²/2) / √(2π)`.
///
/// # Examples
///
/// ```
/// use ulab_core::special::norm_pdf;
/// assert!((norm_pdf(0.0) - 0.3989422804014327).abs() < 1e-16);
/// ```
pub fn norm_pdf(x: f64) -> f64 {
    const INV_SQRT_2PI: f64 = 0.398_942_280_401_432_7;
    INV_SQRT_2PI * libm::exp(-0.5 * x * x)
}

/// The standard normal quantile `Φ⁻¹(p)`: Acklam's rational approximation refined by one
/// Halley step on `Φ(x) − p` (relative error about 1e-15). `Φ⁻¹(0) = −∞`, `Φ⁻¹(1) = +∞`;
/// NaN outside `[0, 1]`.
///
/// # Examples
///
/// ```
/// use ulab_core::special::{norm_cdf, norm_inv};
/// assert!((norm_inv(0.975) - 1.959963984540054).abs() < 1e-13);
/// assert!((norm_cdf(norm_inv(1e-10)) - 1e-10).abs() < 1e-22);
/// assert_eq!(norm_inv(0.0), f64::NEG_INFINITY);
/// ```
pub fn norm_inv(p: f64) -> f64 {
    if p.is_nan() || !(0.0..=1.0).contains(&p) {
        return f64::NAN;
    }
    if p == 0.0 {
        return f64::NEG_INFINITY;
    }
    if p == 1.0 {
        return f64::INFINITY;
    }
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    const P_LOW: f64 = 0.02425;
    let x = if p < P_LOW {
        let q = libm::sqrt(-2.0 * libm::log(p));
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    } else if p <= 1.0 - P_LOW {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    } else {
        let q = libm::sqrt(-2.0 * libm::log(1.0 - p));
        -(((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    // One Halley step: e = Φ(x) − p, u = e·√(2π)·exp(x²/2).
    let e = if x < 0.0 {
        0.5 * libm::erfc(-x / std::f64::consts::SQRT_2) - p
    } else {
        // Φ(x) − p = (1 − p) − Q(x), with the upper tail Q, keeps precision near p → 1.
        (1.0 - p) - 0.5 * libm::erfc(x / std::f64::consts::SQRT_2)
    };
    let u = e * (2.0 * std::f64::consts::PI).sqrt() * libm::exp(x * x / 2.0);
    // Below p ≈ 6·10⁻³¹¹ the density underflows and the step would be ∞/∞: Acklam's value
    // (relative error 1e-9) is the answer there.
    if !u.is_finite() {
        return x;
    }
    x - u / (1.0 + x * u / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_round_trips() {
        for i in 1..2000 {
            let p = i as f64 / 2000.0;
            let x = norm_inv(p);
            assert!((norm_cdf(x) - p).abs() < 1e-14, "p = {p}");
        }
        for p in [1e-300, 1e-100, 1e-20, 1e-5, 1.0 - 1e-5, 1.0 - 1e-12] {
            let x = norm_inv(p);
            let back = norm_cdf(x);
            assert!(((back - p) / p).abs() < 1e-9, "p = {p}: {back}");
        }
        // Issue 28: below 6e-311 (subnormal p) it was NaN; now finite, falling with p.
        let mut last = f64::INFINITY;
        for p in [5e-311, 1e-315, 1e-320, 5e-324] {
            let x = norm_inv(p);
            assert!(x.is_finite() && x < last && x < -37.0, "p = {p}: {x}");
            last = x;
        }
        let p = 1e-300;
        let back = norm_cdf(norm_inv(p));
        assert!(((back - p) / p).abs() < 1e-9, "p = {p}: {back}");
    }

    #[test]
    fn known_quantiles() {
        // R: qnorm(c(0.5, 0.8413447460685429, 0.001))
        assert_eq!(norm_inv(0.5), 0.0);
        assert!((norm_inv(0.841_344_746_068_542_9) - 1.0).abs() < 1e-14);
        assert!((norm_inv(0.001) + 3.090_232_306_167_813_5).abs() < 1e-13);
    }
}
