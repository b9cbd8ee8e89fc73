"""Golf through the camera path (one deck, a calibrated layout): a simulated round ->
render (sidecar) -> the live pipeline (oracle) -> the same log, and the Golf candidate logic
(vision/live/games/golf.py) with exact expectations."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

from referee import Table  # noqa: E402
from referee.games.golf_sim import simulate_game  # noqa: E402
from vision.live.detector import OracleDetector  # noqa: E402
from vision.live.events import IGNORE, Observation, Seen  # noqa: E402
from vision.live.games import golf  # noqa: E402
from vision.live.layout import Layout, default_layout  # noqa: E402
from vision.live.pipeline import LivePipeline  # noqa: E402
from vision.live.render import RenderConfig, render_log  # noqa: E402

PLAYERS = ["Ann", "Bob"]


def visible(events):
    return [{k: v for k, v in e.items() if k != "evidence"} for e in events if e["type"] not in ("hand", "start")]


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
