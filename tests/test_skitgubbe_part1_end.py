"""The end of Skitgubbe Part 1 and the intermission: rules S1.10-S1.17.

Three players burn the stock (43 cards) with flips planned by `exhaust` (no must-match
obligation ever arises, chosen seats win), so every card is seen and the referee knows every
Part 2 hand exactly. The last stock card is the one card the plan leaves unflipped.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from skitgubbe_support import (cid_plays_out, RANKS, collect, table2, dreck, dreck_cards, exhaust, flip, hand, note,  # noqa: E402
                               ok, play, rejected, slough, trump_ev)

LOW = [["2S", "2H", "2D"], ["3S", "3H", "3D"], ["4S", "4H", "4D"]]  # Cid's 4s beat the rest


def finish(sim, winner):
    """The last trick of Part 1 is decided and `winner` has nothing to lead with: Part 1
    ends the moment the winner must lead, i.e. when the trick is collected (S1.12) - not
    on the deciding play, since sloughs are allowed until the collect (S1.8)."""
    assert note(sim.rulings[-1], "part_end") is None
    assert sim.t.summary()["phase"] == "part1"
    r = sim.collect(winner)
    assert note(r, "part_end") is not None, r.to_dict()
    assert sim.t.summary()["phase"] == "intermission"


def bozo_part_end(mode="open", aside="4C"):
    """Ann wins all 14 flip tricks, the 4C stays in the stock; Ann takes it aside; Cid's 4s
    win the three tricks of hand cards; Cid collects the last one with an empty hand."""
    sim = exhaust(LOW, leader=0, winners=[0] * 14, aside=aside, mode=mode)
    assert sim.stock == 1
    r = sim.play(0, "2S")
    assert note(r, "aside")["seat"] == 0
    cid_plays_out(sim, [("4H", "2H", "3H"), ("4D", "2D", "3D")])
    finish(sim, 2)
    return sim


# -- S1.10 forbidden slough (b) -----------------------------------------------------------------
def s110_sim(mode="open"):
    hands = [["2D", "2H", "3D"], ["4S", "4H", "4D"], ["3S", "3H", "3C"]]
    sim = exhaust(hands, leader=1, winners=[1] * 14, aside="QS", mode=mode)
    sim.play(1, "4S")  # lays the last stock card aside
    sim.play(2, "3S")
    sim.play(0, "2D")
    sim.slough(0, "2H")  # Ann has played and is not tied: she may slough (2 cards -> 1)
    sim.collect(1)
    assert sim.t.summary()["hand_sizes"] == [1, 2, 2]
    sim.play(1, "4H")
    sim.play(2, "3H")
    return sim


@pytest.mark.parametrize("mode", ["open", "hidden"])
def test_S1_10_no_slough_that_empties_the_hand_of_a_player_still_to_play(mode):
    # S1.10 depends only on hand sizes, which a camera knows: judged at once even when hidden
    sim = s110_sim(mode)
    rejected(sim.t, slough(0, "3D"), "S1.10")  # Ann still has to play and holds only 3D


@pytest.mark.parametrize("mode", ["open", "hidden"])
def test_S1_10_a_player_who_has_played_may_slough_its_last_card(mode):
    sim = s110_sim(mode)
    sim.slough(2, "3C")  # Cid has played and is not tied for the highest
    assert sim.t.summary()["hand_sizes"] == [1, 1, 0]
    r = sim.play(0, "3D")
    assert note(r, "trick_won")["seat"] == 1 and note(r, "war") is None
    sim.collect(1)
    r = sim.play(1, "4D")  # Cid must follow but has no card: Part 1 ends, trick abandoned
    assert note(r, "part_end") is not None
    s = sim.t.summary()
    assert s["phase"] == "intermission"


def test_S1_10_slough_leaving_cards_in_hand_is_fine_while_the_stock_is_empty():
    hands = [["2D", "2H", "3D"], ["4S", "4H", "4D"], ["3S", "3H", "3C"]]
    sim = exhaust(hands, leader=1, winners=[1] * 14, aside="QS")
    sim.play(1, "4S")
    sim.play(2, "3S")
    sim.slough(0, "3D")  # Ann has not played: 3 is not the highest, and 2 cards remain
    assert sim.t.summary()["hand_sizes"] == [2, 2, 2]


def test_S1_10_a_player_tied_for_the_highest_may_not_slough_its_last_card():
    hands = [["2S", "2H", "2D"], ["4S", "5S", "4H"], ["3S", "5H", "2C"]]
    sim = exhaust(hands, leader=1, winners=[1] * 14, aside="QS")
    sim.play(1, "4S")  # aside
    sim.play(2, "3S")
    sim.play(0, "2S")
    sim.collect(1)
    sim.play(1, "5S")
    sim.play(2, "5H")  # Cid must match (S1.5)
    r = sim.play(0, "2H")
    assert sorted(note(r, "war")["seats"]) == [1, 2]
    rejected(sim.t, slough(2, "2C"), "S1.10")  # Cid must play in the mini-trick
    sim.slough(0, "2D")  # Ann is not at war: she may empty her hand
    sim.play(1, "4H")
    r = sim.play(2, "2C")
    assert note(r, "trick_won")["seat"] == 1
    finish(sim, 1)
    assert sim.t.summary()["phase"] == "intermission"


# -- S1.11 the last stock card ------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["open", "hidden"])
def test_S1_11_the_last_stock_card_cannot_be_flipped_and_is_laid_aside(mode):
    sim = exhaust(LOW, leader=0, winners=[0] * 14, aside="4C", mode=mode)
    assert sim.t.summary()["hand_sizes"] == [3, 3, 3]
    rejected(sim.t, flip(0, "4C"), "S1.11")
    rejected(sim.t, flip(0, "??"), "S1.11")  # (nor flipped unread: a camera that could not read it)
    r = sim.play(0, "2S")
    assert note(r, "aside")["seat"] == 0
    assert sim.t.summary()["hand_sizes"] == [2, 3, 3]  # the hand stays one card short
    assert rejected(sim.t, hand(0, ["2H", "2D", "4C"])).rule in ("S1.11", "S1.2")
    r = sim.play(1, "3S")  # no stock left: hands just shrink
    assert note(r, "aside") is None
    assert sim.t.summary()["hand_sizes"] == [2, 2, 3]
    bad = sim.t.apply(flip(2, "4C"))  # nothing left to flip
    assert not bad.ok and bad.severity in ("illegal", "error")
    rejected(sim.t, flip(2, "??"), "S1.4")


def test_S1_11_a_slough_can_take_the_last_card():
    """Split profanes scenario, first half: Ann's slough draws the last card (S1.2/S1.11)."""
    sim = split_part_end()
    assert sim.aside == 0


def split_part_end():
    """Bob wins everything; in trick 14 Ann's slough takes the last stock card (4C) aside;
    trick 17 is abandoned when Ann, with no card, has to follow (S1.12)."""
    hands = [["2S", "2H", "2D"], ["4S", "4H", "4D"], ["3S", "3H", "3D"]]
    sim = exhaust(hands, leader=1, winners=[1] * 13, aside="4C", reserve=("AC", "3C", "2C"))
    sim.flip(1, "AC")
    sim.flip(2, "3C")
    r = sim.flip(0, "2C")
    assert note(r, "trick_won")["seat"] == 1
    r = sim.slough(0, "2S")
    assert note(r, "aside")["seat"] == 0
    assert sim.t.summary()["hand_sizes"] == [2, 3, 3]
    sim.collect(1)
    for a, b, c in [("4S", "3S", "2H"), ("4H", "3H", "2D")]:
        sim.play(1, a)
        sim.play(2, b)
        sim.play(0, c)
        sim.collect(1)
    sim.play(1, "4D")
    r = sim.play(2, "3D")  # Ann must follow with no card: the trick is abandoned
    assert note(r, "part_end") is not None
    assert sim.t.summary()["phase"] == "intermission"
    return sim


# -- S1.12 end of Part 1 -------------------------------------------------------------------------
def test_S1_12_part1_ends_when_the_next_leader_has_no_card():
    sim = bozo_part_end()
    s = sim.t.summary()
    assert s["phase"] == "intermission" and s["trump"] is None


def test_S1_12_abandoned_trick_goes_back_to_those_who_played_it():
    sim = split_part_end()
    r = ok(sim.t, trump_ev("4C", seat=0))
    assert note(r, "trump")["suit"] == "C"
    # Bob: 39 flips + 4 (trick 14 with the slough) + 3 + 3 + his own 4D back = 50;
    # Cid gets his 3D back; Ann holds just the trump card.
    assert sim.t.summary()["hand_sizes"] == [1, 50, 1]


def test_S1_12_part1_ends_only_when_the_empty_handed_winner_must_lead():
    slough_to_the_end()


def slough_to_the_end(mode="open"):
    """Bob wins trick 16 and sloughs his last card before collecting: sloughing goes on
    until he collects and has to lead with nothing (S1.8, S1.12)."""
    hands = [["2D", "2H", "3D"], ["4S", "4H", "4D"], ["3S", "3H", "3C"]]
    sim = exhaust(hands, leader=1, winners=[1] * 14, aside="QS", mode=mode)
    sim.play(1, "4S")
    sim.play(2, "3S")
    sim.play(0, "2D")
    sim.collect(1)
    sim.play(1, "4H")
    sim.play(2, "3H")
    r = sim.play(0, "3D")
    assert note(r, "trick_won")["seat"] == 1 and note(r, "part_end") is None
    r = sim.slough(1, "4D")  # the trick is decided: Bob may empty his hand
    assert note(r, "part_end") is None
    sim.slough(2, "3C")  # others may still slough before the collect
    assert sim.t.summary()["phase"] == "part1"
    r = sim.collect(1)
    assert note(r, "part_end") is not None
    ok(sim.t, trump_ev("QS", seat=1))
    # Bob: 42 + 3 (trick 15) + 5 (4H 3H 3D 4D 3C) + QS = 51; Ann's 2H; Cid nothing
    assert sim.t.summary()["hand_sizes"] == [1, 51, 0]
    return sim


@pytest.mark.parametrize("mode", ["open", "hidden"])
def test_S1_16_dreck_with_a_card_the_camera_never_saw(mode):
    """Ann's 2H stayed in her hand all through Part 1: a camera never saw it, yet she must
    lay it out as dreck (S1.12: hand cards join the winnings; S1.16)."""
    sim = slough_to_the_end(mode)
    bob = [c for c in dreck_cards("S") if c != "2H"]
    ok(sim.t, dreck(1, bob))
    rejected(sim.t, dreck(0, ["2H", "2S"]))  # 2S is Bob's (already laid out)
    ok(sim.t, dreck(0, ["2H"]))
    s = sim.t.summary()
    # Bob holds the trump: the deal starts with Cid, the short player nearest his left
    assert s["phase"] == "part2" and s["hand_sizes"] == [8, 35, 9]


def test_S1_12_part1_can_end_inside_a_war():
    """Trick 17: Bob leads his last card, Cid must match with his last card, Ann plays her
    last: war, and Bob has nothing to lead the mini-trick with. Everyone takes back."""
    hands = [["2S", "2H", "2D"], ["4S", "4H", "5S"], ["3S", "3H", "5H"]]
    sim = exhaust(hands, leader=1, winners=[1] * 14, aside="QS")
    for a, b, c in [("4S", "3S", "2S"), ("4H", "3H", "2H")]:
        sim.play(1, a)
        sim.play(2, b)
        sim.play(0, c)
        sim.collect(1)
    sim.play(1, "5S")
    rejected(sim.t, flip(2, "AS"))  # Cid must match (and the stock is gone)
    sim.play(2, "5H")
    r = sim.play(0, "2D")
    assert note(r, "part_end") is not None
    assert sim.t.summary()["phase"] == "intermission"
    ok(sim.t, trump_ev("QS", seat=1))
    # Bob: 42 + 3 + 3 + 5S back + the QS; Cid: 5H back; Ann: 2D back
    assert sim.t.summary()["hand_sizes"] == [1, 50, 1]


def test_S1_12_an_abandoned_trick_returns_sloughs_to_their_owners():
    four_player_war_end()


def four_player_war_end():
    """Four players. Bob leads his last card (5S), Cid must match, Dan plays 2C and sloughs
    his last card 2D, Ann plays: war, and Bob cannot lead the mini-trick. Every card of
    the trick, the slough included, goes back to whoever put it there."""
    hands = [["3D", "2S", "2H"], ["4S", "4H", "5S"], ["5H", "3S", "3H"], ["2C", "2D", "3C"]]
    sim = exhaust(hands, leader=1, winners=[1] * 9, aside="9H", reserve=("AC", "KC", "QC"))
    sim.flip(1, "AC")
    sim.flip(2, "KC")
    sim.flip(3, "QC")
    rejected(sim.t, flip(0, "9H"), "S1.11")
    r = sim.play(0, "2S")
    assert note(r, "aside")["seat"] == 0 and note(r, "trick_won")["seat"] == 1
    sim.collect(1)
    sim.play(1, "4S")
    sim.slough(1, "4H")
    for seat, card in [(2, "3S"), (3, "3C"), (0, "2H")]:
        sim.play(seat, card)
    sim.collect(1)
    assert sim.t.summary()["hand_sizes"] == [1, 1, 2, 2]
    sim.play(1, "5S")
    sim.play(2, "5H")
    sim.play(3, "2C")
    sim.slough(3, "2D")  # Dan has played and is not tied: he may empty his hand
    r = sim.play(0, "3D")
    assert note(r, "part_end") is not None
    ok(sim.t, trump_ev("9H", seat=0))
    # Bob 36 + 4 + 5 + 5S; Cid 5H + 3H (in hand); Dan 2C + 2D; Ann 3D + the 9H
    assert sim.t.summary()["hand_sizes"] == [2, 46, 2, 2]
    return sim


def test_S1_16_three_short_players_deal_starts_left_of_the_holder():
    sim = four_player_war_end()
    assert sim.t.summary()["phase"] == "dreck"
    mine = {0: ["3D"], 2: ["5H", "3H"], 3: ["2C", "2D"]}
    mine[1] = [c for c in dreck_cards("H") if c not in sum(mine.values(), [])]
    assert len(mine[1]) == 12
    for seat in (0, 1, 2, 3):
        ok(sim.t, dreck(seat, mine[seat]))
    s = sim.t.summary()
    # 17 cards one at a time clockwise from the short player nearest the holder's (Ann's)
    # left: Cid 6, Dan 6, Ann 5 (plus the 9H she kept); Bob keeps 46 - 12
    assert s["hand_sizes"] == [6, 34, 6, 6]
    assert s["phase"] == "part2" and s["turn"] == 1


def test_S1_12_nothing_more_is_played_or_collected_after_part1():
    sim = split_part_end()
    r = rejected(sim.t, collect(1))  # the unfinished trick was abandoned, not won
    assert r.rule in ("S1.12", "S1.6", "S1.14")
    r = rejected(sim.t, play(0, "2H"))
    assert r.rule in ("S1.12", "S1.14")


def test_S1_12_an_empty_handed_player_cannot_flip_when_the_stock_is_exhausted():
    sim = split_part_end()
    r = rejected(sim.t, flip(0, "AS"))
    assert r.rule in ("S1.12", "S1.11", "S1.14", "S0.1")


# -- S1.13 the referee remembers the winner of the last completed trick ------------------------
# Not breakable by an event: it decides who leads Part 2 (checked with S2.3 below).
def test_S1_13_last_completed_trick_winner_leads_part2_even_if_a_trick_was_abandoned():
    sim = split_part_end()  # trick 16 (completed) went to Bob; trick 17 was abandoned
    ok(sim.t, trump_ev("4C", seat=0))
    run_dreck_split(sim)
    assert sim.t.summary()["turn"] == 1


# -- S1.14 trump -------------------------------------------------------------------------------
def no_dreck_part_end():
    """Wins spread 5/5/4 over the flip tricks; Bob leads trick 15 and lays aside the QH;
    Cid's 4s win the three hand tricks; nobody ends with 5 cards or fewer."""
    sim = exhaust(LOW, leader=0, winners=[0, 1, 2] * 4 + [0, 1], aside="QH")
    r = sim.play(1, "3S")
    assert note(r, "aside")["seat"] == 1
    sim.play(2, "4S")
    sim.play(0, "2S")
    sim.collect(2)
    for cards in [("4H", "2H", "3H"), ("4D", "2D", "3D")]:
        sim.play(2, cards[0])
        sim.play(0, cards[1])
        sim.play(1, cards[2])
        if cards[0] == "4H":
            sim.collect(2)
    finish(sim, 2)
    return sim


def test_S1_14_the_holder_turns_up_the_trump_and_keeps_it():
    sim = no_dreck_part_end()
    r = ok(sim.t, trump_ev("QH", seat=1))
    assert note(r, "trump")["suit"] == "H"
    s = sim.t.summary()
    assert s["trump"] == "H" and s["phase"] == "part2"
    assert s["hand_sizes"] == [15, 16, 21]  # Bob's 15 winnings plus the QH (S1.15)


def test_S1_14_the_seat_is_optional_the_referee_knows_the_holder():
    sim = no_dreck_part_end()
    r = ok(sim.t, trump_ev("QH"))
    assert note(r, "trump")["suit"] == "H"
    assert sim.t.summary()["hand_sizes"] == [15, 16, 21]


def test_S1_14_only_the_holder_turns_up_the_trump():
    sim = no_dreck_part_end()
    rejected(sim.t, trump_ev("QH", seat=0), "S1.14")
    rejected(sim.t, trump_ev("QH", seat=2), "S1.14")


def test_S1_14_the_trump_card_must_be_an_unseen_card():
    sim = no_dreck_part_end()
    r = rejected(sim.t, trump_ev("2S", seat=1))  # 2S was played in trick 15
    assert r.rule == "S0.1" and "it is" in r.message  # each card exists once: where it is


def test_S1_14_no_trump_before_part1_ends():
    sim = exhaust(LOW, leader=0, winners=[0] * 14, aside="4C")
    sim.play(0, "2S")
    r = rejected(sim.t, trump_ev("4C", seat=0))  # Part 1 is still on: Bob is to play
    assert r.rule in ("S1.14", "S1.12", "S1.4")


# -- S1.15 the Part 2 hand is the winnings ---------------------------------------------------------
def test_S1_15_part2_hands_are_the_winnings_and_the_last_winner_leads():
    sim = no_dreck_part_end()
    assert sim.won == [15, 15, 21]
    r = ok(sim.t, trump_ev("QH", seat=1))
    s = sim.t.summary()
    assert s["hand_sizes"] == [15, 16, 21]
    assert s["turn"] == 2  # S1.13/S2.3: Cid won the last completed trick
    lead = note(r, "lead")
    assert lead is None or lead["seat"] == 2


def test_S1_15_part2_starts_with_the_collected_cards():
    sim = no_dreck_part_end()
    ok(sim.t, trump_ev("QH", seat=1))
    r = ok(sim.t, play(2, "4S"))  # Cid collected 4S in trick 15: it is in his Part 2 hand
    assert sim.t.summary()["hand_sizes"][2] == 20
    assert r.ok


# -- S1.16 dreck -------------------------------------------------------------------------------
def test_S1_16_no_dreck_when_everybody_has_six_or_more():
    sim = no_dreck_part_end()
    ok(sim.t, trump_ev("QH", seat=1))
    rejected(sim.t, dreck(2, ["2S", "3S"]), "S1.16")


def bozo_dreck_events():
    d = dreck_cards("C")
    cid = [c for c in d if c[:-1] in ("2", "3", "4") and c[-1] in "SHD"]
    ann = [c for c in d if c not in cid]
    assert len(ann) == 8 and len(cid) == 9
    return ann, cid


@pytest.mark.parametrize("mode, aside", [("open", "4C"), ("hidden", "4C"), ("open", "6C")])
def test_S1_16_bozo_hand_for_a_single_short_player(mode, aside):
    # every card was seen face up in Part 1, so even a camera knows each seat's dreck;
    # with the 6C as trump card, the card just turned up is itself dreck (the 6 of trumps)
    sim = bozo_part_end(mode, aside)
    r = ok(sim.t, trump_ev(aside, seat=0))
    assert note(r, "trump")["suit"] == "C"
    s = sim.t.summary()
    assert s["phase"] == "dreck"
    assert s["hand_sizes"] == [43, 0, 9]  # Ann: 42 flips + the 4C; Bob nothing; Cid 9
    ann, cid = bozo_dreck_events()
    rejected(sim.t, dreck(0, ["7S"]), "S1.16")  # a 7 is not dreck
    if aside == "6C":  # a seat may lay its dreck in several goes; the 6C is one of them
        ok(sim.t, dreck(0, [c for c in ann if c != "6C"]))
        assert sim.t.summary()["phase"] == "dreck"
        ann = ["6C"]
    r1 = ok(sim.t, dreck(0, ann))
    assert sim.t.summary()["phase"] == "dreck"  # Cid's dreck is still missing
    r2 = ok(sim.t, dreck(2, cid))
    assert any(note(r, "dreck") is not None for r in (r1, r2))
    s = sim.t.summary()
    assert s["phase"] == "part2" and s["trump"] == "C"
    # Bob gets all 17; Cid had 9 (6+), gives all away, never joins, and is out
    assert s["hand_sizes"] == [35, 17, 0]
    assert 2 in s["out"] and 0 not in s["out"] and 1 not in s["out"]
    # S2.3 Default: Cid won the last completed trick but has no cards: Ann (next clockwise) leads
    assert s["turn"] == 0


def test_S1_16_dreck_must_hold_all_the_seats_dreck_cards_and_only_those():
    sim = bozo_part_end()
    ok(sim.t, trump_ev("4C", seat=0))
    ann, cid = bozo_dreck_events()
    rejected(sim.t, dreck(0, ann + ["AS"]), "S1.16")
    r = rejected(sim.t, dreck(2, ann))  # those are Ann's, not Cid's
    assert r.rule in ("S1.16", "S0.1")
    r = sim.t.apply(play(0, "7S"))  # Part 2 cannot start before the dreck is dealt
    assert not r.ok


def test_S1_16_after_the_bozo_hand_part2_counts_only_players_in_the_game():
    sim = bozo_part_end()
    ok(sim.t, trump_ev("4C", seat=0))
    ann, cid = bozo_dreck_events()
    ok(sim.t, dreck(0, ann))
    ok(sim.t, dreck(2, cid))
    ok(sim.t, play(0, "7S"))
    r = ok(sim.t, play(1, "6C"))  # the 6 of trumps; two players in the game: a kill
    assert note(r, "kill")["seat"] == 1
    assert sim.t.summary()["kills"] == 1 and sim.t.summary()["turn"] == 1


def run_dreck_split(sim):
    """Split profanes: Ann (1 card: 4C) and Cid (1 card: 3D) are short; Bob lays the rest."""
    d = dreck_cards("C")
    bob = [c for c in d if c not in ("4C", "3D")]
    rs = [ok(sim.t, dreck(0, ["4C"])), ok(sim.t, dreck(1, bob)), ok(sim.t, dreck(2, ["3D"]))]
    assert any(note(r, "dreck") is not None for r in rs)
    return rs


def test_S1_16_split_profanes_leftover_goes_first_to_the_holders_left():
    sim = split_part_end()
    ok(sim.t, trump_ev("4C", seat=0))
    assert sim.t.summary()["phase"] == "dreck"
    run_dreck_split(sim)
    s = sim.t.summary()
    assert s["phase"] == "part2"
    # 17 cards one at a time clockwise from the short player nearest the holder's (Ann's)
    # left: Bob is not short, so Cid first: Cid 9, Ann 8. Bob keeps 50 - 15 = 35.
    assert s["hand_sizes"] == [8, 35, 9]
    assert s["out"] == []


def test_S1_16_split_profanes_when_the_holder_is_not_short():
    sim = s110_sim()
    sim.slough(2, "3C")
    sim.play(0, "3D")
    sim.collect(1)
    sim.play(1, "4D")  # part end: Cid cannot follow; Bob takes 4D back
    r = ok(sim.t, trump_ev("QS", seat=1))
    assert note(r, "trump")["suit"] == "S"
    assert sim.t.summary()["hand_sizes"] == [0, 52, 0]
    ok(sim.t, dreck(1, dreck_cards("S")))
    s = sim.t.summary()
    # Bob holds the trump; nearest short player to his left is Cid: Cid 9, Ann 8
    assert s["hand_sizes"] == [8, 35, 9]
    assert s["phase"] == "part2" and s["turn"] == 1


def test_undo_across_the_end_of_part1_and_the_trump():
    sim = no_dreck_part_end()
    at_end = sim.t.summary()
    ok(sim.t, trump_ev("QH", seat=1))
    ok(sim.t, {"type": "undo"})
    assert sim.t.summary() == at_end
    ok(sim.t, {"type": "undo"})  # withdraw the collect that ended Part 1 (or the last play)
    assert sim.t.summary()["phase"] == "part1"


# -- S1.17 sorting: no referee action --------------------------------------------------------------
# Not breakable: the order of cards in a hand means nothing to the referee.
def test_S1_17_sorting_a_hand_changes_nothing():
    cards = ["KD", "2S", "9C", "3H", "10C", "4S"]
    t = table2([cards, ["5C", "6D", "7S", "8H", "JC", "QS"], ["2C", "3C", "4C", "5D", "6S", "7H"]])
    before = t.summary()
    ok(t, hand(0, sorted(cards, key=lambda c: (c[-1], RANKS.index(c[:-1])))))
    assert t.summary() == before
    ok(t, play(0, "9C", "10C"))  # still a touching run, whatever the order in hand (S2.2)
