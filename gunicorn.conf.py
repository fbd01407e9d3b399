"""gunicorn settings for production: ``gunicorn -c gunicorn.conf.py "app:create_app()"``.

Every setting can be overridden on the command line or with the environment
variables below; see README, "Running it in production".
"""

import gc
import os

bind = os.environ.get("BOGGLE_BIND", "127.0.0.1:8000")

# Solving is CPU-bound Python: one request at a time per process ("sync" workers),
# two processes per core so that one can solve while another reads or writes its
# socket. Measured against threaded workers (benchmarks/load_test.py), this halves
# the 99th-percentile latency under load, because no worker's requests wait on each
# other for the interpreter lock. Sync workers should sit behind a buffering reverse
# proxy (nginx) on the open internet, so that a slow client never holds a worker;
# BOGGLE_WORKER_CLASS=gthread is the choice for running without one.
workers = int(os.environ.get("BOGGLE_WORKERS", 2 * (os.cpu_count() or 1)))
worker_class = os.environ.get("BOGGLE_WORKER_CLASS", "sync")
threads = int(os.environ.get("BOGGLE_THREADS", 4))  # used by gthread workers only
keepalive = 5

# Load the app, and with it the default dictionary, once in the master before
# forking: every worker then shares the word graph's memory pages.
preload_app = True

# A request is bounded by the solve budget (2 s by default); past this, gunicorn
# kills and replaces the worker.
timeout = 30
graceful_timeout = 20

# Request line and header limits (gunicorn's defaults, stated for the README):
# a GET /solve?board=... longer than this is refused; POST a large board instead.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190

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
