"""The page without JavaScript: the form, the results the server draws, errors, and the CSP rules.

The page contract (GUIDE.md) is checked on the parsed HTML: board cells carry
``data-row``/``data-col``, words are buttons with ``data-word``, and ``?word=`` marks
exactly that word's path with ``data-step`` 1..k.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from flask.testing import FlaskClient
from html_tree import Node, parse, steps

from web.security import CONTENT_SECURITY_POLICY

BOARD = "serspatglinesers"


def page(client: FlaskClient, status: int = 200, **query: str) -> Node:
    response = client.get("/?" + urlencode(query))
    assert response.status_code == status, response.text[:500]
    return parse(response.text)


def solve(client: FlaskClient, board: str = BOARD, **fields: str) -> dict:
    response = client.get("/solve?" + urlencode({"board": board, **fields}))
    assert response.status_code == 200
    return response.get_json()


# --- The form -------------------------------------------------------------------------


def test_the_page_is_a_get_form_of_board_min_length_and_dictionary(client: FlaskClient) -> None:
    doc = page(client)
    form = doc.by_id("solve-form")
    assert (form.attrs["method"], form.attrs["action"]) == ("get", "/")
    assert form.find("input", name="board").attrs["value"] == ""
    assert form.find("input", name="min_length").attrs["value"] == "3"
    options = form.find("select", name="dictionary").find_all("option")
    described = client.get("/dictionaries").get_json()
    assert [o.attrs["value"] for o in options] == [d["name"] for d in described["dictionaries"]]
    assert [o.attrs["value"] for o in options if "selected" in o.attrs] == [described["default"]]
    assert "hidden" in doc.by_id("results").attrs
    assert not doc.find_all(**{"data-row": True})


def test_what_needs_javascript_is_drawn_only_where_scripts_run(client: FlaskClient) -> None:
    doc = page(client)
    for id_ in ("random", "clear", "entry-grid", "size-controls", "word-tools", "theme-toggle"):
        node = doc.by_id(id_)
        assert "with-script" in node.attrs["class"].split(), id_
        assert "hidden" not in node.attrs, id_


def test_the_grid_is_drawn_with_the_board_solved_so_nothing_moves_when_the_script_takes_it(
    client: FlaskClient,
) -> None:
    grid = page(client, board="ab cd").by_id("entry-grid")
    cubes = grid.find_all("input")
    assert [c.attrs["value"] for c in cubes] == ["A", "B", "C", "D"]
    assert all("readonly" in c.attrs for c in cubes)
    # One Tab stop, as the script's roving focus has it.
    assert [c.attrs.get("tabindex") for c in cubes] == [None, "-1", "-1", "-1"]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_theme_chosen_is_named_on_the_page_so_it_paints_at_once(
    client: FlaskClient, theme: str
) -> None:
    client.set_cookie("theme", theme)
    response = client.get("/")
    html = parse(response.text).find("html")
    assert html.attrs["data-theme"] == theme
    assert "Cookie" in response.headers["Vary"]
    pressed = page(client).by_id("theme-toggle").attrs["aria-pressed"]
    assert pressed == str(theme == "dark").lower()


@pytest.mark.parametrize("value", ["", "blue", "dark; x", "<b>"])
def test_a_theme_cookie_that_is_not_a_theme_leaves_the_system_s(
    client: FlaskClient, value: str
) -> None:
    client.set_cookie("theme", value)
    assert "data-theme" not in parse(client.get("/").text).find("html").attrs


def test_the_rules_show_the_score_table(client: FlaskClient) -> None:
    table = page(client).find("table")
    assert [td.text for td in table.find_all("td")] == [
        *["3", "4", "5", "6", "7", "8+"],
        *["1", "1", "2", "3", "5", "11"],
    ]


# --- Results --------------------------------------------------------------------------


def test_a_board_draws_its_cells_words_count_and_total(client: FlaskClient) -> None:
    expected = solve(client)
    doc = page(client, board=BOARD)
    cells = doc.by_id("result-board").find_all(**{"data-row": True, "data-col": True})
    assert [(int(c.attrs["data-row"]), int(c.attrs["data-col"]), c.text) for c in cells] == [
        (r, c, face) for r, row in enumerate(expected["board"]) for c, face in enumerate(row)
    ]
    buttons = doc.find_all("button", **{"data-word": True})
    # Grouped by length, longest first; in a group, in the order /solve sends them.
    by_length = sorted(expected["words"], key=lambda w: -len(w["word"]))  # a stable sort
    assert [b.attrs["data-word"] for b in buttons] == [w["word"] for w in by_length]
    assert doc.by_id("stat-count").text == f"{expected['count']:,}"
    assert doc.by_id("stat-total").text == f"{expected['total_score']:,}"
    assert doc.by_id("stat-time").text.endswith(" ms")
    assert not steps(doc)


def test_each_group_of_the_word_list_says_its_words_and_points_once(client: FlaskClient) -> None:
    summary = solve(client)["summary"]
    doc = page(client, board=BOARD)
    groups = doc.by_id("word-list").find_all("div", **{"class": "words grouped"})
    titles = [h.text for h in doc.by_id("word-list").find_all("h3")]
    # The README's board holds one word of 10 letters (11 points) and 81 of 3 letters.
    assert titles[0] == "10 letters 1 word, 11 points"
    assert titles[-1] == "3 letters 81 words, 81 points"
    assert titles == [
        f"{row['length']} letters {row['text']}" for row in reversed(summary["by_length"])
    ]
    for group, row in zip(groups, reversed(summary["by_length"]), strict=True):
        words = [b.attrs["data-word"] for b in group.find_all("button")]
        assert len(words) == row["count"]
        assert {len(w) for w in words} == {row["length"]}
        assert not group.find_all(**{"class": "score"})  # said once, in the heading


def test_each_word_button_carries_its_score_and_path(client: FlaskClient) -> None:
    expected = {w["word"]: w for w in solve(client)["words"]}
    for button in page(client, board=BOARD).find_all("button", **{"data-word": True}):
        found = expected[button.attrs["data-word"]]
        assert int(button.attrs["data-score"]) == found["score"]
        path = [[int(n) for n in cell.split(",")] for cell in button.attrs["data-path"].split()]
        assert path == found["path"]


def test_word_buttons_ask_for_their_word_on_the_same_board(client: FlaskClient) -> None:
    doc = page(client, board="SERS PATG LINE SERS", min_length="4", dictionary="common")
    form = doc.by_id("word-form")
    assert form.attrs["method"] == "get"
    hidden = {i.attrs["name"]: i.attrs["value"] for i in form.find_all("input", type="hidden")}
    assert hidden == {"board": "sers patg line sers", "min_length": "4", "dictionary": "common"}
    button = form.find_all("button", **{"data-word": True})[0]
    assert (button.attrs["type"], button.attrs["name"]) == ("submit", "word")
    assert button.attrs["value"] == button.attrs["data-word"]


def test_a_chosen_word_marks_exactly_its_path(client: FlaskClient) -> None:
    words = solve(client)["words"]
    for found in (words[0], words[len(words) // 2], words[-1]):
        doc = page(client, board=BOARD, word=found["word"])
        assert steps(doc) == {tuple(cell): step for step, cell in enumerate(found["path"], 1)}
        line = doc.find("polyline", **{"class": "path-line"})
        points = [tuple(float(n) for n in p.split(",")) for p in line.attrs["points"].split()]
        assert points == [(c + 0.5, r + 0.5) for r, c in found["path"]]
        pressed = doc.find_all("button", **{"aria-pressed": "true"})
        assert [b.attrs["data-word"] for b in pressed] == [found["word"]]
        # Without a name, the chosen word's button asks for the board with no word: it clears.
        assert "name" not in pressed[0].attrs


def test_a_word_not_on_the_board_marks_nothing(client: FlaskClient) -> None:
    doc = page(client, board=BOARD, word="zebra")
    assert not steps(doc)
    assert not doc.find_all("button", **{"aria-pressed": "true"})


def test_the_summary_shows_words_by_length_and_the_long_share(client: FlaskClient) -> None:
    expected = solve(client)
    lengths = sorted({len(w["word"]) for w in expected["words"]})
    doc = page(client, board=BOARD)
    chart = doc.by_id("length-chart")
    labels = [t.text for t in chart.find_all("text", **{"class": "chart-label"})]
    assert labels == [f"{n} letters" for n in lengths]
    long_points = sum(w["score"] for w in expected["words"] if len(w["word"]) >= 5)
    assert doc.by_id("long-share").text == f"{long_points / expected['total_score']:.0%}"
    longest = sorted(expected["words"], key=lambda w: (-len(w["word"]), w["word"]))[:5]
    assert doc.by_id("longest").text == ", ".join(w["word"] for w in longest)


def test_qu_and_blank_faces_are_drawn_as_cubes(client: FlaskClient) -> None:
    doc = page(client, board="q a t / e # s / r t n")
    cells = doc.by_id("result-board").find_all(**{"data-row": True})
    assert cells[0].text == "Qu" and "multi" in cells[0].attrs["class"]
    assert "blank" in cells[4].attrs["class"]


def test_a_board_without_words_says_so(client: FlaskClient) -> None:
    doc = page(client, board="xxxx xxxx xxxx xxxx")
    assert doc.by_id("stat-count").text == "0"
    assert "No words" in doc.by_id("word-list").text


# --- Errors ---------------------------------------------------------------------------


def test_a_bad_board_is_a_400_with_the_message_beside_the_filled_in_field(
    client: FlaskClient,
) -> None:
    message = client.get("/solve?board=abcd+efg").get_json()["error"]["message"]
    doc = page(client, 400, board="abcd efg", min_length="4")
    assert doc.by_id("board-error").text == message
    assert "hidden" not in doc.by_id("board-error").attrs
    field = doc.find("input", name="board")
    assert field.attrs["value"] == "abcd efg"
    assert field.attrs["aria-invalid"] == "true"
    assert "board-error" in field.attrs["aria-describedby"]
    assert doc.find("input", name="min_length").attrs["value"] == "4"
    assert "hidden" in doc.by_id("results").attrs


@pytest.mark.parametrize(
    ("query", "field"),
    [({"min_length": "2"}, "min_length"), ({"dictionary": "klingon"}, "dictionary")],
)
def test_other_errors_show_beside_their_own_field(
    client: FlaskClient, query: dict[str, str], field: str
) -> None:
    doc = page(client, 400, board=BOARD, **query)
    assert doc.by_id(f"{field}-error").text
    assert "hidden" in doc.by_id("board-error").attrs
    assert doc.by_id(field).attrs["aria-invalid"] == "true"


def test_what_a_user_typed_is_shown_escaped(client: FlaskClient) -> None:
    typed = "<script>alert(1)</script>"
    response = client.get("/?" + urlencode({"board": typed}))
    assert response.status_code == 400
    assert "<script>alert" not in response.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in response.text
    assert parse(response.text).find("input", name="board").attrs["value"] == typed


def test_the_error_page_is_html_in_the_same_style(client: FlaskClient) -> None:
    response = client.get("/no-such-page", headers={"Accept": "text/html"})
    assert response.status_code == 404
    doc = parse(response.text)
    assert doc.find("link", rel="stylesheet").attrs["href"] == "/static/style.css"
    assert "nothing at this address" in doc.find("main").text
    assert doc.find("main").find("a", href="/")


# --- Security and static files --------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "/",
        f"/?board={BOARD}",
        f"/?board={BOARD}&word=slate",
        "/?board=abc",
        "/?board=%3Cscript%3Ealert(1)%3C/script%3E",
        "/no-such-page",
    ],
)
def test_pages_have_no_inline_script_or_style_and_send_the_csp(
    client: FlaskClient, url: str
) -> None:
    response = client.get(url, headers={"Accept": "text/html"})
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    doc = parse(response.text)
    assert not doc.find_all("style")
    for script in doc.find_all("script"):
        if script.attrs.get("type") == "application/json":
            # Data the browser never runs: the rules blob, read by lib/rules.js, the
            # /solve summary of a page drawn with results, read by results.js, and the
            # scripts' words, read by lib/i18n.js.
            data = json.loads(script.text)
            if script.attrs.get("id") == "solve-summary":
                assert data["line"] == "Found 867 words worth 2,576 points."
                continue
            if script.attrs.get("id") == "messages":
                # The scripts' words in the reader's language (web/i18n.py): English
                # here, which needs none.
                assert data == {"lang": "en", "messages": {}}
                continue
            assert script.attrs.get("id") == "rules"
            assert data["shortest_scored"] == 3
            continue
        assert script.attrs.get("src", "").startswith("/static/"), script.attrs
        assert not script.text
        if script.attrs["src"] == "/static/js/theme.js":
            # The one plain script: it must run before the page is drawn, so that a
            # chosen theme never flashes the other (a module would run after).
            continue
        assert script.attrs.get("type") == "module"
    for node in doc.iter():
        assert "style" not in node.attrs, node.tag
        assert not [name for name in node.attrs if name.startswith("on")], node.tag


@pytest.mark.parametrize(
    ("path", "mimetype"),
    [
        ("/static/style.css", "text/css"),
        ("/static/js/main.js", "text/javascript"),
        ("/static/js/entry.js", "text/javascript"),
        ("/static/js/results.js", "text/javascript"),
        ("/static/favicon.svg", "image/svg+xml"),
    ],
)
def test_static_files_are_served(client: FlaskClient, path: str, mimetype: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.mimetype == mimetype
    response.close()


STATIC = Path(__file__).resolve().parent.parent / "static"
CONTENT_TYPES = {
    ".css": "text/css",
    ".js": "text/javascript",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
# A module's static imports: import { x } from "./results.js";
IMPORT = re.compile(r'^import [^;]*? from "(\./[\w./-]+)";', re.MULTILINE)


@pytest.mark.parametrize("address", ["/", "/scoring", "/practice"])
def test_every_static_file_the_page_names_is_served_as_it_is_on_disk(
    client: FlaskClient, address: str
) -> None:
    doc = parse(client.get(address).text)
    urls = [n.attrs["href"] for n in doc.find_all("link")]
    urls += [n.attrs["src"] for n in doc.find_all("script") if "src" in n.attrs]
    pending, served = [u for u in urls if u.startswith("/static/")], set()
    # The icon and the installed app's, the style sheet, the theme, the service worker's
    # registration and the page's script.
    assert len(pending) == 6
    while pending:
        url = pending.pop()
        if url in served:
            continue
        served.add(url)
        response = client.get(url)
        file = STATIC / url.removeprefix("/static/")
        assert response.status_code == 200, url
        assert response.mimetype == CONTENT_TYPES[file.suffix], url
        assert response.data == file.read_bytes(), url
        response.close()
        if file.suffix == ".js":
            # The modules it imports are fetched too: follow them.
            base = url.rsplit("/", 1)[0]
            pending += [
                f"{base}/{name.removeprefix('./')}" for name in IMPORT.findall(file.read_text())
            ]
    scripts = {url for url in served if url.endswith(".js")}
    assert "/static/js/lib/word-list.js" in scripts  # the word lists, shared by the pages


@pytest.mark.parametrize(("given", "stated"), [("5", "5"), ("", "3"), ("2", "3"), ("x", "3")])
def test_the_rules_state_the_shortest_word_asked_for(
    client: FlaskClient, given: str, stated: str
) -> None:
    assert page(client, min_length=given).by_id("rule-min").text == stated


def test_a_6x6_grid_asks_for_words_of_4_letters_as_super_big_boggle_does(
    client: FlaskClient,
) -> None:
    doc = page(client, size="6x6")
    assert doc.find("input", name="min_length").attrs["value"] == "4"
    assert doc.by_id("rule-min").text == "4"
    assert "4 on a 6x6 board" in doc.by_id("min_length-hint").text
    assert page(client, size="5x5").find("input", name="min_length").attrs["value"] == "3"


def test_a_6x6_board_solved_without_a_shortest_word_counts_4_letters(
    client: FlaskClient,
) -> None:
    board = "abcdef ghijkl mnoprs tuvwxy zabcde fghijk"
    doc = page(client, board=board)
    assert doc.by_id("min_length").attrs["value"] == "4"
    assert doc.by_id("rule-min").text == "4"
    shown = [b.attrs["data-word"] for b in doc.find_all("button", **{"data-word": True})]
    assert shown == [w["word"] for w in solve(client, board)["words"]]
    assert all(len(word) >= 4 for word in shown)


def test_a_dictionary_named_in_another_case_is_selected_in_the_form(client: FlaskClient) -> None:
    doc = page(client, board=BOARD, dictionary="Common")
    selected = [o for o in doc.by_id("dictionary").find_all("option") if "selected" in o.attrs]
    assert [o.attrs["value"] for o in selected] == ["common"]


# --- A wrong cube, marked on the grid without the script -------------------------------


def test_a_board_refused_for_one_cube_is_drawn_with_that_cube_marked(client: FlaskClient) -> None:
    doc = page(client, 400, board="sers patg li7e sers")
    grid = doc.by_id("entry-grid")
    assert "hidden" not in grid.attrs
    assert (grid.attrs["data-rows"], grid.attrs["data-cols"]) == ("4", "4")
    cubes = grid.find_all("input")
    assert [c.attrs["value"] for c in cubes] == [*"SERS", *"PATG", "L", "I", "7", "E", *"SERS"]
    assert all("readonly" in c.attrs for c in cubes)  # the text field is what is sent
    wrong = [c for c in cubes if c.attrs.get("aria-invalid") == "true"]
    assert [c.attrs["aria-label"] for c in wrong] == ["row 3, column 3"]
    # The message is tied to the cube, and the focus goes there.
    assert wrong[0].attrs["aria-describedby"] == "cube-error"
    assert "autofocus" in wrong[0].attrs
    message = "'7' (row 3, cell 3) is not a letter a-z"
    assert doc.by_id("cube-error").text == message and "hidden" not in doc.by_id("cube-error").attrs
    assert doc.by_id("board-error").text == message  # and beside the text, which is sent
    assert sum("autofocus" in c.attrs for c in cubes) == 1
    assert sum(c.attrs.get("tabindex") != "-1" for c in cubes) == 1  # one Tab stop


def test_a_letter_of_another_language_is_marked_as_typed(client: FlaskClient) -> None:
    doc = page(client, 400, board="1x3: a ñ o", dictionary="de")
    cubes = doc.by_id("entry-grid").find_all("input")
    assert [c.attrs["value"] for c in cubes] == ["A", "ñ", "O"]
    assert [c.attrs.get("aria-invalid") for c in cubes] == [None, "true", None]


@pytest.mark.parametrize(
    "board",
    ["abcdefghijklmn7", "sers patg linex sers", "hearths"],
    ids=["no-shape", "row-length", "not-square"],
)
def test_an_error_with_no_cube_to_draw_leaves_an_empty_grid_to_the_script(
    client: FlaskClient, board: str
) -> None:
    doc = page(client, 400, board=board)
    grid = doc.by_id("entry-grid")
    assert "with-script" in grid.attrs["class"].split()
    cubes = grid.find_all("input")
    assert len(cubes) == int(grid.attrs["data-rows"]) * int(grid.attrs["data-cols"])
    assert not any(c.attrs["value"] or "aria-invalid" in c.attrs for c in cubes)
    assert "hidden" in doc.by_id("cube-error").attrs
    assert doc.by_id("board").attrs["aria-invalid"] == "true"


# --- Each list's letters, handed to the grid ------------------------------------------


def test_the_page_hands_the_grid_each_list_s_letters_and_faces(client: FlaskClient) -> None:
    doc = page(client)
    rules = json.loads(doc.by_id("rules").text)
    described = client.get("/dictionaries").get_json()["dictionaries"]
    assert set(rules["boards"]) == {d["name"] for d in described}
    for entry in described:
        reading = rules["boards"][entry["name"]]
        assert reading["alphabet"] == entry["alphabet"]
        faces = [face.capitalize() for face in reading["multi_letter_faces"]]
        assert faces == entry["multi_letter_faces"]
    assert rules["boards"]["de"]["alphabet"].endswith("äöü")
    assert (rules["boards"]["fr"]["folds_accents"], rules["boards"]["standard"]["composed"]) == (
        True,
        False,
    )


@pytest.mark.parametrize(
    ("dictionary", "faces"),
    [("standard", ["qu", "th", "in", "er", "he", "an"]), ("de", ["qu"]), ("nl", ["qu"])],
)
def test_the_picker_offers_the_chosen_list_s_cubes(
    client: FlaskClient, dictionary: str, faces: list[str]
) -> None:
    picker = page(client, dictionary=dictionary).by_id("face-picker")
    offered = [b.attrs["data-face"] for b in picker.find_all("button")]
    assert offered == [*faces, "#"]
