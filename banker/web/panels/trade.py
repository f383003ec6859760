"""Trades on the screens: the open offers as each phone reads them ("You give Boardwalk and $100;
you get Park Place"), the form that builds an offer, and turning that form into a command."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from banker.rules import GameState, Player
from banker.rules.board import DECK_NAMES, Deed
from banker.rules.debt_trades import agreed_trades
from banker.rules.debts import claims
from banker.rules.state import Trade, TradeSide
from banker.rules.text import Plural, Text
from banker.rules.trade_offers import side_text
from banker.web.panels import Region, players_shown
from banker.web.panels.offers import Offer, offer


@dataclass(frozen=True)
class MortgagedIn:
    """A mortgaged deed the viewer would receive, with what keeping or lifting it costs."""

    deed: Deed
    fee: int
    lift: int


@dataclass(frozen=True)
class TradeView:
    trade: Trade
    proposer: Player
    partner: Player
    headline: str  # "Ann offers you a trade"
    summary: str  # "You give Park Place; you get Boardwalk and $100"
    answering: bool  # this phone answers (the partner's, or the banker's)
    withdrawing: bool  # this phone may withdraw it (the proposer's, or the banker's)
    mortgaged_in: tuple[MortgagedIn, ...]
    accept: Offer  # dry-run with every mortgage kept: shows why it cannot be accepted, if so
    stale: str | None  # why it cannot be accepted, as this phone reads it (its own side "you")
    complete: Offer | None = None  # on the debtor's last agreed trade: put them all through


def open_trades(state: GameState, me: Player | None) -> list[TradeView]:
    """The offers this phone should see: those it made or must answer; the banker sees all."""
    views = []
    for trade in state.trades:
        if me is not None and me.id not in (trade.proposer, trade.partner):
            continue
        proposer, partner = state.player(trade.proposer), state.player(trade.partner)
        accept = offer(
            state, {"type": "accept_trade", "player": partner.id, "trade": trade.id}, Text("Accept")
        )
        stale = None if trade.agreed else accept.refused_to(me.id if me else None)
        give, get = side_text(state, trade.give), side_text(state, trade.get)
        if me is None:
            headline = Text(
                "%(proposer)s offers %(partner)s a trade", proposer=proposer.name, partner=partner.name
            )
            summary = Text(
                "%(player)s gives %(give)s; gets %(get)s", player=proposer.name, give=give, get=get
            )
        elif me.id == partner.id:
            headline = Text("%(player)s offers you a trade", player=proposer.name)
            summary = Text("You give %(give)s; you get %(get)s", give=get, get=give)
        else:
            headline = (
                Text("%(player)s cannot accept your offer now", player=partner.name)
                if stale
                else Text("Waiting for %(player)s to answer", player=partner.name)
            )
            summary = Text("You give %(give)s; you get %(get)s", give=give, get=get)
        complete = None
        if trade.agreed_for is not None:  # under temporary bankruptcy: accepted, waiting to clear the debt
            debtor = state.player(trade.agreed_for)
            agreed = agreed_trades(state, debtor.id)
            if trade == agreed[-1] and (me is None or me.id == debtor.id):
                complete = offer(
                    state,
                    {"type": "complete_agreed_trades", "player": debtor.id},
                    Plural(
                        "Put the agreed trade through", "Put the %(n)s agreed trades through", len(agreed)
                    ),
                    "primary",
                )
            headline = Text(
                "Agreed: %(proposer)s and %(partner)s", proposer=proposer.name, partner=partner.name
            )
            if me is not None and me.id == debtor.id:
                summary = Text(
                    "%(summary)s. It goes through once your agreed trades clear your debt.", summary=summary
                )
            else:
                summary = Text(
                    "%(summary)s. It goes through once %(debtor)s's agreed trades clear the debt.",
                    summary=summary,
                    debtor=debtor.name,
                )
        views.append(
            TradeView(
                trade=trade,
                proposer=proposer,
                partner=partner,
                headline=headline,
                summary=summary,
                answering=not trade.agreed and (me is None or me.id == partner.id),
                withdrawing=me is None or me.id == proposer.id,
                mortgaged_in=_mortgaged(state, trade.give),
                accept=accept,
                stale=stale,
                complete=complete,
            )
        )
    return views


def _mortgaged(state: GameState, side: TradeSide) -> tuple[MortgagedIn, ...]:
    deeds = (state.deed(p) for p in side.deeds if state.holding(p).mortgaged)
    return tuple(MortgagedIn(deed=d, fee=d.transfer_fee, lift=d.unmortgage_cost) for d in deeds)


@dataclass(frozen=True)
class TradeChoice:
    deed: Deed
    mortgaged: bool
    blocked: str  # why it cannot be traded now, if it cannot
    checked: bool


@dataclass(frozen=True)
class TradeForm:
    me: Player
    partner: Player
    mine: tuple[TradeChoice, ...]
    theirs: tuple[TradeChoice, ...]
    my_cards: tuple[tuple[str, bool], ...]  # (deck, picked): a counter-offer starts with its own
    their_cards: tuple[tuple[str, bool], ...]
    # (debtor, amount, picked): what others owe this player, to hand over (JMA)
    my_claims: tuple[tuple[Player, int, bool], ...]
    their_claims: tuple[tuple[Player, int, bool], ...]
    give_cash: int
    get_cash: int
    counter: int | None  # the offer this one answers, declined when it is sent


def trade_form(state: GameState, me: Player, partner: Player, counter: Trade | None = None) -> TradeForm:
    """The offer builder; a counter-offer starts from the offer it answers, turned round."""
    give = counter.get if counter else TradeSide()
    get = counter.give if counter else TradeSide()
    return TradeForm(
        me=me,
        partner=partner,
        mine=_choices(state, me.id, give),
        theirs=_choices(state, partner.id, get),
        my_cards=tuple((deck, deck in give.jail_cards) for deck in me.jail_cards),
        their_cards=tuple((deck, deck in get.jail_cards) for deck in partner.jail_cards),
        my_claims=_claims(state, me.id, give),
        their_claims=_claims(state, partner.id, get),
        give_cash=give.cash,
        get_cash=get.cash,
        counter=counter.id if counter else None,
    )


def _choices(state: GameState, owner: int, picked: TradeSide) -> tuple[TradeChoice, ...]:
    choices = []
    for deed in state.edition.deeds:
        holding = state.holding(deed.position)
        if holding.owner != owner:
            continue
        built = any(
            state.holding(p).houses or state.holding(p).hotel for p in state.edition.groups[deed.group]
        )
        blocked = Text("buildings in its group") if built else ""
        choices.append(TradeChoice(deed, holding.mortgaged, blocked, deed.position in picked.deeds))
    return tuple(choices)


def _claims(state: GameState, creditor: int, picked: TradeSide) -> tuple[tuple[Player, int, bool], ...]:
    """What each player owes `creditor`, which the JMA rules trade like cash, and whether the side
    `picked` hands it over."""
    if not state.rules.temporary_bankruptcy:
        return ()
    owed = claims(state, creditor).items()
    return tuple((state.player(debtor), amount, (debtor, amount) in picked.claims) for debtor, amount in owed)


def proposal(form: MultiDict[str, str], player: int) -> dict[str, Any]:
    """The propose_trade command a submitted trade form asks for. The form holds a keep-or-lift
    choice beside each of the partner's mortgaged deeds; only those of the deeds asked for go."""
    asked = form.getlist("get_deeds")
    return {
        "type": "propose_trade",
        "player": player,
        "to": form.get("to"),
        "give": _side(form, "give"),
        "get": _side(form, "get"),
        "mortgages": {deed: way for deed, way in _mortgage_choices(form).items() if deed in asked},
        "counter": form.get("counter"),
    }


def answer(form: MultiDict[str, str], player: int, trade: int) -> dict[str, Any]:
    """The accept_trade command, with the keep-or-lift choice for each mortgaged deed received."""
    return {"type": "accept_trade", "player": player, "trade": trade, "mortgages": _mortgage_choices(form)}


def _mortgage_choices(form: MultiDict[str, str]) -> dict[str, str]:
    """Fields named mortgage_<position> hold "keep" or "lift"."""
    return {
        key.removeprefix("mortgage_"): value for key, value in form.items() if key.startswith("mortgage_")
    }


def _side(form: MultiDict[str, str], name: str) -> dict[str, Any]:
    return {
        "cash": form.get(f"{name}_cash") or 0,
        "deeds": form.getlist(f"{name}_deeds"),
        "jail_cards": form.getlist(f"{name}_jail_cards"),
        "claims": [_claim(value) for value in form.getlist(f"{name}_claims")],
    }


def _claim(value: str) -> dict[str, str] | str:
    """A claim ticked on the form, "2:600" (debtor:amount), as the command takes it; anything else
    is passed on for the command to refuse in words."""
    debtor, colon, amount = value.partition(":")
    return {"debtor": debtor, "amount": amount} if colon else value


def deck_name(deck: str) -> str:
    return DECK_NAMES[deck]


def _offers(state: GameState, you: int | None) -> tuple:
    trades = state.trades if you is None else tuple(t for t in state.trades if you in (t.proposer, t.partner))
    # whether an offer can still be accepted turns on both sides' cash and deeds
    return (trades, trades and (state.players, state.holdings, state.debts), players_shown(state))


REGIONS = (Region("offers", ("player", "bank"), "trade/_offers.html", _offers),)
TEMPLATE_GLOBALS = {"open_trades": open_trades, "deck_name": deck_name}
