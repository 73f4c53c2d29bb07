"""Sources of the graded assignments: outside the installed library.

:mod:`assignments.catalogue` lists every exercise of the book with its
kind, difficulty, time and points; for the checked exercises also the
stub, the reference solution, the hidden tests and a catalogue of wrong
answers that a checker must reject. ``tools/make_assignments.py`` builds
the nbgrader and otter-grader notebooks from it, and the tests prove with
it that no wrong answer passes.
"""
