"""Playing apart: anonymous players and their keys and transfer links, boards (each
day's and challenges') with their words' finder counts and scores' histogram, plays
and their words, challenges and their takers.

None of these tables refers to the rooms' (a room and a play share nothing but the
database), so this migration stands apart from the rooms' own.

Revision ID: 0003_play_apart
Revises: 0002_rooms_at_the_table
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_play_apart"
down_revision = "0002_rooms_at_the_table"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "anonymous_players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=True),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("seen_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_anonymous_players")),
    )
    op.create_index(
        op.f("ix_anonymous_players_seen_at"), "anonymous_players", ["seen_at"], unique=False
    )
    op.create_table(
        "boards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("key", sa.String(length=40), nullable=True),
        sa.Column("day", sa.String(length=10), nullable=True),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("dice", sa.String(length=40), nullable=True),
        sa.Column("rows", sa.Integer(), nullable=False),
        sa.Column("cols", sa.Integer(), nullable=False),
        sa.Column("min_length", sa.Integer(), nullable=False),
        sa.Column("dictionary", sa.String(length=100), nullable=False),
        sa.Column("seconds", sa.Integer(), nullable=False),
        sa.Column("faces", sa.Text(), nullable=False),
        sa.Column("word_count", sa.Integer(), nullable=False),
        sa.Column("max_score", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_boards")),
        sa.UniqueConstraint("key", name=op.f("uq_boards_key")),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "board_scores",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("board_id", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["board_id"],
            ["boards.id"],
            name=op.f("fk_board_scores_board_id_boards"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_board_scores")),
        sa.UniqueConstraint("board_id", "score", name=op.f("uq_board_scores_board_id_score")),
    )
    op.create_table(
        "board_words",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("board_id", sa.Integer(), nullable=False),
        sa.Column("word", sa.String(length=200), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("finders", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["board_id"],
            ["boards.id"],
            name=op.f("fk_board_words_board_id_boards"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_board_words")),
        sa.UniqueConstraint("board_id", "word", name=op.f("uq_board_words_board_id_word")),
    )
    op.create_index(
        "ix_board_words_board_id_finders_score",
        "board_words",
        ["board_id", "finders", "score"],
        unique=False,
    )
    op.create_table(
        "player_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["anonymous_players.id"],
            name=op.f("fk_player_keys_player_id_anonymous_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_keys")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_player_keys_token_hash")),
    )
    op.create_index(op.f("ix_player_keys_player_id"), "player_keys", ["player_id"], unique=False)
    op.create_table(
        "player_transfers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.Double(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["anonymous_players.id"],
            name=op.f("fk_player_transfers_player_id_anonymous_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_transfers")),
        sa.UniqueConstraint("code_hash", name=op.f("uq_player_transfers_code_hash")),
    )
    op.create_index(
        op.f("ix_player_transfers_expires_at"), "player_transfers", ["expires_at"], unique=False
    )
    op.create_index(
        op.f("ix_player_transfers_player_id"), "player_transfers", ["player_id"], unique=False
    )
    op.create_table(
        "plays",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("board_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.Double(), nullable=False),
        sa.Column("ends_at", sa.Double(), nullable=False),
        sa.Column("finished_at", sa.Double(), nullable=True),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("found", sa.Integer(), nullable=False),
        sa.Column("long_words", sa.Integer(), nullable=False),
        sa.Column("best_word", sa.String(length=600), nullable=True),
        sa.Column("named", sa.Boolean(), nullable=False),
        sa.Column("sent", sa.Integer(), nullable=False),
        sa.Column("rate_window", sa.Double(), nullable=False),
        sa.Column("rate_count", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["board_id"], ["boards.id"], name=op.f("fk_plays_board_id_boards"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["anonymous_players.id"],
            name=op.f("fk_plays_player_id_anonymous_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_plays")),
        sa.UniqueConstraint("board_id", "player_id", name=op.f("uq_plays_board_id_player_id")),
    )
    op.create_index(
        "ix_plays_board_id_named_score", "plays", ["board_id", "named", "score"], unique=False
    )
    op.create_index(
        "ix_plays_finished_at_ends_at", "plays", ["finished_at", "ends_at"], unique=False
    )
    op.create_index(op.f("ix_plays_player_id"), "plays", ["player_id"], unique=False)
    op.create_index(op.f("ix_plays_started_at"), "plays", ["started_at"], unique=False)
    op.create_table(
        "challenges",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("board_id", sa.Integer(), nullable=False),
        sa.Column("play_id", sa.Integer(), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.ForeignKeyConstraint(
            ["board_id"],
            ["boards.id"],
            name=op.f("fk_challenges_board_id_boards"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["play_id"], ["plays.id"], name=op.f("fk_challenges_play_id_plays"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_challenges")),
        sa.UniqueConstraint("code", name=op.f("uq_challenges_code")),
        sa.UniqueConstraint("play_id", name=op.f("uq_challenges_play_id")),
    )
    op.create_index(op.f("ix_challenges_board_id"), "challenges", ["board_id"], unique=False)
    op.create_index(op.f("ix_challenges_client"), "challenges", ["client"], unique=False)
    op.create_index(op.f("ix_challenges_created_at"), "challenges", ["created_at"], unique=False)
    op.create_table(
        "play_words",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("play_id", sa.Integer(), nullable=False),
        sa.Column("word", sa.String(length=600), nullable=False),
        sa.Column("written", sa.String(length=200), nullable=False),
        sa.Column("verdict", sa.String(length=20), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("path", sa.Text(), nullable=True),
        sa.Column("sent_at", sa.Double(), nullable=False),
        sa.ForeignKeyConstraint(
            ["play_id"], ["plays.id"], name=op.f("fk_play_words_play_id_plays"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_play_words")),
        sa.UniqueConstraint("play_id", "word", name=op.f("uq_play_words_play_id_word")),
    )
    op.create_table(
        "challenge_takers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("challenge_id", sa.Integer(), nullable=False),
        sa.Column("play_id", sa.Integer(), nullable=False),
        sa.Column("taken_at", sa.Double(), nullable=False),
        sa.ForeignKeyConstraint(
            ["challenge_id"],
            ["challenges.id"],
            name=op.f("fk_challenge_takers_challenge_id_challenges"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["play_id"],
            ["plays.id"],
            name=op.f("fk_challenge_takers_play_id_plays"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_challenge_takers")),
        sa.UniqueConstraint(
            "challenge_id", "play_id", name=op.f("uq_challenge_takers_challenge_id_play_id")
        ),
    )
    op.create_index(
        op.f("ix_challenge_takers_play_id"), "challenge_takers", ["play_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_challenge_takers_play_id"), table_name="challenge_takers")
    op.drop_table("challenge_takers")
    op.drop_table("play_words")
    op.drop_index(op.f("ix_challenges_created_at"), table_name="challenges")
    op.drop_index(op.f("ix_challenges_client"), table_name="challenges")
    op.drop_index(op.f("ix_challenges_board_id"), table_name="challenges")
    op.drop_table("challenges")
    op.drop_index(op.f("ix_plays_started_at"), table_name="plays")
    op.drop_index(op.f("ix_plays_player_id"), table_name="plays")
    op.drop_index("ix_plays_finished_at_ends_at", table_name="plays")
    op.drop_index("ix_plays_board_id_named_score", table_name="plays")
    op.drop_table("plays")
    op.drop_index(op.f("ix_player_transfers_player_id"), table_name="player_transfers")
    op.drop_index(op.f("ix_player_transfers_expires_at"), table_name="player_transfers")
    op.drop_table("player_transfers")
    op.drop_index(op.f("ix_player_keys_player_id"), table_name="player_keys")
    op.drop_table("player_keys")
    op.drop_index("ix_board_words_board_id_finders_score", table_name="board_words")
    op.drop_table("board_words")
    op.drop_table("board_scores")
    op.drop_table("boards")
    op.drop_index(op.f("ix_anonymous_players_seen_at"), table_name="anonymous_players")
    op.drop_table("anonymous_players")
