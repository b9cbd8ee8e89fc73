"""Latency of detect + read on a 1280x720 frame with 12 cards (the issue's target: <= 60 ms
on 2 cores). Builds the frame from a rendered deck, so it needs the card decks installed.

    python benchmarks/vision_latency.py [--models models] [--baseline OTHER_MODELS] [--threads 2] [--runs 30]

With --baseline, both model folders run interleaved on the same frame in the same run and the
ratio of their times is reported (absolute times on a shared 2-core machine swing 1.5x
between runs; the ratio does not).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def twelve_card_frame(cache: Path, deck_name: str = "kde/standard"):
    import cv2
    import numpy as np

    from datasets.decks import CardArt, find_decks, render_deck

    deck = next(d for d in find_decks() if d.name == deck_name)
    render_deck(deck, cache)
    art = CardArt(cache, [deck])
    rng = np.random.default_rng(0)
    frame = np.full((720, 1280, 3), (40, 110, 30), np.uint8)
    frame = np.clip(frame + rng.normal(0, 6, frame.shape), 0, 255).astype(np.uint8)
    for i, card in enumerate(["AS", "10H", "QD", "7C", "9S", "JH", "KC", "2D", "5S", "8H", "3C", "6D"]):
        rgba = art.image(deck, card)
        h, w = rgba.shape[:2]
        s = 150 / h
        m = cv2.getRotationMatrix2D((w / 2, h / 2), float(rng.uniform(-30, 30)), s)
        m[:, 2] += (160 + (i % 6) * 190 - w / 2, 180 + (i // 6) * 330 - h / 2)
        warped = cv2.warpAffine(rgba, m, (1280, 720))
        a = warped[:, :, 3:4] / 255.0
        frame = (warped[:, :, :3] * a + frame * (1 - a)).astype(np.uint8)
    return frame


def _measure(rec, frame) -> tuple[float, float, dict]:
    t0 = time.perf_counter()
    rec.detector(frame)
    det = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    result = rec(frame)
    return (time.perf_counter() - t0) * 1000, det, result


def _summary(times: list[float], det_times: list[float], result: dict) -> dict:
    times, det_times = sorted(times), sorted(det_times)
    return {"detect_read_ms_p50": round(times[len(times) // 2], 1),
            "detect_read_ms_p90": round(times[int(len(times) * 0.9)], 1),
            "detect_only_ms_p50": round(det_times[len(det_times) // 2], 1),
            "cards_found": sorted(c["card"] for c in result["cards"])}


def main() -> int:
    from vision.runtime import CardRecognizer
    from vision.runtime_paths import DEFAULT_MODELS

    ap = argparse.ArgumentParser(description="Detect + read latency on a 12-card 1280x720 frame.")
    ap.add_argument("--models", type=Path, default=DEFAULT_MODELS)
    ap.add_argument("--baseline", type=Path, default=None,
                    help="another models folder, run interleaved with --models; reports the ratio")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--cache", type=Path, default=Path("runs/cache/cards"))
    args = ap.parse_args()
    frame = twelve_card_frame(args.cache)
    folders = {"models": args.models} | ({"baseline": args.baseline} if args.baseline else {})
    recs = {k: CardRecognizer(v, threads=args.threads) for k, v in folders.items()}
    times = {k: [] for k in recs}
    det_times = {k: [] for k in recs}
    results = {}
    for rec in recs.values():
        rec(frame)  # warm-up
    for _ in range(args.runs):
        for k, rec in recs.items():
            t, d, results[k] = _measure(rec, frame)
            times[k].append(t)
            det_times[k].append(d)
    out = {"frame": "1280x720, 12 cards", "threads": args.threads, "runs": args.runs}
    for k in recs:
        out[k] = {"folder": str(folders[k]), **_summary(times[k], det_times[k], results[k])}
    if args.baseline:
        out["ratio_p50"] = round(out["models"]["detect_read_ms_p50"] / out["baseline"]["detect_read_ms_p50"], 3)
        out["ratio_p90"] = round(out["models"]["detect_read_ms_p90"] / out["baseline"]["detect_read_ms_p90"], 3)
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
