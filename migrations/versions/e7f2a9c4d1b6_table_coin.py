"""the coin an evening settles in (cents; 1: to the cent)

Revision ID: e7f2a9c4d1b6
Revises: d4e8f0a1b2c3
Create Date: 2026-12-01 21:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e7f2a9c4d1b6'
down_revision = 'd4e8f0a1b2c3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('coin', sa.Integer(), nullable=False, server_default='1'))


def downgrade():
    with op.batch_alter_table('table', schema=None) as batch_op:
        batch_op.drop_column('coin')
