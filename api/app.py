"""The table server: REST + WebSocket API and the web page, in one FastAPI app.

    from api.app import create_app
    from api.config import Settings
    app = create_app(Settings(db_path="tables.db"))

Every handler that touches a table is `async` and does its work without awaiting, so it
runs on the event loop thread: events at a table are refereed and committed strictly one
after another, and a ruling is sent only after its event is in the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import secrets
import socket
from pathlib import Path
from typing import Annotated

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from api import camera as cam
from api.config import Settings
from api.models import (CameraAnswer, CameraAttach, Event, Problem, Ruling, SeatPoints, SessionCreate,
                        Tally, TableCreate, TableInfo)
from api.rules import rules_for
from api.store import SCHEMA_VERSION, Store
from api.tables import Hub, LiveTable, NotSaved, RefereeFailed, _DUMPS

log = logging.getLogger("goatherd.api")
STATIC = Path(__file__).resolve().parent / "static"
ERRORS = {400: {"model": Problem}, 403: {"model": Problem}, 404: {"model": Problem},
          409: {"model": Problem}, 413: {"model": Problem}, 422: {"model": Problem}}
LOOPBACK_NAMES = {"localhost", "testclient"}  # Starlette's TestClient is the local machine too


def _json(obj, status: int = 200) -> Response:
    return Response(_DUMPS(obj), status_code=status, media_type="application/json")


def _problem(status: int, detail: str, **extra) -> JSONResponse:
    return JSONResponse({"detail": detail, **extra}, status_code=status)


def _is_loopback(host: str | None) -> bool:
    if not host:
        return False
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def create_app(settings: Settings) -> FastAPI:
    state: dict = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        store = Store(settings.db_path, synchronous=settings.synchronous)
        hub = Hub(store)
        report = hub.load()
        hub.start()
        if settings.manage_gc:
            hub.manage_gc()
        log.info("goatherd serve: %s: %d table(s), %d event(s) replayed in %.2fs", settings.db_path,
                 report["tables"], report["events"], report["seconds"])
        state["hub"] = hub
        if settings.camera is not None and hub.tables:
            newest = max(hub.tables.values(), key=lambda t: t.created_at)
            await auto_attach(newest)
        try:
            yield
        finally:
            for table in hub.tables.values():
                await _detach(table)
            await hub.stop()
            store.close()

    app = FastAPI(
        title="goatherd table server",
        version="0.1.0",
        description="Rulings, live state and the goat tally for real card tables. Events follow the "
                    "table-log contract; every accepted event is committed before its ruling is returned.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.state.settings = settings

    def hub() -> Hub:
        return state["hub"]

    # -- errors: always 4xx with a sentence ----------------------------------------------
    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        errors = []
        for e in exc.errors():
            loc = [str(x) for x in e.get("loc", ()) if x != "body"]
            errors.append({"loc": loc, "msg": e.get("msg", ""), "type": e.get("type", "")})
        first = errors[0] if errors else {"loc": [], "msg": "invalid request"}
        if first.get("type") == "json_invalid":
            detail = "the body is not valid JSON"
            ctx = (exc.errors()[0].get("ctx") or {}).get("error")
            if ctx:
                detail += f": {ctx}"
        elif first.get("type") == "model_type" and not first["loc"]:
            detail = "the body must be a JSON object, e.g. {\"type\": \"play\", \"seat\": 1, \"cards\": [\"9C\"]}"
        else:
            where = ".".join(first["loc"]) or "request"
            detail = f"{where}: {first['msg']}"
            if len(errors) > 1:
                detail += f" (and {len(errors) - 1} more problem(s))"
        return _problem(422, detail, errors=errors[:20])

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        detail = exc.detail
        if exc.status_code == 413:
            detail = f"the request body is too large (at most {settings.max_body} bytes)"
        elif exc.status_code == 404 and detail == "Not Found":
            detail = f"nothing at {request.url.path}"
        elif exc.status_code == 400 and detail == "There was an error parsing the body":
            detail = "the body could not be read as JSON (too deeply nested or not UTF-8?)"
        response = _problem(exc.status_code, str(detail))
        if exc.headers:  # e.g. Allow on a 405
            response.headers.update(exc.headers)
        return response

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception):  # a bug: say so plainly
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return _problem(500, f"internal error ({type(exc).__name__}): a goatherd bug, details in the server log")

    # -- helpers -------------------------------------------------------------------------
    def get_table(table_id: str) -> LiveTable:
        table = hub().tables.get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}: GET /api/tables lists the tables")
        return table

    def code_of(request: Request | WebSocket) -> str:
        return request.headers.get("x-join-code") or request.query_params.get("code") or ""

    def may_write(request: Request, table: LiveTable) -> bool:
        if not settings.protected:
            return True
        if settings.trust_loopback and _is_loopback(request.client.host if request.client else None):
            return True
        code = code_of(request).strip().upper()
        return bool(code) and secrets.compare_digest(code.encode(), table.join_code.encode())

    def require_write(request: Request, table: LiveTable) -> None:
        if not may_write(request, table):
            raise HTTPException(403, "this table is read-only for you: send its join code (header "
                                     "X-Join-Code or ?code=); the host's page shows it as text and QR")

    def base_url(request: Request) -> str:
        if settings.public_url:
            return settings.public_url.rstrip("/")
        url = str(request.base_url).rstrip("/")
        host = request.url.hostname or ""
        if settings.protected and _is_loopback(host):
            lan = settings.host if settings.host not in ("0.0.0.0", "::", "") else _lan_ip()
            if lan:
                url = f"{request.url.scheme}://{lan}:{request.url.port or settings.port}"
        return url

    def write_url(request: Request, table: LiveTable) -> str:
        return f"{base_url(request)}/t/{table.id}?code={table.join_code}"

    def camera_status(table: LiveTable) -> dict:
        available = cam.pipeline_factory() is not None
        status = {"available": available, "attached": table.camera is not None}
        if table.camera is not None:
            status["source"] = getattr(table.camera, "source", None)
        if not available:
            status["reason"] = cam.NO_PIPELINE
        return status

    def info(request: Request, table: LiveTable, creator: bool = False) -> dict:
        writable = creator or may_write(request, table)
        cfg = table.config
        out = {"id": table.id, "name": table.name, "game": table.game, "session_id": table.session_id,
               "players": table.players(), "variants": cfg.get("variants", {}), "mode": cfg.get("mode", "hidden"),
               "created_at": table.created_at, "next_seq": table.next_seq, "summary": table.engine.summary(),
               "writable": writable, "join_code": table.join_code if writable else None,
               "write_url": write_url(request, table) if writable else None, "camera": camera_status(table)}
        return out

    async def referee(table: LiveTable, event: dict, origin: str) -> dict:
        try:
            ruling = await hub().apply(table, event, origin)
            if table.camera is not None:  # keep the pipeline's picture of the game in step
                try:
                    table.camera.observe(event, ruling)
                except Exception:
                    log.exception("camera pipeline of table %s failed to observe an event", table.id)
            return ruling
        except RefereeFailed as exc:
            raise HTTPException(422, f"the referee could not judge this event ({exc}); nothing was "
                                     f"recorded — this is a referee bug, please report it") from None
        except NotSaved as exc:
            raise HTTPException(503, f"the event could not be saved ({exc}); nothing was recorded") from None

    # -- pages ---------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index():
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str):
        return FileResponse(STATIC / "index.html")

    @app.get("/rules/{game}", include_in_schema=False, response_class=HTMLResponse)
    async def rules_page(game: str):
        rules = rules_for(game)
        if not rules:
            raise HTTPException(404, f"no rules for {game!r}")
        import html

        items = "\n".join(f'<li id="{html.escape(k)}"><a href="#{html.escape(k)}"><b>{html.escape(k)}</b></a> '
                          f'<i>{html.escape(v["title"])}</i><br>{html.escape(v["text"])}</li>'
                          for k, v in rules.items())
        return HTMLResponse(f"<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width,"
                            f"initial-scale=1'><title>{html.escape(game)} rules</title><link rel=stylesheet "
                            f"href='/static/style.css'><body class=rules><h1>{html.escape(game.title())} rules</h1>"
                            f"<ul class=rulelist>{items}</ul></body>")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- meta ----------------------------------------------------------------------------
    @app.get("/api/health", tags=["meta"])
    async def health() -> dict:
        h = hub()
        commits = {"batches": h.committer.batches, "writes": h.committer.written} if h.committer else {}
        return {"ok": True, "schema_version": SCHEMA_VERSION, "tables": len(h.tables), "commits": commits,
                "events": sum(len(t.events) for t in h.tables.values()), "replay": h.replay_report,
                "protected": settings.protected, "camera_pipeline": cam.pipeline_factory() is not None}

    @app.get("/api/games", tags=["meta"])
    async def games() -> dict:
        from referee.games import game_names, get_game

        out = []
        for name in game_names():
            game = get_game(name)
            out.append({"name": name, "variants": sorted(getattr(game, "variant_rules", {})),
                        "loser_title": getattr(game, "loser_title", None),
                        "entry_actions": list(getattr(game, "entry_actions", ()))})
        return {"games": out}

    @app.get("/api/rules/{game}", tags=["meta"], responses=ERRORS)
    async def rules(game: str) -> dict:
        r = rules_for(game)
        if not r:
            raise HTTPException(404, f"no rules for game {game!r}")
        return {"game": game, "rules": r}

    # -- sessions ------------------------------------------------------------------------
    @app.post("/api/sessions", status_code=201, tags=["sessions"], responses=ERRORS)
    async def create_session(body: SessionCreate) -> dict:
        return await hub().create_session(body.name or "session")

    @app.get("/api/sessions", tags=["sessions"])
    async def list_sessions() -> list[dict]:
        return list(hub().sessions.values())

    def get_session(session_id: str) -> dict:
        s = hub().sessions.get(session_id)
        if s is None:
            raise HTTPException(404, f"no session {session_id!r}: GET /api/sessions lists them")
        return s

    @app.get("/api/sessions/{session_id}", tags=["sessions"], responses=ERRORS)
    async def session(session_id: str) -> dict:
        s = get_session(session_id)
        h = hub()
        return {**s, "tables": [t.id for t in h.session_tables(session_id)], **h.tally(session_id)}

    @app.get("/api/sessions/{session_id}/tally", tags=["sessions"], response_model=Tally, responses=ERRORS)
    async def tally(session_id: str):
        get_session(session_id)
        return _json(hub().tally(session_id))

    # -- tables --------------------------------------------------------------------------
    @app.post("/api/tables", status_code=201, tags=["tables"], response_model=TableInfo, responses=ERRORS)
    async def create_table(body: TableCreate, request: Request):
        h = hub()
        if body.session_id is not None:
            get_session(body.session_id)
            tables = h.session_tables(body.session_id)
            if settings.protected and tables and not any(may_write(request, t) for t in tables):
                raise HTTPException(403, "joining a session needs the join code of one of its tables")
        start = None
        config = {"players": body.players, "variants": body.variants, "mode": body.mode}
        if body.start:
            start = {"type": "start", "game": body.game, "players": body.players, "mode": body.mode}
            if body.variants:
                start["variants"] = body.variants
            for key in ("leader", "part", "trump", "hands", "hand_sizes", "table"):
                value = getattr(body, key)
                if value is not None:
                    start[key] = value
            for key, value in body.start_fields.items():
                if key == "type" or key in TableCreate.model_fields:
                    raise HTTPException(422, f"start_fields cannot set {key!r}: it has its own field")
                start[key] = value
        else:
            from referee.games import GAME_MODULES

            if body.game not in GAME_MODULES:
                raise HTTPException(422, f"unknown game {body.game!r}: goatherd referees {sorted(GAME_MODULES)}")
        try:
            table, ruling = await h.create_table(body.name or " & ".join(body.players[:4]), body.game, config, start,
                                           body.session_id, body.session_name)
        except ValueError as exc:
            ruling = exc.args[0]
            raise HTTPException(422, f"the game cannot start: {ruling['message']}"
                                     + (f" ({ruling['rule']})" if ruling.get("rule") else "")) from None
        if settings.camera is not None and not any(t.camera for t in h.tables.values()):
            await auto_attach(table)
        return _json(info(request, table, creator=True), 201)

    @app.get("/api/tables", tags=["tables"], response_model=list[TableInfo])
    async def list_tables(request: Request):
        return _json([info(request, t) for t in hub().tables.values()])

    @app.get("/api/tables/{table_id}", tags=["tables"], response_model=TableInfo, responses=ERRORS)
    async def table(table_id: str, request: Request):
        return _json(info(request, get_table(table_id)))

    @app.post("/api/tables/{table_id}/events", tags=["tables"], response_model=Ruling, responses=ERRORS,
              openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/Event"}}}}})
    async def post_event(table_id: str, request: Request,
                         seq: Annotated[int | None, Query(ge=0, le=2**53, description=(
                             "optional: the log line this event is; a mismatch is a 409, and resending an "
                             "already stored event at its seq returns its stored ruling (safe retries)"))] = None):
        """Referee one event (an `Event`, see its schema). The answer is its ruling — also
        when the event is illegal (`ok: false`, the table is unchanged and the event stays
        in the log, as the contract says). Malformed requests are 4xx and are not logged."""
        table = get_table(table_id)
        require_write(request, table)
        # the body is parsed and checked by pydantic-core directly (the hot path: no
        # dependency machinery); errors read exactly like FastAPI's own
        raw = await request.body()
        try:
            event = Event.model_validate_json(raw or b"null")
        except ValidationError as exc:
            raise RequestValidationError(exc.errors(include_url=False)) from None
        body = event.model_dump(exclude_unset=True)
        if seq is not None and seq != table.next_seq:
            if seq < table.next_seq and json.loads(table.events[seq]) == body:
                if seq in table.pending:  # still being committed: answer once it is
                    await asyncio.shield(table.pending[seq])
                return _json(table.rulings[seq])
            raise HTTPException(409, f"out of order: this table's next event is seq {table.next_seq}, not {seq}"
                                + (" (and the stored event at that seq is different)" if seq < table.next_seq else ""))
        return _json(await referee(table, body, request.headers.get("x-goatherd-origin", "api")[:16]))

    @app.post("/api/tables/{table_id}/undo", tags=["tables"], response_model=Ruling, responses=ERRORS)
    async def undo(table_id: str, request: Request):
        """Withdraw the last accepted event (an `undo` event goes into the log)."""
        table = get_table(table_id)
        require_write(request, table)
        return _json(await referee(table, {"type": "undo"}, request.headers.get("x-goatherd-origin", "api")[:16]))

    @app.get("/api/tables/{table_id}/state", tags=["tables"], responses=ERRORS)
    async def table_state(table_id: str, seat: Annotated[int | None, Query(ge=0, le=63)] = None):
        """What the referee knows (phase, trump, turn, the trick or table, kills,
        plays_to_kill, hand sizes, known cards); `?seat=N` only what that seat may see."""
        table = get_table(table_id)
        if seat is not None and seat >= table.seat_count():
            raise HTTPException(422, f"seat {seat} is not at this table (seats 0 to {table.seat_count() - 1})"
                                if table.seat_count() else "no game has started at this table")
        return _json(hub().state(table, seat))

    @app.get("/api/tables/{table_id}/rulings", tags=["tables"], response_model=list[Ruling], responses=ERRORS)
    async def rulings(table_id: str, since: Annotated[int, Query(ge=0, le=2**53)] = 0,
                      limit: Annotated[int, Query(ge=1, le=10000)] = 1000):
        table = get_table(table_id)
        return _json(table.rulings[since:since + limit])

    @app.get("/api/tables/{table_id}/log", tags=["tables"], responses={
        200: {"content": {"application/x-ndjson": {}}, "description": "the table log, one event per line"},
        **ERRORS})
    async def table_log(table_id: str, download: bool = False):
        """The table log as JSON Lines, replayable with `goatherd referee` (same seqs, same rulings)."""
        table = get_table(table_id)
        text = "".join(line + "\n" for line in table.events)
        headers = {}
        if download:
            safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in table.name)[:40] or "table"
            headers["Content-Disposition"] = f'attachment; filename="goatherd-{safe}-{table.id}.jsonl"'
        return Response(text, media_type="application/x-ndjson", headers=headers)

    @app.get("/api/tables/{table_id}/qr.svg", tags=["tables"], responses={
        200: {"content": {"image/svg+xml": {}}}, **ERRORS})
    async def qr(table_id: str, request: Request):
        """A QR code of the table's write link (join code included): for those who may write."""
        table = get_table(table_id)
        require_write(request, table)
        import qrcode
        import qrcode.image.svg

        img = qrcode.make(write_url(request, table), image_factory=qrcode.image.svg.SvgPathImage, box_size=12,
                          border=2)
        return Response(img.to_string(encoding="unicode"), media_type="image/svg+xml")

    # -- live ----------------------------------------------------------------------------
    def snapshot(table: LiveTable, seat: int | None) -> str:
        h = hub()
        return _DUMPS({"kind": "hello", "table_id": table.id, "state": h.state(table, seat),
                       "tally": h.tally(table.session_id), "rulings": table.rulings[-100:],
                       "next_seq": table.next_seq})

    @app.websocket("/api/tables/{table_id}/live")
    async def live(websocket: WebSocket, table_id: str):
        """Rulings and state as they happen: first a `hello` snapshot, then one `event`
        message per event (ruling, event, state, and the tally when it changed)."""
        table = hub().tables.get(table_id)
        if table is None:
            await websocket.close(code=4404, reason=f"no table {table_id!r}")
            return
        raw_seat = websocket.query_params.get("seat")
        seat = None
        if raw_seat is not None:
            if not raw_seat.isdigit() or int(raw_seat) >= max(table.seat_count(), 1):
                await websocket.close(code=4422, reason="seat must be a seat number at this table")
                return
            seat = int(raw_seat)
        await websocket.accept()
        sub = hub().subscribe(table, seat)
        receiver = asyncio.ensure_future(_drain(websocket))
        try:
            await websocket.send_text(snapshot(table, seat))
            while True:
                getter = asyncio.ensure_future(sub.queue.get())
                done, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
                if receiver in done:
                    getter.cancel()
                    break
                message = getter.result()
                await websocket.send_text(snapshot(table, seat) if message is None else message)
        except (WebSocketDisconnect, RuntimeError, ConnectionError):
            pass
        finally:
            hub().unsubscribe(table, sub)
            receiver.cancel()

    # -- camera (the seam for the vision pipeline) -----------------------------------------
    @app.get("/api/tables/{table_id}/camera", tags=["camera"], responses=ERRORS)
    async def camera_get(table_id: str) -> dict:
        return camera_status(get_table(table_id))

    @app.post("/api/tables/{table_id}/camera", tags=["camera"], responses={
        **ERRORS, 501: {"model": Problem, "description": "no vision pipeline is installed"}})
    async def camera_attach(table_id: str, body: CameraAttach, request: Request) -> dict:
        """Attach a camera source; the pipeline's events are refereed like any other."""
        table = get_table(table_id)
        require_write(request, table)
        await attach_camera(table, body.source, body.detections)
        return camera_status(table)

    @app.delete("/api/tables/{table_id}/camera", tags=["camera"], responses=ERRORS)
    async def camera_detach(table_id: str, request: Request) -> dict:
        table = get_table(table_id)
        require_write(request, table)
        await _detach(table)
        return camera_status(table)

    def attached(table: LiveTable):
        if table.camera is None:
            if cam.pipeline_factory() is None:
                raise HTTPException(501, cam.NO_PIPELINE)
            raise HTTPException(409, "no camera is attached to this table: POST /api/tables/{id}/camera first")
        return table.camera

    @app.get("/api/tables/{table_id}/camera/stream.mjpg", tags=["camera"], responses={
        200: {"content": {"multipart/x-mixed-replace": {}}}, **ERRORS, 501: {"model": Problem}})
    async def camera_stream(table_id: str):
        """The annotated video as MJPEG (for an <img> on the page)."""
        source = attached(get_table(table_id))

        async def parts():
            async for jpeg in source.frames():
                yield (b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: " + str(len(jpeg)).encode()
                       + b"\r\n\r\n" + jpeg + b"\r\n")

        return StreamingResponse(parts(), media_type="multipart/x-mixed-replace; boundary=frame")

    @app.get("/api/tables/{table_id}/camera/questions", tags=["camera"], responses={**ERRORS, 501: {"model": Problem}})
    async def camera_questions(table_id: str) -> list[dict]:
        """What the pipeline is unsure of and asks the table to confirm or reject."""
        return attached(get_table(table_id)).questions()

    @app.post("/api/tables/{table_id}/camera/questions/{question_id}", tags=["camera"],
              responses={**ERRORS, 501: {"model": Problem}})
    async def camera_answer(table_id: str, question_id: str, body: CameraAnswer, request: Request) -> dict:
        """Confirm or reject a question; a confirmed (or corrected) event is refereed."""
        table = get_table(table_id)
        require_write(request, table)
        source = attached(table)
        try:
            event = source.answer(question_id, body.accept,
                                  body.event.model_dump(exclude_unset=True) if body.event else None)
        except KeyError:
            raise HTTPException(404, f"no open question {question_id!r}") from None
        if event and event.get("type") == "undo" and cam.stale_correction(table.engine, [event]):
            raise HTTPException(409, "that event is no longer the table's last (others were refereed after it): "
                                     "nothing was undone; undo it by hand, the later events first")
        return {"ruling": await referee(table, event, "camera") if event else None}

    @app.post("/api/tables/{table_id}/camera/seats", tags=["camera"], responses={**ERRORS, 501: {"model": Problem}})
    async def camera_seats(table_id: str, body: SeatPoints, request: Request) -> dict:
        """Seat positions clicked on the video, clockwise from seat 0 (fractions of the frame)."""
        table = get_table(table_id)
        require_write(request, table)
        try:
            attached(table).set_seats([tuple(p) for p in body.points])
        except ValueError as exc:
            raise HTTPException(409, str(exc)) from None
        return {"seats": len(body.points)}

    async def attach_camera(table: LiveTable, source_name: str, detections: str | None = None) -> None:
        factory = cam.pipeline_factory()
        if factory is None:
            raise HTTPException(501, cam.NO_PIPELINE)
        if table.camera is not None:
            raise HTTPException(409, f"a camera ({getattr(table.camera, 'source', '?')}) is already attached; "
                                     f"DELETE it first")
        info = {"id": table.id, "players": table.players(), "game": table.game,
                "start": json.loads(table.events[0]) if table.events else None,
                "log": table.events}  # (live: the pipeline follows manual corrections through it)
        if detections is not None:
            info["detections"] = detections
        try:
            source = factory(source_name, info)
        except cam.CameraUnavailable as exc:
            raise HTTPException(503, exc.message) from None
        except Exception as exc:
            raise HTTPException(422, f"cannot open camera source {source_name!r}: {exc}") from None
        table.camera = source

        async def pump():
            try:
                async for item in source.events():
                    batch = item if isinstance(item, list) else [item]
                    if cam.stale_correction(table.engine, batch):
                        log.info("table %s: the camera's correction came after another event; not applied", table.id)
                        source.observe(batch[0], {"seq": None, "ok": False, "severity": "info", "rule": None,
                                                  "message": "not applied: the table's last events are others"})
                        continue
                    commits = []
                    for event in batch:  # (a correction is refereed as one: nothing gets in between)
                        try:
                            commits.append(hub().apply_nowait(table, event, "camera")[1])
                        except RefereeFailed:
                            break
                    for commit in commits:
                        try:
                            await commit
                        except NotSaved:
                            continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("camera pipeline of table %s stopped", table.id)

        table.camera_task = asyncio.ensure_future(pump())

    async def auto_attach(table: LiveTable) -> None:
        """`serve --camera`: a camera that cannot be attached is logged; the table still works by hand."""
        try:
            await attach_camera(table, settings.camera)
        except HTTPException as exc:
            log.error("goatherd serve: --camera %s: %s", settings.camera, exc.detail)

    def openapi():
        if app.openapi_schema is None:
            from fastapi.openapi.utils import get_openapi

            schema = get_openapi(title=app.title, version=app.version, description=app.description,
                                 routes=app.routes)
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            event_schema = Event.model_json_schema(ref_template="#/components/schemas/{model}")
            components.update(event_schema.pop("$defs", {}))
            components["Event"] = event_schema
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi
    app.state.attach_camera = attach_camera
    app.state.hub = hub
    return FastEvents(app, hub, may_write, referee, settings.max_body)


class FastEvents:
    """The hot path, `POST /api/tables/{id}/events`, without the framework's per-request cost.

    It takes only the plain case (a known table, write allowed, no `?seq=`, a body within
    the limit that is a valid `Event`) and referees it exactly as the FastAPI route would
    (same function, same commit-before-answer). Anything else — errors included — is
    handed to the FastAPI app with the body replayed, so every error reads the same and
    the route in /openapi.json stays the documentation. Roughly doubles events/s on 2 cores.
    """

    def __init__(self, app: FastAPI, hub, may_write, referee, limit: int):
        self.app, self.hub, self.may_write, self.referee, self.limit = app, hub, may_write, referee, limit
        self.state = app.state  # what tests and callers reach through the app

    def __getattr__(self, name):  # behave like the FastAPI app for everything else
        return getattr(self.app, name)

    async def __call__(self, scope, receive, send):
        if (scope["type"] != "http" or scope["method"] != "POST" or scope.get("query_string")
                or not scope["path"].startswith("/api/tables/") or not scope["path"].endswith("/events")):
            return await self.app(scope, receive, send)
        table_id = scope["path"][len("/api/tables/"):-len("/events")]
        try:
            table = self.hub().tables.get(table_id)
        except KeyError:  # not started yet
            table = None
        if table is None or "/" in table_id:
            return await self.app(scope, receive, send)
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            chunks.append(chunk)
            size += len(chunk)
            more = message.get("more_body", False)
            if size > self.limit:
                break
        body = b"".join(chunks)

        async def replay():
            nonlocal chunks
            if chunks is not None:
                data, chunks = b"".join(chunks), None
                return {"type": "http.request", "body": data, "more_body": more}
            return await receive()

        if more or size > self.limit:
            return await self.app(scope, replay, send)
        request = Request(scope)
        try:
            event = Event.model_validate_json(body or b"null")
        except ValidationError:
            return await self.app(scope, replay, send)
        if not self.may_write(request, table):
            return await self.app(scope, replay, send)
        try:
            ruling = await self.referee(table, event.model_dump(exclude_unset=True),
                                        request.headers.get("x-goatherd-origin", "api")[:16])
            response = _json(ruling)
        except HTTPException as exc:
            response = _problem(exc.status_code, str(exc.detail))
        await response(scope, receive, send)


class BodyLimit:
    """Refuse request bodies over `limit` bytes with a JSON 413, by Content-Length or as they stream."""

    def __init__(self, app, limit: int):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = self.limit
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > limit
                except ValueError:
                    too_big = False
                if too_big:
                    response = _problem(413, f"the request body is too large (at most {limit} bytes)")
                    return await response(scope, receive, send)
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise HTTPException(413, f"the request body is too large (at most {limit} bytes)")
            return message

        await self.app(scope, limited, send)


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, to notice when it goes away."""
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
    except Exception:
        return


async def _detach(table: LiveTable) -> None:
    task, source = table.camera_task, table.camera
    table.camera, table.camera_task = None, None
    if task is not None:
        task.cancel()
    if source is not None:
        with contextlib.suppress(Exception):
            await source.close()


def _lan_ip() -> str | None:
    """This machine's LAN address for the QR code (no packet is sent: a UDP connect only
    asks the kernel which interface it would route through)."""
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            ip = info[4][0]
            if not ipaddress.ip_address(ip).is_loopback:
                return ip
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 9))
            ip = s.getsockname()[0]
            return None if ipaddress.ip_address(ip).is_loopback else ip
    except OSError:
        return None
