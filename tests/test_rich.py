"""The search for rich boards: reproducible, rollable with its dice, never worse than its start."""

from __future__ import annotations

import pytest

from boggle import Dictionary, parse_board, random_board, solve
from boggle.board import Board
from boggle.dice import DICE_SETS, DiceSet
from boggle.rich import FREE_FACES, RichSearchError, dice_assignment, find_rich_board


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
def test_never_worse_than_its_start(standard: Dictionary, dice: str | None) -> None:
    start = parse_board("sers patg line sers")  # 2,576 points, rollable with the new dice
    chosen = DICE_SETS[dice] if dice else None
    found = find_rich_board(standard, chosen, seed=1, steps=25, start=start)
    assert found.points >= solve(start, standard).total_score == 2576
    untouched = find_rich_board(standard, chosen, seed=1, steps=0, start=start)
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


def test_the_result_document_names_its_dice_seed_and_rule(standard: Dictionary) -> None:
    found = find_rich_board(standard, DICE_SETS["superbig"], seed=8, steps=3)
    document = found.as_dict("standard")
    assert (document["dice"], document["seed"], document["min_length"]) == ("superbig", 8, 4)
    assert parse_board(document["text"]) == found.board
    assert (document["rows"], document["cols"], document["steps"]) == (6, 6, 3)
    assert document["total_score"] == solve(found.board, standard, 4).total_score
    assert find_rich_board(standard, None, 2, 2, seed=1, steps=1).as_dict("x")["dice"] == "free"
