"""The live vision pipeline (vision/live) behind the server's camera seam (api/camera.py).

    goatherd serve --camera 0                                   # webcam, shipped model (models/)
    goatherd serve --camera vision/live/samples/table.mp4 \\
                   --camera-detections vision/live/samples/table.detections.jsonl.gz   # oracle
    POST /api/tables/{id}/camera {"source": "...", "detections": "...sidecar"}

`LiveCamera` runs capture + `LivePipeline` in a background thread (the pipeline is
CPU-bound; the asyncio loop must stay free for the table's other requests). Events it is
sure of are handed to the server through an asyncio queue; the newest annotated frame is
kept as JPEG (older ones are dropped); `needs_confirmation` notes become questions, and so
does, once, a deck whose cards the readers cannot name (`LivePipeline.unread_deck`).

Manual corrections reach the pipeline: after an event refereed elsewhere (manual entry,
undo, a confirmed question) `observe()` snapshots the table's log -- the server's recorded
events plus the camera events still on their way to it -- and the pipeline thread replays it
(`LivePipeline.resync`) before its next frame, so the camera's later events are judged
against the game as the table has it. A camera attached mid-game starts from the table's log.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import threading
import time
from pathlib import Path

from api.camera import CameraUnavailable

log = logging.getLogger("goatherd.camera")
#: JPEG frames for the stream are encoded at most this often (seconds); annotating and
#: encoding every frame would cost the pipeline itself time.
FRAME_INTERVAL_S = 0.1
JPEG_QUALITY = 75
#: Start-event fields the pipeline's own referee takes from the table's start event.
START_KEYS = ("mode", "variants", "part", "trump", "hands", "hand_sizes", "table")


def _detector(detections: str | None):
    from vision.live.detector import OracleDetector, find_model_detector

    if detections:
        path = Path(detections)
        if not path.is_file():
            raise ValueError(f"no such detections sidecar: {detections}")
        return OracleDetector(path)
    detector, why = find_model_detector(None)
    if detector is None:
        raise CameraUnavailable(f"no card detector available: {why}. Pass a detections sidecar (written by "
                                "`goatherd render-video --detections`): 'detections' in the attach request or "
                                "`goatherd serve --camera-detections`")
    return detector


class LiveCamera:
    """A `CameraSource` over a `vision.live` pipeline; see the module docstring."""

    def __init__(self, source: str, table_info: dict, detections: str | None = None,
                 max_frames: int | None = None, realtime: bool = False):
        from vision.live.pipeline import LivePipeline
        from vision.live.sources import FrameSource, SourceError

        self.source = source
        detector = _detector(detections)  # first: a missing model is the clearest answer
        try:
            self._frames = FrameSource(source, realtime=realtime)
        except SourceError as exc:
            raise ValueError(str(exc)) from None
        players = list(table_info.get("players") or [])
        if len(players) < 2:
            raise ValueError("the table needs at least two players for the camera to follow it")
        start = table_info.get("start") or {}
        extra = {k: start[k] for k in START_KEYS if k in start}
        self._pipe = LivePipeline(players, detector, self._frames.fps, game=table_info.get("game") or "skitgubbe",
                                  leader=start.get("leader", 0) if start else 0, start_extra=extra)
        self.max_frames = max_frames
        self.observed: list[tuple[dict, dict]] = []  # events refereed elsewhere
        # The table's recorded events (JSON text, appended by the server as it records them) and
        # the camera events: all emitted by the pipeline thread, how many the server has taken.
        self._table_log = table_info.get("log")
        self._emitted: list[dict] = []
        self._taken = 0
        self._resync: tuple[list[str], int] | None = None
        if self._table_log is not None and len(self._table_log) > 1:  # attached mid-game
            self._resync = (list(self._table_log), 0)
        self.error: str | None = None
        self._loop = asyncio.get_running_loop()
        self._events: asyncio.Queue = asyncio.Queue()
        self._questions: dict[str, dict] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._jpeg: bytes | None = None
        self._jpeg_seq = 0
        self._new_seats: list[tuple[float, float]] | None = None
        self._done = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"camera {source}", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ the worker thread
    def _run(self) -> None:
        import cv2

        last_jpeg = 0.0
        frames = 0
        warned = False
        try:
            for index, frame, t in self._frames:
                if self._stop.is_set():
                    break
                if self._new_seats is not None:
                    self._apply_seats()
                if self._resync is not None:
                    self._apply_resync()
                self._emit(self._pipe.process(frame, index, t))
                if not warned and (unread := self._pipe.unread_deck_message()) is not None:
                    warned = True  # asked once, as a question the page shows (nothing to confirm)
                    self._call(self._ask, {"kind": "unread_deck", "message": unread})
                frames += 1
                now = time.monotonic()
                if now - last_jpeg >= FRAME_INTERVAL_S:
                    last_jpeg = now
                    ok, buf = cv2.imencode(".jpg", self._pipe.annotate(frame), [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
                    if ok:
                        with self._lock:
                            self._jpeg, self._jpeg_seq = buf.tobytes(), self._jpeg_seq + 1
                if self.max_frames and frames >= self.max_frames:
                    break
            if not self._stop.is_set():
                self._emit(self._pipe.finish())
        except Exception as exc:  # reported on the camera, never kills the server
            self.error = f"{type(exc).__name__}: {exc}"
            log.exception("camera %s: the pipeline stopped", self.source)
        finally:
            self._done.set()
            self._call(self._events.put_nowait, None)

    def _call(self, fn, *args) -> None:
        try:
            self._loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # the loop is closed: the server is gone
            pass

    def _emit(self, outputs) -> None:
        # a camera correcting itself: k undos, then the k events replacing them, and, when it
        # read a lost step again, the events of the changes it had asked about (`evidence.reread`)
        correction, owed = [], 0
        for out in outputs:
            if out.note is not None:
                self._call(self._ask, out.note, out.event)
            if out.event is None or out.event.get("type") == "start":  # (the table has its own start)
                continue
            self._emitted.append(out.event)
            undo = out.event.get("type") == "undo"
            reread = "reread" in (out.event.get("evidence") or {})
            if undo or owed or correction and reread:
                if undo:
                    owed += 1
                elif owed:
                    owed -= 1
                correction.append(out.event)  # handed over as one, so nothing gets in between
                continue
            if correction:
                self._hand_over(correction)
                correction = []
            self._hand_over([out.event])
        if correction:
            self._hand_over(correction)

    def _hand_over(self, events: list[dict]) -> None:
        """Queue one event (or a correction, as one list) for the server; the questions it
        settles leave the page (`_retire`)."""
        self._call(self._events.put_nowait, events if len(events) > 1 else events[0])
        self._call(self._retire, events)

    def _ask(self, note: dict, logged: dict | None = None) -> None:
        """A question on the page: about a change the camera could not rule on (`event`: the
        reading to confirm, a play of the cards seen from the seat they came from), or about
        an event it logged all the same (`logged`: nothing to apply; rejected, it is undone)."""
        qid = f"q{next(self._ids)}"
        event = None
        cards, seat = note.get("cards") or [], note.get("seat")
        if logged is None and cards and "??" not in cards and isinstance(seat, int) and seat >= 0:
            event = {"type": "play", "seat": seat, "cards": list(cards)}
        self._questions[qid] = {"id": qid, "text": note.get("message", "please confirm"), "event": event,
                                "note": note}
        if logged is not None:
            from vision.live.events import without_evidence

            self._questions[qid]["logged"] = without_evidence(logged)

    def _retire(self, events: list[dict]) -> None:
        """(In the server's loop.) Questions the camera settled itself with `events` (one event,
        or a correction) leave the page: one about a change it read again (an event with
        `evidence.reread`, seen at that frame as those cards: a person answering it too would
        log that change twice), and one about an event it logged and has now withdrawn (an
        undo's `evidence.withdraws`) without logging it again as it was."""
        from vision.live.events import without_evidence

        evidence = [e.get("evidence") or {} for e in events]
        read_again = [(ev.get("frame"), sorted(ev.get("cards_seen") or [])) for ev in evidence if "reread" in ev]
        relogged = [without_evidence(e) for e in events if e.get("type") != "undo"]
        withdrawn = [ev["withdraws"] for ev in evidence if "withdraws" in ev and ev["withdraws"] not in relogged]
        for qid, q in list(self._questions.items()):
            note = q.get("note") or {}
            if (note.get("frame"), sorted(note.get("cards") or [])) in read_again or q.get("logged") in withdrawn:
                del self._questions[qid]

    # ------------------------------------------------------------------ CameraSource
    async def frames(self):
        seen = 0
        while True:
            with self._lock:
                jpeg, seq = self._jpeg, self._jpeg_seq
            if jpeg is not None and seq != seen:
                seen = seq
                yield jpeg
            elif self._done.is_set():
                return
            else:
                await asyncio.sleep(FRAME_INTERVAL_S / 2)

    async def events(self):
        while True:
            event = await self._events.get()
            if event is None:
                return
            # (the server records it, or every event of a correction, before this loop runs on)
            self._taken += len(event) if isinstance(event, list) else 1
            yield event

    def questions(self) -> list[dict]:
        return [{k: v for k, v in q.items() if k != "note"} for q in self._questions.values()]

    def answer(self, question_id: str, accept: bool, event: dict | None = None) -> dict | None:
        q = self._questions.pop(question_id)  # KeyError: unknown id
        if event is not None:
            return event
        if "logged" in q:  # an event it logged: it stands, or is withdrawn (while still the table's last)
            return None if accept else {"type": "undo", "evidence": {"withdraws": q["logged"]}}
        return q["event"] if accept else None

    def observe(self, event: dict, ruling: dict) -> None:
        """(In the server's loop, after the table recorded `event`.) The pipeline follows the
        table's log from its next frame on; without a log (a bare factory call) it cannot."""
        self.observed.append((event, ruling))
        if self._table_log is not None:
            with self._lock:
                self._resync = (list(self._table_log), self._taken)

    def _apply_resync(self) -> None:
        """In the pipeline thread: replay the table's log as snapshotted, plus the camera events
        emitted since that the server had not taken yet (they are on their way to it)."""
        import json

        with self._lock:
            (recorded, taken), self._resync = self._resync, None
        log = [json.loads(e) if isinstance(e, str) else e for e in recorded]
        self._pipe.resync(log + self._emitted[taken:])

    def set_seats(self, points: list[tuple[float, float]]) -> None:
        """Seats clicked on the video (fractions of width/height), applied by the pipeline thread
        before its next frame: zone attribution follows them from then on."""
        n = len(self._pipe.players)
        if len(points) != n:
            raise ValueError(f"mark all {n} seats, clockwise from seat 0 (got {len(points)})")
        if not all(0.0 <= x <= 1.0 and 0.0 <= y <= 1.0 for x, y in points):
            raise ValueError("seat points are fractions of the video's width and height (0 to 1)")
        with self._lock:
            self._new_seats = [(float(x), float(y)) for x, y in points]

    def _apply_seats(self) -> None:
        """In the pipeline thread: move the layout's seats to the points last marked."""
        import numpy as np

        with self._lock:
            points, self._new_seats = self._new_seats, None
        layout = self._pipe.layout
        if points is None or layout is None:
            if points is not None:  # not started yet: keep them for the first frame
                with self._lock:
                    self._new_seats = self._new_seats or points
            return
        layout.seats = np.array([[x * layout.width, y * layout.height] for x, y in points], dtype=float)

    async def close(self) -> None:
        self._stop.set()
        await asyncio.get_running_loop().run_in_executor(None, self._thread.join, 5.0)


def create_camera(source: str, table_info: dict) -> LiveCamera:
    """The pipeline factory (`api.camera.register_pipeline`); table_info may carry 'detections'."""
    return LiveCamera(source, table_info, detections=table_info.get("detections"),
                      max_frames=table_info.get("max_frames"), realtime=bool(table_info.get("realtime", False)))
