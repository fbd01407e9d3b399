# Everything a new machine needs, in one place. Each target builds the virtual
# environment it needs from the pinned requirements files, then runs.
#
#   make run     the app on http://127.0.0.1:5000 (development server)
#   make serve   the app under gunicorn, as in production (http://127.0.0.1:8000)
#   make test    lint + the whole test suite, browser tests included
#   make bench   the speed and memory benchmark (needs ENABLE2K, see README)
#   make mutate  mutation testing of boggle/ and web/params.py (not in CI; tests/README.md)

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 5000

RUNTIME := $(VENV)/.runtime-installed
DEV     := $(VENV)/.dev-installed

.PHONY: run serve test lint bench loadtest wordlists mutate clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(RUNTIME): requirements.txt | $(VENV)/bin/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(DEV): requirements.txt requirements-dev.txt | $(VENV)/bin/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@ $(RUNTIME)

run: $(RUNTIME)
	$(BIN)/flask --app app run --port $(PORT)

serve: $(RUNTIME)
	$(BIN)/gunicorn --config gunicorn.conf.py "app:create_app()"

lint: $(DEV)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: lint
	$(BIN)/python -m pytest

bench: $(DEV)
	$(BIN)/python benchmarks/solver_speed.py

loadtest: $(DEV)
	$(BIN)/python benchmarks/load_test.py

# Mutants are written to mutants/ (gitignored), never to the sources. Two workers, and
# a hard stop at 30 minutes; MUTANTS narrows the run, e.g. MUTANTS='boggle.scoring.*'.
MUTANTS ?=
mutate: $(DEV)
	rm -rf mutants
	timeout 30m $(BIN)/mutmut run --max-children 2 $(MUTANTS)
	$(BIN)/python tests/mutation_report.py

wordlists:
	$(PYTHON) wordlists/rebuild.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache test-artifacts mutants
