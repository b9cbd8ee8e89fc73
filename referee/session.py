"""A session: many games in a row at one table, and the tally that outlives each game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameRecord:
    """How one finished (or abandoned) game ended."""

    game: str
    players: tuple[str, ...]
    losers: tuple[str, ...]  # Skitgubbe: the goat; Durak: the fool; empty for a draw
    out: tuple[str, ...]  # players in the order they went out (first out first)
    table: str | None = None  # for sessions over several tables (Skitgubbe S3.7)
    abandoned: bool = False
    loser_seat: int | None = None  # where the loser sat, for seat-moving variants
    # points this game adds to each player's running total (Golf round scores with
    # penalties; Zalupa: 1 trump lost by the loser); summed in the tally as "points"
    scores: tuple[tuple[str, int], ...] = ()
    # game-specific facts later games of the session read (e.g. ("match", 3), ("trump_lost", "10H"))
    info: tuple[tuple[str, object], ...] = ()

    @property
    def loser(self) -> str | None:
        return self.losers[0] if len(self.losers) == 1 else None


@dataclass(frozen=True, slots=True)
class Session:
    records: tuple[GameRecord, ...] = ()

    def add(self, record: GameRecord) -> "Session":
        return Session(self.records + (record,))

    def last(self, table: str | None = None) -> GameRecord | None:
        """The last game that was played to the end (at `table`, when given)."""
        for record in reversed(self.records):
            if not record.abandoned and (table is None or record.table == table):
                return record
        return None

    def tally(self) -> dict[str, dict]:
        """Per player: games finished, times they lost (goat, fool, shithead...), current
        losing streak, and points (the sum of game scores, for games that score)."""
        tally: dict[str, dict] = {}
        for record in self.records:
            if record.abandoned:
                continue
            scores = dict(record.scores)
            for name in record.players:
                entry = tally.setdefault(name, {"games": 0, "losses": 0, "streak": 0, "points": 0})
                entry["games"] += 1
                entry["points"] += scores.get(name, 0)
                if name in record.losers:
                    entry["losses"] += 1
                    entry["streak"] += 1
                else:
                    entry["streak"] = 0
        return tally
