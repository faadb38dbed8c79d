"""keys kept by their owner: a change's key as its game's, a start key as its table's

Every idempotency key is kept as the digest of its owner and itself (assistant/store/keys.py),
so that a key sent to another table names nothing there. The keys stored so far are rewritten
the same way: a change's for its game, a game's start key for its table (a set-up of a new
table that is sent again across this upgrade makes a table of its own; one sent before or
after it is one table). The digests cannot be undone: a downgrade leaves them as they are.

Revision ID: a9c5e2d7f310
Revises: b5d1e9a3c7f2
Create Date: 2026-12-03 09:00:00.000000

"""

import hashlib

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "a9c5e2d7f310"
down_revision = "b5d1e9a3c7f2"
branch_labels = None
depends_on = None

CHUNK = 1000


def owned(owner, key):
    """As assistant/store/keys.py keeps a key (written out here: a migration stays as it ran)."""
    return hashlib.sha256(f"{owner}\x00{key}".encode()).hexdigest()


def rewrite(table, owner_column, key_column, owner):
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(table.c.id, table.c[owner_column], table.c[key_column]).where(
            table.c[key_column].is_not(None)
        )
    ).all()
    update = (
        table.update()
        .where(table.c.id == sa.bindparam("row_id"))
        .values({key_column: sa.bindparam("kept")})
    )
    kept = [{"row_id": row[0], "kept": owned(f"{owner} {row[1]}", row[2])} for row in rows]
    for start in range(0, len(kept), CHUNK):
        bind.execute(update, kept[start : start + CHUNK])


def upgrade():
    change = sa.table("change", sa.column("id"), sa.column("game_id"), sa.column("key"))
    game = sa.table("game", sa.column("id"), sa.column("table_id"), sa.column("start_key"))
    rewrite(change, "game_id", "key", "game")
    rewrite(game, "table_id", "start_key", "table")


def downgrade():
    pass
