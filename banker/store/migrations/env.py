"""Alembic's environment: migrate the connection Banker hands over (banker.store.db.migrate), or the
database in BANKER_DATABASE_URL when run as `alembic -c banker/store/migrations/alembic.ini ...`."""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import create_engine

from banker.store.models import SQLModel

target_metadata = SQLModel.metadata


def run_migrations(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying
    )
    with context.begin_transaction():
        context.run_migrations()


connection = context.config.attributes.get("connection")
if connection is not None:
    run_migrations(connection)
else:
    url = context.config.get_main_option("sqlalchemy.url") or os.environ["BANKER_DATABASE_URL"]
    engine = create_engine(url)
    with engine.connect() as connection:
        run_migrations(connection)
    engine.dispose()
