#!/usr/bin/env python3
"""Benchmark the table server: accepted events/s through HTTP, and latency, at 1, 10 and 50 tables.

    python benchmarks/api_bench.py                  # starts `goatherd serve` on a free port
    python benchmarks/api_bench.py --tables 1,10,50 --events 6000
    python benchmarks/api_bench.py --url http://127.0.0.1:8000   # an already running server

Each table is one client posting a simulated hidden-mode game (what a camera would send)
one event at a time over a keep-alive connection, as a real table does: the next event
is sent when the last ruling came back. Tables run concurrently. Every event is refereed
and committed to SQLite (synchronous=FULL unless --synchronous normal) before its answer.
When a table's game ends, its client opens a new table (not timed) and plays the next game.
Prints one JSON report; target: >= 1000 events/s and p99 <= 50 ms at 10 tables.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

TARGET_EVENTS_PER_S = 1000
TARGET_P99_MS = 50.0


class Conn:
    """A minimal HTTP/1.1 keep-alive client (JSON in, JSON out): cheap enough not to be the bottleneck."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port

    async def open(self) -> "Conn":
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        return self

    async def request(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        self.writer.write(head + body)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)

    async def close(self) -> None:
        self.writer.close()


def make_games(n: int, players: int, seed: int) -> list[list[bytes]]:
    from referee.simulate import simulate_logs

    games = []
    for k in range(n):
        _, hidden = simulate_logs("skitgubbe", players, seed * 1_000_003 + k)
        games.append([json.dumps(e).encode() for e in hidden])
    return games


async def run_table(url, games, quota: int, latencies: list, counts: dict) -> None:
    parts = urlsplit(url)
    conn = await Conn(parts.hostname, parts.port).open()
    posted = 0
    g = 0
    try:
        while posted < quota:
            game = games[g % len(games)]
            g += 1
            players = json.loads(game[0])["players"]
            status, raw = await conn.request("POST", "/api/tables",
                                             json.dumps({"players": players, "start": False}).encode())
            assert status == 201, raw
            tid = json.loads(raw)["id"]
            path = f"/api/tables/{tid}/events"
            for body in game:
                t0 = time.perf_counter()
                status, raw = await conn.request("POST", path, body)
                latencies.append(time.perf_counter() - t0)
                if status != 200:
                    counts["http_errors"] += 1
                elif b'"ok":true' in raw:
                    counts["accepted"] += 1
                else:
                    counts["rejected"] += 1
                posted += 1
                if posted >= quota:
                    break
    finally:
        await conn.close()


async def run_config(url: str, tables: int, events: int, games) -> dict:
    latencies: list[float] = []
    counts = {"accepted": 0, "rejected": 0, "http_errors": 0}
    quota = max(1, events // tables)
    # each table starts at a different game so the load is mixed
    per_table = [games[i % len(games):] + games[:i % len(games)] for i in range(tables)]
    t0 = time.perf_counter()
    await asyncio.gather(*(run_table(url, per_table[i], quota, latencies, counts) for i in range(tables)))
    wall = time.perf_counter() - t0
    lat = sorted(latencies)

    def pct(p: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2)

    eps = counts["accepted"] / wall  # the setup POSTs for new tables count as time, not events
    out = {"tables": tables, "events": len(lat), **counts, "seconds": round(wall, 2),
           "accepted_events_per_s": round(eps), "requests_per_s": round(len(lat) / wall),
           "p50_ms": pct(0.50), "p90_ms": pct(0.90), "p99_ms": pct(0.99), "max_ms": round(1000 * lat[-1], 2),
           "mean_ms": round(1000 * statistics.fmean(lat), 2)}
    out["ratio_to_target_events_per_s"] = round(eps / TARGET_EVENTS_PER_S, 2)
    out["ratio_p99_to_target"] = round(out["p99_ms"] / TARGET_P99_MS, 2)
    return out


def fsync_ms(folder: str, n: int = 30) -> float:
    """Median time of one small append + fsync in `folder`: what each commit costs on this disk."""
    path = os.path.join(folder, "fsync.probe")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    times = []
    try:
        for _ in range(n):
            t0 = time.perf_counter()
            os.write(fd, b"x" * 256)
            os.fsync(fd)
            times.append(time.perf_counter() - t0)
    finally:
        os.close(fd)
        os.unlink(path)
    return round(1000 * statistics.median(times), 2)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, synchronous: str) -> tuple[subprocess.Popen, str]:
    import urllib.request

    port = free_port()
    cmd = [sys.executable, "-m", "goatherd", "serve", "--port", str(port), "--db", str(db),
           "--log-level", "warning", "--synchronous", synchronous]
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        if proc.poll() is not None:
            raise SystemExit(f"api_bench: the server did not start: {proc.stderr.read().decode()}")
        try:
            urllib.request.urlopen(url + "/api/health", timeout=1).read()
            return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("api_bench: the server did not answer")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="api_bench.py", description=__doc__.split("\n\n")[0],
                                epilog="Prints one JSON object: one entry per table count, plus the setup.",
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", default="1,10,50", help="comma-separated table counts (default 1,10,50)")
    p.add_argument("--events", type=int, default=6000, help="events posted per table count (default 6000)")
    p.add_argument("--players", type=int, default=4, help="players per simulated game (default 4)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--url", default=None, help="benchmark this running server instead of starting one")
    p.add_argument("--synchronous", choices=["full", "normal"], default="full",
                   help="SQLite durability of the started server (default full)")
    p.add_argument("--warmup", type=int, default=300, help="events posted before measuring (default 300)")
    args = p.parse_args(argv)
    try:
        counts = [int(x) for x in args.tables.split(",") if x.strip()]
    except ValueError:
        p.error("--tables must be numbers like 1,10,50")
    if not counts or min(counts) < 1 or args.events < 1:
        p.error("--tables and --events must be positive")
    games = make_games(20, args.players, args.seed)
    proc = None
    tmp = tempfile.TemporaryDirectory(prefix="goatherd-bench-")
    load_before = os.getloadavg()[0]
    disk = fsync_ms(tmp.name)
    try:
        if args.url:
            url = args.url.rstrip("/")
        else:
            proc, url = start_server(Path(tmp.name) / "bench.db", args.synchronous)
        if args.warmup:
            asyncio.run(run_config(url, 1, args.warmup, games))
        results = [asyncio.run(run_config(url, n, args.events, games)) for n in counts]
        import urllib.request

        health = json.loads(urllib.request.urlopen(url + "/api/health", timeout=5).read())
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        tmp.cleanup()
    commits = health.get("commits") or {}
    report = {"benchmark": "api", "cpus": os.cpu_count(), "load_average_before": round(load_before, 2),
              "fsync_ms_median": disk, "synchronous": args.synchronous,
              "writes_per_commit": round(commits["writes"] / commits["batches"], 2) if commits.get("batches") else None,
              "server": "started" if not args.url else args.url, "players": args.players,
              "target": {"events_per_s": TARGET_EVENTS_PER_S, "p99_ms_at_10_tables": TARGET_P99_MS},
              "results": results}
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
