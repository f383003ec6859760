"""Games and their seats: a game's row and join code, a secret token for each seat (the bank's,
each player's) and whether a phone has taken it, and the table display's link. All the SQL about
them is here; the tokens the server has seen are answered from memory, all but late players'."""

from __future__ import annotations

import hmac
import secrets
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import bindparam, delete, false, insert, or_, update
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session, select

from banker.lru import LRU
from banker.rules import Event, GameState
from banker.rules.game import MAX_PLAYERS, KeyReplaced
from banker.rules.korean import typed_keys
from banker.rules.seating import PlayerAdded
from banker.rules.text import Text
from banker.service.acting import BANKER
from banker.service.action_log import ActionLog
from banker.service.errors import Forbidden, NotFound
from banker.service.game_files import FileAction, Kept, seated_late
from banker.store.models import Game, Seat, could_be_key

DISPLAY = -100  # SeatKey.player_id of a table display: it shows the game and never acts
JOIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
SEAT_KEYS_KEPT = 100_000  # tokens remembered (about 150 bytes each)
SEAT_OF_TOKEN = select(Seat.game_id, Seat.player_id, Seat.late).where(Seat.token == bindparam("token"))
DISPLAY_LINK = select(Game.id, Game.display_token).where(Game.id == bindparam("game_id"))
GAME_ID = select(Game.id).where(Game.id == bindparam("game_id"))
# a link the bank turned off on another server stops that server's displays within this time,
# and a seat's key the bank replaced there (a lost phone) stops that server's phones
DISPLAY_LINK_SECONDS = 1.0
SEAT_KEY_SECONDS = 1.0
NO_SUCH_PLAYER = Text("There is no such player in this game.")


@dataclass(frozen=True)
class GameInfo:
    id: str
    join_code: str
    created_at: datetime


@dataclass(frozen=True)
class SeatInfo:
    game_id: str
    player_id: int
    token: str
    claimed: bool


@dataclass(frozen=True)
class NewGame:
    game: GameInfo
    banker: SeatInfo
    players: tuple[SeatInfo, ...]
    state: GameState


@dataclass(frozen=True)
class SeatKey:
    """Who a token is: a seat's fixed facts (whether it was claimed is asked of `seats`)."""

    game_id: str
    player_id: int
    token: str


class Seats:
    def __init__(
        self, engine: Engine, games_kept: int, monotonic: Callable[[], float] = time.monotonic
    ) -> None:
        self.engine = engine
        self.monotonic = monotonic  # how old a display link's or a seat key's read is
        self._keys: LRU[str, tuple[SeatKey, float]] = LRU(SEAT_KEYS_KEPT)  # and when it was read
        self.join_codes: LRU[str, str] = LRU(games_kept)  # game id -> join code (it never changes)
        # game id -> its display link's key and when it was read: asked by every open display each
        # time its game changes, read from the database at most once a second for all of them
        self._display_links: LRU[str, tuple[str | None, float]] = LRU(games_kept)

    def create(
        self,
        log: ActionLog,
        actions: Sequence[FileAction],
        players: int,
        kept: Kept | None,
        now: datetime,
    ) -> tuple[GameInfo, tuple[SeatInfo, ...]]:
        """A game whose log is `actions`, with its seats, as one commit: under the id, join code,
        creation time and seats `kept` when given, else new ones, made `now`."""
        late = seated_late(actions)
        with Session(self.engine) as session:
            if kept is None:
                code = self._free_join_code(session)
                game = Game(id=secrets.token_urlsafe(9), join_code=code, created_at=now)
                seats = [
                    Seat(game_id=game.id, player_id=i, token=_token(), claimed=not i, late=i in late)
                    for i in range(players + 1)
                ]
            else:
                game = Game(id=kept.id, join_code=kept.join_code, created_at=kept.created_at)
                seats = [
                    Seat(game_id=game.id, player_id=p, token=t, claimed=c, late=p in late)
                    for p, t, c in kept.seats
                ]
            session.add(game)
            session.flush()  # the seats and the log refer to the game row
            session.add_all(seats)
            session.flush()
            log.insert(session.connection(), game.id, actions)
            session.commit()
            return _game(game), tuple(_seat(seat) for seat in seats)

    def kept(self, game_id: str) -> Kept:
        """What a backup keeps of the game's rows: its id, join code, creation time and seats."""
        with Session(self.engine) as session:
            game = session.get(Game, game_id)
            if game is None:
                raise NotFound.game()
            seats = session.exec(select(Seat).where(Seat.game_id == game_id).order_by(Seat.player_id))
            return Kept(
                id=game.id,
                join_code=game.join_code,
                created_at=game.created_at,
                seats=tuple((seat.player_id, seat.token, seat.claimed) for seat in seats),
            )

    def restorable(self, kept: Kept) -> Kept | None:
        """A backup's rows as they can be put back here: None when the game is here already, with a
        new join code when another game here has its code."""
        with Session(self.engine) as session:
            if session.get(Game, kept.id) is not None:
                return None
            if session.exec(select(Game).where(Game.join_code == kept.join_code)).first() is not None:
                return replace(kept, join_code=self._free_join_code(session))
        return kept

    def ids(self) -> list[str]:
        """Every game's id, oldest first."""
        with Session(self.engine) as session:
            return list(session.exec(select(Game.id).order_by(Game.created_at, Game.id)))

    def newest(self, count: int) -> list[str]:
        """The ids of the `count` games created last, newest first."""
        with Session(self.engine) as session:
            return list(session.exec(select(Game.id).order_by(Game.created_at.desc()).limit(count)))

    def bank_seat(self, game: str) -> SeatKey:
        """The banker's seat of a game named by its id or its join code: the host's way back to
        the bank when the browser lost its seat (a cleared cookie, a new secret key)."""
        found = select(Seat.game_id, Seat.token).join(Game, Game.id == Seat.game_id)
        found = found.where(
            Seat.player_id == BANKER, or_(Game.id == game, Game.join_code == typed_code(game))
        )
        with self.engine.connect() as connection:
            row = connection.execute(found).first()
        if row is None:
            raise NotFound(Text("No game has the id or join code %(game)s.", game=game[:24]))
        return SeatKey(game_id=row.game_id, player_id=BANKER, token=row.token)

    def game_for_join_code(self, code: str) -> GameInfo:
        code = typed_code(code)
        with Session(self.engine) as session:
            game = session.exec(select(Game).where(Game.join_code == code)).first()
        if game is None:
            raise NotFound(
                Text(
                    "No game has the join code %(code)s. Check the code on the host's screen.", code=code[:8]
                )
            )
        return _game(game)

    def join_code(self, game_id: str) -> str:
        if (code := self.join_codes.get(game_id)) is not None:
            return code
        with Session(self.engine) as session:
            game = session.get(Game, game_id)
        if game is None:
            raise NotFound.game()
        self.join_codes.put(game_id, game.join_code)
        return game.join_code

    def of(self, game_id: str) -> list[SeatInfo]:
        """The game's seats, the bank's first."""
        with Session(self.engine) as session:
            found = session.exec(select(Seat).where(Seat.game_id == game_id).order_by(Seat.player_id))
            return [_seat(seat) for seat in found]

    def seat(self, game_id: str, token: str | None) -> SeatKey:
        """The seat holding `token` in this game; Forbidden for a token of another game."""
        if not token:
            raise Forbidden(Text("This phone has no seat in this game. Join with the game's QR code."))
        seat = self._key(token)
        if seat is None or seat.game_id != game_id:
            if not self._exists(game_id):  # deleted (pruned), perhaps by another process
                raise NotFound.game()
            raise Forbidden(
                Text(
                    "That seat's key is not valid for this game. If the banker made a new QR code"
                    " for your seat, scan it."
                )
            )
        return seat

    def _exists(self, game_id: str) -> bool:
        with self.engine.connect() as connection:
            return connection.execute(GAME_ID, {"game_id": game_id}).first() is not None

    def seat_by_token(self, token: str) -> SeatKey:
        seat = self._key(token)
        if seat is None:
            raise NotFound(Text("This re-join link is not valid. Ask the banker for a new QR code."))
        return seat

    def _key(self, token: str) -> SeatKey | None:
        """Every request starts here, so known tokens are answered from memory, read again from
        the database once SEAT_KEY_SECONDS old: the bank may have given a lost phone's seat a new
        key on another server (store_changes). A late player's is asked of the database each time:
        another server may have given its place, and its place number, to someone else (see
        store_changes). Unknown tokens are not remembered (guessing fills nothing)."""
        known = self._keys.get(token)
        if known is not None and self.monotonic() - known[1] < SEAT_KEY_SECONDS:
            return known[0]
        if not could_be_key(token):
            return None
        with self.engine.connect() as connection:
            row = connection.execute(SEAT_OF_TOKEN, {"token": token}).first()
        if row is None:
            self._keys.pop(token)
            return None
        seat = SeatKey(game_id=row.game_id, player_id=row.player_id, token=token)
        if not row.late:
            self._keys.put(token, (seat, self.monotonic()))
        return seat

    def claim(self, game_id: str, player_id: int) -> tuple[SeatInfo, bool]:
        """A phone takes a player's seat from the join screen: the seat, and whether this phone won
        it. Taking it is one conditional update, so of phones racing for one seat exactly one wins
        (reading 'free' first let several win on PostgreSQL)."""
        if not 0 < player_id <= MAX_PLAYERS:  # no seat; and past 2**63 no database could look
            raise NotFound(NO_SUCH_PLAYER)
        take = (
            update(Seat)
            .where(Seat.game_id == game_id, Seat.player_id == player_id)
            .where(Seat.claimed == false())
            .values(claimed=True)
        )
        with self.engine.begin() as connection:
            won = connection.execute(take).rowcount == 1
        with Session(self.engine) as session:
            seat = session.exec(
                select(Seat).where(Seat.game_id == game_id, Seat.player_id == player_id)
            ).first()
        if seat is None:
            raise NotFound(NO_SUCH_PLAYER)
        return _seat(seat), won

    def store_changes(self, connection: Connection, game_id: str, events: Sequence[Event]) -> None:
        """What an action changes in the seats, stored with it.

        A late player's seat gets a new token, free to take. A place whose late player was undone
        keeps its row, and whoever is seated there next gets a new token too: the phone that held
        the place never acts for them (the server cannot tell the same player seated again from
        another).

        A seat given a new key for a lost phone stays taken (nobody else takes it from the join
        screen), or free if no phone took it; the phones holding the old key act for nobody, at
        once here and within SEAT_KEY_SECONDS on the other servers; the new phone comes in by its
        QR code."""
        for event in events:
            if isinstance(event, KeyReplaced):
                place = (Seat.game_id == game_id, Seat.player_id == event.player)
                old = connection.execute(select(Seat.token).where(*place)).scalar_one()
                connection.execute(update(Seat).where(*place).values(token=_token()))
                self._keys.pop(old)
            if isinstance(event, PlayerAdded):
                new = {"token": _token(), "claimed": False}
                place = update(Seat).where(Seat.game_id == game_id, Seat.player_id == event.player)
                if connection.execute(place.values(**new)).rowcount == 0:
                    connection.execute(
                        insert(Seat).values(game_id=game_id, player_id=event.player, late=True, **new)
                    )

    def delete(self, connection: Connection, game_id: str) -> None:
        """The game's row and seats, in the transaction that deletes its log. A token of it this
        process still remembers leads nowhere: the game is not found."""
        connection.execute(delete(Seat).where(Seat.game_id == game_id))
        connection.execute(delete(Game).where(Game.id == game_id))

    # --- the table display: a link that shows the game, and can never act ----------------------

    def display_link(self, game_id: str) -> str | None:
        """The key of the game's table display link; None when the bank has made none."""
        with self.engine.connect() as connection:
            row = connection.execute(DISPLAY_LINK, {"game_id": game_id}).first()
        if row is None:
            raise NotFound.game()
        return row.display_token

    def new_display_link(self, game_id: str) -> str:
        """A new display link for the game: the old one, if any, stops working."""
        return self._set_display_link(game_id, _token())

    def revoke_display_link(self, game_id: str) -> None:
        self._set_display_link(game_id, None)

    def _set_display_link(self, game_id: str, token: str | None) -> str | None:
        with self.engine.begin() as connection:
            changed = connection.execute(update(Game).where(Game.id == game_id).values(display_token=token))
        if changed.rowcount != 1:
            raise NotFound.game()
        self._display_links.pop(game_id)
        return token

    def display(self, game_id: str, token: str | None) -> SeatKey:
        """The table display holding `token`; Forbidden without one, or when the bank revoked its
        link: at once on the server that revoked it, within DISPLAY_LINK_SECONDS on the others."""
        read = self._display_links.get(game_id)
        if read is None or self.monotonic() - read[1] >= DISPLAY_LINK_SECONDS:
            read = (self.display_link(game_id), self.monotonic())
            self._display_links.put(game_id, read)
        kept = read[0]
        if not token:
            raise Forbidden(
                Text(
                    "This browser has not opened the game's table display link: the bank shows it, "
                    "with its QR code, under More."
                )
            )
        if kept is None or not hmac.compare_digest(kept.encode(), token.encode()):
            raise Forbidden(
                Text("This table display link was turned off by the bank. Ask the banker for a new one.")
            )
        return SeatKey(game_id=game_id, player_id=DISPLAY, token=token)

    def _free_join_code(self, session: Session) -> str:
        while True:
            code = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(6))
            if session.exec(select(Game).where(Game.join_code == code)).first() is None:
                return code


def _game(row: Game) -> GameInfo:
    return GameInfo(id=row.id, join_code=row.join_code, created_at=row.created_at)


def _seat(row: Seat) -> SeatInfo:
    return SeatInfo(game_id=row.game_id, player_id=row.player_id, token=row.token, claimed=row.claimed)


def _token() -> str:
    return secrets.token_urlsafe(24)


def typed_code(typed: str) -> str:
    """A join code as a person types it, its letters and digits alone: "k7p-q2x", " K7P Q2X", a
    full-width keyboard's "Ｋ７Ｐ　Ｑ２Ｘ" or a Korean keyboard's in Hangul mode, "ㅏ7ㅔ ㅂ2ㅌ", is
    K7PQ2X."""
    keys = typed_keys(unicodedata.normalize("NFKC", typed))
    return "".join(c for c in keys if c.isascii() and c.isalnum()).upper()
