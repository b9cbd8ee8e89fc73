"""The `goatherd referee`, `simulate` and `demo` commands, run as a user runs them."""

import json
import subprocess
import sys

import pytest

from referee import Table
from referee.simulate import simulate_logs

CONTRACT_KEYS = {"seq", "ok", "severity", "rule", "message", "notes"}
SUMMARY_KEYS = {"game", "phase", "trump", "turn", "kills", "tricks_won", "hand_sizes", "out", "goat"}


def goatherd(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "goatherd", *args], capture_output=True, text=True,
                          input=stdin, timeout=120)


def test_referee_prints_one_ruling_per_event_and_a_summary(tmp_path):
    _, hidden = simulate_logs("skitgubbe", 4, 5)
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(json.dumps(e) for e in hidden) + "\n\n")
    done = goatherd("referee", str(log), "--summary")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    rulings, summary = lines[:-1], lines[-1]
    assert len(rulings) == len(hidden)
    assert [r["seq"] for r in rulings] == list(range(len(hidden)))
    assert all(set(r) == CONTRACT_KEYS and r["ok"] for r in rulings)
    assert set(summary) == SUMMARY_KEYS
    assert summary["phase"] == "over" and isinstance(summary["goat"], int)


def test_hostile_log_gets_error_rulings_and_exit_zero(tmp_path):
    log = tmp_path / "hostile.jsonl"
    lines = [
        '{"type": "play", "seat": 0, "cards": ["9H"]}',  # before start
        "not json at all",
        "[1, 2, 3]",
        '{"no_type": 1}',
        '{"type": "start", "game": "skitgubbe", "players": ["A", "B", "C"]}',
        '{"type": "teleport", "seat": 0}',
        '{"type": "play", "seat": 9, "cards": ["9H"]}',
        '{"type": "play", "seat": 0, "cards": ["1X"]}',
        '{"type": "play", "seat": "zero", "cards": ["9H"]}',
        "[" * 100000 + "]" * 100000,
        '{"type": "play", "seat": 0, "cards": "9H"}',
        '{"type": "play", "seat": 0, "cards": ["9H"]}',
    ]
    log.write_bytes(("\n".join(lines) + "\n").encode() + b"\xff\xfe\x00garbage\n")
    done = goatherd("referee", str(log), "--summary")
    assert done.returncode == 0
    assert "Traceback" not in done.stderr
    out = [json.loads(x) for x in done.stdout.splitlines()]
    rulings = out[:-1]
    assert len(rulings) == len(lines) + 1
    by_seq = {r["seq"]: r for r in rulings}
    for seq in (0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 12):
        assert by_seq[seq]["ok"] is False and by_seq[seq]["severity"] == "error", by_seq[seq]
        assert by_seq[seq]["message"]
    assert by_seq[4]["ok"] and by_seq[11]["ok"]
    assert out[-1]["phase"] == "part1"


def test_unreadable_file_exits_2_with_a_message(tmp_path):
    done = goatherd("referee", str(tmp_path / "missing.jsonl"))
    assert done.returncode == 2
    assert "cannot read" in done.stderr and "Traceback" not in done.stderr


def test_referee_reads_stdin():
    done = goatherd("referee", "-", stdin='{"type": "start", "game": "skitgubbe", "players": ["A", "B", "C"]}\n')
    assert done.returncode == 0
    assert json.loads(done.stdout)["ok"] is True


def test_simulate_writes_hidden_and_open_logs_that_replay_cleanly(tmp_path):
    done = goatherd("simulate", "--players", "5", "--games", "3", "--seed", "9", "--out", str(tmp_path),
                    "--variants", "beat_any_suit")
    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"{k:04d}-{kind}.jsonl" for k in range(3) for kind in ("hidden", "open")]
    for path in tmp_path.iterdir():
        table = Table()
        for line in path.read_text().splitlines():
            assert table.apply(line).ok
        assert table.summary()["phase"] == "over"
    again = tmp_path / "again"
    goatherd("simulate", "--players", "5", "--games", "3", "--seed", "9", "--out", str(again),
             "--variants", "beat_any_suit")
    assert (again / "0001-hidden.jsonl").read_text() == (tmp_path / "0001-hidden.jsonl").read_text()


def test_simulate_deals_again_a_deal_that_would_go_round_forever(tmp_path):
    # Game 839 of seed 0 is the Shithead deal whose last two players both keep jacks
    # (skip_rank): nobody can ever go out, so it is dealt again with a later seed.
    done = goatherd("simulate", "--game", "shithead", "--variants", "reverse_rank,skip_rank", "--games", "840",
                    "--seed", "0", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["endless_deals_redealt"] == 1
    table = Table()
    for line in (tmp_path / "0839-open.jsonl").read_text().splitlines():
        assert table.apply(line).ok
    assert table.summary()["goat"] is not None


@pytest.mark.parametrize("args, message", [
    (["--players", "2"], "takes 3 to 8 players"),
    (["--game", "poker"], "cannot simulate"),
    (["--variants", "no_such_flag"], "unknown Skitgubbe variant"),
])
def test_simulate_bad_arguments_are_explained(tmp_path, args, message):
    done = goatherd("simulate", "--out", str(tmp_path), "--games", "1", *args)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_demo_replays_the_bundled_example():
    done = goatherd("demo")
    assert done.returncode == 0
    out = [json.loads(x) for x in done.stdout.splitlines()]
    assert any(r.get("severity") == "illegal" for r in out[:-1])  # the example shows a ruling
    assert out[-1]["phase"] == "over" and out[-1]["goat"] is not None


def test_a_session_of_games_keeps_the_tally_and_the_goat_leads_next():
    table = Table()
    names = ["Ann", "Bob", "Cid", "Dan"]
    goats = []
    leader = 0
    for game in range(3):
        open_log, _ = simulate_logs("skitgubbe", 4, 100 + game)
        start = dict(open_log[0], leader=leader)
        assert table.apply(start).ok
        if game:  # S1.3: anybody else leading is refused
            wrong = dict(start, leader=(leader + 1) % 4)
            table.apply({"type": "undo"})
            ruling = table.apply(wrong)
            assert not ruling.ok and ruling.rule == "S1.3"
            assert table.apply(start).ok
        # The simulated game was dealt with seat 0 leading; replay only its hands' story when it fits.
        if leader != 0:
            table.apply({"type": "undo"})
            replayed = simulate_logs_for_leader(names, 100 + game, leader)
            for event in replayed:
                assert table.apply(event).ok
        else:
            for event in open_log[1:]:
                assert table.apply(event).ok
        goat = table.summary()["goat"]
        goats.append(names[goat])
        leader = goat
    tally = table.session.tally()
    assert sum(v["losses"] for v in tally.values()) == 3
    assert all(v["games"] == 3 for v in tally.values())
    for name in names:
        assert tally[name]["losses"] == goats.count(name)


def simulate_logs_for_leader(names, seed, leader):
    from referee.games.skitgubbe_sim import simulate_game

    open_log, _ = simulate_game(names, seed, leader=leader)
    return open_log


def test_undo_with_nothing_to_undo_is_an_error():
    ruling = Table().apply({"type": "undo"})
    assert not ruling.ok and ruling.severity == "error" and "nothing to undo" in ruling.message


def test_a_new_start_abandons_the_unfinished_game_with_a_warning():
    table = Table()
    start = {"type": "start", "game": "skitgubbe", "players": ["A", "B", "C"]}
    table.apply(start)
    ruling = table.apply(start)
    assert ruling.ok and ruling.severity == "warning"
    assert any(n["kind"] == "abandoned" for n in ruling.notes)
    assert table.session.tally() == {}


def test_undo_reaches_back_past_the_snapshot_window(monkeypatch):
    import referee.engine as engine

    monkeypatch.setattr(engine, "UNDO_SNAPSHOTS", 8)
    _, hidden = simulate_logs("skitgubbe", 4, 11)
    table = Table()
    summaries = []
    for event in hidden[:40]:
        assert table.apply(event).ok
        summaries.append((table.summary(), table.view()))
    for k in range(39, 0, -1):  # undo all the way back, past the 8 kept snapshots
        assert table.apply({"type": "undo"}).ok
        assert (table.summary(), table.view()) == summaries[k - 1]


def test_a_referee_bug_becomes_an_error_ruling_not_a_crash(monkeypatch):
    from referee.games import skitgubbe

    table = Table()
    table.apply({"type": "start", "game": "skitgubbe", "players": ["A", "B", "C"]})
    monkeypatch.setitem(skitgubbe.HANDLERS["part1"], "play", lambda *a: 1 / 0)
    ruling = table.apply({"type": "play", "seat": 0, "cards": ["9H"]})
    assert not ruling.ok and ruling.severity == "error" and "ZeroDivisionError" in ruling.message
    assert table.summary()["hand_sizes"] == [3, 3, 3]
    assert table.next_seq == 2


def test_unusual_line_separators_inside_json_strings_do_not_split_lines(tmp_path):
    log = tmp_path / "sep.jsonl"
    log.write_text('{"type": "start", "game": "skitgubbe", "players": ["A\u2028x", "B\u0085y", "C"]}\n'
                   '{"type": "play", "seat": 0, "cards": ["9H"]}\r\n', encoding="utf-8")
    done = goatherd("referee", str(log))
    rulings = [json.loads(x) for x in done.stdout.splitlines()]
    assert [r["seq"] for r in rulings] == [0, 1] and all(r["ok"] for r in rulings)


def test_variants_that_are_not_flags_are_an_error():
    ruling = Table().apply({"type": "start", "game": "skitgubbe", "players": ["A", "B", "C"],
                            "variants": [["x"]]})
    assert not ruling.ok and ruling.severity == "error"
