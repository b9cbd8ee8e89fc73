"""SQLite persistence for the table server: one file, WAL, numbered schema migrations.

The store keeps what cannot be recomputed: sessions, tables (their setup and join code)
and every event each table received, in order, with the ruling it got. Everything else
(the referee's state, the goat tally) is rebuilt on start by replaying the events
through a fresh `referee.Table`, so the rulings a restarted server gives are the ones it
gave before.

Writes are durable when they return (`synchronous=FULL` survives a power cut, not just a
crash). The server writes through `run_batch`: its committer groups the events that
arrive while the previous transaction is being synced into one transaction (group
commit), so many tables share one fsync; it answers each event only after its batch is
committed.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

# (version, what it does, SQL). Append only: a released migration is never edited.
MIGRATIONS: list[tuple[int, str, str]] = [
    (1, "sessions, tables and their event logs", """
        CREATE TABLE sessions (
            id          TEXT PRIMARY KEY,
            name        TEXT NOT NULL,
            created_at  REAL NOT NULL
        );
        CREATE TABLE tables (
            id          TEXT PRIMARY KEY,
            session_id  TEXT NOT NULL REFERENCES sessions(id),
            name        TEXT NOT NULL,
            game        TEXT NOT NULL,
            config      TEXT NOT NULL,          -- JSON: players, variants, mode, ...
            join_code   TEXT NOT NULL,
            created_at  REAL NOT NULL
        );
        CREATE INDEX tables_by_session ON tables(session_id);
        CREATE TABLE events (
            table_id    TEXT NOT NULL REFERENCES tables(id),
            seq         INTEGER NOT NULL,       -- the 0-based line of the table log
            event       TEXT NOT NULL,          -- the event as received (JSON)
            ruling      TEXT NOT NULL,          -- the ruling it got (JSON)
            ok          INTEGER NOT NULL,
            at          REAL NOT NULL,          -- unix time it was received
            PRIMARY KEY (table_id, seq)
        ) WITHOUT ROWID;
    """),
    (2, "where each event came from (api, manual page entry, camera)", """
        ALTER TABLE events ADD COLUMN origin TEXT NOT NULL DEFAULT 'api';
    """),
]
SCHEMA_VERSION = MIGRATIONS[-1][0]


class StoreError(Exception):
    """The database cannot be used (newer schema, locked by another server, unreadable)."""


@dataclass(slots=True)
class StoredEvent:
    seq: int
    event: str
    ruling: str
    ok: bool
    at: float
    origin: str


class Store:
    """One SQLite file. Use from one thread (the server's event loop) only."""

    def __init__(self, path: str | os.PathLike, synchronous: str = "FULL", lock: bool = True):
        self.path = Path(path)
        if synchronous.upper() not in ("FULL", "NORMAL", "EXTRA"):
            raise StoreError("synchronous must be FULL, NORMAL or EXTRA")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create {self.path.parent}: {exc.strerror or exc}") from None
        self.mutex = threading.Lock()  # the committer thread and the loop thread share the connection
        # A checkpoint runs in a worker thread that a cancelled task does not stop; `close`
        # waits for it, since closing a connection in use by another thread crashes SQLite.
        self._checkpoint_lock = threading.Lock()
        self._lock_fd = self._lock() if lock else None
        try:
            self.db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA busy_timeout = 5000")
            mode = self.db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode.lower() != "wal":
                raise StoreError(f"{self.path}: could not switch to WAL (journal_mode is {mode})")
            self.db.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            self.db.execute("PRAGMA foreign_keys = ON")
            self.migrate()
            self._checkpointer = None
        except sqlite3.DatabaseError as exc:
            self.close()
            raise StoreError(f"{self.path}: {exc}") from None

    def _lock(self):
        """Only one server may own a database: two would each hold their own referee state."""
        import fcntl

        lock_path = self.path.with_name(self.path.name + ".lock")
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise StoreError(f"{self.path} is in use by another goatherd server "
                             f"(lock {lock_path}); stop it or use another --db") from None
        return fd

    def background_checkpoints(self) -> None:
        """Stop checkpointing inside commits; call `checkpoint()` from elsewhere instead.

        SQLite's automatic checkpoint runs inside the commit that crosses 1000 WAL pages,
        so one unlucky event would wait for the whole copy and the database file's fsync.
        A PASSIVE checkpoint on a second connection runs beside the writer instead."""
        self.db.execute("PRAGMA wal_autocheckpoint = 0")
        self._checkpointer = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        self._checkpointer.execute("PRAGMA busy_timeout = 5000")

    def checkpoint(self) -> tuple:
        """Copy committed WAL pages into the database file without blocking writers."""
        with self._checkpoint_lock:
            conn = self._checkpointer or self.db
            if conn is None:
                return ()  # closed: nothing left to copy
            return conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()

    def close(self) -> None:
        with self._checkpoint_lock:
            if getattr(self, "_checkpointer", None) is not None:
                self._checkpointer.close()
                self._checkpointer = None
            db = getattr(self, "db", None)
            if db is not None:
                db.close()
                self.db = None
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    # -- schema --------------------------------------------------------------------
    def version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def migrate(self, target: int = SCHEMA_VERSION) -> list[int]:
        """Apply every migration above the file's version (each in its own transaction)."""
        current = self.version()
        known = MIGRATIONS[-1][0]
        if current > known:
            raise StoreError(f"{self.path} has schema version {current}, newer than this goatherd "
                             f"knows ({known}); upgrade goatherd")
        applied = []
        for version, description, sql in MIGRATIONS:
            if version <= current or version > target:
                continue
            self.db.execute("BEGIN IMMEDIATE")
            try:
                if version == 1:
                    self.db.execute("CREATE TABLE IF NOT EXISTS schema_migrations ("
                                    "version INTEGER PRIMARY KEY, description TEXT NOT NULL, "
                                    "applied_at REAL NOT NULL)")
                for statement in _statements(sql):
                    self.db.execute(statement)
                self.db.execute("INSERT INTO schema_migrations VALUES (?, ?, ?)",
                                (version, description, time.time()))
                self.db.execute(f"PRAGMA user_version = {version}")
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            applied.append(version)
        return applied

    # -- writing -------------------------------------------------------------------
    def insert_session(self, session_id: str, name: str, at: float) -> None:
        self.db.execute("INSERT INTO sessions VALUES (?, ?, ?)", (session_id, name, at))

    def run_batch(self, ops) -> None:
        """Run callables (each doing inserts) in one transaction; committed when this returns."""
        with self.mutex:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for op in ops:
                    op()
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def create_table(self, row: dict, first_event: StoredEvent | None, new_session: tuple | None) -> None:
        """A table (and its session, and its start event) in one transaction."""
        self.run_batch([lambda: self.insert_table(row, first_event, new_session)])

    def insert_table(self, row: dict, first_event: StoredEvent | None, new_session: tuple | None) -> None:
        if new_session is not None:
            self.db.execute("INSERT INTO sessions VALUES (?, ?, ?)", new_session)
        self.db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (row["id"], row["session_id"], row["name"], row["game"],
                         json.dumps(row["config"]), row["join_code"], row["created_at"]))
        if first_event is not None:
            self.insert_event(row["id"], first_event)

    def append_event(self, table_id: str, ev: StoredEvent) -> None:
        """Store one event and its ruling; committed when this returns."""
        self.run_batch([lambda: self.insert_event(table_id, ev)])

    def insert_event(self, table_id: str, ev: StoredEvent) -> None:
        self.db.execute("INSERT INTO events (table_id, seq, event, ruling, ok, at, origin) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (table_id, ev.seq, ev.event, ev.ruling, int(ev.ok), ev.at, ev.origin))

    # -- reading -------------------------------------------------------------------
    def sessions(self) -> list[dict]:
        with self.mutex:
            rows = self.db.execute("SELECT id, name, created_at FROM sessions ORDER BY created_at, id").fetchall()
        return [{"id": r[0], "name": r[1], "created_at": r[2]} for r in rows]

    def tables(self) -> list[dict]:
        with self.mutex:
            rows = self.db.execute("SELECT id, session_id, name, game, config, join_code, created_at "
                                   "FROM tables ORDER BY created_at, id").fetchall()
        return [{"id": r[0], "session_id": r[1], "name": r[2], "game": r[3], "config": json.loads(r[4]),
                 "join_code": r[5], "created_at": r[6]} for r in rows]

    def events(self, table_id: str, since: int = 0) -> list[StoredEvent]:
        with self.mutex:
            rows = self.db.execute("SELECT seq, event, ruling, ok, at, origin FROM events "
                                   "WHERE table_id = ? AND seq >= ? ORDER BY seq", (table_id, since)).fetchall()
        return [StoredEvent(r[0], r[1], r[2], bool(r[3]), r[4], r[5]) for r in rows]

    def event_count(self) -> int:
        with self.mutex:
            return self.db.execute("SELECT count(*) FROM events").fetchone()[0]


def _statements(sql: str) -> list[str]:
    out, buf = [], []
    for line in sql.splitlines():
        code = line.split("--", 1)[0]
        buf.append(code)
        if code.rstrip().endswith(";"):
            out.append("\n".join(buf).strip().rstrip(";"))
            buf = []
    if "".join(buf).strip():
        out.append("\n".join(buf).strip())
    return out
