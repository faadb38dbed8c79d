"""how each player is paid: a circle's member remembers it, a table keeps its evening's

Revision ID: b5d1e9a3c7f2
Revises: f1a2b3c4d5e6
Create Date: 2026-12-07 07:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b5d1e9a3c7f2'
down_revision = 'f1a2b3c4d5e6'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('member', schema=None) as batch_op:
        batch_op.add_column(sa.Column('pay', sa.JSON(), nullable=True))
    with op.batch_alter_table('table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('pay', sa.JSON(), nullable=False, server_default='{}'))


def downgrade():
    with op.batch_alter_table('table', schema=None) as batch_op:
        batch_op.drop_column('pay')
    with op.batch_alter_table('member', schema=None) as batch_op:
        batch_op.drop_column('pay')
