"""The base every estimator of the library shares: scikit-learn's.

Estimators derive from :class:`sklearn.base.BaseEstimator` and the classifier
or regressor mixin, so that ``get_params``/``set_params``, ``clone``, the
``repr``, the estimator tags, ``Pipeline``, ``cross_val_score`` and
``GridSearchCV`` work as scikit-learn users expect. What the library's binary
linear classifiers share (prediction from the sign of the score, chapter "The
perceptron", eq-perceptron-predict) lives here once.
"""

from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin

from ._validation import check_is_fitted, check_n_features, check_X

__all__ = [
    "BaseEstimator",
    "ClassifierMixin",
    "RegressorMixin",
    "LinearBinaryClassifierMixin",
    "check_predict_X",
]


def check_predict_X(estimator, X, attribute: str = "coef_") -> np.ndarray:
    """Validate ``X`` for prediction: fitted, finite, 2-D, as many features."""
    check_is_fitted(estimator, attribute)
    X = check_X(X)
    check_n_features(X, estimator.n_features_in_, type(estimator).__name__)
    return X


class LinearBinaryClassifierMixin(ClassifierMixin):
    """``decision_function`` and ``predict`` of a binary linear classifier.

    Scores are ``X @ coef_ + intercept_``; the prediction is ``classes_[1]``
    where the score is positive and ``classes_[0]`` otherwise (a tie goes to
    the negative class, as a zero score counts as a mistake in training).
    ``score`` (accuracy) comes from scikit-learn's ``ClassifierMixin``.
    """

    def decision_function(self, X) -> np.ndarray:
        """The scores ``X @ coef_ + intercept_``, shape ``(n_samples,)``."""
        X = check_predict_X(self, X)
        return X @ self.coef_ + self.intercept_

    def predict(self, X) -> np.ndarray:
        """``classes_[1]`` where the score is > 0, else ``classes_[0]``."""
        scores = self.decision_function(X)
        return self.classes_[(scores > 0).astype(int)]
