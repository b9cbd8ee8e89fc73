"""Helpers for the Skitgubbe rule tests (written from shared/rules/skitgubbe.md).

Not a test module itself. It builds events, checks rulings, and drives Part 1 to exact
situations: `plan_flips` finds a sequence of stock flips (S1.4) that never puts a follower
under a must-match obligation (S1.5) and makes chosen seats win, so tests can burn the
whole stock with fully known hands and then play the end of Part 1 by hand.
"""

from __future__ import annotations

import itertools
from collections import Counter

from referee import Table
from ruling_checks import note, notes_of, ok, rejected, run  # noqa: F401  (re-exported for the tests)

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "SHDC"
DECK = [r + s for s in SUITS for r in RANKS]


def rank(card: str) -> str:
    return card[:-1]


def rv(card: str) -> int:
    return RANKS.index(rank(card))


def dreck_cards(trump: str) -> list[str]:
    """S1.16: all 2s-5s and the 6 of trumps (17 cards)."""
    return [r + s for s in SUITS for r in ("2", "3", "4", "5")] + ["6" + trump]


# -- events ----------------------------------------------------------------------------
def start(n: int = 4, **kw) -> dict:
    ev = {"type": "start", "game": "skitgubbe", "players": NAMES[:n], "mode": "open", "leader": 0}
    ev.update(kw)
    return ev


def start2(hands, trump="H", leader=0, **kw) -> dict:
    """Start straight in Part 2 (teaching mode) with known hands."""
    ev = {"type": "start", "game": "skitgubbe", "players": NAMES[:len(hands)], "part": 2,
          "trump": trump, "hands": [list(h) for h in hands], "leader": leader, "mode": "open"}
    ev.update(kw)
    return ev


def play(seat, *cards) -> dict:
    return {"type": "play", "seat": seat, "cards": list(cards)}


def flip(seat, card) -> dict:
    return {"type": "play", "seat": seat, "cards": [card], "source": "stock"}


def slough(seat, card) -> dict:
    return {"type": "slough", "seat": seat, "card": card}


def collect(seat) -> dict:
    return {"type": "collect", "seat": seat}


def hand(seat, cards) -> dict:
    return {"type": "hand", "seat": seat, "cards": list(cards)}


def eat(seat, cards=None) -> dict:
    ev = {"type": "eat", "seat": seat}
    if cards is not None:
        ev["cards"] = list(cards)
    return ev


def announce(seat, call) -> dict:
    return {"type": "announce", "seat": seat, "call": call}


def trump_ev(card, seat=None) -> dict:
    ev = {"type": "trump", "card": card}
    if seat is not None:
        ev["seat"] = seat
    return ev


def dreck(seat, cards) -> dict:
    return {"type": "dreck", "seat": seat, "cards": list(cards)}


# -- rulings ---------------------------------------------------------------------------
def kinds(r) -> list:
    return [n.get("kind") for n in r.notes]


def table2(hands, trump="H", leader=0, **kw) -> Table:
    t = Table()
    ok(t, start2(hands, trump=trump, leader=leader, **kw))
    return t


def table1(hands, leader=0, **kw) -> Table:
    """Part 1, open mode, with the dealt hands told to the referee."""
    t = Table()
    ok(t, start(len(hands), leader=leader, **kw))
    for s, h in enumerate(hands):
        ok(t, hand(s, h))
    return t


# -- Part 1 driver ---------------------------------------------------------------------
class P1:
    """A Part 1 game in open mode that mirrors what the referee should know."""

    def __init__(self, hands, leader=0, variants=None, players=None, mode="open"):
        self.n = len(hands)
        self.mode = mode
        self.variants = dict(variants or {})
        extra = {"variants": self.variants} if self.variants else {}
        if players:
            extra["players"] = players
        self.t = Table()
        self.events = []  # every event this driver sent, in order (for replay tests)
        self._ok(start(self.n, leader=leader, mode=mode, **extra))
        if mode == "open":
            for s, h in enumerate(hands):
                self._ok(hand(s, h))
        self.hands = [list(h) for h in hands]
        decks = 2 if self.variants.get("double_deck") else 1
        self.stock = 52 * decks - 3 * self.n - (1 if self.variants.get("no_bottom_card") else 0)
        self.won = [0] * self.n  # cards in each seat's winnings
        self.tricks = [0] * self.n
        self.table = []  # every card put into the current trick (plays and sloughs)
        self.aside = None  # seat holding the last stock card (S1.11)
        self.winner = None  # seat that won the current trick, once decided
        self.last_winner = None  # winner of the last collected trick
        self.rulings = []

    def _ok(self, ev):
        self.events.append(ev)
        return ok(self.t, ev)

    def do(self, ev):
        r = self._ok(ev)
        self.rulings.append(r)
        won = note(r, "trick_won")
        if won is not None:
            self.winner = won["seat"]
        return r

    def _draw(self, seat, draw):
        if self.stock > 1 or (self.stock == 1 and self.variants.get("no_bottom_card")):
            self.stock -= 1
            assert draw is not None, "a drawn card must be told to keep the hand known"
            self.hands[seat].append(draw)
            if self.mode == "open":
                self._ok(hand(seat, self.hands[seat]))
        elif self.stock == 1:
            self.stock = 0
            self.aside = seat

    def flip(self, seat, card):
        self.stock -= 1
        self.table.append(card)
        return self.do(flip(seat, card))

    def play(self, seat, card, draw=None):
        self.hands[seat].remove(card)
        self.table.append(card)
        r = self.do(play(seat, card))
        self._draw(seat, draw)
        return r

    def slough(self, seat, card, draw=None):
        self.hands[seat].remove(card)
        self.table.append(card)
        r = self.do(slough(seat, card))
        self._draw(seat, draw)
        return r

    def collect(self, seat):
        assert self.winner == seat, (self.winner, seat)
        r = self.do(collect(seat))
        self.won[seat] += len(self.table)
        self.tricks[seat] += 1
        self.table = []
        self.last_winner = seat
        self.winner = None
        return r

    def run_plan(self, plan):
        for trick in plan:
            for seat, card in trick:
                self.flip(seat, card)
            winner = max(trick, key=lambda sc: rv(sc[1]))[0]
            assert self.winner == winner, f"trick {trick}: expected trick_won {winner}, got {self.winner}"
            self.collect(winner)


def plan_flips(n, hands, pool, leader, winners, limit=200000):
    """Tricks of stock flips, one list of (seat, card) per trick, seats clockwise from the
    leader; trick i is won by winners[i] (it flips the unique highest rank), all ranks in a
    trick differ (no war, S1.7) and no follower ever holds the rank of the highest card
    played so far (so flipping is always legal, S1.5). Uses cards from `pool` only."""
    held = [{rank(c) for c in h} for h in hands]
    pool = list(pool)
    plan = []
    budget = [limit]

    def dfs(i, lead, pool):
        if i == len(winners):
            return True
        w = winners[i]
        order = [(lead + k) % n for k in range(n)]
        wpos = order.index(w)
        counts = Counter(rank(c) for c in pool)

        def choose(k, chosen, pool):
            budget[0] -= 1
            if budget[0] < 0:
                raise RuntimeError("flip planner gave up")
            if k == n:
                plan.append(list(zip(order, chosen)))
                if dfs(i + 1, w, pool):
                    return True
                plan.pop()
                return False
            seat = order[k]
            high = max((rv(c) for c in chosen), default=None)
            if high is not None and RANKS[high] in held[seat]:
                return False
            used = {rank(c) for c in chosen}
            cands = [c for c in pool if rank(c) not in used]
            if k == wpos:
                cands = [c for c in cands if high is None or rv(c) > high]
                cands.sort(key=lambda c: (-counts[rank(c)], -rv(c), c))
            elif k > wpos:
                top = rv(chosen[wpos])
                cands = [c for c in cands if rv(c) < top]
                cands.sort(key=lambda c: (-counts[rank(c)], rv(c), c))
            else:
                cands.sort(key=lambda c: (-counts[rank(c)], rv(c), c))
            seen_ranks = set()
            for c in cands:  # one card per rank is enough to branch on
                key = rank(c)
                if key in seen_ranks:
                    continue
                seen_ranks.add(key)
                rest = list(pool)
                rest.remove(c)
                if choose(k + 1, chosen + [c], rest):
                    return True
            return False

        return choose(0, [], pool)

    if not dfs(0, leader, pool):
        raise RuntimeError("no flip plan")
    return plan


def exhaust(hands, leader, winners, aside=None, reserve=(), variants=None, mode="open"):
    """Part 1 driven by flips until the stock holds only its last card (or, with
    `no_bottom_card`, until it is empty). With `aside`, every other unseen card that is not
    in `reserve` is flipped, so the last stock card is exactly `aside`."""
    n = len(hands)
    seen = set(itertools.chain.from_iterable(hands))
    pool = [c for c in DECK if c not in seen and c not in reserve and c != aside]
    if aside is not None:
        assert len(pool) == n * len(winners), (len(pool), n * len(winners))
    plan = plan_flips(n, hands, pool, leader, winners)
    sim = P1(hands, leader=leader, variants=variants, mode=mode)
    sim.run_plan(plan)
    return sim


def cid_plays_out(sim, rounds):
    """After Ann's lead of a 2: Bob plays 3S and Cid's 4S wins; then Cid leads and wins each
    round of hand cards `(Cid's, Ann's, Bob's)`, collecting every round but the last."""
    sim.play(1, "3S")
    sim.play(2, "4S")
    sim.collect(2)
    for i, (a, b, c) in enumerate(rounds):
        sim.play(2, a)
        sim.play(0, b)
        sim.play(1, c)
        if i < len(rounds) - 1:
            sim.collect(2)
