"""Chance and Community Chest: the money and jail effect of each card drawn at the table.

The card command records the draw and settles what the card itself pays or costs. Where a card
sends the piece to a deed, landing there is the table's next step like any landing: buy it, or pay
the rent with `pay_rent` (with `card="nearest_railroad"` / `"nearest_utility"` for the nearest
cards, whose rent is 2x, or 10x a fresh roll). `card_destination` tells the screens which deed.
The nearest-utility card may also carry the fresh roll as `dice`, settling that rent at once.
A card's payment to the bank (a fee, repairs) goes into the Free Parking pot under the jackpot
house rule (unless the pot holds the taxes only), and a card that pays the GO salary pays the
token level's (Millionaire). A Millionaire card may fix its amount by the drawer's token level
(`level_amounts`), and a Fortune card kept until needed goes to the drawer's hand (fortune.py).
A Fortune card lies on each deed, turned over by the first to land there, who then buys the deed or
not (seed 000, 7.1.3): one card a landing, a second draw on the same landing refused
(`fortune_drawn`), and one card a deed: a deed left unbought holds no card for a later landing
(the draw's event names its deed, `CardDrawn.space`; a draw that names none is taken as it comes).

Cards in hand (`card_hands`, Monopoly 2.0, seed 004: "Chance and Community Chest cards do not have
to be used immediately. They are kept by players ... they can activate any number of Chance or
Community Chest cards from their hand on any player. The player they choose to play the card on
receives that card's effects"): a card drawn goes into the drawer's hand, and nobody else can draw
it while it is held; `play_card` applies it to the chosen player as if they had drawn it, where
they stand (`from_space`, for an advance). A nearest card played settles its rent with the play
where another player owns the deed (the roll as `dice`, for a utility). A player in jail plays
none. A Get Out of Jail Free card is kept as ever; a bankrupt player's cards, that one included,
go back to their decks (they "have no value": no creditor takes them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from banker.rules.base import Command, Dice, Event, require
from banker.rules.board import DECK_NAMES, KEPT_ACTIONS, Card, Edition
from banker.rules.card_texts import card_text, card_title
from banker.rules.deeds import CardBuyOffered
from banker.rules.dice import DiceRolled
from banker.rules.errors import RuleError
from banker.rules.fortune import play_kept
from banker.rules.hands import CardKept, CardPlayed, card_holder
from banker.rules.jail import JailCardKept, go_to_jail, jail_card_holder
from banker.rules.money import DebtIncurred, charge, fines_payee, go_salary, payment, rounded, salary
from banker.rules.rent import PayRent
from banker.rules.state import BANK, GameState, Player
from banker.rules.text import Text, either

GO = 0
MOVING_ACTIONS = frozenset({"advance_to", "advance_to_nearest", "move_relative", "go_to_jail"})


@dataclass(frozen=True)
class CardDrawn(Event):
    """`player` drew `card`; what it pays or does follows as its own events. `space` is the deed a
    Fortune card lay on, turned over for good."""

    type = "card_drawn"
    player: int
    card: str
    space: int | None = None

    def apply(self, state: GameState) -> GameState:
        if self.space is None:
            return state
        return replace(state, fortunes_turned=(*state.fortunes_turned, self.space))

    def describe(self, state: GameState) -> Text:
        card = state.edition.card[self.card]
        words = {
            "player": state.name_of(self.player),
            "deck": DECK_NAMES[card.deck],
            "card": card_text(state, card),
        }
        if self.space is not None:  # the table sees which deed has no card left
            return Text(
                "%(player)s drew %(deck)s on %(deed)s: %(card)s", deed=state.deed(self.space).name, **words
            )
        return Text("%(player)s drew %(deck)s: %(card)s", **words)

    def describe_to(self, state: GameState, you: int) -> Text:
        if you != self.player:
            return self.describe(state)
        card = state.edition.card[self.card]
        words = {"deck": DECK_NAMES[card.deck], "card": card_text(state, card)}
        if self.space is not None:
            return Text("You drew %(deck)s on %(deed)s: %(card)s", deed=state.deed(self.space).name, **words)
        return Text("You drew %(deck)s: %(card)s", **words)


@dataclass(frozen=True)
class DrawCard(Command):
    """`from_space` is the space the card was drawn on; it is needed only when it decides
    whether an advance passes GO or which utility is nearest. `dice` is the fresh roll the
    nearest-utility card asks for."""

    type = "card"
    player: int
    deck: str
    card: str
    from_space: int | None = None
    dice: Dice | None = None

    def decide(self, state: GameState, now: float) -> list[Event]:
        card = _card(state, self.deck, self.card)
        state.active_player(self.player)
        if state.rules.card_hands and card.action != "get_out_of_jail_free":
            _require_in_deck(state, card)
            require(
                self.dice is None,
                Text("A card kept in hand is played later: roll the dice when it is played."),
            )
            return [CardKept(player=self.player, card=card.id)]
        if self.from_space is not None:
            spaces = _spaces_of(state, card.deck)
            require(
                self.from_space in spaces,
                Text(
                    "%(deck)s cards are drawn on spaces %(spaces)s, not on %(space)s.",
                    deck=DECK_NAMES[card.deck],
                    spaces=either([str(space) for space in spaces]),
                    space=self.from_space,
                ),
            )
            if card.deck == "fortune":
                _require_fortune_lies_there(state, self.player, self.from_space)
        space = self.from_space if card.deck == "fortune" else None
        events = [CardDrawn(player=self.player, card=card.id, space=space), *self.effects(state, card)]
        if card.action == "advance_to_nearest" and self.dice is None and self.from_space is not None:
            events += _buy_offer(state, self.player, card_destination(state.edition, card, self.from_space))
        return events

    def effects(self, state: GameState, card: Card) -> list[Event]:
        """What the card does to the player who drew it (or had it played on them)."""
        effect = _EFFECTS.get(card.action)
        events = effect(state, self, card) if effect else []
        if self.dice is not None:
            moved = state
            for event in events:  # the salary first (passing GO): the rent is paid from the cash after it
                moved = event.apply(moved)
            events += _utility_rent(moved, self, card)
        return events


@dataclass(frozen=True)
class PlayCard(Command):
    """Play `card` from `player`'s hand. A Fortune card kept until needed (Millionaire) takes `deed`
    and `give` (fortune.py). A card in hand (`card_hands`, Monopoly 2.0) is played on player `on`
    as if they had drawn it; `from_space` is where they stand, for an advance, and `dice` the roll
    a nearest-utility card asks for."""

    type = "play_card"
    player: int
    card: str
    on: int | None = None
    deed: int | None = None
    give: int | None = None
    from_space: int | None = None
    dice: Dice | None = None

    def decide(self, state: GameState, now: float) -> list[Event]:
        player = state.active_player(self.player)
        require(
            state.rules.card_hands or any(c.action in KEPT_ACTIONS for c in state.edition.cards),
            Text("In this game a card does what it says when it is drawn: nobody holds cards to play."),
        )
        card = state.edition.card.get(self.card)
        if card is None or self.card not in player.hand:
            raise RuleError(
                Text("%(player)s has no card %(card)s to play.", player=player.name, card=self.card),
                (player.id, Text("You have no card %(card)s to play.", card=self.card)),
            )
        if card.action in KEPT_ACTIONS:
            return [
                CardPlayed(player=player.id, card=card.id),
                *play_kept(state, player, card, self.deed, self.give),
            ]
        require(
            not player.in_jail,
            Text("%(player)s is in jail: cards are played once out of jail.", player=player.name),
            (player.id, Text("You are in jail: cards are played once out of jail.")),
        )
        require(
            self.on is not None,
            Text("Say which player %(card)s is played on.", card=card_title(state, card)),
        )
        assert self.on is not None
        target = state.active_player(self.on)
        require(
            not (target.in_jail and card.action in MOVING_ACTIONS),
            Text(
                "%(player)s is in jail, and a piece in jail cannot be moved: this %(deck)s card waits "
                "until %(player)s is out.",
                player=target.name,
                deck=DECK_NAMES[card.deck],
            ),
            (
                target.id,
                Text(
                    "You are in jail, and a piece in jail cannot be moved: this %(deck)s card waits until "
                    "you are out.",
                    deck=DECK_NAMES[card.deck],
                ),
            ),
        )
        from_space = self.from_space
        if from_space is not None:
            last = len(state.edition.spaces) - 1
            require(
                0 <= from_space <= last,
                Text(
                    "%(player)s cannot stand on space %(space)s: the board's spaces are 0 to %(last)s.",
                    player=target.name,
                    space=from_space,
                    last=last,
                ),
                (
                    target.id,
                    Text(
                        "You cannot stand on space %(space)s: the board's spaces are 0 to %(last)s.",
                        space=from_space,
                        last=last,
                    ),
                ),
            )
        elif card.action in ("advance_to", "advance_to_nearest"):
            nearest, go = _varies(state.edition, card)
            name = target.name
            require(not (nearest or go), _where_it_matters(name, nearest, go))
            from_space = GO  # any space does the same
        drawn = DrawCard(target.id, card.deck, card.id, from_space=from_space, dice=self.dice)
        events = [CardPlayed(player=player.id, card=card.id, on=target.id), *drawn.effects(state, card)]
        if card.action == "advance_to_nearest" and self.dice is None:
            moved = state
            for event in events:  # the salary first: the rent is paid from the cash after it
                moved = event.apply(moved)
            destination = card_destination(state.edition, card, from_space)
            events += [
                *_nearest_rent(moved, target, card, destination),
                *_buy_offer(state, target.id, destination),
            ]
        return events


def _buy_offer(state: GameState, player_id: int, destination: int) -> list[Event]:
    """A nearest card's "If unowned, you may buy it from the Bank", in a game whose deeds are
    otherwise bought from the market."""
    if state.rules.market_size and state.holding(destination).owner == BANK:
        return [CardBuyOffered(player=player_id, deed=destination)]
    return []


def _nearest_rent(state: GameState, target: Player, card: Card, destination: int) -> list[Event]:
    """A nearest card played on a player settles its rent with the play when another player owns
    the deed it sends them to: twice a railroad's, or ten times a roll the play must then carry
    (the target's phone holds no card to say the rent is the card's)."""
    holding = state.holding(destination)
    if holding.owner in (BANK, target.id) or holding.mortgaged:
        return []
    require(
        card.target_kind != "utility",
        Text(
            "Say what %(player)s rolled: %(deed)s is %(owner)s's, and the card charges ten times the roll.",
            player=target.name,
            deed=state.deed(destination).name,
            owner=state.name_of(holding.owner),
        ),
    )
    return PayRent(player=target.id, deed=destination, card="nearest_railroad").decide(state, 0.0)


def _utility_rent(state: GameState, command: DrawCard, card: Card) -> list[Event]:
    """The rent for the nearest utility at ten times the roll, settled with the draw."""
    require(
        card.action == "advance_to_nearest" and card.target_kind == "utility",
        Text("Only the nearest-utility card needs a dice roll; %(card)s does not.", card=card.id),
    )
    require(
        command.from_space is not None,
        Text(
            "Say which %(deck)s space the card was drawn on: it decides the nearest utility.",
            deck=DECK_NAMES[card.deck],
        ),
    )
    utility = card_destination(state.edition, card, command.from_space)
    rent = PayRent(player=command.player, deed=utility, dice=command.dice, card="nearest_utility")
    return rent.decide(state, 0.0)


def _card(state: GameState, deck: str, card_id: str) -> Card:
    decks = tuple(name for name in DECK_NAMES if any(c.deck == name for c in state.edition.cards))
    require(bool(decks), Text("This board has no cards."))
    if deck not in decks:
        raise RuleError(
            Text(
                "There is no deck called %(deck)r; the decks are %(decks)s.",
                deck=deck,
                decks=either(list(decks)),
            )
        )
    card = state.edition.card.get(card_id)
    if card is None:
        raise RuleError(
            Text("There is no card %(card)r in the %(deck)s deck.", card=card_id, deck=DECK_NAMES[deck])
        )
    require(
        card.deck == deck,
        Text(
            "%(card)s is a %(its)s card, not a %(deck)s card.",
            card=card.id,
            its=DECK_NAMES[card.deck],
            deck=DECK_NAMES[deck],
        ),
    )
    return card


def _spaces_of(state: GameState, deck: str) -> tuple[int, ...]:
    """The deck's spaces on this board, which a card's space is one of; refused when there are
    none (a board of a table's own may keep a deck and have no space of it)."""
    spaces = deck_spaces(state.edition, deck)
    require(
        bool(spaces),
        Text("This board has no %(deck)s space: no card of it is drawn on a space.", deck=DECK_NAMES[deck]),
    )
    return spaces


def _require_fortune_lies_there(state: GameState, player_id: int, deed: int) -> None:
    """One Fortune card a landing, and one a deed: its first lander's."""
    require(
        not fortune_drawn(state, player_id),
        Text(
            "%(player)s has already drawn a Fortune card on this landing: one card a landing, "
            "then buy the deed or not.",
            player=state.name_of(player_id),
        ),
        (
            player_id,
            Text(
                "You have already drawn a Fortune card on this landing: one card a landing, "
                "then buy the deed or not."
            ),
        ),
    )
    require(
        deed not in state.fortunes_turned,
        Text(
            "The Fortune card on %(deed)s was turned over on an earlier landing: each deed holds "
            "one card, for the first player to land there.",
            deed=state.deed(deed).name,
        ),
    )


def fortune_drawn(state: GameState, player_id: int) -> bool:
    """Whether `player_id` has drawn the Fortune card of the deed they landed on and that landing
    goes on: the last action of a turn was that draw, of a card that left the piece where it was
    (one that moves it ends the landing), and nobody has bought, declined, paid rent, drawn, ended
    the turn or the like since. What is done between turns (a mortgage or a sale to find the price,
    a trade) and a kept card played leave the landing as it was. The app sees no board: this is the
    undo stack read back, as the market and the token levels read the turn."""
    for entry in reversed(state.undo):
        if any(event.between_turns or isinstance(event, CardPlayed) for event in entry.events):
            continue  # as trade_offers.moment_passed reads an action of a turn
        return any(
            isinstance(event, CardDrawn)
            and event.player == player_id
            and state.edition.card[event.card].deck == "fortune"
            and state.edition.card[event.card].action not in MOVING_ACTIONS
            for event in entry.events
        )
    return False


def deck_spaces(edition: Edition, deck: str) -> tuple[int, ...]:
    """The board positions where a card of `deck` is drawn: a Fortune card on a deed's space."""
    if deck == "fortune":
        return tuple(deed.position for deed in edition.deeds)
    return tuple(space.position for space in edition.spaces if space.type == deck)


def rolled_since_card(state: GameState, player_id: int) -> bool:
    """Whether the player's last roll came after the last card they drew (as far back as the undo
    steps reach): the nearest-utility card throws the dice again, and the roll that led to the
    card is not its roll."""
    for entry in reversed(state.undo):
        for event in reversed(entry.events):
            if isinstance(event, DiceRolled) and event.player == player_id:
                return True
            if isinstance(event, CardDrawn) and event.player == player_id:
                return False
    return False


def card_destination(edition: Edition, card: Card, from_space: int) -> int:
    """Where an advance card drawn at `from_space` sends the piece: its target, or the nearest
    deed of its kind ahead (a piece on a railroad, played a card on, advances to the next one)."""
    if card.target is not None:
        return card.target
    size = len(edition.spaces)
    kind = [deed.position for deed in edition.deeds if deed.kind == card.target_kind]
    # a board is checked for this when it is made (editions/check.py); a game begun on one before
    # that check is told why its card does nothing
    require(
        bool(kind),
        Text("This board has no railroad for the card to lead to.")
        if card.target_kind == "railroad"
        else Text("This board has no utility for the card to lead to."),
    )
    return min(kind, key=lambda position: (position - from_space - 1) % size)


def turns_on_where(edition: Edition, card: Card) -> bool:
    """Whether where the piece stands changes what an advance card does: the deed it sends the
    piece to, or whether it passes GO on the way. A card played on a player (who may stand
    anywhere, not only where the card's deck is drawn) then needs to be told."""
    return any(_varies(edition, card))


def _varies(edition: Edition, card: Card) -> tuple[bool, bool]:
    """(the space it sends the piece to, whether it passes GO): which of them where the piece
    stands changes, for an advance card."""
    if card.action not in ("advance_to", "advance_to_nearest"):
        return False, False
    if card.target is None and not any(deed.kind == card.target_kind for deed in edition.deeds):
        return False, False  # it leads nowhere on this board: drawing it is refused wherever it is
    spaces = range(len(edition.spaces))
    destinations = {card_destination(edition, card, s) for s in spaces}
    return len(destinations) > 1, len({passes_go(edition, card, s) for s in spaces}) > 1


def _where_it_matters(player: str, nearest: bool, go: bool) -> Text:
    if nearest and go:
        return Text(
            "Say where %(player)s stands: it decides which space is nearest and whether the piece passes GO.",
            player=player,
        )
    if nearest:
        return Text("Say where %(player)s stands: it decides which space is nearest.", player=player)
    return Text("Say where %(player)s stands: it decides whether the piece passes GO.", player=player)


def passes_go(edition: Edition, card: Card, from_space: int) -> bool:
    """Whether an advance card drawn at `from_space` pays the salary: it lands on GO, or passes it
    and says so."""
    destination = card_destination(edition, card, from_space)
    return destination == GO or (card.collect_go_if_passed and destination < from_space)


def _advance(state: GameState, command: DrawCard, card: Card) -> list[Event]:
    spaces = _spaces_of(state, card.deck)
    drawn_at = (command.from_space,) if command.from_space is not None else spaces
    pays = {passes_go(state.edition, card, space) for space in drawn_at}
    require(
        len(pays) == 1,
        Text(
            "Say which %(deck)s space the card was drawn on (%(spaces)s): "
            "it decides whether the piece passes GO.",
            deck=DECK_NAMES[card.deck],
            spaces=either([str(space) for space in spaces]),
        ),
    )
    if not pays.pop():
        return []
    if card.target != GO:
        return go_salary(state, command.player, Text("passed GO"))
    if state.rules.just_go:  # landing on GO by a card counts like landing by the dice (001)
        doubled = 2 * salary(state, command.player)
        return go_salary(state, command.player, Text("advanced to GO: Just Go pays double"), doubled)
    return go_salary(state, command.player, Text("advanced to GO"))


def _amount(state: GameState, command: DrawCard, card: Card) -> int:
    return card.amount_for(state.player(command.player).level)


def _collect(state: GameState, command: DrawCard, card: Card) -> list[Event]:
    return [payment(state, BANK, command.player, _amount(state, command, card), card_reason(card))]


def card_reason(card: Card) -> Text:
    return Text("%(deck)s card", deck=DECK_NAMES[card.deck])


def _pay(state: GameState, command: DrawCard, card: Card) -> list[Event]:
    reason = card_reason(card)
    return [charge(state, command.player, fines_payee(state), _amount(state, command, card), reason)]


def _others(state: GameState, player_id: int) -> list[int]:
    return [p.id for p in state.players if p.id != player_id and not p.bankrupt]


def _pay_each_player(state: GameState, command: DrawCard, card: Card) -> list[Event]:
    others = _others(state, command.player)
    reason = card_reason(card)
    amount = rounded(state, _amount(state, command, card))  # each payment is rounded: their sum too
    if state.player(command.player).cash < amount * len(others):
        # all of it is owed: paying some players and owing others would favour the early ones
        return [DebtIncurred(command.player, other, amount, reason) for other in others]
    return [payment(state, command.player, other, amount, reason) for other in others]


def _collect_from_each_player(state: GameState, command: DrawCard, card: Card) -> list[Event]:
    """Those who owe it share the card's draw, by which players it bankrupts together rank."""
    others = _others(state, command.player)
    reason = card_reason(card)
    amount = _amount(state, command, card)
    charges = [charge(state, other, command.player, amount, reason) for other in others]
    draw = state.seq + 1
    return [replace(c, card_draw=draw) if isinstance(c, DebtIncurred) else c for c in charges]


def _repairs(state: GameState, command: DrawCard, card: Card) -> list[Event]:
    lots = [lot for lot in state.holdings.values() if lot.owner == command.player]
    houses = sum(lot.houses for lot in lots)
    hotels = sum(lot.hotel for lot in lots)
    amount = houses * card.per_house + hotels * card.per_hotel
    if not amount:
        return []
    reason = Text(
        "%(deck)s repairs: %(houses)s × %(per_house)s a house, %(hotels)s × %(per_hotel)s a hotel",
        deck=DECK_NAMES[card.deck],
        houses=houses,
        per_house=state.money(card.per_house),
        hotels=hotels,
        per_hotel=state.money(card.per_hotel),
    )
    return [charge(state, command.player, fines_payee(state), amount, reason)]


def _keep_jail_card(state: GameState, command: DrawCard, card: Card) -> list[Event]:
    holder = jail_card_holder(state, card.deck)
    if holder is not None:
        raise RuleError(
            Text(
                "%(player)s holds the %(deck)s Get Out of Jail Free card, so it is not in the deck.",
                player=holder.name,
                deck=DECK_NAMES[card.deck],
            ),
            (
                holder.id,
                Text(
                    "You hold the %(deck)s Get Out of Jail Free card, so it is not in the deck.",
                    deck=DECK_NAMES[card.deck],
                ),
            ),
        )
    return [JailCardKept(player=command.player, deck=card.deck)]


def _keep(state: GameState, command: DrawCard, card: Card) -> list[Event]:
    _require_in_deck(state, card)
    return [CardKept(player=command.player, card=card.id)]


def _require_in_deck(state: GameState, card: Card) -> None:
    holder = card_holder(state, card.id)
    if holder is None:
        return
    if card.action in KEPT_ACTIONS:  # kept until needed in the open
        title = card_title(state, card)
        raise RuleError(
            Text("%(player)s holds %(card)s, so it is not in the deck.", player=holder.name, card=title),
            (holder.id, Text("You hold %(card)s, so it is not in the deck.", card=title)),
        )
    # a card in hand is its holder's secret until played: who holds it would tell which card
    raise RuleError(
        Text(
            "That %(deck)s card is in a player's hand, so it is not in the deck.",
            deck=DECK_NAMES[card.deck],
        )
    )


def _go_to_jail(state: GameState, command: DrawCard, card: Card) -> list[Event]:
    return [go_to_jail(state, command.player)]


# By the card's action; the others ("go back 3 spaces") have no money effect: the draw is recorded.
_EFFECTS: dict[str, Callable[[GameState, DrawCard, Card], list[Event]]] = {
    "collect": _collect,
    "pay": _pay,
    "pay_each_player": _pay_each_player,
    "collect_from_each_player": _collect_from_each_player,
    "repairs": _repairs,
    "advance_to": _advance,
    "advance_to_nearest": _advance,
    "get_out_of_jail_free": _keep_jail_card,
    "go_to_jail": _go_to_jail,
    **{action: _keep for action in KEPT_ACTIONS},
}
