"""Snapshots: each long game as folded at a recent seq, so it opens without folding its whole log.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "snapshot",
        sa.Column("game_id", sa.String(length=16), sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("rules", sa.String(length=16), nullable=False),
        sa.Column("folded", sa.LargeBinary(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("snapshot")
