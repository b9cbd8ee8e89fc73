"""Helpers for the table-server tests (tests/test_api_*.py): short scripted games and a
`goatherd serve` subprocess on a free 127.0.0.1 port."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

PLAYERS = ["Ann", "Bob", "Cid"]
REPO = Path(__file__).resolve().parent.parent


def mini_start(leader: int = 0) -> dict:
    """A 3-player Part 2 teaching start whose goat will be seat (leader + 1) % 3."""
    hands = [[], [], []]
    hands[leader % 3] = ["7C"]
    hands[(leader + 1) % 3] = ["9C", "2S"]
    hands[(leader + 2) % 3] = ["3H"]
    return {"type": "start", "game": "skitgubbe", "players": PLAYERS, "part": 2, "trump": "H",
            "hands": hands, "leader": leader, "mode": "open"}


def mini_game(leader: int = 0, illegal: bool = True) -> list[dict]:
    """start, lead 7C (out), [illegal 2S], beat 9C, 'one card', trump 3H kills: the goat is leader+1."""
    a, b, c = leader % 3, (leader + 1) % 3, (leader + 2) % 3
    events = [mini_start(leader), {"type": "play", "seat": a, "cards": ["7C"]}]
    if illegal:
        events.append({"type": "play", "seat": b, "cards": ["2S"]})
    events += [{"type": "play", "seat": b, "cards": ["9C"]}, {"type": "announce", "seat": b, "call": "one card"},
               {"type": "play", "seat": c, "cards": ["3H"]}]
    return events


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(method: str, url: str, body=None, headers: dict | None = None, timeout: float = 10):
    """(status, parsed JSON or text) with the standard library only."""
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            status, raw, ctype = r.status, r.read(), r.headers.get("content-type", "")
    except urllib.error.HTTPError as e:
        status, raw, ctype = e.code, e.read(), e.headers.get("content-type", "")
    text = raw.decode("utf-8", "replace")
    return status, (json.loads(text) if ctype.startswith("application/json") else text)


class Server:
    """`goatherd serve` in a subprocess (its own process group), on 127.0.0.1."""

    def __init__(self, db: Path, *args: str, port: int | None = None):
        self.db, self.args, self.port = db, args, port or free_port()
        self.proc: subprocess.Popen | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> "Server":
        exe = shutil.which("goatherd")
        cmd = [exe] if exe else [sys.executable, "-m", "goatherd"]
        cmd += ["serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", str(self.db),
                "--log-level", "warning", *self.args]
        self.log = open(self.db.with_suffix(f".{self.port}.log"), "ab")
        self.proc = subprocess.Popen(cmd, cwd=REPO, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"goatherd serve exited with {self.proc.returncode}: "
                                   + self.db.with_suffix(f".{self.port}.log").read_text())
            try:
                if http("GET", self.url + "/api/health", timeout=1)[0] == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("goatherd serve did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown handlers, no flushing — a crash."""
        if self.proc and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self.log.close()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.log.close()

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class FakeSource:
    """A stand-in for the future pipeline, to test the seam (not the pipeline)."""

    def __init__(self, source, table):
        self.source, self.table, self.closed, self.seats, self.observed = source, table, False, None, []
        self.pending = {"q1": {"id": "q1", "text": "Was that 7C?", "event": {"type": "play", "seat": 0,
                                                                            "cards": ["7C"]}}}

    async def frames(self):
        yield b"\xff\xd8fake\xff\xd9"

    async def events(self):
        if False:
            yield {}

    def questions(self):
        return list(self.pending.values())

    def answer(self, qid, accept, event=None):  # (as api.camera_live.LiveCamera answers)
        q = self.pending.pop(qid)
        if event is None and "logged" in q:
            return None if accept else {"type": "undo", "evidence": {"withdraws": q["logged"]}}
        return (event or q["event"]) if accept or event else None

    def set_seats(self, points):
        self.seats = points

    def observe(self, event, ruling):
        self.observed.append((event["type"], ruling["ok"]))

    async def close(self):
        self.closed = True
