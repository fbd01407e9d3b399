"""What the browser tests do on the pages and read back from them, shared by the
browser test modules so that none imports another."""

from __future__ import annotations

import itertools
import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from werkzeug.serving import make_server

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from flask import Flask
    from playwright.sync_api import Locator, Page


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

#: The phone a table plays on (390 x 844 CSS px at twice the density, with touch), and
#: a laptop, as ``open_page(**PHONE_390)`` takes them.
PHONE_390 = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
LAPTOP_1366 = {"viewport": {"width": 1366, "height": 768}}

# Whether nothing covers an element: the point at its centre hits it (or its inside).
UNCOVERED = """(element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return element.contains(hit);
}"""
# Whether an element is wholly inside the viewport.
ON_SCREEN = """(element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
}"""
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


#: Waits two frames and a little: what a tap set going (a fetch, a redraw) has settled.
SETTLE = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300)))"


def settle(page: Page) -> None:
    """Wait until what the last action set going has settled, and the page holds still."""
    page.evaluate(SETTLE)
    page.evaluate(STILL)


def box(locator: Locator) -> dict[str, float]:
    """Where an element is drawn, in CSS px from the viewport's corner; it must be shown."""
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not shown"
    return found


def on_screen(locator: Locator) -> bool:
    """Whether an element is wholly on the screen."""
    return locator.evaluate(ON_SCREEN)


def uncovered(locator: Locator) -> bool:
    """Whether nothing is drawn over the middle of an element."""
    return locator.evaluate(UNCOVERED)


def type_words(page: Page, words: tuple[str, ...], expect: Callable) -> None:
    """Type words into a round's word box, one by one, each judged before the next."""
    word = page.locator("#word-input")
    for typed in words:
        word.fill(typed)
        word.press("Enter")
        expect(page.locator("#message")).to_contain_text(typed)


def check_round_screen(
    page: Page, board: str, recent: list[str], expect: Callable, artifacts: Path, name: str
) -> None:
    """A round's screen on a phone, practice's and a room's alike: the header steps back;
    the timer, the whole `board` and the word box are on the first screen, the `recent`
    words (the last three, newest first) by the box; with the on-screen keyboard open
    (the viewport 390 x 450, the box focused) the whole board and the box are on screen
    together. Screenshots of both go to test-artifacts/, named after `name`."""
    page.evaluate("scrollTo(0, 0)")
    settle(page)
    header = page.locator(".site-header")
    assert box(header)["height"] <= 48
    for gone in (".tagline", ".site-nav", "#theme-toggle"):
        expect(page.locator(gone)).to_be_hidden()
    cubes = page.locator(f"{board} .cube")
    timer, word = page.locator("#timer"), page.locator("#word-input")
    for shown in (timer, word, *cubes.all()):
        assert on_screen(shown), shown
    assert box(timer)["y"] < box(page.locator(board))["y"] < box(word)["y"]
    # The last three words entered, newest first, just above the box.
    expect(page.locator("#recent .attempt-word")).to_have_text(recent)
    line = box(page.locator("#recent"))
    assert 0 <= box(word)["y"] - (line["y"] + line["height"]) <= 16
    page.screenshot(path=artifacts / f"phone-{name}.png")

    # The on-screen keyboard takes the screen's lower half.
    word.focus()
    page.set_viewport_size({"width": 390, "height": 450})
    settle(page)
    for shown in (word, *cubes.all()):
        assert on_screen(shown), f"with the keyboard open, {shown} is off the screen"
    page.screenshot(path=artifacts / f"phone-{name}-keyboard.png")
    page.set_viewport_size({"width": 390, "height": 844})


def frames_drawn(page: Page, seconds: float) -> int:
    """The frames the page's main thread painted over ``seconds``: its Paint steps, those
    within a few ms of each other (one frame's layers) counted once."""
    browser = page.context.browser
    assert browser is not None
    browser.start_tracing(page=page, categories=["devtools.timeline"])
    page.wait_for_timeout(seconds * 1000)
    events = json.loads(browser.stop_tracing())["traceEvents"]
    main = {
        (e["pid"], e["tid"]) for e in events if e.get("args", {}).get("name") == "CrRendererMain"
    }
    paints = sorted(
        e["ts"] for e in events if e.get("name") == "Paint" and (e["pid"], e["tid"]) in main
    )
    # Frames are 16 ms apart at the most frequent (60 Hz); timestamps are in µs.
    starts = [at for before, at in itertools.pairwise([-(10**12), *paints]) if at - before > 4_000]
    return len(starts)
