"""`goatherd eval`: card recognition measured the way the referee needs it.

- card identity: per image, the predicted face-up cards and the labelled cards are
  compared as multisets (order and boxes ignored); precision/recall/F1 summed over images;
- boxes: class-agnostic AP50 of face-up cards against the labelled boxes (axis-aligned
  labels are compared with the axis-aligned hull of the predicted oriented box);
- reading: of the labelled cards that a prediction overlaps, how many were read right,
  and a confusion list / rank and suit tables;
- latency: detect + read per image on this CPU.
Labels are YOLO text files: `class cx cy w h` (axis-aligned) or `class x1 y1 ... x4 y4` (oriented),
normalised; class indices follow DIR/classes.txt (default: the 52 cards, AC 2C ... KS).
Optional DIR/unscored/ (same format) lists cards that are in the picture but cannot be named
from it (under a hand, under other cards, too small): a prediction naming one, or boxing one,
counts neither right nor wrong (as COCO's "ignore" regions).
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import numpy as np

from vision.cards import CARD_NAMES, FACE_DOWN, RANKS, SUITS

#: IoU for a predicted face box to count as finding a labelled card (AP50).
AP_IOU = 0.5
#: Looser IoU to pair a prediction with a labelled card when judging the reading (axis-aligned
#: labels of tilted cards overlap their oriented boxes only partly).
PAIR_IOU = 0.3
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")


def read_labels(path: Path, width: int, height: int, classes: list[str]) -> list[tuple[str, np.ndarray]]:
    """(card name, axis-aligned box x0 y0 x1 y1 in pixels) for each label line."""
    out = []
    if not path.is_file():
        return out
    for n, line in enumerate(path.read_text().splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        try:
            cls, vals = int(parts[0]), np.array([float(v) for v in parts[1:]])
        except ValueError:
            raise ValueError(f"{path}:{n}: not a YOLO label line: {line!r}") from None
        if cls < 0 or cls >= len(classes):
            raise ValueError(f"{path}:{n}: class {cls} not in classes.txt ({len(classes)} classes)")
        if len(vals) == 4:
            cx, cy, w, h = vals * [width, height, width, height]
            box = np.array([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2])
        elif len(vals) == 8:
            pts = vals.reshape(4, 2) * [width, height]
            box = np.concatenate([pts.min(axis=0), pts.max(axis=0)])
        else:
            raise ValueError(f"{path}:{n}: expected 4 (box) or 8 (oriented box) numbers, got {len(vals)}")
        out.append((classes[cls], box))
    return out


def box_iou(a: np.ndarray, b: np.ndarray) -> float:
    """IoU of two axis-aligned boxes x0 y0 x1 y1."""
    iw = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    ih = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = iw * ih
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def scored_predictions(pred: list[str], truth: list[str], unscored: list[str] = ()) -> Counter:
    """The multiset of predicted names that are scored: all of `pred` except names that match
    no labelled card but do match an unscored one (each unscored card excuses one)."""
    p = Counter(pred)
    return p - ((p - Counter(truth)) & Counter(unscored))


def multiset_counts(pred: list[str], truth: list[str], unscored: list[str] = ()) -> tuple[int, int, int]:
    """(true positives, scored predictions, labelled) of two card multisets; see
    `scored_predictions` for `unscored`."""
    p = scored_predictions(pred, truth, unscored)
    tp = sum((p & Counter(truth)).values())
    return tp, sum(p.values()), len(truth)


def prf(tp: int, n_pred: int, n_true: int) -> dict:
    p = tp / n_pred if n_pred else (1.0 if not n_true else 0.0)
    r = tp / n_true if n_true else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(f, 4)}


def average_precision(scores: list[float], hits: list[bool], n_true: int) -> float:
    """All-point interpolated AP from scored detections marked hit/miss."""
    if n_true == 0:
        return float("nan")
    order = np.argsort(-np.array(scores, dtype=np.float64), kind="stable")
    h = np.array(hits, dtype=np.float64)[order]
    tp, fp = np.cumsum(h), np.cumsum(1 - h)
    recall = tp / n_true
    precision = tp / np.maximum(tp + fp, 1e-9)
    r = np.concatenate([[0.0], recall, [1.0]])
    p = np.concatenate([[1.0], precision, [0.0]])
    p = np.maximum.accumulate(p[::-1])[::-1]
    return float(np.sum((r[1:] - r[:-1]) * p[1:]))


def _greedy_pairs(gt_boxes, pred_boxes, min_iou):
    pairs, used = [], set()
    cand = sorted(((box_iou(g, p), i, j) for i, g in enumerate(gt_boxes) for j, p in enumerate(pred_boxes)),
                  reverse=True)
    used_g = set()
    for iou, i, j in cand:
        if iou < min_iou:
            break
        if i in used_g or j in used:
            continue
        used_g.add(i)
        used.add(j)
        pairs.append((i, j))
    return pairs


def evaluate(recognizer, folder: Path, limit: int = 0) -> dict:
    import cv2

    folder = Path(folder)
    classes_file = folder / "classes.txt"
    classes = [c.strip() for c in classes_file.read_text().splitlines() if c.strip()] if classes_file.is_file() \
        else list(CARD_NAMES)
    unknown = [c for c in classes if c not in CARD_NAMES]
    if unknown:
        raise ValueError(f"classes.txt names non-cards: {unknown[:5]}")
    images = sorted(p for p in (folder / "images").iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
    if limit:
        images = images[:limit]
    if not images:
        raise ValueError(f"no images in {folder / 'images'}")
    tp = n_pred = n_true = 0
    exact = 0
    scores, hits, n_gt_boxes = [], [], 0
    paired = read_right = n_unscored = 0
    confusions: Counter = Counter()
    rank_table: Counter = Counter()
    suit_table: Counter = Counter()
    latencies, unreadable = [], []
    per_image = []
    recognizer(np.zeros((64, 64, 3), np.uint8))  # warm-up
    for path in images:
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            unreadable.append(path.name)
            continue
        h, w = frame.shape[:2]
        truth = read_labels(folder / "labels" / (path.stem + ".txt"), w, h, classes)
        unscored = read_labels(folder / "unscored" / (path.stem + ".txt"), w, h, classes)
        n_unscored += len(unscored)
        t0 = time.perf_counter()
        result = recognizer(frame)
        latencies.append((time.perf_counter() - t0) * 1000)
        faces = [c for c in result["cards"] if c["card"] != FACE_DOWN]
        pred_names = [c["card"] for c in faces]
        true_names = [name for name, _ in truth]
        unscored_names = [name for name, _ in unscored]
        a, b, c = multiset_counts(pred_names, true_names, unscored_names)
        tp, n_pred, n_true = tp + a, n_pred + b, n_true + c
        exact += scored_predictions(pred_names, true_names, unscored_names) == Counter(true_names)
        per_image.append({"image": path.name, "truth": sorted(true_names), "pred": sorted(pred_names)})
        pboxes = [np.concatenate([np.min(f["corners"], axis=0), np.max(f["corners"], axis=0)]) for f in faces]
        gboxes = [box for _, box in truth]
        n_gt_boxes += len(gboxes)
        ap_pairs = dict((j, i) for i, j in _greedy_pairs(gboxes, pboxes, AP_IOU))
        excused = {j for _, j in _greedy_pairs([box for _, box in unscored], pboxes, AP_IOU)} - set(ap_pairs)
        for j, f in enumerate(faces):
            if j in excused:  # a box on an unscored card: neither a hit nor a false box
                continue
            scores.append(f["conf"])
            hits.append(j in ap_pairs)
        matched_g = set()
        for i, j in _greedy_pairs(gboxes, pboxes, PAIR_IOU):
            matched_g.add(i)
            g, p = true_names[i], pred_names[j]
            paired += 1
            read_right += g == p
            if g != p:
                confusions[f"{g}->{p}"] += 1
            rank_table[(g[:-1], p[:-1])] += 1
            suit_table[(g[-1], p[-1])] += 1
        for i, name in enumerate(true_names):
            if i not in matched_g:
                confusions[f"{name}->missed"] += 1
    lat = np.array(latencies) if latencies else np.zeros(1)
    metrics = {
        "dir": str(folder),
        "images": len(latencies),
        "unreadable": unreadable,
        "cards_labelled": n_true,
        "cards_unscored": n_unscored,
        "cards_predicted": n_pred,
        "identity": {**prf(tp, n_pred, n_true), "tp": tp},
        "images_exactly_right": round(exact / max(len(latencies), 1), 4),
        "box_ap50_faces": round(average_precision(scores, hits, n_gt_boxes), 4),
        "read_accuracy_when_found": round(read_right / paired, 4) if paired else None,
        "found": paired,
        "confusions": dict(confusions.most_common(25)),
        "rank_table": {f"{g}->{p}": n for (g, p), n in sorted(rank_table.items())},
        "suit_table": {f"{g}->{p}": n for (g, p), n in sorted(suit_table.items())},
        "latency_ms": {"mean": round(float(lat.mean()), 1), "p50": round(float(np.percentile(lat, 50)), 1),
                       "p95": round(float(np.percentile(lat, 95)), 1)},
        "per_image": per_image,
    }
    return metrics


def _table(counts: dict, labels: tuple[str, ...]) -> str:
    pairs = {tuple(k.split("->")): v for k, v in counts.items()}
    rows = [r for r in labels if any(g == r for g, _ in pairs)]
    cols = [c for c in labels if any(p == c for _, p in pairs)]
    if not rows:
        return "  (no labelled card was found)"
    lines = ["  truth\\read " + " ".join(f"{c:>4}" for c in cols)]
    for r in rows:
        lines.append(f"  {r:>10} " + " ".join(f"{pairs.get((r, c), 0) or '.':>4}" for c in cols))
    return "\n".join(lines)


def format_report(m: dict) -> str:
    ident = m["identity"]
    lines = [
        f"goatherd eval: {m['dir']} — {m['images']} images, {m['cards_labelled']} labelled cards"
        + (f" (and {m['cards_unscored']} unscored: in the picture, not nameable)" if m["cards_unscored"] else "")
        + f", {m['cards_predicted']} read (scored)",
        f"  card identity (multiset per image): precision {ident['precision']:.3f}  recall {ident['recall']:.3f}  "
        f"F1 {ident['f1']:.3f}",
        f"  images exactly right: {m['images_exactly_right']:.3f}",
        f"  face boxes AP50 (class-agnostic): {m['box_ap50_faces']:.3f}",
        f"  read right when found: {m['read_accuracy_when_found']} (of {m['found']} found)",
        f"  latency detect+read: mean {m['latency_ms']['mean']} ms, p50 {m['latency_ms']['p50']} ms, "
        f"p95 {m['latency_ms']['p95']} ms",
        "  rank confusion (found cards):",
        _table(m["rank_table"], RANKS),
        "  suit confusion (found cards):",
        _table(m["suit_table"], SUITS),
        "  most common errors: " + (", ".join(f"{k} x{v}" for k, v in m["confusions"].items()) or "none"),
    ]
    if m["unreadable"]:
        lines.append(f"  unreadable images skipped: {len(m['unreadable'])}")
    return "\n".join(lines)
