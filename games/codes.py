"""Room codes, player tokens and the hashes that stand for them in the database.

A room code is what people say across a table and type: 5 characters from an alphabet
without the look-alikes (no 0/O, 1/I/L), read in any case, with any spaces or hyphens
typed inside it left out. 31^5 is about 28.6 million codes, so a code can be guessed:
the rooms refuse a client address that names too many codes that hold no room
(games/rooms.py, ``ROOM_CODE_MISSES_PER_HOUR``; docs/rooms.md works out the odds).
Rooms made before codes were short have 10 characters (31^10, about 49 bits), and
those codes keep working. A token is a player's seat: 256 random bits, sent to its
player once and stored only as its SHA-256, so a copy of the database seats nobody. A
client's address is kept only as a keyed hash, for the limits per address.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import secrets

#: Letters and digits a room code is made of: no 0, 1, I, L or O.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
#: The length of a new room's code: short enough to say, read back and type.
CODE_LENGTH = 5
#: The length of the codes rooms were given before (and are given when no short code
#: is free): still read, so old links and QR codes keep working.
LONG_CODE_LENGTH = 10
CODE_LENGTHS = (CODE_LENGTH, LONG_CODE_LENGTH)
#: What may be typed inside a code and is left out: "K7Q X4", "k7q-x4".
CODE_SEPARATORS = " -"
#: Bytes of randomness in a token (256 bits).
TOKEN_BYTES = 32
#: The bits of an IPv6 address that name one client: a home or phone network is given
#: a /64 at least, and everything inside it is one household's to use.
IPV6_CLIENT_BITS = 64


#: What ``str.translate`` leaves out of a typed code: CODE_SEPARATORS.
_LEFT_OUT = str.maketrans("", "", CODE_SEPARATORS)
#: A code of one of CODE_LENGTHS in CODE_ALPHABET (every room's poll reads one).
_CODE = re.compile("|".join(f"[{CODE_ALPHABET}]{{{length}}}" for length in CODE_LENGTHS))


def new_code(length: int = CODE_LENGTH) -> str:
    """A fresh random room code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def read_code(text: str) -> str | None:
    """A room code as typed (any case, spaces or hyphens anywhere), or None if it
    cannot be one."""
    code = text.translate(_LEFT_OUT).upper()
    return code if _CODE.fullmatch(code) else None


def new_token() -> str:
    """A fresh player token: URL-safe text of 256 random bits."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def client_key(address: str) -> str:
    """What the database keeps of a client's address: its SHA-256, in hex. An IPv6
    address counts as its /64 network, which its owner can fill with addresses of
    their own choosing: one per guess would be no limit at all."""
    try:
        parsed = ipaddress.ip_address(address.strip())
    except ValueError:
        client = address
    else:
        if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
            parsed = parsed.ipv4_mapped  # ::ffff:192.0.2.1 is 192.0.2.1
        if isinstance(parsed, ipaddress.IPv6Address):
            client = str(ipaddress.ip_network(f"{parsed}/{IPV6_CLIENT_BITS}", strict=False))
        else:
            client = str(parsed)
    return hashlib.sha256(f"boggle-room-client:{client}".encode("utf-8", "replace")).hexdigest()
