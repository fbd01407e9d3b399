"""A chosen word's path at the table, in a real Chromium: on screen, one at a time, legible.

At a phone's size (375 x 740) and a laptop's (1280 x 800): the whole path of a word
chosen far down a list is on screen (the board pins itself, compact, on a phone); the
chosen word is never previewed over itself and fades while another is hovered; step
numbers never cover a letter, up to 20 x 20; the line draws itself unless the user
asks for less motion; its colours reach 3:1; a screen reader hears the path.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlencode
from urllib.request import urlopen

import pytest
from page_actions import BOARD, PLAYERS, fill_players, marked, path_steps, solve_by_text

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# Whether every cell of the chosen path lies inside the viewport.
PATH_IN_VIEW = """() => {
    const cells = [...document.querySelectorAll('#result-board [data-step]')];
    return cells.length > 0 && cells.every((c) => {
        const b = c.getBoundingClientRect();
        return b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth;
    });
}"""


def expect_path_in_view(page: Page) -> None:
    """Wait (through any smooth scroll) until the chosen path is wholly on screen."""
    page.wait_for_function(PATH_IN_VIEW, timeout=5000)


def spoken(word: dict, board: list[list[str]]) -> str:
    """What a screen reader should hear for a /solve word, written out here."""
    points = f"{word['score']} point" + ("" if word["score"] == 1 else "s")
    cells = ", ".join(f"{board[r][c]} row {r + 1} column {c + 1}" for r, c in word["path"])
    return f"{word['word']}, {points}: {cells}"


def test_a_word_far_down_the_list_shows_its_whole_path_on_screen(
    sized_page: Page, live_url: str, expect: Callable, solve_api: Callable, artifacts: Path
) -> None:
    page = sized_page
    solution = solve_api(BOARD)
    page.goto(live_url)
    solve_by_text(page, expect)
    last = solution["words"][-1]
    button = page.locator(f'#word-list button[data-word="{last["word"]}"]')
    button.click()
    assert marked(page) == path_steps(last)
    expect_path_in_view(page)
    expect(page.locator("#announce")).to_have_text(spoken(last, solution["board"]))
    # Back at the top, the longest word is chosen: its path is on screen too.
    page.evaluate("scrollTo(0, 0)")
    longest = solution["words"][0]
    page.locator(f'#word-list button[data-word="{longest["word"]}"]').click()
    expect_path_in_view(page)
    page.locator("#word-list button[data-word]").last.click()
    expect_path_in_view(page)
    size = "phone" if page.viewport_size["width"] < 800 else "laptop"
    page.screenshot(path=artifacts / f"solver-path-{size}.png")


def test_on_a_phone_the_board_pins_itself_compact_while_the_list_scrolls(
    sized_page: Page, live_url: str, expect: Callable
) -> None:
    page = sized_page
    page.goto(live_url)
    solve_by_text(page, expect)
    # The list's heading at the top of the screen, then a little further: the board's
    # place is above, and the list under it.
    page.locator("#words-title").evaluate("title => title.scrollIntoView()")
    page.mouse.wheel(0, 200)
    # What pins is the board with the line under it (the chosen word's definition).
    bar = page.locator(".board-bar")
    if page.viewport_size["width"] < 800:
        expect(bar).to_have_class("board-bar pinned")
        box = bar.bounding_box()
        assert box["y"] == 0
        assert box["height"] <= 0.45 * 740  # compact: the list keeps most of the screen
    else:
        expect(bar).to_have_class("board-bar")


def test_the_chosen_word_is_not_previewed_and_fades_while_another_is_hovered(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    # A laptop's page: a phone has no pointer to hover with.
    page.set_viewport_size({"width": 1280, "height": 800})
    solution = solve_api(BOARD)
    page.goto(live_url)
    solve_by_text(page, expect)
    chosen, other = solution["words"][0], solution["words"][1]
    chosen_button = page.locator(f'#word-list button[data-word="{chosen["word"]}"]')
    chosen_button.click()
    chosen_button.hover()
    assert marked(page, "preview") == {}
    board = page.locator("#result-board")
    expect(board).not_to_have_class("board previewing")
    page.locator(f'#word-list button[data-word="{other["word"]}"]').hover()
    assert marked(page, "preview") == path_steps(other)
    assert marked(page) == path_steps(chosen)  # still chosen, faded
    expect(board).to_have_class("board drawing previewing")
    opacity = page.eval_on_selector("#result-board .path-line", "l => getComputedStyle(l).opacity")
    assert float(opacity) < 0.5


def step_and_letter_boxes(page: Page) -> list[dict]:
    """For each cube of the chosen path, the step number's box and the letter's box."""
    return page.eval_on_selector_all(
        "#result-board [data-step]",
        """cubes => cubes.map((cube) => {
            const box = cube.getBoundingClientRect();
            const after = getComputedStyle(cube, "::after");
            const size = parseFloat(after.fontSize);
            const top = box.top + parseFloat(after.top);
            const left = box.left + parseFloat(after.left);
            const badge = {top, left, bottom: top + parseFloat(after.lineHeight),
                           right: left + parseFloat(after.width)};
            const letter = cube.querySelector(".face span").getBoundingClientRect();
            return {badge, letter: {top: letter.top, left: letter.left,
                                    bottom: letter.bottom, right: letter.right}, size};
        })""",
    )


def overlaps(a: dict, b: dict) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and (b["top"] < a["bottom"])
    )


@pytest.mark.parametrize("side", [4, 20])
def test_step_numbers_never_cover_a_letter(
    page: Page, live_url: str, expect: Callable, side: int
) -> None:
    query = urlencode({"rows": side, "cols": side, "seed": 7})
    with urlopen(f"{live_url}/random?{query}") as response:
        rolled = json.load(response)
    with urlopen(f"{live_url}/solve?{urlencode({'board': rolled['text']})}") as response:
        solution = json.load(response)
    page.goto(f"{live_url}/?{urlencode({'board': rolled['text']})}")
    longest = max(solution["words"], key=lambda w: len(w["path"]))
    page.locator(f'#word-list button[data-word="{longest["word"]}"]').click()
    # Measured once the path has drawn itself (the cubes grow into place as it does).
    page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")
    boxes = step_and_letter_boxes(page)
    assert len(boxes) == len(longest["path"])
    for box in boxes:
        assert not overlaps(box["badge"], box["letter"]), box


def test_the_path_draws_itself_unless_the_user_asks_for_less_motion(
    page: Page, still_page: Page, live_url: str, expect: Callable
) -> None:
    for each, animation in ((page, "path-draw"), (still_page, "none")):
        each.goto(f"{live_url}/?board={BOARD}")
        each.locator("#word-list button[data-word]").first.click()
        name = each.eval_on_selector(
            "#result-board .path-line", "l => getComputedStyle(l).animationName"
        )
        assert name == animation


def luminance(rgb: str) -> float:
    """WCAG relative luminance of a computed colour, ``rgb(r, g, b)``."""
    parts = [int(p) / 255 for p in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    linear = [p / 12.92 if p <= 0.03928 else ((p + 0.055) / 1.055) ** 2.4 for p in parts]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_path_and_its_cubes_reach_3_to_1_against_what_they_cross(
    page: Page, live_url: str
) -> None:
    page.goto(f"{live_url}/?board={BOARD}")
    page.locator("#word-list button[data-word]").first.click()
    page.mouse.move(0, 0)
    page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")
    colours = page.evaluate(
        """() => {
            const style = (selector) => getComputedStyle(document.querySelector(selector));
            const cube = document.querySelector('#result-board [data-step="1"]');
            const plain = document.querySelector('#result-board .cube:not([data-step])');
            return {
                line: style('.path-line').stroke,
                casing: style('.path-casing').stroke,
                tray: style('.tray').backgroundColor,
                edge: getComputedStyle(cube).boxShadow.match(/rgb\\([^)]*\\)/)[0],
                ring: getComputedStyle(cube).outlineColor,
                cube: getComputedStyle(plain).getPropertyValue('--cube').trim(),
            };
        }"""
    )
    hexes = {k: v for k, v in colours.items() if v.startswith("#")}
    for key, value in hexes.items():
        r, g, b = (int(value[i : i + 2], 16) for i in (1, 3, 5))
        colours[key] = f"rgb({r}, {g}, {b})"
    assert contrast(colours["line"], colours["casing"]) >= 3
    assert contrast(colours["casing"], colours["tray"]) >= 3
    assert contrast(colours["edge"], colours["cube"]) >= 3  # a chosen cube's edge
    assert contrast(colours["ring"], colours["tray"]) >= 3  # the start ring


def test_a_missed_word_on_the_scoring_page_shows_its_whole_path(
    sized_page: Page, live_url: str, expect: Callable, artifacts: Path
) -> None:
    page = sized_page
    page.goto(f"{live_url}/scoring?{urlencode({'board': BOARD})}")
    fill_players(page, PLAYERS)
    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#score-results")).to_be_visible()
    last = page.locator("#missed-list button[data-word]").last
    last.click()
    expect(page.locator("#result-board [data-step]")).not_to_have_count(0)
    expect_path_in_view(page)
    size = "phone" if page.viewport_size["width"] < 800 else "laptop"
    page.screenshot(path=artifacts / f"scoring-path-{size}.png")


def test_a_missed_word_after_a_practice_round_shows_its_whole_path(
    sized_page: Page, live_url: str, expect: Callable, artifacts: Path
) -> None:
    page = sized_page
    page.goto(f"{live_url}/practice?{urlencode({'board': BOARD, 'seconds': 1})}")
    page.get_by_role("button", name="Start the round").click()
    expect(page.locator("#summary")).to_be_visible(timeout=5000)
    last = page.locator("#missed-list button[data-word]").last
    last.click()
    expect(page.locator("#result-board [data-step]")).not_to_have_count(0)
    expect_path_in_view(page)
    size = "phone" if page.viewport_size["width"] < 800 else "laptop"
    page.screenshot(path=artifacts / f"practice-path-{size}.png")
