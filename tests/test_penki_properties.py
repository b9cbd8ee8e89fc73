"""Penki property tests over random legal games (hypothesis picks seeds, sizes, variants).

Default runs play about two hundred games; `pytest -m slow` plays thousands.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import Table
from referee.games.penki import STACK, legal_events
from referee.simulate import simulate_logs
from ruling_checks import assert_hidden_log_ends_like_open, assert_replay_gives_the_same_rulings, assert_undo_then_redo_is_identity

games = st.tuples(
    st.integers(min_value=0, max_value=10**9),  # seed
    st.integers(min_value=2, max_value=6),  # players (D0.1)
    st.sampled_from([{}, {"deck52": True}]),
)


def logs(game):
    seed, n, variants = game
    return simulate_logs("penki", n, seed, variants)


def check_cards(state) -> None:
    """Every card is in a hand, a stump or the stack (D5.1c: nothing is discarded), and a
    known card is exactly where the referee says."""
    assert sum(state.size) + sum(state.stumps) + len(state.stack) == len(state.deck)
    assert all(x >= 0 for x in state.size) and all(len(state.known[s]) <= state.size[s] for s in range(state.n))
    for card in state.stack:
        assert state.loc[card] == STACK
    for seat in range(state.n):
        for card in state.known[seat]:
            assert state.loc[card] == seat
    assert len(state.loc) == len(state.stack) + sum(len(k) for k in state.known)


@settings(max_examples=60)
@given(games)
def test_cards_are_conserved_and_each_game_ends_with_one_fool_or_a_draw(game):
    open_log, _ = logs(game)
    table = Table()
    for event in open_log:
        ruling = table.apply(event)
        assert ruling.ok, (event, ruling)
        check_cards(table.state)
    s = table.summary()
    assert s["phase"] == "over" and s["turn"] is None
    n = game[1]
    if s["goat"] is None:  # D2.2: a draw only when nobody holds a card
        assert sorted(s["out"]) == list(range(n))
        assert table.session.records[-1].losers == ()
    else:
        assert sorted(s["out"] + [s["goat"]]) == list(range(n))
        assert s["hand_sizes"][s["goat"]] + s["stumps"][s["goat"]] > 0
        assert sum(v["losses"] for v in table.session.tally().values()) == 1


@settings(max_examples=60)
@given(games)
def test_hidden_log_replays_without_rejection_and_ends_like_the_open_log(game):
    open_log, hidden_log = logs(game)
    table, reference = assert_hidden_log_ends_like_open(open_log, hidden_log, lambda t: check_cards(t.state))
    assert table.session.records == reference.session.records


@settings(max_examples=30)
@given(games, st.data())
def test_legal_events_are_exactly_what_the_referee_accepts(game, data):
    """At a random point of a random open game: every listed event is accepted, and every
    other attack, defend, take or stumps by anybody with any card is rejected."""
    open_log, _ = logs(game)
    cut = data.draw(st.integers(min_value=1, max_value=len(open_log) - 1))
    table = Table()
    for event in open_log[:cut]:
        table.apply(event)
    state = table.state
    if state.phase not in ("attack", "defend") or not state.all_hands_known():
        return
    legal = legal_events(state)
    assert legal, table.summary()
    keys = {json.dumps(e, sort_keys=True) for e in legal}
    for event in legal:
        assert table.apply(event).ok, event
        table.apply({"type": "undo"})
    candidates = []
    for seat in range(state.n):
        candidates += [{"type": "take", "seat": seat}, {"type": "stumps", "seat": seat}]
        for card in sorted(state.deck):
            candidates += [{"type": kind, "seat": seat, "card": card} for kind in ("attack", "defend")]
    for event in candidates:
        if json.dumps(event, sort_keys=True) not in keys:
            assert not table.apply(event).ok, event


@settings(max_examples=30)
@given(games, st.data())
def test_undo_then_redo_returns_the_same_state(game, data):
    _, hidden_log = logs(game)
    cut = data.draw(st.integers(min_value=1, max_value=len(hidden_log) - 1))
    assert_undo_then_redo_is_identity(hidden_log, cut)


@settings(max_examples=15)
@given(games)
def test_replaying_a_log_gives_the_same_rulings(game):
    _, hidden_log = logs(game)
    assert_replay_gives_the_same_rulings(hidden_log)


def test_simulation_is_deterministic_by_seed():
    assert simulate_logs("penki", 4, 123) == simulate_logs("penki", 4, 123)
    assert simulate_logs("penki", 4, 123) != simulate_logs("penki", 4, 124)


def test_the_hidden_log_is_the_open_log_without_reveals():
    open_log, hidden_log = simulate_logs("penki", 3, 7)
    assert [e for e in open_log if e["type"] != "hand"] == [dict(e, mode="open") if e["type"] == "start" else e
                                                             for e in hidden_log]


@pytest.mark.slow
@settings(max_examples=2000)
@given(games)
def test_many_games_slow(game):
    open_log, hidden_log = logs(game)
    for log in (open_log, hidden_log):
        table = Table()
        for event in log:
            assert table.apply(event).ok
        assert table.summary()["phase"] == "over"
