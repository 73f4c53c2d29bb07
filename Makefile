# The two commands: `make book` builds the website, `make test` runs every
# check. Both create the pinned environment in .venv on first use.

PYTHON   ?= python3
# Python keeps the compiled form of each module it imports. Where
# PYTHONDONTWRITEBYTECODE is set (as on many CI machines), every kernel and
# test process would compile numpy, scipy, scikit-learn and matplotlib again:
# about 4 s of CPU each, some forty times per `make test`.
export PYTHONDONTWRITEBYTECODE :=
VENV     := .venv
BIN      := $(VENV)/bin
STAMP    := $(VENV)/.installed
UV       := $(BIN)/uv
JOBS     ?= 1
EXECUTED := _build/executed
PYTEST   := $(BIN)/python -m pytest -p no:cacheprovider
# Strict nbval; a cell that runs longer than 60 s fails with its name.
NBVAL    := --nbval --nbval-current-env --nbval-cell-timeout 60 -p nbval_ipc \
            --nbval-sanitize-with tests/nbval_sanitize.cfg
# Tests that check the repository rather than the library, and tests that
# execute notebooks or build environments: each group has its own target.
HYGIENE_TESTS := tests/test_notebooks.py tests/test_configuration.py \
                 tests/test_execution.py \
                 tests/test_set_repository.py tests/test_glossary.py
OTHER_TESTS   := tests/test_student_notebooks.py tests/test_site.py \
                 tests/test_binder.py tests/test_colab.py tests/test_compat.py \
                 tests/test_pdf.py tests/test_slides.py
LIB_TESTS     := $(addprefix --ignore=,$(HYGIENE_TESTS) $(OTHER_TESTS)) tests


.PHONY: help book test test-chain lint test-lib test-hygiene test-chapters test-students \
        test-book test-site test-binder test-colab test-compat test-assignments \
        chapter serve clean notebooks exercises assignments instructor lock \
        set-repository bench pdf slides test-editions

help:
	@echo "make book        build the website into _build/html"
	@echo "make test        every check below, in this order"
	@echo "  make lint          ruff over lib, tests, tools, bench and chapters"
	@echo "  make test-lib      the library's tests"
	@echo "  make test-hygiene  notebooks, configuration and glossary checks"
	@echo "  make test-chapters strict nbval of every chapter (runs kept for the book)"
	@echo "  make test-students the student notebooks run and are up to date"
	@echo "  make test-book     the website with warnings as errors"
	@echo "  make test-editions the PDF and the slides (make pdf, make slides)"
	@echo "  make test-site     the website in a headless browser"
	@echo "  make test-binder   Binder's environment: installs, imports, a chapter"
	@echo "  make test-colab    Colab's set-up cell in an environment without mlcourse"
	@echo "  make test-compat   every chapter and the library tests at the lowest"
	@echo "                     versions pyproject.toml allows"
	@echo "  make test-assignments  nbgrader and otter-grader grade a chapter"
	@echo "                     end to end in a throw-away environment, with"
	@echo "                     the commands of the teaching page"
	@echo "make chapter CH=04  one chapter: strict nbval, its student notebook, its"
	@echo "                    library tests"
	@echo "make serve       serve the built website on http://127.0.0.1:8000"
	@echo "make notebooks   re-execute the chapters and store their outputs"
	@echo "make exercises   write the student notebooks to exercises/ and the"
	@echo "                 exercise table of chapters/teaching.md"
	@echo "make assignments write the graded notebooks (nbgrader, otter-grader),"
	@echo "                 the student notebooks and the book without solutions"
	@echo "                 to _build/instructor/ (SEED=n for the hidden tests)"
	@echo "make instructor  the same, and the book without solutions built into"
	@echo "                 _build/instructor/book/_build/html (with its PDF"
	@echo "                 and slides, as make book pdf slides)"
	@echo "make pdf         the book as a PDF: _build/latex/book.pdf, also in the site"
	@echo "                    (SOLUTIONS=omit leaves out the solutions' appendix)"
	@echo "make slides      a reveal.js deck per chapter and its PDF handout"
	@echo "                    (_build/html/_downloads/slides/)"
	@echo "make bench       measure the library's speed against its references"
	@echo "make lock        re-pin requirements.txt from requirements.in"
	@echo "make clean       remove the built website and caches"

# uv (pinned in requirements.txt) installs the lock in seconds; the same uv
# makes the throw-away environments of test-binder, test-colab, test-compat.
# The environment starts without pip (pip's own install takes longer than
# the lock's): the system's pip puts uv in it, or, where the system has no
# pip, the environment's own (ensurepip). The lock then keeps uv at its pin.
# requirements-excluded.txt names what uv leaves out (and why); an
# environment made before a name was added loses it here.
EXCLUDED := requirements-excluded.txt
PIP_UV   := --quiet --disable-pip-version-check "$$(grep '^uv==' requirements.txt)"
$(STAMP): requirements.txt pyproject.toml $(EXCLUDED)
	test -x $(BIN)/python || $(PYTHON) -m venv --without-pip $(VENV)
	test -x $(UV) || $(PYTHON) -m pip --python $(BIN)/python install $(PIP_UV) \
	    || { $(BIN)/python -m ensurepip --default-pip \
	        && $(BIN)/python -m pip install $(PIP_UV); }
	$(UV) pip install --quiet --python $(BIN)/python -r requirements.txt \
	    --excludes $(EXCLUDED)
	$(UV) pip uninstall --quiet --python $(BIN)/python -r $(EXCLUDED)
	$(UV) pip install --quiet --python $(BIN)/python --no-deps -e .
	touch $(STAMP)

# Node tools of the website (tools/site/package-lock.json): MathJax renders
# the maths at build time, PurgeCSS cuts the theme's stylesheets, axe-core
# audits the pages. Lighthouse, for `make bench` only, has its own folder.
NODE_STAMP := tools/site/node_modules/.installed
$(NODE_STAMP): tools/site/package.json tools/site/package-lock.json
	npm ci --prefix tools/site --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

# reveal.js for the lecture decks (tools/slides/package-lock.json).
SLIDES_STAMP := tools/slides/node_modules/.installed
$(SLIDES_STAMP): tools/slides/package.json tools/slides/package-lock.json
	npm ci --prefix tools/slides --no-audit --no-fund --loglevel=error
	touch $(SLIDES_STAMP)

LIGHTHOUSE_STAMP := bench/lighthouse/node_modules/.installed
$(LIGHTHOUSE_STAMP): bench/lighthouse/package.json bench/lighthouse/package-lock.json
	npm ci --prefix bench/lighthouse --no-audit --no-fund --loglevel=error
	touch $(LIGHTHOUSE_STAMP)

# Execute every page (reusing fresh runs of test-chapters), then build.
book: $(STAMP) $(NODE_STAMP) $(SLIDES_STAMP)
	$(BIN)/python tools/execute_notebooks.py --book -j 2
	$(BIN)/jupyter-book build . --builder html
	@echo "The website is built: open $(CURDIR)/_build/html/index.html (or run 'make serve')."

# Every check, two at a time (one per core). The longest chain runs in one
# lane from the start: the chapters under strict nbval, the website built
# from their runs, the website in the browser. The other lane runs the
# environment of the oldest allowed versions, then the short checks, which
# also fill the first lane once the chain is done. numpy's threads are
# limited so that two checks share the cores instead of fighting for them.
# The Python environment and the Node tools install side by side first, so
# that the chain starts at once (make would otherwise start it only after
# every other check). Each check is also a target of its own.
CHAIN  := test-chapters test-book test-editions test-site
OTHERS := test-compat test-assignments test-lib test-binder test-colab \
          test-hygiene test-students lint
CHECKS := $(CHAIN) $(OTHERS)

test:
	$(MAKE) --no-print-directory -j2 $(STAMP) $(NODE_STAMP) $(SLIDES_STAMP)
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 \
	    $(MAKE) --no-print-directory -j2 --output-sync=target \
	    test-chain $(OTHERS)
	@echo "All checks passed."

test-chain: $(STAMP) $(NODE_STAMP) $(SLIDES_STAMP)
	@for check in $(CHAIN); do \
	    $(MAKE) --no-print-directory $$check || exit 1; done

lint: $(STAMP)
	$(BIN)/ruff check lib tests tools bench chapters
	$(BIN)/ruff format --check lib tests tools bench chapters

test-lib: $(STAMP)
	$(PYTEST) -m "not site" $(LIB_TESTS)

test-hygiene: $(STAMP)
	$(PYTEST) $(HYGIENE_TESTS)

test-chapters: $(STAMP)
	rm -rf $(EXECUTED)
	$(PYTEST) $(NBVAL) -p nbval_record --nbval-record $(EXECUTED) chapters

test-students: $(STAMP)
	$(PYTEST) -m "not student_run" tests/test_student_notebooks.py

test-book: $(STAMP) $(NODE_STAMP) $(SLIDES_STAMP)
	$(BIN)/python tools/execute_notebooks.py --book -j 2
	rm -rf _build/html _build/.doctrees _build/jupyter_execute
	$(BIN)/jupyter-book build . --builder html --warningiserror --nitpick --keep-going

test-site: $(STAMP) $(NODE_STAMP)
	$(PYTEST) tests/test_site.py

# The editions, from the website's build (its executed chapters and
# doctrees): the PDF (LaTeX builder, then XeLaTeX) and the decks' handouts
# (the HTML build writes the decks). The PDF and the slides are then checked.
PDF := $(BIN)/jupyter-book build . --builder pdflatex --warningiserror \
       --keep-going --quiet && mkdir -p _build/html/_downloads \
       && cp _build/latex/book.pdf _build/html/_downloads/book.pdf
pdf: book
	LATEXMKOPTS=-silent $(PDF)

slides: book
	$(BIN)/python tools/editions/decks.py _build/html

test-editions: $(STAMP) $(SLIDES_STAMP)
	LATEXMKOPTS=-silent $(PDF)
	$(BIN)/python tools/editions/decks.py _build/html
	$(PYTEST) tests/test_pdf.py tests/test_slides.py

# Binder: binder/requirements.txt in a fresh environment made by uv from the
# repository's root, as repo2docker runs pip; then imports and one chapter.
test-binder: $(STAMP)
	MLCOURSE_FRESH_ENV=1 $(PYTEST) -rs tests/test_binder.py

# Colab: a chapter's set-up cell run in a fresh environment without mlcourse,
# installing from the local checkout; then the chapter's imports.
test-colab: $(STAMP)
	MLCOURSE_FRESH_ENV=1 $(PYTEST) -rs tests/test_colab.py

# The lowest versions pyproject.toml allows: every chapter runs to its end and
# the library tests pass, in a throw-away environment. The catalogue of wrong
# answers tests how the checkers judge an answer, the same at every version:
# it runs in test-lib only (the reference solutions run in both).
COMPAT_TESTS := $(LIB_TESTS) \
    -k "not wrong_answer_fails_for_every_seed and not wrong_answer_loses"
test-compat: $(STAMP)
	MLCOURSE_FRESH_ENV=1 MLCOURSE_LIB_TESTS='$(COMPAT_TESTS)' \
	    $(PYTEST) -rs tests/test_compat.py

# Grading end to end: in a throw-away environment, the teaching page's
# commands grade three submissions of chapter 4 with nbgrader and otter.
test-assignments: $(STAMP)
	MLCOURSE_FRESH_ENV=1 $(PYTEST) -rs tests/test_assignments.py \
	    -k grades_a_chapter

# One chapter, e.g. `make chapter CH=04`: strict nbval, its student notebook
# and the tests of the library modules it imports.
chapter: $(STAMP)
	@test -n "$(CH)" || { echo "usage: make chapter CH=04"; exit 2; }
	$(BIN)/python tools/chapter_tests.py $(CH) -p no:cacheprovider $(NBVAL)

serve:
	@test -f _build/html/index.html || { echo "Run 'make book' first."; exit 1; }
	$(PYTHON) -m http.server --bind 127.0.0.1 --directory _build/html 8000

notebooks: $(STAMP)
	$(BIN)/python tools/execute_notebooks.py

exercises: $(STAMP)
	$(BIN)/python tools/make_exercises.py --zip _build/exercises.zip

assignments: $(STAMP)
	$(BIN)/python tools/make_assignments.py $(if $(SEED),--seed $(SEED))

# The instructor edition: the graded notebooks in _build/instructor/private
# (keep them private), and the book without solutions, built from fresh runs:
# its website, its PDF and the lecture decks (TeX Live and Chromium, as for
# make pdf slides).
INSTRUCTOR := _build/instructor/book
instructor: $(STAMP) $(NODE_STAMP) $(SLIDES_STAMP)
	$(BIN)/python tools/execute_notebooks.py --book -j 2
	$(BIN)/python tools/make_assignments.py $(if $(SEED),--seed $(SEED))
	$(BIN)/jupyter-book build $(INSTRUCTOR) --builder html
	SOLUTIONS=omit LATEXMKOPTS=-silent $(BIN)/jupyter-book build $(INSTRUCTOR) \
	    --builder pdflatex --warningiserror --keep-going --quiet
	mkdir -p $(INSTRUCTOR)/_build/html/_downloads
	cp $(INSTRUCTOR)/_build/latex/book.pdf $(INSTRUCTOR)/_build/html/_downloads/
	$(BIN)/python tools/editions/decks.py $(INSTRUCTOR)/_build/html
	@echo "The instructor edition is in $(CURDIR)/_build/instructor:"
	@echo "  book/_build/html (the website without solutions, with its PDF and"
	@echo "  slides in _downloads/), notebooks/,"
	@echo "  private/ (keep it to yourself)."

bench: $(STAMP) $(NODE_STAMP) $(LIGHTHOUSE_STAMP)
	$(BIN)/python bench/run.py

set-repository: $(STAMP)
	$(BIN)/python tools/set_repository.py

# uv keeps every pin of requirements.txt that still fits requirements.in;
# `make lock UPGRADE=--upgrade` moves everything to the newest versions.
lock: $(STAMP)
	$(UV) pip compile --quiet --no-annotate --python $(BIN)/python \
	    --custom-compile-command "make lock" $(UPGRADE) \
	    --excludes $(EXCLUDED) requirements.in -o requirements.txt

clean:
	rm -rf _build site-screenshots .pytest_cache
	find . -name __pycache__ -not -path "./.venv/*" -prune -exec rm -rf {} +
