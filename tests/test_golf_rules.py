"""Golf G0-G3 rules (setup, six-, four- and nine-card play), one obeyed and one broken case
each, plus a guard that every rule id of the spec is named by a test.

Written from shared/rules/golf.md and the table-log contract. Scoring (G1.4, G2.4, G4.x)
and variants (G5.x): test_golf_scoring.py; the match (G4.5): test_golf_match.py; hidden
mode: test_golf_hidden.py.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from golf_support import (Table, dealt, discard, draw, flip, hand, knock, note, notes_of, ok,  # noqa: E402
                          peek, rejected, run, six_two, spare, start, swap, turn, upcard)

HERE = Path(__file__).parent
SPEC = HERE.parents[1] / "shared" / "rules" / "golf.md"
MY_FILES = ["test_golf_rules.py", "test_golf_scoring.py", "test_golf_match.py", "test_golf_hidden.py"]

ANN = ["KS", "KH", "5C", "9D", "4H", "JS"]
BOB = ["AS", "3H", "7C", "8D", "10H", "QS"]


@pytest.mark.skipif(not SPEC.exists(), reason="shared/rules not checked out")
def test_every_rule_id_in_the_spec_is_named_by_a_test():
    ids = set(re.findall(r"^- (G\d\.\d+) ", SPEC.read_text(), flags=re.M))
    assert len(ids) >= 25
    text = "".join((HERE / f).read_text() for f in MY_FILES)
    missing = sorted(i for i in ids if not re.search(re.escape(i) + r"\b", text))
    assert not missing, f"rule ids without a test: {missing}"


@pytest.mark.skipif(not SPEC.exists(), reason="shared/rules not checked out")
def test_every_rule_id_of_the_spec_is_in_the_module():
    from referee.games.golf import GAME
    ids = set(re.findall(r"^- (G\d\.\d+) ", SPEC.read_text(), flags=re.M))
    assert ids == set(GAME.rules)
    assert set(GAME.variant_rules.values()) <= ids


# -- G0.1 decks and agreed variants --------------------------------------------------------
@pytest.mark.parametrize("n, decks", [(2, "one deck"), (3, "one deck"), (4, "2 decks"), (7, "2 decks"),
                                      (8, "3 decks")])
def test_G0_1_decks_by_number_of_players(n, decks):
    r = ok(Table(), start(n))
    assert decks in r.message


def test_G0_1_two_decks_hold_two_of_each_card_but_one_deck_only_one():
    twin_kings = ["KS", "KS", "2H", "3H", "4H", "5H"]
    rest = spare(twin_kings, copies=2)
    grids = [twin_kings] + [rest[6 * k:6 * k + 6] for k in range(3)]
    dealt(grids)  # four players, two decks: a second KS is fine
    t = Table()
    r = t.apply(start(3, hands=[twin_kings, BOB, ["2S", "3S", "4S", "5S", "6S", "7S"]]))
    assert not r.ok and r.rule == "G0.1" and "KS" in r.message


def test_G0_1_a_card_seen_elsewhere_cannot_be_drawn():
    t = dealt([ANN, BOB])
    rejected(t, draw(1, "stock", "KS"), "G0.1")  # KS lies face up in Ann's grid
    rejected(t, draw(1, "stock", "QC"), "G0.1")  # QC is on the discard pile


def test_G0_1_golf_needs_two_players():
    r = Table().apply(start(1))
    assert not r.ok and r.rule == "G0.1"


# -- G0.2 dealer, starter, clockwise -------------------------------------------------------
def test_G0_2_the_player_left_of_the_dealer_starts_and_play_goes_clockwise():
    t = dealt([ANN, BOB, spare(ANN, BOB)[:6]], dealer=2)
    assert t.summary()["turn"] == 0
    turn(t, 0, "2D")
    assert t.summary()["turn"] == 1


def test_G0_2_out_of_turn_is_refused():
    t = dealt([ANN, BOB])
    r = rejected(t, draw(0), "G0.2")
    assert "Bob's turn" in r.message


# -- G0.3 stock and discard pile -----------------------------------------------------------
def test_G0_3_the_top_stock_card_starts_the_discard_pile():
    t = Table()
    ok(t, start(2, hands=[ANN, BOB]))
    r = ok(t, upcard("QC"))
    assert r.rule == "G0.3" and t.view()["discard_pile"] == ["QC"]
    assert t.view()["stock"] == 52 - 12 - 1


def test_G0_3_no_draw_before_the_discard_pile_and_only_one_start():
    t = Table()
    ok(t, start(2, hands=[ANN, BOB]))
    rejected(t, draw(1), "G0.3")
    ok(t, upcard("QC"))
    rejected(t, upcard("QD"), "G0.3")


def test_G0_3_an_empty_stock_is_replaced_by_the_reshuffled_discard_pile():
    t = dealt([ANN, BOB])
    free = spare(ANN, BOB, ["QC"])
    for k in range(len(free)):  # Bob and Ann draw and discard the whole stock
        turn(t, 1 if k % 2 == 0 else 0, free[k])
    assert t.view()["stock"] == 0
    seat = t.summary()["turn"]
    rejected(t, draw(seat), "G0.3")
    ok(t, {"type": "reshuffle"})
    assert t.view()["stock"] == len(free) and len(t.view()["discard_pile"]) == 1
    rejected(t, {"type": "reshuffle"}, "G0.3")  # the stock is not empty now
    ok(t, draw(seat, "stock", "QC"))  # reshuffled cards are unknown again


# -- G1.1 six cards, two turned up -----------------------------------------------------------
def test_G1_1_two_cards_each_turned_up_then_play_begins():
    t = Table()
    run(t, [start(2, hands=[ANN, BOB]), upcard("QC"), flip(0, 0), flip(0, 4), flip(1, 2)])
    assert t.summary()["phase"] == "deal"
    r = ok(t, flip(1, 5))
    assert note(r, "turn") == {"kind": "turn", "seat": 1} and t.summary()["phase"] == "play"
    assert t.view()["grids"]["0"]["face_up"] == [True, False, False, False, True, False]


def test_G1_1_a_third_flip_or_an_early_draw_is_refused():
    t = Table()
    run(t, [start(2, hands=[ANN, BOB]), upcard("QC"), flip(0, 0), flip(0, 1), flip(1, 0)])
    rejected(t, draw(1), "G1.1")  # Bob has turned up only one card
    rejected(t, flip(0, 2), "G1.1")
    rejected(t, flip(1, 0), "G1.1")  # already face up


# -- G1.2 a turn -----------------------------------------------------------------------------
def test_G1_2_draw_then_swap_or_discard():
    t = dealt([ANN, BOB])
    ok(t, draw(1, "discard", "QC"))
    r = ok(t, swap(1, 4, card_out="10H", card="QC"))
    assert r.rule == "G1.2" and t.view()["discard_pile"] == ["10H"]
    assert t.view()["grids"]["1"]["cards"][4] == "QC" and t.view()["grids"]["1"]["face_up"][4]
    r = turn(t, 0, "2D")  # a stock card may be discarded
    assert r.rule == "G1.2" and t.view()["discard_pile"] == ["10H", "2D"]


def test_G1_2_a_discard_pile_card_must_be_swapped_in():
    t = dealt([ANN, BOB])
    rejected(t, swap(1, 2), "G1.2")  # draw first
    ok(t, draw(1, "discard"))
    rejected(t, discard(1, "QC"), "G1.2")
    rejected(t, draw(1), "G1.2")  # one draw per turn


def test_G1_2_the_replaced_card_is_the_one_at_that_position():
    t = dealt([ANN, BOB])
    rejected(t, draw(1, "discard", "QD"), "G1.2")  # the top is QC
    ok(t, draw(1, "stock", "2D"))
    rejected(t, swap(1, 0, card_out="3H", card="2D"), "G1.2")  # position 0 is AS
    rejected(t, swap(1, 0, card_out="AS", card="2C"), "G1.2")  # Bob drew 2D
    rejected(t, flip(1, 3), "G1.2")  # no turning cards during play
    ok(t, swap(1, 0, card_out="AS", card="2D"))


# -- G1.3 the last face-down card ------------------------------------------------------------
def test_G1_3_everyone_else_has_one_more_turn_then_all_cards_are_turned_up():
    t, rulings = six_two(ANN, BOB, ["2D", "2C", "3D", "3C"], ["4D", "4C", "6D", "6C"])
    closing = rulings[6]
    assert closing.rule == "G1.3"
    assert note(closing, "last_turns") == {"kind": "last_turns", "closer": 1, "seats": [0], "rule": "G1.3"}
    assert note(rulings[7], "round_end") == {"kind": "round_end", "closer": 1}
    assert t.summary()["phase"] == "over" and t.summary()["closer"] == 1


def test_G1_3_no_turn_after_the_last_turns():
    t = dealt([ANN, BOB])
    for k, card in enumerate(["2D", "2C", "3D", "3C"]):
        turn(t, 1, card, 2 + k)
        turn(t, 0, ["4D", "4C", "6D", "6C"][k])
    assert t.summary()["phase"] == "reveal"
    rejected(t, draw(1), "G1.3")
    ok(t, flip(0, 2, "5C"))


# -- G2.1 four-card: look at two --------------------------------------------------------------
FOUR = {"four_card": True}
A4, B4 = ["KS", "5H", "7D", "KD"], ["2S", "9H", "9D", "AC"]


def test_G2_1_each_player_looks_at_two_cards():
    t = dealt([A4, B4], variants=FOUR)
    assert t.summary()["phase"] == "play"  # four-card: nothing to turn up
    r = ok(t, peek(0, 2, 3))
    assert r.rule == "G2.1"
    ok(t, {"type": "peek", "seat": 1, "positions": 0})  # one position may be given as a number
    ok(t, peek(1, 1))
    assert t.view(seat=0)["grids"]["0"]["cards"] == ["??", "??", "7D", "KD"]
    assert t.view(seat=1)["grids"]["0"]["cards"] == ["??"] * 4


def test_G2_1_no_third_card_no_late_look_no_turning_up():
    t = dealt([A4, B4], variants=FOUR)
    rejected(t, peek(0, 0, 1, 2), "G2.1")
    ok(t, peek(0, 0, 1))
    rejected(t, peek(0, 3), "G2.1")
    rejected(t, flip(1, 0, "2S"), "G2.1")
    turn(t, 1, "3C")
    rejected(t, peek(1, 0), "G2.1")  # too late: play has begun


# -- G2.2 four-card turn: the new card goes face down -----------------------------------------
def test_G2_2_the_new_card_goes_face_down():
    t = dealt([A4, B4], variants=FOUR)
    ok(t, draw(1, "stock", "3C"))
    r = ok(t, swap(1, 1, card_out="9H", card="3C"))
    assert r.rule == "G2.2"
    assert t.view()["grids"]["1"]["face_up"] == [False] * 4
    assert t.view(seat=0)["grids"]["1"]["cards"] == ["??"] * 4


def test_G2_2_a_discard_pile_card_cannot_be_discarded():
    t = dealt([A4, B4], variants=FOUR)
    ok(t, draw(1, "discard", "QC"))
    rejected(t, discard(1, "QC"), "G2.2")
    rejected(t, swap(1, 0, card_out="AC", card="QC"), "G2.2")  # position 0 holds 2S


# -- G2.3 knock --------------------------------------------------------------------------------
def test_G2_3_knock_everyone_else_has_one_more_turn():
    t = dealt([A4, B4, ["3S", "3H", "4S", "4C"]], variants=FOUR)
    r = ok(t, knock(1))
    assert r.rule == "G2.3" and note(r, "last_turns")["seats"] == [2, 0]
    turn(t, 2, "5S")
    r = turn(t, 0, "5D")
    assert note(r, "round_end") == {"kind": "round_end", "closer": 1}
    assert t.summary()["phase"] == "reveal"


def test_G2_3_one_knock_per_round_and_only_instead_of_a_turn():
    t = dealt([A4, B4, ["3S", "3H", "4S", "4C"]], variants=FOUR)
    ok(t, draw(1, "stock", "5S"))
    rejected(t, knock(1), "G2.3")  # drew already
    ok(t, discard(1, "5S"))
    ok(t, knock(2))
    rejected(t, knock(0), "G2.3")
    six = dealt([ANN, BOB])
    rejected(six, knock(1), "G2.3")  # no knocking in six-card golf


# -- G3.1 nine-card ----------------------------------------------------------------------------
NINE = {"nine_card": True}
A9 = ["KS", "KH", "KD", "5C", "9D", "4H", "JS", "2C", "3C"]
B9 = ["AS", "3H", "7C", "8D", "10H", "QS", "6S", "6H", "6D"]


def test_G3_1_nine_cards_three_turned_up():
    t = dealt([A9, B9], variants=NINE)
    assert t.summary()["phase"] == "play" and t.summary()["hand_sizes"] == [9, 9]
    assert sum(t.view()["grids"]["0"]["face_up"]) == 3


def test_G3_1_a_fourth_flip_or_a_draw_after_two_is_refused():
    t = Table()
    run(t, [start(2, hands=[A9, B9], variants=NINE), upcard("QC"), flip(0, 0), flip(0, 1), flip(0, 2),
            flip(1, 0), flip(1, 1)])
    rejected(t, draw(1), "G3.1")
    rejected(t, flip(0, 3), "G3.1")
    ok(t, flip(1, 2))


# -- malformed events --------------------------------------------------------------------------
@pytest.mark.parametrize("event", [
    {"type": "draw", "seat": 1, "source": "hat"},
    {"type": "draw", "seat": 9, "source": "stock"},
    {"type": "swap", "seat": 1, "position": 6},
    {"type": "swap", "seat": 1, "position": "2"},
    {"type": "peek", "seat": 0, "positions": "2"},
    {"type": "flip", "seat": 0, "position": 2, "card": "1X"},
    {"type": "hand", "seat": 0, "cards": "KS"},
    {"type": "dance", "seat": 0},
])
def test_malformed_events_are_errors(event):
    t = dealt([ANN, BOB])
    rejected(t, event, severity="error")


@pytest.mark.parametrize("event", [
    start(2, variants={"eight": True}), start(2, mode="secret"), start(2, dealer=5),
    start(2, match={"holes": 0}), start(2, variants={"jokers": ["JS"]}), start(2, hands=[ANN]),
])
def test_malformed_starts_are_errors(event):
    r = Table().apply(event)
    assert not r.ok and r.severity == "error", r


def test_hidden_face_down_card_out_must_be_named():
    t = Table()
    run(t, [start(2, mode="hidden"), upcard("QC"), flip(0, 0, "KS"), flip(0, 1, "KH"), flip(1, 0, "AS"),
            flip(1, 1, "3H"), draw(1, "stock")])
    rejected(t, swap(1, 2, card="2D"), severity="error")  # which card came out?
    rejected(t, swap(1, 2, card_out="7C"), severity="error")  # which card lies face up now?
    ok(t, swap(1, 2, card_out="7C", card="2D"))
    assert notes_of(ok(t, hand(0, ANN)), "proven_violation") == []
