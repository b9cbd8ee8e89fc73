"""End to end: synth -> train (1 epoch, a few images; all three stages) -> ONNX export ->
detect/eval.

Needs the `train` extra (ultralytics, torch) and the Debian card decks; skipped otherwise.
The models are untrained, so this checks that the pipeline runs and its outputs are well
formed, not that it reads cards.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ultralytics")
pytest.importorskip("onnxruntime")
cv2 = pytest.importorskip("cv2")

from datasets.decks import find_decks  # noqa: E402
from vision.cards import CARD_NAMES  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TEST_DECKS = ("kde/standard", "gnome/tango_nuevo")


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    if shutil.which("rsvg-convert") is None or not set(TEST_DECKS) <= {d.name for d in find_decks()}:
        pytest.skip("card decks or rsvg-convert not installed")
    from datasets.synth import SynthConfig, generate, generate_crops
    from vision.train import run_training

    tmp = tmp_path_factory.mktemp("e2e")
    data = tmp / "synth"
    cfg = SynthConfig(out=data, seed=1, train=8, val=4, heldout=0, workers=1, cache=tmp / "cards", decks=TEST_DECKS)
    generate(cfg, progress=False)
    generate_crops(cfg, 16, 4, progress=False, faces=True)
    # the tiny val splits may lack some classes; ultralytics needs the same folders
    for kind in ("cls", "faces"):
        for d in (data / kind / "train").iterdir():
            val = data / kind / "val" / d.name
            if not val.exists():
                shutil.copytree(d, val)
    models = tmp / "models"
    summary = run_training("tiny", data, tmp / "runs", models, stages="det,cls,face", seed=0)
    return data, models, summary


def test_training_exports_all_three_models(pipeline):
    data, models, summary = pipeline
    for name in ("cards-obb", "corners-cls", "faces-cls"):
        for ext in (".onnx", ".pt"):
            assert (models / (name + ext)).stat().st_size > 100_000
    assert summary["det"]["imgsz"] == 128 and summary["cls"]["imgsz"] == 32 and summary["face"]["imgsz"] == 32


def test_onnx_models_load_and_run_without_torch_objects(pipeline):
    import numpy as np

    from vision.runtime import CardRecognizer

    data, models, _ = pipeline
    rec = CardRecognizer(models, threads=1)
    assert rec.detector.imgsz == 128 and rec.detector.names == ["face", "back", "hand"]
    assert "none" in rec.reader.names
    for reader in (rec.reader, rec.face_reader):
        assert reader.imgsz == 32 and set(reader.names) <= set(CARD_NAMES) | {"none"}
        probs = reader([np.zeros((32, 32, 3), np.uint8)] * 3)
        assert probs.shape == (3, len(reader.names))
        np.testing.assert_allclose(probs.sum(axis=1), 1.0, atol=1e-4)  # softmax output
    img = cv2.imread(str(next((data / "det/images/train").glob("*.jpg"))))
    result = rec(img, conf=0.0)  # untrained: accept every box, exercise stage B too
    assert set(result) == {"cards", "hands"}
    for card in result["cards"]:
        assert len(card["corners"]) == 4 and 0.0 <= card["conf"] <= 1.0
        assert card["card"] == "??" or card["card"] in CARD_NAMES


def test_detect_cli_json_lines_and_errors(pipeline, tmp_path):
    data, models, _ = pipeline
    images = sorted((data / "det/images/train").glob("*.jpg"))[:2]
    bad = tmp_path / "broken.jpg"
    bad.write_bytes(b"not an image")
    proc = subprocess.run([sys.executable, "-m", "goatherd", "detect", "--json", "--models", str(models),
                           "--save", str(tmp_path / "out"), *map(str, images), str(bad)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1  # one unreadable image
    assert "Traceback" not in proc.stderr and "cannot read image" in proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [line["image"] for line in lines] == [str(p) for p in images]
    assert all(isinstance(line["cards"], list) for line in lines)
    assert len(list((tmp_path / "out").glob("*.jpg"))) == 2


def test_eval_cli_reports_metrics(pipeline, tmp_path):
    data, models, _ = pipeline
    # an eval folder in the real-dev layout, made from two synthetic scenes
    ev = tmp_path / "ev"
    (ev / "images").mkdir(parents=True)
    (ev / "labels").mkdir()
    for p in sorted((data / "det/images/val").glob("*.jpg"))[:2]:
        shutil.copy(p, ev / "images" / p.name)
        (ev / "labels" / (p.stem + ".txt")).write_text("35 0.5 0.5 0.2 0.3\n")  # a 10H
    proc = subprocess.run([sys.executable, "-m", "goatherd", "eval", str(ev), "--models", str(models),
                           "--json", str(tmp_path / "m.json")], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    m = json.loads((tmp_path / "m.json").read_text())
    assert m["images"] == 2 and m["cards_labelled"] == 2
    assert 0.0 <= m["identity"]["f1"] <= 1.0 and m["latency_ms"]["mean"] > 0
    assert "card identity" in proc.stdout
