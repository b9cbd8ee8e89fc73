"""Rulings: the referee's one answer to each table-log event."""

from __future__ import annotations

from dataclasses import dataclass, field

OK, INFO, WARNING, ILLEGAL, ERROR = "ok", "info", "warning", "illegal", "error"


@dataclass(frozen=True, slots=True)
class Ruling:
    ok: bool
    severity: str
    rule: str | None
    message: str = ""
    notes: tuple = field(default_factory=tuple)
    seq: int = -1

    def to_dict(self) -> dict:
        return {
            "seq": self.seq,
            "ok": self.ok,
            "severity": self.severity,
            "rule": self.rule,
            "message": self.message,
            "notes": list(self.notes),
        }


class Illegal(Exception):
    """Raised by a game while applying an event: the event breaks `rule`."""

    def __init__(self, rule: str | None, message: str):
        super().__init__(message)
        self.rule = rule
        self.message = message


class BadEvent(Exception):
    """Raised when an event is malformed (not a rules question): an `error` ruling."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def accepted(rule: str | None, message: str = "", notes: list | tuple = (), severity: str = OK) -> Ruling:
    return Ruling(True, severity, rule, message, tuple(notes))
