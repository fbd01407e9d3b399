"""Playing apart in a real Chromium, on two phones (390 x 844, touch): Ann plays a
practice round and challenges a friend; Bob opens the link on his own phone, plays the
same board on the server's clock, and both see the two lists side by side, the word
both found crossed off. And a day's board: started, a word traced and one typed, the
page reloaded mid-round (the words and the clock carry on), stopped, and its results
with a word's path on tap.

The app is served on a database of the test's own (SQLite, migrated as `make
db-upgrade` does); the words played are chosen from /solve's answer for the board the
pages show, never written down here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode
from urllib.request import urlopen

import pytest
from page_actions import STILL, low_contrast, served

from app import create_app
from boggle import Catalog
from games.db import upgrade

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BOARD = "sers/patg/line/sers"
#: The practice round and the challenge's: the shortest a challenge takes.
SECONDS = 10
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# As tests/browser/conftest.py's pages: every CSP violation is a console error.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) =>
  console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
"""


@pytest.fixture(scope="module")
def apart_url(
    tmp_path_factory: pytest.TempPathFactory, cache_dir: Path, catalog: Catalog
) -> Iterator[str]:
    """The app on a fresh, migrated SQLite database, served on a free local port."""
    database = f"sqlite:///{tmp_path_factory.mktemp('apart') / 'rooms.sqlite3'}"
    upgrade(database)
    app = create_app(
        {"TESTING": True, "CACHE_DIR": str(cache_dir), "DATABASE_URL": database}, catalog=catalog
    )
    # The practice page lists every word list with its count, read once per catalog
    # (seconds on a busy machine): counted here, not within a phone's page load.
    catalog.describe()
    with served(app) as url:
        yield url


@pytest.fixture
def phone(browser: Browser) -> Iterator[Callable[[], Page]]:
    """Phones, each a browser context of its own (its own cookies: its own player); the
    test fails on any console or page error in any of them."""
    errors: list[str] = []
    contexts = []

    def open_phone() -> Page:
        context = browser.new_context(**PHONE)
        context.add_init_script(REPORT_CSP_VIOLATIONS)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10000)
        page.set_default_navigation_timeout(20000)
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_phone
    for context in contexts:
        context.close()
    assert not errors, f"the browser reported errors: {errors}"


def solve(base: str, board: str, min_length: int = 3) -> list[dict[str, Any]]:
    query = urlencode({"board": board, "min_length": min_length})
    with urlopen(f"{base}/solve?{query}") as response:
        return json.load(response)["words"]


def board_of(page: Page, board: str = "#play-board") -> str:
    rows = page.eval_on_selector_all(
        f"{board} .board-row",
        "rows => rows.map(r => [...r.querySelectorAll('.cube')].map(c => c.textContent.trim()))",
    )
    return "/".join(
        "".join(face.lower() if len(face) == 1 else "q" for face in row) for row in rows
    )


def type_word(page: Page, word: str) -> None:
    page.locator("#word-input").fill(word)
    page.locator("#word-input").press("Enter")


def cell_centre(page: Page, row: int, col: int) -> tuple[float, float]:
    box = page.locator(f'#play-board [data-row="{row}"][data-col="{col}"]').bounding_box()
    assert box
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def trace(page: Page, path: list[list[int]]) -> None:
    """Press on the first cube of a path, drag through the rest, let go."""
    page.mouse.move(*cell_centre(page, *path[0]))
    page.mouse.down()
    for row, col in path[1:]:
        page.mouse.move(*cell_centre(page, row, col), steps=4)
    page.mouse.up()


def columns(page: Page) -> dict[str, list[tuple[str, bool]]]:
    """Each list of the side by side: its words, and whether each is crossed off."""
    found = page.locator(".room-column").evaluate_all(
        """sections => sections.map(s => [s.querySelector('.player-name').textContent,
            [...s.querySelectorAll('.room-word')].map(w => [
                w.querySelector('.room-word-text').textContent,
                getComputedStyle(w.querySelector('.room-word-text'))
                    .textDecorationLine.includes('line-through')])])"""
    )
    return {name: [tuple(word) for word in words] for name, words in found}


def marked(page: Page) -> dict[tuple[int, int], int]:
    cells = page.eval_on_selector_all(
        "#result-board [data-step]",
        "cells => cells.map(c => [+c.dataset.row, +c.dataset.col, +c.dataset.step])",
    )
    return {(row, col): step for row, col, step in cells}


def test_two_players_on_two_phones_play_one_challenge(
    phone: Callable[[], Page], apart_url: str, expect: Callable, artifacts: Path
) -> None:
    words = solve(apart_url, BOARD)
    shared, ann_own, bob_own = words[0], words[1], words[2]
    ann, bob = phone(), phone()

    # Ann: a practice round on the board, then "Challenge a friend".
    ann.goto(f"{apart_url}/practice?{urlencode({'board': BOARD, 'seconds': SECONDS})}")
    ann.get_by_role("button", name="Start the round").click()
    for word in (shared["word"], ann_own["word"]):
        type_word(ann, word)
        expect(ann.locator("#message")).to_contain_text(f"{word}: found")
    challenge = ann.get_by_role("button", name="Challenge a friend")
    expect(challenge).to_be_visible(timeout=(SECONDS + 10) * 1000)
    challenge.click()
    ann.wait_for_url("**/challenge/*")
    link = ann.locator("#share-url").input_value()
    assert ann.url == link
    expect(ann.locator("#challenge-title")).to_have_text("Your challenge")
    assert ann.locator(".room-qr").evaluate("img => img.complete && img.naturalWidth > 0")
    ann.screenshot(path=artifacts / "apart-challenge-made.png", full_page=True)

    # Bob opens the link on his phone: who challenges, with what score; not the board.
    bob.goto(link)
    points = shared["score"] + ann_own["score"]
    expect(bob.locator("#invite-title")).to_have_text(
        f"Player 1 scored {points} point{'s' if points != 1 else ''}. Can you beat it?"
    )
    expect(bob.locator("#play-board")).to_have_count(0)
    bob.get_by_role("button", name="Start").click()
    expect(bob.locator("#play-board .cube")).to_have_count(16)
    assert board_of(bob) == BOARD
    # The whole board and the word box on the first screen of the phone.
    assert bob.evaluate(
        """() => [...document.querySelectorAll('#play-board, #word-input')].every(e => {
            const b = e.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; })"""
    )
    trace(bob, shared["path"])
    expect(bob.locator("#message")).to_contain_text(f"{shared['word']}: accepted")
    type_word(bob, bob_own["word"])
    expect(bob.locator("#message")).to_contain_text(f"{bob_own['word']}: accepted")
    expect(bob.locator("#tally")).to_contain_text("2 words")
    bob.screenshot(path=artifacts / "apart-challenge-playing-phone.png")

    # Time's up, and its grace: Bob's page draws the two lists side by side.
    expect(bob.locator("#columns .room-column")).to_have_count(2, timeout=(SECONDS + 15) * 1000)
    seen = columns(bob)
    assert seen == {
        "Player 1": [(shared["word"], True), (ann_own["word"], False)],
        "Player 2": [(shared["word"], True), (bob_own["word"], False)],
    }
    bob.screenshot(path=artifacts / "apart-challenge-results-phone.png", full_page=True)
    assert low_contrast(bob) == []

    # Ann, coming back, sees the same, and Bob ranked.
    ann.reload()
    expect(ann.locator("#columns .room-column")).to_have_count(2)
    assert columns(ann) == seen
    expect(ann.locator("#ranking tr")).to_have_count(2)
    # A word's path on tap: the page contract's data-step marks.
    ann.locator(f'#columns button[data-word="{ann_own["word"]}"]').first.tap()
    assert marked(ann) == {tuple(cell): step for step, cell in enumerate(ann_own["path"], 1)}
    ann.evaluate(STILL)
    ann.screenshot(path=artifacts / "apart-challenge-back-phone.png")


def test_a_days_board_resumes_after_a_reload_and_shows_its_results(
    phone: Callable[[], Page], apart_url: str, expect: Callable, artifacts: Path
) -> None:
    page = phone()
    page.goto(apart_url)
    page.locator("#today-link").click()
    page.locator(".apart-card a").first.click()
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#play-board .cube")).to_have_count(16)
    words = solve(apart_url, board_of(page))
    traced, typed = words[0], words[1]
    trace(page, traced["path"])
    expect(page.locator("#message")).to_contain_text(f"{traced['word']}: accepted")
    type_word(page, typed["word"])
    expect(page.locator("#message")).to_contain_text(f"{typed['word']}: accepted")
    # Past the first second (on a quick machine both words are in within it), so that
    # a clock started again would show.
    expect(page.locator("#timer")).not_to_have_text("3:00")
    before = page.locator("#timer").inner_text()
    page.reload()
    # The same round: its words, and the clock where it was (never back at 3:00).
    expect(page.locator("#entered li")).to_have_count(2)
    assert page.locator("#timer").inner_text() <= before < "3:00"
    page.get_by_role("button", name="Stop").click()
    page.get_by_role("button", name="Stop now").click()
    expect(page.locator("#result-title")).to_contain_text("You scored")
    points = traced["score"] + typed["score"]
    expect(page.locator("#result-title")).to_have_text(
        f"You scored {points} point{'s' if points != 1 else ''}"
    )
    page.locator(f'.apart-finders button[data-word="{traced["word"]}"]').tap()
    assert marked(page) == {tuple(cell): step for step, cell in enumerate(traced["path"], 1)}
    page.screenshot(path=artifacts / "apart-day-results-phone.png", full_page=True)
    assert low_contrast(page) == []
