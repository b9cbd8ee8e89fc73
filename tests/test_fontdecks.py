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


def _render_cards(style, cards, tmp_path):
    """The given cards of `style`, rendered as render_font_deck does (BGR)."""
    import subprocess

    from datasets.fontdecks import deck_svg

    svg, cells = deck_svg(style)
    path = tmp_path / "deck.svg"
    path.write_text(svg, encoding="utf-8")
    sheet = cv2.imdecode(np.frombuffer(subprocess.run(["rsvg-convert", "-f", "png", str(path)], capture_output=True,
                                                      check=True).stdout, np.uint8), cv2.IMREAD_COLOR)
    W, H = style["W"], style["H"]
    return {c: sheet[y : y + H, x : x + W] for c, x, y in cells if c in cards}


def test_ornate_aces_keep_their_index_clear_and_clutter_the_corners(tmp_path):
    """A decorated ace (ORNATE_ACE_SHARE of the decks) fills the card with scrolls that reach
    into the corner patches, but never over the index itself: the index reads as on a plain
    ace of the same deck."""
    from datasets.fontdecks import ORNATE_ACE_SHARE, _index_extent

    _need_rsvg()
    styles = [make_style(n) for n in font_deck_names(60, seed=3)]
    ornate = [s for s in styles if s["ace_ornate"]["suits"]]
    assert 0.25 * 60 < len(ornate) < 0.65 * 60 and 0 < ORNATE_ACE_SHARE < 1
    style = ornate[0]
    suit = style["ace_ornate"]["suits"][0]
    plain = dict(style, ace_ornate=dict(style["ace_ornate"], suits=[]))
    ace = f"A{suit}"
    deco, bare = _render_cards(style, {ace}, tmp_path)[ace], _render_cards(plain, {ace}, tmp_path)[ace]
    H, W = deco.shape[:2]
    ix, iy = (int(v) + 1 for v in _index_extent(style))
    assert np.array_equal(deco[:iy, :ix], bare[:iy, :ix])
    assert np.array_equal(deco[H - iy :, W - ix :], bare[H - iy :, W - ix :])
    # the ornament: much more ink than the plain ace's one pip, some of it in the corner patch
    def ink(img):
        return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) < 160
    assert ink(deco).sum() > 1.5 * ink(bare).sum()
    scale = np.diag([W, H, 1.0])
    cluttered = 0
    for m in corner_maps():
        patches = [cv2.warpPerspective(img, scale @ m, (CORNER_SIZE, CORNER_SIZE),
                                       flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP) for img in (deco, bare)]
        cluttered += int((ink(patches[0]) != ink(patches[1])).mean() > 0.01)
    assert cluttered >= 1
    # an ace of a suit not in the list is the deck's plain ace
    other = next(s for s in "HDCS" if s not in style["ace_ornate"]["suits"]) if len(style["ace_ornate"]["suits"]) < 4 else None
    if other:
        a = _render_cards(style, {f"A{other}"}, tmp_path)[f"A{other}"]
        b = _render_cards(plain, {f"A{other}"}, tmp_path)[f"A{other}"]
        assert np.array_equal(a, b)
