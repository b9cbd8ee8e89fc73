"""Random Durak players at a simulated table, for `goatherd simulate` and the tests.

The simulator holds the physical cards (the shuffled deck, the talon with the trump card
at its bottom, the second trump, sit cards, the toilet heap) and an open-mode referee
that knows every hand; players choose among `legal_events` the way real players do
(lead low, beat cheaply, transfer when they can, throw in now and then, take when stuck).
It writes the open log (with `hand` reveals and the cards of every draw) and the hidden
log a camera would record (no reveals, draws as counts, sit cards unseen).

`simulate_game(..., game="zalupa" | "govno")` plays the D5 games; `simulate_session`
plays several games in a row at one table, so later games read the earlier ones.
"""

from __future__ import annotations

import random

from referee.cards import RANK, SUIT
from referee.engine import Table
from referee.games.durak import ATTACK, BOUT, OVER, TURN, ZALUPA_PLAYERS, Variants, _sorted, legal_events

PLAYERS = (2, 6)  # D0.1: fewest and most players `goatherd simulate` deals for
GAME_PLAYERS = {"durak": (2, 6), "zalupa": (2, ZALUPA_PLAYERS), "govno": (6, 8)}
MAX_EVENTS = 5000  # a game this long means a bug, not bad luck
PILE_ON = 0.15  # an attacker throws in before the defender answers
TRANSFER = 0.6  # a defender who can transfer does
BEAT = 0.92  # a defender who can beat a card does
SAY_TAKE = 0.5  # a defender who gives up says 'take' first
THROW_MORE = 0.4  # once the defender takes, or everything is beaten, somebody throws in
HOUSE_FALLS = 0.05  # toilet: chance the house falls on a draw
LEAD_LOW = 0.7  # the attacker leads the lowest non-trump


class SimulationError(RuntimeError):
    pass


def simulate_game(players: list[str], seed: int, variants: dict | None = None, game: str = "durak",
                  tables: tuple[Table, Table] | None = None) -> tuple[list[dict], list[dict]]:
    """One random legal game: (open log, hidden log). `tables` (open, hidden) continue a session."""
    lo, hi = GAME_PLAYERS[game]
    if not lo <= len(players) <= hi:
        raise SimulationError(f"{game} takes {lo} to {hi} players, not {len(players)}")
    return _Game(players, seed, dict(variants or {}), game, tables).play()


def simulate_session(players: list[str], seed: int, games: int, variants: dict | None = None,
                     game: str = "durak") -> tuple[list[dict], list[dict]]:
    """Several games at one table (a Zalupa match ends early when one player is left)."""
    tables = (Table(), Table())
    open_log: list[dict] = []
    hidden_log: list[dict] = []
    seating = list(players)
    for k in range(games):
        o, h = simulate_game(seating, seed * 7919 + k, variants, game, tables)
        open_log += o
        hidden_log += h
        st = tables[0].state
        seating = [st.name(s) for s in range(st.n)]
        if game == "zalupa":
            if st.match.over():
                break
            seating = [p for p in seating if p in st.match.remaining()]
    return open_log, hidden_log


class _Game:
    def __init__(self, players, seed, variants, game, tables):
        self.rng = random.Random(seed)
        self.seed = seed
        self.players = list(players)
        self.n = len(players)
        self.variants = variants
        self.kind = game
        self.open_table, self.hidden_table = tables or (Table(), Table())
        self.open_log: list[dict] = []
        self.hidden_log: list[dict] = []
        self.v = Variants.parse(variants)

    # -- output ------------------------------------------------------------------
    def emit(self, event: dict, hidden: dict | None = None, reveal: bool = False) -> None:
        """Send `event` to the open referee and `hidden` (default: the same) to the camera's."""
        ruling = self.open_table.apply(event)
        if not ruling.ok:
            raise SimulationError(f"seed {self.seed}: the referee refused {event}: {ruling.message}")
        self.open_log.append(event)
        if reveal:
            return
        hidden = event if hidden is None else hidden
        ruling = self.hidden_table.apply(hidden)
        if not ruling.ok:
            raise SimulationError(f"seed {self.seed}: the hidden referee refused {hidden}: {ruling.message}")
        self.hidden_log.append(hidden)

    @property
    def st(self):
        return self.open_table.state

    # -- the deal ----------------------------------------------------------------
    def start_event(self) -> dict:
        ev = {"type": "start", "game": self.kind, "players": self.players}
        if self.variants:
            ev["variants"] = self.variants
        if self.v.pass_card:
            ev["pass_cards"] = ["7S" if not self.v.deck52 else "2S"]
        last = self.open_table.session.last()
        if self.kind == "zalupa":
            match = last is not None and last.game == "zalupa" and dict(last.info)["match"]
            if not match or match.over():
                suits = list("SHDC")
                self.rng.shuffle(suits)
                ev["trumps"] = suits[:self.n]
        if self.kind == "govno" and not (last is not None and last.game == "govno"
                                         and set(last.players) == set(self.players)):
            ev["king"] = self.rng.randrange(self.n)
        return ev

    def play(self):
        start = self.start_event()
        self.emit(dict(start, mode="open"), dict(start, mode="hidden"))
        st = self.st
        cards = _sorted(st.deck)
        self.rng.shuffle(cards)
        if self.v.toilet:
            self.toilet(cards)
        else:
            self.deal(cards)
        for _ in range(MAX_EVENTS):
            st = self.st
            if st.phase == OVER:
                return self.open_log, self.hidden_log
            if st.phase == TURN:
                self.emit({"type": "trump", "card": self.second})
                continue
            self.step(legal_events(st))
        raise SimulationError(f"seed {self.seed}: the game did not end within {MAX_EVENTS} events")

    def deal(self, cards: list[str]) -> None:
        st = self.st
        per = st.size[0]
        hands = [cards[per * s:per * (s + 1)] for s in range(self.n)]
        pos = per * self.n
        sit = self.v.sit_cards
        self.sits = [cards[pos + sit * s:pos + sit * (s + 1)] for s in range(self.n)]
        pos += sit * self.n
        rest = cards[pos:]
        self.second = rest.pop(0) if self.v.two_trumps else None
        self.talon = rest  # talon[-1] is the top; talon[0], the bottom, is turned up for trump
        for s in range(self.n):
            self.emit({"type": "hand", "seat": s, "cards": hands[s]}, reveal=True)
        if self.kind == "durak":
            if self.talon:
                self.emit({"type": "trump", "card": self.talon[0]})
            else:
                self.emit({"type": "trump", "card": hands[-1][-1], "seat": self.n - 1})
        elif self.kind == "govno":
            king = st.attacker
            counts = {s: sum(SUIT[c] == s for c in hands[king]) for s in "SHDC"}
            suit = max("SHDC", key=lambda s: (counts[s], s))
            self.emit({"type": "trump", "seat": king, "suit": suit})

    def toilet(self, heap: list[str]) -> None:
        """D4.5: draw from under the heap until the house (the top two cards) falls."""
        seat = self.rng.randrange(self.n)
        hands = [[] for _ in range(self.n)]
        while len(heap) > 2 and self.rng.random() > HOUSE_FALLS:
            card = heap.pop(0)
            hands[seat].append(card)
            self.emit({"type": "draw", "seat": seat, "cards": [card]}, {"type": "draw", "seat": seat, "count": 1})
            seat = (seat + 1) % self.n
        face_up = heap[-1]
        self.emit({"type": "house", "seat": seat, "card": face_up})
        hands[seat] += heap
        self.emit({"type": "hand", "seat": seat, "cards": hands[seat]}, reveal=True)
        self.sits = [[] for _ in range(self.n)]
        self.talon = []
        self.second = None

    # -- play --------------------------------------------------------------------
    def step(self, options: list[dict]) -> None:
        st = self.st
        sits = [e for e in options if e["type"] == "sit"]
        if sits:
            ev = sits[0]
            self.emit(dict(ev, cards=self.sits[st.occupant[ev["seat"]]]), ev)  # sit cards go with the person
            return
        if not options:
            raise SimulationError(f"seed {self.seed}: no legal event in {st.phase}: the referee and "
                                  f"the simulator disagree")
        if st.phase == ATTACK:
            self.emit(self.attack(options))
        elif st.phase == BOUT:
            self.emit(self.bout(options))
        elif options[0]["type"] == "draw":
            ev = options[0]
            drawn = [self.talon.pop() for _ in range(ev["count"])]
            self.emit({"type": "draw", "seat": ev["seat"], "cards": drawn}, ev)
        else:
            raise SimulationError(f"seed {self.seed}: unexpected options {options[:3]}")

    def attack(self, options: list[dict]) -> dict:
        shows = [e for e in options if e["type"] == "show"]
        if shows:
            return shows[0]
        st = self.st
        trump = st.trump_for(st.next_active(options[0]["seat"]))
        if self.rng.random() < LEAD_LOW:
            return min(options, key=lambda e: (SUIT[e["card"]] == trump, RANK[e["card"]], e["card"]))
        return self.rng.choice(options)

    def bout(self, options: list[dict]) -> dict:
        rng = self.rng
        st = self.st
        by = {}
        for e in options:
            by.setdefault(e["type"], []).append(e)
        throws = by.get("throw_in", [])
        if st.unbeaten() and not st.declared:
            if throws and rng.random() < PILE_ON:
                return rng.choice(throws)
            if by.get("transfer") and rng.random() < TRANSFER:
                return rng.choice(by["transfer"])
            if by.get("defend") and rng.random() < BEAT:
                trump = st.trump_for(st.defender)
                return min(by["defend"], key=lambda e: (st.is_trump(e["card"], trump), RANK[e["card"]],
                                                        e["card"], e["covers"]))
            if by.get("announce") and rng.random() < SAY_TAKE:
                return by["announce"][0]
            return by["take"][0]
        if throws and rng.random() < THROW_MORE:
            return rng.choice(throws)
        return by["take"][0] if st.declared else by["discard"][0]
