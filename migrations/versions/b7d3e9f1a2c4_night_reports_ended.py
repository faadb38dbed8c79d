"""a club night's reports (results sent and confirmed at the tables) and its early end

Revision ID: b7d3e9f1a2c4
Revises: a9c5e2d7f310
Create Date: 2026-12-07 08:00:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "b7d3e9f1a2c4"
down_revision = "a9c5e2d7f310"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.add_column(sa.Column("reports", sa.JSON(), nullable=False, server_default="[]"))
        batch_op.add_column(sa.Column("ended", sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.drop_column("ended")
        batch_op.drop_column("reports")
