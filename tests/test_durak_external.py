"""Check cases written from the descriptions of the lennertcl/durak project's tests."""

from durak_support import attack, defend, ok, position, rejected, say_take, throw, transfer


def test_throw_in_is_limited_by_the_defenders_hand():
    t = position([["6S", "6C", "6D", "6H"], ["AS", "AC", "KD"]], attacker=0)
    ok(t, attack(0, "6S"))
    ok(t, say_take(1))
    ok(t, throw(0, "6C", "6D"))  # three attacking cards, Bob holds three
    r = rejected(t, throw(0, "6H"), "D1.4")
    assert "Bob held 3" in r.message


def test_neighbours_only_lets_only_the_defenders_neighbours_throw_in():
    hands = [["6S", "JS"], ["7S", "9D"], ["6C", "QD"], ["6D", "KD"], ["6H", "AD"]]
    t = position(hands, attacker=0, variants={"neighbours_only": True})
    ok(t, attack(0, "6S"))
    rejected(t, throw(3, "6D"), "D1.3")
    rejected(t, throw(4, "6H"), "D1.3")
    ok(t, throw(2, "6C"))  # on Bob's left
    ok(t, defend(1, "7S", covers="6S"))


def test_transfer_is_refused_when_the_next_player_holds_too_few():
    t = position([["6S", "6D", "9D"], ["6C", "7S"], ["8S"]], attacker=0, variants={"transfer": True})
    ok(t, attack(0, "6S"))
    rejected(t, transfer(1, "6C"), "D3.2")


def test_a_lower_trump_does_not_beat_a_higher_trump():
    t = position([["9H", "6S"], ["7H", "10H"]], attacker=0, trump_suit="H")
    ok(t, attack(0, "9H"))
    rejected(t, defend(1, "7H"), "D1.2")
    ok(t, defend(1, "10H"))
