"""What one request may write to the log: bounded, so that a client cannot fill the disk."""

from __future__ import annotations

import traceback

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


#: The most the error's own line (its type and message) takes of a logged traceback.
ERROR_LINE_LIMIT = 1000


def traceback_for_log(error: BaseException, limit: int = LOG_LIMIT) -> str:
    """The error's traceback cut to about ``limit`` characters, where the error's own line
    (``RuntimeError: ...``) is cut on its own. Cutting the whole text as one let a huge
    message push the error's type out of the log, and how much of the frames survived
    depended on how long the install's paths were."""
    error_line = "".join(traceback.format_exception_only(error))
    whole = "".join(traceback.format_exception(error))
    frames = whole[: -len(error_line)] if whole.endswith(error_line) else whole
    return clip(frames, limit - ERROR_LINE_LIMIT) + clip_start(error_line, ERROR_LINE_LIMIT)


def clip_start(text: str, limit: int) -> str:
    """The start of the text, at most about ``limit`` characters, saying how much was left
    out: an error's message says what it is about at its start."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]} [...{len(text) - limit:,} characters left out]\n"


def board_summary(board: Board) -> str:
    """A board for the log: its shape and the start of its text, not its 1,600 cells."""
    return f"{board.rows}x{board.cols} board, {clip(str(board), 60)!r}"
