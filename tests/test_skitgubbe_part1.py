"""Skitgubbe Part 1 ("match if you can"), rules S1.1-S1.9, in open (teaching) mode.

Written from shared/rules/skitgubbe.md. Hands are told with `hand` events; after a card
leaves a hand the owner draws automatically, and the tests tell the drawn card with
another `hand` event (the P1 driver does this) whenever the hand must stay known.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from skitgubbe_support import (P1, Table, collect, exhaust, flip, hand, note, ok, play,  # noqa: E402
                               rejected, run, slough, start, start2, table1)

# Four hands whose ranks never meet unless a test wants them to.
LOW4 = [["2S", "2H", "2D"], ["3S", "3H", "3D"], ["4S", "4H", "4D"], ["5S", "5H", "5D"]]


# -- S1.1 deal three each; the rest is the stock ---------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_S1_1_three_cards_each_at_the_start(n):
    t = Table()
    ok(t, start(n, leader=1))
    s = t.summary()
    assert s["hand_sizes"] == [3] * n and s["phase"] == "part1" and s["turn"] == 1
    assert s["trump"] is None and s["kills"] == 0 and s["goat"] is None


def test_S1_1_a_dealt_hand_of_four_cards_is_illegal():
    # Either id is a fair reading: the deal gives three (S1.1), hands stay at three (S1.2).
    t = Table()
    ok(t, start(4))
    r = rejected(t, hand(0, ["2S", "2H", "2D", "2C"]))
    assert r.rule in ("S1.1", "S1.2")


@pytest.mark.parametrize("sloughs", [0, 1])
def test_S1_1_S1_2_the_stock_holds_52_minus_3n_cards(sloughs):
    """4 players: 40 stock cards. Every flip and every draw (after a slough) costs one, so the
    flip that would take the 40th (last) card is refused (S1.11) exactly when expected."""
    sim = exhaust(LOW4, leader=0, winners=[0] * 9, reserve=("KC", "2C", "3C", "9C"))
    assert sim.stock == 4
    sim.flip(0, "KC")
    sim.flip(1, "2C")
    if sloughs:
        sim.slough(0, "2S", draw="9C")  # Ann has played; 2 is not the highest: legal (S1.8)
        assert sim.t.summary()["hand_sizes"] == [3, 3, 3, 3]
        rejected(sim.t, flip(2, "3C"), "S1.11")
    else:
        sim.flip(2, "3C")
        rejected(sim.t, flip(3, "6C"), "S1.11")


# -- S1.2 hands stay at three while the stock lasts --------------------------------------------
def test_S1_2_playing_from_hand_draws_a_replacement():
    t = table1(LOW4)
    r = ok(t, play(0, "2S"))
    assert t.summary()["hand_sizes"] == [3, 3, 3, 3]
    assert note(r, "aside") is None
    ok(t, flip(1, "9C"))  # a flip comes from the stock, not the hand: no draw needed
    assert t.summary()["hand_sizes"] == [3, 3, 3, 3]
    ok(t, slough(0, "2H"))  # slough, then draw (S1.8)
    assert t.summary()["hand_sizes"] == [3, 3, 3, 3]


def test_S1_2_hand_of_two_while_the_stock_lasts_is_illegal():
    t = table1(LOW4)
    ok(t, play(0, "2S"))
    rejected(t, hand(0, ["2H", "2D"]), "S1.2")  # Ann must have drawn a third card


def test_S1_2_the_drawn_card_can_be_told():
    t = table1(LOW4)
    ok(t, play(0, "2S"))
    ok(t, hand(0, ["2H", "2D", "KC"]))
    assert t.summary()["hand_sizes"] == [3, 3, 3, 3]


# -- S1.3 leader ----------------------------------------------------------------------------
def test_S1_3_the_volunteer_leads_the_first_trick():
    t = table1(LOW4, leader=2)
    assert t.summary()["turn"] == 2
    rejected(t, flip(0, "KC"), "S1.3")
    ok(t, flip(2, "KC"))


def test_S1_3_the_winner_of_a_trick_leads_the_next():
    t = table1(LOW4)
    run(t, [flip(0, "7C"), flip(1, "KC"), flip(2, "8C"), flip(3, "9C")])
    ok(t, collect(1))
    assert t.summary()["turn"] == 1
    rejected(t, flip(2, "JC"), "S1.3")
    rejected(t, flip(0, "JC"), "S1.3")
    ok(t, flip(1, "JC"))


def test_S1_3_the_goat_of_the_previous_game_leads_the_first_trick():
    t = Table()
    ok(t, start2_goat_cid())
    run(t, [play(0, "5C"), play(1, "7C")])
    assert t.summary()["goat"] == 2
    ev = start(3)
    del ev["leader"]
    ok(t, ev)
    assert t.summary()["turn"] == 2 and t.summary()["phase"] == "part1"
    rejected(t, flip(0, "KC"), "S1.3")
    ok(t, flip(2, "KC"))


def test_S1_3_a_start_naming_another_leader_than_the_goat_is_illegal():
    t = Table()
    ok(t, start2_goat_cid())
    run(t, [play(0, "5C"), play(1, "7C")])
    rejected(t, start(3, leader=0), "S1.3")  # Cid, the goat, leads the next game
    ok(t, start(3, leader=2))


def test_S1_3_without_the_goat_at_the_table_seat_0_leads():
    t = Table()
    ok(t, start2_goat_cid())
    run(t, [play(0, "5C"), play(1, "7C")])
    ev = start(3, players=["Eve", "Fay", "Gus"])
    del ev["leader"]
    ok(t, ev)
    assert t.summary()["turn"] == 0


def start2_goat_cid():
    return start2([["5C"], ["7C"], ["2D", "9C"]])


def test_S1_3_no_lead_before_the_trick_is_collected():
    t = table1(LOW4)
    run(t, [flip(0, "7C"), flip(1, "KC"), flip(2, "8C"), flip(3, "9C")])
    r = t.apply(flip(1, "JC"))
    assert not r.ok and r.severity == "illegal"


# -- S1.4 one play each: a hand card or the top stock card -----------------------------------------
def test_S1_4_each_player_makes_one_play_by_hand_or_flip():
    t = table1(LOW4)
    r = run(t, [play(0, "2S"), flip(1, "KC"), play(2, "4S"), flip(3, "9C")])
    assert note(r[-1], "trick_won")["seat"] == 1
    assert all(note(x, "trick_won") is None for x in r[:-1])


def test_S1_4_a_leader_may_flip():
    t = table1(LOW4)
    ok(t, flip(0, "KC"))
    assert t.summary()["turn"] == 1


def test_S1_4_two_cards_in_one_part1_play_are_illegal():
    t = table1(LOW4)
    rejected(t, play(0, "2S", "2H"), "S1.4")


def test_S1_4_a_second_play_in_the_same_trick_is_illegal():
    t = table1(LOW4)
    run(t, [flip(0, "KC"), flip(1, "9C")])
    r = rejected(t, flip(1, "8C"))
    assert r.rule in ("S1.4", "S0.4")


def test_S1_4_a_card_not_in_the_open_hand_cannot_be_played():
    t = table1(LOW4)
    r = rejected(t, play(0, "KC"))
    assert r.rule in ("S1.4", "S0.1")


# -- S1.5 must match ---------------------------------------------------------------------------
MATCH4 = [["KS", "2S", "3S"], ["KH", "4H", "5H"], ["KD", "6D", "7D"], ["8C", "9C", "10C"]]


@pytest.mark.parametrize("bad", [play(1, "4H"), flip(1, "2C")])
def test_S1_5_a_player_holding_the_rank_must_match(bad):
    t = table1(MATCH4)
    ok(t, play(0, "KS"))
    rejected(t, bad, "S1.5")
    ok(t, play(1, "KH"))


@pytest.mark.parametrize("bad", [play(2, "6D"), flip(2, "2C")])
def test_S1_5_must_match_also_after_someone_matched(bad):
    t = table1(MATCH4)
    run(t, [play(0, "KS"), play(1, "KH")])
    rejected(t, bad, "S1.5")
    ok(t, play(2, "KD"))


@pytest.mark.parametrize("free", [play(3, "8C"), play(3, "10C"), flip(3, "AC"), flip(3, "2C")])
def test_S1_5_without_the_rank_anything_or_a_flip_is_allowed(free):
    t = table1(MATCH4)
    run(t, [play(0, "KS"), play(1, "KH"), play(2, "KD")])
    r = ok(t, free)
    if free["cards"] == ["AC"]:
        assert note(r, "trick_won")["seat"] == 3 and note(r, "war") is None
    else:
        assert sorted(note(r, "war")["seats"]) == [0, 1, 2]


def test_S1_5_the_obligation_follows_the_highest_card_not_the_lead():
    t = table1(MATCH4)
    ok(t, flip(0, "5C"))  # Ann flips a 5: Bob holds 5H and must match
    rejected(t, play(1, "KH"), "S1.5")
    ok(t, play(1, "5H"))  # now 5 is matched; Cid holds no 5
    ok(t, flip(2, "QC"))  # Q is highest now: Dan holds no Q
    r = ok(t, play(3, "8C"))
    assert note(r, "trick_won")["seat"] == 2 and note(r, "war") is None


# -- S1.6 the single highest card wins; the winner collects everything ---------------------------
def test_S1_6_highest_card_wins_and_is_collected():
    t = table1(LOW4)
    r = run(t, [flip(0, "7C"), flip(1, "KC"), flip(2, "8C"), flip(3, "9C")])
    assert note(r[-1], "trick_won")["seat"] == 1
    c = ok(t, collect(1))
    got = note(c, "collect")
    assert got["seat"] == 1 and sorted(got["cards"]) == sorted(["7C", "KC", "8C", "9C"])
    s = t.summary()
    assert s["tricks_won"] == [0, 1, 0, 0]
    assert s["hand_sizes"] == [3, 3, 3, 3]  # winnings are not hand cards


def test_S1_6_only_the_winner_collects():
    t = table1(LOW4)
    run(t, [flip(0, "7C"), flip(1, "KC"), flip(2, "8C"), flip(3, "9C")])
    rejected(t, collect(0), "S1.6")
    rejected(t, collect(2), "S1.6")


def test_S1_6_no_collect_before_everyone_has_played():
    t = table1(LOW4)
    run(t, [flip(0, "7C"), flip(1, "KC"), flip(2, "8C")])
    r = rejected(t, collect(1))
    assert r.rule in ("S1.6", "S1.4")


# -- S1.7 war ----------------------------------------------------------------------------------
WAR4 = [["5S", "2S", "3S"], ["KH", "4H", "6H"], ["KD", "7D", "8D"], ["9C", "10C", "JC"]]


def war_sim(draw1="AH", draw2="2D", draw0="4S"):
    """Ann leads 5S, Bob plays KH, Cid must match with KD, Dan plays 9C: war Bob-Cid."""
    sim = P1(WAR4)
    sim.play(0, "5S", draw=draw0)
    sim.play(1, "KH", draw=draw1)
    sim.play(2, "KD", draw=draw2)
    r = sim.play(3, "9C", draw="2C")
    return sim, r


def test_S1_7_a_matched_highest_card_starts_a_war():
    sim, r = war_sim()
    assert sorted(note(r, "war")["seats"]) == [1, 2]
    assert note(r, "trick_won") is None
    assert sim.t.summary()["turn"] == 1  # Bob played the first K: he leads the mini-trick


@pytest.mark.parametrize("seat", [0, 2, 3])
def test_S1_7_only_the_first_player_of_the_rank_leads_the_mini_trick(seat):
    sim, _ = war_sim()
    card = {0: "2S", 2: "7D", 3: "10C"}[seat]
    rejected(sim.t, play(seat, card), "S1.7")


def test_S1_7_outsiders_do_not_play_in_the_mini_trick():
    sim, _ = war_sim()
    sim.play(1, "AH", draw="6S")
    rejected(sim.t, play(3, "10C"), "S1.7")
    rejected(sim.t, play(0, "2S"), "S1.7")


def test_S1_7_the_mini_trick_winner_takes_the_trick_and_all_mini_tricks():
    sim, _ = war_sim()
    sim.play(1, "AH", draw="6S")
    r = sim.play(2, "7D", draw="3D")
    assert note(r, "trick_won")["seat"] == 1
    c = sim.collect(1)
    assert sorted(note(c, "collect")["cards"]) == sorted(["5S", "KH", "KD", "9C", "AH", "7D"])
    s = sim.t.summary()
    assert s["tricks_won"] == [0, 1, 0, 0] and s["turn"] == 1


def test_S1_7_S1_5_a_tie_in_the_mini_trick_starts_another():
    sim, _ = war_sim(draw1="QH", draw2="QD")
    sim.play(1, "QH", draw="AH")
    rejected(sim.t, play(2, "7D"), "S1.5")  # matching applies inside the mini-trick
    rejected(sim.t, flip(2, "3C"), "S1.5")
    r = sim.play(2, "QD", draw="3D")
    assert sorted(note(r, "war")["seats"]) == [1, 2] and note(r, "trick_won") is None
    rejected(sim.t, play(2, "3D"), "S1.7")  # Bob played the first Q: he leads again
    sim.play(1, "AH", draw="6S")
    r = sim.play(2, "3D", draw="6D")
    assert note(r, "trick_won")["seat"] == 1
    c = sim.collect(1)
    assert len(note(c, "collect")["cards"]) == 8


def test_S1_7_a_flip_is_a_legal_mini_trick_play():
    sim, _ = war_sim()
    sim.flip(1, "AC")
    r = sim.flip(2, "QC")
    assert note(r, "trick_won")["seat"] == 1


def test_S1_7_three_way_war_keeps_the_original_order():
    hands = [["KS", "2S", "3S"], ["KH", "4H", "6H"], ["7D", "8D", "9D"], ["KC", "10C", "JC"]]
    sim = P1(hands)
    sim.play(0, "KS", draw="2D")
    sim.play(1, "KH", draw="3D")
    sim.play(2, "7D", draw="4D")
    r = sim.play(3, "KC", draw="5C")
    assert sorted(note(r, "war")["seats"]) == [0, 1, 3]
    sim.play(0, "2S", draw="6S")
    rejected(sim.t, play(2, "8D"), "S1.7")  # Cid is not at war
    rejected(sim.t, play(3, "10C"), "S1.7")  # Bob comes before Dan
    sim.play(1, "6H", draw="7S")
    r = sim.play(3, "10C", draw="8S")
    assert note(r, "trick_won")["seat"] == 3


def test_S1_7_a_second_war_is_among_those_tied_in_the_mini_trick():
    hands = [["KS", "2S", "3S"], ["KH", "4H", "6H"], ["7D", "8D", "9D"], ["KC", "10C", "JC"]]
    sim = P1(hands)
    sim.play(0, "KS", draw="5S")
    sim.play(1, "KH", draw="9H")
    sim.play(2, "7D", draw="4D")
    sim.play(3, "KC", draw="9C")
    sim.play(0, "5S", draw="6S")  # mini-trick 1: Ann leads 5S
    sim.play(1, "9H", draw="7H")  # Bob plays 9H; Dan must match it
    rejected(sim.t, play(3, "10C"), "S1.5")
    r = sim.play(3, "9C", draw="5C")
    assert sorted(note(r, "war")["seats"]) == [1, 3]  # Ann dropped out of the war
    rejected(sim.t, play(0, "6S"), "S1.7")
    rejected(sim.t, play(3, "5C"), "S1.7")  # Bob played the first 9: he leads
    sim.play(1, "7H", draw="8H")
    r = sim.play(3, "JC", draw="2C")
    assert note(r, "trick_won")["seat"] == 3
    c = sim.collect(3)
    assert len(note(c, "collect")["cards"]) == 9


def test_S1_7_a_later_higher_card_ends_the_tie():
    hands = [["KS", "2S", "3S"], ["KH", "4H", "6H"], ["AD", "8D", "9D"], ["7C", "10C", "JC"]]
    t = table1(hands)
    r = run(t, [play(0, "KS"), play(1, "KH"), play(2, "AD"), play(3, "7C")])
    assert note(r[-1], "trick_won")["seat"] == 2
    assert all(note(x, "war") is None for x in r)


# -- S1.8 slough ---------------------------------------------------------------------------------
SLOUGH4 = [["9S", "9D", "2S"], ["JH", "4H", "5H"], ["6D", "7D", "8D"], ["9C", "10C", "3C"]]


def test_S1_8_sloughs_in_and_out_of_turn_and_after_the_decision():
    sim = P1(SLOUGH4)
    sim.play(0, "9S", draw="4S")
    sim.play(1, "JH", draw="6H")
    sim.slough(3, "9C", draw="7C")  # Dan has not played, but 9 is no longer the highest
    sim.slough(0, "9D", draw="9H")  # Ann sloughs on her own card's rank...
    sim.slough(0, "9H", draw="8S")  # ...and again: one player may slough repeatedly
    sim.play(2, "8D", draw="2D")
    r = sim.play(3, "10C", draw="2C")
    assert note(r, "trick_won")["seat"] == 1 and note(r, "war") is None
    sim.slough(0, "8S", draw="3S")  # decided but not collected: still allowed
    assert sim.t.summary()["hand_sizes"] == [3, 3, 3, 3]
    c = sim.collect(1)
    assert sorted(note(c, "collect")["cards"]) == sorted(["9S", "JH", "9C", "9D", "9H", "8D", "10C",
                                                          "8S"])


def test_S1_8_a_slough_must_match_a_rank_in_the_trick():
    sim = P1(SLOUGH4)
    sim.play(0, "9S", draw="4S")
    rejected(sim.t, slough(2, "6D"), "S1.8")
    rejected(sim.t, slough(1, "4H"), "S1.8")


def test_S1_8_no_slough_once_the_trick_is_collected():
    sim = P1(SLOUGH4)
    sim.play(0, "9S", draw="4S")
    sim.play(1, "JH", draw="6H")
    sim.play(2, "8D", draw="2D")
    sim.flip(3, "7S")
    sim.collect(1)
    rejected(sim.t, slough(2, "6D"), "S1.8")  # no trick on the table any more
    rejected(sim.t, slough(2, "7D"), "S1.8")  # 7S was in the collected trick


def test_S1_8_a_slough_of_the_highest_rank_never_causes_a_war():
    hands = [["KS", "2S", "3S"], ["4H", "5H", "6H"], ["7D", "8D", "9D"], ["7C", "10C", "JC"]]
    sim = P1(hands)
    sim.play(0, "KS", draw="2D")
    sim.play(1, "4H", draw="KH")  # Bob draws a K only after his play
    sim.slough(1, "KH", draw="3D")  # he has played: he may slough it (S1.9 does not apply)
    sim.play(2, "7D", draw="4D")
    r = sim.play(3, "10C", draw="5C")
    assert note(r, "trick_won")["seat"] == 0
    assert note(r, "war") is None
    c = sim.collect(0)
    assert "KH" in note(c, "collect")["cards"]


# -- S1.9 forbidden slough (a) ------------------------------------------------------------------
def test_S1_9_no_slough_of_the_highest_rank_by_a_player_still_to_play():
    sim = P1(SLOUGH4)
    sim.play(0, "9S", draw="4S")
    rejected(sim.t, slough(3, "9C"), "S1.9")  # Dan must still play: 9C may be his required play
    sim.slough(0, "9D", draw="8S")  # Ann has played: fine
    sim.play(1, "JH", draw="6H")  # J is higher: the ban on 9s lifts
    sim.slough(3, "9C", draw="7C")
    assert sim.t.summary()["hand_sizes"] == [3, 3, 3, 3]


def test_S1_9_a_forbidden_slough_is_visible_even_with_hidden_hands():
    t = Table()
    ok(t, start(4, mode="hidden"))
    ok(t, play(0, "KS"))
    rejected(t, slough(2, "KD"), "S1.9")  # face up on the table: no proof needed
    ok(t, slough(0, "KC"))  # Ann has played
    ok(t, play(1, "AH"))
    ok(t, slough(2, "KD"))  # the ban lifted with the ace


def test_S1_9_the_ban_applies_inside_a_mini_trick():
    sim, _ = war_sim(draw1="AH", draw2="AD")
    sim.play(1, "AH", draw="6S")  # mini-trick: Cid still has to play and holds AD
    rejected(sim.t, slough(2, "AD"), "S1.9")
    r = sim.play(2, "AD", draw="3D")  # (and he must match: another war)
    assert sorted(note(r, "war")["seats"]) == [1, 2]


def test_S1_9_a_player_who_is_not_in_the_war_may_slough_its_rank():
    sim, _ = war_sim(draw0="KS")  # Ann (already played, not at war) drew a K
    sim.slough(0, "KS", draw="QS")
    sim.play(1, "AH", draw="6S")
    r = sim.play(2, "7D", draw="3D")
    assert note(r, "trick_won")["seat"] == 1


# -- hidden mode: S1.5 judged when proof appears ----------------------------------------------
def test_S1_5_hidden_failure_to_match_is_reported_when_proven():
    t = Table()
    ok(t, start(4, mode="hidden"))
    ok(t, play(0, "KS"))
    ok(t, flip(1, "7D"))  # not knowable yet: Bob's hand is hidden
    r = ok(t, slough(1, "KH"))  # Bob has drawn nothing since: he held KH when he flipped
    proof = note(r, "proven_violation")
    assert proof is not None and proof["seat"] == 1 and proof["rule"] == "S1.5"


UNTOLD = [["2S", "3S", "4S"], ["4H", "5H", "6H"], ["7D", "8D", "10D"], ["JC", "QC", "KC"]]


def untold_draw_then_flip(mode="open"):
    """Open mode, but Bob's drawn card (after his 4H) is never told (or hidden mode). In the
    next trick Dan leads QC and Bob flips instead of matching: not knowable at that moment."""
    if mode == "open":
        t = table1(UNTOLD)
    else:
        t = Table()
        ok(t, start(4, mode="hidden"))
    run(t, [play(0, "2S"), play(1, "4H"), play(2, "7D"), play(3, "JC"), collect(3),
            play(3, "QC"), flip(0, "5C")])
    r = ok(t, flip(1, "6C"))
    assert note(r, "proven_violation") is None
    return t


@pytest.mark.parametrize("mode", ["open", "hidden"])
def test_S1_5_proven_when_the_card_is_played_later_without_a_draw_between(mode):
    t = untold_draw_then_flip(mode)
    r = ok(t, slough(1, "QD"))
    proof = note(r, "proven_violation")
    assert proof["seat"] == 1 and proof["rule"] == "S1.5"


@pytest.mark.parametrize("mode", ["open", "hidden"])
def test_S1_5_proven_when_a_reveal_shows_the_card(mode):
    t = untold_draw_then_flip(mode)
    r = ok(t, hand(1, ["5H", "6H", "QD"]))  # Bob has drawn nothing since his flip
    proof = note(r, "proven_violation")
    assert proof is not None and proof["seat"] == 1 and proof["rule"] == "S1.5"
