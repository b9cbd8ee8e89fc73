"""Property tests over random legal Durak games (hypothesis picks seeds, sizes and variants).

Default runs play a few hundred games; `pytest -m slow` plays thousands.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import Table
from referee.games.durak import ASIDE, DISCARD, legal_events
from referee.games.durak_sim import simulate_game, simulate_session
from ruling_checks import assert_hidden_log_ends_like_open, assert_replay_gives_the_same_rulings, assert_undo_then_redo_is_identity

VARIANT_SETS = [
    {}, {"transfer": True}, {"transfer": True, "trump_show_transfer": True}, {"neighbours_only": True},
    {"first_bout_six": True}, {"no_limit": True}, {"two_trumps": True}, {"sit_cards": True},
    {"pass_card": True}, {"toilet": True}, {"deck52": True, "transfer": True},
    {"sit_cards": 4, "deck52": True, "no_limit": True},
]

games = st.one_of(
    st.tuples(st.just("durak"), st.integers(0, 10**9), st.integers(2, 6), st.sampled_from(VARIANT_SETS)),
    st.tuples(st.just("zalupa"), st.integers(0, 10**9), st.just(4), st.sampled_from([{}, {"transfer": True}])),
    st.tuples(st.just("govno"), st.integers(0, 10**9), st.integers(6, 8), st.sampled_from([{}, {"sit_cards": True}])),
)

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"]


def fits(game, n, variants) -> bool:
    deck = 52 if variants.get("deck52") else 36
    sit = 4 if variants.get("sit_cards") == 4 else 2 if variants.get("sit_cards") else 0
    needed = 6 * n + sit * n + (1 if variants.get("two_trumps") else 0)
    return needed < deck if variants.get("two_trumps") else needed <= deck


def logs(game):
    kind, seed, n, variants = game
    variants = dict(variants)
    if kind == "govno" and (n > 6 or variants.get("sit_cards")):
        variants["deck52"] = True
    fewest = 6 if kind == "govno" else 2
    while not fits(kind, n, variants) and n > fewest:
        n -= 1
    return simulate_game(NAMES[:n], seed, variants, kind)


def assert_cards_conserved(table) -> None:
    assert count_cards(table.state) == len(table.state.deck)


def count_cards(state) -> int:
    """Every card of the game, wherever it is."""
    places = list(state.loc.values())
    total = sum(state.size) + state.talon + sum(state.sit) + state.heap
    total += sum(1 + (a.cover is not None) for a in state.table)
    total += places.count(DISCARD) + places.count(ASIDE)
    if state.variants.two_trumps and ASIDE not in places:
        total += 1  # the face-down second trump card
    return total


def check_known(state):
    for seat in range(state.n):
        assert len(state.known[seat]) <= state.size[seat]
        for card in state.known[seat]:
            assert state.loc[card] == seat


@settings(max_examples=100)
@given(games)
def test_cards_are_conserved_and_each_game_has_one_fool_or_a_draw(game):
    open_log, _ = logs(game)
    table = Table()
    for event in open_log:
        ruling = table.apply(event)
        assert ruling.ok, (event, ruling)
        assert count_cards(table.state) == len(table.state.deck), (event, table.summary())
        check_known(table.state)
    summary = table.summary()
    assert summary["phase"] == "over"
    json.dumps(table.view()), json.dumps(table.view(0))  # the web API sends these as JSON
    tally = table.session.tally()
    losses = sum(v["losses"] for v in tally.values())
    if summary["draw"]:
        assert losses == 0 and summary["goat"] is None
    else:
        assert losses == 1 and summary["goat"] is not None
        assert sorted(summary["out"] + [summary["goat"]]) == list(range(table.state.n))


@settings(max_examples=100)
@given(games)
def test_hidden_log_replays_without_rejection_and_ends_the_same(game):
    open_log, hidden_log = logs(game)
    table, reference = assert_hidden_log_ends_like_open(open_log, hidden_log, assert_cards_conserved)
    assert table.session.tally() == reference.session.tally()


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


def candidates(state) -> list[dict]:
    """Every attack, throw-in, defence, transfer, take, 'take' call, discard and show anybody
    could try with the cards they hold."""
    out = [{"type": "discard"}]
    attack_cards = [a.card for a in state.table if a.cover is None]
    for seat in range(state.n):
        out += [{"type": "take", "seat": seat}, {"type": "announce", "seat": seat, "call": "take"}]
        for card in state.known[seat]:
            out += [{"type": "attack", "seat": seat, "card": card},
                    {"type": "throw_in", "seat": seat, "cards": [card]},
                    {"type": "transfer", "seat": seat, "card": card},
                    {"type": "show", "seat": seat, "card": card}]
            out += [{"type": "defend", "seat": seat, "card": card, "covers": a} for a in attack_cards]
    return out


@settings(max_examples=60)
@given(games, st.data())
def test_legal_events_are_exactly_what_the_referee_accepts(game, data):
    open_log, _ = logs(game)
    cut = data.draw(st.integers(min_value=1, max_value=len(open_log) - 1))
    table = Table()
    for event in open_log[:cut]:
        table.apply(event)
    state = table.state
    if state.phase not in ("attack", "bout", "refill") or any(state.hidden(s) for s in range(state.n)):
        return
    legal = legal_events(state)
    keys = {json.dumps(e, sort_keys=True) for e in legal}
    for event in legal:
        ruling = table.apply(event)
        assert ruling.ok, (event, ruling)
        table.apply({"type": "undo"})
    for event in candidates(state):
        if json.dumps(event, sort_keys=True) in keys:
            continue
        ruling = table.apply(event)
        assert not ruling.ok, (event, ruling, state.phase)


def test_simulation_is_deterministic_by_seed():
    assert simulate_game(NAMES[:3], 123) == simulate_game(NAMES[:3], 123)
    assert simulate_game(NAMES[:3], 123) != simulate_game(NAMES[:3], 124)


@settings(max_examples=6)
@given(st.integers(0, 10**9), st.sampled_from(["durak", "zalupa", "govno"]))
def test_sessions_replay_and_carry_over(seed, kind):
    n = {"durak": 3, "zalupa": 4, "govno": 6}[kind]
    open_log, hidden_log = simulate_session(NAMES[:n], seed, 4, game=kind)
    for log in (open_log, hidden_log):
        table = Table()
        for event in log:
            assert table.apply(event).ok, event
    starts = [e for e in hidden_log if e["type"] == "start"]
    assert 1 <= len(starts) <= 4
    if kind == "zalupa" and len(starts) > 1:
        assert "trumps" not in starts[1]  # the match's trumps come from the session


@pytest.mark.slow
@settings(max_examples=1500)
@given(games)
def test_many_games_slow(game):
    open_log, hidden_log = logs(game)
    for log in (open_log, hidden_log):
        table = Table()
        for event in log:
            assert table.apply(event).ok
        assert table.summary()["phase"] == "over"
