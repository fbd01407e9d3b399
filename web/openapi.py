"""The API's OpenAPI 3.1 document, written from the routes' own declarations.

Each JSON route carries an ``Operation`` (``@documented(...)`` beside its ``@route``):
the fields it reads (web/params.py ``Field``s: the very tuple the route hands to
``read_fields``, whose readers take their bounds from the same declarations), the
schema of its answer (web/schemas.py), the error codes it answers beyond its fields'
own, and for the rooms the links between operations. ``document(app)`` walks the
app's URL map and writes the document from those, once per app (cached in
``app.extensions``): nothing is built per request, and a route added without a
declaration fails tests/test_openapi.py rather than going undescribed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from flask import Flask

from .params import Field, names, resolve
from .schemas import SCHEMAS, ref

#: The document's version of the API: raised when an answer changes incompatibly.
API_VERSION = "1.0"

#: The status of each error code that is not a 400, on every route (a route may say
#: otherwise: the rooms' ``too_many_words`` is a 429, /score's a 400).
STATUS_OF_CODE: dict[str, int] = {
    "board_too_long": 413,
    "board_too_large": 413,
    "request_entity_too_large": 413,
    "too_many_parts": 413,
    "unsupported_media_type": 415,
    "search_budget_exceeded": 422,
    "no_definition": 404,
    "not_found": 404,
    "server_busy": 503,
}
#: What may go wrong with any request, whatever its route.
ANY_REQUEST = ("untrusted_host",)
#: What may go wrong with a query string.
QUERY = ("duplicate_field",)
#: What may go wrong with a body, JSON or form, before its fields are read.
BODY = (
    "bad_json",
    "duplicate_field",
    "unknown_field",
    "unsupported_media_type",
    "request_entity_too_large",
    "bad_framing",
)
#: ... and with a multipart form.
FORM = ("too_many_parts",)
#: Error codes that come with a Retry-After header, and the statuses that do.
RETRY_STATUSES = (409, 429, 503)
#: A query string too long for the HTTP server in front of the app, which answers
#: before the app is reached: werkzeug's past 64 KiB, nginx's past 4 KiB in the
#: production recipe (deploy/nginx.conf). A long board goes by POST.
#: nginx answers it as the app would (web/edge.py's ``uri_too_long``); a server
#: reached without it, in its own HTML.
LINE_TOO_LONG_CODE = "uri_too_long"
#: The security scheme of the rooms: a seat's token.
BEARER = "seat"
#: The security scheme of playing apart: the player's key, in the browser's cookie.
PLAYER = "player"
#: The cookie that holds it (web/daily/api.py's ``COOKIE``).
PLAYER_COOKIE = "boggle_player"


@dataclass(frozen=True)
class Operation:
    """What one route takes and answers, as the document describes it."""

    summary: str
    description: str
    #: The fields the route reads: query parameters on GET, the body's on POST.
    fields: tuple[Field, ...] = ()
    #: The schema of the answer (a name in web/schemas.py), and its status and type.
    answer: str = ""
    status: int = 200
    media_type: str = "application/json"
    #: Error codes beyond the fields' own and the transport's, and their statuses
    #: where a route's differ from ``STATUS_OF_CODE``.
    codes: tuple[str, ...] = ()
    statuses: Mapping[str, int] = field(default_factory=dict)
    #: The fields of the path (``<code>`` in the route), by name.
    path: tuple[Field, ...] = ()
    #: Whether a POST's fields may come as a form as well as JSON (the rooms' may not).
    forms: bool = True
    #: Whether the route needs a seat's token (True), takes one (None) or not (False),
    #: or the player's cookie where ``scheme`` is PLAYER.
    seat: bool | None = False
    scheme: str = BEARER
    #: Other statuses the route answers, with what they mean (a join's 200).
    other_statuses: Mapping[int, str] = field(default_factory=dict)
    #: OpenAPI links from the answer, by name: {"operationId": ..., "parameters": ...}.
    links: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    operation_id: str = ""
    #: Headers every answer but an error's carries (a 304's too), by name: their
    #: OpenAPI header objects.
    headers: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the fields the route reads."""
        return names(self.fields)


View = TypeVar("View", bound=Callable[..., Any])


def documented(operation: Operation) -> Callable[[View], View]:
    """Declare what a route takes and answers, for the document (beside its @route)."""

    def declare(view: View) -> View:
        view.operation = operation  # type: ignore[attr-defined]
        return view

    return declare


def operation_of(app: Flask, endpoint: str) -> Operation | None:
    """The declaration of an endpoint's view, if it has one."""
    return getattr(app.view_functions.get(endpoint), "operation", None)


def document(app: Flask) -> dict[str, Any]:
    """The app's OpenAPI document: built at the first call, then the same object."""
    built = app.extensions.get("boggle.openapi")
    if built is None:
        built = app.extensions["boggle.openapi"] = build(app)
    return built


def build(app: Flask) -> dict[str, Any]:
    """Write the document from the URL map's declared routes and the app's settings."""
    facts = {**app.config, "DICTIONARY_NAMES": app.extensions["boggle.catalog"].names}
    paths: dict[str, dict[str, Any]] = {}
    for rule in sorted(app.url_map.iter_rules(), key=lambda rule: rule.rule):
        declared = operation_of(app, rule.endpoint)
        if declared is None:
            continue
        path = paths.setdefault(openapi_path(rule.rule), {})
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            path[method.lower()] = _operation(declared, method, rule.endpoint, facts)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Boggle solver",
            "version": API_VERSION,
            "summary": "Solve Boggle boards, roll and score them, and play in rooms or apart.",
            "description": (
                'Every answer is JSON, errors included: {"error": {"code", "message"}}, '
                "with a 4xx status and a message a person can act on, in the request's "
                "language (the lang cookie, then Accept-Language); codes and field names "
                "never change. A JSON body may hold only the fields a route takes; a "
                "field given twice is a 400 duplicate_field. Bounds named here are this "
                "server's settings. The reference in prose is docs/api.md and docs/rooms.md."
            ),
            "license": {"name": "GPL-3.0-or-later", "identifier": "GPL-3.0-or-later"},
        },
        "servers": [{"url": "/"}],
        "paths": paths,
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {
                BEARER: {
                    "type": "http",
                    "scheme": "bearer",
                    "description": (
                        "A player's seat in a room: the token answered when the room is "
                        "created or joined. A browser sends it in the room's cookie "
                        "(boggle_room_CODE) instead; the header wins when both are sent."
                    ),
                },
                PLAYER: {
                    "type": "apiKey",
                    "in": "cookie",
                    "name": PLAYER_COOKIE,
                    "description": (
                        "A player of playing apart (/daily, /challenges): the key the "
                        "server sets in this cookie (HttpOnly, SameSite=Lax) at the first "
                        "request that stores something for them, and sends again with each "
                        "play. Without it a caller is a new player; DELETE /daily/me takes "
                        "it away."
                    ),
                },
            },
        },
    }


def openapi_path(rule: str) -> str:
    """A Flask rule as an OpenAPI path: ``/rooms/<code>`` is ``/rooms/{code}``."""
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule)


def _operation(
    declared: Operation, method: str, endpoint: str, facts: Mapping[str, Any]
) -> dict[str, Any]:
    """One method of a route, as an OpenAPI operation."""
    name = declared.operation_id or endpoint.partition(".")[2]
    operation: dict[str, Any] = {
        "operationId": f"{name}_{method.lower()}" if not declared.operation_id else name,
        "summary": declared.summary,
        "description": declared.description,
        "tags": [endpoint.partition(".")[0]],
    }
    parameters = [_parameter(f, "path", facts) for f in declared.path]
    read = (*declared.path, *declared.fields)
    codes = [*ANY_REQUEST, *declared.codes, *(code for each in read for code in each.codes)]
    if method == "GET":
        parameters += [_parameter(f, "query", facts) for f in declared.fields]
        if declared.fields:
            codes += QUERY
    elif method == "DELETE":
        pass  # the address says it all: no body, nor any field
    else:
        operation["requestBody"] = _body(declared, facts)
        codes += (*BODY, *FORM) if declared.forms else BODY
    if parameters:
        operation["parameters"] = parameters
    if declared.seat is True:
        operation["security"] = [{declared.scheme: []}]
    elif declared.seat is None:
        operation["security"] = [{declared.scheme: []}, {}]
    else:
        operation["security"] = []
    operation["responses"] = _responses(declared, codes)
    if method == "GET" and declared.fields:
        operation["responses"]["414"] = _line_too_long()
    return operation


def _parameter(declared: Field, where: str, facts: Mapping[str, Any]) -> dict[str, Any]:
    schema = resolve(declared.schema, facts)
    parameter = {
        "name": declared.name,
        "in": where,
        "description": declared.description,
        "required": declared.required or where == "path",
        "schema": schema,
    }
    if declared.example is not None:
        parameter["example"] = declared.example
    return parameter


def _body(declared: Operation, facts: Mapping[str, Any]) -> dict[str, Any]:
    """The request body: JSON with each field's JSON schema; a form with its text one."""

    def schema(json: bool) -> dict[str, Any]:
        properties = {}
        for each in declared.fields:
            chosen = each.json_schema if json and each.json_schema is not None else each.schema
            properties[each.name] = {
                **resolve(chosen, facts),
                "description": each.description,
                **({"examples": [each.example]} if each.example is not None else {}),
            }
        return {
            "type": "object",
            # A JSON body's unknown field is a 400; a form's is ignored (browsers add some).
            **({"additionalProperties": False} if json else {}),
            "required": [each.name for each in declared.fields if each.required],
            "properties": properties,
        }

    content = {"application/json": {"schema": schema(json=True)}}
    if declared.forms:
        content["application/x-www-form-urlencoded"] = {"schema": schema(json=False)}
    return {"required": True, "content": content}


def _responses(declared: Operation, codes: list[str]) -> dict[str, Any]:
    """The answer, then each error status with the codes it comes with."""
    answer: dict[str, Any] = {"description": declared.summary}
    if declared.answer:
        answer["content"] = {declared.media_type: {"schema": ref(declared.answer)}}
    else:
        answer["content"] = {declared.media_type: {"schema": {"type": "string"}}}
    headers = {name: dict(header) for name, header in declared.headers.items()}
    if headers:
        answer["headers"] = headers
    if declared.links:
        answer["links"] = {name: dict(link) for name, link in declared.links.items()}
    responses: dict[str, Any] = {str(declared.status): answer}
    for status, meaning in declared.other_statuses.items():
        # Another success has the same answer; a 304 has none, but the same headers.
        other = {**answer, "description": meaning} if status < 300 else {"description": meaning}
        if headers:
            other["headers"] = headers
        other.pop("links", None)
        responses[str(status)] = other
    by_status: dict[int, list[str]] = {}
    for code in dict.fromkeys(codes):  # once each, in the order declared
        status = declared.statuses.get(code, STATUS_OF_CODE.get(code, 400))
        by_status.setdefault(status, []).append(code)
    for status in sorted(by_status):
        responses[str(status)] = _error_response(status, by_status[status])
    return responses


def _line_too_long() -> dict[str, Any]:
    """The HTTP server's answer to a request line past its limit."""
    return {
        "description": "The request line is longer than the HTTP server takes (4 KiB behind "
        "the production recipe's nginx, which answers uri_too_long with its limit); send a "
        "long board by POST. A server reached without nginx answers in its own HTML.",
        "content": {
            "application/json": {"schema": _error_schema([LINE_TOO_LONG_CODE])},
            "text/html": {"schema": {"type": "string"}},
        },
    }


def _error_response(status: int, codes: list[str]) -> dict[str, Any]:
    """An error status of one operation: the error object, its code one of ``codes``."""
    response: dict[str, Any] = {
        "description": ", ".join(codes),
        "content": {"application/json": {"schema": _error_schema(codes)}},
    }
    if status in RETRY_STATUSES:
        response["headers"] = {
            "Retry-After": {
                "description": "Seconds to wait before asking again (when it can be known).",
                "schema": {"type": "integer", "minimum": 0},
            }
        }
    if status == 401:
        response["headers"] = {
            "WWW-Authenticate": {
                "description": "The scheme to authenticate with: Bearer for a room's "
                "seat, Cookie (its name) for a player of playing apart.",
                "schema": {"type": "string"},
            }
        }
    return response


def _error_schema(codes: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "additionalProperties": False,
                "required": ["code", "message"],
                "properties": {
                    "code": {"type": "string", "enum": codes},
                    "message": {
                        "type": "string",
                        "description": "What is wrong, where, and the limit, in the "
                        "request's language.",
                    },
                    "field": {"type": "string", "description": "The field at fault."},
                    "choices": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "The names there are (unknown_dictionary, "
                        "unknown_dice, bad_dice).",
                    },
                    "suggestion": {
                        "type": "string",
                        "description": "The field most like an unknown one.",
                    },
                    "limit": {"type": "integer", "description": "The limit passed."},
                    "cell": {
                        "$ref": "#/components/schemas/Cell",
                        "description": "The cube at fault (bad_board).",
                    },
                    "row": {
                        "type": "integer",
                        "minimum": 0,
                        "description": "The row at fault, from zero (bad_board).",
                    },
                    "source": {
                        "type": "string",
                        "enum": ["WordNet", "Wiktionary"],
                        "description": "The dictionary that has no entry (no_definition).",
                    },
                },
            }
        },
    }


# --- The document for people (/api) ---------------------------------------------------


def reference(app: Flask) -> dict[str, Any]:
    """What the /api page lays out: each operation's fields, answers and errors, and
    each schema's properties, in words; built once per app, as the document is."""
    built = app.extensions.get("boggle.openapi.reference")
    if built is None:
        built = app.extensions["boggle.openapi.reference"] = _reference(document(app))
    return built


def _reference(spec: Mapping[str, Any]) -> dict[str, Any]:
    operations = []
    for path, methods in spec["paths"].items():
        for method, operation in methods.items():
            fields = [
                _field(p["name"], p["in"], p["schema"], p["required"], p["description"])
                for p in operation.get("parameters", ())
            ]
            body = operation.get("requestBody", {}).get("content", {})
            if "application/json" in body:
                schema = body["application/json"]["schema"]
                where = "JSON" + (" or form" if len(body) > 1 else "")
                fields += [
                    _field(name, where, prop, name in schema["required"], prop["description"])
                    for name, prop in schema["properties"].items()
                ]
            answers, errors = [], []
            for status, response in operation["responses"].items():
                content = response.get("content", {})
                media, schema = next(iter(content.items()), ("", {}))
                if int(status) < 400:
                    target = schema.get("schema", {}).get("$ref", "").rpartition("/")[2]
                    answers.append({"status": status, "media": media, "schema": target, **response})
                elif media == "application/json":
                    codes = schema["schema"]["properties"]["error"]["properties"]["code"]["enum"]
                    # An app's error is its codes; the server's own says more (a 414).
                    said = response["description"]
                    said = "" if said == ", ".join(codes) else f": {said}"
                    errors.append({"status": status, "codes": codes, "description": said})
                else:  # the server's own answer, not the app's (a request line too long)
                    errors.append({"status": status, "codes": [], **response})
            operations.append(
                {
                    "id": operation["operationId"],
                    "method": method.upper(),
                    "path": path,
                    "summary": operation["summary"],
                    "description": operation["description"],
                    "seat": _seat(operation.get("security", []), BEARER),
                    "player": _seat(operation.get("security", []), PLAYER),
                    "fields": fields,
                    "answers": answers,
                    "errors": errors,
                    "links": sorted(
                        link["operationId"]
                        for answer in answers
                        for link in answer.get("links", {}).values()
                    ),
                }
            )
    schemas = [
        {
            "name": name,
            "description": schema.get("description", ""),
            "type": type_text(schema),
            "properties": [
                {
                    "name": prop,
                    "type": type_text(value),
                    "required": prop in schema.get("required", ()),
                    "description": value.get("description", ""),
                }
                for prop, value in schema.get("properties", {}).items()
            ],
        }
        for name, schema in spec["components"]["schemas"].items()
    ]
    return {"info": spec["info"], "operations": operations, "schemas": schemas}


def _seat(security: list[Mapping[str, Any]], scheme: str) -> str:
    """Whether an operation needs the scheme's credential (``required``), takes one, or
    neither."""
    if not any(scheme in each for each in security):
        return ""
    return "optional" if {} in security else "required"


def _field(
    name: str, where: str, schema: Mapping[str, Any], required: bool, description: str
) -> dict[str, Any]:
    return {
        "name": name,
        "in": where,
        "type": type_text(schema),
        "required": required,
        "description": description,
    }


def type_text(schema: Mapping[str, Any]) -> str:
    """A schema in a few words: ``integer, 3 to 64``, ``one of: new, big``, ``Board``."""
    if "$ref" in schema:
        return schema["$ref"].rpartition("/")[2]
    if "oneOf" in schema:
        return " or ".join(type_text(choice) for choice in schema["oneOf"])
    if "enum" in schema:
        return "one of: " + ", ".join(str(value) for value in schema["enum"])
    kind = schema.get("type", "any")
    words = [str(kind)]
    if kind == "array":
        words = [f"array of {type_text(schema.get('items', {}))}"]
    if "minimum" in schema or "maximum" in schema:
        words.append(f"{schema.get('minimum', '')} to {schema.get('maximum', '')}".strip())
    if "maxLength" in schema:
        words.append(f"at most {schema['maxLength']:,} characters")
    if "maxItems" in schema:
        words.append(f"at most {schema['maxItems']:,} items")
    return ", ".join(words)
