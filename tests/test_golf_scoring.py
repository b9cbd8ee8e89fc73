"""Golf scoring (G1.4, G2.4, G3.1 columns, G4.1-G4.4) and the variant flags G5.1-G5.9.

Written from shared/rules/golf.md. The six-card cases at the top are our own versions of
the scoring checks described for hwilco/PyCardGolf (A=1, 2=-2, K=0, J/Q=10; an equal
pair in a column cancels; 2-2-2 over K-K-K scores -6).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from golf_support import (Table, dealt, draw, flip, hand, knock, note, notes_of, ok, peek,  # noqa: E402
                          quick_round, rejected, six_two, start, turn, upcard)

from referee.games.golf import Variants, card_value, score_grid  # noqa: E402


def six(cards, **flags):
    return score_grid(cards, Variants.parse(flags), 2, len(cards) // 2)


# -- G4.1 card values ------------------------------------------------------------------------
@pytest.mark.parametrize("card, value", [("AS", 1), ("2H", -2), ("3D", 3), ("7C", 7), ("10S", 10),
                                         ("JH", 10), ("QD", 10), ("KC", 0)])
def test_G4_1_card_values(card, value):
    assert card_value(card) == value


def test_G4_1_round_score_is_the_sum_of_uncancelled_cards():
    assert six(["AS", "2H", "3D", "JH", "QD", "KC"]) == (1 - 2 + 3 + 10 + 10 + 0, [])


# -- G1.4 columns (external check cases) ---------------------------------------------------
def test_G1_4_an_equal_pair_in_a_column_cancels():
    assert six(["QS", "5H", "9D", "QH", "7C", "AD"]) == (5 + 9 + 7 + 1, [[0, 3]])


def test_G1_4_two_over_king_columns_do_not_cancel():
    assert six(["2S", "2H", "2D", "KS", "KH", "KD"]) == (-6, [])


def test_G1_4_equal_cards_in_a_row_do_not_cancel():
    assert six(["QS", "QH", "9D", "5H", "7C", "AD"])[0] == 10 + 10 + 9 + 5 + 7 + 1


def test_G1_4_a_pair_of_twos_cancels_too():
    assert six(["2S", "5H", "9D", "2H", "7C", "AD"]) == (5 + 9 + 7 + 1, [[0, 3]])


def test_G1_4_the_round_score_and_cancelled_columns_reach_the_table():
    ann = ["KS", "5H", "9C", "KH", "5D", "JS"]
    bob = ["AS", "3H", "7C", "8D", "10H", "QS"]
    t, rulings = six_two(ann, bob, ["4C", "AH", "6C", "4D"], ["2D", "2C", "3D", "3C"])
    assert notes_of(rulings[-1], "cancelled") == [
        {"kind": "cancelled", "seat": 0, "positions": [[0, 3], [1, 4]]},
        {"kind": "cancelled", "seat": 1, "positions": [[0, 3], [2, 5]]}]
    # Ann: 9C + JS; Bob: AS 3H 4C / AH 6C 4D, the A and 4 columns cancel
    assert t.summary()["scores"] == [19, 3 + 6]
    assert note(rulings[-1], "round_over")["scores"] == [19, 9]


# -- G2.4 four-card columns ------------------------------------------------------------------
def four(cards, **flags):
    return score_grid(cards, Variants.parse({"four_card": True, **flags}), 2, 2)


def test_G2_4_a_column_pair_cancels_a_row_pair_does_not():
    assert four(["9S", "5H", "9D", "AC"]) == (6, [[0, 2]])
    assert four(["9S", "9H", "5D", "AC"])[0] == 24


def test_G2_4_three_equal_only_the_column_pair_four_equal_all():
    assert four(["9S", "9H", "9D", "AC"]) == (10, [[0, 2]])
    assert four(["9S", "9H", "9D", "9C"]) == (0, [[0, 2], [1, 3]])


# -- G3.1 nine-card columns ----------------------------------------------------------------
def nine(cards, **flags):
    return score_grid(cards, Variants.parse({"nine_card": True, **flags}), 3, 3)


def test_G3_1_a_column_cancels_only_when_all_three_are_equal():
    assert nine(["7S", "5H", "AC", "7H", "5D", "AD", "7D", "6C", "AS"]) == (5 + 5 + 6, [[0, 3, 6], [2, 5, 8]])
    assert nine(["7S", "5H", "AC", "7H", "5D", "2D", "KD", "6C", "AS"])[0] == 7 + 5 + 1 + 7 + 5 - 2 + 0 + 6 + 1


# -- G4.2 jokers / bonus cards -------------------------------------------------------------
def test_G4_2_bonus_cards_score_minus_two_and_a_pair_of_them_cancels():
    bonus = {"jokers": ["JS", "JC"]}
    assert six(["JS", "5H", "9D", "KH", "7C", "AD"], **bonus)[0] == -2 + 5 + 9 + 0 + 7 + 1
    assert six(["JS", "5H", "9D", "JC", "7C", "AD"], **bonus) == (5 + 9 + 7 + 1, [[0, 3]])
    # a bonus jack is not an ordinary jack: no pair, and JD scores 10
    assert six(["JS", "5H", "9D", "JD", "7C", "AD"], **bonus)[0] == -2 + 5 + 9 + 10 + 7 + 1
    assert six(["JS", "5H", "9D", "JD", "7C", "AD"])[0] == 0 + 5 + 9 + 7 + 1  # without jokers: a jack pair


def test_G4_2_jokers_true_means_the_black_jacks_and_a_bad_value_is_an_error():
    assert set(Variants.parse({"jokers": True}).jokers) == {"JS", "JC"}
    assert not Table().apply(start(2, variants={"jokers": ["JS", "JS"]})).ok


# -- G4.3 / G4.4 closer penalties -------------------------------------------------------------
ANN = ["KS", "5H", "9C", "KH", "5D", "JS"]  # Ann scores 9 + 10 = 19 (K and 5 columns cancel)
BOB_HIGH = ["QS", "JH", "7C", "8D", "10H", "QD"]
BOB_LOW = ["AS", "KD", "7C", "8D", "10H", "QD"]


def test_G4_3_the_closer_who_is_not_lowest_gets_ten():
    t, rulings = six_two(ANN, BOB_HIGH, ["9D", "8C", "6C", "6D"], ["2D", "2C", "3D", "3C"],
                         variants={"closer_penalty_10": True})
    # Bob: QS JH 9D / 8C 6C 6D = 10 + 10 + 9 + 8 + 6 + 6 = 49, not lowest
    assert t.summary()["scores"] == [19, 59]
    assert note(rulings[-1], "closer_penalty") == {"kind": "closer_penalty", "seat": 1, "penalty": 10,
                                                   "rule": "G4.3"}


def test_G4_3_the_lowest_closer_pays_nothing():
    t, rulings = six_two(ANN, BOB_LOW, ["4C", "AH", "KC", "4D"], ["2D", "2C", "3D", "3C"],
                         variants={"closer_penalty_10": True})
    assert t.summary()["scores"] == [19, 0]  # AS KD 4C / AH KC 4D: every column cancels
    assert note(rulings[-1], "closer_penalty") is None


def test_G4_4_the_closer_who_is_not_lowest_adds_the_winners_score():
    t, rulings = six_two(ANN, BOB_HIGH, ["9D", "8C", "6C", "6D"], ["2D", "2C", "3D", "3C"],
                         variants={"closer_penalty_double": True})
    assert t.summary()["scores"] == [19, 49 + 19]
    assert note(rulings[-1], "closer_penalty")["rule"] == "G4.4"


def test_G4_4_only_one_closer_penalty_may_be_agreed():
    r = Table().apply(start(2, variants={"closer_penalty_10": True, "closer_penalty_double": True}))
    assert not r.ok and r.rule == "G4.4"


# -- G5.1 eight and ten cards -------------------------------------------------------------
def test_G5_1_eight_and_ten_card_grids():
    t = dealt([["KS", "5H", "9C", "2S", "KH", "5D", "JS", "2H"], ["AS", "3H", "7C", "8D", "10H", "QS", "6S", "6H"]],
              variants={"eight_card": True})
    assert t.summary()["hand_sizes"] == [8, 8] and t.view()["columns"] == 4
    assert six(["KS", "5H", "9C", "2S", "KH", "5D", "JS", "2H"], eight_card=True) == (19, [[0, 4], [1, 5], [3, 7]])
    assert Table().apply(start(3, variants={"ten_card": True})).message.startswith("Golf round 1 of match 1 (10-card")


def test_G5_1_extra_columns_belong_to_six_card_golf():
    rejected(Table(), start(2, variants={"eight_card": True, "four_card": True}), "G5.1")
    rejected(Table(), start(2, variants={"eight_card": True, "ten_card": True}), "G5.1")
    t = Table()
    r = t.apply(start(2, variants={"eight_card": True}, hands=[["KS"] * 6, ["AS"] * 6]))
    assert not r.ok and r.rule == "G0.1"  # eight cards each, not six


# -- G5.2 four in hand ---------------------------------------------------------------------
def test_G5_2_four_in_hand_any_equal_pair_cancels_and_no_positions():
    assert score_grid(["9S", "9H", "5D", "AC"], Variants.parse({"four_in_hand": True}), 2, 2) == (6, [[0, 1]])
    t = dealt([["9S", "9H", "5D", "AC"], ["2S", "8H", "8D", "KC"]], variants={"four_in_hand": True})
    ok(t, draw(1, "stock", "3C"))
    ok(t, {"type": "swap", "seat": 1, "card_out": "KC", "card": "3C"})  # no position: held in hand
    ok(t, knock(0))
    turn(t, 1, "4C")
    ok(t, hand(0, ["9H", "AC", "9S", "5D"]))  # shown in any order
    ok(t, hand(1, ["2S", "8H", "8D", "3C"]))
    assert t.summary()["scores"] == [5 + 1, -2 + 3]


def test_G5_2_no_peeking_or_turning_with_cards_in_hand():
    t = dealt([["9S", "9H", "5D", "AC"], ["2S", "8H", "8D", "KC"]], variants={"four_in_hand": True})
    rejected(t, peek(0, 0, 1), "G5.2")
    rejected(t, flip(0, 0, "9S"), "G5.2")


# -- G5.3 any pair cancels -----------------------------------------------------------------
def test_G5_3_any_pair_cancels_wherever_it_lies():
    assert six(["QS", "QH", "9D", "5H", "7C", "AD"], any_pair_cancels=True) == (22, [[0, 1]])
    assert six(["QS", "QH", "QD", "5H", "7C", "AD"], any_pair_cancels=True)[0] == 10 + 5 + 7 + 1


def test_G5_3_ten_equal_cards_cancel_in_five_pairs_quickly():
    ten = {"ten_card": True, "any_pair_cancels": True}
    assert score_grid(["9S"] * 10, Variants.parse(ten), 2, 5) == (0, [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]])
    assert score_grid(["9S"] * 9 + ["KD"], Variants.parse(ten), 2, 5)[0] == 9


def test_G5_3_is_a_six_card_variant():
    rejected(Table(), start(2, variants={"any_pair_cancels": True, "four_card": True}), "G5.3")


# -- G5.4 four of a kind --------------------------------------------------------------------
def test_G5_4_two_adjacent_columns_of_four_equal_cards_give_the_others_ten():
    ann = ["9S", "9H", "5C", "9D", "9C", "JS"]  # two columns of 9s: Ann scores 5 + 10
    bob = ["AS", "3H", "7C", "8D", "10H", "QS"]
    t = dealt([ann, bob, ["2S", "3S", "4S", "2H", "3C", "4D"]], variants={"four_of_a_kind_bonus": True})
    # play to the end: Bob replaces his four face-down cards; Cid and Ann discard
    bob_new, others = ["6S", "6H", "6D", "6C"], iter(["7S", "7H", "7D", "8S", "8H", "8C", "10S", "10D"])
    for k in range(4):
        turn(t, 1, bob_new[k], 2 + k)
        turn(t, 2, next(others))
        turn(t, 0, next(others))
    for seat, grid in ((0, ann), (2, ["2S", "3S", "4S", "2H", "3C", "4D"])):
        for pos in range(2, 6):
            r = ok(t, flip(seat, pos, grid[pos]))
    assert note(r, "four_of_a_kind") == {"kind": "four_of_a_kind", "seat": 0, "blocks": 1, "penalty": 10}
    # Ann 5C + JS; Bob AS 3H 6S / 6H 6D 6C (the 6S/6C column cancels) + 10; Cid all cancel + 10
    assert t.summary()["scores"] == [15, 1 + 3 + 6 + 6 + 10, 0 + 10]


def test_G5_4_is_a_six_card_variant():
    rejected(Table(), start(2, variants={"four_of_a_kind_bonus": True, "nine_card": True}), "G5.4")


# -- G5.5 first flips ---------------------------------------------------------------------------
def test_G5_5_first_flips_in_the_same_column():
    t = Table()
    for ev in [start(2, hands=[ANN, BOB_LOW], variants={"first_flip_same_column": True}), upcard("QC"),
               flip(0, 1)]:
        ok(t, ev)
    rejected(t, flip(0, 2), "G5.5")
    ok(t, flip(0, 4))


def test_G5_5_first_flips_in_different_columns():
    t = Table()
    for ev in [start(2, hands=[ANN, BOB_LOW], variants={"first_flip_different_columns": True}), upcard("QC"),
               flip(0, 1)]:
        ok(t, ev)
    rejected(t, flip(0, 4), "G5.5")
    ok(t, flip(0, 2))
    rejected(Table(), start(2, variants={"first_flip_same_column": True, "first_flip_different_columns": True}),
             "G5.5")


# -- G5.6 / G5.9 the final turn's draw ----------------------------------------------------------
def closing_six(variants=None):
    """Bob closes a six-card round; Ann is on her final turn."""
    t = dealt([ANN, BOB_LOW], **({"variants": variants} if variants else {}))
    for k, card in enumerate(["4C", "4D", "6C", "6D"]):
        turn(t, 1, card, 2 + k)
        if k < 3:
            turn(t, 0, ["2D", "2C", "3D"][k])
    return t


def test_G5_6_last_turn_stock_only():
    t = closing_six({"last_turn_stock_only": True})
    rejected(t, draw(0, "discard"), "G5.6")
    ok(t, draw(0, "stock", "3C"))
    ok(closing_six(), draw(0, "discard"))  # without the variant the pile may be taken


def four_knocked(variants=None):
    t = dealt([["KS", "5H", "7D", "KD"], ["2S", "9H", "9D", "AC"]],
              variants={"four_card": True, **(variants or {})})
    ok(t, knock(1))
    return t


def test_G5_9_the_pile_on_the_final_turn_only_with_take_pile_last_turn():
    t = four_knocked()
    rejected(t, draw(0, "discard"), "G5.9")
    ok(t, draw(0, "stock", "3C"))
    t = four_knocked({"take_pile_last_turn": True})
    ok(t, draw(0, "discard", "QC"))
    rejected(Table(), start(2, variants={"take_pile_last_turn": True}), "G5.9")  # four-card only


# -- G5.7 diagonals / G5.8 no cancelling ----------------------------------------------------------
def test_G5_7_diagonal_pairs_cancel():
    assert four(["9S", "5H", "AD", "9C"]) == (24, [])
    assert four(["9S", "5H", "AD", "9C"], diagonal_pairs=True) == (6, [[0, 3]])
    assert four(["9S", "9H", "9D", "5C"], diagonal_pairs=True)[0] == 14  # three 9s: one pair only
    rejected(Table(), start(2, variants={"diagonal_pairs": True}), "G5.7")


def test_G5_8_no_cancel():
    assert four(["9S", "5H", "9D", "AC"], no_cancel=True) == (24, [])
    rejected(Table(), start(2, variants={"no_cancel": True}), "G5.8")


def test_G5_8_pairs_count_in_a_played_round_and_low_total_wins():
    grids = [["9S", "5H", "9D", "AC"], ["2S", "3H", "4D", "KC"]]
    t = Table()
    quick_round(t, grids, match={"holes": 1})
    assert t.summary()["scores"] == [6, 5]  # 9S over 9D cancels
    t = Table()
    r = quick_round(t, grids, match={"holes": 1}, variants={"no_cancel": True})
    assert t.summary()["scores"] == [24, 5]
    assert note(r, "match_over")["winners"] == [1]
