"""CardRecognizer leaves out faces it read less surely than MIN_CARD_CONF (a wrong name costs
more than a missing one); face-down cards and hands are never filtered by it. A face read
less surely than REREAD_BELOW is read again from nudged boxes, keeping the surest read."""

import numpy as np
import pytest

pytest.importorskip("cv2")

from vision import runtime  # noqa: E402
from vision.cards import CARD_NAMES  # noqa: E402


class FakeDetector:
    def __init__(self, dets):
        self.dets = dets

    def __call__(self, frame, conf):
        self.asked = conf
        return [d for d in self.dets if d.score >= conf]


class FakeReader:
    """Both corners of face k read card `names[k]` with probability `probs[k]`."""

    imgsz = 32

    def __init__(self, names, probs):
        self.names, self.probs = names, probs

    def __call__(self, patches):
        out = np.zeros((len(patches), 53))
        for n in range(len(patches)):
            out[n, CARD_NAMES.index(self.names[n // 2])] = self.probs[n // 2]
        return out

    def card_probs(self, probs):
        return probs[:, :52], np.zeros(len(probs))


def _quad(x):
    return np.array([[x, 10], [x + 60, 10], [x + 60, 100], [x, 100]], float)


def _recognizer(face_scores, read_probs, back_score=0.4):
    rec = object.__new__(runtime.CardRecognizer)
    dets = [runtime.Detection(_quad(10 + 80 * k), "face", s) for k, s in enumerate(face_scores)]
    dets.append(runtime.Detection(_quad(400), "back", back_score))
    rec.detector = FakeDetector(dets)
    rec.reader = FakeReader(["KH", "9S", "AD"][: len(face_scores)], read_probs)
    rec.face_reader = None
    return rec


def test_faces_read_below_the_threshold_are_left_out(monkeypatch):
    monkeypatch.setattr(runtime, "REREAD_BELOW", 0.0)  # (rereads: below)
    frame = np.full((200, 500, 3), 128, np.uint8)
    # read x score: 0.9 x 0.9 = 0.81 kept; 0.5 x 0.5 = 0.25 dropped; 0.7 x 0.5 = 0.35 kept
    out = _recognizer([0.9, 0.5, 0.5], [0.9, 0.5, 0.7])(frame)
    faces = [c["card"] for c in out["cards"] if c["card"] != "??"]
    assert faces == ["KH", "AD"]
    assert all(c["conf"] >= runtime.MIN_CARD_CONF for c in out["cards"] if c["card"] != "??")
    # the face-down card (score 0.4) is still listed: the threshold is about reads
    assert [c["card"] for c in out["cards"]].count("??") == 1
    assert runtime.MIN_CARD_CONF == 0.3


def test_a_face_read_surely_needs_a_lower_detector_score(monkeypatch):
    """Under DET_CONF (0.35) only faces read at least SURE_READ (0.9) are listed, down to
    SURE_READ_DET_CONF (0.08); face-down cards and hands keep DET_CONF."""
    monkeypatch.setattr(runtime, "REREAD_BELOW", 0.0)
    frame = np.full((200, 500, 3), 128, np.uint8)
    assert (runtime.DET_CONF, runtime.SURE_READ, runtime.SURE_READ_DET_CONF) == (0.35, 0.9, 0.08)
    # KH boxed at 0.2, read at 0.95: listed; 9S boxed at 0.2, read at 0.85: not; AD boxed at
    # 0.05 (under the floor, so the detector drops it), read at 0.99: not
    rec = _recognizer([0.2, 0.2, 0.05], [0.95, 0.85, 0.99], back_score=0.2)
    rec.detector.dets.append(runtime.Detection(_quad(300), "hand", 0.2))
    out = rec(frame)
    assert rec.detector.asked == runtime.SURE_READ_DET_CONF
    assert [c["card"] for c in out["cards"]] == ["KH"]  # the back at 0.2 is not listed
    assert out["cards"][0]["conf"] == round(0.95 * 0.2, 4)
    assert out["hands"] == []
    # a caller's stricter threshold applies to everything else; a lower one lowers the floor too
    assert [c["card"] for c in rec(frame, conf=0.5)["cards"]] == ["KH"]
    out = rec(frame, conf=0.04)
    assert rec.detector.asked == 0.04
    assert sorted(c["card"] for c in out["cards"]) == ["??", "AD", "KH"]  # 9S: 0.85 x 0.2 < MIN_CARD_CONF
    assert len(out["hands"]) == 1


def test_model_sessions_do_not_busy_wait():
    """The detector and the reader run one after the other on a 2-core machine; a session
    whose idle threads spin steals the cores the other needs (p90 72 -> 53 ms measured)."""
    pytest.importorskip("onnxruntime")
    from vision.runtime_paths import DEFAULT_MODELS

    path = DEFAULT_MODELS / runtime.READER_FILE
    if not path.exists():
        pytest.skip("no shipped models")
    opts = runtime._session(path, 2).get_session_options()
    assert opts.get_session_config_entry("session.intra_op.allow_spinning") == "0"
    assert opts.intra_op_num_threads == 2


class ScriptedReader:
    """Call k returns, for each pair of corner patches, card `cards[k][n]` at probability
    `probs[k][n]` (both corners), and records how many faces each call read."""

    imgsz = 32

    def __init__(self, cards, probs):
        self.cards, self.probs, self.calls = cards, probs, []

    def __call__(self, patches):
        k, n = len(self.calls), len(patches) // 2
        self.calls.append(n)
        out = np.zeros((2 * n, 53))
        for j in range(n):
            out[2 * j:2 * j + 2, CARD_NAMES.index(self.cards[k][j])] = self.probs[k][j]
        return out

    def card_probs(self, probs):
        return probs[:, :52], np.zeros(len(probs))


def test_unsure_faces_are_read_again_from_snapped_and_nudged_boxes():
    """Two faces: the first read surely (0.95: never read again), the second unsure (0.5 as
    QH). Its box snapped to the card's edges and four nudged copies of that (two turns, two
    scales) are read in one more call; the surest of them (0.8 as QD) replaces the first read,
    the others do not."""
    rec = object.__new__(runtime.CardRecognizer)
    rec.face_reader = None
    variants = len(runtime.REREAD_TURNS_DEG) + len(runtime.REREAD_SCALES)
    assert variants == 4
    rec.reader = ScriptedReader([["KH", "QH"], ["QS", "QD", "QC", "QH", "JH"]], [[0.95, 0.5], [0.3, 0.8, 0.6, 0.4, 0.2]])
    frame = np.full((200, 500, 3), 128, np.uint8)
    reads = rec.read(frame, [_quad(10), _quad(100)])
    assert rec.reader.calls == [2, 1 + variants]
    assert [(CARD_NAMES[i], round(p, 3)) for i, p in reads] == [("KH", 0.95), ("QD", 0.8)]
    # nothing better among the snapped and nudged boxes: the first read stands
    rec.reader = ScriptedReader([["QH"], ["QS", "QD", "QC", "JH", "JS"]], [[0.5], [0.3, 0.4, 0.2, 0.45, 0.1]])
    assert [(CARD_NAMES[i], round(p, 3)) for i, p in rec.read(frame, [_quad(100)])] == [("QH", 0.5)]


def test_the_live_read_rereads_an_unsure_face_from_its_snapped_box_only():
    """`read_once` (the live pipeline's): the unsure face (0.5 as QH) is read again once,
    from its snapped box, and the surer read (0.7 as QD) replaces it; the sure one is not."""
    rec = object.__new__(runtime.CardRecognizer)
    rec.face_reader = None
    rec.reader = ScriptedReader([["KH", "QH"], ["QD"]], [[0.95, 0.5], [0.7]])
    frame = np.full((200, 500, 3), 128, np.uint8)
    reads = rec.read_once(frame, [_quad(10), _quad(100)])
    assert rec.reader.calls == [2, 1]
    assert [(CARD_NAMES[i], round(p, 3)) for i, p in reads] == [("KH", 0.95), ("QD", 0.7)]


def test_quad_variants_turn_then_scale_about_the_centre():
    from vision.geometry import quad_variants

    square = np.array([[0, 0], [2, 0], [2, 2], [0, 2]], float)
    turned, grown = quad_variants(square, (90.0,), (2.0,))
    np.testing.assert_allclose(turned, [[2, 0], [2, 2], [0, 2], [0, 0]], atol=1e-9)
    np.testing.assert_allclose(grown, [[-1, -1], [3, -1], [3, 3], [-1, 3]], atol=1e-9)


def _twin_recognizer(quads, names, scores):
    rec = object.__new__(runtime.CardRecognizer)
    rec.detector = FakeDetector([runtime.Detection(np.array(q, float), "face", s) for q, s in zip(quads, scores)])
    rec.reader = FakeReader(names, [0.95] * len(names))
    rec.face_reader = None
    return rec


def test_one_card_boxed_twice_is_listed_once():
    """Real photos: the detector sometimes boxes a card whole and again in part, the two just
    under NMS_IOU. Both read as the same card; one deck holds one of each, so the surer
    record stays, and cards that merely overlap or share a name far apart are kept."""
    frame = np.full((300, 600, 3), 128, np.uint8)
    whole = [[10, 10], [130, 10], [130, 190], [10, 190]]
    part = [[10, 10], [130, 10], [130, 80], [10, 80]]  # IoU 0.39 with `whole`, all of it inside
    apart = [[400, 10], [520, 10], [520, 190], [400, 190]]
    out = _twin_recognizer([part, whole, apart], ["9H", "9H", "9H"], [0.6, 0.9, 0.8])(frame)
    cards = out["cards"]
    assert [c["card"] for c in cards] == ["9H", "9H"]
    assert [c["corners"][2] for c in cards] == [[130.0, 190.0], [520.0, 190.0]]  # the surer twin, the far one
    # different names overlapping the same way are two cards (a fan, a trick)
    out = _twin_recognizer([part, whole], ["9H", "KH"], [0.6, 0.9])(frame)
    assert sorted(c["card"] for c in out["cards"]) == ["9H", "KH"]


def test_quad_overlap_is_the_share_of_the_smaller_box_inside():
    from vision.geometry import quad_iou, quad_overlap

    big = np.array([[0, 0], [100, 0], [100, 100], [0, 100]], float)
    inner = np.array([[10, 10], [30, 10], [30, 30], [10, 30]], float)
    half_out = np.array([[50, 0], [150, 0], [150, 100], [50, 100]], float)
    assert quad_overlap(big, inner) == pytest.approx(1.0)
    assert quad_iou(big, inner) == pytest.approx(0.04)
    assert quad_overlap(inner, big) == pytest.approx(1.0)
    assert quad_overlap(big, half_out) == pytest.approx(0.5)
    assert quad_overlap(big, big + 500) == 0.0


def test_a_weak_box_is_read_once_and_a_second_box_on_a_listed_card_not_at_all():
    """A face boxed under DET_CONF is read in the first batch, never again (the best of six
    reads is surer by chance), and listed only when read at least SURE_READ at once. A weak box
    overlapping a surely boxed face by more than SECOND_BOX_IOU is not read at all.
    Detector order: 9S (0.2), KH (0.9), QH (0.15), a box on KH shifted by 10 px (0.3, IoU
    0.71 with it). KH, unsure (0.5), is read again from its snapped and nudged boxes (5); the
    weak 9S (0.92) is listed; the weak QH (0.8) is not, and not read again."""
    rec = object.__new__(runtime.CardRecognizer)
    rec.face_reader = None
    rec.detector = FakeDetector([runtime.Detection(_quad(10), "face", 0.2), runtime.Detection(_quad(100), "face", 0.9),
                                 runtime.Detection(_quad(190), "face", 0.15), runtime.Detection(_quad(110), "face", 0.3)])
    rec.reader = ScriptedReader([["KH", "9S", "QH"], ["KD", "KH", "KC", "KS", "JH"]],
                                [[0.5, 0.92, 0.8], [0.3, 0.8, 0.6, 0.4, 0.2]])
    frame = np.full((200, 500, 3), 128, np.uint8)
    out = rec(frame)
    assert runtime.SECOND_BOX_IOU == 0.4
    assert rec.reader.calls == [3, 5]
    assert [(c["card"], c["conf"]) for c in out["cards"]] == [("KH", round(0.8 * 0.9, 4)), ("9S", round(0.92 * 0.2, 4))]
