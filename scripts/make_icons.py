"""Draw the installed app's icons from static/favicon.svg: static/icons/*.png.

``python scripts/make_icons.py`` renders the favicon with Debian's Chromium through
Playwright, as the browser tests drive it (tests/browser/conftest.py), at 192 and 512
pixels, and once more as a maskable icon: the whole square in the favicon's blue, the
cube inside the middle 60%, where every launcher's mask (a circle, a squircle) keeps it.
The icons are committed; this script draws them again after a change to the favicon.
"""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
FAVICON = ROOT / "static" / "favicon.svg"
OUT = ROOT / "static" / "icons"
CHROMIUM = os.environ.get("BOGGLE_CHROMIUM", "/usr/bin/chromium")
#: The favicon's own blue, behind a maskable icon's cube (web/offline.py, THEME_COLOUR).
BLUE = "#1f3b61"
#: The share of a maskable icon the cube takes: inside the 80% circle every mask keeps.
MASKABLE_SHARE = 0.6
#: Each icon: its file, its size in pixels, and whether it is maskable.
ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("maskable-512.png", 512, True),
)


def page_for(svg: str, size: int, maskable: bool) -> str:
    """A page that shows the favicon at ``size`` pixels, on a maskable icon's ground."""
    inner = round(size * MASKABLE_SHARE) if maskable else size
    ground = BLUE if maskable else "transparent"
    return (
        "<!doctype html><html><body style='margin:0'>"
        f"<div style='width:{size}px;height:{size}px;background:{ground};display:grid;"
        f"place-items:center'><div style='width:{inner}px;height:{inner}px'>"
        f"{svg.replace('<svg ', f'<svg width={inner} height={inner} ', 1)}</div></div>"
        "</body></html>"
    )


def main() -> None:
    """Render every icon into static/icons/."""
    svg = FAVICON.read_text(encoding="utf-8")
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        for name, size, maskable in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_for(svg, size, maskable))
            page.screenshot(path=str(OUT / name), omit_background=not maskable)
            page.close()
            print(f"make_icons: wrote static/icons/{name}")
        browser.close()


if __name__ == "__main__":
    main()
