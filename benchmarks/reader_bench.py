#!/usr/bin/env python
"""Face readers compared on the boxes the live camera really read, in the recorded bench sets.

    python benchmarks/reader_bench.py --faces models runs/models45 --sets tango161,atlas241
    python benchmarks/reader_bench.py --faces models runs/models45 --every 6 --json readers.json

A live set (`live_sets.py --record`) keeps each game's video and the model's boxes frame by
frame. This bench reads those same boxes again, every `--every`-th frame, with the shipped
corner reader pooled with each face reader given (`vision.runtime.pool_reads`, the corners
weighted by the table's corner trust as recorded), and scores the reads against the
renderer's truth (a box over one true face by IoU >= MATCH_IOU names that card). What loses
a live game is a *sure* misread: a wrong name at ACCUSE_PEAK or more passes the pipeline's
checks and puts the camera out of step, where an unsure read is only outvoted. So per deck:

- `right`: share of the boxes over a true face read as that card;
- `sure_wrong`: boxes over a true face read as another card at ACCUSE_PEAK or more, per
  1,000 such boxes, with the commonest confusions;
- `junk_sure`: boxes over no true face (a hand, a card's edge, two cards) read at
  ACCUSE_PEAK or more, per 1,000 junk boxes.
- `partly_sure_wrong`: boxes over a true face only partly in sight (PARTLY_VISIBLE to
  VISIBLE_MIN: mostly a run's card under the next) read surely as another card, per 1,000.

The first reader is the baseline; each other one is reported beside it with ratios, from
the same boxes in the same run. Minutes, not the hours a recording through a new reader takes
(its game F1 then still needs `live_sets.py --record` in a worktree whose models/ hold it).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import live_sets  # noqa: E402
from vision.cards import CARD_NAMES  # noqa: E402
from vision.live.events import ACCUSE_PEAK  # noqa: E402  (the pipeline's bar for a read it may rule on)

#: A recorded box names the true face it overlaps by at least this IoU ...
MATCH_IOU = 0.5
#: ... and is junk when it overlaps every true face by less than this.
JUNK_IOU = 0.2
#: A true face counts only when this share of it is in sight (the renderer's `visible`): a box
#: over a card mostly under another card or a hand reads that card's cover, rightly.
VISIBLE_MIN = 0.7
#: A true face at least this much in sight, but less than VISIBLE_MIN, is scored apart (`partly`):
#: mostly a run's card under the next, or a trick card under a slough.
PARTLY_VISIBLE = 0.3


def recorded_boxes(path: Path) -> tuple[dict[int, list], list[float]]:
    """(frame -> [(card read, quad)] of fresh face reads, corner weight per frame) of a
    recorded game, whatever models recorded it (the key is not checked: only the boxes are used)."""
    with gzip.open(path, "rt") as fh:
        rec = json.load(fh)
    frames = {int(i): [(d[1], np.asarray(d[3], float).reshape(4, 2)) for d in dets if d[0] == "face" and d[4] > 0]
              for i, dets in rec["frames"].items()}
    return frames, rec["corner_weight"]


def true_faces(path: Path) -> dict[int, list[tuple[str, np.ndarray, float]]]:
    """frame -> [(card, quad, share in sight)] of the face-up cards the renderer drew."""
    out = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if "frame" in rec:
                out[rec["frame"]] = [(d["card"], np.asarray(d["quad"], float), float(d.get("visible", 1.0)))
                                     for d in rec["detections"] if d["kind"] == "face"]
    return out


def label(quad: np.ndarray, truth: list[tuple[str, np.ndarray, float]]) -> str | None:
    """The true card a box is over, "" for junk, None when it is neither clearly (skipped): a
    box over a card mostly out of sight (VISIBLE_MIN) or one the renderer left unnamed. A card
    partly in sight (PARTLY_VISIBLE, under another card of a run or a pile) is named with a
    trailing "~" and scored apart."""
    from vision.geometry import quad_iou

    best, name, visible = 0.0, "", 1.0
    for card, q, vis in truth:
        iou = quad_iou(quad, q)
        if iou > best:
            best, name, visible = iou, card, vis
    if best >= MATCH_IOU:
        if name not in CARD_NAMES or visible < PARTLY_VISIBLE:
            return None
        return name if visible >= VISIBLE_MIN else name + "~"
    return "" if best < JUNK_IOU else None


def game_boxes(folder: Path, k: int, every: int):
    """(frame image, [(true label, quad)], corner weight) for every `every`-th recorded frame
    of game k with at least one box to read."""
    import cv2

    boxes, weights = recorded_boxes(folder / f"{k:04d}.model-detections.json.gz")
    truth = true_faces(folder / f"{k:04d}.detections.jsonl")
    cap = cv2.VideoCapture(str(folder / f"{k:04d}.mp4"))
    i = 0
    try:
        while True:
            if i % every or not boxes.get(i):
                if not cap.grab():
                    break
                i += 1
                continue
            ok, image = cap.read()
            if not ok:
                break
            labelled = [(lab, q) for _, q in boxes[i] if (lab := label(q, truth.get(i, []))) is not None]
            if labelled:
                yield image, labelled, weights[i] if i < len(weights) else 1.0
            i += 1
    finally:
        cap.release()


class Scores:
    """One reader's tallies on one deck."""

    def __init__(self):
        self.faces = self.right = self.junk = self.junk_sure = self.partly = self.partly_sure_wrong = 0
        self.sure_wrong: Counter = Counter()

    def add(self, truth: str, read: str, p: float) -> None:
        if truth == "":
            self.junk += 1
            self.junk_sure += p >= ACCUSE_PEAK
            return
        if truth.endswith("~"):
            self.partly += 1
            self.partly_sure_wrong += read != truth[:-1] and p >= ACCUSE_PEAK
            return
        self.faces += 1
        self.right += read == truth
        if read != truth and p >= ACCUSE_PEAK:
            self.sure_wrong[f"{truth}->{read}"] += 1

    def summary(self) -> dict:
        wrong = sum(self.sure_wrong.values())
        return {"faces": self.faces, "right": round(self.right / max(self.faces, 1), 4),
                "sure_wrong_per_1000": round(1000 * wrong / max(self.faces, 1), 2), "sure_wrong": wrong,
                "confusions": dict(self.sure_wrong.most_common(6)),
                "junk": self.junk, "junk_sure_per_1000": round(1000 * self.junk_sure / max(self.junk, 1), 2),
                "partly": self.partly,
                "partly_sure_wrong_per_1000": round(1000 * self.partly_sure_wrong / max(self.partly, 1), 2)}


def read_all(corners, faces: list, image: np.ndarray, quads: list[np.ndarray], weight: float) -> list[list[tuple[str, float]]]:
    """Per face reader, the pooled (name, probability) of each quad."""
    from vision.geometry import corner_patches, face_patch
    from vision.runtime import corner_vote, pool_reads

    cards, none = corners.card_probs(corners([p for q in quads for p in corner_patches(image, q, corners.imgsz)]))
    votes = [corner_vote(cards[2 * k: 2 * k + 2], none[2 * k: 2 * k + 2]) for k in range(len(quads))]
    out = []
    for reader in faces:
        fc, fn = reader.card_probs(reader([face_patch(image, q, reader.imgsz) for q in quads]))
        out.append([(CARD_NAMES[i], p) for i, p in
                    (pool_reads(*v, fc[k], float(fn[k]), weight) for k, v in enumerate(votes))])
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--faces", nargs="+", type=Path, default=[ROOT / "models"], metavar="FOLDER",
                    help="folders holding faces-cls.onnx; the first is the baseline (default: models)")
    ap.add_argument("--sets", help="comma-separated recorded sets (default: every one recorded here)")
    ap.add_argument("--every", type=int, default=6, help="read every n-th frame (default 6: two a second)")
    ap.add_argument("--json", type=Path, help="write the per-deck scores here")
    args = ap.parse_args(argv)
    from tqdm import tqdm

    from vision.runtime import FACE_READER_FILE, READER_FILE, PatchReader

    missing = [str(f) for f in args.faces if not (f / FACE_READER_FILE).is_file()]
    if missing:
        ap.error(f"no {FACE_READER_FILE} in {', '.join(missing)}")
    if args.every < 1:
        ap.error("--every must be at least 1")
    names = args.sets.split(",") if args.sets else [n for n in live_sets.SETS if live_sets.is_recorded(n)]
    unknown = [n for n in names if n not in live_sets.SETS or not live_sets.is_recorded(n)]
    if unknown:
        ap.error(f"not a recorded set here: {', '.join(unknown)} (python benchmarks/live_sets.py --record --sets ...)")
    if not names:
        ap.error("no set is recorded here (python benchmarks/live_sets.py --record --sets NAME)")
    corners = PatchReader(ROOT / "models" / READER_FILE)
    faces = [PatchReader(f / FACE_READER_FILE) for f in args.faces]
    scores: dict[str, list[Scores]] = {}
    for name in names:
        deck = live_sets.SETS[name][0]
        per = scores.setdefault(deck, [Scores() for _ in faces])
        for k in range(live_sets.GAMES):
            for image, labelled, weight in tqdm(game_boxes(live_sets.folder(name), k, args.every),
                                                desc=f"{name} game {k}", unit=" frames", leave=False):
                reads = read_all(corners, faces, image, [q for _, q in labelled], weight)
                for r, rs in enumerate(reads):
                    for (truth, _), (card, p) in zip(labelled, rs):
                        per[r].add(truth, card, p)
    results = {deck: {str(f): s.summary() for f, s in zip(args.faces, per)} for deck, per in scores.items()}
    base = str(args.faces[0])
    print(f"{'deck':22s} {'reader':22s} {'boxes':>6s} {'right':>7s} {'sure wrong /1000':>17s} {'junk':>6s} {'sure /1000':>10s} {'partly':>6s} {'wrong /1000':>11s}")
    for deck, by in results.items():
        b = by[base]
        for f, s in by.items():
            ratio = "" if f == base else (f"  x{s['sure_wrong_per_1000'] / b['sure_wrong_per_1000']:.2f}"
                                          if b["sure_wrong_per_1000"] else "")
            print(f"{deck:22s} {Path(f).name[:22]:22s} {s['faces']:6d} {s['right']:7.4f} "
                  f"{s['sure_wrong_per_1000']:11.2f}{ratio:>6s} {s['junk']:6d} {s['junk_sure_per_1000']:10.2f} {s['partly']:6d} {s['partly_sure_wrong_per_1000']:11.2f}  "
                  f"{', '.join(f'{c} {n}' for c, n in s['confusions'].items())}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
