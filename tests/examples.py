"""The example records of the repository (``examples/``) and the rules' worked examples."""

from __future__ import annotations

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# docs/rules/plump.md: four players, Anna deals first; bids and tricks in bidding order.
PLUMP_THREE_DEALS = [
    {"trump": "S", "bids": {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3},
     "tricks": {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3}},
    {"trump": "H", "bids": {"Cia": 0, "Dan": 2, "Anna": 4, "Bo": 2},
     "tricks": {"Cia": 0, "Dan": 3, "Anna": 4, "Bo": 2}},
    {"trump": "NT", "bids": {"Dan": 1, "Anna": 3, "Bo": 3, "Cia": 0},
     "tricks": {"Dan": 1, "Anna": 2, "Bo": 3, "Cia": 2}},
]  # fmt: skip


def example_records(game: str = "") -> list[Path]:
    """The example records (of one game), without their expected outputs."""
    pattern = f"{game}-*.json" if game else "*.json"
    return sorted(p for p in EXAMPLES.glob(pattern) if not p.name.endswith(".expected.json"))
