"""Shithead (Palace, Karma): the referee for `shared/rules/shithead.md`.

The game is a state object (`ShitState`) and one pure function, `apply(state, event)`,
that returns a new state and a ruling, or raises `Illegal`/`BadEvent` and leaves the old
state untouched. Rule ids live in `RULES`; every ruling cites one.

Hidden information: the camera sees the pile, every card played (a blind face-down card
is turned up as it is played), burns, all face-up table cards and hand sizes. A hand is
`size` cards of which `known` are identified (shown, swapped in, picked up with the pile,
revealed); the rest are unseen cards. A play is rejected only when it is provably
impossible. Because hand sizes are public, the order hand -> face-up -> face-down (H2.1,
H2.2) is always checked at once; the one rule that needs later evidence is the starter
(H0.4): a card a player is proven to have held when play began may show that somebody
else should have started.

Jokers (H3.1): the card notation has no jokers, so the variant names one or two ordinary
cards that stand for them (every copy of a named card is a joker and has no rank).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from referee.cards import DECK, RANK, parse_card, parse_cards, split_reveal
from referee.ruling import INFO, OK, BadEvent, Illegal, Ruling
from referee.variants import variant_values
from referee.session import GameRecord, Session

NAME = "shithead"

RULES = {
    "H0.1": "One 52-card deck (two for six players), 2-5 players; aces high, suits do not matter",
    "H0.2": "Deal 3 face-down table cards, 3 face-up on them and 3 to the hand; the rest is the stock",
    "H0.3": "Before play, players may swap hand cards with their own face-up cards",
    "H0.4": "Starter: the first with a face-up 3, else the first to show a 3 in hand, else 4s...",
    "H1.1": "In turn, play one card or a set of one rank, equal or higher than the top card, or pick up the pile",
    "H1.2": "While the stock lasts, draw back up to 3 cards after playing",
    "H1.3": "A 2 may be played on anything, and anything may follow a 2",
    "H1.4": "A 10 may be played any time; it burns the pile and the same player plays again",
    "H1.5": "Four of a kind on top of the pile burns it; whoever added the fourth plays again",
    "H2.1": "With stock and hand empty, play from the face-up table cards, or pick up the pile",
    "H2.2": "Face-down cards are played blind, one at a time; a card that does not beat is picked up with the pile",
    "H2.3": "A player with no cards left is out; the last player with cards is the shithead and deals next",
    "H3.1": "Variant jokers: two jokers reverse the direction of play; allows 6 players",
    "H3.2": "Variant reverse_rank / skip_rank: a chosen rank reverses play or skips the next player",
    "H3.3": "Variant transparent: the glass card's next play must beat the card under it",
    "H3.4": "Variant lower_than_seven: after a 7 the next play must be lower than 7 (3 and 10 excepted)",
    "H3.5": "Variant tens_restricted: 10s may not be played on face cards",
    "H3.6": "Variant stacking: during the swap, stack same-rank cards on face-up cards and refill the hand",
}

VARIANT_RULES = {
    "jokers": "H3.1",
    "reverse_rank": "H3.2",
    "skip_rank": "H3.2",
    "transparent": "H3.3",
    "lower_than_seven": "H3.4",
    "tens_restricted": "H3.5",
    "stacking": "H3.6",
}

# A rank-valued variant switched on with `true` takes this rank (the source's examples:
# glass 8s, "lower than" 7s; the reverse and skip ranks are our choice).
DEFAULT_RANKS = {"reverse_rank": 9, "skip_rank": 11, "transparent": 8, "lower_than_seven": 7}
DEFAULT_JOKERS = {1: ("JS", "JC"), 2: ("JS",)}  # by decks: two jokers either way
JOKER = 0  # the rank of a joker: below everything, but it has no rank to beat
FACE_CARDS = (11, 12, 13)  # H3.5: J, Q, K

# Locations of known cards: seat s's hand is s itself (0..5).
FACE_UP = 10  # FACE_UP + s: seat s's face-up table cards
PILE = 20
BURNED = 21

SWAP, PLAY, OVER = "swap", "play", "over"
SOURCES = ("hand", "face_up", "face_down")
NO_CLAIM = (99, 9)  # the start key of a seat with no card that could claim the start


def rank_text(rank: int) -> str:
    return {0: "joker", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


def _parse_rank(name: str, value: object) -> int:
    if value is True:
        return DEFAULT_RANKS[name]
    if isinstance(value, int) and not isinstance(value, bool):
        rank = value
    elif isinstance(value, str):
        text = value.strip().upper()
        text = "10" if text == "T" else text
        rank = {"J": 11, "Q": 12, "K": 13, "A": 14}.get(text) or (int(text) if text.isdigit() else -1)
    else:
        rank = -1
    if rank not in range(3, 15) or rank == 10:
        raise BadEvent(f"variant {name} takes a rank from 3 to A other than 10 (or true for "
                       f"{rank_text(DEFAULT_RANKS[name])}), not {value!r}")
    return rank


@dataclass(frozen=True, slots=True)
class Variants:
    jokers: tuple[str, ...] = ()
    reverse_rank: int | None = None
    skip_rank: int | None = None
    transparent: int | None = None
    lower_than_seven: int | None = None
    tens_restricted: bool = False
    stacking: bool = False

    @staticmethod
    def parse(raw: object, decks: int) -> "Variants":
        raw = variant_values(raw, VARIANT_RULES, "Shithead", "stacking")
        values: dict = {}
        for name, value in raw.items():
            if value is False or value is None:
                continue
            if name in DEFAULT_RANKS:
                values[name] = _parse_rank(name, value)
            elif name == "jokers":
                values[name] = _parse_jokers(value, decks)
            else:
                values[name] = bool(value)
        ranks = [values[k] for k in DEFAULT_RANKS if k in values]
        if len(set(ranks)) != len(ranks):
            raise BadEvent("each special rank (reverse_rank, skip_rank, transparent, lower_than_seven) "
                           "must be a different rank")
        return Variants(**values)

    def on(self) -> dict:
        """The variants switched on, with their ranks / joker cards (for views and logs)."""
        out: dict = {}
        for name in VARIANT_RULES:
            value = getattr(self, name)
            if value:
                out[name] = list(value) if name == "jokers" else (
                    rank_text(value) if name in DEFAULT_RANKS else True)
        return out


def _parse_jokers(value: object, decks: int) -> tuple[str, ...]:
    if value is True:
        return DEFAULT_JOKERS[decks]
    if not isinstance(value, list) or not 1 <= len(value) <= 2:
        raise BadEvent("variant jokers names the one or two cards that stand for the jokers, "
                       "e.g. [\"JS\", \"JC\"] (or true for JS and JC)")
    cards = tuple(parse_card(c) for c in value)
    if len(set(cards)) != len(cards):
        raise BadEvent("the joker cards must be different cards")
    if any(RANK[c] in (2, 10) for c in cards):
        raise BadEvent("a 2 or a 10 cannot stand for a joker: they have their own roles")
    return cards


class ShitState:
    __slots__ = (
        "players", "n", "variants", "mode", "copies", "dealer", "phase", "size", "known",
        "face_up", "face_down", "loc", "stock", "aside", "pile", "burned", "burns", "turn",
        "turn_rule", "direction", "owed", "must_take", "out", "goat", "starter", "start_claim",
        "start_seq", "pure", "start_proven", "skipped",
    )

    def clone(self) -> "ShitState":
        """A copy that apply() may change. Per-seat card lists are shared: every change
        replaces them (copy on write), so only the outer lists and the map are copied."""
        o = ShitState.__new__(ShitState)
        o.players = self.players
        o.n = self.n
        o.variants = self.variants
        o.mode = self.mode
        o.copies = self.copies
        o.dealer = self.dealer
        o.phase = self.phase
        o.stock = self.stock
        o.aside = self.aside
        o.pile = self.pile
        o.burned = self.burned
        o.burns = self.burns
        o.turn = self.turn
        o.turn_rule = self.turn_rule
        o.direction = self.direction
        o.must_take = self.must_take
        o.goat = self.goat
        o.starter = self.starter
        o.start_claim = self.start_claim
        o.start_seq = self.start_seq
        o.start_proven = self.start_proven
        o.skipped = self.skipped
        o.size = self.size[:]
        o.known = self.known[:]
        o.face_up = self.face_up[:]
        o.face_down = self.face_down[:]
        o.loc = self.loc.copy()
        o.owed = self.owed[:]
        o.out = self.out[:]
        o.pure = self.pure[:]
        return o

    # -- small queries ---------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.players[seat]

    def rank(self, card: str) -> int:
        return JOKER if card in self.variants.jokers else RANK[card]

    def hidden_slots(self, seat: int) -> int:
        return self.size[seat] - len(self.known[seat])

    def unseen(self, card: str) -> int:
        return self.copies - len(self.loc.get(card, ()))

    def cards_left(self, seat: int) -> int:
        return self.size[seat] + len(self.face_up[seat] or ()) + self.face_down[seat]

    def in_game(self, seat: int) -> bool:
        return seat not in self.out

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """`steps` seats on in the direction of play, counting only seats still in the game."""
        s = seat
        for _ in range(steps):
            for _ in range(self.n):
                s = (s + self.direction) % self.n
                if self.in_game(s):
                    break
        return s

    def order(self, seat: int) -> int:
        """H0.4 'first': clockwise from the dealer's left."""
        return (seat - self.dealer - 1) % self.n

    def source(self, seat: int) -> str:
        """H2.1/H2.2: where the seat must play from now."""
        if self.size[seat] > 0:
            return "hand"
        return "face_up" if self.face_up[seat] else "face_down"


# -- moving cards -----------------------------------------------------------------------

def _move(st: ShitState, card: str, old: int | None, new: int | None) -> None:
    """One copy of `card` moves from `old` to `new` (None: unseen / out of sight)."""
    places = list(st.loc.get(card, ()))
    if old is not None:
        places.remove(old)
    if new is not None:
        places.append(new)
    if places:
        st.loc[card] = tuple(places)
    else:
        st.loc.pop(card, None)


def _where(st: ShitState, card: str) -> str:
    words = []
    for place in st.loc.get(card, ()):
        if place < FACE_UP:
            words.append(f"in {st.name(place)}'s hand")
        elif place < PILE:
            words.append(f"face up in front of {st.name(place - FACE_UP)}")
        else:
            words.append("on the pile" if place == PILE else "burned")
    return " and ".join(words) or "elsewhere"


def _unseen_card(st: ShitState, card: str, what: str) -> None:
    """Raise H0.1 unless a copy of `card` is still out of sight (stock, face-down, hidden hands)."""
    if st.unseen(card) <= 0:
        raise Illegal("H0.1", f"{card} cannot be {what}: it is {_where(st, card)}")


def _from_hand(st: ShitState, seat: int, card: str, to: int | None) -> bool:
    """Move `card` out of `seat`'s hand to `to`. True if it came from an unseen slot.

    Raises Illegal (H0.1) when the referee can prove the seat does not hold the card."""
    if card in st.known[seat]:
        st.known[seat] = k = st.known[seat][:]
        k.remove(card)
        _move(st, card, seat, to)
        st.size[seat] -= 1
        return False
    if st.hidden_slots(seat) <= 0:
        held = " ".join(st.known[seat]) or "nothing"
        raise Illegal("H0.1", f"{st.name(seat)} does not hold {card}: the hand is {held}")
    _unseen_card(st, card, f"in {st.name(seat)}'s hand")
    _move(st, card, None, to)
    st.size[seat] -= 1
    return True


def _to_hand(st: ShitState, seat: int, card: str, old: int | None) -> None:
    """A known card enters `seat`'s hand."""
    st.known[seat] = st.known[seat] + [card]
    _move(st, card, old, seat)
    st.size[seat] += 1


def _set_face_up(st: ShitState, seat: int, cards: list[str]) -> None:
    for c in cards:
        _unseen_card(st, c, f"face up in front of {st.name(seat)}")
        _move(st, c, None, FACE_UP + seat)
    st.face_up[seat] = list(cards)


def _owe_draw(st: ShitState, seat: int, notes: list) -> None:
    """H1.2: after a card leaves the hand, refill it to 3 while the stock lasts."""
    free = st.stock - sum(st.owed)
    due = min(3 - st.size[seat] - st.owed[seat], free)
    if due > 0:
        st.owed[seat] += due
        notes.append({"kind": "draw_due", "seat": seat, "count": st.owed[seat]})


# -- the starter (H0.4) -------------------------------------------------------------------

def _known_key(st: ShitState, seat: int) -> tuple[int, int]:
    """The seat's best known claim to start: (rank, 0) for a face-up card, (rank, 1) for a
    card known in hand; lower is better. 2s and jokers never claim."""
    keys = [(st.rank(c), 0) for c in st.face_up[seat] or ()] + [(st.rank(c), 1) for c in st.known[seat]]
    return min((k for k in keys if k[0] >= 3), default=NO_CLAIM)


def _possible_key(st: ShitState, seat: int) -> tuple[int, int]:
    """The best claim the seat might have: its known claim, or an unseen hand card."""
    key = _known_key(st, seat)
    if st.hidden_slots(seat) > 0:
        for rank in range(3, 15):
            if (rank, 1) >= key:
                break
            if any(st.unseen(c) > 0 and st.rank(c) == rank for c in _CARDS_OF[rank]):
                return (rank, 1)
    return key


def _expected_starter(st: ShitState) -> int | None:
    """The seat that starts on what the referee knows, if every face-up card is on record."""
    if any(f is None for f in st.face_up):
        return None
    return min(range(st.n), key=lambda s: (_known_key(st, s), st.order(s)))


def _claim_words(key: tuple[int, int]) -> str:
    if key == NO_CLAIM:
        return "no card that claims the start"
    return f"a {rank_text(key[0])} {'face up' if key[1] == 0 else 'in hand'}"


def _begin_play(st: ShitState, seat: int, seq: int, notes: list) -> None:
    """The first play decides the starter (H0.4): reject a seat that provably is not it."""
    missing = [s for s in range(st.n) if st.face_up[s] is None]
    if missing:
        raise Illegal("H0.2", f"the face-up cards of {st.name(missing[0])} are not on record yet: "
                              f"report them ('face_up') before play starts")
    mine = _possible_key(st, seat)
    for other in sorted(range(st.n), key=st.order):
        theirs = _known_key(st, other)
        if other != seat and (theirs, st.order(other)) < (mine, st.order(seat)):
            raise Illegal("H0.4", f"{st.name(other)} starts, holding {_claim_words(theirs)}; "
                                  f"{st.name(seat)} has {_claim_words(_known_key(st, seat))}")
    st.phase = PLAY
    st.starter = seat
    st.start_seq = seq
    # The best the starter may have held: a later card that provably beats it breaks H0.4.
    st.start_claim = mine if mine != NO_CLAIM else None
    st.pure = [True] * st.n
    st.turn = seat
    st.turn_rule = "H0.4"
    notes.append({"kind": "starter", "seat": seat})


def _original_card(st: ShitState, seat: int, card: str, seq: int, notes: list) -> None:
    """An unseen card leaves (or is shown in) a hand that nothing unseen has entered since
    play began: it was held then. If it beats the starter's claim, H0.4 was broken."""
    if (st.start_proven or st.start_claim is None or st.phase == SWAP or not st.pure[seat]
            or seat == st.starter or st.rank(card) < 3):
        return
    key = (st.rank(card), 1)
    if (key, st.order(seat)) < (st.start_claim, st.order(st.starter)):
        st.start_proven = True
        notes.append({
            "kind": "proven_violation", "seat": st.starter, "rule": "H0.4", "seq": st.start_seq,
            "evidence": (f"{st.name(st.starter)} started at event #{st.start_seq} holding at best "
                         f"{_claim_words(st.start_claim)}, but {st.name(seat)}'s {card} (event #{seq}) "
                         f"was in {st.name(seat)}'s hand then: {st.name(seat)} should have started"),
        })


# -- what may be played (H1.1, H1.3, H1.4, H3.3-H3.5) ---------------------------------------

def _effective_top(st: ShitState) -> str | None:
    """The card the next play must answer: the top card, looking through glass (H3.3) and
    jokers (which have no rank)."""
    glass = st.variants.transparent
    for card in reversed(st.pile):
        rank = st.rank(card)
        if rank != JOKER and rank != glass:
            return card
    return None


def _judge(st: ShitState, card: str) -> tuple[bool, str, str]:
    """May `card` (and its set) go on the pile now? (allowed, the rule that decides, why)."""
    rank = st.rank(card)
    if rank == JOKER:
        return True, "H3.1", "a joker goes on anything"
    top = _effective_top(st)
    top_rank = st.rank(top) if top is not None else None
    physical = st.pile[-1] if st.pile else None
    through = None if physical == top else ("H3.1" if st.rank(physical) == JOKER else "H3.3")
    if rank == 10:
        if st.variants.tens_restricted:
            if top_rank in FACE_CARDS:
                return False, "H3.5", f"a 10 may not be played on a face card ({top})"
            return True, "H3.5", "a 10 on a card that is not a face card"
        return True, "H1.4", "a 10 goes on anything"
    if top is None:
        return True, through or "H1.1", "the pile is empty" if physical is None else f"{physical} has no rank"
    if rank == 2 or top_rank == 2:
        return True, "H1.3", "a 2 goes on anything" if rank == 2 else "anything follows a 2"
    lower = st.variants.lower_than_seven
    if lower is not None and top_rank == lower:
        if rank < lower or rank == 3:
            return True, "H3.4", f"lower than {rank_text(lower)}"
        return False, "H3.4", (f"after a {rank_text(lower)} the next play must be lower than "
                               f"{rank_text(lower)} (a 3 or a 10 may also go)")
    if rank >= top_rank:
        return True, through or "H1.1", f"{card} beats {top}"
    if through:
        return False, through, f"{card} does not beat {top}, the card under {physical}"
    return False, "H1.1", f"{card} does not beat {top}: play {rank_text(top_rank)} or higher, a 2 or a 10, or pick up"


def _quartet(st: ShitState) -> bool:
    """H1.5: the top four cards of the pile are one rank (jokers have none)."""
    if len(st.pile) < 4:
        return False
    ranks = {st.rank(c) for c in st.pile[-4:]}
    return len(ranks) == 1 and JOKER not in ranks


# -- event handlers ------------------------------------------------------------------------

def _seat(st: ShitState, ev: dict) -> int:
    seat = ev.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.n:
        raise BadEvent(f"'seat' must be a seat number from 0 to {st.n - 1}, not {seat!r}")
    return seat


def _cards(ev: dict, field: str = "cards") -> list[str]:
    raw = ev.get(field)
    if raw is None and field == "cards" and "card" in ev:
        raw = [ev["card"]]
    cards = parse_cards(raw)
    if not cards:
        raise BadEvent(f"'{field}' must name at least one card")
    return cards


def _check_fields(st: ShitState, ev: dict) -> None:
    """Malformed fields are errors whatever the phase: check them before any rule."""
    if "seat" in ev:
        _seat(st, ev)
    for field in ("cards", "face_up"):
        if field in ev:
            parse_cards(ev[field])
    for field in ("card", "hand_card", "table_card"):
        if field in ev:
            parse_card(ev[field])
    if "source" in ev and ev["source"] not in SOURCES:
        raise BadEvent(f"'source' is one of {list(SOURCES)}, not {ev['source']!r}")
    if "count" in ev and (not isinstance(ev["count"], int) or isinstance(ev["count"], bool) or ev["count"] < 1):
        raise BadEvent(f"'count' must be a number of cards (1 or more), not {ev['count']!r}")


def _not_over(st: ShitState, seat: int | None = None) -> None:
    if st.phase == OVER:
        raise Illegal("H2.3", f"the game is over: {st.name(st.goat)} is the shithead")
    if seat is not None and seat in st.out:
        raise Illegal("H2.3", f"{st.name(seat)} is out and has no cards to play")


def _no_draw_due(st: ShitState) -> None:
    for s in range(st.n):
        if st.owed[s]:
            raise Illegal("H1.2", f"{st.name(s)} draws {st.owed[s]} card(s) from the stock first")


def _check_turn(st: ShitState, seat: int) -> None:
    if st.must_take is not None:
        raise Illegal("H2.2", f"{st.name(st.must_take)}'s blind card did not go: "
                              f"{st.name(st.must_take)} picks up the pile first")
    if seat == st.turn:
        return
    why = {
        "H1.4": "burned the pile with a 10 and plays again",
        "H1.5": "burned the pile with four of a kind and plays again",
        "H3.1": "is next: a joker reversed the direction of play",
    }.get(st.turn_rule, "is next")
    if st.turn_rule == "H3.2":
        why = f"is next: {st.name(st.skipped)} was skipped" if st.skipped is not None else \
            "is next: the direction of play was reversed"
    raise Illegal(st.turn_rule, f"it is {st.name(st.turn)}'s turn, not {st.name(seat)}'s: {st.name(st.turn)} {why}")


def _face_up_event(st: ShitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    """The camera reports a seat's face-up table cards (hidden mode, before play)."""
    seat = _seat(st, ev)
    cards = _cards(ev)
    if st.phase != SWAP:
        raise Illegal("H0.2", "face-up cards are reported when dealt, before play starts")
    if st.face_up[seat] is not None:
        if sorted(cards) == sorted(st.face_up[seat]):
            return "H0.2", f"{st.name(seat)}'s face-up cards are {' '.join(cards)} (already on record)"
        raise Illegal("H0.2", f"{st.name(seat)}'s face-up cards are on record as {' '.join(st.face_up[seat])}")
    if len(cards) != 3:
        raise Illegal("H0.2", f"each player gets 3 face-up cards, not {len(cards)}")
    _set_face_up(st, seat, cards)
    return "H0.2", f"{st.name(seat)}'s face-up cards: {' '.join(cards)}"


def _swap(st: ShitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    if "hand_card" not in ev or "table_card" not in ev:
        raise BadEvent("'swap' needs 'hand_card' and 'table_card'")
    hand_card, table_card = parse_card(ev["hand_card"]), parse_card(ev["table_card"])
    if st.phase != SWAP:
        raise Illegal("H0.3", "swaps are made before play starts")
    if st.face_up[seat] is None:
        raise Illegal("H0.2", f"the face-up cards of {st.name(seat)} are not on record yet")
    if st.owed[seat]:
        raise Illegal("H1.2", f"{st.name(seat)} draws {st.owed[seat]} card(s) from the stock first")
    if table_card not in st.face_up[seat]:
        raise Illegal("H0.3", f"{table_card} is not one of {st.name(seat)}'s face-up cards "
                              f"({' '.join(st.face_up[seat])}): players swap only their own")
    _from_hand(st, seat, hand_card, FACE_UP + seat)
    face = st.face_up[seat][:]
    face[face.index(table_card)] = hand_card
    st.face_up[seat] = face
    _to_hand(st, seat, table_card, FACE_UP + seat)
    return "H0.3", f"{st.name(seat)} swaps {hand_card} from hand for face-up {table_card}"


def _stack(st: ShitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    cards = _cards(ev)
    if not st.variants.stacking:
        raise Illegal("H3.6", "stacking on face-up cards is only allowed with the stacking variant")
    if st.phase != SWAP:
        raise Illegal("H3.6", "cards are stacked during the swap, before play starts")
    if st.face_up[seat] is None:
        raise Illegal("H0.2", f"the face-up cards of {st.name(seat)} are not on record yet")
    if st.owed[seat]:
        raise Illegal("H1.2", f"{st.name(seat)} draws {st.owed[seat]} card(s) from the stock first")
    ranks = {st.rank(c) for c in cards}
    if len(ranks) != 1 or not any(st.rank(c) in ranks for c in st.face_up[seat]):
        raise Illegal("H3.6", f"{' '.join(cards)} must be one rank matching one of {st.name(seat)}'s "
                              f"face-up cards ({' '.join(st.face_up[seat])})")
    for c in cards:
        _from_hand(st, seat, c, FACE_UP + seat)
    st.face_up[seat] = st.face_up[seat] + cards
    _owe_draw(st, seat, notes)
    return "H3.6", f"{st.name(seat)} stacks {' '.join(cards)} on the face-up cards"


def _show(st: ShitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    """A player shows hand cards to claim the start (H0.4)."""
    seat = _seat(st, ev)
    cards = _cards(ev)
    if st.phase != SWAP:
        raise Illegal("H0.4", "hand cards are shown to decide the starter, before play starts")
    _, new = split_reveal(cards, st.known[seat])
    if len(new) > st.hidden_slots(seat):
        raise Illegal("H0.1", f"{st.name(seat)}'s hand cannot hold {' '.join(cards)}")
    for c in new:
        _unseen_card(st, c, f"in {st.name(seat)}'s hand")
        _move(st, c, None, seat)
    st.known[seat] = st.known[seat] + new
    return "H0.4", f"{st.name(seat)} shows {' '.join(cards)}"


def _hand(st: ShitState, ev: dict, seq: int, notes: list) -> tuple[str | None, str]:
    """A reveal: `cards` are exactly the seat's hand now."""
    seat = _seat(st, ev)
    cards = parse_cards(ev.get("cards"))
    if st.phase == OVER:
        raise Illegal("H2.3", "the game is over")
    if len(cards) != st.size[seat]:
        raise Illegal("H0.2" if st.phase == SWAP else "H1.2",
                      f"{st.name(seat)} holds {st.size[seat]} card(s), not {len(cards)}")
    rest, new = split_reveal(cards, st.known[seat])
    if rest:
        raise Illegal("H0.1", f"{st.name(seat)} must still hold {' '.join(rest)}")
    for c in new:
        _unseen_card(st, c, f"in {st.name(seat)}'s hand")
        _move(st, c, None, seat)
        _original_card(st, seat, c, seq, notes)
    st.known[seat] = cards
    return None, f"{st.name(seat)} holds {' '.join(cards) or 'nothing'}"


def _draw(st: ShitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    _not_over(st, seat)
    cards = _cards(ev) if "cards" in ev else None
    count = len(cards) if cards is not None else ev.get("count", st.owed[seat])
    if st.owed[seat] == 0:
        why = "the stock is empty" if st.stock == 0 else f"{st.name(seat)} holds {st.size[seat]} card(s)"
        raise Illegal("H1.2", f"no draw is due: {why}")
    if count > st.owed[seat] or count < 1:
        raise Illegal("H1.2", f"{st.name(seat)} draws up to 3: {st.owed[seat]} card(s), not {count}")
    if cards is not None:
        for c in cards:
            _unseen_card(st, c, "in the stock")
            _to_hand(st, seat, c, None)
    else:
        st.size[seat] += count
        st.pure[seat] = False
    st.stock -= count
    st.owed[seat] -= count
    return "H1.2", f"{st.name(seat)} draws {count} card(s); {st.stock} left in the stock"


def _play(st: ShitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    cards = _cards(ev)
    _not_over(st, seat)
    _no_draw_due(st)
    if st.phase == SWAP:
        _begin_play(st, seat, seq, notes)
    _check_turn(st, seat)
    who = st.name(seat)
    must = st.source(seat)
    source = ev.get("source", must)
    if source != must:
        if must == "hand":
            rule = "H2.2" if source == "face_down" else "H2.1"
            raise Illegal(rule, f"{who} still holds {st.size[seat]} card(s) in hand: play the hand out "
                                f"before any {source.replace('_', '-')} table card")
        if must == "face_up":
            rule = "H2.2" if source == "face_down" else "H2.1"
            raise Illegal(rule, f"{who}'s hand is empty: play from the face-up table cards "
                                f"({' '.join(st.face_up[seat])}) before the face-down ones")
        raise Illegal("H2.2", f"{who} has only face-down cards left: play one blind")
    ranks = {st.rank(c) for c in cards}
    if len(ranks) != 1:
        raise Illegal("H1.1", f"{' '.join(cards)} is not a set: a play is one card or cards of one rank")
    if source == "face_down" and len(cards) != 1:
        raise Illegal("H2.2", f"face-down cards are turned up one at a time, not {len(cards)}")
    # Take the cards from where they are (or prove they cannot be there), then judge them.
    if source == "hand":
        for c in cards:
            if _from_hand(st, seat, c, PILE):
                _original_card(st, seat, c, seq, notes)
    elif source == "face_up":
        face = st.face_up[seat][:]
        for c in cards:
            if c not in face:
                raise Illegal("H0.1", f"{c} is not one of {who}'s face-up cards ({' '.join(st.face_up[seat])})")
            face.remove(c)
            _move(st, c, FACE_UP + seat, PILE)
        st.face_up[seat] = face
    else:
        _unseen_card(st, cards[0], f"{who}'s face-down card")
        _move(st, cards[0], None, PILE)
        st.face_down[seat] -= 1
    allowed, rule, why = _judge(st, cards[0])
    if not allowed and source != "face_down":
        raise Illegal(rule, why)
    st.pile = st.pile + cards
    what = f"{who} plays {' '.join(cards)}" + ("" if source == "hand" else f" ({source.replace('_', '-')})")
    if not allowed:  # H2.2: a blind card that does not go is picked up with the pile
        st.must_take = seat
        notes.append({"kind": "blind_fail", "seat": seat, "card": cards[0]})
        return "H2.2", f"{what}: {why}; {who} picks up the pile"
    if source == "hand":
        _owe_draw(st, seat, notes)
    burn_rule = "H1.4" if st.rank(cards[0]) == 10 else ("H1.5" if _quartet(st) else None)
    if burn_rule:
        burned = st.pile
        for c in burned:
            _move(st, c, PILE, BURNED)
        st.burned += len(burned)
        st.burns += 1
        st.pile = []
        rule = burn_rule
        notes.append({"kind": "burn", "seat": seat, "rule": burn_rule, "cards": burned})
        what += "; the pile burns"
    rule = _after_play(st, seat, ranks.pop(), burn_rule, notes) or rule
    if st.phase == OVER:
        what += f"; {st.name(st.goat)} is the shithead"
    elif burn_rule and st.turn == seat:
        what += f", {who} plays again"
    return rule, what


def _after_play(st: ShitState, seat: int, rank: int, burn_rule: str | None, notes: list) -> str | None:
    """Out, the end, direction and the next turn. Returns the rule that decided the turn,
    when a special card did."""
    v = st.variants
    rule = None
    st.skipped = None
    if rank == JOKER or rank == v.reverse_rank:  # once per play, however many cards
        st.direction = -st.direction
        rule = "H3.1" if rank == JOKER else "H3.2"
        notes.append({"kind": "reverse", "seat": seat, "direction": st.direction})
    if st.cards_left(seat) == 0 and st.owed[seat] == 0:
        st.out = st.out + [seat]
        notes.append({"kind": "out", "seat": seat})
        left = [s for s in range(st.n) if st.in_game(s)]
        if len(left) <= 1:
            st.phase = OVER
            st.turn = None
            st.goat = left[0] if left else None
            st.owed = [0] * st.n
            if st.goat is not None:
                notes.append({"kind": "goat", "seat": st.goat, "player": st.name(st.goat)})
            return "H2.3"
    if burn_rule and st.in_game(seat):
        st.turn, st.turn_rule = seat, burn_rule
        return rule
    if rank == v.skip_rank and not burn_rule:
        st.skipped = st.next_seat(seat)
        st.turn, st.turn_rule = st.next_seat(seat, 2), "H3.2"
        notes.append({"kind": "skip", "seat": st.skipped})
        return "H3.2"
    st.turn, st.turn_rule = st.next_seat(seat), rule or "H1.1"
    return rule


def _take(st: ShitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    _not_over(st, seat)
    if st.phase == SWAP:
        raise Illegal("H1.1", "there is no pile yet: the starter plays first")
    _no_draw_due(st)
    blind = st.must_take == seat
    if not blind:
        _check_turn(st, seat)
    if not st.pile:
        raise Illegal("H1.1", f"the pile is empty: {st.name(seat)} plays any card or set")
    if ev.get("cards") is not None:
        claimed = parse_cards(ev["cards"])
        if sorted(claimed) != sorted(st.pile):
            raise Illegal("H1.1", f"{st.name(seat)} picks up the whole pile, {' '.join(st.pile)}, "
                                  f"not {' '.join(claimed)}")
    from_face_up = st.size[seat] == 0 and not blind
    for c in st.pile:
        _to_hand(st, seat, c, PILE)
    notes.append({"kind": "take", "seat": seat, "cards": st.pile})
    what = f"{st.name(seat)} picks up the pile ({len(st.pile)} cards)"
    st.pile = []
    st.must_take = None
    st.turn, st.turn_rule = st.next_seat(seat), "H1.1"
    return ("H2.2" if blind else "H2.1" if from_face_up else "H1.1"), what


HANDLERS = {
    "play": _play, "take": _take, "draw": _draw, "swap": _swap, "stack": _stack, "show": _show,
    "face_up": _face_up_event, "hand": _hand,
}


# -- the game object ---------------------------------------------------------------------

class Shithead:
    name = NAME
    loser_title = "shithead"
    #: Buttons of the table page's manual entry (see api/static/app.js `buildEvent`).
    entry_actions = (
        {"label": "Play", "event": {"type": "play"}, "fields": {"seat": "seat", "cards": "picked"}, "cards": [1, 8],
         "primary": True},
        {"id": "play_face_up", "label": "Play face-up", "event": {"type": "play", "source": "face_up"},
         "fields": {"seat": "seat", "cards": "picked"}, "cards": [1, 3]},
        {"id": "play_face_down", "label": "Turn face-down", "event": {"type": "play", "source": "face_down"},
         "fields": {"seat": "seat", "cards": "picked"}, "cards": [1, 1]},
        {"label": "Take pile", "event": {"type": "take"}, "fields": {"seat": "seat"}},
        {"label": "Draw", "event": {"type": "draw"}, "fields": {"seat": "seat", "count": "ask:How many cards?"}},
        {"label": "Swap", "event": {"type": "swap"}, "fields": {"seat": "seat", "hand_card": "picked0",
                                                                "table_card": "picked1"}, "cards": [2, 2],
         "help": "pick the hand card, then the face-up card"},
        {"label": "Face-up cards", "event": {"type": "face_up"}, "fields": {"seat": "seat", "cards": "picked"},
         "cards": [1, 3]},
        {"label": "Show", "event": {"type": "show"}, "fields": {"seat": "seat", "cards": "picked"}, "cards": [1, 4]},
    )
    rules = RULES
    variant_rules = VARIANT_RULES  # variant flag -> the rule id it switches on

    def start(self, ev: dict, session: Session, seq: int) -> tuple[ShitState, Ruling]:
        players = ev.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
            raise BadEvent("'players' must be a list of names, clockwise, e.g. [\"Ann\", \"Bob\", \"Cid\"]")
        if len(set(players)) != len(players):
            raise BadEvent("player names must be different")
        n = len(players)
        decks = ev.get("decks", 1 if 9 * n <= 52 else 2)
        if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= 2:
            raise BadEvent("'decks' is 1 or 2")
        variants = Variants.parse(ev.get("variants"), decks)
        if n < 2:
            raise Illegal("H0.1", f"Shithead needs 2 to 5 players, not {n}")
        if n > 6 or (n == 6 and not variants.jokers):
            raise Illegal("H3.1" if n == 6 else "H0.1",
                          f"Shithead is for 2 to 5 players (6 with the jokers variant), not {n}")
        if 9 * n > 52 * decks:
            raise Illegal("H0.1", f"{n} players need {9 * n} cards: deal from two decks ('decks': 2)")
        mode = ev.get("mode", "hidden")
        if mode not in ("hidden", "open"):
            raise BadEvent("'mode' is 'hidden' (default) or 'open'")
        st = ShitState()
        st.players = tuple(players)
        st.n = n
        st.variants = variants
        st.mode = mode
        st.copies = decks
        st.dealer = self._dealer(st, ev, session)
        st.phase = SWAP
        st.size = [3] * n
        st.known = [[] for _ in range(n)]
        st.face_up = [None] * n
        st.face_down = [3] * n
        st.loc = {}
        full = 52 * decks - 9 * n
        st.stock = ev.get("stock", full)
        if not isinstance(st.stock, int) or isinstance(st.stock, bool) or not 0 <= st.stock <= full:
            raise BadEvent(f"'stock' (a short stock for teaching) is a number from 0 to {full}")
        st.aside = full - st.stock  # cards left out of a short game, never seen
        st.pile = []
        st.burned = 0
        st.burns = 0
        st.turn = None
        st.turn_rule = "H0.4"
        st.direction = 1
        st.owed = [0] * n
        st.must_take = None
        st.out = []
        st.goat = None
        st.starter = None
        st.start_claim = None
        st.start_seq = None
        st.pure = [True] * n
        st.start_proven = False
        st.skipped = None
        for field in ("hands", "face_up"):
            if field not in ev:
                continue
            rows = ev[field]
            if not isinstance(rows, list) or len(rows) != n:
                raise BadEvent(f"'{field}' must be {n} lists of 3 cards, one per seat")
            for s, raw in enumerate(rows):
                cards = parse_cards(raw)
                if len(cards) != 3:
                    raise Illegal("H0.2", f"{players[s]} is dealt {len(cards)} {field.replace('_', '-')} "
                                          f"card(s): each player gets 3")
                if field == "face_up":
                    _set_face_up(st, s, cards)
                else:
                    for c in cards:
                        _unseen_card(st, c, f"dealt to {players[s]}")
                    st.known[s] = list(cards)
                    for c in cards:
                        _move(st, c, None, s)
        what = (f"Shithead for {', '.join(players)}: {st.name(st.dealer)} deals, {st.stock} cards "
                f"in the stock; swap, then the lowest card starts")
        if variants.on():
            what += f" (variants: {', '.join(f'{k}={v}' for k, v in variants.on().items())})"
        return st, Ruling(True, OK, "H0.2", what, ())

    def _dealer(self, st: ShitState, ev: dict, session: Session) -> int:
        last = session.last() if session.records else None
        shithead = last.loser if last is not None and last.game == NAME else None
        dealer = st.players.index(shithead) if shithead in st.players else None
        if "dealer" in ev:
            given = ev["dealer"]
            if not isinstance(given, int) or isinstance(given, bool) or not 0 <= given < st.n:
                raise BadEvent(f"'dealer' must be a seat from 0 to {st.n - 1}")
            if dealer is not None and given != dealer:
                raise Illegal("H2.3", f"{shithead} was the shithead of the last game and deals")
            return given
        return dealer if dealer is not None else st.n - 1  # seat 0 is the dealer's left

    def apply(self, state: ShitState, ev: dict, seq: int) -> tuple[ShitState, Ruling]:
        etype = ev["type"]
        handler = HANDLERS.get(etype)
        if handler is None:
            raise BadEvent(f"unknown event type {etype!r} for Shithead: known are "
                           f"{sorted(HANDLERS) + ['start', 'undo']}")
        st = state.clone()
        _check_fields(st, ev)
        notes: list = []
        rule, what = handler(st, ev, seq, notes)
        severity = INFO if etype in ("hand", "show", "face_up") else OK
        return st, Ruling(True, severity, rule, what, tuple(notes))

    # -- reading -------------------------------------------------------------------
    def players(self, st: ShitState) -> list[str]:
        return list(st.players)

    def result(self, st: ShitState) -> GameRecord | None:
        if st.phase != OVER:
            return None
        goat = st.name(st.goat) if st.goat is not None else None
        info = (("dealer_next", goat),) if goat else ()
        return GameRecord(NAME, st.players, (goat,) if goat else (), tuple(st.name(s) for s in st.out),
                          loser_seat=st.goat, info=info)

    def to_act(self, st: ShitState) -> int | None:
        if st.phase == SWAP:
            return _expected_starter(st)
        if st.phase == OVER:
            return None
        if st.must_take is not None:
            return st.must_take
        owing = [s for s in range(st.n) if st.owed[s]]
        return owing[0] if owing else st.turn

    def summary(self, st: ShitState) -> dict:
        return {
            "game": NAME,
            "phase": st.phase,
            "trump": None,
            "turn": self.to_act(st),
            "kills": st.burns,  # burns are this game's kills
            "tricks_won": [],
            "hand_sizes": st.size[:],
            "out": st.out[:],
            "goat": st.goat,
            "pile": st.pile[:],
            "stock": st.stock,
            "face_up": [list(f) if f is not None else None for f in st.face_up],
            "face_down": st.face_down[:],
            "burned": st.burned,
            "direction": st.direction,
            "dealer": st.dealer,
            "starter": st.starter,
        }

    def view(self, st: ShitState, seat: int | None = None) -> dict:
        """What the referee knows; with `seat`, only what that seat may see (its own hand)."""
        view = self.summary(st)
        view.update({
            "players": list(st.players),
            "variants": st.variants.on(),
            "mode": st.mode,
            "decks": st.copies,
            "to_act": self.to_act(st),
            "draws_due": st.owed[:],
            "must_take": st.must_take,
            "top": _effective_top(st),
        })
        visible = range(st.n) if seat is None else [seat]
        view["hands"] = {str(s): {"size": st.size[s], "known": sorted(st.known[s], key=_DECK_INDEX.__getitem__)}
                         for s in visible}
        return view


GAME = Shithead()
_DECK_INDEX = {c: i for i, c in enumerate(DECK)}
_CARDS_OF = {r: [c for c in DECK if RANK[c] == r] for r in range(2, 15)}


# -- legal events (for simulation, hints and property tests) ------------------------------

def _by_rank(st: ShitState, cards: list[str]) -> dict[int, list[str]]:
    by_rank: dict[int, list[str]] = {}
    for c in sorted(cards, key=_DECK_INDEX.__getitem__):
        by_rank.setdefault(st.rank(c), []).append(c)
    return by_rank


def _sets(st: ShitState, cards: list[str]) -> list[list[str]]:
    """Every set (one card, or several of one rank) that can be made from `cards`."""
    sets = []
    for group in _by_rank(st, cards).values():
        seen = set()
        for k in range(1, len(group) + 1):
            for combo in itertools.combinations(group, k):
                if combo not in seen:
                    seen.add(combo)
                    sets.append(list(combo))
    return sets


def legal_events(st: ShitState) -> list[dict]:
    """Every legal play, take, draw and swap now, for a state whose hands are known (open
    mode). A face-down play is listed with the card '??': the caller turns up the real one;
    draws are listed by count (the caller names the cards). Shows are not listed."""
    if st.phase == OVER:
        return []
    owing = [{"type": "draw", "seat": s, "count": st.owed[s]} for s in range(st.n) if st.owed[s]]
    events: list[dict] = []
    if st.phase == SWAP:
        for s in range(st.n):
            if st.face_up[s] is None or st.owed[s]:
                continue
            for h in dict.fromkeys(st.known[s]):
                for f in dict.fromkeys(st.face_up[s]):
                    events.append({"type": "swap", "seat": s, "hand_card": h, "table_card": f})
            if st.variants.stacking:
                face_ranks = {st.rank(c) for c in st.face_up[s]}
                for cards in _sets(st, st.known[s]):
                    if st.rank(cards[0]) in face_ranks:
                        events.append({"type": "stack", "seat": s, "cards": cards})
        if owing:
            return owing + events
        starter = _expected_starter(st)
        if starter is None:
            return events
        return events + [{"type": "play", "seat": starter, "cards": c, "source": "hand"}
                         for c in _sets(st, st.known[starter])]
    if st.must_take is not None:
        return [{"type": "take", "seat": st.must_take}]
    if owing:
        return owing
    seat = st.turn
    source = st.source(seat)
    if source == "face_down":
        events.append({"type": "play", "seat": seat, "cards": ["??"], "source": "face_down"})
    else:
        pool = st.known[seat] if source == "hand" else st.face_up[seat]
        playable = [c for group in _by_rank(st, pool).values() if _judge(st, group[0])[0] for c in group]
        for cards in _sets(st, playable):
            events.append({"type": "play", "seat": seat, "cards": cards, "source": source})
    if st.pile:
        events.append({"type": "take", "seat": seat})
    return events


def true_starter(st: ShitState) -> tuple[int, tuple[int, int]]:
    """With every hand known: the seat that starts (H0.4) and its claim."""
    seat = min(range(st.n), key=lambda s: (_known_key(st, s), st.order(s)))
    return seat, _known_key(st, seat)
