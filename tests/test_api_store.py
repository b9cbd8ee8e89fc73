"""The table server's SQLite store: migrations, one owner per file, durable appends."""

from __future__ import annotations

import sqlite3

import pytest

from api.store import MIGRATIONS, SCHEMA_VERSION, Store, StoredEvent, StoreError


def test_fresh_file_gets_every_migration_in_wal_mode(tmp_path):
    store = Store(tmp_path / "a.db")
    assert store.version() == SCHEMA_VERSION == MIGRATIONS[-1][0]
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    rows = store.db.execute("SELECT version FROM schema_migrations ORDER BY version").fetchall()
    assert [r[0] for r in rows] == [m[0] for m in MIGRATIONS]
    store.close()


def test_an_old_file_is_migrated_and_keeps_its_events(tmp_path):
    path = tmp_path / "old.db"
    store = Store(path)
    store.close()
    # build a version-1 file by hand: what an older goatherd left behind
    path.unlink()
    old = Store.__new__(Store)
    old.path, old._lock_fd = path, None
    old.db = sqlite3.connect(str(path), isolation_level=None)
    old.db.execute("PRAGMA journal_mode = WAL")
    old.migrate(target=1)
    old.db.execute("INSERT INTO sessions VALUES ('s', 'evening', 1.0)")
    old.db.execute("INSERT INTO tables VALUES ('t', 's', 'T', 'skitgubbe', '{}', 'ABCDEF', 1.0)")
    old.db.execute("INSERT INTO events VALUES ('t', 0, '{\"type\":\"undo\"}', '{}', 0, 1.0)")
    assert old.version() == 1
    old.db.close()
    store = Store(path)
    assert store.version() == SCHEMA_VERSION
    [ev] = store.events("t")
    assert ev.event == '{"type":"undo"}' and ev.origin == "api"
    store.close()


def test_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / "new.db"
    db = sqlite3.connect(str(path))
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="newer than this goatherd"):
        Store(path)


def test_one_server_per_file(tmp_path):
    first = Store(tmp_path / "x.db")
    with pytest.raises(StoreError, match="in use by another goatherd server"):
        Store(tmp_path / "x.db")
    first.close()
    Store(tmp_path / "x.db").close()


def test_appended_events_are_visible_to_another_connection_at_once(tmp_path):
    store = Store(tmp_path / "e.db")
    store.create_table({"id": "t", "session_id": "s", "name": "T", "game": "skitgubbe", "config": {"players": []},
                        "join_code": "ABCDEF", "created_at": 1.0},
                       StoredEvent(0, '{"type":"start"}', "{}", True, 1.0, "api"), ("s", "evening", 1.0))
    store.append_event("t", StoredEvent(1, '{"type":"undo"}', "{}", True, 2.0, "manual"))
    other = sqlite3.connect(str(tmp_path / "e.db"))
    assert other.execute("SELECT seq, origin FROM events ORDER BY seq").fetchall() == [(0, "api"), (1, "manual")]
    with pytest.raises(sqlite3.IntegrityError):  # a seq is written once
        store.append_event("t", StoredEvent(1, '{"type":"undo"}', "{}", True, 2.0, "manual"))
    assert store.tables()[0]["join_code"] == "ABCDEF" and store.sessions()[0]["name"] == "evening"
    store.close()


def test_close_waits_for_a_checkpoint_running_in_another_thread(tmp_path):
    """The server runs checkpoints in a worker thread that stopping it does not interrupt;
    closing the connection under a running checkpoint crashed the process (SIGSEGV)."""
    import threading
    import time

    store = Store(tmp_path / "t.db")
    store.background_checkpoints()
    order = []
    started = threading.Event()

    class SlowConnection:  # stands in for the checkpoint connection, recording the order of calls
        def __init__(self, real):
            self.real = real

        def execute(self, sql):
            started.set()
            time.sleep(0.3)
            order.append("checkpoint done")
            return self.real.execute(sql)

        def close(self):
            order.append("closed")
            self.real.close()

    store._checkpointer = SlowConnection(store._checkpointer)
    worker = threading.Thread(target=store.checkpoint)
    worker.start()
    assert started.wait(5)
    store.close()
    worker.join()
    assert order == ["checkpoint done", "closed"]
    assert store.checkpoint() == ()  # after close: nothing to do, no error
