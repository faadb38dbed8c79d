"""Boodle's deal being played, as the draft keeps it: the last entry taken back, and the stakes
offered for the next deal."""

from __future__ import annotations

from ...games import boodle
from ...games.base import JSON, N_, Message, RuleError
from ...games.boodle.live import STAGE


def without_last(draft: JSON, deal: int) -> tuple[Message, JSON]:
    """The draft without its last entry: the last chips moved by hand, else the last event, else
    the last step of the poker stage, else the spare hand, else the stakes, else who plays."""
    draft = dict(draft)
    if draft.get("adjust"):
        draft["adjust"] = draft["adjust"][:-1]
        if not draft["adjust"]:
            del draft["adjust"]
    elif draft.get("events") or draft.get(STAGE):
        part = "events" if draft.get("events") else STAGE
        draft[part] = draft[part][:-1]
        if not draft[part]:
            del draft[part]
    elif draft.get("widow"):
        widow = draft.pop("widow")
        if widow.get("swap") and widow.get("auction"):  # swapped, then sold: the sale goes
            draft["widow"] = {"swap": True}
    elif draft.get("stakes"):
        del draft["stakes"]
    elif "out" in draft:
        del draft["out"]
    else:
        raise RuleError(N_("Nothing has been entered in deal {deal} yet."), deal=deal)
    return Message(N_("The last entry of deal {deal} was removed."), {"deal": deal}), draft


def default_stakes(replay: boodle.BoodleReplay) -> dict[str, dict[str, int]]:
    """Each player's free stake as he placed it last deal, when it still adds up (doubled or
    halved when he now deals or did deal then); else nothing placed yet."""
    if not replay.deals:
        return {}
    last = replay.deals[-1].antes
    stakes = {}
    for name in replay.state.players:  # dealt in to the next deal; one who sat out places anew
        placed = {card.value: chips for card, chips in last.get(name, {}).items() if chips}
        due, total = replay.next.stakes[name], sum(placed.values())
        if total * 2 == due:
            placed = {card: 2 * chips for card, chips in placed.items()}
        elif total == 2 * due and all(chips % 2 == 0 for chips in placed.values()):
            placed = {card: chips // 2 for card, chips in placed.items()}
        elif total != due:
            placed = {}
        stakes[name] = placed
    return stakes
