"""The word list in a real Chromium: one Tab stop, arrow keys and type-ahead inside, a word
chosen in 5 key presses, groups, "1 point".

At a phone's size (375 x 740) and a laptop's (1280 x 800), as the list is used at the
table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from page_actions import BOARD, marked, path_steps, solve_by_text

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

ACTIVE_WORD = "document.activeElement.dataset.word ?? null"
IN_LIST = "document.getElementById('word-list').contains(document.activeElement)"


def test_one_tab_leaves_the_list_and_the_arrow_keys_move_inside_it(
    sized_page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    page = sized_page
    solution = solve_api(BOARD)
    page.goto(live_url)
    solve_by_text(page, expect)
    buttons = page.locator("#word-list button[data-word]")
    order = buttons.evaluate_all("bs => bs.map(b => b.dataset.word)")
    assert len(order) == solution["count"] == 867
    # Only one button of the 867 is a tab stop.
    stops = buttons.evaluate_all("bs => bs.filter(b => b.tabIndex === 0).length")
    assert stops == 1

    page.locator("#group").focus()
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIVE_WORD) == order[0]
    page.keyboard.press("ArrowDown")
    assert page.evaluate(ACTIVE_WORD) == order[1]
    page.keyboard.press("ArrowRight")
    assert page.evaluate(ACTIVE_WORD) == order[2]
    page.keyboard.press("ArrowUp")
    assert page.evaluate(ACTIVE_WORD) == order[1]
    page.keyboard.press("Tab")
    assert not page.evaluate(IN_LIST)  # one Tab out of 867 words
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(ACTIVE_WORD) == order[1]  # back to where it was left

    # The last word, reached and chosen in two presses once the list has focus.
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    last = next(w for w in solution["words"] if w["word"] == order[-1])
    assert marked(page) == path_steps(last)
    page.keyboard.press("Home")
    assert page.evaluate(ACTIVE_WORD) == order[0]


def test_a_word_deep_in_the_list_is_reached_and_chosen_in_5_key_presses(
    sized_page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    page = sized_page
    solution = solve_api(BOARD)
    page.goto(live_url)
    solve_by_text(page, expect)
    # The list as drawn: grouped by length, longest first, A to Z in a group.
    order = sorted(solution["words"], key=lambda w: (-len(w["word"]), w["word"]))
    target = next(w for w in order if w["word"].startswith("tap"))
    assert order.index(target) > 100  # far beyond a few arrow presses
    page.locator("#group").focus()
    page.keyboard.press("Tab")  # the list gains focus...
    assert page.evaluate(IN_LIST)
    presses = ["t", "a", "p", "Enter"]  # ...its start typed, and chosen
    for key in presses:
        page.keyboard.press(key)
    assert len(presses) <= 5
    assert page.evaluate(ACTIVE_WORD) == target["word"]
    expect(page.locator(f'#word-list button[data-word="{target["word"]}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    assert marked(page) == path_steps(target)
    # A pause starts a new prefix; a letter no word begins with leaves the focus alone.
    page.wait_for_timeout(900)
    page.keyboard.press("s")
    first_s = next(w["word"] for w in order[order.index(target) + 1 :] if w["word"][0] == "s")
    assert page.evaluate(ACTIVE_WORD) == first_s
    page.keyboard.press("x")
    assert page.evaluate(ACTIVE_WORD) == first_s
    assert page.locator("#word-list [tabindex='0']").count() == 1


def test_the_list_is_grouped_longest_first_and_says_1_point(
    sized_page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    page = sized_page
    summary = solve_api(BOARD)["summary"]
    page.goto(live_url)
    solve_by_text(page, expect)
    expect(page.locator("#word-list h3")).to_have_text(
        [f"{row['length']} letters {row['text']}" for row in reversed(summary["by_length"])]
    )
    # Ungrouped, each word carries its points: "1 point", never "1 points".
    page.locator("#group").uncheck()
    one = page.locator('#word-list button[data-score="1"]').first
    expect(one).to_contain_text("1 point")
    assert not one.text_content().endswith("points")
    two = page.locator('#word-list button[data-score="2"]').first
    expect(two).to_contain_text("2 points")


def test_french_words_show_with_their_accents_and_keep_their_play_word(
    sized_page: Page, live_url: str, expect: Callable
) -> None:
    page = sized_page
    page.goto(f"{live_url}/?board=1x5:+eleve&dictionary=fr")
    button = page.locator('#word-list button[data-word="eleve"]')
    expect(button).to_have_text("élevé / élève")
    # Sorting redraws the list from the script's own copy: the spellings stay.
    page.select_option("#sort", "alpha")
    expect(button).to_have_text("élevé / élève")
    button.click()
    expect(page.locator("#selection strong")).to_have_text("élevé / élève")
    assert marked(page) == {(0, i): i + 1 for i in range(5)}
