"""Writing a cache file so that no reader ever sees half of it.

Word graphs (boggle/dictionary.py) and ratings (boggle/ratings.py) are cached on disk,
read by every process that starts, and may be written by two at once (two workers, or
``make run`` beside the tests). Each is written to a temporary file in the same folder
and renamed over its name: the rename is atomic, so a reader finds the old file, the
new one, or none, never a torn one.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO


def write_atomically(path: Path, write: Callable[[BinaryIO], None]) -> None:
    """Create ``path``'s folder, then write it through ``write`` and a rename.

    Raises OSError when the folder or the file cannot be written; the temporary file is
    removed whatever fails.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
