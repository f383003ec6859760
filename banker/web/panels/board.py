"""The board as the screens show it: its spaces, each in its group's colour with its owner and
buildings, and what a tap on one offers: the one action that fits, with its amount worked out by
running the rules on the current state before anyone confirms."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from markupsafe import Markup

from banker.rules import BANK, GameState, RuleError
from banker.rules.board import DECK_NAMES, KEPT_ACTIONS, Card, Deed, Space
from banker.rules.buildings import level
from banker.rules.card_texts import BUILT_IN, card_title
from banker.rules.cards import CardDrawn, card_destination, fortune_drawn, rolled_since_card
from banker.rules.deeds import group_label, owners_lots
from banker.rules.dice import roll_text, total
from banker.rules.hands import card_holder
from banker.rules.money import salary
from banker.rules.rent import RENT_CARDS, nearest_card, rent_explained, street_rent_levels
from banker.rules.speed import GO, mr_monopoly_target
from banker.rules.state import Holding, Player
from banker.rules.text import Text
from banker.web.panels import fragments
from banker.web.panels.lettering import SOFT_HYPHEN, hyphenated, text_width
from banker.web.panels.money import ways_to_raise
from banker.web.panels.offers import Offer, offer

GROUP_COLOURS = {
    "brown": "#8b5a2b",
    "light_blue": "#9fd8f5",
    "pink": "#d6338a",
    "orange": "#f28c1b",
    "red": "#e02424",
    "yellow": "#f5d90a",
    "green": "#15944a",
    "dark_blue": "#1d4fa3",
    "railroad": "#2b2b2b",
    "utility": "#8a96a3",
}

LIGHT_GROUPS = frozenset({"light_blue", "orange", "yellow", "utility"})  # dark text on these bands


def group_of(deed: Deed) -> Text:
    """The group's name, written next to its colour: the colour alone tells nobody colour-blind."""
    return Text("%(group)s group", group=group_label(deed))


@dataclass(frozen=True)
class Sheet:
    """What the screen shows after a tap on `space`, for `player`."""

    space: Space
    player: Player
    deed: Deed | None = None
    holding: Holding | None = None
    note: str = ""
    offers: list[Offer] = field(default_factory=list)
    card_offers: list[Offer] = field(default_factory=list)  # the deck's cards, by their titles
    dice_offers: list[Offer] = field(default_factory=list)  # a utility's rent for each dice total
    speed_offers: list[Offer] = field(default_factory=list)  # the speed die's moves from this space
    plan: GroupPlan | None = None
    short: int = 0  # the cash the sheet's purchase or building lacks
    raise_money: tuple[Offer, ...] = ()  # ways to raise it
    card: str = ""  # the nearest card that sent the piece to this deed: its rent is the one charged


@dataclass(frozen=True)
class PlanRow:
    """One lot on the group's building sheet: how far it is built, how far the plan takes it, and
    the plans one building more or less there (as `plan_text`; "" where it cannot go)."""

    deed: Deed
    now: int
    target: int
    fewer: str
    more: str


@dataclass(frozen=True)
class GroupPlan:
    """Build or sell round a colour group at once: its lots, the plans with one more (or fewer)
    building on each, and the one button that carries out the plan, its amount worked out; beside
    a round built, the round sold (`sell`), so that selling takes two taps as building does."""

    rows: list[PlanRow]
    each_more: str
    each_fewer: str
    confirm: Offer
    sell: Offer | None = None


def owned_by(state: GameState, player_id: int) -> set[int]:
    return {position for position, h in state.holdings.items() if h.owner == player_id}


def rent_now(state: GameState, deed: Deed, card: str = "") -> str:
    """The rent a visitor pays today, with why ("$8, doubled for the whole brown group"); `card`:
    the nearest card that sent the visitor there, whose rent is the one charged ("$100, 2
    railroads owned, x2 by the card"; "10 × dice, by the card"). Empty when nobody collects or
    the dice decide with no card to fix how many times."""
    holding = state.holding(deed.position)
    if holding.owner == BANK or holding.mortgaged or (deed.kind == "utility" and not card):
        return ""
    if deed.kind == "utility":
        return Text("%(times)s × dice, by the card", times=nearest_card(state, card, deed).dice_multiplier)
    amount, reason = rent_explained(state, deed.position, card=card)
    return Text("%(amount)s%(how)s", amount=state.money(amount), how=reason.params["how"])


# a tile's name in the player's language: a few letters wide ("フリーパーキング" broke as フリーパー/キング)
SHORT_TEXTS = {
    "Community Chest": Text("Chest"),
    "Jail / Just Visiting": Text("Jail"),
    "Free Parking": Text("Parking"),
    "Millionaire Lifestyle": Text("Lifestyle"),
}


def tile_language(state: GameState, name: str) -> str:
    """The language of a tile's name when it differs from the screen's: a built-in board's own
    names are English, and break as English ("Orien-tal", not "Orienta/l") on every phone."""
    return "en" if state.edition.id in BUILT_IN and not isinstance(name, Text) else ""


def short_name(state: GameState, position: int) -> str:
    """The name a narrow board space prints: a deed's short name from its edition, a few letters of
    a space named in the player's language, else the name itself."""
    deed = state.edition.deed_at.get(position)
    if deed is not None and deed.short:
        return deed.short
    name = state.edition.space_at[position].name
    return SHORT_TEXTS.get(name.msgid, name) if isinstance(name, Text) else name


# A tile's name, as app.css draws it: 14 px, letters 0.04 em closer; a word too wide for its tile
# shrinks it (table.js, data-fit), as far as 11 px before its word breaks at a hyphen
NAME_TYPE, SMALLEST_TYPE, LETTER_SPACING = 14, 11, -0.04
NARROWEST_ROOM = 63  # px a name has in a tile on a phone 360 px wide (five tiles a row), as measured
# what a line of a name never breaks inside: between spaces, hyphens and the soft hyphens of its data
_WORDS = re.compile(rf"[^\s{SOFT_HYPHEN}-]+-?")


@dataclass(frozen=True)
class TileName:
    text: str
    fit: bool  # a word of it may be too wide for its tile: the phone measures it and shrinks it to fit


def tile_name(name: str) -> TileName:
    """A name as its tile prints it. A word that may be too wide for the tile at full size is
    measured by the phone, which shrinks the name's type just enough (the width estimate here errs
    wide, and a phone's own type is often narrower); a word that may be too wide even at
    SMALLEST_TYPE, as the long names a table gives its own board ("Gyeongbokgung Palace"), gets
    soft hyphens between its syllables (`hyphenated`), so it breaks where a hyphen shows it, never
    between any two letters nor cut off at the tile's edge (a phone breaks at a soft hyphen only
    where the word does not fit)."""
    widths = {word: (text_width(word, 1) + LETTER_SPACING * len(word)) for word in _WORDS.findall(name)}
    text = _WORDS.sub(
        lambda w: hyphenated(w[0]) if widths[w[0]] * SMALLEST_TYPE > NARROWEST_ROOM else w[0], name
    )
    return TileName(text, max(widths.values(), default=0) * NAME_TYPE > NARROWEST_ROOM)


def enough_to_raise(
    state: GameState, player: Player, short: int, position: int | None = None, keep: tuple[int, ...] = ()
) -> tuple[Offer, ...]:
    """Ways to raise `short` for a purchase or building (on the sheet at `position`, which
    opens again after each), leaving the deeds in `keep` alone: mortgages first (they cost the
    least to undo), then building sales, as many as it takes."""
    if short <= 0:  # nothing to raise: no need to ask the rules about every deed
        return ()
    ways = [o for o in ways_to_raise(state, player, position) if o.payload["deed"] not in keep]
    ways.sort(key=lambda o: o.payload["type"] != "mortgage")
    enough: list[Offer] = []
    for way in ways:
        if sum(o.moved for o in enough) >= short:
            break
        enough.append(way)
    return tuple(enough)


def sheet(
    state: GameState, position: int, player: Player, card: str = "", plan: str = "", bank: bool = False
) -> Sheet:
    """What a tap on `position` offers; `plan` is a building plan the sheet was showing ("2,2,3",
    see `plan_text`) after a tap on its + or −; `bank`: the bank's screen shows it, acting for
    `player`."""
    space = state.edition.space_at[position]
    deed = state.edition.deed_at.get(position)
    if state.ended:  # nothing is played any more: the space and its deed, to look at
        return Sheet(space, player, deed, state.holding(position) if deed else None)
    if deed is not None:
        drawn = card or card_just_drawn(state, player, deed)
        offered = _deed_sheet(state, space, deed, player, drawn, plan, bank)
    elif space.type in DECK_NAMES:
        offered = _cards(state, space, player)
    elif handler := _SPACES.get(space.type):
        offered = handler(state, space, player)
    else:
        offered = Sheet(space, player, note=Text("Nothing to pay here."))
    if not state.rules.speed_die:
        return offered
    return replace(offered, speed_offers=speed_offers(state, position, player))


def _fitting(state: GameState, card: str, deed: Deed) -> str:
    """`card` when it is a nearest card of this board that leads to a deed of this kind, else ""."""
    try:
        nearest_card(state, card, deed)
    except RuleError:
        return ""
    return card


def card_just_drawn(state: GameState, player: Player, deed: Deed) -> str:
    """The nearest card (as `RENT_CARDS` names it) the player drew in the game's last action, when
    it leads to a deed of this kind: its rent is still the one charged when the sheet it opened
    is closed and the deed tapped again (the plain rent showed, half a railroad's)."""
    last = state.undo[-1].events if state.undo else ()
    for event in last:
        if isinstance(event, CardDrawn) and event.player == player.id:
            card = state.edition.card[event.card]
            if card.action == "advance_to_nearest" and card.target_kind == deed.kind:
                return next(name for name, kind in RENT_CARDS.items() if kind == deed.kind)
    return ""


def speed_offers(state: GameState, position: int, player: Player) -> list[Offer]:
    """The speed die's moves from the space the piece is on: Mr. Monopoly on to the deed the rules
    pick (whose sheet opens next, to buy or pay), and triples to this space."""
    target = mr_monopoly_target(state, player.id, position)
    on = {"type": "mr_monopoly", "player": player.id, "from_space": position}
    if target is None:
        mr_monopoly = offer(state, on, Text("Mr. Monopoly"), "ghost")
    else:
        label = Text("Mr. Monopoly: on to %(space)s", space=state.edition.space_at[target].name)
        mr_monopoly = offer(state, {**on, "then_space": target}, label, "ghost")
    here = {"type": "triples_move", "player": player.id, "to": position}
    if position != GO:  # on GO the salary is paid: nothing more to do there
        here["then_space"] = position
    return [mr_monopoly, offer(state, here, Text("Triples: moved here"), "ghost")]


def owner_offers(state: GameState, deed: Deed) -> list[Offer]:
    """The owner's choices on a deed besides building: mortgage or lift it, amounts shown."""
    base = {"deed": deed.position}
    if state.holding(deed.position).mortgaged:
        return [offer(state, {"type": "unmortgage", **base}, Text("Lift the mortgage"))]
    return [offer(state, {"type": "mortgage", **base}, Text("Mortgage"))]


def plan_text(levels: list[int]) -> str:
    return ",".join(map(str, levels))


def group_plan(state: GameState, deed: Deed, asked: str = "") -> GroupPlan | None:
    """The building sheet of the owner's lots in the deed's group, showing the plan `asked` (see
    `plan_text`), or else the next even round built (every lot up to the highest, or one more on
    each when they are level) beside the next even round sold (every lot down to the lowest, or
    one fewer on each); with the group built to the top, the round sold alone. None for a deed
    that takes no houses or is mortgaged."""
    if deed.kind != "street" or state.holding(deed.position).mortgaged:
        return None
    lots = owners_lots(state, deed.position)
    now = [level(state, p) for p in lots]
    top = state.rules.houses_before_hotel + 1
    floors = [0] * len(lots) if state.rules.sell_back else now  # nothing is sold back: no fewer
    targets = _levels(asked, len(lots), top)
    sold = None
    if targets is None:
        round_to = max(now) + (min(now) == max(now))
        targets = [min(max(n, round_to), top) for n in now]
        down_to = min(now) - (min(now) == max(now))
        sold = [max(min(n, down_to), floor) for n, floor in zip(now, floors, strict=True)]
        if sold == now:
            sold = None
        elif targets == now:  # nothing left to build: the round sold is the plan
            targets, sold = sold, None

    def changed(index: int, step: int) -> str:
        """The plan with one building more (step 1) or fewer on lot `index`, or on each (-1); a
        group built all at once (`build_whole_group`) moves only on each."""
        if index != -1 and state.rules.build_whole_group:
            return ""
        moved = [
            min(max(t + step * (index in (i, -1)), floor), top)
            for i, (t, floor) in enumerate(zip(targets, floors, strict=True))
        ]
        return plan_text(moved) if moved != targets else ""

    rows = [
        PlanRow(state.deed(p), n, t, changed(i, -1), changed(i, 1))
        for i, (p, n, t) in enumerate(zip(lots, now, targets, strict=True))
    ]
    pairs = list(zip(now, targets, strict=True))
    more, fewer = any(t > n for n, t in pairs), any(t < n for n, t in pairs)
    label = Text("Sell") if fewer and not more else Text("Build and sell") if fewer else Text("Build")
    confirm = offer(state, _building(deed, lots, targets), label, "primary")
    if confirm.refused and not confirm.short and not any(now):
        # nothing built, and building refused for more than cash (the group not whole): no plan
        # to change, only why
        return GroupPlan([], "", "", confirm)
    selling = offer(state, _building(deed, lots, sold), Text("Sell evenly"), "ghost") if sold else None
    return GroupPlan(rows, changed(-1, 1), changed(-1, -1), confirm, selling)


def _building(deed: Deed, lots: list[int], targets: list[int]) -> dict[str, Any]:
    """The command that takes the group's `lots` to the levels `targets`."""
    levels = {str(p): t for p, t in zip(lots, targets, strict=True)}
    return {"type": "build_group", "deed": deed.position, "levels": levels}


def _levels(text: str, count: int, top: int) -> list[int] | None:
    """The levels of a plan the sheet sent back, or None when it is not one for these lots."""
    parts = text.split(",")
    if len(parts) != count or not all(part.isdecimal() and len(part) == 1 for part in parts):
        return None
    levels = [int(part) for part in parts]
    return levels if max(levels) <= top else None


def _own_deed_note(state: GameState, deed: Deed, player: Player, bank: bool) -> Text:
    """Whose deed the sheet shows: "Your deed." on the owner's phone, the owner named on the bank's."""
    if state.ending and deed.kind == "street":
        if bank:
            return Text(
                "%(player)s's deed. The end of the game is signalled: no more building.", player=player.name
            )
        return Text("Your deed. The end of the game is signalled: no more building.")
    return Text("%(player)s's deed.", player=player.name) if bank else Text("Your deed.")


def _bank_deed_note(fortune: bool, turned_before: bool) -> Text:
    if fortune:
        return Text("The bank owns this deed: first tap the Fortune card drawn on it.")
    if turned_before:  # the table may look for a card on the deed: say why there is none
        return Text("The bank owns this deed. Its Fortune card has been drawn.")
    return Text("The bank owns this deed.")


def _deed_sheet(
    state: GameState, space: Space, deed: Deed, player: Player, card: str, plan: str, bank: bool
) -> Sheet:
    holding = state.holding(deed.position)
    if holding.owner == BANK:
        buy = offer(
            state,
            {"type": "buy", "player": player.id, "deed": deed.position},
            Text("Buy for %(price)s", price=state.money(deed.price)),
            "primary",
            with_amount=False,
        )
        offers = [buy]
        if state.rules.auctions:
            decline = {"type": "decline", "player": player.id, "deed": deed.position}
            offers.append(offer(state, decline, Text("Don't buy · auction it"), "ghost"))
        # the card is drawn first, once a landing and once a deed: then the sheet offers the deed alone
        drawn, turned = fortune_drawn(state, player.id), deed.position in state.fortunes_turned
        fortune = [] if drawn or turned else _deck_offers(state, "fortune", player, deed.position)
        return Sheet(
            space,
            player,
            deed,
            holding,
            note=_bank_deed_note(bool(fortune), turned and not drawn),
            offers=offers,
            card_offers=fortune,
            short=buy.short,
            raise_money=enough_to_raise(state, player, buy.short, deed.position),
        )
    owner = state.player(holding.owner)
    if owner.id == player.id:
        # once the end is signalled nothing is built: the steppers would only lead to a refusal
        building = None if state.ending else group_plan(state, deed, plan)
        short = building.confirm.short if building else 0
        return Sheet(
            space,
            player,
            deed,
            holding,
            note=_own_deed_note(state, deed, player, bank),
            offers=owner_offers(state, deed),
            plan=building,
            short=short,
            # the group being built on keeps its lots: a mortgage there would stop the building
            raise_money=enough_to_raise(
                state, player, short, deed.position, state.edition.groups[deed.group]
            ),
        )
    if holding.mortgaged:
        note = Text("%(player)s's deed is mortgaged: no rent.", player=owner.name)
        return Sheet(space, player, deed, holding, note=note)
    if state.rules.buy_from_owner:
        sale = {"type": "buy_from_owner", "player": player.id, "deed": deed.position}
        label = Text("Buy it from %(player)s for %(price)s", player=owner.name, price=state.money(deed.price))
        extra = [offer(state, sale, label, with_amount=False)]
    else:
        extra = []
    rent = {"type": "pay_rent", "player": player.id, "deed": deed.position}
    if card:
        rent["card"] = card
    card = _fitting(state, card, deed)  # one for another deed, or not on this board: its button says why
    if deed.kind == "utility":
        # the dice total as a keypad: 2 to 12, or to 15 with the speed die
        dice = [offer(state, {**rent, "dice": total}, str(total)) for total in state.rules.dice_totals]
        return Sheet(
            space,
            player,
            deed,
            holding,
            note=Text("Owned by %(player)s. What did the dice show?", player=owner.name),
            offers=[*roll_offers(state, player, rent), *extra],
            dice_offers=dice,
            card=card,
        )
    pay = offer(state, rent, Text("Pay %(player)s rent", player=owner.name), "primary")
    return Sheet(
        space,
        player,
        deed,
        holding,
        note=Text("Owned by %(player)s.", player=owner.name),
        offers=[pay, *extra],
        card=card,
    )


def roll_offers(state: GameState, player: Player, rent: dict[str, Any]) -> list[Offer]:
    """With dice on the phones: the utility's rent on the payer's last roll in one tap, and a roll
    (all the dice: the speed die too when it is played) that opens this sheet again."""
    if not state.rules.phone_dice:
        return []
    offers = []
    # a nearest-utility card throws the dice again: the roll that led to the card is not its roll
    if player.roll is not None and (not rent.get("card") or rolled_since_card(state, player.id)):
        label = Text("Pay on your roll: %(roll)s", roll=roll_text(player.roll))
        offers.append(offer(state, {**rent, "dice": total(player.roll)}, label, "primary"))
    roll = {
        "type": "roll_dice",
        "player": player.id,
        "speed": state.rules.speed_die,
        "then_space": rent["deed"],
    }
    if rent.get("card"):
        roll["then_card"] = rent["card"]
    offers.append(offer(state, roll, Text("Roll the dice"), "ghost" if offers else "primary"))
    return offers


def _tax(state: GameState, space: Space, player: Player) -> Sheet:
    pay = offer(
        state,
        {"type": "pay_tax", "player": player.id, "space": space.position},
        Text("Pay %(tax)s", tax=space.name),
        "primary",
    )
    return Sheet(space, player, offers=[pay])


def _go(state: GameState, space: Space, player: Player) -> Sheet:
    salary = offer(state, {"type": "pass_go", "player": player.id}, Text("Collect the salary"), "primary")
    if not state.rules.just_go:
        return Sheet(space, player, offers=[salary])
    landed = offer(state, {"type": "pass_go", "player": player.id, "landed": True}, Text("Landed on GO"))
    note = Text("Just Go: landing exactly on GO pays double.")
    return Sheet(space, player, note=note, offers=[salary, landed])


def _free_parking(state: GameState, space: Space, player: Player) -> Sheet:
    if not state.rules.free_parking_jackpot:
        return Sheet(space, player, note=Text("Free Parking: nothing to pay, nothing to collect."))
    pot = offer(state, {"type": "free_parking", "player": player.id}, Text("Collect the jackpot"), "primary")
    note = Text("The jackpot holds %(pot)s.", pot=state.money(state.free_parking))
    return Sheet(space, player, note=note, offers=[pot])


def _go_to_jail(state: GameState, space: Space, player: Player) -> Sheet:
    jail = offer(state, {"type": "go_to_jail", "player": player.id}, Text("Go to jail (no salary)"), "danger")
    return Sheet(space, player, note=Text("Go directly to jail. Do not pass GO."), offers=[jail])


def _jail(state: GameState, space: Space, player: Player) -> Sheet:
    if not player.in_jail:
        return Sheet(space, player, note=Text("Just visiting: nothing to pay."))
    note = Text("%(player)s is in jail.", player=player.name)
    return Sheet(space, player, note=note, offers=jail_offers(state, player))


def jail_offers(state: GameState, player: Player) -> list[Offer]:
    """The ways out of jail: the fine (Monopoly 2.0: a second turn there over instead), a card
    held, or doubles rolled at the table (no money)."""
    if state.rules.jail_two_turns:
        served = {"type": "leave_jail_after_two_turns", "player": player.id}
        offers = [offer(state, served, Text("Second turn in jail over — I'm out"), "primary")]
    else:
        offers = [
            offer(state, {"type": "pay_jail_fine", "player": player.id}, Text("Pay the fine"), "primary")
        ]
    if player.jail_cards:
        offers.append(
            offer(state, {"type": "use_jail_card", "player": player.id}, Text("Use Get Out of Jail Free"))
        )
    doubles = {"type": "leave_jail_by_doubles", "player": player.id}
    offers.append(offer(state, doubles, Text("Rolled doubles — I'm out")))
    return offers


def _cards(state: GameState, space: Space, player: Player) -> Sheet:
    """The deck as a grid of card titles with their amounts: a tap applies the card, and the toast
    tells its whole wording (with Undo for a slip)."""
    deck = space.type
    titles = _deck_offers(state, deck, player, space.position)
    note = Text("Tap the %(deck)s card %(player)s drew.", deck=DECK_NAMES[deck], player=player.name)
    return Sheet(space, player, note=note, card_offers=titles)


def _deck_offers(state: GameState, deck: str, player: Player, position: int) -> list[Offer]:
    """A button for each card of `deck`, drawn on the space at `position`."""
    titles = []
    for card in state.edition.cards:
        if card.deck != deck:
            continue
        payload = {
            "type": "card",
            "player": player.id,
            "deck": deck,
            "card": card.id,
            "from_space": position,
        }
        if card.action in ("advance_to", "advance_to_nearest") and not state.rules.card_hands:
            # a card kept in hand moves nobody yet: no deed's sheet opens after it
            destination = _destination(state, card, position)
            if destination in state.edition.deed_at:
                payload["then_space"] = destination
                if card.action == "advance_to_nearest":
                    payload["then_card"] = f"nearest_{card.target_kind}"
        titles.append(offer(_in_its_deck(state, card), payload, card_title(state, card)))
    return titles


def _in_its_deck(state: GameState, card: Card) -> GameState:
    """The state with `card` back in its deck when it is a Monopoly 2.0 card in someone's hand: a
    held card is its holder's secret, so its button reads as any other's (a tap on it says why not)."""
    holder = card_holder(state, card.id)
    if holder is None or card.action in KEPT_ACTIONS:  # a Fortune card kept until needed is shown
        return state
    return state.with_player(holder.id, hand=tuple(c for c in holder.hand if c != card.id))


def _destination(state: GameState, card: Card, position: int) -> int | None:
    """Where the card drawn at `position` sends the piece; None where it leads nowhere on this
    board (its tap then says why)."""
    try:
        return card_destination(state.edition, card, position)
    except RuleError:
        return None


_SPACES = {
    "income_tax": _tax,
    "luxury_tax": _tax,
    "go": _go,
    "go_to_jail": _go_to_jail,
    "jail": _jail,
    "free_parking": _free_parking,
}


def board_spaces(game_id: str, view: str, state: GameState) -> Markup:
    """The board's spaces as HTML, rendered once for each game, seq and screen: they read the same
    on every phone of a table (owners, houses, mortgages, prices), so a page load takes them from
    here instead of drawing them once per phone (once per language); after a change the live
    stream pushes only the spaces that changed. Which spaces are the viewer's own is marked by the
    stylesheet, from the board's data-me and each space's data-owner."""
    return fragments.rendered(
        "board/_spaces.html", (game_id, state.seq, view), game_id=game_id, view=view, state=state
    )


TEMPLATE_GLOBALS = {
    "group_colours": GROUP_COLOURS,
    "light_groups": LIGHT_GROUPS,
    "group_of": group_of,
    "short_name": short_name,
    "tile_language": tile_language,
    "tile_name": tile_name,
    "jail_offers": jail_offers,
    "owned_by": owned_by,
    "rent_now": rent_now,
    "street_rent_levels": street_rent_levels,
    "salary": salary,
    "roll_text": roll_text,
    "board_spaces": board_spaces,
}
