"""Property tests over random legal Golf matches (hypothesis picks seeds, sizes and variants).

Each simulated log is a short match (1-2 rounds) so the default run stays fast;
`pytest -m slow` plays full nine-hole matches.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import Table
from referee.games.golf import legal_events
from referee.games.golf_sim import simulate_game
from referee.simulate import simulate_logs
from ruling_checks import assert_hidden_log_ends_like_open, assert_replay_gives_the_same_rulings, assert_undo_then_redo_is_identity

VARIANT_SETS = [
    {}, {"four_card": True}, {"nine_card": True}, {"four_in_hand": True}, {"eight_card": True},
    {"ten_card": True, "any_pair_cancels": True}, {"jokers": True, "closer_penalty_10": True},
    {"four_card": True, "diagonal_pairs": True, "take_pile_last_turn": True, "closer_penalty_double": True},
    {"four_card": True, "no_cancel": True}, {"four_of_a_kind_bonus": True, "first_flip_same_column": True},
    {"nine_card": True, "first_flip_different_columns": True, "last_turn_stock_only": True},
]
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"]

games = st.tuples(
    st.integers(min_value=0, max_value=10**9),  # seed
    st.integers(min_value=2, max_value=8),  # players
    st.sampled_from(VARIANT_SETS),
    st.integers(min_value=1, max_value=2),  # holes
)


def logs(game):
    seed, n, variants, holes = game
    return simulate_game(NAMES[:n], seed, variants, holes=holes)


def known_out(state) -> int:
    """Cards out of the stock: in open mode the referee knows every one of them."""
    return state.n * state.size + len(state.pile) + (state.drawn is not None)


def count_cards(state) -> int:
    return state.n * state.size + state.stock + len(state.pile) + (state.drawn is not None)


@settings(max_examples=80)
@given(games)
def test_cards_are_conserved_and_each_match_has_winners(game):
    open_log, _ = logs(game)
    table = Table()
    for event in open_log:
        ruling = table.apply(event)
        assert ruling.ok, (event, ruling)
        state = table.state
        assert count_cards(state) == 52 * state.copies, event
        located = sum(c is not None for g in state.grid for c in g) + len(state.pile) + (
            state.drawn is not None and state.drawn[1] is not None)
        assert state.known_cards() == located  # the referee's copy count matches where cards lie
        if event["type"] not in ("start", "hand"):  # open mode: the deal has been told
            assert all(c is not None for g in state.grid for c in g) and located == known_out(state)
        assert all(0 <= c <= state.copies for c in state.seen.values())
    summary = table.summary()
    sheet = summary["sheet"]
    assert summary["phase"] == "over" and sheet["match_over"]
    assert len(sheet["rounds"]) == game[3]
    low = min(sheet["totals"])
    assert sheet["winners"] == [NAMES[s] for s, total in enumerate(sheet["totals"]) if total == low]
    tally = table.session.tally()
    assert [tally[name]["points"] for name in sheet["players"]] == sheet["totals"]
    assert all(v["losses"] == 0 for v in tally.values())


@settings(max_examples=100)
@given(games)
def test_hidden_log_replays_without_rejection_to_the_same_result(game):
    open_log, hidden_log = logs(game)
    assert_hidden_log_ends_like_open(open_log, hidden_log)


@settings(max_examples=20)
@given(games, st.data())
def test_undo_then_redo_returns_the_same_state(game, data):
    _, hidden_log = logs(game)
    cut = data.draw(st.integers(min_value=1, max_value=len(hidden_log) - 1))
    assert_undo_then_redo_is_identity(hidden_log, cut)


@settings(max_examples=10)
@given(games)
def test_replaying_a_log_gives_the_same_rulings(game):
    _, hidden_log = logs(game)
    assert_replay_gives_the_same_rulings(hidden_log)


def candidates(state) -> list[dict]:
    """Every draw, swap, discard, knock, flip, peek and reshuffle anybody could try now."""
    events = [{"type": "reshuffle"}]
    drawn = state.drawn[1] if state.drawn else None
    for seat in range(state.n):
        events += [{"type": "draw", "seat": seat, "source": "stock"}, {"type": "knock", "seat": seat}]
        if state.pile:
            events.append({"type": "draw", "seat": seat, "source": "discard", "card": state.pile[-1]})
        if drawn is not None:
            events.append({"type": "discard", "seat": seat, "card": drawn})
        for pos in range(state.size):
            events.append({"type": "flip", "seat": seat, "position": pos, "card": state.grid[seat][pos]})
            events.append({"type": "peek", "seat": seat, "positions": [pos]})
            if drawn is not None:
                events.append({"type": "swap", "seat": seat, "position": pos,
                               "card_out": state.grid[seat][pos], "card": drawn})
    return events


@settings(max_examples=80)
@given(games, st.data())
def test_legal_events_are_exactly_what_the_referee_accepts(game, data):
    """At random points of random matches: every listed event is accepted, and every other
    candidate event by anybody is refused."""
    open_log, _ = logs(game)
    cut = data.draw(st.integers(min_value=1, max_value=len(open_log) - 1))
    table = Table()
    for event in open_log[:cut]:
        table.apply(event)
    state = table.state
    if state.phase == "deal" and not state.pile:
        return  # the discard pile's first card comes from the physical stock
    legal = legal_events(state)
    keys = {json.dumps(e, sort_keys=True) for e in legal}
    for event in legal:
        ruling = table.apply(event)
        assert ruling.ok, (event, ruling)
        table.apply({"type": "undo"})
    for event in candidates(state):
        if json.dumps(event, sort_keys=True) in keys:
            continue
        if state.variants.four_in_hand and event["type"] == "swap":
            continue  # a position means nothing with cards in hand: any held card may go
        ruling = table.apply(event)
        assert not ruling.ok, (event, ruling)


def test_simulation_is_deterministic_by_seed():
    assert simulate_logs("golf", 4, 123) == simulate_logs("golf", 4, 123)
    assert simulate_logs("golf", 4, 123) != simulate_logs("golf", 4, 124)


@pytest.mark.slow
@settings(max_examples=300)
@given(games)
def test_many_full_matches_slow(game):
    seed, n, variants, _ = game
    open_log, hidden_log = simulate_game(NAMES[:n], seed, variants, holes=9)
    results = []
    for log in (open_log, hidden_log):
        table = Table()
        for event in log:
            assert table.apply(event).ok
        results.append(table.summary())
    assert results[0] == results[1] and results[0]["sheet"]["match_over"]
