"""a game's start key: "play again" sent twice starts one game

Revision ID: c3d1a7e4b2f9
Revises: 5aa6e579ec19
Create Date: 2026-12-01 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c3d1a7e4b2f9'
down_revision = '5aa6e579ec19'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('start_key', sa.String(length=64), nullable=True))
        batch_op.create_index(batch_op.f('ix_game_start_key'), ['start_key'], unique=True)


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_start_key'))
        batch_op.drop_column('start_key')
