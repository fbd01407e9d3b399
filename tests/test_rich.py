"""The search for rich boards: reproducible, rollable with its dice, never worse than its start."""

from __future__ import annotations

import random

import pytest

from boggle import Dictionary, parse_board, random_board, rich, solve, solver
from boggle.board import Board
from boggle.dice import DICE_SETS, DiceSet
from boggle.languages import LANGUAGES
from boggle.rich import (
    FREE_FACES,
    MAX_WORKERS,
    RichSearchError,
    _Climber,
    _Plan,
    dice_assignment,
    find_rich_board,
)


def rollable(board: Board, dice: DiceSet) -> bool:
    """Whether each cube can have a die of its own that shows its face: a maximum
    matching of cubes to dice, grown one cube at a time by breadth-first search for a
    path that frees a die (Edmonds-Karp on unit capacities)."""
    if (board.rows, board.cols) != (dice.rows, dice.cols):
        return False
    shows = [{d for d, die in enumerate(dice.dice) if face in die} for face in board.faces]
    holder: dict[int, int] = {}  # die -> cube
    for cube in range(board.size):
        came_from: dict[int, int | None] = {}  # die -> the die whose cube moves onto it
        frontier = [(d, None) for d in shows[cube]]
        free = None
        while frontier and free is None:
            following = []
            for die, previous in frontier:
                if die in came_from:
                    continue
                came_from[die] = previous
                if die not in holder:
                    free = die
                    break
                following += [(d, die) for d in shows[holder[die]]]
            frontier = following
        if free is None:
            return False
        # Each cube on the path moves one die along, from the free die back to the first.
        die = free
        while die is not None:
            previous = came_from[die]
            holder[die] = cube if previous is None else holder[previous]
            die = previous
    return True


def test_the_same_seed_and_steps_give_the_same_board(standard: Dictionary) -> None:
    first = find_rich_board(standard, seed=11, steps=60)
    again = find_rich_board(standard, seed=11, steps=60, seconds=600)
    assert (first.board, first.points, first.steps) == (again.board, again.points, 60)
    other = find_rich_board(standard, seed=12, steps=60)
    assert other.board != first.board


def test_the_same_seed_steps_and_workers_give_the_same_board(standard: Dictionary) -> None:
    # Each worker's stream comes from the seed and its index, and the best of theirs
    # wins in worker order: the processes' scheduling changes nothing.
    first = find_rich_board(standard, None, 4, 4, seed=6, steps=120, workers=2)
    again = find_rich_board(standard, None, 4, 4, seed=6, steps=120, workers=2)
    assert (first.board, first.points, first.steps, first.workers) == (
        again.board,
        again.points,
        120,
        2,
    )
    # The same better boards at the same steps (the CPU seconds are the machine's).
    assert [(w, step, points) for w, step, _, points in first.history] == [
        (w, step, points) for w, step, _, points in again.history
    ]
    # 60 steps each, numbered from each worker's start.
    assert {worker for worker, *_ in first.history} == {0, 1}
    assert max(step for _, step, _, _ in first.history) <= 60


def test_the_pure_python_core_finds_the_same_board(
    standard: Dictionary, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Without a compiler the search scores every board in Python: the same points, so
    # the same moves and the same board.
    found = find_rich_board(standard, DICE_SETS["classic"], seed=4, steps=40)
    monkeypatch.setattr(solver, "ENGINE", "python")
    in_python = find_rich_board(standard, DICE_SETS["classic"], seed=4, steps=40)
    assert (in_python.board, in_python.points, in_python.words) == (
        found.board,
        found.points,
        found.words,
    )


def test_the_points_are_the_solver_s_total(standard: Dictionary) -> None:
    found = find_rich_board(standard, DICE_SETS["big"], seed=3, steps=40)
    solution = solve(found.board, standard, 3)
    assert (found.points, found.words) == (solution.total_score, solution.count)


@pytest.mark.parametrize("name", sorted(DICE_SETS))
def test_dice_boards_can_be_rolled_with_their_set(standard: Dictionary, name: str) -> None:
    dice = DICE_SETS[name]
    found = find_rich_board(standard, dice, seed=5, steps=30)
    assert (found.board.rows, found.board.cols) == (dice.rows, dice.cols)
    assert rollable(found.board, dice)


def test_free_boards_use_single_letters_and_qu(standard: Dictionary) -> None:
    found = find_rich_board(standard, None, 3, 5, seed=2, steps=50)
    assert (found.board.rows, found.board.cols) == (3, 5)
    assert set(found.board.faces) <= set("abcdefghijklmnoprstuvwxyz") | {"qu"}
    assert set(FREE_FACES) == set("abcdefghijklmnoprstuvwxyz") | {"qu"}


@pytest.mark.parametrize("dice", [None, "new"])
@pytest.mark.parametrize("workers", [1, 2])
def test_never_worse_than_its_start(standard: Dictionary, dice: str | None, workers: int) -> None:
    start = parse_board("sers patg line sers")  # 2,576 points, rollable with the new dice
    chosen = DICE_SETS[dice] if dice else None
    for seed in range(4):
        found = find_rich_board(standard, chosen, seed=seed, steps=25, start=start, workers=workers)
        assert found.points >= solve(start, standard).total_score == 2576
    untouched = find_rich_board(standard, chosen, seed=1, steps=0, start=start, workers=workers)
    assert (untouched.board, untouched.points) == (start, 2576)


def test_a_search_climbs_from_a_poor_start(standard: Dictionary) -> None:
    start, _ = random_board("classic", 7)
    before = solve(start, standard).total_score
    found = find_rich_board(standard, DICE_SETS["classic"], seed=7, steps=300, start=start)
    assert found.points > before


def test_the_time_bound_stops_the_search(standard: Dictionary) -> None:
    found = find_rich_board(standard, seed=4, seconds=0.3)
    assert found.seconds < 3 and found.steps >= 1


def test_dice_assignment_finds_a_die_for_every_face() -> None:
    dice = DICE_SETS["classic"]
    board, _ = random_board(dice, 9)
    order = dice_assignment(board, dice)
    assert order is not None and sorted(order) == list(range(16))
    assert all(face in dice.dice[d] for face, d in zip(board.faces, order, strict=True))
    assert all(
        rollable(random_board(name, seed)[0], DICE_SETS[name])
        for name in DICE_SETS
        for seed in range(5)
    )


def test_dice_assignment_refuses_what_the_dice_cannot_show() -> None:
    classic = DICE_SETS["classic"]
    # Only one classic die has a Z.
    assert dice_assignment(parse_board("zzaa aaaa aaaa aaaa"), classic) is None
    assert not rollable(parse_board("zzaa aaaa aaaa aaaa"), classic)
    assert dice_assignment(parse_board("abc def ghi"), classic) is None  # not 4x4


def test_a_start_the_dice_cannot_show_is_refused(standard: Dictionary) -> None:
    with pytest.raises(RichSearchError, match="cannot be rolled with the classic dice"):
        find_rich_board(
            standard, DICE_SETS["classic"], seed=1, steps=5, start=parse_board("z" * 16)
        )


def test_a_search_needs_a_bound(standard: Dictionary) -> None:
    with pytest.raises(RichSearchError, match="steps or of seconds"):
        find_rich_board(standard, seed=1)
    with pytest.raises(RichSearchError, match="steps must be 0 or more, not -1"):
        find_rich_board(standard, seed=1, steps=-1)
    for workers in (0, MAX_WORKERS + 1):
        with pytest.raises(RichSearchError, match=f"workers must be from 1 to 64, not {workers}"):
            find_rich_board(standard, seed=1, steps=1, workers=workers)


# --- The moves ------------------------------------------------------------------------


def climber(dictionary: Dictionary, dice: DiceSet | None, rows: int = 4) -> _Climber:
    """A worker's search, set up but not run, with no limit on its steps."""
    plan = _Plan(dictionary, dice, rows, rows, 3, None, 7)
    return _Climber(plan, 0, None, None, None)


@pytest.mark.parametrize("name", sorted(DICE_SETS))
def test_the_moves_keep_every_die_once_showing_one_of_its_faces(
    standard: Dictionary, name: str
) -> None:
    dice = DICE_SETS[name]
    search = climber(standard, dice)
    rng = random.Random(name)
    for _ in range(40):
        if rng.random() < 0.5:
            search.swap(rng.choice([1.0, 1e9]))
        else:
            search.heat(rng.randrange(search.state.size), rng.choice([1.0, 1e9]))
        order, up = search.state.order, search.state.up
        assert sorted(order) == list(range(len(dice.dice)))
        assert all(face in dice.dice[die] for die, face in zip(order, up, strict=True))
        assert rollable(search.board(), dice)
        assert (search.points, search.words) == solver.score_board(search.board(), standard, 3)


def test_the_moves_of_a_free_board_put_single_letters_only(standard: Dictionary) -> None:
    search = climber(standard, None, 5)
    letters = set("abcdefghijklmnoprstuvwxyz") | {"qu"}
    assert set(search.state.choices(0)[0]) == letters
    rng = random.Random(3)
    for _ in range(40):
        if rng.random() < 0.5:
            search.swap(1e9)  # hot: nearly every swap kept
        else:
            search.heat(rng.randrange(25), 1e9)  # hot: any letter drawn
        assert set(search.board().faces) <= letters
        assert (search.points, search.words) == solver.score_board(search.board(), standard, 3)


def test_a_cold_heat_bath_puts_the_best_face(standard: Dictionary) -> None:
    search = climber(standard, None)
    search.state.restore(parse_board("sers patg lixe sers"))
    search.points, search.words = search.score()
    search.heat(10, 1e-9)  # the x: "n" makes it the 2,576-point board
    assert str(search.board()) == "sers patg line sers"
    assert search.points == 2576


@pytest.mark.parametrize("dice", [None, "classic"])
def test_polishing_ends_on_a_peak_no_face_or_swap_raises(
    standard: Dictionary, dice: str | None
) -> None:
    search = climber(standard, dice and DICE_SETS[dice])
    start = search.points
    search.polish()
    assert search.points >= start
    assert (search.points, search.words) == solver.score_board(search.board(), standard, 3)
    board, size = search.board(), search.state.size
    for cell in range(size):
        faces, _ = search.state.choices(cell)
        scored = solver.score_faces(board, standard, cell, faces, 3)
        assert max(points for points, _ in scored) <= search.points
    for i in range(size):
        for j in range(i + 1, size):
            if search.state.swap(i, j):
                assert search.score()[0] <= search.points
                search.state.swap(i, j)


def test_a_language_s_own_letters_are_offered_in_a_free_search() -> None:
    german = Dictionary.from_words(["bär", "bären", "rat"], rules=LANGUAGES["de"])
    search = climber(german, None, 3)
    assert {"ä", "ö", "ü", "qu", "e"} <= set(search.state.choices(4)[0])
    found = find_rich_board(german, None, 2, 3, seed=1, steps=1000)
    assert found.points >= 2 and "ä" in found.board.faces  # rat alone is 1 point


def test_the_result_document_names_its_dice_seed_and_rule(standard: Dictionary) -> None:
    found = find_rich_board(standard, DICE_SETS["superbig"], seed=8, steps=3)
    document = found.as_dict("standard")
    assert (document["dice"], document["seed"], document["min_length"]) == ("superbig", 8, 4)
    assert parse_board(document["text"]) == found.board
    assert (document["rows"], document["cols"], document["steps"]) == (6, 6, 3)
    assert document["total_score"] == solve(found.board, standard, 4).total_score
    assert find_rich_board(standard, None, 2, 2, seed=1, steps=1).as_dict("x")["dice"] == "free"


@pytest.mark.parametrize(
    ("rows", "cols", "steps"),
    [(4, 4, 10_000), (5, 5, 24_414), (3, 3, 3_164), (1, 1, 39), (6, 6, 40_000), (40, 40, 40_000)],
)
def test_a_climb_anneals_by_the_square_of_the_cubes_within_bounds(
    standard: Dictionary, rows: int, cols: int, steps: int
) -> None:
    search = _Climber(_Plan(standard, None, rows, cols, 3, None, 1), 0, None, None, None)
    assert search.squared(rich.CLIMB_STEPS) == steps


def test_a_search_finds_the_same_boards_whether_the_walk_knows_words_by_number_or_letters(
    standard: Dictionary, monkeypatch: pytest.MonkeyPatch
) -> None:
    if solver._native is None:
        pytest.skip("the native core is not built")
    monkeypatch.setattr(solver, "ENGINE", "native")
    numbered = find_rich_board(standard, None, 5, 5, seed=3, steps=400)
    # The plan worked the numbers out before any worker could fork.
    assert solver._WORD_STEPS[id(standard.compact.nodes)][0] is standard.compact.nodes
    monkeypatch.setattr(solver, "word_steps", lambda dictionary: None)
    monkeypatch.setattr(rich, "word_steps", lambda dictionary: None)
    by_letters = find_rich_board(standard, None, 5, 5, seed=3, steps=400)
    assert (numbered.board, numbered.points, numbered.words) == (
        by_letters.board, by_letters.points, by_letters.words,
    )  # fmt: skip
    # Every better board at the same step (the CPU seconds beside each aside).
    steps_and_points = [[(i, step, points) for i, step, _, points in found.history]
                        for found in (numbered, by_letters)]  # fmt: skip
    assert steps_and_points[0] == steps_and_points[1] and len(steps_and_points[0]) > 3
