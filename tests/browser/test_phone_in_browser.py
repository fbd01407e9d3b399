"""The solver and a practice round at the table, in a real Chromium: on a phone (390 x 844
at twice the density, touch) and, where a desk is meant, a laptop (1366 x 768).

A tapped word, its whole path and its definition's line are on screen and uncovered;
the pinned board spans the page and lets go past the list; the path never hides a
letter and its step numbers are 11 px or more on a 6x6 board; a tap or a click never
moves the page; a length group reads across its rows; every target is big enough, and
a skip link leads to the words; a round fills the phone, the on-screen keyboard open
too, and leaving it asks first; the end of a round opens on how it went. Screenshots
of each go to test-artifacts/.
"""

from __future__ import annotations

import json
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode
from urllib.request import urlopen

import pytest
from page_actions import (
    BOARD,
    LAPTOP_1366,
    PHONE_390,
    box,
    check_round_screen,
    marked,
    on_screen,
    path_steps,
    settle,
    type_words,
    uncovered,
    word_button,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser


def scroll_list_to(page: Page, word: str) -> Locator:
    """Scroll the word list (and the page) until a word's button is in the middle of what
    the pinned board leaves of the screen; the button."""
    button = word_button(page, word)
    button.evaluate("b => b.scrollIntoView({block: 'center'})")
    settle(page)
    # Pinned now: bring the button below the bar, where a finger would tap it.
    button.evaluate("b => b.scrollIntoView({block: 'center'})")
    settle(page)
    assert uncovered(button), f"{word} is under something before the tap"
    return button


# --- 1. A tapped word, its path and its definition on one screen -----------------------


def test_on_a_phone_a_tapped_word_its_path_and_its_definition_are_on_screen_and_uncovered(
    open_page: Callable[..., AbstractContextManager[Page]],
    live_url: str,
    expect: Callable,
    solve_api: Callable,
    artifacts: Path,
) -> None:
    strainer = next(w for w in solve_api(BOARD)["words"] if w["word"] == "strainer")
    gloss = "a filter to retain larger pieces while smaller pieces and liquids pass through"
    for theme in ("light", "dark"):
        with open_page(color_scheme=theme, **PHONE_390) as page:
            page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
            button = scroll_list_to(page, "strainer")
            scrolled, before = page.evaluate("scrollY"), box(button)
            button.tap()
            panel = page.locator("#definition")
            expect(panel).to_have_attribute("data-state", "defined")
            settle(page)

            # The page has not moved, and the tapped word is where it was, uncovered.
            assert page.evaluate("scrollY") == scrolled
            assert abs(box(button)["y"] - before["y"]) < 1
            assert on_screen(button) and uncovered(button)
            # The whole path is on screen, nothing over any of its cubes.
            assert marked(page) == path_steps(strainer)
            for cube in page.locator("#result-board [data-step]").all():
                assert on_screen(cube) and uncovered(cube)
            # The definition is one line under the board: the word, its part of speech,
            # its first sense cut to the line, clear of the tapped word.
            line = panel.locator(".definition-line")
            expect(line).to_have_text(f"strainer noun {gloss}")
            assert box(line)["height"] <= 48
            assert on_screen(line) and uncovered(line)
            board = box(page.locator("#result-board"))
            assert box(line)["y"] >= board["y"] + board["height"] - 1
            assert box(line)["y"] + box(line)["height"] <= box(button)["y"]
            cut = panel.locator(".definition-gloss")
            assert cut.evaluate("g => g.scrollWidth > g.clientWidth"), "the sense is not cut"
            page.screenshot(path=artifacts / f"phone-solver-tap-{theme}.png")

            # A tap on the line opens the definition in full; another closes it.
            line.tap()
            sense = panel.locator(".senses li").first
            expect(sense).to_be_visible()
            expect(sense).to_contain_text(gloss)
            assert page.evaluate("scrollY") == scrolled
            page.screenshot(path=artifacts / f"phone-solver-definition-open-{theme}.png")
            line.tap()
            expect(sense).to_be_hidden()


# --- 2. The pinned board pins cleanly ---------------------------------------------------

# For each height along the bar's left and right edges: whether the point hits the bar.
EDGES_IN_BAR = """(bar) => {
    const box = bar.getBoundingClientRect();
    const hits = [];
    for (let y = box.top + 2; y < box.bottom - 2; y += 10) {
        for (const x of [1, innerWidth - 2]) {
            hits.push(bar.contains(document.elementFromPoint(x, y)));
        }
    }
    return hits;
}"""


# The board's panel's height and the word list's top, in CSS px from the page's top.
PANEL_AND_WHAT_FOLLOWS = """() => {
    const panel = document.querySelector(".board-bar").closest(".panel").getBoundingClientRect();
    const list = document.querySelector(".words-panel").getBoundingClientRect();
    return [panel.height, list.top + scrollY];
}"""


def test_on_a_phone_the_pinned_board_spans_the_page_and_lets_go_past_the_list(
    open_page: Callable[..., AbstractContextManager[Page]],
    live_url: str,
    expect: Callable,
    artifacts: Path,
) -> None:
    with open_page(**PHONE_390) as page:
        page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
        bar = page.locator(".board-bar")
        settle(page)
        in_place = page.evaluate(PANEL_AND_WHAT_FOLLOWS)
        # Down the list: the board pins, as wide as the page, nothing beside it.
        page.locator("#words-title").evaluate("title => title.scrollIntoView()")
        page.mouse.wheel(0, 200)
        expect(bar).to_have_class("board-bar pinned")
        settle(page)
        pinned = box(bar)
        assert (pinned["x"], pinned["y"], pinned["width"]) == (0, 0, 390)
        # Its place is kept: the panel is as tall, nothing below moves up (to within the
        # whole pixels the script measures the bar in; 11.6 px once, the gap under it).
        kept = page.evaluate(PANEL_AND_WHAT_FOLLOWS)
        assert all(abs(now - before) < 1 for now, before in zip(kept, in_place, strict=True)), (
            kept,
            in_place,
        )
        assert all(page.locator(".board-bar").evaluate(EDGES_IN_BAR))
        page.screenshot(path=artifacts / "phone-pinned.png")

        # Past the list it lets go: what follows the list (the chart, sharing, the QR
        # code) is never under it.
        page.locator("#holds-title").evaluate("title => title.scrollIntoView()")
        expect(bar).to_have_class("board-bar")
        page.locator("details.qr summary").tap()
        qr = page.locator("#qr")
        expect(qr).to_be_visible()
        qr.evaluate("img => img.scrollIntoView({block: 'center'})")
        settle(page)
        expect(bar).to_have_class("board-bar")
        for shown in ("#share-link", "#copy-words", "#csv-link", "#qr"):
            assert on_screen(page.locator(shown)), shown
            assert uncovered(page.locator(shown)), f"{shown} is under the board"
        page.locator("#length-chart").evaluate("chart => chart.scrollIntoView()")
        settle(page)
        expect(bar).to_have_class("board-bar")
        assert uncovered(page.locator("#length-chart"))
        page.screenshot(path=artifacts / "phone-below-the-list.png")


# --- 3. The path never hides a letter ---------------------------------------------------

# Each letter on the chosen path, hit at nine points of its box with the path's lines
# made hittable for the purpose: the letter's own face must answer every time. And the
# width of the line against the stem of an "I" in the cubes' own font.
PATH_AND_LETTERS = """() => {
    const board = document.getElementById("result-board");
    const lines = board.querySelectorAll(".path-layer, .path-layer *");
    for (const line of lines) line.style.pointerEvents = "auto";
    const hidden = [];
    let letterFont = null;
    for (const cube of board.querySelectorAll("[data-step]")) {
        const letter = cube.querySelector(".face span");
        if (!letter) continue;
        if (!cube.classList.contains("multi")) letterFont = getComputedStyle(letter);
        const box = letter.getBoundingClientRect();
        for (const fx of [0.3, 0.5, 0.7]) {
            for (const fy of [0.3, 0.5, 0.7]) {
                const [x, y] = [box.left + box.width * fx, box.top + box.height * fy];
                const hit = document.elementFromPoint(x, y);
                if (!cube.querySelector(".face").contains(hit)) {
                    hidden.push([cube.dataset.step, fx, fy, hit?.tagName]);
                }
            }
        }
    }
    for (const line of lines) line.style.pointerEvents = "";
    const layer = board.querySelector(".path-layer").getBoundingClientRect();
    const [, , cols, rows] = board.querySelector(".path-layer").getAttribute("viewBox")
        .split(" ").map(Number);
    const unit = Math.min(layer.width / cols, layer.height / rows);
    const line = parseFloat(getComputedStyle(board.querySelector(".path-line")).strokeWidth);
    const pen = document.createElement("canvas").getContext("2d");
    pen.font = `${letterFont.fontWeight} ${letterFont.fontSize} ${letterFont.fontFamily}`;
    const stem = pen.measureText("I");
    return {
        hidden,
        line: line * unit,
        stem: stem.actualBoundingBoxLeft + stem.actualBoundingBoxRight,
        badges: [...board.querySelectorAll("[data-step]")].map((cube) =>
            parseFloat(getComputedStyle(cube, "::after").fontSize)),
    };
}"""


def rolled_6x6(live_url: str) -> tuple[str, dict[str, Any]]:
    """A 6x6 board rolled from a fixed seed, and its longest word."""
    with urlopen(f"{live_url}/random?{urlencode({'rows': 6, 'cols': 6, 'seed': 7})}") as answer:
        text = json.load(answer)["text"]
    with urlopen(f"{live_url}/solve?{urlencode({'board': text})}") as answer:
        words = json.load(answer)["words"]
    return text, max(words, key=lambda w: len(w["path"]))


def test_the_path_never_hides_a_letter_and_its_steps_stay_readable_on_a_6x6_phone_board(
    open_page: Callable[..., AbstractContextManager[Page]],
    live_url: str,
    expect: Callable,
    artifacts: Path,
) -> None:
    text, longest = rolled_6x6(live_url)
    boards = [(BOARD, "strainer", "4x4"), (text, longest["word"], "6x6")]
    with open_page(**PHONE_390) as page:
        for board, word, size in boards:
            page.goto(f"{live_url}/?{urlencode({'board': board})}")
            button = word_button(page, word)
            # In the page first (the button is found by the keyboard), then pinned.
            button.focus()
            page.keyboard.press("Enter")
            # (Not scrollIntoView: the pinned bar's scroll padding would stop it short.)
            page.locator(".board-panel").evaluate("p => scrollBy(0, p.getBoundingClientRect().top)")
            for where in ("in the page", "pinned"):
                if where == "pinned":
                    button.evaluate("b => b.scrollIntoView({block: 'center'})")
                    expect(page.locator(".board-bar")).to_have_class("board-bar pinned")
                settle(page)
                page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")
                drawn = page.evaluate(PATH_AND_LETTERS)
                assert drawn["hidden"] == [], f"{size} {where}: letters under the line"
                assert drawn["line"] < drawn["stem"], f"{size} {where}: {drawn}"
                assert min(drawn["badges"]) >= 11, f"{size} {where}: {drawn['badges']}"
            page.locator(".board-bar").screenshot(path=artifacts / f"phone-path-{size}.png")


# --- 4. A tap or a click never moves the page -------------------------------------------


def test_on_a_laptop_a_click_near_the_end_of_the_list_moves_nothing(
    open_page: Callable[..., AbstractContextManager[Page]],
    live_url: str,
    expect: Callable,
    solve_api: Callable,
) -> None:
    tip = next(w for w in solve_api(BOARD)["words"] if w["word"] == "tip")
    with open_page(**LAPTOP_1366) as page:
        page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
        # The list scrolled to its end, and the page down to the list's foot.
        page.locator("#word-list").evaluate("list => { list.scrollTop = list.scrollHeight; }")
        page.evaluate(
            """() => scrollBy(0, document.getElementById("word-list")
                .getBoundingClientRect().bottom - innerHeight + 16)"""
        )
        settle(page)
        button = word_button(page, "tip")
        assert on_screen(button)
        where = page.evaluate("[scrollY, document.getElementById('word-list').scrollTop]")
        before = box(button)
        button.click()
        settle(page)
        assert marked(page) == path_steps(tip)
        assert page.evaluate("[scrollY, document.getElementById('word-list').scrollTop]") == where
        assert box(button) == before
        # The board stays beside the list: the path is on screen without a scroll.
        for cube in page.locator("#result-board [data-step]").all():
            assert on_screen(cube) and uncovered(cube)
        assert not page.locator("[data-preview]").count()


def test_on_a_phone_a_tap_moves_nothing_and_leaves_no_preview(
    open_page: Callable[..., AbstractContextManager[Page]],
    live_url: str,
    expect: Callable,
) -> None:
    with open_page(**PHONE_390) as page:
        page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
        for word in ("strainer", "trainers", "stranger"):
            button = scroll_list_to(page, word)
            scrolled, before = page.evaluate("scrollY"), box(button)
            button.tap()
            expect(button).to_have_attribute("aria-pressed", "true")
            settle(page)
            assert page.evaluate("scrollY") == scrolled, word
            assert box(button) == before, word
            assert not page.locator("[data-preview]").count(), f"{word}: a preview stayed"
            expect(page.locator("#result-board")).not_to_have_class("board previewing")


# --- 5. A length group reads across its rows --------------------------------------------

# Each group's buttons as placed: (top, left) in the group's order.
GROUP_PLACES = """() => [...document.querySelectorAll("#word-list .words.grouped")].map((group) =>
    [...group.querySelectorAll("button[data-word]")].map((b) => {
        const box = b.getBoundingClientRect();
        return [Math.round(box.top), Math.round(box.left), b.dataset.word];
    }))"""


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_each_length_group_reads_across_its_rows(
    open_page: Callable[..., AbstractContextManager[Page]], live_url: str, size: str
) -> None:
    with open_page(**(PHONE_390 if size == "phone" else LAPTOP_1366)) as page:
        page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
        groups = page.evaluate(GROUP_PLACES)
        assert len(groups) == 8
        for group in groups:
            words = [word for _, _, word in group]
            assert words == sorted(words)  # A to Z...
            # ...row by row: placed in reading order, the order is the same (a b / c d).
            assert sorted(group) == group, group[:6]
        rows = [len({top for top, _, _ in group}) < len(group) for group in groups]
        assert any(rows), "no row holds two words"


# --- 6. Targets and the skip link -------------------------------------------------------

SIZES = """(elements) => elements.filter((e) => e.checkVisibility()).map((e) => {
    const box = e.getBoundingClientRect();
    return [e.id || e.textContent.trim().slice(0, 24), box.width, box.height];
})"""


def sizes(page: Page, selector: str) -> list[tuple[str, float, float]]:
    found = page.locator(selector).evaluate_all(SIZES)
    assert found, f"nothing shows for {selector}"
    return [tuple(each) for each in found]


def test_on_a_phone_every_target_is_big_enough_for_a_finger(
    open_page: Callable[..., AbstractContextManager[Page]], live_url: str, expect: Callable
) -> None:
    with open_page(**PHONE_390) as page:
        page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
        # A finger's height: the words, the list's tools, the form's buttons.
        big = "#word-list button[data-word], #sort, #filter, label.check, #solve-form button"
        small = [s for s in sizes(page, big) if s[2] < 44]
        assert small == [], small[:5]
        # 24 px each way or more: the menu, the languages, the links on their own.
        links = ".site-nav a, .language-nav a, .brand, #theme-toggle, .play-links a, #csv-link"
        small = [s for s in sizes(page, links) if min(s[1], s[2]) < 24]
        assert small == [], small
        # "Group by length" is a label-sized target: a tap on its words checks the box.
        label = page.locator("label.check")
        label.evaluate("label => label.scrollIntoView({block: 'center'})")
        settle(page)
        assert uncovered(label)
        assert box(label)["width"] >= 120
        group = page.locator("#group")
        expect(group).to_be_checked()
        at = box(label)
        page.touchscreen.tap(at["x"] + at["width"] - 12, at["y"] + at["height"] / 2)
        expect(group).not_to_be_checked()

        page.goto(f"{live_url}/practice?{urlencode({'board': BOARD})}")
        page.get_by_role("button", name="Start the round").tap()
        expect(page.locator("#result-board .cube")).to_have_count(16)
        round_targets = "#word-input, #word-form button, #stop"
        small = [s for s in sizes(page, round_targets) if s[2] < 44]
        assert small == [], small
        page.get_by_role("button", name="Stop", exact=True).tap()
        small = [s for s in sizes(page, "#stop-confirm button") if s[2] < 44]
        assert small == [], small


def test_after_solving_a_skip_link_leads_straight_to_the_words(
    open_page: Callable[..., AbstractContextManager[Page]], live_url: str, expect: Callable
) -> None:
    with open_page(**LAPTOP_1366) as page:
        page.goto(live_url)
        expect(page.locator("#skip-words")).to_be_hidden()  # nothing to skip to yet
        page.locator("#board").fill(BOARD)
        page.locator("#board").press("Enter")
        expect(page.locator("#word-list button[data-word]").first).to_be_visible()
        # From the top of the page: the second Tab stop, then Enter and Tab, and a word
        # has focus.
        page.locator(".skip-link").first.focus()
        page.keyboard.press("Tab")
        expect(page.locator("#skip-words")).to_be_focused()
        expect(page.locator("#skip-words")).to_have_text("Skip to the words")
        follow_to_the_words(page)
        # A page opened on a board has it too, the second Tab stop from the top.
        page.goto(f"{live_url}/?{urlencode({'board': BOARD})}")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        expect(page.locator("#skip-words")).to_be_focused()
        follow_to_the_words(page)


def follow_to_the_words(page: Page) -> None:
    """Follow the focused skip link (Enter), and Tab once: the first word has focus."""
    page.keyboard.press("Enter")
    page.wait_for_function("location.hash === '#word-list'")
    settle(page)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.word") == "eternalise"


# --- 7. A round on a phone is the whole screen ------------------------------------------


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_practice_round_on_a_phone_is_the_whole_screen_and_leaving_it_asks(
    open_page: Callable[..., AbstractContextManager[Page]],
    live_url: str,
    expect: Callable,
    artifacts: Path,
    theme: str,
) -> None:
    with open_page(color_scheme=theme, **PHONE_390) as page:
        page.goto(f"{live_url}/practice?{urlencode({'board': BOARD, 'seconds': 60})}")
        expect(page.locator(".site-nav")).to_be_visible()  # the setup keeps the header
        page.get_by_role("button", name="Start the round").tap()
        expect(page.locator("#result-board .cube")).to_have_count(16)
        type_words(page, ("slate", "xyzzy", "lines", "tapers"), expect)
        recent = ["tapers", "lines", "xyzzy"]
        check_round_screen(page, "#result-board", recent, expect, artifacts, f"practice-{theme}")

        # Leaving mid-round asks first; a reload, once allowed, finds the round running.
        asked: list[str] = []
        page.once("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
        page.reload()
        assert asked == ["beforeunload"]
        expect(page.locator("#recent .attempt-word")).to_have_text(["tapers", "lines", "xyzzy"])
        # Once the round is over, leaving asks nothing.
        page.get_by_role("button", name="Stop", exact=True).tap()
        page.get_by_role("button", name="Stop now").tap()
        expect(page.locator("#summary")).to_be_visible()
        expect(page.locator(".site-nav")).to_be_visible()
        page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.dismiss()))
        page.goto(f"{live_url}/")
        assert asked == ["beforeunload"]


# --- 8. The end of a practice round opens on how it went -------------------------------


def test_the_end_of_a_practice_round_opens_on_the_summary(
    open_page: Callable[..., AbstractContextManager[Page]],
    live_url: str,
    expect: Callable,
    solve_api: Callable,
    artifacts: Path,
) -> None:
    solution = solve_api(BOARD)
    best = sorted(solution["words"], key=lambda w: (-w["score"], -len(w["word"]), w["word"]))
    missed = [w for w in best if w["word"] != "slate"][:3]
    with open_page(**PHONE_390) as page:
        page.goto(f"{live_url}/practice?{urlencode({'board': BOARD, 'seconds': 4})}")
        page.get_by_role("button", name="Start the round").tap()
        type_words(page, ("slate",), expect)
        summary = page.locator("#summary-text")
        expect(summary).to_have_text(
            f"2 of {solution['total_score']:,} points, 1 of {solution['count']:,} words",
            timeout=8000,
        )
        settle(page)
        # The first screen: the points, the words, the best missed; no clock at 0:00.
        best_missed = page.locator("#best-missed button[data-word]")
        expect(best_missed).to_have_count(3)
        assert best_missed.evaluate_all("bs => bs.map(b => b.dataset.word)") == [
            w["word"] for w in missed
        ]
        for shown in (page.locator("#summary-title"), summary, *best_missed.all()):
            assert on_screen(shown), shown
        expect(page.locator("#timer")).to_be_hidden()
        expect(page.get_by_role("button", name="New round")).to_be_visible()
        page.screenshot(path=artifacts / "phone-practice-summary.png")
        # A best missed word shows its path on the board just below.
        best_missed.first.tap()
        assert marked(page) == path_steps(missed[0])
        settle(page)
        for cube in page.locator("#result-board [data-step]").all():
            assert on_screen(cube)
