"""ModelDetector's read reuse, with exact expectations: a face's confident read reused while
its box stays put keeps the track going but is not new identity evidence; only fresh reads
(the box moved, the name is not yet confirmed by REUSE_AFTER_READS reads in a row, or
REUSE_FRAMES passed) add votes."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

pytest.importorskip("cv2")

from vision.cards import CARD_NAMES  # noqa: E402
from vision.live import detector as dm  # noqa: E402
from vision.live.detector import FACE, ModelDetector  # noqa: E402
from vision.live.tracker import Tracker  # noqa: E402
from vision.runtime import CardRecognizer  # noqa: E402

FRAME = np.zeros((720, 1280, 3), np.uint8)


def box(cx, cy, w=80, h=115):
    return np.array([[cx - w / 2, cy - h / 2], [cx + w / 2, cy - h / 2], [cx + w / 2, cy + h / 2],
                     [cx - w / 2, cy + h / 2]], float)


class FakeReader:
    """Reads every card as the next (name, p) of `script` (both corners; the last one repeats),
    counting its reads."""

    imgsz = 32

    def __init__(self, *script: tuple[str, float]):
        self.script, self.reads = list(script), 0

    def __call__(self, patches):
        self.reads += len(patches) // 2
        name, p = self.script[min(self.reads, len(self.script)) - 1]
        out = np.zeros((len(patches), 2))
        out[:, 0], out[:, 1] = CARD_NAMES.index(name), p
        return out

    def card_probs(self, probs):
        cards = np.zeros((len(probs), 52))
        cards[np.arange(len(probs)), probs[:, 0].astype(int)] = probs[:, 1]
        return cards, np.zeros(len(probs))


class FakeRecognizer:
    """Stage A finds one face at `self.quad` (score 1.0); stage B is a FakeReader."""

    def __init__(self, *script: tuple[str, float]):
        self.reader = FakeReader(*script)
        self.face_reader = None
        self.quad = box(640, 360)

    def detector(self, frame):
        return [SimpleNamespace(kind=FACE, quad=self.quad.copy(), score=1.0)]

    # CardRecognizer's own reading
    read_once, _read_unsure_again, _read_boxes = (CardRecognizer.read_once, CardRecognizer._read_unsure_again,
                                                  CardRecognizer._read_boxes)


def _watch(rec: FakeRecognizer, frames: int, step: float = 0.0) -> Tracker:
    det, tr = ModelDetector(rec), Tracker()
    for f in range(frames):
        rec.quad = box(640 + step * f, 360)
        tr.update(det(FRAME, f), f)
    return tr


@pytest.fixture(autouse=True)
def no_rereads(monkeypatch):
    """These tests count the reads of the reuse logic: an unsure read is not read again from
    its snapped box here (that is tested in test_vision_min_card_conf.py)."""
    from vision import runtime

    monkeypatch.setattr(runtime, "REREAD_BELOW", 0.0)


def test_a_reused_read_adds_no_votes():
    # a 0.66 misread, confirmed by REUSE_AFTER_READS fresh reads, then reused while the box
    # stays put: those reads' worth of votes, not one more per frame (the old code: 5.28)
    rec = FakeRecognizer(("6H", 0.66))
    n = dm.REUSE_AFTER_READS + dm.REUSE_FRAMES
    tr = _watch(rec, n)
    assert rec.reader.reads == dm.REUSE_AFTER_READS
    (t,) = tr.tracks
    assert t.hits == n  # the reused reads still continue the track
    assert t.votes == pytest.approx({"6H": 0.66 * dm.REUSE_AFTER_READS})
    assert t.name == "6H"


def test_fresh_reads_add_votes():
    # a lying card is read again every REUSE_FRAMES + 1 frames: each fresh read adds its confidence
    rec = FakeRecognizer(("8D", 0.9))
    tr = _watch(rec, dm.REUSE_AFTER_READS + 2 * (dm.REUSE_FRAMES + 1))
    assert rec.reader.reads == dm.REUSE_AFTER_READS + 2
    assert tr.tracks[0].votes == pytest.approx({"8D": 0.9 * (dm.REUSE_AFTER_READS + 2)})
    # a card that moves is read fresh on every frame
    rec = FakeRecognizer(("8D", 0.9))
    tr = _watch(rec, 5, step=20.0)
    assert rec.reader.reads == 5
    assert tr.tracks[0].votes == pytest.approx({"8D": 4.5})


def test_a_misread_is_not_reused_before_it_is_confirmed():
    # one 0.66 misread, then the true name: the true name needs REUSE_AFTER_READS reads in a
    # row before it is reused; the misread is one read's worth and outvoted
    rec = FakeRecognizer(("6H", 0.66), ("8D", 0.9))
    tr = _watch(rec, 10)
    assert rec.reader.reads == 1 + dm.REUSE_AFTER_READS
    (t,) = tr.tracks
    assert t.votes == pytest.approx({"6H": 0.66, "8D": 0.9 * dm.REUSE_AFTER_READS})
    assert t.name == "8D"


def test_a_deck_whose_corners_disagree_with_its_faces_is_read_by_the_faces():
    """A deck without an index where the corner reader looks (kde/oxygen-white): the corners
    surely read the nine of clubs as a jack, the face surely as the nine. The detector's
    `CornerTrust` counts the disagreement; once the corners' weight has fallen far enough the
    face names the card, and the track follows (exact frame: see the test's arithmetic)."""
    from vision import runtime

    rec = FakeRecognizer(("JC", 0.95))
    rec.face_reader = FakeReader(("9C", 0.95))
    det, tr = ModelDetector(rec), Tracker()
    names = []
    for f in range(40):
        rec.quad = box(300 + 20 * f, 360)  # moving: read fresh every frame
        (d,) = det(FRAME, f)
        names.append(d.card)
        tr.update([d], f)
    # pooled log-probabilities: JC w*log(0.95) + 0.5*log(1e-4), 9C w*log(1e-4) + 0.5*log(0.95);
    # the face wins once w < 0.498, i.e. after 9 compared reads (5 / 14 / 0.75 = 0.476)
    first_nine = 9
    assert runtime.AGREE_PRIOR / (first_nine + runtime.AGREE_PRIOR) / runtime.AGREE_FULL < 0.498
    assert runtime.AGREE_PRIOR / (first_nine - 1 + runtime.AGREE_PRIOR) / runtime.AGREE_FULL > 0.498
    assert names == ["JC"] * first_nine + ["9C"] * (40 - first_nine)
    assert det.corner_trust.compared == 40 and det.corner_trust.agreed == 0
    assert tr.tracks[0].name == "9C"
    # a deck whose corners agree with its faces is read as before, by both
    rec = FakeRecognizer(("9C", 0.95))
    rec.face_reader = FakeReader(("9C", 0.95))
    det = ModelDetector(rec)
    assert [det(FRAME, f)[0].card for f in range(5)] == ["9C"] * 5
    assert det.corner_trust.weight == 1.0
