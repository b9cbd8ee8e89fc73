"""`goatherd serve`: the table server (REST + WebSocket API and the web page).

Imports nothing heavy at module level: fastapi and uvicorn are loaded by the command.
"""

from __future__ import annotations

import argparse
import sys


def add_commands(sub) -> None:
    p = sub.add_parser(
        "serve",
        help="run the table server: web page, REST/WebSocket API, goat tally",
        description="Run the table server: a web page for phones and tablets next to the cards "
                    "(rulings, whose turn, kill counter, goat tally, manual entry, undo, export), "
                    "a REST API (OpenAPI at /openapi.json) and a live WebSocket per table. Tables "
                    "are stored in one SQLite file and rebuilt by replaying their logs on start. "
                    "Listens on 127.0.0.1 only unless --host is given; then writes to a table need "
                    "its join code (shown on the host's page as text and QR) and others watch "
                    "read-only.",
    )
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 shares on the LAN)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default=None,
                   help="SQLite file (default $GOATHERD_DB or ~/.local/share/goatherd/goatherd.db)")
    p.add_argument("--camera", default=None, metavar="SOURCE",
                   help="attach a camera (webcam index, file or URL) to the newest table (and to new "
                        "tables while none has one); needs the vision extra and a card detector in models/ "
                        "or --camera-detections")
    p.add_argument("--camera-detections", default=None, metavar="SIDECAR",
                   help="with --camera: referee from this ground-truth detections sidecar (written by "
                        "`goatherd render-video --detections`) instead of the detector model")
    p.add_argument("--require-code", dest="require_code", action="store_true", default=None,
                   help="always require join codes for writes (default: only with a non-local --host)")
    p.add_argument("--no-require-code", dest="require_code", action="store_false",
                   help="never require join codes (trusted network)")
    p.add_argument("--public-url", default=None,
                   help="base URL for the QR code, e.g. http://192.168.1.20:8000 (default: guessed)")
    p.add_argument("--max-body", type=int, default=64 * 1024, help="largest request body in bytes (default 65536)")
    p.add_argument("--synchronous", choices=["full", "normal"], default="full",
                   help="SQLite durability: full (default) survives power loss, normal only a crash")
    p.add_argument("--access-log", action="store_true", help="log every request")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from api.app import create_app
        from api.camera import NO_PIPELINE, pipeline_factory
        from api.config import Settings
        from api.store import Store, StoreError
    except ModuleNotFoundError as exc:
        print(f"goatherd serve: {exc.name} is not installed: pip install -e '.[api]'", file=sys.stderr)
        return 2
    if args.camera is not None and pipeline_factory() is None:
        print(f"goatherd serve: --camera {args.camera}: {NO_PIPELINE}", file=sys.stderr)
        return 2
    if args.camera_detections is not None:
        if args.camera is None:
            print("goatherd serve: --camera-detections needs --camera", file=sys.stderr)
            return 2
        from api.camera import register_pipeline

        factory = pipeline_factory()

        def with_detections(source: str, info: dict):  # only for the --camera source itself
            if source == args.camera and "detections" not in info:
                info = {**info, "detections": args.camera_detections}
            return factory(source, info)

        register_pipeline(with_detections)
    if not 0 <= args.port <= 65535:
        print("goatherd serve: --port must be 0..65535", file=sys.stderr)
        return 2
    settings = Settings(db_path=args.db or "", host=args.host, port=args.port, require_code=args.require_code,
                        max_body=args.max_body, synchronous=args.synchronous.upper(), camera=args.camera,
                        public_url=args.public_url, manage_gc=True)
    try:  # fail early and plainly on an unusable database (then let the app open it)
        Store(settings.db_path, synchronous=settings.synchronous).close()
    except StoreError as exc:
        print(f"goatherd serve: {exc}", file=sys.stderr)
        return 2
    import logging

    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(name)s: %(message)s")
    where = f"http://{'[' + args.host + ']' if ':' in args.host else args.host}:{args.port}/"
    print(f"goatherd serve: {where}  (database {settings.db_path}; "
          f"{'writes need a join code' if settings.protected else 'local only'})", file=sys.stderr, flush=True)
    uvicorn.run(create_app(settings), host=args.host, port=args.port, log_level=args.log_level,
                access_log=args.access_log, ws="websockets-sansio" if _has_sansio() else "auto")
    return 0


def _has_sansio() -> bool:
    """uvicorn's WebSocket protocol on the current websockets API (no deprecation noise)."""
    import importlib.util

    try:
        return importlib.util.find_spec("uvicorn.protocols.websockets.websockets_sansio_impl") is not None
    except ImportError:
        return False
