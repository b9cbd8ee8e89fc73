"""One synthetic table scene: cards laid out like real play, seen by a tilted camera.

A scene is composed on a flat "table" canvas (background, distractors, cards with
drop shadows), projected by a pinhole camera tilted up to MAX_TILT_DEG, then hands, soft
occluders, a radial lens and photometric effects are added in image space. An owner map (which card is on top at each
pixel) gives exact visibility of every card and of each of its index corners.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from datasets.backgrounds import BackgroundBank
from datasets.decks import CardArt, Deck
from vision.cards import CARD_NAMES
from vision.geometry import clip_convex, corner_maps, card_homography, polygon_area, CORNER_SIZE

#: Camera tilt from straight overhead, degrees.
MAX_TILT_DEG = 45.0
#: Card height as a fraction of the image's short side (log-uniform in this range). Phone
#: photos of a card or two fill up to ~3/4 of the frame, some nearly all of it (real-dev).
CARD_HEIGHT_RANGE = (0.10, 0.90)
#: Chance that a scene is seen through a lens with radial distortion (webcams: barrel), and
#: the range of k1 with the focal length in LENS_FOCAL_RANGE (x the long side): mild to strong
#: webcam barrel, some pincushion; within these ranges the lens stays one-to-one over the frame.
LENS_DISTORTION_CHANCE = 0.5
LENS_K1_RANGE = (-0.30, 0.08)
LENS_FOCAL_RANGE = (0.8, 1.4)
#: The frame's corners stay within this fraction of the barrel's fold-back radius (square
#: frames at short focal lengths would otherwise have no ideal point for their corners).
LENS_FOLD_MARGIN = 0.85
#: The table canvas grows past 1.4x the camera's view to hold a wide layout, up to this factor
#: per side (background work grows with its area; 3x leaves 13% of scenes without a card, 1x 34%).
CANVAS_GROWTH_MAX = 3.0
#: Chance of a big soft object (jacket, bag, sleeve, game pad) lying partly over the cards.
OCCLUDER_CHANCE = 0.15
#: A card is labelled when at least this fraction of it is visible (in frame and uncovered) ...
MIN_VISIBLE_FRACTION = 0.20
#: ... or, for a face-up card, when one index corner is at least this visible.
CORNER_VISIBLE_MIN = 0.85
#: A corner patch counts as "none" (no readable index) below this visibility.
CORNER_HIDDEN_MAX = 0.40
#: Owner-map codes besides card ids 1..n.
OWNER_NONE, OWNER_OCCLUDER = 0, 255
#: Skin tones (BGR) spanning light to dark; each hand jitters one.
SKIN_TONES = ((189, 208, 255), (160, 190, 240), (130, 170, 225), (100, 140, 198), (75, 110, 160),
              (55, 80, 125), (40, 60, 95), (120, 160, 220), (150, 180, 230))


@dataclass
class PlacedCard:
    card: str  # "10H"
    face_up: bool
    deck: str
    quad: np.ndarray  # (4, 2) full card corners in image pixels, art order TL, TR, BR, BL
    visible: float = 0.0  # fraction of the card's area visible in the image
    owner: int = 0


@dataclass
class Scene:
    image: np.ndarray  # BGR uint8
    owner: np.ndarray  # uint8 map: 0 table, 1..n card ids, 255 occluder
    cards: list[PlacedCard] = field(default_factory=list)
    hands: list[np.ndarray] = field(default_factory=list)  # (4, 2) oriented boxes


def _log_uniform(rng, lo, hi):
    return float(np.exp(rng.uniform(np.log(lo), np.log(hi))))


def _pt(p) -> tuple[int, int]:
    return int(round(float(p[0]))), int(round(float(p[1])))


def _rot(theta):
    c, s = np.cos(theta), np.sin(theta)
    return np.array([[c, -s], [s, c]])


# ---------------------------------------------------------------- layouts (table plane)

def _layout(rng: np.random.Generator, n_cards: int, ch: float, cw: float) -> tuple[list[tuple], list[np.ndarray]]:
    """Card poses (cx, cy, angle, face_up) around the origin and the fans' pivots."""
    poses: list[tuple] = []
    pivots: list[np.ndarray] = []
    remaining = n_cards
    origin_spread = 1.2 * ch
    while remaining > 0:
        kind = rng.choice(["single", "trick", "fan", "run", "scatter", "stock"], p=[0.2, 0.2, 0.2, 0.15, 0.15, 0.1])
        base = rng.normal(0, origin_spread, 2)
        base_angle = rng.uniform(-np.pi, np.pi)
        if kind == "single":
            k = 1
            poses.append((*base, base_angle if rng.random() < 0.5 else rng.normal(0, 0.15), rng.random() < 0.85))
        elif kind == "trick":
            k = min(remaining, int(rng.integers(2, 7)))
            r = rng.uniform(0.25, 0.8) * ch
            for i in range(k):
                a = base_angle + 2 * np.pi * i / k + rng.normal(0, 0.2)
                p = base + r * np.array([np.cos(a), np.sin(a)])
                poses.append((*p, a + np.pi / 2 + rng.normal(0, 0.3), rng.random() < 0.9))
        elif kind == "fan":
            k = min(remaining, int(rng.integers(3, 11)))
            step = rng.uniform(0.08, 0.25)
            radius = rng.uniform(0.6, 1.2) * ch
            pivot = base + _rot(base_angle) @ np.array([0, radius])
            pivots.append(pivot)
            for i in range(k):
                a = base_angle + (i - (k - 1) / 2) * step
                p = pivot + _rot(a) @ np.array([0, -radius])
                poses.append((*p, a, True))
        elif kind == "run":
            k = min(remaining, int(rng.integers(2, 9)))
            off = rng.uniform(0.18, 0.6) * cw
            d = _rot(base_angle) @ np.array([1.0, rng.normal(0, 0.1)])
            for i in range(k):
                p = base + d * off * i + rng.normal(0, 0.02 * ch, 2)
                poses.append((*p, base_angle + rng.normal(0, 0.05), True))
        elif kind == "scatter":
            k = min(remaining, int(rng.integers(2, 6)))
            for _ in range(k):
                p = base + rng.normal(0, 0.8 * ch, 2)
                poses.append((*p, rng.uniform(-np.pi, np.pi), rng.random() < 0.8))
        else:  # stock: a squared-up pile of face-down cards
            k = min(remaining, int(rng.integers(2, 6)))
            for i in range(k):
                p = base + rng.normal(0, 0.015 * ch, 2) + i * np.array([-0.6, -0.8])
                poses.append((*p, base_angle + rng.normal(0, 0.04), False))
        remaining -= k
    return poses, pivots


# ---------------------------------------------------------------- drawing helpers

def warp_into(canvas: np.ndarray, rgba: np.ndarray, m: np.ndarray, pad: int, flags: int):
    """Warp `rgba` by the 2x3 affine `m` into the bounding box of its corners on `canvas`
    (grown by `pad`, clipped to the canvas): only that box is warped, which is what makes
    pasting many cards cheap. Returns (x0, y0, warped RGBA, corners in canvas pixels), or
    None when the card lies off the canvas."""
    h, w = rgba.shape[:2]
    pts = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64) @ m[:, :2].T + m[:, 2]
    x0, y0 = np.floor(pts.min(axis=0)).astype(int) - pad
    x1, y1 = np.ceil(pts.max(axis=0)).astype(int) + pad
    H, W = canvas.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
    if x1 <= x0 or y1 <= y0:
        return None
    mm = m.copy()
    mm[:, 2] -= (x0, y0)
    warped = cv2.warpAffine(rgba, mm, (x1 - x0, y1 - y0), flags=flags, borderValue=(0, 0, 0, 0))
    return x0, y0, warped, pts


def _paste(canvas: np.ndarray, owner: np.ndarray, rgba: np.ndarray, m: np.ndarray, owner_id: int,
           shadow: float) -> None:
    """Warp `rgba` by the 2x3 affine `m` onto `canvas` (alpha blended), only inside its bbox."""
    placed = warp_into(canvas, rgba, m, 8, cv2.INTER_AREA)
    if placed is None:
        return
    x0, y0, warped, _ = placed
    roi = canvas[y0:y0 + warped.shape[0], x0:x0 + warped.shape[1]]
    alpha = warped[:, :, 3:4].astype(np.float32) / 255.0
    if shadow > 0:  # soft drop shadow below and right of the card
        sh = cv2.GaussianBlur(alpha[:, :, 0], (0, 0), 3)
        sh = np.roll(sh, (3, 3), axis=(0, 1))[..., None]
        roi[:] = (roi * (1 - shadow * sh)).astype(np.uint8)
    roi[:] = (warped[:, :, :3] * alpha + roi * (1 - alpha)).astype(np.uint8)
    owner[y0:y0 + warped.shape[0], x0:x0 + warped.shape[1]][alpha[:, :, 0] > 0.5] = owner_id


def _paste_rgba_h(canvas: np.ndarray, owner: np.ndarray, rgba: np.ndarray, quad: np.ndarray, owner_id: int,
                  shadow: float) -> None:
    """Warp `rgba` so its corners land on `quad` (TL, TR, BR, BL) and blend it in."""
    h, w = rgba.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    H, W = canvas.shape[:2]
    warped = cv2.warpPerspective(rgba, m, (W, H), flags=cv2.INTER_AREA, borderValue=(0, 0, 0, 0))
    alpha = warped[:, :, 3:4].astype(np.float32) / 255.0
    if shadow > 0:
        sh = np.roll(cv2.GaussianBlur(alpha[:, :, 0], (0, 0), 3), (3, 3), axis=(0, 1))[..., None]
        canvas[:] = (canvas * (1 - shadow * sh)).astype(np.uint8)
    canvas[:] = (warped[:, :, :3] * alpha + canvas * (1 - alpha)).astype(np.uint8)
    owner[alpha[:, :, 0] > 0.5] = owner_id


def _distractors(rng: np.random.Generator, canvas: np.ndarray, ch: float) -> None:
    """Paper, coins, phones, pens: things on real tables that are not cards."""
    H, W = canvas.shape[:2]
    for _ in range(int(rng.integers(0, 3))):
        kind = rng.integers(4)
        c = (rng.uniform(0, W), rng.uniform(0, H))
        colour = tuple(int(v) for v in rng.integers(0, 256, 3))
        if kind == 0:  # sheet of paper / notepad (white-ish rectangle, not card-shaped)
            size = (ch * rng.uniform(1.2, 3), ch * rng.uniform(1.2, 3))
            box = cv2.boxPoints((c, size, rng.uniform(0, 180))).astype(np.int32)
            cv2.fillPoly(canvas, [box], tuple(int(v) for v in rng.integers(200, 256, 3)))
        elif kind == 1:  # coin / chip
            cv2.circle(canvas, (int(c[0]), int(c[1])), int(ch * rng.uniform(0.08, 0.25)), colour, -1, cv2.LINE_AA)
        elif kind == 2:  # phone
            size = (ch * rng.uniform(0.5, 0.8), ch * rng.uniform(1.0, 1.6))
            box = cv2.boxPoints((c, size, rng.uniform(0, 180))).astype(np.int32)
            cv2.fillPoly(canvas, [box], tuple(int(v) for v in rng.integers(0, 60, 3)), cv2.LINE_AA)
        else:  # pen / pencil
            a = rng.uniform(0, np.pi)
            d = np.array([np.cos(a), np.sin(a)]) * ch * rng.uniform(0.5, 1.2)
            p0, p1 = np.array(c) - d, np.array(c) + d
            cv2.line(canvas, _pt(p0), _pt(p1), colour, max(2, int(ch * 0.04)), cv2.LINE_AA)


def _camera(rng: np.random.Generator, out_w: int, out_h: int, zoom: float, centre: np.ndarray) -> np.ndarray:
    """Homography table canvas -> image for a pinhole camera tilted up to MAX_TILT_DEG."""
    f = out_w * rng.uniform(0.8, 1.6)
    tilt = np.deg2rad(MAX_TILT_DEG) * np.sqrt(rng.random())
    spin = rng.uniform(-np.pi, np.pi)
    rz = np.array([[np.cos(spin), -np.sin(spin), 0], [np.sin(spin), np.cos(spin), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, np.cos(tilt), -np.sin(tilt)], [0, np.sin(tilt), np.cos(tilt)]])
    r = rx @ rz
    dist = f / zoom
    k = np.array([[f, 0, out_w / 2], [0, f, out_h / 2], [0, 0, 1]])
    ext = np.column_stack([r[:, 0], r[:, 1], [0, 0, dist]])
    shift = np.array([[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1]])
    return k @ ext @ shift


def _hand(rng: np.random.Generator, image: np.ndarray, owner: np.ndarray, target: np.ndarray,
          card_w: float) -> np.ndarray | None:
    """Draw an arm + hand reaching from a frame edge to `target`; return its oriented box."""
    H, W = image.shape[:2]
    edge = rng.integers(4)
    start = [np.array([rng.uniform(0, W), H + 50]), np.array([rng.uniform(0, W), -50]),
             np.array([-50, rng.uniform(0, H)]), np.array([W + 50, rng.uniform(0, H)])][edge]
    target = target + rng.normal(0, card_w * 0.5, 2)
    d = target - start
    if np.linalg.norm(d) < 1:
        return None
    d = d / np.linalg.norm(d)
    n = np.array([-d[1], d[0]])
    palm_w = card_w * rng.uniform(1.1, 1.5)
    palm_l = palm_w * rng.uniform(0.9, 1.1)
    wrist = target - d * palm_l * 0.5
    skin = np.array(SKIN_TONES[rng.integers(len(SKIN_TONES))], np.float64) * rng.uniform(0.85, 1.15, 3)
    skin = tuple(float(v) for v in np.clip(skin, 0, 255))
    sleeve = tuple(int(v) for v in rng.integers(0, 256, 3))
    mask = np.zeros((H, W), np.uint8)
    layer = np.zeros_like(image)
    # forearm + sleeve
    arm_w = palm_w * 0.8
    arm = np.array([start + n * arm_w / 2, wrist + n * arm_w / 2, wrist - n * arm_w / 2, start - n * arm_w / 2])
    cv2.fillPoly(mask, [arm.astype(np.int32)], 255, cv2.LINE_AA)
    sleeve_end = wrist - d * palm_l * rng.uniform(0.3, 2.0)
    cv2.fillPoly(layer, [arm.astype(np.int32)], skin, cv2.LINE_AA)
    sl = np.array([start + n * arm_w * 0.65, sleeve_end + n * arm_w * 0.65,
                   sleeve_end - n * arm_w * 0.65, start - n * arm_w * 0.65])
    cv2.fillPoly(layer, [sl.astype(np.int32)], sleeve, cv2.LINE_AA)
    cv2.fillPoly(mask, [sl.astype(np.int32)], 255, cv2.LINE_AA)
    # palm
    centre = wrist + d * palm_l * 0.5
    ang = np.degrees(np.arctan2(d[1], d[0]))
    ell = ((float(centre[0]), float(centre[1])), (float(palm_l), float(palm_w)), float(ang))
    cv2.ellipse(layer, ell, skin, -1, cv2.LINE_AA)
    cv2.ellipse(mask, ell, 255, -1, cv2.LINE_AA)
    pts = [wrist + n * palm_w / 2, wrist - n * palm_w / 2]
    # fingers (curled = short) and thumb
    finger_w = max(3, int(palm_w * 0.2))
    for i in range(4):
        base = centre + d * palm_l * 0.4 + n * palm_w * (i - 1.5) * 0.24
        length = palm_l * rng.uniform(0.2, 0.8) * (0.8 if i in (0, 3) else 1.0)
        spread = _rot(rng.normal(0, 0.12)) @ d
        tip = base + spread * length
        cv2.line(layer, _pt(base), _pt(tip), skin, finger_w, cv2.LINE_AA)
        cv2.line(mask, _pt(base), _pt(tip), 255, finger_w, cv2.LINE_AA)
        pts.append(tip)
    side = 1 if rng.random() < 0.5 else -1
    tb = centre - d * palm_l * 0.1 + n * side * palm_w * 0.45
    tt = tb + _rot(side * rng.uniform(0.3, 1.0)) @ (n * side) * palm_l * rng.uniform(0.4, 0.7)
    cv2.line(layer, _pt(tb), _pt(tt), skin, int(finger_w * 1.2), cv2.LINE_AA)
    cv2.line(mask, _pt(tb), _pt(tt), 255, int(finger_w * 1.2), cv2.LINE_AA)
    pts.append(tt)
    # shading across the hand, then blend
    yy, xx = np.mgrid[0:H, 0:W]
    shade = 1 + 0.25 * np.cos((xx * n[0] + yy * n[1]) / (palm_w * 0.6))
    a = cv2.GaussianBlur(mask, (0, 0), 1.0).astype(np.float32)[..., None] / 255.0
    shaded = np.clip(layer * shade[..., None], 0, 255)
    image[:] = (shaded * a + image * (1 - a)).astype(np.uint8)
    owner[mask > 127] = OWNER_OCCLUDER
    hand_pts = np.array(pts + [centre + n * palm_w / 2, centre - n * palm_w / 2], np.float32)
    frame = np.array([[0, 0], [W, 0], [W, H], [0, H]], np.float64)
    hull = cv2.convexHull(hand_pts)[:, 0]
    inside = clip_convex(hull, frame)
    if polygon_area(inside) < 0.3 * polygon_area(hull):
        return None
    box = cv2.boxPoints(cv2.minAreaRect(inside.astype(np.float32))).astype(np.float64)
    box[:, 0] = np.clip(box[:, 0], 0, W)  # labels must stay inside the frame
    box[:, 1] = np.clip(box[:, 1], 0, H)
    return box


def _occluder(rng: np.random.Generator, image: np.ndarray, owner: np.ndarray, target: np.ndarray,
              card_h: float) -> None:
    """A big dark, soft-edged object (cloth with folds, a bag, a game pad) reaching from a frame
    edge over part of the cards; it hides what it covers in the owner map."""
    H, W = image.shape[:2]
    n = int(rng.integers(5, 10))
    radius = card_h * rng.uniform(0.6, 1.6)
    centre = target + rng.normal(0, card_h * 0.6, 2)
    angles = np.sort(rng.uniform(0, 2 * np.pi, n))
    pts = centre + np.column_stack([np.cos(angles), np.sin(angles)]) * radius * rng.uniform(0.5, 1.5, (n, 1))
    mask = np.zeros((H, W), np.float32)
    cv2.fillPoly(mask, [pts.astype(np.int32)], 1.0, cv2.LINE_AA)
    mask = cv2.GaussianBlur(mask, (0, 0), max(1.0, card_h * 0.01))
    base = rng.integers(10, 90, 3).astype(np.float32)
    folds = cv2.resize(rng.random((max(2, H // 40), max(2, W // 40))).astype(np.float32), (W, H),
                       interpolation=cv2.INTER_CUBIC)
    stuff = base * (0.6 + 0.8 * folds)[..., None]
    image[:] = (stuff * mask[..., None] + image * (1 - mask[..., None])).astype(np.uint8)
    owner[mask > 0.5] = OWNER_OCCLUDER


def lens_maps(rng: np.random.Generator, w: int, h: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A random radial lens: (map_x, map_y) for cv2.remap that turn an ideal pinhole image into
    the distorted one, and the camera matrix and distortion coefficients that map points."""
    f = max(w, h) * rng.uniform(*LENS_FOCAL_RANGE)
    # barrel r(1 + k1 r^2) peaks at r = 1/sqrt(-3 k1); keep the frame's corner radius well
    # inside that peak, or the lens folds back and no ideal point maps to the corner pixels
    corner_r = np.hypot(w / 2, h / 2) / f
    k1 = max(rng.uniform(*LENS_K1_RANGE), -((LENS_FOLD_MARGIN * 2 / 3) / corner_r) ** 2 / 3)
    dist = np.array([k1, 0, 0, 0, 0], np.float64)
    cam = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]], np.float64)
    # each distorted pixel samples the ideal image where undistortion sends it; solved on a
    # coarse grid (undistortPoints iterates) and interpolated, which is exact enough at 8 px
    step = 8
    gx, gy = np.meshgrid(np.arange(0, w + step, step, dtype=np.float64), np.arange(0, h + step, step, dtype=np.float64))
    grid = np.stack([gx.ravel(), gy.ravel()], 1)[:, None]
    ideal = cv2.undistortPoints(grid, cam, dist, P=cam)[:, 0].reshape(gx.shape + (2,)).astype(np.float32)
    # bilinear lookup into the coarse grid: pixel (x, y) sits at grid cell (x / step, y / step)
    cell_x, cell_y = np.meshgrid(np.arange(w, dtype=np.float32) / step, np.arange(h, dtype=np.float32) / step)
    big = cv2.remap(ideal, cell_x, cell_y, cv2.INTER_LINEAR)
    return big[..., 0].copy(), big[..., 1].copy(), cam, dist


def lens_margin(map_x: np.ndarray, map_y: np.ndarray, w: int, h: int) -> int:
    """Pixels the ideal picture must extend past (w, h) on every side for these maps."""
    over = max(-map_x.min(), map_x.max() - (w - 1), -map_y.min(), map_y.max() - (h - 1), 0.0)
    return int(np.ceil(over)) + 2


def distort_points(points: np.ndarray, cam: np.ndarray, dist: np.ndarray) -> np.ndarray:
    """Ideal pinhole image points (N, 2) -> where the distorted lens shows them."""
    norm = cv2.undistortPoints(points.reshape(-1, 1, 2).astype(np.float64), cam, np.zeros(5))
    obj = np.concatenate([norm[:, 0], np.ones((len(points), 1))], 1)
    out, _ = cv2.projectPoints(obj, np.zeros(3), np.zeros(3), cam, dist)
    return out[:, 0]


def _photometric(rng: np.random.Generator, img: np.ndarray, blur: float = 1.0) -> np.ndarray:
    """Shadows, glare, colour temperature, exposure, vignetting, blur (scaled by `blur`), noise."""
    H, W = img.shape[:2]
    f = img.astype(np.float32)
    if rng.random() < 0.4:  # cast shadow (head, arm, lamp)
        m = np.zeros((H, W), np.float32)
        pts = (rng.random((int(rng.integers(3, 7)), 2)) * [W * 1.5, H * 1.5] - [W * 0.25, H * 0.25]).astype(np.int32)
        cv2.fillPoly(m, [cv2.convexHull(pts)], 1.0)
        # sun through a window casts hard, deep shadows; a lamp soft ones
        m = cv2.GaussianBlur(m, (0, 0), _log_uniform(rng, 1.5, 40))
        f *= (1 - rng.uniform(0.2, 0.7) * m)[..., None]
    if rng.random() < 0.3:  # glare spot
        yy, xx = np.ogrid[0:H, 0:W]
        yy, xx = yy.astype(np.float32), xx.astype(np.float32)
        cx, cy, r = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.05, 0.3) * max(H, W)
        f += (rng.uniform(60, 200) * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r)))[..., None]
    # colour temperature, brightness, contrast
    temp = rng.uniform(-0.15, 0.15)
    f *= np.array([1 - temp, 1.0, 1 + temp], np.float32) * rng.uniform(0.6, 1.25)
    f = (f - 128) * rng.uniform(0.75, 1.2) + 128
    if rng.random() < 0.3:  # vignetting
        yy, xx = np.ogrid[0:H, 0:W]
        yy, xx = yy.astype(np.float32), xx.astype(np.float32)
        r2 = ((xx - W / 2) / W) ** 2 + ((yy - H / 2) / H) ** 2
        f *= (1 - rng.uniform(0.2, 0.6) * r2)[..., None]
    g = rng.uniform(0.7, 1.4)  # gamma, through a lookup table (a float power is slow)
    lut = np.clip(255 * (np.arange(256) / 255.0) ** g, 0, 255).astype(np.uint8)
    img = cv2.LUT(np.clip(f, 0, 255).astype(np.uint8), lut)
    r = rng.random()
    if r < 0.25:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 2.0) * blur)
    elif r < 0.4:  # motion blur
        k = max(2, int(rng.integers(3, 12) * blur))
        kern = np.zeros((k, k), np.float32)
        kern[k // 2] = 1.0 / k
        rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1)
        kern = cv2.warpAffine(kern, rot, (k, k))
        img = cv2.filter2D(img, -1, kern / max(kern.sum(), 1e-6))
    if rng.random() < 0.6:
        sigma = rng.uniform(2, 10)
        img = np.clip(img + rng.normal(0, sigma, img.shape).astype(np.float32), 0, 255).astype(np.uint8)
    return img


# ---------------------------------------------------------------- scene

class SceneMaker:
    """Builds scenes from card art and a background bank; all randomness comes from `rng`."""

    def __init__(self, art: CardArt, decks: list[Deck], backgrounds: BackgroundBank):
        if not decks:
            raise ValueError("no decks to draw cards from")
        self.art, self.decks, self.backgrounds = art, decks, backgrounds

    def make(self, rng: np.random.Generator) -> Scene:
        aspect = [(4, 3), (3, 4), (16, 9), (1, 1), (9, 16)][rng.integers(5)]
        long_side = int(rng.uniform(640, 1100))
        s = long_side / max(aspect)
        out_w, out_h = int(aspect[0] * s) // 2 * 2, int(aspect[1] * s) // 2 * 2
        short = min(out_w, out_h)
        zoom = rng.uniform(0.85, 1.15)  # image px per table px at the table centre
        ch = _log_uniform(rng, *CARD_HEIGHT_RANGE) * short / zoom
        deck = self.decks[rng.integers(len(self.decks))]
        decks = [deck]
        if rng.random() < 0.15:
            decks.append(self.decks[rng.integers(len(self.decks))])
        aspect_card = self.art.image(deck, "AS").shape[1] / self.art.image(deck, "AS").shape[0]
        cw = ch * aspect_card
        n_cards = int(np.clip(rng.geometric(0.18), 1, 16)) if ch < 0.3 * short / zoom else int(rng.integers(1, 6))
        poses, pivots = _layout(rng, n_cards, ch, cw)
        # table canvas: big enough for the camera view and the layout
        tw, th = int(out_w / zoom * 1.4), int(out_h / zoom * 1.4)
        # ... and, up to CANVAS_GROWTH_MAX times that, holding the whole layout (close-ups
        # spread wider than the view; a card off the canvas is left out of the scene)
        reach = max((max(abs(p[0]), abs(p[1])) for p in poses), default=0.0) + np.hypot(ch, cw) / 2
        tw = int(min(max(tw, 2 * reach + 4), tw * CANVAS_GROWTH_MAX))
        th = int(min(max(th, 2 * reach + 4), th * CANVAS_GROWTH_MAX))
        table = self.backgrounds.sample(rng, th, tw)
        _distractors(rng, table, ch)
        # what a steeply tilted camera sees beyond the canvas: the surface mirrored, never the
        # cards (mirrored cards would be unlabelled cards in the picture)
        surface = table.copy()
        owner_t = np.zeros((th, tw), np.uint8)
        centre_t = np.array([tw / 2, th / 2])
        names = rng.permutation(len(CARD_NAMES))
        cards: list[PlacedCard] = []
        shadow = rng.uniform(0, 0.5)
        for i, (x, y, angle, face_up) in enumerate(poses[:254]):
            d = decks[rng.integers(len(decks))]
            name = CARD_NAMES[names[i % 52]]
            rgba = self.art.image(d, name if face_up else "back")
            h, w = rgba.shape[:2]
            sc = ch / h
            a = _rot(angle) * sc
            c = centre_t + (x, y)
            m = np.column_stack([a, c - a @ np.array([w / 2, h / 2])])
            quad_t = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64) @ m[:, :2].T + m[:, 2]
            if quad_t.min() < 0 or (quad_t >= (tw, th)).any():
                continue  # cut off by the canvas edge, it would show cut while labelled whole
            _paste(table, owner_t, rgba, m, i + 1, shadow)
            cards.append(PlacedCard(name, face_up, d.name, quad_t, owner=i + 1))
        # camera: aim near the layout, sometimes off-centre so cards meet the frame edge
        aim = np.mean([p[:2] for p in poses], axis=0) if poses else np.zeros(2)
        offset = aim + rng.normal(0, 0.12, 2) * (out_w / zoom, out_h / zoom)
        hmg = _camera(rng, out_w, out_h, zoom, centre_t + offset)
        # a lens (barrel) shows more than the pinhole frame: render the ideal picture with a
        # margin it can sample from (sampling past the picture would mirror cards unlabelled)
        lens = lens_maps(rng, out_w, out_h) if rng.random() < LENS_DISTORTION_CHANCE else None
        margin = lens_margin(lens[0], lens[1], out_w, out_h) if lens else 0
        hmg = np.array([[1, 0, margin], [0, 1, margin], [0, 0, 1]], np.float64) @ hmg
        big = (out_w + 2 * margin, out_h + 2 * margin)
        image = cv2.warpPerspective(surface, hmg, big, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
        cv2.warpPerspective(table, hmg, big, dst=image, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT)
        owner = cv2.warpPerspective(owner_t, hmg, big, flags=cv2.INTER_NEAREST, borderValue=0)
        for c in cards:
            c.quad = cv2.perspectiveTransform(c.quad[None].astype(np.float64), hmg)[0]
        # hands over the table
        hands = []
        if cards and rng.random() < 0.4:
            card_w_img = float(np.median([np.linalg.norm(c.quad[1] - c.quad[0]) for c in cards]))
            for _ in range(int(rng.integers(1, 3))):
                if pivots and rng.random() < 0.6:
                    target = cv2.perspectiveTransform(np.array([[centre_t + pivots[0]]]), hmg)[0, 0]
                else:
                    target = cards[rng.integers(len(cards))].quad.mean(axis=0)
                box = _hand(rng, image, owner, target, card_w_img)
                if box is not None:
                    hands.append(box)
        if cards and rng.random() < OCCLUDER_CHANCE:
            card_h_img = float(np.median([np.linalg.norm(c.quad[3] - c.quad[0]) for c in cards]))
            _occluder(rng, image, owner, cards[rng.integers(len(cards))].quad.mean(axis=0), card_h_img)
        if lens:
            mx, my, cam, dist = lens
            image = cv2.remap(image, mx + margin, my + margin, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
            owner = cv2.remap(owner, mx + margin, my + margin, cv2.INTER_NEAREST, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
            for c in cards:
                c.quad = distort_points(c.quad - margin, cam, dist)
            hands = [distort_points(b - margin, cam, dist) for b in hands]
            hands = [r[0] for r in (frame_obb(b, out_w, out_h) for b in hands) if r is not None and r[1] > 0.3]
        counts = np.bincount(owner.ravel(), minlength=256)
        for c in cards:
            area = polygon_area(c.quad)
            c.visible = float(counts[c.owner] / area) if area > 0 else 0.0
        image = _photometric(rng, image)
        return Scene(image, owner, cards, hands)


def corner_visibility(owner: np.ndarray, quad: np.ndarray, owner_id: int) -> list[float]:
    """Fraction of each index-corner patch (runtime order) owned by the card `owner_id`."""
    h = card_homography(quad)
    out = []
    for m in corner_maps(size=16):
        patch = cv2.warpPerspective(owner, h @ m, (16, 16), flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP,
                                    borderValue=0)
        out.append(float(np.mean(patch == owner_id)))
    return out


def frame_obb(quad: np.ndarray, width: int, height: int) -> tuple[np.ndarray, float] | None:
    """Oriented box label for a card: the card quad clipped to the frame, then its min-area
    rectangle (kept inside the frame). Returns (4x2 corners, fraction of card in frame)."""
    frame = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float64)
    inside = clip_convex(quad, frame)
    full = polygon_area(quad)
    if len(inside) < 3 or full <= 0:
        return None
    frac = polygon_area(inside) / full
    box = cv2.boxPoints(cv2.minAreaRect(inside.astype(np.float32))).astype(np.float64)
    box[:, 0] = np.clip(box[:, 0], 0, width)
    box[:, 1] = np.clip(box[:, 1], 0, height)
    return box, frac
