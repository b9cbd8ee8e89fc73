"""Golf through the camera path (one deck): a simulated round or match -> render (sidecar)
-> the live pipeline (oracle; with a calibration, or the Golf default layout) -> the same
log, and the Golf candidate logic (vision/live/games/golf.py) with exact expectations."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

from referee import Table  # noqa: E402
from referee.games.golf_sim import simulate_game  # noqa: E402
from vision.live.detector import OracleDetector  # noqa: E402
from vision.live.cues import Observation, Seen  # noqa: E402
from vision.live.events import IGNORE  # noqa: E402
from vision.live.games import golf  # noqa: E402
from vision.live.layout import Layout, default_layout  # noqa: E402
from vision.live.pipeline import LivePipeline  # noqa: E402
from vision.live.render import RenderConfig, render_log  # noqa: E402

PLAYERS = ["Ann", "Bob"]


def visible(events):
    return [{k: v for k, v in e.items() if k != "evidence"} for e in events if e["type"] not in ("hand", "start")]


def watch(side, start, calibrated: bool):
    det = OracleDetector(side)
    h = det.header
    extra = {k: v for k, v in start.items() if k not in ("type", "players", "game", "mode")}
    pipe = LivePipeline(h["players"], det, h["fps"], game="golf", leader=None, start_extra=extra,
                        layout=Layout.from_dict(h["layout"]) if calibrated else None)
    for i in range(max(det.frames) + 1):
        pipe.process(None, i, shape=(h["height"], h["width"], 3))
    pipe.finish()
    return pipe


def test_a_golf_round_comes_back_exactly(tmp_path):
    _, hidden = simulate_game(PLAYERS, 10, holes=1)  # pile start, first flips, swaps, a discard,
    kinds = {(e["type"], e.get("source")) for e in hidden}  # draws from the pile, the reveal
    assert {("draw", "discard"), ("draw", "stock"), ("discard", None), ("swap", None), ("flip", None)} <= kinds
    side = tmp_path / "golf.jsonl"
    render_log(hidden, None, RenderConfig(width=640, height=360, seed=10, video=False), side)
    det = OracleDetector(side)
    h = det.header
    extra = {k: v for k, v in hidden[0].items() if k not in ("type", "players", "game", "mode")}
    pipe = LivePipeline(h["players"], det, h["fps"], game="golf", leader=None, start_extra=extra,
                        layout=Layout.from_dict(h["layout"]))  # the table's calibration
    for i in range(max(det.frames) + 1):
        pipe.process(None, i, shape=(h["height"], h["width"], 3))
    pipe.finish()
    assert visible(pipe.log) == visible(hidden)
    assert not [r for r in pipe.rulings if r["severity"] == "illegal"] and not pipe.notes
    stock = [e for e in pipe.log if e["type"] == "draw" and e["source"] == "stock"]
    assert stock and all(e["evidence"]["inferred"] == "stock draw" for e in stock)
    assert pipe.table.view()["phase"] == "over"


# ------------------------------------------------------------------ candidates, exactly

LAYOUT = default_layout(2, 640, 360)  # seat 0 bottom, seat 1 top
W = 35.0


def seen(name, first, last, track=1):
    return Seen(track, [(name, 1.0)], np.array(first, float), np.array(last, float), 0, 10, W)


def arrive(card, where=None):
    obs = Observation("arrive", [card], 10, 1.0, 0.0, None)
    obs.where = dict(where or {})
    return obs


def table(*events):
    t = Table()
    for ev in [{"type": "start", "game": "golf", "players": PLAYERS, "dealer": 0, "mode": "hidden"}, *events]:
        assert t.apply(ev).ok, ev
    return t


SETUP = ({"type": "flip", "card": "QD"}, {"type": "flip", "seat": 0, "position": 5, "card": "5H"},
         {"type": "flip", "seat": 0, "position": 4, "card": "5C"},
         {"type": "flip", "seat": 1, "position": 3, "card": "7H"},
         {"type": "flip", "seat": 1, "position": 4, "card": "AH"})  # Bob (seat 1) moves first


def test_grid_cells_round_trip():
    for seat in (0, 1):
        for pos in range(6):
            assert golf.cell_at(LAYOUT, golf.cell_centre(LAYOUT, seat, pos, 2, 3, W), 2, 3, W) == (seat, pos)
    # row 0 is the far row (nearer the centre), column 0 on the player's left
    c = golf.cell_centre(LAYOUT, 0, 0, 2, 3, W)
    assert c[1] < golf.cell_centre(LAYOUT, 0, 3, 2, 3, W)[1] and c[0] < golf.cell_centre(LAYOUT, 0, 2, 2, 3, W)[0]
    assert golf.cell_centre(LAYOUT, 1, 0, 2, 3, W)[0] > golf.cell_centre(LAYOUT, 1, 2, 2, 3, W)[0]
    assert golf.cell_at(LAYOUT, LAYOUT.centre, 2, 3, W) is None


def test_dealing_flips():
    view = table().view()
    pile = golf.pile_spot(LAYOUT, W)
    assert golf.candidates(arrive(seen("QD", pile, pile)), view, LAYOUT) == [({"type": "flip", "card": "QD"}, 1.0)]
    cell = golf.cell_centre(LAYOUT, 0, 5, 2, 3, W)
    assert golf.candidates(arrive(seen("5H", cell, cell)), view, LAYOUT) == [
        ({"type": "flip", "seat": 0, "position": 5, "card": "5H"}, 1.0)]


def test_a_new_pile_card_carried_in_or_turned_up_there():
    view = table(*SETUP).view()
    pile = golf.pile_spot(LAYOUT, W)
    carried = arrive(seen("6D", (320, 20), pile))
    assert golf.candidates(carried, view, LAYOUT) == [({"type": "discard", "seat": 1, "card": "6D"}, 1.0), (None, 0.2)]
    turned = arrive(seen("JH", pile, pile))
    assert golf.candidates(turned, view, LAYOUT) == [({"type": "discard", "seat": 1, "card": "JH"}, 0.2), (None, 1.0)]
    again = arrive(seen("QD", pile, pile))  # the pile's card seen again
    assert golf.candidates(again, view, LAYOUT) == [(None, 1.0)]


def test_a_new_grid_card_is_the_swap_with_the_replaced_card():
    view = table(*SETUP).view()
    pile = golf.pile_spot(LAYOUT, W)
    up = golf.cell_centre(LAYOUT, 1, 3, 2, 3, W)  # 7H lay face up there: the referee knows it
    assert golf.candidates(arrive(seen("4S", (320, 10), up)), view, LAYOUT) == [
        ({"type": "swap", "seat": 1, "position": 3, "card_out": "7H", "card": "4S"}, 1.0),
        ({"type": "flip", "seat": 1, "position": 3, "card": "4S"}, 0.3)]
    down = golf.cell_centre(LAYOUT, 1, 0, 2, 3, W)  # a face-down card: the newcomer on the pile
    obs = arrive(seen("4S", (320, 10), down), {"JH": pile, "QD": pile, "AH": golf.cell_centre(LAYOUT, 1, 4, 2, 3, W)})
    assert golf.candidates(obs, view, LAYOUT) == [
        ({"type": "swap", "seat": 1, "position": 0, "card_out": "JH", "card": "4S"}, 1.0),
        ({"type": "flip", "seat": 1, "position": 0, "card": "4S"}, 0.3)]


def test_the_pile_top_leaving():
    view = table(*SETUP).view()
    pile = golf.pile_spot(LAYOUT, W)
    taken = Observation("leave", [seen("QD", pile, (330, 20))], 10, 1.0, 0.0, 1)
    assert golf.candidates(taken, view, LAYOUT) == [
        ({"type": "draw", "seat": 1, "source": "discard", "card": "QD"}, 1.0), (IGNORE, 0.05)]
    buried = Observation("leave", [seen("QD", pile, pile)], 10, 1.0, 0.0, 1)  # covered: its track ended there
    assert golf.candidates(buried, view, LAYOUT) == [(None, 1.0)]
    assert golf.table_cards(view) == {"QD", "5H", "5C", "7H", "AH"}


def test_the_stock_draw_comes_before_a_discard_and_goes_with_it():
    t = golf.live_table(table(*SETUP))
    r = t.apply({"type": "discard", "seat": 1, "card": "6D", "evidence": {"frame": 3}})
    assert r.ok and t.view()["discard_pile"] == ["QD", "6D"] and t.view()["to_act"] == 0
    assert [(e, x.ok) for e, x in t.preludes(r.seq)] == [
        ({"type": "draw", "seat": 1, "source": "stock", "evidence": {"frame": 3, "inferred": "stock draw",
                                                                     "cards_seen": []}}, True)]
    assert t.preludes(r.seq) == [] and t.follow_ups(r.seq) == []
    r = t.apply({"type": "discard", "seat": 1, "card": "6H"})  # not Bob's turn: judged on its own
    assert not r.ok and t.view()["to_act"] == 0 and t.view()["stock"] == 52 - 12 - 2
    t.apply({"type": "discard", "seat": 0, "card": "6H"})
    t.apply({"type": "undo"})  # the discard and its draw go together
    assert t.view()["to_act"] == 0 and t.view().get("drawn") is None and t.view()["discard_pile"] == ["QD", "6D"]


# ------------------------------------------------------------------ default layout, several rounds

@pytest.mark.parametrize("n", [2, 3, 4])
def test_default_layout_puts_every_grid_in_front_of_its_seat_inside_the_frame(n):
    lay = golf.default_layout(n, 640, 360)
    w = golf.CARD_FRACTION * 360 * golf.ASPECT
    assert np.allclose(lay.seats[0], (320, 360))  # seat 0 at the bottom, then clockwise
    if n == 3:
        assert np.allclose(lay.seats[1:], [(0, 180), (640, 180)])
    for s in range(n):
        for p in range(6):
            c = golf.cell_centre(lay, s, p, 2, 3, w)
            assert w <= c[0] <= 640 - w and w <= c[1] <= 360 - w, (s, p, c)
            assert lay.zone_of(c) == s and golf.cell_at(lay, c, 2, 3, w) == (s, p)
    # Skitgubbe / Durak keep the evenly spread default
    assert np.allclose(default_layout(3, 640, 360).seats[1], default_layout(3, 640, 360, None).seats[1])
    assert not np.allclose(default_layout(3, 640, 360).seats[1], lay.seats[1])


def test_a_match_carries_on_into_the_next_round_without_a_calibration(tmp_path):
    _, hidden = simulate_game(PLAYERS, 30, holes=2)
    starts = [i for i, e in enumerate(hidden) if e["type"] == "start"]
    assert starts == [0, 32] and hidden[32]["dealer"] == 1
    clip = hidden[:40]  # round 1; round 2's deal (the table gathered first), pile card, first flips, a turn
    side = tmp_path / "golf.jsonl"
    render_log(clip, None, RenderConfig(width=640, height=360, seed=30, video=False), side)
    pipe = watch(side, clip[0], calibrated=False)
    assert visible(pipe.log) == visible(clip)
    assert not [r for r in pipe.rulings if r["severity"] == "illegal"] and not pipe.notes
    assert [i for i, e in enumerate(pipe.log) if e["type"] == "start"] == starts
    assert pipe.log[32]["evidence"]["inferred"] == "new round" and pipe.log[33]["type"] == "flip"
    view = pipe.table.view()
    assert view["phase"] == "play" and view["sheet"]["round"] == 2 and view["dealer"] == 1


def test_the_next_rounds_start_comes_with_its_pile_card():
    t = golf.live_table(Table())
    assert t.apply({"type": "start", "game": "golf", "players": PLAYERS, "dealer": 0, "mode": "hidden",
                    "match": {"holes": 2}}).ok
    view = dict(t.view(), phase="over")  # (a round over, the match on)
    assert golf.next_round(view) == {"type": "start", "game": "golf", "players": PLAYERS, "mode": "hidden"}
    assert golf.new_round(view, {"type": "flip", "card": "QD"}) == [golf.next_round(view)]
    assert golf.new_round(view, {"type": "flip", "seat": 0, "position": 1, "card": "QD"}) == []
    assert golf.next_round(dict(view, sheet={"match_over": True})) is None
    assert golf.next_round(t.view()) is None  # dealing: no new round
    pile = golf.pile_spot(LAYOUT, W)
    obs = arrive(seen("QD", pile, pile))
    assert golf.candidates(obs, view, LAYOUT) == [({"type": "flip", "card": "QD"}, 1.0)]
    assert golf.candidates(obs, dict(view, sheet={"match_over": True}), LAYOUT) == []


def test_an_uncalibrated_grid_is_found_by_its_own_face_up_cards():
    view = table(*SETUP).view()  # Bob (seat 1): 7H at 3, AH at 4 face up
    shift = np.array([-0.7 * W, 0.0])  # the camera's tilt: the grid lies 0.7 card widths off
    where = {"7H": golf.cell_centre(LAYOUT, 1, 3, 2, 3, W) + shift,
             "AH": golf.cell_centre(LAYOUT, 1, 4, 2, 3, W) + shift,
             "QD": golf.pile_spot(LAYOUT, W)}  # (a card far from its cell -- on the pile -- is no reference)
    offsets = golf.grid_offsets(LAYOUT, view, dict(where, **{"5H": golf.pile_spot(LAYOUT, W)}), 2, 3, W)
    assert list(offsets) == [1] and np.allclose(offsets[1], shift)
    target = golf.cell_centre(LAYOUT, 1, 0, 2, 3, W) + shift
    assert golf.cell_at(LAYOUT, target, 2, 3, W) == (1, 1)  # the expected place alone: the wrong cell
    assert golf.cell_at(LAYOUT, target, 2, 3, W, offsets) == (1, 0)
    # a grid without references: the looser tolerance (0.85 card widths)
    seat0 = golf.cell_centre(LAYOUT, 0, 0, 2, 3, W)
    assert golf.cell_at(LAYOUT, seat0 + [0, 0.7 * W], 2, 3, W) is None
    assert golf.cell_at(LAYOUT, seat0 + [0, 0.7 * W], 2, 3, W, offsets) == (0, 0)


def test_the_new_round_start_goes_with_its_flip_and_is_undone_with_it():
    _, hidden = simulate_game(PLAYERS, 30, holes=2)
    t = golf.live_table(Table())
    for ev in hidden[:32]:  # round 1
        assert t.apply(ev).ok, ev
    assert t.view()["phase"] == "over" and t.view()["sheet"]["round"] == 1
    r = t.apply({"type": "flip", "card": "QS", "evidence": {"frame": 7}})
    assert r.ok and t.view()["phase"] == "deal" and t.view()["sheet"]["round"] == 2 and t.view()["dealer"] == 1
    t.apply({"type": "undo"})  # the lookahead's probe: the start goes with the flip
    assert t.view()["phase"] == "over" and t.view()["sheet"]["round"] == 1 and t.view()["discard_pile"][-1] == "10S"
    r = t.apply({"type": "flip", "card": "QS", "evidence": {"frame": 7}})
    assert [(e, x.ok) for e, x in t.preludes(r.seq)] == [
        ({"type": "start", "game": "golf", "players": PLAYERS, "mode": "hidden",
          "evidence": {"frame": 7, "inferred": "new round", "cards_seen": []}}, True)]
    assert t.view()["discard_pile"] == ["QS"]
