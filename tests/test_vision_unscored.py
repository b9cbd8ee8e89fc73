"""Held-out evaluation scores only cards that can be named from the picture: which cards are
nameable, and how `goatherd eval` treats the unscored ones."""

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from datasets.scene import PlacedCard  # noqa: E402
from datasets.synth import NAMEABLE_FACE_MIN, nameable  # noqa: E402
from vision.cards import CARD_NAMES  # noqa: E402
from vision.evaluate import evaluate, multiset_counts, scored_predictions  # noqa: E402


def _card(width=80.0, visible=1.0, deck="kde/standard"):
    h = width * 1.4
    quad = np.array([[100, 100], [100 + width, 100], [100 + width, 100 + h], [100, 100 + h]], float)
    c = PlacedCard("7H", True, deck, quad, owner=1)
    c.visible = visible
    return c


def test_nameable_needs_an_index_corner_or_enough_face_and_a_readable_size():
    shown, hidden = [1.0, 0.2], [0.3, 0.1]
    assert nameable(_card(visible=0.25), shown)  # only the index corner shows: enough
    assert not nameable(_card(visible=0.25), hidden)  # a quarter of a face, no index
    assert nameable(_card(visible=NAMEABLE_FACE_MIN), hidden)  # enough face to read its pips
    assert not nameable(_card(width=40.0, visible=1.0), shown)  # too small to read at all
    # a deck with no index in its corners is named by its face only
    assert not nameable(_card(visible=0.25, deck="kde/oxygen-white"), shown)
    assert nameable(_card(visible=0.9, deck="kde/oxygen-white"), shown)


def test_a_name_of_an_unscored_card_is_neither_right_nor_wrong():
    # truth 7H; 2C is in the picture but unscored; KD is in neither
    assert multiset_counts(["7H", "2C"], ["7H"], ["2C"]) == (1, 1, 1)
    assert multiset_counts(["7H", "KD"], ["7H"], ["2C"]) == (1, 2, 1)
    assert multiset_counts(["7H", "2C"], ["7H"]) == (1, 2, 1)  # without the unscored list: wrong
    # each unscored card excuses one prediction: a card named twice is still one error
    assert scored_predictions(["2C", "2C"], [], ["2C"]) == {"2C": 1}


def _label(card: str, quad: np.ndarray, w: int, h: int) -> str:
    return f"{CARD_NAMES.index(card)} " + " ".join(f"{x / w:.5f} {y / h:.5f}" for x, y in quad) + "\n"


def test_eval_counts_unscored_cards_neither_way(tmp_path):
    w, h = 640, 480
    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    cv2.imwrite(str(tmp_path / "images" / "a.jpg"), np.full((h, w, 3), 90, np.uint8))
    named = np.array([[50, 50], [150, 50], [150, 190], [50, 190]], float)
    covered = np.array([[300, 50], [400, 50], [400, 190], [300, 190]], float)
    (tmp_path / "labels" / "a.txt").write_text(_label("7H", named, w, h))

    def recognizer(frame):
        return {"cards": [{"card": "7H", "conf": 0.9, "corners": named.tolist()},
                          {"card": "2C", "conf": 0.8, "corners": covered.tolist()}], "hands": []}

    before = evaluate(recognizer, tmp_path)
    assert before["identity"]["precision"] == 0.5 and before["box_ap50_faces"] == 1.0
    assert before["images_exactly_right"] == 0.0
    (tmp_path / "unscored").mkdir()
    (tmp_path / "unscored" / "a.txt").write_text(_label("2C", covered, w, h))
    after = evaluate(recognizer, tmp_path)
    assert after["identity"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0, "tp": 1}
    assert after["cards_unscored"] == 1 and after["images_exactly_right"] == 1.0
    # a wrong name on the unscored card's box is still wrong
    misread = lambda frame: {"cards": [recognizer(frame)["cards"][0],  # noqa: E731
                                       {"card": "KD", "conf": 0.8, "corners": covered.tolist()}], "hands": []}
    assert evaluate(misread, tmp_path)["identity"]["precision"] == 0.5


def test_heldout_scenes_list_scored_and_unscored_cards(tmp_path):
    import shutil

    from datasets.decks import find_decks
    from datasets.synth import SynthConfig, generate

    deck = "gnome/tango"  # a held-out deck (datasets.decks.HELDOUT_DECKS)
    if shutil.which("rsvg-convert") is None or deck not in {d.name for d in find_decks()}:
        pytest.skip("card decks or rsvg-convert not installed")
    cfg = SynthConfig(out=tmp_path / "s", seed=3, train=0, val=0, heldout=12, workers=1, cache=tmp_path / "cards",
                      decks=(deck,))
    m = generate(cfg, progress=False)
    images = sorted((cfg.out / "heldout/images").iterdir())
    assert len(images) == 12
    scored = unscored = 0
    for p in images:
        for folder in ("labels", "unscored"):
            lines = (cfg.out / "heldout" / folder / (p.stem + ".txt")).read_text().splitlines()
            assert all(len(line.split()) == 9 for line in lines)
            scored += folder == "labels" and len(lines)
            unscored += folder == "unscored" and len(lines)
    assert m["totals"]["cards"] == scored and m["totals"]["unscored"] == unscored
    assert scored > 0 and unscored > 0
