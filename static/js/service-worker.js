// The service worker: the app's pages, scripts, styles, search and word graphs kept in
// the browser, so that the solver and practice work with no network (docs/offline.md).
// Served from the root as /sw.js (web/offline.py), which writes the
// release before this script: self.RELEASE = {version, files, pages, offline, graphs,
// graph}.
//
// - A release's files and pages are kept in a cache named by its version, a hash of
//   their content: a new release is a new worker (its /sw.js differs), which fetches
//   every file afresh (past the HTTP cache) into its own cache, waits until the page
//   says to take over (the page shows "update ready", static/js/install.js), then
//   deletes every other release's cache. No page is left reading an older release's
//   files once the new one runs.
// - Word graphs and their documents (/graphs/...) are kept apart, across releases: a
//   graph's file is named by its content, so it is fetched once and kept until its
//   list's document names another, and every list opened once stays searchable.
// - Pages come from the network when it answers (and are kept, for next time, when
//   they are the bare pages the release keeps), else from the cache; a page the
//   release does not keep (rooms, today's board, challenges, the table, whose boards
//   the server rolls) shows the offline page, which says in the reader's language that
//   it needs a connection.
// - Anything else (the JSON API, a POST) goes to the network alone: the pages fall
//   back to the page's own search when it does not answer.

const { version, files, pages, offline, graphs, graph } = self.RELEASE;
const PREFIX = "boggle-";
const CACHE = `${PREFIX}release-${version}`;
const GRAPHS = `${PREFIX}graphs`;

self.addEventListener("install", (event) => {
  // Checked with the server past the browser's HTTP cache: a release must never keep
  // another's file. A file the page has just loaded comes back as a 304, no body.
  const requests = [...files, ...pages].map((url) => new Request(url, { cache: "no-cache" }));
  // The graph first: asked for before the files, it is not queued behind them.
  const graphKept = keepGraph(graph);
  const kept = caches.open(CACHE).then((cache) => cache.addAll(requests));
  event.waitUntil(Promise.all([graphKept, kept]));
});

/**
 * Keep the default list's graph (its document and its file, both at once) for offline
 * use as the release installs, ahead of its files on the same connections, so that a
 * first visit is ready for offline use as soon as the worker runs. A failure leaves the
 * list to the page, which asks for its graph once the worker runs (lib/offline.js).
 */
async function keepGraph(addresses) {
  if (!addresses) return;
  const at = (address) => new URL(address, self.location.href);
  try {
    await Promise.all([
      fromNetworkFirst(new Request(at(addresses.document)), GRAPHS, bare(at(addresses.document))),
      graphFile(new Request(at(addresses.file)), at(addresses.file)),
    ]);
  } catch {
    // The page asks again.
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE && name !== GRAPHS) await caches.delete(name);
      }
      // The first visit's page is taken over at once, so it is ready offline without
      // a reload; a later release only runs once the page has said so.
      await self.clients.claim();
    })(),
  );
});

// The page's "update ready" button: the waiting release takes over.
self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

/** A page's address as the release keeps it: without its query. */
const bare = (url) => `${url.origin}${url.pathname}`;

async function fromNetworkFirst(request, cacheName, key) {
  try {
    const response = await fetch(request);
    if (response.ok && key) {
      const cache = await caches.open(cacheName);
      await cache.put(key, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(key ?? request, { cacheName });
    if (kept) return kept;
    throw error;
  }
}

/**
 * Keep the release's pages in the reader's language: when a page comes in another
 * language than the kept ones (the reader switched, web/i18n.py), they are all asked
 * for again, so that offline they read in the reader's language. A page's language is
 * its Content-Language; the offline page stands for the kept ones.
 */
async function keepPagesIn(language) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(offline);
  if (!language || kept?.headers.get("Content-Language") === language) return;
  // One by one, the offline page last: it says the others are done.
  for (const url of [...pages.filter((url) => url !== offline), offline]) {
    const response = await fetch(new Request(url, { cache: "reload" })).catch(() => null);
    if (!response?.ok) return;
    await cache.put(url, response);
  }
}

async function page(event, request, url) {
  const keeps = pages.includes(url.pathname);
  try {
    // Only the bare page is kept: one drawn for a board holds that board's results.
    const response = await fromNetworkFirst(request, CACHE, keeps && !url.search ? bare(url) : null);
    event.waitUntil(keepPagesIn(response.headers.get("Content-Language")));
    return response;
  } catch {
    const kept = keeps && (await caches.match(bare(url), { cacheName: CACHE }));
    return kept || (await caches.match(offline, { cacheName: CACHE })) || Response.error();
  }
}

async function graphFile(request, url) {
  const cache = await caches.open(GRAPHS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    // The list's earlier graphs go: its document names this one now.
    const folder = url.pathname.slice(0, url.pathname.lastIndexOf("/") + 1);
    for (const old of await cache.keys()) {
      const oldPath = new URL(old.url).pathname;
      if (oldPath.startsWith(folder) && oldPath !== url.pathname) await cache.delete(old);
    }
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(graphs)) {
    const isFile = url.pathname.slice(graphs.length).includes("/");
    event.respondWith(isFile ? graphFile(request, url) : fromNetworkFirst(request, GRAPHS, bare(url)));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event, request, url));
  } else if (files.includes(url.pathname)) {
    event.respondWith(
      caches.match(bare(url), { cacheName: CACHE }).then((kept) => kept || fetch(request)),
    );
  }
});
