"""Definitions on the pages, in a real Chromium: beside a chosen word's path, fetched once.

What the pages show is checked against GET /define on the same live app.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import urlopen

import pytest
from page_actions import (
    BOARD,
    PHONE_390,
    PLAYERS,
    fill_players,
    marked,
    path_steps,
    solve_by_text,
    verdict_row,
    word_button,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def define_api(live_url: str, word: str, **fields: str) -> dict[str, Any] | None:
    """GET /define on the live app; None when it has no definition (404)."""
    try:
        with urlopen(f"{live_url}/define?{urlencode({'word': word, **fields})}") as response:
            return json.load(response)
    except HTTPError as error:
        if error.code == 404:
            return None
        raise


def first_gloss(definition: dict[str, Any]) -> str:
    return definition["entries"][0]["senses"][0]["gloss"]


def test_choosing_a_word_shows_its_definition_beside_its_path_fetched_once(
    page: Page, live_url: str, expect: Callable, solve_api: Callable, artifacts: Path
) -> None:
    words = {w["word"]: w for w in solve_api(BOARD)["words"]}
    tapers, slate = define_api(live_url, "tapers"), define_api(live_url, "slate")
    assert tapers is not None and slate is not None
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/define?" in r.url else None)
    page.goto(live_url)
    solve_by_text(page, expect)
    panel = page.locator("#definition")
    expect(panel).to_be_hidden()

    word_button(page, "tapers").click()
    assert marked(page) == path_steps(words["tapers"])
    expect(panel).to_have_attribute("data-state", "defined")
    expect(panel.locator(".definition-head").first).to_have_text("taper noun (for “tapers”)")
    expect(panel.locator(".senses li").first).to_contain_text(first_gloss(tapers))
    page.mouse.move(0, 0)
    page.locator(".board-panel").screenshot(path=artifacts / "definition.png")

    word_button(page, "slate").click()
    expect(panel).to_have_attribute("data-word", "slate")
    expect(panel.locator(".senses li").first).to_contain_text(first_gloss(slate))
    word_button(page, "tapers").click()
    expect(panel).to_have_attribute("data-word", "tapers")
    assert len(asked) == 2  # tapers was kept in the page, not fetched again

    word_button(page, "tapers").click()  # choosing it again clears the path and the panel
    assert marked(page) == {}
    expect(panel).to_be_hidden()


def test_a_word_wordnet_lacks_says_so_plainly(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    words = [w["word"] for w in solve_api(BOARD)["words"]]
    lacking = next(word for word in words if define_api(live_url, word) is None)
    page.goto(f"{live_url}/?{urlencode({'board': BOARD, 'word': lacking})}")
    panel = page.locator("#definition")
    expect(panel).to_have_attribute("data-state", "none")
    expect(panel).to_have_text(f"WordNet has no entry for “{lacking}”.")


def test_a_scored_word_shows_its_definition_in_one_tap(
    page: Page, live_url: str, expect: Callable
) -> None:
    arteries = define_api(live_url, "arteries")
    assert arteries is not None
    page.goto(f"{live_url}/scoring?{urlencode({'board': BOARD})}")
    fill_players(page, PLAYERS)
    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#score-results")).to_be_visible()

    verdict_row(page, 0, "arteries").locator("button[data-word]").click()
    panel = page.locator("#definition")
    expect(panel).to_have_attribute("data-state", "defined")
    expect(panel.locator(".definition-head").first).to_have_text("artery noun (for “arteries”)")
    expect(panel.locator(".senses li").first).to_contain_text(first_gloss(arteries))


def test_a_disputed_word_without_a_path_is_looked_up_in_one_tap_too(
    page: Page, live_url: str, expect: Callable
) -> None:
    page.goto(f"{live_url}/scoring?{urlencode({'board': BOARD})}")
    fill_players(page, PLAYERS)
    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#score-results")).to_be_visible()
    panel = page.locator("#definition")

    # "rest" is a word, but not on this board: no path to draw, still a definition.
    rest = define_api(live_url, "rest")
    assert rest is not None
    verdict_row(page, 2, "rest").locator("button[data-define]").click()
    expect(panel).to_have_attribute("data-word", "rest")
    expect(panel.locator(".senses li").first).to_contain_text(first_gloss(rest))
    assert marked(page) == {}

    verdict_row(page, 0, "xyzzy").locator("button[data-define]").click()
    expect(panel).to_have_text("WordNet has no entry for “xyzzy”.")
    verdict_row(page, 0, "xyzzy").locator("button[data-define]").click()
    expect(panel).to_be_hidden()


def test_the_practice_summary_defines_any_word_in_one_tap(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    solution = solve_api(BOARD)
    page.goto(f"{live_url}/practice?{urlencode({'board': BOARD, 'seconds': 3})}")
    page.get_by_role("button", name="Start the round").click()
    word = page.locator("#word-input")
    for typed in ("tapers", "xyzzy"):
        word.fill(typed)
        word.press("Enter")
    expect(page.locator("#summary")).to_be_visible(timeout=8000)
    panel = page.locator("#definition")

    page.locator('#found-list button[data-word="tapers"]').click()
    expect(panel).to_have_attribute("data-word", "tapers")
    expect(panel.locator(".definition-head").first).to_have_text("taper noun (for “tapers”)")
    missed = solution["words"][0]["word"]
    page.locator(f'#missed-list button[data-word="{missed}"]').click()
    expect(panel).to_have_attribute("data-word", missed)
    page.locator("#entered button[data-define]", has_text="xyzzy").click()
    expect(panel).to_have_text("WordNet has no entry for “xyzzy”.")


PANEL_DRAWING = """() => {
    const panel = document.getElementById("definition");
    return {
        attributes: [panel.hidden, panel.dataset.word, panel.dataset.state],
        elements: [...panel.querySelectorAll("*")].map((e) => [e.tagName, e.className,
            e.textContent]),
        text: panel.textContent,
    };
}"""


def test_the_server_draws_a_chosen_words_definition_as_the_script_does(
    page: Page, live_url: str, expect: Callable
) -> None:
    # Loaded with a chosen word, the page shows its definition without the script's help...
    page.goto(f"{live_url}/?{urlencode({'board': BOARD, 'word': 'tapers'})}")
    panel = page.locator("#definition")
    expect(panel).to_have_attribute("data-state", "defined")
    drawn_by_server = page.evaluate(PANEL_DRAWING)
    # ...and the script, choosing it again, draws the same.
    word_button(page, "slate").click()
    expect(panel).to_have_attribute("data-word", "slate")
    word_button(page, "tapers").click()
    expect(panel).to_have_attribute("data-word", "tapers")
    expect(panel).to_have_attribute("data-state", "defined")
    assert page.evaluate(PANEL_DRAWING) == drawn_by_server


def test_without_javascript_a_chosen_word_shows_its_definition(
    no_js_page: Page, live_url: str, expect: Callable
) -> None:
    no_js_page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
    no_js_page.locator('#word-list button[data-word="tapers"]').click()
    panel = no_js_page.locator("#definition")
    expect(panel).to_be_visible()
    expect(panel.locator(".definition-head").first).to_have_text("taper noun (for “tapers”)")


def test_a_word_chosen_deep_in_the_list_shows_its_definition_where_the_list_stays(
    sized_page: Page, live_url: str, expect: Callable, artifacts: Path
) -> None:
    # At the table, on a phone: the board is pinned over the list; the definition shows
    # under it, on screen, and neither the page nor the list moves.
    page = sized_page
    page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
    button = page.locator("#word-list button[data-word]").nth(300)
    button.scroll_into_view_if_needed()
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300)))")
    scrolled, before = page.evaluate("() => scrollY"), button.bounding_box()
    word = button.get_attribute("data-word")
    if page.viewport_size and page.viewport_size["width"] < 600:
        button.tap()
    else:
        button.click()
    panel = page.locator("#definition")
    expect(panel).to_have_attribute("data-word", word or "")
    expect(panel).to_have_attribute("data-state", "defined")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300)))")
    assert page.evaluate("() => scrollY") == scrolled
    after = button.bounding_box()
    assert before and after and abs(after["y"] - before["y"]) < 1
    # The definition is whole on screen, below the board (which shows the whole path).
    viewport = page.viewport_size
    shown, tray = panel.bounding_box(), page.locator("#result-board").bounding_box()
    assert shown and tray and viewport
    assert shown["y"] >= 0 and shown["y"] + shown["height"] <= viewport["height"]
    assert tray["y"] >= 0 and shown["y"] >= tray["y"] + tray["height"] - 1
    page.screenshot(path=str(artifacts / f"definition-deep-{viewport['width']}.png"))


# A German board: häuser runs along the top row and back (h ä u s, then e r below).
GERMAN_BOARD = "häus bret geht land"


def test_on_a_phone_a_german_word_shows_its_german_definition_credited_to_wiktionary(
    open_page: Callable, live_url: str, expect: Callable, artifacts: Path
) -> None:
    haus = define_api(live_url, "häuser", dictionary="de")
    gehen = define_api(live_url, "ging", dictionary="de")
    assert haus is not None and gehen is not None
    with open_page(**PHONE_390) as page:
        # Drawn by the server, with a chosen word: in German, the lemma it came from.
        query = {"board": GERMAN_BOARD, "dictionary": "de", "word": "häuser"}
        page.goto(f"{live_url}/?{urlencode(query)}")
        panel = page.locator("#definition")
        expect(panel).to_have_attribute("data-state", "defined")
        expect(panel.locator("summary")).to_have_text(f"Haus {first_gloss(haus)}")
        panel.locator("summary").tap()
        expect(panel.locator(".definition-head").first).to_have_text("Haus (for “häuser”)")
        expect(panel.locator(".senses").first).to_have_attribute("lang", "de")
        credit = panel.locator(".definition-note")
        expect(credit).to_have_text("From Wiktionary, by its authors: Haus (CC BY-SA 4.0)")
        expect(credit.locator("a").first).to_have_attribute(
            "href", "https://de.wiktionary.org/wiki/Haus"
        )
        expect(credit.locator('a[rel="license"]')).to_have_attribute(
            "href", "https://creativecommons.org/licenses/by-sa/4.0/"
        )
        page.screenshot(path=str(artifacts / "definition-de-390.png"))
        # A word tapped once the script has the page is looked up in German too.
        geht = define_api(live_url, "geht", dictionary="de")
        assert geht is not None
        word_button(page, "geht").tap()
        expect(panel).to_have_attribute("data-word", "geht")
        expect(panel).to_have_attribute("data-state", "defined")
        expect(panel.locator("summary")).to_have_text(f"gehen {first_gloss(geht)}")

        # Drawn by the script, at the scoring table: a German word not on the board is
        # looked up in German, and one Wiktionary lacks says so.
        page.goto(f"{live_url}/scoring?{urlencode({'board': GERMAN_BOARD, 'dictionary': 'de'})}")
        fill_players(page, [("Anna", "häuser ging xyzzy")])
        page.get_by_role("button", name="Score the game").tap()
        expect(page.locator("#score-results")).to_be_visible()
        verdict_row(page, 0, "ging").locator("button[data-define]").tap()
        expect(panel).to_have_attribute("data-word", "ging")
        expect(panel).to_have_attribute("data-state", "defined")
        expect(panel.locator("summary")).to_have_text(f"gehen {first_gloss(gehen)}")
        panel.locator("summary").tap()
        expect(panel.locator(".definition-head").first).to_have_text("gehen (for “ging”)")
        expect(panel.locator(".definition-note")).to_contain_text("From Wiktionary")
        panel.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "definition-de-scoring-390.png"))
        verdict_row(page, 0, "xyzzy").locator("button[data-define]").tap()
        expect(panel).to_have_text("Wiktionary has no entry for “xyzzy”.")
