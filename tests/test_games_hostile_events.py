"""Every game answers hostile or garbled events with a ruling, never with an internal error.

Simulated games are replayed; at random points, mutated copies of the next event (wrong
seat, other cards, missing or mistyped fields, unknown types) are applied first. A
mutated event may be legal (then it is withdrawn with `undo`), illegal or malformed, but
the referee must never report that it "could not judge" it, and the game must go on to
end exactly as the unmutated replay does.
"""

from __future__ import annotations

import copy
import random

import pytest

from referee.cards import DECK
from referee.engine import Table
from referee.simulate import simulate_logs

INTERNAL_ERROR = "could not judge"
GAMES = [("skitgubbe", 4), ("durak", 4), ("penki", 3), ("shithead", 4), ("golf", 3)]
GARBAGE = [None, -1, 99, "x", 3.5, [], {}, ["??"], ["ZZ"], [1, 2], True]


def mutations(event: dict, rng: random.Random, n_seats: int) -> list:
    out = []
    for _ in range(6):
        ev = copy.deepcopy(event)
        kind = rng.randrange(6)
        if kind == 0 and "seat" in ev:
            ev["seat"] = rng.randrange(n_seats + 2)
        elif kind == 1:
            for key in ("cards", "card", "covers", "card_out", "hand_card", "table_card"):
                if key in ev:
                    ev[key] = [rng.choice(DECK)] if isinstance(ev[key], list) else rng.choice(DECK)
        elif kind == 2 and len(ev) > 1:
            ev.pop(rng.choice([k for k in ev if k != "type"]))
        elif kind == 3:
            ev[rng.choice(list(ev))] = rng.choice(GARBAGE)
        elif kind == 4:
            ev = {"type": rng.choice(["attack", "defend", "take", "draw", "swap", "flip", "knock", "burn",
                                      "play", "eat", "discard", "throw_in", "transfer", "peek", "stumps"]),
                  "seat": rng.randrange(n_seats)}
        else:
            ev = rng.choice(GARBAGE)
        out.append(ev)
    return out


@pytest.mark.parametrize("game, players", GAMES)
def test_hostile_events_get_rulings_and_change_nothing(game, players):
    rng = random.Random(7)
    for seed in range(2):
        _, log = simulate_logs(game, players, seed)
        clean, table = Table(), Table()
        for event in log:
            assert clean.apply(event).ok
            if event.get("type") != "start" and rng.random() < 0.25:
                for bad in mutations(event, rng, players):
                    ruling = table.apply(bad)
                    assert INTERNAL_ERROR not in ruling.message, (game, seed, bad, ruling.message)
                    if ruling.ok:
                        assert table.apply({"type": "undo"}).ok
            ruling = table.apply(event)
            assert ruling.ok, (game, seed, event, ruling.message)
        assert table.summary() == clean.summary()
        assert table.session.tally() == clean.session.tally()
