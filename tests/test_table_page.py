"""The tabletop page (/table) as the server draws it: the roll, its settings, its links, its errors.

The round itself runs in the browser (tests/browser/test_table_in_browser.py); here is
what the server answers for each address: the board rolled from the dice named (or the
interface language's own), each die turned as it landed and underlined as the dice
mark it, the links that carry the board on, and a 4xx page naming what is wrong with
settings it cannot use.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from flask.testing import FlaskClient
from html_tree import Node, parse

from boggle.board import parse_board
from boggle.dice import ALL_DICE_SETS, QUARTER_TURNS, UNDERLINED, landed_board
from boggle.languages import LANGUAGES

CSS = Path(__file__).resolve().parent.parent / "static" / "tabletop.css"


def table(client: FlaskClient, status: int = 200, **query: str) -> Node:
    response = client.get("/table", query_string=query)
    assert response.status_code == status, response.text[:500]
    assert response.mimetype == "text/html"
    return parse(response.text)


def cubes(doc: Node) -> list[Node]:
    return doc.by_id("table-board").find_all(role="cell")


def faces(doc: Node) -> list[str]:
    """Each cube's face as the page prints it ("#" for a blank), in cell order."""
    return [
        "#" if "tt-blank" in cube.attrs["class"] else cube.find("span", translate="no").text
        for cube in cubes(doc)
    ]


def link(doc: Node, link_id: str) -> tuple[str, dict[str, list[str]]]:
    """The path and query of one of the links the round ends with."""
    parts = urlsplit(doc.by_id(link_id).attrs["href"])
    return parts.path, parse_qs(parts.query)


# --- The roll ----------------------------------------------------------------------------


def test_the_page_draws_the_seeded_roll_each_die_turned_and_underlined_as_it_landed(
    client: FlaskClient,
) -> None:
    doc = table(client, dice="new", seed="2024")
    landed = landed_board("new", 2024)
    stage = doc.by_id("table")
    assert (stage.attrs["data-seed"], stage.attrs["data-dice"]) == ("2024", "new")
    assert stage.attrs["data-board"] == str(landed.board)
    assert faces(doc) == [face for row in landed.board.display_rows() for face in row]
    assert [int(cube.attrs["data-turn"]) for cube in cubes(doc)] == list(landed.turns)
    assert [(int(c.attrs["data-row"]), int(c.attrs["data-col"])) for c in cubes(doc)] == [
        divmod(i, 4) for i in range(16)
    ]
    underlined = [
        "tt-underlined" in cube.find("span", translate="no").attrs["class"] for cube in cubes(doc)
    ]
    assert underlined == list(landed.underlined)
    assert any(underlined)  # the board has m, w, n or z: the test shows the mark


@pytest.mark.parametrize("name", sorted(ALL_DICE_SETS))
def test_every_dice_sets_roll_turns_its_dice_by_quarter_turns_and_underlines_only_twins(
    client: FlaskClient, name: str
) -> None:
    turns = set()
    for seed in ("1", "2", "3"):
        doc = table(client, dice=name, seed=seed)
        spec = ALL_DICE_SETS[name]
        assert len(cubes(doc)) == spec.rows * spec.cols
        for cube in cubes(doc):
            turns.add(int(cube.attrs["data-turn"]))
            face = cube.find_all("span", translate="no")
            if face:
                marked = "tt-underlined" in face[0].attrs["class"]
                assert marked == (face[0].text.lower() in UNDERLINED), face[0].text
    assert turns == set(QUARTER_TURNS)


def test_without_a_seed_each_visit_rolls_afresh_and_names_its_seed(client: FlaskClient) -> None:
    seeds = {table(client).by_id("table").attrs["data-seed"] for _ in range(5)}
    assert len(seeds) == 5
    assert all(seed.isdigit() for seed in seeds)


def test_an_english_reader_rolls_the_new_dice_for_the_default_list_in_three_minutes(
    client: FlaskClient,
) -> None:
    doc = table(client)
    stage = doc.by_id("table")
    assert (stage.attrs["data-dice"], stage.attrs["data-seconds"]) == ("new", "180")
    assert doc.find("select", name="dictionary").find("option", selected=True).attrs["value"] == (
        "standard"
    )
    assert doc.by_id("clock-near").text == doc.by_id("clock-far").text == "3:00"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_a_reader_of_another_language_rolls_its_own_dice_for_its_own_list(
    client: FlaskClient, code: str
) -> None:
    client.set_cookie("lang", code)
    doc = table(client)
    assert doc.by_id("table").attrs["data-dice"] == code
    assert doc.find("select", name="dictionary").find("option", selected=True).attrs["value"] == (
        code
    )
    # The board's letters are the language's: it reads back in its rules.
    parse_board(doc.by_id("table").attrs["data-board"], rules=LANGUAGES[code])


def test_the_dice_named_choose_the_list_and_the_list_named_chooses_the_dice(
    client: FlaskClient,
) -> None:
    doc = table(client, dice="it-big")
    assert doc.find("select", name="dictionary").find("option", selected=True).attrs["value"] == (
        "it"
    )
    assert table(client, dictionary="FR").by_id("table").attrs["data-dice"] == "fr"
    # English dice for a German reader who names them: the default list, in English.
    client.set_cookie("lang", "de")
    doc = table(client, dice="big")
    assert doc.find("select", name="dictionary").find("option", selected=True).attrs["value"] == (
        "standard"
    )


def test_a_board_as_large_as_super_big_boggles_gets_four_minutes_unless_asked(
    client: FlaskClient,
) -> None:
    assert table(client, dice="superbig").by_id("table").attrs["data-seconds"] == "240"
    assert table(client, dice="big").by_id("table").attrs["data-seconds"] == "180"
    doc = table(client, dice="superbig", seconds="90")
    assert doc.by_id("table").attrs["data-seconds"] == "90"
    assert doc.by_id("clock-near").text == "1:30"
    # A time the list does not offer is offered too, and chosen.
    assert doc.find("select", name="seconds").find("option", selected=True).attrs["value"] == "90"
    chosen = table(client, seconds="300").find("select", name="seconds")
    assert chosen.find("option", selected=True).text == "5 minutes"


def test_the_dice_offered_are_every_languages_sets_grouped_by_language(
    client: FlaskClient,
) -> None:
    select = table(client).find("select", name="dice")
    groups = select.find_all("optgroup")
    assert [group.attrs["data-language"] for group in groups] == ["en", *LANGUAGES]
    offered = [option.attrs["value"] for option in select.find_all("option")]
    assert sorted(offered) == sorted(ALL_DICE_SETS)


def test_every_dice_sets_board_is_square_and_the_style_sheet_lays_out_its_size() -> None:
    css = CSS.read_text(encoding="utf-8")
    sized = {4} | {int(n) for n in re.findall(r'\.tt-board\[data-cols="(\d+)"\]', css)}
    for spec in ALL_DICE_SETS.values():
        assert spec.rows == spec.cols, spec.name
        assert spec.cols in sized, spec.name


# --- The links the round ends with ----------------------------------------------------


def test_the_links_carry_the_board_its_list_and_its_shortest_word(client: FlaskClient) -> None:
    doc = table(client, dice="superbig", seed="16")
    text = str(landed_board("superbig", 16).board)
    board = {"board": [text], "dictionary": ["standard"], "min_length": ["4"]}
    assert link(doc, "solver-link") == ("/", board)
    assert doc.by_id("solver-link").attrs["href"].endswith("#board-title")
    assert link(doc, "scoring-link") == ("/scoring", board)
    settings = {"dice": ["superbig"], "dictionary": ["standard"]}
    assert link(doc, "same-link") == ("/table", settings | {"seed": ["16"]})
    assert link(doc, "new-link") == ("/table", settings)


def test_a_time_chosen_goes_along_to_the_same_board_and_the_next(client: FlaskClient) -> None:
    doc = table(client, dice="new", seconds="60", seed="5")
    assert link(doc, "same-link")[1]["seconds"] == ["60"]
    assert link(doc, "new-link")[1]["seconds"] == ["60"]


@pytest.mark.parametrize(("dice", "seed"), [("superbig", "16"), ("nl", "45")])
def test_the_board_arrives_whole_on_the_solver_and_scoring_pages(
    client: FlaskClient, dice: str, seed: str
) -> None:
    # Boards with Qu, a two-letter face (An) and a blank, and a Dutch one: each cube
    # arrives as it was.
    doc = table(client, dice=dice, seed=seed)
    printed = faces(doc)
    solver = parse(client.get(doc.by_id("solver-link").attrs["href"]).text)
    cells = solver.by_id("result-board").find_all(role="cell")
    arrived = [
        "#" if "blank" in c.attrs["class"] else c.find("span", translate="no").text for c in cells
    ]
    assert arrived == printed
    scoring = parse(client.get(doc.by_id("scoring-link").attrs["href"]).text)
    typed = scoring.find("input", name="board").attrs["value"]
    assert typed == doc.by_id("table").attrs["data-board"]
    same = table(client, **{k: v[0] for k, v in link(doc, "same-link")[1].items()})
    assert faces(same) == printed
    assert [c.attrs["data-turn"] for c in cubes(same)] == [c.attrs["data-turn"] for c in cubes(doc)]


def test_the_same_address_gives_the_same_page_byte_for_byte(client: FlaskClient) -> None:
    # Nothing made for one request (no token, no nonce): a cache could keep the page.
    first = client.get("/table?dice=big&seed=77&seconds=120")
    second = client.get("/table?dice=big&seed=77&seconds=120")
    assert first.data == second.data
    assert "Set-Cookie" not in first.headers


# --- Settings it cannot use ------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "status", "code_field", "message"),
    [
        ({"dice": "huge"}, 400, "dice", "no dice set called 'huge'; the sets are classic, new,"),
        ({"dictionary": "klingon"}, 400, "dictionary", "klingon"),
        ({"dice": "de", "dictionary": "standard"}, 400, "dice", "the de dice show"),
        (
            {"seconds": "0"},
            400,
            "seconds",
            "'seconds' must be a whole number from 1 to 3600, not 0",
        ),
        ({"seconds": "ten"}, 400, "seconds", "not 'ten'"),
        ({"seed": "-1"}, 400, "seed", "'seed' must be a whole number from 0 to"),
        ({"dice": ["new", "big"]}, 400, "dice", "give 'dice' once, not 2 times"),
    ],
)
def test_settings_it_cannot_use_are_a_4xx_page_naming_what_is_wrong(
    client: FlaskClient,
    query: dict[str, str | list[str]],
    status: int,
    code_field: str,
    message: str,
) -> None:
    doc = table(client, status, **query)
    assert message in doc.by_id("table-error").text
    assert not doc.find_all(id="table")  # no board, no clock: the settings to fix
    assert doc.find_all("form", id="settings")
    # The field at fault is marked, when the form has it (the seed is the address's).
    invalid = doc.find_all("select", **{"aria-invalid": "true"})
    expected = [code_field] if code_field in ("dice", "dictionary", "seconds") else []
    assert [node.attrs["name"] for node in invalid] == expected


def test_a_refused_form_is_shown_back_as_it_was_sent(client: FlaskClient) -> None:
    doc = table(client, 400, dice="de", dictionary="standard", seconds="120")
    form = doc.by_id("settings")
    chosen = {
        s.attrs["name"]: s.find("option", selected=True).attrs["value"]
        for s in form.find_all("select")
    }
    assert chosen == {"dictionary": "standard", "dice": "de", "seconds": "120"}


def test_a_refused_list_or_dice_set_is_shown_as_the_one_the_page_would_choose(
    client: FlaskClient,
) -> None:
    client.set_cookie("lang", "fr")
    doc = table(client, 400, dice="huge", dictionary="klingon")
    form = doc.by_id("settings")
    chosen = {
        s.attrs["name"]: s.find("option", selected=True).attrs["value"]
        for s in form.find_all("select")[:2]
    }
    assert chosen == {"dictionary": "fr", "dice": "fr"}


# --- How the page is reached and built --------------------------------------------------


def test_the_home_page_and_the_navigation_lead_to_the_table(client: FlaskClient) -> None:
    home = parse(client.get("/").text)
    assert home.by_id("table-link").attrs["href"] == "/table"
    nav = home.find("nav", **{"class": "site-nav"})
    assert "/table" in [a.attrs["href"] for a in nav.find_all("a")]
    here = table(client).find("nav", **{"class": "site-nav"}).find("a", href="/table")
    assert here.attrs["aria-current"] == "page"


def test_the_page_loads_its_own_style_and_script_and_no_inline_script(client: FlaskClient) -> None:
    doc = table(client)
    sheets = [node.attrs["href"] for node in doc.find_all("link", rel="stylesheet")]
    assert sheets == ["/static/style.css", "/static/tabletop.css", "/static/tabletop-noscript.css"]
    (quiet,) = [node for node in doc.find_all("noscript") if node.find_all("link")]
    assert quiet.find("link").attrs["href"] == "/static/tabletop-noscript.css"
    scripts = [node.attrs.get("src") for node in doc.find_all("script") if node.attrs.get("src")]
    assert "/static/js/tabletop.js" in scripts
    for script in doc.find_all("script"):
        assert script.attrs.get("src") or script.attrs.get("type") == "application/json"
    assert not doc.find_all(style=True)
    # The other pages do not load the table's style sheet.
    assert "tabletop.css" not in client.get("/practice").text
