"""mlcourse: the shared library of the course book "From least squares to the multi-layer
perceptron".

One module per topic, each introduced by the chapter of the same name: ``datasets`` and
``plotting`` are used everywhere, the estimators live in ``linear_regression``,
``logistic_regression``, ``gradient_descent``, ``perceptron``, ``perceptron_variants`` and
``mlp``, and ``exercises`` holds the checkers of the chapters' exercises.
"""

from ._validation import ConvergenceWarning, NotFittedError

#: The library's version (the book's release is tagged ``v`` + this).
__version__ = "0.6.0"
__all__ = ["ConvergenceWarning", "NotFittedError", "__version__"]
