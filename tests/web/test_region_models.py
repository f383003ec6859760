"""A phone's own regions are compared by their models on every change (banker/web/panels): a
model two regions share is worked out once per state and phone, not once per region."""

from __future__ import annotations

from banker.web.panels import Region
from tests.support.rules import new_game


def test_a_model_two_regions_share_is_worked_out_once_per_state_and_phone():
    asked = []

    def model(state, you):
        asked.append(you)
        return (you, state.seq)

    wallet = Region("wallet", ("player",), "player/_wallet.html", model)
    jail = Region("jail", ("player",), "player/_jail.html", model)
    state = new_game()

    assert wallet.model_of(state, 1) == jail.model_of(state, 1) == (1, state.seq)
    assert jail.model_of(state, 2) == (2, state.seq)
    assert asked == [1, 2]
