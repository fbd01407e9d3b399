"""Memory a client can grow: no per-request cache grows without bound."""

from __future__ import annotations

import gc
from pathlib import Path

from flask import Flask

from boggle import Board, Dictionary, solve
from boggle.board import SHAPES_CACHED, grid_neighbors


def resident_bytes() -> int:
    """This process's resident set size, from /proc (Linux, as in production)."""
    fields = Path("/proc/self/statm").read_text().split()
    return int(fields[1]) * 4096


def allowed_shapes(max_side: int, max_cells: int) -> list[tuple[int, int]]:
    """Every rows x cols a request may ask for."""
    return [
        (rows, cols)
        for rows in range(1, max_side + 1)
        for cols in range(1, max_side + 1)
        if rows * cols <= max_cells
    ]


def test_every_allowed_shape_once_grows_the_process_less_than_20_mb(
    app: Flask, standard: Dictionary
) -> None:
    shapes = allowed_shapes(app.config["MAX_SIDE"], app.config["MAX_CELLS"])
    assert len(shapes) == 3072
    solve(Board(4, 4, ("#",) * 16), standard)  # warm up
    gc.collect()
    before = resident_bytes()
    # All blank, as the attack sent them: the cost is the shape's tables, not a search.
    for rows, cols in shapes:
        assert solve(Board(rows, cols, ("#",) * (rows * cols)), standard).count == 0
    gc.collect()
    assert resident_bytes() - before < 20 * 1024 * 1024


def test_the_neighbour_tables_keep_only_the_latest_shapes() -> None:
    for side in range(1, SHAPES_CACHED + 11):
        grid_neighbors(side, 3)
    assert grid_neighbors.cache_info().currsize == SHAPES_CACHED


def test_the_rooms_solutions_kept_are_bounded_by_their_words() -> None:
    from boggle.dice import random_board
    from boggle.solver import Solution
    from games.solutions import SolutionCache

    standard = Dictionary.from_words(["sea", "seat", "eat", "tea", "ate", "east", "sat"])
    searched: list[int] = []

    def search(seed: int) -> Solution:
        searched.append(seed)
        board, _ = random_board("new", seed, 4, 4)
        return solve(board, standard)

    cache = SolutionCache(search, words=40)
    answers = [cache(seed) for seed in range(200)]
    assert searched == list(range(200))
    assert cache.held <= 40 and cache.held == sum(answer.count for answer in answers[-len(cache) :])
    # The most recently used stay; asking again does not search again.
    last = len(searched)
    assert cache(199) is answers[199] and len(searched) == last
    assert cache(0) is not answers[0] and searched[-1] == 0  # dropped long ago: searched again


def cold_app(catalog: object, cache_dir: Path, database: Path) -> Flask:
    """The app as a server loads it, before any warming, its rooms in ``database``."""
    from app import create_app

    return create_app(
        {"TESTING": True, "CACHE_DIR": str(cache_dir), "DATABASE_URL": f"sqlite:///{database}"},
        catalog=catalog,  # type: ignore[arg-type]
    )


def test_warming_the_app_makes_its_pages_without_touching_the_database(
    catalog: object, cache_dir: Path, tmp_path: Path
) -> None:
    from web.warm import warm_up

    database = tmp_path / "rooms.sqlite3"
    app = cold_app(catalog, cache_dir, database)
    loaded = [
        entry["name"] for entry in app.extensions["boggle.catalog"].describe() if entry["loaded"]
    ]
    assert warm_up(app) > 6 * 12
    assert not database.exists()  # no connection made before the fork
    # Nor a list loaded that the settings did not ask for.
    assert [e["name"] for e in app.extensions["boggle.catalog"].describe() if e["loaded"]] == loaded
    compiled = {name for _, name in app.jinja_env.cache}  # type: ignore[union-attr]
    assert {"index.html", "practice.html", "room_new.html", "error.html"} <= compiled
    assert {"today.html", "me.html", "privacy.html"} <= compiled  # playing apart's too


def test_settling_before_the_fork_warms_the_app_and_freezes_what_is_made(
    catalog: object, cache_dir: Path, tmp_path: Path
) -> None:
    from web.warm import settle_before_fork, warm_up

    database = tmp_path / "rooms.sqlite3"
    app = cold_app(catalog, cache_dir, database)
    gc.unfreeze()
    try:
        answered = settle_before_fork(app)
        frozen = gc.get_freeze_count()
        assert answered == warm_up(app)  # every page and answer warming asks for
        # The app's objects are out of the collector's sight: about 70,000 in production.
        assert frozen > 10_000
        assert not database.exists()  # no connection made before the fork
        compiled = {name for _, name in app.jinja_env.cache}  # type: ignore[union-attr]
        assert {"index.html", "today.html"} <= compiled
    finally:
        gc.unfreeze()  # the rest of the session's objects stay collectable
