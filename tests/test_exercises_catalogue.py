"""Every checked exercise: the reference solution passes, the stub is "Not
attempted yet", and every wrong answer of its catalogue is rejected with
the hint it deserves, the generic ones included (print instead of return,
no return, a loop that never ends, the worked example hard-coded)."""

import importlib

import numpy as np
import pytest
from assignments import catalogue

CHECKED = catalogue.CHECKED + catalogue.PLANNED
# Short time limits (tests/conftest.py): a loop that never ends stops soon.
pytestmark = pytest.mark.usefixtures("short_time_limit")


def namespace(exercise, code):
    """Run ``code`` as a notebook cell would, after the exercise's set-up."""
    scope = {"__name__": "__main__"}
    exec("import numpy as np\n" + exercise.setup, scope)
    exec(compile(code, f"<{exercise.label}>", "exec"), scope)
    return scope


def check(exercise, code):
    scope = namespace(exercise, code)
    checker = getattr(
        importlib.import_module(exercise.module), exercise.checker
    )
    return checker(*(scope.get(name) for name in exercise.answers))


def as_code(value):
    """Python source that rebuilds ``value``."""
    if isinstance(value, tuple):
        return "(" + ", ".join(as_code(v) for v in value) + ",)"
    if isinstance(value, np.ndarray):
        return f"np.array({value.tolist()!r})"
    if isinstance(value, (np.floating, float)):
        return repr(float(value))
    if isinstance(value, (np.integer, int)):
        return repr(int(value))
    return repr(value)


def visible_result(exercise):
    if not exercise.function:
        return ""
    module = importlib.import_module(exercise.module)
    first = getattr(module, exercise.cases)(np.random.default_rng(0))[0]
    solution = namespace(exercise, exercise.solution)[exercise.answers[0]]
    return as_code(solution(*first.args))


def wrong_answers():
    for exercise in CHECKED:
        wrong = catalogue.all_wrong(exercise, visible_result(exercise))
        for name, (code, expected) in wrong.items():
            yield pytest.param(
                exercise, code, expected, id=f"{exercise.label}: {name}"
            )


@pytest.mark.parametrize("exercise", CHECKED, ids=lambda e: e.label)
def test_reference_solution_passes(exercise):
    for _ in range(3):  # fresh random cases each time
        result = check(exercise, exercise.solution)
        assert result.passed, result.message
        assert result.message.startswith("Correct")


@pytest.mark.parametrize("exercise", CHECKED, ids=lambda e: e.label)
def test_stub_is_not_attempted(exercise):
    result = check(exercise, exercise.stub)
    assert result.status == "not attempted", result.message
    for name in exercise.answers:
        assert f"`{name}`" in result.message


@pytest.mark.parametrize("exercise,code,expected", list(wrong_answers()))
def test_wrong_answer_is_rejected(exercise, code, expected):
    result = check(exercise, code)
    assert not result.passed, result.message
    assert result.status in ("wrong", "error"), result.message
    assert any(part in result.message for part in expected.split("|")), (
        result.message
    )


@pytest.mark.parametrize(
    "exercise", [e for e in CHECKED if not e.function], ids=lambda e: e.label
)
def test_value_checkers_never_show_the_answer(exercise):
    for code, _ in exercise.wrong.values():
        message = check(exercise, code).message
        if exercise.value.replace(" ", "") in code.replace(" ", ""):
            continue  # the student's own text, echoed
        if exercise.value and exercise.value != "xor":
            assert exercise.value not in message
            compact = exercise.value.replace(" ", "")
            assert compact not in message.replace(" ", "")


def test_every_function_exercise_has_a_case_generator():
    for exercise in CHECKED:
        if exercise.function:
            module = importlib.import_module(exercise.module)
            cases = getattr(module, exercise.cases)(np.random.default_rng(1))
            assert any(c.random for c in cases), exercise.label
            assert any(not c.random for c in cases), exercise.label


def test_random_cases_are_fresh():
    from mlcourse.exercises import fresh_rng
    from mlcourse.exercises.linear_regression import _line_cases

    one, two = _line_cases(fresh_rng())[-1], _line_cases(fresh_rng())[-1]
    assert not np.array_equal(one.args[0], two.args[0])
