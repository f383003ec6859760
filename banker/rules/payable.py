"""Whether a debtor could pay: what decides whether bankruptcy is open.

Without `pay_with_property` they could when what they could raise covers it (`debts.raisable`).
With it (Monopoly 2.0) deeds may be handed over too, and the best way may mix the two: hand one
creditor a deed and mortgage another for the Free Parking pot, which takes cash. Each payment with
property settles one creditor's debts and gives no change, so what a creditor is handed counts up
to what they are owed, and the buildings of a group go with its first deed handed over.
"""

from __future__ import annotations

from banker.rules.debts import building_value, claims, owed, property_creditors, property_value, raisable
from banker.rules.state import GameState
from banker.rules.tally import building_cost

# partial mixes weighed at a time: only a debtor of several players holding many deeds has more, and
# past it the search may miss a mix that pays, never find one that does not
MIXES_KEPT = 32

# A mix: (what each creditor is handed, ...) -> what is raised. While a group is weighed a mix
# carries one count more: 1 once the creditor who takes the group's buildings has a deed of it.
Mixes = dict[tuple[int, ...], int]


def can_pay(state: GameState, player_id: int) -> bool:
    """Whether the player could pay all they owe; if not, bankruptcy is open."""
    total, could = owed(state, player_id), raisable(state, player_id)
    if could >= total or not state.rules.pay_with_property:
        return could >= total
    caps = tuple(claims(state, creditor)[player_id] for creditor in property_creditors(state, player_id))
    held = tuple(p for p, h in state.holdings.items() if h.owner == player_id and not h.mortgaged)
    if could + min(sum(property_value(state, held)), sum(caps)) < total:  # not even handing over all
        return False
    return _mix_pays(state, player_id, caps, total - state.player(player_id).cash)


def _mix_pays(state: GameState, player_id: int, caps: tuple[int, ...], needed: int) -> bool:
    """Whether handing over deeds and raising money could pay `needed` besides the cash: each
    unmortgaged deed goes to one creditor or stays, mortgaged where it may be; each group's
    buildings are sold, stay, or go with one of its deeds. Every mix weighed can be paid in this
    order: sell and mortgage, then pay each creditor with property, then pay the rest in cash."""
    mixes: Mixes = {(0,) * len(caps): 0}
    for group in state.edition.groups.values():
        lots = tuple(p for p in group if state.holding(p).owner == player_id)
        if lots:
            mixes = _kept(_with_group(state, lots, caps, mixes))
            if any(raised + sum(handed) >= needed for handed, raised in mixes.items()):
                return True
    return False


def _with_group(state: GameState, lots: tuple[int, ...], caps: tuple[int, ...], mixes: Mixes) -> Mixes:
    """The mixes with the player's `lots` of one group weighed in every way they could go."""
    built = sum(building_cost(state, lot) for lot in lots)
    fates: list[tuple[int | None, int, bool]] = []  # (creditor handed the buildings, raised, lots free)
    if not built:
        fates.append((None, 0, True))
    else:
        fates.append((None, 0, False))  # the buildings stay: no deed of the group goes or is mortgaged
        if state.rules.sell_back:
            fates.append((None, sum(building_value(state, lot) for lot in lots), True))
        fates.extend((creditor, 0, True) for creditor in range(len(caps)))
    weighed: Mixes = {}
    for to, sold, free in fates:
        ways = {
            (*(handed if to is None else _handed(handed, to, built, caps)), int(to is None)): raised + sold
            for handed, raised in mixes.items()
        }
        for lot in lots if free else ():
            ways = _kept(_with_lot(state, lot, to, caps, ways))
        for way, raised in ways.items():
            if way[-1] and weighed.get(way[:-1], -1) < raised:
                weighed[way[:-1]] = raised
    return weighed


def _with_lot(state: GameState, lot: int, to: int | None, caps: tuple[int, ...], ways: Mixes) -> Mixes:
    """The ways with the lot kept (mortgaged where it may be) or handed to a creditor. A lot of a
    group whose buildings go to `to` is not counted mortgaged: it could be only after that payment,
    whose cash part might need the money."""
    deed = state.deed(lot)
    if state.holding(lot).mortgaged:
        return ways
    mortgage = deed.mortgage if state.rules.mortgages and to is None else 0
    after: Mixes = {}
    for way, raised in ways.items():
        handed, went = way[:-1], way[-1]
        options = [(way, raised + mortgage)]
        options.extend(
            ((*_handed(handed, creditor, deed.price, caps), int(went or creditor == to)), raised)
            for creditor in range(len(caps))
        )
        for key, value in options:
            if after.get(key, -1) < value:
                after[key] = value
    return after


def _handed(handed: tuple[int, ...], creditor: int, value: int, caps: tuple[int, ...]) -> tuple[int, ...]:
    """What each creditor is handed once `creditor` is handed `value` more, up to what they are owed."""
    return tuple(
        min(amount + value, cap) if index == creditor else amount
        for index, (amount, cap) in enumerate(zip(handed, caps, strict=True))
    )


def _kept(mixes: Mixes) -> Mixes:
    """The mixes no other beats on every count, the best MIXES_KEPT of them."""
    best = sorted(mixes.items(), key=lambda mix: mix[1] + sum(mix[0]), reverse=True)
    kept: Mixes = {}
    for counts, raised in best:
        if len(kept) == MIXES_KEPT:
            break
        if not any(_beats(other, r, counts, raised) for other, r in kept.items()):
            kept[counts] = raised
    return kept


def _beats(counts: tuple[int, ...], raised: int, other: tuple[int, ...], other_raised: int) -> bool:
    return raised >= other_raised and all(a >= b for a, b in zip(counts, other, strict=True))
