"""The seam between pixels and logic: a `Detector` turns one frame into detections.

A detection is a kind ("face", "back", "hand"), a card name ("10H") or "??", a confidence
and the 4 corner points of its oriented box. `watch` uses the shipped two-stage model
(`ModelDetector`) when models/ has it; `OracleDetector` replays the ground truth that
`render-video --detections` wrote next to a rendered clip, optionally with injected noise
(missed detections, wrong identities, jitter), so tracking, settling and event logic can be
tested and measured on their own with exact expectations.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

FACE, BACK, HAND = "face", "back", "hand"
UNKNOWN = "??"


@dataclass
class Detection:
    kind: str  # FACE / BACK / HAND
    card: str  # "10H", or "??" when unread
    conf: float
    quad: np.ndarray  # (4, 2)
    vote: float = 1.0  # weight of its name in a track's identity votes (REUSE_VOTE: a reused read)

    @property
    def centre(self) -> np.ndarray:
        return self.quad.mean(axis=0)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "card": self.card, "conf": round(float(self.conf), 3),
                "quad": np.asarray(self.quad).round(1).tolist()}

    @staticmethod
    def from_dict(d: dict) -> "Detection":
        return Detection(d["kind"], d.get("card", UNKNOWN), float(d.get("conf", 1.0)),
                         np.asarray(d["quad"], float).reshape(4, 2))


class Detector(Protocol):
    def __call__(self, frame: np.ndarray | None, index: int) -> list[Detection]:
        """Detections in `frame` (the `index`-th frame of the source)."""


# -------------------------------------------------------------------- sidecar (ground truth)

def read_sidecar(path: Path) -> tuple[dict, dict[int, list[dict]], list[dict]]:
    """(header, frame index -> ground-truth detection dicts, event timing records)."""
    header: dict = {}
    frames: dict[int, list[dict]] = {}
    events: list[dict] = []
    try:
        opener = gzip.open if str(path).endswith(".gz") else open
        with opener(path, "rt") as fh:
            for line in fh:
                if not line.strip():
                    continue
                rec = json.loads(line)
                kind = rec.get("type")
                if kind == "header":
                    header = rec
                elif kind == "event":
                    events.append(rec)
                elif "frame" in rec:
                    frames[int(rec["frame"])] = rec.get("detections", [])
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read detections sidecar {path}: {exc}") from None
    return header, frames, events


#: Oracle realism: a card is detected when at least this fraction of it is visible ...
ORACLE_MIN_VISIBLE = 0.25
#: ... and its name is read only when an index corner is uncovered (the sidecar says which).


@dataclass
class Noise:
    """Injected detector errors (all probabilities per detection per frame)."""
    miss: float = 0.0  # drop a detection
    wrong: float = 0.0  # read a wrong card name
    unread: float = 0.0  # read "??" instead of the name
    jitter: float = 0.0  # corner jitter, pixels (std)
    seed: int = 0

    @staticmethod
    def parse(text: str | None) -> "Noise":
        """'miss=0.1,wrong=0.05,jitter=2' -> Noise."""
        n = Noise()
        if not text:
            return n
        for part in text.split(","):
            if not part.strip():
                continue
            key, _, value = part.partition("=")
            key = key.strip()
            if key not in ("miss", "wrong", "unread", "jitter", "seed"):
                raise ValueError(f"unknown noise {key!r}: use miss, wrong, unread, jitter, seed")
            setattr(n, key, int(value) if key == "seed" else float(value))
        return n


class OracleDetector:
    """Ground-truth detections from a render's sidecar, with optional injected noise."""

    def __init__(self, sidecar: Path, noise: Noise | None = None):
        self.header, self.frames, self.events = read_sidecar(sidecar)
        self.noise = noise or Noise()
        self.rng = np.random.default_rng(self.noise.seed)

    def __call__(self, frame, index: int) -> list[Detection]:
        from vision.cards import CARD_NAMES

        out = []
        nz, rng = self.noise, self.rng
        for d in self.frames.get(index, []):
            if d.get("visible", 1.0) < ORACLE_MIN_VISIBLE and d["kind"] != HAND:
                continue
            det = Detection.from_dict(d)
            if nz.miss and rng.random() < nz.miss:
                continue
            if det.kind == FACE and det.card != UNKNOWN:
                r = rng.random()
                if r < nz.wrong:
                    det.card = CARD_NAMES[rng.integers(len(CARD_NAMES))]
                    det.conf = float(rng.uniform(0.3, 0.9))
                elif r < nz.wrong + nz.unread:
                    det.card = UNKNOWN
            if nz.jitter:
                det.quad = det.quad + rng.normal(0, nz.jitter, det.quad.shape)
            out.append(det)
        return out


# -------------------------------------------------------------------- the shipped model

#: A face whose read (corner probability x box score) is below this counts as unread ("??").
MODEL_READ_MIN = 0.25


def find_model_detector(models=None, threads: int | None = 2):
    """(detector, "") using the vision runtime's two-stage model in `models` (default models/),
    or (None, reason) when it is not there yet."""
    try:
        import onnxruntime  # noqa: F401

        from vision.runtime import CardRecognizer
        from vision.runtime_paths import DEFAULT_MODELS
    except ImportError as exc:
        return None, f"the vision runtime cannot be imported ({exc})"
    folder = Path(models) if models else DEFAULT_MODELS
    try:
        rec = CardRecognizer(folder, threads=threads)
    except FileNotFoundError as exc:
        return None, f"no shipped model in {folder} ({exc})"
    except Exception as exc:  # noqa: BLE001 - a corrupt or foreign ONNX file: a message, not a traceback
        return None, f"cannot load the models in {folder}: {exc}"
    return ModelDetector(rec), ""


#: Reuse a face's confident read while its box stays put (IoU above this) ...
REUSE_IOU = 0.85
#: ... for at most this many frames before reading its corners again ...
REUSE_FRAMES = 12
#: ... if the read was at least this sure. A reused read carries its confidence times
#: REUSE_WEIGHT (it matches in the tracker's low-confidence round) but adds only REUSE_VOTE
#: times it to the track's identity votes: it is the same read again, not new evidence (one
#: 0.66 misread re-emitted for a few frames piled up strong-evidence votes and drew a false
#: accusation). A lying card's votes grow by the fresh read every REUSE_FRAMES + 1 frames.
REUSE_MIN_CONF, REUSE_WEIGHT, REUSE_VOTE = 0.6, 0.5, 0.0
#: A read is reused only once this many fresh reads in a row gave its box the same name, so a
#: card just put down gathers its votes (and a misread meets its correction) before the
#: table settles, instead of a REUSE_FRAMES refresh later.
REUSE_AFTER_READS = 3


class ModelDetector:
    """Adapts `vision.runtime.CardRecognizer` to `Detection`s.

    Stage A (boxes) runs on every frame; Stage B (reading the two index corners) runs only
    for faces that moved, whose name is not yet confirmed by REUSE_AFTER_READS confident reads
    in a row, or whose last read is older than REUSE_FRAMES: on a settled table most faces
    keep their read, which keeps the frame rate up when many cards lie on the table. A kept
    read continues the face's track but is no new identity evidence (REUSE_VOTE).

    One detector watches one table, so it also learns how far this deck's index corners agree
    with its faces (`corner_trust`, `vision.runtime.CornerTrust`) and weighs the corners by it,
    and how wide its cards are (`card_shape`, `vision.runtime.CardShape`).
    """

    def __init__(self, recognizer):
        from vision.runtime import CardShape, CornerTrust

        self.recognizer = recognizer
        # (aabb, card, conf, frame read, confident reads of that name in a row, its run
        # neighbours as (offset from its centre, card, conf))
        self.cache: list[tuple[np.ndarray, str, float, int, int, list]] = []
        self.staged = all(hasattr(recognizer, a) for a in ("detector", "read_once"))
        # one table, one deck: how far its index corners agree with the face reader, and how
        # wide its cards are (to cut a box over a whole run to its top card)
        self.corner_trust = CornerTrust()
        self.card_shape = CardShape()

    def __call__(self, frame, index: int) -> list[Detection]:
        if frame is None:
            return []
        if not self.staged:
            return self._from_records(self.recognizer(frame))
        try:
            return self._staged(frame, index)
        except (AttributeError, TypeError, ValueError):  # a runtime without the staged API
            self.staged = False
            return self._from_records(self.recognizer(frame))

    def _staged(self, frame, index: int) -> list[Detection]:
        from vision.cards import CARD_NAMES
        from vision.live.tracker import aabb, iou_matrix

        rec = self.recognizer
        dets = rec.detector(frame)
        faces = [d for d in dets if d.kind == FACE]
        boxes = np.array([aabb(d.quad) for d in faces]).reshape(-1, 4)
        old = np.array([c[0] for c in self.cache]).reshape(-1, 4)
        iou = iou_matrix(boxes, old)
        out: list[Detection] = []
        to_read = []  # (face index, the cache entry of its box or None)
        new_cache = []
        for k, d in enumerate(faces):
            j = int(iou[k].argmax()) if iou.shape[1] else -1
            prev = self.cache[j] if j >= 0 and iou[k, j] >= REUSE_IOU else None
            if prev is not None and index - prev[3] <= REUSE_FRAMES and prev[4] >= REUSE_AFTER_READS:
                _, card, conf, when, reads, run = prev
                quad = np.asarray(d.quad, float)
                out.append(Detection(FACE, card, conf * REUSE_WEIGHT, quad, REUSE_VOTE))
                out += [Detection(FACE, c, p * REUSE_WEIGHT, quad + off, REUSE_VOTE) for off, c, p in run]
                new_cache.append((boxes[k], card, conf, when, reads, run))
            else:
                to_read.append((k, prev))
        if to_read:
            # one read per face and frame (no rereads from nudged boxes, unlike single photos):
            # a track votes over many frames, and rereads changed which frames settle on the
            # real-model sample clip (a slough went unseen)
            reads = rec.read_once(frame, [faces[k].quad for k, _ in to_read], self.corner_trust)
            fresh = []  # (face index, its cache entry or None, card, conf)
            for (k, prev), (i, p) in zip(to_read, reads):
                conf = float(p * faces[k].score)
                card = CARD_NAMES[i] if conf >= MODEL_READ_MIN else UNKNOWN
                out.append(Detection(FACE, card, conf, np.asarray(faces[k].quad, float)))
                fresh.append((k, prev, card, conf))
            # runs are looked for beside a sure face lying where it lay at its last sure read
            # (not in flight; and a card just put down is probed from its second read on)
            sure = [(k, card) for k, prev, card, conf in fresh if conf >= REUSE_MIN_CONF and prev is not None]
            runs = dict(zip((k for k, _ in sure), self._run_neighbours(frame, faces, sure, out)))
            for k, prev, card, conf in fresh:
                run = runs.get(k, [])
                out += [Detection(FACE, c, p, faces[k].quad + off) for off, c, p in run]
                if conf >= REUSE_MIN_CONF:
                    in_row = prev[4] + 1 if prev is not None and prev[1] == card else 1
                    new_cache.append((boxes[k], card, conf, index, in_row, run))
        self.cache = new_cache
        for d in dets:
            if d.kind != FACE:
                out.append(Detection(d.kind, UNKNOWN, float(d.score), np.asarray(d.quad, float)))
        return out

    def _run_neighbours(self, frame, faces, sure: list[tuple[int, str]], out: list[Detection]) -> list[list]:
        """Per surely read face (index into `faces`, card), the cards of its run found beside
        it (`CardRecognizer.run_neighbours`) as (offset of their box from the face's, card,
        conf); a card already read on a box of its own this frame is left to that box."""
        probe = getattr(self.recognizer, "run_neighbours", None)
        if probe is None or not sure:
            return [[] for _ in sure]
        named = {d.card for d in out if d.kind == FACE}
        runs = []
        for (k, _), found in zip(sure, probe(frame, [(np.asarray(faces[k].quad, float), c) for k, c in sure],
                                             self.card_shape)):
            score = float(faces[k].score)
            runs.append([(off, c, p * score) for off, c, p in found if c not in named])
        return runs

    def _from_records(self, res: dict) -> list[Detection]:
        out = []
        for r in res.get("cards", []):
            quad = np.asarray(r["corners"], float).reshape(4, 2)
            if r["card"] == UNKNOWN:
                out.append(Detection(BACK, UNKNOWN, float(r["conf"]), quad))
            else:
                conf = float(r["conf"])
                out.append(Detection(FACE, r["card"] if conf >= MODEL_READ_MIN else UNKNOWN, conf, quad))
        for h in res.get("hands", []):
            out.append(Detection(HAND, UNKNOWN, float(h["conf"]), np.asarray(h["corners"], float).reshape(4, 2)))
        return out
