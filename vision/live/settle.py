"""Is the table still? A frame is *still* when no hand is over the play area, no card moved
more than a few pixels (off where it came to rest: a lying card's box jitter is no motion,
`tracker.REST_RADIUS`) and the picture itself hardly changed since the previous frame; the
table has *settled* after `settle_frames` still frames in a row with no card come or gone (a
card track confirmed or lost: counted from when the card came to lie where it lies, see
`SettleDetector.update`). Only settled tables are compared (events.py).

The picture test does not trust the detector: a hand it missed, a card it has not found yet
or one sliding under a detection that stays put all change pixels. Frames are compared as
small grey thumbnails (cheap, and sensor noise averages out), after matching their overall
brightness (lighting drift, flicker). Without pixels (the oracle-detector benchmark replays
detections only) the picture counts as still.
"""

from __future__ import annotations

import math

import numpy as np

#: How long the table must stay still before its state counts, seconds.
SETTLE_SECONDS = 0.3
#: A card "moved" when its centre moved more than this fraction of the frame's short side.
MOTION_FRACTION = 0.008
#: A hand box counts as over the play area when this fraction of it lies inside.
HAND_OVER_FRACTION = 0.05
#: Picture motion: the play area of consecutive frames is compared (hands and arms moving
#: at the table's edge do not hold the settle up; the detection test sees hands over the
#: area), as grey thumbnails this many pixels wide (1280x720
#: -> 160x90, well under a millisecond; a card is still ~10x15 thumbnail pixels) ...
MOTION_THUMB_WIDTH = 160
#: ... a thumbnail pixel changed when its grey level moved by more than this (of 255) once
#: the two thumbnails' mean brightness is matched ...
MOTION_PIXEL_LEVEL = 24
#: ... and the picture is still while at most this fraction of thumbnail pixels changed.
MOTION_PICTURE_FRACTION = 0.003
#: A card track in the play area confirmed or lost while the area's picture has stayed still
#: (as above) for more than `settle_frames` frames in a row does not hold the settle back: the
#: table did not move, the detector's view of it did (a junk box, or a card's track the
#: tracker gives up on some frames after the card went). An already settled table is compared
#: again at once instead (`SettleDetector.rearm`), so what the change shows is not lost.
#: Outside the area (a trump card shown at a seat) the picture is not watched, and without
#: pixels (the oracle replays) every change holds the settle back, as before.


def settle_frames(fps: float, seconds: float = SETTLE_SECONDS) -> int:
    return max(2, int(math.ceil(seconds * fps)))


def hand_over_area(hand_quads: list[np.ndarray], area: np.ndarray) -> bool:
    """Whether any hand box overlaps the (convex) play area polygon."""
    from vision.geometry import clip_convex, polygon_area

    for q in hand_quads:
        q = np.asarray(q, float)
        a = polygon_area(q)
        if a > 0 and polygon_area(clip_convex(q, area)) >= HAND_OVER_FRACTION * a:
            return True
    return False


def grey_thumbnail(frame: np.ndarray, width: int = MOTION_THUMB_WIDTH) -> np.ndarray:
    """A BGR (or grey) frame as a small float32 grey image `width` pixels wide (area-averaged)."""
    import cv2

    img = np.asarray(frame)
    h, w = img.shape[:2]
    size = (min(width, w), max(1, int(round(h * min(width, w) / w))))
    small = cv2.resize(img, size, interpolation=cv2.INTER_AREA)  # shrink first: the colour conversion is then free
    if small.ndim == 3:
        small = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    return small.astype(np.float32)


def area_mask(polygon: np.ndarray, frame_size: tuple[int, int], thumb_shape: tuple[int, int]) -> np.ndarray:
    """A boolean thumbnail mask of `polygon` (frame pixels; `frame_size` = (width, height))."""
    import cv2

    h, w = thumb_shape[:2]
    scale = np.array([w / frame_size[0], h / frame_size[1]])
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.round(np.asarray(polygon, float) * scale).astype(np.int32)], 1)
    return mask.astype(bool)


def picture_motion(prev: np.ndarray | None, cur: np.ndarray | None, mask: np.ndarray | None = None,
                   level: float = MOTION_PIXEL_LEVEL) -> float:
    """Fraction of thumbnail pixels (inside `mask`, if given) whose grey level changed by more
    than `level` between two thumbnails, after scaling `cur` to `prev`'s mean brightness there;
    0.0 when either is missing (no pixels) or their sizes differ."""
    if prev is None or cur is None or prev.shape != cur.shape:
        return 0.0
    if mask is not None and mask.any():
        prev, cur = prev[mask], cur[mask]
    gain = float(prev.mean()) / max(float(cur.mean()), 1e-6)
    return float(np.mean(np.abs(cur * gain - prev) > level))


def frame_is_still(hand_quads, play_area, max_motion: float, motion_limit: float,
                   picture: float | None = 0.0) -> bool:
    """The one-frame stillness test (pure): `picture` is picture_motion since the last frame
    (None without pixels)."""
    return max_motion <= motion_limit and (picture is None or picture_is_still(picture)) and \
        not hand_over_area(hand_quads, play_area)


def picture_is_still(picture: float | None) -> bool:
    """Whether the picture hardly changed since the last frame (False without pixels)."""
    return picture is not None and picture <= MOTION_PICTURE_FRACTION


class SettleDetector:
    """Counts still frames; `update` is True exactly on the frame the table becomes settled."""

    def __init__(self, frames: int):
        self.frames = frames
        self.still = 0
        self.settled = False

    def rearm(self) -> None:
        """Let a table that stays still settle again at the next still frame."""
        self.settled = False

    def update(self, still: bool, changed_ago: int | None = None) -> bool:
        """`still`: `frame_is_still`; `changed_ago`: when a card came or went, how many frames
        the table has been still since it did (0: this frame). The tracker is sure of a new card
        only CONFIRM_HITS frames after it came to lie there; counting the settle from then held
        a card boxed late, as a hand left it, back by two frames more."""
        if not still:
            self.still = 0
            self.settled = False
            return False
        self.still += 1
        if changed_ago is not None and changed_ago < self.still:
            self.still = changed_ago
            self.settled = False
        if not self.settled and self.still >= self.frames:
            self.settled = True
            return True
        return False
