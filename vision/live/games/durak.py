"""Durak on camera: what settled table changes mean, and how a log looks on the table.

Table picture (the renderer draws it, the candidates below read it):

* the talon lies face down left of the centre (`talon_spot`), the trump card face up under
  it, turned sideways so one index corner sticks out;
* attack and thrown-in cards are laid in rows in the centre (`attack_slot`: two rows of
  three, the first row above the centre); a transfer card joins the row like an attack;
* a defence card lies on its attack card, shifted towards the card's bottom right
  (`COVER_OFFSET`) and turned a little, so the attack card's top-left index stays readable;
* `take`: the defender's hand hooks the table cards and pulls them, as they lie, off to
  the defender's side (they stay in view behind the hand until they leave the picture);
  `discard` (bito): a hand pushes them over the discard spot onto a pile just off camera
  (a face-down pile in view would hide the swept cards' tracks under its newer track);
* the lowest-trump `show` (D0.3): the card is laid face up in front of its holder, outside
  the play area, and taken back;
* draws: face-down cards carried from the talon to the seats (the last one may be the
  face-up trump card).

Candidates (each observation: the cards that arrived or left between two settles):

* `deal` phase: a face-up arrival is the trump card turned up under the talon;
* `attack` phase: a card laid in the play area is the attack of the seat whose zone it came
  from; a card laid in front of a seat outside the play area is the lowest-trump show;
* `bout` phase: a card arriving on an uncovered attack card (centre within COVER_DIST card
  widths) is the defender's cover of it; a card arriving elsewhere from another seat is a
  throw-in (its rank should be on the table: a rank prior), from the defender a transfer
  (transfer variants) or else a sloppy cover of the nearest open card (a low prior);
* table cards leaving: all of them towards the discard spot is `discard`, towards a seat is
  the defender's `take` (judged by the card that got furthest); where the discard spot lies
  in the defender's direction (3, 5, 6 players with the default layout) the way does not
  tell, and the referee's lookahead does (after a take the defender's left attacks, after a
  discard the defender), with a discard preferred when every attack card is beaten; cards
  the referee no longer has on the table (a shown card taken back, the trump card drawn
  last) leave without an event;
* no talon (6 players): the last dealt card, shown by its holder, is the trump card.

Draws (D1.7): the camera cannot count the face-down cards each player draws, so after an
event that ends a bout (`take`, `discard`) the referee's expectation is applied at once:
`live_table` (an `AutoTable`) sends `draw {seat, count}` for the seat first in the referee's `refill_order`,
`count` = up to 6 or what the talon holds, until the refill is over. These draws carry the
ending event's evidence plus `"inferred": "refill"`. A player drawing the wrong number of
cards is therefore never seen (nor accused); everything else about the refill (order, the
trump card as the last talon card) is the referee's.
"""

from __future__ import annotations

import math

import numpy as np

from referee.cards import RANK, parse_card
from vision.live.cues import UNKNOWN, Observation, name_options
from vision.live.events import IGNORE, W_GLITCH, W_WRONG_TAKER
from vision.live.render import REACH_S, RETREAT_S, CardObj, Director as _Director, TableRenderer

HAND = 6  # D1.7: refill to this many cards

#: A card whose centre lies within this many card widths of an uncovered attack card covers it.
COVER_DIST = 0.9
#: A card from the defender near an open attack card (within this many widths) but not on it.
NEAR_DIST = 2.2
#: Prior weights.
W_ATTACK = 1.0  # a card laid in the play area by the attacker
W_SHOW = 1.0  # a card laid outside the play area before the first bout: the lowest-trump show
W_SHOW_IN_AREA = 0.1  # ... laid inside the play area (more likely the attack)
W_ATTACK_OUTSIDE = 0.2  # an attack card laid outside the play area
W_DEFEND = 1.0  # a card on an open attack card, from the defender's side
W_DEFEND_OTHER_ZONE = 0.5  # ... from another side (the cover decides, the zone may be off)
W_THROW_ON_CARD = 0.05  # a card on an open attack card read as a throw-in
W_THROW = 1.0  # a card next to the attack from a non-defender: a throw-in
W_OFF_RANK = 0.5  # ... whose rank is not on the table (illegal; only weak names rescue it)
W_TRANSFER = 1.0  # a card next to the attack from the defender (transfer variants)
W_TRANSFER_OTHER = 0.1  # a card next to the attack from another seat read as a transfer
W_SLOPPY_COVER = 0.35  # a card from the defender near, not on, an open attack card
W_FAR_COVER = 0.1  # ... far from it
W_OTHER_SEAT = 0.15  # the card came from another seat than the one to act (misattributed)
#: Cards leaving: the nearer destination (discard spot / defender's seat) gets 1.0, the other
#: this, or W_UNSURE_WAY when the two distances are within a factor 2.
W_OTHER_WAY = 0.1
W_UNSURE_WAY = 0.5
#: ... of which a take, when every attack card is beaten (legal, but players do not).
W_TAKE_BEATEN = 0.15
#: The discard spot and a seat closer than this (radians, seen from the centre) are one way.
SAME_WAY = math.radians(30)


def SINGLE_PUTS(view: dict) -> bool:
    """Every Durak put is one card (a throw-in of several cards is seen as several)."""
    return True


def table_cards(view: dict) -> set[str]:
    """Attack cards and their covers on the referee's table."""
    return {c for pair in view.get("table") or [] for c in pair if c}


def _rank(card: str) -> int | None:
    return RANK.get(card)


# ------------------------------------------------------------------ candidates

def candidates(obs: Observation, view: dict, layout) -> list[tuple[dict | None, float]]:
    """Candidate events (with prior weights) for one observation in the referee state `view`."""
    if obs.kind == "leave":
        return _leave(obs, view, layout)
    if len(obs.cards) != 1:
        return []
    phase = view.get("phase")
    s = obs.cards[0]
    seat = obs.seat_hint
    opts = name_options(obs.cards)
    out: list[tuple[dict | None, float]] = []
    if phase == "deal":  # no talon (6 players): the last dealt card is shown by its holder
        held = {} if view.get("talon") else {"seat": seat}
        return [(dict({"type": "trump", "card": c}, **held), w) for (c,), w in opts if c != UNKNOWN]
    if phase == "attack":
        attacker = view.get("attacker")
        inside = layout.in_play_area(s.last)
        first = attacker is None  # D0.3: before the first attack of a session the lowest trump is shown
        for (c,), w in opts:
            if attacker is None or seat == attacker:
                out.append(({"type": "attack", "seat": seat, "card": c},
                            w * (W_ATTACK if inside else W_ATTACK_OUTSIDE)))
            else:
                out.append(({"type": "attack", "seat": seat, "card": c}, w))
                out.append(({"type": "attack", "seat": attacker, "card": c}, w * W_OTHER_SEAT))
            if first:
                out.append(({"type": "show", "seat": seat, "card": c}, w * (W_SHOW_IN_AREA if inside else W_SHOW)))
        return out
    if phase == "bout":
        bout = view.get("bout") or {}
        defender = bout.get("defender")
        pairs = view.get("table") or []
        open_cards = [a for a, cover in pairs if cover is None]
        ranks = {_rank(x) for pair in pairs for x in pair if x}
        width = max(s.width, 1.0)
        near = sorted((float(np.linalg.norm(np.asarray(obs.where[a], float) - s.last)), a)
                      for a in open_cards if a in obs.where)
        on = [a for d, a in near if d <= COVER_DIST * width]
        transfers = bool({"transfer", "pass_card"} & set(view.get("variants") or []))
        for (c,), w in opts:
            if on:
                for a in on[:2]:
                    out.append(({"type": "defend", "seat": defender, "card": c, "covers": a},
                                w * (W_DEFEND if seat == defender else W_DEFEND_OTHER_ZONE)))
                if seat != defender:
                    out.append(({"type": "throw_in", "seat": seat, "cards": [c]}, w * W_THROW_ON_CARD))
                continue
            if seat == defender:
                if transfers:
                    out.append(({"type": "transfer", "seat": defender, "card": c}, w * W_TRANSFER))
                if near:
                    d, a = near[0]
                    out.append(({"type": "defend", "seat": defender, "card": c, "covers": a},
                                w * (W_SLOPPY_COVER if d <= NEAR_DIST * width else W_FAR_COVER)))
                continue
            out.append(({"type": "throw_in", "seat": seat, "cards": [c]},
                        w * (W_THROW if _rank(c) in ranks else W_OFF_RANK)))
            if transfers and defender is not None:
                out.append(({"type": "transfer", "seat": defender, "card": c}, w * W_TRANSFER_OTHER))
        return out
    return out


def _leave(obs: Observation, view: dict, layout) -> list[tuple[dict | None, float]]:
    names = {s.name for s in obs.cards}
    table = table_cards(view)
    if not names & table:
        return [(None, 1.0)]  # a shown card taken back, the trump card drawn: no event
    if table & obs.present or view.get("phase") != "bout":
        return [(IGNORE, W_GLITCH)]  # not the whole table left (yet), or a glitch
    defender = (view.get("bout") or {}).get("defender")
    tracked = [s.last for s in obs.cards if s.track >= 0]
    if not tracked or defender is None:
        return [({"type": "take", "seat": defender}, W_UNSURE_WAY), ({"type": "discard"}, W_UNSURE_WAY)]
    # the card that got furthest on its way tells where the table went (cards covered by the
    # hand on the way lose their tracks where they lay)
    ways = [(float(np.linalg.norm(p - layout.discard)), float(np.linalg.norm(p - layout.seats[defender])))
            for p in tracked]
    d_discard, d_seat = min(ways, key=min)
    if max(d_discard, d_seat) < 2 * min(d_discard, d_seat) or _same_way(layout, defender):
        w_take = w_discard = W_UNSURE_WAY
        if all(cover for _, cover in view.get("table") or []):
            w_take = W_TAKE_BEATEN  # who beat everything hardly ever takes
    elif d_discard < d_seat:
        w_take, w_discard = W_OTHER_WAY, 1.0
    else:
        w_take, w_discard = 1.0, W_OTHER_WAY
    if obs.seat_hint not in (None, defender) and w_take == 1.0:
        w_take = max(W_WRONG_TAKER, W_OTHER_WAY)
    return [({"type": "take", "seat": defender}, w_take), ({"type": "discard"}, w_discard)]


def _same_way(layout, seat: int) -> bool:
    """Whether the discard spot lies in about the direction of `seat` (seen from the centre,
    frame-normalised): then where the cards went cannot tell a take from a discard, and the
    next attack (after a take the defender's left attacks, after a discard the defender)
    decides."""
    from vision.live.layout import angle_diff

    d = (np.asarray(layout.discard, float) - layout.centre) / (layout.width, layout.height)
    return abs(float(angle_diff(math.atan2(d[1], d[0]), layout.seat_angles()[seat]))) < SAME_WAY


# ------------------------------------------------------------------ the referee, with refills

def refill_draw(view: dict) -> dict | None:
    """The next draw of the refill the referee expects (D1.7), or None when it is over."""
    if view.get("phase") != "refill" or not view.get("refill_order"):
        return None
    s = view["refill_order"][0]
    return {"type": "draw", "seat": s, "count": min(HAND - view["hand_sizes"][s], view["talon"])}


def live_table(table):
    """The referee with the refill draws applied after the event that ends a bout."""
    from vision.live.games import AutoTable

    return AutoTable(table, after=refill_draw, why="refill")


# ------------------------------------------------------------------ the renderer's director

#: Talon: this many card heights in from the play area's left edge, at the centre's height.
TALON_IN = 0.9
#: Attack slots: columns this many card widths apart, centred this far right of the centre;
#: rows this many card heights apart.
SLOT_COL, SLOT_SHIFT, SLOT_ROW = 1.9, 0.5, 1.3
#: A cover lies this far (card widths, card heights) towards its attack card's bottom right,
#: turned by COVER_TURN radians.
COVER_OFFSET = (0.32, 0.27)
COVER_TURN = 0.22
#: The show (D0.3): in front of the holder, this many card heights in from the seat.
SHOW_IN = 0.95


def talon_spot(r: TableRenderer) -> np.ndarray:
    return np.array([r.layout.play_area[:, 0].min() + TALON_IN * r.ch, r.layout.centre[1]])


def attack_slot(r: TableRenderer, k: int) -> np.ndarray:
    row, col = divmod(k % 6, 3)
    wrap = k // 6  # no_limit: later cards go a little lower and further right
    return r.layout.centre + np.array([(col - 1) * SLOT_COL * r.cw + SLOT_SHIFT * r.cw + wrap * 0.3 * r.cw,
                                       (row - 0.5) * SLOT_ROW * r.ch + wrap * 0.25 * r.ch])


def cover_spot(r: TableRenderer, attack: CardObj) -> np.ndarray:
    a = attack.angle
    dx, dy = COVER_OFFSET[0] * r.cw, COVER_OFFSET[1] * r.ch
    return attack.pos + np.array([dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)])


class Director(_Director):
    """Replays a Durak log through the referee and turns each accepted event into motions."""

    def __init__(self, r: TableRenderer):
        super().__init__(r)
        self.attacks: list[CardObj] = []  # attack cards, in table order
        self.covers: dict[str, CardObj] = {}  # attack card -> its cover
        self.trump: CardObj | None = None
        r.stock_spot = talon_spot(r)

    def table_objs(self) -> list[CardObj]:
        return self.attacks + [self.covers[a.card] for a in self.attacks if a.card in self.covers]

    def lay_attack(self, seat: int, card: str) -> None:
        r = self.r
        target = attack_slot(r, len(self.attacks))
        c = r.put_card(seat, card, target, float(r.rng.normal(0, 0.05)), draw=False)
        self.attacks.append(c)

    def show(self, ev: dict, ruling, before: dict, view: dict) -> None:
        r = self.r
        et = ev.get("type")
        if et == "start":
            r.stock_count = view.get("talon", 0) or 0
            r.invalidate()
            r.tick(r.seconds(1.5))
        elif et == "trump" and view.get("trump_card") and r.stock_count > 0:
            self.turn_up_trump(parse_card(ev["card"]))
        elif et == "show" or et == "trump" and isinstance(ev.get("seat"), int):
            seat = int(ev["seat"])  # the lowest trump shown, or (no talon) the last dealt card
            spot = r.layout.seats[seat] - r.u(seat) * SHOW_IN * r.ch
            c = r.put_card(seat, parse_card(ev["card"]), spot, r.facing(seat), draw=False)
            r.pause((0.6, 1.0))  # the table settles with the card shown
            r.take_cards(seat, [c])
        elif et in ("attack", "transfer") and not (et == "transfer" and (ev.get("show") or ev.get("pass"))):
            self.lay_attack(int(ev["seat"]), parse_card(ev.get("card") or ev["cards"][0]))
        elif et == "throw_in":
            cards = ev.get("cards") or [ev["card"]]
            for k, card in enumerate(cards):
                if k:
                    r.pause()
                self.lay_attack(int(ev["seat"]), parse_card(card))
        elif et == "defend":
            seat = int(ev["seat"])
            card = parse_card(ev["card"])
            target = parse_card(ev["covers"]) if "covers" in ev else next(
                a.card for a in self.attacks if a.card not in self.covers)
            att = next(a for a in self.attacks if a.card == target)
            self.covers[target] = r.put_card(seat, card, cover_spot(r, att), att.angle + COVER_TURN, draw=False)
        elif et == "take":
            r.pull_off(int(ev["seat"]), self.table_objs())  # D1.6: pulled in to the defender
            self.attacks, self.covers = [], {}
        elif et == "discard":
            self.sweep(self.table_objs())
            self.attacks, self.covers = [], {}
        elif et == "draw":
            seat, count = int(ev["seat"]), int(ev.get("count", len(ev.get("cards", []))))
            last = count > 0 and count >= r.stock_count and self.trump is not None
            r.draw_from_stock(seat, count - (1 if last else 0), extra=[self.trump] if last else [])
            if last:
                self.trump = None

    def sweep(self, objs: list[CardObj]) -> None:
        """D1.5 (bito): the player sitting away from the discard spot pushes the table cards,
        as they lie, over the discard spot onto the discard pile just off camera (a pile
        in view would hide the swept cards' tracks under its newer face-down track)."""
        from vision.live.layout import edge_point

        r = self.r
        if not objs:
            return
        pos = np.array([o.pos for o in objs])
        centre = pos.mean(axis=0)
        way = r.layout.discard - centre
        way = way / (np.linalg.norm(way) + 1e-9)
        seat = int(np.argmax([-(r.u(s) @ way) for s in range(r.n)]))
        behind = float(((pos - centre) @ -way).max())
        ang = float(math.atan2(way[1], way[0]))
        travel = max(float(np.linalg.norm(edge_point(p, ang, r.W, r.H) - p)) for p in pos) + 0.8 * r.ch
        hd = r.new_hand(seat)
        push = centre - way * (behind + 0.6 * r.ch)
        r.move(hd, push, REACH_S)
        r.move(hd, push + way * travel, 0.6 + travel / (2.0 * r.ch) * 0.15, carried=objs)
        for c in objs:
            r.cards.remove(c)
            r.moving.discard(id(c))
        r.invalidate()
        r.drop_hand(hd)

    def turn_up_trump(self, card: str) -> None:
        """The dealer turns the next talon card face up and lays it sideways under the talon."""
        r = self.r
        seat = 0
        hd = r.new_hand(seat)
        u = r.u(seat)
        talon = r.stock_pos()
        r.move(hd, talon + u * 0.4 * r.ch, REACH_S)
        c = CardObj(card, talon.copy(), 0.08, True, flip=-1.0, z=-150 + 10, owner=seat)
        r.cards.append(c)
        r.moving.add(id(c))
        r.invalidate()
        spot = talon + np.array([-0.42 * r.ch, 0.0])
        r.move(hd, spot + u * 0.4 * r.ch, 0.45, carried=[c], turn=math.pi / 2 - c.angle)
        r.turn_up(c, 0.35)
        c.angle = math.pi / 2
        r.settle([c])
        r.move(hd, r.entry(seat), RETREAT_S)
        r.drop_hand(hd)
        self.trump = c
