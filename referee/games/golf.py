"""Golf: the referee and scorekeeper for `shared/rules/golf.md`.

One `start` is one round (a hole). The match lives in the Session: every scored round's
GameRecord carries that round's scores (so the tally's "points" is the running total) and
`info` (match number, round, dealer, variants, match end and winners); a later `start`
reads it to continue the match (rotating the dealer, G0.2) or refuses once the match is
over (G4.5) unless it opens a new one with `match`.

The grid of each seat is a list of slots in row-major order (position = row * columns +
column); a slot holds the card when the referee knows it, else None. Hidden mode: a
camera sees every card that lies face up or goes to the discard pile, so in six- and
nine-card golf every grid card is seen once it is turned or placed; in four-card golf
cards stay face down and are proven only at the end reveal. A reveal cannot be taken
back, so a reveal that contradicts what the referee knew is accepted and reported as a
`proven_violation` (a card was moved); a card that cannot exist at all is refused (G0.1).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from referee.cards import FACE_DOWN, parse_card, parse_cards
from referee.ruling import INFO, OK, BadEvent, Illegal, Ruling
from referee.variants import variant_values
from referee.session import GameRecord, Session

NAME = "golf"

RULES = {
    "G0.1": "Decks by players (1 up to 3, 2 for 4-7, 3 for 8+); variants are fixed before the deal",
    "G0.2": "The dealer rotates clockwise; the dealer's left starts; play goes clockwise",
    "G0.3": "The stock lies face down; its top card turned up starts the discard pile",
    "G1.1": "Six-card: 2 rows of 3 face down; each player turns 2 face up",
    "G1.2": "A turn: draw from stock or discard pile; swap into the grid, or discard a stock card",
    "G1.3": "When a player's last face-down card is replaced, everyone else has one more turn",
    "G1.4": "Two cards of equal rank in a column score 0",
    "G2.1": "Four-card: 2 rows of 2 face down; each player looks at two of them at the start",
    "G2.2": "Four-card turn as G1.2; the new card goes face down",
    "G2.3": "Knock instead of a turn: everyone else has one more turn; one knock per round",
    "G2.4": "Four-card: an equal pair in a column scores 0",
    "G3.1": "Nine-card: 3 rows of 3, three turned up; a column cancels only when all three are equal",
    "G4.1": "A=1, 2=-2, 3-10 face value, J=Q=10, K=0; sum of uncancelled cards; low is good",
    "G4.2": "Variant jokers: two bonus cards score -2 each; a pair of them cancels",
    "G4.3": "Variant closer_penalty_10: the closer gets +10 if not lowest",
    "G4.4": "Variant closer_penalty_double: the closer, if not lowest, adds the winner's score",
    "G4.5": "The match ends after the agreed rounds or total, or by agreement; lowest total wins",
    "G5.1": "Variant eight_card / ten_card: one or two more columns",
    "G5.2": "Variant four_in_hand: four cards held in hand; any equal pair cancels",
    "G5.3": "Variant any_pair_cancels: equal pairs cancel wherever they lie",
    "G5.4": "Variant four_of_a_kind_bonus: two adjacent columns of four equal cards give the others +10",
    "G5.5": "Variant first_flip_same_column / first_flip_different_columns",
    "G5.6": "Variant last_turn_stock_only: the final turn draws only from the stock",
    "G5.7": "Variant diagonal_pairs: diagonal equal pairs cancel too",
    "G5.8": "Variant no_cancel: pairs do not cancel",
    "G5.9": "Variant take_pile_last_turn: the discard pile may be taken on the final turn",
}

VARIANT_RULES = {
    "four_card": "G2.1",  # the layout: four-card golf (G2) instead of six-card (G1)
    "nine_card": "G3.1",  # the layout: nine-card golf (G3)
    "jokers": "G4.2",
    "closer_penalty_10": "G4.3",
    "closer_penalty_double": "G4.4",
    "eight_card": "G5.1",
    "ten_card": "G5.1",
    "four_in_hand": "G5.2",
    "any_pair_cancels": "G5.3",
    "four_of_a_kind_bonus": "G5.4",
    "first_flip_same_column": "G5.5",
    "first_flip_different_columns": "G5.5",
    "last_turn_stock_only": "G5.6",
    "diagonal_pairs": "G5.7",
    "no_cancel": "G5.8",
    "take_pile_last_turn": "G5.9",
}

DEFAULT_BONUS = ("JS", "JC")  # `jokers: true`: the two black jacks are the bonus cards
DEFAULT_HOLES = 9
CLOSER_PENALTY = 10
FOUR_OF_A_KIND_BONUS = 10
VALUES = {"A": 1, "2": -2, "J": 10, "Q": 10, "K": 0, **{str(v): v for v in range(3, 11)}}
JOKER = "joker"  # the pairing class of bonus cards (they pair with each other, not by rank)

DEAL, PLAY, REVEAL, OVER = "deal", "play", "reveal", "over"
SIX, FOUR, NINE = "six", "four", "nine"


@dataclass(frozen=True, slots=True)
class Variants:
    four_card: bool = False
    nine_card: bool = False
    jokers: tuple = ()  # the bonus cards (G4.2); empty when off
    closer_penalty_10: bool = False
    closer_penalty_double: bool = False
    eight_card: bool = False
    ten_card: bool = False
    four_in_hand: bool = False
    any_pair_cancels: bool = False
    four_of_a_kind_bonus: bool = False
    first_flip_same_column: bool = False
    first_flip_different_columns: bool = False
    last_turn_stock_only: bool = False
    diagonal_pairs: bool = False
    no_cancel: bool = False
    take_pile_last_turn: bool = False

    @staticmethod
    def parse(raw: object) -> "Variants":
        raw = variant_values(raw, VARIANT_RULES, "Golf", "four_card")
        flags = {k: bool(v) for k, v in raw.items() if k != "jokers"}
        jokers = raw.get("jokers", False)
        if jokers is True:
            bonus = tuple(sorted(DEFAULT_BONUS))
        elif jokers is False or jokers is None:
            bonus = ()
        else:
            cards = parse_cards(jokers)
            if len(cards) != 2 or cards[0] == cards[1]:
                raise BadEvent("'jokers' names the two bonus cards, e.g. [\"JS\", \"JC\"] (or true for those)")
            bonus = tuple(sorted(cards))
        v = Variants(jokers=bonus, **flags)
        v._check()
        return v

    def _check(self) -> None:
        """Flags that contradict each other or the layout they belong to (G0.1: agreed before the deal)."""
        four = self.four_card or self.four_in_hand
        if four and self.nine_card:
            raise Illegal("G3.1", "four_card and nine_card are different games: choose one")
        if self.eight_card and self.ten_card:
            raise Illegal("G5.1", "eight_card and ten_card exclude each other: choose one")
        if (self.eight_card or self.ten_card) and (four or self.nine_card):
            raise Illegal("G5.1", "eight_card / ten_card add columns to six-card golf only")
        for flag in ("any_pair_cancels", "four_of_a_kind_bonus"):
            if getattr(self, flag) and (four or self.nine_card):
                raise Illegal(VARIANT_RULES[flag], f"{flag} is a six-card variant")
        if self.first_flip_same_column and self.first_flip_different_columns:
            raise Illegal("G5.5", "first_flip_same_column and first_flip_different_columns exclude each other")
        if (self.first_flip_same_column or self.first_flip_different_columns) and four:
            raise Illegal("G5.5", "first-flip variants need cards turned up at the start (six- or nine-card)")
        for flag in ("diagonal_pairs", "no_cancel", "take_pile_last_turn"):
            if getattr(self, flag) and not four:
                raise Illegal(VARIANT_RULES[flag], f"{flag} is a four-card variant: add four_card")
        if self.diagonal_pairs and self.four_in_hand:
            raise Illegal("G5.7", "diagonal_pairs needs a grid; four_in_hand cards are held in hand")
        if self.take_pile_last_turn and self.last_turn_stock_only:
            raise Illegal("G5.9", "take_pile_last_turn and last_turn_stock_only contradict each other")
        if self.closer_penalty_10 and self.closer_penalty_double:
            raise Illegal("G4.4", "choose one closer penalty: closer_penalty_10 or closer_penalty_double")

    def on(self) -> list[str]:
        return [f.name for f in fields(self) if getattr(self, f.name)]

    def as_info(self) -> tuple:
        """Plain, hashable (flag, value) pairs for the GameRecord; `from_info` reads them back."""
        return tuple((name, self.jokers if name == "jokers" else True) for name in self.on())

    @staticmethod
    def from_info(pairs: tuple) -> "Variants":
        return Variants.parse({name: list(value) if isinstance(value, tuple) else value for name, value in pairs})

    @property
    def form(self) -> str:
        if self.four_card or self.four_in_hand:
            return FOUR
        return NINE if self.nine_card else SIX


def card_value(card: str, bonus: tuple = ()) -> int:
    """G4.1 / G4.2: what a card scores."""
    return -2 if card in bonus else VALUES[card[:-1]]


def _pair_class(card: str, bonus: tuple) -> str:
    return JOKER if card in bonus else card[:-1]


class GolfState:
    __slots__ = (
        "players", "n", "variants", "mode", "form", "rows", "cols", "copies", "need_flips",
        "match", "round", "holes", "target", "dealer", "previous", "stop", "phase", "grid", "up",
        "flips", "peeked", "seen", "stock", "pile", "turn", "drawn", "drawn_any", "closer",
        "last_left", "knocker", "result_scores", "base_scores", "cancelled", "totals",
        "match_over", "winners",
    )

    def clone(self) -> "GolfState":
        """A copy apply() may change: per-seat lists and the seen-count map are copied."""
        o = GolfState.__new__(GolfState)
        o.players = self.players
        o.n = self.n
        o.variants = self.variants
        o.mode = self.mode
        o.form = self.form
        o.rows = self.rows
        o.cols = self.cols
        o.copies = self.copies
        o.need_flips = self.need_flips
        o.match = self.match
        o.round = self.round
        o.holes = self.holes
        o.target = self.target
        o.dealer = self.dealer
        o.previous = self.previous
        o.stop = self.stop
        o.phase = self.phase
        o.stock = self.stock
        o.turn = self.turn
        o.drawn = self.drawn
        o.drawn_any = self.drawn_any
        o.closer = self.closer
        o.last_left = self.last_left
        o.knocker = self.knocker
        o.result_scores = self.result_scores
        o.base_scores = self.base_scores
        o.cancelled = self.cancelled
        o.totals = self.totals
        o.match_over = self.match_over
        o.winners = self.winners
        o.grid = [g[:] for g in self.grid]
        o.up = [u[:] for u in self.up]
        o.flips = self.flips[:]
        o.peeked = self.peeked[:]
        o.seen = self.seen.copy()
        o.pile = self.pile[:]
        return o

    # -- small queries ---------------------------------------------------------
    @property
    def size(self) -> int:
        return self.rows * self.cols

    def name(self, seat: int) -> str:
        return self.players[seat]

    def where(self, pos: int) -> str:
        if self.variants.four_in_hand:
            return "in hand"
        return f"position {pos} (row {pos // self.cols + 1}, column {pos % self.cols + 1})"

    def face_down(self, seat: int) -> list[int]:
        return [p for p in range(self.size) if not self.up[seat][p]]

    def known_cards(self) -> int:
        return sum(self.seen.values())

    def unseen(self, card: str) -> int:
        return self.copies - self.seen.get(card, 0)


# -- card knowledge -------------------------------------------------------------------

def _identify(st: GolfState, card: str, what: str) -> None:
    """A card the referee did not know becomes known: a copy of it must still be unseen (G0.1)."""
    if st.unseen(card) <= 0:
        copies = "the only" if st.copies == 1 else f"all {st.copies}"
        raise Illegal("G0.1", f"{what} cannot be {card}: {copies} {card} in play "
                              f"{'is' if st.copies == 1 else 'are'} already {_located(st, card)}")
    st.seen[card] = st.seen.get(card, 0) + 1


def _forget(st: GolfState, card: str) -> None:
    st.seen[card] -= 1


def _located(st: GolfState, card: str) -> str:
    places = []
    if card in st.pile:
        places.append("on the discard pile")
    for s in range(st.n):
        if card in st.grid[s]:
            places.append(f"in {st.name(s)}'s cards")
    if st.drawn is not None and st.drawn[1] == card:
        places.append(f"in {st.name(st.turn)}'s hand")
    return " and ".join(places) or "accounted for"


def _reveal(st: GolfState, seat: int, pos: int, card: str, seq: int, notes: list) -> None:
    """A face-down card is turned up. Contradicting what the referee knew proves a card was moved."""
    known = st.grid[seat][pos]
    if known != card:
        if known is not None:
            _forget(st, known)
            notes.append({"kind": "proven_violation", "seat": seat, "rule": _turn_rule(st),
                          "evidence": f"{st.name(seat)}'s {st.where(pos)} held {known}, but {card} was "
                                      f"turned up there at event #{seq}: cards may not be moved", "seq": seq})
            st.grid[seat][pos] = None
        if st.unseen(card) <= 0:
            # The card may be the one the referee placed at another face-down slot of this seat.
            for other in st.face_down(seat):
                if other != pos and st.grid[seat][other] == card:
                    st.grid[seat][other] = None
                    _forget(st, card)
                    break
        _identify(st, card, f"{st.name(seat)}'s {st.where(pos)}")
    st.grid[seat][pos] = card
    st.up[seat][pos] = True


# -- scoring --------------------------------------------------------------------------

def _layout_pairs(v: Variants, rows: int, cols: int) -> tuple[tuple, tuple]:
    """(pairs of positions that cancel when equal, triples that cancel when all equal)."""
    size = rows * cols
    if v.no_cancel:
        return (), ()
    if v.four_in_hand or v.any_pair_cancels:
        return tuple((i, j) for i in range(size) for j in range(i + 1, size)), ()
    if rows == 3:
        return (), tuple((c, c + cols, c + 2 * cols) for c in range(cols))
    pairs = tuple((c, c + cols) for c in range(cols))
    if v.diagonal_pairs:
        pairs += ((0, 3), (1, 2))
    return pairs, ()


def _max_matching(edges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A largest set of disjoint edges, preferring earlier edges (columns before diagonals).

    Grids hold at most 10 cards, so trying every partner of the first vertex is cheap (at
    most 9496 matchings, for ten equal cards with any_pair_cancels)."""
    if not edges:
        return []
    a = edges[0][0]
    best: list[tuple[int, int]] = []
    for edge in edges:
        if a in edge:
            rest = [e for e in edges if edge[0] not in e and edge[1] not in e]
            found = [edge] + _max_matching(rest)
            if len(found) > len(best):
                best = found
    unmatched = _max_matching([e for e in edges if a not in e])
    return unmatched if len(unmatched) > len(best) else best


def score_grid(cards: list[str], v: Variants, rows: int, cols: int) -> tuple[int, list[list[int]]]:
    """G1.4 / G2.4 / G3.1 / G4.1 / G4.2 / G5.2 / G5.3 / G5.7 / G5.8: (score, cancelled position groups).

    Cancelling is not optional (a pair of 2s scores 0, not -4); where pairs overlap (any
    pair, diagonals), as many pairs cancel as can, which fixes the score.
    """
    pairs, triples = _layout_pairs(v, rows, cols)
    classes = [_pair_class(c, v.jokers) for c in cards]
    groups: list[list[int]] = []
    for t in triples:
        if len({classes[p] for p in t}) == 1:
            groups.append(list(t))
    equal = [(i, j) for i, j in pairs if classes[i] == classes[j]]
    groups += [list(e) for e in sorted(_max_matching(equal))]
    gone = {p for g in groups for p in g}
    return sum(card_value(c, v.jokers) for p, c in enumerate(cards) if p not in gone), groups


def _four_of_a_kind(cards: list[str], v: Variants, cols: int) -> int:
    """G5.4: how many disjoint pairs of adjacent columns hold four equal cards."""
    classes = [_pair_class(c, v.jokers) for c in cards]
    count, c = 0, 0
    while c < cols - 1:
        block = {classes[c], classes[c + cols], classes[c + 1], classes[c + 1 + cols]}
        if len(block) == 1:
            count += 1
            c += 2
        else:
            c += 1
    return count


def _score_round(st: GolfState, notes: list) -> None:
    v = st.variants
    base, cancelled = [], []
    for s in range(st.n):
        points, groups = score_grid(st.grid[s], v, st.rows, st.cols)
        base.append(points)
        cancelled.append(groups)
        if groups:
            notes.append({"kind": "cancelled", "seat": s, "positions": groups})
    scores = base[:]
    if v.four_of_a_kind_bonus:
        for s in range(st.n):
            blocks = _four_of_a_kind(st.grid[s], v, st.cols)
            if blocks:
                for other in range(st.n):
                    if other != s:
                        scores[other] += FOUR_OF_A_KIND_BONUS * blocks
                notes.append({"kind": "four_of_a_kind", "seat": s, "blocks": blocks,
                              "penalty": FOUR_OF_A_KIND_BONUS * blocks})
    closer = st.closer
    if closer is not None and (v.closer_penalty_10 or v.closer_penalty_double):
        others = [scores[s] for s in range(st.n) if s != closer]
        if min(others) < scores[closer]:
            penalty = CLOSER_PENALTY if v.closer_penalty_10 else min(others)
            scores[closer] += penalty
            notes.append({"kind": "closer_penalty", "seat": closer, "penalty": penalty,
                          "rule": "G4.3" if v.closer_penalty_10 else "G4.4"})
    st.base_scores = base
    st.cancelled = cancelled
    st.result_scores = scores
    totals = [sum(r[s] for r in st.previous) + scores[s] for s in range(st.n)]
    st.totals = totals
    st.phase = OVER
    st.turn = None
    notes.append({"kind": "round_over", "round": st.round, "scores": scores, "totals": totals})
    reached = st.target is not None and max(totals) >= st.target
    if st.stop or reached or (st.holes is not None and st.round >= st.holes):
        low = min(totals)
        st.match_over = True
        st.winners = tuple(s for s in range(st.n) if totals[s] == low)
        notes.append({"kind": "match_over", "winners": list(st.winners), "totals": totals})


# -- turns ----------------------------------------------------------------------------

def _seat(st: GolfState, ev: dict, key: str = "seat") -> int:
    seat = ev.get(key)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.n:
        raise BadEvent(f"'{key}' must be a seat number from 0 to {st.n - 1}, not {seat!r}")
    return seat


def _position(st: GolfState, ev: dict, value: object = None) -> int:
    pos = ev.get("position") if value is None else value
    if not isinstance(pos, int) or isinstance(pos, bool) or not 0 <= pos < st.size:
        raise BadEvent(f"'position' must be a grid index from 0 to {st.size - 1} (row by row, "
                       f"{st.cols} per row), not {pos!r}")
    return pos


def _optional_card(ev: dict, key: str) -> str | None:
    raw = ev.get(key)
    if raw is None:
        return None
    card = parse_card(raw, allow_face_down=True)
    return None if card == FACE_DOWN else card


def _turn_rule(st: GolfState) -> str:
    return "G2.2" if st.form == FOUR else "G1.2"


def _flip_rule(st: GolfState) -> str:
    return "G3.1" if st.form == NINE else "G1.1"


def _setup_missing(st: GolfState) -> tuple[str, str] | None:
    """What still has to happen before the first draw, as (rule, message), or None."""
    if not st.pile:
        return "G0.3", "turn up the top card of the stock to start the discard pile first"
    for s in range(st.n):
        if st.flips[s] < st.need_flips:
            return _flip_rule(st), (f"{st.name(s)} has turned up {st.flips[s]} of {st.need_flips} cards: "
                                    f"everyone turns up {st.need_flips} before the first turn")
    return None


def _full_stock(st: GolfState) -> int:
    return 52 * st.copies - st.n * st.size


def _maybe_begin(st: GolfState, notes: list) -> str:
    if st.phase == DEAL and _setup_missing(st) is None:
        st.phase = PLAY
        st.turn = (st.dealer + 1) % st.n
        notes.append({"kind": "turn", "seat": st.turn})
        return f"; {st.name(st.turn)}, left of the dealer, starts"
    return ""


def _check_turn(st: GolfState, seat: int, doing: str) -> None:
    if st.phase == DEAL:
        rule, message = _setup_missing(st)
        raise Illegal(rule, message)
    if st.phase == REVEAL:
        raise Illegal("G1.3", f"the round is over, too late for {doing}: turn up every face-down card")
    if st.phase == OVER:
        raise Illegal("G4.5", f"round {st.round} is scored: start the next round")
    if seat != st.turn:
        raise Illegal("G0.2", f"it is {st.name(st.turn)}'s turn, not {st.name(seat)}'s: play goes clockwise")


def _end_turn(st: GolfState, seat: int, notes: list) -> str:
    if st.closer is not None and seat != st.closer:
        st.last_left = tuple(s for s in st.last_left if s != seat)
    if st.closer is not None and not st.last_left:
        st.turn = None
        st.phase = REVEAL
        notes.append({"kind": "round_end", "closer": st.closer})
        if any(st.face_down(s) for s in range(st.n)):
            return "; the round ends: turn up every face-down card"
        _score_round(st, notes)
        return "; the round ends: " + _score_words(st)
    st.turn = (seat + 1) % st.n
    return f"; {st.name(st.turn)} is next"


def _start_last_turns(st: GolfState, seat: int, rule: str, notes: list) -> None:
    st.closer = seat
    st.last_left = tuple((seat + i) % st.n for i in range(1, st.n))
    notes.append({"kind": "last_turns", "closer": seat, "seats": list(st.last_left), "rule": rule})


def _draw(st: GolfState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    source = ev.get("source")
    if source not in ("stock", "discard"):
        raise BadEvent(f"'source' is 'stock' or 'discard', not {source!r}")
    card = _optional_card(ev, "card")
    _check_turn(st, seat, "drawing")
    turn_rule = _turn_rule(st)
    if st.drawn is not None:
        held = st.drawn[1] or "a card"
        raise Illegal(turn_rule, f"{st.name(seat)} has drawn {held} already: swap it into the grid"
                                 + (" or discard it" if st.drawn[0] == "stock" else ""))
    if source == "discard":
        if not st.pile:
            raise Illegal(turn_rule, "the discard pile is empty: draw from the stock")
        if st.closer is not None:
            if st.variants.last_turn_stock_only:
                raise Illegal("G5.6", f"this is {st.name(seat)}'s final turn: with last_turn_stock_only "
                                      f"it draws from the stock")
            if st.form == FOUR and not st.variants.take_pile_last_turn:
                raise Illegal("G5.9", f"this is {st.name(seat)}'s final turn: the discard pile may be "
                                      f"taken then only with take_pile_last_turn; draw from the stock")
        top = st.pile[-1]
        if card is not None and card != top:
            raise Illegal(turn_rule, f"the top of the discard pile is {top}, not {card}")
        st.pile.pop()
        st.drawn = ("discard", top)
        what = f"{st.name(seat)} takes {top} from the discard pile"
    else:
        if st.stock == 0:
            raise Illegal("G0.3", "the stock is empty: reshuffle the discard pile (all but its top card) "
                                  "into a new stock")
        if card is not None:
            _identify(st, card, "the top card of the stock")
        st.stock -= 1
        st.drawn = ("stock", card)
        what = f"{st.name(seat)} draws {'from the stock' if card is None else card + ' from the stock'}"
    st.drawn_any = True
    return turn_rule, what


def _swap(st: GolfState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    card_out = _optional_card(ev, "card_out")
    card_in = _optional_card(ev, "card")
    in_hand = st.variants.four_in_hand
    pos = None if in_hand and "position" not in ev else _position(st, ev)
    _check_turn(st, seat, "swapping")
    turn_rule = _turn_rule(st)
    if st.drawn is None:
        raise Illegal(turn_rule, f"{st.name(seat)} must draw a card before swapping one in")
    grid = st.grid[seat]
    if pos is None:  # four_in_hand: the camera sees which card leaves, not where it was held
        if card_out is not None and card_out in grid:
            pos = grid.index(card_out)
        elif None in grid:
            pos = grid.index(None)
        else:
            raise Illegal("G0.1", f"{st.name(seat)} holds {' '.join(grid)}, not {card_out}")
    held = grid[pos]
    if held is not None:
        if card_out is not None and card_out != held:
            raise Illegal(turn_rule, f"{st.name(seat)}'s {st.where(pos)} holds {held}, not {card_out}: "
                                     f"the replaced card is the one at that position")
        card_out = held
    else:
        if card_out is None:
            raise BadEvent(f"the card replaced at {st.name(seat)}'s {st.where(pos)} goes face up on the "
                           f"discard pile: say which it is ('card_out')")
        _identify(st, card_out, f"{st.name(seat)}'s {st.where(pos)}")
    source, drawn = st.drawn
    if drawn is not None and card_in is not None and card_in != drawn:
        raise Illegal(turn_rule, f"{st.name(seat)} drew {drawn}, not {card_in}")
    if drawn is None and card_in is not None:
        _identify(st, card_in, "the card drawn from the stock")
        drawn = card_in
    face_up = st.form != FOUR
    if face_up and drawn is None:
        raise BadEvent(f"the new card lies face up at {st.name(seat)}'s {st.where(pos)}: "
                       f"say which it is ('card')")
    grid[pos] = drawn
    st.up[seat][pos] = face_up
    st.pile.append(card_out)
    st.drawn = None
    new = drawn or "the drawn card"
    what = f"{st.name(seat)} puts {new} at {st.where(pos)} and discards {card_out}"
    rule = turn_rule
    if face_up and st.closer is None and not st.face_down(seat):
        _start_last_turns(st, seat, "G1.3", notes)
        what += f"; all {st.name(seat)}'s cards are face up: everyone else has one more turn"
        rule = "G1.3"
    return rule, what + _end_turn(st, seat, notes)


def _discard(st: GolfState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    card = _optional_card(ev, "card")
    _check_turn(st, seat, "discarding")
    turn_rule = _turn_rule(st)
    if st.drawn is None:
        raise Illegal(turn_rule, f"{st.name(seat)} must draw before discarding")
    source, drawn = st.drawn
    if source == "discard":
        raise Illegal(turn_rule, f"{drawn} came from the discard pile: {st.name(seat)} must swap it "
                                 f"into the grid (only a stock card may be discarded)")
    if drawn is None:
        if card is None:
            raise BadEvent("the discarded card lies face up: say which it is ('card')")
        _identify(st, card, "the card drawn from the stock")
        drawn = card
    elif card is not None and card != drawn:
        raise Illegal(turn_rule, f"{st.name(seat)} drew {drawn}, not {card}")
    st.pile.append(drawn)
    st.drawn = None
    return turn_rule, f"{st.name(seat)} discards {drawn}" + _end_turn(st, seat, notes)


def _knock(st: GolfState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    if st.form != FOUR:
        raise Illegal("G2.3", "knocking belongs to four-card golf: here the round ends when a player's "
                              "last face-down card is replaced (G1.3)")
    _check_turn(st, seat, "knocking")
    if st.knocker is not None:
        raise Illegal("G2.3", f"{st.name(st.knocker)} has knocked already: only one knock per round")
    if st.drawn is not None:
        raise Illegal("G2.3", f"{st.name(seat)} has drawn: a knock replaces the whole turn, before drawing")
    st.knocker = seat
    _start_last_turns(st, seat, "G2.3", notes)
    return "G2.3", f"{st.name(seat)} knocks: everyone else has one more turn" + _end_turn(st, seat, notes)


def _flip(st: GolfState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    if ev.get("seat") is None:
        return _turn_up_discard(st, ev, notes)
    seat = _seat(st, ev)
    if st.variants.four_in_hand:
        raise Illegal("G5.2", f"{st.name(seat)} holds the cards in hand: show them with 'hand' at the end")
    pos = _position(st, ev)
    card = _optional_card(ev, "card")
    if card is None:
        card = st.grid[seat][pos]
        if card is None:
            raise BadEvent("a card turned face up is seen: say which it is ('card')")
    if st.phase == DEAL or (st.phase == PLAY and not st.drawn_any):
        return _first_flip(st, seat, pos, card, seq, notes)
    if st.phase == PLAY:
        raise Illegal(_turn_rule(st), "cards are turned up only at the start and at the end of the round: "
                                      "a turn is draw, then swap or discard")
    if st.phase == OVER:
        raise Illegal("G4.5", f"round {st.round} is scored: start the next round")
    if st.up[seat][pos]:
        raise Illegal("G1.3", f"{st.name(seat)}'s {st.where(pos)} is face up already ({st.grid[seat][pos]})")
    _reveal(st, seat, pos, card, seq, notes)
    what = f"{st.name(seat)} turns up {card} at {st.where(pos)}"
    if not any(st.face_down(s) for s in range(st.n)):
        _score_round(st, notes)
        what += "; every card is face up: " + _score_words(st)
        return "G4.1", what
    return "G1.3", what


def _first_flip(st: GolfState, seat: int, pos: int, card: str, seq: int, notes: list) -> tuple[str, str]:
    rule = _flip_rule(st)
    if st.form == FOUR:
        raise Illegal("G2.1", "in four-card golf the cards stay face down: look at two with 'peek'")
    if st.up[seat][pos]:
        raise Illegal(rule, f"{st.name(seat)}'s {st.where(pos)} is face up already ({st.grid[seat][pos]})")
    if st.flips[seat] >= st.need_flips:
        raise Illegal(rule, f"{st.name(seat)} has turned up {st.need_flips} cards already")
    earlier = [p for p in range(st.size) if st.up[seat][p]]
    columns = {p % st.cols for p in earlier}
    if st.variants.first_flip_same_column and columns and pos % st.cols not in columns:
        raise Illegal("G5.5", f"with first_flip_same_column {st.name(seat)}'s cards are turned up in "
                              f"column {min(columns) + 1}")
    if st.variants.first_flip_different_columns and pos % st.cols in columns:
        raise Illegal("G5.5", f"with first_flip_different_columns {st.name(seat)} already turned up a "
                              f"card in column {pos % st.cols + 1}")
    _reveal(st, seat, pos, card, seq, notes)
    st.flips[seat] += 1
    return rule, f"{st.name(seat)} turns up {card} at {st.where(pos)}" + _maybe_begin(st, notes)


def _turn_up_discard(st: GolfState, ev: dict, notes: list) -> tuple[str, str]:
    card = _optional_card(ev, "card")
    if card is None:
        raise BadEvent("the card turned up from the stock is seen: say which it is ('card')")
    if st.phase != DEAL or st.pile:
        raise Illegal("G0.3", f"the discard pile was started already ({st.pile[0] if st.pile else 'in play'}): "
                              f"the top card is turned up once")
    _identify(st, card, "the top card of the stock")
    st.stock -= 1
    st.pile.append(card)
    return "G0.3", f"{card} starts the discard pile" + _maybe_begin(st, notes)


def _peek(st: GolfState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    raw = ev.get("positions")
    if isinstance(raw, int) and not isinstance(raw, bool):  # one card at a time
        raw = [raw]
    if not isinstance(raw, list) or not raw:
        raise BadEvent("'positions' lists the grid positions looked at, e.g. [2, 3]")
    positions = [_position(st, ev, p) for p in raw]
    if st.variants.four_in_hand:
        raise Illegal("G5.2", "with four_in_hand the cards are in hand and may be looked at any time")
    if st.form != FOUR:
        raise Illegal(_flip_rule(st), "nobody looks at face-down cards in this game: cards are turned face up")
    if st.phase != DEAL and (st.phase != PLAY or st.drawn_any):
        raise Illegal("G2.1", f"{st.name(seat)} may look at cards only at the start, before the first turn")
    looked = set(st.peeked[seat]) | set(positions)
    if len(looked) > 2:
        earlier = ", ".join(st.where(p) for p in st.peeked[seat])
        raise Illegal("G2.1", f"{st.name(seat)} may look at two cards only"
                              + (f" and has looked at {earlier}" if earlier else ""))
    st.peeked[seat] = tuple(sorted(looked))
    return "G2.1", f"{st.name(seat)} looks at {', '.join(st.where(p) for p in positions)}"


def _reshuffle(st: GolfState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    if st.phase != PLAY:
        raise Illegal("G0.3", "the stock is reshuffled only during play, when it is empty")
    if st.stock > 0:
        raise Illegal("G0.3", f"the stock still holds {st.stock} card(s): draw from it")
    if len(st.pile) < 2:
        raise Illegal("G0.3", "the discard pile has no cards below its top card to reshuffle")
    top = st.pile[-1]
    for card in st.pile[:-1]:
        _forget(st, card)
    st.stock = len(st.pile) - 1
    st.pile = [top]
    return "G0.3", f"the discard pile but {top} is shuffled into a new stock of {st.stock} cards"


def _stop(st: GolfState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    if st.phase == OVER:
        raise Illegal("G4.5", "this round is scored already: to end the match by agreement, say so during "
                              "a round, or open a new match with 'match' on the next start")
    st.stop = True
    return "G4.5", f"by agreement the match ends after round {st.round}"


def _hand(st: GolfState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    """Open mode: the seat's cards (row by row), or at the end the shown cards (a reveal)."""
    seat = _seat(st, ev)
    cards = parse_cards(ev.get("cards"), allow_face_down=True)
    if len(cards) != st.size:
        raise Illegal("G0.1", f"{st.name(seat)} has {st.size} cards, not {len(cards)}")
    if st.phase == OVER:
        raise Illegal("G4.5", f"round {st.round} is scored: start the next round")
    if st.phase == REVEAL:
        return _hand_reveal(st, seat, cards, seq, notes)
    grid = st.grid[seat]
    if st.variants.four_in_hand:  # held in hand: the order means nothing
        rest = [c for c in cards if c != FACE_DOWN]
        missing = [c for c in grid if c is not None and not _take(rest, c)]
        if missing:
            raise Illegal("G0.1", f"{st.name(seat)} must still hold {' '.join(missing)}")
        for c in rest:
            _identify(st, c, f"a card in {st.name(seat)}'s hand")
        known = [c for c in grid if c is not None] + rest
        st.grid[seat] = known + [None] * (st.size - len(known))
    else:
        for pos, card in enumerate(cards):
            held = grid[pos]
            if card == FACE_DOWN or card == held:
                continue
            if held is not None:
                raise Illegal("G0.1", f"{st.name(seat)}'s {st.where(pos)} holds {held}, not {card}")
            _identify(st, card, f"{st.name(seat)}'s {st.where(pos)}")
            grid[pos] = card
    shown = " ".join(c or FACE_DOWN for c in st.grid[seat])
    return None, f"{st.name(seat)}'s cards: {shown}"


def _take(rest: list, card: str) -> bool:
    if card in rest:
        rest.remove(card)
        return True
    return False


def _hand_reveal(st: GolfState, seat: int, cards: list[str], seq: int, notes: list) -> tuple[str, str]:
    if FACE_DOWN in cards:
        raise BadEvent("at the end every card is shown: '??' is not allowed")
    if st.variants.four_in_hand:
        rest = cards[:]
        for pos, held in enumerate(st.grid[seat]):
            if held is not None and not _take(rest, held):
                _forget(st, held)
                notes.append({"kind": "proven_violation", "seat": seat, "rule": "G2.2",
                              "evidence": f"{st.name(seat)} held {held} (known to the table) but did not "
                                          f"show it at event #{seq}", "seq": seq})
                st.grid[seat][pos] = None
        for c in rest:
            _identify(st, c, f"a card in {st.name(seat)}'s hand")
        st.grid[seat] = cards[:]
        st.up[seat] = [True] * st.size
    else:
        for pos, card in enumerate(cards):
            if st.up[seat][pos] and st.grid[seat][pos] != card:
                raise Illegal("G0.1", f"{st.name(seat)}'s {st.where(pos)} lies face up as "
                                      f"{st.grid[seat][pos]}, not {card}")
        for pos, card in enumerate(cards):
            if not st.up[seat][pos]:
                _reveal(st, seat, pos, card, seq, notes)
    what = f"{st.name(seat)} shows {' '.join(cards)}"
    if not any(st.face_down(s) for s in range(st.n)):
        _score_round(st, notes)
        return "G4.1", what + "; every card is face up: " + _score_words(st)
    return "G1.3", what


def _score_words(st: GolfState) -> str:
    words = ", ".join(f"{st.name(s)} {st.result_scores[s]}" for s in range(st.n))
    text = f"round {st.round}: {words}"
    if st.match_over:
        text += "; the match is over, " + " and ".join(st.name(s) for s in st.winners) + \
                (" share the win" if len(st.winners) > 1 else " wins") + \
                f" with {st.totals[st.winners[0]]}"
    return text


HANDLERS = {"draw": _draw, "swap": _swap, "discard": _discard, "knock": _knock, "flip": _flip,
            "peek": _peek, "reshuffle": _reshuffle, "stop": _stop, "hand": _hand}


# -- match context (read from the Session) --------------------------------------------

def _last_round(session: Session) -> GameRecord | None:
    for record in reversed(session.records):
        if record.game == NAME and not record.abandoned:
            return record
    return None


def _requested_dealer(st: GolfState, ev: dict) -> int | None:
    """`dealer`, or the contract's `leader` (the player who starts sits left of the dealer)."""
    seats = {}
    for key in ("dealer", "leader"):
        if ev.get(key) is not None:
            seats[key] = _seat(st, ev, key)
    if "leader" in seats:
        implied = (seats["leader"] - 1) % st.n
        if seats.get("dealer", implied) != implied:
            raise Illegal("G0.2", f"the player left of the dealer starts: with {st.name(seats['dealer'])} "
                                  f"dealing, {st.name((seats['dealer'] + 1) % st.n)} starts, not "
                                  f"{st.name(seats['leader'])}")
        return implied
    return seats.get("dealer")


def _parse_match(raw: object) -> tuple[int | None, int | None]:
    if not isinstance(raw, dict) or any(k not in ("holes", "target") for k in raw):
        raise BadEvent("'match' is an object like {\"holes\": 9} or {\"target\": 100} ({} = until agreed)")
    values = []
    for key in ("holes", "target"):
        v = raw.get(key)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 1):
            raise BadEvent(f"match '{key}' must be a positive whole number, not {v!r}")
        values.append(v)
    return values[0], values[1]


POSITION_QUESTION = "ask:Position (row by row from 0, e.g. 0 1 2 over 3 4 5)?"


class Golf:
    name = NAME
    rules = RULES
    variant_rules = VARIANT_RULES  # variant flag -> the rule id it switches on
    loser_title = "loser"  # Golf has no loser: the tally's points are the match totals
    #: Buttons of the table page's manual entry (see api/static/app.js `buildEvent`).
    entry_actions = (
        {"label": "Draw stock", "event": {"type": "draw", "source": "stock"}, "cards": [0, 1], "primary": True,
         "fields": {"seat": "seat", "card": "picked0"}},
        {"label": "Draw pile", "event": {"type": "draw", "source": "discard"}, "fields": {"seat": "seat"}},
        {"label": "Swap", "event": {"type": "swap"}, "cards": [1, 2], "help": "pick the card that goes to the pile, "
         "then the new card", "fields": {"seat": "seat", "position": POSITION_QUESTION, "card_out": "picked0",
                                         "card": "picked1"}},
        {"label": "Discard", "event": {"type": "discard"}, "fields": {"seat": "seat", "card": "picked0"},
         "cards": [1, 1]},
        {"label": "Knock", "event": {"type": "knock"}, "fields": {"seat": "seat"}},
        {"label": "Turn up", "event": {"type": "flip"}, "cards": [1, 1],
         "fields": {"seat": "seat", "position": POSITION_QUESTION, "card": "picked0"}},
        {"label": "Start pile", "event": {"type": "flip"}, "fields": {"card": "picked0"}, "cards": [1, 1]},
        {"label": "Peek", "event": {"type": "peek"}, "fields": {"seat": "seat", "positions": POSITION_QUESTION}},
        {"label": "Show grid", "event": {"type": "hand"}, "fields": {"seat": "seat", "cards": "picked"}},
        {"label": "Reshuffle", "event": {"type": "reshuffle"}},
        {"label": "End match", "event": {"type": "stop"}},
    )

    # -- start ---------------------------------------------------------------------
    def start(self, ev: dict, session: Session, seq: int) -> tuple[GolfState, Ruling]:
        players = ev.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
            raise BadEvent("'players' must be a list of names, clockwise, e.g. [\"Ann\", \"Bob\"]")
        if len(set(players)) != len(players):
            raise BadEvent("player names must be different")
        mode = ev.get("mode", "hidden")
        if mode not in ("hidden", "open"):
            raise BadEvent("'mode' is 'hidden' (default) or 'open'")
        if len(players) < 2:
            raise Illegal("G0.1", f"Golf needs at least 2 players, not {len(players)}")
        st = GolfState()
        st.players = tuple(players)
        st.n = n = len(players)
        notes: list = []
        self._match(st, ev, session, notes)
        v = st.variants
        st.mode = mode
        st.form = v.form
        st.rows, st.cols = {SIX: (2, 3), FOUR: (2, 2), NINE: (3, 3)}[st.form]
        st.cols += 1 if v.eight_card else 2 if v.ten_card else 0
        st.need_flips = {SIX: 2, FOUR: 0, NINE: 3}[st.form]
        st.copies = 1 if n <= 3 else 2 if n <= 7 else 3
        if n * st.size + 2 > 52 * st.copies:
            raise Illegal("G0.1", f"{st.copies} deck(s) cannot deal {st.size} cards to {n} players")
        st.phase = DEAL
        st.grid = [[None] * st.size for _ in range(n)]
        st.up = [[False] * st.size for _ in range(n)]
        st.flips = [0] * n
        st.peeked = [()] * n
        st.seen = {}
        st.stock = _full_stock(st)
        st.pile = []
        st.turn = None
        st.drawn = None
        st.drawn_any = False
        st.closer = st.knocker = None
        st.last_left = ()
        st.result_scores = st.base_scores = st.cancelled = st.totals = None
        st.match_over = False
        st.winners = ()
        st.stop = False
        if "hands" in ev:
            hands = ev["hands"]
            if not isinstance(hands, list) or len(hands) != n:
                raise BadEvent(f"'hands' must be {n} lists of cards, one per seat (row by row)")
            for s, cards in enumerate(hands):
                _hand(st, {"seat": s, "cards": cards}, seq, notes)
        decks = "one deck" if st.copies == 1 else f"{st.copies} decks"
        what = (f"Golf round {st.round} of match {st.match} ({st.size}-card"
                f"{', in hand' if v.four_in_hand else ''}, {decks}) for {', '.join(players)}; "
                f"{st.name(st.dealer)} deals, {st.name((st.dealer + 1) % n)} starts")
        if v.on():
            what += f" (variants: {', '.join(v.on())})"
        return st, Ruling(True, OK, "G0.2", what, tuple(notes))

    def _match(self, st: GolfState, ev: dict, session: Session, notes: list) -> None:
        """Continue the session's match (G0.2 dealer, G0.1 same variants) or open a new one."""
        last = _last_round(session)
        info = dict(last.info) if last is not None else {}
        dealer = _requested_dealer(st, ev)
        variants = Variants.parse(ev["variants"]) if "variants" in ev else None
        if last is None or "match" in ev:
            st.holes, st.target = _parse_match(ev.get("match", {"holes": DEFAULT_HOLES}))
            st.match = info.get("match", 0) + 1
            st.round = 1
            st.previous = ()
            st.dealer = dealer if dealer is not None else 0
            st.variants = variants or Variants()
            if last is not None and not info.get("match_over"):
                notes.append({"kind": "match_closed", "match": info["match"]})
            return
        if info.get("match_over"):
            winners = " and ".join(info.get("winners", ()))
            raise Illegal("G4.5", f"match {info['match']} is over ({winners} won): open a new match with "
                                  f"'match', e.g. {{\"holes\": 9}}")
        if tuple(st.players) != last.players:
            raise Illegal("G4.5", f"match {info['match']} is between {', '.join(last.players)} in that "
                                  f"order: open a new match with 'match' to change players")
        agreed = Variants.from_info(info["variants"])
        if variants is not None and variants != agreed:
            raise Illegal("G0.1", "variants do not change during a match: open a new match with 'match'")
        st.variants = agreed
        st.match = info["match"]
        st.holes, st.target = info["holes"], info["target"]
        rounds = [r for r in session.records
                  if r.game == NAME and not r.abandoned and dict(r.info).get("match") == st.match]
        st.previous = tuple(tuple(dict(r.scores)[p] for p in st.players) for r in rounds)
        st.round = len(rounds) + 1
        expected = (info["dealer"] + 1) % st.n
        if dealer is not None and dealer != expected:
            raise Illegal("G0.2", f"the deal passes clockwise: {st.players[expected]} deals round "
                                  f"{st.round}, not {st.players[dealer]}")
        st.dealer = expected

    # -- events --------------------------------------------------------------------
    def apply(self, state: GolfState, ev: dict, seq: int) -> tuple[GolfState, Ruling]:
        handler = HANDLERS.get(ev["type"])
        if handler is None:
            raise BadEvent(f"unknown event type {ev['type']!r} for Golf: use one of {sorted(HANDLERS)}")
        st = state.clone()
        notes: list = []
        rule, what = handler(st, ev, seq, notes)
        severity = INFO if ev["type"] == "hand" else OK
        return st, Ruling(True, severity, rule, what, tuple(notes))

    # -- reading -------------------------------------------------------------------
    def players(self, st: GolfState) -> list[str]:
        return list(st.players)

    def to_act(self, st: GolfState) -> int | None:
        return st.turn if st.phase == PLAY else None

    def result(self, st: GolfState) -> GameRecord | None:
        if st.phase != OVER:
            return None
        info = (("match", st.match), ("round", st.round), ("dealer", st.dealer), ("variants", st.variants.as_info()),
                ("holes", st.holes), ("target", st.target), ("closer", st.closer),
                ("match_over", st.match_over), ("winners", tuple(st.name(s) for s in st.winners)))
        return GameRecord(NAME, st.players, (), (), scores=tuple(zip(st.players, st.result_scores)), info=info)

    def sheet(self, st: GolfState) -> dict:
        rounds = [list(r) for r in st.previous]
        if st.result_scores is not None:
            rounds.append(st.result_scores[:])
        totals = [sum(r[s] for r in rounds) for s in range(st.n)]
        return {"match": st.match, "round": st.round, "holes": st.holes, "target": st.target,
                "players": list(st.players), "rounds": rounds, "totals": totals,
                "match_over": st.match_over, "winners": [st.name(s) for s in st.winners] or None}

    def summary(self, st: GolfState) -> dict:
        return {
            "game": NAME,
            "phase": st.phase,
            "trump": None,
            "turn": self.to_act(st),
            "kills": 0,
            "tricks_won": [],
            "hand_sizes": [st.size] * st.n,
            "out": [],
            "goat": None,
            "dealer": st.dealer,
            "closer": st.closer,
            "scores": st.result_scores[:] if st.result_scores is not None else None,
            "sheet": self.sheet(st),
        }

    def view(self, st: GolfState, seat: int | None = None) -> dict:
        """What the referee knows; with `seat`, only what that seat may see."""
        view = self.summary(st)
        view.update({
            "players": list(st.players), "variants": st.variants.on(), "mode": st.mode,
            "rows": st.rows, "columns": st.cols, "stock": st.stock, "discard_pile": st.pile[:],
            "to_act": self.to_act(st), "last_turns": list(st.last_left), "knocker": st.knocker,
            "base_scores": st.base_scores, "cancelled": st.cancelled,
        })
        grids, hands = {}, {}
        for s in range(st.n):
            cards = []
            for p, card in enumerate(st.grid[s]):
                mine = seat == s and (st.variants.four_in_hand or p in st.peeked[s])
                visible = seat is None or st.up[s][p] or mine
                cards.append(card if visible and card is not None else FACE_DOWN)
            grids[str(s)] = {"cards": cards, "face_up": st.up[s][:]}
            hands[str(s)] = {"size": st.size, "known": [c for c in cards if c != FACE_DOWN]}
        view["grids"] = grids
        view["hands"] = hands
        if st.drawn is not None:
            source, card = st.drawn
            public = source == "discard" or seat is None or seat == st.turn
            view["drawn"] = {"seat": st.turn, "source": source, "card": card if public and card else FACE_DOWN}
        return view


GAME = Golf()


# -- legal events (for simulation, hints and property tests) ------------------------

def legal_events(st: GolfState) -> list[dict]:
    """Every legal event now, for a state whose grids and drawn card are known (open mode).

    Cards the referee cannot know (the top of the stock) are left out: a stock draw is
    listed without `card`, and the discard pile's first card is the caller's to turn up.
    """
    events: list[dict] = []
    if st.phase == DEAL or (st.phase == PLAY and not st.drawn_any):
        for s in range(st.n):
            if st.flips[s] < st.need_flips:
                events += [{"type": "flip", "seat": s, "position": p, "card": st.grid[s][p]}
                           for p in st.face_down(s) if _first_flip_ok(st, s, p)]
            if st.form == FOUR and not st.variants.four_in_hand:  # looking again at a looked-at card is harmless
                events += [{"type": "peek", "seat": s, "positions": [p]} for p in range(st.size)
                           if len(set(st.peeked[s]) | {p}) <= 2]
    if st.phase == PLAY:
        seat = st.turn
        if st.stock == 0 and len(st.pile) > 1:
            events.append({"type": "reshuffle"})
        if st.drawn is None:
            last = st.closer is not None
            pile_ok = st.pile and not (last and (st.variants.last_turn_stock_only or
                                                 (st.form == FOUR and not st.variants.take_pile_last_turn)))
            if pile_ok:
                events.append({"type": "draw", "seat": seat, "source": "discard", "card": st.pile[-1]})
            if st.stock:
                events.append({"type": "draw", "seat": seat, "source": "stock"})
            if st.form == FOUR and st.knocker is None:
                events.append({"type": "knock", "seat": seat})
        else:
            source, card = st.drawn
            for p in range(st.size):
                ev = {"type": "swap", "seat": seat, "position": p, "card_out": st.grid[seat][p]}
                if card is not None:
                    ev["card"] = card
                events.append(ev)
            if source == "stock":
                events.append({"type": "discard", "seat": seat, "card": card})
    elif st.phase == REVEAL:
        for s in range(st.n):
            if st.variants.four_in_hand:
                if st.face_down(s):
                    events.append({"type": "hand", "seat": s, "cards": st.grid[s][:]})
            else:
                events += [{"type": "flip", "seat": s, "position": p, "card": st.grid[s][p]}
                           for p in st.face_down(s)]
    return events


def _first_flip_ok(st: GolfState, seat: int, pos: int) -> bool:
    columns = {p % st.cols for p in range(st.size) if st.up[seat][p]}
    if st.variants.first_flip_same_column and columns and pos % st.cols not in columns:
        return False
    return not (st.variants.first_flip_different_columns and pos % st.cols in columns)


__all__ = ["GAME", "RULES", "VARIANT_RULES", "Variants", "GolfState", "card_value", "score_grid",
           "legal_events"]
