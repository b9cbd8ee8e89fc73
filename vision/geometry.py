"""Geometry on numpy arrays: oriented boxes, rectification, corner crops, oriented NMS.

Conventions: image coordinates in pixels, x right, y down. A quad is a (4, 2) float array.
An oriented box (OBB) is (cx, cy, w, h, theta) with theta in radians, rotating the box's
w-axis from the image x-axis towards the y-axis (clockwise on screen), as ultralytics does.
"""

from __future__ import annotations

import numpy as np

#: Index-corner region of a card, as fractions of the card's (width, height) in portrait.
#: Generous enough for the big indices of some decks and a detector box a few % off.
CORNER_REGION = (0.34, 0.30)
#: Side of the square corner patch fed to the Stage B classifier, in pixels.
CORNER_SIZE = 64
#: Side of the square whole-face patch fed to the face reader (the portrait card is
#: stretched to a square: pip layouts stay legible, the network input stays square).
FACE_SIZE = 96


def obb_to_quad(cx: float, cy: float, w: float, h: float, theta: float) -> np.ndarray:
    """Corners of an oriented box, clockwise on screen starting at the (-w/2, -h/2) corner."""
    c, s = np.cos(theta), np.sin(theta)
    local = np.array([[-w, -h], [w, -h], [w, h], [-w, h]], dtype=np.float64) / 2
    rot = np.array([[c, -s], [s, c]])
    return local @ rot.T + np.array([cx, cy])


def quad_to_obb(quad: np.ndarray) -> tuple[float, float, float, float, float]:
    """Minimum-area oriented box (cx, cy, w, h, theta) around any point set."""
    import cv2

    (cx, cy), (w, h), angle = cv2.minAreaRect(np.asarray(quad, dtype=np.float32))
    return float(cx), float(cy), float(w), float(h), float(np.deg2rad(angle))


def polygon_area(poly: np.ndarray) -> float:
    """Absolute area of a simple polygon (shoelace)."""
    p = np.asarray(poly, dtype=np.float64)
    if len(p) < 3:
        return 0.0
    x, y = p[:, 0], p[:, 1]
    return float(abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2)


def short_side(quad: np.ndarray) -> float:
    """Length of the shortest side of a quadrilateral (a card's width in the picture)."""
    q = np.asarray(quad, float)
    return float(np.linalg.norm(np.roll(q, -1, axis=0) - q, axis=1).min())


def _clockwise(poly: np.ndarray) -> np.ndarray:
    """The same polygon with positive signed area in image coordinates (clockwise on screen)."""
    x, y = poly[:, 0], poly[:, 1]
    signed = np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))
    return poly if signed >= 0 else poly[::-1]


def clip_convex(subject: np.ndarray, clip: np.ndarray) -> np.ndarray:
    """Sutherland–Hodgman: the part of polygon `subject` inside convex polygon `clip`."""
    out = _clockwise(np.asarray(subject, dtype=np.float64))
    clip = _clockwise(np.asarray(clip, dtype=np.float64))
    for i in range(len(clip)):
        if len(out) == 0:
            break
        a, b = clip[i], clip[(i + 1) % len(clip)]
        edge = b - a
        # inside = on the right of a->b in math coords = cross >= 0 for clockwise-on-screen
        side = edge[0] * (out[:, 1] - a[1]) - edge[1] * (out[:, 0] - a[0])
        inside = side >= 0
        pts = []
        for j in range(len(out)):
            k = (j + 1) % len(out)
            if inside[j]:
                pts.append(out[j])
            if inside[j] != inside[k]:
                t = side[j] / (side[j] - side[k])
                pts.append(out[j] + t * (out[k] - out[j]))
        out = np.array(pts, dtype=np.float64).reshape(-1, 2)
    return out


def _intersection_area(a: np.ndarray, b: np.ndarray) -> float:
    """Area shared by two convex quads (OpenCV's exact convex intersection)."""
    import cv2

    inter, _ = cv2.intersectConvexConvex(np.asarray(a, np.float32).reshape(-1, 1, 2),
                                         np.asarray(b, np.float32).reshape(-1, 1, 2))
    return max(float(inter), 0.0)


def quad_iou(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two convex quads."""
    inter = _intersection_area(a, b)
    union = polygon_area(a) + polygon_area(b) - inter
    return inter / union if union > 0 else 0.0


def quad_overlap(a: np.ndarray, b: np.ndarray) -> float:
    """The share of the smaller of two convex quads that lies inside the other (0..1): 1 when
    one box holds the other, however different their sizes (unlike IoU)."""
    smaller = min(polygon_area(a), polygon_area(b))
    return _intersection_area(a, b) / smaller if smaller > 0 else 0.0


def obbs_to_quads(obbs: np.ndarray) -> np.ndarray:
    """Vectorised `obb_to_quad` for an (N, 5) array of (cx, cy, w, h, theta)."""
    obbs = np.asarray(obbs, dtype=np.float64).reshape(-1, 5)
    c, s = np.cos(obbs[:, 4]), np.sin(obbs[:, 4])
    local = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], dtype=np.float64) / 2
    lx = local[None, :, 0] * obbs[:, None, 2]
    ly = local[None, :, 1] * obbs[:, None, 3]
    x = lx * c[:, None] - ly * s[:, None] + obbs[:, None, 0]
    y = lx * s[:, None] + ly * c[:, None] + obbs[:, None, 1]
    return np.stack([x, y], axis=-1)


def oriented_nms(quads: np.ndarray, scores: np.ndarray, iou_threshold: float) -> np.ndarray:
    """Indices of the boxes kept by greedy NMS on exact polygon IoU, best score first."""
    import cv2

    quads = np.asarray(quads, dtype=np.float64).reshape(-1, 4, 2)
    order = np.argsort(-np.asarray(scores), kind="stable")
    lo, hi = quads.min(axis=1), quads.max(axis=1)
    x, y = quads[..., 0], quads[..., 1]
    areas = np.abs(np.sum(x * np.roll(y, -1, axis=1) - y * np.roll(x, -1, axis=1), axis=1)) / 2
    q32 = quads.astype(np.float32).reshape(-1, 4, 1, 2)
    keep: list[int] = []
    for i in order:
        ok = True
        for j in keep:
            if (lo[i] > hi[j]).any() or (lo[j] > hi[i]).any():
                continue  # bounding boxes apart: no overlap
            inter = max(float(cv2.intersectConvexConvex(q32[i], q32[j])[0]), 0.0)
            union = areas[i] + areas[j] - inter
            if union > 0 and inter / union > iou_threshold:
                ok = False
                break
        if ok:
            keep.append(int(i))
    return np.array(keep, dtype=np.int64)


def portrait_order(quad: np.ndarray) -> np.ndarray:
    """Reorder a card quad clockwise on screen so that edge 0->1 is a short (top) edge.

    Of the two short edges the upper one (smaller mean y) comes first; a card lying
    upside down is therefore read rotated 180°, which the two index corners absorb.
    """
    q = np.asarray(quad, dtype=np.float64).reshape(4, 2)
    centre = q.mean(axis=0)
    ang = np.arctan2(q[:, 1] - centre[1], q[:, 0] - centre[0])
    q = q[np.argsort(ang)]  # increasing angle in image coords = clockwise on screen
    edges = np.linalg.norm(np.roll(q, -1, axis=0) - q, axis=1)
    start = 0 if edges[0] + edges[2] <= edges[1] + edges[3] else 1  # short edges first
    q = np.roll(q, -start, axis=0)
    if (q[2, 1] + q[3, 1]) < (q[0, 1] + q[1, 1]) - 1e-9:  # the other short edge is higher
        q = np.roll(q, -2, axis=0)
    return q


def card_homography(quad: np.ndarray) -> np.ndarray:
    """3x3 map from unit-card coordinates ([0,1]x[0,1], portrait) to image pixels."""
    import cv2

    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float32)
    return cv2.getPerspectiveTransform(unit, portrait_order(quad).astype(np.float32))


def rectify(image: np.ndarray, quad: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The card inside `quad` warped flat to a portrait image of `size` = (width, height)."""
    import cv2

    w, h = size
    scale = np.diag([1.0 / w, 1.0 / h, 1.0])  # output pixel -> unit card (pixel corners)
    m = card_homography(quad) @ scale
    return cv2.warpPerspective(image, m, (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def corner_maps(region: tuple[float, float] = CORNER_REGION, size: int = CORNER_SIZE) -> list[np.ndarray]:
    """Maps from patch pixels to unit-card coordinates for the two index corners.

    The first is the top-left corner as is; the second the bottom-right corner rotated 180°,
    so both show the index upright.
    """
    fw, fh = region
    tl = np.array([[fw / size, 0, 0], [0, fh / size, 0], [0, 0, 1]])
    br = np.array([[-fw / size, 0, 1], [0, -fh / size, 1], [0, 0, 1]])
    return [tl, br]


def corner_centres(quad: np.ndarray, region: tuple[float, float] = CORNER_REGION) -> np.ndarray:
    """Image positions (2, 2) of the centres of the two index-corner regions of a card."""
    fw, fh = region
    h = card_homography(quad)
    pts = np.array([[fw / 2, fh / 2, 1], [1 - fw / 2, 1 - fh / 2, 1]]) @ h.T
    return pts[:, :2] / pts[:, 2:]


def quad_variants(quad: np.ndarray, turns_deg: tuple[float, ...], scales: tuple[float, ...]) -> list[np.ndarray]:
    """The quad turned about its centre by each angle, then scaled about it by each factor
    (a detector's box is often a few degrees or a few percent off the card's edges, which
    moves the small index corners out of their patches)."""
    q = np.asarray(quad, np.float64)
    c = q.mean(axis=0)
    out = []
    for deg in turns_deg:
        a = np.deg2rad(deg)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        out.append((q - c) @ rot.T + c)
    out += [(q - c) * s + c for s in scales]
    return out


def corner_patches(image: np.ndarray, quad: np.ndarray, size: int = CORNER_SIZE,
                   region: tuple[float, float] = CORNER_REGION) -> list[np.ndarray]:
    """The two index-corner patches (size x size) of the card at `quad`, read straight from
    the full-resolution frame with one perspective warp each (no intermediate card image)."""
    import cv2

    h = card_homography(quad)
    out = []
    for m in corner_maps(region, size):
        out.append(cv2.warpPerspective(image, h @ m, (size, size),
                                       flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                       borderMode=cv2.BORDER_REPLICATE))
    return out


def face_patch(image: np.ndarray, quad: np.ndarray, size: int = FACE_SIZE) -> np.ndarray:
    """The whole card at `quad` warped flat into a size x size patch (portrait, stretched)."""
    return rectify(image, quad, (size, size))


#: Snapping a detector's oriented box to the card's own edges before the card is read
#: (`snap_to_edges`). The detector's box is often several degrees off a tilted card (median
#: 6.6 degrees on held-out scenes, 3.0 once snapped; 10 on a real 10H that both readers then
#: called "none"), and a few degrees move the small index out of its corner patch. Coarse
#: search: the box turned up to SNAP_TURN_DEG either way in SNAP_TURN_STEP_DEG steps, each
#: side moved in or out by up to SNAP_REACH of the card's size (chosen among the settings
#: measured on the held-out scenes `runs/heldout6k`, model card session 10; a wider reach lets
#: a side jump to a neighbour's edge or a frame printed on the card) ...
SNAP_TURN_DEG = 20.0
SNAP_TURN_STEP_DEG = 2.0
SNAP_REACH = 0.12
#: ... then a fine search around the best coarse box.
SNAP_FINE_TURN_DEG = 1.5
SNAP_FINE_STEP_DEG = 0.5
SNAP_FINE_REACH = 0.05
#: Positions tried per side and points sampled along it, coarse and fine.
SNAP_OFFSETS = (17, 11)
SNAP_POINTS = (16, 24)
#: Fraction of each side's length left out at both ends: rounded corners, and where the
#: edges of neighbouring cards cross.
SNAP_TRIM = 0.15
#: Gaussian blur (pixels) before the gradients: camera noise and table texture.
SNAP_BLUR = 1.0
#: Cards wider than this (pixels) are searched in a picture scaled down to this width.
SNAP_WORK_SIDE = 64


def _rect_of(quad: np.ndarray) -> tuple[np.ndarray, float, float, float]:
    """(centre, w, h, angle of edge 0->1) of a near-rectangular quad; w along edge 0->1."""
    q = np.asarray(quad, np.float64)
    e0 = q[1] - q[0]
    w = (np.linalg.norm(e0) + np.linalg.norm(q[2] - q[3])) / 2
    h = (np.linalg.norm(q[2] - q[1]) + np.linalg.norm(q[3] - q[0])) / 2
    return q.mean(axis=0), float(w), float(h), float(np.arctan2(e0[1], e0[0]))


def _edge_search(grad: np.ndarray, rect, turns: np.ndarray, reach: float, offsets: int,
                 points: int) -> tuple[np.ndarray, float]:
    """The rectangle of the best-scoring turn, and its score. For each turn, each side is
    moved along its normal to where the image has the strongest straight step edge along it:
    the mean gradient across the side (signed, so texture cancels and a card's edge adds up),
    in absolute value. The turn's score is the sum of its four sides' best. `grad`: the
    picture's (x, y) gradients, (H, W, 2); `rect` in its pixels."""
    import cv2

    c, w, h, a0 = rect
    ang = a0 + turns
    cos, sin = np.cos(ang), np.sin(ang)  # u = (cos, sin) along w, v = (-sin, cos) along h
    # sides: -u (left), +u (right), -v (top), +v (bottom): outward normals and directions along
    nx, ny = np.stack([-cos, cos, sin, -sin], 1), np.stack([-sin, sin, -cos, cos], 1)  # (T, 4)
    tx, ty = np.stack([-sin, -sin, cos, cos], 1), np.stack([cos, cos, sin, sin], 1)
    half, length = np.array([w, w, h, h]) / 2, np.array([h, h, w, w])
    ks = np.linspace(-reach, reach, offsets)
    d = half[:, None] * (1 + ks)[None, :]  # (4, O): each side's distance from the centre
    t = length[:, None] * np.linspace(-(1 - SNAP_TRIM), 1 - SNAP_TRIM, points)[None, :] / 2  # (4, P)
    cx, cy = c
    px = cx + nx[:, :, None, None] * d[None, :, :, None] + tx[:, :, None, None] * t[None, :, None, :]
    py = cy + ny[:, :, None, None] * d[None, :, :, None] + ty[:, :, None, None] * t[None, :, None, :]
    mx, my = px.reshape(-1, points).astype(np.float32), py.reshape(-1, points).astype(np.float32)
    g = cv2.remap(grad, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT).reshape(*px.shape, 2)
    resp = np.abs((g[..., 0] * nx[:, :, None, None] + g[..., 1] * ny[:, :, None, None]).mean(axis=-1))  # (T, 4, O)
    best = resp.argmax(axis=-1)
    score = resp.max(axis=-1).sum(axis=-1)
    i = int(score.argmax())
    dd = half * (1 + ks[best[i]])
    u, v = np.array([cos[i], sin[i]]), np.array([-sin[i], cos[i]])
    centre = c + u * (dd[1] - dd[0]) / 2 + v * (dd[3] - dd[2]) / 2
    return obb_to_quad(centre[0], centre[1], dd[0] + dd[1], dd[2] + dd[3], float(ang[i])), float(score[i])


def snap_to_edges(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The detector's box `quad` (a rectangle, any corner order) turned and resized onto the
    card's own edges in `image` (see SNAP_TURN_DEG): a coarse search, then a fine one around
    its best. Returns the quad unchanged when it is too small, lies outside the image, or no
    snapped box has stronger edges than the box as found."""
    import cv2

    q = np.asarray(quad, np.float64).reshape(4, 2)
    rect = _rect_of(q)
    c, w, h, _ = rect
    if min(w, h) < 8:
        return q
    span = 0.5 * (1 + SNAP_REACH + SNAP_FINE_REACH) * np.hypot(w, h) + 4
    H, W = image.shape[:2]
    x0, y0 = int(max(0, c[0] - span)), int(max(0, c[1] - span))
    x1, y1 = int(min(W, c[0] + span + 1)), int(min(H, c[1] + span + 1))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return q
    # big cards are searched at a smaller scale: a card SNAP_WORK_SIDE pixels wide has edges
    # as clear, and the search costs the same for every card
    scale = min(1.0, SNAP_WORK_SIDE / min(w, h))
    roi = image[y0:y1, x0:x1]
    gray = cv2.cvtColor(roi, cv2.COLOR_BGR2GRAY) if roi.ndim == 3 else roi
    if scale < 1.0:
        gray = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    gray = cv2.GaussianBlur(gray, (0, 0), SNAP_BLUR).astype(np.float32)
    grad = cv2.merge([cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)])
    origin = np.array([x0, y0], np.float64)
    work = _rect_of((q - origin) * scale)
    coarse = np.deg2rad(np.arange(-SNAP_TURN_DEG, SNAP_TURN_DEG + 1e-9, SNAP_TURN_STEP_DEG))
    q1, _ = _edge_search(grad, work, coarse, SNAP_REACH, SNAP_OFFSETS[0], SNAP_POINTS[0])
    fine = np.deg2rad(np.arange(-SNAP_FINE_TURN_DEG, SNAP_FINE_TURN_DEG + 1e-9, SNAP_FINE_STEP_DEG))
    q2, snapped = _edge_search(grad, _rect_of(q1), fine, SNAP_FINE_REACH, SNAP_OFFSETS[1], SNAP_POINTS[1])
    # the box as found, scored the same way: a snap must find stronger edges (a flat patch has none)
    _, found = _edge_search(grad, work, np.zeros(1), 0.0, 1, SNAP_POINTS[1])
    q2 = q2 / scale + origin
    return q2 if snapped > found else q


def letterbox(image: np.ndarray, size: int, pad_value: int = 114) -> tuple[np.ndarray, float, tuple[float, float]]:
    """Resize keeping aspect so the longer side is `size`, pad to size x size (centred).

    Returns (image, scale, (pad_x, pad_y)); an input point p maps to p * scale + pad.
    """
    import cv2

    h, w = image.shape[:2]
    scale = min(size / h, size / w)
    nw, nh = int(round(w * scale)), int(round(h * scale))
    resized = cv2.resize(image, (nw, nh), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    pad_x, pad_y = (size - nw) / 2, (size - nh) / 2
    top, left = int(round(pad_y - 0.1)), int(round(pad_x - 0.1))
    out = cv2.copyMakeBorder(resized, top, size - nh - top, left, size - nw - left,
                             cv2.BORDER_CONSTANT, value=(pad_value,) * 3)
    return out, scale, (float(left), float(top))
