"""Random Penki players at a simulated table, for `goatherd simulate` and the tests.

The simulator holds the physical cards (the deal and everybody's stumps) and an
open-mode referee that knows every hand; the players choose among `legal_events` the way
real players do (attack with a low card, or now and then a high one to make the penalty
hurt; beat as cheaply as they can; take only when they cannot beat; take up the stumps at
once or only when they must). It writes the open log (with `hand` reveals) and the hidden
log a camera would record (the same events without the reveals).
"""

from __future__ import annotations

import random

from referee.cards import DECK, RANK, SUIT
from referee.engine import Table
from referee.games.penki import OVER, STUMPS, legal_events

PLAYERS = (2, 6)  # D0.1
HIGH_ATTACK_CHANCE = 0.25  # attack with the highest card rather than the lowest
RANDOM_ATTACK_CHANCE = 0.25  # attack with any card
LATE_STUMPS_CHANCE = 0.5  # an empty-handed player waits until the stumps are needed
MAX_EVENTS = 20000  # a game this long means a bug, not bad luck


class SimulationError(RuntimeError):
    pass


def simulate_game(players: list[str], seed: int, variants: dict | None = None) -> tuple[list[dict], list[dict]]:
    """One random legal game: (open log, hidden log)."""
    rng = random.Random(seed)
    variants = dict(variants or {})
    n = len(players)
    cards = [c for c in DECK if variants.get("deck52") or RANK[c] >= 6]
    rng.shuffle(cards)
    stumps = [cards[STUMPS * s:STUMPS * s + STUMPS] for s in range(n)]
    rest = cards[STUMPS * n:]
    hands = [rest[s::n] for s in range(n)]  # one at a time from seat 0 (D5.1a)
    trump_seat = (len(rest) - 1) % n  # the last card dealt is turned up (D0.2)

    start = {"type": "start", "game": "penki", "players": players}
    if variants:
        start["variants"] = variants
    open_log: list[dict] = [dict(start, mode="open")]
    hidden_log: list[dict] = [dict(start, mode="hidden")]
    table = Table()

    def emit(event: dict, reveal: bool = False) -> None:
        ruling = table.apply(event)
        if not ruling.ok:
            raise SimulationError(f"seed {seed}: the referee refused {event}: {ruling.message}")
        open_log.append(event)
        if not reveal:
            hidden_log.append(event)
        if event["type"] == "stumps":  # the stumps are seen by their owner only
            seat = event["seat"]
            emit({"type": "hand", "seat": seat, "cards": stumps[seat]}, reveal=True)

    started = table.apply(open_log[0])
    if not started.ok:
        raise SimulationError(started.message)
    for s in range(n):
        emit({"type": "hand", "seat": s, "cards": hands[s]}, reveal=True)
    emit({"type": "trump", "card": rest[-1], "seat": trump_seat})

    for _ in range(MAX_EVENTS):
        st = table.state
        if st.phase == OVER:
            return open_log, hidden_log
        emit(_choose(rng, st, legal_events(st)))
    raise SimulationError(f"seed {seed}: the game did not end within {MAX_EVENTS} events")


def _choose(rng: random.Random, st, options: list[dict]) -> dict:
    if not options:
        raise SimulationError("no legal event: the referee and the simulator disagree")
    stumps = [e for e in options if e["type"] == "stumps"]
    moves = [e for e in options if e["type"] != "stumps"]
    if stumps and (not moves or rng.random() > LATE_STUMPS_CHANCE):
        return stumps[0]
    if moves[0]["type"] == "take":  # nothing beats
        return moves[0]
    if moves[0]["type"] == "defend":  # beat with the cheapest card
        return min(moves, key=lambda e: _strength(st, e["card"]))
    roll = rng.random()
    if roll < RANDOM_ATTACK_CHANCE:
        return rng.choice(moves)
    pick = max if roll < RANDOM_ATTACK_CHANCE + HIGH_ATTACK_CHANCE else min
    return pick(moves, key=lambda e: _strength(st, e["card"]))


def _strength(st, card: str) -> tuple[bool, int]:
    """How dear a card is to its holder: trumps above everything, then by rank."""
    return SUIT[card] == st.trump, RANK[card]
