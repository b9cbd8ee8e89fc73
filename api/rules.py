"""Rule text for the page: a ruling's rule id (e.g. "S2.4") links to these words.

Short titles come from the game module (`Table().game.rules`); the full text comes from a
copy of the game's rule spec shipped in `api/rules/<game>.md` (one `- S1.4 ...` bullet
per rule, continuation lines indented).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent / "rules"
_BULLET = re.compile(r"^- ([A-Z]\d+(?:\.\d+)+[a-z]?) (.*)$")


def parse_rules_markdown(text: str) -> dict[str, str]:
    rules: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        m = _BULLET.match(line)
        if m:
            current = m.group(1)
            rules[current] = m.group(2).strip()
        elif current and line.startswith("  ") and line.strip():
            rules[current] += " " + line.strip()
        else:
            current = None
    return {k: v.replace("**", "") for k, v in rules.items()}


@functools.lru_cache(maxsize=None)
def rules_for(game: str) -> dict[str, dict]:
    """{rule_id: {"title": short text, "text": full text}} (empty for an unknown game)."""
    from referee.games import GAME_MODULES, get_game

    if game not in GAME_MODULES:
        return {}
    obj = get_game(game)
    titles = dict(getattr(obj, "rules", {}) or {})
    # related games share one spec (Zalupa, Govno and Penki live in durak.md)
    path = RULES_DIR / f"{getattr(obj, 'rules_doc', game)}.md"
    texts = parse_rules_markdown(path.read_text(encoding="utf-8")) if path.exists() else {}
    out = {}
    for rule_id in sorted(set(titles) | set(texts), key=_rule_key):
        out[rule_id] = {"title": titles.get(rule_id, ""), "text": texts.get(rule_id, titles.get(rule_id, ""))}
    return out


def _rule_key(rule_id: str):
    # "D5.1" < "D5.1a" < "D5.2": numbers compare as numbers, a letter suffix after them
    return [(int(m.group(1)), m.group(2)) if (m := re.fullmatch(r"(\d+)([a-z]*)", x)) else (-1, x)
            for x in re.split(r"[.]|(?<=[A-Z])(?=\d)", rule_id)]
