"""`goatherd synth`: the synthetic card-table dataset (imports stay cheap until run)."""

from __future__ import annotations

import sys
from pathlib import Path


def add_commands(subparsers) -> None:
    p = subparsers.add_parser("synth", help="generate synthetic card-table scenes (detector + corner crops)",
                              description="Render Debian's SVG card decks into table scenes with labels.")
    p.add_argument("--out", type=Path, default=Path("runs/synth"), help="output folder (default runs/synth)")
    p.add_argument("--seed", type=int, default=0, help="random seed: same seed, same dataset (default 0)")
    p.add_argument("--train", type=int, default=3000, help="training scenes (default 3000)")
    p.add_argument("--val", type=int, default=300, help="validation scenes (default 300)")
    p.add_argument("--heldout", type=int, default=300, help="scenes drawn with held-out decks (default 300)")
    p.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    p.add_argument("--cache", type=Path, default=Path("runs/cache/cards"), help="rendered card art cache")
    p.add_argument("--crop-cards", type=int, default=0,
                   help="also cut corner crops from N single-card compositions (fast)")
    p.add_argument("--crop-val-cards", type=int, default=None,
                   help="single-card compositions for the val split of the corner crops and of the face "
                        "patches (default a tenth of each)")
    p.add_argument("--face-cards", type=int, default=0,
                   help="also cut whole-face patches (the face reader's data) from N single-card compositions")
    p.add_argument("--scene-faces", type=int, default=0,
                   help="also cut whole-face patches from N training-deck scenes through the shipped "
                        "detector's own boxes (the face reader's data, as the runtime cuts it; val: "
                        "--crop-val-cards, default a tenth)")
    p.add_argument("--decks", default="", help="comma list of deck names to use (default: all installed)")
    p.add_argument("--font-decks", type=int, default=0,
                   help="also train on N generated font decks font/000... (more index styles; default 0)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run_synth)


def run_synth(args) -> int:
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        print("goatherd synth: needs the vision extra: pip install 'goatherd[vision]'", file=sys.stderr)
        return 2
    from datasets.synth import SynthConfig, generate, generate_crops, generate_scene_faces

    if args.workers < 1:
        print("goatherd synth: --workers must be at least 1", file=sys.stderr)
        return 2
    for name in ("train", "val", "heldout", "font_decks", "crop_cards", "face_cards", "scene_faces", "crop_val_cards"):
        if (getattr(args, name) or 0) < 0:
            print(f"goatherd synth: --{name.replace('_', '-')} must not be negative", file=sys.stderr)
            return 2
    cfg = SynthConfig(out=args.out, seed=args.seed, train=args.train, val=args.val, heldout=args.heldout,
                      workers=args.workers, cache=args.cache, font_decks=args.font_decks,
                      decks=tuple(d.strip() for d in args.decks.split(",") if d.strip()))
    try:
        m = generate(cfg, progress=not args.quiet)
    except RuntimeError as exc:
        print(f"goatherd synth: {exc}", file=sys.stderr)
        return 1
    if args.crop_cards:
        n_val = args.crop_val_cards if args.crop_val_cards is not None else max(1, args.crop_cards // 10)
        c = generate_crops(cfg, args.crop_cards, n_val, progress=not args.quiet)
        print(f"goatherd synth: {c['crops']} extra corner crops from {c['crop_cards']} cards in {c['seconds']} s")
    if args.face_cards:
        n_val = args.crop_val_cards if args.crop_val_cards is not None else max(1, args.face_cards // 10)
        c = generate_crops(cfg, args.face_cards, n_val, progress=not args.quiet, faces=True)
        print(f"goatherd synth: {c['crops']} whole-face patches from {c['crop_cards']} cards in {c['seconds']} s")
    if args.scene_faces:
        n_val = args.crop_val_cards if args.crop_val_cards is not None else max(1, args.scene_faces // 10)
        try:
            c = generate_scene_faces(cfg, args.scene_faces, n_val, progress=not args.quiet)
        except RuntimeError as exc:
            print(f"goatherd synth: {exc}", file=sys.stderr)
            return 1
        print(f"goatherd synth: {c['crops']} whole-face patches from {c['scenes']} scenes in {c['seconds']} s")
    t = m["totals"]
    unscored = f" (+{t['unscored']} unscored held-out cards: in the picture, not nameable)" if t.get("unscored") else ""
    print(f"goatherd synth: {t.get('scenes', 0)} scenes, {t.get('cards', 0)} labelled cards{unscored}, "
          f"{t.get('crops', 0)} corner crops in {m['seconds']} s ({m['images_per_second']} images/s) -> {args.out}")
    if m["failed_decks"]:
        print("goatherd synth: skipped decks that failed to render: " + "; ".join(m["failed_decks"]), file=sys.stderr)
    return 0
