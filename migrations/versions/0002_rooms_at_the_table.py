"""Rooms at the table: code guesses counted, rooms locked, hosts handed on, players
removed and seen.

A table ``misses`` (codes asked for that name no room, by client and time); on
``rooms``, ``locked`` and the last hand-off of the host's seat (``handoff_from``,
``handoff_at``); on ``players``, ``seen_at`` (set to ``joined_at`` for the players
already seated) and ``removed_at``, and ``name_key`` may be null (a removed player's
name is free again). SQLite cannot change a column's nullability in place, so
``players`` is rebuilt there (Alembic's batch mode); PostgreSQL alters it.

Revision ID: 0002_rooms_at_the_table
Revises: 0001_rooms
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_rooms_at_the_table"
down_revision = "0001_rooms"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "misses",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("missed_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_misses")),
    )
    op.create_index(op.f("ix_misses_client"), "misses", ["client"], unique=False)
    op.create_index(op.f("ix_misses_missed_at"), "misses", ["missed_at"], unique=False)
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(
            sa.Column("locked", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("handoff_from", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("handoff_at", sa.Double(), nullable=True))
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("seen_at", sa.Double(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("removed_at", sa.Double(), nullable=True))
        batch.alter_column("name_key", existing_type=sa.String(length=300), nullable=True)
    op.execute("UPDATE players SET seen_at = joined_at")


def downgrade() -> None:
    # Removed players go with the column that says so (their names could clash again),
    # and their words and scores first: SQLite's foreign keys are off while migrating.
    removed = "SELECT id FROM players WHERE removed_at IS NOT NULL"
    op.execute(f"DELETE FROM words WHERE player_id IN ({removed})")
    op.execute(f"DELETE FROM scores WHERE player_id IN ({removed})")
    op.execute("DELETE FROM players WHERE removed_at IS NOT NULL")
    with op.batch_alter_table("players") as batch:
        batch.alter_column("name_key", existing_type=sa.String(length=300), nullable=False)
        batch.drop_column("removed_at")
        batch.drop_column("seen_at")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("handoff_at")
        batch.drop_column("handoff_from")
        batch.drop_column("locked")
    op.drop_index(op.f("ix_misses_missed_at"), table_name="misses")
    op.drop_index(op.f("ix_misses_client"), table_name="misses")
    op.drop_table("misses")
