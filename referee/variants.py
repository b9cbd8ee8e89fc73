"""Reading the `variants` of a `start` event, the same way for every game.

A start may name flags as a list (`["transfer"]`) or give an object (`{"transfer": true,
"sit_cards": 4}`); each game then turns the values into its own frozen `Variants`.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.ruling import BadEvent


def variant_values(raw: object, known: Mapping[str, str], game: str, example: str) -> dict:
    """{flag: value} for the flags `raw` names (a list means each is `true`); BadEvent for
    anything else or a flag `known` (flag -> rule id) does not list."""
    if raw is None:
        return {}
    if isinstance(raw, list):  # ["high_trump", ...] is as clear as {"high_trump": true}
        if not all(isinstance(name, str) for name in raw):
            raise BadEvent(f"'variants' must name flags, e.g. [\"{example}\"] or {{\"{example}\": true}}")
        raw = {name: True for name in raw}
    if not isinstance(raw, dict):
        raise BadEvent(f"'variants' must be an object of flags, e.g. {{\"{example}\": true}}")
    unknown = [k for k in raw if k not in known]
    if unknown:
        raise BadEvent(f"unknown {game} variant(s) {unknown}: known are {sorted(known)}")
    return dict(raw)


def flag_variants(cls, raw: object, known: Mapping[str, str], game: str, example: str):
    """`cls` (a game's frozen Variants of on/off flags) from a start's `variants`."""
    return cls(**{k: bool(v) for k, v in variant_values(raw, known, game, example).items()})


def flags_on(variants, known: Mapping[str, str]) -> list[str]:
    """The names of `known` variants that are on (truthy) in `variants`, in rule order."""
    return [name for name in known if getattr(variants, name)]
