"""The MLP on digits (64 tanh units, 30 passes) against scikit-learn's.

Both: minibatch SGD with momentum 0.9, step 0.1, batches of 32, no penalty,
on the same split of the digits scaled to [0, 1]. Check: the test accuracy
is within two points of scikit-learn's.
"""

import pytest
from common import run_case
from mlcourse.mlp import MLPClassifier
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split
from sklearn.neural_network import MLPClassifier as SkMLP

BOTH = dict(hidden_layer_sizes=(64,), batch_size=32, max_iter=30,
            random_state=0)  # fmt: skip
SKLEARN = dict(solver="sgd", learning_rate_init=0.1, nesterovs_momentum=False,
               alpha=0.0, tol=0.0, activation="tanh")  # fmt: skip


@pytest.mark.parametrize("who", ["mlcourse", "scikit-learn"])
def test_digits(benchmark, who):
    X, y = load_digits(return_X_y=True)
    X_fit, X_test, y_fit, y_test = train_test_split(
        X / 16.0, y, random_state=0, stratify=y
    )
    reference = SkMLP(**BOTH, **SKLEARN)
    model = MLPClassifier(**BOTH) if who == "mlcourse" else reference

    def check(fitted):
        best = reference.fit(X_fit, y_fit).score(X_test, y_test)
        score = fitted.score(X_test, y_test)
        assert score >= best - 0.02
        return f"test accuracy {score:.3f} (scikit-learn's {best:.3f})"

    fit = lambda: model.fit(X_fit, y_fit)  # noqa: E731
    run_case(benchmark, "MLP, digits, 30 passes", who, fit, check)
