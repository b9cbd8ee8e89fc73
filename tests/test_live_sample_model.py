"""The shipped card models on the shipped sample clip, end to end as a user runs it:
`goatherd watch vision/live/samples/table.mp4 --players Ann,Bob,Cid,Dan` (the README's main
job) referees every event of the clip's true log, in order, with no ruling against an honest
player and nothing to confirm. Real video, real ONNX models, no ground-truth detections."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("cv2")
pytest.importorskip("onnxruntime")

from goatherd.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "vision" / "live" / "samples"


def strip(events):
    return [{k: v for k, v in e.items() if k != "evidence"} for e in events]


def test_the_sample_clip_is_refereed_exactly_with_the_shipped_models(tmp_path, capsys):
    if not (ROOT / "models" / "cards-obb.onnx").exists():
        pytest.skip("no shipped models in this checkout")
    out, notes = tmp_path / "seen.jsonl", tmp_path / "notes.jsonl"
    assert main(["watch", str(SAMPLES / "table.mp4"), "--players", "Ann,Bob,Cid,Dan", "--log", str(out),
                 "--notes", str(notes), "--quiet"]) == 0
    printed = capsys.readouterr().out
    truth = [json.loads(line) for line in (SAMPLES / "table.jsonl").read_text().splitlines() if line.strip()]
    seen = [json.loads(line) for line in out.read_text().splitlines()]
    assert strip(seen) == strip(truth), printed
    assert "ILLEGAL" not in printed and not notes.read_text().strip()
    inferred = [e for e in seen if "inferred" in e.get("evidence", {})]
    assert all(e["type"] == "collect" for e in inferred)  # only what the referee may infer
