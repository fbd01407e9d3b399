"""The interface in the reader's language, in a real Chromium: the browser's language
chooses it, the scripts draw their texts in it (the status line, the word groups, the
spoken path, a practice round's clock), the switch at the foot of the page changes it
and is remembered, and no page as its script draws it shows English (read as
tests/english_leaks.py reads a page). Screenshots of the solver in German and French at
both sizes go to test-artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from english_leaks import leaks, translated_english
from page_actions import BOARD, solve_by_text, word_button

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def in_language(code: str, width: int = 1280, height: int = 800) -> dict[str, Any]:
    """A browser context's options for a reader of ``code`` at this size."""
    return {
        "viewport": {"width": width, "height": height},
        "locale": code,
        "extra_http_headers": {"Accept-Language": f"{code},en;q=0.5"},
    }


@pytest.fixture
def german(open_page: Callable[..., Any]) -> Iterator[Page]:
    with open_page(**in_language("de")) as page:
        yield page


def test_the_solver_speaks_german_as_its_script_draws_it(
    german: Page, live_url: str, expect: Callable
) -> None:
    german.goto(live_url)
    assert german.evaluate("document.documentElement.lang") == "de"
    solve_by_text(german, expect)
    # The script's own texts and the server's sentences it lays out, in German.
    expect(german.locator("#word-list h3").first).to_contain_text("10 Buchstaben")
    expect(german.locator("#word-list h3").first).to_contain_text("1 Wort, 11 Punkte")
    word_button(german, "arteries").click()
    spoken = german.locator("#announce")
    expect(spoken).to_contain_text("arteries")
    expect(spoken).to_contain_text("Zeile")
    found = leaks(german.content(), "de", translated_english("de"))
    assert found == []


@pytest.mark.parametrize("code", ["fr", "es", "it", "nl"])
def test_no_english_on_the_solved_page_as_drawn_in(
    open_page: Callable[..., Any], live_url: str, expect: Callable, code: str
) -> None:
    with open_page(**in_language(code)) as page:
        page.goto(live_url)
        solve_by_text(page, expect)
        word_button(page, "arteries").click()
        expect(page.locator("#announce")).to_contain_text("arteries")
        assert leaks(page.content(), code, translated_english(code)) == []


def test_the_switch_changes_the_language_and_is_remembered(
    german: Page, live_url: str, expect: Callable
) -> None:
    german.goto(f"{live_url}/practice")
    german.locator('.language-nav a[lang="it"]').click()
    german.wait_for_load_state()
    assert german.evaluate("document.documentElement.lang") == "it"
    assert german.url.endswith("/practice")  # back on the page the reader was on
    german.goto(live_url)  # remembered against the browser's German
    assert german.evaluate("document.documentElement.lang") == "it"
    expect(german.locator('.language-nav a[aria-current="true"]')).to_have_text("Italiano")


def test_a_practice_round_speaks_spanish(
    open_page: Callable[..., Any], live_url: str, expect: Callable
) -> None:
    with open_page(**in_language("es")) as page:
        page.goto(f"{live_url}/practice?board={BOARD.replace(' ', '+')}")
        assert leaks(page.content(), "es", translated_english("es")) == []


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize(("width", "height"), [(375, 740), (1280, 800)])
def test_screenshots_of_the_solver_in(
    open_page: Callable[..., Any],
    live_url: str,
    expect: Callable,
    artifacts: Path,
    code: str,
    width: int,
    height: int,
) -> None:
    with open_page(**in_language(code, width, height)) as page:
        page.goto(live_url)
        solve_by_text(page, expect)
        page.screenshot(path=str(artifacts / f"solver-{code}-{width}x{height}.png"), full_page=True)
        # Nothing wider than the page: long German and French words still fit a phone.
        assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0


def test_the_room_form_keeps_the_dice_and_the_list_in_one_language(
    page: Page, live_url: str, expect: Callable
) -> None:
    page.goto(f"{live_url}/room")
    expect(page.locator("#dice")).to_have_value("classic")
    page.locator("#dictionary").select_option("fr")
    expect(page.locator("#dice")).to_have_value("fr")  # French dice, the same 4x4
    page.locator("#dice").select_option("de-big")
    expect(page.locator("#dictionary")).to_have_value("de")
    expect(page.locator("#min_length option").first).to_have_text("The dice's rule (3 letters)")
    page.locator("#dice").select_option("superbig")
    expect(page.locator("#dictionary")).to_have_value("standard")  # English again
    expect(page.locator("#min_length option").first).to_have_text("The dice's rule (4 letters)")
