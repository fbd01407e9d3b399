"""The interface's gettext catalogues: extract, update, compile and check them.

Two domains, each one ``.po`` file per language in ``translations/<code>/LC_MESSAGES/``:

- ``messages``: the Python code (``boggle/``, ``web/``, ``games/``, ``app.py``) and the
  templates; compiled to ``messages.mo``, which Flask-Babel reads;
- ``js``: the page scripts (``static/js/``), handed to them in the page by
  ``web/i18n.py`` from the ``.po`` itself (so it needs no ``.mo``).

Usage (``make translations`` runs ``update``)::

    python translations/catalogues.py update   # extract, merge into every .po, compile
    python translations/catalogues.py check    # exit 1 naming every problem (the tests run it)

``update`` adds new texts to each ``.po`` untranslated, drops texts the code no longer
has, and compiles; then a translator fills the empty ``msgstr`` entries. ``check``
fails on an untranslated, fuzzy, missing or stale entry, a translation whose
``%(name)s`` placeholders or HTML tags differ from the English, and a ``.mo`` that is
not its ``.po`` compiled.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "translations"
#: The languages with catalogues (English is the source text's own).
LANGUAGES = ("de", "fr", "es", "it", "nl")

#: Where each domain's texts are, as pybabel's method maps (paths from the root).
METHODS = {
    "messages": [
        ("boggle/**.py", "python"),
        ("web/**.py", "python"),
        ("games/**.py", "python"),
        ("app.py", "python"),
        ("templates/**.html", "jinja2"),
    ],
    "js": [("static/js/**.js", "javascript")],
}
OPTIONS = {
    "templates/**.html": {"trimmed": "true"},
    "static/js/**.js": {"parse_template_string": "true"},
}
#: Only the Python and template domain is compiled: the scripts' is read from its .po.
COMPILED = ("messages",)

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
TAG = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>")


def extract(domain: str) -> Catalog:
    """Every text of ``domain`` in the code, as a template catalogue."""
    template = Catalog(project="boggle-solver", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT),
        method_map=METHODS[domain],
        options_map=OPTIONS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    ):
        template.add(
            message,
            None,
            [(filename, lineno)],
            auto_comments=comments,
            context=context,
        )
    return template


def po_path(code: str, domain: str) -> Path:
    return HERE / code / "LC_MESSAGES" / f"{domain}.po"


def read(code: str, domain: str) -> Catalog:
    with po_path(code, domain).open("rb") as handle:
        return read_po(handle, locale=code, domain=domain)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    # Files named, not lines, so that moving code does not change every catalogue.
    write_po(buffer, catalog, width=100, include_lineno=False, ignore_obsolete=True)
    path.write_bytes(buffer.getvalue())


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def update() -> None:
    """Merge the code's texts into every language's catalogues, then compile them."""
    for domain in METHODS:
        template = extract(domain)
        for code in LANGUAGES:
            path = po_path(code, domain)
            if path.exists():
                catalog = read(code, domain)
                catalog.update(template, no_fuzzy_matching=True)
            else:
                catalog = Catalog(locale=code, domain=domain, project="boggle-solver")
                catalog.update(template, no_fuzzy_matching=True)
            write(catalog, path)
            if domain in COMPILED:
                path.with_suffix(".mo").write_bytes(compiled(catalog))
            print(f"{path.relative_to(ROOT)}: {sum(1 for m in catalog if m.id)} texts")


def _forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


def _ids(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple | list) else [message.id]


def _text_problems(message: Message) -> Iterator[str]:
    """What is wrong with one translated entry: empty forms, placeholders, tags."""
    ids, forms = _ids(message), _forms(message)
    if not all(forms):
        yield "untranslated"
        return
    if message.fuzzy:
        yield "marked fuzzy (check it and remove the flag)"
    wanted = set().union(*(PLACEHOLDER.findall(text) for text in ids))
    # A singular form may leave out the count ("one word"), never another value.
    must = wanted - {"num"} if len(ids) > 1 else wanted
    tags = Counter(TAG.findall(ids[-1]))
    for form in forms:
        found = set(PLACEHOLDER.findall(form))
        if found - wanted:
            yield f"placeholder {sorted(found - wanted)} not in the English"
        if must - found:
            yield f"placeholder {sorted(must - found)} missing"
        found_tags = Counter(TAG.findall(form))
        if found_tags != tags:
            yield (
                f"HTML tags {sorted(found_tags.elements())} differ from "
                f"the English's {sorted(tags.elements())}"
            )


def check() -> list[str]:
    """Every problem with the catalogues, one line each (none: all is well)."""
    problems: list[str] = []
    for domain in METHODS:
        wanted = {message.id: message for message in extract(domain) if message.id}
        for code in LANGUAGES:
            path = po_path(code, domain)
            where = path.relative_to(ROOT)
            if not path.exists():
                problems.append(f"{where}: missing (run `make translations`)")
                continue
            catalog = read(code, domain)
            have = {message.id: message for message in catalog if message.id}
            for key in wanted.keys() - have.keys():
                problems.append(f"{where}: no entry for {_ids(wanted[key])[0]!r}")
            for key in have.keys() - wanted.keys():
                problems.append(f"{where}: stale entry {_ids(have[key])[0]!r} (not in the code)")
            for key in wanted.keys() & have.keys():
                for problem in _text_problems(have[key]):
                    problems.append(f"{where}: {_ids(have[key])[0]!r}: {problem}")
            if domain in COMPILED:
                mo = path.with_suffix(".mo")
                if not mo.exists() or mo.read_bytes() != compiled(catalog):
                    problems.append(
                        f"{mo.relative_to(ROOT)}: not its .po compiled (run `make translations`)"
                    )
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("update", "check"))
    args = parser.parse_args(argv)
    if args.command == "update":
        update()
        return 0
    problems = check()
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)" if problems else "catalogues complete", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
