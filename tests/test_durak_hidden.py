"""Hidden mode: the referee knows what a camera sees, rejects only what is provably wrong."""

from referee import Table
from durak_support import (attack, dealt, defend, discard, draw, hand, notes_of, ok, rejected, run, show,
                           start, take, throw, trump)


def hidden_two():
    return dealt([None, None], "9H", mode="hidden")


def test_hidden_accepts_any_unseen_card():
    t = hidden_two()
    ok(t, show(0, "6H"))
    ok(t, attack(0, "KS"))
    ok(t, defend(1, "AS"))
    ok(t, discard())
    assert t.view()["hands"]["0"] == {"size": 5, "known": ["6H"]}


def test_picked_up_cards_are_known_to_be_in_that_hand():
    t = hidden_two()
    run(t, [show(0, "6H"), attack(0, "KS"), take(1)])
    assert "KS" in t.view()["hands"]["1"]["known"]
    run(t, [draw(0, 1)])  # Ann refills; Bob holds 7 and draws nothing
    r = rejected(t, attack(0, "KS"), "D0.1")
    assert "Bob's hand" in r.message
    ok(t, attack(0, "QS"))
    ok(t, defend(1, "KS"))


def test_the_trump_card_is_known_and_cannot_be_played_from_a_hand():
    t = hidden_two()
    ok(t, show(0, "6H"))
    r = rejected(t, attack(0, "9H"), "D0.1")
    assert "under the talon" in r.message


def test_discarded_cards_cannot_come_back():
    t = hidden_two()
    run(t, [show(0, "6H"), attack(0, "KS"), defend(1, "AS"), discard(), draw(0, 1), draw(1, 1)])
    rejected(t, attack(1, "AS"), "D0.1")


def test_a_hand_with_every_card_known_cannot_play_another():
    t = Table()
    ok(t, start(2, mode="hidden", hands=[["6S", "7S", "8S", "6H", "KC", "AD"], ["6C", "7C", "8C", "7H", "QD", "KD"]],
                talon=0, trump="H", attacker=0))
    r = rejected(t, attack(0, "9S"), "D0.1")
    assert "holds only" in r.message


def test_a_show_is_refused_when_a_lower_trump_is_known_elsewhere():
    t = Table()
    ok(t, start(2))
    ok(t, hand(0, ["6S", "7S", "8S", "6H", "KC", "AD"]))
    ok(t, trump("9H"))
    # Bob's hand is unknown, but Ann's 6H is known and lower than his 7H
    rejected(t, show(1, "7H"), "D0.3")
    ok(t, show(0, "6H"))


def test_reveal_proves_a_false_lowest_trump():
    t = hidden_two()
    ok(t, show(1, "8H"))
    r = ok(t, hand(0, ["6S", "7S", "8S", "7H", "KC", "AD"]))
    pv = notes_of(r, "proven_violation")
    assert pv and pv[0]["seat"] == 1 and "7H" in pv[0]["evidence"]


def test_hand_sizes_and_shown_cards_follow_the_table():
    t = hidden_two()
    run(t, [show(0, "6H"), attack(0, "6S"), throw(0, "6C", "6D")])
    assert t.view()["hands"]["0"] == {"size": 3, "known": ["6H"]}
    assert t.view(1)["hands"] == {"1": {"size": 6, "known": []}}  # a seat's view hides the others
    ok(t, take(1))
    assert t.view()["hands"]["1"] == {"size": 9, "known": ["6S", "6D", "6C"]}
