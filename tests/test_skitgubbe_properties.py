"""Property tests over random legal games (hypothesis picks seeds, sizes and variants).

Default runs play a few hundred games; `pytest -m slow` plays thousands.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import Table
from referee.games.skitgubbe import (DRECK_PILE, KILLED, ON_TABLE, OUT_OF_GAME, POOL, WON,
                                     legal_events)
from referee.simulate import simulate_logs
from ruling_checks import assert_hidden_log_ends_like_open, assert_replay_gives_the_same_rulings, assert_undo_then_redo_is_identity

VARIANT_SETS = [
    {}, {"no_slough_for_trump": True}, {"no_bottom_card": True}, {"high_trump": True},
    {"aces_low_part1": True}, {"beat_any_suit": True}, {"double_deck": True},
    {"three_player_muddle": True}, {"high_trump": True, "beat_any_suit": True, "no_bottom_card": True},
]

games = st.tuples(
    st.integers(min_value=0, max_value=10**9),  # seed
    st.integers(min_value=3, max_value=7),  # players
    st.sampled_from(VARIANT_SETS),
)


def logs(game):
    seed, n, variants = game
    if variants.get("three_player_muddle"):
        n = 3
    return simulate_logs("skitgubbe", n, seed, variants)


def count_cards(state) -> int:
    """Every card of the game, wherever it is (hands, stock, aside, table, winnings, killed...)."""
    total = sum(state.size) + state.stock + sum(len(w) for w in state.won) + sum(state.won_hidden)
    total += sum(1 for places in state.loc.values() for p in places
                 if p in (ON_TABLE, KILLED, OUT_OF_GAME, DRECK_PILE, POOL))
    total -= sum(1 for places in state.loc.values() for p in places if p == POOL)  # counted in size
    aside_waiting = state.aside_holder is not None and state.phase == "part1" or (
        state.phase == "intermission" and not state.variants.no_bottom_card)
    bottom_waiting = state.variants.no_bottom_card and state.phase in ("part1", "intermission")
    return total + int(bool(aside_waiting)) + int(bottom_waiting)


def check_locations(state):
    """Open mode: a known card is where the referee says, and never in two places at once."""
    for seat in range(state.n):
        for card in state.known[seat]:
            assert seat in state.loc[card], (card, seat, state.loc[card])
        for card in state.won[seat]:
            assert WON + seat in state.loc[card]
    for card, places in state.loc.items():
        assert len(places) <= state.copies, (card, places)


@settings(max_examples=120)
@given(games)
def test_cards_are_conserved_and_each_game_has_one_goat(game):
    open_log, _ = logs(game)
    table = Table()
    total = 104 if game[2].get("double_deck") else 52
    for event in open_log:
        ruling = table.apply(event)
        assert ruling.ok, (event, ruling)
        assert count_cards(table.state) == total, (event, table.summary())
        check_locations(table.state)
    summary = table.summary()
    assert summary["phase"] == "over"
    people = len(table.state.players)
    assert summary["goat"] is not None
    goat_person = table.state.owner[summary["goat"]]
    hands_of_goat = [s for s in range(table.state.n) if table.state.owner[s] == goat_person]
    assert all(s in summary["out"] for s in range(table.state.n) if s not in hands_of_goat)
    tally = table.session.tally()
    assert sum(v["losses"] for v in tally.values()) == 1
    assert len(tally) == people


@settings(max_examples=150)
@given(games)
def test_hidden_mode_never_rejects_a_legal_play(game):
    open_log, hidden_log = logs(game)
    assert_hidden_log_ends_like_open(open_log, hidden_log)



@settings(max_examples=100)
@given(games, st.data())
def test_a_part1_play_the_camera_could_not_read_costs_no_later_ruling(game, data):
    """Any one Part 1 card played from hand logged unread ("??"): every event of the game
    is still accepted, and the game ends as it did."""
    _, hidden_log = logs(game)
    trump_at = next(i for i, e in enumerate(hidden_log) if e["type"] == "trump")
    plays = [i for i, e in enumerate(hidden_log[:trump_at])
             if e["type"] == "play" and e.get("source") != "stock"]
    at = data.draw(st.sampled_from(plays))
    log = [dict(e) for e in hidden_log]
    log[at]["cards"] = ["??"]
    table, truth = Table(), Table()
    for event, true_event in zip(log, hidden_log):
        ruling = table.apply(event)
        assert ruling.ok, (event, ruling)
        truth.apply(true_event)
    assert table.summary() == truth.summary()

@settings(max_examples=40)
@given(games, st.data())
def test_undo_then_redo_returns_the_same_state(game, data):
    _, hidden_log = logs(game)
    cut = data.draw(st.integers(min_value=1, max_value=len(hidden_log) - 1))
    assert_undo_then_redo_is_identity(hidden_log, cut)


@settings(max_examples=25)
@given(games)
def test_replaying_a_log_gives_the_same_rulings(game):
    _, hidden_log = logs(game)
    assert_replay_gives_the_same_rulings(hidden_log)


@settings(max_examples=30)
@given(games, st.data())
def test_legal_events_are_exactly_what_the_referee_accepts(game, data):
    """At random points of random games: every listed event is accepted, and any other
    play, slough, eat or collect by anybody is rejected."""
    open_log, _ = logs(game)
    cut = data.draw(st.integers(min_value=1, max_value=len(open_log) - 1))
    table = Table()
    for event in open_log[:cut]:
        table.apply(event)
    state = table.state
    if state.phase not in ("part1", "part2") or any(state.size[s] != len(state.known[s]) for s in range(state.n)):
        return
    legal = [e for e in legal_events(state) if e.get("source") != "stock"]
    keys = {json.dumps(e, sort_keys=True) for e in legal}
    for event in legal:
        ruling = table.apply(event)
        assert ruling.ok, (event, ruling)
        table.apply({"type": "undo"})
    candidates = []
    for seat in range(state.n):
        candidates.append({"type": "collect", "seat": seat})
        if state.phase == "part2":
            candidates.append({"type": "eat", "seat": seat})
        for card in state.known[seat]:
            candidates.append({"type": "play", "seat": seat, "cards": [card]})
            if state.phase == "part1":
                candidates.append({"type": "slough", "seat": seat, "card": card})
    for event in candidates:
        if json.dumps(event, sort_keys=True) in keys:
            continue
        if event["type"] == "collect" and state.phase == "part2":
            continue  # not a Part 2 event at all: rejected, but covered by the phase tests
        ruling = table.apply(event)
        assert not ruling.ok, (event, ruling)


def test_simulation_is_deterministic_by_seed():
    assert simulate_logs("skitgubbe", 4, 123) == simulate_logs("skitgubbe", 4, 123)
    assert simulate_logs("skitgubbe", 4, 123) != simulate_logs("skitgubbe", 4, 124)


@pytest.mark.slow
@settings(max_examples=2000)
@given(games)
def test_many_games_slow(game):
    open_log, hidden_log = logs(game)
    for log in (open_log, hidden_log):
        table = Table()
        for event in log:
            assert table.apply(event).ok
        assert table.summary()["goat"] is not None
