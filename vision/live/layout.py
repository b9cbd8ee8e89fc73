"""Where things are on the table: seats around the image edge, the play area, the stock
and the discard spot. Pure functions over numpy arrays plus a small JSON calibration.

Seats are numbered clockwise (as in the table log). The default layout for N players puts
seat 0 at the bottom edge (the camera's "own" side) and the others evenly clockwise around
the image; on screen (y down) clockwise means increasing angle, so 4 players sit bottom,
left, top, right. A point on the table belongs to the seat whose direction, seen from the
play-area centre, is nearest in angle (angular Voronoi zones, in frame-normalised
coordinates so a 16:9 frame splits along its diagonals).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

#: Play area (default layout): centred ellipse-ish box, these fractions of (width, height).
PLAY_AREA_FRACTION = (0.62, 0.62)
#: A point within this fraction of the image's short side of the stock counts as "at the stock".
STOCK_RADIUS_FRACTION = 0.12
#: A point outside that but within this many stock radii of the stock is "beside the stock": a
#: flipper who slides the card away at once is first seen there (a real-model render: JS first
#: seen 1.2 radii from the stock, its path pointing to the opposite seat).
BESIDE_STOCK = 1.5


@dataclass
class Layout:
    width: int
    height: int
    seats: np.ndarray  # (N, 2) seat positions (where each player's hands enter the image)
    play_area: np.ndarray  # (K, 2) convex polygon
    stock: np.ndarray  # (2,) stock position
    discard: np.ndarray  # (2,) where killed tricks go
    names: list[str] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.seats)

    @property
    def centre(self) -> np.ndarray:
        return self.play_area.mean(axis=0)

    @property
    def stock_radius(self) -> float:
        return STOCK_RADIUS_FRACTION * min(self.width, self.height)

    def seat_angles(self) -> np.ndarray:
        """Seat directions from the centre, measured in frame-normalised coordinates (x / width,
        y / height) so that zones of a wide frame split along its diagonals."""
        d = (self.seats - self.centre) / (self.width, self.height)
        return np.arctan2(d[:, 1], d[:, 0])

    def zone_of(self, point) -> int:
        """The seat whose zone holds `point` (nearest seat direction from the centre)."""
        p = self.centre + (np.asarray(point, float) - self.centre) / (self.width, self.height)
        return zone_of(p, self.centre, self.seat_angles())

    def zone_margin(self, point) -> float:
        """How far (radians, as in `seat_angles`) `point`'s direction from the centre lies
        inside its zone: half the gap between its nearest and second-nearest seat directions."""
        p = self.centre + (np.asarray(point, float) - self.centre) / (self.width, self.height)
        d = p - self.centre
        gaps = np.sort(np.abs(angle_diff(np.arctan2(d[1], d[0]), self.seat_angles())))
        return float((gaps[1] - gaps[0]) / 2) if len(gaps) > 1 else float(np.pi)

    def in_play_area(self, point) -> bool:
        return point_in_polygon(point, self.play_area)

    def stock_distance(self, point) -> float:
        return float(np.linalg.norm(np.asarray(point, float) - self.stock))

    def near_stock(self, point) -> bool:
        return self.stock_distance(point) <= self.stock_radius

    def near_discard(self, point) -> bool:
        """At the discard spot (as near as `near_stock` is to the stock)."""
        return float(np.linalg.norm(np.asarray(point, float) - self.discard)) <= self.stock_radius

    def beside_stock(self, point) -> bool:
        return self.stock_radius < self.stock_distance(point) <= BESIDE_STOCK * self.stock_radius

    def to_dict(self) -> dict:
        return {"width": self.width, "height": self.height, "seats": self.seats.round(1).tolist(),
                "play_area": self.play_area.round(1).tolist(), "stock": self.stock.round(1).tolist(),
                "discard": self.discard.round(1).tolist(), "names": list(self.names)}

    @staticmethod
    def from_dict(d: dict) -> "Layout":
        try:
            return Layout(int(d["width"]), int(d["height"]), np.asarray(d["seats"], float).reshape(-1, 2),
                          np.asarray(d["play_area"], float).reshape(-1, 2), np.asarray(d["stock"], float).reshape(2),
                          np.asarray(d.get("discard", d["stock"]), float).reshape(2), list(d.get("names", [])))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a table calibration: {exc}") from None

    def save(self, path: Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n")

    @staticmethod
    def load(path: Path) -> "Layout":
        try:
            return Layout.from_dict(json.loads(Path(path).read_text()))
        except (OSError, ValueError) as exc:
            raise ValueError(f"cannot read calibration {path}: {exc}") from None

    def scaled(self, width: int, height: int) -> "Layout":
        """The same calibration for another frame size (a calibration is kept per table)."""
        s = np.array([width / self.width, height / self.height])
        return Layout(width, height, self.seats * s, self.play_area * s, self.stock * s, self.discard * s,
                      list(self.names))

    def transformed(self, hmg: np.ndarray) -> "Layout":
        """The layout seen through a homography (the renderer's camera)."""
        def t(p):
            p = np.asarray(p, float).reshape(-1, 2)
            q = np.column_stack([p, np.ones(len(p))]) @ hmg.T
            return q[:, :2] / q[:, 2:3]
        return Layout(self.width, self.height, t(self.seats), t(self.play_area), t(self.stock)[0],
                      t(self.discard)[0], list(self.names))


def seat_angle(seat: int, n: int) -> float:
    """Default direction of seat `seat` of `n` from the table centre (radians, image coords)."""
    return np.pi / 2 + 2 * np.pi * seat / n


def edge_point(centre: np.ndarray, angle: float, width: int, height: int) -> np.ndarray:
    """Where a ray from `centre` at `angle` leaves the image rectangle."""
    d = np.array([np.cos(angle), np.sin(angle)])
    ts = []
    for axis, size in ((0, width), (1, height)):
        if abs(d[axis]) > 1e-9:
            for bound in (0.0, float(size)):
                t = (bound - centre[axis]) / d[axis]
                if t > 0:
                    ts.append(t)
    return centre + d * min(ts)


def default_layout(n_players: int, width: int, height: int, angles=None) -> Layout:
    """Seats evenly around the image edge (seat 0 at the bottom, clockwise), play area centred,
    stock at the centre, discard spot in the top-right corner region. `angles` (radians,
    image coordinates, clockwise from seat 0) puts the seats elsewhere on the edge (a game
    whose players need room in front of them, e.g. Golf's grids)."""
    if n_players < 2:
        raise ValueError("a table needs at least 2 seats")
    if angles is not None and len(angles) != n_players:
        raise ValueError(f"{len(angles)} seat directions for {n_players} seats")
    c = np.array([width / 2, height / 2])
    angles = [seat_angle(s, n_players) for s in range(n_players)] if angles is None else list(angles)
    seats = np.array([edge_point(c, a, width, height) for a in angles])
    fw, fh = PLAY_AREA_FRACTION
    hw, hh = width * fw / 2, height * fh / 2
    play = np.array([[c[0] - hw, c[1] - hh], [c[0] + hw, c[1] - hh], [c[0] + hw, c[1] + hh], [c[0] - hw, c[1] + hh]])
    discard = np.array([width * 0.90, height * 0.14])
    return Layout(width, height, seats, play, c.copy(), discard)


def angle_diff(a, b):
    """Smallest signed difference of angles (radians)."""
    return (np.asarray(a) - np.asarray(b) + np.pi) % (2 * np.pi) - np.pi


def zone_of(point, centre, seat_angles) -> int:
    """Index of the seat whose direction from `centre` is nearest to `point`'s direction."""
    d = np.asarray(point, float) - np.asarray(centre, float)
    a = np.arctan2(d[1], d[0])
    return int(np.argmin(np.abs(angle_diff(a, np.asarray(seat_angles)))))


def point_in_polygon(point, poly) -> bool:
    """Even-odd rule point-in-polygon test."""
    x, y = float(point[0]), float(point[1])
    p = np.asarray(poly, float)
    inside = False
    j = len(p) - 1
    for i in range(len(p)):
        xi, yi = p[i]
        xj, yj = p[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi + 1e-12) + xi:
            inside = not inside
        j = i
    return inside
