"""Procedurally generated "font decks": more index fonts and styles for Stage B.

Each deck is a seeded random style: a font family from what fontconfig has (Debian font
packages, see scripts/setup.sh), weight, horizontal squeeze, letter set (A K Q J, French
R D V, German K D B, Russian Т К Д В), index size/position/layout, red/black or
four-colour suits, corner radius, frame, paper tint, centre design (pips for 2-10, a
framed court panel with a big letter and simple shapes, a big pip for aces) and a back
with a random pattern.

All 53 images of a deck are drawn in one SVG sprite sheet, rendered with a single
`rsvg-convert` call (text goes through pango/fontconfig, so font families work) and cut
into the same cache layout `datasets.decks.CardArt` reads, so SceneMaker, crops and
synth use them unchanged. A deck is named `font/NNN` (seed 0) or `font/sS-NNN`; the
name alone fixes its style, and same name + same installed fonts -> same PNG bytes.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np

from datasets.decks import RENDER_HEIGHT
from vision.cards import CARD_NAMES

#: Candidate families (name, serif?). Missing ones fall back to DejaVu Sans / Serif, chosen
#: *after* the random draw so the rest of a deck's style does not depend on the fonts present.
FONT_FAMILIES: tuple[tuple[str, bool], ...] = (
    ("DejaVu Sans", False), ("DejaVu Serif", True), ("DejaVu Sans Condensed", False),
    ("DejaVu Serif Condensed", True), ("DejaVu Sans Mono", False),
    ("Liberation Sans", False), ("Liberation Serif", True), ("Liberation Sans Narrow", False),
    ("Liberation Mono", False), ("FreeSans", False), ("FreeSerif", True), ("FreeMono", False),
    ("Carlito", False), ("Caladea", True), ("Linux Libertine O", True), ("Linux Biolinum O", False),
    ("EB Garamond", True), ("Cantarell", False), ("Comfortaa", False), ("Open Sans", False),
    ("Open Sans Condensed", False), ("Nimbus Sans", False), ("Nimbus Roman", True),
    ("Nimbus Sans Narrow", False), ("C059", True), ("P052", True), ("URW Bookman", True),
    ("URW Gothic", False), ("Nimbus Mono PS", False),
)
#: Index letters for (A, J, Q, K) and their weights.
LETTER_SETS = (
    (("A", "J", "Q", "K"), 0.62),  # English
    (("A", "V", "D", "R"), 0.12),  # French: valet, dame, roi
    (("A", "B", "D", "K"), 0.12),  # German: Bube, Dame, König
    (("Т", "В", "Д", "К"), 0.14),  # Russian: туз, валет, дама, король
)
#: Share of decks with an ornate ace: a decorated ace (flourishes, a banner with the maker's
#: name, a small pip) as English decks print the AS and Russian "Атласные" the AD. Without
#: such aces the readers took the ornament for court art and the curls beside the index for
#: another index (an unseen deck's AD read as JD 41-55 % of the time, `vision/live/README.md`).
ORNATE_ACE_SHARE = 0.45
#: Pip positions for 2-10 as (column -1/0/1, row 0..1) in the pip area.
PIP_LAYOUT = {
    2: [(0, 0), (0, 1)],
    3: [(0, 0), (0, 0.5), (0, 1)],
    4: [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    5: [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    6: [(-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    7: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    8: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)],
    9: [(-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)],
    10: [(-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6),
         (-1, 1), (1, 1)],
}
_SHEET_COLS = 9
_GAP = 4  # transparent pixels between sprite cells


def font_deck_names(n: int, seed: int = 0) -> list[str]:
    return [f"font/{i:03d}" if seed == 0 else f"font/s{seed}-{i:03d}" for i in range(n)]


def font_decks(n: int, seed: int = 0) -> list:
    """`n` generated decks as `datasets.decks.Deck` objects (style "font")."""
    from datasets.decks import Deck

    return [Deck(name, Path(""), "font") for name in font_deck_names(n, seed)]


def _parse(name: str) -> tuple[int, int]:
    m = re.fullmatch(r"font/(?:s(\d+)-)?(\d+)", name)
    if not m:
        raise ValueError(f"not a font deck name: {name!r}")
    return int(m.group(1) or 0), int(m.group(2))


@functools.lru_cache(maxsize=1)
def installed_families() -> frozenset[str]:
    """Font families fontconfig knows (empty if fc-list is missing)."""
    if shutil.which("fc-list") is None:
        return frozenset()
    out = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True).stdout
    fams = set()
    for line in out.splitlines():
        fams.update(f.strip() for f in line.split(","))
    return frozenset(f for f in fams if f)


# ----------------------------------------------------------------------------- style


def _hex(rgb) -> str:
    return "#%02x%02x%02x" % tuple(int(np.clip(round(c), 0, 255)) for c in rgb)


def _mix(a, b, t: float):
    return [x + (y - x) * t for x, y in zip(a, b)]


def _choice(rng, items, weights=None):
    if weights is None:
        return items[int(rng.integers(len(items)))]
    w = np.asarray(weights, float)
    return items[int(rng.choice(len(items), p=w / w.sum()))]


def make_style(name: str) -> dict:
    """The random style of font deck `name` (plain data; also hashed for the cache)."""
    seed, index = _parse(name)
    rng = np.random.default_rng([0xF0D7, seed, index])
    u = lambda a, b: float(rng.uniform(a, b))  # noqa: E731
    H = RENDER_HEIGHT
    aspect = u(0.62, 0.74)
    W = int(round(H * aspect))
    fam, serif = _choice(rng, FONT_FAMILIES)
    letters = _choice(rng, [s for s, _ in LETTER_SETS], [w for _, w in LETTER_SETS])
    black = _choice(rng, [(0, 0, 0), (20, 20, 20), (35, 30, 30), (20, 25, 60)])
    red = _choice(rng, [(200, 0, 0), (220, 30, 30), (180, 10, 30), (230, 50, 20), (190, 0, 60)])
    colours = {"S": black, "C": black, "H": red, "D": red}
    if rng.random() < 0.18:  # four-colour deck
        colours["D"] = _choice(rng, [(0, 60, 200), (20, 90, 190), (230, 120, 0)])
        colours["C"] = _choice(rng, [(0, 130, 40), (20, 110, 60)])
    paper = _choice(rng, [(255, 255, 255), (252, 250, 242), (248, 244, 228), (244, 246, 250), (250, 248, 250)])
    paper = [c - u(0, 8) for c in paper]
    fs = H * u(0.085, 0.14)  # rank font size
    style = {
        "W": W, "H": H, "family": fam, "serif": serif,
        "weight": _choice(rng, ["normal", "bold", "600"], [0.55, 0.35, 0.1]),
        "squeeze": u(0.72, 1.1), "letters": list(letters),
        "colours": {k: _hex(v) for k, v in colours.items()}, "paper": _hex(paper),
        "radius": W * u(0.02, 0.09),
        "frame": _choice(rng, ["none", "line", "double", "inset"], [0.45, 0.25, 0.15, 0.15]),
        "frame_colour": _hex(_choice(rng, [(0, 0, 0), (90, 90, 90), (160, 160, 160), red, (30, 50, 120)])),
        "fs": fs, "ten_squeeze": u(0.62, 1.0), "ten_spacing": u(-0.14, 0.02),
        "mx": W * u(0.025, 0.07), "my": H * u(0.02, 0.055),
        "layout": _choice(rng, ["below", "beside"], [0.8, 0.2]),
        "pip_ratio": u(0.5, 0.85), "pip_gap": u(0.05, 0.3),
        "four_corners": bool(rng.random() < 0.25),
        "pip_size": W * u(0.12, 0.19), "pip_area": (W * u(0.2, 0.3), H * u(0.1, 0.17)),
        "double_pips": bool(rng.random() < 0.85),  # lower pips rotated 180 degrees
        "ace_size": W * u(0.22, 0.5), "ace_ring": bool(rng.random() < 0.3),
        "suit_shape": {"heart": u(0.85, 1.15), "diamond": u(0.55, 0.8), "curve": u(0.0, 0.25),
                       "club": u(0.34, 0.44), "spade": u(0.85, 1.1)},
        "court": {
            "inset": (W * u(0.16, 0.26), H * u(0.1, 0.16)),
            "fill": _hex(_mix(paper, _choice(rng, [(240, 200, 80), (150, 180, 230), (230, 150, 150), paper]), u(0.2, 0.6))),
            "stroke": _hex(_choice(rng, [black, red, (30, 60, 150), (180, 140, 20)])),
            "double_ended": bool(rng.random() < 0.6),
            "letter_scale": u(0.22, 0.38),
            "family": fam if rng.random() < 0.6 else _choice(rng, FONT_FAMILIES)[0],
            "accent": [_hex(_choice(rng, [(200, 160, 30), (30, 60, 150), (180, 20, 20), (20, 20, 20), (40, 120, 60)]))
                       for _ in range(3)],
        },
        "back": {
            "colour": _hex(_choice(rng, [(170, 20, 30), (20, 50, 140), (20, 90, 50), (30, 30, 30), (90, 30, 110), (0, 110, 130)])),
            "light": _hex(_mix(paper, (255, 255, 255), 0.5)),
            "margin": W * u(0.0, 0.09) if rng.random() < 0.7 else 0.0,
            "pattern": _choice(rng, ["lines", "grid", "dots", "checker", "frames", "pips"]),
            "period": W * u(0.03, 0.09), "angle": u(0, 90),
        },
    }
    # keep the index inside the Stage B corner region (vision.geometry.CORNER_REGION, about
    # 0.34 W x 0.30 H) with room for a detector box a few % off
    # (everything scales with fs, so shrink fs until the index fits)
    cap = 0.72 * fs
    r = fs * style["pip_ratio"] / 2
    bottom = cap + (style["pip_gap"] * fs + 2 * r if style["layout"] == "below" else 0)
    right = _column_width(style, fs) + (0.12 * fs + 1.7 * r if style["layout"] == "beside" else 0)
    k = min(1.0, (0.25 * H - style["my"]) / bottom, (0.27 * W - style["mx"]) / right)
    style["fs"] = fs * k
    # Drawn last so every other draw, and so every deck without an ornate ace, is as before.
    ornate = _choice(rng, [[], ["D"], ["S"], ["H", "D", "C", "S"], [_choice(rng, list("HDCS"))]],
                     [1 - ORNATE_ACE_SHARE, ORNATE_ACE_SHARE * 0.3, ORNATE_ACE_SHARE * 0.3,
                      ORNATE_ACE_SHARE * 0.2, ORNATE_ACE_SHARE * 0.2])
    style["ace_ornate"] = {"suits": ornate, "seed": int(rng.integers(2**31)), "reach": u(0.75, 1.0),
                           "strokes": int(rng.integers(3, 8)), "width": u(1.2, 4.0),
                           "mirror_y": bool(rng.random() < 0.6), "banner": bool(rng.random() < 0.5),
                           "pip": u(0.08, 0.2)}
    return style


def _column_width(style: dict, fs: float) -> float:
    """Width of the index column: one letter, or the (squeezed) "10" if wider."""
    sq = style["squeeze"]
    return max(0.62 * fs * sq, 1.1 * fs * sq * style["ten_squeeze"] + style["ten_spacing"] * fs)


# ----------------------------------------------------------------------------- SVG


def _suit_paths(shape: dict) -> dict[str, str]:
    """SVG path data of the four suits in a [-1, 1] box (centre at 0, 0)."""
    hw = shape["heart"]
    heart = (f"M0,0.95 C{-0.45 * hw:.3f},0.55 {-1 * hw:.3f},0.2 {-1 * hw:.3f},-0.32 "
             f"C{-1 * hw:.3f},-0.75 {-0.65 * hw:.3f},-0.95 {-0.45 * hw:.3f},-0.95 "
             f"C{-0.2 * hw:.3f},-0.95 -0.05,-0.8 0,-0.58 C0.05,-0.8 {0.2 * hw:.3f},-0.95 {0.45 * hw:.3f},-0.95 "
             f"C{0.65 * hw:.3f},-0.95 {1 * hw:.3f},-0.75 {1 * hw:.3f},-0.32 C{1 * hw:.3f},0.2 {0.45 * hw:.3f},0.55 0,0.95 Z")
    dw, c = shape["diamond"], shape["curve"]
    diamond = (f"M0,-1 Q{dw * c:.3f},{-c:.3f} {dw:.3f},0 Q{dw * c:.3f},{c:.3f} 0,1 "
               f"Q{-dw * c:.3f},{c:.3f} {-dw:.3f},0 Q{-dw * c:.3f},{-c:.3f} 0,-1 Z")
    sw = shape["spade"]
    spade = (f"M0,-1 C{-0.45 * sw:.3f},-0.55 {-1 * sw:.3f},-0.2 {-1 * sw:.3f},0.25 "
             f"C{-1 * sw:.3f},0.6 {-0.7 * sw:.3f},0.72 {-0.45 * sw:.3f},0.72 C-0.25,0.72 -0.1,0.62 -0.05,0.48 "
             "C-0.06,0.7 -0.18,0.9 -0.38,1 L0.38,1 C0.18,0.9 0.06,0.7 0.05,0.48 "
             f"C0.1,0.62 0.25,0.72 {0.45 * sw:.3f},0.72 C{0.7 * sw:.3f},0.72 {1 * sw:.3f},0.6 {1 * sw:.3f},0.25 "
             f"C{1 * sw:.3f},-0.2 {0.45 * sw:.3f},-0.55 0,-1 Z")
    cr = shape["club"]

    def circle(x, y, r):
        return f"M{x - r:.3f},{y:.3f} a{r:.3f},{r:.3f} 0 1,0 {2 * r:.3f},0 a{r:.3f},{r:.3f} 0 1,0 {-2 * r:.3f},0 Z"

    club = (circle(0, -1 + cr, cr) + circle(-1 + cr, 0.15, cr) + circle(1 - cr, 0.15, cr) + circle(0, 0.05, 0.25)
            + "M-0.07,0.1 C-0.07,0.6 -0.18,0.9 -0.4,1 L0.4,1 C0.18,0.9 0.07,0.6 0.07,0.1 Z")
    return {"H": heart, "D": diamond, "S": spade, "C": club}


def _pip(suit: str, x: float, y: float, r: float, rot: float = 0.0) -> str:
    t = f"translate({x:.2f},{y:.2f}) scale({r:.3f})" + (f" rotate({rot:g})" if rot else "")
    return f'<use xlink:href="#suit{suit}" transform="{t}"/>'


def _text(s: str, x: float, y: float, size: float, fill: str, family: str, weight: str, sx: float = 1.0,
          spacing: float = 0.0, anchor: str = "middle", rot: float = 0.0) -> str:
    s = s.replace("&", "&amp;").replace("<", "&lt;")
    tr = f"translate({x:.2f},{y:.2f})" + (f" rotate({rot:g})" if rot else "") + (f" scale({sx:.3f},1)" if sx != 1 else "")
    ls = f' letter-spacing="{spacing:.2f}"' if spacing else ""
    return (f'<text x="0" y="0" transform="{tr}" font-family="{family}" font-size="{size:.2f}" '
            f'font-weight="{weight}" fill="{fill}" text-anchor="{anchor}"{ls}>{s}</text>')


def _family(style: dict, fam: str | None = None) -> str:
    fam = fam or style["family"]
    if fam in installed_families():
        return fam
    return "DejaVu Serif" if style["serif"] else "DejaVu Sans"


def _index_extent(style: dict) -> tuple[float, float]:
    """Right and bottom edge of the top-left index (rank and pip), as `_index` draws it."""
    fs = style["fs"]
    cap, r, col_w = 0.72 * fs, fs * style["pip_ratio"] / 2, _column_width(style, fs)
    if style["layout"] == "below":
        return style["mx"] + col_w, style["my"] + cap + style["pip_gap"] * fs + 2 * r
    return style["mx"] + col_w + 0.12 * fs + 1.7 * r, style["my"] + max(cap, cap / 2 + 0.85 * r)


def _index(style: dict, label: str, suit: str) -> tuple[str, float]:
    """SVG of the top-left index (rank + pip) and the x of its column centre."""
    fs, sq = style["fs"], style["squeeze"]
    colour = style["colours"][suit]
    fam = _family(style)
    mx, my = style["mx"], style["my"]
    cap = 0.72 * fs
    sx, spacing = sq, 0.0
    if label == "10":
        sx, spacing = sq * style["ten_squeeze"], style["ten_spacing"] * fs
    col_w = _column_width(style, fs)
    cx = mx + col_w / 2
    parts = [_text(label, cx, my + cap, fs, colour, fam, style["weight"], sx, spacing)]
    r = fs * style["pip_ratio"] / 2
    if style["layout"] == "below":
        parts.append(_pip(suit, cx, my + cap + style["pip_gap"] * fs + r, r))
    else:
        parts.append(_pip(suit, mx + col_w + 0.12 * fs + 0.85 * r, my + cap / 2, r * 0.85))
    return "".join(parts), cx


def _card_body(style: dict, inner: str, back: bool = False) -> str:
    W, H, rad = style["W"], style["H"], style["radius"]
    out = [f'<rect x="0" y="0" width="{W}" height="{H}" rx="{rad:.2f}" ry="{rad:.2f}" fill="{style["paper"]}"/>']
    if not back:
        f, fc = style["frame"], style["frame_colour"]
        if f == "line":
            out.append(f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="{rad:.2f}" fill="none" '
                       f'stroke="{fc}" stroke-width="2"/>')
        elif f == "double":
            out.append(f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="{rad:.2f}" fill="none" '
                       f'stroke="{fc}" stroke-width="2"/>')
            out.append(f'<rect x="6" y="6" width="{W - 12}" height="{H - 12}" rx="{max(rad - 4, 0):.2f}" '
                       f'fill="none" stroke="{fc}" stroke-width="1"/>')
        elif f == "inset":
            out.append(f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="{rad:.2f}" fill="none" '
                       f'stroke="#9a9a9a" stroke-width="1.2"/>')
    out.append(inner)
    return "".join(out)


def _face(style: dict, card: str) -> str:
    W, H = style["W"], style["H"]
    rank, suit = card[:-1], card[-1]
    colour = style["colours"][suit]
    label = {"A": style["letters"][0], "J": style["letters"][1], "Q": style["letters"][2],
             "K": style["letters"][3]}.get(rank, rank)
    idx, cx = _index(style, label, suit)
    parts = [idx, f'<g transform="rotate(180 {W / 2:.2f} {H / 2:.2f})">{idx}</g>']
    if style["four_corners"] and style["layout"] == "below":
        dx = W - 2 * cx
        parts.append(f'<g transform="translate({dx:.2f},0)">{idx}</g>')
        parts.append(f'<g transform="rotate(180 {W / 2:.2f} {H / 2:.2f}) translate({dx:.2f},0)">{idx}</g>')
    centre = []
    if rank == "A" and suit in style["ace_ornate"]["suits"]:
        centre.append(_ornament(style, suit))
    elif rank == "A":
        r = style["ace_size"] / 2
        centre.append(_pip(suit, W / 2, H / 2, r))
        if style["ace_ring"]:
            centre.append(f'<circle cx="{W / 2:.2f}" cy="{H / 2:.2f}" r="{r * 1.45:.2f}" fill="none" '
                          f'stroke="{colour}" stroke-width="2"/>')
    elif rank in ("J", "Q", "K"):
        centre.append(_court(style, rank, suit, label))
    else:
        ax, ay = style["pip_area"]
        r = style["pip_size"] / 2
        x0, x1, y0, y1 = ax + r, W - ax - r, ay + r, H - ay - r
        for col, row in PIP_LAYOUT[int(rank)]:
            x = W / 2 + col * (x1 - x0) / 2
            y = y0 + row * (y1 - y0)
            centre.append(_pip(suit, x, y, r, 180 if style["double_pips"] and row > 0.5 else 0))
    parts.append(f'<g fill="{colour}">{"".join(centre)}</g>')
    return _card_body(style, f'<g fill="{colour}">{"".join(parts)}</g>')


def _ornament(style: dict, suit: str) -> str:
    """A decorated ace's centre: mirrored random scrolls and leaves reaching towards the
    corners (never over the indices), a small pip and perhaps a banner of letters."""
    W, H = style["W"], style["H"]
    o = style["ace_ornate"]
    rng = np.random.default_rng([o["seed"], "HDCS".index(suit)])
    colour = style["colours"][suit]
    reach = o["reach"]
    half_h = H / 2 if o["mirror_y"] else H
    strokes = []
    for _ in range(o["strokes"]):
        # a scroll from near the centre line out towards the card's edge, curling at its end
        x0, y0 = W / 2 + rng.uniform(-0.05, 0.1) * W, rng.uniform(0.1, 0.9) * half_h
        x3 = W / 2 + rng.uniform(0.15, 0.45) * W * reach
        y3 = rng.uniform(0.02, 0.95) * half_h
        c1 = (x0 + rng.uniform(-0.2, 0.3) * W, y0 + rng.uniform(-0.3, 0.3) * half_h)
        c2 = (x3 + rng.uniform(-0.2, 0.2) * W, y3 + rng.uniform(-0.3, 0.3) * half_h)
        curl = rng.uniform(0.02, 0.06) * W
        strokes.append(f'<path d="M{x0:.1f},{y0:.1f} C{c1[0]:.1f},{c1[1]:.1f} {c2[0]:.1f},{c2[1]:.1f} '
                       f'{x3:.1f},{y3:.1f} a{curl:.1f},{curl:.1f} 0 1,1 {-curl:.1f},{curl:.1f}" fill="none" '
                       f'stroke="{colour}" stroke-width="{o["width"] * rng.uniform(0.6, 1.4):.2f}"/>')
        for _ in range(int(rng.integers(0, 3))):  # leaves along the scroll
            t = rng.uniform(0.2, 0.9)
            lx, ly = x0 + (x3 - x0) * t, y0 + (y3 - y0) * t
            rx, ry = rng.uniform(0.015, 0.05) * W, rng.uniform(0.005, 0.02) * H
            strokes.append(f'<ellipse cx="{lx:.1f}" cy="{ly:.1f}" rx="{rx:.1f}" ry="{ry:.1f}" '
                           f'transform="rotate({rng.uniform(0, 180):.0f} {lx:.1f} {ly:.1f})"/>')
    side = "".join(strokes)
    half = f'{side}<g transform="translate({W:.2f},0) scale(-1,1)">{side}</g>'
    art = half + (f'<g transform="rotate(180 {W / 2:.2f} {H / 2:.2f})">{half}</g>' if o["mirror_y"] else "")
    # keep the indices clear: clip to the card minus each index's box (even-odd)
    ix1, iy1 = _index_extent(style)
    ix1, iy1 = ix1 + 0.03 * W, iy1 + 0.02 * H
    holes = [(0, 0, ix1, iy1), (W - ix1, H - iy1, W, H)]
    if style["four_corners"]:
        holes += [(W - ix1, 0, W, iy1), (0, H - iy1, ix1, H)]
    clip = f"M0,0 H{W} V{H} H0 Z" + "".join(f"M{a:.1f},{b:.1f} H{c:.1f} V{d:.1f} H{a:.1f} Z" for a, b, c, d in holes)
    out = [f'<clipPath id="orn{suit}"><path d="{clip}" clip-rule="evenodd"/></clipPath>',
           f'<g clip-path="url(#orn{suit})" fill="{colour}">{art}</g>',
           _pip(suit, W / 2, H / 2, W * o["pip"])]
    if o["banner"]:
        word = "".join(_choice(rng, list("ABCDEFGHKLMNOPRSTUVАБВГДЕЖЗИКЛМНОПРСТУ")) for _ in range(int(rng.integers(4, 9))))
        out.append(_text(word, W / 2, H * 0.33, H * 0.05, colour, _family(style), "normal", 0.9))
    return "".join(out)


def _court(style: dict, rank: str, suit: str, label: str) -> str:
    W, H = style["W"], style["H"]
    c = style["court"]
    ix, iy = c["inset"]
    x0, y0, w, h = ix, iy, W - 2 * ix, H - 2 * iy
    colour = style["colours"][suit]
    acc = c["accent"]
    out = [f'<rect x="{x0:.2f}" y="{y0:.2f}" width="{w:.2f}" height="{h:.2f}" fill="{c["fill"]}" '
           f'stroke="{c["stroke"]}" stroke-width="2"/>']
    fam = _family(style, c["family"])
    k = c["letter_scale"]  # 0.22-0.38 -> 0.7-1.0 of the largest letter that fits

    def half(rot: float) -> str:
        # one end of the court: a simple emblem, the big letter below it, a pip in the corner
        cxh = W / 2
        cap = h * 0.27 * (0.7 + (k - 0.22) / 0.16 * 0.3)
        base = y0 + h * 0.43
        s = []
        if rank == "K":  # crown
            bw, bh = w * 0.42, h * 0.08
            bx, by = cxh - bw / 2, y0 + h * 0.08
            pts = [(bx, by + bh), (bx, by), (bx + bw * 0.25, by + bh * 0.55), (bx + bw * 0.5, by - bh * 0.3),
                   (bx + bw * 0.75, by + bh * 0.55), (bx + bw, by), (bx + bw, by + bh)]
            s.append('<polygon points="%s" fill="%s"/>' % (" ".join(f"{px:.1f},{py:.1f}" for px, py in pts), acc[0]))
        elif rank == "Q":
            s.append(f'<circle cx="{cxh:.2f}" cy="{y0 + h * 0.1:.2f}" r="{h * 0.045:.2f}" fill="none" '
                     f'stroke="{acc[1]}" stroke-width="3"/>')
        else:
            s.append(f'<rect x="{cxh - w * 0.2:.2f}" y="{y0 + h * 0.08:.2f}" width="{w * 0.4:.2f}" '
                     f'height="{h * 0.05:.2f}" fill="{acc[2]}"/>')
        s.append(_text(label, cxh, base, cap / 0.72, colour, fam, style["weight"]))
        s.append(_pip(suit, x0 + w * 0.14, y0 + h * 0.07, min(w, h) * 0.06))
        g = "".join(s)
        return f'<g transform="rotate({rot:g} {W / 2:.2f} {H / 2:.2f})">{g}</g>' if rot else g

    if c["double_ended"]:
        out.append(half(0))
        out.append(half(180))
        out.append(f'<line x1="{x0:.2f}" y1="{y0 + h:.2f}" x2="{x0 + w:.2f}" y2="{y0:.2f}" '
                   f'stroke="{c["stroke"]}" stroke-width="1.2"/>')
    else:
        cap = h * 0.4 * (0.7 + (k - 0.22) / 0.16 * 0.3)
        out.append(_text(label, W / 2, H / 2 + cap / 2, cap / 0.72, colour, fam, style["weight"]))
        out.append(_pip(suit, W / 2, y0 + h * 0.15, w * 0.1))
        out.append(_pip(suit, W / 2, y0 + h * 0.85, w * 0.1, 180))
    return "".join(out)


def _back(style: dict) -> str:
    W, H = style["W"], style["H"]
    b = style["back"]
    m, p, col, light = b["margin"], b["period"], b["colour"], b["light"]
    pat = b["pattern"]
    tile = {
        "lines": f'<line x1="0" y1="0" x2="0" y2="{p:.2f}" stroke="{light}" stroke-width="{p * 0.3:.2f}"/>',
        "grid": f'<path d="M0,0 H{p:.2f} M0,0 V{p:.2f}" stroke="{light}" stroke-width="{p * 0.18:.2f}"/>',
        "dots": f'<circle cx="{p / 2:.2f}" cy="{p / 2:.2f}" r="{p * 0.22:.2f}" fill="{light}"/>',
        "checker": f'<rect width="{p / 2:.2f}" height="{p / 2:.2f}" fill="{light}" opacity="0.6"/>'
                   f'<rect x="{p / 2:.2f}" y="{p / 2:.2f}" width="{p / 2:.2f}" height="{p / 2:.2f}" fill="{light}" opacity="0.6"/>',
        "pips": _pip("S", p / 2, p / 2, p * 0.3).replace("<use", f'<use fill="{light}"'),
        "frames": "",
    }[pat]
    inner = [f'<rect x="{m:.2f}" y="{m:.2f}" width="{W - 2 * m:.2f}" height="{H - 2 * m:.2f}" '
             f'rx="{max(style["radius"] - m, 0):.2f}" fill="{col}"/>']
    if pat == "frames":
        k = m + p
        while k < min(W, H) / 2 - p:
            inner.append(f'<rect x="{k:.2f}" y="{k:.2f}" width="{W - 2 * k:.2f}" height="{H - 2 * k:.2f}" '
                         f'fill="none" stroke="{light}" stroke-width="{p * 0.25:.2f}"/>')
            k += p
    else:
        inner.append(f'<defs><pattern id="bp" patternUnits="userSpaceOnUse" width="{p:.2f}" height="{p:.2f}" '
                     f'patternTransform="rotate({b["angle"]:.1f})">{tile}</pattern></defs>'
                     f'<rect x="{m + p * 0.3:.2f}" y="{m + p * 0.3:.2f}" width="{W - 2 * m - p * 0.6:.2f}" '
                     f'height="{H - 2 * m - p * 0.6:.2f}" fill="url(#bp)"/>')
    return _card_body(style, "".join(inner), back=True)


def deck_svg(style: dict) -> tuple[str, list[tuple[str, int, int]]]:
    """One SVG sprite sheet with all 52 faces and the back; also each card's cell origin."""
    W, H = style["W"], style["H"]
    cards = list(CARD_NAMES) + ["back"]
    rows = (len(cards) + _SHEET_COLS - 1) // _SHEET_COLS
    sw, sh = _SHEET_COLS * (W + _GAP) + _GAP, rows * (H + _GAP) + _GAP
    rad = style["radius"]
    defs = [f'<path id="suit{s}" d="{d}"/>' for s, d in _suit_paths(style["suit_shape"]).items()]
    defs.append(f'<clipPath id="cardclip" clipPathUnits="userSpaceOnUse"><rect x="0" y="0" width="{W}" '
                f'height="{H}" rx="{rad:.2f}" ry="{rad:.2f}"/></clipPath>')
    body, cells = [], []
    for k, card in enumerate(cards):
        x, y = _GAP + (k % _SHEET_COLS) * (W + _GAP), _GAP + (k // _SHEET_COLS) * (H + _GAP)
        cells.append((card, x, y))
        art = _back(style).replace('id="bp"', f'id="bp{k}"').replace("url(#bp)", f"url(#bp{k})") \
            if card == "back" else _face(style, card)
        body.append(f'<g transform="translate({x},{y})"><g clip-path="url(#cardclip)">{art}</g></g>')
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           f'width="{sw}" height="{sh}" viewBox="0 0 {sw} {sh}"><defs>{"".join(defs)}</defs>'
           f'{"".join(body)}</svg>\n')
    return svg, cells


def render_font_deck(deck, cache: Path, height: int = RENDER_HEIGHT) -> Path:
    """Render font deck `deck` into `cache` like `datasets.decks.render_deck` (one PNG per
    card, RGBA, `height` tall). Re-renders when the style or the installed fonts change."""
    import cv2

    from datasets.decks import _cache_dir, write_png

    style = make_style(deck.name)
    svg, cells = deck_svg(style)
    key = hashlib.sha256((svg + "\n" + ",".join(sorted(installed_families()))).encode()).hexdigest()[:16]
    out = _cache_dir(Path(cache), deck)
    done = out / ".done"
    if done.exists() and done.read_text().strip() == key:
        return out
    if shutil.which("rsvg-convert") is None:
        raise RuntimeError("rsvg-convert not found: install librsvg2-bin (scripts/setup.sh does)")
    out.mkdir(parents=True, exist_ok=True)
    mine = out / f"deck.{os.getpid()}.svg"  # parallel bench workers render the same deck at once
    mine.write_text(svg, encoding="utf-8")
    proc = subprocess.run(["rsvg-convert", "-f", "png", str(mine)], capture_output=True)
    os.replace(mine, out / "deck.svg")
    if proc.returncode != 0:
        raise RuntimeError(f"rsvg-convert failed on {deck.name}: {proc.stderr.decode()[:200]}")
    sheet = cv2.imdecode(np.frombuffer(proc.stdout, np.uint8), cv2.IMREAD_UNCHANGED)
    if sheet is None or sheet.ndim != 3 or sheet.shape[2] != 4:
        raise RuntimeError(f"unexpected render for {deck.name}")
    W, H = style["W"], style["H"]
    for card, x, y in cells:
        img = sheet[y : y + H, x : x + W]
        if height != H:
            img = cv2.resize(img, (int(round(height * W / H)), height), interpolation=cv2.INTER_AREA)
        write_png(out / f"{card}.png", img)
    done.write_text(key + "\n")
    return out
