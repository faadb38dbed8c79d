"""club nights, and the tables each one drew

Revision ID: f1a2b3c4d5e6
Revises: e7f2a9c4d1b6
Create Date: 2026-12-02 07:00:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "f1a2b3c4d5e6"
down_revision = "e7f2a9c4d1b6"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "night",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("view_token", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("roster", sa.JSON(), nullable=False),
        sa.Column("rounds", sa.JSON(), nullable=False),
        sa.Column("results", sa.JSON(), nullable=False),
        sa.Column("minutes", sa.Integer(), nullable=False),
        sa.Column("drawn", sa.DateTime(), nullable=True),
        sa.Column("circle_id", sa.Integer(), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["circle_id"], ["circle.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token"),
        sa.UniqueConstraint("view_token"),
    )
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_night_circle_id"), ["circle_id"], unique=False)
    with op.batch_alter_table("table", schema=None) as batch_op:
        batch_op.add_column(sa.Column("night_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("night_round", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("night_table", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_table_night_id"), ["night_id"], unique=False)
        batch_op.create_foreign_key(
            "fk_table_night_id_night", "night", ["night_id"], ["id"], ondelete="SET NULL"
        )


def downgrade():
    with op.batch_alter_table("table", schema=None) as batch_op:
        batch_op.drop_constraint("fk_table_night_id_night", type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_table_night_id"))
        batch_op.drop_column("night_table")
        batch_op.drop_column("night_round")
        batch_op.drop_column("night_id")
    with op.batch_alter_table("night", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_night_circle_id"))
    op.drop_table("night")
