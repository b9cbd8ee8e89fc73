"""The event-sourced referee for one table.

`Table.apply(event)` takes one table-log event and returns one `Ruling`. Every accepted
event pushes a new immutable snapshot, so a rejected event changes nothing, `undo`
pops a snapshot, and replaying the same log always gives the same rulings. The table
knows games only through `referee.games.get_game`; a game object is a set of pure
functions over its own state (`start`, `apply`, `summary`, `view`, `result`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from referee.cards import CardError
from referee.games import game_names, get_game
from referee.ruling import ERROR, ILLEGAL, WARNING, BadEvent, Illegal, Ruling, accepted
from referee.session import GameRecord, Session

#: Undo keeps a snapshot for this many recent events; older ones are rebuilt by replay
#: (rare), so memory stays flat over an evening of games.
UNDO_SNAPSHOTS = 512


@dataclass(frozen=True, slots=True)
class TableState:
    game: object | None = None  # the game module's GAME object
    state: object | None = None  # that game's state
    session: Session = Session()
    recorded: bool = False  # the current game's end is already in the session


class Table:
    """One physical table: a session of games, refereed event by event."""

    def __init__(self) -> None:
        self._now = TableState()
        # (seq, event, state before it or None when dropped) for every accepted event.
        self._undo_stack: list[tuple[int, dict, TableState | None]] = []
        self.next_seq = 0

    # -- reading -----------------------------------------------------------------
    @property
    def game(self):
        return self._now.game

    @property
    def state(self):
        return self._now.state

    @property
    def session(self) -> Session:
        return self._now.session

    def summary(self) -> dict:
        if self._now.game is None:
            return {"game": None, "phase": "setup", "trump": None, "turn": None, "kills": 0,
                    "tricks_won": [], "hand_sizes": [], "out": [], "goat": None}
        return self._now.game.summary(self._now.state)

    def last_accepted(self, back: int = 0) -> dict | None:
        """The event an `undo` would withdraw now (with `back`, the one the undo after `back`
        more undos would), or None when there is none."""
        return self._undo_stack[-1 - back][1] if back < len(self._undo_stack) else None

    def view(self, seat: int | None = None) -> dict:
        """What the referee knows (all of it, or only what `seat` may see)."""
        if self._now.game is None:
            return {"phase": "setup"}
        return self._now.game.view(self._now.state, seat)

    # -- events ------------------------------------------------------------------
    def apply(self, event: object, seq: int | None = None) -> Ruling:
        """Apply one event (a dict, or one JSON line) and return its ruling."""
        if seq is None:
            seq = self.next_seq
        self.next_seq = seq + 1
        try:
            ruling = self._apply(event, seq)
        except Illegal as exc:
            ruling = Ruling(False, ILLEGAL, exc.rule, exc.message)
        except (BadEvent, CardError) as exc:
            ruling = Ruling(False, ERROR, None, getattr(exc, "message", None) or str(exc))
        except RecursionError:
            ruling = Ruling(False, ERROR, None, "event is nested too deeply to read")
        except Exception as exc:  # a referee bug must not stop the table: report it, change nothing
            ruling = Ruling(False, ERROR, None, f"the referee could not judge this event "
                                                f"({type(exc).__name__}: {exc}); please report it")
        return Ruling(ruling.ok, ruling.severity, ruling.rule, ruling.message, ruling.notes, seq)

    def _apply(self, event: object, seq: int) -> Ruling:
        if isinstance(event, (str, bytes, bytearray)):
            try:
                event = json.loads(event)
            except (ValueError, UnicodeDecodeError) as exc:
                raise BadEvent(f"not valid JSON: {exc}") from None
        if not isinstance(event, dict):
            raise BadEvent("an event must be a JSON object with a 'type'")
        etype = event.get("type")
        if not isinstance(etype, str):
            raise BadEvent("the event has no 'type' (e.g. 'start', 'play', 'undo')")
        if etype == "undo":
            return self._undo()
        before = self._now
        if etype == "start":
            after, ruling = self._start(event, seq)
        elif before.game is None:
            raise BadEvent(f"no game has started: the log must begin with a 'start' event, not {etype!r}")
        else:
            state, ruling = before.game.apply(before.state, event, seq)
            after = TableState(before.game, state, before.session, before.recorded)
        after = self._record_result(after)
        self._undo_stack.append((seq, event, before))
        if len(self._undo_stack) > UNDO_SNAPSHOTS:
            old_seq, old_event, _ = self._undo_stack[-UNDO_SNAPSHOTS - 1]
            self._undo_stack[-UNDO_SNAPSHOTS - 1] = (old_seq, old_event, None)
        self._now = after
        return ruling

    def _start(self, event: dict, seq: int) -> tuple[TableState, Ruling]:
        name = event.get("game")
        if not isinstance(name, str):
            raise BadEvent(f"'start' needs a 'game', one of {game_names()}")
        try:
            game = get_game(name.strip().lower())
        except KeyError:
            raise BadEvent(f"unknown game {name!r}: goatherd referees {game_names()}") from None
        session = self._now.session
        abandoned = self._now.game is not None and not self._now.recorded
        if abandoned:
            old = self._now.game.summary(self._now.state)
            session = session.add(GameRecord(old["game"], tuple(self._now.game.players(self._now.state)),
                                             (), (), abandoned=True))
        state, ruling = game.start(event, session, seq)
        if abandoned:
            note = {"kind": "abandoned", "message": "the unfinished game before this start was abandoned"}
            ruling = Ruling(True, WARNING, ruling.rule, ruling.message + " (the unfinished game was abandoned)",
                            ruling.notes + (note,))
        return TableState(game, state, session, False), ruling

    def _record_result(self, now: TableState) -> TableState:
        if now.game is None or now.recorded:
            return now
        record = now.game.result(now.state)
        if record is None:
            return now
        return TableState(now.game, now.state, now.session.add(record), True)

    def _undo(self) -> Ruling:
        if not self._undo_stack:
            raise BadEvent("nothing to undo")
        seq, event, before = self._undo_stack.pop()
        if before is None:
            before = self._rebuild()
        self._now = before
        return accepted(None, f"withdrew event #{seq} ({event.get('type')})",
                        [{"kind": "undo", "withdrawn": seq}])


    def _rebuild(self) -> TableState:
        """The state after every event still on the undo stack, by replaying them all."""
        scratch = Table()
        for seq, event, _ in self._undo_stack:
            if not scratch.apply(event, seq).ok:  # cannot happen: they were all accepted
                raise RuntimeError(f"replay of event #{seq} was refused")
        return scratch._now


def replay(lines, table: Table | None = None):
    """Referee a whole log: yields one ruling per non-blank line, seq = 0-based line number."""
    table = table or Table()
    for index, line in enumerate(lines):
        if isinstance(line, (str, bytes)) and not line.strip():
            continue
        yield table.apply(line, seq=index)
