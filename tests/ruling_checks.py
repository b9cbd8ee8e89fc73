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
