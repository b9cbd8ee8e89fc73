"""The goatherd referee: pure Python, no third-party imports.

    from referee import Table
    table = Table()
    ruling = table.apply({"type": "start", "game": "skitgubbe", "players": ["Ann", "Bob", "Cid"]})
"""

from referee.cards import CardError, parse_card, parse_cards
from referee.engine import Table, replay
from referee.ruling import BadEvent, Illegal, Ruling
from referee.session import GameRecord, Session

__all__ = ["Table", "replay", "Ruling", "Illegal", "BadEvent", "CardError", "parse_card",
           "parse_cards", "Session", "GameRecord"]
