"""Synthetic scenes: every card in the picture is labelled where it is, and nothing else is.

Cards are drawn as one exact colour that no surface has, so the picture itself says where
cards are; a label that disagrees with it teaches the detector to miss real cards."""

import struct
from types import SimpleNamespace

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

import datasets.scene as scene_mod  # noqa: E402
from datasets.backgrounds import BackgroundBank, read_gimp_pattern, tile_to  # noqa: E402
from datasets.scene import SceneMaker, distort_points, lens_maps  # noqa: E402

#: Pure magenta (BGR): the colour of every card face and back in these scenes.
CARD_BGR = (255, 0, 255)


class SolidArt:
    """Card art stand-in: every card a solid magenta rectangle, card-shaped."""

    def __init__(self, h: int = 350, w: int = 250):
        self.rgba = np.zeros((h, w, 4), np.uint8)
        self.rgba[:] = (*CARD_BGR, 255)

    def image(self, deck, card):
        return self.rgba


@pytest.fixture
def bare_scenes(monkeypatch):
    """Scenes without hands, occluders, drop shadows or photometric effects (they recolour cards)."""
    paste = scene_mod._paste
    monkeypatch.setattr(scene_mod, "_paste", lambda canvas, owner, rgba, m, oid, shadow: paste(canvas, owner, rgba, m, oid, 0.0))
    monkeypatch.setattr(scene_mod, "_hand", lambda *a, **k: None)
    monkeypatch.setattr(scene_mod, "OCCLUDER_CHANCE", 0.0)
    monkeypatch.setattr(scene_mod, "_photometric", lambda rng, img, blur=1.0: img)
    return SceneMaker(SolidArt(), [SimpleNamespace(name="solid")], BackgroundBank(0, use_textures=False))


def _card_pixels(image: np.ndarray) -> np.ndarray:
    return np.all(image == CARD_BGR, axis=2)


#: Share of a label's (eroded) area that must be card: labels are straight-edged quads through
#: the card's corners, and a lens bends the card's edges by a few pixels between them.
COVERED = {"pinhole": 0.97, "lens": 0.93}


@pytest.mark.parametrize("lens", ["pinhole", "lens"])
def test_card_pixels_lie_inside_labels_and_labels_are_covered(bare_scenes, monkeypatch, lens):
    monkeypatch.setattr(scene_mod, "LENS_DISTORTION_CHANCE", 1.0 if lens == "lens" else 0.0)
    for i in range(12):
        scene = bare_scenes.make(np.random.default_rng([11, i]))
        h, w = scene.image.shape[:2]
        painted = _card_pixels(scene.image)
        labelled = np.zeros((h, w), np.uint8)
        for c in scene.cards:
            cv2.fillPoly(labelled, [np.round(c.quad).astype(np.int32)], 1)
        grown = cv2.dilate(labelled, np.ones((7, 7), np.uint8))
        # no card in the picture without a label (a mirrored copy of the table would be one)
        stray = painted & (grown == 0)
        assert stray.sum() <= 20, f"scene {i}: {stray.sum()} card pixels outside every label"
        # no label without a card under it (a card cut off by the table's edge would be one)
        shrunk = cv2.erode(labelled, np.ones((7, 7), np.uint8)) > 0
        if shrunk.sum():
            assert painted[shrunk].mean() > COVERED[lens], f"scene {i}: labels over bare table"


def test_lens_distortion_maps_and_points_agree():
    """A distorted pixel samples the ideal picture at (map_x, map_y); distorting that ideal
    point must land back on the pixel (labels follow the picture)."""
    rng = np.random.default_rng(4)
    worst = 0.0
    for w, h in [(1000, 700), (700, 1000), (1100, 620), (800, 800)] * 5:
        mx, my, cam, dist = lens_maps(rng, w, h)
        xs = rng.integers(0, w, 50)
        ys = rng.integers(0, h, 50)
        ideal = np.stack([mx[ys, xs], my[ys, xs]], 1)
        back = distort_points(ideal, cam, dist)
        worst = max(worst, float(np.abs(back - np.stack([xs, ys], 1)).max()))
    assert worst < 1.0


def test_lens_never_folds_back():
    """Every lens keeps the ideal picture it samples close to the frame (a fold-back lens
    once asked for a 20,000-pixel canvas and ran a worker out of memory)."""
    from datasets.scene import lens_margin

    rng = np.random.default_rng(9)
    for w, h in [(1094, 1094), (640, 1100), (1100, 620), (700, 932)] * 25:
        mx, my, cam, dist = lens_maps(rng, w, h)
        assert lens_margin(mx, my, w, h) < 0.25 * max(w, h)


def test_lens_distortion_is_not_identity():
    mx, my, cam, dist = lens_maps(np.random.default_rng(0), 1000, 700)
    corner = distort_points(np.array([[0.0, 0.0]]), cam, dist)[0]
    assert dist[0] != 0 and np.abs(corner).max() > 2.0


def _pat_bytes(w: int, h: int, bpp: int, pixels: bytes, name: bytes = b"test\0") -> bytes:
    header = struct.pack(">5I", 24 + len(name), 1, w, h, bpp) + b"GPAT" + name
    return header + pixels


def test_gimp_pattern_reader(tmp_path):
    rgb = np.arange(2 * 3 * 3, dtype=np.uint8).reshape(2, 3, 3)
    p = tmp_path / "x.pat"
    p.write_bytes(_pat_bytes(3, 2, 3, rgb.tobytes()))
    img = read_gimp_pattern(p)
    assert img.shape == (2, 3, 3)
    assert (img[..., ::-1] == rgb).all()  # RGB in the file, BGR out
    grey = tmp_path / "g.pat"
    grey.write_bytes(_pat_bytes(2, 2, 1, bytes([0, 50, 100, 150])))
    assert read_gimp_pattern(grey)[1, 0].tolist() == [100, 100, 100]
    bad = tmp_path / "bad.pat"
    bad.write_bytes(b"not a pattern at all, just text")
    assert read_gimp_pattern(bad) is None
    short = tmp_path / "short.pat"
    short.write_bytes(_pat_bytes(30, 30, 3, b"\0" * 10))
    assert read_gimp_pattern(short) is None


def test_tile_to_repeats_the_pattern():
    tile = np.arange(12, dtype=np.uint8).reshape(2, 2, 3)
    out = tile_to(tile, 5, 3)
    assert out.shape == (5, 3, 3)
    assert (out[4, 2] == tile[0, 0]).all() and (out[3, 1] == tile[1, 1]).all()
