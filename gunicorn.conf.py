"""gunicorn settings for production: ``gunicorn -c gunicorn.conf.py "app:create_app()"``.

Every setting can be overridden on the command line or with the environment
variables below; see README, "Running it in production".
"""

import os

bind = os.environ.get("BOGGLE_BIND", "127.0.0.1:8000")

# Solving is CPU-bound Python, so one process per core does the work; a second
# per core covers the moments a worker waits on the network.
workers = int(os.environ.get("BOGGLE_WORKERS", 2 * (os.cpu_count() or 1)))

# Threads let a worker keep idle keep-alive connections open without tying up the
# process; the GIL means they add no parallel solving, which the workers give.
worker_class = os.environ.get("BOGGLE_WORKER_CLASS", "gthread")
threads = int(os.environ.get("BOGGLE_THREADS", 4))
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
