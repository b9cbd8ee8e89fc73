"""Frame sources: webcam index, video file, stream URL or a folder of frames (OpenCV).

Live sources (webcams, streams) are read by a background thread that keeps only the newest
frame, so a slow pipeline stays live; frames it never processed are counted as dropped.
Files are read frame by frame (every frame), or, with `realtime=True`, paced to their own
frame rate with frames skipped when processing falls behind (also counted as dropped).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")
#: Frame rate assumed for folders of frames and sources that do not report one.
DEFAULT_FPS = 12.0


class SourceError(RuntimeError):
    pass


def classify(spec: str) -> str:
    """'camera', 'url', 'folder' or 'file'."""
    if spec.isdigit():
        return "camera"
    if "://" in spec:
        return "url"
    p = Path(spec)
    if p.is_dir():
        return "folder"
    if p.is_file():
        return "file"
    raise SourceError(f"no such video, folder, camera index or URL: {spec}")


class FrameSource:
    """Iterate (index, frame, time_s). `index` counts source frames, so gaps are drops."""

    def __init__(self, spec: str, fps: float | None = None, realtime: bool = False):
        import cv2

        self.spec = spec
        self.kind = classify(spec)
        self.dropped = 0
        self.realtime = realtime
        self._cap = None
        self._files: list[Path] = []
        if self.kind == "folder":
            self._files = sorted(p for p in Path(spec).iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            if not self._files:
                raise SourceError(f"{spec}: no images ({', '.join(IMAGE_SUFFIXES)}) in this folder")
            self.fps = fps or DEFAULT_FPS
            first = cv2.imread(str(self._files[0]))
            if first is None:
                raise SourceError(f"cannot read image {self._files[0]}")
            self.size = (first.shape[1], first.shape[0])
            self.frame_count = len(self._files)
            return
        self._cap = cv2.VideoCapture(int(spec) if self.kind == "camera" else spec)
        if not self._cap.isOpened():
            raise SourceError(f"cannot open {self.kind} {spec}")
        reported = self._cap.get(cv2.CAP_PROP_FPS)
        self.fps = fps or (reported if reported and 1 <= reported <= 240 else DEFAULT_FPS)
        self.size = (int(self._cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(self._cap.get(cv2.CAP_PROP_FRAME_HEIGHT)))
        n = int(self._cap.get(cv2.CAP_PROP_FRAME_COUNT))
        self.frame_count = n if self.kind == "file" and n > 0 else None

    @property
    def live(self) -> bool:
        return self.kind in ("camera", "url")

    def __iter__(self):
        if self.kind == "folder":
            yield from self._iter_folder()
        elif self.live:
            yield from self._iter_live()
        else:
            yield from self._iter_file()

    def _iter_folder(self):
        import cv2

        start = time.perf_counter()
        i = 0
        while i < len(self._files):
            if self.realtime:
                ahead = i / self.fps - (time.perf_counter() - start)
                if ahead > 0:
                    time.sleep(ahead)
                due = int((time.perf_counter() - start) * self.fps)
                if due > i:
                    self.dropped += due - i
                    i = due
                    if i >= len(self._files):
                        break
            img = cv2.imread(str(self._files[i]))
            if img is not None:
                yield i, img, i / self.fps
            i += 1

    def _iter_file(self):
        cap = self._cap
        start = time.perf_counter()
        i = 0
        try:
            while True:
                if self.realtime:
                    ahead = i / self.fps - (time.perf_counter() - start)
                    if ahead > 0:  # a camera would not have this frame yet
                        time.sleep(ahead)
                    due = int((time.perf_counter() - start) * self.fps)
                    while i < due:  # fell behind: skip without decoding into an image
                        if not cap.grab():
                            return
                        i += 1
                        self.dropped += 1
                ok, frame = cap.read()
                if not ok:
                    return
                yield i, frame, i / self.fps
                i += 1
        finally:
            cap.release()

    def _iter_live(self):
        """A grabber thread overwrites one slot; the consumer always takes the newest frame."""
        cap = self._cap
        lock = threading.Condition()
        slot = {"frame": None, "index": -1, "done": False}
        stop = threading.Event()

        def grab():
            i = 0
            while not stop.is_set():
                ok, frame = cap.read()
                with lock:
                    if not ok:
                        slot["done"] = True
                        lock.notify_all()
                        return
                    slot["frame"], slot["index"] = frame, i
                    lock.notify_all()
                i += 1

        th = threading.Thread(target=grab, daemon=True)
        th.start()
        start = time.perf_counter()
        last = -1
        try:
            while True:
                with lock:
                    while slot["index"] == last and not slot["done"]:
                        lock.wait(timeout=1.0)
                    if slot["index"] == last and slot["done"]:
                        return
                    frame, index = slot["frame"], slot["index"]
                self.dropped += max(0, index - last - 1)
                last = index
                yield index, frame, time.perf_counter() - start
        finally:
            stop.set()
            th.join(timeout=2.0)
            cap.release()
