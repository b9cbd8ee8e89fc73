"""Live tables: one event-sourced referee per table, persisted event by event.

`Hub` owns the store and every table in memory. Refereeing runs on the server's event
loop thread, so events at one table are strictly ordered without locks. Each refereed
event is queued for the committer, which writes everything queued in one transaction on
a worker thread (group commit: tables share an fsync); the event's ruling is returned,
and broadcast to watchers, only after that transaction is committed. If a commit fails,
its events (and any queued after them at the same tables) are answered 503 and those
tables are rebuilt from what the database holds. On start `Hub.load()` rebuilds every
table by replaying its stored events — rejected ones and undos included, at their stored
seqs — through a fresh `referee.Table`, which gives back the same rulings and tally.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from dataclasses import dataclass, field

from referee import Table
from referee.session import Session

from api.store import Store, StoredEvent

log = logging.getLogger("goatherd.api")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud at a table
# ASCII only: a log line must never contain U+2028, U+0085 or the like, which line-splitting
# readers (str.splitlines) take for line ends.
_DUMPS = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode


def new_id() -> str:
    return secrets.token_hex(4)


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


class RefereeFailed(Exception):
    """The referee raised instead of ruling (a referee bug); nothing was recorded."""


class NotSaved(Exception):
    """The database refused the event; the table was reloaded from what is stored."""


@dataclass(eq=False)
class Subscriber:
    """One live watcher: a bounded queue of JSON texts; None means "send a full snapshot"."""

    seat: int | None
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=256))

    def push(self, message: str | None) -> None:
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:  # a client that falls behind skips ahead to a fresh snapshot
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)


@dataclass(eq=False)
class LiveTable:
    id: str
    session_id: str
    name: str
    game: str
    config: dict
    join_code: str
    created_at: float
    engine: Table = field(default_factory=Table)
    rulings: list = field(default_factory=list)  # every ruling, in seq order
    events: list = field(default_factory=list)  # every event (JSON text), in seq order
    record_times: list = field(default_factory=list)  # when each session record was made
    subscribers: set = field(default_factory=set)
    pending: dict = field(default_factory=dict)  # seq -> future of its commit
    camera: object | None = None  # a running api.camera.CameraSource
    camera_task: object | None = None

    @property
    def next_seq(self) -> int:
        return self.engine.next_seq

    def players(self) -> list[str]:
        g = self.engine.game
        return list(g.players(self.engine.state)) if g is not None else list(self.config.get("players", []))

    def seat_count(self) -> int:
        return len(self.engine.summary().get("hand_sizes") or [])

    def _track_records(self, at: float) -> bool:
        """Keep one timestamp per session record; True when the records changed."""
        n = len(self.engine.session.records)
        if n == len(self.record_times):
            return False
        if n > len(self.record_times):
            self.record_times.extend([at] * (n - len(self.record_times)))
        else:
            del self.record_times[n:]
        return True


@dataclass(eq=False)
class _Write:
    op: object  # callable run inside the batch transaction
    future: asyncio.Future
    table: LiveTable | None = None
    on_commit: object | None = None


class Committer:
    """Group commit: everything queued while a transaction is syncing goes into the next one."""

    def __init__(self, store: Store, on_failure):
        self.store = store
        self.on_failure = on_failure
        self.queue: list[_Write] = []
        self.wakeup = asyncio.Event()
        self.task: asyncio.Task | None = None
        self.batches = 0
        self.written = 0
        self.last_size = 1
        self.max_delay = 0.0015  # seconds; small next to an fsync (milliseconds on most disks)

    def start(self) -> None:
        self.task = asyncio.ensure_future(self._run())

    def submit(self, op, table: LiveTable | None = None, on_commit=None) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self.queue.append(_Write(op, future, table, on_commit))
        self.wakeup.set()
        return future

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self.wakeup.wait()
            self.wakeup.clear()
            while self.queue:
                # When the last batch was bigger, its writers are probably about to send their
                # next events: wait a moment (at most max_delay) so they share this fsync
                # instead of one writer syncing alone while the others queue behind it.
                if len(self.queue) < self.last_size and self.max_delay > 0:
                    deadline = loop.time() + self.max_delay
                    while len(self.queue) < self.last_size:
                        left = deadline - loop.time()
                        if left <= 0:
                            break
                        self.wakeup.clear()
                        try:
                            await asyncio.wait_for(self.wakeup.wait(), left)
                        except asyncio.TimeoutError:
                            break
                batch, self.queue = self.queue, []
                self.last_size = len(batch)
                try:
                    await asyncio.to_thread(self.store.run_batch, [w.op for w in batch])
                except Exception as exc:
                    log.exception("commit of %d write(s) failed", len(batch))
                    self._fail(batch, exc)
                    continue
                self.batches += 1
                self.written += len(batch)
                for w in batch:
                    if w.on_commit is not None:
                        try:
                            w.on_commit()
                        except Exception:
                            log.exception("after-commit step failed")
                    if not w.future.done():
                        w.future.set_result(None)

    def _fail(self, batch: list[_Write], exc: Exception) -> None:
        tables = {id(w.table): w.table for w in batch if w.table is not None}
        later = [w for w in self.queue if w.table is not None and id(w.table) in tables]
        self.queue = [w for w in self.queue if w not in later]
        for w in batch + later:
            if not w.future.done():
                w.future.set_exception(NotSaved(str(exc)))
        self.on_failure(list(tables.values()))

    async def drain(self) -> None:
        """Wait until everything queued so far is committed (or failed)."""
        pending = [w.future for w in self.queue]
        if pending:
            await asyncio.wait(pending)

    async def stop(self) -> None:
        await self.drain()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task


class Hub:
    def __init__(self, store: Store):
        self.store = store
        self.committer: Committer | None = None
        self.tables: dict[str, LiveTable] = {}
        self.sessions: dict[str, dict] = {}
        self.replay_report: dict = {}

    # -- start-up ----------------------------------------------------------------------
    def start(self, checkpoint_every: float = 2.0) -> None:
        """Start the committer and the checkpointer (on the running event loop, after `load`)."""
        self.committer = Committer(self.store, self._reload_all)
        self.committer.start()
        self.store.background_checkpoints()
        self._checkpoints = asyncio.ensure_future(self._checkpoint_loop(checkpoint_every))

    async def _checkpoint_loop(self, every: float) -> None:
        written = -1
        while True:
            await asyncio.sleep(every)
            if self.committer.written != written:  # only when something was written
                written = self.committer.written
                try:
                    await asyncio.to_thread(self.store.checkpoint)
                except Exception:
                    log.exception("WAL checkpoint failed (will retry)")

    def manage_gc(self, idle_s: float = 1.0, at_most_every_s: float = 120.0) -> None:
        """Run Python's full garbage collections when no event is being written, not mid-burst.

        Every accepted event keeps a referee snapshot (for undo), so the heap grows with the
        logs; an automatic full collection then pauses the whole server for 100-200 ms (all
        tables at once). Young generations still collect as usual; the full pass runs after
        `idle_s` without writes, or anyway after `at_most_every_s` (memory stays bounded
        under constant load)."""
        import gc

        gc.freeze()  # what the start-up replay built is long-lived: never traverse it again
        gc.set_threshold(gc.get_threshold()[0], gc.get_threshold()[1], 1_000_000)
        self._gc = asyncio.ensure_future(self._gc_loop(idle_s, at_most_every_s))

    async def _gc_loop(self, idle_s: float, at_most_every_s: float) -> None:
        import gc

        loop = asyncio.get_running_loop()
        last_full = loop.time()
        seen = self.committer.written
        quiet_since = loop.time()
        while True:
            await asyncio.sleep(idle_s / 2)
            now = loop.time()
            if self.committer.written != seen:
                seen, quiet_since = self.committer.written, now
            grown = gc.get_count()[2] > 0 or now - last_full > at_most_every_s
            if grown and (now - quiet_since >= idle_s or now - last_full > at_most_every_s):
                gc.collect()
                last_full = now

    async def stop(self) -> None:
        if getattr(self, "_gc", None) is not None:
            self._gc.cancel()
        if getattr(self, "_checkpoints", None) is not None:
            self._checkpoints.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpoints
        if self.committer is not None:
            await self.committer.stop()
        with contextlib.suppress(Exception):
            self.store.checkpoint()

    def load(self) -> dict:
        t0 = time.perf_counter()
        for row in self.store.sessions():
            self.sessions[row["id"]] = row
        events = mismatches = 0
        for row in self.store.tables():
            table = self._rebuild(row)
            self.tables[table.id] = table
            events += len(table.events)
            mismatches += table.config.get("_mismatches", 0)
        self.replay_report = {"tables": len(self.tables), "events": events, "ruling_mismatches": mismatches,
                              "seconds": round(time.perf_counter() - t0, 3)}
        return self.replay_report

    def _rebuild(self, row: dict) -> LiveTable:
        table = LiveTable(row["id"], row["session_id"], row["name"], row["game"], dict(row["config"]),
                          row["join_code"], row["created_at"])
        mismatches = 0
        for ev in self.store.events(table.id):
            ruling = table.engine.apply(ev.event, seq=ev.seq).to_dict()
            if ruling != json.loads(ev.ruling):
                mismatches += 1  # the referee changed since: the replayed ruling is today's truth
                if mismatches <= 3:
                    log.warning("table %s seq %d: replay ruled %s, stored ruling was %s",
                                table.id, ev.seq, ruling, ev.ruling)
            table.rulings.append(ruling)
            table.events.append(ev.event)
            table._track_records(ev.at)
        if mismatches:
            table.config["_mismatches"] = mismatches
        return table

    # -- sessions and tables -------------------------------------------------------------
    async def create_table(self, name: str, game: str, config: dict, start: dict | None,
                           session_id: str | None, session_name: str | None) -> tuple[LiveTable, dict | None]:
        """A new table; `start` (a start event) is refereed first and must be accepted."""
        now = time.time()
        new_session = None
        if session_id is None:
            session_id = new_id()
            new_session = (session_id, session_name or name or "session", now)
        table = LiveTable(new_id(), session_id, name, game, config, new_join_code(), now)
        first = None
        ruling = None
        if start is not None:
            r = table.engine.apply(start)
            ruling = r.to_dict()
            if not r.ok:
                raise ValueError(ruling)
            text = _DUMPS(start)
            first = StoredEvent(r.seq, text, _DUMPS(ruling), True, now, "api")
            table.rulings.append(ruling)
            table.events.append(text)
            table._track_records(now)
        row = {"id": table.id, "session_id": session_id, "name": name, "game": game, "config": config,
               "join_code": table.join_code, "created_at": now}
        await self.committer.submit(lambda: self.store.insert_table(row, first, new_session))
        if new_session is not None:
            self.sessions[session_id] = {"id": session_id, "name": new_session[1], "created_at": now}
        self.tables[table.id] = table
        return table, ruling

    async def create_session(self, name: str) -> dict:
        now = time.time()
        sid = new_id()
        await self.committer.submit(lambda: self.store.insert_session(sid, name, now))
        self.sessions[sid] = {"id": sid, "name": name, "created_at": now}
        return self.sessions[sid]

    def session_tables(self, session_id: str) -> list[LiveTable]:
        return [t for t in self.tables.values() if t.session_id == session_id]

    # -- events --------------------------------------------------------------------------
    async def apply(self, table: LiveTable, event: dict, origin: str = "api") -> dict:
        """Referee one event, wait for its commit; returns the ruling (a dict).

        RefereeFailed: the referee raised (nothing recorded). NotSaved: the commit failed."""
        ruling, future = self.apply_nowait(table, event, origin)
        await future
        return ruling

    def apply_nowait(self, table: LiveTable, event: dict, origin: str = "api") -> tuple[dict, asyncio.Future]:
        """Referee one event now and queue it for commit: (ruling, future of the commit)."""
        seq = table.engine.next_seq
        try:
            ruling = table.engine.apply(event)
        except Exception as exc:  # the referee promises a ruling for anything; this is its bug
            table.engine.next_seq = seq
            log.exception("table %s: the referee failed on %r", table.id, event)
            raise RefereeFailed(f"{type(exc).__name__}: {exc}") from None
        rd = ruling.to_dict()
        text = _DUMPS(event)
        at = time.time()
        stored = StoredEvent(seq, text, _DUMPS(rd), ruling.ok, at, origin)
        table.rulings.append(rd)
        table.events.append(text)
        records_changed = table._track_records(at)

        def committed() -> None:
            table.pending.pop(seq, None)
            if table.subscribers:
                self._broadcast(table, event, rd, records_changed)

        future = self.committer.submit(lambda: self.store.insert_event(table.id, stored), table, committed)
        table.pending[seq] = future
        return rd, future

    def _reload_all(self, tables: list[LiveTable]) -> None:
        for table in tables:
            try:
                self._reload(table)
            except Exception:
                log.exception("table %s could not be reloaded", table.id)
            self.notify(table, None)  # watchers fetch a fresh snapshot

    def _reload(self, table: LiveTable) -> None:
        fresh = self._rebuild({"id": table.id, "session_id": table.session_id, "name": table.name,
                               "game": table.game, "config": table.config, "join_code": table.join_code,
                               "created_at": table.created_at})
        table.engine, table.rulings, table.events, table.record_times = (
            fresh.engine, fresh.rulings, fresh.events, fresh.record_times)
        table.pending.clear()

    # -- reading -------------------------------------------------------------------------
    def session_records(self, session_id: str) -> list:
        merged = []
        for t in self.session_tables(session_id):
            for when, record in zip(t.record_times, t.engine.session.records):
                merged.append((when, t.created_at, t.id, record))
        merged.sort(key=lambda x: x[:3])
        return merged

    def tally(self, session_id: str) -> dict:
        merged = self.session_records(session_id)
        tally = Session(tuple(r for *_, r in merged)).tally()
        players: list[str] = []
        for t in self.session_tables(session_id):
            for p in t.players():
                if p not in players:
                    players.append(p)
        for p in players:  # everyone at the tables, also before their first finished game
            tally.setdefault(p, {"games": 0, "losses": 0, "streak": 0, "points": 0})
        games = [{"table_id": tid, "at": when, "game": r.game, "players": list(r.players),
                  "goat": r.loser, "losers": list(r.losers), "out": list(r.out), "table": r.table,
                  "abandoned": r.abandoned, "scores": dict(r.scores)}
                 for when, _, tid, r in merged]
        return {"session_id": session_id, "tally": tally, "games": games}

    def state(self, table: LiveTable, seat: int | None = None) -> dict:
        view = table.engine.view(seat)
        view["next_seq"] = table.next_seq
        if "players" not in view:
            view["players"] = table.players()
        return view

    # -- live ----------------------------------------------------------------------------
    def subscribe(self, table: LiveTable, seat: int | None) -> Subscriber:
        sub = Subscriber(seat)
        table.subscribers.add(sub)
        return sub

    def unsubscribe(self, table: LiveTable, sub: Subscriber) -> None:
        table.subscribers.discard(sub)

    def _broadcast(self, table: LiveTable, event: dict, ruling: dict, records_changed: bool) -> None:
        tally = self.tally(table.session_id) if records_changed else None
        by_seat: dict = {}
        for sub in list(table.subscribers):
            if sub.seat not in by_seat:
                msg = {"kind": "event", "table_id": table.id, "event": event, "ruling": ruling,
                       "state": self.state(table, sub.seat)}
                if tally is not None:
                    msg["tally"] = tally
                by_seat[sub.seat] = _DUMPS(msg)
            sub.push(by_seat[sub.seat])
        if tally is not None:  # the other tables of the session show the same tally
            for other in self.session_tables(table.session_id):
                if other is not table:
                    self.notify(other, {"kind": "tally", "tally": tally})

    def notify(self, table: LiveTable, message: dict | None) -> None:
        text = None if message is None else _DUMPS(message)
        for sub in list(table.subscribers):
            sub.push(text)
