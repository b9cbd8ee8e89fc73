"""`goatherd render-video`: a game log rendered as a realistic table video, plus ground truth.

The table is a flat canvas seen by a mildly tilted, slightly shaking camera. Seats sit
around the image edge (the default `layout` for N players); a hand from the acting seat
carries each card in, places it, and leaves; the stock sits face down in the centre;
collected tricks and eaten cards are carried off to the taker's side; killed tricks are
swept to a discard pile; dreck is laid out in front of its owner; the trump card is turned
up where its holder set it aside. Lighting drifts, the sensor is noisy, and now and then a
hand rests on the table. A referee replays the log alongside, so the renderer knows
tricks' winners, kills, the end of Part 1 and which cards an eat takes.

With `--detections` it also writes a sidecar JSONL: a header (fps, size, deck, the true
layout), one line per frame with every visible card/back/hand (quad, name or "??" when no
index corner is readable, visible fraction) and one line per event with the frames where
its motion started and where the table was still again.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from datasets.scene import warp_into
from vision.live.layout import default_layout, point_in_polygon

#: Card height as a fraction of the frame height.
CARD_HEIGHT_FRACTION = 0.17
#: Timings in seconds: a reach across the table, a short hold, a retreat, a settled pause.
REACH_S, HOLD_S, RETREAT_S = 0.65, 0.12, 0.5
PAUSE_S = (0.8, 1.5)
#: Chance that a hand comes to rest on the table (outside the play area) after an event.
REST_CHANCE = 0.12
#: Per-frame camera shake (pixels, random walk std) and its bound.
SHAKE_STD, SHAKE_MAX = 0.35, 2.5
#: Sensor noise std (grey levels) and the lighting drift amplitude (fraction of gain).
NOISE_STD, LIGHT_DRIFT = 3.0, 0.10
SKIN_TONES = ((189, 208, 255), (160, 190, 240), (130, 170, 225), (100, 140, 198), (75, 110, 160), (55, 80, 125))


# ------------------------------------------------------------------ card art

class SimpleArt:
    """Plain drawn cards (white face, index in two corners; patterned back): no Debian
    decks needed, for tests and for machines without rendered card art."""

    name = "simple"

    def __init__(self, height: int, seed: int = 0):
        self.h = int(height)
        self.w = int(round(height * 0.7))
        self._cache: dict[str, np.ndarray] = {}
        self.back_colour = ((150, 40, 30), (30, 30, 150), (40, 110, 40))[seed % 3]

    def image(self, card: str) -> np.ndarray:
        img = self._cache.get(card)
        if img is not None:
            return img
        h, w = self.h, self.w
        img = np.zeros((h, w, 4), np.uint8)
        r = max(2, w // 12)
        mask = np.zeros((h, w), np.uint8)
        cv2.rectangle(mask, (r, 0), (w - 1 - r, h - 1), 255, -1)
        cv2.rectangle(mask, (0, r), (w - 1, h - 1 - r), 255, -1)
        for x, y in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
            cv2.circle(mask, (x, y), r, 255, -1)
        if card == "back":
            img[:, :, :3] = self.back_colour
            for k in range(-h, w + h, max(4, w // 10)):
                cv2.line(img, (k, 0), (k + h, h), (230, 230, 230, 255), 1, cv2.LINE_AA)
            cv2.rectangle(img, (r, r), (w - 1 - r, h - 1 - r), (240, 240, 240, 255), 2)
        else:
            img[:, :, :3] = 250
            rank, suit = card[:-1], card[-1]
            colour = (20, 20, 200) if suit in "HD" else (20, 20, 20)
            scale = h / 220
            th = max(1, int(round(h / 70)))
            for flip in (False, True):
                layer = np.zeros((h, w, 3), np.uint8)
                cv2.putText(layer, rank, (int(w * 0.05), int(h * 0.14)), cv2.FONT_HERSHEY_SIMPLEX, scale * 1.1,
                            (255, 255, 255), th, cv2.LINE_AA)
                cv2.putText(layer, suit, (int(w * 0.07), int(h * 0.27)), cv2.FONT_HERSHEY_SIMPLEX, scale * 1.0,
                            (255, 255, 255), th, cv2.LINE_AA)
                if flip:
                    layer = layer[::-1, ::-1]
                m = layer[:, :, 0] > 100
                img[m, :3] = colour
            cv2.putText(img, rank + suit, (int(w * 0.22), int(h * 0.56)), cv2.FONT_HERSHEY_SIMPLEX, scale * 1.6,
                        colour + (255,), th + 1, cv2.LINE_AA)
        img[:, :, 3] = mask
        img[mask == 0] = 0
        self._cache[card] = img
        return img


class DeckArt:
    """A Debian SVG deck (rendered by datasets.decks) scaled once to the clip's card height."""

    def __init__(self, deck, cache: Path, height: int):
        from datasets.decks import CardArt, render_deck

        render_deck(deck, Path(cache))
        self.name = deck.name
        self.art = CardArt(Path(cache), [deck])
        self.deck = deck
        probe = self.art.image(deck, "AS")
        self.h = int(height)
        self.w = int(round(height * probe.shape[1] / probe.shape[0]))
        self._cache: dict[str, np.ndarray] = {}

    def image(self, card: str) -> np.ndarray:
        img = self._cache.get(card)
        if img is None:
            src = self.art.image(self.deck, card)
            img = cv2.resize(src, (self.w, self.h), interpolation=cv2.INTER_AREA)
            self._cache[card] = img
        return img


def pick_art(deck: str | None, heldout: bool, rng: np.random.Generator, height: int, cache: Path):
    """Card art for a clip: a named deck, a random training (or held-out) deck, or "simple"."""
    if deck == "simple":
        return SimpleArt(height, int(rng.integers(3)))
    try:
        from datasets.decks import find_decks, split_decks
    except ImportError:
        return SimpleArt(height, int(rng.integers(3)))
    decks = find_decks()
    if deck:
        chosen = [d for d in decks if d.name == deck]
        if not chosen:
            raise ValueError(f"unknown deck {deck!r}: one of {', '.join(d.name for d in decks) or '(none installed)'}"
                             " or 'simple'")
        return DeckArt(chosen[0], cache, height)
    train, held = split_decks(decks)
    pool = held if heldout else train
    if not pool:
        return SimpleArt(height, int(rng.integers(3)))
    try:
        return DeckArt(pool[int(rng.integers(len(pool)))], cache, height)
    except RuntimeError:  # no rsvg-convert and no cache: fall back to drawn cards
        return SimpleArt(height, int(rng.integers(3)))


def make_background(rng: np.random.Generator, width: int, height: int) -> tuple[np.ndarray, str]:
    """A fresh procedural table surface (never one of the training bank's) with a soft light falloff."""
    try:
        from datasets import backgrounds as bg

        makers = [("wood", bg.wood), ("felt", bg.felt), ("light", bg.light_table), ("cloth", bg.cloth)]
    except (ImportError, AttributeError):  # the synthetic-data package changed: a plain felt
        makers = [("felt", lambda r, h, w: np.full((h, w, 3), (40, 110, 30), np.float32)
                   + r.normal(0, 6, (h, w, 1)).astype(np.float32))]
    name, make = makers[int(rng.integers(len(makers)))]
    img = np.clip(make(rng, height, width), 0, 255).astype(np.float32)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    cx, cy = rng.uniform(0.3, 0.7) * width, rng.uniform(0.3, 0.7) * height
    r2 = ((xx - cx) / width) ** 2 + ((yy - cy) / height) ** 2
    img *= (1 - rng.uniform(0.1, 0.35) * r2)[..., None]
    return np.clip(img, 0, 255).astype(np.uint8), name


# ------------------------------------------------------------------ world objects

@dataclass
class CardObj:
    card: str
    pos: np.ndarray  # centre, canvas px
    angle: float  # rotation of the card's up axis (radians)
    face_up: bool = True
    flip: float = 1.0  # horizontal squash during a flip (|flip| scales width; sign picks the side)
    z: int = 0
    owner: int | None = None  # seat that put it there


@dataclass
class HandObj:
    seat: int
    pos: np.ndarray  # palm centre
    root: np.ndarray  # where the arm leaves the image
    skin: tuple
    sleeve: tuple


def _rot(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s], [s, c]])


def ease(t: float) -> float:
    return t * t * (3 - 2 * t)


@dataclass
class RenderConfig:
    width: int = 1280
    height: int = 720
    fps: float = 12.0
    seed: int = 0
    deck: str | None = None
    heldout: bool = False
    cache: Path = Path("runs/cache/cards")
    max_events: int | None = None
    video: bool = True  # False: only the sidecar (fast ground truth for benchmarks)


class TableRenderer:
    """Holds the world (cards, stock, hands), animates actions and writes frames + truth."""

    def __init__(self, cfg: RenderConfig, n_players: int, writer=None, sidecar=None,
                 card_fraction: float | None = None, layout=None):
        self.cfg = cfg
        self.rng = np.random.default_rng([cfg.seed, 4242])
        W, H = cfg.width, cfg.height
        self.W, self.H = W, H
        self.layout = default_layout(n_players, W, H) if layout is None else layout  # a game's own default
        self.n = n_players
        ch = int(round((card_fraction or CARD_HEIGHT_FRACTION) * H))
        self.art = pick_art(cfg.deck, cfg.heldout, self.rng, ch, cfg.cache) if cfg.video or cfg.deck else \
            SimpleArt(ch)
        self.ch, self.cw = self.art.h, self.art.w
        if cfg.video:
            self.background, self.bg_name = make_background(self.rng, W, H)
        else:
            self.background, self.bg_name = None, "none"
        # camera: mild keystone + rotation, fixed per clip; a small shake per frame
        src = np.array([[0, 0], [W, 0], [W, H], [0, H]], np.float32)
        jit = self.rng.uniform(-0.035, 0.035, (4, 2)) * [W, H]
        self.h0 = cv2.getPerspectiveTransform(src, (src + jit).astype(np.float32))
        self.true_layout = self.layout.transformed(self.h0)
        self.shake = np.zeros(2)
        self.cards: list[CardObj] = []
        self.moving: set[int] = set()  # ids of cards drawn on top of the static layer
        self.hands: list[HandObj] = []
        self.stock_count = 0
        self.stock_spot: np.ndarray | None = None  # a game's director may move the stock
        self.discard_count = 0
        self.aside: CardObj | None = None
        self.zc = 0
        self.frame_index = 0
        self.writer = writer
        self.sidecar = sidecar
        self._static = None
        self.skins = [tuple(float(v) for v in np.clip(np.array(SKIN_TONES[self.rng.integers(len(SKIN_TONES))]) *
                                                         self.rng.uniform(0.9, 1.1, 3), 0, 255)) for _ in range(n_players)]
        self.sleeves = [tuple(int(v) for v in self.rng.integers(0, 256, 3)) for _ in range(n_players)]
        self.noise_bank = [self.rng.normal(0, NOISE_STD, (H, W, 3)).astype(np.int16) for _ in range(4)] \
            if cfg.video else []
        self.light_phase = self.rng.uniform(0, 2 * np.pi, 4)
        self.light_period = self.rng.uniform(20, 60)

    # ---------------------------------------------------------------- geometry helpers
    def u(self, seat: int) -> np.ndarray:
        d = self.layout.seats[seat] - self.layout.centre
        return d / np.linalg.norm(d)

    def tangent(self, seat: int) -> np.ndarray:
        u = self.u(seat)
        return np.array([-u[1], u[0]])

    def facing(self, seat: int) -> float:
        """Card angle so that its top points away from `seat` (readable by its player)."""
        u = self.u(seat)
        return math.atan2(u[1], u[0]) - math.pi / 2

    def entry(self, seat: int) -> np.ndarray:
        return self.layout.seats[seat] + self.u(seat) * 0.6 * self.ch

    def card_quad(self, c: CardObj) -> np.ndarray:
        w, h = self.cw * abs(c.flip), self.ch
        local = np.array([[-w, -h], [w, -h], [w, h], [-w, h]]) / 2
        return local @ _rot(c.angle).T + c.pos

    def stock_pos(self) -> np.ndarray:
        return self.layout.stock if self.stock_spot is None else self.stock_spot

    # ---------------------------------------------------------------- drawing
    def _paste(self, canvas: np.ndarray, c: CardObj) -> None:
        face = c.face_up if c.flip >= 0 else not c.face_up
        rgba = self.art.image(c.card if face else "back")
        h, w = rgba.shape[:2]
        a = _rot(c.angle) @ np.diag([abs(c.flip) if abs(c.flip) > 0.05 else 0.05, 1.0])
        m = np.column_stack([a, c.pos - a @ np.array([w / 2, h / 2])])
        placed = warp_into(canvas, rgba, m, 2, cv2.INTER_LINEAR)
        if placed is None:
            return
        x0, y0, warped, pts = placed
        roi = canvas[y0:y0 + warped.shape[0], x0:x0 + warped.shape[1]]
        alpha = warped[:, :, 3:4].astype(np.float32) * (1 / 255.0)
        roi[:] = (warped[:, :, :3] * alpha + roi * (1 - alpha)).astype(np.uint8)
        q = (pts - (x0, y0)).astype(np.int32)
        cv2.polylines(roi, [q], True, (60, 60, 60), 1, cv2.LINE_AA)

    def _stock_objs(self) -> list[CardObj]:
        out = []
        p = self.stock_pos()
        for k in range(min(4, (self.stock_count + 9) // 10)):
            out.append(CardObj("back", p + np.array([-1.2 * k, -1.6 * k]), 0.08, face_up=False, z=-100 + k))
        out += [CardObj("back", self.layout.discard + np.array([-1.2 * k, -1.6 * k]), -0.3, face_up=False, z=-200 + k)
                for k in range(min(4, (self.discard_count + 9) // 10))]
        return out

    def _hand_polys(self, hd: HandObj) -> tuple[np.ndarray, np.ndarray, list]:
        """(arm quad, palm+fingers hull, finger segments) for a hand."""
        d = hd.pos - hd.root
        dist = np.linalg.norm(d)
        d = d / dist if dist > 1e-6 else np.array([0.0, -1.0])
        n = np.array([-d[1], d[0]])
        palm_w = self.cw * 1.05
        palm_l = palm_w * 0.95
        wrist = hd.pos - d * palm_l * 0.5
        arm_w = palm_w * 0.8
        arm = np.array([hd.root + n * arm_w / 2, wrist + n * arm_w / 2, wrist - n * arm_w / 2, hd.root - n * arm_w / 2])
        fingers = []
        for i in range(4):
            base = hd.pos + d * palm_l * 0.35 + n * palm_w * (i - 1.5) * 0.24
            tip = base + d * palm_l * (0.45 if i in (0, 3) else 0.55)
            fingers.append((base, tip))
        thumb_b = hd.pos + n * palm_w * 0.45
        fingers.append((thumb_b, thumb_b + (n * 0.8 + d * 0.6) * palm_l * 0.45))
        ell = cv2.ellipse2Poly((int(hd.pos[0]), int(hd.pos[1])), (int(palm_l / 2), int(palm_w / 2)),
                               int(np.degrees(math.atan2(d[1], d[0]))), 0, 360, 30).astype(np.float64)
        pts = np.vstack([ell] + [np.array([t]) for _, t in fingers])
        hull = cv2.convexHull(pts.astype(np.float32))[:, 0].astype(np.float64)
        return arm, hull, fingers

    def _draw_hand(self, canvas: np.ndarray, hd: HandObj) -> None:
        arm, hull, fingers = self._hand_polys(hd)
        cv2.fillConvexPoly(canvas, arm.astype(np.int32), hd.skin, cv2.LINE_AA)
        d = hd.pos - hd.root
        d = d / (np.linalg.norm(d) + 1e-9)
        sl_end = hd.pos - d * self.cw * 1.3
        n = np.array([-d[1], d[0]]) * self.cw * 0.5
        sleeve = np.array([hd.root + n, sl_end + n, sl_end - n, hd.root - n])
        cv2.fillConvexPoly(canvas, sleeve.astype(np.int32), hd.sleeve, cv2.LINE_AA)
        palm_w = self.cw * 1.05
        cv2.ellipse(canvas, (int(hd.pos[0]), int(hd.pos[1])), (int(palm_w * 0.95 / 2), int(palm_w / 2)),
                    float(np.degrees(math.atan2(d[1], d[0]))), 0, 360, hd.skin, -1, cv2.LINE_AA)
        fw = max(3, int(palm_w * 0.18))
        dark = tuple(v * 0.8 for v in hd.skin)
        for k, (b, t) in enumerate(fingers):
            cv2.line(canvas, (int(b[0]), int(b[1])), (int(t[0]), int(t[1])), dark if k % 2 else hd.skin, fw,
                     cv2.LINE_AA)

    def _compose(self) -> np.ndarray:
        if self._static is None:
            canvas = self.background.copy()
            objs = self._stock_objs() + [c for i, c in enumerate(self.cards) if id(c) not in self.moving]
            for c in sorted(objs, key=lambda c: c.z):
                self._paste(canvas, c)
            self._static = canvas
        canvas = self._static.copy()
        for c in sorted((c for c in self.cards if id(c) in self.moving), key=lambda c: c.z):
            self._paste(canvas, c)
        for hd in self.hands:
            self._draw_hand(canvas, hd)
        return canvas

    def invalidate(self) -> None:
        self._static = None

    # ---------------------------------------------------------------- truth
    def _truth(self, hmg: np.ndarray) -> list[dict]:
        """Every card (face/back, topmost copy of piles) and hand, in image coordinates."""
        def tf(p):
            p = np.asarray(p, float).reshape(-1, 2)
            q = np.column_stack([p, np.ones(len(p))]) @ hmg.T
            return q[:, :2] / q[:, 2:3]

        frame = np.array([[0, 0], [self.W, 0], [self.W, self.H], [0, self.H]], float)
        from vision.geometry import clip_convex, polygon_area

        piles = self._stock_objs()
        piles = [max((c for c in piles if c.z < -150), key=lambda c: c.z, default=None),
                 max((c for c in piles if c.z >= -150), key=lambda c: c.z, default=None)]
        objs = sorted([c for c in piles if c is not None] + self.cards, key=lambda c: (id(c) in self.moving, c.z))
        quads = [tf(self.card_quad(c)) for c in objs]
        hands = []
        for hd in self.hands:
            arm, hull, _ = self._hand_polys(hd)
            hands.append((tf(arm), tf(hull)))
        out = []
        boxes = [(q.min(axis=0), q.max(axis=0)) for q in quads]
        hand_polys = [poly for arm, hull in hands for poly in (arm, hull)]
        hand_boxes = [(poly.min(axis=0), poly.max(axis=0)) for poly in hand_polys]
        for i, (c, q) in enumerate(zip(objs, quads)):
            area = polygon_area(q)
            if area <= 1:
                continue
            lo, hi = boxes[i]
            if lo[0] >= 0 and lo[1] >= 0 and hi[0] <= self.W and hi[1] <= self.H:
                inside = 1.0  # wholly in the picture (no clipping needed)
            else:
                inside = polygon_area(clip_convex(q, frame)) / area
            if inside < 0.05:
                continue
            occluders = [quads[j] for j in range(i + 1, len(objs))
                         if not ((boxes[j][0] > boxes[i][1]).any() or (boxes[i][0] > boxes[j][1]).any())]
            for poly, (lo, hi) in zip(hand_polys, hand_boxes):  # (apart from the card: covers nothing)
                if not ((lo > boxes[i][1]).any() or (boxes[i][0] > hi).any()):
                    occluders.append(poly)
            covered = sum(polygon_area(clip_convex(q, o)) for o in occluders)
            visible = max(0.0, inside - covered / area)
            face = c.face_up if c.flip >= 0 else not c.face_up
            name = "??"
            if face and abs(c.flip) > 0.6:
                unit = np.array([[0.13, 0.12], [0.87, 0.88]])
                pq = self.card_quad(c)
                corners = tf(pq[0] + unit[:, :1] * (pq[1] - pq[0]) + unit[:, 1:] * (pq[3] - pq[0]))
                for p in corners:
                    if not (0 <= p[0] < self.W and 0 <= p[1] < self.H):
                        continue
                    if any(point_in_polygon(p, o) for o in occluders):
                        continue
                    name = c.card
                    break
            out.append({"kind": "face" if face else "back", "card": name if face else "??", "conf": 1.0,
                        "quad": q.round(1).tolist(), "visible": round(float(visible), 3)})
        for arm, hull in hands:
            inside = clip_convex(hull, frame)
            if polygon_area(inside) > 0.25 * polygon_area(hull):
                box = cv2.boxPoints(cv2.minAreaRect(inside.astype(np.float32)))
                out.append({"kind": "hand", "card": "??", "conf": 1.0, "quad": box.round(1).tolist(), "visible": 1.0})
        return out

    # ---------------------------------------------------------------- frames
    def tick(self, n: int = 1) -> None:
        """Emit `n` frames of the current world."""
        for _ in range(n):
            i = self.frame_index
            self.shake = np.clip(self.shake + self.rng.normal(0, SHAKE_STD, 2), -SHAKE_MAX, SHAKE_MAX)
            hmg = np.array([[1, 0, self.shake[0]], [0, 1, self.shake[1]], [0, 0, 1]]) @ self.h0
            if self.writer is not None:
                canvas = self._compose()
                img = cv2.warpPerspective(canvas, hmg, (self.W, self.H), flags=cv2.INTER_LINEAR,
                                          borderMode=cv2.BORDER_REFLECT)
                t = i / self.cfg.fps
                g = 1 + LIGHT_DRIFT * math.sin(2 * math.pi * t / self.light_period + self.light_phase[0])
                if self.rng.random() < 0.01:
                    g *= 0.85  # flicker
                temp = 0.05 * math.sin(2 * math.pi * t / (1.7 * self.light_period) + self.light_phase[1])
                m = np.diag([g * (1 - temp), g, g * (1 + temp)]).astype(np.float32)
                img = cv2.transform(img, m)
                noise = self.noise_bank[i % len(self.noise_bank)]
                img = np.clip(img.astype(np.int16) + np.roll(noise, int(self.rng.integers(0, 64)), axis=1), 0,
                              255).astype(np.uint8)
                self.writer.write(img)
            if self.sidecar is not None:
                self.sidecar.write(json.dumps({"frame": i, "detections": self._truth(hmg)}) + "\n")
            self.frame_index += 1

    def seconds(self, s: float) -> int:
        return max(1, int(round(s * self.cfg.fps)))

    # ---------------------------------------------------------------- motions
    def move(self, hand: HandObj | None, target: np.ndarray, seconds: float, carried=(), turn=None) -> None:
        """Move a hand (and the cards it carries, rigidly) to `target` over `seconds`."""
        frames = self.seconds(seconds)
        start = hand.pos.copy() if hand is not None else None
        offs = [(c, c.pos - (start if start is not None else 0), c.angle) for c in carried]
        for c in carried:
            self.moving.add(id(c))
        self.invalidate()
        for k in range(1, frames + 1):
            t = ease(k / frames)
            if hand is not None:
                hand.pos = start + (target - start) * t
                for c, off, a in offs:
                    c.pos = hand.pos + off
                    if turn is not None:
                        c.angle = a + turn * t
            self.tick()

    def slide(self, cards: list[CardObj], targets: list[np.ndarray], seconds: float, hand: HandObj | None = None,
              hand_target=None) -> None:
        frames = self.seconds(seconds)
        starts = [c.pos.copy() for c in cards]
        h0 = hand.pos.copy() if hand is not None else None
        for c in cards:
            self.moving.add(id(c))
        self.invalidate()
        for k in range(1, frames + 1):
            t = ease(k / frames)
            for c, s, g in zip(cards, starts, targets):
                c.pos = s + (g - s) * t
            if hand is not None:
                hand.pos = h0 + (hand_target - h0) * t
            self.tick()

    def settle(self, cards=()) -> None:
        for c in cards:
            self.moving.discard(id(c))
        self.invalidate()

    def new_hand(self, seat: int) -> HandObj:
        root = self.layout.seats[seat] + self.u(seat) * 2.5 * self.ch
        hd = HandObj(seat, self.entry(seat).copy(), root, self.skins[seat], self.sleeves[seat])
        self.hands.append(hd)
        return hd

    def drop_hand(self, hd: HandObj) -> None:
        self.hands.remove(hd)

    def pause(self, lo_hi=PAUSE_S) -> None:
        self.tick(self.seconds(float(self.rng.uniform(*lo_hi))))

    # ---------------------------------------------------------------- actions
    def put_card(self, seat: int, card: str, target: np.ndarray, angle: float, draw: bool) -> CardObj:
        """A hand from `seat` carries `card` face up to `target`; then maybe draws from the stock."""
        hd = self.new_hand(seat)
        self.zc += 1
        u = self.u(seat)
        c = CardObj(card, hd.pos - u * 0.45 * self.ch, angle, True, z=self.zc, owner=seat)
        self.cards.append(c)
        self.move(hd, target + u * 0.45 * self.ch, REACH_S * self.rng.uniform(0.8, 1.2), carried=[c])
        self.tick(self.seconds(HOLD_S))
        self.settle([c])
        if draw and self.stock_count > 0:
            self.move(hd, self.stock_pos() + u * 0.3 * self.ch, 0.35)
            self.stock_count -= 1
            self.invalidate()
            top = CardObj("back", self.stock_pos().copy(), 0.08, False, z=10_000)
            self.cards.append(top)
            self.move(hd, self.entry(seat), RETREAT_S, carried=[top])
            self.cards.remove(top)
            self.moving.discard(id(top))
        else:
            self.move(hd, self.entry(seat), RETREAT_S)
        self.drop_hand(hd)
        self.invalidate()
        return c

    def turn_up(self, c: CardObj, seconds: float) -> None:
        """Turn `c` from face down to face up in place, frame by frame, over `seconds`."""
        frames = self.seconds(seconds)
        for k in range(1, frames + 1):
            c.flip = -1 + 2 * k / frames
            self.tick()
        c.flip = 1.0

    def flip_card(self, seat: int, card: str, target: np.ndarray, angle: float) -> CardObj:
        """A hand from `seat` turns the top stock card face up at the stock and carries it to `target`."""
        hd = self.new_hand(seat)
        u = self.u(seat)
        self.move(hd, self.stock_pos() + u * 0.45 * self.ch, REACH_S)
        self.stock_count -= 1
        self.zc += 1
        c = CardObj(card, self.stock_pos().copy(), 0.08, True, flip=-1.0, z=self.zc, owner=seat)
        self.cards.append(c)
        self.moving.add(id(c))
        self.invalidate()
        self.turn_up(c, 0.35)
        self.tick(self.seconds(0.25))
        self.move(hd, target + u * 0.45 * self.ch, 0.45, carried=[c], turn=angle - c.angle)
        c.angle = angle
        self.settle([c])
        self.move(hd, self.entry(seat), RETREAT_S)
        self.drop_hand(hd)
        return c

    def take_cards(self, seat: int, cards: list[CardObj], gather: np.ndarray | None = None) -> None:
        """A hand from `seat` gathers `cards` and carries them off to its side."""
        if not cards:
            return
        hd = self.new_hand(seat)
        centre = np.mean([c.pos for c in cards], axis=0) if gather is None else gather
        self.move(hd, centre + self.u(seat) * 0.3 * self.ch, REACH_S)
        for c in cards:
            self.zc += 1
            c.z = self.zc
        self.slide(cards, [centre + np.array([k * 2.0, k * 1.5]) for k in range(len(cards))], 0.35)
        self.move(hd, self.entry(seat) + self.u(seat) * 0.8 * self.ch, RETREAT_S + 0.2, carried=cards)
        for c in cards:
            self.cards.remove(c)
            self.moving.discard(id(c))
        self.drop_hand(hd)
        self.invalidate()

    def sweep_to_discard(self, seat: int, cards: list[CardObj]) -> None:
        if not cards:
            return
        hd = self.new_hand(seat)
        centre = np.mean([c.pos for c in cards], axis=0)
        self.move(hd, centre, REACH_S)
        self.slide(cards, [centre] * len(cards), 0.3)
        self.move(hd, self.layout.discard, 0.6, carried=cards)
        for c in cards:
            self.cards.remove(c)
            self.moving.discard(id(c))
        self.discard_count += len(cards)
        self.invalidate()
        self.move(hd, self.entry(seat), RETREAT_S)
        self.drop_hand(hd)

    def draw_from_stock(self, seat: int, n: int, extra: list[CardObj] = ()) -> None:
        """A hand from `seat` takes `n` face-down cards (and the lying cards `extra`, e.g. a
        face-up trump card under the stock) from the stock and carries them off to its side."""
        extra = [c for c in extra if c is not None]
        n = max(0, min(n, self.stock_count))
        if n == 0 and not extra:
            return
        hd = self.new_hand(seat)
        u = self.u(seat)
        self.move(hd, self.stock_pos() + u * 0.3 * self.ch, REACH_S * 0.8)
        self.stock_count = max(0, self.stock_count - n - len(extra))
        carried = [CardObj("back", self.stock_pos() + np.array([1.5 * k, -1.5 * k]), 0.08, False, z=10_000 + k)
                   for k in range(n)]
        for c in extra:
            self.slide([c], [self.stock_pos() + u * 0.2 * self.ch], 0.25)
        self.cards += carried
        carried += extra
        self.invalidate()
        self.move(hd, self.entry(seat) + u * 0.8 * self.ch, RETREAT_S + 0.2, carried=carried)
        gone = {id(c) for c in carried}
        self.cards = [c for c in self.cards if id(c) not in gone]  # by identity: backs look alike
        self.moving -= gone
        self.drop_hand(hd)
        self.invalidate()

    def pull_off(self, seat: int, cards: list[CardObj]) -> None:
        """A hand from `seat` hooks `cards` by their near edge and pulls them, as they lie, off
        to its side: the cards stay in view behind the hand until they leave the picture
        (a hand on top of them would hide where they went)."""
        if not cards:
            return
        u = self.u(seat)
        seat_p = self.layout.seats[seat]
        pos = np.array([c.pos for c in cards])
        along = (pos - seat_p) @ -u  # distance in from the seat
        reach, depth = float(along.min()), float(along.max() - along.min())
        centre = pos.mean(axis=0)
        side = centre - ((centre - seat_p) @ u) * u  # the centre's foot on the seat's edge
        hd = self.new_hand(seat)
        grip = side - u * (reach - 0.95 * self.ch)  # fingertips just over the nearest card's edge
        self.move(hd, grip, REACH_S)
        self.tick(self.seconds(0.1))
        self.move(hd, grip + u * (reach + depth + 1.6 * self.ch), RETREAT_S + 0.35, carried=cards)
        gone = {id(c) for c in cards}
        self.cards = [c for c in self.cards if id(c) not in gone]
        self.moving -= gone
        self.drop_hand(hd)
        self.invalidate()

    def maybe_rest(self) -> None:
        """Sometimes a hand comes to rest on the table at its owner's edge (outside the play area)."""
        if self.rng.random() >= REST_CHANCE:
            return
        seat = int(self.rng.integers(self.n))
        hd = self.new_hand(seat)
        spot = self.layout.seats[seat] - self.u(seat) * 0.55 * self.ch + self.tangent(seat) * self.rng.uniform(
            -1.5, 1.5) * self.cw
        self.move(hd, spot, 0.6)
        self.pause((1.0, 2.0))
        self.move(hd, self.entry(seat), 0.5)
        self.drop_hand(hd)


# ------------------------------------------------------------------ the game driver

class Director:
    """Replays a log through a referee and turns each accepted event into motions; a game's
    director (vision.live.games.<game>.Director) implements `show`."""

    def __init__(self, r: TableRenderer):
        from referee import Table

        self.r = r
        self.table = Table()
        self.skipped = 0

    def run(self, events: list[dict], sidecar=None) -> None:
        r = self.r
        for k, ev in enumerate(events):
            start = r.frame_index
            self.event(ev)
            if sidecar is not None:
                sidecar.write(json.dumps({"type": "event", "index": k, "event": ev, "start": start,
                                          "still": r.frame_index}) + "\n")
            if ev.get("type") not in ("announce", "pass"):
                r.pause()
                r.maybe_rest()

    def event(self, ev: dict) -> None:
        """Referee `ev`; an accepted event is shown on the table, a refused one skipped."""
        before = self.table.view()
        ruling = self.table.apply(ev)
        if not ruling.ok:
            self.skipped += 1
            return
        self.show(ev, ruling, before, self.table.view())

    def show(self, ev: dict, ruling, before: dict, view: dict) -> None:
        """Move the cards for the accepted `ev` (`before`/`view`: the referee's view around it)."""
        raise NotImplementedError


def __getattr__(name: str):
    if name == "GameDirector":  # moved to the game's module
        from vision.live.games.skitgubbe import GameDirector

        return GameDirector
    raise AttributeError(name)


def render_log(events: list[dict], out: Path | None, cfg: RenderConfig, sidecar_path: Path | None = None,
               progress: bool = False) -> dict:
    """Render `events` (a table log) to `out` (mp4) and/or a ground-truth sidecar."""
    start = next((e for e in events if e.get("type") == "start"), None)
    if start is None:
        raise ValueError("the log has no 'start' event")
    players = start.get("players") or []
    if not isinstance(players, list) or len(players) < 2:
        raise ValueError("the 'start' event names no players")
    from vision.live.games import live_games, rules_for

    try:
        game = rules_for(start.get("game"))
    except KeyError:
        raise ValueError(f"cannot show {start.get('game')!r} on the table yet: one of "
                         f"{', '.join(live_games())}") from None
    events = [e for e in events if e.get("type") != "hand"]  # reveals are not on camera
    if cfg.max_events:
        events = events[:cfg.max_events]
    writer = None
    if cfg.video and out is not None:
        writer = cv2.VideoWriter(str(out), cv2.VideoWriter_fourcc(*"mp4v"), cfg.fps, (cfg.width, cfg.height))
        if not writer.isOpened():
            raise ValueError(f"cannot write video {out}")
    side = open(sidecar_path, "w") if sidecar_path else None
    try:
        r = TableRenderer(cfg, len(players), writer=writer, sidecar=side,
                          card_fraction=getattr(game, "CARD_FRACTION", None),
                          layout=game.default_layout(len(players), cfg.width, cfg.height)
                          if hasattr(game, "default_layout") else None)
        header = {"type": "header", "fps": cfg.fps, "width": cfg.width, "height": cfg.height,
                  "deck": r.art.name, "background": r.bg_name, "seed": cfg.seed, "players": players,
                  "layout": r.true_layout.to_dict()}
        if side:
            side.write(json.dumps(header) + "\n")
        d = game.Director(r)
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(total=len(events), desc="rendering", unit="event")

        class _Side:
            def write(self, s):
                if side:
                    side.write(s)
                if bar is not None:
                    bar.update(1)

        d.run(events, _Side())
        r.tick(r.seconds(1.0))
        if bar is not None:
            bar.close()
    finally:
        if writer is not None:
            writer.release()
        if side:
            side.close()
    return {"frames": r.frame_index, "seconds": round(r.frame_index / cfg.fps, 1), "events": len(events),
            "skipped": d.skipped, "deck": r.art.name, "background": r.bg_name, "layout": r.true_layout}
