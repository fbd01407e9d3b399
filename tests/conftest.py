"""Fixtures shared by the tests: the word lists once per session, and an app per test.

The word graphs take the time (loading ``large`` is most of a second), so the catalog
is built once for the session and handed to every app; the app itself is cheap (a few
milliseconds) and is built fresh for each test, as flaskr's conftest does, so that no
test sees what another left in it (settings, extensions, and stored state to come).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from hypothesis import settings
from property_budget import MUTATION_EXAMPLES, UNDER_MUTATION
from werkzeug.routing.rules import Rule

from app import create_app
from boggle import Catalog, Dictionary
from boggle.solver import engine_notice

# The room tests' databases and clock (tests/rooms_db.py).
pytest_plugins = ["rooms_db", "apart_db"]

# Under mutation testing (see property_budget.py) the property tests that name no
# number of examples try as few as those that do, with no deadline: a mutant may be
# slow without being wrong, and the run's timeout judges that.
settings.register_profile("mutation", max_examples=MUTATION_EXAMPLES, deadline=None)
if UNDER_MUTATION:
    settings.load_profile("mutation")
# Modules whose mutants could change a word graph: they never share the cache.
GRAPH_BUILDERS = ("boggle.dictionary.", "boggle.rules.", "boggle.catalog.")


def _compile_url_builders_once() -> None:
    """Under mutation, compile each address's URL builder once per process, not per app.

    Werkzeug compiles a Python function for every route of every app it builds (two,
    from a syntax tree): three quarters of the app fixture's time, paid by each of the
    hundreds of web tests that every mutant of a function they reach runs. The builder
    depends only on the route and its defaults, which no mutant changes (mutants live in
    boggle/, web/ and games/, never in Werkzeug), so each one is compiled once and the
    apps of later tests reuse it. ``make test`` and CI compile them as Werkzeug does.
    """
    compile_builder = Rule._compile_builder
    if getattr(compile_builder, "compiled_once", False):
        return  # conftest loaded again in the same process
    builders: dict[tuple[object, ...], object] = {}

    def compiled_once(self: Rule, append_unknown: bool = True) -> object:
        key = (
            self.rule,
            self.subdomain,
            self.host,
            tuple(self._trace),
            repr(self.defaults),
            append_unknown,
        )
        if key not in builders:
            builders[key] = compile_builder(self, append_unknown)
        return builders[key]

    compiled_once.compiled_once = True  # type: ignore[attr-defined]
    Rule._compile_builder = compiled_once  # type: ignore[method-assign]


if UNDER_MUTATION:
    _compile_url_builders_once()


@pytest.fixture(scope="session", autouse=True)
def _engine_notice_taken() -> None:
    """Take the one line saying the pure-Python core searches, before any test runs.

    It is printed once per process (BOGGLE_PURE_PYTHON=1, or no native module), at the
    first app or command-line search; the test process is no start-up, so no test's
    output may depend on being first. tests/test_native.py checks the line in processes
    of their own. A fixture, not an import-time call: mutation testing checks its set-up
    by making every engine function fail, which must fail tests, not the import.
    """
    engine_notice()


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A word graph cache for the test session, so tests never touch the user's cache.

    Under mutation testing each mutant's run is a session of its own, and building the
    default graph cold costs about a second each time: the runs share one cache then,
    except for a mutant of the graph builder or what it reads (the rules, the catalog),
    which must build its own graph.
    """
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if UNDER_MUTATION and not mutant.startswith(GRAPH_BUILDERS):
        shared = Path(tempfile.gettempdir()) / "boggle-mutation-word-graphs"
        shared.mkdir(exist_ok=True)
        return shared
    return tmp_path_factory.mktemp("word-graph-cache")


@pytest.fixture(scope="session")
def catalog(cache_dir: Path) -> Catalog:
    """The shipped word lists, each loaded once for the session and shared by every app."""
    catalog = Catalog(cache_dir=cache_dir)
    catalog.preload([catalog.default])
    return catalog


@pytest.fixture(scope="session")
def standard(catalog: Catalog) -> Dictionary:
    """The default shipped dictionary."""
    return catalog.get("standard")


@pytest.fixture
def app(catalog: Catalog, cache_dir: Path) -> Iterator[Flask]:
    """The app as a user runs it, built for this test on the session's word lists.

    Tests that need other settings build their own with create_app (and the ``catalog``
    fixture, unless the settings change the word lists).
    """
    app = create_app({"TESTING": True, "CACHE_DIR": str(cache_dir)}, catalog=catalog)
    yield app
