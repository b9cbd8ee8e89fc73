"""What the tracks at a settle say: pure functions over `Seen` (one card's track, summarised).

How sure a card's name is (`strong_identity`, `immature`), where a card came from
(`origin_seat`, `seat_is_sure`), which cards were put together (`run_mate`,
`runs_put_together`, `group_arrivals`, `dreck_puts`), and which tracks are no card of their
own (a second box: `double_read`, `box_over`; a card lost and found again: `handed_over`,
`in_flight`, `read_at_last`). `vision.live.events` turns them into table-log events; every
threshold here is named and documented once.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field, replace

import numpy as np

from vision.live.layout import Layout, edge_point

#: The name of a card whose face was not read.
UNKNOWN = "??"
#: Identity share (of a track's votes) below which a card's name is "weak evidence".
STRONG_IDENTITY = 0.75
#: ... and vote mass (sum of read confidences) for that name below which it is weak evidence
#: too: one stray misread continued by unread detections holds 100% of a tiny vote (a "ghost"
#: card that appears for a few frames while a pile is carried off); a card really put down is
#: read in most of its frames, several votes by the time the table settles. A new card whose
#: best name or guess has less is not reported yet (`immature`): it waits for a later settle.
STRONG_VOTES = 2.0
#: ... and a new card is not reported before at least one read of its name was this sure: a
#: card half under another is read as a third card in frame after frame at 0.26-0.33 (a real-
#: model render: QH as 10H, reported as Ann's play, and the camera fell out of step). Real-model
#: replay, 20 games: bellot F1 0.930 / 0.939 / 0.961 / 0.961 / 0.958 / 0.955 for 0 / 0.3 /
#: 0.35 / 0.4 / 0.45 / 0.55 (questions 19 -> 6); tango 0.735 up to 0.4, 0.678 at 0.55.
PEAK_READ = 0.4
#: ... unless it has been seen for this many seconds, read as one name (STRONG_IDENTITY of its
#: votes) with at least LONG_READ_VOTES of vote mass: then it is reported, as weak evidence
#: (logged where legal and expected, else asked about). Decks read by their faces alone never
#: reach PEAK_READ on some cards: short bench, an oxygen-white game, Dan's QH (read "JH" at
#: 0.34 at best, 39 votes) and Ann's QD were never reported, so Bob's 10D was logged as Dan's
#: play. Short bench F1 0.710 / 0.749 -> 0.717 / 0.764 (nobody / a person answering; only
#: oxygen-white and future games change; 1 s / 3 votes and 3 s / 8 votes: 0.720 / 0.763 and
#: 0.711 / 0.758). Without the one-name condition a second box beside a full Atlas game's 9C,
#: read 6C at 63 %, was reported at 2 s and that game fell from 137 to 102 events matched.
LONG_READ_S = 2.0
LONG_READ_VOTES = 5.0
#: Cards of one put (a run) are first seen within this many seconds of each other, and
#: lie at most this many ranks apart (touching cards, or two hidden under them).
PUT_TOGETHER_S = 2.0
RUN_REACH = 3
#: ... but a run's card below one seen first may be first seen this much later: it lies
#: under the others and shows a strip, often read only as the run is carried off (a real-model
#: full bellot game: Ann's 4H, first read 3.6 s after her 5H, as Bob ate them; 4H 5H was
#: logged as 5H, and the camera lost step). A card below another of its suit is never its beat.
LOWER_MATE_S = 4.0
#: Identity alternatives considered per card (best names by votes).
NAME_ALTERNATIVES = 2
#: Cards that came and went are chained into runs by their guesses too, a guess holding at
#: least this share of its track's votes (a fresh tango game: Bob's 7D-JD, seen as JD, 7D and a
#: 10D read 6D at 72 % / 10D at 24 %, was split into JD and an illegal 6D 7D; a 4 % guess
#: chained Ann's AS with Dan's 8S).
MATE_GUESS_SHARE = 0.2
#: A card seen this long (seconds, first to last sighting) that came and went between two
#: settles was put down and taken away, even when no card the camera had accounted for left
#: with it; a card seen for less may be a glimpse of one in flight. Real-model full tango
#: game 0: Cid's JC, seen for 2.6 s, killed the trick with two plays the camera had not
#: reported yet, and was never logged (the camera lost step for the rest of the game).
CAME_AND_WENT_S = 2.0
#: Cards that arrived in one settle belong to one put (a run, a dreck row) when their
#: centres chain within this many card widths of each other (plays stay separate, S2.5).
GROUP_DIST = 0.9

#: A card that came and went lying within this many card widths of a card of its rank, or of
#: a card it was read as at times, seen before and after it, was that card boxed a second
#: time and misread (5D read as 5H in a second box while a hand was over it; a box over 3C and
#: 3H read 7H and 3H). Measured on six replayed full games and 30 short ones: such doubles lay
#: 0.0-0.28 widths off; real cards of the same rank, 0.31 and more.
DOUBLE_READ_DIST = 0.28
#: A flip is the card a hand took from the stock: a hand box centred within HAND_AT_STOCK stock
#: radii of the stock for FLIP_HAND_FRAMES frames or more (first to last; the hand box drops out
#: now and then: gaps up to FLIP_HAND_GAP_S) within the FLIP_HAND_WINDOW_S before a card is first
#: seen, the last of them at most FLIP_HAND_GAP_S before it, says that card was flipped, wherever it
#: was first seen (its face shows only once it is turned, on the way to the trick). Measured on the
#: model's detections of 21 full games, first to last frame with such a hand during each true Part 1
#: put: at most 4 for plays and sloughs from the hand (959; one had 4), 5 or more for 51 of 89 flips.
#: Five flips whose flight went unseen had been logged as plays from the hand (fresh tango 21 game
#: 0: Bob's QS, first seen 1.7 stock radii out, after his hand lay on the stock for 10 frames).
HAND_AT_STOCK = 0.75
FLIP_HAND_FRAMES = 5
FLIP_HAND_GAP_S = 0.5
FLIP_HAND_WINDOW_S = 1.5
#: A card first seen already lying in the play area (its flight unseen: carried face down, or
#: boxed too faintly in flight to track) came from where the hand that brought it came in
#: (`hand_origin`): a hand box within HAND_REACH card widths of where the card was first seen,
#: at most HAND_REACH_S before, followed back frame by frame (HAND_STEP card widths a frame,
#: gaps up to HAND_GAP frames) to where it was first seen; if that lies outside the play area,
#: its zone is the seat. A rendered oxygen-white game: Bob's slough 2D, boxed at 0.03-0.13 in
#: flight, was first tracked on the 2S it covered; Dan's play was as likely, and the camera
#: held it and the next put back to the clip's end. His hand came in from his edge at 50-70 px
#: a frame (0.8-1.0 card widths).
HAND_REACH = 1.5
HAND_REACH_S = 0.5
HAND_STEP = 1.5
HAND_GAP = 2
#: A card's track lost in flight while a second box of it, born within this many card widths,
#: went on: that box is the card, and came from where the lost track was first seen (`found_again`).
FOUND_AGAIN_WIDTHS = 2.0
#: Two new boxes of puts that may hold several cards lying within this many card widths of
#: each other at a settle are one card boxed twice (`EventMaker.observe`). A run's cards lie a
#: rendered 0.42 face widths apart, 0.28 of these widths (bellot: 27-28 px); a fresh bellot
#: game's 10S boxed twice, "QS" and 10S, lay 1.4 px apart.
SQUARELY_ON = 0.1
#: A box first seen where it lies, read no surer than this (its best single read), lying within
#: BOX_OVER_DIST card widths of a card seen before it and read more surely, may be a second box
#: over that card: it waits up to BOX_HOLD_S seconds, and if it vanishes while that card stays it
#: was one (a real-model short tango game: a "10S" box over Dan's 9S, 0.37 widths off, read at
#: 0.41 at best, was logged as Dan's winning play and vanished 3.5 s later; the next two plays
#: were then sloughs, one ruled illegal). Where runs are laid (Part 2) only a card accounted at
#: an earlier settle counts as the card under it, and being carried off with that card is
#: vanishing too (a fresh penguins game: a "7D" box over Cid's 9D, read at 0.49 at best, 0.52
#: by the time the killed cards were cleared, had been logged as his lead).
BOX_PEAK = 0.55
BOX_OVER_DIST = 0.45
BOX_HOLD_S = 5.0
#: A box seen only while a card under it went unseen lay on that card when its centre was
#: within this many card widths of the card's (`stood_in`): the part of a card a hand leaves
#: in sight is boxed apart, its centre up to half a card off.
STOOD_IN_DIST = 0.6
#: An unread track that ended where, and about when (within this many seconds), a track of a
#: card it was read as at times began (DOUBLE_READ_DIST) was that card: its track lost and
#: found again (a real-model short game: Cid's 3D, unread while put down, then tracked anew
#: 0.23 widths away in the same frame, was logged as his play of an unread card and a slough).
HANDOVER_S = 0.5
#: A box born on a lying card and seen with that card's own box for at least this long
#: (seconds) is a second box of it, not a card put on it (`boxed_over`): a card put down covers
#: the one below within a frame or two (a fresh Atlas game: Cid's QC, put on the JS, was born
#: the frame the JS's box was last seen; a fresh penguins game's "6C" box on the 3C, 0.75 s).
BOXED_TOGETHER_S = 0.25
#: ... nor a box read at least once this surely: a second box is read weakly (the eleven
#: boxed_over cases over 57 recorded games: second boxes at 0.26-0.59, and two cards put
#: squarely on another at 0.76 and 0.78: a fresh bellot game's 7S slough over the 7D, set aside,
#: and the 7S never reported; its stock was a card off for the rest of Part 1).
BOXED_OVER_PEAK = 0.7
#: A track carried in at least this many card widths that ended just as another track began
#: where it ended (HANDOVER_S, DOUBLE_READ_DIST) was that card, boxed anew as it landed (a
#: fresh tango game: Bob's 6D, carried 5.6 widths, went on as a track read 6H; logged as his
#: play of 6D and his slough of 6H).
LANDED_PATH = 1.5
#: ... and a track carried in that ended as a track of a card it was read as at times began
#: ahead on its path (within FLIGHT_GAP card widths of where it ended, within FLIGHT_ANGLE of
#: the way it went) was that card still in flight, found again (a real-model short tango game:
#: Cid's flip 3C, boxed for 5 frames as JC, 3C at times, then found again 0.7 widths on and
#: carried to him, was logged as his flip of JC and Dan's of 3C).
FLIGHT_GAP = 1.0
FLIGHT_ANGLE = np.radians(30.0)
#: A card first seen this far (fraction of the frame's short side) from where it was put
#: down has a path that points back to the edge it came from.
MIN_TRAVEL = 0.04
#: ... and at least this many card widths: a hand still covering part of a card just put down
#: shifts its detected box away from the hand (towards the far side) until it lets go, so a
#: shorter path can point to the opposite seat (a real-model clip: 22 px, half a card width).
MIN_TRAVEL_CARDS = 0.6
#: A path seen only inside the play area tells the seat a card came from when it points back
#: at least this far (radians, frame-normalised as `Layout.seat_angles`) inside one seat's zone:
#: the last stretch of a hand's path bends as it lays the card down (a real-model full tango
#: game: Dan's 10C, seen for its last 52 px, pointed 11 degrees into Ann's zone: logged as
#: hers, asked about, and the camera lost step).
ZONE_MARGIN = np.radians(15.0)
@dataclass
class Seen:
    """One face-up card at a settle (a tracker track, summarised)."""
    track: int
    names: list[tuple[str, float]]  # (name, share), best first
    first: np.ndarray  # centre when first seen
    last: np.ndarray  # centre now (or when last seen, for departed cards)
    first_frame: int
    last_frame: int
    width: float = 0.0  # short side of the card's box, pixels
    votes: float = math.inf  # vote mass behind its best name or guess (inf: not from a tracker, e.g. a test)
    peak: float = 1.0  # its surest single read of that name (1.0: not from a tracker)
    twin_of: str | None = None  # unread, its best guess a card another track holds: a second box of it
    reads: dict = field(default_factory=dict)  # name -> surest read, for every name it was read as
    first_read: np.ndarray | None = None  # centre where a name was first read on it (None: never, or not from a tracker)
    unseen: tuple = ()  # (first, last) frames of its latest stretches out of sight (`Track.unseen`)

    @property
    def name(self) -> str:
        return self.names[0][0] if self.names else UNKNOWN

    @property
    def key(self) -> str | None:
        """The name this card is accounted under: its identity, else its best guess."""
        return next((n for n, _ in self.names if n != UNKNOWN), None)

    @property
    def share(self) -> float:
        return self.names[0][1] if self.names else 0.0

    @property
    def strong(self) -> bool:
        """Its name is strong evidence: a clear majority of many votes, one of them sure."""
        return strong_identity(self.share, self.votes) and self.peak >= PEAK_READ


def strong_identity(share: float, votes: float) -> bool:
    """A name is strong evidence when it holds STRONG_IDENTITY of a track's votes and at
    least STRONG_VOTES of vote mass."""
    return share >= STRONG_IDENTITY and votes >= STRONG_VOTES


@dataclass
class Observation:
    kind: str  # "arrive" or "leave"
    cards: list[Seen]
    frame: int  # settle frame that produced it
    time: float
    order: float  # frame of the change itself (for ordering)
    seat_hint: int | None = None
    from_stock: bool = False
    present: set = field(default_factory=set)  # names on the table at that settle
    where: dict = field(default_factory=dict)  # name -> centre of every card seen at that settle
    seat_sure: bool = True  # seat_hint comes from a path (or the edge), not just where it lies
    beside_stock: bool = False  # first seen beside the stock (`Layout.beside_stock`), with cards in it
    whole: Observation | None = None  # one card of this put, split off as the game had single puts when seen


def travelled(first, last, layout: Layout, width: float = 0.0) -> bool:
    """Whether a card moved far enough after it was first seen for its path to say where it
    came from (MIN_TRAVEL of the frame's short side and MIN_TRAVEL_CARDS card widths)."""
    need = max(MIN_TRAVEL * min(layout.width, layout.height), MIN_TRAVEL_CARDS * width)
    return bool(np.linalg.norm(np.asarray(first, float) - np.asarray(last, float)) >= need)


def origin_seat(first, last, layout: Layout, width: float = 0.0) -> int:
    """The seat a card came from: the zone where it was first seen; if it was first seen
    already inside the play area, the zone of the image edge its path points back to (from
    where it was put down through where it was first seen), or, for a card that hardly moved
    (`travelled`), the side of the play area where it was put down."""
    first, last = np.asarray(first, float), np.asarray(last, float)
    if not layout.in_play_area(first):
        return layout.zone_of(first)
    if not travelled(first, last, layout, width):
        return layout.zone_of(last)
    return layout.zone_of(path_edge(first, last, layout))


def path_edge(first: np.ndarray, last: np.ndarray, layout: Layout) -> np.ndarray:
    """Where a card's path, from where it was put down (`last`) back through where it was
    first seen, leaves the picture."""
    d = first - last
    return edge_point(last, float(np.arctan2(d[1], d[0])), layout.width, layout.height)


def immature(s: Seen, frame: int | None = None, fps: float = 12.0) -> bool:
    """A card whose best name (read, or best guess of an unread card) has too few votes
    behind it, or no sure read (STRONG_VOTES, PEAK_READ), to be reported yet: it waits for a
    later settle. A card never read surely waits until it has been read alike for LONG_READ_S
    (with `frame`, the frame of this settle)."""
    if s.votes < STRONG_VOTES:
        return True
    if s.peak >= PEAK_READ:
        return False
    return frame is None or frame - s.first_frame < LONG_READ_S * fps or s.votes < LONG_READ_VOTES \
        or s.share < STRONG_IDENTITY


def split_at_arrivals(cards: list[Seen], arrived: list[int]) -> list[list[Seen]]:
    """Cards gone by one settle, split into leaves where a card arrived (was first seen)
    between the last sightings of two of them: what left before that arrival left first. A
    real-model full game: Bob ate QH, Cid beat Ann's 5D with 8D, Dan and Ann ate, all between
    two settles; one leave dated by its last card came after the 8D, which was then judged
    against a table still holding QH."""
    if not arrived:
        return [cards]
    cards = sorted(cards, key=lambda c: c.last_frame)
    parts = [cards[:1]]
    for prev, c in zip(cards, cards[1:]):
        if any(prev.last_frame < f <= c.last_frame for f in arrived):
            parts.append([])
        parts[-1].append(c)
    return parts


def run_gap(a: str, b: str) -> int:
    """How many ranks apart two cards of one suit lie (0 for other suits, or no cards)."""
    from referee.cards import RANK, SUIT

    return abs(RANK[a] - RANK[b]) if a in RANK and b in RANK and SUIT[a] == SUIT[b] else 0


def run_gaps(cards: list[str]) -> list[str] | None:
    """The cards missing between the lowest and highest of `cards` (2C 4C: 3C), or None when
    they are not all named cards of one suit."""
    from referee.cards import RANK, RANKS, SUIT

    if not cards or any(c not in RANK for c in cards) or len({SUIT[c] for c in cards}) != 1:
        return None
    have = {RANK[c] for c in cards}
    return [RANKS[r - 2] + SUIT[cards[0]] for r in range(min(have), max(have) + 1) if r not in have]


def run_between(put: list[str], added: list[str], known: set[str]) -> list[str]:
    """The cards a run `put` (one suit) lacks between it and the cards `added` to it, if the
    hand they would come from is known to hold every one (`known`); else none. Penguins 81
    game 2: Cid's QH KH AH, logged as AH, with QH found later in the eater's hand, lacks KH."""
    gap = run_gaps(put + added) or []
    return gap if all(c in known for c in gap) else []


def same_rank(a: Seen, b: Seen) -> bool:
    """Whether two cards are named with one rank (no run holds two)."""
    from referee.cards import RANK

    return RANK.get(a.name) is not None and RANK.get(a.name) == RANK.get(b.name)


def read_at_last(unread: list[Seen], late: list[Seen]) -> list[dict[int, Seen]]:
    """The ways a late card may be an unread card of a put, read at last: it began where that
    card's track was lost (DOUBLE_READ_DIST), after it was. Each is {id of the put's card: the
    late card, dated from the put's card and read as either}, nearest first. A full Atlas game:
    Bob's 6C 7C 8C, its 8C read 9C (elsewhere), was logged as 6C and an unread card; the 8C
    was boxed anew where the "9C" was lost, 2 s later, beside the 7C, and the camera lost step
    for the rest of the game."""
    ways = []
    for o in unread:
        for d in late:
            off = np.linalg.norm(d.first - o.last) / max(d.width, o.width, 1.0)
            if d.first_frame >= o.last_frame and off <= DOUBLE_READ_DIST:
                names = d.names + [(n, w) for n, w in o.names if all(n != m for m, _ in d.names)]
                ways.append((off, {id(o): replace(d, names=names, first=o.first, first_frame=o.first_frame)}))
    return [way for _, way in sorted(ways, key=lambda w: w[0])]


def run_mate(d: Seen, o: Seen, fps: float) -> bool:
    """Whether `d` may be a card of the run `o` was put in: one suit, at most RUN_REACH ranks
    apart, first seen within PUT_TOGETHER_S of each other (LOWER_MATE_S for `d` below `o`
    and seen after it)."""
    from referee.cards import RANK

    later = d.first_frame - o.first_frame
    window = LOWER_MATE_S if later > 0 and RANK.get(d.name, 0) < RANK.get(o.name, 0) else PUT_TOGETHER_S
    return 0 < run_gap(d.name, o.name) <= RUN_REACH and abs(later) <= window * fps


def put_before(late: list[Seen], put: list[Seen], fps: float) -> bool:
    """Whether the late cards were put with the cards of `put`, a put already logged: each one
    a card of its run (`run_mate`: one suit, RUN_REACH ranks, PUT_TOGETHER_S) first seen no later
    than the put's first card. Read only after the put was judged, it is no later put, whatever
    the referee would make of it now (fresh bellot full game 1: Bob's run 8H 9H 10H, its 10H boxed
    unread 5 frames before the 8H, was logged as 8H, killing the trick, and the 10H, read 2 s
    later, as his next lead; Cid's eat of it followed, and the camera lost step)."""
    start = min(o.first_frame for o in put)
    return all(d.first_frame <= start and any(run_mate(d, o, fps) for o in put) for d in late)


def runs_put_together(cards: list[Seen], fps: float, lay: dict[int, np.ndarray] | None = None) -> list[list[Seen]]:
    """Cards that came and went between two settles, split into puts: chains of cards of
    one suit at most RUN_REACH ranks apart (a run, maybe with hidden cards between them)
    first seen within PUT_TOGETHER_S of each other (`run_mate`), in the order first seen. Where
    such cards lay is mostly not known (last seen while carried off), so they are grouped by
    what they are and when they came. A real-model full game: Ann's 4H 5H, killed before the
    table settled, was logged as her 5H alone. But a card first seen where a card of its suit
    up to RUN_REACH ranks above it had first been seen, while that card lay there, is that run's
    under card, when timing alone does not chain it to that run (a real-model full penguins
    game: Cid's 8H, read 4.2 s after his 9H, was chained with Ann's 10H instead). Two cards both
    seen lying at a settle (`lay`: track -> where it lay in the play area) farther apart than a
    run's ends can lie (RUN_REACH x GROUP_DIST card widths) are two puts (a fresh tango game:
    Cid's 10C and Dan's KC, seen lying 4.7 widths apart and killed before they were judged,
    were chained as one put; the KC was lost, and Ann's 3H on it was logged as Dan's)."""
    lay = lay or {}
    # each card as each name it may have: its name, and its guesses of MATE_GUESS_SHARE or more
    guesses = {id(s): [replace(s, names=[(n, 1.0)]) for k, (n, w) in enumerate(s.names[:NAME_ALTERNATIVES])
                       if k == 0 or w >= MATE_GUESS_SHARE] for s in cards}

    def mates(s: Seen, o: Seen) -> bool:
        if s.track in lay and o.track in lay and np.linalg.norm(lay[s.track] - lay[o.track]) > \
                RUN_REACH * GROUP_DIST * max(s.width, o.width, 1.0):
            return False
        return any(run_mate(a, b, fps) for a in guesses[id(s)] for b in guesses[id(o)])

    def under(s: Seen, o: Seen) -> bool:
        # (first seen later, below `o` in its run, where `o` was first seen, while `o` lay there:
        # a run's under card, shown as the top card's hand lifts, however long after)
        gap = run_gap(s.name, o.name)
        return o.first_frame < s.first_frame <= o.last_frame and 0 < gap <= RUN_REACH and \
            rank_key(s.name) < rank_key(o.name) and \
            np.linalg.norm(s.first - o.first) <= GROUP_DIST * gap * max(s.width, o.width, 1.0)

    groups: list[list[Seen]] = []
    for s in sorted(cards, key=lambda c: c.first_frame):
        near = [g for g in groups if any(mates(s, o) for o in g)]
        beneath = [g for g in groups if any(under(s, o) for o in g)]
        if beneath and not any(g is n for g in beneath for n in near):
            near = beneath  # (its run, which timing alone missed, and not the put it was timed with)
        merged = [o for g in near for o in g] + [s]
        groups = [g for g in groups if not any(g is n for n in near)] + [sorted(merged, key=lambda c: c.first_frame)]
    return sorted(groups, key=lambda g: g[0].first_frame)


def seat_is_sure(first, last, layout: Layout, width: float = 0.0) -> bool:
    """Whether origin_seat rests on evidence of where the card came from: it was first seen
    outside the play area, or its path points back to an edge well inside one seat's zone
    (ZONE_MARGIN). A card first seen where it lies (its flight was missed) is only attributed
    to the zone it lies in."""
    first, last = np.asarray(first, float), np.asarray(last, float)
    if not layout.in_play_area(first):
        return True
    if not travelled(first, last, layout, width):
        return False
    return layout.zone_margin(path_edge(first, last, layout)) >= ZONE_MARGIN


def dreck_puts(seen: list[Seen], layout: Layout) -> list[tuple[int, list[Seen]]]:
    """Split the cards that arrived in one dreck settle into (seat, cards) puts. A seat lays its
    dreck out in one row, so rows (cards chained within GROUP_DIST card widths, as in
    group_arrivals) are kept whole and given to the seat most of the row's cards came from,
    counting only cards first seen outside the play area when there are any (a card first
    seen inside it, or a track that swapped places with a neighbour's, is no evidence of a
    seat). Puts are ordered by when their first card appeared."""
    by_seat: dict[int, list[Seen]] = {}
    for row in group_arrivals(seen):
        edge = [s for s in row if not layout.in_play_area(s.first)] or row
        seat = Counter(origin_seat(s.first, s.last, layout, s.width) for s in edge).most_common(1)[0][0]
        by_seat.setdefault(seat, []).extend(row)
    puts = [(seat, sorted(g, key=lambda s: s.first_frame)) for seat, g in by_seat.items()]
    return sorted(puts, key=lambda p: p[1][0].first_frame)


def group_arrivals(seen: list[Seen], fps: float | None = None) -> list[list[Seen]]:
    """Split cards that arrived in one settle into puts: chains of cards lying within
    GROUP_DIST card widths of each other; puts ordered by when their first card appeared.
    With `fps`, two cards of one suit whose ranks are d apart (up to RUN_REACH) first seen
    within PUT_TOGETHER_S of each other chain within d times GROUP_DIST: the ends of a run
    whose middle cards went unseen (a real-model full game: Dan's 9S 10S JS QS KS was read as
    9S 10S and, a card and a half away, KS)."""
    def chained(s: Seen, o: Seen) -> bool:
        reach = GROUP_DIST * max(s.width, o.width, 1.0)
        d = np.linalg.norm(s.last - o.last)
        if d <= reach:
            return True
        if fps is None or abs(s.first_frame - o.first_frame) > PUT_TOGETHER_S * fps:
            return False
        gap = run_gap(s.name, o.name)
        return 1 <= gap <= RUN_REACH and d <= gap * reach

    seen = sorted(seen, key=lambda s: s.first_frame)
    groups: list[list[Seen]] = []
    for s in seen:
        near = [g for g in groups if any(chained(s, o) for o in g)]
        if not near:
            groups.append([s])
            continue
        merged = [o for g in near for o in g] + [s]
        groups = [g for g in groups if not any(g is n for n in near)] + [sorted(merged, key=lambda x: x.first_frame)]
    groups.sort(key=lambda g: min(x.first_frame for x in g))
    return groups


def name_options(cards: list[Seen]) -> list[tuple[list[str], float]]:
    """Identity alternatives for a group of cards: (names, weight), best first."""
    per = []
    for s in cards:
        opts = [(n, w) for n, w in s.names[:NAME_ALTERNATIVES] if n != UNKNOWN] or [(UNKNOWN, 0.01)]
        per.append(opts)
    out = []
    for combo in itertools.product(*per):
        names = [n for n, _ in combo]
        if len(set(names)) < len(names):
            continue
        out.append((names, float(np.prod([w for _, w in combo]))))
    out.sort(key=lambda x: -x[1])
    return out[:4]



def hand_origin(first, first_frame: int, width: float, trail: dict[int, list[np.ndarray]], layout: Layout,
                fps: float) -> int | None:
    """The seat whose hand brought in a card first seen at `first` on `first_frame`, from the
    hand boxes' centres by frame (`trail`): the hand that reached it (HAND_REACH, HAND_REACH_S)
    followed back (HAND_STEP, HAND_GAP) to where it came in. None when no hand reached it, or
    it was seen only inside the play area (no evidence of an edge)."""
    first = np.asarray(first, float)
    w = max(width, 1.0)
    frame = at = None
    for f in range(first_frame, first_frame - round(HAND_REACH_S * fps) - 1, -1):
        near = [c for c in trail.get(f, ()) if np.linalg.norm(c - first) <= HAND_REACH * w]
        if near:
            frame, at = f, min(near, key=lambda c: float(np.linalg.norm(c - first)))
            break
    if at is None:
        return None
    gap, earliest = 0, min(trail)
    while frame > earliest and gap <= HAND_GAP:
        frame -= 1
        step = [c for c in trail.get(frame, ()) if np.linalg.norm(c - at) <= HAND_STEP * w * (gap + 1)]
        if not step:
            gap += 1
            continue
        at, gap = min(step, key=lambda c: float(np.linalg.norm(c - at))), 0
    return None if layout.in_play_area(at) else layout.zone_of(at)


def found_again(s: Seen, lost: list[Seen]) -> Seen | None:
    """The lost track of `s`'s card, if any: a track of its name, lost in flight, that was still
    seen when `s` was first seen, within FOUND_AGAIN_WIDTHS of it (one card boxed twice as it
    was carried in; the box that went on was read only once the card lay). One of each card:
    the name ties them, and `s` came from where the lost track was first seen (a fresh tango
    game: Dan's slough 7S, its first box lost 45 px short of where it landed, was logged as
    Cid's by its second box, first seen inside the play area)."""
    return next((d for d in lost if d.name == s.name != UNKNOWN and d.track != s.track
                 and d.first_frame < s.first_frame <= d.last_frame
                 and np.linalg.norm(d.last - s.first) <= FOUND_AGAIN_WIDTHS * max(s.width, d.width, 1.0)), None)


def double_read(d: Seen, others: list[Seen], lay: dict[str, np.ndarray] | None = None) -> bool:
    """`d` is a second box of another card, misread: it lay still where that card lay
    (`DOUBLE_READ_DIST`; where an accounted card lay is `lay`, by name), that card was seen
    before and after it, and it is of that card's rank or was read as that card at times.
    (Cards carried off together end at one place: a card that moved is judged by where it
    was first seen, on where an accounted card lay, and only if read weakly (BOX_PEAK) and each
    was read as the other at times; a card carried in over the trick card of its rank is first
    seen on it too: tango 231 game 1's 3S slough, read 3S at 0.77, while the 3H it passed over
    was read 3S at 0.47. Fresh tango 231 game 2: a "3H" box, born 0.15 widths off Dan's 3D as
    it lay in the trick, read 3H at 0.47 at best, the 3D read 3H at times, carried off with it,
    was logged as his slough.)"""
    from referee.cards import RANK

    near = DOUBLE_READ_DIST * max(d.width, 1.0)
    guesses = {n for n, _ in d.names[1:]}
    lay = lay or {}
    still = np.linalg.norm(d.first - d.last) <= near

    def on(x: Seen) -> bool:
        if still:
            return min(np.linalg.norm(p - d.last) for p in (x.last, lay.get(x.name, x.last))) <= near
        return x.name in lay and np.linalg.norm(np.asarray(lay[x.name], float) - d.first) <= near \
            and d.peak <= BOX_PEAK and x.reads.get(d.name, 0.0) > 0.0 and d.reads.get(x.name, 0.0) > 0.0

    return any(
        x.track != d.track and x.name != d.name and (RANK.get(x.name) == RANK.get(d.name) or x.name in guesses)
        and x.first_frame <= d.first_frame and x.last_frame >= d.last_frame and on(x) for x in others)


def box_over(d: Seen, others: list[Seen], left_with: Collection[int] = ()) -> bool:
    """`d` may be a second box over another card: first seen where it lies, on a card seen
    before it and read more surely; `d` read weakly (BOX_PEAK) and that card still seen, or
    carried off with `d` (its track in `left_with`; BOX_OVER_DIST), or `d` lying right on that
    card (DOUBLE_READ_DIST), which was misread as `d` at times, never surely (PEAK_READ). A
    real-model full penguins game: a "7C" box over Cid's 10C, 0.15 widths off, read at 0.52 at
    best, took the 10C's place for 4 s and was logged as Ann's war play; the 10C had been read
    7C at 0.29 at best. A card put squarely on another is read surely on the track of the card
    under it, before it has its own (a short Atlas game: Ann's QH on her 4C, 0.2 widths off,
    read QH at 0.77 on the 4C's track)."""
    def over(x: Seen) -> bool:
        off = np.linalg.norm(x.last - d.last) / max(d.width, x.width, 1.0)
        stayed = x.last_frame >= d.last_frame or x.track in left_with
        return off <= BOX_OVER_DIST and d.peak <= BOX_PEAK and stayed or \
            off <= DOUBLE_READ_DIST and x.name != d.name and 0.0 < x.reads.get(d.name, 0.0) < PEAK_READ
    return np.linalg.norm(d.first - d.last) <= BOX_OVER_DIST * max(d.width, 1.0) and any(
        x.track != d.track and x.peak > d.peak and x.first_frame < d.first_frame and over(x) for x in others)


def stood_in(d: Seen, others: list[Seen], fps: float) -> bool:
    """`d`, seen for less than CAME_AND_WENT_S, was a box of a card lying under it, misread: it
    was seen only while that card went unseen (one of its `unseen` stretches, a frame either
    way), lying on it (STOOD_IN_DIST), and that card, read more surely, was seen again after.
    `others`: the cards lying on the table now (one carried off may be glimpsed once more,
    ending a stretch, as a card put on it leaves with it).
    Fresh tango 161 game 0 through session 43's face reader: as Dan's hand reached over Cid's
    5S to eat the 3S, the 5S's box gave way for 9 frames to a box 0.46 widths up it read "JS"
    at 0.67; the "JS" was logged as Ann's play, and the camera lost step for the rest of the
    game. (A card put on another and taken off again while it lay there is seen for longer.)"""
    return d.last_frame - d.first_frame < CAME_AND_WENT_S * fps and any(
        x.track != d.track and x.name != UNKNOWN and x.name != d.name and x.peak > d.peak
        and any(a - 1 <= d.first_frame and d.last_frame <= b + 1 for a, b in x.unseen)
        and np.linalg.norm(x.last - d.last) <= STOOD_IN_DIST * max(d.width, x.width, 1.0) for x in others)


def misread_twin(d: Seen, others: list[Seen]) -> bool:
    """`d`, read weakly (BOX_PEAK), and a card seen before it, lying under it (BOX_OVER_DIST)
    and read more surely, were each read as the other at times: `d` is a second box of that
    card, however long it stays (a fresh bellot game: a "6C" box 0.3 widths off Cid's 7S, each
    read as the other now and then, outlived BOX_HOLD_S, was logged as Cid's play, and his real
    play 9C was ruled an illegal slough). Not for a card of its rank: a Part 1 slough is laid
    half over the trick card it matches, and cards of one rank are read as each other. A card
    read surely (a fresh tango game: Dan's flip 5C, read QD at times beside the QD) is a card.
    Nor need `d` have been read as that card where that card was read as `d` only weakly (BOX_PEAK):
    one box the two tracks took in turn (tango 231 game 1: Cid's 3C put half over Bob's AH boxed
    the AH twice, the upper box read 4H at 0.51 at best and the AH's track 4H at 0.51 at times;
    logged as Bob's war play, it put the stock a card off and Part 2 was lost). A card laid on
    it whose name the card under it was read as surely at times is a card."""
    return d.peak <= BOX_PEAK and any(
        x.track != d.track and x.first_frame < d.first_frame and x.peak > d.peak and not same_rank(d, x)
        and 0.0 < x.reads.get(d.name, 0.0) and (d.reads.get(x.name, 0.0) > 0.0 or x.reads[d.name] <= BOX_PEAK)
        and np.linalg.norm(x.last - d.last) <= BOX_OVER_DIST * max(d.width, x.width, 1.0) for x in others)


def boxed_anew(s: Seen, d: Seen, fps: float) -> bool:
    """`s` is the card of the track `d` boxed anew as it landed: `d` was carried in (its path
    LANDED_PATH card widths long at least) and `s` first seen where `d` was last seen
    (DOUBLE_READ_DIST), just as `d` was last seen (HANDOVER_S), and seen on after it. (A card
    lying still whose track ends as another card lands on it, a Golf swap or a pile, is no
    such case.)"""
    size = max(s.width, d.width, 1.0)
    return abs(s.first_frame - d.last_frame) <= HANDOVER_S * fps and d.last_frame < s.last_frame \
        and d.first_frame < s.first_frame and np.linalg.norm(d.first - d.last) >= LANDED_PATH * size \
        and np.linalg.norm(s.first - d.last) <= DOUBLE_READ_DIST * size


def boxed_over(s: Seen, x: Seen, lay: np.ndarray, lay_frame: int, fps: float) -> bool:
    """`s` is a second box of the card `x`, misread, that outlived `x`'s own box: first seen
    where it lies, right where `x` lay before `s` was first seen (`lay`, as seen at `lay_frame`;
    DOUBLE_READ_DIST), while `x` was still seen (BOXED_TOGETHER_S), and seen on after `x` was
    last seen. (A card put on another comes from somewhere, and drags the box of the card it
    covers along: it is not first seen where that card lay before it is hidden.) A fresh
    penguins game: a "6C" box born on Dan's 3C slough, 0.02 widths off, went on after the 3C's
    box was lost; it was logged as Bob's play, and the camera lost step for the rest of the
    game. A card that `x`'s own track was read as surely (PEAK_READ) is a card put squarely on
    `x`: its track followed it before it had its own."""
    near = DOUBLE_READ_DIST * max(s.width, x.width, 1.0)
    seen_together = x.first_frame < s.first_frame <= x.last_frame - BOXED_TOGETHER_S * fps
    return s.track != x.track and s.name != x.name and x.reads.get(s.name, 0.0) < PEAK_READ and seen_together \
        and s.peak < BOXED_OVER_PEAK \
        and x.last_frame < s.last_frame and lay_frame < s.first_frame \
        and np.linalg.norm(s.last - s.first) <= near and np.linalg.norm(s.first - lay) <= near


def handed_over(d: Seen, others: list[Seen], fps: float) -> bool:
    """The unread track `d` went on as another track of a card it was read as: that track
    began where `d` ended, as it ended (HANDOVER_S), or began well before `d` ended (by more
    than HANDOVER_S) and lies where `d` was last seen (BOX_OVER_DIST; a real-model full
    penguins game: Cid's 10H, carried in unread, was boxed again as 10H where it landed; the
    unread box vanished a few seconds later and was logged as his play of an unread card, the
    10H as a slough)."""
    guesses = {n for n, _ in d.names if n != UNKNOWN}
    near = DOUBLE_READ_DIST * max(d.width, 1.0)
    return d.name == UNKNOWN and any(
        x.track != d.track and x.name in guesses and (
            abs(x.first_frame - d.last_frame) <= HANDOVER_S * fps
            and np.linalg.norm(x.first - d.last) <= near
            or d.first_frame <= x.first_frame <= d.last_frame - HANDOVER_S * fps
            and np.linalg.norm(x.last - d.last) <= BOX_OVER_DIST * max(d.width, x.width, 1.0))
        for x in others) or in_flight(d, others, fps)


def in_flight(d: Seen, others: list[Seen], fps: float) -> bool:
    """The track `d`, whatever it was read as, was another card's flight: seen for less than
    CAME_AND_WENT_S (it never lay still long), it ended just as (HANDOVER_S) a track began that
    then never moved, where it ended, having come MIN_TRAVEL_CARDS or more (DOUBLE_READ_DIST:
    the card landed, and was boxed anew), or a track of a card `d` was read as at times, ahead
    on its path (FLIGHT_GAP, FLIGHT_ANGLE: the card still flying, found again).
    A fresh Atlas game: Ann's 8C 9C, carried in boxed as JC, was logged as a run of three with
    an unread card, which no eat then took as the table was cleared."""
    width = max(d.width, 1.0)
    way = d.last - d.first
    if d.last_frame - d.first_frame >= CAME_AND_WENT_S * fps:
        return False

    def landed(x: Seen) -> bool:
        return np.linalg.norm(way) >= MIN_TRAVEL_CARDS * width and \
            np.linalg.norm(x.first - d.last) <= DOUBLE_READ_DIST * width and \
            np.linalg.norm(x.last - x.first) <= DOUBLE_READ_DIST * width

    def flying_on(x: Seen) -> bool:
        # (a way longer than a box's jitter, DOUBLE_READ_DIST, to tell where it went)
        step = x.first - d.last
        return x.name in d.reads and np.linalg.norm(way) > DOUBLE_READ_DIST * width and \
            np.linalg.norm(step) <= FLIGHT_GAP * width and \
            float(step @ way) >= np.cos(FLIGHT_ANGLE) * np.linalg.norm(step) * np.linalg.norm(way)

    return any(x.track != d.track and 0 <= x.first_frame - d.last_frame <= HANDOVER_S * fps
               and (landed(x) or flying_on(x)) for x in others)


def rank_key(card: str) -> tuple:
    """Sort key of a card in a run: by suit, then rank (an unread card last)."""
    from referee.cards import RANK, SUIT

    return (SUIT.get(card, "~"), RANK.get(card, 99))
