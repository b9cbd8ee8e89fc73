"""Geometry of Stage B and the ONNX post-processing, with exact expectations."""

import math

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from vision.cards import CARD_NAMES, card_index  # noqa: E402
from vision.geometry import (  # noqa: E402
    card_homography, clip_convex, corner_centres, corner_patches, letterbox, obb_to_quad, obbs_to_quads, oriented_nms,
    polygon_area, portrait_order, quad_iou, rectify, short_side)
from vision.runtime import corner_vote, decode_obb, pool_reads  # noqa: E402


def combine_corners(cards, none, face=None, face_none=1.0, corner_weight=1.0):
    """A card's two corners voted and pooled with its face read, as `CardRecognizer` reads a box."""
    return pool_reads(*corner_vote(cards, none), face, face_none, corner_weight)


def coord_image(w=200, h=200):
    """Float image whose channel 0 is x and channel 1 is y: a warp's output shows where it sampled."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    return np.dstack([xs, ys, np.zeros_like(xs)])


def test_card_names_follow_real_dev_order():
    assert len(CARD_NAMES) == 52 and len(set(CARD_NAMES)) == 52
    assert CARD_NAMES[:3] == ("AC", "2C", "3C") and CARD_NAMES[-1] == "KS"
    assert card_index("10H") == 35
    with pytest.raises(ValueError):
        card_index("1H")


def test_obb_to_quad_axis_aligned_and_quarter_turn():
    np.testing.assert_allclose(obb_to_quad(10, 20, 4, 2, 0), [[8, 19], [12, 19], [12, 21], [8, 21]])
    np.testing.assert_allclose(obb_to_quad(10, 20, 4, 2, math.pi / 2), [[11, 18], [11, 22], [9, 22], [9, 18]],
                               atol=1e-12)


def test_vectorised_obbs_match_single_obb():
    obbs = np.array([[10, 20, 4, 2, 0.0], [5, 5, 30, 10, 0.7], [100, 50, 63, 88, -2.0]])
    np.testing.assert_allclose(obbs_to_quads(obbs), np.stack([obb_to_quad(*o) for o in obbs]), atol=1e-12)


def test_polygon_area_and_clipping():
    square = np.array([[0, 0], [2, 0], [2, 2], [0, 2]], float)
    assert polygon_area(square) == 4.0
    assert polygon_area(square[::-1]) == 4.0
    shifted = square + [1, 1]
    np.testing.assert_allclose(polygon_area(clip_convex(square, shifted)), 1.0)
    assert polygon_area(clip_convex(square, square + [5, 0])) == 0.0


def test_quad_iou_exact_values():
    a = obb_to_quad(0, 0, 2, 2, 0)
    assert quad_iou(a, a) == pytest.approx(1.0)
    assert quad_iou(a, obb_to_quad(1, 0, 2, 2, 0)) == pytest.approx(2 / 6)
    # a square and the same square turned 45°: the overlap is a regular octagon
    octagon = 8 * (math.sqrt(2) - 1)
    assert quad_iou(a, obb_to_quad(0, 0, 2, 2, math.pi / 4)) == pytest.approx(octagon / (8 - octagon))


def test_oriented_nms_keeps_best_of_overlapping_and_separate_boxes():
    quads = np.stack([obb_to_quad(50, 50, 20, 30, 0.3), obb_to_quad(51, 50, 20, 30, 0.32),
                      obb_to_quad(150, 50, 20, 30, 0.3), obb_to_quad(51, 50, 20, 30, 0.32 + math.pi / 2)])
    scores = np.array([0.8, 0.9, 0.7, 0.6])
    # box 3 is the best box turned 90°: IoU = 20*20 / (2*600 - 400) = 0.5
    assert quad_iou(quads[1], quads[3]) == pytest.approx(0.5)
    np.testing.assert_array_equal(oriented_nms(quads, scores, 0.55), [1, 2, 3])
    np.testing.assert_array_equal(oriented_nms(quads, scores, 0.45), [1, 2])


def test_portrait_order_puts_a_short_edge_first_and_up():
    landscape = np.array([[10, 40], [10, 20], [50, 20], [50, 40]], float)  # any starting corner
    q = portrait_order(landscape)
    edges = np.linalg.norm(np.roll(q, -1, axis=0) - q, axis=1)
    np.testing.assert_allclose(edges, [20, 40, 20, 40])
    portrait = np.array([[30, 60], [10, 60], [10, 20], [30, 20]], float)
    np.testing.assert_allclose(portrait_order(portrait), [[10, 20], [30, 20], [30, 60], [10, 60]])


def test_card_homography_maps_unit_corners_to_card_corners():
    quad = np.array([[10, 20], [30, 22], [28, 60], [8, 57]], float)
    h = card_homography(quad)
    unit = np.array([[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]], float) @ h.T
    np.testing.assert_allclose(unit[:, :2] / unit[:, 2:], portrait_order(quad), atol=1e-4)


def test_rectify_portrait_card_is_a_plain_crop():
    img = coord_image()
    out = rectify(img, np.array([[10, 20], [30, 20], [30, 60], [10, 60]], float), (20, 40))
    assert out.shape == (40, 20, 3)
    np.testing.assert_allclose(out[:, :, 0], np.tile(10 + np.arange(20), (40, 1)), atol=1e-3)
    np.testing.assert_allclose(out[:, :, 1], np.tile(20 + np.arange(40)[:, None], (1, 20)), atol=1e-3)


def test_rectify_landscape_card_turns_it_upright():
    img = coord_image()
    out = rectify(img, np.array([[10, 20], [50, 20], [50, 40], [10, 40]], float), (20, 40))
    # top edge of the flat card is the image's right edge x=50, read downwards
    v, u = np.mgrid[0:40, 0:20]
    np.testing.assert_allclose(out[:, :, 0], 50 - v, atol=1e-3)
    np.testing.assert_allclose(out[:, :, 1], 20 + u, atol=1e-3)


def test_corner_patches_cut_both_index_corners_upright():
    img = coord_image(300, 300)
    quad = np.array([[50, 50], [150, 50], [150, 190], [50, 190]], float)  # 100 x 140 portrait card
    tl, br = corner_patches(img, quad, size=10, region=(0.3, 0.2))
    v, u = np.mgrid[0:10, 0:10]
    np.testing.assert_allclose(tl[:, :, 0], 50 + 3 * u, atol=1e-3)  # 0.3 * 100 / 10 px per patch px
    np.testing.assert_allclose(tl[:, :, 1], 50 + 2.8 * v, atol=1e-3)  # 0.2 * 140 / 10
    np.testing.assert_allclose(br[:, :, 0], 150 - 3 * u, atol=1e-3)  # rotated 180°
    np.testing.assert_allclose(br[:, :, 1], 190 - 2.8 * v, atol=1e-3)
    np.testing.assert_allclose(corner_centres(quad, (0.3, 0.2)), [[65, 64], [135, 176]])


def test_corner_patches_are_the_same_for_a_card_turned_180_degrees():
    img = coord_image(300, 300)
    quad = np.array([[50, 50], [150, 50], [150, 190], [50, 190]], float)
    a = corner_patches(img, quad, size=8)
    b = corner_patches(img, quad[[2, 3, 0, 1]], size=8)
    np.testing.assert_allclose(a[0], b[0], atol=1e-3)
    np.testing.assert_allclose(a[1], b[1], atol=1e-3)


def test_letterbox_scale_and_padding():
    img = np.full((100, 200, 3), 7, np.uint8)
    out, scale, (px, py) = letterbox(img, 64)
    assert out.shape == (64, 64, 3) and scale == 0.32 and (px, py) == (0.0, 16.0)
    assert (out[:16] == 114).all() and (out[48:] == 114).all() and (out[16:48] == 7).all()


def test_decode_obb_filters_suppresses_and_maps_back():
    names = ["face", "back", "hand"]
    # columns: cx, cy, w, h, face, back, hand, angle  (letterboxed pixels)
    rows = np.array([
        [100, 100, 40, 60, 0.90, 0.01, 0.00, 0.0],  # face
        [102, 100, 40, 60, 0.20, 0.80, 0.00, 0.0],  # same card scored as back: suppressed
        [100, 100, 60, 60, 0.00, 0.00, 0.70, 0.0],  # hand over it: kept (hands are separate)
        [300, 300, 40, 60, 0.10, 0.10, 0.05, 0.0],  # below threshold
    ], np.float32)
    dets = decode_obb(rows.T, 3, names, scale=0.5, pad=(0.0, 20.0), conf=0.35, iou=0.5)
    assert [d.kind for d in dets] == ["face", "hand"]
    np.testing.assert_allclose(dets[0].quad, [[160, 100], [240, 100], [240, 220], [160, 220]])
    assert dets[0].score == pytest.approx(0.9)


def test_combine_corners_trusts_the_corner_that_shows_an_index():
    cards = np.zeros((2, 52))
    cards[0, card_index("10H")] = 0.9
    cards[1, card_index("QS")] = 0.6  # a covered corner guessing
    i, p = combine_corners(cards, np.array([0.05, 0.9]))
    assert CARD_NAMES[i] == "10H" and p > 0.7
    # two readable corners that agree reinforce each other
    cards[1] = 0
    cards[1, card_index("10H")] = 0.8
    i, p = combine_corners(cards, np.array([0.0, 0.0]))
    assert CARD_NAMES[i] == "10H" and p == pytest.approx(0.85)


def test_face_patch_is_the_card_upright_whatever_its_turn():
    """A portrait card's top half red, bottom half blue: its face patch shows red above blue,
    also when the card lies turned a quarter (its long side along x)."""
    import cv2

    from vision.geometry import face_patch

    img = np.zeros((300, 300, 3), np.uint8)
    img[50:120, 100:200] = (0, 0, 255)  # the card: 100 wide, 140 tall
    img[120:190, 100:200] = (255, 0, 0)
    quad = np.array([[100, 50], [200, 50], [200, 190], [100, 190]], float)
    patch = face_patch(img, quad, 10)
    assert patch.shape == (10, 10, 3)
    assert (patch[:4, :, 2] == 255).all() and (patch[6:, :, 0] == 255).all()
    turned = cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE)  # (x, y) -> (299 - y, x)
    tq = np.column_stack([299 - quad[:, 1], quad[:, 0]])
    p2 = face_patch(turned, tq + [1, 0], 10)
    top, bottom = p2[:4].reshape(-1, 3).mean(0), p2[6:].reshape(-1, 3).mean(0)
    # upright or upside down (a card reads the same both ways), but along its long side
    assert {int(np.argmax(top)), int(np.argmax(bottom))} == {0, 2}


def test_a_clear_face_outvotes_a_corner_showing_another_cards_index():
    """Log-linear pooling of the corners' vote and the whole-face read: agreeing reads make a
    surer read; a face sure of another card turns a corner misread (another card's index over
    this one's corner), a face less sure does not; a face that sees no card changes nothing."""
    cards = np.zeros((2, 52))
    cards[:, card_index("7H")] = 0.9
    cards[:, card_index("6H")] = 0.05
    corners_only = combine_corners(cards, np.array([0.0, 0.0]))
    assert CARD_NAMES[corners_only[0]] == "7H" and corners_only[1] == pytest.approx(0.9)
    face = np.full(52, 0.001)
    face[card_index("7H")] = 0.9
    i, p = combine_corners(cards, np.array([0.0, 0.0]), face, 0.0)
    assert CARD_NAMES[i] == "7H" and p > 0.95
    face[:] = 0.001
    face[card_index("6H")] = 0.97
    i, p = combine_corners(cards, np.array([0.0, 0.0]), face, 0.0)
    assert CARD_NAMES[i] == "6H" and p < 0.9
    # weighed at FACE_WEIGHT: a face only half as sure does not overturn sure corners
    face[card_index("6H")], face[card_index("7H")] = 0.6, 0.05
    assert CARD_NAMES[combine_corners(cards, np.array([0.0, 0.0]), face, 0.0)[0]] == "7H"
    # a face that sees no card leaves the corners' read (as a share of the cards they name)
    i, p = combine_corners(cards, np.array([0.0, 0.0]), face, 1.0)
    assert i == corners_only[0] and p == pytest.approx(0.9 / 0.95, abs=0.01)


def test_short_side_is_the_shortest_edge_in_any_corner_order():
    card = np.array([[10, 10], [70, 10], [70, 100], [10, 100]], float)  # 60 x 90
    assert short_side(card) == 60.0 and short_side(card[::-1]) == 60.0
    assert short_side(obb_to_quad(0, 0, 30, 40, 0.7)) == pytest.approx(30.0)


def _card_picture(true_quad, size=(400, 400), seed=0):
    """A white card (filled quad) on a noisy mid-grey table, with a dark inner frame printed
    on it (like a court card's), as a BGR picture."""
    rng = np.random.default_rng(seed)
    img = np.clip(rng.normal(90, 12, (*size, 3)), 0, 255).astype(np.uint8)
    cv2.fillConvexPoly(img, np.round(true_quad).astype(np.int32), (235, 235, 235), lineType=cv2.LINE_AA)
    c = true_quad.mean(axis=0)
    cv2.polylines(img, [np.round((true_quad - c) * 0.7 + c).astype(np.int32)], True, (60, 60, 60), 2, cv2.LINE_AA)
    return img


def _same_corners(a, b):
    """Largest distance between matching corners of two quads (any start, same winding)."""
    return min(np.abs(np.roll(a, k, axis=0) - b).max() for k in range(4))


@pytest.mark.parametrize("turn_deg, grow, shift", [(8.0, 1.08, (6, -4)), (-11.0, 0.94, (-3, 2)), (0.0, 1.0, (0, 0))])
def test_a_box_off_by_degrees_snaps_to_the_card_edges(turn_deg, grow, shift):
    from vision.geometry import snap_to_edges

    card = obb_to_quad(200, 200, 120, 170, math.radians(23))
    img = _card_picture(card)
    c = card.mean(axis=0)
    a = math.radians(turn_deg)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    box = (card - c) @ rot.T * grow + c + shift  # the detector's box: turned, resized, shifted
    snapped = snap_to_edges(img, box)
    assert _same_corners(snapped, card) < 2.0  # pixels (anti-aliased edges, 0.5-degree steps)
    if turn_deg:
        assert _same_corners(box, card) > 10.0


def test_snapping_keeps_the_box_where_no_edge_is_stronger():
    from vision.geometry import snap_to_edges

    flat = np.full((300, 300, 3), 128, np.uint8)
    box = obb_to_quad(150, 150, 80, 110, 0.3)
    np.testing.assert_array_equal(snap_to_edges(flat, box), box)
    tiny = obb_to_quad(150, 150, 6, 9, 0.0)  # too small to have edges worth finding
    np.testing.assert_array_equal(snap_to_edges(flat, tiny), tiny)
    off = obb_to_quad(-100, -100, 40, 60, 0.0)  # outside the picture
    np.testing.assert_array_equal(snap_to_edges(flat, off), off)


def test_corners_that_disagree_with_sure_faces_lose_their_weight():
    """`CornerTrust`: before any read, and while the corners agree with the face on at least
    AGREE_FULL of the reads where the face is sure of its card and the corners of showing an
    index, the corners count fully; below that their weight falls in proportion. Other reads
    are not compared."""
    from vision.runtime import AGREE_FULL, AGREE_PRIOR, CORNER_FACE_SURE, CornerTrust

    def probs(name, p):
        v = np.full(52, (1 - p) / 51)
        v[card_index(name)] = p
        return v

    trust = CornerTrust()
    assert trust.weight == 1.0
    trust.compare(probs("JC", 0.95), 0.99, probs("9C", 0.95))
    assert (trust.agreed, trust.compared) == (0, 1)
    assert trust.weight == 1.0  # 5 / 6 is still above AGREE_FULL
    trust.compare(probs("JC", 0.95), 0.99, probs("9C", CORNER_FACE_SURE - 0.01))  # an unsure face
    trust.compare(probs("JC", 0.95), CORNER_FACE_SURE - 0.01, probs("9C", 0.95))  # no sure index
    assert trust.compared == 1
    trust.compare(probs("JC", 0.3), 0.99, probs("9C", 0.95))  # a sure index, an unsure vote: counted
    assert (trust.agreed, trust.compared) == (0, 2)
    for _ in range(8):
        trust.compare(probs("JC", 0.95), 0.99, probs("9C", 0.95))
    assert trust.weight == pytest.approx(AGREE_PRIOR / (10 + AGREE_PRIOR) / AGREE_FULL)
    for _ in range(30):
        trust.compare(probs("8D", 0.9), 0.9, probs("8D", 0.9))
    assert (trust.agreed, trust.compared) == (30, 40)
    assert trust.weight == 1.0  # 35 / 45 agree


def test_a_low_corner_weight_lets_a_sure_face_outvote_sure_corners():
    """The oxygen-white case: both corners surely read a jack where the face surely reads the
    nine. At full weight the corners win; at a weight as low as a disagreeing deck's the face."""
    cards = np.zeros((2, 52))
    cards[:, card_index("JC")] = 0.95
    cards[:, card_index("9C")] = 0.01
    face = np.full(52, 0.001)
    face[card_index("9C")] = 0.95
    face[card_index("JC")] = 0.01
    assert CARD_NAMES[combine_corners(cards, np.array([0.0, 0.0]), face, 0.0)[0]] == "JC"
    assert CARD_NAMES[combine_corners(cards, np.array([0.0, 0.0]), face, 0.0, corner_weight=0.2)[0]] == "9C"
