# Everything a new machine needs, in one place. Each target builds the virtual
# environment it needs from the pinned requirements files, then runs.
#
#   make run     the app on http://127.0.0.1:5000 (development server)
#   make serve   the production recipe, nginx in front of gunicorn (http://127.0.0.1:8000,
#                SERVE_PORT=... for another port)
#   make test    lint + the whole test suite, browser tests included
#   make bench   the speed and memory benchmark (needs ENABLE2K, see README)
#   make loadtest, make attack   the production recipe under load (benchmarks/README.md)

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 5000
SERVE_PORT ?= 8000

RUNTIME := $(VENV)/.runtime-installed
DEV     := $(VENV)/.dev-installed

.PHONY: run serve test lint bench loadtest attack wordlists clean

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
	$(BIN)/python deploy/serve.py --port $(SERVE_PORT)

lint: $(DEV)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: lint
	$(BIN)/python -m pytest

bench: $(DEV)
	$(BIN)/python benchmarks/solver_speed.py

loadtest: $(DEV)
	$(BIN)/python benchmarks/load_test.py

attack: $(DEV)
	$(BIN)/python benchmarks/attack.py

wordlists:
	$(PYTHON) wordlists/rebuild.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache test-artifacts
