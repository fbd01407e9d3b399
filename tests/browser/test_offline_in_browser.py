"""The app installed and used with the network off, in Chromium: the service worker
keeps the pages, scripts, search and word graph; the solver finds /solve's words with
the page's own search; a practice round plays and is counted; the pages that need the
server say so in the reader's language; the manifest passes Chromium's installability
checks; a new release replaces the cache and the page says an update is ready.

Run in CI with the other browser tests: without Chromium or playwright they are skipped,
unless ``BOGGLE_REQUIRE_BROWSER=1``, when they fail (tests/browser/conftest.py)."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from page_actions import BOARD, served

from app import create_app
from boggle import Catalog

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
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == f"{live_url}/sw.js"
    # The page kept links the manifest (its content: the installability test below).
    assert page.locator('link[rel="manifest"]').get_attribute("href") == "/manifest.webmanifest"

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

    # 4. A short practice round on a random 4x4 board rolled from the dice here, on the
    # page's own clock (Playwright's), run out by hand: a word on the board is counted,
    # one in no list is refused, and the end screen scores the round.
    page.clock.install()
    page.goto(f"{live_url}/practice")
    page.clock.pause_at(page.evaluate("Date.now()") + 60_000)
    page.locator("#source").select_option("4x4")
    page.locator("#minutes").select_option("60")
    page.locator("#start").click()
    expect(page.locator("#round")).to_be_visible()
    expect(page.locator("#result-board .cube")).to_have_count(16)
    expect(page.locator("#timer")).to_have_text("1:00")
    on_board = solve_api(board_of(page))["words"]
    assert on_board, "a rolled 4x4 board with no word"
    enter(page, "qzxv")
    expect(page.locator("#message")).to_have_class("message verdict-not_a_word")
    enter(page, on_board[0]["word"])
    expect(page.locator("#message")).to_have_class("message verdict-found")
    expect(page.locator("#message")).to_contain_text(on_board[0]["word"])
    page.clock.run_for(60_400)
    expect(page.locator("#summary-title")).to_have_text("Time's up")
    expect(page.locator("#summary-text")).not_to_contain_text("could not be scored")
    expect(page.locator("#summary-text")).to_contain_text(f"1 of {len(on_board)}")
    expect(page.locator("#missed-list")).to_be_visible()
    page.context.set_offline(False)


# When the page asked for its search and its list's graph, against the end of its
# DOMContentLoaded, once it has read the graph file (ms from the navigation's start).
ASKED_FOR_SEARCH = """async () => {
    const deadline = Date.now() + 20000;
    const asked = (pattern) =>
        performance.getEntriesByType("resource").find((e) => pattern.test(e.name))?.startTime;
    while (asked(/\\/graphs\\/standard\\/.+\\.bin$/) === undefined) {
        if (Date.now() > deadline) throw new Error("the graph file not read after 20 s");
        await new Promise((wait) => setTimeout(wait, 50));
    }
    return {
        loaded: performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
        search: asked(/\\/static\\/wasm\\/walk\\.wasm$/),
        document: asked(/\\/graphs\\/standard\\??$/),
    };
}"""


def test_offline_the_solver_page_makes_its_search_ready_as_it_loads_before_any_press(
    page: Any, live_url: str
) -> None:
    page.goto(f"{live_url}/")
    page.evaluate(READY_OFFLINE, "standard")
    page.context.set_offline(True)
    # The bare page, no board to solve: nothing but the page's own start asks for them.
    page.reload()
    asked = page.evaluate(ASKED_FOR_SEARCH)
    # Both asked for by the page's script as it ran, before the document was even
    # loaded: not left to an idle moment after the load, when a press may come first.
    assert asked["search"] is not None and asked["document"] is not None, asked
    assert asked["search"] < asked["loaded"] and asked["document"] < asked["loaded"], asked
    page.context.set_offline(False)


def board_of(page: Any) -> str:
    """The practice round's board as typed for /solve: its faces row by row."""
    rows = page.eval_on_selector_all(
        "#result-board .board-row",
        "rows => rows.map(r => [...r.querySelectorAll('.cube')].map(c => c.textContent.trim()))",
    )
    return " / ".join(" ".join(face.lower() for face in row) for row in rows)


def enter(page: Any, word: str) -> None:
    page.locator("#word-input").fill(word)
    page.locator("#word-input").press("Enter")


# Resolves to the language the kept pages are in, once every one is in `language`.
KEPT_PAGES_IN = """async (language) => {
    const deadline = Date.now() + 20000;
    while (Date.now() < deadline) {
        const urls = ["/", "/practice", "/offline"];
        const kept = await Promise.all(urls.map((url) => caches.match(url)));
        const languages = kept.map((page) => page?.headers.get("Content-Language"));
        if (languages.every((each) => each === language)) return language;
        await new Promise((wait) => setTimeout(wait, 50));
    }
    throw new Error(`the kept pages are not in ${language} after 20 s`);
}"""


def test_offline_rooms_today_challenges_and_the_table_say_they_need_a_connection_in_german(
    page: Any, live_url: str, expect: Callable
) -> None:
    page.goto(f"{live_url}/")
    page.evaluate(READY_OFFLINE, "standard")
    # The reader switches to German: the pages kept follow the language.
    page.goto(f"{live_url}/language/de?next=/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert page.evaluate(KEPT_PAGES_IN, "de") == "de"
    page.context.set_offline(True)
    for address in ("/room", "/room/ABCD", "/today", "/challenge/ABCDEFGH", "/table"):
        page.goto(f"{live_url}{address}")
        expect(page.locator("#offline-title")).to_have_text("Diese Seite braucht eine Verbindung")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        # The address stays the one asked for: back online, a reload opens it.
        assert page.url == f"{live_url}{address}"
    # Practice stays itself, and takes the board of the solver's "Practise on this
    # board" link into the page it kept.
    page.goto(f"{live_url}/practice?board=sers+patg+line+sers&dictionary=standard")
    expect(page.locator("#source")).to_have_value("given")
    expect(page.locator("#source option[value=given]")).to_have_text(
        "Das Spielfeld aus dem Löser (4 \u00d7 4)"
    )
    page.locator("#start").click()
    expect(page.locator("#result-board .cube")).to_have_count(16)
    assert board_of(page) == "s e r s / p a t g / l i n e / s e r s"
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


def test_a_new_release_replaces_the_cache_and_the_page_says_an_update_is_ready(
    page: Any, expect: Callable, cache_dir: Path, catalog: Catalog, tmp_path: Path
) -> None:
    # An app of its own, on a copy of the static files that the test changes.
    static = tmp_path / "static"
    shutil.copytree(Path(__file__).resolve().parents[2] / "static", static)
    app = create_app({"TESTING": True, "CACHE_DIR": str(cache_dir)}, catalog=catalog)
    app.static_folder = str(static)
    with served(app) as url:
        page.goto(f"{url}/")
        page.evaluate(READY_OFFLINE, "standard")
        first = page.evaluate(RELEASES)
        assert len(first) == 1
        expect(page.locator("#update-ready")).to_be_hidden()

        # A new release: one script changed.
        script = static / "js" / "main.js"
        script.write_text(script.read_text() + "// the next release\n", encoding="utf-8")
        page.reload()
        expect(page.locator("#update-ready")).to_be_visible(timeout=20000)
        expect(page.locator("#update-ready")).to_contain_text("A new version of the app is ready.")
        # The new release is kept beside the old, but until the reader says so the page
        # runs on the release it loaded: no file of the next one mixed in.
        assert first[0] in page.evaluate(RELEASES) and len(page.evaluate(RELEASES)) == 2
        kept = page.evaluate("fetch('/static/js/main.js').then((r) => r.text())")
        assert not kept.endswith("// the next release\n")

        with page.expect_navigation():
            page.locator("#update-reload").click()
        expect(page.locator("#update-ready")).to_be_hidden()
        # The new release alone is kept, and the page is served its files.
        page.wait_for_function(
            "async (old) => { const names = await caches.keys(); return names.filter("
            "(n) => n.startsWith('boggle-release-')).length === 1 && !names.includes(old); }",
            arg=first[0],
        )
        kept = page.evaluate("fetch('/static/js/main.js').then((r) => r.text())")
        assert kept.endswith("// the next release\n")
        with urlopen(f"{url}/sw.js") as response:
            release = response.read().decode().partition("\n")[0]
        version = json.loads(release.removeprefix("self.RELEASE = ").removesuffix(";"))["version"]
        assert page.evaluate(RELEASES) == [f"boggle-release-{version}"]


# The release caches the worker keeps, by name.
RELEASES = """caches.keys().then((names) => names.filter((n) => n.startsWith("boggle-release-")))"""
