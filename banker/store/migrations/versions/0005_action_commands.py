"""Each action keeps the command it was decided from (as parsed, with the dice the server threw),
so that a game file can be checked by deciding its actions again. Actions stored before have none.

Revision ID: 0005_action_commands
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("action") as action:
        action.add_column(sa.Column("command", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("action") as action:
        action.drop_column("command")
