"""What the browser tests do on the pages and read back from them, shared by the
browser test modules so that none imports another."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from werkzeug.serving import make_server

if TYPE_CHECKING:
    from collections.abc import Callable

    from flask import Flask
    from playwright.sync_api import Page


@contextmanager
def served(app: Flask) -> Iterator[str]:
    """The app served from a background thread on a free local port: its address."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


BOARD = "sers patg line sers"
# Overlapping lists: "sea" is on all three, "pa" (too short) on Ann's and Bob's.
PLAYERS = [
    ("Ann", "slate, sea, tapes\nxyzzy pa arteries"),
    ("Bob", "sea lines pa tapers"),
    ("Cy", "sea grates zzz rest at"),
]


def marked(page: Page, kind: str = "step") -> dict[tuple[int, int], int]:
    """The result board's cells that carry data-{kind}, by (row, col)."""
    cells = page.eval_on_selector_all(
        f"#result-board [data-{kind}]",
        f"cells => cells.map(c => [+c.dataset.row, +c.dataset.col, +c.dataset.{kind}])",
    )
    return {(row, col): step for row, col, step in cells}


def path_steps(word: dict[str, Any]) -> dict[tuple[int, int], int]:
    """What marked() should find for a /solve word."""
    return {(row, col): step for step, (row, col) in enumerate(word["path"], 1)}


def word_button(page: Page, word: str):
    return page.locator(f'#word-list button[data-word="{word}"]')


# Resolves once the page has held still for 100 ms: a smooth scroll has ended.
STILL = """() => new Promise((done) => {
    let last = null;
    const look = () => {
        if (last === scrollY) return done();
        last = scrollY;
        setTimeout(look, 100);
    };
    look();
})"""


def solve_by_text(page: Page, expect: Callable, board: str = BOARD) -> None:
    """Type a board into the text field and press Enter; wait for the words, and for the
    page to stop scrolling to them (a tap while it glides lands on whatever passes by)."""
    page.locator("#board").fill(board)
    page.locator("#board").press("Enter")
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#word-list button").first).to_be_visible()
    page.evaluate(STILL)


def fill_players(page: Page, players: list[tuple[str, str]]) -> None:
    """Type the players into the slots, adding slots as needed."""
    for number, (name, words) in enumerate(players):
        slots = page.locator("[data-player]")
        if slots.count() <= number:
            page.get_by_role("button", name="Add player").click()
        slot = slots.nth(number)
        slot.get_by_label("Name").fill(name)
        slot.get_by_label("Words").fill(words)


def verdict_row(page: Page, player: int, word: str):
    """A player's table row for a word (players count from 0)."""
    section = page.locator("#player-scores > section").nth(player)
    first_cell = page.locator("td:first-child", has_text=re.compile(f"^{word}$"))
    return section.locator("tbody tr").filter(has=first_cell)


# Every visible element with text of its own, with its colour against the first
# background behind it; text on a gradient (the cubes, checked below) is left out.
# WCAG asks 4.5:1 of text, 3:1 of large text: 24 px, or 18.66 px (14 pt) and bold.
LOW_CONTRAST = """() => {
    const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
    const luminance = ([r, g, b]) => {
        const lin = (v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a, b) => {
        const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
    };
    const behind = (element) => {
        for (let e = element; e; e = e.parentElement) {
            const style = getComputedStyle(e);
            if (style.backgroundImage !== 'none') return null;
            const colour = rgb(style.backgroundColor);
            if (colour.length < 4 || colour[3] === 1) return colour;
        }
        return [255, 255, 255];
    };
    const low = [];
    for (const element of document.querySelectorAll('body *')) {
        const own = [...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own || !element.checkVisibility({opacityProperty: true})) continue;
        if (element.closest('.vh, script, .qr')) continue;
        const background = behind(element);
        if (!background) continue;
        const style = getComputedStyle(element);
        const size = parseFloat(style.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
        const value = ratio(rgb(style.color), background);
        const text = element.textContent.trim().slice(0, 30);
        if (value < (large ? 3 : 4.5)) {
            const where = element.parentElement?.className ?? "";
            low.push([element.tagName, element.className, where, text, value.toFixed(2)]);
        }
    }
    return low;
}"""


def low_contrast(page: Page) -> list:
    """The text below its contrast minimum on the page, once the chosen path has drawn itself."""
    page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")
    return page.evaluate(LOW_CONTRAST)
