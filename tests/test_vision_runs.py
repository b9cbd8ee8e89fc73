"""A run of touching cards laid overlapping shows of each card under the next only a strip
with one index corner; the detector tends to box the run as one card. `run_neighbours` reads
such cards beside a surely read face (vision.runtime.RUN_SHIFTS), and the live detector lists
them. Pictures: real card art (a training deck rendered from Debian's SVG) on a plain table."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")
pytest.importorskip("onnxruntime")

from vision.runtime import touching  # noqa: E402

CARD_H = 140
STEP = 0.42  # the under card shows this much of its width, as the renderer lays runs


def test_touching_cards_are_one_suit_and_adjacent_ranks():
    assert touching("7C", "8C") and touching("8C", "7C") and touching("10H", "JH") and touching("KS", "AS")
    assert not touching("7C", "9C")  # a gap
    assert not touching("7C", "8D")  # another suit
    assert not touching("AS", "2S")  # A and 2 do not touch
    assert not touching("7C", "??") and not touching("7C", "7C")


@pytest.fixture(scope="module")
def art(tmp_path_factory):
    from datasets.decks import CardArt, find_decks, render_deck
    from vision.runtime_paths import DEFAULT_MODELS

    if not (DEFAULT_MODELS / "cards-obb.onnx").exists():
        pytest.skip("no shipped models in this checkout")
    decks = {d.name: d for d in find_decks()}
    if "gnome/anglo" not in decks:
        pytest.skip("the gnome/anglo deck (gnome-cards-data) is not installed")
    cache = tmp_path_factory.mktemp("cards")
    render_deck(decks["gnome/anglo"], cache)
    return CardArt(cache, [decks["gnome/anglo"]]), decks["gnome/anglo"]


def table_with(art, cards: list[tuple[str, float]]) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """A 1280x720 table with `cards` (name, left edge x) pasted upright in that order (later on
    top), and each card's corners."""
    images, deck = art
    frame = np.full((720, 1280, 3), (60, 110, 50), np.uint8)
    quads = {}
    for name, x0 in cards:
        img = images.image(deck, name)
        w = int(round(img.shape[1] * CARD_H / img.shape[0]))
        img = cv2.resize(img, (w, CARD_H), interpolation=cv2.INTER_AREA)
        x0, y0 = int(round(x0)), 290
        alpha = img[:, :, 3:4].astype(np.float32) / 255.0
        patch = frame[y0:y0 + CARD_H, x0:x0 + w].astype(np.float32)
        frame[y0:y0 + CARD_H, x0:x0 + w] = (alpha * img[:, :, :3] + (1 - alpha) * patch).astype(np.uint8)
        quads[name] = np.array([[x0, y0], [x0 + w, y0], [x0 + w, y0 + CARD_H], [x0, y0 + CARD_H]], float)
    return frame, quads


def card_width(art) -> float:
    images, deck = art
    img = images.image(deck, "8C")
    return img.shape[1] * CARD_H / img.shape[0]


def test_the_card_under_a_run_is_read_beside_its_top_card(art):
    from vision.runtime import CardRecognizer

    rec = CardRecognizer()
    w = card_width(art)
    frame, quads = table_with(art, [("7C", 560), ("8C", 560 + STEP * w)])
    (found,) = rec.run_neighbours(frame, [(quads["8C"], "8C")])
    assert [name for _, name, _ in found] == ["7C"]
    offset = found[0][0]
    assert offset[0] < -0.2 * w and abs(offset[1]) < 0.05 * CARD_H  # to its left, level with it
    # a run of three: the search goes on outwards from the card found
    frame, quads = table_with(art, [("6C", 520), ("7C", 520 + STEP * w), ("8C", 520 + 2 * STEP * w)])
    (found,) = rec.run_neighbours(frame, [(quads["8C"], "8C")])
    assert [name for _, name, _ in found] == ["7C", "6C"]
    # a card lying alone, or beside a card it does not touch, has no run
    frame, quads = table_with(art, [("8C", 600)])
    assert rec.run_neighbours(frame, [(quads["8C"], "8C")]) == [[]]
    frame, quads = table_with(art, [("KD", 560), ("8C", 560 + STEP * w)])
    assert rec.run_neighbours(frame, [(quads["8C"], "8C")]) == [[]]


def test_a_run_boxed_whole_is_cut_to_its_top_card_first(art):
    """The detector often boxes a whole run as one card, read as its top card. Shifted from
    that box, the probe looks beside the run, not under its top card (a real-model full game:
    Bob's 4C 5C, boxed whole, was logged as 5C). With the table's card shape known, the box is
    cut to one card at the end whose corners read the face's card; a run longer than a card is
    high is cut across the box's long side."""
    from vision.runtime import CardRecognizer, CardShape

    rec = CardRecognizer()
    w = card_width(art)
    shape = CardShape([w / CARD_H] * 5)
    run = [("6C", 520), ("7C", 520 + STEP * w), ("8C", 520 + 2 * STEP * w)]
    frame, quads = table_with(art, run)
    x1 = quads["8C"][1][0]
    whole = np.array([[520 - 3, 282], [x1 + 4, 282], [x1 + 4, 290 + CARD_H + 8], [520 - 3, 290 + CARD_H + 8]], float)
    assert (x1 + 4 - 517) > CARD_H + 16  # wider than high
    assert rec.run_neighbours(frame, [(whole, "8C")]) == [[]]  # shape unknown: nothing is cut
    (found,) = rec.run_neighbours(frame, [(whole, "8C")], shape)
    assert [name for _, name, _ in found] == ["7C", "6C"]
    centre = whole.mean(axis=0)
    for (off, name, _), x in zip(found, (520 + STEP * w, 520)):  # each found where it lies
        assert abs(centre[0] + off[0] - (x + w / 2)) < 0.15 * w


def test_a_tables_card_shape_is_the_median_of_plausible_single_cards():
    from vision.runtime import CARD_SHAPE_MIN, CardShape

    shape = CardShape()
    for a in [0.66, 0.70, 0.64, 0.95, 1.3, 0.68]:  # two run boxes among them
        shape.add(a)
    assert shape.aspect is None  # 4 plausible so far
    shape.add(0.69)
    assert len(shape.aspects) == CARD_SHAPE_MIN and shape.aspect == pytest.approx(0.68)


def test_the_live_detector_lists_a_run_s_under_card(art):
    """From the second sure read of the top card on (it lies where it lay), its run is looked
    for; the under card is listed with a box of its own, to the top card's left."""
    from vision.live.detector import find_model_detector

    det, why = find_model_detector()
    assert det is not None, why
    w = card_width(art)
    frame, quads = table_with(art, [("7C", 560), ("8C", 560 + STEP * w)])
    seen = [{d.card: d.centre for d in det(frame, i) if d.kind == "face"} for i in range(3)]
    assert "8C" in seen[0]
    assert "7C" in seen[1] and "7C" in seen[2]
    assert seen[1]["7C"][0] < seen[1]["8C"][0]


class ScriptedReader:
    """Stands in for the corner reader: reads the patch of probe i (in `run_neighbours`'
    batch order: the face's left side at each RUN_SHIFTS, then its right side) as scripted,
    anything else as no index."""

    imgsz = 64

    def __init__(self, script: dict[int, tuple[str, float]]):
        self.script = script

    def __call__(self, patches):
        return list(range(len(patches)))

    def card_probs(self, ids):
        from vision.cards import CARD_NAMES

        cards = np.zeros((len(ids), len(CARD_NAMES)))
        none = np.ones(len(ids))
        for i in ids:
            if i in self.script:
                name, p = self.script[i]
                cards[i, CARD_NAMES.index(name)] = p
                none[i] = 0.0
        return cards, none


@pytest.mark.parametrize("reads, found", [
    ({1: ("4H", 0.91), 2: ("4H", 0.8)}, ["4H"]),  # shift 0.2 surely (RUN_READ_MIN), 0.3 surely enough (RUN_FAR_READ_MIN)
    ({2: ("4H", 0.8), 3: ("4H", 0.75)}, ["4H"]),  # two far shifts
    ({0: ("4H", 1.0), 1: ("4H", 1.0)}, ["4H"]),  # a run boxed whole: its under card's index at the box's own corner
    ({2: ("4H", 0.8)}, []),  # one shift is not enough (RUN_AGREE): a patch holding part of the face's own index
    ({0: ("4H", 0.78), 1: ("4H", 0.97)}, []),  # near shifts need RUN_READ_MIN (6S read as 5S at 0.1 and 0.2)
    ({8: ("6H", 0.8), 9: ("6H", 0.75)}, ["6H"]),  # the right side: the card under it shows its bottom-right corner
    ({2: ("4H", 0.6), 3: ("4H", 0.6)}, []),  # too unsure
    ({2: ("9H", 0.95), 3: ("9H", 0.95)}, []),  # not a card of the face's run
])
def test_a_card_under_a_run_is_found_by_two_sure_enough_shifts(reads, found):
    """A real-model full game: 4H under Ann's 5H was read at 0.91 and 0.80 at shifts 0.2 and
    0.3, and the run was logged as 5H alone (the rule asked 0.9 at every shift)."""
    from vision.runtime import CardRecognizer

    rec = CardRecognizer.__new__(CardRecognizer)
    rec.reader = ScriptedReader(reads)
    face = np.array([[300, 200], [380, 200], [380, 315], [300, 315]], float)
    (run,) = rec.run_neighbours(np.zeros((720, 1280, 3), np.uint8), [(face, "5H")])
    assert [card for _, card, _ in run] == found
