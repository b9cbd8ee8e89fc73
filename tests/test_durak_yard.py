"""The D5 games on the Durak referee: Zalupa (D5.2) and Govno (D5.3)."""

from referee import Table
from referee.games import get_game
from durak_support import attack, defend, notes_of, ok, position, rejected, start, take

SUITS = ["S", "H", "D", "C"]  # Ann spades, Bob hearts, Cid diamonds, Dan clubs


def zalupa(**kw):
    return start(4, game="zalupa", trumps=SUITS, **kw)


def test_registry_objects():
    for name in ("zalupa", "govno"):
        game = get_game(name)
        assert game.name == name and game.rules_doc == "durak"
    assert get_game("durak").name == "durak"


# -- Zalupa -----------------------------------------------------------------------------
def test_d5_2_start_personal_trumps_and_the_small_deck():
    t = Table()
    r = ok(t, zalupa())
    assert r.rule == "D5.2"
    s = t.summary()
    assert s["hand_sizes"] == [5, 5, 5, 5] and s["talon"] == 0 and s["trumps"] == SUITS and s["trump"] is None
    rejected(Table(), start(4, game="zalupa", trumps=["S", "S", "D", "C"]), "D5.2")
    rejected(Table(), start(3, game="zalupa", trumps=["S", "H", "D"]), "D5.2")
    rejected(Table(), start(4, game="zalupa"), severity="error")
    rejected(Table(), start(4, game="zalupa", trumps=SUITS, variants={"toilet": True}), "D5.2")


def zpos(hands, attacker=0, table=None):
    """A Zalupa set position for Ann, Bob, Cid, Dan (trumps kept from the match)."""
    t = table or Table()
    ev = start(4, game="zalupa", hands=hands, talon=0, attacker=attacker)
    if not t.session.records or t.session.records[-1].game != "zalupa":
        ev["trumps"] = SUITS
    ok(t, ev)
    return t


def test_d5_2_cards_below_ten_are_not_in_the_deck():
    t = zpos([["AS", "10D"], ["JH"], ["QD"], ["KC"]])
    rejected(t, attack(0, "9S"), "D5.2")


def test_d5_2_the_defenders_own_trump_beats():
    t = zpos([["AS", "10D", "KD"], ["JH", "10S", "QC"], ["QD", "AC"], ["KC", "JC"]])
    ok(t, attack(0, "AS"))  # spades are Ann's trump, not Bob's
    ok(t, defend(1, "JH"))  # Bob's trump, hearts, beats any other suit
    t = zpos([["10D", "KD"], ["AS", "JH", "QC"], ["QD", "AC"], ["KC", "JC"]])
    ok(t, attack(0, "10D"))
    r = rejected(t, defend(1, "AS"), "D5.2")  # spades are not Bob's trump
    assert "hearts" in r.message


def test_d5_2_loser_loses_a_trump_and_the_next_deal_is_smaller():
    t = zpos([["AS"], ["JC", "QC"], [], []])
    ok(t, attack(0, "AS"))
    r = ok(t, take(1))
    assert notes_of(r, "fool") == [{"kind": "fool", "seat": 1}]
    assert notes_of(r, "trump_lost") == [{"kind": "trump_lost", "seat": 1, "card": "10H"}]
    record = t.session.records[-1]
    assert record.losers == ("Bob",) and dict(record.info)["trump_lost"] == "10H"
    assert t.session.tally()["Bob"]["points"] == 1
    standings = {row["player"]: row for row in t.summary()["standings"]}
    assert standings["Bob"]["trumps_left"] == 4 and standings["Ann"]["trumps_left"] == 5
    ok(t, start(4, game="zalupa"))  # the match goes on: trumps are remembered
    s = t.summary()
    assert s["trumps"] == SUITS and s["hand_sizes"] == [4, 4, 4, 4] and s["talon"] == 3
    assert s["attacker"] == 0  # under the fool: Bob defends first


def test_d5_2_trumps_are_kept_for_the_match():
    t = zpos([["AS"], ["JC", "QC"], [], []])
    ok(t, attack(0, "AS"))
    ok(t, take(1))
    rejected(t, start(4, game="zalupa", trumps=["H", "S", "D", "C"]), "D5.2")
    ok(t, start(4, game="zalupa", trumps=SUITS))


def test_d5_2_a_player_without_trumps_is_out_of_the_match():
    t = Table()
    for game in range(5):
        zpos([["AS"], ["JC", "QC"], [], []], table=t)
        ok(t, attack(0, "AS"))
        r = ok(t, take(1))
    assert notes_of(r, "out_of_match") == [{"kind": "out_of_match", "seat": 1, "place": 1}]
    lost = [row for row in t.summary()["standings"] if row["player"] == "Bob"][0]
    assert lost["trumps_left"] == 0 and lost["out_of_match"] == 1
    assert lost["lost"] == ["10H", "JH", "QH", "KH", "AH"]
    rejected(t, start(4, game="zalupa"), "D5.2")
    ok(t, start(3, game="zalupa", players=["Ann", "Cid", "Dan"]))
    s = t.summary()
    assert s["trumps"] == ["S", "D", "C"] and sum(s["hand_sizes"]) + s["talon"] == 15


# -- Govno ------------------------------------------------------------------------------
def govno(n=6, **kw):
    return start(n, game="govno", **kw)


def test_d5_3_roles_go_counter_clockwise_from_the_king():
    t = Table()
    rejected(t, govno(), severity="error")  # who got the first KD?
    r = ok(t, govno(king=0))
    assert r.rule == "D5.3"
    assert t.summary()["roles"] == ["King", "Prince", "Executioner", "Worker", "Dvornik", "Govno"]
    t = Table()
    ok(t, govno(7, king=2, variants={"deck52": True}))
    assert t.summary()["roles"] == ["Dvornik", "Govno", "King", "Prince", "Jester", "Executioner", "Worker"]
    rejected(Table(), govno(5, king=0), "D5.3")
    rejected(Table(), govno(7, king=0), "D0.1")  # 42 cards: needs deck52


def test_d5_3_the_king_names_trump_and_attacks_the_govno():
    t = Table()
    ok(t, govno(king=0))
    rejected(t, attack(0, "6S"), "D5.3")  # trump first
    rejected(t, {"type": "trump", "seat": 1, "suit": "S"}, "D5.3")  # only the King names it
    r = ok(t, {"type": "trump", "seat": 0, "suit": "S"})
    assert t.summary()["trump"] == "S", r
    rejected(t, attack(1, "6C"), "D5.3")  # the King attacks first
    ok(t, attack(0, "7C"))
    assert t.summary()["defender"] == 5  # the Govno, on the King's right


def gpos(hands, attacker=0, table=None, **kw):
    return position(hands, trump_suit="S", attacker=attacker, game="govno", table=table, **kw)


def test_d5_3_six_of_diamonds_is_the_highest_trump():
    t = gpos([["AS", "6D"], ["7H"], ["8H"], ["9H"], ["10H"], ["6D", "KS"][1:] + ["JC"]], king=0)
    ok(t, attack(0, "AS"))
    rejected(t, defend(5, "KS"), "D1.2")  # a lower trump
    t = gpos([["AS", "9C"], ["7H"], ["8H"], ["9H"], ["10H"], ["6D", "KS"]], king=0)
    ok(t, attack(0, "AS"))
    ok(t, defend(5, "6D"))  # 6D beats even the ace of trumps
    t = gpos([["6D", "9C"], ["7H"], ["8H"], ["9H"], ["10H"], ["AS", "KS"]], king=0)
    ok(t, attack(0, "6D"))
    r = rejected(t, defend(5, "AS"), "D5.3")
    assert "6D" in r.message


def test_d5_3_a_taker_swaps_seats_with_the_attacker():
    hands = [["AS", "9C"], ["7H", "8D"], ["8H", "9D"], ["9H", "10C", "QD"], ["10H", "JD"], ["6C", "7C"]]
    t = gpos(hands, king=0)
    ok(t, attack(0, "9C"))
    r = ok(t, take(5))  # the King and the Govno never swap
    assert not notes_of(r, "swap") and t.summary()["attacker"] == 4
    ok(t, attack(4, "10H"))  # the Dvornik (Eve) attacks the Worker (Dan)
    r = ok(t, take(3))
    assert notes_of(r, "swap") == [{"kind": "swap", "seats": [4, 3], "roles": ["Dvornik", "Worker"]}]
    s = t.summary()
    assert s["seating"][3] == "Eve" and s["seating"][4] == "Dan"
    assert s["attacker"] == 3  # Eve, now the Worker, attacks again
    assert s["hand_sizes"][4] == 4 and s["hand_sizes"][3] == 1


def test_d5_3_roles_carry_to_the_next_game():
    t = gpos([[], [], [], ["7H"], ["10H", "JC"], []], attacker=4, king=0)
    ok(t, attack(4, "10H"))  # the Dvornik (Eve) attacks the Worker (Dan)
    ok(t, take(3))  # they swap: Eve is the Worker now, and attacks Dan again
    ok(t, attack(3, "JC"))
    r = ok(t, take(4))  # Eve has no cards left: no swap; Dan is the fool
    assert notes_of(r, "fool") == [{"kind": "fool", "seat": 4}]
    seating = t.summary()["seating"]
    assert seating == ["Ann", "Bob", "Cid", "Eve", "Dan", "Fay"]
    rejected(t, govno(), "D5.3")  # Dan and Eve sit in each other's seat
    ok(t, {"type": "start", "game": "govno", "players": seating, "mode": "open"})
    assert t.summary()["roles"] == ["King", "Prince", "Executioner", "Worker", "Dvornik", "Govno"]


def test_d5_3_offence_sends_the_offender_to_the_govno_seat():
    t = Table()
    ok(t, govno(king=0))
    r = ok(t, {"type": "offence", "seat": 2})  # the Executioner calls someone by name
    assert r.rule == "D5.3"
    # Cid (Executioner) -> Govno; Fay (Govno) -> Dvornik; Eve (Dvornik) -> Worker; Dan (Worker) -> Executioner
    assert t.summary()["seating"] == ["Ann", "Bob", "Dan", "Eve", "Fay", "Cid"]
    rejected(Table(), {"type": "offence", "seat": 0}, severity="error")
    t = position([["6S"], ["7S"]], attacker=0)
    rejected(t, {"type": "offence", "seat": 0}, "D5.3")
