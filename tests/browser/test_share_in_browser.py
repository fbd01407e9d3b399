"""Sharing a board from the page, in a real Chromium: its link, its words, a QR code, CSV."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

import pytest
from page_actions import BOARD, PLAYERS, fill_players, solve_by_text

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def test_the_share_button_copies_the_boards_link_and_the_words_copy_as_text(
    page: Page, live_url: str, expect: Callable, solve_api: Callable
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_url)
    page.goto(live_url)
    solve_by_text(page, expect)
    # Headless Chromium has no share sheet: the link is copied instead.
    assert not page.evaluate("'share' in navigator")
    page.get_by_role("button", name="Share this board").click()
    expect(page.locator("#share-status")).to_have_text("Link copied: paste it to share this board.")
    link = page.evaluate("navigator.clipboard.readText()")
    assert parse_qs(urlsplit(link).query)["board"] == [BOARD]

    page.get_by_role("button", name="Copy the words").click()
    expect(page.locator("#share-status")).to_have_text(
        "Copied 867 words, one a line with its points."
    )
    copied = page.evaluate("navigator.clipboard.readText()").split("\n")
    words = {w["word"]: w["score"] for w in solve_api(BOARD)["words"]}
    assert len(copied) == len(words) == 867
    assert {line.split("\t")[0]: int(line.split("\t")[1]) for line in copied} == words


def test_the_qr_code_and_the_csv_follow_the_board_solved(
    page: Page, live_url: str, expect: Callable
) -> None:
    page.goto(live_url)
    solve_by_text(page, expect)
    page.get_by_text("QR code of this board").click()
    qr = page.locator("#qr")
    expect(qr).to_be_visible()
    # A function, not an expression: polling an expression evaluates a string, which
    # the page's CSP refuses (as it should) whenever the image is not loaded at once.
    page.wait_for_function("() => document.getElementById('qr').complete")
    assert page.evaluate("document.getElementById('qr').naturalWidth") > 100  # it loaded
    assert parse_qs(urlsplit(qr.get_attribute("src")).query)["board"] == [BOARD]
    with page.expect_download() as download:
        page.get_by_role("link", name="Download CSV").click()
    assert download.value.suggested_filename == "boggle-words.csv"
    lines = open(download.value.path(), encoding="utf-8").read().splitlines()  # noqa: SIM115
    assert lines[0] == "word,letters,points,path"
    assert len(lines) == 1 + 867


def test_the_printed_page_holds_the_board_and_every_word(
    page: Page, live_url: str, expect: Callable, artifacts: Path
) -> None:
    page.goto(live_url)
    solve_by_text(page, expect)
    page.emulate_media(media="print")
    shown = page.evaluate(
        """() => {
            const list = document.getElementById('word-list');
            const words = [...list.querySelectorAll('button[data-word]')];
            const visible = words.filter((b) => {
                const box = b.getBoundingClientRect();
                return box.width > 0 && box.height > 0 && b.checkVisibility();
            });
            return {
                words: visible.length,
                clipped: list.scrollHeight > list.clientHeight + 1,
                form: document.getElementById('solve-form').checkVisibility(),
                cubes: document.querySelectorAll('#result-board .cube').length,
                board: document.getElementById('result-board').checkVisibility(),
            };
        }"""
    )
    assert shown == {"words": 867, "clipped": False, "form": False, "cubes": 16, "board": True}
    page.pdf(path=artifacts / "print.pdf")


def test_a_scored_game_survives_a_reload_and_opens_from_its_link(
    page: Page, phone: Page, live_url: str, expect: Callable
) -> None:
    page.goto(f"{live_url}/scoring?board={BOARD}")
    fill_players(page, PLAYERS)
    page.get_by_role("button", name="Score the game").click()
    expect(page.locator("#score-results")).to_be_visible()
    headline = page.locator("#headline").text_content()
    assert "#game=" in page.url
    page.reload()
    expect(page.locator("#score-results")).to_be_visible()
    expect(page.locator("#headline")).to_have_text(headline)
    expect(page.locator("[data-player]")).to_have_count(3)
    # The address, opened afresh on a phone across the table: the same game, scored again.
    other = phone
    other.goto(page.url)
    expect(other.locator("#headline")).to_have_text(headline)
    names = other.locator('[data-player] [name="name"]').evaluate_all("i => i.map(x => x.value)")
    assert names == [name for name, _ in PLAYERS]
