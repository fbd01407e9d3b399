"""What makes the app installable and usable offline (web/offline.py): the word graphs
the page's search reads, the service worker and its release, the manifest, the offline
page. The worker itself runs in tests/browser/test_offline_in_browser.py."""

from __future__ import annotations

import json
import re
import shutil
import struct
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from boggle import Catalog
from boggle.dictionary import BROWSER_HEADER, BROWSER_MAGIC, FORMAT_VERSION, browser_graph
from boggle.solver import browser_layout
from web import offline

STATIC = Path(__file__).resolve().parent.parent / "static"


def test_the_layout_the_page_searches_with_is_written_out_field_by_field(catalog: Catalog) -> None:
    # Written by hand, not computed: the page's search reads these names and numbers.
    layout = browser_layout(catalog.rules("standard"))
    assert list(layout) == [
        "columns",
        "spelled",
        "letters",
        "scores",
        "stride",
        "mask_column",
        "format_version",
    ]
    columns = {letter: n for n, letter in enumerate("abcdefghijklmnop")}
    columns |= {"qu": 16} | {letter: n for n, letter in enumerate("rstuvwxyz", 17)}
    columns |= {"th": 26, "in": 27, "er": 28, "he": 29, "an": 30, "#": 255}
    assert layout["columns"] == columns
    assert (layout["spelled"], layout["letters"]) == ({}, {})
    assert layout["scores"] == [0, 0, 0, 1, 1, 2, 3, 5] + [11] * 57
    assert (layout["stride"], layout["mask_column"]) == (32, 31)
    assert layout["format_version"] == FORMAT_VERSION
    german = browser_layout(catalog.rules("de"))
    assert german["spelled"] == {"ä": "{", "ö": "|", "ü": "}"}
    assert german["letters"] == {"{": "ä", "|": "ö", "}": "ü"}
    assert (german["stride"], german["mask_column"]) == (30, 29)


def test_a_lists_graph_document_names_its_file_and_the_layout_of_its_faces(
    client: FlaskClient, catalog: Catalog
) -> None:
    response = client.get("/graphs/de")
    document = response.get_json()
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-cache"
    assert document["dictionary"] == "de" and document["language"] == "de"
    assert document["word_count"] == len(catalog.get("de"))
    assert document["layout"] == browser_layout(catalog.rules("de"))
    # The faces after z are spelled as the native core spells them, and spelled back.
    assert document["layout"]["spelled"]["ä"] == "{"
    assert document["layout"]["letters"]["{"] == "ä"
    assert re.fullmatch(rf"/graphs/de/[0-9a-f]{{20}}\.v{FORMAT_VERSION}\.bin", document["graph"])
    assert document["bytes"] == len(browser_graph(catalog.get("de")))


def test_the_graph_file_is_the_compact_graph_cached_for_good_under_its_hash(
    client: FlaskClient, catalog: Catalog
) -> None:
    document = client.get("/graphs/Standard").get_json()
    assert document["dictionary"] == "standard"  # as the catalog spells it
    response = client.get(document["graph"])
    assert response.status_code == 200
    assert response.mimetype == "application/octet-stream"
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    data = response.get_data()
    compact = catalog.get("standard").compact
    magic, version, stride, mask, entries, root, terminal, words = BROWSER_HEADER.unpack_from(data)
    assert (magic, version, stride, mask) == (BROWSER_MAGIC, FORMAT_VERSION, 32, 31)
    assert (entries, root, terminal) == (len(compact.nodes), compact.root, compact.terminal_limit)
    assert words == len(catalog.get("standard"))
    nodes = struct.unpack_from(f"<{entries}I", data, BROWSER_HEADER.size)
    assert list(nodes) == list(compact.nodes)
    assert len(data) == BROWSER_HEADER.size + 4 * entries


def test_a_graph_file_of_another_name_is_a_json_404_that_says_where_to_ask(
    client: FlaskClient,
) -> None:
    response = client.get("/graphs/standard/0123456789abcdef0123.v1.bin")
    assert response.status_code == 404
    assert response.get_json()["error"] == {
        "code": "no_such_graph",
        "message": "'0123456789abcdef0123.v1.bin' is not the standard dictionary's graph; "
        "ask /graphs/standard for it",
    }


def test_an_unknown_list_s_graph_is_a_json_400_naming_the_lists(client: FlaskClient) -> None:
    response = client.get("/graphs/klingon")
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "unknown_dictionary" and "standard" in error["message"]


def test_the_service_worker_is_served_from_the_root_with_its_release(
    client: FlaskClient,
) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    first, _, rest = response.get_data(as_text=True).partition("\n")
    release = json.loads(first.removeprefix("self.RELEASE = ").removesuffix(";"))
    assert rest == (STATIC / "js" / "service-worker.js").read_text()
    assert re.fullmatch("[0-9a-f]{16}", release["version"])
    for kept in (
        "/static/js/main.js",
        "/static/js/practice.js",
        "/static/js/lib/search.js",
        "/static/style.css",
        "/static/wasm/walk.wasm",
        "/static/icons/icon-192.png",
    ):
        assert kept in release["files"]
    # Not the scripts of the pages that need the server.
    for other in ("/static/js/room.js", "/static/js/tabletop.js", "/static/js/apart.js"):
        assert other not in release["files"]
    assert "/static/js/service-worker.js" not in release["files"]
    # Not /table: the server rolls its boards (web/offline.py, OFFLINE_PAGES).
    assert release["pages"] == ["/", "/practice", "/offline"]
    assert (release["offline"], release["graphs"]) == ("/offline", "/graphs/")
    # The default list's graph is kept as the release installs.
    graph = client.get("/graphs/standard").get_json()["graph"]
    assert release["graph"] == {"document": "/graphs/standard", "file": graph}


def test_the_worker_keeps_every_script_its_pages_load_with_every_module_they_import(
    client: FlaskClient,
) -> None:
    first = client.get("/sw.js").get_data(as_text=True).partition("\n")[0]
    release = json.loads(first.removeprefix("self.RELEASE = ").removesuffix(";"))
    files = set(release["files"])
    for address in release["pages"]:
        page = client.get(address).get_data(as_text=True)
        for script in re.findall(r'<script\b[^>]*\bsrc="([^"]+)"', page):
            assert script in files, (address, script)
    # Read here line by line, apart from web/offline.py's own reading of the imports.
    checked = 0
    for name in files:
        if not name.endswith(".js"):
            continue
        path = STATIC / name.removeprefix("/static/")
        for line in path.read_text().splitlines():
            relative = '"./' in line or '"../' in line
            if line.startswith(("import ", "} from ")) and relative:
                target = (path.parent / line.rsplit('"', 2)[1]).resolve()
                wanted = f"/static/{target.relative_to(STATIC).as_posix()}"
                assert wanted in files, (name, target)
                checked += 1
    assert checked > 40  # the kept scripts hold 48 import lines as written


def test_a_new_release_is_a_new_version_of_the_worker(app: Flask, tmp_path: Path) -> None:
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)
    app.static_folder = str(copy)
    with app.test_request_context():
        before = offline.release()["version"]
        (copy / "js" / "main.js").write_text("// changed\n", encoding="utf-8")
        after_script = offline.release()["version"]
        (copy / "js" / "service-worker.js").write_text("// changed\n", encoding="utf-8")
        after_worker = offline.release()["version"]
    assert len({before, after_script, after_worker}) == 3


def test_the_manifest_makes_the_app_installable_in_the_readers_language(
    client: FlaskClient,
) -> None:
    response = client.get("/manifest.webmanifest", headers={"Accept-Language": "de"})
    manifest = json.loads(response.get_data())
    assert response.mimetype == "application/manifest+json"
    assert manifest["name"] == "Boggle-Löser" and manifest["lang"] == "de"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/",
        "/",
        "standalone",
    )
    assert manifest["theme_color"] == "#1f3b61" and manifest["background_color"] == "#fbf8f0"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert sizes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in manifest["icons"]:
        data = client.get(icon["src"]).get_data()
        # A PNG's width and height are in its header: the size the manifest says.
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == icon["sizes"]


def test_every_page_links_the_manifest_and_names_the_worker(client: FlaskClient) -> None:
    for address in ("/", "/practice", "/table", "/scoring", "/room", "/offline"):
        page = client.get(address).get_data(as_text=True)
        assert '<link rel="manifest" href="/manifest.webmanifest">' in page, address
        assert '<meta name="service-worker" content="/sw.js">' in page, address
        assert 'id="update-ready"' in page and "js/install.js" in page, address


def test_the_offline_page_says_in_the_readers_language_that_it_needs_a_connection(
    client: FlaskClient,
) -> None:
    english = client.get("/offline").get_data(as_text=True)
    assert "This page needs a connection" in english
    german = client.get("/offline", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "This page needs a connection" not in german
    assert 'lang="de"' in german
