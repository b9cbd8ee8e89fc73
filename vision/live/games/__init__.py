"""Per-game camera knowledge, looked up by the game name of the `start` event.

The live pipeline (tracking, settling, diffing settled states, the lookahead that probes
the referee) and the renderer (`TableRenderer`: hands putting, flipping, taking and
sweeping cards) are generic. What a change on the table *means* and how a log *looks* on
the table differ per game; each module here provides:

* `candidates(obs, view, layout)`: the candidate events (with prior weights) for one
  observation (cards that arrived or left between two settled states), in the referee
  state `view`;
* `table_cards(view)`: the cards the referee has lying on the table;
* `SINGLE_PUTS(view)`: whether cards that arrived in one settle are separate puts;
* `one_put(head, other, view, fps)` (optional): whether two arrivals waiting to be judged are
  one put after all (judged together with the first);
* `live_table(table)` (optional): the referee as the pipeline drives it, an `AutoTable`
  adding events the camera cannot see (Durak: the refill draws after a bout; Golf: the
  stock draw before a discard or swap, the next round's start), taken from the referee's
  expectation;
* `uncollected_winner(view)` (optional): the seat whose decided trick still waits to be
  collected (None when none does); while one does, a put the referee would rule illegal is
  asked about instead (its collect may have gone unseen);
* `Director`: replays a log through a referee and turns it into table motion.

"""

from __future__ import annotations

import importlib

LIVE_GAMES = {
    "skitgubbe": "vision.live.games.skitgubbe",
    "durak": "vision.live.games.durak",
    "golf": "vision.live.games.golf",
}


def live_games() -> list[str]:
    return sorted(LIVE_GAMES)


def rules_for(game: str | None):
    """The camera module for `game` (KeyError for a game the camera path does not know)."""
    return importlib.import_module(LIVE_GAMES[game or "skitgubbe"])


def rules_for_view(view: dict):
    """The camera module for a referee view (Skitgubbe's before any game has started)."""
    return rules_for(view.get("game"))


def live_table(game: str | None, table):
    """The referee table the pipeline drives for `game` (wrapped where the game needs it)."""
    try:
        mod = rules_for(game)
    except KeyError:
        return table
    wrap = getattr(mod, "live_table", None)
    return wrap(table) if wrap is not None else table


class AutoTable:
    """The referee as the pipeline drives it, for games with events the camera cannot see but
    the referee can name: `before(view, ev)` lists events applied just before `ev` (Golf: the
    stock draw that precedes a discard or swap), `after(view)` events applied after it, one
    at a time until it returns None (Durak: the refill draws). Undo withdraws an event with
    its automatic companions, so the pipeline's apply/undo probing works unchanged;
    `preludes(seq)` / `follow_ups(seq)` hand the companions of the event numbered `seq` to
    the log once, and `withdrawn_with(seq)` the undos of the companions an undo numbered `seq`
    withdrew too (a log withdraws one event an undo, so it needs each of them). Automatic
    events carry the trigger's evidence plus `"inferred"`."""

    def __init__(self, table, before=None, after=None, why: str = "inferred"):
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "_before", before)
        object.__setattr__(self, "_after", after)
        object.__setattr__(self, "_why", why)
        # per event on the referee's undo stack, its part in its group: "before" (a prelude),
        # "event" (one the pipeline applied) or "after" (a follow-up); events applied before
        # the wrapping count as "event"
        object.__setattr__(self, "_parts", [])
        object.__setattr__(self, "_auto", [])  # (trigger seq, "before" | "after", event, ruling) to hand out
        # undo seq -> the undos of the companions it withdrew (logged before it, after it); every
        # undo records its own, so a number a probe's undo used and an event took since is never asked
        object.__setattr__(self, "_undone", {})

    def __getattr__(self, name):
        return getattr(self.table, name)

    def __setattr__(self, name, value):
        if name == "next_seq":
            self.table.next_seq = value
        else:
            object.__setattr__(self, name, value)

    def _undo_one(self, undo: dict):
        """Withdraw the referee's last accepted event: (the event, the undo's ruling)."""
        gone = self.table.last_accepted()
        r = self.table.apply(undo)
        if r.ok and self._parts:
            self._parts.pop()
        return gone, r

    def _evidence(self, auto: dict, ev) -> dict:
        if isinstance(ev, dict) and isinstance(ev.get("evidence"), dict):
            why = self._why(auto) if callable(self._why) else self._why  # (a label per kind of event)
            auto = dict(auto, evidence=dict(ev["evidence"], inferred=why, cards_seen=[]))
        return auto

    def _withdraw(self, undo: dict):
        """`undo` the last event with its companions: its follow-ups, itself, then its
        preludes, each by an undo of its own; the ruling of the event's own undo."""
        def companion(step) -> tuple[dict, object]:
            gone, r = step
            ev = {"type": "undo"}
            if isinstance(undo.get("evidence"), dict) and gone is not None:
                ev["evidence"] = dict(undo["evidence"], withdraws={k: v for k, v in gone.items() if k != "evidence"},
                                      inferred="withdrawn with the event it came with", cards_seen=[])
            return ev, r

        after, before = [], []
        while self._parts[-1:] == ["after"]:
            after.append(companion(self._undo_one({"type": "undo"})))
        _, r = self._undo_one(undo)
        while self._parts[-1:] == ["before"]:
            before.append(companion(self._undo_one({"type": "undo"})))
        withdrawn = next((n["withdrawn"] for n in r.notes if n.get("kind") == "undo"), None) if r.ok else None
        self._auto[:] = [x for x in self._auto if x[0] != withdrawn]
        self._undone[r.seq] = (after, before)
        return r

    def apply(self, ev, seq: int | None = None):
        if isinstance(ev, dict) and ev.get("type") == "undo":
            return self._withdraw(ev)
        seq0 = self.table.next_seq if seq is None else seq
        pre = []
        if self._before is not None and isinstance(ev, dict):
            for p in self._before(self.table.view(), ev) or []:
                p = self._evidence(p, ev)
                pr = self.table.apply(p)
                if not pr.ok:
                    break
                pre.append((p, pr))
        r = self.table.apply(ev, seq0 + len(pre) if pre else seq)
        if not r.ok:
            if pre:  # judge the event on its own (the automatic events only made sense with it)
                for _ in pre:
                    self.table.apply({"type": "undo"})
                self.table.next_seq = seq0
                r = self.table.apply(ev, seq0)
            if r.ok:
                self._parts.append("event")
            return r
        post = []
        if self._after is not None:
            for _ in range(64):
                a = self._after(self.table.view())
                if a is None:
                    break
                a = self._evidence(a, ev)
                ar = self.table.apply(a)
                if not ar.ok:
                    break
                post.append((a, ar))
        self._auto.extend([(r.seq, "before", p, pr) for p, pr in pre] + [(r.seq, "after", a, ar) for a, ar in post])
        self._parts.extend(["before"] * len(pre) + ["event"] + ["after"] * len(post))
        return r

    def _hand_out(self, seq: int, when: str) -> list[tuple[dict, object]]:
        mine = [(e, r) for s, w, e, r in self._auto if s == seq and w == when]
        self._auto[:] = [x for x in self._auto if not (x[0] == seq and x[1] == when)]
        return mine

    def withdrawn_with(self, seq: int) -> tuple[list, list]:
        """The undos (event, ruling) of the companions the undo numbered `seq` withdrew with its
        event (once): those logged before it (the event's follow-ups) and after it (its preludes)."""
        return self._undone.pop(seq, ([], []))

    def preludes(self, seq: int) -> list[tuple[dict, object]]:
        """The automatic events applied just before the event numbered `seq` (once)."""
        return self._hand_out(seq, "before")

    def follow_ups(self, seq: int) -> list[tuple[dict, object]]:
        """The automatic events applied just after the event numbered `seq` (once)."""
        return self._hand_out(seq, "after")
