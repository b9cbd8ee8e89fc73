"""Hidden mode: what a camera can know, and violations proven after the fact; plus
undo, views and the summary contract."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from shithead_support import (FACE3, HANDS3, Table, blind, deal, deal_hidden, draw, face_up, note,  # noqa: E402
                              notes_of, ok, play, rejected, run, show, take, up)

CONTRACT_KEYS = {"game", "phase", "trump", "turn", "kills", "tricks_won", "hand_sizes", "out", "goat"}


def test_unseen_hand_cards_may_be_anything_not_seen_elsewhere():
    t = deal_hidden()
    ok(t, play(2, "5H"))  # Cid's face-up 4H is the lowest claim: Cid may start with any card
    ok(t, play(0, "9H"))
    rejected(t, play(1, "9H"), "H0.1")  # on the pile
    rejected(t, play(1, "9S"), "H0.1")  # face up in front of Bob
    ok(t, play(1, "QS"))


def test_a_picked_up_pile_is_known_in_the_hand():
    t = deal_hidden()
    run(t, [play(2, "5H"), play(0, "9H"), take(1)])
    assert sorted(t.view()["hands"]["1"]["known"]) == ["5H", "9H"]
    ok(t, play(2, "JD"))
    rejected(t, play(0, "5H"), "H0.1")  # Bob picked it up
    ok(t, take(0))
    ok(t, play(1, "9H"))  # Bob plays a known card...
    ok(t, play(2, "QD"))
    r = rejected(t, play(0, "10S", "JS"), "H1.1")  # not a set
    ok(t, play(0, "KH"))
    r = rejected(t, play(1, "9H"), "H0.1")  # Bob's 9H is on the pile now
    assert "on the pile" in r.message


def test_hand_sizes_are_public_so_face_up_and_face_down_order_is_checked_at_once():
    t = deal_hidden()
    run(t, [play(2, "5H"), play(0, "9H")])
    rejected(t, up(1, "9S"), "H2.1")  # Bob holds 3 cards
    rejected(t, blind(1, "AS"), "H2.2")


def test_a_player_who_took_after_a_blind_card_plays_the_hand_first():
    hands2_face = [["6H", "7H", "8H"], ["KC", "KD", "KS"]]
    t = Table()
    ok(t, {"type": "start", "game": "shithead", "players": ["Ann", "Bob"], "mode": "hidden",
           "face_up": hands2_face, "stock": 0})
    for card in ("3H", "4H", "5H"):
        ok(t, play(0, card))
        ok(t, take(1))
    for card in ("6H", "7H"):
        ok(t, up(0, card))
        ok(t, take(1))
    ok(t, up(0, "8H"))
    ok(t, play(1, "QC"))  # an unseen hand card of Bob's
    r = ok(t, blind(0, "4S"))
    assert note(r, "blind_fail")
    ok(t, take(0))
    ok(t, play(1, "2C"))
    rejected(t, blind(0, "9D"), "H2.2")  # Ann's hand holds 3 known cards
    ok(t, play(0, "4S"))


def test_a_starter_who_was_not_first_is_proven_when_an_earlier_3_turns_up():
    t = deal_hidden()  # Cid deals: Ann, Bob, Cid is the order of the start (H0.4)
    ok(t, play(2, "5H"))  # nobody showed a 3: Cid starts on the face-up 4H
    ok(t, play(0, "2S"))
    r = ok(t, play(1, "3C"))  # nothing entered Bob's hand since: he held a 3 and is before Cid
    proof = note(r, "proven_violation")
    assert proof is not None and proof["rule"] == "H0.4" and proof["seat"] == 2
    assert "3C" in proof["evidence"] and "#1" in proof["evidence"]
    run(t, [play(2, "5C"), play(0, "2D")])
    assert not notes_of(ok(t, play(1, "3D")), "proven_violation")  # proven once


def test_no_proof_when_the_starter_comes_first_or_a_draw_explains_the_card():
    t = deal_hidden(dealer=1)  # Cid sits at the dealer's left: first to claim
    run(t, [play(2, "5H"), play(0, "2S")])
    assert not notes_of(ok(t, play(1, "3C")), "proven_violation")
    t = deal_hidden(stock=10)
    run(t, [play(2, "5H"), draw(2, count=1), play(0, "9H"), draw(0, count=1), play(1, "JD"),
            draw(1, count=1), play(2, "2S"), draw(2, count=1), take(0)])
    assert not notes_of(ok(t, play(1, "3C")), "proven_violation")  # Bob drew a card


def test_a_shown_3_in_a_hidden_game_is_proof_enough_to_start():
    t = deal_hidden()
    ok(t, show(0, "3S"))
    rejected(t, play(2, "5H"), "H0.4")
    r = ok(t, play(0, "3S"))
    assert note(r, "starter")["seat"] == 0
    rejected(t, show(1, "3D"), "H0.4")


def test_a_reveal_must_fit_the_hand():
    t = deal()
    rejected(t, {"type": "hand", "seat": 0, "cards": ["3H", "5S"]}, "H0.2")
    rejected(t, {"type": "hand", "seat": 0, "cards": ["3H", "5S", "KD"]}, "H0.1")
    r = ok(t, {"type": "hand", "seat": 0, "cards": ["9D", "5S", "3H"]})
    assert r.severity == "info"


def test_summary_and_views():
    t = deal()
    ok(t, play(0, "3H"))
    s = t.summary()
    assert CONTRACT_KEYS <= set(s)
    assert s["trump"] is None and s["tricks_won"] == [] and s["kills"] == 0 and s["goat"] is None
    assert s["hand_sizes"] == [2, 3, 3] and s["pile"] == ["3H"] and s["turn"] == 1
    seat_view = t.view(seat=1)
    assert list(seat_view["hands"]) == ["1"]
    assert sorted(seat_view["hands"]["1"]["known"]) == sorted(HANDS3[1])
    assert set(t.view()["hands"]) == {"0", "1", "2"}
    assert seat_view["face_up"] == FACE3  # face-up cards are public


def test_undo_restores_the_table():
    t = deal(stock=10)
    before = (t.summary(), t.view())
    r = ok(t, play(0, "3H"))
    assert note(r, "draw_due")
    after = (t.summary(), t.view())
    assert t.apply({"type": "undo"}).ok
    assert (t.summary(), t.view()) == before
    ok(t, play(0, "3H"))
    assert (t.summary(), t.view()) == after


def test_face_up_cards_are_reported_once_and_must_agree():
    t = Table()
    ok(t, {"type": "start", "game": "shithead", "players": ["Ann", "Bob"], "mode": "hidden"})
    rejected(t, {"type": "swap", "seat": 0, "hand_card": "3S", "table_card": "4S"}, "H0.2")
    ok(t, face_up(0, "4S", "5S", "6S"))
    assert ok(t, face_up(0, "6S", "4S", "5S")).severity == "info"
    rejected(t, face_up(0, "4S", "5S", "7S"), "H0.2")
    rejected(t, face_up(1, "4S", "8S", "9S"), "H0.1")  # 4S lies in front of Ann
    ok(t, {"type": "swap", "seat": 0, "hand_card": "3S", "table_card": "4S"})
    assert t.view()["hands"]["0"]["known"] == ["4S"]


def test_two_decks_hold_two_copies_of_each_card():
    t = Table()
    ok(t, {"type": "start", "game": "shithead", "players": ["Ann", "Bob", "Cid"], "mode": "hidden",
           "decks": 2, "stock": 0, "face_up": [["4S", "5S", "6S"], ["4S", "8S", "9S"], ["7D", "8D", "9D"]]})
    assert t.view()["decks"] == 2
    rejected(t, face_up(2, "4S", "8D", "9D"), "H0.2")
    ok(t, play(0, "3S"))
    ok(t, play(1, "3S"))  # the second 3S
    rejected(t, play(2, "3S"), "H0.1")
