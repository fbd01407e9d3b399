"""The dark theme in a real Chromium: it follows the system, a switch overrides it and is
remembered, and no text on the main pages falls below WCAG's 4.5:1 (3:1 for large
text), computed from the styles, in either theme however it was chosen."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlencode

import pytest
from page_actions import BOARD, PLAYERS, fill_players, low_contrast

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def test_the_dark_theme_follows_the_system_and_the_switch_is_remembered(
    page: Page, live_url: str, expect: Callable
) -> None:
    page.emulate_media(color_scheme="dark")
    page.goto(live_url)
    paper = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert paper == "rgb(17, 21, 29)"  # the dark paper, #11151d
    toggle = page.locator("#theme-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(244, 241, 233)"
    page.reload()  # remembered, against the system's setting
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    expect(page.locator("#theme-toggle")).to_have_attribute("aria-pressed", "false")


# How a theme comes to be shown: the system's setting alone, or the header's switch,
# pressed on a system set the other way and remembered across a reload.
THEMES = {
    "light": ("light", None),
    "dark": ("dark", None),
    "dark-switched": ("light", "dark"),
    "light-switched": ("dark", "light"),
}


def choose_theme(page: Page, live_url: str, expect: Callable, how: str) -> str:
    """Show the theme as `how` says (a key of THEMES); the theme it comes to."""
    system, switched = THEMES[how]
    page.emulate_media(color_scheme=system)
    if switched:
        page.goto(live_url)
        page.locator("#theme-toggle").click()
        expect(page.locator("#theme-toggle")).to_have_attribute(
            "aria-pressed", str(switched == "dark").lower()
        )
    return switched or system


@pytest.mark.parametrize("how", list(THEMES))
def test_no_text_on_the_main_pages_is_below_its_contrast_minimum(
    page: Page, live_url: str, expect: Callable, artifacts: Path, how: str
) -> None:
    theme = choose_theme(page, live_url, expect, how)
    page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
    paper = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert paper == {"dark": "rgb(17, 21, 29)", "light": "rgb(244, 241, 233)"}[theme]
    page.locator("#word-list button[data-word]").first.click()
    page.mouse.move(0, 0)
    assert low_contrast(page) == []
    page.screenshot(path=artifacts / f"solver-{how}.png", full_page=True)
    page.goto(f"{live_url}/scoring?{urlencode({'board': BOARD})}")
    fill_players(page, PLAYERS)
    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#score-results")).to_be_visible()
    assert low_contrast(page) == []
    page.screenshot(path=artifacts / f"scoring-{how}.png", full_page=True)
    page.goto(f"{live_url}/practice")
    assert low_contrast(page) == []
    # A finished round: its verdicts, the summary and the found and missed lists.
    page.goto(f"{live_url}/practice?{urlencode({'board': BOARD})}")
    page.get_by_role("button", name="Start the round").click()
    for word in ("slate", "xyzzy"):
        page.locator("#word-input").fill(word)
        page.locator("#word-input").press("Enter")
    expect(page.locator("#entered li")).to_have_count(2)
    page.get_by_role("button", name="Stop", exact=True).click()
    page.get_by_role("button", name="Stop now").click()
    expect(page.locator("#missed-list button[data-word]").first).to_be_visible()
    page.mouse.move(0, 0)
    assert low_contrast(page) == []
    page.screenshot(path=artifacts / f"practice-{how}.png", full_page=True)
    # Letters on the cubes: dark ink on the light cube, in either theme.
    page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
    ink, cube = page.evaluate(
        """() => [getComputedStyle(document.querySelector('#result-board .cube')).color,
                  getComputedStyle(document.documentElement).getPropertyValue('--cube')]"""
    )
    assert ink == "rgb(27, 33, 48)" and cube.strip() == "#fbf8f0"  # 15:1
