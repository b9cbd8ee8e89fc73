"""Penki in hidden mode: what a camera over the table can know, and proofs after the fact.

The camera sees the stack, every card played and every card a take moves into a hand,
hand sizes and stumps; it never sees the dealt hands or the stumps. D5.1d (must beat if
able) cannot be judged at a take while part of the hand is hidden: the referee proves it
later when a card that was in the hand at the take turns out to beat the card not beaten.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from test_penki_rules import attack, auto, defend, hidden, note, ok, rejected, stumps, take, table  # noqa: E402


def proofs(r):
    return [n for n in r.notes if n["kind"] == "proven_violation"]


def test_D5_1d_a_hidden_card_that_beats_proves_an_earlier_take_illegal():
    t = hidden(2)
    ok(t, attack(0, "9S"))
    assert ok(t, take(1)).rule == "D5.1e"  # Bob's hand is hidden: the take stands for now
    ok(t, attack(0, "6C"))
    r = ok(t, defend(1, "7C"))  # 7C does not beat 9S: no proof
    assert not proofs(r)
    r = ok(t, attack(1, "10S"))  # 10S was in Bob's hand at the take, and beats 9S
    (proof,) = proofs(r)
    assert proof["seat"] == 1 and proof["rule"] == "D5.1d" and proof["seq"] == 2
    assert "#2" in proof["evidence"] and "10S" in proof["evidence"] and "9S" in proof["evidence"]


def test_D5_1d_proven_once_only():
    t = hidden(2)
    ok(t, attack(0, "9S"))
    ok(t, take(1))
    ok(t, attack(0, "6C"))
    ok(t, defend(1, "6H"))  # a trump beats 9S too: proven here
    r = ok(t, attack(1, "10S"))
    assert not proofs(r)


def test_D5_1d_a_hand_reveal_can_prove_it():
    t = hidden(2)
    ok(t, attack(0, "9S"))
    ok(t, take(1))
    hand = ["9S", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "6D", "7D", "8D", "9D", "10D", "JD", "QS"]
    r = ok(t, {"type": "hand", "seat": 1, "cards": hand})
    (proof,) = proofs(r)
    assert proof["rule"] == "D5.1d" and "QS" in proof["evidence"]


def test_D5_1d_a_reveal_without_a_beating_card_proves_nothing():
    t = hidden(2)
    ok(t, attack(0, "9S"))
    ok(t, take(1))
    hand = ["9S", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "6D", "7D", "8D", "9D", "10D", "JD", "QD"]
    assert not proofs(ok(t, {"type": "hand", "seat": 1, "cards": hand}))


def test_D5_1d_no_proof_once_the_stumps_could_explain_the_card():
    t = hidden(2)
    plain = iter(PLAIN)
    while t.state.size[1] > 2:  # Bob attacks (first, then after each take), Ann takes:
        # Bob's hidden cards run down
        ok(t, attack(1, next(plain)))
        ok(t, take(0))
    ok(t, attack(1, next(plain)))
    ok(t, defend(0, "8H"))
    ok(t, attack(0, "JS"))
    ok(t, take(1))  # Bob takes JS and 8H, holding one hidden card: QS, KS, AS or a trump would beat
    ok(t, attack(0, "QS"))
    assert not proofs(ok(t, defend(1, "8H")))  # a card Bob took proves nothing
    ok(t, attack(1, "JS"))
    ok(t, defend(0, "KS"))
    ok(t, attack(0, "9D"))
    assert not proofs(ok(t, defend(1, "10D")))  # his last hidden card: it does not beat JS
    rejected(t, attack(1, "7H"), "D5.1f")
    ok(t, stumps(1))
    r = ok(t, attack(1, "7H"))  # 7H beats JS, but may have been one of the stumps
    assert not proofs(r)


# Non-trump cards (hearts are trump) for Bob's attacks above, lowest first; the cards
# played after the take are kept back.
PLAIN = [r + s for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A") for s in "CDS"
         if r + s not in ("JS", "QS", "KS", "AS", "9D", "10D")]


def test_D5_1d_a_known_beating_card_refuses_the_take_at_once():
    t = hidden(2, trump=None)
    ok(t, {"type": "trump", "card": "QH", "seat": 1})  # the turned card stays in Bob's hand
    ok(t, attack(0, "AS"))
    r = rejected(t, take(1), "D5.1d")
    assert "QH" in r.message


def test_D0_1_taken_cards_are_known_to_be_in_the_takers_hand():
    t = hidden(2)
    ok(t, attack(0, "9S"))
    ok(t, take(1))
    assert t.view()["hands"]["1"] == {"size": 17, "known": ["9S"]}
    r = rejected(t, attack(0, "9S"), "D0.1")
    assert "Bob's hand" in r.message
    ok(t, attack(0, "6C"))
    ok(t, defend(1, "7C"))
    ok(t, attack(1, "9S"))


def test_D0_3_in_hidden_mode_whoever_attacks_first_leads():
    t = hidden(4)
    assert t.summary()["turn"] is None
    ok(t, attack(3, "7D"))
    assert t.summary()["turn"] == 0


def test_D0_3_open_mode_checks_the_lowest_trump():
    t = table()
    rejected(t, attack(4, "6S"), "D0.3")


def test_hidden_stumps_add_two_unseen_cards():
    t = hidden(6)
    r = auto(t, stop=lambda r: r.rule == "D5.1f")
    seat = r.to_dict()["message"].split()[0]
    s = t.summary()
    taker = [n for n in range(6) if t.state.players[n] == seat][0]
    assert s["stumps"][taker] == 0 and s["hand_sizes"][taker] == 2
    assert t.view()["hands"][str(taker)]["known"] == []
    assert note(r, "out") is None
