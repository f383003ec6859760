"""A game's table display link: its key, None while the bank has made no link (or revoked it).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as game:
        game.add_column(sa.Column("display_token", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game") as game:
        game.drop_column("display_token")
