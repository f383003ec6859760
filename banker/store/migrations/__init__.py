"""Alembic migrations of the database: a saved game survives an upgrade of Banker."""
