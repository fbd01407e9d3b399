"""Reading a page for English left in a translated language (tests/test_i18n_leaks.py
on the server's pages, tests/browser/test_languages_in_browser.py on the pages as the
scripts draw them).

A reader meets the text between tags and the attributes read aloud or shown
(``aria-label``, ``title``, ``placeholder``, ``alt``, a button's ``value``, the page's
description). A text is English left behind if

- it is an English text of the catalogue that has a translation of its own (marked,
  but shown untranslated), or
- it holds a word of English that the language does not share (a text never marked:
  no catalogue knows it).

What is not the interface is left out, as the page marks it: the board's letters and
words (``translate="no"``, which also keeps a browser's page translator off them),
code, keyboard keys, the scripts' data, and the language names of the switch (each in
its own language, on purpose). Addresses ("/practice") are code too.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po
from html_tree import Node, parse

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_TAGS = {"script", "style", "code", "kbd", "pre", "svg", "template"}
READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt", "aria-description")

#: Words of English a reader of the other languages would notice as English.
ENGLISH = frozenset(
    [
        "the",
        "and",
        "your",
        "you",
        "with",
        "this",
        "that",
        "from",
        "words",
        "word",
        "board",
        "points",
        "find",
        "found",
        "player",
        "players",
        "scoring",
        "what",
        "which",
        "when",
        "will",
        "here",
        "there",
        "than",
        "more",
        "letters",
        "letter",
        "cube",
        "cubes",
        "dice",
        "shortest",
        "longest",
        "share",
        "copy",
        "print",
        "join",
        "time",
        "results",
        "missed",
        "dictionary",
        "random",
        "size",
        "rows",
        "columns",
        "custom",
        "practice",
        "solver",
        "game",
        "games",
        "room",
        "rooms",
        "theme",
        "dark",
        "light",
        "skip",
        "content",
        "language",
        "round",
        "none",
        "each",
        "every",
    ]
)
#: Those that are also words of the language, or the name it uses for the thing.
SHARED = {
    "de": {"will", "time"},
    "fr": {"points", "content"},
    "es": set(),
    "it": {"dice", "round"},
    "nl": {"word", "letter", "letters", "time"},
}


def translated_english(code: str) -> set[str]:
    """The catalogue's English texts that have a translation unlike themselves."""
    texts: set[str] = set()
    for domain in ("messages", "js"):
        with (ROOT / "translations" / code / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for message in read_po(f, locale=code):
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for english in ids:
                    if english and all(english != s for s in strings) and "%(" not in english:
                        texts.add(" ".join(english.split()))
    return texts


def read_texts(node: Node, texts: list[str]) -> None:
    """Every text of the interface under ``node``, as a reader meets it."""
    if node.tag in SKIPPED_TAGS or node.attrs.get("translate") == "no":
        return
    if node.tag != "html" and node.attrs.get("lang"):
        return  # declared another language's: WordNet's English, a language's own name
    for name in READ_ATTRIBUTES:
        if node.attrs.get(name):
            texts.append(node.attrs[name])
    if node.tag == "meta" and node.attrs.get("name") == "description":
        texts.append(node.attrs.get("content") or "")
    if node.tag == "input" and node.attrs.get("type") in {"submit", "button", "reset"}:
        texts.append(node.attrs.get("value") or "")
    for child in node.children:
        if isinstance(child, Node):
            read_texts(child, texts)
        elif child.strip():
            texts.append(child)


def leaks(html: str, code: str, catalogue: set[str]) -> list[str]:
    texts: list[str] = []
    read_texts(parse(html), texts)
    english_words = ENGLISH - SHARED[code]
    found = []
    for text in texts:
        text = " ".join(text.split())
        # Addresses are code, whatever the language: "/practice" is no English word.
        words = set(re.findall(r"[a-z]+", re.sub(r"/[\w./?=-]*", " ", text.lower())))
        if text in catalogue or words & english_words:
            found.append(text)
    return found
