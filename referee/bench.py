"""`goatherd bench referee`: how fast the referee and the simulator are, on one core.

Reported against a baseline measured in the same run (decoding the same log lines with
`json.loads`), so numbers from different machines can be compared as ratios.
"""

from __future__ import annotations

import json
import time

from referee.engine import Table
from referee.simulate import simulate_logs

TARGET_GAMES_PER_S = 500  # issue 2: simulate+referee, four players, one core


def bench_referee(n_games: int = 200, n_players: int = 4, seed: int = 0) -> dict:
    t0 = time.perf_counter()
    logs = [simulate_logs("skitgubbe", n_players, seed + k) for k in range(n_games)]
    t_sim = time.perf_counter() - t0
    lines = [[json.dumps(e) for e in hidden] for _, hidden in logs]
    n_events = sum(len(x) for x in lines)

    t0 = time.perf_counter()
    for game in lines:
        for line in game:
            json.loads(line)
    t_json = time.perf_counter() - t0

    t0 = time.perf_counter()
    for game in lines:
        table = Table()
        for line in game:
            table.apply(line)
    t_ref = time.perf_counter() - t0

    t0 = time.perf_counter()
    undo_table = Table()
    for line in lines[0]:
        undo_table.apply(line)
    for _ in range(len(lines[0])):
        undo_table.apply({"type": "undo"})
    t_undo = time.perf_counter() - t0

    games_per_s = n_games / (t_sim + t_ref)
    return {
        "games": n_games,
        "players": n_players,
        "hidden_events": n_events,
        "referee_events_per_s": round(n_events / t_ref),
        "json_decode_events_per_s": round(n_events / t_json),
        "referee_cost_vs_json_decode": round(t_ref / t_json, 1),
        "simulate_games_per_s": round(n_games / t_sim, 1),
        "simulate_plus_referee_games_per_s": round(games_per_s, 1),
        "target_games_per_s": TARGET_GAMES_PER_S,
        "ratio_to_target": round(games_per_s / TARGET_GAMES_PER_S, 2),
        "apply_then_undo_events_per_s": round(2 * len(lines[0]) / t_undo),
    }
