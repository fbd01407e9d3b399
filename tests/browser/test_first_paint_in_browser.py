"""A solved board holds still: the page as first painted, before its scripts run, has
its main blocks where the page has them once the scripts have run, on a phone and on a
laptop. The first paint is the page with its scripts held back (empty modules), in a
browser that runs scripts, so that the style sheet draws what the scripts will fill;
both are saved as screenshots (test-artifacts/first-paint-*.png, loaded-*.png)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlencode

import pytest
from page_actions import BOARD

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page, Route

pytestmark = pytest.mark.browser

#: The blocks a reader's eye and thumb rest on, top to bottom.
BLOCKS = (
    "header",
    "#entry-title",
    "#entry-grid",
    "#solve-form .actions",
    "#results",
    "#board-title",
    "#result-board",
    "#words-title",
    "#word-list",
)
#: Where a block may differ by rounding alone, in CSS pixels.
TOLERANCE = 1

BOXES = """(selectors) => selectors.map((selector) => {
  const node = document.querySelector(selector);
  if (!node) return null;
  const box = node.getBoundingClientRect();
  return [Math.round(box.left + scrollX), Math.round(box.top + scrollY),
          Math.round(box.width), Math.round(box.height)];
})"""

#: The rows the board's script (lib/board-view.js, shape) sets on the result's tray.
SHAPED = """document.querySelector('#results .tray').style.getPropertyValue('--rows')"""


def hold_scripts(route: Route) -> None:
    """Answer every page script with an empty module: the page as it paints before them."""
    route.fulfill(status=200, content_type="text/javascript", body="")


def boxes(page: Page) -> dict[str, list[int] | None]:
    """Each block's box in the document: left, top, width, height."""
    return dict(zip(BLOCKS, page.evaluate(BOXES, list(BLOCKS)), strict=True))


def moved(before: dict, after: dict) -> dict[str, tuple]:
    """The blocks whose box differs by more than the tolerance."""
    return {
        name: (before[name], after[name])
        for name in BLOCKS
        if (before[name] is None) != (after[name] is None)
        or (
            before[name] is not None
            and any(abs(a - b) > TOLERANCE for a, b in zip(before[name], after[name], strict=True))
        )
    }


def test_a_solved_board_is_first_painted_as_it_is_laid_out_once_loaded(
    sized_page: Page, live_url: str, expect: Callable, artifacts: Path, request
) -> None:
    page = sized_page
    size = request.node.callspec.params["sized_page"]
    url = f"{live_url}/?{urlencode({'board': BOARD})}"
    page.route("**/static/js/**", hold_scripts)
    page.goto(url)
    page.evaluate("window.scrollTo(0, 0)")
    first = boxes(page)
    # Held back indeed: the board's view has not named its shape on the tray.
    assert page.evaluate(SHAPED) == ""
    page.screenshot(path=artifacts / f"first-paint-{size}.png", full_page=True)
    page.unroute("**/static/js/**")

    page.goto(url)
    # Loaded: the script has taken the word list over (its buttons answer).
    expect(page.locator("#word-list button[data-word]").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert page.evaluate(SHAPED) == "4"
    page.evaluate("window.scrollTo(0, 0)")
    loaded = boxes(page)
    page.screenshot(path=artifacts / f"loaded-{size}.png", full_page=True)
    assert all(box is not None for box in first.values()), first
    assert moved(first, loaded) == {}


#: Each of the main element's blocks, and the footer under them.
PAGE_BLOCKS = """() => [...document.querySelectorAll('body > header, main > *, body > footer')]
  .filter((node) => getComputedStyle(node).display !== 'none')
  .map((node) => {
    const box = node.getBoundingClientRect();
    return [node.id || node.tagName.toLowerCase(), Math.round(box.top + scrollY),
            Math.round(box.height)];
  })"""


@pytest.mark.parametrize(
    "path",
    ["/", "/practice", "/scoring", "/room", "/table?dice=classic&seed=7"],
    ids=["home", "practice", "scoring", "play-together", "tabletop"],
)
def test_each_page_is_first_painted_with_its_blocks_where_they_end_up(
    phone: Page, live_url: str, path: str
) -> None:
    phone.route("**/static/js/**", hold_scripts)
    phone.goto(live_url + path)
    first = phone.evaluate(PAGE_BLOCKS)
    phone.unroute("**/static/js/**")
    phone.goto(live_url + path)
    phone.wait_for_load_state("networkidle")
    phone.evaluate("window.scrollTo(0, 0)")
    loaded = phone.evaluate(PAGE_BLOCKS)
    assert first == loaded
