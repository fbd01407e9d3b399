"""Send bodies framed by chunked transfer coding to the app under gunicorn; print the answers.

    python benchmarks/chunked_probe.py [--port 18731]

Starts one sync gunicorn worker on 127.0.0.1 (the app as ``make serve`` builds it),
sends each request below over a raw socket, prints the status line and the start of
the body, and stops the server. Every request has a 10 s timeout.
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 256 * 1024  # the default MAX_CONTENT_LENGTH


def chunked(payload: bytes, size: int = 4096) -> bytes:
    """The payload in chunked transfer coding."""
    out = bytearray()
    for start in range(0, len(payload), size):
        part = payload[start : start + size]
        out += b"%x\r\n%s\r\n" % (len(part), part)
    return bytes(out + b"0\r\n\r\n")


def send(port: int, body: bytes, content_type: str, framing: str) -> str:
    """POST /solve with the body as framed; the status line and the body's start."""
    head = (
        f"POST /solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n"
        "Connection: close\r\n"
    )
    if framing == "chunked":
        head += "Transfer-Encoding: chunked\r\n"
    else:
        head += f"Content-Length: {len(body)}\r\n"
    answer = bytearray()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        try:
            connection.sendall(head.encode() + b"\r\n" + body)
            while chunk := connection.recv(65536):
                answer += chunk
        except (ConnectionResetError, BrokenPipeError, TimeoutError) as error:
            answer += f"<{type(error).__name__}>".encode()
    text = answer.decode("utf-8", "replace")
    status, _, rest = text.partition("\r\n")
    body = rest.partition("\r\n\r\n")[2]
    return f"{status} | {body[:120]}"


def requests() -> list[tuple[str, bytes, str, str]]:
    """(what, body, content type, framing) of each probe."""
    form = "application/x-www-form-urlencoded"
    board = b"&board=serspatglinesers"
    straddling = b"pad=" + b"x" * (LIMIT - 14) + board
    exact = b"pad=" + b"x" * (LIMIT - 4 - len(board)) + board
    big_json = json.dumps({"board": "sers", "pad": "x" * LIMIT}).encode()
    return [
        ("bad chunk size", b"zz\r\nabc\r\n0\r\n\r\n", "application/json", "raw"),
        ("form straddling the limit, chunked", chunked(straddling), form, "chunked"),
        ("JSON over the limit, chunked", chunked(big_json), "application/json", "chunked"),
        ("form of exactly the limit, chunked", chunked(exact), form, "chunked"),
        (
            "small JSON in 5-byte chunks",
            chunked(b'{"board":"serspatglinesers"}', 5),
            "application/json",
            "chunked",
        ),
        ("form over the limit, Content-Length", straddling, form, "length"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=18731)
    args = parser.parse_args()
    gunicorn = Path(sys.executable).with_name("gunicorn")
    command = [str(gunicorn), "--bind", f"127.0.0.1:{args.port}", "--workers", "1"]
    server = subprocess.Popen(
        [*command, "--worker-class", "sync", "app:create_app()"],
        cwd=ROOT,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(120):
            try:
                socket.create_connection(("127.0.0.1", args.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.5)
        for what, body, content_type, framing in requests():
            # "raw" bodies are already chunked (badly): send them as they are.
            sent = "chunked" if framing == "raw" else framing
            print(f"{what}: {send(args.port, body, content_type, sent)}")
    finally:
        server.terminate()
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
