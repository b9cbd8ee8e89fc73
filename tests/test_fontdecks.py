"""Generated font decks (datasets.fontdecks): deterministic, distinct, card-shaped, with an
index in both Stage B corner regions, and wired into the training decks only."""

import hashlib
import shutil

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from datasets.decks import ASPECT_RANGE, RENDER_HEIGHT, CardArt, find_decks, render_deck, split_decks  # noqa: E402
from datasets.fontdecks import FONT_FAMILIES, _family, font_deck_names, font_decks, make_style  # noqa: E402
from vision.cards import CARD_NAMES  # noqa: E402
from vision.geometry import CORNER_SIZE, corner_maps  # noqa: E402


def _need_rsvg():
    if shutil.which("rsvg-convert") is None:
        pytest.skip("rsvg-convert (librsvg2-bin) not installed")


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """Decks font/000 and font/001 rendered into one cache, font/000 again into another."""
    _need_rsvg()
    a, b = tmp_path_factory.mktemp("fa"), tmp_path_factory.mktemp("fb")
    decks = font_decks(2)
    for d in decks:
        render_deck(d, a)
    render_deck(decks[0], b)
    return a, b, decks


def _digest(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.glob("*.png"))}


def test_names_and_styles_are_deterministic():
    assert font_deck_names(3) == ["font/000", "font/001", "font/002"]
    assert font_deck_names(1, seed=7) == ["font/s7-000"]
    assert make_style("font/004") == make_style("font/004")
    assert make_style("font/004") != make_style("font/005")
    assert make_style("font/000") != make_style("font/s1-000")
    with pytest.raises(ValueError):
        make_style("gnome/anglo")


def test_missing_font_falls_back_to_dejavu():
    style = dict(make_style("font/000"), family="No Such Font Family", serif=True)
    assert _family(style) == "DejaVu Serif"
    assert len({f for f, _ in FONT_FAMILIES}) == len(FONT_FAMILIES)


def test_same_seed_same_png_bytes(rendered):
    a, b, decks = rendered
    da = _digest(a / "font__000")
    assert len(da) == 53
    assert da == _digest(b / "font__000")
    # a second render_deck call is a cache hit and leaves the files as they are
    render_deck(decks[0], b)
    assert da == _digest(b / "font__000")


def test_different_decks_differ(rendered):
    a, _, _ = rendered
    d0, d1 = _digest(a / "font__000"), _digest(a / "font__001")
    assert all(d0[k] != d1[k] for k in d0)


def test_every_card_is_card_shaped_with_readable_corners(rendered):
    a, _, decks = rendered
    art = CardArt(a, decks)
    maps = corner_maps()
    for deck in decks:
        for card in CARD_NAMES + ("back",):
            img = art.image(deck, card)
            h, w = img.shape[:2]
            assert img.shape[2] == 4 and h == RENDER_HEIGHT
            assert ASPECT_RANGE[0] <= w / h <= ASPECT_RANGE[1], (deck.name, card, w / h)
            alpha = img[:, :, 3]
            assert alpha[h // 8 : -h // 8, w // 8 : -w // 8].min() == 255, (deck.name, card)
            assert alpha[0, 0] < 128 and alpha[-1, -1] < 128  # rounded corners
            if card == "back":
                continue
            # both index corners, cut the way Stage B cuts them, hold ink (not blank paper)
            scale = np.diag([w, h, 1.0])
            for m in maps:
                patch = cv2.warpPerspective(img[:, :, :3], scale @ m, (CORNER_SIZE, CORNER_SIZE),
                                            flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP)
                grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(float)
                ink = (grey < np.median(grey) - 60).mean()
                assert ink > 0.03, (deck.name, card, ink)


def test_font_decks_train_only():
    train, held = split_decks(find_decks() + font_decks(3))
    assert {d.name for d in font_decks(3)} <= {d.name for d in train}
    assert not any(d.name.startswith("font/") for d in held)
