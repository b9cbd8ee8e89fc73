"""SIGKILL the server in the middle of a game: every acknowledged event and the tally survive."""

from __future__ import annotations

import json
import threading

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

from api_support import PLAYERS, Server, http, mini_game
from referee.engine import replay
from referee.simulate import simulate_logs


def test_sigkill_mid_game_loses_no_acknowledged_event(tmp_path):
    db = tmp_path / "crash.db"
    srv = Server(db).start()
    try:
        status, t = http("POST", srv.url + "/api/tables", {"name": "crash", "players": PLAYERS, "start": False})
        assert status == 201
        tid, sid = t["id"], t["session_id"]
        # two finished games (goats: Bob, Cid) for the tally ...
        for event in mini_game(0) + mini_game(1):
            assert http("POST", f"{srv.url}/api/tables/{tid}/events", event)[0] == 200
        tally = http("GET", f"{srv.url}/api/sessions/{sid}/tally")[1]["tally"]
        assert tally["Bob"]["losses"] == tally["Cid"]["losses"] == 1
        # ... then a long 4-player game at a second table of the session, posted from a
        # second thread while the server is killed under it
        _, game = simulate_logs("skitgubbe", 4, 11)
        status, t2 = http("POST", srv.url + "/api/tables", {"players": game[0]["players"], "start": False,
                                                           "session_id": sid})
        acked: list[tuple[dict, dict]] = []
        half = threading.Event()

        def feed():
            for i, event in enumerate(game):
                if i == len(game) // 2:
                    half.set()
                try:
                    status, ruling = http("POST", f"{srv.url}/api/tables/{t2['id']}/events", event, timeout=5)
                except OSError:
                    return  # the server died: this event was never acknowledged
                if status != 200:
                    return
                acked.append((event, ruling))

        feeder = threading.Thread(target=feed)
        feeder.start()
        assert half.wait(60)
        srv.kill()
        feeder.join(30)
        assert len(game) // 2 <= len(acked) < len(game), "the kill should land mid-game"
    finally:
        srv.kill() if srv.proc.poll() is None else None

    with Server(db) as srv2:
        log = http("GET", f"{srv2.url}/api/tables/{t2['id']}/log")[1].splitlines()
        stored = [json.loads(line) for line in log]
        # every acknowledged event is there, in order, with the same ruling; at most one more
        # (received and committed, its answer lost in the kill)
        assert stored[:len(acked)] == [e for e, _ in acked]
        assert len(stored) - len(acked) in (0, 1)
        rulings = http("GET", f"{srv2.url}/api/tables/{t2['id']}/rulings")[1]
        assert rulings[:len(acked)] == [r for _, r in acked]
        assert rulings == [r.to_dict() for r in replay(log)]
        tally2 = http("GET", f"{srv2.url}/api/sessions/{sid}/tally")[1]["tally"]
        assert {p: tally2[p] for p in PLAYERS} == {p: tally[p] for p in PLAYERS}
        # the game goes on where it stopped
        rest = game[len(stored):]
        for event in rest:
            status, ruling = http("POST", f"{srv2.url}/api/tables/{t2['id']}/events", event)
            assert status == 200 and ruling["ok"], ruling
        state = http("GET", f"{srv2.url}/api/tables/{t2['id']}/state")[1]
        assert state["phase"] == "over"
        final = http("GET", f"{srv2.url}/api/sessions/{sid}/tally")[1]["tally"]
        goat = game[0]["players"][state["goat"]]
        assert final[goat]["losses"] == tally.get(goat, {"losses": 0})["losses"] + 1
