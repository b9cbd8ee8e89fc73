"""Shithead variants (H3.1-H3.6), each obeyed and broken. Written from shared/rules/shithead.md."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from shithead_support import (FACE3, HANDS3, Table, deal, draw, note, ok, play, rejected, run,  # noqa: E402
                              stack, start, swap, take)


# -- H3.1 jokers ---------------------------------------------------------------------------
JOKERS = {"jokers": ["JS", "JC"]}


def test_H3_1_a_joker_goes_on_anything_and_reverses_play():
    hands = [["3H", "5S", "9D"], ["4C", "AH", "KD"], ["JS", "JH", "QC"]]
    t = deal(hands, variants=JOKERS)
    run(t, [play(0, "3H"), play(1, "AH")])
    r = ok(t, play(2, "JS"))  # the joker on an ace
    assert r.rule == "H3.1" and note(r, "reverse")["direction"] == -1
    s = t.summary()
    assert s["direction"] == -1 and s["turn"] == 1  # back to Bob, anticlockwise
    r = rejected(t, play(0, "5S"), "H3.1")
    assert "Bob's turn" in r.message
    r = rejected(t, play(1, "KD"), "H3.1")  # a joker has no rank: beat the ace under it
    assert "AH" in r.message
    ok(t, take(1))
    assert t.summary()["turn"] == 0  # anticlockwise from Bob


def test_H3_1_a_joker_is_not_a_jack():
    hands = [["3H", "5S", "9D"], ["4C", "JS", "KD"], ["JD", "JH", "QC"]]
    t = deal(hands, variants=JOKERS)
    run(t, [play(0, "3H"), play(1, "4C"), play(2, "JD", "JH")])
    rejected(t, play(0, "JS"), "H0.1")  # Bob holds it
    rejected(t, play(1, "JS", "KD"), "H1.1")  # a joker and a king are no set


def test_H3_1_six_players_with_jokers_and_two_decks():
    t = Table()
    players = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
    rejected(t, start(6, mode="hidden", players=players), "H3.1")
    ok(t, start(6, mode="hidden", players=players, variants={"jokers": True}))
    view = t.view()
    assert view["decks"] == 2 and view["variants"] == {"jokers": ["JS"]} and view["stock"] == 104 - 54
    r = Table().apply(start(7, mode="hidden", players=players + ["Gus"], variants={"jokers": True}))
    assert not r.ok and r.rule == "H0.1"


@pytest.mark.parametrize("value", [["2S", "JC"], ["JS", "JS"], "JS", [], ["JS", "JC", "JD"]])
def test_H3_1_joker_cards_must_be_two_ordinary_cards(value):
    r = Table().apply(start(3, mode="hidden", variants={"jokers": value}))
    assert not r.ok and r.severity == "error"


# -- H3.2 reverse and skip ranks --------------------------------------------------------------
RANKED = {"reverse_rank": "9", "skip_rank": "J"}


def test_H3_2_the_reverse_rank_turns_play_round():
    t = deal(variants=RANKED)
    run(t, [play(0, "3H"), play(1, "4C"), play(2, "8S")])
    r = ok(t, play(0, "9D"))
    assert r.rule == "H3.2" and t.summary()["direction"] == -1 and t.summary()["turn"] == 2
    r = rejected(t, play(1, "KD"), "H3.2")
    assert "reversed" in r.message
    ok(t, play(2, "QC"))
    assert t.summary()["turn"] == 1


def test_H3_2_the_skip_rank_skips_the_next_player():
    t = deal(variants=RANKED)
    run(t, [play(0, "3H"), play(1, "4C")])
    r = ok(t, play(2, "JH"))
    assert r.rule == "H3.2" and note(r, "skip") == {"kind": "skip", "seat": 0}
    r = rejected(t, take(0), "H3.2")
    assert "Ann was skipped" in r.message
    ok(t, play(1, "KD"))


def test_H3_2_two_players_a_skip_plays_again():
    hands = [["3H", "JD", "5S"], ["4C", "6H", "KD"]]
    face = [["KS", "QH", "6C"], ["5D", "9S", "JC"]]
    t = deal(hands, face, variants=RANKED)
    run(t, [play(0, "3H"), play(1, "6H"), play(0, "JD")])
    assert t.summary()["turn"] == 0


def test_H3_2_special_ranks_must_differ_and_be_ranks():
    for variants in ({"reverse_rank": "9", "skip_rank": "9"}, {"skip_rank": "10"}, {"reverse_rank": "2"},
                     {"transparent": "X"}):
        r = Table().apply(start(3, mode="hidden", variants=variants))
        assert not r.ok and r.severity == "error", variants


# -- H3.3 transparent ---------------------------------------------------------------------------
GLASS_HANDS = [["3H", "5S", "7D"], ["4C", "6H", "KD"], ["8S", "JH", "QC"]]


def test_H3_3_after_glass_the_play_beats_the_card_under_it():
    t = deal(GLASS_HANDS, variants={"transparent": "8"})
    run(t, [play(0, "3H"), play(1, "6H"), play(2, "8S")])
    assert t.view()["top"] == "6H"
    r = rejected(t, play(0, "5S"), "H3.3")
    assert "6H" in r.message and "8S" in r.message
    r = ok(t, play(0, "7D"))  # lower than the 8, but it beats the 6 under it
    assert r.rule == "H3.3"


def test_H3_3_the_glass_card_itself_must_go_on_the_pile_by_rank():
    t = deal(GLASS_HANDS, variants={"transparent": True})
    run(t, [play(0, "3H"), play(1, "KD")])
    rejected(t, play(2, "8S"), "H1.1")
    t = deal(GLASS_HANDS)  # without the variant an 8 is an 8
    run(t, [play(0, "3H"), play(1, "6H"), play(2, "8S")])
    rejected(t, play(0, "7D"), "H1.1")


# -- H3.4 lower than seven --------------------------------------------------------------------
LOW_HANDS = [["3H", "7D", "9D"], ["4C", "6H", "KD"], ["5C", "10H", "QC"]]


def test_H3_4_after_a_7_the_next_play_is_lower():
    t = deal(LOW_HANDS, variants={"lower_than_seven": True})
    run(t, [play(0, "3H"), play(1, "4C"), play(2, "5C"), play(0, "7D")])
    r = rejected(t, play(1, "KD"), "H3.4")
    assert "lower than 7" in r.message
    r = ok(t, play(1, "6H"))
    assert r.rule == "H3.4"
    ok(t, play(2, "QC"))  # only the play right after the 7 must be lower


def test_H3_4_a_10_is_excepted():
    t = deal(LOW_HANDS, variants={"lower_than_seven": "7"})
    run(t, [play(0, "3H"), play(1, "4C"), play(2, "5C"), play(0, "7D"), take(1)])
    t = deal(LOW_HANDS, variants={"lower_than_seven": "7"})
    run(t, [play(0, "3H"), play(1, "6H"), take(2), play(0, "7D"), play(1, "4C")])
    r = ok(t, play(2, "10H"))
    assert note(r, "burn")


# -- H3.5 tens restricted -----------------------------------------------------------------------
TEN_HANDS = [["3H", "5S", "9D"], ["4C", "6H", "KD"], ["10C", "JH", "QC"]]


def test_H3_5_a_10_may_not_go_on_a_face_card():
    t = deal(TEN_HANDS, variants={"tens_restricted": True})
    run(t, [play(0, "3H"), play(1, "KD")])
    r = rejected(t, play(2, "10C"), "H3.5")
    assert "face card" in r.message
    t = deal(TEN_HANDS)  # without the variant it may
    run(t, [play(0, "3H"), play(1, "KD")])
    assert note(ok(t, play(2, "10C")), "burn")


def test_H3_5_a_10_on_a_plain_card_burns_and_the_player_goes_again():
    t = deal(TEN_HANDS, variants={"tens_restricted": True})
    run(t, [play(0, "3H"), play(1, "6H")])
    r = ok(t, play(2, "10C"))
    assert r.rule == "H1.4" and note(r, "burn") and t.summary()["turn"] == 2


# -- H3.6 stacking ----------------------------------------------------------------------------------
STACK_HANDS = [["3H", "6D", "9D"], ["4C", "6H", "KD"], ["8S", "JH", "QC"]]


def test_H3_6_stack_a_matching_card_and_refill_the_hand():
    t = deal(STACK_HANDS, stock=10, variants={"stacking": True})
    r = ok(t, stack(0, "6D"))  # on Ann's face-up 6C
    assert r.rule == "H3.6" and note(r, "draw_due")["count"] == 1
    rejected(t, play(0, "3H"), "H1.2")  # refill before play
    rejected(t, stack(0, "6H"), "H1.2")
    ok(t, draw(0, cards=["6S"]))
    ok(t, stack(0, "6S"))  # repeatedly
    ok(t, draw(0, count=1))
    s = t.summary()
    assert s["face_up"][0] == ["KS", "QH", "6C", "6D", "6S"] and s["hand_sizes"][0] == 3 and s["stock"] == 8
    ok(t, swap(1, "6H", "5D"))  # swapping goes on beside stacking
    rejected(t, stack(1, "KD"), "H3.6")


def test_H3_6_stacking_needs_the_variant_a_match_and_the_swap():
    t = deal(STACK_HANDS, stock=10)
    rejected(t, stack(0, "6D"), "H3.6")
    t = deal(STACK_HANDS, stock=10, variants={"stacking": True})
    rejected(t, stack(0, "9D"), "H3.6")  # Ann has no face-up 9
    ok(t, play(0, "3H"))
    ok(t, draw(0, count=1))
    rejected(t, stack(0, "6D"), "H3.6")  # play has started


def test_variants_are_listed_with_their_ranks():
    t = deal(HANDS3, FACE3, variants=["stacking", "tens_restricted"])
    assert t.view()["variants"] == {"tens_restricted": True, "stacking": True}
    t = deal(HANDS3, FACE3, variants={"transparent": 7, "skip_rank": "q", "stacking": False})
    assert t.view()["variants"] == {"skip_rank": "Q", "transparent": "7"}
    r = Table().apply(start(3, variants={"wild": True}))
    assert not r.ok and r.severity == "error"
