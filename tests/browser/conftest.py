"""Fixtures for real-browser tests: the app served on a free port, and Debian's Chromium.

Playwright cannot download its own browsers here, so the tests drive the system
Chromium (``/usr/bin/chromium``, or ``$BOGGLE_CHROMIUM``). Without it, or without
playwright, the tests are skipped, unless ``BOGGLE_REQUIRE_BROWSER=1`` (as in CI),
when they fail instead, so that a missing browser cannot pass for a green run.
"""

from __future__ import annotations

import importlib.util
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode, urlparse
from urllib.request import urlopen

import pytest
from page_actions import served

from app import create_app
from boggle import Catalog

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Response

CHROMIUM = os.environ.get("BOGGLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
#: Screenshots for people to look at; the folder is gitignored.
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

# Init scripts run before the page's own, whatever its CSP: report every violation as
# a console error, so the console check below catches it even if Chromium is quiet.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) =>
  console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
"""


def _missing_browser() -> str | None:
    """Why the browser tests cannot run here, or None if they can."""
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed (pip install -r requirements-dev.txt)"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (set BOGGLE_CHROMIUM to another path)"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Chromium for the whole session."""
    reason = _missing_browser()
    if reason and os.environ.get("BOGGLE_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason}; BOGGLE_REQUIRE_BROWSER=1 needs it: apt-get install chromium")
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def live_url(cache_dir: Path, catalog: Catalog) -> Iterator[str]:
    """The app, served from a background thread on a free local port."""
    app = create_app({"TESTING": True, "CACHE_DIR": str(cache_dir)}, catalog=catalog)
    with served(app) as url:
        yield url


@pytest.fixture
def solve_api(live_url: str) -> Callable[..., dict[str, Any]]:
    """GET /solve from the live app, to compare what the page shows with."""

    def solve(board: str, **fields: str) -> dict[str, Any]:
        with urlopen(f"{live_url}/solve?{urlencode({'board': board, **fields})}") as response:
            return json.load(response)

    return solve


@pytest.fixture
def console() -> list[str]:
    """The errors the page reported; a test that expects some takes them out."""
    return []


def _open_page(browser: Browser, console: list[str], **options: Any) -> Iterator[Page]:
    """A page in a fresh context that fails the test on any console error or page error."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **options})
    context.add_init_script(REPORT_CSP_VIOLATIONS)
    page = context.new_page()
    page.set_default_timeout(5000)
    # Loading a page waits on the server as well as the browser: on a busy machine
    # (two cores shared with other work) that alone has taken over 5 s.
    page.set_default_navigation_timeout(15000)
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: console.append(str(error)))
    # A word WordNet lacks is a 404 from /define, which the browser logs as a failed
    # load; for the page it is an answer ("no entry"), not an error.
    undefined: list[str] = []
    page.on("response", lambda r: undefined.append(r.url) if _no_definition(r) else None)
    yield page
    context.close()
    for _ in undefined:
        if NOT_FOUND_LOG in console:
            console.remove(NOT_FOUND_LOG)
    assert not console, f"the browser reported errors: {console}"


NOT_FOUND_LOG = "Failed to load resource: the server responded with a status of 404 (NOT FOUND)"


def _no_definition(response: Response) -> bool:
    """Whether a response is /define's answer for a word WordNet lacks."""
    return response.status == 404 and urlparse(response.url).path.endswith("/define")


@pytest.fixture
def open_page(browser: Browser, console: list[str]) -> Callable[..., Any]:
    """Pages of a test's own making, ``with open_page(locale="de", ...) as page:``: each
    in a fresh context with those options, checked for console errors as above."""
    return contextmanager(lambda **options: _open_page(browser, console, **options))


@pytest.fixture
def page(browser: Browser, console: list[str]) -> Iterator[Page]:
    """A desktop-sized page with JavaScript."""
    yield from _open_page(browser, console)


@pytest.fixture
def phone(browser: Browser, console: list[str]) -> Iterator[Page]:
    """A phone-sized page (375 x 667) with touch."""
    yield from _open_page(
        browser, console, viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True
    )


#: The sizes the solver is used at, at the table: a phone, and a laptop.
SIZES = {"phone": (375, 740), "laptop": (1280, 800)}


@pytest.fixture(params=list(SIZES))
def sized_page(
    request: pytest.FixtureRequest, browser: Browser, console: list[str]
) -> Iterator[Page]:
    """A page at each size people use it at: a touch phone (375 x 740), a laptop (1280 x 800)."""
    width, height = SIZES[request.param]
    touch = request.param == "phone"
    yield from _open_page(
        browser,
        console,
        viewport={"width": width, "height": height},
        is_mobile=touch,
        has_touch=touch,
    )


@pytest.fixture
def still_page(browser: Browser, console: list[str]) -> Iterator[Page]:
    """A desktop page whose user asks for reduced motion."""
    yield from _open_page(browser, console, reduced_motion="reduce")


@pytest.fixture
def no_js_page(browser: Browser, console: list[str]) -> Iterator[Page]:
    """A page with JavaScript turned off."""
    yield from _open_page(browser, console, java_script_enabled=False)


@pytest.fixture
def expect(browser: Browser) -> Callable[..., Any]:
    """Playwright's retrying assertions (imported here so that collection needs no playwright)."""
    from playwright.sync_api import expect

    return expect


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
