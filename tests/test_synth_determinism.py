"""The synthetic generator: same seed -> same files, any worker count; labels well formed."""

import hashlib
import shutil
from pathlib import Path

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from datasets.decks import find_decks  # noqa: E402
from datasets.synth import DET_IMAGE_SIDE, SynthConfig, generate  # noqa: E402
from vision.cards import CORNER_CLASSES  # noqa: E402
from vision.geometry import CORNER_SIZE  # noqa: E402

#: Two small decks that render in a few seconds.
TEST_DECKS = ("kde/standard", "gnome/tango_nuevo")


def _need_decks():
    if shutil.which("rsvg-convert") is None:
        pytest.skip("rsvg-convert (librsvg2-bin) not installed")
    names = {d.name for d in find_decks()}
    if not set(TEST_DECKS) <= names:
        pytest.skip("card decks not installed (gnome-cards-data, kdegames-card-data-kf5)")


@pytest.fixture(scope="session")
def card_cache(tmp_path_factory):
    _need_decks()
    return tmp_path_factory.mktemp("cards")


def _digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != "manifest.json"
            and p.suffix != ".yaml"}


def _make(out, seed, workers, cache):
    cfg = SynthConfig(out=out, seed=seed, train=6, val=2, heldout=0, workers=workers, cache=cache, decks=TEST_DECKS)
    return generate(cfg, progress=False)


def test_same_seed_same_dataset_for_any_worker_count(tmp_path, card_cache):
    m1 = _make(tmp_path / "a", 7, 1, card_cache)
    _make(tmp_path / "b", 7, 2, card_cache)
    _make(tmp_path / "c", 8, 1, card_cache)
    a, b, c = _digest(tmp_path / "a"), _digest(tmp_path / "b"), _digest(tmp_path / "c")
    assert len([k for k in a if k.startswith("det/images/")]) == 8
    assert a == b
    assert a != c
    assert m1["totals"]["scenes"] == 8 and m1["images_per_second"] > 0


def test_detector_labels_are_normalised_oriented_boxes(tmp_path, card_cache):
    _make(tmp_path, 3, 1, card_cache)
    labels = sorted((tmp_path / "det/labels/train").glob("*.txt"))
    assert len(labels) == 6
    rows = [line.split() for p in labels for line in p.read_text().splitlines()]
    assert rows, "six scenes without a single labelled card"
    for row in rows:
        assert len(row) == 9 and row[0] in ("0", "1", "2")
        xy = np.array(row[1:], float).reshape(4, 2)
        assert (xy >= 0).all() and (xy <= 1).all()  # ultralytics drops images with labels outside
    for p in labels:
        img = cv2.imread(str(tmp_path / "det/images/train" / (p.stem + ".jpg")))
        assert img is not None and max(img.shape[:2]) == DET_IMAGE_SIDE
    crops = list((tmp_path / "cls/train").rglob("*.jpg"))
    for p in crops[:20]:
        assert cv2.imread(str(p)).shape == (CORNER_SIZE, CORNER_SIZE, 3)
        assert p.parent.name in CORNER_CLASSES


def test_scene_visibility_and_label_geometry(card_cache):
    from datasets.backgrounds import BackgroundBank
    from datasets.decks import CardArt, render_deck
    from datasets.scene import SceneMaker, corner_visibility, frame_obb

    decks = [d for d in find_decks() if d.name in TEST_DECKS]
    for d in decks:
        render_deck(d, card_cache)
    maker = SceneMaker(CardArt(card_cache, decks), decks, BackgroundBank(0, use_textures=False))
    seen = 0
    for i in range(6):
        scene = maker.make(np.random.default_rng([5, i]))
        h, w = scene.image.shape[:2]
        assert scene.image.dtype == np.uint8 and scene.owner.shape == (h, w)
        for c in scene.cards:
            assert 0.0 <= c.visible <= 1.05
            vis = corner_visibility(scene.owner, c.quad, c.owner)
            assert all(0.0 <= v <= 1.0 for v in vis)
            res = frame_obb(c.quad, w, h)
            if res is not None:
                box, frac = res
                assert 0.0 < frac <= 1.0 + 1e-9
                assert (box[:, 0] >= 0).all() and (box[:, 0] <= w).all()
            seen += 1
    assert seen > 0


def test_face_patches_are_whole_cards_labelled_by_name_and_same_by_seed(tmp_path, card_cache, monkeypatch):
    """`goatherd synth --face-cards N`: one whole-face patch per composed card, in a folder per
    class, FACE_SIZE square; the same seed gives the same files with any worker count, a card
    mostly covered is "none"."""
    from datasets.crops import FACE_VISIBLE_MIN, make_face_crop
    from datasets.synth import generate_crops
    from vision.geometry import FACE_SIZE

    def faces(out, seed, workers):
        cfg = SynthConfig(out=out, seed=seed, train=0, val=0, heldout=0, workers=workers, cache=card_cache,
                          decks=TEST_DECKS)
        generate_crops(cfg, 12, 3, progress=False, faces=True)
        return {k: v for k, v in _digest(out).items() if k.startswith("faces/")}

    a, b, c = faces(tmp_path / "a", 4, 1), faces(tmp_path / "b", 4, 2), faces(tmp_path / "c", 5, 1)
    assert a == b and a != c
    assert 12 <= len(a) <= 15 and not list((tmp_path / "a/cls").rglob("*.jpg"))
    for p in (tmp_path / "a/faces").rglob("*.jpg"):
        assert cv2.imread(str(p)).shape == (FACE_SIZE, FACE_SIZE, 3)
        assert p.parent.name in CORNER_CLASSES and p.parts[-3] in ("train", "val")
    # labels follow visibility: the same composition with the card covered reads "none"
    from datasets import crops
    from datasets.backgrounds import BackgroundBank
    from datasets.decks import CardArt

    decks = [d for d in find_decks() if d.name in TEST_DECKS]
    art, bank = CardArt(card_cache, decks), BackgroundBank(0, use_textures=False)
    patch, label = make_face_crop(np.random.default_rng(1), art, decks, bank, FACE_SIZE)
    assert label in CORNER_CLASSES[:52]
    real_compose = crops.compose_card

    def covered(*args):
        img, quad, owner, card = real_compose(*args)
        ys, xs = np.nonzero(owner == 1)
        keep = int(len(ys) * (FACE_VISIBLE_MIN - 0.05))
        owner[ys[keep:], xs[keep:]] = 255  # all but a strip is under another card
        return img, quad, owner, card

    monkeypatch.setattr(crops, "compose_card", covered)
    assert make_face_crop(np.random.default_rng(1), art, decks, bank, FACE_SIZE)[1] == "none"


def test_some_face_patches_are_a_runs_box_named_by_its_top_card(card_cache, monkeypatch):
    """FACE_RUN_SHARE of the face patches are cut through one box over a run (the top card
    with the cards under it showing beside it), as the detector boxes a run it does not
    split, and named by the top card: the highest of consecutive cards of one suit. The top
    card lies whole, the ones under it show in part; the same seed draws the same patch."""
    from datasets import crops
    from datasets.backgrounds import BackgroundBank
    from datasets.decks import CardArt
    from vision.cards import RANKS
    from vision.geometry import FACE_SIZE

    decks = [d for d in find_decks() if d.name in TEST_DECKS]
    art, bank = CardArt(card_cache, decks), BackgroundBank(0, use_textures=False)
    order = RANKS[1:] + RANKS[:1]
    for seed in range(6):
        img, quads, owner, cards = crops.compose_run(np.random.default_rng(seed), art, decks, bank)
        assert len(cards) in (2, 3) and len({c[-1] for c in cards}) == 1
        ranks = [order.index(c[:-1]) for c in cards]
        assert ranks == list(range(ranks[0], ranks[0] + len(cards)))
        areas = [cv2.contourArea(q.astype(np.float32)) for q in quads]
        shown = [(owner == k + 1).sum() / a for k, a in enumerate(areas)]
        assert shown[-1] > 0.9 and all(0.1 < f < 0.65 for f in shown[:-1])
        (_, _), (w, h), _ = cv2.minAreaRect(np.concatenate(quads).astype(np.float32))
        assert max(w, h) * min(w, h) > 1.15 * areas[-1]  # one box over more than one card
    monkeypatch.setattr(crops, "FACE_RUN_SHARE", 1.0)
    a_patch, a_label = crops.make_face_crop(np.random.default_rng(3), art, decks, bank, FACE_SIZE)
    b_patch, b_label = crops.make_face_crop(np.random.default_rng(3), art, decks, bank, FACE_SIZE)
    _, _, _, cards = crops.compose_run(_after_share_draw(3), art, decks, bank)
    assert a_label == b_label == cards[-1] and np.array_equal(a_patch, b_patch)
    assert a_patch.shape == (FACE_SIZE, FACE_SIZE, 3)


def _after_share_draw(seed: int) -> np.random.Generator:
    """A generator seeded `seed` past make_face_crop's draw of whether to cut a run."""
    rng = np.random.default_rng(seed)
    rng.random()
    return rng


def test_scene_faces_are_cut_through_the_detectors_boxes_and_same_by_seed(tmp_path, card_cache, monkeypatch):
    """`goatherd synth --scene-faces N`: face patches from whole scenes, through the shipped
    detector's boxes (labelled with the card each boxes) and jittered true boxes; the same
    seed gives the same files with any worker count."""
    from datasets import synth
    from vision.geometry import FACE_SIZE
    from vision.runtime import DETECTOR_FILE
    from vision.runtime_paths import DEFAULT_MODELS

    if not (DEFAULT_MODELS / DETECTOR_FILE).is_file():
        pytest.skip("no shipped detector")

    def faces(out, seed, workers):
        cfg = SynthConfig(out=out, seed=seed, train=0, val=0, heldout=0, workers=workers, cache=card_cache,
                          decks=TEST_DECKS)
        synth.generate_scene_faces(cfg, 4, 1, progress=False)
        return _digest(out)

    a, b, c = faces(tmp_path / "a", 4, 1), faces(tmp_path / "b", 4, 2), faces(tmp_path / "c", 5, 1)
    assert a == b and a != c and len(a) >= 5
    names = [p.name[0] for p in (tmp_path / "a/faces").rglob("*.jpg")]
    assert "s" in names and "j" in names  # detector boxes and jittered true boxes
    for p in (tmp_path / "a/faces").rglob("*.jpg"):
        assert cv2.imread(str(p)).shape == (FACE_SIZE, FACE_SIZE, 3) and p.parent.name in CORNER_CLASSES
    # a detector box is labelled with the card it boxes: with a detector that boxes nothing,
    # only the jittered true boxes remain
    monkeypatch.setattr(synth, "SCENE_FACE_MATCH_IOU", 1.01)  # (no box matches: all "none")
    d = faces(tmp_path / "d", 4, 1)
    boxed = {k for k in a if k.split("/")[-1].startswith("s") and "/none/" not in k}
    assert boxed and not {k for k in d if k.split("/")[-1].startswith("s") and "/none/" not in k}


def test_synth_refuses_a_missing_detector_for_scene_faces(tmp_path, card_cache):
    from datasets.synth import generate_scene_faces

    cfg = SynthConfig(out=tmp_path, seed=1, workers=1, cache=card_cache, decks=TEST_DECKS)
    with pytest.raises(RuntimeError, match="needs a detector"):
        generate_scene_faces(cfg, 2, 1, progress=False, detector=tmp_path / "none.onnx")


@pytest.mark.parametrize("argv, message", [
    (["--face-cards", "-3"], "--face-cards must not be negative"),
    (["--crop-val-cards", "-1"], "--crop-val-cards must not be negative"),
    (["--workers", "0"], "--workers must be at least 1"),
])
def test_synth_refuses_bad_counts_with_a_clear_message(tmp_path, argv, message):
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "goatherd", "synth", "--out", str(tmp_path / "x"), *argv],
                          cwd=Path(__file__).resolve().parents[1], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "x").exists()  # nothing written


def _render_into(cache: str) -> str:
    from datasets.decks import render_deck

    deck = next(d for d in find_decks() if d.name == TEST_DECKS[0])
    return str(render_deck(deck, Path(cache)))


def test_two_processes_render_the_same_deck_at_once(tmp_path):
    # Parallel bench workers on a fresh machine render one deck into one cache at the same time.
    import cv2
    from concurrent.futures import ProcessPoolExecutor

    _need_decks()
    with ProcessPoolExecutor(2) as pool:
        folders = list(pool.map(_render_into, [str(tmp_path)] * 2))
    assert folders[0] == folders[1]
    files = sorted(Path(folders[0]).iterdir())
    pngs = [p for p in files if p.suffix == ".png"]
    assert len(pngs) == 53 and {p.name for p in files} == {p.name for p in pngs} | {".done"}
    assert all(cv2.imread(str(p), cv2.IMREAD_UNCHANGED).shape[2] == 4 for p in pngs)
