"""What the live stream pushes to a phone when its game changes: one message of htmx out-of-band
fragments that brings the screen from the state it shows to the new one, with nothing to fetch.

The table display (view "display") has no seat and no parts of its own: what it is pushed is
its shared parts alone, with the money the change moved, which it animates from payer to payee.

The parts every phone of a screen shares (each player's cash, the changed board spaces, the
bank's supply, the history line, the auction, the news) are rendered once per change, screen and
language, and every such phone gets the same bytes. A phone's own parts (its wallet, its deeds,
its debt, the offers it made or must answer) are rendered only when the change altered them, which
for a payment is the payer's and the payee's phone alone. Which own part changed is told by the
model of what it shows, which the panel that draws it declares (`Region`, banker/web/panels): a
region is drawn again only when its model differs."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import render_template
from markupsafe import Markup

from banker.rules import Event, GameState, Player, describe_action
from banker.rules.game import Joined
from banker.rules.money import Paid
from banker.rules.receipts import Receipt, moved_for, moved_with_undos, summed, undoable
from banker.rules.text import Parts
from banker.rules.undo import Undone, headline
from banker.service.action_log import Stored
from banker.service.seats import BANKER, DISPLAY, SeatKey
from banker.web.http import seats
from banker.web.http.i18n import lang
from banker.web.panels import fragments, history, own_models, regions, worked_out
from banker.web.panels.amounts import cash_of
from banker.web.panels.display import spoken, standings
from banker.web.panels.tally import ending

MONEY_IN_LINES = 3  # payments to a phone's player flashed one by one (the newest; the rest summed)
NEWS_LINES = 2  # the latest news a toast tells
NEWS_ACTIONS = 20  # actions read back for the news of a phone that was away: not a long game's whole log


def message(
    game_id: str, before: GameState, after: GameState, view: str, seat: SeatKey, context: Callable
) -> str:
    """The fragments that take `seat`'s `view` of the game from `before` to `after`.
    `context(state)` gives what the screen's templates draw from."""
    clock = _clock(before, after)
    if seat.player_id == DISPLAY:  # it tells what happened with its own ticker and money in flight
        if seating(before) != seating(after) and not after.ended:
            # a player seated, renamed or gone (rare): the display whole
            whole = render_template("display/_live.html", oob=True, pushed=True, **context(after))
            return whole + render_template(
                "display/_say.html", said=_said(after, _stored(game_id, before, after))
            )
        return clock + _shared(game_id, before, after, view)
    stored = _stored(game_id, before, after)
    you = None if seat.player_id == BANKER else seat.player_id
    if view != "lobby" and seating(before) != seating(after):
        # a player seated, renamed or gone (rare): the screen whole, every row and list of names
        drawn = context(after)
        whole = Markup(render_template(f"{view}/_live.html", oob=True, pushed=True, **drawn))
        # the Pay and Trade tabs list the players, and go with a player out or the game's end
        whole += Markup(render_template("shared/_desk.html", oob=True, **drawn))
        whole += Markup(render_template(f"{view}/_tabs.html", oob=True, **drawn))
        moved = _money_moved(after, stored, you, _undone_in(before, stored))
        return whole + clock + _toast(game_id, before.seq, after, stored, seat, moved) + _sent(stored, seat)
    # a player's screen shows them larger above everyone else's rows, and has no row of theirs
    rows = _shared_changes(before, after, _joining(stored)).rows if view == "player" else ()
    parts = [clock, _shared(game_id, before, after, view, you if any(p.id == you for p in rows) else None)]
    models = zip(regions(view), own_models(view, before, you), own_models(view, after, you), strict=True)
    changed = [region.name for region, was, now in models if was != now]
    if changed:
        parts.append(render_template("shared/_regions.html", changed=changed, **context(after)))
    moved = _money_moved(after, stored, you, _undone_in(before, stored))
    parts.append(_toast(game_id, before.seq, after, stored, seat, moved))
    parts.append(_sent(stored, seat))
    if view == "player" and after.played != after.seq:
        parts.append(_quiet(after))
    return "".join(parts)


def _clock(before: GameState, after: GameState) -> Markup:
    """A timed game's clock, in the header outside every part a change redraws, when the change
    moved it: resumed after the bank was away, or its end undone ("Over")."""
    if (before.rules.end_at, before.overtime) == (after.rules.end_at, after.overtime):
        return Markup("")
    return Markup(render_template("shared/_game_clock.html", state=after, clock_oob=True))


def _quiet(state: GameState) -> str:
    """Told when the latest changes were only phones taking their seats: a player's Undo of the
    action before them stands (undo.TakeBack)."""
    return Markup('<i id="quiet" hidden hx-swap-oob="true" data-seq="%s" data-played="%s"></i>') % (
        state.seq,
        state.played,
    )


def _sent(stored: Sequence[Stored], seat: SeatKey) -> str:
    """The request ids of this seat's own actions among `stored`: a phone whose answer was lost on
    the way learns here that its tap went through, before it would say "Not sent"."""
    ids = " ".join(a.request_id for a in stored if a.by == seat.player_id and a.request_id)
    return Markup('<i id="sent" hidden hx-swap-oob="true" data-ids="%s"></i>') % ids if ids else ""


def news_since(game_id: str, seq: int, state: GameState, seat: SeatKey) -> str:
    """The toast for a phone coming back at `seq` to the game at `state`: the latest news, with
    the money that came to its player meanwhile."""
    if seat.player_id == DISPLAY:
        return ""
    read_from = max(seq, state.seq - NEWS_ACTIONS)
    stored = seats.service().log.after(game_id, read_from)
    you = None if seat.player_id == BANKER else seat.player_id
    moved = _money_moved(state, stored, you, _read_back(game_id, stored))
    if read_from > seq:  # not all it missed was read back: no sum may claim to be all of it
        moved = moved[-MONEY_IN_LINES:]
    return _toast(game_id, seq, state, stored, seat, moved)


def _money_moved(
    state: GameState, stored: Sequence[Stored], you: int | None, undone: Mapping[int, Sequence[Event]]
) -> list[tuple[int, Receipt]]:
    """The money others' actions moved to or from this phone's player (its own actions were told
    in its replies), an undo's with it, each with the seq of its action, oldest first."""
    if you is None:
        return []
    others = ((a.seq, moved) for a, moved in _by_action(state, stored, you, undone) if a.by != you)
    return [(seq, r) for seq, moved in others for r in moved]


def _by_action(
    state: GameState, stored: Sequence[Stored], you: int, undone: Mapping[int, Sequence[Event]]
) -> Iterator[tuple[Stored, list[Receipt]]]:
    """Each action with the money it moved for `you` (an undo: what it moved back)."""
    for action, taken_back in _undoable(undone, stored):
        yield action, moved_for(state, action.events, taken_back, you)


def _undoable(
    undone: Mapping[int, Sequence[Event]], stored: Sequence[Stored]
) -> Iterator[tuple[Stored, dict[int, Sequence[Event]]]]:
    """Each action with the events of every action an undo in it may reverse: those `undone`
    holds, and the actions before it among `stored`."""
    taken_back = dict(undone)
    for action in stored:
        taken_back[action.seq] = action.events
        yield action, taken_back


def _undone_in(before: GameState, stored: Sequence[Stored]) -> dict[int, Sequence[Event]]:
    """The events of each action an undo among `stored` may reverse, as `before`'s undo stack
    keeps them (see `undoable`)."""
    return undoable(before, (e for action in stored for e in action.events))


def _read_back(game_id: str, stored: Sequence[Stored]) -> dict[int, Sequence[Event]]:
    """The events of each action an undo among `stored` reverses, read back from the log: what
    a phone that was away saw before it went (no state of that moment at hand)."""
    undone = {e.seq for action in stored for e in action.events if isinstance(e, Undone)}
    undone -= {action.seq for action in stored}
    states = seats.service().states
    return {seq: states.stored_between(game_id, seq - 1, seq)[0].events for seq in sorted(undone)}


def latest_receipt(game_id: str, state: GameState, you: int) -> tuple[Receipt, float] | None:
    """The last money that moved for `you`, by anyone's action, and how many seconds ago: the line
    under the balance ("+$600 from Cy · rent · 2 min ago"), as the game's chronicle keeps it."""
    service = seats.service()
    kept = service.states.kept(game_id)
    if kept is None or kept.seq < state.seq:
        kept = service.chronicle(game_id)
    latest = kept.latest_money(you)
    if latest is None:
        return None
    receipt, at = latest
    return receipt, max(0.0, service.clock() - at)


def _stored(game_id: str, before: GameState, after: GameState) -> list[Stored]:
    """The actions that took the game from `before` to `after`."""
    return seats.service().states.stored_between(game_id, before.seq, after.seq)


def _shared(game_id: str, before: GameState, after: GameState, view: str, rowless: int | None = None) -> str:
    """The shared parts of `view` for the change; `rowless`: a player whose row the screen has not
    (their own phone's), drawn without it for that phone, once: every other phone shares theirs."""
    key = ("change", game_id, before.seq, after.seq, view, lang(), rowless)
    return fragments.once(key, lambda: _draw_shared(game_id, before, after, view, rowless))


def _draw_shared(game_id: str, before: GameState, after: GameState, view: str, rowless: int | None) -> Markup:
    parts: list[str] = []
    stored = _stored(game_id, before, after)
    joined = _joining(stored)
    if view == "lobby":
        if joined or seating(before) != seating(after):
            parts.append(render_template("lobby/_live.html", pushed=True, **_lobby(game_id, after)))
        return Markup("".join(parts))
    if view == "display":
        return _draw_display(game_id, before, after, stored, joined)
    changed = _shared_changes(before, after, joined)
    for player in changed.cash:
        parts.append(f'<b hx-swap-oob="innerHTML:.cash-{player.id}">{cash_of(after, player)}</b>')
    rows = [p for p in changed.rows if p.id != rowless]
    if rows:
        joined_now = _joined(game_id) if view == "bank" else set()
        parts.append(
            render_template("shared/_person_rows.html", rows=rows, state=after, view=view, joined=joined_now)
        )
    if changed.spaces:
        parts.append(
            render_template(
                "board/_spaces.html", game_id=game_id, view=view, state=after, only=changed.spaces
            )
        )
    if changed.supply:
        parts.append(render_template("board/_supply.html", state=after, push=True))
    if changed.auction:
        # a bid in the same auction changes its high bid, its bids and its clock alone
        same = before.auction and after.auction and _lot(before) == _lot(after)
        template = "auction/_parts.html" if same else "auction/_region.html"
        now = seats.service().clock()
        parts.append(render_template(template, game_id=game_id, view=view, state=after, now=now, push=True))
    parts.append(_history(game_id, before.seq, after, stored))
    return Markup("".join(parts))


def _draw_display(
    game_id: str, before: GameState, after: GameState, stored: Sequence[Stored], joined: set[int]
) -> Markup:
    """The table display's parts that the change altered, and the money it moved, in order."""
    moved = [
        m
        for action, taken_back in _undoable(_undone_in(before, stored), stored)
        for m in moved_with_undos(action.events, taken_back)
    ]
    whole = before.ended != after.ended  # the tally takes the screen
    changed = None if whole else _shared_changes(before, after, joined)
    # a player's card shows their net worth and debts too, which a building or a debt changes
    cards = (
        [] if whole else [s for s, was in zip(standings(after), standings(before), strict=True) if s != was]
    )
    return Markup(
        render_template(
            "display/_pushed.html",
            game_id=game_id,
            state=after,
            view="display",
            changed=changed,
            cards=cards,
            whole=whole,
            moved=moved,
            said=_said(after, stored),
            history_lines=Markup(_history(game_id, before.seq, after, stored)),
            now=seats.service().clock(),
            **(ending(game_id, after) if after.ended else {}),
        )
    )


def _said(state: GameState, stored: Sequence[Stored]) -> list:
    """What the display's voice says of these actions."""
    return [line for action in stored for line in spoken(state, action.events)]


@dataclass(frozen=True)
class SharedChanges:
    """The shared parts of the screens that a change altered."""

    cash: tuple[Player, ...]  # whose cash
    rows: tuple[Player, ...]  # whose row (name, piece, in jail, out, joined)
    spaces: frozenset[int]  # the board's spaces (owner, buildings, mortgage; the jackpot's)
    supply: bool  # the bank's houses and hotels, the jackpot
    auction: bool


def _shared_changes(before: GameState, after: GameState, joined: set[int]) -> SharedChanges:
    """`shared_changes`, worked out once for every screen of the change."""
    return worked_out(after, ("shared changes", before.seq), lambda: shared_changes(before, after, joined))


def shared_changes(before: GameState, after: GameState, joined: set[int] = frozenset()) -> SharedChanges:
    """What the change from `before` to `after` altered of the parts every phone shares; `joined`:
    the players whose phones joined meanwhile."""
    pairs = list(zip(before.players, after.players, strict=True))
    # a space nobody ever held is in neither state's holdings
    held = () if before.holdings is after.holdings else before.holdings.keys() | after.holdings.keys()
    spaces = {p for p in held if p in after.edition.space_at and before.holding(p) != after.holding(p)}
    pot = after.rules.free_parking_jackpot and before.free_parking != after.free_parking
    if pot:
        spaces |= {s.position for s in after.edition.spaces if s.type == "free_parking"}
    return SharedChanges(
        cash=tuple(new for old, new in pairs if old.cash != new.cash),
        rows=tuple(new for old, new in pairs if _row(old) != _row(new) or new.id in joined),
        spaces=frozenset(spaces),
        supply=pot or (before.houses, before.hotels) != (after.houses, after.hotels),
        # a building auction's lots are the deeds that could take the building
        auction=before.auction != after.auction or bool(after.auction and before.holdings != after.holdings),
    )


def _history(game_id: str, seq: int, after: GameState, stored: Sequence[Stored]) -> str:
    """The new history lines at the top of the list; after an undo, which marks an older line,
    the list whole. The same on every screen: drawn once per change and language."""
    key = ("history", game_id, seq, after.seq, lang())
    return fragments.once(key, lambda: _draw_history(game_id, seq, after, stored))


def _draw_history(game_id: str, seq: int, after: GameState, stored: Sequence[Stored]) -> str:
    undone = any(isinstance(e, Undone) for action in stored for e in action.events)
    if undone:
        lines = history.lines(game_id, after)
        return render_template("shared/_history_lines.html", history=lines, swap="innerHTML")
    lines = history.lines(game_id, after, limit=min(after.seq - seq, history.SHOWN))
    return render_template("shared/_history_lines.html", history=lines, swap="afterbegin")


def _toast(
    game_id: str,
    seq: int,
    after: GameState,
    stored: Sequence[Stored],
    seat: SeatKey,
    moved: list[tuple[int, Receipt]],
) -> str:
    """The news of what others did (the bank also hears of its own actions and what the server
    did by itself), with the money it moved for this phone's player, whose flash then tells that
    action (no second toast for it); nothing when there is none. A phone reads its player as "you"."""
    mine = None if seat.player_id == BANKER else seat.player_id
    flashed = {seq for seq, _ in moved}
    told = tuple(
        i
        for i, action in enumerate(stored)
        if action.by != mine and action.news and not (action.seq in flashed and _money_only(action))
    )
    if not told and not moved:
        return ""
    if moved:  # this phone's own: drawn for it alone
        return _draw_toast(after, stored, told, [r for _, r in moved], mine)
    # the news reads the same on every phone it does not name: drawn once for all of them
    reads_as = mine if mine is not None and any(_named(after, stored[i].events, mine) for i in told) else None
    return fragments.once(
        ("toast", game_id, seq, after.seq, told, lang(), reads_as),
        lambda: _draw_toast(after, stored, told, [], reads_as),
    )


def _named(state: GameState, events: Sequence[Event], you: int) -> bool:
    """Whether `you` reads these events in the second person ("You paid Bob $50")."""
    return describe_action(state, events, you) != describe_action(state, events) or headline(
        state, events, you
    ) != headline(state, events)


def _money_only(action: Stored) -> bool:
    """Whether a money flash tells all the action did (a payment, an undo), so no news need."""
    return all(isinstance(e, Paid | Undone) for e in action.events)


def _draw_toast(
    after: GameState, stored: Sequence[Stored], told: Sequence[int], money_in: list[Receipt], you: int | None
) -> Markup:
    news = [describe_action(after, stored[i].events, you) for i in told][-NEWS_LINES:]
    message = Parts(news) if news else None
    lead = headline(after, stored[told[-1]].events, you) if len(news) == 1 else None
    earlier = money_in[:-MONEY_IN_LINES]  # a phone back from a pocket: what they came to
    return Markup(
        render_template(
            "shared/_toast.html",
            message=message,
            headline=lead,
            money_in=money_in[-MONEY_IN_LINES:],
            earlier=summed(after, earlier) if earlier else None,
            ok=True,
            oob=True,
        )
    )


def _lot(state: GameState) -> tuple:
    """What an auction's panel shows besides its bids and clock."""
    assert state.auction is not None
    return (state.auction.kind, state.auction.deed, state.auction.excluded)


def _row(player: Player) -> tuple:
    """What a player's row shows besides the cash."""
    return (player.name, player.token, player.in_jail, player.bankrupt, len(player.hand))


def seating(state: GameState) -> tuple:
    """Who sits at the table and who may still change seats, as the lists of names and the bank's
    Players card show them: a late player, a new name or piece, a player out, the game's end."""
    return worked_out(
        state, "seating", lambda: (state.ended, tuple((p.name, p.token, p.bankrupt) for p in state.players))
    )


def _joining(stored: Sequence[Stored]) -> set[int]:
    """The players whose phones joined in these actions."""
    return {e.player for action in stored for e in action.events if isinstance(e, Joined)}


def _joined(game_id: str) -> set[int]:
    return {s.player_id for s in seats.service().seats.of(game_id) if s.claimed and s.player_id != BANKER}


def _lobby(game_id: str, state: GameState) -> dict[str, Any]:
    return {"game_id": game_id, "state": state, "view": "lobby", "joined": _joined(game_id)}
