"""Card tracks across frames: IoU association of oriented boxes (ByteTrack-style, high
confidence first), identity voting over time, and the one-of-each-card deck constraint.

A track remembers where it was first seen (which seat or the stock it came from) and last
seen (where it went). A track that stops being detected while a hand covers it is
*occluded*, not gone: it stays on the table until its place is visible again and empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from vision.geometry import short_side
from vision.live.detector import FACE, HAND, UNKNOWN, Detection

#: Minimum IoU (axis-aligned boxes of the quads) to continue a track.
MATCH_IOU = 0.2
#: Else a detection may continue a track whose (predicted) centre is within this many box
#: diagonals: far for a card in flight (carried cards move fast), near for one at rest.
MATCH_CENTRE = 1.5
STILL_CENTRE = 0.4
#: ... "in flight" meaning at least this many box diagonals per frame: the boxes of a card half
#: hidden under another jump by a tenth of that from frame to frame without the card moving
#: (a real-model render: such a track reached 170 px for a card coming in and took it over).
FLIGHT_DIAGS = 0.1
#: ... but an unread box continues a card in flight only within STILL_CENTRE diagonals plus
#: this many frames of its velocity of where it should be: farther off, such a box is mostly a
#: second box of a lying card (a fresh tango game: Dan's KC, carried in at 57 px a frame, was
#: continued by an unread box on the pile 260 px off its path and lost; its second track,
#: first seen inside the play area, pointed to Ann, and game 1 went 47 -> 149 of 149 events).
FLIGHT_UNREAD_FRAMES = 2.0
#: Above this IoU a detection continues a track even when it reads another name (a misread);
#: below it, a different well-established name means a different card (one laid next to it).
SAME_PLACE_IOU = 0.7
#: Weight of the newest displacement in a track's smoothed velocity (for prediction).
VELOCITY_SMOOTHING = 0.6
#: Weight of the newest centre in a track's smoothed position (motion tests use it, so
#: detector box jitter on a lying card is not mistaken for motion).
POSITION_SMOOTHING = 0.5
#: A track that moved more than this many pixels at its last match is "in flight".
MOVING_PX = 4.0
#: A confirmed card lying still continues only with a detection overlapping it this much
#: (so a card arriving next to it cannot take over its track when its own detection drops out).
STILL_MATCH_IOU = 0.6
#: A card lost in flight is looked for this many frames, up to this many box diagonals away ...
REACQUIRE_FRAMES = 15
REACQUIRE_DIAGS = 3.0
#: ... if it had come at least this many box diagonals from where it was first seen: a
#: detector's jittering junk box beside a card "moves" several pixels a frame without going
#: anywhere (a real-model render: such a track took over a card coming in from the far seat,
#: 390 px away, and gave it its own first position).
REACQUIRE_MIN_PATH = 0.5
#: A glimpse whose centre lay within this many card widths of a card lying still before it,
#: which was read as the glimpse's name at times, is that card misread (`_misread_lying`).
#: Measured from the lying card's latest box, which drifts as another card half covers it
#: (penguins 211 game 0: 0.31 widths); 57 recorded games keep the same events at 0.32-0.4,
#: one fewer at 0.5.
GLIMPSE_ON_CARD = 0.4
#: A track born where a lying card lies (within STILL_CENTRE box diagonals of it) and last
#: matched at most this many frames before that card is matched again, overlapping it by
#: SAME_PLACE_IOU, is the same card read under another name: one box, read alternately as two
#: cards (a real-model render: tango 10H read as KH after a hand uncovered it), is one card.
#: A card put on top of another (a discard pile) hides it: the one below is not matched again.
TWIN_GAP = 3
#: An unread box overlapping a card already matched in the same frame by this much (of the
#: smaller of the two boxes) is that card's echo (the detector's second, shifted box of it),
#: not a lost card found again (a real-model render: such an echo beside a lying 6C, 300 px
#: on, took over the track of a 10C in flight).
ECHO_COVER = 0.5
#: A newer track must hold this vote mass for its name before it absorbs an older one.
MERGE_VOTES = 1.5
#: ... and be first seen no farther from where the older was last seen than a hand carries a
#: card in the frames between (real-model renders: 30-60 px a frame).
MAX_CARRY_PX = 80.0
#: ... nor have been seen at the same time as the older, more than a box diagonal from where
#: that was lost, for this many frames: two cards (a second box of one card in flight is seen
#: with it only briefly; a bellot render's twin, 7 frames).
SEEN_APART_FRAMES = 12
#: A track born where a card lay still (within STILL_CENTRE box diagonals of it) at most
#: PICKUP_GAP frames after that card was last seen, and carried PICKUP_PATH box diagonals
#: from there within PICKUP_FRAMES of its birth while the lying card stayed unseen, is that
#: card picked up: its box jumped as the hand lifted it, too far for the lying card's track
#: (STILL_MATCH_IOU), and it was read anew on the way (a fresh bellot render: Bob's 10H, read
#: JS weakly while it lay, read 10H as Ann's collect swept it off; the JS was logged as his
#: play, and the camera lost step for the rest of the game).
#: ... and a card carried in (in flight at its last sighting, REACQUIRE_MIN_PATH from where it
#: was first seen) goes on as a track born within PICKUP_GAP frames of its last sighting,
#: within STILL_CENTRE of where it was last seen, and still there within PICKUP_FRAMES of its
#: birth while the carried card stayed unseen (not a box over another card seen, ECHO_COVER):
#: the card landed and was boxed anew (a fresh tango render: Cid's flip 8S, carried from the
#: stock read JS, boxed anew as 8S as it landed; logged as his flip of JS and a slough of 8S).
#: ... and a card lying still, lost and boxed anew where it lay (within STILL_CENTRE) within
#: PICKUP_GAP frames, no hand over it, goes on as the new track when the new box's read is a
#: name the old track was read as at times and the old track's own name is weak (under
#: CONFLICT_VOTES): the card was misread while it settled and read right in its new box (a
#: rendered oxygen-white game: Bob's slough 2D, landing over the 2S, read 3D at 0.3 for 7
#: frames and 2D once, was boxed anew and read 2D at 0.52; the weak "3D" lay on unseen under
#: it, waiting to be read, and held his slough and Ann's next back past the clip's end).
PICKUP_GAP = 2
PICKUP_PATH = 0.5
PICKUP_FRAMES = 12
#: A lying card's smoothed centre jitters as its box does (a card half under another is boxed
#: whole in one frame, as its visible strip in the next: 7-23 px): it moved only once its
#: smoothed centre is more than this fraction of its box's short side from where it came to
#: rest (`Track.rest`). A fresh tango render: a 9C under its 10C held the settle back for 3 s
#: while Ann's and Bob's Part 2 puts landed, and they were judged as one.
REST_RADIUS = 0.25
#: A glimpse taken for where a card was first seen (`_recall_glimpse`) lies behind its path;
#: one the card's own boxes then headed back towards was another card's box read as it, and
#: the card starts where its own boxes began, if that lies nearer the picture's edge. Judged
#: once, at the next settle, where the glimpse lay at least this many card widths from that
#: first box and the card came as far from it since (a landing card's box jitter is no turn;
#: fresh tango 111 game 1: Bob's 6S, glimpsed at his edge, boxed anew past its place and set
#: back towards him, was his, as the glimpse said). Fresh tango 191 game 0: a junk "QH" box
#: beside Ann's slough was recalled as the start of her QH, boxed 13 frames later at her edge
#: and carried up the table past it; the path pointed to Bob, and the game lost 185 events.
RECALL_TURN_CARDS = 1.0
#: A track must hold this vote mass before detections are matched to it by name first.
NAME_MATCH_VOTES = 0.8
#: A track holding this many votes for its name is not continued by a confident other name.
CONFLICT_VOTES = 3.0
#: A box read at least this surely as another name, where a card known by its name
#: (CONFLICT_VOTES) has lain still at least LAID_OVER_AGE frames and a hand covered it at most
#: LAID_OVER_HAND frames before (1 s at 12 fps), is a card laid on it: it starts a track of its
#: own (a misread the lying card is read again after goes back to it, `_merge_twins`). Bellot
#: 1 game 0: Bob's JS laid on his 5H, read "JH" at 0.79, went on as the 5H's track; the stock
#: went a card off, and 101 events were lost. Cards in motion are excepted (a dreck row
#: gathered up: tango 111 game 0 lost 72), and so are cards first seen under LAID_OVER_AGE
#: frames (2 s at 12 fps) before (a run's cards, read as each other: bellot 221 game 0 lost
#: 33). Without the hand, an oracle render whose reads were half wrong at 0.3-0.9 kept one
#: event fewer.
LAID_OVER_READ = 0.7
LAID_OVER_AGE = 24
LAID_OVER_HAND = 12
#: A lying card lost for at most REFOUND_GAP frames (1 s at 12 fps: a hand over it) and found
#: again squarely in its place (boxes overlapping by REFOUND_IOU), read less surely than
#: LAID_OVER_READ under another name, is that card misread: it keeps its track. Elsewhere a
#: lying card out of sight takes no misread, for another card may have been put in its place.
#: Atlas 201 game 0: Dan's AD, covered for 6 frames by the hand putting his 10S down beside it,
#: showed again 1 px from where it lay, read "7D" at 0.67; the new track was logged as Dan's
#: war play and the camera lost step (69 of 218 events kept). Only for a card that had lain
#: there REFOUND_REST frames when it was lost: a track that came there just before followed
#: another card's box, a card laid on it (Atlas 141 game 2: the AC's track hopped onto Ann's
#: AD slough as it was laid half over the AC, and kept it, so the slough was never reported).
#: And only where the hand that covered it put a card down elsewhere, a track of its own
#: (`_put_elsewhere`): else the card may have been laid on it (Atlas 141 game 0: Ann's JH,
#: laid on her 5H and never boxed apart, was taken for the 5H misread, and the war play lost).
REFOUND_GAP = 12
REFOUND_IOU = 0.8
REFOUND_REST = 12
#: Detections below this confidence are matched only in the second (low) round.
HIGH_CONF = 0.5
#: A track is confirmed after this many hits.
CONFIRM_HITS = 3
#: A track keeps the frames of this many of its latest stretches out of sight (`Track.unseen`,
#: for `cues.stood_in`).
UNSEEN_KEPT = 4
#: An unmatched, uncovered track is dropped after this many frames.
MAX_MISSES = 8
#: An unmatched track covered by a hand survives this many frames.
MAX_OCCLUDED = 600
#: A card in flight last seen within this fraction of the frame's short side of an image
#: edge, heading out through it, was carried out of the picture (a collect, an eat): it is
#: dropped after EXIT_MISSES unmatched frames, hand over it or not. Waiting MAX_MISSES
#: (0.67 s at 12 fps) for it delayed the settle that reports the cards gone.
EXIT_MARGIN = 0.03
EXIT_MISSES = 2
#: ... looking this many frames ahead along its velocity (its last detection or two before
#: the edge may have been missed).
EXIT_LOOKAHEAD = 2
#: A track is "covered" when a hand box overlaps this fraction of its box.
COVER_FRACTION = 0.25
#: A track is "under cards" when newer cards' boxes cover this fraction of its box.
CARD_COVER_FRACTION = 0.6
#: Identity votes: a read name adds its confidence (times Detection.vote); "??" adds nothing.
#: A name is the track's identity when it holds this share of its votes.
IDENTITY_SHARE = 0.6


def aabb(quad: np.ndarray) -> np.ndarray:
    q = np.asarray(quad, float)
    return np.concatenate([q.min(axis=0), q.max(axis=0)])


def box_diag(box: np.ndarray) -> float:
    """Diagonal of an axis-aligned box (x0, y0, x1, y1): the unit of the tracker's distances."""
    return float(np.linalg.norm(box[2:] - box[:2]))


def flying(speed: float, diag: float) -> bool:
    """Whether a card moving `speed` pixels a frame, boxed `diag` across, is in flight
    (FLIGHT_DIAGS, at least MOVING_PX)."""
    return speed >= max(MOVING_PX, FLIGHT_DIAGS * diag)


def iou_matrix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """IoU of axis-aligned boxes (N,4) x (M,4)."""
    if len(a) == 0 or len(b) == 0:
        return np.zeros((len(a), len(b)))
    lo = np.maximum(a[:, None, :2], b[None, :, :2])
    hi = np.minimum(a[:, None, 2:], b[None, :, 2:])
    inter = np.prod(np.clip(hi - lo, 0, None), axis=2)
    area_a = np.prod(a[:, 2:] - a[:, :2], axis=1)
    area_b = np.prod(b[:, 2:] - b[:, :2], axis=1)
    return inter / (area_a[:, None] + area_b[None, :] - inter + 1e-9)


def _intersections(box: np.ndarray, others: np.ndarray) -> np.ndarray:
    """Areas of the intersections of axis-aligned `box` (4,) with each of `others` (K,4)."""
    lo = np.maximum(box[:2], others[:, :2])
    hi = np.minimum(box[2:], others[:, 2:])
    return np.prod(np.clip(hi - lo, 0, None), axis=1)


def covered_fraction(box: np.ndarray, others: np.ndarray) -> float:
    """Largest fraction of `box` (4,) covered by one of `others` (K,4)."""
    if len(others) == 0:
        return 0.0
    return float(_intersections(box, others).max() / (np.prod(box[2:] - box[:2]) + 1e-9))


def overlap_of_smaller(box: np.ndarray, others: np.ndarray) -> float:
    """Largest intersection of `box` (4,) with one of `others` (K,4), as a fraction of the
    smaller of the two boxes (1.0 when one contains the other)."""
    if len(others) == 0:
        return 0.0
    smaller = np.minimum(np.prod(box[2:] - box[:2]), np.prod(others[:, 2:] - others[:, :2], axis=1))
    return float((_intersections(box, others) / (smaller + 1e-9)).max())


def cards_cover(box: np.ndarray, others: list[np.ndarray]) -> float:
    """Fraction of `box` covered by the union of `others` (sampled on a 12x12 grid)."""
    if not others:
        return 0.0
    xs = np.linspace(box[0], box[2], 12)
    ys = np.linspace(box[1], box[3], 12)
    gx, gy = np.meshgrid(xs, ys)
    hit = np.zeros(gx.shape, bool)
    for o in others:
        hit |= (gx >= o[0]) & (gx <= o[2]) & (gy >= o[1]) & (gy <= o[3])
    return float(hit.mean())


def with_gap(unseen: tuple, last_seen: int, seen_again: int) -> tuple:
    """`unseen` (`Track.unseen`) with the stretch out of sight between a sighting at frame
    `last_seen` and the next at `seen_again` added, if there is one; the latest UNSEEN_KEPT kept."""
    if seen_again - last_seen > 1:
        unseen = unseen + ((last_seen + 1, seen_again - 1),)
    return unseen[-UNSEEN_KEPT:]


@dataclass
class Track:
    id: int
    kind: str
    quad: np.ndarray
    first_frame: int
    first_centre: np.ndarray
    last_frame: int
    votes: dict = field(default_factory=dict)
    hits: int = 1
    misses: int = 0
    occluded: bool = False
    speed: float = 0.0  # centre displacement at the last match, pixels per frame
    velocity: np.ndarray = field(default_factory=lambda: np.zeros(2))  # smoothed, pixels per frame
    smooth: np.ndarray | None = None  # exponentially smoothed centre (box jitter averaged out)
    prev_smooth: np.ndarray | None = None
    prev_centre: np.ndarray | None = None
    name: str = UNKNOWN  # resolved identity (after the deck constraint)
    exiting: bool = False  # lost while heading out of the picture (see EXIT_MARGIN)
    # how it moved when it was lost: carried on (under a hand, or away), not lying somewhere
    lost_moving: bool = False  # at MOVING_PX or more (a card lying on a pile jitters as much)
    lost_flying: bool = False  # in flight (`flying`)
    lost_velocity: np.ndarray = field(default_factory=lambda: np.zeros(2))  # its velocity then
    jump: np.ndarray | None = None  # its pace out of sight, when last found again by `_reacquire`
    peak: dict = field(default_factory=dict)  # name -> its surest fresh read
    recalled: bool = False  # took over a glimpse's first position (see _recall_glimpse)
    # (frame, centre, the glimpse's centre) where its history's own boxes began, when it took a
    # glimpse's first position not yet judged at a settle (see RECALL_TURN_CARDS)
    born: tuple | None = None
    echo_born: bool = False  # born from an echo box (see _place_echo_born)
    seen_beside: set = field(default_factory=set)  # tracks read as their own other names in one frame nearby: never its twin
    last_read: str = UNKNOWN  # the name its latest detection read
    rest: np.ndarray | None = None  # where its smoothed centre came to rest (REST_RADIUS)
    rest_frame: int = -1  # the frame it came to rest there
    moved: bool = True  # its smoothed centre left REST_RADIUS of its rest at its last match
    announced: bool = False  # its confirmation was reported (`Tracker.confirmed_now`)
    first_read: tuple | None = None  # (frame, centre) where a name was first read on it (a flip: at the stock)
    unseen: tuple = ()  # (first, last) frames of its latest stretches out of sight, found again after (UNSEEN_KEPT)
    hand_over: int = -(10 ** 9)  # the last frame a hand covered it (COVER_FRACTION): see LAID_OVER_HAND

    @property
    def centre(self) -> np.ndarray:
        return self.quad.mean(axis=0)

    @property
    def confirmed(self) -> bool:
        return self.hits >= CONFIRM_HITS

    def vote(self, det: Detection) -> None:
        self.last_read = det.card
        w = float(det.conf) * det.vote  # a reused read (detector.REUSE_VOTE) adds little or nothing
        if det.card != UNKNOWN and w > 0:
            if self.first_read is None:
                self.first_read = (self.last_frame, det.centre.copy())
            self.votes[det.card] = self.votes.get(det.card, 0.0) + w
            self.peak[det.card] = max(self.peak.get(det.card, 0.0), float(det.conf))

    def absorb_reads(self, other: "Track") -> None:
        """Take over another track's reads of the same card (its votes and surest reads)."""
        for k, v in other.votes.items():
            self.votes[k] = self.votes.get(k, 0.0) + v
        for k, v in other.peak.items():
            self.peak[k] = max(self.peak.get(k, 0.0), v)
        if other.first_read is not None and (self.first_read is None or other.first_read[0] < self.first_read[0]):
            self.first_read = other.first_read

    @property
    def top_read(self) -> str:
        """The name it was read as most (vote mass), UNKNOWN if never read."""
        return max(self.votes, key=self.votes.get) if self.votes else UNKNOWN

    def adopt(self, older: "Track") -> None:
        """Become the continuation of an older track of the same card: where it was first
        seen, and its reads."""
        self.unseen = (with_gap(older.unseen, older.last_frame, self.first_frame) + self.unseen)[-UNSEEN_KEPT:]
        self.first_centre, self.first_frame = older.first_centre.copy(), older.first_frame
        self.echo_born, self.born = older.echo_born, older.born
        self.absorb_reads(older)

    def ranked(self) -> list[tuple[str, float]]:
        """(name, share of votes), best first."""
        total = sum(self.votes.values())
        if total <= 0:
            return []
        return sorted(((k, v / total) for k, v in self.votes.items()), key=lambda kv: -kv[1])

    @property
    def vote_mass(self) -> float:
        return sum(self.votes.values())


def glimpse_behind(glimpse, born, rest, width: float, size: tuple[int, int]) -> bool:
    """Whether a glimpse recalled as a card's start lies behind the path of the card's own
    boxes, from where they began (`born`) to where it came to rest: they did not head back
    towards it (RECALL_TURN_CARDS), or began farther from the picture's edge than it (a hand
    brings a card in from the edge: a card carried past its place and set back is no turn)."""
    glimpse, born, rest = (np.asarray(p, float) for p in (glimpse, born, rest))
    ahead, behind = rest - born, born - glimpse
    if min(np.linalg.norm(ahead), np.linalg.norm(behind)) < RECALL_TURN_CARDS * width:
        return True  # (too short a path to tell)

    def from_edge(p):
        return min(p[0], p[1], size[0] - p[0], size[1] - p[1])

    return float(np.dot(behind, ahead)) >= 0.0 or from_edge(born) >= from_edge(glimpse)


def vote_identity(votes: dict, share: float = IDENTITY_SHARE) -> tuple[str, float]:
    """The name a vote table supports (or "??") and its share of the votes."""
    total = sum(votes.values())
    if total <= 0:
        return UNKNOWN, 0.0
    name, v = max(votes.items(), key=lambda kv: kv[1])
    return (name, v / total) if v / total >= share else (UNKNOWN, v / total)


def resolve_identities(tracks: list["Track"], excluded: set[str] = frozenset()) -> dict[int, str]:
    """One of each card: give each face track a distinct name, strongest evidence first.

    Tracks are served in order of their best name's vote mass; a track whose best name is
    taken (or excluded: known to be elsewhere) falls back to its next name if that still holds
    IDENTITY_SHARE of all its votes, else "??".
    """
    out: dict[int, str] = {}
    taken = set(excluded)
    order = sorted(tracks, key=lambda t: -max(t.votes.values(), default=0.0))
    for t in order:
        name = UNKNOWN
        votes = {k: v for k, v in t.votes.items() if k not in taken}
        if votes:
            total = sum(t.votes.values())
            best, v = max(votes.items(), key=lambda kv: kv[1])
            if v / total >= IDENTITY_SHARE:
                name = best
        if name != UNKNOWN:
            taken.add(name)
        out[t.id] = name
    return out


def travelled_diags(t: "Track") -> float:
    """How far a track is from where it was first seen, in diagonals of its box."""
    box = aabb(t.quad)
    return float(np.linalg.norm(t.centre - t.first_centre) / (box_diag(box) + 1e-9))


def leaving_picture(box: np.ndarray, velocity: np.ndarray, width: int, height: int, margin: float,
                    ahead: float = EXIT_LOOKAHEAD) -> bool:
    """Whether an axis-aligned `box` (x0, y0, x1, y1) moved on by `ahead` frames of `velocity`
    (pixels per frame) lies within `margin` pixels of an edge of a `width` x `height` image,
    heading out through it (a fast carried card leaves the picture between two frames)."""
    vx, vy = (float(v) * ahead for v in velocity)
    x0, y0, x1, y1 = (float(v) for v in np.asarray(box, float) + [vx, vy, vx, vy])
    return (x0 <= margin and vx < 0) or (x1 >= width - margin and vx > 0) or \
        (y0 <= margin and vy < 0) or (y1 >= height - margin and vy > 0)


def greedy(pairs, free: set, unmatched_dets: list):
    """Walk (score, detection index, track) pairs in the caller's order, best first, taking each
    detection and each free track once; removes what it takes from `free` / `unmatched_dets`."""
    used = set()
    for _, di, t in pairs:
        if di in used or t.id not in free:
            continue
        used.add(di)
        free.discard(t.id)
        unmatched_dets.remove(di)
        yield di, t


class Tracker:
    """Associates face/back detections with tracks frame by frame; hands are kept per frame."""

    def __init__(self, size: tuple[int, int] | None = None):
        self.size = size  # (width, height) of the frames, for EXIT_MARGIN; None: no exit test
        self.tracks: list[Track] = []
        self.hands: list[Detection] = []
        self.next_id = 1
        self.frame = -1
        self.born: list[Track] = []  # tracks created this frame
        self.glimpses: list[Track] = []  # unconfirmed read faces dropped lately (see REACQUIRE_FRAMES)
        self.died: list[Track] = []  # tracks dropped this frame
        self.confirmed_now: list[Track] = []  # tracks confirmed this frame (a new card, for the settle)
        self.renamed: dict[int, int] = {}  # old track id -> the newer track that took its history, this frame

    def update(self, dets: list[Detection], frame: int, excluded: set[str] = frozenset()) -> None:
        self.frame = frame
        self.born, self.died, self.renamed = [], [], {}
        self.hands = [d for d in dets if d.kind == HAND]
        cards = [d for d in dets if d.kind != HAND]
        for t in self.tracks:
            t.prev_centre = t.centre
            t.prev_smooth = t.smooth
        unmatched_dets = list(range(len(cards)))
        free = {t.id for t in self.tracks}
        self._match_by_name(cards, unmatched_dets, free)
        for rnd in ("high", "low"):
            pool = [i for i in unmatched_dets if (cards[i].conf >= HIGH_CONF) == (rnd == "high")]
            self._match(cards, pool, free, unmatched_dets)
        self._reacquire(cards, unmatched_dets, free)
        lying = None  # (the lying cards' boxes, looked up only for an unread newcomer)
        for i in unmatched_dets:
            d = cards[i]
            t = Track(self.next_id, d.kind, d.quad.copy(), frame, d.centre.copy(), frame)
            if d.kind == FACE and d.card == UNKNOWN:
                lying = self._lying_faces(frame) if lying is None else lying
                t.echo_born = overlap_of_smaller(aabb(d.quad), lying) >= ECHO_COVER
            if d.kind == FACE and d.card != UNKNOWN:
                self._recall_glimpse(t, d.card)
            t.vote(d)
            t.prev_centre = t.centre
            t.smooth = t.centre.copy()
            self.next_id += 1
            self.tracks.append(t)
            self.born.append(t)
        hand_boxes = np.array([aabb(h.quad) for h in self.hands]).reshape(-1, 4)
        keep = []
        for t in self.tracks:
            box = aabb(t.quad)
            under_hand = covered_fraction(box, hand_boxes) >= COVER_FRACTION
            if under_hand:
                t.hand_over = frame
            if t.last_frame == frame:
                t.misses, t.occluded, t.exiting = 0, False, False
                keep.append(t)
                continue
            t.misses += 1
            if t.misses == 1 and self.size is not None and t.speed >= MOVING_PX:
                t.exiting = leaving_picture(box, t.velocity, *self.size, EXIT_MARGIN * min(self.size))
            in_flight = t.speed >= MOVING_PX
            if t.misses == 1:
                # (found again far off at its last sighting: at the pace it went unseen, `jump`)
                pace, speed = (t.velocity, t.speed) if t.jump is None else (t.jump, float(np.linalg.norm(t.jump)))
                t.lost_moving = in_flight
                t.lost_flying = flying(speed, box_diag(box))
                t.lost_velocity = pace.copy()
            t.velocity = np.zeros(2)
            # a card lost in flight was carried (under a hand, or away), not covered by cards
            # put on it: one carried off over the stock was kept "under" the stock's cards
            t.occluded = under_hand or not in_flight and \
                cards_cover(box, [aabb(o.quad) for o in self.tracks if o is not t and o.last_frame == frame
                                  and o.first_frame > t.first_frame]) >= CARD_COVER_FRACTION
            limit = EXIT_MISSES if t.exiting else MAX_OCCLUDED if t.occluded else MAX_MISSES
            if t.confirmed and t.misses <= limit or (not t.confirmed and t.misses <= 1):
                keep.append(t)
            else:
                self.died.append(t)
                if not t.confirmed and t.kind == FACE and t.votes:
                    self.glimpses.append(t)
        self.glimpses = [g for g in self.glimpses if frame - g.last_frame <= REACQUIRE_FRAMES]
        self.tracks = keep
        for t in keep:  # born unread, read only later: a glimpse of its name may still say where it came from
            if t.kind == FACE and t.votes and not t.recalled and t.last_frame == frame \
                    and frame - t.first_frame <= REACQUIRE_FRAMES:
                self._recall_glimpse(t, t.top_read)
        self._place_echo_born(frame)
        self._merge_pickups(frame)
        self._merge_landings(frame)
        self._merge_reboxed(frame, hand_boxes)
        self._merge_twins(frame)
        self._merge_duplicates(frame)
        self._note_rest(frame)
        self.confirmed_now = [t for t in self.tracks if t.confirmed and not t.announced]
        for t in self.confirmed_now:
            t.announced = True
        faces = [t for t in self.tracks if t.kind == FACE]
        names = resolve_identities(faces, excluded)
        for t in faces:
            t.name = names[t.id]

    def _match(self, cards, pool, free, unmatched_dets) -> None:
        if not pool or not free:
            return
        tracks = [t for t in self.tracks if t.id in free]
        a = np.array([aabb(cards[i].quad) for i in pool])
        # constant-velocity prediction: where each track should be now
        # (only for tracks seen in the previous frame: a card that vanished under a hand has
        # most likely been put down, so it is looked for where it was last seen)
        fresh = np.array([[1.0 if self.frame - t.last_frame == 1 else 0.0] for t in tracks])
        vel = np.array([t.velocity for t in tracks]).reshape(-1, 2) * fresh
        b = np.array([aabb(t.quad) for t in tracks]) + np.hstack([vel, vel])
        iou = iou_matrix(a, b)
        pairs = []
        for i, di in enumerate(pool):
            d = cards[di]
            diag = box_diag(a[i])
            carried_in = self._glimpsed(d, diag)
            for j, t in enumerate(tracks):
                if t.kind != d.kind or carried_in is not None and t.votes and t.top_read != d.card \
                        and not t.moved and t.first_frame + REACQUIRE_FRAMES < carried_in.first_frame:
                    # (a card of the name just carried in is that card landing, not the card lying
                    # here since before it came, misread)
                    continue
                score = iou[i, j]
                if t.confirmed and t.speed < MOVING_PX and score < STILL_MATCH_IOU and not (
                        d.card != UNKNOWN and d.card == t.top_read):
                    continue  # a card lying still is only continued where it lies (or by its own name)
                gap = self.frame - t.last_frame
                if d.kind == FACE and d.card != UNKNOWN and t.votes:
                    best = t.top_read
                    same_place = score >= SAME_PLACE_IOU and gap == 1
                    if best != d.card and same_place and d.conf >= LAID_OVER_READ and t.speed < MOVING_PX \
                            and t.votes[best] >= CONFLICT_VOTES and self.frame - t.first_frame >= LAID_OVER_AGE \
                            and self.frame - t.hand_over <= LAID_OVER_HAND:
                        continue  # a sure other name where a well-read card has lain: a card laid on it
                    if best != d.card and not same_place:
                        # a card in flight with little history accepts a misread; a lying card does
                        # not (nor one that was out of sight: another card may lie in its place),
                        # and no card whose name is well established does; but one found again
                        # squarely in its place soon, read weakly, is itself (REFOUND_GAP)
                        lying = t.speed < MOVING_PX and (score < SAME_PLACE_IOU or gap > 1)
                        refound = t.speed < MOVING_PX and 1 < gap <= REFOUND_GAP and score >= REFOUND_IOU \
                            and d.conf < LAID_OVER_READ and t.last_frame - t.rest_frame >= REFOUND_REST \
                            and self._put_elsewhere(t, diag)
                        if not refound and ((lying and t.votes[best] >= 2 * d.conf) or
                                            (t.votes[best] >= CONFLICT_VOTES and d.conf >= HIGH_CONF)):
                            continue
                if score < MATCH_IOU:
                    dist = float(np.linalg.norm(d.centre - (b[j, :2] + b[j, 2:]) / 2))
                    in_flight = gap == 1 and flying(t.speed, diag)  # (lost: see _reacquire)
                    reach = (MATCH_CENTRE if in_flight else STILL_CENTRE) * diag
                    if in_flight and d.card == UNKNOWN:
                        reach = min(reach, STILL_CENTRE * diag + FLIGHT_UNREAD_FRAMES * float(np.linalg.norm(t.velocity)))
                    if dist > reach:
                        continue
                    score = 0.1 * (1 - dist / (reach + 1e-9))
                pairs.append((score, di, t))
        # ties: the moving card (a card landing on one lying there hides it, and its box in the
        # lying card's place fits both alike: bellot 51 game 0's 10H on the 9D), then the older
        pairs.sort(key=lambda p: (-round(p[0], 2), -p[2].speed, p[2].first_frame))
        for di, t in greedy(pairs, free, unmatched_dets):
            self._continue(t, cards[di])

    def _glimpsed(self, d: Detection, diag: float) -> "Track | None":
        """A glimpse of `d`'s name dropped lately (REACQUIRE_FRAMES) within REACQUIRE_DIAGS of
        it, that came REACQUIRE_MIN_PATH from where it was first seen: a card carried in, read
        too briefly to be confirmed, if any. A fresh Atlas game: Bob's QS, glimpsed twice on
        its way in, was put half over his JD; its boxes, read weakly, went on as the JD's track
        and his play was never seen (the camera lost the last 220 events). A glimpse that went
        nowhere is a lying card misread for a frame (a fresh penguins game: Dan's 8C read 7C)."""
        if d.kind != FACE or d.card == UNKNOWN:
            return None
        return next((g for g in self.glimpses if g.top_read == d.card and travelled_diags(g) >= REACQUIRE_MIN_PATH
                     and np.linalg.norm(g.centre - d.centre) <= REACQUIRE_DIAGS * diag), None)

    def _put_elsewhere(self, t: "Track", diag: float) -> bool:
        """Whether a card read and confirmed, first seen at most REFOUND_GAP frames before the
        lying card `t` was last seen (or since), and seen now or a frame ago, lies elsewhere
        (beyond STILL_CENTRE box diagonals of `t`): the hand that covered `t` put that card
        down, not one on `t` (`REFOUND_GAP`)."""
        return any(o is not t and o.kind == t.kind and o.confirmed and o.votes and o.first_frame >= t.last_frame - REFOUND_GAP
                   and o.last_frame >= self.frame - 1 and np.linalg.norm(o.centre - t.centre) > STILL_CENTRE * diag
                   for o in self.tracks)

    def _match_by_name(self, cards, unmatched_dets, free) -> None:
        """One of each card: a detection that reads X continues the track known as X (if it
        is within reach), before any geometry — so a card carried over another one cannot
        take over the covered card's track."""
        pairs = []
        lying = [t for t in self.tracks if t.kind == FACE and t.confirmed and t.speed < MOVING_PX]
        lying_boxes = np.array([aabb(t.quad) for t in lying]).reshape(-1, 4)
        for di in unmatched_dets:
            d = cards[di]
            if d.kind != FACE or d.card == UNKNOWN:
                continue
            box = aabb(d.quad)
            diag = box_diag(box)
            # (a box squarely on another lying card is that card, misread, not a lying card gone
            # there: a card that did not move does not turn up elsewhere)
            on = [o for o, iou in zip(lying, iou_matrix(box[None], lying_boxes)[0]) if iou >= SAME_PLACE_IOU]
            for t in self.tracks:
                if t.id not in free or t.kind != FACE or t.vote_mass < NAME_MATCH_VOTES:
                    continue
                name, share = vote_identity(t.votes)
                if name != d.card:
                    continue
                dist = float(np.linalg.norm(d.centre - t.centre))
                if t.speed < MOVING_PX and dist > STILL_CENTRE * diag and any(o is not t for o in on):
                    continue
                if dist <= REACQUIRE_DIAGS * diag:
                    pairs.append((dist, di, t))
        pairs.sort(key=lambda p: p[0])
        for di, t in greedy(pairs, free, unmatched_dets):
            self._continue(t, cards[di])

    def _found_after(self, t: "Track") -> None:
        """Note the stretch `t` went unseen, as it is matched again on this frame."""
        t.unseen = with_gap(t.unseen, t.last_frame, self.frame)

    def _continue(self, t: "Track", d: Detection) -> None:
        self._found_after(t)
        gap = max(1, self.frame - t.last_frame)
        t.jump = None
        step = (d.centre - t.centre) / gap
        t.velocity = VELOCITY_SMOOTHING * step + (1 - VELOCITY_SMOOTHING) * t.velocity
        old = t.smooth if t.smooth is not None else t.centre
        t.smooth = POSITION_SMOOTHING * d.centre + (1 - POSITION_SMOOTHING) * old
        t.speed = float(np.linalg.norm(t.smooth - old)) / gap
        t.quad = d.quad.copy()
        t.last_frame = self.frame
        t.hits += 1
        t.vote(d)

    def _merge_duplicates(self, frame: int) -> None:
        """One of each card: a track that lost sight of card X while a newer track now reads X
        is the same card moved (picked up unread, carried, read again). The newer track takes
        over the older one's history (where it was first seen, its votes); the older goes."""
        live = [t for t in self.tracks if t.kind == FACE and t.last_frame == frame and t.vote_mass >= MERGE_VOTES]
        for new in live:
            name = new.top_read
            if name == UNKNOWN:
                continue
            for old in self.tracks:
                if old is new or old.kind != FACE or old.last_frame == frame or old.first_frame >= new.first_frame:
                    continue
                # (nor a card that was elsewhere: once the older was lost, one that would have
                # had to fly there; while it was seen, one seen far from it for a while. Fresh
                # bellot games: Cid's 10D, first seen at the top edge 400 px away 3 frames after
                # Bob's 7D, read "10D" now and then, was last seen; Bob's JS, read JH at his edge
                # while the JH lay 760 px away for 42 frames. Each took the other's history and
                # was logged as another seat's card)
                gap = new.first_frame - old.last_frame
                off = float(np.linalg.norm(new.first_centre - old.centre))
                if old.top_read != name or gap > 0 and off > MAX_CARRY_PX * gap or \
                        gap <= -SEEN_APART_FRAMES and off > box_diag(aabb(old.quad)):
                    continue
                new.adopt(old)
                new.hits += old.hits
                self.tracks.remove(old)
                self.renamed[old.id] = new.id
                break

    def _lying_faces(self, frame: int, but: "Track | None" = None) -> np.ndarray:
        """Boxes (K, 4) of the face-up cards seen this frame lying still, known (confirmed and
        read at times: the unread boxes of a card being turned up on the stock are no lying card
        for a flip's next box to echo; a fresh tango render placed Dan's flip 3C where it
        landed, and it was logged as a play from his hand)."""
        return np.array([aabb(t.quad) for t in self.tracks if t.kind == FACE and t.last_frame == frame
                         and t.confirmed and t.speed < MOVING_PX and t.votes and t is not but]).reshape(-1, 4)

    def _place_echo_born(self, frame: int) -> None:
        """A track born from an unread box lying mostly over known cards lying still
        (ECHO_COVER) may be an echo of them, not the new card's first sighting: it is first
        placed where it is first seen clear of them. A real-model render: a QC carried down
        from the top seat was read as JD and JC near the edge, then continued from an echo
        box between two lying cards, whose place made its path point to the right-hand seat.
        (Only lying cards: the boxes of a card being turned up on the stock echo each other.)"""
        for t in self.tracks:
            if not t.echo_born or t.kind != FACE or t.last_frame != frame or t.first_frame == frame:
                continue
            if overlap_of_smaller(aabb(t.quad), self._lying_faces(frame, but=t)) < ECHO_COVER:
                t.first_centre, t.echo_born, t.born = t.centre.copy(), False, None

    def _recall_glimpse(self, t: "Track", name: str) -> None:
        """A track reading `name`, new or young, starts where the latest glimpse of that name
        near its own first position was first seen (and takes over its reads). A glimpse is
        an unconfirmed track that read the name and was dropped at most REACQUIRE_FRAMES ago,
        within REACQUIRE_DIAGS box diagonals: a card flipped from the stock is read only now
        and then while the hand carries it (a real-model render: JS read at the stock, then
        twice on its way, each too briefly for a track to be confirmed), and the place it came
        from is what says it was a flip."""
        box = aabb(t.quad)
        reach = REACQUIRE_DIAGS * box_diag(box)
        near = [g for g in self.glimpses if g.top_read == name and g.first_frame <= t.first_frame
                and self.frame - g.last_frame <= REACQUIRE_FRAMES and np.linalg.norm(g.centre - t.first_centre) <= reach
                and not self._misread_lying(g, name)]
        if near:
            g = max(near, key=lambda g: g.last_frame)
            self.glimpses.remove(g)
            born = (t.first_frame, t.first_centre.copy(), g.first_centre.copy())
            t.adopt(g)
            t.recalled, t.born = True, born

    def _misread_lying(self, g: "Track", name: str) -> bool:
        """Whether the glimpse `g` lay where a card lying still before it lies (GLIMPSE_ON_CARD),
        a card read as `name` at times: that card misread, not another card on its way in.
        Penguins 211 game 0: Ann's 6C, first boxed where it landed (its way in unseen), took
        the start of a "6C" glimpse on Bob's side, Bob's 6S misread for a frame, and her play
        was logged as his slough."""
        return any(o.kind == FACE and o is not g and o.confirmed and o.speed < MOVING_PX and o.first_frame < g.first_frame
                   and o.votes.get(name, 0.0) > 0.0
                   and np.linalg.norm(g.centre - o.centre) <= GLIMPSE_ON_CARD * short_side(o.quad) for o in self.tracks)

    def _merge_pickups(self, frame: int) -> None:
        """A card lying still, picked up, goes on as the track born where it lay (PICKUP_GAP,
        PICKUP_PATH): the lying card's track takes over the new one's place, motion and reads."""
        for new in [t for t in self.tracks if t.kind == FACE and t.last_frame == frame
                    and 0 < frame - t.first_frame <= PICKUP_FRAMES]:
            lay = [o for o in self.tracks if o.kind == FACE and o is not new and o.confirmed and o.speed < MOVING_PX
                   and 0 < new.first_frame - o.last_frame <= PICKUP_GAP]
            # (box diagonals of the lying card: a carried card's box swells as it tilts)
            diags = [box_diag(aabb(o.quad)) for o in lay]
            lay = [o for o, diag in zip(lay, diags) if np.linalg.norm(new.first_centre - o.centre) <= STILL_CENTRE * diag
                   and np.linalg.norm(new.centre - new.first_centre) >= PICKUP_PATH * diag]
            if len(lay) != 1:
                continue  # (none, or no telling which)
            old, = lay
            if old.votes.get(old.top_read, 0.0) >= CONFLICT_VOTES and new.top_read not in (UNKNOWN, old.top_read) \
                    and new.peak[new.top_read] >= HIGH_CONF:
                continue  # (a card whose name is well established, and one read surely as another: two cards)
            self._take_over(old, new, frame)

    def _merge_landings(self, frame: int) -> None:
        """A card carried in goes on as the track born where it was last seen, as it was last
        seen (PICKUP_GAP): the carried card's track takes over the new one's place, motion and
        reads, and keeps where it came from. Not a new box over another card seen (ECHO_COVER:
        that card's own box, the carried card passing over it; a real-model full bellot game
        took Cid's slough 8S into a box of the 8H he had just played), nor one after a lying
        card's jitter (the carried card moved off its rest, REST_RADIUS, as it was last seen)."""
        for new in [t for t in self.tracks if t.kind == FACE and t.last_frame == frame
                    and 0 < frame - t.first_frame <= PICKUP_FRAMES]:
            # (not one last seen as one box found far off, `_reacquire`: no flight to land from; a
            # fresh penguins game took Cid's QS, boxed anew under Dan's arm, for his eaten 3S landing)
            flown = [o for o in self.tracks if o.kind == FACE and o is not new and o.confirmed and o.moved
                     and o.speed >= MOVING_PX and o.jump is None and o.last_frame < frame
                     and abs(new.first_frame - o.last_frame) <= PICKUP_GAP and travelled_diags(o) >= REACQUIRE_MIN_PATH]
            diags = [box_diag(aabb(o.quad)) for o in flown]
            flown = [o for o, diag in zip(flown, diags) if max(np.linalg.norm(new.first_centre - o.centre),
                                                              np.linalg.norm(new.centre - o.centre)) <= STILL_CENTRE * diag]
            if len(flown) != 1:
                continue  # (none, or no telling which)
            others = np.array([aabb(t.quad) for t in self.tracks if t.kind == FACE and t.confirmed
                               and t.last_frame == frame and t is not new and t is not flown[0]]).reshape(-1, 4)
            if overlap_of_smaller(aabb(new.quad), others) >= ECHO_COVER:
                continue  # (another card's box: the carried card passed over it, or was put on it)
            self._take_over(flown[0], new, frame)

    def _merge_reboxed(self, frame: int, hand_boxes: np.ndarray) -> None:
        """A card lying still, misread while it settled, boxed anew where it lay and read as a
        name it was read as at times goes on as the new track (see PICKUP_GAP): the lying card's
        track takes over the new one's place and reads. `hand_boxes`: this frame's (K, 4)."""
        for new in [t for t in self.tracks if t.kind == FACE and t.first_frame == frame and t.last_read != UNKNOWN]:
            diag = box_diag(aabb(new.quad))
            old = [o for o in self.tracks if o.kind == FACE and o is not new and o.confirmed and o.speed < MOVING_PX
                   and 0 < frame - o.last_frame <= PICKUP_GAP and o.votes.get(new.last_read, 0.0) > 0.0
                   and o.votes[o.top_read] < CONFLICT_VOTES
                   and np.linalg.norm(new.centre - o.centre) <= STILL_CENTRE * diag
                   and covered_fraction(aabb(o.quad), hand_boxes) < COVER_FRACTION]
            if len(old) == 1:  # (none, or no telling which)
                self._take_over(old[0], new, frame)

    def _take_over(self, old: "Track", new: "Track", frame: int) -> None:
        """`old` goes on as `new` (the same card, boxed anew): it takes over the new track's
        place, motion and reads, keeping its own id and where it was first seen; `new` goes."""
        old.absorb_reads(new)
        old.hits += new.hits
        old.quad, old.last_frame, old.misses, old.occluded = new.quad.copy(), frame, 0, False
        old.velocity, old.speed, old.smooth, old.prev_smooth = new.velocity.copy(), new.speed, new.smooth, new.prev_smooth
        old.last_read = new.last_read
        self.tracks.remove(new)

    def _merge_twins(self, frame: int) -> None:
        """One box read alternately as two names is one card (see TWIN_GAP): the younger
        track's votes and hits go to the older one, which keeps where it was first seen.
        Two tracks each read as its own name (MERGE_VOTES of it) in one frame are two cards,
        however close: a slough laid half over the trick card of its rank (a real-model full
        game merged Cid's JC into the JH it lay on, and the slough was never reported)."""
        faces = [t for t in self.tracks if t.kind == FACE]
        read_as_own = [t for t in faces if t.last_frame == frame and t.last_read == t.top_read != UNKNOWN
                       and t.votes[t.top_read] >= MERGE_VOTES]
        for i, a in enumerate(read_as_own):
            box = aabb(a.quad)
            reach = STILL_CENTRE * box_diag(box)
            for b in read_as_own[i + 1:]:
                if a.last_read != b.last_read and np.linalg.norm(a.centre - b.centre) <= 2 * reach:
                    a.seen_beside.add(b.id)
                    b.seen_beside.add(a.id)
        for old in faces:
            if old.last_frame != frame:
                continue
            box = aabb(old.quad)
            reach = STILL_CENTRE * box_diag(box)
            for new in faces:
                if new is old or new.first_frame <= old.first_frame or new.last_frame == frame \
                        or frame - new.last_frame > TWIN_GAP or new not in self.tracks or new.id in old.seen_beside:
                    continue
                if np.linalg.norm(new.first_centre - old.centre) > reach or \
                        iou_matrix(box[None], aabb(new.quad)[None])[0, 0] < SAME_PLACE_IOU:
                    continue
                old.absorb_reads(new)
                old.hits += new.hits
                self.tracks.remove(new)

    def _reacquire(self, cards, unmatched_dets, free) -> None:
        """A card lost while it was moving (carried under a hand) and found again further on
        its way is the same card: it keeps its track, so where it came from is not forgotten."""
        lost = [t for t in self.tracks if t.id in free and t.speed >= MOVING_PX
                and self.frame - t.last_frame <= REACQUIRE_FRAMES and travelled_diags(t) >= REACQUIRE_MIN_PATH]
        pairs = []
        seen_now = np.array([aabb(t.quad) for t in self.tracks if t.last_frame == self.frame]).reshape(-1, 4)
        for di in unmatched_dets:
            d = cards[di]
            box = aabb(d.quad)
            if d.card == UNKNOWN and overlap_of_smaller(box, seen_now) >= ECHO_COVER:
                continue  # an unread box over a card already seen this frame: that card's echo
            diag = box_diag(box)
            for t in lost:
                if t.kind != d.kind:
                    continue
                best = max(t.votes.items(), key=lambda kv: kv[1])[0] if t.votes else UNKNOWN
                if d.card != UNKNOWN and best != UNKNOWN and d.card != best:
                    continue
                dist = float(np.linalg.norm(d.centre - t.centre))
                if dist <= REACQUIRE_DIAGS * diag:
                    pairs.append((dist, di, t))
        pairs.sort(key=lambda p: p[0])
        for di, t in greedy(pairs, free, unmatched_dets):
            d = cards[di]
            # (at the pace it went while out of sight: carried on and lost again, it was lost in
            # flight, `Track.lost_flying`; a fresh penguins game: Dan's eaten 3S, seen once more as
            # his hand took it off over Cid's QS, was kept lying there, and the eat was not seen)
            t.jump = (d.centre - t.centre) / max(1, self.frame - t.last_frame)
            t.velocity = np.zeros(2)
            t.smooth = d.centre.copy()
            t.quad = d.quad.copy()
            self._found_after(t)
            t.last_frame = self.frame
            t.hits += 1
            t.vote(d)
            t.speed = MOVING_PX  # still counts as in flight until it is seen lying still

    def _note_rest(self, frame: int) -> None:
        """Whether each track seen this frame moved off where it came to rest (REST_RADIUS);
        one that did comes to rest anew where it is."""
        for t in self.tracks:
            if t.last_frame != frame or t.smooth is None:
                continue
            t.moved = t.rest is None or float(np.linalg.norm(t.smooth - t.rest)) > REST_RADIUS * short_side(t.quad)
            if t.moved:
                t.rest, t.rest_frame = t.smooth.copy(), frame

    def judge_recalled_starts(self) -> None:
        """At a settle (the cards lie still): each card that took a glimpse's first position
        since the last starts where its own boxes began, if they headed back towards the glimpse
        (`glimpse_behind`). Judged once."""
        for t in self.tracks:
            if t.born is not None and t.kind == FACE and self.size is not None:
                born_frame, born, glimpse = t.born
                if not glimpse_behind(glimpse, born, t.centre, short_side(t.quad), self.size):
                    t.first_frame, t.first_centre = born_frame, born.copy()
                t.born = None

    def drop_carried(self, misses: int, carried_off) -> list["Track"]:
        """Drop the confirmed cards lost while moving at least `misses` frames ago, not under a
        hand, that `carried_off(track)` says were carried off: asked when the table has been
        still that long without them (a collect, an eat). Waiting for their MAX_MISSES held the
        report back and, at their death, broke the settle (real-model tango: an eat reported
        0.75 s after the table was still)."""
        gone = [t for t in self.tracks if t.confirmed and t.misses >= misses and not t.occluded
                and t.lost_moving and carried_off(t)]
        self.tracks = [t for t in self.tracks if t not in gone]
        return gone

    def max_motion(self) -> float:
        """Largest displacement of a visible track's smoothed centre since the last frame
        (pixels), among the tracks that moved off their rest (REST_RADIUS): a lying card's box
        jitter is no motion."""
        m = 0.0
        for t in self.tracks:
            if t.last_frame == self.frame and t.prev_smooth is not None and t.smooth is not None and t.moved:
                m = max(m, float(np.linalg.norm(t.smooth - t.prev_smooth)))
        return m
