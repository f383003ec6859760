"""Dice on the phones, for a table that lost a die (the `phone_dice` switch): a roll of two dice, or
three with the speed die (000, 스피드 주사위: 1, 2, 3, a bus and Mr. Monopoly on two faces).

The faces are thrown by the server from a cryptographic source and come in with the command, so
the rules stay pure and a replay shows the same roll. A roll moves no money: it is recorded, told
to every phone, and kept as the player's last roll for what needs it (a utility's rent). A jailed
player who rolls doubles is out of jail at once (jail.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from banker.rules.base import Command, Event, Throw, require
from banker.rules.jail import LeftJail
from banker.rules.state import GameState, Roll
from banker.rules.text import Parts, Text

DIE = range(1, 7)
SPEED_FACES = ("1", "2", "3", "bus", "mr_monopoly", "mr_monopoly")
FACE_NAMES = {"bus": Text("bus"), "mr_monopoly": Text("Mr. Monopoly")}


def total(roll: Roll) -> int:
    """What the roll counts for a utility's rent: every die, the bus and Mr. Monopoly 0 (000)."""
    return sum(roll.dice) + (int(roll.face) if roll.face.isdecimal() else 0)


def named(roll: Roll) -> str:
    """ "triples" when all three dice match, "doubles" when the two dice match and the speed die
    does not (000), else ""."""
    first, second = roll.dice
    if first != second:
        return ""
    return "triples" if roll.face == str(first) else "doubles"


def faces(roll: Roll) -> Parts:
    """The roll as it reads: "4 + 3", "4 + 3 + 2", "4 + 3 + Mr. Monopoly"."""
    shown = [str(die) for die in roll.dice]
    if roll.face:
        shown.append(FACE_NAMES.get(roll.face, roll.face))
    return Parts(shown, " + ")


def roll_text(roll: Roll) -> Text:
    """ "4 + 4 = 8, doubles": the roll, its total and its name."""
    name = named(roll)
    if name == "triples":
        return Text("%(faces)s = %(total)s, triples", faces=faces(roll), total=total(roll))
    if name == "doubles":
        return Text("%(faces)s = %(total)s, doubles", faces=faces(roll), total=total(roll))
    return Text("%(faces)s = %(total)s", faces=faces(roll), total=total(roll))


@dataclass(frozen=True)
class DiceRolled(Event):
    """`player` rolled `dice` (and `face` on the speed die) on their phone."""

    type = "dice_rolled"
    is_news = True
    take_back_refusal = Text("A roll stands: dice cannot be taken back.")
    player: int
    dice: tuple[int, int]
    face: str = ""

    @property
    def roll(self) -> Roll:
        return Roll(dice=self.dice, face=self.face)

    def apply(self, state: GameState) -> GameState:
        return state.with_player(self.player, roll=self.roll)

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s rolled %(roll)s", player=state.name_of(self.player), roll=roll_text(self.roll)
        )

    def describe_to(self, state: GameState, you: int) -> Text:
        if you != self.player:
            return self.describe(state)
        return Text("You rolled %(roll)s", roll=roll_text(self.roll))


@dataclass(frozen=True)
class RollDice(Command):
    """`player` rolls the dice on their phone: two, or with `speed` the speed die too. The phone
    only asks: the server throws the faces (`thrown`), and what a phone sends for them is ignored."""

    type = "roll_dice"
    thrown_fields: ClassVar[tuple[str, ...]] = ("dice", "face")
    player: int
    speed: bool = False
    dice: tuple[int, ...] = ()
    face: str = ""

    def thrown(self, throw: Throw) -> RollDice:
        """This roll with its faces thrown by `throw`."""
        return replace(
            self,
            dice=(throw(DIE), throw(DIE)),
            face=throw(SPEED_FACES) if self.speed else "",
        )

    def decide(self, state: GameState, now: float) -> list[Event]:
        player = state.active_player(self.player)
        require(
            state.rules.phone_dice,
            Text("Dice on the phones are off at this table: roll the real dice."),
        )
        require(
            not self.speed or state.rules.speed_die,
            Text("This table plays without the speed die: roll two dice."),
        )
        require(  # 000: 감옥에서 탈출을 시도할 때는 일반 주사위만 굴린다 (triples would let them out)
            not (self.speed and player.in_jail),
            Text(
                "%(player)s is in jail and rolls only the two dice there: roll without the speed die.",
                player=player.name,
            ),
            (
                player.id,
                Text("You are in jail and roll only the two dice there: roll without the speed die."),
            ),
        )
        require(
            len(self.dice) == 2 and all(die in DIE for die in self.dice),
            Text("Two dice show 1 to 6 each."),
        )
        require(
            self.face == "" if not self.speed else self.face in SPEED_FACES,
            Text("The speed die shows 1, 2, 3, the bus or Mr. Monopoly."),
        )
        first, second = self.dice
        rolled: list[Event] = [DiceRolled(player=self.player, dice=(first, second), face=self.face)]
        if first == second and player.in_jail:
            rolled.append(LeftJail(player=self.player, doubles=True))
        return rolled
