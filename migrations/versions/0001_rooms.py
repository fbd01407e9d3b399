"""The rooms' first schema: rooms, players, rounds, words, scores and creations.

Revision ID: 0001_rooms
Revises: (none: the first)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_rooms"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "creations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_creations")),
    )
    op.create_index(op.f("ix_creations_client"), "creations", ["client"], unique=False)
    op.create_index(op.f("ix_creations_created_at"), "creations", ["created_at"], unique=False)
    op.create_table(
        "rooms",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("dice", sa.String(length=40), nullable=False),
        sa.Column("rows", sa.Integer(), nullable=False),
        sa.Column("cols", sa.Integer(), nullable=False),
        sa.Column("min_length", sa.Integer(), nullable=False),
        sa.Column("dictionary", sa.String(length=100), nullable=False),
        sa.Column("seconds", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("active_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rooms")),
        sa.UniqueConstraint("code", name=op.f("uq_rooms_code")),
    )
    op.create_index(op.f("ix_rooms_active_at"), "rooms", ["active_at"], unique=False)
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("name_key", sa.String(length=300), nullable=False),
        sa.Column("host", sa.Boolean(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("joined_at", sa.Double(), nullable=False),
        sa.Column("rate_window", sa.Double(), nullable=False),
        sa.Column("rate_count", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name=op.f("fk_players_room_id_rooms"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("room_id", "name_key", name=op.f("uq_players_room_id_name_key")),
        sa.UniqueConstraint("room_id", "seat", name=op.f("uq_players_room_id_seat")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_players_token_hash")),
    )
    op.create_index(op.f("ix_players_room_id"), "players", ["room_id"], unique=False)
    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("faces", sa.Text(), nullable=False),
        sa.Column("started_at", sa.Double(), nullable=False),
        sa.Column("ends_at", sa.Double(), nullable=False),
        sa.Column("scored", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name=op.f("fk_rounds_room_id_rooms"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rounds")),
        sa.UniqueConstraint("room_id", "number", name=op.f("uq_rounds_room_id_number")),
    )
    op.create_index(op.f("ix_rounds_room_id"), "rounds", ["room_id"], unique=False)
    op.create_table(
        "scores",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("long_words", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_scores_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_scores_round_id_rounds"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_scores")),
        sa.UniqueConstraint("round_id", "player_id", name=op.f("uq_scores_round_id_player_id")),
    )
    op.create_index(op.f("ix_scores_round_id"), "scores", ["round_id"], unique=False)
    op.create_table(
        "words",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("word", sa.String(length=600), nullable=False),
        sa.Column("written", sa.String(length=200), nullable=False),
        sa.Column("verdict", sa.String(length=20), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("path", sa.Text(), nullable=True),
        sa.Column("sent_at", sa.Double(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_words_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_words_round_id_rounds"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_words")),
        sa.UniqueConstraint(
            "round_id", "player_id", "word", name=op.f("uq_words_round_id_player_id_word")
        ),
    )
    op.create_index(op.f("ix_words_round_id"), "words", ["round_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_words_round_id"), table_name="words")
    op.drop_table("words")
    op.drop_index(op.f("ix_scores_round_id"), table_name="scores")
    op.drop_table("scores")
    op.drop_index(op.f("ix_rounds_room_id"), table_name="rounds")
    op.drop_table("rounds")
    op.drop_index(op.f("ix_players_room_id"), table_name="players")
    op.drop_table("players")
    op.drop_index(op.f("ix_rooms_active_at"), table_name="rooms")
    op.drop_table("rooms")
    op.drop_index(op.f("ix_creations_created_at"), table_name="creations")
    op.drop_index(op.f("ix_creations_client"), table_name="creations")
    op.drop_table("creations")
