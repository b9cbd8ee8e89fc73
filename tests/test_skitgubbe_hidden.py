"""Hidden mode: what a camera can know, and violations proven after the fact."""

from referee import Table

PLAYERS = ["Ann", "Bob", "Cid"]


def table(mode="hidden", **extra):
    t = Table()
    assert t.apply({"type": "start", "game": "skitgubbe", "players": PLAYERS, "leader": 0,
                    "mode": mode, **extra}).ok
    return t


def play(t, seat, card, **extra):
    return t.apply({"type": "play", "seat": seat, "cards": [card], **extra})


def kinds(ruling):
    return [n["kind"] for n in ruling.notes]


def test_failure_to_match_is_proven_when_the_rank_turns_up_with_no_draw_between():
    t = table()
    assert play(t, 0, "9H").ok
    assert play(t, 1, "5C", source="stock").ok  # Bob flips instead of matching: unknowable yet
    assert play(t, 2, "2D").ok
    assert t.apply({"type": "collect", "seat": 0}).ok
    assert play(t, 0, "3S").ok
    ruling = play(t, 1, "9C")  # Bob has drawn nothing since the flip: the 9C was in his hand
    assert ruling.ok
    proof = [n for n in ruling.notes if n["kind"] == "proven_violation"]
    assert proof and proof[0]["seat"] == 1 and proof[0]["rule"] == "S1.5"
    assert "#2" in proof[0]["evidence"] and "9C" in proof[0]["evidence"]


def test_no_proof_when_a_draw_could_explain_the_card():
    t = table()
    assert play(t, 0, "9H").ok
    assert play(t, 1, "5C", source="stock").ok
    assert play(t, 2, "2D").ok
    assert t.apply({"type": "collect", "seat": 0}).ok
    assert play(t, 0, "3S").ok
    assert play(t, 1, "4D").ok  # Bob draws a card here
    assert play(t, 2, "2S").ok
    assert t.apply({"type": "collect", "seat": 1}).ok
    ruling = play(t, 1, "9C")  # could be the card he just drew
    assert ruling.ok and "proven_violation" not in kinds(ruling)


def test_sloughing_the_rank_after_flipping_proves_the_flip_was_illegal():
    t = table()
    assert play(t, 0, "9H").ok
    assert play(t, 1, "5C", source="stock").ok  # no card entered Bob's hand since
    ruling = t.apply({"type": "slough", "seat": 1, "card": "9C"})
    assert ruling.ok  # the slough itself is legal (Bob has played)...
    proof = [n for n in ruling.notes if n["kind"] == "proven_violation"]
    assert proof and proof[0]["rule"] == "S1.5" and proof[0]["seat"] == 1  # ...but exposes the flip
    # Proven once: a second 9 from Bob is explained by the draw after the slough.
    assert play(t, 2, "2D").ok
    assert t.apply({"type": "collect", "seat": 0}).ok


def test_open_mode_catches_the_failure_to_match_at_once():
    t = table("open")
    for seat, hand in enumerate([["9H", "2C", "3C"], ["9C", "5D", "6D"], ["2D", "3D", "4D"]]):
        assert t.apply({"type": "hand", "seat": seat, "cards": hand}).ok
    assert play(t, 0, "9H").ok
    ruling = play(t, 1, "5C", source="stock")
    assert not ruling.ok and ruling.rule == "S1.5"
    ruling = play(t, 1, "5D")
    assert not ruling.ok and ruling.rule == "S1.5" and "9C" in ruling.message
    assert play(t, 1, "9C").ok


def test_a_card_known_to_be_elsewhere_is_impossible():
    t = table()
    assert play(t, 0, "9H").ok
    ruling = play(t, 1, "9H")
    assert not ruling.ok and ruling.rule == "S0.1" and "on the table" in ruling.message
    ruling = play(t, 1, "9S", source="stock")
    assert ruling.ok


def test_a_card_in_somebodys_winnings_cannot_be_played():
    t = table()
    assert play(t, 0, "9H").ok
    assert play(t, 1, "5C").ok
    assert play(t, 2, "2D").ok
    assert t.apply({"type": "collect", "seat": 0}).ok
    ruling = play(t, 0, "5C")
    assert not ruling.ok and ruling.rule == "S0.1" and "winnings" in ruling.message


def test_the_referee_counts_the_stock():
    t = table()
    assert t.view()["stock"] == 52 - 9
    assert play(t, 0, "9H").ok
    assert play(t, 1, "5C", source="stock").ok
    assert t.view()["stock"] == 52 - 9 - 2  # one draw, one flip
    assert t.summary()["hand_sizes"] == [3, 3, 3]


def test_seat_view_hides_other_hands():
    t = table("open")
    assert t.apply({"type": "hand", "seat": 0, "cards": ["9H", "2C", "3C"]}).ok
    assert t.apply({"type": "hand", "seat": 1, "cards": ["9C", "5D", "6D"]}).ok
    view = t.view(seat=1)
    assert list(view["hands"]) == ["1"]
    assert sorted(view["hands"]["1"]["known"]) == ["5D", "6D", "9C"]
    assert set(t.view()["hands"]) == {"0", "1", "2"}


def test_aces_low_failure_to_match_an_ace_is_proven_too():
    t = table(variants={"aces_low_part1": True})
    assert play(t, 0, "AH").ok
    assert play(t, 1, "5C", source="stock").ok  # Bob should have matched the ace
    assert play(t, 2, "2D").ok  # the 5 beats 2 and the low ace: Bob wins
    assert t.apply({"type": "collect", "seat": 1}).ok
    ruling = play(t, 1, "AC")  # nothing entered Bob's hand since the flip
    proof = [n for n in ruling.notes if n["kind"] == "proven_violation"]
    assert ruling.ok and proof and proof[0]["rule"] == "S1.5" and "A" in proof[0]["evidence"]


def test_a_card_known_to_be_elsewhere_is_objected_to_as_such_before_its_rank():
    """Sloughing 9H after it was collected in an earlier trick breaks S0.1 (each card exists
    once: a misread, or a second deck), whatever its rank; a card that may be in the hand
    but matches no rank in the trick still breaks S1.8."""
    t = table()
    assert play(t, 0, "9H").ok
    assert play(t, 1, "5C").ok
    assert play(t, 2, "2D").ok
    assert t.apply({"type": "collect", "seat": 0}).ok
    assert play(t, 0, "3S").ok
    gone = t.apply({"type": "slough", "seat": 2, "card": "9H"})
    assert not gone.ok and gone.rule == "S0.1" and "9H" in gone.message
    unmatched = t.apply({"type": "slough", "seat": 2, "card": "9C"})
    assert not unmatched.ok and unmatched.rule == "S1.8"


# -- a card the camera saw played but could not read ("??", table-log contract) ----------

def bob_plays_unread(t):
    """Ann leads 9H, Bob plays a card the camera could not read, Cid 2D (which cannot win):
    the ruling on Cid's play."""
    assert play(t, 0, "9H").ok
    ruling = play(t, 1, "??")
    assert ruling.ok and "unread" in ruling.message
    return play(t, 2, "2D")


def test_an_unread_play_leaves_the_round_to_whoever_may_have_won_it():
    t = table()
    ruling = bob_plays_unread(t)  # Ann's 9H or Bob's unread card won
    assert ruling.ok and ruling.notes[0] == {"kind": "trick_open", "seats": [0, 1]}
    assert t.view()["trick"]["may_win"] == [0, 1] and t.view()["to_act"] is None
    wrong = t.apply({"type": "collect", "seat": 2})
    assert not wrong.ok and wrong.rule == "S1.6" and "Ann or Bob" in wrong.message
    assert t.apply({"type": "collect", "seat": 1}).ok
    assert t.summary()["turn"] == 1 and t.summary()["hand_sizes"] == [3, 3, 3]  # each drew


def test_the_collectors_winnings_hold_the_unread_card_unnamed():
    t = table()
    assert bob_plays_unread(t).ok
    assert t.apply({"type": "collect", "seat": 1}).ok
    st = t.state  # (winnings are face down: the view does not show them)
    assert st.won[1] == ["9H", "2D"] and st.won_hidden[1] == 1
    assert all("??" not in places for places in st.loc)  # an unread card has no known place


def test_a_play_after_an_open_round_is_a_war_between_the_seats_that_may_have_won():
    t = table()
    assert bob_plays_unread(t).ok
    early = play(t, 1, "7C")  # the war between Ann and Bob goes clockwise from Ann
    assert not early.ok and early.rule == "S1.7"
    ruling = play(t, 0, "5C")
    assert ruling.ok and {"kind": "war", "seats": [0, 1]} in ruling.notes
    ruling = play(t, 1, "7C")
    assert ruling.ok and ruling.notes[-1] == {"kind": "trick_won", "seat": 1}
    assert not t.apply({"type": "collect", "seat": 0}).ok
    assert t.apply({"type": "collect", "seat": 1}).ok


def test_any_rank_may_be_sloughed_on_a_trick_with_an_unread_play():
    t = table()
    assert play(t, 0, "9H").ok
    off = t.apply({"type": "slough", "seat": 2, "card": "4C"})  # no 4 played: S1.8 broken
    assert not off.ok and off.rule == "S1.8"
    assert play(t, 1, "??").ok
    # the unread card may be a 4: the slough cannot be judged, so it stands
    assert t.apply({"type": "slough", "seat": 2, "card": "4C"}).ok


def test_no_failure_to_match_is_held_against_a_play_after_an_unread_card():
    t = table()
    assert play(t, 0, "??").ok
    assert play(t, 1, "5C", source="stock").ok  # what Bob had to match is unknown
    ruling = t.apply({"type": "slough", "seat": 1, "card": "9C"})
    assert ruling.ok and "proven_violation" not in kinds(ruling)


def test_an_unread_slough_stands_and_leaves_the_trick_judged_as_before():
    """The camera saw Cid slough a card it could not read (a held-out deck's ace of diamonds,
    read as JD or KD, on Ann's ace): what depends on its rank is not judged, it goes to the
    collector's winnings unnamed, and the trick's ranks stay known: another seat's off-rank
    slough is still S1.8, and the trick is decided by the plays alone."""
    t = table()
    assert play(t, 0, "9H").ok
    ruling = t.apply({"type": "slough", "seat": 2, "card": "??"})
    assert ruling.ok and ruling.message == "Cid sloughs an unread card"
    off = t.apply({"type": "slough", "seat": 0, "card": "4C"})
    assert not off.ok and off.rule == "S1.8"
    assert play(t, 1, "2D").ok and play(t, 2, "3C").ok
    assert t.view()["trick"]["winner"] == 0
    assert t.apply({"type": "collect", "seat": 0}).ok
    assert t.state.won[0] == ["9H", "2D", "3C"] and t.state.won_hidden[0] == 1
    assert t.summary()["hand_sizes"] == [3, 3, 3]  # each drew, Cid after his slough too


def test_an_unread_slough_cannot_come_from_a_hand_the_referee_knows_whole():
    t = table(mode="open")
    assert t.apply({"type": "hand", "seat": 1, "cards": ["9C", "2C", "3D"]}).ok
    assert play(t, 0, "9H").ok
    ruling = t.apply({"type": "slough", "seat": 1, "card": "??"})
    assert not ruling.ok and ruling.severity == "error" and "name the card" in ruling.message


def test_an_unread_card_cannot_come_from_a_hand_the_referee_knows_whole():
    t = table(mode="open")
    assert t.apply({"type": "hand", "seat": 0, "cards": ["9H", "2C", "3D"]}).ok
    ruling = play(t, 0, "??")
    assert not ruling.ok and ruling.severity == "error" and "name the card" in ruling.message
    # a flip comes from the stock, not the hand: one the camera could not read is taken
    flipped = play(t, 0, "??", source="stock")
    assert flipped.ok and flipped.message == "Ann flips an unread card"


def test_an_unread_flip_costs_the_stock_a_card_and_leaves_the_round_open():
    """Bob flips a card the camera could not read (a camera's misread, withdrawn and logged
    again unread): the stock loses a card, his hand none, and the round is left to Ann (9H)
    or Bob; it is collected with the unread card unnamed in the winnings."""
    t = table()
    stock = t.view()["stock"]
    assert play(t, 0, "9H").ok
    flipped = play(t, 1, "??", source="stock")
    assert flipped.ok and flipped.message == "Bob flips an unread card"
    assert t.view()["stock"] == stock - 2 and t.summary()["hand_sizes"] == [3, 3, 3]  # (Ann drew)
    ruling = play(t, 2, "2D")
    assert ruling.ok and ruling.notes[0] == {"kind": "trick_open", "seats": [0, 1]}
    assert t.apply({"type": "collect", "seat": 1}).ok and t.state.won_hidden[1] == 1


# -- Part 2: a card played that the camera could not read -----------------------------------------
def hidden_part2(sizes=(5, 5, 5)):
    """Part 2 (trump hearts) of a hidden game: the referee knows how many cards each holds."""
    t = Table()
    r = t.apply({"type": "start", "game": "skitgubbe", "players": ["Ann", "Bob", "Cid"][:len(sizes)], "part": 2,
                 "trump": "H", "hand_sizes": list(sizes), "leader": 0, "mode": "hidden"})
    assert r.ok, r
    return t


def p2(t, seat, *cards):
    return t.apply({"type": "play", "seat": seat, "cards": list(cards)})


def test_part2_an_unread_card_is_led_and_nothing_about_its_beat_is_judged():
    t = hidden_part2()
    r = p2(t, 0, "??")
    assert r.ok and "leads an unread card" in r.message
    assert t.summary()["hand_sizes"] == [4, 5, 5] and t.view()["table"] == [["??"]]
    r = p2(t, 1, "7C")  # may or may not beat it: not judged
    assert r.ok and r.rule == "S2.4"
    r = p2(t, 2, "6C")  # known cards are still judged against each other: 6C does not beat 7C
    assert not r.ok and r.rule == "S2.4"


def test_part2_an_unread_card_touches_nothing_so_an_eat_stops_at_it():
    t = hidden_part2()
    assert p2(t, 0, "??").ok and p2(t, 1, "7C").ok
    r = t.apply({"type": "eat", "seat": 2})
    assert r.ok and "eats ??" in r.message and "must beat or eat 7C" in r.message
    assert t.summary()["hand_sizes"] == [4, 4, 6] and t.view()["table"] == [["7C"]]
    # eaten, it is a card of Cid's hand nobody can name: he may play it unread again
    assert p2(t, 0, "9C").ok and p2(t, 1, "10C").ok
    t2 = hidden_part2()
    assert p2(t2, 0, "7C").ok and p2(t2, 1, "??").ok
    r = t2.apply({"type": "eat", "seat": 2, "cards": ["7C", "??"]})  # the plays touch? unknown: not assumed
    assert not r.ok and r.rule == "S2.4" and "must eat the lowest run on the table, 7C" in r.message
    r = t2.apply({"type": "eat", "seat": 2})
    assert r.ok and "must beat or eat an unread card" in r.message


def test_part2_an_unread_card_counts_towards_a_kill():
    t = hidden_part2()
    assert p2(t, 0, "8C").ok and p2(t, 1, "??").ok
    r = p2(t, 2, "KH")
    assert r.ok and r.rule == "S2.7" and t.summary()["kills"] == 1 and t.view()["table"] == []


def test_part2_an_unread_card_is_refused_from_a_known_hand():
    t = Table()
    assert t.apply({"type": "start", "game": "skitgubbe", "players": ["Ann", "Bob", "Cid"], "part": 2, "trump": "H",
                    "hands": [["5C", "6C"], ["8C", "9C"], ["10C", "KC"]], "leader": 0, "mode": "open"}).ok
    r = p2(t, 0, "??")
    assert not r.ok and r.severity == "error" and "every card in Ann's hand is known" in r.message
    r = p2(t, 0, "??", "6C")
    assert not r.ok and r.severity == "error" and "every card in Ann's hand is known" in r.message


def test_part2_a_run_with_unread_cards():
    """A run the camera read only in part (a real-model full Atlas game: Cid's KD AD read as
    "JD KD", JD known to lie elsewhere): its named cards must fit in one run that long (S2.2);
    the unread ones are hidden cards of the hand. Whether it beats, and what touches it, is not
    judged, as for one unread card."""
    t = hidden_part2()
    r = p2(t, 0, "KD", "??")
    assert r.ok and r.message == "Ann leads KD and an unread card"
    assert t.summary()["hand_sizes"] == [3, 5, 5] and t.view()["table"] == [["??", "KD"]]
    r = p2(t, 1, "??", "9C", "??")  # 7C-9C, 8C-10C or 9C-JC: whether it beats KD is not judged
    assert r.ok and r.message.endswith("Bob beats with 9C and 2 unread cards")  # (Ann holds 3: S2.10)
    r = t.apply({"type": "eat", "seat": 2})  # an eat stops at the first play: it holds an unread card
    assert r.ok and r.message.startswith("Cid eats ?? KD;") and t.summary()["hand_sizes"] == [3, 2, 7]
    t = hidden_part2()
    r = p2(t, 0, "9C", "??", "QC")  # 9C and QC fit in no run of three
    assert not r.ok and r.rule == "S2.2" and r.severity == "illegal"
    r = p2(t, 0, "9C", "??", "9H")  # two suits
    assert not r.ok and r.rule == "S2.2"
    assert p2(t, 0, "9C", "??", "JC").ok  # 10C hidden
    t = hidden_part2((2, 5, 5))
    r = p2(t, 0, "??", "??", "??")  # more unread cards than the hand holds
    assert not r.ok and r.severity == "error" and "only 2 card(s)" in r.message
