"""The Golf match (G4.5) over the Session: one `start` per round, the dealer rotating
(G0.2), variants fixed for the match (G0.1), the score sheet, and the match end.

Written from shared/rules/golf.md and the lead's design: each round's GameRecord carries
its scores and `info`; the session tally's points are the running totals.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from golf_support import Table, knock, note, ok, quick_round, rejected, start  # noqa: E402

# Four-card grids: Ann 9S/9D cancel -> 5 + 1 = 6; Bob 2S 3H 4D KC -> 5; Cid 10S/10D cancel -> 7 + 8 = 15.
ANN, BOB, CID = ["9S", "5H", "9D", "AC"], ["2S", "3H", "4D", "KC"], ["10S", "7H", "10D", "8C"]
FOUR = {"four_card": True}


def test_G4_5_a_nine_hole_match_by_default_and_the_sheet_adds_up():
    t = Table()
    quick_round(t, [ANN, BOB])
    sheet = t.summary()["sheet"]
    assert sheet["holes"] == 9 and sheet["round"] == 1 and sheet["rounds"] == [[6, 5]]
    assert sheet["totals"] == [6, 5] and not sheet["match_over"] and sheet["winners"] is None
    quick_round(t, [BOB, ANN])
    sheet = t.summary()["sheet"]
    assert sheet["round"] == 2 and sheet["rounds"] == [[6, 5], [5, 6]] and sheet["totals"] == [11, 11]
    tally = t.session.tally()
    assert tally["Ann"]["points"] == 11 and tally["Bob"]["points"] == 11 and tally["Ann"]["games"] == 2
    record = t.session.records[-1]
    assert record.losers == () and dict(record.info)["round"] == 2 and dict(record.info)["match"] == 1
    assert dict(record.scores) == {"Ann": 5, "Bob": 6}


def test_G4_5_the_match_ends_after_the_agreed_rounds_and_lowest_total_wins():
    t = Table()
    quick_round(t, [ANN, BOB], match={"holes": 2})
    r = quick_round(t, [ANN, BOB])
    assert note(r, "match_over") == {"kind": "match_over", "winners": [1], "totals": [12, 10]}
    sheet = t.summary()["sheet"]
    assert sheet["match_over"] and sheet["winners"] == ["Bob"]
    assert dict(t.session.records[-1].info)["winners"] == ("Bob",)
    rejected(t, start(2, variants=FOUR), "G4.5")  # over: no third round
    quick_round(t, [ANN, BOB], match={"holes": 1})  # a new match
    assert t.summary()["sheet"]["match"] == 2 and t.summary()["sheet"]["rounds"] == [[6, 5]]


def test_G4_5_a_tie_is_shared():
    t = Table()
    quick_round(t, [ANN, BOB], match={"holes": 2})
    r = quick_round(t, [BOB, ANN])
    assert note(r, "match_over")["winners"] == [0, 1]
    assert t.summary()["sheet"]["winners"] == ["Ann", "Bob"]


def test_G4_5_the_match_ends_when_a_player_reaches_the_target():
    t = Table()
    quick_round(t, [ANN, CID], match={"target": 25})
    assert not t.summary()["sheet"]["match_over"]  # Cid 15
    r = quick_round(t, [ANN, CID])
    assert note(r, "match_over") == {"kind": "match_over", "winners": [0], "totals": [12, 30]}


def test_G4_5_an_open_match_runs_until_agreed_and_stop_comes_during_a_round():
    t = Table()
    quick_round(t, [ANN, BOB], match={})
    for _ in range(12):
        quick_round(t, [ANN, BOB])
    sheet = t.summary()["sheet"]
    assert sheet["holes"] is None and sheet["round"] == 13 and not sheet["match_over"]
    rejected(t, {"type": "stop"}, "G4.5")  # the round is scored: too late for this one


def test_G4_5_stop_during_a_round_makes_it_the_last():
    t = Table()
    quick_round(t, [ANN, BOB], match={})
    ok(t, start(2, variants=FOUR, hands=[ANN, BOB]))
    ok(t, {"type": "flip", "card": "QC"})
    assert ok(t, {"type": "stop"}).rule == "G4.5"
    ok(t, knock(0))  # round 2: Bob dealt, Ann starts
    ok(t, {"type": "draw", "seat": 1, "source": "stock", "card": "QD"})
    ok(t, {"type": "discard", "seat": 1, "card": "QD"})
    ok(t, {"type": "hand", "seat": 0, "cards": ANN})
    r = ok(t, {"type": "hand", "seat": 1, "cards": BOB})
    assert note(r, "match_over")["winners"] == [1]
    rejected(t, start(2, variants=FOUR), "G4.5")


def test_G4_5_a_match_keeps_its_players():
    t = Table()
    quick_round(t, [ANN, BOB])
    rejected(t, start(2, variants=FOUR, players=["Bob", "Ann"]), "G4.5")
    ok(t, start(2, variants=FOUR, players=["Bob", "Ann"], match={"holes": 3}))  # a new match
    assert t.summary()["sheet"]["match"] == 2


# -- G0.2 the deal rotates ---------------------------------------------------------------------
def test_G0_2_the_dealer_rotates_each_round_and_the_next_player_starts():
    t = Table()
    quick_round(t, [ANN, BOB, CID], dealer=2)
    r = ok(t, start(3, variants=FOUR))
    assert t.summary()["dealer"] == 0 and "Ann deals, Bob starts" in r.message


def test_G0_2_leader_names_the_starter_and_must_sit_left_of_the_dealer():
    t = Table()
    r = ok(t, start(3, variants=FOUR, leader=0))
    assert t.summary()["dealer"] == 2 and "Cid deals, Ann starts" in r.message
    rejected(Table(), start(3, variants=FOUR, leader=0, dealer=0), "G0.2")


def test_G0_2_the_wrong_dealer_is_refused():
    t = Table()
    quick_round(t, [ANN, BOB, CID])
    rejected(t, start(3, variants=FOUR, dealer=2), "G0.2")
    ok(t, start(3, variants=FOUR, dealer=1))


def test_G0_2_a_redeal_after_an_abandoned_round_keeps_the_dealer():
    t = Table()
    quick_round(t, [ANN, BOB])
    ok(t, start(2, variants=FOUR))
    r = ok(t, start(2, variants=FOUR))  # the unfinished round is abandoned
    assert r.severity == "warning" and t.summary()["dealer"] == 1 and t.summary()["sheet"]["round"] == 2


# -- G0.1 variants are fixed for the match -------------------------------------------------------
def test_G0_1_variants_do_not_change_mid_match_but_may_be_left_out():
    t = Table()
    quick_round(t, [ANN, BOB])
    rejected(t, start(2, variants={"four_card": True, "no_cancel": True}), "G0.1")
    ok(t, start(2))  # inherits four-card
    assert t.summary()["hand_sizes"] == [4, 4]
