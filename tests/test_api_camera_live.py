"""The live vision pipeline behind the server's camera seam: the sample table video, refereed
through the API from its ground-truth detections sidecar (no model needed)."""

from __future__ import annotations

import json
import time
import warnings
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
pytest.importorskip("cv2")
pytest.importorskip("numpy")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from api import camera as cam
from api.app import create_app
from api.config import Settings

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
SAMPLES = Path(__file__).resolve().parent.parent / "vision" / "live" / "samples"
VIDEO, SIDECAR, TRUTH = SAMPLES / "table.mp4", SAMPLES / "table.detections.jsonl.gz", SAMPLES / "table.jsonl"
#: How many of the sample's true events (after the start) must come through the camera.
EVENTS = 14  # all of them (the clip shows 14 events)
WAIT_S = 60.0


def _key(ev: dict) -> tuple:
    return ev.get("type"), ev.get("seat"), tuple(ev.get("cards") or ())


@pytest.fixture
def c(tmp_path):
    cam.register_pipeline(None)  # forget other tests' stand-ins: look the pipeline up afresh
    cam._looked_up = False
    try:
        with TestClient(create_app(Settings(db_path=str(tmp_path / "tables.db")))) as c:
            yield c
    finally:
        cam.register_pipeline(None)


def test_the_sample_video_is_refereed_through_the_camera_api(c):
    from api.camera_live import create_camera

    assert cam.pipeline_factory() is create_camera  # found without any entry point
    truth = [json.loads(line) for line in TRUTH.read_text().splitlines() if line.strip()]
    start = truth[0]
    r = c.post("/api/tables", json={"name": "sample", "players": start["players"], "leader": start["leader"]})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    assert r.json()["camera"] == {"available": True, "attached": False}
    bad = c.post(f"/api/tables/{tid}/camera", json={"source": str(VIDEO), "detections": "no/such.jsonl.gz"})
    assert bad.status_code == 422 and "no such detections sidecar" in bad.json()["detail"]
    t0 = time.monotonic()
    r = c.post(f"/api/tables/{tid}/camera", json={"source": str(VIDEO), "detections": str(SIDECAR)})
    assert r.status_code == 200, r.text
    assert r.json() == {"available": True, "attached": True, "source": str(VIDEO)}
    try:
        want = [_key(ev) for ev in truth[1:1 + EVENTS]]
        rulings = []
        while time.monotonic() - t0 < WAIT_S:
            rulings = c.get(f"/api/tables/{tid}/rulings").json()[1:]  # after the table's own start
            if len(rulings) >= EVENTS:
                break
            time.sleep(0.2)
        log = [json.loads(line) for line in c.get(f"/api/tables/{tid}/log").text.splitlines()][1:]
        assert [_key(ev) for ev in log[:EVENTS]] == want, rulings
        assert all(r["ok"] for r in rulings[:EVENTS]), rulings
        with c.stream("GET", f"/api/tables/{tid}/camera/stream.mjpg") as s:
            assert s.headers["content-type"].startswith("multipart/x-mixed-replace")
            body = b""
            for chunk in s.iter_bytes():
                body += chunk
                if b"\xff\xd9" in body:
                    break
        assert b"Content-Type: image/jpeg" in body and b"\xff\xd8" in body and b"\xff\xd9" in body
        r = c.post(f"/api/tables/{tid}/camera/seats", json={"points": [[0.5, 0.9], [0.1, 0.5]]})
        assert r.status_code == 409 and "mark all 4 seats" in r.json()["detail"]
        r = c.post(f"/api/tables/{tid}/camera/seats",
                   json={"points": [[0.5, 0.95], [0.05, 0.5], [0.5, 0.05], [0.95, 0.5]]})
        assert r.status_code == 200 and r.json()["seats"] == 4
    finally:
        assert c.delete(f"/api/tables/{tid}/camera").json()["attached"] is False


def test_without_a_model_or_sidecar_the_answer_is_a_clear_503(c, monkeypatch):
    import vision.live.detector as det

    monkeypatch.setattr(det, "find_model_detector", lambda *a, **k: (None, "models/ holds no detector"))
    r = c.post("/api/tables", json={"name": "T", "players": ["Ann", "Bob", "Cid"]})
    tid = r.json()["id"]
    r = c.post(f"/api/tables/{tid}/camera", json={"source": str(VIDEO)})
    assert r.status_code == 503 and "no card detector available" in r.json()["detail"], r.text
    assert c.get(f"/api/tables/{tid}/camera").json()["attached"] is False


def test_notes_it_cannot_rule_on_become_questions():
    """A needs_confirmation note without an event is asked; its reading is refereed only when confirmed."""
    import itertools

    from api.camera_live import LiveCamera

    camera = LiveCamera.__new__(LiveCamera)  # the question bookkeeping only, no video
    camera._questions, camera._ids = {}, itertools.count(1)
    camera._ask({"kind": "needs_confirmation", "message": "saw 7C arrive from Bob but …", "cards": ["7C"], "seat": 1})
    camera._ask({"kind": "needs_confirmation", "message": "saw ?? arrive from somewhere", "cards": ["??"],
                 "seat": None})
    q1, q2 = camera.questions()
    assert q1 == {"id": "q1", "text": "saw 7C arrive from Bob but …",
                  "event": {"type": "play", "seat": 1, "cards": ["7C"]}}
    assert q2["event"] is None
    assert camera.answer("q1", False) is None
    fix = {"type": "play", "seat": 2, "cards": ["8D"]}
    assert camera.answer("q2", False, fix) == fix
    with pytest.raises(KeyError):
        camera.answer("q1", True)


def test_marked_seats_move_the_pipeline_zones():
    import numpy as np

    from api.camera_live import LiveCamera
    from vision.live.layout import default_layout

    camera = LiveCamera.__new__(LiveCamera)  # just the seat logic: no source, no thread
    import threading
    camera._lock = threading.Lock()
    camera._new_seats = None

    class Pipe:
        players = ["Ann", "Bob", "Cid"]
        layout = None

    camera._pipe = Pipe()
    camera.set_seats([(0.5, 1.0), (0.0, 0.0), (1.0, 0.0)])
    camera._apply_seats()  # not started: kept for the first frame
    assert camera._new_seats is not None
    Pipe.layout = default_layout(3, 200, 100)
    camera._apply_seats()
    assert np.allclose(Pipe.layout.seats, [[100, 100], [0, 0], [200, 0]])
    assert Pipe.layout.zone_of((10, 5)) == 1 and Pipe.layout.zone_of((190, 5)) == 2
    assert Pipe.layout.zone_of((100, 95)) == 0


def test_a_camera_attached_mid_game_follows_the_tables_log(c):
    """The first three plays were typed in by hand; then the camera is attached. It starts
    from the table's log: the cards already on the table are accounted for, not reported
    again, and the camera adds the rest of the clip's events, all in order, all legal."""
    truth = [json.loads(line) for line in TRUTH.read_text().splitlines() if line.strip()]
    start = truth[0]
    r = c.post("/api/tables", json={"name": "late camera", "players": start["players"], "leader": start["leader"]})
    tid = r.json()["id"]
    for ev in truth[1:4]:
        assert c.post(f"/api/tables/{tid}/events", json=ev).json()["ok"]
    t0 = time.monotonic()
    assert c.post(f"/api/tables/{tid}/camera", json={"source": str(VIDEO), "detections": str(SIDECAR)}).status_code == 200
    try:
        want = [_key(ev) for ev in truth[1:1 + EVENTS]]
        log = []
        while time.monotonic() - t0 < WAIT_S:
            log = [json.loads(line) for line in c.get(f"/api/tables/{tid}/log").text.splitlines()][1:]
            if len(log) >= EVENTS:
                break
            time.sleep(0.2)
        assert [_key(ev) for ev in log] == want
        rulings = c.get(f"/api/tables/{tid}/rulings").json()[1:]
        assert all(r["ok"] for r in rulings), rulings
        assert [ev.get("evidence") is None for ev in log[:3]] == [True] * 3  # typed in
        assert all(ev.get("evidence") for ev in log[3:])  # seen
    finally:
        c.delete(f"/api/tables/{tid}/camera")


def test_a_manual_correction_is_replayed_with_the_camera_events_still_on_their_way():
    """observe() (in the server's loop) snapshots the table's recorded log and how many camera
    events the server has taken; the pipeline thread replays that log plus the camera events
    it emitted that the server had not taken yet -- none lost, none twice."""
    import threading

    from api.camera_live import LiveCamera

    class Pipe:
        def resync(self, log):
            self.log = log

    camera = LiveCamera.__new__(LiveCamera)
    camera._lock, camera._pipe, camera.observed = threading.Lock(), Pipe(), []
    start = {"type": "start", "game": "skitgubbe", "players": ["Ann", "Bob", "Cid"]}
    seen = [{"type": "play", "seat": 0, "cards": ["9D"]}, {"type": "play", "seat": 1, "cards": ["4C"]},
            {"type": "play", "seat": 2, "cards": ["9C"]}]
    undo = {"type": "undo"}
    # the server recorded the first camera event and then a person's undo; the camera has
    # emitted two more since, still queued
    camera._table_log = [json.dumps(start), json.dumps(seen[0]), json.dumps(undo)]
    camera._emitted, camera._taken, camera._resync = list(seen), 1, None
    camera.observe(undo, {"ok": True})
    camera._table_log.append(json.dumps(seen[1]))  # (taken after the snapshot: still replayed once)
    camera._apply_resync()
    assert camera._pipe.log == [start, seen[0], undo, seen[1], seen[2]]
    assert camera._resync is None


def test_a_deck_it_cannot_read_is_said_once_on_the_page(c, tmp_path):
    """The sample video with every face read as "??" (a deck the readers cannot name): the
    camera referees nothing, and says why in one question the page shows (nothing to confirm)."""
    import gzip

    unread = tmp_path / "unread.detections.jsonl.gz"
    with gzip.open(SIDECAR, "rt") as src, gzip.open(unread, "wt") as dst:
        for line in src:
            rec = json.loads(line)
            for d in rec.get("detections", []):
                if d["kind"] == "face":
                    d["card"] = "??"
            dst.write(json.dumps(rec) + "\n")
    r = c.post("/api/tables", json={"name": "odd deck", "players": ["Ann", "Bob", "Cid", "Dan"], "leader": 0})
    tid = r.json()["id"]
    assert c.post(f"/api/tables/{tid}/camera", json={"source": str(VIDEO), "detections": str(unread)}).status_code == 200
    try:
        t0, asked = time.monotonic(), []
        while time.monotonic() - t0 < WAIT_S and not asked:
            asked = [q for q in c.get(f"/api/tables/{tid}/camera/questions").json() if "could not be read" in q["text"]]
            time.sleep(0.2)
        assert len(asked) == 1 and asked[0]["event"] is None, asked
        assert "may not know this deck's design" in asked[0]["text"]
        r = c.post(f"/api/tables/{tid}/camera/questions/{asked[0]['id']}", json={"accept": True})
        assert r.status_code == 200 and r.json() == {"ruling": None}
        assert len(c.get(f"/api/tables/{tid}/rulings").json()) == 1  # the table's own start only
    finally:
        c.delete(f"/api/tables/{tid}/camera")


def test_a_correction_from_the_pipeline_is_handed_to_the_server_as_one():
    """The pipeline's outputs of one frame: a play, then a correction (two undos, then the two
    events replacing what they withdrew), then another play. The correction reaches the
    server as one list (refereed with nothing in between); every event counts as emitted."""
    from types import SimpleNamespace

    from api.camera_live import LiveCamera
    from vision.live.pipeline import Output

    sent = []
    camera = LiveCamera.__new__(LiveCamera)  # (no source, no thread: only the hand-over)
    camera._emitted, camera._events, camera._questions = [], SimpleNamespace(put_nowait=sent.append), {}
    camera._call = lambda fn, *args: fn(*args)
    play = [{"type": "play", "seat": s, "cards": [c]} for s, c in ((0, "7C"), (1, "9C"), (2, "3H"))]
    undo = {"type": "undo", "evidence": {"withdraws": play[1]}}
    camera._emit([Output(1, 0.1, e) for e in (play[0], undo, undo, play[0], play[1], play[2])])
    assert sent == [play[0], [undo, undo, play[0], play[1]], play[2]]
    assert len(camera._emitted) == 6
    # a lost step read again: one undo, the event replacing it, and the changes asked about
    # before, all read again (`evidence.reread`): one list too
    sent.clear()
    reread = [dict(e, evidence={"reread": 40}) for e in play]
    camera._emit([Output(2, 0.2, e) for e in (undo, *reread, play[0])])
    assert sent == [[undo, *reread], play[0]]


def test_a_question_about_a_change_the_camera_read_again_itself_leaves_the_page():
    """The camera asked about Ann's 9D (it made no sense then); two changes later it read the
    stretch again and logged that 9D itself (`evidence.reread`). The question leaves the page,
    so a person answering it cannot log the 9D twice; a question about another change stays."""
    import itertools
    from types import SimpleNamespace

    from api.camera_live import LiveCamera
    from vision.live.pipeline import Output

    camera = LiveCamera.__new__(LiveCamera)  # (no source, no thread: only the hand-over)
    camera._emitted, camera._questions, camera._ids = [], {}, itertools.count(1)
    camera._events = SimpleNamespace(put_nowait=lambda e: None)
    camera._call = lambda fn, *args: fn(*args)
    asked = {"kind": "needs_confirmation", "frame": 120, "message": "saw 9D arrive from Ann but ...",
             "cards": ["9D"], "seat": 0}
    other = dict(asked, frame=150, cards=["4C"], seat=1, message="saw 4C arrive from Bob but ...")
    camera._emit([Output(120, 10.0, note=asked), Output(150, 12.5, note=other)])
    assert [q["text"] for q in camera.questions()] == [asked["message"], other["message"]]
    reread = {"type": "play", "seat": 0, "cards": ["9D"],
              "evidence": {"frame": 120, "cards_seen": ["9D"], "reread": 180}}
    camera._emit([Output(180, 15.0, {"type": "undo", "evidence": {"frame": 180}}), Output(180, 15.0, reread)])
    assert [q["text"] for q in camera.questions()] == [other["message"]]


def test_a_question_about_an_event_the_camera_logged_all_the_same_is_on_the_page():
    """The camera logged Bob's play as "6C and an unread card" and asked which card it was: the
    page shows that question, with the event it logged and nothing to apply (confirming it
    changes nothing; rejecting it withdraws that event). When the camera withdraws that event
    itself (it read the card at last), the question leaves the page; not when a correction of
    an earlier event withdrew it only to log it again as it was."""
    import itertools
    from types import SimpleNamespace

    from api.camera_live import LiveCamera
    from vision.live.pipeline import Output

    camera = LiveCamera.__new__(LiveCamera)
    camera._emitted, camera._questions, camera._ids = [], {}, itertools.count(1)
    camera._events = SimpleNamespace(put_nowait=lambda e: None)
    camera._call = lambda fn, *args: fn(*args)
    play = {"type": "play", "seat": 1, "cards": ["??", "6C"]}
    note = {"kind": "needs_confirmation", "frame": 140, "message": "could not read the card Bob put down (9C, 6C): "
            "logged as Bob's play of 6C and an unread card; which card was it?", "chosen": play}
    for withdrawn in (False, True):
        camera._emit([Output(140, 11.7, dict(play, evidence={"frame": 140}), {"ok": True}, note)])
        qs = camera.questions()
        assert [(q["text"], q["event"], q["logged"]) for q in qs] == [(note["message"], None, play)]
        if withdrawn:
            earlier = {"type": "play", "seat": 0, "cards": ["2C"]}
            undos = [{"type": "undo", "evidence": {"frame": 170, "withdraws": ev}} for ev in (play, earlier)]
            camera._emit([Output(170, 14.2, e) for e in (*undos, dict(earlier, cards=["2C", "3C"]),
                                                         dict(play, evidence={"frame": 140}))])
            assert [q["logged"] for q in camera.questions()] == [play]  # (logged again as it was)
            camera._emit([Output(190, 15.8, undos[0]), Output(190, 15.8, dict(play, cards=["6C", "7C", "8C"]))])
            assert camera.questions() == []
        else:
            assert camera.answer(qs[0]["id"], True) is None and camera.questions() == []
    # rejected, the event is withdrawn: an undo naming it (the server applies it while it is last)
    camera._emit([Output(200, 16.7, dict(play, evidence={"frame": 200}), {"ok": True}, note)])
    assert camera.answer(camera.questions()[0]["id"], False) == {"type": "undo", "evidence": {"withdraws": play}}
    assert camera.questions() == []
