"""An independent model of Skitgubbe Part 2 (S2.2-S2.11, S3.3, S3.9), written from the spec,
played against the referee over seeded random games: every move the model calls legal
must be accepted with the same consequences (turn, hand sizes, kills, outs, goat), and
every move it calls illegal must be refused without changing anything."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from skitgubbe_support import DECK, NAMES, RANKS, Table, eat, play, start2  # noqa: E402


def rk(card):
    return RANKS.index(card[:-1])


def su(card):
    return card[-1]


class Model:
    def __init__(self, hands, trump, leader, variants):
        self.hands = [sorted(h, key=lambda c: (su(c), rk(c))) for h in hands]
        self.n = len(hands)
        self.trump = trump
        self.any_suit = variants.get("beat_any_suit", False)
        self.high_trump = variants.get("high_trump", False)
        self.table = []  # plays, each a list of cards in ascending order
        self.kills = 0
        self.out = [s for s in range(self.n) if not self.hands[s]]
        self.goat = None
        self.threshold = None
        self.turn = leader if self.hands[leader] else self.next_in(leader)

    # -- queries ---------------------------------------------------------------------------
    def in_game(self, s):
        return bool(self.hands[s])

    def next_in(self, s, step=1):
        for k in range(1, self.n + 1):
            t = (s + step * k) % self.n
            if self.in_game(t):
                return t
        return None

    def beats(self, card, top):
        if su(card) == self.trump:
            return su(top) != self.trump or rk(card) > rk(top)
        if su(top) == self.trump:
            return False
        if self.any_suit:
            return rk(card) > rk(top)
        return su(card) == su(top) and rk(card) > rk(top)

    def highest_trump(self):
        cards = [c for h in self.hands for c in h] + [c for p in self.table for c in p]
        trumps = [c for c in cards if su(c) == self.trump]
        return max(trumps, key=rk) if trumps else None

    def runs(self, s):
        hand = self.hands[s]
        out = []
        for i in range(len(hand)):
            run = [hand[i]]
            out.append(list(run))
            for j in range(i + 1, len(hand)):
                if su(hand[j]) == su(run[-1]) and rk(hand[j]) == rk(run[-1]) + 1:
                    run.append(hand[j])
                    out.append(list(run))
                else:
                    break
        return out

    def play_is_legal(self, s, run):
        if s != self.turn or self.goat is not None:
            return False
        if self.high_trump:
            high = self.highest_trump()
            if high in run:
                kills = bool(self.table) and len(self.table) + 1 == self.threshold
                if not kills:
                    return False
        if not self.table:
            return True
        return self.beats(run[0], self.table[-1][-1])

    def lowest_run(self):
        flat = [c for p in self.table for c in p]
        run = [flat[0]]
        for c in flat[1:]:
            if su(c) == su(run[-1]) and rk(c) == rk(run[-1]) + 1:
                run.append(c)
            else:
                break
        return run

    def legal_moves(self):
        s = self.turn
        moves = [("play", r) for r in self.runs(s) if self.play_is_legal(s, r)]
        if self.table:
            moves.append(("eat", self.lowest_run()))
        elif not moves and self.high_trump and self.hands[s] == [self.highest_trump()]:
            moves.append(("pass", None))
        return moves

    # -- changes ---------------------------------------------------------------------------
    def do_play(self, s, run):
        if not self.table:
            self.threshold = sum(1 for p in range(self.n) if self.in_game(p))
        for c in run:
            self.hands[s].remove(c)
        self.table.append(list(run))
        if not self.hands[s]:
            self.out.append(s)
        killed = len(self.table) == self.threshold
        if killed:  # (a last play may kill and make the goat at once: both count)
            self.kills += 1
            self.table = []
        if sum(1 for p in range(self.n) if self.in_game(p)) == 1:
            self.goat = next(p for p in range(self.n) if self.in_game(p))
            return
        if killed:
            self.turn = s if self.in_game(s) else self.next_in(s)
        else:
            self.turn = self.next_in(s)

    def do_eat(self, s):
        run = self.lowest_run()
        k = len(run)
        while k:
            first = self.table[0]
            take = min(k, len(first))
            del first[:take]
            k -= take
            if not first:
                self.table.pop(0)
        self.hands[s] = sorted(self.hands[s] + run, key=lambda c: (su(c), rk(c)))
        self.turn = self.next_in(s)

    def do_pass(self, s):
        self.turn = self.next_in(s, step=-1)

    def summary(self):
        return {"hand_sizes": [len(h) for h in self.hands], "kills": self.kills,
                "out": self.out, "goat": self.goat,
                "turn": None if self.goat is not None else self.turn}


def random_game(seed, variants):
    rnd = random.Random(seed)
    n = rnd.randint(3, 5)
    deck = list(DECK) * (2 if variants.get("double_deck") else 1)
    rnd.shuffle(deck)
    hands = []
    for _ in range(n):
        k = rnd.randint(2, 16 if variants.get("double_deck") else 9)
        hands.append(sorted(deck[:k], key=lambda c: (su(c), rk(c))))
        del deck[:k]
    return rnd, hands, rnd.choice("SHDC"), rnd.randrange(n)


VARIANTS = [{}, {"beat_any_suit": True}, {"high_trump": True}, {"double_deck": True},
            {"high_trump": True, "beat_any_suit": True}]


@pytest.mark.parametrize("variants", VARIANTS,
                         ids=["default", "beat_any_suit", "high_trump", "double_deck", "ht+bas"])
@pytest.mark.parametrize("block", range(4))
def test_random_part2_games_agree_with_an_independent_model(variants, block):
    for seed in range(block * 25, block * 25 + 25):
        rnd, hands, trump, leader = random_game(seed, variants)
        model = Model(hands, trump, leader, variants)
        t = Table()
        ev = start2(hands, trump=trump, leader=leader, variants=variants)
        ev["players"] = NAMES[:len(hands)]
        r = t.apply(ev)
        assert r.ok, (seed, r.to_dict())
        log = [ev]
        for step in range(3000):
            if model.goat is not None:
                break
            s = model.turn
            got = t.summary()
            for key, want in model.summary().items():
                assert got[key] == want, (seed, step, key, got, model.summary(), log[-3:])
            moves = model.legal_moves()
            assert moves, (seed, step, "the model found no legal move", log[-3:])
            # now and then try a move the model calls illegal: it must be refused
            if rnd.random() < 0.3:
                bad = [r for p in range(model.n) for r in model.runs(p)
                       if not (p == s and ("play", r) in moves)]
                if bad:
                    p = rnd.randrange(model.n)
                    cands = [r for r in model.runs(p) if not (p == s and ("play", r) in moves)]
                    if cands:
                        run = rnd.choice(cands)
                        before = t.summary()
                        r = t.apply(play(p, *run))
                        assert not r.ok, (seed, step, "accepted an illegal play", p, run,
                                          r.to_dict(), log[-3:])
                        assert t.summary() == before
            plays = [m for m in moves if m[0] == "play"]
            kind, arg = rnd.choice(plays if plays and rnd.random() < 0.85 else moves)
            if kind == "play":
                ev = play(s, *arg)
                model.do_play(s, arg)
            elif kind == "eat":
                ev = eat(s, arg if rnd.random() < 0.5 else None)
                model.do_eat(s)
            else:
                ev = {"type": "pass", "seat": s}
                model.do_pass(s)
            r = t.apply(ev)
            log.append(ev)
            assert r.ok, (seed, step, ev, r.to_dict(), log[-4:])
        else:
            pytest.fail(f"seed {seed}: game did not end")
        got = t.summary()
        assert got["goat"] == model.goat and got["phase"] == "over", (seed, got)
        assert got["out"] == model.out and got["kills"] == model.kills
