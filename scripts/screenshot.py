"""Take the README's screenshot: the solver with a word tapped, its path drawn.

Serves the app on a free local port and drives Debian's Chromium with Playwright, as
the browser tests do (tests/browser/conftest.py): ``python scripts/screenshot.py``
writes docs/solver.png.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from page_actions import served  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from app import create_app  # noqa: E402

CHROMIUM = os.environ.get("BOGGLE_CHROMIUM", "/usr/bin/chromium")
BOARD = "sers patg line sers"
WORD = "arteries"
OUT = ROOT / "docs" / "solver.png"


def main() -> None:
    """Solve the README's board, tap its first word and save the page as it shows."""
    with tempfile.TemporaryDirectory() as cache, sync_playwright() as playwright:
        app = create_app({"CACHE_DIR": cache})
        with served(app) as url:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            # Reduced motion draws the path at once, as a screenshot needs it.
            page = browser.new_page(viewport={"width": 960, "height": 680}, reduced_motion="reduce")
            page.goto(f"{url}/?board={BOARD.replace(' ', '+')}")
            page.click(f'button[data-word="{WORD}"]')
            page.wait_for_selector("#result-board [data-step]")
            page.screenshot(path=str(OUT))
            browser.close()
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
