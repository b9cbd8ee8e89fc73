"""The training recipe's plumbing, without training: readers trained on several synth sets,
and a fine-tune's learning rate."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision import train


def fake_synth(root: Path, cards: dict[str, int], val: bool = True) -> Path:
    for cls, n in cards.items():
        d = root / "faces" / "train" / cls
        d.mkdir(parents=True)
        for k in range(n):
            (d / f"x{k}.jpg").write_bytes(b"jpg")
    if val:
        (root / "faces" / "val" / "AD").mkdir(parents=True)
    return root


def test_readers_train_on_the_union_of_several_sets_and_validate_on_the_first(tmp_path):
    a = fake_synth(tmp_path / "a", {"AD": 2, "KH": 1})
    b = fake_synth(tmp_path / "b", {"AD": 1, "none": 3}, val=False)
    out = train.combined_cls_dir([a, b], "face", tmp_path / "runs" / "data-face")
    files = sorted(p.relative_to(out / "train").as_posix() for p in (out / "train").rglob("*.jpg"))
    assert files == ["AD/0_x0.jpg", "AD/0_x1.jpg", "AD/1_x0.jpg", "KH/0_x0.jpg",
                     "none/1_x0.jpg", "none/1_x1.jpg", "none/1_x2.jpg"]
    assert (out / "train" / "AD" / "1_x0.jpg").resolve() == (b / "faces" / "train" / "AD" / "x0.jpg").resolve()
    assert (out / "val").resolve() == (a / "faces" / "val").resolve()
    # made again from scratch (a second run does not pile links up)
    again = train.combined_cls_dir([a], "face", out)
    assert sum(1 for _ in (again / "train").rglob("*.jpg")) == 3


def test_a_fine_tune_learns_at_a_share_of_the_from_scratch_rate(tmp_path, monkeypatch):
    ultralytics = pytest.importorskip("ultralytics")
    seen = {}

    class FakeYOLO:
        def __init__(self, *args, **kwargs):
            pass

        def train(self, **kwargs):
            seen.update(kwargs)
            (tmp_path / "face" / "weights").mkdir(parents=True, exist_ok=True)
            (tmp_path / "face" / "weights" / "best.pt").write_bytes(b"pt")

    monkeypatch.setattr(ultralytics, "YOLO", FakeYOLO)
    train.train_classifier(tmp_path / "data", "tiny", tmp_path, stage="face")
    assert seen["lr0"] == train.CLS_AUGMENT["lr0"] and seen["pretrained"] is False
    train.train_classifier(tmp_path / "data", "tiny", tmp_path, start=tmp_path / "faces-cls.pt", stage="face")
    assert seen["lr0"] == pytest.approx(train.CLS_AUGMENT["lr0"] * train.FINE_TUNE_LR_SCALE)
    assert seen["pretrained"] == str(tmp_path / "faces-cls.pt")


def test_train_names_each_stages_missing_data_in_every_data_folder(tmp_path, capsys):
    """`goatherd train` checks every --data folder for each stage's patches before it starts,
    and says how to make a missing one (exit 1, no traceback): the first set may hold face
    patches while the second does not."""
    pytest.importorskip("ultralytics")
    import argparse

    from vision.cli import run_train

    first = fake_synth(tmp_path / "a", {"AD": 1})
    second = tmp_path / "b"
    (second / "cls" / "train").mkdir(parents=True)
    (first / "cls" / "train").mkdir(parents=True)

    def run(stages):
        args = argparse.Namespace(stages=stages, data=[first, second], start_from=None)
        return run_train(args), capsys.readouterr().err

    assert run("cls,face") == (1, f"goatherd train: no face patches at {second}/faces/train: run `goatherd synth "
                                  f"--out {second} --face-cards N` first\n")
    assert run("det") == (1, f"goatherd train: no detector data at {first}/det/data.yaml: run `goatherd synth "
                             f"--out {first}` first\n")
    (first / "cls" / "train").rmdir()
    assert run("face,cls") == (1, f"goatherd train: no corner crops at {first}/cls/train: run `goatherd synth "
                                  f"--out {first}` first\n")
