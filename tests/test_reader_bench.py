"""The face-reader bench (`benchmarks/reader_bench.py`): recorded boxes are labelled by the
renderer's truth and each reader's sure misreads are counted per deck."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("cv2")
pytest.importorskip("onnxruntime")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import live_bench  # noqa: E402
import reader_bench  # noqa: E402

CARD = np.array([[100, 100], [190, 100], [190, 230], [100, 230]], float)


def test_a_box_names_the_true_face_it_covers_and_junk_covers_none():
    truth = [("7C", CARD, 1.0), ("8C", CARD + [400, 0], 0.9), ("9C", CARD + [0, 400], 0.4),
             ("??", CARD + [400, 400], 1.0)]
    assert reader_bench.label(CARD + [5, 3], truth) == "7C"
    assert reader_bench.label(CARD + [395, -4], truth) == "8C"
    assert reader_bench.label(CARD + [0, 200], truth) == ""  # over no card: junk
    # half over a card: neither its name nor junk, left out
    assert reader_bench.label(CARD + [60, 0], truth) is None
    # over a card mostly out of sight, or one the renderer left unnamed: left out; over a card
    # partly in sight: named apart
    assert reader_bench.label(CARD + [0, 400], truth) == "9C~"
    assert reader_bench.label(CARD + [0, 400], [("9C", CARD + [0, 400], 0.2)]) is None
    assert reader_bench.label(CARD + [400, 400], truth) is None
    assert reader_bench.label(CARD, []) == ""


def test_only_a_sure_misread_counts_as_one():
    s = reader_bench.Scores()
    s.add("7C", "7C", 0.95)
    s.add("7C", "8C", 0.5)  # wrong but unsure: outvoted live, not counted
    s.add("AD", "JD", 0.86)  # wrong and sure
    s.add("", "KH", 0.7)  # junk read surely
    s.add("", "KH", 0.3)
    s.add("9C~", "10C", 0.8)  # a run's card under the next, read surely as the next
    s.add("9C~", "9C", 0.8)
    out = s.summary()
    assert out["partly"] == 2 and out["partly_sure_wrong_per_1000"] == 500.0
    assert out["faces"] == 3 and out["right"] == round(1 / 3, 4)
    assert out["sure_wrong"] == 1 and out["confusions"] == {"AD->JD": 1}
    assert out["junk"] == 2 and out["junk_sure_per_1000"] == 500.0


def test_the_shipped_reader_on_a_recorded_game(tmp_path):
    """Boxes of a short recorded game on a training deck, read again by the shipped reader:
    mostly right, and two copies of one reader score alike."""
    args = {"out": str(tmp_path), "game": "skitgubbe", "players": 4, "seed": 1, "max_events": 5,
            "size": "640x360", "fps": 12.0, "heldout": False, "deck": "kde/standard", "video": True,
            "reuse": True, "noise": "", "detector": "model", "models": None, "holes": 3}
    live_bench.run_game({"k": 0, "args": args})
    from vision.runtime import FACE_READER_FILE, READER_FILE, PatchReader

    corners = PatchReader(ROOT / "models" / READER_FILE)
    faces = [PatchReader(ROOT / "models" / FACE_READER_FILE)] * 2
    scores = [reader_bench.Scores(), reader_bench.Scores()]
    for image, labelled, weight in reader_bench.game_boxes(tmp_path, 0, 2):
        for s, reads in zip(scores, reader_bench.read_all(corners, faces, image, [q for _, q in labelled], weight)):
            for (truth, _), (card, p) in zip(labelled, reads):
                s.add(truth, card, p)
    a, b = (s.summary() for s in scores)
    assert a == b and a["faces"] >= 20
    assert a["right"] >= 0.9 and a["sure_wrong"] <= 1  # here: all 24 in sight read right
