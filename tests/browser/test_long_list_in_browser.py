"""A long word list as the server draws it, in a real Chromium, on a phone and a laptop.

Its length groups off the screen are not laid out until they come near
(content-visibility), which takes most of a solved board's layout off its load; each
keeps its place meanwhile, from its count, so that nothing in the list or under it moves
as the groups are drawn. A word tapped in it shows its path before the script has read
the list back, with the script held back (the page's own form), and after.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlencode

import pytest
from page_actions import marked, path_steps, settle, word_button

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page, Route

pytestmark = pytest.mark.browser

#: A 6x6 board of 717 words in seven groups, as benchmarks/lighthouse_pages.py audits.
LONG_BOARD = "tehsrd ionael sactre mnlieu gopdsa retnio"

#: Each group's top in the list's content and its height; whether its first word is
#: laid out (not skipped by content-visibility).
GROUPS = """() => [...document.querySelectorAll('#word-list .words.grouped')].map((group) => [
  group.offsetTop, group.offsetHeight,
  group.querySelector('button').checkVisibility({contentVisibilityAuto: true})])"""

#: Bring the list on the screen and scroll it through its whole length, half its height
#: at a time; which groups were laid out on the way (each, once it came near).
SCROLL_THROUGH = """async () => {
  const list = document.getElementById('word-list');
  const groups = [...list.querySelectorAll('.words.grouped')];
  const drawn = new Set();
  list.scrollIntoView({block: 'start'});
  for (let top = 0; top <= list.scrollHeight; top += list.clientHeight / 2) {
    list.scrollTop = top;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    groups.forEach((group, i) => {
      const first = group.querySelector('button');
      if (first.checkVisibility({contentVisibilityAuto: true})) drawn.add(i);
    });
  }
  return [...drawn].sort();
}"""


#: An element's top in the page.
TOP = "e => e.getBoundingClientRect().top + scrollY"


def open_long_list(page: Page, live_url: str) -> None:
    """The long board solved, its list on the screen's bottom half (the phone's is below it
    once the page has scrolled to the results)."""
    page.goto(f"{live_url}/?{urlencode({'board': LONG_BOARD})}")
    settle(page)


def test_a_long_lists_groups_off_the_screen_wait_to_be_laid_out(
    sized_page: Page, live_url: str
) -> None:
    page = sized_page
    open_long_list(page, live_url)
    groups = page.evaluate(GROUPS)
    assert len(groups) == 7
    # The longest words' groups come first; the last, of 228 four-letter words, lies
    # thousands of pixels down the list's scroller, and is skipped.
    assert groups[-1][0] > 5000
    assert not groups[-1][2], "the last group was laid out while far off the screen"
    assert page.evaluate(SCROLL_THROUGH) == list(range(7))


def test_a_long_lists_groups_keep_their_place_as_they_are_drawn(
    sized_page: Page, live_url: str
) -> None:
    page = sized_page
    open_long_list(page, live_url)
    before = page.evaluate(GROUPS)
    where = page.evaluate("scrollY")
    under = page.locator("#holds-title").evaluate(TOP)
    assert page.evaluate(SCROLL_THROUGH) == list(range(7))
    after = page.evaluate(GROUPS)
    # A group's kept place is its rows' height, from its count: within a few pixels of
    # the height it is drawn at, on a phone's two columns and a laptop's three.
    for (top, height, _), (drawn_top, drawn_height, _) in zip(before, after, strict=True):
        assert abs(drawn_height - height) <= max(6, 0.005 * drawn_height), (before, after)
        assert abs(drawn_top - top) <= max(6, 0.005 * drawn_top), (before, after)
    # What follows the list stays where it was: the list scrolls in a box of its own.
    # (Back where the page was: the board pinned to the top of a phone's screen moves
    # what is under it a little, drawn or not.)
    page.locator("#word-list").evaluate("list => { list.scrollTop = 0; }")
    page.evaluate("where => scrollTo(0, where)", where)
    settle(page)
    assert page.locator("#holds-title").evaluate(TOP) == under


def hold_scripts(route: Route) -> None:
    """Answer every page script with an empty module: the page before its script runs."""
    route.fulfill(status=200, content_type="text/javascript", body="")


def test_a_tapped_word_of_the_drawn_list_shows_its_path_before_and_after_the_script(
    phone: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    page = phone
    words = {w["word"]: w for w in solve_api(LONG_BOARD)["words"]}
    # A four-letter word, in the last group, far down the list: never laid out at load.
    first, second = [w for w in words if len(w) == 4][-2:]

    # Before the script: the word is a button of the page's form, which asks the server
    # for the page with the word's path drawn.
    page.route("**/static/js/**", hold_scripts)
    open_long_list(page, live_url)
    word_button(page, first).tap()
    expect(word_button(page, first)).to_have_attribute("aria-pressed", "true")
    assert f"word={first}" in page.url
    assert marked(page) == path_steps(words[first])

    # With the script, the same page: a tap at once, before the list is read back.
    page.unroute("**/static/js/**")
    page.reload()
    expect(page.locator("#selection strong")).to_have_text(first)
    page.evaluate("window.samePage = true")  # gone if the tap loads a page
    word_button(page, second).tap()
    expect(word_button(page, second)).to_have_attribute("aria-pressed", "true")
    expect(word_button(page, first)).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#selection strong")).to_have_text(second)
    assert marked(page) == path_steps(words[second])
    assert f"word={second}" in page.url
    assert page.evaluate("window.samePage ?? false"), "the tap loaded a page: no script ran"
    # Sorting draws the list from what was read back: every word, the chosen one pressed.
    page.locator("#group").uncheck()
    expect(page.locator("#word-list button[data-word]")).to_have_count(len(words))
    expect(word_button(page, second)).to_have_attribute("aria-pressed", "true")
