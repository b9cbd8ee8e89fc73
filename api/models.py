"""Request and response models (pydantic): what /openapi.json documents and checks.

Types are strict (no "1" for 1) so that a wrong type is a clear 422, not a silent
conversion; sizes are bounded so nothing unreasonable reaches the referee. Everything a
model lets through is refereed: rule questions come back as rulings, not HTTP errors.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

Name = Annotated[str, StringConstraints(min_length=1, max_length=40, strip_whitespace=False)]
CardText = Annotated[str, StringConstraints(min_length=1, max_length=4)]
Seat = Annotated[int, Field(ge=0, le=63)]
Cards = Annotated[list[CardText], Field(max_length=104)]
#: Variant flags; some take a value (Shithead `transparent: 8`, Golf `jokers: ["JS", "JC"]`).
VariantValue = bool | int | Annotated[str, StringConstraints(max_length=10)] | Annotated[list[CardText], Field(max_length=8)]
Variants = Annotated[dict[Annotated[str, StringConstraints(max_length=40)], VariantValue], Field(max_length=20)] | Annotated[
    list[Annotated[str, StringConstraints(max_length=40)]], Field(max_length=20)]


class Event(BaseModel):
    """One table-log event (see shared/spec/table-log.md and docs/table-log-extensions.md).

    Only `type` is required; which other fields matter depends on the type. Unknown
    extra fields are kept in the log (the contract lets producers add fields)."""

    model_config = ConfigDict(extra="allow", strict=True, json_schema_extra={
        "examples": [{"type": "play", "seat": 1, "cards": ["9C"]}, {"type": "eat", "seat": 2},
                     {"type": "announce", "seat": 0, "call": "one card"}]})

    type: Annotated[str, StringConstraints(min_length=1, max_length=32)] = Field(
        description="start, hand, play, slough, collect, trump, dreck, eat, announce, pass, undo")
    seat: Seat | None = None
    cards: Cards | None = None
    card: CardText | None = None
    source: Annotated[str, StringConstraints(max_length=16)] | None = Field(None, description="play: hand or stock")
    call: Annotated[str, StringConstraints(max_length=40)] | None = Field(None, description="announce: e.g. 'one card'")
    # start
    game: Annotated[str, StringConstraints(max_length=40)] | None = None
    players: Annotated[list[Name], Field(max_length=12)] | None = None
    variants: Variants | None = None
    leader: Seat | None = None
    mode: Literal["hidden", "open"] | None = None
    part: Literal[1, 2] | None = None
    trump: Annotated[str, StringConstraints(max_length=4)] | None = None
    hands: Annotated[list[Cards], Field(max_length=12)] | None = None
    hand_sizes: Annotated[list[Annotated[int, Field(ge=0, le=104)]], Field(max_length=12)] | None = None
    table: Literal["winners", "losers"] | None = None


class Ruling(BaseModel):
    """The referee's answer to one event (the table-log contract)."""

    seq: int
    ok: bool
    severity: Literal["ok", "info", "warning", "illegal", "error"]
    rule: str | None
    message: str
    notes: list[dict[str, Any]]


class TableCreate(BaseModel):
    """A table and its first game. `players`, `variants`, `mode` (and for a Part 2 teaching
    start `part`, `trump`, `hands` or `hand_sizes`, `leader`) become the `start` event."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={
        "examples": [{"name": "Kitchen", "game": "skitgubbe", "players": ["Ann", "Bob", "Cid", "Dan"]}]})

    name: Annotated[str, StringConstraints(max_length=80)] = ""
    game: Annotated[str, StringConstraints(min_length=1, max_length=40)] = "skitgubbe"
    players: Annotated[list[Name], Field(min_length=1, max_length=12)]
    variants: Variants = Field(default_factory=dict)
    mode: Literal["hidden", "open"] = "hidden"
    session_id: Annotated[str, StringConstraints(min_length=1, max_length=40)] | None = Field(
        None, description="join an existing session (its tally spans this table too); needs the join code "
                          "of one of its tables when writes are protected")
    session_name: Annotated[str, StringConstraints(max_length=80)] | None = None
    start: bool = Field(True, description="start the first game now")
    leader: Seat | None = None
    part: Literal[1, 2] | None = None
    trump: Annotated[str, StringConstraints(max_length=4)] | None = None
    hands: Annotated[list[Cards], Field(max_length=12)] | None = None
    hand_sizes: Annotated[list[Annotated[int, Field(ge=0, le=104)]], Field(max_length=12)] | None = None
    table: Literal["winners", "losers"] | None = None
    start_fields: Annotated[dict[Annotated[str, StringConstraints(min_length=1, max_length=40)], Any],
                            Field(max_length=12)] = Field(
        default_factory=dict, description="more fields of the `start` event for the game, e.g. Golf's "
                                          "`match` ({\"holes\": 9}) and `dealer`, Shithead's `face_up`")


class SessionCreate(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: Annotated[str, StringConstraints(max_length=80)] = ""


class CameraAttach(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    source: Annotated[str, StringConstraints(min_length=1, max_length=500)] = Field(
        description="webcam index ('0'), video file or stream URL")
    detections: Annotated[str, StringConstraints(min_length=1, max_length=500)] | None = Field(
        None, description="ground-truth detections sidecar (from `goatherd render-video --detections`) to "
                          "use instead of the card detector model, e.g. for vision/live/samples/table.mp4")


class CameraAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    accept: bool
    event: Event | None = Field(None, description="the corrected event, when rejecting with a fix")


class SeatPoints(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    points: Annotated[list[Annotated[list[Annotated[float, Field(ge=0, le=1)]],
                                     Field(min_length=2, max_length=2)]], Field(min_length=1, max_length=12)]


class TableInfo(BaseModel):
    id: str
    name: str
    game: str
    session_id: str
    players: list[str]
    variants: Any
    mode: str
    created_at: float
    next_seq: int
    summary: dict[str, Any]
    writable: bool
    join_code: str | None = Field(None, description="only for those who may write")
    write_url: str | None = None
    camera: dict[str, Any]


class Tally(BaseModel):
    session_id: str
    tally: dict[str, dict[str, int]]
    games: list[dict[str, Any]]


class Problem(BaseModel):
    detail: str
