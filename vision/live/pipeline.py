"""The stateful glue: detector -> tracker -> settle -> events -> referee, one frame at a time.

    pipe = LivePipeline(players, detector, fps=12)
    for index, frame, t in source:
        for out in pipe.process(frame, index, t):
            print(out)          # {"event": ..., "ruling": ...} or {"note": ...}
    pipe.finish()
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, replace

import numpy as np

from vision.geometry import short_side
from vision.live import settle as st
from vision.live.detector import BACK, FACE, UNKNOWN, Detector
from vision.live.cues import Seen, found_again, immature
from vision.live.events import EventMaker, event_cards, without_evidence
from vision.live.layout import Layout, default_layout
from vision.live.tracker import Tracker, vote_identity, with_gap

#: Weight of the best guesses of a card whose votes do not reach a name.
UNREAD_GUESS_WEIGHT = 0.25
#: A face-up card matched in as many frames as this many seconds hold was in sight long enough
#: to be read. When at least UNREAD_DECK_CARDS such cards were seen and UNREAD_DECK_SHARE of them
#: were never named, the deck is probably a design the readers cannot read (`unread_deck`).
#: Real-model bench replays, 30 games: kde/future (no suit pips; a coloured tab and a bar code)
#: 59-92 % never named, oxygen-white 4-16 %, the index decks 0-7 %.
LONG_SEEN_S = 2.0
UNREAD_DECK_CARDS = 8
UNREAD_DECK_SHARE = 0.5
#: A table still this long (seconds) is compared again as soon as a new card that waited to
#: be read at its settle is read well enough (`_waiting_read`); sooner, such a read is often a
#: second box over a card being settled, gone again a moment later. Ten recorded sets of three
#: real-model full games (session 35): 2 s -> 1.5 s took fresh bellot 91 game 0 from 128 to 222
#: of 223 events nobody answering (a run's cards read in time for a correction) and changed no
#: other game; 1 s and 0.75 s cost tango 21 game 1 two events answered, 0.5 s bellot full game
#: 0 fifteen.
REREAD_STILL_S = 1.5
#: Named cards whose tracks died are kept this long (seconds) for `found_again`: the second box
#: of a card lost in flight may be read only a few seconds after it landed.
LOST_KEPT_S = 5.0
#: A card whose track died and that a new track names within this many card widths of where
#: it was last seen was boxed anew in place (for `Seen.unseen`).
REBOXED_IN_PLACE = 0.5
#: An ambiguous observation waits at most this long (seconds) for later evidence.
MAX_WAIT_S = 60.0


def _event_key(ev: dict) -> str:
    """An event as the referee judges it (its evidence aside), for comparing logs."""
    return json.dumps(without_evidence(ev), sort_keys=True)


@dataclass
class Output:
    frame: int
    time: float
    event: dict | None = None
    ruling: dict | None = None
    note: dict | None = None

    def to_dict(self) -> dict:
        d = {"frame": self.frame, "time": round(self.time, 3)}
        for k in ("event", "ruling", "note"):
            if getattr(self, k) is not None:
                d[k] = getattr(self, k)
        return d


@dataclass
class Stats:
    frames: int = 0
    settles: int = 0
    detect_s: float = 0.0
    logic_s: float = 0.0
    latencies: list = field(default_factory=list)  # (event seq, emit frame, frame of the change)
    long_seen: dict = field(default_factory=dict)  # face track id -> ever named (see LONG_SEEN_S)


class LivePipeline:
    def __init__(self, players: list[str], detector: Detector, fps: float, game: str = "skitgubbe",
                 layout: Layout | None = None, leader: int | None = 0, start_extra: dict | None = None):
        from referee import Table

        self.players = players
        self.detector = detector
        self.fps = float(fps)
        self.layout = layout
        self.game = game
        from vision.live.games import live_table

        self.table = live_table(game, Table())  # Durak: the refill draws come with the bout's end
        self.tracker = Tracker()
        self.settler = st.SettleDetector(st.settle_frames(self.fps))
        self.quiet = 0  # frames in a row whose picture hardly changed (settle.picture_is_still)
        self.events: EventMaker | None = None
        self.log: list[dict] = []
        self.rulings: list[dict] = []
        self.notes: list[dict] = []
        self.departed: dict[str, Seen] = {}  # by name (a card tracked twice leaves once); unread: by track
        self.lost: list[Seen] = []  # named cards whose tracks died lately (LOST_KEPT_S), for `found_again`
        self.stats = Stats()
        self.last_ruling: dict | None = None
        self.last_event: dict | None = None
        start = {"type": "start", "game": game, "players": list(players), "mode": "hidden"}
        if leader is not None:
            start["leader"] = leader
        start.update(start_extra or {})
        self.start_event = start
        self._started = False
        self.motion_limit = 0.0
        self.thumb: np.ndarray | None = None  # the previous frame's grey thumbnail (picture motion)
        self.thumb_mask: np.ndarray | None = None  # the play area on the thumbnail

    # ------------------------------------------------------------------ helpers
    def _start(self, frame_shape) -> list[Output]:
        h, w = frame_shape[:2]
        if self.layout is None:
            from vision.live.games import LIVE_GAMES, rules_for

            own = getattr(rules_for(self.game), "default_layout", None) if self.game in LIVE_GAMES else None
            self.layout = (own or default_layout)(len(self.players), w, h)  # (Golf: seats with room for grids)
        elif (self.layout.width, self.layout.height) != (w, h):
            self.layout = self.layout.scaled(w, h)
        self.layout.names = list(self.players)
        self.motion_limit = st.MOTION_FRACTION * min(w, h)
        self.tracker.size = (w, h)
        self.events = EventMaker(self.table, self.layout, self.fps)
        self._started = True
        if self.table.next_seq > 0:  # resynced to a table's log before the first frame
            self.events.follow(self.table)
            return []
        ruling = self.table.apply(self.start_event)
        self.log.append(self.start_event)
        self.rulings.append(ruling.to_dict())
        self.last_ruling = ruling.to_dict()
        return [Output(0, 0.0, self.start_event, ruling.to_dict())]

    def resync(self, log: list[dict]) -> None:
        """Follow a table's authoritative log: after a manual event, an undo or a confirmed
        question there (or a camera attached mid-game), the pipeline's referee becomes a replay
        of `log`, so the next camera events are judged against the game as the table has it.
        What the camera has accounted for stays (a corrected card still lies where it lay)."""
        from referee import Table
        from vision.live.games import live_table

        table = live_table(self.game, Table())
        for ev in log:
            table.apply(ev)
        self.table = table
        if log and log[0].get("type") == "start":
            self.start_event = log[0]
        if self.events is not None:
            # what the log has beyond the camera's own events was typed in (or confirmed) by a person
            own = Counter(_event_key(ev) for ev in self.log)
            typed = []
            for ev in log:
                key = _event_key(ev)
                if own[key] > 0:
                    own[key] -= 1
                else:
                    typed += event_cards(ev)
            self.events.follow(table, typed)

    def _seen(self, t, taken: set = frozenset()) -> Seen:
        """A track as the event logic sees it; names other tracks hold are not offered."""
        ranked = t.ranked()
        names = []
        if t.name != UNKNOWN:
            share = dict(ranked).get(t.name, 0.0)
            names.append((t.name, share))
        else:
            names.append((UNKNOWN, 0.0))
        # guesses for an unread card are weak evidence: they may explain an arrival the referee
        # finds legal only when nothing better does, and are otherwise asked about
        scale = 1.0 if t.name != UNKNOWN else UNREAD_GUESS_WEIGHT
        names += [(n, s * scale) for n, s in ranked if n != t.name and n not in taken]
        best = t.name if t.name != UNKNOWN else next((n for n, _ in names[1:]), None)
        votes = float(t.votes.get(best, 0.0)) if best is not None else 0.0  # behind its name or best guess
        peak = float(t.peak.get(best, 0.0)) if best is not None else 0.0
        twin_of = ranked[0][0] if t.name == UNKNOWN and ranked and ranked[0][0] in taken else None
        return Seen(t.id, names, t.first_centre.copy(), t.centre.copy(), t.first_frame, t.last_frame,
                    short_side(t.quad), votes, peak, twin_of, dict(t.peak),
                    t.first_read[1].copy() if t.first_read is not None else None, t.unseen)

    # ------------------------------------------------------------------ per frame
    def process(self, frame: np.ndarray | None, index: int, t: float | None = None,
                shape: tuple | None = None) -> list[Output]:
        import time as _time

        out: list[Output] = []
        if not self._started:
            out += self._start(frame.shape if frame is not None else shape)
        t = index / self.fps if t is None else t
        t0 = _time.perf_counter()
        dets = self.detector(frame, index)
        t1 = _time.perf_counter()
        self.tracker.update(dets, index)
        if self.events is not None:
            self.events.note_hands(index, [h.quad for h in self.tracker.hands])
            if self.tracker.renamed:
                self.events.renamed(self.tracker.renamed)
        self._note_departed(self.tracker.died)
        # (a new card counts once it is confirmed: the detector's junk boxes, born and gone
        # unconfirmed frame after frame, held a busy table's settle back for seconds)
        changed = self.tracker.confirmed_now + [d for d in self.tracker.died if d.confirmed]
        picture = self._picture_motion(frame)
        self.quiet = self.quiet + 1 if st.picture_is_still(picture) else 0
        if changed and self.quiet > self.settler.frames and all(self.layout.in_play_area(tr.centre) for tr in changed):
            changed = []  # the picture stayed still: compare the table again, at once
            self.settler.rearm()
        still = st.frame_is_still([h.quad for h in self.tracker.hands], self.layout.play_area,
                                  self.tracker.max_motion(), self.motion_limit, picture)
        # a new card changed the table when it came to lie where it lies; a card lost, now (from
        # when it was last seen: 57 games kept 121 events fewer, their settles mid-collect)
        gone = {id(d) for d in self.tracker.died}
        changed_ago = min((0 if id(tr) in gone else index - tr.rest_frame for tr in changed), default=None)
        settled = self.settler.update(still, changed_ago)
        if settled:  # (cards lost in flight and not found again by now were carried off)
            self._note_departed(self.tracker.drop_carried(self.settler.frames, self._carried_off))
        if settled or (self.settler.still >= round(REREAD_STILL_S * self.fps) and self._waiting_read(index)):
            out += self._on_settle(index, t)
        self.stats.frames += 1
        self.stats.detect_s += t1 - t0
        self.stats.logic_s += _time.perf_counter() - t1
        return out

    def _carried_off(self, t) -> bool:
        """A card lost while moving was carried off when it lay on the table before (the camera
        accounted for it there: a card brought in from a hand did not) and was lost outside the
        play area, or in flight heading away from the area's centre."""
        accounted = self.events.on_table.get(t.name) if self.events is not None else None
        if accounted is None or accounted["track"] != t.id:
            return False
        if not self.layout.in_play_area(t.centre):
            return True
        outwards = t.centre - self.layout.centre
        return t.lost_flying and float(np.dot(t.lost_velocity, outwards)) > 0.0

    def _note_departed(self, tracks) -> None:
        """Remember the face cards in `tracks` (gone from the tracker) as departed."""
        self._note_reads(tracks)
        for tr in tracks:
            # (an unread card leaves with its guesses: one read JH and JD by turns, never named,
            # may be a card that came and went between settles)
            if tr.kind == FACE and tr.confirmed and (tr.name != UNKNOWN or tr.votes):
                key, seen = tr.name if tr.name != UNKNOWN else f"#{tr.id}", self._seen(tr)
                # (the better-read track of the name: a fresh tango game's 10H, read on 10
                # votes and eaten, left after a box of the run's card under it, read "10H" on 0.4)
                if key not in self.departed or self.departed[key].votes <= seen.votes:
                    self.departed[key] = seen
                if tr.name != UNKNOWN:
                    self.lost.append(seen)

    def _waiting_read(self, index: int) -> bool:
        """Whether a new card that waited to be read at the last settle is read well enough
        now (`events.immature`): the table, still since, is compared again at once rather than
        at its next settle. A real-model full bellot game: Dan's JC, read surely only 3 s into
        a still table, was taken away before the next settle, and never logged."""
        waiting = self.events.waiting if self.events is not None else ()
        return any(tr.id in waiting and tr.name != UNKNOWN and not immature(self._seen(tr), index, self.fps)
                   for tr in self.tracker.tracks)

    def _picture_motion(self, frame: np.ndarray | None) -> float | None:
        """How much of the play area's picture changed since the last frame (None without pixels)."""
        if frame is None:
            return None
        thumb = st.grey_thumbnail(frame)
        if self.thumb_mask is None or self.thumb_mask.shape != thumb.shape:
            self.thumb_mask = st.area_mask(self.layout.play_area, (self.layout.width, self.layout.height), thumb.shape)
        motion = st.picture_motion(self.thumb, thumb, self.thumb_mask)
        self.thumb = thumb
        return motion

    def _note_reads(self, tracks) -> None:
        """Remember which face tracks in sight for LONG_SEEN_S were ever named."""
        need = max(1, round(LONG_SEEN_S * self.fps))
        for tr in tracks:
            if tr.kind == FACE and tr.hits >= need:
                named = vote_identity(tr.votes)[0] != UNKNOWN
                self.stats.long_seen[tr.id] = self.stats.long_seen.get(tr.id, False) or named

    def unread_deck(self) -> tuple[int, int] | None:
        """(never named, seen) when at least UNREAD_DECK_CARDS face-up cards were in sight for
        LONG_SEEN_S and UNREAD_DECK_SHARE of them were never named: the readers
        probably cannot read this deck's design, and the camera will report little. Else None."""
        seen = len(self.stats.long_seen)
        unread = seen - sum(self.stats.long_seen.values())
        return (unread, seen) if seen >= UNREAD_DECK_CARDS and unread >= UNREAD_DECK_SHARE * seen else None

    def unread_deck_message(self) -> str | None:
        """`unread_deck` in words for the players (None while the deck reads as usual)."""
        found = self.unread_deck()
        if found is None:
            return None
        return (f"{found[0]} of {found[1]} face-up cards in sight for {LONG_SEEN_S:g} s or more could not be "
                f"read: goatherd may not know this deck's design (models/README.md lists the decks it was "
                f"measured on); type the events in by hand instead")

    def _on_settle(self, index: int, t: float) -> list[Output]:
        self.stats.settles += 1
        self._note_reads(self.tracker.tracks)
        self.tracker.judge_recalled_starts()
        faces = [tr for tr in self.tracker.tracks if tr.kind == FACE and tr.confirmed]
        taken = {tr.name for tr in faces if tr.name != UNKNOWN}
        seen = [self._seen(tr, taken) for tr in faces]
        self.lost = [d for d in self.lost if index - d.last_frame <= LOST_KEPT_S * self.fps]
        for k, (tr, s) in enumerate(zip(faces, seen)):
            # a card boxed twice in flight, its first track lost: it came from where that was first seen
            d = found_again(s, self.lost)
            if d is not None:
                tr.first_centre, tr.first_frame, tr.born = d.first.copy(), d.first_frame, None
                seen[k] = replace(s, first=d.first.copy(), first_frame=d.first_frame)
        present = {s.name for s in seen}
        departed = [d for n, d in self.departed.items() if n not in present]
        at = {s.name: k for k, s in enumerate(seen) if s.name != UNKNOWN}
        for n, d in self.departed.items():
            # a card whose track was given up and that was boxed anew where it lay went unseen
            # in between (`Seen.unseen`, as `Track.unseen` for a track found again)
            s = seen[at[n]] if n in at else None
            if s is not None and s.first_frame > d.last_frame + 1 and \
                    np.linalg.norm(s.first - d.last) <= REBOXED_IN_PLACE * max(s.width, d.width, 1.0):
                seen[at[n]] = replace(s, unseen=with_gap(s.unseen, d.last_frame, s.first_frame))
        self.departed = {}
        trust = getattr(self.detector, "corner_trust", None)  # the shipped model's (ModelDetector)
        self.events.faces_only = trust is not None and trust.weight < 1.0
        self.events.backs = [tr.centre.copy() for tr in self.tracker.tracks if tr.kind == BACK and tr.confirmed]
        self.events.observe(seen, departed, index)
        oldest = self.events.pending[0].time if self.events.pending else t
        return self._outputs(self.events.resolve(force=(t - oldest) > MAX_WAIT_S), index, t)

    def _outputs(self, decided, index: int, t: float) -> list[Output]:
        out = []
        for ev, obs, info in decided:
            note = info.get("note")
            if note is not None:
                self.notes.append(note)
            if ev is None:
                if note is not None:
                    out.append(Output(index, t, note=note))
                continue
            ruling = info["ruling"].to_dict()
            event = info["event"]
            # (an undo withdrew its event's automatic companions too: the log needs an undo each)
            after, before = getattr(self.table, "withdrawn_with", lambda seq: ([], []))(ruling["seq"]) \
                if event.get("type") == "undo" else ([], [])
            for fev, fr in after + getattr(self.table, "preludes", lambda seq: [])(ruling["seq"]):
                self.log.append(fev)  # events the referee expects that the camera cannot see (a draw)
                self.rulings.append(fr.to_dict())
                out.append(Output(index, t, fev, fr.to_dict()))
            self.log.append(event)
            self.rulings.append(ruling)
            self.last_ruling, self.last_event = ruling, event
            self.stats.latencies.append((ruling["seq"], index, int(obs.order)))
            out.append(Output(index, t, event, ruling, note))
            for fev, fr in before + getattr(self.table, "follow_ups", lambda seq: [])(ruling["seq"]):
                fr = fr.to_dict()  # events the referee expects that the camera cannot see (draws)
                self.log.append(fev)
                self.rulings.append(fr)
                self.last_ruling, self.last_event = fr, fev
                out.append(Output(index, t, fev, fr))
        return out

    def finish(self) -> list[Output]:
        """End of the source: decide whatever is still pending."""
        if self.events is None:
            return []
        idx = self.stats.frames
        return self._outputs(self.events.resolve(force=True), idx, idx / self.fps)

    # ------------------------------------------------------------------ display
    def annotate(self, frame: np.ndarray) -> np.ndarray:
        """The frame with seat zones, play area, card names, hands and the referee's view."""
        import cv2

        img = frame.copy()
        lay = self.layout
        if lay is None:
            return img
        c = lay.centre
        ang = np.sort(lay.seat_angles())
        for a0, a1 in zip(ang, np.roll(ang, -1)):
            mid = (a0 + ((a1 - a0) % (2 * np.pi)) / 2)
            p = c + 2000 * np.array([np.cos(mid), np.sin(mid)])
            cv2.line(img, tuple(int(v) for v in c), tuple(int(v) for v in p), (200, 200, 200), 1, cv2.LINE_AA)
        cv2.polylines(img, [lay.play_area.astype(np.int32)], True, (0, 200, 255), 2, cv2.LINE_AA)
        cv2.circle(img, tuple(int(v) for v in lay.stock), int(lay.stock_radius), (255, 160, 0), 1, cv2.LINE_AA)
        view = self.table.view()
        to_act = view.get("to_act")
        for s, p in enumerate(lay.seats):
            name = self.players[s] if s < len(self.players) else str(s)
            q = c + (p - c) * 0.88
            colour = (0, 255, 255) if s == to_act else (255, 255, 255)
            cv2.putText(img, name, (int(q[0]) - 20, int(q[1])), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 4,
                        cv2.LINE_AA)
            cv2.putText(img, name, (int(q[0]) - 20, int(q[1])), cv2.FONT_HERSHEY_SIMPLEX, 0.7, colour, 2, cv2.LINE_AA)
        for tr in self.tracker.tracks:
            colour = (0, 255, 0) if tr.kind == FACE else (160, 160, 160)
            if tr.occluded:
                colour = (0, 140, 255)
            cv2.polylines(img, [tr.quad.astype(np.int32)], True, colour, 2, cv2.LINE_AA)
            if tr.kind == FACE:
                p = tr.quad.min(axis=0)
                cv2.putText(img, tr.name, (int(p[0]), int(p[1]) - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.6, colour, 2,
                            cv2.LINE_AA)
        for h in self.tracker.hands:
            cv2.polylines(img, [h.quad.astype(np.int32)], True, (255, 0, 255), 2, cv2.LINE_AA)
        lines = [f"phase {view.get('phase')}  turn {self.players[to_act] if isinstance(to_act, int) else '-'}"
                 f"  trump {view.get('trump') or '-'}  kills {view.get('kills', 0)}  stock {view.get('stock', '-')}"]
        if view.get("trick"):
            lines.append("trick: " + " ".join(f"{self.players[x['seat']][:3]}:{x['card']}"
                                              for x in view["trick"]["cards"]))
        if view.get("phase") == "part2":
            lines.append("table: " + " | ".join(" ".join(p) for p in view.get("table", [])) +
                         f"   plays to kill: {view.get('plays_to_kill')}")
        if self.last_ruling:
            r = self.last_ruling
            lines.append(f"#{r['seq']} {r['severity']}: {r['message'][:90]}")
        if self.notes:
            lines.append("? " + self.notes[-1]["message"][:90])
        scale = max(0.45, min(0.7, img.shape[1] / 1800))
        step = int(40 * scale)
        width = max(cv2.getTextSize(line, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)[0][0] for line in lines) + 16
        top = img[0:step * len(lines) + 8, 0:min(width, img.shape[1])]
        top[:] = (top * 0.35).astype(top.dtype)  # a dark band under the text
        y = step
        for line in lines:
            cv2.putText(img, line, (8, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (255, 255, 255), 1, cv2.LINE_AA)
            y += step
        return img
