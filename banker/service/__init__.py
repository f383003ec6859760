"""Use cases: create a game, seat a phone, run a command for a seat, settle what a clock made due,
move a game as one file. Web pages, the JSON API and the `banker` command all call these; each
one commits once and then tells the live streams. The work itself is done by the parts, each a
noun with one job: the action log (action_log.py), the folded states (states.py), the clocks
(clocks.py), games and seats (seats.py), the history's wording (history.py), game files
(game_files.py), storing an action (recorder.py), each game's share of the server's time
(shares.py), telling the streams (broker.py), the editions saved to play on (editions.py) and
deleting the games left untouched (retention.py)."""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.engine import Engine

from banker.config import GAMES_KEPT
from banker.rules import GameState, InvalidCommand, RuleError, parse_command, start_game
from banker.rules.base import Throw
from banker.rules.game import Join, ReplaceBankKey, ReplaceKey, refuse_end_passed
from banker.rules.inputs import check_text
from banker.rules.text import Text
from banker.service.acting import SEAT_TAKEN_BACK
from banker.service.action_log import ActionLog, RequestKey
from banker.service.broker import Broker
from banker.service.chronicle import Chronicle
from banker.service.clocks import Clocks, NothingDue
from banker.service.editions import Editions, IdleEdition
from banker.service.errors import NotFound
from banker.service.game_files import REQUEST_ID_MOST, FileAction, Restored
from banker.service.history import HistoryLine, HistoryWording
from banker.service.recorder import Recorder, Result
from banker.service.retention import IdleGame, Retention
from banker.service.seats import BANKER, NewGame, SeatInfo, SeatKey, Seats
from banker.service.shares import Shares
from banker.service.snapshots import Snapshots
from banker.service.states import FoldedStates
from banker.service.transfers import Parts, Transfers
from banker.service.transfers import Stored as StoredGame
from banker.service.workers import Workers

log = logging.getLogger(__name__)
DAY = 24 * 60 * 60


class GameService:
    """Runs the table: the rules core underneath, the action log and the live broker around."""

    def __init__(
        self,
        engine: Engine,
        broker: Broker,
        clock: Callable[[], float] = time.time,
        games_kept: int = GAMES_KEPT,
        throw: Throw = secrets.choice,
        workers: int = 0,
        waiting: int = 8,
    ) -> None:
        self.engine = engine
        self.broker = broker
        self.clock = clock
        self.throw = throw  # a die's face for a roll on a phone: a cryptographic source, never the phone
        self.log = ActionLog(engine)
        self.seats = Seats(engine, games_kept)
        self.clocks = Clocks(clock)
        self.states = FoldedStates(
            self.log, Snapshots(engine), games_kept, watch=self.clocks.watch, gone=self.clocks.forget
        )
        self.wording = HistoryWording(self.states)
        parts = Parts(self.log, self.seats, self.states.snapshots)
        url = engine.url.render_as_string(hide_password=False)
        self.transfers = Transfers(Workers(parts, url, workers, waiting))
        self.shares = Shares(games_kept)
        self.recorder = Recorder(
            self.log, self.states, self.seats, broker, clock, settled=self.state, shares=self.shares
        )
        self.editions = Editions(engine, clock)
        self.retention = Retention(engine, self.log, self.seats, self.states)
        # told of each game created (`banker serve` prints its bank link for the host)
        self.on_new_game: Callable[[NewGame], None] | None = None

    def close(self) -> None:
        """Let go of what the service holds outside itself: the live broker's listener (on
        PostgreSQL a thread and a connection), the idle workers, the database's connections."""
        self.broker.close()
        self.transfers.workers.close()
        self.engine.dispose()

    # --- games: made, moved as one file --------------------------------------------------------

    def create_game(
        self,
        names: Any,
        preset: Any = "classic",
        edition: Any = "us",
        options: Any = None,
        tokens: list[str] | None = None,
    ) -> NewGame:
        """A new game on a built-in board, a saved edition (by its id) or an edition file's JSON."""
        edition = self.editions.for_game(edition)
        started = start_game(names, preset, edition, options, tokens, seed=secrets.randbits(32))
        now = self.clock()
        refuse_end_passed(started, now)
        at = datetime.fromtimestamp(now, UTC)
        first = FileAction(seq=1, by=BANKER, at=at, events=(started.to_json(),))
        created = self.seats.create(self.log, (first,), len(started.players), None, at)
        return self._announced(StoredGame(*created))

    def export_game(self, game_id: str, backup: bool = False) -> bytes:
        """The game as one file; a `backup` also keeps its id, join code and seat tokens."""
        return self.transfers.export(game_id, self.state(game_id).seq, backup)

    def import_game(self, raw: bytes) -> NewGame:
        """The game in a file as a new game here, with a new id, join code and seat tokens (those of
        the server it came from do not open it); a file refused (BadGameFile) stores nothing."""
        return self._announced(self.transfers.imported(raw, self.clock()))

    def restore_game(self, raw: bytes) -> Restored:
        """A game from a backup put back as it was, under its own id, join code and seat tokens, so
        its links and phones work again. A game whose id is here already is left as it is (restoring
        twice changes nothing, and a game played on since is not overwritten); a file without the
        backup's ids (a download from the bank screen) becomes a new game. The file is the host's
        own: its actions are folded as they are, not decided again (see game_files.py)."""
        done, stored = self.transfers.restored(raw, self.clock())
        if stored is not None:
            self._announced(stored)
        return done

    def _announced(self, stored: StoredGame) -> NewGame:
        """A game just stored, told to whoever listens for new games."""
        banker = next(seat for seat in stored.seats if seat.player_id == BANKER)
        players = tuple(seat for seat in stored.seats if seat.player_id != BANKER)
        created = NewGame(game=stored.game, banker=banker, players=players, state=self.state(stored.game.id))
        if self.on_new_game is not None:
            try:
                self.on_new_game(created)
            except Exception:  # the game is made: telling of it must not fail its creation
                log.exception("could not announce a new game")
        return created

    def prune(self, days: float, dry_run: bool = False) -> list[IdleGame]:
        """Delete the games nobody has touched for `days` days, with their seats and log (with
        `dry_run`, only find them): those deleted, or that would be, the longest idle first."""
        return self.retention.prune(self._days_ago(days), dry_run)

    def prune_editions(self, days: float, dry_run: bool = False) -> list[IdleEdition]:
        """Delete the saved editions nobody has changed or started a game on for `days` days (see
        `prune`)."""
        return self.editions.prune(self._days_ago(days), dry_run)

    def _days_ago(self, days: float) -> datetime:
        return datetime.fromtimestamp(self.clock() - days * DAY, UTC)

    # --- commands -------------------------------------------------------------------------------

    def seat_by_link(self, token: str) -> SeatKey:
        """The seat a re-join link (the bank's QR code of a player, or of the bank) gives a phone:
        a player's counts as joined from then on, as one picked on the join screen."""
        seat = self.seats.seat_by_token(token)
        if seat.player_id != BANKER and self.state(seat.game_id).has_player(seat.player_id):
            self.seats.claim(seat.game_id, seat.player_id)
        return seat

    def claim_seat(self, game_id: str, player_id: int, phone: str | None = None) -> SeatInfo:
        """A phone takes a player's seat from the join screen; a taken seat needs the banker, unless
        it was this phone (`phone`: a secret only it holds) that took it and never heard so."""
        places = {s.player_id for s in self.seats.of(game_id)} - {BANKER}
        if player_id in places and not self.state(game_id).has_player(player_id):
            # a late player's place whose seating was undone keeps its row, and is nobody's
            raise RuleError(SEAT_TAKEN_BACK)
        seat, won = self.seats.claim(game_id, player_id)
        if not won and phone and self._joined(game_id, phone, seat):
            return seat
        if not won:
            name = self.state(game_id).player(player_id).name
            raise RuleError(
                Text(
                    "%(player)s has already joined on another phone. If that is you on a new "
                    "phone, ask the banker to show %(player)s's own QR code.",
                    player=name,
                )
            )
        request = RequestKey.of(_joined_by(phone, seat.token), Join(player=player_id)) if phone else None
        self.recorder.append(game_id, BANKER, request, lambda _state, _now: Join(player=player_id))
        return seat

    def replace_key(self, game_id: str, player_id: int) -> None:
        """A lost phone: the player's seat under a new key and QR code, stored with the action that
        tells every screen, and the old phone (whoever holds it now) no longer acts for them."""
        self.recorder.append(game_id, BANKER, None, lambda _state, _now: ReplaceKey(player=player_id))

    def replace_bank_key(self, game_id: str) -> SeatKey:
        """A bank's phone lost: the bank's seat under a new key, as `replace_key`; the new seat,
        for the phone that asked to keep."""
        self.recorder.append(game_id, BANKER, None, lambda _state, _now: ReplaceBankKey())
        return self.seats.bank_seat(game_id)

    def seat_joined_by(self, game_id: str, phone: str) -> SeatInfo | None:
        """The player's seat `phone` took on the join screen (see claim_seat), if it still seats
        a player: the phone that never heard the answer finds it on opening the join link again."""
        state = self.state(game_id)
        held = {
            _joined_by(phone, seat.token): seat
            for seat in self.seats.of(game_id)
            if seat.claimed and state.has_player(seat.player_id)
        }
        return next((held[found] for found in self.log.stored_ids(game_id, BANKER, held)), None)

    def _joined(self, game_id: str, phone: str, seat: SeatInfo) -> bool:
        # under the seat's own token: a place seated anew is not the phone's it was before
        return bool(self.log.stored_ids(game_id, BANKER, [_joined_by(phone, seat.token)]))

    def run(self, game_id: str, token: str | None, payload: Any, request_id: str | None = None) -> Result:
        """Run one command for the seat holding `token`; refused commands change nothing."""
        seat = self.seats.seat(game_id, token)
        command = parse_command(payload)
        if command.refused_to_seats:
            raise InvalidCommand(command.refused_to_seats)
        if request_id is not None:  # kept in the log beside the command
            if not isinstance(request_id, str) or not 0 < len(request_id) <= REQUEST_ID_MOST:
                # cut to its first 64, two ids would be one: the second command answered as done
                raise InvalidCommand(
                    Text("A request_id is text of 1 to %(most)s characters.", most=REQUEST_ID_MOST)
                )
            check_text(request_id, Text("The %(field)s", field="request_id"))
        # a roll sent again is the same roll: its key is known before it is thrown
        request = RequestKey.of(request_id, command)
        command = command.thrown(self.throw)
        return self.recorder.append(game_id, seat.player_id, request, lambda _state, _now: command)

    # --- clocks: auctions and timed games -------------------------------------------------------

    def settle_due(self, game_id: str) -> Result | None:
        """Close the game's auction when its clock has run out, or end a timed game whose time is
        up. Whoever notices first (the timer or any request) appends it; everyone else finds it
        done already and gets None."""
        try:
            settling = self.clocks.settling(game_id, lambda seq: self.log.played_at(game_id, seq))
            return self.recorder.append(game_id, BANKER, None, settling)
        except (NothingDue, NotFound):  # NotFound: deleted by another process, its clock now dropped
            return None

    def settle_all_due(self) -> float | None:
        """Settle every game whose clock has run out; the seconds until the next deadline."""
        for game_id in self.clocks.games_due():
            self.settle_due(game_id)
        return self.clocks.next_in()

    # --- the game as it stands ------------------------------------------------------------------

    def state(self, game_id: str) -> GameState:
        """The game as it stands now: an auction whose clock has run out is closed first, and a
        timed game whose time is up is ended."""
        return self.chronicle(game_id).state

    def chronicle(self, game_id: str) -> Chronicle:
        """The game as it stands now (see `state`) with what its log told on the way: the net
        worths for the chart and the biggest moments."""
        kept = self.states.current(game_id)
        if self.clocks.due(kept.state):
            self.settle_due(game_id)
            kept = self.states.current(game_id)
        return kept

    def state_at(self, game_id: str, seq: int) -> GameState:
        """The game as it stands now, known to be at `seq` (as the broker announced): from memory
        when this process holds the game at that seq, else as `state` reads it. Every live stream
        of a game asks after each change, and none of them needs to read the log again."""
        kept = self.states.kept(game_id)
        if kept is not None and kept.seq == seq and not self.clocks.due(kept.state):
            return kept.state
        return self.state(game_id)

    def still_at(self, game_id: str, seq: int) -> bool:
        """Whether the game is still at `seq`, when this process can tell without reading it: it
        heard of the game's latest change, and no clock of the game has run out since."""
        return self.broker.latest(game_id) == seq and self.clocks.running(game_id)

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
        """The game's history lines up to the state `at` when the caller holds it, else the newest
        (see HistoryWording.lines)."""
        state = at or self.state(game_id)
        return self.wording.lines(game_id, state, limit, player, before, language, say)


def _joined_by(phone: str, token: str) -> str:
    """The request id a phone's join is stored under: its secret and the seat's token, hashed (the
    log, and a downloaded game file, show neither)."""
    return hmac.new(token.encode(), phone.encode(), hashlib.sha256).hexdigest()
