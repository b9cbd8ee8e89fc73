"""Skitgubbe Part 2 ("beat or eat"), rules S2.1-S2.12, started straight in Part 2
(teaching mode, open hands). Written from shared/rules/skitgubbe.md."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from skitgubbe_support import (Table, announce, eat, note, ok, play, rejected, run,  # noqa: E402
                               start2, table2)

# Trump is hearts. Seven cards each, so no announcement falls due in short tests.
D4 = [
    ["5C", "6C", "7C", "JC", "2S", "8D", "3H"],
    ["8C", "9C", "QC", "3S", "9D", "10D", "4H"],
    ["10C", "KC", "4S", "5S", "JD", "2D", "5H"],
    ["AC", "2C", "6S", "7S", "QD", "3D", "6H"],
]


def sizes(t):
    return t.summary()["hand_sizes"]


# -- S2.1 ranking: every trump above every non-trump ----------------------------------------------
# S2.1 is a definition; a play that ignores it is refused under S2.4 (beat or eat).
@pytest.mark.parametrize("lead, beat, legal", [
    ("7C", "4H", True),    # the lowest-but-one trump beats a club
    ("AS", "2H", True),    # even the 2 of trumps beats an ace
    ("2H", "AC", False),   # no non-trump beats a trump
    ("5H", "AH", True),
    ("KH", "QH", False),
])
def test_S2_1_every_trump_beats_every_non_trump(lead, beat, legal):
    t = table2([[lead, "9S", "9D", "8S"], [beat, "10S", "10D", "7D"], ["JS", "JD", "6D", "2C"]])
    ok(t, play(0, lead))
    if legal:
        ok(t, play(1, beat))
    else:
        rejected(t, play(1, beat), "S2.4")


def test_S2_1_trump_suit_comes_from_the_start_event():
    t = table2(D4, trump="S")
    assert t.summary()["trump"] == "S" and t.summary()["phase"] == "part2"
    ok(t, play(0, "7C"))
    ok(t, play(1, "3S"))  # spades are trump now


# -- S2.2 touching runs ----------------------------------------------------------------------------
RUNS = [["7C", "8C", "9C", "8D", "AC", "2C", "QS"], ["10S", "JS", "3D", "4D", "5D", "6D", "7D"],
        ["KS", "AS", "9D", "10D", "JD", "QD", "KD"]]


@pytest.mark.parametrize("cards", [["7C", "8C", "9C"], ["8C", "9C"], ["9C"], ["7C", "8C"]])
def test_S2_2_a_run_or_part_of_it_is_one_play(cards):
    t = table2(RUNS)
    r = ok(t, play(0, *cards))
    assert sizes(t)[0] == 7 - len(cards)
    assert t.summary()["turn"] == 1 and note(r, "kill") is None


@pytest.mark.parametrize("cards", [["7C", "9C"], ["7C", "8D"], ["AC", "2C"], ["8C", "8D"],
                                   ["2C", "AC"]])
def test_S2_2_cards_that_do_not_touch_are_not_one_play(cards):
    t = table2(RUNS)
    rejected(t, play(0, *cards), "S2.2")


def test_S2_2_a_card_not_in_the_open_hand_cannot_be_played():
    t = table2(RUNS)
    r = rejected(t, play(0, "KC"))
    assert r.rule in ("S2.2", "S2.3", "S0.1")


# -- S2.3 lead -----------------------------------------------------------------------------------
def test_S2_3_only_the_leader_leads_and_may_play_anything():
    t = table2(D4, leader=2)
    rejected(t, play(0, "5C"), "S2.3")
    rejected(t, play(3, "AC"), "S2.3")
    ok(t, play(2, "5H"))  # a trump lead is fine


def test_S2_3_a_leader_with_no_cards_passes_the_lead_clockwise():
    t = Table()
    r = t.apply(start2([[], ["5C", "6D"], ["7C", "8D"], ["9C", "10D"]], leader=0))
    assert r.ok
    assert t.summary()["turn"] == 1


def test_S2_3_hidden_part2_start_with_hand_sizes():
    ev = start2([[], [], []], leader=1)
    del ev["hands"]
    ev["hand_sizes"] = [6, 7, 8]
    ev["mode"] = "hidden"
    t = Table()
    ok(t, ev)
    assert t.summary()["hand_sizes"] == [6, 7, 8] and t.summary()["turn"] == 1
    ok(t, play(1, "9C"))
    rejected(t, play(2, "8C"), "S2.4")  # a lower club never beats, hidden hands or not
    ok(t, play(2, "10C"))
    assert t.summary()["hand_sizes"] == [6, 6, 7]


def test_S2_4_eaten_cards_are_known_to_be_in_the_eaters_hidden_hand():
    ev = start2([[], [], []])
    del ev["hands"]
    ev["hand_sizes"] = [6, 7, 8]
    ev["mode"] = "hidden"
    t = Table()
    ok(t, ev)
    ok(t, play(0, "5C"))
    ok(t, eat(1, ["5C"]))
    r = rejected(t, play(2, "5C"))  # the 5C is in Bob's hand now
    assert r.rule == "S0.1"
    ok(t, play(2, "6D"))
    ok(t, play(0, "7D"))
    ok(t, eat(1, ["6D", "7D"]))
    assert t.summary()["hand_sizes"] == [4, 10, 7]


# -- S2.4 beat or eat ----------------------------------------------------------------------------
@pytest.mark.parametrize("cards, legal", [
    (["8C"], True), (["9C"], True), (["8C", "9C"], True), (["QC"], True),
    (["4H"], True),      # any trump beats a non-trump top
    (["3S"], False),     # another suit never beats (Default reading)
    (["9D"], False),
    (["10D"], False),
])
def test_S2_4_beat_a_non_trump_top(cards, legal):
    t = table2(D4)
    ok(t, play(0, "7C"))
    if legal:
        ok(t, play(1, *cards))
        assert t.summary()["turn"] == 2
    else:
        rejected(t, play(1, *cards), "S2.4")


def test_S2_4_a_trump_top_only_by_a_higher_trump():
    t = table2(D4)
    ok(t, play(0, "3H"))
    rejected(t, play(1, "QC"), "S2.4")
    ok(t, play(1, "4H"))
    rejected(t, play(2, "KC"), "S2.4")
    ok(t, play(2, "5H"))


def test_S2_4_a_lower_card_of_the_suit_does_not_beat():
    t = table2(D4)
    ok(t, play(0, "JC"))
    rejected(t, play(1, "9C"), "S2.4")
    rejected(t, play(1, "8C", "9C"), "S2.4")  # a run beats only when its lowest card beats
    ok(t, play(1, "QC"))


def test_S2_4_a_player_who_can_beat_may_eat():
    t = table2(D4)
    ok(t, play(0, "7C"))
    r = ok(t, eat(1))  # Bob could beat with 8C but eats the 7C
    assert sizes(t) == [6, 8, 7, 7]
    assert t.summary()["turn"] == 2  # S2.6: the table is clear, the next player leads
    assert note(r, "kill") is None


def test_S2_4_a_player_who_cannot_beat_must_eat():
    t = table2([["AC", "2S", "3S"], ["KC", "4S", "5S"], ["6D", "7D", "8D"]])
    ok(t, play(0, "AC"))
    for bad in (["KC"], ["4S"], ["4S", "5S"]):
        rejected(t, play(1, *bad), "S2.4")
    ok(t, eat(1, ["AC"]))


def test_S2_4_eat_takes_the_lowest_run_from_the_earliest_card():
    t = table2(D4)
    ok(t, play(0, "5C"))
    ok(t, play(1, "8C"))
    rejected(t, eat(2, ["8C"]), "S2.4")  # the lowest run starts at the earliest card
    rejected(t, eat(2, ["5C", "8C"]), "S2.4")  # 5C and 8C do not touch
    ok(t, eat(2, ["5C"]))
    assert sizes(t) == [6, 6, 8, 7]
    assert t.summary()["turn"] == 3  # 8C still on the table: the trick goes on (S2.6)
    rejected(t, play(3, "7S"), "S2.4")  # Dan must beat the 8C or eat
    ok(t, play(3, "AC"))


def test_S2_4_eat_runs_across_play_boundaries():
    t = table2(D4)
    ok(t, play(0, "5C", "6C"))
    ok(t, play(1, "8C"))  # 5C 6C | 8C: 8C does not touch 6C
    ok(t, eat(2))
    assert sizes(t) == [5, 6, 9, 7]  # Cid took 5C and 6C only
    rejected(t, eat(3, ["8C", "9C"]), "S2.4")


def test_S2_4_eat_cards_may_be_told_in_any_order():
    t = table2(D4)
    ok(t, play(0, "5C", "6C"))
    ok(t, play(1, "8C"))
    ok(t, eat(2, ["6C", "5C"]))
    assert sizes(t)[2] == 9


def test_S2_4_eat_everything_when_it_all_touches():
    t = table2(D4)
    ok(t, play(0, "6C", "7C"))
    ok(t, play(1, "8C", "9C"))
    ok(t, play(2, "10C"))
    r = ok(t, eat(3, ["6C", "7C", "8C", "9C", "10C"]))
    assert sizes(t)[3] == 12 and note(r, "kill") is None
    assert t.summary()["turn"] == 0  # cleared: the player after the eater leads


def test_S2_4_trumps_on_top_of_a_plain_lead_are_a_separate_run():
    t = table2(D4)
    ok(t, play(0, "JC"))
    ok(t, play(1, "4H"))
    ok(t, play(2, "5H"))
    ok(t, eat(3, ["JC"]))  # JC does not touch 4H
    assert t.summary()["turn"] == 0
    ok(t, eat(0, ["4H", "5H"]))  # 4H-5H touch across the two plays: the table is cleared
    assert sizes(t) == [8, 6, 6, 8]
    assert t.summary()["turn"] == 1


def test_S2_4_eating_from_an_empty_table_is_illegal():
    t = table2(D4)
    r = rejected(t, eat(0))
    assert r.rule in ("S2.4", "S2.3", "S2.6")


# -- S2.5 plays stay separate ------------------------------------------------------------------
# Not breakable: it says the play count is what matters. A run counts as one play.
def test_S2_5_a_run_is_one_play_for_the_kill_count():
    t = table2(D4)
    ok(t, play(0, "5C", "6C", "7C"))
    ok(t, play(1, "8C", "9C"))
    r = ok(t, play(2, "10C"))
    assert note(r, "kill") is None  # 3 plays (6 cards) on the table, 4 players
    r = ok(t, play(3, "AC"))
    assert note(r, "kill")["seat"] == 3


# -- S2.6 end by eating -------------------------------------------------------------------------
def test_S2_6_the_sources_example_eat_then_kill_with_four_plays():
    t = table2(D4)
    ok(t, play(0, "5C"))      # A leads          (1 play)
    ok(t, play(1, "8C"))      # B beats          (2)
    ok(t, eat(2, ["5C"]))     # C eats the lead  (1)
    ok(t, play(3, "AC"))      # D beats          (2)
    r = ok(t, play(0, "3H"))  # A beats          (3)
    assert note(r, "kill") is None
    r = ok(t, play(1, "4H"))  # B beats for the kill (4)
    assert note(r, "kill")["seat"] == 1
    s = t.summary()
    assert s["kills"] == 1 and s["turn"] == 1  # S2.7: B leads again (two turns in a row)
    assert s["hand_sizes"] == [5, 5, 8, 6]


def test_S2_6_an_eat_that_clears_the_table_hands_the_lead_on():
    t = table2(D4)
    ok(t, play(0, "5C"))
    r = ok(t, eat(1, ["5C"]))
    assert r.rule == "S2.6" and t.summary()["turn"] == 2
    assert rejected(t, play(1, "3S")).rule in ("S2.6", "S2.3")  # the eater does not lead
    assert rejected(t, play(0, "6C")).rule in ("S2.6", "S2.3")
    ok(t, play(2, "4S"))


def test_S2_6_wrong_lead_after_a_clearing_eat_cites_S2_6():
    t = table2(D4)
    ok(t, play(0, "5C"))
    ok(t, eat(1, ["5C"]))
    rejected(t, play(1, "3S"), "S2.6")


# -- S2.7 end by killing ------------------------------------------------------------------------
def test_S2_7_the_killer_leads_the_next_trick():
    t = table2(D4)
    run(t, [play(0, "7C"), play(1, "8C"), play(2, "10C")])
    r = ok(t, play(3, "AC"))
    assert note(r, "kill")["seat"] == 3
    assert t.summary()["kills"] == 1
    r = rejected(t, play(0, "5C"))  # Ann is next clockwise, but the killer leads
    assert r.rule in ("S2.7", "S2.3")
    ok(t, play(3, "2C"))


def test_S2_7_wrong_lead_after_a_kill_cites_S2_7():
    t = table2(D4)
    run(t, [play(0, "7C"), play(1, "8C"), play(2, "10C"), play(3, "AC")])
    rejected(t, play(0, "5C"), "S2.7")


def test_S2_7_kill_count_is_fixed_when_the_trick_is_led():
    hands = [["5C", "3S", "4S", "5S", "6D"], ["7C"], ["9C", "6S", "7S", "8S", "9S"],
             ["JC", "2S", "2D", "3D", "4D"]]
    t = table2(hands)
    ok(t, play(0, "5C"))
    r = ok(t, play(1, "7C"))  # Bob goes out (S2.9); the trick still needs 4 plays
    assert note(r, "out")["seat"] == 1
    r = ok(t, play(2, "9C"))
    assert note(r, "kill") is None
    r = ok(t, play(3, "JC"))
    assert note(r, "kill")["seat"] == 3
    assert t.summary()["turn"] == 3
    # the next trick is led with 3 players in the game: 3 plays kill it
    ok(t, play(3, "2S"))
    r = ok(t, play(0, "3S"))
    assert note(r, "kill") is None
    r = ok(t, play(2, "6S"))
    assert note(r, "kill")["seat"] == 2
    assert t.summary()["kills"] == 2 and t.summary()["turn"] == 2


def test_S2_7_a_killer_who_goes_out_hands_the_lead_clockwise():
    hands = [["5C", "2S", "3S", "4S", "5S"], ["7C", "6S", "7S", "8S"], ["9C", "2D", "3D", "4D"],
             ["JC"]]
    t = table2(hands)
    run(t, [play(0, "5C"), play(1, "7C"), play(2, "9C")])
    r = ok(t, play(3, "JC"))
    assert note(r, "kill")["seat"] == 3 and note(r, "out")["seat"] == 3
    s = t.summary()
    assert s["turn"] == 0 and s["out"] == [3]
    rejected(t, play(3, "JC"))


def test_S2_7_the_lead_after_a_killer_goes_out_skips_players_already_out():
    hands = [["5C"], ["7C", "6S", "7S", "8S"], ["9C", "2D", "3D", "4D"], ["JC"]]
    t = table2(hands)
    run(t, [play(0, "5C"), play(1, "7C"), play(2, "9C")])  # Ann went out on her lead
    r = ok(t, play(3, "JC"))  # 4 plays: kill, and Dan is out too
    assert note(r, "kill")["seat"] == 3
    assert t.summary()["turn"] == 1 and t.summary()["out"] == [0, 3]


def test_S2_6_the_lead_after_a_clearing_eat_skips_players_already_out():
    hands = [["5C", "2S", "3S"], ["6C"], ["7S", "8S", "9S"], ["2D", "3D", "4D"]]
    t = table2(hands, leader=1)
    ok(t, play(1, "6C"))  # Bob leads his last card: out
    ok(t, eat(2, ["6C"]))  # table clear: Dan leads
    assert t.summary()["turn"] == 3
    ok(t, play(3, "2D"))
    ok(t, eat(0, ["2D"]))  # table clear: the next after Ann is Bob (out), so Cid leads
    assert t.summary()["turn"] == 2


# -- S2.8 the trick travels round the table -------------------------------------------------------
# Not breakable on its own: the leader, when the trick comes back, must beat or eat (S2.4).
def test_S2_8_the_leader_follows_when_the_trick_comes_round():
    t = table2([["5C", "6C", "8C", "2S"], ["7C", "9C", "3S", "4S"], ["5S", "6S", "7S", "8S"]])
    ok(t, play(0, "5C"))
    ok(t, play(1, "7C"))
    ok(t, eat(2, ["5C"]))  # 1 play left on the table
    assert t.summary()["turn"] == 0
    rejected(t, play(0, "6C"), "S2.4")  # Ann now follows like anyone: 6C does not beat 7C
    ok(t, play(0, "8C"))  # 2 plays
    r = ok(t, play(1, "9C"))  # 3 plays, 3 players: kill
    assert note(r, "kill")["seat"] == 1


# -- S2.9 going out -----------------------------------------------------------------------------
def test_S2_9_out_on_a_lead_and_skipped_afterwards():
    hands = [["5C"], ["8C", "2S", "3S", "4S", "7D"], ["10C", "5S", "6S", "7S", "8D"],
             ["2D", "3D", "4D", "9S", "10S"]]
    t = table2(hands)
    r = ok(t, play(0, "5C"))
    assert note(r, "out")["seat"] == 0 and t.summary()["out"] == [0]
    ok(t, play(1, "8C"))
    ok(t, play(2, "10C"))
    ok(t, eat(3, ["5C"]))  # Dan cannot beat: he eats; 2 plays remain
    assert t.summary()["turn"] == 1  # Ann is out and skipped
    assert rejected(t, play(0, "2S")).rule in ("S2.9", "S2.4")
    assert rejected(t, eat(0)).rule in ("S2.9", "S2.4")


def test_S2_9_an_out_player_cannot_come_back_in():
    t = table2([["5C"], ["8C", "2S", "3S", "4S", "7D"], ["10C", "5S", "6S", "7S", "8D"],
                ["2D", "3D", "4D", "9S", "10S"]])
    run(t, [play(0, "5C"), play(1, "8C"), play(2, "10C"), eat(3, ["5C"])])
    rejected(t, eat(0), "S2.9")


def test_S2_9_out_with_a_run():
    t = table2([["5C", "6C", "7C"], ["8C", "2S", "3S"], ["9C", "4S", "5S"]])
    r = ok(t, play(0, "5C", "6C", "7C"))
    assert note(r, "out")["seat"] == 0
    r = ok(t, play(1, "8C"))
    assert note(r, "goat") is None and t.summary()["turn"] == 2


def test_S2_9_eating_is_never_going_out():
    t = table2([["5C", "2S"], ["9D", "3S", "4S"], ["6S", "7S", "8S"]])
    ok(t, play(0, "5C"))
    ok(t, eat(1, ["5C"]))
    assert t.summary()["out"] == []


# -- S2.10 announcements ------------------------------------------------------------------------
@pytest.mark.parametrize("hand0, lead, call", [
    (["5C", "9D", "10D", "2S"], ["5C"], "three cards"),
    (["5C", "6C", "9D", "10D", "2S"], ["5C", "6C"], "three cards"),
    (["5C", "9D"], ["5C"], "one card"),
    (["5C", "6C", "7C", "9D"], ["5C", "6C", "7C"], "one card"),
])
def test_S2_10_announcement_due_and_made(hand0, lead, call):
    t = table2([hand0, ["8C", "9C", "3S", "4S", "5S", "6S", "7S"], ["AC", "2D", "3D", "4D", "5D", "6D", "7D"]])
    r = ok(t, play(0, *lead))
    due = note(r, "announce_due")
    assert due is not None and due["seat"] == 0 and due["call"] == call
    a = ok(t, announce(0, call))
    assert a.severity == "ok"
    r = ok(t, play(1, "9C"))
    assert note(r, "missed_announcement") is None and r.severity == "ok"


def test_S2_10_a_missed_announcement_is_flagged_but_play_goes_on():
    t = table2([["5C", "9D", "10D", "2S"], ["8C", "9C", "3S", "4S", "5S", "6S", "7S"],
                ["AC", "2D", "3D", "4D", "5D", "6D", "7D"]])
    ok(t, play(0, "5C"))
    r = ok(t, play(1, "9C"))  # Ann said nothing: a cheat, flagged, not stopped
    missed = note(r, "missed_announcement")
    assert missed is not None and missed["seat"] == 0 and missed["call"] == "three cards"
    assert r.severity == "warning"
    assert t.summary()["turn"] == 2


def test_S2_10_a_killer_who_leads_on_without_the_call_is_flagged():
    t = table2([["5C", "2S", "3S", "4S", "5S"], ["7C", "6S", "7S", "8S", "9S", "10S"],
                ["9C", "2D", "3D", "4D"]])
    run(t, [play(0, "5C"), play(1, "7C")])
    r = ok(t, play(2, "9C"))  # Cid kills, 4 -> 3 cards: "three cards" is due
    assert note(r, "kill")["seat"] == 2
    assert note(r, "announce_due") == {"kind": "announce_due", "seat": 2, "call": "three cards"}
    r = ok(t, play(2, "2D"))  # his own next event, without the call
    assert note(r, "missed_announcement")["seat"] == 2 and r.severity == "warning"


def test_S2_10_no_announcement_when_the_hand_skips_three_and_one():
    t = table2([["5C", "6C", "7C", "9D", "2S"], ["8C", "9C", "3D", "4S", "5S", "6S", "7S"],
                ["AC", "2D", "4D", "5D", "6D", "7D", "8D"]])
    r = ok(t, play(0, "5C", "6C", "7C"))  # 5 -> 2 cards: nothing to say
    assert note(r, "announce_due") is None
    r = ok(t, play(1, "8C"))
    assert note(r, "missed_announcement") is None and note(r, "announce_due") is None
    assert r.severity == "ok"


def test_S2_10_nothing_is_due_for_a_hand_that_starts_at_three_or_one():
    t = table2([["5C", "9D", "10D"], ["8C"], ["AC", "2D", "3D", "4D", "5D"]])
    r1 = ok(t, play(0, "5C"))  # 3 -> 2: nothing to say
    r2 = ok(t, play(1, "8C"))  # Bob started with one card and goes out
    r3 = ok(t, play(2, "AC"))  # Cid: 5 -> 4
    for r in (r1, r2, r3):
        assert note(r, "missed_announcement") is None and note(r, "announce_due") is None


def test_S2_10_a_false_announcement_is_refused():
    t = table2(D4)
    rejected(t, announce(0, "one card"), "S2.10")
    rejected(t, announce(0, "three cards"), "S2.10")


def test_S2_10_not_three_cards_after_eating():
    t = table2([["5C", "9D", "10D", "2S"], ["8C", "9C", "3S", "4S", "5S", "6S", "7S"],
                ["AC", "2D", "3D", "4D", "5D", "6D", "7D"]])
    ok(t, play(0, "5C"))
    ok(t, announce(0, "three cards"))
    run(t, [play(1, "9C"), play(2, "AC")])  # 3 plays: Cid kills and leads
    ok(t, play(2, "2D"))
    ok(t, eat(0, ["2D"]))
    assert ok(t, announce(0, "not three cards")).severity == "ok"


def test_S2_10_not_one_card_after_eating():
    t = table2([["5C", "9D"], ["8C", "9C", "3S", "4S", "5S", "6S", "7S"],
                ["AC", "2D", "3D", "4D", "5D", "6D", "7D"]])
    ok(t, play(0, "5C"))
    ok(t, announce(0, "one card"))
    ok(t, play(1, "9C"))
    ok(t, play(2, "AC"))  # kill (3 plays): Cid leads
    ok(t, play(2, "2D"))
    ok(t, eat(0, ["2D"]))  # Ann eats: 2 cards again
    r = ok(t, announce(0, "not one card"))
    assert r.severity == "ok"


# -- S2.11 the goat ---------------------------------------------------------------------------------
def test_S2_11_the_last_player_with_cards_is_the_goat_and_bleats():
    t = table2([["5C"], ["7C"], ["2D", "9C"]])
    ok(t, play(0, "5C"))
    r = ok(t, play(1, "7C"))
    assert note(r, "goat")["seat"] == 2
    s = t.summary()
    assert s["phase"] == "over" and s["goat"] == 2
    r = ok(t, announce(2, "baah"))
    assert r.rule == "S2.11"


def test_S2_11_only_the_goat_bleats():
    t = table2([["5C"], ["7C"], ["2D", "9C"]])
    run(t, [play(0, "5C"), play(1, "7C")])
    rejected(t, announce(0, "baah"), "S2.11")


def test_S2_11_bleating_before_the_game_is_over_is_refused():
    t = table2(D4)
    rejected(t, announce(0, "baah"), "S2.11")


def test_S2_11_the_goat_leads_the_next_game():
    t = table2([["5C"], ["7C"], ["2D", "9C"]])
    run(t, [play(0, "5C"), play(1, "7C")])
    ev = start2([["5C", "6D"], ["7C", "8D"], ["9C", "10D"]])
    del ev["leader"]
    ok(t, ev)
    assert t.summary()["turn"] == 2


# -- S2.12 plays to kill shown at all times -------------------------------------------------------
# Not breakable by an event: the referee's view answers "how many plays to kill?" for
# everybody (also in a seat's own view).
def test_S2_12_the_view_shows_how_many_plays_kill():
    hands = [["5C", "2S", "3S", "4S", "5S"], ["8C"], ["9C", "6S", "7S", "8S", "9S"],
             ["JC", "2D", "3D", "4D", "5D"]]
    t = table2(hands)
    ok(t, play(0, "5C"))
    for seat in (None, 0, 2):
        v = t.view(seat)
        assert v["kill_threshold"] == 4 and v["plays_to_kill"] == 3
    ok(t, play(1, "8C"))  # Bob goes out: the threshold does not change (S2.7)
    assert t.view()["plays_to_kill"] == 2 and t.view()["kill_threshold"] == 4
    ok(t, eat(2, ["5C"]))
    assert t.view()["plays_to_kill"] == 3
    assert t.view()["table"] == [["8C"]]  # S2.5: plays stay separate and countable
