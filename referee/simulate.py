"""`goatherd simulate`: random legal games written as table logs."""

from __future__ import annotations

import json
from pathlib import Path

from referee.games import SIMULATORS, get_simulator


class SimulationError(RuntimeError):
    """A simulation could not run (bad arguments) or the referee refused a simulated move."""


class EndlessGame(SimulationError):
    """The rules let this deal go round forever (a simulator's error with `endless = True`)."""


MAX_REDEALS = 3  # an endless deal (about 1 in 36,000 Shithead deals) is dealt again this often

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]

__all__ = ["EndlessGame", "SimulationError", "simulate_logs", "simulate_to_folder"]


def simulate_logs(game: str, n_players: int, seed: int, variants: dict | None = None):
    """One game's (open log, hidden log); the seed fixes everything."""
    if game not in SIMULATORS:
        raise SimulationError(f"cannot simulate {game!r}: simulators exist for {sorted(SIMULATORS)}")
    sim = get_simulator(game)
    fewest, most = getattr(sim, "PLAYERS", (3, len(NAMES)))
    if not fewest <= n_players <= min(most, len(NAMES)):
        raise SimulationError(f"{game} takes {fewest} to {min(most, len(NAMES))} players, not {n_players}")
    try:
        return sim.simulate_game(NAMES[:n_players], seed, variants)
    except RuntimeError as exc:  # each simulator raises its own SimulationError(RuntimeError)
        raise (EndlessGame if getattr(exc, "endless", False) else SimulationError)(str(exc)) from None


def simulate_to_folder(game: str, n_players: int, n_games: int, seed: int, out: Path,
                       variants: dict | None = None, progress: bool = False) -> dict:
    if n_games < 1:
        raise SimulationError("--games must be at least 1")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SimulationError(f"cannot create {out}: {exc.strerror or exc}") from None
    games = range(n_games)
    if progress:
        from tqdm import tqdm

        games = tqdm(games, desc=f"simulating {game}", unit="game")
    events = redealt = 0
    for k in games:
        for again in range(MAX_REDEALS + 1):
            try:  # seeds beyond the last game's redeal an endless deal
                open_log, hidden_log = simulate_logs(game, n_players, seed * 1_000_003 + k + again * n_games,
                                                     variants)
                break
            except EndlessGame:
                if again == MAX_REDEALS:
                    raise
                redealt += 1
        for kind, log in (("open", open_log), ("hidden", hidden_log)):
            path = out / f"{k:04d}-{kind}.jsonl"
            path.write_text("".join(json.dumps(e) + "\n" for e in log))
        events += len(hidden_log)
    return {"game": game, "games": n_games, "players": n_players, "seed": seed, "out": str(out),
            "hidden_events": events, "endless_deals_redealt": redealt}
