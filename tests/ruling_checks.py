"""Assertions on rulings shared by every game's rule tests (imported by the *_support modules)."""

from __future__ import annotations

from referee import Table


def notes_of(r, kind) -> list:
    return [n for n in r.notes if n.get("kind") == kind]


def note(r, kind):
    found = notes_of(r, kind)
    return found[0] if found else None


def ok(t: Table, ev):
    r = t.apply(ev)
    assert r.ok, f"expected {ev} to be accepted, got {r.to_dict()}"
    assert r.severity in ("ok", "info", "warning"), r.to_dict()
    return r


def run(t: Table, events) -> list:
    return [ok(t, ev) for ev in events]


def rejected(t: Table, ev, rule=None, severity="illegal"):
    """The event is refused with `severity` (and `rule`) and changes nothing (table-log)."""
    summary, view = t.summary(), t.view()
    r = t.apply(ev)
    assert not r.ok, f"expected {ev} to be rejected, got {r.to_dict()}"
    assert r.severity == severity, r.to_dict()
    if rule is not None:
        assert r.rule == rule, r.to_dict()
    assert t.summary() == summary, "a rejected event changed the summary"
    assert t.view() == view, "a rejected event changed the table"
    return r


# -- properties every game's log has (used by the tests/test_*_properties.py files) -------
def assert_undo_then_redo_is_identity(log: list[dict], cut: int) -> None:
    """Undoing event `cut` restores the state before it; applying it again, the state after."""
    table = Table()
    for event in log[:cut]:
        table.apply(event)
    before = (table.summary(), table.view())
    table.apply(log[cut])
    after = (table.summary(), table.view())
    assert table.apply({"type": "undo"}).ok
    assert (table.summary(), table.view()) == before
    assert table.apply(log[cut]).ok
    assert (table.summary(), table.view()) == after


def assert_replay_gives_the_same_rulings(log: list[dict]) -> None:
    import json

    lines = [json.dumps(e) for e in log]
    rulings = [[t.apply(line).to_dict() for line in lines] for t in (Table(), Table())]
    assert rulings[0] == rulings[1]


def assert_hidden_log_ends_like_open(open_log: list[dict], hidden_log: list[dict], after_each=None):
    """The hidden log (what a camera records) is accepted event by event with no proven
    violation (`after_each(table)` checks more after each event) and ends in the open log's
    summary. Returns both tables for game-specific checks of the end."""
    import json

    table = Table()
    for line in hidden_log:
        ruling = table.apply(json.dumps(line))
        assert ruling.ok, (line, ruling)
        assert not any(n["kind"] == "proven_violation" for n in ruling.notes), ruling
        if after_each is not None:
            after_each(table)
    reference = Table()
    for event in open_log:
        reference.apply(event)
    assert table.summary() == reference.summary()
    return table, reference
