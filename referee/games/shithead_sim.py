"""Random Shithead players at a simulated table, for `goatherd simulate` and the tests.

The simulator holds the physical cards (the stock order, each seat's face-down cards) and
an open-mode referee that knows every hand; the players choose among `legal_events` the
way real players do: put strong cards face up during the swap (2s, 10s, high cards),
play their lowest playable set (keeping 2s and 10s for need), sometimes a whole set,
pick up rather than waste a 10 now and then, and turn face-down cards up blind. It writes
the open log (hands in `start`, drawn cards named) and the hidden log a camera records
(face-up cards in `start`, draws as counts).
"""

from __future__ import annotations

import random

from referee.cards import RANK, deck
from referee.engine import Table
from referee.games.shithead import OVER, SWAP, legal_events, true_starter

SWAP_CHANCE = 0.8  # a player swaps a weak face-up card for a stronger hand card
STACK_CHANCE = 0.6  # with stacking: a player stacks a matching card
FULL_SET_CHANCE = 0.5  # a player holding several of a rank plays them all
SAVE_SPECIAL_CHANCE = 0.85  # a player keeps a 2 or a 10 while a plain card will do
TAKE_ANYWAY_CHANCE = 0.03  # a player who could play picks up instead
FREE_LEAD_CHANCE = 0.25  # a player leading on an empty pile plays any set, not the lowest
RESTLESS_AFTER = 400  # events: by now the players have noticed the game going round in
# circles (e.g. lower_than_seven with only high cards left) and play at random
MAX_EVENTS = 20000  # no game ends this late (the longest of 36,000 random games: 376 events)
PLAYERS = (2, 6)  # six only with the jokers variant (H3.1)


class SimulationError(RuntimeError):
    pass


class EndlessGame(SimulationError):
    """Nobody went out within MAX_EVENTS. The rules allow games that go round forever: with
    skip_rank and two players left, a skip card makes its player play again on it, so it can
    leave a hand only as that player's last card; if both players hold skip cards and other
    cards, neither can ever go out (seed 839, four players, reverse_rank and skip_rank)."""

    endless = True  # referee.simulate keeps this apart from a simulator's bugs


def _strength(card: str, jokers: tuple) -> int:
    """How much a player wants this card face up for the endgame (or in hand to play)."""
    if card in jokers:
        return 14
    rank = RANK[card]
    return {2: 15, 10: 16}.get(rank, rank)


def simulate_game(players: list[str], seed: int, variants: dict | None = None) -> tuple[list[dict], list[dict]]:
    """One random legal game: (open log, hidden log)."""
    rng = random.Random(seed)
    variants = dict(variants or {})
    n = len(players)
    if n == 6 and not variants.get("jokers"):
        raise SimulationError("six players need the jokers variant (H3.1)")
    copies = 1 if 9 * n <= 52 else 2
    cards = deck(copies)
    rng.shuffle(cards)
    face_down = [cards[9 * s:9 * s + 3] for s in range(n)]
    face_up = [cards[9 * s + 3:9 * s + 6] for s in range(n)]
    hands = [cards[9 * s + 6:9 * s + 9] for s in range(n)]
    stock = cards[9 * n:]  # stock[-1] is the top card

    start = {"type": "start", "game": "shithead", "players": list(players)}
    if variants:
        start["variants"] = variants
    open_log: list[dict] = [dict(start, mode="open", hands=hands, face_up=face_up)]
    hidden_log: list[dict] = [dict(start, mode="hidden", face_up=face_up)]
    table = Table()

    def emit(event: dict, hidden: dict | None = None) -> None:
        ruling = table.apply(event)
        if not ruling.ok:
            raise SimulationError(f"seed {seed}: the referee refused {event}: {ruling.message}")
        open_log.append(event)
        hidden_log.append(event if hidden is None else hidden)

    started = table.apply(open_log[0])
    if not started.ok:
        raise SimulationError(f"seed {seed}: {started.message}")
    jokers = tuple(table.state.variants.jokers)

    def draw(seat: int, count: int) -> None:
        drawn = [stock.pop() for _ in range(count)]
        emit({"type": "draw", "seat": seat, "cards": drawn}, {"type": "draw", "seat": seat, "count": count})

    _swap_phase(rng, table, emit, draw, jokers)
    st = table.state
    seat, key = true_starter(st)
    if key[1] == 1:  # H0.4: the starter shows the hand card that claims the start
        card = next(c for c in st.known[seat] if st.rank(c) == key[0])
        emit({"type": "show", "seat": seat, "cards": [card]})

    for _ in range(MAX_EVENTS):
        st = table.state
        if st.phase == OVER:
            return open_log, hidden_log
        options = legal_events(st)
        if not options:
            raise SimulationError(f"seed {seed}: no legal event: the referee and the simulator disagree")
        if options[0]["type"] == "draw":
            draw(options[0]["seat"], options[0]["count"])
            continue
        event = _choose(rng, st, options, jokers, restless=len(open_log) > RESTLESS_AFTER)
        if event.get("source") == "face_down":
            event["cards"] = [face_down[event["seat"]].pop(rng.randrange(len(face_down[event["seat"]])))]
        emit(event)
    raise EndlessGame(f"seed {seed}: nobody went out in {MAX_EVENTS} events: with these variants the cards "
                      "can go round forever (e.g. skip_rank with two players left); try another seed")


def _swap_phase(rng: random.Random, table: Table, emit, draw, jokers: tuple) -> None:
    """H0.3 (and H3.6): each player improves the face-up cards, then refills if stacking."""
    st = table.state
    for seat in range(st.n):
        for _ in range(3):
            st = table.state
            weakest = min(st.face_up[seat], key=lambda c: _strength(c, jokers))
            best = max(st.known[seat], key=lambda c: _strength(c, jokers))
            if _strength(best, jokers) <= _strength(weakest, jokers) or rng.random() > SWAP_CHANCE:
                break
            emit({"type": "swap", "seat": seat, "hand_card": best, "table_card": weakest})
        while st.variants.stacking:
            st = table.state
            stacks = [e for e in legal_events(st) if e["type"] == "stack" and e["seat"] == seat]
            if not stacks or rng.random() > STACK_CHANCE:
                break
            emit(rng.choice(stacks))
            owed = table.state.owed[seat]
            if owed:
                draw(seat, owed)


def _choose(rng: random.Random, st, options: list[dict], jokers: tuple, restless: bool = False) -> dict:
    plays = [e for e in options if e["type"] == "play"]
    takes = [e for e in options if e["type"] == "take"]
    if not plays:
        return takes[0]
    if plays[0]["cards"] == ["??"]:
        return plays[0]  # H2.2: face-down cards are turned up blind
    if takes and rng.random() < TAKE_ANYWAY_CHANCE:
        return takes[0]
    if st.phase == SWAP:
        plays = [e for e in plays if e["seat"] == plays[-1]["seat"]]
    if restless or (not st.pile and rng.random() < FREE_LEAD_CHANCE):
        return rng.choice(plays)
    plain = [e for e in plays if _strength(e["cards"][0], jokers) <= 14 and e["cards"][0] not in jokers]
    if plain and rng.random() < SAVE_SPECIAL_CHANCE:
        plays = plain
    low = min(_strength(e["cards"][0], jokers) for e in plays)
    lowest = [e for e in plays if _strength(e["cards"][0], jokers) == low]
    if rng.random() < FULL_SET_CHANCE:
        return max(lowest, key=lambda e: len(e["cards"]))
    return rng.choice(lowest)
