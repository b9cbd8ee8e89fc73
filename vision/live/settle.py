"""Is the table still? A frame is *still* when no hand is over the play area, no card moved
more than a few pixels and no card track appeared or vanished; the table has *settled* after
`settle_frames` still frames in a row. Only settled tables are compared (events.py).
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


def frame_is_still(hand_quads, play_area, max_motion: float, motion_limit: float, changes: int) -> bool:
    """The one-frame stillness test (pure)."""
    return changes == 0 and max_motion <= motion_limit and not hand_over_area(hand_quads, play_area)


class SettleDetector:
    """Counts still frames; `update` is True exactly on the frame the table becomes settled."""

    def __init__(self, frames: int):
        self.frames = frames
        self.still = 0
        self.settled = False

    def update(self, still: bool) -> bool:
        if not still:
            self.still = 0
            self.settled = False
            return False
        self.still += 1
        if not self.settled and self.still >= self.frames:
            self.settled = True
            return True
        return False
