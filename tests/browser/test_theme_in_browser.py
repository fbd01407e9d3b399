"""The dark theme in a real Chromium: it follows the system, a switch overrides it and is
remembered, and no text on the main pages falls below 4.5:1 (computed from the styles)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlencode

import pytest
from page_actions import BOARD, PLAYERS, fill_players

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# Every visible element with text of its own, with its colour against the first
# background behind it; text on a gradient (the cubes, checked below) is left out.
LOW_CONTRAST = """() => {
    const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
    const luminance = ([r, g, b]) => {
        const lin = (v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a, b) => {
        const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
    };
    const behind = (element) => {
        for (let e = element; e; e = e.parentElement) {
            const style = getComputedStyle(e);
            if (style.backgroundImage !== 'none') return null;
            const colour = rgb(style.backgroundColor);
            if (colour.length < 4 || colour[3] === 1) return colour;
        }
        return [255, 255, 255];
    };
    const low = [];
    for (const element of document.querySelectorAll('body *')) {
        const own = [...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own || !element.checkVisibility({opacityProperty: true})) continue;
        if (element.closest('.vh, script, .qr')) continue;
        const background = behind(element);
        if (!background) continue;
        const colour = rgb(getComputedStyle(element).color);
        const value = ratio(colour, background);
        const text = element.textContent.trim().slice(0, 30);
        if (value < 4.5) {
            const where = element.parentElement?.className ?? "";
            low.push([element.tagName, element.className, where, text, value.toFixed(2)]);
        }
    }
    return low;
}"""


def low_contrast(page: Page) -> list:
    """The text below 4.5:1 on the page, once the chosen path has drawn itself."""
    page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")
    return page.evaluate(LOW_CONTRAST)


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


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_text_on_the_main_pages_is_below_4_5_to_1(
    page: Page, live_url: str, expect: Callable, artifacts: Path, scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
    page.locator("#word-list button[data-word]").first.click()
    page.mouse.move(0, 0)
    assert low_contrast(page) == []
    page.screenshot(path=artifacts / f"solver-{scheme}.png", full_page=True)
    page.goto(f"{live_url}/scoring?{urlencode({'board': BOARD})}")
    fill_players(page, PLAYERS)
    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#score-results")).to_be_visible()
    assert low_contrast(page) == []
    page.screenshot(path=artifacts / f"scoring-{scheme}.png", full_page=True)
    page.goto(f"{live_url}/practice")
    assert low_contrast(page) == []
    # Letters on the cubes: dark ink on the light cube, in either theme.
    page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
    ink, cube = page.evaluate(
        """() => [getComputedStyle(document.querySelector('#result-board .cube')).color,
                  getComputedStyle(document.documentElement).getPropertyValue('--cube')]"""
    )
    assert ink == "rgb(27, 33, 48)" and cube.strip() == "#fbf8f0"  # 15:1
