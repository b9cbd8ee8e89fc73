"""A deck without an index where the corner reader looks, end to end as a user runs it: a
rendered kde/oxygen-white clip (rank printed top right, suit bottom left) through `goatherd
watch` with the shipped models. Its corners are read surely as other cards (mostly jacks);
the detector's corner trust notices within a few cards that they disagree with the faces, and
the cards are named by their faces: the first eight events come back exactly (before the
trust: 5D unseen, 8C logged as JC), nothing is ruled illegal or asked about, and `watch` says
why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("cv2")
pytest.importorskip("onnxruntime")

from goatherd.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Bob", "Cid", "Dan"]
LOG = [
    {"type": "start", "game": "skitgubbe", "players": PLAYERS, "leader": 0, "mode": "hidden"},
    {"type": "play", "seat": 0, "cards": ["3C"]},
    {"type": "play", "seat": 1, "cards": ["2S"], "source": "stock"},
    {"type": "play", "seat": 2, "cards": ["5C"]},
    {"type": "play", "seat": 3, "cards": ["5S"]},
    {"type": "slough", "seat": 0, "card": "5D"},
    {"type": "play", "seat": 2, "cards": ["8C"]},
    {"type": "slough", "seat": 1, "card": "2D"},
    {"type": "slough", "seat": 0, "card": "3S"},
    {"type": "play", "seat": 3, "cards": ["QD"]},
]


def test_a_deck_read_by_its_faces_is_refereed_and_watch_says_so(tmp_path, capsys):
    if not (ROOT / "models" / "cards-obb.onnx").exists():
        pytest.skip("no shipped models in this checkout")
    from datasets.decks import find_decks

    if "kde/oxygen-white" not in {d.name for d in find_decks()}:
        pytest.skip("the kde/oxygen-white deck (kdegames-card-data-kf5) is not installed")
    log, clip, seen = tmp_path / "game.jsonl", tmp_path / "oxygen.mp4", tmp_path / "seen.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in LOG))
    assert main(["render-video", str(log), "--out", str(clip), "--deck", "kde/oxygen-white", "--size", "960x540",
                 "--seed", "3", "--cache", str(tmp_path / "cache"), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["watch", str(clip), "--players", ",".join(PLAYERS), "--log", str(seen), "--quiet"]) == 0
    out = capsys.readouterr()
    events = [{k: v for k, v in json.loads(line).items() if k != "evidence"} for line in seen.read_text().splitlines()]
    assert events[1:9] == LOG[1:9], out.out
    assert "ILLEGAL" not in out.out
    # ... each judged at its settle, not asked about: Bob's slough 2D, its flight unseen, is his
    # by the hand that brought it (before: "unsure which event this was", at the clip's end).
    # Only the clip's last card may be asked about: Ann's 3S, its flight unread and her hand
    # seen once, beside it, is her slough or Dan's play until a later move tells them apart,
    # and the clip ends first (the face reader of session 45; the one before read its flight)
    lines = out.out.splitlines()
    asked = [k for k, line in enumerate(lines) if "needs confirmation" in line]
    last = max(k for k, line in enumerate(lines) if "sloughs 3S" in line)
    assert all(k > last for k in asked) and len(asked) <= 1, out.out
    assert "named mostly by their faces" in out.err
