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
PYTEST   := $(BIN)/python -m pytest -p no:cacheprovider
# Strict nbval; a cell that runs longer than 60 s fails with its name.
NBVAL    := --nbval --nbval-current-env --nbval-cell-timeout 60 \
            --nbval-sanitize-with tests/nbval_sanitize.cfg
# Throw-away environments made by uv from its cache, in seconds.
VENV_AT  = rm -rf $(1) && $(UV) venv --quiet --python $(BIN)/python $(2) $(1)
INTO     = $(UV) pip install --quiet --python $(1)/bin/python
PINS     = $$(grep -iE '^($(subst $() ,|,$(1)))==' requirements.txt)
# Tests that check the repository rather than the library, and tests that
# execute notebooks or build environments: each group has its own target.
HYGIENE_TESTS := tests/test_notebooks.py tests/test_configuration.py \
                 tests/test_execution.py tests/test_compat.py \
                 tests/test_set_repository.py tests/test_glossary.py \
                 tests/test_bibliography.py tests/test_notation.py
OTHER_TESTS   := tests/test_student_notebooks.py tests/test_site.py \
                 tests/test_binder.py tests/test_colab.py \
                 tests/test_pdf.py tests/test_slides.py
LIB_TESTS     := $(addprefix --ignore=,$(HYGIENE_TESTS) $(OTHER_TESTS)) tests


.PHONY: help book test test-chain lint test-lib test-hygiene test-chapters test-students \
        test-book test-site test-binder test-colab test-compat test-assignments \
        chapter serve clean notebooks exercises assignments instructor lock \
        set-repository bench pdf slides test-editions

help:
	@echo "make book        build the website into _build/html, with its PDF"
	@echo "                 and the slides' handouts (make pdf, make slides)"
	@echo "make test        every check below, in this order"
	@echo "  make lint          ruff over lib, tests, tools, bench and chapters"
	@echo "  make test-lib      the library's tests"
	@echo "  make test-hygiene  notebooks, configuration and glossary checks"
	@echo "  make test-chapters strict nbval of every chapter"
	@echo "  make test-students the student notebooks run and are up to date"
	@echo "  make test-book     the website, every page executed, warnings as errors"
	@echo "  make test-editions the PDF and the slides (make pdf, make slides)"
	@echo "  make test-site     the website in a headless browser"
	@echo "  make test-binder   Binder's environment: installs, imports, a chapter"
	@echo "  make test-colab    Colab's set-up cell in an environment without mlcourse"
	@echo "  make test-compat   strict nbval of every chapter and the library tests at"
	@echo "                     the lowest versions pyproject.toml allows, under"
	@echo "                     another OpenBLAS kernel"
	@echo "  make test-assignments  nbgrader and otter-grader grade a chapter"
	@echo "                     end to end in a throw-away environment, with"
	@echo "                     the commands of the teaching page"
	@echo "make chapter CH=04  one chapter: strict nbval, its checkers, its student"
	@echo "                    notebook, the tests of the library modules it imports"
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
	@echo "make pdf         make book: the PDF is _build/latex/book.pdf, also in"
	@echo "                    the site (SOLUTIONS=omit leaves out the solutions)"
	@echo "make slides      make book: a reveal.js deck per chapter and its PDF"
	@echo "                    handout (_build/html/_downloads/slides/)"
	@echo "make bench       measure the library's speed against its references"
	@echo "make lock        re-pin requirements.txt from requirements.in"
	@echo "make clean       remove the built website and caches"

# uv (pinned in requirements.txt) installs the lock in seconds; the same uv
# makes the throw-away environments of test-binder, test-colab, test-compat.
# The environment starts without pip (pip's own install takes longer than
# the lock's): the system's pip puts uv in it, or, where the system has no
# pip, the environment's own (ensurepip). The lock then keeps uv at its pin.
PIP_UV   := --quiet --disable-pip-version-check "$$(grep '^uv==' requirements.txt)"
# the edition too: an editable install keeps the version it was made with
$(STAMP): requirements.txt pyproject.toml lib/mlcourse/__init__.py
	test -x $(BIN)/python || $(PYTHON) -m venv --without-pip $(VENV)
	test -x $(UV) || $(PYTHON) -m pip --python $(BIN)/python install $(PIP_UV) \
	    || { $(BIN)/python -m ensurepip --default-pip \
	        && $(BIN)/python -m pip install $(PIP_UV); }
	$(UV) pip sync --quiet --python $(BIN)/python requirements.txt
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

# The build executes every page afresh (the cache of jupyter-cache that it
# fills, execute_notebooks: cache in _config.yml, is emptied first, and so
# are Sphinx's doctrees, which would keep a page whose notebook did not
# change); the PDF and the slides then take the executed pages from that
# cache.
# The website with the editions its pages offer for download: the PDF and
# the slides' handouts (TeX Live and Chromium, as make test needs).
book: $(STAMP) $(NODE_STAMP) $(SLIDES_STAMP)
	rm -rf _build/.jupyter_cache _build/.doctrees
	$(BIN)/jupyter-book build . --builder html
	LATEXMKOPTS=-silent $(PDF)
	$(BIN)/python tools/editions/decks.py _build/html
	@echo "The website is built: open $(CURDIR)/_build/html/index.html (or run 'make serve')."

# Every check, two at a time (one per core), the longest first: in one lane
# the website (built, executing every chapter), its PDF and slides, the
# website in the browser, then the repository's own checks; in the other
# the oldest allowed versions, then the chapters under strict nbval; the
# short checks fill the lanes as they free up. numpy's threads are limited so that two checks share the cores instead
# of fighting for them. The Python environment and the Node tools install
# side by side first. Each check is also a target of its own.
CHAIN  := test-book test-editions test-site test-hygiene
OTHERS := test-compat test-chapters test-assignments test-lib test-binder \
          test-colab test-students lint
CHECKS := $(CHAIN) $(OTHERS)

test:
	$(MAKE) --no-print-directory -j2 $(STAMP) $(NODE_STAMP) $(SLIDES_STAMP) \
	    $(TEXT_ONLY)
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

# nbval compares text and skips images: the kernels of strict nbval take
# their settings from tests/ipython_kernel_config.py (no figure drawn).
TEXT_ONLY := _build/ipython/profile_default/ipython_kernel_config.py
$(TEXT_ONLY): tests/ipython_kernel_config.py
	mkdir -p $(@D) && cp $< $@
AS_TEXT := IPYTHONDIR=$(CURDIR)/_build/ipython

test-chapters: $(STAMP) $(TEXT_ONLY)
	$(AS_TEXT) $(PYTEST) $(NBVAL) chapters

test-students: $(STAMP)
	$(PYTEST) -m "not student_run" tests/test_student_notebooks.py

test-book: $(STAMP) $(NODE_STAMP) $(SLIDES_STAMP)
	rm -rf _build/.jupyter_cache _build/html _build/.doctrees \
	    _build/jupyter_execute
	$(BIN)/jupyter-book build . --builder html --warningiserror --nitpick --keep-going

test-site: $(STAMP) $(NODE_STAMP)
	$(PYTEST) tests/test_site.py

# The editions, from the website's build (its cache of executed chapters
# and its doctrees): the PDF (LaTeX builder, then XeLaTeX) and the decks' handouts
# (the HTML build writes the decks). The PDF and the slides are then checked.
PDF := $(BIN)/jupyter-book build . --builder pdflatex --warningiserror \
       --keep-going --quiet && mkdir -p _build/html/_downloads \
       && cp _build/latex/book.pdf _build/html/_downloads/book.pdf
pdf slides: book

test-editions: $(STAMP) $(SLIDES_STAMP)
	LATEXMKOPTS=-silent $(PDF)
	$(BIN)/python tools/editions/decks.py _build/html
	$(PYTEST) tests/test_pdf.py tests/test_slides.py

# Binder: binder/requirements.txt installed from the repository's root, as
# repo2docker runs pip; then its kernel runs widgets and the library.
BINDER := _build/binder
test-binder: $(STAMP)
	$(call VENV_AT,$(BINDER))
	$(call INTO,$(BINDER)) -r binder/requirements.txt
	$(UV) pip check --quiet --python $(BINDER)/bin/python
	MLCOURSE_BINDER=$(BINDER)/bin/python $(PYTEST) -rs tests/test_binder.py

# Colab: the packages Colab ships, at the lock's versions, and pip; a
# chapter's set-up cell must install the library from a local copy.
COLAB := _build/colab
test-colab: $(STAMP)
	$(call VENV_AT,$(COLAB),--seed)
	$(call INTO,$(COLAB)) $(call PINS,numpy scipy matplotlib scikit-learn ipywidgets)
	MLCOURSE_COLAB=$(COLAB)/bin/python $(PYTEST) -rs tests/test_colab.py

# The lowest versions pyproject.toml allows (uv's lowest-direct resolution),
# with the test tools at the lock's versions, under another OpenBLAS kernel
# than the main lane's (where the machine has OpenBLAS): every chapter under
# strict nbval, then the library's tests. The catalogue of wrong answers
# tests how the checkers judge an answer, the same at every version: it
# runs in test-lib only.
LOWEST := _build/lowest
COMPAT_TESTS := -m "not site" $(LIB_TESTS) \
    -k "not wrong_answer_fails_for_every_seed and not wrong_answer_loses"
test-compat: $(STAMP) $(TEXT_ONLY)
	$(call VENV_AT,$(LOWEST))
	$(call INTO,$(LOWEST)) --resolution lowest-direct -e ".[widgets,book]" \
	    $(call PINS,pytest nbval ipykernel nbclient nbformat pyyaml)
	$(AS_TEXT) OPENBLAS_CORETYPE=Prescott $(LOWEST)/bin/python -m pytest \
	    -p no:cacheprovider $(NBVAL) chapters
	$(LOWEST)/bin/python -m pytest -p no:cacheprovider $(COMPAT_TESTS)

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
# (keep them private), and the book without solutions (the build executes
# every page afresh, as make book does): its website, its PDF from the same
# runs, and the lecture decks (TeX Live and Chromium, as make pdf slides).
INSTRUCTOR := _build/instructor/book
instructor: $(STAMP) $(NODE_STAMP) $(SLIDES_STAMP)
	$(BIN)/python tools/make_assignments.py $(if $(SEED),--seed $(SEED))
	$(BIN)/jupyter-book build $(INSTRUCTOR) --builder html --warningiserror \
	    --keep-going
	SOLUTIONS=omit LATEXMKOPTS=-silent $(BIN)/jupyter-book build $(INSTRUCTOR) \
	    --builder pdflatex --warningiserror --keep-going --quiet
	mkdir -p $(INSTRUCTOR)/_build/html/_downloads
	cp $(INSTRUCTOR)/_build/latex/book.pdf $(INSTRUCTOR)/_build/html/_downloads/
	$(BIN)/python tools/editions/decks.py $(INSTRUCTOR)/_build/html
	@echo "The instructor edition is in $(CURDIR)/_build/instructor:"
	@echo "  book/_build/html (the website without solutions, with its PDF and"
	@echo "  slides in _downloads/), notebooks/,"
	@echo "  private/ (keep it to yourself)."

bench: $(STAMP) $(NODE_STAMP) $(SLIDES_STAMP) $(LIGHTHOUSE_STAMP)
	$(BIN)/python bench/run.py

set-repository: $(STAMP)
	$(BIN)/python tools/set_repository.py

# uv keeps every pin of requirements.txt that still fits requirements.in;
# `make lock UPGRADE=--upgrade` moves everything to the newest versions.
lock: $(STAMP)
	$(UV) pip compile --quiet --no-annotate --python $(BIN)/python \
	    --custom-compile-command "make lock" $(UPGRADE) \
	    requirements.in -o requirements.txt

clean:
	rm -rf _build site-screenshots .pytest_cache
	find . -name __pycache__ -not -path "./.venv/*" -prune -exec rm -rf {} +
