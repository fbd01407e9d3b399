"""gunicorn settings for production, behind nginx: see deploy/serve.py and docs/deploy.md.

``make serve`` starts gunicorn with this file and nginx in front of it. Every setting
can be overridden on the gunicorn command line or with the environment variables
below; what actually runs is in the log ("Using worker: sync") and, when
BOGGLE_CONTROL_SOCKET is set, on the control socket (``show config``).
"""

import gc
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
# cached) for any other, so that no request waits for them.
raw_env = [
    f"BOGGLE_PRELOAD_DICTIONARIES={os.environ.get('BOGGLE_PRELOAD_DICTIONARIES', 'all')}",
    f"BOGGLE_PRELOAD_RATINGS={os.environ.get('BOGGLE_PRELOAD_RATINGS', 'all')}",
]

# A request is bounded by the solve budget (2 s by default); past this, gunicorn
# kills and replaces the worker.
timeout = 30
graceful_timeout = 20

# Request line and header limits (gunicorn's defaults, stated for docs/deploy.md):
# a GET /solve?board=... longer than this is refused; POST a large board instead.
# nginx enforces its own, smaller limits first (deploy/nginx.conf).
limit_request_line = 4094
limit_request_fields = 100
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


def when_ready(server):
    """Freeze the objects of the loaded app out of the garbage collector's sight.

    A full collection walks every tracked object: with the app loaded that is about
    30,000, 15 ms a time, landing on whichever request is running. Frozen before the
    fork, they are never walked again (and their pages stay shared with the workers).
    """
    gc.freeze()
