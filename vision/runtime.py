"""Torch-free inference: ONNX Runtime + numpy post-processing for both stages.

Stage A (`CardDetector`) finds oriented boxes of face-up cards, face-down cards and hands;
Stage B (`PatchReader`s) reads the two index corners of each face-up card and, when the
face reader is shipped, the whole face; `CardRecognizer` combines them into
{"card": "10H", "conf": 0.97, "corners": [[x, y] x 4]} records.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from referee.cards import RANK, SUIT
from vision.cards import CARD_NAMES, DETECTOR_CLASSES, FACE_DOWN, NONE_CLASS
from vision.geometry import (corner_patches, face_patch, letterbox, obbs_to_quads, oriented_nms, portrait_order,
                             quad_iou, quad_overlap, quad_variants, snap_to_edges)
from vision.runtime_paths import DEFAULT_MODELS

#: Minimum detector score for a box to be kept.
DET_CONF = 0.35
#: A face whose read (reader probability x detector score) is below this is left out of the
#: records: a wrong name costs more than a missing one. Tuned on the held-out synthetic decks
#: (revision 3: card F1 0.371 -> 0.392; 0.5 gives 0.322), never on real photos.
MIN_CARD_CONF = 0.3
#: A face read less surely than this (reader probability) is read again from its box snapped
#: to the card's edges (`vision.geometry.snap_to_edges`) and from that box turned by
#: REREAD_TURNS_DEG and scaled by REREAD_SCALES, keeping the surest reading: under a tilted
#: camera the box misses the card's edges by a few degrees or percent, which moves the small
#: index out of its patch. The nudged boxes (session 4): held-out synthetic decks card F1
#: 0.392 -> 0.446, real-dev 0.923 -> 0.931. Snapping first (session 10): held-out decks
#: (`runs/heldout6k`) 0.594 -> 0.624, real-dev 0.949 -> 0.960.
REREAD_BELOW = 0.9
REREAD_TURNS_DEG = (-7.0, 7.0)
REREAD_SCALES = (0.9, 1.1)
#: A face the detector scored under DET_CONF (a weak box) is still listed when the readers are
#: this sure of it at once, from its box as found (no rereads: the best of six reads is surer
#: by chance), and the detector gave it at least SURE_READ_DET_CONF. On real photos and unseen
#: decks the face score is the weaker judge: nameable cards are often boxed at 0.1-0.35, and
#: the readers are rarely this sure of a patch that is no card. A weak box overlapping a
#: listed face by more than SECOND_BOX_IOU (oriented IoU) is a second box on that card (NMS
#: near-misses, IoU 0.4-0.5) and is not read, so a clean frame costs no more. Stills only
#: (`goatherd detect`, `eval`): the live pipeline keeps DET_CONF and lets its tracks vote.
#: Tuned on held-out synthetic decks (`runs/heldout6k`): card F1 0.624 -> 0.633, real-dev
#: 0.960 -> 0.967 at the same precision (model card, session 11).
SURE_READ = 0.9
SURE_READ_DET_CONF = 0.08
SECOND_BOX_IOU = 0.4
#: Oriented-IoU above which the weaker of two boxes of the same kind is dropped.
NMS_IOU = 0.5
#: Two face boxes read as the same card that share more than this part of the smaller box are
#: one card boxed twice (the detector split it, or boxed part of it: such pairs overlap just
#: under NMS_IOU): one deck holds one of each card, so the surer record stays. Real-dev had
#: 17 such pairs (IoU 0.36-0.49, the smaller box 57-98 % inside the other).
SAME_CARD_OVERLAP = 0.5
#: Most boxes a frame can yield (a full table has far fewer cards).
MAX_DETECTIONS = 100

#: Weight of the whole-face read against the index corners' in the pooled read (log-linear
#: pooling: both are evidence about the same card, each scaled by how sure it is that it sees
#: one at all). The face reader alone is weaker on unseen decks than the corners (held-out
#: scenes, true boxes: 58 % read right) but fails differently: it needs no index and no
#: exact box. Swept on held-out synthetic decks (0 = corners only / 0.3 / 0.5 / 0.7 / 1.0):
#: card F1 0.446 / 0.503 / 0.539 / 0.553 / 0.544 (6 decks, 300 scenes) and 0.587 / 0.620 /
#: 0.631 / 0.612 / 0.585 (4 decks with indices, 200 scenes); precision falls above 0.5.
FACE_WEIGHT = 0.5

#: Some decks print no index where the corner reader looks (kde/oxygen-white: the rank top
#: right, the suit bottom left), and it reads their corners surely and wrongly (mostly as a
#: jack), outvoting a right face read: on that deck's bench videos (renderer's boxes) the
#: corners read 5 % right, the face 82 %, the two pooled 39 %. A live camera watches one deck
#: all game, so it counts how often the two readers name the same card when the face is sure
#: of its card and the corners are sure they show an index (both CORNER_FACE_SURE), and
#: counts the corners fully only while they agree on at least AGREE_FULL of those reads;
#: below that their weight falls in proportion (`CornerTrust`). Decks with an index agree on
#: 99.7-100 % of such reads in the bench videos (4,600 reads; oxygen-white 3 %) and real-dev's
#: photos on 96.8 % (408 reads), so they are read exactly as before. AGREE_PRIOR agreements
#: are assumed before the first read. Live only (`ModelDetector` keeps one per table; a still
#: photo has no history). Live bench, 30 held-out games: event F1 0.667 -> 0.700 (a person
#: answering: 0.706 -> 0.740), oxygen-white 0.148 -> 0.422; the pipeline also asks rather
#: than accuses on such a deck (`faces_only`).
CORNER_FACE_SURE = 0.8
AGREE_FULL = 0.75
AGREE_PRIOR = 5

#: A run of touching cards laid overlapping (Skitgubbe Part 2 plays; a fan) leaves of each card
#: under the next only a strip with one index corner, which the detector rarely boxes (three
#: rendered full games through the live pipeline: 10 runs seen as their top card alone; the
#: detector boxed a run as one card). Such a card is looked for beside a surely read face
#: (`CardRecognizer.run_neighbours`): the face's box shifted sideways by these fractions of
#: its width, either way (a run may be fanned to either side), ...
RUN_SHIFTS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6)
#: ... and read by the one corner a card under it on that side shows (its top-left on the
#: left, its bottom-right on the right). A neighbour is a card touching the face's (same suit,
#: adjacent rank) read surely (p(none) at most RUN_NONE_MAX, probability at least
#: RUN_READ_MIN) at RUN_AGREE shifts or more: a patch that still holds part of the face's own
#: index is misread as a touching card (6S as 5S) at one shift, not at two. Where the box is
#: shifted RUN_FAR_SHIFT or more it holds none of the face's own index, and RUN_FAR_READ_MIN
#: is sure enough (a real-model full game: 4H under Ann's 5H read at 0.91 and 0.80 at shifts
#: 0.2 and 0.3, and the run was logged as 5H alone). Near shifts keep the strict threshold:
#: the detector often boxes a whole run as one card, and its under card is then read there
#: (6S was read 5S at 0.1 and 0.2 shifts, at 0.78 and 0.97). The search goes on outwards from
#: a found card, at most RUN_DEPTH cards from the face. Against the renderer's truth
#: (`runs/tools/runrule.py`: every surely read face probed both ways; touching cards found /
#: found that were not there): 3 full bellot games, every 8th frame: 71 / 1 at 0.9 everywhere,
#: 80 / 1 at 0.7 everywhere, **77 / 1 at 0.9 near and 0.7 far**, 85 / 7 with one shift enough;
#: 6 short games (Part 1), every 4th frame: 5 / 0, 5 / 1, **5 / 0**.
RUN_NONE_MAX, RUN_READ_MIN, RUN_AGREE, RUN_DEPTH = 0.2, 0.9, 2, 3
RUN_FAR_SHIFT, RUN_FAR_READ_MIN = 0.3, 0.7
#: The shifts are taken from the face's own box: the detector's box snapped to the card's edges
#: (`snap_to_edges`; the detector's boxes are loose, and a shifted loose box puts its corner
#: patch beside the index: 3C read as 3S at 0.5), and, where the snapped box is wider than one
#: of this table's cards by RUN_BOX_WIDER (the detector boxed the whole run), cut to one card
#: at the end whose corners read the face's card (either way round: a run longer than a card
#: is high lies along the box's long side). Against the renderer's truth (recorded
#: model boxes, every 4th frame of three full games each; the touching cards lying beside a
#: sure face that the probe found): bellot 156 of 245 from the detector's box, 175 snapped, 192
#: snapped and cut (the table's card shape learnt as shipped); tango 268 / 380 / 382 of 550.
#: Found where the renderer lists no visible card: 2 / 3 / 3 and 0 / 4 / 4, of them 4 cards
#: lying there that it counts as wholly covered (3C under 4C 5C).
RUN_BOX_WIDER = 1.15
#: A table's cards are as wide as the median width / height of its probed faces' snapped boxes
#: (`CardShape`), counting only plausible single cards (the decks' range, datasets.decks), once
#: CARD_SHAPE_MIN such boxes were measured; the latest CARD_SHAPE_KEEP count.
CARD_ASPECT_RANGE = (0.55, 0.80)
CARD_SHAPE_MIN, CARD_SHAPE_KEEP = 5, 200


def _card_ends(box: np.ndarray, aspect: float) -> list[np.ndarray]:
    """The two boxes of one card of width / height `aspect` at either end of `box` along its
    edge 0->1 (as high as its edge 1->2 is long); none if the box is not that wide."""
    w, h = np.linalg.norm(box[1] - box[0]), np.linalg.norm(box[2] - box[1])
    cw = aspect * h
    if w <= cw:
        return []
    along = (box[1] - box[0]) / w
    return [np.array([box[0] + along * t, box[0] + along * (t + cw), box[3] + along * (t + cw), box[3] + along * t])
            for t in (0.0, w - cw)]


def touching(a: str, b: str) -> bool:
    """Whether two cards could lie next to each other in a run: same suit, adjacent ranks
    (the referee's ranking: 2 low, A high; A and 2 do not touch)."""
    return a in RANK and b in RANK and SUIT[a] == SUIT[b] and abs(RANK[a] - RANK[b]) == 1


DETECTOR_FILE, READER_FILE, FACE_READER_FILE = "cards-obb.onnx", "corners-cls.onnx", "faces-cls.onnx"


def _session(path: Path, threads: int | None):
    import onnxruntime as ort

    if not Path(path).is_file():
        raise FileNotFoundError(f"model not found: {path} (train one with `goatherd train`)")
    opts = ort.SessionOptions()
    if threads:
        opts.intra_op_num_threads = threads
    opts.log_severity_level = 3
    # The detector and the reader run one after the other, each with its own thread pool; with
    # ORT's default busy-waiting the idle pool spins on the cores the other one needs (2-core
    # laptop, 12-card frame: p50/p90 62/72 ms spinning, 47/53 ms not).
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(str(path), sess_options=opts, providers=["CPUExecutionProvider"])


def _meta(session) -> dict:
    meta = session.get_modelmeta().custom_metadata_map
    out = {}
    for key in ("names", "imgsz"):
        if key in meta:
            out[key] = ast.literal_eval(meta[key])
    return out


@dataclass
class Detection:
    quad: np.ndarray  # (4, 2) corners in frame pixels
    kind: str  # "face", "back" or "hand"
    score: float


class CardDetector:
    """Stage A: YOLO-OBB in ONNX. Call with a BGR frame, get `Detection`s."""

    def __init__(self, path: Path, threads: int | None = None):
        self.session = _session(path, threads)
        meta = _meta(self.session)
        shape = self.session.get_inputs()[0].shape
        self.imgsz = int(shape[2]) if isinstance(shape[2], int) else int(meta.get("imgsz", [384])[0])
        names = meta.get("names", dict(enumerate(DETECTOR_CLASSES)))
        self.names = [names[i] for i in range(len(names))]
        self.input_name = self.session.get_inputs()[0].name

    def preprocess(self, frame: np.ndarray) -> tuple[np.ndarray, float, tuple[float, float]]:
        img, scale, pad = letterbox(frame, self.imgsz)
        x = img[:, :, ::-1].transpose(2, 0, 1)[None].astype(np.float32) / 255.0
        return np.ascontiguousarray(x), scale, pad

    def __call__(self, frame: np.ndarray, conf: float = DET_CONF, iou: float = NMS_IOU) -> list[Detection]:
        x, scale, pad = self.preprocess(frame)
        raw = self.session.run(None, {self.input_name: x})[0][0]  # (4 + nc + 1, N)
        return decode_obb(raw, len(self.names), self.names, scale, pad, conf, iou)


def decode_obb(raw: np.ndarray, nc: int, names: list[str], scale: float, pad: tuple[float, float],
               conf: float = DET_CONF, iou: float = NMS_IOU) -> list[Detection]:
    """Ultralytics OBB head output (4 + nc + 1, N) -> detections in frame pixels.

    Rows: cx, cy, w, h (letterboxed input pixels), nc class scores, angle (radians).
    NMS runs jointly over the card classes (a card is face or back, not both) and
    separately for hands.
    """
    pred = raw.T
    cls_scores = pred[:, 4 : 4 + nc]
    cls = cls_scores.argmax(axis=1)
    score = cls_scores[np.arange(len(pred)), cls]
    keep = score >= conf
    pred, cls, score = pred[keep], cls[keep], score[keep]
    if len(pred) == 0:
        return []
    quads = obbs_to_quads(np.column_stack([pred[:, :4], pred[:, 4 + nc]]))
    quads = (quads - np.array(pad)) / scale
    out: list[Detection] = []
    is_hand = np.array([names[c] == "hand" for c in cls])
    for group in (~is_hand, is_hand):
        idx = np.nonzero(group)[0]
        if len(idx) == 0:
            continue
        kept = idx[oriented_nms(quads[idx], score[idx], iou)]
        out += [Detection(quads[i], names[cls[i]], float(score[i])) for i in kept]
    out.sort(key=lambda d: -d.score)
    return out[:MAX_DETECTIONS]


class PatchReader:
    """Stage B: YOLO-cls in ONNX on square patches (index corners, or whole faces); returns
    class probabilities."""

    def __init__(self, path: Path, threads: int | None = None):
        self.session = _session(path, threads)
        meta = _meta(self.session)
        shape = self.session.get_inputs()[0].shape
        self.imgsz = int(shape[2]) if isinstance(shape[2], int) else int(meta.get("imgsz", [64])[0])
        self.batch = shape[0] if isinstance(shape[0], int) else None
        names = meta["names"]
        self.names = [names[i] for i in range(len(names))]
        self.input_name = self.session.get_inputs()[0].name
        # column of each of the 52 cards in the model's output (-1 if the model lacks it)
        self.card_columns = np.array([self.names.index(c) if c in self.names else -1 for c in CARD_NAMES])
        self.none_column = self.names.index(NONE_CLASS) if NONE_CLASS in self.names else -1

    def __call__(self, patches: list[np.ndarray]) -> np.ndarray:
        """(M, C) probabilities for M BGR patches of imgsz x imgsz."""
        if not patches:
            return np.zeros((0, len(self.names)), np.float32)
        x = np.stack(patches)[:, :, :, ::-1].transpose(0, 3, 1, 2).astype(np.float32) / 255.0
        n = len(x)
        if self.batch is None:
            return self.session.run(None, {self.input_name: np.ascontiguousarray(x)})[0]
        out = []
        for i in range(0, n, self.batch):
            chunk = x[i : i + self.batch]
            padded = np.zeros((self.batch, *x.shape[1:]), np.float32)
            padded[: len(chunk)] = chunk
            out.append(self.session.run(None, {self.input_name: padded})[0][: len(chunk)])
        return np.concatenate(out)

    def card_probs(self, probs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Split (M, C) output into (M, 52) card probabilities and (M,) "no index" probability."""
        cards = np.where(self.card_columns >= 0, probs[:, np.maximum(self.card_columns, 0)], 0.0)
        none = probs[:, self.none_column] if self.none_column >= 0 else np.zeros(len(probs))
        return cards, none


def corner_vote(cards: np.ndarray, none: np.ndarray) -> tuple[np.ndarray, float]:
    """The two corners' vote: (52 card probabilities, how sure the surer corner is that it
    shows an index). Each corner's distribution counts by how sure it is of an index
    (1 - p(none))."""
    w = np.clip(1.0 - none, 1e-3, None)[:, None]
    return (cards * w).sum(axis=0) / w.sum(), float(np.max(1.0 - none))


def pool_reads(vote: np.ndarray, sure_index: float, face: np.ndarray | None = None,
               face_none: float = 1.0, corner_weight: float = 1.0) -> tuple[int, float]:
    """(card index, probability) from the corners' vote (`corner_vote`) and, if given, a
    whole-face read (`face`, its 52 card probabilities, and `face_none`): the two are pooled
    log-linearly, each weighted by how sure it is that it sees the card (FACE_WEIGHT; the
    corners also by `corner_weight`, see `CornerTrust`): two reads that agree make a surer
    read, and a corner showing another card's index is outvoted by a clear face."""
    p = vote
    if face is not None:
        eps = 1e-4
        logp = corner_weight * sure_index * np.log(p + eps) + FACE_WEIGHT * (1.0 - face_none) * np.log(face + eps)
        p = np.exp(logp - logp.max())
        p /= p.sum()
    i = int(p.argmax())
    return i, float(p[i])


@dataclass
class CornerTrust:
    """How far one table's deck lets the index corners be trusted against the face reader:
    the sure reads on which the two named the same card, of those compared (see AGREE_FULL)."""

    agreed: int = 0
    compared: int = 0

    @property
    def weight(self) -> float:
        """The corners' weight in the pooled read: 1 while they agree on AGREE_FULL of the
        sure reads, less in proportion below that."""
        return min(1.0, (self.agreed + AGREE_PRIOR) / (self.compared + AGREE_PRIOR) / AGREE_FULL)

    def compare(self, vote: np.ndarray, sure_index: float, face: np.ndarray) -> None:
        """Count one read: the corners' vote (`corner_vote`) and the face's 52 probabilities.
        The vote need not be sure: a corner that surely shows an index but cannot say which
        card is no better evidence on a deck whose index sits elsewhere (oxygen-white's corners
        at 960x540 vote 5-60 % for their best card)."""
        if min(sure_index, float(face.max())) >= CORNER_FACE_SURE:
            self.compared += 1
            self.agreed += int(vote.argmax() == face.argmax())


@dataclass
class CardShape:
    """How wide one table's cards are for their height, learnt from the faces it snapped
    (CARD_ASPECT_RANGE, CARD_SHAPE_MIN)."""

    aspects: list = field(default_factory=list)

    def add(self, aspect: float) -> None:
        if CARD_ASPECT_RANGE[0] <= aspect <= CARD_ASPECT_RANGE[1]:
            self.aspects = self.aspects[-(CARD_SHAPE_KEEP - 1):] + [aspect]

    @property
    def aspect(self) -> float | None:
        return float(np.median(self.aspects)) if len(self.aspects) >= CARD_SHAPE_MIN else None


class CardRecognizer:
    """The two stages together: frame in, card records out."""

    def __init__(self, models: Path = DEFAULT_MODELS, threads: int | None = None):
        models = Path(models)
        self.detector = CardDetector(models / DETECTOR_FILE, threads)
        self.reader = PatchReader(models / READER_FILE, threads)
        # optional: without a face reader, the index corners alone name the card
        face_file = models / FACE_READER_FILE
        self.face_reader = PatchReader(face_file, threads) if face_file.is_file() else None

    def read(self, frame: np.ndarray, quads: list[np.ndarray], also: list[np.ndarray] = ()) -> list[tuple[int, float]]:
        """(card index, probability) for the face-up card at each quad: both index corners
        and the whole face read in one batch. An unsure read (REREAD_BELOW) is read again from
        the box snapped to the card's own edges (`snap_to_edges`) and from nudged copies of
        that box, keeping the surest of all its reads. Then the reads of `also`, read only as
        given in the same first batch (weak boxes: they count only when read surely at once,
        see SURE_READ)."""
        return self._read_unsure_again(frame, quads,
                                       lambda snapped: [snapped, *quad_variants(snapped, REREAD_TURNS_DEG, REREAD_SCALES)],
                                       also)

    def read_once(self, frame: np.ndarray, quads: list[np.ndarray],
                  trust: CornerTrust | None = None) -> list[tuple[int, float]]:
        """As `read`, but an unsure read is read again only from its snapped box, not from
        nudged copies of it: the live pipeline votes over many frames instead. With `trust`
        (the table's `CornerTrust`), the corners count by its weight and every read is
        compared into it."""
        return self._read_unsure_again(frame, quads, lambda snapped: [snapped], trust=trust)

    def run_neighbours(self, frame: np.ndarray, faces: list[tuple[np.ndarray, str]],
                       shape: CardShape | None = None) -> list[list[tuple[np.ndarray, str, float]]]:
        """For each (quad, card) of a surely read face, the cards of its run found beside it
        (see RUN_SHIFTS), nearest first: (offset of its box from the face's box (2,), card,
        probability) each. All faces' probes are read in one batch per step outwards. With
        `shape` (the table's `CardShape`, which each face's snapped box also updates), a box
        over a whole run is first cut to the face's own card (RUN_BOX_WIDER)."""
        found: list[list[tuple[np.ndarray, str, float]]] = [[] for _ in faces]
        # (face index, its box, the card there, the step sideways along the card's top edge,
        # the corner a card under it on that side shows: its top-left on the left, its
        # bottom-right on the right)
        fronts = []
        for k, q in enumerate(self._own_boxes(frame, faces, shape)):
            c = faces[k][1]
            across = portrait_order(q)
            across = across[1] - across[0]
            fronts += [(k, q, c, -across, 0), (k, q, c, across, 1)]
        for _ in range(RUN_DEPTH):
            if not fronts:
                break
            probes = [q + f * step for _, q, _, step, _ in fronts for f in RUN_SHIFTS]
            corners = [corner for *_, corner in fronts for _ in RUN_SHIFTS]
            patches = [corner_patches(frame, q, self.reader.imgsz)[corner] for q, corner in zip(probes, corners)]
            cards, none = self.reader.card_probs(self.reader(patches))
            nxt = []
            for n, (k, q, card, step, corner) in enumerate(fronts):
                run = {card} | {c for _, c, _ in found[k]}
                sure: dict[str, list[int]] = {}  # a touching card read surely -> the shifts that read it
                for j, shift in enumerate(RUN_SHIFTS):
                    i = n * len(RUN_SHIFTS) + j
                    name = CARD_NAMES[int(cards[i].argmax())]
                    read_min = RUN_FAR_READ_MIN if shift >= RUN_FAR_SHIFT else RUN_READ_MIN
                    if none[i] <= RUN_NONE_MAX and cards[i].max() >= read_min and touching(name, card) \
                            and name not in run:
                        sure.setdefault(name, []).append(i)
                agreed = [(name, at) for name, at in sure.items() if len(at) >= RUN_AGREE]
                if len(agreed) != 1:
                    continue
                name, at = agreed[0]
                box = probes[at[len(at) // 2]]
                found[k].append((box.mean(axis=0) - np.asarray(faces[k][0], np.float64).mean(axis=0), name,
                                 float(np.mean([cards[i].max() for i in at]))))
                nxt.append((k, box, name, step, corner))
            fronts = nxt
        return found

    def _own_boxes(self, frame: np.ndarray, faces: list[tuple[np.ndarray, str]],
                   shape: CardShape | None) -> list[np.ndarray]:
        """Each face's box snapped to its edges (`snap_to_edges`, in portrait order) and, where
        it is wider than one of the table's cards (RUN_BOX_WIDER), cut to one card at the end
        whose two corners read the face's card the more surely."""
        boxes, cuts = [], []  # cuts: (face index, its card-shaped ends)
        aspect = shape.aspect if shape is not None else None
        for k, (q, card) in enumerate(faces):
            b = portrait_order(snap_to_edges(frame, np.asarray(q, np.float64)))
            w, h = np.linalg.norm(b[1] - b[0]), np.linalg.norm(b[2] - b[1])
            if shape is not None:
                shape.add(w / max(h, 1e-6))
            boxes.append(b)
            if aspect is not None and w > RUN_BOX_WIDER * aspect * h:
                # a run longer than a card is high lies across the box's long side: both ways
                cuts.append((k, _card_ends(b, aspect) + _card_ends(np.roll(b, -1, axis=0), aspect)))
        if cuts:
            patches = [p for _, ends in cuts for e in ends for p in corner_patches(frame, e, self.reader.imgsz)]
            cards, _ = self.reader.card_probs(self.reader(patches))
            at = 0
            for k, ends in cuts:
                i = CARD_NAMES.index(faces[k][1])
                both = [cards[at + 2 * e, i] + cards[at + 2 * e + 1, i] for e in range(len(ends))]
                boxes[k] = portrait_order(ends[int(np.argmax(both))])
                at += 2 * len(ends)
        return boxes

    def _read_unsure_again(self, frame: np.ndarray, quads: list[np.ndarray], boxes_from,
                           also: list[np.ndarray] = (), trust: CornerTrust | None = None) -> list[tuple[int, float]]:
        """Reads of `quads`, each unsure one (REREAD_BELOW) replaced by the surest of it and
        the reads of `boxes_from(its snapped box)` (all such boxes read in one more batch);
        then the reads of `also`, read in the first batch and not again."""
        reads = self._read_boxes(frame, [*quads, *also], trust)
        unsure = [k for k, (_, p) in enumerate(reads[:len(quads)]) if p < REREAD_BELOW]
        if unsure:
            again_boxes = [boxes_from(snap_to_edges(frame, quads[k])) for k in unsure]
            again = self._read_boxes(frame, [q for qs in again_boxes for q in qs], trust)
            per = len(again_boxes[0])
            for n, k in enumerate(unsure):
                reads[k] = max([reads[k]] + again[n * per:(n + 1) * per], key=lambda r: r[1])
        return reads

    def _read_boxes(self, frame: np.ndarray, quads: list[np.ndarray],
                    trust: CornerTrust | None = None) -> list[tuple[int, float]]:
        """(card index, probability) per quad, read from the quad exactly as given; the
        corners count by `trust`'s weight as it was before this batch, and each read is then
        compared into it."""
        patches = [p for q in quads for p in corner_patches(frame, q, self.reader.imgsz)]
        cards, none = self.reader.card_probs(self.reader(patches))
        votes = [corner_vote(cards[2 * k : 2 * k + 2], none[2 * k : 2 * k + 2]) for k in range(len(quads))]
        if self.face_reader is None or not quads:
            return [pool_reads(*v) for v in votes]
        faces, face_none = self.face_reader.card_probs(
            self.face_reader([face_patch(frame, q, self.face_reader.imgsz) for q in quads]))
        weight = trust.weight if trust is not None else 1.0
        reads = [pool_reads(*v, faces[k], float(face_none[k]), weight) for k, v in enumerate(votes)]
        if trust is not None:
            for v, face in zip(votes, faces):
                trust.compare(*v, face)
        return reads

    def __call__(self, frame: np.ndarray, conf: float = DET_CONF) -> dict:
        """Card records of a still picture. A box needs a detector score of `conf`, except a face
        read at least SURE_READ at once, which needs only SURE_READ_DET_CONF (or `conf`, if
        lower) and must not be a second box on a listed face (SECOND_BOX_IOU)."""
        dets = self.detector(frame, min(conf, SURE_READ_DET_CONF))
        faces = [d for d in dets if d.kind == "face" and d.score >= conf]
        weak = [d for d in dets if d.kind == "face" and d.score < conf
                and not any(quad_iou(d.quad, f.quad) > SECOND_BOX_IOU for f in faces)]
        records = []
        for d, (i, p) in zip(faces + weak, self.read(frame, [d.quad for d in faces], [d.quad for d in weak])):
            if (d.score >= conf and p * d.score >= MIN_CARD_CONF) or p >= SURE_READ:
                records.append({"card": CARD_NAMES[i], "conf": round(p * d.score, 4), "corners": _corners(d.quad)})
        records = drop_same_card_twice(records)
        for d in dets:
            if d.kind == "back" and d.score >= conf:
                records.append({"card": FACE_DOWN, "conf": round(d.score, 4), "corners": _corners(d.quad)})
        hands = [{"conf": round(d.score, 4), "corners": _corners(d.quad)} for d in dets
                 if d.kind == "hand" and d.score >= conf]
        return {"cards": records, "hands": hands}


def drop_same_card_twice(records: list[dict]) -> list[dict]:
    """`records` without the less sure of any two that name the same card and overlap by more
    than SAME_CARD_OVERLAP (see there), in their original order."""
    kept: list[dict] = []
    for r in sorted(records, key=lambda r: -r["conf"]):
        if not any(k["card"] == r["card"] and quad_overlap(np.array(k["corners"]), np.array(r["corners"])) > SAME_CARD_OVERLAP
                   for k in kept):
            kept.append(r)
    return [r for r in records if any(r is k for k in kept)]


def _corners(quad: np.ndarray) -> list[list[float]]:
    return [[round(float(x), 1), round(float(y), 1)] for x, y in quad]
