"""The app installed and used with the network off, in Chromium: the service worker
keeps the pages, scripts, search and word graph; the solver finds /solve's words with
the page's own search; a practice round plays and is counted; the manifest passes
Chromium's installability checks."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from page_actions import BOARD

pytestmark = pytest.mark.browser

# The browser the session's fixture launches (tests/browser/conftest.py), launched once
# more with a profile of its own.
CHROMIUM = os.environ.get("BOGGLE_CHROMIUM", "/usr/bin/chromium")

# Resolves once the service worker controls the page and has kept the list's graph
# file (the page asks for it when idle): the page is then ready for offline use.
READY_OFFLINE = """async (name) => {
    const deadline = Date.now() + 20000;
    await navigator.serviceWorker.ready;
    while (Date.now() < deadline) {
        if (navigator.serviceWorker.controller) {
            const cache = await caches.open("boggle-graphs");
            const kept = (await cache.keys()).map((r) => new URL(r.url).pathname);
            if (kept.some((path) => path.startsWith(`/graphs/${name}/`))) return kept;
        }
        await new Promise((wait) => setTimeout(wait, 50));
    }
    throw new Error("not ready for offline use after 20 s");
}"""


def words_of(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"word": w["word"], "score": w["score"], "path": w["path"]} for w in document["words"]]


def shown_words(page: Any) -> list[dict[str, Any]]:
    """The word list as the page holds it, read from its buttons."""
    return page.eval_on_selector_all(
        "#word-list button[data-word]",
        """buttons => buttons.map((b) => ({
            word: b.dataset.word,
            score: Number(b.dataset.score),
            path: b.dataset.path.split(" ").map((cell) => cell.split(",").map(Number)),
        }))""",
    )


def test_offline_the_solver_finds_solves_words_and_a_practice_round_plays(
    page: Any, live_url: str, expect: Callable, solve_api: Callable[..., dict[str, Any]]
) -> None:
    # 1. Online: the page, its worker, and the default list's graph kept.
    page.goto(f"{live_url}/")
    kept = page.evaluate(READY_OFFLINE, "standard")
    assert any(path.endswith(".bin") for path in kept)
    controlled = page.evaluate("navigator.serviceWorker.controller.scriptURL")
    assert controlled == f"{live_url}/sw.js"

    # 2. Offline, reloaded: the page comes from the worker, still controlled by it.
    page.context.set_offline(True)
    page.reload()
    assert page.evaluate("navigator.onLine") is False
    assert page.evaluate("navigator.serviceWorker.controller !== null")

    # 3. A board solved with no server: /solve's words, paths and points, in its order.
    page.locator("#board").fill(BOARD)
    page.locator("#board").press("Enter")
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#searched-by")).to_have_attribute("data-engine", "browser")
    page.context.set_offline(False)
    expected = solve_api(BOARD)
    page.context.set_offline(True)
    # The list is grouped by length on the page: compared word by word.
    shown = {w["word"]: w for w in shown_words(page)}
    wanted = {w["word"]: {**w, "path": [list(c) for c in w["path"]]} for w in words_of(expected)}
    assert shown == wanted
    assert page.locator("#stat-count").text_content() == f"{expected['count']:,}"
    assert page.locator("#stat-total").text_content() == f"{expected['total_score']:,}"
    # What the board holds, counted and worded in the page as the server words it.
    summary = expected["summary"]
    assert page.locator("#long-share").text_content() == summary["long_share_text"]
    assert page.locator("#longest").text_content() == ", ".join(summary["longest"])
    expect(page.locator("#announce")).to_have_text(summary["line"])

    # 4. A short practice round on a random 4x4 board, rolled from the dice here.
    page.goto(f"{live_url}/practice")
    page.locator("#source").select_option("4x4")
    page.locator("#minutes").select_option("60")
    page.locator("#start").click()
    expect(page.locator("#round")).to_be_visible()
    expect(page.locator("#result-board [data-row]").first).to_be_visible()
    on_board = page.evaluate("[...document.querySelectorAll('#result-board [data-row]')].length")
    assert on_board == 16
    page.locator("#word-input").fill("qzxv")
    page.locator("#word-input").press("Enter")
    expect(page.locator("#message")).to_contain_text("qzxv")
    assert page.locator("#message").get_attribute("class") == "message verdict-not_a_word"
    page.locator("#word-input").fill("the")
    page.locator("#word-input").press("Enter")
    expect(page.locator("#message")).to_contain_text("the")
    verdict = page.locator("#message").get_attribute("class")
    assert verdict in ("message verdict-found", "message verdict-not_on_board")
    page.locator("#stop").click()
    page.locator("#stop-yes").click()
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary-text")).not_to_contain_text("could not be scored")
    expect(page.locator("#missed-list")).to_be_visible()
    page.context.set_offline(False)


def test_the_manifest_passes_chromiums_installability_checks(
    browser: Any, live_url: str, tmp_path: Path
) -> None:
    # A profile of its own: Chromium installs nothing from an incognito window, which
    # every new_context() is.
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
    )
    try:
        page = context.new_page()
        page.goto(f"{live_url}/")
        page.evaluate(READY_OFFLINE, "standard")
        session = context.new_cdp_session(page)
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        manifest = session.send("Page.getAppManifest")
        assert manifest["url"] == f"{live_url}/manifest.webmanifest"
        assert manifest["errors"] == []
    finally:
        context.close()
