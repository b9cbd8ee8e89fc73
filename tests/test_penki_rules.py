"""Penki (durak.md D5.1): one test obeying and one breaking every rule the referee cites.

Written from shared/rules/durak.md (D0-D2 where Durak applies, D5.1 for Penki) and the
source text ("Пеньки"); the sub-rules D5.1a-f are listed in api/rules/durak.md. Hidden-mode
proofs live in test_penki_hidden.py, random games in test_penki_properties.py.

Most tests use six players: 36 cards less 12 stumps leaves exactly 4 cards a hand, so the
tests name every hand and know that the other 12 cards are the stumps.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee import Table
from referee.games.penki import RULES, VARIANT_RULES
from referee.simulate import simulate_logs

HERE = Path(__file__).parent
SPEC = HERE.parents[1] / "shared" / "rules" / "durak.md"
DOC = HERE.parent / "api" / "rules" / "durak.md"  # the rule page's copy, with Penki's sub-rules
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]

# Trump hearts; only Ann holds a trump (AH), so Ann has the lowest trump and attacks first.
SIX = [["6C", "7C", "8C", "AH"], ["9C", "10C", "6D", "7D"], ["JC", "QC", "8D", "9D"],
       ["KC", "AC", "10D", "JD"], ["QD", "KD", "AD", "6S"], ["7S", "8S", "9S", "10S"]]


# -- events and checks -------------------------------------------------------------------
def start(hands=None, n=None, mode="open", trump="H", **kw) -> dict:
    n = n or (len(hands) if hands else 6)
    ev = {"type": "start", "game": "penki", "players": NAMES[:n], "mode": mode}
    if hands is not None:
        ev["hands"] = hands
    if trump is not None:
        ev["trump"] = trump
    ev.update(kw)
    return ev


def attack(seat, card):
    return {"type": "attack", "seat": seat, "card": card}


def defend(seat, card):
    return {"type": "defend", "seat": seat, "card": card}


def take(seat, **kw):
    return {"type": "take", "seat": seat, **kw}


def stumps(seat, cards=None):
    ev = {"type": "stumps", "seat": seat}
    if cards is not None:
        ev["cards"] = cards
    return ev


def ok(t, ev):
    r = t.apply(ev)
    assert r.ok, f"expected {ev} to be accepted, got {r.to_dict()}"
    return r


def rejected(t, ev, rule=None, severity="illegal"):
    """Refused with `severity` (and `rule`), and nothing changed."""
    before = (t.summary(), t.view())
    r = t.apply(ev)
    assert not r.ok and r.severity == severity, r.to_dict()
    if rule is not None:
        assert r.rule == rule, r.to_dict()
    assert (t.summary(), t.view()) == before, "a rejected event changed the table"
    return r


def note(r, kind):
    return next((n for n in r.notes if n["kind"] == kind), None)


def table(hands=SIX, **kw) -> Table:
    t = Table()
    ok(t, start(hands, **kw))
    return t


def hidden(n=2, **kw) -> Table:
    return table(None, n=n, mode="hidden", **kw)


def low_first(st):
    return lambda c: (c[-1] == st.trump, RANKS.index(c[:-1]) if c[:-1] in RANKS else -1, c)


def unseen(t, beating=None):
    """The lowest card the referee has not placed (beating `beating`, when given)."""
    st = t.state
    return next(c for c in sorted(st.deck, key=low_first(st))
                if c not in st.loc and (beating is None or st.beats(c, beating)))


def playable(t, seat, beating=None, avoid=lambda seat, card: False):
    """The lowest card `seat` may hold (known there, or unseen while part of the hand is
    hidden) that beats `beating` when given and is not `avoid`ed; None when there is none."""
    st = t.state
    cards = list(st.known[seat])
    if st.hidden_slots(seat):
        cards += [c for c in st.deck if c not in st.loc]
    cards = [c for c in cards if (beating is None or st.beats(c, beating)) and not avoid(seat, c)]
    return min(cards, key=low_first(st), default=None)


def auto(t, stop=lambda r: False, limit=400, avoid=lambda seat, card: False):
    """Hidden mode: play on (attack low, beat cheaply, take when nothing beats, stumps when
    needed; never a card `avoid(seat, card)`) until the game ends or `stop(ruling)`."""
    for _ in range(limit):
        st = t.state
        if st.phase == "over":
            return None
        seat = st.turn if st.turn is not None else 0
        if st.size[seat] == 0:
            r = ok(t, stumps(seat))
        elif st.phase == "attack":
            r = ok(t, attack(seat, playable(t, seat, avoid=avoid)))
        else:
            card = playable(t, seat, st.stack[-1], avoid)
            r = ok(t, defend(seat, card) if card else take(seat))
        if stop(r):
            return r
    raise AssertionError("the game did not end")


# -- every rule id -----------------------------------------------------------------------
MY_FILES = ["test_penki_rules.py", "test_penki_hidden.py", "test_penki_properties.py"]


def test_every_rule_id_is_named_by_a_test_and_documented():
    text = "".join((HERE / f).read_text() for f in MY_FILES)
    missing = sorted(i for i in RULES if not re.search(re.escape(i) + r"(?![0-9a-z])", text))
    assert not missing, f"rule ids without a test: {missing}"
    doc = DOC.read_text()
    spec = SPEC.read_text() if SPEC.exists() else ""
    for rule_id in RULES:
        assert f"- {rule_id} " in spec or f"- {rule_id} " in doc, rule_id
    assert set(VARIANT_RULES.values()) <= set(RULES)


# -- D5.1 the game itself -----------------------------------------------------------------
def test_D5_1_start_cites_penki_and_reports_the_contract_summary():
    t = Table()
    r = ok(t, start(SIX))
    assert r.rule == "D5.1" and note(r, "trump") == {"kind": "trump", "suit": "H"}
    s = t.summary()
    for key in ("game", "phase", "trump", "turn", "kills", "tricks_won", "hand_sizes", "out", "goat"):
        assert key in s
    assert s["game"] == "penki" and s["phase"] == "attack" and s["kills"] == 0 and s["tricks_won"] == []
    assert s["turn"] is None  # D0.3: the first attack decides, checked against the lowest trump


def test_D5_1_events_of_other_games_are_errors():
    t = table()
    rejected(t, {"type": "play", "seat": 0, "cards": ["AH"]}, severity="error")
    rejected(t, {"type": "eat", "seat": 0}, severity="error")


# -- D0.1 deck and players ------------------------------------------------------------------
@pytest.mark.parametrize("n", [0, 1, 7])
def test_D0_1_two_to_six_players(n):
    t = Table()
    r = t.apply({"type": "start", "game": "penki", "players": [f"P{i}" for i in range(n)]})
    assert not r.ok and r.rule == "D0.1"
    assert t.summary()["game"] is None


@pytest.mark.parametrize("n, sizes", [(2, [16, 16]), (3, [10, 10, 10]), (4, [7, 7, 7, 7]),
                                      (5, [6, 5, 5, 5, 5]), (6, [4] * 6)])
def test_D0_1_D5_1a_two_to_six_players_share_36_cards_after_the_stumps(n, sizes):
    t = hidden(n)
    assert t.summary()["hand_sizes"] == sizes
    assert t.summary()["stumps"] == [2] * n


def test_D0_1_a_36_card_deck_has_no_fives_but_deck52_does():
    t = hidden(2)
    rejected(t, attack(0, "5H"), "D0.1")
    t = hidden(2, variants={"deck52": True})
    assert t.summary()["hand_sizes"] == [24, 24]
    ok(t, attack(0, "5H"))


def test_D0_1_deck52_low_cards_cost_their_face_value():
    t = hidden(2, variants=["deck52"])
    for ev in (attack(0, "6C"), defend(1, "7C"), attack(1, "8C"), defend(0, "9C"), attack(0, "3D")):
        ok(t, ev)
    r = ok(t, take(1, count=3))
    assert note(r, "took")["cards"] == ["8C", "9C", "3D"] and t.summary()["stack"] == ["6C", "7C"]


def test_D0_1_a_card_exists_once():
    t = table()
    ok(t, attack(0, "6C"))
    r = rejected(t, defend(1, "6C"), "D0.1")
    assert "on the stack" in r.message
    rejected(t, defend(1, "JC"), "D0.1")  # Cid's card, in an open hand
    rejected(t, defend(1, "KH"), "D0.1")  # Bob's hand is fully known
    r = rejected(Table(), start([h[:] for h in SIX[:5]] + [["6C", "8S", "9S", "10S"]]), "D0.1")
    assert "6C" in r.message


# -- D0.2 trump -------------------------------------------------------------------------------
def test_D0_2_the_turned_card_sets_trump_and_stays_in_the_hand():
    t = table(trump=None)
    assert t.summary()["phase"] == "trump"
    rejected(t, attack(0, "6C"), "D0.2")  # no attack before the trump is turned up
    rejected(t, {"type": "trump", "card": "10S", "seat": 0}, "D0.2")  # 10S is Fay's
    r = ok(t, {"type": "trump", "card": "10S", "seat": 5})
    assert note(r, "trump")["suit"] == "S" and t.summary()["trump"] == "S"
    assert t.view()["trump_card"] == "10S"
    rejected(t, {"type": "trump", "card": "9S"}, "D0.2")  # trump is set once


def test_D0_2_hidden_trump_card_becomes_known_in_its_hand():
    t = hidden(2, trump=None)
    ok(t, {"type": "trump", "card": "7D", "seat": 1})
    assert t.view()["hands"]["1"]["known"] == ["7D"]
    rejected(t, attack(0, "7D"), "D0.1")


# -- D0.3 first attack ------------------------------------------------------------------------
def test_D0_3_the_lowest_trump_attacks_first():
    t = table()
    r = rejected(t, attack(1, "6D"), "D0.3")
    assert "Ann" in r.message and "AH" in r.message
    ok(t, attack(0, "6C"))


def test_D0_3_a_named_leader_attacks_first():
    t = table(leader=2)
    rejected(t, attack(0, "6C"), "D0.3")
    ok(t, attack(2, "8D"))


def test_D0_3_after_a_fool_the_player_on_the_fools_right_attacks():
    for seed in range(20):  # the first simulated game that ends with a fool (not a draw)
        t = Table()
        for ev in simulate_logs("penki", 3, seed)[0]:
            ok(t, ev)
        fool = t.summary()["goat"]
        if fool is not None:
            break
    assert fool is not None
    attacker = (fool - 1) % 3
    rejected(t, start(None, n=3, mode="hidden", leader=(attacker + 1) % 3), "D0.3")
    ok(t, start(None, n=3, mode="hidden"))
    assert t.summary()["turn"] == attacker
    rejected(t, attack((attacker + 1) % 3, "6C"), "D0.3")
    r = ok(t, attack(attacker, "6C"))
    assert t.summary()["turn"] == fool and "attacks" in r.message


# -- D0.4 / D1.1 / D1.2 the bout ---------------------------------------------------------------
def test_D0_4_the_defender_is_the_attackers_left_hand_neighbour():
    t = table()
    ok(t, attack(0, "6C"))
    assert t.summary()["turn"] == 1 and t.summary()["to_beat"] == "6C"
    rejected(t, defend(2, "JC"), "D0.4")
    rejected(t, take(2), "D0.4")
    ok(t, defend(1, "9C"))


def test_D1_1_any_one_card_attacks_and_there_is_nothing_to_beat_without_an_attack():
    t = table()
    rejected(t, defend(1, "9C"), "D1.1")
    r = ok(t, attack(0, "AH"))  # even the trump ace
    assert r.rule == "D1.1"


@pytest.mark.parametrize("beat, good", [("9C", True), ("10C", True), ("6D", False), ("7D", False)])
def test_D1_2_beat_with_a_higher_card_of_the_suit(beat, good):
    t = table()
    ok(t, attack(0, "8C"))
    if good:
        assert ok(t, defend(1, beat)).rule == "D1.2"
    else:
        r = rejected(t, defend(1, beat), "D1.2")
        assert "does not beat 8C" in r.message and "club" in r.message


def test_D1_2_a_trump_beats_a_non_trump_but_only_a_higher_trump_beats_a_trump():
    t = hidden(2)
    ok(t, attack(0, "AC"))
    ok(t, defend(1, "6H"))  # any trump on a non-trump
    ok(t, attack(1, "8H"))
    rejected(t, defend(0, "7H"), "D1.2")  # a lower trump
    r = rejected(t, defend(0, "AS"), "D1.2")  # a non-trump on a trump
    assert "or a trump" not in r.message
    ok(t, defend(0, "9H"))


# -- D5.1b chain, no throw-ins --------------------------------------------------------------
def test_D5_1b_the_defender_beats_then_attacks_the_next_player():
    t = table()
    ok(t, attack(0, "6C"))
    rejected(t, attack(1, "6D"), "D5.1b")  # beat first
    rejected(t, attack(2, "8D"), "D5.1b")  # no throw-in by anybody else
    rejected(t, attack(0, "7C"), "D5.1b")  # nor by the attacker
    ok(t, defend(1, "9C"))
    rejected(t, attack(0, "7C"), "D5.1b")  # Bob attacks next, not Ann
    ok(t, attack(1, "6D"))
    assert t.summary()["turn"] == 2


def test_D5_1b_one_card_at_a_time():
    t = table()
    rejected(t, {"type": "attack", "seat": 0, "cards": ["6C", "7C"]}, "D5.1b")


# -- D5.1c no discard ----------------------------------------------------------------------
def test_D5_1c_every_card_stays_on_the_stack():
    t = table()
    for ev in (attack(0, "6C"), defend(1, "9C"), attack(1, "6D"), defend(2, "8D")):
        ok(t, ev)
    assert t.summary()["stack"] == ["6C", "9C", "6D", "8D"]
    assert sum(t.summary()["hand_sizes"]) == 24 - 4
    rejected(t, {"type": "discard", "seat": 2}, "D5.1c")


# -- D5.1d must beat if able ----------------------------------------------------------------
def test_D5_1d_a_player_who_can_beat_may_not_take():
    t = table()
    ok(t, attack(0, "6C"))
    r = rejected(t, take(1), "D5.1d")
    assert "9C" in r.message and "10C" in r.message


def test_D5_1d_a_player_who_cannot_beat_takes():
    t = table()
    ok(t, attack(0, "6C"))
    ok(t, defend(1, "9C"))
    ok(t, attack(1, "10C"))
    ok(t, defend(2, "JC"))
    ok(t, attack(2, "QC"))
    ok(t, defend(3, "KC"))
    ok(t, attack(3, "AC"))  # Eve holds no club and no trump
    r = ok(t, take(4))
    assert r.rule == "D5.1e" and note(r, "took")["count"] == 7  # the whole stack: A costs 11


# -- D5.1e penalties ------------------------------------------------------------------------
def stack_of_eight(t):
    """Hidden two-player game with eight cards on the stack; Ann attacks Bob next."""
    for ev in (attack(0, "6C"), defend(1, "7C"), attack(1, "6D"), defend(0, "7D"),
               attack(0, "8D"), defend(1, "9D"), attack(1, "6S"), defend(0, "7S")):
        ok(t, ev)
    assert len(t.summary()["stack"]) == 8


@pytest.mark.parametrize("card, count", [("8S", 8), ("9S", 9), ("10S", 9), ("JS", 2), ("QS", 3),
                                         ("KS", 4), ("AS", 9)])
def test_D5_1e_penalty_by_rank_from_the_top_of_the_stack(card, count):
    t = hidden(2)
    stack_of_eight(t)
    ok(t, attack(0, card))
    before = t.summary()["stack"]
    r = ok(t, take(1, count=count))  # 9 cards on the stack: more than 9 takes them all
    assert note(r, "took") == {"kind": "took", "seat": 1, "count": count, "cards": before[-count:]}
    assert t.summary()["stack"] == before[:-count]
    assert t.summary()["hand_sizes"][1] == 16 - 4 + count
    assert t.summary()["turn"] == 0  # D1.6: the next player after Bob is Ann
    assert f"{card} costs" in r.message
    assert ("whole stack" in r.message) == (card in ("10S", "AS"))


def test_D5_1e_a_wrong_count_or_wrong_cards_is_refused():
    t = hidden(2)
    stack_of_eight(t)
    ok(t, attack(0, "KS"))
    r = rejected(t, take(1, count=3), "D5.1e")
    assert "4" in r.message and "KS costs 4" in r.message
    rejected(t, take(1, cards=["KS", "7S", "6S", "6C"]), "D5.1e")
    ok(t, take(1, count=4, cards=["KS", "7S", "6S", "9D"]))


def test_D5_1e_nothing_to_take_without_an_attack():
    t = table()
    rejected(t, take(0), "D5.1e")


def test_D5_1e_the_whole_stack_when_it_is_shorter_than_the_penalty():
    t = hidden(2)
    ok(t, attack(0, "9S"))
    r = ok(t, take(1))
    assert note(r, "took")["count"] == 1 and "whole stack" in r.message
    assert t.summary()["stack"] == []


# -- D1.6 who attacks after a take -----------------------------------------------------------
def test_D1_6_after_a_take_the_player_left_of_the_taker_attacks():
    t = hidden(3)
    ok(t, attack(0, "AS"))
    ok(t, take(1))
    assert t.summary()["turn"] == 2
    rejected(t, attack(1, "AS"), "D1.6")  # the taker lost the turn
    rejected(t, attack(0, "6C"), "D1.6")
    ok(t, attack(2, "6C"))


# -- D5.1f stumps -----------------------------------------------------------------------------
def stop_at_empty_hand_on_turn(t):
    """A stop for `auto`: the seat to act has no hand left but still has its stumps."""
    def stop(r):
        st = t.state
        return st.phase != "over" and st.size[st.turn] == 0 and st.stumps[st.turn] == 2
    return stop


def test_D5_1f_an_empty_hand_takes_up_the_stumps_before_playing():
    t = hidden(6)
    rejected(t, stumps(0), "D5.1f")  # Ann still holds 4 cards
    auto(t, stop=stop_at_empty_hand_on_turn(t))
    seat, phase = t.summary()["turn"], t.summary()["phase"]
    ev = attack(seat, unseen(t)) if phase == "attack" else defend(seat, unseen(t, t.summary()["to_beat"]))
    rejected(t, ev, "D5.1f")
    if phase == "defend":
        rejected(t, take(seat), "D5.1f")
    r = ok(t, stumps(seat))
    assert r.rule == "D5.1f" and t.summary()["hand_sizes"][seat] == 2 and t.summary()["stumps"][seat] == 0
    rejected(t, stumps(seat), "D5.1f")  # only once
    ok(t, ev)


def test_D5_1f_shown_stumps_are_checked():
    t = hidden(6)
    auto(t, stop=stop_at_empty_hand_on_turn(t))
    seat = t.summary()["turn"]
    played = t.summary()["stack"][0]
    rejected(t, stumps(seat, [unseen(t)]), "D5.1a")  # two stumps, not one
    rejected(t, stumps(seat, [played, unseen(t)]), "D0.1")  # a card on the stack is no stump
    shown = sorted(c for c in t.state.deck if c not in t.state.loc)[:2]
    ok(t, stumps(seat, shown))
    assert sorted(t.view()["hands"][str(seat)]["known"]) == shown


# -- D2.1 out / D2.2 the fool -------------------------------------------------------------------
def test_D2_1_a_player_with_no_hand_and_no_stumps_is_out_and_skipped():
    t = hidden(3)
    r = auto(t, stop=lambda r: note(r, "out") is not None)
    seat = note(r, "out")["seat"]
    s = t.summary()
    assert s["out"] == [seat] and s["hand_sizes"][seat] == 0 and s["stumps"][seat] == 0
    assert s["turn"] != seat
    rejected(t, attack(seat, unseen(t)), "D2.1")
    rejected(t, stumps(seat), "D2.1")
    after = next(x % 3 for x in (seat + 1, seat + 2) if x % 3 not in s["out"])
    if s["phase"] == "defend":  # attacked with the last card: the next player still defends
        assert t.state.attacker == seat and s["turn"] == after
    else:  # beat with the last card: the next player attacks (D2.1)
        assert s["turn"] == after
        rejected(t, defend(seat, unseen(t)), "D2.1")


def test_D2_2_two_players_emptying_their_hands_together_is_a_draw():
    t = hidden(2)
    auto(t)  # no take happens: 18 attacks, 18 beats, both go out on the last beat
    s = t.summary()
    assert s["takes"] == [0, 0] and s["stack"] and len(s["stack"]) == 36
    assert s["phase"] == "over" and s["goat"] is None and sorted(s["out"]) == [0, 1]
    assert t.session.records[-1].losers == ()
    rejected(t, attack(0, "6C"), "D2.2")


def test_D2_2_the_last_player_holding_cards_is_the_fool():
    t = hidden(3)
    ok(t, attack(0, "AS"))
    ok(t, take(1))  # Bob takes AS: he now holds one card more than the others
    r = auto(t, stop=lambda r: note(r, "goat") is not None)
    s = t.summary()
    fool = note(r, "goat")["seat"]
    assert s["phase"] == "over" and s["goat"] == fool
    assert s["hand_sizes"][fool] + s["stumps"][fool] > 0
    assert sorted(s["out"] + [fool]) == [0, 1, 2]
    record = t.session.records[-1]
    assert record.losers == (NAMES[fool],) and record.loser_seat == fool
    assert t.session.tally()[NAMES[fool]]["losses"] == 1
    rejected(t, take(fool), "D2.2")


# -- malformed input ---------------------------------------------------------------------------
@pytest.mark.parametrize("ev", [
    {"type": "attack", "seat": 9, "card": "6C"},
    {"type": "attack", "seat": "0", "card": "6C"},
    {"type": "attack", "seat": 0, "card": "XX"},
    {"type": "attack", "seat": 0},
    {"type": "take", "seat": 1, "count": -1},
    {"type": "take", "seat": 1, "count": True},
    {"type": "take", "seat": 1, "cards": "6C"},
    {"type": "hand", "seat": 0, "cards": ["6C", "nope"]},
    {"type": "dance", "seat": 0},
])
def test_malformed_events_are_errors_that_change_nothing(ev):
    t = table()
    rejected(t, ev, severity="error")


@pytest.mark.parametrize("ev", [
    {"type": "start", "game": "penki", "players": "Ann"},
    {"type": "start", "game": "penki", "players": ["Ann", "Ann"]},
    {"type": "start", "game": "penki", "players": ["Ann", "Bob"], "mode": "secret"},
    {"type": "start", "game": "penki", "players": ["Ann", "Bob"], "variants": {"wild": True}},
    {"type": "start", "game": "penki", "players": ["Ann", "Bob"], "trump": "X"},
    {"type": "start", "game": "penki", "players": ["Ann", "Bob"], "leader": 5},
    {"type": "start", "game": "penki", "players": ["Ann", "Bob"], "hand_sizes": [16]},
    {"type": "start", "game": "penki", "players": ["Ann", "Bob"], "hands": [["6C"]]},
])
def test_malformed_starts_are_errors(ev):
    t = Table()
    rejected(t, ev, severity="error")


def test_D5_1a_a_deal_must_share_the_cards_evenly():
    rejected(Table(), start(None, n=2, mode="hidden", hand_sizes=[17, 15]), "D5.1a")
    rejected(Table(), start(None, n=2, mode="hidden", hand_sizes=[16, 15]), "D5.1a")
    bad = [h[:] for h in SIX]
    bad[0].append(bad[5].pop())
    rejected(Table(), start(bad), "D5.1a")
    ok(Table(), start(None, n=5, mode="hidden", hand_sizes=[5, 5, 6, 5, 5]))


def test_D5_1a_the_trump_card_is_in_a_hand():
    t = table(trump=None)
    rejected(t, {"type": "trump", "card": "KH"}, "D5.1a")  # every hand is known: KH is a stump
    ok(t, {"type": "trump", "card": "AH"})


def test_hand_reveal_must_fit_what_the_referee_knows():
    t = hidden(2)
    ok(t, attack(0, "6C"))
    rejected(t, {"type": "hand", "seat": 0, "cards": ["7C"] * 15}, "D0.1")
    diamonds = [r + "D" for r in RANKS]
    rejected(t, {"type": "hand", "seat": 1, "cards": ["6C"] + diamonds + ["6S", "7S", "8S", "9S", "10S", "JS"]},
             "D0.1")  # 6C is on the stack
    r = ok(t, {"type": "hand", "seat": 1, "cards": diamonds + ["6S", "7S", "8S", "9S", "10S", "JS", "QS"]})
    assert r.severity == "info"
    rejected(t, defend(1, "7C"), "D0.1")  # Bob's hand is known now: no clubs


def test_undo_withdraws_a_take():
    t = hidden(2)
    ok(t, attack(0, "9S"))
    before = (t.summary(), t.view())
    ok(t, take(1))
    assert ok(t, {"type": "undo"}).notes[0]["kind"] == "undo"
    assert (t.summary(), t.view()) == before


def test_view_for_a_seat_shows_only_its_own_hand():
    t = table()
    mine = t.view(2)
    assert list(mine["hands"]) == ["2"] and mine["hands"]["2"]["known"] == ["8D", "9D", "JC", "QC"]
    assert len(t.view()["hands"]) == 6
