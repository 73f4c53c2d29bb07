"""Logistic regression: time to reach scikit-learn's unpenalized optimum within 1e-6.

Data: scikit-learn's bundled breast cancer set (Wisconsin diagnostic, 569 tumours), five of
its "mean" measurements (radius, texture, smoothness, symmetry, fractal dimension),
standardized. With these five features the classes overlap (no line separates them), so
the unpenalized log loss has a finite minimum. The target is the mean log loss of
scikit-learn's ``LogisticRegression(C=np.inf)`` (lbfgs, tol=1e-10), plus 1e-6. For each of
our solvers, a long run finds the first iteration whose loss is within the target; the timed
fit then runs exactly that many iterations (``max_iter=k``). The solvers: "accelerated" (the
default), "gradient" (the textbook loop with a fixed step) and "newton". Check: the timed
fit's log loss, recomputed from its predicted probabilities, is within the target.
"""

from __future__ import annotations

import numpy as np
from common import Row, median_time
from mlcourse.logistic_regression import LogisticRegression, log_loss
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import (
    LogisticRegression as SklearnLogisticRegression,
)
from sklearn.preprocessing import StandardScaler

TOPIC = "Logistic regression"
FEATURES = [0, 1, 4, 8, 9]
TOLERANCE = 1e-6
REFERENCE = "scikit-learn LogisticRegression(C=inf, lbfgs)"


def run():
    data = load_breast_cancer()
    X = StandardScaler().fit_transform(data.data[:, FEATURES])
    y = data.target
    ref_time, ref_times, ref = median_time(
        lambda: SklearnLogisticRegression(
            C=np.inf, tol=1e-10, max_iter=10_000
        ).fit(X, y)
    )
    target = log_loss(y, ref.predict_proba(X)[:, 1])
    case = (
        f"breast cancer, {X.shape[0]} x {X.shape[1]} (5 mean features, standardized), "
        f"loss within {TOLERANCE:g} of {target:.6f}"
    )
    rows = []
    for solver, long_run in (
        ("accelerated", 20_000),
        ("gradient", 20_000),
        ("newton", 100),
    ):
        probe = LogisticRegression(
            solver=solver, max_iter=long_run, tol=1e-300
        )
        _, _, probe = median_time(lambda: probe.fit(X, y), repeats=1)
        reached = np.flatnonzero(probe.loss_path_ <= target + TOLERANCE)
        if reached.size == 0:
            rows.append(
                Row(
                    TOPIC,
                    case,
                    f"mlcourse LogisticRegression(solver='{solver}')",
                    float("nan"),
                    REFERENCE,
                    ref_time,
                    f"did not reach the target in {long_run} iterations",
                    False,
                    short=f"{solver} solver",
                )
            )
            continue
        k = max(1, int(reached[0]))
        t, times, model = median_time(
            lambda: LogisticRegression(
                solver=solver, max_iter=k, tol=1e-300
            ).fit(X, y)
        )
        loss = log_loss(y, model.predict_proba(X))
        ok = loss <= target + TOLERANCE
        rows.append(
            Row(
                TOPIC,
                case,
                f"mlcourse LogisticRegression(solver='{solver}')",
                t,
                REFERENCE,
                ref_time,
                f"{k} iterations, loss - target = {loss - target:.1e}",
                ok,
                times,
                {"iterations": k, "loss": loss, "target": target},
                f"{solver} solver",
            )
        )
    rows.append(
        Row(
            TOPIC,
            case,
            REFERENCE,
            ref_time,
            REFERENCE,
            ref_time,
            f"reference ({int(ref.n_iter_[0])} iterations, training accuracy {ref.score(X, y):.4f})",
            True,
            ref_times,
            {"iterations": int(ref.n_iter_[0]), "loss": target},
            "scikit-learn lbfgs",
        )
    )
    return rows, []
