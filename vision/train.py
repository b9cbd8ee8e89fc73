"""Training recipes for Stage A (OBB detector) and Stage B (corner classifier), and ONNX
export. Needs the `train` extra (ultralytics + torch); nothing here downloads anything."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

#: Recipes. `hours` is ultralytics' wall-clock budget (it overrides `epochs` and fits the
#: learning-rate schedule to the time), so a recipe ends on time on a slow or busy machine.
RECIPES: dict[str, dict[str, dict]] = {
    "cpu": {  # about 90 minutes on 2 cores in total
        "det": dict(imgsz=320, epochs=30, hours=1.0, batch=16, workers=2, device="cpu"),
        "cls": dict(imgsz=64, epochs=30, hours=0.4, batch=64, workers=2, device="cpu"),
        "face": dict(imgsz=96, epochs=30, hours=0.75, batch=64, workers=2, device="cpu"),
    },
    "gpu": {  # one H200-class accelerator, under 10 minutes
        "det": dict(imgsz=416, epochs=60, hours=0.12, batch=64, workers=12, device=0),
        "cls": dict(imgsz=64, epochs=40, hours=0.03, batch=512, workers=12, device=0),
        "face": dict(imgsz=96, epochs=40, hours=0.04, batch=512, workers=12, device=0),
    },
    "tiny": {  # the end-to-end test: one epoch on a handful of images
        "det": dict(imgsz=128, epochs=1, hours=None, batch=4, workers=0, device="cpu"),
        "cls": dict(imgsz=32, epochs=1, hours=None, batch=8, workers=0, device="cpu"),
        "face": dict(imgsz=32, epochs=1, hours=None, batch=8, workers=0, device="cpu"),
    },
}
#: Optimiser: ultralytics' "auto" picks AdamW with a learning rate meant for fine-tuning
#: (1.75e-4 for 53 classes); from scratch we set it explicitly.
#: Augmentation for the detector: the generator already varies pose, light and camera;
#: mosaic still helps small cards. Cards are rotated freely on tables, so rotate too.
DET_AUGMENT = dict(optimizer="AdamW", lr0=0.0015, warmup_epochs=1, mosaic=1.0, degrees=180.0, fliplr=0.5, flipud=0.0, scale=0.5, translate=0.1,
                   hsv_h=0.015, hsv_s=0.5, hsv_v=0.4, close_mosaic=2)
#: Augmentation for corner patches: never mirror (indices would read backwards); crops keep
#: at least 75% of the patch so the index stays in view.
CLS_AUGMENT = dict(optimizer="AdamW", lr0=0.002, warmup_epochs=1, fliplr=0.0, flipud=0.0, scale=0.25, erasing=0.2, hsv_h=0.015, hsv_s=0.5, hsv_v=0.4,
                   auto_augment=None)
#: A stage continued from shipped weights (`--start-from`) learns at this share of the
#: from-scratch rate: the full rate moved the face reader's reads of cards it already knew
#: (session 43's fine-tunes lost step on bellot, tango and penguins sets they had read right).
FINE_TUNE_LR_SCALE = 0.25


def offline_ultralytics() -> None:
    """Keep ultralytics from reaching the network (analytics, fonts, weights)."""
    os.environ["YOLO_OFFLINE"] = "1"
    os.environ.setdefault("YOLO_VERBOSE", "True")
    from ultralytics import settings

    settings.update({"sync": False})


def _common(cfg: dict, project: Path, name: str, seed: int) -> dict:
    args = dict(imgsz=cfg["imgsz"], epochs=cfg["epochs"], batch=cfg["batch"], workers=cfg["workers"],
                device=cfg["device"], project=str(project.resolve()), name=name, exist_ok=True, seed=seed,
                plots=False, pretrained=False, amp=cfg["device"] != "cpu", verbose=True)
    if cfg.get("hours"):
        args["time"] = cfg["hours"]
    return args


def _train_stage(stage: str, model_yaml: str, task: str, recipe: str, project: Path, seed: int,
                 resume: bool, start: Path | None, **train_args) -> Path:
    """Train one stage from scratch, from the weights in `start`, or resume its interrupted
    run; returns the best checkpoint."""
    offline_ultralytics()
    from ultralytics import YOLO

    last = project / stage / "weights" / "last.pt"
    if resume and last.exists():
        YOLO(str(last)).train(resume=True)
    else:
        args = _common(RECIPES[recipe][stage], project, stage, seed)
        if start is not None:
            # the architecture still comes from the yaml; `pretrained` as a path loads the
            # weights (a .pt model with pretrained=False would silently start from scratch)
            args["pretrained"] = str(start)
            train_args = dict(train_args, lr0=train_args["lr0"] * FINE_TUNE_LR_SCALE)
        YOLO(model_yaml, task=task).train(cache=False, **args, **train_args)
    return _best(project / stage)


def train_detector(data_yaml: Path, recipe: str, project: Path, seed: int = 0, resume: bool = False,
                   fraction: float = 1.0, start: Path | None = None) -> Path:
    """Train Stage A (yolo11n-obb.yaml) from scratch or from `start`; returns the best checkpoint."""
    return _train_stage("det", "yolo11n-obb.yaml", "obb", recipe, project, seed, resume, start,
                        data=str(data_yaml), fraction=fraction, val=True, **DET_AUGMENT)


def train_classifier(data_dir: Path, recipe: str, project: Path, seed: int = 0, resume: bool = False,
                     start: Path | None = None, stage: str = "cls") -> Path:
    """Train Stage B (yolo11n-cls.yaml) on corner crops (`cls`) or whole-face patches
    (`face`) from scratch or from `start`."""
    return _train_stage(stage, "yolo11n-cls.yaml", "classify", recipe, project, seed, resume, start,
                        data=str(data_dir), **CLS_AUGMENT)


#: The checkpoint each stage ships as (in models/) and can start from.
STAGE_MODELS = {"det": "cards-obb", "cls": "corners-cls", "face": "faces-cls"}
#: The `goatherd synth` subfolder each classifier stage trains on.
STAGE_DATA = {"cls": "cls", "face": "faces"}


def start_weights(start_from: Path, stage: str) -> Path:
    """The checkpoint in `start_from` a stage continues from. A first face reader starts from
    the corner reader: the same 53 classes, and it already knows suit and rank glyphs."""
    own = start_from / f"{STAGE_MODELS[stage]}.pt"
    if stage == "face" and not own.is_file():
        return start_from / f"{STAGE_MODELS['cls']}.pt"
    return own


def combined_det_yaml(datas: list[Path], out: Path) -> Path:
    """One ultralytics data.yaml training on the train splits of several `goatherd synth`
    folders (validating on the first one's val split)."""
    import yaml

    first = yaml.safe_load((datas[0] / "det" / "data.yaml").read_text())
    spec = {"path": str((datas[0] / "det").resolve()),
            "train": [str((d / "det" / "images" / "train").resolve()) for d in datas],
            "val": str((datas[0] / "det" / "images" / "val").resolve()), "names": first["names"]}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(yaml.safe_dump(spec, sort_keys=False))
    return out


def combined_cls_dir(datas: list[Path], stage: str, out: Path) -> Path:
    """One ultralytics classification folder training on the train splits of several `goatherd
    synth` folders' patches for `stage` (links, not copies; each file named by the set it came
    from), validating on the first one's val split."""
    sub = STAGE_DATA[stage]
    if out.exists():
        shutil.rmtree(out)
    for k, data in enumerate(datas):
        for cls in sorted(p for p in (data / sub / "train").iterdir() if p.is_dir()):
            dest = out / "train" / cls.name
            dest.mkdir(parents=True, exist_ok=True)
            for f in sorted(cls.iterdir()):
                (dest / f"{k}_{f.name}").symlink_to(f.resolve())
    (out / "val").symlink_to((datas[0] / sub / "val").resolve())
    return out


def _best(run: Path) -> Path:
    for name in ("best.pt", "last.pt"):
        if (run / "weights" / name).exists():
            return run / "weights" / name
    raise RuntimeError(f"training produced no weights in {run}")


def export_onnx(weights: Path, imgsz: int, out: Path) -> Path:
    """Export a checkpoint to ONNX (static shape, no NMS in the graph) at `out`."""
    import shutil
    import tempfile

    offline_ultralytics()
    from ultralytics import YOLO

    with tempfile.TemporaryDirectory() as tmp:
        # ultralytics writes the export beside the checkpoint: a copy keeps it from overwriting
        # an ONNX file of the same name there (e.g. exporting models/cards-obb.pt at another size)
        copy = Path(shutil.copy(weights, Path(tmp) / Path(weights).name))
        model = YOLO(str(copy))
        dynamic = model.task == "classify"  # the reader takes any number of corner patches
        produced = Path(model.export(format="onnx", imgsz=imgsz, opset=17, simplify=True, dynamic=dynamic,
                                     device="cpu", batch=1))
        out.parent.mkdir(parents=True, exist_ok=True)
        shrink_onnx(produced, out)
    return out


def shrink_onnx(src: Path, dst: Path) -> Path:
    """Store the float32 weights of an ONNX model as float16 with a Cast back to float32.

    Halves the file; ONNX Runtime folds the Casts when it loads the model, so inference
    runs in float32 exactly as before (differences are float16 rounding of the weights).
    """
    import numpy as np
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(str(src))
    graph = model.graph
    casts, keep = [], []
    for init in graph.initializer:
        arr = numpy_helper.to_array(init)
        if arr.dtype == np.float32 and arr.size >= 64:
            half = numpy_helper.from_array(arr.astype(np.float16), init.name + "_fp16")
            keep.append(half)
            casts.append(helper.make_node("Cast", [half.name], [init.name], to=onnx.TensorProto.FLOAT,
                                          name=init.name + "_cast"))
        else:
            keep.append(init)
    del graph.initializer[:]
    graph.initializer.extend(keep)
    nodes = list(graph.node)
    del graph.node[:]
    graph.node.extend(casts + nodes)
    onnx.checker.check_model(model)
    onnx.save(model, str(dst))
    return dst


def strip_checkpoint(weights: Path, out: Path) -> Path:
    """A small .pt to ship: fp16 weights, no optimizer state (what ultralytics' best.pt holds)."""
    from ultralytics.utils.torch_utils import strip_optimizer

    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(weights, out)
    strip_optimizer(str(out))
    return out


def run_training(recipe: str, data: Path | list[Path], project: Path, models: Path, stages: str = "det,cls",
                 seed: int = 0, resume: bool = False, fraction: float = 1.0, hours: float | None = None,
                 start_from: Path | None = None) -> dict:
    """Train the requested stages, export ONNX + stripped .pt into `models`, return a summary.

    `data`: one or more `goatherd synth` folders (the detector trains on all of them, the
    readers on the first). `start_from`: a models folder whose cards-obb.pt /
    corners-cls.pt the stages continue from (e.g. the shipped models/)."""
    datas = [data] if isinstance(data, Path) else list(data)
    summary: dict = {"recipe": recipe, "seed": seed, "data": [str(d) for d in datas],
                     "start_from": str(start_from) if start_from else None}
    for stage in [s.strip() for s in stages.split(",") if s.strip()]:
        t0 = time.time()
        cfg = RECIPES[recipe][stage]
        if hours:
            RECIPES[recipe][stage] = cfg = dict(cfg, hours=hours)
        if stage not in STAGE_MODELS:
            raise ValueError(f"unknown stage {stage!r} (det, cls, face)")
        name = STAGE_MODELS[stage]
        start = start_weights(start_from, stage) if start_from else None
        if stage == "det":
            data_yaml = datas[0] / "det" / "data.yaml"
            if len(datas) > 1:
                data_yaml = combined_det_yaml(datas, project / "data-det.yaml")
            best = train_detector(data_yaml, recipe, project, seed, resume, fraction, start)
        else:
            patches = datas[0] / STAGE_DATA[stage]
            if len(datas) > 1:
                patches = combined_cls_dir(datas, stage, project / f"data-{stage}")
            best = train_classifier(patches, recipe, project, seed, resume, start, stage)
        onnx = export_onnx(best, cfg["imgsz"], models / f"{name}.onnx")
        strip_checkpoint(best, models / f"{name}.pt")
        summary[stage] = {"weights": str(best), "onnx": str(onnx), "minutes": round((time.time() - t0) / 60, 1),
                          "imgsz": cfg["imgsz"]}
    (project / "summary.json").parent.mkdir(parents=True, exist_ok=True)
    (project / f"summary-{recipe}.json").write_text(json.dumps(summary, indent=2) + "\n")
    return summary
