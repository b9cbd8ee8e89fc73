"""Durak D0-D2 (shared/rules/durak.md): each rule obeyed and broken."""

from referee import Table
from durak_support import (attack, dealt, defend, discard, draw, hand, notes_of, ok, position, rejected,
                           run, say_take, show, start, take, throw, trump)

# A two-player deal, trump hearts (9H under the talon): Ann holds the lowest trump, 6H.
ANN = ["6S", "7S", "8S", "6H", "KC", "AD"]
BOB = ["6C", "7C", "8C", "7H", "QD", "KD"]


def two():
    return dealt([ANN, BOB], "9H")


def test_d0_1_deck_and_players():
    ok(Table(), start(6))
    rejected(Table(), start(7), "D0.1")
    t = two()
    rejected(t, attack(0, "2C"), "D0.1")  # no 2s in the 36-card deck
    rejected(t, show(0, "7H"), "D0.1")  # 7H is in Bob's hand
    ok(t, show(0, "6H"))
    rejected(t, attack(0, "7C"), "D0.1")  # Bob's card
    ok(t, attack(0, "6S"))


def test_d0_1_deck52_has_twos():
    t = dealt([["2S", "3S", "4S", "5S", "6S", "7S"], ["2C", "3C", "4C", "5C", "6C", "7C"]], "2H",
              variants={"deck52": True})
    assert t.view()["talon"] == 40
    ok(t, attack(0, "2S"))  # nobody holds a trump: anybody may open


def test_d0_2_trump_card_sets_trump():
    t = Table()
    ok(t, start(2))
    rejected(t, attack(0, "6S"), "D0.2")  # turn up the trump first
    r = ok(t, trump("9H"))
    assert notes_of(r, "trump") == [{"kind": "trump", "suit": "H"}]
    assert t.summary()["trump"] == "H" and t.summary()["talon"] == 24
    assert t.view()["trump_card"] == "9H"
    rejected(t, trump("9S"), "D0.2")  # one trump card


FIVE = [["6S", "6C", "6D", "6H", "AS", "KS"], ["7S", "7C", "7D", "8S", "8C", "8D"],
        ["9S", "9C", "9D", "10S", "10C", "10D"], ["JS", "JC", "JD", "QS", "QC", "QD"],
        ["KC", "KD", "AC", "AD", "7H", "8H"]]  # the talon: 9H 10H JH QH KH and AH turned up


def five(mode="open"):
    t = dealt(FIVE, "AH", mode=mode)
    run(t, [show(0, "6H"), attack(0, "6S"), throw(0, "6C", "6D"), defend(1, "7S", covers="6S"),
            defend(1, "7C", covers="6C"), defend(1, "7D", covers="6D"), discard()])
    return t


def test_d0_2_the_last_draw_takes_the_trump_card():
    t = five("hidden")
    ok(t, draw(0, 3))
    r = ok(t, draw(1, 3))
    assert t.summary()["talon"] == 0
    assert "AH" in t.view()["hands"]["1"]["known"], r
    t = five("open")
    ok(t, draw(0, 3))  # unseen cards: the camera does not know which
    rejected(t, draw(1, cards=["QH", "KH", "JH"]), "D0.2")  # the last card is the trump card
    rejected(t, draw(1, cards=["QH", "KH", "7H"]), "D0.1")  # 7H is in Eve's hand
    ok(t, draw(1, cards=["QH", "KH", "AH"]))


def test_d0_2_six_players_no_talon_the_last_dealt_card_shows_trump():
    hands = [[r + s for r in ranks] for s, ranks in
             (("S", "6789TJ"), ("C", "6789TJ"), ("D", "6789TJ"), ("H", "6789TJ"))]
    rest = ["QS", "KS", "AS", "QC", "KC", "AC"], ["QD", "KD", "AD", "QH", "KH", "AH"]
    hands = [[c.replace("T", "10") for c in h] for h in hands] + [list(x) for x in rest]
    t = Table()
    ok(t, start(6))
    rejected(t, trump("AH"), severity="error")  # which hand shows it?
    ok(t, trump("AH", seat=5))
    assert t.summary()["talon"] == 0 and t.view()["hands"]["5"]["known"] == ["AH"]
def test_d0_3_lowest_trump_attacks_first():
    t = two()
    rejected(t, attack(1, "6C"), "D0.3")
    rejected(t, show(1, "7H"), "D0.3")  # Ann's 6H is lower
    rejected(t, show(0, "8S"), "D0.3")  # not a trump
    ok(t, show(0, "6H"))
    rejected(t, attack(1, "6C"), "D0.3")
    r = ok(t, attack(0, "6S"))
    assert t.summary()["defender"] == 1, r


def test_d0_3_later_games_go_under_the_fool():
    t = position([["6S"], ["7S", "8S"], ["9S"]], trump_suit="H", attacker=0)
    ok(t, attack(0, "6S"))
    ok(t, defend(1, "7S"))
    ok(t, discard())  # Ann is out; Bob attacks Cid
    ok(t, attack(1, "8S"))
    ok(t, defend(2, "9S"))
    r = ok(t, discard())
    assert notes_of(r, "draw_game")
    # a game with a fool: Bob is left holding a card
    t = position([["6S"], ["7S", "8S"]], trump_suit="H", attacker=0, table=t)
    ok(t, attack(0, "6S"))
    r = ok(t, take(1))
    assert notes_of(r, "fool") == [{"kind": "fool", "seat": 1}]
    assert t.session.records[-1].losers == ("Bob",)
    # next game: Bob (seat 1) defends first, Ann (on his right) attacks
    rejected(t, start(3, attacker=2), "D0.3")
    ok(t, start(3))
    assert t.summary()["attacker"] == 0
    ok(t, trump("9H"))
    rejected(t, show(0, "6H"), "D0.3")  # no show under the fool
    rejected(t, attack(2, "6S"), "D0.3")
    ok(t, attack(0, "6S"))
    assert t.summary()["defender"] == 1


def test_d0_3_hidden_show_is_proven_false_later():
    t = dealt([ANN, BOB], "9H", mode="hidden")
    ok(t, show(1, "7H"))  # the camera cannot know Ann holds 6H
    ok(t, attack(1, "7C"))
    r = ok(t, defend(0, "6H"))  # Ann has drawn nothing since the deal: 6H was dealt to her
    pv = notes_of(r, "proven_violation")
    assert pv and pv[0]["seat"] == 1 and pv[0]["rule"] == "D0.3"


def test_d0_3_no_proof_once_the_hand_drew_unseen_cards():
    t = dealt([ANN, BOB], "9H", mode="hidden")
    ok(t, show(1, "7H"))
    ok(t, attack(1, "7C"))
    ok(t, defend(0, "8C"))
    ok(t, discard())
    ok(t, draw(1, 1))
    ok(t, draw(0, 1))  # Ann may have drawn 6H just now
    ok(t, attack(0, "8S"))
    r = ok(t, defend(1, "9S"))
    ok(t, discard())
    ok(t, draw(0, 1))
    ok(t, draw(1, 1))
    ok(t, attack(1, "6C"))
    r = ok(t, defend(0, "6H"))
    assert not notes_of(r, "proven_violation")


def test_d0_4_clockwise_defender_and_turn():
    t = position([["6S", "7C"], ["7S", "8D"], ["9D", "10D"]], trump_suit="H", attacker=0, talon=0)
    ok(t, attack(0, "6S"))
    assert t.summary()["defender"] == 1
    ok(t, defend(1, "7S"))
    ok(t, discard())
    rejected(t, attack(2, "9D"), "D0.4")  # Bob won the bout and attacks
    ok(t, attack(1, "8D"))
    assert t.summary()["defender"] == 2


def test_d1_1_lead_one_card():
    t = two()
    ok(t, show(0, "6H"))
    rejected(t, {"type": "attack", "seat": 0, "cards": ["6S", "6H"]}, "D1.1")
    ok(t, {"type": "attack", "seat": 0, "cards": ["6S"]})


def test_d1_2_beating():
    t = two()
    ok(t, show(0, "6H"))
    ok(t, attack(0, "7S"))
    rejected(t, defend(1, "6C"), "D1.2")  # another suit, not trump
    rejected(t, defend(0, "8S"), "D1.2")  # only the defender beats
    ok(t, defend(1, "7H"))  # a trump beats a non-trump
    ok(t, discard())
    t = position([["8H", "6S"], ["7H", "9H", "6C"]], attacker=0, talon=0)
    ok(t, attack(0, "8H"))
    r = rejected(t, defend(1, "7H"), "D1.2")  # a lower trump does not beat a higher one
    assert "lower trump" in r.message
    ok(t, defend(1, "9H"))


def test_d1_2_one_cover_per_card():
    t = position([["8S", "8C", "6D"], ["9S", "9C", "10S", "AD"]], attacker=0, talon=0)
    ok(t, attack(0, "8S"))
    ok(t, throw(0, "8C"))
    rejected(t, defend(1, "9S"), severity="error")  # which card does it cover?
    ok(t, defend(1, "9S", covers="8S"))
    rejected(t, defend(1, "10S", covers="8S"), "D1.2")
    ok(t, defend(1, "9C", covers="8C"))


def test_d1_3_throw_in_ranks_on_the_table():
    t = position([["8S", "9C", "JD", "6D"], ["9S", "6C", "KD", "AD"], ["8D", "JC", "QC"]], attacker=0)
    ok(t, attack(0, "8S"))
    rejected(t, throw(0, "JD"), "D1.3")  # no J on the table
    ok(t, throw(2, "8D"))  # any player but the defender (default)
    ok(t, defend(1, "9S", covers="8S"))
    ok(t, throw(0, "9C"))  # ranks of defending cards count too
    rejected(t, throw(1, "6C"), "D1.3")  # the defender never throws in


def test_d1_4_five_cards_in_the_first_bout():
    ann = ["7S", "8C", "9D", "10S", "JS", "QS"]
    bob = ["6S", "6C", "6D", "6H", "7H", "8H"]

    def bout(t):
        run(t, [show(1, "6H"), attack(1, "6S"), defend(0, "7S"), throw(1, "6C"), defend(0, "8C"),
                throw(1, "6D"), defend(0, "9D"), throw(1, "6H"), say_take(0), throw(1, "7H")])

    t = dealt([ann, bob], "AH")
    bout(t)
    r = rejected(t, throw(1, "8H"), "D1.4")
    assert "first bout" in r.message
    t = dealt([ann, bob], "AH", variants={"first_bout_six": True})
    bout(t)
    ok(t, throw(1, "8H"))
def test_d1_4_never_more_than_the_defender_held():
    t = position([["6S", "6C", "6D", "7C"], ["AS", "AC"]], attacker=0, talon=0)
    ok(t, attack(0, "6S"))
    ok(t, throw(0, "6C"))
    r = rejected(t, throw(0, "6D"), "D1.4")  # Bob held 2 cards at the start of the bout
    assert "held 2" in r.message


SEVEN = [["6S", "6C", "6D", "6H", "7S", "7C", "7D"], ["7H", "AS", "AC", "AD", "KS", "KC", "KD"]]


def test_d1_4_six_card_cap_and_d4_4_no_limit():
    def bout(t):
        run(t, [attack(0, "6S"), defend(1, "7H"), throw(0, "6C", "6D", "6H", "7S", "7C"), say_take(1)])

    t = position(SEVEN, attacker=0)
    bout(t)
    rejected(t, throw(0, "7D"), "D1.4")
    t = position(SEVEN, attacker=0, variants={"no_limit": True})
    bout(t)
    ok(t, throw(0, "7D"))  # D4.4: seven attacking cards against a seven-card hand


def test_d4_4_no_limit_still_stops_at_the_defenders_hand():
    t = position([SEVEN[0], SEVEN[1][:6]], attacker=0, variants={"no_limit": True})
    run(t, [attack(0, "6S"), defend(1, "7H"), throw(0, "6C", "6D", "6H", "7S"), say_take(1)])
    ok(t, throw(0, "7C"))  # six cards: Bob held six
    rejected(t, throw(0, "7D"), "D4.4")
def test_d1_5_beaten_bout_is_discarded_and_defender_attacks():
    t = position([["6S", "9D", "10D"], ["7S", "8D", "JD"]], attacker=0, talon=0)
    ok(t, attack(0, "6S"))
    rejected(t, discard(), "D1.5")
    ok(t, defend(1, "7S"))
    r = ok(t, discard())
    assert notes_of(r, "bout_won") == [{"kind": "bout_won", "seat": 1}]
    assert t.summary()["attacker"] == 1 and t.view()["discarded"] == ["6S", "7S"]


def test_d1_6_take():
    t = position([["6S", "6C", "9D"], ["7S", "8D", "JD"], ["6D", "QC"]], attacker=0, talon=0)
    ok(t, attack(0, "6S"))
    rejected(t, take(0), "D1.6")  # only the defender takes
    ok(t, say_take(1))
    rejected(t, defend(1, "7S"), "D1.6")
    rejected(t, discard(), "D1.6")
    ok(t, throw(2, "6D"))  # throw-ins go on after 'take' (D1.3/D1.4)
    rejected(t, take(1, ["6S"]), "D1.6")  # everything on the table
    r = ok(t, take(1, ["6S", "6D"]))
    assert notes_of(r, "took")[0]["seat"] == 1
    assert t.summary()["hand_sizes"] == [2, 5, 1]
    assert t.summary()["attacker"] == 2  # the player after the defender attacks


def test_d1_7_refill_order_and_count():
    t = position([["6S", "6C", "9D", "10D", "JD"], ["7S", "7C", "8D", "JC", "QC"], ["6D", "QD", "KD", "AD", "AC"]],
                 attacker=0, talon=12)
    ok(t, attack(0, "6S"))
    ok(t, throw(2, "6D"))
    ok(t, defend(1, "7S", covers="6S"))
    ok(t, defend(1, "8D", covers="6D"))
    ok(t, discard())
    assert t.view()["refill_order"] == [0, 2, 1]
    rejected(t, draw(1, 3), "D1.7")  # the defender draws last
    rejected(t, draw(0, 1), "D1.7")  # up to six: Ann needs 2
    rejected(t, attack(1, "7C"), "D1.7")  # refill first
    ok(t, draw(0, 2))
    ok(t, draw(2, 2))
    r = ok(t, draw(1, 3))
    assert t.summary()["phase"] == "attack" and t.summary()["hand_sizes"] == [6, 6, 6]
    assert t.summary()["talon"] == 5, r


def test_d2_1_out_when_the_talon_is_empty():
    t = position([["6S"], ["7S", "8D"], ["9D", "JD"]], attacker=0, talon=0)
    r = ok(t, attack(0, "6S"))
    assert notes_of(r, "out") == [{"kind": "out", "seat": 0}]
    rejected(t, throw(0, "7S"), "D2.1")
    ok(t, defend(1, "7S"))
    ok(t, discard())
    assert t.summary()["out"] == [0]


def test_d2_1_not_out_while_the_talon_has_cards():
    t = position([["6S"], ["7S", "8D"]], attacker=0, talon=6)
    r = ok(t, attack(0, "6S"))
    assert not notes_of(r, "out")


def test_d2_2_fool_and_draw():
    t = position([["6S"], ["7S", "8D"]], attacker=0, talon=0)
    ok(t, attack(0, "6S"))
    ok(t, defend(1, "7S"))
    r = ok(t, discard())
    assert notes_of(r, "fool") == [{"kind": "fool", "seat": 1}]
    s = t.summary()
    assert s["phase"] == "over" and s["goat"] == 1 and s["turn"] is None
    rejected(t, attack(1, "8D"), "D2.2")
    assert t.session.tally()["Bob"]["losses"] == 1 and t.session.tally()["Ann"]["losses"] == 0
    t = position([["6S"], ["7S"]], attacker=0, talon=0)
    ok(t, attack(0, "6S"))
    ok(t, defend(1, "7S"))
    r = ok(t, discard())
    assert notes_of(r, "draw_game") and t.summary()["goat"] is None and t.summary()["draw"]
    assert t.session.records[-1].losers == ()


def test_hand_reveal_must_fit():
    t = two()
    rejected(t, hand(0, ["6S"]), "D0.1")
    rejected(t, hand(0, ["7H", "7S", "8S", "6H", "KC", "AD"]), "D0.1")


def test_every_rule_id_is_tested_obeyed_and_broken():
    """Each rule id of RULES is cited by some test of these files (as an expected rule)."""
    from pathlib import Path

    from referee.games.durak import RULES
    text = "".join(p.read_text() for p in Path(__file__).parent.glob("test_durak_*.py"))
    missing = [rule for rule in RULES if f'"{rule}"' not in text]
    assert not missing, missing


def test_summary_has_the_contract_keys():
    s = two().summary()
    for key in ("game", "phase", "trump", "turn", "kills", "tricks_won", "hand_sizes", "out", "goat"):
        assert key in s
    assert s["kills"] == 0 and s["tricks_won"] == [] and s["hand_sizes"] == [6, 6] and s["phase"] == "attack"
