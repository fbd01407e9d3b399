"""Game rooms in a real Chromium: three players, each in a browser of their own (a host
and two who join by the room's link), play a 10-second round by tracing and typing, and
all three see the same results, a word two of them found crossed off for both. The
playing view on a phone: the whole board and the word entry on the first screen.

The app is served on a database of the test's own (SQLite, migrated as `make
db-upgrade` does), and its rounds roll from a fixed seed, so the board is the same on
every run; the words played are chosen from /solve's answer for the board the pages
show, never written down here.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode
from urllib.request import urlopen

import pytest
from page_actions import (
    PHONE_390,
    STILL,
    check_round_screen,
    low_contrast,
    served,
    type_words,
)

from app import create_app
from boggle import Catalog
from games.db import upgrade

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The seed every round rolls from: a classic board with words shared and unshared.
SEED = 2026
ROUND_SECONDS = 10
#: The three-player round traces and types five words and takes screenshots before time
#: is up: long enough that a busy machine finishes them inside the round.
LONG_ROUND_SECONDS = 25
# As tests/browser/conftest.py's pages: every CSP violation is a console error.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) =>
  console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
"""


@pytest.fixture(scope="module")
def room_url(
    tmp_path_factory: pytest.TempPathFactory, cache_dir: Path, catalog: Catalog
) -> Iterator[str]:
    """The app on a fresh, migrated SQLite database, served on a free local port."""
    database = f"sqlite:///{tmp_path_factory.mktemp('rooms') / 'rooms.sqlite3'}"
    upgrade(database)
    # The shortest countdown the settings allow: test_room_table_in_browser.py counts it.
    config = {"CACHE_DIR": str(cache_dir), "DATABASE_URL": database, "ROOM_COUNTDOWN_SECONDS": 2}
    app = create_app({"TESTING": True, **config}, catalog=catalog)
    app.extensions["boggle.rooms"].seeds = lambda: SEED
    with served(app) as url:
        yield url


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Pages in browser contexts of their own (one player each, with their own cookies);
    the test fails on any console or page error in any of them."""
    errors: list[str] = []
    contexts = []

    def open_page(**options: Any) -> Page:
        context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **options})
        context.add_init_script(REPORT_CSP_VIOLATIONS)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(5000)
        page.set_default_navigation_timeout(15000)
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, f"the browser reported errors: {errors}"


#: Whether every element a selector finds is wholly on the screen, as scrolled.
ON_SCREEN = """selector => [...document.querySelectorAll(selector)].every(e => {
    const b = e.getBoundingClientRect();
    return b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth;
})"""
PHONE = {"viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True}


def create_room(
    page: Page, base: str, name: str, expect: Callable, seconds: int = ROUND_SECONDS
) -> str:
    """Make a room of rounds `seconds` long as `name`; the room's link."""
    page.goto(f"{base}/room?seconds={seconds}")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Make the room").click()
    expect(page.locator("#lobby")).to_be_visible()
    link = page.locator("#room-url").input_value()
    assert page.url == link
    return link


def join_room(page: Page, link: str, name: str, expect: Callable) -> None:
    page.goto(link)
    expect(page.locator("#join")).to_be_visible()
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join").click()
    expect(page.locator("#room-who")).to_have_text(f"You play as {name}.")


def board_of(page: Page) -> list[list[str]]:
    """The faces of the board in play, row by row, as the page shows them."""
    return page.eval_on_selector_all(
        "#play-board .board-row",
        "rows => rows.map(r => [...r.querySelectorAll('.cube')].map(c => c.textContent.trim()))",
    )


def solve(base: str, board: list[list[str]]) -> dict[str, Any]:
    text = " / ".join(" ".join(row) for row in board)
    # The rooms' defaults: the default dictionary, and the classic dice's rule.
    query = urlencode({"board": text, "min_length": 3, "dictionary": "standard"})
    with urlopen(f"{base}/solve?{query}") as response:
        return json.load(response)


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


def type_word(page: Page, word: str) -> None:
    page.locator("#word-input").fill(word)
    page.locator("#word-input").press("Enter")


def columns(page: Page) -> dict[str, list[tuple[str, bool]]]:
    """Each player's column of the results: their words, and whether each is crossed off."""
    found = dict(
        page.locator(".room-column").evaluate_all(
            """sections => sections.map(s => [s.dataset.player,
                [...s.querySelectorAll('.room-word')].map(w => [
                    w.querySelector('.room-word-text').textContent,
                    getComputedStyle(w.querySelector('.room-word-text'))
                        .textDecorationLine.includes('line-through')])])"""
        )
    )
    return {name: [tuple(word) for word in words] for name, words in found.items()}


def marked(page: Page) -> dict[tuple[int, int], int]:
    cells = page.eval_on_selector_all(
        "#result-board [data-step]",
        "cells => cells.map(c => [+c.dataset.row, +c.dataset.col, +c.dataset.step])",
    )
    return {(row, col): step for row, col, step in cells}


def test_three_players_play_a_round_and_see_the_same_results(
    open_page: Callable[..., Page], room_url: str, expect: Callable, artifacts: Path
) -> None:
    # Cy's browser asks for the dark theme, for the screenshots.
    ann, bob, cy = open_page(), open_page(**PHONE), open_page(color_scheme="dark")
    link = create_room(ann, room_url, "Ann", expect, LONG_ROUND_SECONDS)
    # The lobby: the link, its QR code (drawn by the server) and the players.
    assert ann.locator("#room-qr").evaluate("img => img.complete && img.naturalWidth > 0")
    expect(ann.locator("#players li")).to_have_text(["Ann host you"])
    join_room(bob, link, "Bob", expect)
    join_room(cy, link, "Cy", expect)
    expect(ann.locator("#players li")).to_have_text(["Ann host you", "Bob", "Cy"])
    # Headless Chromium has no share sheet: the button copies the link.
    ann.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=room_url)
    ann.get_by_role("button", name="Share the link").click()
    expect(ann.locator("#share-status")).to_have_text("Link copied: paste it to the other players.")
    assert ann.evaluate("navigator.clipboard.readText()") == link
    expect(bob.locator("#start-round")).to_be_hidden()
    expect(bob.locator("#waiting-host")).to_be_visible()
    ann.screenshot(path=artifacts / "room-lobby.png", full_page=True)
    assert low_contrast(ann) == []

    ann.get_by_role("button", name="Start round").click()
    for page in (ann, bob, cy):
        expect(page.locator("#play-board .cube")).to_have_count(16)
    board = board_of(ann)
    assert board_of(bob) == board_of(cy) == board
    words = solve(room_url, board)["words"]
    assert len(words) >= 3, f"the seed's board has too few words: {board}"
    shared, ann_own, cy_own = words[0], words[1], words[2]

    # Ann traces two words; Bob (on a phone) types one of hers; Cy traces one of his own.
    trace(ann, shared["path"])
    expect(ann.locator("#message")).to_contain_text(f"{shared['word']}: accepted")
    expect(ann.locator("#play-board")).to_have_attribute("data-flash", "found")
    trace(ann, ann_own["path"])
    expect(ann.locator("#message")).to_contain_text(f"{ann_own['word']}: accepted")
    type_word(bob, shared["word"])
    expect(bob.locator("#message")).to_contain_text(f"{shared['word']}: accepted")
    type_word(bob, "at")
    expect(bob.locator("#message")).to_have_text("at: too short")
    trace(cy, cy_own["path"])
    expect(cy.locator("#message")).to_contain_text(f"{cy_own['word']}: accepted")
    # Each sees only their own words while the round plays.
    expect(cy.locator("#entered li")).to_have_count(1)
    expect(ann.locator("#tally")).to_contain_text("2 words")
    bob.screenshot(path=artifacts / "room-playing-phone.png", full_page=True)
    assert low_contrast(cy) == []  # the round in play, in the dark theme

    for page in (ann, bob, cy):
        expect(page.locator("#columns .room-column")).to_have_count(
            3, timeout=(LONG_ROUND_SECONDS + 6) * 1000
        )
    headline = ann.locator("#headline").inner_text()
    seen = columns(ann)
    ranks = ann.locator(".room-rank").all_inner_texts()
    for page in (bob, cy):
        expect(page.locator("#headline")).to_have_text(headline)
        assert columns(page) == seen
        assert page.locator(".room-rank").all_inner_texts() == ranks
    # The word Ann and Bob both found is crossed off for both; the others stand.
    assert (shared["word"], True) in seen["Ann"] and (shared["word"], True) in seen["Bob"]
    assert (ann_own["word"], False) in seen["Ann"]
    assert seen["Cy"] == [(cy_own["word"], False)]
    expect(cy.locator(".room-column[data-player=Cy] .player-total")).to_have_text(
        f"{cy_own['score']} point{'s' if cy_own['score'] != 1 else ''}"
    )
    # The room's totals count the round: Ann's own word, Cy's; Bob's shared one is nothing.
    for name, points in (("Ann", ann_own["score"]), ("Bob", 0), ("Cy", cy_own["score"])):
        row = ann.locator("#totals tr").filter(has=ann.locator(f'th:text-is("{name}")'))
        expect(row.locator("td").nth(1)).to_have_text(str(points))

    # A word's path on tap, for everyone: the page contract's data-step marks.
    bob.locator(f'.room-column[data-player=Ann] button[data-word="{ann_own["word"]}"]').tap()
    assert marked(bob) == {tuple(cell): step for step, cell in enumerate(ann_own["path"], 1)}
    bob.evaluate(STILL)  # the board comes on screen (pinned, or scrolled to)
    assert bob.evaluate(ON_SCREEN, "#result-board [data-step]"), "the path is off the screen"
    bob.screenshot(path=artifacts / "room-path-phone.png")
    missed = cy.locator("#missed-list button[data-word]")
    expect(missed.first).to_be_visible()
    # By keyboard: the players' words are one Tab stop; arrows move, Enter chooses.
    assert cy.locator('#columns button[tabindex="0"]').count() == 1
    cy.locator('#columns button[tabindex="0"]').focus()
    cy.keyboard.press("ArrowDown")
    chosen = cy.evaluate("document.activeElement.dataset.word")
    cy.keyboard.press("Enter")
    path = next(w["path"] for w in words if w["word"] == chosen)
    assert marked(cy) == {tuple(cell): step for step, cell in enumerate(path, 1)}
    shots = (
        (ann, "room-results.png"),
        (bob, "room-results-phone.png"),
        (cy, "room-results-dark.png"),
    )
    for page, name in shots:
        page.mouse.move(0, 0)
        page.screenshot(path=artifacts / name, full_page=True)
        assert low_contrast(page) == [], name

    # The host's "Next round" starts round 2 for all; the others cannot.
    expect(cy.locator("#next-round")).to_be_hidden()
    ann.get_by_role("button", name="Next round").click()
    for page in (ann, bob, cy):
        expect(page.locator("#play")).to_be_visible()
        expect(page.locator("#entered li")).to_have_count(0)


def test_a_late_joiner_plays_the_round_and_a_reload_keeps_the_words(
    open_page: Callable[..., Page], room_url: str, expect: Callable
) -> None:
    host, late = open_page(), open_page()
    # The late joiner's clock is an hour slow: the countdown is the server's all the same.
    late.clock.install(time=time.time() - 3600)
    link = create_room(host, room_url, "Host", expect, seconds=60)
    host.get_by_role("button", name="Start round").click()
    expect(host.locator("#play-board .cube")).to_have_count(16)
    word = solve(room_url, board_of(host))["words"][0]

    late.goto(link)
    expect(late.locator("#join-title")).to_have_text("Join the game")
    late.get_by_label("Your name").fill("Late")
    late.get_by_role("button", name="Join").click()
    expect(late.locator("#play-board .cube")).to_have_count(16)  # straight into the round
    expect(late.locator("#timer")).to_have_text(re.compile(r"^0:[0-5]\d$"))
    type_word(late, word["word"])
    expect(late.locator("#message")).to_contain_text("accepted")
    type_word(late, word["word"])
    expect(late.locator("#message")).to_have_text(f"{word['word']}: already entered")
    late.once("dialog", lambda dialog: dialog.accept())  # leaving mid-round asks first
    late.reload()
    expect(late.locator("#entered li")).to_have_count(1)
    expect(late.locator("#entered li")).to_have_text([f"{word['word']} +{word['score']}"])
    timer = late.locator("#timer").inner_text()
    assert timer.startswith("0:") and timer != "0:00", timer


def test_on_a_phone_the_whole_board_and_the_word_entry_are_on_the_first_screen(
    open_page: Callable[..., Page], room_url: str, expect: Callable, artifacts: Path
) -> None:
    phone = open_page(**PHONE)
    phone.goto(f"{room_url}/room")
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 375
    phone.screenshot(path=artifacts / "room-new-phone.png", full_page=True)
    create_room(phone, room_url, "Pat", expect, seconds=60)
    phone.screenshot(path=artifacts / "room-lobby-phone.png", full_page=True)
    # The host's first screen holds the link and its QR code (200 px wide: Start is just
    # below on this small a phone, on the first screen of a 390 x 844 one, as
    # test_room_table_in_browser.py checks).
    assert phone.evaluate(ON_SCREEN, "#room-url, #share-room, #room-qr")
    phone.get_by_role("button", name="Start round").tap()
    expect(phone.locator("#play-board .cube")).to_have_count(16)
    phone.evaluate("window.scrollTo(0, 0)")
    inside = phone.evaluate(ON_SCREEN, "#play-board .cube, #word-input, #timer")
    phone.screenshot(path=artifacts / "room-phone-first-screen.png")
    assert inside, "the board or the word entry is off the first screen at 375x740"
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 375


def test_a_rounds_screen_on_a_phone_is_the_game_and_leaving_it_asks_first(
    open_page: Callable[..., Page], room_url: str, expect: Callable, artifacts: Path
) -> None:
    # As practice's (tests/browser/test_phone_in_browser.py), on the dark theme here.
    phone = open_page(color_scheme="dark", **PHONE_390)
    create_room(phone, room_url, "Pat", expect, seconds=60)
    expect(phone.locator(".site-nav")).to_be_visible()  # the lobby keeps the header
    phone.get_by_role("button", name="Start round").tap()
    expect(phone.locator("#play-board .cube")).to_have_count(16)
    words = solve(room_url, board_of(phone))["words"]
    typed = (words[0]["word"], "xyzzy", words[1]["word"], words[2]["word"])
    type_words(phone, typed, expect)
    recent = [typed[3], typed[2], typed[1]]
    check_round_screen(phone, "#play-board", recent, expect, artifacts, "room-dark")
    assert low_contrast(phone) == []
    # Leaving mid-round asks first.
    asked: list[str] = []
    phone.once("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
    phone.goto(f"{room_url}/")
    assert asked == ["beforeunload"]


def test_without_javascript_a_room_is_made_joined_and_played_by_forms(
    browser: Browser, room_url: str, expect: Callable
) -> None:
    contexts = [browser.new_context(java_script_enabled=False) for _ in range(2)]
    host, guest = (context.new_page() for context in contexts)
    host.goto(f"{room_url}/room")
    host.get_by_label("Your name").fill("Ann")
    host.get_by_role("button", name="Make the room").click()
    expect(host.locator("#lobby")).to_be_visible()
    link = host.locator("#room-url").input_value()
    guest.goto(link)
    guest.get_by_label("Your name").fill("Bob")
    guest.get_by_role("button", name="Join").click()
    expect(guest.locator("#waiting-host")).to_be_visible()
    host.get_by_role("link", name="Refresh").click()
    expect(host.locator("#players li")).to_have_count(2)
    host.get_by_role("button", name="Start round").click()
    expect(host.locator("#play-board .cube")).to_have_count(16)
    word = solve(room_url, board_of(host))["words"][0]
    host.locator("#word-input").fill(word["word"].upper())
    host.get_by_role("button", name="Enter").click()
    expect(host.locator("#message")).to_have_text(
        f"{word['word']}: accepted, +{word['score']} point{'s' if word['score'] != 1 else ''}"
    )
    expect(host.locator("#entered li")).to_have_count(1)
    guest.get_by_role("link", name="Refresh").click()
    expect(guest.locator("#play-board .cube")).to_have_count(16)
    for context in contexts:
        context.close()
