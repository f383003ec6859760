"""Monopoly Millionaire's Fortune cards kept until needed (seed 000, 7.1.3), played at the table.

A Fortune card is "Use Now" (its money is a card like any other: cards.py) or "Keep Until Needed":
drawn, it goes to the player's hand (`CardKept`, hands.py) until they play it (`play_card`), once:

- a free house: one house on a lot of theirs that the building rules allow next, at no cost;
- Sly Deal: take one deed from another player, not from a group that player owns whole;
- Forced Deal: swap one of their deeds for one of another player's, one for one, the other's not
  from a group they own whole (stored as two deeds taken, told as one swap: `as_told`);
- Just Say No: refuse what has just been done to them: a Forced or Sly Deal played on them, or a
  payment of rent or by a card. The deal is undone (the deal card stays spent), the money comes back.
  "Just" is the last action that involved them: another phone may have acted in between, as long
  as the deed is still where the deal put it and the money still there to give back.

A deed is not taken or swapped while its owner has buildings on it or on another lot of its group
(its group is whole, or the buildings were put up under a house rule: sell them first), as no
trade may split a group with buildings. A mortgaged deed goes as it is, with its mortgage, and its
taker chooses as after any change of hands (`settle_mortgage`): pay the 10% fee and keep it
mortgaged, or lift the mortgage now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from banker.rules.base import Event, require
from banker.rules.board import Card, Deed
from banker.rules.buildings import level, next_building, require_no_building_auction
from banker.rules.card_texts import card_title
from banker.rules.debts import DebtsSettled
from banker.rules.deeds import built_names, first_built, group_label, lots_of, owners_lots
from banker.rules.errors import RuleError
from banker.rules.hands import CardPlayed
from banker.rules.market import in_monopoly
from banker.rules.money import DebtIncurred, Paid, payment
from banker.rules.mortgages import require_chosen
from banker.rules.state import BANK, FREE_PARKING, GameState, Player
from banker.rules.text import Text


@dataclass(frozen=True)
class DeedTaken(Event):
    """The deed at `deed` went from `owner` to `taker` by a card, as it is (mortgaged or not);
    `choose`: it is mortgaged, and the taker owes the choice to keep it (10% fee) or lift it (None,
    not False, otherwise: left out of the log, as events stored before it were written). A choice
    its owner still owed on it goes with it (Just Say No gives the deed back)."""

    type = "deed_taken"
    # news, as the card played: the phone it is taken from (or given to) leads with it, to reach for
    # Just Say No (undo.headline: of the news, the line a phone reads as its own)
    is_news = True
    deed: int
    owner: int
    taker: int
    choose: bool | None = None

    def apply(self, state: GameState) -> GameState:
        choices = tuple(c for c in state.mortgage_choices if c != (self.owner, self.deed))
        if self.choose:
            choices = (*choices, (self.taker, self.deed))
        return replace(state.with_holding(self.deed, owner=self.taker), mortgage_choices=choices)

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(taker)s took %(deed)s from %(owner)s",
            taker=state.name_of(self.taker),
            deed=state.deed(self.deed).name,
            owner=state.name_of(self.owner),
        )

    def describe_to(self, state: GameState, you: int) -> Text:
        deed = state.deed(self.deed).name
        if you == self.taker:
            return Text("You took %(deed)s from %(owner)s", deed=deed, owner=state.name_of(self.owner))
        if you == self.owner:
            return Text("%(taker)s took your %(deed)s", taker=state.name_of(self.taker), deed=deed)
        return self.describe(state)


@dataclass(frozen=True)
class DeedsSwapped(Event):
    """A Forced Deal as its line tells it: `player` (who played the card) took `taken` from `other`
    and gave them `given` for it. Never stored: the log keeps the deal's two DeedTaken, and
    `as_told` words them as this, so the player handed a deed does not read "You took" it."""

    is_news = True  # as DeedTaken
    player: int
    other: int
    taken: int
    given: int

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s took %(taken)s from %(other)s and gave %(given)s for it",
            player=state.name_of(self.player),
            other=state.name_of(self.other),
            **self._deeds(state),
        )

    def describe_to(self, state: GameState, you: int) -> Text:
        if you == self.other:
            return Text(
                "%(player)s took your %(taken)s and gave you %(given)s for it",
                player=state.name_of(self.player),
                **self._deeds(state),
            )
        if you == self.player:
            return Text(
                "You took %(taken)s from %(other)s and gave %(given)s for it",
                other=state.name_of(self.other),
                **self._deeds(state),
            )
        return self.describe(state)

    def _deeds(self, state: GameState) -> dict[str, str]:
        return {"taken": state.deed(self.taken).name, "given": state.deed(self.given).name}


def as_told(events: Sequence[Event]) -> list[Event]:
    """An action's events as its lines tell them: a Forced Deal's two deeds (and Just Say No's
    answer to one, which swaps them back) as one swap, DeedsSwapped; any other as they are."""
    player = next((event.player for event in events if isinstance(event, CardPlayed)), None)
    deals = [event for event in events if isinstance(event, DeedTaken)]
    taken = next((event for event in deals if event.taker == player), None)
    given = next((e for e in deals if taken and e.owner == player and e.taker == taken.owner), None)
    if player is None or taken is None or given is None:
        return list(events)
    swap = DeedsSwapped(player=player, other=taken.owner, taken=taken.deed, given=given.deed)
    return [swap if event is taken else event for event in events if event is not given]


def play_kept(
    state: GameState, player: Player, card: Card, deed: int | None, give: int | None
) -> list[Event]:
    """What `player`'s Fortune card kept until needed does (`play_card`, cards.py). `deed`: the lot
    for a free house, the other player's deed a Sly or Forced Deal takes; `give`: the player's own
    deed a Forced Deal hands over."""
    if card.action == "just_say_no":
        return _refused(state, player)
    require(
        deed is not None,
        Text("Say which deed %(card)s is played on.", card=card_title(state, card)),
    )
    assert deed is not None
    if card.action == "free_house":
        return [_free_house(state, player, card, deed)]
    taken = _takeable(state, player, deed)
    if card.action == "sly_deal":
        return [taken]
    require(
        give is not None,
        Text("Say which of %(player)s's deeds the Forced Deal hands over.", player=player.name),
        (player.id, Text("Say which of your deeds the Forced Deal hands over.")),
    )
    assert give is not None
    return [taken, _given(state, player, give, taken.owner)]


def _free_house(state: GameState, player: Player, card: Card, position: int) -> Event:
    require_no_building_auction(state)
    deed = state.deed(position)
    require(
        state.holding(position).owner == player.id,
        Text(
            "%(deed)s is not %(player)s's: the free house goes on a lot of theirs.",
            deed=deed.name,
            player=player.name,
        ),
        (player.id, Text("%(deed)s is not yours: the free house goes on a lot of yours.", deed=deed.name)),
    )
    built, _cost, _reason = next_building(state, position)
    require(
        not built.hotel,
        Text(
            "%(card)s is a house, and %(deed)s is ready for its hotel.",
            card=card_title(state, card),
            deed=deed.name,
        ),
    )
    return built


def _takeable(state: GameState, player: Player, position: int) -> DeedTaken:
    """The other player's deed a Sly or Forced Deal takes, refused from a group they own whole."""
    deed = state.deed(position)
    holding = state.holding(position)
    require(
        holding.owner not in (BANK, player.id),
        Text("%(deed)s is not another player's: a deal takes a deed from another player.", deed=deed.name),
    )
    owner = state.active_player(holding.owner)
    require(
        not in_monopoly(state, position),
        Text(
            "%(owner)s owns the whole group of %(deed)s: a deal cannot take a deed from it.",
            owner=owner.name,
            deed=deed.name,
        ),
    )
    _require_bare(state, position, player.id)
    require_chosen(state, position)
    return DeedTaken(deed=position, owner=owner.id, taker=player.id, choose=holding.mortgaged or None)


def _given(state: GameState, player: Player, position: int, to: int) -> DeedTaken:
    deed = state.deed(position)
    require(
        state.holding(position).owner == player.id,
        Text("%(deed)s is not %(player)s's to hand over.", deed=deed.name, player=player.name),
        (player.id, Text("%(deed)s is not yours to hand over.", deed=deed.name)),
    )
    _require_bare(state, position, to)
    require_chosen(state, position)
    return DeedTaken(
        deed=position, owner=player.id, taker=to, choose=state.holding(position).mortgaged or None
    )


def _require_bare(state: GameState, position: int, taker: int) -> None:
    """The deed bare, and every lot of its group that its owner or its taker holds (the taker's
    built under `build_without_group` would be uneven)."""
    deed = state.deed(position)
    holding = state.holding(position)
    require(
        not (holding.houses or holding.hotel),
        Text("%(deed)s has buildings: sell them before it changes hands.", deed=deed.name),
    )
    lots = (*owners_lots(state, position), *lots_of(state, taker, position))
    if (built := first_built(state, lots)) is not None:
        raise RuleError(
            Text(
                "%(deed)s cannot change hands while the %(group)s group has buildings: "
                "%(lot)s has %(buildings)s.",
                **built_names(state, position, built),
            )
        )


def _bare(state: GameState, position: int, taker: int | None = None) -> bool:
    """No building on the deed nor on any lot of its group that its owner or `taker` holds (as a
    trade asks), and no keep-or-lift choice waiting on it."""
    lots = (*owners_lots(state, position), *(lots_of(state, taker, position) if taker else ()))
    chosen = (state.holding(position).owner, position) not in state.mortgage_choices
    return chosen and first_built(state, lots) is None


def takeable(state: GameState, player: Player) -> tuple[Deed, ...]:
    """The deeds a Sly or Forced Deal of `player`'s may take: see _takeable."""
    return tuple(
        deed
        for deed in state.edition.deeds
        if state.holding(deed.position).owner not in (BANK, player.id)
        and not in_monopoly(state, deed.position)
        and _bare(state, deed.position, player.id)
    )


def givable(state: GameState, player: Player) -> tuple[Deed, ...]:
    """The deeds of `player`'s a Forced Deal may hand over: see _given."""
    return tuple(
        deed
        for deed in state.edition.deeds
        if state.holding(deed.position).owner == player.id and _bare(state, deed.position)
    )


def _refused(state: GameState, player: Player) -> list[Event]:
    """What undoes the last action that involved `player`: a deal played on them (each deed it
    moved goes back: a Forced Deal's swap both ways), and the rent or card payment they made."""
    at, events = _last_involving(state, player.id)
    by_card = any(event.type == "card_drawn" for event in events)
    played_by = next((event.player for event in events if isinstance(event, CardPlayed)), None)
    dealt_on = played_by not in (None, player.id) and any(
        isinstance(event, DeedTaken) and event.owner == player.id for event in events
    )
    pot_collected = any(
        isinstance(event, Paid) and event.payer == FREE_PARKING
        for entry in state.undo[at + 1 :]
        for event in entry.events
    )
    refusal: list[Event] = []
    debts = 0
    for event in events:
        if isinstance(event, DeedTaken) and dealt_on:
            require(
                state.holding(event.deed).owner == event.taker,
                Text(
                    "%(deed)s has changed hands since it was taken: Just Say No can no longer bring it back.",
                    deed=state.deed(event.deed).name,
                ),
            )
            deed = state.deed(event.deed)
            require(  # mortgaged since by the taker, who kept the bank's money
                state.holding(event.deed).mortgaged == state.undo[at].prior.holding(event.deed).mortgaged,
                Text(
                    "%(taker)s has mortgaged or lifted %(deed)s since: Just Say No can no longer bring "
                    "it back.",
                    taker=state.name_of(event.taker),
                    deed=deed.name,
                ),
            )
            require(  # the taker has paid the 10% fee to keep it since
                not event.choose or (event.taker, event.deed) in state.mortgage_choices,
                Text(
                    "%(taker)s has settled the mortgage on %(deed)s since: Just Say No can no longer "
                    "bring it back.",
                    taker=state.name_of(event.taker),
                    deed=deed.name,
                ),
            )
            require(
                not any(level(state, lot) for lot in owners_lots(state, event.deed)),
                Text(
                    "%(taker)s has built on the %(group)s group since: Just Say No can no longer bring "
                    "%(deed)s back.",
                    taker=state.name_of(event.taker),
                    group=group_label(deed),
                    deed=deed.name,
                ),
            )
            refusal.append(DeedTaken(deed=event.deed, owner=event.taker, taker=event.owner))
        elif not (by_card or _is_rent(event)):
            continue
        elif isinstance(event, Paid) and event.payer == player.id:
            require(
                event.payee != FREE_PARKING or not pot_collected,
                Text(
                    "The Free Parking pot has been collected since: Just Say No can no longer bring back "
                    "the %(amount)s paid into it.",
                    amount=state.money(event.amount),
                ),
            )
            refusal.append(payment(state, event.payee, player.id, event.amount, Text("Just Say No")))
        elif isinstance(event, DebtIncurred) and event.debtor == player.id:
            debts += 1
    if debts:
        require(
            debts == len(state.debts_of(player.id)),
            Text(
                "Just Say No refuses only what was just charged: %(player)s owes older debts.",
                player=player.name,
            ),
            (player.id, Text("Just Say No refuses only what was just charged: you owe older debts.")),
        )
        refusal.append(DebtsSettled(debtor=player.id))
    require(
        bool(refusal),
        Text(
            "Just Say No refuses a Forced or Sly Deal played on %(player)s, or a rent or card payment "
            "%(player)s has just made; the last thing done to or by %(player)s was neither.",
            player=player.name,
        ),
        (
            player.id,
            Text(
                "Just Say No refuses a Forced or Sly Deal played on you, or a rent or card payment you "
                "have just made; the last thing done to or by you was neither."
            ),
        ),
    )
    return refusal


# the fields of the events Just Say No answers (money or deeds moving): a trade offered, an
# auction declined or a card played on someone by another phone meanwhile does not make it too late
_MOVED_FOR = ("player", "payer", "payee", "debtor", "creditor", "owner", "taker", "to")


def _last_involving(state: GameState, player_id: int) -> tuple[int, tuple[Event, ...]]:
    """Where in the undo list the latest action in which `player_id` took part is, and its events."""
    for at in range(len(state.undo) - 1, -1, -1):
        events = state.undo[at].events
        if any(player_id in event.parties(_MOVED_FOR) for event in events):
            return at, events
    return -1, ()


def _is_rent(event: Event) -> bool:
    reason = getattr(event, "reason", "")
    return isinstance(reason, Text) and reason.msgid.startswith("rent for ")
