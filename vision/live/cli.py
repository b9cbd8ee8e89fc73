"""`goatherd watch` and `goatherd render-video` (heavy imports stay inside the functions)."""

from __future__ import annotations

import json
import sys
from pathlib import Path


def add_commands(subparsers) -> None:
    w = subparsers.add_parser(
        "watch", help="referee a live table: camera/video -> table-log events -> rulings",
        description="Track the cards a camera sees, turn settled changes into table-log events, "
                    "referee them and print the rulings as they happen.")
    w.add_argument("source", help="webcam index (0), video file, stream URL or folder of frames")
    w.add_argument("--game", default="skitgubbe",
                   help="game: skitgubbe (default), durak or golf (one deck: 2-3 players, a match of rounds); "
                        "see vision/live/games")
    w.add_argument("--players", required=True, help="player names clockwise from the bottom edge: Ann,Bob,Cid,Dan")
    w.add_argument("--leader", type=int, default=0, help="seat that leads the first trick (default 0)")
    w.add_argument("--start", dest="start_event",
                   help="the start event to use, as JSON or a .jsonl file whose first line is it (e.g. a Part 2 "
                        "teaching start with trump and hands); default: built from --game/--players/--leader")
    w.add_argument("--log", type=Path, help="write the table log (JSON Lines, events with evidence) here")
    w.add_argument("--notes", type=Path, help="write needs_confirmation notes (JSON Lines) here")
    w.add_argument("--show", action="store_true", help="show the annotated video in a window")
    w.add_argument("--save-video", type=Path, help="write the annotated video (mp4) here")
    w.add_argument("--detections", type=Path,
                   help="use ground-truth detections from render-video's sidecar (oracle) instead of the model")
    w.add_argument("--noise", default="", help="oracle noise, e.g. miss=0.1,wrong=0.02,unread=0.1,jitter=2,seed=1")
    w.add_argument("--models", type=Path, help="folder with the shipped ONNX models (default models/)")
    w.add_argument("--layout", type=Path, help="table calibration JSON (seats, play area, stock, discard)")
    w.add_argument("--save-layout", type=Path, help="write the layout in use (a starting point for calibration)")
    w.add_argument("--fps", type=float, help="frame rate for folders / sources that do not report one")
    w.add_argument("--realtime", action="store_true",
                   help="pace a video file to its frame rate, dropping frames when behind (webcams always do)")
    w.add_argument("--max-frames", type=int, help="stop after this many frames")
    w.add_argument("--json", action="store_true", help="print one JSON object per ruling/note instead of text")
    w.add_argument("--quiet", action="store_true", help="no progress bar")
    w.set_defaults(func=run_watch)

    r = subparsers.add_parser(
        "render-video", help="render a game log as a realistic table video (+ ground-truth detections)",
        description="Render a table log (e.g. from `goatherd simulate`) as a camera video of a real table: "
                    "hands carrying cards from the players' sides, pauses, collections, eats, kills, camera "
                    "noise, lighting drift, several deck designs and table surfaces. Games: skitgubbe, durak "
                    "(attacks in the centre, covers overlapping them, the talon with the trump card under it) "
                    "and golf (one deck: each player's grid in front of their seat; watch it with the "
                    "--layout-out calibration).")
    r.add_argument("log", type=Path, help="table log (JSON Lines); 'hand' reveals are skipped")
    r.add_argument("--out", type=Path, default=Path("table.mp4"), help="output video (default table.mp4)")
    r.add_argument("--detections", type=Path, help="also write per-frame ground-truth detections (JSONL sidecar)")
    r.add_argument("--no-video", action="store_true", help="write only the --detections sidecar (fast)")
    r.add_argument("--size", default="1280x720", help="frame size WxH (default 1280x720)")
    r.add_argument("--fps", type=float, default=12.0, help="frames per second (default 12)")
    r.add_argument("--seed", type=int, default=0, help="deck, surface, camera and timing choices (default 0)")
    r.add_argument("--deck", help="deck name (e.g. gnome/anglo, kde/standard) or 'simple' (drawn cards)")
    r.add_argument("--heldout", action="store_true", help="draw the deck from the held-out decks")
    r.add_argument("--max-events", type=int, help="render only the first N events (a short clip)")
    r.add_argument("--layout-out", type=Path, help="write the clip's true table layout (calibration JSON)")
    r.add_argument("--cache", type=Path, default=Path("runs/cache/cards"), help="rendered card art cache")
    r.add_argument("--quiet", action="store_true", help="no progress bar")
    r.set_defaults(func=run_render)


def _fail(cmd: str, msg: str, code: int = 2) -> int:
    print(f"goatherd {cmd}: {msg}", file=sys.stderr)
    return code


def _imports(cmd: str) -> bool:
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True  # noqa


def read_log(path: Path) -> list[dict]:
    events = []
    with open(path) as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                ev = json.loads(line)
            except ValueError as exc:
                raise ValueError(f"{path}:{n}: not JSON ({exc})") from None
            if not isinstance(ev, dict):
                raise ValueError(f"{path}:{n}: an event must be a JSON object")
            events.append(ev)
    return events


def run_render(args) -> int:
    if not _imports("render-video"):
        return _fail("render-video", "needs the vision extra: pip install 'goatherd[vision]'")
    from vision.live.render import RenderConfig, render_log

    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
        if w < 160 or h < 120 or w % 2 or h % 2:
            raise ValueError
    except ValueError:
        return _fail("render-video", f"--size must be WxH with even numbers, at least 160x120 (got {args.size!r})")
    if args.fps <= 0 or args.fps > 120:
        return _fail("render-video", "--fps must be between 0 and 120")
    if args.no_video and not args.detections:
        return _fail("render-video", "--no-video needs --detections (otherwise nothing would be written)")
    try:
        events = read_log(args.log)
    except OSError as exc:
        return _fail("render-video", f"cannot read {args.log}: {exc.strerror or exc}")
    except ValueError as exc:
        return _fail("render-video", str(exc))
    cfg = RenderConfig(width=w, height=h, fps=args.fps, seed=args.seed, deck=args.deck, heldout=args.heldout,
                       cache=args.cache, max_events=args.max_events, video=not args.no_video)
    for p in (args.out, args.detections, args.layout_out):
        if p is not None and p.parent and not p.parent.exists():
            p.parent.mkdir(parents=True, exist_ok=True)
    try:
        info = render_log(events, None if args.no_video else args.out, cfg, args.detections,
                          progress=not args.quiet)
    except (ValueError, RuntimeError, OSError) as exc:
        return _fail("render-video", str(exc), 1)
    if args.layout_out:
        info["layout"].save(args.layout_out)
    what = [] if args.no_video else [str(args.out)]
    if args.detections:
        what.append(str(args.detections))
    print(f"goatherd render-video: {info['events']} events, {info['frames']} frames ({info['seconds']} s), "
          f"deck {info['deck']}, table {info['background']} -> {', '.join(what)}")
    if info["skipped"]:
        print(f"goatherd render-video: {info['skipped']} events were illegal and not shown", file=sys.stderr)
    return 0


def _describe(out, players) -> str:
    ev, r = out.event, out.ruling
    t = f"{out.time:7.1f}s"
    if ev is None:
        return f"{t}  ? needs confirmation: {out.note['message']}"
    flag = {"ok": "ok", "info": "info", "warning": "WARNING", "illegal": "ILLEGAL", "error": "ERROR"}.get(
        r["severity"], r["severity"])
    conf = ev.get("evidence", {}).get("confidence")
    extra = f" (confidence {conf})" if conf is not None and conf < 1 else ""
    line = f"{t}  #{r['seq']:<3} {flag:7} {r['message']}{extra}"
    if ev.get("type") == "undo" and "withdraws" in ev.get("evidence", {}):  # the camera corrects itself
        line += f" (the camera read {', '.join(ev['evidence'].get('cards_seen', []))} late: logging it again)"
    notes = [n for n in r.get("notes", []) if n.get("kind") in ("kill", "trick_won", "war", "goat", "out", "trump")]
    if notes:
        line += "  [" + ", ".join(n["kind"] for n in notes) + "]"
    if out.note:
        line += f"\n{t}  ? needs confirmation: {out.note['message']}"
    return line


def run_watch(args) -> int:
    if not _imports("watch"):
        return _fail("watch", "needs the vision extra: pip install 'goatherd[vision]'")
    from vision.live.detector import Noise, OracleDetector, find_model_detector
    from vision.live.layout import Layout
    from vision.live.pipeline import LivePipeline
    from vision.live.sources import FrameSource, SourceError

    from vision.live.games import live_games

    if args.game not in live_games():
        return _fail("watch", f"the camera does not know {args.game!r} yet: one of {', '.join(live_games())}")
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    if len(players) < 2:
        return _fail("watch", "--players needs at least two names, e.g. Ann,Bob,Cid")
    if not 0 <= args.leader < len(players):
        return _fail("watch", f"--leader must be a seat between 0 and {len(players) - 1}")
    try:
        source = FrameSource(args.source, fps=args.fps, realtime=args.realtime)
    except SourceError as exc:
        return _fail("watch", str(exc))
    if args.detections:
        try:
            detector = OracleDetector(args.detections, Noise.parse(args.noise))
        except ValueError as exc:
            return _fail("watch", str(exc))
        label = f"oracle detections from {args.detections}" + (f" (noise {args.noise})" if args.noise else "")
    else:
        detector, why = find_model_detector(args.models)
        if detector is None:
            return _fail("watch", f"no card detector available: {why}. Run with --detections SIDECAR "
                                  "(written by `goatherd render-video --detections`) to referee from ground truth.")
        label = "shipped model"
    layout = None
    if args.layout:
        try:
            layout = Layout.load(args.layout)
        except ValueError as exc:
            return _fail("watch", str(exc))
        if layout.n != len(players):
            return _fail("watch", f"the calibration has {layout.n} seats but --players names {len(players)}")
    extra = None
    if args.start_event:
        try:
            text = args.start_event
            if not text.lstrip().startswith("{"):
                text = Path(text).read_text().splitlines()[0]
            extra = json.loads(text)
            if not isinstance(extra, dict) or extra.get("type") != "start":
                raise ValueError("not a start event")
        except (OSError, ValueError, IndexError) as exc:
            return _fail("watch", f"--start: {exc}")
        extra = {k: v for k, v in extra.items() if k not in ("type", "players")}
    pipe = LivePipeline(players, detector, source.fps, game=args.game, layout=layout,
                        leader=extra.pop("leader", args.leader) if extra else args.leader, start_extra=extra)
    writer = None
    if args.save_video:
        import cv2

        args.save_video.parent.mkdir(parents=True, exist_ok=True)
        writer = cv2.VideoWriter(str(args.save_video), cv2.VideoWriter_fourcc(*"mp4v"), source.fps, source.size)
        if not writer.isOpened():
            return _fail("watch", f"cannot write video {args.save_video}")
    log_fh = notes_fh = None
    try:
        if args.log:
            args.log.parent.mkdir(parents=True, exist_ok=True)
            log_fh = open(args.log, "w")
        if args.notes:
            args.notes.parent.mkdir(parents=True, exist_ok=True)
            notes_fh = open(args.notes, "w")
    except OSError as exc:
        return _fail("watch", f"cannot write: {exc}")
    print(f"goatherd watch: {source.kind} {args.source} at {source.fps:g} fps, {label}", file=sys.stderr)
    bar = None
    if not args.quiet and source.frame_count and not args.show:
        from tqdm import tqdm

        bar = tqdm(total=source.frame_count, unit="frame", desc="watching", file=sys.stderr, leave=False)

    warned = False

    def emit(outs):
        nonlocal warned
        unread = None if warned else pipe.unread_deck_message()
        if unread is not None:  # said once, as soon as it is clear: otherwise the camera just stays quiet
            warned = True
            (bar.write if bar is not None else print)(f"goatherd watch: {unread}", file=sys.stderr)
        for o in outs:
            if o.event is not None and log_fh:
                log_fh.write(json.dumps(o.event) + "\n")
                log_fh.flush()
            if o.note is not None and notes_fh:
                notes_fh.write(json.dumps(o.note) + "\n")
                notes_fh.flush()
            text = json.dumps(o.to_dict()) if args.json else _describe(o, players)
            if bar is not None:
                bar.write(text)
            else:
                print(text, flush=True)

    import time

    t0 = time.perf_counter()
    frames = 0
    try:
        for index, frame, t in source:
            emit(pipe.process(frame, index, t))
            frames += 1
            if writer is not None or args.show:
                shown = pipe.annotate(frame)
                if writer is not None:
                    writer.write(shown)
                if args.show:
                    import cv2

                    try:
                        cv2.imshow("goatherd watch", shown)
                        if cv2.waitKey(1) & 0xFF in (27, ord("q")):
                            break
                    except cv2.error:
                        print("goatherd watch: --show needs a display (and opencv-python, not -headless); "
                              "continuing without a window", file=sys.stderr)
                        args.show = False
            if bar is not None:
                bar.update(1)
            if args.max_frames and frames >= args.max_frames:
                break
        emit(pipe.finish())
    finally:
        if bar is not None:
            bar.close()
        if writer is not None:
            writer.release()
        for fh in (log_fh, notes_fh):
            if fh:
                fh.close()
    if args.save_layout and pipe.layout is not None:
        pipe.layout.save(args.save_layout)
    secs = time.perf_counter() - t0
    illegal = sum(1 for r in pipe.rulings if r["severity"] == "illegal")
    print(f"goatherd watch: {frames} frames in {secs:.1f} s ({frames / max(secs, 1e-9):.1f} fps), "
          f"{source.dropped} dropped; {len(pipe.log) - 1} events, {illegal} illegal, "
          f"{len(pipe.notes)} to confirm", file=sys.stderr)
    trust = getattr(detector, "corner_trust", None)
    if trust is not None and trust.weight < 1.0:
        print(f"goatherd watch: this deck's index corners named another card than its faces on "
              f"{trust.compared - trust.agreed} of {trust.compared} sure reads, so its cards were named "
              f"mostly by their faces (corner weight {trust.weight:.2f})", file=sys.stderr)
    s = pipe.table.summary()
    print(json.dumps({"phase": s.get("phase"), "turn": s.get("turn"), "kills": s.get("kills"),
                      "trump": s.get("trump"), "goat": s.get("goat")}), file=sys.stderr)
    return 0
