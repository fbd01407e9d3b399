"""The JSON schemas of the API's answers, for its OpenAPI document (web/openapi.py).

Each is the shape of a document some ``as_dict()`` or ``run_*`` builds (named beside
it), strict (``additionalProperties: false``): a field added to an answer and not
here fails the API fuzzer's schema check (tests/test_api_fuzz.py) until it is
described, so the document keeps up with the answers. The enumerations come from the
engine's own constants (verdicts, round states, engines), never retyped.
"""

from __future__ import annotations

from typing import Any

from boggle.dice import SEED_LIMIT
from boggle.scoring import VERDICTS
from games.plays import CHALLENGE, DAILY
from games.rooms import FINISHED, PLAYING, SENT_VERDICTS, STARTING, WAITING


def ref(name: str) -> dict[str, str]:
    """A reference to one of the document's schemas."""
    return {"$ref": f"#/components/schemas/{name}"}


def obj(properties: dict[str, Any], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """A closed object: every property required unless named optional, no others."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": [name for name in properties if name not in optional],
        "properties": properties,
    }


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema, or null."""
    return {"oneOf": [schema, {"type": "null"}]}


TEXT = {"type": "string"}
COUNT = {"type": "integer", "minimum": 0}
POINTS = {"type": "integer", "minimum": 0}
SIDE = {"type": "integer", "minimum": 1}
MILLISECONDS = {"type": "number", "minimum": 0}
UNIX_SECONDS = {"type": "number", "description": "Unix seconds, to the millisecond"}
SEED = {"type": "integer", "minimum": 0, "maximum": SEED_LIMIT - 1}
NAMES = {"type": "array", "items": TEXT}
PERCENT = {"type": "integer", "minimum": 0, "maximum": 100}
#: A day's board's key: its day, language and size (2027-01-15/en/4x4).
DAY_KEY = {"type": "string", "pattern": r"^[0-9]{4}-[0-9]{2}-[0-9]{2}/[a-z]+/[0-9]+x[0-9]+$"}
#: A day's board's state for the caller (web/daily/api.py board_document).
BOARD_STATES = ("ready", PLAYING, FINISHED, "closed")
#: games/plays.py BoardSpec.as_dict: a board's rules, never its faces (a day's board has
#: a key, a day and dice; a challenge's after practice has none of them).
PLAY_BOARD = {
    "key": nullable(DAY_KEY),
    "kind": {"type": "string", "enum": [DAILY, CHALLENGE]},
    "day": nullable(TEXT),
    "language": TEXT,
    "dice": nullable(TEXT),
    "rows": SIDE,
    "cols": SIDE,
    "min_length": SIDE,
    "dictionary": TEXT,
    "seconds": SIDE,
}
#: A written word judged by the rules (POST /score, a round's results).
JUDGED = {
    "word": TEXT,
    "written": TEXT,
    "verdict": {"type": "string", "enum": list(VERDICTS)},
    "points": POINTS,
    "score": POINTS,
    "with": NAMES,
    "path": {"oneOf": [{"$ref": "#/components/schemas/Path"}, {"type": "null"}]},
    "verdict_text": TEXT,
}

SCHEMAS: dict[str, dict[str, Any]] = {
    "Board": {
        "description": "The board's rows, each a list of its cubes' faces as shown "
        "('Qu', 'Th'; a blank is '#').",
        "type": "array",
        "items": {"type": "array", "items": TEXT},
        "example": [["S", "E", "R", "S"], ["P", "A", "T", "G"], ["L", "I", "N", "E"]],
    },
    "Cell": {
        "description": "A cube's [row, col], from zero at the top left.",
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        "minItems": 2,
        "maxItems": 2,
    },
    "Path": {
        "description": "The cubes a word is traced through, first letter first.",
        "type": "array",
        "items": ref("Cell"),
    },
    # boggle/solver.py Solution.as_dict, with boggle/summary.py solve_document's spellings.
    "Word": obj(
        {
            "word": TEXT,
            "score": POINTS,
            "path": ref("Path"),
            "spellings": {
                "description": "How the language writes the word, where its list "
                "writes it otherwise (eleve: élève).",
                "type": "array",
                "items": TEXT,
            },
        },
        optional=("spellings",),
    ),
    # boggle/summary.py Summary.as_dict.
    "Summary": obj(
        {
            "by_length": {
                "type": "array",
                "items": obj({"length": SIDE, "count": COUNT, "points": POINTS, "text": TEXT}),
            },
            "longest": NAMES,
            "long_share": {"type": "number", "minimum": 0, "maximum": 1},
            "long_share_text": TEXT,
            "line": TEXT,
        }
    ),
    # boggle/ratings.py Rating.as_dict.
    "Rating": obj(
        {
            "text": TEXT,
            "share_text": TEXT,
            "percentile": {"type": "number", "minimum": 0, "maximum": 100},
            "points": POINTS,
            "dice": TEXT,
            "dictionary": TEXT,
            "rolls": COUNT,
            "bins": {
                "type": "array",
                "items": obj(
                    {
                        "low": POINTS,
                        "high": nullable(POINTS),
                        "count": COUNT,
                        "text": TEXT,
                    }
                ),
            },
            "bin": COUNT,
        }
    ),
    "Solution": obj(
        {
            "board": ref("Board"),
            "rows": SIDE,
            "cols": SIDE,
            "text": TEXT,
            "dictionary": TEXT,
            "min_length": SIDE,
            "count": COUNT,
            "total_score": POINTS,
            "words": {"type": "array", "items": ref("Word")},
            "elapsed_ms": MILLISECONDS,
            "summary": ref("Summary"),
            "rating": ref("Rating"),
        },
        optional=("rating",),
    ),
    # web/service.py run_random.
    "RandomBoard": obj(
        {
            "board": ref("Board"),
            "rows": SIDE,
            "cols": SIDE,
            "text": TEXT,
            "dice": TEXT,
            "seed": SEED,
            "min_length": SIDE,
            "dictionary": TEXT,
        },
        optional=("dictionary",),
    ),
    # boggle/rich.py RichBoard.as_dict.
    "RichBoard": obj(
        {
            "board": ref("Board"),
            "rows": SIDE,
            "cols": SIDE,
            "text": TEXT,
            "dice": TEXT,
            "dictionary": TEXT,
            "min_length": SIDE,
            "seed": SEED,
            "total_score": POINTS,
            "count": COUNT,
            "steps": COUNT,
            "elapsed_ms": MILLISECONDS,
        }
    ),
    # boggle/scoring.py _verdict_dict, with boggle/standings.py's verdict_text.
    "JudgedWord": obj(JUDGED, optional=("with",)),
    # ... and in a room's results (games/rooms.py), with ``shared``: found by two or more.
    "JudgedWordShared": obj({**JUDGED, "shared": {"type": "boolean"}}, optional=("with",)),
    "PlayerScore": obj(
        {
            "name": TEXT,
            "total_score": POINTS,
            "long_words": COUNT,
            "scored_words": COUNT,
            "words": {"type": "array", "items": ref("JudgedWord")},
        }
    ),
    "Standing": obj(
        {
            "rank": SIDE,
            "name": TEXT,
            "total_score": POINTS,
            "long_words": COUNT,
            "winner": {"type": "boolean"},
            "tied": {"type": "boolean"},
            "tie_break": {"type": "boolean"},
        }
    ),
    "Missed": obj(
        {
            "count": COUNT,
            "total_score": POINTS,
            "words": {"type": "array", "items": ref("Word")},
            "text": TEXT,
        }
    ),
    # web/service.py run_score, with boggle/standings.py game_document.
    "Game": obj(
        {
            "board": ref("Board"),
            "rows": SIDE,
            "cols": SIDE,
            "dictionary": TEXT,
            "min_length": SIDE,
            "count": COUNT,
            "total_score": POINTS,
            "players": {"type": "array", "items": ref("PlayerScore")},
            "ranking": {"type": "array", "items": ref("Standing")},
            "winners": NAMES,
            "missed": ref("Missed"),
            "headline": TEXT,
            "elapsed_ms": MILLISECONDS,
        }
    ),
    # web/service.py run_lookup.
    "Lookup": obj({"word": TEXT, "dictionary": TEXT, "in_dictionary": {"type": "boolean"}}),
    # boggle/definitions.py Definition.as_dict.
    "Definition": obj(
        {
            "word": TEXT,
            "entries": {
                "type": "array",
                "items": obj(
                    {
                        "lemma": TEXT,
                        # None where the source does not say (Wiktionary's glosses).
                        "pos": nullable(TEXT),
                        "senses": {
                            "type": "array",
                            "items": obj({"gloss": TEXT, "example": nullable(TEXT)}),
                        },
                    }
                ),
            },
            # The glosses' language (en, de), and whom they come from, as credited.
            "language": TEXT,
            "source": obj({"name": TEXT, "licence": TEXT, "licence_url": TEXT, "url": TEXT}),
        }
    ),
    # boggle/catalog.py Catalog.describe, under web/api.py's default.
    "Dictionaries": obj(
        {
            "default": TEXT,
            "dictionaries": {
                "type": "array",
                "items": obj(
                    {
                        "name": TEXT,
                        "description": TEXT,
                        "word_count": COUNT,
                        "default": {"type": "boolean"},
                        "loaded": {"type": "boolean"},
                        "language": obj({"code": TEXT, "name": TEXT, "native_name": TEXT}),
                        "alphabet": TEXT,
                        "multi_letter_faces": NAMES,
                    }
                ),
            },
        }
    ),
    # web/api.py healthz.
    "Health": obj(
        {
            "status": {"type": "string", "enum": ["ok"]},
            "dictionary": TEXT,
            "word_count": COUNT,
            "engine": {"type": "string", "enum": ["native", "python"]},
            "rooms_database": {"type": "string", "enum": ["sqlite", "postgresql"]},
        }
    ),
    "OpenAPI": {
        "description": "This document.",
        "type": "object",
        "required": ["openapi", "info", "paths"],
    },
    # --- Rooms (games/rooms.py, web/rooms/api.py) ------------------------------------
    "RoomSettings": obj(
        {
            "dice": TEXT,
            "rows": SIDE,
            "cols": SIDE,
            "min_length": SIDE,
            "dictionary": TEXT,
            "seconds": SIDE,
        }
    ),
    "Player": obj({"id": SIDE, "name": TEXT, "host": {"type": "boolean"}}),
    "Seat": obj(
        {
            "room": TEXT,
            "url": {"type": "string", "format": "uri"},
            "player": ref("Player"),
            "token": {
                "type": "string",
                "description": "The seat's bearer token: send it as 'Authorization: Bearer TOKEN'.",
            },
            "settings": ref("RoomSettings"),
        },
        optional=("settings",),
    ),
    "RoomRound": obj(
        {
            "number": COUNT,
            "state": {"type": "string", "enum": [WAITING, STARTING, PLAYING, FINISHED]},
            "board": nullable(ref("Board")),
            "started_at": nullable(UNIX_SECONDS),
            "ends_at": nullable(UNIX_SECONDS),
            "closes_at": nullable(UNIX_SECONDS),
        }
    ),
    "Room": obj(
        {
            "room": TEXT,
            "url": {"type": "string", "format": "uri"},
            "settings": ref("RoomSettings"),
            "players": {
                "type": "array",
                "items": obj(
                    {
                        "id": SIDE,
                        "name": TEXT,
                        "host": {"type": "boolean"},
                        "total_score": POINTS,
                        "total": {**POINTS, "deprecated": True},
                    }
                ),
            },
            "you": nullable(SIDE),
            "removed": {
                "type": "boolean",
                "description": "The caller's token held a seat the host has removed.",
            },
            "locked": {"type": "boolean", "description": "No new player may join."},
            "handoff": nullable(
                {
                    **obj({"from": SIDE, "to": nullable(SIDE), "at": UNIX_SECONDS}),
                    "description": "The last time the room passed to another host, "
                    "its host being away: from and to whom (seats), and when.",
                }
            ),
            "round": ref("RoomRound"),
            "now": UNIX_SECONDS,
        }
    ),
    "SentWord": obj(
        {
            "word": TEXT,
            "verdict": {"type": "string", "enum": list(SENT_VERDICTS)},
            "path": nullable(ref("Path")),
            "score": POINTS,
        }
    ),
    "SentWords": obj(
        {"room": TEXT, "round": SIDE, "words": {"type": "array", "items": ref("SentWord")}}
    ),
    "RoundResults": obj(
        {
            "room": TEXT,
            "round": SIDE,
            "started_at": UNIX_SECONDS,
            "ends_at": UNIX_SECONDS,
            "board": ref("Board"),
            "rows": SIDE,
            "cols": SIDE,
            "dictionary": TEXT,
            "min_length": SIDE,
            "count": COUNT,
            "total_score": POINTS,
            "players": {
                "type": "array",
                "items": obj(
                    {
                        "id": SIDE,
                        "name": TEXT,
                        "total_score": POINTS,
                        "long_words": COUNT,
                        "scored_words": COUNT,
                        "words": {"type": "array", "items": ref("JudgedWordShared")},
                    }
                ),
            },
            "ranking": {
                "type": "array",
                "items": obj(
                    {
                        "id": SIDE,
                        "rank": SIDE,
                        "name": TEXT,
                        "total_score": POINTS,
                        "long_words": COUNT,
                        "winner": {"type": "boolean"},
                        "tied": {"type": "boolean"},
                        "tie_break": {"type": "boolean"},
                    }
                ),
            },
            "winners": NAMES,
            "missed": ref("Missed"),
            "headline": TEXT,
        }
    ),
    # --- Playing apart (web/daily/api.py) ---------------------------------------------
    "PlayBoard": obj(PLAY_BOARD),
    # games/plays.py PlayView.as_dict: the caller's play, its faces theirs once started.
    "Play": obj(
        {
            "state": {"type": "string", "enum": [PLAYING, FINISHED]},
            "board": ref("Board"),
            "started_at": UNIX_SECONDS,
            "ends_at": UNIX_SECONDS,
            "closes_at": UNIX_SECONDS,
            "finished_at": nullable(UNIX_SECONDS),
            "score": POINTS,
        },
        optional=("score",),
    ),
    # web/daily/api.py today_document.
    "DailyToday": obj(
        {
            "day": TEXT,
            "next_day_at": UNIX_SECONDS,
            "streak": COUNT,
            "longest_streak": COUNT,
            "boards": {
                "type": "array",
                "items": obj(
                    {
                        "key": DAY_KEY,
                        "language": TEXT,
                        "size": TEXT,
                        "title": TEXT,
                        "url": TEXT,
                        "you": nullable(
                            obj(
                                {
                                    "state": {"type": "string", "enum": [PLAYING, FINISHED]},
                                    "score": nullable(POINTS),
                                }
                            )
                        ),
                    }
                ),
            },
            "now": UNIX_SECONDS,
        }
    ),
    # web/daily/api.py board_document.
    "DailyBoard": obj(
        {
            "key": DAY_KEY,
            "title": TEXT,
            "url": TEXT,
            "board": ref("PlayBoard"),
            "players": COUNT,
            "state": {"type": "string", "enum": list(BOARD_STATES)},
            "play": nullable(ref("Play")),
            "results": nullable(TEXT),
            "now": UNIX_SECONDS,
        }
    ),
    "DailyWords": obj({"key": DAY_KEY, "words": {"type": "array", "items": ref("SentWord")}}),
    # games/plays.py Plays.results, with the board's key and title.
    "DailyResults": obj(
        {
            "key": DAY_KEY,
            "title": TEXT,
            "board": obj({**PLAY_BOARD, "board": ref("Board")}),
            "count": COUNT,
            "total_score": POINTS,
            "players": COUNT,
            "you": obj(
                {
                    "score": POINTS,
                    "found": COUNT,
                    "long_words": COUNT,
                    "best_word": nullable(TEXT),
                    "started_at": UNIX_SECONDS,
                    "finished_at": UNIX_SECONDS,
                    "players": SIDE,
                    "rank": SIDE,
                    "percentile": PERCENT,
                    "words": {
                        "type": "array",
                        "items": obj(
                            {
                                "word": TEXT,
                                "written": TEXT,
                                "verdict": {"type": "string", "enum": list(SENT_VERDICTS)},
                                "score": POINTS,
                                "finders": nullable(SIDE),
                                "path": nullable(ref("Path")),
                            }
                        ),
                    },
                }
            ),
            "histogram": {
                "type": "array",
                "items": obj({"score": POINTS, "players": SIDE}),
            },
            "top": {
                "type": "array",
                "items": obj(
                    {"rank": SIDE, "name": TEXT, "score": POINTS, "you": {"type": "boolean"}}
                ),
            },
            "missed": obj(
                {
                    "count": COUNT,
                    "total_score": POINTS,
                    "words": {"type": "array", "items": ref("MissedWord")},
                }
            ),
        }
    ),
    "MissedWord": obj({"word": TEXT, "score": POINTS, "path": nullable(ref("Path"))}),
    # games/daily.py Daily.history, with the player's name (web/daily/api.py me).
    "DailyPlayer": obj(
        {
            "player": nullable(obj({"name": nullable(TEXT)})),
            "streak": COUNT,
            "longest_streak": COUNT,
            "days_played": COUNT,
            "results": {
                "type": "array",
                "items": obj(
                    {
                        "key": DAY_KEY,
                        "day": TEXT,
                        "language": TEXT,
                        "size": TEXT,
                        "score": POINTS,
                        "total_score": POINTS,
                        "found": COUNT,
                        "best_word": nullable(TEXT),
                        "players": SIDE,
                        "rank": SIDE,
                        "percentile": PERCENT,
                    }
                ),
            },
        }
    ),
    "PlayerName": obj({"player": obj({"name": nullable(TEXT)})}),
    "Deleted": obj({"deleted": {"type": "boolean"}}),
    # web/daily/api.py transfer_document.
    "Transfer": obj({"url": TEXT, "qr": TEXT, "expires_at": UNIX_SECONDS}),
    # web/daily/api.py made_document.
    "ChallengeMade": obj({"challenge": TEXT, "url": TEXT, "qr": TEXT}),
    # games/challenges.py Challenges.document, with web/daily/api.py challenge_document's.
    "Challenge": obj(
        {
            "challenge": TEXT,
            "board": ref("PlayBoard"),
            "challenger": obj({"number": SIDE, "name": nullable(TEXT), "score": POINTS}),
            "takers": COUNT,
            "you": nullable(SIDE),
            "play": nullable(ref("Play")),
            "ranking": nullable(
                {
                    "type": "array",
                    "items": obj(
                        {
                            "rank": SIDE,
                            "number": SIDE,
                            "name": nullable(TEXT),
                            "score": nullable(POINTS),
                            "long_words": COUNT,
                            "finished": {"type": "boolean"},
                            "challenger": {"type": "boolean"},
                            "you": {"type": "boolean"},
                        }
                    ),
                }
            ),
            "versus": nullable(ref("Versus")),
            "words": {"type": "array", "items": ref("SentWord")},
            "url": TEXT,
            "qr": TEXT,
            "now": UNIX_SECONDS,
        },
        optional=("words",),
    ),
    # games/challenges.py Challenges._versus: two lists judged as POST /score judges them.
    "Versus": obj(
        {
            "board": ref("Board"),
            "count": COUNT,
            "total_score": POINTS,
            "players": {
                "type": "array",
                "items": obj(
                    {
                        "number": SIDE,
                        "name": TEXT,
                        "total_score": POINTS,
                        "long_words": COUNT,
                        "scored_words": COUNT,
                        "words": {"type": "array", "items": ref("JudgedWordShared")},
                    }
                ),
            },
            "ranking": {
                "type": "array",
                "items": obj(
                    {
                        "number": SIDE,
                        "rank": SIDE,
                        "name": TEXT,
                        "total_score": POINTS,
                        "long_words": COUNT,
                        "winner": {"type": "boolean"},
                        "tied": {"type": "boolean"},
                        "tie_break": {"type": "boolean"},
                    }
                ),
            },
            "winners": NAMES,
            "missed": ref("Missed"),
            "headline": TEXT,
        }
    ),
    "ChallengeWords": obj(
        {"challenge": TEXT, "words": {"type": "array", "items": ref("SentWord")}}
    ),
}
