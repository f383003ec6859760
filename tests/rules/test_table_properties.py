"""Properties of any sequence of deed, building, card, jail, auction, trade, debt (paid in cash or
with property), bankruptcy and seating (a late player, a new name, a resignation) commands across
three players and a late fourth (refused ones leave no trace), under the classic rules, the house
rules (dice on the phones, the speed die's moves and the auction variants too), and the short, JMA
(its signalled end, temporary bankruptcy and the jail fine's rescues too), Monopoly 2.0 (cards in
hand too) and Millionaire (its Fortune and Lifestyle cards too) presets: houses and hotels on the
board plus those in the bank always make the supply, built groups stay whole and even (as far as
the house rules ask), a bankrupt or resigned player owns nothing and owes nothing, money is
conserved against the Paid events and a late player's starting cash (a trade only moves it between
players; the Free Parking pot holds what was paid into it), every deed has one owner and every Get
Out of Jail Free card and every card kept in hand one holder, the market and the deck hold exactly
the bank's deeds, an accepted trade moves all it says, undoing an action restores the exact prior
state, and folding the stored log again gives the same state."""

from __future__ import annotations

from tests.support.properties import searched
from tests.support.table import Table

Table.TestCase.settings = searched(30, 1000, stateful_step_count=40)
test_a_table_playing_any_legal_commands_keeps_the_rules_invariants = Table.TestCase
