"""Alembic's environment: run the migrations on the connection the store hands over."""

from __future__ import annotations

from alembic import context

from cattable.server.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
