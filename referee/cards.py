"""Cards and their notation (table-log contract): `<rank><suit>`, e.g. `10H`, `QS`, `??`.

Cards are canonical upper-case strings everywhere in the referee: they hash fast, print
as themselves and are what the log carries. `RANK` and `SUIT` are lookup tables so the hot
paths never parse a string twice.
"""

from __future__ import annotations

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SINGULAR = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
FACE_DOWN = "??"

DECK = tuple(r + s for s in SUITS for r in RANKS)
RANK = {c: RANKS.index(c[:-1]) + 2 for c in DECK}  # 2..14 (ace high)
SUIT = {c: c[-1] for c in DECK}


class CardError(ValueError):
    """Text that is not a card."""


def parse_card(text: object, allow_face_down: bool = False) -> str:
    """Canonical form of a card; accepts any case and `T` for 10."""
    if not isinstance(text, str):
        raise CardError(f"a card must be a string like '10H', not {text!r}")
    t = text.strip().upper()
    if t == FACE_DOWN:
        if allow_face_down:
            return FACE_DOWN
        raise CardError("a face-down card '??' cannot be used here")
    if len(t) >= 2 and t[0] == "T":
        t = "10" + t[1:]
    if t in RANK:
        return t
    raise CardError(f"{text!r} is not a card: use rank 2-10/J/Q/K/A and suit S/H/D/C, e.g. '10H'")


def parse_cards(items: object, allow_face_down: bool = False) -> list[str]:
    if not isinstance(items, list):
        raise CardError(f"cards must be a list like ['7H', '8H'], not {items!r}")
    return [parse_card(c, allow_face_down) for c in items]


def split_reveal(shown: list[str], known: list[str]) -> tuple[list[str], list[str]]:
    """A hand shown against the cards already known in it, as multisets (decks may repeat a
    card): (known cards the showing lacks, shown cards not known before)."""
    missing = known[:]
    new = []
    for c in shown:
        if c in missing:
            missing.remove(c)
        else:
            new.append(c)
    return missing, new


def deck(copies: int = 1) -> list[str]:
    return list(DECK) * copies


def rank_name(card: str) -> str:
    return card[:-1]
