"""Helpers for the Shithead rule tests (written from shared/rules/shithead.md).

Not a test module itself: it builds events, checks rulings, and deals known tables.
`deal()` starts an open-mode game with every hand and face-up card known; `stock=0`
(a short stock, an added `start` field) reaches the endgame (H2) in a few plays.
"""

from __future__ import annotations

from referee import Table
from ruling_checks import note, notes_of, ok, rejected, run  # noqa: F401  (re-exported for the tests)

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]

# A three-player deal: Ann holds the only 3 (in hand), Cid the lowest face-up card (4H).
HANDS3 = [["3H", "5S", "9D"], ["4C", "6H", "KD"], ["8S", "JH", "QC"]]
FACE3 = [["KS", "QH", "6C"], ["5D", "9S", "JC"], ["7S", "8D", "4H"]]


# -- events ----------------------------------------------------------------------------
def start(n=3, mode="open", **kw) -> dict:
    ev = {"type": "start", "game": "shithead", "players": NAMES[:n], "mode": mode}
    ev.update(kw)
    return ev


def play(seat, *cards, source=None) -> dict:
    ev = {"type": "play", "seat": seat, "cards": list(cards)}
    if source is not None:
        ev["source"] = source
    return ev


def up(seat, *cards) -> dict:
    return play(seat, *cards, source="face_up")


def blind(seat, card) -> dict:
    return play(seat, card, source="face_down")


def take(seat, cards=None) -> dict:
    ev = {"type": "take", "seat": seat}
    if cards is not None:
        ev["cards"] = list(cards)
    return ev


def draw(seat, count=None, cards=None) -> dict:
    ev = {"type": "draw", "seat": seat}
    if count is not None:
        ev["count"] = count
    if cards is not None:
        ev["cards"] = list(cards)
    return ev


def swap(seat, hand_card, table_card) -> dict:
    return {"type": "swap", "seat": seat, "hand_card": hand_card, "table_card": table_card}


def show(seat, *cards) -> dict:
    return {"type": "show", "seat": seat, "cards": list(cards)}


def face_up(seat, *cards) -> dict:
    return {"type": "face_up", "seat": seat, "cards": list(cards)}


def stack(seat, *cards) -> dict:
    return {"type": "stack", "seat": seat, "cards": list(cards)}


# -- tables ----------------------------------------------------------------------------
def deal(hands=HANDS3, face=FACE3, stock=0, **kw) -> Table:
    """An open game with these hands and face-up cards (3 each), before the swap ends."""
    t = Table()
    ok(t, start(len(hands), hands=[list(h) for h in hands], face_up=[list(f) for f in face],
                stock=stock, **kw))
    return t


def deal_hidden(face=FACE3, stock=0, **kw) -> Table:
    """A hidden game: only the face-up cards are known."""
    t = Table()
    ok(t, start(len(face), mode="hidden", face_up=[list(f) for f in face], stock=stock, **kw))
    return t


# Two players: Ann's cards climb 3H..8H so she empties hand and face-up cards while Bob
# picks up each time; then Ann is down to her face-down cards (H2.2).
HANDS2 = [["3H", "4H", "5H"], ["3C", "4C", "QC"]]
FACE2 = [["6H", "7H", "8H"], ["KC", "KD", "KS"]]


def ann_down_to_face_down(t: Table | None = None) -> Table:
    """Ann plays 3H 4H 5H from hand and 6H 7H 8H face up; Bob takes after each but the
    last, when he plays QC from hand onto 8H. Ann is to play a face-down card on QC."""
    t = t or deal(HANDS2, FACE2)
    for card in ("3H", "4H", "5H"):
        ok(t, play(0, card))
        ok(t, take(1))
    for card in ("6H", "7H"):
        ok(t, up(0, card))
        ok(t, take(1))
    ok(t, up(0, "8H"))
    ok(t, play(1, "QC"))
    return t
