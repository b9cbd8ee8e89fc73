"""Malformed Durak events are `error` rulings that change nothing, never a crash."""

import pytest

from referee import Table
from durak_support import attack, dealt, ok, position, rejected, show, start

BAD_STARTS = [
    {"type": "start", "game": "durak"},
    {"type": "start", "game": "durak", "players": "Ann,Bob"},
    {"type": "start", "game": "durak", "players": ["Ann", "Ann"]},
    {"type": "start", "game": "durak", "players": ["Ann", "Bob"], "mode": "secret"},
    {"type": "start", "game": "durak", "players": ["Ann", "Bob"], "variants": {"jokers": True}},
    {"type": "start", "game": "durak", "players": ["Ann", "Bob"], "variants": "transfer"},
    {"type": "start", "game": "durak", "players": ["Ann", "Bob"], "variants": {"sit_cards": 3}},
    {"type": "start", "game": "durak", "players": ["Ann", "Bob"], "attacker": 5},
    {"type": "start", "game": "durak", "players": ["Ann", "Bob"], "hands": [["6S"]]},
    {"type": "start", "game": "durak", "players": ["Ann", "Bob"], "variants": {"pass_card": True}},
    {"type": "start", "game": "durak", "players": ["Ann", "Bob"], "talon": -1, "hands": [[], []]},
    {"type": "start", "game": "durak", "players": ["Ann", "Bob"], "talon": 0, "hands": [["6S"], ["7S"]]},
    {"type": "start", "game": "zalupa", "players": ["A", "B", "C", "D"], "trumps": ["S", "H", "D"]},
]


@pytest.mark.parametrize("ev", BAD_STARTS)
def test_bad_starts(ev):
    rejected(Table(), ev, severity="error")


BAD_EVENTS = [
    {"type": "attack", "seat": 7, "card": "6S"},
    {"type": "attack", "seat": "0", "card": "6S"},
    {"type": "attack", "seat": 0, "card": "6X"},
    {"type": "attack", "seat": 0},
    {"type": "attack", "seat": 0, "cards": "6S"},
    {"type": "defend", "seat": 1, "card": 6},
    {"type": "defend", "seat": 1, "card": "7S", "covers": "Z"},
    {"type": "draw", "seat": 0},
    {"type": "draw", "seat": 0, "count": -1},
    {"type": "draw", "seat": 0, "count": 2, "cards": ["6S"]},
    {"type": "announce", "seat": 1, "call": "bito"},
    {"type": "hand", "seat": 0, "cards": ["6S", "6S"]},
    {"type": "slough", "seat": 0, "card": "6S"},
    {"type": "take", "seat": True},
]


@pytest.mark.parametrize("ev", BAD_EVENTS)
def test_bad_events(ev):
    t = position([["6S", "7C"], ["7S", "8D"]], attacker=0)
    if ev["type"] == "defend":
        ok(t, attack(0, "6S"))
    rejected(t, ev, severity="error")


def test_govno_trump_naming_needs_a_suit():
    t = Table()
    ok(t, start(6, game="govno", king=0))
    rejected(t, {"type": "trump", "seat": 0, "suit": "X"}, severity="error")
    rejected(t, {"type": "trump", "seat": 0}, severity="error")


def test_no_crash_on_any_event_in_any_phase():
    t = dealt([["6S", "7S", "8S", "6H", "KC", "AD"], ["6C", "7C", "8C", "7H", "QD", "KD"]], "9H")
    ok(t, show(0, "6H"))
    for etype in ("attack", "throw_in", "defend", "transfer", "take", "discard", "draw", "sit", "house",
                  "offence", "show", "trump", "announce"):
        for ev in ({"type": etype}, {"type": etype, "seat": 1}, {"type": etype, "seat": 1, "card": "6C"},
                   {"type": etype, "seat": 1, "cards": ["6C"], "count": 1, "call": "take"}):
            r = t.apply(ev)
            assert r.severity in ("illegal", "error", "ok", "info"), r.to_dict()
            assert "could not judge" not in r.message, r.to_dict()
            if r.ok:
                t.apply({"type": "undo"})
