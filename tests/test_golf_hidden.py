"""Hidden mode: what a camera over a Golf table knows, and violations proven at the reveal.

Six- and nine-card cards are seen once face up; four-card cards stay face down, so a card
the camera saw go into a grid (from the discard pile) is checked when it comes out or is
turned up at the end (G2.2: cards are not moved).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from golf_support import (Table, discard, draw, flip, hand, knock, notes_of, ok, peek, rejected,  # noqa: E402
                          run, start, swap, upcard)

FOUR = {"four_card": True}


def four_hidden(variants=FOUR):
    """Ann deals (seat 0); Bob starts. Nothing of the grids is known."""
    t = Table()
    run(t, [start(2, mode="hidden", variants=variants), upcard("QC")])
    return t


def bob_takes_the_queen(t):
    """Bob puts QC (from the pile) at position 1, face down; out comes 7H."""
    ok(t, draw(1, "discard", "QC"))
    ok(t, swap(1, 1, card_out="7H"))


def to_the_reveal(t):
    ok(t, knock(0))
    ok(t, draw(1, "stock"))
    ok(t, discard(1, "2D"))
    assert t.summary()["phase"] == "reveal"


def test_G2_2_a_card_seen_going_in_is_checked_at_the_reveal():
    t = four_hidden()
    bob_takes_the_queen(t)
    to_the_reveal(t)
    r = ok(t, flip(1, 1, "QC"))
    assert notes_of(r, "proven_violation") == []


def test_G2_2_a_moved_card_is_proven_at_the_reveal():
    t = four_hidden()
    bob_takes_the_queen(t)
    to_the_reveal(t)
    r = ok(t, flip(1, 1, "9S"))  # the queen is not where it was put
    proof = notes_of(r, "proven_violation")
    assert proof and proof[0]["seat"] == 1 and proof[0]["rule"] == "G2.2"
    assert "QC" in proof[0]["evidence"] and "9S" in proof[0]["evidence"]
    r = ok(t, flip(1, 0, "QC"))  # there it is: moved from position 1 to 0
    assert notes_of(r, "proven_violation") == []


def test_G2_2_a_swap_out_of_a_known_position_must_give_that_card():
    t = four_hidden()
    bob_takes_the_queen(t)
    ok(t, draw(0, "stock"))
    ok(t, discard(0, "3S"))
    ok(t, draw(1, "stock"))
    r = rejected(t, swap(1, 1, card_out="8H"), "G2.2")
    assert "QC" in r.message
    ok(t, swap(1, 1, card_out="QC"))


def test_G0_1_a_card_on_the_discard_pile_cannot_come_out_of_a_grid():
    t = four_hidden()
    ok(t, draw(1, "stock"))
    r = rejected(t, swap(1, 0, card_out="QC"), "G0.1")  # one deck: QC is on the pile
    assert "discard pile" in r.message
    ok(t, swap(1, 0, card_out="QD"))


def test_G0_1_a_revealed_card_known_elsewhere_is_a_misread():
    t = four_hidden()
    ok(t, draw(1, "stock"))
    ok(t, swap(1, 0, card_out="QD"))
    to_the_reveal_after_bob = [knock(0), draw(1, "stock"), discard(1, "2D")]
    run(t, to_the_reveal_after_bob)
    rejected(t, flip(0, 0, "QD"), "G0.1")
    rejected(t, flip(0, 0, "2D"), "G0.1")


def test_G1_2_hidden_six_card_face_up_cards_are_known():
    t = Table()
    run(t, [start(2, mode="hidden"), upcard("QC"), flip(0, 0, "KS"), flip(0, 1, "KH"), flip(1, 0, "AS"),
            flip(1, 1, "3H"), draw(1, "stock")])
    rejected(t, swap(1, 0, card_out="5S", card="4D"), "G1.2")  # position 0 lies face up as AS
    ok(t, swap(1, 0, card_out="AS", card="4D"))
    assert t.view()["grids"]["1"]["cards"][:2] == ["4D", "3H"]
    assert t.view()["stock"] == 52 - 12 - 2


def test_G2_1_a_peek_shows_the_camera_no_values():
    t = four_hidden()
    ok(t, peek(0, 2, 3))
    view = t.view()
    assert view["grids"]["0"]["cards"] == ["??"] * 4 and view["grids"]["0"]["face_up"] == [False] * 4


def test_G5_2_four_in_hand_a_known_card_missing_at_the_show_is_proven():
    t = four_hidden({"four_in_hand": True})
    ok(t, draw(1, "discard", "QC"))
    ok(t, {"type": "swap", "seat": 1, "card_out": "7H"})
    to_the_reveal(t)
    ok(t, hand(0, ["2S", "3S", "4S", "5S"]))
    r = ok(t, hand(1, ["9S", "9H", "9D", "9C"]))
    proof = notes_of(r, "proven_violation")
    assert proof and proof[0]["seat"] == 1 and "QC" in proof[0]["evidence"]
    assert t.summary()["phase"] == "over" and t.summary()["scores"] == [-2 + 3 + 4 + 5, 0]


def test_hidden_and_open_agree_on_the_score():
    grids = [["9S", "5H", "9D", "AC"], ["2S", "3H", "4D", "KC"]]
    results = []
    for mode in ("open", "hidden"):
        t = Table()
        extra = {"hands": grids} if mode == "open" else {}
        run(t, [start(2, mode=mode, variants=FOUR, **extra), upcard("QC"), knock(1), draw(0, "stock", "7C"),
                discard(0, "7C")])
        for seat, grid in enumerate(grids):
            for pos, card in enumerate(grid):
                ok(t, flip(seat, pos, card))
        results.append(t.summary())
    assert results[0] == results[1] and results[0]["scores"] == [6, 5]


def test_seat_views_keep_secrets():
    t = Table()
    run(t, [start(2, variants=FOUR, hands=[["KS", "5H", "7D", "KD"], ["2S", "9H", "9D", "AC"]]), upcard("QC"),
            peek(1, 0, 1), draw(1, "stock", "3C")])
    assert t.view(seat=1)["grids"]["1"]["cards"] == ["2S", "9H", "??", "??"]
    assert t.view(seat=1)["hands"]["1"] == {"size": 4, "known": ["2S", "9H"]}
    assert t.view(seat=1)["drawn"]["card"] == "3C" and t.view(seat=0)["drawn"]["card"] == "??"
    assert t.view(seat=0)["grids"]["1"]["cards"] == ["??"] * 4
    assert t.view()["grids"]["1"]["cards"] == ["2S", "9H", "9D", "AC"]  # the referee knows (open mode)


def test_G0_1_a_report_that_contradicts_the_known_grid_is_refused():
    t = Table()
    run(t, [start(2, mode="hidden"), upcard("QC"), flip(0, 0, "KS"), flip(0, 1, "KH")])
    rejected(t, hand(0, ["KD", "KH", "??", "??", "??", "??"]), "G0.1")  # position 0 lies face up as KS
    ok(t, hand(0, ["KS", "KH", "2C", "??", "??", "??"]))
    rejected(t, hand(1, ["2C", "??", "??", "??", "??", "??"]), "G0.1")  # 2C is in Ann's grid
