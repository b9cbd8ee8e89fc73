"""Unit tests of the live pipeline's pure parts: settle detection, zone attribution,
identity voting and the tracker's memory, with exact expectations."""

from __future__ import annotations

import json

from dataclasses import replace

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from vision.live import settle as st  # noqa: E402
from vision.live.detector import Detection, Noise  # noqa: E402
from vision.live.cues import (Seen, found_again, group_arrivals, hand_origin, handed_over, in_flight, misread_twin, origin_seat, stood_in,  # noqa: E402
                              run_mate, runs_put_together, seat_is_sure)
from vision.live.layout import Layout, default_layout, point_in_polygon, zone_of  # noqa: E402
from vision.live.tracker import REFOUND_GAP, Track, Tracker, resolve_identities, vote_identity  # noqa: E402


def box(cx, cy, w=80, h=115):
    return np.array([[cx - w / 2, cy - h / 2], [cx + w / 2, cy - h / 2], [cx + w / 2, cy + h / 2],
                     [cx - w / 2, cy + h / 2]], float)


# ------------------------------------------------------------------ settle

def test_settle_frames_from_seconds():
    assert st.settle_frames(12) == 4  # ceil(0.3 s * 12)
    assert st.settle_frames(30) == 9
    assert st.settle_frames(1) == 2  # never fewer than two frames


def test_settle_fires_once_after_n_still_frames():
    s = st.SettleDetector(3)
    seq = [False, True, True, True, True, False, True, True, True]
    fired = [i for i, still in enumerate(seq) if s.update(still)]
    assert fired == [3, 8]


def test_a_settled_table_rearmed_settles_again_at_its_next_still_frame():
    s = st.SettleDetector(3)
    assert [i for i, still in enumerate([True] * 5) if s.update(still)] == [2]
    s.rearm()
    assert s.update(True)  # still since: at once
    assert not s.update(True)
    s.rearm()
    assert not s.update(False) and not s.update(True)  # moved meanwhile: a whole settle again


def test_a_change_reported_late_counts_from_when_it_happened():
    """A card the tracker is sure of only some frames after it came to lie there changed the
    table then: the still frames since count, not only those after the report."""
    s = st.SettleDetector(4)
    assert [i for i, still in enumerate([True] * 6) if s.update(still)] == [3]
    assert not s.update(True, changed_ago=2)  # a card lying there two frames, confirmed now
    assert not s.update(True) and s.update(True)  # settled four still frames after it came
    s = st.SettleDetector(4)
    for _ in range(6):
        s.update(True)
    assert not s.update(True, changed_ago=0)  # a change this frame: a whole settle again
    assert [s.update(True) for _ in range(4)] == [False, False, False, True]
    s = st.SettleDetector(4)
    assert not s.update(True) and not s.update(True, changed_ago=9)  # (older than the still run: no effect)
    assert not s.update(True) and s.update(True)


def test_a_card_settles_from_when_it_came_to_lie_not_when_its_track_was_confirmed():
    """A card first boxed lying still (uncovered as a hand left it) on frame 20 is a change of
    the table from then: the table settles SETTLE_SECONDS later (frame 24 at 12 fps), not that
    long after its track was confirmed (CONFIRM_HITS, frame 22: 26). Penguins 171 game 1: the
    10D and QD of Bob's run were boxed only 6 frames before a hand came to kill the trick, the
    table settled too late to see them, and the run was logged as the JD alone (131 of 198
    events kept; now 173). A card gone is still a change when its track is given up."""
    from vision.live.pipeline import LivePipeline

    def lying(frame, index):
        return [Detection("face", "7H", 0.9, box(640, 360))] if 20 <= index < 50 else []

    pipe = LivePipeline(["Ann", "Bob", "Cid", "Dan"], lying, 12.0)
    settles = []
    for i in range(80):
        before = pipe.stats.settles
        pipe.process(None, i, shape=(720, 1280, 3))
        settles += [i] * (pipe.stats.settles - before)
    assert settles == [3, 24, 62]  # (gone after frame 49: MAX_MISSES 8, then SETTLE_SECONDS)


def test_hand_over_play_area_blocks_stillness():
    lay = default_layout(4, 1280, 720)
    hand_in = box(640, 360, 120, 120)
    hand_out = box(60, 60, 80, 80)  # top-left corner, outside the central play area
    assert st.frame_is_still([], lay.play_area, 0.0, 5.0)
    assert not st.frame_is_still([hand_in], lay.play_area, 0.0, 5.0)
    assert st.frame_is_still([hand_out], lay.play_area, 0.0, 5.0)
    assert not st.frame_is_still([], lay.play_area, 6.0, 5.0)  # a card moved


# ------------------------------------------------------------------ layout and zones

def test_default_layout_four_seats_clockwise_from_bottom():
    lay = default_layout(4, 1280, 720)
    np.testing.assert_allclose(lay.seats, [[640, 720], [0, 360], [640, 0], [1280, 360]], atol=1e-6)
    assert [lay.zone_of(p) for p in ([640, 700], [20, 360], [640, 10], [1270, 360])] == [0, 1, 2, 3]
    # diagonal points go to the nearer seat direction
    assert lay.zone_of([1000, 650]) == 0
    assert lay.zone_of([1200, 420]) == 3


def test_zone_of_is_angular():
    angles = np.array([np.pi / 2, np.pi, -np.pi / 2, 0.0])
    assert zone_of([0, 10], [0, 0], angles) == 0
    assert zone_of([-10, 1], [0, 0], angles) == 1
    assert zone_of([3, -10], [0, 0], angles) == 2
    assert zone_of([10, 3], [0, 0], angles) == 3


def test_origin_seat_first_seen_edge_wins_over_final_position():
    lay = default_layout(4, 1280, 720)
    # entered at the left edge, put down just right of the centre: still Bob's (seat 1)
    assert origin_seat(np.array([15.0, 380.0]), np.array([700.0, 360.0]), lay) == 1
    # first seen already inside the play area: its path points back to the edge it came from
    assert origin_seat(np.array([900.0, 300.0]), np.array([700.0, 280.0]), lay) == 3
    # ... and a card that hardly moved belongs to the side where it lies
    assert origin_seat(np.array([640.0, 515.0]), np.array([640.0, 520.0]), lay) == 0


def test_a_path_shorter_than_a_hand_shift_is_no_path():
    """A card Cid (top) just put down at y=260, first seen 30 px lower while his hand still
    covered its top (the box leans away from the hand): 30 px is over MIN_TRAVEL of the short
    side (28.8) but under MIN_TRAVEL_CARDS of an 80 px card, so the path does not point to Ann
    (bottom); the card belongs to the side where it lies, and the seat is not sure."""
    lay = default_layout(4, 1280, 720)
    first, last = np.array([640.0, 290.0]), np.array([640.0, 260.0])
    assert origin_seat(first, last, lay) == 0 and seat_is_sure(first, last, lay)  # no width: a path
    assert origin_seat(first, last, lay, 80.0) == 2
    assert not seat_is_sure(first, last, lay, 80.0)
    assert seat_is_sure(first, [640.0, 230.0], lay, 80.0)  # 60 px = 0.75 card widths: a path


def test_layout_calibration_roundtrip_and_scaling(tmp_path):
    lay = default_layout(5, 1280, 720)
    lay.names = ["A", "B", "C", "D", "E"]
    path = tmp_path / "table.json"
    lay.save(path)
    back = Layout.load(path)
    np.testing.assert_allclose(back.seats, lay.seats, atol=0.05)
    assert back.names == lay.names and back.n == 5
    half = back.scaled(640, 360)
    np.testing.assert_allclose(half.stock, lay.stock / 2, atol=0.05)
    assert point_in_polygon(half.centre, half.play_area)
    with pytest.raises(ValueError):
        Layout.from_dict({"width": 10})


# ------------------------------------------------------------------ identity voting

def test_vote_identity_share_threshold():
    assert vote_identity({}) == ("??", 0.0)
    assert vote_identity({"7H": 3.0, "7D": 1.0}) == ("7H", 0.75)
    name, share = vote_identity({"7H": 1.0, "7D": 1.0})
    assert name == "??" and share == 0.5


def _track(i, votes):
    t = Track(i, "face", box(100 * i, 100), 0, np.zeros(2), 0)
    t.votes = dict(votes)
    return t


def test_deck_constraint_one_of_each_card():
    strong = _track(1, {"QS": 9.0})
    weak = _track(2, {"QS": 2.0, "QC": 1.5})  # a second claimant: QC is too weak to stand alone
    lost = _track(3, {"QS": 3.0})
    other = _track(5, {"9D": 4.0, "QS": 1.0})
    names = resolve_identities([weak, strong, lost, other])
    assert names == {1: "QS", 3: "??", 2: "??", 5: "9D"}
    # a card known to be elsewhere (e.g. killed) is never given to a track
    assert resolve_identities([_track(4, {"AH": 5.0})], excluded={"AH"}) == {4: "??"}


def test_tracker_votes_identity_over_frames():
    tr = Tracker()
    reads = ["9C", "9C", "??", "6C", "9C"]  # one unread, one misread
    for f, name in enumerate(reads):
        tr.update([Detection("face", name, 0.9, box(640, 360))], f)
    assert len(tr.tracks) == 1
    t = tr.tracks[0]
    assert t.name == "9C" and t.hits == 5
    assert dict(t.ranked())["9C"] == pytest.approx(0.75)


def test_a_track_remembers_where_a_name_was_first_read_on_it():
    """A card carried in unread (a flip turned over on the way) keeps where its name was first
    read, the frame and the place (for `EventMaker._flipped`): not where it was first seen."""
    tr = Tracker()
    path = [("??", 100), ("??", 130), ("QC", 160), ("QC", 190)]
    for f, (name, x) in enumerate(path):
        tr.update([Detection("face", name, 0.9, box(x, 360))], f)
    t, = tr.tracks
    assert t.first_read[0] == 2 and t.first_read[1] == pytest.approx([160.0, 360.0])
    assert t.first_centre == pytest.approx([100.0, 360.0])


def test_a_card_in_flight_is_not_continued_by_an_unread_box_far_off_its_path():
    """A KC carried in from the right at 40 px a frame; next frame its own box is missed and an
    unread box shows 250 px off its path, on a lying card (fresh tango 111 game 1: that took the
    KC's track, and the KC's seat with it). The track is not moved there (it waits, missed); an
    unread box where the card should be, or a read one farther off, still continues it."""
    lying = Detection("face", "9S", 0.8, box(760, 530))

    def flight(last_box):
        tr = Tracker()
        for f, x in enumerate((1000, 960, 920, 880)):
            tr.update([Detection("face", "KC", 0.8, box(x, 300)), lying], f)
        tr.update([last_box, lying], 4)
        return next(t for t in tr.tracks if t.votes.get("KC"))

    assert flight(Detection("face", "??", 0.05, box(770, 520, 140, 150))).centre == pytest.approx([880.0, 300.0])
    assert flight(Detection("face", "??", 0.05, box(845, 305))).centre == pytest.approx([845.0, 305.0])
    assert flight(Detection("face", "KC", 0.6, box(770, 420))).centre == pytest.approx([770.0, 420.0])


def test_a_card_boxed_twice_in_flight_whose_first_track_was_lost_is_found_again():
    """Dan's 7S is carried in from his edge; 2 frames before its track is lost, 45 px short of
    where it lands, a second box of it is born there, and is read 7S only once the card lies
    (fresh tango 111 game 2: logged as Cid's slough by where that box was first seen). The lost
    track is its own: it came from Dan's edge. A 7S box born after the lost track was last seen,
    or far from where it was lost, or another card, is not found so."""
    lost = Seen(174, [("7S", 1.0)], np.array([1260.0, 355.0]), np.array([803.0, 155.0]), 1403, 1414, 80.0)
    box = Seen(176, [("7S", 1.0)], np.array([824.0, 195.0]), np.array([807.0, 187.0]), 1410, 1460, 80.0)
    assert found_again(box, [lost]) is lost
    assert found_again(replace(box, first_frame=1420), [lost]) is None
    assert found_again(replace(box, first=np.array([600.0, 500.0])), [lost]) is None
    assert found_again(replace(box, names=[("7C", 1.0)]), [lost]) is None


def test_card_under_a_hand_stays_card_in_the_open_goes():
    tr = Tracker()
    for f in range(3):
        tr.update([Detection("face", "KH", 1.0, box(300, 300)), Detection("face", "2D", 1.0, box(900, 300))], f)
    hand = Detection("hand", "??", 1.0, box(300, 300, 160, 160))
    for f in range(3, 40):  # KH hidden under a hand for 37 frames; 2D simply gone
        tr.update([hand], f)
    names = {t.name for t in tr.tracks}
    assert names == {"KH"}
    assert tr.tracks[0].occluded
    tr.update([Detection("face", "KH", 1.0, box(302, 301))], 40)
    assert [(t.name, t.occluded) for t in tr.tracks] == [("KH", False)]


def test_a_misread_on_another_lying_card_does_not_move_a_covered_card_there():
    """3S lies under a hand (a player is picking it up); 8C lies 1.4 box diagonals off. A box
    squarely on the 8C reads "3S" for one frame (a noisy-oracle game: the 3S's track jumped
    to the 8C by its name and lived on there on the 8C's unread boxes, so Cid's eat of 3S 4S
    was never seen whole and the camera lost the rest of the game). A card that lay still
    does not turn up on another lying card: the box is the 8C, misread. Read "3S" where the
    3S lay, it is the 3S again."""
    hand = Detection("hand", "??", 1.0, box(300, 300, 160, 160))
    for where, three_moves in (((286, 455), False), ((303, 302), True)):
        tr = Tracker()
        for f in range(5):
            tr.update([Detection("face", "3S", 1.0, box(300, 300)), Detection("face", "8C", 1.0, box(286, 455))], f)
        three = next(t for t in tr.tracks if t.name == "3S")
        tr.update([hand, Detection("face", "8C", 1.0, box(286, 455))], 5)
        tr.update([hand, Detection("face", "3S", 0.9, box(*where))], 6)
        assert (three.last_frame == 6) == three_moves
        if not three_moves:
            eight = next(t for t in tr.tracks if t.name == "8C")
            assert eight.last_frame == 6 and np.allclose(three.centre, [300, 300])


def test_moving_card_keeps_its_track_and_first_position():
    tr = Tracker()
    for f in range(10):
        tr.update([Detection("face", "AS", 1.0, box(640, 700 - 30 * f))], f)
    assert len(tr.tracks) == 1
    np.testing.assert_allclose(tr.tracks[0].first_centre, [640, 700])
    assert tr.max_motion() == pytest.approx(30, abs=0.5)  # smoothed centre, steady speed


def test_group_arrivals_splits_separate_plays():
    def seen(name, x, frame):
        return Seen(0, [(name, 1.0)], np.array([x, 0.0]), np.array([x, 0.0]), frame, frame, 80.0)

    run = [seen("5D", 100, 10), seen("6D", 135, 10), seen("7D", 170, 11)]
    other = [seen("KS", 600, 40)]
    groups = group_arrivals(other + run)
    assert [[s.name for s in g] for g in groups] == [["5D", "6D", "7D"], ["KS"]]


def test_noise_spec_parsing():
    n = Noise.parse("miss=0.1,wrong=0.02,jitter=2,seed=3")
    assert (n.miss, n.wrong, n.unread, n.jitter, n.seed) == (0.1, 0.02, 0.0, 2.0, 3)
    with pytest.raises(ValueError):
        Noise.parse("blur=1")


def test_detection_roundtrip():
    d = Detection("face", "10H", 0.93, box(10, 20))
    assert json.loads(json.dumps(d.to_dict()))["card"] == "10H"
    back = Detection.from_dict(d.to_dict())
    np.testing.assert_allclose(back.quad, d.quad, atol=0.05)


# ------------------------------------------------------------------ sources and the model seam

def test_folder_source_yields_every_frame_in_order(tmp_path):
    from vision.live.sources import FrameSource, SourceError, classify

    for i in range(3):
        cv2.imwrite(str(tmp_path / f"{i:03d}.png"), np.full((36, 64, 3), 40 * i, np.uint8))
    src = FrameSource(str(tmp_path), fps=10)
    got = [(i, int(f[0, 0, 0]), t) for i, f, t in src]
    assert got == [(0, 0, 0.0), (1, 40, 0.1), (2, 80, 0.2)]
    assert src.size == (64, 36) and src.dropped == 0
    assert classify("0") == "camera" and classify("rtsp://cam/1") == "url"
    with pytest.raises(SourceError):
        classify(str(tmp_path / "missing.mp4"))


def test_model_detector_adapts_runtime_records():
    from vision.live.detector import ModelDetector

    quad = box(100, 100).tolist()

    class FakeRecognizer:
        def __call__(self, frame):
            return {"cards": [{"card": "QH", "conf": 0.9, "corners": quad},
                              {"card": "7C", "conf": 0.1, "corners": quad},  # too unsure to count as read
                              {"card": "??", "conf": 0.8, "corners": quad}],
                    "hands": [{"conf": 0.7, "corners": quad}]}

    dets = ModelDetector(FakeRecognizer())(np.zeros((10, 10, 3), np.uint8), 0)
    assert [(d.kind, d.card) for d in dets] == [("face", "QH"), ("face", "??"), ("back", "??"), ("hand", "??")]


# ------------------------------------------------------------------ events: priors, lookahead, asking

def _maker():
    from referee import Table
    from vision.live.events import EventMaker

    table = Table()
    table.apply({"type": "start", "game": "skitgubbe", "players": ["Ann", "Bob", "Cid", "Dan"], "leader": 0})
    return table, EventMaker(table, default_layout(4, 1280, 720), 12.0)


def _arrive(name, share, first, last, frame):
    return Seen(frame, [(name, share)], np.array(first, float), np.array(last, float), frame, frame, 80.0)


BOTTOM, LEFT, TOP = ([640, 715], [640, 520]), ([5, 360], [450, 360]), ([640, 5], [640, 200])


def _unread_then(name, first, first_frame):
    """Cid's card, unread (read as JD or 3D at times), its track ending at frame 635 where it
    lay; and a track of `name` beginning at `first` at `first_frame` (a real-model short game)."""
    unread = Seen(97, [("??", 0.0), ("JD", 0.14), ("3D", 0.11)], np.array([629.0, 19.0]), np.array([602.0, 195.0]),
                  585, 635, 93.0, 2.3)
    other = Seen(99, [(name, 1.0)], np.array(first, float), np.array([619.0, 202.0]), first_frame, 648, 83.0, 2.5)
    return unread, other


@pytest.mark.parametrize("name, first, first_frame, same", [
    ("3D", (622.0, 202.0), 635, True),  # as measured: 0.23 widths away, in the same frame
    ("3D", (622.0, 202.0), 641, True),  # half a second later (12 fps)
    ("3D", (622.0, 202.0), 642, False),  # later than HANDOVER_S
    ("3D", (602.0, 232.0), 635, False),  # 0.4 widths away: another card of its own
    ("9C", (622.0, 202.0), 635, False),  # never read as that card
])
def test_an_unread_track_goes_on_as_a_track_of_a_card_it_was_read_as(name, first, first_frame, same):
    unread, other = _unread_then(name, first, first_frame)
    assert handed_over(unread, [other], 12.0) is same
    assert handed_over(other, [unread], 12.0) is False  # a read track is judged as read (unless carried in)


@pytest.mark.parametrize("first_frame, first, last, same", [
    (600, (625.0, 190.0), (619.0, 202.0), True),  # boxed again as 3D while the unread box was seen, where it ended
    (600, (625.0, 190.0), (619.0, 240.0), False),  # 0.45 widths and more away: another card
    (631, (625.0, 240.0), (619.0, 202.0), False),  # began within HANDOVER_S of its end, away from it
])
def test_an_unread_track_that_a_track_of_a_card_it_was_read_as_overlapped_was_that_card(first_frame, first, last,
                                                                                          same):
    """A real-model full penguins game: Cid's 10H, carried in unread (read KH or 10H at times),
    was boxed again as 10H where it landed while the unread box went on for 4 s; the unread box
    then vanished and was logged as his play of an unread card, the 10H as his slough."""
    unread, other = _unread_then("3D", first, first_frame)
    other.last = np.array(last)
    assert handed_over(unread, [other], 12.0) is same


@pytest.mark.parametrize("d_first, d_first_frame, x_first_frame, x_last, flight", [
    ((666.0, 692.0), 2309, 2319, (706.0, 302.0), True),  # as measured: carried in, the 9C boxed as it landed
    ((666.0, 692.0), 2309, 2325, (706.0, 302.0), False),  # began later than HANDOVER_S after it
    ((666.0, 692.0), 2290, 2319, (706.0, 302.0), False),  # seen CAME_AND_WENT_S or more: it lay there, covered
    ((690.0, 320.0), 2309, 2319, (706.0, 302.0), False),  # never carried: a card of its own
    ((666.0, 692.0), 2309, 2319, (760.0, 302.0), False),  # the other one moved on: no landing
])
def test_a_track_carried_in_that_ended_as_another_began_where_it_ended_was_that_cards_flight(
        d_first, d_first_frame, x_first_frame, x_last, flight):
    """A fresh Atlas game: Ann's 8C 9C, carried in from her edge boxed as JC; the JC track
    ended at frame 2318 as the 9C's began where it ended, still. The JC was logged as a third
    card of her run (unread: JC lay elsewhere), and no eat took the run off the table."""
    jc = Seen(302, [("JC", 0.75)], np.array(d_first), np.array([697.0, 310.0]), d_first_frame, 2318, 100.0, 3.4)
    nine = Seen(305, [("9C", 1.0)], np.array([705.0, 301.0]), np.array(x_last), x_first_frame, 2325, 82.0, 4.1)
    assert in_flight(jc, [nine], 12.0) is flight
    assert handed_over(jc, [nine], 12.0) is flight
    assert in_flight(nine, [jc], 12.0) is False


@pytest.mark.parametrize("x_first, x_first_frame, reads, flight", [
    ((629.0, 284.0), 1424, {"JC": 0.58, "3C": 0.28}, True),  # as measured: found again 0.7 widths on
    ((629.0, 284.0), 1424, {"JC": 0.58}, False),  # never read as that card: another card
    ((629.0, 284.0), 1430, {"JC": 0.58, "3C": 0.28}, False),  # began later than HANDOVER_S after it
    ((629.0, 230.0), 1424, {"JC": 0.58, "3C": 0.28}, False),  # further than FLIGHT_GAP on
    ((690.0, 320.0), 1424, {"JC": 0.58, "3C": 0.28}, False),  # off its path (FLIGHT_ANGLE)
])
def test_a_track_carried_in_that_ended_as_a_track_of_a_card_it_was_read_as_began_ahead_was_its_flight(
        x_first, x_first_frame, reads, flight):
    """A real-model short tango game: Cid's flip 3C, carried from the stock towards him, was
    boxed for 5 frames as JC (3C at times); a track read 3C began one frame later, 61 px
    further up its path, and carried it on to where it lay. The JC was logged as Cid's flip and
    the 3C as Dan's, and the camera lost step for the rest of the clip."""
    jc = Seen(285, [("JC", 0.89)], np.array([628.8, 380.9]), np.array([630.4, 345.1]), 1418, 1423, 85.0, 2.2, 0.58,
              reads=reads)
    three = Seen(287, [("3C", 1.0)], np.array(x_first), np.array([634.0, 193.0]), x_first_frame, 1436, 87.0, 4.1, 0.83)
    assert in_flight(jc, [three], 12.0) is flight
    assert handed_over(jc, [three], 12.0) is flight
    assert in_flight(three, [jc], 12.0) is False


@pytest.mark.parametrize("eight_first, nine_last_frame, puts", [
    ((643.0, 297.0), 5928, [["9H", "8H"], ["10H"]]),  # as measured: under the 9H, read 4.2 s after it
    ((643.0, 500.0), 5928, [["9H"], ["10H", "8H"]]),  # first seen away from the 9H: chained by time
    ((643.0, 297.0), 5900, [["9H"], ["10H", "8H"]]),  # first seen after the 9H had gone: not under it
])
def test_cards_that_came_and_went_are_put_with_the_card_they_lay_under(eight_first, nine_last_frame, puts):
    """A real-model full penguins game: Cid's 8H 9H, then Ann's 10H, all eaten by Bob before
    the table settled. The 8H, under the 9H, was first read 4.2 s after it (more than
    LOWER_MATE_S), where the 9H had first been seen, 2 s after Ann's 10H came in: chained with
    the 10H by time, "10H 8H from Ann" was asked about and the camera lost step for the rest of
    the game (118 events). A card first seen where a card of its run lies, below it, while
    it lies there, is that run's under card, however long after."""
    nine = Seen(826, [("9H", 0.78)], np.array([677.0, 269.0]), np.array([87.0, 382.0]), 5857, nine_last_frame, 88.0, 17.3)
    ten = Seen(824, [("10H", 0.83)], np.array([634.0, 685.0]), np.array([75.0, 330.0]), 5883, 5928, 111.0, 10.0)
    eight = Seen(831, [("8H", 1.0)], np.array(eight_first), np.array([632.0, 284.0]), 5907, 5918, 114.0, 4.6)
    assert [[s.name for s in put] for put in runs_put_together([nine, ten, eight], 12.0)] == puts
    # no run's under card more than RUN_REACH ranks below (a real-model full bellot game: Ann's
    # 4H, far from Bob's AH, was taken for a card under it)
    four = Seen(832, [("4H", 1.0)], np.array([690.0, 280.0]), np.array([690.0, 280.0]), 5907, 5918, 90.0, 4.6)
    ace = replace(nine, names=[("AH", 1.0)])
    assert [[s.name for s in put] for put in runs_put_together([ace, four], 12.0)] == [["AH"], ["4H"]]
    # a card that timing chains to its run as well stays a link of the whole run (the same
    # game: Dan's 3S-9S, carried in spread out; the 7S, under the 8S, joins 3S 4S to 8S 9S)
    run = [Seen(k, [(n, 1.0)], np.array(first), np.array(first), f, 2760, 95.0, 5.0) for k, (n, first, f) in enumerate(
        [("4S", (1133.0, 378.0), 2732), ("3S", (1156.0, 392.0), 2733), ("8S", (888.0, 405.0), 2735),
         ("9S", (846.0, 439.0), 2742), ("7S", (885.0, 413.0), 2742), ("6S", (725.0, 429.0), 2744)])]
    assert [[s.name for s in put] for put in runs_put_together(run, 12.0)] == [["4S", "3S", "8S", "9S", "7S", "6S"]]


@pytest.mark.parametrize("name, first_frame, mate", [
    ("4H", 3251, True),  # below the 5H, first read 3.6 s after it (a real-model full bellot game)
    ("4H", 3258, False),  # more than LOWER_MATE_S after it
    ("4H", 3165, False),  # 3.6 s before it: PUT_TOGETHER_S
    ("6H", 3251, False),  # above it, 3.6 s later: maybe its beat, so PUT_TOGETHER_S
    ("6H", 3230, True),  # above it, within PUT_TOGETHER_S
    ("4S", 3251, False),  # another suit
])
def test_a_runs_lower_card_may_be_first_seen_later_than_its_other_cards(name, first_frame, mate):
    five = Seen(372, [("5H", 0.91)], np.zeros(2), np.zeros(2), 3208, 3272, 75.0, 10.3)
    other = Seen(383, [(name, 1.0)], np.zeros(2), np.zeros(2), first_frame, first_frame + 15, 90.0, 1.7)
    assert run_mate(other, five, 12.0) is mate


def test_play_from_the_seat_to_act_and_slough_from_another_seat():
    table, em = _maker()
    em.observe([_arrive("7H", 1.0, *BOTTOM, 10)], [], 20)
    (ev, _, info), = em.resolve()
    assert {k: ev[k] for k in ("type", "seat", "cards")} == {"type": "play", "seat": 0, "cards": ["7H"]}
    assert info["ruling"].ok and info["event"]["evidence"]["frame"] == 20
    seen = [_arrive("7H", 1.0, *BOTTOM, 10), _arrive("7S", 1.0, BOTTOM[0], [700, 520], 30)]
    em.observe(seen, [], 40)  # Ann, who has played, throws another 7: a slough
    (ev, _, info), = em.resolve()
    assert (ev["type"], ev["seat"], ev["card"]) == ("slough", 0, "7S") and info["ruling"].ok


def test_weak_evidence_asks_instead_of_accusing():
    table, em = _maker()
    # Bob (not to act, no trick to slough onto) seems to put down a card we can barely read
    em.observe([_arrive("KD", 0.5, *LEFT, 10)], [], 20)
    (ev, _, info), = em.resolve()
    assert ev is None and info["note"]["kind"] == "needs_confirmation"
    assert table.next_seq == 1  # nothing was sent to the referee


def test_a_card_legal_only_as_another_seats_play_is_asked_about():
    """Bob clearly puts KD down while Ann is to act. As Bob's slough it is illegal (no trick to
    slough onto), as Ann's play legal: the camera may have got the hand wrong (a hand crossing
    another's side, a box leaning away from the hand that lets go), so it asks instead of
    accusing Bob. Real-model renders: most false accusations started so. The question also
    says what Bob's put would mean: on the real-model bench the camera's seat was right in 48
    of 50 such questions, its own referee having lost step at an earlier move."""
    table, em = _maker()
    em.observe([_arrive("KD", 1.0, *LEFT, 10)], [], 20)
    (ev, _, info), = em.resolve()
    assert ev is None and table.next_seq == 1
    assert info["note"]["message"] == ("saw KD arrive from Bob but it is legal only as Ann's play of KD (if Bob did "
                                       "put it down, the camera missed or misread an earlier move): please confirm")


def test_a_card_first_seen_beside_the_stock_can_be_the_flip_of_the_seat_to_act():
    """Ann (to act) flips the stock's top card and slides it on at once: it is first seen just
    outside the stock zone (1.27 radii) and its short path points back to Bob. As Bob's
    slough it is illegal; Ann's flip explains it (a real-model render: tango game 7 fell out
    of step for 21 events after asking about such a JS). First seen farther out (1.6 radii),
    it is no flip: the camera asks, as for any card from the wrong seat."""
    from vision.live.layout import BESIDE_STOCK

    table, em = _maker()
    stock, r = em.layout.stock, em.layout.stock_radius
    assert BESIDE_STOCK == 1.5 and table.view()["stock"] > 0
    first, last = stock + [1.27 * r, 0], stock + [1.27 * r + 60, 0]
    assert em.layout.beside_stock(first) and not em.layout.near_stock(first)
    em.observe([_arrive("JS", 1.0, first, last, 10)], [], 20)
    (ev, _, info), = em.resolve()
    assert {k: ev[k] for k in ("type", "seat", "cards", "source")} == {"type": "play", "seat": 0, "cards": ["JS"],
                                                                      "source": "stock"}
    assert info["ruling"].ok
    table, em = _maker()
    first = stock + [1.6 * r, 0]
    assert not em.layout.beside_stock(first) and not em.layout.near_stock(first)
    em.observe([_arrive("JS", 1.0, first, first + [60, 0], 10)], [], 20)
    (ev, _, info), = em.resolve()
    assert ev is None and "from Bob but it is legal only as Ann's play of JS" in info["note"]["message"]


def test_beside_the_stock_is_a_ring_around_the_stock_zone():
    from vision.live.layout import default_layout

    layout = default_layout(4, 1280, 720)
    r = layout.stock_radius
    assert r == 0.12 * 720
    for d, near, beside in ((0.0, True, False), (r - 0.5, True, False), (r + 0.5, False, True), (1.5 * r - 0.5, False, True),
                            (1.5 * r + 0.5, False, False)):
        point = layout.stock + [0.6 * d, 0.8 * d]
        assert (layout.near_stock(point), layout.beside_stock(point)) == (near, beside), d


def test_lookahead_settles_play_or_slough():
    """Cid (to act) throws a 4 onto a trick holding 4H and KS, then an 8: the 4 was a slough,
    since reading it as his play would make the 8 an illegal slough."""
    table, em = _maker()
    for ev in ({"type": "play", "seat": 0, "cards": ["4H"]}, {"type": "play", "seat": 1, "cards": ["KS"]}):
        table.apply(ev)
    em.on_table["4H"] = {"pos": np.array(BOTTOM[1], float), "track": 1}
    em.on_table["KS"] = {"pos": np.array(LEFT[1], float), "track": 2}
    base = [_arrive("4H", 1.0, *BOTTOM, 5), _arrive("KS", 1.0, *LEFT, 6)]
    em.observe(base + [_arrive("4C", 1.0, *TOP, 10)], [], 20)
    assert em.resolve() == []  # play or slough? wait for more evidence
    em.observe(base + [_arrive("4C", 1.0, *TOP, 10), _arrive("8D", 1.0, TOP[0], [600, 200], 30)], [], 40)
    decided = [(e["type"], e["seat"]) for e, _, _ in em.resolve()]
    assert decided == [("slough", 2), ("play", 2)]


def test_card_carried_over_another_does_not_take_its_track():
    tr = Tracker()
    for f in range(4):
        tr.update([Detection("face", "KH", 1.0, box(300, 300))], f)
    ys = [60, 140, 220, 300, 380, 460, 520]
    for k, y in enumerate(ys):
        dets = [Detection("face", "9D", 1.0, box(300, y))]
        if abs(y - 300) > 100:  # KH visible again once the carried card has passed
            dets.append(Detection("face", "KH", 1.0, box(300, 300)))
        tr.update(dets, 4 + k)
    by_name = {t.name: t for t in tr.tracks}
    assert set(by_name) == {"KH", "9D"}
    np.testing.assert_allclose(by_name["KH"].centre, [300, 300])
    np.testing.assert_allclose(by_name["9D"].first_centre, [300, 60])
    np.testing.assert_allclose(by_name["9D"].centre, [300, 520])


# ------------------------------------------------------------------ tracker: real-model failure modes

def test_a_box_read_alternately_as_two_cards_is_one_card():
    """A lying card uncovered by a hand and misread (tango 10H as KH) starts a second track
    at the same place; once the place reads 10H again the two are one card (TWIN_GAP). (Here
    the hand lay on it for longer than REFOUND_GAP: after a shorter while the lying card takes
    the misread at once, `test_a_lying_card_found_again_in_its_place_under_a_weak_misread_is_that_card`.)"""
    tr = Tracker()
    for f in range(5):
        tr.update([Detection("face", "10H", 0.9, box(476, 364))], f)
    hand = Detection("hand", "??", 1.0, box(476, 364, 160, 160))
    back = 6 + REFOUND_GAP
    for f in range(5, back):
        tr.update([hand], f)
    for f in range(back, back + 4):  # uncovered, misread: the lying 10H does not take the read
        tr.update([Detection("face", "KH", 0.5, box(480, 360))], f)
    assert len([t for t in tr.tracks if t.kind == "face"]) == 2
    tr.update([Detection("face", "10H", 0.5, box(478, 362))], back + 4)
    faces = [t for t in tr.tracks if t.kind == "face"]
    assert len(faces) == 1
    assert faces[0].name == "10H" and faces[0].votes["KH"] == pytest.approx(2.0)
    assert faces[0].first_frame == 0


def test_a_card_put_on_a_hidden_one_stays_a_second_card():
    """A card laid on top of another (a discard pile) hides it: the one below is not read
    again, so the two tracks stay apart."""
    tr = Tracker()
    for f in range(5):
        tr.update([Detection("face", "10H", 0.9, box(476, 364))], f)
    hand = Detection("hand", "??", 1.0, box(476, 364, 160, 160))
    for f in range(5, 10):  # the hand that lays KH on it
        tr.update([hand], f)
    for f in range(10, 30):
        tr.update([Detection("face", "KH", 0.9, box(478, 362))], f)
    assert sorted(t.name for t in tr.tracks) == ["10H", "KH"]


def test_two_cards_read_in_one_frame_are_never_twins():
    """Cid sloughs JC half over the JH he played (real-model full game, bellot). For a few
    frames both are read, each as its own name; then the detector gives one box between them,
    read as JH. Without the rule, the twin merge (one box read alternately as two names) took
    JC into JH's track and the slough was never reported. Two cards read at once are two."""
    tr = Tracker()
    for f in range(5):
        tr.update([Detection("face", "JH", 0.9, box(620, 190))], f)
    for f in range(5, 10):  # JC laid beside it, 14 px over: both read, each as itself
        tr.update([Detection("face", "JH", 0.6, box(620, 190)), Detection("face", "JC", 0.6, box(606, 198))], f)
    tr.update([Detection("face", "JH", 0.6, box(612, 193))], 10)  # one box across both, read JH
    for f in range(11, 14):
        tr.update([Detection("face", "JH", 0.6, box(620, 190)), Detection("face", "JC", 0.6, box(606, 198))], f)
    jc, jh = sorted((t for t in tr.tracks if t.kind == "face"), key=lambda t: t.name)
    assert (jc.name, jh.name) == ("JC", "JH")
    assert jc.first_frame == 5 and "JC" not in jh.votes  # JC's track kept (where it came from), JH's reads its own


def test_a_flip_read_only_in_glimpses_keeps_the_stock_as_its_origin():
    """JS read once at the stock, then once on its way, each too briefly for a track to be
    confirmed: the track confirmed where it lands starts where the first glimpse was."""
    tr = Tracker()
    tr.update([Detection("face", "JS", 0.4, box(660, 355))], 0)
    tr.update([], 1)
    tr.update([], 2)  # the glimpse's track is dropped
    tr.update([Detection("face", "JS", 0.4, box(656, 460))], 5)
    for f in range(6, 9):
        tr.update([], f)
    for f in range(11, 15):
        tr.update([Detection("face", "JS", 0.7, box(643, 525))], f)
    (t,) = tr.tracks
    assert t.confirmed and t.name == "JS"
    np.testing.assert_allclose(t.first_centre, [660, 355])
    assert t.first_frame == 0
    # an unread glimpse, or one of another card, or one too long ago, is no origin
    for first, when in (("??", 0), ("9C", 0), ("JS", -40)):
        tr = Tracker()
        tr.update([Detection("face", first, 0.4, box(660, 355))], when)
        for f in range(when + 1, when + 3):
            tr.update([], f)
        for f in range(11, 15):
            tr.update([Detection("face", "JS", 0.7, box(643, 525))], f)
        (t,) = [t for t in tr.tracks if t.name == "JS"]
        np.testing.assert_allclose(t.first_centre, [643, 525])


def test_a_glimpse_on_a_lying_card_read_as_its_name_is_that_card_misread():
    """Penguins 211 game 0: Bob's 6S lay in the trick, read 6C now and then; a "6C" box on it
    for one frame was dropped as a glimpse, and Ann's 6C, first boxed where it landed (its
    way in unseen), took the glimpse's place as its start: her play was logged as Bob's
    slough. A glimpse lying on a card read as its name at times is that card misread; on a
    card never read so (the flip read only in glimpses, above) it is still the origin."""
    def landed(lying_reads):
        tr = Tracker()
        for f in range(0, 10):  # the 6S lies at (460, 400)
            tr.update([Detection("face", lying_reads[f % len(lying_reads)], 0.7, box(460, 400))], f)
        tr.update([Detection("face", "6S", 0.7, box(460, 400)), Detection("face", "6C", 0.3, box(485, 390))], 10)
        for f in range(11, 14):  # (the glimpse's track is dropped)
            tr.update([Detection("face", "6S", 0.7, box(460, 400))], f)
        for f in range(14, 18):  # Ann's 6C, boxed only where it lies
            tr.update([Detection("face", "6S", 0.7, box(460, 400)), Detection("face", "6C", 0.8, box(620, 420))], f)
        (t,) = [t for t in tr.tracks if t.name == "6C"]
        return t.first_centre

    np.testing.assert_allclose(landed(["6S", "6S", "6S", "6C"]), [620, 420])
    np.testing.assert_allclose(landed(["6S"]), [485, 390])  # (the 6S never read 6C: a glimpse in flight)


def test_a_glimpse_the_card_then_heads_back_to_is_no_origin():
    """Fresh tango 191 game 0: a junk "QH" box beside Ann's slough (one frame, 655,519) was
    recalled as the start of her QH, boxed 13 frames later at her edge (679,665) and carried up
    to (763,531). The path from the glimpse pointed to Bob, the camera asked, and the game lost
    its last 185 events. A card whose own boxes head back towards the glimpse came from where
    they began; a flip's glimpse at the stock lies behind its path and stays its origin."""
    from vision.live.pipeline import LivePipeline

    def carried(glimpse, path):
        tr = Tracker((1280, 720))
        tr.update([Detection("face", "QH", 0.33, box(*glimpse))], 0)
        for f in range(1, 4):
            tr.update([], f)  # the glimpse's track is dropped
        firsts = []
        for f, at in enumerate(path, start=13):
            tr.update([Detection("face", "QH", 0.8, box(*at))], f)
            firsts += [t.first_centre.tolist() for t in tr.tracks if t.name == "QH"]
        tr.judge_recalled_starts()  # (the table settles)
        (t,) = [t for t in tr.tracks if t.name == "QH"]
        return t, firsts

    lay = default_layout(4, 1280, 720)
    up_from_ann = [(679, 665), (701, 644), (724, 603), (744, 567), (758, 541)] + [(763, 531)] * 5
    t, firsts = carried((655, 519), up_from_ann)
    assert [655, 519] in firsts  # (the glimpse is recalled while the card is carried, as before)
    np.testing.assert_allclose(t.first_centre, [679, 665])
    assert t.first_frame == 13 and origin_seat(t.first_centre, t.centre, lay, 80) == 0
    # a card carried in from Bob's edge (glimpsed there), boxed anew past its place and set
    # back towards him, came from where the glimpse was
    t, _ = carried((252, 384), [(520, 340), (500, 370), (475, 400)] + [(455, 423)] * 5)
    np.testing.assert_allclose(t.first_centre, [252, 384])
    # a glimpse behind the path (a flip read at the stock, then boxed on its way) is its origin
    t, _ = carried((640, 360), [(650, 420), (660, 470), (665, 500)] + [(668, 515)] * 5)
    np.testing.assert_allclose(t.first_centre, [640, 360])
    assert t.first_frame == 0


def test_a_card_carried_off_over_the_stock_is_not_kept_under_it():
    """A trick card gathered and carried off across the stock is lost in flight: it is not
    'under' the stock's cards (which were seen again after it), so it goes."""
    tr = Tracker()
    for f in range(5):
        tr.update([Detection("face", "6D", 0.9, box(608, 515))], f)
    stock = Detection("back", "??", 0.8, box(612, 380))
    ys = [480, 440, 400]
    for k, y in enumerate(ys):  # picked up and carried towards the top, over the stock
        tr.update([Detection("face", "6D", 0.9, box(608, y)), stock], 5 + k)
    tr.tracks = [t for t in tr.tracks if t.kind == "face"] + [Track(99, "back", box(612, 380), 7, np.array([612, 380.0]), 7)]
    for f in range(8, 8 + 12):
        tr.update([stock], f)
    assert [t.name for t in tr.tracks if t.kind == "face"] == []


def test_a_jittering_junk_box_does_not_reach_for_a_far_card():
    """An unread junk box beside a card jitters by several pixels a frame without going
    anywhere: when it drops out it does not take over a card coming in far away."""
    tr = Tracker()
    for f, x in enumerate([462, 462, 474, 476, 477, 473, 461]):
        tr.update([Detection("face", "??", 0.0, box(x, 390))], f)
    junk = tr.tracks[0]
    assert junk.speed >= 4.0  # "moving", by jitter
    tr.update([Detection("face", "??", 0.0, box(640, 54))], 7)
    coming = [t for t in tr.tracks if t.last_frame == 7]
    assert len(coming) == 1 and coming[0] is not junk
    np.testing.assert_allclose(coming[0].first_centre, [640, 54])


def test_a_half_hidden_cards_jumping_box_is_not_a_card_in_flight():
    """The box of a card half under another jumps by ~10 px between frames without the card
    moving: its track does not reach 170 px (MATCH_CENTRE) for a card coming in; a card
    really carried (30 px a frame and more) is followed that far."""
    tr = Tracker()
    tr.update([Detection("face", "??", 0.0, box(657, 537))], 0)
    tr.update([Detection("face", "6S", 0.34, box(647, 518))], 1)
    junk = tr.tracks[0]
    assert junk.speed >= 4.0 and junk.hits == 2
    tr.update([Detection("face", "??", 0.02, box(484, 453))], 2)
    assert [t.first_centre.tolist() for t in tr.tracks if t.last_frame == 2] == [[484, 453]]
    tr = Tracker()
    for f in range(3):
        tr.update([Detection("face", "??", 0.0, box(640, 700 - 60 * f))], f)
    tr.update([Detection("face", "??", 0.0, box(640, 700 - 60 * 2 - 150))], 3)
    assert len(tr.tracks) == 1 and tr.tracks[0].first_centre.tolist() == [640, 700]


def test_a_card_lost_under_a_hand_is_not_taken_over_by_an_echo_box():
    """10C carried in from the right is lost under the hand that puts it down; meanwhile the
    detector shows an unread box around a lying 6C, 300 px on along the same line. That echo
    neither continues the lost card's track nor is the card found again: when 10C is read
    where it was put down, its track still starts at the right edge."""
    tr = Tracker()
    for f in range(4):
        tr.update([Detection("face", "6C", 0.7, box(489, 380))], f)
    xs = [1056, 1000, 940, 870, 800]
    for k, x in enumerate(xs):
        tr.update([Detection("face", "6C", 0.7, box(489, 380)), Detection("face", "??", 0.2, box(x, 368, 130, 150))],
                  4 + k)
    hand = Detection("hand", "??", 0.5, box(795, 364, 170, 150))
    tr.update([Detection("face", "6C", 0.7, box(489, 380)), hand], 9)
    tr.update([Detection("face", "6C", 0.7, box(489, 380)), hand], 10)
    echo = Detection("face", "??", 0.0, box(502, 356, 168, 179))
    for f in range(11, 14):
        tr.update([Detection("face", "6C", 0.7, box(489, 380)), echo], f)
    tr.update([Detection("face", "6C", 0.7, box(489, 380)), echo, Detection("face", "10C", 0.5, box(788, 374))], 14)
    (ten,) = [t for t in tr.tracks if t.votes.get("10C")]
    np.testing.assert_allclose(ten.first_centre, [1056, 368])


def test_a_track_born_from_an_echo_of_lying_cards_starts_where_it_is_first_seen_clear():
    """KD lies still. An unread box mostly over it starts a track, which moves up, clear of
    KD, and reads QC: the echo's place is no evidence of where QC came from (a real-model
    render: a QC carried down from the top seat was continued from an echo box between two
    lying cards, whose place made its path point to the right-hand seat). Its track starts
    where it was first seen clear of KD. A card turned up on the face-down stock keeps its
    first sighting: a back is no card to echo, and nor is a face never read (the boxes of a
    card being turned up there: a fresh tango render placed Dan's flip 3C where it landed,
    and logged it as a play from his hand)."""
    def run(under: str, read: bool = True):
        tr = Tracker()
        lying = [Detection(under, "KD" if under == "face" and read else "??", 0.7, box(600, 300))]
        for f in range(4):
            tr.update(lying, f)
        for f, (y, name) in enumerate([(320, "??"), (290, "??"), (260, "QC"), (230, "QC"), (215, "QC")]):
            tr.update(lying + [Detection("face", name, 0.4 if name != "??" else 0.1, box(600, y))], 4 + f)
        (qc,) = [t for t in tr.tracks if t.votes.get("QC")]
        return qc.first_centre.tolist()

    assert run("face") == [600, 230]
    assert run("back") == [600, 320]
    assert run("face", read=False) == [600, 320]


def test_a_flip_whose_landing_track_is_born_unread_keeps_the_stock_as_its_origin():
    """AH read once at the stock; its glimpse's track is still alive when the card's next
    track is born, unread, where it lands: the glimpse is recalled when that track is
    confirmed and reads AH."""
    tr = Tracker()
    tr.update([Detection("face", "AH", 0.45, box(632, 406))], 0)
    tr.update([Detection("face", "AH", 0.3, box(650, 431))], 2)
    tr.update([Detection("face", "??", 0.1, box(628, 523))], 3)
    tr.update([Detection("face", "AH", 0.4, box(623, 540))], 4)
    for f in range(5, 8):
        tr.update([Detection("face", "AH", 0.8, box(627, 530))], f)
    (t,) = [t for t in tr.tracks if t.name == "AH"]
    np.testing.assert_allclose(t.first_centre, [632, 406])
    assert t.first_frame == 0


def test_a_track_remembers_its_surest_read_of_each_name():
    tr = Tracker()
    for f, (name, conf) in enumerate([("QH", 0.8), ("10H", 0.3), ("10H", 0.33), ("QH", 0.5)]):
        tr.update([Detection("face", name, conf, box(711, 533))], f)
    (t,) = tr.tracks
    assert t.peak == {"QH": 0.8, "10H": 0.33}


def test_a_flip_read_only_after_its_track_is_confirmed_keeps_the_stock_as_its_origin():
    """The landing track is confirmed before it is read at all (QD, real-model render): the
    glimpse is recalled when its first read comes, while the track is young."""
    tr = Tracker()
    tr.update([Detection("face", "QD", 0.37, box(632, 382))], 0)
    for f in range(1, 3):
        tr.update([], f)  # the glimpse's track is dropped
    for f in range(3, 8):
        tr.update([Detection("face", "??", 0.1, box(650, 520))], f)
    tr.update([Detection("face", "QD", 0.5, box(655, 520))], 8)
    (t,) = tr.tracks
    np.testing.assert_allclose(t.first_centre, [632, 382])
    for f in range(9, 30):
        tr.update([Detection("face", "??", 0.1, box(650, 520))], f)
    tr.update([Detection("face", "JH", 0.2, box(632, 382))], 30)  # another glimpse ...
    for f in range(31, 33):
        tr.update([Detection("face", "??", 0.1, box(650, 520))], f)
    tr.update([Detection("face", "JH", 0.6, box(650, 520))], 33)  # ... is not recalled by an old track
    (t,) = tr.tracks
    np.testing.assert_allclose(t.first_centre, [632, 382])
    assert t.first_frame == 0


def test_watch_says_when_the_camera_corrects_itself():
    """`goatherd watch` prints a camera's undo with why it came (the card read late), and a
    person's undo as the referee's ruling alone."""
    from vision.live.cli import _describe
    from vision.live.pipeline import Output

    ruling = {"seq": 155, "ok": True, "severity": "info", "message": "withdrew event #152 (play)", "notes": []}
    camera = {"type": "undo", "evidence": {"withdraws": {"type": "play", "seat": 2, "cards": ["10H"]}, "cards_seen": ["9H"]}}
    line = _describe(Output(5614, 467.8, camera, ruling), ["Ann", "Bob", "Cid", "Dan"])
    assert line.endswith("withdrew event #152 (play) (the camera read 9H late: logging it again)")
    assert _describe(Output(5614, 467.8, {"type": "undo"}, ruling), ["Ann"]).endswith("withdrew event #152 (play)")


def test_rank_key_sorts_a_run_by_suit_and_rank_with_an_unread_card_last():
    """A run amended with cards passed on may hold an unread card: sorting it raised (suit
    letters against a number) in a real-model replay."""
    from vision.live.cues import rank_key

    assert sorted(["5D", "??", "4D", "2S"], key=rank_key) == ["4D", "5D", "2S", "??"]


def test_a_lying_card_picked_up_and_read_anew_is_one_card():
    """Bob's 10H lay read weakly as JS (a fresh bellot render); as Ann's collect lifted it,
    its box jumped too far for the lying card's track (STILL_MATCH_IOU) and a new track read
    it 10H on its way off. The lying card's track goes on as it: where it lay, both reads."""
    def lie_then_lift(lifted_from_frame, lying_conf=0.3):
        tr = Tracker()
        for f in range(10):
            tr.update([Detection("face", "JS", lying_conf, box(300, 300))], f)
        path = [(325, 325), (365, 330), (405, 335), (445, 340), (485, 345)]
        for k, (x, y) in enumerate(path):
            dets = [Detection("face", "10H", 0.7, box(x, y))]
            if 10 + k < lifted_from_frame:  # (the lying card still seen: another card passing)
                dets.append(Detection("face", "JS", 0.3, box(300, 300)))
            tr.update(dets, 10 + k)
        return [t for t in tr.tracks if t.kind == "face"]

    (t,) = lie_then_lift(10)
    assert t.first_frame == 0 and t.last_frame == 14
    np.testing.assert_allclose(t.first_centre, [300, 300])
    np.testing.assert_allclose(t.centre, [485, 345])
    assert t.votes["10H"] == pytest.approx(3.5) and t.votes["JS"] == pytest.approx(3.0)
    # a card carried past a lying card still seen after it came is another card
    assert len(lie_then_lift(12)) == 2
    # and so is one read surely as another name than a lying card's well-established one (a
    # real-model penguins game: Cid's AS, laid over his KS, swept off with it as the trick was
    # killed, would have gone into the KS's track)
    assert sorted(t.name for t in lie_then_lift(10, lying_conf=0.9)) == ["10H", "JS"]


def test_a_card_laid_beside_a_lying_one_is_not_a_pickup():
    """A card put down next to a lying card whose detection drops out a moment is a new card:
    it did not go on from where the lying card lay."""
    tr = Tracker()
    for f in range(10):
        tr.update([Detection("face", "JS", 0.9, box(300, 300))], f)
    for f in range(10, 16):
        tr.update([Detection("face", "10H", 0.9, box(325, 325))], f)
    assert sorted(t.name for t in tr.tracks if t.kind == "face") == ["10H", "JS"]


def test_a_lying_cards_box_jitter_is_no_motion_but_a_slide_is():
    """A card half under another is boxed whole in one frame and as its visible strip in the
    next: its smoothed centre swings 6-7 px a frame without the card moving (a fresh tango
    render: a 9C under its 10C held the settle back for 3 s while two puts landed). Only a
    centre that leaves REST_RADIUS of where the card came to rest is motion."""
    from vision.live.tracker import REST_RADIUS

    limit = st.MOTION_FRACTION * 720
    tr = Tracker()
    for f in range(6):
        tr.update([Detection("face", "9C", 0.9, box(300, 300))], f)
    swings = []
    for f in range(6, 20):
        tr.update([Detection("face", "9C", 0.9, box(324 if f % 2 else 300, 300))], f)
        (t,) = tr.tracks
        swings.append(float(np.linalg.norm(t.smooth - t.prev_smooth)))
        assert tr.max_motion() == 0.0
    assert min(swings[4:]) > limit  # (what the motion test saw as motion before)
    assert max(swings) < REST_RADIUS * 80  # (within the rest radius of an 80 px card)
    # a card slid on, 30 px a frame, moves in every frame
    for f in range(20, 26):
        tr.update([Detection("face", "9C", 0.9, box(320 + 30 * (f - 19), 300))], f)
        assert tr.max_motion() > limit
    # ... and comes to rest anew where it stopped
    for f in range(26, 30):
        tr.update([Detection("face", "9C", 0.9, box(500, 300))], f)
    assert tr.max_motion() == 0.0


def test_a_new_card_counts_for_the_settle_once_confirmed_and_a_junk_box_never():
    """A box seen for one frame (the detector's junk, frame after frame on a busy table) is no
    change of the table; a card is, once, on the frame its track is confirmed (CONFIRM_HITS)."""
    from vision.live.pipeline import LivePipeline
    from vision.live.tracker import CONFIRM_HITS

    tr = Tracker()
    reported = []
    for f in range(10):
        dets = [Detection("face", "??", 0.3, box(500 + 300 * (f % 3), 150 + 200 * (f % 2)))]  # junk, here and there
        if f >= 2:
            dets.append(Detection("face", "7H", 0.9, box(300, 300)))
        tr.update(dets, f)
        reported += [(f, t.name) for t in tr.confirmed_now]
    assert reported == [(2 + CONFIRM_HITS - 1, "7H")]

    def junk(frame, index):  # a still table, a junk box in every other frame
        return [Detection("face", "7H", 0.9, box(640, 360))] + \
            ([Detection("face", "??", 0.3, box(300 + 300 * (index % 4), 200))] if index % 2 else [])

    pipe = LivePipeline(["Ann", "Bob", "Cid", "Dan"], junk, 12.0)
    for i in range(12):
        pipe.process(None, i, shape=(720, 1280, 3))
    assert pipe.stats.settles == 1


def test_a_card_carried_in_and_boxed_anew_as_it_lands_is_one_card():
    """Cid's flip 8S, carried from the stock read JS, was boxed anew as it landed (a fresh
    tango render): the new box went on as a track of its own, and the camera logged his flip
    of JS and a slough of 8S. The carried card's track goes on as the new one: where it came
    from, both reads. A card put down where another lies still is no landing, and a box over
    another card seen is that card's (a real-model full bellot game took Cid's slough 8S into
    a box of the 8H he had just played)."""
    def carry_then_land(carried=True, lying=()):
        tr = Tracker()
        path = [(640, 360 - 40 * k) for k in range(7)] if carried else [(640, 120)] * 7
        for f, (x, y) in enumerate(path[:6]):
            tr.update([Detection("face", "JS", 0.5, box(x, y)), *lying], f)
        tr.update([Detection("face", "JS", 0.5, box(*path[6])), Detection("face", "??", 0.3, box(640, 150)), *lying], 6)
        for f in range(7, 12):  # (the carried card's box is gone; the new one settles where it went)
            tr.update([Detection("face", "8S", 0.8, box(640, 150 - 5 * (f - 6))), *lying], f)
        return [t for t in tr.tracks if t.kind == "face"]

    (t,) = carry_then_land()
    np.testing.assert_allclose(t.first_centre, [640, 360])
    assert t.first_frame == 0 and t.last_frame == 11
    assert t.votes["8S"] == pytest.approx(4.0) and t.votes["JS"] == pytest.approx(3.5)
    assert len(carry_then_land(carried=False)) == 2
    lying_8h = Detection("face", "8H", 0.9, box(665, 150))  # (the new box lies 69 % over it)
    assert len(carry_then_land(lying=(lying_8h,))) == 3


def test_a_card_whose_flight_went_unseen_came_from_where_its_hand_came_in():
    """Bob's slough 2D (a rendered oxygen-white game) was boxed too faintly in flight to track
    and first tracked where it lay, so where it came from was unsure and Dan's play as likely;
    the hand that brought it came in from Bob's edge. The hand that reached the card, followed
    back, names the seat, whatever zone the card lies in. No hand near it, one seen only inside
    the play area, or one that left it long before the card was seen, says nothing."""
    from vision.live.cues import HAND_REACH_S

    lay = default_layout(4, 1280, 720)
    card, first_frame, width = np.array([600.0, 500.0]), 20, 90.0
    assert lay.zone_of(card) == 0 and lay.in_play_area(card)
    path = [np.array([30.0 + 80 * k, 450.0 + 5 * k]) for k in range(8)]  # from Bob's edge, 80 px a frame
    trail = {12 + k: [c] for k, c in enumerate(path)}
    trail[15] = []  # (the hand box drops out now and then)
    trail.update({f: trail.get(f, []) + [np.array([640.0, 60.0])] for f in range(10, 21)})  # Cid's hand, idle
    assert hand_origin(card, first_frame, width, trail, lay, 12.0) == 1
    assert hand_origin(np.array([900.0, 250.0]), first_frame, width, trail, lay, 12.0) is None  # no hand there
    inside = {f: [x for x in c if lay.in_play_area(x)] for f, c in trail.items()}  # (its way in unseen)
    assert sum(map(len, inside.values())) >= 4
    assert hand_origin(card, first_frame, width, inside, lay, 12.0) is None
    late = first_frame + round(HAND_REACH_S * 12) + 3
    assert hand_origin(card, late, width, {f: c[:1] for f, c in trail.items() if c and f < 20}, lay, 12.0) is None


def test_a_lying_card_misread_as_it_settled_and_boxed_anew_is_one_card():
    """Bob's slough 2D (a rendered oxygen-white game) lay read 3D at 0.3 for 7 frames and 2D
    once; then it was boxed anew, 30 px on, and read 2D at 0.52. The weak "3D" track lay on
    unseen under the new box, waiting to be read, and held his slough and the next put back
    past the clip's end. It goes on as the new box: one card, named 2D, from where it was
    first seen. Not so where the lying track was never read as the new name, where its own
    name is well established (CONFLICT_VOTES), or where a hand lay over it (a card may have
    been put down under the hand)."""
    def misread_then_reboxed(lying_conf=0.3, once="2D", hand=False):
        tr = Tracker()
        for f in range(7):
            tr.update([Detection("face", "3D", lying_conf, box(300, 300))], f)
        tr.update([Detection("face", once, 0.31, box(300, 300))], 7)
        for f in range(8, 16):
            dets = [Detection("face", "2D", 0.52, box(300, 330))]
            if hand and f == 8:
                dets.append(Detection("hand", "??", 0.5, box(300, 320, 120, 160)))
            tr.update(dets, f)
        return [t for t in tr.tracks if t.kind == "face"]

    (t,) = misread_then_reboxed()
    assert t.name == "2D" and t.first_frame == 0 and t.last_frame == 15
    np.testing.assert_allclose(t.first_centre, [300, 300])
    assert sorted(t.name for t in misread_then_reboxed(once="3D")) == ["2D", "3D"]
    assert len(misread_then_reboxed(lying_conf=0.9)) == 2
    assert len(misread_then_reboxed(hand=True)) == 2


def test_a_card_found_again_far_off_once_is_in_flight_and_lands_nowhere():
    """A fresh penguins game: Dan ate the 3S lying by Bob; his hand hid it, and one unread box
    370 px on, as his arm passed over Cid's QS, found it again (`_reacquire`). Before, that
    sighting had no pace: lost again, the 3S was lost lying there (so never carried off, and
    the eat was not seen), and the QS, boxed anew under the arm, was taken for it landing.
    Found again, a card goes at the pace it went unseen; that one sighting is no flight a
    landing continues."""
    tr = Tracker()
    path = [(20 + 52 * k, 340 - 12 * k) for k in range(6)] + [(280, 280)] * 14 + [(287, 287)]
    for f, (x, y) in enumerate(path):  # carried in from Bob's edge, lying, picked up; Dan's arm
        queen = [Detection("face", "QS", 0.8, box(643, 277))] if f < 17 else []  # comes over the QS
        tr.update([Detection("face", "3S", 0.8, box(x, y)), *queen], f)
    for f in range(21, 28):  # the 3S in Dan's hand; the QS's track ends under his arm
        tr.update([], f)
    tr.update([Detection("face", "??", 0.4, box(650, 247))], 28)
    for f in range(29, 34):
        tr.update([Detection("face", "QS", 0.76, box(643, 277))], f)
    three, = [t for t in tr.tracks if t.top_read == "3S"]
    assert three.votes.get("QS", 0.0) == 0.0 and three.last_frame == 28
    assert three.lost_moving and three.lost_flying and three.lost_velocity[0] > 30
    np.testing.assert_allclose(three.first_centre, [20, 340])
    queen, = [t for t in tr.tracks if t.top_read == "QS" and t.last_frame == 33]
    assert queen.votes.get("3S", 0.0) == 0.0


def test_a_card_carried_in_and_put_half_over_another_is_not_that_card_misread():
    """A fresh Atlas game: Bob's QS, carried in from his edge and glimpsed twice on the way,
    was put half over his JD; the QS's boxes, read weakly, went on as the JD's track (a box
    near where the JD lay), and his play was never seen: the camera lost the rest of the game.
    A card read as the name of a glimpse dropped lately nearby, one that travelled, is that card
    landing. Without the glimpse, the weak reads stay a misread of the JD, as before; so they do
    with a glimpse that went nowhere (a fresh penguins game: Dan's 8C, read 7C for a frame,
    kept the 7C reads of his 9C, lying by it, from the 9C's track, and the game lost step)."""
    def put_on_the_jd(glimpses: dict):
        tr = Tracker()
        for f in range(31):  # the JD lies there (its box jitters); the QS is glimpsed twice on its way
            jd = [Detection("face", "JD", 0.75, box(480 + (8 if f % 2 else -8), 360))] if f < 30 else []
            qs = [Detection("face", "QS", 0.5, box(*glimpses[f]))] if f in glimpses else []
            tr.update(jd + qs, f)
        for f in range(31, 37):  # put half over the JD, read weakly
            tr.update([Detection("face", "QS", 0.46, box(480, 392))], f)
        return [t for t in tr.tracks if t.kind == "face"]

    jd, qs = sorted(put_on_the_jd({25: (48, 360), 28: (308, 388)}), key=lambda t: t.first_frame)
    assert jd.top_read == "JD" and "QS" not in jd.votes
    assert qs.top_read == "QS" and qs.first_frame == 25  # (where it was first glimpsed: Bob's edge)
    np.testing.assert_allclose(qs.first_centre, [48, 360])
    for glimpses in ({}, {25: (300, 380), 28: (300, 380)}):
        jd = next(t for t in put_on_the_jd(glimpses) if t.first_frame == 0)
        assert jd.top_read == "JD" and jd.votes["QS"] > 0


def test_cards_that_came_and_went_lying_far_apart_are_not_one_run():
    """A fresh tango game: Cid's 10C and, 1.8 s later, Dan's KC, seen lying 4.7 card widths
    apart, were killed before they were judged. By suit and timing alone they chain as a run's
    ends (10C-KC); where both were seen lying says they were two puts (chained, the KC was
    lost and Ann's 3H on it was logged as Dan's). Without where they lay, or lying together,
    they are one put, as before."""
    ten = Seen(403, [("10C", 1.0)], np.array([642.0, 272.0]), np.array([563.0, 298.0]), 2493, 2567, 79.0, 15.9)
    king = Seen(399, [("KC", 1.0)], np.array([356.0, 435.0]), np.array([392.0, 389.0]), 2515, 2567, 87.0, 3.3)

    def puts(lay):
        return [[s.name for s in put] for put in runs_put_together([ten, king], 12.0, lay)]

    assert puts({403: np.array([648.0, 271.0]), 399: np.array([310.0, 435.0])}) == [["10C"], ["KC"]]
    assert puts({403: np.array([648.0, 271.0]), 399: np.array([700.0, 290.0])}) == [["10C", "KC"]]
    assert puts(None) == [["10C", "KC"]]


def test_a_track_merged_into_a_newer_one_hands_over_what_is_remembered_of_it():
    """A newer track reading 9C takes over the history of the 9C's older track, lost 6 frames
    before (the same card, carried and boxed anew): the tracker says so (`renamed`), and the event maker's
    memory of the card by its track (where it lay at its first settle) follows it. A fresh tango
    game: Cid's 10C, merged twice before it was judged, lost where it lay."""
    from vision.live.events import EventMaker

    tr = Tracker()
    for f in range(5):
        tr.update([Detection("face", "9C", 0.9, box(640, 360))], f)
    old = tr.tracks[0].id
    for f in range(5, 11):
        tr.update([], f)
    for f in range(11, 14):  # (beyond a name match's reach; within a hand's, MAX_CARRY_PX, in 7 frames)
        tr.update([Detection("face", "9C", 0.9, box(1150, 380))], f)
        if tr.renamed:
            break
    assert len(tr.tracks) == 1 and tr.renamed == {old: tr.tracks[0].id} and tr.tracks[0].id != old
    em = EventMaker(None, default_layout(4, 1280, 720), 12.0)
    em.lay = {old: np.array([640.0, 360.0])}
    em.renamed(tr.renamed)
    assert list(em.lay) == [tr.tracks[0].id]


def test_a_newer_track_of_a_name_far_from_where_its_older_track_was_is_another_card():
    """One of each card, but a track read as a name now and then may be another card: a newer
    track reading 10D does not take over the history of an older track read "10D" and 7D by
    turns when a hand could not have carried the card there (`MAX_CARRY_PX` a frame since the
    older was last seen), nor when both were seen a box diagonal or more apart for
    `SEEN_APART_FRAMES` (two cards). Fresh bellot games: Bob's 7D, read "10D" at times, gave
    Cid's 10D, first seen at the top edge 400 px off 3 frames later, its history, and the 10D
    was taken for Bob's; Bob's JS, read JH at his edge, took the history of the JH seen lying
    760 px away for 42 frames, and was logged as Dan's card. A newer track born beside the
    older, or seen with it only briefly (its second box in flight), still takes it over."""
    def older_then_newer(lost_frames: int, newer_at: tuple, together: int = 0) -> Tracker:
        tr = Tracker()
        # (the older read 10D and 7D by turns: no name of its own, so no name match reaches for it)
        older = [Detection("face", "10D", 0.9, box(290, 285)), Detection("face", "7D", 0.7, box(290, 285))]
        for f in range(6):
            tr.update([older[f % 2]], f)
        for f in range(6, 6 + together):  # the newer born while the older still lies there
            tr.update([older[f % 2], Detection("face", "10D", 0.9, box(*newer_at))], f)
        f = 6 + together
        for f in range(f, f + lost_frames):
            tr.update([], f)
        for g in range(f + 1, f + 4):
            tr.update([Detection("face", "10D", 0.9, box(*newer_at))], g)
        return tr

    for lost, at, together, merged in ((2, (604, 60), 0, False),  # 400 px in 3 frames
                                       (6, (604, 60), 0, True),  # ... in 7
                                       (1, (360, 300), 4, True),  # born 70 px off it: its second box
                                       (1, (1050, 300), 4, True),  # seen 760 px apart for 4 frames
                                       (1, (1050, 300), 14, False)):  # ... for 14: another card
        tr = older_then_newer(lost, at, together)
        came_from = tuple(np.round(tr.tracks[-1].first_centre))
        assert (len(tr.tracks) == 1 and came_from == (290, 285)) == merged, (lost, at, together, came_from, len(tr.tracks))


@pytest.mark.parametrize("name, peak, reads_other, under_read, twin", [
    ("6C", 0.40, True, 0.30, True),  # as measured: weak, each read as the other at times
    ("6C", 0.68, True, 0.30, False),  # read surely: a card
    ("6C", 0.40, False, 0.30, True),  # never read as the card under it, which was read as it weakly
    ("6C", 0.40, False, 0.62, False),  # ... which was read as it surely: a card laid on it
    ("7H", 0.40, True, 0.30, False),  # of its rank: a slough laid half over the card it matches
])
def test_a_weak_box_misread_both_ways_with_the_card_under_it_is_that_card(name, peak, reads_other, under_read, twin):
    """A fresh bellot game: a "6C" box 0.3 widths off Cid's 7S (read 6C at times; the box read
    7S at times, 6C at 0.40 at best) outlived BOX_HOLD_S and was logged as Cid's play; his real
    play 9C was then ruled an illegal slough. Such a box is a second box of the card under it,
    however long it stays. So is one never read as the card under it where that card was read
    as the box's name, never surely (BOX_PEAK): one box taken in turn by both tracks (tango 231
    game 1: Cid's 3C put half over Bob's AH boxed the AH twice; the AH's track went on the lower
    box, and the upper one, read 4H at 0.51 at best, was logged as Bob's war play; the stock
    went a card off and Part 2 was lost, 79 of 204 events kept). A card laid on it whose read
    the card under it took surely at times is a card."""
    seven = Seen(43, [("7S", 0.84)], np.array([1243.0, 382.0]), np.array([800.0, 332.0]), 257, 382, 87.0, 20.3, 0.70,
                 reads={"7S": 0.70, name: under_read})
    box = Seen(51, [(name, 0.94)], np.array([822.0, 352.0]), np.array([814.0, 344.0]), 288, 382, 84.0, 20.5, peak,
               reads={name: peak, **({"7S": 0.30} if reads_other else {})})
    assert misread_twin(box, [seven]) is twin
    assert misread_twin(seven, [box]) is False  # (the card under it, seen first and read surely)


def test_a_track_found_again_remembers_where_it_went_unseen():
    tr = Tracker()
    for f in range(12):
        tr.update([Detection("face", "5S", 0.9, box(600, 300))] if f < 4 or f >= 7 else [], f)
    (t,) = tr.tracks
    assert t.unseen == ((4, 6),)


def test_a_box_seen_only_while_the_card_under_it_went_unseen_was_that_card():
    """Fresh tango 161 game 0 through session 43's face reader: as Dan's hand reached over
    Cid's 5S, the 5S's box gave way to one 0.4 widths up it, read "JS" at 0.67, for 9 frames
    (logged as Ann's play: the camera lost step)."""
    five = Seen(1, [("5S", 1.0)], np.array([633.0, 294.0]), np.array([633.0, 294.0]), 50, 130, width=86.0,
                votes=4.7, peak=0.79, unseen=((100, 110),))
    jack = Seen(2, [("JS", 1.0)], np.array([630.0, 259.0]), np.array([630.0, 259.0]), 100, 110, width=62.0,
                votes=2.5, peak=0.67)
    assert stood_in(jack, [five, jack], 12.0)
    assert stood_in(replace(jack, first_frame=99, last_frame=111), [five], 12.0)  # a frame either way
    assert not stood_in(replace(jack, first_frame=95), [five], 12.0)  # seen beside the 5S: a card
    assert not stood_in(replace(jack, last_frame=115), [five], 12.0)
    assert not stood_in(jack, [replace(five, unseen=())], 12.0)
    assert not stood_in(jack, [replace(five, peak=0.6)], 12.0)  # the card under it read less surely
    far = np.array([633.0, 200.0])  # 1.1 widths off
    assert not stood_in(replace(jack, first=far, last=far), [five], 12.0)
    # seen for CAME_AND_WENT_S or more: put on the 5S and taken off again, a card
    assert not stood_in(replace(jack, last_frame=130), [replace(five, unseen=((100, 130),))], 12.0)


def test_a_box_that_stood_in_for_a_lying_card_is_no_new_card():
    """The pipeline's side of `stood_in`: the 5S's track is given up while another box, read
    "JS", lies on it; the 5S is boxed anew where it lay once that box is gone. At the next
    settle the 5S went unseen in between (`Seen.unseen`), and the "JS" is a second box: it
    is neither reported nor held back."""
    from vision.live.pipeline import LivePipeline

    five, up = box(640, 360), box(640, 330, 70, 80)

    def detector(frame, i):
        if 12 <= i < 24:  # a hand reaches across the play area (its box beside the 5S's)
            return [Detection("hand", "??", 0.6, box(450, 330, 150, 120))] + \
                ([Detection("face", "JS", 0.67, up)] if i < 22 else [])
        return [Detection("face", "5S", 0.9, five)]

    pipe = LivePipeline(["Ann", "Bob", "Cid", "Dan"], detector, 12.0)
    pipe.process(None, 0, shape=(720, 1280, 3))  # (the event maker comes with the first frame)
    settles = []
    observe = pipe.events.observe
    pipe.events.observe = lambda seen, departed, frame: settles.append((frame, seen)) or observe(seen, departed, frame)
    for i in range(1, 40):
        pipe.process(None, i, shape=(720, 1280, 3))
    last_frame, seen = settles[-1]
    (fives,) = [s for s in seen if s.name == "5S"]
    assert fives.unseen and fives.unseen[-1][0] <= 13 and fives.unseen[-1][1] >= 22
    jacks = [s.track for _, ss in settles for s in ss if s.name == "JS"]
    assert jacks and all(t in pipe.events.second_boxes or not any(s.track == t for s in seen) for t in jacks)
    assert "JS" not in json.dumps(pipe.log) and "JS" not in json.dumps(pipe.notes)


def test_an_unread_box_fitting_a_lying_card_and_a_landing_one_alike_is_the_landing_card():
    """Bob lays his 10H half over the 9D he played (bellot 51 game 0). The 9D's own box goes
    as the 10H covers it, and the 10H's first unread box in its place fits the 9D's track as
    well as the 10H's. The lying card (the older) took it, and the 10H was never reported:
    the stock went a card off. Of two tracks a box fits alike, the moving card's gets it."""
    tr = Tracker()
    for f in range(5):
        tr.update([Detection("face", "9D", 0.9, box(500, 365))], f)
    for f, y in enumerate((535, 485, 440, 415), start=5):  # the 10H carried in, from below
        tr.update([Detection("face", "9D", 0.9, box(500, 365)), Detection("face", "10H", 0.6, box(500, y))], f)
    tr.update([Detection("face", "9D", 0.9, box(500, 365))], 9)  # the 10H unseen a frame, 25 px short of its place
    for f in range(10, 16):  # put down on the 9D, 25 px from each: the 9D hidden, the 10H unread
        tr.update([Detection("face", "??", 0.2, box(500, 390))], f)
    by_name = {t.name: t for t in tr.tracks if t.kind == "face"}
    assert set(by_name) == {"9D", "10H"}
    np.testing.assert_allclose(by_name["10H"].centre, [500, 390])
    np.testing.assert_allclose(by_name["9D"].centre, [500, 365])


@pytest.mark.parametrize("lain", [30, 10])
def test_a_card_laid_on_a_lying_one_and_read_surely_starts_its_own_track(lain):
    """Bob lays his JS on the 5H he sloughed (bellot 1 game 0); it lands exactly in the 5H's
    place, so the 5H's boxes go on, now read "JH" at 0.79. Taken as the 5H misread, the
    slough-on-slough was never reported and the stock went a card off. A box read surely as
    another name where a well-read card has lain for seconds is a card laid on it; on a card
    that came under 2 s before (LAID_OVER_AGE: a run's cards read as each other) it is a misread."""
    tr = Tracker()
    for f in range(lain):
        tr.update([Detection("face", "5H", 0.8, box(462, 372))], f)
    hand = Detection("hand", "??", 1.0, box(462, 390, 160, 160))
    for f in range(lain, lain + 4):  # the hand that lays the JS (the 5H still boxed under it)
        tr.update([hand, Detection("face", "5H", 0.8, box(462, 372))], f)
    for f in range(lain + 4, lain + 10):
        tr.update([Detection("face", "JH", 0.79, box(463, 373))], f)
    by_name = {t.name: t for t in tr.tracks if t.kind == "face"}
    if lain == 30:
        assert set(by_name) == {"5H", "JH"}
        assert by_name["JH"].first_frame == 34 and "JH" not in by_name["5H"].votes
    else:
        assert set(by_name) == {"5H"} and by_name["5H"].votes["JH"] == pytest.approx(6 * 0.79)


@pytest.mark.parametrize("hand_frame", [None, 29])
def test_a_lying_card_read_surely_as_another_stays_one_card(hand_frame):
    """The other side: a lying card no hand came near (LAID_OVER_HAND) read surely as another
    name is misread (it stays one card), and so is one misread for a frame, then read as itself
    again, after a hand passed over it (`_merge_twins` takes the misread's track back)."""
    tr = Tracker()
    for f in range(30):
        dets = [Detection("face", "5H", 0.8, box(462, 372))]
        tr.update(dets + [Detection("hand", "??", 1.0, box(462, 390, 160, 160))] if f == hand_frame else dets, f)
    tr.update([Detection("face", "JH", 0.79, box(463, 373))], 30)
    again = range(31, 34) if hand_frame is not None else ()
    for f in again:
        tr.update([Detection("face", "5H", 0.8, box(462, 372))], f)
    if hand_frame is None:
        for f in range(31, 36):
            tr.update([Detection("face", "JH", 0.79, box(463, 373))], f)
    faces = [t for t in tr.tracks if t.kind == "face"]
    assert len(faces) == 1 and faces[0].name == "5H" and faces[0].first_frame == 0


@pytest.mark.parametrize("read, hidden, lain, put_beside, one_card", [
    (0.67, 6, 30, True, True),  # as measured
    (0.79, 6, 30, True, False),  # read surely: a card laid on it under the hand
    (0.67, 14, 30, True, False),  # out of sight longer: another card may have been put there
    (0.67, 6, 3, True, False),  # come to lie there just before: it may have followed another card
    (0.67, 6, 30, False, False),  # the hand put no card down elsewhere: it may have put it here
])
def test_a_lying_card_found_again_in_its_place_under_a_weak_misread_is_that_card(read, hidden, lain, put_beside,
                                                                                  one_card):
    """Dan's AD lies in the trick; the hand putting his 10S down beside it covers it for 6
    frames (no box), and it shows again exactly where it lay, read "7D" at 0.67 (Atlas 201 game
    0: a new track, logged as Dan's war play; the camera lost 149 of 218 events). A box squarely
    in the place of a lying card lost for at most REFOUND_GAP frames, read less surely than
    LAID_OVER_READ, while the card the hand brought lies elsewhere, is the lying card found
    again. Read surely, it is a card laid there under the hand; found again after longer,
    another card may have been put there; a track that came to lie there only just before it was
    lost may have followed a card laid on its own (REFOUND_REST); and with no card put down
    elsewhere, the hand may have laid this one on it (Atlas 141 game 0: Ann's JH on her 5H)."""
    tr = Tracker()
    for f in range(30 - lain):  # (elsewhere before: carried there at the end)
        tr.update([Detection("face", "AD", 0.78, box(813 - 60 + 2 * f, 354))], f)
    for f in range(30 - lain, 30):
        tr.update([Detection("face", "AD", 0.78, box(813, 354))], f)
    hand = Detection("hand", "??", 1.0, box(813, 300, 160, 160))

    def ten(f):  # Dan's 10S, carried in from his edge to lie 96 px above the AD
        x = max(813, 1200 - 80 * (f - 28))
        return [Detection("face", "10S", 0.74, box(x, 258))] if put_beside and f >= 28 else []

    for f in range(30, 30 + hidden):
        tr.update([hand] + ten(f), f)
    for f in range(30 + hidden, 36 + hidden):
        tr.update([Detection("face", "7D", read, box(814, 354))] + ten(f), f)
    faces = [t for t in tr.tracks if t.kind == "face" and t.name != "10S"]
    if one_card:
        assert len(faces) == 1 and faces[0].name == "AD" and faces[0].first_frame == 0
    else:
        assert sorted(t.name for t in faces) == ["7D", "AD"]
