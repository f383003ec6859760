"""Use cases: create a game, seat a phone, run a command for a seat. Web pages and the JSON API
both call these; each one commits once and then tells the live streams."""

from __future__ import annotations

import hashlib
import hmac
import logging
import random
import secrets
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import bindparam, false, insert, or_, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from banker.config import GAMES_KEPT
from banker.lru import LRU
from banker.rules import (
    Command,
    Event,
    GameState,
    RuleError,
    Sent,
    decide,
    describe_action,
    event_from_json,
    parse_command,
    start_game,
)
from banker.rules.auctions import CloseAuction
from banker.rules.base import Throw
from banker.rules.game import Joined
from banker.rules.inputs import check_text
from banker.rules.seating import PlayerAdded
from banker.rules.tally import TimeUp
from banker.rules.text import Text
from banker.rules.undo import Undone
from banker.service import game_files
from banker.service.broker import Broker
from banker.service.chronicle import Chronicle, record
from banker.service.game_files import FileAction, GameFile, Kept
from banker.store.db import FullDiskLog, disk_full
from banker.store.models import Action, Game, Seat

log = logging.getLogger(__name__)
T = TypeVar("T")

BANKER = 0  # Seat.player_id of the banker's seat
DISPLAY = -100  # SeatKey.player_id of a table display: it shows the game and never acts
JOIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
MAX_RETRIES = 20
STATES_KEPT = 8  # the latest states of a game kept, one per action: for streams a few behind
LINES_KEPT = 100_000  # history lines kept in all (a line takes some 150 bytes), see history
OLDER_LINES_READ = 500  # how far back a filtered history reads the log at a time
AT_ONCE = 500  # actions folded or worded before letting other requests run (see _in_turns)


# What every read and every command asks first: the actions stored after the seq this process
# already holds. Built once: building a statement costs more than SQLite takes to answer it.
STORED_AFTER = (
    select(Action.seq, Action.events, Action.seat_player, Action.created_at)
    .where(Action.game_id == bindparam("game_id"), Action.seq > bindparam("after"))
    .order_by(Action.seq)
)
STORED_BETWEEN = STORED_AFTER.where(Action.seq <= bindparam("upto"))
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
class Restored:
    """What restoring a backup file did: put the game back under its own id ("restored"), left
    the game already here under that id ("present"), or made a new game of a download ("new")."""

    game_id: str
    outcome: str


@dataclass(frozen=True)
class HistoryLine:
    seq: int
    text: str  # in the language it was asked for
    undone: bool


@dataclass(frozen=True)
class Stored:
    """One stored action: its seq, the seat that sent it (BANKER for the bank and the server's
    own actions) and its events."""

    seq: int
    by: int
    events: tuple[Event, ...]

    @property
    def news(self) -> bool:
        """Told to every phone as it happens, not only in the history."""
        return any(e.is_news for e in self.events)


@dataclass(frozen=True)
class Step:
    """A state the game reached, and the action that took it there."""

    state: GameState
    action: Stored | None  # None for the game's start, whose event holds the whole edition


@dataclass(frozen=True)
class Wording:
    """A game's history lines in one language, for the actions `first`..`last`: the newest
    ones, and as far back as anyone has asked. Undo only reverses the action on top, so every undo
    of an action in here is in here too."""

    first: int
    texts: tuple[str, ...]
    parties: tuple[int, ...]  # each action's players (and the bank, 0) as bits: 1 << player
    undone: frozenset[int]

    @property
    def last(self) -> int:
        return self.first + len(self.texts) - 1


class GameService:
    """Runs the table: the rules core underneath, the action log and the live broker around."""

    def __init__(
        self,
        engine: Engine,
        broker: Broker,
        clock: Callable[[], float] = time.time,
        games_kept: int = GAMES_KEPT,
        throw: Throw = secrets.choice,
    ) -> None:
        self.engine = engine
        self.broker = broker
        self.clock = clock
        self.throw = throw  # a die's face for a roll on a phone: a cryptographic source, never the phone
        self._full_disk_log = FullDiskLog(log, clock)
        self._chronicles: LRU[str, Chronicle] = LRU(games_kept)
        self._recent: LRU[str, tuple[Step, ...]] = LRU(games_kept)  # the latest actions, in turn
        self._cache_lock = threading.Lock()
        # one command of a game at a time in this process; other processes are kept apart by
        # the unique seq alone (without this, threads of one server would mostly race each other).
        # A lock lives while a command holds it: games nobody is playing hold none.
        self._game_locks: weakref.WeakValueDictionary[str, threading.RLock] = weakref.WeakValueDictionary()
        self._seat_keys: LRU[str, SeatKey] = LRU(SEAT_KEYS_KEPT)
        self._codes: LRU[str, str] = LRU(games_kept)  # game id -> join code (it never changes)
        self._wordings: LRU[tuple[str, str], Wording] = LRU(LINES_KEPT, weight=lambda w: len(w.texts))
        # game id -> its open auction's deadline or its end time: every such game, kept or not
        self._deadlines: dict[str, float] = {}
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
        at = datetime.fromtimestamp(self.clock(), UTC)
        return self._stored(
            (FileAction(seq=1, by=BANKER, at=at, events=(started.to_json(),)),), len(started.players)
        )

    def _stored(
        self,
        actions: Sequence[FileAction],
        players: int,
        kept: Kept | None = None,
        folded: Chronicle | None = None,
    ) -> NewGame:
        """Store a game whose log is `actions`, as one commit: under the id, join code and seats
        `kept` when given, else new ones; then announce it. `folded` is the game those actions
        make, when the caller has folded them already (a file read): it is kept, not folded again."""
        with Session(self.engine) as session:
            if kept is None:
                game = Game(id=secrets.token_urlsafe(9), join_code=self._free_join_code(session))
                seats = [
                    Seat(game_id=game.id, player_id=i, token=_token(), claimed=not i)
                    for i in range(players + 1)
                ]
            else:
                game = Game(id=kept.id, join_code=kept.join_code, created_at=kept.created_at)
                seats = [Seat(game_id=game.id, player_id=p, token=t, claimed=c) for p, t, c in kept.seats]
            session.add(game)
            session.flush()  # the seats and the log refer to the game row
            session.add_all(seats)
            session.flush()
            session.connection().execute(
                APPEND,
                [
                    {
                        "game_id": game.id,
                        "seq": action.seq,
                        "seat_player": action.by,
                        "request_id": action.request_id,
                        "command_digest": action.command_digest,
                        "events": list(action.events),
                        "created_at": action.at,
                    }
                    for action in actions
                ],
            )
            session.commit()
            for row in (game, *seats):
                session.refresh(row)
        if folded is not None:
            last = actions[-1]
            self._remember(
                game.id, folded, Stored(seq=last.seq, by=last.by, events=tuple(_events(last.events)))
            )
        state = self.state(game.id)
        banker = next(seat for seat in seats if seat.player_id == BANKER)
        players_seats = tuple(seat for seat in seats if seat.player_id != BANKER)
        created = NewGame(game=game, banker=banker, players=players_seats, state=state)
        if self.on_new_game is not None:
            try:
                self.on_new_game(created)
            except Exception:  # the game is made: telling of it must not fail its creation
                log.exception("could not announce a new game")
        return created

    # --- a game as one file (banker/service/game_files.py) ----------------------------------------

    def export_game(self, game_id: str, backup: bool = False) -> bytes:
        """The game as one file; a `backup` also keeps its id, join code and seat tokens."""
        with Session(self.engine) as session:
            game = session.get(Game, game_id)
            if game is None:
                raise NotFound(Text("There is no such game. Check the link or the join code."))
            rows = session.exec(select(Action).where(Action.game_id == game_id).order_by(Action.seq)).all()
            actions = tuple(
                FileAction(
                    seq=row.seq,
                    by=row.seat_player,
                    at=row.created_at,
                    events=tuple(row.events),
                    request_id=row.request_id,
                    command_digest=row.command_digest,
                )
                for row in rows
            )
            kept = None
            if backup:
                seats = session.exec(select(Seat).where(Seat.game_id == game_id).order_by(Seat.player_id))
                kept = Kept(
                    id=game.id,
                    join_code=game.join_code,
                    created_at=game.created_at,
                    seats=tuple((seat.player_id, seat.token, seat.claimed) for seat in seats),
                )
        return game_files.write(GameFile(actions=actions, kept=kept))

    def import_game(self, raw: bytes) -> NewGame:
        """The game in a file as a new game here, with a new id, join code and seat tokens (those of
        the server it came from do not open it); a file refused (BadGameFile) stores nothing."""
        game = game_files.read(raw, _in_turns)
        return self._stored(game.actions, game.players, folded=game.folded)

    def restore_game(self, raw: bytes) -> Restored:
        """A game from a backup put back as it was, under its own id, join code and seat tokens, so
        its links and phones work again. A game whose id is here already is left as it is (restoring
        twice changes nothing, and a game played on since is not overwritten); a file without the
        backup's ids (a download from the bank screen) becomes a new game."""
        game = game_files.read(raw, _in_turns)
        kept = game.kept
        if kept is None:
            return Restored(self._stored(game.actions, game.players, folded=game.folded).game.id, "new")
        with Session(self.engine) as session:
            if session.get(Game, kept.id) is not None:
                return Restored(kept.id, "present")
            if session.exec(select(Game).where(Game.join_code == kept.join_code)).first() is not None:
                kept = replace(kept, join_code=self._free_join_code(session))
        return Restored(self._stored(game.actions, game.players, kept, game.folded).game.id, "restored")

    def game_ids(self) -> list[str]:
        """Every game's id, oldest first."""
        with Session(self.engine) as session:
            return list(session.exec(select(Game.id).order_by(Game.created_at, Game.id)))

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
        self._codes.put(game_id, game.join_code)
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
        known = self._seat_keys.get(token)
        if known is not None:
            return known
        with self.engine.connect() as connection:
            row = connection.execute(SEAT_OF_TOKEN, {"token": token}).first()
        if row is None:
            return None
        seat = SeatKey(game_id=row.game_id, player_id=row.player_id, token=token)
        self._seat_keys.put(token, seat)
        return seat

    # --- the table display: a link that shows the game, and can never act ----------------------

    def display_link(self, game_id: str) -> str | None:
        """The key of the game's table display link; None when the bank has made none."""
        with Session(self.engine) as session:
            game = session.get(Game, game_id)
        if game is None:
            raise NotFound(Text("There is no such game. Check the link or the join code."))
        return game.display_token

    def new_display_link(self, game_id: str) -> str:
        """A new display link for the game: the old one, if any, stops working."""
        return self._set_display_link(game_id, _token())

    def revoke_display_link(self, game_id: str) -> None:
        self._set_display_link(game_id, None)

    def _set_display_link(self, game_id: str, token: str | None) -> str | None:
        with self.engine.begin() as connection:
            changed = connection.execute(update(Game).where(Game.id == game_id).values(display_token=token))
        if changed.rowcount != 1:
            raise NotFound(Text("There is no such game. Check the link or the join code."))
        return token

    def display(self, game_id: str, token: str | None) -> SeatKey:
        """The table display holding `token`; Forbidden when the bank revoked its link. Asked
        of the database each time, so a revoked link stops at once on every server."""
        kept = self.display_link(game_id)
        if not token or kept is None or not hmac.compare_digest(kept.encode(), token.encode()):
            raise Forbidden(
                Text("This table display link was turned off by the bank. Ask the banker for a new one.")
            )
        return SeatKey(game_id=game_id, player_id=DISPLAY, token=token)

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
        return self.chronicle(game_id).state

    def state_at(self, game_id: str, seq: int) -> GameState:
        """The game as it stands now, known to be at `seq` (as the broker announced): from memory
        when this process holds the game at that seq, else as `state` reads it. Every live stream
        of a game asks after each change, and none of them needs to read the log again."""
        kept = self._chronicles.get(game_id)
        if kept is not None and kept.seq == seq and not self._due(kept.state):
            return kept.state
        return self.state(game_id)

    def still_at(self, game_id: str, seq: int) -> bool:
        """Whether the game is still at `seq`, when this process can tell without reading it: it
        heard of the game's latest change, and no clock of the game has run out since."""
        if self.broker.latest(game_id) != seq:
            return False
        with self._deadlines_changed:
            deadline = self._deadlines.get(game_id)
        return deadline is None or self.clock() < deadline

    def chronicle(self, game_id: str) -> Chronicle:
        """The game as it stands now (see `state`) with what its log told on the way: the net
        worths for the chart and the biggest moments."""
        kept = self._chronicle(game_id)
        if self._due(kept.state):
            self.settle_due(game_id)
            kept = self._chronicle(game_id)
        return kept

    def _state(self, game_id: str) -> GameState:
        return self._chronicle(game_id).state

    def _chronicle(self, game_id: str) -> Chronicle:
        """The folded game, as kept plus any actions stored since (by any process); a game not
        kept (never seen, or not used for a while) is folded from its whole log."""
        kept = self._chronicles.get(game_id)
        after = kept.seq if kept else 0
        with self.engine.connect() as connection:
            rows = connection.execute(STORED_AFTER, {"game_id": game_id, "after": after}).all()
        if kept is None and not rows:
            raise NotFound(Text("There is no such game. Check the link or the join code."))
        for seq, events, by, at in _in_turns(rows):
            action = Stored(seq=seq, by=by, events=tuple(_events(events)))
            kept = record(kept, seq, action.events, sent_of(by, at))
            if seq > rows[-1][0] - STATES_KEPT:
                self._remember(game_id, kept, action)
        assert kept is not None
        return kept

    def _remember(self, game_id: str, kept: Chronicle, action: Stored) -> None:
        with self._cache_lock:
            current = self._chronicles.get(game_id)
            if current is None or current.seq < kept.seq:
                self._chronicles.put(game_id, kept)
                self._watch(game_id, kept.state)
                recent = self._recent.get(game_id) or ()
                step = Step(kept.state, action if action.seq > 1 else None)
                follows = recent and recent[-1].state.seq + 1 == kept.seq
                self._recent.put(game_id, (*recent, step)[-STATES_KEPT:] if follows else (step,))

    def states_from(self, game_id: str, seq: int) -> list[GameState] | None:
        """The game's state at `seq` and after each action since, oldest first, while this
        process still holds every one of them (the latest STATES_KEPT); else None. A phone's
        live stream that is a few changes behind is brought through each of them in turn."""
        recent = self._recent.get(game_id) or ()
        chain = [step.state for step in recent if step.state.seq >= seq]
        return chain if chain and chain[0].seq == seq else None

    def stored_between(self, game_id: str, after: int, upto: int) -> list[Stored]:
        """The actions after `after` up to `upto`, oldest first: from memory for the latest ones
        (each live stream, each language's history line asks for the newest), else from the log."""
        steps = self._recent.get(game_id) or ()
        recent = [s.action for s in steps if s.action and after < s.action.seq <= upto]
        if len(recent) == upto - after:
            return recent
        with self.engine.connect() as connection:
            rows = connection.execute(
                STORED_BETWEEN, {"game_id": game_id, "after": after, "upto": upto}
            ).all()
        return [Stored(seq=seq, by=by, events=tuple(_events(events))) for seq, events, by, _ in rows]

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
            delay = self.tick()
            with self._deadlines_changed:
                self._deadlines_changed.wait(timeout=min(delay, 60.0) if delay is not None else 60.0)

    def tick(self) -> float | None:
        """One round of the timer: settle what is due; the seconds until the next deadline (a
        second when settling failed: a database hiccup must not stop the clock)."""
        try:
            return self.settle_all_due()
        except Exception as error:
            if disk_full(error):  # tried again every second: its traceback once a minute
                self._full_disk_log.log(error)
            else:
                log.exception("settling due games failed")
            return 1.0

    def history(
        self,
        game_id: str,
        limit: int | None = 50,
        player: int | None = None,
        at: GameState | None = None,
        before: int | None = None,
        language: str = "en",
        say: Callable[[Text], str] = str,
    ) -> list[HistoryLine]:
        """The newest actions first (those before the seq `before`, when given), at most `limit`
        of them, each as one line in `language` (worded by `say`; a Text is its English); with
        `player`, only the actions that player took part in; up to the state `at` when the caller
        holds it (else the newest).

        Every phone of a game asks for the newest lines after each change, and a long game's
        whole history may be downloaded: the lines are worded once per game and language and
        kept (see Wording), and only the actions not worded yet are read from the log."""
        state = at or self.state(game_id)
        top = state.seq if before is None else min(state.seq, before - 1)
        wanted = None if player is None else (1 << player if 0 <= player < 63 else 0)
        lines: list[HistoryLine] = []
        if top < 1 or wanted == 0:  # nothing asked for, or no such player: no need to read the log
            return lines
        first = max(1, top - (top if limit is None else limit) + 1)
        wording = self._wording(game_id, state, first, language, say)
        seq = top
        while seq >= 1 and (limit is None or len(lines) < limit):
            if seq < wording.first:
                wording = self._wording(game_id, state, max(1, seq - OLDER_LINES_READ + 1), language, say)
            index = seq - wording.first
            if wanted is None or wording.parties[index] & wanted:
                lines.append(HistoryLine(seq=seq, text=wording.texts[index], undone=seq in wording.undone))
            seq -= 1
        return lines

    def _wording(
        self, game_id: str, state: GameState, first: int, language: str, say: Callable[[Text], str]
    ) -> Wording:
        """The game's lines in `language` from action `first` (or before) up to `state`'s seq (or
        after), the kept ones extended by those not worded yet."""
        key = (game_id, language)
        kept = self._wordings.get(key)
        if kept is not None and kept.last < first - 1:
            kept = None  # what is kept ends long before the lines asked for: not worth reading the gap
        wording = kept or self._worded(game_id, state, first - 1, state.seq, say)
        if wording.last < state.seq:
            wording = _joined(wording, self._worded(game_id, state, wording.last, state.seq, say))
        if first < wording.first:
            wording = _joined(self._worded(game_id, state, first - 1, wording.first - 1, say), wording)
        if wording is not kept:
            self._wordings.put(key, wording)
        return wording

    def _worded(
        self, game_id: str, state: GameState, after: int, upto: int, say: Callable[[Text], str]
    ) -> Wording:
        """The actions after `after` up to `upto` as lines, worded on `state`."""
        texts, parties, undone = [], [], set()
        for action in _in_turns(self.stored_between(game_id, after, upto)):
            assert action.seq == after + len(texts) + 1, "the log's seqs follow each other"
            events = action.events
            texts.append(say(describe_action(state, events)))
            parties.append(_parties(events))
            undone.update(event.seq for event in events if isinstance(event, Undone))
        return Wording(first=after + 1, texts=tuple(texts), parties=tuple(parties), undone=frozenset(undone))

    def stored_after(self, game_id: str, seq: int) -> list[Stored]:
        """The actions stored after `seq`, oldest first, with the seat that sent each."""
        with self.engine.connect() as connection:
            rows = connection.execute(STORED_AFTER, {"game_id": game_id, "after": seq}).all()
        return [Stored(seq=seq, by=by, events=tuple(_events(events))) for seq, events, by, _ in rows]

    # --- commands ------------------------------------------------------------------

    def run(self, game_id: str, token: str | None, payload: Any, request_id: str | None = None) -> Result:
        """Run one command for the seat holding `token`; refused commands change nothing."""
        seat = self.seat(game_id, token)
        command = parse_command(payload)
        if request_id is not None:  # kept in the log beside the command
            check_text(str(request_id), Text("The %(field)s", field="request_id"))
        request = RequestKey.of(
            request_id, command
        )  # a roll sent again is the same roll: known before it is thrown
        command = command.thrown(self.throw)

        def events_for(state: GameState) -> list[Event]:
            if seat.player_id != BANKER:
                if not command.allowed_for(state, seat.player_id):
                    raise Forbidden(_not_yours(state, seat.player_id, command.banker_only))
                if why := command.refused_to_players(state):
                    raise RuleError(why)
            return decide(state, command, self.clock())

        return self._append(game_id, seat.player_id, request, events_for)

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
            result = self._append_locked(game_id, seat_player, request, events_for)
        # under `banker serve` the streams are greenlets: they push the change to every phone
        # now, before this command's own answer is drawn (the sender's tap already showed it was
        # taken; every other phone waits for the push)
        time.sleep(0)
        return result

    def _append_locked(
        self,
        game_id: str,
        seat_player: int,
        request: RequestKey | None,
        events_for: Callable[[GameState], list[Event]],
    ) -> Result:
        # A command sent again with its request_id (an answer lost on the way) is found by the
        # log's unique (seat, request_id) when storing it fails, or when the state now refuses it:
        # the log is not asked about every command first.
        for attempt in range(MAX_RETRIES):
            # The first try decides on the state this process holds, without asking the log: if
            # another server stored an action since, the unique seq refuses this write and the
            # next try reads the log; a refusal is only given once the log confirms that state.
            kept = (self._chronicles.get(game_id) if attempt == 0 else None) or self._chronicle(game_id)
            state = kept.state
            try:
                events = events_for(state)
            except RuleError:
                if request and (done := self._done(game_id, seat_player, request)) is not None:
                    return done
                if attempt == 0 and self._state(game_id).seq != state.seq:
                    continue
                raise
            seq = state.seq + 1
            # stored to the microsecond, so the state folded again from the log is this one
            sent_at = datetime.fromtimestamp(self.clock(), UTC)
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
                            "created_at": sent_at,
                        },
                    )
                    _seat_late_players(connection, game_id, events)
            except IntegrityError:
                # this request stored before, or another command (in another server process) took
                # this seq or this request_id
                if request and (done := self._done(game_id, seat_player, request)) is not None:
                    return done
                time.sleep(random.uniform(0, 0.002 * attempt))
                continue
            kept = record(kept, seq, events, sent_of(seat_player, sent_at))
            self._remember(game_id, kept, Stored(seq=seq, by=seat_player, events=tuple(events)))
            self.broker.publish(game_id, seq)
            return Result(seq=seq, events=tuple(events), state=kept.state)
        raise RuleError(Text("The table is very busy right now; please try again."))

    def _game_lock(self, game_id: str) -> threading.RLock:
        with self._cache_lock:
            lock = self._game_locks.get(game_id)
            if lock is None:
                lock = self._game_locks[game_id] = threading.RLock()
            return lock

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


def _parties(events: Sequence[Event]) -> int:
    """The players the events name (the bank, 0, included when they do), as bits: 1 << player."""
    bits = 0
    for event in events:
        for party in event.parties():
            if 0 <= party < 63:
                bits |= 1 << party
    return bits


def _in_turns(rows: Sequence[T]) -> Iterator[T]:
    """The rows one by one, pausing after every AT_ONCE of them: folding or wording a long game's
    whole log (after a restart, or once it was dropped from memory) takes a second, and under
    `banker serve` other requests (greenlets) run only when this one pauses: the other tables'
    commands would wait for all of it."""
    for index, row in enumerate(rows):
        if index and not index % AT_ONCE:
            time.sleep(0)
        yield row


def _joined(older: Wording, newer: Wording) -> Wording:
    return Wording(
        first=older.first,
        texts=older.texts + newer.texts,
        parties=older.parties + newer.parties,
        undone=older.undone | newer.undone,
    )


def sent_of(seat_player: int, created_at: datetime) -> Sent:
    """Who sent a stored action and when, on the server's clock (SQLite keeps no time zone: UTC)."""
    at = created_at if created_at.tzinfo else created_at.replace(tzinfo=UTC)
    return Sent(by=seat_player, at=at.timestamp())


def _seat_late_players(connection: Any, game_id: str, events: Sequence[Event]) -> None:
    """A late player's seat, stored with the action that seats them. A seat stays when its player
    is undone: seated again, the same place keeps its key and the phone that took it."""
    for event in events:
        if isinstance(event, PlayerAdded):
            held = select(Seat.id).where(Seat.game_id == game_id, Seat.player_id == event.player)
            if connection.execute(held).first() is None:
                connection.execute(
                    insert(Seat).values(
                        game_id=game_id, player_id=event.player, token=_token(), claimed=False
                    )
                )


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
