"""Every exercise of the book, for teaching and grading.

Nothing here is installed with ``mlcourse``: the reference solutions, the
answers of the value exercises and the hidden tests stay with the
instructor.

Each :class:`Exercise` has a ``kind`` (``compute`` by hand, ``derive`` or
``prove`` on paper, ``implement`` in code, ``explore`` with the library),
a ``level`` from 1 (routine) to 3 (hardest), the ``minutes`` it takes a
prepared student, and ``points``. A checked exercise also has the names
the student defines (``answers``), its ``stub`` and ``solution`` code, the
``check`` call of its friendly checker, the ``cases`` generator its hidden
test draws fresh inputs from, and ``wrong``: named wrong answers (code)
that the checker must reject, each with a piece of the message it must
show (or ``""``; ``a|b`` accepts either). Written exercises have a ``rubric``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

KINDS = ("compute", "derive", "prove", "implement", "explore")


@dataclass
class Exercise:
    label: str
    chapter: str
    kind: str
    level: int
    minutes: int
    points: int
    rubric: str = ""
    answers: tuple[str, ...] = ()
    module: str = ""
    checker: str = ""
    stub: str = ""
    solution: str = ""
    setup: str = ""
    cases: str = ""
    value: str = ""
    wrong: dict[str, tuple[str, str]] = field(default_factory=dict)

    @property
    def checked(self) -> bool:
        return bool(self.checker)

    @property
    def function(self) -> bool:
        return bool(self.cases)

    @property
    def check_call(self) -> str:
        return f"{self.checker}({', '.join(self.answers)})"


# -------------------------------------------------------------- chapter 1

LINE = Exercise(
    "ex-lr-closed-form",
    "01_linear_regression",
    "implement",
    1,
    15,
    2,
    answers=("least_squares_line",),
    module="mlcourse.exercises.linear_regression",
    checker="check_least_squares_line",
    cases="_line_cases",
    stub="""def least_squares_line(x, y):
    # Your answer: return (intercept, slope).
    ...
""",
    solution="""def least_squares_line(x, y):
    x_bar, y_bar = np.mean(x), np.mean(y)
    slope = np.sum((x - x_bar) * (y - y_bar)) / np.sum((x - x_bar) ** 2)
    return y_bar - slope * x_bar, slope
""",
    wrong={
        "swapped": (
            """def least_squares_line(x, y):
    x_bar, y_bar = np.mean(x), np.mean(y)
    slope = np.sum((x - x_bar) * (y - y_bar)) / np.sum((x - x_bar) ** 2)
    return slope, y_bar - slope * x_bar
""",
            "(intercept, slope)",
        ),
        "no centering": (
            """def least_squares_line(x, y):
    slope = np.sum(x * y) / np.sum(x * x)
    return np.mean(y) - slope * np.mean(x), slope
""",
            "deviations from the means",
        ),
        "mixed divisor": (
            """def least_squares_line(x, y):
    n = len(x)
    cov = np.sum((x - x.mean()) * (y - y.mean())) / (n - 1)
    slope = cov / np.mean((x - x.mean()) ** 2)
    return y.mean() - slope * x.mean(), slope
""",
            "same divisor",
        ),
        "intercept sign": (
            """def least_squares_line(x, y):
    x_bar, y_bar = np.mean(x), np.mean(y)
    slope = np.sum((x - x_bar) * (y - y_bar)) / np.sum((x - x_bar) ** 2)
    return y_bar + slope * x_bar, slope
""",
            "minus sign",
        ),
        "np.polyfit": (
            """def least_squares_line(x, y):
    slope, intercept = np.polyfit(x, y, 1)
    return intercept, slope
""",
            "numpy.polyfit",
        ),
        "the library's function": (
            """from mlcourse.linear_regression import least_squares_line as lsl


def least_squares_line(x, y):
    return lsl(x, y)
""",
            "mlcourse.linear_regression.least_squares_line",
        ),
        "centres x in place": (
            """def least_squares_line(x, y):
    x_bar, y_bar = np.mean(x), np.mean(y)
    x -= x_bar
    slope = np.sum(x * (y - y_bar)) / np.sum(x**2)
    return y_bar - slope * x_bar, slope
""",
            "in place",
        ),
    },
)

R2 = Exercise(
    "ex-lr-r2",
    "01_linear_regression",
    "implement",
    1,
    10,
    2,
    answers=("r2",),
    module="mlcourse.exercises.linear_regression",
    checker="check_r2",
    cases="_r2_cases",
    stub="""def r2(y, y_pred):
    # Your answer: return 1 - SSE / SST.
    ...
""",
    solution="""def r2(y, y_pred):
    sse = np.sum((y - y_pred) ** 2)
    sst = np.sum((y - np.mean(y)) ** 2)
    return 1 - sse / sst
""",
    wrong={
        "SSE / SST": (
            """def r2(y, y_pred):
    return np.sum((y - y_pred) ** 2) / np.sum((y - np.mean(y)) ** 2)
""",
            "1 - SSE / SST",
        ),
        "squared correlation": (
            """def r2(y, y_pred):
    return np.corrcoef(y, y_pred)[0, 1] ** 2
""",
            "squared correlation",
        ),
        "mean of the predictions": (
            """def r2(y, y_pred):
    sse = np.sum((y - y_pred) ** 2)
    return 1 - sse / np.sum((y - np.mean(y_pred)) ** 2)
""",
            "their own mean",
        ),
        "sklearn's r2_score": (
            """from sklearn.metrics import r2_score


def r2(y, y_pred):
    return r2_score(y, y_pred)
""",
            "r2_score",
        ),
    },
)

SLOPE_SE = Exercise(
    "ex-lr-slope-se",
    "01_linear_regression",
    "implement",
    2,
    15,
    2,
    answers=("slope_standard_error",),
    module="mlcourse.exercises.linear_regression",
    checker="check_slope_standard_error",
    cases="_stderr_cases",
    stub="""def slope_standard_error(x, y):
    # Your answer: the standard error of the least-squares slope.
    ...
""",
    solution="""def slope_standard_error(x, y):
    n = len(x)
    dx = x - np.mean(x)
    slope = np.sum(dx * (y - np.mean(y))) / np.sum(dx**2)
    residuals = y - np.mean(y) - slope * dx
    s2 = np.sum(residuals**2) / (n - 2)
    return np.sqrt(s2 / np.sum(dx**2))
""",
    wrong={
        "divides the SSE by n": (
            """def slope_standard_error(x, y):
    dx = x - np.mean(x)
    slope = np.sum(dx * (y - np.mean(y))) / np.sum(dx**2)
    residuals = y - np.mean(y) - slope * dx
    return np.sqrt(np.mean(residuals**2) / np.sum(dx**2))
""",
            "not by n.",
        ),
        "divides the SSE by n - 1": (
            """def slope_standard_error(x, y):
    dx = x - np.mean(x)
    slope = np.sum(dx * (y - np.mean(y))) / np.sum(dx**2)
    residuals = y - np.mean(y) - slope * dx
    s2 = np.sum(residuals**2) / (len(x) - 1)
    return np.sqrt(s2 / np.sum(dx**2))
""",
            "not by n - 1",
        ),
        "the variance, not its root": (
            """def slope_standard_error(x, y):
    dx = x - np.mean(x)
    slope = np.sum(dx * (y - np.mean(y))) / np.sum(dx**2)
    residuals = y - np.mean(y) - slope * dx
    return np.sum(residuals**2) / (len(x) - 2) / np.sum(dx**2)
""",
            "square root",
        ),
        "s without S_xx": (
            """def slope_standard_error(x, y):
    dx = x - np.mean(x)
    slope = np.sum(dx * (y - np.mean(y))) / np.sum(dx**2)
    residuals = y - np.mean(y) - slope * dx
    return np.sqrt(np.sum(residuals**2) / (len(x) - 2))
""",
            "s / sqrt(S_xx)",
        ),
        "spread of y, not of the residuals": (
            """def slope_standard_error(x, y):
    dx = x - np.mean(x)
    return np.std(y, ddof=1) / np.sqrt(np.sum(dx**2))
""",
            "residuals",
        ),
        "scipy's linregress": (
            """from scipy import stats


def slope_standard_error(x, y):
    return stats.linregress(x, y).stderr
""",
            "linregress",
        ),
    },
)

INTERVAL = Exercise(
    "ex-lr-coverage",
    "01_linear_regression",
    "explore",
    2,
    30,
    3,
    rubric="2 points: the checked `slope_interval`. 1 point: the coverage "
    "estimated for the growing noise (below 95%, with the number of "
    "repetitions and its binomial standard error) and a sentence on "
    "which assumption is broken.",
    answers=("slope_interval",),
    module="mlcourse.exercises.linear_regression",
    checker="check_slope_interval",
    cases="_interval_cases",
    setup="from scipy import stats",
    stub="""def slope_interval(x, y, confidence):
    # Your answer: return (low, high), the interval for the slope.
    ...
""",
    solution="""def slope_interval(x, y, confidence):
    n = len(x)
    dx = x - np.mean(x)
    slope = np.sum(dx * (y - np.mean(y))) / np.sum(dx**2)
    residuals = y - np.mean(y) - slope * dx
    se = np.sqrt(np.sum(residuals**2) / (n - 2) / np.sum(dx**2))
    half = stats.t.ppf(0.5 + confidence / 2, n - 2) * se
    return slope - half, slope + half
""",
    wrong={
        "normal quantile": (
            """def slope_interval(x, y, confidence):
    n = len(x)
    dx = x - np.mean(x)
    slope = np.sum(dx * (y - np.mean(y))) / np.sum(dx**2)
    residuals = y - np.mean(y) - slope * dx
    se = np.sqrt(np.sum(residuals**2) / (n - 2) / np.sum(dx**2))
    half = stats.norm.ppf(0.5 + confidence / 2) * se
    return slope - half, slope + half
""",
            "Student's t",
        ),
        "one-sided quantile": (
            """def slope_interval(x, y, confidence):
    n = len(x)
    dx = x - np.mean(x)
    slope = np.sum(dx * (y - np.mean(y))) / np.sum(dx**2)
    residuals = y - np.mean(y) - slope * dx
    se = np.sqrt(np.sum(residuals**2) / (n - 2) / np.sum(dx**2))
    half = stats.t.ppf(confidence, n - 2) * se
    return slope - half, slope + half
""",
            "each tail",
        ),
        "n - 1 degrees of freedom": (
            """def slope_interval(x, y, confidence):
    n = len(x)
    dx = x - np.mean(x)
    slope = np.sum(dx * (y - np.mean(y))) / np.sum(dx**2)
    residuals = y - np.mean(y) - slope * dx
    se = np.sqrt(np.sum(residuals**2) / (n - 2) / np.sum(dx**2))
    half = stats.t.ppf(0.5 + confidence / 2, n - 1) * se
    return slope - half, slope + half
""",
            "n - 2 degrees",
        ),
        "the library's slope_inference": (
            """from mlcourse.linear_regression import slope_inference


def slope_interval(x, y, confidence):
    return slope_inference(x, y, confidence).confidence_interval
""",
            "slope_inference",
        ),
    },
)

# -------------------------------------------------------------- chapter 2

SIGMOID = Exercise(
    "ex-logr-stable-sigmoid",
    "02_logistic_regression",
    "implement",
    2,
    15,
    2,
    answers=("sigmoid_answer",),
    module="mlcourse.exercises.logistic_regression",
    checker="check_sigmoid",
    cases="_sigmoid_cases",
    stub="""def sigmoid_answer(z):
    # Your answer: 1 / (1 + exp(-z)) elementwise, stable for large |z|.
    ...
""",
    solution="""def sigmoid_answer(z):
    z = np.asarray(z, dtype=float)
    out = np.empty_like(z)
    positive = z >= 0
    out[positive] = 1 / (1 + np.exp(-z[positive]))
    e = np.exp(z[~positive])
    out[~positive] = e / (1 + e)
    return out
""",
    wrong={
        "naive formula": (
            """def sigmoid_answer(z):
    return 1 / (1 + np.exp(-z))
""",
            "overflow",
        ),
        "naive formula, warning silenced": (
            """def sigmoid_answer(z):
    with np.errstate(over="ignore"):
        return 1 / (1 + np.exp(-z))
""",
            "hides the overflow",
        ),
        "np.where of both formulas": (
            """def sigmoid_answer(z):
    return np.where(z >= 0, 1 / (1 + np.exp(-z)), np.exp(z) / (1 + np.exp(z)))
""",
            "computes both",
        ),
        "the lecture's sign": (
            """def sigmoid_answer(z):
    return 0.5 * (1 - np.tanh(0.5 * np.asarray(z, dtype=float)))
""",
            "1 / (1 + exp(-z))",
        ),
        "scipy's expit": (
            """from scipy.special import expit


def sigmoid_answer(z):
    return expit(z)
""",
            "expit",
        ),
        "writes into z": (
            """def sigmoid_answer(z):
    negative = z < 0
    e = np.exp(-np.abs(z))
    z[...] = np.where(negative, e / (1 + e), 1 / (1 + e))
    return z
""",
            "in place",
        ),
    },
)

LOGLIK_GRADIENT = Exercise(
    "ex-logr-gradient",
    "02_logistic_regression",
    "implement",
    2,
    20,
    2,
    answers=("log_likelihood_gradient",),
    module="mlcourse.exercises.logistic_regression",
    checker="check_log_likelihood_gradient",
    cases="_gradient_cases",
    setup="from mlcourse.logistic_regression import sigmoid",
    stub="""def log_likelihood_gradient(X, y, w, b):
    # Your answer: return (gradient for w, gradient for b).
    ...
""",
    solution="""def log_likelihood_gradient(X, y, w, b):
    residual = y - sigmoid(X @ w + b)
    return X.T @ residual, residual.sum()
""",
    wrong={
        "gradient of the loss": (
            """def log_likelihood_gradient(X, y, w, b):
    residual = sigmoid(X @ w + b) - y
    return X.T @ residual, residual.sum()
""",
            "sign is flipped",
        ),
        "mean, not sum": (
            """def log_likelihood_gradient(X, y, w, b):
    residual = y - sigmoid(X @ w + b)
    return X.T @ residual / len(y), residual.mean()
""",
            "not a mean",
        ),
        "bias left out of p": (
            """def log_likelihood_gradient(X, y, w, b):
    residual = y - sigmoid(X @ w)
    return X.T @ residual, residual.sum()
""",
            "bias is missing",
        ),
        "a loop over the examples": (
            """def log_likelihood_gradient(X, y, w, b):
    gw, gb = np.zeros(X.shape[1]), 0.0
    for x_l, y_l in zip(X, y):
        r = y_l - sigmoid(x_l @ w + b)
        gw, gb = gw + r * x_l, gb + r
    return gw, gb
""",
            "no Python loop",
        ),
        "naive exponential": (
            """def log_likelihood_gradient(X, y, w, b):
    residual = y - 1 / (1 + np.exp(-(X @ w + b)))
    return X.T @ residual, residual.sum()
""",
            "overflowed",
        ),
    },
)

NEWTON = Exercise(
    "ex-logr-newton-step",
    "02_logistic_regression",
    "implement",
    3,
    25,
    3,
    answers=("newton_step",),
    module="mlcourse.exercises.logistic_regression",
    checker="check_newton_step",
    cases="_newton_cases",
    setup="from mlcourse.logistic_regression import sigmoid",
    stub="""def newton_step(X, y, w):
    # Your answer: the weights after one full Newton step.
    ...
""",
    solution="""def newton_step(X, y, w):
    p = sigmoid(X @ w)
    hessian = X.T @ (X * (p * (1 - p))[:, None])
    return w + np.linalg.solve(hessian, X.T @ (y - p))
""",
    wrong={
        "wrong sign": (
            """def newton_step(X, y, w):
    p = sigmoid(X @ w)
    hessian = X.T @ (X * (p * (1 - p))[:, None])
    return w - np.linalg.solve(hessian, X.T @ (y - p))
""",
            "wrong sign",
        ),
        "the step, not the new weights": (
            """def newton_step(X, y, w):
    p = sigmoid(X @ w)
    hessian = X.T @ (X * (p * (1 - p))[:, None])
    return np.linalg.solve(hessian, X.T @ (y - p))
""",
            "w + delta",
        ),
        "X^T X without the weights": (
            """def newton_step(X, y, w):
    p = sigmoid(X @ w)
    return w + np.linalg.solve(X.T @ X, X.T @ (y - p))
""",
            "S = diag",
        ),
        "a gradient step": (
            """def newton_step(X, y, w):
    return w + X.T @ (y - sigmoid(X @ w))
""",
            "gradient step",
        ),
        "mean gradient, summed curvature": (
            """def newton_step(X, y, w):
    p = sigmoid(X @ w)
    hessian = X.T @ (X * (p * (1 - p))[:, None])
    return w + np.linalg.solve(hessian, X.T @ (y - p) / len(y))
""",
            "n cancels",
        ),
        "naive exponential": (
            """def newton_step(X, y, w):
    p = 1 / (1 + np.exp(-(X @ w)))
    hessian = X.T @ (X * (p * (1 - p))[:, None])
    return w + np.linalg.solve(hessian, X.T @ (y - p))
""",
            "overflowed",
        ),
        "a loop over the examples": (
            """def newton_step(X, y, w):
    hessian = np.zeros((len(w), len(w)))
    gradient = np.zeros(len(w))
    for x_i, y_i in zip(X, y):
        p_i = sigmoid(x_i @ w)
        hessian = hessian + p_i * (1 - p_i) * np.outer(x_i, x_i)
        gradient = gradient + (y_i - p_i) * x_i
    return w + np.linalg.solve(hessian, gradient)
""",
            "no Python loop",
        ),
        "the library's estimator": (
            """from mlcourse.logistic_regression import LogisticRegression


def newton_step(X, y, w):
    model = LogisticRegression(solver="newton", max_iter=1)
    model.fit(X[:, 1:], y)
    return np.r_[model.intercept_, model.coef_]
""",
            "LogisticRegression",
        ),
    },
)

SOFTMAX = Exercise(
    "ex-logr-softmax",
    "02_logistic_regression",
    "implement",
    2,
    15,
    2,
    answers=("softmax_answer",),
    module="mlcourse.exercises.logistic_regression",
    checker="check_softmax",
    cases="_softmax_cases",
    stub="""def softmax_answer(Z):
    # Your answer: one probability distribution per row of scores Z.
    ...
""",
    solution="""def softmax_answer(Z):
    shifted = Z - Z.max(axis=1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=1, keepdims=True)
""",
    wrong={
        "no shift": (
            """def softmax_answer(Z):
    e = np.exp(Z)
    return e / e.sum(axis=1, keepdims=True)
""",
            "overflowed",
        ),
        "over the columns": (
            """def softmax_answer(Z):
    e = np.exp(Z - Z.max(axis=0, keepdims=True))
    return e / e.sum(axis=0, keepdims=True)
""",
            "axis=1",
        ),
        "over the whole array": (
            """def softmax_answer(Z):
    e = np.exp(Z - Z.max())
    return e / e.sum()
""",
            "each row",
        ),
        "a loop over the rows": (
            """def softmax_answer(Z):
    rows = []
    for z in Z:
        e = np.exp(z - z.max())
        rows.append(e / e.sum())
    return np.array(rows)
""",
            "no Python loop",
        ),
    },
)

# -------------------------------------------------------------- chapter 3

LOGISTIC_GRADIENT = Exercise(
    "ex-gd-logistic-gradient",
    "03_gradient_descent",
    "implement",
    2,
    20,
    2,
    answers=("penalized_gradient",),
    module="mlcourse.exercises.gradient_descent",
    checker="check_logistic_gradient",
    cases="_logistic_cases",
    setup="from mlcourse.logistic_regression import sigmoid",
    stub="""def penalized_gradient(w, X, y, lam):
    # Your answer: the gradient of the penalized loss (shaped like w).
    ...
""",
    solution="""def penalized_gradient(w, X, y, lam):
    margins = y * (X @ w)
    data_part = -(X.T @ (sigmoid(-margins) * y)) / len(y)
    penalty = lam * w
    penalty[0] = 0.0  # the bias is not penalized
    return data_part + penalty
""",
    wrong={
        "bias penalized": (
            """def penalized_gradient(w, X, y, lam):
    margins = y * (X @ w)
    return -(X.T @ (sigmoid(-margins) * y)) / len(y) + lam * w
""",
            "penalized the bias",
        ),
        "penalty forgotten": (
            """def penalized_gradient(w, X, y, lam):
    return -(X.T @ (sigmoid(-y * (X @ w)) * y)) / len(y)
""",
            "penalty is missing",
        ),
        "penalty halved": (
            """def penalized_gradient(w, X, y, lam):
    penalty = lam * w / 2
    penalty[0] = 0.0
    return -(X.T @ (sigmoid(-y * (X @ w)) * y)) / len(y) + penalty
""",
            "wrong factor",
        ),
        "sign flipped": (
            """def penalized_gradient(w, X, y, lam):
    penalty = lam * w
    penalty[0] = 0.0
    return (X.T @ (sigmoid(-y * (X @ w)) * y)) / len(y) + penalty
""",
            "wrong sign",
        ),
        "sum, not mean": (
            """def penalized_gradient(w, X, y, lam):
    penalty = lam * w
    penalty[0] = 0.0
    return -(X.T @ (sigmoid(-y * (X @ w)) * y)) + penalty
""",
            "divide it by the",
        ),
        "overflow-prone exponential": (
            """def penalized_gradient(w, X, y, lam):
    e = np.exp(-y * (X @ w))
    penalty = lam * w
    penalty[0] = 0.0
    return -(X.T @ (e / (1 + e) * y)) / len(y) + penalty
""",
            "overflowed",
        ),
        "overflow silenced": (
            """def penalized_gradient(w, X, y, lam):
    with np.errstate(over="ignore"):
        weights = 1 / (1 + np.exp(y * (X @ w)))
    penalty = lam * w
    penalty[0] = 0.0
    return -(X.T @ (weights * y)) / len(y) + penalty
""",
            "hides overflow",
        ),
    },
)

MAX_STEP = Exercise(
    "ex-gd-threshold",
    "03_gradient_descent",
    "implement",
    1,
    10,
    2,
    answers=("max_stable_step",),
    module="mlcourse.exercises.gradient_descent",
    checker="check_max_stable_step",
    cases="_threshold_cases",
    stub="""def max_stable_step(X):
    # Your answer: the threshold step size for least squares with design X.
    ...
""",
    solution="""def max_stable_step(X):
    hessian = X.T @ X / len(X)
    return 2.0 / np.linalg.eigvalsh(hessian).max()
""",
    wrong={
        "1 / L": (
            """def max_stable_step(X):
    return len(X) / np.linalg.eigvalsh(X.T @ X).max()
""",
            "twice as large",
        ),
        "the sum, not the mean": (
            """def max_stable_step(X):
    return 2.0 / np.linalg.eigvalsh(X.T @ X).max()
""",
            "X^T X / n",
        ),
        "smallest eigenvalue": (
            """def max_stable_step(X):
    return 2.0 * len(X) / np.linalg.eigvalsh(X.T @ X).min()
""",
            "largest eigenvalue",
        ),
        "singular value, not squared": (
            """def max_stable_step(X):
    return 2.0 * len(X) / np.linalg.svd(X, compute_uv=False).max()
""",
            "squares of the singular",
        ),
        "diagonal entries": (
            """def max_stable_step(X):
    return 2.0 * len(X) / np.max(np.diag(X.T @ X))
""",
            "only when",
        ),
    },
)

LOOP = Exercise(
    "ex-gd-loop",
    "03_gradient_descent",
    "implement",
    1,
    15,
    2,
    answers=("descend",),
    module="mlcourse.exercises.gradient_descent",
    checker="check_descend",
    cases="_descent_cases",
    stub="""def descend(gradient, w_init, learning_rate, tol, max_steps):
    # Your answer: the last point and the number of steps taken.
    ...
""",
    solution="""def descend(gradient, w_init, learning_rate, tol, max_steps):
    w = np.array(w_init, dtype=float)
    for k in range(max_steps):
        step = learning_rate * gradient(w)
        if np.linalg.norm(step) < tol:
            return w, k
        w = w - step
    return w, max_steps
""",
    wrong={
        "uphill": (
            """def descend(gradient, w_init, learning_rate, tol, max_steps):
    w = np.array(w_init, dtype=float)
    for k in range(max_steps):
        step = learning_rate * gradient(w)
        if np.linalg.norm(step) < tol:
            return w, k
        w = w + step
    return w, max_steps
""",
            "up the slope",
        ),
        "gradient taken once at w_init": (
            """def descend(gradient, w_init, learning_rate, tol, max_steps):
    step = learning_rate * gradient(w_init)
    w = np.array(w_init, dtype=float)
    for k in range(max_steps):
        if np.linalg.norm(step) < tol:
            return w, k
        w = w - step
    return w, max_steps
""",
            "current point",
        ),
        "only the point": (
            """def descend(gradient, w_init, learning_rate, tol, max_steps):
    w = np.array(w_init, dtype=float)
    for k in range(max_steps):
        step = learning_rate * gradient(w)
        if np.linalg.norm(step) < tol:
            return w
        w = w - step
    return w
""",
            "return a pair",
        ),
        "the gradient tested, not the step": (
            """def descend(gradient, w_init, learning_rate, tol, max_steps):
    w = np.array(w_init, dtype=float)
    for k in range(max_steps):
        g = gradient(w)
        if np.linalg.norm(g) < tol:
            return w, k
        w = w - learning_rate * g
    return w, max_steps
""",
            "length of the step",
        ),
        "the short step taken": (
            """def descend(gradient, w_init, learning_rate, tol, max_steps):
    w = np.array(w_init, dtype=float)
    for k in range(max_steps):
        step = learning_rate * gradient(w)
        w = w - step
        if np.linalg.norm(step) < tol:
            return w, k
    return w, max_steps
""",
            "before taking it",
        ),
        "no limit on the steps": (
            """def descend(gradient, w_init, learning_rate, tol, max_steps):
    w, k = np.array(w_init, dtype=float), 0
    while np.linalg.norm(learning_rate * gradient(w)) >= tol:
        w = w - learning_rate * gradient(w)
        k += 1
    return w, k
""",
            "max_steps",
        ),
        "counts from 1": (
            """def descend(gradient, w_init, learning_rate, tol, max_steps):
    w = np.array(w_init, dtype=float)
    for k in range(1, max_steps + 1):
        step = learning_rate * gradient(w)
        if np.linalg.norm(step) < tol:
            return w, k
        w = w - step
    return w, max_steps
""",
            "off by one",
        ),
        "updates w_init in place": (
            """def descend(gradient, w_init, learning_rate, tol, max_steps):
    for k in range(max_steps):
        step = learning_rate * gradient(w_init)
        if np.linalg.norm(step) < tol:
            return w_init, k
        w_init -= step
    return w_init, max_steps
""",
            "in place",
        ),
        "the library's gradient_descent": (
            """from mlcourse.gradient_descent import gradient_descent


def descend(gradient, w_init, learning_rate, tol, max_steps):
    run = gradient_descent(
        gradient, w_init, learning_rate=learning_rate, max_iter=max_steps,
        tol=tol,
    )
    return run.x, run.n_iter
""",
            "gradient_descent",
        ),
    },
)

CENTRAL = Exercise(
    "ex-gd-gradient-check",
    "03_gradient_descent",
    "implement",
    1,
    15,
    2,
    answers=("central_difference",),
    module="mlcourse.exercises.gradient_descent",
    checker="check_central_difference",
    cases="_central_cases",
    stub="""def central_difference(J, w, eps):
    # Your answer: the vector of central differences of J at w.
    ...
""",
    solution="""def central_difference(J, w, eps):
    gradient = np.zeros(len(w))
    for j in range(len(w)):
        step = np.zeros(len(w))
        step[j] = eps
        gradient[j] = (J(w + step) - J(w - step)) / (2 * eps)
    return gradient
""",
    wrong={
        "forward difference": (
            """def central_difference(J, w, eps):
    steps = eps * np.eye(len(w))
    return np.array([(J(w + s) - J(w)) / eps for s in steps])
""",
            "forward difference",
        ),
        "divided by eps": (
            """def central_difference(J, w, eps):
    steps = eps * np.eye(len(w))
    return np.array([(J(w + s) - J(w - s)) / eps for s in steps])
""",
            "2 eps",
        ),
        "moves w in place": (
            """def central_difference(J, w, eps):
    gradient = np.zeros(len(w))
    for j in range(len(w)):
        w[j] += eps
        up = J(w)
        w[j] -= 2 * eps
        gradient[j] = (up - J(w)) / (2 * eps)
        w[j] += eps
    return gradient
""",
            "in place",
        ),
    },
)

# -------------------------------------------------------------- chapter 4

UPDATE = Exercise(
    "ex-pc-update",
    "04_perceptron",
    "implement",
    1,
    10,
    2,
    answers=("perceptron_update",),
    module="mlcourse.exercises.perceptron",
    checker="check_perceptron_update",
    cases="_update_cases",
    stub="""def perceptron_update(w, b, x, y, eta=1.0):
    # Your answer: return (w_new, b_new).
    ...
""",
    solution="""def perceptron_update(w, b, x, y, eta=1.0):
    if y * (w @ x + b) <= 0:  # a tie (score 0) is a mistake
        return w + eta * y * x, b + eta * y
    return w, b
""",
    wrong={
        "strict test": (
            """def perceptron_update(w, b, x, y, eta=1.0):
    if y * (w @ x + b) < 0:
        return w + eta * y * x, b + eta * y
    return w, b
""",
            "not < 0",
        ),
        "score without the bias": (
            """def perceptron_update(w, b, x, y, eta=1.0):
    if y * (w @ x) <= 0:
        return w + eta * y * x, b + eta * y
    return w, b
""",
            "includes the bias",
        ),
        "wrong sign": (
            """def perceptron_update(w, b, x, y, eta=1.0):
    if y * (w @ x + b) <= 0:
        return w - eta * y * x, b - eta * y
    return w, b
""",
            "do not subtract",
        ),
        "bias not updated": (
            """def perceptron_update(w, b, x, y, eta=1.0):
    if y * (w @ x + b) <= 0:
        return w + eta * y * x, b
    return w, b
""",
            "bias is updated",
        ),
        "no learning rate": (
            """def perceptron_update(w, b, x, y, eta=1.0):
    if y * (w @ x + b) <= 0:
        return w + y * x, b + y
    return w, b
""",
            "learning rate",
        ),
        "updates every time": (
            """def perceptron_update(w, b, x, y, eta=1.0):
    return w + eta * y * x, b + eta * y
""",
            "only on a mistake",
        ),
        "in place": (
            """def perceptron_update(w, b, x, y, eta=1.0):
    if y * (w @ x + b) <= 0:
        w += eta * y * x
        b += eta * y
    return w, b
""",
            "in place",
        ),
    },
)

FIRST_MISTAKE = Exercise(
    "ex-pc-first-mistake",
    "04_perceptron",
    "implement",
    1,
    10,
    2,
    answers=("first_mistake",),
    module="mlcourse.exercises.perceptron",
    checker="check_first_mistake",
    cases="_first_mistake_cases",
    stub="""def first_mistake(X, y, w, b):
    # Your answer: return the index of the first mistake, or -1.
    ...
""",
    solution="""def first_mistake(X, y, w, b):
    for i in range(len(X)):
        if y[i] * (X[i] @ w + b) <= 0:
            return i
    return -1
""",
    wrong={
        "strict test": (
            """def first_mistake(X, y, w, b):
    for i in range(len(X)):
        if y[i] * (X[i] @ w + b) < 0:
            return i
    return -1
""",
            "exactly 0",
        ),
        "counts from 1": (
            """def first_mistake(X, y, w, b):
    for i in range(len(X)):
        if y[i] * (X[i] @ w + b) <= 0:
            return i + 1
    return -1
""",
            "counts from 0",
        ),
        "None when there is none": (
            """def first_mistake(X, y, w, b):
    for i in range(len(X)):
        if y[i] * (X[i] @ w + b) <= 0:
            return i
""",
            "not None",
        ),
        "score without the bias": (
            """def first_mistake(X, y, w, b):
    for i in range(len(X)):
        if y[i] * (X[i] @ w) <= 0:
            return i
    return -1
""",
            "includes the bias",
        ),
        "last mistake": (
            """def first_mistake(X, y, w, b):
    found = -1
    for i in range(len(X)):
        if y[i] * (X[i] @ w + b) <= 0:
            found = i
    return found
""",
            "not the last",
        ),
    },
)

STUDENTS = Exercise(
    "ex-pc-students-zero",
    "04_perceptron",
    "compute",
    1,
    20,
    2,
    answers=("a_final",),
    module="mlcourse.exercises.perceptron",
    checker="check_students_from_zero",
    value="[0, 2, 0, -2, -2]",
    stub="a_final = ...  # your answer: [b, w1, w2, w3, w4]\n",
    solution="a_final = [0, 2, 0, -2, -2]\n",
    wrong={
        "as text": ("a_final = '[0, 2, 0, -2, -2]'\n", "not a string"),
        "weights only": ("a_final = [2, 0, -2, -2]\n", "five numbers"),
        "the run from 0.25": (
            "a_final = [-0.75, 1.25, -0.75, -0.75, -0.75]\n",
            "Jane's score is 0",
        ),
        "Jane's tie skipped": ("a_final = [0, 0, 0, 0, 0]\n", "is not right"),
    },
)

# -------------------------------------------------------------- chapter 5

BOUND = Exercise(
    "ex-cv-bound-for",
    "05_perceptron_convergence",
    "implement",
    2,
    15,
    2,
    answers=("mistake_bound_for",),
    module="mlcourse.exercises.perceptron_convergence",
    checker="check_mistake_bound_for",
    cases="_bound_cases",
    stub="""def mistake_bound_for(X, y, u):
    # Your answer: (R / gamma)**2 for the unit vector u / ||u||, or np.inf.
    ...
""",
    solution="""def mistake_bound_for(X, y, u):
    gamma = np.min(y * (X @ u)) / np.linalg.norm(u)
    if gamma <= 0:
        return np.inf
    R = np.max(np.linalg.norm(X, axis=1))
    return (R / gamma) ** 2
""",
    wrong={
        "strict gamma < 0": (
            """def mistake_bound_for(X, y, u):
    gamma = np.min(y * (X @ u)) / np.linalg.norm(u)
    if gamma < 0:
        return np.inf
    R = np.max(np.linalg.norm(X, axis=1))
    return (R / gamma) ** 2
""",
            "gamma <= 0",
        ),
        "u not normalized": (
            """def mistake_bound_for(X, y, u):
    gamma = np.min(y * (X @ u))
    if gamma <= 0:
        return np.inf
    return (np.max(np.linalg.norm(X, axis=1)) / gamma) ** 2
""",
            "unit vector",
        ),
        "labels forgotten": (
            """def mistake_bound_for(X, y, u):
    gamma = np.min(np.abs(X @ u)) / np.linalg.norm(u)
    return (np.max(np.linalg.norm(X, axis=1)) / gamma) ** 2
""",
            "certifies nothing",
        ),
        "not squared": (
            """def mistake_bound_for(X, y, u):
    gamma = np.min(y * (X @ u)) / np.linalg.norm(u)
    if gamma <= 0:
        return np.inf
    return np.max(np.linalg.norm(X, axis=1)) / gamma
""",
            "square",
        ),
    },
)

LEMMAS = Exercise(
    "ex-cv-lemmas",
    "05_perceptron_convergence",
    "implement",
    2,
    20,
    2,
    answers=("first_cosine_above",),
    module="mlcourse.exercises.perceptron_convergence",
    checker="check_first_cosine_above",
    cases="_first_above_cases",
    stub="""def first_cosine_above(coef_path, u, c):
    # Your answer: the first update k with cos(w_k, u) > c, or -1.
    ...
""",
    solution="""def first_cosine_above(coef_path, u, c):
    for k in range(1, len(coef_path)):
        w = coef_path[k]
        if w @ u / np.linalg.norm(w) > c:
            return k
    return -1
""",
    wrong={
        "at least c": (
            """def first_cosine_above(coef_path, u, c):
    for k in range(1, len(coef_path)):
        w = coef_path[k]
        if w @ u / np.linalg.norm(w) >= c:
            return k
    return -1
""",
            "strict",
        ),
        "alignment, not cosine": (
            """def first_cosine_above(coef_path, u, c):
    for k in range(1, len(coef_path)):
        if coef_path[k] @ u > c:
            return k
    return -1
""",
            "length",
        ),
        "row of the rest": (
            """def first_cosine_above(coef_path, u, c):
    rest = coef_path[1:]
    cos = rest @ u / np.linalg.norm(rest, axis=1)
    above = np.flatnonzero(cos > c)
    return int(above[0]) if above.size else -1
""",
            "index",
        ),
        "None when there is none": (
            """def first_cosine_above(coef_path, u, c):
    for k in range(1, len(coef_path)):
        w = coef_path[k]
        if w @ u / np.linalg.norm(w) > c:
            return k
""",
            "not None",
        ),
    },
)

# -------------------------------------------------------------- chapter 6

LAZY = Exercise(
    "ex-va-lazy",
    "06_voted_averaged_perceptron",
    "implement",
    3,
    30,
    3,
    answers=("lazy_average",),
    module="mlcourse.exercises.perceptron_variants",
    checker="check_lazy_average",
    cases="_lazy_cases",
    stub="""def lazy_average(X, y_signed, max_iter):
    # Your answer: (coef, intercept), the averaged perceptron's weights.
    ...
""",
    solution="""def lazy_average(X, y_signed, max_iter):
    n, d = X.shape
    w, b = np.zeros(d), 0.0
    q, q_b = np.zeros(d), 0.0
    t = 0  # visits so far
    for _ in range(max_iter):
        for i in range(n):
            if y_signed[i] * (X[i] @ w + b) <= 0:
                w, b = w + y_signed[i] * X[i], b + y_signed[i]
                q, q_b = q + t * y_signed[i] * X[i], q_b + t * y_signed[i]
            t += 1
    return w - q / t, b - q_b / t
""",
    wrong={
        "last weights": (
            """def lazy_average(X, y_signed, max_iter):
    w, b = np.zeros(X.shape[1]), 0.0
    for _ in range(max_iter):
        for i in range(len(X)):
            if y_signed[i] * (X[i] @ w + b) <= 0:
                w, b = w + y_signed[i] * X[i], b + y_signed[i]
    return w, b
""",
            "last weights",
        ),
        "counts the start": (
            """def lazy_average(X, y_signed, max_iter):
    n, d = X.shape
    w, b, u, u_b, c = np.zeros(d), 0.0, np.zeros(d), 0.0, 1
    for _ in range(max_iter):
        for i in range(n):
            if y_signed[i] * (X[i] @ w + b) <= 0:
                w, b = w + y_signed[i] * X[i], b + y_signed[i]
                u, u_b = u + c * y_signed[i] * X[i], u_b + c * y_signed[i]
            c += 1
    return w - u / c, b - u_b / c
""",
            "off by one",
        ),
        "strict test": (
            """def lazy_average(X, y_signed, max_iter):
    n, d = X.shape
    w, b, u, u_b, c = np.zeros(d), 0.0, np.zeros(d), 0.0, 0
    for _ in range(max_iter):
        for i in range(n):
            if y_signed[i] * (X[i] @ w + b) < 0:
                w, b = w + y_signed[i] * X[i], b + y_signed[i]
                u, u_b = u + c * y_signed[i] * X[i], u_b + c * y_signed[i]
            c += 1
    return w - u / c, b - u_b / c
""",
            "",
        ),
    },
)

VOTE = Exercise(
    "ex-va-voted-predict",
    "06_voted_averaged_perceptron",
    "implement",
    2,
    15,
    2,
    answers=("voted_predict",),
    module="mlcourse.exercises.perceptron_variants",
    checker="check_voted_predict",
    cases="_voted_cases",
    stub="""def voted_predict(weights, intercepts, counts, X):
    # Your answer: return an array of -1/+1 labels, one per row of X.
    ...
""",
    solution="""def voted_predict(weights, intercepts, counts, X):
    votes = np.sign(X @ weights.T + intercepts) @ counts
    return np.where(votes > 0, 1, -1)
""",
    wrong={
        "a tie goes to +1": (
            """def voted_predict(weights, intercepts, counts, X):
    votes = np.sign(X @ weights.T + intercepts) @ counts
    return np.where(votes >= 0, 1, -1)
""",
            "tied vote gives -1",
        ),
        "a tie gives 0": (
            """def voted_predict(weights, intercepts, counts, X):
    return np.sign(np.sign(X @ weights.T + intercepts) @ counts)
""",
            "np.sign(0) is 0",
        ),
        "a zero score votes -1": (
            """def voted_predict(weights, intercepts, counts, X):
    votes = np.where(X @ weights.T + intercepts > 0, 1, -1) @ counts
    return np.where(votes > 0, 1, -1)
""",
            "abstains",
        ),
        "averaged prediction": (
            """def voted_predict(weights, intercepts, counts, X):
    scores = X @ (counts @ weights) + counts @ intercepts
    return np.where(scores > 0, 1, -1)
""",
            "averaged perceptron",
        ),
        "counts ignored": (
            """def voted_predict(weights, intercepts, counts, X):
    votes = np.sign(X @ weights.T + intercepts).sum(axis=1)
    return np.where(votes > 0, 1, -1)
""",
            "",
        ),
    },
)

KERNEL = Exercise(
    "ex-va-kernel-predict",
    "06_voted_averaged_perceptron",
    "implement",
    2,
    20,
    2,
    answers=("kernel_predict",),
    module="mlcourse.exercises.perceptron_variants",
    checker="check_kernel_predict",
    cases="_kernel_cases",
    stub="""def kernel_predict(X_train, y_signed, alpha, b, X, beta):
    # Your answer: return an array of -1/+1 labels, one per row of X.
    ...
""",
    solution="""def kernel_predict(X_train, y_signed, alpha, b, X, beta):
    squared = (
        (X**2).sum(axis=1)[:, None]
        + (X_train**2).sum(axis=1)[None, :]
        - 2 * X @ X_train.T
    )
    G = np.exp(-beta * np.maximum(squared, 0))  # G[i, j] = kappa(x_j, X[i])
    scores = G @ (alpha * y_signed) + b
    return np.where(scores > 0, 1, -1)
""",
    wrong={
        "labels forgotten": (
            """def kernel_predict(X_train, y_signed, alpha, b, X, beta):
    d2 = ((X[:, None, :] - X_train[None, :, :]) ** 2).sum(axis=2)
    return np.where(np.exp(-beta * d2) @ alpha + b > 0, 1, -1)
""",
            "alpha_j * y_j",
        ),
        "distance not squared": (
            """def kernel_predict(X_train, y_signed, alpha, b, X, beta):
    d = np.sqrt(((X[:, None, :] - X_train[None, :, :]) ** 2).sum(axis=2))
    scores = np.exp(-beta * d) @ (alpha * y_signed) + b
    return np.where(scores > 0, 1, -1)
""",
            "squared distance",
        ),
        "np.sign": (
            """def kernel_predict(X_train, y_signed, alpha, b, X, beta):
    d2 = ((X[:, None, :] - X_train[None, :, :]) ** 2).sum(axis=2)
    return np.sign(np.exp(-beta * d2) @ (alpha * y_signed) + b)
""",
            "np.sign(0) is 0",
        ),
        "a tie gives +1": (
            """def kernel_predict(X_train, y_signed, alpha, b, X, beta):
    d2 = ((X[:, None, :] - X_train[None, :, :]) ** 2).sum(axis=2)
    scores = np.exp(-beta * d2) @ (alpha * y_signed) + b
    return np.where(scores >= 0, 1, -1)
""",
            "not +1",
        ),
        "no intercept": (
            """def kernel_predict(X_train, y_signed, alpha, b, X, beta):
    d2 = ((X[:, None, :] - X_train[None, :, :]) ** 2).sum(axis=2)
    scores = np.exp(-beta * d2) @ (alpha * y_signed)
    return np.where(scores > 0, 1, -1)
""",
            "intercept",
        ),
        "a loop over the points": (
            """def kernel_predict(X_train, y_signed, alpha, b, X, beta):
    labels = []
    for x in X:
        k = np.exp(-beta * ((X_train - x) ** 2).sum(axis=1))
        labels.append(1 if k @ (alpha * y_signed) + b > 0 else -1)
    return np.array(labels)
""",
            "no Python loop",
        ),
        "the library's kernel": (
            """from mlcourse.perceptron_variants import rbf_kernel


def kernel_predict(X_train, y_signed, alpha, b, X, beta):
    scores = rbf_kernel(X, X_train, gamma=beta) @ (alpha * y_signed) + b
    return np.where(scores > 0, 1, -1)
""",
            "yourself",
        ),
    },
)

BEST_PASS = Exercise(
    "ex-va-best-pass",
    "06_voted_averaged_perceptron",
    "implement",
    1,
    10,
    1,
    answers=("best_pass",),
    module="mlcourse.exercises.perceptron_variants",
    checker="check_best_pass",
    cases="_best_pass_cases",
    stub="""def best_pass(val_accuracy):
    # Your answer: the number of the pass to keep, counted from 1.
    ...
""",
    solution="""def best_pass(val_accuracy):
    # np.argmax returns the first maximum, and counts from 0
    return int(np.argmax(val_accuracy)) + 1
""",
    wrong={
        "counted from 0": (
            """def best_pass(val_accuracy):
    return int(np.argmax(val_accuracy))
""",
            "from 1",
        ),
        "the last of a tie": (
            """def best_pass(val_accuracy):
    v = np.asarray(val_accuracy)
    return int(len(v) - np.argmax(v[::-1]))
""",
            "first best pass",
        ),
        "the lowest accuracy": (
            """def best_pass(val_accuracy):
    return int(np.argmin(val_accuracy)) + 1
""",
            "highest",
        ),
        "the best accuracy": (
            """def best_pass(val_accuracy):
    return float(np.max(val_accuracy))
""",
            "number of the pass",
        ),
        "the last pass": (
            """def best_pass(val_accuracy):
    return len(val_accuracy)
""",
            "",
        ),
    },
)

# -------------------------------------------------------------- chapter 7

DENSE = Exercise(
    "ex-mlp-dense-backward",
    "07_mlp",
    "implement",
    2,
    15,
    2,
    answers=("dense_backward",),
    module="mlcourse.exercises.mlp",
    checker="check_dense_backward",
    cases="_dense_cases",
    stub="""def dense_backward(A_prev, W, dZ):
    # Your answer: return (dW, db, dA_prev).
    ...
""",
    solution="""def dense_backward(A_prev, W, dZ):
    dW = A_prev.T @ dZ  # shape of W: (inputs, outputs)
    db = dZ.sum(axis=0)  # the bias is shared by all samples
    dA_prev = dZ @ W.T  # send the error back through the same weights
    return dW, db, dA_prev
""",
    wrong={
        "dW transposed": (
            """def dense_backward(A_prev, W, dZ):
    return dZ.T @ A_prev, dZ.sum(axis=0), dZ @ W.T
""",
            "shape of W",
        ),
        "db with keepdims": (
            """def dense_backward(A_prev, W, dZ):
    return A_prev.T @ dZ, dZ.sum(axis=0, keepdims=True), dZ @ W.T
""",
            "keepdims",
        ),
        "db averaged": (
            """def dense_backward(A_prev, W, dZ):
    return A_prev.T @ dZ, dZ.mean(axis=0), dZ @ W.T
""",
            "do not average",
        ),
        "db over the outputs": (
            """def dense_backward(A_prev, W, dZ):
    return A_prev.T @ dZ, dZ.sum(axis=1), dZ @ W.T
""",
            "",
        ),
        "dA_prev without the transpose": (
            """def dense_backward(A_prev, W, dZ):
    return A_prev.T @ dZ, dZ.sum(axis=0), dZ @ W
""",
            "",
        ),
    },
)

XOR = Exercise(
    "ex-mlp-xor-weights",
    "07_mlp",
    "compute",
    1,
    15,
    2,
    answers=("W1_answer", "b1_answer", "w2_answer", "b2_answer"),
    module="mlcourse.exercises.mlp",
    checker="check_xor_network",
    value="xor",
    stub="""W1_answer = ...  # shape (2, 2)
b1_answer = ...  # length 2
w2_answer = ...  # length 2
b2_answer = ...  # a number
""",
    solution="""W1_answer = np.array([[1.0, -1.0], [-1.0, 1.0]])
b1_answer = np.array([-0.5, -0.5])
w2_answer = np.array([1.0, 1.0])
b2_answer = -0.5
""",
    wrong={
        "an OR network": (
            """W1_answer = np.array([[1.0, 1.0], [1.0, 1.0]])
b1_answer = np.array([-0.5, -0.5])
w2_answer = np.array([1.0, 1.0])
b2_answer = -0.5
""",
            "want",
        ),
        "weights as text": (
            """W1_answer = "[[1, -1], [-1, 1]]"
b1_answer = [-0.5, -0.5]
w2_answer = [1.0, 1.0]
b2_answer = -0.5
""",
            "not a string",
        ),
        "rows for units": (
            """W1_answer = np.array([[1.0, -1.0, 0.0], [-1.0, 1.0, 0.0]])
b1_answer = np.array([-0.5, -0.5])
w2_answer = np.array([1.0, 1.0])
b2_answer = -0.5
""",
            "shape (2, 2)",
        ),
    },
)

COUNT = Exercise(
    "ex-mlp-count",
    "07_mlp",
    "compute",
    1,
    5,
    1,
    answers=("n_parameters",),
    module="mlcourse.exercises.mlp",
    checker="check_parameter_count",
    value="4810",
    stub="n_parameters = ...\n",
    solution="n_parameters = 64 * 64 + 64 + 64 * 10 + 10\n",
    wrong={
        "as text": ("n_parameters = '4810'\n", "not a string"),
        "weights only": ("n_parameters = 64 * 64 + 64 * 10\n", "not right"),
        "a float that is not whole": ("n_parameters = 4810.5\n", "whole"),
    },
)


FORWARD = Exercise(
    "ex-mlp-forward",
    "07_mlp",
    "implement",
    2,
    20,
    2,
    answers=("mlp_forward",),
    module="mlcourse.exercises.mlp",
    checker="check_mlp_forward",
    cases="_forward_cases",
    stub="""def mlp_forward(X, W1, b1, W2, b2):
    # Your answer: the class probabilities, one row per sample.
    ...
""",
    solution="""def mlp_forward(X, W1, b1, W2, b2):
    hidden = np.tanh(X @ W1 + b1)
    scores = hidden @ W2 + b2
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)
""",
    wrong={
        "sigmoid hidden units": (
            """def mlp_forward(X, W1, b1, W2, b2):
    hidden = 0.5 * (1 + np.tanh(0.5 * (X @ W1 + b1)))
    scores = hidden @ W2 + b2
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)
""",
            "tanh",
        ),
        "softmax over the columns": (
            """def mlp_forward(X, W1, b1, W2, b2):
    scores = np.tanh(X @ W1 + b1) @ W2 + b2
    e = np.exp(scores - scores.max(axis=0, keepdims=True))
    return e / e.sum(axis=0, keepdims=True)
""",
            "axis=1",
        ),
        "no softmax": (
            """def mlp_forward(X, W1, b1, W2, b2):
    return np.tanh(X @ W1 + b1) @ W2 + b2
""",
            "apply the softmax",
        ),
        "unshifted softmax": (
            """def mlp_forward(X, W1, b1, W2, b2):
    e = np.exp(np.tanh(X @ W1 + b1) @ W2 + b2)
    return e / e.sum(axis=1, keepdims=True)
""",
            "overflowed",
        ),
    },
)


DIGITS_SMALL = Exercise(
    "ex-mlp-digits-small",
    "07_mlp",
    "explore",
    3,
    40,
    3,
    answers=("small_net",),
    module="mlcourse.exercises.mlp",
    checker="check_small_digits_network",
    setup="""from mlcourse.mlp import MLPClassifier
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split

X_digits, y_digits = load_digits(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(
    X_digits / 16.0, y_digits, test_size=0.25, random_state=7,
    stratify=y_digits,
)
""",
    stub="small_net = ...\n",
    solution="""small_net = MLPClassifier(hidden_layer_sizes=(16,), max_iter=30, random_state=7)
small_net.fit(X_train, y_train)
""",
    wrong={
        "too many units": (
            """small_net = MLPClassifier(hidden_layer_sizes=(64,), max_iter=30, random_state=0)
small_net.fit(X_train, y_train)
""",
            "at most 16",
        ),
        "not trained": (
            "small_net = MLPClassifier(hidden_layer_sizes=(16,), max_iter=30)\n",
            "not been trained",
        ),
        "softmax regression": (
            """small_net = MLPClassifier(hidden_layer_sizes=(), max_iter=30, random_state=0)
small_net.fit(X_train, y_train)
""",
            "one hidden layer",
        ),
        "too little training": (
            """small_net = MLPClassifier(hidden_layer_sizes=(2,), max_iter=1, random_state=0)
small_net.fit(X_train, y_train)
""",
            "below 95%",
        ),
        "an accuracy instead of a network": (
            "small_net = 0.97\n",
            "trained MLPClassifier",
        ),
        "unscaled pixels": (
            """small_net = MLPClassifier(hidden_layer_sizes=(16,), max_iter=30, random_state=0)
small_net.fit(X_train * 16, y_train)
""",
            "",
        ),
    },
)


def _written(label, chapter, kind, level, minutes, points, rubric):
    return Exercise(label, chapter, kind, level, minutes, points, rubric)


WRITTEN = [
    _written(
        "ex-lr-origin",
        "01_linear_regression",
        "derive",
        1,
        15,
        2,
        "1 point: the derivative set to zero gives the formula (second "
        "derivative positive). 1 point: the residuals need not sum to zero, "
        "because the design has no column of ones; a number for the five "
        "points.",
    ),
    _written(
        "ex-lr-sbp",
        "01_linear_regression",
        "compute",
        1,
        10,
        2,
        "1 point: the prediction at 60 and the difference of ten slopes, "
        "with units. 1 point: a 5-year-old is 2.6 standard deviations below "
        "the mean age; no extrapolation, because the data say nothing about "
        "ages far outside their range.",
    ),
    _written(
        "ex-lr-swap",
        "01_linear_regression",
        "derive",
        2,
        15,
        2,
        "1 point: both slopes written with the same covariance, product "
        "r^2. 1 point: the lines coincide exactly when |r| = 1.",
    ),
    _written(
        "ex-logr-sign",
        "02_logistic_regression",
        "compute",
        1,
        15,
        2,
        "1 point: x_1 from exp(v_0 + v_1 x_1) = 1/9 in the lecture's "
        "convention, and the same x_1 from b = -v_0, w_1 = -v_1 in the "
        "book's. 1 point: plugging v_0, v_1 in unchanged gives another, "
        "mirrored model and another x_1.",
    ),
    _written(
        "ex-logr-concave",
        "02_logistic_regression",
        "prove",
        2,
        20,
        3,
        "1 point: the quadratic form of the Hessian as a weighted sum of "
        "squares. 1 point: full column rank makes it vanish only at v = 0. "
        "1 point: strict concavity gives at most one maximiser, not its "
        "existence (separable data).",
    ),
    _written(
        "ex-logr-quadratic",
        "02_logistic_regression",
        "derive",
        3,
        25,
        3,
        "1 point: the log-odds is quadratic in x (terms in x_i^2). 1 point: "
        "the boundary is a quadric (ellipse, parabola or hyperbola). "
        "1 point: logistic regression on the features x_i and x_i^2.",
    ),
    _written(
        "ex-logr-overconfident",
        "02_logistic_regression",
        "explore",
        2,
        25,
        3,
        "1 point: the code and the plot. 1 point: the probabilities run to "
        "0 and 1 as the weights grow. 1 point: on fresh data the model is "
        "over-confident (calibration curve far from the diagonal).",
    ),
    _written(
        "ex-gd-best-step",
        "03_gradient_descent",
        "derive",
        2,
        15,
        2,
        "1 point: the two terms equal at eta = 2 / (mu + L), giving "
        "(kappa - 1) / (kappa + 1). 1 point: one step for kappa = 1, "
        "about (kappa / 2) ln 10 steps per factor 10 for kappa = 1000.",
    ),
    _written(
        "ex-gd-minibatch",
        "03_gradient_descent",
        "prove",
        2,
        25,
        3,
        "1 point: unbiasedness by linearity. 1 point: the variance of a mean "
        "of m independent draws is V / m. 1 point: a pass holds m times "
        "fewer steps, and each method ran at its own best step: the less "
        "noisy mini-batch gradient tolerates a larger step (the variance "
        "argument compares equal steps).",
    ),
    _written(
        "ex-gd-stopping",
        "03_gradient_descent",
        "explore",
        3,
        20,
        2,
        "1 point: a convex, non-quadratic function, start and step with "
        "J(w_1) = J(w_0) (for example w^4/4 with eta = 2/w_0^2, a symmetric "
        "jump over the minimum). 1 point: by symmetry the iterates alternate "
        "between w_0 and -w_0 and never converge; a rule on the step length, "
        "which does not stop there.",
    ),
    _written(
        "ex-pc-scale",
        "04_perceptron",
        "prove",
        2,
        20,
        3,
        "1 point: the induction on visits, with the sign of the scores kept "
        "by eta > 0. 1 point: the runs with eta_1 / k and 1 / k stay in the "
        "ratio eta_1 (only the shape matters). 1 point: the batch rule "
        "survives (same mistake sets, steps scaled by eta).",
    ),
    _written(
        "ex-pc-batch-xor",
        "04_perceptron",
        "compute",
        2,
        25,
        3,
        "1 point: the batch iterations by hand, with the final weights. "
        "2 points: the contradiction for XOR (sum of the four inequalities) "
        "and the single-sample rule cycling for ever.",
    ),
    _written(
        "ex-cv-warm-start",
        "05_perceptron_convergence",
        "prove",
        3,
        30,
        3,
        "1 point: both lemmas with the new starting values. 1 point: the "
        "quadratic inequality solved for k. 1 point: the learning rate "
        "rescales the start, hence the bound with 1 / eta.",
    ),
    _written(
        "ex-cv-orthonormal",
        "05_perceptron_convergence",
        "prove",
        2,
        20,
        3,
        "1 point: a unit vector with margin 1 / sqrt(sum 1 / r_i^2). "
        "1 point: no unit vector does better. 1 point: "
        "R^2 sum 1 / r_i^2 >= d, with equality only for equal lengths.",
    ),
    _written(
        "ex-cv-bias-scale",
        "05_perceptron_convergence",
        "derive",
        3,
        30,
        3,
        "1 point: the augmented radius and separator. 1 point: the minimum "
        "over zeta by the arithmetic-geometric mean inequality. 1 point: "
        "zeta = 1 "
        "with large R costs a factor of about R^2.",
    ),
    _written(
        "ex-va-disagree",
        "06_voted_averaged_perceptron",
        "compute",
        1,
        15,
        2,
        "1 point: two vectors, counts and a point where the predictions "
        "differ, both computed. 1 point: a large score of a short-lived "
        "vector outweighs the votes.",
    ),
    _written(
        "ex-va-features",
        "06_voted_averaged_perceptron",
        "derive",
        2,
        15,
        2,
        "1 point: the six coordinates with the square roots of 2. 1 point: "
        "x_1 x_2 for XOR, the linear coordinates to shift the conics.",
    ),
    _written(
        "ex-va-memory",
        "06_voted_averaged_perceptron",
        "compute",
        1,
        10,
        2,
        "1 point: at most T n + 1 vectors, since a visit makes at most one. "
        "1 point: compared with the run of the chapter (21 vectors against "
        "the bound 886).",
    ),
    _written(
        "ex-mlp-symmetry",
        "07_mlp",
        "prove",
        2,
        20,
        3,
        "1 point: equal columns of the forward pass. 1 point: equal "
        "gradients, hence equal updates (with momentum too), by induction. "
        "1 point: H equal units compute what one unit with H times the "
        "outgoing weights computes.",
    ),
    _written(
        "ex-mlp-parity",
        "07_mlp",
        "prove",
        3,
        30,
        3,
        "1 point: a separating plane leads to a contradiction (sum of "
        "inequalities on opposite corners). 2 points: a network of step "
        "units, checked on the eight corners, with its number of hidden "
        "units.",
    ),
]

CHECKED = [
    LINE,
    R2,
    SLOPE_SE,
    INTERVAL,
    SIGMOID,
    LOGLIK_GRADIENT,
    NEWTON,
    SOFTMAX,
    LOGISTIC_GRADIENT,
    MAX_STEP,
    LOOP,
    CENTRAL,
    UPDATE,
    FIRST_MISTAKE,
    STUDENTS,
    BOUND,
    LEMMAS,
    LAZY,
    VOTE,
    KERNEL,
    BEST_PASS,
    DENSE,
    XOR,
    COUNT,
    FORWARD,
    DIGITS_SMALL,
]

#: Every exercise of the book, by label.
EXERCISES = {e.label: e for e in CHECKED + WRITTEN}


def by_chapter(chapter: str) -> list[Exercise]:
    return [e for e in EXERCISES.values() if e.chapter == chapter]


# ------------------------------------------------------ generic wrong answers


def _function_name(exercise: Exercise) -> str:
    return exercise.answers[0]


def _rewrite_returns(source: str, name: str, how: str) -> str:
    tree = ast.parse(source)

    class Rewriter(ast.NodeTransformer):
        def visit_Return(self, node):
            if node.value is None:
                return node
            if how == "print":
                call = ast.Call(
                    ast.Name("print", ast.Load()), [node.value], []
                )
                return ast.Expr(call)
            target = ast.Name("result", ast.Store())
            return ast.Assign([target], node.value)

    tree = Rewriter().visit(tree)
    ast.fix_missing_locations(tree)
    return ast.unparse(tree) + "\n"


def generic_wrong(exercise: Exercise, visible_result: str = "") -> dict:
    """Wrong answers every function exercise must reject.

    ``visible_result`` is the code (a Python expression) of what the
    solution returns on the first worked example: an answer hard-coding
    it must fail on the other cases.
    """
    if not exercise.function:
        return {}
    name = _function_name(exercise)
    wrong = {
        "print instead of return": (
            _rewrite_returns(exercise.solution, name, "print"),
            "instead of `print`",
        ),
        "no return": (
            _rewrite_returns(exercise.solution, name, "assign"),
            "returned None",
        ),
        "a loop that never ends": (
            f"def {name}(*args, **kwargs):\n    while True:\n        pass\n",
            "was stopped|no Python loop",
        ),
    }
    if visible_result:
        wrong["hard-coded worked example"] = (
            f"def {name}(*args, **kwargs):\n    return {visible_result}\n",
            "Not quite",
        )
    return wrong


def all_wrong(exercise: Exercise, visible_result: str = "") -> dict:
    return {**exercise.wrong, **generic_wrong(exercise, visible_result)}


# ---------------------------------------------- planned, checkers ready
# Exercises designed for the uncovered outcomes of issue 16, whose
# checkers exist and are tested; they join CHECKED (and a chapter) when
# their statement is written into the chapter.

#: Designed and checked, not yet in a chapter.
PLANNED: list = []
