"""gunicorn settings for production, behind nginx: see deploy/serve.py and docs/deploy.md.

``make serve`` starts gunicorn with this file and nginx in front of it. Every setting
can be overridden on the gunicorn command line or with the environment variables
below; what actually runs is in the log ("Using worker: sync") and, when
BOGGLE_CONTROL_SOCKET is set, on the control socket (``show config``).
"""

import os

bind = os.environ.get("BOGGLE_BIND", "127.0.0.1:8000")

# Solving is CPU-bound Python: one request at a time per process, two processes per
# core so that one can solve while another reads or writes its socket. Threads would
# only make a worker's requests wait on each other for the interpreter lock (p99
# doubles, benchmarks/README.md). A sync worker is held for as long as its client
# takes to send a request or read an answer, so it only ever talks to nginx, which
# buffers both (deploy/nginx.conf): a slow client holds an nginx connection, never a
# worker.
workers = int(os.environ.get("BOGGLE_WORKERS", 2 * (os.cpu_count() or 1)))
worker_class = "sync"
# gunicorn quietly switches "sync" to "gthread" when threads > 1: say 1 outright.
threads = 1
keepalive = 5

# Load the app, and with it every word list, once in the master before forking:
# the workers then share the word graphs' pages instead of each building its own
# copy of a list the first time a request names it (three lists, four workers: 296 MB
# RSS loaded after the fork against about 20 MB of graphs shared). The word counts
# that /dictionaries and the page show come from the loaded graphs, so no worker
# reads a list file on its first request either.
preload_app = True
# The ratings of every list likewise: shipped for the shipped lists, computed here (and
# cached) for any other, so that no request waits for them. And this is production
# (BOGGLE_ENV, unless set otherwise): the app then refuses to start without the
# settings that must be the server's own, such as BOGGLE_DAILY_SECRET (docs/deploy.md).
raw_env = [
    f"BOGGLE_ENV={os.environ.get('BOGGLE_ENV', 'production')}",
    f"BOGGLE_PRELOAD_DICTIONARIES={os.environ.get('BOGGLE_PRELOAD_DICTIONARIES', 'all')}",
    f"BOGGLE_PRELOAD_RATINGS={os.environ.get('BOGGLE_PRELOAD_RATINGS', 'all')}",
]

# A request is bounded by the solve budget (2 s by default); past this, gunicorn
# kills and replaces the worker.
timeout = 30
graceful_timeout = 20

# Request line and header limits: a GET /solve?board=... longer than this is refused;
# POST a large board instead. nginx enforces its own, smaller limits first
# (deploy/nginx.conf), and answers them in the app's shape (web/edge.py); gunicorn's
# own refusals are HTML, so none of them may be met behind nginx. Its line limits are
# above nginx's 4 KB; the count of header fields is gunicorn's most, since nginx
# bounds it by size alone (16 KB of header lines: about 4,400 at the shortest).
limit_request_line = 4094
limit_request_fields = 32768
limit_request_field_size = 8190

# gunicorn 25+ opens a control socket, by default one path per user
# (~/.gunicorn/gunicorn.ctl), so a second instance takes over the first one's. Each
# instance gets its own when BOGGLE_CONTROL_SOCKET names one (deploy/serve.py puts it
# in the instance's run folder); otherwise there is none.
control_socket = os.environ.get("BOGGLE_CONTROL_SOCKET", "")
control_socket_disable = not control_socket

accesslog = os.environ.get("BOGGLE_ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("BOGGLE_LOG_LEVEL", "info")


# A worker is replaced by a fresh fork of the master after this many requests (give
# or take the jitter, so that the workers are not all replaced at once): whatever a
# worker has made its own since the fork (pages of the master's it wrote to, the
# allocator's fragments) is given back, so its memory levels off however long it runs
# (benchmarks/README.md, "Soak"). The worker finishes the request it has; a fork of the
# loaded master takes milliseconds.
max_requests = int(os.environ.get("BOGGLE_MAX_REQUESTS", 5000))
max_requests_jitter = max_requests // 5


def when_ready(server):
    """Warm the loaded app, then freeze its objects out of the garbage collector's sight.

    Warmed (web/warm.py): every template, language and lazily made thing a request
    needs is made here, once, and shared by the workers, instead of once in each.
    Frozen, the app's objects are never walked by a collection in a worker, and their
    pages stay shared (``settle_before_fork`` says why).
    """
    from web.warm import settle_before_fork

    settle_before_fork(server.app.wsgi())
