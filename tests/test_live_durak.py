"""Durak through the camera path: simulated game -> render-video -> watch (oracle) -> the same log,
and the Durak candidate logic (vision/live/games/durak.py) with exact expectations."""

from __future__ import annotations

import json

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from goatherd.cli import main  # noqa: E402
from referee import Table  # noqa: E402
from referee.games.durak_sim import simulate_game  # noqa: E402
from vision.live.detector import OracleDetector  # noqa: E402
from vision.live.cues import Observation, Seen  # noqa: E402
from vision.live.events import IGNORE  # noqa: E402
from vision.live.games import durak  # noqa: E402
from vision.live.layout import default_layout  # noqa: E402
from vision.live.pipeline import LivePipeline  # noqa: E402
from vision.live.render import RenderConfig, render_log  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]


def visible(events):
    """What a camera sees of a Durak log: no start line, no spoken 'take', no evidence."""
    return [{k: v for k, v in e.items() if k != "evidence"} for e in events
            if e["type"] not in ("announce", "hand", "start")]


def run_oracle(sidecar, start):
    det = OracleDetector(sidecar)
    h = det.header
    extra = {k: v for k, v in start.items() if k not in ("type", "players", "game", "mode")}
    pipe = LivePipeline(h["players"], det, h["fps"], game="durak", leader=None, start_extra=extra)
    for i in range(max(det.frames) + 1):
        pipe.process(None, i, shape=(h["height"], h["width"], 3))
    pipe.finish()
    return pipe


def test_watch_cli_reproduces_a_durak_clip(tmp_path, capsys):
    _, hidden = simulate_game(PLAYERS[:4], 1)
    game = hidden[:11]  # trump, show, attacks, a defence, a take, a discard, draws
    kinds = {e["type"] for e in game}
    assert {"trump", "show", "attack", "defend", "take", "discard", "draw"} <= kinds
    log = tmp_path / "game.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in game))
    clip, side, out = tmp_path / "clip.mp4", tmp_path / "clip.detections.jsonl", tmp_path / "seen.jsonl"
    assert main(["render-video", str(log), "--out", str(clip), "--detections", str(side), "--size", "640x360",
                 "--deck", "simple", "--seed", "3", "--quiet"]) == 0
    assert clip.stat().st_size > 10_000
    assert main(["watch", str(clip), "--game", "durak", "--players", ",".join(PLAYERS[:4]),
                 "--detections", str(side), "--log", str(out), "--quiet"]) == 0
    seen = [json.loads(line) for line in out.read_text().splitlines()]
    assert seen[0]["type"] == "start" and seen[0]["game"] == "durak"
    assert visible(seen) == visible(game)
    draws = [e for e in seen if e["type"] == "draw"]
    assert draws and all(e["evidence"]["inferred"] == "refill" for e in draws)
    assert all("inferred" not in e["evidence"] for e in seen[1:] if e["type"] != "draw")
    printed = capsys.readouterr().out
    assert "bito" in printed and "picks up" in printed and "ILLEGAL" not in printed


@pytest.mark.parametrize("players, seed, variants, n_events", [
    (3, 5, {"transfer": True}, 18),  # a transfer, a throw-in; seat 2 sits the discard spot's way (the next
    # attack decides)
    (6, 10, None, 16),  # no talon: the last dealt card shows trump in its holder's hand
])
def test_durak_clips_come_back_exactly(tmp_path, players, seed, variants, n_events):
    _, hidden = simulate_game(PLAYERS[:players], seed, variants)
    game = hidden[:n_events]
    side = tmp_path / "side.jsonl"
    render_log(game, None, RenderConfig(width=320, height=180, seed=seed, video=False), side)
    pipe = run_oracle(side, game[0])
    assert visible(pipe.log) == visible(game)
    assert not [r for r in pipe.rulings if r["severity"] == "illegal"] and not pipe.notes


# ------------------------------------------------------------------ candidates, exactly

LAYOUT = default_layout(4, 640, 360)  # seats: 0 bottom, 1 left, 2 top, 3 right; discard top right
W = 40.0  # card width, pixels


def seen(name, first, last, track=1, share=1.0):
    return Seen(track, [(name, share)], np.array(first, float), np.array(last, float), 0, 10, W)


def arrive(card, seat_hint, last, where=None):
    obs = Observation("arrive", [card], 10, 1.0, 0.0, seat_hint)
    obs.where = dict(where or {})
    return obs


def leave(cards, seat_hint=None, present=()):
    return Observation("leave", cards, 10, 1.0, 0.0, seat_hint, present=set(present))


def table(*events, variants=None):
    t = Table()
    start = {"type": "start", "game": "durak", "players": PLAYERS[:4], "mode": "hidden"}
    if variants:
        start["variants"] = variants
    for ev in [start, *events]:
        assert t.apply(ev).ok, ev
    return t


def test_deal_arrival_is_the_trump_card():
    view = table().view()
    obs = arrive(seen("QS", (150, 180), (150, 180)), 1, (150, 180))
    assert durak.candidates(obs, view, LAYOUT) == [({"type": "trump", "card": "QS"}, 1.0)]


def test_first_arrival_in_the_play_area_is_the_attack_outside_it_the_show():
    view = table({"type": "trump", "card": "QS"}).view()
    led = arrive(seen("7C", (60, 180), (300, 180)), 1, (300, 180))
    assert durak.candidates(led, view, LAYOUT) == [
        ({"type": "attack", "seat": 1, "card": "7C"}, 1.0),
        ({"type": "show", "seat": 1, "card": "7C"}, 0.1)]
    shown = arrive(seen("6S", (320, 350), (320, 310)), 0, (320, 310))
    assert durak.candidates(shown, view, LAYOUT) == [
        ({"type": "attack", "seat": 0, "card": "6S"}, 0.2),
        ({"type": "show", "seat": 0, "card": "6S"}, 1.0)]


def test_attack_from_another_seat_than_the_attacker():
    view = table({"type": "trump", "card": "QS"}, {"type": "show", "seat": 3, "card": "6S"}).view()
    obs = arrive(seen("7C", (60, 180), (300, 180)), 1, (300, 180))
    assert durak.candidates(obs, view, LAYOUT) == [
        ({"type": "attack", "seat": 1, "card": "7C"}, 1.0),
        ({"type": "attack", "seat": 3, "card": "7C"}, 0.15)]


BOUT = ({"type": "trump", "card": "QS"}, {"type": "show", "seat": 3, "card": "6S"},
        {"type": "attack", "seat": 3, "card": "9D"})  # Dan attacks Ann (seat 0) with 9D


def test_a_card_on_the_open_attack_card_covers_it():
    view = table(*BOUT).view()
    where = {"9D": np.array([300.0, 150.0])}
    obs = arrive(seen("10D", (320, 350), (313, 161)), 0, (313, 161), where)
    assert durak.candidates(obs, view, LAYOUT) == [
        ({"type": "defend", "seat": 0, "card": "10D", "covers": "9D"}, 1.0)]
    from_aside = arrive(seen("10D", (630, 180), (313, 161)), 3, (313, 161), where)
    assert durak.candidates(from_aside, view, LAYOUT) == [
        ({"type": "defend", "seat": 0, "card": "10D", "covers": "9D"}, 0.5),
        ({"type": "throw_in", "seat": 3, "cards": ["10D"]}, 0.05)]


def test_a_card_next_to_the_attack_is_a_throw_in_with_a_rank_prior():
    view = table(*BOUT).view()
    where = {"9D": np.array([300.0, 150.0])}
    same = arrive(seen("9S", (320, 5), (376, 150)), 2, (376, 150), where)
    assert durak.candidates(same, view, LAYOUT) == [({"type": "throw_in", "seat": 2, "cards": ["9S"]}, 1.0)]
    off = arrive(seen("KS", (320, 5), (376, 150)), 2, (376, 150), where)
    assert durak.candidates(off, view, LAYOUT) == [({"type": "throw_in", "seat": 2, "cards": ["KS"]}, 0.5)]


def test_the_defender_laying_a_card_beside_the_attack():
    where = {"9D": np.array([300.0, 150.0])}
    obs = arrive(seen("9C", (320, 350), (376, 150)), 0, (376, 150), where)
    plain = table(*BOUT).view()  # no transfers: a sloppy cover of the nearest open card
    assert durak.candidates(obs, plain, LAYOUT) == [
        ({"type": "defend", "seat": 0, "card": "9C", "covers": "9D"}, 0.35)]
    transfer = table(*BOUT, variants={"transfer": True}).view()
    assert durak.candidates(obs, transfer, LAYOUT) == [
        ({"type": "transfer", "seat": 0, "card": "9C"}, 1.0),
        ({"type": "defend", "seat": 0, "card": "9C", "covers": "9D"}, 0.35)]


BEATEN = BOUT + ({"type": "defend", "seat": 0, "card": "10D", "covers": "9D"},)


def test_table_cards_leaving_towards_the_discard_spot_or_the_defender():
    view = table(*BEATEN).view()
    assert durak.table_cards(view) == {"9D", "10D"}
    swept = [seen("9D", (300, 150), (590, 40), 1), seen("10D", (313, 161), (300, 150), 2)]
    assert durak.candidates(leave(swept, 3), view, LAYOUT) == [
        ({"type": "take", "seat": 0}, 0.1), ({"type": "discard"}, 1.0)]
    pulled = [seen("9D", (300, 150), (310, 340), 1), seen("10D", (313, 161), (320, 350), 2)]
    assert durak.candidates(leave(pulled, 0), view, LAYOUT) == [
        ({"type": "take", "seat": 0}, 1.0), ({"type": "discard"}, 0.1)]
    partly = [seen("9D", (300, 150), (310, 340), 1)]
    assert durak.candidates(leave(partly, 0, present={"10D"}), view, LAYOUT) == [(IGNORE, 0.05)]
    other = [seen("6S", (320, 20), (320, 5), 1)]  # not a table card (e.g. a shown card taken back)
    assert durak.candidates(leave(other, 2), view, LAYOUT) == [(None, 1.0)]


def test_discard_spot_in_the_defenders_direction_leaves_it_to_the_referee():
    lay = default_layout(3, 640, 360)  # seat 2 sits towards the top-right corner, where the discard is
    assert durak._same_way(lay, 2) and not durak._same_way(lay, 0) and not durak._same_way(lay, 1)
    t = Table()
    for ev in ({"type": "start", "game": "durak", "players": PLAYERS[:3], "mode": "hidden"},
               {"type": "trump", "card": "QS"}, {"type": "show", "seat": 1, "card": "6S"},
               {"type": "attack", "seat": 1, "card": "9D"}):
        assert t.apply(ev).ok
    gone = [seen("9D", (300, 150), (600, 20), 1)]
    assert durak.candidates(leave(gone, 2), t.view(), lay) == [
        ({"type": "take", "seat": 2}, 0.5), ({"type": "discard"}, 0.5)]
    assert t.apply({"type": "defend", "seat": 2, "card": "10D", "covers": "9D"}).ok
    gone.append(seen("10D", (313, 161), (610, 25), 2))
    assert durak.candidates(leave(gone, 2), t.view(), lay) == [
        ({"type": "take", "seat": 2}, 0.15), ({"type": "discard"}, 0.5)]


def test_live_table_applies_the_refill_and_undoes_it_with_the_bout():
    t = durak.live_table(table(*BEATEN))
    seq = t.next_seq
    r = t.apply({"type": "discard", "evidence": {"frame": 7}})
    assert r.ok and t.view()["phase"] == "attack" and t.view()["attacker"] == 0
    assert t.view()["hand_sizes"] == [6, 6, 6, 6] and t.view()["talon"] == 10
    t.apply({"type": "undo"})
    assert t.view()["phase"] == "bout" and t.view()["talon"] == 12
    assert t.follow_ups(seq) == []
    r = t.apply({"type": "discard", "evidence": {"frame": 7}})
    got = [(ev, fr.ok) for ev, fr in t.follow_ups(r.seq)]
    assert got == [({"type": "draw", "seat": 3, "count": 1,
                     "evidence": {"frame": 7, "inferred": "refill", "cards_seen": []}}, True),
                   ({"type": "draw", "seat": 0, "count": 1,
                     "evidence": {"frame": 7, "inferred": "refill", "cards_seen": []}}, True)]
    assert t.follow_ups(r.seq) == []
    t.next_seq = 40
    assert t.table.next_seq == 40
