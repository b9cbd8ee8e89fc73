"""Random Golf players at a simulated table, for `goatherd simulate` and the tests.

One simulated game is one match (9 rounds unless told otherwise). The simulator holds the
physical cards (deal, stock order, reshuffles) and an open-mode referee that knows every
grid; the players remember what they have seen (face-up cards, four-card peeks, cards they
put down) and play the way real players do: take a low or pairing discard, swap a drawn
card for a worse known card or a face-down one, discard the rest, knock (four-card) when
their known total is low, and make a careless choice now and then. It writes the open log
(`hand` reveals, drawn stock cards named) and the hidden log a camera would record (no
reveals; face-down cards named only when they go face up or onto the discard pile).
"""

from __future__ import annotations

import random

from referee.cards import deck
from referee.engine import Table
from referee.games.golf import FOUR, OVER, PLAY, REVEAL, Variants, card_value, legal_events

PLAYERS = (2, 8)  # fewest and most players `goatherd simulate` deals for
CARELESS = 0.1  # how often a player picks a random legal swap or discard
UNKNOWN_VALUE = 5  # what a player expects an unseen card to score
KNOCK_AT = 6  # a four-card player who knows all cards knocks at this known total or less
IMPATIENT_TURNS = 8  # rounds of turns after which players hurry the round to its end
MAX_EVENTS = 5000  # a round this long means a bug, not bad luck


class SimulationError(RuntimeError):
    pass


class _Round:
    """One round at the physical table, driving an open-mode referee."""

    def __init__(self, rng, table, open_log, hidden_log, seed):
        self.rng, self.table, self.open_log, self.hidden_log, self.seed = rng, table, open_log, hidden_log, seed
        self.stock: list[str] = []  # the physical stock; the last card is the top
        self.known: list[set[int]] = []  # grid positions each player has seen

    def emit(self, open_event: dict, hidden_event: dict | None = None, camera_sees: bool = True) -> None:
        """Referee `open_event`; the camera records `hidden_event` (default: the same event)."""
        ruling = self.table.apply(open_event)
        if not ruling.ok:
            raise SimulationError(f"seed {self.seed}: the referee refused {open_event}: {ruling.message}")
        self.open_log.append(open_event)
        if camera_sees:
            self.hidden_log.append(open_event if hidden_event is None else hidden_event)

    def play(self, start: dict, variants: Variants) -> None:
        rng = self.rng
        self.emit(dict(start, mode="open"), dict(start, mode="hidden"))
        st = self.table.state
        size, n = st.size, st.n
        cards = deck(st.copies)
        rng.shuffle(cards)
        self.stock = cards[n * size:]
        for s in range(n):
            self.emit({"type": "hand", "seat": s, "cards": cards[s * size:(s + 1) * size]}, camera_sees=False)
        self.known = [set() for _ in range(n)]
        self.emit({"type": "flip", "card": self.stock.pop()})
        for s in range(n):
            if st.need_flips:
                for _ in range(st.need_flips):
                    options = [e for e in legal_events(self.table.state) if e.get("seat") == s]
                    event = rng.choice(options)
                    self.emit(event)
                    self.known[s].add(event["position"])
            elif st.form == FOUR and not variants.four_in_hand:
                looked = rng.sample(range(size), 2)
                self.emit({"type": "peek", "seat": s, "positions": looked})
                self.known[s].update(looked)
            elif variants.four_in_hand:
                self.known[s].update(range(size))
        turns = 0
        for _ in range(MAX_EVENTS):
            st = self.table.state
            if st.phase == OVER:
                return
            if st.phase == REVEAL:
                self.reveal(st)
                continue
            if st.phase != PLAY:
                raise SimulationError(f"seed {self.seed}: stuck in phase {st.phase}")
            self.turn(st, turns // n >= IMPATIENT_TURNS)
            turns += 1
        raise SimulationError(f"seed {self.seed}: the round did not end within {MAX_EVENTS} events")

    # -- one turn -----------------------------------------------------------------
    def turn(self, st, hurry: bool) -> None:
        rng = self.rng
        seat = st.turn
        legal = legal_events(st)
        if st.form == FOUR and any(e["type"] == "knock" for e in legal) and (hurry or self.knock_worthy(st, seat)):
            self.emit({"type": "knock", "seat": seat})
            return
        draws = {e["source"]: e for e in legal if e["type"] == "draw"}
        if "stock" not in draws and any(e["type"] == "reshuffle" for e in legal):
            below = st.pile[:-1]
            rng.shuffle(below)
            self.stock = below
            self.emit({"type": "reshuffle"})
            st = self.table.state
            draws["stock"] = {"type": "draw", "seat": seat, "source": "stock"}
        take = draws.get("discard")
        if take is not None and ("stock" not in draws or self.best_swap(st, seat, take["card"], hurry)[1] >= 3):
            self.emit(take)
            self.place(seat, take["card"], from_pile=True, hurry=hurry)
            return
        card = self.stock.pop()
        self.emit({"type": "draw", "seat": seat, "source": "stock", "card": card},
                  {"type": "draw", "seat": seat, "source": "stock"})
        self.place(seat, card, from_pile=False, hurry=hurry)

    def knock_worthy(self, st, seat: int) -> bool:
        if len(self.known[seat]) < st.size:
            return False
        return sum(card_value(c, st.variants.jokers) for c in st.grid[seat]) <= KNOCK_AT

    def best_swap(self, st, seat: int, card: str, hurry: bool) -> tuple[int, int]:
        """(position, gain) of the best place for `card` as the player sees the grid."""
        bonus = st.variants.jokers
        value = card_value(card, bonus)
        best = (0, -99)
        for p in range(st.size):
            if p in self.known[seat]:
                old = st.grid[seat][p]
                gain = card_value(old, bonus) - value
                partner = self.partner(st, p)
                if partner is not None and partner in self.known[seat]:
                    mate = st.grid[seat][partner]
                    if mate[:-1] == card[:-1] and old[:-1] != card[:-1]:
                        gain = card_value(old, bonus) + card_value(mate, bonus)
            else:
                gain = UNKNOWN_VALUE - value + (10 if hurry else 0)
            if gain > best[1]:
                best = (p, gain)
        return best

    @staticmethod
    def partner(st, pos: int) -> int | None:
        if st.rows != 2 or st.variants.four_in_hand:
            return None
        return (pos + st.cols) % st.size

    def place(self, seat: int, card: str, from_pile: bool, hurry: bool) -> None:
        st = self.table.state
        pos, gain = self.best_swap(st, seat, card, hurry)
        careless = self.rng.random() < CARELESS
        if careless:
            pos = self.rng.randrange(st.size)
        if not from_pile and (gain <= 0 if not careless else self.rng.random() < 0.5):
            self.emit({"type": "discard", "seat": seat, "card": card})
            return
        out = st.grid[seat][pos]
        open_event = {"type": "swap", "seat": seat, "position": pos, "card_out": out, "card": card}
        hidden_event = dict(open_event)
        if st.variants.four_in_hand:  # held in hand: the camera cannot say where a card was held
            del open_event["position"], hidden_event["position"]
        if st.form == FOUR and not from_pile:  # the new card goes face down, unseen
            del hidden_event["card"]
        self.emit(open_event, hidden_event)
        self.known[seat].add(pos)

    def reveal(self, st) -> None:
        for s in range(st.n):
            if st.variants.four_in_hand:
                self.emit({"type": "hand", "seat": s, "cards": st.grid[s][:]})
            else:
                for p in st.face_down(s):
                    self.emit({"type": "flip", "seat": s, "position": p, "card": self.table.state.grid[s][p]})
            if self.table.state.phase == OVER:
                return


def simulate_game(players: list[str], seed: int, variants: dict | None = None,
                  holes: int = 9) -> tuple[list[dict], list[dict]]:
    """One random legal match of `holes` rounds: (open log, hidden log)."""
    rng = random.Random(seed)
    variants = dict(variants or {})
    parsed = Variants.parse(variants)
    open_log: list[dict] = []
    hidden_log: list[dict] = []
    table = Table()
    n = len(players)
    for k in range(holes):
        start = {"type": "start", "game": "golf", "players": list(players), "dealer": k % n}
        if variants:
            start["variants"] = variants
        if k == 0:
            start["match"] = {"holes": holes}
        _Round(rng, table, open_log, hidden_log, seed).play(start, parsed)
        if table.state.match_over:
            break
    return open_log, hidden_log
