"""The exercises of the book, read from the chapters, and what is made of them.

:mod:`assignments.exercises` reads each exercise from its chapter (its
statement, stub, solution, check and record); :mod:`assignments.wrong`
makes the mistakes every function exercise can have from its solution;
:mod:`assignments.parts`, :mod:`assignments.nbgrader_notebook` and
:mod:`assignments.otter_notebook` build the graded notebooks, and
:mod:`assignments.editions` the book without solutions and a page of all
the solutions. ``tools/make_exercises.py`` and ``tools/make_assignments.py``
are the commands.
"""
