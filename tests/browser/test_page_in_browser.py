"""The page in a real Chromium: typing a board, solving in place, paths, phones, no JavaScript.

Paths are checked against GET /solve: a chosen word marks exactly its path's cells
with ``data-step`` 1..k (the page contract in GUIDE.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlencode

import pytest
from page_actions import BOARD, marked, path_steps, solve_by_text, word_button

from boggle import BoardError, parse_board

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def grid_values(page: Page) -> list[str]:
    return page.locator("#entry-grid input").evaluate_all("inputs => inputs.map(i => i.value)")


def cube(page: Page, row: int, col: int):
    """The entry grid's input for a cube, by its label (rows and columns count from 1)."""
    return page.get_by_label(f"row {row}, column {col}", exact=True)


def test_typing_into_the_cubes_moves_on_and_q_gives_qu(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    page.goto(live_url)
    cube(page, 1, 1).click()
    page.keyboard.type("sers")
    expect(cube(page, 2, 1)).to_be_focused()
    page.keyboard.type("qu")  # one Qu cube: the u typed after q is not another cube
    expect(cube(page, 2, 1)).to_have_value("Qu")
    expect(cube(page, 2, 2)).to_be_focused()
    page.keyboard.press("Backspace")  # from an empty cube: back one, and clear it
    expect(cube(page, 2, 1)).to_have_value("")
    expect(cube(page, 2, 1)).to_be_focused()
    page.keyboard.type("patglinesers")
    expect(page.locator("#board")).to_have_value(BOARD)
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    expect(cube(page, 3, 3)).to_be_focused()

    page.keyboard.press("Enter")
    expected = solve_api(BOARD)
    expect(page.locator("#stat-count")).to_have_text(f"{expected['count']:,}")
    expect(page.locator("#stat-total")).to_have_text(f"{expected['total_score']:,}")
    expect(page.locator("#word-list button[data-word]")).to_have_count(expected["count"])
    assert f"board={BOARD.replace(' ', '+')}" in page.url
    cells = page.locator("#result-board [data-row][data-col]")
    assert cells.all_inner_texts() == [face for row in expected["board"] for face in row]


def test_a_half_typed_grid_is_not_sent(page: Page, live_url: str, expect: Callable) -> None:
    page.goto(live_url)
    cube(page, 1, 1).click()
    page.keyboard.type("abcd")
    page.keyboard.press("Enter")
    expect(page.locator("#board-error")).to_have_text("Fill every cube first: 12 of 16 are empty.")
    expect(cube(page, 2, 1)).to_be_focused()
    expect(page.locator("#results")).to_be_hidden()


@pytest.mark.parametrize(
    ("rows", "cols", "typed", "text"),
    [(1, 4, "word", "1x4: w o r d"), (4, 1, "word", "4x1: w o r d"), (2, 2, "anhe", "an / he")],
)
def test_a_grid_typed_into_the_cubes_is_solved_in_its_own_shape(
    page: Page, live_url: str, expect: Callable, rows: int, cols: int, typed: str, text: str
) -> None:
    page.goto(live_url)
    page.locator("#size").select_option("custom")
    page.locator("#rows").fill(str(rows))
    page.locator("#rows").dispatch_event("change")
    page.locator("#cols").fill(str(cols))
    page.locator("#cols").dispatch_event("change")
    cube(page, 1, 1).click()
    page.keyboard.type(typed)
    expect(page.locator("#board")).to_have_value(text)
    page.keyboard.press("Enter")
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#result-board .board-row")).to_have_count(rows)
    expect(page.locator("#result-board .cube")).to_have_count(rows * cols)
    expect(page.locator("#board-error")).to_be_hidden()


# What results.js draws, read from the page for comparison with the server's drawing.
DRAWING = """() => {
    const all = (selector, read) => [...document.querySelectorAll(selector)].map(read);
    const numbers = (e, names) => names.map((name) => Number(e.getAttribute(name)));
    return {
        cubes: all("#result-board .cube", (c) =>
            [c.className, c.dataset.row, c.dataset.col, c.textContent]),
        viewBox: document.querySelector(".path-layer").getAttribute("viewBox"),
        words: all("#word-list button", (b) =>
            [b.dataset.word, b.dataset.score, b.dataset.path, b.textContent]),
        texts: all("#length-chart g > *:is(title, text)", (t) => t.textContent),
        bars: all("#length-chart rect", (r) => numbers(r, ["x", "y", "width", "height"])).flat(),
        chart: document.querySelector("#length-chart").getAttribute("aria-label"),
        numbers: all("#stat-count, #stat-total, #long-share, #longest", (e) => e.textContent),
    };
}"""


def test_the_script_draws_results_as_the_server_does(
    page: Page, live_url: str, expect: Callable
) -> None:
    board = "q a t e / r s # i / n t in l / e s a d"
    page.goto(f"{live_url}/?{urlencode({'board': board})}")
    drawn_by_server = page.evaluate(DRAWING)
    page.goto(live_url)
    solve_by_text(page, expect, board)
    drawn_by_script = page.evaluate(DRAWING)
    # Bar widths are rounded to tenths on both sides, perhaps the other way at a half.
    assert drawn_by_script.pop("bars") == pytest.approx(drawn_by_server.pop("bars"), abs=0.06)
    assert drawn_by_script == drawn_by_server
    assert len(drawn_by_server["words"]) > 20


def test_choosing_a_word_marks_its_path_and_choosing_again_clears_it(
    page: Page, live_url: str, expect: Callable, solve_api: Callable, artifacts: Path
) -> None:
    words = solve_api(BOARD)["words"]
    first, second = words[0], words[len(words) // 2]
    page.goto(live_url)
    solve_by_text(page, expect)

    word_button(page, first["word"]).click()
    assert marked(page) == path_steps(first)
    expect(word_button(page, first["word"])).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#selection")).to_contain_text(first["word"])
    points = page.locator(".path-line").get_attribute("points").split()
    assert points == [f"{c + 0.5},{r + 0.5}" for r, c in first["path"]]
    page.mouse.move(0, 0)
    page.locator(".board-panel").screenshot(path=artifacts / "solved-board.png")

    word_button(page, second["word"]).click()
    assert marked(page) == path_steps(second)
    expect(word_button(page, first["word"])).to_have_attribute("aria-pressed", "false")

    word_button(page, second["word"]).click()
    assert marked(page) == {}
    assert page.locator(".path-line").get_attribute("points") == ""


def test_hovering_a_word_previews_its_path_and_leaves_nothing_behind(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    words = solve_api(BOARD)["words"]
    chosen, hovered = words[0], words[1]
    page.goto(live_url)
    solve_by_text(page, expect)
    word_button(page, chosen["word"]).click()

    word_button(page, hovered["word"]).hover()
    assert marked(page, "preview") == path_steps(hovered)
    assert marked(page) == path_steps(chosen)
    page.mouse.move(0, 0)
    assert marked(page, "preview") == {}
    assert marked(page) == path_steps(chosen)


def test_the_keyboard_alone_types_solves_and_chooses(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    def tab_until(script: str) -> None:
        for _ in range(40):
            page.keyboard.press("Tab")
            if page.evaluate(script):
                return
        pytest.fail(f"Tab never reached an element where {script}")

    page.goto(live_url)
    tab_until("document.activeElement.getAttribute('aria-label') === 'row 1, column 1'")
    page.keyboard.type("serspatglinesers")
    page.keyboard.press("Enter")
    expect(page.locator("#word-list button").first).to_be_visible()
    tab_until("'word' in document.activeElement.dataset")
    word = page.evaluate("document.activeElement.dataset.word")
    found = next(w for w in solve_api(BOARD)["words"] if w["word"] == word)
    page.keyboard.press("Enter")
    assert marked(page) == path_steps(found)
    page.keyboard.press("Space")
    assert marked(page) == {}


def test_a_whole_board_pasted_into_a_cube_fills_and_resizes_the_grid(
    page: Page, live_url: str, expect: Callable
) -> None:
    page.goto(live_url)
    paste = """([text]) => {
        const data = new DataTransfer();
        data.setData("text/plain", text);
        document.activeElement.dispatchEvent(new ClipboardEvent("paste",
            {clipboardData: data, bubbles: true, cancelable: true}));
    }"""
    cube(page, 2, 3).focus()
    page.evaluate(paste, ["abcde fghij klmno pqrst uvwxy"])
    expect(page.locator("#entry-grid input")).to_have_count(25)
    expect(page.locator("#size")).to_have_value("5x5")
    assert grid_values(page) == [*"ABCDEFGHIJKLMNOP", "Qu", *"RSTUVWXY"]
    expect(page.locator("#board")).to_have_value("abcde fghij klmno pqurst uvwxy")

    page.evaluate(paste, ["ab\ncd\nef"])
    expect(page.locator("#size")).to_have_value("custom")
    expect(page.locator("#rows")).to_have_value("3")
    expect(page.locator("#cols")).to_have_value("2")
    assert grid_values(page) == [*"ABCDEF"]


def test_the_text_field_fills_the_cubes(page: Page, live_url: str, expect: Callable) -> None:
    page.goto(live_url)
    page.locator("#board").fill("abcde fghij klmno pqrst uvwxy")
    expect(page.locator("#size")).to_have_value("5x5")  # larger: filled as it is typed
    page.locator("#board").fill("abc def ghi")
    expect(page.locator("#entry-grid input")).to_have_count(25)  # smaller: not yet...
    page.locator("#board").press("Tab")
    expect(page.locator("#entry-grid input")).to_have_count(9)  # ...but once it is left
    assert grid_values(page) == [*"ABCDEFGHI"]


def test_the_cubes_read_board_text_as_the_server_does(page: Page, live_url: str) -> None:
    texts = [
        *["serspatglinesers", "SERS PATG LINE SERS", "quat rstu", "ab\ncd\nef"],
        *["a b c qu / th e r s / a b c d / e f g h", "q a t / e # s / r t n"],
        *["abc", "abcd efg", "ab1d", "a zz b c"],
    ]
    page.goto(live_url)
    read = page.evaluate(
        """async (texts) => {
            const { parseBoard } = await import("/static/js/lib/board-text.js");
            return texts.map((text) => parseBoard(text));
        }""",
        texts,
    )
    for text, grid in zip(texts, read, strict=True):
        try:
            board = parse_board(text)
        except BoardError:
            assert grid is None, text
        else:
            faces = iter(board.faces)
            rows = [[next(faces) for _ in range(board.cols)] for _ in range(board.rows)]
            assert grid == rows, text


def test_choosing_6x6_asks_for_words_of_4_letters_and_back_to_3(
    page: Page, live_url: str, expect: Callable
) -> None:
    page.goto(live_url)
    page.locator("#size").select_option("6x6")
    expect(page.locator("#min_length")).to_have_value("4")
    expect(page.locator("#rule-min")).to_have_text("4")
    page.locator("#size").select_option("4x4")
    expect(page.locator("#min_length")).to_have_value("3")
    page.locator("#min_length").fill("5")
    page.locator("#size").select_option("6x6")
    expect(page.locator("#min_length")).to_have_value("5")  # a choice of the user's stays


def test_the_random_button_rolls_a_board_of_the_chosen_size(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    page.goto(live_url)
    page.locator("#size").select_option("6x6")
    page.get_by_role("button", name="Random board").click()
    expect(page.locator("#board")).not_to_have_value("")
    expect(page.locator("#min_length")).to_have_value("4")  # Super Big Boggle's rule
    values = grid_values(page)
    assert len(values) == 36 and all(values)
    rolled = solve_api(page.locator("#board").input_value())
    assert [face for row in rolled["board"] for face in row] == values


def test_the_address_keeps_the_board_and_word_across_a_reload(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    found = solve_api(BOARD)["words"][3]
    page.goto(live_url)
    solve_by_text(page, expect)
    word_button(page, found["word"]).click()
    assert f"word={found['word']}" in page.url

    page.reload()
    expect(page.locator("#board")).to_have_value(BOARD)
    expect(word_button(page, found["word"])).to_have_attribute("aria-pressed", "true")
    assert marked(page) == path_steps(found)
    word_button(page, found["word"]).click()  # the server's markup answers clicks too
    assert marked(page) == {}
    assert "word=" not in page.url


def test_back_and_forward_show_the_boards_solved_before(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    other = "abcd efgh ijkl mnop"
    page.goto(live_url)
    solve_by_text(page, expect)
    solve_by_text(page, expect, other)
    expect(page.locator("#stat-count")).to_have_text(f"{solve_api(other)['count']:,}")
    page.go_back()
    expect(page.locator("#board")).to_have_value(BOARD)
    expect(page.locator("#stat-count")).to_have_text(f"{solve_api(BOARD)['count']:,}")
    assert grid_values(page)[:4] == ["S", "E", "R", "S"]


def test_the_word_list_sorts_filters_and_groups(
    page: Page, live_url: str, expect: Callable
) -> None:
    page.goto(f"{live_url}/?board={BOARD}")
    buttons = page.locator("#word-list button[data-word]")

    def shown() -> list[str]:
        return buttons.evaluate_all("bs => bs.map(b => b.dataset.word)")

    expect(page.locator("#group")).to_be_checked()  # grouped by length by default
    page.locator("#group").uncheck()
    page.locator("#filter").fill("ing")
    expect(page.locator("#shown")).to_contain_text("contain “ing”")
    assert shown() and all("ing" in word for word in shown())
    page.locator("#sort").select_option("alpha")
    assert shown() == sorted(shown())
    page.locator("#sort").select_option("length")
    assert [len(w) for w in shown()] == sorted((len(w) for w in shown()), reverse=True)
    # By score, equal scores go longest first: 10 letters before 8, though both score 11.
    page.locator("#filter").fill("")
    page.locator("#sort").select_option("score")
    scored = buttons.evaluate_all(
        "bs => bs.map(b => [-Number(b.dataset.score), -b.dataset.word.length, b.dataset.word])"
    )
    assert scored == sorted(scored)
    assert scored[0] == [-11, -10, "eternalise"]
    page.locator("#group").check()
    titles = page.locator("#word-list h3").all_inner_texts()
    assert [t.split()[0] for t in titles] == sorted({str(len(w)) for w in shown()}, key=int)[::-1]


def test_the_script_lays_out_the_summary_the_server_sent(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    summary = solve_api(BOARD)["summary"]
    page.goto(live_url)
    solve_by_text(page, expect)
    expect(page.locator("#announce")).to_have_text(summary["line"])
    expect(page.locator("#long-share")).to_have_text(summary["long_share_text"])
    expect(page.locator("#longest")).to_have_text(", ".join(summary["longest"]))
    label = page.locator("#length-chart").get_attribute("aria-label")
    assert label == "Words and points by length: " + "; ".join(
        f"{row['length']} letters, {row['text']}" for row in summary["by_length"]
    )
    # Grouped by length, longest first, each group headed by the server's words for it.
    page.locator("#group").check()
    expect(page.locator("#word-list h3")).to_have_text(
        [f"{row['length']} letters {row['text']}" for row in reversed(summary["by_length"])]
    )
    # The README's board: 10 letters hold one word, worth 11 points.
    expect(page.locator("#word-list h3").first).to_have_text("10 letters 1 word, 11 points")
    # A page drawn by the server groups from the same summary, read back from the page.
    page.reload()
    page.locator("#group").check()
    expect(page.locator("#word-list h3")).to_have_text(
        [f"{row['length']} letters {row['text']}" for row in reversed(summary["by_length"])]
    )


def test_a_board_without_words_says_so_as_the_server_words_it(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    line = solve_api("xq zj", min_length="4")["summary"]["line"]
    assert line == "No words of 4 letters or more on this board."
    page.goto(live_url)
    page.locator("#board").fill("xq zj")
    page.locator("#min_length").fill("4")
    page.get_by_role("button", name="Find words").click()
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#word-list .empty")).to_have_text(line)
    expect(page.locator("#announce")).to_have_text(line)


def test_a_bad_board_shows_the_solvers_message_beside_the_field(
    page: Page, live_url: str, expect: Callable, console: list[str]
) -> None:
    page.goto(live_url)
    page.locator("#board").fill("abcd efg")
    page.locator("#board").press("Enter")
    expect(page.locator("#board-error")).to_have_text("row 2 has 3 cells; the others have 4")
    expect(page.locator("#board")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#announce")).to_have_text("row 2 has 3 cells; the others have 4")
    # Chromium logs the 400 answer itself; that one is expected.
    assert all("400" in message for message in console)
    console.clear()


def test_an_error_about_the_shortest_word_shows_beside_that_field(
    page: Page, live_url: str, expect: Callable, console: list[str]
) -> None:
    # The field's own limits keep 2 out of the form; an address in the history can
    # still ask for it, and going back solves what the address holds.
    page.goto(live_url)
    page.evaluate(
        """() => {
            history.pushState(null, "", "?board=sers+patg+line+sers&min_length=2");
            history.pushState(null, "", "?");
        }"""
    )
    page.go_back()
    expect(page.locator("#min_length-error")).to_be_visible()
    expect(page.locator("#min_length-error")).to_contain_text("min_length")
    expect(page.locator("#min_length")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#board-error")).to_be_hidden()
    expect(page.locator("#board")).not_to_have_attribute("aria-invalid", "true")
    assert all("400" in message for message in console)
    console.clear()


def test_a_phone_shows_everything_without_scrolling_sideways(
    phone: Page, live_url: str, expect: Callable, artifacts: Path
) -> None:
    def width() -> int:
        return phone.evaluate("document.scrollingElement.scrollWidth")

    phone.goto(live_url)
    assert width() <= 375
    phone.locator("#size").select_option("6x6")
    phone.get_by_role("button", name="Random board").tap()
    expect(phone.locator("#board")).not_to_have_value("")
    phone.get_by_role("button", name="Find words").tap()
    expect(phone.locator("#results")).to_be_visible()
    first = phone.locator("#word-list button[data-word]").first
    first.tap()
    expect(first).to_have_attribute("aria-pressed", "true")
    assert width() <= 375
    phone.locator("#board-title").evaluate("title => title.scrollIntoView()")
    phone.screenshot(path=artifacts / "phone.png")


def test_without_javascript_the_form_and_word_paths_still_work(
    no_js_page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    page = no_js_page
    expected = solve_api(BOARD)
    found = expected["words"][2]
    page.goto(live_url)
    expect(page.locator("#entry-grid")).to_be_hidden()
    expect(page.get_by_role("button", name="Random board")).to_be_hidden()
    page.locator("#board").fill(BOARD)
    page.get_by_role("button", name="Find words").click()
    expect(page.locator("#stat-count")).to_have_text(f"{expected['count']:,}")
    assert "board=" in page.url

    word_button(page, found["word"]).click()
    expect(word_button(page, found["word"])).to_have_attribute("aria-pressed", "true")
    assert f"word={found['word']}" in page.url
    assert marked(page) == path_steps(found)
    word_button(page, found["word"]).click()
    expect(word_button(page, found["word"])).to_have_attribute("aria-pressed", "false")
    assert marked(page) == {}
