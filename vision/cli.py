"""`goatherd train`, `goatherd eval`, `goatherd detect` (heavy imports only when run)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")


def add_commands(subparsers) -> None:
    from vision.runtime_paths import DEFAULT_MODELS

    p = subparsers.add_parser("train", help="train the card detector and the card readers, export ONNX to models/",
                              description="Train Stage A (YOLO-OBB) and Stage B (YOLO-cls: the index-corner reader "
                                          "and the whole-face reader) on `goatherd synth` data.")
    p.add_argument("--recipe", choices=("cpu", "gpu", "tiny"), default="cpu",
                   help="cpu: ~90 min on 2 cores; gpu: <10 min on one accelerator; tiny: smoke test")
    p.add_argument("--data", type=Path, action="append", default=None,
                   help="output of `goatherd synth` (default runs/synth); repeat to train on several sets "
                        "(validated on the first one's)")
    p.add_argument("--project", type=Path, default=Path("runs/train"), help="training runs folder")
    p.add_argument("--models", type=Path, default=DEFAULT_MODELS, help="where to write the ONNX/.pt models")
    p.add_argument("--stages", default="cls,det",
                   help="comma list of det (card finder), cls (corner reader), face (whole-face reader); "
                        "default cls,det")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--resume", action="store_true", help="resume interrupted runs from last.pt")
    p.add_argument("--start-from", type=Path, default=None, metavar="MODELS",
                   help="continue from the .pt models in this folder (e.g. models/) instead of from scratch")
    p.add_argument("--hours", type=float, default=None, help="override the recipe's time budget per stage")
    p.set_defaults(func=run_train)

    p = subparsers.add_parser("eval", help="measure card recognition on a folder of images + YOLO labels",
                              description="Card-identity precision/recall/F1 (multiset per image), box AP50, "
                                          "confusions and CPU latency on DIR/images + DIR/labels. Cards listed in "
                                          "DIR/unscored (same format; `goatherd synth` writes it for held-out "
                                          "scenes: cards in the picture that cannot be named) count neither way.")
    p.add_argument("dir", type=Path, help="folder with images/, labels/ and optionally unscored/ and classes.txt")
    p.add_argument("--models", type=Path, default=DEFAULT_MODELS)
    p.add_argument("--json", type=Path, default=None, help="also write the metrics to this JSON file")
    p.add_argument("--limit", type=int, default=0, help="only the first N images")
    p.add_argument("--threads", type=int, default=2, help="ONNX Runtime threads (default 2)")
    p.set_defaults(func=run_eval)

    p = subparsers.add_parser("detect", help="find and read the cards in images",
                              description="Detect cards in each image and read their rank and suit.")
    p.add_argument("images", nargs="+", type=Path, help="image files")
    p.add_argument("--json", action="store_true", help="one JSON line per image")
    p.add_argument("--save", type=Path, default=None, help="write annotated images to this folder")
    p.add_argument("--models", type=Path, default=DEFAULT_MODELS)
    p.add_argument("--conf", type=float, default=None,
                   help="detector score a box needs (default DET_CONF, 0.35); a face the readers are sure of "
                        "is kept down to SURE_READ_DET_CONF (0.08) or this, whichever is lower")
    p.add_argument("--threads", type=int, default=2, help="ONNX Runtime threads (default 2)")
    p.set_defaults(func=run_detect)


def _err(cmd: str, msg: str) -> None:
    print(f"goatherd {cmd}: {msg}", file=sys.stderr)


def run_train(args) -> int:
    try:
        import ultralytics  # noqa: F401
    except ImportError:
        _err("train", "needs the train extra: pip install 'goatherd[train]'")
        return 2
    stages = [s.strip() for s in args.stages.split(",") if s.strip()]
    bad = [s for s in stages if s not in ("det", "cls", "face")]
    if bad or not stages:
        _err("train", f"--stages takes det, cls and/or face, not {args.stages!r}")
        return 2
    datas = args.data or [Path("runs/synth")]
    # (each stage's patches in every --data folder, in this order: a missing one says how to make it)
    for stage, sub, is_there, what, flags in (("det", "det/data.yaml", Path.is_file, "detector data", ""),
                                              ("cls", "cls/train", Path.is_dir, "corner crops", ""),
                                              ("face", "faces/train", Path.is_dir, "face patches", " --face-cards N")):
        for data in datas if stage in stages else []:
            if not is_there(data / sub):
                _err("train", f"no {what} at {data}/{sub}: run `goatherd synth --out {data}{flags}` first")
                return 1
    from vision.train import run_training, start_weights

    if args.start_from is not None:
        missing = [w.name for w in (start_weights(args.start_from, s) for s in stages) if not w.is_file()]
        if missing:
            _err("train", f"--start-from {args.start_from}: missing {', '.join(missing)}")
            return 1
    summary = run_training(args.recipe, datas, args.project, args.models, ",".join(stages), args.seed,
                           args.resume, hours=args.hours, start_from=args.start_from)
    print(json.dumps(summary, indent=2))
    return 0


def _load_recognizer(cmd: str, models: Path, threads: int):
    try:
        import cv2  # noqa: F401
        import onnxruntime  # noqa: F401
    except ImportError:
        _err(cmd, "needs the vision extra: pip install 'goatherd[vision]'")
        return None
    from vision.runtime import CardRecognizer

    try:
        return CardRecognizer(models, threads=threads)
    except FileNotFoundError as exc:
        _err(cmd, str(exc))
        return None
    except Exception as exc:  # a corrupt or foreign ONNX file
        _err(cmd, f"cannot load models from {models}: {exc}")
        return None


def run_detect(args) -> int:
    rec = _load_recognizer("detect", args.models, args.threads)
    if rec is None:
        return 2
    import cv2

    from vision.draw import draw_result
    from vision.runtime import DET_CONF

    conf = DET_CONF if args.conf is None else args.conf
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    status = 0
    for path in args.images:
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if frame is None:
            _err("detect", f"cannot read image {path}" if path.exists() else f"no such file: {path}")
            status = 1
            continue
        result = rec(frame, conf=conf)
        if args.json:
            print(json.dumps({"image": str(path), "cards": result["cards"], "hands": result["hands"]}), flush=True)
        else:
            cards = " ".join(f"{c['card']}({c['conf']:.2f})" for c in result["cards"]) or "no cards"
            print(f"{path}: {cards}" + (f"  [{len(result['hands'])} hand(s)]" if result["hands"] else ""), flush=True)
        if args.save:
            cv2.imwrite(str(args.save / (path.stem + ".jpg")), draw_result(frame, result))
    return status


def run_eval(args) -> int:
    if not (args.dir / "images").is_dir():
        _err("eval", f"{args.dir} has no images/ folder (expected DIR/images and DIR/labels)")
        return 1
    rec = _load_recognizer("eval", args.models, args.threads)
    if rec is None:
        return 2
    from vision.evaluate import evaluate, format_report

    try:
        metrics = evaluate(rec, args.dir, limit=args.limit)
    except ValueError as exc:
        _err("eval", str(exc))
        return 1
    print(format_report(metrics))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(metrics, indent=2) + "\n")
    return 0
