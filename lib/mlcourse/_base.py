"""What the library's estimators share beyond scikit-learn's base classes.

Estimators derive from :class:`sklearn.base.BaseEstimator` and the
classifier or regressor mixin, so that ``get_params``/``set_params``,
``clone``, the ``repr``, the tags, ``Pipeline``, ``cross_val_score`` and
``GridSearchCV`` work as scikit-learn users expect. Here, once:

- :class:`LinearBinaryClassifierMixin`: prediction from the sign of the
  score ``X @ coef_ + intercept_`` (chapter "The perceptron",
  :eq:`eq-pc-rule`), for the binary models;
- :class:`BinaryClassifierMixin`: the data checks of a binary model.
"""

from __future__ import annotations

import numpy as np
from sklearn.base import ClassifierMixin

from ._validation import fit_data, predict_data

__all__ = ["BinaryClassifierMixin", "LinearBinaryClassifierMixin"]


class BinaryClassifierMixin(ClassifierMixin):
    """A classifier of two classes: checks, labels and tags."""

    def _fit_data(self, X, y):
        """``(X, y_signed)`` with labels -1/+1; sets ``classes_``."""
        return fit_data(self, X, y, classes="binary")

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return tags


class LinearBinaryClassifierMixin(BinaryClassifierMixin):
    """``decision_function`` and ``predict`` of a binary linear classifier.

    Scores are ``X @ coef_ + intercept_``; the prediction is ``classes_[1]``
    where the score is positive and ``classes_[0]`` otherwise (a tie goes to
    the negative class, as a zero score counts as a mistake in training).
    """

    def decision_function(self, X) -> np.ndarray:
        """The scores ``X @ coef_ + intercept_``, shape ``(n_samples,)``."""
        X = predict_data(self, X, "coef_")
        return X @ self.coef_ + self.intercept_

    def predict(self, X) -> np.ndarray:
        """``classes_[1]`` where the score is > 0, else ``classes_[0]``."""
        scores = self.decision_function(X)
        return self.classes_[(scores > 0).astype(int)]
