"""The straightforward solver, measured beside the engine so the figures compare in one run.

A trie of nested dicts and a recursive walk that carries a set of visited cells: how
most Boggle solvers in Python are written. It is only a yardstick: the benchmark
checks that it finds the same words as the engine, then times both on the same boards.
"""

from __future__ import annotations

from collections.abc import Iterable

from boggle.board import BLANK, Board

_END = "$"


def build_trie(words: Iterable[str]) -> dict:
    """A trie of nested dicts; the key ``$`` marks the end of a word."""
    root: dict = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[_END] = word
    return root


def solve(board: Board, trie: dict, min_length: int = 3) -> dict[str, list[tuple[int, int]]]:
    """Every word with one path, found by walking the board and the trie together."""
    found: dict[str, list[tuple[int, int]]] = {}

    def walk(cell: int, node: dict, path: list[int], seen: set[int]) -> None:
        for ch in board.faces[cell]:
            node = node.get(ch)
            if node is None:
                return
        path = [*path, cell]
        word = node.get(_END)
        if word and len(word) >= min_length and word not in found:
            found[word] = [board.cell(c) for c in path]
        for neighbour in board.neighbors(cell):
            if neighbour not in seen and board.faces[neighbour] != BLANK:
                walk(neighbour, node, path, seen | {neighbour})

    for cell in range(board.size):
        if board.faces[cell] != BLANK:
            walk(cell, trie, [], {cell})
    return found
