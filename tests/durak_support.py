"""Helpers for the Durak rule tests (written from shared/rules/durak.md).

Not a test module itself: builds events, checks rulings, and sets up tables, either from
a real deal (`dealt`: hands of 6, a trump card under the talon) or from a set position
(`position`: any hands, a talon count, the trump suit, the attacker).
"""

from __future__ import annotations

from referee import Table
from ruling_checks import notes_of, ok, rejected, run  # noqa: F401  (re-exported for the tests)

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"]


# -- events ----------------------------------------------------------------------------
def start(n=2, game="durak", **kw) -> dict:
    ev = {"type": "start", "game": game, "players": NAMES[:n], "mode": "open"}
    ev.update(kw)
    return ev


def hand(seat, cards) -> dict:
    return {"type": "hand", "seat": seat, "cards": list(cards)}


def trump(card, seat=None) -> dict:
    ev = {"type": "trump", "card": card}
    if seat is not None:
        ev["seat"] = seat
    return ev


def show(seat, card) -> dict:
    return {"type": "show", "seat": seat, "card": card}


def attack(seat, card) -> dict:
    return {"type": "attack", "seat": seat, "card": card}


def throw(seat, *cards) -> dict:
    return {"type": "throw_in", "seat": seat, "cards": list(cards)}


def defend(seat, card, covers=None) -> dict:
    ev = {"type": "defend", "seat": seat, "card": card}
    if covers is not None:
        ev["covers"] = covers
    return ev


def transfer(seat, card, **kw) -> dict:
    ev = {"type": "transfer", "seat": seat, "card": card}
    ev.update(kw)
    return ev


def say_take(seat) -> dict:
    return {"type": "announce", "seat": seat, "call": "take"}


def take(seat, cards=None) -> dict:
    ev = {"type": "take", "seat": seat}
    if cards is not None:
        ev["cards"] = list(cards)
    return ev


def discard() -> dict:
    return {"type": "discard"}


def draw(seat, count=None, cards=None) -> dict:
    ev = {"type": "draw", "seat": seat}
    if count is not None:
        ev["count"] = count
    if cards is not None:
        ev["cards"] = list(cards)
    return ev


def sit(seat, cards=None) -> dict:
    ev = {"type": "sit", "seat": seat}
    if cards is not None:
        ev["cards"] = list(cards)
    return ev


# -- tables ----------------------------------------------------------------------------
def dealt(hands, trump_card, game="durak", mode="open", table=None, **kw) -> Table:
    """A fresh deal: start, the hands (open mode), the trump card under the talon."""
    t = table or Table()
    ok(t, start(len(hands), game=game, mode=mode, **kw))
    if mode == "open":
        for s, h in enumerate(hands):
            ok(t, hand(s, h))
    if trump_card is not None:
        ok(t, trump(trump_card))
    return t


def position(hands, trump_suit="H", attacker=0, talon=0, game="durak", table=None, **kw) -> Table:
    """A set position: any hands, `talon` unseen cards left, trump suit, who attacks."""
    t = table or Table()
    ev = start(len(hands), game=game, hands=[list(h) for h in hands], talon=talon, attacker=attacker, **kw)
    if trump_suit is not None:
        ev["trump"] = trump_suit
    ok(t, ev)
    return t
