"""What one request may write to the log: bounded, so that a client cannot fill the disk."""

from __future__ import annotations

from boggle import Board

#: The most one request writes to the log, in characters (a traceback is about 2,000).
LOG_LIMIT = 4000


def clip(text: str, limit: int = LOG_LIMIT) -> str:
    """The text cut to about ``limit`` characters: its start and its end (where a traceback
    names the error), saying how much was left out."""
    if len(text) <= limit:
        return text
    head = limit // 4
    tail = limit - head
    return f"{text[:head]} [...{len(text) - limit:,} characters left out...] {text[-tail:]}"


def board_summary(board: Board) -> str:
    """A board for the log: its shape and the start of its text, not its 1,600 cells."""
    return f"{board.rows}x{board.cols} board, {clip(str(board), 60)!r}"
