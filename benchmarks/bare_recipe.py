"""The bare app (``bare_app.py``) through the production recipe: deploy/serve.py's nginx
and gunicorn, with the bare app in gunicorn's place and its settings
(``bare_gunicorn_conf.py``: gunicorn.conf.py's, but for the warming).

    BOGGLE_BARE_ANSWERS=answers.json python benchmarks/bare_recipe.py --port P --run-dir DIR

The same arguments as deploy/serve.py. What the stack itself allows, nginx included,
beside the project's app through the same recipe (``route_overhead.py --recipe``).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deploy import serve  # noqa: E402


def bare_gunicorn_command() -> list[str]:
    """gunicorn serving the bare app, with the bare app's settings."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "--config",
        "benchmarks/bare_gunicorn_conf.py",
        "benchmarks.bare_app:create_app()",
    ]


if __name__ == "__main__":
    # Recipe.start looks the command up in the module each time it starts a master.
    serve.gunicorn_command = bare_gunicorn_command
    sys.exit(serve.main())
