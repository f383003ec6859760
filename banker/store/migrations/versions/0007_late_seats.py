"""A seat knows whether a late player's seating made it: such a place may be seated again after an
undo, under a new token, so its token is never answered from a server's memory.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seat") as seat:
        seat.add_column(sa.Column("late", sa.Boolean(), nullable=False, server_default=sa.false()))
    # the places of the games stored so far that a player_added event seated (LIKE only narrows
    # the actions read: a game's first one holds its whole edition)
    action = sa.table("action", sa.column("game_id"), sa.column("events", sa.JSON))
    seat = sa.table("seat", sa.column("game_id"), sa.column("player_id"), sa.column("late"))
    connection = op.get_bind()
    added = sa.select(action.c.game_id, action.c.events)
    added = added.where(sa.cast(action.c.events, sa.Text).like("%player_added%"))
    for game_id, events in connection.execute(added).all():
        for event in events:
            if event.get("type") == "player_added":
                place = seat.update().where(seat.c.game_id == game_id, seat.c.player_id == event["player"])
                connection.execute(place.values(late=True))


def downgrade() -> None:
    with op.batch_alter_table("seat") as seat:
        seat.drop_column("late")
