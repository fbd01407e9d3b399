"""Room codes, player tokens and the hashes that stand for them in the database.

A room code is what people read aloud and type: 10 characters from an alphabet without
the look-alikes (no 0/O, 1/I/L), 31^10 codes, about 49 bits, so that guessing a live
room is hopeless. A token is a player's seat: 256 random bits, sent to its player once
and stored only as its SHA-256, so a copy of the database seats nobody. A client's
address is kept only as a keyed hash, for the limit on rooms created per hour.
"""

from __future__ import annotations

import hashlib
import secrets

#: Letters and digits a room code is made of: no 0, 1, I, L or O.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 10
#: Bytes of randomness in a token (256 bits).
TOKEN_BYTES = 32


def new_code() -> str:
    """A fresh random room code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def read_code(text: str) -> str | None:
    """A room code as typed (any case, surrounding spaces), or None if it cannot be one."""
    code = text.strip().upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def new_token() -> str:
    """A fresh player token: URL-safe text of 256 random bits."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def client_key(address: str) -> str:
    """What the database keeps of a client's address: its SHA-256, in hex."""
    return hashlib.sha256(f"boggle-room-client:{address}".encode("utf-8", "replace")).hexdigest()
