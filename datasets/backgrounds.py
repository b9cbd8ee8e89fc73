"""Table surfaces: textures from Debian packages plus procedural wood, felt, cloth, tiles
and plain light tables (light tables break classical card detectors, so they are common)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

#: Where Debian's mate-backgrounds puts its pictures (Wood.jpg, fabrics, abstract art).
TEXTURE_DIRS = (Path("/usr/share/backgrounds/mate"),)
#: GIMP's tileable patterns (gimp-data, gimp-data-extras): stone, marble, leather, burlap,
#: paper, cork, parquet... Real photos put cards on such surfaces, not only on felt.
PATTERN_DIRS = (Path("/usr/share/gimp/2.0/patterns"),)
#: Patterns smaller than this on their short side are mostly UI stripes, not surfaces.
PATTERN_MIN_SIDE = 40
#: Textures are kept in memory at this long side; a scene crops and scales a piece.
TEXTURE_SIDE = 1024
#: Procedural surfaces generated per bank (each deterministic from the bank's seed).
PROCEDURAL_COUNT = 50
#: How often a scene's table comes from each kind of surface (kinds missing on a machine are skipped).
SURFACE_MIX = {"photo": 0.2, "pattern": 0.35, "procedural": 0.45}


def _smooth_noise(rng: np.random.Generator, h: int, w: int, scale: float) -> np.ndarray:
    """Value noise in [0, 1]: random grid upsampled with bicubic interpolation."""
    gh, gw = max(2, int(h / scale)), max(2, int(w / scale))
    grid = rng.random((gh, gw)).astype(np.float32)
    out = cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(out, 0, 1)


def _colour(rng: np.random.Generator, base: tuple[int, int, int], spread: int) -> np.ndarray:
    return np.clip(np.array(base, np.float32) + rng.integers(-spread, spread + 1, 3), 0, 255)


def wood(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    light = _colour(rng, ((140, 180, 215), (60, 100, 150), (200, 215, 230), (40, 60, 90))[rng.integers(4)], 25)
    dark = light * rng.uniform(0.45, 0.8)
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    warp = _smooth_noise(rng, h, w, rng.uniform(60, 200)) * rng.uniform(10, 40)
    freq = rng.uniform(0.04, 0.15)
    grain = 0.5 + 0.5 * np.sin((y + warp) * freq + 3 * _smooth_noise(rng, h, w, 400))
    grain = grain ** rng.uniform(0.5, 3)
    fine = _smooth_noise(rng, h, w, 3) * 0.15
    t = np.clip(grain * 0.85 + fine, 0, 1)[..., None]
    img = dark * (1 - t) + light * t
    if rng.random() < 0.5:  # planks
        plank = int(rng.uniform(80, 260))
        img[(y.astype(int) % plank) < 2] *= 0.6
    out = img if rng.random() < 0.5 else np.transpose(img, (1, 0, 2))
    return cv2.resize(np.ascontiguousarray(out), (w, h)) if out.shape[:2] != (h, w) else out


def felt(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    bases = ((40, 110, 30), (120, 60, 20), (30, 30, 140), (60, 60, 60), (20, 20, 20), (150, 150, 150), (90, 140, 160))
    base = _colour(rng, bases[rng.integers(len(bases))], 25)
    n = (rng.random((h, w)).astype(np.float32) - 0.5) * rng.uniform(10, 40)
    n = cv2.GaussianBlur(n, (0, 0), 0.8)
    big = (_smooth_noise(rng, h, w, 150) - 0.5) * 30
    return base + (n + big)[..., None]


def cloth(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    c1 = rng.integers(0, 256, 3).astype(np.float32)
    c2 = rng.integers(0, 256, 3).astype(np.float32)
    y, x = np.mgrid[0:h, 0:w]
    period = int(rng.uniform(8, 80))
    kind = rng.integers(3)
    if kind == 0:
        m = ((x // period + y // period) % 2).astype(np.float32)
    elif kind == 1:
        m = ((x // period) % 2).astype(np.float32)
    else:
        m = (((x + y) // period) % 2).astype(np.float32)
    m = cv2.GaussianBlur(m, (0, 0), 1.0)[..., None]
    img = c1 * m + c2 * (1 - m)
    weave = ((x % 3 == 0) | (y % 3 == 0)).astype(np.float32)[..., None] * rng.uniform(0, 20)
    return img - weave


def light_table(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """White / light-grey / beige tables and paper: low contrast against card faces."""
    base = _colour(rng, ((235, 235, 235), (215, 225, 230), (200, 200, 200), (225, 235, 245))[rng.integers(4)], 15)
    grad = np.linspace(rng.uniform(-25, 0), rng.uniform(0, 25), w, dtype=np.float32)[None, :, None]
    n = (_smooth_noise(rng, h, w, rng.uniform(2, 50)) - 0.5)[..., None] * rng.uniform(4, 20)
    return base + grad + n


def carpet(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """Loop/shag carpet: dense, high-contrast pile a few pixels across with soft shading.
    Such surfaces look like patterned card backs to a detector that never saw them."""
    base = _colour(rng, ((170, 185, 200), (120, 140, 150), (90, 90, 90), (60, 80, 120), (150, 160, 170),
                         (40, 50, 70), (190, 200, 205))[rng.integers(7)], 30)
    pile = rng.uniform(1.5, 4.0)
    fine = _smooth_noise(rng, h, w, pile) - _smooth_noise(rng, h, w, pile * 3)
    loops = np.abs(fine) ** rng.uniform(0.5, 1.2)
    loops = loops / (loops.max() + 1e-6)
    shade = 0.75 + 0.5 * _smooth_noise(rng, h, w, rng.uniform(40, 200))
    t = (1 - rng.uniform(0.3, 0.7) * loops) * shade
    return base * t[..., None]


def granite(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """Speckled stone / terrazzo / laminate countertops: multi-scale flecks on a light or dark base."""
    base = _colour(rng, ((200, 200, 200), (60, 60, 60), (150, 170, 190), (110, 110, 120))[rng.integers(4)], 30)
    img = np.repeat(base[None, None], h, 0).repeat(w, 1).astype(np.float32)
    for scale in (1.0, 2.5, 6.0):
        n = _smooth_noise(rng, h, w, scale)
        fleck = (n > rng.uniform(0.75, 0.9)).astype(np.float32)[..., None]
        colour = rng.integers(0, 256, 3).astype(np.float32) if rng.random() < 0.3 else base * rng.uniform(0.2, 1.6)
        img = img * (1 - fleck) + colour * fleck
    return img + (_smooth_noise(rng, h, w, 120) - 0.5)[..., None] * 30


def tiles(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    img = felt(rng, h, w)
    step = int(rng.uniform(60, 220))
    grout = _colour(rng, (180, 180, 180), 60)
    img[:: step] = grout
    img[:, :: step] = grout
    return cv2.GaussianBlur(img, (0, 0), 0.7)


PROCEDURAL = (wood, wood, felt, light_table, light_table, cloth, tiles, carpet, carpet, granite)


def read_gimp_pattern(path: Path) -> np.ndarray | None:
    """A GIMP .pat file as a BGR image (format: big-endian header size, version, width,
    height, bytes per pixel, "GPAT", name; then raw pixels). None if it is not one."""
    data = path.read_bytes()
    if len(data) < 24 or data[20:24] != b"GPAT":
        return None
    header, _version, w, h, bpp = np.frombuffer(data[:20], ">u4").tolist()
    pixels = np.frombuffer(data, np.uint8, count=w * h * bpp, offset=header) if len(data) >= header + w * h * bpp else None
    if pixels is None or bpp not in (1, 2, 3, 4):
        return None
    img = pixels.reshape(h, w, bpp)
    if bpp <= 2:
        return cv2.cvtColor(img[..., 0], cv2.COLOR_GRAY2BGR)
    return cv2.cvtColor(img[..., :3], cv2.COLOR_RGB2BGR)


def tile_to(img: np.ndarray, h: int, w: int) -> np.ndarray:
    """Repeat a tileable pattern to fill (h, w)."""
    reps = (-(-h // img.shape[0]), -(-w // img.shape[1]), 1)
    return np.tile(img, reps)[:h, :w]


class BackgroundBank:
    """A fixed set of surfaces built from a seed; scenes draw random crops of them."""

    def __init__(self, seed: int, use_textures: bool = True):
        rng = np.random.default_rng([seed, 991])
        self.kinds: dict[str, list[np.ndarray]] = {kind: [] for kind in SURFACE_MIX}
        if use_textures:
            for folder in TEXTURE_DIRS:
                for path in sorted(folder.rglob("*")):
                    if path.suffix.lower() not in (".jpg", ".png") or "3840" in path.name or "5640" in path.name:
                        continue
                    img = cv2.imread(str(path), cv2.IMREAD_COLOR)
                    if img is None:
                        continue
                    s = TEXTURE_SIDE / max(img.shape[:2])
                    self.kinds["photo"].append(cv2.resize(img, None, fx=s, fy=s, interpolation=cv2.INTER_AREA))
            for folder in PATTERN_DIRS:
                for path in sorted(folder.rglob("*.pat")):
                    img = read_gimp_pattern(path)
                    if img is None or min(img.shape[:2]) < PATTERN_MIN_SIDE:
                        continue
                    # a pattern's texel size on the table varies: scale the tile 1-3x before tiling
                    k = rng.uniform(1.0, 3.0)
                    img = cv2.resize(img, None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC)
                    self.kinds["pattern"].append(tile_to(img, TEXTURE_SIDE * 3 // 4, TEXTURE_SIDE))
        for i in range(PROCEDURAL_COUNT):
            make = PROCEDURAL[i % len(PROCEDURAL)]
            img = make(rng, TEXTURE_SIDE * 3 // 4, TEXTURE_SIDE)
            self.kinds["procedural"].append(np.clip(img, 0, 255).astype(np.uint8))
        self.surfaces = [img for kind in SURFACE_MIX for img in self.kinds[kind]]
        present = [kind for kind in SURFACE_MIX if self.kinds[kind]]
        weights = np.array([SURFACE_MIX[kind] for kind in present])
        self._kind_names, self._kind_weights = present, weights / weights.sum()

    def sample(self, rng: np.random.Generator, h: int, w: int) -> np.ndarray:
        """A (h, w, 3) uint8 surface: random texture, crop, flip, scale and tint."""
        kind = self.kinds[self._kind_names[rng.choice(len(self._kind_names), p=self._kind_weights)]]
        src = kind[rng.integers(len(kind))]
        sh, sw = src.shape[:2]
        zoom = rng.uniform(0.5, 1.0)
        ch, cw = max(16, int(sh * zoom)), max(16, int(sw * zoom))
        y0, x0 = rng.integers(0, sh - ch + 1), rng.integers(0, sw - cw + 1)
        crop = src[y0 : y0 + ch, x0 : x0 + cw]
        if rng.random() < 0.5:
            crop = crop[:, ::-1]
        if rng.random() < 0.5:
            crop = crop[::-1]
        out = cv2.resize(np.ascontiguousarray(crop), (w, h), interpolation=cv2.INTER_LINEAR).astype(np.float32)
        out = out * rng.uniform(0.8, 1.2, 3) + rng.uniform(-20, 20)
        return np.clip(out, 0, 255).astype(np.uint8)
