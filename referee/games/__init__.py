"""Game modules, looked up by the name a `start` event gives.

The core knows games only through this table of names; each entry is a module exposing
`GAME` (or `module:ATTR` when one module referees several related games), an object with
`rules`, `start`, `apply`, `summary`, `view`, `players` and `result`. Game modules never
import each other. `SIMULATORS` names the random-player module of each game
(`simulate_game(players, seed, variants)` and `PLAYERS = (fewest, most)`).
"""

from __future__ import annotations

import importlib

GAME_MODULES = {
    "skitgubbe": "referee.games.skitgubbe",
    "durak": "referee.games.durak",
    "zalupa": "referee.games.durak:ZALUPA",
    "govno": "referee.games.durak:GOVNO",
    "penki": "referee.games.penki",
    "shithead": "referee.games.shithead",
    "golf": "referee.games.golf",
}

SIMULATORS = {
    "skitgubbe": "referee.games.skitgubbe_sim",
    "durak": "referee.games.durak_sim",
    "penki": "referee.games.penki_sim",
    "shithead": "referee.games.shithead_sim",
    "golf": "referee.games.golf_sim",
}


def game_names() -> list[str]:
    return sorted(GAME_MODULES)


def get_game(name: str):
    """The game object for `name`, or KeyError."""
    module, _, attr = GAME_MODULES[name].partition(":")
    return getattr(importlib.import_module(module), attr or "GAME")


def get_simulator(name: str):
    """The random-player module for `name`, or KeyError."""
    return importlib.import_module(SIMULATORS[name])
