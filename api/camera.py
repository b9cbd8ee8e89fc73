"""The seam between the table server and the (future) live vision pipeline.

Nothing here looks at pixels. The server talks to a camera only through `CameraSource`;
the vision package will provide a factory that opens a source (a webcam index such as
"0", a video file or a stream URL) and returns an object implementing the protocol.
Until one is registered, every camera endpoint answers 501 with `NO_PIPELINE`, and
`goatherd serve --camera ...` refuses to start: nothing is simulated.

A pipeline registers itself with `register_pipeline(factory)`, or is found at start
through the `goatherd.camera` entry-point group (`name = "module:factory"`); failing both,
the bundled one (api/camera_live.py over vision/live) is used when cv2 and numpy import.
A factory raises `CameraUnavailable` when it cannot work at all here (no detector model):
the API answers 503 with its message; any other exception is a bad source (422).
"""

from __future__ import annotations

from typing import AsyncIterator, Callable, Protocol, runtime_checkable

NO_PIPELINE = ("no live vision pipeline is installed yet: camera sources cannot be attached. "
               "Enter events by hand (tap the cards on the page) or POST them to "
               "/api/tables/{id}/events")


@runtime_checkable
class CameraSource(Protocol):
    """What the server needs from a running camera pipeline for one table."""

    source: str  # what was opened ("0", a path, a URL)

    async def frames(self) -> AsyncIterator[bytes]:
        """Annotated JPEG frames (overlays drawn), for the MJPEG stream to the page."""
        ...

    async def events(self) -> AsyncIterator[dict]:
        """Table-log events the pipeline is sure of, in table order (the server referees them),
        or a list of them to apply as one: a camera correcting itself (`stale_correction`)."""
        ...

    def questions(self) -> list[dict]:
        """Open questions for the people at the table: {"id", "text", "event", "image"?}."""
        ...

    def answer(self, question_id: str, accept: bool, event: dict | None = None) -> dict | None:
        """Confirm or reject a question; returns the event to referee (or None). Rejecting a
        question about an event the camera logged all the same returns an `undo` naming it
        (`evidence.withdraws`): applied only while that event is still the table's last
        (`stale_correction`). KeyError: unknown id."""
        ...

    def observe(self, event: dict, ruling: dict) -> None:
        """An event refereed at this table from elsewhere (manual entry, undo, a confirmed
        question), so the pipeline's own expectations follow the authoritative table."""
        ...

    def set_seats(self, points: list[tuple[float, float]]) -> None:
        """Seat positions clicked on the video (fractions of width/height), clockwise from seat 0."""
        ...

    async def close(self) -> None:
        ...


def stale_correction(engine, events: list[dict]) -> bool:
    """Whether a camera's correction (`events`: undos, each naming in `evidence.withdraws` the
    event it withdraws, then the events that replace them) came too late: an undo would
    withdraw another event than it names (a person's event got in first). The server then
    applies none of it, and the pipeline follows the table's log instead."""
    back = 0
    for event in events:
        if event.get("type") != "undo":
            continue
        evidence = event.get("evidence")
        if isinstance(evidence, dict) and "withdraws" in evidence:
            last = engine.last_accepted(back)
            if last is None or {k: v for k, v in last.items() if k != "evidence"} != evidence["withdraws"]:
                return True
        back += 1
    return False


PipelineFactory = Callable[[str, dict], CameraSource]  # (source, table info) -> running source
_factory: PipelineFactory | None = None
_looked_up = False


def register_pipeline(factory: PipelineFactory | None) -> None:
    global _factory, _looked_up
    _factory = factory
    _looked_up = True


def pipeline_factory() -> PipelineFactory | None:
    """The registered pipeline factory, or one advertised by an installed package, or None.

    Installed packages are searched once per process (the search reads every package's
    metadata: far too slow for each request)."""
    global _factory, _looked_up
    if not _looked_up:
        _looked_up = True
        from importlib.metadata import entry_points

        for ep in entry_points(group="goatherd.camera"):
            try:
                _factory = ep.load()
                break
            except Exception:  # a broken plugin must not stop the server
                continue
        if _factory is None:  # the bundled pipeline (vision/live), when its dependencies import
            try:
                import cv2  # noqa: F401
                import numpy  # noqa: F401

                from api.camera_live import create_camera
            except ImportError:
                pass
            else:
                _factory = create_camera
    return _factory


class CameraUnavailable(Exception):
    def __init__(self, message: str = NO_PIPELINE):
        super().__init__(message)
        self.message = message
