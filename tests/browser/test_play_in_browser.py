"""The scoring and practice pages in a real Chromium: scoring in place, tracing words with
the mouse and a finger, a timed round that survives a reload, phones, no JavaScript.

What the pages show is checked against the API (POST /score, GET /solve), and word
paths against the page contract in GUIDE.md (data-step 1..k on exactly the path's cells).
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode
from urllib.request import Request, urlopen

import pytest
from page_actions import (
    BOARD,
    PLAYERS,
    fill_players,
    frames_drawn,
    marked,
    path_steps,
    verdict_row,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def score_api(live_url: str, players: list[tuple[str, str]]) -> dict[str, Any]:
    """POST /score on the live app, to compare the page with."""
    body = {"board": BOARD, "players": [{"name": n, "words": w} for n, w in players]}
    request = Request(
        f"{live_url}/score",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urlopen(request) as response:
        return json.load(response)


def squash(text: str) -> str:
    return " ".join(text.split())


# --- Scoring --------------------------------------------------------------------------


def test_three_players_are_scored_in_place_and_words_show_their_paths(
    page: Page, live_url: str, expect: Callable, artifacts: Path
) -> None:
    expected = score_api(live_url, PLAYERS)
    page.goto(f"{live_url}/scoring?{urlencode({'board': BOARD})}")
    expect(page.locator("[data-player]")).to_have_count(2)  # the script trims the spares
    fill_players(page, PLAYERS)
    page.get_by_role("button", name="Add player").click()  # a fourth, then removed again
    expect(page.locator("[data-player]")).to_have_count(4)
    page.get_by_role("button", name="Remove player 4").click()
    expect(page.locator("[data-player]")).to_have_count(3)
    expect(page.locator("[data-player]").nth(2).locator("legend")).to_have_text("Player 3")
    expect(page.locator("[data-player]").first).to_contain_text("6 words")

    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#score-results")).to_be_visible()
    assert "/scoring" in page.url  # scored in place: no form post

    # A word on three lists: struck through on each, naming the other two.
    sea = verdict_row(page, 0, "sea")
    expect(sea).to_have_class("verdict-duplicate")
    expect(sea.locator("s")).to_have_text("sea")
    expect(sea.locator(".also")).to_have_text("also: Bob, Cy")
    expect(verdict_row(page, 1, "sea").locator(".also")).to_have_text("also: Ann, Cy")
    expect(verdict_row(page, 0, "xyzzy").locator(".verdict")).to_have_text("not a word")
    expect(verdict_row(page, 2, "at").locator(".verdict")).to_have_text("too short")
    expect(verdict_row(page, 2, "rest").locator(".verdict")).to_have_text("not on the board")

    # The ranking as /score ranks it, the winner highlighted.
    rows = page.locator("#ranking-rows tr")
    expect(rows).to_have_count(len(expected["ranking"]))
    for row, entry in zip(rows.all(), expected["ranking"], strict=True):
        expect(row.locator("th")).to_contain_text(entry["name"])
        expect(row.locator("td").nth(0)).to_have_text(str(entry["rank"]))
        expect(row.locator("td").nth(1)).to_have_text(str(entry["total_score"]))
    expect(page.locator("#ranking-rows tr.winner th")).to_have_text(
        [f"{name} winner" for name in expected["winners"]]
    )
    # The headline, ranking flags, verdicts and missed line are the server's, as sent.
    winner = next(p for p in expected["players"] if p["name"] == expected["winners"][0])
    assert expected["headline"] == f"{winner['name']} wins with {winner['total_score']} points."
    expect(page.locator("#headline")).to_have_text(expected["headline"])
    for number, player in enumerate(expected["players"]):
        for verdict in player["words"]:
            shown = verdict_row(page, number, verdict["word"]).locator(".verdict")
            expect(shown).to_contain_text(verdict["verdict_text"])
    missed = expected["missed"]["words"]
    assert expected["missed"]["text"] == (
        f"Nobody found {len(missed):,} words worth {expected['missed']['total_score']:,} points."
    )
    expect(page.locator("#missed-count")).to_have_text(expected["missed"]["text"])

    # A scored word's path on the board; the same button again clears it.
    slate = next(w for w in expected["players"][0]["words"] if w["word"] == "slate")
    button = verdict_row(page, 0, "slate").locator("button[data-word]")
    button.click()
    assert marked(page) == path_steps(slate)
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#selection")).to_have_text("slate: 2 points")
    page.locator(f'#missed-list button[data-word="{missed[0]["word"]}"]').click()
    assert marked(page) == path_steps(missed[0])
    expect(button).to_have_attribute("aria-pressed", "false")
    page.mouse.move(0, 0)
    page.evaluate("scrollTo(0, 0)")  # the board sticks beside the lists as they scroll
    page.screenshot(path=artifacts / "scoring.png", full_page=True)
    page.locator(f'#missed-list button[data-word="{missed[0]["word"]}"]').click()
    assert marked(page) == {}


# What the results look like, read from the page, to compare the script's drawing with
# the server's.
SCORING_DRAWING = """() => {
    const all = (selector, read) => [...document.querySelectorAll(selector)].map(read);
    const text = (e) => e.textContent.replace(/\\s+/g, " ").trim();
    return {
        cubes: all("#result-board .cube", (c) =>
            [c.className, c.dataset.row, c.dataset.col, c.textContent]),
        viewBox: document.querySelector(".path-layer").getAttribute("viewBox"),
        headline: text(document.querySelector("#headline")),
        ranking: all("#ranking-rows tr", (r) => [r.className, ...[...r.children].map(text)]),
        players: all("#player-scores > section", (s) => [s.className, text(s.querySelector("h3"))]),
        rows: all("#player-scores tr", (r) =>
            [r.className, ...[...r.children].map(text), r.querySelector("s")?.textContent ?? null]),
        buttons: all("#score-results button[data-word]", (b) =>
            [b.dataset.word, b.dataset.score, b.dataset.path, b.className, text(b),
             b.getAttribute("aria-pressed")]),
        missed: text(document.querySelector("#missed-count")),
        selection: text(document.querySelector("#selection")),
    };
}"""


def test_the_script_draws_the_scores_as_the_server_does(
    page: Page, live_url: str, expect: Callable
) -> None:
    players = [*PLAYERS, ("Di", "tap sat pat")]  # Cy's 3 points, but no long word
    page.goto(f"{live_url}/scoring?{urlencode({'board': BOARD})}")
    fill_players(page, players)
    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#score-results")).to_be_visible()
    drawn_by_script = page.evaluate(SCORING_DRAWING)

    # The same form, posted as a page without the script would post it.
    with page.expect_navigation():
        page.evaluate("document.getElementById('score-form').submit()")
    expect(page.locator("#score-results")).to_be_visible()
    drawn_by_server = page.evaluate(SCORING_DRAWING)
    assert drawn_by_script == drawn_by_server
    assert len(drawn_by_server["rows"]) > 15
    assert "tie-break" in str(drawn_by_server["ranking"])
    # The server's buttons answer clicks in place too, once the script has read them.
    slate = verdict_row(page, 0, "slate").locator("button[data-word]")
    slate.click()
    assert len(marked(page)) == len("slate")
    expect(page.locator("[data-player]")).to_have_count(4)


def test_a_bad_game_is_answered_beside_the_form_which_stays_filled_in(
    page: Page, live_url: str, expect: Callable, console: list[str]
) -> None:
    page.goto(f"{live_url}/scoring?{urlencode({'board': BOARD})}")
    fill_players(page, [("Ann", "sea"), ("ann", "slate")])
    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#players-error")).to_have_text("two players are called 'ann'")
    expect(page.locator("#announce")).to_have_text("two players are called 'ann'")
    expect(page.locator("#score-results")).to_be_hidden()
    expect(page.locator("[data-player]").nth(1).get_by_label("Words")).to_have_value("slate")

    page.locator("[data-player]").nth(1).get_by_label("Name").fill("Bob")
    page.locator("#board").fill("abcd efg")
    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#board-error")).to_have_text("row 2 has 3 cells; the others have 4")
    expect(page.locator("#players-error")).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("aria-invalid", "true")
    # Chromium logs the 400 answers itself; those are expected.
    assert console and all("400" in message for message in console)
    console.clear()


# --- Practice -------------------------------------------------------------------------


def cell_centre(page: Page, row: int, col: int) -> tuple[float, float]:
    box = page.locator(f'#result-board [data-row="{row}"][data-col="{col}"]').bounding_box()
    assert box
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def trace_with_mouse(page: Page, path: list[list[int]]) -> None:
    """Press on the first cube of a path, drag through the rest, let go."""
    page.mouse.move(*cell_centre(page, *path[0]))
    page.mouse.down()
    for row, col in path[1:]:
        page.mouse.move(*cell_centre(page, row, col), steps=4)
    page.mouse.up()


def entered(page: Page) -> dict[str, str]:
    """The words entered so far, with their verdicts as shown."""
    return dict(
        page.locator("#entered li").evaluate_all(
            """items => items.map(i => [i.querySelector('.attempt-word').textContent,
                                        i.querySelector('.attempt-verdict').textContent])"""
        )
    )


def test_a_timed_round_traced_typed_reloaded_and_run_out(
    page: Page, live_url: str, expect: Callable, solve_api: Callable, artifacts: Path
) -> None:
    solution = solve_api(BOARD)
    words = {w["word"]: w for w in solution["words"]}
    traced, typed = words["slate"], words["lines"]
    # Long enough for everything before the reload on a slow machine, short enough to
    # wait out.
    seconds = 10
    page.goto(f"{live_url}/practice?{urlencode({'board': BOARD, 'seconds': seconds})}")
    expect(page.locator("#needs-js")).to_be_hidden()
    expect(page.locator("#minutes")).to_have_value(str(seconds))
    page.get_by_role("button", name="Start the round").click()
    expect(page.locator("#result-board .cube")).to_have_count(16)

    # Trace "slate" (it turns diagonally twice), with a detour taken back on the way.
    start = traced["path"]
    page.mouse.move(*cell_centre(page, *start[0]))
    page.mouse.down()
    page.mouse.move(*cell_centre(page, *start[1]), steps=4)
    page.mouse.move(*cell_centre(page, 3, 1), steps=4)  # one cube too far...
    expect(page.locator("#trace")).to_have_text("SLE")
    page.mouse.move(*cell_centre(page, *start[1]), steps=4)  # ...and back: undone
    for row, col in start[2:]:
        page.mouse.move(*cell_centre(page, row, col), steps=4)
    expect(page.locator("#trace")).to_have_text("SLATE")
    assert marked(page, "trace") == path_steps(traced)
    page.mouse.up()
    expect(page.locator("#message")).to_have_text("slate: found, +2 points")
    # The traced path flashes green with the verdict, for a moment.
    expect(page.locator("#result-board")).to_have_attribute("data-flash", "found")
    expect(page.locator("#result-board [data-flash]")).to_have_count(len(traced["path"]))
    expect(page.locator("#result-board [data-flash]")).to_have_count(0)
    assert marked(page, "trace") == {}

    word = page.locator("#word-input")
    for typed_word in (typed["word"], "xyzzy", "at"):
        word.fill(typed_word)
        word.press("Enter")
    expect(page.locator("#message")).to_have_text("at: too short")
    expect(page.locator("#entered li")).to_have_count(4)
    expect(page.locator("#entered li").filter(has_text="xyzzy")).to_contain_text("not a word")
    word.fill("slate")
    word.press("Enter")
    expect(page.locator("#message")).to_have_text("slate: already found")
    expect(page.locator("#tally")).to_have_text("4 points · 2 words")
    assert not page.locator("#result-board [data-step]").count()  # nothing is revealed

    # Leaving mid-round asks first; allowed, the reload finds the round running.
    page.once("dialog", lambda dialog: dialog.accept())
    page.reload()
    expect(page.locator("#entered li")).to_have_count(4)
    assert entered(page) == {"slate": "+2", "lines": "+2", "xyzzy": "not a word", "at": "too short"}
    expect(page.locator("#word-form")).to_be_visible()  # still running
    assert page.locator("#timer").inner_text() in {f"0:{n:02}" for n in range(1, seconds + 1)}

    expect(page.locator("#summary")).to_be_visible(timeout=(seconds + 2) * 1000)
    expect(page.locator("#summary-title")).to_have_text("Time's up")
    expect(page.locator("#summary-text")).to_have_text(
        f"4 of {solution['total_score']:,} points, 2 of {solution['count']:,} words"
    )
    expect(page.locator("#word-form")).to_be_hidden()
    # A fresh browser has no best on a 4x4 board: these 4 points are one.
    expect(page.locator("#summary-detail")).to_contain_text("A new best on 4 \u00d7 4!")
    found = page.locator("#found-list button[data-word]")
    expect(found).to_have_count(2)
    missed = page.locator("#missed-list button[data-word]")
    expect(missed).to_have_count(solution["count"] - 2)
    shown = missed.evaluate_all("buttons => buttons.map(b => b.dataset.word)")
    assert shown == [
        w["word"] for w in best_first(solution["words"]) if w["word"] not in ("slate", "lines")
    ]
    expect(page.locator("#entered li")).to_have_count(2)  # the ones that did not count

    missed.nth(0).click()
    assert marked(page) == path_steps(words[shown[0]])
    expect(found).to_have_text(["lines 2 points", "slate 2 points"])  # by score, A to Z
    found.nth(1).click()
    assert marked(page) == path_steps(traced)
    page.mouse.move(0, 0)
    page.screenshot(path=artifacts / "practice.png", full_page=True)

    page.reload()  # a finished round stays on show...
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary-detail")).to_contain_text("Your best on 4 \u00d7 4: 4 points.")
    page.get_by_role("button", name="New round").click()  # ...until a new one
    expect(page.locator("#setup")).to_be_visible()
    # Only the personal bests stay.
    assert page.evaluate("Object.keys(localStorage)") == ["boggle.practice.bests"]


def best_first(words: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Words as the practice summary lists its missed words: by points, then length, A to Z."""
    return sorted(words, key=lambda w: (-w["score"], -len(w["word"]), w["word"]))


def test_the_missed_words_come_best_first_with_the_solvers_list_tools(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    solution = solve_api(BOARD)
    page.goto(f"{live_url}/practice?{urlencode({'board': BOARD})}")
    page.get_by_role("button", name="Start the round").click()
    page.locator("#word-input").fill("slate")
    page.locator("#word-input").press("Enter")
    expect(page.locator("#tally")).to_have_text("2 points · 1 word")
    page.get_by_role("button", name="Stop", exact=True).click()
    page.get_by_role("button", name="Stop now").click()
    missed = [w for w in best_first(solution["words"]) if w["word"] != "slate"]
    buttons = page.locator("#missed-list button[data-word]")
    expect(buttons).to_have_count(len(missed))
    words = "buttons => buttons.map(b => b.dataset.word)"
    assert buttons.evaluate_all(words) == [w["word"] for w in missed]
    # The best is worth more than the last: the order is not the list's by chance.
    assert missed[0]["score"] > missed[-1]["score"]

    # One Tab stop: arrows and End move inside the list, Tab leaves it at once.
    buttons.first.focus()
    page.keyboard.press("ArrowDown")
    expect(buttons.nth(1)).to_be_focused()
    page.keyboard.press("End")
    expect(buttons.last).to_be_focused()
    assert page.locator("#missed-list [tabindex='0']").count() == 1
    page.keyboard.press("Tab")
    assert not page.evaluate(
        "document.getElementById('missed-list').contains(document.activeElement)"
    )

    # Find: only the words holding the letters, and how many they are.
    page.locator("#missed-filter").fill("ate")
    holding = [w["word"] for w in missed if "ate" in w["word"]]
    assert 0 < len(holding) < len(missed)
    expect(buttons).to_have_count(len(holding))
    assert buttons.evaluate_all(words) == holding
    expect(page.locator("#missed-shown")).to_have_text(
        f"{len(holding)} of {len(missed)} words contain \u201cate\u201d."
    )
    page.locator("#missed-filter").fill("")

    # A to Z, then grouped by length: longest first, each group's words and points.
    page.locator("#missed-sort").select_option("alpha")
    assert buttons.evaluate_all(words) == sorted(w["word"] for w in missed)
    page.locator("#missed-group").check()
    lengths = sorted({len(w["word"]) for w in missed}, reverse=True)
    titles = []
    for length in lengths:
        group = [w for w in missed if len(w["word"]) == length]
        count, points = len(group), sum(w["score"] for w in group)
        noun = "word" if count == 1 else "words"
        unit = "point" if points == 1 else "points"
        titles.append(f"{length} letters {count} {noun}, {points} {unit}")
    expect(page.locator("#missed-list .group-title")).to_have_text(titles)
    grouped = sorted(missed, key=lambda w: (-len(w["word"]), w["word"]))
    assert buttons.evaluate_all(words) == [w["word"] for w in grouped]
    # A word chosen from the tools' list still shows its path.
    buttons.first.click()
    assert marked(page) == path_steps(grouped[0])


def test_a_round_on_random_dice_takes_the_sets_time_and_rules(
    page: Page, live_url: str, expect: Callable
) -> None:
    page.goto(f"{live_url}/practice")
    expect(page.locator("#minutes")).to_have_value("180")
    page.locator("#source").select_option("6x6")
    expect(page.locator("#minutes")).to_have_value("240")  # Super Big Boggle: 4 minutes
    expect(page.locator("#setup-min")).to_have_text("4")
    page.get_by_role("button", name="Start the round").click()
    expect(page.locator("#result-board .cube")).to_have_count(36)
    expect(page.locator("#timer")).to_have_text(re.compile(r"^(4:00|3:5\d)$"))
    stored = page.evaluate("JSON.parse(localStorage.getItem('boggle.practice'))")
    assert (stored["rows"], stored["cols"], stored["min_length"], stored["dice"]) == (
        6,
        6,
        4,
        "superbig",
    )
    assert isinstance(stored["seed"], int) and stored["ends"] - stored["started"] == 240_000
    # Stop asks first: "Keep playing" goes back to the round, "Stop now" ends it.
    page.get_by_role("button", name="Stop", exact=True).click()
    expect(page.locator("#stop-question")).to_have_text("Stop the round?")
    expect(page.get_by_role("button", name="Keep playing")).to_be_focused()
    page.get_by_role("button", name="Keep playing").click()
    expect(page.locator("#word-form")).to_be_visible()
    expect(page.locator("#stop-confirm")).to_be_hidden()
    page.get_by_role("button", name="Stop", exact=True).click()
    page.get_by_role("button", name="Stop now").click()
    expect(page.locator("#summary-title")).to_have_text("Round stopped")
    expect(page.locator("#summary-text")).to_contain_text("0 of ")


def test_the_practice_clock_rounds_the_time_left_up_to_whole_seconds(
    page: Page, live_url: str, expect: Callable
) -> None:
    # The page's clock is Playwright's, stopped while the round starts and moved on by
    # hand: the timer reads what is left, never a second less (3:00 for the whole first
    # second of a three-minute round, 0:01 until the very end).
    page.clock.install()
    page.goto(f"{live_url}/practice?{urlencode({'board': BOARD, 'seconds': 180})}")
    expect(page.locator("#needs-js")).to_be_hidden()
    page.clock.pause_at(page.evaluate("Date.now()") + 60_000)
    page.get_by_role("button", name="Start the round").click()
    expect(page.locator("#result-board .cube")).to_have_count(16)
    timer = page.locator("#timer")
    expect(timer).to_have_text("3:00")
    stored = page.evaluate("JSON.parse(localStorage.getItem('boggle.practice'))")
    assert stored["ends"] - stored["started"] == 180_000
    assert page.evaluate("Date.now()") == stored["started"]
    # The timer ticks every 200 ms: these are the ticks at 0.4 s, 1.0 s, 1.2 s, 179.6 s.
    for elapsed_ms, shown in [(400, "3:00"), (1000, "2:59"), (1200, "2:59"), (179_600, "0:01")]:
        page.clock.run_for(elapsed_ms - (page.evaluate("Date.now()") - stored["started"]))
        expect(timer).to_have_text(shown)
    expect(page.locator("#word-form")).to_be_visible()  # still running at 0:01
    page.clock.run_for(400)
    expect(timer).to_have_text("0:00")
    expect(page.locator("#summary-title")).to_have_text("Time's up")


def test_a_running_round_draws_only_when_its_clock_moves(
    page: Page, live_url: str, expect: Callable
) -> None:
    # The clock moves the timer and its bar every 200 ms, 5 frames a second. A
    # transition on the bar's width (which only the main thread can animate) drew a
    # frame every 16 ms for the whole round (121 to 124 in these 2 s), 7 times the work.
    page.goto(f"{live_url}/practice?{urlencode({'board': BOARD, 'seconds': 180})}")
    expect(page.locator("#needs-js")).to_be_hidden()
    page.get_by_role("button", name="Start the round").click()
    expect(page.locator("#result-board .cube")).to_have_count(16)
    page.wait_for_timeout(500)  # the board drawn and settled
    drawn = frames_drawn(page, 2)
    # 10 or 11 here; at most twice the ticks, for the caret's blink and the like.
    assert 0 < drawn <= 2 * 2 * 5, f"{drawn} frames drawn in 2 s of a round"


# --- Phones and no JavaScript ---------------------------------------------------------


def scroll_width(page: Page) -> int:
    return page.evaluate("document.scrollingElement.scrollWidth")


def test_on_a_phone_both_pages_fit_and_a_finger_traces_words(
    phone: Page, live_url: str, expect: Callable, solve_api: Callable, artifacts: Path
) -> None:
    phone.goto(f"{live_url}/scoring?{urlencode({'board': BOARD})}")
    assert scroll_width(phone) <= 375
    fill_players(
        phone, [*PLAYERS, ("A name that is rather long", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz")]
    )
    phone.get_by_role("button", name="Score the game").tap()
    expect(phone.locator("#score-results")).to_be_visible()
    assert scroll_width(phone) <= 375

    traced = next(w for w in solve_api(BOARD)["words"] if w["word"] == "tapes")
    phone.goto(f"{live_url}/practice?{urlencode({'board': BOARD, 'seconds': 60})}")
    assert scroll_width(phone) <= 375
    phone.get_by_role("button", name="Start the round").tap()
    expect(phone.locator("#result-board .cube")).to_have_count(16)
    assert scroll_width(phone) <= 375
    # A finger drag, as Chromium's touch input sends it: the page must not scroll instead.
    scrolled = phone.evaluate("scrollY")
    touch = phone.context.new_cdp_session(phone)
    points = [cell_centre(phone, r, c) for r, c in traced["path"]]
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [_at(points[0])]})
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        for step in range(1, 5):
            at = (x0 + (x1 - x0) * step / 4, y0 + (y1 - y0) * step / 4)
            touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [_at(at)]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(phone.locator("#message")).to_have_text("tapes: found, +2 points")
    assert phone.evaluate("scrollY") == scrolled
    phone.screenshot(path=artifacts / "practice-phone.png", full_page=True)


def _at(point: tuple[float, float]) -> dict[str, float]:
    return {"x": point[0], "y": point[1]}


def test_without_javascript_scoring_posts_and_practice_says_it_needs_it(
    no_js_page: Page, live_url: str, expect: Callable
) -> None:
    page = no_js_page
    page.goto(f"{live_url}/practice")
    expect(page.locator("#needs-js")).to_be_visible()
    expect(page.locator("#practice")).to_be_hidden()
    expect(page.locator("#needs-js a")).to_have_attribute("href", "/")

    page.goto(f"{live_url}/scoring?{urlencode({'board': BOARD})}")
    expect(page.locator("[data-player]")).to_have_count(4)
    fill_players(page, PLAYERS)
    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#headline")).to_have_text("Ann wins with 15 points.")
    button = verdict_row(page, 0, "slate").locator("button[data-word]")
    button.click()  # a form post that asks for the word's path
    expect(verdict_row(page, 0, "slate").locator("button")).to_have_attribute(
        "aria-pressed", "true"
    )
    assert len(marked(page)) == 5


# --- From the solver ------------------------------------------------------------------


def test_the_solvers_results_lead_to_practice_and_scoring_on_that_board(
    page: Page, live_url: str, expect: Callable
) -> None:
    page.goto(live_url)
    page.locator("#board").fill("SERS/PATG/LINE/SERS")
    page.locator("#min_length").fill("4")
    page.locator("#board").press("Enter")
    expect(page.locator("#results")).to_be_visible()
    query = urlencode({"board": BOARD, "min_length": 4, "dictionary": "standard"})
    expect(page.locator("#practice-link")).to_have_attribute("href", f"/practice?{query}")
    page.get_by_role("link", name="Score a game on this board").click()
    expect(page.locator("#board")).to_have_value(BOARD)
    expect(page.locator("#min_length")).to_have_value("4")
    page.go_back()
    page.get_by_role("link", name="Practise on this board").click()
    expect(page.locator("#source")).to_have_value("given")
    expect(page.locator("#setup-min")).to_have_text("4")
