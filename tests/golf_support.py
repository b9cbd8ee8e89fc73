"""Helpers for the Golf tests (written from shared/rules/golf.md and the table-log contract).

Not a test module itself. Grids are lists of cards row by row (position = row * columns +
column). Seat 0 deals unless told otherwise, so seat 1 starts (G0.2).
"""

from __future__ import annotations

from referee import Table
from ruling_checks import note, notes_of, ok, rejected, run  # noqa: F401  (re-exported for the tests)

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [r + s for s in "SHDC" for r in RANKS]


# -- events ----------------------------------------------------------------------------
def start(n: int = 2, mode: str = "open", **kw) -> dict:
    ev = {"type": "start", "game": "golf", "players": NAMES[:n], "mode": mode}
    ev.update(kw)
    return ev


def upcard(card) -> dict:
    return {"type": "flip", "card": card}


def flip(seat, position, card=None) -> dict:
    ev = {"type": "flip", "seat": seat, "position": position}
    if card is not None:
        ev["card"] = card
    return ev


def draw(seat, source="stock", card=None) -> dict:
    ev = {"type": "draw", "seat": seat, "source": source}
    if card is not None:
        ev["card"] = card
    return ev


def swap(seat, position, card_out=None, card=None) -> dict:
    ev = {"type": "swap", "seat": seat, "position": position}
    if card_out is not None:
        ev["card_out"] = card_out
    if card is not None:
        ev["card"] = card
    return ev


def discard(seat, card=None) -> dict:
    ev = {"type": "discard", "seat": seat}
    if card is not None:
        ev["card"] = card
    return ev


def knock(seat) -> dict:
    return {"type": "knock", "seat": seat}


def peek(seat, *positions) -> dict:
    return {"type": "peek", "seat": seat, "positions": list(positions)}


def hand(seat, cards) -> dict:
    return {"type": "hand", "seat": seat, "cards": list(cards)}


# -- tables ----------------------------------------------------------------------------
def first_flips(grid_size: int) -> list[int]:
    """Positions turned up at the start by default: the top row (2 of 6, 3 of 9...)."""
    return {6: [0, 1], 8: [0, 1], 10: [0, 1], 9: [0, 1, 2]}.get(grid_size, [])


def dealt(grids, upcard_card="QC", flips=None, table=None, **kw) -> Table:
    """A round in open mode with known grids; the discard pile started and the first flips made."""
    t = table or Table()
    ok(t, start(len(grids), hands=[list(g) for g in grids], **kw))
    ok(t, upcard(upcard_card))
    for seat, grid in enumerate(grids):
        for pos in (first_flips(len(grid)) if flips is None else flips[seat]):
            ok(t, flip(seat, pos, grid[pos]))
    return t


def turn(t: Table, seat, card, position=None, source="stock"):
    """One turn: draw `card` (from the stock unless told) and swap it in at `position`, or discard it."""
    ok(t, draw(seat, source, card))
    if position is None:
        return ok(t, discard(seat, card))
    return ok(t, swap(seat, position, card=card))


def spare(*used, copies=1) -> list[str]:
    """Cards of the deck(s) not in `used` (lists of cards), for stock draws."""
    pool = DECK * copies
    for group in used:
        for c in group:
            pool.remove(c)
    return pool


def six_two(ann, bob, bob_new, ann_cards, variants=None, table=None, **kw):
    """Two players, six-card, open. Bob (seat 1) starts and replaces positions 2-5 with
    `bob_new` over four turns (closing the round, G1.3); Ann discards `ann_cards[0:3]` in
    between and `ann_cards[3]` on her last turn; then Ann turns up positions 2-5.
    Returns (table, rulings of every event after the deal)."""
    extra = {"variants": variants} if variants else {}
    t = dealt([ann, bob], table=table, **extra, **kw)
    rulings = []
    for k in range(4):
        rulings.append(turn(t, 1, bob_new[k], 2 + k))
        if k < 3:
            rulings.append(turn(t, 0, ann_cards[k]))
    rulings.append(turn(t, 0, ann_cards[3]))
    for pos in range(2, 6):
        rulings.append(ok(t, flip(0, pos, ann[pos])))
    return t, rulings


def quick_round(t: Table, grids, variants=None, **kw):
    """A four-card round in open mode: the starter knocks at once, everybody else draws a
    stock card and discards it, then every grid is shown. Returns the last ruling."""
    n = len(grids)
    ok(t, start(n, hands=[list(g) for g in grids], variants={"four_card": True, **(variants or {})}, **kw))
    copies = 1 if n <= 3 else 2
    free = spare(*grids, copies=copies)
    ok(t, upcard(free.pop()))
    starter = t.summary()["turn"]
    ok(t, knock(starter))
    for k in range(1, n):
        seat = (starter + k) % n
        turn(t, seat, free.pop())
    last = None
    for seat, grid in enumerate(grids):
        last = ok(t, hand(seat, grid))
    return last
