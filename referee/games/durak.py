"""Durak and its yard games: the referee for `shared/rules/durak.md` (D0-D4, D5.2, D5.3).

One class, `Durak`, referees three registry names: `GAME` ("durak": throw-in Durak with
its variant flags, transfer Durak included), `ZALUPA` (D5.2: personal trump suits, a
10-A deck that shrinks as losers lose trumps, a match over several games) and `GOVNO`
(D5.3: roles, the King names trump, the 6 of diamonds is the highest trump, play runs
down the role chain, a taker swaps seats with the attacker).

The state (`DurakState`) is changed only by `apply`, which clones it first; a rejected
event raises `Illegal`/`BadEvent` and leaves the old state alone.

Hidden information: every card of the deck is either unseen (in a hand or the talon,
nobody knows where) or has one known location (`loc`: a seat's hand, the table, the
discard, the bottom of the talon, aside). A hand is `size` cards of which `known` are
identified. A card is refused only when it is provably elsewhere, or the hand has no
unidentified card left. The lowest-trump show (D0.3) is a claim checked later: a lower
trump played or shown from a hand (the shower's too) that has drawn no unseen card since
the deal was there at the deal, which proves the claim false (`proven_violation`).

Where the spec and the source (`shared/sources/001_...txt`) are silent:
- Refill (D1.7) is one `draw` per seat, in order, of exactly the cards that make 6.
- Out (D2.1): an attacker whose hand empties with the talon gone is out at once; the
  defender at the end of the bout (a take gives cards back).
- no_limit (D4.4) lifts the 6-card cap and the first-bout 5; the defender's hand still
  limits the attack. Throw-in priority (the attacker first; Govno by rank of role) is
  left to the players: whoever throws a legal card is accepted.
- two_trumps (D4.1): the face-down card is not drawn; it is turned up when the refill
  empties the talon and stays aside. sit_cards (D4.2): the player is not out while sit
  cards wait. pass_card (D4.3) is played in transfer Durak ("обычный переводной"), and
  shows a pass card any time before beating when the holder cannot beat or transfer.
- Zalupa (D5.2): the defender's own suit is trump for the bout; the deal is up to 6
  each, as many as the small deck allows evenly, no card turned up; the first game's
  attacker is `start.attacker` (no single lowest trump), later games go under the fool.
- Govno (D5.3): 6-8 players (7-8 with deck52); the King attacks the Govno, who sits on
  his right (roles are dealt counter-clockwise), so play runs counter-clockwise; a taker
  swaps with the main attacker unless they are the King and the Govno or the attacker is
  out of cards; the attacker then attacks again from the new seat. Roles carry over to the
  next game through the session; the King's card exchange and the "riot" are not refereed.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.cards import DECK, RANK, SUIT, SUIT_NAMES, SUIT_SINGULAR, parse_card, parse_cards
from referee.ruling import INFO, OK, BadEvent, Illegal, Ruling
from referee.variants import flags_on, variant_values
from referee.session import GameRecord, Session

RULES = {
    "D0.1": "36-card deck 6-A (52 with deck52); each card exists once; 2-6 players",
    "D0.2": "Deal 6 each; the next card is turned up for trump and drawn last",
    "D0.3": "First game: the lowest trump attacks (shown); later the previous fool defends first",
    "D0.4": "Clockwise: the defender is the player to the attacker's left",
    "D1.1": "The attacker leads any one card",
    "D1.2": "Beat with a higher card of the suit, or a trump on a non-trump; one cover per card",
    "D1.3": "Throw in cards of a rank already on the table; never the defender",
    "D1.4": "At most 6 attacking cards (5 in the first bout), never more than the defender held",
    "D1.5": "Every card beaten: the bout is won, the cards are discarded, the defender attacks",
    "D1.6": "The defender may take: the table goes to the hand, the next player attacks",
    "D1.7": "Refill to 6: the main attacker first, the others in order, the defender last",
    "D2.1": "Once the talon is empty, a player without cards is out",
    "D2.2": "The last player holding cards is the fool; nobody holding cards is a draw",
    "D3.1": "Transfer: before beating, play a card of the attack's rank; the next player defends",
    "D3.2": "No transfer when the new defender holds fewer cards than the attack would be",
    "D3.3": "Variant trump_show_transfer: showing a trump of that rank transfers once",
    "D4.1": "Variant two_trumps: a face-down card under the trump sets trump when the talon runs out",
    "D4.2": "Variant sit_cards: face-down cards taken up when hand and talon are empty",
    "D4.3": "Variant pass_card: showing a pass card transfers an attack the holder cannot beat",
    "D4.4": "Variant no_limit: no 6-card limit on an attack",
    "D4.5": "Variant toilet: draw from under the heap until the house falls; its face-up card is trump",
    "D5.2": "Zalupa: 4 players, 10-A, personal trumps; the loser loses a trump; no trumps left: out",
    "D5.3": "Govno: roles; the King names trump and attacks the Govno; 6D is the top trump; takers swap",
}

VARIANT_RULES = {
    "deck52": "D0.1",
    "neighbours_only": "D1.3",
    "first_bout_six": "D1.4",
    "transfer": "D3.1",
    "trump_show_transfer": "D3.3",
    "two_trumps": "D4.1",
    "sit_cards": "D4.2",
    "pass_card": "D4.3",
    "no_limit": "D4.4",
    "toilet": "D4.5",
}

HAND = 6  # D0.2: cards dealt, and refilled to
BOUT_CAP = 6  # D1.4
FIRST_BOUT_CAP = 5  # D1.4 default
SIT_COUNTS = (2, 4)  # D4.2
ZALUPA_PLAYERS = 4  # D5.2
ZALUPA_RANKS = (10, 11, 12, 13, 14)  # D5.2: the deck, and the order trumps are lost in
GOVNO_TOP_TRUMP = "6D"  # D5.3
GOVNO_ROLES = ("King", "Govno", "Dvornik", "Worker", "Executioner", "Jester", "Advisor",
               "Princess", "Prince")  # D5.3: dealt in this order down the chain; Prince last
GOVNO_PLAYERS = (6, 8)

# Known card locations besides a seat number (a hand).
TABLE, DISCARD, TALON, ASIDE = 100, 101, 102, 103
PLACE_WORDS = {TABLE: "on the table", DISCARD: "discarded", TALON: "the trump card under the talon",
               ASIDE: "set aside"}

DEAL, NAMING, ATTACK, BOUT, REFILL, TURN, OVER = "deal", "naming", "attack", "bout", "refill", "turn", "over"
PHASE_WORDS = {DEAL: "the deal", NAMING: "the naming of trump", ATTACK: "waiting for an attack",
               BOUT: "a bout", REFILL: "the refill from the talon",
               TURN: "turning up the second trump", OVER: "the end of the game"}


@dataclass(frozen=True, slots=True)
class Variants:
    deck52: bool = False
    neighbours_only: bool = False
    first_bout_six: bool = False
    transfer: bool = False
    trump_show_transfer: bool = False
    two_trumps: bool = False
    sit_cards: int = 0  # 0 (off), 2 or 4 face-down cards each
    pass_card: bool = False
    no_limit: bool = False
    toilet: bool = False

    @staticmethod
    def parse(raw: object) -> "Variants":
        raw = variant_values(raw, VARIANT_RULES, "Durak", "transfer")
        flags = {k: bool(v) for k, v in raw.items() if k != "sit_cards"}
        sit = raw.get("sit_cards", False)
        if sit is True:
            sit = SIT_COUNTS[0]
        if sit is False or sit is None:
            sit = 0
        if sit != 0 and sit not in SIT_COUNTS or isinstance(sit, bool):
            raise BadEvent("'sit_cards' is true (2 cards each), 2 or 4")
        return Variants(sit_cards=sit, **flags)

    def on(self) -> list[str]:
        return flags_on(self, VARIANT_RULES)

    @property
    def transfers(self) -> bool:
        """D4.3: the pass card is played in transfer Durak."""
        return self.transfer or self.pass_card


@dataclass(frozen=True, slots=True)
class Attack:
    """One attacking card on the table, who put it there, and the card covering it."""

    card: str
    seat: int
    cover: str | None = None


class DurakState:
    __slots__ = (
        "kind", "players", "occupant", "n", "variants", "mode", "step", "deck", "pass_cards",
        "trump", "trump_card", "person_trumps", "size", "known", "sit", "fresh", "loc", "talon",
        "heap", "toilet_next", "phase", "attacker", "defender", "table", "cap", "def_start",
        "declared", "shown", "bouts", "refill", "out", "fool", "drawn", "claim", "first_rule",
        "roles", "match",
    )

    def clone(self) -> "DurakState":
        """A copy apply() may change: per-seat lists are copied, the card lists in them are
        replaced (never changed in place), tuples and frozen objects are shared."""
        o = DurakState.__new__(DurakState)
        for name in self.__slots__:
            value = getattr(self, name)
            setattr(o, name, value.copy() if isinstance(value, (list, dict)) else value)
        return o

    # -- queries ---------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.players[self.occupant[seat]]

    def hidden(self, seat: int) -> int:
        return self.size[seat] - len(self.known[seat])

    def active(self, seat: int) -> bool:
        return seat not in self.out

    def next_active(self, seat: int, step: int | None = None) -> int:
        """The next player still in the game in the direction of play (D0.4; Govno: the chain)."""
        step = self.step if step is None else step
        for i in range(1, self.n + 1):
            s = (seat + step * i) % self.n
            if s not in self.out:
                return s
        return seat

    def trump_for(self, seat: int) -> str | None:
        """The trump suit that counts when `seat` defends (D5.2: the defender's own suit)."""
        if self.kind == "zalupa":
            return self.person_trumps[self.occupant[seat]]
        return self.trump

    def is_trump(self, card: str, suit: str | None) -> bool:
        return SUIT[card] == suit or (self.kind == "govno" and card == GOVNO_TOP_TRUMP)

    def beats(self, card: str, attack: str, defender: int) -> bool:
        """D1.2 (D5.3: the 6 of diamonds is the highest trump; D5.2: the defender's trump)."""
        suit = self.trump_for(defender)
        if self.kind == "govno" and GOVNO_TOP_TRUMP in (card, attack):
            return card == GOVNO_TOP_TRUMP
        if SUIT[card] == SUIT[attack]:
            return RANK[card] > RANK[attack]
        return self.is_trump(card, suit) and not self.is_trump(attack, suit)

    def attack_cards(self) -> list[str]:
        return [a.card for a in self.table]

    def unbeaten(self) -> list[Attack]:
        return [a for a in self.table if a.cover is None]

    def table_ranks(self) -> set[int]:
        return {RANK[a.card] for a in self.table} | {RANK[a.cover] for a in self.table if a.cover}

    def limit(self) -> int:
        """D1.4: how many attacking cards this bout may have in all."""
        if self.cap is None:
            return self.def_start
        return min(self.cap, self.def_start)

    def first_game_lowest(self) -> bool:
        return self.first_rule == "lowest"


# -- small helpers ------------------------------------------------------------------

def _where(st: DurakState, card: str) -> str:
    place = st.loc.get(card)
    if place is None:
        return "unseen"
    if place < st.n:
        return f"in {st.name(place)}'s hand"
    return PLACE_WORDS[place]


def _suit_word(suit: str | None) -> str:
    return SUIT_NAMES[suit] if suit else "no suit"


def _seat(st: DurakState, ev: dict, field: str = "seat") -> int:
    seat = ev.get(field)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.n:
        raise BadEvent(f"'{field}' must be a seat number from 0 to {st.n - 1}, not {seat!r}")
    return seat


def _one_card(ev: dict) -> str:
    if "card" in ev:
        return parse_card(ev["card"])
    cards = parse_cards(ev.get("cards"))
    if len(cards) != 1:
        raise BadEvent("give exactly one card ('card': '7H')")
    return cards[0]


def _in_deck(st: DurakState, card: str) -> None:
    if card not in st.deck:
        rule = "D5.2" if st.kind == "zalupa" else "D0.1"
        raise Illegal(rule, f"{card} is not in this game's deck")


def _left_hand(st: DurakState, seat: int, card: str, to: int, seq: int, notes: list) -> None:
    """`card` leaves `seat`'s hand for `to`; Illegal (D0.1) when the seat provably lacks it."""
    _in_deck(st, card)
    if card in st.known[seat]:
        st.known[seat] = [c for c in st.known[seat] if c != card]
    elif card in st.loc:
        raise Illegal("D0.1", f"{st.name(seat)} cannot hold {card}: it is {_where(st, card)}")
    elif st.hidden(seat) <= 0:
        what = "has no cards" if st.size[seat] == 0 else f"holds only {' '.join(st.known[seat])}"
        raise Illegal("D0.1", f"{st.name(seat)} {what}, not {card}")
    else:
        _check_claim(st, seat, card, seq, notes)
    st.loc[card] = to
    st.size[seat] -= 1
    if st.size[seat] == 0 and seat != st.defender:
        _maybe_out(st, seat, notes)


def _reveal(st: DurakState, seat: int, card: str, seq: int, notes: list) -> None:
    """`card` is shown from `seat`'s hand and stays there (now known)."""
    _in_deck(st, card)
    if card in st.known[seat]:
        return
    if card in st.loc:
        raise Illegal("D0.1", f"{st.name(seat)} cannot hold {card}: it is {_where(st, card)}")
    if st.hidden(seat) <= 0:
        raise Illegal("D0.1", f"{st.name(seat)} has no unknown card that could be {card}")
    _check_claim(st, seat, card, seq, notes)
    st.known[seat] = st.known[seat] + [card]
    st.loc[card] = seat


def _to_hand(st: DurakState, seat: int, cards: list[str]) -> None:
    st.known[seat] = st.known[seat] + cards
    for c in cards:
        st.loc[c] = seat
    st.size[seat] += len(cards)


def _check_claim(st: DurakState, seat: int, card: str, seq: int, notes: list) -> None:
    """D0.3 proof: an unseen trump lower than the shown one, coming from a hand that has
    taken no unseen card since the deal, was in that hand when the first attack was chosen."""
    if st.claim is None:
        return
    claimer, shown, suit, at = st.claim
    if not st.fresh[seat] or SUIT[card] != suit or RANK[card] >= RANK[shown]:
        return
    notes.append({"kind": "proven_violation", "seat": claimer, "rule": "D0.3",
                  "evidence": (f"{st.name(claimer)} showed {shown} as the lowest trump at event #{at}, "
                               f"but {st.name(seat)} has held {card} since the deal"),
                  "seq": at})
    st.claim = None


def _maybe_out(st: DurakState, seat: int, notes: list) -> None:
    """D2.1 (D4.2: not while sit cards wait)."""
    if st.talon == 0 and st.size[seat] == 0 and st.sit[seat] == 0 and seat not in st.out:
        st.out.append(seat)
        notes.append({"kind": "out", "seat": seat})


def _deck_for(kind: str, variants: Variants, lost: frozenset = frozenset()) -> frozenset:
    if kind == "zalupa":
        return frozenset(c for c in DECK if RANK[c] in ZALUPA_RANKS and c not in lost)
    low = 2 if variants.deck52 else 6
    return frozenset(c for c in DECK if RANK[c] >= low)


def _sorted(cards) -> list[str]:
    return sorted(cards, key=DECK.index)


# -- the start ----------------------------------------------------------------------

def _parse_players(ev: dict) -> list[str]:
    players = ev.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise BadEvent("'players' must be a list of names, clockwise, e.g. [\"Ann\", \"Bob\"]")
    if len(set(players)) != len(players):
        raise BadEvent("player names must be different")
    return players


def _new_state(kind: str, players: list[str], variants: Variants, mode: str) -> DurakState:
    st = DurakState()
    n = len(players)
    st.kind = kind
    st.players = tuple(players)
    st.occupant = list(range(n))
    st.n = n
    st.variants = variants
    st.mode = mode
    st.step = -1 if kind == "govno" else 1
    st.deck = _deck_for(kind, variants)
    st.pass_cards = frozenset()
    st.trump = None
    st.trump_card = None
    st.person_trumps = ()
    st.size = [0] * n
    st.known = [[] for _ in range(n)]
    st.sit = [0] * n
    st.fresh = [True] * n
    st.loc = {}
    st.talon = 0
    st.heap = 0
    st.toilet_next = None
    st.phase = DEAL
    st.attacker = None
    st.defender = None
    st.table = ()
    st.cap = None
    st.def_start = 0
    st.declared = False
    st.shown = frozenset()
    st.bouts = 0
    st.refill = ()
    st.out = []
    st.fool = None
    st.drawn = False
    st.claim = None
    st.first_rule = "lowest"
    st.roles = ()
    st.match = None
    return st


def _last_record(session: Session, kind: str):
    for record in reversed(session.records):
        if not record.abandoned and record.game == kind:
            return record
    return None


def _info(record, key, default=None):
    return dict(record.info).get(key, default) if record is not None else default


@dataclass(frozen=True, slots=True)
class ZalupaMatch:
    """A Zalupa match so far: each player's trump suit, the trumps each has lost, and who
    is out of the match in order (D5.2)."""

    trumps: tuple[tuple[str, str], ...]
    lost: tuple[tuple[str, tuple[str, ...]], ...]
    eliminated: tuple[str, ...] = ()

    def lost_by(self, name: str) -> tuple[str, ...]:
        return dict(self.lost).get(name, ())

    def remaining(self) -> list[str]:
        return [p for p, _ in self.trumps if p not in self.eliminated]

    def over(self) -> bool:
        return len(self.remaining()) <= 1


#: Buttons of the table page's manual entry (see api/static/app.js `buildEvent`).
ENTRY_ACTIONS = (
    {"label": "Attack", "event": {"type": "attack"}, "fields": {"seat": "seat", "card": "picked0"},
     "cards": [1, 1], "primary": True},
    {"label": "Throw in", "event": {"type": "throw_in"}, "fields": {"seat": "seat", "cards": "picked"},
     "cards": [1, 6]},
    {"label": "Beat", "event": {"type": "defend"}, "fields": {"seat": "seat", "card": "picked0", "covers": "picked1"},
     "cards": [2, 2], "help": "pick your card, then the card it beats"},
    {"label": "Transfer", "event": {"type": "transfer"}, "fields": {"seat": "seat", "card": "picked0"},
     "cards": [1, 1]},
    {"label": "Take", "event": {"type": "take"}, "fields": {"seat": "seat"}},
    {"label": "Bito", "event": {"type": "discard"}},
    {"label": "Draw", "event": {"type": "draw"}, "fields": {"seat": "seat", "count": "ask:How many cards?"}},
    {"label": "Show lowest trump", "event": {"type": "show"}, "fields": {"seat": "seat", "card": "picked0"},
     "cards": [1, 1]},
    {"label": "Turn trump", "event": {"type": "trump"}, "fields": {"card": "picked0"}, "cards": [1, 1]},
    {"label": "Sit cards", "event": {"type": "sit"}, "fields": {"seat": "seat", "cards": "picked?"}},
    {"label": "Show hand", "event": {"type": "hand"}, "fields": {"seat": "seat", "cards": "picked"}},
    {"label": "“I take”", "event": {"type": "announce", "call": "take"}, "fields": {"seat": "seat"}},
)
GOVNO_ACTIONS = (
    {"label": "Name trump", "event": {"type": "trump"},
     "fields": {"seat": "seat", "suit": "ask:Trump suit (S H D C)?"}},
    {"label": "Offence", "event": {"type": "offence"}, "fields": {"seat": "seat"},
     "help": "the seat broke the etiquette: to the Govno's seat"},
)


class Durak:
    """One referee object per registry name: "durak", "zalupa" (D5.2), "govno" (D5.3)."""

    rules = RULES
    variant_rules = VARIANT_RULES  # variant flag -> the rule id it switches on
    loser_title = "fool"
    rules_doc = "durak"  # Zalupa and Govno are specified in durak.md too

    def __init__(self, kind: str):
        self.name = kind
        self.kind = kind
        self.entry_actions = ENTRY_ACTIONS[:8] + GOVNO_ACTIONS + ENTRY_ACTIONS[8:] if kind == "govno" \
            else ENTRY_ACTIONS

    # -- start ---------------------------------------------------------------------
    def start(self, ev: dict, session: Session, seq: int) -> tuple[DurakState, Ruling]:
        variants = Variants.parse(ev.get("variants"))
        players = _parse_players(ev)
        mode = ev.get("mode", "hidden")
        if mode not in ("hidden", "open"):
            raise BadEvent("'mode' is 'hidden' (default) or 'open'")
        st = _new_state(self.kind, players, variants, mode)
        notes: list = []
        if self.kind != "durak" and (variants.toilet or variants.two_trumps):
            raise Illegal("D5.2" if self.kind == "zalupa" else "D5.3",
                          f"{self.kind.capitalize()} turns up no trump card: toilet and two_trumps do not apply")
        if self.kind == "zalupa":
            self._start_zalupa(st, ev, session)
        elif self.kind == "govno":
            self._start_govno(st, ev, session)
        elif not 2 <= st.n <= 6:
            raise Illegal("D0.1", f"Durak is for 2 to 6 players, not {st.n}")
        if variants.pass_card:
            raw = ev.get("pass_cards")
            if raw is None:
                raise BadEvent("with pass_card, 'pass_cards' names the pass card(s), e.g. [\"6S\"]")
            st.pass_cards = frozenset(parse_cards(raw if isinstance(raw, list) else [raw]))
            for c in st.pass_cards:
                _in_deck(st, c)
        if "talon" in ev:  # a set position names its attacker, whoever was the fool
            what = self._position(st, ev, seq, notes)
            return st, Ruling(True, OK, "D0.2", what, tuple(notes))
        self._first_attacker(st, ev, session)
        what = self._deal(st)
        if variants.on():
            what += f" (variants: {', '.join(variants.on())})"
        if "hands" in ev:
            self._start_hands(st, ev, seq, notes)
        return st, Ruling(True, OK, "D5.2" if self.kind == "zalupa" else "D5.3" if self.kind == "govno"
                          else "D0.2", what, tuple(notes))

    def _deal(self, st: DurakState) -> str:
        """D0.2 (D4.1, D4.2, D4.5, D5.2): hand sizes, sit cards and the talon after the deal."""
        v = st.variants
        names = ", ".join(st.players)
        if v.toilet:
            st.heap = len(st.deck)
            return f"{self.kind.capitalize()} for {names}: the toilet is built, draw from under the heap (D4.5)"
        per = HAND
        if self.kind == "zalupa":  # 20 cards or fewer: deal evenly, up to 6
            per = min(HAND, len(st.deck) // st.n)
        needed = per * st.n + v.sit_cards * st.n + (1 if v.two_trumps else 0)
        if needed > len(st.deck):
            rule = "D4.2" if v.sit_cards else "D4.1" if v.two_trumps else "D0.1"
            raise Illegal(rule, f"{st.n} players need {needed} cards; the deck has {len(st.deck)}")
        st.size = [per] * st.n
        st.sit = [v.sit_cards] * st.n
        st.talon = len(st.deck) - needed
        if v.two_trumps and st.talon == 0:
            raise Illegal("D4.1", "two_trumps needs a talon: there is no card left to turn up for trump")
        if self.kind == "zalupa":
            st.phase = ATTACK
            return f"Zalupa for {names}: {per} cards each, {st.talon} in the talon; personal trumps"
        if self.kind == "govno":
            st.phase = NAMING
            return (f"Govno for {names}: {per} cards each, {st.talon} in the talon; "
                    f"the King ({st.name(st.attacker)}) names trump")
        return f"Durak for {names}: {per} cards each, {st.talon} in the talon; turn up the trump card"

    def _position(self, st: DurakState, ev: dict, seq: int, notes: list) -> str:
        """A set-up position (teaching, endgames): `hands` of any size, a `talon` count, the
        `trump` suit and the `attacker`; the game goes on from there (no first-bout limit)."""
        talon, hands = ev.get("talon"), ev.get("hands")
        if not isinstance(talon, int) or isinstance(talon, bool) or talon < 0:
            raise BadEvent("'talon' is the number of cards left in the talon")
        if not isinstance(hands, list) or len(hands) != st.n or not all(isinstance(h, list) for h in hands):
            raise BadEvent(f"a position needs 'hands': {st.n} lists of cards, one per seat")
        if sum(map(len, hands)) + talon > len(st.deck):
            raise Illegal("D0.1", f"the deck has only {len(st.deck)} cards")
        if "attacker" not in ev:
            raise BadEvent("a position needs 'attacker', the seat that attacks next")
        if st.kind != "zalupa":
            suit = ev.get("trump")
            if not isinstance(suit, str) or suit.strip().upper() not in SUIT_NAMES:
                raise BadEvent("a position needs 'trump', a suit letter S, H, D or C")
            st.trump = suit.strip().upper()
        st.attacker = _seat(st, ev, "attacker")
        st.first_rule = "given"
        st.talon = talon
        st.bouts = 1
        st.size = [len(h) for h in hands]
        st.sit = [st.variants.sit_cards] * st.n
        st.phase = ATTACK
        for seat, raw in enumerate(hands):
            _hand(st, {"seat": seat, "cards": raw}, seq, notes)
        _settle(st, notes)
        return (f"{self.kind.capitalize()} from a set position: {st.talon} in the talon, trump "
                f"{_suit_word(st.trump)}{_expecting(st)}")

    def _start_hands(self, st: DurakState, ev: dict, seq: int, notes: list) -> None:
        hands = ev["hands"]
        if st.variants.toilet:
            raise BadEvent("with toilet the hands are drawn from the heap: give 'hand' events after it falls")
        if not isinstance(hands, list) or len(hands) != st.n:
            raise BadEvent(f"'hands' must be {st.n} lists of cards, one per seat")
        for seat, raw in enumerate(hands):
            _hand(st, {"seat": seat, "cards": raw}, seq, notes)

    def _first_attacker(self, st: DurakState, ev: dict, session: Session) -> None:
        """D0.3: the lowest trump in a session's first game; later the previous fool defends."""
        given = None
        if "attacker" in ev:
            given = _seat(st, ev, "attacker")
        if self.kind == "govno":
            st.first_rule = "king"  # D5.3: the King attacks (set by _start_govno)
            return
        last = _last_record(session, self.kind)
        fool = last.loser if last is not None else None
        if fool in st.players:
            st.first_rule = "fool"
            defender = st.players.index(fool)
            attacker = (defender - 1) % st.n
            if given is not None and given != attacker:
                raise Illegal("D0.3", f"{fool} was the fool: {st.name(attacker)}, on {fool}'s right, "
                                      f"attacks {fool} first")
            st.attacker = attacker
        elif self.kind == "zalupa":
            st.first_rule = "given"  # personal trumps: no single lowest trump (judgement, see docs)
            st.attacker = given or 0
        else:
            st.attacker = given

    def _start_zalupa(self, st: DurakState, ev: dict, session: Session) -> None:
        last = _last_record(session, "zalupa")
        match = _info(last, "match")
        names = set(st.players)
        if match is not None and match.over():
            match = None  # the last match is decided: this game starts a new one
        if match is not None:
            fallen = [p for p in st.players if p in match.eliminated]
            if fallen and names <= {p for p, _ in match.trumps}:
                raise Illegal("D5.2", f"{', '.join(fallen)} lost every trump and is out of the match")
            if names != set(match.remaining()):
                match = None  # other people: a new match
        raw = ev.get("trumps")
        if match is None:
            if st.n != ZALUPA_PLAYERS:
                raise Illegal("D5.2", f"Zalupa is for {ZALUPA_PLAYERS} players, not {st.n}")
            if not isinstance(raw, list) or len(raw) != st.n or not all(
                    isinstance(s, str) and s.strip().upper() in SUIT_NAMES for s in raw):
                raise BadEvent("Zalupa needs 'trumps': one suit letter per seat, e.g. [\"S\", \"H\", \"D\", \"C\"]")
            suits = [s.strip().upper() for s in raw]
            if len(set(suits)) != len(suits):
                raise Illegal("D5.2", "each player picks a different trump suit")
            match = ZalupaMatch(tuple(zip(st.players, suits)), tuple((p, ()) for p in st.players))
        elif raw is not None:
            suits = dict(match.trumps)
            if not isinstance(raw, list) or [str(s).strip().upper() for s in raw] != [suits[p] for p in st.players]:
                raise Illegal("D5.2", "each player keeps their trump suit for the whole match: "
                              + ", ".join(f"{p} {suits[p]}" for p in st.players))
        suits = dict(match.trumps)
        st.person_trumps = tuple(suits[p] for p in st.players)
        lost = frozenset(c for p, cards in match.lost for c in cards)
        st.deck = _deck_for("zalupa", st.variants, lost)
        st.match = match

    def _start_govno(self, st: DurakState, ev: dict, session: Session) -> None:
        lo, hi = GOVNO_PLAYERS
        if not lo <= st.n <= hi:
            raise Illegal("D5.3", f"Govno is for {lo} to {hi} players here, not {st.n}")
        if HAND * st.n > len(st.deck):
            raise Illegal("D0.1", f"{st.n} players need the 52-card deck: add the variant deck52")
        chain = _role_chain(st.n)
        roles = dict(_info(_last_record(session, "govno"), "roles", ()) or ())
        if set(roles) == set(st.players):
            king = st.players.index(next(p for p, r in roles.items() if r == "King"))
            for i, role in enumerate(chain):
                seat = (king - i) % st.n
                if roles[st.name(seat)] != role:
                    who = next(p for p, r in roles.items() if r == role)
                    raise Illegal("D5.3", f"{who} is the {role} and sits {i} place(s) to the King's right "
                                          f"(the roles go counter-clockwise from the King)")
        else:
            if "king" not in ev:
                raise BadEvent("a new Govno table needs 'king': the seat dealt the first KD")
            king = _seat(st, ev, "king")
        roles_by_seat = [""] * st.n
        for i, role in enumerate(chain):
            roles_by_seat[(king - i) % st.n] = role
        st.roles = tuple(roles_by_seat)
        st.attacker = king

    # -- events --------------------------------------------------------------------
    def apply(self, state: DurakState, ev: dict, seq: int) -> tuple[DurakState, Ruling]:
        etype = ev["type"]
        handler = HANDLERS.get(etype)
        if handler is None:
            raise BadEvent(f"unknown event type {etype!r} for {self.kind.capitalize()}: "
                           f"use one of {sorted(HANDLERS)}")
        st = state.clone()
        notes: list = []
        if "seat" in ev:
            _seat(st, ev)
        if st.phase == OVER and etype != "hand":
            raise Illegal("D2.2", f"the game is over{_over_words(st)}; start a new one")
        if st.phase == NAMING and etype not in ("trump", "hand", "offence"):
            raise Illegal("D5.3", f"the King ({st.name(st.attacker)}) names trump first")
        rule, what = handler(st, ev, seq, notes)
        severity = INFO if etype == "hand" else OK
        return st, Ruling(True, severity, rule, what, tuple(notes))

    # -- reading -------------------------------------------------------------------
    def players(self, st: DurakState) -> list[str]:
        return list(st.players)

    def result(self, st: DurakState) -> GameRecord | None:
        if st.phase != OVER:
            return None
        fool = st.name(st.fool) if st.fool is not None else None
        out = tuple(st.name(s) for s in st.out)
        seating = tuple(st.name(s) for s in range(st.n))
        info: list = [("seating", seating)]
        scores: tuple = ()
        if st.kind == "zalupa":
            info.append(("match", st.match))
            if fool is not None:
                scores = ((fool, 1),)
                info.append(("trump_lost", st.match.lost_by(fool)[-1]))
        if st.kind == "govno":
            info.append(("roles", tuple((st.name(s), st.roles[s]) for s in range(st.n))))
        return GameRecord(self.kind, seating, (fool,) if fool else (), out, loser_seat=st.fool,
                          scores=scores, info=tuple(info))

    def to_act(self, st: DurakState) -> int | None:
        if st.phase == NAMING:
            return st.attacker
        if st.phase == ATTACK:
            return st.attacker
        if st.phase == BOUT:
            if st.unbeaten() and not st.declared:
                return st.defender
            return st.attacker if st.active(st.attacker) else None
        if st.phase == REFILL:
            return st.refill[0] if st.refill else None
        if st.phase == DEAL and st.variants.toilet:
            return st.toilet_next
        return None

    def summary(self, st: DurakState) -> dict:
        out = {
            "game": self.kind,
            "phase": st.phase,
            "trump": st.trump,
            "turn": self.to_act(st),
            "kills": 0,
            "tricks_won": [],
            "hand_sizes": st.size[:],
            "out": st.out[:],
            "goat": st.fool,
            "fool": st.fool,
            "draw": st.drawn,
            "attacker": st.attacker,
            "defender": st.defender if st.phase == BOUT else None,
            "talon": st.talon,
            "table": [[a.card, a.cover] for a in st.table],
        }
        if st.kind == "zalupa":
            out["trumps"] = list(st.person_trumps)
            out["standings"] = _zalupa_standings(st)
        if st.kind == "govno":
            out["roles"] = list(st.roles)
            out["seating"] = [st.name(s) for s in range(st.n)]
        return out

    def view(self, st: DurakState, seat: int | None = None) -> dict:
        """What the referee knows; with `seat`, only what that seat may see (its own hand)."""
        view = self.summary(st)
        view.update({
            "players": list(st.players),
            "variants": st.variants.on(),
            "mode": st.mode,
            "trump_card": st.trump_card,
            "bout": {"attacker": st.attacker, "defender": st.defender, "limit": st.limit(),
                     "declared_take": st.declared, "first": st.bouts == 0} if st.phase == BOUT else None,
            "sit_cards": st.sit[:],
            "discarded": _sorted(c for c, p in st.loc.items() if p == DISCARD),
            "refill_order": list(st.refill),
            "pass_cards": _sorted(st.pass_cards),
        })
        if st.variants.toilet and st.phase == DEAL:
            view["heap"] = st.heap
        visible = range(st.n) if seat is None else [seat]
        view["hands"] = {str(s): {"size": st.size[s], "known": _sorted(st.known[s])} for s in visible}
        return view


def _over_words(st: DurakState) -> str:
    if st.fool is not None:
        return f": {st.name(st.fool)} is the fool"
    return ": a draw" if st.drawn else ""


# -- Zalupa ------------------------------------------------------------------------

def _zalupa_lost(st: DurakState) -> str | None:
    """D5.2: the trump the fool loses (10 first, then J...), or None for a draw."""
    if st.fool is None:
        return None
    name = st.name(st.fool)
    suit = dict(st.match.trumps)[name]
    lost = st.match.lost_by(name)
    for rank in ZALUPA_RANKS:
        card = _rank_text(rank) + suit
        if card not in lost:
            return card
    return None


def _rank_text(rank: int) -> str:
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


def _zalupa_after(st: DurakState, notes: list) -> None:
    """D5.2 at the end of a game: the fool loses a trump; all gone: out of the match."""
    card = _zalupa_lost(st)
    match = st.match
    if card is None:
        return
    name = st.name(st.fool)
    lost = tuple((p, cards + ((card,) if p == name else ())) for p, cards in match.lost)
    eliminated = match.eliminated
    notes.append({"kind": "trump_lost", "seat": st.fool, "card": card})
    if len(dict(lost)[name]) == len(ZALUPA_RANKS):
        eliminated = eliminated + (name,)
        notes.append({"kind": "out_of_match", "seat": st.fool, "place": len(eliminated)})
    st.match = ZalupaMatch(match.trumps, lost, eliminated)
    if st.match.over():
        notes.append({"kind": "match_over", "winner": st.match.remaining()[0] if st.match.remaining() else None})


def _zalupa_standings(st: DurakState) -> list[dict]:
    match = st.match
    rows = []
    for name, suit in match.trumps:
        lost = match.lost_by(name)
        rows.append({"player": name, "trump": suit, "trumps_left": len(ZALUPA_RANKS) - len(lost),
                     "lost": list(lost),
                     "out_of_match": match.eliminated.index(name) + 1 if name in match.eliminated else None})
    return rows


# -- Govno -------------------------------------------------------------------------

def _role_chain(n: int) -> tuple[str, ...]:
    """D5.3: King, Govno, Dvornik, Worker, Executioner, then Jester and extra roles as the
    table grows (the Jester is missing with 6), and the Prince last, next to the King."""
    middle = GOVNO_ROLES[5:-1][:n - 6]
    return GOVNO_ROLES[:5] + middle + GOVNO_ROLES[-1:]


def _role_seat(st: DurakState, role: str) -> int:
    return st.roles.index(role)


def _permute(st: DurakState, src: list[int]) -> None:
    """People move: seat `s` now holds whoever (and whatever hand) sat at `src[s]`."""
    dest = {old: new for new, old in enumerate(src)}
    for field in ("occupant", "size", "known", "sit", "fresh"):
        old = getattr(st, field)
        setattr(st, field, [old[src[s]] for s in range(st.n)])
    for card, place in list(st.loc.items()):
        if place < st.n:
            st.loc[card] = dest[place]
    st.out = [dest[s] for s in st.out]
    if st.claim is not None:
        st.claim = (dest[st.claim[0]],) + st.claim[1:]


# -- event handlers ------------------------------------------------------------------

def _hand(st: DurakState, ev: dict, seq: int, notes: list) -> tuple[str | None, str]:
    """A reveal: `cards` are exactly the seat's hand now."""
    seat = _seat(st, ev)
    cards = parse_cards(ev.get("cards"))
    if len(set(cards)) != len(cards):
        raise BadEvent("a card is listed twice")
    if len(cards) != st.size[seat]:
        raise Illegal("D0.1", f"{st.name(seat)} holds {st.size[seat]} card(s), not {len(cards)}")
    missing = [c for c in st.known[seat] if c not in cards]
    if missing:
        raise Illegal("D0.1", f"{st.name(seat)} must still hold {' '.join(missing)}")
    for c in cards:
        _reveal(st, seat, c, seq, notes)
    return None, f"{st.name(seat)} holds {' '.join(cards) or 'nothing'}"


# The rule that says what must happen first, for an event that comes at the wrong time.
BLOCKING_RULES = {REFILL: "D1.7", TURN: "D4.1", NAMING: "D5.3"}


def _need_phase(st: DurakState, phases: tuple, rule: str, doing: str) -> None:
    if st.phase not in phases:
        if st.phase == DEAL:
            rule = "D4.5" if st.variants.toilet else "D0.2"
        rule = BLOCKING_RULES.get(st.phase, rule)
        raise Illegal(rule, f"{doing} does not belong in {PHASE_WORDS[st.phase]}{_expecting(st)}")


def _expecting(st: DurakState) -> str:
    if st.phase == DEAL:
        if st.variants.toilet:
            return ": draw from under the heap until the house falls"
        return ": turn up the trump card"
    if st.phase == NAMING:
        return f": the King ({st.name(st.attacker)}) names trump"
    if st.phase == ATTACK:
        who = st.name(st.attacker) if st.attacker is not None else "the holder of the lowest trump"
        return f": {who} attacks"
    if st.phase == BOUT:
        return f": {st.name(st.defender)} is defending"
    if st.phase == REFILL:
        return f": {st.name(st.refill[0])} draws" if st.refill else ""
    if st.phase == TURN:
        return ": turn up the second trump card"
    return _over_words(st)


def _trump_event(st: DurakState, ev: dict, seq: int, notes: list):
    if st.phase == NAMING:
        return _name_trump(st, ev)
    if st.kind != "durak" or st.variants.toilet:
        rule = {"zalupa": "D5.2", "govno": "D5.3"}.get(st.kind, "D4.5")
        raise Illegal(rule, "no card is turned up for trump in this game")
    _need_phase(st, (DEAL, TURN), "D0.2" if st.phase != TURN else "D4.1", "turning up a trump")
    card = _one_card(ev)
    _in_deck(st, card)
    if card in st.loc and not (st.phase == DEAL and st.talon == 0):
        raise Illegal("D0.1", f"{card} cannot be turned up: it is {_where(st, card)}")
    if st.phase == TURN:  # D4.1: the face-down card under the trump
        st.loc[card] = ASIDE
        st.trump = SUIT[card]
        notes.append({"kind": "trump", "suit": st.trump})
        _settle(st, notes)
        return "D4.1", f"the second trump card {card} is turned up: trump is now {SUIT_NAMES[st.trump]}"
    st.trump = SUIT[card]
    st.trump_card = card
    notes.append({"kind": "trump", "suit": st.trump})
    if st.talon == 0:  # D0.1 with 6 players: the last card dealt shows trump and stays in the hand
        if "seat" not in ev:
            raise BadEvent("no talon: give the 'seat' whose last dealt card shows trump")
        seat = _seat(st, ev)
        _reveal(st, seat, card, seq, notes)
        where = f"in {st.name(seat)}'s hand"
    else:
        st.loc[card] = TALON
        where = "under the talon"
    st.phase = ATTACK
    return "D0.2", f"trump is {SUIT_NAMES[st.trump]}: {card} lies {where}{_expecting(st)}"


def _name_trump(st: DurakState, ev: dict) -> tuple[str, str]:
    seat = _seat(st, ev)
    if seat != st.attacker:
        raise Illegal("D5.3", f"the King ({st.name(st.attacker)}) names trump, not {st.name(seat)}")
    suit = ev.get("suit")
    if not isinstance(suit, str) or suit.strip().upper() not in SUIT_NAMES:
        raise BadEvent("the King names a suit: 'suit' is S, H, D or C")
    st.trump = suit.strip().upper()
    st.phase = ATTACK
    govno = st.next_active(st.attacker)
    return "D5.3", (f"the King names {SUIT_NAMES[st.trump]} (6D is the highest trump); "
                    f"the King attacks the Govno ({st.name(govno)})")


def _draw(st: DurakState, ev: dict, seq: int, notes: list):
    seat = _seat(st, ev)
    cards = parse_cards(ev["cards"]) if "cards" in ev else None
    count = ev.get("count", len(cards) if cards is not None else None)
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise BadEvent("'draw' needs 'count' (a number of cards) or 'cards'")
    if cards is not None and len(cards) != count:
        raise BadEvent("'count' and 'cards' disagree")
    if cards is not None and len(set(cards)) != len(cards):
        raise BadEvent("a card is listed twice")
    if st.phase == DEAL and st.variants.toilet:
        return _toilet_draw(st, seat, count, cards)
    _need_phase(st, (REFILL,), "D1.7", "drawing")
    first = st.refill[0]
    if seat != first:
        raise Illegal("D1.7", f"{st.name(first)} draws now: the main attacker first, then the others "
                              f"in order, the defender last")
    due = min(HAND - st.size[seat], st.talon)
    if count != due:
        raise Illegal("D1.7", f"{st.name(seat)} draws {due} card(s) to make {HAND} "
                              f"(or what the talon has), not {count}")
    last = count == st.talon and st.trump_card is not None and st.loc.get(st.trump_card) == TALON
    if cards is not None:
        for c in cards:
            _in_deck(st, c)
            if c in st.loc and not (last and c == st.trump_card):
                raise Illegal("D0.1", f"{c} cannot come from the talon: it is {_where(st, c)}")
        if last and st.trump_card not in cards:
            raise Illegal("D0.2", f"the talon's last card is the trump card {st.trump_card}")
    known = list(cards) if cards is not None else ([st.trump_card] if last else [])
    st.talon -= count
    st.size[seat] += count
    st.known[seat] = st.known[seat] + known
    for c in known:
        st.loc[c] = seat
    if count > len(known):
        st.fresh[seat] = False
    st.refill = st.refill[1:]
    _advance_refill(st, notes)
    return "D1.7", f"{st.name(seat)} draws {count}" + (f" ({' '.join(known)})" if known else "") + \
        f"; {st.talon} left in the talon{_expecting(st)}"


def _toilet_draw(st: DurakState, seat: int, count: int, cards) -> tuple[str, str]:
    if count != 1:
        raise Illegal("D4.5", "draw one card at a time from under the heap")
    if st.toilet_next is not None and seat != st.toilet_next:
        raise Illegal("D4.5", f"{st.name(st.toilet_next)} draws next: the players take turns")
    if st.heap <= 2:
        raise Illegal("D4.5", "only the house is left: it falls")
    if cards:
        _in_deck(st, cards[0])
        if cards[0] in st.loc:
            raise Illegal("D0.1", f"{cards[0]} is {_where(st, cards[0])}")
        _to_hand(st, seat, cards)
    else:
        st.size[seat] += 1
        st.fresh[seat] = False
    st.heap -= 1
    st.toilet_next = (seat + 1) % st.n
    return "D4.5", f"{st.name(seat)} draws from under the heap; {st.heap} left in it"


def _house(st: DurakState, ev: dict, seq: int, notes: list):
    """D4.5: the house falls; the seat that dropped it takes the rest, the face-up card is trump."""
    if not st.variants.toilet:
        raise Illegal("D4.5", "there is no toilet in this game")
    _need_phase(st, (DEAL,), "D4.5", "the house falling")
    seat = _seat(st, ev)
    if st.toilet_next is not None and seat != st.toilet_next:
        raise Illegal("D4.5", f"{st.name(st.toilet_next)} is drawing: only they can drop the house")
    card = _one_card(ev)
    _in_deck(st, card)
    if card in st.loc:
        raise Illegal("D0.1", f"{card} is {_where(st, card)}")
    rest = st.heap
    st.size[seat] += rest - 1
    _to_hand(st, seat, [card])
    st.fresh = [True] * st.n  # the deal is over: what the hands hold now was dealt (D0.3 proofs)
    st.heap = 0
    st.trump = SUIT[card]
    st.trump_card = card
    st.toilet_next = None
    notes.append({"kind": "trump", "suit": st.trump})
    st.phase = ATTACK
    _settle(st, notes)  # D2.1: who drew nothing is out at once
    return "D4.5", (f"the house falls on {st.name(seat)}, who takes the {rest} card(s) left; "
                    f"{card} fell face up: trump is {SUIT_NAMES[st.trump]}{_expecting(st)}")


def _show(st: DurakState, ev: dict, seq: int, notes: list):
    """D0.3: the first attacker of a session shows the lowest trump."""
    seat = _seat(st, ev)
    card = _one_card(ev)
    _need_phase(st, (ATTACK,), "D0.3", "showing the lowest trump")
    if not (st.first_game_lowest() and st.bouts == 0):
        raise Illegal("D0.3", f"no trump is shown now{_expecting(st)}")
    if SUIT[card] != st.trump:
        raise Illegal("D0.3", f"{card} is not a trump: trump is {SUIT_NAMES[st.trump]}")
    if st.claim is not None:
        raise Illegal("D0.3", f"{st.name(st.claim[0])} already showed the lowest trump")
    if st.attacker is not None and seat != st.attacker:
        raise Illegal("D0.3", f"{st.name(st.attacker)} holds the lowest trump and attacks first")
    _reveal(st, seat, card, seq, notes)
    _check_lowest(st, seat, card)
    for s in range(st.n):  # before the first bout every known card in a hand was dealt there
        lower = [c for c in st.known[s] if SUIT[c] == st.trump and RANK[c] < RANK[card]]
        if lower:
            raise Illegal("D0.3", f"{lower[0]} in {st.name(s)}'s hand is a lower trump than {card}")
    st.attacker = seat
    st.claim = (seat, card, st.trump, seq)
    return "D0.3", f"{st.name(seat)} shows {card}, the lowest trump, and attacks first"


def _lowest_trump(st: DurakState) -> tuple[int, str] | None:
    """(seat, card) of the lowest trump in the hands, when every hand is known."""
    if any(st.hidden(s) for s in range(st.n)):
        return None
    best = None
    for s in range(st.n):
        for c in st.known[s]:
            if SUIT[c] == st.trump and (best is None or RANK[c] < RANK[best[1]]):
                best = (s, c)
    return best


def _check_lowest(st: DurakState, seat: int, card: str | None) -> None:
    """Open hands: the first attacker holds (and shows) the lowest trump."""
    low = _lowest_trump(st)
    if low is None:
        return
    if low[0] != seat:
        raise Illegal("D0.3", f"{st.name(low[0])} holds the lowest trump, {low[1]}, and attacks first")
    if card is not None and card != low[1]:
        raise Illegal("D0.3", f"{st.name(seat)}'s lowest trump is {low[1]}: show that one")


def _first_attack_check(st: DurakState, seat: int) -> None:
    """D0.3 in a session's first game: without a show the attacker claims the lowest trump."""
    if st.bouts or not st.first_game_lowest() or st.claim is not None:
        return
    _check_lowest(st, seat, None)
    if st.attacker is None:
        st.attacker = seat


def _attack(st: DurakState, ev: dict, seq: int, notes: list):
    seat = _seat(st, ev)
    if st.phase == BOUT:
        raise Illegal("D1.3", f"a bout is on: {st.name(seat)} adds cards with a throw-in{_expecting(st)}")
    _need_phase(st, (ATTACK,), "D1.1", "an attack")
    cards = parse_cards(ev["cards"]) if "cards" in ev else [_one_card(ev)]
    if len(cards) != 1:
        raise Illegal("D1.1", f"a bout is led with one card, not {len(cards)}: add more with throw-ins")
    card = cards[0]
    _first_attack_check(st, seat)
    if seat != st.attacker:
        rule = "D5.3" if st.kind == "govno" and st.bouts == 0 else "D0.3" if st.bouts == 0 else "D0.4"
        raise Illegal(rule, f"{st.name(st.attacker)} attacks now, not {st.name(seat)}")
    if st.size[seat] == 0:
        raise Illegal("D4.2", f"{st.name(seat)} takes up the sit cards before attacking")
    defender = st.next_active(seat)
    if st.size[defender] == 0:
        raise Illegal("D4.2", f"{st.name(defender)} takes up the sit cards before defending")
    st.defender = defender
    if st.variants.no_limit:
        st.cap = None
    else:
        st.cap = FIRST_BOUT_CAP if st.bouts == 0 and not st.variants.first_bout_six else BOUT_CAP
    st.def_start = st.size[defender]
    st.declared = False
    st.shown = frozenset()
    st.phase = BOUT
    _left_hand(st, seat, card, TABLE, seq, notes)
    st.table = (Attack(card, seat),)
    return "D1.1", f"{st.name(seat)} attacks {st.name(defender)} with {card}"


def _may_throw(st: DurakState, seat: int) -> str | None:
    """Why `seat` may not throw in now (a rule id and words), or None."""
    if seat == st.defender:
        return "D1.3"
    if seat in st.out:
        return "D2.1"
    if st.variants.neighbours_only:
        if seat not in (st.next_active(st.defender), st.next_active(st.defender, -st.step)):
            return "D1.3"
    return None


def _throw_in(st: DurakState, ev: dict, seq: int, notes: list):
    seat = _seat(st, ev)
    cards = parse_cards(ev["cards"]) if "cards" in ev else [_one_card(ev)]
    if not cards:
        raise BadEvent("a throw-in needs at least one card")
    _need_phase(st, (BOUT,), "D1.3", "a throw-in")
    why = _may_throw(st, seat)
    if why == "D2.1":
        raise Illegal("D2.1", f"{st.name(seat)} is out of the game")
    if why is not None:
        if seat == st.defender:
            raise Illegal("D1.3", f"{st.name(seat)} is the defender and cannot throw in")
        raise Illegal("D1.3", f"only {st.name(st.defender)}'s neighbours throw in (neighbours_only)")
    for card in cards:
        if RANK[card] not in st.table_ranks():
            ranks = " ".join(_rank_text(r) for r in sorted(st.table_ranks()))
            raise Illegal("D1.3", f"{card} cannot be thrown in: only ranks on the table ({ranks})")
        if len(st.table) + 1 > st.limit():
            if st.cap is not None and len(st.table) + 1 > st.cap:
                first = " in the first bout" if st.cap == FIRST_BOUT_CAP else ""
                raise Illegal("D1.4", f"at most {st.cap} attacking cards{first}: {card} is one too many")
            rule = "D4.4" if st.cap is None else "D1.4"  # no_limit lifts only the 6-card cap
            raise Illegal(rule, f"{st.name(st.defender)} held {st.def_start} card(s) at the start of "
                                f"the bout: no more than {st.def_start} attacking cards")
        _left_hand(st, seat, card, TABLE, seq, notes)
        st.table = st.table + (Attack(card, seat),)
    return "D1.3", f"{st.name(seat)} throws in {' '.join(cards)}"


def _defend(st: DurakState, ev: dict, seq: int, notes: list):
    seat = _seat(st, ev)
    card = _one_card(ev)
    _need_phase(st, (BOUT,), "D1.2", "a defence")
    if seat != st.defender:
        raise Illegal("D1.2", f"only the defender, {st.name(st.defender)}, beats cards")
    if st.declared:
        raise Illegal("D1.6", f"{st.name(seat)} said 'take': pick up the cards")
    open_cards = st.unbeaten()
    if "covers" in ev:
        target = parse_card(ev["covers"])
        match = [a for a in st.table if a.card == target]
        if not match:
            raise Illegal("D1.2", f"{target} is not an attacking card on the table")
        if match[0].cover is not None:
            raise Illegal("D1.2", f"{target} is already beaten by {match[0].cover}: one cover per card")
    elif len(open_cards) == 1:
        target = open_cards[0].card
    elif not open_cards:
        raise Illegal("D1.2", "every attacking card is already beaten")
    else:
        raise BadEvent(f"say which card {card} covers ('covers': one of "
                       f"{' '.join(a.card for a in open_cards)})")
    if not st.beats(card, target, seat):
        raise Illegal(_beat_rule(st, card, target), _beat_words(st, seat, card, target))
    _left_hand(st, seat, card, TABLE, seq, notes)
    st.table = tuple(Attack(a.card, a.seat, card) if a.card == target else a for a in st.table)
    return "D1.2", f"{st.name(seat)} beats {target} with {card}"


def _beat_rule(st: DurakState, card: str, target: str) -> str:
    if st.kind == "govno" and GOVNO_TOP_TRUMP in (card, target):
        return "D5.3"
    return "D5.2" if st.kind == "zalupa" and SUIT[card] != SUIT[target] else "D1.2"


def _beat_words(st: DurakState, seat: int, card: str, target: str) -> str:
    suit = st.trump_for(seat)
    if st.kind == "govno" and target == GOVNO_TOP_TRUMP:
        return f"nothing beats {GOVNO_TOP_TRUMP}, the highest trump: {st.name(seat)} must take"
    how = f"a higher {SUIT_SINGULAR[SUIT[target]]}"
    if not st.is_trump(target, suit) and suit is not None:
        how += f" or a trump ({SUIT_NAMES[suit]})"
    whose = f" ({st.name(seat)}'s own trump)" if st.kind == "zalupa" else ""
    if st.is_trump(target, suit) and st.is_trump(card, suit):
        return f"{card} is a lower trump{whose} than {target}: beat with {how}, or take"
    return f"{st.name(seat)}'s {card} does not beat {target}: beat with {how}, or take"


def _transfer(st: DurakState, ev: dict, seq: int, notes: list):
    seat = _seat(st, ev)
    card = _one_card(ev)
    by_show, by_pass = bool(ev.get("show")), bool(ev.get("pass"))
    rule = "D4.3" if by_pass else "D3.3" if by_show else "D3.1"
    if not st.variants.transfers or (by_show and not st.variants.trump_show_transfer):
        raise Illegal(rule, "transfers are not played here" if not by_show or not st.variants.transfers
                      else "showing a trump to transfer needs the variant trump_show_transfer")
    if by_pass and not st.variants.pass_card:
        raise Illegal("D4.3", "there are no pass cards in this game")
    _need_phase(st, (BOUT,), rule, "a transfer")
    if seat != st.defender:
        raise Illegal("D3.1", f"only the defender, {st.name(st.defender)}, can transfer")
    if st.declared:
        raise Illegal("D1.6", f"{st.name(seat)} said 'take': pick up the cards")
    if any(a.cover for a in st.table):
        raise Illegal(rule, "a transfer comes before beating anything: a card is already beaten")
    rank = RANK[st.table[0].card]
    new = st.next_active(seat)
    if new == seat:
        raise Illegal("D3.1", "nobody is left to transfer to")
    count = len(st.table) + (0 if by_show or by_pass else 1)
    if by_pass:
        if card not in st.pass_cards:
            raise Illegal("D4.3", f"{card} is not a pass card (pass cards: {' '.join(_sorted(st.pass_cards))})")
        if st.hidden(seat) == 0:
            if _can_defend(st, seat):
                raise Illegal("D4.3", f"{st.name(seat)} can beat or transfer: the pass card is for an "
                                      f"attack the holder cannot beat")
    elif RANK[card] != rank:
        raise Illegal(rule, f"{card} does not transfer: a transfer needs a {_rank_text(rank)}")
    elif by_show and not st.is_trump(card, st.trump_for(seat)):
        raise Illegal("D3.3", f"{card} is not a trump: only a trump of that rank is shown to transfer")
    if (by_show or by_pass) and st.loc.get(card, seat) != seat:
        raise Illegal("D0.1", f"{st.name(seat)} cannot show {card}: it is {_where(st, card)}")
    if (by_show or by_pass) and card in st.shown:
        raise Illegal(rule, f"{card} was already shown in this bout: it transfers once")
    if st.size[new] < count:
        raise Illegal("D3.2", f"{st.name(new)} holds {st.size[new]} card(s): too few to defend against "
                              f"{count}")
    if st.cap is not None and count > st.cap:
        raise Illegal("D1.4", f"at most {st.cap} attacking cards in this bout")
    if by_show or by_pass:
        _reveal(st, seat, card, seq, notes)
        st.shown = st.shown | {card}
        how = "shows " + card
    else:
        _left_hand(st, seat, card, TABLE, seq, notes)
        st.table = st.table + (Attack(card, seat),)
        how = "plays " + card
    st.defender = new
    st.def_start = st.size[new]
    return rule, f"{st.name(seat)} {how} and transfers the attack to {st.name(new)}"


def _can_defend(st: DurakState, seat: int) -> bool:
    """Open hand: could `seat` beat every unbeaten card, or transfer by rank?"""
    hand = st.known[seat]
    rank = RANK[st.table[0].card]
    if st.variants.transfers and not any(a.cover for a in st.table) and any(RANK[c] == rank for c in hand) \
            and st.size[st.next_active(seat)] >= len(st.table) + 1 and st.next_active(seat) != seat:
        return True
    return _cover_all([a.card for a in st.unbeaten()], hand, st, seat)


def _cover_all(targets: list[str], hand: list[str], st: DurakState, seat: int) -> bool:
    """Can every target be beaten by a different card of `hand`? (bipartite matching)"""
    owner: dict[str, str] = {}  # hand card -> the target it covers

    def place(target: str, tried: set) -> bool:
        for card in hand:
            if card not in tried and st.beats(card, target, seat):
                tried.add(card)
                if card not in owner or place(owner[card], tried):
                    owner[card] = target
                    return True
        return False

    return all(place(target, set()) for target in targets)


def _announce(st: DurakState, ev: dict, seq: int, notes: list):
    call = ev.get("call")
    if call != "take":
        raise BadEvent("the Durak call is 'take' (the defender says 'I take')")
    seat = _seat(st, ev)
    _need_phase(st, (BOUT,), "D1.6", "saying 'take'")
    if seat != st.defender:
        raise Illegal("D1.6", f"only the defender, {st.name(st.defender)}, can take")
    if st.declared:
        raise Illegal("D1.6", f"{st.name(seat)} already said 'take'")
    st.declared = True
    return "D1.6", f"{st.name(seat)} takes: the attackers may still throw in (up to {st.limit()} cards)"


def _take(st: DurakState, ev: dict, seq: int, notes: list):
    seat = _seat(st, ev)
    _need_phase(st, (BOUT,), "D1.6", "taking")
    if seat != st.defender:
        raise Illegal("D1.6", f"only the defender, {st.name(st.defender)}, picks up the table")
    cards = [a.card for a in st.table] + [a.cover for a in st.table if a.cover]
    if "cards" in ev:
        said = parse_cards(ev["cards"])
        if sorted(said) != sorted(cards):
            raise Illegal("D1.6", f"the defender picks up every card on the table: {' '.join(cards)}")
    _to_hand(st, seat, cards)
    attacker, defender = st.attacker, st.defender
    notes.append({"kind": "took", "seat": seat, "cards": cards})
    st.table = ()
    what = f"{st.name(seat)} picks up {len(cards)} card(s)"
    nxt = st.next_active(defender)
    swap = None
    if st.kind == "govno":
        pair = {st.roles[attacker], st.roles[defender]}
        if pair != {"King", "Govno"} and attacker != defender and st.active(attacker):
            swap = (attacker, defender)
    queue = _refill_queue(st, attacker, defender)
    if swap is not None:
        a, d = swap
        src = list(range(st.n))
        src[a], src[d] = d, a
        _permute(st, src)
        queue = tuple(d if s == a else a if s == d else s for s in queue)
        notes.append({"kind": "swap", "seats": [a, d], "roles": [st.roles[a], st.roles[d]]})
        what += (f"; {st.name(d)} moves to the {st.roles[d]}'s seat and {st.name(a)} becomes "
                 f"{st.roles[a]}")
        nxt = d
    _end_bout(st, nxt, queue, notes)
    return ("D5.3" if swap else "D1.6"), what + _expecting(st)


def _discard(st: DurakState, ev: dict, seq: int, notes: list):
    _need_phase(st, (BOUT,), "D1.5", "'bito' (discarding the bout)")
    if st.declared:
        raise Illegal("D1.6", f"{st.name(st.defender)} said 'take': the cards go to that hand")
    left = st.unbeaten()
    if left:
        raise Illegal("D1.5", f"{' '.join(a.card for a in left)} is not beaten: "
                              f"{st.name(st.defender)} beats or takes")
    for a in st.table:
        st.loc[a.card] = DISCARD
        st.loc[a.cover] = DISCARD
    defender = st.defender
    notes.append({"kind": "bout_won", "seat": defender})
    queue = _refill_queue(st, st.attacker, defender)
    st.table = ()
    _maybe_out(st, defender, notes)
    nxt = defender if st.active(defender) else st.next_active(defender)
    _end_bout(st, nxt, queue, notes)
    return "D1.5", f"bito: {st.name(defender)} beat the bout{_expecting(st)}"


def _refill_queue(st: DurakState, attacker: int, defender: int) -> tuple[int, ...]:
    """D1.7: the main attacker, the others in the order of play, the defender last."""
    order = [attacker] + [(attacker + st.step * i) % st.n for i in range(1, st.n)]
    order = [s for s in order if s != defender] + [defender]
    return tuple(order)


def _end_bout(st: DurakState, next_attacker: int, queue: tuple, notes: list) -> None:
    st.bouts += 1
    st.defender = None
    st.declared = False
    st.shown = frozenset()
    st.attacker = next_attacker
    st.refill = tuple(s for s in queue if s not in st.out)
    st.phase = REFILL
    _advance_refill(st, notes)


def _advance_refill(st: DurakState, notes: list) -> None:
    """Skip those who hold 6; end the refill when the talon or the queue is empty."""
    while st.refill and st.talon and st.size[st.refill[0]] >= HAND:
        st.refill = st.refill[1:]
    if st.refill and st.talon:
        return
    st.refill = ()
    if st.talon == 0 and st.variants.two_trumps and ASIDE not in st.loc.values():
        st.phase = TURN
        return
    _settle(st, notes)


def _settle(st: DurakState, notes: list) -> None:
    """Between bouts: who has no cards is out (D2.1); one player left is the fool (D2.2)."""
    for s in range(st.n):
        _maybe_out(st, s, notes)
    live = [s for s in range(st.n) if s not in st.out]
    if len(live) <= 1:
        st.phase = OVER
        if live:
            st.fool = live[0]
            notes.append({"kind": "fool", "seat": st.fool})
            notes.append({"kind": "goat", "seat": st.fool})
        else:
            st.drawn = True
            notes.append({"kind": "draw_game"})
        if st.kind == "zalupa":
            _zalupa_after(st, notes)
        return
    st.phase = ATTACK
    if st.attacker in st.out:
        st.attacker = st.next_active(st.attacker)


def _sit(st: DurakState, ev: dict, seq: int, notes: list):
    seat = _seat(st, ev)
    if not st.variants.sit_cards:
        raise Illegal("D4.2", "there are no sit cards in this game")
    if st.sit[seat] == 0:
        raise Illegal("D4.2", f"{st.name(seat)} has no sit cards left")
    if st.size[seat] or st.talon:
        raise Illegal("D4.2", "sit cards are taken up only when the hand and the talon are empty")
    if st.phase in (DEAL, NAMING, TURN, REFILL):
        raise Illegal("D4.2", f"not during {PHASE_WORDS[st.phase]}")
    count = st.sit[seat]
    cards = parse_cards(ev["cards"]) if "cards" in ev else None
    if cards is not None:
        if len(cards) != count or len(set(cards)) != count:
            raise Illegal("D4.2", f"{st.name(seat)} has {count} sit cards")
        for c in cards:
            _in_deck(st, c)
            if c in st.loc:
                raise Illegal("D0.1", f"{c} cannot be a sit card: it is {_where(st, c)}")
        _to_hand(st, seat, cards)
    else:
        st.size[seat] += count
        st.fresh[seat] = False
    st.sit[seat] = 0
    return "D4.2", f"{st.name(seat)} takes up {count} sit card(s)"


def _offence(st: DurakState, ev: dict, seq: int, notes: list):
    """D5.3: an etiquette breach sends the offender to the Govno's seat; the Govno and
    everyone ranked below the offender move up one seat."""
    if st.kind != "govno":
        raise Illegal("D5.3", "there are no roles in this game")
    seat = _seat(st, ev)
    if st.phase in (BOUT, REFILL):
        raise Illegal("D5.3", "seats change between bouts: finish the bout and the refill first")
    chain = _role_chain(st.n)
    ranked = [_role_seat(st, r) for r in chain[1:]] + [_role_seat(st, "King")]  # Govno up to the King
    i = ranked.index(seat)
    if i == 0:
        return "D5.3", f"{st.name(seat)} is the Govno already"
    src = list(range(st.n))
    src[ranked[0]] = seat
    for k in range(1, i + 1):
        src[ranked[k]] = ranked[k - 1]
    old_name = st.name(seat)
    _permute(st, src)
    notes.append({"kind": "to_govno", "seat": ranked[0], "player": old_name})
    return "D5.3", f"{old_name} broke the etiquette and sits down as the Govno; the others move up"


HANDLERS = {
    "hand": _hand, "trump": _trump_event, "draw": _draw, "house": _house, "show": _show,
    "attack": _attack, "throw_in": _throw_in, "defend": _defend, "transfer": _transfer,
    "announce": _announce, "take": _take, "discard": _discard, "sit": _sit, "offence": _offence,
}


GAME = Durak("durak")
ZALUPA = Durak("zalupa")
GOVNO = Durak("govno")


# -- legal events (for simulation, hints and property tests) ------------------------

def legal_events(st: DurakState) -> list[dict]:
    """Every legal event now, for a state whose hands are all known (open mode), except
    the ones only the physical cards decide (the trump card, draws' identities, the house):
    draws are listed by `count`, and sit events without cards."""
    events: list[dict] = []
    if st.phase in (ATTACK, BOUT) and st.variants.sit_cards and not st.talon:
        events += [{"type": "sit", "seat": s} for s in range(st.n) if st.sit[s] and not st.size[s]]
    if st.phase == ATTACK:
        attacker = st.attacker
        if st.first_game_lowest() and st.bouts == 0 and st.claim is None:
            low = _lowest_trump(st)
            if low is None and attacker is None:
                return events + [{"type": "attack", "seat": s, "card": c} for s in range(st.n) for c in st.known[s]]
            if low is not None:
                events.append({"type": "show", "seat": low[0], "card": low[1]})
                attacker = low[0]
        if st.size[attacker] and st.size[st.next_active(attacker)]:
            events += [{"type": "attack", "seat": attacker, "card": c} for c in st.known[attacker]]
    elif st.phase == BOUT:
        d = st.defender
        ranks = st.table_ranks()
        if len(st.table) < st.limit():
            for s in range(st.n):
                if _may_throw(st, s) is None:
                    events += [{"type": "throw_in", "seat": s, "cards": [c]} for c in st.known[s]
                               if RANK[c] in ranks]
        if not st.declared:
            for a in st.unbeaten():
                events += [{"type": "defend", "seat": d, "card": c, "covers": a.card}
                           for c in st.known[d] if st.beats(c, a.card, d)]
            events += _legal_transfers(st)
            events.append({"type": "announce", "seat": d, "call": "take"})
        events.append({"type": "take", "seat": d})
        if not st.unbeaten() and not st.declared:
            events.append({"type": "discard"})
    elif st.phase == REFILL and st.refill:
        s = st.refill[0]
        events.append({"type": "draw", "seat": s, "count": min(HAND - st.size[s], st.talon)})
    return events


def _legal_transfers(st: DurakState) -> list[dict]:
    v = st.variants
    d = st.defender
    new = st.next_active(d)
    if not v.transfers or any(a.cover for a in st.table) or new == d:
        return []
    rank = RANK[st.table[0].card]
    count = len(st.table)
    cap_ok = st.cap is None or count + 1 <= st.cap
    events = []
    if st.size[new] >= count + 1 and cap_ok:
        events += [{"type": "transfer", "seat": d, "card": c} for c in st.known[d] if RANK[c] == rank]
    if st.size[new] >= count:
        if v.trump_show_transfer:
            events += [{"type": "transfer", "seat": d, "card": c, "show": True} for c in st.known[d]
                       if RANK[c] == rank and st.is_trump(c, st.trump_for(d)) and c not in st.shown]
        if v.pass_card and not _can_defend(st, d):
            events += [{"type": "transfer", "seat": d, "card": c, "pass": True} for c in st.known[d]
                       if c in st.pass_cards and c not in st.shown]
    return events
