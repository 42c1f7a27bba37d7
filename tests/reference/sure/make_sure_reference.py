#!/usr/bin/env python3
"""Reference values for "how sure" (Utility Lab's P(best) and yield intervals from finite test
sets), computed independently with NumPy's Dirichlet sampler.

HOW TO REGENERATE
    python3 tests/reference/sure/make_sure_reference.py      # needs numpy only
This rewrites tests/reference/sure/sure_cases.json (deterministic: fixed NumPy seed; the file
records the NumPy and Python versions used). The Rust test crates/core/tests/sure_reference.rs
reads that file; it never runs Python itself.

THE MODEL (the spec's section 2, "Uncertainty from a finite test set")
For each classifier k with counts M_k (rows = output, columns = true class) and a pseudo-count
alpha per cell, a draw of its normalized confusion matrix is C ~ Dirichlet(M_k + alpha) over
all n*n cells (numpy.random.Generator.dirichlet), independently for each classifier. Its
yield per item is Y_k = sum_ij U_ij C_ij. With deployment class shares pi, every draw is
re-weighted by its own class shares f_j = sum_i C_ij: C'_ij = C_ij * pi_j / f_j.

WHAT IS IN THE FILE
For each case: U, the classifiers' counts, alpha, pi (or null), the number of draws D, and
  * p_best[k]: the share of draws in which Y_k is the largest (no ties occur), with its
    standard error sqrt(p (1 - p) / D);
  * mean[k] of Y_k with its standard error sd / sqrt(D);
  * low[k], high[k]: the 5 % and 95 % quantiles of Y_k (numpy.quantile, linear), each with a
    standard error from the order statistics: for the q-quantile, with s = sqrt(D q (1 - q)),
    (x_(Dq + s) - x_(Dq - s)) / 2 (half the distribution-free 68 % confidence interval);
  * for the factory, settle_grid: the leader A's P(best) when both classifiers are tested on
    N' items at the same proportions (counts N' * M / 100, alpha unchanged), for a few N'
    around the size at which it reaches 0.95.
Floats are written with repr (full precision).
"""

import json
import platform
from pathlib import Path

import numpy as np

SEED = 20261127
DRAWS = 2_000_000
OUT = Path(__file__).with_name("sure_cases.json")

FACTORY_U = [[15.0, -335.0], [-35.0, 165.0]]  # Dyrland et al. 2022, eq. 4
FACTORY_A = [[27.0, 15.0], [23.0, 35.0]]  # eq. 1, counts out of 100
FACTORY_B = [[43.0, 18.0], [7.0, 32.0]]  # eq. 2

THREE_U = [[10.0, -5.0, -20.0], [-2.0, 8.0, -10.0], [-15.0, -5.0, 12.0]]
THREE_X = [[50.0, 8.0, 5.0], [6.0, 40.0, 10.0], [4.0, 12.0, 65.0]]
THREE_Y = [[44.0, 6.0, 3.0], [10.0, 48.0, 9.0], [6.0, 6.0, 68.0]]
THREE_Z = [[58.0, 12.0, 8.0], [2.0, 36.0, 12.0], [0.0, 12.0, 60.0]]


def yields(rng, u, m, alpha, pi, draws):
    """D draws of the yield per item of one classifier."""
    u = np.asarray(u)
    m = np.asarray(m)
    n = m.shape[0]
    out = np.empty(draws)
    step = 250_000
    for start in range(0, draws, step):
        d = min(step, draws - start)
        c = rng.dirichlet(m.ravel() + alpha, d).reshape(d, n, n)
        if pi is not None:
            f = c.sum(axis=1, keepdims=True)  # the draw's class shares
            c = c / f * np.asarray(pi)[None, None, :]
        out[start : start + d] = (c * u[None, :, :]).sum(axis=(1, 2))
    return out


def quantile_se(sorted_y, q):
    d = len(sorted_y)
    s = np.sqrt(d * q * (1 - q))
    lo = int(np.floor(d * q - s))
    hi = int(np.ceil(d * q + s))
    return float((sorted_y[hi] - sorted_y[lo]) / 2)


def case(rng, name, u, classifiers, alpha=1.0, pi=None, draws=DRAWS):
    ys = np.array([yields(rng, u, m, alpha, pi, draws) for m in classifiers])
    best = ys.argmax(axis=0)
    p = np.array([(best == k).mean() for k in range(len(classifiers))])
    out = {
        "name": name,
        "utility": u,
        "classifiers": classifiers,
        "alpha": alpha,
        "prevalence": pi,
        "draws": draws,
        "p_best": p.tolist(),
        "p_best_se": np.sqrt(p * (1 - p) / draws).tolist(),
        "mean": ys.mean(axis=1).tolist(),
        "mean_se": (ys.std(axis=1, ddof=1) / np.sqrt(draws)).tolist(),
        "low": [], "low_se": [], "high": [], "high_se": [],
    }
    for y in ys:
        s = np.sort(y)
        for key, q in (("low", 0.05), ("high", 0.95)):
            out[key].append(float(np.quantile(s, q)))
            out[key + "_se"].append(quantile_se(s, q))
    return out


def settle_grid(rng, items_list, draws=1_000_000):
    """A's P(best) against B with both tested on N' items at the factory's proportions."""
    rows = []
    for items in items_list:
        scale = items / 100.0
        a = [[v * scale for v in row] for row in FACTORY_A]
        b = [[v * scale for v in row] for row in FACTORY_B]
        ya = yields(rng, FACTORY_U, a, 1.0, None, draws)
        yb = yields(rng, FACTORY_U, b, 1.0, None, draws)
        p = float((ya > yb).mean())
        rows.append({"items": items, "p_best": p, "p_best_se": float(np.sqrt(p * (1 - p) / draws))})
    return rows


def main():
    rng = np.random.default_rng(SEED)
    factory = case(rng, "factory, 100 items", FACTORY_U, [FACTORY_A, FACTORY_B])
    factory["settle_grid"] = settle_grid(rng, [2000, 2600, 2800, 3400, 3600, 4400])
    times10 = [[[v * 10 for v in row] for row in m] for m in (FACTORY_A, FACTORY_B)]
    cases = [
        factory,
        case(rng, "factory, 1000 items (counts x 10)", FACTORY_U, times10),
        case(rng, "three classes", THREE_U, [THREE_X, THREE_Y, THREE_Z]),
        case(rng, "three classes, deployment shares", THREE_U, [THREE_X, THREE_Y, THREE_Z],
             pi=[0.2, 0.3, 0.5]),
        case(rng, "three classes, alpha 0.5", THREE_U, [THREE_X, THREE_Y, THREE_Z], alpha=0.5),
    ]
    doc = {
        "generator": "tests/reference/sure/make_sure_reference.py",
        "numpy": np.__version__,
        "python": platform.python_version(),
        "seed": SEED,
        "cases": cases,
    }
    OUT.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
