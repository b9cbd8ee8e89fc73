"""One recorded bench game replayed as a timeline, to find where the camera lost step.

    python benchmarks/live_trace.py bellot91 1                  # the first place the logs part, with context
    python benchmarks/live_trace.py bellot91 1 --all            # the whole game
    python benchmarks/live_trace.py bellot91 1 --from 3000 --to 3600   # frames 3000-3600

Lines, in frame order: `TRUE` a true event at the frame the table was still after it, `CAM` an
event the camera handed the referee (with the ruling's severity unless ok, and the frame it first
saw the change), `ASK` a question (`needs_confirmation`), `NOTE` any other note. The first
divergence is where the camera's standing log (undos applied) first differs from the true one.
Needs the game recorded (`live_sets.py --record --sets NAME`; a set recorded in part will do).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import live_bench  # noqa: E402
import live_sets  # noqa: E402

FPS = 12.0  # live_bench's defaults, which the sets were recorded at
SHAPE = (720, 1280, 3)
CONTEXT_FRAMES = 240  # around the first divergence, when neither --all nor a range is given


def short(ev: dict) -> str:
    """An event without its evidence, compactly."""
    return json.dumps({k: v for k, v in ev.items() if k not in ("evidence", "type")}, ensure_ascii=False)


def replay(name: str, k: int, observations: bool = False, answer: bool = False):
    """The set's game k replayed from its recorded detections: (timeline, true events, pipeline)."""
    from referee.simulate import simulate_logs
    from vision.live.detector import Noise, OracleDetector
    from vision.live.pipeline import LivePipeline

    deck, seed = live_sets.SETS[name]
    out = live_sets.folder(name)
    _, hidden = simulate_logs("skitgubbe", 4, seed * 1000 + k)
    events = [e for e in hidden if e["type"] != "hand"]
    oracle = OracleDetector(out / f"{k:04d}.detections.jsonl", Noise.parse(f"seed={k}"))
    recorded = live_bench.load_detections(out / f"{k:04d}.model-detections.json.gz", live_bench.detector_key(None))
    if recorded is None:
        raise SystemExit(f"live_trace: {name} game {k} is not recorded for this detector "
                         f"(python benchmarks/live_sets.py --record --sets {name})")
    frames, motion, corner_weight = recorded
    pipe = LivePipeline(oracle.header["players"], live_bench.Replayed(frames, corner_weight), FPS)
    moves = iter(motion)
    pipe._picture_motion = lambda frame: next(moves, 0.0)
    lines: list[tuple[int, int, str]] = []
    if observations:  # what each settle made of the table, before the referee's expectation
        from vision.live.events import EventMaker

        observe = EventMaker.observe

        def traced(self, seen, departed, frame):
            made = observe(self, seen, departed, frame)
            for o in made or []:
                names = " ".join(f"{c.name}" for c in o.cards)
                lines.append((frame, 3, f"OBS  {o.kind:6s} [{names}] seat {o.seat_hint}"
                                        f"{'' if o.seat_sure else '?'}{' stock' if o.from_stock else ''} @{o.order:.0f}"))
            return made
        EventMaker.observe = traced
    still = {e["index"]: e["still"] for e in oracle.events}
    true_at = []  # per visible true event, the frame the table was still after it
    for idx, e in enumerate(events):
        if e["type"] not in live_bench.INVISIBLE and e["type"] != "start":
            true_at.append(still.get(idx))
            if still.get(idx) is not None:
                lines.append((still[idx], 0, f"TRUE {e['type']:8s} {short(e)}  #{len(true_at) - 1}"))
    n = max(frames) + 1 if frames else 0
    for i in list(range(n)) + [None]:
        outs = pipe.process(None, i, shape=SHAPE) if i is not None else pipe.finish()
        if answer and i is not None and any(o.note and o.note.get("kind") == "needs_confirmation" for o in outs):
            # the person at the table answers, as in live_bench --answer: the log up to now made true
            done = [idx for idx, f in still.items() if f is not None and f <= i]
            pipe.resync(events[:max(done) + 1] if done else events[:1])
            lines.append((i, 2, "ANSWERED: the log made true up to here"))
        for o in outs:
            f = o.frame if i is None else i
            if o.event is not None:
                sev = (o.ruling or {}).get("severity", "")
                seen = (o.event.get("evidence") or {}).get("frame")
                tag = "" if sev in ("ok", "") else f" [{sev}: {(o.ruling or {}).get('rule', '')}]"
                lines.append((f, 1, f"CAM  {o.event['type']:8s} {short(o.event)} seen@{seen}{tag}"))
            if o.note is not None:
                kind = "ASK " if o.note.get("kind") == "needs_confirmation" else "NOTE"
                lines.append((f, 2, f"{kind} {o.note.get('message', o.note)}"))
    lines.sort(key=lambda x: (x[0], x[1]))
    return lines, events, pipe, true_at


def standing_logs(events: list[dict], pipe) -> tuple[list[dict], list[dict]]:
    """(the true visible events, the camera's standing events: undos applied), starts left out."""
    truth = [e for e in events if e["type"] not in live_bench.INVISIBLE and e["type"] != "start"]
    kept = [i for i in live_bench.standing(pipe.log, pipe.rulings) if pipe.log[i].get("type") != "start"]
    return truth, [pipe.log[i] for i in kept]


def first_divergence(events: list[dict], pipe) -> tuple[int, dict | None, dict | None]:
    """(index in the true visible log, true event, camera event) where the standing logs first part."""
    truth, got = standing_logs(events, pipe)
    for j, t in enumerate(truth):
        g = got[j] if j < len(got) else None
        if g is None or live_bench.normalise(t) != live_bench.normalise(g):
            return j, t, g
    return len(truth), None, (got[len(truth)] if len(got) > len(truth) else None)


def gaps(events: list[dict], pipe, true_at: list) -> list[str]:
    """The stretches where the standing logs differ (difflib opcodes), largest first."""
    from difflib import SequenceMatcher

    truth, got = standing_logs(events, pipe)
    t = [live_bench.normalise(e) for e in truth]
    g = [live_bench.normalise(e) for e in got]
    out = []
    for tag, a0, a1, b0, b1 in SequenceMatcher(a=t, b=g, autojunk=False).get_opcodes():
        if tag != "equal":
            frames = [f for f in true_at[a0:a1] if f is not None] or [true_at[a0 - 1] if a0 else 0]
            out.append((a1 - a0, f"{tag:7s} true #{a0}-{a1 - 1} ({a1 - a0}) frames {min(frames)}-{max(frames)}, "
                                 f"camera {b1 - b0} events"))
    return [text for _, text in sorted(out, key=lambda x: -x[0])]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("set", help=f"a recorded set ({', '.join(live_sets.SETS)})")
    ap.add_argument("game", type=int, help=f"game number, 0-{live_sets.GAMES - 1}")
    ap.add_argument("--all", action="store_true", help="print the whole game")
    ap.add_argument("--from", dest="start", type=int, help="first frame to print")
    ap.add_argument("--to", dest="end", type=int, help="last frame to print")
    ap.add_argument("--obs", action="store_true", help="also print each settle's observations (OBS)")
    ap.add_argument("--answer", action="store_true", help="a person answers each question (live_bench --answer)")
    args = ap.parse_args(argv)
    if args.set not in live_sets.SETS:
        ap.error(f"unknown set {args.set!r}; known: {', '.join(live_sets.SETS)}")
    if not 0 <= args.game < live_sets.GAMES:
        ap.error(f"game must be 0-{live_sets.GAMES - 1}")
    if not (live_sets.folder(args.set) / f"{args.game:04d}.model-detections.json.gz").exists():  # (a set recorded in part will do)
        ap.error(f"{args.set} game {args.game} is not recorded on this machine: "
                 f"python benchmarks/live_sets.py --record --sets {args.set}")
    lines, events, pipe, true_at = replay(args.set, args.game, args.obs, args.answer)
    j, t, g = first_divergence(events, pipe)
    truth_n = sum(e["type"] not in live_bench.INVISIBLE and e["type"] != "start" for e in events)
    if t is None and g is None:
        print(f"{args.set} game {args.game}: the camera's log is the true one ({truth_n} events)")
    else:
        print(f"{args.set} game {args.game}: logs part at true event {j} of {truth_n}: "
              f"true {t and t['type'] + ' ' + short(t)}, camera {g and g['type'] + ' ' + short(g)}")
    for text in gaps(events, pipe, true_at)[:8]:
        print("  " + text)
    if args.all:
        lo, hi = 0, None
    elif args.start is not None or args.end is not None:
        lo, hi = args.start or 0, args.end
    else:  # around the true event where the logs part
        at = next((f for f in true_at[j:] if f is not None), lines[-1][0] if lines else 0)
        lo, hi = at - CONTEXT_FRAMES, at + CONTEXT_FRAMES
    for f, _, text in lines:
        if f >= lo and (hi is None or f <= hi):
            print(f"{f:6d} {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
