"""Alembic's environment for the rooms' schema: which database, and how to migrate it.

The database is the one given by the caller (``games.db.upgrade`` passes it), else
``BOGGLE_DATABASE_URL``, else the app's default SQLite file, so that ``make
db-upgrade`` migrates the database the server will use.
"""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import create_engine, pool

from games import apart_models  # noqa: F401 - its tables are in Base's metadata
from games.db import check_url, default_url
from games.models import Base

config = context.config
target_metadata = Base.metadata


def database_url() -> str:
    """The URL to migrate: given, from the environment, or the default file."""
    given = config.attributes.get("url") or os.environ.get("BOGGLE_DATABASE_URL") or default_url()
    url = check_url(given)
    if url.get_backend_name() == "sqlite":
        # A fresh checkout has no instance/ folder yet; SQLite makes the file, not folders.
        os.makedirs(os.path.dirname(os.path.abspath(url.database)), exist_ok=True)
    return given


def run_migrations_offline() -> None:
    """Print the SQL instead of running it (``alembic upgrade head --sql``)."""
    context.configure(url=database_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Migrate the database, in one transaction."""
    engine = create_engine(database_url(), poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
