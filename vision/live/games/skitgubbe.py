"""Skitgubbe on camera: the renderer's director (tricks around the centre, Part 2 plays in
rows, dreck in front of its owner, the trump card laid aside) and the pipeline's candidate
events (what a card arriving or leaving means in each phase)."""

from __future__ import annotations

import math

import numpy as np

from vision.live.cues import BOX_PEAK, UNKNOWN, Observation, name_options, rank_key, run_gaps, run_mate, travelled
from vision.live.events import IGNORE, W_GLITCH, W_WRONG_TAKER
from vision.live.layout import Layout
from vision.live.render import REACH_S, RETREAT_S, HOLD_S, CardObj, Director, TableRenderer, _rot  # noqa: F401

#: Part 1: distance of a seat's trick slot from the centre, in card heights.
TRICK_RADIUS = 1.3
#: Sideways step between cards one seat puts into the same trick / run overlap, in card widths.
SLOT_STEP = 0.5
RUN_STEP = 0.42
#: Dreck laid out in front of its owner: cards per row, step in card widths, rows in card heights.
DRECK_ROW, DRECK_STEP, DRECK_ROW_STEP = 9, 0.5, 1.05


#: A Part 1 trick no seat has won yet, carried off surely towards the one seat still to play:
#: that seat's collect, its play unseen (`last_play_unseen`; the play is inferred before the
#: collect, unread), at this weight; else a glitch (W_GLITCH). Penguins 81 game 0: Dan's 9D,
#: the last play of a war, was never boxed; his collect was set aside, his next lead 2C logged
#: as his war play, and the camera lost step.
W_COLLECT_UNSEEN_PLAY = 0.3
#: Prior weights of the interpretations of a card arriving in Part 1.
W_PLAY_TO_ACT = 1.0  # the seat to act puts a card down: its play
W_SLOUGH_TO_ACT = 0.9  # ... or a slough before its play (about as common in simulated games)
W_SLOUGH_OTHER = 1.0  # another seat puts a card down: a slough
W_PLAY_MISZONED = 0.15  # ... or the card was misattributed and it is the play
#: ... when the card was first seen where it now lies (no path back to a seat: its seat is only
#: the zone it lies in, often next to a zone border), misattribution is as plausible as not;
#: at least MIN_PLAUSIBLE so a legal play by the seat to act can explain the card.
W_PLAY_UNSURE_SEAT = 0.5
W_FLIP = 1.0  # a card first seen face up at the stock: a flip
#: ... a card whose path points to another seat than the one to act, first seen beside the
#: stock: the flip of the seat to act, slid away at once. Below the other seat's slough (taken
#: when that is legal); above MIN_PLAUSIBLE and DECISIVE_RATIO x W_PLAY_MISZONED, so it wins
#: over a hand play by the seat to act. Real-model replay, 30 games: F1 0.654 -> 0.667 (1 false
#: accusation, as before); with answers 0.7064 -> 0.7059. At 0.4 it waits: more questions.
W_FLIP_BESIDE = 0.5
#: A card the seat to act put down that stayed unread: its play of an unread card ("??", which
#: the referee takes in a hidden game, in Part 1 and, alone, in Part 2). Above MIN_PLAUSIBLE,
#: and above what the card was guessed to be (its guesses are outvoted by its unread reads),
#: so the seat's play is logged and asked about instead of lost: a lost play put the camera
#: out of step for the rest of the game (real-model full games: tango game 0 after 35 of 266
#: events, bellot game 0).
W_PLAY_UNREAD = 0.5
#: ... but a Part 2 hand the referee knows whole holds no card it cannot name: an unread card
#: the seat to act puts down is also read as each card of that hand its track was read as at
#: times, weighted by that read's peak times this. Atlas 101 game 2: Cid's AD under his KD,
#: its box mostly unread, read AD at 0.73 at best (and KH, JH, KD at times), was asked about;
#: his hand held KH and AD, and the camera lost 19 of 231 events.
W_UNREAD_FROM_HAND = 0.5


#: A dreck row read as seen, when the referee knows its cards' owner holds more dreck (or
#: that another seat holds them): the camera missed some of the row (cards overlap) or its
#: seat. Real-model full game: Ann's 3H 3S 4C read as 3H 4C, Cid's eight as six (the dreck
#: phase never ended); the trump card 4D, which the referee counted to Ann (a missed move),
#: laid out in front of Bob and ruled S0.1. Below 1 / DECISIVE_RATIO: the row its owner holds wins.
W_DRECK_AS_SEEN = 0.3

#: A dreck row from a seat the referee knows every card of, none of them in the row: the
#: row of a seat whose hand holds cards the camera never saw (the referee rules out all but
#: where its count put them). The camera missed a Part 1 slough, so the trick that went to
#: the row's owner lacked the card, and the referee places it, unseen, in a hand that still
#: holds cards it never saw; logged so, the dreck phase ends and the game goes on. A fresh
#: tango game: Dan's 6C slough went unseen; at the dreck Ann's 6C was asked about, the dreck
#: phase never ended and the camera lost all of Part 2 (234 of 296 events). Above MIN_PLAUSIBLE.
W_DRECK_UNSEEN_HOLDER = 0.5

#: A dreck row with cards that are no dreck cards, from a seat the referee knows holds the
#: row's dreck cards and at least as many more as the row has odd cards: those are its other
#: dreck cards, misread (rows overlap), or unseen under the rest. A fresh tango game: Cid's nine
#: read with JH for 3C was asked about; the dreck phase lasted another minute and the camera
#: lost Part 2's first 18 events. Fresh tango 191 game 2: Dan's 5D 4S "AC" (his 4D), his 6C
#: unseen, was asked about, and Part 2 went mostly unread (92 of 194 events; now 192).
W_DRECK_MISREAD = 0.5


#: Cards last seen inside the play area (the hand that took them hid them there) say little
#: of who took them: their zone disagreeing with the referee's taker costs this much, not
#: W_WRONG_TAKER.
W_UNSURE_TAKER = 0.5


def table_cards(view: dict) -> set[str]:
    """Cards the referee has on the table (Part 1 trick, dreck rows, or Part 2 plays)."""
    if view.get("phase") == "part1" and view.get("trick"):
        return {c["card"] for c in view["trick"]["cards"]}
    if view.get("phase") == "dreck":
        return set(view.get("dreck_laid", ()))
    if view.get("phase") == "part2":
        return {c for p in view.get("table", []) for c in p}
    return set()


def candidates(obs: Observation, view: dict, layout: Layout) -> list[tuple[dict | None, float]]:
    """Candidate events for an observation in the referee state `view` (None = no event)."""
    phase = view.get("phase")
    to_act = view.get("to_act")
    out: list[tuple[dict | None, float]] = []
    if obs.kind == "leave":
        names = {s.name for s in obs.cards}
        if phase == "part1" and view.get("trick"):
            trick_cards = {c["card"] for c in view["trick"]["cards"]}
            if names & trick_cards:
                winner = view["trick"].get("winner")
                # (an unread card may leave it open between several seats: the referee's may_win)
                takers = [winner] if winner is not None else view["trick"].get("may_win", [])
                if not takers and not trick_cards & obs.present and obs.seat_sure and \
                        last_play_unseen(view, obs.seat_hint):
                    # (carried off towards the one seat still to play: its play went unseen)
                    return [({"type": "collect", "seat": obs.seat_hint}, W_COLLECT_UNSEEN_PLAY), (IGNORE, W_GLITCH)]
                if not takers or trick_cards & obs.present:
                    return [(IGNORE, W_GLITCH)]  # not a whole decided trick leaving: a glitch, or wait
                hint = obs.seat_hint
                for taker in takers:
                    out.append(({"type": "collect", "seat": taker}, 1.0 if hint in (None, taker) else W_WRONG_TAKER))
                return out
        if phase == "part2" and view.get("table"):
            on_table = table_cards(view)
            # (an unread play on the table may leave under what its card was read as once)
            if names & on_table or UNKNOWN in on_table:
                if to_act is None:
                    return [(IGNORE, W_GLITCH)]
                out.append(({"type": "eat", "seat": to_act}, 1.0 if obs.seat_hint in (None, to_act) else
                            W_WRONG_TAKER if obs.seat_sure else W_UNSURE_TAKER))
                return out
        if table_cards(view) & names:
            return [(IGNORE, W_GLITCH)]  # cards the referee still has vanished unexpectedly: a glitch?
        return [(None, 1.0)]  # the referee already took these cards off (kill, part end, dreck, trump)

    # arrivals
    opts = name_options(obs.cards)
    seat = obs.seat_hint
    if phase == "part1" and len(obs.cards) == 1:
        # a round an unread card ended is open (the referee's may_win): any of those seats may
        # play next, starting a war between them (a real-model full bellot game: Dan's war play
        # JD after Bob's unread JS was logged as a slough, and Bob's 10D too)
        open_round = ((view.get("trick") or {}).get("may_win") or []) if to_act is None else []
        if turned_up_aside(obs, view, layout):
            return []  # the trump card, which the referee does not expect yet: asked (`why_unexplained`)
        if obs.cards[0].name == UNKNOWN and seat == to_act:
            # (a flip too: the referee takes an unread stock card, and leaves the round open)
            flip = {"source": "stock"} if obs.from_stock else {}
            out.append(({"type": "play", "seat": seat, "cards": [UNKNOWN], **flip}, W_PLAY_UNREAD))
        # (a card flipped while most of the decided trick's cards are no longer seen is its
        # winner's next lead: the collect is inferred before it, `inferred_before`; a fresh
        # Atlas game's trick left piecemeal, its cards covered by later ones, and Cid's flip 6S
        # was logged as a slough: the next trick's cards went on to his winnings)
        flipper = to_act if to_act is not None else leading_after_collect(obs, view)
        for (names,), w in ((o[0], o[1]) for o in opts):
            c = names
            if obs.from_stock and flipper is not None:
                # the flipper lays the card in front of themself: the zone must agree with the turn
                out.append(({"type": "play", "seat": flipper, "cards": [c], "source": "stock"},
                            W_FLIP * w * (1.0 if seat in (None, flipper) else W_PLAY_MISZONED)))
                out.append(({"type": "slough", "seat": seat, "card": c}, 0.05 * w))
                continue
            if seat == to_act or seat in open_round:
                out.append(({"type": "play", "seat": seat, "cards": [c]}, W_PLAY_TO_ACT * w))
                out.append(({"type": "slough", "seat": seat, "card": c}, W_SLOUGH_TO_ACT * w))
            else:
                out.append(({"type": "slough", "seat": seat, "card": c}, W_SLOUGH_OTHER * w))
                if to_act is not None:
                    miszoned = W_PLAY_MISZONED if obs.seat_sure else W_PLAY_UNSURE_SEAT
                    out.append(({"type": "play", "seat": to_act, "cards": [c]}, miszoned * w))
                    if obs.beside_stock:
                        out.append(({"type": "play", "seat": to_act, "cards": [c], "source": "stock"},
                                    W_FLIP_BESIDE * w))
        return out
    if phase == "part1":  # several cards in one put: treat as consecutive sloughs/plays is too
        return []  # ambiguous to guess; the pipeline splits puts by time, so this means trouble
    if phase == "intermission":
        if len(obs.cards) != 1:
            return []
        holder = view.get("to_act")
        for (c,), w in opts:
            ev = {"type": "trump", "card": c}
            if holder is not None:
                ev["seat"] = holder
            out.append((ev, w))
        return out
    if phase == "dreck":
        # a card that is no dreck card, arriving while the referee waits for dreck, is Part 2's
        # first lead after a dreck card the camera missed: asked, never ruled a wrong dreck (a
        # real-model full game: Ann's KH lead was logged as dreck and ruled illegal, S1.16)
        from referee.games.skitgubbe import dreck_cards

        allowed = dreck_cards(view["trump"])
        laid = set(view.get("dreck_laid", ()))
        hands = view.get("hands", {})
        for names, w in opts:
            if not set(allowed).issuperset(names):
                full = _dreck_misread(names, seat, allowed, laid, hands)
                if full:
                    out.append(({"type": "dreck", "seat": seat, "cards": full}, w * W_DRECK_MISREAD))
                continue
            if laid.issuperset(names):  # logged already (the rest of a row completed before)
                out.append((None, w))
                continue
            # the referee knows who collected each dreck card in Part 1 (tricks are collected
            # face up): a row whose cards one seat holds is that seat's, and that seat lays out
            # every dreck card it holds (S1.16)
            owners = {int(h) for c in names for h, hand in hands.items() if c in hand["known"]}
            owner = owners.pop() if len(owners) == 1 else None
            full = [c for c in allowed if c in names or c in hands[str(owner)]["known"]] if owner is not None else []
            # (as seen, and just what the referee knows that seat holds: borne out, read as
            # seen; a fresh tango game's nine-card row, 0.62 by its names, 0.19 with
            # W_DRECK_AS_SEEN, was asked about and the camera lost step)
            borne_out = owner == seat and sorted(full) == sorted(names)
            out.append(({"type": "dreck", "seat": seat, "cards": names}, w * (1.0 if borne_out else W_DRECK_AS_SEEN)))
            if owner is not None and not borne_out:
                out.append(({"type": "dreck", "seat": owner, "cards": full}, w))
            if owner is None and seat is not None and _holds_none_unseen(hands.get(str(seat), {})):
                # (cards its seat cannot hold, every card of that hand known: a seat's whose hand
                # holds cards unseen, where the referee's count of the tricks put them)
                out += [({"type": "dreck", "seat": int(s), "cards": names}, w * W_DRECK_UNSEEN_HOLDER)
                        for s, hand in hands.items() if int(s) != seat and not _holds_none_unseen(hand)]
        return out
    if phase == "part2" and to_act is not None:
        if len(obs.cards) == 1 and obs.cards[0].name == UNKNOWN and seat == to_act:
            out.append(({"type": "play", "seat": seat, "cards": [UNKNOWN]}, W_PLAY_UNREAD))
            hand = (view.get("hands") or {}).get(str(seat), {})
            if _holds_none_unseen(hand):
                # (a hand known whole holds no unread card: the card is one of it read at times)
                out += [({"type": "play", "seat": seat, "cards": [n]}, peak * W_UNREAD_FROM_HAND)
                        for n, peak in obs.cards[0].reads.items() if n in hand["known"]]
        from_turn = 1.0 if seat == to_act else 0.7
        for names, w in opts:
            run = sorted(names, key=rank_key)
            filled = run_with_gaps_filled(run)
            # a run seen with a gap has its missing card hidden under the others: that run, or
            # nothing (asked about: a card unseen is no evidence of a broken run)
            out.append(({"type": "play", "seat": to_act, "cards": filled or run}, w * from_turn))
        # (a box read weakly, among cards that make a run only without it, is one of the run's
        # hidden cards misread: the run with its gaps filled)
        weak = [k for k, s in enumerate(obs.cards) if s.peak < WEAK_RUN_BOX_PEAK]
        if len(obs.cards) >= 3 and len(weak) == 1:
            rest = sorted((s.name for k, s in enumerate(obs.cards) if k != weak[0]), key=rank_key)
            filled = run_with_gaps_filled(rest) if UNKNOWN not in rest else None
            if filled and len(filled) >= len(obs.cards):
                w = math.prod(s.share for k, s in enumerate(obs.cards) if k != weak[0]) * W_WEAK_RUN_BOX
                out.append(({"type": "play", "seat": to_act, "cards": filled}, w * from_turn))
        # (a box read weakly beside cards that make a run without it, where no reading of its
        # names makes one with them: a second box of a card, no card)
        boxes = [k for k, s in enumerate(obs.cards) if s.peak < BOX_PEAK]
        if len(obs.cards) >= 2 and len(boxes) == 1 and not any(_a_run(names) for names, _ in opts):
            rest = sorted((s.name for k, s in enumerate(obs.cards) if k != boxes[0]), key=rank_key)
            if _a_run(rest):
                w = math.prod(s.share for k, s in enumerate(obs.cards) if k != boxes[0]) * W_SECOND_BOX_IN_PUT
                out.append(({"type": "play", "seat": to_act, "cards": run_with_gaps_filled(rest) or rest}, w * from_turn))
        return out
    return out


def _a_run(cards: list[str]) -> bool:
    """Whether named cards make a run, their gaps filled (one card is a run of one)."""
    gaps = run_gaps(cards)
    return gaps is not None and len(gaps) <= MAX_RUN_GAP


def _holds_none_unseen(hand: dict) -> bool:
    """Whether the referee knows every card of the hand `hand` (a view's `hands` entry)."""
    return hand.get("size", 0) <= len(hand.get("known", ()))


def _dreck_misread(names: list[str], seat, allowed: list[str], laid: set, hands: dict) -> list[str]:
    """The dreck row `seat` holds, if `names` read it with some cards misread as no dreck
    cards (W_DRECK_MISREAD): most of it is dreck cards, all known in that seat's hand, and that
    hand holds at least as many more dreck cards, not yet laid, as there are odd cards (the
    rest unseen under the row). Else []."""
    dreck = [c for c in names if c in allowed]
    hand = hands.get(str(seat), {}).get("known", ()) if seat is not None else ()
    if 2 * len(dreck) <= len(names) or laid & set(names) or not set(dreck) <= set(hand):
        return []
    full = [c for c in allowed if c in hand and c not in laid]
    return full if len(full) >= len(names) else []


#: The set-aside card lies whole in the picture, in front of its holder: its centre at least this
#: many card widths from the picture's edge (about half a card's height), where it was first
#: seen and where it was last seen. A card seen at the edge was carried in a hand (real-model
#: full games: Bob's last play, glimpsed at his edge and then lost in the trick, was taken for
#: the trump card; in a fresh bellot game, Dan's last play 4C, first seen 20 px from his edge,
#: came 40 px in before it was lost, was asked about as the trump card, and the camera lost step).
ASIDE_EDGE = 0.7


def turned_up_aside(obs: Observation, view: dict, layout: Layout) -> bool:
    """A card turned face up where it lay, outside the play area, once the stock is used up:
    how the set-aside card is shown as trump (S1.11, S1.14). A Part 1 play or slough lands in
    the trick, in the play area. Seen while the referee still expects Part 1 moves, it means
    the referee counts cards still in hands that are not there: the camera missed or misread
    a move (real-model replay, 17 index-deck games: 5 trump cards were logged as plays, and
    the camera stayed in Part 1; one true play was seen only as it was taken back)."""
    s = obs.cards[0]
    from_edge = min(min(x, y, layout.width - x, layout.height - y) for x, y in (s.first, s.last))
    return view.get("stock") == 0 and not obs.from_stock and not layout.in_play_area(s.last) \
        and not travelled(s.first, s.last, layout, s.width) and from_edge >= ASIDE_EDGE * s.width


def why_unexplained(obs: Observation, view: dict, layout: Layout) -> str | None:
    """Why an arrival with no candidate reading is asked about, in words (None: no reason
    beyond having none)."""
    if obs.kind != "arrive" or view.get("phase") != "part1" or len(obs.cards) != 1 \
            or not turned_up_aside(obs, view, layout):
        return None
    players = view.get("players", [])
    held = [f"{players[i] if i < len(players) else i} {n}" for i, n in enumerate(view.get("hand_sizes", [])) if n]
    counts = f"counts cards in hands ({', '.join(held)})" if held else "still expects Part 1 moves"
    return ("it was turned up where it lay, outside the play area, with the stock used up, as the trump card "
            f"is; yet the referee {counts}: a missed or misread move?")


#: At most this many cards are inferred hidden inside a run seen with gaps (a run is laid
#: overlapping; a card under its neighbours may show no index the camera can read).
MAX_RUN_GAP = 2
#: A Part 2 put of three cards or more with exactly one box read no surer than this (its best
#: single read) is also read without that box, when the others make a run with their gaps
#: filled at least as long as the put (weighted W_WEAK_RUN_BOX): the box is one of the run's
#: hidden cards, misread. Tango 161 game 0: Bob's 7H 8H 9H 10H, seen as 10H and 7H (0.71,
#: 0.72) and a "QH" box (0.42), was logged as 8H-QH by the 7H's lesser name; 98 of 207 events
#: were lost (57 games nobody answering 10,998 -> 11,052, a person answering +1; weight 0.1,
#: or a peak of 0.45 or 0.55: the same).
WEAK_RUN_BOX_PEAK = 0.5
W_WEAK_RUN_BOX = 0.3
#: A Part 2 put of two cards or more that makes no run by any reading of its names, with
#: exactly one box read no surer than cues.BOX_PEAK, is also read without that box (weighted
#: so) when the rest make a run: the box is a second box of one of its cards. Tango 161 game
#: 0: Dan's 9C, seen with an "AC" box born 2 frames before it, 0.47 card widths off (read at
#: 0.51 at best, 9S at times), was asked about as "AC 9C", and the camera lost 44 of 207
#: events.
W_SECOND_BOX_IN_PUT = 0.3


def run_with_gaps_filled(cards: list[str]) -> list[str] | None:
    """Cards put down together in one suit whose ranks leave gaps (2C 4C), with the missing
    cards put in (2C 3C 4C), or None when they are no such run (they touch already, mix suits,
    or miss more than MAX_RUN_GAP cards). Real-model full games: the middle card of a three-card
    run went unseen twice in three games, and the two seen were ruled a broken run (S2.2)."""
    missing = run_gaps(cards) if len(cards) >= 2 else None
    if not missing or len(missing) > MAX_RUN_GAP:
        return None
    return sorted(cards + missing, key=rank_key)


def uncollected_winner(view: dict) -> int | None:
    """The seat that won the Part 1 trick lying on the table and has not collected it yet."""
    return (view.get("trick") or {}).get("winner") if view.get("phase") == "part1" else None


def leading_after_collect(obs: Observation, view: dict) -> int | None:
    """The winner of the decided Part 1 trick on the table, when most of its named cards were
    no longer seen at the settle `obs` was seen at (the trick is being carried off): a card
    flipped then is that seat's next lead. Else None (a flip during the trick is a war play or
    a slough: in a clean oracle game, Bob's war flip JC read as Ann's lead lost step)."""
    winner = uncollected_winner(view)
    named = {c["card"] for c in (view.get("trick") or {}).get("cards", ())} - {UNKNOWN}
    return winner if winner is not None and named and 2 * len(named - obs.present) > len(named) else None


def run_partly_unread(obs: Observation, view: dict) -> list[tuple[dict, float]]:
    """A Part 2 run put down by the seat to act, with its cards the referee knows to lie
    elsewhere, or read only weakly, as unread cards (at least one card stays named; weighted
    W_PLAY_UNREAD times the named cards' shares). Real-model full Atlas games: the detector
    reads the ace of diamonds as JD, so Cid's KD AD was seen as "JD KD" (JD read weakly) and
    Ann's JD QD as a JD the referee had elsewhere; each was asked about, and nobody answering,
    the camera lost step for the rest of the game."""
    to_act = view.get("to_act")
    if view.get("phase") != "part2" or to_act is None or obs.kind != "arrive" or obs.seat_hint != to_act \
            or len(obs.cards) < 2:
        return []
    elsewhere = {c for seat, hand in view.get("hands", {}).items() if int(seat) != to_act for c in hand["known"]}
    elsewhere |= table_cards(view) | set(view.get("killed_cards", []))
    doubtful = [s.name == UNKNOWN or s.name in elsewhere or not s.strong for s in obs.cards]
    if not any(doubtful) or all(doubtful):
        return []
    cards = [UNKNOWN if d else s.name for s, d in zip(obs.cards, doubtful)]
    weight = W_PLAY_UNREAD * math.prod(s.share for s, d in zip(obs.cards, doubtful) if not d)
    return [({"type": "play", "seat": to_act, "cards": cards}, weight)]


def fallback_candidates(obs: Observation, view: dict, layout: Layout) -> list[tuple[dict | None, float]]:
    """Readings of last resort, for a put no ordinary reading makes legal:
    - the winner of a decided, uncollected Part 1 trick put it down from his side -- his next
      lead, before the collect was seen (the trick's cards carried off under the same hand, or
      noticed only at a later settle); `live_table` infers the collect. Never for an unsure
      seat or a stock flip, whose landing zone says little about who flipped. Offered as an
      ordinary reading it broke clean games (a winner's slough read as his lead);
    - a Part 2 run read in part (`run_partly_unread`)."""
    if view.get("phase") == "part2":
        return run_partly_unread(obs, view)
    winner = uncollected_winner(view)
    if winner is None or obs.kind != "arrive" or len(obs.cards) != 1 \
            or obs.seat_hint != winner or not obs.seat_sure or obs.from_stock or turned_up_aside(obs, view, layout):
        return []
    return [({"type": "play", "seat": winner, "cards": names}, w) for names, w in name_options(obs.cards)]


def unseen_play(view: dict) -> dict | None:
    """The play the camera may have missed altogether, for `EventMaker._unseen_play`: the seat
    to act's card from hand, unread (the referee takes it, and judges nothing of its rank)."""
    seat = view.get("to_act")
    return {"type": "play", "seat": seat, "cards": ["??"]} if isinstance(seat, int) else None


def unseen_moves(view: dict) -> list[dict]:
    """The moves the camera may have missed altogether, for `EventMaker._recover`: the seat to
    act's play of an unread card (`unseen_play`), and in Part 2 its eat (its cards seen
    leaving only after the next put, or with the next eat: penguins 171 game 2, Dan's eat was
    seen together with Bob's, after Ann's JD)."""
    play = unseen_play(view)
    eat = [{"type": "eat", "seat": play["seat"]}] if play is not None and view.get("phase") == "part2" \
        and view.get("table") else []
    return ([play] if play is not None else []) + eat


def last_play_unseen(view: dict, seat) -> bool:
    """Whether `seat` is the one seat still to play in the undecided Part 1 trick (or
    mini-trick), and to act: a trick it carries off holds its play, which the camera missed."""
    trick = view.get("trick") or {}
    return view.get("phase") == "part1" and seat is not None and trick.get("winner") is None and \
        not trick.get("may_win") and view.get("to_act") == seat and trick.get("to_play") == [seat]


def inferred_before(view: dict, ev: dict) -> list[dict]:
    """What a Part 1 event implies just before it. A play by the winner of a decided,
    uncollected trick is the next lead: the collect comes first (the camera saw the card
    before the trick leave). A collect by the one seat still to play (`last_play_unseen`):
    that seat's play, unread, comes first."""
    winner = uncollected_winner(view)
    if winner is not None and ev.get("type") == "play" and ev.get("seat") == winner:
        return [{"type": "collect", "seat": winner}]
    if ev.get("type") == "collect" and last_play_unseen(view, ev.get("seat")):
        return [{"type": "play", "seat": ev["seat"], "cards": [UNKNOWN]}]
    return []


def live_table(table):
    """The referee with the events inferred before the ones the camera saw (`inferred_before`)."""
    from vision.live.games import AutoTable

    return AutoTable(table, before=inferred_before, why=lambda auto: "collect before the next lead"
                     if auto["type"] == "collect" else "the last play of a trick seen collected")


#: Killed cards are swept to the discard spot and stay there, face down: a card seen lying
#: there is off the table (the event maker does not count it as present).
KILLED_PILE = True

#: A flipped card is carried off the stock into the trick (S1.4): a face still lying on the
#: stock's back where it was first seen is that back misread (`EventMaker._on_the_stock`).
#: Not so in Golf, where a drawn card is shown on the stock.
FLIPS_LEAVE_STOCK = True


def SINGLE_PUTS(view: dict) -> bool:
    """Part 1 puts are single cards (Part 2 runs and dreck rows arrive together)."""
    return view.get("phase") == "part1"


def one_put(head: Observation, other: Observation, view: dict, fps: float) -> bool:
    """Whether two arrivals waiting to be judged are one put:
    - while the referee waits for dreck, rows of dreck cards from one seat (a seat lays out
      all its dreck at once, S1.16; rows seen before the referee reached the dreck were grouped
      by time alone: a real-model full tango game logged Dan's dreck as three events);
    - in Part 2, cards below a run and of its suit, first seen after it (`run_mate`: its card
      under the others, read late; a real-model full bellot game logged Bob's 3S 4S as 4S and
      asked about the 3S)."""
    phase = view.get("phase")
    if phase == "part2":
        return all(any(run_mate(d, o, fps) and d.first_frame > o.first_frame and rank_key(d.name) < rank_key(o.name)
                       for o in head.cards) for d in other.cards)
    if phase != "dreck" or head.seat_hint is None or head.seat_hint != other.seat_hint:
        return False
    from referee.games.skitgubbe import dreck_cards

    allowed = set(dreck_cards(view["trump"])) - set(view.get("dreck_laid", ()))
    return all(s.name in allowed for o in (head, other) for s in o.cards)


def _card_list(ev: dict) -> list[str]:
    from referee.cards import parse_card

    if ev.get("type") == "slough":
        return [parse_card(ev["card"])]
    return [parse_card(c) for c in ev.get("cards", [])]


class GameDirector(Director):
    """Replays a Skitgubbe log through the referee and turns each accepted event into motions."""

    def __init__(self, r: TableRenderer):
        super().__init__(r)
        self.trick: list[CardObj] = []  # Part 1 cards on the table
        self.slots: dict[int, int] = {}  # seat -> cards it put into the trick
        self.plays: list[list[CardObj]] = []  # Part 2 plays on the table
        self.play_slots: dict[int, int] = {}  # id(card) -> play position on the table
        self.dreck: list[CardObj] = []
        self.trump_card: CardObj | None = None

    def trick_target(self, seat: int) -> tuple[np.ndarray, float]:
        r = self.r
        k = self.slots.get(seat, 0)
        self.slots[seat] = k + 1
        # later cards go to the card's right (its own x axis = -tangent), keeping index corners in view
        p = r.layout.centre + r.u(seat) * TRICK_RADIUS * r.ch - r.tangent(seat) * k * SLOT_STEP * r.cw
        return p, r.facing(seat) + float(r.rng.normal(0, 0.12))

    def play_target(self, index: int, n_cards: int) -> list[tuple[np.ndarray, float]]:
        r = self.r
        per_row = max(2, math.ceil(r.n / 2))
        row, col = divmod(index % (2 * per_row), per_row)
        span = r.layout.play_area[:, 0].max() - r.layout.play_area[:, 0].min()
        x = r.layout.centre[0] - span / 2 + r.cw * 0.6 + col * (span - r.cw) / per_row
        y = r.layout.centre[1] + (row - 0.5) * 1.25 * r.ch
        a = float(r.rng.normal(0, 0.06))
        step = _rot(a) @ np.array([RUN_STEP * r.cw, 0])
        return [(np.array([x, y]) + k * step, a) for k in range(n_cards)]

    def show(self, ev: dict, ruling, before: dict, view: dict) -> None:
        r = self.r
        notes = {n["kind"]: n for n in ruling.notes}
        et = ev.get("type")
        if et == "start":
            r.stock_count = view.get("stock", 0) or 0
            r.invalidate()
            r.tick(r.seconds(1.5))
            return
        if et in ("play", "slough") and before.get("phase") == "part1":
            seat = int(ev["seat"])
            card = _card_list(ev)[0]
            target, angle = self.trick_target(seat)
            drew = before.get("stock", 0) > 0 and et != "play" or (ev.get("source") != "stock" and before.get(
                "stock", 0) > 0)
            if ev.get("source") == "stock":
                c = r.flip_card(seat, card, target, angle)
            else:
                aside = "aside" in notes
                c = r.put_card(seat, card, target, angle, draw=drew and not aside)
                if aside:
                    self.lay_aside(seat)
            self.trick.append(c)
        elif et == "collect":
            seat = int(ev["seat"])
            r.take_cards(seat, self.trick, gather=r.layout.centre + r.u(seat) * 0.5 * r.ch)
            self.trick, self.slots = [], {}
        elif et == "trump":
            seat = view.get("trump_holder")
            if self.trump_card is None:  # trump without a laid-aside card (no_bottom_card): turn it up near seat 0
                self.lay_aside(ev.get("seat", 0) if isinstance(ev.get("seat"), int) else 0)
            c = self.trump_card
            c.card = _card_list({"cards": [ev["card"]]})[0]
            owner = c.owner
            hd = r.new_hand(owner)
            r.move(hd, c.pos + r.u(owner) * 0.4 * r.ch, REACH_S)
            r.moving.add(id(c))
            r.turn_up(c, 0.4)
            c.face_up = True
            r.move(hd, r.entry(owner), RETREAT_S)
            r.drop_hand(hd)
            r.settle([c])
            del seat
        elif et == "dreck":
            seat = int(ev["seat"])
            cards = _card_list(ev)
            self._take_trump_if_shown()
            hd = r.new_hand(seat)
            u = r.u(seat)
            a = r.facing(seat)
            xaxis = np.array([math.cos(a), math.sin(a)])
            rows = [cards[i:i + DRECK_ROW] for i in range(0, len(cards), DRECK_ROW)]
            base = r.layout.seats[seat] - u * (1.0 + DRECK_ROW_STEP * (len(rows) - 1)) * r.ch
            step = DRECK_STEP * r.cw
            objs = []
            for j, row in enumerate(rows):
                for i, card in enumerate(row):
                    r.zc += 1
                    off = xaxis * (i - (len(row) - 1) / 2) * step + u * j * DRECK_ROW_STEP * r.ch
                    objs.append(CardObj(card, hd.pos + off, a, True, z=r.zc, owner=seat))
            r.cards += objs
            r.move(hd, base, REACH_S, carried=objs)
            r.settle(objs)
            r.move(hd, r.entry(seat), RETREAT_S)
            r.drop_hand(hd)
            self.dreck += objs
        elif et == "play":  # Part 2
            seat = int(ev["seat"])
            self._leave_dreck(view)
            cards = _card_list(ev)
            used = {self.play_slots.get(id(p[0])) for p in self.plays if p}
            slot = next(i for i in range(64) if i not in used)
            targets = self.play_target(slot, len(cards))
            hd = r.new_hand(seat)
            u = r.u(seat)
            objs = []
            for card, (p, a) in zip(cards, targets):
                r.zc += 1
                objs.append(CardObj(card, hd.pos + (p - targets[0][0]) - u * 0.45 * r.ch, a, True, z=r.zc,
                                    owner=seat))
            r.cards += objs
            mid = np.mean([p for p, _ in targets], axis=0)
            for o in objs:
                o.pos = o.pos - (mid - targets[0][0])
            r.move(hd, mid + u * 0.5 * r.ch, REACH_S, carried=objs)
            r.settle(objs)
            r.tick(r.seconds(HOLD_S))
            r.move(hd, r.entry(seat), RETREAT_S)
            r.drop_hand(hd)
            self.plays.append(objs)
            for o in objs:
                self.play_slots[id(o)] = slot
            if "kill" in notes:
                r.pause((0.5, 0.9))
                r.sweep_to_discard(seat, [c for p in self.plays for c in p])
                self.plays = []
        elif et == "eat":
            seat = int(ev["seat"])
            self._leave_dreck(view)
            left = [c for p in view.get("table", []) for c in p]
            gone = []
            for p in self.plays:
                gone += [c for c in p if c.card not in left]
            self.plays = [[c for c in p if c.card in left] for p in self.plays]
            self.plays = [p for p in self.plays if p]
            r.take_cards(seat, gone)
        if "part_end" in notes and self.trick:  # S1.12: an open trick is taken back by its players
            by_seat: dict[int, list[CardObj]] = {}
            for c in self.trick:
                by_seat.setdefault(c.owner, []).append(c)
            for s, cs in by_seat.items():
                r.take_cards(s, cs)
            self.trick, self.slots = [], {}

    def lay_aside(self, seat: int) -> None:
        """S1.11: the last stock card goes face down in front of `seat`."""
        r = self.r
        hd = r.new_hand(seat)
        r.move(hd, r.stock_pos() + r.u(seat) * 0.3 * r.ch, 0.4)
        r.stock_count = 0
        spot = r.layout.seats[seat] - r.u(seat) * 0.95 * r.ch + r.tangent(seat) * 1.6 * r.cw
        c = CardObj("back", r.stock_pos().copy(), r.facing(seat), False, flip=-1.0, z=5, owner=seat)
        c.face_up = True  # drawn as its back while flip < 0
        c.flip = -1.0
        r.cards.append(c)
        r.invalidate()
        r.move(hd, spot + r.u(seat) * 0.4 * r.ch, 0.6, carried=[c])
        r.settle([c])
        r.move(hd, r.entry(seat), RETREAT_S)
        r.drop_hand(hd)
        self.trump_card = c

    def _take_trump_if_shown(self) -> None:
        c = self.trump_card
        if c is not None and c.flip > 0:
            self.r.take_cards(c.owner, [c])
            self.trump_card = None

    def _leave_dreck(self, view: dict) -> None:
        """Before Part 2's first play: the trump card joins its holder's hand, the dreck goes
        to the short player(s)."""
        self._take_trump_if_shown()
        if self.dreck:
            # the short player(s) of S1.16, named when the trump was turned (not the smallest
            # hand now: a single short player already holds the Bozo hand)
            st = self.table.state
            pool = list(st.pool_seats) or list(st.dreck_short)
            for i, s in enumerate(pool):
                self.r.take_cards(s, self.dreck[i::len(pool)])
            self.dreck = []


Director = GameDirector
