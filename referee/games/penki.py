"""Penki ("Пеньки", stumps): the referee for rule D5.1 of `shared/rules/durak.md`.

Every player gets two face-down stumps and the rest of the deck is dealt out. One card
attacks; the defender must beat it (Durak beating, D1.2) and then attacks the next player
with one card. Nothing is ever discarded: attacks and beats stack up, and a player who
cannot beat takes a penalty from the top of the stack (2 for a J, 3 for a Q, 4 for a K,
11 for an A, face value otherwise). Stumps are taken up when the hand runs out; the last
player holding cards is the fool.

Where the source (`shared/sources/001_...txt`, "Пеньки") is silent the referee follows
Durak: the last card dealt is turned up for trump (D0.2) and stays in that hand; the
first attack goes by D0.3; after a take the player to the taker's left attacks (D1.6); a
player with no hand and no stumps is out (D2.1). A penalty larger than the stack takes
the whole stack.

Hidden information: the stack and every played or taken card are public, so the referee
knows every card except the ones dealt into hands or stumps. A hand is `size` cards of
which `known` are identified. A take while the hand is partly hidden cannot be judged at
once (D5.1d: must beat if able); it is remembered as a `Suspicion`, proven when a card
that was in the hand at the take (a hidden card, with no stumps taken up since) turns
out to beat the card that was not beaten.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.cards import DECK, RANK, SUIT, SUIT_NAMES, SUIT_SINGULAR, parse_card, parse_cards
from referee.ruling import INFO, OK, BadEvent, Illegal, Ruling
from referee.variants import flag_variants, flags_on
from referee.session import GameRecord, Session

NAME = "penki"

RULES = {
    "D0.1": "36-card deck, 6 to A (52 with deck52); each card exists once; 2-6 players",
    "D0.2": "A turned-up card sets trump",
    "D0.3": "First attack: the lowest trump; later games the player right of the last fool",
    "D0.4": "Clockwise: the defender is the next player to the attacker's left",
    "D1.1": "The attacker leads any one card",
    "D1.2": "Beat with a higher card of the suit, or a trump on a non-trump",
    "D1.6": "After a take the player to the taker's left attacks",
    "D2.1": "A player with no cards left is out",
    "D2.2": "The last player holding cards is the fool; nobody left holding cards is a draw",
    "D5.1": "Penki: stumps, one-card attacks, beaten cards stack up, penalties from the stack",
    "D5.1a": "Two face-down stumps each, the rest dealt out; the last card dealt sets trump",
    "D5.1b": "The defender beats, then attacks the next player with one card; no throw-ins",
    "D5.1c": "No discard: every card played stays on the stack",
    "D5.1d": "A player who can beat must beat; only a player who cannot beat takes",
    "D5.1e": "Penalty from the top of the stack: J 2, Q 3, K 4, A 11, else face value",
    "D5.1f": "Stumps are taken up when the hand is empty, before playing on",
}

VARIANT_RULES = {"deck52": "D0.1"}

PLAYERS = (2, 6)  # D0.1
STUMPS = 2  # D5.1a
PENALTY = {11: 2, 12: 3, 13: 4, 14: 11}  # D5.1e; other ranks cost their face value
STACK = -1  # location of a known card on the stack (a seat number is that seat's hand)

TRUMP, ATTACK, DEFEND, OVER = "trump", "attack", "defend", "over"


@dataclass(frozen=True, slots=True)
class Variants:
    deck52: bool = False

    @staticmethod
    def parse(raw: object) -> "Variants":
        return flag_variants(Variants, raw, VARIANT_RULES, "Penki", "deck52")

    def on(self) -> list[str]:
        return flags_on(self, VARIANT_RULES)


@dataclass(frozen=True, slots=True)
class Suspicion:
    """`seat` took at event `seq` instead of beating `card` while part of its hand was hidden."""

    seat: int
    seq: int
    card: str


def penalty(card: str) -> int:
    """D5.1e: how many cards a player takes for not beating `card`."""
    return PENALTY.get(RANK[card], RANK[card])


class PenkiState:
    __slots__ = ("players", "n", "mode", "variants", "deck", "phase", "trump", "trump_card",
                 "size", "known", "stumps", "loc", "stack", "turn", "turn_rule", "attacker",
                 "out", "goat", "suspicions", "lowest_trump_leads", "takes")

    def clone(self) -> "PenkiState":
        """A copy apply() may change: lists and the location map are copied; the per-seat
        known-card lists are shared, because every change replaces them (copy on write)."""
        o = PenkiState.__new__(PenkiState)
        o.players = self.players
        o.n = self.n
        o.mode = self.mode
        o.variants = self.variants
        o.deck = self.deck
        o.phase = self.phase
        o.trump = self.trump
        o.trump_card = self.trump_card
        o.size = self.size[:]
        o.known = self.known[:]
        o.stumps = self.stumps[:]
        o.loc = self.loc.copy()
        o.stack = self.stack[:]
        o.turn = self.turn
        o.turn_rule = self.turn_rule
        o.attacker = self.attacker
        o.out = self.out[:]
        o.goat = self.goat
        o.suspicions = self.suspicions
        o.lowest_trump_leads = self.lowest_trump_leads
        o.takes = self.takes[:]
        return o

    # -- small queries ---------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.players[seat]

    def hidden_slots(self, seat: int) -> int:
        return self.size[seat] - len(self.known[seat])

    def active(self, seat: int) -> bool:
        """Still holding cards, in hand or in stumps (D2.1)."""
        return self.size[seat] > 0 or self.stumps[seat] > 0

    def next_active(self, seat: int) -> int | None:
        """The next seat clockwise (D0.4) after `seat` that still holds cards."""
        for i in range(1, self.n):
            s = (seat + i) % self.n
            if self.active(s):
                return s
        return None

    def beats(self, card: str, top: str) -> bool:
        """D1.2: a higher card of the suit, or a trump on a non-trump."""
        if SUIT[card] == SUIT[top]:
            return RANK[card] > RANK[top]
        return SUIT[card] == self.trump

    def all_hands_known(self) -> bool:
        return all(self.size[s] == len(self.known[s]) for s in range(self.n))

    def where(self, card: str) -> str:
        place = self.loc.get(card)
        if place == STACK:
            return "on the stack"
        if place is not None:
            return f"in {self.name(place)}'s hand"
        return "elsewhere"


# -- moving cards ---------------------------------------------------------------------

def _check_in_deck(st: PenkiState, card: str) -> None:
    if card not in st.deck:
        raise Illegal("D0.1", f"{card} is not in the {len(st.deck)}-card deck this game is played with")


def _play_from_hand(st: PenkiState, seat: int, card: str, seq: int, notes: list) -> None:
    """`card` leaves `seat`'s hand for the stack; refused (D0.1) when provably not there."""
    _check_in_deck(st, card)
    if card in st.known[seat]:
        st.known[seat] = [c for c in st.known[seat] if c != card]
    elif card in st.loc:
        raise Illegal("D0.1", f"{st.name(seat)} cannot hold {card}: it is {st.where(card)}")
    elif st.hidden_slots(seat) == 0:
        raise Illegal("D0.1", f"{st.name(seat)} cannot hold {card}: every card in that hand is known "
                              f"({' '.join(st.known[seat])})")
    else:
        _hidden_card_shown(st, seat, card, seq, f"{st.name(seat)} played {card}", notes)
    st.size[seat] -= 1
    st.stack.append(card)
    st.loc[card] = STACK


def _hidden_card_shown(st: PenkiState, seat: int, card: str, seq: int, how: str, notes: list) -> None:
    """A card that was hidden in `seat`'s hand is seen: it was there at every take since the
    last stumps, so if it beats a card the seat took for, that take broke D5.1d."""
    kept = []
    for sus in st.suspicions:
        if sus.seat == seat and st.beats(card, sus.card):
            notes.append({
                "kind": "proven_violation", "seat": seat, "rule": "D5.1d", "seq": sus.seq,
                "evidence": (f"at event #{sus.seq} {st.name(seat)} took instead of beating {sus.card}; "
                             f"{how} at event #{seq}, a card that was in the hand then (no stumps "
                             f"taken up since) and beats {sus.card}"),
            })
            continue
        kept.append(sus)
    st.suspicions = tuple(kept)


def _mark_out(st: PenkiState, seat: int, notes: list) -> bool:
    if st.active(seat) or seat in st.out:
        return False
    st.out.append(seat)
    notes.append({"kind": "out", "seat": seat})
    return True


def _check_over(st: PenkiState, notes: list) -> None:
    """D2.2: with no attack to answer, one player left holding cards is the fool; none, a draw."""
    if st.phase != ATTACK:
        return
    left = [s for s in range(st.n) if st.active(s)]
    if len(left) > 1:
        return
    st.phase = OVER
    st.turn = None
    st.attacker = None
    if left:
        st.goat = left[0]
        notes.append({"kind": "goat", "seat": st.goat, "player": st.name(st.goat)})
    else:
        notes.append({"kind": "draw"})


# -- event handlers -------------------------------------------------------------------

def _seat(st: PenkiState, ev: dict) -> int:
    seat = ev.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.n:
        raise BadEvent(f"'seat' must be a seat number from 0 to {st.n - 1}, not {seat!r}")
    return seat


def _card(ev: dict) -> str:
    if "card" not in ev:
        if "cards" in ev and ev["type"] in ("attack", "defend"):
            raise Illegal("D5.1b", "one card attacks or beats at a time: give 'card', not 'cards'")
        raise BadEvent(f"'{ev['type']}' needs a 'card', e.g. \"9H\"")
    return parse_card(ev["card"])


def _check_fields(st: PenkiState, ev: dict) -> None:
    """Malformed fields are errors whatever the phase: check them before any rule."""
    if "seat" in ev:
        _seat(st, ev)
    if "card" in ev:
        parse_card(ev["card"])
    if "cards" in ev:
        parse_cards(ev["cards"])
    count = ev.get("count")
    if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count < 0):
        raise BadEvent(f"'count' must be a number of cards, not {count!r}")


def _ready(st: PenkiState, seat: int) -> None:
    """The seat may play on: its stumps are taken up if the hand is empty (D5.1f)."""
    if st.size[seat] == 0 and st.stumps[seat] > 0:
        raise Illegal("D5.1f", f"{st.name(seat)}'s hand is empty: take up the stumps first")


def _expecting(st: PenkiState) -> str:
    if st.phase == TRUMP:
        return "turn up the trump card first"
    if st.phase == DEFEND:
        return f"{st.name(st.turn)} must beat {st.stack[-1]} or take"
    if st.phase == ATTACK:
        return f"{st.name(st.turn)} attacks next" if st.turn is not None else "the first attack is due"
    if st.goat is not None:
        return f"the game is over: {st.name(st.goat)} is the fool"
    return "the game is over (a draw)"


def _attack(st: PenkiState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    card = _card(ev)
    if st.phase == DEFEND:
        if seat == st.turn:
            raise Illegal("D5.1b", f"{st.name(seat)} must first beat {st.stack[-1]} (or take), then attack")
        raise Illegal("D5.1b", f"no throw-ins in Penki: {_expecting(st)}")
    if st.turn is None:
        _check_first_attack(st, seat)
    elif seat != st.turn:
        raise Illegal(st.turn_rule, f"it is not {st.name(seat)}'s attack: {_expecting(st)}")
    _ready(st, seat)
    _play_from_hand(st, seat, card, seq, notes)
    defender = st.next_active(seat)
    st.phase, st.turn, st.turn_rule, st.attacker = DEFEND, defender, "D0.4", seat
    st.lowest_trump_leads = False
    what = f"{st.name(seat)} attacks {st.name(defender)} with {card}"
    if _mark_out(st, seat, notes):
        what += f"; {st.name(seat)} has no cards left and is out"
    return "D1.1", what


def _check_first_attack(st: PenkiState, seat: int) -> None:
    """D0.3 for the first game: the holder of the lowest trump attacks (checked when every
    hand is known; in hidden mode the camera cannot tell, so whoever attacks first does)."""
    if not st.lowest_trump_leads or not st.all_hands_known():
        return
    trumps = [(RANK[c], c, s) for s in range(st.n) for c in st.known[s] if SUIT[c] == st.trump]
    if not trumps:
        return
    _, lowest, holder = min(trumps)
    if holder != seat:
        raise Illegal("D0.3", f"{st.name(holder)} holds {lowest}, the lowest trump, and attacks first")


def _defend(st: PenkiState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    card = _card(ev)
    if st.phase != DEFEND:
        raise Illegal("D1.1", f"there is no attack to beat: {_expecting(st)}")
    if seat != st.turn:
        raise Illegal("D0.4", f"{st.name(st.turn)} defends against {st.name(st.attacker)}'s "
                              f"{st.stack[-1]}, not {st.name(seat)}")
    _ready(st, seat)
    top = st.stack[-1]
    _play_from_hand(st, seat, card, seq, notes)
    if not st.beats(card, top):
        raise Illegal("D1.2", f"{st.name(seat)}'s {card} does not beat {top}: beat with a higher "
                              f"{SUIT_SINGULAR[SUIT[top]]}{' or a trump' if SUIT[top] != st.trump else ''}, "
                              f"or take")
    what = f"{st.name(seat)} beats {top} with {card}"
    st.phase, st.turn, st.turn_rule, st.attacker = ATTACK, seat, "D5.1b", None
    if _mark_out(st, seat, notes):
        st.turn, st.turn_rule = st.next_active(seat), "D2.1"
        what += " and is out"
        if st.turn is not None:
            what += f"; {st.name(st.turn)} attacks next"
    else:
        what += " and attacks next"
    _check_over(st, notes)
    return "D1.2", what


def _take(st: PenkiState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    if st.phase != DEFEND:
        raise Illegal("D5.1e", f"there is no attack to take for: {_expecting(st)}")
    if seat != st.turn:
        raise Illegal("D0.4", f"{st.name(st.turn)} answers {st.name(st.attacker)}'s {st.stack[-1]}, "
                              f"not {st.name(seat)}")
    _ready(st, seat)
    top = st.stack[-1]
    beaters = [c for c in st.known[seat] if st.beats(c, top)]
    if beaters:
        raise Illegal("D5.1d", f"{st.name(seat)} holds {' '.join(beaters)}, which beats {top}: "
                               f"a player who can beat must beat")
    owed = penalty(top)
    count = min(owed, len(st.stack))
    if ev.get("count") is not None and ev["count"] != count:
        raise Illegal("D5.1e", f"{st.name(seat)} takes {count} card(s), not {ev['count']}: "
                               f"{_penalty_words(top, owed, len(st.stack))}")
    taken = st.stack[len(st.stack) - count:]
    if "cards" in ev and sorted(parse_cards(ev["cards"])) != sorted(taken):
        raise Illegal("D5.1e", f"the top {count} card(s) of the stack are {' '.join(taken)}")
    if st.hidden_slots(seat) > 0:
        st.suspicions = st.suspicions + (Suspicion(seat, seq, top),)
    del st.stack[len(st.stack) - count:]
    st.known[seat] = st.known[seat] + taken
    for c in taken:
        st.loc[c] = seat
    st.size[seat] += count
    st.takes[seat] += 1
    notes.append({"kind": "took", "seat": seat, "count": count, "cards": taken})
    st.phase, st.attacker = ATTACK, None
    st.turn, st.turn_rule = st.next_active(seat), "D1.6"
    what = (f"{st.name(seat)} cannot beat {top} and takes {count} card(s) from the stack "
            f"({_penalty_words(top, owed, count + len(st.stack))})")
    _check_over(st, notes)
    if st.phase == ATTACK:
        what += f"; {st.name(st.turn)} attacks next"
    return "D5.1e", what


def _penalty_words(top: str, owed: int, stack: int) -> str:
    words = f"{top} costs {owed}"
    return words + (f" and the stack holds only {stack}: the whole stack" if stack < owed else "")


def _stumps(st: PenkiState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    seat = _seat(st, ev)
    if st.stumps[seat] == 0:
        raise Illegal("D5.1f", f"{st.name(seat)} has no stumps left")
    if st.size[seat] > 0:
        raise Illegal("D5.1f", f"{st.name(seat)} still holds {st.size[seat]} card(s): the stumps come "
                               f"into play only when the hand is empty")
    count = st.stumps[seat]
    shown = []
    if "cards" in ev:
        shown = parse_cards(ev["cards"])
        if len(shown) != count or len(set(shown)) != count:
            raise Illegal("D5.1a", f"{st.name(seat)} has {count} stumps, not {len(shown)}")
        for c in shown:
            _check_in_deck(st, c)
            if c in st.loc:
                raise Illegal("D0.1", f"{c} cannot be a stump: it is {st.where(c)}")
        for c in shown:
            st.loc[c] = seat
    st.known[seat] = shown
    st.size[seat] = count
    st.stumps[seat] = 0
    # Unseen cards entered the hand: earlier takes can no longer be proven from hidden cards.
    st.suspicions = tuple(s for s in st.suspicions if s.seat != seat)
    return "D5.1f", f"{st.name(seat)} takes up the {count} stumps" + (f" ({' '.join(shown)})" if shown else "")


def _trump(st: PenkiState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    if st.phase != TRUMP:
        raise Illegal("D0.2", f"trump is already {SUIT_NAMES[st.trump]}" if st.trump else _expecting(st))
    card = _card(ev)
    _check_in_deck(st, card)
    seat = _seat(st, ev) if "seat" in ev else None
    place = st.loc.get(card)
    if place is not None and seat is not None and place != seat:
        raise Illegal("D0.2", f"the trump card {card} is {st.where(card)}, not in {st.name(seat)}'s")
    if place is None and seat is not None:
        if st.hidden_slots(seat) == 0:
            raise Illegal("D0.1", f"{st.name(seat)} cannot hold {card}: every card in that hand is known")
        st.known[seat] = st.known[seat] + [card]
        st.loc[card] = seat
    elif place is None and st.all_hands_known():
        raise Illegal("D5.1a", f"the trump card is the last card dealt, but {card} is in nobody's hand")
    st.trump, st.trump_card = SUIT[card], card
    st.phase = ATTACK
    notes.append({"kind": "trump", "suit": st.trump})
    return "D0.2", f"{card} is turned up: {SUIT_NAMES[st.trump]} are trump; {_expecting(st)}"


def _discard(st: PenkiState, ev: dict, seq: int, notes: list) -> tuple[str, str]:
    raise Illegal("D5.1c", "there is no discard in Penki: every card played stays on the stack")


HANDLERS = {"attack": _attack, "defend": _defend, "take": _take, "stumps": _stumps,
            "trump": _trump, "discard": _discard}
PLAY_TYPES = {"attack", "defend", "take", "stumps"}


class Penki:
    name = NAME
    loser_title = "fool"
    #: Buttons of the table page's manual entry (see api/static/app.js `buildEvent`).
    entry_actions = (
        {"label": "Attack", "event": {"type": "attack"}, "fields": {"seat": "seat", "card": "picked0"}, "cards": [1, 1],
         "primary": True},
        {"label": "Beat", "event": {"type": "defend"}, "fields": {"seat": "seat", "card": "picked0"}, "cards": [1, 1]},
        {"label": "Take", "event": {"type": "take"}, "fields": {"seat": "seat"}},
        {"label": "Stumps", "event": {"type": "stumps"}, "fields": {"seat": "seat"}},
        {"label": "Trump card", "event": {"type": "trump"}, "fields": {"card": "picked0"}, "cards": [1, 1]},
    )
    rules = RULES
    variant_rules = VARIANT_RULES
    rules_doc = "durak"  # Penki's rules are D5.1 of the Durak spec

    # -- start ---------------------------------------------------------------------
    def start(self, ev: dict, session: Session, seq: int) -> tuple[PenkiState, Ruling]:
        variants = Variants.parse(ev.get("variants"))
        players = ev.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
            raise BadEvent("'players' must be a list of names, clockwise, e.g. [\"Ann\", \"Bob\", \"Cid\"]")
        if len(set(players)) != len(players):
            raise BadEvent("player names must be different")
        if not PLAYERS[0] <= len(players) <= PLAYERS[1]:
            raise Illegal("D0.1", f"Penki is for {PLAYERS[0]} to {PLAYERS[1]} players, not {len(players)}")
        mode = ev.get("mode", "hidden")
        if mode not in ("hidden", "open"):
            raise BadEvent("'mode' is 'hidden' (default) or 'open'")
        st = PenkiState()
        st.players = tuple(players)
        st.n = n = len(players)
        st.mode = mode
        st.variants = variants
        st.deck = frozenset(c for c in DECK if variants.deck52 or RANK[c] >= 6)
        st.phase = TRUMP
        st.trump = st.trump_card = None
        st.known = [[] for _ in range(n)]
        st.stumps = [STUMPS] * n
        st.loc = {}
        st.stack = []
        st.attacker = None
        st.out = []
        st.goat = None
        st.suspicions = ()
        st.takes = [0] * n
        st.size = self._deal(st, ev)
        st.turn, st.turn_rule = self._first_attacker(st, ev, session)
        st.lowest_trump_leads = st.turn is None
        notes: list = []
        if "trump" in ev:
            trump = ev["trump"]
            if not isinstance(trump, str) or trump.strip().upper() not in SUIT_NAMES:
                raise BadEvent("'trump' is a suit letter S, H, D or C (or send a 'trump' event with the card)")
            st.trump = trump.strip().upper()
            st.phase = ATTACK
            notes.append({"kind": "trump", "suit": st.trump})
        what = (f"Penki for {', '.join(players)}: {STUMPS} stumps each, hands of "
                f"{'/'.join(str(x) for x in sorted(set(st.size), reverse=True))}; {_expecting(st)}")
        if variants.on():
            what += f" (variants: {', '.join(variants.on())})"
        return st, Ruling(True, OK, "D5.1", what, tuple(notes))

    def _deal(self, st: PenkiState, ev: dict) -> list[int]:
        """D5.1a: the hands share what the stumps leave, one card at a time from seat 0."""
        n = st.n
        dealt = len(st.deck) - STUMPS * n
        even = [dealt // n + (1 if s < dealt % n else 0) for s in range(n)]
        if "hands" in ev:
            hands = ev["hands"]
            if not isinstance(hands, list) or len(hands) != n:
                raise BadEvent(f"'hands' must be {n} lists of cards, one per seat")
            hands = [parse_cards(h) for h in hands]
            sizes = [len(h) for h in hands]
            if ev.get("hand_sizes") not in (None, sizes):
                raise BadEvent("'hand_sizes' contradicts 'hands': give one or the other")
        elif "hand_sizes" in ev:
            sizes = ev["hand_sizes"]
            if (not isinstance(sizes, list) or len(sizes) != n
                    or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in sizes)):
                raise BadEvent(f"'hand_sizes' must be {n} card counts")
            hands = None
        else:
            return even
        if sum(sizes) != dealt or max(sizes) - min(sizes) > 1:
            raise Illegal("D5.1a", f"after {STUMPS} stumps each the other {dealt} cards are dealt out "
                                   f"evenly ({'/'.join(str(x) for x in sorted(set(even), reverse=True))}), "
                                   f"not {sizes}")
        for s, hand in enumerate(hands or ()):
            for c in hand:
                _check_in_deck(st, c)
                if c in st.loc:
                    raise Illegal("D0.1", f"{c} is dealt twice")
                st.loc[c] = s
            st.known[s] = hand
        return list(sizes)

    def _first_attacker(self, st: PenkiState, ev: dict, session: Session) -> tuple[int | None, str]:
        """D0.3: after a fool, the player on the fool's right attacks; in a first game the
        lowest trump does (the `leader` the table names, or whoever attacks first)."""
        last = session.last() if session.records else None
        fool = last.loser if last is not None and last.game == NAME else None
        due = (st.players.index(fool) - 1) % st.n if fool in st.players else None
        leader = ev.get("leader")
        if leader is None:
            return due, "D0.3"
        if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < st.n:
            raise BadEvent(f"'leader' must be a seat from 0 to {st.n - 1}")
        if due is not None and leader != due:
            raise Illegal("D0.3", f"{fool} was the fool: {st.name(due)}, on the fool's right, attacks first")
        return leader, "D0.3"

    # -- events --------------------------------------------------------------------
    def apply(self, state: PenkiState, ev: dict, seq: int) -> tuple[PenkiState, Ruling]:
        etype = ev["type"]
        st = state.clone()
        notes: list = []
        if etype == "hand":
            rule, what = self._hand(st, ev, seq, notes)
            return st, Ruling(True, INFO, rule, what, tuple(notes))
        handler = HANDLERS.get(etype)
        if handler is None:
            raise BadEvent(f"unknown event type {etype!r} for Penki: use attack, defend, take, stumps, "
                           f"trump or hand")
        _check_fields(st, ev)
        if st.phase == OVER:
            raise Illegal("D2.2", _expecting(st))
        if st.phase == TRUMP and etype in PLAY_TYPES:
            raise Illegal("D0.2", f"no '{etype}' yet: {_expecting(st)}")
        if etype in PLAY_TYPES and ev.get("seat") in st.out:
            raise Illegal("D2.1", f"{st.name(ev['seat'])} has no cards left and is out of the game")
        rule, what = handler(st, ev, seq, notes)
        return st, Ruling(True, OK, rule, what, tuple(notes))

    def _hand(self, st: PenkiState, ev: dict, seq: int, notes: list) -> tuple[str | None, str]:
        """A reveal: `cards` are exactly the seat's hand now."""
        seat = _seat(st, ev)
        cards = parse_cards(ev.get("cards"))
        if st.phase == OVER:
            raise Illegal("D2.2", _expecting(st))
        if len(cards) != st.size[seat]:
            raise Illegal("D0.1", f"{st.name(seat)} holds {st.size[seat]} card(s), not {len(cards)}")
        if len(set(cards)) != len(cards):
            raise Illegal("D0.1", "each card exists once: the hand names a card twice")
        missing = [c for c in st.known[seat] if c not in cards]
        if missing:
            raise Illegal("D0.1", f"{st.name(seat)} must still hold {' '.join(missing)}")
        new = [c for c in cards if c not in st.known[seat]]
        for c in new:
            _check_in_deck(st, c)
            if c in st.loc:
                raise Illegal("D0.1", f"{st.name(seat)} cannot hold {c}: it is {st.where(c)}")
        for c in new:
            st.loc[c] = seat
            _hidden_card_shown(st, seat, c, seq, f"the hand shown holds {c}", notes)
        st.known[seat] = cards
        return None, f"{st.name(seat)} holds {' '.join(cards) or 'nothing'}"

    # -- reading -------------------------------------------------------------------
    def players(self, st: PenkiState) -> list[str]:
        return list(st.players)

    def result(self, st: PenkiState) -> GameRecord | None:
        if st.phase != OVER:
            return None
        goat = (st.name(st.goat),) if st.goat is not None else ()
        return GameRecord(NAME, st.players, goat, tuple(st.name(s) for s in st.out), loser_seat=st.goat)

    def to_act(self, st: PenkiState) -> int | None:
        return st.turn

    def summary(self, st: PenkiState) -> dict:
        return {
            "game": NAME,
            "phase": st.phase,
            "trump": st.trump,
            "turn": st.turn,
            "kills": 0,
            "tricks_won": [],
            "hand_sizes": st.size[:],
            "out": st.out[:],
            "goat": st.goat,
            "stumps": st.stumps[:],
            "stack": st.stack[:],
            "to_beat": st.stack[-1] if st.phase == DEFEND else None,
            "takes": st.takes[:],
        }

    def view(self, st: PenkiState, seat: int | None = None) -> dict:
        """What the referee knows; with `seat`, only what that seat may see (its own hand)."""
        view = self.summary(st)
        view.update({
            "players": list(st.players),
            "variants": st.variants.on(),
            "mode": st.mode,
            "to_act": st.turn,
            "attacker": st.attacker,
            "trump_card": st.trump_card,
        })
        visible = range(st.n) if seat is None else [seat]
        view["hands"] = {str(s): {"size": st.size[s], "known": sorted(st.known[s], key=DECK.index)}
                         for s in visible}
        return view


GAME = Penki()


# -- legal events (for simulation, hints and property tests) ------------------------

def legal_events(st: PenkiState) -> list[dict]:
    """Every legal attack, defend, take and stumps event now, for a state whose hands are
    all known (open mode). The trump event depends on the physical deal: the caller sends it."""
    events: list[dict] = [{"type": "stumps", "seat": s} for s in range(st.n)
                          if st.size[s] == 0 and st.stumps[s] > 0]
    seat = st.turn
    if st.phase == ATTACK:
        seats = [seat] if seat is not None else _first_attackers(st)
        for s in seats:
            if st.size[s] > 0:
                events.extend({"type": "attack", "seat": s, "card": c} for c in st.known[s])
    elif st.phase == DEFEND and st.size[seat] > 0:
        top = st.stack[-1]
        beats = [c for c in st.known[seat] if st.beats(c, top)]
        events.extend({"type": "defend", "seat": seat, "card": c} for c in beats)
        if not beats:
            events.append({"type": "take", "seat": seat})
    return events


def _first_attackers(st: PenkiState) -> list[int]:
    trumps = [(RANK[c], s) for s in range(st.n) for c in st.known[s] if SUIT[c] == st.trump]
    if st.lowest_trump_leads and trumps:
        return [min(trumps)[1]]
    return [s for s in range(st.n) if st.active(s)]
