"""Durak D3 (transfer) and D4 (yard variant flags), each obeyed and broken."""

from referee import Table
from durak_support import (attack, defend, discard, draw, notes_of, ok, position, rejected, run, say_take, sit,
                           start, take, throw, transfer, trump)

TRANSFER = {"transfer": True}
THREE = [["6S", "9D", "10D"], ["6C", "6H", "7S", "JD"], ["8S", "QD", "KD", "AD"]]


def test_d3_1_transfer_passes_the_attack_on():
    t = position(THREE, attacker=0, variants=TRANSFER)
    ok(t, attack(0, "6S"))
    r = ok(t, transfer(1, "6C"))
    assert r.rule == "D3.1"
    s = t.summary()
    assert s["defender"] == 2 and s["table"] == [["6S", None], ["6C", None]]
    ok(t, defend(2, "8S", covers="6S"))
    ok(t, throw(1, "6H"))  # the transferring player now attacks too
    rejected(t, transfer(2, "8S"), "D3.1")


def test_d3_1_transfer_needs_the_variant_the_rank_and_no_beaten_card():
    t = position(THREE, attacker=0)
    ok(t, attack(0, "6S"))
    rejected(t, transfer(1, "6C"), "D3.1")
    t = position(THREE, attacker=0, variants=TRANSFER)
    ok(t, attack(0, "6S"))
    rejected(t, transfer(1, "7S"), "D3.1")  # not a 6
    rejected(t, transfer(2, "8S"), "D3.1")  # not the defender
    ok(t, defend(1, "7S"))
    rejected(t, transfer(1, "6C"), "D3.1")  # something is beaten already


def test_d3_2_new_defender_must_hold_enough():
    hands = [["6S", "6D", "9D"], ["6C", "7S", "JD"], ["8S"]]
    t = position(hands, attacker=0, variants=TRANSFER)
    ok(t, attack(0, "6S"))
    r = rejected(t, transfer(1, "6C"), "D3.2")  # Cid holds 1 card, the attack would be 2
    assert "Cid holds 1" in r.message
    hands[2] = ["8S", "QD"]
    t = position(hands, attacker=0, variants=TRANSFER)
    ok(t, attack(0, "6S"))
    ok(t, transfer(1, "6C"))


def test_d3_3_trump_show_transfers_once():
    hands = [["6S", "9D", "10D"], ["6H", "7S", "JD"], ["8S", "QD", "KD", "AD"]]
    variants = {"transfer": True, "trump_show_transfer": True}
    t = position(hands, attacker=0, variants=variants)
    ok(t, attack(0, "6S"))
    r = ok(t, transfer(1, "6H", show=True))
    assert r.rule == "D3.3"
    s = t.summary()
    assert s["defender"] == 2 and s["table"] == [["6S", None]] and s["hand_sizes"][1] == 3
    t = position([["6S", "9D"], ["6C", "7S"], ["8S", "QD"]], attacker=0, variants=variants)
    ok(t, attack(0, "6S"))
    rejected(t, transfer(1, "6C", show=True), "D3.3")  # not a trump
    t = position([["6S", "9D", "10D"], ["6H", "7S"], ["6D", "QD"]], attacker=0, variants=variants)
    ok(t, attack(0, "6S"))
    ok(t, transfer(1, "6H", show=True))
    ok(t, transfer(2, "6D"))  # back round to Ann
    rejected(t, transfer(0, "9D"), "D3.1")
    t = position([["6S", "9D"], ["6H", "7S"]], attacker=0, variants=variants)
    ok(t, attack(0, "6S"))
    ok(t, transfer(1, "6H", show=True))  # two players: the attack goes back to Ann
    ok(t, say_take(0))
    t = position([["6S", "9D"], ["6H", "7S"]], attacker=0, variants={"transfer": True})
    ok(t, attack(0, "6S"))
    rejected(t, transfer(1, "6H", show=True), "D3.3")  # needs trump_show_transfer


def test_d3_3_the_same_trump_is_shown_only_once():
    variants = {"transfer": True, "trump_show_transfer": True}
    t = position([["6S", "6D", "9D"], ["6H", "7S", "KC"]], attacker=0, variants=variants)
    ok(t, attack(0, "6S"))
    ok(t, transfer(1, "6H", show=True))
    ok(t, transfer(0, "6D"))  # the attack comes back to Bob
    r = rejected(t, transfer(1, "6H", show=True), "D3.3")
    assert "once" in r.message
    rejected(t, transfer(1, "6H"), "D3.2")  # playing it would make 3 cards against Ann's 1
    ok(t, take(1))


def test_two_player_show_transfer_bounces_once():
    variants = {"transfer": True, "trump_show_transfer": True}
    t = position([["6S", "6H", "9D"], ["6D", "7S", "KC"]], attacker=0, variants=variants)
    ok(t, attack(0, "6S"))
    ok(t, transfer(1, "6D"))
    ok(t, transfer(0, "6H", show=True))
    rejected(t, transfer(1, "6H", show=True), "D0.1")  # Ann's card
    assert t.summary()["defender"] == 1


def test_d4_1_second_trump_turned_up():
    t = Table()
    ok(t, start(5, variants={"two_trumps": True}, mode="hidden"))
    ok(t, trump("9H"))
    assert t.summary()["talon"] == 5
    run(t, [{"type": "show", "seat": 0, "card": "6H"}, attack(0, "6S"), throw(0, "6C", "6D"),
            defend(1, "7S", covers="6S"), defend(1, "7C", covers="6C"), defend(1, "7D", covers="6D"),
            throw(0, "7H"), defend(1, "8H"), discard()])
    ok(t, draw(0, 4))
    ok(t, draw(1, 1))  # the last card: the trump card 9H
    assert t.summary()["phase"] == "turn" and "9H" in t.view()["hands"]["1"]["known"]
    rejected(t, attack(1, "10S"), "D4.1")
    r = ok(t, trump("AC"))
    assert notes_of(r, "trump") == [{"kind": "trump", "suit": "C"}] and t.summary()["trump"] == "C"
    ok(t, attack(1, "10S"))
    rejected(t, defend(2, "JD"), "D1.2")  # diamonds are not trump any more
    ok(t, defend(2, "QC"))


def test_d4_2_sit_cards():
    t = position([["6S"], ["7S", "8D"], ["9D", "JD"]], attacker=0, variants={"sit_cards": True})
    assert t.view()["sit_cards"] == [2, 2, 2]
    rejected(t, sit(1), "D4.2")  # Bob still holds cards
    r = ok(t, attack(0, "6S"))
    assert not notes_of(r, "out")  # the sit cards wait
    ok(t, defend(1, "7S"))
    ok(t, sit(0))  # Ann's hand and the talon are empty
    assert t.summary()["hand_sizes"][0] == 2
    rejected(t, sit(0), "D4.2")
    t = position([["6S"], ["7S", "8D"]], attacker=0)
    ok(t, attack(0, "6S"))
    rejected(t, sit(0), "D4.2")  # no sit cards in this game


def test_d4_2_sit_cards_deal_uses_the_deck():
    t = Table()
    ok(t, start(3, variants={"sit_cards": 4}))
    assert t.summary()["talon"] == 36 - 18 - 12
    rejected(Table(), start(4, variants={"sit_cards": 4}), "D4.2")  # 24 + 16 > 36


def test_d4_3_pass_card():
    variants = {"pass_card": True}
    hands = [["QS", "9D"], ["7S", "6D", "7C"], ["8S", "QD", "KD"]]
    t = position(hands, attacker=0, variants=variants, pass_cards=["7C"])
    ok(t, attack(0, "QS"))
    rejected(t, transfer(1, "6D", **{"pass": True}), "D4.3")  # not a pass card
    r = ok(t, transfer(1, "7C", **{"pass": True}))
    assert r.rule == "D4.3" and t.summary()["defender"] == 2
    hands = [["6S", "9D"], ["7S", "6D", "7C"], ["8S", "QD", "KD"]]
    t = position(hands, attacker=0, variants=variants, pass_cards=["7C"])
    ok(t, attack(0, "6S"))
    rejected(t, transfer(1, "7C", **{"pass": True}), "D4.3")  # Bob can beat 6S with 7S
    t = position(hands, attacker=0, pass_cards=["7C"])
    ok(t, attack(0, "6S"))
    rejected(t, transfer(1, "7C", **{"pass": True}), "D4.3")  # no pass cards in this game


def test_d4_5_toilet():
    t = Table()
    ok(t, start(2, variants={"toilet": True}, mode="hidden"))
    rejected(t, trump("9H"), "D4.5")
    ok(t, draw(0, 1))
    rejected(t, draw(0, 1), "D4.5")  # turns
    rejected(t, draw(1, 2), "D4.5")  # one at a time
    ok(t, draw(1, 1))
    rejected(t, attack(0, "6S"), "D4.5")  # the house has not fallen
    r = ok(t, {"type": "house", "seat": 0, "card": "8H"})
    assert notes_of(r, "trump") == [{"kind": "trump", "suit": "H"}]
    s = t.summary()
    assert s["hand_sizes"] == [35, 1] and s["trump"] == "H" and s["talon"] == 0
    t = Table()
    ok(t, start(2))
    rejected(t, {"type": "house", "seat": 0, "card": "8H"}, "D4.5")


def test_neighbours_only():
    hands = [["6S", "9D"], ["7S", "JD"], ["6C", "QD"], ["6D", "KD"]]
    t = position(hands, attacker=0, variants={"neighbours_only": True})
    ok(t, attack(0, "6S"))
    r = rejected(t, throw(3, "6D"), "D1.3")  # Dan does not sit next to the defender, Bob
    assert "neighbours" in r.message
    ok(t, throw(2, "6C"))
    t = position(hands, attacker=0)
    ok(t, attack(0, "6S"))
    ok(t, throw(3, "6D"))  # default: everybody but the defender
