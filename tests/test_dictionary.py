"""Tests for boggle/dictionary.py: reading word lists, the word graph, and its on-disk cache."""

from __future__ import annotations

import dataclasses
import logging
import os
import struct
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples

from boggle import Catalog, cachefile
from boggle import dictionary as dictionary_module
from boggle.dictionary import (
    COMPACT_PADDING,
    DIGRAPH_FACES,
    FORMAT_VERSION,
    MAX_WORD_LENGTH,
    STRIDE,
    CompactGraph,
    Dictionary,
    TableGraph,
    WordListStats,
    build_table,
    face_column,
    load_dictionary,
    read_words,
    table_from_compact,
)
from boggle.errors import WordListError
from boggle.languages import LANGUAGES
from boggle.rules import RULES, Ruleset

ROOT = Path(__file__).resolve().parent.parent
COMMON = ROOT / "wordlists" / "common.txt"
LETTERS = "abcdefghijklmnopqrstuvwxyz"

SMALL_WORDS = [
    "cat",
    "cats",
    "catch",
    "dog",
    "dogs",
    "queen",
    "quit",
    "quite",
    "squid",
    "the",
    "then",
    "thin",
    "ink",
    "inn",
    "here",
    "herd",
    "ant",
    "an",
    "a",
    "sea",
    "seas",
]


def write_list(folder: Path, text: str | bytes, name: str = "words.txt") -> Path:
    """Write a word list file and return its path."""
    path = folder / name
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)
    return path


def cache_files(folder: Path) -> list[Path]:
    """The word graph cache files in a folder (temporary files not included)."""
    return sorted(p for p in folder.iterdir() if p.suffix == ".dawg" and not p.name.startswith("."))


def same_dictionary(a: Dictionary, b: Dictionary) -> bool:
    """Whether two dictionaries hold the same graph, stats and words."""
    return (
        a.table == b.table
        and a.root == b.root
        and a.terminal_limit == b.terminal_limit
        and a.stats == b.stats
        and a.compact == b.compact
        and list(a) == list(b)
    )


class BuildSpy:
    """Counts calls of build_table (to tell a cache hit from a rebuild)."""

    def __init__(self) -> None:
        self.calls = 0
        self.real = dictionary_module.build_table

    def __call__(self, words: list[str], *rules: object) -> tuple:
        self.calls += 1
        return self.real(words, *rules)


@pytest.fixture
def build_spy(monkeypatch: pytest.MonkeyPatch) -> BuildSpy:
    spy = BuildSpy()
    monkeypatch.setattr(dictionary_module, "build_table", spy)
    return spy


# --- read_words --------------------------------------------------------------------


def test_read_words_keeps_playable_words_and_counts_the_rest() -> None:
    lines = [
        "",
        "   ",
        "# a comment",
        "  # an indented comment",
        "Cat",
        "DOG",
        "cat",
        "  dog  ",
        "don't",
        "re-do",
        "abc1",
        "café",
        "naïve",
        "qat",
        "iraq",
        "queen",
        "QUIET",
        "x" * (MAX_WORD_LENGTH + 1),
        "y" * MAX_WORD_LENGTH,
    ]
    words, stats = read_words(lines)
    assert words == ["cat", "dog", "qeen", "qiet", "y" * MAX_WORD_LENGTH]
    assert stats == WordListStats(
        words=5, skipped_not_letters=5, skipped_q_without_u=2, skipped_too_long=1
    )
    assert stats.skipped == 8


def test_read_words_strips_line_endings() -> None:
    words, stats = read_words(["cat\r\n", "dog\n", "ant\r", "bee"])
    assert words == ["ant", "bee", "cat", "dog"]
    assert stats.skipped == 0


def test_read_words_q_rules() -> None:
    words, stats = read_words(["qu", "quq", "aqua", "quaqu", "qiqu", "q"])
    assert words == ["aqa", "q", "qaq"]
    assert stats.skipped_q_without_u == 3


# --- Membership, iteration and prefixes --------------------------------------------


@pytest.fixture(scope="module")
def small() -> Dictionary:
    return Dictionary.from_words([*SMALL_WORDS, "qi", "qat", "don't", "Cafe"], name="small")


def test_membership(small: Dictionary) -> None:
    for word in SMALL_WORDS:
        assert word in small
        assert word.upper() in small
    assert "cafe" in small
    for absent in ("qi", "qat", "don't", "ca", "catc", "cats s", "", "queens", "qeen", "z"):
        assert absent not in small
    assert 42 not in small
    assert None not in small


def test_length_and_name(small: Dictionary) -> None:
    assert len(small) == len(SMALL_WORDS) + 1
    assert small.name == "small"
    assert "small" in repr(small)


def test_iteration_yields_the_sorted_playable_words(small: Dictionary) -> None:
    assert list(small) == sorted({*SMALL_WORDS, "cafe"})


def test_has_prefix(small: Dictionary) -> None:
    for prefix in ("", "c", "ca", "cat", "catc", "catch", "qu", "que", "squ", "th", "SQU"):
        assert small.has_prefix(prefix), prefix
    for prefix in ("x", "cb", "catches", "qi", "qa", "dogss"):
        assert not small.has_prefix(prefix), prefix


def test_has_prefix_q_alone(small: Dictionary) -> None:
    # "queen" starts with "q": the docstring says "whether some word starts with prefix".
    assert small.has_prefix("q")
    assert small.has_prefix("sq")


# Words spelled from pieces that include "qu" (and a lone "q" that makes a word unplayable).
word_pieces = st.sampled_from(["a", "b", "e", "n", "s", "t", "qu", "q", "th", "u"])
words_strategy = st.lists(word_pieces, min_size=1, max_size=7).map("".join)


def playable(word: str) -> bool:
    return word.count("q") == word.count("qu")


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(words_strategy, max_size=40), st.lists(words_strategy, max_size=20))
def test_dictionary_agrees_with_a_plain_set(words: list[str], probes: list[str]) -> None:
    dictionary = Dictionary.from_words(words)
    expected = {w for w in words if playable(w)}
    assert list(dictionary) == sorted(expected)
    assert len(dictionary) == len(expected)
    # The same answers from the compact form alone, as a list loaded from a file has it.
    compact_only = Dictionary.from_compact(dictionary.compact, dictionary.stats)
    assert list(compact_only) == sorted(expected)
    for word in [*words, *probes]:
        assert (word in dictionary) == (word in compact_only) == (word in expected)
        for end in range(len(word) + 1):
            prefix = word[:end]
            if prefix.endswith("q") or not prefix:
                continue  # a prefix that splits the Qu cube: see test_has_prefix_q_alone
            assert dictionary.has_prefix(prefix) == any(w.startswith(prefix) for w in expected)
            assert compact_only.has_prefix(prefix) == dictionary.has_prefix(prefix)
    check_table(dictionary, expected)
    assert not compact_only.has_table
    assert compact_only.table_graph() == dictionary.table_graph()


# --- The table ---------------------------------------------------------------------


def check_table(dictionary: Dictionary, words: set[str]) -> None:
    """The table's invariants (see the module docstring)."""
    table = dictionary.table
    assert len(table) % STRIDE == 0
    assert dictionary.root % STRIDE == 0
    assert dictionary.terminal_limit % STRIDE == 0
    # Row 0 is the empty row, so that 0 can mean "no child".
    assert list(table[:STRIDE]) == [0] * STRIDE
    face_columns = {face: face_column(face) for face in [*LETTERS.replace("q", ""), "qu"]}
    face_columns.update({face: face_column(face) for face in DIGRAPH_FACES})
    # Every child entry is the offset of a row.
    for base in range(0, len(table), STRIDE):
        for column in face_columns.values():
            child = table[base + column]
            assert child % STRIDE == 0
            assert 0 <= child < len(table)
    # The two-letter-face columns are two letter steps.
    for base in range(0, len(table), STRIDE):
        for face in DIGRAPH_FACES:
            first = table[base + face_columns[face[0]]]
            expected = table[first + face_columns[face[1]]] if first else 0
            assert table[base + face_columns[face]] == expected, (base, face)
    # A node ends a word exactly when its row is below terminal_limit.
    stack = [(dictionary.root, "")]
    seen_words = set()
    while stack:
        node, spelled = stack.pop()
        assert node != 0
        if spelled in words:
            seen_words.add(spelled)
            assert node < dictionary.terminal_limit, spelled
        else:
            assert node >= dictionary.terminal_limit, spelled
        for face, column in face_columns.items():
            if len(face) == 2 and face != "qu":
                continue  # shortcuts of two letter steps, checked above
            child = table[node + column]
            if child:
                stack.append((child, spelled + face))
    assert seen_words == words


def test_table_invariants_on_small_lists(small: Dictionary) -> None:
    check_table(small, {*SMALL_WORDS, "cafe"})
    one = Dictionary.from_words(["a"])
    check_table(one, {"a"})


def test_digraph_columns_lead_where_two_letters_lead(small: Dictionary) -> None:
    table, root = small.table, small.root
    th = table[root + face_column("th")]
    assert th == table[table[root + face_column("t")] + face_column("h")]
    assert th != 0
    assert table[root + face_column("er")] == 0  # no word starts with "er"
    inn = table[table[root + face_column("in")] + face_column("n")]
    assert 0 < inn < small.terminal_limit  # "inn" is a word


def test_graph_merges_shared_suffixes() -> None:
    # A DAWG, not a trie: "tap", "taps", "top", "tops" share their endings. The minimal
    # automaton has 5 nodes (root, t, ta/to, tap/top, taps/tops), plus the empty row 0.
    dictionary = Dictionary.from_words(["tap", "taps", "top", "tops"])
    assert len(dictionary.table) // STRIDE == 6
    assert list(dictionary) == ["tap", "taps", "top", "tops"]


def compact_child(graph: CompactGraph, node: int, column: int) -> int:
    """The child by ``column`` of a compact record, as the format says: the record's bit
    set, then a child per set bit in column order; 0 when the bit is not set."""
    mask = graph.nodes[node]
    if not mask >> column & 1:
        return 0
    return graph.nodes[node + 1 + bin(mask & ((1 << column) - 1)).count("1")]


def compact_words(graph: CompactGraph, rules: Ruleset = RULES) -> set[str]:
    """Every word the compact form spells by its letter columns, read without the table."""
    words = set()
    stack = [(graph.root, "")]
    while stack:
        node, spelled = stack.pop()
        for column, letter in enumerate(rules.alphabet):
            child = compact_child(graph, node, column)
            if child:
                word = spelled + ("qu" if letter == "q" else letter)
                if child < graph.terminal_limit:
                    words.add(word)
                stack.append((child, word))
    return words


def test_the_compact_form_spells_the_same_words(small: Dictionary) -> None:
    assert compact_words(small.compact) == {*SMALL_WORDS, "cafe"}
    assert compact_words(Dictionary.from_words(["a"]).compact) == {"a"}
    german = Dictionary.from_words(["mädchen", "chen", "mad", "öl"], rules=LANGUAGES["de"])
    assert compact_words(german.compact, LANGUAGES["de"]) == {"mädchen", "chen", "mad", "öl"}


def test_the_compact_form_has_the_tables_bit_sets_and_two_letter_faces(
    small: Dictionary,
) -> None:
    compact = small.compact
    assert compact.nodes.typecode == "I"
    # Ends in zeros, so that any record can be read whole.
    assert list(compact.nodes[-COMPACT_PADDING:]) == [0] * COMPACT_PADDING
    assert compact.nodes[compact.root] == small.table[small.root + dictionary_module.MASK]
    th = compact_child(compact, compact.root, face_column("th"))
    t = compact_child(compact, compact.root, face_column("t"))
    assert th != 0 and th == compact_child(compact, t, face_column("h"))
    assert compact_child(compact, compact.root, face_column("er")) == 0
    in_ = compact_child(compact, compact.root, face_column("in"))
    inn = compact_child(compact, in_, face_column("n"))
    assert 0 < inn < compact.terminal_limit  # "inn" is a word
    # One entry a node (the empty record 0 among them) and one an edge, then the padding:
    # "tap", "taps", "top", "tops" make 6 rows (test_graph_merges_shared_suffixes) and 5
    # edges: t, then a and o, then p from ta/to (one node), then s.
    four = Dictionary.from_words(["tap", "taps", "top", "tops"])
    assert len(four.compact.nodes) == 6 + 5 + COMPACT_PADDING


def test_a_bit_set_with_its_sign_bit_is_read_unsigned() -> None:
    # 26 letters and six faces of two letters (a sixth, "ij", added here): the sixth face's
    # column is 31, the sign bit of the table's int32 entries.
    rules = dataclasses.replace(RULES, multi_letter_faces=(*RULES.multi_letter_faces, "ij"))
    assert (rules.mask_column, rules.face_columns["ij"]) == (32, 31)
    wide = Dictionary.from_words(["ijst", "ijsta", "sat"], rules=rules)
    assert wide.table[wide.root + 32] < 0
    compact = wide.compact
    root_mask = 1 << 31 | 1 << face_column("i") | 1 << face_column("s")
    assert compact.nodes[compact.root] == root_mask
    assert compact_words(compact, rules) == {"ijst", "ijsta", "sat"}
    ijs = compact_child(compact, compact_child(compact, compact.root, 31), face_column("s"))
    ijst = compact_child(compact, ijs, face_column("t"))
    assert 0 < ijst < compact.terminal_limit


def test_the_table_is_laid_out_again_from_the_compact_form_row_for_row(
    small: Dictionary, catalog: Catalog
) -> None:
    # What build_table laid out, entry for entry, root and terminal limit included: the
    # pure-Python search walks it, and must find what it found in the table built.
    for dictionary in (small, Dictionary.from_words(["a"]), Dictionary.from_words([])):
        assert table_from_compact(dictionary.compact) == dictionary.table_graph()
    german = Dictionary.from_words(["mädchen", "chen", "mad", "öl"], rules=LANGUAGES["de"])
    assert table_from_compact(german.compact, german.rules) == german.table_graph()
    rules = dataclasses.replace(RULES, multi_letter_faces=(*RULES.multi_letter_faces, "ij"))
    wide = Dictionary.from_words(["ijst", "ijsta", "sat"], rules=rules)
    assert wide.table[wide.root + 32] < 0  # the bit set's sign bit, laid out again too
    assert table_from_compact(wide.compact, rules) == wide.table_graph()
    common = catalog.get("common")
    words, _ = read_words(COMMON.read_text().splitlines())
    assert table_from_compact(common.compact) == TableGraph(*build_table(words))


def test_a_loaded_list_holds_its_table_only_once_asked_for(tmp_path: Path, word_list: Path) -> None:
    # The native core walks the compact form: a server that searches with it never
    # lays the table out. The pure-Python search asks for it, and it is kept.
    for use_cache in (False, True, True):  # built, then written, then read
        dictionary = load_dictionary(word_list, cache_dir=tmp_path / "cache", use_cache=use_cache)
        assert not dictionary.has_table
        assert "queen" in dictionary and "qat" not in dictionary
        assert list(dictionary) == sorted(SMALL_WORDS)
        assert dictionary.has_prefix("squ") and not dictionary.has_prefix("squa")
        assert not dictionary.has_table  # membership, prefixes and words read the compact form
        graph = dictionary.table_graph()
        assert dictionary.has_table and dictionary.table_graph() is graph
        assert (dictionary.table, dictionary.root, dictionary.terminal_limit) == graph
        check_table(dictionary, set(SMALL_WORDS))


def test_threads_asking_for_the_table_at_once_lay_it_out_once(catalog: Catalog) -> None:
    common = catalog.get("common")
    fresh = Dictionary.from_compact(common.compact, common.stats, "common")
    start = threading.Barrier(4)
    graphs: list[TableGraph] = []

    def ask() -> None:
        start.wait()
        graphs.append(fresh.table_graph())

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(graphs) == 4 and all(graph is graphs[0] for graph in graphs)


def test_empty_dictionary() -> None:
    dictionary = Dictionary.from_words([])
    assert len(dictionary) == 0
    assert list(dictionary) == []
    assert "a" not in dictionary


# --- Loading word list files -------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        b"cat\ndog\nqueen\n",
        b"cat\r\ndog\r\nqueen\r\n",
        b"cat\rdog\rqueen\r",
        b"cat\r\ndog\nqueen",
        b"# list\r\n\r\nCAT\r\nDog\r\n\r\nqueen\r\nqat\r\n",
    ],
    ids=["LF", "CRLF", "CR", "mixed", "comments-CRLF"],
)
def test_load_reads_any_line_ending(tmp_path: Path, data: bytes) -> None:
    dictionary = load_dictionary(write_list(tmp_path, data), use_cache=False)
    assert list(dictionary) == ["cat", "dog", "queen"]


def test_load_latin1_list(tmp_path: Path) -> None:
    path = write_list(tmp_path, "café\nhello\nnaïve\nworld\n".encode("latin-1"))
    dictionary = load_dictionary(path, cache_dir=tmp_path / "cache")
    assert list(dictionary) == ["hello", "world"]
    assert dictionary.stats.skipped_not_letters == 2


def test_load_utf8_list_with_accents(tmp_path: Path) -> None:
    path = write_list(tmp_path, "café\nhello\nnaïve\nworld\n")
    dictionary = load_dictionary(path, use_cache=False)
    assert list(dictionary) == ["hello", "world"]
    assert dictionary.stats.skipped_not_letters == 2


def test_load_utf8_list_with_byte_order_mark(tmp_path: Path) -> None:
    # Editors on Windows often save UTF-8 with a BOM; it is not part of the first word.
    path = write_list(tmp_path, b"\xef\xbb\xbfhello\nworld\n")
    dictionary = load_dictionary(path, use_cache=False)
    assert list(dictionary) == ["hello", "world"]


def test_load_names_the_dictionary(tmp_path: Path) -> None:
    path = write_list(tmp_path, "cat\n", name="animals.txt")
    assert load_dictionary(path, use_cache=False).name == "animals"
    assert load_dictionary(path, name="pets", use_cache=False).name == "pets"


def test_missing_word_list_names_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-list.txt"
    with pytest.raises(WordListError) as raised:
        load_dictionary(missing, cache_dir=tmp_path)
    assert str(missing) in str(raised.value)


def test_unreadable_word_list_names_the_file(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder.txt"
    folder.mkdir()
    with pytest.raises(WordListError) as raised:
        load_dictionary(folder, cache_dir=tmp_path)
    assert str(folder) in str(raised.value)


def test_word_list_without_playable_words_is_an_error(tmp_path: Path) -> None:
    path = write_list(tmp_path, "# nothing here\n\ndon't\nqat\n")
    with pytest.raises(WordListError, match="no playable words") as raised:
        load_dictionary(path, cache_dir=tmp_path / "cache")
    assert str(path) in str(raised.value)


# --- The on-disk cache -------------------------------------------------------------


@pytest.fixture
def word_list(tmp_path: Path) -> Path:
    return write_list(tmp_path, "\n".join(SMALL_WORDS) + "\nqat\ndon't\n")


def test_first_load_writes_the_cache_and_second_reads_it(
    tmp_path: Path, word_list: Path, build_spy: BuildSpy
) -> None:
    cache = tmp_path / "cache"
    first = load_dictionary(word_list, cache_dir=cache)
    assert build_spy.calls == 1
    files = cache_files(cache)
    assert len(files) == 1
    assert f".v{FORMAT_VERSION}." in files[0].name
    # The compact form alone: the header, its entries and the checksum, no table.
    size = dictionary_module._HEADER.size + 4 * len(first.compact.nodes) + 4
    assert files[0].stat().st_size == size
    written = files[0].stat().st_mtime_ns

    second = load_dictionary(word_list, cache_dir=cache)
    assert build_spy.calls == 1  # read from the cache, not built again
    assert same_dictionary(first, second)
    assert second.stats == WordListStats(len(SMALL_WORDS), 1, 1, 0)
    assert second.source_hash == first.source_hash != ""
    assert cache_files(cache) == files
    assert files[0].stat().st_mtime_ns == written


def test_a_new_cache_removes_the_same_graphs_caches_of_older_formats(
    tmp_path: Path, word_list: Path
) -> None:
    cache = tmp_path / "cache"
    load_dictionary(word_list, cache_dir=cache)
    (current,) = cache_files(cache)
    stem = current.name.removesuffix(f".v{FORMAT_VERSION}.dawg")
    older = [cache / f"{stem}.v{FORMAT_VERSION - 1}.dawg", cache / f"{stem}.v1.dawg"]
    another_list = cache / f"{'0' * 32}.{stem.split('.')[1]}.v{FORMAT_VERSION - 1}.dawg"
    for path in [*older, another_list]:
        path.write_bytes(b"an older format")
    current.unlink()
    load_dictionary(word_list, cache_dir=cache)  # builds and writes the cache again
    assert current.exists()
    assert not any(path.exists() for path in older)
    assert another_list.exists()  # another word list's cache: not this graph's to remove


def test_use_cache_false_writes_nothing(tmp_path: Path, word_list: Path) -> None:
    cache = tmp_path / "cache"
    load_dictionary(word_list, cache_dir=cache, use_cache=False)
    assert not cache.exists() or cache_files(cache) == []


def test_default_cache_dir_comes_from_the_environment(
    tmp_path: Path, word_list: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(tmp_path / "from-env"))
    assert dictionary_module.default_cache_dir() == tmp_path / "from-env"
    load_dictionary(word_list)
    assert len(cache_files(tmp_path / "from-env")) == 1


def test_cache_is_keyed_by_content(tmp_path: Path, build_spy: BuildSpy) -> None:
    cache = tmp_path / "cache"
    a = load_dictionary(write_list(tmp_path, "cat\ndog\n", "a.txt"), cache_dir=cache)
    b = load_dictionary(write_list(tmp_path, "cat\ndog\n", "b.txt"), cache_dir=cache)
    assert build_spy.calls == 1  # same content, same cache file
    assert (a.name, b.name) == ("a", "b")
    assert same_dictionary(a, b)
    changed = load_dictionary(write_list(tmp_path, "cat\ndog\nemu\n", "a.txt"), cache_dir=cache)
    assert build_spy.calls == 2
    assert "emu" in changed
    assert len(cache_files(cache)) == 2


def _header(data: bytes) -> list:
    return list(dictionary_module._HEADER.unpack_from(data))


def _with_header(data: bytes, fields: list) -> bytes:
    header = dictionary_module._HEADER
    return header.pack(*fields) + data[header.size :]


def _flip_payload_byte(data: bytes) -> bytes:
    size = dictionary_module._HEADER.size
    position = size + (len(data) - size) // 2
    return data[:position] + bytes([data[position] ^ 0x40]) + data[position + 1 :]


def _other_version(data: bytes) -> bytes:
    fields = _header(data)
    fields[1] = FORMAT_VERSION + 1
    return _with_header(data, fields)


def _other_magic(data: bytes) -> bytes:
    return b"NOTADAWG" + data[8:]


CORRUPTIONS = {
    "empty": lambda data: b"",
    "truncated header": lambda data: data[:10],
    "truncated table": lambda data: data[: len(data) // 2],
    "one byte short": lambda data: data[:-1],
    "truncated mid-entry": lambda data: data[: dictionary_module._HEADER.size + 4 * 7 + 2],
    "payload byte flipped": _flip_payload_byte,
    "last byte flipped": lambda data: data[:-1] + bytes([data[-1] ^ 0x01]),
    "wrong version": _other_version,
    "wrong magic": _other_magic,
    "trailing garbage": lambda data: data + b"garbage",
    "trailing zero": lambda data: data + b"\0",
    "compact graph byte flipped": lambda data: (
        data[: -4 - 4 * (COMPACT_PADDING + 2)]
        + bytes([data[-4 - 4 * (COMPACT_PADDING + 2)] ^ 0x04])
        + data[-4 - 4 * (COMPACT_PADDING + 2) + 1 :]
    ),
}


@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
def test_bad_cache_is_detected_rebuilt_and_replaced(
    tmp_path: Path,
    word_list: Path,
    build_spy: BuildSpy,
    caplog: pytest.LogCaptureFixture,
    corruption: str,
) -> None:
    cache = tmp_path / "cache"
    fresh = load_dictionary(word_list, cache_dir=cache)
    (cache_file,) = cache_files(cache)
    good = cache_file.read_bytes()
    cache_file.write_bytes(CORRUPTIONS[corruption](good))
    assert build_spy.calls == 1

    with caplog.at_level(logging.WARNING, logger="boggle.dictionary"):
        again = load_dictionary(word_list, cache_dir=cache)
    assert build_spy.calls == 2  # not trusted: built again
    assert same_dictionary(fresh, again)
    assert "ignoring word graph cache" in caplog.text
    # ... and replaced by a sound file that the next load reads.
    assert cache_file.read_bytes() == good
    assert same_dictionary(fresh, load_dictionary(word_list, cache_dir=cache))
    assert build_spy.calls == 2


HEADER_FIELDS = {
    "root": 4,
    "terminal_limit": 5,
    "words": 6,
    "skipped_not_letters": 7,
}


@pytest.mark.parametrize("field", list(HEADER_FIELDS))
def test_corrupt_header_field_is_not_trusted(
    tmp_path: Path, word_list: Path, build_spy: BuildSpy, field: str
) -> None:
    # A header field that is damaged but still in range must not change the dictionary
    # either: the checksum covers the header too.
    cache = tmp_path / "cache"
    fresh = load_dictionary(word_list, cache_dir=cache)
    (cache_file,) = cache_files(cache)
    good = cache_file.read_bytes()
    fields = _header(good)
    index = HEADER_FIELDS[field]
    if field in ("root", "terminal_limit"):
        fields[index] -= 1  # another offset: in range, so only a checksum can tell
    else:
        fields[index] ^= 1
    cache_file.write_bytes(_with_header(good, fields))

    again = load_dictionary(word_list, cache_dir=cache)
    assert same_dictionary(fresh, again)
    assert build_spy.calls == 2


# The cache's format 4, before this one: the table, then the compact form, both whole.
# magic, version, stride, rows, root, terminal limit, words, skipped x3, sha256, then
# the compact form's entries, root and terminal limit.
FORMAT_4_HEADER = struct.Struct("<8sIIIIIIIII32sIII")


def format_4_cache(dictionary: Dictionary, digest: bytes) -> bytes:
    """A cache file of ``dictionary`` as format 4 wrote it, sound in every other way."""
    table, root, terminal_limit = dictionary.table_graph()
    compact = dictionary.compact
    stats = dictionary.stats
    header = FORMAT_4_HEADER.pack(
        b"BOGGLEDG", 4, STRIDE, len(table) // STRIDE, root, terminal_limit, stats.words,
        stats.skipped_not_letters, stats.skipped_q_without_u, stats.skipped_too_long, digest,
        len(compact.nodes), compact.root, compact.terminal_limit,
    )  # fmt: skip
    assert sys.byteorder == "little"  # the file is little-endian, as the arrays here
    crc = zlib.crc32(compact.nodes, zlib.crc32(table, zlib.crc32(header)))
    return header + table.tobytes() + compact.nodes.tobytes() + crc.to_bytes(4, "little")


def test_a_cache_of_the_format_before_is_not_read_and_is_replaced(
    tmp_path: Path,
    word_list: Path,
    build_spy: BuildSpy,
    caplog: pytest.LogCaptureFixture,
) -> None:
    cache = tmp_path / "cache"
    fresh = load_dictionary(word_list, cache_dir=cache)
    (cache_file,) = cache_files(cache)
    good = cache_file.read_bytes()
    old = format_4_cache(fresh, bytes.fromhex(fresh.source_hash))
    assert old != good and len(old) > len(good)
    # Under its own name, the file format 4 gave it: not read, and removed once the
    # current one is written.
    stem = cache_file.name.removesuffix(f".v{FORMAT_VERSION}.dawg")
    (cache / f"{stem}.v4.dawg").write_bytes(old)
    cache_file.unlink()
    again = load_dictionary(word_list, cache_dir=cache)
    assert build_spy.calls == 2
    assert same_dictionary(fresh, again)
    assert cache_files(cache) == [cache_file] and cache_file.read_bytes() == good
    # Under the current name: refused by its version, built again and replaced.
    cache_file.write_bytes(old)
    with caplog.at_level(logging.WARNING, logger="boggle.dictionary"):
        again = load_dictionary(word_list, cache_dir=cache)
    assert build_spy.calls == 3
    assert "another format" in caplog.text
    assert same_dictionary(fresh, again)
    assert cache_file.read_bytes() == good


def test_a_graph_without_a_compact_form_caches_its_table(
    tmp_path: Path, word_list: Path, build_spy: BuildSpy
) -> None:
    # Two more faces of two letters than English: 33 columns below the bit set, which
    # no longer fits 32 bits. No ruleset ships so many; such a graph keeps its table.
    rules = dataclasses.replace(RULES, multi_letter_faces=(*RULES.multi_letter_faces, "ij", "ou"))
    assert rules.mask_column == 33
    cache = tmp_path / "cache"
    built = load_dictionary(word_list, cache_dir=cache, rules=rules)
    assert built.compact is None and built.has_table
    (cache_file,) = cache_files(cache)
    size = dictionary_module._HEADER.size + 4 * len(built.table) + 4
    assert cache_file.stat().st_size == size
    read = load_dictionary(word_list, cache_dir=cache, rules=rules)
    assert build_spy.calls == 1
    assert same_dictionary(built, read)
    assert list(read) == sorted(SMALL_WORDS) and "queen" in read and "qat" not in read
    assert read.has_prefix("squ") and not read.has_prefix("squa")
    assert len(read.table) % rules.stride == 0 and read.has_table


def test_cache_of_another_word_list_is_not_used(
    tmp_path: Path, word_list: Path, build_spy: BuildSpy
) -> None:
    cache = tmp_path / "cache"
    fresh = load_dictionary(word_list, cache_dir=cache)
    (cache_file,) = cache_files(cache)
    other = load_dictionary(write_list(tmp_path, "emu\ngnu\n", "other.txt"), cache_dir=cache)
    (other_file,) = [f for f in cache_files(cache) if f != cache_file]
    cache_file.write_bytes(other_file.read_bytes())  # same name, another list's graph
    again = load_dictionary(word_list, cache_dir=cache)
    assert same_dictionary(fresh, again)
    assert "emu" in other and "emu" not in again
    assert build_spy.calls == 3


def test_cache_in_a_read_only_folder_still_loads(
    tmp_path: Path, word_list: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "read-only"
    cache.mkdir()
    cache.chmod(0o555)
    if os.geteuid() == 0:
        # Root writes anywhere; make the temporary file fail as it would for a user.
        def refuse(*args: object, **kwargs: object) -> None:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(cachefile.tempfile, "mkstemp", refuse)
    try:
        dictionary = load_dictionary(word_list, cache_dir=cache)
        assert list(dictionary) == sorted(SMALL_WORDS)
        assert cache_files(cache) == []
        assert list(load_dictionary(word_list, cache_dir=cache)) == sorted(SMALL_WORDS)
    finally:
        cache.chmod(0o755)


def test_cache_folder_that_cannot_exist_still_loads(tmp_path: Path, word_list: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    dictionary = load_dictionary(word_list, cache_dir=blocker / "cache")
    assert list(dictionary) == sorted(SMALL_WORDS)


def test_failed_cache_write_leaves_no_temporary_file(
    tmp_path: Path, word_list: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(dictionary_module.os, "replace", full_disk)
    dictionary = load_dictionary(word_list, cache_dir=cache)
    assert "queen" in dictionary
    assert list(cache.iterdir()) == []


LOAD_IN_CHILD = """
import sys
from boggle.dictionary import load_dictionary
dictionary = load_dictionary(sys.argv[1], cache_dir=sys.argv[2])
print(len(dictionary), "queen" in dictionary)
"""


def test_two_processes_building_the_same_cache_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    source = write_list(tmp_path, COMMON.read_bytes(), "common.txt")
    children = [
        subprocess.Popen(
            [sys.executable, "-c", LOAD_IN_CHILD, str(source), str(cache)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    results = [child.communicate(timeout=120) for child in children]
    for child, (_, err) in zip(children, results, strict=True):
        assert child.returncode == 0, err
    outputs = {out for out, _ in results}
    assert len(outputs) == 1
    count, has_queen = outputs.pop().split()
    assert has_queen == "True"

    assert len(cache_files(cache)) == 1
    assert [p.name for p in cache.iterdir() if p.name.startswith(".tmp")] == []
    rebuilt = load_dictionary(source, use_cache=False)

    def no_build(words: list[str]) -> None:
        raise AssertionError("the cache left by the two processes was not used")

    monkeypatch.setattr(dictionary_module, "build_table", no_build)
    cached = load_dictionary(source, cache_dir=cache)
    assert len(cached) == int(count)
    assert same_dictionary(cached, rebuilt)


def test_shipped_common_list_loads_with_known_words(catalog: Catalog) -> None:
    common = catalog.get("common")
    for word in ("cat", "queen", "quiet", "thing", "serpent"):
        assert word in common
    assert "qi" not in common
    assert len(common) > 50_000
