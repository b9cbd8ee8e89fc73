"""The real-model benchmark's record / replay (`live_bench.py --detector model --reuse`):
a replay of the recorded detections gives exactly what the live run gave, and a recording
made with other models or detector code is not replayed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("cv2")
pytest.importorskip("onnxruntime")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import live_bench  # noqa: E402


def test_recorded_model_detections_replay_exactly(tmp_path):
    args = {"out": str(tmp_path), "game": "skitgubbe", "players": 4, "seed": 1, "max_events": 5,
            "size": "640x360", "fps": 12.0, "heldout": False, "deck": "kde/standard", "video": True,
            "reuse": True, "noise": "", "detector": "model", "models": None, "holes": 3}
    live = live_bench.run_game({"k": 0, "args": args})
    assert "error" not in live and not live["replayed"] and live["frames"] > 50
    recorded = tmp_path / "0000.model-detections.json.gz"
    assert recorded.exists()
    replay = live_bench.run_game({"k": 0, "args": args})
    assert replay["replayed"]
    for key in ("truth", "pred", "tp", "exact", "illegal", "notes", "frames", "latency", "latency_seen"):
        assert replay[key] == live[key], key
    # each event's latency splits at the settle where the camera first saw the change
    assert len(live["latency_seen"]) == len(live["latency"]) > 0
    assert all(seen <= total for seen, total in zip(live["latency_seen"], live["latency"]))
    # keyed by what the detections depend on: another key is a stale recording, and a run
    # with --reuse says so before it records it again
    assert live_bench.load_detections(recorded, "another-model") is None
    assert live_bench.stale_recordings(tmp_path, live_bench.detector_key(None), 3) == []
    assert live_bench.stale_recordings(tmp_path, "another-model", 3) == [0]
    recorded.write_bytes(recorded.read_bytes()[:100])  # cut short: recorded again, not a traceback
    assert live_bench.load_detections(recorded, live_bench.detector_key(None)) is None


def test_a_person_answering_a_question_puts_the_camera_back_in_step(tmp_path):
    """`--answer`: a simulated person answers the camera's questions (the table's log is made
    what really happened, the camera follows it). Ground-truth detections with 30 % of boxes
    missed and half the reads wrong put the camera out of step in this game: unanswered, it
    asks about many later cards and misses over a quarter of the events (it reads a lost step
    again by itself only where the stretch reads decisively so, `events.EventMaker._reread`
    and `_recover`: 9 of 23 kept, 14 with `W_PHANTOM` 0.05); answered twice, it follows the
    rest of the game. (Milder noise no longer does: a card whose reads fall
    short of a name waits to be read, `events.IMMATURE_HOLD_S`.)"""
    args = {"out": str(tmp_path), "game": "skitgubbe", "players": 4, "seed": 1, "max_events": 24,
            "size": "640x360", "fps": 12.0, "heldout": False, "deck": "kde/standard", "video": False,
            "reuse": True, "noise": "miss=0.3,wrong=0.5", "detector": "oracle", "models": None, "holes": 3}
    alone = live_bench.run_game({"k": 13, "args": {**args, "answer": False}})
    helped = live_bench.run_game({"k": 13, "args": {**args, "answer": True}})
    assert alone["answers"] == 0 and alone["notes"] >= 5 and alone["tp"] <= alone["truth"] - 6
    assert 1 <= helped["answers"] <= 3 and helped["tp"] >= alone["truth"] - 3 and helped["illegal"] == 0


def test_the_benchmark_scores_the_events_still_standing():
    """An `undo` in the camera's log withdraws the last event the referee accepted (a rejected
    one stays, as a line the referee ruled on): neither is scored; the replacement is."""
    log = [{"type": "start"}, {"type": "play", "cards": ["10H"]}, {"type": "play", "cards": ["2S"]},
           {"type": "undo"}, {"type": "play", "cards": ["9H", "10H"]}]
    ok = [{"ok": True}, {"ok": True}, {"ok": False}, {"ok": True}, {"ok": True}]
    assert live_bench.standing(log, ok) == [0, 2, 4]
    assert live_bench.standing(log[:3], ok[:3]) == [0, 1, 2]


def test_latency_counts_an_event_logged_again_as_it_was_from_its_first_hand_over():
    """The camera logged Ann's 7C (frame 12) and Bob's 9C (frame 22), then read a card late:
    it withdrew both and logged Ann's 6C 7C and the same 9C again at frame 40. The referee had
    that 9C since frame 22, so its latency counts from there; the amended play counts from
    frame 40. Events without evidence (typed in: two eats alike) are each their own."""
    seven = {"type": "play", "seat": 0, "cards": ["7C"], "evidence": {"frame": 10}}
    nine = {"type": "play", "seat": 1, "cards": ["9C"], "evidence": {"frame": 20}}
    amended = {"type": "play", "seat": 0, "cards": ["6C", "7C"], "evidence": {"frame": 38, "amends": 1}}
    undo = {"type": "undo", "evidence": {"frame": 38}}
    eat = {"type": "eat", "seat": 2}
    log = [{"type": "start"}, seven, nine, undo, undo, amended, nine, eat, eat]
    rulings = [{"seq": k, "ok": True} for k in range(len(log))]
    emitted = {1: 12, 2: 22, 3: 40, 4: 40, 5: 40, 6: 40, 7: 50, 8: 60}
    kept = live_bench.standing(log, rulings)[1:]
    assert kept == [5, 6, 7, 8]
    assert live_bench.handed_at(log, rulings, emitted, kept) == [40, 22, 50, 60]


def test_the_trace_finds_where_the_camera_parts_from_the_true_log():
    """`live_trace.py` names the first true event the camera's standing log (undos applied)
    differs at, and the stretches that differ, largest first."""
    from types import SimpleNamespace

    import live_trace

    events = [{"type": "start"}, {"type": "play", "seat": 0, "cards": ["2C"]}, {"type": "hand", "seat": 1},
              {"type": "play", "seat": 1, "cards": ["9C"]}, {"type": "eat", "seat": 2},
              {"type": "play", "seat": 3, "cards": ["5D"]}]
    log = [{"type": "start"}, {"type": "play", "seat": 0, "cards": ["2C"], "evidence": {"frame": 10}},
           {"type": "play", "seat": 1, "cards": ["8C"]}, {"type": "undo"},
           {"type": "play", "seat": 1, "cards": ["9C"]}, {"type": "play", "seat": 3, "cards": ["5D"]}]
    pipe = SimpleNamespace(log=log, rulings=[{"ok": True}] * len(log))
    j, true, got = live_trace.first_divergence(events, pipe)
    assert (j, true, got) == (2, {"type": "eat", "seat": 2}, {"type": "play", "seat": 3, "cards": ["5D"]})
    assert live_trace.gaps(events, pipe, [10, 20, 30, 40]) == ["delete  true #2-2 (1) frames 30-30, camera 0 events"]
    pipe.log = log[:2] + log[4:5] + [{"type": "eat", "seat": 2}] + log[5:]
    assert live_trace.first_divergence(events, pipe) == (4, None, None)


def test_the_trace_of_a_game_not_recorded_says_how_to_record_it(tmp_path, capsys, monkeypatch):
    """A trace needs its own game recorded (a set recorded in part will do)."""
    import live_sets
    import live_trace

    monkeypatch.setattr(live_sets, "folder", lambda name: tmp_path / name)
    with pytest.raises(SystemExit) as exit_:
        live_trace.main(["bellot51", "0"])
    assert exit_.value.code == 2
    assert "bellot51 game 0 is not recorded on this machine: python benchmarks/live_sets.py --record --sets bellot51" \
        in capsys.readouterr().err


def test_sets_recorded_with_other_models_are_skipped_and_named(tmp_path, capsys, monkeypatch):
    """A set whose detections were recorded by other models (or detector code) is not replayed:
    a replay would record it again first, some 15 minutes a set. The run names the stale sets
    and how to record them again; with none current it stops with status 2."""
    import gzip
    import json

    import live_bench
    import live_sets

    def record(name, key):
        out = tmp_path / name
        out.mkdir()
        for k in range(live_sets.GAMES):
            with gzip.open(out / f"{k:04d}.model-detections.json.gz", "wt") as fh:
                json.dump({"key": key, "motion": [], "corner_weight": [], "frames": {}}, fh)

    record("tango41", "0123456789abcdef")
    record("bellot1", live_bench.detector_key(None))
    monkeypatch.setattr(live_sets, "folder", lambda name: tmp_path / name)
    assert live_sets.is_recorded("tango41") and not live_sets.is_current("tango41")
    assert live_sets.is_current("bellot1")
    assert live_sets.main(["--sets", "tango41"]) == 2
    err = capsys.readouterr().err
    assert "skipping 1 set(s) recorded with other models or detector code: tango41" in err
    assert "--record --sets tango41" in err
