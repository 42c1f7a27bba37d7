#!/usr/bin/env python3
"""Reference values for Utility Lab's evaluation core, computed independently with scikit-learn.

HOW TO REGENERATE
    pip install scikit-learn          # brings numpy and scipy
    python3 tests/it/reference/make_reference.py
This rewrites tests/it/reference/sklearn_cases.json (deterministic: fixed numpy seed; the file
records the numpy / scikit-learn / Python versions used). The Rust test
tests/it/reference_sklearn.rs reads that file; it never runs Python itself.

WHAT IS IN THE FILE
For each case: the label vectors (y_true, y_pred), the class order, and, from scikit-learn,
  * confusion_matrix(y_true, y_pred, labels=order) -- ROWS = TRUE CLASS, as scikit-learn gives
    it (Utility Lab's own convention is rows = output: the Rust test transposes);
  * accuracy_score, balanced_accuracy_score, cohen_kappa_score, matthews_corrcoef;
  * per-class precision, recall, F1 (average=None, zero_division=np.nan), F2 (fbeta_score,
    beta=2, average=None, zero_division=np.nan); macro and micro precision/recall/F1;
  * per-class specificity and negative predictive value, computed here with plain numpy from
    scikit-learn's matrix S (rows = true, columns = predicted), for class k:
        TP = S[k,k], FP = S[:,k].sum() - TP, FN = S[k,:].sum() - TP, TN = S.sum() - TP - FP - FN
        specificity = TN / (TN + FP),  NPV = TN / (TN + FN)       (null when 0/0);
  * for binary cases with both classes present: scores with many ties, roc_auc_score and
    roc_curve(drop_intermediate=False) with the positive class = the FIRST label in the order
    (Utility Lab's class 0). roc_curve's first threshold is +inf; JSON has no infinity, so the
    file stores it as the string "inf";
  * for some cases, a real-valued utility matrix U (rows = decision/output, columns = true
    class) and its yield sum_ij U_ij C_ij with C = S.T / N (numpy), and the total sum_ij U_ij M_ij.
Undefined (NaN) values are written as null. Floats are written with repr (full precision).
"""

import json
import platform
import sys
import warnings
from pathlib import Path

import numpy as np
import sklearn
from sklearn.utils.multiclass import unique_labels
from sklearn.metrics import (
    accuracy_score,
    balanced_accuracy_score,
    cohen_kappa_score,
    confusion_matrix,
    fbeta_score,
    matthews_corrcoef,
    precision_recall_fscore_support,
    roc_auc_score,
    roc_curve,
)

SEED = 20240917
N_CASES = 64
OUT = Path(__file__).with_name("sklearn_cases.json")

STRING_POOL = ["cat", "dog", "bird", "fish", "Zebra", "sea lion", "élan", "owl", "ant", "10", "B"]
# Multi-digit and negative integers: numeric order (2 < 10 < 100) differs from string order.
INT_POOL = [0, 1, 2, 3, 5, 7, 10, 11, 20, 42, 100, -1, -12]


def num(x):
    """A float for JSON, None for NaN."""
    x = float(x)
    return None if np.isnan(x) else x


def nums(xs):
    return [num(x) for x in xs]


def ratio(a, b):
    return None if b == 0 else float(a) / float(b)


def spec_npv(s):
    """Per-class specificity and NPV from a matrix with rows = true class."""
    n_total = s.sum()
    spec, npv = [], []
    for k in range(s.shape[0]):
        tp = s[k, k]
        fp = s[:, k].sum() - tp
        fn = s[k, :].sum() - tp
        tn = n_total - tp - fp - fn
        spec.append(ratio(tn, tn + fp))
        npv.append(ratio(tn, tn + fn))
    return spec, npv


def make_labels(rng, n, label_type):
    if label_type == "str":
        # "10" and "B" are strings here: a mixed set is sorted as strings by both sides.
        pool = STRING_POOL if rng.random() < 0.3 else STRING_POOL[:9]
        picked = rng.choice(len(pool), size=n, replace=False)
        return [pool[i] for i in picked]
    picked = rng.choice(len(INT_POOL), size=n, replace=False)
    vals = [INT_POOL[i] for i in picked]
    if not any(abs(v) >= 10 for v in vals):
        vals[0] = 10 if 10 not in vals else 100
    return vals


def gen_case(rng, idx):
    if idx < 20:
        n = 2
    else:
        n = int(rng.integers(3, 9))
    label_type = "int" if idx % 2 == 0 else "str"
    classes = make_labels(rng, n, label_type)
    size = int(rng.integers(150, 450))
    shares = rng.dirichlet(np.full(n, 1.5))
    yt = rng.choice(n, size=size, p=shares)
    quality = rng.uniform(0.25, 0.95)
    keep = rng.random(size) < quality
    yp = np.where(keep, yt, rng.integers(0, n, size=size))

    kinds = []
    mode = idx % 8
    explicit_extra = None
    if mode == 3:  # a class never predicted
        k = int(rng.integers(n))
        yp = np.where(yp == k, (k + 1) % n, yp)
        yt[0] = k  # make sure it is true somewhere
        kinds.append("never_predicted")
    elif mode == 5 and n > 2:  # a class never true (predicted only)
        k = int(rng.integers(n))
        yt = np.where(yt == k, (k + 1) % n, yt)
        yp[0] = k
        kinds.append("never_true")
    elif mode == 5:  # binary: one class never true (ROC impossible)
        yt[:] = 0
        yp[0] = 1
        kinds.append("never_true")
    elif mode == 6 and n > 3:  # both
        k, m = 0, n - 1
        yp = np.where(yp == k, 1, yp)
        yt = np.where(yt == m, 1, yt)
        yt[0] = k
        yp[0] = m
        kinds.append("never_predicted")
        kinds.append("never_true")
    elif mode == 7:  # an explicit label list with one class absent from both vectors
        explicit_extra = "ghost" if label_type == "str" else 999
        kinds.append("explicit_absent_label")
    if idx == 1:
        yp = yt.copy()
        kinds.append("perfect")
    if idx == 9 or idx == 30:
        yp[:] = yt[0]
        kinds.append("constant_prediction")
    if not kinds:
        kinds.append("random")

    y_true = [classes[i] for i in yt]
    y_pred = [classes[i] for i in yp]
    present = set(y_true) | set(y_pred)
    if explicit_extra is not None:
        order = sorted(present) + [explicit_extra]
    else:
        order = sorted(present)  # numeric for ints, code-point order for strings
    return kinds, label_type, order, explicit_extra is not None, y_true, y_pred


def main():
    warnings.simplefilter("ignore")
    rng = np.random.default_rng(SEED)
    cases = []
    for idx in range(N_CASES):
        kinds, label_type, order, explicit, y_true, y_pred = gen_case(rng, idx)
        yt = np.array(y_true) if label_type == "str" else np.array(y_true, dtype=np.int64)
        yp = np.array(y_pred) if label_type == "str" else np.array(y_pred, dtype=np.int64)
        if not explicit:
            # The class order is scikit-learn's own (numeric for integers).
            assert [x.item() for x in unique_labels(yt, yp)] == order

        s = confusion_matrix(yt, yp, labels=order)
        p, r, f1, sup = precision_recall_fscore_support(
            yt, yp, labels=order, average=None, zero_division=np.nan
        )
        f2 = fbeta_score(yt, yp, beta=2, labels=order, average=None, zero_division=np.nan)
        mp, mr, mf, _ = precision_recall_fscore_support(
            yt, yp, labels=order, average="macro", zero_division=np.nan
        )
        up, ur, uf, _ = precision_recall_fscore_support(
            yt, yp, labels=order, average="micro", zero_division=np.nan
        )
        spec, npv = spec_npv(s)
        n_total = s.sum()
        out_tot = s.sum(axis=0)
        true_tot = s.sum(axis=1)
        mcc_den_zero = bool(
            n_total**2 - (out_tot**2).sum() == 0 or n_total**2 - (true_tot**2).sum() == 0
        )
        case = {
            "id": f"case{idx:02d}",
            "kinds": kinds,
            "label_type": label_type,
            "explicit_labels": explicit,
            "labels": order,
            "y_true": y_true,
            "y_pred": y_pred,
            "sklearn_cm_true_rows": s.tolist(),
            "accuracy": num(accuracy_score(yt, yp)),
            "balanced_accuracy": num(balanced_accuracy_score(yt, yp)),
            "precision": nums(p),
            "recall": nums(r),
            "f1": nums(f1),
            "f2": nums(f2),
            "support": [int(x) for x in sup],
            "specificity": spec,
            "npv": npv,
            "macro_precision": num(mp),
            "macro_recall": num(mr),
            "macro_f1": num(mf),
            "micro_precision": num(up),
            "micro_recall": num(ur),
            "micro_f1": num(uf),
            "mcc": num(matthews_corrcoef(yt, yp)),
            "mcc_denominator_zero": mcc_den_zero,
            "kappa": num(cohen_kappa_score(yt, yp, labels=order)),
            "roc": None,
            "utility": None,
        }
        if explicit:
            # balanced_accuracy_score has no labels argument; it sees only the present labels.
            case["balanced_accuracy_note"] = "computed by sklearn over the present labels only"

        if len(order) == 2 and len(set(y_true)) == 2:
            pos = order[0]
            is_pos = np.array([y == pos for y in y_true])
            style = idx % 3
            if style == 0:
                scores = rng.integers(0, 6, size=len(y_true)) + 2 * is_pos
                scores = scores.astype(float)
            elif style == 1:
                scores = np.round(rng.normal(size=len(y_true)) + 1.2 * is_pos, 1)
            else:
                scores = np.round(rng.normal(size=len(y_true)) * 2 - 1.0 * is_pos, 0) / 4
            scores = [float(x) for x in scores]
            fpr, tpr, thr = roc_curve(yt, scores, pos_label=pos, drop_intermediate=False)
            assert np.isinf(thr[0])
            case["roc"] = {
                "positive_label": pos,
                "scores": scores,
                "auc": float(roc_auc_score(is_pos, scores)),
                "fpr": [float(x) for x in fpr],
                "tpr": [float(x) for x in tpr],
                "thresholds": ["inf"] + [float(x) for x in thr[1:]],
            }

        if idx % 2 == 1 or idx % 5 == 0:
            n = len(order)
            u = rng.uniform(-50.0, 50.0, size=(n, n))
            if idx % 4 == 1:
                u = np.round(u, 0)
            c = s.T / n_total  # rows = output, columns = true class
            case["utility"] = {
                "u_output_rows": u.tolist(),
                "yield": float(np.sum(u * c)),
                "total_yield": float(np.sum(u * s.T)),
            }
        cases.append(case)

    doc = {
        "generator": "tests/it/reference/make_reference.py",
        "seed": SEED,
        "versions": {
            "python": platform.python_version(),
            "numpy": np.__version__,
            "scikit-learn": sklearn.__version__,
        },
        "conventions": {
            "sklearn_cm_true_rows": "rows = true class, columns = predicted (scikit-learn)",
            "u_output_rows": "rows = decision/output, columns = true class (Utility Lab)",
            "null": "NaN / undefined (zero_division=np.nan)",
            "roc": "positive class = labels[0]; thresholds[0] is +inf, written as \"inf\"",
        },
        "cases": cases,
    }
    # Compact, one case per line (readable diffs when the file is regenerated).
    def dump(x):
        return json.dumps(x, ensure_ascii=False, separators=(",", ":"))

    head = dump({k: v for k, v in doc.items() if k != "cases"})[:-1]
    text = head + ',"cases":[\n' + ",\n".join(dump(c) for c in cases) + "\n]}"
    json.loads(text)  # well-formed
    OUT.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(text)} bytes, {len(cases)} cases)", file=sys.stderr)


if __name__ == "__main__":
    main()
