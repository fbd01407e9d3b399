"""Entering a board at the table, in a real Chromium: every face, every size, shared links."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING
from urllib.parse import urlencode
from urllib.request import urlopen

import pytest
from page_actions import BOARD

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def cube(page: Page, row: int, col: int):
    """The entry grid's input for a cube (rows and columns count from 1)."""
    return page.get_by_label(f"row {row}, column {col}", exact=True)


def test_faces_of_two_letters_go_into_the_grid_by_tap_and_by_keyboard(
    sized_page: Page, live_url: str, expect: Callable
) -> None:
    page = sized_page
    page.goto(live_url)
    page.locator("#size").select_option("custom")
    page.locator("#rows").fill("1")
    page.locator("#rows").press("Tab")
    page.locator("#cols").fill("4")
    page.locator("#cols").press("Tab")
    expect(page.locator("#entry-grid input")).to_have_count(4)
    cube(page, 1, 1).click()
    page.keyboard.type("a")  # the cursor moves on to the second cube
    page.locator('#face-picker button[data-face="th"]').click()  # a tap
    expect(cube(page, 1, 2)).to_have_value("Th")
    expect(cube(page, 1, 3)).to_be_focused()  # moved on, the cube kept the focus
    page.keyboard.type("e")
    # By keyboard alone: Tab from the cube reaches the buttons; Enter picks "In".
    page.locator('#face-picker button[data-face="in"]').focus()
    page.keyboard.press("Enter")
    expect(cube(page, 1, 4)).to_have_value("In")
    expect(page.locator("#board")).to_have_value("1x4: a th e in")  # as Board writes it
    page.get_by_role("button", name="Find words").click()
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#result-board .cube.multi")).to_have_count(2)


def test_a_30x30_board_solves_from_the_page(page: Page, live_url: str, expect: Callable) -> None:
    with urlopen(f"{live_url}/random?{urlencode({'rows': 30, 'cols': 30, 'seed': 3})}") as r:
        rolled = json.load(r)
    page.goto(live_url)
    page.locator("#board").fill(rolled["text"])
    page.locator("#board").press("Enter")
    expect(page.locator("#results")).to_be_visible(timeout=15000)
    expect(page.locator("#result-board .cube")).to_have_count(900)
    expect(page.locator("#rows")).to_have_value("30")


def test_a_board_larger_than_the_server_takes_is_refused_at_once(
    page: Page, live_url: str, expect: Callable
) -> None:
    page.goto(live_url)
    page.locator("#size").select_option("custom")
    page.locator("#rows").fill("64")
    page.locator("#rows").press("Tab")
    page.locator("#cols").fill("64")
    page.locator("#cols").press("Tab")
    # 4,096 cubes: over the default limit of 1,600 cells.
    expect(page.locator("#board-error")).to_have_text(
        "64 \u00d7 64 is 4,096 cubes; a board has at most 1,600."
    )
    assert page.locator("#entry-grid input").count() <= 64 * 64 // 2


def test_a_shared_link_opens_scrolled_to_its_results(
    sized_page: Page, live_url: str, expect: Callable
) -> None:
    page = sized_page
    page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
    expect(page.locator("#results")).to_be_visible()
    # A function, not an expression: the CSP refuses a polled string (unsafe-eval).
    page.wait_for_function(
        "() => document.getElementById('results').getBoundingClientRect().top < 2"
    )
    assert page.evaluate("scrollY") > 0
