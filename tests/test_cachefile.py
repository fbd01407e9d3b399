"""Cache files are replaced whole or not at all (boggle/cachefile.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from boggle.cachefile import write_atomically


def test_a_written_file_holds_what_was_written_and_its_folder_is_made(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "graph.dawg"
    write_atomically(target, lambda f: f.write(b"new"))
    assert target.read_bytes() == b"new"
    assert [p.name for p in target.parent.iterdir()] == ["graph.dawg"]


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "ratings.json"
    target.write_bytes(b"old")

    def half_then_fail(f) -> None:
        f.write(b"half")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        write_atomically(target, half_then_fail)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["ratings.json"]


def test_an_interrupted_write_also_cleans_up(tmp_path: Path) -> None:
    target = tmp_path / "graph.dawg"
    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, lambda f: (_ for _ in ()).throw(KeyboardInterrupt()))
    assert list(tmp_path.iterdir()) == []
