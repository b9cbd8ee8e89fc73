"""Card notation shared by the generator, the models and the referee.

A card is written rank + suit: ranks 2..10, J, Q, K, A and suits S, H, D, C,
e.g. "10H", "QS". A face-down card is "??".
"""

from __future__ import annotations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
#: The 52 card classes in the order of real-dev's classes.txt (suit-major: AC, 2C, ... KS).
CARD_NAMES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
#: Stage B's classifier also has a class for a corner that shows no index (covered, blank).
NONE_CLASS = "none"
CORNER_CLASSES: tuple[str, ...] = CARD_NAMES + (NONE_CLASS,)
#: Stage A's classes.
DETECTOR_CLASSES: tuple[str, ...] = ("face", "back", "hand")
FACE_DOWN = "??"


def card_index(name: str) -> int:
    """Class index of a card name such as "10H" (KeyError-free: raises ValueError)."""
    try:
        return CARD_NAMES.index(name)
    except ValueError:
        raise ValueError(f"not a card: {name!r} (expected rank 2-10/J/Q/K/A + suit S/H/D/C)") from None
