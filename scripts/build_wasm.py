#!/usr/bin/env python3
"""Compile the page's search, boggle/walk_wasm.c (which includes boggle/walk.c, the
server's walk), to WebAssembly: static/wasm/walk.wasm.

Usage:
    python3 scripts/build_wasm.py           # rebuild static/wasm/walk.wasm (make wasm)
    python3 scripts/build_wasm.py --check   # CI: fail if the committed file differs

The .wasm is committed, so that the app needs no compiler for WebAssembly to serve it,
and rebuilt here with Debian's clang 14, lld 14, wasi-libc and the wasm32 builtins
(scripts/deps.sh installs them): the same sources and flags give the same bytes on any
machine (no debug information, no paths, names stripped), so CI rebuilds it and
compares, byte for byte, as it does the word lists.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "boggle" / "walk_wasm.c"
OUTPUT = ROOT / "static" / "wasm" / "walk.wasm"
#: The compiler: Debian's clang 14 by name, so that another version on the path cannot
#: change the bytes (a newer one would, and the check would say so).
CLANG = "clang-14"
FLAGS = (
    "--target=wasm32-wasi",
    "-O2",
    "-std=c11",
    "-Wall",
    "-Wextra",
    "-Werror",
    "-Wno-unused-parameter",
    # The score walks in walk.c are the server's alone; the page ranks every word.
    "-Wno-unused-function",
    # A library, not a program: no _start, the exports named in the source.
    "-nostartfiles",
    "-Wl,--no-entry",
    "-Wl,--strip-all",
    # The walk recurses once a letter (64 at most) and sets up in malloc'd memory; a
    # megabyte of stack is far more than it needs, and costs nothing until touched.
    "-Wl,-z,stack-size=1048576",
)


def build(output: Path) -> None:
    """Compile SOURCE to ``output``; SystemExit naming what is missing when it cannot."""
    if shutil.which(CLANG) is None:
        raise SystemExit(
            f"build_wasm: {CLANG} is not installed: scripts/deps.sh installs it "
            "(clang-14, lld-14, wasi-libc, libclang-rt-14-dev-wasm32)"
        )
    command = [CLANG, *FLAGS, "-o", str(output), str(SOURCE)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"build_wasm: {' '.join(command)} failed:\n{done.stderr}")


def digest(path: Path) -> str:
    """The file's SHA-256, for the messages."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    """Build (or check) the .wasm; return the process exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="fail if the committed .wasm differs from a rebuild"
    )
    args = parser.parse_args(argv)
    if not args.check:
        OUTPUT.parent.mkdir(parents=True, exist_ok=True)
        build(OUTPUT)
        print(f"build_wasm: wrote {OUTPUT.relative_to(ROOT)} ({digest(OUTPUT)})")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        rebuilt = Path(folder) / "walk.wasm"
        build(rebuilt)
        if not OUTPUT.is_file():
            print(f"build_wasm: {OUTPUT.relative_to(ROOT)} is missing; run make wasm")
            return 1
        if rebuilt.read_bytes() != OUTPUT.read_bytes():
            print(
                f"build_wasm: {OUTPUT.relative_to(ROOT)} ({digest(OUTPUT)}) is not what "
                f"boggle/walk_wasm.c builds ({digest(rebuilt)}); run make wasm and commit it"
            )
            return 1
    print(f"build_wasm: {OUTPUT.relative_to(ROOT)} is what its sources build ({digest(OUTPUT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
