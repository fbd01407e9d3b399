"""The documents' API examples hold: each curl command in README.md and docs/*.md is run
against the app, and the answer printed below it is compared with the answer the app
gives. The README also stays a guide of at most 250 lines.

A ```json block straight after a ```sh block of curl commands is the answer to the
last command in it. In a shown list, a last element ``...`` stands for the rest of
the list, and in a shown object a last ``...`` for its other fields; ``elapsed_ms`` is
a time, so any number matches it. An answer with an ``error`` is a 4xx; every other
example must answer 200.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict
from werkzeug.test import TestResponse

from app import create_app

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").glob("*.md"))]
#: The README is the user's guide; the reference lives in docs/.
README_MAX_LINES = 250
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
REST = "..."


@dataclass(frozen=True)
class Example:
    """One curl command of a document and the answer shown for it, if any."""

    command: str
    answer: Any = None
    document: str = "README.md"

    def __str__(self) -> str:
        return f"{self.document}: {self.command.split('://', 1)[-1][:70]}"


def read_examples(text: str, document: str = "README.md") -> list[Example]:
    """Every curl command in a document's sh blocks, each with the JSON shown after it."""
    blocks = [(match.group(1), match.group(2)) for match in FENCE.finditer(text)]
    examples = []
    for index, (language, body) in enumerate(blocks):
        if language != "sh":
            continue
        commands = split_commands(body)
        following = blocks[index + 1] if index + 1 < len(blocks) else ("", "")
        answer = read_shown_json(following[1]) if following[0] == "json" else None
        for number, command in enumerate(commands, 1):
            shown = answer if number == len(commands) else None
            examples.append(Example(command, shown, document))
    return examples


def split_commands(body: str) -> list[str]:
    """The curl commands of an sh block; one may go on over lines, in quotes or after \\."""
    commands, pending = [], ""
    for line in body.splitlines():
        if not pending and not line.startswith("curl "):
            continue
        if line.endswith("\\"):  # the shell's line continuation
            pending += line[:-1] + " "
            continue
        pending = f"{pending}\n{line}" if pending and not pending.endswith(" ") else pending + line
        try:
            shlex.split(pending)
        except ValueError:  # a quote still open: the command goes on
            continue
        commands.append(pending)
        pending = ""
    assert not pending, f"an unfinished command in a document: {pending!r}"
    return commands


def read_shown_json(text: str) -> Any:
    """JSON as the documents print it, where ``...`` ends a list or an object that goes on."""
    text = re.sub(r"(?<=[\[,\s])\.\.\.(?=\s*\])", json.dumps(REST), text)
    return json.loads(re.sub(r"(?<=[{,\s])\.\.\.(?=\s*\})", f'"{REST}": "{REST}"', text))


def run_curl(client: FlaskClient, command: str) -> TestResponse:
    """Send what the curl command would send, to the test client."""
    words = shlex.split(command)[1:]
    method, headers, data, url = None, {}, [], None
    words_iter = iter(words)
    for word in words_iter:
        if word == "-X":
            method = next(words_iter)
        elif word == "-H":
            name, _, value = next(words_iter).partition(":")
            headers[name.strip()] = value.strip()
        elif word == "-d":
            data.append(next(words_iter))
        elif word.startswith("http"):
            url = word
        else:
            raise AssertionError(f"a document's curl uses {word!r}, which this test cannot read")
    assert url is not None, command
    parts = urlsplit(url)
    assert parts.netloc == "127.0.0.1:5000", "examples use the address `make run` serves"
    method = method or ("POST" if data else "GET")
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    if headers.get("Content-Type") == "application/json":
        return client.open(target, method=method, data="&".join(data), headers=headers)
    form = MultiDict([pair for piece in data for pair in parse_qsl(piece)])
    return client.open(target, method=method, data=form or None, headers=headers)


def trim(shown: Any, actual: Any) -> Any:
    """The actual answer cut to what a document shows, so that the two can be compared."""
    if isinstance(shown, list) and isinstance(actual, list):
        if shown and shown[-1] == REST and len(actual) > len(shown) - 1:
            return [trim(s, a) for s, a in zip(shown[:-1], actual, strict=False)] + [REST]
        return [trim(s, a) for s, a in zip(shown, actual, strict=False)] + actual[len(shown) :]
    if isinstance(shown, dict) and isinstance(actual, dict):
        trimmed = {}
        for key, value in actual.items():
            if key not in shown and REST in shown:  # one of the fields left unshown
                continue
            if key == "elapsed_ms" and isinstance(value, int | float):
                trimmed[key] = shown.get(key)
            elif key == "engine" and value in ("native", "python"):
                # Which search core answers depends on the build (docs/deploy.md).
                trimmed[key] = shown.get(key)
            else:
                trimmed[key] = trim(shown[key], value) if key in shown else value
        if REST in shown:
            trimmed[REST] = REST
        return trimmed
    return actual


EXAMPLES = [
    example
    for document in DOCUMENTS
    for example in read_examples(document.read_text(encoding="utf-8"), document.name)
]


def test_the_readme_is_a_guide_of_at_most_250_lines() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; move reference to docs/"


def test_the_reference_is_in_the_five_documents_under_docs() -> None:
    names = {document.name for document in DOCUMENTS[1:]}
    assert names >= {"api.md", "rooms.md", "languages.md", "deploy.md", "development.md"}


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda document: document.name)
def test_every_link_from_a_document_to_a_file_of_the_project_finds_it(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    missing = [
        target
        for target in targets
        if "://" not in target and not (document.parent / target).exists()
    ]
    assert not missing, f"{document.name} links to files that are not there: {missing}"


def test_the_documents_show_an_answer_for_every_json_route() -> None:
    answered = {
        urlsplit(word).path
        for example in EXAMPLES
        if example.answer is not None
        for word in shlex.split(example.command)
        if "://" in word
    }
    assert answered == {"/solve", "/random", "/score", "/lookup", "/healthz", "/dictionaries"}


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_each_curl_example_answers_as_its_document_shows(cache_dir: Path, example: Example) -> None:
    # A fresh app for each, as after `make run`: /dictionaries says which lists are loaded.
    client = create_app({"TESTING": True, "CACHE_DIR": str(cache_dir)}).test_client()
    response = run_curl(client, example.command)
    document = response.get_json()
    if example.answer is None:
        assert response.status_code == 200, document
        return
    if "error" in example.answer:
        assert 400 <= response.status_code < 500, document
    else:
        assert response.status_code == 200, document
    assert trim(example.answer, document) == example.answer
