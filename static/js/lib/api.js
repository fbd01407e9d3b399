// The one client of the app's JSON routes, and the only place that calls fetch.
//
// Every answer is JSON; an error document ({"error": {"code", "message", "field"}})
// becomes an ApiError that keeps all three, so a form shows it beside its field, and
// the place of a wrong cube ("cell": [row, col]) or row ("row"), when it gives one.
// The server words its messages in the reader's language (the page's own: the request
// carries the browser's Accept-Language and the language cookie); the one message
// made here, for an answer that never came, is worded here in the same language.

import { _ } from "./i18n.js";

export class ApiError extends Error {
  constructor(
    message,
    { code = null, field = null, cell = null, row = null, source = null, offline = false } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code; // the server's error code, e.g. "bad_min_length"
    this.field = field; // the request field it is about, if any
    this.cell = cell; // the [row, col] of the board's cube it is about, if one
    this.row = row; // the board's row it is about (a row of the wrong length), if one
    this.source = source; // the dictionary without an entry (no_definition): "Wiktionary"
    this.offline = offline; // no answer came: the server was not reached
  }
}

/** The body of an answer, or the ApiError its error document describes. */
export function readAnswer(ok, body) {
  if (ok) return body;
  const { code, message, field = null, cell = null, row = null, source = null } = body.error;
  throw new ApiError(message, { code, field, cell, row, source });
}

/** An address of the app, relative to `base` (the page may not be at the site's root). */
export function address(path, params = {}, base = location.href) {
  return new URL(`${path}?${new URLSearchParams(params)}`, base);
}

async function request(url, init = {}) {
  let response, body;
  try {
    const headers = { Accept: "application/json", ...init.headers };
    response = await fetch(url, { ...init, headers });
    body = await response.json();
  } catch {
    throw new ApiError(_("The server cannot be reached; try again."), { offline: true });
  }
  return readAnswer(response.ok, body);
}

/**
 * GET a file's bytes (the page's search and its word graphs, lib/offline.js): a
 * Uint8Array, or an ApiError (offline when the server was not reached).
 */
export async function getBytes(url) {
  let response;
  try {
    response = await fetch(url);
  } catch {
    throw new ApiError(_("The server cannot be reached; try again."), { offline: true });
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    if (body?.error) readAnswer(false, body);
    throw new ApiError(_("The server cannot be reached; try again."), { offline: true });
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** GET a JSON route: `path` with `params` in its query, relative to `base`. */
export const getJSON = (path, params = {}, base = location.href) =>
  request(address(path, params, base));

/** POST a JSON document to a JSON route. */
export const postJSON = (path, data, base = location.href) =>
  request(address(path, {}, base), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(data),
  });

/** DELETE a resource of a JSON route (a room's player); resolves to the answer's document. */
export const deleteJSON = (path, base = location.href) =>
  request(address(path, {}, base), { method: "DELETE" });

/**
 * GET a JSON document that answers 304 while it is unchanged (a game room): `etag` is
 * the last one seen, and the browser's cache is left out of it. Resolves to {status,
 * etag, body (null on a 304), sent, received, serverTime}: the local clock (ms) around
 * the request and the server's (Unix seconds, from its X-Server-Time header, 304s
 * included; NaN without one), for a client to reckon its clock's offset from the server's.
 */
export async function getIfChanged(path, etag = null, base = location.href) {
  const headers = { Accept: "application/json", ...(etag ? { "If-None-Match": etag } : {}) };
  const sent = Date.now();
  let response, body;
  try {
    response = await fetch(address(path, {}, base), { headers, cache: "no-store" });
    body = response.status === 304 ? null : await response.json();
  } catch {
    throw new ApiError(_("The server cannot be reached; try again."), { offline: true });
  }
  const received = Date.now();
  if (response.status !== 304) readAnswer(response.ok, body);
  const serverTime = Number.parseFloat(response.headers.get("X-Server-Time") ?? "");
  return { status: response.status, etag: response.headers.get("ETag") ?? etag, body, sent, received, serverTime };
}
