"""Card art: the SVG decks Debian ships, rendered once per deck to a PNG cache.

Two packages provide decks as SVG sprite sheets:
- gnome-cards-data: /usr/share/aisleriot/cards/*.svgz, element ids `club_1`, `heart_queen`, `back`;
- kdegames-card-data-kf5: /usr/share/carddecks/svg-*/*.svgz, element ids `1_club`, `jack_club`, `back`.

`rsvg-convert -i ID` renders one element on the page's canvas (with stray invisible
elements around it), so each render is cropped to its opaque pixels.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from vision.cards import CARD_NAMES

GNOME_DIR = Path("/usr/share/aisleriot/cards")
KDE_DIR = Path("/usr/share/carddecks")
#: Decks whose suits are not French (Swiss/German/Italian-suited): not our 52 classes.
SKIPPED_DECKS = frozenset({"gnome/swiss-xvii", "gnome/tarocco", "kde/xskat-german"})
#: Decks never used for training; their scenes measure unseen-deck accuracy.
HELDOUT_DECKS = ("gnome/bellot", "gnome/tango", "gnome/Атласные", "kde/penguins", "kde/oxygen-white", "kde/future")
#: Rendered card height in pixels (the scene generator scales down from this).
RENDER_HEIGHT = 400
#: Rendered cards must have a plausible portrait aspect (width / height).
ASPECT_RANGE = (0.55, 0.80)

_SUIT_WORDS = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
_RANK_WORDS = {"A": "1", "J": "jack", "Q": "queen", "K": "king"}


@dataclass(frozen=True)
class Deck:
    name: str  # "gnome/anglo", "kde/standard"
    path: Path
    style: str  # "gnome" or "kde"

    def element_id(self, card: str) -> str:
        """The SVG element id of a card ("10H") or of the back ("back")."""
        if card == "back":
            return "back"
        rank, suit = card[:-1], card[-1]
        r, s = _RANK_WORDS.get(rank, rank), _SUIT_WORDS[suit]
        return f"{s}_{r}" if self.style == "gnome" else f"{r}_{s}"


def find_decks(include_skipped: bool = False) -> list[Deck]:
    """All installed French-suited decks, sorted by name (stable across machines)."""
    decks = []
    for path in sorted(GNOME_DIR.glob("*.svgz")):
        decks.append(Deck(f"gnome/{path.stem}", path, "gnome"))
    for folder in sorted(KDE_DIR.glob("svg-*")):
        files = sorted(folder.glob("*.svgz"))
        if files:
            decks.append(Deck(f"kde/{folder.name[4:]}", files[0], "kde"))
    if not include_skipped:
        decks = [d for d in decks if d.name not in SKIPPED_DECKS]
    return sorted(decks, key=lambda d: d.name)


def split_decks(decks: list[Deck]) -> tuple[list[Deck], list[Deck]]:
    """(training decks, held-out decks)."""
    held = set(HELDOUT_DECKS)
    return [d for d in decks if d.name not in held], [d for d in decks if d.name in held]


def _cache_dir(cache: Path, deck: Deck) -> Path:
    return cache / deck.name.replace("/", "__")


def render_deck(deck: Deck, cache: Path, height: int = RENDER_HEIGHT) -> Path:
    """Render the 52 faces and the back of a deck to `cache` (skips work already done)."""
    import cv2
    import numpy as np

    out = _cache_dir(cache, deck)
    done = out / ".done"
    if done.exists():
        return out
    if shutil.which("rsvg-convert") is None:
        raise RuntimeError("rsvg-convert not found: install librsvg2-bin (scripts/setup.sh does)")
    out.mkdir(parents=True, exist_ok=True)
    # Render at a generous zoom and resize after cropping: the page size varies per deck.
    for card in CARD_NAMES + ("back",):
        target = out / f"{card}.png"
        tmp = out / f"{card}.raw.png"
        proc = subprocess.run(
            ["rsvg-convert", "-i", deck.element_id(card), "-z", "2", str(deck.path), "-o", str(tmp)],
            capture_output=True,
        )
        if proc.returncode != 0:
            raise RuntimeError(f"rsvg-convert failed on {deck.name} {card}: {proc.stderr.decode()[:200]}")
        img = cv2.imread(str(tmp), cv2.IMREAD_UNCHANGED)
        tmp.unlink()
        if img is None or img.ndim != 3 or img.shape[2] != 4:
            raise RuntimeError(f"unexpected render for {deck.name} {card}")
        ys, xs = np.nonzero(img[:, :, 3] > 32)
        img = img[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
        h, w = img.shape[:2]
        if w > h:  # a few decks draw landscape backs
            img = cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE)
            h, w = w, h
        width = int(round(height * w / h))
        img = cv2.resize(img, (width, height), interpolation=cv2.INTER_AREA)
        cv2.imwrite(str(target), img)
    done.write_text("ok\n")
    return out


class CardArt:
    """Loads a rendered deck's RGBA images (lazily, cached in memory)."""

    def __init__(self, cache: Path, decks: list[Deck]):
        self.cache = Path(cache)
        self.decks = decks
        self._images: dict[tuple[str, str], object] = {}

    def image(self, deck: Deck, card: str):
        """RGBA uint8 image of `card` ("10H" or "back") from `deck`, portrait, RENDER_HEIGHT tall."""
        import cv2

        key = (deck.name, card)
        img = self._images.get(key)
        if img is None:
            img = cv2.imread(str(_cache_dir(self.cache, deck) / f"{card}.png"), cv2.IMREAD_UNCHANGED)
            if img is None:
                raise FileNotFoundError(f"card art missing for {deck.name} {card}: run render_deck first")
            self._images[key] = img
        return img
