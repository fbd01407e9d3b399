"""Sharing a board: its words as CSV (GET /words.csv), a QR code of its link (GET /qr)."""

from __future__ import annotations

import csv
import io

import pytest
import segno
from flask.testing import FlaskClient

BOARD = "sers patg line sers"


def test_the_csv_holds_every_word_with_its_letters_points_and_path(client: FlaskClient) -> None:
    response = client.get("/words.csv", query_string={"board": BOARD})
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert 'filename="boggle-words.csv"' in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["word", "letters", "points", "path"]
    solved = client.get("/solve", query_string={"board": BOARD}).get_json()
    assert rows[1:] == [
        [
            w["word"],
            str(len(w["word"])),
            str(w["score"]),
            " ".join(f"{r},{c}" for r, c in w["path"]),
        ]
        for w in solved["words"]
    ]
    # The README's board: 867 words, the first "arteries" (8 letters, 11 points).
    assert len(rows) == 1 + 867
    assert rows[1] == ["arteries", "8", "11", "1,1 0,2 1,2 2,3 3,2 2,1 3,1 3,0"]


def test_the_qr_code_is_the_solvers_link_to_the_board(client: FlaskClient) -> None:
    response = client.get(
        "/qr",
        query_string={"board": "SERS PATG LINE SERS", "min_length": "4", "dictionary": "Common"},
    )
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    # The link as the solver writes it: the board as text, the names as the catalog spells them.
    link = "http://localhost/?board=sers+patg+line+sers&min_length=4&dictionary=common"
    expected = io.BytesIO()
    segno.make(link, error="m").save(
        expected, kind="svg", xmldecl=False, title=f"QR code: {link}", border=2, scale=6
    )
    assert response.get_data() == expected.getvalue()
    assert f"<title>QR code: {link.replace('&', '&amp;')}</title>" in response.get_data(
        as_text=True
    )


@pytest.mark.parametrize(
    ("route", "query", "code"),
    [
        ("/qr", {}, "missing_board"),
        ("/qr", {"board": "abc"}, "bad_board"),
        ("/qr", {"board": BOARD, "dictionary": "klingon"}, "unknown_dictionary"),
        ("/qr", {"board": BOARD, "min_length": "two"}, "bad_min_length"),
        ("/words.csv", {}, "missing_board"),
        ("/words.csv", {"board": "abc"}, "bad_board"),
    ],
)
def test_a_bad_board_is_a_json_error_not_a_picture(
    client: FlaskClient, route: str, query: dict, code: str
) -> None:
    response = client.get(route, query_string=query)
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == code
