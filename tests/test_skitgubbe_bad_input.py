"""Malformed input, undo and replay for the Skitgubbe referee (table-log contract).

Malformed input must give ok False with severity "error", never raise, and change nothing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from referee import replay  # noqa: E402
from skitgubbe_support import (Table, collect, flip, hand, note, ok, play, rejected,  # noqa: E402
                               run, slough, start, start2, table1, table2)

LOW4 = [["2S", "2H", "2D"], ["3S", "3H", "3D"], ["4S", "4H", "4D"], ["5S", "5H", "5D"]]
D3 = [["5C", "6C", "7C", "2S", "3S", "4S", "8D"], ["8C", "9C", "QC", "5S", "6S", "9D", "4H"],
      ["10C", "KC", "7S", "8S", "JD", "2D", "5H"]]


def part1():
    return table1(LOW4)


BAD_LINES = [
    '{"type": "play", "seat": 0, "cards": ["2S"]',  # truncated JSON
    '{type: play}',
    "",
    "   ",
    "[1, 2, 3]",
    "42",
    "null",
    '"play"',
    "true",
    "[" * 50000 + "]" * 50000,  # nested too deeply
    b"\xff\xfe\x00",
    '{"type": 7}',
    '{"seat": 0, "cards": ["2S"]}',  # no type
]

BAD_EVENTS = [
    {"type": "dance", "seat": 0},
    {"type": "PLAY_CARD", "seat": 0, "cards": ["2S"]},
    {"type": "play", "seat": 0, "cards": ["1X"]},
    {"type": "play", "seat": 0, "cards": ["ZZ"]},
    {"type": "play", "seat": 0, "cards": ["2Z"]},
    {"type": "play", "seat": 0, "cards": ["11S"]},
    {"type": "play", "seat": 0, "cards": [""]},
    {"type": "play", "seat": 0, "cards": [2]},
    {"type": "play", "seat": 0, "cards": [None]},
    {"type": "play", "seat": 0, "cards": "2S"},
    {"type": "play", "seat": 0, "cards": {"2S": 1}},
    {"type": "play", "seat": 0},
    {"type": "play", "seat": 0, "cards": ["??"]},
    {"type": "play", "seat": 4, "cards": ["2S"]},
    {"type": "play", "seat": -1, "cards": ["2S"]},
    {"type": "play", "seat": 99, "cards": ["2S"]},
    {"type": "play", "seat": "0", "cards": ["2S"]},
    {"type": "play", "seat": None, "cards": ["2S"]},
    {"type": "play", "seat": 0.5, "cards": ["2S"]},
    {"type": "play", "cards": ["2S"]},
    {"type": "hand", "seat": 0, "cards": ["1X", "2H", "2D"]},
    {"type": "hand", "seat": 9, "cards": ["2S", "2H", "2D"]},
    {"type": "slough", "seat": 0, "card": "ZZ"},
    {"type": "slough", "seat": 0},
    {"type": "collect", "seat": 12},
    {"type": "collect"},
    {"type": "announce", "seat": 0},
]


@pytest.mark.parametrize("line", BAD_LINES, ids=range(len(BAD_LINES)))
def test_malformed_lines_are_errors(line):
    t = part1()
    rejected(t, line, severity="error")


@pytest.mark.parametrize("event", BAD_EVENTS, ids=[json.dumps(e)[:60] for e in BAD_EVENTS])
def test_malformed_events_are_errors(event):
    t = part1()
    rejected(t, event, severity="error")
    ok(t, play(0, "2S"))  # the table still works afterwards


@pytest.mark.parametrize("event", [
    {"type": "eat", "seat": 1, "cards": ["ZZ"]},
    {"type": "eat", "seat": 7},
    {"type": "play", "seat": 0, "cards": ["5C", "XX"]},
    {"type": "play", "seat": 3, "cards": ["5C"]},
    {"type": "announce", "seat": 0, "call": 3},
    {"type": "pass", "seat": "first"},
])
def test_malformed_part2_events_are_errors(event):
    t = table2(D3)
    ok(t, play(0, "5C"))
    rejected(t, event, severity="error")


@pytest.mark.parametrize("where, event", [
    ("part1", {"type": "trump", "card": "1X"}),
    ("part2", {"type": "eat", "seat": 0, "cards": ["ZZ"]}),  # table still empty
])
def test_a_malformed_card_is_an_error_whatever_the_phase(where, event):
    t = part1() if where == "part1" else table2(D3)
    rejected(t, event, severity="error")


def test_an_unknown_play_source_is_an_error():
    t = part1()
    rejected(t, {"type": "play", "seat": 0, "cards": ["2S"], "source": "sleeve"}, severity="error")
    rejected(t, {"type": "play", "seat": 0, "cards": ["KC"], "source": "stok"}, severity="error")


@pytest.mark.parametrize("event", [
    {"type": "play", "seat": 0, "cards": ["2S"]},
    {"type": "hand", "seat": 0, "cards": ["2S", "2H", "2D"]},
    {"type": "collect", "seat": 0},
    {"type": "trump", "card": "4C"},
    {"type": "eat", "seat": 0},
    {"type": "dance"},
])
def test_events_before_start_are_errors(event):
    t = Table()
    rejected(t, event, severity="error")
    assert t.summary()["phase"] == "setup"


@pytest.mark.parametrize("event", [
    {"type": "start", "game": "snap", "players": ["A", "B", "C"]},
    {"type": "start", "players": ["A", "B", "C"]},
    {"type": "start", "game": 5, "players": ["A", "B", "C"]},
    {"type": "start", "game": "skitgubbe", "players": "Ann, Bob, Cid"},
    {"type": "start", "game": "skitgubbe"},
    {"type": "start", "game": "skitgubbe", "players": ["A", "B", "C"], "leader": 3},
    {"type": "start", "game": "skitgubbe", "players": ["A", "B", "C"], "mode": "x-ray"},
    {"type": "start", "game": "skitgubbe", "players": ["A", "B", "C"], "part": 2, "trump": "X",
     "hands": [["5C"], ["6C"], ["7C"]]},
    {"type": "start", "game": "skitgubbe", "players": ["A", "B", "C"], "part": 2, "trump": "H",
     "hands": [["5C"], ["6C"]]},
    {"type": "start", "game": "skitgubbe", "players": ["A", "B", "C"], "part": 2, "trump": "H",
     "hands": [["5C"], ["6C"], ["QQ"]]},
])
def test_malformed_starts_are_errors(event):
    t = Table()
    r = t.apply(event)
    assert not r.ok and r.severity == "error", r.to_dict()
    assert t.summary()["phase"] == "setup"


def test_part2_start_with_contradicting_hands_and_hand_sizes_is_an_error():
    ev = start2([["5C"], ["6C"], ["7C"]])
    ev["hand_sizes"] = [2, 2, 2]
    rejected(Table(), ev, severity="error")


def test_an_unknown_call_is_refused():
    t = table2(D3)
    r = t.apply({"type": "announce", "seat": 0, "call": "two cards"})
    assert not r.ok and r.severity in ("error", "illegal")


def test_duplicate_player_names_are_refused():
    # the goat tally is kept by name (S0.3): two Anns would share one tally line
    r = Table().apply(start(3, players=["Ann", "Ann", "Bob"]))
    assert not r.ok and r.severity in ("error", "illegal")


def test_extra_fields_are_ignored():
    # table-log: "Add fields and event types freely" - a camera may add its confidence
    t = part1()
    ok(t, {"type": "play", "seat": 0, "cards": ["2S"], "confidence": 0.93, "frame": 1812})


def test_a_card_of_any_case_and_T_for_ten_is_accepted():
    t = table1([["10S", "2H", "2D"], ["3S", "3H", "3D"], ["4S", "4H", "4D"]])
    r = ok(t, play(0, "ts"))
    assert r.ok
    ok(t, flip(1, "qc"))


def test_undo_with_nothing_to_undo_is_an_error():
    t = Table()
    r = t.apply({"type": "undo"})
    assert not r.ok and r.severity == "error"


# -- undo --------------------------------------------------------------------------------------------
def part1_events():
    """A Part 1 stretch: a war, a slough, a mini-trick, a collect and a new lead."""
    return [
        start(4),
        hand(0, ["5S", "2S", "3S"]), hand(1, ["KH", "4H", "6H"]),
        hand(2, ["KD", "7D", "8D"]), hand(3, ["9C", "10C", "JC"]),
        play(0, "5S"), hand(0, ["2S", "3S", "9S"]),
        play(1, "KH"), hand(1, ["4H", "6H", "AH"]),
        play(2, "KD"), hand(2, ["7D", "8D", "2D"]),
        play(3, "9C"), hand(3, ["10C", "JC", "2C"]),
        slough(0, "9S"), hand(0, ["2S", "3S", "4S"]),
        play(1, "AH"), hand(1, ["4H", "6H", "6S"]),
        play(2, "7D"),
        collect(1),
        flip(1, "QS"),
    ]


def test_undo_restores_the_exact_summary_at_every_point_of_part1():
    t = Table()
    snapshots = []
    for ev in part1_events():
        snapshots.append((t.summary(), t.view()))
        ok(t, ev)
    final = (t.summary(), t.view())
    for summary, view in reversed(snapshots):
        r = t.apply({"type": "undo"})
        assert r.ok and note(r, "undo") is not None
        assert (t.summary(), t.view()) == (summary, view)
    # and forward again gives the same end state
    for ev in part1_events():
        ok(t, ev)
    assert (t.summary(), t.view()) == final


def test_undo_names_the_withdrawn_event_and_skips_rejected_ones():
    t = part1()
    r1 = ok(t, play(0, "2S"))
    rejected(t, play(0, "2H"))  # Ann again: refused, nothing to withdraw
    r = t.apply({"type": "undo"})
    assert note(r, "undo")["withdrawn"] == r1.seq
    assert t.summary()["turn"] == 0
    ok(t, play(0, "2S"))


def test_undo_restores_part2_kills_and_the_goat_tally():
    t = table2([["5C"], ["7C"], ["2D", "9C"]])
    before = t.summary()
    ok(t, play(0, "5C"))
    mid = t.summary()
    ok(t, play(1, "7C"))
    assert t.summary()["goat"] == 2 and t.session.tally()["Cid"]["losses"] == 1
    ok(t, {"type": "undo"})
    assert t.summary() == mid and t.session.tally() == {}
    ok(t, {"type": "undo"})
    assert t.summary() == before


def test_undo_of_a_kill():
    t = table2(D3)
    ok(t, play(0, "5C"))
    ok(t, play(1, "8C"))
    before = t.summary()
    r = ok(t, play(2, "10C"))
    assert note(r, "kill")["seat"] == 2 and t.summary()["kills"] == 1
    ok(t, {"type": "undo"})
    assert t.summary() == before and t.summary()["kills"] == 0


def test_undo_of_a_start_returns_to_the_previous_game():
    t = table2([["5C"], ["7C"], ["2D", "9C"]])
    ok(t, play(0, "5C"))
    before = t.summary()
    ok(t, start(3))
    ok(t, {"type": "undo"})
    assert t.summary() == before
    assert t.session.tally() == {}


# -- replay ----------------------------------------------------------------------------------------
def mixed_log():
    evs = [json.dumps(e) for e in part1_events()]
    evs.insert(6, json.dumps(play(2, "4S")))  # out of turn: illegal
    evs.insert(3, '{"type": "play", "seat": 0, "cards": ["1X"]}')  # error
    evs.insert(2, "")  # blank line: skipped, seq keeps the line number
    evs.insert(8, "[not json")
    evs.append(json.dumps({"type": "undo"}))
    evs.append(json.dumps(flip(1, "QS")))
    return evs


def test_replaying_the_same_log_twice_gives_identical_rulings():
    log = mixed_log()
    first = [r.to_dict() for r in replay(log)]
    second = [r.to_dict() for r in replay(log)]
    assert first == second
    assert len(first) == len(log) - 1  # the blank line gets no ruling
    assert [r["seq"] for r in first] == [i for i, line in enumerate(log) if line.strip()]
    severities = {r["severity"] for r in first}
    assert {"error", "illegal"} <= severities


def test_replay_matches_event_by_event_application():
    log = mixed_log()
    t = Table()
    one_by_one = [t.apply(line, seq=i).to_dict() for i, line in enumerate(log) if line.strip()]
    assert one_by_one == [r.to_dict() for r in replay(log)]


def test_replay_of_a_whole_part1_is_deterministic():
    from test_skitgubbe_part1_end import bozo_part_end

    sim = bozo_part_end()
    log = [json.dumps(e) for e in sim.events]
    tables = [Table(), Table()]
    runs = [[r.to_dict() for r in replay(log, table)] for table in tables]
    assert runs[0] == runs[1]
    assert all(r["ok"] for r in runs[0])
    assert tables[0].summary() == tables[1].summary() == sim.t.summary()
    assert tables[0].summary()["phase"] == "intermission"


# -- fuzz: odd events in many states never raise, and refusals change nothing ---------------------
ODD_VALUES = [None, True, -1, 0, 1, 2, 3, 5, 99, 1.5, "0", "", "x", [], {}, ["2S"], ["ZZ"],
              ["10H", "JH"], ["T", "H"], "2S", {"a": 1}, [None], [["2S"]], 10 ** 30, float("nan")]
TYPES = ["play", "slough", "collect", "hand", "eat", "announce", "pass", "trump", "dreck",
         "undo", "start", "dance", None, 3]
FIELDS = ["seat", "cards", "card", "call", "source", "game", "players", "variants", "part",
          "trump", "hands", "hand_sizes", "leader", "mode", "table"]


def fuzz_states():
    from test_skitgubbe_part1_end import bozo_part_end
    yield table1(LOW4)
    yield table2(D3)
    sim = bozo_part_end()
    yield sim.t
    t = table2([["5C"], ["7C"], ["2D", "9C"]])
    run(t, [play(0, "5C"), play(1, "7C")])
    yield t


@pytest.mark.parametrize("which", range(4))
def test_fuzzed_events_never_raise(which):
    import random

    t = list(fuzz_states())[which]
    rnd = random.Random(which)
    for _ in range(600):
        ev = {"type": rnd.choice(TYPES)}
        for f in rnd.sample(FIELDS, rnd.randint(0, 4)):
            ev[f] = rnd.choice(ODD_VALUES)
        if ev["type"] in ("undo", "start"):
            continue  # those legitimately change the table
        summary, view = t.summary(), t.view()
        r = t.apply(ev)  # must not raise
        assert isinstance(r.ok, bool) and r.severity in ("ok", "info", "warning", "illegal", "error")
        if not r.ok:
            assert (t.summary(), t.view()) == (summary, view), ev
        else:
            ok(t, {"type": "undo"})  # keep exploring the same state
        json.dumps(r.to_dict())  # a ruling is always JSON
