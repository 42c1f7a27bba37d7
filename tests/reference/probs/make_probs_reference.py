#!/usr/bin/env python3
"""Reference values for Utility Lab's "Probabilities" core (per-item class probabilities on a
test set), computed independently with NumPy, SciPy and scikit-learn.

HOW TO REGENERATE
    pip install scikit-learn          # brings numpy and scipy
    python3 tests/reference/probs/make_probs_reference.py
This rewrites, next to this script, the probability files (*.csv) and probs_cases.json
(deterministic: fixed NumPy seeds; the JSON records the library versions used). The Rust
tests (crates/probs/tests/probs/reference.rs, crates/state/tests/probs/reference.rs,
tests/it/cli_probs.rs) read these files; they never run Python.

THE FILES (CSV with a header; the true class in the label column, then the models' columns)
  * triage.csv   -- 3 classes ok/minor/severe; an ignored `id` column; model A's columns
                    `A:ok,A:minor,A:severe` (calibrated), model B's in another order
                    `B:severe,B:ok,B:minor` (overconfident); values written with 6 decimals, so
                    most rows sum to 1 only within rounding and some are renormalized.
  * screening.csv -- 2 classes, labels 1 (positive: class 0) and 0; single columns `A`, `B`:
                    the probability of the positive label.
  * ties.csv     -- 2 classes a/b, dyadic probabilities with exact ties of both rules.

WHAT IS IN probs_cases.json, per case
  * classes (the file's class order), truth (class index per item), per model the
    probabilities in class order after dividing each row by its sum (float64), and how many
    rows were renormalized (|sum - 1| > 1e-6);
  * runs: a utility matrix U (rows = decisions; triage has a 4th decision, "refer"), optional
    deployment shares pi; per model, for the most probable class (np.argmax, first maximum)
    and the optimal decision (np.argmax of U @ p', first maximum), with
    p'_c = p_c pi_c / f_c normalized (f = the file's class shares): the confusion matrix of
    counts M (rows = decisions, columns = classes), the yield per item
    sum_dc U_dc M_dc pi_c / N_c (= sum U M / N without pi) and the total (N x yield).
    Decisions are taken in float64 here; the script checks that no item is within 1e-4
    (relative to max|U|) of a tie it did not mean, so single precision cannot flip one;
  * calibration: sklearn.calibration.calibration_curve(y == k, p_k, n_bins=10,
    strategy="uniform") per class (prob_true, prob_pred of the non-empty bins), and the count
    of items and of class-k items in all 10 bins (np.searchsorted on the same edges, as
    scikit-learn bins them), with Wilson's 90 % interval written out by hand;
  * decision_curve (screening): the net benefit as dcurves defines it,
    TP/N - FP/N * pt/(1 - pt) with "positive" iff p >= pt, and "treat all"
    prevalence - (1 - prevalence) * pt/(1 - pt), at given thresholds (no probability lies
    within 1e-6 of one), and the same under deployment shares (TP, FP weighted by pi_c/f_c);
  * bootstrap: the paired Bayesian bootstrap with numpy.random.Generator.dirichlet(ones(N)),
    R resamples, every arm (model x rule) weighed by the same weights per resample: each
    arm's mean, standard deviation, 5 % and 95 % quantiles, and P(A > B) for each pair of arms
    (ties count one half); under shares, each class re-weighted to its share. The Rust
    implementation draws other random numbers: compare within Monte Carlo error;
  * recalibration (triage, model B): p' ~ exp(a ln max(p, 1e-9) + b_c), b_0 = 0, fitted by
    scipy.optimize.minimize (BFGS, analytic gradient) on the penalized negative log-likelihood
    sum_i [logsumexp(s_i) - s_{i,y_i}] + 0.01/2 ((a - 1)^2 + sum b^2): on all items, and per
    fold k of 5 (item i in fold i mod 5) on the items of the other folds; then the
    cross-fitted probabilities and the yields of both rules on them.
"""

import json
import platform
from pathlib import Path

import numpy as np
import scipy
import sklearn
from scipy.optimize import minimize
from sklearn.calibration import calibration_curve

HERE = Path(__file__).resolve().parent
Z90 = 1.6448536269514722
LAMBDA = 0.01
P_MIN = 1e-9


# ---- data -------------------------------------------------------------------------------------


def posterior(rng, n, shares, mu):
    """True classes by `shares`; signals s_k = mu [k == c] + N(0, 1); the exact posterior
    p(c | s) proportional to shares_c exp(mu s_c)."""
    k = len(shares)
    y = rng.choice(k, size=n, p=shares)
    s = rng.normal(size=(n, k)) + mu * np.eye(k)[y]
    logit = np.log(shares)[None, :] + mu * s
    return y, logit


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def written(p):
    """p as written with 6 decimals, then read back: what the file holds."""
    return np.array([[float(f"{v:.6f}") for v in row] for row in p])


def away_from(values, points, eps=1e-6):
    return all(np.min(np.abs(values[:, None] - np.asarray(points)[None, :]), axis=1) > eps)


def renormalize(p):
    s = p.sum(axis=1)
    assert np.all(np.abs(s - 1) <= 0.01)
    return p / s[:, None], int(np.sum(np.abs(s - 1) > 1e-6))


# ---- decisions --------------------------------------------------------------------------------


def first_max(v, tol):
    """np.argmax with ties within tol (first maximum); also the gap to the first non-tie."""
    best = v.max()
    d = int(np.argmax(v >= best - tol))
    rest = v[v < best - tol]
    gap = best - rest.max() if rest.size else np.inf
    return d, gap


def decide(p, u, pi, counts, designed_ties):
    """Most probable class and optimal decision of each item (rows of p), on p' under pi."""
    n_items = p.shape[0]
    if pi is not None:
        f = counts / counts.sum()
        q = p * (np.asarray(pi) / f)[None, :]
        q = q / q.sum(axis=1, keepdims=True)
    else:
        q = p
    scale = np.abs(u).max()
    mp, opt, near = [], [], 0
    for i in range(n_items):
        a, gap_a = first_max(q[i], 1e-6)
        d, gap_d = first_max(u @ q[i], 1e-6 * scale)
        if not designed_ties:
            ev = u @ q[i]
            single = np.sum(q[i] >= q[i].max() - 1e-6) == 1 and np.sum(ev >= ev.max() - 1e-6 * scale) == 1
            if not (gap_a > 1e-4 and gap_d > 1e-4 * scale and single):
                near += 1
        mp.append(a)
        opt.append(d)
    return np.array(mp), np.array(opt), near


def outcome(decisions, y, u, pi, counts):
    n_d, n = u.shape
    m = np.zeros((n_d, n))
    np.add.at(m, (decisions, y), 1)
    if pi is None:
        total = float((u * m).sum())
        yld = total / len(y)
    else:
        yld = float(sum(u[:, c] @ m[:, c] * pi[c] / counts[c] for c in range(n) if counts[c]))
        total = yld * len(y)
    return {"confusion": m.tolist(), "yield": yld, "total": total}


def run(case, u, pi, designed_ties=False, allow_near=False):
    """Both rules for every model. Items near a tie (not designed) are counted: none is
    allowed in a file's runs (regenerate the data), some in recalibrated probabilities."""
    y, counts = np.array(case["truth"]), np.array(case["counts"], dtype=float)
    u = np.asarray(u, dtype=float)
    out = {"utility": u.tolist(), "prevalence": pi, "models": []}
    for name, p in case["_p"].items():
        mp, opt, near = decide(p, u, pi, counts, designed_ties)
        assert allow_near or near == 0, (case.get("id"), name, near)
        out["near_ties"] = out.get("near_ties", 0) + near
        out["models"].append(
            {
                "name": name,
                "most_probable": outcome(mp, y, u, pi, counts),
                "optimal": outcome(opt, y, u, pi, counts),
                "decisions_most_probable": mp.tolist(),
                "decisions_optimal": opt.tolist(),
            }
        )
    return out


# ---- calibration ------------------------------------------------------------------------------


def wilson(k, n):
    p = k / n
    z2 = Z90 * Z90
    den = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / den
    half = Z90 * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def calibration(case, n_bins=10):
    y = np.array(case["truth"])
    edges = np.linspace(0.0, 1.0, n_bins + 1)
    out = {}
    for name, p in case["_p"].items():
        assert away_from(p.ravel(), edges[1:-1]), "a probability on a bin edge"
        per_class = []
        for k in range(p.shape[1]):
            prob_true, prob_pred = calibration_curve(y == k, p[:, k], n_bins=n_bins, strategy="uniform")
            ids = np.searchsorted(edges[1:-1], p[:, k])
            count = np.bincount(ids, minlength=n_bins)
            hits = np.bincount(ids, weights=(y == k), minlength=n_bins)
            per_class.append(
                {
                    "prob_true": prob_true.tolist(),
                    "prob_pred": prob_pred.tolist(),
                    "count": count.tolist(),
                    "hits": hits.astype(int).tolist(),
                    "wilson": [list(wilson(h, c)) if c else None for h, c in zip(hits, count)],
                }
            )
        out[name] = per_class
    return out


# ---- decision curve ---------------------------------------------------------------------------


def decision_curve(case, thresholds, pi=None):
    y = np.array(case["truth"])
    n = len(y)
    f0 = np.mean(y == 0)
    w = np.array([1.0, 1.0]) if pi is None else np.array([pi[0] / f0, pi[1] / (1 - f0)])
    prev = f0 if pi is None else pi[0]
    out = {"thresholds": thresholds, "prevalence": pi, "treat_all": [], "models": {}}
    for t in thresholds:
        out["treat_all"].append(prev - (1 - prev) * t / (1 - t))
    for name, p in case["_p"].items():
        q = p[:, 0] if pi is None else p[:, 0] * w[0] / (p[:, 0] * w[0] + p[:, 1] * w[1])
        assert away_from(q, thresholds), "a probability on a threshold"
        nb = []
        for t in thresholds:
            tp = np.sum((q >= t) & (y == 0)) * w[0]
            fp = np.sum((q >= t) & (y == 1)) * w[1]
            nb.append(tp / n - fp / n * t / (1 - t))
        out["models"][name] = nb
    return out


# ---- bootstrap --------------------------------------------------------------------------------


def bootstrap(case, the_run, resamples, seed):
    y = np.array(case["truth"])
    u = np.array(the_run["utility"])
    pi = the_run["prevalence"]
    arms, names = [], []
    for m in the_run["models"]:
        for rule in ("most_probable", "optimal"):
            d = np.array(m["decisions_" + rule])
            arms.append(u[d, y])
            names.append([m["name"], rule])
    arms = np.array(arms)  # arms x items
    rng = np.random.default_rng(seed)
    w = rng.dirichlet(np.ones(len(y)), size=resamples)  # resamples x items
    if pi is None:
        yields = w @ arms.T
    else:
        yields = np.zeros((resamples, len(arms)))
        for c in range(len(pi)):
            wc = w[:, y == c]
            if wc.shape[1]:
                yields += pi[c] * (wc @ arms[:, y == c].T) / wc.sum(axis=1, keepdims=True)
    a = len(arms)
    better = [[0.5] * a for _ in range(a)]
    for i in range(a):
        for j in range(a):
            d = yields[:, i] - yields[:, j]
            better[i][j] = float(np.mean(d > 0) + 0.5 * np.mean(d == 0))
    return {
        "utility": the_run["utility"],
        "prevalence": pi,
        "resamples": resamples,
        "arms": [
            {
                "model": nm,
                "rule": rule,
                "mean": float(yields[:, k].mean()),
                "sd": float(yields[:, k].std()),
                "lo": float(np.quantile(yields[:, k], 0.05)),
                "hi": float(np.quantile(yields[:, k], 0.95)),
            }
            for k, (nm, rule) in enumerate(names)
        ],
        "better": better,
    }


# ---- recalibration ----------------------------------------------------------------------------


def fit_scaling(p, y):
    z = np.log(np.maximum(p, P_MIN))
    n = p.shape[1]

    def f_and_g(th):
        b = np.r_[0.0, th[1:]]
        s = th[0] * z + b[None, :]
        top = s.max(axis=1, keepdims=True)
        e = np.exp(s - top)
        q = e / e.sum(axis=1, keepdims=True)
        lse = top[:, 0] + np.log(e.sum(axis=1))
        f = np.sum(lse - s[np.arange(len(y)), y]) + 0.5 * LAMBDA * ((th[0] - 1) ** 2 + np.sum(th[1:] ** 2))
        onehot = np.eye(n)[y]
        g = np.empty(n)
        g[0] = np.sum((q - onehot) * z) + LAMBDA * (th[0] - 1)
        g[1:] = np.sum(q - onehot, axis=0)[1:] + LAMBDA * th[1:]
        return f, g

    th0 = np.r_[1.0, np.zeros(n - 1)]
    r = minimize(f_and_g, th0, jac=True, method="BFGS", options={"gtol": 1e-10, "maxiter": 10000})
    return {"a": float(r.x[0]), "b": [0.0] + [float(v) for v in r.x[1:]]}


def apply_scaling(p, fit):
    s = fit["a"] * np.log(np.maximum(p, P_MIN)) + np.asarray(fit["b"])[None, :]
    return softmax(s)


def recalibration(case, model, u, folds=5):
    y = np.array(case["truth"])
    p = case["_p"][model]
    idx = np.arange(len(y))
    full = fit_scaling(p, y)
    per_fold = [fit_scaling(p[idx % folds != k], y[idx % folds != k]) for k in range(folds)]
    q = np.empty_like(p)
    for k in range(folds):
        q[idx % folds == k] = apply_scaling(p[idx % folds == k], per_fold[k])
    tmp = {"truth": case["truth"], "counts": case["counts"], "_p": {model: q}}
    rr = run(tmp, u, None, allow_near=True)
    r = rr["models"][0]
    return {
        "model": model,
        "folds": folds,
        "full": full,
        "per_fold": per_fold,
        "utility": u,
        "most_probable": r["most_probable"],
        "optimal": r["optimal"],
        "near_ties": rr["near_ties"],
    }


# ---- the cases --------------------------------------------------------------------------------


def triage(seed):
    rng = np.random.default_rng(seed)
    classes = ["ok", "minor", "severe"]
    shares = np.array([0.6, 0.3, 0.1])
    n = 600
    while True:
        y, logit = posterior(rng, n, shares, 1.4)
        a = written(softmax(logit))
        b = written(softmax(2.5 * logit))
        edges = np.linspace(0, 1, 11)[1:-1]
        if away_from(a.ravel(), edges) and away_from(b.ravel(), edges):
            break
    order_b = [2, 0, 1]  # B's columns: severe, ok, minor
    lines = ["id,label," + ",".join(f"A:{c}" for c in classes) + "," + ",".join(f"B:{classes[k]}" for k in order_b)]
    for i in range(n):
        cells = [str(100 + i), classes[y[i]]]
        cells += [f"{v:.6f}" for v in a[i]]
        cells += [f"{b[i][k]:.6f}" for k in order_b]
        lines.append(",".join(cells))
    (HERE / "triage.csv").write_text("\n".join(lines) + "\n")
    pa, ra = renormalize(a)
    pb, rb = renormalize(b)
    return {
        "id": "triage",
        "file": "triage.csv",
        "classes": classes,
        "models": ["A", "B"],
        "truth": y.tolist(),
        "counts": np.bincount(y, minlength=3).tolist(),
        "renormalized": {"A": ra, "B": rb},
        "_p": {"A": pa, "B": pb},
    }


def screening(seed):
    rng = np.random.default_rng(seed)
    n = 500
    thresholds = [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.7]
    while True:
        y, logit = posterior(rng, n, np.array([0.2, 0.8]), 1.6)
        a = written(softmax(logit))[:, 0]
        b = written(softmax(0.4 * logit + np.array([1.0, 0.0])))[:, 0]  # timid and biased
        ok = all(away_from(v, np.linspace(0, 1, 11)[1:-1]) and away_from(v, thresholds) for v in (a, b))
        if ok:
            break
    labels = ["1", "0"]  # class 0 is the positive label "1"
    lines = ["y_true,A,B"]
    for i in range(n):
        lines.append(f"{labels[y[i]]},{a[i]:.6f},{b[i]:.6f}")
    (HERE / "screening.csv").write_text("\n".join(lines) + "\n")
    pa = np.c_[a, 1 - a]
    pb = np.c_[b, 1 - b]
    return {
        "id": "screening",
        "file": "screening.csv",
        "classes": labels,
        "positive": "1",
        "models": ["A", "B"],
        "truth": y.tolist(),
        "counts": np.bincount(y, minlength=2).tolist(),
        "renormalized": {"A": 0, "B": 0},
        "_p": {"A": pa, "B": pb},
        "_thresholds": thresholds,
    }


def ties():
    rows = [
        ("a", 0.5, 0.5),
        ("b", 0.5, 0.5),
        ("a", 0.75, 0.25),
        ("b", 0.75, 0.25),
        ("b", 0.25, 0.75),
        ("a", 0.125, 0.875),
        ("b", 0.875, 0.125),
        ("a", 1.0, 0.0),
    ]
    lines = ["label,M:a,M:b"] + [f"{l},{x},{z}" for l, x, z in rows]
    (HERE / "ties.csv").write_text("\n".join(lines) + "\n")
    y = np.array([0 if r[0] == "a" else 1 for r in rows])
    p = np.array([[r[1], r[2]] for r in rows])
    return {
        "id": "ties",
        "file": "ties.csv",
        "classes": ["a", "b"],
        "models": ["M"],
        "truth": y.tolist(),
        "counts": np.bincount(y, minlength=2).tolist(),
        "renormalized": {"M": 0},
        "_p": {"M": p},
    }


TRIAGE_U = [[10, -20, -200], [0, 15, -100], [-30, 0, 60], [-5, 5, 40]]
TRIAGE_DECISIONS = ["home", "treat minor", "treat severe", "refer"]
SCREENING_U = [[50, -10], [-100, 0]]


def main():
    cases = []
    # The first seeds whose files have no item near a tie in any run (see `decide`).
    for seed in range(20261201, 20262201):
        t = triage(seed)
        try:
            t["runs"] = [
                run(t, TRIAGE_U, None),
                run(t, TRIAGE_U, [0.3, 0.4, 0.3]),
                run(t, np.eye(3).tolist(), None),
            ]
            break
        except AssertionError:
            continue
    t["seed"] = seed
    t["decisions"] = TRIAGE_DECISIONS
    t["calibration"] = calibration(t)
    t["bootstrap"] = [
        bootstrap(t, t["runs"][0], 20000, 7),
        bootstrap(t, t["runs"][1], 20000, 8),
    ]
    t["recalibration"] = recalibration(t, "B", TRIAGE_U)
    cases.append(t)

    for seed in range(20262202, 20263202):
        s = screening(seed)
        try:
            s["runs"] = [run(s, SCREENING_U, None), run(s, SCREENING_U, [0.05, 0.95])]
            break
        except AssertionError:
            continue
    s["seed"] = seed
    s["decisions"] = ["treat", "wait"]
    s["calibration"] = calibration(s)
    s["decision_curve"] = [decision_curve(s, s["_thresholds"]), decision_curve(s, s["_thresholds"], [0.05, 0.95])]
    s["bootstrap"] = [bootstrap(s, s["runs"][0], 20000, 9)]
    cases.append(s)

    z = ties()
    z["decisions"] = ["a", "b"]
    z["runs"] = [run(z, [[1, 0], [0, 1]], None, True), run(z, [[1, 0], [0, 3]], None, True)]
    cases.append(z)

    for c in cases:
        c["probs"] = {k: v.tolist() for k, v in c.pop("_p").items()}
        c.pop("_thresholds", None)
    doc = {
        "versions": {
            "python": platform.python_version(),
            "numpy": np.__version__,
            "scipy": scipy.__version__,
            "scikit-learn": sklearn.__version__,
        },
        "cases": cases,
    }
    (HERE / "probs_cases.json").write_text(json.dumps(doc) + "\n")


if __name__ == "__main__":
    main()
