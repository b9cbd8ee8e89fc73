"""The whole-game bench sets, recorded once per machine and replayed after every change.

    python benchmarks/live_sets.py --record [--sets tango41,bellot1]   # record the missing ones (10-20 min a set)
    python benchmarks/live_sets.py [--sets ...] [--json after.json]     # replay: nobody answering / a person answering
    python benchmarks/live_sets.py --compare before.json after.json     # per game, what changed

Each set is three full Skitgubbe games on one held-out deck (`live_bench.py --games 3 --deck
DECK --seed SEED --detector model --reuse`), recorded into `runs/live_full_NAME`. A replay
reads the recorded model detections, so a pipeline change is measured on exactly the same
reads in about a minute a set. Recordings may differ between machines (OpenCV and
onnxruntime arithmetic; session 31 saw them differ, session 33's matched session 31's game by
game), and a game that loses step does so on one decision: compare before and after on one
machine's recordings. `runs/` is not in git.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: name -> (deck, seed). The first six were tuned on in earlier sessions; the later ones were
#: recorded fresh and looked at less (see vision/live/README.md for each set's history).
SETS = {
    "tango41": ("gnome/tango", 41),
    "bellot1": ("gnome/bellot", 1),
    "tango31": ("gnome/tango", 31),
    "tango21": ("gnome/tango", 21),
    "penguins5": ("kde/penguins", 5),
    "atlas61": ("gnome/Атласные", 61),
    "penguins81": ("kde/penguins", 81),
    "bellot51": ("gnome/bellot", 51),
    "atlas71": ("gnome/Атласные", 71),
    "bellot91": ("gnome/bellot", 91),  # recorded fresh in session 33 after its changes, scored untuned
    "penguins101": ("kde/penguins", 101),  # recorded fresh in session 34 before any change, scored untuned
    "atlas101": ("gnome/Атласные", 101),  # session 34, after items 1-5, untuned (penguins101's games, another deck)
    "tango111": ("gnome/tango", 111),  # recorded fresh in session 35 before any change, scored untuned
    "penguins121": ("kde/penguins", 121),  # recorded fresh in session 36 before any change, scored untuned
    "bellot131": ("gnome/bellot", 131),  # session 36, recorded fresh with penguins121, scored untuned
    "atlas141": ("gnome/Атласные", 141),  # recorded fresh in session 37 before any change, scored untuned
    "tango161": ("gnome/tango", 161),  # recorded fresh at the end of session 37, after its changes, scored untuned
    "penguins171": ("kde/penguins", 171),  # recorded fresh in session 38 before any change, scored untuned
    "bellot181": ("gnome/bellot", 181),  # recorded fresh in session 39 before any change, scored untuned
    "tango191": ("gnome/tango", 191),  # recorded fresh in session 39 after its changes, scored untuned
    "atlas201": ("gnome/Атласные", 201),  # recorded fresh in session 40 after its first changes, scored untuned
    "penguins211": ("kde/penguins", 211),  # recorded fresh at the end of session 40, after its changes, scored untuned
    "bellot221": ("gnome/bellot", 221),  # recorded fresh in session 41 after its first changes, scored untuned
    "tango231": ("gnome/tango", 231),  # recorded fresh at the end of session 41, after its changes, scored untuned
    "atlas241": ("gnome/Атласные", 241),  # recorded fresh at the start of session 42 before any change, scored untuned
}
GAMES = 3


def folder(name: str) -> Path:
    return ROOT / "runs" / f"live_full_{name}"


def is_recorded(name: str) -> bool:
    """Whether the set's last game has its model detections in runs/."""
    return (folder(name) / f"{GAMES - 1:04d}.model-detections.json.gz").exists()


def is_current(name: str, key: str | None = None) -> bool:
    """Whether the set's recorded detections were made by the shipped models and detector code
    (`key`, default `live_bench.detector_key` of them: it hashes every model file, so callers
    checking many sets pass it); a stale set would be recorded again by a replay (slow)."""
    from live_bench import detector_key, stale_recordings

    return is_recorded(name) and not stale_recordings(folder(name), key or detector_key(None), GAMES)


def bench(name: str, answer: bool = False, workers: int = 1) -> dict:
    """One set through `live_bench.py --reuse`; its summary JSON."""
    deck, seed = SETS[name]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "summary.json"
        cmd = [sys.executable, str(ROOT / "benchmarks" / "live_bench.py"), "--games", str(GAMES), "--deck", deck,
               "--seed", str(seed), "--detector", "model", "--out", str(folder(name)), "--reuse",
               "--workers", str(workers), "--json", str(out)] + (["--answer"] if answer else [])
        run = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(f"live_sets: {name} failed:\n{run.stderr[-2000:]}")
        return json.loads(out.read_text(encoding="utf-8"))


def row(summary: dict) -> dict:
    plays = summary["latency_by_type"].get("play", {})
    return {"f1": summary["f1"], "illegal": summary["false_accusations"],
            "games": [f"{g['tp']}/{g['truth']}" for g in summary["per_game"]],
            "latency_p95_s": summary["latency_p95_s"], "latency_median_s": summary["latency_median_s"],
            "latency_over_target": summary["latency_over_target"],
            # (the latency target is about played cards: plays, flips included)
            "play_latency_over_target": plays.get("over_target"), "play_latency_p95_s": plays.get("p95_s")}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", help=f"comma-separated set names (default: every recorded one; known: {','.join(SETS)})")
    ap.add_argument("--record", action="store_true",
                    help="record the sets not yet in runs/, or recorded with other models (slow: the model runs)")
    ap.add_argument("--workers", type=int, default=2, help="games in parallel (default 2)")
    ap.add_argument("--json", help="write the results here (for --compare)")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="compare two --json results per game")
    args = ap.parse_args(argv)

    if args.compare:
        try:
            before, after = (json.loads(Path(p).read_text(encoding="utf-8")) for p in args.compare)
        except (OSError, ValueError) as e:
            ap.error(f"--compare needs two files written by --json: {e}")
        for name in after:
            for mode in ("nobody", "answering"):
                b, a = before.get(name, {}).get(mode), after[name][mode]
                if b is None:
                    continue
                same = "same" if b["games"] == a["games"] and b["illegal"] == a["illegal"] else "CHANGED"
                print(f"{name:11s} {mode:9s} {b['f1']:.4f} -> {a['f1']:.4f}  {' '.join(b['games'])} -> "
                      f"{' '.join(a['games'])}  illegal {b['illegal']} -> {a['illegal']}  {same}")
        return 0

    names = args.sets.split(",") if args.sets else list(SETS)
    unknown = [n for n in names if n not in SETS]
    if unknown:
        ap.error(f"unknown set(s) {', '.join(unknown)}; known: {', '.join(SETS)}")
    from live_bench import detector_key

    key = detector_key(None)
    if args.record:
        for name in names:
            if is_current(name, key):
                continue
            print(f"recording {name} into {folder(name)} ...", flush=True)
            bench(name, workers=args.workers)
    recorded = [n for n in names if is_current(n, key)]
    stale = [n for n in names if is_recorded(n) and n not in recorded]
    if stale:
        # (replaying them would record them again first: about 15 minutes a set on 2 cores)
        print(f"live_sets: skipping {len(stale)} set(s) recorded with other models or detector code: "
              f"{','.join(stale)} (record them again: --record --sets {','.join(stale)})", file=sys.stderr)
    if not recorded:
        print("live_sets: no set is recorded with the shipped models on this machine; run with --record first",
              file=sys.stderr)
        return 2
    results = {}
    for name in recorded:
        results[name] = {"nobody": row(bench(name, workers=args.workers)),
                         "answering": row(bench(name, answer=True, workers=args.workers))}
        r = results[name]
        print(f"{name:11s} nobody {r['nobody']['f1']:.4f} ({' '.join(r['nobody']['games'])}, illegal "
              f"{r['nobody']['illegal']}, p95 {r['nobody']['latency_p95_s']} s, plays p95 {r['nobody']['play_latency_p95_s']} s)  answering {r['answering']['f1']:.4f} "
              f"({' '.join(r['answering']['games'])}, illegal {r['answering']['illegal']})", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
