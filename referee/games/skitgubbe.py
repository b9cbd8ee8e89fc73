"""Skitgubbe (Flurst): the referee for `shared/rules/skitgubbe.md`.

The game is a state object (`SkitState`) and one pure function, `apply(state, event)`,
that returns a new state and a ruling, or raises `Illegal`/`BadEvent` and leaves the old
state untouched. Rule ids live in `RULES`; every ruling cites one.

Hidden information: the referee tracks what a camera can know. Every card has a list of
*known* locations (one per copy seen); a hand is `size` cards of which `known` are
identified and the rest are either never-seen cards or dreck-pool cards whose holder is
ambiguous. A play is rejected only when it is provably impossible. Must-match (S1.5) is
checked at once when the hand is known; otherwise the failure to match becomes an
`Obligation` that is proven later by counting: if more cards of the required rank leave
the hand than could have entered it since, one of them was there all along.

A camera may see a card played in Part 1 without reading it: `play` with cards `["??"]`
(and a slough, `card` `"??"`: it leaves a hidden slot of the hand, S1.8's match and S1.9 are
not judged, and it joins the collector's winnings unnamed; the trick's ranks stay known).
The card leaves a hidden slot of the hand (or, flipped, the stock); nothing that depends on its rank is judged (the
round's high card, must-match, which ranks may be sloughed), and a round it ends is left
open: any seat that may have won it collects it, and a further play starts a war between
them. The collector's winnings then hold one card the referee cannot name. In Part 2
unread cards are played alone (`["??"]`) or in a run (`["??", "KD"]`: its named cards must
fit in one run that long, in one suit) from a hand with as many cards the referee cannot
name: whether the play beats the card under it, and whether the play on it beats it, is not
judged; it counts towards a kill, and an eat stops at it (it touches nothing the referee can
check).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from referee.cards import DECK, FACE_DOWN, RANK, SUIT, SUIT_NAMES, parse_card, parse_cards, split_reveal
from referee.ruling import INFO, OK, WARNING, BadEvent, Illegal, Ruling
from referee.variants import flag_variants, flags_on
from referee.session import GameRecord, Session

NAME = "skitgubbe"

RULES = {
    "S0.1": "One 52-card deck, ranks 2 (low) to A (high); each card exists once",
    "S0.2": "At least 3 players",
    "S0.3": "Exactly one loser, the goat; the session keeps the goat tally",
    "S0.4": "Play goes clockwise",
    "S1.1": "Deal 3 cards each; the rest is the stock",
    "S1.2": "Hands are kept at 3: draw from the stock after every card that leaves the hand",
    "S1.3": "The previous goat leads the first trick; then each trick's winner leads",
    "S1.4": "Each player plays once per trick, clockwise: a card from hand or a flip from the stock",
    "S1.5": "Must match the highest rank played so far if you can (no flip then)",
    "S1.6": "The single highest card wins the trick; its player collects plays and sloughs",
    "S1.7": "A tie for the highest rank is a war: the tied players play a mini-trick",
    "S1.8": "Slough: throw a card of a rank played in the trick, any time before it is collected",
    "S1.9": "A player still to play may not slough the rank of the highest card so far",
    "S1.10": "With the stock gone, a player who may still have to play may not slough their last card",
    "S1.11": "The last stock card is never flipped; whoever would draw it lays it aside as the trump card",
    "S1.12": "Part 1 ends when a player must play with no card and no stock; an open trick is abandoned",
    "S1.13": "The winner of the last completed trick is remembered",
    "S1.14": "The holder of the set-aside card turns it up: its suit is trump",
    "S1.15": "The Part 2 hand is the winnings (plus the trump card for its holder)",
    "S1.16": "Dreck: a player with 5 or fewer cards gets the 2s-5s and the 6 of trumps",
    "S1.17": "Hands are sorted",
    "S2.1": "Every trump beats every non-trump; within a suit 2 is low, A high",
    "S2.2": "Touching cards (same suit, adjacent ranks) may be played as one run",
    "S2.3": "The winner of the last Part 1 trick leads Part 2",
    "S2.4": "Beat the top card (higher of its suit, or a trump) or eat the lowest run on the table",
    "S2.5": "Plays stay separate on the table",
    "S2.6": "An eat that clears the table ends the trick: the next player leads",
    "S2.7": "A trick is killed when it has as many plays as players in the game at its lead",
    "S2.8": "The trick may travel round the table",
    "S2.9": "A player whose hand empties is out",
    "S2.10": "Announce 'three cards' and 'one card' when the hand drops to them",
    "S2.11": "The last player with cards is the goat",
    "S2.12": "The number of plays needed to kill is public",
    "S3.1": "Variant no_slough_for_trump: the last stock card is drawn only after a play",
    "S3.2": "Variant no_bottom_card: the bottom card is put aside to set trump",
    "S3.3": "Variant high_trump: the highest trump in play may only kill",
    "S3.4": "Variant aces_low_part1: aces are low in Part 1",
    "S3.5": "Variant roving_goat: the goat moves to another seat after each game",
    "S3.6": "Variant double_deck: two decks, dreck threshold 12, identical cards never touch",
    "S3.7": "Variant two_tables: winners' goat and losers' first out swap tables",
    "S3.8": "Variant three_player_muddle: 3 players, 6 hands",
    "S3.9": "Variant beat_any_suit: any higher non-trump beats a non-trump",
}

VARIANT_RULES = {
    "no_slough_for_trump": "S3.1",
    "no_bottom_card": "S3.2",
    "high_trump": "S3.3",
    "aces_low_part1": "S3.4",
    "roving_goat": "S3.5",
    "double_deck": "S3.6",
    "two_tables": "S3.7",
    "three_player_muddle": "S3.8",
    "beat_any_suit": "S3.9",
}

CALLS = ("one card", "three cards", "not one card", "not three cards", "baah")
DRECK_RANKS = (2, 3, 4, 5)

# Locations of known cards (seat s's hand is the seat number itself, 0..5).
WON = 10  # WON + s: seat s's winnings
ON_TABLE = 20
KILLED = 21
ASIDE = 22  # a revealed set-aside card is never "aside": it moves at once
OUT_OF_GAME = 23
DRECK_PILE = 24
POOL = 25  # dealt from the dreck to one of several short players: holder unknown

PART1, INTERMISSION, DRECK, PART2, OVER = "part1", "intermission", "dreck", "part2", "over"


@dataclass(frozen=True, slots=True)
class Variants:
    no_slough_for_trump: bool = False
    no_bottom_card: bool = False
    high_trump: bool = False
    aces_low_part1: bool = False
    roving_goat: bool = False
    double_deck: bool = False
    two_tables: bool = False
    three_player_muddle: bool = False
    beat_any_suit: bool = False

    @staticmethod
    def parse(raw: object) -> "Variants":
        return flag_variants(Variants, raw, VARIANT_RULES, "Skitgubbe", "high_trump")

    def on(self) -> list[str]:
        return flags_on(self, VARIANT_RULES)


@dataclass(frozen=True, slots=True)
class Obligation:
    """Seat `seat` failed to match rank `rank` at event `seq` while its hand was hidden.

    `explained` counts cards that entered the hand since and could have that rank;
    `left` counts cards of that rank that left it. left > explained proves the breach.
    """

    seat: int
    rank: int
    seq: int
    what: str  # "played 7C" / "flipped"
    explained: int = 0
    left: int = 0


@dataclass(frozen=True, slots=True)
class Trick1:
    """A Part 1 trick: its (mini-)rounds, everything put into it, and whether it is decided."""

    leader: int
    order: tuple[int, ...]  # who plays in the current round, in order
    round_plays: tuple[tuple[int, str], ...] = ()
    cards: tuple[tuple[int, str], ...] = ()  # (seat, card) for every play, flip and slough
    played_ranks: frozenset = frozenset()  # Part 1 ranks of plays and flips (not sloughs)
    winner: int | None = None
    wars: int = 0
    #: a round ended with an unread play (FACE_DOWN): the seats that may have won it
    open_seats: tuple[int, ...] = ()
    #: seats of `order` that may sit the round out: the unread players of an open round,
    #: in the war that follows it (their card may not have tied)
    optional: frozenset = frozenset()
    #: sloughs of a card the camera could not read (FACE_DOWN in `cards`, no play)
    unread_sloughs: int = 0

    @property
    def unread(self) -> bool:
        """An unread card was played into this trick: ranks that depend on it are unknown."""
        return sum(1 for _, c in self.cards if c == FACE_DOWN) > self.unread_sloughs


class SkitState:
    __slots__ = (
        "players", "n", "owner", "variants", "mode", "copies", "table_name", "phase",
        "size", "known", "pool_slots", "loc", "stock", "aside_holder", "won", "won_hidden",
        "tricks_won", "last_winner", "first_leader", "trick", "next_leader", "obligations",
        "trump", "trump_holder", "dreck_pending", "dreck_short", "pool_seats",
        "table", "kill_threshold", "turn", "lead_rule", "kills", "out", "announce_due", "goat",
    )

    def clone(self) -> "SkitState":
        """A copy that apply() may change. Outer lists and the location map are copied; the
        per-seat card lists are shared, because every change replaces them (copy on write)."""
        o = SkitState.__new__(SkitState)
        o.players = self.players
        o.n = self.n
        o.owner = self.owner
        o.variants = self.variants
        o.mode = self.mode
        o.copies = self.copies
        o.table_name = self.table_name
        o.phase = self.phase
        o.size = self.size[:]
        o.known = self.known[:]
        o.pool_slots = self.pool_slots[:]
        o.loc = self.loc.copy()
        o.stock = self.stock
        o.aside_holder = self.aside_holder
        o.won = self.won[:]
        o.won_hidden = self.won_hidden[:]
        o.tricks_won = self.tricks_won[:]
        o.last_winner = self.last_winner
        o.first_leader = self.first_leader
        o.trick = self.trick
        o.next_leader = self.next_leader
        o.obligations = self.obligations
        o.trump = self.trump
        o.trump_holder = self.trump_holder
        o.dreck_pending = self.dreck_pending
        o.dreck_short = self.dreck_short
        o.pool_seats = self.pool_seats
        o.table = self.table[:]
        o.kill_threshold = self.kill_threshold
        o.turn = self.turn
        o.lead_rule = self.lead_rule
        o.kills = self.kills
        o.out = self.out[:]
        o.announce_due = self.announce_due
        o.goat = self.goat
        return o

    # -- small queries ---------------------------------------------------------
    def hidden_slots(self, seat: int) -> int:
        """Cards in the hand that the referee cannot name (never seen, or from the pool)."""
        return self.size[seat] - len(self.known[seat])

    def unseen_copies(self, card: str) -> int:
        return self.copies - len(self.loc.get(card, ()))

    def in_game(self, seat: int) -> bool:
        return self.size[seat] > 0 and seat not in self.out

    def next_seat(self, seat: int, step: int = 1) -> int:
        """The next seat clockwise (step -1: to the right) that still has cards."""
        for i in range(1, self.n + 1):
            s = (seat + step * i) % self.n
            if self.size[s] > 0 and s not in self.out:
                return s
        return seat

    def name(self, seat: int) -> str:
        return self.players[self.owner[seat]] + (("'s " + ("right", "left")[seat // 3] + " hand")
                                                 if self.variants.three_player_muddle else "")


# -- helpers that move cards --------------------------------------------------------

def _set_loc(st: SkitState, card: str, old: int | None, new: int) -> None:
    places = list(st.loc.get(card, ()))
    if old is not None:
        places.remove(old)
    places.append(new)
    st.loc[card] = tuple(places)


def _where(st: SkitState, card: str) -> str:
    words = []
    for place in st.loc.get(card, ()):
        if place < WON:
            words.append(f"in {st.name(place)}'s hand")
        elif place < ON_TABLE:
            words.append(f"in {st.name(place - WON)}'s winnings")
        else:
            words.append({ON_TABLE: "on the table", KILLED: "killed", OUT_OF_GAME: "out of the game",
                          DRECK_PILE: "in the dreck pile", POOL: "dealt to another player"}.get(place, "elsewhere"))
    return " and ".join(words) or "elsewhere"


def _source_in_hand(st: SkitState, seat: int, card: str) -> str | None:
    """Where `card` can leave `seat`'s hand from: "known" (seen there), "hidden" (one of its
    unseen cards may be it), "pool" (its share of cards dealt between players), or None when
    the referee can prove the seat does not hold it."""
    if card in st.known[seat]:
        return "known"
    pool_here = st.pool_slots[seat]
    if st.hidden_slots(seat) - pool_here > 0 and st.unseen_copies(card) > 0:
        return "hidden"
    if pool_here > 0 and POOL in st.loc.get(card, ()):
        return "pool"
    return None


def _cannot_hold(st: SkitState, seat: int, card: str) -> Illegal:
    if st.size[seat] == 0:
        return Illegal("S0.1", f"{st.name(seat)} has no cards left, so cannot give up {card}")
    return Illegal("S0.1", f"{st.name(seat)} cannot hold {card}: it is {_where(st, card)}")


def _take_from_hand(st: SkitState, seat: int, card: str, to: int) -> bool:
    """Move `card` out of `seat`'s hand to `to`. Returns True if the card was not known to be there.

    Raises Illegal (S0.1) when the referee can prove the seat does not hold the card.
    """
    source = _source_in_hand(st, seat, card)
    if source is None:
        raise _cannot_hold(st, seat, card)
    if source == "known":
        st.known[seat] = k = st.known[seat][:]
        k.remove(card)
        _set_loc(st, card, seat, to)
        st.size[seat] -= 1
        return False
    if source == "hidden":
        _set_loc(st, card, None, to)
    else:
        _set_loc(st, card, POOL, to)
        st.pool_slots[seat] -= 1
    st.size[seat] -= 1
    return True


def _give(st: SkitState, seat: int, card: str, old: int | None) -> None:
    """A known card enters `seat`'s hand."""
    st.known[seat] = st.known[seat] + [card]
    _set_loc(st, card, old, seat)
    st.size[seat] += 1


def _draw(st: SkitState, seat: int, after_slough: bool, notes: list) -> None:
    """S1.2 / S1.11: the seat draws from the stock (an unseen card) if there is one."""
    if st.stock == 0:
        return
    last_card = st.stock == 1 and not st.variants.no_bottom_card
    if last_card:
        if after_slough and st.variants.no_slough_for_trump:
            return  # S3.1: the last card waits for a play
        st.stock = 0
        st.aside_holder = seat
        notes.append({"kind": "aside", "seat": seat})
        return
    st.stock -= 1
    st.size[seat] += 1
    _entered(st, seat, None)


def _entered(st: SkitState, seat: int, card: str | None) -> None:
    """A card entered `seat`'s hand: it may explain a later card of an obligation's rank.

    An obligation that can no longer be proven (more cards explained than cards of its
    rank that could still leave the hand) is dropped, so hidden games stay fast.
    """
    if not st.obligations:
        return
    kept = []
    for ob in st.obligations:
        if ob.seat == seat and (card is None or RANK[card] == ob.rank):
            ob = Obligation(ob.seat, ob.rank, ob.seq, ob.what, ob.explained + 1, ob.left)
            if ob.explained - ob.left >= _could_leave(st, seat, ob.rank):
                continue
        kept.append(ob)
    st.obligations = tuple(kept)


def _could_leave(st: SkitState, seat: int, rank: int) -> int:
    """How many cards of `rank` could still leave `seat`'s hand (known there, or unplaced)."""
    count = 0
    for suit in SUIT_NAMES:
        card = _RANK_CARD[rank] + suit
        places = st.loc.get(card, ())
        count += st.copies - len(places) + sum(1 for p in places if p == seat or p == POOL)
    return count


_RANK_CARD = {RANK[c]: c[:-1] for c in DECK}


def _left(st: SkitState, seat: int, card: str, seq: int, notes: list) -> None:
    """A card left `seat`'s hand: count it against the seat's open obligations (S1.5 proofs)."""
    if not st.obligations:
        return
    kept = []
    for ob in st.obligations:
        if ob.seat == seat and RANK[card] == ob.rank:
            ob = Obligation(ob.seat, ob.rank, ob.seq, ob.what, ob.explained, ob.left + 1)
            if ob.left > ob.explained:
                notes.append({
                    "kind": "proven_violation", "seat": seat, "rule": "S1.5",
                    "evidence": (f"at event #{ob.seq} {st.name(seat)} {ob.what} instead of matching a "
                                 f"{_rank_text(ob.rank)}; {card} left the hand at event #{seq}, and more "
                                 f"{_rank_text(ob.rank)}s have left the hand since than could have entered it"),
                    "seq": ob.seq,
                })
                continue
        kept.append(ob)
    st.obligations = tuple(kept)


def _revealed(st: SkitState, seat: int, hand: list[str], seq: int, notes: list) -> None:
    """A reveal shows the whole hand: its cards of an obligation's rank count as if they left."""
    kept = []
    for ob in st.obligations:
        if ob.seat == seat:
            shown = [c for c in hand if RANK[c] == ob.rank]
            if shown and ob.left + len(shown) > ob.explained:
                notes.append({
                    "kind": "proven_violation", "seat": seat, "rule": "S1.5",
                    "evidence": (f"at event #{ob.seq} {st.name(seat)} {ob.what} instead of matching a "
                                 f"{_rank_text(ob.rank)}; the hand shown at event #{seq} holds "
                                 f"{' '.join(shown)}, more {_rank_text(ob.rank)}s than could have "
                                 f"entered it since"),
                    "seq": ob.seq,
                })
                continue
        kept.append(ob)
    st.obligations = tuple(kept)


def _rank_text(rank: int) -> str:
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


# -- Part 1 ---------------------------------------------------------------------------

def _p1_rank(st: SkitState, card: str) -> int:
    r = RANK[card]
    return 1 if (r == 14 and st.variants.aces_low_part1) else r


def _real_rank(p1_rank: int) -> int:
    return 14 if p1_rank == 1 else p1_rank


def _round_high(st: SkitState, trick: Trick1) -> int | None:
    """The highest rank read in the current round (an unread play may be higher)."""
    return max((_p1_rank(st, c) for _, c in trick.round_plays if c != FACE_DOWN), default=None)


def _p1_to_act(st: SkitState) -> int | None:
    """Who must play next in Part 1 (None while a decided trick waits to be collected)."""
    trick = st.trick
    if trick is None:
        return st.next_leader
    if trick.winner is not None or trick.open_seats:
        return None
    return trick.order[len(trick.round_plays)]


def _p1_play(st: SkitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    flip = ev.get("source") == "stock"
    cards = parse_cards(ev.get("cards", [ev["card"]] if "card" in ev else None), allow_face_down=True)
    if len(cards) != 1:
        raise Illegal("S1.4", f"in Part 1 a play is exactly one card; {st.name(seat)} put down {len(cards)}")
    card = cards[0]
    unread = card == FACE_DOWN
    st.trick = trick = _sit_out(st, st.trick, seat, notes)
    if trick is not None and trick.winner is not None:
        raise Illegal("S1.6", f"the trick is decided: {st.name(trick.winner)} collects it before the next lead")
    if trick is not None and trick.open_seats:
        if seat not in trick.open_seats:
            raise Illegal("S1.7", f"an unread card left the trick open: only {_names(st, trick.open_seats)} "
                                  f"may play on (a war) or collect it, not {st.name(seat)}")
        # a round left open by an unread play goes on: its high cards tied (S1.7), the
        # unread ones perhaps not
        st.trick = trick = replace(trick, order=trick.open_seats, round_plays=(), open_seats=(),
                                   wars=trick.wars + 1)
        notes.append({"kind": "war", "seats": list(trick.order)})
        st.trick = trick = _sit_out(st, trick, seat, notes)
    to_act = _p1_to_act(st)
    if seat != to_act:
        rule = "S1.3" if trick is None else ("S1.7" if trick.wars else "S1.4")
        raise Illegal(rule, f"it is {st.name(to_act)}'s turn to {'lead' if trick is None else 'play'}, "
                            f"not {st.name(seat)}'s")
    if trick is None:
        trick = Trick1(seat, tuple((seat + i) % st.n for i in range(st.n)))
    high = _round_high(st, trick)
    # (after an unread play in this round the rank to match is unknown)
    must = None if any(c == FACE_DOWN for _, c in trick.round_plays) else high
    k = st.known[seat]
    if unread and not flip:
        if st.hidden_slots(seat) - st.pool_slots[seat] <= 0:
            raise BadEvent(f"every card in {st.name(seat)}'s hand is known: name the card played")
        st.size[seat] -= 1
        _draw(st, seat, False, notes)
        what = f"{st.name(seat)} plays an unread card"
    elif flip:
        if st.stock == 0:
            raise Illegal("S1.4", f"the stock is empty: {st.name(seat)} must play from hand")
        if st.stock == 1 and not st.variants.no_bottom_card:
            raise Illegal("S1.11", f"the last stock card may not be flipped: {st.name(seat)} must play from hand")
        if not unread and st.unseen_copies(card) == 0:
            raise Illegal("S0.1", f"{card} cannot come from the stock: it is {_where(st, card)}")
        if must is not None:
            holding = [c for c in k if _p1_rank(st, c) == must]
            if holding:
                raise Illegal("S1.5", f"{st.name(seat)} holds {holding[0]} and must match the "
                                      f"{_rank_text(_real_rank(must))}; flipping is not allowed then")
            if st.hidden_slots(seat):
                st.obligations = st.obligations + (Obligation(seat, _real_rank(must), seq, "flipped from the stock"),)
        st.stock -= 1
        if unread:  # (a stock card nobody could name: like an unread play, it leaves the round open)
            what = f"{st.name(seat)} flips an unread card"
        else:
            _set_loc(st, card, None, ON_TABLE)
            what = f"{st.name(seat)} flips {card}"
    else:
        if must is not None and _p1_rank(st, card) != must:
            holding = [c for c in k if _p1_rank(st, c) == must]
            if holding:
                raise Illegal("S1.5", f"{st.name(seat)}'s {card} does not match the {_rank_text(_real_rank(must))}: "
                                      f"{st.name(seat)} holds {holding[0]} and must play it")
            if st.hidden_slots(seat) > (0 if card in k else 1):
                st.obligations = st.obligations + (Obligation(seat, _real_rank(must), seq, f"played {card}"),)
        _take_from_hand(st, seat, card, ON_TABLE)
        _left(st, seat, card, seq, notes)
        _draw(st, seat, False, notes)
        what = f"{st.name(seat)} plays {card}"
    trick = replace(trick, round_plays=trick.round_plays + ((seat, card),), cards=trick.cards + ((seat, card),),
                    played_ranks=trick.played_ranks | (set() if unread else {_p1_rank(st, card)}))
    rule = "S1.4"
    if len(trick.round_plays) == len(trick.order):
        trick, rule, outcome = _end_round(st, trick, notes)
        what += outcome
    st.trick = trick
    return rule, what


def _end_round(st: SkitState, trick: Trick1, notes: list) -> tuple[Trick1, str, str]:
    """Decide a round everyone in it has played: (the trick, the rule, the outcome in words)."""
    high = _round_high(st, trick)
    tied = [s for s, c in trick.round_plays if c != FACE_DOWN and _p1_rank(st, c) == high]
    unread = [s for s, c in trick.round_plays if c == FACE_DOWN]
    if unread:
        may_win = tuple(s for s, _ in trick.round_plays if s in tied or s in unread)
        notes.append({"kind": "trick_open", "seats": list(may_win)})
        return (replace(trick, open_seats=may_win, optional=frozenset(unread)), "S1.4",
                f"; an unread card leaves the trick open: {_names(st, may_win)} won it")
    if len(tied) == 1:
        notes.append({"kind": "trick_won", "seat": tied[0]})
        return replace(trick, winner=tied[0], optional=frozenset()), "S1.6", f"; {st.name(tied[0])} wins the trick"
    notes.append({"kind": "war", "seats": tied})
    return (replace(trick, order=tuple(tied), round_plays=(), wars=trick.wars + 1, optional=frozenset()),
            "S1.7", f"; war between {', '.join(st.name(s) for s in tied)}")


def _sit_out(st: SkitState, trick: Trick1 | None, seat: int | None, notes: list) -> Trick1 | None:
    """The optional seats still to play before `seat` (all of them, for a collect: None)
    sat the round out; a round that ends so is decided."""
    if trick is None or not trick.optional or trick.winner is not None or trick.open_seats:
        return trick
    remaining = trick.order[len(trick.round_plays):]
    skipped = remaining[:remaining.index(seat)] if seat in remaining else remaining
    if not skipped or not all(s in trick.optional for s in skipped):
        return trick
    trick = replace(trick, order=tuple(s for s in trick.order if s not in skipped))
    if trick.round_plays and len(trick.round_plays) == len(trick.order):
        trick, _, _ = _end_round(st, trick, notes)
    return trick


def _names(st: SkitState, seats) -> str:
    return " or ".join(st.name(s) for s in seats)


def _p1_slough(st: SkitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    card = parse_card(ev.get("card", (ev.get("cards") or [None])[0]), allow_face_down=True)
    trick = st.trick
    if trick is None or not trick.cards:
        raise Illegal("S1.8", f"there is no trick on the table to slough {card} onto")
    # (an unread card leaves a hidden slot of the hand; what depends on its rank is not judged)
    unread = card == FACE_DOWN
    what = "an unread card" if unread else card
    if unread and st.size[seat] > 0 and st.hidden_slots(seat) - st.pool_slots[seat] <= 0:
        raise BadEvent(f"every card in {st.name(seat)}'s hand is known: name the card sloughed")
    if not unread and st.size[seat] > 0 and _source_in_hand(st, seat, card) is None:
        # a card known to be elsewhere cannot be sloughed at all: that, not its rank, is the
        # objection (at a table with one deck it is a misread or a second deck)
        raise _cannot_hold(st, seat, card)
    if not unread and _p1_rank(st, card) not in trick.played_ranks and not trick.unread:
        ranks = ", ".join(sorted({_rank_text(r if r != 1 else 14) for r in trick.played_ranks}))
        raise Illegal("S1.8", f"{card} matches no card played in this trick: only {ranks} may be sloughed")
    if st.size[seat] == 0:
        raise Illegal("S1.8", f"{st.name(seat)} has no card to slough")
    ban = _slough_ban(st, seat, card)
    if ban == "S1.9":
        raise Illegal("S1.9", f"{st.name(seat)} has still to play and may not slough {card}, the rank "
                              f"of the highest card: it may be a required play")
    if ban == "S1.10":
        raise Illegal("S1.10", f"the stock is gone and {st.name(seat)} may still have to play: "
                               f"sloughing {what} would empty the hand")
    if unread:
        st.size[seat] -= 1
    else:
        _take_from_hand(st, seat, card, ON_TABLE)
        _left(st, seat, card, seq, notes)
    _draw(st, seat, True, notes)
    st.trick = replace(trick, cards=trick.cards + ((seat, card),), unread_sloughs=trick.unread_sloughs + unread)
    return "S1.8", f"{st.name(seat)} sloughs {what}"


def _p1_collect(st: SkitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    st.trick = trick = _sit_out(st, st.trick, None, notes)
    if trick is not None and trick.open_seats:
        if seat not in trick.open_seats:
            raise Illegal("S1.6", f"{_names(st, trick.open_seats)} won the trick "
                                  f"(an unread card decided it), not {st.name(seat)}")
    elif trick is None or trick.winner is None:
        who = _p1_to_act(st)
        raise Illegal("S1.6", f"no trick is decided yet: {st.name(who)} is to play")
    elif seat != trick.winner:
        raise Illegal("S1.6", f"{st.name(trick.winner)} won the trick and collects it, not {st.name(seat)}")
    cards = [c for _, c in trick.cards if c != FACE_DOWN]
    st.won[seat] = st.won[seat] + cards
    st.won_hidden[seat] += len(trick.cards) - len(cards)
    for c in cards:
        _set_loc(st, c, ON_TABLE, WON + seat)
    st.tricks_won[seat] += 1
    st.last_winner = seat
    st.trick = None
    st.next_leader = seat
    notes.append({"kind": "collect", "seat": seat, "cards": cards})
    return "S1.6", f"{st.name(seat)} collects {len(cards)} cards and leads next"


def _p1_may_have_ended(st: SkitState, notes: list) -> None:
    """The trump is turned up while an unread card leaves it unknown who had to play next
    (S1.12 needs that seat to have no card): Part 1 ended if some reading of the unread card
    has it end. Unread players still to play in a war may have been due, or may have sat it
    out; after an open round, a war may have begun with any seat that may have won it."""
    trick = st.trick
    due = _p1_to_act(st)
    if due in trick.optional:
        _p1_maybe_end(st, notes, next((s for s in trick.order[len(trick.round_plays):] if st.size[s] == 0), due))
        if st.phase != PART1:
            return
        st.trick = trick = _sit_out(st, trick, None, notes)  # they sat it out
        _p1_maybe_end(st, notes)
    if st.phase == PART1 and st.trick is not None and st.trick.open_seats:
        _p1_maybe_end(st, notes, next((s for s in st.trick.open_seats if st.size[s] == 0), None))


def _p1_maybe_end(st: SkitState, notes: list, who: int | None = None) -> None:
    """S1.12: Part 1 ends when whoever must play (`who`, if known otherwise) has no card and
    cannot flip."""
    if who is None:
        who = _p1_to_act(st)
        if st.trick is not None and who in st.trick.optional:
            return  # it may sit the round out (an unread card): Part 1 ends at a trump, if so
    if who is None or st.size[who] > 0:
        return
    if st.stock > 1 or (st.stock == 1 and st.variants.no_bottom_card):
        return  # they can flip
    if st.stock == 1:  # only reachable with S3.1: nobody drew the last card
        st.stock = 0
        st.aside_holder = who
        notes.append({"kind": "aside", "seat": who})
    abandoned = []
    if st.trick is not None:
        for s, c in st.trick.cards:
            if c == FACE_DOWN:  # an unread play: its player keeps a card nobody can name
                st.won_hidden[s] += 1
                abandoned.append(c)
                continue
            st.won[s] = st.won[s] + [c]
            _set_loc(st, c, ON_TABLE, WON + s)
            _entered(st, s, c)
            abandoned.append(c)
        st.trick = None
    for s in range(st.n):
        for c in st.known[s]:
            _set_loc(st, c, s, WON + s)
        st.won[s] = st.won[s] + st.known[s]
        st.won_hidden[s] += st.hidden_slots(s)
        st.known[s] = []
        st.size[s] = 0
    st.phase = INTERMISSION
    notes.append({"kind": "part_end", "part": 1, "seat": who, "abandoned": abandoned})


# -- intermission ---------------------------------------------------------------------

def _trump(st: SkitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    card = parse_card(ev.get("card"))
    rule = "S3.2" if st.variants.no_bottom_card else "S1.14"
    if st.unseen_copies(card) == 0:  # a card known to be elsewhere: card accounting, as for any play
        raise Illegal("S3.2" if st.variants.no_bottom_card else "S0.1",
                      f"{card} cannot be the set-aside card: it is {_where(st, card)}")
    holder = None if st.variants.no_bottom_card else st.aside_holder
    if "seat" in ev and holder is not None and _seat(st, ev) != holder:
        raise Illegal("S1.14", f"{st.name(holder)} laid the last stock card aside and turns it up")
    st.trump = SUIT[card]
    st.trump_holder = holder
    # S1.15: winnings become hands.
    for s in range(st.n):
        for c in st.won[s]:
            _set_loc(st, c, WON + s, s)
            _entered(st, s, c)
        st.known[s] = st.won[s]
        st.size[s] = len(st.won[s]) + st.won_hidden[s]
        st.won[s] = []
        st.won_hidden[s] = 0
    if holder is None:
        _set_loc(st, card, None, OUT_OF_GAME)
    else:
        _give(st, holder, card, None)
        _entered(st, holder, card)
    notes.append({"kind": "trump", "suit": st.trump, "card": card})
    what = f"trump is {SUIT_NAMES[st.trump]} ({card})"
    threshold = 12 if st.variants.double_deck else 6
    short = tuple(s for s in range(st.n) if st.size[s] < threshold)
    if short:
        pending = [c for c in dreck_cards(st.trump) for _ in range(st.copies)]
        for c in st.loc:
            for place in st.loc[c]:
                if place == OUT_OF_GAME and c in pending:
                    pending.remove(c)
        st.dreck_pending = tuple(pending)
        st.dreck_short = short
        st.phase = DRECK
        what += f"; dreck for {', '.join(st.name(s) for s in short)}: lay out the 2s-5s and the 6 of trumps"
    else:
        _start_part2(st, notes)
    return rule, what


def dreck_cards(trump: str) -> list[str]:
    """The cards laid out as dreck (S1.16): the 2s-5s and the 6 of trumps."""
    return [c for c in DECK if RANK[c] in DRECK_RANKS] + ["6" + trump]


def _dreck(st: SkitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    cards = parse_cards(ev.get("cards"))
    pending = list(st.dreck_pending)
    for c in cards:
        if c not in pending:
            why = "not a dreck card (2s-5s and the 6 of trumps)" if c not in dreck_cards(st.trump) \
                else "already laid out"
            raise Illegal("S1.16", f"{c} is {why}")
        pending.remove(c)
    for c in cards:
        _take_from_hand(st, seat, c, DRECK_PILE)
        _left(st, seat, c, seq, notes)
    st.dreck_pending = tuple(pending)
    what = f"{st.name(seat)} lays out {len(cards)} dreck card(s)"
    if pending:
        return "S1.16", what + f"; {len(pending)} still to come"
    pile = [c for c in st.loc for place in st.loc[c] if place == DRECK_PILE]
    pile.sort(key=DECK.index)
    short = st.dreck_short
    if len(short) == 1:
        for c in pile:
            _give(st, short[0], c, DRECK_PILE)
            _entered(st, short[0], c)
        notes.append({"kind": "dreck", "seats": list(short), "counts": [len(pile)], "cards": pile})
        what += f"; {st.name(short[0])} gets the Bozo hand ({len(pile)} cards)"
    else:
        # Default (S1.16): dealt one at a time clockwise from the short player nearest the
        # trump holder's left.
        start = st.trump_holder if st.trump_holder is not None else (st.last_winner or 0)
        order = [s for s in ((start + i) % st.n for i in range(1, st.n + 1)) if s in short]
        counts = {s: 0 for s in order}
        for i in range(len(pile)):
            counts[order[i % len(order)]] += 1
        for c in pile:
            _set_loc(st, c, DRECK_PILE, POOL)
        for s in order:
            st.size[s] += counts[s]
            st.pool_slots[s] += counts[s]
            for _ in range(counts[s]):
                _entered(st, s, None)
        st.pool_seats = tuple(order)
        notes.append({"kind": "dreck", "seats": order, "counts": [counts[s] for s in order]})
        what += "; the dreck is dealt to " + ", ".join(f"{st.name(s)} ({counts[s]})" for s in order)
    _start_part2(st, notes)
    return "S1.16", what


def _start_part2(st: SkitState, notes: list) -> None:
    st.phase = PART2
    for s in range(st.n):
        if st.size[s] == 0 and s not in st.out:
            st.out = st.out + [s]
            notes.append({"kind": "out", "seat": s})
    leader = st.last_winner if st.last_winner is not None else st.first_leader
    if not st.in_game(leader):
        leader = st.next_seat(leader)
    st.turn = leader
    st.lead_rule = "S2.3"
    st.table = []
    notes.append({"kind": "lead", "seat": leader})
    _check_goat(st, notes)


# -- Part 2 ---------------------------------------------------------------------------

def _beats(st: SkitState, card: str, top: str) -> bool:
    """S2.4 (S3.9): does `card` beat `top`? Not judged (True) when either is unread."""
    if FACE_DOWN in (card, top):
        return True
    trump = st.trump
    if SUIT[top] == trump:
        return SUIT[card] == trump and RANK[card] > RANK[top]
    if SUIT[card] == trump:
        return True
    if st.variants.beat_any_suit:
        return RANK[card] > RANK[top]
    return SUIT[card] == SUIT[top] and RANK[card] > RANK[top]


def _touch(a: str, b: str) -> bool:
    """S2.2: same suit, adjacent ranks (A and 2 do not touch; identical cards never do). An
    unread card is taken to touch nothing (an eat stops at it)."""
    if FACE_DOWN in (a, b):
        return False
    return SUIT[a] == SUIT[b] and abs(RANK[a] - RANK[b]) == 1


def _top(play: tuple) -> str:
    """The card of a play that the next one must beat: its highest (FACE_DOWN when unread)."""
    return FACE_DOWN if FACE_DOWN in play else max(play, key=RANK.__getitem__)


def _as_run(cards: list[str]) -> list[str] | None:
    """The cards as a run of touching cards, lowest first; unread cards first (they may lie
    anywhere in it): the named cards must then fit in a run that long, in one suit."""
    named = sorted((c for c in cards if c != FACE_DOWN), key=RANK.__getitem__)
    unread = len(cards) - len(named)
    if unread:
        ranks = [RANK[c] for c in named]
        if len(set(named)) < len(named) or len({SUIT[c] for c in named}) > 1 or \
                (named and ranks[-1] - ranks[0] + 1 > len(cards)):
            return None
        return [FACE_DOWN] * unread + named
    for a, b in zip(named, named[1:]):
        if not _touch(a, b) or RANK[b] != RANK[a] + 1:
            return None
    return named


def _high_trump(st: SkitState) -> str | None:
    """S3.3: the highest trump still in the game."""
    for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"):
        card = r + st.trump
        gone = sum(1 for p in st.loc.get(card, ()) if p in (KILLED, OUT_OF_GAME))
        if gone < st.copies:
            return card
    return None


def _p2_play(st: SkitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    cards = parse_cards(ev.get("cards", [ev["card"]] if "card" in ev else None), allow_face_down=True)
    if not cards:
        raise BadEvent("a play needs at least one card")
    unread = cards.count(FACE_DOWN)
    if seat in st.out:
        raise Illegal("S2.9", f"{st.name(seat)} is out and stays out")
    if seat != st.turn:
        raise Illegal("S2.4" if st.table else st.lead_rule,
                      f"it is {st.name(st.turn)}'s turn to {'beat or eat' if st.table else 'lead'}, "
                      f"not {st.name(seat)}'s")
    hidden = st.hidden_slots(seat) - st.pool_slots[seat]
    if unread > hidden:
        raise BadEvent(f"every card in {st.name(seat)}'s hand is known: name the card played" if hidden <= 0 else
                       f"{st.name(seat)}'s hand holds only {hidden} card(s) the referee cannot name, "
                       f"not {unread}: name the cards played")
    run = _as_run(cards)
    if run is None:
        raise Illegal("S2.2", f"{' '.join(cards)} is not a run of touching cards (same suit, "
                              f"consecutive ranks): play one card or a run")
    killing = False
    if st.table:
        top = _top(st.table[-1])
        if not _beats(st, run[0], top):
            if SUIT[top] == st.trump:
                how = "a higher trump"
            elif st.variants.beat_any_suit:
                how = "any higher card or a trump"
            else:
                how = f"a higher {SUIT_NAMES[SUIT[top]][:-1]} or a trump"
            raise Illegal("S3.9" if st.variants.beat_any_suit else "S2.4",
                          f"{st.name(seat)}'s {run[0]} does not beat {top}: beat with {how}, or eat")
        killing = len(st.table) + 1 == st.kill_threshold
    if st.variants.high_trump:
        high = _high_trump(st)
        if high in run and not killing:
            raise Illegal("S3.3", f"{high} is the highest trump in play and may only kill a trick")
    st.size[seat] -= unread  # hidden cards of the hand
    for c in run[unread:]:
        _take_from_hand(st, seat, c, ON_TABLE)
        _left(st, seat, c, seq, notes)
    _due_after_drop(st, seat, notes)
    leading = not st.table
    if leading:
        st.kill_threshold = sum(1 for s in range(st.n) if st.in_game(s) or s == seat)
    st.table = st.table + [tuple(run)]
    rule = "S2.3" if leading else "S2.4"
    unseen = "" if not unread else "an unread card" if unread == 1 else f"{unread} unread cards"
    shown = " and ".join(x for x in (" ".join(run[unread:]), unseen) if x)
    what = f"{st.name(seat)} {'leads' if leading else 'beats with'} {shown}"
    if st.size[seat] == 0:
        st.out = st.out + [seat]
        notes.append({"kind": "out", "seat": seat})
        what += f"; {st.name(seat)} is out"
    if len(st.table) >= st.kill_threshold:
        for play in st.table:
            for c in play:
                if c != FACE_DOWN:
                    _set_loc(st, c, ON_TABLE, KILLED)
        st.table = []
        st.kills += 1
        notes.append({"kind": "kill", "seat": seat})
        rule = "S2.7"
        st.turn = seat if st.in_game(seat) else st.next_seat(seat)
        st.lead_rule = "S2.7"
        what += "; the trick is killed"
        _check_goat(st, notes)
        if st.phase != OVER:
            what += f", {st.name(st.turn)} leads"
    else:
        st.turn = st.next_seat(seat)
        _check_goat(st, notes)
    if st.phase == OVER and st.goat is not None:
        what += f"; {st.name(st.goat)} is the goat. Baah!"
    return rule, what


def _eaten(st: SkitState) -> int:
    """S2.4: how many plays, from the earliest, form the lowest run of touching cards. A play
    with an unread card touches nothing (where its cards lie in the run is unknown)."""
    count = 1
    for prev, play in zip(st.table, st.table[1:]):
        if FACE_DOWN in prev or FACE_DOWN in play or not _touch(prev[-1], play[0]):
            break
        count += 1
    return count


def _p2_eat(st: SkitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    if seat in st.out:
        raise Illegal("S2.9", f"{st.name(seat)} is out and stays out")
    if seat != st.turn:
        raise Illegal("S2.4", f"it is {st.name(st.turn)}'s turn, not {st.name(seat)}'s")
    if not st.table:
        raise Illegal("S2.6", f"the table is empty: {st.name(seat)} leads, there is nothing to eat")
    n_plays = _eaten(st)
    eaten = [c for play in st.table[:n_plays] for c in play]
    if ev.get("cards") is not None:
        claimed = parse_cards(ev["cards"], allow_face_down=True)
        if sorted(claimed) != sorted(eaten):
            raise Illegal("S2.4", f"{st.name(seat)} must eat the lowest run on the table, "
                                  f"{' '.join(eaten)}, not {' '.join(claimed)}")
    for c in eaten:
        if c == FACE_DOWN:  # the unread card: a hidden card of the eater's hand
            st.size[seat] += 1
            _entered(st, seat, None)
            continue
        _give(st, seat, c, ON_TABLE)
        _entered(st, seat, c)
    st.table = st.table[n_plays:]
    what = f"{st.name(seat)} eats {' '.join(eaten)}"
    if st.table:
        st.turn = st.next_seat(seat)
        rule = "S2.6"
        top = _top(st.table[-1])
        what += f"; {st.name(st.turn)} must beat or eat {'an unread card' if top == FACE_DOWN else top}"
    else:
        st.turn = st.next_seat(seat)
        st.lead_rule = rule = "S2.6"
        what += f"; the table is clear, {st.name(st.turn)} leads"
    return rule, what


def _pass(st: SkitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    if not st.variants.high_trump:
        raise Illegal("S2.3", "passing the lead is only allowed with the high_trump variant (S3.3)")
    if st.phase != PART2 or st.table or seat != st.turn:
        raise Illegal("S3.3", f"{st.name(seat)} may pass only when leading")
    high = _high_trump(st)
    possible = st.size[seat] == 1 and (
        st.known[seat] == [high] or (not st.known[seat] and (st.unseen_copies(high) > 0 or POOL in st.loc.get(high, ())))
    )
    if not possible:
        raise Illegal("S3.3", f"{st.name(seat)} may pass the lead only when the only card left is {high}")
    st.turn = st.next_seat(seat, -1)
    st.lead_rule = "S3.3"
    notes.append({"kind": "pass", "seat": seat, "to": st.turn})
    return "S3.3", f"{st.name(seat)} holds only {high} and passes the lead to {st.name(st.turn)}"


def _due_after_drop(st: SkitState, seat: int, notes: list) -> None:
    if st.size[seat] in (1, 3):
        call = "one card" if st.size[seat] == 1 else "three cards"
        st.announce_due = (seat, call)
        notes.append({"kind": "announce_due", "seat": seat, "call": call})


def _announce(st: SkitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    call = ev.get("call")
    if not isinstance(call, str) or call.strip().lower() not in CALLS:
        raise BadEvent(f"unknown call {call!r}: calls are {list(CALLS)}")
    call = call.strip().lower()
    if call == "baah":  # S2.11: the goat bleats once the game is over
        if st.phase != OVER or st.goat is None or st.owner[seat] != st.owner[st.goat]:
            who = st.name(st.goat) if st.goat is not None else "the goat"
            raise Illegal("S2.11", f"only the goat bleats, once the game is over (that will be {who})"
                          if st.phase != OVER else f"only the goat bleats: {who}")
        return "S2.11", f"{st.name(seat)} bleats: Baah!"
    size = st.size[seat]
    truth = {"one card": size == 1, "three cards": size == 3,
             "not one card": size != 1, "not three cards": size != 3}[call]
    if st.phase != PART2:
        raise Illegal("S2.10", "announcements belong to Part 2")
    if not truth:
        raise Illegal("S2.10", f"{st.name(seat)} says '{call}' but holds {size} card(s)")
    if st.announce_due and st.announce_due[0] == seat and st.announce_due[1] == call:
        st.announce_due = None
    return "S2.10", f"{st.name(seat)}: '{call}'"


def _check_goat(st: SkitState, notes: list) -> None:
    people = {st.owner[s] for s in range(st.n) if st.in_game(s)}
    if len(people) > 1 or st.phase == OVER:
        return
    st.phase = OVER
    st.turn = None
    if people:
        (person,) = people
        # The goat's seat: with three_player_muddle, the goat's hand that still has cards.
        st.goat = next(s for s in range(st.n) if st.owner[s] == person and st.in_game(s))
        notes.append({"kind": "goat", "seat": st.goat, "player": st.players[person]})


# -- the game object ------------------------------------------------------------------

def _seat(st: SkitState, ev: dict) -> int:
    seat = ev.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.n:
        raise BadEvent(f"'seat' must be a seat number from 0 to {st.n - 1}, not {seat!r}")
    return seat


def _check_fields(st: SkitState, ev: dict) -> None:
    """Malformed fields are errors whatever the phase: check them before any rule."""
    if "seat" in ev:
        _seat(st, ev)
    if "cards" in ev:  # (where an unread "??" may stand is each event's own question)
        parse_cards(ev["cards"], allow_face_down=True)
    if "card" in ev:
        parse_card(ev["card"], allow_face_down=True)
    if ev.get("source", "hand") not in ("hand", "stock"):
        raise BadEvent(f"'source' is 'hand' (default) or 'stock' (a flip), not {ev['source']!r}")


HANDLERS = {
    PART1: {"play": _p1_play, "slough": _p1_slough, "collect": _p1_collect},
    INTERMISSION: {"trump": _trump},
    DRECK: {"dreck": _dreck},
    PART2: {"play": _p2_play, "eat": _p2_eat, "pass": _pass},
    OVER: {},
}
# The rule an event type belongs to, cited when it comes at the wrong time.
EVENT_RULES = {"slough": "S1.8", "collect": "S1.6", "trump": "S1.14", "dreck": "S1.16", "eat": "S2.4",
               "pass": "S3.3"}
ALL_TYPES = {"start", "hand", "play", "slough", "collect", "trump", "dreck", "eat", "announce", "pass", "undo"}
PHASE_WORDS = {PART1: "Part 1", INTERMISSION: "the intermission (turn up the trump)",
               DRECK: "the dreck (lay out the dreck cards)", PART2: "Part 2", OVER: "the end of the game"}


class Skitgubbe:
    name = NAME
    rules = RULES
    variant_rules = VARIANT_RULES  # variant flag -> the rule id it switches on
    loser_title = "goat"
    #: Buttons of the table page's manual entry (see api/static/app.js `buildEvent`).
    entry_actions = (
        {"label": "Play", "event": {"type": "play"}, "fields": {"seat": "seat", "cards": "picked"}, "cards": [1, 13],
         "primary": True},
        {"label": "Eat", "event": {"type": "eat"}, "fields": {"seat": "seat", "cards": "picked?"}},
        {"label": "Slough", "event": {"type": "slough"}, "fields": {"seat": "seat", "card": "picked0"}, "cards": [1, 1]},
        {"id": "flip", "label": "Flip (stock)", "event": {"type": "play", "source": "stock"},
         "fields": {"seat": "seat", "cards": "picked"}, "cards": [1, 1]},
        {"label": "Collect", "event": {"type": "collect"}, "fields": {"seat": "seat"}},
        {"label": "Turn trump", "event": {"type": "trump"}, "fields": {"seat": "seat", "card": "picked0"}, "cards": [1, 1]},
        {"label": "Dreck", "event": {"type": "dreck"}, "fields": {"seat": "seat", "cards": "picked"}},
        {"label": "Show hand", "event": {"type": "hand"}, "fields": {"seat": "seat", "cards": "picked"}},
        {"label": "Pass", "event": {"type": "pass"}, "fields": {"seat": "seat"}},
        {"label": "“Three cards”", "event": {"type": "announce", "call": "three cards"}, "fields": {"seat": "seat"}},
        {"label": "“One card”", "event": {"type": "announce", "call": "one card"}, "fields": {"seat": "seat"}},
        {"label": "“Baah”", "event": {"type": "announce", "call": "baah"}, "fields": {"seat": "seat"}},
    )

    # -- start ---------------------------------------------------------------------
    def start(self, ev: dict, session: Session, seq: int) -> tuple[SkitState, Ruling]:
        variants = Variants.parse(ev.get("variants"))
        players = ev.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
            raise BadEvent("'players' must be a list of names, clockwise, e.g. [\"Ann\", \"Bob\", \"Cid\"]")
        if len(set(players)) != len(players):
            raise BadEvent("player names must be different")
        if len(players) < 3:
            raise Illegal("S0.2", f"Skitgubbe needs at least 3 players, not {len(players)}")
        if variants.three_player_muddle and len(players) != 3:
            raise Illegal("S3.8", "three_player_muddle is for exactly 3 players")
        mode = ev.get("mode", "hidden")
        if mode not in ("hidden", "open"):
            raise BadEvent("'mode' is 'hidden' (default) or 'open'")
        st = SkitState()
        st.players = tuple(players)
        st.variants = variants
        st.n = 6 if variants.three_player_muddle else len(players)
        st.owner = tuple(s % len(players) for s in range(st.n))
        st.mode = mode
        st.copies = 2 if variants.double_deck else 1
        st.table_name = ev.get("table") if variants.two_tables else None
        if variants.two_tables and st.table_name not in ("winners", "losers"):
            raise BadEvent("with two_tables, 'table' must be 'winners' or 'losers'")
        n = st.n
        st.size = [0] * n
        st.known = [[] for _ in range(n)]
        st.pool_slots = [0] * n
        st.loc = {}
        st.won = [[] for _ in range(n)]
        st.won_hidden = [0] * n
        st.tricks_won = [0] * n
        st.last_winner = None
        st.trick = None
        st.obligations = ()
        st.trump = None
        st.trump_holder = None
        st.aside_holder = None
        st.dreck_pending = ()
        st.dreck_short = ()
        st.pool_seats = ()
        st.table = []
        st.kill_threshold = 0
        st.turn = None
        st.lead_rule = "S2.3"
        st.kills = 0
        st.out = []
        st.announce_due = None
        st.goat = None
        notes: list = []
        rule, leader = self._leader(st, ev, session)
        st.first_leader = leader
        st.next_leader = leader
        part = ev.get("part", 1)
        if part == 2:
            self._start_part2(st, ev, notes)
            what = f"Skitgubbe Part 2 (teaching): trump {SUIT_NAMES[st.trump]}, {st.name(st.turn)} leads"
            return st, Ruling(True, OK, "S2.3", what, tuple(notes))
        if part != 1:
            raise BadEvent("'part' is 1 (default) or 2")
        st.phase = PART1
        total = 52 * st.copies
        st.stock = total - 3 * n - (1 if variants.no_bottom_card else 0)
        if st.stock < 2:  # the stock must hold a card to play and the trump card
            raise Illegal("S0.2", f"{len(players)} players are too many for one deck: 3 cards each "
                                  f"would leave {max(st.stock, 0)} in the stock")
        st.size = [3] * n
        what = (f"Skitgubbe for {', '.join(players)}: 3 cards each, {st.stock} in the stock; "
                f"{st.name(leader)} leads")
        if variants.on():
            what += f" (variants: {', '.join(variants.on())})"
        return st, Ruling(True, OK, rule, what, tuple(notes))

    def _leader(self, st: SkitState, ev: dict, session: Session) -> tuple[str, int]:
        last = session.last(st.table_name) if session.records else None
        goat = last.loser if last is not None and last.game == NAME else None
        if st.variants.roving_goat and goat is not None and goat in st.players and last.loser_seat is not None:
            if st.players.index(goat) == last.loser_seat:
                raise Illegal("S3.5", f"{goat} was the goat and must move to another seat")
        if st.variants.two_tables:
            self._check_two_tables(st, session)
        goat_seat = st.players.index(goat) if goat in st.players else None
        if "leader" in ev:
            leader = ev["leader"]
            if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < st.n:
                raise BadEvent(f"'leader' must be a seat from 0 to {st.n - 1}")
            if goat_seat is not None and leader != goat_seat and ev.get("part", 1) == 1:
                raise Illegal("S1.3", f"{goat} was the goat of the last game and leads the first trick")
            return "S1.3", leader
        return "S1.3", goat_seat if goat_seat is not None else 0

    def _check_two_tables(self, st: SkitState, session: Session) -> None:
        # Round r at a table follows round r-1 at both tables; pair the records by round.
        done = {name: [r for r in session.records if r.table == name and not r.abandoned and r.game == NAME]
                for name in ("winners", "losers")}
        rounds = len(done[st.table_name])
        if rounds == 0 or min(len(done["winners"]), len(done["losers"])) < rounds:
            return
        winners, losers = done["winners"][rounds - 1], done["losers"][rounds - 1]
        mine = winners if st.table_name == "winners" else losers
        first_out = losers.out[0] if losers.out else None
        expected = set(mine.players)
        if st.table_name == "winners":
            expected = (expected - {winners.loser}) | ({first_out} if first_out else set())
        else:
            expected = (expected - {first_out}) | ({winners.loser} if winners.loser else set())
        if set(st.players) != expected:
            raise Illegal("S3.7", f"after the last round the {st.table_name}' table seats "
                                  f"{', '.join(sorted(expected))}: the winners' goat and the losers' "
                                  f"first out swap tables")

    def _start_part2(self, st: SkitState, ev: dict, notes: list) -> None:
        trump = ev.get("trump")
        if not isinstance(trump, str) or trump.strip().upper() not in SUIT_NAMES:
            raise BadEvent("a Part 2 start needs 'trump', a suit letter S, H, D or C")
        st.trump = trump.strip().upper()
        st.stock = 0
        if "hands" in ev:
            hands = ev["hands"]
            if not isinstance(hands, list) or len(hands) != st.n:
                raise BadEvent(f"'hands' must be {st.n} lists of cards, one per seat")
            sizes = ev.get("hand_sizes")
            if sizes is not None and sizes != [len(h) if isinstance(h, list) else None for h in hands]:
                raise BadEvent("'hand_sizes' contradicts 'hands': give one or the other")
            for s, raw in enumerate(hands):
                for c in parse_cards(raw):
                    if st.unseen_copies(c) == 0:
                        raise Illegal("S0.1", f"{c} is dealt twice")
                    _give(st, s, c, None)
            for c in DECK:  # cards nobody was dealt are not in this game
                for _ in range(st.unseen_copies(c)):
                    _set_loc(st, c, None, OUT_OF_GAME)
        elif "hand_sizes" in ev:
            sizes = ev["hand_sizes"]
            if (not isinstance(sizes, list) or len(sizes) != st.n
                    or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in sizes)
                    or sum(sizes) > 52 * st.copies):
                raise BadEvent(f"'hand_sizes' must be {st.n} card counts (52 cards in all at most)")
            st.size = list(sizes)
        else:
            raise BadEvent("a Part 2 start needs 'hands' (open) or 'hand_sizes' (hidden)")
        st.last_winner = st.first_leader  # S2.3 with no Part 1: the start names the leader
        _start_part2(st, notes)

    # -- events --------------------------------------------------------------------
    def apply(self, state: SkitState, ev: dict, seq: int) -> tuple[SkitState, Ruling]:
        etype = ev["type"]
        st = state.clone()
        notes: list = []
        if etype == "hand":
            rule, what = self._hand(st, ev, seq, notes)
        elif etype == "announce":
            rule, what = _announce(st, ev, seq, notes)
        else:
            _check_fields(st, ev)
            if etype == "trump" and st.phase == PART1 and st.trick is not None:
                _p1_may_have_ended(st, notes)
            handler = HANDLERS[st.phase].get(etype)
            if handler is None:
                if etype not in ALL_TYPES:
                    raise BadEvent(f"unknown event type {etype!r} for Skitgubbe")
                raise Illegal(EVENT_RULES.get(etype) or self._phase_rule(st),
                              f"'{etype}' does not belong in {PHASE_WORDS[st.phase]}"
                                                    + self._expecting(st))
            rule, what = handler(st, ev, seq, notes)
            if st.phase == PART1:
                _p1_maybe_end(st, notes)
        severity = OK
        due = state.announce_due
        if due is not None and not (etype == "announce" and ev.get("seat") == due[0]):
            if st.announce_due == due:
                st.announce_due = None
            severity = WARNING
            notes.append({"kind": "missed_announcement", "seat": due[0], "call": due[1]})
            what = f"{st.name(due[0])} did not say '{due[1]}' (S2.10); " + what
            rule = "S2.10"
        elif etype == "hand":
            severity = INFO
        return st, Ruling(True, severity, rule, what, tuple(notes))

    def _phase_rule(self, st: SkitState) -> str:
        return {PART1: "S1.4", INTERMISSION: "S1.14", DRECK: "S1.16", PART2: "S2.4", OVER: "S2.11"}[st.phase]

    def _expecting(self, st: SkitState) -> str:
        if st.phase == PART1:
            who = _p1_to_act(st)
            if who is None and st.trick.open_seats:
                return f": {_names(st, st.trick.open_seats)} collects the trick"
            if who is None:
                return f": {st.name(st.trick.winner)} collects the trick"
            return f": {st.name(who)} is to play"
        if st.phase == INTERMISSION:
            return ": the set-aside card is turned up next"
        if st.phase == PART2:
            return f": {st.name(st.turn)} beats or eats" if st.table else f": {st.name(st.turn)} leads"
        if st.phase == OVER:
            return f": {st.name(st.goat)} is the goat" if st.goat is not None else ""
        return ""

    def _hand(self, st: SkitState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
        """A reveal: `cards` are exactly the seat's hand now."""
        seat = _seat(st, ev)
        cards = parse_cards(ev.get("cards"))
        if st.phase in (INTERMISSION, OVER):
            raise Illegal("S1.15", f"hands are not in play during {PHASE_WORDS[st.phase]}")
        if len(cards) != st.size[seat]:
            raise Illegal("S1.2" if st.phase == PART1 else "S0.1",
                          f"{st.name(seat)} holds {st.size[seat]} card(s), not {len(cards)}")
        rest, new = split_reveal(cards, st.known[seat])
        if rest:
            raise Illegal("S0.1", f"{st.name(seat)} must still hold {' '.join(rest)}")
        from_pool = 0
        for c in new:
            if st.unseen_copies(c) > 0:
                _set_loc(st, c, None, seat)
            elif POOL in st.loc.get(c, ()) and seat in st.pool_seats:
                _set_loc(st, c, POOL, seat)
                from_pool += 1
            else:
                raise Illegal("S0.1", f"{st.name(seat)} cannot hold {c}: it is {_where(st, c)}")
        if from_pool > st.pool_slots[seat] or len(new) - from_pool > st.hidden_slots(seat) - st.pool_slots[seat]:
            raise Illegal("S0.1", f"{st.name(seat)}'s hand does not fit what the referee knows")
        st.known[seat] = cards
        st.pool_slots[seat] = 0
        _revealed(st, seat, cards, seq, notes)
        return None, f"{st.name(seat)} holds {' '.join(cards) or 'nothing'}"

    # -- reading -------------------------------------------------------------------
    def players(self, st: SkitState) -> list[str]:
        return list(st.players)

    def result(self, st: SkitState) -> GameRecord | None:
        if st.phase != OVER:
            return None
        out_people = []
        for s in st.out:
            p = st.players[st.owner[s]]
            if p not in out_people and all(not st.in_game(h) for h in range(st.n) if st.owner[h] == st.owner[s]):
                out_people.append(p)
        person = st.owner[st.goat] if st.goat is not None else None
        goat = st.players[person] if person is not None else None
        return GameRecord(NAME, st.players, (goat,) if goat else (), tuple(out_people), st.table_name,
                          loser_seat=person)

    def to_act(self, st: SkitState) -> int | None:
        if st.phase == PART1:
            return _p1_to_act(st)
        if st.phase == INTERMISSION:
            return st.aside_holder
        return st.turn

    def summary(self, st: SkitState) -> dict:
        return {
            "game": NAME,
            "phase": st.phase,
            "trump": st.trump,
            "turn": self.to_act(st),
            "kills": st.kills,
            "tricks_won": st.tricks_won[:],
            "hand_sizes": st.size[:],
            "out": st.out[:],
            "goat": st.goat,
        }

    def view(self, st: SkitState, seat: int | None = None) -> dict:
        """What the referee knows; with `seat`, only what that seat may see (its own hand)."""
        view = self.summary(st)
        view.update({
            "players": list(st.players),
            "variants": st.variants.on(),
            "mode": st.mode,
            "stock": st.stock,
            "to_act": self.to_act(st),
        })
        if st.phase == PART1 and st.trick is not None:
            view["trick"] = {
                "leader": st.trick.leader,
                "cards": [{"seat": s, "card": c} for s, c in st.trick.cards],
                "round": [{"seat": s, "card": c} for s, c in st.trick.round_plays],
                "to_play": list(st.trick.order[len(st.trick.round_plays):]) if st.trick.winner is None else [],
                "winner": st.trick.winner,
                "may_win": list(st.trick.open_seats),  # an unread card left the round open
                "wars": st.trick.wars,
            }
        if st.phase == PART2:
            view["table"] = [list(p) for p in st.table]
            view["kill_threshold"] = st.kill_threshold if st.table else sum(st.in_game(s) for s in range(st.n))
            view["plays_to_kill"] = view["kill_threshold"] - len(st.table)  # S2.12
            view["high_trump"] = _high_trump(st) if st.variants.high_trump else None
        if st.phase == DRECK:
            view["dreck_pending"] = len(st.dreck_pending)
            view["dreck_laid"] = sorted((c for c in st.loc for p in st.loc[c] if p == DRECK_PILE), key=DECK.index)
        visible = range(st.n) if seat is None else [h for h in range(st.n) if st.owner[h] == st.owner[seat]]
        view["hands"] = {str(s): {"size": st.size[s], "known": sorted(st.known[s], key=DECK.index)}
                         for s in visible}
        seen_out = [c for c in st.loc for p in st.loc[c] if p == KILLED]
        view["killed_cards"] = sorted(seen_out, key=DECK.index)
        return view


GAME = Skitgubbe()


# -- legal events (for simulation, hints and property tests) ------------------------

def runs_in(hand: list[str]) -> list[tuple[str, ...]]:
    """Every run of touching cards (S2.2) that `hand` can form, singles included."""
    runs: list[tuple[str, ...]] = []
    block: list[str] = []
    for c in sorted(set(hand), key=_SUIT_RANK.__getitem__):
        if block and not (SUIT[c] == SUIT[block[-1]] and RANK[c] == RANK[block[-1]] + 1):
            _add_runs(block, runs)
            block = []
        block.append(c)
    if block:
        _add_runs(block, runs)
    return runs


def _add_runs(block: list[str], runs: list) -> None:
    for a in range(len(block)):
        for b in range(a + 1, len(block) + 1):
            runs.append(tuple(block[a:b]))


_SUIT_RANK = {c: (SUIT[c], RANK[c]) for c in DECK}


def legal_events(st: SkitState) -> list[dict]:
    """Every legal event now, for a state whose hands are all known (open mode).

    Part 1 and Part 2 plays and eats of the player to act, every legal slough, collect;
    intermission and dreck events are driven by what the physical cards are, so the caller
    supplies those (the set-aside card is not known to the referee).
    """
    events: list[dict] = []
    if st.phase == PART1:
        trick = st.trick
        if trick is not None and trick.winner is not None:
            events.append({"type": "collect", "seat": trick.winner})
        elif trick is not None and trick.open_seats:
            events += [{"type": "collect", "seat": s} for s in trick.open_seats]
        else:
            seat = _p1_to_act(st)
            hand = st.known[seat]
            high = _round_high(st, trick) if trick is not None else None
            matching = [c for c in hand if high is not None and _p1_rank(st, c) == high]
            for c in (matching or hand):
                events.append({"type": "play", "seat": seat, "cards": [c]})
            if not matching and (st.stock > 1 or (st.stock == 1 and st.variants.no_bottom_card)):
                events.append({"type": "play", "seat": seat, "cards": ["??"], "source": "stock"})
        if trick is not None and trick.cards:
            for s in range(st.n):
                for c in st.known[s]:
                    if _p1_rank(st, c) in trick.played_ranks and _slough_ban(st, s, c) is None:
                        events.append({"type": "slough", "seat": s, "card": c})
    elif st.phase == PART2:
        seat = st.turn
        hand = st.known[seat]
        high = _high_trump(st) if st.variants.high_trump else None
        if st.table:
            top = _top(st.table[-1])
            killing = len(st.table) + 1 == st.kill_threshold
            for run in runs_in(hand):
                if _beats(st, run[0], top) and (high not in run or killing):
                    events.append({"type": "play", "seat": seat, "cards": list(run)})
            events.append({"type": "eat", "seat": seat})
        else:
            for run in runs_in(hand):
                if high not in run:
                    events.append({"type": "play", "seat": seat, "cards": list(run)})
            if not events and hand == [high]:
                events.append({"type": "pass", "seat": seat})
    return events


def _slough_ban(st: SkitState, seat: int, card: str) -> str | None:
    """The rule (S1.9, S1.10) that forbids this slough of a matching card, or None."""
    trick = st.trick
    if trick.winner is not None:
        return None
    high = _round_high(st, trick)
    to_play = seat in trick.order and all(s != seat for s, _ in trick.round_plays) and not trick.open_seats \
        and seat not in trick.optional
    if trick.unread:  # the rank of the highest card may be the unread card's
        high = None
    if to_play and high is not None and card != FACE_DOWN and _p1_rank(st, card) == high:
        return "S1.9"
    tied = high is not None and seat in trick.order and sum(
        1 for _, c in trick.round_plays if _p1_rank(st, c) == high) > 1 and any(
        s == seat and _p1_rank(st, c) == high for s, c in trick.round_plays)
    if st.stock == 0 and (to_play or tied) and st.size[seat] == 1:
        return "S1.10"
    return None
