"""Write a synthetic dataset: detector scenes (YOLO OBB), corner crops (classification
folders) and a held-out-deck evaluation set, deterministic by seed.

Layout under OUT:
  det/images/{train,val}/*.jpg, det/labels/{train,val}/*.txt, det/data.yaml   (Stage A)
  cls/{train,val}/<class>/*.jpg                                                (Stage B)
  heldout/images/*.jpg, heldout/labels/*.txt, heldout/classes.txt              (evaluation)
  manifest.json
Scene i depends only on (seed, split, i), so any number of workers gives the same files.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

#: Long side of the detector's training images (the detector runs at 320-416).
DET_IMAGE_SIDE = 480
#: Fraction of the "none" corner patches kept (covered corners are plentiful).
NONE_KEEP = 0.35
#: At most this many face cards per scene give corner crops (keeps classes balanced
#: between crowded and sparse scenes).
MAX_CROP_CARDS = 8
#: Simulated detector error on the oriented box used to cut corner crops.
BOX_JITTER = dict(shift=0.03, scale=(0.95, 1.07), angle_deg=3.0)
SPLIT_KEYS = {"train": 1, "val": 2, "heldout": 3}


@dataclass
class SynthConfig:
    out: Path
    seed: int = 0
    train: int = 3000
    val: int = 300
    heldout: int = 300
    workers: int = 2
    cache: Path = Path("runs/cache/cards")
    jpeg_quality: tuple[int, int] = (35, 95)


_STATE: dict = {}


def _init_worker(cfg: SynthConfig, train_decks: list, held_decks: list) -> None:
    import cv2

    cv2.setNumThreads(1)
    from datasets.backgrounds import BackgroundBank
    from datasets.decks import CardArt
    from datasets.scene import SceneMaker

    bank = BackgroundBank(cfg.seed)
    _STATE["cfg"] = cfg
    _STATE["makers"] = {
        "train": SceneMaker(CardArt(cfg.cache, train_decks), train_decks, bank),
        "heldout": SceneMaker(CardArt(cfg.cache, held_decks), held_decks, bank) if held_decks else None,
    }


def _jittered_box(rng, quad):
    import cv2
    import numpy as np

    (cx, cy), (w, h), a = cv2.minAreaRect(quad.astype(np.float32))
    s = BOX_JITTER["shift"] * max(w, h)
    cx, cy = cx + rng.uniform(-s, s), cy + rng.uniform(-s, s)
    w, h = w * rng.uniform(*BOX_JITTER["scale"]), h * rng.uniform(*BOX_JITTER["scale"])
    a = a + rng.uniform(-BOX_JITTER["angle_deg"], BOX_JITTER["angle_deg"])
    return cv2.boxPoints(((cx, cy), (w, h), a)).astype(np.float64)


def _fmt(points, w, h) -> str:
    return " ".join(f"{x / w:.5f} {y / h:.5f}" for x, y in points)


def make_one(job: tuple[str, int]) -> dict:
    """Make and write scene `index` of `split`; returns counts for the manifest."""
    import cv2
    import numpy as np

    from datasets.scene import (CORNER_HIDDEN_MAX, CORNER_VISIBLE_MIN, MIN_VISIBLE_FRACTION,
                                corner_visibility, frame_obb)
    from vision.cards import CARD_NAMES, NONE_CLASS
    from vision.geometry import corner_patches

    split, index = job
    cfg: SynthConfig = _STATE["cfg"]
    rng = np.random.default_rng([cfg.seed, SPLIT_KEYS[split], index])
    maker = _STATE["makers"]["heldout" if split == "heldout" else "train"]
    scene = maker.make(rng)
    img = scene.image
    H, W = img.shape[:2]
    name = f"{split}_{index:06d}"
    quality = int(rng.integers(*cfg.jpeg_quality))
    det_lines, card_lines, crops = [], [], []
    face_cards = []
    for c in scene.cards:
        res = frame_obb(c.quad, W, H)
        if res is None:
            continue
        box, in_frame = res
        vis = corner_visibility(scene.owner, c.quad, c.owner) if c.face_up else [0.0, 0.0]
        readable = c.face_up and max(vis) >= CORNER_VISIBLE_MIN
        if c.visible < MIN_VISIBLE_FRACTION and not readable:
            continue
        det_lines.append(f"{0 if c.face_up else 1} {_fmt(box, W, H)}")
        if c.face_up:
            card_lines.append(f"{CARD_NAMES.index(c.card)} {_fmt(box, W, H)}")
            if in_frame > 0.98:
                face_cards.append(c)
    for hand in scene.hands:
        det_lines.append(f"2 {_fmt(hand, W, H)}")
    # JPEG once, and cut crops from the decoded frame (what a camera pipeline sees)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    frame = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    out = cfg.out
    if split == "heldout":
        (out / "heldout/images" / f"{name}.jpg").write_bytes(buf.tobytes())
        (out / "heldout/labels" / f"{name}.txt").write_text("".join(l + "\n" for l in card_lines))
        return {"scenes": 1, "cards": len(card_lines)}
    s = DET_IMAGE_SIDE / max(H, W)
    small = cv2.resize(frame, (int(W * s), int(H * s)), interpolation=cv2.INTER_AREA)
    cv2.imwrite(str(out / "det/images" / split / f"{name}.jpg"), small, [cv2.IMWRITE_JPEG_QUALITY, 92])
    (out / "det/labels" / split / f"{name}.txt").write_text("".join(l + "\n" for l in det_lines))
    n_crops = 0
    order = rng.permutation(len(face_cards))[:MAX_CROP_CARDS]
    for k in order:
        c = face_cards[k]
        box = _jittered_box(rng, c.quad)
        # visibility measured on the same (jittered) box the patches are cut from
        vis = corner_visibility(scene.owner, box, c.owner)
        patches = corner_patches(frame, box)
        for j, (v, patch) in enumerate(zip(vis, patches)):
            if v >= CORNER_VISIBLE_MIN:
                label = c.card
            elif v < CORNER_HIDDEN_MAX and rng.random() < NONE_KEEP:
                label = NONE_CLASS
            else:
                continue
            d = out / "cls" / split / label
            cv2.imwrite(str(d / f"{name}_{k}_{j}.jpg"), patch, [cv2.IMWRITE_JPEG_QUALITY, 95])
            n_crops += 1
    return {"scenes": 1, "cards": len(card_lines), "crops": n_crops}


def generate(cfg: SynthConfig, progress: bool = True) -> dict:
    """Render decks (cached), then write all scenes with `cfg.workers` processes."""
    import multiprocessing as mp

    from tqdm import tqdm

    from datasets.decks import find_decks, render_deck, split_decks
    from vision.cards import CORNER_CLASSES, DETECTOR_CLASSES

    out = Path(cfg.out)
    decks, failed = [], []
    for d in tqdm(find_decks(), desc="render decks", unit="deck", disable=not progress):
        try:
            render_deck(d, cfg.cache)
            decks.append(d)
        except RuntimeError as exc:  # a broken SVG in a package: skip that deck
            failed.append(f"{d.name}: {exc}")
    if not decks:
        raise RuntimeError("no card decks found: install gnome-cards-data and kdegames-card-data-kf5 (scripts/setup.sh)")
    train_decks, held_decks = split_decks(decks)
    for split in ("train", "val"):
        (out / "det/images" / split).mkdir(parents=True, exist_ok=True)
        (out / "det/labels" / split).mkdir(parents=True, exist_ok=True)
        for c in CORNER_CLASSES:
            (out / "cls" / split / c).mkdir(parents=True, exist_ok=True)
    (out / "heldout/images").mkdir(parents=True, exist_ok=True)
    (out / "heldout/labels").mkdir(parents=True, exist_ok=True)
    from vision.cards import CARD_NAMES

    (out / "heldout/classes.txt").write_text("".join(c + "\n" for c in CARD_NAMES))
    names = "\n".join(f"  {i}: {n}" for i, n in enumerate(DETECTOR_CLASSES))
    (out / "det/data.yaml").write_text(f"path: {out.resolve() / 'det'}\ntrain: images/train\nval: images/val\nnames:\n{names}\n")
    jobs = [("train", i) for i in range(cfg.train)] + [("val", i) for i in range(cfg.val)]
    if held_decks:
        jobs += [("heldout", i) for i in range(cfg.heldout)]
    totals: dict[str, int] = {}
    t0 = time.time()
    bar = tqdm(total=len(jobs), desc="scenes", unit="img", disable=not progress)
    if cfg.workers <= 1:
        _init_worker(cfg, train_decks, held_decks)
        results = map(make_one, jobs)
    else:
        pool = mp.get_context("fork").Pool(cfg.workers, _init_worker, (cfg, train_decks, held_decks))
        results = pool.imap_unordered(make_one, jobs, chunksize=8)
    for r in results:
        for k, v in r.items():
            totals[k] = totals.get(k, 0) + v
        bar.update(1)
    bar.close()
    if cfg.workers > 1:
        pool.close()
        pool.join()
    elapsed = time.time() - t0
    # an empty class folder would break torchvision's ImageFolder: drop those (rare, tiny sets)
    for split in ("train", "val"):
        for c in CORNER_CLASSES:
            d = out / "cls" / split / c
            if d.exists() and not any(d.iterdir()):
                d.rmdir()
    manifest = {
        "seed": cfg.seed, "train": cfg.train, "val": cfg.val, "heldout": cfg.heldout if held_decks else 0,
        "train_decks": [d.name for d in train_decks], "heldout_decks": [d.name for d in held_decks],
        "failed_decks": failed, "totals": totals, "seconds": round(elapsed, 1),
        "images_per_second": round(len(jobs) / max(elapsed, 1e-9), 2), "workers": cfg.workers,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    return manifest
