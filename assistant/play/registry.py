"""The adapters of the games that have pages (a game may have an engine before its pages)."""

from __future__ import annotations

from . import Adapter
from .boodle import BoodleAdapter
from .mulle import MulleAdapter
from .mus import MusAdapter
from .plump import PlumpAdapter

ADAPTERS: dict[str, Adapter] = {
    adapter.kind: adapter
    for adapter in (PlumpAdapter(), MulleAdapter(), BoodleAdapter(), MusAdapter())
}
