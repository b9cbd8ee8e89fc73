"""Game modules, looked up by the name a `start` event gives.

The core knows games only through this table of names; each module exposes `GAME`, an
object with `rules`, `start`, `apply`, `summary`, `view` and `result`. Game modules never
import each other.
"""

from __future__ import annotations

import importlib

GAME_MODULES = {
    "skitgubbe": "referee.games.skitgubbe",
}


def game_names() -> list[str]:
    return sorted(GAME_MODULES)


def get_game(name: str):
    """The game object for `name`, or KeyError."""
    module = importlib.import_module(GAME_MODULES[name])
    return module.GAME
