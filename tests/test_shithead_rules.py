"""Shithead H0-H2 rules, each obeyed and broken, plus a guard that every rule id of the
spec is named by a test. Written from shared/rules/shithead.md and the table-log contract.
Variants (H3): test_shithead_variants.py; hidden mode: test_shithead_hidden.py.
"""

# Rules an event cannot break on its own, and what is tested instead:
#   H1.3  a 2 on anything / anything on a 2: the rule the ruling cites, and what a 2 lets
#         through that would otherwise be refused (H1.1)
#   H1.4/H1.5 the burn itself: notes and the pile; broken = another seat playing before the
#         burner's extra play

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from shithead_support import (FACE3, HANDS3, NAMES, Table, ann_down_to_face_down, blind,  # noqa: E402
                              deal, draw, face_up, note, ok, play, rejected, run, show, start,
                              swap, take, up)

HERE = Path(__file__).parent
SPEC = HERE.parents[1] / "shared" / "rules" / "shithead.md"
MY_FILES = ["test_shithead_rules.py", "test_shithead_variants.py", "test_shithead_hidden.py"]


@pytest.mark.skipif(not SPEC.exists(), reason="shared/rules not checked out")
def test_every_rule_id_in_the_spec_is_named_by_a_test():
    ids = set(re.findall(r"^- (H\d\.\d+) ", SPEC.read_text(), flags=re.M))
    assert len(ids) == 18
    text = "".join((HERE / f).read_text() for f in MY_FILES)
    missing = sorted(i for i in ids if not re.search(re.escape(i) + r"\b", text))
    assert not missing, f"rule ids without a test: {missing}"


@pytest.mark.skipif(not SPEC.exists(), reason="shared/rules not checked out")
def test_every_rule_id_has_a_title_in_the_referee():
    from referee.games.shithead import GAME
    ids = set(re.findall(r"^- (H\d\.\d+) ", SPEC.read_text(), flags=re.M))
    assert set(GAME.rules) == ids
    assert set(GAME.variant_rules.values()) <= ids


# -- H0.1 deck and players -------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_H0_1_two_to_five_players_from_one_deck(n):
    t = Table()
    ok(t, start(n, mode="hidden"))
    s = t.summary()
    assert s["stock"] == 52 - 9 * n and t.view()["decks"] == 1


@pytest.mark.parametrize("n", [0, 1, 6])
def test_H0_1_fewer_than_two_or_six_without_jokers_is_illegal(n):
    r = rejected(Table(), start(n, mode="hidden", players=[f"P{i}" for i in range(n)]))
    assert r.rule in ("H0.1", "H3.1")
    assert r.rule == ("H3.1" if n == 6 else "H0.1")


def test_H0_1_a_card_cannot_be_dealt_twice():
    hands = [list(h) for h in HANDS3]
    hands[1][0] = "3H"  # Ann holds 3H
    rejected(Table(), start(3, hands=hands, face_up=FACE3), "H0.1")


def test_H0_1_a_card_known_to_be_elsewhere_cannot_be_played():
    t = deal()
    ok(t, play(0, "3H"))
    r = rejected(t, play(1, "KS"), "H0.1")  # KS is Ann's face-up card; Bob's hand is known
    assert "Bob" in r.message


def test_H0_1_suits_do_not_matter_and_aces_are_high():
    t = deal([["3H", "AS", "5S"], ["3D", "AD", "KD"], ["8S", "JH", "QC"]])
    run(t, [play(0, "3H"), play(1, "3D"), play(2, "8S"), play(0, "AS"), play(1, "AD")])
    rejected(t, play(2, "QC"), "H1.1")  # nothing but a 2 or 10 beats an ace


# -- H0.2 the deal ------------------------------------------------------------------------
def test_H0_2_three_face_down_three_face_up_three_in_hand():
    t = Table()
    ok(t, start(4, mode="hidden"))
    s = t.summary()
    assert s["hand_sizes"] == [3] * 4 and s["face_down"] == [3] * 4 and s["stock"] == 52 - 36
    assert s["phase"] == "swap" and s["face_up"] == [None] * 4
    ok(t, face_up(0, "3H", "4H", "5H"))
    assert t.summary()["face_up"][0] == ["3H", "4H", "5H"]


def test_H0_2_a_hand_of_four_is_illegal():
    hands = [list(h) for h in HANDS3]
    hands[0] = hands[0] + ["2S"]
    rejected(Table(), start(3, hands=hands, face_up=FACE3), "H0.2")


def test_H0_2_two_face_up_cards_are_illegal():
    t = Table()
    ok(t, start(3, mode="hidden"))
    rejected(t, face_up(0, "3H", "4H"), "H0.2")


def test_H0_2_play_waits_until_every_face_up_card_is_on_record():
    t = Table()
    ok(t, start(3, mode="hidden"))
    ok(t, face_up(0, *FACE3[0]))
    rejected(t, play(0, "3S"), "H0.2")
    ok(t, face_up(1, *FACE3[1]))
    ok(t, face_up(2, *FACE3[2]))
    ok(t, play(0, "3S"))  # now Ann may start (a hand 3 beats Cid's face-up 4H)


# -- H0.3 swapping before play --------------------------------------------------------------
def test_H0_3_a_player_swaps_a_hand_card_for_a_face_up_card():
    t = deal()
    r = ok(t, swap(0, "9D", "6C"))
    assert r.rule == "H0.3"
    assert t.summary()["face_up"][0] == ["KS", "QH", "9D"]
    assert sorted(t.view()["hands"]["0"]["known"]) == sorted(["3H", "5S", "6C"])
    ok(t, swap(0, "6C", "9D"))  # and back: swaps may be repeated before play


def test_H0_3_swaps_end_when_play_starts():
    t = deal()
    ok(t, play(0, "3H"))
    rejected(t, swap(1, "4C", "5D"), "H0.3")


def test_H0_3_only_your_own_face_up_cards():
    t = deal()
    rejected(t, swap(0, "9D", "5D"), "H0.3")  # 5D lies in front of Bob


def test_H0_3_the_hand_card_must_be_in_the_hand():
    t = deal()
    rejected(t, swap(0, "KD", "6C"), "H0.1")  # KD is in Bob's hand


# -- H0.4 the starter -------------------------------------------------------------------------
def test_H0_4_a_hand_3_starts_before_a_face_up_4():
    t = deal()
    assert t.summary()["turn"] == 0
    r = ok(t, play(0, "3H"))
    assert note(r, "starter")["seat"] == 0 and t.summary()["starter"] == 0


def test_H0_4_the_lowest_face_up_card_does_not_start_over_a_hand_3():
    t = deal()
    r = rejected(t, play(2, "8S"), "H0.4")
    assert "Ann" in r.message and "3" in r.message


def test_H0_4_a_face_up_3_starts_before_a_hand_3():
    face = [list(f) for f in FACE3]
    face[1] = ["3D", "9S", "JC"]
    t = deal(face=face)
    rejected(t, play(0, "3H"), "H0.4")
    ok(t, play(1, "4C"))  # the starter need not play the 3


def test_H0_4_ties_go_to_the_first_player_from_the_dealers_left():
    hands = [["3H", "5S", "9D"], ["3C", "6H", "KD"], ["8S", "JH", "QC"]]
    t = deal(hands, dealer=0)  # Bob sits at the dealer's left: he is first
    rejected(t, play(0, "3H"), "H0.4")
    ok(t, play(1, "3C"))
    t = deal(hands, dealer=2)  # now Ann is first
    rejected(t, play(1, "3C"), "H0.4")
    ok(t, play(0, "3H"))


def test_H0_4_showing_a_hand_3_claims_the_start_in_hidden_mode():
    t = Table()
    ok(t, start(3, mode="hidden", face_up=FACE3, stock=0))
    ok(t, show(1, "3S"))  # Bob shows a 3: Cid's face-up 4H no longer starts
    rejected(t, play(2, "5C"), "H0.4")
    ok(t, play(1, "3S"))


def test_H0_4_show_belongs_before_play():
    t = deal()
    ok(t, play(0, "3H"))
    rejected(t, show(1, "4C"), "H0.4")


# -- H1.1 play equal or higher, or pick up ---------------------------------------------------
def test_H1_1_equal_or_higher_sets_of_one_rank():
    hands = [["3H", "6S", "6D"], ["4C", "5H", "KD"], ["5C", "JH", "QC"]]
    t = deal(hands)
    r = ok(t, play(0, "3H"))
    assert r.rule == "H1.1"
    ok(t, play(1, "5H"))
    ok(t, play(2, "5C"))  # equal is enough
    ok(t, play(0, "6S", "6D"))  # a set of one rank
    assert t.summary()["pile"] == ["3H", "5H", "5C", "6S", "6D"]


def test_H1_1_a_lower_card_is_refused():
    t = deal()
    run(t, [play(0, "3H"), play(1, "6H")])
    ok(t, play(2, "JH"))
    r = rejected(t, play(0, "5S"), "H1.1")
    assert "does not beat JH" in r.message


def test_H1_1_a_set_must_be_one_rank():
    t = deal()
    rejected(t, play(0, "3H", "5S"), "H1.1")


def test_H1_1_turn_order_is_clockwise():
    t = deal()
    ok(t, play(0, "3H"))
    r = rejected(t, play(2, "8S"), "H1.1")
    assert "Bob's turn" in r.message
    ok(t, play(1, "4C"))
    ok(t, play(2, "8S"))


def test_H1_1_a_player_who_will_not_play_picks_up_the_whole_pile():
    t = deal()
    run(t, [play(0, "3H"), play(1, "4C")])
    r = ok(t, take(2, ["4C", "3H"]))
    assert r.rule == "H1.1" and note(r, "take")["cards"] == ["3H", "4C"]
    s = t.summary()
    assert s["pile"] == [] and s["hand_sizes"] == [2, 2, 5] and s["turn"] == 0
    assert {"3H", "4C"} <= set(t.view()["hands"]["2"]["known"])


def test_H1_1_taking_names_the_whole_pile_and_not_an_empty_one():
    t = deal()
    run(t, [play(0, "3H"), play(1, "4C")])
    rejected(t, take(2, ["4C"]), "H1.1")
    rejected(t, take(0), "H1.1")  # not Ann's turn
    ok(t, take(2))
    rejected(t, take(0), "H1.1")  # the pile is empty now: play


# -- H1.2 draw back up to three -----------------------------------------------------------
def test_H1_2_after_playing_the_player_draws_up_to_three():
    t = deal(stock=10)
    r = ok(t, play(0, "3H"))
    assert note(r, "draw_due") == {"kind": "draw_due", "seat": 0, "count": 1}
    assert t.summary()["turn"] == 0  # Ann still has to draw
    r = ok(t, draw(0, count=1))
    assert r.rule == "H1.2"
    s = t.summary()
    assert s["hand_sizes"][0] == 3 and s["stock"] == 9 and s["turn"] == 1


def test_H1_2_play_waits_for_the_draw():
    t = deal(stock=10)
    ok(t, play(0, "3H"))
    r = rejected(t, play(1, "4C"), "H1.2")
    assert "Ann draws 1" in r.message


def test_H1_2_no_more_than_back_up_to_three():
    t = deal(stock=10)
    ok(t, play(0, "3H"))
    rejected(t, draw(0, count=2), "H1.2")
    rejected(t, draw(1, count=1), "H1.2")  # Bob holds 3


def test_H1_2_only_while_the_stock_lasts():
    t = deal(stock=1)
    ok(t, play(0, "5S"))
    ok(t, draw(0, cards=["2S"]))
    ok(t, play(1, "6H"))
    assert t.summary()["stock"] == 0 and t.view()["draws_due"] == [0, 0, 0]
    rejected(t, draw(1, count=1), "H1.2")


def test_H1_2_a_named_draw_must_come_from_the_stock():
    t = deal(stock=10)
    ok(t, play(0, "3H"))
    rejected(t, draw(0, cards=["KD"]), "H0.1")  # KD is in Bob's hand
    ok(t, draw(0, cards=["2C"]))
    assert "2C" in t.view()["hands"]["0"]["known"]


# -- H1.3 twos ----------------------------------------------------------------------------
def test_H1_3_a_2_goes_on_anything_and_anything_on_a_2():
    hands = [["3H", "5S", "4D"], ["4C", "AH", "KD"], ["8S", "2H", "QC"]]
    t = deal(hands)
    run(t, [play(0, "3H"), play(1, "AH")])
    rejected(t, play(2, "QC"), "H1.1")  # a queen does not beat the ace...
    r = ok(t, play(2, "2H"))  # ...a 2 goes on it
    assert r.rule == "H1.3"
    r = ok(t, play(0, "4D"))  # and anything follows a 2
    assert r.rule == "H1.3"


# -- H1.4 tens burn -----------------------------------------------------------------------
def test_H1_4_a_10_burns_the_pile_and_the_player_plays_again():
    hands = [["3H", "5S", "9D"], ["4C", "10H", "KD"], ["8S", "JH", "QC"]]
    t = deal(hands)
    run(t, [play(0, "3H"), play(1, "KD"), take(2), play(0, "9D")])
    r = ok(t, play(1, "10H"))  # a 10 on a 9... on anything
    assert r.rule == "H1.4"
    burn = note(r, "burn")
    assert burn == {"kind": "burn", "seat": 1, "rule": "H1.4", "cards": ["9D", "10H"]}
    s = t.summary()
    assert s["pile"] == [] and s["burned"] == 2 and s["kills"] == 1 and s["turn"] == 1
    ok(t, play(1, "4C"))  # any card starts the new pile


def test_H1_4_after_a_burn_nobody_else_plays():
    hands = [["3H", "5S", "9D"], ["4C", "10H", "KD"], ["8S", "JH", "QC"]]
    t = deal(hands)
    run(t, [play(0, "3H"), play(1, "10H")])
    r = rejected(t, play(2, "8S"), "H1.4")
    assert "Bob" in r.message and "plays again" in r.message
    rejected(t, take(1), "H1.1")  # nothing to pick up: Bob must play


def test_H1_4_a_10_goes_on_an_ace():
    hands = [["3H", "AS", "9D"], ["4C", "10H", "KD"], ["8S", "JH", "QC"]]
    t = deal(hands)
    run(t, [play(0, "3H"), play(1, "KD"), take(2), play(0, "AS")])
    assert note(ok(t, play(1, "10H")), "burn")


# -- H1.5 four of a kind --------------------------------------------------------------------
FACE_NO_5 = [["KS", "QH", "6C"], ["JD", "9S", "JC"], ["7S", "8D", "4H"]]


def test_H1_5_four_of_a_kind_by_several_players_burns():
    hands = [["3H", "5S", "9D"], ["5H", "5D", "KD"], ["5C", "JH", "QC"]]
    t = deal(hands, FACE_NO_5)
    ok(t, play(0, "3H"))
    ok(t, play(1, "KD"))
    ok(t, take(2))
    ok(t, play(0, "5S"))
    ok(t, play(1, "5H", "5D"))
    r = ok(t, play(2, "5C"))
    assert r.rule == "H1.5"
    assert note(r, "burn")["cards"] == ["5S", "5H", "5D", "5C"]
    assert t.summary()["turn"] == 2 and t.summary()["pile"] == []
    rejected(t, play(0, "9D"), "H1.5")  # Cid, who added the fourth, plays again
    ok(t, play(2, "JH"))


def test_H1_5_three_of_a_kind_does_not_burn():
    hands = [["3H", "5S", "9D"], ["5H", "5D", "KD"], ["8C", "JH", "QC"]]
    t = deal(hands, FACE_NO_5)
    run(t, [play(0, "3H"), play(1, "KD"), take(2), play(0, "5S")])
    r = ok(t, play(1, "5H", "5D"))
    assert note(r, "burn") is None and t.summary()["turn"] == 2


# -- H2.1 face-up cards ---------------------------------------------------------------------
def test_H2_1_face_up_cards_only_when_the_hand_is_empty():
    t = deal()
    ok(t, play(0, "3H"))
    r = rejected(t, up(1, "5D"), "H2.1")
    assert "Bob still holds 3" in r.message


def test_H2_1_with_hand_and_stock_empty_play_face_up_or_pick_up():
    hands = [["3H", "4H", "5H"], ["3C", "4C", "QC"]]
    face = [["6H", "7H", "8H"], ["KC", "KD", "KS"]]
    t = deal(hands, face)
    for card in ("3H", "4H", "5H"):
        ok(t, play(0, card))
        ok(t, take(1))
    assert t.summary()["hand_sizes"][0] == 0
    rejected(t, play(0, "6H", source="hand"), "H2.1")  # the hand is empty
    r = ok(t, up(0, "6H"))
    assert t.summary()["face_up"][0] == ["7H", "8H"]
    ok(t, play(1, "QC"))
    rejected(t, up(0, "7H"), "H1.1")  # does not beat QC: pick up
    r = ok(t, take(0))
    assert r.rule == "H2.1" and t.summary()["hand_sizes"][0] == 2
    ok(t, play(1, "3C"))
    rejected(t, up(0, "7H"), "H2.1")  # the hand must be played out first


def test_H2_1_a_face_up_card_must_be_there():
    hands = [["3H", "4H", "5H"], ["3C", "4C", "QC"]]
    face = [["6H", "7H", "8H"], ["KC", "KD", "KS"]]
    t = deal(hands, face)
    for card in ("3H", "4H", "5H"):
        ok(t, play(0, card))
        ok(t, take(1))
    rejected(t, up(0, "9H"), "H0.1")


# -- H2.2 face-down cards, blind -------------------------------------------------------------
def test_H2_2_a_blind_card_that_beats_stays():
    t = ann_down_to_face_down()
    r = ok(t, blind(0, "KH"))
    assert r.ok and note(r, "blind_fail") is None
    s = t.summary()
    assert s["face_down"][0] == 2 and s["pile"][-1] == "KH" and s["turn"] == 1


def test_H2_2_a_blind_card_that_does_not_beat_is_picked_up_with_the_pile():
    t = ann_down_to_face_down()
    r = ok(t, blind(0, "4S"))
    assert r.rule == "H2.2" and note(r, "blind_fail") == {"kind": "blind_fail", "seat": 0, "card": "4S"}
    assert t.summary()["turn"] == 0
    rejected(t, play(1, "KC", source="face_up"), "H2.2")  # Ann picks up first
    rejected(t, blind(0, "9S"), "H2.2")
    r = ok(t, take(0))
    assert r.rule == "H2.2" and "4S" in t.view()["hands"]["0"]["known"]
    ok(t, play(1, "3C"))
    r = rejected(t, blind(0, "9S"), "H2.2")  # hand cards before any further face-down card
    assert "hand" in r.message


def test_H2_2_face_down_only_when_the_face_up_cards_are_gone():
    hands = [["3H", "4H", "5H"], ["3C", "4C", "QC"]]
    face = [["6H", "7H", "8H"], ["KC", "KD", "KS"]]
    t = deal(hands, face)
    for card in ("3H", "4H", "5H"):
        ok(t, play(0, card))
        ok(t, take(1))
    rejected(t, blind(0, "9S"), "H2.2")


def test_H2_2_one_face_down_card_at_a_time():
    t = ann_down_to_face_down()
    rejected(t, play(0, "KH", "KD", source="face_down"), "H2.2")


def test_H2_2_the_blind_card_must_be_unseen():
    t = ann_down_to_face_down()
    rejected(t, blind(0, "KC"), "H0.1")  # KC lies face up in front of Bob


# -- H2.3 out, the shithead, the next dealer ------------------------------------------------
def two_player_game_to_the_end(t: Table) -> Table:
    """Ann goes out by blind cards on an empty pile and on low cards; Bob is the shithead."""
    ann_down_to_face_down(t)
    ok(t, blind(0, "AH"))  # beats QC
    ok(t, take(1))
    ok(t, blind(0, "2D"))
    ok(t, play(1, "3C"))
    r = ok(t, blind(0, "9S"))
    return r


def test_H2_3_no_cards_left_is_out_and_the_last_player_is_the_shithead():
    t = Table()
    ok(t, start(2, hands=[["3H", "4H", "5H"], ["3C", "4C", "QC"]],
                face_up=[["6H", "7H", "8H"], ["KC", "KD", "KS"]], stock=0))
    r = two_player_game_to_the_end(t)
    assert r.rule == "H2.3"
    assert note(r, "out") == {"kind": "out", "seat": 0}
    assert note(r, "goat") == {"kind": "goat", "seat": 1, "player": "Bob"}
    s = t.summary()
    assert s["phase"] == "over" and s["goat"] == 1 and s["out"] == [0] and s["turn"] is None
    rejected(t, play(1, "3C"), "H2.3")
    tally = t.session.tally()
    assert tally["Bob"]["losses"] == 1 and tally["Ann"]["losses"] == 0
    record = t.session.last()
    assert record.losers == ("Bob",) and record.out == ("Ann",) and dict(record.info)["dealer_next"] == "Bob"


def test_H2_3_the_shithead_deals_the_next_game():
    t = Table()
    ok(t, start(2, hands=[["3H", "4H", "5H"], ["3C", "4C", "QC"]],
                face_up=[["6H", "7H", "8H"], ["KC", "KD", "KS"]], stock=0))
    two_player_game_to_the_end(t)
    rejected(t, start(2, mode="hidden", dealer=0), "H2.3")
    ok(t, start(2, mode="hidden"))
    assert t.summary()["dealer"] == 1


def test_H2_3_an_out_player_plays_no_more():
    hands = [["3H", "2H", "2D"], ["4C", "5C", "QC"], ["6C", "7C", "8C"]]
    face = [["2S", "10H", "10D"], ["KC", "KD", "KS"], ["9C", "JC", "AC"]]
    t = deal(hands, face)
    run(t, [play(0, "3H"), play(1, "4C"), play(2, "6C"), play(0, "2H"), play(1, "5C"), play(2, "7C"),
            play(0, "2D"), play(1, "QC"), take(2), up(0, "2S"), up(1, "KC"), play(2, "2H"),
            up(0, "10H"), up(0, "10D"), blind(0, "10S"), blind(0, "10C")])
    assert t.summary()["kills"] == 4 and t.summary()["turn"] == 0
    r = ok(t, blind(0, "4D"))
    assert note(r, "out") == {"kind": "out", "seat": 0} and note(r, "goat") is None
    s = t.summary()
    assert s["out"] == [0] and s["turn"] == 1 and s["phase"] == "play"
    r = rejected(t, play(0, "5D"), "H2.3")
    assert "out" in r.message


def test_start_names_and_bad_events_are_errors_not_crashes():
    t = deal()
    for ev in ({"type": "play", "seat": 9, "cards": ["3H"]}, {"type": "play", "seat": 0, "cards": ["ZZ"]},
               {"type": "play", "seat": 0, "cards": []}, {"type": "play", "seat": 0, "cards": ["3H"],
                                                            "source": "stock"},
               {"type": "draw", "seat": 0, "count": 0}, {"type": "swap", "seat": 0},
               {"type": "fly", "seat": 0}, {"type": "play", "seat": True, "cards": ["3H"]}):
        rejected(t, ev, severity="error")
    for ev in (start(3, players="Ann"), start(3, players=["Ann", "Ann", "Bob"]), start(3, mode="dark"),
               start(3, decks=3), start(3, stock=99), start(3, dealer=7), start(3, hands=[["3H"]])):
        r = Table().apply(ev)
        assert not r.ok and r.severity == "error", (ev, r)
    assert NAMES[0] == "Ann"
