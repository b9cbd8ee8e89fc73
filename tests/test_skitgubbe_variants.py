"""Skitgubbe variants S3.1-S3.9 (flags in `start.variants`), written from the spec."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from skitgubbe_support import (cid_plays_out, DECK, NAMES, P1, Table, dreck, dreck_cards, eat, exhaust, flip,  # noqa: E402
                               note, ok, plan_flips, play, rejected, run, slough, start, start2,
                               table1, table2, trump_ev)

LOW = [["2S", "2H", "2D"], ["3S", "3H", "3D"], ["4S", "4H", "4D"]]


def test_no_variant_is_on_by_default_and_unknown_flags_are_refused():
    t = Table()
    ok(t, start(3))
    assert t.view()["variants"] in ([], {}, None)
    r = Table().apply(start(3, variants={"no_such_flag": True}))
    assert not r.ok and r.severity in ("error", "illegal")


# -- S3.1 no_slough_for_trump --------------------------------------------------------------------
def stock_at_one(variants=None):
    """Ann wins every trick; trick 14 (AC, 2C, 3C) leaves exactly one stock card (4C)."""
    sim = exhaust(LOW, leader=0, winners=[0] * 13, aside="4C", reserve=("AC", "2C", "3C"),
                  variants=variants)
    sim.flip(0, "AC")
    sim.flip(1, "2C")
    r = sim.flip(2, "3C")
    assert note(r, "trick_won")["seat"] == 0 and sim.stock == 1
    return sim


def test_S3_1_default_a_slough_can_draw_the_last_card():
    sim = stock_at_one()
    r = sim.slough(0, "2S")
    assert note(r, "aside")["seat"] == 0


def test_S3_1_the_last_card_is_not_drawn_after_a_slough():
    sim = stock_at_one({"no_slough_for_trump": True})
    r = sim.t.apply(slough(0, "2S"))
    # The slough itself stays legal; the slougher just cannot replenish from the last card.
    assert r.ok, r.to_dict()
    assert note(r, "aside") is None
    assert sim.t.summary()["hand_sizes"] == [2, 3, 3]
    sim.hands[0].remove("2S")
    sim.table.append("2S")
    sim.collect(0)
    r = sim.play(0, "2H")  # the next play draws it: laid aside (S1.11)
    assert note(r, "aside")["seat"] == 0
    assert sim.t.summary()["hand_sizes"] == [1, 3, 3]


def test_S3_1_the_last_card_may_still_be_flipped_never():
    sim = stock_at_one({"no_slough_for_trump": True})
    sim.collect(0)
    rejected(sim.t, flip(0, "4C"), "S1.11")  # S1.11 still holds under S3.1


# -- S3.2 no_bottom_card -------------------------------------------------------------------------
def no_bottom_part_end():
    """The bottom card (AC) is put aside at the deal: 42 stock cards, all flippable."""
    sim = exhaust(LOW, leader=0, winners=[0] * 14, aside="AC", variants={"no_bottom_card": True})
    assert sim.stock == 0  # the last stock card was an ordinary flip
    r = sim.play(0, "2S")
    assert note(r, "aside") is None
    assert sim.t.summary()["hand_sizes"] == [2, 3, 3]
    cid_plays_out(sim, [("4H", "2H", "3H"), ("4D", "2D", "3D")])
    assert note(sim.collect(2), "part_end") is not None
    return sim


def test_S3_2_the_bottom_card_sets_trump_and_leaves_the_game():
    sim = no_bottom_part_end()
    r = ok(sim.t, trump_ev("AC"))
    assert note(r, "trump")["suit"] == "C"
    s = sim.t.summary()
    assert s["trump"] == "C"
    assert s["hand_sizes"] == [42, 0, 9]  # nobody keeps the AC
    d = dreck_cards("C")
    ann = [c for c in d if c[-1] == "C" or c[:-1] == "5"]
    cid = [c for c in d if c not in ann]
    ok(sim.t, dreck(0, ann))
    ok(sim.t, dreck(2, cid))
    assert sim.t.summary()["hand_sizes"] == [34, 17, 0]


def test_S3_2_the_trump_card_must_be_the_unseen_bottom_card():
    sim = no_bottom_part_end()
    rejected(sim.t, trump_ev("5S"), "S3.2")  # 5S was flipped in Part 1


def test_S3_2_the_stock_is_one_card_shorter():
    t = Table()
    ok(t, start(3, variants={"no_bottom_card": True}))
    assert t.view()["stock"] == 42
    t = Table()
    ok(t, start(3))
    assert t.view()["stock"] == 43


# -- S3.3 high_trump ---------------------------------------------------------------------------
HT = [["5C", "2S", "3S", "4S", "6S"], ["7C", "AH", "7S", "8S", "9S"],
      ["9C", "10S", "JS", "QS", "KS"], ["JC", "KH", "2D", "3D", "4D"]]


def test_S3_3_the_highest_trump_may_not_beat_without_killing():
    t = table2(HT, variants={"high_trump": True})
    ok(t, play(0, "5C"))
    rejected(t, play(1, "AH"), "S3.3")
    ok(t, play(1, "7C"))


def test_S3_3_a_run_holding_the_highest_trump_may_only_kill():
    hands = [["5C", "2S", "3S", "4S", "6S"], ["7C", "QH", "KH", "AH", "8S"],
             ["9C", "10S", "JS", "QS", "KS"], ["JC", "2D", "3D", "4D", "5D"]]
    t = table2(hands, variants={"high_trump": True})
    ok(t, play(0, "5C"))
    rejected(t, play(1, "KH", "AH"), "S3.3")
    ok(t, play(1, "QH", "KH"))  # without the ace it is an ordinary beat


def test_S3_3_without_the_variant_the_ace_of_trumps_beats_freely():
    t = table2(HT)
    ok(t, play(0, "5C"))
    ok(t, play(1, "AH"))


def test_S3_3_the_highest_trump_may_kill_and_the_next_inherits_the_rule():
    hands = [["5C", "2S", "3S", "4S", "6S"], ["7C", "7S", "8S", "9S", "10S"],
             ["9C", "JS", "QS", "KS", "AS"], ["AH", "KH", "2D", "3D", "4D"]]
    t = table2(hands, variants={"high_trump": True})
    run(t, [play(0, "5C"), play(1, "7C"), play(2, "9C")])
    r = ok(t, play(3, "AH"))  # the 4th play kills: allowed
    assert note(r, "kill")["seat"] == 3
    rejected(t, play(3, "KH"), "S3.3")  # KH is now the highest trump in the game: no lead
    ok(t, play(3, "2D"))


def test_S3_3_the_highest_trump_may_not_lead():
    t = table2([["AH", "5C", "6C"], ["7C", "8C", "9C"], ["10C", "JC", "QC"]],
               variants={"high_trump": True})
    rejected(t, play(0, "AH"), "S3.3")
    ok(t, play(0, "5C"))


def test_S3_3_a_leader_holding_only_the_highest_trump_passes_to_the_right():
    hands = [["AH"], ["7C", "7S", "8S"], ["9C", "JS", "QS"], ["JC", "2D", "3D"]]
    t = table2(hands, variants={"high_trump": True})
    rejected(t, play(0, "AH"), "S3.3")
    r = ok(t, {"type": "pass", "seat": 0})
    p = note(r, "pass")
    assert p["seat"] == 0 and p["to"] == 3  # to the right: counter-clockwise
    assert t.summary()["turn"] == 3
    ok(t, play(3, "JC"))
    rejected(t, play(0, "AH"), "S3.3")  # a 2nd play would not kill: Ann must eat
    ok(t, eat(0, ["JC"]))


def test_S3_3_the_pass_skips_players_who_are_out():
    t = table2([["AH"], ["7C", "7S", "8S"], ["9C", "JS", "QS"], []], variants={"high_trump": True})
    r = ok(t, {"type": "pass", "seat": 0})
    assert note(r, "pass")["to"] == 2 and t.summary()["turn"] == 2


def test_S3_3_the_highest_trump_kills_in_a_two_player_endgame():
    t = table2([["AH"], ["5C", "6D"], []], variants={"high_trump": True})
    ok(t, {"type": "pass", "seat": 0})
    assert t.summary()["turn"] == 1
    ok(t, play(1, "5C"))
    r = ok(t, play(0, "AH"))  # 2 players in the game: the 2nd play kills
    assert note(r, "kill")["seat"] == 0 and note(r, "out")["seat"] == 0
    assert note(r, "goat")["seat"] == 1


def hidden_high_trump(sizes, leader=0):
    ev = start2([[]] * len(sizes), leader=leader, variants={"high_trump": True}, mode="hidden")
    del ev["hands"]
    ev["hand_sizes"] = sizes
    t = Table()
    ok(t, ev)
    return t


def test_S3_3_with_hidden_hands_the_ace_of_trumps_still_may_not_lead():
    t = hidden_high_trump([13, 13, 13, 13])  # the whole deck is in play
    rejected(t, play(0, "AH"), "S3.3")
    ok(t, play(0, "KH"))  # the ace is somewhere: the king is an ordinary trump
    rejected(t, play(1, "AH"), "S3.3")  # beating without killing
    ok(t, eat(1))


def test_S3_3_with_hidden_hands_a_one_card_leader_may_pass():
    t = hidden_high_trump([1, 17, 17, 17])
    r = ok(t, {"type": "pass", "seat": 0})  # cannot be disproved: the AH is unaccounted for
    assert note(r, "pass")["to"] == 3
    t = hidden_high_trump([2, 17, 17, 16])
    rejected(t, {"type": "pass", "seat": 0}, "S3.3")  # two cards: one of them is no ace


def test_S3_3_a_leader_whose_only_card_is_not_the_highest_trump_may_not_pass():
    t = table2([["KH"], ["AH", "7S", "8S"], ["9C", "JS", "QS"]], variants={"high_trump": True})
    rejected(t, {"type": "pass", "seat": 0}, "S3.3")
    ok(t, play(0, "KH"))


def test_S3_3_pass_only_with_nothing_but_the_highest_trump():
    t = table2(HT, leader=1, variants={"high_trump": True})
    rejected(t, {"type": "pass", "seat": 1}, "S3.3")  # Bob has other cards
    rejected(t, {"type": "pass", "seat": 2}, "S3.3")  # Cid does not lead


def test_S3_3_no_pass_without_the_variant():
    t = table2([["AH"], ["7C", "7S", "8S"], ["9C", "JS", "QS"], ["JC", "2D", "3D"]])
    r = rejected(t, {"type": "pass", "seat": 0})
    assert r.rule in ("S3.3", "S2.3")


# -- S3.4 aces_low_part1 --------------------------------------------------------------------------
FILLER = [["5S", "5H", "5D"], ["6S", "6H", "6D"], ["7S", "7H", "7D"]]


@pytest.mark.parametrize("variants, winner", [(None, 0), ({"aces_low_part1": True}, 2)])
def test_S3_4_aces_rank_below_2_in_part1(variants, winner):
    t = table1(FILLER, variants=variants) if variants else table1(FILLER)
    rs = run(t, [flip(0, "AS"), flip(1, "2H"), flip(2, "3D")])
    assert note(rs[-1], "trick_won")["seat"] == winner


def test_S3_4_must_match_follows_low_aces():
    t = table1([["KS", "5H", "5D"], ["AH", "6H", "6D"], ["2C", "7H", "7D"]],
               variants={"aces_low_part1": True})
    ok(t, flip(0, "AS"))  # an ace: the lowest card, but still the highest so far
    rejected(t, play(1, "6H"), "S1.5")
    ok(t, play(1, "AH"))
    r = ok(t, play(2, "2C"))  # 2 beats the aces: no war
    assert note(r, "trick_won")["seat"] == 2 and note(r, "war") is None


def test_S3_4_aces_are_high_again_in_part2():
    t = table2([["KC", "2S", "3S"], ["AC", "4S", "5S"], ["6S", "7S", "8S"]],
               variants={"aces_low_part1": True})
    ok(t, play(0, "KC"))
    ok(t, play(1, "AC"))


# -- S3.5 roving_goat -----------------------------------------------------------------------------
def cid_goat(t, variants=None, players=("Ann", "Bob", "Cid")):
    ev = start2([["5C"], ["7C"], ["2D", "9C"]])
    ev["players"] = list(players)
    if variants:
        ev["variants"] = variants
    ok(t, ev)
    run(t, [play(0, "5C"), play(1, "7C")])
    assert t.summary()["goat"] == 2


def test_S3_5_the_goat_must_move_to_another_seat():
    t = Table()
    cid_goat(t, {"roving_goat": True})
    again = start2([["5C", "6D"], ["7C", "8D"], ["9C", "10D"]], variants={"roving_goat": True})
    del again["leader"]
    rejected(t, again, "S3.5")  # Cid would sit in seat 2 again
    again["players"] = ["Cid", "Ann", "Bob"]
    ok(t, again)
    assert t.summary()["turn"] == 0  # S1.3: the goat, now in seat 0, leads


def test_S3_5_without_the_variant_the_goat_may_keep_its_seat():
    t = Table()
    cid_goat(t)
    again = start2([["5C", "6D"], ["7C", "8D"], ["9C", "10D"]])
    del again["leader"]
    ok(t, again)
    assert t.summary()["turn"] == 2


# -- S3.6 double_deck ----------------------------------------------------------------------------
DD = [["5C", "6C", "6C", "7C", "9C", "2S"], ["9C", "10C", "3S", "4S", "5S", "6S"],
      ["JC", "QC", "7S", "8S", "9S", "10S"]]


def test_S3_6_two_decks_allow_twins():
    t = table2(DD, variants={"double_deck": True})
    assert t.summary()["hand_sizes"] == [6, 6, 6]
    rejected(Table(), start2(DD), "S0.1")  # twins need the variant


def test_S3_6_three_copies_are_too_many():
    hands = [["5C", "5C", "2S"], ["5C", "3S", "4S"], ["6S", "7S", "8S"]]
    r = rejected(Table(), start2(hands, variants={"double_deck": True}))
    assert r.rule in ("S0.1", "S3.6")


def test_S3_6_identical_cards_never_touch():
    t = table2(DD, variants={"double_deck": True})
    # (S2.2 defines touching, S3.6 refines it for twins: either id names the reason)
    assert rejected(t, play(0, "5C", "6C", "6C")).rule in ("S3.6", "S2.2")
    assert rejected(t, play(0, "6C", "6C")).rule in ("S3.6", "S2.2")
    ok(t, play(0, "5C", "6C", "7C"))


def test_S3_6_a_twin_does_not_beat_its_twin():
    t = table2(DD, variants={"double_deck": True})
    ok(t, play(0, "9C"))
    rejected(t, play(1, "9C"), "S2.4")
    ok(t, play(1, "10C"))


def test_S3_6_the_top_of_a_run_is_its_highest_card():
    t = table2([["9C", "10C", "2S", "3S"], ["10C", "JC", "4S", "5S"], ["6S", "7S", "8S", "9S"]],
               variants={"double_deck": True})
    ok(t, play(0, "9C", "10C"))
    rejected(t, play(1, "10C"), "S2.4")  # beats the 9C, not the run's top 10C
    ok(t, play(1, "JC"))


def test_S3_3_S3_6_with_two_decks_both_aces_of_trumps_are_the_highest():
    hands = [["5C", "2S", "3S", "4S"], ["7C", "AH", "7S", "8S"], ["9C", "10S", "JS", "QS"],
             ["AH", "JC", "2D", "3D"]]
    t = table2(hands, variants={"high_trump": True, "double_deck": True})
    run(t, [play(0, "5C"), play(1, "7C"), play(2, "9C")])
    r = ok(t, play(3, "AH"))  # kill with one ace
    assert note(r, "kill")["seat"] == 3
    ok(t, play(3, "JC"))
    ok(t, eat(0, ["JC"]))
    rejected(t, play(1, "AH"), "S3.3")  # Bob leads: the twin ace is still the highest trump


def test_S3_6_double_deck_stock():
    t = Table()
    ok(t, start(3, variants={"double_deck": True}))
    assert t.view()["stock"] == 104 - 9
    assert t.summary()["hand_sizes"] == [3, 3, 3]


def test_S3_6_dreck_threshold_is_twelve_cards():
    """Bob ends Part 1 with 6 cards and Cid with 9: enough with one deck, short with two."""
    v = {"double_deck": True}
    sim = P1(LOW, leader=0, variants=v)
    sim.flip(0, "AC")
    sim.flip(1, "2C")
    sim.slough(0, "2S", draw="2S")  # the twin 2S: Ann's hand keeps only 2s
    r = sim.flip(2, "5C")
    assert note(r, "trick_won")["seat"] == 0
    sim.collect(0)
    pool = DECK * 2
    for c in ["2S", "2H", "2D", "3S", "3H", "3D", "4S", "4H", "4D", "AC", "2C", "2S", "5C", "QH"]:
        pool.remove(c)
    winners = [1, 1] + [0] * 28
    plan = plan_flips(3, sim.hands, pool, 0, winners)
    assert len(pool) == 90
    sim.run_plan(plan)
    assert sim.stock == 1 and sim.tricks == [29, 2, 0]
    r = sim.play(0, "2H")
    assert note(r, "aside")["seat"] == 0
    cid_plays_out(sim, [("4H", "2D", "3H"), ("4D", "2S", "3D")])
    assert note(sim.collect(2), "part_end") is not None
    ok(sim.t, trump_ev("QH", seat=0))
    s = sim.t.summary()
    assert s["hand_sizes"] == [89, 6, 9]
    assert s["phase"] == "dreck"  # 6 and 9 are short when the threshold is 12


# -- S3.7 two_tables ----------------------------------------------------------------------------
def test_S3_7_a_game_names_its_table():
    t = Table()
    ok(t, start(3, variants={"two_tables": True}, table="winners"))
    t = Table()
    r = t.apply(start(3, variants={"two_tables": True}, table="middle"))
    assert not r.ok and r.rule in ("S3.7", None)


def test_S3_7_winners_goat_and_losers_first_out_swap_tables():
    t = Table()
    v = {"two_tables": True}
    for table, players in (("winners", ["Ann", "Bob", "Cid"]), ("losers", ["Dan", "Eve", "Fay"])):
        ev = start2([["5C"], ["7C"], ["2D", "9C"]], variants=v, table=table)
        ev["players"] = players
        ok(t, ev)
        run(t, [play(0, "5C"), play(1, "7C")])  # goat: seat 2; first out: seat 0
    nxt = start2([["5C", "6D"], ["7C", "8D"], ["9C", "10D"]], variants=v, table="winners")
    nxt["players"] = ["Ann", "Bob", "Cid"]
    rejected(t, nxt, "S3.7")  # Cid (goat) must go down, Dan (first out) must come up
    nxt["players"] = ["Ann", "Bob", "Dan"]
    ok(t, nxt)


# -- S3.8 three_player_muddle ---------------------------------------------------------------------
def test_S3_8_three_players_six_hands():
    t = Table()
    ok(t, start(3, variants={"three_player_muddle": True}))
    s = t.summary()
    assert s["hand_sizes"] == [3] * 6
    assert t.view()["stock"] == 52 - 18


def test_S3_8_a_player_sees_both_of_its_hands():
    hands = [["2C", "3S"], ["3C", "4S"], ["4C", "5S"], ["5C", "6S"], ["6C", "7S"], ["7C", "8S"]]
    ev = start2(hands, variants={"three_player_muddle": True}, mode="hidden")
    ev["players"] = NAMES[:3]
    t = Table()
    ok(t, ev)
    assert sorted(t.view(0)["hands"]) == ["0", "3"]  # Ann's right and left hands
    assert sorted(t.view(4)["hands"]) == ["1", "4"]
    assert sorted(t.view(4)["hands"]["4"]["known"]) == ["6C", "7S"]


def test_S3_8_muddle_needs_exactly_three_players():
    rejected(Table(), start(4, variants={"three_player_muddle": True}), "S3.8")


def test_S3_8_turns_go_through_the_six_hands():
    t = table1([["2S", "2H", "2D"], ["3S", "3H", "3D"], ["4S", "4H", "4D"], ["5S", "5H", "5D"],
                ["6S", "6H", "6D"], ["7S", "7H", "7D"]],
               players=NAMES[:3], variants={"three_player_muddle": True})
    turns = []
    for seat, card in enumerate(["KC", "2C", "3C", "4C", "5C", "6C"]):
        r = ok(t, flip(seat, card))
        turns.append(t.summary()["turn"])
    assert turns[:5] == [1, 2, 3, 4, 5]
    assert note(r, "trick_won")["seat"] == 0


MUDDLE_END = [["2C"], ["3C"], ["4C"], ["5C"], ["6C", "2D"], ["7C"]]


def muddle_goat():
    ev = start2(MUDDLE_END, variants={"three_player_muddle": True})
    ev["players"] = NAMES[:3]
    t = Table()
    ok(t, ev)
    rs = run(t, [play(s, c[0]) for s, c in enumerate(MUDDLE_END)])
    return t, rs


def test_S3_8_the_goat_is_the_person_owning_the_last_hand():
    t, rs = muddle_goat()
    assert note(rs[-1], "goat") is not None and t.summary()["phase"] == "over"
    tally = t.session.tally()
    assert tally["Bob"]["losses"] == 1  # hand 4 is Bob's left hand (4 % 3 == 1)
    assert tally["Ann"]["losses"] == 0 and tally["Cid"]["losses"] == 0


def test_S3_8_goat_seat_uses_the_hand_numbering():
    t, rs = muddle_goat()
    assert note(rs[-1], "goat")["seat"] == 4
    s = t.summary()
    assert s["goat"] == 4 and s["goat"] not in s["out"]


# -- S3.9 beat_any_suit --------------------------------------------------------------------------
BA = [["9C", "10C", "2S", "3S"], ["10D", "8D", "JD", "4S"], ["2H", "QS", "5S", "6S"]]


@pytest.mark.parametrize("variants, card, legal", [
    (None, "10D", False),
    ({"beat_any_suit": True}, "10D", True),
    ({"beat_any_suit": True}, "8D", False),
    ({"beat_any_suit": True}, "JD", True),
])
def test_S3_9_any_higher_non_trump_beats(variants, card, legal):
    t = table2(BA, variants=variants) if variants else table2(BA)
    ok(t, play(0, "9C"))
    if legal:
        ok(t, play(1, card))
    else:
        r = rejected(t, play(1, card))
        assert r.rule in (("S3.9", "S2.4") if variants else ("S2.4",))


def test_S3_9_equal_rank_of_another_suit_does_not_beat_the_runs_top():
    t = table2(BA, variants={"beat_any_suit": True})
    ok(t, play(0, "9C", "10C"))
    assert rejected(t, play(1, "10D")).rule in ("S3.9", "S2.4")
    ok(t, play(1, "JD"))
    ok(t, play(2, "2H"))  # a trump still beats


def test_S3_9_a_trump_top_still_needs_a_higher_trump():
    t = table2([["2H", "10C", "2S"], ["AC", "3H", "4S"], ["5S", "6S", "7S"]],
               variants={"beat_any_suit": True})
    ok(t, play(0, "2H"))
    assert rejected(t, play(1, "AC")).rule in ("S3.9", "S2.4")
    ok(t, play(1, "3H"))
