"""Property tests over random legal Shithead games (hypothesis picks seeds, sizes and
variants). Default runs play a few hundred games; `pytest -m slow` plays thousands."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from referee import Table
from referee.games.shithead import BURNED, FACE_UP, PILE, _sets, legal_events
from referee.games.shithead_sim import PLAYERS, SimulationError, simulate_game
from referee.simulate import EndlessGame, simulate_logs
from ruling_checks import assert_hidden_log_ends_like_open, assert_replay_gives_the_same_rulings, assert_undo_then_redo_is_identity

VARIANT_SETS = [
    {}, {"jokers": True}, {"reverse_rank": True, "skip_rank": True}, {"transparent": "8"},
    {"transparent": "7", "skip_rank": "8"}, {"lower_than_seven": True}, {"tens_restricted": True},
    {"stacking": True},
    {"jokers": ["QS", "QH"], "reverse_rank": "9", "skip_rank": "J", "transparent": "8",
     "lower_than_seven": True, "tens_restricted": True, "stacking": True},
]

games = st.tuples(
    st.integers(min_value=0, max_value=10**9),  # seed
    st.integers(min_value=2, max_value=6),  # players
    st.sampled_from(VARIANT_SETS),
)


def logs(game):
    seed, n, variants = game
    if n == 6 and not variants.get("jokers"):
        variants = dict(variants, jokers=True)
    try:
        return simulate_logs("shithead", n, seed, variants)
    except EndlessGame:  # a deal the rules let go round forever: no game to check
        reject()


def count_cards(state) -> int:
    """Every card of the game, wherever it is."""
    return (sum(state.size) + sum(len(f or ()) for f in state.face_up) + sum(state.face_down)
            + state.stock + state.aside + len(state.pile) + state.burned)


def check_locations(state):
    """A known card is where the referee says, and never in more places than copies."""
    for seat in range(state.n):
        for card in state.known[seat]:
            assert seat in state.loc[card], (card, seat, state.loc[card])
        for card in state.face_up[seat] or ():
            assert FACE_UP + seat in state.loc[card]
        assert len(state.known[seat]) <= state.size[seat]
    for card in state.pile:
        assert PILE in state.loc[card]
    assert sum(p == BURNED for places in state.loc.values() for p in places) == state.burned
    for card, places in state.loc.items():
        assert len(places) <= state.copies, (card, places)


@settings(max_examples=60)
@given(games)
def test_cards_are_conserved_and_each_game_has_one_shithead(game):
    open_log, _ = logs(game)
    table = Table()
    total = None
    for event in open_log:
        ruling = table.apply(event)
        assert ruling.ok, (event, ruling)
        total = total or 52 * table.state.copies
        assert count_cards(table.state) == total, (event, table.summary())
        check_locations(table.state)
    summary = table.summary()
    n = len(table.state.players)
    assert summary["phase"] == "over" and summary["goat"] is not None
    assert sorted(summary["out"] + [summary["goat"]]) == list(range(n))
    tally = table.session.tally()
    assert sum(v["losses"] for v in tally.values()) == 1 and len(tally) == n


@settings(max_examples=60)
@given(games)
def test_hidden_log_replays_without_rejection_to_the_same_end(game):
    open_log, hidden_log = logs(game)
    table, reference = assert_hidden_log_ends_like_open(open_log, hidden_log)
    assert table.session.last().losers == reference.session.last().losers


@settings(max_examples=25)
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


def _candidates(state) -> list[dict]:
    """Plays, takes, swaps and stacks by anybody, from what each seat holds."""
    events = []
    for seat in range(state.n):
        events.append({"type": "take", "seat": seat})
        for source, pool in (("hand", state.known[seat]), ("face_up", state.face_up[seat] or [])):
            for cards in _sets(state, pool):
                events.append({"type": "play", "seat": seat, "cards": cards, "source": source})
        if state.phase == "swap" and state.face_up[seat] is not None:
            for h in state.known[seat]:
                for f in state.face_up[seat]:
                    events.append({"type": "swap", "seat": seat, "hand_card": h, "table_card": f})
            for cards in _sets(state, state.known[seat]):
                events.append({"type": "stack", "seat": seat, "cards": cards})
        if state.owed[seat]:
            events.append({"type": "draw", "seat": seat, "count": state.owed[seat] + 1})
    return events


@settings(max_examples=30)
@given(games, st.data())
def test_legal_events_are_exactly_what_the_referee_accepts(game, data):
    """At random points of random open games: every listed event is accepted, and any other
    play, take, swap or stack by anybody is rejected."""
    open_log, _ = logs(game)
    cut = data.draw(st.integers(min_value=1, max_value=len(open_log) - 1))
    table = Table()
    for event in open_log[:cut]:
        table.apply(event)
    state = table.state
    if any(state.size[s] != len(state.known[s]) for s in range(state.n)):
        return  # a count-only draw left a hand partly unknown: legal_events needs open hands
    legal = [e for e in legal_events(state) if e.get("cards") != ["??"]]
    keys = {json.dumps(e, sort_keys=True) for e in legal}
    for event in legal:
        ruling = table.apply(event)
        assert ruling.ok, (event, ruling)
        table.apply({"type": "undo"})
    for event in _candidates(state):
        if json.dumps(event, sort_keys=True) in keys:
            continue
        ruling = table.apply(event)
        assert not ruling.ok, (event, ruling)


def test_a_deal_that_goes_round_forever_is_reported_as_endless():
    # Two players are left, each holding two jacks (skip_rank) and other cards: a jack makes
    # its player play again on a jack, so it only ever leaves a hand as the last card.
    variants = {"reverse_rank": True, "skip_rank": True}
    with pytest.raises(EndlessGame, match="seed 839: nobody went out"):
        simulate_logs("shithead", 4, 839, variants)
    open_log, _ = simulate_logs("shithead", 4, 840, variants)
    assert open_log[-1]["type"] in ("play", "take")


def test_simulation_is_deterministic_by_seed():
    assert simulate_logs("shithead", 4, 123) == simulate_logs("shithead", 4, 123)
    assert simulate_logs("shithead", 4, 123) != simulate_logs("shithead", 4, 124)
    assert PLAYERS == (2, 6)
    with pytest.raises(SimulationError):
        simulate_game(["A", "B", "C", "D", "E", "F"], 1)


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
