"""Skitgubbe on camera: the renderer's director (tricks around the centre, Part 2 plays in
rows, dreck in front of its owner, the trump card laid aside) and the pipeline's candidate
events (still in `vision.live.events`, re-exported here)."""

from __future__ import annotations

import math

import numpy as np

from vision.live.events import candidates, referee_table_cards as table_cards  # noqa: F401
from vision.live.render import REACH_S, RETREAT_S, HOLD_S, CardObj, Director, TableRenderer, _rot  # noqa: F401

#: Part 1: distance of a seat's trick slot from the centre, in card heights.
TRICK_RADIUS = 1.3
#: Sideways step between cards one seat puts into the same trick / run overlap, in card widths.
SLOT_STEP = 0.5
RUN_STEP = 0.42
#: Dreck laid out in front of its owner: cards per row, step in card widths, rows in card heights.
DRECK_ROW, DRECK_STEP, DRECK_ROW_STEP = 9, 0.5, 1.05


def SINGLE_PUTS(view: dict) -> bool:
    """Part 1 puts are single cards (Part 2 runs and dreck rows arrive together)."""
    return view.get("phase") == "part1"


def _card_list(ev: dict) -> list[str]:
    from referee.cards import parse_card

    if ev.get("type") == "slough":
        return [parse_card(ev["card"])]
    return [parse_card(c) for c in ev.get("cards", [])]


class GameDirector(Director):
    """Replays a Skitgubbe log through the referee and turns each accepted event into motions."""

    def __init__(self, r: TableRenderer):
        super().__init__(r)
        self.trick: list[CardObj] = []  # Part 1 cards on the table
        self.slots: dict[int, int] = {}  # seat -> cards it put into the trick
        self.plays: list[list[CardObj]] = []  # Part 2 plays on the table
        self.play_slots: dict[int, int] = {}  # id(card) -> play position on the table
        self.dreck: list[CardObj] = []
        self.trump_card: CardObj | None = None

    def trick_target(self, seat: int) -> tuple[np.ndarray, float]:
        r = self.r
        k = self.slots.get(seat, 0)
        self.slots[seat] = k + 1
        # later cards go to the card's right (its own x axis = -tangent), keeping index corners in view
        p = r.layout.centre + r.u(seat) * TRICK_RADIUS * r.ch - r.tangent(seat) * k * SLOT_STEP * r.cw
        return p, r.facing(seat) + float(r.rng.normal(0, 0.12))

    def play_target(self, index: int, n_cards: int) -> list[tuple[np.ndarray, float]]:
        r = self.r
        per_row = max(2, math.ceil(r.n / 2))
        row, col = divmod(index % (2 * per_row), per_row)
        span = r.layout.play_area[:, 0].max() - r.layout.play_area[:, 0].min()
        x = r.layout.centre[0] - span / 2 + r.cw * 0.6 + col * (span - r.cw) / per_row
        y = r.layout.centre[1] + (row - 0.5) * 1.25 * r.ch
        a = float(r.rng.normal(0, 0.06))
        step = _rot(a) @ np.array([RUN_STEP * r.cw, 0])
        return [(np.array([x, y]) + k * step, a) for k in range(n_cards)]

    def event(self, ev: dict) -> None:
        r = self.r
        before = self.table.view()
        ruling = self.table.apply(ev)
        if not ruling.ok:
            self.skipped += 1
            return
        view = self.table.view()
        notes = {n["kind"]: n for n in ruling.notes}
        et = ev.get("type")
        if et == "start":
            r.stock_count = view.get("stock", 0) or 0
            r.invalidate()
            r.tick(r.seconds(1.5))
            return
        if et in ("play", "slough") and before.get("phase") == "part1":
            seat = int(ev["seat"])
            card = _card_list(ev)[0]
            target, angle = self.trick_target(seat)
            drew = before.get("stock", 0) > 0 and et != "play" or (ev.get("source") != "stock" and before.get(
                "stock", 0) > 0)
            if ev.get("source") == "stock":
                c = r.flip_card(seat, card, target, angle)
            else:
                aside = "aside" in notes
                c = r.put_card(seat, card, target, angle, draw=drew and not aside)
                if aside:
                    self.lay_aside(seat)
            self.trick.append(c)
        elif et == "collect":
            seat = int(ev["seat"])
            r.take_cards(seat, self.trick, gather=r.layout.centre + r.u(seat) * 0.5 * r.ch)
            self.trick, self.slots = [], {}
        elif et == "trump":
            seat = view.get("trump_holder")
            if self.trump_card is None:  # trump without a laid-aside card (no_bottom_card): turn it up near seat 0
                self.lay_aside(ev.get("seat", 0) if isinstance(ev.get("seat"), int) else 0)
            c = self.trump_card
            c.card = _card_list({"cards": [ev["card"]]})[0]
            owner = c.owner
            hd = r.new_hand(owner)
            r.move(hd, c.pos + r.u(owner) * 0.4 * r.ch, REACH_S)
            r.moving.add(id(c))
            frames = r.seconds(0.4)
            for i in range(1, frames + 1):
                c.flip = -1 + 2 * i / frames
                r.tick()
            c.flip, c.face_up = 1.0, True
            r.move(hd, r.entry(owner), RETREAT_S)
            r.drop_hand(hd)
            r.settle([c])
            del seat
        elif et == "dreck":
            seat = int(ev["seat"])
            cards = _card_list(ev)
            self._take_trump_if_shown()
            hd = r.new_hand(seat)
            u = r.u(seat)
            a = r.facing(seat)
            xaxis = np.array([math.cos(a), math.sin(a)])
            rows = [cards[i:i + DRECK_ROW] for i in range(0, len(cards), DRECK_ROW)]
            base = r.layout.seats[seat] - u * (1.0 + DRECK_ROW_STEP * (len(rows) - 1)) * r.ch
            step = DRECK_STEP * r.cw
            objs = []
            for j, row in enumerate(rows):
                for i, card in enumerate(row):
                    r.zc += 1
                    off = xaxis * (i - (len(row) - 1) / 2) * step + u * j * DRECK_ROW_STEP * r.ch
                    objs.append(CardObj(card, hd.pos + off, a, True, z=r.zc, owner=seat))
            r.cards += objs
            r.move(hd, base, REACH_S, carried=objs)
            r.settle(objs)
            r.move(hd, r.entry(seat), RETREAT_S)
            r.drop_hand(hd)
            self.dreck += objs
        elif et == "play":  # Part 2
            seat = int(ev["seat"])
            self._leave_dreck(view)
            cards = _card_list(ev)
            used = {self.play_slots.get(id(p[0])) for p in self.plays if p}
            slot = next(i for i in range(64) if i not in used)
            targets = self.play_target(slot, len(cards))
            hd = r.new_hand(seat)
            u = r.u(seat)
            objs = []
            for card, (p, a) in zip(cards, targets):
                r.zc += 1
                objs.append(CardObj(card, hd.pos + (p - targets[0][0]) - u * 0.45 * r.ch, a, True, z=r.zc,
                                    owner=seat))
            r.cards += objs
            mid = np.mean([p for p, _ in targets], axis=0)
            for o in objs:
                o.pos = o.pos - (mid - targets[0][0])
            r.move(hd, mid + u * 0.5 * r.ch, REACH_S, carried=objs)
            r.settle(objs)
            r.tick(r.seconds(HOLD_S))
            r.move(hd, r.entry(seat), RETREAT_S)
            r.drop_hand(hd)
            self.plays.append(objs)
            for o in objs:
                self.play_slots[id(o)] = slot
            if "kill" in notes:
                r.pause((0.5, 0.9))
                r.sweep_to_discard(seat, [c for p in self.plays for c in p])
                self.plays = []
        elif et == "eat":
            seat = int(ev["seat"])
            self._leave_dreck(view)
            left = [c for p in view.get("table", []) for c in p]
            gone = []
            for p in self.plays:
                gone += [c for c in p if c.card not in left]
            self.plays = [[c for c in p if c.card in left] for p in self.plays]
            self.plays = [p for p in self.plays if p]
            r.take_cards(seat, gone)
        if "part_end" in notes and self.trick:  # S1.12: an open trick is taken back by its players
            by_seat: dict[int, list[CardObj]] = {}
            for c in self.trick:
                by_seat.setdefault(c.owner, []).append(c)
            for s, cs in by_seat.items():
                r.take_cards(s, cs)
            self.trick, self.slots = [], {}

    def lay_aside(self, seat: int) -> None:
        """S1.11: the last stock card goes face down in front of `seat`."""
        r = self.r
        hd = r.new_hand(seat)
        r.move(hd, r.stock_pos() + r.u(seat) * 0.3 * r.ch, 0.4)
        r.stock_count = 0
        spot = r.layout.seats[seat] - r.u(seat) * 0.95 * r.ch + r.tangent(seat) * 1.6 * r.cw
        c = CardObj("back", r.stock_pos().copy(), r.facing(seat), False, flip=-1.0, z=5, owner=seat)
        c.face_up = True  # drawn as its back while flip < 0
        c.flip = -1.0
        r.cards.append(c)
        r.invalidate()
        r.move(hd, spot + r.u(seat) * 0.4 * r.ch, 0.6, carried=[c])
        r.settle([c])
        r.move(hd, r.entry(seat), RETREAT_S)
        r.drop_hand(hd)
        self.trump_card = c

    def _take_trump_if_shown(self) -> None:
        c = self.trump_card
        if c is not None and c.flip > 0:
            self.r.take_cards(c.owner, [c])
            self.trump_card = None

    def _leave_dreck(self, view: dict) -> None:
        """Before Part 2's first play: the trump card joins its holder's hand, the dreck goes
        to the short player(s)."""
        self._take_trump_if_shown()
        if self.dreck:
            sizes = view.get("hand_sizes", [])
            st = self.table.state
            pool = [s for s in range(self.r.n) if getattr(st, "pool_seats", None) and s in st.pool_seats] or \
                ([int(np.argmin(sizes))] if sizes else [0])
            for i, s in enumerate(pool):
                self.r.take_cards(s, self.dreck[i::len(pool)])
            self.dreck = []


Director = GameDirector
