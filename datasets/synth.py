"""Write a synthetic dataset: detector scenes (YOLO OBB), corner crops (classification
folders) and a held-out-deck evaluation set, deterministic by seed.

Layout under OUT:
  det/images/{train,val}/*.jpg, det/labels/{train,val}/*.txt, det/data.yaml   (Stage A)
  cls/{train,val}/<class>/*.jpg                                                (Stage B)
  faces/{train,val}/<class>/*.jpg                            (the face reader, --face-cards)
  heldout/images/*.jpg, heldout/labels/*.txt, heldout/classes.txt              (evaluation)
  heldout/unscored/*.txt         face-up cards in the picture that cannot be named from it
  manifest.json
Scene i depends only on (seed, split, i), so any number of workers gives the same files.
"""

from __future__ import annotations

import json
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
#: Corner crops only from cards at least this wide in the frame (pixels): smaller indices
#: are unreadable and would teach the classifier to guess.
MIN_CROP_CARD_WIDTH = 45
#: Corner crops cut per card, each with its own simulated box error.
CROP_SAMPLES = 2
SPLIT_KEYS = {"train": 1, "val": 2, "heldout": 3}
#: A held-out face-up card is scored (heldout/labels) only when it can be named from the
#: picture: at least MIN_CROP_CARD_WIDTH wide, and showing an index corner (decks with
#: indices) or at least this much of its face (the face reader's own "card or none" line).
#: Any other face-up card in the picture (under a hand or other cards, or too small) is listed
#: in heldout/unscored: `goatherd eval` counts naming it neither right nor wrong.
NAMEABLE_FACE_MIN = 0.45


@dataclass
class SynthConfig:
    out: Path
    seed: int = 0
    train: int = 3000
    val: int = 300
    heldout: int = 300
    workers: int = 2
    cache: Path = Path("runs/cache/cards")
    decks: tuple[str, ...] = ()  # only these decks (names like "gnome/anglo"); empty = all
    font_decks: int = 0  # also this many generated decks font/000... (datasets.fontdecks), training only
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
        "train": SceneMaker(CardArt(cfg.cache, train_decks), train_decks, bank) if train_decks else None,
        "heldout": SceneMaker(CardArt(cfg.cache, held_decks), held_decks, bank) if held_decks else None,
    }


def _fmt(points, w, h) -> str:
    return " ".join(f"{x / w:.5f} {y / h:.5f}" for x, y in points)


def nameable(card, corner_vis: list[float]) -> bool:
    """Whether a person could name this face-up `PlacedCard` from the picture (see
    NAMEABLE_FACE_MIN); `corner_vis` is the visibility of its two index corners."""
    from datasets.crops import NO_INDEX_DECKS
    from datasets.scene import CORNER_VISIBLE_MIN
    from vision.geometry import short_side

    if short_side(card.quad) < MIN_CROP_CARD_WIDTH:
        return False
    index_shown = card.deck not in NO_INDEX_DECKS and max(corner_vis) >= CORNER_VISIBLE_MIN
    return index_shown or card.visible >= NAMEABLE_FACE_MIN


def make_one(job: tuple[str, int]) -> dict:
    """Make and write scene `index` of `split`; returns counts for the manifest."""
    import cv2
    import numpy as np

    from datasets.scene import (CORNER_HIDDEN_MAX, CORNER_VISIBLE_MIN, MIN_VISIBLE_FRACTION,
                                corner_visibility, frame_obb)
    from vision.cards import CARD_NAMES, NONE_CLASS
    from datasets.crops import NO_INDEX_DECKS, jitter_box
    from vision.geometry import corner_centres, corner_patches, short_side

    split, index = job
    cfg: SynthConfig = _STATE["cfg"]
    rng = np.random.default_rng([cfg.seed, SPLIT_KEYS[split], index])
    maker = _STATE["makers"]["heldout" if split == "heldout" else "train"]
    scene = maker.make(rng)
    img = scene.image
    H, W = img.shape[:2]
    name = f"{split}_{index:06d}"
    quality = int(rng.integers(*cfg.jpeg_quality))
    det_lines, card_lines, unscored_lines = [], [], []
    face_cards = []
    for c in scene.cards:
        res = frame_obb(c.quad, W, H)
        if res is None:
            continue
        box, in_frame = res
        vis = corner_visibility(scene.owner, c.quad, c.owner) if c.face_up else [0.0, 0.0]
        readable = c.face_up and max(vis) >= CORNER_VISIBLE_MIN
        if c.face_up and split == "heldout" and c.visible > 0:
            (card_lines if nameable(c, vis) else unscored_lines).append(f"{CARD_NAMES.index(c.card)} {_fmt(box, W, H)}")
        if c.visible < MIN_VISIBLE_FRACTION and not readable:
            continue
        det_lines.append(f"{0 if c.face_up else 1} {_fmt(box, W, H)}")
        if c.face_up:
            if c.deck not in NO_INDEX_DECKS and in_frame > 0.98 and short_side(box) >= MIN_CROP_CARD_WIDTH:
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
        (out / "heldout/unscored" / f"{name}.txt").write_text("".join(l + "\n" for l in unscored_lines))
        return {"scenes": 1, "cards": len(card_lines), "unscored": len(unscored_lines)}
    s = DET_IMAGE_SIDE / max(H, W)
    small = cv2.resize(frame, (round(W * s), round(H * s)), interpolation=cv2.INTER_AREA)
    cv2.imwrite(str(out / "det/images" / split / f"{name}.jpg"), small, [cv2.IMWRITE_JPEG_QUALITY, 92])
    (out / "det/labels" / split / f"{name}.txt").write_text("".join(l + "\n" for l in det_lines))
    n_crops = 0
    order = rng.permutation(len(face_cards))[:MAX_CROP_CARDS]
    for k in np.repeat(order, CROP_SAMPLES):
        c = face_cards[k]
        box = jitter_box(rng, c.quad)
        # visibility of the true corners; each patch takes the true corner nearest to it
        true_vis = corner_visibility(scene.owner, c.quad, c.owner)
        true_centres = corner_centres(c.quad)
        patches = corner_patches(frame, box)
        for j, (centre, patch) in enumerate(zip(corner_centres(box), patches)):
            v = true_vis[int(np.argmin(np.linalg.norm(true_centres - centre, axis=1)))]
            if v >= CORNER_VISIBLE_MIN:
                label = c.card
            elif v < CORNER_HIDDEN_MAX and rng.random() < NONE_KEEP:
                label = NONE_CLASS
            else:
                continue
            d = out / "cls" / split / label
            cv2.imwrite(str(d / f"{name}_{k}_{j}_{n_crops}.jpg"), patch, [cv2.IMWRITE_JPEG_QUALITY, 95])
            n_crops += 1
    return {"scenes": 1, "cards": sum(line.startswith("0 ") for line in det_lines), "crops": n_crops}


def _init_crop_worker(cfg: SynthConfig, decks: list, faces: bool = False) -> None:
    import cv2

    cv2.setNumThreads(1)
    from datasets.backgrounds import BackgroundBank
    from datasets.decks import CardArt

    _STATE.update(cfg=cfg, decks=decks, art=CardArt(cfg.cache, decks), bank=BackgroundBank(cfg.seed), faces=faces)


def make_crop_card(job: tuple[str, int]) -> int:
    """Write the crops of crop-only card `index` of `split` (corner patches, or one whole-face
    patch when the worker makes face crops); returns how many."""
    import cv2
    import numpy as np

    from datasets.crops import make_crops, make_face_crop
    from vision.geometry import CORNER_SIZE, FACE_SIZE

    split, index = job
    cfg: SynthConfig = _STATE["cfg"]
    faces = _STATE["faces"]
    rng = np.random.default_rng([cfg.seed, SPLIT_KEYS[split] + (20 if faces else 10), index])
    if faces:
        patches = [make_face_crop(rng, _STATE["art"], _STATE["decks"], _STATE["bank"], FACE_SIZE)]
    else:
        patches = make_crops(rng, _STATE["art"], _STATE["decks"], _STATE["bank"], CORNER_SIZE)
    n = 0
    for j, (patch, label) in enumerate(patches):
        if label == "none" and rng.random() > NONE_KEEP * 2:
            continue
        cv2.imwrite(str(cfg.out / ("faces" if faces else "cls") / split / label / f"x{split}_{index:07d}_{j}.jpg"),
                    patch, [cv2.IMWRITE_JPEG_QUALITY, 95])
        n += 1
    return n


def generate_crops(cfg: SynthConfig, train_cards: int, val_cards: int, progress: bool = True,
                   faces: bool = False) -> dict:
    """Add crop-only patches (datasets.crops) from single-card compositions of the training
    decks: corner patches to OUT/cls (decks with readable indices only), or with `faces`
    whole-face patches to OUT/faces (every training deck: pips need no index). Deterministic
    by seed like the scenes."""
    from tqdm import tqdm

    from datasets.crops import NO_INDEX_DECKS
    from datasets.decks import find_decks, split_decks
    from datasets.fontdecks import font_decks

    fonts = font_decks(cfg.font_decks)
    decks, _ = _rendered([d for d in split_decks(find_decks())[0] + fonts
                          if not (d.name in NO_INDEX_DECKS and not faces)
                          and not (cfg.decks and d.name not in cfg.decks and d not in fonts)], cfg.cache)
    folder = Path(cfg.out) / ("faces" if faces else "cls")
    _class_folders(folder)
    jobs = [("train", i) for i in range(train_cards)] + [("val", i) for i in range(val_cards)]
    t0 = time.time()
    bar = tqdm(total=len(jobs), desc="face crops" if faces else "crop cards", unit="card", disable=not progress)
    total = sum(_map_jobs(jobs, make_crop_card, _init_crop_worker, (cfg, decks, faces), cfg.workers, bar, 32))
    _drop_empty_classes(folder)
    return {"crop_cards": len(jobs), "crops": total, "seconds": round(time.time() - t0, 1),
            "decks": [d.name for d in decks]}


#: Face patches cut from whole training scenes (`goatherd synth --scene-faces`): each face box
#: the shipped detector finds is labelled with the card it boxes (oriented IoU at least this;
#: a box on no card is "none"), so the face reader learns the runtime's own boxes, with the
#: neighbours, hands, blur and tilt of real play around them; ...
SCENE_FACE_MATCH_IOU = 0.5
#: ... and each face-up card at least this visible is also cut once through a box disturbed
#: like the detector's (FACE_BOX_JITTER). Labels follow the face crops: the card when at least
#: FACE_VISIBLE_MIN of it shows, else "none" (of which this fraction is kept).
SCENE_FACE_MIN_VISIBLE = 0.2
SCENE_FACE_NONE_KEEP = 0.5
#: Random stream of these scenes (apart from `generate`'s scenes of the same seed and index).
SCENE_FACE_STREAM = 31


def _init_scene_face_worker(cfg: SynthConfig, decks: list, detector: Path) -> None:
    import cv2

    cv2.setNumThreads(1)
    from datasets.backgrounds import BackgroundBank
    from datasets.decks import CardArt
    from datasets.scene import SceneMaker
    from vision.runtime import CardDetector

    _STATE.update(cfg=cfg, maker=SceneMaker(CardArt(cfg.cache, decks), decks, BackgroundBank(cfg.seed)),
                  detector=CardDetector(detector, threads=1))


def make_scene_faces(job: tuple[str, int]) -> int:
    """Write the face patches of scene `index` of `split` (see SCENE_FACE_MATCH_IOU); returns
    how many."""
    import cv2
    import numpy as np

    from datasets.crops import FACE_BOX_JITTER, FACE_VISIBLE_MIN, jitter_box
    from vision.cards import NONE_CLASS
    from vision.geometry import FACE_SIZE, face_patch, quad_iou

    split, index = job
    cfg: SynthConfig = _STATE["cfg"]
    rng = np.random.default_rng([cfg.seed, SPLIT_KEYS[split], index, SCENE_FACE_STREAM])
    scene = _STATE["maker"].make(rng)
    ok, buf = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(*cfg.jpeg_quality))])
    frame = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    h, w = frame.shape[:2]

    def label_of(card) -> str | None:
        label = card.card if card is not None and card.visible >= FACE_VISIBLE_MIN else NONE_CLASS
        return None if label == NONE_CLASS and rng.random() > SCENE_FACE_NONE_KEEP else label

    patches = []
    for k, d in enumerate(d for d in _STATE["detector"](frame) if d.kind == "face"):
        iou, n = max(((quad_iou(d.quad, c.quad), n) for n, c in enumerate(scene.cards)), default=(0.0, -1))
        card = scene.cards[n] if iou >= SCENE_FACE_MATCH_IOU else None
        if card is None or card.face_up:
            label = label_of(card)
            if label is not None:
                patches.append((f"s{split}_{index:06d}_{k}", d.quad, label))
    for k, c in enumerate(scene.cards):
        inside = c.quad.min() >= 0 and c.quad[:, 0].max() <= w and c.quad[:, 1].max() <= h
        if c.face_up and c.visible >= SCENE_FACE_MIN_VISIBLE and inside:
            label = label_of(c)
            if label is not None:
                patches.append((f"j{split}_{index:06d}_{k}", jitter_box(rng, c.quad, **FACE_BOX_JITTER), label))
    for name, quad, label in patches:
        cv2.imwrite(str(cfg.out / "faces" / split / label / f"{name}.jpg"), face_patch(frame, quad, FACE_SIZE),
                    [cv2.IMWRITE_JPEG_QUALITY, 95])
    return len(patches)


def generate_scene_faces(cfg: SynthConfig, train_scenes: int, val_scenes: int, progress: bool = True,
                         detector: Path | None = None) -> dict:
    """Add face patches to OUT/faces cut from whole scenes of the training decks through the
    detector's own boxes (SCENE_FACE_MATCH_IOU). Deterministic by seed and detector."""
    from tqdm import tqdm

    from datasets.decks import find_decks, split_decks
    from vision.runtime import DETECTOR_FILE
    from vision.runtime_paths import DEFAULT_MODELS

    detector = detector or DEFAULT_MODELS / DETECTOR_FILE
    if not Path(detector).is_file():
        raise RuntimeError(f"--scene-faces needs a detector: {detector} not found (train one with `goatherd train`)")
    decks, _ = _rendered([d for d in split_decks(find_decks())[0] if not cfg.decks or d.name in cfg.decks], cfg.cache)
    folder = Path(cfg.out) / "faces"
    _class_folders(folder)
    jobs = [("train", i) for i in range(train_scenes)] + [("val", i) for i in range(val_scenes)]
    t0 = time.time()
    bar = tqdm(total=len(jobs), desc="scene faces", unit="img", disable=not progress)
    total = sum(_map_jobs(jobs, make_scene_faces, _init_scene_face_worker, (cfg, decks, Path(detector)),
                          cfg.workers, bar, 8))
    _drop_empty_classes(folder)
    return {"scenes": len(jobs), "crops": total, "seconds": round(time.time() - t0, 1),
            "decks": [d.name for d in decks]}


def _rendered(decks, cache: Path) -> tuple[list, list[str]]:
    """(the decks whose art renders, "name: why" for each that does not): a broken SVG in a
    package skips that deck."""
    from datasets.decks import render_deck

    out, failed = [], []
    for d in decks:
        try:
            render_deck(d, cache)
            out.append(d)
        except RuntimeError as exc:
            failed.append(f"{d.name}: {exc}")
    return out, failed


def _class_folders(folder: Path) -> None:
    """folder/{train,val}/<class> for every reader class (empty ones are dropped at the end)."""
    from vision.cards import CORNER_CLASSES

    for split in ("train", "val"):
        for c in CORNER_CLASSES:
            (folder / split / c).mkdir(parents=True, exist_ok=True)


def _map_jobs(jobs: list, fn, init, initargs: tuple, workers: int, bar, chunksize: int):
    """Yield fn(job) for every job (in any order with workers > 1), each worker process set up
    by init(*initargs); ticks the progress bar per job."""
    import multiprocessing as mp

    if workers <= 1:
        init(*initargs)
        for job in jobs:
            yield fn(job)
            bar.update(1)
    else:
        pool = mp.get_context("spawn").Pool(workers, init, initargs)
        for r in pool.imap_unordered(fn, jobs, chunksize=chunksize):
            yield r
            bar.update(1)
        pool.close()
        pool.join()
    bar.close()


def _drop_empty_classes(folder: Path) -> None:
    """An empty class folder breaks torchvision's ImageFolder: drop those (rare, tiny sets)."""
    from vision.cards import CORNER_CLASSES

    for split in ("train", "val"):
        for c in CORNER_CLASSES:
            d = folder / split / c
            if d.exists() and not any(d.iterdir()):
                d.rmdir()


def generate(cfg: SynthConfig, progress: bool = True) -> dict:
    """Render decks (cached), then write all scenes with `cfg.workers` processes."""
    from tqdm import tqdm

    from datasets.decks import find_decks, split_decks
    from vision.cards import DETECTOR_CLASSES

    out = Path(cfg.out)
    available = find_decks()
    if cfg.decks:
        unknown = sorted(set(cfg.decks) - {d.name for d in available})
        if unknown:
            raise RuntimeError(f"unknown decks {unknown}; installed: {[d.name for d in available]}")
        available = [d for d in available if d.name in set(cfg.decks)]
    from datasets.fontdecks import font_decks

    available += font_decks(cfg.font_decks)  # never in HELDOUT_DECKS: training only
    decks, failed = _rendered(tqdm(available, desc="render decks", unit="deck", disable=not progress), cfg.cache)
    if not decks:
        raise RuntimeError("no card decks found: install gnome-cards-data and kdegames-card-data-kf5 (scripts/setup.sh)")
    train_decks, held_decks = split_decks(decks)
    for split in ("train", "val"):
        (out / "det/images" / split).mkdir(parents=True, exist_ok=True)
        (out / "det/labels" / split).mkdir(parents=True, exist_ok=True)
    _class_folders(out / "cls")
    (out / "heldout/images").mkdir(parents=True, exist_ok=True)
    (out / "heldout/labels").mkdir(parents=True, exist_ok=True)
    (out / "heldout/unscored").mkdir(parents=True, exist_ok=True)
    from vision.cards import CARD_NAMES

    (out / "heldout/classes.txt").write_text("".join(c + "\n" for c in CARD_NAMES))
    names = "\n".join(f"  {i}: {n}" for i, n in enumerate(DETECTOR_CLASSES))
    (out / "det/data.yaml").write_text(f"path: {out.resolve() / 'det'}\ntrain: images/train\nval: images/val\nnames:\n{names}\n")
    jobs = [("train", i) for i in range(cfg.train)] + [("val", i) for i in range(cfg.val)] if train_decks else []
    if held_decks:
        jobs += [("heldout", i) for i in range(cfg.heldout)]
    totals: dict[str, int] = {}
    t0 = time.time()
    bar = tqdm(total=len(jobs), desc="scenes", unit="img", disable=not progress)
    for r in _map_jobs(jobs, make_one, _init_worker, (cfg, train_decks, held_decks), cfg.workers, bar, 8):
        for k, v in r.items():
            totals[k] = totals.get(k, 0) + v
    elapsed = time.time() - t0
    _drop_empty_classes(out / "cls")
    manifest = {
        "seed": cfg.seed, "train": cfg.train, "val": cfg.val, "heldout": cfg.heldout if held_decks else 0,
        "train_decks": [d.name for d in train_decks], "heldout_decks": [d.name for d in held_decks],
        "failed_decks": failed, "totals": totals, "seconds": round(elapsed, 1),
        "images_per_second": round(len(jobs) / max(elapsed, 1e-9), 2), "workers": cfg.workers,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    return manifest
