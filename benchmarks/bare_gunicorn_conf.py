"""gunicorn settings for the bare app (``bare_app.py``): the project's, but for warming.

Every setting of ``gunicorn.conf.py`` (workers, keep-alive, limits, logs) holds, so that
the bare route is served as the app is; only ``when_ready`` differs: it warms the
project's app by asking its routes (``web/warm.py``), which the bare app has none of.
What it does besides, the collection and ``gc.freeze`` before the fork, is kept.
"""

import gc
import runpy
from pathlib import Path

_SETTINGS = runpy.run_path(str(Path(__file__).resolve().parent.parent / "gunicorn.conf.py"))
globals().update({name: value for name, value in _SETTINGS.items() if not name.startswith("_")})


def when_ready(server):
    """As gunicorn.conf.py's, without the warming: freeze the loaded app's objects."""
    gc.collect()
    gc.freeze()
