"""a game's last correction, kept for Undo

Revision ID: d4e8f0a1b2c3
Revises: c3d1a7e4b2f9
Create Date: 2026-12-01 15:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd4e8f0a1b2c3'
down_revision = 'c3d1a7e4b2f9'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('corrected', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('corrected')
