"""An independent model of Skitgubbe Part 1 (S1.2-S1.12, S1.14-S1.16 sizes), written from
the spec, played against the referee in open mode over seeded random deals: plays, flips,
wars and mini-tricks, sloughs (only those that are clearly legal), collects, the last stock
card, the end of Part 1 and the Part 2 hand sizes. Moves the model calls illegal (failing
to match, flipping the last card, a forbidden slough, playing out of turn) must be refused.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from skitgubbe_support import (DECK, NAMES, RANKS, Table, collect, flip, hand, note, play,  # noqa: E402
                               slough, start, trump_ev)


def rk(card):
    return RANKS.index(card[:-1])


def rk_aces_low(card):
    return -1 if card[:-1] == "A" else RANKS.index(card[:-1])


class Part1Model:
    def __init__(self, n, deck, leader, variants=None):
        v = variants or {}
        self.n = n
        self.r = rk_aces_low if v.get("aces_low_part1") else rk
        self.no_bottom = v.get("no_bottom_card", False)
        self.no_slough_for_trump = v.get("no_slough_for_trump", False)
        self.hands = [deck[3 * s:3 * s + 3] for s in range(n)]
        self.stock = deck[3 * n:]
        self.bottom = self.stock.pop() if self.no_bottom else None
        self.aside = None
        self.won = [0] * n
        self.tricks = [0] * n
        self.last_winner = None
        self.over = False
        self.put = []
        self.new_trick(leader)

    def new_trick(self, leader):
        self.order = [(leader + k) % self.n for k in range(self.n)]  # current (mini-)trick
        self.idx = 0
        self.plays = []  # (seat, card) in the current (mini-)trick
        self.put = []  # (seat, card) everything put into the whole trick
        self.played = []  # cards played (not sloughed) in the trick and its mini-tricks
        self.winner = None
        self.check_end()

    # -- queries ---------------------------------------------------------------------------
    def to_play(self):
        return None if self.winner is not None or self.over else self.order[self.idx]

    def high(self):
        return max((self.r(c) for _, c in self.plays), default=None)

    def tied(self):
        h = self.high()
        return {s for s, c in self.plays if self.r(c) == h}

    def legal_plays(self, s):
        """(kind, card) the player to act may do."""
        h = self.high()
        matching = [c for c in self.hands[s] if h is not None and self.r(c) == h]
        if matching:
            return [("play", c) for c in matching]
        moves = [("play", c) for c in self.hands[s]]
        if len(self.stock) >= 2 or (self.no_bottom and self.stock):
            moves.append(("flip", self.stock[0]))
        return moves

    def safe_sloughs(self):
        """Sloughs that no reading of S1.8-S1.10 forbids."""
        ranks = {self.r(c) for c in self.played}
        out = []
        for s in range(self.n):
            if self.winner is None:
                if s in self.order[self.idx:]:
                    continue  # may still have to play: S1.9 / S1.10 territory
                if not self.stock and s in self.tied():
                    continue  # holds the highest rank: a match would make it play again
            if self.stock and len(self.hands[s]) == 1 and len(self.stock) == 1:
                continue  # would leave a hand empty with the stock not exhausted
            out += [(s, c) for c in self.hands[s] if self.r(c) in ranks]
        return out

    # -- changes ---------------------------------------------------------------------------
    def draw(self, s, after_slough=False):
        if len(self.stock) >= 2 or (self.no_bottom and self.stock):
            self.hands[s].append(self.stock.pop(0))
            return "drew"
        if len(self.stock) == 1:
            if after_slough and self.no_slough_for_trump:
                return None  # S3.1: the last card is drawn only after a play
            self.aside = (s, self.stock.pop(0))
            return "aside"
        return None

    def do_play(self, kind, card):
        s = self.to_play()
        if kind == "flip":
            assert card == self.stock.pop(0)
            drew = None
        else:
            self.hands[s].remove(card)
            drew = self.draw(s)
        self.plays.append((s, card))
        self.put.append((s, card))
        self.played.append(card)
        self.idx += 1
        result = {"drew": drew}
        if self.idx == len(self.order):
            h = self.high()
            tied = [s2 for s2, c in self.plays if self.r(c) == h]
            if len(tied) == 1:
                self.winner = tied[0]
                result["trick_won"] = tied[0]
            else:
                result["war"] = sorted(tied)
                self.order, self.idx, self.plays = tied, 0, []
        self.check_end()
        if self.over:
            result["part_end"] = True
        return result

    def do_slough(self, s, card):
        self.hands[s].remove(card)
        self.put.append((s, card))
        return self.draw(s, after_slough=True)

    def do_collect(self):
        w = self.winner
        self.won[w] += len(self.put)
        self.tricks[w] += 1
        self.last_winner = w
        self.new_trick(w)

    def check_end(self):
        s = self.to_play()
        if s is not None and not self.stock and not self.hands[s]:
            self.over = True
            for s2, c in self.put:  # the unfinished trick is abandoned
                self.won[s2] += 1
            self.put = []
            for s2 in range(self.n):
                self.won[s2] += len(self.hands[s2])
                self.hands[s2] = []


def run_game(seed, mode="open", variants=None):
    v = variants or {}
    rnd = random.Random(seed)
    n = 6 if v.get("three_player_muddle") else rnd.randint(3, 5)
    deck = list(DECK) * (2 if v.get("double_deck") else 1)
    rnd.shuffle(deck)
    leader = rnd.randrange(n)
    m = Part1Model(n, deck, leader, v)
    t = Table()
    ev = start(n, leader=leader, mode=mode)
    if v:
        ev["variants"] = v
    if v.get("three_player_muddle"):
        ev["players"] = NAMES[:3]
    r = t.apply(ev)
    assert r.ok, r.to_dict()
    if mode == "open":
        for s in range(n):
            assert t.apply(hand(s, m.hands[s])).ok
    for step in range(2000):
        if m.over:
            break
        ctx = (seed, step)
        s = m.to_play()
        sizes = t.summary()["hand_sizes"]
        assert sizes == [len(h) for h in m.hands], (ctx, sizes, m.hands)
        if s is not None:
            assert t.summary()["turn"] == s, (ctx, t.summary(), m.order, m.idx)
            legal = m.legal_plays(s)
            # probes the model calls illegal; each must be refused and change nothing
            h = m.high()
            if h is not None and any(m.r(c) == h for c in m.hands[s]):
                other = [c for c in m.hands[s] if m.r(c) != h]
                probes = [play(s, c) for c in other]
                if len(m.stock) >= 2:
                    probes.append(flip(s, m.stock[0]))
                for ev in probes[:1] if mode == "open" else []:  # hidden: unknowable now
                    before = t.summary()
                    r = t.apply(ev)
                    assert not r.ok and r.rule == "S1.5", (ctx, ev, r.to_dict())
                    assert t.summary() == before
                for s2 in m.order[m.idx + 1:]:
                    bad = [c for c in m.hands[s2] if m.r(c) == h]
                    if bad and len(m.hands[s2]) > 1:
                        r = t.apply(slough(s2, bad[0]))  # S1.9: s2 still has to play
                        assert not r.ok and r.rule == "S1.9", (ctx, s2, bad[0], r.to_dict())
            if len(m.stock) == 1 and not m.no_bottom and not any(k == "play" and h is not None and m.r(c) == h
                                             for k, c in legal):
                r = t.apply(flip(s, m.stock[0]))
                assert not r.ok and r.rule == "S1.11", (ctx, r.to_dict())
            wrong = (s + 1) % n
            if m.hands[wrong] and wrong != s:
                r = t.apply(play(wrong, m.hands[wrong][0]))
                assert not r.ok, (ctx, "out of turn accepted", r.to_dict())
        options = []
        if s is not None:
            options += [("move", x) for x in m.legal_plays(s)] * 3
        options += [("slough", x) for x in m.safe_sloughs()]
        if m.winner is not None:
            options += [("collect", m.winner)] * 2
        kind, arg = rnd.choice(options)
        if kind == "move":
            mkind, card = arg
            ev = flip(s, card) if mkind == "flip" else play(s, card)
            res = m.do_play(mkind, card)
            r = t.apply(ev)
            assert r.ok, (ctx, ev, r.to_dict())
            check_notes(ctx, r, res)
            if res["drew"] == "drew" and mode == "open":
                assert t.apply(hand(s, m.hands[s])).ok
        elif kind == "slough":
            s2, card = arg
            res = m.do_slough(s2, card)
            r = t.apply(slough(s2, card))
            assert r.ok, (ctx, "slough", s2, card, r.to_dict())
            assert (note(r, "aside") is not None) == (res == "aside"), (ctx, r.to_dict())
            if res == "drew" and mode == "open":
                assert t.apply(hand(s2, m.hands[s2])).ok
        else:
            m.do_collect()
            r = t.apply(collect(arg))
            assert r.ok, (ctx, "collect", r.to_dict())
            assert (note(r, "part_end") is not None) == m.over, (ctx, r.to_dict())
            assert t.summary()["tricks_won"] == m.tricks, ctx
    else:
        pytest.fail(f"seed {seed}: Part 1 did not end")
    assert t.summary()["phase"] == "intermission", (seed, t.summary())
    sizes = list(m.won)
    if m.no_bottom:
        card = m.bottom
        r = t.apply(trump_ev(card))
    else:
        holder, card = m.aside
        r = t.apply(trump_ev(card, seat=holder))
        sizes[holder] += 1
    assert r.ok and note(r, "trump")["suit"] == card[-1], (seed, r.to_dict())
    got = t.summary()
    assert got["hand_sizes"] == sizes, (seed, got, sizes)
    short = 11 if v.get("double_deck") else 5
    assert got["phase"] == ("dreck" if min(sizes) <= short else "part2"), (seed, got)
    if got["phase"] == "part2":
        lead = m.last_winner
        while sizes[lead] == 0:
            lead = (lead + 1) % n
        assert got["turn"] == lead, (seed, got, m.last_winner)


def check_notes(ctx, r, res):
    won = note(r, "trick_won")
    assert (won["seat"] if won else None) == res.get("trick_won"), (ctx, r.to_dict(), res)
    war = note(r, "war")
    assert (sorted(war["seats"]) if war else None) == res.get("war"), (ctx, r.to_dict(), res)
    assert (note(r, "aside") is not None) == (res["drew"] == "aside"), (ctx, r.to_dict(), res)
    assert (note(r, "part_end") is not None) == bool(res.get("part_end")), (ctx, r.to_dict(), res)


@pytest.mark.parametrize("block", range(6))
@pytest.mark.parametrize("mode", ["open", "hidden"])
def test_random_part1_games_agree_with_an_independent_model(mode, block):
    for seed in range(block * 25, block * 25 + 25):
        run_game(seed, mode)


VARIANTS = ["aces_low_part1", "no_bottom_card", "no_slough_for_trump", "double_deck",
            "three_player_muddle"]


@pytest.mark.parametrize("flag", VARIANTS)
@pytest.mark.parametrize("mode", ["open", "hidden"])
def test_random_part1_games_with_a_variant_agree_with_the_model(mode, flag):
    for seed in range(25):
        run_game(1000 + seed, mode, {flag: True})
