""" "Roll a rich board" and the rating in a real Chromium, with and without JavaScript."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

import pytest

from boggle import parse_board
from boggle.dice import DICE_SETS
from tests.test_rich import rollable

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: Four slices of a second, and the solve after them, on a busy machine.
SEARCH_MS = 30_000


def test_the_button_shows_progress_then_the_board_solved_and_rated(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    page.goto(live_url)
    page.select_option("#rich-dice", "classic")
    page.click("#rich")
    expect(page.locator("#rich-progress")).to_contain_text("Best so far", timeout=SEARCH_MS)
    expect(page.locator("#rich-progress")).to_contain_text("Found a board of", timeout=SEARCH_MS)
    expect(page.locator("#results")).to_be_visible()
    board_text = page.locator("#board").input_value()
    assert rollable(parse_board(board_text), DICE_SETS["classic"])
    expected = solve_api(board_text)
    expect(page.locator("#stat-total")).to_have_text(f"{expected['total_score']:,}")
    expect(page.locator("#word-list button[data-word]")).to_have_count(expected["count"])
    share = int(expected["rating"]["percentile"])
    expect(page.locator("#rating-text")).to_have_text(
        f"Richer than {share}% of boards rolled with the same dice"
    )
    expect(page.locator("#rating-chart .rating-mark")).to_have_count(1)
    assert parse_qs(urlsplit(page.url).query)["board"] == [board_text]


def test_the_rating_follows_a_board_solved_in_place(
    page: Page, live_url: str, expect: Callable
) -> None:
    page.goto(f"{live_url}/?board=sers+patg+line+sers")
    expect(page.locator("#rating-text")).to_have_text(
        "Richer than 100% of boards rolled with the same dice"
    )
    page.locator("#board").fill("abc def ghi")
    page.locator("#board").press("Enter")
    expect(page.locator("#stat-count")).not_to_have_text("867")
    expect(page.locator("#rating")).to_be_hidden()
    page.locator("#board").fill("xxxx xxxx xxxx xxxa")
    page.locator("#board").press("Enter")
    expect(page.locator("#rating-text")).to_have_text(
        "Richer than 0% of boards rolled with the same dice"
    )
    expect(page.locator("#rating-chart rect").first).to_have_class("rating-bar rating-mark")


def test_without_javascript_the_button_posts_and_opens_the_board_solved(
    no_js_page: Page, live_url: str, expect: Callable
) -> None:
    no_js_page.goto(live_url)
    no_js_page.select_option("#rich-dice", "big")
    with no_js_page.expect_navigation(timeout=SEARCH_MS):
        no_js_page.click("#rich")
    board = parse_board(parse_qs(urlsplit(no_js_page.url).query)["board"][0])
    assert (board.rows, board.cols) == (5, 5) and rollable(board, DICE_SETS["big"])
    expect(no_js_page.locator("#results")).to_be_visible()
    expect(no_js_page.locator("#rating-text")).to_contain_text(
        "of boards rolled with the same dice"
    )
