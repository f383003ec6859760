"""Request ids belong to their seat (with a digest of the command they named), and counts per
client address shared by every server: the join brake and the limit on new games.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

# The first revision left its unique keys unnamed: PostgreSQL calls them table_columns_key, and
# on SQLite (where batch mode copies the table) this convention gives them the same name.
UNNAMED = {"uq": "%(table_name)s_%(column_0_N_name)s_key"}
GAME_REQUEST = ("action_game_id_request_id_key", ["game_id", "request_id"])
SEAT_REQUEST = ("action_game_id_seat_player_request_id_key", ["game_id", "seat_player", "request_id"])


def upgrade() -> None:
    with op.batch_alter_table("action", naming_convention=UNNAMED) as action:
        action.add_column(sa.Column("command_digest", sa.String(length=64), nullable=True))
        action.drop_constraint(GAME_REQUEST[0], type_="unique")
        action.create_unique_constraint(*SEAT_REQUEST)
    op.create_table(
        "address_count",
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("until", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "address"),
    )
    op.create_index("ix_address_count_until", "address_count", ["until"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_address_count_until", table_name="address_count")
    op.drop_table("address_count")
    with op.batch_alter_table("action", naming_convention=UNNAMED) as action:
        action.drop_constraint(SEAT_REQUEST[0], type_="unique")
        action.create_unique_constraint(*GAME_REQUEST)
        action.drop_column("command_digest")
