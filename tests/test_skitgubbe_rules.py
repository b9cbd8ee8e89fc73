"""Skitgubbe S0 (setup) rules, plus a guard that every rule id of the spec has a test.

Written from shared/rules/skitgubbe.md and the table-log contract, not from the code.
Part 1 rules: test_skitgubbe_part1.py / test_skitgubbe_part1_end.py; Part 2:
test_skitgubbe_part2.py; variants: test_skitgubbe_variants.py; malformed input, undo and
replay: test_skitgubbe_bad_input.py.
"""

# Rules an event cannot break on its own, and what is tested instead:
#   S0.3  one goat per game: the tally, streaks, abandoned games (and no play after the goat)
#   S0.4  clockwise: turn order; an anticlockwise play is refused under the turn rule
#   S1.12 end of Part 1: when it happens, what is abandoned and returned (later events
#         are refused under the intermission rule S1.14)
#   S1.13 remembering the last winner: who leads Part 2
#   S1.15 Part 2 hands = winnings: hand sizes after the trump
#   S1.17 sorting: re-telling a hand in another order changes nothing
#   S2.1  ranking, S2.8 travelling tricks: checked through S2.4 beats and refusals
#   S2.5  separate plays, S2.12 the kill count: counted plays and the referee's view
#   S3.1  no_slough_for_trump, S3.4 aces_low_part1: they change who draws / who wins;
#         violations under them are S1.11 / S1.5 refusals
# Rules whose refusal may be cited under either of two ids that both name the reason
# (accepted either way): S1.1/S1.2 hand of four, S2.2/S3.6 twin "runs", S2.4/S3.9 beats.

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from skitgubbe_support import (Table, flip, hand, note, ok, play, rejected,  # noqa: E402
                               run, start, start2, table1, table2)

HERE = Path(__file__).parent
SPEC = HERE.parents[1] / "shared" / "rules" / "skitgubbe.md"
MY_FILES = ["test_skitgubbe_rules.py", "test_skitgubbe_part1.py", "test_skitgubbe_part1_end.py",
            "test_skitgubbe_part2.py", "test_skitgubbe_variants.py"]


@pytest.mark.skipif(not SPEC.exists(), reason="shared/rules not checked out")
def test_every_rule_id_in_the_spec_is_named_by_a_test():
    ids = set(re.findall(r"^- (S\d\.\d+) ", SPEC.read_text(), flags=re.M))
    assert len(ids) >= 40
    text = "".join((HERE / f).read_text() for f in MY_FILES)
    missing = sorted(i for i in ids if not re.search(re.escape(i) + r"\b", text))
    assert not missing, f"rule ids without a test: {missing}"


# -- S0.1 one 52-card deck, 2 low ... A high ----------------------------------------------
# Three players flip (S1.4) so no hand is involved; hands hold only 5s, 6s and 7s.
FILLER = [["5S", "5H", "5D"], ["6S", "6H", "6D"], ["7S", "7H", "7D"]]


@pytest.mark.parametrize("cards, winner", [
    (("AS", "KH", "2D"), 0),   # ace is the highest rank
    (("KS", "AH", "QD"), 1),
    (("10S", "9H", "JD"), 2),  # 10 between 9 and J
    (("2S", "3H", "4D"), 2),   # 2 is the lowest
    (("QS", "JH", "10D"), 0),
    (("9S", "10H", "8D"), 1),
])
def test_S0_1_ranks_run_2_low_to_ace_high(cards, winner):
    t = table1(FILLER)
    rulings = run(t, [flip(s, c) for s, c in enumerate(cards)])
    assert note(rulings[-1], "trick_won")["seat"] == winner
    assert all(note(r, "trick_won") is None for r in rulings[:-1])
    assert note(rulings[-1], "war") is None


def test_S0_1_a_card_cannot_be_in_two_hands():
    t = table1([["5S", "5H", "5D"], ["6S", "6H", "6D"], ["7S", "7H", "7D"]])
    rejected(t, hand(2, ["7S", "7H", "5S"]), "S0.1")  # 5S is Ann's


def test_S0_1_a_flipped_card_cannot_also_be_in_a_hand():
    t = table1(FILLER)
    rejected(t, flip(0, "6H"), "S0.1")  # 6H lies in Bob's open hand


def test_S0_1_a_card_cannot_be_played_twice():
    t = table1(FILLER)
    ok(t, flip(0, "KS"))
    rejected(t, flip(1, "KS"), "S0.1")


def test_S0_1_part2_deal_with_a_duplicate_card_is_illegal():
    t = Table()
    rejected(t, start2([["5C", "6D"], ["5C", "7D"], ["8S", "9S"]]), "S0.1")
    assert t.summary()["game"] is None


# -- S0.2 at least 3 players ----------------------------------------------------------------
@pytest.mark.parametrize("n", [0, 1, 2])
def test_S0_2_fewer_than_three_players_is_illegal(n):
    t = Table()
    rejected(t, start(n), "S0.2")


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_S0_2_three_or_more_players_get_three_cards_each(n):
    t = Table()
    ok(t, start(n))
    s = t.summary()
    assert s["phase"] == "part1"
    assert s["hand_sizes"] == [3] * n
    assert s["tricks_won"] == [0] * n


def test_S0_2_too_many_players_to_deal_is_refused():
    t = Table()
    r = t.apply(start(18, players=[f"P{i}" for i in range(18)]))  # 54 cards needed, 52 exist
    assert not r.ok and r.severity in ("illegal", "error")


def test_S0_2_part2_with_two_players_is_illegal():
    rejected(Table(), start2([["5C", "6D"], ["7C", "8D"]]), "S0.2")


# -- S0.3 no winner, one goat per game, tally kept per session --------------------------------
def goat_game(t, leader=0, players=None):
    """A three-player Part 2 game that ends with Cid (seat 2) the goat: Ann leads her last
    card (out), Bob beats with his last card (out); only Cid still holds cards."""
    ev = start2([["5C"], ["7C"], ["2D", "9C"]], leader=leader)
    if players:
        ev["players"] = players
    ok(t, ev)
    r1 = ok(t, play(leader, "5C"))
    r2 = ok(t, play((leader + 1) % 3, "7C"))
    return r1, r2


def test_S0_3_exactly_one_loser_and_the_session_tally():
    t = Table()
    r1, r2 = goat_game(t)
    assert note(r1, "out")["seat"] == 0
    assert note(r2, "out")["seat"] == 1
    assert note(r2, "goat")["seat"] == 2
    s = t.summary()
    assert s["phase"] == "over" and s["goat"] == 2 and s["out"] == [0, 1]
    tally = t.session.tally()
    assert tally["Cid"] == {"games": 1, "losses": 1, "streak": 1, "points": 0}
    assert tally["Ann"] == {"games": 1, "losses": 0, "streak": 0, "points": 0}
    assert tally["Bob"] == {"games": 1, "losses": 0, "streak": 0, "points": 0}
    # S1.3/S2.11: the goat leads the first trick of the next game; a second loss grows the streak
    ok(t, {k: v for k, v in start2([["5C"], ["7C"], ["2D", "9C"]]).items() if k != "leader"})
    assert t.summary()["turn"] == 2
    assert t.session.tally()["Cid"]["games"] == 1  # the new game is not finished yet


def test_S0_3_a_start_after_a_finished_game_abandons_nothing():
    t = Table()
    goat_game(t)
    ev = start(3)
    del ev["leader"]
    r = ok(t, ev)
    assert r.severity == "ok" and note(r, "abandoned") is None
    assert t.session.tally()["Cid"] == {"games": 1, "losses": 1, "streak": 1, "points": 0}


def test_S0_3_goat_streak_over_two_games():
    t = Table()
    goat_game(t)
    # game 2, no leader given: the goat (Cid) leads 2D; Ann and Bob beat with their last cards
    ev = start2([["3D"], ["4D"], ["2D", "9C"]])
    del ev["leader"]
    ok(t, ev)
    assert t.summary()["turn"] == 2
    run(t, [play(2, "2D"), play(0, "3D"), play(1, "4D")])
    assert t.summary()["goat"] == 2
    tally = t.session.tally()
    assert tally["Cid"] == {"games": 2, "losses": 2, "streak": 2, "points": 0}
    assert tally["Ann"] == {"games": 2, "losses": 0, "streak": 0, "points": 0}


def test_S0_3_an_abandoned_game_counts_for_nobody():
    t = Table()
    ok(t, start(3))
    ok(t, flip(0, "KS"))
    r = t.apply(start(3))
    assert r.ok and r.severity == "warning"
    assert note(r, "abandoned") is not None
    assert t.session.tally() == {}
    assert t.summary()["hand_sizes"] == [3, 3, 3]


def test_S0_3_nothing_can_be_played_after_the_goat():
    t = Table()
    goat_game(t)
    r = rejected(t, play(2, "9C"))
    assert r.rule in ("S0.3", "S2.11", "S2.9")


# -- S0.4 clockwise ----------------------------------------------------------------------------
# Not breakable on its own: an anticlockwise play is a play out of turn, refused under the
# rule that gives the turn (S1.4 in Part 1, S2.4/S2.3 in Part 2). We check the order itself.
def test_S0_4_part1_turn_goes_clockwise_from_the_leader():
    t = table1([["5S", "5H", "5D"], ["6S", "6H", "6D"], ["7S", "7H", "7D"], ["8S", "8H", "8D"]],
               leader=2)
    assert t.summary()["turn"] == 2
    turns = []
    for seat, card in [(2, "KC"), (3, "2C"), (0, "3C"), (1, "4C")]:
        ok(t, flip(seat, card))
        turns.append(t.summary()["turn"])
    assert turns[:3] == [3, 0, 1]


def test_S0_4_part1_anticlockwise_play_is_refused():
    t = table1([["5S", "5H", "5D"], ["6S", "6H", "6D"], ["7S", "7H", "7D"], ["8S", "8H", "8D"]],
               leader=2)
    ok(t, flip(2, "KC"))
    r = rejected(t, flip(1, "2C"))
    assert r.rule in ("S0.4", "S1.4")


def test_S0_4_part2_turn_goes_clockwise():
    t = table2([["5C", "2S", "3S"], ["6C", "4S", "5S"], ["7C", "6S", "7S"], ["8C", "8S", "9S"]],
               leader=1)
    seen = [t.summary()["turn"]]
    for seat, card in [(1, "6C"), (2, "7C"), (3, "8C")]:
        ok(t, play(seat, card))
        seen.append(t.summary()["turn"])
    assert seen == [1, 2, 3, 0]
    r = rejected(t, play(2, "6S"))  # Cid again, anticlockwise of Ann
    assert r.rule in ("S0.4", "S2.4", "S2.3", "S2.8")
