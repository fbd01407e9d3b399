"""The scoring and practice pages without JavaScript: forms, server-drawn results, errors, CSP.

The scoring page's results are checked against ``POST /score`` for the same game, and
its board against the page contract (GUIDE.md): cells with ``data-row``/``data-col``,
words on the board as buttons with ``data-word``, a chosen word's path in ``data-step``.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from flask.testing import FlaskClient
from html_tree import Node, parse, steps

from web.security import CONTENT_SECURITY_POLICY

BOARD = "sers patg line sers"
# Three players who share words: "sea" by all three, "pa" (too short) by Ann and Bob.
GAME = [
    ("Ann", "slate, sea, tapes\nxyzzy pa arteries"),
    ("Bob", "sea lines pa tapers"),
    ("Cy", "sea grates zzz rest at"),
]


def form_data(players: list[tuple[str, str]], **fields: str) -> dict[str, Any]:
    """The scoring form's fields, as a browser posts them (empty slots included)."""
    names = [name for name, _ in players] + [""]
    words = [text for _, text in players] + [""]
    return (
        {"board": BOARD, "min_length": "3", "dictionary": "standard"}
        | fields
        | {
            "name": names,
            "words": words,
        }
    )


def post(client: FlaskClient, data: dict[str, Any], status: int = 200) -> Node:
    response = client.post("/scoring", data=data)
    assert response.status_code == status, response.text[:500]
    return parse(response.text)


def score_api(client: FlaskClient, players: list[tuple[str, str]], **fields: str) -> dict:
    body = {"board": BOARD, **fields, "players": [{"name": n, "words": w} for n, w in players]}
    response = client.post("/score", json=body)
    return response.get_json()


def path_of(button: Node) -> list[list[int]]:
    return [[int(n) for n in cell.split(",")] for cell in button.attrs["data-path"].split()]


# --- The scoring form -----------------------------------------------------------------


def test_the_scoring_page_is_a_post_form_with_player_slots(client: FlaskClient) -> None:
    response = client.get("/scoring")
    assert response.status_code == 200
    doc = parse(response.text)
    form = doc.by_id("score-form")
    assert (form.attrs["method"], form.attrs["action"]) == ("post", "/scoring")
    assert form.find("input", name="board").attrs["value"] == ""
    assert form.find("input", name="min_length").attrs["value"] == ""  # the board's size decides
    options = form.find("select", name="dictionary").find_all("option")
    assert [o.attrs["value"] for o in options if "selected" in o.attrs] == ["standard"]
    # Four slots without the script (it trims them to two and adds more on demand).
    assert len(form.find_all("input", name="name")) == 4
    assert len(form.find_all("textarea", name="words")) == 4
    # The two beyond the script's two are drawn only without it, "Add player" only with
    # it, so that the page does not move when the script trims them.
    slots = form.find_all("fieldset", **{"data-player": True})
    assert [s.attrs["class"] for s in slots] == ["player", "player"] + ["player without-script"] * 2
    assert "with-script" in doc.by_id("add-player").attrs["class"].split()
    assert "hidden" in doc.by_id("score-results").attrs
    assert not doc.find_all(**{"data-row": True})


def test_every_filled_slot_is_drawn_with_the_script_too_and_the_spare_after_not(
    client: FlaskClient,
) -> None:
    players = {"name": ["Ann", "Bo", "Cy"], "words": ["tap", "sat", "pat"]}
    doc = parse(client.post("/scoring", data={"board": "sers patg line sers", **players}).text)
    slots = doc.by_id("score-form").find_all("fieldset", **{"data-player": True})
    assert [s.attrs["class"] for s in slots] == ["player"] * 3 + ["player without-script"]


def test_the_scoring_form_is_filled_in_from_the_address(client: FlaskClient) -> None:
    query = {"board": "SERS PATG LINE SERS", "min_length": "4", "dictionary": "common"}
    doc = parse(client.get("/scoring?" + urlencode(query)).text)
    assert doc.find("input", name="board").attrs["value"] == "SERS PATG LINE SERS"
    assert doc.find("input", name="min_length").attrs["value"] == "4"
    selected = doc.find("select", name="dictionary").find("option", selected=True)
    assert selected.attrs["value"] == "common"
    assert doc.by_id("rule-min").text == "4"


def test_the_solvers_results_link_to_practice_and_scoring_on_the_same_board(
    client: FlaskClient,
) -> None:
    doc = parse(client.get("/?" + urlencode({"board": BOARD, "min_length": "4"})).text)
    for link_id, path in (("practice-link", "/practice"), ("scoring-link", "/scoring")):
        link = urlsplit(doc.by_id(link_id).attrs["href"])
        assert link.path == path
        assert parse_qs(link.query) == {
            "board": [BOARD],
            "min_length": ["4"],
            "dictionary": ["standard"],
        }


# --- Scored without JavaScript --------------------------------------------------------


def test_a_posted_game_shows_each_players_verdicts_as_score_judges_them(
    client: FlaskClient,
) -> None:
    expected = score_api(client, GAME)
    doc = post(client, form_data(GAME))
    sections = doc.by_id("player-scores").find_all("section")
    assert [s.find(**{"class": "player-name"}).text for s in sections] == ["Ann", "Bob", "Cy"]
    for section, player in zip(sections, expected["players"], strict=True):
        rows = section.find("tbody").find_all("tr")
        assert [row.attrs["class"] for row in rows] == [
            f"verdict-{w['verdict']}" for w in player["words"]
        ]
        for row, word in zip(rows, player["words"], strict=True):
            cells = row.find_all("td")
            assert cells[0].text == word["word"]
            assert cells[2].text == str(word["points"])
            buttons = row.find_all("button", **{"data-word": True})
            if word["path"]:
                assert path_of(buttons[0]) == word["path"]
            else:
                assert not buttons
        total = section.find("tfoot")
        assert total.find("td").text == str(player["total_score"])
        assert f"{player['long_words']} long word" in total.text


def verdict_rows(doc: Node, player: int) -> dict[str, Node]:
    """A player's table rows (counting from 0), by the word in their first cell."""
    section = doc.by_id("player-scores").find_all("section")[player]
    return {row.find_all("td")[0].text: row for row in section.find("tbody").find_all("tr")}


def verdict_text(row: Node) -> str:
    return row.find_all("td")[1].text


def test_duplicates_are_struck_through_and_name_the_others(client: FlaskClient) -> None:
    doc = post(client, form_data(GAME))
    ann, cy = verdict_rows(doc, 0), verdict_rows(doc, 2)
    sea = ann["sea"]
    assert sea.attrs["class"] == "verdict-duplicate"
    assert sea.find("s").text == "sea"
    assert sea.find(**{"class": "also"}).text == "also: Bob, Cy"
    assert verdict_text(ann["pa"]) == "duplicate also: Bob"  # crossed off before its length
    assert verdict_text(ann["xyzzy"]) == "not a word"
    assert verdict_text(ann["slate"]) == "scored"
    assert verdict_text(cy["rest"]) == "not on the board"
    assert verdict_text(cy["at"]) == "too short"
    assert not ann["xyzzy"].find_all("button")


def test_the_ranking_shows_ranks_totals_and_the_winner(client: FlaskClient) -> None:
    expected = score_api(client, GAME)
    doc = post(client, form_data(GAME))
    rows = doc.by_id("ranking-rows").find_all("tr")
    shown = [
        (
            r.find_all("td")[0].text,
            r.find("th").text,
            r.find_all("td")[1].text,
            r.find_all("td")[2].text,
        )
        for r in rows
    ]
    assert shown == [
        (
            str(e["rank"]),
            e["name"] + (" winner" if e["rank"] == 1 else ""),
            str(e["total_score"]),
            str(e["long_words"]),
        )
        for e in expected["ranking"]
    ]
    assert expected["winners"] == ["Ann"]
    assert [r.attrs.get("class") for r in rows] == ["winner", None, None]
    assert (
        doc.by_id("headline").text
        == f"Ann wins with {expected['players'][0]['total_score']} points."
    )
    winners = [
        s for s in doc.by_id("player-scores").find_all("section") if "winner" in s.attrs["class"]
    ]
    assert [s.find(**{"class": "player-name"}).text for s in winners] == ["Ann"]


@pytest.mark.parametrize(
    ("players", "headline", "ranks"),
    [
        # 2 points each; Ann's is one long word, Bob's two short ones.
        ([("Ann", "slate"), ("Bob", "tap sea")], "Ann wins on the tie-break", ["1", "2"]),
        # Equal on points and long words: they share first place.
        (
            [("Ann", "slate"), ("Bob", "lines")],
            "Ann and Bob share first place with 2 points and 1 long word each.",
            ["1 tied", "1 tied"],
        ),
    ],
)
def test_ties_are_broken_by_long_words_or_shared(
    client: FlaskClient, players: list[tuple[str, str]], headline: str, ranks: list[str]
) -> None:
    doc = post(client, form_data(players))
    assert doc.by_id("headline").text.startswith(headline)
    rows = doc.by_id("ranking-rows").find_all("tr")
    assert [r.find_all("td")[0].text for r in rows] == ranks
    assert sum("winner" in (r.attrs.get("class") or "") for r in rows) == len(
        score_api(client, players)["winners"]
    )


def test_the_missed_words_are_buttons_with_paths_sorted_by_score(client: FlaskClient) -> None:
    expected = score_api(client, GAME)
    doc = post(client, form_data(GAME))
    buttons = doc.by_id("missed-list").find_all("button", **{"data-word": True})
    assert [b.attrs["data-word"] for b in buttons] == [
        w["word"] for w in expected["missed"]["words"]
    ]
    scores = [int(b.attrs["data-score"]) for b in buttons]
    assert scores == sorted(scores, reverse=True)
    assert [path_of(b) for b in buttons[:5]] == [w["path"] for w in expected["missed"]["words"][:5]]
    count = doc.by_id("missed-count").text
    assert count == (
        f"Nobody found {expected['missed']['count']:,} words worth "
        f"{expected['missed']['total_score']:,} points."
    )
    # The board is drawn next to the results, as the page contract says.
    cells = doc.by_id("result-board").find_all(**{"data-row": True, "data-col": True})
    assert [c.text for c in cells] == [face for row in expected["board"] for face in row]
    assert not steps(doc)


def test_a_word_button_asks_for_its_path_and_the_page_marks_it(client: FlaskClient) -> None:
    doc = post(client, form_data(GAME))
    button = doc.by_id("player-scores").find("button", **{"data-word": "slate"})
    assert (button.attrs["type"], button.attrs["form"], button.attrs["name"]) == (
        "submit",
        "score-form",
        "word",
    )
    chosen = post(client, form_data(GAME, word="slate"))
    path = path_of(button)
    assert steps(chosen) == {tuple(cell): step for step, cell in enumerate(path, 1)}
    pressed = chosen.find_all("button", **{"aria-pressed": "true"})
    assert [b.attrs["data-word"] for b in pressed] == ["slate"]
    assert "name" not in pressed[0].attrs  # asks for no word: choosing again clears
    assert chosen.by_id("selection").text == "slate: 2 points"
    # A word nobody found, and a duplicate, show their paths too: the paths worked by
    # hand on the board (the README's for arteries; sea from the first S, as searched).
    for word, path in [
        ("arteries", [(1, 1), (0, 2), (1, 2), (2, 3), (3, 2), (2, 1), (3, 1), (3, 0)]),
        ("sea", [(0, 0), (0, 1), (1, 1)]),
    ]:
        marked = steps(post(client, form_data(GAME, word=word)))
        assert marked == {cell: step for step, cell in enumerate(path, 1)}


# --- Errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (form_data([]), "players"),
        (form_data([("Ann", "sea"), ("ann", "tap")]), "players"),
        (form_data([("", "sea")]), "players"),
        (form_data(GAME, board="abcd efg"), "board"),
        (form_data(GAME, min_length="2"), "min_length"),
        (form_data(GAME, dictionary="klingon"), "dictionary"),
    ],
)
def test_a_bad_game_is_a_400_with_the_message_beside_the_filled_in_form(
    client: FlaskClient, data: dict[str, Any], field: str
) -> None:
    slots = list(zip(data["name"], data["words"], strict=True))
    filled = [(n, w) for n, w in slots if n.strip() or w.strip()]
    fields = {k: v for k, v in data.items() if k not in ("name", "words")}
    players = [{"name": n, "words": w} for n, w in filled]
    message = client.post("/score", json=fields | {"players": players}).get_json()["error"][
        "message"
    ]
    doc = post(client, data, 400)
    note = doc.by_id(f"{field}-error")
    assert note.text == message
    assert "hidden" not in note.attrs
    for other in {"board", "min_length", "dictionary", "players"} - {field}:
        assert "hidden" in doc.by_id(f"{other}-error").attrs
    assert doc.find("input", name="board").attrs["value"] == data["board"]
    shown = zip(
        [i.attrs["value"] for i in doc.find_all("input", name="name")],
        [t.text for t in doc.find_all("textarea", name="words")],
        strict=True,
    )
    assert [(n, w) for n, w in shown if n or w] == [(n, " ".join(w.split())) for n, w in filled]
    assert "hidden" in doc.by_id("score-results").attrs


def test_too_many_words_is_said_beside_the_players(client: FlaskClient) -> None:
    doc = post(client, form_data([("Ann", " ".join(["sea"] * 1001))]), 400)
    assert "1,001 words; the limit is 1,000" in doc.by_id("players-error").text
    assert doc.find_all("textarea", name="words")[0].text.startswith("sea sea")


def test_player_names_and_words_are_shown_escaped(client: FlaskClient) -> None:
    name = "<script>alert(1)</script>"
    players = [(name, "sea <b>x</b> a<i>b slate"), ("Bob", "sea")]
    response = client.post("/scoring", data=form_data(players))
    assert response.status_code == 200
    assert "<script>alert" not in response.text
    assert "<b>x" not in response.text and "a<i>b" not in response.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in response.text
    doc = parse(response.text)
    assert doc.find_all(**{"class": "player-name"})[0].text == name
    assert doc.find_all("input", name="name")[0].attrs["value"] == name
    assert not doc.find_all("script", src=False)


# --- The practice page ----------------------------------------------------------------


def test_practice_says_it_needs_javascript_and_links_to_the_solver(client: FlaskClient) -> None:
    response = client.get("/practice")
    assert response.status_code == 200
    doc = parse(response.text)
    notice = doc.by_id("needs-js")
    assert "hidden" not in notice.attrs and "without-script" in notice.attrs["class"].split()
    assert "needs JavaScript" in notice.text
    assert notice.find("a", href="/")
    practice = doc.by_id("practice")
    assert "hidden" not in practice.attrs and "with-script" in practice.attrs["class"].split()
    assert "hidden" not in doc.by_id("setup").attrs and "hidden" in doc.by_id("round").attrs
    assert practice.attrs["data-board"] == ""
    assert practice.attrs["data-seconds"] == ""
    assert practice.attrs["data-dictionary"] == "standard"
    sources = [o.attrs["value"] for o in doc.by_id("source").find_all("option")]
    assert sources == ["4x4", "5x5", "6x6"]


def test_a_round_running_is_drawn_as_its_screen_from_the_first_paint(
    client: FlaskClient,
) -> None:
    client.set_cookie("practice_round", "4x5", path="/practice")
    doc = parse(client.get("/practice").text)
    assert "hidden" in doc.by_id("setup").attrs and "hidden" not in doc.by_id("round").attrs
    tray = doc.by_id("result-board").parent
    assert (tray.attrs["data-rows"], tray.attrs["data-cols"]) == ("4", "5")
    assert len(doc.by_id("result-board").find_all(role="cell")) == 20


@pytest.mark.parametrize("value", ["", "4x", "x4", "0x4", "4x4x4", "99x99", "-1x4", "\uff14x4"])
def test_a_running_round_cookie_that_is_no_board_s_shape_draws_the_setup(
    client: FlaskClient, value: str
) -> None:
    client.set_cookie("practice_round", value, path="/practice")
    doc = parse(client.get("/practice").text)
    assert "hidden" not in doc.by_id("setup").attrs and "hidden" in doc.by_id("round").attrs


def test_practice_takes_the_board_time_and_dictionary_from_the_address(
    client: FlaskClient,
) -> None:
    query = {"board": "SERS/PATG/LINE/SERS", "min_length": "4", "dictionary": "common"}
    doc = parse(client.get("/practice?" + urlencode(query | {"seconds": "3"})).text)
    practice = doc.by_id("practice")
    assert {name: practice.attrs[f"data-{name}"] for name in ("board", "rows", "cols")} == {
        "board": BOARD,  # as the solver writes it
        "rows": "4",
        "cols": "4",
    }
    assert practice.attrs["data-min-length"] == "4"
    assert practice.attrs["data-dictionary"] == "common"
    assert practice.attrs["data-seconds"] == "3"
    source = doc.by_id("source").find("option", selected=True)
    assert (source.attrs["value"], source.text) == ("given", "The solver's board (4 \u00d7 4)")
    assert doc.by_id("minutes").find("option", selected=True).attrs["value"] == "3"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"board": "abcd efg"}, "row 2 has 3 cells; the others have 4"),
        ({"board": BOARD, "seconds": "0"}, "a whole number from 1 to 3600, not 0"),
        ({"board": BOARD, "seconds": "soon"}, "'seconds' must be a whole number"),
        ({"board": BOARD, "min_length": "2"}, "'min_length' must be a whole number from 3"),
        ({"dictionary": "klingon"}, "there is no dictionary called 'klingon'"),
    ],
)
def test_practice_says_what_is_wrong_with_its_address(
    client: FlaskClient, query: dict[str, str], message: str
) -> None:
    response = client.get("/practice?" + urlencode(query))
    assert response.status_code == 400
    doc = parse(response.text)
    assert message in doc.by_id("link-error").text
    assert doc.by_id("practice").attrs["data-board"] == ""
    assert "given" not in [o.attrs["value"] for o in doc.by_id("source").find_all("option")]


# --- Security and static files --------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "url", "data"),
    [
        ("get", "/scoring", None),
        ("get", f"/scoring?board={BOARD}", None),
        ("post", "/scoring", form_data(GAME)),
        ("post", "/scoring", form_data(GAME, word="slate")),
        ("post", "/scoring", form_data([])),
        ("get", "/practice", None),
        ("get", f"/practice?board={BOARD}&seconds=3", None),
        ("get", "/practice?board=abc", None),
    ],
)
def test_the_pages_have_no_inline_script_or_style_and_send_the_csp(
    client: FlaskClient, method: str, url: str, data: dict | None
) -> None:
    response = getattr(client, method)(url, data=data)
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    doc = parse(response.text)
    assert not doc.find_all("style")
    data = [s for s in doc.find_all("script") if s.attrs.get("type") == "application/json"]
    scripts = [s for s in doc.find_all("script") if s not in data]
    assert scripts
    # Data the browser never runs: the rules, read by lib/rules.js, and the scripts'
    # words, read by lib/i18n.js (none needed in English).
    assert sorted(blob.attrs.get("id") for blob in data) == ["messages", "rules"]
    for blob in data:
        if blob.attrs["id"] == "rules":
            assert json.loads(blob.text)["shortest_scored"] == 3
        else:
            assert json.loads(blob.text) == {"lang": "en", "messages": {}}
    for script in scripts:
        assert script.attrs.get("src", "").startswith("/static/js/"), script.attrs
        assert not script.text
        # theme.js alone is a plain script: it runs before the page is drawn.
        if script.attrs["src"] != "/static/js/theme.js":
            assert script.attrs.get("type") == "module"
    for node in doc.iter():
        assert "style" not in node.attrs, node.tag
        assert not [name for name in node.attrs if name.startswith("on")], node.tag
    for url in [n.attrs["href"] for n in doc.find_all("link")] + [s.attrs["src"] for s in scripts]:
        static = client.get(url)
        assert static.status_code == 200, url
        static.close()
