"""Fixtures shared by the tests: the app, its client, and the shipped dictionaries."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from app import create_app
from boggle import Catalog, Dictionary


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A word graph cache for the test session, so tests never touch the user's cache."""
    return tmp_path_factory.mktemp("word-graph-cache")


@pytest.fixture(scope="session")
def catalog(cache_dir: Path) -> Catalog:
    """The shipped word lists."""
    return Catalog(cache_dir=cache_dir)


@pytest.fixture(scope="session")
def standard(catalog: Catalog) -> Dictionary:
    """The default shipped dictionary."""
    return catalog.get("standard")


@pytest.fixture(scope="session")
def app(cache_dir: Path) -> Iterator[Flask]:
    """The app as a user runs it, with its cache in the test session's folder.

    One for the session: building it loads the default dictionary, and no request
    changes it. Tests that need other settings build their own with create_app.
    """
    app = create_app({"TESTING": True, "CACHE_DIR": str(cache_dir)})
    yield app
