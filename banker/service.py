"""Use cases: create a game, seat a phone, run a command for a seat. Web pages and the JSON API
both call these; each one commits once and then tells the live streams."""

from __future__ import annotations

import hashlib
import logging
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, false, func, insert, or_, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from banker.live import Broker
from banker.models import Action, Game, Seat
from banker.rules import (
    Command,
    Event,
    GameState,
    RuleError,
    apply_action,
    decide,
    describe_action,
    event_from_json,
    fold,
    parse_command,
    start_game,
)
from banker.rules.auctions import CloseAuction
from banker.rules.game import Joined
from banker.rules.tally import TimeUp
from banker.rules.text import Text

log = logging.getLogger(__name__)

BANKER = 0  # Seat.player_id of the banker's seat
JOIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
MAX_RETRIES = 20
HISTORIES_KEPT = 256  # recent histories, each for one game at one seq (see history)


# What every read and every command asks first: the actions stored after the seq this process
# already holds. Built once: building a statement costs more than SQLite takes to answer it.
STORED_AFTER = (
    select(Action.seq, Action.events)
    .where(Action.game_id == bindparam("game_id"), Action.seq > bindparam("after"))
    .order_by(Action.seq)
)
SEAT_OF_TOKEN = select(Seat.game_id, Seat.player_id).where(Seat.token == bindparam("token"))
APPEND = insert(Action)  # plain inserts: the ORM's unit of work costs more than the write itself
SEAT_KEYS_KEPT = 100_000  # tokens remembered (about 150 bytes each)


class _NothingDue(Exception):
    """The auction was closed (or extended) by someone else in the meantime."""


class NotFound(RuleError):
    """Raised when a game, join code or seat does not exist (or is not this token's)."""


class Forbidden(RuleError):
    """Raised when a seat asks for something only another seat may do."""


@dataclass(frozen=True)
class Result:
    seq: int
    events: tuple[Event, ...]
    state: GameState


@dataclass(frozen=True)
class RequestKey:
    """A command's request id, which belongs to the seat that sent it, and a digest of the command:
    the same command sent again gets its first result; another command under the id is refused."""

    id: str
    digest: str

    @classmethod
    def of(cls, request_id: Any, command: Command) -> RequestKey | None:
        if request_id is None:
            return None
        # the command as parsed: a frozen dataclass of plain values, so its repr is its content
        digest = hashlib.sha256(repr(command).encode("utf-8", "backslashreplace")).hexdigest()
        return cls(id=str(request_id)[:64], digest=digest)


@dataclass(frozen=True)
class SeatKey:
    """Who a token is: a seat's fixed facts (whether it was claimed is asked of `seats`)."""

    game_id: str
    player_id: int
    token: str


@dataclass(frozen=True)
class NewGame:
    game: Game
    banker: Seat
    players: tuple[Seat, ...]
    state: GameState


@dataclass(frozen=True)
class HistoryLine:
    seq: int
    text: str
    undone: bool


class GameService:
    """Runs the table: the rules core underneath, the action log and the live broker around."""

    def __init__(self, engine: Engine, broker: Broker, clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.broker = broker
        self.clock = clock
        self._cache: dict[str, GameState] = {}
        self._cache_lock = threading.Lock()
        # one command of a game at a time in this process; other processes are kept apart by
        # the unique seq alone (without this, threads of one server would mostly race each other)
        self._game_locks: dict[str, threading.RLock] = {}
        self._seat_keys: OrderedDict[str, SeatKey] = OrderedDict()
        self._codes: dict[str, str] = {}  # game id -> join code (a game's code never changes)
        self._histories: OrderedDict[tuple[str, int, int], tuple[HistoryLine, ...]] = OrderedDict()
        self._deadlines: dict[str, float] = {}  # game id -> its open auction's deadline
        self._deadlines_changed = threading.Condition()
        # told of each game created (`banker serve` prints its bank link for the host)
        self.on_new_game: Callable[[NewGame], None] | None = None

    # --- games and seats -------------------------------------------------------------

    def create_game(
        self,
        names: Any,
        preset: Any = "classic",
        edition: Any = "us",
        options: Any = None,
        tokens: list[str] | None = None,
    ) -> NewGame:
        started = start_game(names, preset, edition, options, tokens, seed=secrets.randbits(32))
        with Session(self.engine) as session:
            game = Game(id=secrets.token_urlsafe(9), join_code=self._free_join_code(session))
            banker = Seat(game_id=game.id, player_id=BANKER, token=_token(), claimed=True)
            players = [
                Seat(game_id=game.id, player_id=i, token=_token()) for i in range(1, len(started.players) + 1)
            ]
            session.add(game)
            session.flush()  # the seats and the log refer to the game row
            session.add_all([banker, *players])
            session.add(Action(game_id=game.id, seq=1, seat_player=BANKER, events=[started.to_json()]))
            session.commit()
            for row in (game, banker, *players):
                session.refresh(row)
        state = self.state(game.id)
        created = NewGame(game=game, banker=banker, players=tuple(players), state=state)
        if self.on_new_game is not None:
            try:
                self.on_new_game(created)
            except Exception:  # the game is made: telling of it must not fail its creation
                log.exception("could not announce a new game")
        return created

    def newest_games(self, count: int) -> list[str]:
        """The ids of the `count` games created last, newest first."""
        with Session(self.engine) as session:
            return list(session.exec(select(Game.id).order_by(Game.created_at.desc()).limit(count)))

    def bank_seat(self, game: str) -> SeatKey:
        """The banker's seat of a game named by its id or its join code: the host's way back to
        the bank when the browser lost its seat (a cleared cookie, a new secret key)."""
        found = select(Seat.game_id, Seat.token).join(Game, Game.id == Seat.game_id)
        found = found.where(Seat.player_id == BANKER, or_(Game.id == game, Game.join_code == game.upper()))
        with self.engine.connect() as connection:
            row = connection.execute(found).first()
        if row is None:
            raise NotFound(Text("No game has the id or join code %(game)s.", game=game[:24]))
        return SeatKey(game_id=row.game_id, player_id=BANKER, token=row.token)

    def _free_join_code(self, session: Session) -> str:
        while True:
            code = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(6))
            if session.exec(select(Game).where(Game.join_code == code)).first() is None:
                return code

    def game_for_join_code(self, code: str) -> Game:
        code = code.strip().upper()
        with Session(self.engine) as session:
            game = session.exec(select(Game).where(Game.join_code == code)).first()
        if game is None:
            raise NotFound(
                Text(
                    "No game has the join code %(code)s. Check the code on the host's screen.", code=code[:8]
                )
            )
        return game

    def game_code(self, game_id: str) -> str:
        if (code := self._codes.get(game_id)) is not None:
            return code
        with Session(self.engine) as session:
            game = session.get(Game, game_id)
        if game is None:
            raise NotFound(Text("There is no such game. Check the link or the join code."))
        self._codes[game_id] = game.join_code
        return game.join_code

    def seats(self, game_id: str) -> list[Seat]:
        with Session(self.engine) as session:
            return list(session.exec(select(Seat).where(Seat.game_id == game_id).order_by(Seat.player_id)))

    def seat(self, game_id: str, token: str | None) -> SeatKey:
        """The seat holding `token` in this game; NotFound for a token of another game."""
        if not token:
            raise Forbidden(Text("This phone has no seat in this game. Join with the game's QR code."))
        seat = self._seat_key(token)
        if seat is None or seat.game_id != game_id:
            raise Forbidden(Text("That seat's key is not valid for this game."))
        return seat

    def seat_by_token(self, token: str) -> SeatKey:
        seat = self._seat_key(token)
        if seat is None:
            raise NotFound(Text("This re-join link is not valid. Ask the banker for a new QR code."))
        return seat

    def _seat_key(self, token: str) -> SeatKey | None:
        """Every request starts here, so known tokens are answered from memory: a token's game
        and player never change. Unknown tokens are not remembered (guessing fills nothing)."""
        with self._cache_lock:
            known = self._seat_keys.get(token)
        if known is not None:
            return known
        with self.engine.connect() as connection:
            row = connection.execute(SEAT_OF_TOKEN, {"token": token}).first()
        if row is None:
            return None
        seat = SeatKey(game_id=row.game_id, player_id=row.player_id, token=token)
        with self._cache_lock:
            if len(self._seat_keys) >= SEAT_KEYS_KEPT:
                self._seat_keys.popitem(last=False)
            self._seat_keys[token] = seat
        return seat

    def claim_seat(self, game_id: str, player_id: int) -> Seat:
        """A phone takes a player's seat from the join screen; a taken seat needs the banker.
        Taking it is one conditional update, so of phones racing for one seat exactly one wins
        (reading 'free' first let several win on PostgreSQL)."""
        take = (
            update(Seat)
            .where(Seat.game_id == game_id, Seat.player_id == player_id, Seat.player_id != BANKER)
            .where(Seat.claimed == false())
            .values(claimed=True)
        )
        with self.engine.begin() as connection:
            won = connection.execute(take).rowcount == 1
        with Session(self.engine) as session:
            seat = session.exec(
                select(Seat).where(Seat.game_id == game_id, Seat.player_id == player_id)
            ).first()
        if seat is None or player_id == BANKER:
            raise NotFound(Text("There is no such player in this game."))
        if not won:
            name = self.state(game_id).player(player_id).name
            raise RuleError(
                Text(
                    "%(player)s has already joined on another phone. If that is you on a new "
                    "phone, ask the banker to show %(player)s's own QR code.",
                    player=name,
                )
            )
        self._append(game_id, BANKER, None, lambda state: [Joined(player=player_id)])
        return seat

    # --- state ---------------------------------------------------------------------

    def state(self, game_id: str) -> GameState:
        """The game as it stands now: an auction whose clock has run out is closed first, and a
        timed game whose time is up is ended."""
        state = self._state(game_id)
        if self._due(state):
            self.settle_due(game_id)
            state = self._state(game_id)
        return state

    def _state(self, game_id: str) -> GameState:
        """The folded state, from the cache plus any actions stored since (by any process)."""
        with self._cache_lock:
            cached = self._cache.get(game_id)
        after = cached.seq if cached else 0
        with self.engine.connect() as connection:
            rows = connection.execute(STORED_AFTER, {"game_id": game_id, "after": after}).all()
        if cached is None and not rows:
            raise NotFound(Text("There is no such game. Check the link or the join code."))
        state = fold(((seq, _events(events)) for seq, events in rows), cached) if rows else cached
        assert state is not None
        self._remember(game_id, state)
        return state

    def _cached(self, game_id: str) -> GameState | None:
        with self._cache_lock:
            return self._cache.get(game_id)

    def _remember(self, game_id: str, state: GameState) -> None:
        with self._cache_lock:
            current = self._cache.get(game_id)
            if current is None or current.seq < state.seq:
                self._cache[game_id] = state
                self._watch(game_id, state)

    # --- clocks: auctions and timed games -----------------------------------------------

    def _deadline(self, state: GameState) -> float | None:
        """When this game next needs the server's attention: its auction's deadline, or the end
        of a timed game."""
        if state.ended:
            return None
        times = [state.auction.deadline] if state.auction is not None else []
        if state.rules.end_at:
            times.append(state.rules.end_at)
        return min(times) if times else None

    def _due(self, state: GameState) -> bool:
        deadline = self._deadline(state)
        return deadline is not None and self.clock() >= deadline

    def _watch(self, game_id: str, state: GameState) -> None:
        """Keep the timer's list of deadlines up to date (called under the cache lock)."""
        with self._deadlines_changed:
            deadline = self._deadline(state)
            if deadline is None:
                self._deadlines.pop(game_id, None)
            else:
                self._deadlines[game_id] = deadline
            self._deadlines_changed.notify_all()

    def settle_due(self, game_id: str) -> Result | None:
        """Close the game's auction when its clock has run out, or end a timed game whose time is
        up. Whoever notices first (the timer or any request) appends it; everyone else finds it
        done already and gets None."""

        def events_for(state: GameState) -> list[Event]:
            if not self._due(state):
                raise _NothingDue
            now = self.clock()
            if state.auction is not None and now >= state.auction.deadline:
                return decide(state, CloseAuction(), now)
            return decide(state, TimeUp(), now)

        try:
            return self._append(game_id, BANKER, None, events_for)
        except _NothingDue:
            return None

    def settle_all_due(self) -> float | None:
        """Settle every game whose clock has run out; the seconds until the next deadline."""
        with self._deadlines_changed:
            deadlines = dict(self._deadlines)
        now = self.clock()
        for game_id, deadline in deadlines.items():
            if deadline <= now:
                self.settle_due(game_id)
        with self._deadlines_changed:
            upcoming = list(self._deadlines.values())
        return max(0.0, min(upcoming) - self.clock()) if upcoming else None

    def run_timer(self, stop: threading.Event) -> None:
        """Close auctions and end timed games on time even when no phone asks: sleep until the
        nearest deadline or until a new one is set. Runs in its own thread (a greenlet under
        `banker serve`)."""
        while not stop.is_set():
            try:
                delay = self.settle_all_due()
            except Exception:  # a database hiccup must not stop the clock
                log.exception("settling due games failed")
                delay = 1.0
            with self._deadlines_changed:
                self._deadlines_changed.wait(timeout=min(delay, 60.0) if delay is not None else 60.0)

    def history(
        self, game_id: str, limit: int | None = 50, player: int | None = None, at: GameState | None = None
    ) -> list[HistoryLine]:
        """The newest actions first, each as one readable line; with `player`, only the actions
        that player took part in; up to the state `at` when the caller holds it (else the newest).

        Every phone of a game asks for the same lines after each change: the newest ones are
        kept per game and seq (the log up to a seq never changes), so they are read and worded
        once, not once per phone."""
        state = at or self.state(game_id)
        key = (game_id, state.seq, limit)
        if player is None and limit is not None:
            with self._cache_lock:
                if (kept := self._histories.get(key)) is not None:
                    self._histories.move_to_end(key)
                    return list(kept)
        query = (
            select(Action.seq, Action.events)
            .where(Action.game_id == game_id, Action.seq <= state.seq)
            .order_by(Action.seq.desc())
        )
        with Session(self.engine) as session:
            rows = session.exec(query if player is not None else query.limit(limit)).all()
        undone = {e["seq"] for _, events in rows for e in events if e["type"] == "undone"}
        lines = [
            HistoryLine(
                seq=seq,
                text=describe_action(state, _events(events)),
                undone=seq in undone,
            )
            for seq, events in rows
            if player is None or any(player in _parties(e) for e in events)
        ]
        if player is None and limit is not None:
            with self._cache_lock:
                self._histories[key] = tuple(lines)
                if len(self._histories) > HISTORIES_KEPT:
                    self._histories.popitem(last=False)
        return lines[:limit] if limit is not None else lines

    def timeline(self, game_id: str) -> list[tuple[int, list[Event], GameState]]:
        """Every action in order with the state just after it: for the end-of-game chart."""
        with Session(self.engine) as session:
            rows = session.exec(
                select(Action.seq, Action.events).where(Action.game_id == game_id).order_by(Action.seq)
            ).all()
        state: GameState | None = None
        steps = []
        for seq, stored in rows:
            events = _events(stored)
            state = apply_action(state, seq, events)
            steps.append((seq, events, state))
        return steps

    def events_since(self, game_id: str, seq: int) -> list[Event]:
        """The events of the actions stored after `seq`, oldest first."""
        return [event for events in self.actions_since(game_id, seq) for event in events]

    def actions_since(self, game_id: str, seq: int) -> list[list[Event]]:
        """The actions stored after `seq`, oldest first, each as its events."""
        with self.engine.connect() as connection:
            rows = connection.execute(STORED_AFTER, {"game_id": game_id, "after": seq}).all()
        return [_events(events) for _, events in rows]

    def last_seq(self, game_id: str) -> int:
        with Session(self.engine) as session:
            return session.exec(select(func.max(Action.seq)).where(Action.game_id == game_id)).one() or 0

    # --- commands ------------------------------------------------------------------

    def run(self, game_id: str, token: str | None, payload: Any, request_id: str | None = None) -> Result:
        """Run one command for the seat holding `token`; refused commands change nothing."""
        seat = self.seat(game_id, token)
        command = parse_command(payload)

        def events_for(state: GameState) -> list[Event]:
            if seat.player_id != BANKER and not command.allowed_for(state, seat.player_id):
                raise Forbidden(_not_yours(state, seat.player_id, command.banker_only))
            return decide(state, command, self.clock())

        return self._append(game_id, seat.player_id, RequestKey.of(request_id, command), events_for)

    def _append(
        self,
        game_id: str,
        seat_player: int,
        request: RequestKey | None,
        events_for: Callable[[GameState], list[Event]],
    ) -> Result:
        """Store the events decided on the newest state as the next seq, retrying when
        another command got there first; then tell every live stream."""
        with self._game_lock(game_id):
            return self._append_locked(game_id, seat_player, request, events_for)

    def _append_locked(
        self,
        game_id: str,
        seat_player: int,
        request: RequestKey | None,
        events_for: Callable[[GameState], list[Event]],
    ) -> Result:
        for attempt in range(MAX_RETRIES):
            if request and (done := self._done(game_id, seat_player, request)) is not None:
                return done
            # The first try decides on the state this process holds, without asking the log: if
            # another server stored an action since, the unique seq refuses this write and the
            # next try reads the log; a refusal is only given once the log confirms that state.
            state = (self._cached(game_id) if attempt == 0 else None) or self._state(game_id)
            try:
                events = events_for(state)
            except RuleError:
                if attempt == 0 and self._state(game_id).seq != state.seq:
                    continue
                raise
            seq = state.seq + 1
            try:
                with self.engine.begin() as connection:
                    connection.execute(
                        APPEND,
                        {
                            "game_id": game_id,
                            "seq": seq,
                            "seat_player": seat_player,
                            "request_id": request.id if request else None,
                            "command_digest": request.digest if request else None,
                            "events": [e.to_json() for e in events],
                            "created_at": datetime.now(UTC),
                        },
                    )
            except IntegrityError:
                # another command (in another server process) took this seq or this request_id
                time.sleep(random.uniform(0, 0.002 * attempt))
                continue
            new_state = apply_action(state, seq, events)
            self._remember(game_id, new_state)
            self.broker.publish(game_id, seq)
            return Result(seq=seq, events=tuple(events), state=new_state)
        raise RuleError(Text("The table is very busy right now; please try again."))

    def _game_lock(self, game_id: str) -> threading.RLock:
        with self._cache_lock:
            return self._game_locks.setdefault(game_id, threading.RLock())

    def _done(self, game_id: str, seat_player: int, request: RequestKey) -> Result | None:
        with Session(self.engine) as session:
            row = session.exec(
                select(Action).where(
                    Action.game_id == game_id,
                    Action.seat_player == seat_player,
                    Action.request_id == request.id,
                )
            ).first()
        if row is None:
            return None
        # a command stored before digests were kept counts as the same one
        if row.command_digest not in (None, request.digest):
            raise RuleError(
                Text(
                    "This request_id was already used for another command from this seat. "
                    "Send each new command with a new request_id."
                )
            )
        return Result(seq=row.seq, events=tuple(_events(row.events)), state=self.state(game_id))


PARTY_FIELDS = ("player", "payer", "payee", "debtor", "creditor", "proposer", "partner", "to", "declined_by")


def _parties(stored: dict[str, Any]) -> set[int]:
    """The players a stored event names (the bank, 0, included when it does)."""
    return {value for key, value in stored.items() if key in PARTY_FIELDS and isinstance(value, int)}


def _events(rows: Sequence[dict[str, Any]]) -> list[Event]:
    return [event_from_json(row) for row in rows]


def _token() -> str:
    return secrets.token_urlsafe(24)


def _not_yours(state: GameState, player_id: int, banker_only: bool) -> Text:
    if banker_only:
        return Text("Only the banker can do that.")
    return Text(
        "This phone belongs to %(player)s; it can only act for them.", player=state.player(player_id).name
    )
