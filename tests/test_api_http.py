"""The table server's REST and WebSocket API, in-process, against a real SQLite file."""

from __future__ import annotations

import json
import warnings

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from api import camera as cam
from api.app import create_app
from api.config import Settings
from api_support import PLAYERS, FakeSource, mini_game, mini_start
from referee.engine import replay
from referee.simulate import simulate_logs

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def client(db, **kw) -> TestClient:
    return TestClient(create_app(Settings(db_path=str(db), **kw)))


@pytest.fixture
def db(tmp_path):
    return tmp_path / "tables.db"


@pytest.fixture
def c(db):
    with client(db) as c:
        yield c


def new_table(c, **body) -> dict:
    body = {"name": "T", "players": PLAYERS, **body}
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def post(c, tid, event, **params):
    return c.post(f"/api/tables/{tid}/events", json=event, params=params)


def play_all(c, tid, events) -> list[dict]:
    out = []
    for ev in events:
        r = post(c, tid, ev)
        assert r.status_code == 200, r.text
        out.append(r.json())
    return out


def test_create_table_starts_the_game_and_lists_it(c):
    t = new_table(c, mode="open", part=2, trump="H", hands=mini_start()["hands"], leader=0)
    assert t["summary"]["phase"] == "part2" and t["summary"]["trump"] == "H"
    assert t["next_seq"] == 1 and t["writable"] and len(t["join_code"]) == 6
    assert c.get("/api/tables").json()[0]["id"] == t["id"]
    assert c.get(f"/api/tables/{t['id']}").json()["players"] == PLAYERS
    assert c.get(f"/api/sessions/{t['session_id']}").json()["tables"] == [t["id"]]


def test_a_game_that_cannot_start_is_a_422_and_no_table(c):
    r = c.post("/api/tables", json={"players": ["Ann", "Bob"]})
    assert r.status_code == 422 and "S0.2" in r.json()["detail"]
    r = c.post("/api/tables", json={"players": PLAYERS, "variants": {"no_such_thing": True}})
    assert r.status_code == 422 and "variant" in r.json()["detail"]
    assert c.get("/api/tables").json() == []


def test_events_get_rulings_and_the_log_replays_to_the_same_rulings(c):
    t = new_table(c, start=False)
    open_log, hidden_log = simulate_logs("skitgubbe", 4, 7)
    t = new_table(c, players=open_log[0]["players"], start=False)
    rulings = play_all(c, t["id"], hidden_log)
    assert [r["seq"] for r in rulings] == list(range(len(hidden_log)))
    assert all(r["ok"] for r in rulings)
    log = c.get(f"/api/tables/{t['id']}/log").text.splitlines()
    assert [json.loads(line) for line in log] == hidden_log
    assert [r.to_dict() for r in replay(log)] == rulings
    assert c.get(f"/api/tables/{t['id']}/rulings", params={"since": 5, "limit": 3}).json() == rulings[5:8]
    state = c.get(f"/api/tables/{t['id']}/state").json()
    assert state["phase"] == "over" and state["goat"] is not None
    tally = c.get(f"/api/sessions/{t['session_id']}/tally").json()["tally"]
    goat = open_log[0]["players"][state["goat"]]
    assert tally[goat] == {"games": 1, "losses": 1, "streak": 1, "points": 0}
    assert sum(v["games"] for v in tally.values()) == 4


def test_illegal_play_is_a_ruling_in_the_log_and_changes_nothing(c):
    t = new_table(c, mode="open", part=2, trump="H", hands=mini_start()["hands"], leader=0)
    events = mini_game(0)
    rulings = play_all(c, t["id"], events[1:])
    bad = rulings[1]
    assert bad == {"seq": 2, "ok": False, "severity": "illegal", "rule": "S2.4", "notes": [],
                   "message": "Bob's 2S does not beat 7C: beat with a higher club or a trump, or eat"}
    state = c.get(f"/api/tables/{t['id']}/state").json()
    assert state["goat"] == 1 and state["phase"] == "over" and state["kills"] == 1
    assert any(n["kind"] == "goat" for n in rulings[-1]["notes"])
    assert c.get(f"/api/sessions/{t['session_id']}/tally").json()["tally"]["Bob"] == {
        "games": 1, "losses": 1, "streak": 1, "points": 0}


def test_state_shows_the_kill_counter_and_seat_views(c):
    t = new_table(c, mode="open", part=2, trump="H", hands=mini_start()["hands"], leader=0)
    post(c, t["id"], {"type": "play", "seat": 0, "cards": ["7C"]})
    s = c.get(f"/api/tables/{t['id']}/state").json()
    assert s["plays_to_kill"] == 2 and s["table"] == [["7C"]] and s["turn"] == 1
    assert set(s["hands"]) == {"0", "1", "2"}
    mine = c.get(f"/api/tables/{t['id']}/state", params={"seat": 1}).json()
    assert set(mine["hands"]) == {"1"} and mine["hands"]["1"]["known"] == ["2S", "9C"]
    r = c.get(f"/api/tables/{t['id']}/state", params={"seat": 3})
    assert r.status_code == 422 and "seat 3" in r.json()["detail"]


def test_undo_withdraws_and_is_logged(c):
    t = new_table(c, mode="open", part=2, trump="H", hands=mini_start()["hands"], leader=0)
    post(c, t["id"], {"type": "play", "seat": 0, "cards": ["7C"]})
    r = c.post(f"/api/tables/{t['id']}/undo").json()
    assert r["ok"] and r["notes"] == [{"kind": "undo", "withdrawn": 1}]
    assert c.get(f"/api/tables/{t['id']}/state").json()["hand_sizes"] == [1, 2, 1]
    assert json.loads(c.get(f"/api/tables/{t['id']}/log").text.splitlines()[-1]) == {"type": "undo"}
    post(c, t["id"], {"type": "undo"})
    r = c.post(f"/api/tables/{t['id']}/undo").json()  # the start was withdrawn too; nothing left
    assert not r["ok"] and r["severity"] == "error" and "nothing to undo" in r["message"]


@pytest.mark.parametrize("body, status, words", [
    (b"{not json", 422, "not valid JSON"),
    (b"[1, 2]", 422, "must be a JSON object"),
    (b'{"seat": 1}', 422, "type"),
    (b'{"type": "play", "seat": "1", "cards": ["9C"]}', 422, "seat"),
    (b'{"type": "play", "seat": 1, "cards": "9C"}', 422, "cards"),
    (b'{"type": "play", "seat": -1}', 422, "seat"),
    (b'{"type": 7}', 422, "type"),
    (b"[" * 5000 + b"]" * 5000, 422, "recursion limit"),
    (b'{"type": "play", "x": "' + b"a" * 70_000 + b'"}', 413, "too large"),
], ids=["invalid-json", "array", "no-type", "seat-string", "cards-string", "negative-seat", "type-number",
        "deep-nesting", "huge-body"])
def test_bad_requests_are_clear_4xx_and_not_logged(c, body, status, words):
    t = new_table(c)
    r = c.post(f"/api/tables/{t['id']}/events", content=body, headers={"content-type": "application/json"})
    assert r.status_code == status, r.text
    assert words in r.json()["detail"]
    assert c.get(f"/api/tables/{t['id']}").json()["next_seq"] == 1


def test_deeply_nested_extra_field_is_refused_or_ruled_not_crashed(c):
    t = new_table(c)
    body = b'{"type": "play", "x": ' + b"[" * 3000 + b"]" * 3000 + b"}"
    r = c.post(f"/api/tables/{t['id']}/events", content=body, headers={"content-type": "application/json"})
    assert r.status_code in (200, 400, 422), r.text


def test_unknown_things_are_404(c):
    assert c.post("/api/tables/nope/events", json={"type": "undo"}).status_code == 404
    assert "no table 'nope'" in c.get("/api/tables/nope/state").json()["detail"]
    assert c.get("/api/sessions/nope/tally").status_code == 404
    assert c.get("/api/nothing").status_code == 404
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect) as info:
        with c.websocket_connect("/api/tables/nope/live"):
            pass
    assert info.value.code == 4404


def test_events_out_of_order_are_409_and_retries_are_safe(c):
    t = new_table(c, mode="open", part=2, trump="H", hands=mini_start()["hands"], leader=0)
    lead = {"type": "play", "seat": 0, "cards": ["7C"]}
    first = post(c, t["id"], lead, seq=1)
    assert first.status_code == 200 and first.json()["seq"] == 1
    again = post(c, t["id"], lead, seq=1)  # the answer was lost: the same event at the same seq
    assert again.status_code == 200 and again.json() == first.json()
    r = post(c, t["id"], {"type": "play", "seat": 1, "cards": ["9C"]}, seq=1)
    assert r.status_code == 409 and "next event is seq 2" in r.json()["detail"]
    r = post(c, t["id"], {"type": "play", "seat": 1, "cards": ["9C"]}, seq=5)
    assert r.status_code == 409
    assert c.get(f"/api/tables/{t['id']}").json()["next_seq"] == 2


def test_restart_rebuilds_every_table_by_replay(db):
    with client(db) as c:
        t1 = new_table(c, mode="open", part=2, trump="H", hands=mini_start()["hands"], leader=0)
        play_all(c, t1["id"], mini_game(0)[1:])
        play_all(c, t1["id"], [mini_start(1), {"type": "play", "seat": 1, "cards": ["7C"]}])
        c.post(f"/api/tables/{t1['id']}/undo")
        before = {p: c.get(p).json() for p in (f"/api/tables/{t1['id']}/state", f"/api/tables/{t1['id']}/rulings",
                                                f"/api/sessions/{t1['session_id']}/tally")}
        log = c.get(f"/api/tables/{t1['id']}/log").text
    with client(db) as c:
        after = {p: c.get(p).json() for p in before}
        assert after == before
        assert c.get(f"/api/tables/{t1['id']}/log").text == log
        health = c.get("/api/health").json()
        assert health["replay"]["ruling_mismatches"] == 0 and health["events"] == len(log.splitlines())
        r = post(c, t1["id"], {"type": "play", "seat": 1, "cards": ["7C"]})
        assert r.json()["seq"] == len(log.splitlines()) and r.json()["ok"]


def test_session_tally_spans_games_and_tables(c):
    t1 = new_table(c, mode="open", part=2, trump="H", hands=mini_start()["hands"], leader=0)
    play_all(c, t1["id"], mini_game(0)[1:])  # Bob is the goat
    play_all(c, t1["id"], mini_game(0))  # Bob again
    t2 = new_table(c, session_id=t1["session_id"], start=False)
    play_all(c, t2["id"], mini_game(1))  # Cid
    tally = c.get(f"/api/sessions/{t1['session_id']}/tally").json()
    assert tally["tally"] == {"Ann": {"games": 3, "losses": 0, "streak": 0, "points": 0},
                              "Bob": {"games": 3, "losses": 2, "streak": 0, "points": 0},
                              "Cid": {"games": 3, "losses": 1, "streak": 1, "points": 0}}
    assert [g["goat"] for g in tally["games"]] == ["Bob", "Bob", "Cid"]
    # a new start while a game runs abandons it: it counts for nobody
    play_all(c, t2["id"], [mini_start(0), mini_start(0)])
    assert c.get(f"/api/sessions/{t1['session_id']}/tally").json()["tally"]["Ann"]["games"] == 3


def test_live_websocket_streams_rulings_state_and_tally(c):
    t = new_table(c, mode="open", part=2, trump="H", hands=mini_start()["hands"], leader=0)
    with c.websocket_connect(f"/api/tables/{t['id']}/live") as ws, \
            c.websocket_connect(f"/api/tables/{t['id']}/live?seat=2") as ws2:
        hello = json.loads(ws.receive_text())
        assert hello["kind"] == "hello" and hello["rulings"][0]["seq"] == 0 and hello["state"]["phase"] == "part2"
        assert set(json.loads(ws2.receive_text())["state"]["hands"]) == {"2"}
        events = mini_game(0)[1:]
        play_all(c, t["id"], events)
        messages = [json.loads(ws.receive_text()) for _ in events]
        assert [m["ruling"]["seq"] for m in messages] == [1, 2, 3, 4, 5]
        assert messages[1]["ruling"]["severity"] == "illegal"
        assert messages[-1]["state"]["goat"] == 1
        assert "tally" in messages[-1] and "tally" not in messages[0]
        assert messages[-1]["tally"]["tally"]["Bob"]["losses"] == 1
        assert set(json.loads(ws2.receive_text())["state"]["hands"]) == {"2"}


def test_join_code_protects_writes_but_not_reads(db):
    with client(db, require_code=True, trust_loopback=False) as c:
        r = c.post("/api/tables", json={"players": PLAYERS})
        assert r.status_code == 201
        t = r.json()
        code, tid = t["join_code"], t["id"]
        assert t["write_url"].endswith(f"/t/{tid}?code={code}")
        ev = {"type": "play", "seat": 0, "cards": ["9D"], "source": "stock"}
        r = post(c, tid, ev)
        assert r.status_code == 403 and "join code" in r.json()["detail"]
        assert c.post(f"/api/tables/{tid}/undo").status_code == 403
        assert c.get(f"/api/tables/{tid}/qr.svg").status_code == 403
        viewer = c.get(f"/api/tables/{tid}").json()
        assert viewer["writable"] is False and viewer["join_code"] is None
        assert c.get(f"/api/tables/{tid}/state").status_code == 200
        assert c.post(f"/api/tables/{tid}/events", json=ev, headers={"X-Join-Code": "WRONG1"}).status_code == 403
        r = c.post(f"/api/tables/{tid}/events", json=ev, headers={"X-Join-Code": code.lower()})
        assert r.status_code == 200 and r.json()["ok"]
        assert post(c, tid, {"type": "undo"}, code=code).status_code == 200
        assert c.get(f"/api/tables/{tid}", params={"code": code}).json()["join_code"] == code
        qr = c.get(f"/api/tables/{tid}/qr.svg", params={"code": code})
        assert qr.status_code == 200 and qr.text.startswith("<svg")
        # joining someone's session needs one of its codes
        r = c.post("/api/tables", json={"players": PLAYERS, "session_id": t["session_id"]})
        assert r.status_code == 403
        r = c.post("/api/tables", json={"players": PLAYERS, "session_id": t["session_id"]},
                   headers={"X-Join-Code": code})
        assert r.status_code == 201


def test_local_server_needs_no_code(c):
    t = new_table(c)
    assert t["writable"] and c.get(f"/api/tables/{t['id']}/qr.svg").status_code == 200


def test_camera_endpoints_say_plainly_there_is_no_pipeline(c):
    cam.register_pipeline(None)
    t = new_table(c)
    status = c.get(f"/api/tables/{t['id']}/camera").json()
    assert status["available"] is False and "no live vision pipeline" in status["reason"]
    for method, path, body in [("POST", "camera", {"source": "0"}), ("GET", "camera/stream.mjpg", None),
                               ("GET", "camera/questions", None),
                               ("POST", "camera/questions/q1", {"accept": True}),
                               ("POST", "camera/seats", {"points": [[0.1, 0.2]]})]:
        r = c.request(method, f"/api/tables/{t['id']}/{path}", json=body)
        assert r.status_code == 501, (path, r.text)
        assert "no live vision pipeline" in r.json()["detail"]


def test_camera_seam_with_a_registered_pipeline(c):
    assert isinstance(FakeSource("0", {}), cam.CameraSource)
    sources = []
    cam.register_pipeline(lambda source, info: sources.append(FakeSource(source, info)) or sources[-1])
    try:
        t = new_table(c, mode="open", part=2, trump="H", hands=mini_start()["hands"], leader=0)
        tid = t["id"]
        r = c.post(f"/api/tables/{tid}/camera/questions/q1", json={"accept": True})
        assert r.status_code == 409 and "no camera is attached" in r.json()["detail"]
        assert c.post(f"/api/tables/{tid}/camera", json={"source": "0"}).json()["attached"] is True
        assert c.post(f"/api/tables/{tid}/camera", json={"source": "1"}).status_code == 409
        assert c.get(f"/api/tables/{tid}/camera/questions").json()[0]["id"] == "q1"
        r = c.post(f"/api/tables/{tid}/camera/questions/q1", json={"accept": True}).json()
        assert r["ruling"]["ok"] and r["ruling"]["message"].startswith("Ann leads 7C")
        c.post(f"/api/tables/{tid}/undo")  # a correction from the page reaches the pipeline too
        assert sources[0].observed == [("play", True), ("undo", True)]
        assert c.post(f"/api/tables/{tid}/camera/questions/q1", json={"accept": True}).status_code == 404
        assert c.post(f"/api/tables/{tid}/camera/seats", json={"points": [[0.5, 0.9], [0.1, 0.5]]}).json() == {
            "seats": 2}
        with c.stream("GET", f"/api/tables/{tid}/camera/stream.mjpg") as s:
            assert s.headers["content-type"].startswith("multipart/x-mixed-replace")
            assert b"fake" in b"".join(s.iter_bytes())
        assert c.delete(f"/api/tables/{tid}/camera").json()["attached"] is False
    finally:
        cam.register_pipeline(None)


def test_rejecting_an_event_the_camera_logged_undoes_it_while_it_is_the_last(c):
    """The camera logged Ann's 7C all the same and asked about it. "Wrong" withdraws it (an
    undo naming it) while it is still the table's last event; once another event was refereed
    after it, nothing is undone (the answer says why: 409) and the log stays as it was."""
    sources = []
    cam.register_pipeline(lambda source, info: sources.append(FakeSource(source, info)) or sources[-1])
    try:
        tid = new_table(c, mode="open", part=2, trump="H", hands=mini_start()["hands"], leader=0)["id"]
        assert c.post(f"/api/tables/{tid}/camera", json={"source": "0"}).json()["attached"] is True
        lead = {"type": "play", "seat": 0, "cards": ["7C"]}
        for late in (False, True):
            assert post(c, tid, lead).json()["ok"]
            if late:
                assert post(c, tid, {"type": "play", "seat": 1, "cards": ["9C"]}).json()["ok"]
            qid = f"q{2 + late}"
            sources[0].pending[qid] = {"id": qid, "text": "logged as Ann's lead of 7C; please confirm", "event": None,
                                       "logged": lead}
            r = c.post(f"/api/tables/{tid}/camera/questions/{qid}", json={"accept": False})
            log = [json.loads(e) for e in c.get(f"/api/tables/{tid}/log").text.splitlines()]
            if not late:
                assert r.status_code == 200 and r.json()["ruling"]["ok"]
                assert r.json()["ruling"]["message"].startswith("withdrew")
                assert [e["type"] for e in log] == ["start", "play", "undo"]
            else:
                assert r.status_code == 409 and "no longer the table's last" in r.json()["detail"]
                assert [e["type"] for e in log] == ["start", "play", "undo", "play", "play"]
            assert c.get(f"/api/tables/{tid}/camera/questions").json()[-1]["id"] == "q1"  # (answered, gone)
    finally:
        cam.register_pipeline(None)


class ScriptedSource(FakeSource):
    """Camera events from a script of (gate, event): each waits for its gate (if any) first."""

    def __init__(self, source, table, script):
        super().__init__(source, table)
        self.script = script

    async def events(self):
        import asyncio

        for gate, event in self.script:
            while gate is not None and not gate.is_set():
                await asyncio.sleep(0.01)
            yield event


def test_a_camera_correcting_its_own_events_is_applied_unless_a_person_was_quicker(c):
    """The camera logged Ann's 7C and Bob's 9C, then finds Ann's was 6C 7C: it withdraws both
    (undos naming them, newest first) and logs 6C 7C and the 9C again, handed over as one.
    The table takes all of it. When a person's event got in first, those undos would
    withdraw theirs: the server applies none of the correction, and the pipeline is told to
    follow the table's log."""
    import threading
    import time

    start = {"part": 2, "trump": "H", "leader": 0, "mode": "open",
             "hands": [["6C", "7C", "KD"], ["9C", "2S"], ["3H", "QD"]]}
    seven, nine = {"type": "play", "seat": 0, "cards": ["7C"]}, {"type": "play", "seat": 1, "cards": ["9C"]}
    correction = [{"type": "undo", "evidence": {"withdraws": nine}}, {"type": "undo", "evidence": {"withdraws": seven}},
                  {"type": "play", "seat": 0, "cards": ["6C", "7C"]}, nine]
    for person_first in (False, True):
        gate = threading.Event()
        sources = []
        cam.register_pipeline(lambda source, info: sources.append(
            ScriptedSource(source, info, [(None, seven), (None, nine), (gate, correction)])) or sources[-1])
        try:
            tid = new_table(c, **start)["id"]
            c.post(f"/api/tables/{tid}/camera", json={"source": "0"})
            for _ in range(500):
                if len(c.get(f"/api/tables/{tid}/log").text.splitlines()) == 3:
                    break
                time.sleep(0.01)
            if person_first:
                assert post(c, tid, {"type": "play", "seat": 2, "cards": ["3H"]}).json()["ok"]
            gate.set()
            for _ in range(500):
                if len(c.get(f"/api/tables/{tid}/log").text.splitlines()) == 7 or sources[0].observed[1:]:
                    break
                time.sleep(0.01)
            time.sleep(0.1)  # (anything still to come would be in the log by now)
            log = [json.loads(line)["type"] for line in c.get(f"/api/tables/{tid}/log").text.splitlines()]
            table = c.get(f"/api/tables/{tid}/state").json()["table"]
            if person_first:
                assert log == ["start", "play", "play", "play"] and table == []  # (the 3H killed the three)
                assert sources[0].observed == [("play", True), ("undo", False)]
            else:
                assert log == ["start", "play", "play", "undo", "undo", "play", "play"]
                assert table == [["6C", "7C"], ["9C"]]
                assert all(r["ok"] for r in c.get(f"/api/tables/{tid}/rulings").json())
        finally:
            c.delete(f"/api/tables/{tid}/camera")
            cam.register_pipeline(None)


def test_a_long_camera_correction_is_applied_as_one_and_survives_a_restart(db):
    """The camera withdraws as far back as it may (`GUESS_BACK` events: a card it guessed long
    ago is now read surely) and logs them all again, handed over as one list. The server
    applies every undo and every replacement in order, and a server started again on the same
    SQLite file has the same log and the same game state."""
    import time

    from vision.live.events import GUESS_BACK, without_evidence

    _, hidden_log = simulate_logs("skitgubbe", 4, 7)
    seen = [dict(ev, evidence={"frame": i}) for i, ev in enumerate(hidden_log[1:GUESS_BACK + 11], 1)]
    withdrawn = seen[-GUESS_BACK:]
    undos = [{"type": "undo", "evidence": {"withdraws": without_evidence(ev)}} for ev in reversed(withdrawn)]
    again = [dict(ev, evidence={"frame": 1000 + i, "reread": True}) for i, ev in enumerate(withdrawn)]
    script = [(None, ev) for ev in seen] + [(None, undos + again)]
    sources = []
    cam.register_pipeline(lambda source, info: sources.append(ScriptedSource(source, info, script)) or sources[-1])
    want = len(seen) + 2 * GUESS_BACK + 1  # (and the start)
    try:
        with client(db) as c:
            tid = new_table(c, players=hidden_log[0]["players"], start=False)["id"]
            assert post(c, tid, hidden_log[0]).json()["ok"]
            c.post(f"/api/tables/{tid}/camera", json={"source": "0"})
            for _ in range(1000):
                if len(c.get(f"/api/tables/{tid}/log").text.splitlines()) >= want:
                    break
                time.sleep(0.01)
            log = [json.loads(line) for line in c.get(f"/api/tables/{tid}/log").text.splitlines()]
            rulings = c.get(f"/api/tables/{tid}/rulings", params={"limit": 1000}).json()
            state = c.get(f"/api/tables/{tid}/state").json()
            c.delete(f"/api/tables/{tid}/camera")
        assert len(log) == want and log[1:len(seen) + 1] == seen
        assert [ev["type"] for ev in log[len(seen) + 1:-GUESS_BACK]] == ["undo"] * GUESS_BACK
        assert log[-GUESS_BACK:] == again
        assert all(r["ok"] for r in rulings) and len(rulings) == want
        typed = state_after_typing(hidden_log[:len(seen) + 1])
        assert state == dict(typed, next_seq=want)  # (the undos and re-logs take sequence numbers)
        with client(db) as c:  # a new server on the same file
            assert [json.loads(line) for line in c.get(f"/api/tables/{tid}/log").text.splitlines()] == log
            assert c.get(f"/api/tables/{tid}/state").json() == state
    finally:
        cam.register_pipeline(None)


def state_after_typing(events: list[dict]) -> dict:
    """The game state a fresh table shows after these events, typed in."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp, client(Path(tmp) / "typed.db") as c:
        tid = new_table(c, players=events[0]["players"], start=False)["id"]
        assert all(r["ok"] for r in play_all(c, tid, events))
        return c.get(f"/api/tables/{tid}/state").json()


def test_pages_rules_and_games(c):
    t = new_table(c)
    assert "<script src=\"/static/app.js\">" in c.get("/").text
    assert c.get(f"/t/{t['id']}").status_code == 200
    assert c.get("/static/app.js").status_code == 200
    rules = c.get("/api/rules/skitgubbe").json()["rules"]
    assert "beat" in rules["S2.4"]["title"].lower() and len(rules["S2.4"]["text"]) > len(rules["S2.4"]["title"])
    assert 'id="S2.4"' in c.get("/rules/skitgubbe").text
    assert c.get("/api/rules/poker").status_code == 404
    games = {g["name"]: g for g in c.get("/api/games").json()["games"]}
    assert set(games) >= {"skitgubbe", "durak", "zalupa", "govno", "penki", "shithead", "golf"}
    assert "high_trump" in games["skitgubbe"]["variants"] and "transfer" in games["durak"]["variants"]
    assert games["durak"]["loser_title"] == "fool" and games["shithead"]["loser_title"] == "shithead"
    assert {a["event"]["type"] for a in games["durak"]["entry_actions"]} >= {"attack", "defend", "take", "discard"}
    for name in games:  # every game has its rule page (Zalupa, Govno and Penki share the Durak spec)
        assert c.get(f"/api/rules/{name}").status_code == 200
    log = c.get(f"/api/tables/{t['id']}/log", params={"download": True})
    assert "attachment" in log.headers["content-disposition"]


def test_streamed_body_over_the_limit_is_413(c):
    t = new_table(c)
    chunks = iter([b'{"type": "play", "x": "', b"a" * 40_000, b"a" * 40_000, b'"}'])
    r = c.post(f"/api/tables/{t['id']}/events", content=chunks, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["detail"]


def test_log_lines_survive_line_splitting_readers(c):
    t = new_table(c, players=["Åsa", "Bob", "Cid"])
    post(c, t["id"], {"type": "announce", "seat": 0, "call": "baah", "note": "odd\u2028line\x85break"})
    text = c.get(f"/api/tables/{t['id']}/log").text
    assert text.isascii() and len(text.splitlines()) == 2
    assert json.loads(text.splitlines()[1])["note"] == "odd\u2028line\x85break"
    assert [r.to_dict() for r in replay(text.splitlines())] == c.get(f"/api/tables/{t['id']}/rulings").json()


def test_a_failed_commit_is_a_503_and_the_table_is_rebuilt_from_the_file(db):
    import sqlite3

    app = create_app(Settings(db_path=str(db)))
    with TestClient(app) as c:
        t = new_table(c, mode="open", part=2, trump="H", hands=mini_start()["hands"], leader=0)
        hub = app.state.hub()
        real = hub.store.insert_event

        def broken(*args):
            raise sqlite3.OperationalError("disk I/O error")

        hub.store.insert_event = broken
        r = post(c, t["id"], {"type": "play", "seat": 0, "cards": ["7C"]})
        assert r.status_code == 503 and "could not be saved" in r.json()["detail"]
        hub.store.insert_event = real
        assert c.get(f"/api/tables/{t['id']}").json()["next_seq"] == 1  # rebuilt: the event is not there
        assert c.get(f"/api/tables/{t['id']}/state").json()["hand_sizes"] == [1, 2, 1]
        r = post(c, t["id"], {"type": "play", "seat": 0, "cards": ["7C"]})
        assert r.status_code == 200 and r.json()["seq"] == 1 and r.json()["ok"]
