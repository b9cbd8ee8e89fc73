"""Golf on camera (six- and nine-card layouts, one deck: 2-3 players; a match of rounds):
what settled table changes mean, and how a round looks on the table.

Table picture (the renderer draws it, the candidates below read it; all distances in card
widths `w` / card heights `w / ASPECT`, so they follow the card size the camera sees):

* seats (`default_layout`, used by both the renderer and an uncalibrated pipeline): at the
  middle of an edge each (2: bottom/top; 3: bottom/left/right; 4: bottom/left/top/right),
  so every grid lies inside the frame;
* each player's grid lies in front of their seat (`cell_centre`): `rows` x `columns` cards,
  position = row * columns + column as in the table log, row 0 farthest from the player,
  column 0 on the player's left, every card turned to face its player; without a
  calibration a grid may lie off its expected place by up to half a card (camera tilt):
  its face-up cards tell by how much (`grid_offsets`), and a grid with none is matched
  with a looser tolerance;
* the stock lies face down left of the centre, the discard pile face up right of it
  (`pile_spot`); a new pile card covers the one below;
* a grid card is turned face up where it lies (first flips, the end-of-round reveal);
* a turn: a card drawn from the stock goes face down to the player's edge (the camera
  does not see which); the top of the pile taken goes to the player's edge face up; then
  either the drawn card goes onto the pile (discard), or the grid card it replaces goes
  onto the pile (turned face up on the way) and the drawn card is laid in its place;
* the next round: the dealer gathers every card off the table, deals the grids face down
  and turns the stock's top card up onto the pile spot.

Candidates: a face-up arrival on the pile spot is, while dealing, the card that starts
the pile (`flip {card}`); after a round (phase over, the match not over) the same flip,
which `live_table` precedes with the next round's `start` (the referee's defaults: same
players, the previous dealer's left deals; evidence `"inferred": "new round"`); in play, the
mover's discard when it was carried in face up, the
card a swap replaced when it was turned face up on the pile (then no event: the swap is
read when the new card lands in the grid); a face-up arrival in a grid
cell is a flip there (dealing, reveal) or in play the swap into that cell (the card it
replaced: the referee's if it lay face up, else the newcomer on the pile); the pile's top
card leaving is the mover's draw from the pile.

A draw from the stock is not visible: `live_table` applies `draw {seat, source: "stock"}`
just before a discard or swap of a player who has not drawn (evidence `"inferred":
"stock draw"`). A new match (after the last hole) is a new `watch` session.

Not supported yet: two or more decks (4+ players) put equal cards on the table at once,
which the name-keyed tracking (tracker: one track per name; EventMaker.on_table keyed by
name) cannot tell apart -- it needs identity by position; four-card rounds (knock, peek:
the swapped-in card stays face down, so a swap is only a back moving); `four_in_hand`.
"""

from __future__ import annotations

import numpy as np

from referee.cards import parse_card
from vision.live.cues import UNKNOWN, Observation, name_options
from vision.live.events import IGNORE, W_GLITCH
from vision.live.render import REACH_S, RETREAT_S, CardObj, Director as _Director, TableRenderer

#: Card width / height (the renderer's plain cards; deck art is close).
ASPECT = 0.7
#: Cards as a fraction of the frame height when rendering (smaller than Skitgubbe's: the
#: grids need room).
CARD_FRACTION = 0.14
#: Grid: its centre this many card heights in from the seat; columns this many card widths
#: apart, rows this many card heights apart.
GRID_IN, COL_STEP, ROW_STEP = 1.55, 1.15, 1.1
#: Stock and discard pile: this many card heights left / right of the centre.
PILE_DX = 0.75
#: A card within this many card widths of a cell centre / the pile spot lies there.
CELL_TOL, PILE_TOL = 0.55, 0.6
#: ... of a cell of a grid with no face-up card to tell where it lies (uncalibrated: the
#: camera's tilt may shift it by half a card).
CELL_TOL_UNSURE = 0.85
#: Prior weights.
W_DISCARD = 1.0  # a new card carried face up onto the pile: the mover's discard
W_SWAP_OUT = 1.0  # a new card turned face up on the pile: the grid card a swap replaces
W_UNLIKELY = 0.2  # ... the other reading of each (the next arrival, in the grid, tells)
W_SWAP = 1.0  # a new card in the mover's grid: the swap
W_OTHER_SEAT = 0.2  # ... in another seat's grid
W_LATE_FLIP = 0.3  # a card turned up in play (only legal before the first draw)
#: Pile cards the renderer keeps drawn (a turn takes at most the top one).
PILE_DRAWN = 3


def SINGLE_PUTS(view: dict) -> bool:
    return True


#: Cards are put squarely on lying cards here (the discard pile; a swap lays the drawn card on
#: the grid card it replaces): a box born on a lying card may be a new card, so the event maker
#: does not take it for a second box of the card below (`cues.boxed_over`; with it, the golf
#: bench logged 4 of 9 rounds).
STACKS_CARDS = True


def table_cards(view: dict) -> set[str]:
    """The face-up cards in view on the referee's table: the grids' and the pile's top (the
    cards below it are covered: their tracks may end while they stay in the pile)."""
    pile = view.get("discard_pile") or []
    return _grid_cards(view) | set(pile[-1:])


def _grid_cards(view: dict) -> set[str]:
    out = set()
    for g in (view.get("grids") or {}).values():
        out |= {c for c, up in zip(g["cards"], g["face_up"]) if up and c != "??"}
    return out


def fresh_table(view: dict) -> bool:
    """After a round (phase over) the table is gathered and dealt anew: a card seen where a
    card of the last round lay is a new card (events.EventMaker's `retired` memory is off)."""
    return view.get("phase") == "over"


def _known(view: dict) -> set[str]:
    """Every face-up card the referee has placed: the grids' and the whole pile."""
    return _grid_cards(view) | set(view.get("discard_pile") or [])


# ------------------------------------------------------------------ geometry

#: Default seat directions (degrees, image coordinates: 90 = bottom, 180 = left, 270 = top,
#: 0 = right; clockwise from seat 0) by player count: every grid straight in front of an
#: edge's middle, so that it lies inside the frame (the evenly spread default puts 3 players'
#: seats 1 and 2 in the top corners, their grids half out of the picture).
SEAT_DEGREES = {2: (90, 270), 3: (90, 180, 360), 4: (90, 180, 270, 360)}


def default_layout(n_players: int, width: int, height: int):
    """The table without a calibration: as `vision.live.layout.default_layout`, with seats
    where the grids have room (SEAT_DEGREES; other counts: evenly spread). The renderer and
    the pipeline both use it, so an uncalibrated camera expects the grids where they are drawn."""
    from vision.live.layout import default_layout as plain

    deg = SEAT_DEGREES.get(n_players)
    return plain(n_players, width, height, None if deg is None else [np.radians(d) for d in deg])


def seat_axes(layout, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """(towards the seat, the player's right) as unit vectors."""
    u = np.asarray(layout.seats[seat], float) - layout.centre
    u = u / (np.linalg.norm(u) + 1e-9)
    return u, np.array([u[1], -u[0]])


def cell_centre(layout, seat: int, pos: int, rows: int, cols: int, w: float) -> np.ndarray:
    h = w / ASPECT
    u, right = seat_axes(layout, seat)
    r, c = divmod(pos, cols)
    base = np.asarray(layout.seats[seat], float) - u * GRID_IN * h
    return base + right * (c - (cols - 1) / 2) * COL_STEP * w + u * (r - (rows - 1) / 2) * ROW_STEP * h


def pile_spot(layout, w: float) -> np.ndarray:
    return layout.centre + np.array([PILE_DX * w / ASPECT, 0.0])


def stock_spot(layout, w: float) -> np.ndarray:
    return layout.centre - np.array([PILE_DX * w / ASPECT, 0.0])


def cell_at(layout, point, rows: int, cols: int, w: float, offsets: dict | None = None) -> tuple[int, int] | None:
    """(seat, position) of the grid cell `point` lies in, or None. `offsets` (seat -> where
    that grid lies off its expected place, see `grid_offsets`) follow an uncalibrated
    camera's tilt; a grid without one is matched with the looser CELL_TOL_UNSURE."""
    loose = offsets is not None  # (offsets given: a grid without one is matched loosely)
    offsets = offsets or {}
    best = None
    for s in range(layout.n):
        off = offsets.get(s)
        for p in range(rows * cols):
            c = cell_centre(layout, s, p, rows, cols, w) + (0.0 if off is None else off)
            d = float(np.linalg.norm(c - point))
            if best is None or d < best[0]:
                best = (d, s, p, off is None and loose)
    if best is None or best[0] > (CELL_TOL_UNSURE if best[3] else CELL_TOL) * w:
        return None
    return best[1], best[2]


def grid_offsets(layout, view: dict, where: dict, rows: int, cols: int, w: float) -> dict:
    """Seat -> the median offset of its face-up grid cards (the referee's, where the camera
    sees them now) from their expected cells: without a calibration the default layout is
    only roughly where the grids lie (the camera's tilt), and the grid's own cards tell."""
    out = {}
    for key, g in (view.get("grids") or {}).items():
        seat = int(key)
        if seat >= layout.n:
            continue
        refs = [np.asarray(where[c], float) - cell_centre(layout, seat, p, rows, cols, w)
                for p, (c, up) in enumerate(zip(g["cards"], g["face_up"])) if up and c in where]
        # (a card lying far from its cell is on its way: the swap's replaced card on the pile)
        refs = [d for d in refs if float(np.linalg.norm(d)) <= CELL_TOL_UNSURE * w]
        if refs:
            out[seat] = np.median(np.array(refs), axis=0)
    return out


def at_pile(layout, point, w: float) -> bool:
    return float(np.linalg.norm(pile_spot(layout, w) - point)) <= PILE_TOL * w


# ------------------------------------------------------------------ candidates

def candidates(obs: Observation, view: dict, layout) -> list[tuple[dict | None, float]]:
    phase = view.get("phase")
    pile = view.get("discard_pile") or []
    to_act = view.get("to_act")
    drawn = view.get("drawn")
    if obs.kind == "leave":
        top = pile[-1] if pile else None
        carried = [x for x in obs.cards if x.name == top and x.track >= 0 and not at_pile(layout, x.last, x.width)]
        if phase == "play" and carried and drawn is None and to_act is not None:  # (buried: it died on the pile)
            return [({"type": "draw", "seat": to_act, "source": "discard", "card": top},
                     1.0 if obs.seat_hint in (None, to_act) else 0.5), (IGNORE, W_GLITCH)]
        return [(None, 1.0)]  # a buried pile card, a grid card carried to the pile, ...
    if len(obs.cards) != 1:
        return []
    s = obs.cards[0]
    w = max(s.width, 1.0)
    rows, cols = view.get("rows", 2), view.get("columns", 3)
    known = _known(view)
    out: list[tuple[dict | None, float]] = []
    if at_pile(layout, s.last, w):
        for (c,), wt in name_options(obs.cards):
            if c == UNKNOWN:
                continue
            if phase == "over":  # the next round's pile card (`live_table` starts the round)
                if next_round(view) is not None:
                    out.append(({"type": "flip", "card": c}, wt))
            elif phase == "deal":
                out.append(({"type": "flip", "card": c}, wt))
            elif c in known:
                out.append((None, wt))  # seen again, or a face-up grid card moved to the pile
            elif phase == "play" and to_act is not None:
                # a discard is carried in face up from the player's side; a replaced grid card
                # goes face down to the pile and is turned up there
                turned_here = at_pile(layout, s.first, w)
                if drawn is None or drawn.get("source") == "stock":
                    out.append(({"type": "discard", "seat": to_act, "card": c},
                                wt * (W_UNLIKELY if turned_here else W_DISCARD)))
                out.append((None, wt * (W_SWAP_OUT if turned_here else W_UNLIKELY)))
        return out
    cell = cell_at(layout, s.last, rows, cols, w, grid_offsets(layout, view, obs.where, rows, cols, w))
    if cell is None:
        return out
    seat, pos = cell
    grid = (view.get("grids") or {}).get(str(seat))
    if grid is None:
        return out
    if phase == "over":  # the last round's card seen again (the next round's grid lies face down)
        return [(None, 1.0)]
    for (c,), wt in name_options(obs.cards):
        if c == UNKNOWN:
            continue
        flip = {"type": "flip", "seat": seat, "position": pos, "card": c}
        if phase in ("deal", "reveal"):
            out.append((flip, wt))
            continue
        if phase != "play":
            continue
        held = grid["cards"][pos]
        outs = [held] if grid["face_up"][pos] and held != "??" else _pile_newcomers(obs, view, layout, w, c)
        for card_out in outs:
            out.append(({"type": "swap", "seat": seat, "position": pos, "card_out": card_out, "card": c},
                        wt * (W_SWAP if seat == to_act else W_OTHER_SEAT) / len(outs)))
        out.append((flip, wt * W_LATE_FLIP))
    return out


def _pile_newcomers(obs: Observation, view: dict, layout, w: float, card: str) -> list[str]:
    """Cards lying on the pile spot that the referee does not know yet (a replaced grid card)."""
    known = _known(view)
    return sorted(n for n, p in obs.where.items()
                  if n != card and n not in known and at_pile(layout, np.asarray(p, float), w))


# ------------------------------------------------------------------ the referee, with the stock draw

def stock_draw(view: dict, ev: dict) -> list[dict]:
    """A discard or swap by the player to move who has not drawn: the draw was from the stock."""
    if ev.get("type") in ("discard", "swap") and view.get("phase") == "play" and view.get("drawn") is None \
            and ev.get("seat") == view.get("to_act"):
        return [{"type": "draw", "seat": ev["seat"], "source": "stock"}]
    return []


def next_round(view: dict) -> dict | None:
    """The `start` of the match's next round (the referee's defaults: same players, variants
    and match, the previous dealer's left deals), or None while a round is on or the match
    is over."""
    if view.get("phase") != "over" or (view.get("sheet") or {}).get("match_over"):
        return None
    return {"type": "start", "game": "golf", "players": list(view.get("players") or []),
            "mode": view.get("mode") or "hidden"}


def new_round(view: dict, ev: dict) -> list[dict]:
    """A card turned up on the pile spot after a round is over: the next round was dealt."""
    if ev.get("type") == "flip" and ev.get("seat") is None:
        start = next_round(view)
        if start is not None:
            return [start]
    return []


def before(view: dict, ev: dict) -> list[dict]:
    return new_round(view, ev) or stock_draw(view, ev)


def live_table(table):
    """The referee with the unseen stock draw before a discard or swap, and the next round's
    `start` before the flip that begins its discard pile (one `start` = one round, G4)."""
    from vision.live.games import AutoTable

    return AutoTable(table, before=before, why=_why)


def _why(auto: dict) -> str:
    return "new round" if auto.get("type") == "start" else "stock draw"


# ------------------------------------------------------------------ the renderer's director

class Director(_Director):
    """Replays a Golf log (one deck) through the referee and turns it into table motion."""

    def __init__(self, r: TableRenderer):
        super().__init__(r)
        r.stock_spot = stock_spot(r.layout, r.cw)
        self.grid: dict[tuple[int, int], CardObj] = {}
        self.pile: list[CardObj] = []

    def sync_pile(self) -> None:
        """Only the pile's top PILE_DRAWN cards are drawn (and judged for the truth): the rest
        lie fully covered, and leaving them out keeps long rounds fast to render."""
        r = self.r
        keep = {id(c) for c in self.pile[-PILE_DRAWN:]}
        pile = {id(c) for c in self.pile}
        r.cards = [c for c in r.cards if id(c) not in pile or id(c) in keep] + \
            [c for c in self.pile[-PILE_DRAWN:] if not any(c is x for x in r.cards)]
        r.invalidate()

    def cell(self, seat: int, pos: int) -> np.ndarray:
        v = self.table.view()
        return cell_centre(self.r.layout, seat, pos, v["rows"], v["columns"], self.r.cw)

    def pile_target(self) -> tuple[np.ndarray, float]:
        r = self.r
        return pile_spot(r.layout, r.cw) + r.rng.normal(0, 1.0, 2), float(r.rng.normal(0, 0.04))

    def deal(self, view: dict) -> None:
        """A new round: the dealer gathers the last round's cards off the table (they leave the
        picture), then the grids lie dealt face down."""
        r = self.r
        if r.cards:
            dealer = int(view.get("dealer") or 0)
            r.take_cards(dealer, list(r.cards), gather=r.layout.centre.copy())
            r.pause((0.5, 0.8))
        r.cards = []
        r.moving.clear()
        self.grid, self.pile = {}, []
        r.stock_count = view.get("stock", 0) or 0
        for s in range(r.n):
            for p in range(view["rows"] * view["columns"]):
                c = CardObj("back", self.cell(s, p) + r.rng.normal(0, 0.8, 2),
                            r.facing(s) + float(r.rng.normal(0, 0.03)),
                            True, flip=-1.0, z=0, owner=s)
                r.cards.append(c)
                self.grid[(s, p)] = c
        r.invalidate()
        r.tick(r.seconds(1.5))

    def turn_over(self, seat: int, c: CardObj, card: str) -> None:
        """A hand from `seat` turns the face-down card `c` face up where it lies."""
        r = self.r
        hd = r.new_hand(seat)
        r.move(hd, c.pos + r.u(seat) * 0.45 * r.ch, REACH_S)
        c.card = card
        r.moving.add(id(c))
        r.invalidate()
        r.turn_up(c, 0.35)
        r.settle([c])
        r.move(hd, r.entry(seat), RETREAT_S)
        r.drop_hand(hd)

    def to_pile(self, seat: int, c: CardObj, card: str) -> None:
        """A hand from `seat` carries the grid card `c` onto the pile, turning it face up."""
        r = self.r
        hd = r.new_hand(seat)
        u = r.u(seat)
        r.move(hd, c.pos + u * 0.45 * r.ch, REACH_S)
        target, angle = self.pile_target()
        r.zc += 1
        c.z = r.zc
        r.move(hd, target + u * 0.45 * r.ch, 0.6, carried=[c], turn=angle - c.angle)
        c.angle = angle
        if c.flip < 0:
            c.card = card
            r.turn_up(c, 0.3)
        r.settle([c])
        r.move(hd, r.entry(seat), RETREAT_S)
        r.drop_hand(hd)
        self.pile.append(c)

    def show(self, ev: dict, ruling, before: dict, view: dict) -> None:
        r = self.r
        et = ev.get("type")
        if et == "start":
            self.deal(view)
        elif et == "flip" and ev.get("seat") is None:  # the stock's top card starts the pile
            target, angle = self.pile_target()
            self.pile.append(r.flip_card(int(view.get("dealer") or 0), parse_card(ev["card"]), target, angle))
        elif et == "flip":
            seat, pos = int(ev["seat"]), int(ev["position"])
            self.turn_over(seat, self.grid[(seat, pos)], parse_card(ev["card"]))
        elif et == "draw" and ev.get("source") == "discard" and self.pile:
            r.pull_off(int(ev["seat"]), [self.pile.pop()])
        elif et == "draw":
            r.draw_from_stock(int(ev["seat"]), 1)
        elif et == "discard":
            seat = int(ev["seat"])
            target, angle = self.pile_target()
            self.pile.append(r.put_card(seat, parse_card(ev["card"]), target, angle, draw=False))
        elif et == "swap":
            seat, pos = int(ev["seat"]), int(ev["position"])
            old = self.grid[(seat, pos)]
            self.to_pile(seat, old, parse_card(ev.get("card_out") or old.card))
            r.pause((0.5, 0.8))
            c = r.put_card(seat, parse_card(ev["card"]), self.cell(seat, pos), r.facing(seat), draw=False)
            self.grid[(seat, pos)] = c
        elif et == "reshuffle":  # (the pile's covered cards are not drawn: nothing to take away)
            keep = self.pile[-1:]
            r.stock_count += len(self.pile) - len(keep)
            self.pile = keep
        self.sync_pile()
