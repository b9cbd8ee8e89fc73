"""Random Skitgubbe players at a simulated table, for `goatherd simulate` and the tests.

The simulator holds the physical deck (stock order, the set-aside card, how a shuffled
dreck is dealt) and an open-mode referee that knows every hand; the players choose among
`legal_events` the way real players do (match when they must, slough when they can, flip
sometimes, beat cheaply, eat now and then, kill when they can, forget an announcement once
in a while). It writes the open log (with `hand` reveals) and the hidden log a camera
would record (the same events without the reveals).
"""

from __future__ import annotations

import random

from referee.cards import RANK, deck
from referee.engine import Table
from referee.games.skitgubbe import DRECK, INTERMISSION, OVER, PART1, dreck_cards, legal_events

SLOUGH_CHANCE = 0.3  # a slough is on offer: how often somebody takes it
FLIP_CHANCE = 0.15  # a player free to choose flips instead of playing
EAT_ANYWAY_CHANCE = 0.1  # a player who could beat eats instead
RUN_CHANCE = 0.35  # a player plays a longer run rather than one card
FORGET_ANNOUNCEMENT = 0.03  # a player forgets to say 'one card' / 'three cards'
MAX_EVENTS = 20000  # a game this long means a bug, not bad luck
PLAYERS = (3, 8)  # fewest and most players `goatherd simulate` deals for


class SimulationError(RuntimeError):
    pass


def simulate_game(players: list[str], seed: int, variants: dict | None = None,
                  leader: int = 0) -> tuple[list[dict], list[dict]]:
    """One random legal game: (open log, hidden log)."""
    rng = random.Random(seed)
    variants = dict(variants or {})
    copies = 2 if variants.get("double_deck") else 1
    n = 6 if variants.get("three_player_muddle") else len(players)
    cards = deck(copies)
    rng.shuffle(cards)
    hands = [cards[3 * s:3 * s + 3] for s in range(n)]
    stock = cards[3 * n:]  # stock[-1] is the top card
    bottom = stock.pop(0) if variants.get("no_bottom_card") else None
    aside = None

    start = {"type": "start", "game": "skitgubbe", "players": players, "leader": leader}
    if variants:
        start["variants"] = variants
    open_log: list[dict] = [dict(start, mode="open")]
    hidden_log: list[dict] = [dict(start, mode="hidden")]
    table = Table()

    def emit(event: dict, reveal: bool = False) -> None:
        nonlocal aside
        ruling = table.apply(event)
        if not ruling.ok:
            raise SimulationError(f"seed {seed}: the referee refused {event}: {ruling.message}")
        open_log.append(event)
        if not reveal:
            hidden_log.append(event)
        for note in ruling.notes:
            if note["kind"] == "aside":  # S1.11: the top card goes aside, unseen
                aside = stock.pop()
        st = table.state
        seat = event.get("seat")
        drew = (event["type"] in ("play", "slough") and st.phase == PART1
                and st.size[seat] > len(st.known[seat]))
        if drew:  # S1.2: the player took the top card
            emit({"type": "hand", "seat": seat, "cards": st.known[seat] + [stock.pop()]}, reveal=True)

    started = table.apply(open_log[0])
    if not started.ok:
        raise SimulationError(started.message)
    for s in range(n):
        emit({"type": "hand", "seat": s, "cards": hands[s]}, reveal=True)

    for _ in range(MAX_EVENTS):
        st = table.state
        if st.phase == OVER:
            return open_log, hidden_log
        if st.phase == INTERMISSION:
            card = bottom if variants.get("no_bottom_card") else aside
            event = {"type": "trump", "card": card}
            if st.aside_holder is not None and not variants.get("no_bottom_card"):
                event["seat"] = st.aside_holder
            emit(event)
            continue
        if st.phase == DRECK:
            dreck = set(dreck_cards(st.trump))
            for s in range(st.n):
                mine = [c for c in st.known[s] if c in dreck]
                if mine:
                    emit({"type": "dreck", "seat": s, "cards": mine})
            st = table.state
            pooled = [s for s in range(st.n) if st.pool_slots[s]]
            if pooled:  # the dreck was shuffled and dealt: reveal who got what
                pile = sorted((c for c in st.loc for p in st.loc[c] if p == 25), key=RANK.__getitem__)
                rng.shuffle(pile)
                for s in pooled:
                    got, pile = pile[:st.pool_slots[s]], pile[st.pool_slots[s]:]
                    emit({"type": "hand", "seat": s, "cards": st.known[s] + got}, reveal=True)
            continue
        event = _choose(rng, st, legal_events(st))
        if event.get("source") == "stock":
            event["cards"] = [stock.pop()]
        emit(event)
        st = table.state
        due = st.announce_due
        if due is not None and rng.random() > FORGET_ANNOUNCEMENT:
            emit({"type": "announce", "seat": due[0], "call": due[1]})
    raise SimulationError(f"seed {seed}: the game did not end within {MAX_EVENTS} events")


def _choose(rng: random.Random, st, options: list[dict]) -> dict:
    if not options:
        raise SimulationError("no legal event: the referee and the simulator disagree")
    sloughs = [e for e in options if e["type"] == "slough"]
    mains = [e for e in options if e["type"] != "slough"]
    if sloughs and (not mains or rng.random() < SLOUGH_CHANCE):
        return rng.choice(sloughs)
    if st.phase == PART1:
        if mains[0]["type"] == "collect":
            return mains[0]
        flips = [e for e in mains if e.get("source") == "stock"]
        plays = [e for e in mains if e.get("source") != "stock"]
        if flips and (not plays or rng.random() < FLIP_CHANCE):
            return flips[0]
        return rng.choice(plays)
    # Part 2: lead anything, beat cheaply (a run now and then), eat sometimes anyway.
    plays = [e for e in mains if e["type"] == "play"]
    others = [e for e in mains if e["type"] != "play"]
    if not plays:
        return others[0]
    if not st.table:
        return rng.choice(plays)
    if rng.random() < EAT_ANYWAY_CHANCE:
        return next(e for e in others if e["type"] == "eat")
    if rng.random() < RUN_CHANCE:
        return max(plays, key=lambda e: len(e["cards"]))
    trump = st.trump
    return min(plays, key=lambda e: (len(e["cards"]), e["cards"][0][-1] == trump, RANK[e["cards"][0]]))
